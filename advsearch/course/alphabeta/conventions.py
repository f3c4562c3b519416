"""The ways of searching a graded search is compared with, and what the reference searches visit under each.

A search function is run through a :class:`~advsearch.recording.RecordingGame`,
which logs the order in which it expands nodes and scores leaves, and the log
is compared with the reference search under each of several
:data:`CONVENTIONS`: the lecture's alpha-beta (cut when v ≥ β or v ≤ α,
children left to right), the strict cut test, children right to left, and
plain minimax.  The report says which conventions the function follows, and
``credit`` gives the share of the points that a convention other than the
asked-for one earns.  Plain minimax earns nothing for alpha-beta: every tree
of the battery has a cut.

The reference searches are the package's own
:func:`~advsearch.minimax` and :func:`~advsearch.alphabeta` with ``order=``,
and their traces give the visits (:meth:`~advsearch.result.Trace.visits`) and
the leaves never scored (:meth:`~advsearch.result.Trace.unvisited_leaves`).
"""

from __future__ import annotations

from typing import NamedTuple

from ...search import alphabeta, minimax
from ..shared.reading import as_tree


class Convention(NamedTuple):
    """A way of searching: the algorithm, the cut test and the order of the children.

    ``key`` names it in reports and in ``credit`` dicts; ``text`` describes it.
    """

    key: str
    algorithm: str          # "alphabeta" or "minimax"
    prune_on_equal: bool
    reverse: bool           # children right to left
    text: str


#: The conventions :func:`~advsearch.grading.assess_search` recognises, the lecture's first.
CONVENTIONS = (
    Convention("lecture", "alphabeta", True, False,
               "the lecture's alpha-beta: cut when v ≥ β (MAX) or v ≤ α (MIN), children left to right"),
    Convention("strict", "alphabeta", False, False,
               "alpha-beta that cuts only strictly beyond the bound (v > β, v < α), children left to right"),
    Convention("reversed", "alphabeta", True, True,
               "alpha-beta cutting on ties, with the children searched right to left"),
    Convention("strict_reversed", "alphabeta", False, True,
               "alpha-beta cutting only strictly, with the children searched right to left"),
    Convention("minimax", "minimax", True, False,
               "plain minimax, every node searched, children left to right"),
    Convention("minimax_reversed", "minimax", True, True,
               "plain minimax with the children searched right to left"),
)

#: The :data:`CONVENTIONS` by key.
BY_KEY = {c.key: c for c in CONVENTIONS}


def right_to_left(state, actions) -> list:
    """The ``order=`` of a search that takes the children right to left."""
    return list(actions)[::-1]


def reference_visits(t, algorithm: str = "alphabeta", *, prune_on_equal: bool = True,
                     reverse: bool = False) -> list:
    """The visits (as :meth:`RecordingGame.visits` lists them) of the reference search of ``t``.

    Parameters
    ----------
    t : Tree
        An explicit two-player tree.
    algorithm : {"alphabeta", "minimax"}
    prune_on_equal : bool
        The cut test of alpha-beta.
    reverse : bool
        Search the children right to left.

    Examples
    --------
    >>> from advsearch import examples
    >>> [p for k, p in reference_visits(examples.two_ply(), "minimax") if k == "score"][:3]
    [(0, 0), (0, 1), (0, 2)]
    >>> [p for k, p in reference_visits(examples.two_ply(), "minimax", reverse=True) if k == "score"][:3]
    [(2, 2), (2, 1), (2, 0)]
    >>> len(reference_visits(examples.two_ply(), "alphabeta")), len(reference_visits(examples.two_ply(), "minimax"))
    (11, 13)
    """
    if algorithm not in ("alphabeta", "minimax"):
        raise ValueError(f"algorithm must be 'alphabeta' or 'minimax', not {algorithm!r}")
    t = as_tree(t)
    order = right_to_left if reverse else None
    if algorithm == "minimax":
        return minimax(t, trace=True, order=order).trace.visits()
    return alphabeta(t, trace=True, prune_on_equal=prune_on_equal, order=order).trace.visits()


def pruned_leaves(t, prune_on_equal: bool = True, reverse: bool = False) -> set:
    """The paths of the leaves of ``t`` that alpha-beta never scores, with this cut test and order.

    >>> from advsearch import examples
    >>> sorted(pruned_leaves(examples.two_ply()))
    [(1, 1), (1, 2)]
    """
    t = as_tree(t)
    order = right_to_left if reverse else None
    trace = alphabeta(t, trace=True, prune_on_equal=prune_on_equal, order=order).trace
    return set(trace.unvisited_leaves())
