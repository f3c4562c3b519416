"""Helpers for graded assignments: who is graded, their trees, and the hidden tests' verdicts.

The assignments in ``exercises/assignments/`` are an nbgrader course.  Their
notebooks call this package in three places:

- **The student's trees.**  :func:`student_id` says whose notebook it is, and
  :func:`problems` makes that student's exercises from :func:`student_seed`,
  a seed derived from the id.  Two students get different trees, so answers
  copied from a classmate are answers to the wrong trees.
- **Self-checks** while working: :func:`self_check` runs a checker of
  :mod:`advsearch.check` under a time limit, and skips it while the notebook
  is autograded (nbgrader then runs the hidden tests instead).
- **Grades.**  The ``assess_*`` functions grade one answer each and return a
  :class:`Grade`.  They run where no student code can reach them:
  :mod:`advsearch.autograde` calls them from outside the student's kernel,
  with the student's functions run in a sandbox.  In the notebook the hidden
  test cells only say so.

The package, one job a module
-----------------------------
Everything is imported from ``advsearch.grading`` itself; the modules are:

- :mod:`~advsearch.grading.identity`: who is graded (the student id, from the
  notebook or from nbgrader's folders) and each student's seed;
- :mod:`~advsearch.grading.assignments`: the assignments and one student's
  exercises (:func:`problems`);
- :mod:`~advsearch.grading.batteries`: the trees and positions graded code
  runs on; :mod:`~advsearch.grading.perspectives`: the MCTS trees, on which
  whose wins a search counts decides its move;
- :mod:`~advsearch.grading.running`: running student code within its one
  time limit, quietly; :mod:`~advsearch.grading.grades`: :class:`Grade` and the
  arithmetic of points;
- :mod:`~advsearch.grading.conventions`: the ways of searching a graded
  search is compared with, and what the reference searches visit;
- :mod:`~advsearch.grading.blind`: what answers that do no work get right
  by chance, which by-hand values must beat; :mod:`~advsearch.grading.originality`:
  whether an evaluation is the student's own, not one the package ships;
- the graders, one a kind of answer: :mod:`~advsearch.grading.by_hand`
  (values and pruned leaves), :mod:`~advsearch.grading.search_code`
  (minimax and alpha-beta), :mod:`~advsearch.grading.manners`,
  :mod:`~advsearch.grading.whose_move` and
  :mod:`~advsearch.grading.tournament` (an evaluation function),
  :mod:`~advsearch.grading.expectimax_code`, :mod:`~advsearch.grading.ucb`,
  :mod:`~advsearch.grading.mcts`, :mod:`~advsearch.grading.multiplayer_tree`
  (a three-player tree to solve by hand) with
  :mod:`~advsearch.grading.multiplayer_by_hand` (its max-n vectors and
  paranoid values) and
  :mod:`~advsearch.grading.maxn_code` (max-n in code);
- :mod:`~advsearch.grading.notebook`: the self-checks;
  :mod:`~advsearch.grading.course`: the nbgrader course's ignore list.

The right answers all come from the package's one oracle and trace:
:meth:`Tree.values <advsearch.trees.Tree.values>` for backed-up values (with
``chance=`` and ``decides=`` for the mistakes students make),
:meth:`Trace.visits <advsearch.result.Trace.visits>` and
:meth:`Trace.unvisited_leaves <advsearch.result.Trace.unvisited_leaves>` of
the reference searches for what a search visits and prunes.

How the graded student is known is told in :mod:`~advsearch.grading.identity`,
the conventions in :mod:`~advsearch.grading.conventions`, and whose time
limit holds in :mod:`~advsearch.grading.running`.

Trusted grading
---------------
The graded notebooks do not call the ``assess_*`` functions themselves:
:mod:`advsearch.autograde` does, from outside the student's kernel, with the
student's functions run in a sandbox
(:class:`advsearch.sandbox.remote.RemoteFunction`) and the recording game
kept in the grader's process.  In the notebook this package gives the trees
(:func:`problems`) and the self-checks.

Examples
--------
>>> from advsearch import grading, MAX
>>> p = grading.problems("ps1", "alice")
>>> p.minimax.tree == grading.problems("ps1", "alice").minimax.tree
True
>>> p.minimax.tree == grading.problems("ps1", "bob").minimax.tree
False
>>> def minimax(game, state):
...     if game.is_terminal(state):
...         return game.utility(state, MAX)
...     values = [minimax(game, game.result(state, a)) for a in game.actions(state)]
...     return max(values) if game.to_move(state) == MAX else min(values)
>>> g = grading.assess_search(minimax, "alphabeta", p.trees, points=4)
>>> g.points, g.convention
(0.0, 'minimax')
>>> grading.assess_search(minimax, "minimax", p.trees, points=3).points
3.0
"""

from __future__ import annotations

from ..recording import RecordingGame, Runaway
from ..timeout import TimeLimitExceeded
from .assignments import ASSIGNMENTS, exercise, problems
from .batteries import chance_trees, sample_positions, search_trees, with_shuffles
from .blind import above_blind, blind_right
from .by_hand import assess_pruned, assess_values
from .conventions import CONVENTIONS, Convention, reference_visits
from .course import only_notebooks
from .expectimax_code import CHANCE_RULES, assess_expectimax
from .grades import Grade
from .identity import ANONYMOUS, autograding, id_from_path, student_id, student_seed
from .manners import assess_evaluation
from .maxn_code import MAXN_MODELS, assess_maxn, maxn_trees
from .mcts import assess_mcts
from .multiplayer_tree import MULTIPLAYER_MISTAKES, multiplayer_question, paranoid_tree, ties_last_values
from .multiplayer_by_hand import assess_maxn_values, assess_paranoid
from .notebook import self_check
from .originality import assess_originality, shipped_evaluations, unoriginal, unoriginal_values
from .perspectives import PERSPECTIVES, mcts_trees
from .running import quiet
from .search_code import assess_search
from .tournament import OPPONENTS, assess_tournament
from .ucb import assess_ucb, ucb_question
from .whose_move import assess_whose_move, whose_move_pairs

__all__ = [
    "autograding", "id_from_path", "student_id", "student_seed", "ANONYMOUS",
    "problems", "exercise", "ASSIGNMENTS", "search_trees", "sample_positions", "with_shuffles",
    "blind_right", "above_blind", "shipped_evaluations", "unoriginal", "unoriginal_values", "assess_originality",
    "TimeLimitExceeded", "Runaway", "quiet", "RecordingGame",
    "Convention", "CONVENTIONS", "reference_visits",
    "Grade", "assess_values", "assess_pruned", "assess_search", "assess_evaluation",
    "assess_tournament", "OPPONENTS", "whose_move_pairs", "assess_whose_move",
    "chance_trees", "CHANCE_RULES", "assess_expectimax", "ucb_question", "assess_ucb",
    "mcts_trees", "PERSPECTIVES", "assess_mcts",
    "multiplayer_question", "assess_maxn_values", "assess_paranoid", "paranoid_tree", "ties_last_values",
    "MULTIPLAYER_MISTAKES", "maxn_trees", "MAXN_MODELS", "assess_maxn",
    "self_check", "only_notebooks",
]

