"""Bad input gets a clear error that names what is wrong; nothing fails silently."""

from __future__ import annotations

import pytest

from advsearch import (CHANCE, MAX, MIN, Game, GameError, TicTacToe, alphabeta, chance, examples,
                       minimax, tree)

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
