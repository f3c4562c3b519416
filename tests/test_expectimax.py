"""Expectimax, expectiminimax and Ballard's Star1 and Star2: values, counts, errors, traces, drawings.

The oracle here is written independently of the package: it walks the tree's
nodes (children, probabilities, player) and takes max, min and expectations
directly, with exact Fractions.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction as F

import matplotlib

matplotlib.use("Agg")  # off-screen, for these tests only

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from advsearch import (CHANCE, MAX, MIN, Game, GameError, InvalidTreeError, TicTacToe, alphabeta,  # noqa: E402
                       chance, draw, draw_frames, expectimax, expectiminimax, frames, minimax, parse,
                       Trace, random_tree, tree)
from advsearch.drawing.scene import scene  # noqa: E402
from advsearch.search.expectimax import RandomOpponent  # noqa: E402
from advsearch.trees import Node, Tree  # noqa: E402
from test_draw import layout_problems  # noqa: E402

PRUNINGS = ("star1", "star2")


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


# ------------------------------------------------------------------ the oracle


def brute_force(node, depth=None, evaluate=None, random_min=False):
    """MAX's expected value of the subtree at ``node``: max, min (or the average) and expectations.

    ``depth`` counts levels, chance levels included; at the cut ``evaluate(node)`` scores.
    """
    if not node.children:
        return node.value
    if depth == 0:
        return evaluate(node)
    below = None if depth is None else depth - 1
    values = [brute_force(c, below, evaluate, random_min) for c in node.children]
    if node.player == CHANCE:
        return sum(p * v for p, v in zip(node.probs, values))
    if node.player == MAX:
        return max(values)
    if random_min:
        return sum(values) * F(1, len(values))
    return min(values)


def best_moves(t, random_min=False):
    """The actions at the root whose value equals the root's (MAX to move)."""
    root = t.initial_state
    values = [brute_force(c, random_min=random_min) for c in root.children]
    return [i for i, v in enumerate(values) if v == max(values)]


def eval_by_path(node):
    """A made-up evaluation in -3..3, fixed by the node's path."""
    return (sum((i + 1) * (a + 1) for i, a in enumerate(node.path)) % 7) - 3


# ------------------------------------------------------------------ trees

LOW, HIGH = -5, 5

regular_trees = st.builds(
    random_tree, branching=st.sampled_from([1, 2, 3, (1, 3), (2, 3)]), depth=st.integers(0, 3),
    seed=st.integers(0, 10**6), low=st.just(LOW), high=st.just(HIGH), chance=st.just(True),
    root=st.sampled_from([MAX, MIN]))


def _chance_spec(branches):
    total = sum(w for w, _ in branches)
    return chance(*[(F(w, total), sub) for w, sub in branches])


def _extend(children):
    decision = st.lists(children, min_size=1, max_size=3)
    chance_node = st.lists(st.tuples(st.integers(1, 4), children), min_size=1, max_size=3).map(_chance_spec)
    return decision | chance_node


#: Irregular trees: chance nodes anywhere, above leaves, MAX, MIN or other chance nodes.
specs = st.recursive(st.integers(LOW, HIGH), _extend, max_leaves=24)
irregular_trees = st.builds(tree, specs, root=st.sampled_from([MAX, MIN]))

#: Bounds that hold every leaf, some of them loose.
bounds_st = st.tuples(st.integers(LOW - 4, LOW), st.integers(HIGH, HIGH + 4))


def spec_of(node):
    """The nested-list spec of a node's subtree."""
    if not node.children:
        return node.value
    subs = [spec_of(c) for c in node.children]
    if node.player == CHANCE:
        return chance(*zip(node.probs, subs))
    return subs


def shuffled(t, rng):
    """The same tree with every node's children in a random order (probabilities go with them)."""

    def spec(node):
        if not node.children:
            return node.value
        pairs = list(zip(node.probs or [None] * len(node.children), node.children))
        rng.shuffle(pairs)
        if node.player == CHANCE:
            return chance(*[(p, spec(c)) for p, c in pairs])
        return [spec(c) for _, c in pairs]

    node = t.initial_state
    while node.player == CHANCE:        # a chance root passes its level on: the player is below it
        node = node.children[0]
    return tree(spec(t.initial_state), root=node.player)


def same_answer(r, plain):
    assert r.value == plain.value
    assert r.move == plain.move
    assert r.pv == plain.pv
    assert r.stats.leaves <= plain.stats.leaves


# ------------------------------------------------------------------ the lecture's examples


def test_the_lecture_chance_node_is_worth_10():
    lecture = chance((F(1, 2), 8), (F(1, 3), 24), (F(1, 6), -12))
    assert expectiminimax(tree(lecture)).value == 10
    t = tree([lecture, chance((F(1, 2), 9), (F(1, 2), 3))], labels=True)
    r = expectiminimax(t)
    assert (r.value, r.move, r.pv) == (10, 0, (0,))
    assert (r.stats.nodes, r.stats.leaves, r.stats.prunes) == (8, 5, 0)
    assert expectimax(t).value == 10
    for pruning in PRUNINGS:
        assert expectiminimax(t, pruning=pruning, bounds=(-12, 24)).value == 10


def test_minimax_plays_a1_but_against_a_random_opponent_a3_is_best():
    # Worst cases 3, 1, 1; averages 4, 3, 7.
    t = tree([("A1", [3, 4, 5]), ("A2", [1, 2, 6]), ("A3", [1, 10, 10])])
    assert (minimax(t).value, minimax(t).move) == (3, 0)
    r = expectimax(t)
    assert (r.value, r.move, r.pv) == (7, 2, (2,))
    assert (r.stats.nodes, r.stats.leaves) == (13, 9)
    # the same as making the opponent's nodes chance nodes by hand
    by_hand = tree([chance(*[(F(1, 3), x) for x in row]) for row in ([3, 4, 5], [1, 2, 6], [1, 10, 10])])
    assert expectiminimax(by_hand).value == 7 and expectiminimax(by_hand).move == 2
    # expectiminimax still plays minimax where there is no chance
    assert (expectiminimax(t).value, expectiminimax(t).move) == (3, 0)


def test_exact_counts_on_a_hand_checked_tree():
    """Bounds [0, 10].  Star1: at E, F = 1; G's window is (5, 10) and its first leaf 5 cuts G (6 is
    pruned), so E <= 1/2 * 1 + 1/2 * 5 = 3 <= alpha = 3 and E stops at its last outcome.
    Star2: probes C, D (leaves 2 and 4), then searches C and D on from their second leaves; at E the
    probes of F and G (leaves 1 and 5) give E <= 3, a cut before 7 and 6 are scored."""
    t = parse("A[B:chance[1/2: C:min[2 9] 1/2: D:min[4 8]] E:chance[1/2: F:min[1 7] 1/2: G:min[5 6]]]")
    plain = expectiminimax(t, trace=True)
    star1 = expectiminimax(t, pruning="star1", bounds=(0, 10), trace=True)
    star2 = expectiminimax(t, pruning="star2", bounds=(0, 10), trace=True)
    assert plain.value == star1.value == star2.value == 3
    assert (plain.stats.nodes, plain.stats.leaves, plain.stats.prunes) == (15, 8, 0)
    assert (star1.stats.nodes, star1.stats.leaves, star1.stats.prunes) == (14, 7, 1)
    assert (star2.stats.nodes, star2.stats.leaves, star2.stats.prunes, star2.stats.probes) == (15, 6, 1, 4)
    leaves = lambda r: [t.label(e.state) or e.state.value for e in r.trace if e.kind == "leaf"]  # noqa: E731
    assert leaves(star1) == [2, 9, 4, 8, 1, 7, 5]
    assert leaves(star2) == [2, 4, 9, 8, 1, 5]
    visits = lambda r: [t.label(e.state) for e in r.trace if e.kind == "enter"]  # noqa: E731
    assert visits(star2) == ["A", "B", "C", "D", "C", "D", "E", "F", "G"]
    # Star1 cuts G (a MIN node) by alpha-beta; E's test fires at its last outcome, skipping nothing
    assert star1.trace.prunes() == [((1, 1), (1,))]
    exit_e = [e for e in star1.trace if e.kind == "exit" and e.path == (1,)][0]
    assert (exit_e.value, exit_e.bound, exit_e.interval) == (3, "upper", (F(1, 2), 3))
    # Star2's cut at E happens while probing: its prune event says which bound fired
    prune_e = [e for e in star2.trace if e.kind == "prune" and e.path == (1,)]
    assert [(e.player, e.value, e.bound, e.alpha, e.beta, e.pruned) for e in prune_e] == [
        (CHANCE, 3, "upper", 3, 10, ())]
    # the probes' stops are prune events whose bound says what the probe learnt
    stops = [(e.path, e.bound) for e in star2.trace if e.kind == "prune" and e.player != CHANCE]
    assert stops == [((0, 0), "upper"), ((0, 1), "upper"), ((1, 0), "upper"), ((1, 1), "upper")]


def test_star1_prunes_a_chance_node_and_says_which_bound_fired():
    t = tree([chance((F(1, 2), 8), (F(1, 2), 6)), chance((F(1, 2), 0), (F(1, 2), 9), )])
    r = expectiminimax(t, pruning="star1", bounds=(0, 10), trace=True)
    assert (r.value, r.stats.leaves, r.stats.prunes) == (7, 3, 1)
    [prune] = [e for e in r.trace if e.kind == "prune"]
    # after the 0, the second chance node is worth at most 1/2 * 0 + 1/2 * 10 = 5 <= alpha = 7
    assert (prune.path, prune.player, prune.value, prune.bound, prune.alpha, prune.pruned) == (
        (1,), CHANCE, 5, "upper", 7, (1,))
    assert prune.interval == (0, 5)
    # and with a high leaf first, the other bound fires: MIN cannot keep it below beta
    t = tree([[chance((F(1, 2), 1), (F(1, 2), 1)), chance((F(1, 2), 10), (F(1, 2), 0))]])
    r = expectiminimax(t, pruning="star1", bounds=(0, 10), trace=True)
    [prune] = [e for e in r.trace if e.kind == "prune" and e.player == CHANCE]
    assert (prune.value, prune.bound, prune.beta, prune.pruned) == (5, "lower", 1, (1,))
    assert r.value == 1 == expectiminimax(t).value


def test_a_cut_that_skips_nothing_is_not_counted():
    # Star2 probes the second chance node's leaves 9 and 4: it is worth 6.5 <= alpha = 7, but every
    # leaf has been scored by then, so nothing is pruned
    t = tree([chance((F(1, 2), 8), (F(1, 2), 6)), chance((F(1, 2), 9), (F(1, 2), 4))])
    r = expectiminimax(t, pruning="star2", bounds=(0, 10), trace=True)
    assert (r.value, r.stats.leaves, r.stats.prunes, r.trace.prunes()) == (7, 4, 0, [])
    exit_1 = [e for e in r.trace if e.kind == "exit" and e.path == (1,)][0]
    assert (exit_1.value, exit_1.bound, exit_1.interval) == (F(13, 2), "exact", (F(13, 2), F(13, 2)))


# ------------------------------------------------------------------ against the oracle


@settings(max_examples=300, deadline=None)
@given(st.one_of(regular_trees, irregular_trees))
def test_expectiminimax_equals_the_brute_force_expectation(t):
    r = expectiminimax(t)
    assert r.value == brute_force(t.initial_state)
    assert r.stats.nodes == len(t) and r.stats.leaves == len(t.leaves())
    root = t.initial_state
    if root.children and root.player == MAX:
        assert r.move == min(best_moves(t))
    elif root.children and root.player == CHANCE:
        assert r.move is None and r.pv == ()


@settings(max_examples=300, deadline=None)
@given(st.one_of(regular_trees, irregular_trees))
def test_expectimax_treats_min_as_a_uniformly_random_opponent(t):
    r = expectimax(t)
    assert r.value == brute_force(t.initial_state, random_min=True)
    assert r.stats.nodes == len(t)
    root = t.initial_state
    if root.children and root.player == MAX:
        assert r.move == min(best_moves(t, random_min=True)) and r.pv == (r.move,)
    elif root.children:
        assert r.move is None and r.pv == ()


@settings(max_examples=150, deadline=None)
@given(st.one_of(regular_trees, irregular_trees), st.integers(0, 4), st.sampled_from((None,) + PRUNINGS))
def test_depth_limits_count_every_level(t, depth, pruning):
    evaluate = lambda s, p: eval_by_path(s) if p == MAX else -eval_by_path(s)  # noqa: E731
    r = expectiminimax(t, depth=depth, evaluate=evaluate, pruning=pruning,
                       bounds=(LOW, HIGH) if pruning else None)
    assert r.value == brute_force(t.initial_state, depth, eval_by_path)
    assert r.stats.max_depth <= depth


# ------------------------------------------------------------------ Star1 and Star2


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(regular_trees, bounds_st)
def test_star1_and_star2_equal_expectiminimax_on_regular_trees(t, bounds):
    plain = expectiminimax(t)
    for pruning in PRUNINGS:
        same_answer(expectiminimax(t, pruning=pruning, bounds=bounds), plain)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(irregular_trees, bounds_st)
def test_star1_and_star2_equal_expectiminimax_on_any_tree(t, bounds):
    plain = expectiminimax(t)
    for pruning in PRUNINGS:
        same_answer(expectiminimax(t, pruning=pruning, bounds=bounds), plain)


@settings(max_examples=200, deadline=None)
@given(st.one_of(regular_trees, irregular_trees), st.integers(0, 2**32))
def test_star1_and_star2_are_correct_in_any_child_order(t, seed):
    value = expectiminimax(t).value
    rng = random.Random(seed)
    for _ in range(4):
        u = shuffled(t, rng)
        plain = expectiminimax(u)
        assert plain.value == value
        for pruning in PRUNINGS:
            same_answer(expectiminimax(u, pruning=pruning, bounds=(LOW, HIGH)), plain)


# ------------------------------------------------------------------ prune_on_equal


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(regular_trees, irregular_trees), bounds_st, st.sampled_from(PRUNINGS))
def test_without_pruning_on_equality_star1_and_star2_still_equal_expectiminimax(t, bounds, pruning):
    # Leaves are whole numbers in -5..5, so values often tie with a bound: the case that differs.
    plain = expectiminimax(t)
    assert plain.value == brute_force(t.initial_state)
    on_equal = expectiminimax(t, pruning=pruning, bounds=bounds)
    strict = expectiminimax(t, pruning=pruning, bounds=bounds, prune_on_equal=False)
    same_answer(strict, plain)
    same_answer(on_equal, plain)
    assert strict.stats.leaves >= on_equal.stats.leaves     # cutting only strictly beyond never prunes more


def test_a_bound_equal_to_the_window_cuts_only_when_pruning_on_equality():
    # E's bound after probing is 1/2 * 1 + 1/2 * 5 = 3, equal to B's 3 (see expectiminimax's docstring).
    t = parse("A[B:chance[1/2: C:min[2 9] 1/2: D:min[4 8]] E:chance[1/2: F:min[1 7] 1/2: G:min[5 6]]]")
    counts = {(p, e): (r.value, r.stats.leaves, r.stats.prunes)
              for p in PRUNINGS for e in (True, False)
              for r in [expectiminimax(t, pruning=p, bounds=(0, 10), prune_on_equal=e)]}
    assert counts == {("star1", True): (3, 7, 1), ("star1", False): (3, 8, 0),
                      ("star2", True): (3, 6, 1), ("star2", False): (3, 8, 0)}
    # At a MIN node: the second one's first leaf, 3, ties MAX's 3 from the first; it stops there only on equality.
    u = tree([[3, 5], [3, 9]])                # no chance: Star1 is alpha-beta inside the window (0, 10)
    assert expectiminimax(u, pruning="star1", bounds=(0, 10)).stats.leaves == 3
    assert expectiminimax(u, pruning="star1", bounds=(0, 10), prune_on_equal=False).stats.leaves == 4
    assert alphabeta(u).stats.leaves == 3 and alphabeta(u, prune_on_equal=False).stats.leaves == 4


def test_star1_and_star2_save_leaves_on_regular_trees():
    plain = star1 = star2 = 0
    for seed in range(20):
        t = random_tree(3, 3, seed=seed, chance=True, low=-9, high=9)
        plain += expectiminimax(t).stats.leaves
        star1 += expectiminimax(t, pruning="star1", bounds=(-9, 9)).stats.leaves
        star2 += expectiminimax(t, pruning="star2", bounds=(-9, 9)).stats.leaves
    assert star2 < star1 < plain


def test_without_chance_star1_is_alphabeta_with_a_window():
    game = TicTacToe()
    r = expectiminimax(game, pruning="star1", bounds=(-1, 1))
    assert (r.value, r.move) == (minimax(game).value, minimax(game).move)
    assert r.stats.leaves < alphabeta(game).stats.leaves   # a win (+1) cannot be beaten: it cuts too


def test_float_probabilities_give_the_same_values_up_to_rounding():
    t = random_tree(3, 2, seed=5, chance=True)
    floats = tree(spec_of_floats(t.initial_state))
    exact = expectiminimax(t).value
    for pruning in (None,) + PRUNINGS:
        r = expectiminimax(floats, pruning=pruning, bounds=(-9, 9) if pruning else None)
        assert isinstance(r.value, float) and r.value == pytest.approx(float(exact))


def spec_of_floats(node):
    if not node.children:
        return node.value
    subs = [spec_of_floats(c) for c in node.children]
    if node.player == CHANCE:
        probs = [float(p) for p in node.probs]
        probs[-1] = 1 - sum(probs[:-1])
        return chance(*zip(probs, subs))
    return subs


# ------------------------------------------------------------------ games


class Dice(Game):
    """MAX rolls a fair die (or a loaded one) then either stops with it or rolls once more, for keeps."""

    initial_state = ()
    utility_range = (1, 6)

    def __init__(self, probabilities=None):
        self.probabilities = probabilities or [F(1, 6)] * 6

    def to_move(self, s):
        return CHANCE if len(s) in (0, 2) else MAX

    def actions(self, s):
        return ("stop", "again") if len(s) == 1 else tuple(range(1, 7))

    def result(self, s, a):
        return s + (a,)

    def is_terminal(self, s):
        return len(s) == 3 or s[-1:] == ("stop",)

    def utility(self, s, player):
        return s[-1] if s[-1] != "stop" else s[0]

    def chance_outcomes(self, s):
        return list(zip(range(1, 7), self.probabilities))


def test_a_dice_game_uses_the_games_utility_range_as_bounds():
    # Stop on 4, 5, 6; roll again (3.5 on average) on 1, 2, 3: (3 * 3.5 + 4 + 5 + 6) / 6 = 4.25
    plain = expectiminimax(Dice())
    assert plain.value == F(17, 4) and plain.move is None and plain.pv == ()
    for pruning in PRUNINGS:
        r = expectiminimax(Dice(), pruning=pruning)          # bounds from Dice.utility_range
        assert r.value == F(17, 4) and r.stats.leaves <= plain.stats.leaves
    r = expectiminimax(Dice(), (3,))
    assert (r.value, r.move, r.pv) == (F(7, 2), "again", ("again",))


def oracle_against_random(game, s):
    """MAX's expected utility when MIN picks uniformly at random, straight from the game's rules."""
    if game.is_terminal(s):
        return game.utility(s, MAX)
    values = [oracle_against_random(game, game.result(s, a)) for a in game.actions(s)]
    return max(values) if game.to_move(s) == MAX else F(sum(values), len(values))


def test_expectimax_plays_tictactoe_against_a_random_opponent():
    game = TicTacToe()
    s = game.state("X../.O./...")
    r = expectimax(game, s)
    assert r.value == oracle_against_random(game, s)
    assert minimax(game, s).value == 0 < r.value      # a draw against best play; more against a random one
    values = {a: oracle_against_random(game, game.result(s, a)) for a in game.actions(s)}
    assert r.move == next(a for a in game.actions(s) if values[a] == max(values.values()))
    assert r.stats.nodes == minimax(game, s).stats.nodes


def test_random_opponent_keeps_the_games_chance_and_labels():
    t = tree([chance((F(1, 4), [1, 2]), (F(3, 4), 3)), ("B", [4, 6])])
    g = RandomOpponent(t)
    b = t.node("B")
    assert g.to_move(b) == CHANCE and g.chance_outcomes(b) == [(0, F(1, 2)), (1, F(1, 2))]
    assert g.chance_outcomes(t.initial_state.children[0]) == [(0, F(1, 4)), (1, F(3, 4))]
    assert g.label(b) == "B" and g.render(b) == t.render(b) and repr(g).startswith("RandomOpponent(")
    assert expectimax(t).value == max(F(1, 4) * F(3, 2) + F(3, 4) * 3, 5)


# ------------------------------------------------------------------ errors


class Coin(Game):
    """A coin whose two sides have the probabilities it is given."""

    initial_state = "toss"

    def __init__(self, heads, tails):
        self.heads, self.tails = heads, tails

    def to_move(self, s):
        return CHANCE

    def actions(self, s):
        return ("heads", "tails") if s == "toss" else ()

    def result(self, s, a):
        return a

    def is_terminal(self, s):
        return s != "toss"

    def utility(self, s, player):
        return 1 if s == "heads" else -1

    def chance_outcomes(self, s):
        return [("heads", self.heads), ("tails", self.tails)]


@pytest.mark.parametrize("heads, tails, message", [
    (0.5, 0.6, "sum to 1.1"),
    (F(1, 3), F(1, 3), "sum to 2/3"),
    (1.5, -0.5, "probability -0.5"),
    (1, 0, "probability 0;"),
    ("1/2", "1/2", "probability '1/2'"),
])
@pytest.mark.parametrize("search", [
    expectimax, expectiminimax,
    lambda g: expectiminimax(g, pruning="star1", bounds=(-1, 1)),
    lambda g: expectiminimax(g, pruning="star2", bounds=(-1, 1)),
])
def test_bad_probabilities_raise_a_game_error_naming_the_state(search, heads, tails, message):
    with pytest.raises(GameError, match=f"chance node 'toss' .*{message}"):
        search(Coin(heads, tails))


def test_probabilities_within_1e_9_of_one_are_accepted():
    assert expectiminimax(Coin(0.5 + 4e-10, 0.5)).value == pytest.approx(0, abs=1e-9)
    with pytest.raises(GameError, match="not 1"):
        expectiminimax(Coin(0.5 + 2e-9, 0.5))


def test_bad_probabilities_in_a_hand_made_tree_raise_an_invalid_tree_error():
    leaves = [Node(None, MAX, value=v, path=(0, i)) for i, v in enumerate((1, 2))]
    bad = Node(None, CHANCE, leaves, probs=(F(1, 2), F(1, 3)), path=(0,))
    t = Tree(Node(None, MAX, [bad, Node(None, MIN, value=0, path=(1,))]))
    with pytest.raises(InvalidTreeError, match=r"chance node at \[0\] .*sum to 5/6, not 1"):
        expectiminimax(t)


def test_pruning_without_finite_bounds_raises():
    t = random_tree(2, 2, seed=1, chance=True)
    for pruning in PRUNINGS:
        with pytest.raises(ValueError, match="finite bounds"):
            expectiminimax(t, pruning=pruning)                  # a tree's utility_range is (-inf, inf)
        with pytest.raises(ValueError, match="finite bounds"):
            expectiminimax(t, pruning=pruning, bounds=(-9, math.inf))


@pytest.mark.parametrize("bounds, message", [
    ((3, 3), "needs low < high"),
    ((9, -9), "needs low < high"),
    ((0, "9"), "pair of numbers"),
    ((0, math.nan), "pair of numbers"),
    (5, "pair"),
    ((1, 2, 3), "pair"),
])
def test_bad_bounds_raise(bounds, message):
    t = random_tree(2, 2, seed=1, chance=True)
    for pruning in (None,) + PRUNINGS:
        with pytest.raises(ValueError, match=message):
            expectiminimax(t, pruning=pruning, bounds=bounds)


def test_a_leaf_outside_the_bounds_raises():
    t = tree([chance((F(1, 2), 3), (F(1, 2), 12))])
    for pruning in (None,) + PRUNINGS:
        with pytest.raises(GameError, match=r"scored 12, outside the bounds \[0, 10\].*unsound"):
            expectiminimax(t, pruning=pruning, bounds=(0, 10))
    with pytest.raises(GameError, match="outside the bounds"):          # an evaluation, too
        expectiminimax(t, depth=0, evaluate=lambda s, p: 20, pruning="star1", bounds=(0, 10))


def test_bad_arguments_raise_clear_errors():
    t = random_tree(2, 2, seed=1, chance=True)
    with pytest.raises(TypeError, match="prune_on_equal must be True or False, not 'yes'"):
        expectiminimax(t, pruning="star1", bounds=(-9, 9), prune_on_equal="yes")
    with pytest.raises(ValueError, match="pruning must be None, 'star1' or 'star2', not 'star3'"):
        expectiminimax(t, pruning="star3")
    with pytest.raises(ValueError, match="pruning must be"):
        expectiminimax(t, pruning=True)
    for search in (expectimax, expectiminimax):
        with pytest.raises(ValueError, match="depth must be >= 0"):
            search(t, depth=-1, evaluate=lambda s, p: 0)
        with pytest.raises(ValueError, match="evaluation function"):
            search(t, depth=2)
        with pytest.raises(ValueError, match="no depth was given"):
            search(t, evaluate=lambda s, p: 0)
        with pytest.raises(GameError, match="3 players"):
            search(random_tree(2, 2, seed=1, num_players=3))


def test_a_player_that_is_none_of_max_min_and_chance_is_named():
    class Odd(Coin):
        def to_move(self, s):
            return 7

    for search in (expectimax, expectiminimax, lambda g: expectiminimax(g, pruning="star2", bounds=(-1, 1))):
        with pytest.raises(GameError, match="gave 7, not MAX .0., MIN .1. or CHANCE .-1."):
            search(Odd(0.5, 0.5))


# ------------------------------------------------------------------ traces and drawings


def check_events(r, probing=False):
    """Enter/exit nest; counts agree with the stats; the root's last event carries the value."""
    kinds = Counter(e.kind for e in r.trace)
    assert kinds["enter"] + kinds["leaf"] == r.stats.nodes
    assert kinds["leaf"] == r.stats.leaves
    assert kinds["enter"] == kinds["exit"]
    stops = sum(1 for e in r.trace if e.kind == "prune" and e.player != CHANCE and e.bound != "exact")
    assert kinds["prune"] - stops == r.stats.prunes
    if not probing:
        assert kinds["update"] == r.stats.nodes - 1 and stops == 0
    stack = []
    for e in r.trace:
        if e.kind == "enter":
            stack.append(e.path)
        elif e.kind == "exit":
            assert stack.pop() == e.path
        else:
            assert e.path[: len(stack[-1])] == stack[-1] if stack else e.path == ()
        assert e.interval is None or e.interval[0] <= e.interval[1]
    assert not stack
    assert r.trace.final_values()[()][0] == r.value
    assert r.trace.pv == r.pv


@settings(max_examples=200, deadline=None)
@given(st.one_of(regular_trees, irregular_trees))
def test_traces_are_well_formed_and_cost_nothing_when_off(t):
    results = [(expectiminimax, {}), (expectimax, {})] + [
        (expectiminimax, dict(pruning=p, bounds=(LOW, HIGH))) for p in PRUNINGS]
    for search, kw in results:
        r = search(t, trace=True, **kw)
        check_events(r, probing=kw.get("pruning") == "star2")
        quiet = search(t, **kw)
        assert quiet.trace is None
        assert (quiet.value, quiet.move, quiet.stats.nodes, quiet.stats.leaves) == (
            r.value, r.move, r.stats.nodes, r.stats.leaves)
        # every node returns an interval that holds its true value, and an exact value is the truth
        for e in r.trace:
            if e.kind == "exit":
                truth = brute_force(t.node(e.path), random_min=search is expectimax)
                assert e.interval[0] <= truth <= e.interval[1]
                if e.bound == "exact":
                    assert e.value == truth


def test_chance_nodes_are_drawn_as_circles_with_probabilities_on_their_edges(tmp_path):
    t = parse("A[B:chance[1/2: C:min[2 9] 1/2: D:min[4 8]] E:chance[1/2: F:min[1 7] 1/2: G:min[5 6]]]")
    for pruning in (None,) + PRUNINGS:
        r = expectiminimax(t, pruning=pruning, bounds=(0, 10), trace=True)
        ax = draw(r, bounds=True, title=f"expectiminimax, pruning={pruning}")
        labels = sorted(txt.get_text() for txt in ax.texts if txt.get_gid() == "edge label")
        assert labels == ["1/2"] * 4
        corners = {a.get_gid(): len(a.get_marker().vertices) for a in ax.lines
                   if str(a.get_gid()).startswith("node ")}
        assert corners["node (0,)"] == corners["node (1,)"] > 8          # ○
        assert corners["node ()"] == corners["node (0, 0)"] == 4          # ▲, ▼
        assert layout_problems(ax.figure) == []
        ax.figure.savefig(tmp_path / f"{pruning}.png")
        assert (tmp_path / f"{pruning}.png").stat().st_size > 0
    s = scene(expectiminimax(t, pruning="star2", bounds=(0, 10), trace=True))
    # E was cut while probing: it shows the interval that settled it, and F's and G's second leaves are pruned
    assert s.nodes[(1,)]["text"] == "[0, 3]" and s.nodes[(1,)]["bound"] == "upper"
    assert s.nodes[(1, 0, 1)]["status"] == s.nodes[(1, 1, 1)]["status"] == "pruned"
    assert s.nodes[(0, 0, 1)]["status"] == "visited"       # probed, then searched on
    assert s.edges[(), (0,)]["pv"] and not s.edges[(0,), (0, 0)]["pv"]    # the PV stops at chance


def test_expectimax_draws_the_random_opponent_as_chance_nodes():
    t = tree([("A1", [3, 4, 5]), ("A2", [1, 2, 6]), ("A3", [1, 10, 10])])
    r = expectimax(t, trace=True)
    ax = draw(r)
    labels = [txt.get_text() for txt in ax.texts if txt.get_gid() == "edge label"]
    assert labels == ["1/3"] * 9
    s = scene(r)
    assert s.nodes[(2,)]["player"] == CHANCE and s.nodes[(2,)]["text"] == "7" and s.nodes[(2,)]["label"] == "A3"
    assert layout_problems(ax.figure) == []


def test_frames_of_a_chance_search_show_the_chance_nodes_interval():
    t = parse("A[B:chance[1/2: C:min[2 9] 1/2: D:min[4 8]] E:chance[1/2: F:min[1 7] 1/2: G:min[5 6]]]")
    r = expectiminimax(t, pruning="star2", bounds=(0, 10), trace=True)
    # after the probes of C and D (leaves 2 and 4), B lies in [0, 1/2 * 2 + 1/2 * 4] = [0, 3]
    step = [k for k, e in enumerate(r.trace) if e.kind == "update" and e.path == (0,)][1]
    s = scene(r, step=step)
    assert s.nodes[(0,)]["interval"] == (0, 3) and s.nodes[(0,)]["text"] == "[0, 3]"
    # without bounds nothing is known of a chance node until its last outcome is in
    plain = expectiminimax(t, trace=True)
    step = next(k for k, e in enumerate(plain.trace) if e.kind == "update" and e.path == (0,))
    assert scene(plain, step=step).nodes[(0,)]["text"] == ""
    assert len(frames(r)) == len(r.trace)
    fig = draw_frames(r, intervals=True)
    assert layout_problems(fig) == []


@pytest.mark.parametrize("seed", [3, 4])
def test_a_random_chance_tree_search_draws_without_overlaps(seed):
    t = random_tree((2, 3), 2, seed=seed, chance=True, labels=True)
    for pruning in PRUNINGS:
        ax = draw(expectiminimax(t, pruning=pruning, bounds=(-9, 9), trace=True), bounds=True)
        assert layout_problems(ax.figure) == []


def test_narration_explains_chance_cuts_and_probes():
    """A chance cut names the bound that fired; a Star2 probe stop does not read as an alpha-beta cut."""
    said = {"chance": False, "probe": False}
    for seed in range(40):
        game = random_tree(2, 2, seed=seed, chance=True)
        for pruning in ("star1", "star2"):
            r = expectiminimax(game, pruning=pruning, bounds=(-100, 100), trace=True)
            assert r.trace.bounds == (-100, 100)
            for e, line in zip(r.trace, r.trace.narrate()):
                if e.kind == "prune" and e.player == CHANCE:
                    said["chance"] = True
                    assert "(chance)" in line and ("at most" in line) == (e.bound == "upper")
                    assert "will never let play" not in line
                elif e.kind == "prune" and e.bound != "exact":
                    said["probe"] = True
                    assert "probe" in line and "will never let play" not in line
            graph = r.trace.to_networkx()
            searched = {e.path for e in r.trace if e.kind in ("enter", "leaf")}
            assert all(graph.nodes[p]["status"] == "visited" for p in searched if p in graph)
    assert said == {"chance": True, "probe": True}
    assert Trace(game, game.initial_state, "x").bounds is None
