"""Where everything goes: the needs of a picture in em, and the largest font at which they fit.

Fitting is a set of linear conditions: neighbouring bands must not touch and
text must stay inside the axes.  :func:`fit` finds the largest font (and
the readability tier) that meets them all in given axes, and
:func:`natural_size` the size at which a picture fits a given font.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..layout import tidy_layout
from ..looks import edge_text, key_entries, key_width, node_looks, shown
from ..scene import scene as make_scene
from .style import BOARD_FONT, BOARDS_UP_TO, check_style, CUT, EDGE_ROOM, LABEL_AT, LEGEND, LINE, MAX_SLOT_PER_PLY, MIN_PLY, \
    MIN_SLOT, OUTER, PAD, SMALL, TIERS
from .text import em


@dataclass
class Geometry:
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
class Needs:
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
    key: float = 0.0

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
        return max(self.span * slot + left + right, self.key + 2 * OUTER)

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


def _needs(graph, pos, looks, edge_texts, key: list) -> Needs:
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
        labels = sorted((pos[p][0] + LABEL_AT * (pos[c][0] - pos[p][0]), em(edge_texts[(p, c)]) * SMALL / 2)
                        for p, c in band if edge_texts.get((p, c)))
        items.extend((x, half, half) for x, half in labels)
        pairs.extend((xb - xa, wa + wb + PAD * SMALL) for (xa, wa), (xb, wb) in zip(labels, labels[1:]))
    top = up[0] + OUTER + (LEGEND + PAD if key else 0)
    at, left, right = np.array(items, dtype=float).T
    return Needs(pairs, at - xmin, left, right, max(x for x, _ in pos.values()) - xmin,
                  depths[-1], gap, top, down[depths[-1]] + OUTER, key_width(key, em))


def _largest_font(needs: Needs, width: float, height: float, limit: float) -> float:
    """The largest font (pt, at most ``limit``) at which the picture fits ``width`` x ``height`` pt."""
    _, narrowest = needs.narrowest()
    return min(limit, width / narrowest, height / (needs.depth * needs.gap + needs.top + needs.bottom))


def _geometry(needs: Needs, xmin: float, width: float, height: float, font: float) -> Geometry:
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
    geo = Geometry(font, slot * font, ply * font, (0.0, 0.0), (0.0, 0.0))
    geo.xlim = (xmin - geo.dx(left), xmin - geo.dx(left) + width / geo.slot)
    top = needs.top + spare_y / 2
    geo.ylim = (geo.dy(top) - height / geo.ply, geo.dy(top))
    return geo


def natural_size(needs: Needs, font: float) -> tuple:
    """Inches at which the picture fits with ``font``, slots at least MIN_SLOT and plies MIN_PLY."""
    slot = max(needs.least_slot, MIN_SLOT * 72 / font)
    if needs.span:
        slot = max(slot, needs.narrowest()[0])
    ply = max(needs.gap, MIN_PLY * 72 / font)
    return font * needs.width(slot) / 72, font * (needs.depth * ply + needs.top + needs.bottom) / 72


def _want_boards(graph, boards) -> bool:
    game = graph.graph.get("game")
    can = callable(getattr(game, "draw_state", None))
    if boards is None:
        return can and graph.number_of_nodes() <= BOARDS_UP_TO
    if boards and not can:
        raise ValueError(f"boards=True needs a game with draw_state(state, ax); {type(game).__name__} has none")
    return bool(boards)


@dataclass
class Picture:
    """A scene, its layout and what was asked to be shown."""

    graph: object
    pos: dict
    bounds: bool
    intervals: bool
    actions: bool
    boards: bool
    optional_boards: bool  # boards were chosen by default, and may be left out if they do not fit
    key: list = ()         # the key's entries (see :mod:`.keys`)


#: What ``draw`` and ``picture`` take besides the tree and the step: what is drawn, and their defaults.
PICTURE_OPTIONS = {"max_depth": None, "max_children": None, "unvisited": True, "bounds": False,
                   "intervals": False, "actions": False, "boards": None, "values": False, "numbers": None,
                   "key": None, "players": None, "uct_name": "UCTValue"}


def picture(x, step, max_depth=None, max_children=None, unvisited=True, bounds=False, intervals=False,
            actions=False, boards=None, values=False, numbers=None, key=None, players=None, uct_name="UCTValue",
            st=None) -> Picture:
    graph = make_scene(x, step=step, max_depth=max_depth, max_children=max_children, unvisited=unvisited,
                       values=values, numbers=numbers, uct_name=uct_name)
    if not graph.number_of_nodes():
        raise ValueError("there is nothing to draw: the trace has no events")
    show = _want_boards(graph, boards)
    entries = key_entries(graph, bool(bounds), players, st or check_style({}))
    if key is not None and not isinstance(key, bool):
        raise TypeError(f"key must be True, False or None (a key when the picture needs one), not {key!r}")
    if key is False:
        entries = []
    return Picture(graph, tidy_layout(graph), bool(bounds), bool(intervals), bool(actions), show,
                   show and boards is None, entries)


def plan(pic: Picture, tier: str):
    """The looks of the nodes, the edge labels and the needs of the picture, for one tier."""
    looks = node_looks(pic.graph, tier, pic.bounds, pic.intervals, pic.boards, em)
    texts = {} if tier == "bare" else {
        (p, c): edge_text(d, tier == "full", pic.actions) for p, c, d in pic.graph.edges(data=True)}
    return looks, texts, _needs(pic.graph, pic.pos, looks, texts, shown(pic.key, tier))


def fit(ax, pic: Picture, limit):
    """The first readability tier whose text is large enough in ``ax``, and the geometry for it.

    A ``limit`` below the readable size lowers the bar of the readable tiers to it: whoever chose
    a small font chose it.
    """
    fig = ax.figure
    box = ax.get_position()
    width, height = box.width * fig.get_figwidth() * 72, box.height * fig.get_figheight() * 72
    if pic.optional_boards and _largest_font(plan(pic, "full")[2], width, height, limit) < min(BOARD_FONT, limit):
        pic.boards = False
    for tier, least in TIERS:
        looks, texts, needs = plan(pic, tier)
        font = _largest_font(needs, width, height, limit)
        if font >= min(least, limit) or least == 0:
            break
    geo = _geometry(needs, min(x for x, _ in pic.pos.values()), width, height, font)
    return geo, tier, looks, texts
