"""Best-Reply Search, and the Threat-ADS ordering of its opponents.

Best-Reply Search (BRS) plays the searching player p against all its
opponents merged into one: layers alternate MAX, MIN, MAX, MIN as in a
two-player game.  A MAX layer holds p's moves.  A MIN layer holds every move
of every opponent, each played from the same state as if that opponent moved
now; only the single strongest reply, the one that leaves p the least, is
assumed to be played, and the other opponents pass (Schadd & Winands 2011).
With one value, p's payoff, alpha-beta prunes as usual:

BRS(s, MAX) = U_p(s) or Eval(s, p)                 at a leaf
            = max over p's moves a of BRS(Result_p(s, a), MIN)
BRS(s, MIN) = min over opponents o, and o's moves a, of BRS(Result_o(s, a), MAX)

Threat-ADS (Polk & Oommen 2013, 2018) orders the MIN layer by opponent: it keeps an
adaptive list of the opponents and, after each MIN layer, moves the opponent
whose reply was the strongest (the "threat") towards the front, by the
move-to-front or the transposition rule of adaptive lists.  Strong replies
searched first cut sooner; the value is never changed.

States BRS looks at
-------------------
A MIN layer makes one opponent move out of turn, and MAX moves again right
after it, so the search scores positions that real play cannot reach.  In a
three-player game, after p, P2, p have moved, P1 has skipped a turn and P2
has moved before it.  In :class:`~advsearch.games.Virus` this gives boards
in which one opponent has taken two squares while another took none, and the
move counter (``max_moves``) runs out after fewer real rounds; in
:class:`~advsearch.games.ChineseCheckers` an opponent can advance a piece
twice while the others stand still, which also runs the move limit out
early.  BRS is made for games in which such positions are still sensible
to evaluate: the positions are legal boards, only their history is
impossible.  In games where moves depend on whose turn it is in the state
(dice, a pass rule, a turn counter in the payoffs) it may misjudge them.

Moves out of turn come from :func:`~advsearch.search.multiplayer.out_of_turn`:
the game's ``actions_for(state, player)`` and ``result_for(state, player,
action)`` hooks, or, for Virus and Chinese Checkers, writing the mover into
the state.  With two players every reply is in turn, and BRS is alpha-beta.

So :func:`best_reply` is :func:`~advsearch.alphabeta` searching
:class:`BestReplyGame`, the game as p sees it, with :class:`ThreatADS` as
one of its move orderings.
"""

from __future__ import annotations

from ..game import CHANCE, MAX, MIN, GameError, GameView, player_name
from .base import check_depth, checked, describe, root_of
from .multiplayer import out_of_turn, search_view
from .ordering import Chain


#: The update rules of :class:`ThreatADS`: move the threat to the front, or one place forward.
ADS_RULES = ("move-to-front", "transposition")


class ThreatADS:
    """An adaptive list of opponents, the most threatening first (Polk & Oommen 2013).

    Best-Reply Search searches a MIN layer's moves opponent by opponent in
    this list's order, then reports the opponent whose reply was the
    strongest, and the list adapts:

    - "move-to-front": the threat moves to the front of the list;
    - "transposition": it swaps places with the opponent just before it.

    :func:`best_reply` orders the MIN layers by it through
    :class:`ThreatOrder`, a move ordering (:mod:`advsearch.search.ordering`).

    Parameters
    ----------
    rule : {"move-to-front", "transposition"}
    opponents : sequence of int, optional
        The list to start from; by default the opponents in turn order after
        the searching player, set by the first search that uses it.

    Attributes
    ----------
    order : list of int or None
        The opponents, most threatening first.
    updates : int
        How many MIN layers have reported their threat so far.

    Notes
    -----
    One update costs O(n) for n players.  Keep one object across the
    searches of a game (pass it to every :func:`best_reply` call, or to an
    agent) and it learns which opponent threatens the most; a rule name
    given to :func:`best_reply` starts a fresh list at each search.

    Examples
    --------
    The lecture's move-to-front example, with records accessed 3, 1, 1, 4:

    >>> ads = ThreatADS("move-to-front", opponents=[1, 2, 3, 4])
    >>> for threat in (3, 1, 1, 4):
    ...     ads.update(threat)
    >>> ads.order
    [4, 1, 3, 2]
    >>> ads = ThreatADS("transposition", opponents=[1, 2, 3, 4])
    >>> for threat in (3, 1, 1, 4):
    ...     ads.update(threat)
    >>> ads.order
    [1, 3, 4, 2]
    """

    def __init__(self, rule="move-to-front", opponents=None):
        if rule not in ADS_RULES:
            raise ValueError(f"the rule of a Threat-ADS must be one of {', '.join(map(repr, ADS_RULES))}, "
                             f"not {rule!r}")
        self.rule = rule
        self.order = None if opponents is None else list(opponents)
        if self.order is not None and len(set(self.order)) != len(self.order):
            raise ValueError(f"the opponents of a Threat-ADS must be distinct, not {opponents!r}")
        self.updates = 0

    def start(self, opponents):
        """Use ``opponents`` (in turn order) as the list, unless it already holds them; check it does."""
        if self.order is None:
            self.order = list(opponents)
        elif sorted(self.order) != sorted(opponents):
            raise ValueError(f"this Threat-ADS lists the opponents {self.order}, but the search's opponents "
                             f"are {list(opponents)}: use one list per player")
        return self.order

    def update(self, threat):
        """The opponent ``threat`` had the strongest reply: adapt the list by the rule."""
        i = self.order.index(threat)
        if self.rule == "move-to-front":
            if i:
                self.order.insert(0, self.order.pop(i))
        elif i:
            self.order[i - 1], self.order[i] = self.order[i], self.order[i - 1]
        self.updates += 1

    def __repr__(self) -> str:
        return f"ThreatADS({self.rule!r}, opponents={self.order!r})"


class ThreatOrder:
    """Threat-ADS as a move ordering of a :class:`BestReplyGame`, for :func:`~advsearch.alphabeta`.

    ``order`` puts a MIN layer's replies in the order of their opponents in
    the list ``ads`` (a :class:`ThreatADS`, started with the opponents),
    keeping each opponent's moves in their own order; ``on_best`` hears
    which reply gave a MIN layer its value, and updates the list with that
    reply's opponent, the threat.  MAX's layers are left as they are.

    Examples
    --------
    >>> from advsearch import MAX, MIN
    >>> ads = ThreatADS("move-to-front", opponents=[1, 2, 3])
    >>> threat = ThreatOrder(ads)
    >>> threat.order(("s", MIN), [(1, "a"), (2, "b"), (3, "c"), (3, "d")], ply=1)
    [(1, 'a'), (2, 'b'), (3, 'c'), (3, 'd')]
    >>> threat.on_best(("s", MIN), (3, "d"), ply=1)
    >>> threat.order(("s", MIN), [(1, "a"), (2, "b"), (3, "c"), (3, "d")], ply=1)
    [(3, 'c'), (3, 'd'), (1, 'a'), (2, 'b')]
    """

    def __init__(self, ads: ThreatADS):
        if ads.order is None:
            raise ValueError("ThreatOrder needs a Threat-ADS that lists the opponents: call ads.start(opponents)")
        self.ads = ads

    def order(self, state, actions, ply):
        opponents = self.ads.order
        if state[1] != MIN or len(opponents) == 1:       # one opponent: its replies are plain moves
            return list(actions)
        rank = {o: i for i, o in enumerate(opponents)}
        return sorted(actions, key=lambda reply: rank[reply[0]])

    def on_best(self, state, action, ply):
        if state[1] == MIN:
            opponents = self.ads.order
            self.ads.update(action[0] if len(opponents) > 1 else opponents[0])

    def __repr__(self) -> str:
        return f"ThreatOrder({self.ads!r})"


class BestReplyGame(GameView):
    """``game`` as Best-Reply Search sees it from ``player``: a two-player game of MAX and MIN layers.

    A state is a pair ``(state, side)``: the game's state, and MAX when
    ``player`` moves next or MIN when the merged opponents do.  MAX's actions
    are ``player``'s moves; MIN's are ``(opponent, move)`` pairs for every
    opponent in turn order after ``player`` (just the moves, with two
    players), each played from the same state.  MAX's utility is
    ``player``'s payoff, MIN's its negation.  :func:`best_reply`'s traces
    are of this game, so a drawing shows BRS's tree: MAX ▲ and MIN ▼, with
    ``player``'s payoffs.

    A side may have no moves in a state that is not terminal (an opponent
    eliminated in Virus).  Given ``evaluate``, such a state is a leaf to
    evaluate: not terminal here, but ``stuck(s)`` is true, and
    :func:`best_reply` adds that to its cut-off test.  Without it the state
    ends this game, and its utility is an error that asks for an
    evaluation function.

    Examples
    --------
    >>> from advsearch import Virus
    >>> g = BestReplyGame(Virus(players=3), player=0)
    >>> s = g.initial_state
    >>> g.to_move(s), g.actions(s)
    (0, (1, 5))
    >>> s = g.result(s, 1)
    >>> g.to_move(s), g.actions(s)                # P1's replies, then P2's
    (1, ((1, 19), (1, 23), (2, 3), (2, 9)))
    """

    num_players = 2
    #: The view's states are pairs, so no hook passes on as it is; label and draw_state unwrap them.
    passes_on = ()

    def __init__(self, game, player: int, root=None, *, evaluate=None):
        n = getattr(game, "num_players", 2)
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
            raise ValueError(f"player must be one of the {n} players 0..{n - 1}, not {player!r}")
        super().__init__(game)
        self.player = player
        self.payoff = checked(game.utility, f"{game!r}.utility")
        self.evaluate = evaluate
        self.opponents = tuple((player + k) % n for k in range(1, n))
        self.actions_for, self.result_for = out_of_turn(game)
        self._seen = (None, ())          # the last state asked for its actions, and them
        self.initial_state = self.layer(game.initial_state if root is None else root)

    def layer(self, state):
        """The view's state for a game state: MAX's layer when ``player`` is to move, else MIN's."""
        return state, MAX if self.game.to_move(state) == self.player else MIN

    def game_state(self, s):
        """The game's state of a state ``(state, side)`` of this view."""
        return s[0]

    def to_move(self, s):
        return s[1]

    def actions(self, s):
        if s is self._seen[0]:          # the terminal test, the cut-off test and the search ask in turn
            return self._seen[1]
        state, side = s
        if self.game.is_terminal(state):
            moves = ()
        elif self.game.to_move(state) == CHANCE:
            raise GameError(f"best_reply handles games without chance, but {state!r} is a CHANCE node")
        elif side == MAX:
            moves = tuple(self.actions_for(state, self.player))
        elif len(self.opponents) == 1:
            moves = tuple(self.actions_for(state, self.opponents[0]))
        else:
            moves = tuple((o, a) for o in self.opponents for a in self.actions_for(state, o))
        self._seen = (s, moves)
        return moves

    def result(self, s, action):
        state, side = s
        if side == MAX:
            return self.result_for(state, self.player, action), MIN
        if len(self.opponents) == 1:
            return self.result_for(state, self.opponents[0], action), MAX
        opponent, move = action
        return self.result_for(state, opponent, move), MAX

    def is_terminal(self, s):
        return self.game.is_terminal(s[0]) or (self.evaluate is None and not self.actions(s))

    def stuck(self, s):
        """Whether the side to move in ``s`` has no moves, although the game is not over."""
        return not self.game.is_terminal(s[0]) and not self.actions(s)

    def utility(self, s, player):
        if not self.game.is_terminal(s[0]):
            name = player_name(self.player, self.game.num_players)
            who = f"{name} has no move" if s[1] == MAX else f"no opponent of {name} has a move"
            raise GameError(f"best_reply: {who} in {s[0]!r}, which is not terminal; search with depth=d and "
                            "evaluate=f so that such states can be scored")
        u = self.payoff(s[0], self.player)
        return u if player == MAX else -u

    def evaluation(self, evaluate):
        """``evaluate(state, player)`` of the game, as this view's MAX and MIN see it."""
        me, score = self.player, checked(evaluate, f"evaluate ({describe(evaluate)})")

        def best_reply_eval(s, player):
            e = score(s[0], me)
            return e if player == MAX else -e

        best_reply_eval.__name__ = describe(evaluate)
        return best_reply_eval

    def render(self, s):
        return self.game.render(s[0])

    def label(self, s):
        own = getattr(self.game, "label", None)
        return None if own is None else own(s[0])

    @property
    def draw_state(self):
        own = getattr(self.game, "draw_state", None)
        return None if own is None else (lambda s, *args, **kwargs: own(s[0], *args, **kwargs))

    def __repr__(self) -> str:
        return f"BestReplyGame({self.game!r}, player={self.player})"


def best_reply(game, state=None, *, player=None, depth=None, evaluate=None, threat_ads=None,
               prune_on_equal=True, order=None, table=None, cutoff=None, max_nodes=None, time_limit=None,
               trace=False):
    """Best-Reply Search: the searching player against the single strongest reply of all its opponents.

    Parameters
    ----------
    game : Game
        A game of any number of players without chance nodes.  With more
        than two, opponents must be able to move out of turn: the game's
        ``actions_for(state, player)`` and ``result_for(state, player,
        action)``, or this package's adapters for Virus and Chinese Checkers
        (see :func:`~advsearch.search.multiplayer.out_of_turn`).
    state : optional
        The root; ``game.initial_state`` when None.
    player : int, optional
        The searching player: by default the player to move at the root.
        With more than two players it must be the player to move.
    depth : int, optional
        Cut off after this many layers and score with ``evaluate``.  A MIN
        layer is one ply, however many opponents it merges.
    evaluate : callable, optional
        ``evaluate(state, player) -> number``, the game's usual signature;
        the search calls it for the searching player.
    threat_ads : {None, "move-to-front", "transposition"} or ThreatADS
        None searches the opponents in turn order after ``player``.  A rule
        name orders them by a fresh :class:`ThreatADS` with that rule; a
        ThreatADS object is used and updated in place, so that it can carry
        what it learnt from search to search.
    prune_on_equal, order, table, max_nodes, time_limit
        As in :func:`~advsearch.alphabeta`, over the states and actions of
        the :class:`BestReplyGame` (pairs ``(state, side)``, and at MIN
        layers ``(opponent, move)`` replies).  With Threat-ADS, ``order``
        orders each opponent's replies and the list orders the opponents.
    cutoff : callable, optional
        ``cutoff(state, ply) -> bool``, the lecture's CutOffTest, given the
        game's state; it needs ``evaluate``.
    trace : bool
        Record alpha-beta's events in ``result.trace``, whose game is the
        :class:`BestReplyGame`: MIN layers draw as MIN nodes ▼ whose edges
        are ``(opponent, move)`` pairs.

    Returns
    -------
    SearchResult
        With more than two players, ``value`` is the payoff vector (one
        entry per player) at the end of the principal variation: every
        player's utility at a terminal state, every player's Eval where the
        search cut off.  With two players it is MAX's utility, whoever
        searches, as from :func:`~advsearch.alphabeta`.
        ``stats.searcher_value`` is the searching player's payoff under
        best-reply play, the value alpha-beta backs up.  ``move`` is its
        best move, the first in ``actions()`` order among equals; ``pv``
        alternates its moves with ``(opponent, move)`` replies (plain moves
        with two players).  ``stats`` count as in alpha-beta: ``nodes`` the
        states visited (each MIN-layer reply is one), the root included;
        with Threat-ADS, ``stats.ads_order`` is the list's order after the
        search.

    Raises
    ------
    ValueError
        A ``player`` that is not one of the game's, or (with more than two
        players) not the one to move at the root; an unknown ``threat_ads``;
        a bad depth, evaluation function or cut-off test.
    GameError
        A chance node; a game that cannot let a player move out of turn; a
        side without moves in a state that is not terminal, when there is
        no evaluation function to score it.

    Notes
    -----
    Time: with b moves per player and n players, a MIN layer has about
    (n - 1) b moves, so BRS searches b^(d/2) ((n - 1) b)^(d/2) nodes without
    pruning, and with perfect ordering about the square root, as alpha-beta
    does; more of the search is the player's own moves than in paranoid or
    max-n, so it looks further ahead for the same work (Schadd & Winands
    2011).  The module docstring lists the impossible states it can score.
    Threat-ADS changes the order of a MIN layer's moves only, so the value
    and move stay those of plain BRS; only the count of nodes changes.
    Reference: Schadd, M. P. D. and Winands, M. H. M. (2011), Best reply
    search for multiplayer games, *IEEE TCIAIG* 3(1), 57-66; Polk, S. and
    Oommen, B. J. (2013), On applying adaptive data structures to
    multi-player game playing, *Research and Development in Intelligent
    Systems XXX* (AI-2013); Polk, S. and Oommen, B. J. (2018), Novel
    threat-based AI strategies that incorporate adaptive data structures for
    multi-player board games, *Applied Intelligence* 48(8), 1893-1911.

    Examples
    --------
    Three players on the 5x5 Virus board.  P0 looks four layers ahead: its
    move, the strongest reply of P1 or P2, its move, and another reply.
    Threat-ADS searches the replies in another order: the value and move are
    the same, the work is not (here it is more).

    >>> from advsearch import Virus, best_reply
    >>> game = Virus(players=3)
    >>> r = best_reply(game, depth=4, evaluate=game.evaluate)
    >>> r.move, r.pv, r.stats.searcher_value, r.stats.nodes
    (1, (1, (2, 3), 7, (2, 2)), 0.4, 87)
    >>> r.value                              # everyone's share where that line ends
    (0.4, 0.1, 0.5)
    >>> r = best_reply(game, depth=4, evaluate=game.evaluate, threat_ads="move-to-front")
    >>> r.move, r.stats.searcher_value, r.stats.nodes, r.stats.ads_order
    (1, 0.4, 106, (1, 2))

    With two players, BRS is alpha-beta, and its value is MAX's utility
    even when MIN searches:

    >>> from advsearch import MIN, alphabeta, tree
    >>> t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> best_reply(t).value, best_reply(t).stats.leaves == alphabeta(t).stats.leaves
    (3, True)
    >>> t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]], root=MIN)
    >>> best_reply(t).value, best_reply(t).stats.searcher_value, alphabeta(t).value
    (6, -6, 6)
    """
    root = root_of(game, state, "best_reply")
    n = getattr(game, "num_players", 2)
    mover = None if game.is_terminal(root) else game.to_move(root)
    if mover == CHANCE:
        raise GameError(f"best_reply handles games without chance, but the root {root!r} is a CHANCE node")
    if player is None:
        player = MAX if mover is None else mover
    check_depth(depth, evaluate, cutoff)
    view = BestReplyGame(game, player, root, evaluate=evaluate)
    if n > 2 and mover is not None and mover != player:
        raise ValueError(
            f"with {n} players, best_reply searches for the player to move at the root, "
            f"{player_name(mover, n)}, not {player_name(player, n)}: a MIN layer at the root would merge "
            "opponents who are not to move, and its best reply would not be a legal move")
    ads = threat_ads
    if isinstance(threat_ads, str):
        ads = ThreatADS(threat_ads)
    elif threat_ads is not None and not isinstance(threat_ads, ThreatADS):
        raise ValueError(f"threat_ads must be None, a rule ({', '.join(map(repr, ADS_RULES))}) or a ThreatADS, "
                         f"not {threat_ads!r}")
    if ads is not None:
        ads.start(view.opponents)
        order = ThreatOrder(ads) if order is None else Chain(ThreatOrder(ads), order)
    if evaluate is not None:             # a side without moves is a leaf to evaluate, as is the cut-off
        cutoff = cut_off(view, cutoff)
    r = search_view(view, view.initial_state, "best_reply", depth=depth, evaluate=evaluate, cutoff=cutoff,
                    prune_on_equal=prune_on_equal, order=order, table=table, max_nodes=max_nodes,
                    time_limit=time_limit, trace=trace)
    if ads is not None:
        r.stats.extra["ads_order"] = tuple(ads.order)
    return r


def cut_off(view, cutoff):
    """The cut-off test of best reply over ``view``: a side without moves, or ``cutoff`` of the game's state."""
    stuck = view.stuck
    if cutoff is None:
        return lambda s, ply: stuck(s)
    return lambda s, ply: stuck(s) or cutoff(s[0], ply)
