"""What matches and tournaments return: :class:`MatchResult` and :class:`TournamentResult`, with their statistics.

A match's score rate comes with its 95% Wilson interval and an Elo
difference; a tournament's standings with every agent's Elo rating
(:mod:`advsearch.ratings` computes them).  Both print as text and show as
HTML tables in a notebook.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass, field, replace

from ..ratings import elo, wilson_interval
from ..tables import html_table, text_table
from .playing import plural


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
                "Elo": f"{signed(self.elo)} ({signed(elo_lo)} to {signed(elo_hi)})"}

    def __str__(self) -> str:
        c = self._cells()
        stopped = (f" ({self.unfinished} stopped at max_moves={self.max_moves}, scored as draws)"
                   if self.unfinished else "")
        return (f"{self.a} vs {self.b}: {plural(self.wins, 'win')}, {plural(self.draws, 'draw')}{stopped}, "
                f"{plural(self.losses, 'loss', 'losses')} in {self.games} games; score {c['score']} "
                f"(95% CI {c['95% CI']}), Elo {c['Elo']}")

    def _repr_html_(self) -> str:
        cells = self._cells()
        head = "".join(f"<th>{html.escape(k)}</th>" for k in cells)
        row = "".join(f"<td>{html.escape(str(v))}</td>" for v in cells.values())
        return f"<table><thead><tr>{head}</tr></thead><tbody><tr>{row}</tr></tbody></table>"


def signed(x) -> str:
    """An Elo number with its sign: '+35', '−∞'."""
    if math.isinf(x):
        return "+∞" if x > 0 else "−∞"
    return f"{x:+.0f}"


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
                f"{plural(self.openings, 'random opening ply', 'random opening plies')}, seed {self.seed!r}"
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
                         f"{r['rate']:.1%}", f"{lo:.1%} – {hi:.1%}", signed(r["elo"]),
                         f"{signed(elo_lo)} to {signed(elo_hi)}"))
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


