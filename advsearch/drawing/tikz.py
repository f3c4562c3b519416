"""TikZ export: the same scene and layout as the matplotlib drawing, as LaTeX for exams.

The picture is built from :func:`~advsearch.drawing.scene.scene` and
:func:`~advsearch.drawing.layout.tidy_layout` only, so it shows what the
matplotlib drawing shows, with every node in the same place.  It needs
nothing but the ``tikz`` package: the triangles are plain paths, not shapes
from a TikZ library.

How a picture is put together
-----------------------------
The picture's options set the units (``x`` is one leaf slot, ``y`` one ply)
and define named styles, so that the body is short enough to edit by hand.
Edges are drawn first, from centre to centre; the shapes, filled white, are
drawn over them, so every edge ends exactly at a shape's border.  Each scene
node is one named TikZ node ``(n0)``, ``(n1)``, ... in preorder.  Its name
(A, B, ...), a value too long for its shape and its [α, β] hang off it as
TikZ ``label`` options.

Where such text goes is worked out here, not left to TikZ: each label takes
the first of its usual places (a name to the left, a long value to the
right, [α, β] above) that is clear of the edges, shapes and text already
placed, or else the place where it clashes least.
"""

from __future__ import annotations

import math
import numbers
import re
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from ..game import player_name
from .layout import tidy_layout
from .looks import interval_text, scene_value, shape_of
from .scene import preorder
from .scene import scene as make_scene
from .scene import PLAYER_COLOURS as SCENE_COLOURS
from .scene import value_text


#: The widest a picture is made, in cm, while its text can stay readable.
MAX_WIDTH = 16.0
#: Distance between leaf slots at full size, in cm (more for long leaf values).
BASE_UNIT = 1.0
#: Vertical distance between plies, in cm.
PLY_HEIGHT = 1.5
#: Side of a MAX or MIN triangle at full size, in cm.
TRIANGLE_SIDE = 0.9
#: Least side of a leaf square, least diameter of a chance circle, in cm.
LEAF_SIZE = 0.6
CHANCE_SIZE = 0.7
#: Room a value may take inside a triangle, in cm, before it goes beside it.
INSIDE_WIDTH = 0.5
#: Half the length of the stroke across a pruned edge, in cm.
CUT_HALF = 0.14
#: Where a cut mark goes along the visible part of an edge (0 at the parent, 1 at the child).
CUT_AT = 0.65
#: Places tried for an edge label along the visible part of its edge, best first.
EDGE_LABEL_AT = (0.35, 0.5, 0.65, 0.2, 0.8)
#: Height of a line of text in \small, and the gaps TikZ leaves round labels, in cm.
TEXT_HEIGHT, LABEL_GAP, SMALL_GAP = 0.3, 0.1, 0.05
#: Room kept clear round placed text, so that two labels never read as one, in cm.
TEXT_MARGIN = 0.06

#: Where text beside a node may go, best first.
NAME_PLACES = ("left", "right", "above left", "above right", "below left", "below right")
#: A leaf's name goes under it, where nothing else is drawn, so that a row of leaves stays readable.
LEAF_NAME_PLACES = ("below", "below left", "below right", "left", "right")
VALUE_PLACES = ("right", "left", "above right", "above left", "below right", "below left")
#: An MCTS leaf's wins/visits goes under it, like a leaf's name.
TALLY_PLACES = ("below", "below right", "below left", "right", "left")
NOTE_PLACES = ("above right", "above left", "above", "right", "left", "below right", "below left", "below")
_ANGLES = {"right": 0, "above right": 45, "above": 90, "above left": 135,
           "left": 180, "below left": 225, "below": 270, "below right": 315}

#: Colours of players 0..n-1 in games of three or more players, as HTML hex: the
#: colour-blind-safe palette of Okabe and Ito (2008), as in the matplotlib drawing.
PLAYER_COLOURS = tuple(c.lstrip("#") for c in SCENE_COLOURS)
#: Font sizes, largest first, for a tree that shrinks to fit: each with its size and the
#: width of its digits relative to \small (Computer Modern's small sizes are set wider).
FONTS = ((r"\small", 1.0, 1.0), (r"\footnotesize", 8 / 9, 0.92), (r"\scriptsize", 7 / 9, 0.86),
         (r"\tiny", 5 / 9, 0.74))
FADED = "black!30"
#: The text of faded nodes and edges: grey, but at least 4.5:1 on white (WCAG AA), unlike FADED.
FADED_TEXT = "black!54"


# ------------------------------------------------------------------ TeX text

_TEXT_ESCAPES = {
    "\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&",
    "#": r"\#", "%": r"\%", "_": r"\_", "^": r"\^{}", "~": r"\~{}",
    "<": r"\textless{}", ">": r"\textgreater{}", "|": r"\textbar{}",
    "≤": r"$\le$", "≥": r"$\ge$", "∞": r"$\infty$", "−": "-", "…": r"\dots{}", "·": r"$\cdot$",
}
_MATH_SYMBOLS = {"≤": r"\le", "≥": r"\ge", "∞": r"\infty", "−": "-", "…": r"\dots", "·": r"\cdot"}
# Scene text made only of these is a number, a bound, an interval or a tuple: set in math.
# (A max-n node that stopped early shows "(·, ≥ 7, ·)": only its player's entry is known.)
_MATHY = re.compile(r"[0-9 .,+\-−/()\[\]eE≤≥∞…·]+\Z")


def _escape(text) -> str:
    """Any text as safe LaTeX in text mode, TeX's special characters escaped."""
    return "".join(_TEXT_ESCAPES.get(ch, ch) for ch in str(text))


def _tex(text: str) -> str:
    """Scene text as the lecture writes it: ``"≤ 2"`` -> ``$\\le 2$``, ``"−∞"`` -> ``$-\\infty$``."""
    if not text:
        return ""
    if _MATHY.match(text):
        return "$" + "".join(_MATH_SYMBOLS.get(ch, ch) for ch in text) + "$"
    return _escape(text)


#: Rough widths in cm of characters in \small (Computer Modern, 9 pt); others count as a digit.
_CHAR_WIDTHS = {**dict.fromkeys("≤≥−+-", 0.25), "∞": 0.32, **dict.fromkeys(" ,.:;'", 0.09),
                **dict.fromkeys("()[]", 0.125), "/": 0.16}


def _width(text: str) -> float:
    """A rough width in cm of text set in \\small: enough to tell what fits where."""
    return sum(_CHAR_WIDTHS.get(ch, 0.165) for ch in text)


def _probability(p) -> tuple[str, float]:
    """A chance edge's probability, a Fraction as ``$\\frac{1}{3}$``, and its width."""
    if isinstance(p, Fraction) and p.denominator != 1:
        tex = rf"$\frac{{{p.numerator}}}{{{p.denominator}}}$"
        return tex, 0.6 * _width(str(max(p.numerator, p.denominator)))
    text = value_text(p)
    return _tex(text), _width(text)


def _cm(x: float) -> str:
    """A number for the output: at most three decimals, no trailing zeros, never ``-0``."""
    text = f"{x:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _label(options: str, place: str, tex: str) -> str:
    """A TikZ ``label`` option: ``label={[options]place:{tex}}``."""
    return f"label={{{options}{place}:{{{tex}}}}}"


def _mirror(place: str) -> str:
    """The place on the other side: "above left" for "above right"."""
    swap = {"left": "right", "right": "left"}
    return " ".join(swap.get(word, word) for word in place.split())


# ------------------------------------------------------------------ sizes


@dataclass(frozen=True)
class _Geometry:
    """The picture's horizontal unit, and how much shapes and text shrink to fit it."""

    unit: float       # cm per leaf slot
    shrink: float     # shapes' size relative to full size: the font's size relative to \small
    font: tuple       # (name, size, width) from FONTS, for values, names and edge labels
    small_font: tuple  # one size smaller, for [α, β], the players' key and crowded values

    @classmethod
    def fit(cls, slots: float, leaf_text: float, edge_text: float) -> "_Geometry":
        """The largest font at which the tree fits MAX_WIDTH (else the smallest), with shapes
        shrunk in proportion, and slots wide enough for the widest leaf value and, between
        two edges, for one and a half of the widest edge labels (widths at full size, in cm)."""
        for i, (_, size, width) in enumerate(FONTS):
            unit = max(BASE_UNIT * size, leaf_text * width + 0.4 * size, 1.5 * edge_text * width + 0.2 * size)
            if slots * unit <= MAX_WIDTH or i == len(FONTS) - 1:
                return cls(unit, size, FONTS[i], FONTS[min(i + 1, len(FONTS) - 1)])

    def text_size(self, text: str, small: bool = False) -> tuple[float, float]:
        """The width and height of a line of text in the font (or the small font), in cm."""
        _, size, width = self.small_font if small else self.font
        return _width(text) * width, TEXT_HEIGHT * size

    def fits_inside(self, text: str, small: bool = False) -> bool:
        """Whether a value fits inside a triangle (or a player's circle), in the font or the small font."""
        return self.text_size(text, small)[0] <= INSIDE_WIDTH * self.shrink

    def length(self, cm: float) -> str:
        """A length in cm, shrunk with the tree, for the output."""
        return _cm(cm * self.shrink) + "cm"


# ------------------------------------------------------------------ keeping text clear


def _crosses(segment, box) -> bool:
    """Whether a segment ``(x0, y0, x1, y1)`` meets a box ``(left, bottom, right, top)``."""
    x0, y0, x1, y1 = segment
    left, bottom, right, top = box
    t0, t1 = 0.0, 1.0
    for p, q in ((x0 - x1, x0 - left), (x1 - x0, right - x0), (y0 - y1, y0 - bottom), (y1 - y0, top - y0)):
        if p == 0:
            if q < 0:
                return False
        elif p < 0:
            t0 = max(t0, q / p)
        else:
            t1 = min(t1, q / p)
    return t0 <= t1


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class _Space:
    """What is drawn, as boxes and segments in cm, filed by grid cell so that a
    label is checked only against what is near it."""

    CELL = 1.0

    def __init__(self):
        self.items = []  # (kind, shape, weight, owner)
        self.cells = defaultdict(list)

    def _cells(self, box):
        left, bottom, right, top = (math.floor(v / self.CELL) for v in box)
        return [(i, j) for i in range(left, right + 1) for j in range(bottom, top + 1)]

    def add(self, kind: str, shape: tuple, weight: int = 1, owner=None):
        """Add a "box" or a "segment"; text placed for the same owner may touch it."""
        x0, y0, x1, y1 = shape
        for cell in self._cells((min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))):
            self.cells[cell].append(len(self.items))
        self.items.append((kind, shape, weight, owner))

    def cost(self, box, owner) -> int:
        """How badly a box clashes with what is there: 1 for each line, 2 for each text."""
        near = sorted({i for cell in self._cells(box) for i in self.cells.get(cell, ())})
        cost = 0
        for kind, shape, weight, item_owner in (self.items[i] for i in near):
            if item_owner != owner and (_crosses(shape, box) if kind == "segment" else _overlap(shape, box)):
                cost += weight
        return cost

    def costs(self, boxes: list, owner) -> list[int]:
        return [self.cost(box, owner) for box in boxes]

    def take(self, box):
        """Mark a text's box, with a margin round it, as taken."""
        left, bottom, right, top = box
        margin = TEXT_MARGIN
        self.add("box", (left - margin, bottom - margin, right + margin, top + margin), weight=2)

    def place(self, boxes: list, owner) -> int:
        """The index of the box that clashes least (the first among equals), now taken."""
        costs = self.costs(boxes, owner)
        index = costs.index(min(costs))
        self.take(boxes[index])
        return index


# ------------------------------------------------------------------ scene nodes


def _reach(kind: str) -> tuple[float, float]:
    """How far a shape reaches above and below its centre, in cm before shrinking."""
    height = TRIANGLE_SIDE * math.sqrt(3) / 2
    return {
        "max": (2 * height / 3, height / 3),
        "min": (height / 3, 2 * height / 3),
        "leaf": (LEAF_SIZE / 2, LEAF_SIZE / 2),
        "chance": (CHANCE_SIZE / 2, CHANCE_SIZE / 2),
        "player": (CHANCE_SIZE / 2, CHANCE_SIZE / 2),
        "more": (0.1, 0.1),
    }[kind]


def _player_colour(player: int) -> str:
    """The name the picture defines for a player's colour."""
    return f"player{player % len(PLAYER_COLOURS)}"


def _faded(data) -> bool:
    return data["status"] in ("pruned", "unvisited", "future")


def _styles(small_font: str) -> list[tuple[str, str]]:
    """The styles every picture defines, so that its body only names them."""
    return [
        ("tri node", "draw, fill=white, line join=round"),
        ("value node", "circle, inner sep=0pt, text depth=0pt"),
        ("leaf node", "draw, fill=white, inner sep=2pt"),
        ("chance node", "draw, circle, fill=white, inner sep=1pt"),
        ("player node", "draw, circle, fill=white, inner sep=0pt"),
        ("ellipsis node", "inner sep=1pt"),
        ("current node", "fill=yellow!60"),
        ("faded", f"draw={FADED}, text={FADED_TEXT}"),
        ("pv edge", "line width=1.6pt"),
        ("pruned edge", "gray, dashed"),
        ("faded edge", FADED),
        ("ellipsis edge", "black!50, dotted"),
        ("cut mark", "black, thick"),
        ("edge label", "inner sep=1.5pt"),
        ("note", f"inner sep=1.5pt, blue!60!black, font={small_font}"),
    ]


# ------------------------------------------------------------------ the picture


def to_tikz(x, *, step=None, max_depth=None, max_children=None, unvisited=True, bounds=False,
            intervals=False, actions=False, standalone=False, scale=1.0) -> str:
    r"""A game tree or a search as a TikZ picture, in the lecture's notation.

    The picture is drawn from the same scene and tidy layout as the
    matplotlib drawing, so the two agree node for node; nothing is searched
    again.  MAX nodes are ▲, MIN nodes ▼, chance nodes ○ with their
    probabilities on the edges, and leaves are squares holding their values.
    Node names (A, B, ...) stand beside their nodes; values sit inside the
    shapes, or beside them when too long.  Pruned edges are dashed and grey
    with a cut mark, nodes never visited are faded, the principal variation
    is thick, and in games of three or more players the nodes are coloured
    by player, with a key above the root.

    Parameters
    ----------
    x : Tree, SearchResult or Trace
        A SearchResult must carry its trace (search with ``trace=True``).
    step : int, optional
        Show the search as it stood after event ``step`` of the trace, with
        the node of that event highlighted.  None shows the finished search.
    max_depth, max_children : int, optional
        Show only this many plies, and this many children per node; hidden
        children become one "…" node.  The principal variation is kept.
    unvisited : bool
        Include, faded, the subtrees below pruned children.
    bounds : bool
        Write each searched inner node's last [α, β] beside it, in blue.
    intervals : bool
        Write inner values as the [min, max] frames of the lecture's
        alpha-beta figures: [−∞, 2] rather than ≤ 2, and [3, 3] for 3.
    actions : bool
        Write the actions on the edges.  Chance edges show their
        probabilities either way.
    standalone : bool
        Return a complete ``standalone`` LaTeX document rather than just the
        ``tikzpicture`` environment.
    scale : float
        Zoom the finished picture, text and shapes included.

    Returns
    -------
    str
        LaTeX source that needs only ``\usepackage{tikz}``; the same input
        always gives the same string.  Leaf slots are 1 cm apart (more for
        long leaf values or actions) and plies 1.5 cm.  A tree wider than
        16 cm gets a smaller font, shapes shrunk with it and narrower slots,
        down to ``\tiny`` and about 0.56 cm a slot; beyond that the picture
        grows, and ``max_depth``, ``max_children`` or ``scale`` make it
        smaller.

    Raises
    ------
    TypeError
        For anything but a Tree, a SearchResult or a Trace.
    ValueError
        For a SearchResult without a trace, a step outside the trace, bad
        limits, or a scale that is not a positive number.

    Examples
    --------
    >>> from advsearch import alphabeta, examples
    >>> tex = to_tikz(alphabeta(examples.two_ply(), trace=True), bounds=True)
    >>> tex.startswith(r"\begin{tikzpicture}"), tex.rstrip().endswith(r"\end{tikzpicture}")
    (True, True)
    >>> tex.count(r"\draw[pruned edge]"), tex.count(r"\draw[pv edge]"), r"$\le 2$" in tex
    (2, 2, True)
    >>> to_tikz(examples.two_ply(), standalone=True).splitlines()[0]
    '\\documentclass[tikz,border=4pt]{standalone}'
    """
    if isinstance(scale, bool) or not isinstance(scale, numbers.Real) or not 0 < scale < math.inf:
        raise ValueError(f"scale must be a positive number, not {scale!r}")
    graph = make_scene(x, step=step, max_depth=max_depth, max_children=max_children, unvisited=unvisited)
    picture = _Picture(graph, tidy_layout(graph), bounds=bounds, intervals=intervals, actions=actions)
    tex = picture.tex(float(scale))
    if standalone:
        return "\n".join([r"\documentclass[tikz,border=4pt]{standalone}", r"\begin{document}",
                          tex, r"\end{document}", ""])
    return tex + "\n"


class _Picture:
    """One scene laid out: where everything goes, then the TikZ for it, line by line."""

    def __init__(self, graph, pos, *, bounds, intervals, actions):
        self.graph, self.pos = graph, pos
        self.bounds, self.intervals, self.actions = bounds, intervals, actions
        self.order = preorder(graph)
        self.kinds = {node: shape_of(graph, graph.nodes[node]) for node in self.order}
        self.edges = [(parent, child) for parent in self.order for child in graph.nodes[parent]["children"]]
        self.values = {node: scene_value(graph.nodes[node], intervals) for node in self.order}
        self.edge_texts = {edge: self._edge_text(*edge) for edge in self.edges}
        leaf_widths = [_width(self.values[n]) for n in self.order if not graph.nodes[n]["children"]]
        edge_widths = [width for _, width in self.edge_texts.values()]
        slots = max(x for x, _ in pos.values())
        self.geo = _Geometry.fit(slots, max(leaf_widths), max(edge_widths, default=0.0))
        self.space = self._space()
        self.small_values = set()  # nodes with a value inside their triangle in the small font
        self.node_labels = {node: self._node_labels(node) for node in self.order}
        self.edge_labels = {edge: self._edge_label(edge) for edge in self.edges if self.edge_texts[edge][0]}

    def tex(self, scale: float) -> str:
        body = [*self._colour_lines(), *self._edge_lines(), *self._cut_lines(), *self._node_lines(),
                *self._key_lines()]
        return "\n".join([*self._begin(scale), *("  " + line for line in body), r"\end{tikzpicture}"])

    # --- what is shown

    def _edge_text(self, parent, child) -> tuple[str, float]:
        """An edge's label, its action when asked for and its probability under chance, and its width."""
        data = self.graph.edges[parent, child]
        parts = []
        if self.actions and data.get("action") is not None:
            parts.append((_escape(data["action"]), _width(str(data["action"]))))
        if data.get("probability") is not None:
            parts.append(_probability(data["probability"]))
        return ": ".join(tex for tex, _ in parts), sum(width for _, width in parts) + 0.15 * (len(parts) - 1)

    def _colour(self, node) -> str | None:
        """A node's colour: faded, its player's in games of three or more, or None for black."""
        data = self.graph.nodes[node]
        if _faded(data):
            return FADED
        return _player_colour(data["player"]) if self.kinds[node] == "player" else None

    # --- geometry, in cm

    def _centre(self, node) -> tuple[float, float]:
        x, y = self.pos[node]
        return x * self.geo.unit, y * PLY_HEIGHT

    def _along(self, parent, child, fraction: float) -> float:
        """The position, from 0 at the parent's centre to 1 at the child's, of the point
        a ``fraction`` of the way along the part of the edge outside both shapes."""
        below = _reach(self.kinds[parent])[1] * self.geo.shrink / PLY_HEIGHT
        above = _reach(self.kinds[child])[0] * self.geo.shrink / PLY_HEIGHT
        return below + fraction * (1 - above - below)

    def _point(self, parent, child, t: float) -> tuple[float, float]:
        """The point a fraction ``t`` of the way from the parent's centre to the child's, in cm."""
        (x0, y0), (x1, y1) = self._centre(parent), self._centre(child)
        return x0 + t * (x1 - x0), y0 + t * (y1 - y0)

    def _border(self, node) -> tuple[str, float, float]:
        """The named node's outline: ("circle", r, r) or ("rectangle", half width, half height)."""
        kind, shrink = self.kinds[node], self.geo.shrink
        if kind in ("max", "min"):
            return "circle", TRIANGLE_SIDE / 2 * shrink, TRIANGLE_SIDE / 2 * shrink
        if kind == "player":
            return "circle", CHANCE_SIZE / 2 * shrink, CHANCE_SIZE / 2 * shrink
        text, height = self.geo.text_size(self.values[node])
        if kind == "chance":
            r = max(CHANCE_SIZE * shrink, text + 0.07) / 2
            return "circle", r, r
        if kind == "leaf":
            return "rectangle", max(LEAF_SIZE * shrink, text + 0.14) / 2, LEAF_SIZE * shrink / 2
        return "rectangle", text / 2 + 0.04, height / 2

    def _shape_box(self, node) -> tuple:
        """The box round a node's shape."""
        x, y = self._centre(node)
        if self.kinds[node] in ("max", "min"):
            above, below = (v * self.geo.shrink for v in _reach(self.kinds[node]))
            half = TRIANGLE_SIDE / 2 * self.geo.shrink
            return x - half, y - below, x + half, y + above
        _, half_w, half_h = self._border(node)
        return x - half_w, y - half_h, x + half_w, y + half_h

    def _cut_mark(self, parent, child) -> tuple:
        """The stroke across a pruned edge, as a segment."""
        (x0, y0), (x1, y1) = self._centre(parent), self._centre(child)
        half = CUT_HALF * max(self.geo.shrink, 0.6) / math.hypot(x1 - x0, y1 - y0)
        ox, oy = (y0 - y1) * half, (x1 - x0) * half
        mx, my = self._point(parent, child, self._along(parent, child, CUT_AT))
        return mx + ox, my + oy, mx - ox, my - oy

    def _box_beside(self, x, y, nx, ny, width, height, gap) -> tuple:
        """The box of text of this size put beside the point (x, y) in the direction (nx, ny),
        as TikZ anchors it: on the side, corner or edge facing the point."""
        sx = (nx > 0.383) - (nx < -0.383)
        sy = (ny > 0.383) - (ny < -0.383)
        cx, cy = x + sx * (width / 2 + gap), y + sy * (height / 2 + gap)
        return cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2

    def _label_box(self, node, place: str, width: float, height: float, gap: float) -> tuple:
        """Where TikZ puts a node's label of this size at ``place``, anchored on the node's outline."""
        angle = math.radians(_ANGLES[place])
        c, s = math.cos(angle), math.sin(angle)
        shape, half_w, half_h = self._border(node)
        # The border point in that direction: on a circle at the radius, on a rectangle where the ray leaves it.
        reach = half_w if shape == "circle" else 1 / max(abs(c) / half_w, abs(s) / half_h)
        x, y = self._centre(node)
        return self._box_beside(x + c * reach, y + s * reach, c, s, width, height, gap)

    # --- where text goes

    def _space(self) -> _Space:
        """Everything drawn but the text: edges, cut marks, shapes and the players' key."""
        space = _Space()
        for parent, child in self.edges:
            space.add("segment", (*self._centre(parent), *self._centre(child)), owner=("edge", parent, child))
            if self.graph.nodes[child]["status"] == "pruned":
                space.add("segment", self._cut_mark(parent, child))
        for node in self.order:
            space.add("box", self._shape_box(node), owner=("node", node))
        if (key := self._key()) is not None:
            space.add("box", key[1], weight=2)
        return space

    def _label_boxes(self, node, text: str, places, small: bool = False) -> list:
        width, height = self.geo.text_size(text, small)
        gap = SMALL_GAP if small else LABEL_GAP
        return [self._label_box(node, place, width, height, gap) for place in places]

    def _place(self, node, text: str, places, small: bool = False) -> str:
        """The first of ``places`` beside ``node`` where ``text`` clashes least; it is taken."""
        return places[self.space.place(self._label_boxes(node, text, places, small), ("node", node))]

    def _place_value(self, node, value: str) -> str | None:
        """Where a value too long for its triangle goes: right or left of it if there is
        room, else inside in the small font if it fits there (None), else where it clashes least."""
        boxes = self._label_boxes(node, value, VALUE_PLACES)
        costs = self.space.costs(boxes, ("node", node))
        if 0 in costs[:2]:
            index = costs.index(0)
        elif self.geo.fits_inside(value, small=True):
            self.small_values.add(node)
            return None
        else:
            index = costs.index(min(costs))
        self.space.take(boxes[index])
        return VALUE_PLACES[index]

    def _node_labels(self, node) -> list[str]:
        """TikZ ``label`` options for the name, a value too long for the shape, an MCTS node's
        wins/visits and UCB, and [α, β]."""
        data = self.graph.nodes[node]
        colour = self._colour(node)
        tint = f"[text={FADED_TEXT}]" if colour == FADED else ""    # a player's colour is too light for text
        labels = []
        if data["label"] is not None:
            name = str(data["label"])
            places = LEAF_NAME_PLACES if self.kinds[node] == "leaf" else NAME_PLACES
            labels.append(_label(tint, self._place(node, name, places), _escape(name)))
        value = self.values[node]
        if value and not self._inside(node) and (place := self._place_value(node, value)) is not None:
            labels.append(_label(tint, place, _tex(value)))
        if data["tally"]:
            places = TALLY_PLACES if self.kinds[node] == "leaf" else VALUE_PLACES
            labels.append(_label(tint, self._place(node, data["tally"], places), _tex(data["tally"])))
        notes = [data["note"]] if data["note"] else []
        if self.bounds and data["children"] and data["alpha"] is not None and data["beta"] is not None:
            notes.append(interval_text(data["alpha"], data["beta"]))
        for note in notes:
            # Above, on the side away from the edge that comes down from the parent, if there is room.
            parent_x = self.pos[node[:-1]][0] if node else self.pos[node][0]
            places = NOTE_PLACES if parent_x <= self.pos[node][0] else tuple(map(_mirror, NOTE_PLACES))
            labels.append(_label("[note]", self._place(node, note, places, small=True), _tex(note)))
        return labels

    def _edge_label(self, edge) -> tuple[float, bool]:
        """Where an edge's label goes: its position along the edge, and whether it needs TikZ's
        ``swap`` (to the right of the edge's direction, not the left).  The side away from the
        siblings is tried first."""
        parent, child = edge
        text, width = self.edge_texts[edge]
        (x0, y0), (x1, y1) = self._centre(parent), self._centre(child)
        length = math.hypot(x1 - x0, y1 - y0)
        outside = x1 < x0  # "swap" puts the label to the upper left of an edge going down
        options = [(self._along(parent, child, at), swap)
                   for swap in (outside, not outside) for at in EDGE_LABEL_AT]
        size = width * self.geo.font[2], TEXT_HEIGHT * self.geo.font[1]
        boxes = []
        for t, swap in options:
            # TikZ's "auto" puts the label to the left of the edge's direction; "swap" to its right.
            sign = -1 if swap else 1
            nx, ny = sign * (y0 - y1) / length, sign * (x1 - x0) / length
            boxes.append(self._box_beside(*self._point(parent, child, t), nx, ny, *size, SMALL_GAP))
        return options[self.space.place(boxes, ("edge", parent, child))]

    def _inside(self, node) -> bool:
        """Whether a node's value is written inside its shape."""
        return (self.kinds[node] not in ("max", "min", "player") or node in self.small_values
                or self.geo.fits_inside(self.values[node]))

    # --- the TikZ

    def _begin(self, scale: float) -> list[str]:
        """``\\begin{tikzpicture}`` with the units, the font and the styles, then a comment."""
        geo = self.geo
        options = [f"x={_cm(geo.unit)}cm", f"y={_cm(PLY_HEIGHT)}cm", f"font={geo.font[0]}"]
        if scale != 1:
            options += [f"scale={_cm(scale)}", "transform shape"]
        step = self.graph.graph.get("step")
        what = self.graph.graph.get("algorithm") or "game tree"
        styles = [f"    {name}/.style={{{style}}}" for name, style in _styles(geo.small_font[0])]
        return [r"\begin{tikzpicture}[" + ", ".join(options) + ",",
                *(line + "," for line in styles[:-1]), styles[-1] + "]",
                f"  % drawn by advsearch: {what}" + ("" if step is None else f" after step {step}")]

    def _colour_lines(self):
        """The players' colours, defined inside the picture so that they cannot clash with a document's."""
        n = self.graph.graph.get("num_players", 2)
        if n > 2:
            for i in range(min(n, len(PLAYER_COLOURS))):
                yield rf"\definecolor{{{_player_colour(i)}}}{{HTML}}{{{PLAYER_COLOURS[i]}}}"

    def _at(self, node) -> str:
        x, y = self.pos[node]
        return f"({_cm(x)},{_cm(y)})"

    def _edge_style(self, child) -> str:
        data = self.graph.nodes[child]
        if data["more"]:
            return "ellipsis edge"
        if data["status"] == "pruned":
            return "pruned edge"
        if data["status"] in ("unvisited", "future"):
            return "faded edge"
        return "pv edge" if data["pv"] else ""

    def _edge_lines(self):
        for parent, child in self.edges:
            style = self._edge_style(child)
            label = ""
            if (parent, child) in self.edge_labels:
                t, swap = self.edge_labels[parent, child]
                options = ["edge label", "auto", *(["swap"] if swap else []), f"pos={_cm(t)}"]
                if style in ("faded edge", "ellipsis edge", "pruned edge"):
                    options.append(f"text={FADED_TEXT}")
                label = f" node[{', '.join(options)}] {{{self.edge_texts[parent, child][0]}}}"
            head = f"\\draw[{style}]" if style else r"\draw"
            yield f"{head} {self._at(parent)} --{label} {self._at(child)};"

    def _cut_lines(self):
        """A short stroke across each pruned edge."""
        for parent, child in self.edges:
            if self.graph.nodes[child]["status"] == "pruned":
                x0, y0, x1, y1 = self._cut_mark(parent, child)
                yield (f"\\draw[cut mark] ({_cm(x0)}cm,{_cm(y0)}cm) -- ({_cm(x1)}cm,{_cm(y1)}cm);")

    def _shape_style(self, node) -> list[str]:
        """The options that fade, colour or highlight a node's shape."""
        colour = self._colour(node)
        options = []
        if colour == FADED:
            options.append("faded")
        elif colour is not None:
            options.append(f"draw={colour}, fill={colour}!12")
        if self.graph.nodes[node]["current"]:
            options.append("current node")
        return options

    def _triangle(self, node) -> str:
        """A ▲ or ▼ as a closed path round its centroid, the node's point."""
        side, geo = TRIANGLE_SIDE, self.geo
        height = side * math.sqrt(3) / 2
        sign = 1 if self.kinds[node] == "max" else -1
        style = ", ".join(["tri node", *self._shape_style(node)])
        return (f"\\draw[{style}] {self._at(node)} ++(0,{geo.length(sign * 2 * height / 3)}) "
                f"-- ++({geo.length(-side / 2)},{geo.length(-sign * height)}) "
                f"-- ++({geo.length(side)},0) -- cycle;")

    def _node_options(self, node) -> list[str]:
        kind, geo = self.kinds[node], self.geo
        if kind in ("max", "min"):
            # An invisible circle round the triangle holds its text; labels go outside it.
            colour = self._colour(node)
            # Its text sits a little towards the triangle's wide side.
            shift = geo.length(-0.04 if kind == "max" else 0.04)
            options = ["value node", f"minimum size={geo.length(TRIANGLE_SIDE)}", f"yshift={shift}"]
            return options + ([f"text={FADED_TEXT}"] if colour == FADED else [])
        if kind == "leaf":
            return ["leaf node", f"minimum size={geo.length(LEAF_SIZE)}", *self._shape_style(node)]
        if kind in ("chance", "player"):
            return [f"{kind} node", f"minimum size={geo.length(CHANCE_SIZE)}", *self._shape_style(node)]
        return ["ellipsis node", *self._shape_style(node)]

    def _node_lines(self):
        for i, node in enumerate(self.order):
            if self.kinds[node] in ("max", "min"):
                yield self._triangle(node)
            options = ", ".join(self._node_options(node) + self.node_labels[node])
            text = _tex(self.values[node]) if self._inside(node) else ""
            if not text and self.kinds[node] == "player":   # the player's number: colour is not the only cue
                text = f"{{{self.geo.small_font[0]} {self.graph.nodes[node]['player']}}}"
            elif node in self.small_values:
                text = f"{{{self.geo.small_font[0]} {text}}}"
            yield f"\\node[{options}] (n{i}) at {self._at(node)} {{{text}}};"

    def _key(self):
        """The key to the players' colours above the root, and its box; None for two players."""
        n = self.graph.graph.get("num_players", 2)
        if n <= 2:
            return None
        names = [player_name(p, n) for p in range(n)]
        # Each name in black beside a dot of its colour: a player's colour is too light for text.
        tex = r"\ ".join(rf"\textcolor{{{_player_colour(p)}}}{{$\bullet$}}{name}" for p, name in enumerate(names))
        x, y = self._centre(())
        bottom = y + 0.75 * self.geo.shrink
        width, height = self.geo.text_size(" ".join(names), small=True)
        return tex, (x - width / 2, bottom, x + width / 2, bottom + height)

    def _key_lines(self):
        if (key := self._key()) is not None:
            yield (f"\\node[anchor=south, font={self.geo.small_font[0]}, yshift={self.geo.length(0.75)}] "
                   f"at {self._at(())} {{{key[0]}}};")
