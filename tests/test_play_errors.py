"""Bad agents, bad moves and bad sizes in the arena, the command line and the play widget: a clear error, never a hang.

Every test feeds one bad input and checks the type of the error and that its
message names the problem.  The property tests at the end feed random garbage
to the command line's prompt and to its arguments.
"""

from __future__ import annotations

import inspect
import io
import time
import traceback

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from advsearch import ConnectFour, GameError, Grundy, IllegalMoveError, Nim, TicTacToe, TimeLimitExceeded, agents
from advsearch.arena import (INTERACTIVE_TIME_PER_MOVE, AgentError, AgentTimeLimitExceeded, agent_move, is_legal,
                             match, play, tournament)
from advsearch.cli import OPPONENTS, OpponentSpec, main, make_agent
from advsearch.games import grundy as grundy_module, nim as nim_module

TTT = TicTacToe()


def first(game, state):
    return game.actions(state)[0]


def sleepy(game, state):
    time.sleep(30)


def run(*argv, moves=()):
    """The command with ``moves`` as its input lines: (exit code, output, errors, seconds)."""
    stdin = io.StringIO("".join(line + "\n" for line in moves))
    out, err = io.StringIO(), io.StringIO()
    started = time.perf_counter()
    code = main(list(argv), stdin=stdin, stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue(), time.perf_counter() - started


@pytest.fixture
def opponent(monkeypatch):
    """Registers an agent as the command line's opponent ``NAME``."""
    def register(name, agent):
        monkeypatch.setitem(OPPONENTS, name, OpponentSpec(lambda game, spec, seed=None: agent, "a test agent"))
    return register


# --- 1. An agent that never returns is stopped after time_per_move. ---

def test_an_agent_that_hangs_is_stopped_and_named_with_the_state_and_the_limit():
    started = time.perf_counter()
    with pytest.raises(AgentTimeLimitExceeded, match=r"sleepy \(player 1, MIN\) did not choose a move within "
                                                     r"0\.2 s \(time_per_move\) in\nX \. \.") as caught:
        play(TTT, [first, sleepy], time_per_move=0.2)
    assert time.perf_counter() - started < 2
    error = caught.value
    assert isinstance(error, TimeLimitExceeded) and isinstance(error, TimeoutError) and isinstance(error, GameError)
    assert (error.agent, error.player, error.state, error.seconds) == ("sleepy", 1, TTT.result(0, 0), 0.2)
    assert error.record.moves == (0,) and not error.record.finished


def test_a_quick_agent_plays_a_whole_game_under_a_time_limit():
    record = play(TTT, [agents.solver(), agents.random(seed=1)], time_per_move=5)
    assert record.finished and record.winner != 1


@pytest.mark.parametrize("bad", [0, -1, float("nan"), "1", True])
def test_a_bad_time_per_move_is_refused_before_any_move(bad):
    with pytest.raises(ValueError, match=r"time_per_move must be a positive number, not"):
        play(TTT, [sleepy, sleepy], time_per_move=bad)
    with pytest.raises(ValueError, match=r"time_per_move must be a positive number"):
        match(TTT, sleepy, sleepy, time_per_move=bad)
    with pytest.raises(ValueError, match=r"time_per_move must be a positive number"):
        tournament(TTT, {"a": sleepy, "b": sleepy}, time_per_move=bad)


def test_an_endless_limit_is_no_limit():
    assert play(TTT, [first, first], time_per_move=float("inf")).finished


def test_match_and_tournament_pass_the_limit_on_and_keep_their_defaults():
    for function in (play, match, tournament):
        assert inspect.signature(function).parameters["time_per_move"].default is None
    with pytest.raises(AgentTimeLimitExceeded, match="sleepy"):
        match(TTT, first, sleepy, games=2, openings=0, progress=False, time_per_move=0.2)
    with pytest.raises(AgentTimeLimitExceeded, match="sleepy"):
        tournament(TTT, {"quick": first, "slow one": sleepy}, games=2, openings=0, progress=False,
                   time_per_move=0.2)


def test_the_command_line_stops_an_agent_that_hangs(opponent):
    opponent("sleepy", sleepy)
    code, out, err, seconds = run("play", "tictactoe", "--opponent", "sleepy", "--time-per-move", "0.2", moves=["4"])
    assert code == 1 and seconds < 3
    assert "sleepy did not choose a move within 0.2 s; the game stops. (--time-per-move SECONDS" in out
    assert "Traceback" not in out + err


def test_the_command_lines_time_per_move_has_a_default_and_is_checked():
    from advsearch.cli import _parser

    parser, _ = _parser(io.StringIO(), io.StringIO())
    assert parser.parse_args(["play", "nim"]).time_per_move == INTERACTIVE_TIME_PER_MOVE == 30
    assert parser.parse_args(["play", "nim", "--time-per-move", "none"]).time_per_move is None
    for bad in ("0", "-3", "soon", "nan"):
        code, _, err, _ = run("play", "tictactoe", "--time-per-move", bad)
        assert code == 2 and f"argument --time-per-move: {bad!r} is not a positive number of seconds" in err


def test_a_tournament_on_the_command_line_reports_an_agent_that_hangs(opponent):
    opponent("sleepy", sleepy)
    code, out, err, seconds = run("tournament", "tictactoe", "--agents", "random", "sleepy", "--games", "2",
                                  "--no-progress", "--time-per-move", "0.2")
    assert code == 1 and seconds < 3
    assert err.startswith("advsearch tournament: sleepy (player ") and "did not choose a move within 0.2 s" in err


def test_the_play_widget_shows_an_agent_that_hangs_instead_of_freezing():
    from advsearch.widgets import play as widget

    started = time.perf_counter()
    board = widget(TTT, sleepy, time_per_move=0.2)
    assert board.move(4) is True and time.perf_counter() - started < 3
    assert board.message == "sleepy did not choose a move within 0.2 s; the game cannot go on."
    assert board.moves == [4] and "sleepy did not choose a move" in board.status.value
    assert board.move(0) is False and board.message.startswith("It is not your turn")
    with pytest.raises(ValueError, match="time_per_move must be a positive number, not -1"):
        widget(TTT, first, time_per_move=-1)
    assert inspect.signature(widget).parameters["time_per_move"].default == INTERACTIVE_TIME_PER_MOVE


# --- 2. A move is legal only if it is one of actions(state), in type as well as value. ---

@pytest.mark.parametrize("game, state, move, why", [
    (TTT, TTT.initial_state, True, r"True, which is not legal here \(it equals the move 1, but its type is bool, not int\)"),
    (TTT, TTT.initial_state, 1.0, r"1\.0, which is not legal here \(it equals the move 1, but its type is float, not int\)"),
    (Nim((1, 2)), None, (1, 1.0), r"\(1, 1\.0\), which is not legal here \(it equals the move \(1, 1\), but its type "
                                  r"is \(int, float\), not \(int, int\)\)"),
    (Nim((1, 2)), None, (True, 1), r"\(True, 1\), which is not legal here \(it equals the move \(1, 1\)"),
    (Nim((1, 2)), None, [1, 1], r"\[1, 1\], which is not legal here; the legal moves are \(0, 1\), \(1, 1\), \(1, 2\)"),
])
def test_a_move_equal_to_a_legal_one_but_of_another_type_is_illegal(game, state, move, why):
    state = game.initial_state if state is None else state

    def sly(game, s):
        return move

    with pytest.raises(IllegalMoveError, match=r"sly \(player 0, MAX\) chose " + why) as caught:
        play(game, [sly, first], state=state)
    assert caught.value.move is move and caught.value.record.moves == ()


def test_is_legal_compares_types_all_the_way_down():
    assert is_legal(1, (0, 1)) and is_legal((1, 2), ((0, 1), (1, 2)))
    assert not is_legal(True, (0, 1)) and not is_legal(1.0, (0, 1)) and not is_legal((1, True), ((1, 1),))
    assert not is_legal(((1, 2.0),), (((1, 2),),))


def test_a_long_list_of_legal_moves_is_cut_short_in_the_message():
    with pytest.raises(IllegalMoveError, match=r"the legal moves are \(0, 1\), .*, \.\.\. \(500 in all\) in"):
        agent_move(lambda game, state: "all of them", Nim((500,)), Nim((500,)).initial_state)


def test_the_command_line_and_the_widget_refuse_an_agents_true(opponent):
    def sly(game, state):
        return True

    opponent("sly", sly)
    code, out, _, _ = run("play", "tictactoe", "--opponent", "sly", moves=["0"])
    assert code == 1 and "sly chose True, which is not legal here; the game stops." in out
    from advsearch.widgets import play as widget

    board = widget(TTT, sly)
    board.move(0)
    assert board.moves == [0] and "chose True, which is not legal here; the game cannot go on." in board.message
    board = widget(TTT, "random", seed=1)
    assert board.move(True) is False and board.moves == [] and board.message.startswith("Not allowed")


# --- 3. An agent that raises is named, with the state and its own error, chained. ---

def test_an_agent_that_raises_is_named_with_the_state_and_its_error_chained():
    def lookup(game, state):
        table = {}
        return table[state]                  # the line the traceback must still show

    with pytest.raises(AgentError, match=r"lookup \(player 1, MIN\) failed with KeyError: 1 when asked for a "
                                         r"move in\nX \. \.") as caught:
        play(TTT, [first, lookup])
    error = caught.value
    assert isinstance(error.__cause__, KeyError) and not isinstance(error, TimeLimitExceeded)
    assert (error.agent, error.player, error.record.moves) == ("lookup", 1, (0,))
    shown = "".join(traceback.format_exception(error))
    assert "return table[state]" in shown and "The above exception was the direct cause" in shown


def test_an_agent_that_raises_under_a_time_limit_is_named_the_same_way():
    def broken(game, state):
        raise RuntimeError("out of ideas")

    with pytest.raises(AgentError, match=r"broken \(player 0, MAX\) failed with RuntimeError: out of ideas") as caught:
        play(TTT, [broken, first], time_per_move=5)
    assert "raise RuntimeError" in "".join(traceback.format_exception(caught.value))


def test_an_agents_own_time_out_is_its_error_not_the_time_limit():
    def impatient(game, state):
        raise TimeLimitExceeded("my own search", 1)

    with pytest.raises(AgentError, match=r"failed with TimeLimitExceeded: my own search did not finish") as caught:
        play(TTT, [impatient, first], time_per_move=5)
    assert not isinstance(caught.value, AgentTimeLimitExceeded)


@pytest.mark.parametrize("time_per_move", [None, 5])
def test_a_keyboard_interrupt_goes_through_as_it_is(time_per_move):
    def interrupted(game, state):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        play(TTT, [interrupted, first], time_per_move=time_per_move)


# --- 4. Sizes the game, the solver or the drawing cannot handle are refused, with the limit and why. ---

def test_nim_and_grundy_refuse_more_than_they_can_list():
    with pytest.raises(ValueError, match=r"Nim holds at most 1,000,000 objects in all, not 1,000,001: actions\(\) "
                                         r"lists one move per object"):
        Nim((500_000, 500_001))
    with pytest.raises(ValueError, match=r"Grundy's game starts from at most 2,000,000 tokens, not 1,000,000,000: "
                                         r"actions\(\) lists the splits of a heap one by one"):
        Grundy(10**9)
    assert sum(Nim((nim_module.MAX_OBJECTS,)).heaps) == 1_000_000 and Grundy(grundy_module.MAX_TOKENS).n == 2_000_000


@pytest.mark.parametrize("argv, message", [
    (["play", "grundy", "--tokens", "1000000", "--opponent", "solver"],
     "the solver would take far too long on a heap of 1,000,000 tokens: it answers within about a second up to 45"),
    (["play", "grundy", "--tokens", "46", "--opponent", "solver"], "a heap of 46 tokens"),
    (["play", "grundy", "--tokens", "3000000"], "Grundy's game starts from at most 2,000,000 tokens, not 3,000,000"),
    (["play", "nim", "--heaps", "20", "20", "20", "--opponent", "solver"],
     "the solver would take too long on heaps 20 20 20: they have 9,261 positions ((h1+1)(h2+1)...) and up to 60 "
     "moves in each, 555,660 steps, and it answers within about a second up to 500,000"),
    (["play", "nim", "--heaps", "401", "--opponent", "solver"],
     "the solver cannot play Nim with 401 objects: a game can last a move per object"),
    (["play", "nim", "--heaps", "1000000000"], "Nim holds at most 1,000,000 objects in all, not 1,000,000,000"),
    (["play", "nim", "--heaps", "600", "401"],
     "heaps of 1,001 objects in all are too many to show: the board draws a '|' per object before every move, "
     "1,000 at most"),
    (["play", "connect4", "--size", "41x6"], "a 41x6 board is too big to show"),
    (["play", "connect4", "--size", "1000000x1000000"], "a 1000000x1000000 board is too big to show"),
])
def test_the_command_line_refuses_sizes_it_cannot_handle(argv, message):
    code, _, err, seconds = run(*argv)
    assert code == 2 and message in err and "usage: advsearch play" in err
    assert "Traceback" not in err and seconds < 2


@pytest.mark.parametrize("game", [Grundy(45), Nim((15, 15, 15)), Nim((400,)), Nim((1, 1, 3, 7, 56))])
def test_the_solver_answers_at_its_limits_well_within_the_time_per_move(game):
    agent = make_agent("solver", game)
    state = game.initial_state
    assert agent_move(agent, game, state, time_per_move=INTERACTIVE_TIME_PER_MOVE) in game.actions(state)


def test_the_largest_games_the_command_line_draws_start():
    for argv in (["play", "nim", "--heaps", "600", "400", "--opponent", "random"],
                 ["play", "connect4", "--size", "40x40", "--opponent", "random"]):
        code, out, _, _ = run(*argv)
        assert code == 0 and "No more input" in out


def test_the_play_widget_refuses_games_too_big_to_draw():
    from advsearch.widgets import play as widget

    with pytest.raises(ValueError, match=r"has 1,001 objects, too many for the play widget: .* 1,000 at most"):
        widget(Nim((1000, 1)), "random")
    with pytest.raises(ValueError, match=r"Grundy\(5000\) has 5,000 tokens, too many for the play widget"):
        widget(Grundy(5000), "random")
    with pytest.raises(ValueError, match=r"a 21x6 board is too big for the play widget"):
        widget(ConnectFour(21, 6), "random")


# --- 5. Random garbage at the prompt and on the command line. ---

GAMES = {
    "tictactoe": ["play", "tictactoe", "--opponent", "random", "--seed", "1"],
    "nim": ["play", "nim", "--heaps", "3", "4", "5", "--opponent", "random", "--seed", "1"],
    "grundy": ["play", "grundy", "--tokens", "9", "--opponent", "random", "--seed", "1"],
    "connect4": ["play", "connect4", "--size", "5x4", "--opponent", "random", "--seed", "1"],
}

#: What the prompt may answer to one line: a documented complaint and a new try, the legal moves,
#: a stop, or the same prompt again (after an empty line).
COMPLAINT = (r"(Illegal: .*|.* is not a number\.|.* is not a move: moves are whole numbers from 0\.|"
             r"A move here is \d+ numbers?, not \d+\.|\d+… has \d+ digits: far too big to be a move\.)\nTry again: ")
ANSWERS = (COMPLAINT, r"Legal moves: ", r"Stopped: the game is left unfinished\.", r"Your move \(")


def documented(answer) -> bool:
    """Whether ``answer``, what followed one line at the prompt, is one of the documented answers.

    A legal move is answered by a blank line, the board and the agent's move.
    """
    import re

    played = answer.startswith("\n") and "random(seed=1) plays" in answer
    return played or any(re.match(pattern, answer) for pattern in ANSWERS)


lines = st.one_of(
    st.text(),
    st.text(alphabet=st.characters(categories=["Nd", "No", "Zs", "P", "S"])),
    st.integers().map(str),
    st.integers(min_value=10**18).map(str),
    st.lists(st.integers(-10**30, 10**30), max_size=5).map(lambda ns: " ".join(map(str, ns))),
    st.lists(st.integers(0, 20), max_size=4).map(lambda ns: ", ".join(map(str, ns))),
    st.sampled_from(["", " ", "\t", "?", "q", "٣", "²", "1²", "४ २", "(1, 2)", "[0 1]", "1/2", "0x10", "1e3", "-0",
                     "+4", "∞", "NaN", "\x00", "\u200b4"]),
    st.sampled_from(["7" * 100_000, "a" * 100_000, "1 " * 50_000, "9" * 5000]),
).filter(lambda line: "\n" not in line)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(GAMES)), line=lines)
def test_any_line_at_the_prompt_gets_a_documented_answer_within_a_second(game, line):
    import re

    code, out, err, seconds = run(*GAMES[game], moves=[line])
    assert code == 0 and err == "" and "Traceback" not in out and seconds < 1
    prompt = re.search(r"Your move \((X|MAX)\): ", out).end()
    echoed = line.strip()                       # piped input is echoed after the prompt
    assert out[prompt:].startswith(echoed + "\n")
    answer = out[prompt + len(echoed) + 1:]
    assert documented(answer), answer[:300]
    assert len(answer) < 5000                   # a long line is not quoted back in full


def started(out) -> bool:
    """Whether the game began and stopped at the end of the input, or was over at once (heaps of 0)."""
    return "No more input" in out or out.rstrip().endswith(("wins.", "You win.", "A draw."))


options = st.one_of(
    st.text(max_size=30),
    st.integers().map(str),
    st.integers(min_value=10**6, max_value=10**400).map(str),
    st.floats().map(str),
    st.sampled_from(["0", "-1", "3x", "5x4", "0x0", "x", "1e9", "inf", "none", "--help", "-", "٣", "", " "]),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(flag=st.sampled_from(["--heaps", "--tokens", "--size", "--depth", "--time-per-move", "--seed",
                             "--iterations", "--opponent", "--first"]),
       game=st.sampled_from(["nim", "grundy", "connect4", "tictactoe"]), values=st.lists(options, min_size=1, max_size=4))
def test_any_arguments_give_a_usage_error_or_a_game_never_a_traceback(flag, game, values):
    code, out, err, seconds = run("play", game, flag, *values)
    assert "Traceback" not in out + err and seconds < 1
    if code == 2:
        assert "usage: advsearch" in err and ": error: " in err
    else:
        assert code == 0 and (started(out) or out.startswith("usage: advsearch play"))


@settings(max_examples=100, deadline=None)
@given(heaps=st.lists(st.one_of(st.integers(-10, 10**12).map(str), st.text(max_size=8)), min_size=1, max_size=6))
def test_random_heaps_give_a_usage_error_or_a_game(heaps):
    code, out, err, seconds = run("play", "nim", "--heaps", *heaps, "--opponent", "solver")
    assert "Traceback" not in out + err and seconds < 1
    assert (code == 2 and "advsearch play: error: " in err) or (code == 0 and started(out))
