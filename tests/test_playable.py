"""The kernel-free game (advsearch/playable_game.py): its table is the agent's own choice everywhere, the page's
positions follow the game's rules, the solver's table never loses, and the HTML is self-contained.

The table and the page are checked against facts found here independently: the positions are enumerated
by a recursive walk that asks the agent itself (not the module's breadth-first walk and its table), and
every game the page allows is replayed with the game's own rules.  The real-browser checks (clicks,
keys, the status line, axe) are in tests/browser/test_playable_browser.py.
"""

from __future__ import annotations

import html
import json
import re
import time

import pytest
from hypothesis import given, settings, strategies as st

import advsearch as ads
from advsearch import ConnectFour, Grundy, IllegalMoveError, Nim, Piglet, TicTacToe, Virus
from advsearch.game import GameError
from advsearch.playable_game import MAX_POSITIONS, Playable, playable
from advsearch.registry import make_agent


def agent_positions(game, agent) -> dict:
    """position -> agent(game, position), for every position where the agent is to move in some game in which
    the other side plays any legal move and the agent its own choice: a depth-first walk, the agent asked
    directly, once per position."""
    found = {}

    def walk(state, side):
        if game.is_terminal(state):
            return
        if game.to_move(state) == side:
            if state not in found:
                found[state] = agent(state)
            walk(game.result(state, found[state]), side)
        else:
            for action in game.actions(state):
                walk(game.result(state, action), side)

    for side in (0, 1):
        walk(game.initial_state, side)
    return found


def page_data(p: Playable) -> dict:
    [payload] = re.findall(r'<script type="application/json" class="apg-data">(.*?)</script>', p.html, re.S)
    return json.loads(payload)


SOLVER = lambda game: (lambda state: make_agent("solver", game)(game, state))      # noqa: E731


@pytest.fixture(scope="module")
def ttt_solver():
    return playable(TicTacToe(), "solver")


# ------------------------------------------------------------------ the table is the agent's choice


def test_the_table_is_the_solvers_move_in_every_position_it_can_meet(ttt_solver):
    game = TicTacToe()
    expected = agent_positions(game, SOLVER(game))
    assert set(ttt_solver.table) == set(expected)
    assert ttt_solver.table == expected
    assert len(expected) == 546 and ttt_solver.table[game.initial_state] == 0


def test_an_mcts_opponent_is_asked_afresh_in_every_position():
    game = TicTacToe()
    p = playable(game, "mcts", seed=3, iterations=40)
    expected = agent_positions(game, lambda s: make_agent("mcts", game, seed=3, iterations=40)(game, s))
    assert p.table == expected
    assert p.name == "mcts(iterations=40)"
    assert playable(game, "mcts:40", seed=3).table == expected          # the same opponent named another way


def test_a_callable_opponent_is_asked_once_per_position():
    game = Nim([2, 3])
    calls = []

    def greedy(game, state):                    # takes everything from the largest heap
        calls.append(state)
        heaps = state.heaps
        i = max(range(len(heaps)), key=lambda k: heaps[k])
        return (i, heaps[i])

    p = playable(game, greedy)
    assert len(calls) == len(set(calls)) == len(p.table)
    assert p.table == agent_positions(game, lambda s: greedy(game, s))
    assert p.name == "greedy"


@pytest.mark.parametrize("game", [Nim([3, 4, 5]), Nim([1, 2, 2], misere=True), Grundy(9)], ids=repr)
def test_the_table_for_heap_games(game):
    p = playable(game, "solver")
    assert p.table == agent_positions(game, SOLVER(game))


@settings(max_examples=25, deadline=None)
@given(heaps=st.lists(st.integers(0, 4), min_size=1, max_size=3), misere=st.booleans(), first=st.booleans())
def test_any_small_nim_the_table_and_the_page(heaps, misere, first):
    game = Nim(heaps, misere=misere)
    if game.is_terminal(game.initial_state):
        return
    p = playable(game, "solver", human_first=first)
    assert p.table == agent_positions(game, SOLVER(game))
    assert replay_every_game(game, p) >= 1
    # the solver wins every game from a start it wins, whatever you do
    value = make_agent("solver", game)
    value(game, game.initial_state)
    if value.last.value > 0:            # the first player wins: the solver moving first never loses
        assert outcomes_of_every_strategy(game, p.table, human=1) == {-1}


# ------------------------------------------------------------------ the page follows the rules


def replay_every_game(game, p: Playable) -> int:
    """Walk the page's positions as the script does, beside the game's own states, for each side moving
    first: every view, mover and result must be the game's, you must be offered exactly the legal moves, and
    the agent's reply must be its table's.  Returns the number of games (paths to an end) walked."""
    data = page_data(p)
    rows, labels = data["states"], data["labels"]
    action_of = {}

    def check(state, at, human):
        row = rows[at]
        view = game.cells(state) if isinstance(game, TicTacToe) else game.render(state)
        assert row[0] == view
        if game.is_terminal(state):
            u = game.utility(state, 0)
            assert row[2] == (u > 0) - (u < 0) and row[3] == []
            return 1
        assert row[1] == game.to_move(state) and row[2] is None
        pairs = list(zip(row[3][::2], row[3][1::2]))
        for label, _ in pairs:
            action_of.setdefault(label, None)
        if game.to_move(state) != human:                    # the agent's turn: its reply, from the table
            label, nxt = pairs[row[4]]
            action = p.table[state]
            assert labels[label] == describe(game, action)
            return check(game.result(state, action), nxt, human)
        legal = game.actions(state)
        assert [labels[label] for label, _ in pairs] == [describe(game, a) for a in legal]
        return sum(check(game.result(state, a), nxt, human) for a, (_, nxt) in zip(legal, pairs))

    return sum(check(game.initial_state, 0, human) for human in (0, 1))


def describe(game, action) -> str:
    """A move's label, written out here from the games' rules (not the module's function)."""
    if isinstance(game, TicTacToe):
        return f"row {action // 3 + 1}, column {action % 3 + 1}"
    if isinstance(game, Nim):
        return f"take {action[1]} from heap {action[0]}"
    if isinstance(game, Grundy):
        return f"split {action[0]} into {action[0] - action[1]} and {action[1]}"
    return str(action)


def test_the_pages_positions_follow_the_rules(ttt_solver):
    assert replay_every_game(TicTacToe(), ttt_solver) > 100
    data = page_data(ttt_solver)
    assert data["labels"][:9] == [describe(TicTacToe(), c) for c in range(9)]   # a cell's button is its move
    assert data["agent"] == "solver" and data["human"] == 0 and data["marks"] == ["X", "O"]
    assert ttt_solver.positions == len(data["states"])


@pytest.mark.parametrize("game", [Nim([3, 4, 5]), Grundy(9)], ids=repr)
def test_the_heap_games_pages_follow_the_rules(game):
    assert replay_every_game(game, playable(game, "solver", human_first=False)) > 1


# ------------------------------------------------------------------ the solver's table never loses


def outcomes_of_every_strategy(game, table, human) -> set:
    """The results (for the human) of every game the human can play against the table: every choice at every
    turn, so every strategy's game is among them."""
    def walk(state):
        if game.is_terminal(state):
            return {game.utility(state, human)}
        if game.to_move(state) != human:
            return walk(game.result(state, table[state]))
        return set().union(*(walk(game.result(state, a)) for a in game.actions(state)))

    return walk(game.initial_state)


def test_no_strategy_beats_the_solvers_table(ttt_solver):
    for human in (0, 1):
        results = outcomes_of_every_strategy(TicTacToe(), ttt_solver.table, human)
        assert max(results) == 0, f"moving {'first' if human == 0 else 'second'} you can win against the table"
        assert min(results) == -1                    # and it does punish mistakes


def test_the_table_wins_nim_from_a_winning_start():
    # Nim 3 4 5 has nim-sum 2: the first player wins, so the solver moving first wins every game.
    p = playable(Nim([3, 4, 5]), "solver")
    assert outcomes_of_every_strategy(p.game, p.table, human=1) == {-1}


def test_a_weak_opponent_can_be_beaten():
    p = playable(TicTacToe(), lambda game, state: game.actions(state)[0])
    assert max(outcomes_of_every_strategy(p.game, p.table, 0)) == 1


# ------------------------------------------------------------------ the HTML


def test_the_html_is_self_contained_and_deterministic(ttt_solver):
    text = ttt_solver.html
    assert not re.search(r"\b(src|href)\s*=", text, re.I)
    assert not re.search(r"https?:|//[a-z]|url\(|@import", text, re.I)
    assert ttt_solver.html == playable(TicTacToe(), "solver").html
    again = [playable(TicTacToe(), "mcts", seed=5, iterations=30).html for _ in range(2)]
    assert again[0] == again[1] and again[0] != text
    ids = {re.search(r'id="(advsearch-game-[0-9a-f]{12})"', h).group(1) for h in (text, again[0])}
    assert len(ids) == 2                            # two different games on one page never share an id
    assert text.count("<script") == 2 and text.count("</script>") == 2
    assert len(text.encode()) < 60_000


def test_the_html_says_what_it_needs_without_scripts(ttt_solver):
    static = re.search(r'<div class="apg-static">(.*?)</div>', ttt_solver.html, re.S).group(1)
    assert ". . .      0 1 2" in html.unescape(static)         # the board, with the cells' numbers
    assert "needs JavaScript" in static and "&#x27;" not in static          # quotes stay readable text
    assert "advsearch.widgets.play(advsearch.TicTacToe(), 'solver')" in static
    assert '<div class="apg-live" hidden="hidden">' in ttt_solver.html     # the board waits for the script
    mcts = playable(Nim([1, 2]), "mcts", seed=2, iterations=20).html
    assert "advsearch.widgets.play(advsearch.Nim((1, 2), misere=False), 'mcts', seed=2, iterations=20)" in mcts


def test_the_page_and_the_lazy_name():
    p = playable(Nim([1, 2]), "solver", name="the solver", human_first=False)
    assert p.page().startswith("<!DOCTYPE html>") and p.html in p.page()
    assert "<title>Nim against the solver</title>" in p.page()
    assert page_data(p)["human"] == 1 and page_data(p)["agent"] == "the solver"
    assert str(p) == p._repr_html_() == p.html
    assert ads.playable is playable


def test_tabulating_tic_tac_toe_takes_a_few_seconds_at_most():
    start = time.perf_counter()
    playable(TicTacToe(), "solver")
    assert time.perf_counter() - start < 5


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize("game, opponent, options, message", [
    (ConnectFour(), "random", {}, f"more than {MAX_POSITIONS:,} positions, too many to tabulate"),
    (Piglet(), "random", {}, "has chance moves"),
    (Virus(), "random", {}, "two-player games, but Virus"),
    (TicTacToe(), "wizard", {}, "unknown opponent 'wizard'"),
    (TicTacToe(), "solver", {"depth": 3}, "the solver opponent takes no --depth"),
    (TicTacToe(), 42, {}, "the opponent must be an agent"),
    (TicTacToe(), lambda game, state: 0, {"depth": 3}, "options (depth) are only for an opponent given by name"),
    (ConnectFour(5, 5), "solver", {}, "the solver would take far too long"),
])
def test_bad_input_gets_a_clear_error(game, opponent, options, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        playable(game, opponent, **options)


def test_an_agent_that_fails_is_named():
    with pytest.raises(IllegalMoveError, match=r"chose 9, which is not legal here"):
        playable(TicTacToe(), lambda game, state: 9)

    def broken(game, state):
        raise RuntimeError("no idea")

    with pytest.raises(GameError, match=r"broken \(player 1, MIN\) failed with RuntimeError: no idea"):
        playable(TicTacToe(), broken)


def test_a_game_too_large_is_refused_before_the_agent_is_asked():
    asked = []
    with pytest.raises(ValueError, match="too many to tabulate"):
        playable(ConnectFour(), lambda game, state: asked.append(state) or game.actions(state)[0])
    assert asked == []
