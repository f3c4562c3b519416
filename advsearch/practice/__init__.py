"""Practice exercises made reproducibly from a seed, for every lecture.

Each generator makes an :class:`Exercise`: a question on a labelled tree
(or on search statistics), a checker that gives feedback at once
(:meth:`Exercise.check`, answered by :mod:`advsearch.check`), a narrated
worked solution (:meth:`Exercise.solution`) and an answer key
(:meth:`Exercise.answer_key`).  The same seed always gives the same
exercise, in every process.

The package holds one family of exercises a module:

- :mod:`~advsearch.practice.two_player`: :func:`minimax` values and the
  leaves :func:`alphabeta` prunes, with a chosen number of cuts of each kind;
  the :class:`Exercise` and :class:`Solution` every module builds on.

Examples
--------
>>> from advsearch import practice
>>> ex = practice.minimax(seed=3)
>>> ex.check(ex.answer_key()).ok
True
"""

from __future__ import annotations

from .two_player import MAX_NODES, MAX_TRIES, Cut, Exercise, Solution, alphabeta, cuts, minimax

__all__ = ["Exercise", "Solution", "Cut", "minimax", "alphabeta", "cuts", "MAX_TRIES", "MAX_NODES"]

# Each family of exercises adds its names here: an import line and an ``__all__ +=`` line per module.
# [practice: chance]
# [practice: multiplayer]
# [practice: uct]
