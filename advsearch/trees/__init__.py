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

Where things are
----------------
This module holds the front doors, :func:`tree`, :func:`parse` and
:func:`random_tree`, and the limits they keep.  :mod:`~advsearch.trees.structure`
holds :class:`Node` and :class:`Tree`, the game protocol and the value oracle
(:meth:`Tree.values`, :data:`CHANCE_RULES`); :mod:`~advsearch.trees.text_form`
writes and reads the text form; :mod:`~advsearch.trees.building` reads the
nested-list form (:func:`chance`) and checks and builds a tree from either.
Import them all from here.

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

import random
from fractions import Fraction

from .. import validation
from ..game import MAX, MIN
from .building import PROBABILITY_TOLERANCE, ChanceSpec, build, chance, check_root, read_spec, spreadsheet_name
from .structure import CHANCE_RULES, Node, Tree
from .text_form import MAX_BITS, Parser

__all__ = ["Node", "Tree", "chance", "parse", "random_tree", "tree", "check_random_size",
           "CHANCE_RULES", "MAX_DEPTH", "MAX_NODES"]

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
    return build(read_spec(spec, MAX_DEPTH), root=root, labels=labels, num_players=num_players)


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
    return build(Parser(text, MAX_DEPTH).whole())


# ---------------------------------------------------------------- random trees


def _check_random_args(lo, hi, depth, low, high, players, root):
    whole = validation.is_whole_number

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
    check_root(root, players)


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
