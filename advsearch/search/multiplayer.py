"""What the multiplayer searches share: payoff bounds, moves out of turn, and traces of payoff vectors.

Three searches extend minimax to n players, each in its own module:

- :func:`~advsearch.search.maxn.maxn` (Luckhardt & Irani 1986) backs up a
  payoff vector, one entry per player, and each player picks the child best
  in its own entry; with the declared bounds of :func:`payoff_limits` it can
  prune shallowly (Korf 1991);
- :func:`~advsearch.search.paranoid.paranoid` (Sturtevant & Korf 2000) lets
  the others gang up on the player at the root, which makes the game a
  two-player zero-sum one, searched with alpha-beta;
- :func:`~advsearch.search.brs.best_reply` (Schadd & Winands 2011) merges all
  the opponents into one MIN layer in which only the strongest single reply
  is played; to let an opponent move when it is not its turn it needs the
  moves out of turn given by :func:`out_of_turn`.

The evaluation function has the protocol's signature everywhere:
``evaluate(state, player) -> number``.  Max-n calls it once for each player
to make the payoff vector of a cut-off state; paranoid and best reply search
with it for the searching player only.

What they return (the package's return contract): with more than two
players, the payoff vector, one entry per player.  Max-n's is the root's
max-n vector; paranoid and best reply search one number, the searching
player's payoff, with alpha-beta over a two-player view of the game
(:func:`search_view`), and return the payoffs at the end of their principal
variation, keeping the searcher's own value in ``stats.searcher_value``.
With two players, paranoid and best reply return MAX's utility, whoever
searches, as alpha-beta does.

References
----------
Luckhardt, C. A. and Irani, K. B. (1986). An algorithmic solution of N-person
games. *AAAI-86*, 158-162.

Korf, R. E. (1991). Multi-player alpha-beta pruning. *Artificial
Intelligence* 48(1), 99-111.

Sturtevant, N. R. and Korf, R. E. (2000). On pruning techniques for
multi-player games. *AAAI-2000*, 201-207.

Schadd, M. P. D. and Winands, M. H. M. (2011). Best reply search for
multiplayer games. *IEEE Transactions on Computational Intelligence and AI
in Games* 3(1), 57-66.

Polk, S. and Oommen, B. J. (2013). On applying adaptive data structures to
multi-player game playing.  *Research and Development in Intelligent Systems
XXX* (AI-2013), Springer.

Polk, S. and Oommen, B. J. (2018). Novel threat-based AI strategies that
incorporate adaptive data structures for multi-player board games.  *Applied
Intelligence* 48(8), 1893-1911.
"""

from __future__ import annotations

import math
import numbers

from ..game import CHANCE, MAX, GameError, player_name
from ..result import Event, Trace, format_number
from .alphabeta import alphabeta
from .base import checked, declared_range, describe

__all__ = ["SUM_TOLERANCE", "payoff_limits", "search_view", "payoffs_at", "out_of_turn", "VectorRecorder",
           "VectorTrace"]

inf = math.inf

#: Float payoffs (shares of a board) may sum to ``max_sum`` plus this much, from rounding.
SUM_TOLERANCE = 1e-9


def _real(x) -> bool:
    return not isinstance(x, bool) and isinstance(x, numbers.Real) and not math.isnan(x)


def payoff_limits(game, bounds=None, max_sum=None, *, needed=False, algorithm="maxn"):
    """``(low, high, max_sum)``: the declared bounds on the payoffs, from the arguments or the game.

    Parameters
    ----------
    game : Game
        Read for ``utility_range`` (every payoff lies in ``[low, high]``)
        and ``max_sum`` (the payoffs of a leaf sum to at most this) when the
        arguments do not give them.
    bounds : (low, high), optional
        Wins over ``game.utility_range``.
    max_sum : number, optional
        Wins over ``game.max_sum``.
    needed : bool
        Shallow pruning relies on a finite ``low`` and ``max_sum``: without
        them it raises ValueError.  Otherwise missing bounds give None.
    algorithm : str
        The search, for messages.

    Returns
    -------
    tuple or None
        ``(low, high, max_sum)``, or None when nothing is declared and
        nothing is needed.

    Raises
    ------
    ValueError
        Bounds that are not a pair of numbers with low < high, a max_sum that
        is not a number, or one smaller than the players' least total
        ``n * low``; or, when ``needed``, no finite bounds at all.

    Examples
    --------
    >>> from advsearch import Virus, tree
    >>> payoff_limits(Virus())
    (0, 1, 1)
    >>> payoff_limits(tree([(1, 2, 3)]), bounds=(0, 6), max_sum=6)
    (0, 6, 6)
    >>> payoff_limits(tree([(1, 2, 3)]), needed=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: maxn with shallow pruning needs to know that every payoff is at least some low ...
    """
    bounds_given, sum_given = bounds is not None, max_sum is not None
    if not bounds_given:
        bounds = declared_range(game)
    if not sum_given:
        max_sum = getattr(game, "max_sum", None)
    if bounds is None and max_sum is None:
        if needed:
            raise ValueError(
                f"{algorithm} with shallow pruning needs to know that every payoff is at least some low and "
                f"that a leaf's payoffs sum to at most max_sum, but {game!r} declares no utility_range and "
                "no max_sum: pass bounds=(low, high) and max_sum=s")
        return None
    source = "bounds" if bounds_given else f"{game!r}.utility_range"
    if bounds is None:
        raise ValueError(f"{algorithm}: max_sum={max_sum!r} is declared, but not the payoffs' least value: "
                         "pass bounds=(low, high) as well")
    try:
        low, high = bounds
    except (TypeError, ValueError):
        raise ValueError(f"{source} must be a pair (low, high), not {bounds!r}") from None
    if not (_real(low) and _real(high)):
        raise ValueError(f"{source} must be a pair of numbers (low, high), not {bounds!r}")
    if not low < high:
        raise ValueError(f"{source} = ({low!r}, {high!r}) needs low < high")
    where = "max_sum" if sum_given else f"{game!r}.max_sum"
    if max_sum is None:
        if needed:
            raise ValueError(f"{algorithm} with shallow pruning needs max_sum, the most a leaf's payoffs can "
                             f"sum to, but {game!r} declares none: pass max_sum=s")
        max_sum = inf
    if not _real(max_sum):
        raise ValueError(f"{where} must be a number, not {max_sum!r}")
    n = game.num_players
    if max_sum < n * low:
        raise ValueError(f"{where} = {max_sum!r} is less than {n} players x the least payoff {low!r}: "
                         "no leaf could have payoffs within the bounds")
    if needed and not (math.isfinite(low) and math.isfinite(max_sum)):
        raise ValueError(f"{algorithm} with shallow pruning needs a finite least payoff and max_sum, not "
                         f"low={low!r} and max_sum={max_sum!r}")
    return low, high, max_sum


# --- Paranoid and best reply: alpha-beta over a two-player view. ---

def search_view(view, root, algorithm, *, depth=None, evaluate=None, cutoff=None, prune_on_equal=True,
                **options):
    """Alpha-beta over ``view``, a two-player view of a game for one player, answered in the contract's terms.

    ``view`` (a :class:`~advsearch.search.paranoid.ParanoidGame` or a
    :class:`~advsearch.search.brs.BestReplyGame`) makes ``view.player``
    MAX and its opponents MIN, with ``view.player``'s payoff as MAX's
    utility; ``view.evaluation(evaluate)`` turns the game's evaluation into
    the view's, and ``view.game_state(s)`` gives the game's state of a
    view's state.  ``root``, ``cutoff`` and the ``options`` (order, table,
    budgets, trace) are alpha-beta's, for the view.

    Returns the :func:`~advsearch.alphabeta` result with, as ``value``,
    MAX's utility for a two-player game (the view's value, negated when
    ``view.player`` is MIN: the game is zero-sum), and for more players the
    payoff vector at the end of the principal variation (:func:`payoffs_at`).
    ``stats.searcher_value`` is the view's value, ``view.player``'s own.  A
    line that a transposition table cut short is continued by a search from
    where it stops, without the table, so that it ends at a leaf.

    >>> from advsearch import tree
    >>> from advsearch.search import ParanoidGame
    >>> t = tree([[(5, 5, 0), (2, 3, 5)], [(1, 7, 2), (9, 1, 0)]])
    >>> r = search_view(ParanoidGame(t, 0), t.initial_state, "paranoid")
    >>> r.value, r.pv, r.stats.searcher_value
    ((2, 3, 5), (0, 1), 2)
    """
    view_eval = view.evaluation(evaluate) if callable(evaluate) else evaluate
    r = alphabeta(view, root, depth=depth, evaluate=view_eval, cutoff=cutoff, prune_on_equal=prune_on_equal,
                  **options)
    if r.trace is not None:
        r.trace.algorithm = algorithm
    r.stats.extra["searcher_value"] = r.value
    game = view.game
    if game.num_players == 2:
        r.value = r.value if view.player == MAX else -r.value
        return r
    end = root
    for a in r.pv:
        end = view.result(end, a)
    k = len(r.pv)
    if not (view.is_terminal(end) or k == depth or (cutoff is not None and cutoff(end, k))):
        rest = alphabeta(view, end, depth=None if depth is None else depth - k, evaluate=view_eval,
                         cutoff=None if cutoff is None else (lambda s, ply: cutoff(s, ply + k)),
                         prune_on_equal=prune_on_equal)
        for a in rest.pv:
            end = view.result(end, a)
        r.pv += rest.pv
    r.value = payoffs_at(game, view.game_state(end), evaluate)
    return r


def payoffs_at(game, state, evaluate=None) -> tuple:
    """The payoff vector of a leaf: every player's utility if ``state`` is terminal, else every player's Eval.

    >>> from advsearch import Virus
    >>> game = Virus(width=3, height=3, players=3)
    >>> payoffs_at(game, game.initial_state, game.evaluate)
    (0.3333333333333333, 0.3333333333333333, 0.3333333333333333)
    """
    players = range(game.num_players)
    if game.is_terminal(state) or evaluate is None:
        utility = checked(game.utility, f"{game!r}.utility")
        return tuple(utility(state, p) for p in players)
    score = checked(evaluate, f"evaluate ({describe(evaluate)})")
    return tuple(score(state, p) for p in players)


# --- Moves out of turn, for Best-Reply Search. ---

def out_of_turn(game, algorithm="best_reply"):
    """``(actions_for, result_for)``: the moves of any player in any state, whoever is to move.

    ``actions_for(state, player)`` lists the moves ``player`` would have if it
    were to move in ``state``, and ``result_for(state, player, action)`` plays
    one.  They come from the game's own hooks of these names when it has
    them (:class:`~advsearch.games.Virus` and
    :class:`~advsearch.games.ChineseCheckers` do); otherwise they allow only
    the player to move, which is all a two-player game with alternating turns
    ever needs.

    Examples
    --------
    >>> from advsearch import Virus
    >>> game = Virus(width=3, height=3, players=3)
    >>> actions_for, result_for = out_of_turn(game)
    >>> s = game.initial_state                       # P0 to move
    >>> actions_for(s, 1)                            # P1's squares next to its corner
    (5, 7)
    >>> print(game.render(result_for(s, 1, 5)))
    0 . 1
    . 1 1
    . . 1
    """
    actions_for, result_for = getattr(game, "actions_for", None), getattr(game, "result_for", None)
    if callable(actions_for) and callable(result_for):
        return actions_for, result_for
    to_move, actions, result = game.to_move, game.actions, game.result

    def in_turn(state, player):
        mover = to_move(state)
        if mover != player:
            raise GameError(
                f"{algorithm} must let {player_name(player, game.num_players)} move in a state where "
                f"{player_name(mover, game.num_players)} is to move, but {game!r} allows only the player "
                f"to move; give the game actions_for(state, player) and result_for(state, player, action) "
                f"(the state was {state!r})")

    def actions_for(state, player):
        in_turn(state, player)
        return actions(state)

    def result_for(state, player, action):
        in_turn(state, player)
        return result(state, action)

    return actions_for, result_for


# --- Traces of payoff vectors (max-n). ---

class VectorRecorder:
    """Collects the trace events of a search that backs up payoff vectors.

    Like :class:`~advsearch.search.base.Recorder`, but a node's value is a
    tuple with one payoff per player, so events carry no ``interval``.  With
    shallow pruning, ``beta`` holds the node's bound: the payoff of its
    player at which the node above loses interest in it.  A node that stops
    early exits with ``bound="lower"``: only its player's entry is known, and
    only from below.
    """

    def __init__(self, trace: Trace):
        self.events = trace
        self.path: tuple = ()

    def _emit(self, kind, state, player, value, limit=None, **more):
        self.events.append(Event(kind, self.path, player, value, None, limit, state, **more))

    def enter(self, state, player, limit=None):
        self._emit("enter", state, player, None, limit)

    def leaf(self, state, player, value):
        self._emit("leaf", state, player, value)

    def down(self, action):
        self.path += (action,)

    def update(self, state, player, child_value, v, limit=None):
        action, self.path = self.path[-1], self.path[:-1]
        self._emit("update", state, player, v, limit, action=action, child_value=child_value)

    def prune(self, state, player, v, limit, pruned):
        self._emit("prune", state, player, v, limit, pruned=tuple(pruned))

    def exit(self, state, player, v, limit=None, exact=True):
        self._emit("exit", state, player, v, limit, bound="exact" if exact else "lower")


class VectorTrace(Trace):
    """The trace of a search over payoff vectors, narrated in terms of each player's own entry.

    ``limits`` is ``(low, max_sum)`` when the search pruned shallowly, else None.
    """

    vector = True

    def __init__(self, game, root, algorithm: str, events=(), limits=None):
        super().__init__(game, root, algorithm, events)
        self.limits = limits

    def _sentence(self, e: Event, states, previous) -> str:
        n = getattr(self.game, "num_players", 2)
        f = format_number
        mover = player_name(e.player, n) if e.player is not None and e.player != CHANCE else None
        who = f"{self.name(e.path, e.state)} ({mover})" if mover else None
        if e.kind == "enter":
            if e.beta is None or e.beta == inf:
                return f"Enter {who}."
            return f"Enter {who}: it stops as soon as {mover} gets {f(e.beta)} or more here."
        if e.kind == "leaf":
            parent = self.name(e.path[:-1], states.get(e.path[:-1])) if e.path else None
            where = self._label(e.state) or (f"{parent}'s child {e.path[-1]}" if e.path else "The root")
            if e.player is None:
                return f"{where} is a leaf worth {f(e.value)}."
            return f"{where} is cut off here and evaluated: Eval = {f(e.value)}."
        if e.kind == "update":
            child, mine = self._child(e.state, e.action), e.child_value[e.player]
            if previous is not None and previous.value is not None and previous.value == e.value:
                return (f"{who}: {child} returned {f(e.child_value)}, which gives {mover} {f(mine)}, "
                        f"no more than {f(e.value[e.player])}; v stays {f(e.value)}.")
            return f"{who}: {child} returned {f(e.child_value)}, so v = {f(e.value)}."
        if e.kind == "prune":
            names = [self._child(e.state, a).removeprefix("child ") for a in e.pruned]
            kids = " and ".join(", ".join(names).rsplit(", ", 1))
            plural = "ren" if len(e.pruned) > 1 else ""
            low, max_sum = self.limits
            room = max_sum - (n - 2) * low
            rest = room - e.value[e.player]
            up = e.path[:-1]
            above = player_name(self.game.to_move(states[up]), n) if e.path and up in states else "the player above"
            has = f"the {f(room - e.beta)} it has" if e.path else "what it has"
            return (f"{who}: {mover} gets {f(e.value[e.player])} ≥ {f(e.beta)} here, which leaves {above} at "
                    f"most {f(rest)}, no more than {has}: the remaining child{plural} {kids} "
                    f"{'are' if plural else 'is'} pruned.")
        if e.bound == "lower":
            return (f"{who} returns {f(e.value)}; it stopped early, so all that is known is that "
                    f"{mover} gets at least {f(e.value[e.player])} here.")
        return f"{who} returns {f(e.value)}."
