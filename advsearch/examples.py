"""The worked examples of the lectures, as named trees and positions.

Each function builds a fresh game, so notebooks and tests can use them freely.

>>> from advsearch import examples, minimax
>>> minimax(examples.two_ply()).value
3
"""

from __future__ import annotations

from .game import MIN
from .games import Grundy
from .trees import parse, tree

__all__ = ["two_ply", "grundy7", "three_player", "effects_of_alpha_beta", "TWO_PLY", "THREE_PLAYER",
           "EFFECTS_OF_ALPHA_BETA"]

#: The leaves of the two-ply example, MIN node by MIN node.
TWO_PLY = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def two_ply():
    """The two-ply game tree: MAX at A, MIN at B, C, D, leaves 3 12 8 / 2 4 6 / 14 5 2.

    Minimax gives B = 3, C = 2, D = 2, so A = 3 and MAX moves to B.  Alpha-beta
    in natural order prunes C's last two leaves (4 and 6) and scores 7 of the 9.

    Source: Russell & Norvig, *Artificial Intelligence: A Modern Approach*,
    Figures 5.2 and 5.5 (3rd and 4th eds.); Sebastiani's chapter-5 slides,
    "A two-ply game tree", with alpha-beta frames (a)-(f).

    >>> t = two_ply()
    >>> [t.label(t.result(t.initial_state, a)) for a in t.actions(t.initial_state)]
    ['B', 'C', 'D']
    """
    return tree(TWO_PLY, labels=True)


#: The leaves of the three-player example, left to right in nested lists: payoffs (P0, P1, P2).
THREE_PLAYER = [[[(1, 2, 3), (4, 2, 1)], [(6, 1, 2), (7, 4, -1)]],
                [[(5, -1, -1), (-1, 5, 2)], [(7, 7, -1), (5, 4, 5)]]]


def three_player():
    """The three-player tree of lectures 01 and 05: P0 at A, P1 at B and C, P2 at D..G, eight leaves.

    Each leaf holds a payoff vector (P0, P1, P2).  Max-n backs up, at each
    node, the child's vector best for the player to move: D = (1, 2, 3),
    E = (6, 1, 2), F = (−1, 5, 2), G = (5, 4, 5); then P1 takes B = D =
    (1, 2, 3) and C = F = (−1, 5, 2); and P0 at the root gets A = (1, 2, 3),
    though two leaves would give it 7.  Paranoid search (P0 against P1 and
    P2 together) gives P0 the value 1 on the same path.

    The tree, leaf for leaf, is MIT 6.034's recitation example (fall 2004); lecture 05 builds it as ``SPEC``.

    >>> from advsearch import maxn, paranoid
    >>> t = three_player()
    >>> maxn(t).value, maxn(t).pv, paranoid(t).stats.searcher_value
    ((1, 2, 3), (0, 0, 0), 1)
    >>> [t.label(t.result(t.initial_state, a)) for a in t.actions(t.initial_state)]
    ['B', 'C']
    """
    return tree(THREE_PLAYER, labels=True)


def grundy7():
    """Grundy's game from one heap of 7 tokens, with MIN moving first, as in the lecture.

    The player to move from 7 loses with best play (7 has Grundy value 0,
    OEIS A002188), so here MIN loses and the minimax value is +1 for MAX.

    Source: Oommen's Carleton slides, "Mini-Max for Nim" (the splitting game
    they call Nim is Grundy's game); the example goes back to Nilsson,
    *Problem-Solving Methods in Artificial Intelligence* (1971).

    >>> from advsearch import minimax
    >>> minimax(grundy7()).value
    1
    """
    return Grundy(7, first=MIN)


#: Oommen's "Effects of α-β" tree, in the text form of :func:`advsearch.trees.parse`, with the slide's labels.
EFFECTS_OF_ALPHA_BETA = "C[A[F[f1=2 f2=3] B[b1=5 b2=9]] D[G[g1=0 g2=-1] H[h1=7 h2=4]] E[I[i1=2 i2=1] J[j1=5 j2=6]]]"


def effects_of_alpha_beta():
    """Oommen's "Effects of α-β" example: MAX at C; MIN at A, D and E; MAX below them, then the leaves.

    The slide labels each cut: A has β = 3 once its first child F is worth
    3; B is β-pruned, since its first leaf, 5, is more than 3; C then has
    α = 3; D is α-pruned, since its first child G is worth 0 < 3, and E,
    since I is worth 2 < 3; C is 3.  The figure itself is lost from the
    notes, so the leaves are our reconstruction, chosen so that every
    labelled statement holds on a tree of four plies; the names A to E are
    the slide's, F to J and the leaves' ours.  Lecture 02 and exercise sheet
    02 both use this tree.  Alpha-beta in natural order scores 7 of the 12
    leaves: it never evaluates b2, nor H's and J's leaves.

    Source: Oommen's Carleton slides (after Hwee Tou Ng's), "Effects of α-β".

    >>> from advsearch import alphabeta
    >>> t = effects_of_alpha_beta()
    >>> r = alphabeta(t, trace=True)
    >>> r.value, [t.label(t.node(p)) for p in r.trace.unvisited_leaves()]
    (3, ['b2', 'h1', 'h2', 'j1', 'j2'])
    """
    return parse(EFFECTS_OF_ALPHA_BETA)
