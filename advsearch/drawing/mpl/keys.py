"""The key above a tree: what the players' colours and the texts beside the nodes mean.

A picture gets a key when its texts need one: the players' colours in a tree
of three or more players, the two intervals of a node searched with
``bounds=True`` (its value, or the bounds on it, and the window [α, β] it was
searched with), and an MCTS node's ``w/n`` and the score of selection.  The
key is one row of entries above the root, in the small font; the fitting
keeps the picture at least as wide as the key.
"""

from __future__ import annotations

from dataclasses import dataclass

from matplotlib.lines import Line2D

from ...game import player_name
from .style import SMALL
from .text import em


#: Room, in em of the key's font, of an entry's swatch with the gap after it, and between two entries.
SWATCH, BETWEEN = 1.6, 1.2


@dataclass(frozen=True)
class Entry:
    """One entry of the key: a coloured swatch (players) or none, the text and its colour."""

    text: str
    ink: str = "black"
    swatch: object = None      # a colour: a circle of that colour before the text
    full: bool = True          # shown only when the picture shows every text (not just values)


def key_entries(graph, bounds: bool, players, st) -> list:
    """The entries the key of this scene needs (empty: no key)."""
    n = graph.graph.get("num_players", 2)
    out = []
    if n > 2:
        names = _names(graph, players, n)
        palette = st["palette"]
        out += [Entry(f"{names[p]} to move", swatch=palette[p % len(palette)], full=False) for p in range(n)]
    nodes = [d for _, d in graph.nodes(data=True) if not d["more"]]
    if bounds and any(d["children"] and d["alpha"] is not None for d in nodes):
        if any(d["children"] and d["text"][:1] in "≤≥[" for d in nodes):
            out.append(Entry("value, or the interval it lies in"))
        out.append(Entry("[α, β]: the window it was searched with", ink=st["note_color"]))
    if any(d["tally"] and "/" in d["tally"] for d in nodes):
        out.append(Entry("w/n: wins/visits of the player moving in", full=False))
    notes = {d["note"].split(" ")[0] for d in nodes if d["note"]}
    if len(notes) == 1:
        out.append(Entry(f"{notes.pop()}: the score selection maximises", ink=st["note_color"]))
    return out


def _names(graph, players, n) -> list:
    """The players' names: those given, else the game's ``player_names``, else P0, P1, ..."""
    if players is None:
        players = getattr(graph.graph.get("game"), "player_names", None)
    if players is None:
        return [player_name(p, n) for p in range(n)]
    players = [str(p) for p in players]
    if len(players) != n:
        raise ValueError(f"players must name each of the {n} players, not {len(players)}: {players!r}")
    return players


def shown(entries, tier: str) -> list:
    """The entries a tier shows: none when bare, the players' colours only when just values are shown."""
    if tier == "bare":
        return []
    return [e for e in entries if tier == "full" or not e.full]


def key_width(entries) -> float:
    """The width of the key's row in em of the picture's font."""
    if not entries:
        return 0.0
    return SMALL * (sum(em(e.text) + SWATCH for e in entries) + BETWEEN * (len(entries) - 1))


def draw_key(ax, entries, geo):
    """The key, one row at the top left of the axes."""
    handles = [Line2D([], [], marker="o" if e.swatch else "none", linestyle="none", markersize=geo.font * 0.8,
                      markerfacecolor=e.swatch or "none", markeredgecolor="black", markeredgewidth=0.8,
                      label=e.text) for e in entries]
    key = ax.legend(handles=handles, loc="upper left", ncol=len(entries), frameon=False, fontsize=geo.font * SMALL,
                    handlelength=0.8 if any(e.swatch for e in entries) else 0.0, handletextpad=0.4,
                    columnspacing=BETWEEN, borderaxespad=0.3, borderpad=0.2)
    for text, e in zip(key.get_texts(), entries):
        text.set_color(e.ink)
    key.set_gid("key")
    return key
