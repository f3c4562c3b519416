"""check.star1_windows: the window Star1 gives each outcome of a chance node, by hand.

The independent fact: Star1 written out here from Ballard's successor bounds (α_i and β_i from α, β,
[L, U], the probabilities and the values already returned; a cut when outcome i's value reaches α_i or
β_i before clipping) searches each outcome with the windows the package's trace records, scores the
same leaves and finds the same value.
"""

from __future__ import annotations

import math
from fractions import Fraction as F

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import advsearch as ads
from advsearch import CHANCE, MAX, check
from advsearch.course.chance.star1_windows import STAR1_WINDOW_MISTAKES, outcome_frames, successor_bound

inf = math.inf

REGULAR = "A[B:chance[1/2: C:min[2 9] 1/2: D:min[4 8]] E:chance[1/2: F:min[1 7] 1/2: G:min[5 6]]]"


def hand_star1(tree, low, high, eq=True):
    """Ballard's Star1 on the tree's nodes: (windows [(path, (α_i, β_i))] in search order, leaves scored, value)."""
    windows, scored = [], set()

    def beyond(x, bound, above):
        return x > bound or (eq and x == bound) if above else x < bound or (eq and x == bound)

    def value(node, alpha, beta):
        if not node.children:
            scored.add(node.path)
            return node.value
        if node.player == CHANCE:
            known, probs = 0, list(node.probs)
            for i, child in enumerate(node.children):
                rest = sum(probs[i + 1:])
                a_raw = (alpha - known - high * rest) / probs[i]
                b_raw = (beta - known - low * rest) / probs[i]
                a, b = max(a_raw, low), min(b_raw, high)
                windows.append((child.path, (a, b)))
                v = value(child, a, b)
                if beyond(v, a_raw, above=False):
                    return known + probs[i] * v + high * rest      # at most this, no more than α
                if beyond(v, b_raw, above=True):
                    return known + probs[i] * v + low * rest       # at least this, no less than β
                known += probs[i] * v
            return known
        best = -inf if node.player == MAX else inf
        for child in node.children:
            v = value(child, alpha, beta)
            if node.player == MAX:
                best = max(best, v)
                if beyond(best, beta, above=True):
                    break
                alpha = max(alpha, best)
            else:
                best = min(best, v)
                if beyond(best, alpha, above=False):
                    break
                beta = min(beta, best)
        return best

    root_value = value(tree.initial_state, low, high)
    return windows, scored, root_value


chance_trees = st.builds(lambda b, d, seed, root: ads.random_tree(b, d, seed=seed, chance=True, low=0, high=9,
                                                                  root=root),
                         st.sampled_from([2, 3, (2, 3)]), st.integers(1, 2), st.integers(0, 10**6),
                         st.sampled_from([0, 1]))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chance_trees, st.sampled_from([(0, 9), (-2, 12), (0, 20)]), st.booleans())
def test_trace_windows_are_ballards(t, bounds, eq):
    r = ads.expectiminimax(t, pruning="star1", bounds=bounds, prune_on_equal=eq, trace=True)
    windows, scored, value = hand_star1(t, *bounds, eq=eq)
    assert [(p, ab) for _, p, ab in outcome_frames(r.trace)] == windows
    assert r.trace.scored() == scored                    # the same pruning decisions
    assert value == r.value == ads.expectiminimax(t).value
    assert check.star1_windows(t, dict(windows), bounds, prune_on_equal=eq).ok


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chance_trees, st.data())
def test_first_wrong_bound_is_named(t, data):
    windows, _, _ = hand_star1(t, 0, 9)
    i = data.draw(st.integers(0, len(windows) - 1))
    side = data.draw(st.integers(0, 1))
    answer = dict(windows)
    path, window = windows[i]
    answer[path] = tuple(F(-7) if s == side else x for s, x in enumerate(window))
    fb = check.star1_windows(t, answer, (0, 9))
    k = outcome_frames(ads.expectiminimax(t, pruning="star1", bounds=(0, 9), trace=True).trace)[i][0]
    assert not fb.ok and fb.text.startswith(f"At event {k} (")
    assert f"{'αβ'[side]}_" in fb.text and "not -7 as you wrote" in fb.text
    assert fb.mistake is None or fb.mistake in check.MISTAKES


def test_formula_and_named_mistakes_on_the_lecture_tree():
    t = ads.parse(REGULAR)
    ok = {"C": (0, 10), "D": (0, 10), "F": (0, 10), "G": (5, 10)}
    assert check.star1_windows(t, ok, (0, 10)).ok
    fb = check.star1_windows(t, {**ok, "G": (3, 10)}, (0, 10))
    assert fb.mistake == "star1_alphabeta_window" and "α_G = (3 − 1/2·1) / (1/2) = 5" in fb.text
    fb = check.star1_windows(t, {**ok, "G": (0, 10)}, (0, 10))             # F taken at U, not at its 1
    assert fb.mistake == "star1_values_ignored"
    fb = check.star1_windows(t, {**ok, "F": (-4, 10)}, (0, 10))            # (3 − 1/2·10) / 1/2, not clipped
    assert fb.mistake == "star1_not_clipped" and "below L, so α_F = L = 0" in fb.text
    fb = check.star1_windows(t, {**ok, "F": (6, 10)}, (0, 10))             # G taken at L: (3 − 0) / 1/2
    assert fb.mistake == "star1_unseen_wrong_end"
    assert set(STAR1_WINDOW_MISTAKES) <= set(check.MISTAKES)


def test_successor_bound_by_hand():
    """A chance node entered with (4, 8), leaves in [0, 10], probabilities 1/2, 1/4, 1/4, outcomes 6 and 9 seen."""
    probs = [F(1, 2), F(1, 4), F(1, 4)]
    assert successor_bound(0, 4, 8, probs, [6], 0, 10, clip=False) == -6     # (4 − 3 − 10/4) / (1/4)
    assert successor_bound(0, 4, 8, probs, [6], 0, 10) == 0                  # at least L
    assert successor_bound(1, 4, 8, probs, [6], 0, 10, clip=False) == 20     # (8 − 3 − 0) / (1/4)
    assert successor_bound(1, 4, 8, probs, [6], 0, 10) == 10                 # at most U
    assert successor_bound(1, 4, 8, probs, [6, 9], 0, 10, clip=False) == 11  # (8 − 3 − 9/4) / (1/4)
    assert successor_bound(0, 4, 8, probs, [6, 9], 0, 10, clip=False) == -5  # (4 − 3 − 9/4) / (1/4)


def test_a_pruned_outcome_has_no_window():
    t = ads.parse("A[B:chance[1/2: b1=8 1/2: b2=6] C:chance[1/2: c1=0 1/2: c2=9]]")
    assert check.star1_windows(t, {"b1": (0, 10), "b2": (0, 10), "c1": (4, 10)}, (0, 10)).ok
    fb = check.star1_windows(t, {"b1": (0, 10), "b2": (0, 10), "c1": (4, 10), "c2": (0, 10)}, (0, 10))
    assert not fb.ok and "never searches c2" in fb.text


def test_answers_that_are_not_windows_get_a_sentence():
    t = ads.parse(REGULAR)
    for blank in (None, ..., {}, {"C": ...}):
        assert check.star1_windows(t, blank, (0, 10)).text.startswith("Not answered yet")
    for answer, words in [([1], "give a dict"), ({"A": (0, 1)}, "not an outcome of a chance node"),
                          ({"C": 3}, "as a pair"), ({"C": ("x", 1)}, "the text 'x'"), ({"Q": (1, 2)}, "no node 'Q'"),
                          ({"C": (0, 10)}, "you have not given D's window")]:
        fb = check.star1_windows(t, answer, (0, 10))
        assert not fb.ok and words in fb.text, (answer, fb.text)


junk = st.recursive(st.none() | st.integers() | st.floats() | st.text(max_size=4) | st.just(...) | st.fractions(),
                    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner)
                    | st.dictionaries(st.text(max_size=2) | st.sampled_from(["C", "D", "F", "G", "A"]), inner,
                                      max_size=3),
                    max_leaves=8)


@settings(max_examples=200, deadline=None)
@given(junk)
def test_any_answer_gets_a_sentence(answer):
    fb = check.star1_windows(ads.parse(REGULAR), answer, (0, 10))
    assert isinstance(fb.text, str) and fb.text and not fb.ok


def test_caller_errors_are_named():
    with pytest.raises(ValueError, match="bounds"):
        check.star1_windows(ads.parse(REGULAR), {}, (0, float("inf")))
    with pytest.raises(ValueError, match="star1_windows"):
        check.windows(ads.parse(REGULAR), {})
