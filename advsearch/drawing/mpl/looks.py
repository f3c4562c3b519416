"""What each node and edge of a scene looks like: its shape, its size in em and the texts beside it."""

from __future__ import annotations

from dataclasses import dataclass

from matplotlib.path import Path

from ...game import CHANCE, MIN
from .style import BADGE, BOARD, CAP, CIRCLE, DOTS, GAP, INSIDE_MARGIN, INSIDE_SIZE, LEAF, LINE, RING, \
    RING_WIDTH, SMALL, TRIANGLE, TRIANGLE_TEXT_AT
from .text import em, numeric, pair, probability_text


def _polygon(points) -> Path:
    return Path(list(points) + [points[0]], closed=True)


SHAPES = {
    "max": _polygon([(0, 1), (-1.155, -1), (1.155, -1)]),
    "min": _polygon([(0, -1), (-1.155, 1), (1.155, 1)]),
    "circle": Path.unit_circle(),
}


def box_path(w: float, h: float) -> Path:
    """A rectangle marker path of width ``w`` and height ``h`` (any unit: markers keep the aspect)."""
    return _polygon([(-w, -h), (w, -h), (w, h), (-w, h)])


@dataclass
class Look:
    """How one node is drawn, in em from its centre.

    Without a board the node is one line: label, shape (with its value inside
    when it fits), then a column of value and notes; a leaf's label and
    column stand under it instead, so that a row of named leaves needs no
    room between them.  With a board, the label stands left of the board,
    and under the board come the shape and the value side by side, then the
    notes.
    """

    shape: str               # "max", "min", "chance", "player", "leaf" or "more"
    w: float                 # the shape's width and height
    h: float
    inside: str = ""         # text written inside the shape
    lines: tuple = ()        # (text, size, role) lines: value, MCTS w/n ("tally"), notes
    label: str = ""          # the node's name, left of the shape
    count: str = ""          # "+6" under a "…" placeholder
    board: bool = False      # a board is drawn at the node

    @property
    def beside(self) -> int | None:
        """With a board: which of the lines is written beside the shape (the value, else the tally), if any."""
        if self.board:
            for wanted in ("value", "tally"):
                for i, (_, _, role) in enumerate(self.lines):
                    if role == wanted:
                        return i
        return None

    @property
    def value(self) -> str:
        """With a board: the text written beside the shape."""
        i = self.beside
        return "" if i is None else self.lines[i][0]

    @property
    def column(self) -> tuple:
        """The lines of text right of the shape or, with a board, under the shape and value."""
        i = self.beside
        return tuple(line for k, line in enumerate(self.lines) if k != i)

    @property
    def column_gap(self) -> float:
        """Between the shape and the column right of it: wider for an MCTS node, clear of a step's ring."""
        return RING + RING_WIDTH if any(role == "tally" for _, _, role in self.column) else GAP

    @property
    def column_top(self) -> float:
        """Right of the shape: how far above the centre the column starts.

        Centred on the shape, except an MCTS node's column, which starts at
        the shape's top so that it stays clear of the edges leaving below.
        """
        if any(role == "tally" for _, _, role in self.column) and self.column_h <= self.h:
            return self.h / 2
        return self.column_h / 2

    @property
    def column_h(self) -> float:
        return sum(LINE * size for _, size, _ in self.column)

    @property
    def column_w(self) -> float:
        return max([0.0] + [em(text) * size for text, size, _ in self.column])

    @property
    def row_w(self) -> float:
        """With a board: the width of the shape and value under it."""
        return self.w + (GAP + em(self.value) if self.value else 0)

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
    def stacked(self) -> bool:
        """Whether the column stands under the shape (a leaf's, below its label) rather than right of it."""
        return self.shape == "leaf" and not self.board and bool(self.column)

    @property
    def label_at(self) -> float:
        """How far left of the centre the label ends (under a leaf: how far below the centre it starts)."""
        if self.under:
            return self.h / 2 + GAP / 2
        return (BOARD if self.board else self.w) / 2 + GAP

    @property
    def column_at(self) -> float:
        """Under a leaf: how far below the centre the column starts (below its label, clear of a ring)."""
        return self.h / 2 + max(RING + RING_WIDTH, GAP / 2 + (LINE if self.under else 0))

    def _centred(self) -> float:
        """Half the width of a leaf with its label and column centred under it."""
        return max(self.w / 2, em(self.label, bold=True) / 2 if self.under else 0,
                   self.column_w / 2 if self.stacked else 0)

    @property
    def left(self) -> float:
        if self.under or self.stacked:
            return self._centred()
        reach = self.label_at + em(self.label, bold=True) if self.label else 0.0
        if self.board:
            return max(reach, BOARD / 2, self.row_w / 2, self.column_w / 2)
        return max(reach, self.w / 2)

    @property
    def right(self) -> float:
        if self.board:
            return max(BOARD / 2, self.row_w / 2, self.column_w / 2)
        if self.stacked:
            return self._centred()
        side = self.w / 2 + (self.column_gap + self.column_w if self.column else 0)
        return max(side, em(self.label, bold=True) / 2) if self.under else side

    @property
    def up(self) -> float:
        beside = self.column_top if not (self.board or self.stacked) else 0
        return max(self.top, beside, LINE / 2 if self.label else 0)

    @property
    def down(self) -> float:
        if self.stacked:
            return self.column_at + self.column_h
        if self.under:
            return max(self.label_at + LINE, self.column_h / 2)
        return max(self.bottom, self.column_h - self.column_top if not self.board else 0,
                   LINE / 2 if self.label else 0)


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
        return pair(*data["interval"])
    return numeric(data["text"])


def node_looks(graph, tier: str, bounds: bool, intervals: bool, boards: bool) -> dict:
    """The :class:`Look` of every node of the scene, for a readability tier."""
    full = tier == "full"
    values = tier != "bare"
    leaf_texts = [_value(d, intervals) for _, d in graph.nodes(data=True) if d["player"] is None and not d["more"]]
    leaf_w = max([LEAF] + [em(t) + 0.6 for t in leaf_texts if values])
    looks = {}
    for node, data in graph.nodes(data=True):
        shape = _shape_of(graph, data)
        text = _value(data, intervals) if values else ""
        look = Look(shape, *_shape_size(shape, leaf_w), label=str(data["label"] or "") if full else "")
        if shape == "more":
            look.inside, look.count, look.label = "…", (f"+{data['more']}" if full else ""), ""
            look.w = max(em("…"), em(look.count) * SMALL)
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
            look.lines += ((pair(data["alpha"], data["beta"]), SMALL, "note"),)
        if values and data["tally"]:   # an MCTS node's statistics are its values
            look.lines += ((numeric(data["tally"]), 1.0, "tally"),)
        if full and data["note"]:
            look.lines += ((numeric(data["note"]), SMALL, "note"),)
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
        far = h / 2 - TRIANGLE_TEXT_AT - CAP * INSIDE_SIZE
        return em(text) * INSIDE_SIZE <= w * (h / 2 + far) / h - 2 * INSIDE_MARGIN
    if shape == "chance":
        return em(text) <= CIRCLE - 0.6
    return False


def edge_text(data, full: bool, actions: bool) -> str:
    """What an edge is labelled with: its action (if asked), its probability, or both."""
    parts = []
    if full and actions and data.get("action") is not None:
        parts.append(str(data["action"]))
    if data.get("probability") is not None:
        parts.append(probability_text(data["probability"]))
    return ": ".join(parts)


def edge_kind(graph, parent, child) -> str:
    data = graph.edges[parent, child]
    if graph.nodes[child]["more"]:
        return "more"
    if data["pv"] and data["status"] in ("visited", "plain"):
        return "pv"
    return data["status"]
