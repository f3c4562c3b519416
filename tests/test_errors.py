"""Bad input gets a clear error that names what is wrong; nothing fails silently."""

from __future__ import annotations

import math
import random
import re
import time
from fractions import Fraction

import pytest

from advsearch import (MAX, check, BudgetExceeded, ConnectFour, Game, GameError, Pig, TicTacToe, TranspositionTable,
                       alphabeta, best_reply, chance, examples, expectimax, expectiminimax, flat_monte_carlo,
                       iterative_deepening, maxn, mcts, minimax, paranoid, solve, tree)
from advsearch.search.base import forbid_searches
from advsearch.search.mcts import PLAYOUT_LIMIT

SEARCHES = [minimax, alphabeta]
zero = lambda state, player: 0


class Counter(Game):
    """A game that never ends: each move adds 1 or 2 to a counter."""

    initial_state = 0

    def to_move(self, state):
        return state % 2

    def actions(self, state):
        return (1, 2)

    def result(self, state, action):
        return state + action

    def is_terminal(self, state):
        return False

    def utility(self, state, player):
        raise AssertionError("never called")


class Stuck(Counter):
    """MIN has no move at 1, yet 1 is not terminal."""

    def actions(self, state):
        return () if state == 1 else (1,)

    def is_terminal(self, state):
        return state >= 3

    def utility(self, state, player):
        return 1 if player == MAX else -1


@pytest.mark.parametrize("search", SEARCHES)
def test_negative_depth(search):
    with pytest.raises(ValueError, match="depth must be >= 0"):
        search(TicTacToe(), depth=-1, evaluate=zero)


@pytest.mark.parametrize("search", SEARCHES)
@pytest.mark.parametrize("depth", [1.5, "2", True])
def test_depth_must_be_whole(search, depth):
    with pytest.raises(ValueError, match="whole number"):
        search(TicTacToe(), depth=depth, evaluate=zero)


@pytest.mark.parametrize("search", SEARCHES)
def test_depth_without_evaluate(search):
    with pytest.raises(ValueError, match="needs an evaluation function"):
        search(TicTacToe(), depth=2)


@pytest.mark.parametrize("search", SEARCHES)
def test_evaluate_without_depth(search):
    with pytest.raises(ValueError, match="no depth was given"):
        search(TicTacToe(), evaluate=zero)


@pytest.mark.parametrize("search", SEARCHES)
def test_evaluate_must_be_callable(search):
    with pytest.raises(ValueError, match="must be a function"):
        search(TicTacToe(), depth=2, evaluate=3)


@pytest.mark.parametrize("search", SEARCHES)
def test_game_without_terminal_states_needs_a_depth_limit(search):
    with pytest.raises(GameError, match="depth limit"):
        search(Counter())
    # ...and with one it works.
    r = search(Counter(), depth=4, evaluate=lambda s, p: s if p == MAX else -s)
    assert r.stats.max_depth == 4


@pytest.mark.parametrize("search", SEARCHES)
def test_non_terminal_state_without_actions(search):
    with pytest.raises(GameError, match="not terminal but has no legal actions"):
        search(Stuck())


@pytest.mark.parametrize("search", SEARCHES)
def test_chance_nodes_are_refused(search):
    t = tree([chance((0.5, [1, 2]), (0.5, [3, 4]))])
    with pytest.raises(GameError, match="CHANCE node; use expectiminimax"):
        search(t)


@pytest.mark.parametrize("search", SEARCHES)
def test_more_than_two_players_are_refused(search):
    with pytest.raises(GameError, match="3 players; use maxn or paranoid"):
        search(tree([[(1, 2, 3), (3, 2, 1)]]))


@pytest.mark.parametrize("search", SEARCHES)
def test_unknown_player_is_refused(search):
    class Odd(Stuck):
        def to_move(self, state):
            return 7
    with pytest.raises(GameError, match="not MAX .0. or MIN .1."):
        search(Odd())


def test_order_must_be_a_permutation():
    t = examples.two_ply()
    with pytest.raises(GameError, match="not a permutation"):
        alphabeta(t, order=lambda state, actions: list(actions)[:-1])
    with pytest.raises(ValueError, match="order must be a function"):
        alphabeta(t, order=[2, 1, 0])
    reverse = alphabeta(t, order=lambda state, actions: list(actions)[::-1])
    assert reverse.value == 3 and reverse.move == 0


def test_errors_do_not_corrupt_the_game():
    game = TicTacToe()
    with pytest.raises(ValueError):
        minimax(game, depth=-1, evaluate=zero)
    assert alphabeta(game).stats.nodes == 18_297


# --- Leaf values: a utility or evaluation must return a number ---

NOT_NUMBERS = [float("nan"), None, "3", True, [1], 1j]


class Broken:
    """Tic-tac-toe whose utility returns ``bad`` at one terminal state and the true value elsewhere."""

    def __init__(self, bad, **more):
        self.game, self.bad, self.more = TicTacToe(), bad, more
        self.initial_state = self.game.state("XX./OO./...")
        self.bad_state = self.game.state("XXX/OO./...")

    def __getattr__(self, name):
        return getattr(self.game, name)

    def utility(self, state, player):
        return self.bad if state == self.bad_state else self.game.utility(state, player)

    def __repr__(self):
        return "Broken()"


BROKEN = rf"Broken\(\)\.utility returned .* for the state {Broken(0).bad_state}; it must return a number"


@pytest.mark.parametrize("bad", NOT_NUMBERS, ids=repr)
@pytest.mark.parametrize("search", [minimax, alphabeta, solve, best_reply, paranoid, expectiminimax])
def test_a_utility_that_is_not_a_number_is_named_with_its_state(search, bad):
    with pytest.raises(GameError, match=BROKEN):
        search(Broken(bad))


@pytest.mark.parametrize("bad", NOT_NUMBERS, ids=repr)
@pytest.mark.parametrize("search", [minimax, alphabeta, best_reply])
def test_an_evaluation_that_is_not_a_number_is_named_with_the_function(search, bad):
    def my_eval(state, player):
        return bad
    with pytest.raises(GameError, match=r"evaluate \(.*my_eval\) returned .* for the state .*must return a number"):
        search(TicTacToe(), depth=2, evaluate=my_eval)


def test_nan_is_refused_because_it_compares_with_nothing():
    with pytest.raises(GameError, match="NaN is not one"):
        alphabeta(TicTacToe(), depth=1, evaluate=lambda s, p: math.nan)


@pytest.mark.parametrize("value", [3, 2.5, Fraction(1, 3), -math.inf])
def test_every_kind_of_real_number_is_still_accepted(value):
    assert minimax(TicTacToe(), depth=1, evaluate=lambda s, p: value).value == value


def test_quiescence_checks_its_evaluations_too():
    from advsearch.games import Chess
    pytest.importorskip("chess")
    with pytest.raises(GameError, match="must return a number"):
        alphabeta(Chess(), depth=1, evaluate=lambda s, p: None, quiescence=True)


@pytest.mark.parametrize("bad", [math.nan, None, "1"], ids=repr)
@pytest.mark.parametrize("search", [maxn, lambda g: mcts(g, iterations=200, seed=0),
                                    lambda g: flat_monte_carlo(g, playouts_per_move=20, seed=0)])
def test_payoffs_of_searches_for_any_number_of_players_are_checked_too(search, bad):
    with pytest.raises(GameError, match=BROKEN):
        search(Broken(bad))


# --- What a game is ---

@pytest.mark.parametrize("thing", ["x", None, 42, [[3, 12], [2, 4]]])
@pytest.mark.parametrize("search", [minimax, alphabeta, expectimax, expectiminimax, maxn, paranoid, best_reply, solve,
                                    mcts, flat_monte_carlo])
def test_something_that_is_not_a_game_is_refused_with_what_a_game_is(search, thing):
    with pytest.raises(GameError, match=r"needs a game: an object with initial_state and the methods .* lacks"):
        search(thing)


def test_a_nested_list_is_pointed_to_tree():
    with pytest.raises(GameError, match=r"advsearch\.tree"):
        minimax([[3, 12], [2, 4]])


def test_a_state_the_game_does_not_know_is_refused_by_the_game():
    with pytest.raises(GameError, match="'bogus' is not a legal tic-tac-toe position"):
        minimax(TicTacToe(), "bogus")


def test_forbidden_searches_say_why():
    with forbid_searches("write the search yourself"):
        for search in (minimax, alphabeta, mcts, iterative_deepening):
            with pytest.raises(GameError, match="cannot be used here: write the search yourself"):
                search(TicTacToe(), evaluate=zero, max_depth=2) if search is iterative_deepening \
                    else search(TicTacToe())
    assert minimax(tree([1, 2])).value == 2           # and the ban ends with the block


# --- One rule for budgets ---

BUDGETS = [
    (lambda x: alphabeta(TicTacToe(), time_limit=x), "time_limit"),
    (lambda x: alphabeta(TicTacToe(), max_nodes=x), "max_nodes"),
    (lambda x: iterative_deepening(TicTacToe(), evaluate=zero, time_limit=x), "time_limit"),
    (lambda x: iterative_deepening(TicTacToe(), evaluate=zero, max_nodes=x), "max_nodes"),
    (lambda x: iterative_deepening(TicTacToe(), evaluate=zero, max_depth=x), "max_depth"),
    (lambda x: mcts(TicTacToe(), iterations=None, time_limit=x), "time_limit"),
    (lambda x: check.implementation(lambda game, state=None: 0, time_per_tree=x), "time_per_tree"),
    (lambda x: mcts(TicTacToe(), iterations=x), "iterations"),
    (lambda x: mcts(TicTacToe(), iterations=10, max_playout=x), "max_playout"),
    (lambda x: flat_monte_carlo(TicTacToe(), playouts_per_move=x), "playouts_per_move"),
    (lambda x: paranoid(TicTacToe(), time_limit=x), "time_limit"),
]


@pytest.mark.parametrize("bad", [-1, 0, math.nan, "1", True])
@pytest.mark.parametrize("run, name", BUDGETS)
def test_a_bad_budget_is_a_value_error_naming_it_everywhere(run, name, bad):
    with pytest.raises(ValueError, match=rf"^{name} must be a positive (whole )?number, not {re.escape(repr(bad))}$"):
        run(bad)


def test_a_budget_that_runs_out_is_not_a_bad_budget():
    with pytest.raises(BudgetExceeded, match="ran out of its budget"):
        alphabeta(TicTacToe(), max_nodes=10)


# --- Monte Carlo: playouts that never end, chance outcomes that do not add up ---

@pytest.mark.parametrize("search", [lambda g, **k: mcts(g, iterations=5, seed=0, **k),
                                    lambda g, **k: flat_monte_carlo(g, playouts_per_move=2, seed=0, **k)])
def test_a_playout_that_never_ends_is_stopped_with_a_clear_error(search):
    started = time.perf_counter()
    with pytest.raises(GameError, match=f"went {PLAYOUT_LIMIT:,} plies without reaching a terminal state"):
        search(Counter())
    assert time.perf_counter() - started < 5
    with pytest.raises(GameError, match="went 50 plies .* pass max_playout= a larger number"):
        search(Counter(), max_playout=50)


def test_a_long_but_finite_game_can_raise_the_playout_cap():
    class Long(Counter):
        def is_terminal(self, state):
            return state >= 30

        def utility(self, state, player):
            return 0

    with pytest.raises(GameError, match="went 10 plies"):
        mcts(Long(), iterations=5, max_playout=10, seed=0)
    assert mcts(Long(), iterations=5, max_playout=40, seed=0).move in (1, 2)


class Unfair(Pig):
    """Pig whose die forgets one face: the probabilities sum to 5/6."""

    def chance_outcomes(self, state):
        return super().chance_outcomes(state)[:-1]


@pytest.mark.parametrize("search", [lambda g: expectiminimax(g, depth=3, evaluate=zero),
                                    lambda g: mcts(g, iterations=30, seed=0),
                                    lambda g: flat_monte_carlo(g, playouts_per_move=3, seed=0)])
def test_chance_probabilities_must_sum_to_one_for_every_search(search):
    with pytest.raises(GameError, match=r"the chance node .* has probabilities that sum to 5/6, not 1"):
        search(Unfair(goal=10))


# --- One transposition table for a whole game ---

def replay(game, state, line):
    for a in line:
        assert a in game.actions(state), f"{a!r} is not legal in {state!r}"
        state = game.result(state, a)
    return state


def test_one_table_for_a_whole_game_of_connect_four_keeps_moves_and_lines_right():
    """Exact search on a 4x4 board: every move of the game, searched with one shared table,
    is optimal (by a search without the table) and its line is a legal game to the end."""
    game = ConnectFour(4, 4)
    table, state, rng = TranspositionTable(), game.initial_state, random.Random(5)
    while not game.is_terminal(state):
        r = alphabeta(game, state, table=table)
        fresh = alphabeta(game, state)
        assert r.value == fresh.value
        assert r.pv and r.pv[0] == r.move
        assert alphabeta(game, game.result(state, r.move)).value == fresh.value     # the move is optimal
        end = replay(game, state, r.pv)
        assert game.is_terminal(end) and game.utility(end, MAX) == r.value
        again = alphabeta(game, state, table=table)                               # asked twice in a row
        assert (again.value, again.move) == (r.value, r.move) and again.pv == r.pv
        state = game.result(state, rng.choice(list(game.actions(state))))          # a mistake now and then


def test_one_table_for_a_whole_game_with_a_depth_limit_and_iterative_deepening():
    game = ConnectFour()
    ev = game.evaluate if hasattr(game, "evaluate") else (lambda s, p: 0)
    table, deepening_table, state = TranspositionTable(), TranspositionTable(), game.initial_state
    while not game.is_terminal(state):
        r = alphabeta(game, state, depth=3, evaluate=ev, table=table)
        assert r.move in game.actions(state) and r.pv[0] == r.move and 1 <= len(r.pv) <= 3
        replay(game, state, r.pv)
        d = iterative_deepening(game, state, evaluate=ev, max_depth=3, table=deepening_table)
        assert d.move in game.actions(state) and d.pv and d.pv[0] == d.move
        state = game.result(state, r.move)


def test_a_game_class_is_told_to_make_a_game():
    with pytest.raises(GameError, match=r"got the class TicTacToe; make a game from it first, e\.g\. TicTacToe\(\)"):
        alphabeta(TicTacToe)


def test_an_arena_game_checks_chance_probabilities_with_the_same_rule():
    from advsearch import agents, arena
    with pytest.raises(GameError, match="has probabilities that sum to 5/6, not 1"):
        arena.play(Unfair(goal=10), [agents.random(seed=1), agents.random(seed=2)], seed=0)


def test_a_time_limit_longer_than_a_thread_can_wait_is_no_limit():
    from advsearch import timeout
    assert timeout.call(sum, [1, 2], seconds=math.inf) == 3
    assert timeout.call(sum, [1, 2], seconds=1e300) == 3


def test_connect_four_refuses_boards_it_cannot_build_quickly():
    from advsearch.games.connect4 import MAX_SIZE
    with pytest.raises(ValueError, match=f"width 1000 is more cells than ConnectFour builds: at most {MAX_SIZE}"):
        ConnectFour(1000, 6)
    assert ConnectFour(MAX_SIZE, MAX_SIZE).width == MAX_SIZE
