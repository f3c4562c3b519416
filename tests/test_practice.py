"""Tests for advsearch.practice: reproducible exercises whose knobs hold and whose keys are right."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # off-screen, for these tests only

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

import advsearch as ads  # noqa: E402
from advsearch.course.shared import exercise
from advsearch import MAX, MIN, practice  # noqa: E402
from advsearch.trees import spreadsheet_name  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


# ------------------------------------------------------- independent references


def reference_cuts(t, prune_on_equal=True):
    """Alpha-beta written out again, recording each cut as (path, player, deep).

    A cut at a node is deep when the parent's value at that moment would not
    justify it on its own; the parent's value is passed down the recursion,
    so this does not share code with practice.cuts, which reads a trace.
    """
    found = []

    def beyond(v, bound, player):
        if player == MAX:
            return v > bound or (prune_on_equal and v == bound)
        return v < bound or (prune_on_equal and v == bound)

    def value(node, alpha, beta, parent_v):
        if not node.children:
            return node.value
        maxing = node.player == MAX
        v = -math.inf if maxing else math.inf
        for i, child in enumerate(node.children):
            w = value(child, alpha, beta, v)
            v = max(v, w) if maxing else min(v, w)
            if beyond(v, beta if maxing else alpha, node.player):
                if i < len(node.children) - 1:
                    shallow = parent_v is not None and beyond(v, parent_v, node.player)
                    found.append((node.path, node.player, not shallow))
                return v
            if maxing:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
        return v

    value(t.initial_state, -math.inf, math.inf, None)
    return found


def cut_counts(t, prune_on_equal=True):
    """(α-cuts, β-cuts) from the package's own trace: prunes at MIN and at MAX nodes."""
    prunes = ads.alphabeta(t, trace=True, prune_on_equal=prune_on_equal).trace.prunes()
    players = [t.node(path).player for path, _ in prunes]
    return players.count(MIN), players.count(MAX)


def pruned_labels(t, prune_on_equal=True):
    trace = ads.alphabeta(t, trace=True, prune_on_equal=prune_on_equal).trace
    seen = {e.path for e in trace if e.kind == "leaf"}
    return [leaf.label for leaf in t.leaves() if leaf.path not in seen]


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


# ----------------------------------------------------------------- determinism


def test_same_seed_same_exercise():
    for make in (practice.minimax, lambda s: practice.alphabeta(s, alpha_cuts=1, beta_cuts=1)):
        a, b = make(5), make(5)
        assert str(a.tree) == str(b.tree)
        assert a.question == b.question and a.answer_key() == b.answer_key()
    ex = practice.alphabeta("lab 3", depth=4, branching=2, deep_cutoffs=True, prune_on_equal=False)
    assert practice.alphabeta(ex.seed, **ex.settings).tree == ex.tree
    trees = {str(practice.alphabeta(s, alpha_cuts=1, beta_cuts=1).tree) for s in range(6)}
    assert len(trees) == 6


@pytest.mark.parametrize("exercises", [
    ["minimax(11)", "alphabeta(11, alpha_cuts=1, beta_cuts=1)", "alphabeta('word', depth=4, branching=2, deep_cutoffs=True)"],
    ["expectiminimax(11)", "star1('word', cuts=2)"],
    ["maxn(11)", "shallow('word', cuts=2)"],
])
def test_same_exercise_in_a_fresh_process_with_another_hash_seed(exercises):
    """Every family's trees come from the seed alone: Python's hash seed never changes them."""
    code = "from advsearch import practice\n" + "".join(f"print(practice.{e}.tree)\n" for e in exercises)
    here = "\n".join(str(eval(f"practice.{e}.tree", {"practice": practice})) for e in exercises)
    for hash_seed in ("1", "977"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                             cwd=ROOT, check=True).stdout
        assert out.strip() == here


# ------------------------------------------------------------------ the knobs


@pytest.mark.parametrize("knobs", [
    dict(alpha_cuts=1, beta_cuts=1),
    dict(alpha_cuts=2, beta_cuts=0),
    dict(alpha_cuts=0, beta_cuts=1, depth=3, branching=3),
    dict(depth=4, branching=2, deep_cutoffs=True),
    dict(depth=4, branching=2, deep_cutoffs=False, alpha_cuts=2),
    dict(ties=True, alpha_cuts=1),
    dict(ties=True, prune_on_equal=False, depth=2, branching=3),
])
def test_alphabeta_knobs_hold(knobs):
    for seed in range(3):
        ex = practice.alphabeta(seed, **knobs)
        t, poe = ex.tree, ex.prune_on_equal
        alpha, beta = cut_counts(t, poe)
        if knobs.get("alpha_cuts") is not None:
            assert alpha == knobs["alpha_cuts"]
        if knobs.get("beta_cuts") is not None:
            assert beta == knobs["beta_cuts"]
        ref = reference_cuts(t, poe)
        assert [(p, who) for p, who, _ in ref] == [(p, t.node(p).player) for p, _ in
                                                   ads.alphabeta(t, trace=True, prune_on_equal=poe).trace.prunes()]
        if knobs.get("deep_cutoffs") is not None:
            assert any(deep for *_, deep in ref) == knobs["deep_cutoffs"]
        assert (pruned_labels(t, True) != pruned_labels(t, False)) == knobs.get("ties", False)
        assert t.height == knobs.get("depth", 3)


def test_cuts_agree_with_the_reference_on_random_trees():
    for seed in range(60):
        t = ads.random_tree((2, 3), 4, seed=seed, low=0, high=4)
        for poe in (True, False):
            mine = [(c.path, c.player, c.deep) for c in practice.cuts(ads.alphabeta(t, trace=True, prune_on_equal=poe), poe)]
            assert mine == reference_cuts(t, poe)


def test_deep_cutoff_of_a_hand_made_tree():
    t = ads.parse("A[B[D[H[3 6] I[5 7]] E[J[6 9] K[1 4]]] C[F[L[7 8] M[4 2]] G[N[3 9] O[6 1]]]]")
    found = practice.cuts(ads.alphabeta(t, trace=True))
    assert [(t.node(c.path).label, c.kind, c.deep, t.node(c.source).label) for c in found] == [
        ("E", "beta", False, "B"), ("M", "alpha", False, "F"), ("N", "alpha", True, "A")]


def test_minimax_ties_knob():
    def tied(t):
        value = {n.path: ads.minimax(t, n).value for n in t.nodes()}
        return any(sum(value[c.path] == value[n.path] for c in n.children) > 1 for n in t.nodes() if n.children)

    for seed in range(4):
        assert not tied(practice.minimax(seed).tree)
        assert tied(practice.minimax(seed, ties=True).tree)


def test_shape_and_labels():
    ex = practice.minimax(2, depth=3, branching=(2, 3), low=0, high=5)
    assert ex.tree.height == 3
    assert all(0 <= leaf.value <= 5 for leaf in ex.tree.leaves())
    for node in ex.tree.nodes():
        assert 2 <= len(node.children) <= 3 or not node.children
        for i, child in enumerate(node.children, 1):
            if not child.children:
                assert child.label == f"{node.label.lower()}{i}"
            else:
                assert child.label.isupper()
    assert "d1=" in str(ex.tree) and "b1" not in str(ex.tree)


# ----------------------------------------------------------------- the answers


def test_minimax_key_agrees_with_minimax_and_passes_the_checker():
    for seed in range(4):
        ex = practice.minimax(seed, depth=3, branching=2)
        key = ex.answer_key()
        inner = [n for n in ex.tree.nodes() if n.children]
        assert key == {n.label: ads.minimax(ex.tree, n).value for n in inner}
        assert ex.check(key).ok
        wrong = dict(key, A=key["A"] + 1)
        assert not ex.check(wrong).ok


def test_alphabeta_key_agrees_with_alphabeta_and_passes_the_checker():
    for seed, poe in [(0, True), (1, False), (2, True)]:
        ex = practice.alphabeta(seed, alpha_cuts=1, beta_cuts=1, prune_on_equal=poe)
        key = ex.answer_key()
        r = ads.alphabeta(ex.tree, trace=True, prune_on_equal=poe)
        assert key["pruned"] == pruned_labels(ex.tree, poe)
        assert key["value"] == r.value == ads.minimax(ex.tree).value
        assert key["values"]["A"] == r.value and "A" not in key["bounds"]
        assert ex.check(key["pruned"]).ok
        assert not ex.check(key["pruned"][1:]).ok


def test_unanswered_is_not_an_error():
    assert not practice.minimax(0).check({}).ok
    assert not practice.minimax(0).check(None).ok
    assert not practice.alphabeta(0).check(None).ok


# --------------------------------------------------------------- presentation


def test_text_and_html_forms():
    ex = practice.alphabeta(3, alpha_cuts=1, beta_cuts=1, prune_on_equal=False)
    text = repr(ex)
    assert ex.question in text and str(ex.tree) in text and "v < α" in ex.question
    assert "<pre>" in ex._repr_html_() and "seed 3" in ex._repr_html_()
    assert practice.minimax(0).question.startswith("Compute the minimax value")


def test_solutions_render():
    ex = practice.minimax(4)
    sol = ex.solution()
    assert all(f"{label} (" in sol.text for label in ex.answer_key())
    assert sol.png().startswith(b"\x89PNG") and sol._repr_html_().count("<svg") == 1
    ex = practice.alphabeta(4, alpha_cuts=1, beta_cuts=1)
    sol = ex.solution()
    key = ex.answer_key()
    assert "Pruned leaves: " + ", ".join(key["pruned"]) + "." in sol.summary
    assert "α-cut at" in sol.text and "β-cut at" in sol.text and "Step by step" in sol.text
    assert len(sol.figure.axes) == 3  # the two cuts and the end
    assert "<details>" in sol._repr_html_()
    ax = ex.draw()
    assert ax.figure is not None


# --------------------------------------------------------------------- errors


@pytest.mark.parametrize("call, words", [
    (lambda: practice.alphabeta(depth=1, alpha_cuts=1), "depth >= 2"),
    (lambda: practice.alphabeta(depth=2, beta_cuts=1), "depth >= 3"),
    (lambda: practice.alphabeta(depth=3, deep_cutoffs=True), "depth >= 4"),
    (lambda: practice.alphabeta(depth=4, deep_cutoffs=True, alpha_cuts=0), "needs a cut"),
    (lambda: practice.alphabeta(depth=3, branching=2, alpha_cuts=2), "at most 1 MIN"),
    (lambda: practice.alphabeta(depth=3, branching=2, beta_cuts=4), "at most 3 MAX"),
    (lambda: practice.alphabeta(branching=1, alpha_cuts=1), "two or more children"),
    (lambda: practice.alphabeta(alpha_cuts=-1), "alpha_cuts"),
    (lambda: practice.alphabeta(deep_cutoffs="yes"), "deep_cutoffs"),
    (lambda: practice.alphabeta(prune_on_equal=None), "prune_on_equal"),
    (lambda: practice.minimax(None), "seed"),
    (lambda: practice.minimax(depth=0), "depth"),
    (lambda: practice.minimax(branching=(3, 2)), "branching"),
    (lambda: practice.minimax(low=5, high=1), "low"),
    (lambda: practice.minimax(low=2, high=2), "ties=False"),
    (lambda: practice.minimax(branching=1, ties=True), "ties=True"),
    (lambda: practice.minimax(ties=1), "ties"),
])
def test_impossible_knobs_are_refused(call, words):
    with pytest.raises(ValueError, match=words):
        call()


def test_knobs_not_met_within_the_tries(monkeypatch):
    monkeypatch.setattr(exercise, "MAX_TRIES", 30)
    # All leaves equal: cutting on equality always changes what is pruned, so ties=False never holds.
    with pytest.raises(ValueError, match="in 30 tries from seed 0"):
        practice.alphabeta(0, low=0, high=0, ties=False, alpha_cuts=1)


# ------------------------------------------------------ shared pieces (common)


def test_labelled_keeps_players_probabilities_and_values():
    from advsearch.course.shared.generating import labelled

    for seed in range(5):
        for t in (ads.random_tree((1, 3), 2, seed=seed, chance=True),
                  ads.random_tree(2, 3, seed=seed, num_players=3),
                  ads.random_tree((2, 3), 3, seed=seed, root=MIN)):
            named = labelled(t)
            assert ads.parse(str(named)) == named
            pairs = list(zip(t.nodes(), named.nodes()))
            assert all((a.path, a.player, a.probs, a.value) == (b.path, b.player, b.probs, b.value) for a, b in pairs)
            inner = [b.label for a, b in sorted(pairs, key=lambda ab: (len(ab[0].path), ab[0].path)) if b.children]
            assert inner == [spreadsheet_name(i) for i in range(len(inner))]
            for node in named.nodes():
                for i, child in enumerate(node.children, 1):
                    if not child.children:
                        assert child.label == f"{node.label.lower()}{i}"
            assert named.values() == t.values()


def test_minimax_and_alphabeta_trees_are_labelled_as_random_tree_labels_them():
    for seed in range(5):
        ex = practice.minimax(seed, depth=3, branching=(1, 3))
        assert ads.parse(str(ex.tree)) == ex.tree
        inner = [n.label for n in sorted(ex.tree.nodes(), key=lambda n: (len(n.path), n.path)) if n.children]
        assert inner == [spreadsheet_name(i) for i in range(len(inner))]
