"""check.implementation for max-n: a student's function that returns a payoff vector.

The searches below follow the lecture's pseudocode (keep the child's vector
when its entry for the player to move is larger), written here independently
of advsearch's code: a correct one and one deliberately buggy search for each
mistake the checker should name.
"""

from __future__ import annotations

import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import advsearch.check as check
from advsearch import parse, random_tree
from advsearch.course.multiplayer.battery import MAXN_TREES, maxn_battery, ties_matter
from advsearch.course.shared.value_models import mirror_path, reassigned, reversed_tree

some = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def make_maxn(*, entry=lambda p, n: p, ties_to_last=False, twice=False, scalar=False):
    """max-n as in the lecture, with switches to plant one mistake at a time."""

    def max_n(game, state):
        n = game.num_players
        if game.is_terminal(state):
            if scalar:
                return game.utility(state, game.to_move(state))
            return tuple(game.utility(state, p) for p in range(n))
        p = entry(game.to_move(state), n)
        best = None
        for a in game.actions(state):
            v = max_n(game, game.result(state, a))
            if scalar:
                best = v if best is None else max(best, v)
                continue
            if best is None or v[p] > best[p] or (ties_to_last and v[p] == best[p]):
                best = max_n(game, game.result(state, a)) if twice else v
        return best

    return max_n


correct = make_maxn()


def last_among_equals(t):
    """An independent max-n fold whose ties go to the last child (the mistake, by brute force)."""
    def value(node):
        if not node.children:
            return node.value
        best = None
        for child in node.children:
            v = value(child)
            if best is None or v[node.player] >= best[node.player]:
                best = v
        return best
    return value(t.initial_state)


# ------------------------------------------------------------------ right answers


def test_a_correct_search_passes():
    fb = check.implementation(correct, "maxn")
    assert fb.ok and fb.mistake is None, fb.text
    assert f"on all {len(maxn_battery(0))} test trees" in fb.text
    as_lists = lambda game, state: list(correct(game, state))      # noqa: E731
    assert check.implementation(as_lists, "maxn").ok


@some
@given(seed=st.integers(0, 10**6))
def test_a_correct_search_passes_on_every_seed(seed):
    assert check.implementation(correct, "maxn", seed=seed).ok


@some
@given(seed=st.integers(0, 10**6))
def test_ties_to_the_last_child_are_what_the_reversed_tree_gives(seed):
    t = random_tree((1, 3), 3, seed=seed, num_players=3, low=0, high=2)
    assert reversed_tree(t).values()[()] == last_among_equals(t)
    assert reversed_tree(reversed_tree(t)) == t
    mirror = reversed_tree(t)
    assert all(mirror.node(mirror_path(t, n.path)).value == n.value for n in t.leaves())
    assert reassigned(t, lambda p: p) == t


def test_the_battery_has_trees_where_the_tie_rule_decides_the_root():
    trees = maxn_battery(7)
    assert trees == maxn_battery(7) and trees != maxn_battery(8)
    decided = [t for t in trees if last_among_equals(t) != t.values()[()]]
    assert len(decided) >= len(trees) // 3
    assert all(ties_matter(t) == (t in decided) for t in trees)
    # The lecture's sample tree: P2 takes (1, 2, 3), P1 prefers it for its 2, and P0 gets 1.
    assert parse(MAXN_TREES[0]).values()[()] == (1, 2, 3)


# --------------------------------------------------------------- named mistakes


MISTAKES = [
    ("wrong_component", make_maxn(entry=lambda p, n: (p + 1) % n), "next player"),
    ("wrong_component", make_maxn(entry=lambda p, n: (p - 1) % n), "player before"),
    ("wrong_component", make_maxn(entry=lambda p, n: 0), "best for P0"),
    ("maxn_ties", make_maxn(ties_to_last=True), "keeps the last child"),
    ("scalar_for_vector", make_maxn(scalar=True), "a single number"),
    ("expands_twice", make_maxn(twice=True), "more than once"),
]


@pytest.mark.parametrize("key, fn, words", MISTAKES, ids=[f"{m[0]}-{i}" for i, m in enumerate(MISTAKES)])
def test_each_mistake_is_named(key, fn, words):
    fb = check.implementation(fn, "maxn")
    assert not fb.ok and fb.mistake == key, fb.text
    assert words in fb.text and "On the tree " in fb.text
    assert key in check.MISTAKES


@some
@given(seed=st.integers(0, 10**6))
def test_ties_to_the_last_child_are_named_on_every_seed(seed):
    fb = check.implementation(make_maxn(ties_to_last=True), "maxn", seed=seed)
    assert fb.mistake == "maxn_ties", fb.text


def test_the_tie_is_shown_where_it_decides():
    fb = check.implementation(make_maxn(ties_to_last=True), "maxn")
    # The second tree: P1's children (5,3,0) and (1,3,9) tie at 3, so node [0] is (5,3,0), not (1,3,9).
    assert "On the tree [[(5,3,0) (1,3,9)] [(4,4,4) (2,0,1)]], your function returns (4, 4, 4)" in fb.text
    assert "children 0 and 1 both give P1 3" in fb.text and "v[p] > best[p]" in fb.text
    assert fb.picture().svg.startswith("<svg")


def test_an_unnamed_wrong_vector_is_explained_from_the_root():
    fb = check.implementation(lambda game, state: tuple(x + 1 for x in correct(game, state)), "maxn")
    assert not fb.ok and fb.mistake is None
    assert "returns (2, 3, 4); the payoff vector is (1, 2, 3)" in fb.text and "P0 takes" in fb.text


# --------------------------------------------------------- missing and bad answers


def test_stubs_are_not_answered_yet():
    def stub(game, state):
        raise NotImplementedError

    def nothing(game, state):
        pass

    for fn in (stub, nothing, None, ...):
        fb = check.implementation(fn, "maxn")
        assert not fb.ok and fb.text.startswith("Not answered yet") and "payoff vector" in fb.text, fn


@pytest.mark.parametrize("returned, words", [
    ("x", "returned a str"), ((1, 2), "a vector of 2 entries"), ((1, 2, "3"), "'3' is a str"),
    ((1, 2, True), "True is a bool"),
])
def test_returns_that_are_no_payoff_vector_are_explained(returned, words):
    fb = check.implementation(lambda game, state: returned, "maxn")
    assert not fb.ok and words in fb.text and fb.mistake is None


def test_the_checker_never_raises_because_of_the_answer():
    def quits(game, state):
        sys.exit(1)

    for fn in (quits, print, len, 42, lambda game: 3):
        fb = check.implementation(fn, "maxn")
        assert not fb.ok and fb.text


def test_trees_of_the_wrong_kind_are_refused():
    with pytest.raises(ValueError, match=r"trees\[0\] is a two-player tree, but .*'maxn'\) needs trees of three"):
        check.implementation(correct, "maxn", trees=["[[3 1] [2 4]]"])
    with pytest.raises(ValueError, match=r"trees\[1\] has chance nodes"):
        check.implementation(correct, "maxn", trees=[MAXN_TREES[1], "[:chance[1/2: (1,2,3) 1/2: (3,2,1)] (2,2,2)]"])
    with pytest.raises(ValueError, match="at least one tree"):
        check.implementation(correct, "maxn", trees=())
    with pytest.raises(TypeError, match="trees must be a list of trees"):
        check.implementation(correct, "maxn", trees=MAXN_TREES[1])
    four = random_tree(2, 2, seed=1, num_players=4)
    assert check.implementation(correct, "maxn", trees=[four]).ok
