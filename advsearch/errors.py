"""The game protocol's error, :class:`GameError`, kept in the foundations.

:class:`GameError` says that a game, or the way it is used, breaks the
protocol; the package's errors about games derive from it
(``IllegalMoveError``, ``InvalidTreeError``, the arena's ``AgentError``) and
so does :class:`~advsearch.timeout.TimeLimitExceeded`.  It lives here, below
the game layer, so that ``timeout.py`` (foundations) can derive from it
without importing ``game.py``; its public home is still :mod:`advsearch.game`,
which re-exports it, and its ``__module__`` says so, so that tracebacks,
doctests and pickles name ``advsearch.game.GameError``.

>>> from advsearch.game import GameError as public
>>> public is GameError, GameError.__module__
(True, 'advsearch.game')
"""

from __future__ import annotations


class GameError(Exception):
    """A game was used in a way its rules do not allow, or a search could not proceed."""


GameError.__module__ = "advsearch.game"
