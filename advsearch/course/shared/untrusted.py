"""Looking at a student's value without trusting it: :func:`plain` before comparing, :func:`shown` to quote it.

A hand answer may be any object: one whose ``==`` says yes to everything (so
it would "equal" the right answer), whose ``repr`` raises, or a container
nested thousands deep.  A checker compares with ``==`` only values that are
:func:`plain`, made of the exact built-in types, whose ``==`` is the
language's own, and quotes any value with :func:`shown`, which never raises.

>>> class Yes:
...     def __eq__(self, other): return True
>>> plain((1, "a", [2.5, None])), plain(Yes()), plain([Yes()])
(True, False, False)
>>> shown("<b>" * 30, 20), shown(Yes())[:8]
("'<b><b><b><b><b><b>…", '<a Yes>')
"""

from __future__ import annotations

from fractions import Fraction

#: The types whose ``==`` and ``repr`` are the language's own, and the containers of them that count as plain.
ATOMS = (str, int, float, Fraction, bool, type(None))
CONTAINERS = (tuple, list, frozenset, set, dict)

#: How many items (all levels together) and how many levels a plain value may have.
MAX_ITEMS, MAX_DEPTH = 10_000, 20

#: Ints with more bits than this are not plain: Python refuses to print them (past 4,300 digits).
MAX_INT_BITS = 10_000


def plain(x) -> bool:
    """Whether ``x`` is made only of the exact types :data:`ATOMS` in the exact :data:`CONTAINERS`, and small."""
    todo, count = [(x, 0)], 0
    while todo:
        item, depth = todo.pop()
        count += 1
        if count > MAX_ITEMS or depth > MAX_DEPTH:
            return False
        kind = type(item)
        if kind is int and item.bit_length() > MAX_INT_BITS:
            return False
        if kind is Fraction and max(item.numerator.bit_length(), item.denominator.bit_length()) > MAX_INT_BITS:
            return False
        if kind in ATOMS:
            continue
        if kind not in CONTAINERS or count + len(item) > MAX_ITEMS:
            return False
        parts = [p for kv in item.items() for p in kv] if kind is dict else list(item)
        todo.extend((p, depth + 1) for p in parts)
    return True


def shown(x, width: int = 60) -> str:
    """``x`` as a message quotes it, at most ``width`` characters: its ``repr`` when it is :func:`plain`,
    else its type's name; never raises."""
    text = repr(x) if plain(x) else f"<a {type(x).__name__}>"
    return text if len(text) <= width else text[:width - 1] + "…"


def said(e: BaseException, width: int = 300) -> str:
    """What the exception ``e`` says (``str(e)``), at most ``width`` characters; never raises.

    A student's exception may define a ``__str__`` that raises or returns no string.

    >>> class Mute(Exception):
    ...     def __str__(self): raise RuntimeError("no")
    >>> said(ValueError("x" * 5), 4), said(Mute())
    ('xxx…', '(its message cannot be shown)')
    """
    try:
        text = str(e)
    except Exception:
        return "(its message cannot be shown)"
    if type(text) is not str:
        return "(its message cannot be shown)"
    return text if len(text) <= width else text[:width - 1] + "…"
