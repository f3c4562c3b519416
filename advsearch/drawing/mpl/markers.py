"""The shapes of the nodes as matplotlib marker paths.

What a node looks like, in em (its shape's size, where its texts go, how
far it reaches), is the painters' shared :mod:`advsearch.drawing.looks`;
only what needs matplotlib is here.
"""

from __future__ import annotations

from matplotlib.path import Path


def _polygon(points) -> Path:
    return Path(list(points) + [points[0]], closed=True)


SHAPES = {
    "max": _polygon([(0, 1), (-1.155, -1), (1.155, -1)]),
    "min": _polygon([(0, -1), (-1.155, 1), (1.155, 1)]),
    "circle": Path.unit_circle(),
}


def box_path(w: float, h: float) -> Path:
    """A rectangle marker path of width ``w`` and height ``h`` (any unit: markers keep the aspect).

    >>> box_path(2, 1).vertices[:2].tolist()
    [[-2.0, -1.0], [2.0, -1.0]]
    """
    return _polygon([(-w, -h), (w, -h), (w, h), (-w, h)])
