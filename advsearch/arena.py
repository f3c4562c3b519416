"""The arena: agents play games, and matches measure how much better one agent is.

- :func:`play` runs one game between agents and returns a :class:`GameRecord`
  (the moves, the states and the outcome);
- :func:`match` plays two agents against each other from random openings,
  with colours swapped, and returns a :class:`MatchResult`: wins, draws and
  losses, the score rate with a 95% confidence interval, and an Elo estimate.

An agent is any callable ``agent(game, state) -> action``; see
:mod:`advsearch.agents` for ready-made ones.  Randomness goes through a
``random.Random(seed)``, so a seeded match can be replayed exactly (given
agents that are deterministic or freshly seeded).

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
from dataclasses import dataclass, field

from .agents import name_of
from .game import CHANCE, IllegalMoveError, player_name

try:                                  # progress bars when tqdm is installed; none otherwise
    from tqdm.auto import tqdm as _tqdm
except ImportError:                   # pragma: no cover - depends on the environment
    _tqdm = None

__all__ = ["GameRecord", "MatchResult", "play", "match", "random_opening", "wilson_interval", "elo"]

#: The normal quantile for a two-sided 95% confidence interval.
Z95 = 1.959964


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

    def __len__(self) -> int:
        return len(self.moves)

    def __str__(self) -> str:
        players = " vs ".join(self.agents)
        if not self.finished:
            end = "not finished"
        elif self.winner is None:
            end = "a draw"
        else:
            end = f"won by {self.agents[self.winner]} (player {self.winner})"
        return f"{players}: {len(self.moves)} moves, {end}; moves {' '.join(map(str, self.moves))}"


def play(game, agents, state=None, seed=None, max_moves=None) -> GameRecord:
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
        Stop after this many moves even if the game has not ended (the
        record's ``outcome`` is then None).

    Returns
    -------
    GameRecord

    Raises
    ------
    ValueError
        Not one callable agent per player, or a bad ``max_moves``.
    IllegalMoveError
        An agent chose an action that is not legal; the message names the
        agent and the move, and the error's ``record`` holds the game up to
        that point (``agent`` and ``move`` are attributes too).  Nothing is
        changed: states are immutable.

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
    """
    agents = _check_agents(game, agents)
    if max_moves is not None and (isinstance(max_moves, bool) or not isinstance(max_moves, numbers.Integral)
                                  or max_moves < 0):
        raise ValueError(f"max_moves must be a whole number >= 0 or None, not {max_moves!r}")
    rng = random.Random(seed)
    state = game.initial_state if state is None else state
    names = tuple(name_of(a) for a in agents)
    moves, states = [], [state]
    while not game.is_terminal(state) and (max_moves is None or len(moves) < max_moves):
        player = game.to_move(state)
        if player == CHANCE:
            action = _draw_chance(game, state, rng)
        else:
            action = agents[player](game, state)
            legal = game.actions(state)
            if action not in legal:
                partial = GameRecord(names, tuple(moves), tuple(states), None, None)
                raise _illegal(game, state, names[player], player, action, legal, partial)
        state = game.result(state, action)
        moves.append(action)
        states.append(state)
    outcome = tuple(game.utility(state, p) for p in range(game.num_players)) if game.is_terminal(state) else None
    return GameRecord(names, tuple(moves), tuple(states), outcome, _winner(outcome))


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


def _illegal(game, state, name, player, action, legal, record):
    who = f"{name} (player {player}, {player_name(player, game.num_players)})"
    error = IllegalMoveError(f"{who} chose {action!r}, which is not legal here; the legal moves are "
                             f"{', '.join(map(repr, legal))} in\n{game.render(state)}")
    error.agent, error.move, error.record = name, action, record
    return error


def _draw_chance(game, state, rng):
    outcomes = game.chance_outcomes(state)
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
    _check_count("plies", plies, minimum=0)
    start = game.initial_state if state is None else state
    for _ in range(tries):
        state = start
        for _ in range(plies):
            if game.is_terminal(state):
                break
            if game.to_move(state) == CHANCE:
                state = game.result(state, _draw_chance(game, state, rng))
            else:
                state = game.result(state, rng.choice(list(game.actions(state))))
        if not game.is_terminal(state):
            return state
    raise ValueError(f"{tries} random openings of {plies} plies all ended the game; use fewer plies")


def _check_count(what, n, minimum):
    if isinstance(n, bool) or not isinstance(n, numbers.Integral) or n < minimum:
        raise ValueError(f"{what} must be a whole number >= {minimum}, not {n!r}")
    return int(n)


# --- Statistics of a match. ---

def wilson_interval(score, n, z=Z95) -> tuple:
    """The Wilson score interval for a rate of ``score`` successes in ``n`` trials.

    Unlike the textbook interval p ± z·sqrt(p(1-p)/n), it stays inside [0, 1]
    and does not shrink to a point when p is 0 or 1 (Wilson 1927; Agresti &
    Coull 1998 recommend it for small n).

    Examples
    --------
    >>> lo, hi = wilson_interval(18, 20)
    >>> round(lo, 3), round(hi, 3)
    (0.699, 0.972)
    >>> wilson_interval(0, 10)[0]
    0.0
    """
    if n <= 0:
        raise ValueError(f"a rate needs at least one trial, not n={n!r}")
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    # The interval always contains p; min and max only undo rounding at p = 0 or 1.
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def elo(rate) -> float:
    """The Elo rating difference that predicts the expected score ``rate``: 400·log10(rate / (1 - rate)).

    ±inf at a rate of 1 or 0 (a perfect score says only that the difference is large).

    Examples
    --------
    >>> round(elo(0.75)), elo(0.5), elo(1.0)
    (191, 0.0, inf)
    """
    if rate <= 0:
        return -math.inf
    if rate >= 1:
        return math.inf
    return 400 * math.log10(rate / (1 - rate))


@dataclass(frozen=True)
class MatchResult:
    """The result of :func:`match`, from the first agent's point of view.

    Attributes
    ----------
    a, b : str
        The two agents' names.
    wins, draws, losses : int
        Games that ``a`` won, drew and lost.
    openings : int
        The random plies each pair of games started from.
    seed : object
        The match's seed.
    records : tuple of GameRecord
        Every game, in the order played (not shown in the repr).

    Notes
    -----
    The score counts a win 1 and a draw 1/2.  The 95% confidence interval of
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

    def as_dict(self) -> dict:
        """The numbers, as plain Python values (for JSON)."""
        return {"a": self.a, "b": self.b, "games": self.games, "wins": self.wins, "draws": self.draws,
                "losses": self.losses, "score": self.score, "rate": self.rate,
                "interval": list(self.interval), "elo": self.elo, "elo_interval": list(self.elo_interval),
                "openings": self.openings, "seed": self.seed}

    def _cells(self) -> dict:
        lo, hi = self.interval
        elo_lo, elo_hi = self.elo_interval
        return {"agent": self.a, "opponent": self.b, "games": self.games, "wins": self.wins,
                "draws": self.draws, "losses": self.losses, "score": f"{self.rate:.1%}",
                "95% CI": f"{lo:.1%} – {hi:.1%}",
                "Elo": f"{_signed(self.elo)} ({_signed(elo_lo)} to {_signed(elo_hi)})"}

    def __str__(self) -> str:
        c = self._cells()
        return (f"{self.a} vs {self.b}: {_plural(self.wins, 'win')}, {_plural(self.draws, 'draw')}, "
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

def match(game, a, b, games=20, openings=2, seed=None, progress=True) -> MatchResult:
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

    Returns
    -------
    MatchResult
        Wins, draws and losses from ``a``'s point of view, the score rate, its
        confidence interval and an Elo estimate; it shows as a table in a
        notebook.

    Raises
    ------
    ValueError
        ``game`` has not two players, an agent is not callable, ``games < 1``
        or ``openings < 0``.

    Notes
    -----
    Costs ``games`` calls of :func:`play`.

    Examples
    --------
    >>> from advsearch import TicTacToe, agents
    >>> game = TicTacToe()
    >>> result = match(game, agents.solver(), agents.random(seed=5), games=20, openings=1, seed=3)
    >>> result.games, result.losses
    (20, 0)
    >>> result.rate > 0.5 and result.interval[0] <= result.rate <= result.interval[1]
    True
    """
    if getattr(game, "num_players", 2) != 2:
        raise ValueError(f"a match is between two players, but {game!r} has {game.num_players}")
    for label, agent in (("a", a), ("b", b)):
        if not callable(agent):
            raise ValueError(f"agent {label} must be a callable (game, state) -> action, not {agent!r}")
    games = _check_count("games", games, minimum=1)
    openings = _check_count("openings", openings, minimum=0)
    rng = random.Random(seed)
    records, points = [], {"win": 0, "draw": 0, "loss": 0}
    for i in _progress(range(games), f"{name_of(a)} vs {name_of(b)}", progress):
        if i % 2 == 0:
            start = random_opening(game, openings, rng)
        a_moves_first = i % 2 == 0
        record = play(game, (a, b) if a_moves_first else (b, a), state=start, seed=rng.getrandbits(32))
        records.append(record)
        points[_result_for(record, 0 if a_moves_first else 1)] += 1
    return MatchResult(name_of(a), name_of(b), points["win"], points["draw"], points["loss"],
                       openings, seed, tuple(records))


def _result_for(record, player) -> str:
    """'win', 'draw' or 'loss' for ``player`` in a finished two-player game."""
    mine, theirs = record.outcome[player], record.outcome[1 - player]
    return "win" if mine > theirs else "loss" if mine < theirs else "draw"


def _progress(iterable, description, enabled):
    """``iterable`` with a tqdm bar that appears after a second, when tqdm is installed and ``enabled``."""
    if not enabled or _tqdm is None:
        return iterable
    return _tqdm(iterable, desc=description, delay=1.0, leave=False)
