"""Answer checkers for the exercises: minimax values, pruned leaves, whole implementations.

Each checker compares a student's answer with the reference search of this
package and returns a :class:`Feedback`: ``ok``, a few sentences of ``text``
that say *where* the answer parts from the reference and *why*, in the
lecture's terms, and, when a typical mistake is recognised, its key in
``mistake`` (see :data:`MISTAKES`).  In a notebook a Feedback shows itself as
HTML, with a small picture of the reference search at the step where the
answer goes astray.

- :func:`values` checks a dict of minimax values, ``{"B": 3, ...}``;
- :func:`pruned` checks the leaves alpha-beta never evaluates;
- :func:`implementation` runs a student's ``fn(game, state)`` on a battery of
  trees through a recording wrapper of the game, and compares the order in
  which it expands nodes and scores leaves with the reference trace.

A checker never raises because of the student's answer: a missing answer
gives "Not answered yet", a wrong type a sentence saying what was expected,
and an exception in the student's code a message naming it.

Limits
------
:func:`implementation` runs the student's code in-process, one tree at a
time, each within a time limit (``seconds_per_tree``, 3 s by default): a
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

import base64
import html
import inspect
import io
import math
import numbers
import os
import random
import re
import sys
import traceback
from collections.abc import Mapping
from dataclasses import dataclass

from .answers import number_problem
from . import timeout
from .game import CHANCE, MAX, MIN
from .result import format_number
from .recording import RecordingGame, Runaway
from .search import alphabeta as _alphabeta, minimax as _minimax
from .search.base import SearchForbidden, forbid_searches
from .trees import Tree, parse, random_tree, tree as _make_tree

__all__ = ["Feedback", "MISTAKES", "values", "pruned", "implementation"]

inf = math.inf

#: The mistakes the checkers can name, by key, each with a short description.
MISTAKES = {
    "no_pruning": "alpha-beta was asked for, but the search never prunes and visits what minimax visits",
    "bounds_not_passed": "α and β never reach the children, so every node is searched with (−∞, +∞)",
    "swapped_bounds": "α and β swap roles",
    "bounds_updated_wrong_place": "α or β is updated in the wrong place, such as α at MIN nodes or β at MAX nodes",
    "prune_on_equal": "the search cuts on ties although the course cuts only strictly beyond the bound",
    "strict_pruning": "the search cuts only strictly beyond the bound although the course cuts on ties",
    "wrong_perspective": ("the values come from the wrong point of view, such as negated values, values for "
                          "the player to move, or MIN maximising"),
    "depth_off_by_one": "the depth limit searches one ply too deep or too shallow",
    "ignores_depth": "the depth limit is ignored",
    "expands_twice": "the same node is searched more than once",
    "unexpected_pruning": "minimax was asked for, but the search prunes like alpha-beta",
    "missed_subtree": "the leaves below a pruned node were not counted as pruned",
}

_f = format_number
_PLAYER = {MAX: "MAX", MIN: "MIN", CHANCE: "CHANCE"}
_ADVSEARCH_DIR = os.path.dirname(os.path.abspath(__file__))


# ------------------------------------------------------------------ Feedback


class Feedback:
    """What a checker says: ``ok``, ``text`` and the diagnosed ``mistake`` key (or None).

    ``str(feedback)`` is the text; in a notebook the feedback shows as HTML
    with, where it helps, a small picture of the reference search at the
    step where the answer parts from it.
    """

    __slots__ = ("ok", "text", "mistake", "_picture")

    def __init__(self, ok: bool, text: str, mistake: str | None = None, picture=None):
        self.ok = bool(ok)
        self.text = text
        self.mistake = mistake
        self._picture = picture     # (tree, trace or None, step, focus path, bounds) or None

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text

    def png(self) -> bytes | None:
        """The picture as PNG bytes, or None when this feedback has none."""
        if self._picture is None:
            return None
        try:
            return _render(*self._picture)
        except Exception:            # a picture is a nicety; never let it break the feedback
            return None

    def _repr_html_(self) -> str:
        if self.ok:
            colour, head = "#2e7d32", "✓"
        elif self.text.startswith("Not answered yet"):
            colour, head = "#757575", "…"
        else:
            colour, head = "#c62828", "✗"
        body = html.escape(self.text)
        png = self.png()
        img = ""
        if png is not None:
            data = base64.b64encode(png).decode("ascii")
            img = f'<br><img src="data:image/png;base64,{data}" style="max-width:480px" alt="reference search">'
        return (f'<div style="border-left:4px solid {colour};padding:4px 10px;margin:4px 0">'
                f'<b style="color:{colour}">{head}</b> {body}{img}</div>')


def _not_answered(what: str) -> Feedback:
    return Feedback(False, "Not answered yet: " + what)


# ------------------------------------------------------------- small helpers


def _as_tree(x, name="tree") -> Tree:
    """``x`` as a Tree; a TypeError that names the argument (``name``) when it is no tree at all."""
    if isinstance(x, Tree):
        return x
    if isinstance(x, str):
        return parse(x)
    if isinstance(x, list):
        return _make_tree(x)
    raise TypeError(f"{name} must be a Tree, its text form or a nested list, not {x!r:.60} ({_a(x)})")


def _two_player(t: Tree, what: str):
    if t.num_players != 2:
        raise ValueError(f"check.{what} handles two-player trees, not a {t.num_players}-player tree")


def _is_number(x) -> bool:
    return isinstance(x, numbers.Real) and not isinstance(x, bool) and not (
        isinstance(x, float) and math.isnan(x))


def _same(a, b) -> bool:
    if a == b:
        return True
    try:
        return math.isclose(float(a), float(b), rel_tol=1e-9, abs_tol=1e-9)
    except (TypeError, ValueError, OverflowError):
        return False


def _blank(x) -> bool:
    """None, ``...``, or an empty container: nothing was answered."""
    if x is None or x is Ellipsis:
        return True
    if isinstance(x, (Mapping, list, tuple, set, frozenset, str)) and len(x) == 0:
        return True
    if isinstance(x, Mapping) and all(v is None or v is Ellipsis for v in x.values()):
        return True
    return False


def _and(items) -> str:
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


_SENTENCE_WORDS = ("the ", "node ", "there ", "yours ", "it ", "at ", "every ")


def _a(x) -> str:
    """"a list", "an int": the type of ``x`` with its article."""
    name = type(x).__name__
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def _cap(s: str) -> str:
    """Start a sentence with a capital, but never change a node's label ("b1" stays "b1")."""
    return s[:1].upper() + s[1:] if s.startswith(_SENTENCE_WORDS) else s


def _path_text(path) -> str:
    return "".join(f"[{a}]" for a in path) or "[]"


def _name(t: Tree, path) -> str:
    """How a message names a node: its label, "the root", "node [0][2]", or "C's child 1 (leaf 4)"."""
    node = t.node(path)
    if node.children:
        return node.label or ("the root" if not path else f"node {_path_text(path)}")
    leaf = f"leaf {_f(node.value)}"
    if node.label:
        return f"{node.label} ({leaf})"
    if not path:
        return f"the root ({leaf})"
    return f"{_name(t, path[:-1])}'s child {path[-1]} ({leaf})"


def _short(t: Tree, path) -> str:
    """A node's label, or its path ``[1][2]`` (for lists of nodes)."""
    label = t.node(path).label
    return label if label else ("the root" if not path else _path_text(path))


_PATH_TEXT = re.compile(r"\s*(\[\s*\d+\s*\])+\s*\Z|\s*\[\s*\]\s*\Z")


class _BadItem(Exception):
    """An item of an answer that names no node (the message says why)."""


def _locate(t: Tree, key):
    """The path of the node a key names: a label, a path tuple, or path text like "[1][2]"."""
    if isinstance(key, str):
        try:
            return t.node(key).path
        except KeyError:
            pass
        if _PATH_TEXT.match(key):
            path = tuple(int(d) for d in re.findall(r"\d+", key))
            return _checked_path(t, path, key)
        labels = sorted(n.label for n in t.nodes() if n.label)
        known = f"its labels are {_and(labels)}" if labels else "it has no labels, so name nodes by path, like (1, 2)"
        raise _BadItem(f"there is no node {key!r} in this tree ({known})")
    if isinstance(key, (tuple, list)) and all(isinstance(a, int) and not isinstance(a, bool) for a in key):
        return _checked_path(t, tuple(key), key)
    raise _BadItem(f"{key!r} names no node: name a node by its label (a string such as 'B') or by its "
                   "path (a tuple of child indices such as (1, 2))")


def _checked_path(t: Tree, path, key):
    node = t.initial_state
    for a in path:
        if not 0 <= a < len(node.children):
            raise _BadItem(f"the path {key!r} leaves the tree ({_short(t, node.path)} has "
                           f"{len(node.children) or 'no'} children)")
        node = node.children[a]
    return path


def _postorder(node):
    for child in node.children:
        yield from _postorder(child)
    yield node


def _leaves_below(node):
    return [n for n in _postorder(node) if not n.children]


def _node_value(node, known=None):
    """Expecti/minimax value of a node for MAX; ``known`` overrides values by path."""
    if known is not None and node.path in known:
        return known[node.path]
    if not node.children:
        return node.value
    kids = [_node_value(c, known) for c in node.children]
    if node.player == CHANCE:
        return sum(p * v for p, v in zip(node.probs, kids))
    return max(kids) if node.player == MAX else min(kids)


def _true_values(t: Tree) -> dict:
    out = {}
    for node in _postorder(t.initial_state):
        if not node.children:
            out[node.path] = node.value
        else:
            kids = [out[c.path] for c in node.children]
            if node.player == CHANCE:
                out[node.path] = sum(p * v for p, v in zip(node.probs, kids))
            else:
                out[node.path] = max(kids) if node.player == MAX else min(kids)
    return out


def _value_type_problem(who: str, x) -> str | None:
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


# -------------------------------------------------------------------- values


def values(tree, answer) -> Feedback:
    """Check the minimax values a student wrote for the labelled nodes of a tree.

    Parameters
    ----------
    tree : Tree
        The exercise tree (or its text form).  Chance nodes take the
        expectation of their children.
    answer : dict or None
        ``{label: value}`` for the labelled inner nodes; keys may also be
        paths such as ``(1, 2)``.  Leaves are checked too when the answer
        gives them.  A tree without labels needs every inner node, by path.
        None, ``...`` or ``{}`` means not answered yet.

    Returns
    -------
    Feedback
        ``ok`` when every required node is right.  Otherwise the text names
        the first wrong node in bottom-up order (children before parents,
        left to right), with its children's values and whether it is MAX or
        MIN, and says which ancestors are wrong only because of it; then the
        unknown and the missing labels.  ``mistake`` is "wrong_perspective"
        when a MAX node was given the min of its children or the reverse.

    Examples
    --------
    >>> from advsearch import check, examples
    >>> t = examples.two_ply()
    >>> check.values(t, {"A": 3, "B": 3, "C": 2, "D": 2}).ok
    True
    >>> print(check.values(t, {"A": 4, "B": 3, "C": 4, "D": 2}))
    At C (MIN): its children are worth 2, 4 and 6, so C = min = 2; you wrote 4.
    Your A follows correctly from your values below it, so it will come right when the values below it are fixed.
    >>> print(check.values(t, None))
    Not answered yet: write a dict with the minimax value of each labelled node,
    like {'A': ..., 'B': ..., 'C': ..., 'D': ...}.
    """
    t = _as_tree(tree)
    _two_player(t, "values")
    labelled = [n.path for n in _postorder(t.initial_state) if n.children and n.label]
    required = labelled or [n.path for n in _postorder(t.initial_state) if n.children]
    example = "{" + ", ".join(f"{_key_repr(t, p)}: ..." for p in sorted(required, key=lambda p: (len(p), p))[:4])
    example += ", ...}" if len(required) > 4 else "}"
    if _blank(answer):
        return _not_answered(f"write a dict with the minimax value of each labelled node, like {example}.")
    if not isinstance(answer, Mapping):
        return Feedback(False, f"Your answer is {_a(answer)}; write a dict that maps each "
                               f"node to its value, like {example}.")

    given, unknown, problems = {}, [], []
    for key, x in answer.items():
        try:
            path = _locate(t, key)
        except _BadItem as e:
            unknown.append(_cap(str(e)) + ".")
            continue
        if x is None or x is Ellipsis:
            continue
        problem = _value_type_problem(repr(key), x)
        if problem:
            problems.append(problem)
            continue
        given[path] = x
    if problems:
        return Feedback(False, " ".join(problems[:3]) + " Write each value as a number: an int, a float or a "
                                                         "Fraction, like 3 or Fraction(7, 2).")

    true = _true_values(t)
    order = [n for n in _postorder(t.initial_state) if n.path in given]
    wrong = [n for n in order if not _same(given[n.path], true[n.path])]
    missing = sorted((p for p in required if p not in given), key=lambda p: (len(p), p))
    right = sorted((n.path for n in order if n not in wrong), key=lambda p: (len(p), p))
    parts, mistake, picture = [], None, None

    if wrong:
        first = wrong[0]
        sentence, mistake = _explain_value(t, first, true, given[first.path])
        parts.append(sentence)
        consistent, others = [], 0
        ancestors = {first.path[:i] for i in range(len(first.path))}
        for node in wrong[1:]:
            if node.path in ancestors and _same(given[node.path], _node_value(node, _below(given, node))):
                consistent.append(node)
            else:
                others += 1
        if consistent:
            names = _and(_short(t, n.path) for n in consistent)
            them = "them" if len(consistent) > 1 else "it"
            they = "they" if len(consistent) > 1 else "it"
            parts.append(f"Your {names} follow{'' if len(consistent) > 1 else 's'} correctly from your values "
                         f"below {them}, so {they} will come right when the values below {them} are fixed.")
        if others:
            parts.append(f"{others} more value{'s are' if others > 1 else ' is'} wrong further up or to the right.")
        picture = _values_picture(t, first.path)
    if unknown:
        parts.append(" ".join(unknown[:2]))
    if missing:
        names = _and(_short(t, p) for p in missing)
        if not wrong and not unknown:
            good = f"your values for {_and(_short(t, p) for p in right)} are right" if right else ""
            parts.append(f"So far so good{': ' + good if good else ''}. Still to fill in: {names}.")
        else:
            parts.append(f"Still to fill in: {names}.")
    if parts:
        return Feedback(False, " ".join(parts), mistake, picture)
    shown = [f"{_short(t, p)} = {_f(true[p])}" for p in sorted(required, key=lambda p: (len(p), p))]
    listing = _and(shown) if len(shown) <= 8 else f"all {len(shown)} values"
    return Feedback(True, f"Correct: {listing}.")


def _key_repr(t: Tree, path) -> str:
    label = t.node(path).label
    return repr(label) if label else repr(path)


def _below(given: dict, node) -> dict:
    """The student's own values below ``node`` (not at it), to recompute ``node`` from them."""
    return {p: v for p, v in given.items() if p != node.path}


def _explain_value(t: Tree, node, true, yours):
    """The sentence for a wrong value at ``node``, and the mistake key (or None)."""
    name = _name(t, node.path)
    if not node.children:
        return f"{_cap(_short(t, node.path))} is a leaf worth {_f(node.value)}; you wrote {_f(yours)}.", None
    kids = [true[c.path] for c in node.children]
    value = true[node.path]
    who = node.label if node.label else None
    if node.player == CHANCE:
        terms = " + ".join(f"{_f(p)}·{_f(v)}" for p, v in zip(node.probs, kids))
        return (f"At {name} (CHANCE): its value is the expectation of its children, "
                f"{terms} = {_f(value)}; you wrote {_f(yours)}."), None
    op = "max" if node.player == MAX else "min"
    worth = (f"its only child is worth {_f(kids[0])}" if len(kids) == 1
             else f"its children are worth {_and(_f(k) for k in kids)}")
    equals = f"{who} = {op} = {_f(value)}" if who else f"its value is {op} = {_f(value)}"
    text = f"At {name} ({_PLAYER[node.player]}): {worth}, so {equals}; you wrote {_f(yours)}."
    other = min(kids) if node.player == MAX else max(kids)
    if _same(yours, other):
        other_op, takes = ("min", "largest") if node.player == MAX else ("max", "smallest")
        text += (f" That is the {other_op} of its children, but {name} is a {_PLAYER[node.player]} node: "
                 f"it takes the {takes}.")
        return text, "wrong_perspective"
    return text, None


def _has_chance(t: Tree) -> bool:
    return any(n.player == CHANCE for n in t.nodes() if n.children)


def _values_picture(t: Tree, path):
    if _has_chance(t):
        return (t, None, None, path, False)
    trace = _minimax(t, trace=True).trace
    step = next(k for k, e in enumerate(trace) if e.path == path and e.kind in ("exit", "leaf"))
    return (t, trace, step, path, False)


# -------------------------------------------------------------------- pruned


def pruned(tree, answer, prune_on_equal=True) -> Feedback:
    """Check which leaves a student says alpha-beta never evaluates.

    Parameters
    ----------
    tree : Tree
        The exercise tree (or its text form), searched with children in their
        natural left-to-right order.
    answer : iterable or None
        The leaves alpha-beta never evaluates, each named by label (``"b3"``),
        by path (``(1, 2)``) or by path text (``"[1][2]"``).  Naming an inner
        node stands for all the leaves below it.  None or ``...`` means not
        answered yet; so does an empty answer when something is pruned.
    prune_on_equal : bool
        The course's cut test: True for v ≥ β / v ≤ α (the lecture's
        pseudocode), False for v > β / v < α.

    Returns
    -------
    Feedback
        When not ``ok``, the text names the first leaf, in search order,
        on which the answer and the search disagree: a leaf the search does
        evaluate (with α, β and the reason no cut happens), or a pruned leaf
        that is missing (with the cut that prunes it).  ``mistake`` is
        "strict_pruning" or "prune_on_equal" when the answer is right for the
        other cut test, and "missed_subtree" when only leaves below pruned
        inner nodes are missing.

    Examples
    --------
    >>> from advsearch import check, examples
    >>> t = examples.two_ply()
    >>> check.pruned(t, {(1, 1), (1, 2)}).ok, check.pruned(t, ["[1][1]", "[1][2]"]).ok
    (True, True)
    >>> print(check.pruned(t, [(1, 2)]))
    C (MIN): v = 2 ≤ α = 3, so MAX will never let play reach C: its remaining children 1 and 2 are pruned.
    So C's child 1 (leaf 4) is never evaluated; your answer misses it.
    """
    t = _as_tree(tree)
    _two_player(t, "pruned")
    eq = bool(prune_on_equal)
    trace = _alphabeta(t, prune_on_equal=eq, trace=True).trace
    scored = {e.path for e in trace if e.kind == "leaf"}
    leaves = t.leaves()
    reference = [n.path for n in leaves if n.path not in scored]
    how = "list the leaves that alpha-beta never evaluates, by label or by path, like [(1, 1), (1, 2)]"
    if answer is None or answer is Ellipsis:
        return _not_answered(how + ".")

    if isinstance(answer, str):
        items = [answer]
    elif isinstance(answer, tuple) and answer and all(isinstance(a, int) and not isinstance(a, bool)
                                                      for a in answer):
        items = [answer] if _is_node_path(t, answer) else list(answer)
    else:
        try:
            items = list(answer)
        except TypeError:
            return Feedback(False, f"Your answer is {_a(answer)}; give a list or set of "
                                   "leaves, by label or by path, like [(1, 1), (1, 2)].")
    if not items:
        if not reference:
            return Feedback(True, f"Correct: alpha-beta prunes nothing in this tree; it evaluates all "
                                  f"{len(leaves)} leaves.")
        return _not_answered(how + " (your answer is empty, but alpha-beta does prune in this tree).")

    numbers_given = [x for x in items if _is_number(x)]
    if numbers_given:
        return Feedback(False, f"You listed {_and(_f(x) for x in numbers_given[:3])}, which "
                               f"{'are numbers' if len(numbers_given) > 1 else 'is a number'}: name each leaf "
                               "by its label or by its path (the child indices from the root, like (1, 1)), "
                               "not by its value.")
    marked, via = set(), {}
    for item in items:
        try:
            path = _locate(t, item)
        except _BadItem as e:
            return Feedback(False, _cap(str(e)) + ".")
        node = t.node(path)
        for leaf in _leaves_below(node):
            marked.add(leaf.path)
            if node.children:
                via.setdefault(leaf.path, path)

    ref = set(reference)
    if marked == ref:
        names = [_name(t, p) for p in reference]
        listing = _and(names) if len(names) <= 6 else f"{_and(names[:5])} and {len(names) - 5} more"
        return Feedback(True, f"Correct: alpha-beta never evaluates {listing}; it scores "
                              f"{len(leaves) - len(names)} of the {len(leaves)} leaves.")

    narration = trace.narrate()
    diffs = [n.path for n in leaves if (n.path in marked) != (n.path in ref)]
    first = diffs[0]
    name = _name(t, first)
    if first in marked:
        k = next(i for i, e in enumerate(trace) if e.kind == "leaf" and e.path == first)
        e = trace[k]
        because = ""
        if first in via:
            because = f" (you named {_short(t, via[first])}, which stands for all the leaves below it)"
        text = (f"{_cap(name)} is evaluated{because}: when the search reaches it, α = {_f(e.alpha)} and "
                f"β = {_f(e.beta)}; {_why_reached(t, trace, k, eq)}.")
        picture = (t, trace, k, first, True)
    else:
        k, below = _covering_prune(trace, first)
        text = narration[k] + " " + (
            f"So {name} is never evaluated; your answer misses it." if not below else
            f"{_cap(name)} lies below the pruned child {first[len(trace[k].path)]}, so it is never evaluated "
            f"either; your answer misses it.")
        picture = (t, trace, k, first, True)

    mistake = None
    other = _alphabeta(t, prune_on_equal=not eq, trace=True).trace
    other_pruned = {n.path for n in leaves} - {e.path for e in other if e.kind == "leaf"}
    if marked == other_pruned:
        if eq:
            mistake = "strict_pruning"
            text += (" Your answer is what alpha-beta prunes if it cuts only when v is strictly beyond the "
                     "bound; the lecture's test is v ≥ β at MAX nodes and v ≤ α at MIN nodes, so a tie "
                     "is cut too.")
        else:
            mistake = "prune_on_equal"
            text += (" Your answer cuts on ties (v equal to α or β); here a node is cut only when v is "
                     "strictly beyond the bound (v > β at MAX nodes, v < α at MIN nodes).")
    elif marked < ref and all(_covering_prune(trace, p)[1] for p in ref - marked):
        mistake = "missed_subtree"
        text += " Count every leaf below a pruned node: none of them is evaluated."
    if len(diffs) > 1 and mistake is None:
        text += f" ({len(diffs) - 1} more {'leaves differ' if len(diffs) > 2 else 'leaf differs'} after it.)"
    return Feedback(False, text, mistake, picture)


def _is_node_path(t: Tree, path) -> bool:
    try:
        _checked_path(t, tuple(path), path)
        return True
    except _BadItem:
        return False


def _covering_prune(trace, path):
    """``(index, below)``: the prune event that cuts ``path`` off, and whether path lies deeper than the cut child."""
    for k, e in enumerate(trace):
        if e.kind == "prune" and len(e.path) < len(path) and path[:len(e.path)] == e.path \
                and path[len(e.path)] in e.pruned:
            return k, len(path) > len(e.path) + 1
    return None, False


def _why_reached(t: Tree, trace, k, eq) -> str:
    """Why the search goes on to the node of event ``k`` (an enter or leaf event): a clause."""
    path = trace[k].path
    if not path:
        return "every search starts at the root"
    parent = path[:-1]
    last = None
    for j in range(k - 1, -1, -1):
        e = trace[j]
        if e.path == parent and e.kind in ("enter", "update"):
            last = e
            break
    pname = _name(t, parent)
    if last is None or last.kind == "enter":
        return (f"it is {pname}'s first child, and a node always searches its first child "
                "(a cut can only come after a child has returned)")
    if last.alpha is None:
        return "minimax searches every child of every node"
    v = last.value
    who = _PLAYER.get(last.player, "?")
    if last.player == MAX:
        bound, name, holds, strict = last.beta, "β", "<", ">"
    else:
        bound, name, holds, strict = last.alpha, "α", ">", "<"
    if _same(v, bound) and not eq:
        test = f"v = {name} = {_f(v)}, and a cut here needs v {strict} {name} strictly"
    else:
        test = f"v = {_f(v)} {holds} {name} = {_f(bound)}"
    return f"at {pname} ({who}), after child {last.action} returned {_f(last.child_value)}, {test}, so no cut yet"


# --------------------------------------------------------- recording wrapper


_Runaway = Runaway     # stops student code that calls the game far more often than any search needs


_COMPREHENSIONS = ("<listcomp>", "<genexpr>", "<setcomp>", "<dictcomp>")
_WINDOW_NAMES = (("alpha", "beta"), ("α", "β"))


def _window_of(frame):
    """``(alpha, beta)`` from the local variables of the code that called ``game.actions``, if any."""
    while frame is not None and frame.f_code.co_name in _COMPREHENSIONS:
        frame = frame.f_back
    if frame is None:
        return None
    names = frame.f_locals
    for a, b in _WINDOW_NAMES:
        if a in names and b in names and _is_number(names[a]) and _is_number(names[b]):
            return (names[a], names[b])
    return None


class _Recording(RecordingGame):
    """The game of an explicit tree, recording (as :class:`~advsearch.recording.RecordingGame` does)
    which nodes a search expands and scores, and for each expanded node the α and β the caller held
    (``windows``).  Its ``evaluate`` is the made-up :func:`_heuristic` of the depth-limited trials.
    """

    def __init__(self, tree: Tree, limit: int):
        super().__init__(tree, limit=limit, evaluate=_heuristic)
        self.windows = {}

    def actions(self, state):
        actions = super().actions(state)
        if actions and state.path not in self.windows:
            self.windows[state.path] = _window_of(sys._getframe(1))
        return actions

    def __repr__(self) -> str:
        return repr(self.game)


def _heuristic(state, player=MAX):
    """A fixed, made-up Eval for the depth-limited trials: a number in -9..9 from the node's path."""
    h = (sum((i + 3) * (a + 1) for i, a in enumerate(state.path)) * 7 + 5) % 19 - 9
    return h if player == MAX else -h


@dataclass
class _Run:
    seq: list
    windows: dict
    value: object
    error: BaseException | None
    calls: int


#: Why the student's function may not call the package's searches (they raise a GameError that gives it).
_OWN_SEARCH_ONLY = ("the exercise is to write the search yourself, through game.actions, game.result and "
                   "game.utility; the grader runs your function without advsearch, so a call to the package's "
                   "search earns no points")


def _run(fn, t: Tree, depth=None, kwargs=None, seconds=None, what="the search") -> _Run:
    """Run ``fn(game, root)`` on a recording game of ``t``, without the package's searches, within ``seconds``.

    An error, a time-out (naming ``what``) included, is kept in the run, not raised.
    """
    game = _Recording(t, limit=100 * len(t) + 1000)
    extra = dict(kwargs or {})
    if depth is not None:
        extra.update(depth=depth, evaluate=game.evaluate)
    value, error = None, None
    try:
        with forbid_searches(_OWN_SEARCH_ONLY):
            value = timeout.call(fn, game, t.initial_state, seconds=seconds, what=what, **extra)
    except _Runaway as e:
        error = e
    except (Exception, SystemExit) as e:      # the student's bug, reported in words
        error = e
    return _Run(game.visits(), game.windows, value, error, game.calls)


# ------------------------------------------------------------ mistake models


@dataclass(frozen=True)
class _Model:
    """One deliberate mistake, as switches on the lecture's ALPHA-BETA (or minimax when prune is False)."""

    key: str
    detail: str
    prune: bool = True
    ties: tuple | None = None      # (cut on ties at MAX, at MIN); None: the course's setting
    window: tuple = (-inf, inf)    # the root's (alpha, beta)
    down: str = "pass"             # children get "pass" (alpha, beta), "swap" (beta, alpha) or "fresh"
    update: str = "own"            # "own", "other" (β at MAX, α at MIN), "other_first" (before the test)
    test: str = "own"              # "own": MAX tests β, MIN tests α; "other": the reverse
    take: str = "right"            # "right", "max" (MIN maximises too), "min", "swapped"
    leaf: str = "max"              # leaves scored for "max" or for the player "to_move"


def _model_search(game, state, alpha, beta, m: _Model, ties):
    """The lecture's alpha-beta, with the mistake described by ``m`` switched on."""
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state) if m.leaf == "to_move" else MAX)
    is_max = game.to_move(state) == MAX
    take = {"right": max if is_max else min, "max": max, "min": min, "swapped": min if is_max else max}[m.take]
    v = -inf if take is max else inf
    for a in game.actions(state):
        down = {"pass": (alpha, beta), "swap": (beta, alpha), "fresh": (-inf, inf)}[m.down]
        v = take(v, _model_search(game, game.result(state, a), *down, m, ties))
        if m.update == "other_first":
            if is_max:
                beta = min(beta, v)
            else:
                alpha = max(alpha, v)
        if m.prune:
            tie = ties[0] if is_max else ties[1]
            if is_max:
                bound = beta if m.test == "own" else alpha
                if v > bound or (tie and v == bound):
                    return v
            else:
                bound = alpha if m.test == "own" else beta
                if v < bound or (tie and v == bound):
                    return v
        if m.update == "own":
            if is_max:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
        elif m.update == "other":
            if is_max:
                beta = min(beta, v)
            else:
                alpha = max(alpha, v)
    return v


def _models(algorithm: str, eq: bool) -> list:
    """The mistake models to compare a failing function with, most specific first."""
    if algorithm == "minimax":
        return [
            _Model("unexpected_pruning", "it cuts on ties", ties=(True, True)),
            _Model("unexpected_pruning", "it cuts strictly", ties=(False, False)),
            _Model("wrong_perspective", "lets MIN nodes take the max of their children", prune=False, take="max"),
            _Model("wrong_perspective", "lets MAX nodes take the min of their children", prune=False, take="min"),
            _Model("wrong_perspective", "lets MAX nodes take the min and MIN nodes the max", prune=False,
                   take="swapped"),
            _Model("wrong_perspective", "scores leaves for the player to move, utility(state, to_move(state)), "
                                        "instead of for MAX", prune=False, leaf="to_move"),
        ]
    models = []
    for ties in [(not eq, not eq), (eq, not eq), (not eq, eq)]:
        differ = [name for name, tie in zip(("MAX", "MIN"), ties) if tie != eq]
        detail = "at " + " and ".join(differ) + " nodes"
        models.append(_Model("strict_pruning" if eq else "prune_on_equal", detail, ties=ties))
    models += [
        _Model("no_pruning", "no cut test ever fires", prune=False),
        _Model("bounds_not_passed", "children always get α = −∞, β = +∞", down="fresh"),
        _Model("swapped_bounds", "the search starts with α = +∞, β = −∞", window=(inf, -inf)),
        _Model("swapped_bounds", "each child is called with (β, α) instead of (α, β)", down="swap"),
        _Model("swapped_bounds", "MAX nodes test v against α and MIN nodes against β", test="other"),
        _Model("bounds_updated_wrong_place", "MAX nodes lower β and MIN nodes raise α", update="other"),
        _Model("bounds_updated_wrong_place", "MAX nodes lower β and MIN nodes raise α before the cut test",
               update="other_first"),
        _Model("wrong_perspective", "lets MIN nodes take the max of their children", take="max"),
        _Model("wrong_perspective", "lets MAX nodes take the min and MIN nodes the max", take="swapped"),
        _Model("wrong_perspective", "scores leaves for the player to move, utility(state, to_move(state)), "
                                    "instead of for MAX", leaf="to_move"),
    ]
    return models


def _perspectives():
    """Values-only mistakes: ``(detail, value_of_tree)``, for code whose visits may be right."""
    def plain(take="right", leaf="max"):
        def value(node):
            if not node.children:
                return -node.value if leaf == "to_move" and node.player == MIN else node.value
            kids = [value(c) for c in node.children]
            is_max = node.player == MAX
            pick = {"right": max if is_max else min, "max": max, "min": min,
                    "swapped": min if is_max else max}[take]
            return pick(kids)
        return lambda t: value(t.initial_state)

    true = plain()
    return [
        ("returns the value negated, for MIN instead of for MAX", lambda t: -true(t)),
        ("returns the value for the player to move at the root (for MIN at a MIN root) instead of for MAX",
         lambda t: true(t) if t.initial_state.player == MAX else -true(t)),
        ("lets MIN nodes take the max of their children", plain(take="max")),
        ("lets MAX nodes take the min of their children", plain(take="min")),
        ("lets MAX nodes take the min and MIN nodes the max", plain(take="swapped")),
        ("scores leaves for the player to move, utility(state, to_move(state)), instead of for MAX",
         plain(leaf="to_move")),
    ]


def _explanation(key: str, detail: str, eq: bool) -> str:
    ge, le = ("≥", "≤") if eq else (">", "<")
    return {
        "no_pruning": (f"Your function never prunes: it visits exactly the nodes minimax visits. After each child "
                       f"a MAX node must stop as soon as v {ge} β, and a MIN node as soon as v {le} α; check the "
                       "cut tests, and that α and β are updated and passed down to the children."),
        "bounds_not_passed": ("α and β never reach the children: every node is searched with "
                              "α = −∞, β = +∞, "
                              "so nothing can ever be cut. Pass the node's current α and β down to each child, "
                              "and narrow them after each child returns: a MAX node raises α = max(α, v), a MIN "
                              "node lowers β = min(β, v)."),
        "swapped_bounds": (f"α and β are swapped ({detail}). α is the value MAX can already force: it is raised "
                           f"at MAX nodes and tested at MIN nodes (v {le} α); β is MIN's: lowered at MIN nodes "
                           f"and tested at MAX nodes (v {ge} β)."),
        "bounds_updated_wrong_place": (f"α and β are updated in the wrong place ({detail}): a MAX node raises "
                                       f"α = max(α, v) after its cut test v {ge} β, and a MIN node lowers "
                                       f"β = min(β, v) after v {le} α; a MAX node never changes β, "
                                       "nor a MIN node α."),
        "prune_on_equal": (f"You cut on ties ({detail}): in this exercise a node is cut only when v is strictly "
                           "beyond the bound (v > β at MAX nodes, v < α at MIN nodes), not when v equals it."),
        "strict_pruning": (f"You cut only when v is strictly beyond the bound ({detail}), but the lecture's test is "
                           "v ≥ β at MAX nodes and v ≤ α at MIN nodes: a tie is cut too."),
        "wrong_perspective": (f"The values are from the wrong point of view: your function {detail}. Values are "
                              "always for MAX: MAX nodes take the max of their children, MIN nodes the min, and "
                              "leaves are scored with game.utility(state, MAX)."),
        "depth_off_by_one": (f"The depth limit is off by one: your search goes one ply too {detail}. The root is "
                             "ply 0; with depth=d, the nodes at ply d are scored with evaluate(state, MAX) "
                             "and not expanded."),
        "ignores_depth": ("Your function ignores the depth limit: with depth=d it still searches down to the "
                          "terminal states. Stop at ply d and score the node with evaluate(state, MAX)."),
        "expands_twice": (f"Your function searches the same node more than once ({detail}); typically it calls the "
                          "search on a child twice, once to compare and once more to keep the value. Call it once "
                          "per child and store the result in a variable."),
        "unexpected_pruning": ("Your function prunes like alpha-beta, but this exercise asks for plain minimax, "
                               "which searches every child of every node."),
    }[key]


# ------------------------------------------------------------ the battery


#: Explicit trees every implementation is checked on first, small ones first.
_FIXED_TREES = (
    "A[B[3 12 8] C[2 4 6] D[14 5 2]]",                                     # the lecture's two-ply tree
    "[[3 5] [3 1] [4 3 2]]",                                               # ties at MIN nodes
    ":min[[3 1] [3 5] [2 4]]",                                             # MIN root, ties at MAX nodes
    "[[[3 5] [6 9]] [[1 2] [0 -1]]]",                                      # a deep cut and a pruned subtree
    "[[3 [5 1]] 4 [[2 8] 6 [1 9 0]]]",                                     # uneven: leaves at several depths
    ":min[[3 1] [3 5] [8 [2 7]]]",                                         # MIN root, uneven
    "[[[2 3] [5 9] [0 -1]] [[7 4] [2 1] [5 6]] [[8 3] [4 6]]]",            # exercise-style, three plies
    "[[[[3 17] [2 12]] [[15 25] [0 2]]] [[[2 5] [3 2]] [[14 2] [6 3]]]]",  # exercise-style, four plies
)


def _battery(seed) -> list:
    trees = [parse(s) for s in _FIXED_TREES]
    rng = random.Random(seed)
    for i in range(30):
        depth = 2 + i % 4
        root = MIN if i % 5 == 4 else MAX
        trees.append(random_tree((2, 3), depth, seed=rng.randrange(2 ** 32), low=0, high=9, root=root))
    return trees


@dataclass
class _Trial:
    tree: Tree
    depth: int | None
    trace: object
    seq: list
    value: object
    windows: dict


def _reference(t: Tree, algorithm: str, eq: bool, depth=None) -> _Trial:
    kw = {} if depth is None else {"depth": depth, "evaluate": _heuristic}
    if algorithm == "alphabeta":
        r = _alphabeta(t, prune_on_equal=eq, trace=True, **kw)
    else:
        r = _minimax(t, trace=True, **kw)
    seq = _trace_seq(r.trace)
    windows = {e.path: (e.alpha, e.beta) for e in r.trace if e.kind == "enter" and e.alpha is not None}
    return _Trial(t, depth, r.trace, seq, r.value, windows)


def _trace_seq(trace) -> list:
    return [("expand", e.path) if e.kind == "enter" else ("score" if e.player is None else "eval", e.path)
            for e in trace if e.kind in ("enter", "leaf")]


def _windows_agree(yours: dict, ref: dict, t: Tree) -> bool:
    """Whether the α, β your code held agree with ``ref`` wherever both are known (negamax windows allowed)."""
    for path, w in yours.items():
        if w is None or path not in ref:
            continue
        a, b = ref[path]
        if _same(w[0], a) and _same(w[1], b):
            continue
        if t.node(path).player == MIN and _same(w[0], -b) and _same(w[1], -a):
            continue
        return False
    return True


# ------------------------------------------------------------ implementation


#: Mistakes about α and β, diagnosed more surely when the code's alpha and beta can be read.
_WINDOW_MISTAKES = ("bounds_not_passed", "swapped_bounds", "bounds_updated_wrong_place")

_VERB = {"expand": "expanded", "score": "scored", "eval": "scored with Eval"}
_VERB_NOW = {"expand": "expands", "score": "scores", "eval": "scores with Eval"}
_GERUND = {"expand": "expanding", "score": "scoring", "eval": "scoring"}


def _did(kind: str, name: str) -> str:
    """"expanded C", "scored C's child 1 (leaf 4)", "scored node [0] with Eval"."""
    return f"scored {name} with Eval" if kind == "eval" else f"{_VERB[kind]} {name}"


def implementation(fn, algorithm="minimax", *, prune_on_equal=True, trees=None, seed=0,
                   seconds_per_tree=3.0) -> Feedback:
    """Check a student's search function by what it does on a battery of trees.

    ``fn(game, state)`` must return the minimax value of ``state`` for MAX.
    It runs on each tree through a recording wrapper of the game, which notes
    in order every node whose ``actions`` it asks for (an expansion) and every
    leaf it scores with ``utility``; the result is compared with the enter and
    leaf events of the reference trace of :func:`~advsearch.minimax` or
    :func:`~advsearch.alphabeta`, and the values with the reference values.
    The function may not call the package's own searches: they raise a
    GameError there, which the feedback reports.

    Parameters
    ----------
    fn : callable
        ``fn(game, state) -> number``.  If it also takes ``depth`` and
        ``evaluate`` keyword arguments, depth-limited trials
        ``fn(game, state, depth=d, evaluate=f)`` are run too, against the
        reference search with the same limit and ``f(state, player)``.
    algorithm : {"minimax", "alphabeta"}
        The search the function should perform.
    prune_on_equal : bool
        For alpha-beta, the course's cut test: True for v ≥ β / v ≤ α (the
        lecture's pseudocode), False for v > β / v < α.
    trees : list, optional
        At least one tree (a Tree, its text form or a nested list) to use
        instead of the default battery: the lecture's two-ply
        tree, exercise-style trees of three and four plies, uneven trees, MIN
        roots, trees with ties, and 30 random trees of depth 2 to 5 from
        :func:`~advsearch.random_tree`, seeded from ``seed``.
    seed : int
        Seed of the random trees of the default battery.
    seconds_per_tree : float or None
        How long the function may run on one tree (each depth-limited trial
        too) before it is stopped and the feedback names the tree; None for
        no limit.  Any search of these trees takes milliseconds.

    Returns
    -------
    Feedback
        When not ``ok``, the text names the first tree (in its text
        form) and the first step on it where the function parts from the
        reference: what the reference does there and why, and what the
        function did.  ``mistake`` names a recognised mistake, one of
        :data:`MISTAKES`.  Exceptions raised by ``fn`` are reported by type,
        message and line, never raised.

    Raises
    ------
    ValueError
        For an unknown ``algorithm``, an empty list of ``trees``, a tree that
        is not for two players, or a ``seconds_per_tree`` that is not a
        positive number.
    TypeError
        When ``trees`` is not a list of trees.

    Notes
    -----
    Code that keeps calling the game long after a search would have finished
    is stopped and reported, and so is code that runs past
    ``seconds_per_tree``.  The function runs in a worker thread; code stuck
    in one long call into C (``time.sleep``) stops when that call returns.

    Examples
    --------
    >>> from advsearch import check, MAX
    >>> def minimax_value(game, state):
    ...     if game.is_terminal(state):
    ...         return game.utility(state, MAX)
    ...     values = [minimax_value(game, game.result(state, a)) for a in game.actions(state)]
    ...     return max(values) if game.to_move(state) == MAX else min(values)
    >>> check.implementation(minimax_value, "minimax").ok
    True
    >>> fb = check.implementation(minimax_value, "alphabeta")
    >>> fb.ok, fb.mistake
    (False, 'no_pruning')
    >>> def stub(game, state):
    ...     raise NotImplementedError
    >>> print(check.implementation(stub))  # doctest: +ELLIPSIS
    Not answered yet: ...

    A function that never returns is stopped after ``seconds_per_tree``:

    >>> def endless(game, state):
    ...     while True:
    ...         pass
    >>> print(check.implementation(endless, seconds_per_tree=0.1))  # doctest: +ELLIPSIS
    On test tree 1 of 38, the tree A[B[3 12 8] C[2 4 6] D[14 5 2]], your function did not return within 0.1 s ...
    >>> check.implementation(minimax_value, trees=[])
    Traceback (most recent call last):
    ...
    ValueError: trees must hold at least one tree to run the function on, but got []
    """
    if algorithm not in ("minimax", "alphabeta"):
        raise ValueError(f"algorithm must be 'minimax' or 'alphabeta', not {algorithm!r}")
    seconds = timeout.check_budget("seconds_per_tree", seconds_per_tree)
    battery = _battery(seed) if trees is None else _test_trees(trees)
    eq = bool(prune_on_equal)
    what = "the minimax value" if algorithm == "minimax" else "the alpha-beta value"
    if fn is None or fn is Ellipsis:
        return _not_answered(f"write a function fn(game, state) that returns {what} of state for MAX.")
    if not callable(fn):
        return Feedback(False, f"Your answer is {_a(fn)}; it should be a function "
                               "fn(game, state) that returns the value for MAX.")
    takes_depth, main_kwargs, problem = _signature(fn)
    if problem:
        return Feedback(False, problem)
    mains = [_reference(t, algorithm, eq) for t in battery]
    limited = []
    if takes_depth:
        deep = [t for t in battery if t.height >= 3][:4]
        limited = [_reference(t, algorithm, eq, depth=d) for t in deep for d in (1, 2)]

    runs = []
    for trial in mains + limited:
        kwargs = main_kwargs(trial.tree) if trial.depth is None else None
        which = f"test tree {battery.index(trial.tree) + 1} of {len(battery)}"
        run = _run(fn, trial.tree, trial.depth, kwargs, seconds=seconds, what=which)
        if isinstance(run.error, _Runaway) and _repeat(run.seq) is not None:
            # Searching children twice at every level multiplies the work by 2 per ply: not a loop.
            return _twice(trial, run, algorithm, eq, stopped=True)
        stop = _run_problem(trial, run)
        if stop is not None:
            return stop
        runs.append(run)

    failing = [k for k, (trial, run) in enumerate(zip(mains + limited, runs))
               if run.seq != trial.seq or not _same(run.value, trial.value)]
    if not failing:
        if algorithm == "alphabeta":
            how = "visits exactly the nodes alpha-beta visits, in the same order"
            test = "v ≥ β / v ≤ α" if eq else "v > β / v < α"
            how += f" (cutting when {test})"
        else:
            how = "visits every node in the same order as minimax"
        extra = f", and {len(limited)} depth-limited searches" if limited else ""
        return Feedback(True, f"Correct: on all {len(mains)} test trees{extra}, your function returns the "
                              f"right value and {how}.")

    n = len(mains)
    main_runs, limited_runs = runs[:n], runs[n:]
    mistake, detail, also = _diagnose(algorithm, eq, mains, main_runs, limited, limited_runs)
    if mistake in ("depth_off_by_one", "ignores_depth"):
        k = next((k for k in failing if k >= n), failing[0])
    else:
        k = failing[0]
    trial, run = (mains + limited)[k], runs[k]
    if mistake == "expands_twice":
        k = next(k for k, r in enumerate(runs) if _repeat(r.seq) is not None)
        return _twice((mains + limited)[k], runs[k], algorithm, eq)
    story, picture = _explain_trial(trial, run, algorithm, eq)
    lead = _explanation(mistake, detail, eq) + " " if mistake else ""
    if mistake in _WINDOW_MISTAKES and not any(w for r in main_runs for w in r.windows.values()):
        lead = "It looks as if " + lead      # inferred from the visits alone: α and β were not seen
    if also:
        lead += f"Another mistake gives exactly the same visits: {MISTAKES[also]}. "
    return Feedback(False, lead + story, mistake, picture)


def _test_trees(trees) -> list:
    """The caller's test trees as Trees: a non-empty list of two-player trees, or an error that says why not."""
    if not isinstance(trees, (list, tuple)):
        raise TypeError(f"trees must be a list of trees, like [t] or ['[[3 5] [2 9]]'], not {trees!r:.60} "
                        f"({_a(trees)})")
    if not trees:
        raise ValueError(f"trees must hold at least one tree to run the function on, but got {trees!r}")
    out = [_as_tree(x, f"trees[{i}]") for i, x in enumerate(trees)]
    for i, t in enumerate(out):
        _two_player(t, "implementation")
        if _has_chance(t):
            raise ValueError(f"trees[{i}] has chance nodes, but check.implementation checks minimax and "
                             f"alpha-beta, which need trees of MAX and MIN nodes only; got {t}")
    return out


def _twice(trial: _Trial, run: _Run, algorithm, eq, stopped=False) -> Feedback:
    """The feedback for a function that searches some node more than once."""
    detail = f"for example {_name(trial.tree, _repeat(run.seq)[1])}"
    story, picture = _explain_trial(trial, run, algorithm, eq)
    if stopped:
        story += (f" On this tree it made more than {run.error.args[0]} calls to the game, and was stopped: "
                  "each repeated search doubles the work below it.")
    return Feedback(False, _explanation("expands_twice", detail, eq) + " " + story, "expands_twice", picture)


def _signature(fn):
    """``(takes_depth, main_kwargs, problem)``: how to call ``fn``, or a sentence on why it cannot be."""
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False, lambda t: {}, None
    keywordable = {name for name, p in params.items()
                   if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
    takes_depth = {"depth", "evaluate"} <= keywordable
    sig = inspect.signature(fn)
    try:
        sig.bind(None, None)
        return takes_depth, lambda t: {}, None
    except TypeError:
        pass
    if takes_depth:
        try:
            sig.bind(None, None, depth=1, evaluate=None)
            return True, lambda t: {"depth": t.height + 1, "evaluate": _heuristic}, None
        except TypeError:
            pass
    shown = "(" + ", ".join(params) + ")"
    return False, None, (f"Your function takes the arguments {shown}; it should take two, (game, state), "
                         "and return the value of state for MAX.")


def _run_problem(trial: _Trial, run: _Run) -> Feedback | None:
    """Feedback when the run raised or returned something that is not a number; else None."""
    on = f"On the tree {trial.tree}" + (f" with depth={trial.depth}" if trial.depth is not None else "")
    e = run.error
    if isinstance(e, NotImplementedError):
        return _not_answered("your function raises NotImplementedError. Replace that line with your search, "
                             "a function of (game, state) that returns the value for MAX.")
    if isinstance(e, _Runaway):
        return Feedback(False, f"{on}, your function made more than {e.args[0]} calls to the game without "
                               f"returning, on a tree of only {len(trial.tree)} nodes: it seems to loop forever. "
                               "Check that every loop moves on and that every recursion reaches a terminal state.")
    if isinstance(e, timeout.TimeLimitExceeded):
        return _too_slow(trial, e)
    if isinstance(e, SearchForbidden):
        return Feedback(False, f"{on}, your function called the package's own search{_where(e)}: {e}.")
    if e is not None:
        hint = ""
        if isinstance(e, ValueError) and "empty" in str(e):
            hint = (" Perhaps it asked for the max or min over the children of a leaf: test "
                    "game.is_terminal(state) first and return game.utility(state, MAX) there.")
        if isinstance(e, AttributeError) and "'Node' object" in str(e):
            hint = (" The function is called as fn(game, state), the game first; the state is a tree node, "
                    "so ask the game about it: game.actions(state), game.result(state, a), and so on.")
        if isinstance(e, RecursionError):
            hint = (" It recursed without end: check that it stops at terminal states (game.is_terminal(state)) "
                    "and recurses on game.result(state, a), not on state itself.")
        message = str(e)
        return Feedback(False, f"{on}, your function raised {type(e).__name__}"
                               f"{': ' + message if message else ''}{_where(e)}.{hint}")
    if run.value is None:
        if not run.calls:
            return _not_answered("your function returns None. Write the search so that it returns the value "
                                 "for MAX.")
        return Feedback(False, f"{on}, your function returned None. Check that every branch ends with a return "
                               "statement that returns the value.")
    problem = _return_problem(run.value)
    if problem:
        return Feedback(False, f"{on}, your function returned something that is not a number: {problem}. It "
                               "should return just the value for MAX, an int, a float or a Fraction.")
    return None


def _return_problem(value) -> str | None:
    """Why a search's return value is no number, or None; ±∞ is a number (a wrong value, for the diagnosis)."""
    if type(value) is float and math.isinf(value):
        return None
    return number_problem(value)


def _too_slow(trial: _Trial, e: timeout.TimeLimitExceeded) -> Feedback:
    """The feedback for a function stopped by the time limit on one tree, with the tree's picture."""
    depth = f" with depth={trial.depth}" if trial.depth is not None else ""
    return Feedback(False, f"On {e.what}, the tree {trial.tree}{depth}, your function did not return within "
                           f"{e.seconds:g} s and was stopped: a loop that never ends? Any search of this tree "
                           "takes milliseconds. Check that every loop moves on and that every recursion reaches "
                           "a terminal state.", picture=(trial.tree, None, None, None, False))


def _where(e: BaseException) -> str:
    """" (line 12, in max_value)" for the deepest frame of the student's code in a traceback."""
    frames = traceback.extract_tb(e.__traceback__)
    theirs = [f for f in frames if not os.path.abspath(f.filename).startswith(_ADVSEARCH_DIR)]
    if not theirs:
        return ""
    f = theirs[-1]
    return f" (line {f.lineno}, in {f.name})"


def _repeat(seq):
    """The first visit in ``seq`` of a node already visited, or None."""
    seen = set()
    for item in seq:
        if item in seen:
            return item
        seen.add(item)
    return None


def _diagnose(algorithm, eq, mains, main_runs, limited, limited_runs):
    """``(mistake key, detail, another key that fits as well)`` for the failing runs; the key may be None."""
    if any(_repeat(r.seq) is not None for r in main_runs + limited_runs):
        return "expands_twice", "", None
    main_ok = all(r.seq == t.seq and _same(r.value, t.value) for t, r in zip(mains, main_runs))
    if not main_ok:
        found = _match_models(algorithm, eq, mains, main_runs)
        if found:
            return found
        for detail, value in _perspectives():
            model = [value(t.tree) for t in mains]
            if all(_same(r.value, v) for r, v in zip(main_runs, model)) and \
                    any(not _same(v, t.value) for t, v in zip(mains, model)):
                return "wrong_perspective", detail, None
        return _window_clue(mains, main_runs) + (None,)
    for depth_change, key, detail in ((+1, "depth_off_by_one", "deep"), (-1, "depth_off_by_one", "shallow"),
                                      (None, "ignores_depth", "")):
        same = True
        for t, r in zip(limited, limited_runs):
            d = None if depth_change is None else t.depth + depth_change
            if r.seq != _reference(t.tree, algorithm, eq, depth=d).seq:
                same = False
                break
        if same:
            return key, detail, None
    return None, "", None


def _match_models(algorithm, eq, mains, main_runs):
    matches = []
    for m in _models(algorithm, eq):
        ties = m.ties if m.ties is not None else (eq, eq)
        ok, agree, differs = True, True, False
        for t, r in zip(mains, main_runs):
            mr = _run(lambda game, state, m=m, ties=ties: _model_search(game, state, *m.window, m, ties), t.tree)
            if mr.seq != r.seq or (m.key == "wrong_perspective" and not _same(mr.value, r.value)):
                ok = False
                break
            # A model that behaves like the reference on every tree explains nothing.
            differs = differs or mr.seq != t.seq or not _same(mr.value, t.value)
            if agree and not _windows_agree(r.windows, {p: w for p, w in mr.windows.items() if w}, t.tree):
                agree = False
        if ok and differs:
            matches.append((not agree, len(matches), m))
    if not matches:
        return None
    matches.sort(key=lambda x: x[:2])
    best = matches[0]
    others = [m.key for tier, _, m in matches if tier == best[0] and m.key != best[2].key
              and {m.key, best[2].key} != {"no_pruning", "bounds_not_passed"}]
    return best[2].key, best[2].detail, (others[0] if others else None)


def _window_clue(mains, main_runs):
    """A diagnosis from the α and β the code held, at the first node where they differ from the reference."""
    for t, r in zip(mains, main_runs):
        k = _first_window_difference(t, r)
        if k is None:
            continue
        path, (a, b) = k
        ra, rb = t.windows[path]
        if _same(a, -inf) and _same(b, inf):
            return "bounds_not_passed", ""
        if _same(a, rb) and _same(b, ra):
            return "swapped_bounds", f"{_name(t.tree, path)} got α = {_f(a)}, β = {_f(b)}"
        return None, ""
    return None, ""


def _first_window_difference(trial: _Trial, run: _Run):
    """``(path, window)``: the first expansion, before the visits part, where the code's α, β differ."""
    for mine, ref in zip(run.seq, trial.seq):
        if mine != ref:
            return None
        kind, path = mine
        if kind != "expand":
            continue
        w = run.windows.get(path)
        if w is None or path not in trial.windows:
            continue
        if not _windows_agree({path: w}, trial.windows, trial.tree):
            return path, w
    return None


def _explain_trial(trial: _Trial, run: _Run, algorithm, eq):
    """Sentences on where ``run`` first parts from the reference on one trial, and the picture for it."""
    t, trace, ref, mine = trial.tree, trial.trace, trial.seq, run.seq
    on = f"On the tree {t}" + (f" with depth={trial.depth}" if trial.depth is not None else "") + ": "
    where = [k for k, e in enumerate(trace) if e.kind in ("enter", "leaf")]
    bounds = algorithm == "alphabeta"
    if not mine and ref:
        return on + (f"Your function returned {_f(run.value)} without calling game.actions or game.utility. "
                     "Search the tree through the game's methods: game.actions(state), game.result(state, a) "
                     "and game.utility(state, MAX)."), None
    clue = ""
    diff = _first_window_difference(trial, run)
    if diff is not None:
        path, (a, b) = diff
        ra, rb = trial.windows[path]
        clue = (f"Yours entered {_name(t, path)} with α = {_f(a)}, β = {_f(b)}, but the search enters it with "
                f"α = {_f(ra)}, β = {_f(rb)}. ")
    i = next((i for i, (x, y) in enumerate(zip(mine, ref)) if x != y), min(len(mine), len(ref)))
    if i == len(mine) == len(ref):
        root = t.initial_state
        text = (f"Your function visits the right nodes in the right order, but returns {_f(run.value)}; the value "
                f"for MAX is {_f(trial.value)}.")
        if root.children and trial.depth is None:
            kids = [_node_value(c) for c in root.children]
            op = "max" if root.player == MAX else "min"
            text += (f" The root is a {_PLAYER[root.player]} node whose children are worth "
                     f"{_and(_f(v) for v in kids)}, so its value is their {op}.")
        return on + clue + text, (t, trace, None, (), bounds)

    x = mine[i] if i < len(mine) else None
    y = ref[i] if i < len(ref) else None
    step, focus = (where[i] if y is not None else len(trace) - 1), (y or x)[1]
    xname = _name(t, x[1]) if x else ""
    yname = _name(t, y[1]) if y else ""
    if x is not None and x in mine[:i]:
        text = f"Yours {_did(x[0], xname)} a second time"
        text += "." if y is None else f", where the search goes on to {yname}."
    elif x is None:
        text = (f"Next the search {_VERB_NOW[y[0]]} {yname}: {_why_reached(t, trace, where[i], eq)}. "
                f"Yours returned without {_GERUND[y[0]]} it.")
    elif y is not None and x[1] == y[1]:
        if y[0] == "eval":
            text = (f"{_cap(yname)} is at ply {len(y[1])}, the depth limit, so the search scores it with Eval; "
                    f"yours {_did(x[0], 'it')}.")
        elif y[0] == "expand":
            text = (f"{_cap(yname)} is at ply {len(y[1])}, above the depth limit {trial.depth}, so the search "
                    f"expands it; yours {_did(x[0], 'it')}.")
        else:
            text = (f"{_cap(yname)} is a terminal state, so the search scores it with game.utility(state, MAX); "
                    f"yours {_did(x[0], 'it')}.")
    else:
        k, below = _covering_prune(trace, x[1])
        if k is not None:
            step, focus = k, x[1]
            cut = trace.narrate()[k]
            if below:
                text = (f"{cut} {_cap(xname)} lies below the pruned child {x[1][len(trace[k].path)]}, "
                        f"but yours {_did(x[0], 'it')}.")
            else:
                text = f"{cut} But yours {_did(x[0], xname)}."
        elif trial.depth is not None and len(x[1]) > trial.depth:
            text = (f"{_cap(xname)} lies below the depth limit: with depth={trial.depth} the search scores the "
                    f"nodes at ply {trial.depth} with Eval and goes no deeper, but yours {_did(x[0], 'it')}.")
        elif y is None:
            text = f"The search has finished here, but yours went on and {_did(x[0], xname)}."
        elif y in mine[i + 1:] and x in ref[i + 1:]:
            text = (f"Next the search {_VERB_NOW[y[0]]} {yname}, but yours {_did(x[0], xname)} first: search the "
                    "children in the order game.actions(state) gives them.")
        else:
            text = (f"Next the search {_VERB_NOW[y[0]]} {yname}: {_why_reached(t, trace, where[i], eq)}. "
                    f"Yours skipped it and {_did(x[0], xname)} instead.")
    return on + clue + text, (t, trace, step, focus, bounds)


# ------------------------------------------------------------------ pictures


_PICTURE_NODES = 40


def _render(t: Tree, trace, step, focus, bounds) -> bytes:
    """A small PNG of the tree, or of the reference search as it stood after event ``step``.

    A big tree is cut down to the subtree around ``focus`` (from its
    grandparent, or lower if that is still big), with the trace's events there.
    """
    from matplotlib.figure import Figure

    from .drawing.mpl import draw
    from .result import Trace

    title = None
    if len(t) > _PICTURE_NODES and focus:
        prefix = focus[:max(0, len(focus) - 2)]
        while len(list(_postorder(t.node(prefix)))) > _PICTURE_NODES and len(prefix) < len(focus) - 1:
            prefix = focus[:len(prefix) + 1]
        if prefix:
            title = f"the part of the tree below {_name(t, prefix)}"
            sub = parse(t.render(t.node(prefix)))
            if trace is not None:
                n = len(prefix)
                kept = [k for k, e in enumerate(trace) if e.path[:n] == prefix]
                events = [trace[k]._replace(path=trace[k].path[n:]) for k in kept]
                cut = Trace(sub, sub.initial_state, trace.algorithm, events)
                cut.depth = None if trace.depth is None else trace.depth - n
                if step is not None:
                    step = max([j for j, k in enumerate(kept) if k <= step], default=0)
                trace = cut
            t, focus = sub, focus[len(prefix):]
    deepest = None
    if len(t) > _PICTURE_NODES and focus is not None:
        deepest = len(focus) + 1
    if trace is not None and trace.depth is not None:
        deepest = trace.depth if deepest is None else min(deepest, trace.depth)
    shown = [n for n in t.nodes() if deepest is None or len(n.path) <= deepest]
    width = sum(1 for n in shown if not n.children or len(n.path) == deepest)
    plies = max(len(n.path) for n in shown)
    size = (min(max(0.5 * width + 0.8, 3.0), 7.0), min(max(0.95 * plies + 1.0, 2.0), 4.2))
    fig = Figure(figsize=size, dpi=80)
    ax = fig.add_axes((0, 0, 1, 0.9 if title else 1))
    max_depth = deepest if len(t) > _PICTURE_NODES else None
    draw(trace if trace is not None else t, ax=ax, step=step, bounds=bounds, title=title, fontsize=12,
         max_depth=max_depth)
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()
