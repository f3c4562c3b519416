"""Matches and tournaments: :func:`match` plays two agents against each other, :func:`tournament` every pair.

A match plays pairs of games from random openings, colours swapped, and
returns a :class:`~advsearch.arena.MatchResult`; a round robin plays a match
between every pair of agents and rates them all at once in a
:class:`~advsearch.arena.TournamentResult`.  :func:`progress_bar` is the bar
they show (and class contests too).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace

from ..agents import name_of
from ..ratings import check_prior, elo_intervals, fit_elo
from .. import validation
from .openings import random_opening
from .playing import play
from .scores import MatchResult, TournamentResult


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
    games = validation.count("games", games)
    openings = validation.whole_number("openings", openings, least=0)
    validation.budget("time_per_move", time_per_move)
    validation.budget("max_moves", max_moves, whole=True)
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
    games = validation.count("games", games)
    openings = validation.whole_number("openings", openings, least=0)
    prior = check_prior(prior)
    validation.budget("time_per_move", time_per_move)
    validation.budget("max_moves", max_moves, whole=True)
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


