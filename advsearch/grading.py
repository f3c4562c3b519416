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

Where it lives
--------------
Everything is imported from ``advsearch.grading`` itself.  Each grader lives
in the folder of its topic in :mod:`advsearch.course`, beside the checker
whose findings it turns into points (``minimax/by_hand``,
``alphabeta/by_hand`` and ``search_code``, ``limits/manners``,
``whose_move``, ``tournament`` and ``originality``,
``chance/expectimax_code``, ``multiplayer/by_hand`` and ``maxn_code``,
``mcts/ucb`` and ``mcts_code``); who is graded, grades, blind answers and
running student code are in ``course/shared``, and each problem set's
per-student problems in ``course/assignments``.

The right answers all come from the package's one oracle and trace:
:meth:`Tree.values <advsearch.trees.Tree.values>` for backed-up values (with
``chance=`` and ``decides=`` for the mistakes students make),
:meth:`Trace.visits <advsearch.result.Trace.visits>` and
:meth:`Trace.unvisited_leaves <advsearch.result.Trace.unvisited_leaves>` of
the reference searches for what a search visits and prunes.

How the graded student is known is told in ``course/shared/identity``, the
conventions in ``course/alphabeta/conventions``, and whose time limit holds
in ``course/shared/running``.

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

from .recording import RecordingGame, Runaway
from .timeout import TimeLimitExceeded
from .course.assignments import ASSIGNMENTS, exercise, problems
from .course.alphabeta.graded_trees import search_trees
from .course.chance.graded_trees import chance_trees
from .course.limits.positions import sample_positions
from .course.shared.batteries import with_shuffles
from .course.shared.blind import above_blind, blind_right
from .course.alphabeta.by_hand import assess_pruned
from .course.minimax.by_hand import assess_values
from .course.alphabeta.conventions import CONVENTIONS, Convention, reference_visits
from .course.shared.handins import only_notebooks
from .course.chance.expectimax_code import CHANCE_RULES, assess_expectimax
from .course.shared.grades import Grade
from .course.shared.identity import ANONYMOUS, autograding, id_from_path, student_id, student_seed
from .course.limits.manners import assess_evaluation
from .course.multiplayer.maxn_code import MAXN_MODELS, assess_maxn, maxn_trees
from .course.mcts.mcts_code import assess_mcts
from .course.multiplayer.graded_tree import MULTIPLAYER_MISTAKES, multiplayer_question, paranoid_tree, ties_last_values
from .course.multiplayer.by_hand import assess_maxn_values, assess_paranoid
from .course.shared.notebook import self_check
from .course.limits.originality import assess_originality, shipped_evaluations, unoriginal, unoriginal_values
from .course.mcts.graded_trees import mcts_trees
from .course.mcts.perspectives import PERSPECTIVES
from .course.shared.running import quiet
from .course.alphabeta.search_code import assess_search
from .course.limits.tournament import OPPONENTS, assess_tournament
from .course.mcts.ucb import assess_ucb, ucb_question
from .course.limits.whose_move import assess_whose_move, whose_move_pairs

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

