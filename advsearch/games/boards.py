"""What every board picture shares: the card a game draws its state on (see ``draw_state``)."""

from __future__ import annotations

__all__ = ["board_card"]


def board_card(ax, face="#fbfaf5", edge="#9a9a9a"):
    """Make ``ax`` a blank [0, 1] square, axes off, with a light rounded card to draw a board on.

    Boards add their shapes with ``add_artist`` rather than ``add_patch``: the
    limits are fixed, so the data-limit bookkeeping of ``add_patch`` would only
    cost time, several times the drawing itself when a tree shows many boards.
    """
    from matplotlib.patches import FancyBboxPatch

    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.add_artist(FancyBboxPatch((0.015, 0.015), 0.97, 0.97, boxstyle="round,pad=0,rounding_size=0.07",
                                 facecolor=face, edgecolor=edge, linewidth=0.8, zorder=0))
    return ax
