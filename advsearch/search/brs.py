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
"""

from __future__ import annotations

from ..game import CHANCE, MAX, MIN, GameError, GameView, player_name
from .base import Search, checked, inf, root_of, scorers
from .multiplayer import out_of_turn

__all__ = ["best_reply", "BestReplyGame", "ThreatADS", "ADS_RULES"]

#: The update rules of :class:`ThreatADS`: move the threat to the front, or one place forward.
ADS_RULES = ("move-to-front", "transposition")


class ThreatADS:
    """An adaptive list of opponents, the most threatening first (Polk & Oommen 2013).

    Best-Reply Search searches a MIN layer's moves opponent by opponent in
    this list's order, then reports the opponent whose reply was the
    strongest, and the list adapts:

    - "move-to-front": the threat moves to the front of the list;
    - "transposition": it swaps places with the opponent just before it.

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


class BestReplyGame(GameView):
    """``game`` as Best-Reply Search sees it from ``player``: a two-player game of MAX and MIN layers.

    A state is a pair ``(state, side)``: the game's state, and MAX when
    ``player`` moves next or MIN when the merged opponents do.  MAX's actions
    are ``player``'s moves; MIN's are ``(opponent, move)`` pairs for every
    opponent in turn order after ``player`` (just the moves, with two
    players), each played from the same state.  A side with no moves ends
    the game here.  :func:`best_reply`'s traces are of this game, so a
    drawing shows BRS's tree: MAX ▲ and MIN ▼, with ``player``'s payoffs.

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

    def __init__(self, game, player: int, root=None):
        n = getattr(game, "num_players", 2)
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
            raise ValueError(f"player must be one of the {n} players 0..{n - 1}, not {player!r}")
        super().__init__(game)
        self.player = player
        self.payoff = checked(game.utility, f"{game!r}.utility")
        self.opponents = tuple((player + k) % n for k in range(1, n))
        self.actions_for, self.result_for = out_of_turn(game)
        self.utility_range = getattr(game, "payoff_bounds", None) or getattr(game, "utility_range",
                                                                            (-inf, inf))
        self.initial_state = self.layer(game.initial_state if root is None else root)

    def layer(self, state):
        """The view's state for a game state: MAX's layer when ``player`` is to move, else MIN's."""
        return state, MAX if self.game.to_move(state) == self.player else MIN

    def to_move(self, s):
        return s[1]

    def actions(self, s):
        state, side = s
        if self.game.is_terminal(state):
            return ()
        if side == MAX:
            return tuple(self.actions_for(state, self.player))
        if len(self.opponents) == 1:
            return tuple(self.actions_for(state, self.opponents[0]))
        return tuple((o, a) for o in self.opponents for a in self.actions_for(state, o))

    def result(self, s, action):
        state, side = s
        if side == MAX:
            return self.result_for(state, self.player, action), MIN
        if len(self.opponents) == 1:
            return self.result_for(state, self.opponents[0], action), MAX
        opponent, move = action
        return self.result_for(state, opponent, move), MAX

    def is_terminal(self, s):
        return self.game.is_terminal(s[0]) or not self.actions(s)

    def utility(self, s, player):
        if not self.game.is_terminal(s[0]):
            raise GameError(f"{player_name(self.player, self.game.num_players)} has no move in {s[0]!r}, "
                            "which is not terminal: it needs an evaluation function")
        u = self.payoff(s[0], self.player)
        return u if player == MAX else -u

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
               prune_on_equal=True, trace=False):
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
        ``evaluate(state, player) -> number``, called for the searching player.
    threat_ads : {None, "move-to-front", "transposition"} or ThreatADS
        None searches the opponents in turn order after ``player``.  A rule
        name orders them by a fresh :class:`ThreatADS` with that rule; a
        ThreatADS object is used and updated in place, so that it can carry
        what it learnt from search to search.
    prune_on_equal : bool
        As in :func:`~advsearch.alphabeta`: cut when v >= beta (v <= alpha).
    trace : bool
        Record alpha-beta's events in ``result.trace``, whose game is the
        :class:`BestReplyGame`: MIN layers draw as MIN nodes ▼ whose edges
        are ``(opponent, move)`` pairs.

    Returns
    -------
    SearchResult
        ``value`` is the searching player's payoff under best-reply play (one
        number, as in paranoid search); ``move`` its best move, the first
        among equals; ``pv`` alternates its moves with ``(opponent, move)``
        replies (plain moves with two players).  ``stats.nodes`` counts the
        states visited (each MIN-layer reply is one), the root included;
        ``stats.prunes`` counts prunes.  With Threat-ADS,
        ``stats.ads_order`` is the list's order after the search.

    Raises
    ------
    ValueError
        A ``player`` that is not one of the game's, or (with more than two
        players) not the one to move at the root; an unknown ``threat_ads``;
        a bad depth or evaluation function.
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
    >>> r.move, r.pv, r.value, r.stats.nodes
    (1, (1, (2, 3), 7, (2, 2)), 0.4, 87)
    >>> r = best_reply(game, depth=4, evaluate=game.evaluate, threat_ads="move-to-front")
    >>> r.move, r.value, r.stats.nodes, r.stats.ads_order
    (1, 0.4, 106, (1, 2))

    With two players, BRS is alpha-beta:

    >>> from advsearch import alphabeta, tree
    >>> t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> best_reply(t).value, best_reply(t).stats.leaves == alphabeta(t).stats.leaves
    (3, True)
    """
    root = root_of(game, state, "best_reply")
    n = getattr(game, "num_players", 2)
    mover = None if game.is_terminal(root) else game.to_move(root)
    if mover == CHANCE:
        raise GameError(f"best_reply handles games without chance, but the root {root!r} is a CHANCE node")
    if player is None:
        player = MAX if mover is None else mover
    view = BestReplyGame(game, player, root)
    if n > 2 and mover is not None and mover != player:
        raise ValueError(
            f"with {n} players, best_reply searches for the player to move at the root, "
            f"{player_name(mover, n)}, not {player_name(player, n)}: a MIN layer at the root would merge "
            "opponents who are not to move, and its best reply would not be a legal move")
    ads = threat_ads
    if isinstance(threat_ads, str) or threat_ads is None:
        ads = None if threat_ads is None else ThreatADS(threat_ads)
    elif not isinstance(threat_ads, ThreatADS):
        raise ValueError(f"threat_ads must be None, a rule ({', '.join(map(repr, ADS_RULES))}) or a ThreatADS, "
                         f"not {threat_ads!r}")
    opponents = view.opponents if ads is None else ads.start(view.opponents)
    merged = len(view.opponents) > 1     # with one opponent a reply is just its move
    search = Search(view, view.initial_state, depth=depth, evaluate=evaluate, trace=trace,
                    algorithm="best_reply")
    actions_for, result_for = view.actions_for, view.result_for
    is_terminal = game.is_terminal
    utility, evaluate = scorers(game, evaluate)
    cut_ply, tracer = search.limit, search.tracer
    nodes = leaves = deepest = evaluated = 0

    def score(state, side, ply, alpha, beta, terminal):
        """Utility at a terminal state, else Eval, for the searching player."""
        nonlocal leaves, deepest, evaluated
        leaves += 1
        if ply > deepest:
            deepest = ply
        if terminal:
            v = utility(state, player)
        elif evaluate is not None:
            evaluated += 1
            v = evaluate(state, player)
        else:
            nobody = f"{player_name(player, n)} has no move" if side == MAX else "no opponent has a move"
            raise GameError(f"best_reply: {nobody} in {state!r}, which is not terminal; search with depth=d "
                            "and evaluate=f so that such states can be scored")
        if tracer: tracer.leaf((state, side), None if terminal else side, v, alpha, beta)
        return v, None

    def value(state, side, alpha, beta, ply):
        """BRS(s): Utility or Eval at a leaf, else the value of MAX's or MIN's layer."""
        nonlocal nodes
        nodes += 1
        terminal = is_terminal(state)
        if terminal or ply == cut_ply:
            return score(state, side, ply, alpha, beta, terminal)
        if game.to_move(state) == CHANCE:
            raise GameError(f"best_reply handles games without chance, but {state!r} is a CHANCE node")
        if side == MAX:
            return max_value(state, alpha, beta, ply)
        return min_value(state, alpha, beta, ply)

    def max_value(state, alpha, beta, ply):
        """MAX's layer: the searching player's own moves."""
        moves = actions_for(state, player)
        if not moves:
            return score(state, MAX, ply, alpha, beta, False)
        if tracer: tracer.enter((state, MAX), MAX, alpha, beta)
        v, pv = -inf, None
        for a in moves:
            if tracer: tracer.down(a)
            v2, pv2 = value(result_for(state, player, a), MIN, alpha, beta, ply + 1)
            if v2 > v or pv is None:
                v, pv = v2, (a, pv2)
            if v >= beta and (prune_on_equal or v > beta):
                search.prune((state, MAX), MAX, a, moves, v2, v, alpha, beta)
                break
            if v > alpha:
                alpha = v
            if tracer: tracer.update((state, MAX), MAX, v2, v, alpha, beta)
        if tracer: tracer.exit((state, MAX), MAX, v, alpha, beta)
        return v, pv

    def min_value(state, alpha, beta, ply):
        """MIN's layer: for all opponents (in the ADS's order), for all their moves; the best reply counts."""
        replies = [(o, a) for o in opponents for a in actions_for(state, o)]
        if not replies:
            return score(state, MIN, ply, alpha, beta, False)
        moves = [(o, a) if merged else a for o, a in replies]
        if tracer: tracer.enter((state, MIN), MIN, alpha, beta)
        v, pv, threat = inf, None, None
        for (o, a), move in zip(replies, moves):
            if tracer: tracer.down(move)
            v2, pv2 = value(result_for(state, o, a), MAX, alpha, beta, ply + 1)
            if v2 < v or pv is None:
                v, pv, threat = v2, (move, pv2), o
            if v <= alpha and (prune_on_equal or v < alpha):
                search.prune((state, MIN), MIN, move, moves, v2, v, alpha, beta)
                break
            if v < beta:
                beta = v
            if tracer: tracer.update((state, MIN), MIN, v2, v, alpha, beta)
        if ads is not None:
            ads.update(threat)           # the strongest reply's opponent moves up the list
        if tracer: tracer.exit((state, MIN), MIN, v, alpha, beta)
        return v, pv

    v, pv = search.run(lambda s: value(s[0], s[1], -inf, inf, 0))
    extra = {} if ads is None else {"ads_order": tuple(ads.order)}
    return search.finish(v, pv, lambda: (leaves, deepest, evaluated), nodes=nodes, **extra)
