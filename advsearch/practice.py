"""Practice exercises made reproducibly from a seed, for every lecture.

Each generator makes an :class:`Exercise`: a question on a labelled tree
(or on search statistics), a checker that gives feedback at once
(:meth:`Exercise.check`, answered by :mod:`advsearch.check`), a narrated
worked solution (:meth:`Exercise.solution`) and an answer key
(:meth:`Exercise.answer_key`).  The same seed always gives the same
exercise, in every process.

Every family returns a subclass of :class:`Exercise`, one shape for all:

- lecture 01: :func:`minimax` values (:class:`MinimaxExercise`);
- lecture 02: the leaves :func:`alphabeta` prunes, with a chosen number of
  cuts of each kind (:class:`AlphaBetaExercise`, :func:`cuts`);
- lecture 04: :func:`expectiminimax` (and expectimax) values on chance
  trees, and the leaves Ballard's :func:`star1` never evaluates;
- lecture 05: :func:`maxn` payoff vectors and the root's move on trees of
  three or more players, and the leaves Korf's :func:`shallow` pruning
  never evaluates;
- lecture 06: one UCT selection (:func:`uct`, where the child chosen is
  neither the best by win rate nor the most visited) and one backup
  (:func:`uct_backup`) on MCTS statistics.

Each family is the ``practice.py`` of its topic's folder in
:mod:`advsearch.course`; the base class and what the generators share are
in ``course/shared/exercise.py``.

Examples
--------
>>> from advsearch import practice
>>> ex = practice.minimax(seed=3)
>>> ex.check(ex.answer_key()).ok
True
"""

from __future__ import annotations

from .course.shared.exercise import MAX_NODES, MAX_TRIES, Exercise, Solution
from .course.minimax.practice import MinimaxExercise, minimax
from .course.alphabeta.practice import AlphaBetaExercise, Cut, alphabeta, cuts
from .course.chance.practice import ChanceExercise, Star1Exercise, expectiminimax, star1
from .course.multiplayer.practice import MaxnExercise, ShallowExercise, maxn, shallow
from .course.mcts.practice import UCTExercise, uct, uct_backup

__all__ = [
    "Exercise", "Solution", "MAX_TRIES", "MAX_NODES",
    "MinimaxExercise", "minimax", "AlphaBetaExercise", "alphabeta", "Cut", "cuts",
    "ChanceExercise", "Star1Exercise", "expectiminimax", "star1",
    "MaxnExercise", "ShallowExercise", "maxn", "shallow",
    "UCTExercise", "uct", "uct_backup",
]
