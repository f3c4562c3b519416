"""Tests of the UCT checkers: a selection, a backup and flat Monte Carlo by hand, and an MCTS in code.

Right answers are computed here from the lecture's formula (independently of the package) or read from the
package's own mcts trace; every named mistake has a wrong answer or a buggy implementation that must be named.
"""

import math
import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import advsearch as ads
from advsearch import MAX, MIN, check
from advsearch.course.mcts.formula import SELECTION_MODELS
from advsearch.course.mcts.implementation import check_uct, uct_battery
from advsearch.course.mcts.questions import credit

sys.path.insert(0, str(Path(__file__).parent))
from test_grading_ps3 import make_mcts  # noqa: E402  (the students' MCTS, written from the lecture)


def lecture_uct(w, n, N):
    return w / n + math.sqrt(math.log(N) / n)


# ------------------------------------------------------------------ selection

stats = st.dictionaries(st.sampled_from("BCDEF"), st.integers(1, 30).flatmap(
    lambda n: st.tuples(st.integers(0, 2 * n).map(lambda w: w / 2), st.just(n))), min_size=2, max_size=5)


@settings(max_examples=60, deadline=None)
@given(stats, st.integers(0, 5))
def test_the_right_choice_is_the_largest_lecture_uct_value(kids, extra):
    n = sum(v for _, v in kids.values()) + extra
    q = check.SelectionQuestion(kids, n)
    values = {k: lecture_uct(w, v, n) for k, (w, v) in kids.items()}
    assert q.values == pytest.approx(values)
    assert values[q.choice] == max(values.values())
    assert check.uct_selection(q, q.choice).ok
    assert check.uct_selection(q, q.choice, {k: round(v, 2) for k, v in values.items()}).ok


@pytest.mark.parametrize("key", [k for k, _ in SELECTION_MODELS[1:]])
def test_each_selection_mistake_is_named_from_the_choice_alone(key):
    # Find statistics on which this model's choice is neither the right one nor that of an earlier model.
    rng, models = random.Random(key), dict(SELECTION_MODELS)
    earlier = [k for k, _ in SELECTION_MODELS[1:]][:[k for k, _ in SELECTION_MODELS[1:]].index(key)]
    for _ in range(20000):
        kids = {lab: (rng.randint(0, 2 * v) / 2, v) for lab, v in zip("BCDE", [rng.randint(1, 25) for _ in "BCDE"])}
        n = sum(v for _, v in kids.values())
        pick = {k: max(kids, key=lambda lab: models[k](*kids[lab], n)) for k in models}
        if pick[key] != pick["uct"] and all(pick[e] != pick[key] for e in earlier):
            break
    else:
        pytest.skip("no statistics separate this model")
    fb = check.uct_selection(check.SelectionQuestion(kids, n), pick[key])
    assert not fb.ok and fb.mistake == key, fb.text


def test_values_name_the_formula_used():
    q = check.SelectionQuestion({"B": (6, 8), "C": (1, 2), "D": (4, 10)}, 20)
    sqrt2 = {k: w / v + math.sqrt(2 * math.log(20) / v) for k, (w, v) in q.children.items()}
    fb = check.uct_selection(q, max(sqrt2, key=sqrt2.get), sqrt2)
    assert fb.mistake == "uct_sqrt2"
    right = {k: lecture_uct(w, v, 20) for k, (w, v) in q.children.items()}
    fb = check.uct_selection(q, "D", right)
    assert not fb.ok and fb.mistake == "uct_not_largest"
    swapped = {k: w / v + math.sqrt(math.log(v) / 20) for k, (w, v) in q.children.items()}
    assert check.uct_selection(q, max(swapped, key=swapped.get), swapped).mistake == "uct_swapped_log"


def test_an_unvisited_child_comes_first():
    q = check.SelectionQuestion({"B": (6, 8), "C": (0, 0), "D": (4, 10)}, 18)
    assert q.choice == "C" and check.uct_selection(q, "C").ok
    assert check.uct_selection(q, "B").mistake == "uct_unvisited_first"


def test_selection_answers_that_are_not_labels_get_sentences():
    q = check.SelectionQuestion({"B": (6, 8), "C": (1, 2), "D": (4, 10)}, 20)
    assert str(check.uct_selection(q, None)).startswith("Not answered yet")
    assert "one child" in str(check.uct_selection(q, "Z"))
    assert "refused" in str(check.uct_selection(q, "C", {"B": "1.2"}))
    assert "not one of" in str(check.uct_selection(q, "C", {"Q": 1.2}))
    fb = check.uct_selection(q, "C")
    assert fb.picture().svg in fb._repr_html_()


@pytest.mark.parametrize("bad, match", [
    (dict(children={"B": (1, 2)}, parent_visits=3), "two or more"),
    (dict(children={"B": (3, 2), "C": (1, 1)}, parent_visits=3), "wins"),
    (dict(children={"B": (1, 2), "C": (1, 1.5)}, parent_visits=3), "visits"),
    (dict(children={"B": (1, 2), "C": (1, 3)}, parent_visits=4), "more visits"),
])
def test_bad_selection_questions_are_refused(bad, match):
    with pytest.raises(ValueError, match=match):
        check.SelectionQuestion(**bad)


# ------------------------------------------------------------------ backup


def question_from_mcts(seed, k):
    """A backup question from the trace of the package's mcts, and the counts its next iteration makes."""
    game = ads.random_tree((2, 3), 3, seed=seed, low=-1, high=1)
    r = ads.mcts(game, iterations=k + 1, c=1.0, bounds=(-1, 1), seed=seed, trace=True)
    before, after = r.trace.tree(k), r.trace.tree(k + 1)
    label = {p: "n" + "".join(map(str, p)) for p in after.nodes}

    def spec(path):
        old = before.nodes.get(path)
        n, w = (old.N, old.wins) if old is not None else (0, 0)
        kids = [spec(p) for p in after.children(path)]
        return (label[path], n, kids) if not path else (label[path], round(2 * w) / 2, n, kids)

    last = after.last
    u = next(e.value for e in reversed(list(r.trace)) if e.kind == "rollout")[MAX]
    q = check.BackupQuestion(check.uct_tree(spec(())), [label[last[:i]] for i in range(len(last) + 1)],
                             "draw" if u == 0 else "MAX" if u > 0 else "MIN")
    truth = {label[p]: (after.nodes[p].N if not p else (round(2 * after.nodes[p].wins) / 2, after.nodes[p].N))
             for p in after.nodes}
    return q, truth


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10 ** 6), st.integers(1, 10))
def test_the_backup_answer_is_what_the_package_mcts_does(seed, k):
    q, truth = question_from_mcts(seed, k)
    answer = q.answer()
    assert {lab: answer[lab] for lab in answer} == {lab: truth[lab] for lab in answer}
    assert check.uct_backup(q, answer).ok
    assert check.uct_backup(q, truth).ok          # every node given, those off the path unchanged


BACKUP_TREE = ("A", 6, [("B", 2, 4, [("D", 1, 2, [("F", 0, 0)]), ("E", 1, 1)]), ("C", 0.5, 2)])


def wrong_backup(q, credit_of, visits=1):
    out = {}
    for lab in q.path:
        path = check.uct_tree(BACKUP_TREE).nodes
        e = next(e for e in path.values() if e.label == lab)
        out[lab] = e.N + 1 if e.mover is None else (e.wins + credit_of(e.mover), e.N + visits)
    return out


@pytest.mark.parametrize("result", ["MAX", "MIN", "draw"])
def test_each_backup_mistake_is_named(result):
    q = check.BackupQuestion(check.uct_tree(BACKUP_TREE), ["A", "B", "D", "F"], result)
    assert check.uct_backup(q, wrong_backup(q, lambda m: credit(result, m))).ok
    cases = {"backup_no_visit": wrong_backup(q, lambda m: credit(result, m), visits=0)}
    if result != "draw":
        cases["backup_wrong_player"] = wrong_backup(q, lambda m: credit(result, 1 - m))
        cases["backup_fixed_player"] = wrong_backup(q, lambda m: credit(result, MAX))
    if result == "MAX":                            # a win for MIN credited to nobody looks like MAX's credit
        cases["backup_no_wins"] = wrong_backup(q, lambda m: 0)
    if result == "draw":
        cases["backup_draw_not_half"] = wrong_backup(q, lambda m: 0)
    right = q.answer()
    cases["backup_stops_early"] = dict(right, A=6, B=(2, 4))
    cases["backup_off_path"] = dict(right, C=(1.5, 3))
    for key, answer in cases.items():
        fb = check.uct_backup(q, answer)
        assert not fb.ok and fb.mistake == key, (key, fb.text)
        assert fb.picture().svg.startswith("<svg")


def test_backup_answers_of_the_wrong_shape_get_sentences():
    q = check.BackupQuestion(check.uct_tree(BACKUP_TREE), ["A", "B", "D", "F"], "MAX")
    assert str(check.uct_backup(q, {})).startswith("Not answered yet")
    assert "missing" in str(check.uct_backup(q, {"A": 7}))
    assert "no node 'Z'" in str(check.uct_backup(q, {"Z": (1, 1)}))
    assert "pair" in str(check.uct_backup(q, {"B": 3}))
    assert "dict" in str(check.uct_backup(q, [1, 2]))


@pytest.mark.parametrize("path, result, match", [
    (["A", "C", "F"], "MAX", "from the root down"), (["A", "Q"], "MAX", "labels"), (["A", "B"], "win", "result"),
])
def test_bad_backup_questions_are_refused(path, result, match):
    with pytest.raises(ValueError, match=match):
        check.BackupQuestion(check.uct_tree(BACKUP_TREE), path, result)


@pytest.mark.parametrize("spec, match", [
    (("A", 3, [("B", 4, 2)]), "wins"), (("A", 3, [("B", 1, 2), ("B", 0, 1)]), "label of its own"),
    (("A", 2, [("B", 1, 2), ("C", 0, 1)]), "more visits"), (("A", 3, [("B", 1)]), "must be"),
])
def test_bad_statistics_trees_are_refused(spec, match):
    with pytest.raises(ValueError, match=match):
        check.uct_tree(spec)


# ------------------------------------------------------------------ flat Monte Carlo

FLAT_SPEC = ("A", [("B", [("b1", 1), ("b2", -1)]), ("C", [("c1", 0), ("c2", 0)]), ("D", [("d1", 1), ("d2", -1)])])


def rates_by_hand(t, playouts, player):
    sign = 1 if player == MAX else -1
    return {m: sum((sign * t.node(x).value + 1) / 2 for x in ends) / len(ends) for m, ends in playouts.items()}


@pytest.mark.parametrize("root", [MAX, MIN])
def test_flat_monte_carlo_rates_and_mistakes(root):
    t = ads.tree(FLAT_SPEC, root=root)
    labels = {c.label: c for c in t.initial_state.children}
    B, C, D = labels
    playouts = {B: ["b1", "b1", "b2", "b1"], C: ["c1", "c2", "c1", "c2"], D: ["d2", "d2", "d1", "d2"]}
    q = check.FlatQuestion(t, playouts)
    rates = rates_by_hand(t, playouts, root)
    best = max(rates, key=rates.get)
    assert check.flat_monte_carlo(q, rates, best).ok
    other = rates_by_hand(t, playouts, 1 - root)
    fb = check.flat_monte_carlo(q, other, max(other, key=other.get))
    assert fb.mistake == "flat_wrong_player", fb.text
    assert check.flat_monte_carlo(q, {m: 2 * r - 1 for m, r in rates.items()}, best).mistake == "flat_mean_utility"
    no_draws = {m: r if m != C else 0.0 for m, r in rates.items()}
    assert check.flat_monte_carlo(q, no_draws, max(no_draws, key=no_draws.get)).mistake == "flat_draw_not_half"
    worst = min(rates, key=rates.get)
    assert check.flat_monte_carlo(q, rates, worst).mistake in ("flat_not_best", "flat_minimax_move")


def test_flat_monte_carlo_can_prefer_another_move_than_minimax():
    t = ads.parse("A[B[b1=1 b2=1 b3=-1] C[c1=0 c2=0 c3=0]]")      # minimax: C (0); flat: B by its wins
    q = check.FlatQuestion(t, {"B": ["b1", "b2", "b1", "b3"], "C": ["c1", "c2", "c3", "c1"]})
    rates = rates_by_hand(t, q.playouts, MAX)
    assert check.flat_monte_carlo(q, rates, "B").ok
    assert check.flat_monte_carlo(q, rates, "C").mistake == "flat_minimax_move"
    assert str(check.flat_monte_carlo(q, None, None)).startswith("Not answered yet")
    assert "right; which move" in str(check.flat_monte_carlo(q, rates))


@pytest.mark.parametrize("playouts, match", [
    ({"B": ["b1"]}, "each root move"), ({"B": ["b1"], "C": ["c1", "c2"]}, "same number"),
    ({"B": ["c1"], "C": ["c2"]}, "below it"),
])
def test_bad_flat_questions_are_refused(playouts, match):
    with pytest.raises(ValueError, match=match):
        check.FlatQuestion(ads.parse("A[B[b1=1 b2=-1] C[c1=0 c2=0]]"), playouts)
    with pytest.raises(ValueError, match="-1, 0 and"):
        check.FlatQuestion(ads.parse("A[B[b1=3 b2=-1] C[c1=0 c2=0]]"), {"B": ["b1"], "C": ["c1"]})


# ------------------------------------------------------------------ an MCTS in code


@pytest.mark.parametrize("variant", [dict(), dict(c=math.sqrt(2)), dict(random_expand=True), dict(use_global=True)])
def test_a_right_mcts_passes(variant):
    fb = check_uct(make_mcts(**variant))
    assert fb.ok, fb.text


@pytest.mark.parametrize("credit_to", ["root", "max", "to_move"])
def test_each_wrong_perspective_is_named(credit_to):
    fb = check_uct(make_mcts(credit_to))
    assert not fb.ok and fb.mistake == f"uct_perspective_{credit_to}", fb.text


def test_the_battery_tells_every_perspective_apart():
    from advsearch.course.mcts.perspectives import root_moves
    trees = uct_battery(0)
    for p in ("root", "max", "to_move"):
        others = [q for q in ("mover", "root", "max", "to_move") if q != p]
        assert all(any(not root_moves(t, p) & root_moves(t, q) for t in trees) for q in others), p


def no_wins(game, state, iterations, rng):
    """Visits the children in turn and never counts a win: its move is the first child everywhere."""
    actions = list(game.actions(state))
    return {a: (0, iterations // len(actions) + (i < iterations % len(actions))) for i, a in enumerate(actions)}


def first_only(game, state, iterations, rng):
    actions = list(game.actions(state))
    return {a: (0, iterations if a == actions[0] else 0) for a in actions}


def miscounted(game, state, iterations, rng):
    stats = make_mcts()(game, state, iterations, rng)
    a = next(iter(stats))
    stats[a] = (stats[a][0], stats[a][1] + 1)
    return stats


@pytest.mark.parametrize("fn, mistake", [(no_wins, "uct_not_converging"), (first_only, "uct_untried_first"),
                                         (miscounted, "uct_bad_statistics")])
def test_broken_mcts_is_named(fn, mistake):
    fb = check_uct(fn)
    assert not fb.ok and fb.mistake == mistake, fb.text


def test_errors_loops_borrowing_and_stubs_are_reported():
    def stub(game, state, iterations, rng):
        raise NotImplementedError

    def raises(game, state, iterations, rng):
        return 1 / 0

    def loops(game, state, iterations, rng):
        while True:
            pass

    def borrowed(game, state, iterations, rng):
        return {a: (0, 1) for a in ads.mcts(game, state, iterations=iterations).tree.nodes}

    assert str(check_uct(stub)).startswith("Not answered yet")
    assert str(check_uct(None)).startswith("Not answered yet")
    assert "ZeroDivisionError" in str(check_uct(raises))
    assert "did not return within 0.1 s" in str(check_uct(loops, time_per_tree=0.1))
    assert "package's own search" in str(check_uct(borrowed))
    assert "four arguments" in str(check_uct(lambda game, state: {}))
    assert "not a function" in str(check_uct(3)) or "should be a function" in str(check_uct(3))
    with pytest.raises(ValueError, match="at least one tree"):
        check_uct(make_mcts(), trees=[])
    with pytest.raises(ValueError, match="time_per_tree"):
        check_uct(make_mcts(), time_per_tree=-1)


def test_custom_trees_and_the_check_namespace():
    fb = check_uct(make_mcts(), trees=["[[1 0] [-1 -1]]", [[0, 0], [1, 1]]])
    assert fb.ok, fb.text
    assert set(check.MISTAKES) >= {"uct_best_win_rate", "backup_wrong_player", "flat_wrong_player",
                                   "uct_perspective_root"}
