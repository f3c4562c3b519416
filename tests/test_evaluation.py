"""Evaluation functions: the Linear sum against hand computation, and the features on hand-counted positions."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advsearch import MAX, MIN, TicTacToe, alphabeta
from advsearch.evaluation import (Linear, connect4_eval, connect4_features, tictactoe_eval,
                                  tictactoe_features)
from advsearch.games.connect4 import ConnectFour

# Toy features on plain tuples of numbers, so that the arithmetic is easy to check by hand.
first = lambda s, p: s[0]
second = lambda s, p: s[1]
mine = lambda s, p: s[0] if p == MAX else -s[0]       # a feature that handles the player itself
constant = lambda s, p: 1                             # one that ignores it


# --- Linear: arithmetic, terms, convention. ---

def test_linear_sum_matches_a_hand_computation():
    e = Linear({"a": first, "b": second}, {"a": 3, "b": -0.5})
    assert e((2, 10), MAX) == 3 * 2 - 0.5 * 10 == 1.0
    assert e((2, 10), MIN) == -1.0
    assert isinstance(e((2, 10), MAX), float)


def test_weights_by_sequence_or_dict_and_features_by_pairs_or_dict_agree():
    a = Linear({"a": first, "b": second}, {"b": 2, "a": 1})       # dict order of weights is irrelevant
    b = Linear([("a", first), ("b", second)], [1, 2])
    c = Linear((("a", first), ("b", second)), np.array([1.0, 2.0]))
    assert a == b == c and hash(a) == hash(b)
    assert a.names == ("a", "b") and a.weights == {"a": 1.0, "b": 2.0}
    assert a.features == {"a": first, "b": second}
    assert len(a) == 2


def test_terms_show_each_part_and_sum_to_the_value():
    e = Linear({"a": first, "b": second, "one": constant}, [0.25, -2, 5])
    assert e.terms((4, 3), MAX) == {"a": (4, 0.25, 1.0), "b": (3, -2.0, -6.0), "one": (1, 5.0, 5.0)}
    assert e.terms((4, 3), MIN) == {"a": (-4, 0.25, -1.0), "b": (-3, -2.0, 6.0), "one": (-1, 5.0, -5.0)}
    assert e.values((4, 3), MAX) == (4, 3, 1)
    for player in (MAX, MIN):
        assert sum(p for _, _, p in e.terms((4, 3), player).values()) == e((4, 3), player)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(-100, 100), min_size=3, max_size=3),
       st.lists(st.floats(-10, 10), min_size=3, max_size=3))
def test_terms_sum_and_antisymmetry_for_any_weights(weights, state):
    e = Linear({"a": first, "b": second, "c": lambda s, p: s[2]}, weights)
    expected = sum(w * f for w, f in zip(weights, state))
    assert math.isclose(e(state, MAX), expected, abs_tol=1e-9)
    assert e(state, MIN) == -e(state, MAX)
    total = sum(p for _, _, p in e.terms(state, MAX).values())
    assert math.isclose(total, e(state, MAX), abs_tol=1e-9)


def test_features_are_asked_for_max_and_min_gets_the_negation():
    """The convention: Linear calls f(state, MAX) only, so even a player-blind feature is zero-sum."""
    calls = []

    def spy(s, p):
        calls.append(p)
        return 2

    e = Linear({"spy": spy, "one": constant, "mine": mine}, [1, 1, 1])
    assert e((5,), MAX) == 2 + 1 + 5
    assert e((5,), MIN) == -(2 + 1 + 5)
    assert calls == [MAX, MAX]


def test_repr_shows_the_formula():
    e = Linear({"centre": first, "threes": second, "blocked": constant}, [3, 1, -2.5])
    assert repr(e) == "Linear(3.0·centre + 1.0·threes - 2.5·blocked)"
    assert repr(Linear({"x": first}, [-0.05])) == "Linear(-0.05·x)"
    assert repr(Linear({"x": first}, [0.1 + 0.2])) == "Linear(0.3·x)"


def test_with_weights_makes_a_new_evaluation():
    e = Linear({"a": first, "b": second}, [1, 1])
    assert e.with_weights([2, 3])((1, 1), MAX) == 5
    assert e.with_weights({"a": 0})((1, 1), MAX) == 1
    assert e.with_weights(b=10).weights == {"a": 1.0, "b": 10.0}
    assert e.weights == {"a": 1.0, "b": 1.0}                 # unchanged
    with pytest.raises(ValueError, match="'c', which is not a feature"):
        e.with_weights(c=1)
    with pytest.raises(ValueError, match="'c', which is not a feature"):
        e.with_weights({"c": 1})
    with pytest.raises(ValueError, match="1 weights for 2 features"):
        e.with_weights([1])


@pytest.mark.parametrize("features, weights, message", [
    ({"a": first, "b": second}, {"a": 1}, "no weight for the feature 'b'"),
    ({"a": first, "b": second}, {}, "no weight for the features 'a', 'b'"),
    ({"a": first}, {"a": 1, "z": 2}, "weight for 'z', which is not a feature; the features are a"),
    ({"a": first}, {"a": 1, "y": 2, "z": 2}, "'y', 'z', which are not features"),
    ({"a": first, "b": second}, [1, 2, 3], "3 weights for 2 features"),
    ({"a": first}, {"a": "1"}, "weight of 'a' must be a finite number"),
    ({"a": first}, [float("nan")], "finite number"),
    ({"a": first}, [True], "finite number"),
    ({"a": first}, "1", "dict or a sequence"),
    ({"a": first}, 1, "dict or a sequence"),
    ({}, [], "at least one feature"),
    ([("a", first), ("a", second)], [1, 1], "'a' is used twice"),
    ({"a": 3}, [1], "feature 'a' must be a function"),
    ([(1, first)], [1], "non-empty string"),
    ([("a",)], [1], r"\(name, f\) pair"),
    (42, [1], "features must be a dict"),
])
def test_bad_arguments_are_named(features, weights, message):
    with pytest.raises(ValueError, match=message):
        Linear(features, weights)


def test_an_evaluation_is_only_for_max_or_min():
    e = Linear({"a": first}, [1])
    with pytest.raises(ValueError, match="MAX .0. or MIN .1."):
        e((1,), 2)
    with pytest.raises(ValueError, match="MAX .0. or MIN .1."):
        e.terms((1,), -1)


def test_a_linear_evaluation_can_be_a_feature():
    inner = Linear({"a": first}, [2])
    outer = Linear({"inner": inner, "b": second}, [10, 1])
    assert outer((1, 3), MAX) == 10 * 2 + 3
    assert outer((1, 3), MIN) == -23


# --- Tic-tac-toe features, counted by hand. ---

def test_tictactoe_features_on_hand_counted_positions():
    game = TicTacToe()
    f = tictactoe_features()
    # "X.O/.O./X..": X on 0 and 6, O on 2 and 4.  Lines: 012 345 678 036 147 258 048 246.
    #   twos: X has 036 (X, empty, X); O's only line with two O is 246, blocked by X on 6 -> 1 - 0.
    #   open lines: no O: 036, 678 -> 2; no X: 345, 147, 258 -> 3; so -1.
    #   centre: O's -> -1.  corners: X 0 and 6, O 2 -> 2 - 1.
    s = game.state("X.O/.O./X..")
    assert {name: g(s, MAX) for name, g in f.items()} == {"twos": 1, "lines": -1, "centre": -1, "corners": 1}
    s = game.state("XO./.X./...")
    assert {name: g(s, MAX) for name, g in f.items()} == {"twos": 1, "lines": 4, "centre": 1, "corners": 1}
    s = game.state("X../.../...")
    assert {name: g(s, MAX) for name, g in f.items()} == {"twos": 0, "lines": 3, "centre": 0, "corners": 1}
    assert {name: g(game.initial_state, MAX) for name, g in f.items()} == dict.fromkeys(f, 0)


def test_tictactoe_features_are_antisymmetric_and_the_eval_is_bounded_everywhere():
    game, e = TicTacToe(), tictactoe_eval()
    features = tictactoe_features()
    worst = 0
    for s in TicTacToe.positions():
        for g in features.values():
            assert g(s, MIN) == -g(s, MAX)
        assert e(s, MIN) == -e(s, MAX)
        if not game.is_terminal(s):
            worst = max(worst, abs(e(s, MAX)))
    assert worst < 0.5                   # the docstring's promise: inside the utilities of a win and a loss


def test_tictactoe_eval_with_a_shallow_search_never_loses_to_perfect_play():
    game, e = TicTacToe(), tictactoe_eval()
    perfect = {}

    def best(s):
        if s not in perfect:
            perfect[s] = alphabeta(game, s).move
        return perfect[s]

    def shallow(s):
        return alphabeta(game, s, depth=2, evaluate=e).move

    for x_agent, o_agent in ((shallow, best), (best, shallow)):
        s = game.initial_state
        while not game.is_terminal(s):
            s = game.result(s, (x_agent if game.to_move(s) == MAX else o_agent)(s))
        assert game.utility(s, MAX) == 0


# --- Connect Four features, counted by hand. ---

def c4_values(game, picture, player=MAX):
    s = game.state(picture)
    return {name: g(s, player) for name, g in connect4_features(game).items()}


def test_connect4_features_on_hand_counted_positions():
    game = ConnectFour()
    assert c4_values(game, "......./......./......./......./......./.......") == dict.fromkeys(
        ["centre", "twos", "threes", "threats"], 0)
    # X on 2, 3, 4 of the bottom row, O on 6 and above X's 3.
    #   centre: X (3,0) and O (3,1) -> 0.
    #   X's row-0 windows: cols 0-3 hold X X and two empty -> a two; 1-4 and 2-5 hold three X
    #   and one empty -> two threes; 3-6 holds O.  Diagonals and verticals hold one X each.
    #   O's discs share no window without X or with each other -> nothing.
    #   threats: X completes a four on (1, 0) or (5, 0), both playable -> 2.
    picture = "......./......./......./......./...O.../..XXX.O"
    assert c4_values(game, picture) == {"centre": 0, "twos": 1, "threes": 2, "threats": 2}
    assert c4_values(game, picture, MIN) == {"centre": 0, "twos": -1, "threes": -2, "threats": -2}
    # A vertical O three in the centre column, with X discs beside it.
    #   centre: O 3, X 0 -> -3.  O's vertical window rows 0-3 holds three O and an empty -> a three,
    #   and its threat (3, 3) is playable.  X: (2,0), (4,0), (4,1) ... see below.
    picture = "......./......./......./...O.X./...O.X./..XO.X."
    # X at (2,0), (5,0), (5,1), (5,2): vertical three in column 5 -> a three, threat (5,3) playable.
    #   X twos: row 0 window 2-5 holds X at 2 and 5, O at 3 -> blocked; windows with two X and two
    #   empty: none horizontally (X at 2 and 5 are 3 apart, windows 2-5 blocked by O);
    #   diagonal (2,0)-(3,1)-(4,2)-(5,3): O at (3,1) -> blocked; (5,2),(4,1)... hold one X.
    #   Vertical windows of column 5: rows 0-3 (three X: the three), rows 1-4 (X X, empty, empty -> a two),
    #   rows 2-5 (one X).  So X twos 1.
    #   O twos: column 3 rows 1-4 (O O at 1, 2 and empty 3, 4) -> a two; rows 2-5 one O.
    #   Horizontal/diagonal O windows: (3,1),(3,2) lie in different rows; diagonals with one O only.
    #   So O twos 1 and the twos cancel.
    #   threes: X 1, O 1 -> 0; threats: X (5,3) playable, O (3,3) playable -> 0.
    assert c4_values(game, picture) == {"centre": -3, "twos": 0, "threes": 0, "threats": 0}


def test_connect4_threats_count_only_playable_cells():
    game = ConnectFour()
    # X's row-1 three on columns 1..3 can be completed at (4, 1), but (4, 0) is still empty;
    # (0, 1) on the other side is O's.  A three, but no threat yet.
    picture = "......./......./......./......./OXXX.../OOXO.OX"
    assert c4_values(game, picture)["threes"] == 1
    assert c4_values(game, picture)["threats"] == 0
    # With (4, 0) filled, (4, 1) is playable: now it is a threat.
    picture = "......./......./......./......./OXXX..X/OOXOOOX"
    assert c4_values(game, picture)["threes"] == 1
    assert c4_values(game, picture)["threats"] == 1


def test_connect4_centre_uses_both_middle_columns_on_even_widths():
    game = ConnectFour(6, 4)
    s = game.state("....../....../..X.../..OX..")      # X on (2, 1) and (3, 0), O on (2, 0)
    assert connect4_features(game)["centre"](s, MAX) == 2 - 1
    game = ConnectFour(7, 4)
    s = game.state("......./......./..X..../..OX...")
    assert connect4_features(game)["centre"](s, MAX) == 1 - 0


def test_connect4_features_need_a_connect_four_game():
    with pytest.raises(ValueError, match="ConnectFour"):
        connect4_features(TicTacToe())


def random_positions(game, games, seed):
    rng = random.Random(seed)
    for _ in range(games):
        s = game.initial_state
        while not game.is_terminal(s):
            s = game.result(s, rng.choice(game.actions(s)))
            yield s


def test_connect4_eval_is_antisymmetric_and_bounded_on_random_games():
    game = ConnectFour()
    e = connect4_eval(game)
    features = connect4_features(game)
    for s in random_positions(game, 200, seed=9):
        for g in features.values():
            assert g(s, MIN) == -g(s, MAX)
        assert e(s, MIN) == -e(s, MAX)
        assert abs(e(s, MAX)) < 0.5
        assert math.isclose(sum(p for _, _, p in e.terms(s, MAX).values()), e(s, MAX), abs_tol=1e-12)


def test_connect4_features_agree_with_a_window_by_window_count():
    """The one-pass counting (and its memory of the last state) against a slow recount per window."""
    game = ConnectFour(6, 5)
    features = connect4_features(game)
    for s in random_positions(game, 30, seed=4):
        x, o = s
        empty_cells = game.playable(s)
        twos = threes = 0
        x_threat = o_threat = 0
        for w in game.windows:
            nx, no = (x & w).bit_count(), (o & w).bit_count()
            twos += (nx == 2 and no == 0) - (no == 2 and nx == 0)
            threes += (nx == 3 and no == 0) - (no == 3 and nx == 0)
            if nx == 3 and no == 0:
                x_threat |= w & ~x
            if no == 3 and nx == 0:
                o_threat |= w & ~o
        threats = (x_threat & empty_cells).bit_count() - (o_threat & empty_cells).bit_count()
        for name, expected in (("twos", twos), ("threes", threes), ("threats", threats)):
            assert features[name](s, MAX) == expected
            assert features[name](s, MIN) == -expected


def test_depth_limited_search_with_connect4_eval_plays_a_legal_game():
    game = ConnectFour()
    e = connect4_eval(game)
    s, moves = game.initial_state, 0
    rng = random.Random(1)
    while not game.is_terminal(s):
        if game.to_move(s) == MAX:
            r = alphabeta(game, s, depth=3, evaluate=e, order=game.move_order)
            assert r.move in game.actions(s)
            move = r.move
        else:
            move = rng.choice(game.actions(s))
        s = game.result(s, move)
        moves += 1
    assert moves <= 42
    assert game.utility(s, MAX) == 1          # the searcher beats a random player


def test_connect4_eval_beats_a_blind_search_of_the_same_depth():
    """With the same depth and move order, the hand-set weights win or draw from varied openings."""
    game = ConnectFour()
    e = connect4_eval(game)
    blind = lambda s, p: 0

    def agent(evaluate):
        return lambda s: alphabeta(game, s, depth=2, evaluate=evaluate, order=game.move_order).move

    score = 0
    for seed in range(4):
        for eval_plays in (MAX, MIN):
            rng = random.Random(seed)
            s = game.initial_state
            for _ in range(2):                  # a random opening, the same for both colours
                s = game.result(s, rng.choice(game.actions(s)))
            while not game.is_terminal(s):
                mover = game.to_move(s)
                s = game.result(s, (agent(e) if mover == eval_plays else agent(blind))(s))
            score += game.utility(s, eval_plays)
    assert score > 0
