"""check.windows: the window [α, β] of every node alpha-beta enters, on entry and when it returns, by hand.

The independent fact: the lecture's ALPHA-BETA written out here on the tree's nodes (MAX-VALUE and
MIN-VALUE as in the pseudocode, nothing from the package's search) records the same windows, frame by
frame, as the trace the checker reads.
"""

from __future__ import annotations

import math

from hypothesis import HealthCheck, given, settings, strategies as st

import advsearch as ads
from advsearch import MAX, check, examples
from advsearch.course.alphabeta.windows import WINDOW_MISTAKES, window_frames

inf = math.inf

TWO_PLY = {"A": [(-inf, inf), (3, inf)], "B": [(-inf, inf), (-inf, 3)],
           "C": [(3, inf), (3, inf)], "D": [(3, inf), (3, 5)]}


def hand_windows(tree, eq=True):
    """The pseudocode's windows: [(path, "entered" | "returns", (α, β))] in the order the search makes them."""
    out = []

    def value(node, alpha, beta):
        if not node.children:
            return node.value
        out.append((node.path, "entered", (alpha, beta)))
        v = -inf if node.player == MAX else inf
        for child in node.children:
            v2 = value(child, alpha, beta)
            if node.player == MAX:
                v = max(v, v2)
                if v > beta or (eq and v == beta):
                    break
                alpha = max(alpha, v)
            else:
                v = min(v, v2)
                if v < alpha or (eq and v == alpha):
                    break
                beta = min(beta, v)
        out.append((node.path, "returns", (alpha, beta)))
        return v

    value(tree.initial_state, -inf, inf)
    return out


def as_answer(frames):
    answer = {}
    for path, when, window in frames:
        answer.setdefault(path, [None, None])[0 if when == "entered" else 1] = window
    return answer


trees = st.builds(lambda b, d, seed, low: ads.random_tree(b, d, seed=seed, low=low, high=low + 6),
                  st.sampled_from([2, 3, (1, 3), (2, 4)]), st.integers(1, 4), st.integers(0, 10**6),
                  st.integers(-6, 0))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trees, st.booleans())
def test_trace_windows_are_the_pseudocodes(t, eq):
    ref = ads.alphabeta(t, prune_on_equal=eq, trace=True).trace
    assert [(p, w, ab) for _, p, w, ab in window_frames(ref)] == hand_windows(t, eq)
    fb = check.windows(t, as_answer(hand_windows(t, eq)), prune_on_equal=eq)
    assert fb.ok, fb.text
    assert fb.findings["right"] == fb.findings["windows"] == len(hand_windows(t, eq))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trees, st.data())
def test_first_wrong_bound_is_named_with_its_frame(t, data):
    """Change one or two bounds: the feedback names the earlier frame, its node and α or β, and its picture."""
    frames = hand_windows(t)
    events = window_frames(ads.alphabeta(t, trace=True).trace)
    picks = sorted(data.draw(st.lists(st.integers(0, len(frames) - 1), min_size=1, max_size=2, unique=True)))
    sides = [data.draw(st.integers(0, 1)) for _ in picks]
    answer = {p: list(ws) for p, ws in as_answer(frames).items()}
    for i, side in zip(picks, sides):
        path, when, window = frames[i]
        slot = 0 if when == "entered" else 1
        changed = list(answer[path][slot])
        changed[side] = 100 if changed[side] != 100 else 101
        answer[path][slot] = tuple(changed)
    fb = check.windows(t, answer)
    k, path, when, _ = events[picks[0]]
    assert not fb.ok
    assert fb.text.startswith(f"At event {k} (")
    assert f"its {'αβ'[sides[0]]} is" in fb.text and ("not 100" in fb.text or "not 101" in fb.text)
    assert fb.picture() is not None
    assert fb.mistake is None or fb.mistake in check.MISTAKES


def test_the_lecture_tree_and_its_named_mistakes():
    t = examples.two_ply()
    assert check.windows(t, TWO_PLY).ok
    cases = {
        "bounds_not_passed": {"C": [(-inf, inf), (-inf, inf)], "D": [(-inf, inf), (-inf, 5)]},
        "window_not_updated": {"D": [(-inf, inf), (3, 5)]},
        "interval_for_window": {"B": [(-inf, inf), (3, 3)]},
        "swapped_bounds": {"B": [(-inf, inf), (3, -inf)]},
        "bound_updated_at_cut": {"D": [(3, inf), (3, 2)]},
        "bounds_updated_wrong_place": {"D": [(3, inf), (2, 5)]},
    }
    for key, change in cases.items():
        fb = check.windows(t, {**TWO_PLY, **change})
        assert (fb.ok, fb.mistake) == (False, key), (key, fb.text)
    fb = check.windows(t, {**TWO_PLY, "C": [(3, inf), (3, 2)]})
    assert fb.text.startswith("At event 14 (") and "its β is +∞, not 2" in fb.text
    assert "before lowering β" in fb.text
    fb = check.windows(t, {**TWO_PLY, "D": [(-inf, inf), (3, 5)]})
    assert "children so far returned 3 and 2, so α = 3" in fb.text
    assert set(WINDOW_MISTAKES) <= set(check.MISTAKES)


def test_a_pruned_node_has_no_window():
    t = ads.parse("A[B[E[e1=3 e2=5] F[f1=6 f2=9]] C[G[g1=1 g2=2] H[h1=0 h2=4]] "
                  "D[I[i1=8 i2=4] J[j1=2 j2=7] K[k1=9 k2=6]]]")
    answer = {t.label(t.node(p)): ws for p, ws in as_answer(hand_windows(t)).items()}
    assert check.windows(t, answer).ok and "H" not in answer
    fb = check.windows(t, {**answer, "H": [(5, inf), (5, inf)]})
    assert not fb.ok and "never enters H" in fb.text and fb.text.startswith("At event 25 (")


def test_strict_rule():
    t = ads.parse("A[B[b1=4 b2=7 b3=5] C[c1=6 c2=4 c3=9] D[d1=4 d2=2 d3=8] E[e1=3 e2=5 e3=1]]")
    strict = as_answer(hand_windows(t, eq=False))
    assert check.windows(t, strict, prune_on_equal=False).ok
    assert not check.windows(t, strict).ok


def test_bounds_may_be_written_as_text_and_fractions():
    from fractions import Fraction
    t = examples.two_ply()
    written = {**TWO_PLY, "A": [("-inf", "+∞"), (Fraction(3), "inf")], "B": [("−∞", "∞"), (-inf, 3.0)]}
    assert check.windows(t, written).ok


def test_missing_and_misshapen_answers_never_raise():
    t = examples.two_ply()
    for blank in (None, ..., {}, {"A": ..., "B": None}):
        assert check.windows(t, blank).text.startswith("Not answered yet")
    sentences = {
        "list": ([1, 2], "give a dict"),
        "leaf": ({(0, 0): [(1, 2), (3, 4)]}, "is a leaf"),
        "number": ({"B": 3}, "give two windows"),
        "triple": ({"B": [(1, 2, 3), (1, 2)]}, "a pair (α, β)"),
        "text": ({"B": [("three", 1), (1, 2)]}, "the text 'three'"),
        "unknown": ({"Z": [(1, 2), (1, 2)]}, "no node 'Z'"),
        "bool": ({"B": [(True, 1), (1, 2)]}, "write a number"),
        "missing": ({k: v for k, v in TWO_PLY.items() if k != "C"}, "you have not given C's window"),
    }
    for name, (answer, words) in sentences.items():
        fb = check.windows(t, answer)
        assert not fb.ok and words in fb.text, (name, fb.text)


junk = st.recursive(st.none() | st.integers() | st.floats() | st.text(max_size=4) | st.just(...),
                    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner)
                    | st.dictionaries(st.text(max_size=2) | st.sampled_from("ABCD"), inner, max_size=3),
                    max_leaves=8)


@settings(max_examples=200, deadline=None)
@given(junk)
def test_any_answer_gets_a_sentence(answer):
    fb = check.windows(examples.two_ply(), answer)
    assert isinstance(fb.text, str) and fb.text and not fb.ok


def test_each_frame_draws_the_window_the_checker_expects():
    """The picture of event k (the lecture's frame, drawn with bounds=True) writes the expected window beside the node."""
    from advsearch.drawing import scene
    for t in [examples.two_ply(), *(ads.random_tree((2, 3), 3, seed=s) for s in range(5))]:
        r = ads.alphabeta(t, trace=True)
        for k, path, when, window in window_frames(r.trace):
            node = scene(r, step=k).nodes[path]
            assert (node["alpha"], node["beta"]) == window
