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
  the :class:`Exercise` and :class:`Solution` every module builds on;
- :mod:`~advsearch.practice.chance`: :func:`expectiminimax` (and expectimax)
  values on chance trees, and the leaves Ballard's :func:`star1` never
  evaluates, with a chosen number of cuts;
- :mod:`~advsearch.practice.multiplayer_practice`: :func:`maxn` payoff vectors and the
  root's move on trees of three or more players, and the leaves Korf's
  :func:`shallow` pruning never evaluates, with a chosen number of cuts;
- :mod:`~advsearch.practice.uct_practice`: one UCT selection (:func:`uct`, where the
  child chosen is neither the best by win rate nor the most visited) and one
  backup (:func:`uct_backup`) on MCTS statistics.

Helpers: ``common`` (sub-seeds, labels, parameter checks), ``random_trees``
(random chance and multiplayer trees), and the exercise classes in
``chance_exercises`` and ``multiplayer_exercises``; the solutions' sentences
come from :mod:`advsearch.check.narration`.

Examples
--------
>>> from advsearch import practice
>>> ex = practice.minimax(seed=3)
>>> ex.check(ex.answer_key()).ok
True
"""

from __future__ import annotations

from .chance import ChanceExercise, Star1Exercise, expectiminimax, star1
from .multiplayer_practice import MaxnExercise, ShallowExercise, maxn, shallow
from .two_player import MAX_NODES, MAX_TRIES, Cut, Exercise, Solution, alphabeta, cuts, minimax
from .uct_practice import UCTExercise, uct, uct_backup

__all__ = [
    "Exercise", "Solution", "Cut", "minimax", "alphabeta", "cuts", "MAX_TRIES", "MAX_NODES",
    "ChanceExercise", "Star1Exercise", "expectiminimax", "star1",
    "MaxnExercise", "ShallowExercise", "maxn", "shallow",
    "UCTExercise", "uct", "uct_backup",
]
