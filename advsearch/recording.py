"""A game that passes every call on to another and logs what a search expands and scores.

The graders run a student's search through :class:`RecordingGame` and
compare its log with a reference search's: :mod:`advsearch.grading` for the
hidden tests of the assignments, :mod:`advsearch.check` (which also notes the
α and β in hand at each node) for the self-study checkers.
"""

from __future__ import annotations

import os
import sys

from . import timeout
from .game import MAX, GameView

__all__ = ["RecordingGame", "Runaway"]

_SEARCH_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "search") + os.sep


class Runaway(BaseException):
    """Raised when student code calls the game far more often than any search of the tree needs."""


class RecordingGame(GameView):
    """A game that passes every call on to another and logs which states a search expands and scores.

    ``log`` lists ``(kind, key)`` in call order: ``"expand"`` when
    ``actions`` (or ``chance_outcomes``) is asked at a state that has some, ``"score"`` when
    ``utility`` scores a state, ``"eval"`` when :meth:`evaluate` scores one.
    The key is the state's ``path`` when it has one (nodes of explicit trees
    do), else the state itself.  :meth:`visits` turns the log into the
    sequence of visits in the form of :meth:`Trace.visits
    <advsearch.result.Trace.visits>`, so that the two compare directly.

    Parameters
    ----------
    game : Game
        The game to wrap.
    limit : int, optional
        Raise :class:`Runaway` after this many calls.  Each call is also a
        :func:`~advsearch.timeout.checkpoint`, so that code searching through
        the game is stopped by a time limit where threads are missing.
    evaluate : callable, optional
        The evaluation :meth:`evaluate` passes calls on to (and logs).

    Examples
    --------
    >>> from advsearch import examples, alphabeta
    >>> g = RecordingGame(examples.two_ply())
    >>> alphabeta(g).value
    3
    >>> g.visits()[:4]
    [('expand', ()), ('expand', (0,)), ('score', (0, 0)), ('score', (0, 1))]
    >>> g.library_calls > 0                  # advsearch's own search made these calls
    True
    """

    def __init__(self, game, limit=None, evaluate=None):
        super().__init__(game)
        self.initial_state = game.initial_state
        self.num_players = getattr(game, "num_players", 2)
        self.log = []
        self.calls = 0
        self.limit = limit
        self.library_calls = 0
        self._evaluate = evaluate

    @staticmethod
    def key(state):
        """How the log names a state: its ``path``, or the state itself."""
        path = getattr(state, "path", None)
        return path if isinstance(path, tuple) else state

    def _tick(self):
        self.calls += 1
        if self.limit is not None and self.calls > self.limit:
            raise Runaway(self.limit)
        timeout.checkpoint()      # where threads are missing, the time limit is kept here (advsearch.timeout)
        # Who called the game: a search of advsearch.search itself counts as library use.
        caller = sys._getframe(2).f_code.co_filename
        if caller.startswith(_SEARCH_DIR):
            self.library_calls += 1

    def to_move(self, state):
        self._tick()
        return self.game.to_move(state)

    def is_terminal(self, state):
        self._tick()
        return self.game.is_terminal(state)

    def actions(self, state):
        self._tick()
        actions = self.game.actions(state)
        if actions:
            self.log.append(("expand", self.key(state)))
        return actions

    def result(self, state, action):
        self._tick()
        return self.game.result(state, action)

    def utility(self, state, player):
        self._tick()
        value = self.game.utility(state, player)
        self.log.append(("score", self.key(state)))
        return value

    def evaluate(self, state, player=MAX):
        """The wrapped evaluation, logged as ``"eval"``."""
        self._tick()
        if self._evaluate is None:
            raise ValueError("this RecordingGame was made without an evaluate function")
        self.log.append(("eval", self.key(state)))
        return self._evaluate(state, player)

    def chance_outcomes(self, state):
        self._tick()
        outcomes = self.game.chance_outcomes(state)
        if outcomes:
            self.log.append(("expand", self.key(state)))
        return outcomes

    def __repr__(self) -> str:
        return f"RecordingGame({self.game!r})"

    def visits(self) -> list:
        """The log as visits: repeated ``actions`` calls on one state, and one just before its score, dropped.

        A search may ask for the actions of a state more than once, or ask a
        leaf for its (empty) actions before scoring it; neither is a new visit.
        """
        out = []
        for item in self.log:
            kind, key = item
            if kind == "expand" and out and out[-1] == item:
                continue
            if kind != "expand" and out and out[-1] == ("expand", key):
                out.pop()
            out.append(item)
        return out
