"""Checks of board pictures shared by the games' tests."""

from __future__ import annotations

from matplotlib.collections import Collection
from matplotlib.patches import Patch
from matplotlib.spines import Spine


def artists_inside_unit_square(ax):
    """Every patch and collection the board drew lies inside [0, 1] x [0, 1] (nothing is clipped)."""
    ax.figure.canvas.draw()
    to_data = ax.transData.inverted()
    for artist in ax.get_children():
        if (artist is ax.patch or isinstance(artist, Spine) or not isinstance(artist, (Patch, Collection))
                or not artist.get_visible()):
            continue
        if isinstance(artist, Collection):
            box = artist.get_datalim(ax.transData)
        else:
            box = artist.get_window_extent().transformed(to_data)
        assert -1e-6 <= box.x0 and box.x1 <= 1 + 1e-6 and -1e-6 <= box.y0 and box.y1 <= 1 + 1e-6, (artist, box)
