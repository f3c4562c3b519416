"""A by-hand grade is point arithmetic over the checker's findings (issue 27, item 1).

The graders of values, pruned leaves and multiplayer values take what the
answer gets right from ``Feedback.findings``, which the checker the student
runs records; these properties tie the points to that arithmetic and the
findings to an independent count.
"""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from advsearch import grading, practice
from advsearch.answers import same_number
from advsearch.course.alphabeta.by_hand import assess_pruned
from advsearch.course.alphabeta.conventions import pruned_leaves
from advsearch.course.alphabeta.pruned import pruned as check_pruned
from advsearch.course.minimax.by_hand import assess_values
from advsearch.course.minimax.values import values as check_values
from advsearch.course.multiplayer.by_hand import assess_maxn_values, assess_paranoid
from advsearch.course.multiplayer.graded_tree import same_vector
from advsearch.course.shared.blind import above_blind, blind_right
from advsearch.course.shared.feedback import Feedback
from advsearch.course.shared.grades import share

SETTINGS = settings(max_examples=60, deadline=None)


def _tree(kind, seed):
    if kind == "ps1":
        return grading.problems("ps1", f"s{seed}").minimax.tree
    if kind == "practice":
        return practice.minimax(seed).tree
    return practice.alphabeta(seed).tree


def _value_answer(t, seed):
    """A dict answer: each required node by label (or path), right, off by a little, left out or not a number."""
    rng = random.Random(seed)
    true = t.values()
    inner = [n for n in t.nodes() if n.children]
    required = [n for n in inner if n.label] or inner
    answer = {}
    for n in required:
        r = rng.random()
        key = n.label or n.path
        if r < 0.45:
            answer[key] = true[n.path]
        elif r < 0.75:
            answer[key] = true[n.path] + rng.choice([-2, -1, 1, 2])
        elif r < 0.85:
            answer[key] = rng.choice(["3", None, True, 2.5])
    return answer, required, true


kinds = st.sampled_from(["ps1", "practice", "alphabeta"])
seeds = st.integers(0, 10**6)


@SETTINGS
@given(kinds, seeds, seeds)
def test_values_points_are_the_blind_share_of_an_independent_count(kind, tree_seed, answer_seed):
    t = _tree(kind, tree_seed)
    answer, required, true = _value_answer(t, answer_seed)
    g = assess_values(t, answer, points=3)
    fb = check_values(t, answer)
    # brute force, by label, against the oracle
    right = sum(1 for n in required if (n.label or n.path) in answer
                and same_number(answer[n.label or n.path], true[n.path]))
    blind = blind_right(required, [true[n.path] for n in required])
    assert g.details == {"right": right, "of": len(required), "blind": blind}
    assert len(fb.findings["right"]) == right and fb.findings["of"] == len(required)
    expected = 3.0 if fb.ok else share(3.0, above_blind(right, len(required), blind))
    assert g.points == expected
    assert 0 <= g.points <= g.out_of
    assert g.text.startswith(str(fb)) and g.mistake == fb.mistake


@SETTINGS
@given(kinds, seeds, seeds)
def test_values_grade_reads_the_findings_not_the_answer(kind, tree_seed, answer_seed):
    """The same answer keyed by path instead of by label: same findings, so the same points and details."""
    t = _tree(kind, tree_seed)
    answer, required, _ = _value_answer(t, answer_seed)
    by_path = {t.node(k).path if isinstance(k, str) else k: v for k, v in answer.items()}
    assert check_values(t, answer).findings["right"] == check_values(t, by_path).findings["right"]
    a, b = assess_values(t, answer), assess_values(t, by_path)
    assert (a.points, a.details) == (b.points, b.details)


def _leaf_answer(t, seed):
    rng = random.Random(seed)
    nodes = [n for n in t.nodes() if n.path]
    picks = rng.sample(nodes, rng.randint(0, min(5, len(nodes))))
    return [n.label or n.path for n in picks]


def _same_leaves_other_words(t, answer):
    """The leaves the answer marks, each named by path text: another answer marking the same set."""
    leaves = set()
    for key in answer:
        path = t.node(key).path
        leaves |= {l.path for l in t.leaves() if l.path[:len(path)] == path}
    return ["".join(f"[{i}]" for i in p) for p in sorted(leaves)], leaves


@SETTINGS
@given(st.sampled_from(["ps1", "alphabeta"]), seeds, seeds, st.booleans())
def test_pruned_grade_depends_on_the_answer_only_through_the_marked_set(kind, tree_seed, answer_seed, eq):
    t = _tree(kind, tree_seed)
    answer = _leaf_answer(t, answer_seed)
    other, leaves = _same_leaves_other_words(t, answer)
    fa, fo = check_pruned(t, answer, prune_on_equal=eq), check_pruned(t, other, prune_on_equal=eq)
    assert fa.findings["marked"] == fo.findings["marked"] == leaves
    ga = assess_pruned(t, answer, prune_on_equal=eq, credit={"strict": 0.5, "reversed": 0.25})
    go = assess_pruned(t, other, prune_on_equal=eq, credit={"strict": 0.5, "reversed": 0.25})
    assert (ga.points, ga.convention, ga.details) == (go.points, go.convention, go.details)
    reference = pruned_leaves(t, eq)
    assert (ga.points == ga.out_of) == (leaves == reference)
    if leaves != reference and "overlap" in ga.details:
        union = leaves | reference
        assert ga.details["overlap"] == (len(leaves & reference) / len(union) if union else 1.0)
    assert 0 <= ga.points <= ga.out_of


@SETTINGS
@given(seeds, seeds)
def test_maxn_points_come_from_the_vectors_found_right(q_seed, answer_seed):
    q = grading.multiplayer_question(q_seed)
    rng = random.Random(answer_seed)
    values = {lab: (v if rng.random() < 0.5 else tuple(x + 1 for x in v)) for lab, v in q.maxn.items()
              if rng.random() < 0.9}
    g = assess_maxn_values(q, values, q.maxn_move)
    fb = check_values(q.tree, values)
    right = [lab for lab, v in q.maxn.items() if lab in values and same_vector(values[lab], v)]
    assert [q.tree.node(p).label for p in fb.findings["right"]] == sorted(right, key=lambda l: (
        len(q.tree.node(l).path), q.tree.node(l).path))
    required = [n for n in q.tree.nodes() if n.label in q.maxn]
    blind = blind_right(required, [q.maxn[n.label] for n in required])
    earned = above_blind(len(right), len(q.maxn), blind)
    move = float("A" in right and earned > 0)
    assert g.details == {"right": len(right), "of": len(q.maxn), "move": move, "blind": blind}
    assert g.points == share(g.out_of, 0.75 * earned + 0.25 * move) <= g.out_of


@SETTINGS
@given(seeds, seeds)
def test_paranoid_points_come_from_the_values_found_right(q_seed, answer_seed):
    q = grading.multiplayer_question(q_seed)
    rng = random.Random(answer_seed)
    values = {lab: (v if rng.random() < 0.6 else v + 1) for lab, v in q.paranoid.items() if rng.random() < 0.9}
    g = assess_paranoid(q, values, q.paranoid_move, q.spite)
    right = {lab for lab, v in q.paranoid.items() if lab in values and same_number(values[lab], v)}
    enough = len(right) * 2 > len(q.paranoid)
    move = float("A" in right and enough)
    spite = float(set(q.line) <= right and enough)
    assert g.details == {"right": len(right), "of": len(q.paranoid), "move": move, "spite": spite}
    fraction = 0.5 * max(0.0, 2 * len(right) / len(q.paranoid) - 1) + 0.25 * move + 0.25 * spite
    assert g.points == share(g.out_of, fraction) <= g.out_of


def test_feedback_keeps_its_positional_signature_and_findings_default():
    fb = Feedback(False, "text", "mistake", None)
    assert (fb.ok, fb.text, fb.mistake, fb.findings) == (False, "text", "mistake", {})
    assert not hasattr(fb, "__dict__")
    assert Feedback(True, "ok", findings={"right": []}).findings == {"right": []}


def _path_text(path) -> str:
    return "".join(f"[{a}]" for a in path)


@SETTINGS
@given(kinds, seeds, st.integers(1, 4))
def test_a_node_given_several_values_under_several_names_is_never_right(kind, seed, guesses):
    """Hedging: every node named by label, path and path text (with spaces), each with another guess, the
    true value among them, earns nothing and is never ok; the same value under every name is fine."""
    t = _tree(kind, seed)
    true = t.values()
    required = [n for n in t.nodes() if n.children and n.label]
    rng = random.Random(seed)
    hedged, agreeing = {}, {}
    for n in required:
        names = [k for k in (n.label, n.path, _path_text(n.path), " " + _path_text(n.path))
                 if not isinstance(k, str) or k.strip()][:guesses + 1]
        values = [true[n.path] + d for d in rng.sample([-2, -1, 1, 2, 3], len(names) - 1)] + [true[n.path]]
        rng.shuffle(values)
        hedged.update(zip(names, values))
        agreeing.update((name, true[n.path]) for name in names)
    fb = check_values(t, hedged)
    assert not fb.ok and fb.findings["right"] == [] and "give each node one value" in fb.text
    assert assess_values(t, hedged).points == 0.0
    assert check_values(t, agreeing).ok and assess_values(t, agreeing).points == 2.0


@SETTINGS
@given(seeds)
def test_paranoid_values_named_twice_are_never_right(seed):
    q = grading.multiplayer_question(f"s{seed}")
    t = q.tree
    from advsearch.course.multiplayer.questions import paranoid_values
    from advsearch.search import paranoid

    inner = [n for n in t.nodes() if n.children and n.label]
    true = {n.path: paranoid(t, n, player=0).stats.searcher_value for n in inner}
    hedged = {}
    for n in inner:
        hedged[n.label] = true[n.path]
        hedged[n.path] = true[n.path] + 1
    fb = paranoid_values(t, hedged, player=0)
    assert not fb.ok and fb.findings["right"] == []


def test_a_path_text_too_long_for_int_is_no_node_and_no_crash():
    """Python refuses int() of more than 4,300 digits; such a key names no node (or, all zeros, child 0)."""
    p1, p4 = grading.problems("ps1", "long"), grading.problems("ps4", "long")
    for big in ("[" + "7" * 5000 + "]", "[" + "0" * 5000 + "]", "[1][" + "9" * 10 + "]"):
        assert assess_values(p1.minimax.tree, {"A": 6, big: 1}).points == 0.0
        assert assess_pruned(p1.alphabeta.tree, ["c3", big]).points == 0.0
        assert assess_maxn_values(p4.multiplayer, {"A": (1, 2, 3), big: (1, 1, 1)}, "B").points == 0.0
        fb = check_values(p1.minimax.tree, {big: 1})
        assert not fb.ok and len(fb.text) < 2000


def test_a_payoff_vector_is_read_once_so_what_is_checked_is_what_is_kept():
    """A list that gives other items each time it is read (possible in-process only: the sandbox's pipe carries
    plain lists) could pass the check with numbers and be kept as values equal to anything; found by review."""
    q = grading.problems("ps4", "x").multiplayer

    class Liar(int):
        def __eq__(self, other):
            return True
        __hash__ = int.__hash__

    def flip(first_read_liars):
        class Flip(list):
            reads = 0

            def __iter__(self):
                Flip.reads += 1
                liars = (Flip.reads == 1) == first_read_liars
                return iter([Liar(0)] * 3 if liars else list.__iter__(self))
        return Flip

    for first in (True, False):
        Flip = flip(first)
        answer = {k: Flip([1, 2, 3]) for k in q.maxn}
        assert grading.assess_maxn_values(q, answer, q.maxn_move, 2).details["right"] == 0
