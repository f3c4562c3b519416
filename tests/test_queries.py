"""The shared queries: Trace.visits / scored / leaves / unvisited_leaves, the oracle Tree.values, minimax(order=).

Each is checked against a fact found another way: what a RecordingGame saw
the same search ask of the game, a brute-force walk of the tree, a search of
every subtree, or a fold written out here by hand.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advsearch import (CHANCE, MAX, MIN, alphabeta, chance, expectiminimax, maxn, minimax, parse, random_tree,
                       tree)
from advsearch.recording import RecordingGame
from advsearch.search.ordering import Static
from advsearch.trees import CHANCE_RULES
from oracles import minimax_value


def reverse(state, actions):
    """Children right to left."""
    return list(actions)[::-1]


def evaluate(state, player=MAX):
    """A made-up Eval for depth-limited searches, from the node's path."""
    h = (sum((i + 2) * (a + 1) for i, a in enumerate(state.path)) * 5 + 3) % 13 - 6
    return h if player == MAX else -h


ORDERS = {"natural": None, "reversed": reverse, "reversed piece": Static(lambda state, action: action)}


@st.composite
def two_player_trees(draw, max_depth=4):
    """Random trees of MAX and MIN nodes: even or uneven branching (leaves at several depths), either root."""
    branching = draw(st.sampled_from([(1, 3), (2, 3), 2, 3]))
    return random_tree(branching, draw(st.integers(1, max_depth)), seed=draw(st.integers(0, 10**6)), low=-4,
                       high=4, root=draw(st.sampled_from([MAX, MIN])))


@st.composite
def chance_trees(draw):
    return random_tree((1, 3), draw(st.integers(1, 2)), seed=draw(st.integers(0, 10**6)), chance=True,
                       low=-4, high=4, root=draw(st.sampled_from([MAX, MIN])))


@st.composite
def searches(draw):
    """``(tree, search, keyword arguments)``: alpha-beta (either tie rule) or minimax, any order, maybe a depth."""
    t = draw(two_player_trees())
    search = draw(st.sampled_from([alphabeta, alphabeta, minimax]))     # alpha-beta twice as often: it prunes
    kwargs = {"order": ORDERS[draw(st.sampled_from(sorted(ORDERS)))]}
    if search is alphabeta:
        kwargs["prune_on_equal"] = draw(st.booleans())
    if draw(st.booleans()):
        kwargs["depth"] = draw(st.integers(1, max(1, t.height)))
    return t, search, kwargs


def recorded(t, search, kwargs):
    """What the search asked of the game, as a RecordingGame lists it."""
    game = RecordingGame(t, evaluate=evaluate)
    extra = {"evaluate": game.evaluate} if "depth" in kwargs else {}
    search(game, **kwargs, **extra)
    return game


def traced(t, search, kwargs):
    extra = {"evaluate": evaluate} if "depth" in kwargs else {}
    return search(t, **kwargs, **extra, trace=True).trace


def searched_leaves(t, depth):
    """Brute force: the leaves of the searched tree, left to right (terminal, or at the depth limit)."""
    return [n.path for n in t.nodes()
            if (not n.children and (depth is None or len(n.path) <= depth)) or len(n.path) == depth]


# ------------------------------------------------------------------ Trace.visits


@settings(max_examples=150, deadline=None)
@given(searches())
def test_trace_visits_are_what_a_recording_game_sees_the_same_search_do(case):
    t, search, kwargs = case
    assert traced(t, search, kwargs).visits() == recorded(t, search, kwargs).visits()


def test_a_depth_limit_gives_eval_visits_where_the_search_calls_evaluate():
    t = parse("[[[3 5] [6 9]] [[1 2] [0 -1]]]")
    kwargs = {"depth": 2}
    visits = traced(t, minimax, kwargs).visits()
    assert visits == recorded(t, minimax, kwargs).visits()
    assert [p for kind, p in visits if kind == "eval"] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert not [p for kind, p in visits if kind == "score"]


def test_visits_of_the_lecture_tree_are_exact():
    r = alphabeta(parse("A[B[3 12 8] C[2 4 6] D[14 5 2]]"), trace=True)
    assert r.trace.visits() == [("expand", ()), ("expand", (0,)), ("score", (0, 0)), ("score", (0, 1)),
                                ("score", (0, 2)), ("expand", (1,)), ("score", (1, 0)), ("expand", (2,)),
                                ("score", (2, 0)), ("score", (2, 1)), ("score", (2, 2))]


# ----------------------------------------------- scored, leaves and unvisited_leaves


@settings(max_examples=150, deadline=None)
@given(searches())
def test_unvisited_leaves_are_every_leaf_the_recording_game_never_saw_scored(case):
    t, search, kwargs = case
    trace = traced(t, search, kwargs)
    seen = {p for kind, p in recorded(t, search, kwargs).log if kind in ("score", "eval")}
    leaves = searched_leaves(t, kwargs.get("depth"))
    assert trace.leaves() == leaves
    assert trace.scored() == seen
    assert trace.unvisited_leaves() == [p for p in leaves if p not in seen]
    if search is minimax:
        assert trace.unvisited_leaves() == []


def test_the_lectures_pruned_leaves():
    t = parse("A[B[3 12 8] C[2 4 6] D[14 5 2]]")
    assert alphabeta(t, trace=True).trace.unvisited_leaves() == [(1, 1), (1, 2)]
    assert alphabeta(t, trace=True, order=reverse).trace.unvisited_leaves() == []


# ------------------------------------------------------------------ Tree.values


@settings(max_examples=100, deadline=None)
@given(two_player_trees())
def test_values_are_minimax_values_at_every_node(t):
    values = t.values()
    assert set(values) == {n.path for n in t.nodes()}
    for node in t.nodes():
        assert values[node.path] == minimax(t, node).value == minimax_value(node)


@settings(max_examples=60, deadline=None)
@given(chance_trees())
def test_values_with_chance_are_expectiminimax_values_at_every_node(t):
    values = t.values()
    for node in t.nodes():
        assert values[node.path] == expectiminimax(t, node).value


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 4), st.integers(1, 3), st.integers(0, 10**6))
def test_values_of_many_players_are_maxn_vectors_at_every_node(n, depth, seed):
    t = random_tree((1, 3), depth, seed=seed, num_players=n, low=0, high=3)   # few payoffs: many ties
    values = t.values()
    for node in t.nodes():
        assert values[node.path] == maxn(t, node).value


def hand_fold(node, rule):
    """The value of ``node`` written out: MAX max, MIN min, chance by ``rule``."""
    if not node.children:
        return node.value
    kids = [hand_fold(c, rule) for c in node.children]
    if node.player == MAX:
        return max(kids)
    if node.player == MIN:
        return min(kids)
    if rule == "expectation":
        return sum(p * v for p, v in zip(node.probs, kids))
    if rule == "mean":
        return sum(kids) / len(kids)
    return max(kids) if rule == "max" else min(kids)


@settings(max_examples=60, deadline=None)
@given(chance_trees(), st.sampled_from(sorted(CHANCE_RULES)))
def test_each_chance_rule_is_the_hand_fold(t, rule):
    values = t.values(rule)
    for node in t.nodes():
        assert values[node.path] == hand_fold(node, rule)


def test_each_chance_rule_on_a_small_tree_worked_by_hand():
    # MAX chooses between a chance node (1/4: 8, 3/4: MIN[0 4]) and a sure 1.
    t = tree([chance((Fraction(1, 4), 8), (Fraction(3, 4), [0, 4])), 1])
    assert t.node((0,)).player == CHANCE
    expected = {"expectation": (Fraction(2), Fraction(2)),    # 1/4·8 + 3/4·0 = 2 > 1
                "mean": (4, 4),                               # (8 + 0) / 2 = 4
                "min": (0, 1),                                # chance as MIN: 0, so MAX takes the sure 1
                "max": (8, 8)}
    for rule, (at_chance, at_root) in expected.items():
        values = t.values(rule)
        assert (values[(0,)], values[()]) == (at_chance, at_root), rule


def test_an_unknown_chance_rule_is_refused():
    with pytest.raises(ValueError, match="chance must be one of 'expectation', 'mean', 'min', 'max', not 'median'"):
        tree([1, 2]).values("median")


@settings(max_examples=60, deadline=None)
@given(two_player_trees())
def test_when_max_decides_everywhere_a_node_is_worth_the_best_leaf_below_it(t):
    high, low = t.values(decides=lambda player: MAX), t.values(decides=lambda player: MIN)
    for node in t.nodes():
        below = [leaf.value for leaf in t.leaves() if leaf.path[:len(node.path)] == node.path]
        assert high[node.path] == max(below) and low[node.path] == min(below)


def test_decides_swapped_turns_max_into_min():
    t = parse("A[B[3 12 8] C[2 4 6] D[14 5 2]]")
    swapped = t.values(decides=lambda player: MIN if player == MAX else MAX)
    assert (swapped[()], swapped[(0,)], swapped[(1,)], swapped[(2,)]) == (6, 12, 6, 14)


def test_decides_is_for_two_players_only():
    with pytest.raises(ValueError, match="decides= is for two-player trees; this tree has 3 players"):
        tree([(1, 2, 3), (3, 2, 1)]).values(decides=lambda player: MAX)


# ------------------------------------------------------------------ minimax(order=)


def mirrored_visits(node):
    """Brute force: minimax visits, children right to left."""
    if not node.children:
        return [("score", node.path)]
    out = [("expand", node.path)]
    for child in reversed(node.children):
        out += mirrored_visits(child)
    return out


@settings(max_examples=100, deadline=None)
@given(two_player_trees(), st.sampled_from(["reversed", "reversed piece"]))
def test_minimax_with_an_order_has_the_same_value_and_visits_children_in_that_order(t, how):
    plain, ordered = minimax(t), minimax(t, order=ORDERS[how], trace=True)
    assert ordered.value == plain.value == minimax_value(t.initial_state)
    assert ordered.trace.visits() == mirrored_visits(t.initial_state)
    assert ordered.stats.nodes == plain.stats.nodes == len(t)
    root = t.initial_state
    if root.children:      # the move is a best one, the last in actions() order among equals
        best = [a for a in root.actions if minimax_value(root.children[a]) == plain.value]
        assert ordered.move == best[-1] and plain.move == best[0]


def test_minimax_order_on_the_lecture_tree():
    r = minimax(parse("A[B[3 12 8] C[2 4 6] D[14 5 2]]"), order=reverse, trace=True)
    assert r.value == 3 and r.move == 0
    assert r.trace.visits()[:4] == [("expand", ()), ("expand", (2,)), ("score", (2, 2)), ("score", (2, 1))]


# ------------------------------------------------------------------ old names


def test_the_old_names_players_and_cutoffs_are_gone():
    assert random_tree(2, 2, seed=5, num_players=3).num_players == 3
    with pytest.raises(TypeError, match="unexpected keyword argument 'players'"):
        random_tree(2, 2, seed=5, players=3)
    r = alphabeta(parse("A[B[3 12 8] C[2 4 6] D[14 5 2]]"))
    assert r.stats.prunes == 1
    with pytest.raises(AttributeError, match="'Stats' object has no attribute 'cutoffs'"):
        r.stats.cutoffs
