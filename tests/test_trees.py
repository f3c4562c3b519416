"""Tests for advsearch.trees: nested-list specs, the text form, random trees, the Tree game."""

from __future__ import annotations

import itertools
import math
import pickle
import random
from fractions import Fraction

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advsearch.game import CHANCE, MAX, MIN, GameError, IllegalMoveError, InvalidTreeError
from advsearch.search.alphabeta import alphabeta
from advsearch.search.minimax import minimax
from advsearch.trees import Node, Tree, chance, parse, random_tree, tree

TWO_PLY = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def two_ply():
    return tree(TWO_PLY, labels=True)


def decision_ancestors(t: Tree, node: Node) -> int:
    """How many of the node's ancestors are decision (non-chance) nodes."""
    path = node.path
    return sum(t.node(path[:k]).player != CHANCE for k in range(len(path)))


def assert_same_nodes(a: Tree, b: Tree):
    """Node-by-node equality of two trees, including the types of values and probabilities.

    A leaf's player is not written in the text form, so it is compared only where a
    decision node above it fixes it (a leaf root, or leaves under a chance root,
    take the default player when parsed).
    """
    pairs = list(itertools.zip_longest(a.nodes(), b.nodes()))
    for x, y in pairs:
        assert x is not None and y is not None, "trees differ in size"
        assert (x.path, x.label, x.actions) == (y.path, y.label, y.actions)
        assert x.value == y.value and type(x.value) is type(y.value)
        if isinstance(x.value, tuple):
            assert list(map(type, x.value)) == list(map(type, y.value))
        assert x.probs == y.probs
        if x.probs is not None:
            assert list(map(type, x.probs)) == list(map(type, y.probs))
        if x.children or decision_ancestors(a, x):
            assert x.player == y.player, x.path
    assert a.num_players == b.num_players


def assert_round_trip(t: Tree):
    text = str(t)
    back = parse(text)
    assert back == t
    assert str(back) == text
    assert_same_nodes(t, back)


# ------------------------------------------------------------ the textbook tree


def test_two_ply_structure_labels_and_values():
    t = two_ply()
    root = t.initial_state
    assert root.label == "A" and root.player == MAX and root.path == ()
    assert [c.label for c in root.children] == ["B", "C", "D"]
    assert [c.player for c in root.children] == [MIN, MIN, MIN]
    assert [[leaf.value for leaf in c.children] for c in root.children] == TWO_PLY
    assert all(leaf.label is None for leaf in t.leaves())
    assert all(leaf.player == MAX for leaf in t.leaves())
    assert str(t) == "A[B[3 12 8] C[2 4 6] D[14 5 2]]"
    assert str(tree(TWO_PLY)) == "[[3 12 8] [2 4 6] [14 5 2]]"
    assert len(t) == 13 and t.height == 2 and t.num_players == 2


def test_two_ply_searches_give_3():
    t = two_ply()
    r = minimax(t)
    assert (r.value, r.move) == (3, 0)
    assert r.stats.leaves == 9
    r = alphabeta(t)
    assert (r.value, r.move) == (3, 0)
    assert r.stats.leaves == 7  # C's 4 and 6 are pruned (Russell & Norvig, Fig. 5.5)


@given(seed=st.integers(0, 10**6), depth=st.integers(0, 4), b=st.integers(1, 3))
@settings(max_examples=50, deadline=None)
def test_alphabeta_agrees_with_minimax_on_random_trees(seed, depth, b):
    t = random_tree(b, depth, seed=seed)
    assert alphabeta(t).value == minimax(t).value


def test_minimax_value_of_min_rooted_tree():
    t = tree([[3, 5], [1, 9]], root=MIN)
    # MIN picks the child whose MAX value is smaller: max(3, 5) = 5 vs max(1, 9) = 9.
    assert minimax(t).value == 5 and minimax(t).move == 0


# --------------------------------------------------------- spec <-> text pairs


PAIRS = [
    (TWO_PLY, {}, "[[3 12 8] [2 4 6] [14 5 2]]"),
    ([[1, 2], 3], {"root": MIN}, ":min[[1 2] 3]"),
    ([chance((Fraction(1, 2), [3, 5]), (Fraction(1, 2), [1, 9]))], {},
     "[:chance[1/2: [3 5] 1/2: [1 9]]]"),
    (chance((0.5, [3, 5]), (0.5, [1, 9])), {}, ":chance[0.5: [3 5] 0.5: [1 9]]"),
    (("C", chance((1, 5))), {}, "C:chance[1: 5]"),
    ([("b1", 3), ("X", [1, 2])], {}, "[b1=3 X[1 2]]"),
    ([[(1, 2, 3), (4, 5, 6)], [(7, 8, 9)]], {}, "[[(1,2,3) (4,5,6)] [(7,8,9)]]"),
    ([(1, -2, 3)], {"root": 2}, ":p2[(1,-2,3)]"),
    ([0.5, Fraction(-1, 3), -2, 1e20, -0.0], {}, "[0.5 -1/3 -2 1e+20 -0.0]"),
    ([1, [2, [3, 4]]], {}, "[1 [2 [3 4]]]"),
    (("top", [("B'", [1]), ("_x", 2)]), {}, "top[B'[1] _x=2]"),
    (7, {}, "7"),
]


@pytest.mark.parametrize("spec, kwargs, text", PAIRS)
def test_tree_and_parse_agree(spec, kwargs, text):
    t = tree(spec, **kwargs)
    assert str(t) == text
    assert parse(text) == t
    assert_same_nodes(t, parse(text))


def test_parse_number_types():
    leaves = parse("[3 0.5 1/3 -2/4 1e3 2.0]").leaves()
    values = [leaf.value for leaf in leaves]
    assert values == [3, 0.5, Fraction(1, 3), Fraction(-1, 2), 1000.0, 2.0]
    assert [type(v) for v in values] == [int, float, Fraction, Fraction, float, float]


def test_parse_separators_comments_and_case():
    text = """
    # the two-ply example, one MIN node per line
    A[ B[3, 12, 8]   # left
       C[2,4,6]
       D[14 5 2] ]
    """
    assert parse(text) == two_ply()
    assert parse(":MIN[[1 2] 3]") == tree([[1, 2], 3], root=MIN)
    assert parse(":Chance[1/2:3, 1/2:4]") == tree(chance((Fraction(1, 2), 3), (Fraction(1, 2), 4)))


def test_explicit_markers_override_alternation():
    # A MAX node whose child is MAX again (a "pass"), then MIN below that.
    t = parse("[:max[1 [2 3]] 4]")
    root = t.initial_state
    assert root.children[0].player == MAX
    assert root.children[0].children[1].player == MIN
    assert str(t) == "[:max[1 [2 3]] 4]"
    # A leaf followed by a marked sibling is not mistaken for a probability.
    assert parse("[3 :max[1 2]]").initial_state.children[1].player == MAX
    # max/min name players 0 and 1 in any game; p1 means MIN with two players.
    assert parse(":p1[1 2]") == parse(":min[1 2]")
    assert str(parse(":p1[1 2]")) == ":min[1 2]"


# ---------------------------------------------------------------- round trips


NUMBERS = st.one_of(
    st.integers(-50, 50),
    st.floats(allow_nan=False, allow_infinity=False),
    st.fractions(max_denominator=20),
)
LABEL_STEMS = st.sampled_from(["n", "X", "_q", "node_", "B'", "b1x"])


@st.composite
def specs(draw, max_depth=3):
    """A nested-list spec with its root player: decision and chance nodes, labels, any leaves."""
    arity = draw(st.sampled_from([None, None, 2, 3, 4]))
    serial = itertools.count()

    def leaf():
        if arity is None:
            return draw(NUMBERS)
        return tuple(draw(NUMBERS) for _ in range(arity))

    def chance_node(depth):
        weights = draw(st.lists(st.integers(1, 5), min_size=1, max_size=3))
        as_float = draw(st.booleans())
        probs = [Fraction(w, sum(weights)) for w in weights]
        probs = [float(p) for p in probs] if as_float else probs
        return chance(*[(p, node(depth + 1)) for p in probs])

    def node(depth):
        kind = draw(st.sampled_from(["leaf", "list", "list", "chance"])) if depth < max_depth else "leaf"
        if kind == "leaf":
            spec = leaf()
        elif kind == "list":
            spec = [node(depth + 1) for _ in range(draw(st.integers(1, 3)))]
        else:
            spec = chance_node(depth)
        if draw(st.booleans()):
            spec = (f"{draw(LABEL_STEMS)}{next(serial)}", spec)
        return spec

    spec = node(0)
    root = draw(st.integers(0, (arity or 2) - 1))
    return spec, root


@given(specs(), st.booleans())
@settings(max_examples=200, deadline=None)
def test_round_trip_of_spec_trees(spec_root, labels):
    spec, root = spec_root
    assert_round_trip(tree(spec, root=root, labels=labels))


@st.composite
def random_tree_args(draw):
    players = draw(st.integers(2, 4))
    branching = draw(st.one_of(st.integers(1, 3), st.tuples(st.integers(1, 2), st.integers(2, 3))))
    return dict(
        branching=branching,
        depth=draw(st.integers(0, 4)),
        seed=draw(st.integers(0, 2**32)),
        chance=draw(st.booleans()),
        num_players=players,
        root=draw(st.integers(0, players - 1)),
        labels=draw(st.booleans()),
        low=draw(st.integers(-20, 0)),
        high=draw(st.integers(0, 20)),
    )


@given(random_tree_args())
@settings(max_examples=100, deadline=None)
def test_round_trip_of_random_trees(args):
    assert_round_trip(random_tree(**args))


# ------------------------------------------------------------- player order


@given(random_tree_args())
@settings(max_examples=100, deadline=None)
def test_players_alternate_by_decision_level(args):
    t = random_tree(**args)
    n, root = args["num_players"], args["root"]
    assert t.num_players == n
    for node in t.nodes():
        if node.player != CHANCE:
            assert node.player == (root + decision_ancestors(t, node)) % n, node.path
        if args["chance"]:
            # Levels go decision, chance, decision, ...: chance nodes sit at odd depths.
            assert (node.player == CHANCE) == (len(node.path) % 2 == 1 and bool(node.children))


def test_players_across_chance_nodes():
    t = tree([chance((0.5, [chance((1, [1, 2]))]), (0.5, 3))])
    root = t.initial_state
    c = root.children[0]
    assert [root.player, c.player] == [MAX, CHANCE]
    assert c.children[0].player == MIN            # the node below the chance node
    assert c.children[1].player == MIN            # a leaf at MIN's level
    inner_chance = c.children[0].children[0]
    assert inner_chance.player == CHANCE
    assert inner_chance.children[0].player == MAX
    assert [leaf.player for leaf in inner_chance.children[0].children] == [MIN, MIN]


def test_players_min_root_and_three_players():
    t = tree([[[1, 2]]], root=MIN)
    assert [t.node(p).player for p in [(), (0,), (0, 0), (0, 0, 0)]] == [MIN, MAX, MIN, MAX]
    t = tree([[[[(1, 2, 3)]]]])
    assert [t.node((0,) * k).player for k in range(5)] == [0, 1, 2, 0, 1]
    t = tree([[[(1, 2, 3)]]], root=2)
    assert [t.node((0,) * k).player for k in range(4)] == [2, 0, 1, 2]


# ------------------------------------------------------------ the game methods


def test_result_and_illegal_moves():
    t = two_ply()
    root = t.initial_state
    b = t.result(root, 0)
    assert b is root.children[0] and t.result(b, 2).value == 8
    for bad in [3, -1, True, "0", 1.0, None, (0,)]:
        with pytest.raises(IllegalMoveError) as info:
            t.result(b, bad)
        assert "B" in str(info.value) and "[0, 1, 2]" in str(info.value)
        assert repr(bad) in str(info.value)
    leaf = t.result(b, 0)
    with pytest.raises(IllegalMoveError, match=r"\[0\]\[0\]"):
        t.result(leaf, 0)
    assert t.actions(leaf) == () and t.is_terminal(leaf) and not t.is_terminal(b)


def test_illegal_move_names_path_of_unlabelled_node():
    t = tree(TWO_PLY)
    with pytest.raises(IllegalMoveError, match=r"\[2\].*\[0, 1, 2\]"):
        t.result(t.node((2,)), 5)


def test_utility_two_players():
    t = tree([[3, -2.5, Fraction(1, 3)]])
    a, b, c = t.leaves()
    assert (t.utility(a, MAX), t.utility(a, MIN)) == (3, -3)
    assert (t.utility(b, MAX), t.utility(b, MIN)) == (-2.5, 2.5)
    assert t.utility(c, MIN) == Fraction(-1, 3)
    with pytest.raises(GameError, match="leaves only"):
        t.utility(t.initial_state, MAX)
    for bad in [2, CHANCE]:
        with pytest.raises(GameError, match="player"):
            t.utility(a, bad)


def test_utility_n_players():
    t = tree([[(1, 2, 3), (4, 5, 6)]])
    leaf = t.leaves()[1]
    assert [t.utility(leaf, p) for p in range(3)] == [4, 5, 6]
    with pytest.raises(GameError):
        t.utility(leaf, 3)
    with pytest.raises(GameError):
        t.utility(leaf, -1)


def test_chance_outcomes():
    t = tree([chance((Fraction(1, 4), 1), (Fraction(3, 4), 5)), 2])
    c = t.node((0,))
    assert t.to_move(c) == CHANCE
    assert t.actions(c) == (0, 1)
    assert t.chance_outcomes(c) == [(0, Fraction(1, 4)), (1, Fraction(3, 4))]
    assert t.result(c, 1).value == 5
    with pytest.raises(GameError, match="not a chance node"):
        t.chance_outcomes(t.initial_state)
    with pytest.raises(GameError, match="not a chance node"):
        t.chance_outcomes(t.node((1,)))


def test_node_lookup_by_path_and_label():
    t = two_ply()
    assert t.node(()) is t.initial_state
    assert t.node((1, 2)).value == 6
    assert t.node([2, 0]).value == 14
    assert t.node("C") is t.node((1,))
    assert t.label(t.node("D")) == "D" and t.label(t.node((0, 0))) is None
    with pytest.raises(IllegalMoveError, match=r"\[1\]\[7\]"):
        t.node((1, 7))
    with pytest.raises(KeyError, match="Q"):
        t.node("Q")


def test_nodes_preorder_leaves_height_len():
    t = tree([[1, [2, 3]], 4])
    assert [n.path for n in t.nodes()] == [(), (0,), (0, 0), (0, 1), (0, 1, 0), (0, 1, 1), (1,)]
    assert [leaf.value for leaf in t.leaves()] == [1, 2, 3, 4]
    assert len(t) == 7 and t.height == 3
    assert len(tree(5)) == 1 and tree(5).height == 0


def test_node_is_immutable_with_identity_equality():
    t = tree([[1, 1], [1, 1]])
    a, b = t.node((0, 0)), t.node((1, 1))
    assert a != b and len({a, b, t.node((0, 0))}) == 2
    with pytest.raises(AttributeError):
        a.value = 2
    with pytest.raises(AttributeError):
        a.__dict__
    assert a.actions == () and t.node((0,)).actions == (0, 1)
    assert isinstance(t.node((0,)).children, tuple)


def test_node_repr():
    t = two_ply()
    assert repr(t.node("B")) == "<Node B MIN (0,)>"
    assert repr(t.node((0, 1))) == "<leaf 12 (0, 1)>"
    assert repr(tree([[(1, 2, 3)]]).node((0,))) == "<Node P1 (0,)>"
    assert repr(tree([("x", 1)]).node((0,))) == "<leaf x=1 (0,)>"


def test_tree_equality_hash_repr_render():
    assert tree(TWO_PLY) == parse("[[3 12 8] [2 4 6] [14 5 2]]")
    assert hash(tree(TWO_PLY)) == hash(parse("[[3 12 8] [2 4 6] [14 5 2]]"))
    assert tree(TWO_PLY) != two_ply()
    assert tree([3, 4]) != tree([3.0, 4])
    assert tree([3, 4]) != "[3 4]"
    assert repr(two_ply()) == "parse('A[B[3 12 8] C[2 4 6] D[14 5 2]]')"
    long = random_tree(3, 4, seed=0)
    assert len(repr(long)) < 80 and "..." in repr(long)
    t = two_ply()
    assert t.render(t.node("C")) == "C:min[2 4 6]"
    assert parse(t.render(t.node("C"))) == tree(("C", [2, 4, 6]), root=MIN)


def test_pickle_keeps_the_tree():
    t = random_tree(2, 3, seed=5, chance=True, labels=True)
    assert pickle.loads(pickle.dumps(t)) == t


def test_auto_labels_past_z_and_around_given_labels():
    t = tree([[1]] * 29, labels=True)
    names = [c.label for c in t.initial_state.children]
    assert t.initial_state.label == "A"
    assert names[:2] == ["B", "C"] and names[24] == "Z" and names[25:] == ["AA", "AB", "AC", "AD"]
    t = tree([("A", [1]), [2]], labels=True)
    assert [t.initial_state.label, t.node((0,)).label, t.node((1,)).label] == ["B", "A", "C"]
    # Breadth first: both children of the root before any grandchild.
    t = tree([[[1]], [[2]]], labels=True)
    assert [t.node(p).label for p in [(), (0,), (1,), (0, 0), (1, 0)]] == list("ABCDE")


def test_num_players_and_root_arguments():
    assert tree([(1, 2, 3)], num_players=3).num_players == 3
    assert tree([(1, -1)]).num_players == 2
    with pytest.raises(InvalidTreeError, match="num_players=3"):
        tree([1, 2], num_players=3)
    with pytest.raises(InvalidTreeError, match="3 payoffs"):
        tree([(1, 2, 3)], num_players=4)
    with pytest.raises(ValueError, match="num_players"):
        tree([1, 2], num_players=1)
    with pytest.raises(ValueError, match="root"):
        tree([1, 2], root=2)
    with pytest.raises(ValueError, match="root"):
        tree([1, 2], root=CHANCE)


# ------------------------------------------------------------- invalid specs


INVALID_SPECS = [
    ([[1, "x"]], "[0][1]", ["'x'", "not a valid node"]),
    ([[1], [2, None]], "[1][1]", ["None"]),
    ([1, [True]], "[1][0]", ["bool"]),
    ([{}], "[0]", ["{}"]),
    ([[1], []], "[1]", ["empty child list"]),
    ([[1, chance((0.5, 1), (0.25, 2))]], "[0][1]", ["sum to 0.75", "not 1"]),
    ([chance((Fraction(1, 3), 1), (Fraction(1, 3), 2))], "[0]", ["sum to 2/3"]),
    ([chance((1, 3), (0, 4))], "[0][1]", ["probability 0", "not positive"]),
    ([chance((1.5, 3), (-0.5, 4))], "[0][1]", ["-0.5", "not positive"]),
    ([chance((0.5, 1), ("1/2", 2))], "[0][1]", ["probability", "'1/2'"]),
    ([chance((0.5, 1), 2)], "[0][1]", ["pair (probability, node)"]),
    ([[(1, 2)], [(1, 2, 3)]], "[1][0]", ["3 payoffs", "2 payoffs", "[0][0]"]),
    ([(1, 2), 5], "[1]", ["single number", "2 payoffs"]),
    ([[(1,)]], "[0][0]", ["at least 2"]),
    ([(1, "a", 3)], "[0]", ["payoff 'a'"]),
    ([1, [chance()]], "[1][0]", ["no branches"]),
    ([("", 1)], "[0]", ["label ''", "identifier"]),
    ([1, ("1a", [2])], "[1]", ["label '1a'"]),
    ([("a b", 1)], "[0]", ["label 'a b'"]),
    ([("a", 1, 2)], "[0]", ["pair (label, node)"]),
    ([("A", ("B", 1))], "[0]", ["two labels"]),
    ([("B", [1]), [("B", 2)]], "[1][0]", ["duplicate label 'B'", "at [0]"]),
    ([[1, float("nan")]], "[0][1]", ["nan", "finite"]),
    ([[float("-inf")]], "[0][0]", ["-inf", "finite"]),
]


@pytest.mark.parametrize("spec, path, words", INVALID_SPECS)
def test_invalid_spec_names_path_and_problem(spec, path, words):
    with pytest.raises(InvalidTreeError) as info:
        tree(spec)
    message = str(info.value)
    assert message.startswith(f"at {path}:"), message
    for word in words:
        assert word in message, (word, message)


def test_invalid_root_spec_says_at_the_root():
    with pytest.raises(InvalidTreeError, match="^at the root: an empty child list"):
        tree([])
    with pytest.raises(InvalidTreeError, match="parse"):
        tree("[1 2]")


INVALID_TEXTS = [
    ("[3 12", ["character 5", "']'", "end of the text"]),
    ("", ["character 0", "a node"]),
    ("[3 12]]", ["character 6", "end of the text"]),
    ("[3 ; 4]", ["character 3", "';'"]),
    ("A", ["character 1", "after the label 'A'"]),
    ("[1/2: [3]]", ["at [0]", "character 1", "chance"]),
    (":chance[1/2: 3 1/3: 4]", ["at the root", "sum to 5/6"]),
    (":chance[1/2: 3 1/2 4]", ["at [1]", "character 19", "':'"]),
    (":chance[1 [2]]", ["at [0]", "character 10", "':' after the probability"]),
    (":chance[1: 2 x]", ["at [1]", "probability"]),
    (":chance[1: 2 0: 3]", ["at [1]", "not positive"]),
    (":chance[]", ["at the root", "no branches"]),
    ("[1 []]", ["at [1]", "character 3", "empty child list"]),
    ("[-inf]", ["infinite"]),
    ("[inf]", ["at [0]", "infinite"]),
    ("[1e999]", ["at [0]", "too large"]),
    ("[1/0]", ["at [0]", "zero"]),
    ("[(1,2) 3]", ["at [1]", "single number"]),
    ("[(1,2) ()]", ["at [1]", "a payoff"]),
    ("A[B[1] B[2]]", ["at [1]", "character 7", "duplicate label 'B'"]),
    (":p3[1 2]", ["at the root", "p3", "2-player"]),
    (":foo[1]", ["character 1", "a player", "'foo'"]),
    ("[x=]", ["at [0]", "a number"]),
]


@pytest.mark.parametrize("text, words", INVALID_TEXTS)
def test_invalid_text_names_offset_and_problem(text, words):
    with pytest.raises(InvalidTreeError) as info:
        parse(text)
    for word in words:
        assert word in str(info.value), (word, str(info.value))


def test_parse_rejects_non_text():
    with pytest.raises(TypeError, match="tree"):
        parse([1, 2])


# ---------------------------------------------------------------- random trees


def test_random_tree_is_reproducible_and_seeded():
    assert random_tree(3, 3, seed=42) == random_tree(3, 3, seed=42)
    trees = {str(random_tree(3, 3, seed=s)) for s in range(20)}
    assert len(trees) == 20
    assert random_tree(2, 2, seed=1, chance=True) == random_tree(2, 2, seed=1, chance=True)


def test_random_tree_leaves_global_random_alone():
    random.seed(123)
    before = random.getstate()
    random_tree(3, 4, seed=9, chance=True)
    random_tree(2, 3)  # no seed: still a private generator
    assert random.getstate() == before


@given(random_tree_args())
@settings(max_examples=100, deadline=None)
def test_random_tree_shape_and_values(args):
    t = random_tree(**args)
    b = args["branching"]
    lo, hi = b if isinstance(b, tuple) else (b, b)
    plies = args["depth"] * (2 if args["chance"] else 1)
    for node in t.nodes():
        if node.children:
            assert lo <= len(node.children) <= hi
            assert len(node.path) < plies
        else:
            assert len(node.path) == plies
            payoffs = node.value if args["num_players"] > 2 else (node.value,)
            assert len(payoffs) == (args["num_players"] if args["num_players"] > 2 else 1)
            assert all(type(v) is int and args["low"] <= v <= args["high"] for v in payoffs)
        if node.probs is not None:
            assert all(type(p) is Fraction and p > 0 for p in node.probs)
            assert sum(node.probs) == 1
    assert t.height == plies
    labelled = [n for n in t.nodes() if n.label is not None]
    assert all(n.children for n in labelled)
    assert len(labelled) == (len(t) - len(t.leaves()) if args["labels"] else 0)


def test_random_tree_uneven_branching_varies():
    counts = {len(n.children) for n in random_tree((1, 4), 4, seed=3).nodes() if n.children}
    assert counts == {1, 2, 3, 4}


def test_random_tree_depth_zero_is_a_leaf():
    t = random_tree(3, 0, seed=1, low=5, high=5)
    assert str(t) == "5" and len(t) == 1


@pytest.mark.parametrize("args, kwargs, word", [
    ((2, -1), {}, "depth"),
    ((0, 2), {}, "branching"),
    (((3, 2), 2), {}, "branching"),
    (((0, 2), 2), {}, "branching"),
    ((2.5, 2), {}, "branching"),
    ((2, 2), {"low": 3, "high": 1}, "low"),
    ((2, 2), {"num_players": 1}, "num_players"),
    ((2, 2), {"num_players": 3, "root": 3}, "root"),
])
def test_random_tree_bad_arguments(args, kwargs, word):
    with pytest.raises(ValueError, match=word):
        random_tree(*args, **kwargs)


# --------------------------------------------------------------------- networkx


def test_to_networkx():
    t = tree([("B", [3, 12]), ("C", chance((Fraction(1, 3), 1), (Fraction(2, 3), [4, 5])))])
    g = t.to_networkx()
    assert g.number_of_nodes() == len(t) == 9
    assert g.number_of_edges() == len(t) - 1
    assert nx.is_arborescence(g)
    assert g.graph["num_players"] == 2
    assert g.nodes[()]["player"] == MAX and g.nodes[()]["terminal"] is False
    assert g.nodes[(0,)]["label"] == "B" and g.nodes[(0, 1)]["value"] == 12
    assert g.nodes[(0, 1)]["terminal"] is True and g.nodes[(0, 1)]["label"] is None
    assert g.nodes[(1,)]["player"] == CHANCE
    assert g.edges[(1,), (1, 1)] == {"action": 1, "probability": Fraction(2, 3)}
    assert g.edges[(), (0,)] == {"action": 0}
    assert g.nodes[(1, 1)]["state"] is t.node((1, 1))


@given(random_tree_args())
@settings(max_examples=30, deadline=None)
def test_to_networkx_matches_tree(args):
    t = random_tree(**args)
    g = t.to_networkx()
    assert g.number_of_nodes() == len(t)
    for node in t.nodes():
        data = g.nodes[node.path]
        assert (data["player"], data["value"], data["label"]) == (node.player, node.value, node.label)
        assert data["terminal"] == (not node.children)
    chance_edges = [e for e in g.edges(data=True) if "probability" in e[2]]
    assert len(chance_edges) == sum(len(n.children) for n in t.nodes() if n.player == CHANCE)
    assert math.isclose(sum(d["probability"] for _, _, d in chance_edges),
                        sum(1 for n in t.nodes() if n.player == CHANCE))
