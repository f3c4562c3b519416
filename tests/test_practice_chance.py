"""Tests for practice.expectiminimax and practice.star1: seeded chance-tree exercises, checked against
references written here (a brute-force expectiminimax and a Star1 of our own), not the package's code."""

from __future__ import annotations

import math
from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import advsearch as ads  # noqa: E402
from advsearch.course.shared import exercise
from advsearch import CHANCE, MAX, practice  # noqa: E402
from advsearch.result import format_number  # noqa: E402


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


# ------------------------------------------------------- independent references


def brute(node, rule="expectation"):
    """Expectiminimax by plain recursion; ``rule`` is how chance nodes combine (a model of a mistake)."""
    if not node.children:
        return node.value
    kids = [brute(c, rule) for c in node.children]
    if node.player == CHANCE:
        if rule == "mean":
            return Fraction(sum(kids), len(kids))
        if rule in ("min", "max"):
            return min(kids) if rule == "min" else max(kids)
        return sum(p * v for p, v in zip(node.probs, kids))
    return max(kids) if node.player == MAX else min(kids)


def brute_key(t, rule="expectation"):
    return {n.label: brute(n, rule) for n in t.nodes() if n.children}


def star1_reference(t, bounds):
    """Ballard's Star1 written out again (cut on equality): (cuts as (path, player), scored leaf paths, value)."""
    low, high = bounds
    cuts, scored = [], set()

    def value(node, alpha, beta):
        if not node.children:
            scored.add(node.path)
            return node.value
        last = len(node.children) - 1
        if node.player == CHANCE:
            p = node.probs
            lo, hi = [low] * len(p), [high] * len(p)
            for i, child in enumerate(node.children):
                rest_hi = sum(p[j] * hi[j] for j in range(len(p)) if j != i)
                rest_lo = sum(p[j] * lo[j] for j in range(len(p)) if j != i)
                a = max((alpha - rest_hi) / p[i], lo[i])
                b = min((beta - rest_lo) / p[i], hi[i])
                v = value(child, a, b)
                if a < v < b or a == b:
                    lo[i] = hi[i] = v
                elif v <= a:
                    hi[i] = min(hi[i], v)
                else:
                    lo[i] = max(lo[i], v)
                upper = sum(x * y for x, y in zip(p, hi))
                lower = sum(x * y for x, y in zip(p, lo))
                if upper <= alpha or lower >= beta:
                    if i < last:
                        cuts.append((node.path, CHANCE))
                    return upper if upper <= alpha else lower
            return sum(x * y for x, y in zip(p, lo))
        v = -math.inf if node.player == MAX else math.inf
        for i, child in enumerate(node.children):
            w = value(child, alpha, beta)
            if node.player == MAX:
                v = max(v, w)
                stop = v >= beta
                alpha = max(alpha, v)
            else:
                v = min(v, w)
                stop = v <= alpha
                beta = min(beta, v)
            if stop:
                if i < last:
                    cuts.append((node.path, node.player))
                return v
        return v

    root_value = value(t.initial_state, low, high)
    return cuts, scored, root_value


def prune_events(trace):
    """The prune events of a trace, counted straight from its list of events."""
    return [e for e in trace if e.kind == "prune"]


# ----------------------------------------------------------------- expectiminimax


@pytest.mark.parametrize("with_min, depth, branching", [(True, 2, 2), (False, 1, 3), (False, 2, (2, 3)),
                                                         (True, 3, 2)])
def test_values_key_agrees_with_brute_force_and_passes_its_check(with_min, depth, branching):
    for seed in range(4):
        ex = practice.expectiminimax(seed, depth=depth, branching=branching, with_min=with_min)
        key = ex.answer_key()
        assert key == brute_key(ex.tree)
        assert key["A"] == ads.expectiminimax(ex.tree).value
        assert ex.check(key).ok
        assert ex.kind == ("expectiminimax" if with_min else "expectimax")
        assert ex.tree.height == 2 * depth
        players = {n.player for n in ex.tree.nodes() if n.children}
        assert players == ({MAX, ads.MIN, CHANCE} if with_min else {MAX, CHANCE})


def test_probabilities_are_easy_and_the_chance_rules_are_told_apart():
    for seed in range(10):
        t = practice.expectiminimax(seed).tree
        for n in t.nodes():
            if n.player == CHANCE:
                assert sum(n.probs) == 1 and all(p.denominator in (2, 3, 4) for p in n.probs)
        right = brute(t.initial_state)
        assert all(brute(t.initial_state, rule) != right for rule in ("mean", "min", "max"))


def test_fractions_floats_and_exact_values_are_accepted():
    ex = practice.expectiminimax(3)
    key = ex.answer_key()
    assert ex.check({k: float(v) for k, v in key.items()}).ok
    assert ex.check({k: Fraction(v) for k, v in key.items()}).ok


@pytest.mark.parametrize("rule, mistake", [("mean", "chance_mean"), ("min", "chance_as_min"),
                                           ("max", "chance_as_max")])
def test_a_wrong_chance_rule_is_named(rule, mistake):
    for seed in range(3):
        ex = practice.expectiminimax(seed)
        buggy = brute_key(ex.tree, rule)
        feedback = ex.check(buggy)
        assert not feedback.ok and feedback.mistake == mistake, feedback.text


def test_a_missing_answer_is_not_answered_yet():
    ex = practice.expectiminimax(0)
    assert ex.check(None).text.startswith("Not answered yet")


def test_expectiminimax_solution_narrates_every_node_with_the_expectation():
    ex = practice.expectiminimax(1)
    sol = ex.solution()
    key = ex.answer_key()
    for node in ex.tree.nodes():
        if node.player == CHANCE:
            terms = " + ".join(f"{format_number(p)}·{format_number(brute(c))}"
                               for p, c in zip(node.probs, node.children))
            assert f"{node.label} (chance) = {terms} = {format_number(key[node.label])}" in sol.text
    assert sol.png().startswith(b"\x89PNG")
    assert ex.draw().figure is not None


# --------------------------------------------------------------------------- star1


@pytest.mark.parametrize("knobs", [dict(), dict(cuts=2), dict(cuts=3, branching=3), dict(cuts=0),
                                   dict(cuts=2, chance_cuts=2), dict(cuts=1, with_min=False, depth=1),
                                   dict(cuts=2, bounds=(-2, 12)), dict(cuts=1, prune_on_equal=False)])
def test_star1_cuts_as_asked_by_an_independent_star1(knobs):
    for seed in range(3):
        ex = practice.star1(seed, **knobs)
        bounds = knobs.get("bounds", (0, 9))
        assert ex.bounds == bounds and ex.tree.utility_range == bounds
        r = ads.expectiminimax(ex.tree, pruning="star1", bounds=bounds, trace=True,
                               prune_on_equal=knobs.get("prune_on_equal", True))
        assert len(prune_events(r.trace)) == knobs.get("cuts", 1) == r.stats.prunes
        at_chance = sum(e.player == CHANCE for e in prune_events(r.trace))
        if "chance_cuts" in knobs:
            assert at_chance == knobs["chance_cuts"]
        elif knobs.get("cuts", 1):
            assert at_chance >= 1
        key = ex.answer_key()
        unscored = [leaf.label for leaf in ex.tree.leaves()
                    if leaf.path not in {e.path for e in r.trace if e.kind == "leaf"}]
        assert key["pruned"] == unscored
        assert key["value"] == brute(ex.tree.initial_state)
        if knobs.get("prune_on_equal", True):
            cuts, scored, value = star1_reference(ex.tree, bounds)
            assert len(cuts) == knobs.get("cuts", 1)
            assert [e.path for e in prune_events(r.trace)] == [p for p, _ in cuts]
            assert key["pruned"] == [leaf.label for leaf in ex.tree.leaves() if leaf.path not in scored]
        assert ex.check(key["pruned"]).ok


def test_star1_wrong_answers_fail_naming_the_leaf():
    ex = practice.star1(2, cuts=2)
    pruned = ex.answer_key()["pruned"]
    missing = ex.check(pruned[1:])
    assert not missing.ok and pruned[0] in missing.text and "never evaluated" in missing.text
    evaluated = [leaf.label for leaf in ex.tree.leaves() if leaf.label not in pruned]
    extra = ex.check(pruned + evaluated[-1:])
    assert not extra.ok and extra.text.startswith(f"{evaluated[-1]} (leaf") and "is evaluated" in extra.text
    assert ex.check(None).text.startswith("Not answered yet")


def test_star1_alpha_beta_answer_alone_misses_the_chance_cuts():
    """Answering as if chance nodes never cut (only MAX/MIN cuts) is wrong on a tree with a chance cut."""
    ex = practice.star1(0, cuts=2, chance_cuts=1)
    trace = ex.result.trace
    chance_cut = next(e for e in prune_events(trace) if e.player == CHANCE)
    skipped = {leaf.label for leaf in ex.tree.leaves()
               if leaf.path[:len(chance_cut.path)] == chance_cut.path
               and leaf.path[len(chance_cut.path)] in chance_cut.pruned}
    answer = [x for x in ex.answer_key()["pruned"] if x not in skipped]
    assert answer
    feedback = ex.check(answer)
    assert not feedback.ok and "(chance)" in feedback.text and "your answer misses it" in feedback.text


def test_star1_solution_explains_each_chance_cut_with_its_bounds():
    for seed in range(4):
        ex = practice.star1(seed, cuts=2)
        sol = ex.solution()
        trace = ex.result.trace
        for e in prune_events(trace):
            name = ex.tree.node(e.path).label
            if e.player == CHANCE:
                line = next(s for s in sol.summary if s.startswith(f"Star1 cut at {name} (chance)"))
                assert format_number(e.value) in line
                assert ("≥ β" in line) == (e.bound == "lower") and ("≤ α" in line) == (e.bound == "upper")
        assert "Pruned leaves: " + ", ".join(ex.answer_key()["pruned"]) + "." in sol.summary
        assert sol.steps == trace.narrate()
    assert len(sol.figure.axes) == 3
    assert "[0, 9]" in ex.draw().get_title()


def test_star1_solution_formula_adds_up():
    """The Σ P·v in a chance cut's sentence, with the unseen outcomes at L or U, is the bound that fired."""
    checked = 0
    for seed in range(8):
        ex = practice.star1(seed, cuts=1, chance_cuts=1)
        e = next(e for e in prune_events(ex.result.trace) if e.player == CHANCE)
        node = ex.tree.node(e.path)
        line = next(s for s in ex.solution().summary if s.startswith(f"Star1 cut at {node.label} (chance)"))
        sign = "≥" if e.bound == "lower" else "≤"
        if f"{node.label} {sign} " not in line:
            continue                    # an outcome returned only a bound: no formula is given
        formula = line.split(f"{node.label} {sign} ")[1].split(" = ")[0]
        terms = [term.split("·") for term in formula.split(" + ")]
        assert [Fraction(p) for p, _ in terms] == list(node.probs)
        unseen = [Fraction(v) for (_, v), i in zip(terms, range(len(terms))) if i in e.pruned]
        assert set(unseen) <= {Fraction(ex.bounds[0] if e.bound == "lower" else ex.bounds[1])}
        assert sum(Fraction(p) * Fraction(v) for p, v in terms) == e.value
        checked += 1
    assert checked >= 4


# --------------------------------------------------------------- determinism


def test_same_seed_same_exercise_and_settings_remake_it():
    for make in (practice.expectiminimax, lambda s: practice.star1(s, cuts=2)):
        assert make(5).tree == make(5).tree and make(5).answer_key() == make(5).answer_key()
        assert len({str(make(s).tree) for s in range(6)}) == 6
    ex = practice.star1("lab", cuts=2, bounds=(-1, 10), prune_on_equal=False)
    assert practice.star1(ex.seed, **ex.settings).tree == ex.tree
    ex = practice.expectiminimax("lab", with_min=False)
    assert practice.expectiminimax(ex.seed, **ex.settings).tree == ex.tree


@settings(max_examples=25, deadline=None)
@given(seed=st.one_of(st.integers(-10**9, 10**9), st.text(max_size=12)), cuts=st.integers(0, 2))
def test_any_seed_gives_a_star1_exercise_whose_key_passes(seed, cuts):
    ex = practice.star1(seed, cuts=cuts)
    assert len(prune_events(ex.result.trace)) == cuts
    assert ex.check(ex.answer_key()["pruned"]).ok
    assert len(star1_reference(ex.tree, ex.bounds)[0]) == cuts


@settings(max_examples=25, deadline=None)
@given(seed=st.one_of(st.integers(-10**9, 10**9), st.text(max_size=12)), with_min=st.booleans())
def test_any_seed_gives_an_expectiminimax_exercise_whose_key_passes(seed, with_min):
    ex = practice.expectiminimax(seed, with_min=with_min)
    assert ex.answer_key() == brute_key(ex.tree)
    assert ex.check(ex.answer_key()).ok


# --------------------------------------------------------------------- errors


@pytest.mark.parametrize("call, error, words", [
    (lambda: practice.expectiminimax(None), ValueError, "seed"),
    (lambda: practice.expectiminimax(depth=0), ValueError, "depth"),
    (lambda: practice.expectiminimax(depth=1), ValueError, "with_min=True needs depth >= 2"),
    (lambda: practice.expectiminimax(branching=(3, 2)), ValueError, "branching"),
    (lambda: practice.expectiminimax(branching="2"), ValueError, "branching"),
    (lambda: practice.expectiminimax(with_min="yes"), TypeError, "with_min"),
    (lambda: practice.expectiminimax(low=5, high=1), ValueError, "high"),
    (lambda: practice.expectiminimax(low=3, high=3), ValueError, "low and high must differ"),
    (lambda: practice.expectiminimax(low=1.5), ValueError, "low"),
    (lambda: practice.expectiminimax(depth=9, branching=3), ValueError, "would have"),
    (lambda: practice.star1(cuts=-1), ValueError, "cuts"),
    (lambda: practice.star1(cuts=1.0), ValueError, "cuts"),
    (lambda: practice.star1(cuts=1, chance_cuts=2), ValueError, "chance_cuts=2 cannot exceed cuts=1"),
    (lambda: practice.star1(chance_cuts=-1), ValueError, "chance_cuts"),
    (lambda: practice.star1(bounds=(0, 5)), ValueError, "bounds must satisfy"),
    (lambda: practice.star1(bounds=(9, 0), low=9, high=9), ValueError, "bounds must satisfy"),
    (lambda: practice.star1(bounds=5), ValueError, "bounds must be a pair"),
    (lambda: practice.star1(bounds=("0", "9")), ValueError, "bounds must be a pair"),
    (lambda: practice.star1(prune_on_equal=None), TypeError, "prune_on_equal"),
    (lambda: practice.star1(branching=1, cuts=1), ValueError, "two or more children"),
    (lambda: practice.star1(cuts=99), ValueError, "cuts=99 is impossible"),
])
def test_bad_parameters_are_refused_by_name(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_knobs_not_met_within_the_tries(monkeypatch):
    monkeypatch.setattr(exercise, "MAX_TRIES", 20)
    with pytest.raises(ValueError, match="in 20 tries from seed 0"):
        practice.star1(0, cuts=14)
