"""ps4: max-n and paranoid values by hand, max-n in code; grades checked against independent folds of the trees."""

import math

import nbformat
import pytest
from hypothesis import given, settings, strategies as st

from advsearch import grading, maxn, paranoid
from advsearch.autograde.problemsets import PROBLEM_SETS
from advsearch.grading import (assess_maxn, assess_maxn_values, assess_paranoid, maxn_trees, multiplayer_question,
                               paranoid_tree, ties_last_values)
from advsearch.course.shared.grades import share

NOTEBOOK = "exercises/assignments/source/ps4/ps4.ipynb"


# ---------------------------------------------------------------- independent folds, written here from the definitions


def fold(node, choose):
    """The vector a node backs up when each node takes ``choose(node, child_vectors)``."""
    if not node.children:
        return node.value
    return choose(node, [fold(c, choose) for c in node.children])


def first_best(entry):
    return lambda node, kids: max(kids, key=lambda v: v[entry(node)])         # max keeps the first among equals


def last_best(node, kids):
    best = kids[0]
    for v in kids[1:]:
        if v[node.player] >= best[node.player]:
            best = v
    return best


def paranoid_fold(node, me=0):
    if not node.children:
        return node.value[me]
    kids = [paranoid_fold(c, me) for c in node.children]
    return max(kids) if node.player == me else min(kids)


def right_maxn(node):
    return fold(node, first_best(lambda n: n.player))


# ---------------------------------------------------------------- the question by hand


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_question_answers_agree_with_independent_folds_and_searches(seed):
    q = multiplayer_question(seed)
    t = q.tree
    inner = [n for n in t.nodes() if n.children]
    assert set(q.maxn) == set(q.paranoid) == {n.label for n in inner}
    for n in inner:
        assert q.maxn[n.label] == right_maxn(n) == maxn(t, n).value
        assert q.paranoid[n.label] == paranoid_fold(n) == paranoid(t, n, player=0).stats.searcher_value
    root = t.initial_state
    assert q.maxn_move == root.children[maxn(t).move].label
    assert q.paranoid_move == root.children[paranoid(t).move].label
    assert q.maxn_move != q.paranoid_move
    # the spite node: on max-n's path below A, the one node where the coalition's pick is another, worse for P0
    here, found = root, []
    for a in maxn(t).pv:
        if here is not root and paranoid(t, here, player=0).move != a:
            found.append(here.label)
            assert paranoid_fold(here.children[a]) > paranoid_fold(here)
        here = here.children[a]
    assert found == [q.spite]
    # some node has a tie that the tie rule decides, and no constant is half the paranoid values
    assert any(fold(n, last_best) != right_maxn(n) for n in inner)
    assert all(list(q.paranoid.values()).count(v) * 2 < len(inner) for v in q.paranoid.values())


def test_views_of_the_tree_are_what_their_folds_give():
    for seed in range(5):
        t = multiplayer_question(seed).tree
        last = ties_last_values(t)
        view = paranoid_tree(t).values()
        for n in t.nodes():
            assert last[n.path] == fold(n, last_best)
            assert view[n.path] == paranoid_fold(n)


def test_questions_differ_between_students_and_repeat_for_one():
    a, b = grading.problems("ps4", "alice"), grading.problems("ps4", "bob")
    assert a.multiplayer.tree == grading.problems("ps4", "alice").multiplayer.tree != b.multiplayer.tree
    assert a.trees == grading.problems("ps4", "alice").trees != b.trees


Q = multiplayer_question("tests")


def test_maxn_values_right_answer_full_marks_and_blank_zero():
    assert assess_maxn_values(Q, Q.maxn, Q.maxn_move).points == 2.0
    assert assess_maxn_values(Q, {k: list(v) for k, v in Q.maxn.items()}, Q.maxn_move).points == 2.0
    g = assess_maxn_values(Q, None, None)
    assert g.points == 0.0 and "Not answered yet" in g.text


def test_maxn_values_partial_credit_per_vector_and_move():
    leaf_level = next(lab for lab in Q.maxn if len(Q.tree.node(lab).path) == 2)
    wrong = {**Q.maxn, leaf_level: (99, 99, 99)}
    # the vectors earn what lies beyond the ones a blind answer gets right (one vector everywhere, or at each
    # depth one read of the leaves below: first, last, middle, largest, smallest, best for the mover), counted
    # here by hand
    nodes = [n for n in Q.tree.nodes() if n.children]
    below = {n.label: [leaf.value for leaf in Q.tree.leaves() if leaf.path[:len(n.path)] == n.path] for n in nodes}
    reads = [lambda n, v: v[0], lambda n, v: v[-1], lambda n, v: sorted(v)[len(v) // 2], lambda n, v: max(v),
             lambda n, v: min(v), lambda n, v: max(v, key=lambda x: x[n.player])]
    common = max(sum(Q.maxn[m.label] == Q.maxn[n.label] for m in nodes) for n in nodes)
    depths = {len(n.path) for n in nodes}
    read = sum(max(sum(r(n, below[n.label]) == Q.maxn[n.label] for n in nodes if len(n.path) == d) for r in reads)
               for d in depths)
    blind = max(common, read)
    assert 0 < blind < 9
    beyond = (9 - blind) / (10 - blind)
    assert assess_maxn_values(Q, wrong, Q.maxn_move).points == share(2.0, 0.75 * beyond + 0.25)
    # the move alone, or with A's vector wrong, earns nothing
    assert assess_maxn_values(Q, {}, Q.maxn_move).points == 0.0
    assert assess_maxn_values(Q, {**Q.maxn, "A": (0, 0, 0)}, Q.maxn_move).points == share(2.0, 0.75 * beyond)
    other = next(c.label for c in Q.tree.initial_state.children if c.label != Q.maxn_move)
    assert assess_maxn_values(Q, Q.maxn, other).points == 1.5


def test_maxn_values_name_ties_components_and_scalars():
    t = Q.tree
    last = {n.label: fold(n, last_best) for n in t.nodes() if n.children}
    tie = next(lab for lab in Q.ties)
    g = assess_maxn_values(Q, {**Q.maxn, tie: last[tie]}, Q.maxn_move)
    assert g.mistake == "tie_last" and "first" in g.text
    g = assess_maxn_values(Q, {k: v[0] for k, v in Q.maxn.items()}, Q.maxn_move)
    assert g.mistake == "scalar_for_vector" and g.points == 0.0
    # each node given the child best for another player, where that is another vector, is named so
    named = 0
    for n in t.nodes():
        if not n.children:
            continue
        kids = [fold(c, first_best(lambda m: m.player)) for c in n.children]
        for other in {0, 1, 2} - {n.player}:
            best = max(kids, key=lambda v: v[other])
            if best[n.player] != Q.maxn[n.label][n.player]:
                assert assess_maxn_values(Q, {n.label: best}, None).mistake == "wrong_component"
                named += 1
    assert named >= 3


def test_paranoid_right_answer_full_marks_and_parts():
    assert assess_paranoid(Q, Q.paranoid, Q.paranoid_move, Q.spite).points == 3.0
    assert assess_paranoid(Q, Q.paranoid, Q.paranoid_move, "nowhere").points == 2.25
    other = next(c.label for c in Q.tree.initial_state.children if c.label != Q.paranoid_move)
    assert assess_paranoid(Q, Q.paranoid, other, Q.spite).points == 2.25
    g = assess_paranoid(Q, None, None, None)
    assert g.points == 0.0


def test_paranoid_values_earn_beyond_half_right():
    labels = list(Q.paranoid)
    off = {k: v + 100 for k, v in Q.paranoid.items()}
    for right in range(len(labels) + 1):
        answer = {k: (Q.paranoid[k] if i < right else off[k]) for i, k in enumerate(labels)}
        f = right / len(labels)
        enough = right * 2 > len(labels)
        move = enough and "A" in labels[:right]
        spite = enough and set(Q.line) <= set(labels[:right])
        want = share(3.0, 0.5 * max(0.0, 2 * f - 1) + 0.25 * move + 0.25 * spite)
        assert assess_paranoid(Q, answer, Q.paranoid_move, Q.spite).points == want


def test_paranoid_names_maxn_entries_and_guesses_earn_nothing():
    g = assess_paranoid(Q, {k: v[0] for k, v in Q.maxn.items()}, Q.paranoid_move, Q.spite)
    assert g.mistake == "coalition_own_payoff"
    kids = [c.label for c in Q.tree.initial_state.children]
    inner = [n.label for n in Q.tree.nodes() if n.children]
    for c in range(10):
        for move in kids:
            for spite in inner:
                assert assess_paranoid(Q, {k: c for k in inner}, move, spite).points == 0.0


@pytest.mark.parametrize("owner,copier", [("alice", "copier"), ("bob", "carol"), ("s1", "s2")])
def test_answers_copied_from_another_student_earn_nothing(owner, copier):
    theirs, mine = grading.problems("ps4", owner).multiplayer, grading.problems("ps4", copier).multiplayer
    assert assess_maxn_values(mine, theirs.maxn, theirs.maxn_move).points == 0.0
    assert assess_paranoid(mine, theirs.paranoid, theirs.paranoid_move, theirs.spite).points == 0.0


# ---------------------------------------------------------------- max-n in code


def searcher(choose_entry=lambda game, state, player: player, keep_later=False, twice=False, scalar=False,
             reverse=False):
    """A max-n search with one mistake switched on."""
    def value(game, state):
        if game.is_terminal(state):
            return tuple(game.utility(state, p) for p in range(game.num_players))
        p = choose_entry(game, state, game.to_move(state))
        best = None
        actions = list(game.actions(state))
        for a in (actions[::-1] if reverse else actions):
            v = value(game, game.result(state, a))
            if twice:
                v = value(game, game.result(state, a))
            if best is None or v[p] > best[p] or (keep_later and v[p] == best[p]):
                best = v
        return best

    def search(game, state):
        v = value(game, state)
        return v[game.to_move(state)] if scalar else v

    return search


def paranoid_code(game, state):
    me = game.to_move(state)

    def value(s):
        if game.is_terminal(s):
            return tuple(game.utility(s, p) for p in range(game.num_players))
        kids = [value(game.result(s, a)) for a in game.actions(s)]
        return (max if game.to_move(s) == me else min)(kids, key=lambda v: v[me])

    return value(state)


TREES = maxn_trees("tests")
TIE_TREES = sum(fold(t.initial_state, last_best) != right_maxn(t.initial_state) for t in TREES)


def test_battery_draws_trees_where_every_mistake_shows():
    assert len(TREES) == 8 and {t.num_players for t in TREES} == {3}
    assert {t.initial_state.player for t in TREES} == {0, 1, 2}
    assert TIE_TREES * 2 >= len(TREES)
    for t in TREES:
        r = t.initial_state
        right = right_maxn(r)
        assert right == maxn(t).value
        for entry in (lambda n: 0, lambda n: r.player, lambda n: (n.player + 1) % 3, lambda n: (n.player - 1) % 3):
            assert fold(r, first_best(entry)) != right


def test_right_maxn_full_marks_fast():
    g = assess_maxn(searcher(), TREES)
    assert g.points == 4.0 and g.mistake is None and "right on 8 of them" in g.text


@pytest.mark.parametrize("fn,mistake", [
    (searcher(choose_entry=lambda g, s, p: 0), "first_component"),
    (searcher(choose_entry=lambda g, s, p: (p + 1) % g.num_players), "next_component"),
    (searcher(choose_entry=lambda g, s, p: (p - 1) % g.num_players), "previous_component"),
    (paranoid_code, "paranoid_for_maxn"),
    (searcher(scalar=True), "scalar_for_vector"),
])
def test_wrong_searches_earn_nothing_and_are_named(fn, mistake):
    g = assess_maxn(fn, TREES)
    assert g.points == 0.0 and g.mistake == mistake


def test_root_component_is_named_when_the_root_player_is_not_p0():
    trees = [t for t in TREES if t.initial_state.player != 0]
    def search(game, state):
        root = game.to_move(game.initial_state)
        return searcher(choose_entry=lambda g, s, p: root)(game, state)

    g = assess_maxn(search, trees)
    assert g.points == 0.0 and g.mistake == "root_component"


def test_ties_to_the_last_child_earn_half_where_ties_matter():
    g = assess_maxn(searcher(keep_later=True), TREES)
    assert g.mistake == "tie_last"
    # each tree is graded with four copies of it with shuffled leaves too: the tie rule matters on a tree when it
    # matters on one of them
    matters = sum(any(fold(u.initial_state, last_best) != right_maxn(u.initial_state)
                      for u in grading.with_shuffles(t, 4)) for t in TREES)
    assert matters >= TIE_TREES
    assert g.points == share(4.0, (len(TREES) - matters + 0.5 * matters) / len(TREES))


def test_right_vector_with_other_visits_earns_half():
    g = assess_maxn(searcher(twice=True), TREES)
    assert g.mistake == "visits" and g.points == 2.0 and "once" in g.text


def test_errors_and_time_limits_earn_nothing():
    def boom(game, state):
        raise KeyError("oops")

    def forever(game, state):
        while True:
            pass

    g = assess_maxn(boom, TREES)
    assert g.points == 0.0 and "raised KeyError: 'oops'" in g.text
    g = assess_maxn(forever, TREES, time_limit=0.2)
    assert g.points == 0.0 and "did not finish" in g.text and "not tried" in g.text
    assert assess_maxn(None, TREES).points == 0.0 and assess_maxn(3, TREES).points == 0.0
    with pytest.raises(ValueError):
        assess_maxn(searcher(), [])
    with pytest.raises(ValueError):
        maxn_trees(1, n=1)


# ---------------------------------------------------------------- the course


def test_problem_set_and_notebook_agree():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    tests = {c.metadata["nbgrader"]["grade_id"]: c.metadata["nbgrader"]["points"] for c in nb.cells
             if c.metadata.get("nbgrader", {}).get("grade") and not c.metadata["nbgrader"].get("solution")}
    assert tests == {"q1_test": 2, "q2_test": 3, "q3_test": 4}
    assert set(PROBLEM_SETS["ps4"].tests) == set(tests)
    assert not PROBLEM_SETS["ps4"].package
    assert "ps4" in grading.ASSIGNMENTS and math.isclose(sum(tests.values()), 9)


def test_a_right_node_with_blank_values_is_called_right_but_earns_nothing():
    g = assess_paranoid(Q, {}, None, Q.spite)
    assert g.points == 0.0
    assert f"parts from max-n at {Q.spite}: right" in g.text and "counts only with most values right" in g.text
