"""Reading a student's answer: the tree it is about, the nodes it names, the numbers it gives.

A checker never raises because of the answer: these helpers say what is
wrong with it in a sentence (:class:`BadItem`, :func:`value_type_problem`),
and :func:`blank` says when nothing has been answered yet.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ... import validation
from ...answers import close as same, number_problem
from ...game import CHANCE
from ...trees import Tree, parse, tree as make_tree
from .untrusted import shown
from .wording import and_list, article, cap, short_name


_PATH_TEXT = re.compile(r"\s*(\[\s*\d+\s*\])+\s*\Z|\s*\[\s*\]\s*\Z")


def as_tree(x, name="tree") -> Tree:
    """``x`` as a Tree; a TypeError that names the argument (``name``) when it is no tree at all."""
    if isinstance(x, Tree):
        return x
    if isinstance(x, str):
        return parse(x)
    if isinstance(x, list):
        return make_tree(x)
    raise TypeError(f"{name} must be a Tree, its text form or a nested list, not {x!r:.60} ({article(x)})")


def tree_list(trees, example: str) -> list:
    """The caller's test trees as Trees: a non-empty list or tuple, each read by :func:`as_tree`.

    ``example`` is a list to show in the error, like ``"['[[3 5] [2 9]]']"``.

    >>> [t.height for t in tree_list(["[[3 5] [2 9]]"], "[t]")]
    [2]
    >>> tree_list([], "[t]")
    Traceback (most recent call last):
    ...
    ValueError: trees must hold at least one tree to run the function on, but got []
    """
    if not isinstance(trees, (list, tuple)):
        raise TypeError(f"trees must be a list of trees, like [t] or {example}, not {trees!r:.60} ({article(trees)})")
    if not trees:
        raise ValueError(f"trees must hold at least one tree to run the function on, but got {trees!r}")
    return [as_tree(x, f"trees[{i}]") for i, x in enumerate(trees)]


def named_twice(t: Tree, every: dict) -> tuple:
    """``(paths, sentence)``: the nodes an answer names more than once with values that differ, and what to say.

    ``every`` maps a node's path to the ``(key, value)`` pairs read for it (a
    node may be named by label, by path and by path text).  Such a node has no
    one value, so it is never counted right: otherwise an answer could hedge,
    giving each node a guess under every name.

    >>> from advsearch import examples
    >>> t = examples.two_ply()
    >>> named_twice(t, {(1,): [("C", 2), ("[1]", 4)], (0,): [("B", 3), ((0,), 3)]})
    ({(1,)}, "You gave C two values, 2 (as 'C') and 4 (as '[1]'); give each node one value.")
    >>> named_twice(t, {(1,): [(f"[{'0' * k}1]", k) for k in range(1, 6)]})[1]
    "You gave C 5 values, 1 (as '[01]'), 2 (as '[001]'), 3 (as '[0001]') and 2 more; give each node one value."
    """
    def agree(x, y):
        if isinstance(x, tuple) and isinstance(y, tuple):
            return len(x) == len(y) and all(same(a, b) for a, b in zip(x, y))
        return not isinstance(x, tuple) and not isinstance(y, tuple) and same(x, y)

    paths = {p for p, pairs in every.items() if any(not agree(pairs[0][1], x) for _, x in pairs[1:])}
    if not paths:
        return set(), ""
    first = min(paths, key=lambda p: (len(p), p))
    pairs = every[first]
    listing = and_list([f"{x!r:.40} (as {k!r:.40})" for k, x in pairs[:3]]
                       + ([f"{len(pairs) - 3} more"] if len(pairs) > 3 else []))
    number = {2: "two", 3: "three"}.get(len(pairs), str(len(pairs)))
    more = f" ({len(paths) - 1} more node{'s are' if len(paths) > 2 else ' is'} named twice too)" if len(paths) > 1 else ""
    return paths, f"You gave {short_name(t, first)} {number} values, {listing}; give each node one value{more}."


def read_by_node(t: Tree, answer: Mapping, problem_of) -> tuple:
    """``(given, every, problems)``: an answer's values by node path, every ``(key, value)`` read for each path,
    and the sentences on what was refused, in the answer's order, each as ``(on_key, sentence)``.

    ``problem_of(key, x)`` returns ``(value, sentence)``: the value to keep,
    or a sentence refusing it, or ``(None, None)`` for a node left blank.

    >>> from advsearch import examples
    >>> as_number = lambda key, x: (x, value_type_problem(repr(key), x))
    >>> given, every, problems = read_by_node(examples.two_ply(), {"B": 3, "[1]": "2", "Z": 1}, as_number)
    >>> given, every
    ({(0,): 3}, {(0,): [('B', 3)]})
    >>> [on_key for on_key, _ in problems]
    [False, True]
    """
    given, every, problems = {}, {}, []
    for key, x in answer.items():
        try:
            path = locate(t, key)
        except BadItem as e:
            problems.append((True, cap(str(e)) + "."))
            continue
        x, problem = problem_of(key, x)
        if problem:
            problems.append((False, problem))
        elif x is not None:
            given[path] = x
            every.setdefault(path, []).append((key, x))
    return given, every, problems


def two_player(t: Tree, what: str):
    """A ValueError unless ``t`` is a two-player tree (``what`` names the checker)."""
    if t.num_players != 2:
        raise ValueError(f"check.{what} handles two-player trees, not a {t.num_players}-player tree")


def has_chance(t: Tree) -> bool:
    return any(n.player == CHANCE for n in t.nodes() if n.children)


#: A real number that is not a bool or NaN: :func:`advsearch.validation.is_number` itself, which the checkers
#: import from here.
is_number = validation.is_number


def blank(x) -> bool:
    """None, ``...``, or an empty container: nothing was answered."""
    if x is None or x is Ellipsis:
        return True
    # the built-in type's own len and values: a subclass's (a student's) may lie or raise
    kind = next((k for k in (dict, list, tuple, set, frozenset, str) if isinstance(x, k)), None)
    if kind is not None:
        return kind.__len__(x) == 0 or kind is dict and all(v is None or v is Ellipsis for v in dict.values(x))
    if isinstance(x, Mapping):
        try:
            return len(x) == 0 or all(v is None or v is Ellipsis for v in x.values())
        except Exception:       # a Mapping of the student's own that cannot be read has something in it
            return False
    return False


class BadItem(Exception):
    """An item of an answer that names no node (the message says why)."""


def locate(t: Tree, key):
    """The path of the node a key names: a label, a path tuple, or path text like "[1][2]".

    >>> from advsearch import examples
    >>> t = examples.two_ply()
    >>> locate(t, "C"), locate(t, (1, 2)), locate(t, "[1][2]")
    ((1,), (1, 2), (1, 2))
    >>> locate(t, "E")
    Traceback (most recent call last):
    ...
    advsearch.course.shared.reading.BadItem: there is no node 'E' in this tree (its labels are A, B, C and D)
    """
    if isinstance(key, str):
        key = str.__str__(key)          # a plain str: a subclass's own hash, == or repr has no say
        try:
            return t.node(key).path
        except KeyError:
            pass
        if _PATH_TEXT.match(key):
            digits = [d.lstrip("0") or "0" for d in re.findall(r"\d+", key)]
            if any(len(d) > 9 for d in digits):        # no tree has a billion children; int() caps digits
                raise BadItem(f"{shown(key, 40)} names no node of this tree")
            return checked_path(t, tuple(int(d) for d in digits), key)
        labels = sorted(n.label for n in t.nodes() if n.label)
        known = (f"its labels are {and_list(labels)}" if labels
                 else "it has no labels, so name nodes by path, like (1, 2)")
        raise BadItem(f"there is no node {shown(key)} in this tree ({known})")
    if type(key) in (tuple, list) and all(type(a) is int for a in key):      # exact ints: their own < and ==
        return checked_path(t, tuple(key), key)
    raise BadItem(f"{shown(key)} names no node: name a node by its label (a string such as 'B') or by its "
                  "path (a tuple of child indices such as (1, 2))")


def checked_path(t: Tree, path, key):
    """``path``, or a BadItem naming ``key`` when the path leaves the tree."""
    node = t.initial_state
    for a in path:
        if not 0 <= a < len(node.children):
            raise BadItem(f"the path {shown(key)} leaves the tree ({short_name(t, node.path)} has "
                          f"{len(node.children) or 'no'} children)")
        node = node.children[a]
    return path


def is_node_path(t: Tree, path) -> bool:
    try:
        checked_path(t, tuple(path), path)
        return True
    except BadItem:
        return False


def value_type_problem(who: str, x) -> str | None:
    """A sentence when ``x`` is not a number an answer may give, else None."""
    problem = number_problem(x)
    if problem is None:
        return None
    if isinstance(x, str):
        hint = ""
        try:
            float(x)
            hint = f"; write {x.strip()} without the quotes"
        except ValueError:
            pass
        return f"Your value for {who} is the text {x!r}, not a number{hint}."
    return f"Your value for {who} is refused: {problem}."
