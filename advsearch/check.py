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
- :func:`windows` checks the windows [α, β] alpha-beta gives every node it
  enters, on entry and when it returns, frame by frame against the trace,
  naming the first wrong bound;
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

For the lectures' "predict, then run" cells, :func:`prediction` compares a
student's guess with what the next cell computed.

For the Connect Four agent the coding exercises build in ``my_agent.py``:
:func:`agent_file` reads the file afresh and checks one step's function with
the checker above that its sheet uses, and :func:`agent_tryout` shows what
the agent can do after a sheet (``advsearch.contest.tryout`` tries the whole
file as the contest does).

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
  changes expectimax's move but never minimax's) and :func:`star1_windows`
  (the window Star1 gives each outcome of a chance node, by Ballard's
  formula);
- lecture 05: :func:`paranoid_values`, :func:`alliance`, :func:`root_move`
  and :func:`searcher_value` (paranoid, alliances, the move and value of
  max-n, paranoid and best-reply search);
- lecture 06: :func:`uct_selection`, :func:`uct_backup` and
  :func:`flat_monte_carlo` (a UCT step, a backup and flat Monte Carlo by
  hand, on a :class:`SelectionQuestion`, :class:`BackupQuestion` or
  :class:`FlatQuestion`), and ``implementation(fn, "uct")``.

Hand exercises on the seed notes' other examples: :func:`history` and
:func:`game_tree_size` (lecture 01's early history, plies and Shannon's
estimates, as a few named questions), :func:`search_graph` (the states
minimax or alpha-beta checks from a tic-tac-toe position, as in Eckroth's
search graphs), :func:`cuts` (where alpha-beta cuts and whether by α or β,
as Oommen's slides label their example), :func:`worth_searching` (lecture
03's metareasoning: which moves a deeper search could change) and
:func:`threat_ads` and :func:`reply_order` (lecture 05's Threat-ADS update
step and the order it gives Best-Reply Search).

Each checker lives in the folder of its lecture in :mod:`advsearch.course`
(``minimax/``, ``alphabeta/``, ``limits/``, ``chance/``, ``multiplayer/``,
``mcts/``), beside its named mistakes, its battery of trees, the practice
family it checks and the grader that turns its findings into points; what
they share (feedback, reading answers, running the student's code) is in
``course/shared``.

Limits
------
:func:`implementation` runs the student's code in-process, one tree at a
time, each within a time limit (``time_per_tree``, 3 s by default): a
loop that never ends, whether or not it calls the game, is stopped and
reported with the tree it ran on.  Code stuck in one long call into C (a
``time.sleep(30)``) is abandoned: the check returns in time, and the code
stops once that call returns.  In a browser tab (Pyodide, no threads) the
limit is kept at the code's calls and jumps (:mod:`advsearch.timeout`),
with the same report; a long call into C there runs to its end before the
check can say so.  The student's code may not call the
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

from .course.limits import deepening as deepening_checker
from .course.limits.deepening import DEEPENING_MISTAKES, check_deepening
from .course.limits.evaluation_match import EVALUATION_MISTAKES, evaluation
from .course.shared.feedback import Feedback
from .course.implementation import TIME_PER_TREE, implementation
from .course.limits.questions import LIMITS_MISTAKES, depth_limited, ordering_savings
from .course.limits.quiescence import quiescence
from .course.multiplayer.implementation import MAXN_MISTAKES
from .course.alphabeta.mistakes import MISTAKES as _SEARCH_MISTAKES
from .course.multiplayer.questions import MULTIPLAYER_MISTAKES, alliance, paranoid_values, root_move, searcher_value
from .course.alphabeta.pruned import pruned
from .course.alphabeta.windows import WINDOW_MISTAKES, windows
from .course.chance.star1_windows import STAR1_WINDOW_MISTAKES, star1_windows
from .course.chance.transformations import TRANSFORMATION_MISTAKES, monotonic_transformation
from .course.mcts.backups import uct_backup
from .course.mcts.flat import flat_monte_carlo
from .course.mcts.mistakes import UCT_MISTAKES
from .course.mcts.questions import BackupQuestion, FlatQuestion, SelectionQuestion
from .course.mcts.steps import uct_selection
from .course.mcts.uct_trees import uct_tree
from .course.minimax.value_mistakes import VALUE_MISTAKES
from .course.minimax.values import values
from .course.shared.prediction import prediction
from .course.alphabeta.cuts import cuts
from .course.limits.metareasoning import METAREASONING_MISTAKES, worth_searching
from .course.minimax.history import game_tree_size, history
from .course.minimax.search_graph import SEARCH_GRAPH_MISTAKES, search_graph
from .course.multiplayer.threat_ads import THREAT_ADS_MISTAKES, reply_order, threat_ads
from .course.agent.steps import agent_file
from .course.agent.tryouts import agent_tryout

#: Every mistake a checker can name, by key.
MISTAKES = {**_SEARCH_MISTAKES, **WINDOW_MISTAKES, **STAR1_WINDOW_MISTAKES, **VALUE_MISTAKES, **MAXN_MISTAKES, **DEEPENING_MISTAKES, **EVALUATION_MISTAKES,
            **LIMITS_MISTAKES, **TRANSFORMATION_MISTAKES, **MULTIPLAYER_MISTAKES, **UCT_MISTAKES}

MISTAKES.update({**SEARCH_GRAPH_MISTAKES, **METAREASONING_MISTAKES, **THREAT_ADS_MISTAKES})

__all__ = [
    "Feedback", "MISTAKES", "TIME_PER_TREE", "values", "pruned", "implementation", "prediction",
    # the agent file the coding exercises build
    "agent_file", "agent_tryout",
    # lecture 02
    "windows",
    # lecture 03
    "depth_limited", "evaluation", "quiescence", "ordering_savings", "check_deepening", "deepening_checker",
    # lecture 04
    "monotonic_transformation", "star1_windows",
    # lecture 05
    "paranoid_values", "alliance", "root_move", "searcher_value",
    # lecture 06
    "uct_selection", "uct_backup", "flat_monte_carlo", "SelectionQuestion", "BackupQuestion", "FlatQuestion",
    "uct_tree",
    # hand exercises on the seed notes' history, search graph, cuts, metareasoning and Threat-ADS
    "history", "game_tree_size", "search_graph", "cuts", "worth_searching", "threat_ads", "reply_order",
]
