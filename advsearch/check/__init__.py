"""Answer checkers for the exercises: minimax values, pruned leaves, whole implementations.

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
  :meth:`~advsearch.result.Trace.visits`.

A checker never raises because of the student's answer: a missing answer
gives "Not answered yet", a wrong type a sentence saying what was expected,
and an exception in the student's code a message naming it.

The package holds one job a module: ``feedback`` (the Feedback and its
HTML), ``pictures`` (its PNG), ``wording`` and ``reading`` (how messages name
things, how answers are read), ``subtrees`` (the parts of a tree a checker
looks at), ``narration`` (why the search does what it does at a step),
``value_mistakes`` (the mistakes on chance nodes and payoff vectors),
``values_checker`` and ``pruned_checker``; and for implementations
``runs`` (running the student's code), ``battery`` (the trees and their
reference searches), ``mistakes`` (the typical mistakes as models),
``diagnosis`` (which one fits), ``divergence`` (the first step that parts
from the reference) and ``implementation_checker``.

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

from .feedback import Feedback
from .implementation_checker import TIME_PER_TREE, implementation
from .mistakes import MISTAKES as _SEARCH_MISTAKES
from .pruned_checker import pruned
from .value_mistakes import VALUE_MISTAKES
from .values_checker import values

#: Every mistake a checker can name, by key: those of searches and of hand-computed values.
MISTAKES = {**_SEARCH_MISTAKES, **VALUE_MISTAKES}

__all__ = ["Feedback", "MISTAKES", "TIME_PER_TREE", "values", "pruned", "implementation"]

# Checkers added for lectures 03-06: an import line and an ``__all__ +=`` line per module.
# [check: chance and max-n implementations]
# [check: uct]
# [check: evaluation and limits]
