"""Painting the edges of a scene: lines from band to band, cut marks across pruned edges, edge labels."""

from __future__ import annotations

import math

from matplotlib.collections import LineCollection
from matplotlib.lines import Line2D

from ..looks import edge_kind
from ..scene import preorder
from .style import CUT, CUT_AT, EDGE_LABEL_INK, EDGE_LOOK, LABEL_AT, SMALL


def _endpoints(pos, looks, geo, parent, child):
    """From the bottom of the parent's shape (or board) to the top of the child's."""
    (x0, y0), (x1, y1) = pos[parent], pos[child]
    return (x0, y0 - geo.dy(looks[parent].bottom)), (x1, y1 + geo.dy(looks[child].top))


class _Lines:
    """Lines drawn one artist each with their own gid or, in big pictures, one artist per style."""

    def __init__(self, ax, batch: bool):
        self.ax, self.batch, self.groups = ax, batch, {}

    def add(self, group: str, look: dict, segments: list, gid: str):
        if self.batch:
            self.groups.setdefault(group, (look, []))[1].extend(segments)
        else:  # one Line2D; a NaN between two segments lifts the pen
            points = [p for segment in segments for p in (*segment, (math.nan, math.nan))][:-1]
            self.ax.add_line(Line2D(*zip(*points), gid=gid, **look))

    def finish(self):
        for group, (look, segments) in self.groups.items():
            self.ax.add_collection(LineCollection(segments, gid=group, **look))


def line_width(geo) -> float:
    """Edges' and shapes' outline width (pt), growing with the font."""
    return min(max(geo.font / 10, 0.5), 1.5)


def draw_edges(ax, graph, pos, looks, geo, st, texts, batch):
    base = st["linewidth"] or line_width(geo)
    cut_look = dict(color="0.15", linewidth=base * 1.6, zorder=4)
    lines = _Lines(ax, batch)
    for parent in preorder(graph):
        for child in graph.nodes[parent]["children"]:
            kind = edge_kind(graph, parent, child)
            colour, factor, dashes = EDGE_LOOK[kind]
            look = dict(color=colour or st["pv_color"], linewidth=base * factor, linestyle=dashes,
                        zorder=2 if kind == "pv" else 1)
            a, b = _endpoints(pos, looks, geo, parent, child)
            status = graph.edges[parent, child]["status"]
            lines.add(f"edges {kind}", look, [(a, b)], f"edge {parent!r} -> {child!r} {status}")
            if status == "pruned":
                room = _sibling_room(graph, pos, parent) * CUT_AT * geo.slot
                strokes = _cut_strokes(a, b, geo, min(CUT * geo.font, 0.6 * room))
                lines.add("cuts", cut_look, strokes, f"cut {parent!r} -> {child!r}")
            if texts.get((parent, child)):
                _edge_label(ax, texts[(parent, child)], a, b, geo, kind)
    lines.finish()


def _along(a, b, t: float):
    """The point a fraction ``t`` of the way from ``a`` to ``b``."""
    (x0, y0), (x1, y1) = a, b
    return x0 + t * (x1 - x0), y0 + t * (y1 - y0)


def _sibling_room(graph, pos, parent) -> float:
    """The least distance in slots between two children of ``parent``."""
    xs = sorted(pos[c][0] for c in graph.nodes[parent]["children"])
    return min((b - a for a, b in zip(xs, xs[1:])), default=1.0)


def _cut_strokes(a, b, geo, length: float) -> list:
    """The cut mark across edge a-b: two parallel slashes ``length`` points long, as two segments."""
    x, y = _along(a, b, CUT_AT)
    dx, dy = (b[0] - a[0]) * geo.slot, (b[1] - a[1]) * geo.ply  # the edge's direction, in points
    norm = math.hypot(dx, dy) or 1.0
    along = (dx / norm, dy / norm)
    across = (-along[1], along[0])
    # Each slash leans 40° from square across the edge, whichever way makes it steeper: "//".
    leans = [tuple(math.cos(math.radians(40)) * c + sign * math.sin(math.radians(40)) * d
                   for c, d in zip(across, along)) for sign in (-1, 1)]
    lean = max(leans, key=lambda v: (round(abs(v[1]), 6), v[0] * v[1]))
    strokes = []
    for shift in (-0.2, 0.2):
        cx, cy = x + shift * length * along[0] / geo.slot, y + shift * length * along[1] / geo.ply
        hx, hy = lean[0] * length / 2 / geo.slot, lean[1] * length / 2 / geo.ply
        strokes.append(((cx - hx, cy - hy), (cx + hx, cy + hy)))
    return strokes


def _edge_label(ax, text, a, b, geo, kind):
    x, y = _along(a, b, LABEL_AT)
    faded = kind in ("unvisited", "future", "more")
    ax.text(x, y, text, ha="center", va="center", fontsize=geo.font * SMALL, zorder=5,
            color=EDGE_LABEL_INK["faded" if faded else "plain"], gid="edge label",
            bbox=dict(boxstyle="round,pad=0.12", facecolor="white", edgecolor="none"))
