"""A contest's results: the leaderboard (Elo with intervals, wins, draws, losses), the crosstable, the forfeits.

:class:`ContestResult` is computed from the games of the record, so a
contest stopped half-way shows the leaderboard of the games played so far.
The ratings are the arena's: the Bradley-Terry (Zermelo) fit of
:func:`advsearch.ratings.fit_elo` over every pair's results, with the
intervals of :func:`advsearch.ratings.elo_intervals`.  A forfeit counts as a
loss for the agent at fault and a win for its opponent.

Examples
--------
>>> games = [{"id": "a vs b #1", "pair": ["a", "b"], "seats": ["a", "b"], "result": "1-0", "winner": "a",
...           "forfeit": None, "fault": None, "reason": "game over"},
...          {"id": "a vs b #2", "pair": ["a", "b"], "seats": ["b", "a"], "result": "1-0", "winner": "b",
...           "forfeit": "a", "fault": "time", "reason": "a took more than 1 s over a move"}]
>>> result = ContestResult("connect4", ("a", "b"), tuple(games), planned=2)
>>> [(r["agent"], r["wins"], r["losses"], r["forfeits"]) for r in result.standings()]
[('a', 1, 1, {'time': 1}), ('b', 1, 1, {})]
>>> result.crosstable()["a"]["b"]
1.0
"""

from __future__ import annotations

import functools
import html
from collections import Counter
from dataclasses import dataclass, field

from ..arena import MatchResult
from ..ratings import elo_intervals, fit_elo, wilson_interval
from ..tables import html_table, text_table
from .referee import RESULTS
from .schedule import pairs


#: Points of the first seat for each result.
_POINTS = {RESULTS[0]: 1.0, RESULTS[1]: 0.5, RESULTS[2]: 0.0}
#: Crosstables wider than this many agents are left to the CSV file in a notebook's view.
_SHOWN_CROSSTABLE = 24


def _signed(x) -> str:
    return "—" if x is None else f"{x:+.0f}"


@dataclass(frozen=True)
class ContestResult:
    """The games of a contest and its leaderboard; a notebook shows it as the leaderboard.

    Attributes
    ----------
    game : str
        The game's name.
    agents : tuple of str
        The entrants that played, in the contest's order.
    games : tuple of dict
        Every finished game, as :func:`advsearch.contest.referee.play_game` returns it.
    planned : int
        The games of the whole contest.
    excluded : dict
        Submissions left out, and why (no agent in them, or code that does not load).
    settings : dict
        The contest's settings (game, games a pair, time per move, seed, ...).
    prior : float
        Virtual drawn games per pair in the rating fit.
    folder : str or None
        Where the record and the leaderboard files are.
    byes : tuple of (int, str)
        In a Swiss contest with an odd number of agents: who sat out which round.
    """

    game: str
    agents: tuple
    games: tuple = field(repr=False)
    planned: int = 0
    excluded: dict = field(default_factory=dict)
    settings: dict = field(default_factory=dict, repr=False)
    prior: float = 1.0
    folder: str | None = None
    byes: tuple = ()

    @property
    def finished(self) -> bool:
        """Whether every game of the contest was played."""
        return len(self.games) >= self.planned

    def matches(self) -> list:
        """One :class:`~advsearch.arena.MatchResult` per pair that played, from the pair's first agent's view."""
        tally = {}
        for g in self.games:
            a, b = g["pair"]
            points = _POINTS[g["result"]] if g["seats"][0] == a else 1 - _POINTS[g["result"]]
            w, d, l = tally.get((a, b), (0, 0, 0))
            tally[(a, b)] = (w + (points == 1), d + (points == 0.5), l + (points == 0))
        return [MatchResult(a, b, *tally[(a, b)]) for a, b in pairs(self.agents) if (a, b) in tally]

    @functools.cached_property
    def _ratings(self) -> tuple:
        matches = self.matches()
        if not matches:
            return {}, {}
        ratings = fit_elo(matches, prior=self.prior)
        return ratings, elo_intervals(matches, ratings, self.prior)

    def standings(self) -> list:
        """One dict per agent, best rating first: ``rank``, ``agent``, ``games``, ``wins``, ``draws``,
        ``losses``, ``score``, ``rate``, ``interval`` (95% Wilson), ``elo``, ``elo_interval`` (None before
        any game) and ``forfeits`` (games lost by the agent's own fault, by kind)."""
        ratings, intervals = self._ratings
        rows = {name: {"agent": name, "games": 0, "wins": 0, "draws": 0, "losses": 0, "score": 0.0,
                       "forfeits": Counter()} for name in self.agents}
        for g in self.games:
            for seat, name in enumerate(g["seats"]):
                points = _POINTS[g["result"]] if seat == 0 else 1 - _POINTS[g["result"]]
                row = rows[name]
                row["games"] += 1
                row["score"] += points
                row[{1.0: "wins", 0.5: "draws", 0.0: "losses"}[points]] += 1
            if g.get("forfeit"):
                rows[g["forfeit"]]["forfeits"][g.get("fault") or "crash"] += 1
        out = []
        for row in rows.values():
            n = row["games"]
            out.append({**row, "forfeits": dict(row["forfeits"]), "rate": row["score"] / n if n else None,
                        "interval": wilson_interval(row["score"], n) if n else None,
                        "elo": ratings.get(row["agent"]), "elo_interval": intervals.get(row["agent"])})
        order = sorted(range(len(out)), key=lambda k: (out[k]["elo"] is None, -round(out[k]["elo"] or 0, 6), k))
        return [{"rank": rank, **out[k]} for rank, k in enumerate(order, 1)]

    def crosstable(self) -> dict:
        """``table[a][b]``: the points ``a`` scored against ``b`` so far (``b`` absent if they have not met)."""
        table = {a: {} for a in self.agents}
        for g in self.games:
            first, second = g["seats"]
            table[first].setdefault(second, 0.0)
            table[second].setdefault(first, 0.0)
        for g in self.games:
            first, second = g["seats"]
            table[first][second] += _POINTS[g["result"]]
            table[second][first] += 1 - _POINTS[g["result"]]
        return table

    def forfeits(self) -> list:
        """Every game lost by an agent's own fault: ``(game id, agent, kind, reason)``, in the record's order."""
        return [(g["id"], g["forfeit"], g.get("fault"), g["reason"]) for g in self.games if g.get("forfeit")]

    # --- How it shows. ---

    def title(self) -> str:
        """One line: the game, the entrants, the games played of those planned, the settings."""
        s = self.settings
        played = (f"{len(self.games)} games" if self.finished
                  else f"{len(self.games)} of {self.planned} games played so far")
        time_per_move = s.get("time_per_move")
        swiss = f", Swiss, {s['rounds']} rounds" if s.get("format") == "swiss" and s.get("rounds") else ""
        return (f"Contest of {self.game}: {len(self.agents)} agents{swiss}, {played}"
                + (f", {s['games_per_pair']} games a pair" if "games_per_pair" in s else "")
                + (f", {time_per_move:g} s a move" if time_per_move else "")
                + (f", seed {s['seed']!r}" if "seed" in s else ""))

    def leaderboard_cells(self) -> tuple:
        """The leaderboard as (header, rows) of strings."""
        head = ("rank", "agent", "Elo", "Elo 95% CI", "games", "wins", "draws", "losses", "score", "forfeits")
        rows = []
        for r in self.standings():
            lo, hi = r["elo_interval"] or (None, None)
            lost = ", ".join(f"{n} {kind}" for kind, n in sorted(r["forfeits"].items()))
            rows.append((r["rank"], r["agent"], _signed(r["elo"]),
                         "—" if lo is None else f"{_signed(lo)} to {_signed(hi)}", r["games"], r["wins"],
                         r["draws"], r["losses"], "—" if r["rate"] is None else f"{r['rate']:.1%}", lost or "—"))
        return head, rows

    def crosstable_cells(self) -> tuple:
        """The crosstable as (header, rows), agents in the leaderboard's order."""
        order = [r["agent"] for r in self.standings()]
        table = self.crosstable()
        cell = lambda a, b: "—" if a == b else f"{table[a][b]:g}" if b in table[a] else "·"   # noqa: E731
        return ("points",) + tuple(order), [(a,) + tuple(cell(a, b) for b in order) for a in order]

    def _notes(self) -> list:
        notes = [f"{name} was left out: {why}" for name, why in sorted(self.excluded.items())]
        if self.byes:
            notes.append("Byes (sat out a round, no points): "
                         + ", ".join(f"round {r} {name}" for r, name in self.byes))
        forfeits = self.forfeits()
        if forfeits:
            notes.append(f"{len(forfeits)} games were lost by forfeit (load, crash, illegal move or time); "
                         f"each reason is in the record")
        return notes

    def __str__(self) -> str:
        parts = [self.title(), text_table(*self.leaderboard_cells(), left={1})]
        if len(self.agents) <= _SHOWN_CROSSTABLE:
            parts.append("Points of each row's agent against each column's (· not met):\n"
                         + text_table(*self.crosstable_cells(), left={0}))
        return "\n\n".join(parts + self._notes())

    def _repr_html_(self) -> str:
        from .leaderboard import ratings_plot_html
        parts = [f"<p><b>{html.escape(self.title())}</b></p>", html_table(*self.leaderboard_cells()),
                 ratings_plot_html(self)]
        if len(self.agents) <= _SHOWN_CROSSTABLE:
            parts += ["<p>Points of each row's agent against each column's (· not met):</p>",
                      html_table(*self.crosstable_cells())]
        parts += [f"<p>{html.escape(note)}</p>" for note in self._notes()]
        return "\n".join(parts)
