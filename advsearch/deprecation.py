"""Old names kept for one release: they still work, with a DeprecationWarning naming the new one.

One idea has one name across the package (``time_limit`` for every time
budget, ``utility_range`` for payoff bounds, ``num_players`` for the player
count, ``stats.prunes`` for the prunes counted).  Names that used to differ
are accepted here until release 0.3 and then removed.  The one user left is
the graders' ``seconds=``, the old name of their ``time_limit=``
(``grading.running.seconds_renamed``); the searches', the checkers' and the
games' old names are gone.

>>> import warnings
>>> with warnings.catch_warnings(record=True) as seen:
...     warnings.simplefilter("always")
...     renamed("assess_search", "seconds", "time_limit", old=2.0, new=None)
2.0
>>> print(seen[0].message)
assess_search(seconds=...) is deprecated and will be removed in advsearch 0.3: use time_limit=... instead
>>> renamed("assess_search", "seconds", "time_limit", old=None, new=3.0)
3.0
"""

from __future__ import annotations

import warnings

__all__ = ["REMOVED_IN", "renamed", "warn_renamed"]

#: The release that drops the old names.
REMOVED_IN = "0.3"


def warn_renamed(old: str, new: str, stacklevel: int = 3) -> None:
    """Warn that ``old`` is an old name for ``new``."""
    warnings.warn(f"{old} is deprecated and will be removed in advsearch {REMOVED_IN}: use {new} instead",
                  DeprecationWarning, stacklevel=stacklevel)


def renamed(where: str, old_name: str, new_name: str, *, old, new, unset=None):
    """The value of a keyword argument that was renamed from ``old_name`` to ``new_name``.

    ``old`` and ``new`` are the values the caller passed under each name
    (``unset`` when not passed).  The old name warns; both at once is an error.

    >>> renamed("f", "a", "b", old=1, new=2)
    Traceback (most recent call last):
    ...
    TypeError: f() got both b= and a=: pass b= only (a= is its deprecated old name)
    """
    if old is unset:
        return new
    if new is not unset:
        raise TypeError(f"{where}() got both {new_name}= and {old_name}=: pass {new_name}= only "
                        f"({old_name}= is its deprecated old name)")
    warn_renamed(f"{where}({old_name}=...)", f"{new_name}=...", stacklevel=4)
    return old
