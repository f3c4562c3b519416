"""The text form of a tree, both ways: how ``str`` writes a tree and how :func:`~advsearch.trees.parse` reads it.

Writing: :func:`text_of` writes the subtree below a node, with a player marker
only where the player differs from the alternation, and numbers that read
back as the same value and type.  Reading: :class:`Parser`, a recursive
descent with one method per rule of the grammar in :mod:`advsearch.trees`,
turns the text into a :class:`Draft`, the unchecked tree that the nested-list
form gives too; :func:`~advsearch.trees.parse` checks the draft and grows the
Tree (:mod:`advsearch.trees.building`).

Here too is what both forms share: the checks of a tree's depth and of the
size of its numbers, and how messages name a path (``[1][2]``) and show a part
of a spec.
"""

from __future__ import annotations

import math
import re
import reprlib
from fractions import Fraction
from typing import NamedTuple

from ..game import CHANCE, MAX, MIN, InvalidTreeError


#: The most bits a whole number (or a fraction's numerator or denominator) in a tree may have.
MAX_BITS = 1024

_PLAYER_WORDS = {"max": MAX, "min": MIN, "chance": CHANCE}


# ---------------------------------------------------------------- small helpers


def path_text(path) -> str:
    """``(1, 2)`` -> ``"[1][2]"``; the root is ``"[]"``."""
    return "".join(f"[{i}]" for i in path) or "[]"


def where(path) -> str:
    return f"at {path_text(path)}" if path else "at the root"


def invalid(path, message, offset=None) -> InvalidTreeError:
    """The error for a malformed tree: where it is, what is wrong and, in text, at which character."""
    at = "" if offset is None else f" (character {offset})"
    return InvalidTreeError(f"{where(path)}{at}: {message}")


def check_depth(path, max_depth: int, offset=None):
    """Refuse a node more than ``max_depth`` levels down, before anything below it is read."""
    if len(path) <= max_depth:
        return
    ends = f"{path_text(path[:4])}...{path_text(path[-4:])}" if len(path) > 8 else path_text(path)
    at = "" if offset is None else f", character {offset}"
    raise InvalidTreeError(f"at {ends} ({len(path)} levels down{at}): the tree is too deep; a tree may be "
                           f"at most {max_depth} levels deep (advsearch.trees.MAX_DEPTH), so that searching "
                           "and drawing it stay well inside Python's recursion limit")


class _ShortRepr(reprlib.Repr):
    """``repr`` for messages: long values are cut short, deep nesting is shown as ``[...]``."""

    def __init__(self):
        super().__init__()
        self.maxlevel, self.maxstring, self.maxother = 3, 40, 40

    def repr_ChanceSpec(self, spec, level):
        return "chance(" + ", ".join(self.repr1(b, level - 1) for b in spec.branches) + ")"


#: A part of a spec, as messages show it: never too long, and safe for any nesting.
show = _ShortRepr().repr


def format_number(x) -> str:
    """Write a number so that :func:`~advsearch.trees.parse` reads back the same value and type."""
    if isinstance(x, Fraction):
        return f"{x.numerator}/{x.denominator}"
    return repr(x)


def format_value(value) -> str:
    """A leaf value: a number, or ``(a,b,c)`` for an n-player payoff tuple."""
    if isinstance(value, tuple):
        return "(" + ",".join(map(format_number, value)) + ")"
    return format_number(value)


def player_word(player: int, num_players: int) -> str:
    """The text form's name of a player: max, min, chance, or p0, p1, ... when n > 2."""
    if player == CHANCE:
        return "chance"
    if num_players == 2:
        return "max" if player == MAX else "min"
    return f"p{player}"


def level_below(mover: int, level_player: int, num_players: int) -> int:
    """The player at the level below a node: chance nodes pass their level on unchanged."""
    return level_player if mover == CHANCE else (mover + 1) % num_players


def check_bits(n: int, what: str, path, offset=None) -> int:
    """``n``, or an InvalidTreeError if it has more than :data:`MAX_BITS` bits (too long to print)."""
    if n.bit_length() > MAX_BITS:
        raise invalid(path, f"{what} has a number of {n.bit_length():,} bits; a tree's numbers may have at most "
                             f"{MAX_BITS:,} bits (about 300 digits) so that they can be printed", offset)
    return n


# ------------------------------------------------- drafts: the common middle
#
# Both front ends (nested lists, text) produce a draft: a mutable, unchecked
# tree carrying only what the input said.  One back end checks a draft and
# turns it into Nodes, so both forms obey exactly the same rules.


class Draft:
    """A tree as its input gave it, unchecked: what :class:`Parser` and the nested-list reader make."""

    __slots__ = ("label", "player", "children", "probs", "value", "offset")

    def __init__(self, label=None, player=None, children=None, probs=None, value=None, offset=None):
        self.label = label        # str or None
        self.player = player      # an explicit player marker, or None for the alternation
        self.children = children  # list of drafts; None for a leaf
        self.probs = probs        # list of probabilities at a chance node, else None
        self.value = value        # a leaf's number or tuple
        self.offset = offset      # character offset in the text form, if parsed


# ------------------------------------------------------------ writing the text


def text_of(node, level_player: int, num_players: int) -> str:
    """The text form of the subtree at ``node``, whose level belongs to ``level_player``."""
    if not node.children:
        value = format_value(node.value)
        return f"{node.label}={value}" if node.label else value
    head = node.label or ""
    if node.player != level_player:
        head += ":" + player_word(node.player, num_players)
    below = level_below(node.player, level_player, num_players)
    parts = [text_of(c, below, num_players) for c in node.children]
    if node.probs is not None:
        parts = [f"{format_number(p)}: {part}" for p, part in zip(node.probs, parts)]
    return head + "[" + " ".join(parts) + "]"


# ------------------------------------------------------------ reading the text


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
    return "the end of the text" if tok.kind == "end" else show(tok.text)


class Parser:
    """Recursive descent over the tokens of the text form, one method per grammar rule."""

    def __init__(self, text: str, max_depth: int):
        self.tokens, self.unread = [], _tokenize(text)
        self.i = 0
        self.max_depth = max_depth

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
        raise invalid(path, f"expected {expected}, found {_describe_token(tok)}", tok.offset)

    def expect(self, kind: str, expected: str, path) -> _Token:
        tok = self.take()
        if tok.kind != kind:
            self.fail(expected, tok, path)
        return tok

    def whole(self) -> Draft:
        draft = self.node(())
        self.expect("end", "the end of the text after the root node", ())
        return draft

    def node(self, path) -> Draft:
        """node := leaf | inner, with an optional label in front of either."""
        start = self.peek()
        check_depth(path, self.max_depth, start.offset)
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
                self.fail(f"'[', ':' or '=' after the label {show(start.text)}", after, path)
            label = start.text
            self.i += 1
        elif start.kind not in ("[", ":"):
            self.fail("a node: a number, '(', a label, ':' or '['", start, path)
        player = self.player_marker(path)
        return self.children(label, player, path, start.offset)

    def leaf(self, path, label) -> Draft:
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
        return Draft(label=label, value=value, offset=start.offset)

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

    def children(self, label, player, path, offset) -> Draft:
        """'[' child* ']'; under a chance node every child is 'prob: node'."""
        opening = self.expect("[", "'[' to open the node's children", path)
        draft = Draft(label=label, player=player, children=[], offset=offset,
                      probs=[] if player == CHANCE else None)
        while self.peek().kind != "]":
            here = path + (len(draft.children),)
            if self.peek().kind == "end":
                self.fail(f"']' to close the '[' at character {opening.offset}", self.peek(), path)
            if draft.probs is not None:
                draft.probs.append(self.number(here, "a probability ('p: node') for a chance branch"))
                self.expect(":", "':' after the probability", here)
            elif self.probability_here():
                raise invalid(here, f"{self.peek().text}: looks like a probability, but only a "
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
            raise invalid(path, f"{text} divides by zero", tok.offset)
        return Fraction(numerator, denominator)
    if any(c in text for c in ".eE"):
        value = float(text)
        if not math.isfinite(value):
            raise invalid(path, f"{show(text)} is too large for a float", tok.offset)
        return value
    return _read_int(text, tok, path)


def _read_int(digits: str, tok: _Token, path) -> int:
    """``int(digits)``, refusing a number of more than :data:`MAX_BITS` bits, as :func:`tree` does.

    Python converts at most ``sys.get_int_max_str_digits()`` digits, so a far
    longer number is refused by its count of digits, before converting it.
    """
    if len(digits.lstrip("-0")) > MAX_BITS:      # more digits than bits: surely too long
        raise invalid(path, f"the number {show(tok.text)} has too many digits ({len(digits)}) to read",
                      tok.offset)
    return check_bits(int(digits), f"the number {show(tok.text)}", path, tok.offset)

