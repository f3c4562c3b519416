"""The arena: agents play games, and matches measure how much better one agent is.

- :func:`play` runs one game between agents and returns a :class:`GameRecord`
  (the moves, the states and the outcome);
- :func:`match` plays two agents against each other from random openings,
  with colours swapped, and returns a :class:`MatchResult`: wins, draws and
  losses, the score rate with a 95% confidence interval, and an Elo estimate;
- :func:`tournament` plays a match between every pair of several agents and
  rates them all at once (the ratings are computed by :mod:`advsearch.ratings`);
- :func:`agent_move` asks an agent for one move and checks it: :func:`play`,
  the command line and the play widget all ask through it.  A move that is not
  legal raises :class:`~advsearch.game.IllegalMoveError`; an agent that raises
  or (with a ``time_per_move``) takes too long raises :class:`AgentError`.

An agent is any callable ``agent(game, state) -> action``; see
:mod:`advsearch.agents` for ready-made ones.  Randomness goes through a
``random.Random(seed)``, so a seeded match can be replayed exactly (given
agents that are deterministic or freshly seeded).

Games that need not end (Pig, whose players may hold with nothing for ever)
are played with ``max_moves``: :func:`play` stops after that many moves (chance
outcomes count) and records the game as unfinished, and :func:`match` and
:func:`tournament` score an unfinished game as a draw, the usual adjudication
of a move limit, and count it in :attr:`MatchResult.unfinished` so that it
can be told from a real draw.

Examples
--------
>>> from advsearch import TicTacToe, agents
>>> from advsearch.arena import play, match
>>> game = TicTacToe()
>>> record = play(game, [agents.solver(), agents.random(seed=2)])
>>> record.outcome, record.winner        # the solver (X) wins
((1, -1), 0)
>>> result = match(game, agents.solver(), agents.random(seed=1), games=10, openings=0, seed=0)
>>> result.losses
0
"""

from __future__ import annotations

import html
import math
import numbers
import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from . import timeout
from .agents import name_of
from .game import CHANCE, GameError, IllegalMoveError, player_name
from .ratings import Z95, check_prior, elo, elo_intervals, fit_elo, wilson_interval
from .search.base import chance_outcomes
from .tables import html_table, text_table
from .timeout import TimeLimitExceeded, check_budget, check_count

__all__ = ["GameRecord", "MatchResult", "TournamentResult", "AgentError", "AgentTimeLimitExceeded", "play",
           "agent_move", "is_legal", "chance_move", "match", "tournament", "random_opening", "opening_moves", "failure_sentence",
           "search_summary", "progress_bar", "INTERACTIVE_TIME_PER_MOVE",
           # The ratings live in advsearch.ratings; these names are kept here for the arena's users.
           "wilson_interval", "elo", "fit_elo", "Z95"]

#: Seconds an agent may think over a move while a person waits for it: the default of
#: ``advsearch play`` and of the play widget.  :func:`play` has no limit unless given one.
INTERACTIVE_TIME_PER_MOVE = 30

#: An illegal move's message lists at most this many of the legal moves.
_LISTED_MOVES = 30


# --- One game. ---

@dataclass(frozen=True)
class GameRecord:
    """One game as played: who played, every move and state, and how it ended.

    Attributes
    ----------
    agents : tuple of str
        The agents' names, by player (``agents[0]`` moved first in a
        two-player game).
    moves : tuple
        The actions in the order played (chance outcomes included).
    states : tuple
        The states, from the starting one to the last: one more than the moves.
    outcome : tuple of float or None
        Every player's utility at the end, by player; None when the game was
        stopped by ``max_moves`` before it ended.
    winner : int or None
        The player with the highest utility, or None for a draw (or a game
        that did not end).

    Examples
    --------
    >>> from advsearch import Nim
    >>> def take_one(game, state):
    ...     return game.actions(state)[0]
    >>> game = Nim((2,))
    >>> game.actions(game.initial_state)
    ((0, 1), (0, 2))
    >>> print(play(game, [take_one, take_one]))
    take_one vs take_one: 2 moves, won by take_one (player 1); moves (0, 1) (0, 1)
    >>> record = play(game, [take_one, take_one], max_moves=1)
    >>> record.finished, record.end
    (False, 'max_moves reached (unfinished)')
    """

    agents: tuple
    moves: tuple
    states: tuple
    outcome: tuple | None
    winner: int | None

    @property
    def finished(self) -> bool:
        """Whether the game reached a terminal state."""
        return self.outcome is not None

    @property
    def final_state(self):
        """The last state of the game."""
        return self.states[-1]

    @property
    def end(self) -> str:
        """How the game ended: "won by <agent> (player <p>)", "a draw", or "max_moves reached (unfinished)"."""
        if not self.finished:
            return "max_moves reached (unfinished)"
        if self.winner is None:
            return "a draw"
        return f"won by {self.agents[self.winner]} (player {self.winner})"

    def __len__(self) -> int:
        return len(self.moves)

    def __str__(self) -> str:
        players = " vs ".join(self.agents)
        return (f"{players}: {_plural(len(self.moves), 'move')}, {self.end}; "
                f"moves {' '.join(map(str, self.moves))}")


class AgentError(GameError):
    """An agent failed during a game: it raised an exception, or took longer than its time per move.

    The message names the agent and its player, says what went wrong, and
    shows the state it was asked to move in.  The same is in the attributes
    ``agent`` (the agent's name), ``player`` and ``state``; ``record`` is the
    game up to that point (a :class:`GameRecord`) when the agent played in
    :func:`play`, else None.  The agent's own exception is the ``__cause__``,
    so the traceback still shows the agent's line that raised it.
    """


class AgentTimeLimitExceeded(AgentError, TimeLimitExceeded):
    """An agent did not choose a move within ``time_per_move`` seconds; a TimeoutError too.

    ``what`` names the agent and ``seconds`` is the limit, as in every
    :class:`~advsearch.timeout.TimeLimitExceeded`.
    """

    def __init__(self, message, seconds=None, what=None):
        GameError.__init__(self, message)
        self.what, self.seconds = what, seconds


def play(game, agents, state=None, seed=None, max_moves=None, time_per_move=None) -> GameRecord:
    """Play one game: each agent picks the moves of its player until the game ends.

    Parameters
    ----------
    game : Game
        Any game of the protocol, with ``game.num_players`` players.
    agents : sequence of callables
        One agent per player, ``agent(game, state) -> action``; ``agents[p]``
        plays player ``p``.
    state : optional
        Where to start; ``game.initial_state`` when None.
    seed : optional
        Seeds the ``random.Random`` that draws the outcomes of chance nodes.
    max_moves : int, optional
        Stop after this many moves (chance outcomes included) even if the
        game has not ended: the record is then unfinished, its ``outcome``
        and ``winner`` None.  None (the default) plays until the game ends.
    time_per_move : float, optional
        Seconds each agent may take over a move; None (the default) waits for
        ever.  With a limit every move runs in a worker thread (see
        :func:`advsearch.timeout.call`).

    Returns
    -------
    GameRecord

    Raises
    ------
    ValueError
        Not one callable agent per player, or a ``max_moves`` that is not a
        positive whole number, or a ``time_per_move`` that is not a positive number.
    IllegalMoveError
        An agent chose something that is not one of ``actions(state)``, in
        value and in type (``True`` and ``1.0`` are not the move ``1``).  The
        message names the agent, the move and the legal moves.
    AgentError
        An agent raised an exception (chained as the ``__cause__``), or, as
        :class:`AgentTimeLimitExceeded`, did not move within ``time_per_move``.
        A KeyboardInterrupt is not an agent's error: it stops the game as it is.

    Every error of an agent has the attributes ``agent`` (its name),
    ``player``, ``state`` and ``record``: the game up to that point.  Nothing
    is changed: states are immutable.

    Examples
    --------
    >>> from advsearch import TicTacToe, agents
    >>> game = TicTacToe()
    >>> first = lambda game, state: game.actions(state)[0]
    >>> record = play(game, [first, first])
    >>> record.moves, record.winner
    ((0, 1, 2, 3, 4, 5, 6), 0)
    >>> print(game.render(record.final_state))
    X O X
    O X O
    X . .
    >>> play(game, [first, lambda game, state: 0])
    Traceback (most recent call last):
    ...
    advsearch.game.IllegalMoveError: <lambda> (player 1, MIN) chose 0, which is not legal here; the legal moves are 1, 2, 3, 4, 5, 6, 7, 8 in
    X . .
    . . .
    . . .

    An agent that never answers is stopped after ``time_per_move`` seconds:

    >>> import time
    >>> def sleepy(game, state):
    ...     time.sleep(60)
    >>> play(game, [first, sleepy], time_per_move=0.1)
    Traceback (most recent call last):
    ...
    advsearch.arena.AgentTimeLimitExceeded: sleepy (player 1, MIN) did not choose a move within 0.1 s (time_per_move) in
    X . .
    . . .
    . . .
    """
    agents = _check_agents(game, agents)
    check_budget("max_moves", max_moves, whole=True)
    check_budget("time_per_move", time_per_move)
    rng = random.Random(seed)
    state = game.initial_state if state is None else state
    names = tuple(name_of(a) for a in agents)
    moves, states = [], [state]
    while not game.is_terminal(state) and (max_moves is None or len(moves) < max_moves):
        player = game.to_move(state)
        if player == CHANCE:
            action = chance_move(game, state, rng)
        else:
            try:
                action = agent_move(agents[player], game, state, time_per_move)
            except (AgentError, IllegalMoveError) as error:
                error.record = GameRecord(names, tuple(moves), tuple(states), None, None)
                raise
        state = game.result(state, action)
        moves.append(action)
        states.append(state)
    outcome = tuple(game.utility(state, p) for p in range(game.num_players)) if game.is_terminal(state) else None
    return GameRecord(names, tuple(moves), tuple(states), outcome, _winner(outcome))


def failure_sentence(name, error) -> str:
    """How an agent failed, in one line for a terminal or a status bar; ``error`` from :func:`agent_move`.

    >>> failure_sentence("greedy", AgentError("...") )
    'greedy failed (AgentError: ...)'
    """
    if isinstance(error, AgentTimeLimitExceeded):
        return f"{name} did not choose a move within {error.seconds:g} s"
    if isinstance(error, AgentError):
        cause = error.__cause__ or error
        return f"{name} failed ({type(cause).__name__}: {cause})"
    if isinstance(error, IllegalMoveError):
        return f"{name} chose {error.move!r}, which is not legal here"
    return f"{name} failed ({error})"


def agent_move(agent, game, state, time_per_move=None):
    """The move ``agent`` chooses in ``state``: a legal action, chosen within ``time_per_move`` seconds.

    :func:`play`, the command line and the play widget ask their agents for
    moves through this, so an agent's failure is reported the same way
    everywhere.

    Parameters
    ----------
    agent : callable
        ``agent(game, state) -> action``.
    game : Game
    state
        A state of ``game`` where a player (not chance) is to move.
    time_per_move : float, optional
        Seconds the agent may take; None waits for ever.

    Raises
    ------
    ValueError
        A ``time_per_move`` that is not a positive number.
    IllegalMoveError
        The agent chose something that is not one of ``actions(state)``
        (see :func:`is_legal`).
    AgentError
        The agent raised an exception (the ``__cause__``); a KeyboardInterrupt
        is let through as it is.
    AgentTimeLimitExceeded
        The agent took longer than ``time_per_move``.

    Each error has the attributes ``agent`` (the agent's name), ``player``,
    ``state`` and ``record`` (None here; :func:`play` fills it in), and an
    IllegalMoveError also ``move``.

    Examples
    --------
    >>> from advsearch import TicTacToe
    >>> game = TicTacToe()
    >>> agent_move(lambda game, state: 4, game, game.initial_state, time_per_move=5)
    4
    >>> def shy(game, state):
    ...     return {}["my move"]
    >>> agent_move(shy, game, game.initial_state)
    Traceback (most recent call last):
    ...
    advsearch.arena.AgentError: shy (player 0, MAX) failed with KeyError: 'my move' when asked for a move in
    . . .
    . . .
    . . .
    >>> agent_move(lambda game, state: True, game, game.initial_state)     # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    advsearch.game.IllegalMoveError: <lambda> (player 0, MAX) chose True, which is not legal here (it equals the move 1, but its type is bool, not int); the legal moves are 0, 1, 2, ...
    """
    check_budget("time_per_move", time_per_move)
    player = game.to_move(state)
    name = name_of(agent)
    who = _who(game, name, player)
    try:
        action, error = timeout.call(_ask, agent, game, state, seconds=time_per_move, what=who)
    except TimeLimitExceeded:
        message = f"{who} did not choose a move within {time_per_move:g} s (time_per_move) in\n{game.render(state)}"
        raise _blame(AgentTimeLimitExceeded(message, time_per_move, who), name, player, state) from None
    if error is not None:
        raise _blame(AgentError(_failed(who, error, game, state)), name, player, state) from error
    legal = game.actions(state)
    if not is_legal(action, legal):
        error = _blame(IllegalMoveError(_illegal_message(who, action, legal, game, state)), name, player, state)
        error.move = action
        raise error
    return action


def _ask(agent, game, state):
    """(the agent's move, None), or (None, the exception it raised), so that its errors are not the time limit's.

    A KeyboardInterrupt is not the agent's failure: it goes through.
    """
    try:
        return agent(game, state), None
    except Exception as error:
        return None, error


def is_legal(action, legal) -> bool:
    """Whether ``action`` is one of the moves ``legal``: equal to one, and of the same type.

    In Python ``True == 1 == 1.0``, so ``action in legal`` would let an agent
    play ``True`` or ``1.0`` for the move ``1``, and the record would keep
    ``True``.  Tuples are compared item by item, by type as well.

    Examples
    --------
    >>> is_legal(1, (0, 1)), is_legal(True, (0, 1)), is_legal(1.0, (0, 1))
    (True, False, False)
    >>> is_legal((1, 2), ((1, 2),)), is_legal((1, 2.0), ((1, 2),)), is_legal([1, 2], ((1, 2),))
    (True, False, False)
    """
    return any(_same(action, move) for move in legal)


def _same(a, b) -> bool:
    """``a == b``, with the same types all the way down."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(map(_same, a, b))
    return a == b


def _who(game, name, player) -> str:
    """The agent as messages name it: "solver (player 1, MIN)"."""
    return f"{name} (player {player}, {player_name(player, game.num_players)})"


def _blame(error, name, player, state):
    """``error``, with the attributes that say which agent failed where (``record`` is filled in by play)."""
    error.agent, error.player, error.state, error.record = name, player, state, None
    return error


def _failed(who, error, game, state) -> str:
    """The message of an AgentError: who raised what, and the state it was asked to move in."""
    what = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    return f"{who} failed with {what} when asked for a move in\n{game.render(state)}"


def _illegal_message(who, action, legal, game, state) -> str:
    """The message of an IllegalMoveError: who chose what, why it is not legal, the legal moves and the state."""
    why = ""
    equal = next((move for move in legal if _equal(move, action)), None)
    if equal is not None:                    # the same value, another type: say so, or the message is a riddle
        why = f" (it equals the move {equal!r}, but its type is {_kind(action)}, not {_kind(equal)})"
    listed = ", ".join(map(repr, legal[:_LISTED_MOVES]))
    if len(legal) > _LISTED_MOVES:
        listed += f", ... ({len(legal)} in all)"
    return (f"{who} chose {action!r}, which is not legal here{why}; the legal moves are {listed} in\n"
            f"{game.render(state)}")


def _equal(a, b) -> bool:
    """``a == b``, and False when comparing them fails (an agent may return anything, a numpy array say)."""
    try:
        return bool(a == b)
    except Exception:
        return False


def _kind(move) -> str:
    """The type of a move, item by item for a tuple: 'bool', '(int, float)'."""
    if type(move) is tuple:
        return "(" + ", ".join(map(_kind, move)) + ")"
    return type(move).__name__


def _check_agents(game, agents) -> tuple:
    if callable(agents) or isinstance(agents, (str, bytes)):
        raise ValueError(f"play needs a sequence of agents, one per player, not {agents!r}")
    try:
        agents = tuple(agents)
    except TypeError:
        raise ValueError(f"play needs a sequence of agents, one per player, not {agents!r}") from None
    n = game.num_players
    if len(agents) != n:
        raise ValueError(f"{game!r} has {n} players, so it needs {n} agents, not {len(agents)}")
    for p, agent in enumerate(agents):
        if not callable(agent):
            raise ValueError(f"the agent for player {p} must be a callable (game, state) -> action, "
                             f"not {agent!r}")
    return agents


def chance_move(game, state, rng):
    """Nature's move at the chance node ``state``: an outcome drawn by its probability with ``rng``.

    The probabilities are checked (:func:`advsearch.search.base.chance_outcomes`).

    >>> from advsearch import Pig
    >>> game = Pig(goal=10)
    >>> chance_move(game, game.result(game.initial_state, "roll"), random.Random(0)) in range(1, 7)
    True
    """
    outcomes = chance_outcomes(game, state)
    return rng.choices([o for o, _ in outcomes], weights=[p for _, p in outcomes])[0]


def _winner(outcome):
    """The player with the strictly highest utility, or None."""
    if outcome is None:
        return None
    best = max(outcome)
    leaders = [p for p, u in enumerate(outcome) if u == best]
    return leaders[0] if len(leaders) == 1 else None


def random_opening(game, plies, rng, state=None, tries=1000):
    """A state reached by ``plies`` uniformly random moves, in which the game is not over.

    An opening that ends the game (on its last ply or before) is thrown away
    and another drawn, up to ``tries`` times.

    Parameters
    ----------
    game : Game
    plies : int
        The number of random moves (chance outcomes count as plies, drawn by
        their probabilities).
    rng : random.Random
        The source of randomness.
    state : optional
        Where the opening starts; ``game.initial_state`` when None.
    tries : int
        How many openings to draw before giving up.

    Raises
    ------
    ValueError
        A negative ``plies``, or ``tries`` openings in a row all ended the game.

    Examples
    --------
    >>> import random
    >>> from advsearch import TicTacToe
    >>> game = TicTacToe()
    >>> s = random_opening(game, 2, random.Random(0))
    >>> print(game.render(s))
    . . .
    . . .
    X O .
    >>> random_opening(game, 9, random.Random(0))     # 9 plies always end tic-tac-toe
    Traceback (most recent call last):
    ...
    ValueError: 1000 random openings of 9 plies all ended the game; use fewer plies
    """
    return _opening(game, plies, rng, state, tries)[1]


def opening_moves(game, plies, rng, state=None, tries=1000) -> tuple:
    """The moves of :func:`random_opening` (the same draw from the same ``rng``), rather than the state.

    A contest sends these to agents in other processes, which replay them.

    >>> import random
    >>> from advsearch import TicTacToe
    >>> game = TicTacToe()
    >>> moves = opening_moves(game, 2, random.Random(0))
    >>> moves                      # squares 0..8, row by row: X on 6, O on 7, as random_opening drew
    (6, 7)
    >>> game.result(game.result(game.initial_state, moves[0]), moves[1]) == random_opening(game, 2, random.Random(0))
    True
    """
    return _opening(game, plies, rng, state, tries)[0]


def _opening(game, plies, rng, state, tries) -> tuple:
    """(moves, state) of a random opening: see :func:`random_opening`."""
    check_count("plies", plies, minimum=0)
    start = game.initial_state if state is None else state
    for _ in range(tries):
        state, moves = start, []
        for _ in range(plies):
            if game.is_terminal(state):
                break
            if game.to_move(state) == CHANCE:
                move = chance_move(game, state, rng)
            else:
                move = rng.choice(list(game.actions(state)))
            state = game.result(state, move)
            moves.append(move)
        if not game.is_terminal(state):
            return tuple(moves), state
    raise ValueError(f"{tries} random openings of {plies} plies all ended the game; use fewer plies")


# --- The result of a match. ---

@dataclass(frozen=True)
class MatchResult:
    """The result of :func:`match`, from the first agent's point of view.

    Attributes
    ----------
    a, b : str
        The two agents' names.
    wins, draws, losses : int
        Games that ``a`` won, drew and lost; the draws include the
        unfinished games.
    openings : int
        The random plies each pair of games started from.
    seed : object
        The match's seed.
    records : tuple of GameRecord
        Every game, in the order played (not shown in the repr).
    unfinished : int
        Games stopped by ``max_moves`` before they ended, scored as draws
        (and counted in ``draws``).
    max_moves : int or None
        The match's move limit per game; None for none.

    Notes
    -----
    The score counts a win 1 and a draw 1/2; a game stopped by ``max_moves``
    is a draw (neither player has won it).  The 95% confidence interval of
    the score rate is the Wilson interval, treating the games as independent
    trials with a win-or-lose outcome; draws score 1/2 and vary less than a
    win or a loss, so with draws the interval is a little wider than it needs
    to be (conservative).  Games from the same opening are not independent of
    each other, which the interval ignores.  The Elo difference is
    400·log10(rate / (1 - rate)), and its interval is the same transform of
    the rate's.
    """

    a: str
    b: str
    wins: int
    draws: int
    losses: int
    openings: int = 0
    seed: object = None
    records: tuple = field(default=(), repr=False, compare=False)
    unfinished: int = 0
    max_moves: int | None = None

    def __post_init__(self):
        if not 0 <= self.unfinished <= self.draws:
            raise ValueError(f"unfinished games are scored as draws, so 0 <= unfinished <= draws, "
                             f"not unfinished={self.unfinished!r} with draws={self.draws!r}")

    @property
    def games(self) -> int:
        """The number of games played."""
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """``a``'s points: 1 per win, 1/2 per draw."""
        return self.wins + self.draws / 2

    @property
    def rate(self) -> float:
        """``a``'s score per game, between 0 and 1."""
        return self.score / self.games

    @property
    def interval(self) -> tuple:
        """The 95% Wilson confidence interval of :attr:`rate` (see the class notes)."""
        return wilson_interval(self.score, self.games)

    @property
    def elo(self) -> float:
        """The estimated Elo difference, ``a`` minus ``b`` (±inf after a perfect score)."""
        return elo(self.rate)

    @property
    def elo_interval(self) -> tuple:
        """The 95% confidence interval of :attr:`elo`."""
        lo, hi = self.interval
        return elo(lo), elo(hi)

    def swapped(self) -> "MatchResult":
        """The same match from ``b``'s point of view (its wins are ``a``'s losses).

        >>> MatchResult("a", "b", 3, 1, 0).swapped()
        MatchResult(a='b', b='a', wins=0, draws=1, losses=3, openings=0, seed=None, unfinished=0, max_moves=None)
        """
        return replace(self, a=self.b, b=self.a, wins=self.losses, losses=self.wins)

    def as_dict(self) -> dict:
        """The numbers, as plain Python values (for JSON)."""
        return {"a": self.a, "b": self.b, "games": self.games, "wins": self.wins, "draws": self.draws,
                "losses": self.losses, "score": self.score, "rate": self.rate,
                "interval": list(self.interval), "elo": self.elo, "elo_interval": list(self.elo_interval),
                "openings": self.openings, "seed": self.seed, "unfinished": self.unfinished,
                "max_moves": self.max_moves}

    def _cells(self) -> dict:
        lo, hi = self.interval
        elo_lo, elo_hi = self.elo_interval
        draws = f"{self.draws} ({self.unfinished} unfinished)" if self.unfinished else self.draws
        return {"agent": self.a, "opponent": self.b, "games": self.games, "wins": self.wins,
                "draws": draws, "losses": self.losses, "score": f"{self.rate:.1%}",
                "95% CI": f"{lo:.1%} – {hi:.1%}",
                "Elo": f"{_signed(self.elo)} ({_signed(elo_lo)} to {_signed(elo_hi)})"}

    def __str__(self) -> str:
        c = self._cells()
        stopped = (f" ({self.unfinished} stopped at max_moves={self.max_moves}, scored as draws)"
                   if self.unfinished else "")
        return (f"{self.a} vs {self.b}: {_plural(self.wins, 'win')}, {_plural(self.draws, 'draw')}{stopped}, "
                f"{_plural(self.losses, 'loss', 'losses')} in {self.games} games; score {c['score']} "
                f"(95% CI {c['95% CI']}), Elo {c['Elo']}")

    def _repr_html_(self) -> str:
        cells = self._cells()
        head = "".join(f"<th>{html.escape(k)}</th>" for k in cells)
        row = "".join(f"<td>{html.escape(str(v))}</td>" for v in cells.values())
        return f"<table><thead><tr>{head}</tr></thead><tbody><tr>{row}</tr></tbody></table>"


def _signed(x) -> str:
    if math.isinf(x):
        return "+∞" if x > 0 else "−∞"
    return f"{x:+.0f}"


def _plural(n, word, many=None) -> str:
    return f"{n} {word if n == 1 else many or word + 's'}"


# --- A match. ---

def match(game, a, b, games=20, openings=2, seed=None, progress=True, time_per_move=None,
          max_moves=None) -> MatchResult:
    """Play ``a`` against ``b``: pairs of games from random openings, with colours swapped.

    Deterministic agents play the same game every time from the same
    position, so each pair of games starts from its own random opening of
    ``openings`` plies (see :func:`random_opening`; openings that end the game
    are skipped).  ``a`` plays player 0 (MAX) in the first game of the pair
    and ``b`` in the second, so neither gains from the opening or from moving
    first.  A random opening can leave a lost position, so with
    ``openings > 0`` even a perfect player may lose a game.

    Parameters
    ----------
    game : Game
        A two-player game.
    a, b : callable
        The agents, ``agent(game, state) -> action``.
    games : int
        The number of games, at least 1.  When it is odd the last opening is
        played once, with ``a`` as player 0.
    openings : int
        Random plies before the agents take over, at least 0.
    seed : optional
        Seeds the ``random.Random`` that draws the openings and the seeds of
        the games' chance nodes.  The same seed and agents (deterministic, or
        freshly made with the same seeds) give the same match.
    progress : bool
        Show a progress bar (``tqdm.auto``, if installed) when the match takes
        more than a second.
    time_per_move : float, optional
        Seconds an agent may take over a move (see :func:`play`); None, the
        default, waits for ever.
    max_moves : int, optional
        Stop a game after this many moves from its opening (chance outcomes
        included) if it has not ended, and score it as a draw, counted in
        :attr:`MatchResult.unfinished`.  None (the default) plays every game
        to its end, which for a game that need not end (Pig) may never come.

    Returns
    -------
    MatchResult
        Wins, draws and losses from ``a``'s point of view, the score rate, its
        confidence interval and an Elo estimate; it shows as a table in a
        notebook.

    Raises
    ------
    ValueError
        ``game`` has not two players, an agent is not callable, ``games < 1``,
        ``openings < 0``, a ``time_per_move`` that is not a positive number or
        a ``max_moves`` that is not a positive whole number.
    IllegalMoveError, AgentError
        An agent chose an illegal move, raised, or took longer than
        ``time_per_move`` (see :func:`play`); the match stops.

    Notes
    -----
    Costs ``games`` calls of :func:`play`.  A game stopped by ``max_moves``
    counts as a draw because neither agent has won it; this is how
    tournaments adjudicate a move limit.  Choose the limit well above the
    length of a normal game, and look at ``unfinished``: many unfinished
    games say that the agents cannot finish, not that they are equal.

    Examples
    --------
    >>> from advsearch import TicTacToe, agents
    >>> game = TicTacToe()
    >>> result = match(game, agents.solver(), agents.random(seed=5), games=20, openings=1, seed=3)
    >>> result.games, result.losses
    (20, 0)
    >>> result.rate > 0.5 and result.interval[0] <= result.rate <= result.interval[1]
    True
    >>> match(game, agents.solver(), agents.random(), time_per_move=0)
    Traceback (most recent call last):
    ...
    ValueError: time_per_move must be a positive number, not 0

    Two Pig players who always hold never finish a game; ``max_moves`` stops
    each game, and scores it as a draw:

    >>> from advsearch import Pig
    >>> def holds(game, state):
    ...     return "hold"
    >>> result = match(Pig(), holds, holds, games=4, openings=0, max_moves=50)
    >>> result.draws, result.unfinished, len(result.records[0])
    (4, 4, 50)
    """
    if getattr(game, "num_players", 2) != 2:
        raise ValueError(f"a match is between two players, but {game!r} has {game.num_players}")
    for label, agent in (("a", a), ("b", b)):
        if not callable(agent):
            raise ValueError(f"agent {label} must be a callable (game, state) -> action, not {agent!r}")
    games = check_count("games", games, minimum=1)
    openings = check_count("openings", openings, minimum=0)
    check_budget("time_per_move", time_per_move)
    check_budget("max_moves", max_moves, whole=True)
    with progress_bar(games, f"{name_of(a)} vs {name_of(b)}", progress) as bar:
        return _play_match(game, a, b, games=games, openings=openings, seed=seed, bar=bar,
                           time_per_move=time_per_move, max_moves=max_moves)


def _play_match(game, a, b, *, games, openings, seed, bar, time_per_move, max_moves) -> MatchResult:
    """The games of a match, with arguments already checked; ``bar.update()`` after each game."""
    rng = random.Random(seed)
    records, points = [], {"win": 0, "draw": 0, "loss": 0}
    for i in range(games):
        if i % 2 == 0:
            start = random_opening(game, openings, rng)
        a_moves_first = i % 2 == 0
        record = play(game, (a, b) if a_moves_first else (b, a), state=start, seed=rng.getrandbits(32),
                      time_per_move=time_per_move, max_moves=max_moves)
        records.append(record)
        points[_result_for(record, 0 if a_moves_first else 1)] += 1
        bar.update()
    unfinished = sum(not record.finished for record in records)
    return MatchResult(name_of(a), name_of(b), points["win"], points["draw"], points["loss"],
                       openings, seed, tuple(records), unfinished, max_moves)


def _result_for(record, player) -> str:
    """'win', 'draw' or 'loss' for ``player`` in a two-player game; a game stopped unfinished is a draw."""
    if not record.finished:
        return "draw"
    mine, theirs = record.outcome[player], record.outcome[1 - player]
    return "win" if mine > theirs else "loss" if mine < theirs else "draw"


class _NoBar:
    """Stands in for a progress bar when none is wanted."""

    def update(self, n=1):
        pass

    def set_postfix_str(self, text, refresh=True):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def progress_bar(total, description, enabled, initial=0, leave=False):
    """A ``tqdm.auto`` bar of ``total`` games that appears only after a second (``delay=1``), with an ETA.

    ``tqdm.auto`` draws a widget in a notebook and text on standard error
    elsewhere; the bar goes away when it closes unless ``leave``.  ``initial``
    games are done already (a contest that resumes).  It is
    imported here rather than with the module, so that importing advsearch
    stays quick.  Without tqdm, or when not ``enabled``, there is no bar.
    """
    if not enabled:
        return _NoBar()
    try:
        from tqdm.auto import tqdm
    except ImportError:               # pragma: no cover - tqdm is a dependency
        return _NoBar()
    return tqdm(total=total, desc=description, delay=1.0, leave=leave, unit="game", initial=initial)


# --- A tournament. ---

@dataclass(frozen=True)
class TournamentResult:
    """The result of :func:`tournament`: a standings table, Elo ratings and every pairwise match.

    Attributes
    ----------
    game : str
        The game's repr.
    agents : tuple of str
        The agents' names, in the order they were given.
    matches : tuple of MatchResult
        One match per pair, in the order played: ``agents[i]`` against
        ``agents[j]`` for every ``i < j``, from ``agents[i]``'s point of view.
    ratings : tuple of float
        Each agent's Elo rating, by :func:`~advsearch.ratings.fit_elo`; they average 0.
    rating_intervals : tuple of (float, float)
        The 95% confidence interval of each rating (see :func:`tournament`).
    games_per_pair : int
        The games of each match.
    openings : int
        The random plies each pair of games started from.
    seed : object
        The tournament's seed.
    prior : float
        The virtual drawn games per pair that :func:`~advsearch.ratings.fit_elo` added.
    max_moves : int or None
        The move limit per game (see :func:`match`); None for none.

    Notes
    -----
    ``str()`` gives the tables as text and a notebook shows them as HTML:
    first the standings, best Elo first, then the points each agent took off
    each other one.
    """

    game: str
    agents: tuple
    matches: tuple = field(repr=False)
    ratings: tuple = ()
    rating_intervals: tuple = field(default=(), repr=False)
    games_per_pair: int = 0
    openings: int = 0
    seed: object = None
    prior: float = 1.0
    max_moves: int | None = None

    def result(self, a, b) -> MatchResult:
        """The match between the agents named ``a`` and ``b``, from ``a``'s point of view."""
        for m in self.matches:
            if (m.a, m.b) == (a, b):
                return m
            if (m.a, m.b) == (b, a):
                return m.swapped()
        raise KeyError(f"no match between {a!r} and {b!r}; the agents are {', '.join(map(repr, self.agents))}")

    def standings(self) -> list:
        """One dict per agent, best rating first (ties in the order given).

        Each has ``rank``, ``agent``, ``games``, ``wins``, ``draws``,
        ``losses``, ``unfinished`` (games stopped by ``max_moves``, among the
        draws), ``score`` (points: 1 a win, 1/2 a draw), ``rate`` (score
        per game), ``interval`` (its 95% Wilson interval), ``elo`` and
        ``elo_interval``.
        """
        rows = []
        for k, name in enumerate(self.agents):
            mine = [self.result(name, other) for other in self.agents if other != name]
            wins, draws, losses, unfinished = (sum(getattr(m, x) for m in mine)
                                               for x in ("wins", "draws", "losses", "unfinished"))
            games = wins + draws + losses
            score = wins + draws / 2
            rows.append({"agent": name, "games": games, "wins": wins, "draws": draws, "losses": losses,
                         "unfinished": unfinished, "score": score, "rate": score / games,
                         "interval": wilson_interval(score, games),
                         "elo": self.ratings[k], "elo_interval": tuple(self.rating_intervals[k])})
        order = sorted(range(len(rows)), key=lambda k: (-round(rows[k]["elo"], 6), k))
        return [{"rank": rank, **rows[k]} for rank, k in enumerate(order, 1)]

    def crosstable(self) -> dict:
        """``table[a][b]``: the points ``a`` scored against ``b`` (of :attr:`games_per_pair`)."""
        return {a: {b: self.result(a, b).score for b in self.agents if b != a} for a in self.agents}

    def as_dict(self) -> dict:
        """The numbers, as plain Python values (for JSON)."""
        return {"game": self.game, "agents": list(self.agents), "games_per_pair": self.games_per_pair,
                "openings": self.openings, "seed": self.seed, "prior": self.prior, "max_moves": self.max_moves,
                "standings": [{**row, "interval": list(row["interval"]), "elo_interval": list(row["elo_interval"])}
                              for row in self.standings()],
                "matches": [m.as_dict() for m in self.matches]}

    # --- How it shows. ---

    def _title(self) -> str:
        return (f"Round robin of {self.game}: {len(self.agents)} agents, {self.games_per_pair} games a pair, "
                f"{_plural(self.openings, 'random opening ply', 'random opening plies')}, seed {self.seed!r}"
                + ("" if self.max_moves is None else
                   f", games stopped after {self.max_moves} moves scored as draws"))

    def _standing_cells(self) -> tuple:
        head = ("rank", "agent", "games", "wins", "draws", "losses", "score", "rate", "95% CI", "Elo",
                "Elo 95% CI")
        rows = []
        for r in self.standings():
            lo, hi = r["interval"]
            elo_lo, elo_hi = r["elo_interval"]
            rows.append((r["rank"], r["agent"], r["games"], r["wins"], r["draws"], r["losses"], f"{r['score']:g}",
                         f"{r['rate']:.1%}", f"{lo:.1%} – {hi:.1%}", _signed(r["elo"]),
                         f"{_signed(elo_lo)} to {_signed(elo_hi)}"))
        return head, rows

    def _cross_cells(self) -> tuple:
        order = [r["agent"] for r in self.standings()]
        table = self.crosstable()
        head = ("points",) + tuple(order)
        rows = [(a,) + tuple("—" if a == b else f"{table[a][b]:g}" for b in order) for a in order]
        return head, rows

    def _cross_caption(self) -> str:
        return f"Points of each row's agent against each column's, of {self.games_per_pair}:"

    def __str__(self) -> str:
        return "\n\n".join([self._title(), text_table(*self._standing_cells(), left={1}),
                            self._cross_caption() + "\n" + text_table(*self._cross_cells(), left={0})])

    def _repr_html_(self) -> str:
        return (f"<p>{html.escape(self._title())}</p>" + html_table(*self._standing_cells())
                + f"<p>{html.escape(self._cross_caption())}</p>" + html_table(*self._cross_cells()))


def tournament(game, agents, games=20, openings=2, seed=None, prior=1.0, progress=True,
               time_per_move=None, max_moves=None) -> TournamentResult:
    """A round robin: every pair of agents plays a :func:`match`; scores with confidence intervals, and Elo.

    Each pair plays ``games`` games through :func:`match`, in pairs from the
    same random opening with colours swapped.  Every pair gets the same
    seed, so (for a seeded tournament) every pair meets the same openings, and
    differences between pairs come from the agents rather than from the draw
    of openings.

    Parameters
    ----------
    game : Game
        A two-player game.
    agents : sequence of callables, or mapping of name to callable
        At least two agents, ``agent(game, state) -> action``.  In a sequence
        each is called by its name (:func:`advsearch.agents.name_of`), and the
        names must differ; a mapping names them itself.
    games : int
        The games of each pair, at least 1.
    openings : int
        Random plies before the agents take over (see :func:`match`).
    seed : optional
        Seeds every match.  The same seed and freshly made agents (with the
        same seeds) give the same tournament.
    prior : float
        Virtual drawn games per pair for :func:`~advsearch.ratings.fit_elo`, at least 0.
    progress : bool
        Show one progress bar (``tqdm.auto``) over all the games when the
        tournament takes more than a second.
    time_per_move : float, optional
        Seconds an agent may take over a move (see :func:`play`); None, the
        default, waits for ever.
    max_moves : int, optional
        Stop a game after this many moves and score it as a draw (see
        :func:`match`); None, the default, plays every game to its end.

    Returns
    -------
    TournamentResult
        Standings (each agent's wins, draws, losses, score rate with a 95%
        Wilson interval, Elo rating with a 95% interval), the matrix of
        pairwise points, and every :class:`MatchResult`; it prints as text
        tables and shows as HTML tables in a notebook.

    Raises
    ------
    ValueError
        ``game`` has not two players, fewer than two agents, an agent is not
        callable, two agents have the same name, or a bad ``games``,
        ``openings``, ``prior``, ``time_per_move`` or ``max_moves``.
    IllegalMoveError, AgentError
        An agent chose an illegal move, raised, or took longer than
        ``time_per_move`` (see :func:`play`); the tournament stops.

    Notes
    -----
    Costs ``games * n * (n - 1) / 2`` games for ``n`` agents.  The ratings
    come from :func:`~advsearch.ratings.fit_elo` on all the matches at once,
    so beating a strong agent counts for more than beating a weak one.  Their
    intervals (:func:`~advsearch.ratings.elo_intervals`) are ±1.96 standard
    errors from the curvature of the same likelihood (the inverse of the
    Fisher information, constrained to a mean of 0); like the score intervals
    they count a draw as half a win and half a loss, and so are a little
    wider than they need to be when there are draws.

    Examples
    --------
    >>> from advsearch import TicTacToe, agents
    >>> from advsearch.evaluation import tictactoe_eval
    >>> game = TicTacToe()
    >>> players = {"random": agents.random(seed=1), "depth 1": agents.alphabeta(1, tictactoe_eval()),
    ...            "solver": agents.solver()}
    >>> table = tournament(game, players, games=10, openings=1, seed=0)
    >>> [row["agent"] for row in table.standings()]
    ['solver', 'depth 1', 'random']
    >>> table.result("solver", "random").losses
    0
    >>> print(table)                                      # doctest: +SKIP
    Round robin of TicTacToe(): 3 agents, 10 games a pair, 1 random opening ply, seed 0
    <BLANKLINE>
    rank  agent    games  wins  draws  losses  score   rate         95% CI   Elo     Elo 95% CI
    ...
    """
    names, players = _named_agents(agents)
    if getattr(game, "num_players", 2) != 2:
        raise ValueError(f"a tournament is between two-player games, but {game!r} has {game.num_players} players")
    games = check_count("games", games, minimum=1)
    openings = check_count("openings", openings, minimum=0)
    prior = check_prior(prior)
    check_budget("time_per_move", time_per_move)
    check_budget("max_moves", max_moves, whole=True)
    pairs = [(i, j) for i in range(len(names)) for j in range(i + 1, len(names))]
    matches = []
    with progress_bar(games * len(pairs), "tournament", progress) as bar:
        for i, j in pairs:
            bar.set_postfix_str(f"{names[i]} vs {names[j]}", refresh=False)     # no bar before a second
            result = _play_match(game, players[i], players[j], games=games, openings=openings, seed=seed,
                                 bar=bar, time_per_move=time_per_move, max_moves=max_moves)
            matches.append(replace(result, a=names[i], b=names[j]))
    ratings = fit_elo(matches, prior=prior)
    intervals = elo_intervals(matches, ratings, prior)
    return TournamentResult(repr(game), names, tuple(matches), tuple(ratings[n] for n in names),
                            tuple(intervals[n] for n in names), games, openings, seed, prior, max_moves)


def _named_agents(agents) -> tuple:
    """(names, agents) from a sequence of agents or a mapping of names to agents, checked."""
    if isinstance(agents, Mapping):
        names, players = tuple(agents), tuple(agents.values())
        for name in names:
            if not isinstance(name, str) or not name:
                raise ValueError(f"agents' names must be non-empty strings, not {name!r}")
    else:
        if callable(agents) or isinstance(agents, (str, bytes)):
            raise ValueError(f"a tournament needs a sequence or a mapping of agents, not {agents!r}")
        players = tuple(agents)
        names = tuple(name_of(a) for a in players if callable(a))
    if len(players) < 2:
        raise ValueError(f"a tournament needs at least two agents, not {len(players)}")
    for name, agent in zip(names, players):
        if not callable(agent):
            raise ValueError(f"agent {name!r} must be a callable (game, state) -> action, not {agent!r}")
    for agent in players:
        if not callable(agent):
            raise ValueError(f"every agent must be a callable (game, state) -> action, not {agent!r}")
    seen = set()
    for name in names:
        if name in seen:
            raise ValueError(f"two agents are called {name!r}; pass a dict {{name: agent}} to tell them apart")
        seen.add(name)
    return names, players


# --- What an agent's last search cost. ---

def search_summary(agent, max_name="MAX") -> str | None:
    """One line on the work of ``agent``'s last search (``agent.last.stats``), or None if it keeps none.

    Agents of :mod:`advsearch.agents` that search keep their last
    :class:`~advsearch.result.SearchResult` as ``agent.last``; this names its
    counts (nodes, leaves, cut-offs, deepest ply, seconds, then whatever else
    the search family counts, unless 0) and the value, which is MAX's utility (``max_name``
    says what to call MAX).  The play widget and the command line show it
    after each of the agent's moves.

    Examples
    --------
    >>> from advsearch import TicTacToe, agents
    >>> game = TicTacToe()
    >>> agent = agents.alphabeta()
    >>> agent(game, game.state("XX./OO./..."))
    2
    >>> search_summary(agent, "X")                      # doctest: +ELLIPSIS
    'nodes 36 · leaves 13 · prunes 16 · depth 5 · ... s · value for X +1'
    >>> search_summary(agents.random(seed=0)) is None
    True
    """
    last = getattr(agent, "last", None)
    stats = getattr(last, "stats", None)
    if stats is None:
        return None
    parts = []
    for label, key in (("nodes", "nodes"), ("leaves", "leaves"), ("prunes", "prunes"), ("depth", "max_depth")):
        value = getattr(stats, key, None)
        if value is not None:
            parts.append(f"{label} {_count(value)}")
    seconds = getattr(stats, "seconds", None)
    if seconds is not None:
        parts.append(f"{seconds:.3f} s")
    for key, value in (getattr(stats, "extra", None) or {}).items():
        if isinstance(value, numbers.Number) and not isinstance(value, bool) and value:
            parts.append(f"{key.replace('_', ' ')} {_count(value)}")
    value = getattr(last, "value", None)
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        shown = "0" if value == 0 else f"{value:+d}" if isinstance(value, numbers.Integral) else f"{float(value):+.3g}"
        parts.append(f"value for {max_name} {shown}")
    return " · ".join(parts)


def _count(x) -> str:
    return f"{x:,}" if isinstance(x, numbers.Integral) else f"{float(x):.3g}"
