"""A contest's leaderboard as files to publish: CSV tables, and one HTML page with a plot of the ratings.

:func:`write_leaderboard` writes ``leaderboard.csv`` (one row per agent),
``crosstable.csv`` (points of each agent against each other), ``forfeits.csv``
(every game lost by an agent's own fault, with the reason) and
``leaderboard.html``, a page that needs no internet: the tables and the
ratings plot (a PNG inside the page) of :meth:`ContestResult._repr_html_`.
A name or reason that a spreadsheet would run as a formula is written with
a ``'`` first.
"""

from __future__ import annotations

import base64
import csv
import html
import io
import os

from ..sandbox.files import spreadsheet_safe


#: The files :func:`write_leaderboard` writes.
FILES = ("leaderboard.csv", "crosstable.csv", "forfeits.csv", "leaderboard.html")


def ratings_figure(result):
    """A matplotlib figure: each agent's Elo rating with its 95% interval, best at the top; None before any game.

    Its alternative text (``advsearch_alt``) names each agent with its rating and interval, best first.
    """
    from matplotlib.figure import Figure

    from ..drawing.mpl.alt import describe
    from ..drawing.mpl.style import MIN_FONT
    rows = [r for r in result.standings() if r["elo"] is not None]
    if not rows:
        return None
    rows.reverse()                                        # the best at the top
    fig = Figure(figsize=(8, 1.2 + 0.32 * len(rows)), dpi=100, layout="constrained")
    ax = fig.add_subplot()
    y = range(len(rows))
    elo = [r["elo"] for r in rows]
    low = [r["elo"] - r["elo_interval"][0] for r in rows]
    high = [r["elo_interval"][1] - r["elo"] for r in rows]
    ax.errorbar(elo, y, xerr=[low, high], fmt="o", color="#0072B2", ecolor="#56B4E9", capsize=3)
    ax.axvline(0, color="grey", linewidth=0.8)
    ax.set_yticks(list(y), [r["agent"] for r in rows], parse_math=False)     # a name is text, never mathematics
    ax.set_xlabel("Elo rating (mean 0), with its 95% interval", fontsize=MIN_FONT + 1)
    ax.tick_params(labelsize=MIN_FONT)
    ax.set_title(result.title(), fontsize=MIN_FONT + 1, wrap=True, parse_math=False)
    ax.grid(axis="x", alpha=0.3)
    ratings = "; ".join(f"{r['agent']} {_number(r['elo'])} ({_number(r['elo_interval'][0])} to "
                        f"{_number(r['elo_interval'][1])})" for r in reversed(rows))
    return describe(fig, f"Chart: {result.title()}. Elo rating (mean 0) of each agent with its 95% interval, "
                         f"best first: {ratings}.")


def ratings_plot_html(result) -> str:
    """The ratings plot as an ``<img>`` that carries its PNG inside the page."""
    fig = ratings_figure(result)
    if fig is None:
        return "<p>No game has finished yet.</p>"
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    data = base64.b64encode(buffer.getvalue()).decode()
    return f'<img alt="{html.escape(fig.advsearch_alt)}" src="data:image/png;base64,{data}">'


def write_leaderboard(result, folder) -> list:
    """Write :data:`FILES` into ``folder`` (made if needed) and return their paths."""
    os.makedirs(folder, exist_ok=True)
    paths = [os.path.join(folder, name) for name in FILES]
    leaderboard, crosstable, forfeits, page = paths
    _write_csv(leaderboard, ("rank", "agent", "elo", "elo_low", "elo_high", "games", "wins", "draws", "losses",
                             "score", "rate", "forfeits"),
               [(r["rank"], r["agent"], _number(r["elo"]), *(_number(x) for x in (r["elo_interval"] or (None, None))),
                 r["games"], r["wins"], r["draws"], r["losses"], r["score"], _number(r["rate"], 4),
                 " ".join(f"{k}:{n}" for k, n in sorted(r["forfeits"].items()))) for r in result.standings()])
    _write_csv(crosstable, *result.crosstable_cells())
    _write_csv(forfeits, ("game", "agent", "kind", "reason"), result.forfeits())
    with open(page, "w", encoding="utf-8") as f:
        f.write("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
                f"<title>{html.escape(result.title())}</title>"
                "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin:1em 0}"
                "td,th{border:1px solid #ccc;padding:0.2em 0.6em;text-align:right}"
                "table:first-of-type td:nth-child(2),table:last-of-type td:first-child{text-align:left}"
                "</style></head><body>\n"
                + result._repr_html_() + "\n</body></html>\n")
    return paths


def _number(x, digits=1):
    return "" if x is None else round(x, digits)


def _write_csv(path, head, rows):
    """Write a CSV file in which no text cell is a formula to a spreadsheet (an agent named ``=HYPERLINK(...)``)."""
    with open(path, "w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows([spreadsheet_safe(c) if isinstance(c, str) else c for c in row]
                                for row in [head, *rows])
