"""The key above a tree: what the players' colours and the texts beside the nodes mean.

A picture gets a key when its texts need one: the players' colours in a tree
of three or more players, the two intervals of a node searched with
``bounds=True`` (its value, or the bounds on it, and the window [α, β] it was
searched with), and an MCTS node's ``w/n`` and the score of selection.  The
key is one row of entries above the root, in the small font; the fitting
keeps the picture at least as wide as the key.  Which entries a scene needs,
and how wide they are, is shared with the SVG painter: :func:`advsearch.drawing.looks.key_entries`.
"""

from __future__ import annotations

from matplotlib.lines import Line2D

from ..looks import BETWEEN, SMALL


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
