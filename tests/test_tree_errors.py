"""Bad trees get a clear error at once: too big, too deep, cyclic or malformed, never a hang or a crash."""

from __future__ import annotations

import copy
import math
import pickle
import re
import time
from fractions import Fraction

import matplotlib

matplotlib.use("Agg")  # off-screen, for these tests only

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import advsearch as ads  # noqa: E402
from advsearch.course.shared import exercise
from advsearch import check, practice, trees  # noqa: E402
from advsearch.game import GameError, InvalidTreeError  # noqa: E402
from advsearch.trees import MAX_DEPTH, Tree, chance, check_random_size, parse, random_tree, tree  # noqa: E402


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def nested(depth, leaf=1):
    """``[[...[leaf]...]]``: a spec ``depth`` levels deep."""
    spec = leaf
    for _ in range(depth):
        spec = [spec]
    return spec


def refused_at_once(call, error, pattern):
    """Check that ``call()`` raises ``error`` matching ``pattern`` in well under a second."""
    start = time.perf_counter()
    with pytest.raises(error, match=pattern):
        call()
    assert time.perf_counter() - start < 0.5


# ------------------------------------------------------------ too many nodes


@pytest.mark.parametrize("call, pattern", [
    (lambda: random_tree(10, 10),
     r"^random_tree\(10, 10\) would have 11,111,111,111 nodes; the most it builds is 1,000,000: "
     r"lower the depth or the branching$"),
    (lambda: random_tree(2, 40, seed=3), r"^random_tree\(2, 40\) would have 2,199,023,255,551 nodes"),
    (lambda: random_tree(10**6, 1), r"would have 1,000,001 nodes"),
    (lambda: random_tree((1, 10), 10),
     r"^random_tree\(\(1, 10\), 10\) could have up to 11,111,111,111 nodes \(10 children at every inner node\)"),
    (lambda: random_tree(3, 12, chance=True, num_players=3),
     r"^random_tree\(3, 12, chance=True\) would have 423,644,304,721 nodes \(chance nodes included\)"),
    (lambda: random_tree([2, 9], 8, chance=True),
     r"could have up to .* nodes \(9 children at every inner node, chance nodes included\)"),
    (lambda: practice.minimax(depth=12, branching=9),
     r"^practice\.minimax\(depth=12, branching=9\) would have 317,733,228,541 nodes; the most it builds is 1,000:"),
    (lambda: practice.alphabeta(depth=12, branching=9, alpha_cuts=1),
     r"^practice\.alphabeta\(depth=12, branching=9\) would have 317,733,228,541 nodes"),
    (lambda: practice.alphabeta(depth=9, branching=(1, 2)),
     r"^practice\.alphabeta\(depth=9, branching=\(1, 2\)\) could have up to 1,023 nodes"),
])
def test_a_huge_random_tree_is_refused_at_once_with_its_size(call, pattern):
    refused_at_once(call, ValueError, pattern)


def full_tree_size(b, depth, with_chance=False):
    """Count the nodes of a tree with b children at every inner node, level by level."""
    levels = 2 * depth if with_chance else depth
    total, level = 0, 1
    for _ in range(levels + 1):
        total += level
        level *= b
    return total


@pytest.mark.parametrize("b, depth, with_chance", [
    (1, 0, False), (1, 7, False), (2, 3, False), (3, 2, False), (5, 1, False),
    (1, 3, True), (2, 2, True), (3, 1, True),
])
def test_a_random_tree_just_over_a_lowered_cap_is_refused_with_its_counted_size(monkeypatch, b, depth,
                                                                               with_chance):
    built = random_tree(b, depth, seed=7, chance=with_chance)
    size = len(list(built.nodes()))  # brute force: build it and count the nodes
    assert size == full_tree_size(b, depth, with_chance) == check_random_size("t", b, depth, chance=with_chance)
    monkeypatch.setattr(trees, "MAX_NODES", size - 1)
    with pytest.raises(ValueError, match=f" would have {size:,} nodes.*; the most it builds is {size - 1:,}:"):
        random_tree(b, depth, seed=7, chance=with_chance)
    monkeypatch.setattr(trees, "MAX_NODES", size)
    assert random_tree(b, depth, seed=7, chance=with_chance) == built  # exactly at the cap: still built


@pytest.mark.parametrize("lo, hi, depth", [(1, 2, 4), (1, 3, 3), (2, 4, 2)])
def test_uneven_branching_is_bounded_by_the_full_tree(monkeypatch, lo, hi, depth):
    bound = len(random_tree(hi, depth, seed=0))
    assert check_random_size("t", (lo, hi), depth) == bound
    assert all(len(random_tree((lo, hi), depth, seed=s)) <= bound for s in range(20))
    monkeypatch.setattr(trees, "MAX_NODES", bound - 1)
    with pytest.raises(ValueError, match=rf"could have up to {bound:,} nodes \({hi} children at every inner node\)"):
        random_tree((lo, hi), depth, seed=0)
    monkeypatch.setattr(trees, "MAX_NODES", bound)
    assert len(random_tree((lo, hi), depth, seed=0)) <= bound


@pytest.mark.parametrize("make, size", [
    (lambda: practice.minimax(0, depth=2, branching=2), 7),
    (lambda: practice.alphabeta(0, depth=3, branching=2, alpha_cuts=1), 15),
])
def test_an_exercise_just_over_a_lowered_cap_is_refused_with_its_size(monkeypatch, make, size):
    monkeypatch.setattr(exercise, "MAX_NODES", size - 1)
    with pytest.raises(ValueError, match=f"would have {size} nodes; the most it builds is {size - 1}:"):
        make()
    monkeypatch.setattr(exercise, "MAX_NODES", size)
    assert len(make().tree) == size


def test_seeded_random_trees_and_exercises_are_unchanged():
    """The size check comes before the generator is seeded, so seeded trees are as before it."""
    assert str(random_tree(2, 3, seed=1)) == "[[[-6 6] [6 3]] [[6 -9] [4 -9]]]"
    assert str(random_tree((1, 3), 2, seed=5, chance=True)) == (
        "[:chance[1/2: [:chance[2/3: 7 1/3: -9] :chance[1/3: -8 4/9: -4 2/9: -6] :chance[2/3: 8 1/3: -6]] "
        "1/2: [:chance[1/1: 4] :chance[1/1: 3] :chance[1/1: -5]]] :chance[1/1: [:chance[1/1: -3]]] "
        ":chance[1/4: [:chance[1/1: 8] :chance[1/1: -3]] 3/4: [:chance[1/1: 2] :chance[1/1: -5]]]]")
    assert str(random_tree(2, 2, seed=4, num_players=3, labels=True)) == "A[B[(-6,3,6) (-5,-7,-7)] C[(3,8,0) (-8,-2,7)]]"
    assert str(practice.minimax(seed=0, depth=2, branching=2).tree) == "A[B[b1=0 b2=-3] C[c1=1 c2=8]]"
    assert str(practice.alphabeta(2, alpha_cuts=1, beta_cuts=1).tree) == (
        "A[B[E[e1=-6 e2=5 e3=-8] F[f1=2 f2=-8 f3=2] G[g1=-8 g2=7]] C[H[h1=5 h2=6 h3=-1] I[i1=5 i2=7 i3=-1]] "
        "D[J[j1=-7 j2=-7 j3=1] K[k1=-3 k2=9 k3=3] L[l1=4 l2=-6 l3=-2]]]")


# --------------------------------------------------------------- too deep


def test_the_limits_are_the_documented_ones():
    assert (MAX_DEPTH, trees.MAX_NODES, practice.MAX_NODES) == (100, 1_000_000, 1_000)
    assert all("MAX_DEPTH" in f.__doc__ for f in (tree, parse, random_tree))
    assert "MAX_NODES" in random_tree.__doc__
    assert all("MAX_NODES" in f.__doc__ for f in (practice.minimax, practice.alphabeta))


def test_a_spec_nested_20000_deep_is_refused_with_the_limit():
    with pytest.raises(InvalidTreeError, match=r"^at \[0\]\[0\]\[0\]\[0\]\.\.\.\[0\]\[0\]\[0\]\[0\] "
                                               r"\(101 levels down\): the tree is too deep; a tree may be "
                                               r"at most 100 levels deep \(advsearch\.trees\.MAX_DEPTH\)"):
        tree(nested(20_000))


def test_text_nested_100000_deep_is_refused_with_the_limit_and_position():
    refused_at_once(lambda: parse("[" * 100_000), InvalidTreeError,
                    r"^at \[0\]\[0\]\[0\]\[0\]\.\.\.\[0\]\[0\]\[0\]\[0\] \(101 levels down, character 101\): "
                    r"the tree is too deep; a tree may be at most 100 levels deep")


def test_trees_at_the_depth_limit_are_built():
    deep = "[" * MAX_DEPTH + "1" + "]" * MAX_DEPTH
    assert parse(deep).height == MAX_DEPTH
    assert tree(nested(MAX_DEPTH)).height == MAX_DEPTH
    assert random_tree(1, MAX_DEPTH).height == MAX_DEPTH
    assert random_tree(1, MAX_DEPTH // 2, chance=True).height == MAX_DEPTH


@pytest.mark.parametrize("limit", [1, 5, 12])
def test_one_level_past_a_lowered_limit_is_refused_by_every_front_door(monkeypatch, limit):
    monkeypatch.setattr(trees, "MAX_DEPTH", limit)
    assert tree(nested(limit)).height == limit
    assert parse("[" * limit + "7" + "]" * limit).height == limit
    too_deep = rf"\({limit + 1} levels down.*at most {limit} levels deep"
    with pytest.raises(InvalidTreeError, match=too_deep):
        tree(nested(limit + 1))
    with pytest.raises(InvalidTreeError, match=rf"\({limit + 1} levels down, character {limit + 1}\)"):
        parse("[" * (limit + 1) + "7" + "]" * (limit + 1))
    with pytest.raises(InvalidTreeError, match=too_deep):  # chance nodes are levels too
        tree(nested(limit, chance((1, 2))))
    with pytest.raises(ValueError, match=rf"^random_tree\(1, {limit + 1}\) would be {limit + 1} levels deep; "
                                         rf"a tree may be at most {limit} levels deep"):
        random_tree(1, limit + 1)


@pytest.mark.parametrize("call, pattern", [
    (lambda: random_tree(1, 101), r"^random_tree\(1, 101\) would be 101 levels deep; a tree may be at most 100"),
    (lambda: random_tree(1, 51, chance=True), r"would be 102 levels deep, chance levels included"),
    (lambda: random_tree(2, 10**9), r"would be 1000000000 levels deep"),
    (lambda: practice.minimax(depth=101, branching=1), r"^practice\.minimax\(depth=101, branching=1\) would be 101"),
])
def test_a_too_deep_random_tree_is_refused_at_once(call, pattern):
    refused_at_once(call, ValueError, pattern)


def test_a_chain_of_20000_labels_is_refused_as_two_labels():
    spec = 1
    for i in range(20_000):
        spec = (f"n{i}", spec)
    with pytest.raises(InvalidTreeError, match=r"^at the root: the node has two labels, 'n19999' and 'n19998'"):
        tree(spec)


@pytest.mark.parametrize("spec, pattern", [
    ([1, {"deep": nested(20_000)}], r"^at \[1\]: \{'deep': \[\[\[.*\]\]\]\} is not a valid node"),
    ([1, (2, nested(20_000))], r"^at \[1\]: payoff \[\[\[.*\]\]\] is not a number"),
    ([chance((0.5, 1), (nested(20_000),))], r"^at \[0\]\[1\]: a chance branch is a pair"),
    ([1, "x" * 10_000], r"^at \[1\]: 'xxxxxxxxxxxxxxxxx\.\.\.xxxxxxxxxxxxxxxxxx' is not a valid node"),
])
def test_a_bad_node_holding_something_huge_is_shown_short(spec, pattern):
    with pytest.raises(InvalidTreeError, match=pattern) as info:
        tree(spec)
    assert len(str(info.value)) < 400


def call_under(frames, operation, t):
    """Run ``operation(t)`` below ``frames`` more Python frames, as from deep in a notebook or student code."""
    if frames == 0:
        return operation(t)
    return call_under(frames - 1, operation, t)


def expectimax_tree():
    """A tree exactly MAX_DEPTH levels deep with chance levels: MAX, chance, MIN, chance, ..."""
    spec = 1
    for level in reversed(range(MAX_DEPTH)):
        spec = chance((Fraction(1, 3), spec), (Fraction(2, 3), level)) if level % 2 else [level, spec]
    return tree(spec)


def two_player_tree():
    """A tree exactly MAX_DEPTH levels deep: every inner node has a leaf and a deeper child."""
    spec = 0
    for level in range(MAX_DEPTH):
        spec = [level % 7 - 3, spec]
    return tree(spec, labels=True)


def three_player_tree():
    spec = (1, 2, 3)
    for level in range(MAX_DEPTH):
        spec = [(level, 0, 1), spec]
    return tree(spec)


OPERATIONS = {
    "minimax": (two_player_tree, lambda t: ads.minimax(t, trace=True)),
    "alphabeta": (two_player_tree, lambda t: ads.alphabeta(t, trace=True)),
    "solve": (two_player_tree, ads.solve),
    "expectimax": (expectimax_tree, ads.expectimax),
    "expectiminimax": (expectimax_tree, lambda t: ads.expectiminimax(t, trace=True)),
    "maxn": (three_player_tree, ads.maxn),
    "paranoid": (three_player_tree, ads.paranoid),
    "mcts": (two_player_tree, lambda t: ads.mcts(t, iterations=30, seed=0)),
    "text round trip": (expectimax_tree, lambda t: parse(str(t)) == t or pytest.fail("round trip")),
    "pickle": (expectimax_tree, lambda t: pickle.loads(pickle.dumps(t))),
    "deepcopy": (two_player_tree, copy.deepcopy),
    "draw": (two_player_tree, lambda t: ads.draw(ads.alphabeta(t, trace=True))),
    "frames": (two_player_tree, lambda t: ads.frames(ads.alphabeta(t, trace=True))),
    "tikz": (expectimax_tree, ads.to_tikz),
    "check values": (two_player_tree, lambda t: check.values(t, {"A": 0})),
}


@pytest.mark.parametrize("name", OPERATIONS)
def test_a_tree_at_the_depth_limit_survives_every_operation_from_deep_in_the_stack(name):
    make, operation = OPERATIONS[name]
    t = make()
    assert t.height == MAX_DEPTH
    call_under(200, operation, t)


# ------------------------------------------------------------------ cycles


def cyclic_specs():
    """(spec, the path where the cycle closes, what repeats, where it first is)."""
    direct = [1, 2]
    direct.append(direct)
    inner = [3, 4]
    outer = [[0], inner]
    inner.append(outer)
    itself = [5]
    around = [1, [2, itself]]
    itself.append(itself)
    through_chance = [1]
    spinner = chance((0.5, through_chance), (0.5, 2))
    through_chance.append(spinner)
    labelled = [1]
    labelled.append(("L", labelled))
    branch = [0.5, None]
    coin = chance(branch, (0.5, 1))
    branch[1] = coin
    return [
        (direct, "[2]", "list", "at the root"),
        (outer, "[1][2]", "list", "at the root"),
        (around, "[1][1][1]", "list", "at [1][1]"),
        (spinner, "[0][1]", "chance(...)", "at the root"),
        (labelled, "[1]", "list", "at the root"),
        (coin, "[0]", "chance(...)", "at the root"),
    ]


@pytest.mark.parametrize("spec, path, kind, first", cyclic_specs())
def test_a_cyclic_spec_names_where_the_cycle_closes(spec, path, kind, first):
    pattern = (rf"^at {re.escape(path)}: the spec is cyclic: this {re.escape(kind)} is the one {re.escape(first)}, "
               "which contains it, so the tree would never end$")
    refused_at_once(lambda: tree(spec), InvalidTreeError, pattern)


def test_a_list_used_twice_is_not_a_cycle():
    shared = [1, 2]
    t = tree([shared, shared, [shared]])
    assert str(t) == "[[1 2] [1 2] [[1 2]]]" and len(t) == 11


def test_invalid_tree_error_is_a_value_error_and_a_game_error():
    with pytest.raises(ValueError):
        tree(nested(MAX_DEPTH + 1))
    with pytest.raises(GameError):
        parse("[" * (MAX_DEPTH + 1))


# --------------------------------------------------------------- bad text


@pytest.mark.parametrize("text, words", [
    ("]", ["character 0", "expected a node", "']'"]),
    ("[1 2]" + "]" * 50, ["character 5", "the end of the text"]),
    ("[[[[", ["at [0][0][0] (character 4)", "']' to close the '[' at character 3"]),
    ("[" * MAX_DEPTH + "1" + "]" * (MAX_DEPTH - 1),
     [f"character {2 * MAX_DEPTH}", "']' to close the '[' at character 0"]),
    ("[1 2 @]", ["character 5", "unexpected character '@'"]),
    ("\x00", ["character 0", "unexpected character '\\x00'"]),
    ("[" + "1" * 5000 + "]", ["at [0] (character 1)", "has too many digits (5000) to read", "..."]),
    ("[:chance[1/" + "7" * 5000 + ": 1]]", ["at [0][0] (character 9)", "too many digits (5000)"]),
    ("[1e99999]", ["at [0] (character 1)", "too large for a float"]),
    (":p" + "9" * 5000 + "[1 2]", ["character 1", "a player after ':'", "..."]),
    ("A" * 5000 + " 1", ["character 5001", "after the label 'AAAAAAAAAAAAAAAAA...AAAAAAAAAAAAAAAAAA'"]),
    ("[nan]", ["at [0]", "infinite and NaN values are not allowed"]),
])
def test_garbage_text_names_the_position_and_the_problem(text, words):
    start = time.perf_counter()
    with pytest.raises(InvalidTreeError) as info:
        parse(text)
    assert time.perf_counter() - start < 0.5
    message = str(info.value)
    assert len(message) < 400, message
    for word in words:
        assert word in message, (word, message)


# ------------------------------------------------- any bad input, by property

#: How an advsearch tree error begins: where (a path, possibly cut short, and in
#: text the character) or, for text it cannot split into tokens, the character.
ERROR_START = re.compile(r"(at (the root|(\[\d+\]|\.\.\.)+)( \([^)]*\))?|character \d+): \S")
#: Phrases of Python's own errors, which would mean an input slipped past the checks.
RAW_PHRASES = ("Exceeds the limit", "maximum recursion", "invalid literal", "object of type", "unsupported operand",
               "not supported between", "could not convert", "object is not", "unhashable", "has no attribute")


def assert_tree_or_clear_error(build):
    """``build()`` gives a Tree, or a documented error with a clear message, and does not hang.

    The bound is a guard against a parser that loops, not a measure of speed: it takes milliseconds.
    """
    start = time.perf_counter()
    try:
        t = build()
    except ValueError as e:  # InvalidTreeError is a ValueError
        message = str(e)
        assert isinstance(e, InvalidTreeError), message
        assert ERROR_START.match(message), message
        assert not any(phrase in message for phrase in RAW_PHRASES), message
    except Exception as e:  # noqa: BLE001 - any other type is the failure this test looks for
        pytest.fail(f"{type(e).__name__} instead of InvalidTreeError: {e}")
    else:
        assert isinstance(t, Tree)
        assert parse(str(t)) == t
    assert time.perf_counter() - start < 20, "building the tree hung"


WELL_FORMED = st.integers(-9, 9)
NUMBERS = st.one_of(WELL_FORMED, st.integers(), st.floats(), st.fractions(max_denominator=12), st.booleans())
JUNK = st.one_of(
    st.none(), st.text(max_size=4), st.booleans(), st.complex_numbers(max_magnitude=5),
    st.sampled_from([math.nan, math.inf, -math.inf, object(), {}, set(), b"1", "1/2", Fraction(1, 2)]),
    st.dictionaries(st.text(max_size=2), WELL_FORMED, max_size=2),
)
PROBABILITIES = st.one_of(st.sampled_from([0.5, Fraction(1, 2), 1, 1.0, 0, -0.5, 2]), NUMBERS, JUNK)
LABELS = st.one_of(st.sampled_from(["A", "B", "b1", "x'", "_", "1a", "", "a b"]), st.text(max_size=3), JUNK)


def nodes_and_more(children):
    """Inner nodes, well formed or not, over ``children``."""
    return st.one_of(
        st.lists(children, max_size=4),
        st.lists(st.tuples(PROBABILITIES, children), max_size=3).map(lambda branches: chance(*branches)),
        st.lists(st.one_of(children, st.tuples(PROBABILITIES, children, children)), max_size=2)
        .map(lambda branches: chance(*branches)),
        st.tuples(LABELS, children),
        st.tuples(st.sampled_from(["A", "B"]), children, children),
    )


SPECS = st.recursive(
    st.one_of(WELL_FORMED, WELL_FORMED, NUMBERS, JUNK, st.tuples(NUMBERS, NUMBERS), st.tuples(WELL_FORMED),
              st.tuples(WELL_FORMED, WELL_FORMED, JUNK), st.builds(list)),
    nodes_and_more, max_leaves=16,
)
#: Specs that are mostly well formed, so that many examples build a tree.
DECISION_TREES = st.recursive(WELL_FORMED, lambda children: st.lists(children, min_size=1, max_size=3), max_leaves=12)


def lists_with_ancestors(spec, above=()):
    """Every list in ``spec`` with the lists around it (itself included), for closing a cycle."""
    if isinstance(spec, list):
        above = above + (spec,)
        yield spec, above
    parts = spec.branches if isinstance(spec, trees.ChanceSpec) else spec if isinstance(spec, (list, tuple)) else ()
    for part in parts:
        yield from lists_with_ancestors(part, above)


@st.composite
def malformed_specs(draw):
    """Random specs mixing every kind of part, some closed into cycles, some nested too deep."""
    spec = draw(st.one_of(SPECS, DECISION_TREES))
    holders = list(lists_with_ancestors(spec))
    if holders and draw(st.booleans()):
        holder, around = draw(st.sampled_from(holders))
        holder.insert(draw(st.integers(0, len(holder))), draw(st.sampled_from(around)))
    return nested(draw(st.sampled_from([0, 0, 0, 1, 2, MAX_DEPTH - 1, MAX_DEPTH, 20_000])), spec)


@given(malformed_specs())
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_spec_gives_a_tree_or_a_clear_invalid_tree_error(spec):
    assert_tree_or_clear_error(lambda: tree(spec))


TOKENS = st.sampled_from(["[", "]", "[", "]", "(", ")", ":", "=", " ", ",", "\n", "#", "-", "/", ".", "e", "E",
                          "0", "1", "7", "12", "1/2", "0.5", "1e3", "inf", "nan", "max", "min", "chance", "p2",
                          "A", "b1", "x'", ":chance[", "1/2: ", "1/0", "(1,2)", "é", "\t", ";"])
TEXTS = st.one_of(st.lists(TOKENS, max_size=30).map("".join), st.text(max_size=30))


@st.composite
def mutated_tree_texts(draw):
    """The text of a valid random tree, with characters deleted, inserted, replaced or cut off."""
    t = random_tree(draw(st.sampled_from([1, 2, (1, 3)])), draw(st.integers(0, 3)), seed=draw(st.integers(0, 99)),
                    chance=draw(st.booleans()), num_players=draw(st.sampled_from([2, 2, 3])), labels=draw(st.booleans()))
    text = str(t)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        how = draw(st.sampled_from(["delete", "insert", "replace", "cut", "double"]))
        if how == "delete":
            text = text[:at] + text[at + 1:]
        elif how == "insert":
            text = text[:at] + draw(TOKENS) + text[at:]
        elif how == "replace":
            text = text[:at] + draw(TOKENS) + text[at + 1:]
        elif how == "cut":
            text = text[:at]
        else:
            text = text[:at] + text[at:at + 4] * 2 + text[at + 4:]
    return text


@given(st.one_of(TEXTS, mutated_tree_texts(),
                 st.tuples(st.sampled_from([MAX_DEPTH, MAX_DEPTH + 1, 50_000]), TEXTS)
                 .map(lambda depth_text: "[" * depth_text[0] + depth_text[1])))
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_text_gives_a_tree_or_a_clear_invalid_tree_error(text):
    assert_tree_or_clear_error(lambda: parse(text))


@pytest.mark.parametrize("spec", [[10 ** 5000, 1], [1, Fraction(1, 3 ** 2000)], [(1, -(2 ** 1025))]])
def test_a_number_too_long_to_print_is_refused(spec):
    with pytest.raises(InvalidTreeError, match=r"at \[\d\]: .* bits; a tree's numbers may have at most 1,024 bits"):
        tree(spec)
    assert str(2 ** 1023) in str(tree([2 ** 1023, 1]))           # the largest allowed still prints


@pytest.mark.parametrize("text", ["[" + "9" * 500 + " 1]", "[1/" + "7" * 400 + " 2]", "[" + "9" * 5000 + " 1]"])
def test_parse_refuses_the_numbers_tree_refuses(text):
    with pytest.raises(InvalidTreeError, match=r"at \[0\] \(character \d+\): the number .* (bits|digits)"):
        parse(text)
    largest = 2 ** 1023                                     # 1,024 bits: still read, as tree() takes it
    assert [leaf.value for leaf in parse(f"[{largest} -{largest}]").leaves()] == [largest, -largest]
