"""Building a Tree from a draft, and reading the nested-list form (with :func:`chance`) into a draft.

Both written forms give a draft (:class:`~advsearch.trees.text_form.Draft`),
an unchecked tree carrying only what the input said: :func:`read_spec` reads
nested lists, :class:`~advsearch.trees.text_form.Parser` the text.  One back
end, :func:`build`, checks a draft (shape, labels, probabilities, leaves,
players) and grows the :class:`~advsearch.trees.Node` objects of a
:class:`~advsearch.trees.Tree`, so that both forms obey exactly the same
rules.  The front doors, ``tree``, ``parse`` and ``random_tree``, are
:mod:`advsearch.trees`'s own, with the limits they pass on.
"""

from __future__ import annotations

import itertools
import math
import numbers
import re
from collections import deque
from dataclasses import dataclass
from fractions import Fraction

from .. import validation
from ..game import CHANCE, MAX, InvalidTreeError
from .structure import Node, Tree
from .text_form import Draft, check_bits, check_depth, format_number, format_value, invalid, level_below, show, where


#: Probabilities of a chance node must sum to 1 within this tolerance.
PROBABILITY_TOLERANCE = 1e-9

_LABEL = re.compile(r"[^\W\d][\w']*\Z")


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
    >>> from advsearch.trees import tree
    >>> t = tree([chance((Fraction(1, 3), 6), (Fraction(2, 3), 0)), 1])
    >>> print(t)
    [:chance[1/3: 6 2/3: 0] 1]
    >>> t.chance_outcomes(t.initial_state.children[0])
    [(0, Fraction(1, 3)), (1, Fraction(2, 3))]
    """
    return ChanceSpec(branches)


# ----------------------------------------------------- front end: nested lists


_NODE_FORMS = (
    "a number (a leaf), a tuple of numbers (an n-player leaf), a list (a decision node), "
    "chance(...) (a chance node) or a pair (label, node)"
)


def _spec_number(x, what: str, path):
    """``x`` as an int, float or Fraction; an InvalidTreeError naming ``path`` otherwise."""
    if isinstance(x, bool) or not isinstance(x, numbers.Real):
        kind = "a bool" if isinstance(x, bool) else "not a number"
        raise invalid(path, f"{what} {show(x)} is {kind}; expected an int, float or Fraction")
    if isinstance(x, numbers.Rational):
        for part in (x.numerator, x.denominator):
            check_bits(int(part), what, path)
        return int(x) if isinstance(x, numbers.Integral) else Fraction(x.numerator, x.denominator)
    x = float(x)
    if not math.isfinite(x):
        raise invalid(path, f"{what} {x!r} is not a finite number")
    return x


def read_spec(spec, max_depth: int) -> Draft:
    """The draft of a nested-list spec; an InvalidTreeError where it is more than ``max_depth`` levels deep."""
    return _from_spec(spec, (), {}, max_depth)


def _from_spec(spec, path, enclosing: dict, max_depth: int) -> Draft:
    """Turn a nested-list spec into a draft, checking what only the spec form can get wrong.

    ``enclosing`` maps the id of every list and chance(...) around ``spec`` to
    its path, so that a spec containing itself is refused, not read forever.
    """
    check_depth(path, max_depth)
    if isinstance(spec, (list, ChanceSpec)):
        return _inner_from_spec(spec, path, enclosing, max_depth)
    if _is_labelled(spec):
        return _labelled_from_spec(spec, path, enclosing, max_depth)
    if isinstance(spec, tuple):
        return Draft(value=tuple(_spec_number(x, "payoff", path) for x in spec))
    if isinstance(spec, (numbers.Number, bool)):
        return Draft(value=_spec_number(spec, "leaf", path))
    hint = "; to read the text form, use parse()" if isinstance(spec, str) and not path else ""
    raise invalid(path, f"{show(spec)} is not a valid node: expected {_NODE_FORMS}{hint}")


def _is_labelled(spec) -> bool:
    return isinstance(spec, tuple) and bool(spec) and isinstance(spec[0], str)


def _inner_from_spec(spec, path, enclosing: dict, max_depth: int) -> Draft:
    """A list or chance(...): read its children while it is marked as enclosing them."""
    kind = "list" if isinstance(spec, list) else "chance(...)"
    if id(spec) in enclosing:
        raise invalid(path, f"the spec is cyclic: this {kind} is the one {where(enclosing[id(spec)])}, "
                             "which contains it, so the tree would never end")
    enclosing[id(spec)] = path
    if isinstance(spec, list):
        draft = Draft(children=[_from_spec(s, path + (i,), enclosing, max_depth) for i, s in enumerate(spec)])
    else:
        draft = _chance_from_spec(spec.branches, path, enclosing, max_depth)
    del enclosing[id(spec)]
    return draft


def _labelled_from_spec(spec: tuple, path, enclosing: dict, max_depth: int) -> Draft:
    if len(spec) != 2:
        raise invalid(path, f"{show(spec)}: a labelled node is a pair (label, node), "
                             f"not a tuple of {len(spec)} items")
    label, sub = spec
    if _is_labelled(sub) and len(sub) == 2:
        raise invalid(path, f"the node has two labels, {show(label)} and {show(sub[0])}")
    draft = _from_spec(sub, path, enclosing, max_depth)
    draft.label = label
    return draft


def _chance_from_spec(branches, path, enclosing: dict, max_depth: int) -> Draft:
    probs, children = [], []
    for i, branch in enumerate(branches):
        here = path + (i,)
        if not (isinstance(branch, (tuple, list)) and len(branch) == 2):
            raise invalid(here, f"a chance branch is a pair (probability, node), not {show(branch)}")
        probs.append(_spec_number(branch[0], "probability", here))
        children.append(_from_spec(branch[1], here, enclosing, max_depth))
    return Draft(player=CHANCE, children=children, probs=probs)


# --------------------------------------------------- back end: draft -> Tree


def _check(root: Draft):
    """Check a draft's shape, labels, probabilities and leaves; return the leaf payoff count.

    The count is None when the leaves are single numbers (two players, zero sum).
    Problems are reported in depth-first order, the first one raised.
    """
    labels: dict = {}
    first_leaf: list = []  # [(path, draft)] of the first leaf seen

    def visit(d: Draft, path):
        if d.label is not None:
            _check_label(d, path, labels)
        if d.children is None:
            _check_leaf(d, path, first_leaf)
            return
        if not d.children:
            what = "a chance node with no branches" if d.probs is not None else "an empty child list"
            raise invalid(path, f"{what}; an inner node needs at least one child", d.offset)
        if d.probs is not None:
            _check_probabilities(d, path)
        for i, child in enumerate(d.children):
            visit(child, path + (i,))

    visit(root, ())
    return _arity(first_leaf[0][1].value)


def _check_label(d: Draft, path, labels: dict):
    label = d.label
    if not (isinstance(label, str) and _LABEL.match(label)):
        raise invalid(path, f"label {show(label)} is not a valid name: use a non-empty identifier "
                             "such as 'B', 'b1' or \"A'\"", d.offset)
    if label in labels:
        raise invalid(path, f"duplicate label {show(label)}, already used {where(labels[label])}", d.offset)
    labels[label] = path


def _check_leaf(d: Draft, path, first_leaf: list):
    value = d.value
    if isinstance(value, tuple) and len(value) < 2:
        raise invalid(path, f"the n-player leaf {format_value(value)} needs one payoff per "
                             "player, at least 2", d.offset)
    if not first_leaf:
        first_leaf.append((path, d))
        return
    first_path, first = first_leaf[0]
    if _arity(value) != _arity(first.value):
        raise invalid(path, f"leaf {format_value(value)} {_arity_text(value)}, but the leaf "
                             f"{format_value(first.value)} {where(first_path)} "
                             f"{_arity_text(first.value)}; all leaves must match", d.offset)


def _arity(value):
    return len(value) if isinstance(value, tuple) else None


def _arity_text(value) -> str:
    return f"has {len(value)} payoffs" if isinstance(value, tuple) else "is a single number"


def _check_probabilities(d: Draft, path):
    for i, p in enumerate(d.probs):
        if p <= 0:
            raise invalid(path + (i,), f"probability {format_number(p)} is not positive; "
                                        "every chance branch needs a probability > 0", d.offset)
    total = sum(d.probs)
    if abs(total - 1) > PROBABILITY_TOLERANCE:
        raise invalid(path, f"the chance probabilities sum to {format_number(total)}, not 1",
                      d.offset)


def _resolve_num_players(arity, num_players) -> int:
    """The number of players, from the leaves and the optional ``num_players`` argument."""
    if num_players is not None:
        validation.whole_number("num_players", num_players, least=2)
    found = 2 if arity is None else arity
    if num_players is not None and num_players != found:
        leaves = "single numbers" if arity is None else f"tuples of {arity} payoffs"
        raise InvalidTreeError(f"num_players={num_players}, but the leaves are {leaves} "
                               f"(a {found}-player tree)")
    return found


def check_root(root, num_players: int):
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


def _auto_label(root: Draft):
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


def _grow(d: Draft, level_player: int, num_players: int, path) -> Node:
    """Make the Node for a checked draft; ``level_player`` moves here unless a marker says otherwise."""
    if d.children is None:
        return Node(d.label, level_player, (), None, d.value, path)
    mover = level_player if d.player is None else d.player
    if mover != CHANCE and not 0 <= mover < num_players:
        raise invalid(path, f"player p{mover} does not exist in a {num_players}-player tree",
                      d.offset)
    below = level_below(mover, level_player, num_players)
    children = [_grow(c, below, num_players, path + (i,)) for i, c in enumerate(d.children)]
    probs = tuple(d.probs) if d.probs is not None else None
    return Node(d.label, mover, children, probs, None, path)


def build(draft: Draft, *, root=MAX, labels=False, num_players=None) -> Tree:
    """The Tree of a draft, checked: ``root`` moves at the root, and ``labels`` names the unlabelled inner nodes."""
    n = _resolve_num_players(_check(draft), num_players)
    check_root(root, n)
    if labels:
        _auto_label(draft)
    return Tree(_grow(draft, root, n, ()), n)
