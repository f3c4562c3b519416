"""Game trees and searches drawn with matplotlib, in the lecture's notation.

:func:`draw` pictures a tree, or a search as it stood at any step of its
trace; :func:`draw_frames` puts chosen steps side by side with their
narration, like the lecture's alpha-beta frames (a)-(f).  Both draw only what
:func:`~advsearch.drawing.scene.scene` worked out, placed by
:func:`~advsearch.drawing.layout.tidy_layout`: nothing is searched again, and the
TikZ export shows the same thing.

How a picture is sized
----------------------
Every length in a picture is a multiple of one font size: shapes, gaps and
text.  Each node owns a horizontal *band* at its depth: label on the left,
shape in the middle, value and [α, β] on the right (with a board, the shape
and the texts go under the board).  Edges run from the bottom of a parent's
band to the top of its child's, so they never cross one, and probabilities
and actions sit in the free gap between two depths.
Fitting the picture is then a set of linear conditions (neighbouring bands
must not touch, text must stay inside the axes), and the font size is the
largest that meets them all, at most 14 pt.  When ``draw`` makes the figure
it first chooses the size at which a 14 pt font fits, up to 16 x 9 inches;
past that, the font shrinks.  A tree too big for readable text drops its
labels, notes and the values that do not fit inside shapes first, then all
values, and keeps the shapes.
"""

from __future__ import annotations

import math
import textwrap
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import matplotlib.pyplot as plt
import numpy as np
from matplotlib import rcParams
from matplotlib.collections import LineCollection
from matplotlib.colors import to_rgb
from matplotlib.font_manager import FontProperties
from matplotlib.lines import Line2D
from matplotlib.markers import MarkerStyle
from matplotlib.path import Path
from matplotlib.patches import Rectangle
from matplotlib.textpath import text_to_path

from ..game import CHANCE, MIN, player_name
from ..result import trace_of
from ..trees import spreadsheet_name
from .layout import tidy_layout
from .scene import PLAYER_COLOURS, value_text
from .scene import preorder
from .scene import scene as make_scene

__all__ = ["draw", "draw_frames", "OKABE_ITO"]

#: Colour-blind-safe colours (Okabe & Ito, 2008): the players' colours in n-player trees.
OKABE_ITO = PLAYER_COLOURS

#: The largest figure ``draw`` makes, in inches, and the largest font it uses, in points.
MAX_FIGSIZE = (16.0, 9.0)
MAX_FONT = 14.0
TITLE_FONT = 14.0
#: Frames: the font a panel is sized for, and the font of the captions under the panels.
PANEL_FONT, CAPTION_FONT = 11.0, 9.0
#: The least room a leaf slot and a ply get in a figure ``draw`` makes, in inches.
MIN_SLOT, MIN_PLY = 0.6, 1.25
#: The widest a leaf slot is spread to fill the axes, in plies.
MAX_SLOT_PER_PLY = 1.5
#: Scenes with more nodes than this are drawn with one artist per style, for speed.
BATCH_ABOVE = 150
#: Boards are drawn by default (``boards=None``) for scenes of at most this many nodes.
BOARDS_UP_TO = 40
#: ... and only if the text can still be this large (pt) with them.
BOARD_FONT = 8.0

# Lengths in em (multiples of the font size).
TRIANGLE = (2.8, 2.4)   # ▲ and ▼: width, height
CIRCLE = 2.1            # chance ○ and the n-player circles
LEAF = 1.7              # side of a leaf square (wider when its value is)
BOARD = 4.6             # side of a board drawn at a node
BADGE = 1.4             # the player's shape, left of a board
INSIDE_SIZE = 0.9       # values inside a ▲ or ▼, relative to the font
CAP = 0.73              # the height of a digit
GAP = 0.45              # between a shape and its text
PAD = 0.8               # between neighbouring bands
OUTER = 1.0             # between the picture and the edges of the axes
LINE = 1.2              # the height of a line of text
SMALL = 0.8             # notes, edge labels and counts, relative to the font
EDGE_ROOM = 1.6         # the least visible length of an edge between two bands
CUT = 1.1               # length of the cut mark across a pruned edge
CUT_AT, LABEL_AT = 0.42, 0.72  # where cut marks and edge labels go along an edge, from the parent
DOTS = 0.7              # the height of the "…" of a placeholder
RING = 0.45             # clearance between a current node's shape and its ring
LEGEND = 2.0            # the height of the players' key above the root

#: Readability tiers, tried in order, with the least font size for each: "full" shows every
#: text asked for; "values" only the values inside shapes and the probabilities; "bare" none.
TIERS = (("full", 7.0), ("values", 5.0), ("bare", 0.0))

DEFAULT_STYLE = {
    "fontsize": None,          # the largest font size; None: MAX_FONT
    "pv_color": "#0072B2",     # the principal variation
    "current_color": "#D55E00",  # the ring round the node of the step shown
    "note_color": "#3b5b8c",   # [α, β]
    "palette": OKABE_ITO,      # players' colours in n-player trees
    "linewidth": None,         # edge width in points; None: from the font size
}

_EDGE_LOOK = {  # status -> (colour, width factor, dash pattern)
    "plain": ("black", 1.0, "solid"),
    "visited": ("black", 1.0, "solid"),
    "pv": (None, 2.6, "solid"),
    "pruned": ("0.55", 1.0, (0, (4, 3))),
    "unvisited": ("0.72", 0.8, "solid"),
    "future": ("0.82", 0.8, "solid"),
    "more": ("0.5", 1.0, ":"),
}
_INK = {  # status -> (shape edge and text colour, shape face)
    "plain": ("black", "white"),
    "visited": ("black", "white"),
    "pruned": ("0.5", "white"),
    "unvisited": ("0.7", "white"),
    "future": ("0.78", "white"),
}
_CURRENT_FACE = "#FFE9A8"


# ------------------------------------------------------------------ text


@lru_cache(maxsize=4096)
def _em_cached(text: str, bold: bool, family: tuple) -> float:
    prop = FontProperties(family=list(family), size=100, weight="bold" if bold else "normal")
    width, _, _ = text_to_path.get_text_width_height_descent(text, prop, ismath=False)
    return width / 100


def _em(text: str, bold: bool = False) -> float:
    """The width of ``text`` in em, in the current default font."""
    if not text:
        return 0.0
    family = rcParams["font.family"]
    return _em_cached(text, bold, tuple(family) if isinstance(family, list) else (family,))


def _numeric(text: str) -> str:
    """A value as typeset: a true minus sign instead of a hyphen."""
    return str(text).replace("-", "−")


def _pair(lo, hi) -> str:
    return _numeric(f"[{value_text(lo)}, {value_text(hi)}]")


def _probability(p) -> str:
    """``1/2`` for a Fraction, a short decimal otherwise."""
    if isinstance(p, Fraction):
        return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"
    return _numeric(value_text(p))


def _mix(colour, white: float):
    """``colour`` mixed with ``white`` parts of white (0: unchanged, 1: white)."""
    r, g, b = to_rgb(colour)
    return (r + (1 - r) * white, g + (1 - g) * white, b + (1 - b) * white)


# ------------------------------------------------------------------ what each node looks like


def _polygon(points) -> Path:
    return Path(list(points) + [points[0]], closed=True)


_SHAPES = {
    "max": _polygon([(0, 1), (-1.155, -1), (1.155, -1)]),
    "min": _polygon([(0, -1), (-1.155, 1), (1.155, 1)]),
    "circle": Path.unit_circle(),
}


def _box(w: float, h: float) -> Path:
    """A rectangle marker path of width ``w`` and height ``h`` (any unit: markers keep the aspect)."""
    return _polygon([(-w, -h), (w, -h), (w, h), (-w, h)])


@dataclass
class _Look:
    """How one node is drawn, in em from its centre.

    Without a board the node is one line: label, shape (with its value inside
    when it fits), then a column of value and notes; a leaf's label stands
    under it instead, so that a row of named leaves needs no room between
    them.  With a board, the label stands left of the board, and under the
    board come the shape and the value side by side, then the notes.
    """

    shape: str               # "max", "min", "chance", "player", "leaf" or "more"
    w: float                 # the shape's width and height
    h: float
    inside: str = ""         # text written inside the shape
    lines: tuple = ()        # (text, size, role) lines of value ("value") and [α, β] ("note")
    label: str = ""          # the node's name, left of the shape
    count: str = ""          # "+6" under a "…" placeholder
    board: bool = False      # a board is drawn at the node

    @property
    def value(self) -> str:
        """With a board: the value written beside the shape."""
        return next((text for text, _, role in self.lines if role == "value"), "") if self.board else ""

    @property
    def column(self) -> tuple:
        """The lines of text right of the shape or, with a board, under the shape and value."""
        return tuple(line for line in self.lines if not (self.board and line[2] == "value"))

    @property
    def column_h(self) -> float:
        return sum(LINE * size for _, size, _ in self.column)

    @property
    def column_w(self) -> float:
        return max([0.0] + [_em(text) * size for text, size, _ in self.column])

    @property
    def row_w(self) -> float:
        """With a board: the width of the shape and value under it."""
        return self.w + (GAP + _em(self.value) if self.value else 0)

    @property
    def shape_at(self) -> tuple:
        """The centre of the shape, from the node's centre."""
        if self.board:
            return -self.row_w / 2 + self.w / 2, -(BOARD / 2 + GAP + LINE / 2)
        return 0.0, 0.0

    @property
    def top(self) -> float:
        """How far above the centre edges arrive."""
        return BOARD / 2 if self.board else self.h / 2

    @property
    def bottom(self) -> float:
        """How far below the centre edges leave."""
        return BOARD / 2 + GAP + LINE + self.column_h + GAP / 2 if self.board else self.h / 2

    @property
    def under(self) -> bool:
        """Whether the label stands under the shape (a leaf's) rather than left of it."""
        return bool(self.label) and self.shape == "leaf" and not self.board

    @property
    def label_at(self) -> float:
        """How far left of the centre the label ends (under a leaf: how far below the centre it starts)."""
        if self.under:
            return self.h / 2 + GAP / 2
        return (BOARD if self.board else self.w) / 2 + GAP

    @property
    def left(self) -> float:
        if self.under:
            return max(self.w / 2, _em(self.label, bold=True) / 2)
        reach = self.label_at + _em(self.label, bold=True) if self.label else 0.0
        if self.board:
            return max(reach, BOARD / 2, self.row_w / 2, self.column_w / 2)
        return max(reach, self.w / 2)

    @property
    def right(self) -> float:
        if self.board:
            return max(BOARD / 2, self.row_w / 2, self.column_w / 2)
        side = self.w / 2 + (GAP + self.column_w if self.column else 0)
        return max(side, _em(self.label, bold=True) / 2) if self.under else side

    @property
    def up(self) -> float:
        return max(self.top, self.column_h / 2 if not self.board else 0, LINE / 2 if self.label else 0)

    @property
    def down(self) -> float:
        if self.under:
            return max(self.label_at + LINE, self.column_h / 2)
        return max(self.bottom, self.column_h / 2 if not self.board else 0, LINE / 2 if self.label else 0)


def _shape_of(graph, data) -> str:
    if data["more"]:
        return "more"
    player = data["player"]
    if player is None:
        return "leaf"
    if player == CHANCE:
        return "chance"
    if graph.graph.get("num_players", 2) > 2:
        return "player"
    return "min" if player == MIN else "max"


def _value(data, intervals: bool) -> str:
    """The value as written at the node: the scene's text, or the [min, max] frame if asked."""
    if intervals and data["children"] and data["interval"] is not None and not isinstance(data["value"], tuple):
        return _pair(*data["interval"])
    return _numeric(data["text"])


def _looks(graph, tier: str, bounds: bool, intervals: bool, boards: bool) -> dict:
    """The :class:`_Look` of every node of the scene, for a readability tier."""
    full = tier == "full"
    values = tier != "bare"
    leaf_texts = [_value(d, intervals) for _, d in graph.nodes(data=True) if d["player"] is None and not d["more"]]
    leaf_w = max([LEAF] + [_em(t) + 0.6 for t in leaf_texts if values])
    looks = {}
    for node, data in graph.nodes(data=True):
        shape = _shape_of(graph, data)
        text = _value(data, intervals) if values else ""
        look = _Look(shape, *_shape_size(shape, leaf_w), label=str(data["label"] or "") if full else "")
        if shape == "more":
            look.inside, look.count, look.label = "…", (f"+{data['more']}" if full else ""), ""
            look.w = max(_em("…"), _em(look.count) * SMALL)
            look.h = DOTS + (LINE * SMALL if look.count else 0)
        elif boards:
            look.board = True
            look.w, look.h = BADGE, BADGE * (TRIANGLE[1] / TRIANGLE[0] if shape in ("max", "min") else 1)
            look.lines = ((text, 1.0, "value"),) if text else ()
        elif text and _fits_inside(shape, text):
            look.inside = text
        elif text and full:
            look.lines = ((text, 1.0, "value"),)
        if full and bounds and shape != "more" and data["children"] and data["alpha"] is not None:
            look.lines += ((_pair(data["alpha"], data["beta"]), SMALL, "note"),)
        looks[node] = look
    return looks


def _shape_size(shape: str, leaf_w: float) -> tuple:
    if shape in ("max", "min"):
        return TRIANGLE
    if shape in ("chance", "player"):
        return CIRCLE, CIRCLE
    if shape == "leaf":
        return leaf_w, LEAF
    return 0.0, 0.0  # a placeholder: sized by its text


def _fits_inside(shape: str, text: str) -> bool:
    """Whether a value can be written inside the node's shape."""
    if shape == "leaf":
        return True  # leaves are made as wide as their widest value
    if shape in ("max", "min"):
        # The text stands on the wide side of the triangle; its far edge is where room is least.
        w, h = TRIANGLE
        far = h / 2 - _TRIANGLE_TEXT_AT - CAP * INSIDE_SIZE
        return _em(text) * INSIDE_SIZE <= w * (h / 2 + far) / h - 2 * _INSIDE_MARGIN
    if shape == "chance":
        return _em(text) <= CIRCLE - 0.6
    return False


# Inside a triangle, the text's near edge is this far (em) from the wide side, and clears
# the slanted sides by at least _INSIDE_MARGIN.
_TRIANGLE_TEXT_AT, _INSIDE_MARGIN = 0.32, 0.12


# ------------------------------------------------------------------ edges




def _edge_text(data, full: bool, actions: bool) -> str:
    """What an edge is labelled with: its action (if asked), its probability, or both."""
    parts = []
    if full and actions and data.get("action") is not None:
        parts.append(str(data["action"]))
    if data.get("probability") is not None:
        parts.append(_probability(data["probability"]))
    return ": ".join(parts)


def _edge_kind(graph, parent, child) -> str:
    data = graph.edges[parent, child]
    if graph.nodes[child]["more"]:
        return "more"
    if data["pv"] and data["status"] in ("visited", "plain"):
        return "pv"
    return data["status"]


# ------------------------------------------------------------------ fitting


@dataclass
class _Geometry:
    """Where things go: font size (pt), points per slot and per ply, and the axes limits."""

    font: float
    slot: float
    ply: float
    xlim: tuple
    ylim: tuple

    def dx(self, em: float) -> float:
        """``em`` as a horizontal distance in data units."""
        return em * self.font / self.slot

    def dy(self, em: float) -> float:
        return em * self.font / self.ply


def _rows(pos) -> dict:
    """The nodes of each depth, left to right."""
    rows = {}
    for node, (x, y) in pos.items():
        rows.setdefault(-y, []).append((x, node))
    return {depth: [node for _, node in sorted(row)] for depth, row in sorted(rows.items())}


@dataclass
class _Needs:
    """What a picture needs, in em, whatever size it is drawn at.

    Horizontally: ``pairs`` of neighbours ``(slots apart, em between their
    centres)``, and for every node and edge label its distance ``u`` in slots
    from the leftmost slot and its reach ``left`` and ``right`` in em, which
    set the side margins.  Vertically: ``gap``, the em two depths must be
    apart, and the em the picture needs above the root and below the deepest
    nodes.
    """

    pairs: list
    u: np.ndarray
    left: np.ndarray
    right: np.ndarray
    span: float
    depth: int
    gap: float
    top: float
    bottom: float

    @property
    def least_slot(self) -> float:
        """The narrowest slot, in em, at which no two neighbours touch."""
        return max([0.0] + [need / units for units, need in self.pairs])

    def margins(self, slot: float) -> tuple:
        """Room, in em, that the left and right margins need with slots of ``slot`` em."""
        left = max(0.0, float(np.max(self.left - self.u * slot)))
        right = max(0.0, float(np.max(self.right - (self.span - self.u) * slot)))
        return left + OUTER, right + OUTER

    def width(self, slot: float) -> float:
        """The picture's width in em with slots of ``slot`` em (convex in ``slot``)."""
        left, right = self.margins(slot)
        return self.span * slot + left + right

    def narrowest(self) -> tuple:
        """The slot (em) at least :attr:`least_slot` that makes the picture narrowest, and that width."""
        lo = self.least_slot
        if self.span == 0:
            return lo, self.width(lo)
        hi = lo + self.width(lo) / self.span  # beyond this the slots alone are wider
        for _ in range(60):  # ternary search: the width is convex
            a, b = lo + (hi - lo) / 3, hi - (hi - lo) / 3
            if self.width(a) <= self.width(b):
                hi = b
            else:
                lo = a
        return lo, self.width(lo)

    def widest_slot(self, width: float) -> float:
        """The widest slot (em) at which the picture is at most ``width`` em wide."""
        lo, _ = self.narrowest()
        hi = lo + width / self.span
        for _ in range(60):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if self.width(mid) <= width else (lo, mid)
        return lo


def _needs(graph, pos, looks, edge_texts, legend: bool) -> _Needs:
    """Everything the fitting needs to know about a scene drawn with ``looks``."""
    rows = _rows(pos)
    xmin = min(x for x, _ in pos.values())
    pairs, items = [], []
    for row in rows.values():
        items.extend((pos[n][0], looks[n].left, looks[n].right) for n in row)
        for a, b in zip(row, row[1:]):
            pairs.append((pos[b][0] - pos[a][0], looks[a].right + PAD + looks[b].left))
    depths = list(rows)
    up = {d: max(looks[n].up for n in rows[d]) for d in depths}
    down = {d: max(looks[n].down for n in rows[d]) for d in depths}
    gap = 0.0
    bands = {}
    for edge in graph.edges:
        bands.setdefault(len(edge[0]), []).append(edge)
    for d in depths[:-1]:
        band = bands.get(d, [])
        room = EDGE_ROOM * (2 if any(looks[c].board for _, c in band) else 1)
        if any(edge_texts.get(e) for e in band):
            room += LINE * SMALL + PAD
        if any(graph.edges[e]["status"] == "pruned" for e in band):
            room += CUT * 0.6
        gap = max(gap, down[d] + up[d + 1] + room)
        labels = sorted((pos[p][0] + LABEL_AT * (pos[c][0] - pos[p][0]), _em(edge_texts[(p, c)]) * SMALL / 2)
                        for p, c in band if edge_texts.get((p, c)))
        items.extend((x, half, half) for x, half in labels)
        pairs.extend((xb - xa, wa + wb + PAD * SMALL) for (xa, wa), (xb, wb) in zip(labels, labels[1:]))
    top = up[0] + OUTER + (LEGEND + PAD if legend else 0)
    at, left, right = np.array(items, dtype=float).T
    return _Needs(pairs, at - xmin, left, right, max(x for x, _ in pos.values()) - xmin,
                  depths[-1], gap, top, down[depths[-1]] + OUTER)


def _largest_font(needs: _Needs, width: float, height: float, limit: float) -> float:
    """The largest font (pt, at most ``limit``) at which the picture fits ``width`` x ``height`` pt."""
    _, narrowest = needs.narrowest()
    return min(limit, width / narrowest, height / (needs.depth * needs.gap + needs.top + needs.bottom))


def _geometry(needs: _Needs, xmin: float, width: float, height: float, font: float) -> _Geometry:
    """Plies spread to fill ``height`` pt and slots to fill ``width`` pt at ``font``, centred.

    Slots grow at most to MAX_SLOT_PER_PLY plies, so that edges do not lie
    flat; the width left over goes to the margins.
    """
    ply = (height / font - needs.top - needs.bottom) / needs.depth if needs.depth else 1.0
    spare_y = height / font - needs.depth * ply - needs.top - needs.bottom
    if needs.span:
        slot = needs.widest_slot(width / font)
        if needs.depth:
            slot = min(slot, max(needs.narrowest()[0], MAX_SLOT_PER_PLY * ply))
    else:
        slot = 1.0  # one column: any slot will do
    left, right = needs.margins(slot)
    left += (width / font - needs.span * slot - left - right) / 2
    geo = _Geometry(font, slot * font, ply * font, (0.0, 0.0), (0.0, 0.0))
    geo.xlim = (xmin - geo.dx(left), xmin - geo.dx(left) + width / geo.slot)
    top = needs.top + spare_y / 2
    geo.ylim = (geo.dy(top) - height / geo.ply, geo.dy(top))
    return geo


def _natural_size(needs: _Needs, font: float) -> tuple:
    """Inches at which the picture fits with ``font``, slots at least MIN_SLOT and plies MIN_PLY."""
    slot = max(needs.least_slot, MIN_SLOT * 72 / font)
    if needs.span:
        slot = max(slot, needs.narrowest()[0])
    ply = max(needs.gap, MIN_PLY * 72 / font)
    return font * needs.width(slot) / 72, font * (needs.depth * ply + needs.top + needs.bottom) / 72


# ------------------------------------------------------------------ the drawing


def draw(x, ax=None, *, step=None, max_depth=None, max_children=None, unvisited=True, bounds=False,
         intervals=False, actions=False, boards=None, title=None, size=None, **style):
    """Draw a game tree, or a search as it stood at one step, in the lecture's notation.

    MAX nodes are ▲ and MIN nodes ▼, chance nodes ○ with the probability on
    each edge below them, and leaves are squares holding their values.  Names
    (A, B, ...) stand left of their nodes and values inside the shapes, or to
    the right when too long.  Edges to pruned children are dashed and grey with
    a cut mark; the subtrees below them are faded, and so are the nodes a
    search has not reached yet at ``step``.  The principal variation is thick
    and coloured, and the node of the step shown has a ring round it.  In trees
    of three or more players the nodes are circles coloured by player, with a
    key, and the leaves hold payoff tuples.

    Parameters
    ----------
    x : Tree, SearchResult or Trace
        What to draw; a SearchResult must carry its trace (``trace=True``).
        The result of :func:`~advsearch.mcts` is drawn as its tree, with N,
        the mean reward and UCB on each edge (:func:`advsearch.search.mcts.draw_tree`).
    ax : matplotlib.axes.Axes, optional
        Where to draw; the tree is fitted to the axes.  By default a new
        figure sized to the tree: at least 0.6 inch a leaf and 1.25 inches a
        ply, at most 16 x 9 inches.
    step : int, optional
        Show the search after event ``step`` of the trace (negative counts
        from the end).  None shows the finished search.
    max_depth, max_children : int, optional
        Show only this many plies, and this many children a node; the hidden
        children of a node become one "…" node, with their number under it.
    unvisited : bool
        Show, faded, the subtrees below pruned children.
    bounds : bool
        Write beside each searched inner node the [α, β] it last had.
    intervals : bool
        Write inner values as the [min, max] frames of the lecture's
        alpha-beta figures: ``[−∞, 3]`` rather than ``≤ 3``.
    actions : bool
        Write the action on each edge.
    boards : bool, optional
        Draw each node's state as a small board, with the game's
        ``draw_state(state, ax)``.  None: when the game can, the scene has at
        most 40 nodes and the text can stay at least 8 pt with boards.
    title : str, optional
        A title above the tree.
    size : (float, float), optional
        The figure size in inches, when ``draw`` makes the figure.
    **style
        ``fontsize`` (the largest font size; smaller when the tree needs it),
        ``pv_color``, ``current_color``, ``note_color``, ``palette`` (the
        players' colours) and ``linewidth`` (of edges, in points).

    Returns
    -------
    matplotlib.axes.Axes
        With ``advsearch_scene`` (the scene drawn), ``advsearch_pos`` (the
        layout, in data coordinates) and ``advsearch_font`` (the font size
        chosen) attached.  Each node's shape has the gid ``"node <path>"``,
        each edge ``"edge <parent> -> <child> <status>"``, each cut mark
        ``"cut <parent> -> <child>"``, the ring ``"current <path>"`` and each
        board ``"board <path>"`` (in scenes of more than 150 nodes, shapes
        and edges of one style are drawn as one artist, with a group gid).

    Raises
    ------
    TypeError
        For anything but a Tree, SearchResult or Trace, an ``ax`` that is not
        an Axes, or an unknown style option.
    ValueError
        For a SearchResult without a trace, a step outside the trace, bad
        limits, ``boards=True`` for a game without ``draw_state``, or ``size``
        together with ``ax``.

    Notes
    -----
    Everything is placed from the font size, which is the largest (up to
    ``fontsize``) at which no two texts or shapes touch; see the module
    docstring.  Time O(n) for n nodes drawn, plus matplotlib's rendering.

    Examples
    --------
    >>> from advsearch import alphabeta, examples
    >>> ax = draw(alphabeta(examples.two_ply(), trace=True), bounds=True)
    >>> sorted(a.get_gid() for a in ax.get_children() if str(a.get_gid()).endswith(" pruned"))
    ['edge (1,) -> (1, 1) pruned', 'edge (1,) -> (1, 2) pruned']
    >>> ax.advsearch_font
    14.0
    >>> plt.close(ax.figure)
    """
    snapshot = getattr(x, "tree", None)
    if snapshot is not None and type(snapshot).__name__ == "TreeSnapshot":   # an MCTS search
        from ..search.mcts import draw_tree
        return draw_tree(snapshot, ax, max_depth=2 if max_depth is None else max_depth,
                         max_children=max_children)
    st = _style(style)
    if ax is not None and not hasattr(ax, "inset_axes"):
        raise TypeError(f"ax must be a matplotlib Axes, not {type(ax).__name__}")
    if ax is not None and size is not None:
        raise ValueError("size sets the size of a new figure; with ax given, size the figure yourself")
    pic = _picture(x, step, max_depth, max_children, unvisited, bounds, intervals, actions, boards)
    graph, pos = pic.graph, pic.pos
    limit = st["fontsize"] or MAX_FONT
    if ax is None:
        ax = _new_axes(pic, limit, title, size)
    geo, tier, looks, texts = _fit(ax, pic, limit)
    ax.set_xlim(*geo.xlim)
    ax.set_ylim(*geo.ylim)
    ax.set_axis_off()
    batch = graph.number_of_nodes() > BATCH_ABOVE
    _draw_edges(ax, graph, pos, looks, geo, st, texts, batch)
    _draw_nodes(ax, graph, pos, looks, geo, st, batch)
    _draw_texts(ax, graph, pos, looks, geo, st)
    if pic.boards:
        _draw_boards(ax, graph, pos, looks, geo, st)
    if pic.legend and tier != "bare":
        _draw_legend(ax, graph, geo, st)
    if title is not None:
        ax.set_title(title, fontsize=min(max(geo.font * 1.1, 9), TITLE_FONT))
    ax.advsearch_scene, ax.advsearch_pos, ax.advsearch_font = graph, pos, round(geo.font, 2)
    return ax


def _style(style: dict) -> dict:
    unknown = sorted(set(style) - set(DEFAULT_STYLE))
    if unknown:
        raise TypeError(f"unknown style option {unknown[0]!r}; the options are {', '.join(DEFAULT_STYLE)}")
    out = {**DEFAULT_STYLE, **style}
    if out["fontsize"] is not None and not (isinstance(out["fontsize"], (int, float)) and out["fontsize"] > 0):
        raise ValueError(f"fontsize must be a positive number of points, not {out['fontsize']!r}")
    return out


def _want_boards(graph, boards) -> bool:
    game = graph.graph.get("game")
    can = callable(getattr(game, "draw_state", None))
    if boards is None:
        return can and graph.number_of_nodes() <= BOARDS_UP_TO
    if boards and not can:
        raise ValueError(f"boards=True needs a game with draw_state(state, ax); {type(game).__name__} has none")
    return bool(boards)


@dataclass
class _Picture:
    """A scene, its layout and what was asked to be shown."""

    graph: object
    pos: dict
    bounds: bool
    intervals: bool
    actions: bool
    boards: bool
    optional_boards: bool  # boards were chosen by default, and may be left out if they do not fit

    @property
    def legend(self) -> bool:
        return self.graph.graph.get("num_players", 2) > 2


def _picture(x, step, max_depth, max_children, unvisited, bounds, intervals, actions, boards) -> _Picture:
    graph = make_scene(x, step=step, max_depth=max_depth, max_children=max_children, unvisited=unvisited)
    if not graph.number_of_nodes():
        raise ValueError("there is nothing to draw: the trace has no events")
    show = _want_boards(graph, boards)
    return _Picture(graph, tidy_layout(graph), bool(bounds), bool(intervals), bool(actions), show,
                    show and boards is None)


def _plan(pic: _Picture, tier: str):
    """The looks of the nodes, the edge labels and the needs of the picture, for one tier."""
    looks = _looks(pic.graph, tier, pic.bounds, pic.intervals, pic.boards)
    texts = {} if tier == "bare" else {
        (p, c): _edge_text(d, tier == "full", pic.actions) for p, c, d in pic.graph.edges(data=True)}
    return looks, texts, _needs(pic.graph, pic.pos, looks, texts, pic.legend)


def _new_axes(pic: _Picture, font, title, size):
    """A new figure sized for the tree at ``font``, and axes filling it below the title."""
    title_h = 0 if title is None else 2.2 * TITLE_FONT / 72
    if size is None:
        _, _, needs = _plan(pic, "full")
        w, h = _natural_size(needs, font)
        size = (min(max(w, 3.0), MAX_FIGSIZE[0]), min(max(h + title_h, 2.0), MAX_FIGSIZE[1]))
    fig = plt.figure(figsize=size)
    return fig.add_axes((0, 0, 1, 1 - title_h / size[1]))


def _fit(ax, pic: _Picture, limit):
    """The first readability tier whose text is large enough in ``ax``, and the geometry for it."""
    fig = ax.figure
    box = ax.get_position()
    width, height = box.width * fig.get_figwidth() * 72, box.height * fig.get_figheight() * 72
    if pic.optional_boards and _largest_font(_plan(pic, "full")[2], width, height, limit) < BOARD_FONT:
        pic.boards = False
    for tier, least in TIERS:
        looks, texts, needs = _plan(pic, tier)
        font = _largest_font(needs, width, height, limit)
        if font >= least:
            break
    geo = _geometry(needs, min(x for x, _ in pic.pos.values()), width, height, font)
    return geo, tier, looks, texts


# --- edges


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


def _line_width(geo) -> float:
    """Edges' and shapes' outline width (pt), growing with the font."""
    return min(max(geo.font / 10, 0.5), 1.5)


def _draw_edges(ax, graph, pos, looks, geo, st, texts, batch):
    base = st["linewidth"] or _line_width(geo)
    cut_look = dict(color="0.15", linewidth=base * 1.6, zorder=4)
    lines = _Lines(ax, batch)
    for parent in preorder(graph):
        for child in graph.nodes[parent]["children"]:
            kind = _edge_kind(graph, parent, child)
            colour, factor, dashes = _EDGE_LOOK[kind]
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
            color="0.65" if faded else "0.15", gid="edge label",
            bbox=dict(boxstyle="round,pad=0.12", facecolor="white", edgecolor="none"))


# --- nodes


def _ink(graph, data, st):
    """A node's (edge colour, face colour, text colour)."""
    edge, face = _INK.get(data["status"], _INK["plain"])
    player = data["player"]
    if graph.graph.get("num_players", 2) > 2 and player is not None and player != CHANCE and not data["more"]:
        colour = st["palette"][player % len(st["palette"])]
        faded = data["status"] in ("pruned", "unvisited", "future")
        face = _mix(colour, 0.75 if faded else 0.0)
    if data["current"]:
        face = _CURRENT_FACE
    return edge, face, edge


def _marker(look: _Look) -> MarkerStyle:
    if look.shape in ("max", "min"):
        return MarkerStyle(_SHAPES[look.shape])
    if look.shape in ("chance", "player"):
        return MarkerStyle(_SHAPES["circle"])
    return MarkerStyle(_box(look.w, look.h))


def _draw_nodes(ax, graph, pos, looks, geo, st, batch):
    width = _line_width(geo)
    groups = {}
    for node in preorder(graph):
        look, data = looks[node], graph.nodes[node]
        if data["current"]:
            _ring(ax, node, look, pos, geo, st)
        if look.shape == "more":
            continue  # a placeholder is its text
        edge, face, _ = _ink(graph, data, st)
        x, y = _shape_centre(*pos[node], look, geo)
        style = dict(markersize=max(look.w, look.h) * geo.font, markerfacecolor=face, markeredgecolor=edge,
                     markeredgewidth=width, linestyle="none", zorder=6 if look.board else 3)
        if batch:
            key = (look.shape, look.w, look.h, str(face), str(edge), look.board)
            groups.setdefault(key, (look, style, []))[2].append((x, y))
        else:
            ax.add_line(Line2D([x], [y], marker=_marker(look), gid=f"node {node!r}", **style))
    for (shape, *_), (look, style, points) in groups.items():
        xs, ys = zip(*points)
        ax.add_line(Line2D(xs, ys, marker=_marker(look), gid=f"nodes {shape}", **style))


def _shape_centre(x, y, look, geo) -> tuple:
    """Where the shape of a node at (x, y) goes: at the node, or under its board."""
    dx, dy = look.shape_at
    return x + geo.dx(dx), y + geo.dy(dy)


def _ring(ax, node, look, pos, geo, st):
    """The current node's ring: its own shape, RING em larger all round, clear of the texts beside it."""
    x, y = _shape_centre(*pos[node], look, geo)
    marker = MarkerStyle(_SHAPES["circle"]) if look.shape == "more" else _marker(look)
    ax.add_line(Line2D([x], [y], marker=marker, markersize=(max(look.w, look.h) + 2 * RING) * geo.font,
                       markerfacecolor="none", markeredgecolor=st["current_color"],
                       markeredgewidth=max(2.0, geo.font / 6), linestyle="none", zorder=5.5 if look.board else 2.5,
                       gid=f"current {node!r}"))


def _draw_texts(ax, graph, pos, looks, geo, st):
    for node in preorder(graph):
        look, data = looks[node], graph.nodes[node]
        _, _, ink = _ink(graph, data, st)
        x, y = pos[node]
        if look.shape == "more":
            _placeholder(ax, node, look, x, y, geo)
            continue
        if look.inside:
            _inside_text(ax, node, look, x, y, geo, ink)
        if look.under:
            ax.text(x, y - geo.dy(look.label_at), look.label, ha="center", va="top", fontsize=geo.font,
                    fontweight="bold", color=ink, zorder=4, gid=f"label {node!r}")
        elif look.label:
            ax.text(x - geo.dx(look.label_at), y, look.label, ha="right", va="center", fontsize=geo.font,
                    fontweight="bold", color=ink, zorder=4, gid=f"label {node!r}")
        _column(ax, node, look, x, y, geo, st, ink, data["status"])


def _column(ax, node, look, x, y, geo, st, ink, status):
    """The value and [α, β] lines: right of the shape, or under a board."""
    if look.board:
        sx, sy = _shape_centre(x, y, look, geo)
        if look.value:
            ax.text(sx + geo.dx(look.w / 2 + GAP), sy, look.value, ha="left", va="center", fontsize=geo.font,
                    color=ink, zorder=4, gid=f"value {node!r}")
        at, ha, top = x, "center", -(BOARD / 2 + GAP + LINE)
    else:
        at, ha, top = x + geo.dx(look.w / 2 + GAP), "left", look.column_h / 2
    for text, size, role in look.column:
        height = LINE * size
        colour = st["note_color"] if role == "note" and status == "visited" else ink
        ax.text(at, y + geo.dy(top - height / 2), text, ha=ha, va="center", fontsize=geo.font * size,
                color=colour, zorder=4, gid=f"{role} {node!r}")
        top -= height


def _inside_text(ax, node, look, x, y, geo, ink):
    """A value inside its shape: on the baseline near a triangle's wide side, else centred."""
    gid = f"value {node!r}"
    if look.shape in ("max", "min"):
        size = INSIDE_SIZE
        near = look.h / 2 - _TRIANGLE_TEXT_AT
        baseline = -near if look.shape == "max" else near - CAP * size
        ax.text(x, y + geo.dy(baseline), look.inside, ha="center", va="baseline", fontsize=geo.font * size,
                color=ink, zorder=4, gid=gid)
    else:
        ax.text(x, y, look.inside, ha="center", va="center_baseline", fontsize=geo.font, color=ink, zorder=4,
                gid=gid)


def _placeholder(ax, node, look, x, y, geo):
    """A "…" node, with the number of children it stands for under it.

    The dots sit on the baseline, so the baseline goes just under the top of
    the placeholder, where its edge arrives.
    """
    ax.text(x, y + geo.dy(look.h / 2 - DOTS + 0.25), look.inside, ha="center", va="baseline",
            fontsize=geo.font, color="0.35", zorder=4, gid=f"node {node!r}")
    if look.count:
        ax.text(x, y - geo.dy(look.h / 2 - LINE * SMALL / 2), look.count, ha="center", va="center",
                fontsize=geo.font * SMALL, color="0.45", zorder=4, gid=f"count {node!r}")


def _draw_boards(ax, graph, pos, looks, geo, st):
    """Each node's state drawn by the game, on a square inset axes centred on the node."""
    game = graph.graph["game"]
    w, h = geo.dx(BOARD), geo.dy(BOARD)
    for node in preorder(graph):
        data = graph.nodes[node]
        if looks[node].shape == "more" or data["state"] is None:
            continue
        x, y = pos[node]
        inset = ax.inset_axes((x - w / 2, y - h / 2, w, h), transform=ax.transData, zorder=5)
        inset.set_gid(f"board {node!r}")
        game.draw_state(data["state"], inset)
        inset.set_xlim(0, 1)
        inset.set_ylim(0, 1)
        inset.set_xticks([])
        inset.set_yticks([])
        if data["status"] in ("pruned", "unvisited", "future"):
            for artist in inset.get_children():
                if hasattr(artist, "set_alpha") and artist is not inset.patch:
                    artist.set_alpha(0.3)
        if data["current"]:
            pad_x, pad_y = geo.dx(0.25), geo.dy(0.25)
            ax.add_patch(Rectangle((x - w / 2 - pad_x, y - h / 2 - pad_y), w + 2 * pad_x, h + 2 * pad_y,
                                   facecolor="none", edgecolor=st["current_color"],
                                   linewidth=max(2.0, geo.font / 6), zorder=4, gid=f"highlight {node!r}"))


def _draw_legend(ax, graph, geo, st):
    """A key to the players' colours, above the tree."""
    n = graph.graph["num_players"]
    palette = st["palette"]
    handles = [Line2D([], [], marker="o", linestyle="none", markersize=geo.font * 0.8,
                      markerfacecolor=palette[p % len(palette)], markeredgecolor="black",
                      markeredgewidth=0.8, label=player_name(p, n)) for p in range(n)]
    ax.legend(handles=handles, loc="upper left", ncol=n, frameon=False, fontsize=geo.font * SMALL,
              handletextpad=0.2, columnspacing=1.0, borderaxespad=0.3, borderpad=0.2)


# ------------------------------------------------------------------ frames


def draw_frames(x, steps=None, ncols=3, *, captions=True, **draw_kwargs):
    """A grid of chosen steps of a search, each titled (a), (b), ... and narrated underneath.

    Made for print, handouts and notebooks viewed on GitHub: a static picture
    of how the search went, like the lecture's alpha-beta frames (a)-(f).

    Parameters
    ----------
    x : SearchResult or Trace
        A search run with ``trace=True``, or its trace.
    steps : sequence of int, optional
        The trace events to show (negative numbers count from the end).  By
        default six evenly spread events, the last included.
    ncols : int
        Panels per row.
    captions : bool
        Write under each panel the sentence that narrates its step.
    **draw_kwargs
        Passed on to :func:`draw` for every panel (``bounds``, ``intervals``,
        ``max_depth``, style options, ...).

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    TypeError
        For anything but a SearchResult or a Trace, or a ``title`` in ``draw_kwargs``.
    ValueError
        For a SearchResult without a trace, an empty trace, steps outside the
        trace or ``ncols`` < 1.

    Examples
    --------
    >>> from advsearch import alphabeta, examples
    >>> fig = draw_frames(alphabeta(examples.two_ply(), trace=True), steps=[3, 13, -1], intervals=True)
    >>> [ax.get_title() for ax in fig.axes]
    ['(a)', '(b)', '(c)']
    >>> plt.close(fig)
    """
    trace = trace_of(x)
    if not len(trace):
        raise ValueError("this trace has no events to draw")
    if "title" in draw_kwargs or "ax" in draw_kwargs or "size" in draw_kwargs:
        raise TypeError("draw_frames places and titles its panels itself: pass no title, ax or size")
    if isinstance(ncols, bool) or not isinstance(ncols, int) or ncols < 1:
        raise ValueError(f"ncols must be a whole number >= 1, not {ncols!r}")
    steps = _chosen_steps(len(trace), steps)
    narration = trace.narrate() if captions else None
    ncols = min(ncols, len(steps))
    nrows = math.ceil(len(steps) / ncols)
    options = {k: draw_kwargs.get(k, default) for k, default in _PICTURE_OPTIONS.items()}
    panel_w, panel_h = _panel_size(_picture(x, None, **options), ncols)
    wrap = max(20, int(panel_w * 72 / (0.55 * CAPTION_FONT)))
    texts = [textwrap.fill(narration[k], wrap) if narration else "" for k in steps]
    lines = [max(t.count("\n") + 1 if t else 0 for t in texts[r * ncols:(r + 1) * ncols]) for r in range(nrows)]
    title_h, gap = 0.35, 0.15
    row_h = [title_h + panel_h + (n * 1.3 * CAPTION_FONT / 72 + 0.1 if n else 0) + gap for n in lines]
    fig_w, fig_h = ncols * panel_w + (ncols + 1) * gap, sum(row_h) + gap
    fig = plt.figure(figsize=(fig_w, fig_h))
    panels = []
    for i, (k, text) in enumerate(zip(steps, texts)):
        row, col = divmod(i, ncols)
        left = gap + col * (panel_w + gap)
        bottom = fig_h - gap - sum(row_h[:row]) - title_h - panel_h
        panels.append(fig.add_axes((left / fig_w, bottom / fig_h, panel_w / fig_w, panel_h / fig_h)))
        if text:
            fig.text(left / fig_w, (bottom - 0.08) / fig_h, text, ha="left", va="top", fontsize=CAPTION_FONT,
                     linespacing=1.3, gid=f"caption {k}")
    # One font size for every panel: the largest that fits them all.
    limit = _style(_style_of(draw_kwargs))["fontsize"] or MAX_FONT
    font = min(_fit(ax, _picture(x, k, **options), limit)[0].font for ax, k in zip(panels, steps))
    for i, (ax, k) in enumerate(zip(panels, steps)):
        draw(x, ax=ax, step=k, **{**draw_kwargs, "fontsize": font})
        ax.set_title(f"({spreadsheet_name(i).lower()})", fontsize=11)
    return fig


#: The options of ``draw`` that change what is drawn (the rest are style), with their defaults.
_PICTURE_OPTIONS = {"max_depth": None, "max_children": None, "unvisited": True, "bounds": False,
                    "intervals": False, "actions": False, "boards": None}


def _style_of(kwargs) -> dict:
    """The style options among ``draw`` keyword arguments."""
    return {k: v for k, v in kwargs.items() if k not in _PICTURE_OPTIONS}


def _chosen_steps(n: int, steps) -> list:
    if steps is None:
        count = min(6, n)
        return sorted({round(i * (n - 1) / max(count - 1, 1)) for i in range(count)} | {n - 1})
    chosen = []
    for k in steps:
        if isinstance(k, bool) or not isinstance(k, int):
            raise ValueError(f"steps must be whole numbers, not {k!r}")
        if not -n <= k < n:
            raise ValueError(f"step {k} is not an event of this trace, whose events are 0..{n - 1}")
        chosen.append(k % n)
    if not chosen:
        raise ValueError("steps is empty: choose at least one event to show")
    return chosen


def _panel_size(pic: _Picture, ncols: int) -> tuple:
    """Inches for one panel: the finished tree's natural size, shrunk so that a row fits in 16 inches."""
    _, _, needs = _plan(pic, "full")
    w, h = _natural_size(needs, PANEL_FONT)
    scale = min(1.0, (MAX_FIGSIZE[0] - 0.15 * (ncols + 1)) / ncols / w)
    return max(w * scale, 2.0), max(h * scale, 1.5)
