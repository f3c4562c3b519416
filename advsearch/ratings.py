"""Ratings: how much better one agent is than another, from the games they played.

- :func:`wilson_interval`: a 95% confidence interval for a score rate;
- :func:`elo`: the Elo difference that predicts a score rate;
- :func:`fit_elo`: Elo ratings of many agents from many matches at once
  (the Bradley-Terry model, fitted by Zermelo's iteration);
- :func:`elo_intervals`: 95% intervals of those ratings.

The results these read are matches between two named agents: any object
with ``a`` and ``b`` (the names), ``games`` and ``score`` (``a``'s points: 1
a win, 1/2 a draw), such as :class:`advsearch.arena.MatchResult`.  The arena
(:mod:`advsearch.arena`) plays the games; this module only counts.

Examples
--------
>>> round(elo(0.75)), [round(x, 3) for x in wilson_interval(15, 20)]
(191, [0.531, 0.888])
>>> from advsearch.arena import MatchResult
>>> {name: round(r) for name, r in fit_elo([MatchResult("a", "b", 3, 0, 1)], prior=0).items()}
{'a': 95, 'b': -95}
"""

from __future__ import annotations

import math
import numbers

from . import validation

__all__ = ["Z95", "wilson_interval", "elo", "fit_elo", "elo_intervals", "check_prior"]

#: The normal quantile for a two-sided 95% confidence interval.
Z95 = 1.959964


# --- One match. ---

def wilson_interval(score, n, z=Z95) -> tuple:
    """The Wilson score interval for a rate of ``score`` successes in ``n`` trials.

    Unlike the textbook interval p ± z·sqrt(p(1-p)/n), it stays inside [0, 1]
    and does not shrink to a point when p is 0 or 1 (Wilson 1927; Agresti &
    Coull 1998 recommend it for small n).

    Examples
    --------
    >>> lo, hi = wilson_interval(18, 20)
    >>> round(lo, 3), round(hi, 3)
    (0.699, 0.972)
    >>> wilson_interval(0, 10)[0]
    0.0
    """
    if n <= 0:
        raise ValueError(f"a rate needs at least one trial, not n={n!r}")
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    # The interval always contains p; min and max only undo rounding at p = 0 or 1.
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def elo(rate) -> float:
    """The Elo rating difference that predicts the expected score ``rate``: 400·log10(rate / (1 - rate)).

    ±inf at a rate of 1 or 0 (a perfect score says only that the difference is large).

    Examples
    --------
    >>> round(elo(0.75)), elo(0.5), elo(1.0)
    (191, 0.0, inf)
    """
    if rate <= 0:
        return -math.inf
    if rate >= 1:
        return math.inf
    return 400 * math.log10(rate / (1 - rate))


# --- Many matches. ---

def check_prior(prior) -> float:
    """``prior`` as a float if it is a number of virtual games >= 0, else a ValueError.

    >>> check_prior(1)
    1.0
    >>> check_prior(-1)
    Traceback (most recent call last):
    ...
    ValueError: prior must be a number of virtual games >= 0, not -1
    """
    if isinstance(prior, bool) or not isinstance(prior, numbers.Real) or not 0 <= prior < math.inf:
        raise ValueError(f"prior must be a number of virtual games >= 0, not {prior!r}")
    return float(prior)


def _pair_tables(results, prior):
    """Names in order of appearance, games[i][j] between them and each one's points, priors included."""
    names, index = [], {}
    for r in results:
        for name in (r.a, r.b):
            if name not in index:
                index[name] = len(names)
                names.append(name)
    k = len(names)
    games = [[0.0] * k for _ in range(k)]
    points = [0.0] * k
    for r in results:
        i, j = index[r.a], index[r.b]
        if i == j:
            raise ValueError(f"{r.a!r} cannot play a match against itself in a rating")
        games[i][j] += r.games
        games[j][i] += r.games
        points[i] += r.score
        points[j] += r.games - r.score
    for i in range(k):
        for j in range(i + 1, k):
            if games[i][j]:
                games[i][j] += prior
                games[j][i] += prior
                points[i] += prior / 2
                points[j] += prior / 2
    return names, games, points


def fit_elo(results, prior=1.0, tol=1e-9, max_iterations=100_000) -> dict:
    """Elo ratings that best explain the results of many matches: the Bradley-Terry fit, with mean 0.

    The model (Bradley & Terry 1952; Elo 1978) gives each agent a strength
    ``g = 10 ** (elo / 400)`` and expects agent ``i`` to score
    ``g_i / (g_i + g_j)`` per game against agent ``j``.  The strengths that
    make the observed points most likely satisfy, for every agent, "expected
    points = actual points".  Zermelo's iteration (1929), which Hunter (2004)
    showed to be a minorize-maximize algorithm that climbs the likelihood at
    every step, solves that:

        g_i  <-  points_i / sum over opponents j of games_ij / (g_i + g_j)

    after which the strengths are rescaled to a geometric mean of 1 (a mean
    Elo of 0).  It stops when no rating moves by more than ``tol`` Elo.

    Parameters
    ----------
    results : iterable of match results
        Matches between named agents (``a``, ``b``, ``games``, ``score``, as
        in :class:`~advsearch.arena.MatchResult`); several between the same
        pair add up.
    prior : float
        Virtual drawn games added to every pair that met.  A perfect score
        otherwise has no finite best rating (every extra 100 Elo fits it a
        little better); one virtual draw keeps the ratings finite and pulls
        them a little toward each other, less the more games were played.
        With ``prior=0`` the fit is the plain maximum-likelihood one.
    tol : float
        The convergence threshold, in Elo, > 0.
    max_iterations : int
        Stop here even if not converged, at least 1.

    Returns
    -------
    dict
        Name -> Elo rating, in the order the names first appear.

    Raises
    ------
    ValueError
        ``prior`` is negative, a bad ``tol`` or ``max_iterations``, an agent
        plays itself, or with ``prior=0`` an agent won or lost every game
        (its rating would be infinite).

    Notes
    -----
    A draw counts as half a win and half a loss.  Each step costs
    O(n²) for n agents; tens of steps are usual, and more when the ratings
    are far apart.

    Examples
    --------
    A single match of 3 wins to 1 gives a difference of 400·log10(3) = 191:

    >>> from advsearch.arena import MatchResult
    >>> fits = fit_elo([MatchResult("a", "b", 3, 0, 1)], prior=0)
    >>> {name: round(r, 1) for name, r in fits.items()}
    {'a': 95.4, 'b': -95.4}

    Ratings of three agents, from a full round robin:

    >>> results = [MatchResult("a", "b", 6, 2, 2), MatchResult("b", "c", 5, 4, 1), MatchResult("a", "c", 9, 1, 0)]
    >>> {name: round(r) for name, r in fit_elo(results).items()}
    {'a': 165, 'b': 0, 'c': -165}
    """
    prior = check_prior(prior)
    validation.budget("tol", tol)
    validation.budget("max_iterations", max_iterations, whole=True)
    names, games, points = _pair_tables(list(results), prior)
    k = len(names)
    for i in range(k):
        total = sum(games[i])
        if total and not 0 < points[i] < total:
            raise ValueError(f"{names[i]!r} {'won' if points[i] else 'lost'} every game, so its best rating is "
                             f"infinite; use prior > 0")
    strength = [1.0] * k
    for _ in range(max_iterations):
        new = []
        for i in range(k):
            denominator = sum(games[i][j] / (strength[i] + strength[j]) for j in range(k) if games[i][j])
            new.append(points[i] / denominator if denominator else strength[i])
        centre = math.exp(sum(map(math.log, new)) / k)
        new = [g / centre for g in new]
        change = max(abs(math.log10(a / b)) for a, b in zip(new, strength)) * 400
        strength = new
        if change < tol:
            break
    return {name: 400 * math.log10(g) for name, g in zip(names, strength)}


def elo_intervals(results, ratings, prior=1.0, z=Z95) -> dict:
    """95% intervals of the ratings of :func:`fit_elo`: ±z standard errors from the Fisher information.

    The standard errors come from the curvature of the same likelihood that
    :func:`fit_elo` maximises (the inverse of the Fisher information; the
    ratings are fixed to a mean of 0, so it is the pseudo-inverse).  Like the
    fit they count a draw as half a win and half a loss, and so are a little
    wider than they need to be when there are draws.

    Parameters
    ----------
    results : iterable of match results
        The matches the ratings were fitted to.
    ratings : dict
        Name -> Elo rating, from ``fit_elo(results, prior=prior)``.
    prior : float
        The virtual drawn games per pair of the fit.
    z : float
        The normal quantile: :data:`Z95` for a 95% interval.

    Returns
    -------
    dict
        Name -> (low, high), in the order of ``ratings``.

    Examples
    --------
    Two agents, 6 wins to 4: each rating is half the gap, with variance
    1 / (4·10·0.6·0.4) in natural-log units:

    >>> from advsearch.arena import MatchResult
    >>> results = [MatchResult("a", "b", 6, 0, 4)]
    >>> ratings = fit_elo(results, prior=0)
    >>> half = Z95 * 400 / math.log(10) * math.sqrt(1 / (4 * 10 * 0.6 * 0.4))
    >>> low, high = elo_intervals(results, ratings, prior=0)["a"]
    >>> abs(low - (ratings["a"] - half)) < 1e-9 and abs(high - (ratings["a"] + half)) < 1e-9
    True
    """
    import numpy as np

    prior = check_prior(prior)
    order, games, _ = _pair_tables(list(results), prior)
    missing = [name for name in order if name not in ratings]
    if missing:
        raise ValueError(f"no rating for {', '.join(map(repr, missing))}: pass the ratings fit_elo gave "
                         f"for these results")
    k = len(order)
    strength = [10 ** (ratings[name] / 400) for name in order]
    information = np.zeros((k, k))
    for i in range(k):
        for j in range(k):
            if i != j and games[i][j]:
                p = strength[i] / (strength[i] + strength[j])
                w = games[i][j] * p * (1 - p)
                information[i, j] -= w
                information[i, i] += w
    # The ratings are fixed to a mean of 0, so the information is singular along (1, ..., 1); the
    # pseudo-inverse is the covariance of ratings constrained that way.  Natural-log units -> Elo.
    covariance = np.linalg.pinv(information)
    scale = 400 / math.log(10)
    out = {}
    for i, name in enumerate(order):
        half = z * scale * math.sqrt(max(covariance[i, i], 0.0))
        out[name] = (ratings[name] - half, ratings[name] + half)
    return {name: out[name] for name in ratings if name in out}
