"""minimax and alphabeta: published counts, a second algorithm, and Knuth & Moore."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from advsearch import MAX, MIN, TicTacToe, alphabeta, examples, minimax, parse, random_tree, tree
from oracles import all_paths, minimax_value, perfectly_ordered, uniform_spec

SEARCHES = [minimax, alphabeta]


# --- Tic-tac-toe: numbers published elsewhere. ---

@pytest.fixture(scope="module")
def ttt_minimax():
    return minimax(TicTacToe())


def test_tictactoe_full_minimax_counts(ttt_minimax):
    # 549,946 states in the full game tree, 255,168 finished games
    # (Schaefer; also OpenSpiel and aima-python count these numbers).
    r = ttt_minimax
    assert r.value == 0
    assert r.stats.nodes == 549_946
    assert r.stats.leaves == 255_168
    assert r.stats.max_depth == 9
    assert r.stats.prunes == 0


def test_tictactoe_every_first_move_draws():
    game = TicTacToe()
    root = game.initial_state
    values = [minimax(game, game.result(root, a)).value for a in game.actions(root)]
    assert values == [0] * 9


def test_tictactoe_alphabeta_natural_order_counts():
    r = alphabeta(TicTacToe(), prune_on_equal=True)
    assert r.value == 0
    assert r.stats.nodes == 18_297      # OpenSpiel's and aima-python's count
    assert r.move == 0                  # every move draws; ties go to the first


def test_tictactoe_pv_is_a_legal_drawn_game(ttt_minimax):
    game, state = TicTacToe(), TicTacToe.initial_state
    for a in ttt_minimax.pv:
        state = game.result(state, a)
    assert game.is_terminal(state) and game.utility(state, MAX) == 0


@pytest.mark.parametrize("search", SEARCHES)
def test_tictactoe_wins_are_found(search):
    game = TicTacToe()
    s = game.state("XX./OO./...")          # X to move wins at 2
    r = search(game, s)
    assert (r.value, r.move, r.pv) == (1, 2, (2,))
    s = game.state("XX./OO./X..")          # O to move wins at 5
    r = search(game, s)
    assert (r.value, r.move, r.pv) == (-1, 5, (5,))


# --- The lecture's two-ply example. ---

def test_two_ply_minimax():
    t = examples.two_ply()
    r = minimax(t, trace=True)
    assert (r.value, r.stats.nodes, r.stats.leaves) == (3, 13, 9)
    assert t.label(t.result(t.initial_state, r.move)) == "B"
    exits = {t.label(e.state): e.value for e in r.trace if e.kind == "exit"}
    assert exits == {"A": 3, "B": 3, "C": 2, "D": 2}


def test_two_ply_alphabeta_prunes_c_4_and_6():
    t = examples.two_ply()
    r = alphabeta(t, trace=True)
    assert r.value == 3
    assert t.label(t.result(t.initial_state, r.move)) == "B"
    assert r.stats.leaves == 7 and r.stats.nodes == 11 and r.stats.prunes == 1
    (path, pruned), = r.trace.prunes()
    c = t.node(path)
    assert t.label(c) == "C"
    assert [c.children[a].value for a in pruned] == [4, 6]
    scored = [e.value for e in r.trace if e.kind == "leaf"]
    assert scored == [3, 12, 8, 2, 14, 5, 2]
    # C returns 2, an upper bound: its true value is 2 as well, but alpha-beta cannot know.
    exit_c = next(e for e in r.trace if e.kind == "exit" and e.path == path)
    assert (exit_c.value, exit_c.bound) == (2, "upper")


# --- A second algorithm on thousands of random trees. ---

trees_st = st.builds(
    random_tree,
    branching=st.one_of(st.integers(1, 4), st.tuples(st.integers(1, 2), st.integers(2, 4))),
    depth=st.integers(0, 5),
    seed=st.integers(0, 2**32),
    low=st.just(-5),
    high=st.integers(-5, 5),   # narrow ranges make many ties
    root=st.sampled_from([MAX, MIN]),
)
heavy = settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@heavy
@given(trees_st)
def test_minimax_matches_the_definition(t):
    r = minimax(t)
    assert r.value == minimax_value(t.initial_state)
    assert r.stats.nodes == len(t)
    assert r.stats.leaves == sum(1 for _ in t.leaves())
    assert r.stats.max_depth == t.height


@heavy
@given(trees_st)
def test_alphabeta_value_equals_minimax(t):
    full = minimax(t)
    for prune_on_equal in (True, False):
        r = alphabeta(t, prune_on_equal=prune_on_equal)
        assert r.value == full.value
        assert r.move == full.move  # the root value is exact, so is the first best move
        assert r.stats.nodes <= full.stats.nodes


@heavy
@given(trees_st)
def test_alphabeta_visits_a_subset_and_strict_pruning_a_superset(t):
    everything = set(all_paths(t.initial_state))
    mm = set(minimax(t, trace=True).trace.visited())
    eq = alphabeta(t, trace=True, prune_on_equal=True)
    strict = alphabeta(t, trace=True, prune_on_equal=False)
    assert mm == everything
    assert set(eq.trace.visited()) <= mm
    assert set(eq.trace.visited()) <= set(strict.trace.visited())
    assert eq.stats.nodes == len(eq.trace.visited())


@heavy
@given(trees_st)
def test_pv_is_best_play(t):
    for search in SEARCHES:
        r = search(t)
        node = t.initial_state
        for a in r.pv:
            node = t.result(node, a)
        assert not node.children
        assert node.value == r.value


@settings(max_examples=300, deadline=None)
@given(trees_st, st.integers(0, 5))
def test_depth_limit_with_an_exact_evaluation_changes_nothing(t, depth):
    # Eval = the true minimax value: H-minimax must then agree at every depth.
    exact = lambda node, player: minimax_value(node) if player == MAX else -minimax_value(node)
    for search in SEARCHES:
        r = search(t, depth=depth, evaluate=exact)
        assert r.value == minimax_value(t.initial_state)
    r = minimax(t, depth=depth, evaluate=exact)
    assert r.stats.nodes == sum(1 for p in all_paths(t.initial_state) if len(p) <= depth)
    assert r.stats.max_depth == min(depth, t.height)


# --- Knuth & Moore (1975): perfect ordering scores b^ceil(d/2) + b^floor(d/2) - 1 leaves. ---

@pytest.mark.parametrize("b", [2, 3, 4, 5])
@pytest.mark.parametrize("d", [1, 2, 3, 4, 5, 6])
def test_knuth_moore_minimal_tree(b, d):
    rng = random.Random(b * 100 + d)
    leaves = rng.sample(range(10 * b**d), b**d)   # distinct values: no ties
    spec, value = perfectly_ordered(uniform_spec(b, d, leaves))
    r = alphabeta(tree(spec))
    assert r.value == value
    assert r.stats.leaves == b ** math.ceil(d / 2) + b ** math.floor(d / 2) - 1
    # Best move last everywhere: no cutoff at all up to 3 plies; from 4 plies on
    # a deep cutoff (alpha from the root, two levels up) can still fire.
    worst, _ = perfectly_ordered(uniform_spec(b, d, leaves), best_first=False)
    worst_leaves = alphabeta(tree(worst)).stats.leaves
    assert worst_leaves == b**d if d <= 3 else r.stats.leaves < worst_leaves <= b**d


# --- Players need not alternate: searches ask Player(s). ---

def test_non_alternating_players_follow_to_move():
    # MAX moves twice in a row on the left; MIN twice on the right.
    t = parse("[:max[[1 9] [4 2]] :min[:min[5 6] 7]]")
    for search in SEARCHES:
        assert search(t).value == minimax_value(t.initial_state) == 5


def test_grundy7_min_first_is_a_max_win():
    g = examples.grundy7()
    assert g.to_move(g.initial_state) == MIN
    for search in SEARCHES:
        r = search(g)
        assert r.value == 1          # MIN moves first from 7 and loses
        assert len(r.pv) % 2 == 0    # so MIN is the one left without a move


def test_stats_add_up_for_minimax():
    t = random_tree(3, 4, seed=7)
    r = minimax(t)
    inner = sum(1 for n in t.nodes() if n.children)
    assert r.stats.nodes == inner + r.stats.leaves
    assert r.stats.seconds >= 0


def test_terminal_root():
    t = tree(5)
    for search in SEARCHES:
        r = search(t)
        assert (r.value, r.move, r.pv, r.stats.nodes, r.stats.leaves) == (5, None, (), 1, 1)
