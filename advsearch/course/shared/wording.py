"""How the checkers' messages name nodes, players and lists: "C's child 1 (leaf 4)", "2, 4 and 6"."""

from __future__ import annotations

from ...game import CHANCE, MAX, MIN
from ...result import format_number
from ...trees import Tree


#: A player as the messages name it.
PLAYER = {MAX: "MAX", MIN: "MIN", CHANCE: "CHANCE"}

_SENTENCE_WORDS = ("the ", "node ", "there ", "yours ", "it ", "at ", "every ")


def and_list(items) -> str:
    """``[2, 4, 6]`` -> ``"2, 4 and 6"``.

    >>> and_list([2, 4, 6]), and_list(["B"]), and_list([])
    ('2, 4 and 6', 'B', '')
    """
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def article(x) -> str:
    """"a list", "an int": the type of ``x`` with its article."""
    name = type(x).__name__
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def cap(s: str) -> str:
    """Start a sentence with a capital, but never change a node's label ("b1" stays "b1")."""
    return s[:1].upper() + s[1:] if s.startswith(_SENTENCE_WORDS) else s


def path_text(path) -> str:
    """``(1, 2)`` -> ``"[1][2]"``; the root's path is ``"[]"``."""
    return "".join(f"[{a}]" for a in path) or "[]"


def node_name(t: Tree, path) -> str:
    """How a message names a node: its label, "the root", "node [0][2]", or "C's child 1 (leaf 4)".

    >>> from advsearch import examples
    >>> t = examples.two_ply()
    >>> node_name(t, (1,)), node_name(t, (1, 1))
    ('C', "C's child 1 (leaf 4)")
    """
    node = t.node(path)
    if node.children:
        return node.label or ("the root" if not path else f"node {path_text(path)}")
    leaf = f"leaf {format_number(node.value)}"
    if node.label:
        return f"{node.label} ({leaf})"
    if not path:
        return f"the root ({leaf})"
    return f"{node_name(t, path[:-1])}'s child {path[-1]} ({leaf})"


def short_name(t: Tree, path) -> str:
    """A node's label, or its path ``[1][2]`` (for lists of nodes)."""
    label = t.node(path).label
    return label if label else ("the root" if not path else path_text(path))
