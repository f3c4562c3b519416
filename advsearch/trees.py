"""Explicit game trees: the lecture's drawn trees as games that any search can run on.

Three ways to make one, all giving a :class:`Tree` whose states are :class:`Node` objects:

- :func:`tree` takes nested Python lists: a number is a leaf holding MAX's
  utility, a list is a decision node, ``chance(...)`` a chance node, a tuple
  of numbers an n-player leaf, and a pair ``(label, node)`` names a node;
- :func:`parse` reads the plain-text form that ``str(tree)`` writes;
- :func:`random_tree` draws a reproducible random tree from a seed.

Players alternate by level, starting from ``root`` (MAX unless told otherwise).
A chance node does not use up a level: below MAX, a chance node leads to MIN.

The text form
-------------
Whitespace, commas and newlines separate items; ``#`` starts a comment.

.. code-block:: text

    node   := leaf | inner
    leaf   := [label '='] number | [label '='] '(' number (',' number)* ')'
    inner  := [label] [':' player] '[' child* ']'
    child  := node                 (under a decision node)
            | prob ':' node        (under a chance node)
    player := 'max' | 'min' | 'chance' | 'p' digits        (any case)
    number := an int (3, -2), a decimal (0.5, 1e3) or a fraction (1/3)
    label  := a letter or '_', then letters, digits, '_' or "'"

A player marker is needed only where the player differs from the alternation
(a MIN root, a chance node, a deliberate double move); ``str`` writes one
exactly there.  Ints stay ints, ``0.5`` is a float and ``1/3`` a
:class:`fractions.Fraction`, so a tree survives ``parse(str(t))`` unchanged.

Paths
-----
A node's *path* is the tuple of child indices from the root, the same tuple a
search trace records.  Messages write it as ``[1][2]``: the root's child 1's
child 2.

Limits
------
A tree may be at most :data:`MAX_DEPTH` (100) levels deep, chance levels
included; :func:`tree` and :func:`parse` refuse a deeper spec or text, and a
spec that contains itself, with an :class:`~advsearch.game.InvalidTreeError`.
:func:`random_tree` builds at most :data:`MAX_NODES` (1,000,000) nodes and
refuses a bigger tree at once, before building anything.

Examples
--------
>>> from advsearch.trees import tree, parse
>>> t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]], labels=True)
>>> print(t)
A[B[3 12 8] C[2 4 6] D[14 5 2]]
>>> parse("A[B[3 12 8] C[2 4 6] D[14 5 2]]") == t
True
>>> print(tree([chance((0.5, [3, 5]), (0.5, [1, 9]))]))
[:chance[0.5: [3 5] 0.5: [1 9]]]
"""

from __future__ import annotations

import itertools
import math
import numbers
import random
import re
import reprlib
from collections import deque
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterator, NamedTuple

from .game import CHANCE, MAX, MIN, Game, GameError, IllegalMoveError, InvalidTreeError, player_name

__all__ = ["Node", "Tree", "chance", "parse", "random_tree", "tree", "check_random_size",
           "CHANCE_RULES", "MAX_DEPTH", "MAX_NODES"]

#: Probabilities of a chance node must sum to 1 within this tolerance.
PROBABILITY_TOLERANCE = 1e-9

#: The most levels a tree may have below its root, chance levels included.
#: Searches and the text form recurse about twice per level, pickling three
#: times and ``copy.deepcopy`` six, so a tree of 100 levels stays well inside
#: Python's recursion limit of 1000 frames, with room left for the notebook or
#: test that runs the search and for a student's own recursive search.
#: Lecture trees are a handful of levels deep.
MAX_DEPTH = 100

#: The most nodes :func:`random_tree` builds (a few seconds' work); a bigger
#: tree is refused at once, before anything is built.
MAX_NODES = 1_000_000

#: How :meth:`Tree.values` combines a chance node's children, the lecture's rule first.
CHANCE_RULES = {
    "expectation": lambda probs, values: sum(p * v for p, v in zip(probs, values)),
    "mean": lambda probs, values: sum(values) / len(values),
    "min": lambda probs, values: min(values),
    "max": lambda probs, values: max(values),
}

_LABEL = re.compile(r"[^\W\d][\w']*\Z")
_PLAYER_WORDS = {"max": MAX, "min": MIN, "chance": CHANCE}


# ---------------------------------------------------------------- small helpers


def _path_text(path) -> str:
    """``(1, 2)`` -> ``"[1][2]"``; the root is ``"[]"``."""
    return "".join(f"[{i}]" for i in path) or "[]"


def _where(path) -> str:
    return f"at {_path_text(path)}" if path else "at the root"


def _invalid(path, message, offset=None) -> InvalidTreeError:
    """The error for a malformed tree: where it is, what is wrong and, in text, at which character."""
    at = "" if offset is None else f" (character {offset})"
    return InvalidTreeError(f"{_where(path)}{at}: {message}")


def _check_depth(path, offset=None):
    """Refuse a node more than MAX_DEPTH levels down, before anything below it is read."""
    if len(path) <= MAX_DEPTH:
        return
    ends = f"{_path_text(path[:4])}...{_path_text(path[-4:])}" if len(path) > 8 else _path_text(path)
    at = "" if offset is None else f", character {offset}"
    raise InvalidTreeError(f"at {ends} ({len(path)} levels down{at}): the tree is too deep; a tree may be "
                           f"at most {MAX_DEPTH} levels deep (advsearch.trees.MAX_DEPTH), so that searching "
                           "and drawing it stay well inside Python's recursion limit")


class _ShortRepr(reprlib.Repr):
    """``repr`` for messages: long values are cut short, deep nesting is shown as ``[...]``."""

    def __init__(self):
        super().__init__()
        self.maxlevel, self.maxstring, self.maxother = 3, 40, 40

    def repr_ChanceSpec(self, spec, level):
        return "chance(" + ", ".join(self.repr1(b, level - 1) for b in spec.branches) + ")"


#: A part of a spec, as messages show it: never too long, and safe for any nesting.
_show = _ShortRepr().repr


def _format_number(x) -> str:
    """Write a number so that :func:`parse` reads back the same value and type."""
    if isinstance(x, Fraction):
        return f"{x.numerator}/{x.denominator}"
    return repr(x)


def _format_value(value) -> str:
    """A leaf value: a number, or ``(a,b,c)`` for an n-player payoff tuple."""
    if isinstance(value, tuple):
        return "(" + ",".join(map(_format_number, value)) + ")"
    return _format_number(value)


def _player_word(player: int, num_players: int) -> str:
    """The text form's name of a player: max, min, chance, or p0, p1, ... when n > 2."""
    if player == CHANCE:
        return "chance"
    if num_players == 2:
        return "max" if player == MAX else "min"
    return f"p{player}"


def _below(mover: int, level_player: int, num_players: int) -> int:
    """The player at the level below a node: chance nodes pass their level on unchanged."""
    return level_player if mover == CHANCE else (mover + 1) % num_players


# ------------------------------------------------------------------------ Node


class Node:
    """One node of an explicit game tree; also the game's state.

    Nodes are made by :func:`tree`, :func:`parse` and :func:`random_tree`, and
    never change.  Two nodes are equal only if they are the same object, so
    every position in a tree is a distinct, cheaply hashed state.

    Attributes
    ----------
    label : str or None
        The node's name (``"B"``), if it has one.
    player : int
        Who moves here: MAX, MIN, CHANCE or 0..n-1.  A leaf holds the player
        whose turn it would be at its level.
    children : tuple of Node
        Empty for a leaf.
    probs : tuple or None
        The probability of each child at a chance node, else None.
    value : number, tuple or None
        A leaf's payoff: MAX's utility, or one payoff per player.  None for
        inner nodes.
    path : tuple of int
        The child indices that lead here from the root.
    actions : tuple of int
        ``tuple(range(len(children)))``: the legal actions, or chance outcomes.

    Examples
    --------
    >>> t = tree([("B", [3, 12, 8]), [2, 4, 6]])
    >>> b = t.initial_state.children[0]
    >>> b, b.actions, b.children[2]
    (<Node B MIN (0,)>, (0, 1, 2), <leaf 8 (0, 2)>)
    """

    __slots__ = ("label", "player", "children", "probs", "value", "path", "actions")

    def __init__(self, label, player, children=(), probs=None, value=None, path=()):
        init = object.__setattr__
        init(self, "label", label)
        init(self, "player", player)
        init(self, "children", tuple(children))
        init(self, "probs", probs)
        init(self, "value", value)
        init(self, "path", path)
        init(self, "actions", tuple(range(len(self.children))))

    def __setattr__(self, name, value):
        raise AttributeError(f"Node is immutable; cannot set {name!r}")

    def __delattr__(self, name):
        raise AttributeError(f"Node is immutable; cannot delete {name!r}")

    def __reduce__(self):
        return Node, (self.label, self.player, self.children, self.probs, self.value, self.path)

    def __repr__(self) -> str:
        if not self.children:
            name = f"{self.label}={_format_value(self.value)}" if self.label else _format_value(self.value)
            return f"<leaf {name} {self.path}>"
        who = player_name(self.player, self._num_players())
        return f"<Node {self.label + ' ' if self.label else ''}{who} {self.path}>"

    def _num_players(self) -> int:
        """The number of players, read off the first leaf below (for repr only)."""
        node = self
        while node.children:
            node = node.children[0]
        return len(node.value) if isinstance(node.value, tuple) else 2


def _describe(node: Node) -> str:
    """``node B at [0]`` or ``the leaf at [0][1]``, for messages."""
    kind = "node" if node.children else "leaf"
    name = f"{kind} {node.label}" if node.label else f"the {kind}"
    return f"{name} {_where(node.path)}"


# ------------------------------------------------------------- chance helper


@dataclass(frozen=True)
class ChanceSpec:
    """What :func:`chance` returns: the branches of a chance node in a nested-list spec."""

    branches: tuple

    def __repr__(self) -> str:
        return "chance(" + ", ".join(map(repr, self.branches)) + ")"


def chance(*branches) -> ChanceSpec:
    """A chance node for a :func:`tree` spec: ``chance((p1, subspec1), (p2, subspec2), ...)``.

    Parameters
    ----------
    *branches : (probability, subspec) pairs
        Probabilities are ints, floats or Fractions, each > 0, summing to 1.
        They are checked when the tree is built, so errors can name the path.

    Returns
    -------
    ChanceSpec
        A marker that :func:`tree` turns into a CHANCE node.

    Examples
    --------
    >>> from fractions import Fraction
    >>> t = tree([chance((Fraction(1, 3), 6), (Fraction(2, 3), 0)), 1])
    >>> print(t)
    [:chance[1/3: 6 2/3: 0] 1]
    >>> t.chance_outcomes(t.initial_state.children[0])
    [(0, Fraction(1, 3)), (1, Fraction(2, 3))]
    """
    return ChanceSpec(branches)


# ------------------------------------------------- drafts: the common middle
#
# Both front ends (nested lists, text) produce a draft: a mutable, unchecked
# tree carrying only what the input said.  One back end checks a draft and
# turns it into Nodes, so both forms obey exactly the same rules.


class _Draft:
    __slots__ = ("label", "player", "children", "probs", "value", "offset")

    def __init__(self, label=None, player=None, children=None, probs=None, value=None, offset=None):
        self.label = label        # str or None
        self.player = player      # an explicit player marker, or None for the alternation
        self.children = children  # list of drafts; None for a leaf
        self.probs = probs        # list of probabilities at a chance node, else None
        self.value = value        # a leaf's number or tuple
        self.offset = offset      # character offset in the text form, if parsed


# ----------------------------------------------------- front end: nested lists


_NODE_FORMS = (
    "a number (a leaf), a tuple of numbers (an n-player leaf), a list (a decision node), "
    "chance(...) (a chance node) or a pair (label, node)"
)


#: The most bits a whole number (or a fraction's numerator or denominator) in a tree may have.
MAX_BITS = 1024


def _check_bits(n: int, what: str, path, offset=None) -> int:
    """``n``, or an InvalidTreeError if it has more than :data:`MAX_BITS` bits (too long to print)."""
    if n.bit_length() > MAX_BITS:
        raise _invalid(path, f"{what} has a number of {n.bit_length():,} bits; a tree's numbers may have at most "
                             f"{MAX_BITS:,} bits (about 300 digits) so that they can be printed", offset)
    return n


def _spec_number(x, what: str, path):
    """``x`` as an int, float or Fraction; an InvalidTreeError naming ``path`` otherwise."""
    if isinstance(x, bool) or not isinstance(x, numbers.Real):
        kind = "a bool" if isinstance(x, bool) else "not a number"
        raise _invalid(path, f"{what} {_show(x)} is {kind}; expected an int, float or Fraction")
    if isinstance(x, numbers.Rational):
        for part in (x.numerator, x.denominator):
            _check_bits(int(part), what, path)
        return int(x) if isinstance(x, numbers.Integral) else Fraction(x.numerator, x.denominator)
    x = float(x)
    if not math.isfinite(x):
        raise _invalid(path, f"{what} {x!r} is not a finite number")
    return x


def _from_spec(spec, path=(), enclosing=None) -> _Draft:
    """Turn a nested-list spec into a draft, checking what only the spec form can get wrong.

    ``enclosing`` maps the id of every list and chance(...) around ``spec`` to
    its path, so that a spec containing itself is refused, not read forever.
    """
    _check_depth(path)
    enclosing = {} if enclosing is None else enclosing
    if isinstance(spec, (list, ChanceSpec)):
        return _inner_from_spec(spec, path, enclosing)
    if _is_labelled(spec):
        return _labelled_from_spec(spec, path, enclosing)
    if isinstance(spec, tuple):
        return _Draft(value=tuple(_spec_number(x, "payoff", path) for x in spec))
    if isinstance(spec, (numbers.Number, bool)):
        return _Draft(value=_spec_number(spec, "leaf", path))
    hint = "; to read the text form, use parse()" if isinstance(spec, str) and not path else ""
    raise _invalid(path, f"{_show(spec)} is not a valid node: expected {_NODE_FORMS}{hint}")


def _is_labelled(spec) -> bool:
    return isinstance(spec, tuple) and bool(spec) and isinstance(spec[0], str)


def _inner_from_spec(spec, path, enclosing: dict) -> _Draft:
    """A list or chance(...): read its children while it is marked as enclosing them."""
    kind = "list" if isinstance(spec, list) else "chance(...)"
    if id(spec) in enclosing:
        raise _invalid(path, f"the spec is cyclic: this {kind} is the one {_where(enclosing[id(spec)])}, "
                             "which contains it, so the tree would never end")
    enclosing[id(spec)] = path
    if isinstance(spec, list):
        draft = _Draft(children=[_from_spec(s, path + (i,), enclosing) for i, s in enumerate(spec)])
    else:
        draft = _chance_from_spec(spec.branches, path, enclosing)
    del enclosing[id(spec)]
    return draft


def _labelled_from_spec(spec: tuple, path, enclosing: dict) -> _Draft:
    if len(spec) != 2:
        raise _invalid(path, f"{_show(spec)}: a labelled node is a pair (label, node), "
                             f"not a tuple of {len(spec)} items")
    label, sub = spec
    if _is_labelled(sub) and len(sub) == 2:
        raise _invalid(path, f"the node has two labels, {_show(label)} and {_show(sub[0])}")
    draft = _from_spec(sub, path, enclosing)
    draft.label = label
    return draft


def _chance_from_spec(branches, path, enclosing: dict) -> _Draft:
    probs, children = [], []
    for i, branch in enumerate(branches):
        here = path + (i,)
        if not (isinstance(branch, (tuple, list)) and len(branch) == 2):
            raise _invalid(here, f"a chance branch is a pair (probability, node), not {_show(branch)}")
        probs.append(_spec_number(branch[0], "probability", here))
        children.append(_from_spec(branch[1], here, enclosing))
    return _Draft(player=CHANCE, children=children, probs=probs)


# ------------------------------------------------------- front end: the text


class _Token(NamedTuple):
    kind: str    # "num", "name", one of "[]():=", or "end"
    text: str
    offset: int


_TOKEN = re.compile(
    r"""
      (?P<skip> [\s,]+ | \#[^\n]* )
    | (?P<num>  -?\d+/\d+ | -?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)? )
    | (?P<name> [^\W\d][\w']* )
    | (?P<punct> [\[\]():=] )
    """,
    re.VERBOSE,
)


def _tokenize(text: str):
    """The tokens of ``text``, one at a time (a tree too deep is refused before the rest is read)."""
    pos = 0
    for m in _TOKEN.finditer(text):
        if m.start() != pos:                  # finditer skipped a character no token matches
            break
        kind, pos = m.lastgroup, m.end()
        if kind != "skip":
            yield _Token(m.group() if kind == "punct" else kind, m.group(), m.start())
    if pos < len(text):
        raise _unexpected_character(text, pos)
    yield _Token("end", "", len(text))


def _unexpected_character(text: str, pos: int) -> InvalidTreeError:
    if re.match(r"-\s*(inf|nan)", text[pos:], re.IGNORECASE):
        return InvalidTreeError(f"character {pos}: infinite and NaN values are not allowed")
    return InvalidTreeError(f"character {pos}: unexpected character {text[pos]!r}")


def _describe_token(tok: _Token) -> str:
    return "the end of the text" if tok.kind == "end" else _show(tok.text)


class _Parser:
    """Recursive descent over the tokens of the text form, one method per grammar rule."""

    def __init__(self, text: str):
        self.tokens, self.unread = [], _tokenize(text)
        self.i = 0

    def peek(self, ahead: int = 0) -> _Token:
        tokens = self.tokens
        while len(tokens) <= self.i + ahead and (not tokens or tokens[-1].kind != "end"):
            tokens.append(next(self.unread))
        return tokens[min(self.i + ahead, len(tokens) - 1)]

    def take(self) -> _Token:
        tok = self.peek()
        self.i += 1
        return tok

    def fail(self, expected: str, tok: _Token, path):
        raise _invalid(path, f"expected {expected}, found {_describe_token(tok)}", tok.offset)

    def expect(self, kind: str, expected: str, path) -> _Token:
        tok = self.take()
        if tok.kind != kind:
            self.fail(expected, tok, path)
        return tok

    def whole(self) -> _Draft:
        draft = self.node(())
        self.expect("end", "the end of the text after the root node", ())
        return draft

    def node(self, path) -> _Draft:
        """node := leaf | inner, with an optional label in front of either."""
        start = self.peek()
        _check_depth(path, start.offset)
        if start.kind in ("num", "("):
            return self.leaf(path, None)
        label = None
        if start.kind == "name":
            after = self.peek(1)
            if after.kind == "=":
                self.i += 2
                return self.leaf(path, start.text)
            if after.kind not in ("[", ":"):
                if start.text.lower() in ("inf", "nan", "infinity"):
                    self.fail("a number (infinite and NaN values are not allowed)", start, path)
                self.fail(f"'[', ':' or '=' after the label {_show(start.text)}", after, path)
            label = start.text
            self.i += 1
        elif start.kind not in ("[", ":"):
            self.fail("a node: a number, '(', a label, ':' or '['", start, path)
        player = self.player_marker(path)
        return self.children(label, player, path, start.offset)

    def leaf(self, path, label) -> _Draft:
        """leaf := number | '(' number+ ')'."""
        start = self.peek()
        if start.kind == "(":
            self.i += 1
            payoffs = [self.number(path, "a payoff")]
            while self.peek().kind != ")":
                payoffs.append(self.number(path, "a payoff or ')'"))
            self.i += 1
            value = tuple(payoffs)
        else:
            value = self.number(path, "a number")
        return _Draft(label=label, value=value, offset=start.offset)

    def player_marker(self, path):
        """[':' player], returning the player or None when there is no marker."""
        if self.peek().kind != ":":
            return None
        self.i += 1
        tok = self.take()
        player = _player_from_word(tok.text) if tok.kind == "name" else None
        if player is None:
            self.fail("a player after ':' (max, min, chance, p0, p1, ...)", tok, path)
        return player

    def children(self, label, player, path, offset) -> _Draft:
        """'[' child* ']'; under a chance node every child is 'prob: node'."""
        opening = self.expect("[", "'[' to open the node's children", path)
        draft = _Draft(label=label, player=player, children=[], offset=offset,
                       probs=[] if player == CHANCE else None)
        while self.peek().kind != "]":
            here = path + (len(draft.children),)
            if self.peek().kind == "end":
                self.fail(f"']' to close the '[' at character {opening.offset}", self.peek(), path)
            if draft.probs is not None:
                draft.probs.append(self.number(here, "a probability ('p: node') for a chance branch"))
                self.expect(":", "':' after the probability", here)
            elif self.probability_here():
                raise _invalid(here, f"{self.peek().text}: looks like a probability, but only a "
                                     "':chance' node has probabilities", self.peek().offset)
            draft.children.append(self.node(here))
        self.i += 1
        return draft

    def probability_here(self) -> bool:
        """Whether the next tokens read 'number :' but not 'number :player['."""
        if self.peek().kind != "num" or self.peek(1).kind != ":":
            return False
        marker = self.peek(2)
        return not (marker.kind == "name" and _player_from_word(marker.text) is not None
                    and self.peek(3).kind == "[")

    def number(self, path, expected: str):
        tok = self.take()
        if tok.kind != "num":
            self.fail(expected, tok, path)
        return _number_from_text(tok, path)


def _player_from_word(word: str):
    """``max`` -> 0, ``min`` -> 1, ``chance`` -> CHANCE, ``p3`` -> 3 (any case); else None."""
    word = word.lower()
    if word in _PLAYER_WORDS:
        return _PLAYER_WORDS[word]
    if re.fullmatch(r"p\d{1,9}", word):
        return int(word[1:])
    return None


def _number_from_text(tok: _Token, path):
    """``3`` -> int, ``0.5`` / ``1e3`` -> float, ``1/3`` -> Fraction."""
    text = tok.text
    if "/" in text:
        numerator, denominator = (_read_int(part, tok, path) for part in text.split("/"))
        if denominator == 0:
            raise _invalid(path, f"{text} divides by zero", tok.offset)
        return Fraction(numerator, denominator)
    if any(c in text for c in ".eE"):
        value = float(text)
        if not math.isfinite(value):
            raise _invalid(path, f"{_show(text)} is too large for a float", tok.offset)
        return value
    return _read_int(text, tok, path)


def _read_int(digits: str, tok: _Token, path) -> int:
    """``int(digits)``, refusing a number of more than :data:`MAX_BITS` bits, as :func:`tree` does.

    Python converts at most ``sys.get_int_max_str_digits()`` digits, so a far
    longer number is refused by its count of digits, before converting it.
    """
    if len(digits.lstrip("-0")) > MAX_BITS:      # more digits than bits: surely too long
        raise _invalid(path, f"the number {_show(tok.text)} has too many digits ({len(digits)}) to read",
                       tok.offset)
    return _check_bits(int(digits), f"the number {_show(tok.text)}", path, tok.offset)


# --------------------------------------------------- back end: draft -> Tree


def _check(root: _Draft):
    """Check a draft's shape, labels, probabilities and leaves; return the leaf payoff count.

    The count is None when the leaves are single numbers (two players, zero sum).
    Problems are reported in depth-first order, the first one raised.
    """
    labels: dict = {}
    first_leaf: list = []  # [(path, draft)] of the first leaf seen

    def visit(d: _Draft, path):
        if d.label is not None:
            _check_label(d, path, labels)
        if d.children is None:
            _check_leaf(d, path, first_leaf)
            return
        if not d.children:
            what = "a chance node with no branches" if d.probs is not None else "an empty child list"
            raise _invalid(path, f"{what}; an inner node needs at least one child", d.offset)
        if d.probs is not None:
            _check_probabilities(d, path)
        for i, child in enumerate(d.children):
            visit(child, path + (i,))

    visit(root, ())
    return _arity(first_leaf[0][1].value)


def _check_label(d: _Draft, path, labels: dict):
    label = d.label
    if not (isinstance(label, str) and _LABEL.match(label)):
        raise _invalid(path, f"label {_show(label)} is not a valid name: use a non-empty identifier "
                             "such as 'B', 'b1' or \"A'\"", d.offset)
    if label in labels:
        raise _invalid(path, f"duplicate label {_show(label)}, already used {_where(labels[label])}", d.offset)
    labels[label] = path


def _check_leaf(d: _Draft, path, first_leaf: list):
    value = d.value
    if isinstance(value, tuple) and len(value) < 2:
        raise _invalid(path, f"the n-player leaf {_format_value(value)} needs one payoff per "
                             "player, at least 2", d.offset)
    if not first_leaf:
        first_leaf.append((path, d))
        return
    first_path, first = first_leaf[0]
    if _arity(value) != _arity(first.value):
        raise _invalid(path, f"leaf {_format_value(value)} {_arity_text(value)}, but the leaf "
                             f"{_format_value(first.value)} {_where(first_path)} "
                             f"{_arity_text(first.value)}; all leaves must match", d.offset)


def _arity(value):
    return len(value) if isinstance(value, tuple) else None


def _arity_text(value) -> str:
    return f"has {len(value)} payoffs" if isinstance(value, tuple) else "is a single number"


def _check_probabilities(d: _Draft, path):
    for i, p in enumerate(d.probs):
        if p <= 0:
            raise _invalid(path + (i,), f"probability {_format_number(p)} is not positive; "
                                        "every chance branch needs a probability > 0", d.offset)
    total = sum(d.probs)
    if abs(total - 1) > PROBABILITY_TOLERANCE:
        raise _invalid(path, f"the chance probabilities sum to {_format_number(total)}, not 1",
                       d.offset)


def _resolve_num_players(arity, num_players) -> int:
    """The number of players, from the leaves and the optional ``num_players`` argument."""
    if num_players is not None:
        if isinstance(num_players, bool) or not isinstance(num_players, int) or num_players < 2:
            raise ValueError(f"num_players must be an int >= 2, not {num_players!r}")
    found = 2 if arity is None else arity
    if num_players is not None and num_players != found:
        leaves = "single numbers" if arity is None else f"tuples of {arity} payoffs"
        raise InvalidTreeError(f"num_players={num_players}, but the leaves are {leaves} "
                               f"(a {found}-player tree)")
    return found


def _check_root(root, num_players: int):
    if isinstance(root, bool) or not isinstance(root, int) or not 0 <= root < num_players:
        raise ValueError(f"root must be a player 0..{num_players - 1} (MAX=0, MIN=1), not {root!r}; "
                         "for a chance node at the root, make the spec itself chance(...)")


def spreadsheet_name(i: int) -> str:
    """0 -> 'A', 25 -> 'Z', 26 -> 'AA', 27 -> 'AB', ..."""
    name = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        name = chr(ord("A") + r) + name
    return name


def _auto_label(root: _Draft):
    """Name every unlabelled inner node A, B, C, ... in breadth-first order, skipping used names."""
    used = set()
    queue = deque([root])
    inner = []
    while queue:
        d = queue.popleft()
        used.add(d.label)
        if d.children:
            inner.append(d)
            queue.extend(d.children)
    names = (n for n in map(spreadsheet_name, itertools.count()) if n not in used)
    for d in inner:
        if d.label is None:
            d.label = next(names)


def _grow(d: _Draft, level_player: int, num_players: int, path) -> Node:
    """Make the Node for a checked draft; ``level_player`` moves here unless a marker says otherwise."""
    if d.children is None:
        return Node(d.label, level_player, (), None, d.value, path)
    mover = level_player if d.player is None else d.player
    if mover != CHANCE and not 0 <= mover < num_players:
        raise _invalid(path, f"player p{mover} does not exist in a {num_players}-player tree",
                       d.offset)
    below = _below(mover, level_player, num_players)
    children = [_grow(c, below, num_players, path + (i,)) for i, c in enumerate(d.children)]
    probs = tuple(d.probs) if d.probs is not None else None
    return Node(d.label, mover, children, probs, None, path)


def _build(draft: _Draft, *, root=MAX, labels=False, num_players=None) -> "Tree":
    n = _resolve_num_players(_check(draft), num_players)
    _check_root(root, n)
    if labels:
        _auto_label(draft)
    return Tree(_grow(draft, root, n, ()), n)


# ----------------------------------------------------------------------- Tree


def _text(node: Node, level_player: int, num_players: int) -> str:
    """The text form of the subtree at ``node``, whose level belongs to ``level_player``."""
    if not node.children:
        value = _format_value(node.value)
        return f"{node.label}={value}" if node.label else value
    head = node.label or ""
    if node.player != level_player:
        head += ":" + _player_word(node.player, num_players)
    below = _below(node.player, level_player, num_players)
    parts = [_text(c, below, num_players) for c in node.children]
    if node.probs is not None:
        parts = [f"{_format_number(p)}: {part}" for p, part in zip(node.probs, parts)]
    return head + "[" + " ".join(parts) + "]"


class Tree(Game):
    """An explicit game tree as a game: states are :class:`Node` objects.

    Make one with :func:`tree`, :func:`parse` or :func:`random_tree`.

    Actions are child indices 0..k-1 in left-to-right order; at a chance node
    they are the outcomes.  Two trees are equal when their text forms are.

    Examples
    --------
    >>> t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]], labels=True)
    >>> s = t.initial_state
    >>> t.to_move(s), t.actions(s), t.label(t.result(s, 1))
    (0, (0, 1, 2), 'C')
    >>> leaf = t.node((1, 2))
    >>> t.is_terminal(leaf), t.utility(leaf, MAX), t.utility(leaf, 1)
    (True, 6, -6)
    >>> len(t), t.height, [x.value for x in t.leaves()][:4]
    (13, 2, [3, 12, 8, 2])
    """

    def __init__(self, root: Node, num_players: int = 2):
        self.initial_state = root
        self.num_players = num_players
        self._labels = {}
        size = height = 0
        for node in self.nodes():
            size += 1
            height = max(height, len(node.path))
            if node.label is not None:
                self._labels[node.label] = node
        self._size = size
        self.height = height
        self._text = None

    # --- the game protocol; kept lean, as searches call these millions of times

    def to_move(self, node: Node) -> int:
        """Player(s): MAX, MIN, CHANCE or 0..n-1."""
        return node.player

    def actions(self, node: Node) -> tuple:
        """Actions(s): the child indices, ``()`` at a leaf."""
        return node.actions

    def result(self, node: Node, action: int) -> Node:
        """Result(s, a): the child with index ``action``; IllegalMoveError for anything else."""
        if type(action) is int and 0 <= action < len(node.children):
            return node.children[action]
        legal = f"its legal actions are {list(node.actions)}" if node.children else "it has none"
        raise IllegalMoveError(f"{action!r} is not a legal action at {_describe(node)}; {legal}")

    def is_terminal(self, node: Node) -> bool:
        """TerminalTest(s): a leaf has no children."""
        return not node.children

    def utility(self, node: Node, player: int):
        """Utility(s, p): MAX's number (negated for MIN), or ``value[player]`` for tuples."""
        if node.children:
            raise GameError(f"utility is defined at leaves only, not at {_describe(node)}")
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.num_players:
            raise GameError(f"player {player!r} is not one of the {self.num_players} players "
                            f"0..{self.num_players - 1}")
        value = node.value
        if isinstance(value, tuple):
            return value[player]
        return value if player == MAX else -value

    def chance_outcomes(self, node: Node) -> list:
        """``[(action, probability), ...]`` at a chance node."""
        if node.probs is None:
            raise GameError(f"{_describe(node)} is not a chance node")
        return list(zip(node.actions, node.probs))

    def label(self, node: Node):
        """The node's label, or None if it has none."""
        return node.label

    def render(self, node: Node) -> str:
        """The text form of the subtree below ``node``."""
        return _text(node, MAX, self.num_players)

    # --- the tree as a whole

    def node(self, key) -> Node:
        """The node at a path (a tuple of child indices), or with a label.

        Raises IllegalMoveError for a path that leaves the tree, KeyError for
        an unknown label.

        Examples
        --------
        >>> t = tree([("B", [3, 12, 8]), [2, 4, 6]])
        >>> t.node("B") is t.node((0,)), t.node([1, 0]).value
        (True, 2)
        """
        if isinstance(key, str):
            if key not in self._labels:
                raise KeyError(f"no node is labelled {key!r}; labels: {sorted(self._labels)}")
            return self._labels[key]
        node = self.initial_state
        for action in key:
            try:
                node = self.result(node, action)
            except IllegalMoveError as e:
                raise IllegalMoveError(f"no node at path {_path_text(key)}: {e}") from None
        return node

    def nodes(self) -> Iterator[Node]:
        """All nodes, in depth-first preorder (the root first, children left to right)."""
        stack = [self.initial_state]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def leaves(self) -> list:
        """The leaves, left to right."""
        return [node for node in self.nodes() if not node.children]

    def with_values(self, values: dict, at=()) -> "Tree":
        """The subtree at ``at``, with each node whose path is a key of ``values`` made a leaf of that value.

        Players, labels and probabilities are kept; paths start again at the
        new root.  ``t.with_values(answers, at=p).values()[()]`` is the value
        that the answers below ``p`` imply for ``p``: how a checker asks the
        oracle about a tree as a student filled it in.

        >>> t = tree([("B", [3, 12, 8]), ("C", [2, 4, 6])], labels=True)
        >>> str(t.with_values({(1,): 7}))
        'A[B[3 12 8] C=7]'
        >>> t.with_values({(1,): 7}).values()[()], t.with_values({}, at=(0,)).values()[()]
        (7, 3)
        """
        def copy(node, path):
            if node.path in values:
                return Node(node.label, node.player, (), None, values[node.path], path)
            children = [copy(child, path + (i,)) for i, child in enumerate(node.children)]
            return Node(node.label, node.player, children, node.probs, node.value, path)

        return Tree(copy(self.node(at), ()), self.num_players)

    def values(self, chance: str = "expectation", *, decides=None) -> dict:
        """The backed-up value of every node, keyed by path: the one oracle the checkers use.

        A decision node takes the best child for the player who moves there
        (MAX the greatest, MIN the least; with n > 2 players, the child whose
        payoff vector is best in the mover's own component, the first among
        equals: max-n).  A chance node combines its children by ``chance``,
        one of :data:`CHANCE_RULES`: ``"expectation"`` (the lecture's rule),
        or the ways students get it wrong, ``"mean"`` (probabilities ignored),
        ``"min"`` and ``"max"`` (chance played as MIN or MAX).

        ``decides(player)``, for two-player trees, names the player whose
        preference chooses at the nodes where ``player`` moves (by default the
        mover itself); checkers use it to model searches that credit the
        wrong player.

        Examples
        --------
        >>> t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
        >>> v = t.values()
        >>> v[()], v[(1,)], v[(1, 2)]
        (3, 2, 6)
        >>> t.values(decides=lambda player: MAX)[()]
        14
        >>> c = tree([chance((Fraction(1, 4), 8), (Fraction(3, 4), 0)), 1])
        >>> c.values()[()], c.values("mean")[()], c.values("min")[()]
        (Fraction(2, 1), 4.0, 1)
        """
        if chance not in CHANCE_RULES:
            raise ValueError(f"chance must be one of {', '.join(map(repr, CHANCE_RULES))}, not {chance!r}")
        combine = CHANCE_RULES[chance]
        two = self.num_players == 2
        if decides is not None and not two:
            raise ValueError(f"decides= is for two-player trees; this tree has {self.num_players} players")
        decides = decides or (lambda player: player)
        out = {}
        for node in reversed(list(self.nodes())):      # children before their parents
            if not node.children:
                out[node.path] = node.value
                continue
            kids = [out[c.path] for c in node.children]
            if node.player == CHANCE:
                out[node.path] = combine(node.probs, kids)
            elif two:
                out[node.path] = max(kids) if decides(node.player) == MAX else min(kids)
            else:
                out[node.path] = max(kids, key=lambda vector: vector[node.player])
        return out

    def __len__(self) -> int:
        return self._size

    def __str__(self) -> str:
        if self._text is None:
            self._text = _text(self.initial_state, MAX, self.num_players)
        return self._text

    def __repr__(self) -> str:
        text = str(self)
        return f"parse({text if len(text) <= 60 else text[:56] + ' ...'!r})"

    def __eq__(self, other) -> bool:
        if not isinstance(other, Tree):
            return NotImplemented
        return str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))

    def to_networkx(self):
        """The tree as a ``networkx.DiGraph`` whose nodes are keyed by path.

        Node attributes: ``player``, ``value`` (None at inner nodes),
        ``label`` (None when unlabelled), ``terminal`` and ``state`` (the
        Node).  Edges carry the ``action`` and, below a chance node, the
        ``probability``.  The graph attribute ``num_players`` is set.

        Examples
        --------
        >>> g = tree([chance((0.25, 1), (0.75, 5))]).to_networkx()
        >>> g.number_of_nodes(), g.edges[(0,), (0, 1)]["probability"]
        (4, 0.75)
        """
        import networkx as nx

        graph = nx.DiGraph(num_players=self.num_players)
        for node in self.nodes():
            graph.add_node(node.path, player=node.player, value=node.value, label=node.label,
                           terminal=not node.children, state=node)
            for action, child in zip(node.actions, node.children):
                graph.add_edge(node.path, child.path, action=action)
                if node.probs is not None:
                    graph.edges[node.path, child.path]["probability"] = node.probs[action]
        return graph


# ------------------------------------------------------------- the front doors


def tree(spec, *, root=MAX, labels=False, num_players=None) -> Tree:
    """Build a game tree from nested lists.

    Parameters
    ----------
    spec : nested lists
        A number is a leaf holding MAX's utility; a tuple of numbers is an
        n-player leaf with one payoff per player; a list is a decision node;
        ``chance((p, node), ...)`` is a chance node; ``(label, node)`` names a
        node, e.g. ``("B", [3, 12, 8])``.
    root : int
        The player at the root (MAX by default; MIN, or 0..n-1).  Levels below
        alternate; chance nodes do not count as a level.
    labels : bool
        Name every unlabelled inner node "A", "B", ... in breadth-first order.
    num_players : int, optional
        The number of players, inferred from the leaves when not given:
        2 for number leaves, n for tuples of n payoffs.

    Returns
    -------
    Tree

    Raises
    ------
    InvalidTreeError
        For a malformed spec; the message names the path, e.g. ``at [1][2]``.
        A spec that contains itself is refused where the cycle closes, and a
        spec more than :data:`MAX_DEPTH` levels deep where it goes too deep.

    Examples
    --------
    >>> t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]], labels=True)
    >>> print(t)
    A[B[3 12 8] C[2 4 6] D[14 5 2]]
    >>> print(tree([[1, 2], 3], root=MIN))
    :min[[1 2] 3]
    >>> tree([[(1, 2, 3), (3, 2, 1)]]).num_players
    3
    >>> tree([[3, 12], "x"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    advsearch.game.InvalidTreeError: at [1]: 'x' is not a valid node: ...
    >>> loop = [1, 2]
    >>> loop.append(loop)
    >>> tree(loop)
    Traceback (most recent call last):
    ...
    advsearch.game.InvalidTreeError: at [2]: the spec is cyclic: this list is the one at the root, which contains it, so the tree would never end
    """
    return _build(_from_spec(spec), root=root, labels=labels, num_players=num_players)


def parse(text: str) -> Tree:
    """Read a tree from its plain-text form, the inverse of ``str(tree)``.

    Parameters
    ----------
    text : str
        See the grammar in the module docstring.  Whitespace, commas and
        newlines separate items and ``#`` starts a comment.

    Returns
    -------
    Tree

    Raises
    ------
    InvalidTreeError
        Naming what was expected, the character offset and the path; also
        for a tree more than :data:`MAX_DEPTH` levels deep.

    Examples
    --------
    >>> t = parse("A[B[3 12 8] C[2 4 6] D[14 5 2]]")
    >>> t.label(t.initial_state.children[2]), t.node("D").player
    ('D', 1)
    >>> t = parse(":chance[1/2: [3 5] 1/2: :min[1 9]]")
    >>> t.chance_outcomes(t.initial_state)
    [(0, Fraction(1, 2)), (1, Fraction(1, 2))]
    >>> parse("[3 12")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    advsearch.game.InvalidTreeError: at the root (character 5): expected ']' to close ...
    >>> parse("[" * 101 + "1" + "]" * 101)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    advsearch.game.InvalidTreeError: at [0][0][0][0]...[0][0][0][0] (101 levels down, character 101): the tree is too deep; a tree may be at most 100 levels deep ...
    """
    if not isinstance(text, str):
        raise TypeError(f"parse() reads text, not {type(text).__name__}; for nested lists use tree()")
    return _build(_Parser(text).whole())


def _check_random_args(lo, hi, depth, low, high, players, root):
    def whole(x):
        return isinstance(x, int) and not isinstance(x, bool)

    if not (whole(lo) and whole(hi)) or lo < 1 or lo > hi:
        raise ValueError(f"branching must be an int >= 1 or a pair (lo, hi) with 1 <= lo <= hi, "
                         f"not {(lo, hi) if lo != hi else lo!r}")
    if not whole(depth) or depth < 0:
        raise ValueError(f"depth must be an int >= 0 plies, not {depth!r}")
    if not (whole(low) and whole(high)) or low > high:
        raise ValueError(f"leaf values come from low..high, so low={low!r} and high={high!r} "
                         "must be ints with low <= high")
    if not whole(players) or players < 2:
        raise ValueError(f"num_players must be an int >= 2, not {players!r}")
    _check_root(root, players)


def _branching_range(branching) -> tuple:
    """``b`` -> ``(b, b)``; a pair ``(lo, hi)`` stays as it is."""
    if isinstance(branching, (tuple, list)) and len(branching) == 2:
        return tuple(branching)
    return branching, branching


def check_random_size(call: str, branching, depth: int, *, chance=False, max_nodes=None) -> int:
    """Refuse at once a random tree too deep or too big to build; else return its number of nodes.

    Nothing is built: the size is counted from the shape, 1 + b + b² + ... +
    b^levels, where the levels are the depth, or twice the depth when a chance
    level sits below every decision level.  With uneven branching (lo, hi) it
    is the most the tree can have: hi children at every inner node.

    Parameters
    ----------
    call : str
        The call that asked for the tree, to start the message with.
    branching, depth, chance
        As in :func:`random_tree`, already checked.
    max_nodes : int, optional
        The most nodes allowed; :data:`MAX_NODES` unless given.

    Returns
    -------
    int
        The number of nodes (at most, for uneven branching).

    Raises
    ------
    ValueError
        When the tree would be more than :data:`MAX_DEPTH` levels deep or
        have more than ``max_nodes`` nodes, saying how deep or big it would be.

    Examples
    --------
    >>> check_random_size("random_tree(3, 2)", 3, 2), check_random_size("random_tree(2, 1)", 2, 1, chance=True)
    (13, 7)
    >>> check_random_size("random_tree(2, 60, chance=True)", 2, 60, chance=True)
    Traceback (most recent call last):
    ...
    ValueError: random_tree(2, 60, chance=True) would be 120 levels deep, chance levels included; a tree may be at most 100 levels deep (advsearch.trees.MAX_DEPTH): lower the depth
    """
    levels = 2 * depth if chance else depth
    if levels > MAX_DEPTH:
        raise ValueError(f"{call} would be {levels} levels deep{', chance levels included' if chance else ''}; "
                         f"a tree may be at most {MAX_DEPTH} levels deep (advsearch.trees.MAX_DEPTH): "
                         "lower the depth")
    lo, hi = _branching_range(branching)
    nodes = sum(hi ** level for level in range(levels + 1))
    most = MAX_NODES if max_nodes is None else max_nodes
    if nodes > most:
        would = "would have" if lo == hi else "could have up to"
        notes = [f"{hi} children at every inner node"] if lo != hi else []
        notes += ["chance nodes included"] if chance else []
        counted = f" ({', '.join(notes)})" if notes else ""
        raise ValueError(f"{call} {would} {nodes:,} nodes{counted}; the most it builds is {most:,}: "
                         "lower the depth or the branching")
    return nodes


def random_tree(branching, depth, *, seed=None, low=-9, high=9, chance=False, num_players=None,
                root=MAX, labels=False) -> Tree:
    """A reproducible random game tree.

    Parameters
    ----------
    branching : int or (int, int)
        Children per inner node: exactly b, or uniformly lo..hi for uneven trees.
    depth : int
        Decision plies; 0 gives a single leaf.
    seed : optional
        Seed of the ``random.Random`` used; the global generator is never touched.
    low, high : int
        Leaf values (each payoff) are uniform ints in low..high.
    chance : bool
        Put a chance node below every decision node (MAX, chance, MIN,
        chance, ...), with branching as above and probabilities from random
        integer weights as exact Fractions.
    num_players : int
        Two by default; with n > 2, leaves are tuples of n payoffs.
    root, labels
        As in :func:`tree`.

    Returns
    -------
    Tree

    Raises
    ------
    ValueError
        For bad arguments; and at once, before anything is built, for a tree
        of more than :data:`MAX_DEPTH` levels (chance levels count) or more
        than :data:`MAX_NODES` nodes (with hi children at every inner node,
        for uneven branching lo..hi).  See :func:`check_random_size`.

    Examples
    --------
    >>> t = random_tree(2, 3, seed=1)
    >>> len(t), t.height, t == random_tree(2, 3, seed=1)
    (15, 3, True)
    >>> print(random_tree(2, 1, seed=7, chance=True))
    [:chance[1/2: 3 1/2: -8] :chance[2/3: 9 1/3: -8]]
    >>> random_tree(10, 10)
    Traceback (most recent call last):
    ...
    ValueError: random_tree(10, 10) would have 11,111,111,111 nodes; the most it builds is 1,000,000: lower the depth or the branching
    """
    players = 2 if num_players is None else num_players
    lo, hi = _branching_range(branching)
    _check_random_args(lo, hi, depth, low, high, players, root)
    shown_chance = f", chance={chance!r}" if chance else ""
    check_random_size(f"random_tree({branching!r}, {depth!r}{shown_chance})", (lo, hi), depth, chance=chance)
    rng = random.Random(seed)

    def payoff():
        if players == 2:
            return rng.randint(low, high)
        return tuple(rng.randint(low, high) for _ in range(players))

    def decision(plies):
        if plies == 0:
            return payoff()
        return [below(plies - 1) for _ in range(rng.randint(lo, hi))]

    def below(plies):
        if not chance:
            return decision(plies)
        subtrees = [decision(plies) for _ in range(rng.randint(lo, hi))]
        weights = [rng.randint(1, 4) for _ in subtrees]
        return ChanceSpec(tuple((Fraction(w, sum(weights)), s) for w, s in zip(weights, subtrees)))

    return tree(decision(depth), root=root, labels=labels)
