"""Tests for practice.maxn and practice.shallow: seeded three-player exercises, checked against references
written here (a brute-force max-n and a shallow pruning of our own), not the package's code."""

from __future__ import annotations

import math

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import advsearch as ads  # noqa: E402
from advsearch.course.shared import exercise
from advsearch import practice  # noqa: E402


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


# ------------------------------------------------------- independent references


def brute(node, chooser=None):
    """Max-n by plain recursion: the first child best in entry ``chooser(player)`` (the mover's by default)."""
    if not node.children:
        return node.value
    entry = node.player if chooser is None else chooser(node.player)
    best = None
    for child in node.children:
        v = brute(child, chooser)
        if best is None or v[entry] > best[entry]:
            best = v
    return best


def brute_key(t, chooser=None):
    return {n.label: brute(n, chooser) for n in t.nodes() if n.children}


def shallow_reference(t, max_sum, bounds=None):
    """Korf's shallow pruning written out again, payoffs >= 0: (cut paths, scored leaf paths, root vector).

    ``bounds``, a dict, receives the bound each inner node was searched with.
    """
    cuts, scored = [], set()
    bounds = {} if bounds is None else bounds

    def value(node, bound):
        bounds[node.path] = bound
        if not node.children:
            scored.add(node.path)
            return node.value
        p, best = node.player, None
        for i, child in enumerate(node.children):
            v = value(child, max_sum - (0 if best is None else best[p]))
            if best is None or v[p] > best[p]:
                best = v
            if best[p] >= bound:
                if i < len(node.children) - 1:
                    cuts.append(node.path)
                return best
        return best

    root = value(t.initial_state, math.inf)
    return cuts, scored, root


def prune_events(trace):
    return [e for e in trace if e.kind == "prune"]


# ----------------------------------------------------------------------- max-n


@pytest.mark.parametrize("knobs", [dict(), dict(depth=2, branching=3), dict(num_players=4, depth=4),
                                   dict(branching=(2, 3), ties=True), dict(low=-5, high=5)])
def test_maxn_key_agrees_with_brute_force_and_passes_its_check(knobs):
    for seed in range(4):
        ex = practice.maxn(seed, **knobs)
        key = ex.answer_key()
        move = key.pop("move")
        assert key == brute_key(ex.tree)
        root = ex.tree.initial_state
        assert move == next(c.label for c in root.children if brute(c) == key["A"])
        assert ex.check(ex.answer_key()).ok
        assert ex.tree.num_players == knobs.get("num_players", 3) and ex.tree.height == knobs.get("depth", 3)


def test_ties_knob():
    def tied(t):
        return any(sorted((brute(c)[n.player] for c in n.children), reverse=True)[:2].count(
            max(brute(c)[n.player] for c in n.children)) > 1 for n in t.nodes() if len(n.children) > 1)

    for seed in range(5):
        assert not tied(practice.maxn(seed).tree)
        assert tied(practice.maxn(seed, ties=True).tree)


def test_choosing_by_another_players_entry_is_named_wrong_component():
    for seed in range(4):
        ex = practice.maxn(seed)
        buggy = brute_key(ex.tree, chooser=lambda player: (player + 1) % 3)
        feedback = ex.check({**buggy, "move": "B"})
        if buggy == brute_key(ex.tree):
            continue
        assert not feedback.ok and feedback.mistake == "wrong_component", feedback.text


def test_a_number_for_a_vector_is_named_scalar_for_vector():
    ex = practice.maxn(1)
    key = ex.answer_key()
    scalars = {label: v[0] for label, v in key.items() if label != "move"}
    feedback = ex.check(scalars)
    assert not feedback.ok and feedback.mistake == "scalar_for_vector"


def test_the_move_is_checked_after_the_vectors():
    for seed in range(6):
        ex = practice.maxn(seed)
        key = ex.answer_key()
        root = ex.tree.initial_state
        wrong = next(c for c in root.children if c.label != key["move"])
        feedback = ex.check({**key, "move": wrong.label})
        assert not feedback.ok and "the move is not" in feedback.text and key["move"] in feedback.text
        best_for_other = any(brute(wrong)[q] == max(brute(c)[q] for c in root.children) for q in (1, 2))
        assert (feedback.mistake == "wrong_component") == best_for_other
        index = [c.label for c in root.children].index(key["move"])
        assert ex.check({**key, "move": index}).ok and ex.check({**key, "move": key["move"].lower()}).ok
        without = ex.check({k: v for k, v in key.items() if k != "move"})
        assert not without.ok and "Now add the move" in without.text
        assert "not a child" in ex.check({**key, "move": "Z9"}).text
    assert ex.check(None).text.startswith("Not answered yet") and "move" in ex.check({}).text
    assert not ex.check([1, 2]).ok


def test_maxn_solution_names_each_choice():
    ex = practice.maxn(2)
    sol = ex.solution()
    key = ex.answer_key()
    for label, vector in key.items():
        if label != "move":
            assert f"so {label} = {ads.result.format_number(vector)}" in sol.text
    assert f"P0 moves to {key['move']}" in sol.text
    assert sol.png().startswith(b"\x89PNG")


# --------------------------------------------------------------------- shallow


@pytest.mark.parametrize("knobs", [dict(), dict(cuts=2), dict(cuts=0), dict(cuts=3, branching=3),
                                   dict(cuts=2, max_sum=6), dict(cuts=2, num_players=4, depth=4),
                                   dict(cuts=1, depth=2, branching=3)])
def test_shallow_cuts_as_asked_by_an_independent_shallow_pruning(knobs):
    max_sum = knobs.get("max_sum", 10)
    for seed in range(3):
        ex = practice.shallow(seed, **knobs)
        assert ex.bounds == (0, max_sum) and ex.max_sum == max_sum
        n = knobs.get("num_players", 3)
        assert all(len(leaf.value) == n and sum(leaf.value) == max_sum and min(leaf.value) >= 0
                   for leaf in ex.tree.leaves())
        trace = ads.maxn(ex.tree, pruning="shallow", bounds=(0, max_sum), max_sum=max_sum, trace=True).trace
        assert len(prune_events(trace)) == knobs.get("cuts", 1)
        cuts, scored, root = shallow_reference(ex.tree, max_sum)
        assert cuts == [e.path for e in prune_events(trace)]
        key = ex.answer_key()
        assert key["pruned"] == [leaf.label for leaf in ex.tree.leaves() if leaf.path not in scored]
        assert key["value"] == root == brute(ex.tree.initial_state)
        assert ex.check(key["pruned"]).ok


def test_shallow_wrong_answers_fail_naming_the_leaf():
    ex = practice.shallow(3, cuts=2)
    pruned = ex.answer_key()["pruned"]
    missing = ex.check(pruned[:-1])
    assert not missing.ok and pruned[-1] in missing.text and "your answer misses it" in missing.text
    evaluated = [leaf.label for leaf in ex.tree.leaves() if leaf.label not in pruned]
    extra = ex.check(pruned + evaluated[:1])
    assert not extra.ok and extra.text.startswith(f"{evaluated[0]} (leaf")
    assert ex.check(None).text.startswith("Not answered yet")


def test_shallow_solution_explains_each_cut_with_max_sum_minus_the_parents_best():
    for seed in range(4):
        ex = practice.shallow(seed, cuts=2)
        sol = ex.solution()
        lines = [s for s in sol.summary if s.startswith("Shallow cut at")]
        assert len(lines) == 2
        bounds = {}
        shallow_reference(ex.tree, 10, bounds)
        for e, line in zip(prune_events(ex.result.trace), lines):
            node = ex.tree.node(e.path)
            assert line.startswith(f"Shallow cut at {node.label} (P{node.player})")
            bound = bounds[e.path]
            assert f"max_sum − {10 - bound} = {bound} or more" in line
            assert f"P{node.player} has {e.value[node.player]} here" in line and e.value[node.player] >= bound
        assert sol.steps == ex.result.trace.narrate()
    assert "summing to 10" in ex.draw().get_title()


# --------------------------------------------------------------- determinism


def test_same_seed_same_exercise():
    for make in (practice.maxn, lambda s: practice.shallow(s, cuts=2)):
        assert make(5).tree == make(5).tree and make(5).answer_key() == make(5).answer_key()
        assert len({str(make(s).tree) for s in range(6)}) == 6
    ex = practice.shallow("lab", cuts=2, max_sum=8, num_players=4, depth=4)
    assert practice.shallow(ex.seed, **ex.settings).tree == ex.tree
    ex = practice.maxn("lab", ties=True, branching=(2, 3))
    assert practice.maxn(ex.seed, **ex.settings).tree == ex.tree


@settings(max_examples=25, deadline=None)
@given(seed=st.one_of(st.integers(-10**9, 10**9), st.text(max_size=12)), cuts=st.integers(0, 2))
def test_any_seed_gives_a_shallow_exercise_whose_key_passes(seed, cuts):
    ex = practice.shallow(seed, cuts=cuts)
    assert len(shallow_reference(ex.tree, 10)[0]) == cuts
    assert ex.check(ex.answer_key()["pruned"]).ok


@settings(max_examples=25, deadline=None)
@given(seed=st.one_of(st.integers(-10**9, 10**9), st.text(max_size=12)))
def test_any_seed_gives_a_maxn_exercise_whose_key_passes(seed):
    ex = practice.maxn(seed)
    key = ex.answer_key()
    assert ex.check(key).ok
    assert {k: v for k, v in key.items() if k != "move"} == brute_key(ex.tree)


# --------------------------------------------------------------------- errors


@pytest.mark.parametrize("call, error, words", [
    (lambda: practice.maxn(None), ValueError, "seed"),
    (lambda: practice.maxn(num_players=2), ValueError, "num_players must be 3 or more"),
    (lambda: practice.maxn(num_players="3"), ValueError, "num_players"),
    (lambda: practice.maxn(depth=0), ValueError, "depth"),
    (lambda: practice.maxn(branching=0), ValueError, "branching"),
    (lambda: practice.maxn(low=4, high=2), ValueError, "high"),
    (lambda: practice.maxn(low=4, high=4), ValueError, "ties=False needs different payoffs"),
    (lambda: practice.maxn(ties="no"), TypeError, "ties"),
    (lambda: practice.maxn(branching=1, ties=True), ValueError, "ties=True needs"),
    (lambda: practice.maxn(depth=12, branching=4), ValueError, "would have"),
    (lambda: practice.shallow(cuts=-1), ValueError, "cuts"),
    (lambda: practice.shallow(max_sum=0), ValueError, "max_sum"),
    (lambda: practice.shallow(max_sum=2.5), ValueError, "max_sum"),
    (lambda: practice.shallow(depth=1), ValueError, "depth >= 2"),
    (lambda: practice.shallow(branching=1), ValueError, "branching >= 2"),
    (lambda: practice.shallow(cuts=7), ValueError, "cuts=7 is impossible"),
    (lambda: practice.shallow(num_players=1), ValueError, "num_players"),
])
def test_bad_parameters_are_refused_by_name(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_knobs_not_met_within_the_tries(monkeypatch):
    monkeypatch.setattr(exercise, "MAX_TRIES", 20)
    with pytest.raises(ValueError, match="in 20 tries from seed 0"):
        practice.shallow(0, cuts=6)
