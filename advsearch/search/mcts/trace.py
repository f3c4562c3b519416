"""The trace of an MCTS run: its events, their narration, and the tree after any iteration rebuilt from them."""

from __future__ import annotations

import math

from ...game import CHANCE
from ...result import Trace, format_number
from .rollouts import final_payoffs
from .tree import TreeSnapshot, edge_stats


#: The trace events of MCTS, beside the depth-first searches' ``enter``, ``leaf``, ... .
#: ``prove`` is recorded only by the MCTS-Solver.
MCTS_EVENT_KINDS = ("select", "expand", "rollout", "prove", "backup")


class MCTSTrace(Trace):
    """The events of an MCTS run: ``select``, ``expand``, ``rollout`` and ``backup``, iteration after iteration.

    ``select`` (path of the chosen child, ``player`` who chose, ``value`` its
    UCB1, ``child_value`` its scaled mean; at a chance node ``value`` is the
    outcome's probability); ``expand`` (path of the new node, ``player`` who
    moved into it); ``rollout`` (path it starts from, ``value`` the rollout's
    payoff vector, or the proven one); ``prove`` (the MCTS-Solver proved the
    node: ``value`` its exact payoff vector); ``backup`` (each node on the way
    up, ``player`` its mover, ``value`` its new mean W / N in the game's
    units, ``child_value`` the payoff it added).  Every iteration ends with
    the root's backup.

    ``c`` and ``bounds`` are the search's exploration constant and payoff
    bounds (None: scaled by the payoffs seen), ``rollout`` names a rollout
    other than the random playout (None for it) and ``solver`` says whether
    the MCTS-Solver ran (it proves every terminal node as it is made); with
    them :meth:`tree` rebuilds the tree after any iteration.
    """

    def __init__(self, game, root, algorithm="mcts", events=(), *, c=math.sqrt(2), bounds=None, rollout=None,
                 solver=False):
        super().__init__(game, root, algorithm, events)
        self.c, self.bounds, self.rollout, self.solver = c, bounds, rollout, solver

    def iterations(self) -> list:
        """The events split by iteration."""
        out, current = [], []
        for e in self:
            current.append(e)
            if e.kind == "backup" and not e.path:
                out.append(current)
                current = []
        return out

    def tree(self, iteration: int) -> TreeSnapshot:
        """The tree as it stood after ``iteration`` iterations (0: the root alone), rebuilt from the events.

        It equals the snapshot ``mcts(..., snapshots=[iteration])`` keeps.

        >>> from advsearch import mcts, tree
        >>> r = mcts(tree([[3, 12, 8], [2, 4, 6]]), iterations=20, seed=0, trace=True, snapshots=[5])
        >>> r.trace.tree(5) == r.snapshots[5], r.trace.tree(20) == r.tree
        (True, True)
        """
        total = sum(1 for e in self if e.kind == "backup" and not e.path)
        if isinstance(iteration, bool) or not isinstance(iteration, int) or not 0 <= iteration <= total:
            raise ValueError(f"iteration must be a whole number in 0..{total} for this trace of {total} "
                             f"iterations, not {iteration!r}")
        game, n = self.game, self.game.num_players
        lows, highs = self._start_scale()
        stats = {(): [0, 0.0, None, self.root, None]}   # path -> [N, W, mover, state, proven]
        children = {(): []}
        done, last = 0, None
        for e in self:
            if done == iteration:
                break
            self._widen_scale(e, lows, highs)
            if e.kind == "expand":
                proven = final_payoffs(game, e.state) if self.solver and game.is_terminal(e.state) else None
                stats[e.path] = [0, 0.0, e.player, e.state, proven]
                children[e.path[:-1]].append(e.path)
                children[e.path] = []
            elif e.kind == "rollout":
                last = e.path
            elif e.kind == "prove":
                stats[e.path][4] = e.value
            elif e.kind == "backup":
                node = stats[e.path]
                node[0] += 1
                if e.player is not None and e.player >= 0:
                    node[1] += e.child_value
                done += not e.path
        label = getattr(game, "label", None)
        snap = TreeSnapshot(iteration, self.c, tuple(zip(lows, highs)), num_players=n, last=last, game=game)
        stack = [()]
        while stack:
            path = stack.pop()
            N, W, mover, state, proven = stats[path]
            player = None if game.is_terminal(state) else game.to_move(state)
            parent_N = stats[path[:-1]][0] if path else 0
            snap.nodes[path] = edge_stats(N, W, mover, player, proven, parent_N, lows, highs, self.c,
                                          label(state) if label is not None else None, state)
            stack.extend(reversed(children[path]))
        return snap

    def _start_scale(self):
        """Each player's payoff bounds before the first rollout: the search's ``bounds``, or none seen yet."""
        n = self.game.num_players
        if self.bounds is not None:
            return [self.bounds[0]] * n, [self.bounds[1]] * n
        return [math.inf] * n, [-math.inf] * n

    def _widen_scale(self, e, lows, highs):
        """Without declared bounds, a rollout's payoffs widen each player's bounds, as the search's do."""
        if e.kind == "rollout" and self.bounds is None:
            for p, u in enumerate(e.value):
                lows[p], highs[p] = min(lows[p], u), max(highs[p], u)

    def narrate(self) -> list:
        """One sentence per event; every mean in them is on [0, 1], the scale UCB adds its bonus to.

        A node's mean is W / N of the player who moved into it, scaled by that
        player's payoff bounds (the search's ``bounds``, or the least and
        greatest payoffs seen so far) as selection and the drawn trees scale
        it.  A backup names the payoff in the game's units and on [0, 1].

        >>> from advsearch import mcts, tree
        >>> r = mcts(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), iterations=4, c=1, bounds=(-14, 14), seed=0,
        ...          trace=True)
        >>> for line in r.trace.narrate()[-6:-1]: print(line)
        Select node [2]: UCB = 2.05 (mean 1).
        Expand node [2][0].
        Random playout from node [2][0] ends with payoffs (14, -14).
        Back up -14 (0 on [0, 1]) at node [2][0]: mean now 0.
        Back up 14 (1 on [0, 1]) at node [2]: mean now 1.
        """
        lows, highs = self._start_scale()
        self._scales = {}
        for e in self:
            self._widen_scale(e, lows, highs)
            if e.kind == "backup" and e.value is not None:
                self._scales[id(e)] = (lows[e.player], highs[e.player])
        try:
            return super().narrate()
        finally:
            del self._scales

    def summaries(self) -> list:
        """One sentence per iteration: what was selected and expanded, and the payoffs backed up.

        >>> from advsearch import mcts, tree
        >>> r = mcts(tree([[3, 12], [2, 4]]), iterations=3, seed=0, trace=True)
        >>> print(r.trace.summaries()[2])
        Iteration 3: select node [0], expand node [0][0]; the game ends there with payoffs (3, -3), backed up \
to the root.
        """
        f, out = format_number, []
        for i, events in enumerate(self.iterations(), start=1):
            parts = []
            for e in events:
                where = self.name(e.path, e.state)
                if e.kind == "select":
                    parts.append(f"chance draws {where}" if e.player == CHANCE else f"select {where}")
                elif e.kind == "expand":
                    parts.append(f"expand {where}")
                elif e.kind == "rollout":
                    at = "it" if any(x.kind == "expand" for x in events) else where
                    if e.player is None:
                        got = f"the game ends there with payoffs {f(e.value)}"
                    elif self.rollout is None:
                        got = f"a random playout from {at} ends with payoffs {f(e.value)}"
                    else:
                        got = f"the rollout ({self.rollout}) at {at} gives payoffs {f(e.value)}"
            text = f"Iteration {i}: " + ", ".join(parts) + ("; " if parts else "") + got
            out.append(text + ", backed up to the root.")
        return out

    def _sentence(self, e, states, previous) -> str:
        f = format_number
        where = self.name(e.path, e.state)
        if e.kind == "select":
            if e.player == CHANCE:
                return f"Chance draws {where} (probability {f(e.value)})."
            return f"Select {where}: UCB = {f(e.value)} (mean {f(e.child_value)})."
        if e.kind == "expand":
            return f"Expand {where}."
        if e.kind == "rollout":
            if self.rollout is not None and e.player is not None:
                return f"The rollout ({self.rollout}) at {where} gives payoffs {f(e.value)}."
            return f"Random playout from {where} ends with payoffs {f(e.value)}."
        if e.kind == "prove":
            return f"{where} is proven: with best play its payoffs are {f(e.value)}."
        if e.kind == "backup":
            if e.value is None:         # the root, or a chance node: no player moved into it
                return f"Back up {f(e.child_value)} at {where}: one more visit (no player moved here, so no mean)."
            low, high = self._scales[id(e)]
            scaled = (lambda u: (u - low) / (high - low)) if high > low else (lambda u: 0.5)   # as edge_stats
            return (f"Back up {f(e.child_value)} ({f(scaled(e.child_value))} on [0, 1]) at {where}: "
                    f"mean now {f(scaled(e.value))}.")
        return super()._sentence(e, states, previous)
