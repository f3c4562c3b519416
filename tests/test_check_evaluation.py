"""check.evaluation: a Connect Four evaluation, played at once in the seeded match ps2 grades."""

from __future__ import annotations

import random
import time

import pytest

from advsearch import MAX, MIN, ConnectFour, arena, check, grading
from advsearch.course.limits.evaluation_match import (EVALUATION_MISTAKES, OPPONENTS, Checked, evaluation, play_match,
                                              probe_positions, verdict, zero)
from advsearch.evaluation import connect4_eval
from advsearch.ratings import wilson_interval

SMALL = dict(games=4, max_nodes=60)


def test_reference_against_itself_scores_half_by_symmetry():
    """Independent fact: the same agent on both sides, colours swapped on each opening, scores exactly 1/2."""
    fb = evaluation(connect4_eval(), opponents=["reference"], **SMALL)
    assert fb.ok and fb.rows[0][4] == 0.5


def test_rows_are_the_shared_match():
    g = ConnectFour()
    fb = evaluation(connect4_eval(g), opponents=["search", "random"], seed=3, **SMALL)
    for kind, w, d, l, rate, interval in fb.rows:
        r = play_match(Checked(connect4_eval(g)), kind, g, games=4, max_nodes=60, seed=3)
        assert (w, d, l) == (r.wins, r.draws, r.losses) and w + d + l == 4
        assert interval == arena.wilson_interval(w + d / 2, 4) and rate == (w + d / 2) / 4


def test_grading_plays_the_same_match():
    """ps2's grade and the instant check share one match: same opponents, same results for one seed."""
    assert set(grading.OPPONENTS) == set(OPPONENTS)
    g = grading.assess_tournament(connect4_eval(), "alice", "reference", games=2, max_nodes=100)
    assert g.details["rate"] == 0.5


def test_an_evaluation_that_knows_nothing_fails_before_any_game_as_ps2_grades_it():
    """A constant evaluation plays the "search" opponent's own game, 50% against a 55% target, which 24 games
    cannot tell apart: only asking whether it tells positions apart fails it, as ps2's originality gate does."""
    from advsearch.course.limits.originality import assess_originality
    fb = evaluation(zero, **SMALL)
    assert not fb.ok and fb.mistake == "eval_blind" and not fb.rows and "tell positions apart" in fb.text
    assert assess_originality(zero, ConnectFour(), 0, 10).points == 0          # the grader's verdict, the same

    rng = random.Random(1)
    table = {}

    def guess(s, p):                                                           # consistent, antisymmetric, blind
        v = table.setdefault(s, rng.uniform(-0.5, 0.5))
        return v if p == MAX else -v
    fb = evaluation(guess, **SMALL)
    assert not fb.ok and fb.mistake == "eval_blind" and "no knowledge of the game" in fb.text


def test_an_interval_that_reaches_the_target_passes_and_says_so():
    """8 games cannot show that 19% is below 40% (interval 4%-53%): the verdict passes and says so."""
    ok, words = verdict("reference", 0.19, wilson_interval(1.5, 8))
    assert ok and words.startswith("below the target 40%")


def test_broken_evaluations_have_clear_messages():
    fb = evaluation(lambda s, p: 0.3, **SMALL)
    assert not fb.ok and fb.mistake == "eval_not_antisymmetric" and not fb.rows

    def raises(s, p):
        raise KeyError("x")
    fb = evaluation(raises, **SMALL)
    assert not fb.ok and "KeyError" in fb.text
    fb = evaluation(lambda s, p: "good", **SMALL)
    assert not fb.ok and "finite number" in fb.text
    fb = evaluation(lambda s, p: float("nan"), **SMALL)
    assert not fb.ok and "finite number" in fb.text

    def slow(s, p):
        time.sleep(0.003)
        return 0.0
    fb = evaluation(slow, **SMALL)
    assert not fb.ok and "ms a call" in fb.text

    big = connect4_eval()
    fb = evaluation(lambda s, p: 100 * big(s, p), opponents=["random"], **SMALL)
    assert not fb.ok and fb.mistake == "eval_out_of_range" and fb.rows


def test_missing_answers():
    assert str(evaluation(None)).startswith("Not answered yet")

    def stub(s, p):
        raise NotImplementedError
    assert str(evaluation(stub)).startswith("Not answered yet")
    assert not evaluation(3).ok


def test_bad_parameters_raise():
    with pytest.raises(ValueError, match="games"):
        evaluation(connect4_eval(), games=3)
    with pytest.raises(ValueError, match="opponents"):
        evaluation(connect4_eval(), opponents=["grandmaster"])
    with pytest.raises(ValueError, match="opponents"):
        evaluation(connect4_eval(), opponents="random")
    with pytest.raises(ValueError, match="max_nodes"):
        evaluation(connect4_eval(), max_nodes=-1)


def test_probe_positions_are_open_and_seeded():
    g = ConnectFour()
    ps = probe_positions(g, 1)
    assert ps == probe_positions(g, 1) and not any(g.is_terminal(s) for s in ps)
    e = connect4_eval(g)
    assert all(e(s, MIN) == -e(s, MAX) for s in ps)


def test_html_has_the_table():
    fb = evaluation(connect4_eval(), opponents=["reference"], **SMALL)
    assert "<table" in fb._repr_html_() and "reference" in fb._repr_html_()


def test_mistakes_are_registered():
    assert set(EVALUATION_MISTAKES) <= set(check.MISTAKES)


def test_a_browser_tab_allows_a_slower_evaluation_but_not_a_far_slower_one():
    from advsearch import timeout
    from advsearch.course.limits.evaluation_match import BROWSER_SLOWDOWN

    def sleepy(ms):
        def evaluate(s, p):
            time.sleep(ms / 1000)
            return 0.0
        return evaluate
    quick = dict(games=2, max_nodes=20, opponents=["random"])
    assert "ms a call" in evaluation(sleepy(3), **quick).text                     # refused in CPython
    with timeout.forced("cooperative"):
        assert "ms a call" not in evaluation(sleepy(3), **quick).text             # let through in a tab
        assert "ms a call" in evaluation(sleepy(1.5 * BROWSER_SLOWDOWN), **quick).text
