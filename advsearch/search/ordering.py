"""Move ordering: small pieces that decide which child alpha-beta searches first.

Alpha-beta prunes most when the best move comes first (Knuth & Moore 1975), so
engines guess it.  Each piece here is an object with

``order(state, actions, ply) -> list``
    the actions, best guess first (always a permutation of ``actions``);
``on_prune(state, action, ply)``  (optional)
    told when ``action`` made the node at ``ply`` stop early, so it can learn;
``on_best(state, action, ply)``  (optional)
    told, when alpha-beta leaves a node it searched, the move that gave the
    node its value (the one that pruned, if one did).  Threat-ADS
    (:class:`~advsearch.search.brs.ThreatOrder`) learns from it.

They plug into ``alphabeta(..., order=...)`` and combine with :class:`Chain`.
A plain function ``order(state, actions)`` is accepted too.

Examples
--------
>>> from advsearch import alphabeta, TicTacToe
>>> game = TicTacToe()
>>> centre_first = Static(lambda state, a: {4: 2, 0: 1, 2: 1, 6: 1, 8: 1}.get(a, 0))
>>> plain, ordered = alphabeta(game), alphabeta(game, order=centre_first)
>>> plain.value == ordered.value, ordered.stats.nodes < plain.stats.nodes
(True, True)
"""

from __future__ import annotations

from collections import defaultdict


class Static:
    """Order by a fixed score ``key(state, action)``: higher scores first (ties keep actions() order)."""

    def __init__(self, key):
        self.key = key

    def order(self, state, actions, ply):
        return sorted(actions, key=lambda a: -self.key(state, a))

    def __repr__(self):
        return f"Static({getattr(self.key, '__name__', self.key)!r})"


class PVMove:
    """Search the previous iteration's principal variation first (for iterative deepening).

    At ply k, the k-th move of ``pv`` goes first, but only while the search
    is still on that line.
    """

    def __init__(self, pv=()):
        self.pv = tuple(pv)

    def order(self, state, actions, ply):
        if ply < len(self.pv) and self.pv[ply] in actions:
            first = self.pv[ply]
            return [first] + [a for a in actions if a != first]
        return list(actions)


class Killers:
    """The killer heuristic: moves that caused a cutoff at the same ply, ``slots`` per ply, go first.

    A killer is tried early at its ply in *other* positions too: a refutation
    often refutes its siblings as well (the lecture's "if we encounter it
    again, search it first").
    """

    def __init__(self, slots=2):
        if slots < 1:
            raise ValueError(f"slots must be >= 1, not {slots}")
        self.slots = slots
        self.killers = defaultdict(list)

    def order(self, state, actions, ply):
        first = [k for k in self.killers[ply] if k in actions]
        return first + [a for a in actions if a not in first]

    def on_prune(self, state, action, ply):
        row = self.killers[ply]
        if action in row:
            row.remove(action)
        row.insert(0, action)
        del row[self.slots:]


class History:
    """The history heuristic (Schaeffer 1989): moves that often caused cutoffs, anywhere, go first.

    Each cutoff adds ``2 ** (plies left)``-like weight; here simply ``bonus(ply)``,
    by default 1, so deep-rooted cutoffs and shallow ones count alike.
    """

    def __init__(self, bonus=lambda ply: 1):
        self.bonus = bonus
        self.score = defaultdict(int)

    def order(self, state, actions, ply):
        return sorted(actions, key=lambda a: -self.score[a])

    def on_prune(self, state, action, ply):
        self.score[action] += self.bonus(ply)


class Chain:
    """Apply several orderings in turn, the first one given having the last word.

    ``Chain(PVMove(pv), Killers(), History())`` puts the PV move first, then
    the killers, then the rest by history: each piece reorders the output of
    the pieces after it, so earlier pieces win.  What the search tells the
    chain (``on_prune``, ``on_best``) it tells every piece that listens.

    >>> killers = Killers()
    >>> chain = Chain(PVMove([2]), killers)
    >>> chain.on_prune("s", 1, ply=0)
    >>> chain.order("s", [0, 1, 2], ply=0), chain.order("s", [0, 1, 2], ply=1)
    ([2, 1, 0], [0, 1, 2])
    """

    def __init__(self, *pieces):
        self.pieces = [p for p in pieces if p is not None]

    def order(self, state, actions, ply):
        for piece in reversed(self.pieces):
            actions = as_ordering(piece).order(state, actions, ply)
        return list(actions)

    def on_prune(self, state, action, ply):
        self.tell("on_prune", state, action, ply)

    def on_best(self, state, action, ply):
        self.tell("on_best", state, action, ply)

    def tell(self, hook, state, action, ply):
        """Call the hook of this name of every piece that has one."""
        for piece in self.pieces:
            listen = getattr(piece, hook, None)
            if listen is not None:
                listen(state, action, ply)


class _Function:
    """A plain function ``order(state, actions)`` as an ordering piece."""

    def __init__(self, fn):
        self.fn = fn

    def order(self, state, actions, ply):
        return list(self.fn(state, actions))


def as_ordering(order):
    """An ordering object for an ordering object or a plain ``order(state, actions)`` function."""
    if callable(getattr(order, "order", None)):
        return order
    if callable(order):
        return _Function(order)
    raise ValueError(
        f"order must be a function order(state, actions) -> sequence or an ordering object "
        f"with .order(state, actions, ply), not {order!r}"
    )
