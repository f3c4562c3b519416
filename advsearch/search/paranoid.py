"""The paranoid search: one player against a coalition of all the others.

The player p at the root assumes the worst: every other player moves to make
p's payoff as small as possible.  So every node of p is a MAX node and every
other node a MIN node, the layers going MAX, MIN, MIN, MAX, MIN, MIN, ... in
a three-player game, and the game becomes a two-player zero-sum game about
one number, p's payoff:

Paranoid(s) = U_p(s)                                  if TerminalTest(s)
            = max over a of Paranoid(Result(s, a))    if Player(s) = p
            = min over a of Paranoid(Result(s, a))    otherwise

That is minimax, and alpha-beta prunes it as usual (Sturtevant & Korf
2000).  So :func:`paranoid` is alpha-beta searching :class:`ParanoidGame`,
the game as p sees it (:func:`~advsearch.search.multiplayer.search_view`).
"""

from __future__ import annotations

from ..game import CHANCE, HOOKS, MAX, MIN, GameError, GameView
from .base import checked, root_of
from .multiplayer import search_view


class ParanoidGame(GameView):
    """``game`` as the paranoid ``player`` sees it: itself MAX, and everyone else one player, MIN.

    States, actions and results are ``game``'s own; only ``to_move`` and
    ``utility`` change: ``player``'s nodes are MAX's, the others' MIN's
    (chance nodes stay chance nodes), and the utility is ``player``'s payoff
    for MAX and its negation for MIN.  A search over it is a paranoid
    search, and its trace draws the coalition's nodes as MIN nodes ▼.

    Examples
    --------
    >>> from advsearch import tree
    >>> g = ParanoidGame(tree([[(1, 2, 3), (4, 0, 2)]]), player=2)
    >>> s = g.initial_state
    >>> g.to_move(s), g.to_move(g.result(s, 0))        # P0 and P1 are both MIN to P2
    (1, 1)
    >>> leaf = g.result(g.result(s, 0), 1)
    >>> g.utility(leaf, MAX), g.utility(leaf, MIN)
    (2, -2)
    """

    num_players = 2
    #: A two-player view: the hooks about other players' moves and sums stay behind.
    passes_on = tuple(h for h in HOOKS if h not in ("actions_for", "result_for", "max_sum"))

    def __init__(self, game, player: int):
        n = getattr(game, "num_players", 2)
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
            raise ValueError(f"player must be one of the {n} players 0..{n - 1}, not {player!r}")
        super().__init__(game)
        self.player = player
        self.payoff = checked(game.utility, f"{game!r}.utility")
        self.initial_state = game.initial_state

    def to_move(self, state):
        mover = self.game.to_move(state)
        if mover == CHANCE:
            return CHANCE
        return MAX if mover == self.player else MIN

    def actions(self, state):
        return self.game.actions(state)

    def result(self, state, action):
        return self.game.result(state, action)

    def is_terminal(self, state):
        return self.game.is_terminal(state)

    def utility(self, state, player):
        u = self.payoff(state, self.player)
        return u if player == MAX else -u

    def chance_outcomes(self, state):
        return self.game.chance_outcomes(state)

    def render(self, state):
        return self.game.render(state)

    def game_state(self, state):
        """The game's state of a state of this view: the same state."""
        return state

    def evaluation(self, evaluate):
        """``evaluate(state, player)`` of the game, as this view's MAX and MIN see it."""
        me = self.player

        def paranoid_eval(state, player):
            e = evaluate(state, me)
            return e if player == MAX else -e

        return paranoid_eval

    def __repr__(self) -> str:
        return f"ParanoidGame({self.game!r}, player={self.player})"


def paranoid(game, state=None, *, player=None, depth=None, evaluate=None, prune_on_equal=True, order=None,
             table=None, cutoff=None, max_nodes=None, time_limit=None, trace=False):
    """The paranoid value and best move: ``player`` against all the others, with alpha-beta.

    Parameters
    ----------
    game : Game
        A game of any number of players.
    state : optional
        The root; ``game.initial_state`` when None.
    player : int, optional
        The paranoid player, whose payoff is maximised while everyone else
        minimises it; by default the player to move at the root.  With two
        players and ``player=MAX`` the search is exactly :func:`alphabeta`.
    depth : int, optional
        Cut off after this many plies (one move of one player each) and score
        with ``evaluate``.
    evaluate : callable, optional
        ``evaluate(state, player) -> number``, the game's usual signature; it is
        called for ``player`` only.
    prune_on_equal, order, table, cutoff, max_nodes, time_limit
        As in :func:`~advsearch.alphabeta`, with ``order(state, actions)``
        and the cut-off test given the game's states.  A transposition table
        holds one player's values: do not share one between players.
    trace : bool
        Record alpha-beta's events in ``result.trace``.  The trace's game is
        :class:`ParanoidGame`, so a drawing shows ``player``'s nodes as MAX ▲
        and the coalition's as MIN ▼, with ``player``'s payoffs at the nodes.

    Returns
    -------
    SearchResult
        With more than two players, ``value`` is the payoff vector (one
        entry per player) at the end of the principal variation ``pv``:
        the utilities at a terminal state, every player's Eval at a
        cut-off.  With two players it is MAX's utility, whoever searches,
        as from :func:`~advsearch.alphabeta`.  ``stats.searcher_value`` is
        ``player``'s payoff under paranoid play: what it can make sure of
        even if all the others work against it (the value alpha-beta backs
        up).  ``move`` is best for the player to move at the root (for the
        coalition when that is not ``player``), the first in ``actions()``
        order among equals; ``stats`` count as in alpha-beta.

    Raises
    ------
    ValueError
        A ``player`` that is not one of the game's, and the errors of
        :func:`~advsearch.alphabeta` (a bad depth or evaluation function).
    GameError
        A chance node (paranoid search, like alpha-beta, has no rule for
        it) and the errors of the game.

    Notes
    -----
    The coalition is a fiction: the opponents do not really cooperate, so
    paranoid play can be too cautious; whether it pays depends on the game
    (Sturtevant 2002 compares it with max-n in several).  What it buys is
    pruning.  In a tree of depth d
    in which ``player`` moves every n-th ply, the best case scores about
    b^(d(n-1)/n) leaves against max-n's b^d (Sturtevant & Korf 2000): the α
    found at the searching player's levels cuts at every MIN level below it,
    while consecutive MIN levels add no cuts of their own.
    Reference: Sturtevant, N. R. and Korf, R. E. (2000), On pruning
    techniques for multi-player games, *AAAI-2000*, 201-207.

    Examples
    --------
    Under max-n, P1 takes (5, 5, 0) for its own 5, and P0 gets 5.  The
    paranoid P0 fears that P1 will spite it with (2, 3, 5), and is sure
    only of 2; after the first subtree, the leaf 1 is enough to prune the
    second one's last leaf:

    >>> from advsearch import maxn, paranoid, tree
    >>> t = tree([[(5, 5, 0), (2, 3, 5)], [(1, 7, 2), (9, 1, 0)]])
    >>> maxn(t).value
    (5, 5, 0)
    >>> r = paranoid(t)
    >>> r.stats.searcher_value, r.move, r.stats.leaves, r.stats.prunes
    (2, 0, 3, 1)
    >>> r.value, r.pv                     # the payoffs where paranoid play ends
    ((2, 3, 5), (0, 1))

    With two players, paranoid is alpha-beta, and its value is MAX's
    utility even when MIN searches:

    >>> from advsearch import MIN, alphabeta
    >>> t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> paranoid(t).value == alphabeta(t).value == 3, paranoid(t).stats.nodes == alphabeta(t).stats.nodes
    (True, True)
    >>> t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]], root=MIN)
    >>> r = paranoid(t)
    >>> r.value, r.stats.searcher_value, r.move, alphabeta(t).value
    (6, -6, 1, 6)
    """
    root = root_of(game, state, "paranoid")
    if player is None:
        player = game.to_move(root) if not game.is_terminal(root) else MAX
        if player == CHANCE:
            raise GameError(f"paranoid searches for the player to move at the root, but {root!r} is a "
                            "CHANCE node; give player=p")
    return search_view(ParanoidGame(game, player), root, "paranoid", depth=depth, evaluate=evaluate,
                       cutoff=cutoff, prune_on_equal=prune_on_equal, order=order, table=table,
                       max_nodes=max_nodes, time_limit=time_limit, trace=trace)
