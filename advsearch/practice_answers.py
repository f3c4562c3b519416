"""Reading one line of answer typed on the command line (``advsearch practice``) into what a check takes.

- :func:`read_values`: ``A=3 B=7/2 C=2`` or a dict, for minimax, expectiminimax and expectimax;
- :func:`read_leaves`: leaf labels ``b2 c1``, paths ``[1][1] [1][2]`` or ``none``, for alpha-beta, Star1 and
  shallow pruning;
- :func:`read_vectors`: ``A=(3,1,5) B=(3,1,5) move=B`` or a dict, for max-n.

A line that cannot be read raises :class:`AnswerError`, whose message says
what form is expected, with examples that name the exercise's own labels
(:func:`values_hint`, :func:`leaves_hint`, :func:`vectors_hint` give the
same examples for the prompt).  What can be read but is wrong (a number
where a vector is due, a value instead of a leaf) is passed on, for the
checker to explain.

>>> from advsearch import practice
>>> read_values("A=7/2 b=1", practice.expectiminimax(seed=0))
{'A': Fraction(7, 2), 'B': 1}
"""

from __future__ import annotations

import ast
import json
import numbers
import re
from fractions import Fraction


class AnswerError(ValueError):
    """An answer line that cannot be read; the message says what form is expected."""


# --- Reading answers. ---

_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?(?:/\d+)?")


def _number(text, key, form):
    text = text.strip()
    if not _NUMBER.fullmatch(text) or len(text) > 40:
        raise AnswerError(f"{short(text)!r} (the value of {key}) is not a number. {form}")
    if "/" in text:
        top, bottom = text.split("/")
        if int(bottom) == 0:
            raise AnswerError(f"{text} (the value of {key}) divides by zero. {form}")
        try:
            return Fraction(Fraction(top), int(bottom))
        except ValueError:
            raise AnswerError(f"{text!r} (the value of {key}) is not a number. {form}") from None
    if re.fullmatch(r"[+-]?\d+", text):
        return int(text)
    return float(text)


def _literal(text):
    """``text`` as JSON or a Python literal, or None when it is neither."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        pass
    try:
        return ast.literal_eval(text)
    except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
        return None


def _label(exercise, key, inner=False):
    """A label as the student typed it (``b`` or ``B2``), matched to the tree's labels regardless of case.

    ``inner`` matches only the labels of inner nodes (a values answer names those).
    """
    labels = {n.label for n in exercise.tree.nodes() if n.label and (n.children or not inner)}
    if not isinstance(key, str) or key in labels:
        return key
    return next((k for k in (key.lower(), key.upper()) if k in labels), key)


# --- Examples that name the exercise's own labels. ---

def _inner_labels(exercise) -> list:
    """The inner nodes' labels, level by level (A, B, C, ...)."""
    nodes = sorted((n for n in exercise.tree.nodes() if n.children and n.label), key=lambda n: (len(n.path), n.path))
    return [n.label for n in nodes] or ["A"]


def _values_example(exercise) -> str:
    """``A=3 B=3 C=2`` with the tree's own labels; ``A=3 B=7/2 C=2`` on a chance tree, whose values are fractions."""
    chance = any(n.probs for n in exercise.tree.nodes())
    numbers = ("3", "7/2", "2") if chance else ("3", "3", "2")
    return " ".join(f"{label}={x}" for label, x in zip(_inner_labels(exercise), numbers))


def _leaves_example(exercise) -> tuple:
    """Two of the tree's leaves (its last two): by label ``b2 c1`` and by path ``[1][1] [1][2]``."""
    leaves = exercise.tree.leaves()[-2:]
    labels = " ".join(str(leaf.label) for leaf in leaves)
    paths = " ".join("".join(f"[{a}]" for a in leaf.path) for leaf in leaves)
    return labels, paths


def _vectors_example(exercise) -> str:
    """``A=(3,1,5) B=(2,4,0) move=B`` with the tree's own labels and as many entries as players."""
    n = exercise.tree.num_players
    rows = [(3, 1, 5, 2, 4, 0), (2, 4, 0, 1, 5, 3)]
    labels = _inner_labels(exercise)[:2]
    items = [f"{label}=({','.join(str(x) for x in row[:n] + (0,) * max(0, n - len(row)))})"
             for label, row in zip(labels, rows)]
    root = exercise.tree.initial_state
    move = root.children[0].label if root.children else "B"
    return " ".join(items) + f" move={move}"


def values_hint(exercise) -> str:
    first = _inner_labels(exercise)[0]
    return f"inner nodes' values, like {_values_example(exercise)} (or a dict {{\"{first}\": 3, ...}})"


def leaves_hint(exercise) -> str:
    labels, paths = _leaves_example(exercise)
    return f"the pruned leaves, like {labels} or {paths} (none if nothing is pruned)"


def vectors_hint(exercise) -> str:
    return f"each inner node's vector in parentheses and the root's move, like {_vectors_example(exercise)}"


def read_values(text, exercise):
    """A minimax answer line: ``A=3 B=3 C=2`` (also ``A: 3, B: 3``) or a dict ``{"A": 3, "B": 3}``.

    Values are whole numbers, decimals or fractions (``7/2``).

    >>> from advsearch import practice
    >>> read_values("A=1, b=-3 C: 1", practice.minimax(seed=0, branching=2))
    {'A': 1, 'B': -3, 'C': 1}
    """
    first = _inner_labels(exercise)[0]
    form = (f"Write each inner node's value as LABEL=VALUE, separated by spaces, like {_values_example(exercise)}, "
            f"or a dict like {{\"{first}\": 3, ...}}.")
    if text.startswith("{"):
        def number(key, value):
            if isinstance(value, bool) or not isinstance(value, numbers.Real):
                raise AnswerError(f"{short(repr(value))} (the value of {short(key)}) is not a number. {form}")
            return _label(exercise, key, inner=True), value

        return _dict_items(text, number, form)
    answer = {}
    for item in re.split(r"[\s,;]+(?=[^\s,;=:]+\s*[=:])", text):
        item = item.strip(" ,;")
        if not item:
            continue
        match = re.fullmatch(r"([A-Za-z][A-Za-z0-9]*)\s*[=:]\s*(\S+?)", item)
        if not match:
            raise AnswerError(f"Cannot read {short(item)!r}. {form}")
        key = _label(exercise, match[1], inner=True)
        if key in answer:
            raise AnswerError(f"{key} is given twice. {form}")
        answer[key] = _number(match[2], key, form)
    return answer


def read_leaves(text, exercise):
    """An alpha-beta answer line: leaf labels ``b2 c1``, paths ``[1][1] [1][2]`` or ``(1, 1)``, a list
    ``["b2", "c1"]``, or ``none`` (nothing is pruned).

    >>> from advsearch import practice
    >>> read_leaves("b2, [1][1] (2, 0)", practice.alphabeta(seed=7))
    ['b2', '[1][1]', (2, 0)]
    >>> read_leaves("none", practice.alphabeta(seed=7))
    []
    """
    labels, paths = _leaves_example(exercise)
    form = (f"Write the pruned leaves separated by spaces, by label like {labels} or by path like {paths}; "
            "write none if nothing is pruned.")
    if text.lower() in {"none", "nothing", "-", "[]", "()", "{}", "set()"}:
        return []
    if text[0] in "[({":
        data = _literal(text)
        if isinstance(data, (list, tuple, set, dict)) and not data:
            return []
        if isinstance(data, (list, tuple, set)) and data and all(isinstance(x, str) for x in data):
            return [_label(exercise, x) for x in data]
        if isinstance(data, (list, tuple, set)) and data and all(
                isinstance(x, (list, tuple)) and x and all(isinstance(i, int) and not isinstance(i, bool)
                                                           for i in x) for x in data):
            return [tuple(x) for x in data]
    try:
        items = _tokens(text, exercise, form)
    except AnswerError:
        if len(text) >= 2 and text[0] + text[-1] in ("[]", "{}"):     # [b2, c1]: a list without quotes
            items = _tokens(text[1:-1], exercise, form)
        else:
            raise
    if not items:
        raise AnswerError(f"Cannot read your answer. {form}")
    return items


_TOKEN = re.compile(r"\s*(?:(?P<path>(?:\[\s*\d{1,6}\s*\])+)|(?P<tuple>\(\s*\d{1,6}(?:\s*,\s*\d{1,6})*\s*,?\s*\))"
                    r"|(?P<label>[A-Za-z][A-Za-z0-9]{0,30})|(?P<number>[+-]?\d{1,12}))\s*(?:[,;]\s*|(?=\S)|$)")


def _tokens(text, exercise, form) -> list:
    """The leaves named in ``text``, one token after another; AnswerError at the first it cannot read."""
    items, position = [], 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        if not match or match.end() == position:
            rest = text[position:].strip()
            raise AnswerError(f"Cannot read {short(rest)!r}. {form}")
        if match["path"]:
            items.append(re.sub(r"\s+", "", match["path"]))
        elif match["tuple"]:
            items.append(tuple(int(i) for i in re.findall(r"\d+", match["tuple"])))
        elif match["label"]:
            items.append(_label(exercise, match["label"]))
        else:
            items.append(int(match["number"]))       # a value, not a leaf: the checker says so
        position = match.end()
    return items


_VECTOR_ITEM = re.compile(r"\s*([A-Za-z][A-Za-z0-9]*)\s*[=:]\s*(\([^()]*\)|\[[^\[\]]*\]|[^\s,;()\[\]]+)\s*(?:[,;]\s*)?")

#: The key of the root's move in a max-n answer (``practice.multiplayer_practice.MOVE``).
MOVE = "move"


def read_vectors(text, exercise):
    """A max-n answer line: each inner node's payoff vector in parentheses, and the root's move.

    ``A=(3,1,5) B=(3, 1, 5) C=(2,4,0) move=B`` (also ``A: (3,1,5)``, vectors
    in square brackets, entries as fractions ``7/2``), or a dict
    ``{"A": (3, 1, 5), ..., "move": "B"}``.  A plain number where a vector is
    due is passed on for the checker to explain.  The move names the child
    of the root by its label (or its index, 0 for the first).

    >>> from advsearch import practice
    >>> ex = practice.maxn(seed=0, depth=2)
    >>> read_vectors("a=(4,6,0) B=[8, 7, 1] C=6 move=b", ex)
    {'A': (4, 6, 0), 'B': (8, 7, 1), 'C': 6, 'move': 'B'}
    """
    form = ("Write each inner node's payoff vector as LABEL=(x,y,z), separated by spaces, and the root's move as "
            f"move=LABEL, like {_vectors_example(exercise)}; or a dict like "
            "{\"A\": (3, 1, 5), ..., \"move\": \"B\"}.")
    if text.startswith("{"):
        def vector(key, value):
            if key.lower() == MOVE:
                return MOVE, _label(exercise, value, inner=True) if isinstance(value, str) else value
            if isinstance(value, list):
                value = tuple(value)
            entries = value if isinstance(value, tuple) else (value,)
            if any(isinstance(x, bool) or not isinstance(x, numbers.Real) for x in entries):
                raise AnswerError(f"{short(repr(value))} (the value of {short(key)}) is not a vector of numbers. "
                                  f"{form}")
            return _label(exercise, key, inner=True), value

        return _dict_items(text, vector, form)
    def item(key, value):
        if key.lower() == MOVE:
            return MOVE, int(value) if re.fullmatch(r"\d{1,6}", value) else _label(exercise, value, inner=True)
        key = _label(exercise, key, inner=True)
        return key, _tuple_or_number(value, key, form)

    return _items(text, item, form)


def _tuple_or_number(value, key, form):
    """``(3, 1/2, 5)`` (or in square brackets) as a tuple of numbers, anything else as one number."""
    if value[0] not in "([":
        return _number(value, key, form)
    parts = [p for p in re.split(r"[\s,;]+", value[1:-1].strip()) if p]
    if not parts:
        raise AnswerError(f"The vector of {key} is empty. {form}")
    return tuple(_number(p, key, form) for p in parts)


def _dict_items(text, item, form) -> dict:
    """An answer written as a dict, each entry read by ``item(key, value) -> (key, value)``."""
    data = _literal(text)
    if not isinstance(data, dict):
        raise AnswerError(f"Your answer starts like a dict but is not one. {form}")
    answer = {}
    for key, value in data.items():
        if not isinstance(key, str):
            raise AnswerError(f"{short(repr(key))} is not a node's label. {form}")
        key, value = item(key, value)
        answer[key] = value
    return answer


def _items(text, item, form) -> dict:
    """A line of ``KEY=VALUE`` items (``KEY: VALUE`` too), each read by ``item(key, value) -> (key, value)``."""
    answer, position = {}, 0
    while position < len(text):
        match = _VECTOR_ITEM.match(text, position)
        if not match or match.end() == position:
            raise AnswerError(f"Cannot read {short(text[position:].strip())!r}. {form}")
        key, value = item(match[1], match[2])
        if key in answer:
            raise AnswerError(f"{key} is given twice. {form}")
        answer[key] = value
        position = match.end()
    if not answer:
        raise AnswerError(f"Cannot read your answer. {form}")
    return answer


def _children(exercise) -> list:
    """The labels of the root's children: a UCT problem's children, or those of an explicit tree's root."""
    problem = getattr(exercise, "problem", None)
    if isinstance(getattr(problem, "children", None), dict):
        return [str(label) for label in problem.children]
    root = getattr(exercise.tree, "initial_state", None)
    return [c.label for c in getattr(root, "children", ()) if c.label]


def child_hint(exercise) -> str:
    """The prompt for an answer that names one child of the root (UCT's choice), with a label of this exercise."""
    children = _children(exercise)
    return f"one child of the root by its label, like {children[0]}" if children else "one child's label"


def read_child(text, exercise):
    """One child of the root, by its label in any case (``c`` for ``C``); other words are passed on as typed.

    >>> from advsearch import practice
    >>> read_child(" c ", practice.minimax(seed=0))
    'C'
    """
    children = _children(exercise)
    word = text.strip().strip("\"'").strip()
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9]{0,30}", word):
        raise AnswerError(f"Cannot read {short(text)!r}: name one child of the root by its label"
                          + (f", one of {', '.join(children)}." if children else "."))
    return next((label for label in children if label.lower() == word.lower()), word)


def counts_hint(exercise) -> str:
    """The prompt for a backup: the new counts of the nodes on the path, named by this exercise's labels."""
    root, *rest = exercise.problem.path
    return f"the new counts on the path, like {root}=9 " + " ".join(f"{label}=(3,4)" for label in rest[:2])


def read_counts(text, exercise):
    """A backup answer: the root's visits, then (wins, visits) of every other node on the path.

    ``A=9 C=(3,4) H=(1/2,1)`` (labels in any case; wins may be fractions
    or decimals), or a dict ``{"A": 9, "C": (3, 4), "H": (0.5, 1)}``.

    >>> from advsearch import practice
    >>> ex = practice.uct_backup(seed=0)
    >>> read_counts("a=9 c=(3,4) H=(1/2, 1)", ex) == ex.answer_key()
    True
    """
    path = list(exercise.problem.path)
    form = ("Write the root's visits and every other node's (wins, visits) on the path, like "
            f"{counts_hint(exercise).split('like ')[1]}; or a dict like {{\"{path[0]}\": 9, ...}}.")
    if text.startswith("{"):
        return _dict_items(text, lambda key, value: (_path_label(path, key),
                                                     tuple(value) if isinstance(value, list) else value), form)
    def item(key, value):
        key = _path_label(path, key)
        return key, _tuple_or_number(value, key, form)

    return _items(text, item, form)


def _path_label(path, key):
    """``key`` matched to a label on the path regardless of case; other keys are passed on for the checker."""
    if not isinstance(key, str):
        return key
    return next((label for label in path if label.lower() == key.lower()), key)


def short(text, width=30) -> str:
    """``text`` cut to ``width`` characters, with … when cut."""
    text = str(text)
    return text if len(text) <= width else text[:width] + "…"
