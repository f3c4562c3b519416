"""Tests of practice.uct and practice.uct_backup: seeded, checked against the lecture's formula and rules."""

import math

import pytest
from hypothesis import given, settings, strategies as st

from advsearch import MAX, practice


def lecture_uct(w, n, N):
    return w / n + math.sqrt(math.log(N) / n)


@settings(max_examples=40, deadline=None)
@given(st.one_of(st.integers(0, 10 ** 6), st.text(max_size=8)))
def test_uct_selection_exercises_need_the_exploration_term(seed):
    ex = practice.uct(seed=seed)
    assert ex.kind == "uct" and ex.problem == practice.uct(seed=seed).problem
    kids, n = ex.problem.children, ex.problem.parent_visits
    values = {k: lecture_uct(w, v, n) for k, (w, v) in kids.items()}
    choice = max(values, key=values.get)
    assert ex.answer_key()["choice"] == choice
    assert choice != max(kids, key=lambda k: kids[k][0] / kids[k][1])
    assert kids[choice][1] < max(v for _, v in kids.values())
    assert ex.check(choice).ok and not ex.check(max(kids, key=lambda k: kids[k][1])).ok


def test_uct_options_and_the_solution():
    ex = practice.uct(seed=5, children=(2, 2), max_visits=50)
    assert len(ex.problem.children) == 2
    sol = ex.solution()
    assert "UCT selects" in str(sol) and sol.png().startswith(b"\x89PNG")
    assert ex.draw() is not None
    assert "uct exercise (seed 5)" in repr(ex) and "<b>uct exercise</b>" in ex._repr_html_()


@pytest.mark.parametrize("kwargs, match", [
    (dict(seed=1.5), "seed"), (dict(children=(1, 3)), "children"), (dict(children=(4, 3)), "children"),
    (dict(children=3), "children"), (dict(max_visits=2), "max_visits"), (dict(max_visits=True), "max_visits"),
])
def test_uct_refuses_bad_parameters(kwargs, match):
    with pytest.raises(ValueError, match=match):
        practice.uct(**kwargs)


@pytest.mark.parametrize("seed", range(6))
def test_backup_exercises_follow_the_lecture(seed):
    ex = practice.uct_backup(seed=seed)
    assert ex.kind == "uct_backup" and ex.answer_key() == practice.uct_backup(seed=seed).answer_key()
    q, key = ex.problem, ex.answer_key()
    nodes = {e.label: e for e in q.tree.nodes.values()}
    assert nodes[q.path[-1]].N == 0 and len(q.path) >= 3
    for lab in q.path:
        e = nodes[lab]
        if e.mover is None:
            assert key[lab] == e.N + 1
        else:                                   # the win goes to the player who moved into the node
            won = 0.5 if q.result == "draw" else float(q.result == ("MAX" if e.mover == MAX else "MIN"))
            assert key[lab] == (pytest.approx(e.wins + won), e.N + 1)
    assert ex.check(key).ok
    assert "Going up the path" in str(ex.solution())


def test_backup_refuses_bad_parameters():
    with pytest.raises(ValueError, match="iterations"):
        practice.uct_backup(iterations=2)
    with pytest.raises(ValueError, match="seed"):
        practice.uct_backup(seed=[1])
