"""Answer checkers for the exercises of every lecture: values, pruned leaves, hand steps, whole implementations.

Each checker compares a student's answer with the reference search of this
package and returns a :class:`Feedback`: ``ok``, a few sentences of ``text``
that say *where* the answer parts from the reference and *why*, in the
lecture's terms, and, when a typical mistake is recognised, its key in
``mistake`` (see :data:`MISTAKES`).  In a notebook a Feedback shows itself as
HTML, with a small picture of the reference search at the step where the
answer goes astray.

- :func:`values` checks a dict of minimax values, ``{"B": 3, ...}``, against
  :meth:`Tree.values <advsearch.trees.Tree.values>`: expectations on chance
  trees (naming a plain mean, or chance played as MIN or MAX) and max-n
  payoff vectors with three or more players (naming the child best for
  another player, or a number given for a vector);
- :func:`pruned` checks the leaves alpha-beta never evaluates, against
  :meth:`Trace.unvisited_leaves <advsearch.result.Trace.unvisited_leaves>`;
  with ``algorithm="star1"`` those Ballard's Star1 never evaluates on a
  chance tree, with ``algorithm="shallow"`` those max-n's shallow pruning
  never evaluates (both given ``bounds=``);
- :func:`implementation` runs a student's ``fn(game, state)`` on a battery of
  trees through a recording wrapper of the game, and compares the order in
  which it expands nodes and scores leaves with the reference trace's
  :meth:`~advsearch.result.Trace.visits`, and what it returns with the
  reference value: minimax and alpha-beta (with depth-limited trials),
  expectimax and expectiminimax on chance trees (naming the chance rules and
  points of view above), max-n on three-player trees (naming the wrong
  component, ties broken for another child than the first, a number for a
  vector); ``"uct"`` and ``"iterative_deepening"`` go to their own checkers.

A checker never raises because of the student's answer: a missing answer
gives "Not answered yet", a wrong type a sentence saying what was expected,
and an exception in the student's code a message naming it.

For the other lectures' questions:

- lecture 03: :func:`depth_limited` (H-minimax values with Eval at the
  cut-off), :func:`evaluation` (a Connect Four evaluation played at once
  against reference agents, as ps2 grades it), :func:`quiescence` (which
  nodes a quiescence search extends), :func:`ordering_savings` (nodes with
  and without move ordering), and ``implementation(fn,
  "iterative_deepening")`` (:func:`check_deepening`);
- lecture 04: :func:`monotonic_transformation` (a transformation that
  changes expectimax's move but never minimax's);
- lecture 05: :func:`paranoid_values`, :func:`alliance`, :func:`root_move`
  and :func:`searcher_value` (paranoid, alliances, the move and value of
  max-n, paranoid and best-reply search);
- lecture 06: :func:`uct_selection`, :func:`uct_backup` and
  :func:`flat_monte_carlo` (a UCT step, a backup and flat Monte Carlo by
  hand, on a :class:`SelectionQuestion`, :class:`BackupQuestion` or
  :class:`FlatQuestion`), and ``implementation(fn, "uct")``.

The package holds one job a module.  Shared: ``feedback`` (the Feedback and
its HTML), ``pictures`` (its PNG), ``wording`` and ``reading`` (how messages
name things, how answers are read), ``subtrees``, ``narration`` (why the
search does what it does at a step, for feedback and for practice's worked solutions).  Hand-computed values and cuts:
``values_checker``, ``value_mistakes``, ``pruned_checker``.  Implementations:
``implementation_checker`` (which reads the arguments and hands each search
to its checker), ``runs`` (running the student's code), ``divergence`` (the
first step that parts from the reference), ``diagnosis`` and
``value_models`` (which mistake fits), and per search its battery of trees
and its mistakes: ``minimax_implementation`` with ``battery`` and
``mistakes``; ``chance_implementation`` with ``chance_battery``;
``maxn_implementation`` with ``maxn_battery``.  Lecture 03: ``deepening_checker``,
``evaluation_match``, ``limits_questions``, ``limits_quiescence``.  Lecture
04: ``transformations``.  Lecture 05: ``multiplayer_questions``,
``multiplayer_choices``.  Lecture 06, the ``uct_`` modules: ``uct_formula``,
``uct_trees``, ``uct_questions``, ``uct_steps``, ``uct_backups``,
``uct_flat``, ``uct_mistakes``, ``uct_perspectives``, ``uct_statistics``
and ``uct_implementation``.

Limits
------
:func:`implementation` runs the student's code in-process, one tree at a
time, each within a time limit (``time_per_tree``, 3 s by default): a
loop that never ends, whether or not it calls the game, is stopped and
reported with the tree it ran on.  Code stuck in one long call into C (a
``time.sleep(30)``) is abandoned: the check returns in time, and the code
stops once that call returns.  The student's code may not call the
package's own searches (:func:`~advsearch.search.base.forbid_searches`): the
exercise is to write one, and the graded version runs without advsearch.
Numbers in answers and return values must be plain ints, floats or
Fractions, the rule of the grader
(:func:`advsearch.answers.number_problem`).  The
bounds α and β a student's code holds are read from the local variables
named ``alpha``/``beta`` (or ``α``/``β``) of the function that calls
``game.actions``, to tell apart mistakes that visit the same nodes; code
with other names is still checked, only with less precise diagnoses.

Examples
--------
>>> from advsearch import check, examples
>>> t = examples.two_ply()
>>> print(check.values(t, {"A": 3, "B": 3, "C": 4, "D": 2}))
At C (MIN): its children are worth 2, 4 and 6, so C = min = 2; you wrote 4.
>>> check.pruned(t, [(1, 1), (1, 2)]).ok
True
"""

from __future__ import annotations

from . import deepening_checker
from .deepening_checker import DEEPENING_MISTAKES, check_deepening
from .evaluation_match import EVALUATION_MISTAKES, evaluation
from .feedback import Feedback
from .implementation_checker import TIME_PER_TREE, implementation
from .limits_questions import LIMITS_MISTAKES, depth_limited, ordering_savings
from .limits_quiescence import quiescence
from .maxn_implementation import MAXN_MISTAKES
from .mistakes import MISTAKES as _SEARCH_MISTAKES
from .multiplayer_questions import MULTIPLAYER_MISTAKES, alliance, paranoid_values, root_move, searcher_value
from .pruned_checker import pruned
from .transformations import TRANSFORMATION_MISTAKES, monotonic_transformation
from .uct_backups import uct_backup
from .uct_flat import flat_monte_carlo
from .uct_mistakes import UCT_MISTAKES
from .uct_questions import BackupQuestion, FlatQuestion, SelectionQuestion
from .uct_steps import uct_selection
from .uct_trees import uct_tree
from .value_mistakes import VALUE_MISTAKES
from .values_checker import values

#: Every mistake a checker can name, by key.
MISTAKES = {**_SEARCH_MISTAKES, **VALUE_MISTAKES, **MAXN_MISTAKES, **DEEPENING_MISTAKES, **EVALUATION_MISTAKES,
            **LIMITS_MISTAKES, **TRANSFORMATION_MISTAKES, **MULTIPLAYER_MISTAKES, **UCT_MISTAKES}

__all__ = [
    "Feedback", "MISTAKES", "TIME_PER_TREE", "values", "pruned", "implementation",
    # lecture 03
    "depth_limited", "evaluation", "quiescence", "ordering_savings", "check_deepening", "deepening_checker",
    # lecture 04
    "monotonic_transformation",
    # lecture 05
    "paranoid_values", "alliance", "root_move", "searcher_value",
    # lecture 06
    "uct_selection", "uct_backup", "flat_monte_carlo", "SelectionQuestion", "BackupQuestion", "FlatQuestion",
    "uct_tree",
]
