"""advsearch.check on chance trees, payoff vectors, Star1 and shallow pruning.

Wrong answers are built by making the mistake: the oracle's own models of the
chance mistakes (``Tree.values(chance=...)``), or the child best for another
player; the checker must name it.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import advsearch.check as check
from advsearch.answers import close
from advsearch import CHANCE, chance, expectiminimax, random_tree, tree
from advsearch.course.shared.subtrees import bottom_up
from advsearch.course.shared.wording import node_name
from advsearch.search import maxn

some = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(0, 100_000)


def inner_values(t, values):
    return {n.path: values[n.path] for n in t.nodes() if n.children}


# --------------------------------------------------------------- chance trees: values


#: Trees whose right answers must pass, and another form a student may write each value in.
RIGHT_ANSWERS = {
    "chance": (lambda seed: random_tree((1, 3), 2, seed=seed, chance=True), float),
    "three players": (lambda seed: random_tree((1, 3), 3, seed=seed, num_players=3), list),
}


@pytest.mark.parametrize("kind", RIGHT_ANSWERS)
@some
@given(seeds, st.booleans())
def test_right_values_pass(kind, seed, converted):
    make, other_form = RIGHT_ANSWERS[kind]
    t = make(seed)
    answer = inner_values(t, t.values())
    if converted:
        answer = {p: other_form(v) for p, v in answer.items()}
    fb = check.values(t, answer)
    assert fb.ok, fb.text


@some
@given(seeds, st.sampled_from(["chance_mean", "chance_as_min", "chance_as_max"]))
def test_each_chance_mistake_is_named(seed, key):
    rule = {"chance_mean": "mean", "chance_as_min": "min", "chance_as_max": "max"}[key]
    t = random_tree((2, 3), 2, seed=seed, chance=True)
    true, wrong = t.values(), t.values(rule)
    answer = inner_values(t, wrong)
    assume(any(not close(v, true[p]) for p, v in answer.items()))
    fb = check.values(t, answer)
    assert not fb.ok and fb.mistake == key, (str(t), fb.text)
    assert key in check.MISTAKES
    # the first wrong node in bottom-up order is the one named
    first = next(n for n in bottom_up(t) if n.children and not close(answer[n.path], true[n.path]))
    assert fb.text.startswith(f"At {node_name(t, first.path)} (CHANCE)")


def test_a_chance_mistake_named_in_words():
    c = tree([chance((Fraction(1, 4), 8), (Fraction(3, 4), 0)), 1])
    fb = check.values(c, {(): 1, (0,): 0})
    assert fb.mistake == "chance_as_min" and "as if CHANCE were MIN" in fb.text and "1/4·8" in fb.text
    fb = check.values(c, {(): 8, (0,): 8})
    assert fb.mistake == "chance_as_max" and "(max of 8 and 0)" in fb.text
    fb = check.values(c, {(): 4.0, (0,): 4.0})
    assert fb.mistake == "chance_mean" and "probabilities were ignored" in fb.text
    # a value right up to float rounding is right; a wrong value no model explains names no mistake
    assert check.values(c, {(): 2.0000000000001, (0,): 2}).ok
    fb = check.values(c, {(): 3, (0,): 3})
    assert not fb.ok and fb.mistake is None


def test_a_chance_mistake_named_above_unlabelled_chance_nodes():
    c = tree(("A", [chance((Fraction(1, 4), 8), (Fraction(3, 4), 0)), 1]), labels=True)
    fb = check.values(c, {"A": 8})
    assert fb.mistake == "chance_as_max", fb.text


# --------------------------------------------------------------- payoff vectors: values


@some
@given(seeds)
def test_the_child_best_for_another_player_is_named(seed):
    t = random_tree((2, 3), 2, seed=seed, num_players=3)
    true = t.values()
    for node in bottom_up(t):
        if not node.children:
            continue
        kids = [true[c.path] for c in node.children]
        others = [q for q in range(3) if q != node.player]
        picks = [next(k for k in kids if k[q] == max(x[q] for x in kids)) for q in others]
        picks = [k for k in picks if k != true[node.path]]
        if picks:
            break
    else:
        assume(False)
    answer = inner_values(t, true)
    answer[node.path] = picks[0]
    fb = check.values(t, answer)
    assert not fb.ok and fb.mistake == "wrong_component", fb.text
    assert f"P{node.player} picks the child best in its own component" in fb.text
    assert "wrong_component" in check.MISTAKES


@some
@given(seeds)
def test_a_number_for_a_vector_is_named(seed):
    t = random_tree((1, 3), 2, seed=seed, num_players=3)
    true = t.values()
    answer = inner_values(t, true)
    answer[()] = true[()][0]
    fb = check.values(t, answer)
    assert not fb.ok and fb.mistake == "scalar_for_vector", fb.text
    assert "payoff vector" in fb.text


def test_bad_vectors_are_refused_in_a_sentence():
    m = tree([[(5, 5, 0), (2, 3, 5)], [(1, 7, 2), (9, 1, 0)]])
    fb = check.values(m, {(): (5, 5), (0,): (5, 5, 0), (1,): (1, 7, 2)})
    assert not fb.ok and "3 here" in fb.text
    fb = check.values(m, {(): (5, "5", 0), (0,): (5, 5, 0), (1,): (1, 7, 2)})
    assert not fb.ok and "not a number" in fb.text
    assert "payoff vector" in check.values(m, None).text


# --------------------------------------------------------------- Star1 and shallow pruning


def constant_sum_tree(seed, total=10):
    rng = random.Random(seed)

    def grow(depth):
        if depth == 0:
            a = rng.randint(0, total)
            b = rng.randint(0, total - a)
            return (a, b, total - a - b)
        return [grow(depth - 1) for _ in range(rng.randint(2, 3))]

    return tree(grow(rng.randint(2, 3)))


def searches():
    """(tree, kwargs for check.pruned, reference trace) for Star1 and shallow pruning trees."""
    def star1(seed):
        t = random_tree((2, 3), 2, seed=seed, chance=True, low=0, high=9)
        kw = dict(algorithm="star1", bounds=(0, 9))
        return t, kw, expectiminimax(t, pruning="star1", bounds=(0, 9), trace=True).trace

    def shallow(seed):
        t = constant_sum_tree(seed)
        kw = dict(algorithm="shallow", bounds=(0, 10), max_sum=10)
        return t, kw, maxn(t, pruning="shallow", bounds=(0, 10), max_sum=10, trace=True).trace

    return st.tuples(st.sampled_from([star1, shallow]), seeds).map(lambda fs: fs[0](fs[1]))


@some
@given(searches(), st.data())
def test_pruned_leaves_pass_and_one_leaf_off_fails_naming_it(case, data):
    t, kw, trace = case
    ref = trace.unvisited_leaves()
    assume(ref)
    fb = check.pruned(t, ref, **kw)
    assert fb.ok, fb.text
    # one pruned leaf left out (an empty answer counts as not answered yet)
    leaf = data.draw(st.sampled_from(ref))
    fb = check.pruned(t, [p for p in ref if p != leaf], **kw)
    if len(ref) == 1:
        assert not fb.ok and fb.text.startswith("Not answered yet")
    else:
        assert not fb.ok and node_name(t, leaf).lower() in fb.text.lower() and "misses it" in fb.text, fb.text
        k = next(i for i, e in enumerate(trace) if e.kind == "prune" and leaf[:len(e.path)] == e.path
                 and len(leaf) > len(e.path) and leaf[len(e.path)] in e.pruned)
        assert trace.narrate()[k] in fb.text
    # one evaluated leaf added
    leaf = data.draw(st.sampled_from(sorted(trace.scored())))
    fb = check.pruned(t, ref + [leaf], **kw)
    assert not fb.ok and f"{node_name(t, leaf)} is evaluated".lower() in fb.text.lower(), fb.text


def test_a_tree_without_prunes_and_the_default_is_unchanged():
    t = constant_sum_tree(1)
    m = tree([[(5, 5, 0), (2, 3, 5)], [(1, 4, 5), (9, 1, 0)]])
    fb = check.pruned(m, [], algorithm="shallow", bounds=(0, 10), max_sum=10)
    assert fb.ok and "shallow pruning prunes nothing" in fb.text
    assert check.pruned(t, None, algorithm="shallow", bounds=(0, 10), max_sum=10).text.startswith("Not answered")
    from advsearch import examples
    assert check.pruned(examples.two_ply(), [(1, 1), (1, 2)]).ok
    assert check.pruned(examples.two_ply(), [(1, 1), (1, 2)], algorithm="alphabeta").ok


@pytest.mark.parametrize("kw, words", [
    (dict(algorithm="star1"), ["algorithm='star1'", "bounds="]),
    (dict(algorithm="shallow", max_sum=10), ["algorithm='shallow'", "bounds="]),
    (dict(algorithm="shallow", bounds=(0, 10)), ["algorithm='shallow'", "max_sum="]),
    (dict(algorithm="alpha-beta"), ["'alpha-beta'", "'star1'", "'shallow'"]),
    (dict(algorithm="star2", bounds=(0, 9)), ["'star2'"]),
])
def test_bad_arguments_raise_value_errors_naming_them(kw, words):
    t = random_tree(2, 2, seed=1, chance=True, low=0, high=9) if kw["algorithm"] != "shallow" \
        else constant_sum_tree(1)
    with pytest.raises(ValueError) as info:
        check.pruned(t, [(0, 0)], **kw)
    for w in words:
        assert w in str(info.value)


def test_shallow_on_a_two_player_tree_is_refused():
    with pytest.raises(ValueError, match="three or more players"):
        check.pruned(random_tree(2, 2, seed=1), [], algorithm="shallow", bounds=(-9, 9), max_sum=0)


def test_chance_is_the_players_constant():
    assert CHANCE not in (0, 1)
