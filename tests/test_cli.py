"""The advsearch command: games in the terminal driven by scripted input, tournaments, errors, registries."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from advsearch import ConnectFour, TicTacToe, agents, cli
from advsearch.cli import GAMES, OPPONENTS, OpponentSpec, main, make_agent, make_game, register_opponent

TTT = TicTacToe()


def run(*argv, moves=None):
    """Run the command with ``moves`` (a list of lines) as input: (exit code, output, errors)."""
    stdin = io.StringIO("".join(line + "\n" for line in (moves or [])))
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=stdin, stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def boards(output, rows=3):
    """The tic-tac-toe boards printed, as lists of rows (without the cell-number key)."""
    lines = output.splitlines()
    found = []
    for i in range(len(lines) - rows + 1):
        block = lines[i:i + rows]
        if all(len(line) >= 5 and set(line[:5]) <= set("XO. ") and line[1] == " " for line in block):
            if i == 0 or not (len(lines[i - 1]) >= 5 and set(lines[i - 1][:5]) <= set("XO. ")
                              and lines[i - 1][1] == " "):
                found.append([line[:5] for line in block])
    return found


# --- A game of tic-tac-toe in the terminal. ---

def test_a_whole_game_against_the_solver_ends_in_a_draw():
    code, out, err = run("play", "tictactoe", "--opponent", "solver", moves=["4", "1", "6", "5", "8"])
    assert code == 0 and err == ""
    assert out.startswith("Tic-tac-toe against solver: you play X and move first; solver plays O.")
    assert out.rstrip().endswith("A draw.")
    assert out.count("Your move (X): ") == 5 and out.count("solver plays cell") == 4
    assert boards(out)[-1] == ["O X O", "O X X", "X O X"]
    # Each move the solver made is legal, and the value it reports is the game's value, a draw.
    assert "value for X 0)" in out


def test_the_solver_punishes_a_mistake():
    code, out, _ = run("play", "tictactoe", "--opponent", "solver", moves=["0", "1", "2", "3", "4", "5"])
    assert code == 0
    assert out.rstrip().endswith("solver wins.")
    assert "value for X -1" in out


def test_the_agent_can_move_first():
    code, out, _ = run("play", "tictactoe", "--opponent", "solver", "--first", "agent",
                       moves=["4", "2", "3", "7"])
    assert code == 0
    assert out.startswith("Tic-tac-toe against solver: solver plays X and moves first; you play O.")
    first_board = boards(out)[1]
    assert first_board == ["X . .", ". . .", ". . ."]          # the solver's first move, before yours
    assert out.count("Your move (O): ") == 4


def test_bad_input_is_asked_again_and_changes_nothing():
    moves = ["", "banana", "9", "-1", "4 4", "?", "4", "4", "0", "  2  "]
    code, out, _ = run("play", "tictactoe", "--opponent", "random", "--seed", "3", moves=moves)
    assert code == 0
    assert "'banana' is not a number." in out
    assert "Illegal: 9 is not a cell: actions are the cell indices 0..8." in out
    assert "-1 is not a move: moves are whole numbers from 0." in out
    assert "A move here is 1 number, not 2." in out
    assert "Legal moves: cell 0, cell 1, cell 2, cell 3, cell 4, cell 5, cell 6, cell 7, cell 8" in out
    assert "Illegal: cell 4 is already taken." in out
    assert out.count("Try again: a cell 0-8") == 5          # banana, 9, -1, "4 4", the second 4
    # The board only ever changes by a legal move: X at 4, then the random reply, ...
    shown = boards(out)
    assert shown[0] == [". . .", ". . .", ". . ."] and shown[1][1] == ". X ."
    assert sum(b.count("X") for b in shown[-1]) <= 3


def test_the_end_of_the_input_ends_the_game_with_a_message():
    code, out, err = run("play", "tictactoe", "--opponent", "solver", moves=["4"])
    assert code == 0 and err == ""
    assert out.rstrip().endswith("No more input: the game is left unfinished.")
    code, out, _ = run("play", "tictactoe", "--opponent", "solver", moves=[])
    assert code == 0 and "No more input" in out


def test_q_stops_the_game():
    code, out, _ = run("play", "tictactoe", moves=["q", "4"])
    assert code == 0 and out.rstrip().endswith("Stopped: the game is left unfinished.")
    assert "Your move (X): q" in out                   # piped input is echoed after the prompt


def test_ctrl_c_stops_with_130():
    class Interrupted(io.StringIO):
        def readline(self, *args):
            raise KeyboardInterrupt

    err = io.StringIO()
    assert main(["play", "tictactoe"], stdin=Interrupted(), stdout=io.StringIO(), stderr=err) == 130
    assert "Stopped" in err.getvalue()


# --- The other games. ---

def test_nim_reads_a_heap_and_a_count():
    code, out, _ = run("play", "nim", "--heaps", "1", "2", "--opponent", "solver",
                       moves=["2 1", "0", "(1, 1)", "1,1"])
    assert code == 0
    assert "Illegal: (2, 1) is not a legal Nim move" in out
    assert "A move here is 2 numbers, not 1." in out
    assert "You win." in out                             # [1, 2] -> [1, 1] is the winning move
    assert sum(line.startswith("solver plays") for line in out.splitlines()) == 1


def test_misere_nim_and_grundy():
    code, out, _ = run("play", "nim", "--heaps", "1", "1", "--misere", "--opponent", "random", moves=["0 1"])
    assert code == 0 and "random plays 1 1 (take 1 from heap 1)" in out and out.rstrip().endswith("You win.")
    code, out, _ = run("play", "grundy", "--tokens", "7", "--opponent", "solver", moves=["7 1", "4 1", "3 1"])
    assert code == 0 and "solver plays 6 2 (split 6 into 4 and 2)" in out
    assert out.rstrip().endswith("solver wins.")          # the first player loses Grundy's game from 7


def test_connect4_on_a_small_board_with_a_depth():
    code, out, _ = run("play", "connect4", "--size", "5x4", "--opponent", "alphabeta", "--depth", "2",
                       moves=["2", "7", "2"])
    assert code == 0
    assert "Connect Four against alphabeta(depth=2)" in out
    assert "0 1 2 3 4" in out                             # the column numbers under the board
    assert "Illegal: 7 is not a column" in out
    assert out.count("alphabeta(depth=2) plays column") == 2
    assert "No more input" in out


def test_the_agent_failing_stops_the_game_without_a_traceback(monkeypatch):
    def broken(game, state):
        raise RuntimeError("out of ideas")

    monkeypatch.setitem(OPPONENTS, "broken", OpponentSpec(lambda game, spec, seed=None: broken, "fails"))
    code, out, err = run("play", "tictactoe", "--opponent", "broken", moves=["4"])
    assert code == 1 and "broken failed (RuntimeError: out of ideas)" in out and "Traceback" not in out + err


# --- Tournaments. ---

def test_a_tournament_prints_its_table_and_is_reproducible():
    argv = ("tournament", "tictactoe", "--agents", "random", "alphabeta:1", "solver", "--games", "6",
            "--seed", "1", "--no-progress")
    code, out, err = run(*argv)
    assert code == 0 and err == ""
    assert out.startswith("Round robin of TicTacToe(): 3 agents, 6 games a pair, 2 random opening plies, seed 1")
    assert "95% CI" in out and "Elo" in out and "Points of each row's agent against each column's, of 6:" in out
    ranks = [line.split()[1] for line in out.splitlines() if line.strip()[:1].isdigit() and "%" in line]
    assert sorted(ranks) == ["alphabeta:1", "random", "solver"] and ranks[-1] == "random"
    assert run(*argv)[1] == out


def test_the_tournament_of_the_issue():
    code, out, _ = run("tournament", "connect4", "--agents", "random", "alphabeta:2", "alphabeta:4",
                       "--games", "4", "--seed", "1", "--no-progress")
    assert code == 0 and "3 agents, 4 games a pair" in out
    assert out.splitlines()[-1].startswith("random ")   # the random agent is last in the cross table


def test_a_global_depth_names_the_agent_by_it():
    code, out, _ = run("tournament", "nim", "--heaps", "2", "2", "--agents", "random", "alphabeta",
                       "--depth", "1", "--games", "2", "--seed", "0", "--no-progress")
    assert code == 0 and "alphabeta:1" in out


@pytest.mark.parametrize("argv, message", [
    (["tournament", "tictactoe", "--agents", "random"], "at least two agents"),
    (["tournament", "tictactoe", "--agents", "random", "random"], "random is named twice"),
    (["tournament", "tictactoe", "--agents", "random", "alphabeta:2", "alphabeta", "--depth", "2"],
     "alphabeta is the same agent as alphabeta:2"),
    (["tournament", "tictactoe", "--agents", "random", "solver:3"], "solver opponent takes no parameter"),
    (["tournament", "tictactoe", "--agents", "random", "alphabeta:x"], "bad depth in 'alphabeta:x'"),
    (["tournament", "tictactoe", "--agents", "random", "alphabeta:"], "nothing after the colon"),
    (["tournament", "tictactoe", "--agents", "random", "solver", "--depth", "3"], "none of the agents takes --depth"),
    (["tournament", "tictactoe", "--agents", "random", "solver", "--games", "0"], "'0' is not a whole number >= 1"),
    (["tournament", "tictactoe"], "the following arguments are required: --agents"),
])
def test_bad_tournaments_are_usage_errors(argv, message):
    code, out, err = run(*argv)
    assert code == 2 and message in err and "usage: advsearch tournament" in err


# --- Help and errors. ---

def test_help_lists_the_games_and_opponents():
    code, out, err = run("--help")
    assert code == 0 and err == ""
    assert out.startswith("usage: advsearch")
    assert "games: tictactoe, connect4, nim, grundy" in out
    for name in ("random", "alphabeta", "solver"):
        assert f"  {name}" in out
    code, out, _ = run("play", "--help")
    assert code == 0 and "--opponent NAME" in out and "--first {human,agent}" in out and "--depth N" in out
    code, out, _ = run("tournament", "--help")
    assert code == 0 and "--agents NAME[:VALUE]" in out and "Elo" in out


def test_no_command_prints_help_and_fails():
    code, out, _ = run()
    assert code == 2 and "usage: advsearch" in out


def test_version():
    import advsearch

    assert run("--version")[:2] == (0, f"advsearch {advsearch.__version__}\n")


@pytest.mark.parametrize("argv, message", [
    (["play", "chess"], "unknown game 'chess'; the games are tictactoe, connect4, nim, grundy"),
    (["tournament", "go", "--agents", "a", "b"], "unknown game 'go'"),
    (["play", "tictactoe", "--opponent", "nosuch"], "unknown opponent 'nosuch'; the opponents are random, alphabeta, solver, mcts"),
    (["play", "tictactoe", "--opponent", "solver", "--depth", "3"], "the solver opponent takes no --depth"),
    (["play", "tictactoe", "--depth", "0"], "argument --depth: '0' is not a whole number >= 1"),
    (["play", "connect4", "--opponent", "solver"], "the solver would take far too long on a 7x6 board"),
    (["play", "connect4", "--size", "7by6"], "'7by6' is not a board size such as 7x6"),
    (["play", "nim", "--size", "4x4"], "--size is an option of connect4, not of nim"),
    (["play", "nim", "--heaps", "3", "-2"], "argument --heaps: '-2' is not a whole number >= 0"),
    (["play", "tictactoe", "--first", "nobody"], "argument --first: invalid choice: 'nobody'"),
    (["play"], "the following arguments are required: GAME"),
    (["dance"], "invalid choice: 'dance'"),
])
def test_usage_errors_exit_2_with_a_clear_message(argv, message):
    code, out, err = run(*argv)
    assert code == 2, (out, err)
    assert message in err
    assert "Traceback" not in err


# --- The registries. ---

def test_make_game_and_make_agent():
    assert make_game("connect4", size=(4, 4)) == ConnectFour(4, 4)
    assert make_game("nim", heaps=[1, 2], misere=True).misere
    assert make_game("grundy", tokens=9).n == 9
    with pytest.raises(ValueError, match="nim has no option size"):
        make_game("nim", size=(4, 4))
    game = make_game("connect4")
    assert repr(make_agent("alphabeta", game)) == "alphabeta(depth=5)"         # the game's default depth
    assert repr(make_agent("alphabeta", TTT)) == "alphabeta(depth=None)"       # tic-tac-toe: to the end
    assert make_agent("random", TTT, seed=5)(TTT, 0) == agents.random(seed=5)(TTT, 0)
    assert make_agent("solver", make_game("connect4", size=(5, 4))).name == "solver"
    with pytest.raises(ValueError, match="unknown opponent"):
        make_agent("oracle", TTT)
    with pytest.raises(ValueError, match="opponent is named by a string"):
        make_agent(None, TTT)


def test_depth_limited_agents_use_the_games_evaluation():
    agent = make_agent("alphabeta:2", TTT)
    assert agent(TTT, TTT.initial_state) == 4                 # the evaluation likes the centre
    nim = make_game("nim", heaps=[3, 4, 5])
    assert make_agent("alphabeta:1", nim)(nim, nim.initial_state) in nim.actions(nim.initial_state)


def test_a_new_opponent_brings_its_own_option(monkeypatch):
    """How MCTS will join: a factory, a help line, and an option of its own with NAME:VALUE."""
    made = []

    def factory(game, spec, seed=None, iterations=None):
        made.append((seed, iterations))

        def agent(game, state):
            return game.actions(state)[-1]
        agent.name = f"last({iterations})"
        return agent

    monkeypatch.setitem(OPPONENTS, "last", OpponentSpec(
        factory, "the last legal move", options={"iterations": dict(type=cli.positive_int, metavar="N",
                                                                     help="ignored")},
        parameter="iterations"))
    code, out, _ = run("play", "tictactoe", "--opponent", "last", "--iterations", "50", "--seed", "2",
                       moves=["0"])
    assert code == 0 and made == [(2, 50)] and "last(50) plays cell 8" in out
    code, out, _ = run("tournament", "tictactoe", "--agents", "last:7", "random", "--games", "2", "--seed", "0",
                       "--no-progress")
    assert code == 0 and (0, 7) in made and "last:7" in out
    code, _, err = run("play", "tictactoe", "--opponent", "solver", "--iterations", "5")
    assert code == 2 and "the solver opponent takes no --iterations" in err


def test_registering_checks_its_arguments(monkeypatch):
    monkeypatch.setattr(cli, "OPPONENTS", dict(OPPONENTS))
    with pytest.raises(ValueError, match="OpponentSpec"):
        register_opponent("x", lambda game, spec: None)
    with pytest.raises(ValueError, match="name"):
        register_opponent("Bad Name", OpponentSpec(lambda game, spec: None, "x"))
    with pytest.raises(ValueError, match="parameter"):
        register_opponent("x", OpponentSpec(lambda game, spec: None, "x", parameter="depth"))
    with pytest.raises(ValueError, match="GameSpec"):
        cli.register_game("x", object())
    assert set(GAMES) >= {"tictactoe", "connect4", "nim", "grundy"}


# --- As a program. ---

ROOT = Path(__file__).resolve().parents[1]


def test_python_dash_m_plays_a_game_from_a_pipe():
    result = subprocess.run([sys.executable, "-m", "advsearch", "play", "tictactoe", "--opponent", "solver"],
                            input="4\n1\n6\n5\n8\n", capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip().endswith("A draw.")


def test_the_console_script_is_installed():
    script = shutil.which("advsearch", path=os.path.dirname(sys.executable))
    if script is None:
        pytest.skip("the advsearch console script is not installed next to this Python (pip install -e .)")
    result = subprocess.run([script, "play", "chess"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "unknown game 'chess'" in result.stderr


def test_exam_sheets_through_the_command(tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name\nalice,Alice\nbob,Bob\n")
    from advsearch.cli import main
    assert main(["exam", "--roster", str(roster), "--seed", "3", "--out", str(tmp_path / "exam")]) == 0
    assert sorted(p.name for p in (tmp_path / "exam" / "sheets").iterdir() if p.suffix == ".pdf") == \
        ["alice.pdf", "bob.pdf"]
