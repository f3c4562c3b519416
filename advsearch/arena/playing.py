"""One game: :func:`play` asks each agent for its moves through :func:`agent_move`, and keeps a :class:`GameRecord`.

An agent's failure is reported the same way everywhere (here, the command
line, the play widget): an illegal move as an
:class:`~advsearch.game.IllegalMoveError`, an exception or a move too slow as
an :class:`AgentError`.  :func:`search_summary` tells what an agent's last
search cost, after each of its moves.
"""

from __future__ import annotations

import numbers
import random
from dataclasses import dataclass

from .. import timeout, validation
from ..agents import name_of
from ..game import CHANCE, GameError, IllegalMoveError, player_name
from ..search.base import chance_outcomes
from ..timeout import TimeLimitExceeded


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
        return (f"{players}: {plural(len(self.moves), 'move')}, {self.end}; "
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


# The arena's errors are advsearch.arena's, where their users import them from: tracebacks, doctests and
# pickles name them so (as the game's errors name advsearch.game).
AgentError.__module__ = AgentTimeLimitExceeded.__module__ = "advsearch.arena"


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
    validation.budget("max_moves", max_moves, whole=True)
    validation.budget("time_per_move", time_per_move)
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
    validation.budget("time_per_move", time_per_move)
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


def plural(n, word, many=None) -> str:
    """``n`` and ``word``, made plural (with ``many``, or an s) unless ``n`` is 1: '1 move', '3 losses'."""
    return f"{n} {word if n == 1 else many or word + 's'}"


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
