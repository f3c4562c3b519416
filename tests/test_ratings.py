"""Ratings: score intervals, Elo, the Bradley-Terry fit and its intervals, checked against independent facts.

The oracles here do not share code with advsearch.ratings:

- the fit is checked by its defining equations (expected points = actual
  points), by results made exactly from known strengths (the fit must give
  those strengths back), and by brute force: no rating on a fine grid makes
  the results more likely than the fitted ones;
- the intervals are checked against the closed form for two agents and
  against the curvature of the log-likelihood measured by finite differences.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advsearch import arena, ratings
from advsearch.arena import MatchResult
from advsearch.ratings import Z95, check_prior, elo, elo_intervals, fit_elo, wilson_interval


# --- Oracles. ---

def expected_points(rating, results, prior):
    """Each agent's expected and actual points under the Elo model, priors included."""
    expected = dict.fromkeys(rating, 0.0)
    actual = dict.fromkeys(rating, 0.0)
    for r in results:
        n = r.games + prior
        p = 1 / (1 + 10 ** ((rating[r.b] - rating[r.a]) / 400))
        expected[r.a] += n * p
        expected[r.b] += n * (1 - p)
        actual[r.a] += r.score + prior / 2
        actual[r.b] += r.games - r.score + prior / 2
    return expected, actual


def log_likelihood(rating, results, prior=0.0):
    """The log-likelihood of the results (a draw half a win, half a loss) under Elo ratings ``rating``."""
    total = 0.0
    for r in results:
        p = 1 / (1 + 10 ** ((rating[r.b] - rating[r.a]) / 400))
        total += (r.score + prior / 2) * math.log(p) + (r.games - r.score + prior / 2) * math.log(1 - p)
    return total


# --- One match: Wilson interval and Elo. ---

def test_wilson_interval_and_elo_match_hand_computation():
    # Wilson, 8 of 10, z = 1.96: centre (0.8 + 0.19208) / 1.38416, half-width 0.22784...
    lo, hi = wilson_interval(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-4) and hi == pytest.approx(0.9433, abs=1e-4)
    assert elo(0.5) == 0 and elo(0.0) == -math.inf and elo(1.0) == math.inf
    assert elo(10 / 11) == pytest.approx(400, abs=1e-9)      # odds 10:1 are 400 Elo
    assert elo(0.25) == pytest.approx(-elo(0.75))
    with pytest.raises(ValueError, match="at least one trial"):
        wilson_interval(0, 0)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 500), st.data())
def test_wilson_interval_contains_the_rate_and_its_ends_solve_the_score_equation(n, data):
    # The Wilson interval is the set of p with |rate - p| <= z sqrt(p (1 - p) / n): its ends solve it.
    score = data.draw(st.integers(0, n))
    rate = score / n
    lo, hi = wilson_interval(score, n)
    assert 0 <= lo <= rate <= hi <= 1
    for end in (lo, hi):
        if 0 < end < 1:
            assert abs(rate - end) == pytest.approx(Z95 * math.sqrt(end * (1 - end) / n), abs=1e-9)


# --- The Bradley-Terry fit. ---

@pytest.mark.parametrize("prior", [0, 1, 2.5])
def test_fit_elo_makes_expected_points_equal_actual_points(prior):
    results = [MatchResult("a", "b", 6, 2, 2), MatchResult("b", "c", 5, 4, 1), MatchResult("a", "c", 7, 1, 2),
               MatchResult("c", "d", 3, 3, 4), MatchResult("a", "d", 5, 0, 5), MatchResult("b", "d", 2, 6, 2)]
    fitted = fit_elo(results, prior=prior)
    assert list(fitted) == ["a", "b", "c", "d"]
    assert sum(fitted.values()) == pytest.approx(0, abs=1e-6)
    expected, actual = expected_points(fitted, results, prior)
    for name in fitted:
        assert expected[name] == pytest.approx(actual[name], abs=1e-6)


def test_fit_elo_gives_back_the_strengths_the_results_were_made_from():
    # Strengths 9 : 3 : 1 expect a to score 3/4 against b, b 3/4 against c and a 9/10 against c.
    # Results with exactly those rates are best explained by exactly those strengths.
    results = [MatchResult("a", "b", 30, 0, 10), MatchResult("b", "c", 15, 0, 5), MatchResult("a", "c", 36, 0, 4)]
    fitted = fit_elo(results, prior=0)
    assert fitted["a"] - fitted["b"] == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert fitted["b"] - fitted["c"] == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert fitted["a"] - fitted["c"] == pytest.approx(400 * math.log10(9), abs=1e-6)
    # Draws count as half a win: 20 draws and 20 wins of 40 games is a rate of 3/4 too.
    with_draws = fit_elo([MatchResult("a", "b", 20, 20, 0), MatchResult("b", "c", 15, 0, 5),
                          MatchResult("a", "c", 36, 0, 4)], prior=0)
    assert with_draws == pytest.approx(fitted, abs=1e-6)


def test_fit_elo_of_one_match_is_the_elo_of_its_rate():
    fitted = fit_elo([MatchResult("x", "y", 9, 0, 1)], prior=0)
    assert fitted["x"] - fitted["y"] == pytest.approx(elo(0.9), abs=1e-6)
    assert fitted["x"] == pytest.approx(-fitted["y"])
    # Several matches between the same pair add up; their order does not matter.
    split = fit_elo([MatchResult("x", "y", 4, 0, 1), MatchResult("y", "x", 0, 0, 5)], prior=0)
    assert split["x"] == pytest.approx(fitted["x"], abs=1e-6)


def test_no_ratings_on_a_grid_explain_the_results_better_than_the_fit():
    # Brute force: with the mean fixed at 0, three ratings have two free values; try them every
    # 2 Elo around the fit.  None is more likely, and the best grid point lies next to the fit.
    results = [MatchResult("a", "b", 7, 3, 5), MatchResult("b", "c", 9, 1, 4), MatchResult("a", "c", 4, 2, 2)]
    fitted = fit_elo(results, prior=0)
    best_value = log_likelihood(fitted, results)
    step, reach = 2.0, 150
    best = None
    for da, db in itertools.product(range(-reach, reach + 1), repeat=2):
        a, b = fitted["a"] + step * da, fitted["b"] + step * db
        rating = {"a": a, "b": b, "c": -a - b}
        value = log_likelihood(rating, results)
        assert value <= best_value + 1e-12
        if best is None or value > best[0]:
            best = (value, a, b)
    assert abs(best[1] - fitted["a"]) <= step and abs(best[2] - fitted["b"]) <= step


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 9), st.integers(0, 4), st.integers(1, 9)), min_size=3, max_size=3),
       st.lists(st.floats(-50, 50), min_size=3, max_size=3))
def test_the_fit_is_the_most_likely_rating_of_random_results(counts, nudge):
    # Three agents in a round robin, each match with at least one win and one loss (so the ratings
    # are finite without a prior).  Moving the ratings anywhere makes the results less likely.
    pairs = [("a", "b"), ("b", "c"), ("a", "c")]
    results = [MatchResult(x, y, w, d, l) for (x, y), (w, d, l) in zip(pairs, counts)]
    fitted = fit_elo(results, prior=0)
    expected, actual = expected_points(fitted, results, 0)
    assert all(expected[n] == pytest.approx(actual[n], abs=1e-6) for n in fitted)
    moved = {name: r + dx for (name, r), dx in zip(fitted.items(), nudge)}
    assert log_likelihood(moved, results) <= log_likelihood(fitted, results) + 1e-9


def test_fit_elo_needs_a_prior_for_a_perfect_score():
    with pytest.raises(ValueError, match="'x' won every game.*prior > 0"):
        fit_elo([MatchResult("x", "y", 3, 0, 0)], prior=0)
    assert fit_elo([MatchResult("x", "y", 3, 0, 0)])["x"] == pytest.approx(elo(3.5 / 4) / 2)
    with pytest.raises(ValueError, match="against itself"):
        fit_elo([MatchResult("x", "x", 1, 0, 1)])


def test_fit_elo_converges_even_when_ratings_are_far_apart():
    results = [MatchResult(f"a{i}", f"a{j}", 100, 0, 0) for i in range(8) for j in range(i + 1, 8)]
    fitted = fit_elo(results)
    values = [fitted[f"a{i}"] for i in range(8)]
    assert values == sorted(values, reverse=True)
    expected, actual = expected_points(fitted, results, 1)
    assert all(expected[n] == pytest.approx(actual[n], abs=1e-4) for n in fitted)


@pytest.mark.parametrize("kwargs, message", [
    ({"prior": -1}, "prior must be a number of virtual games >= 0, not -1"),
    ({"prior": True}, "prior must be"),
    ({"prior": math.inf}, "prior must be"),
    ({"tol": 0}, "tol must be a positive number"),
    ({"max_iterations": 2.5}, "max_iterations must be a positive whole number"),
    ({"max_iterations": 0}, "max_iterations must be a positive whole number"),
])
def test_fit_elo_refuses_bad_parameters(kwargs, message):
    with pytest.raises(ValueError, match=message):
        fit_elo([MatchResult("x", "y", 2, 0, 1)], **kwargs)


def test_check_prior():
    assert check_prior(0) == 0.0 and check_prior(2.5) == 2.5
    for bad in (-0.5, "1", None, math.nan):
        with pytest.raises(ValueError, match="prior must be"):
            check_prior(bad)


# --- The intervals of the ratings. ---

def test_the_rating_interval_of_two_agents_is_the_logit_standard_error():
    # Two agents: the information is n p (1-p) [[1, -1], [-1, 1]], so each rating (half the gap) has
    # variance 1 / (4 n p (1-p)) in natural-log units.
    results = [MatchResult("a", "b", 6, 0, 4)]
    fitted = fit_elo(results, prior=0)
    intervals = elo_intervals(results, fitted, prior=0)
    half = Z95 * 400 / math.log(10) * math.sqrt(1 / (4 * 10 * 0.6 * 0.4))
    assert intervals["a"] == pytest.approx((fitted["a"] - half, fitted["a"] + half))
    assert intervals["b"] == pytest.approx((fitted["b"] - half, fitted["b"] + half))


@pytest.mark.parametrize("prior", [0, 1])
def test_rating_intervals_match_the_curvature_of_the_likelihood(prior):
    # The covariance of ratings with mean 0: write the last rating as minus the sum of the others,
    # measure the curvature (Hessian) of the log-likelihood in the others by finite differences,
    # invert it, and map back.  No pseudo-inverse, no formula for the information.
    results = [MatchResult("a", "b", 6, 2, 2), MatchResult("b", "c", 5, 4, 1), MatchResult("a", "c", 7, 1, 2),
               MatchResult("c", "d", 3, 3, 4), MatchResult("b", "d", 2, 6, 2)]
    fitted = fit_elo(results, prior=prior)
    names = list(fitted)
    scale = 400 / math.log(10)                     # Elo per natural-log unit of strength
    free = np.array([fitted[n] / scale for n in names[:-1]])

    def value(x):
        rating = dict(zip(names, [*(x * scale), -x.sum() * scale]))
        return log_likelihood(rating, results, prior)

    h, k = 1e-4, len(free)
    hessian = np.zeros((k, k))
    for i in range(k):
        for j in range(k):
            ei, ej = np.eye(k)[i] * h, np.eye(k)[j] * h
            hessian[i, j] = (value(free + ei + ej) - value(free + ei - ej) - value(free - ei + ej)
                             + value(free - ei - ej)) / (4 * h * h)
    back = np.vstack([np.eye(k), -np.ones(k)])     # all ratings from the free ones
    covariance = back @ np.linalg.inv(-hessian) @ back.T
    intervals = elo_intervals(results, fitted, prior=prior)
    assert list(intervals) == names
    for i, name in enumerate(names):
        half = Z95 * scale * math.sqrt(covariance[i, i])
        low, high = intervals[name]
        assert low == pytest.approx(fitted[name] - half, rel=1e-4)
        assert high == pytest.approx(fitted[name] + half, rel=1e-4)


def test_elo_intervals_need_the_ratings_of_every_agent():
    results = [MatchResult("a", "b", 6, 0, 4)]
    with pytest.raises(ValueError, match="no rating for 'b'"):
        elo_intervals(results, {"a": 0.0}, prior=0)
    with pytest.raises(ValueError, match="prior must be"):
        elo_intervals(results, fit_elo(results), prior=-2)


# --- The arena keeps the names it had. ---

def test_the_arena_still_offers_the_rating_functions():
    assert arena.fit_elo is ratings.fit_elo and arena.elo is ratings.elo
    assert arena.wilson_interval is ratings.wilson_interval and arena.Z95 == ratings.Z95
    for name in ("fit_elo", "elo", "wilson_interval"):
        assert name in arena.__all__
