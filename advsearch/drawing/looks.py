"""What the painters share: a picture's lengths in em, each node's look, the key, text as typeset.

The matplotlib painter (:mod:`.mpl`) and the SVG painter (:mod:`.svg`) draw
the same picture, so everything that decides where a shape or a text goes,
in em of the picture's font, is here, once, and imports no matplotlib: the
lengths and figure sizes, the :class:`Look` of every node (its shape's size,
where its label and its column of values go, how far it reaches left, right,
up and down), the key's entries and width, and values as typeset.  The TikZ
export (:mod:`.tikz`) uses the shapes and values too.

The one thing a painter brings is how wide a text is: a *measure*, a function
``em(text, bold=False)`` that gives the width of ``text`` in em.  The
matplotlib painter measures with matplotlib's fonts (:func:`.mpl.text.em`),
the SVG painter with a table of DejaVu Sans widths (:func:`.svg_geometry.em`);
the geometry built on it is the same code for both.

>>> from advsearch import examples
>>> from advsearch.drawing.scene import scene
>>> graph = scene(examples.two_ply())
>>> looks = node_looks(graph, "full", bounds=False, intervals=False, boards=False, em=lambda text, bold=False: 0.6 * len(text))
>>> root = looks[()]
>>> root.shape, root.label, (root.w, root.h), root.up
('max', 'A', (2.8, 2.4), 1.2)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable

from ..game import CHANCE, MIN, player_name
from ..games.boards import luminance, mark_ink  # noqa: F401  (mark_ink is the painters')
from .scene import PLAYER_COLOURS, value_text

#: A measure of text: ``em(text, bold=False)``, the width of ``text`` in em of the picture's font.
Measure = Callable[..., float]

# ------------------------------------------------------------------ figures and fonts

#: Readable from the back row: the least size (pt) of any text a figure shows by default, and the
#: resolution (dots per inch) of the figures the package makes.  At 100 dpi, 11 pt is 15 px: on a
#: 1280 x 720 slide a capital letter is then 1/65 of the picture's height, legible at up to about six
#: picture heights (10 minutes of arc); the main text (names, values) is 14 pt, 19 px.
MIN_FONT = 11.0
FIGURE_DPI = 100
#: A lecture slide, in inches at FIGURE_DPI: figures no wider than this are never scaled down on it.
SLIDE = (12.8, 7.2)
#: The largest figure ``draw`` makes, in inches (a slide's width, and room for a heading above it),
#: and the largest font it uses, in points.
MAX_FIGSIZE = (12.8, 5.5)
MAX_FONT = 14.0
#: The least room a leaf slot and a ply get in a figure ``draw`` makes, in inches.
MIN_SLOT, MIN_PLY = 0.6, 1.25
#: The widest a leaf slot is spread to fill the axes, in plies.
MAX_SLOT_PER_PLY = 1.5

# ------------------------------------------------------------------ lengths in em (multiples of the font size)

TRIANGLE = (2.8, 2.4)   # ▲ and ▼: width, height
CIRCLE = 2.1            # chance ○ and the n-player circles
LEAF = 1.7              # side of a leaf square (wider when its value is)
BOARD = 4.6             # side of a board drawn at a node
BADGE = 1.4             # the player's shape, left of a board
INSIDE_SIZE = 0.9       # values inside a ▲ or ▼, relative to the font (>= MIN_FONT / MAX_FONT)
CAP = 0.73              # the height of a digit
GAP = 0.45              # between a shape and its text
PAD = 0.8               # between neighbouring bands
OUTER = 1.0             # between the picture and the edges of the axes
LINE = 1.2              # the height of a line of text
SMALL = 0.9             # notes, edge labels, counts and keys, relative to the font
EDGE_ROOM = 1.6         # the least visible length of an edge between two bands
CUT = 1.1               # length of the cut mark across a pruned edge
CUT_AT, LABEL_AT = 0.42, 0.72  # where cut marks and edge labels go along an edge, from the parent
DOTS = 0.7              # the height of the "…" of a placeholder
RING = 0.45             # clearance between a current node's shape and its ring
RING_WIDTH = 0.2        # the most room the ring's line takes
LEGEND = 2.0            # the height of a key above the root

#: The least main font at which every text, small ones included, is at least MIN_FONT.
READABLE = MIN_FONT / min(SMALL, INSIDE_SIZE)

# Inside a triangle, the text's near edge is this far (em) from the wide side, and clears
# the slanted sides by at least INSIDE_MARGIN.
TRIANGLE_TEXT_AT, INSIDE_MARGIN = 0.32, 0.12

#: The style options of ``draw`` and ``to_svg``, and their defaults.
DEFAULT_STYLE = {
    "fontsize": None,          # the largest font size; None: MAX_FONT
    "pv_color": "#0072B2",     # the principal variation
    "current_color": "#D55E00",  # the ring round the node of the step shown
    "note_color": "#3b5b8c",   # [α, β]
    "palette": PLAYER_COLOURS,  # players' colours in n-player trees
    "linewidth": None,         # edge width in points; None: from the font size
}

# ------------------------------------------------------------------ colours of text

# Every text a picture writes has at least WCAG 2.1 AA's contrast (4.5:1, large text 3:1) with what it
# stands on; tests/test_contrast.py checks each pair :func:`text_colours` lists, which is what the
# painters read.  A faded node keeps a light outline and light edges; its text is grey, but readable.

#: The ground of every picture (and of an edge label's box, and of a node's face).
PAPER = "#FFFFFF"
#: The face of the node of the step shown (a ring round it in ``current_color`` says the same).
CURRENT_FACE = "#FFE9A8"
#: A node's text (name, value, wins/visits, notes) by the node's status.
TEXT_INK = {"plain": "#000000", "visited": "#000000", "pruned": "#666666", "unvisited": "#737373",
            "future": "#737373"}
#: The "…" of a placeholder and the "+6" under it.
DOTS_INK, COUNT_INK = "#595959", "#737373"
#: An edge's label (its probability or action) on its white box: plain, or faded (an edge not
#: taken yet, or to a placeholder).
EDGE_LABEL_INK = {"plain": "#262626", "faded": "#737373"}


def text_ink(status) -> str:
    """The colour of a node's text, by its status."""
    return TEXT_INK.get(status, TEXT_INK["plain"])


# luminance and mark_ink (black or white on a player's colour) are the boards', so that a player's
# mark reads the same on a board and in a tree.


def mix(colour: str, white: float) -> str:
    """``#rrggbb`` mixed with ``white`` parts of white (0: unchanged, 1: white).

    >>> mix("#0072B2", 0.75)
    '#bfdcec'
    """
    rgb = [int(colour.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4)]
    return "#" + "".join(f"{round(v + (255 - v) * white):02x}" for v in rgb)


#: How much white a faded node's face (a player's colour) takes.
FADED_FACE = 0.75


def text_colours(st=None) -> list:
    """Every (what, text colour, ground) a tree picture writes, for the style ``st`` (default: DEFAULT_STYLE).

    >>> ("α, β notes", "#3b5b8c", "#FFFFFF") in text_colours()
    True
    """
    st = DEFAULT_STYLE if st is None else st
    out = [(f"{status} node's text", ink, PAPER) for status, ink in TEXT_INK.items()]
    # The step's node is one being searched: plain or visited, or pruned as the step prunes it.
    out += [(f"{status} value inside the step's node", TEXT_INK[status], CURRENT_FACE)
            for status in ("plain", "visited", "pruned")]
    out += [("α, β notes", st["note_color"], PAPER), ("key", "#000000", PAPER),
            ("placeholder's …", DOTS_INK, PAPER), ("placeholder's count", COUNT_INK, PAPER)]
    out += [(f"{kind} edge label", ink, PAPER) for kind, ink in EDGE_LABEL_INK.items()]
    # A player's mark in its node: on the player's colour, faded or not, or on the face of the step's node.
    for colour in st["palette"]:
        for face in (colour, mix(colour, FADED_FACE)):
            out.append((f"player's mark on {face}", mark_ink(face), face))
    out.append(("player's mark on the step's node", mark_ink(CURRENT_FACE), CURRENT_FACE))
    return out


# ------------------------------------------------------------------ text as typeset


def numeric(text) -> str:
    """A value as typeset: a true minus sign instead of a hyphen.

    >>> numeric("-3"), numeric("(1, -2)")
    ('−3', '(1, −2)')
    """
    return str(text).replace("-", "−")


def interval_text(lo, hi) -> str:
    """``[lo, hi]`` as scene text, infinities included (:func:`pair` typesets it).

    >>> interval_text(-2, float("inf"))
    '[-2, +∞]'
    """
    return f"[{value_text(lo)}, {value_text(hi)}]"


def pair(lo, hi) -> str:
    """``[lo, hi]`` as typeset, infinities included.

    >>> pair(float("-inf"), -2)
    '[−∞, −2]'
    """
    return numeric(interval_text(lo, hi))


def probability_text(p) -> str:
    """``1/2`` for a Fraction, a short decimal otherwise.

    >>> probability_text(Fraction(1, 3)), probability_text(0.25)
    ('1/3', '0.25')
    """
    if isinstance(p, Fraction):
        return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"
    return numeric(value_text(p))


# ------------------------------------------------------------------ what a node looks like


@dataclass
class Look:
    """How one node is drawn, in em from its centre, text measured with ``em``.

    Without a board the node is one line: label, shape (with its value inside
    when it fits), then a column of value and notes; a leaf's label and
    column stand under it instead, so that a row of named leaves needs no
    room between them.  With a board, the label stands left of the board,
    and under the board come the shape and the value side by side, then the
    notes.

    >>> look = Look("max", 2.8, 2.4, lines=(("7", 1.0, "value"),), label="A", em=lambda t, bold=False: len(t))
    >>> [round(reach, 2) for reach in (look.left, look.right, look.up, look.down)]
    [2.85, 2.85, 1.2, 1.2]
    """

    shape: str               # "max", "min", "chance", "player", "leaf" or "more"
    w: float                 # the shape's width and height
    h: float
    inside: str = ""         # text written inside the shape
    lines: tuple = ()        # (text, size, role) lines: value, MCTS w/n ("tally"), notes
    label: str = ""          # the node's name, left of the shape
    count: str = ""          # "+6" under a "…" placeholder
    mark: str = ""           # a player's number, written in its circle (three or more players)
    board: bool = False      # a board is drawn at the node
    em: Measure = field(default=None, repr=False, compare=False, kw_only=True)  # the width of a text

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
        return max([0.0] + [self.em(text) * size for text, size, _ in self.column])

    @property
    def row_w(self) -> float:
        """With a board: the width of the shape and value under it."""
        return self.w + (GAP + self.em(self.value) if self.value else 0)

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
        return max(self.w / 2, self.em(self.label, bold=True) / 2 if self.under else 0,
                   self.column_w / 2 if self.stacked else 0)

    @property
    def left(self) -> float:
        """How far left of the centre the node reaches, its label included."""
        if self.under or self.stacked:
            return self._centred()
        reach = self.label_at + self.em(self.label, bold=True) if self.label else 0.0
        if self.board:
            return max(reach, BOARD / 2, self.row_w / 2, self.column_w / 2)
        return max(reach, self.w / 2)

    @property
    def right(self) -> float:
        """How far right of the centre the node reaches, its column included."""
        if self.board:
            return max(BOARD / 2, self.row_w / 2, self.column_w / 2)
        if self.stacked:
            return self._centred()
        side = self.w / 2 + (self.column_gap + self.column_w if self.column else 0)
        return max(side, self.em(self.label, bold=True) / 2) if self.under else side

    @property
    def up(self) -> float:
        """How far above the centre the node reaches."""
        beside = self.column_top if not (self.board or self.stacked) else 0
        return max(self.top, beside, LINE / 2 if self.label else 0)

    @property
    def down(self) -> float:
        """How far below the centre the node reaches."""
        if self.stacked:
            return self.column_at + self.column_h
        if self.under:
            return max(self.label_at + LINE, self.column_h / 2)
        return max(self.bottom, self.column_h - self.column_top if not self.board else 0,
                   LINE / 2 if self.label else 0)


def shape_of(graph, data) -> str:
    """A node's shape: "more", "leaf", "chance", "player" (three or more players), "min" or "max".

    >>> from advsearch import examples
    >>> from advsearch.drawing.scene import scene
    >>> graph = scene(examples.two_ply())
    >>> [shape_of(graph, graph.nodes[node]) for node in [(), (0,), (0, 0)]]
    ['max', 'min', 'leaf']
    """
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


def scene_value(data, intervals: bool) -> str:
    """The value shown at a node, as scene text: the scene's text, or the [min, max] frame if asked."""
    if intervals and data["children"] and data["interval"] is not None and not isinstance(data["value"], tuple):
        return interval_text(*data["interval"])
    return data["text"]


def value_of(data, intervals: bool) -> str:
    """The value as written at the node, typeset (:func:`scene_value` with true minus signs)."""
    return numeric(scene_value(data, intervals))


def shape_size(shape: str, leaf_w: float) -> tuple:
    """A shape's width and height in em; a leaf is ``leaf_w`` wide, a placeholder is sized by its text.

    >>> shape_size("min", 2.0), shape_size("chance", 2.0), shape_size("leaf", 2.0)
    ((2.8, 2.4), (2.1, 2.1), (2.0, 1.7))
    """
    if shape in ("max", "min"):
        return TRIANGLE
    if shape in ("chance", "player"):
        return CIRCLE, CIRCLE
    if shape == "leaf":
        return leaf_w, LEAF
    return 0.0, 0.0  # a placeholder: sized by its text


def fits_inside(shape: str, text: str, em: Measure) -> bool:
    """Whether a value can be written inside the node's shape.

    >>> fits_inside("max", "12", lambda text, bold=False: 0.6 * len(text)), fits_inside("player", "1", len)
    (True, False)
    """
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


def node_looks(graph, tier: str, bounds: bool, intervals: bool, boards: bool, em: Measure) -> dict:
    """The :class:`Look` of every node of the scene, for a readability tier ("full", "values" or "bare")."""
    full = tier == "full"
    values = tier != "bare"
    leaf_texts = [value_of(d, intervals) for _, d in graph.nodes(data=True) if d["player"] is None and not d["more"]]
    leaf_w = max([LEAF] + [em(t) + 0.6 for t in leaf_texts if values])
    looks = {}
    for node, data in graph.nodes(data=True):
        shape = shape_of(graph, data)
        text = value_of(data, intervals) if values else ""
        look = Look(shape, *shape_size(shape, leaf_w), label=str(data["label"] or "") if full else "", em=em)
        if shape == "player":
            look.mark = str(data["player"])      # which player moves: not by colour only
        if shape == "more":
            look.inside, look.count, look.label = "…", (f"+{data['more']}" if full else ""), ""
            look.w = max(em("…"), em(look.count) * SMALL)
            look.h = DOTS + (LINE * SMALL if look.count else 0)
        elif boards:
            look.board = True
            look.w, look.h = BADGE, BADGE * (TRIANGLE[1] / TRIANGLE[0] if shape in ("max", "min") else 1)
            look.lines = ((text, 1.0, "value"),) if text else ()
        elif text and fits_inside(shape, text, em):
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


def edge_text(data, full: bool, actions: bool) -> str:
    """What an edge is labelled with: its action (if asked and ``full``), its probability, or both.

    >>> edge_text({"action": "L", "probability": Fraction(1, 2)}, True, True)
    'L: 1/2'
    """
    parts = []
    if full and actions and data.get("action") is not None:
        parts.append(str(data["action"]))
    if data.get("probability") is not None:
        parts.append(probability_text(data["probability"]))
    return ": ".join(parts)


def edge_kind(graph, parent, child) -> str:
    """How an edge is drawn: "more" (to a placeholder), "pv", or its status."""
    data = graph.edges[parent, child]
    if graph.nodes[child]["more"]:
        return "more"
    if data["pv"] and data["status"] in ("visited", "plain"):
        return "pv"
    return data["status"]


# ------------------------------------------------------------------ the key

#: Room, in em of the key's font, of an entry's swatch with the gap after it, and between two entries.
SWATCH, BETWEEN = 1.6, 1.2


@dataclass(frozen=True)
class Entry:
    """One entry of the key: a coloured swatch (players) or none, the text and its colour."""

    text: str
    ink: str = "black"
    swatch: object = None      # a colour: a circle of that colour before the text
    full: bool = True          # shown only when the picture shows every text (not just values)


def key_entries(graph, bounds: bool, players, st, ink: str = "black") -> list:
    """The entries the key of this scene needs (empty: no key), ``st`` the style (palette, note colour).

    A picture gets a key when its texts need one: the players' colours in a
    tree of three or more players, the two intervals of a node searched with
    ``bounds=True``, and an MCTS node's ``w/n`` and the score of selection.
    ``ink`` is the colour of the plain entries' text.

    >>> from advsearch import examples
    >>> from advsearch.drawing.scene import scene
    >>> [e.text for e in key_entries(scene(examples.three_player()), False, None, DEFAULT_STYLE)]
    ['P0 to move', 'P1 to move', 'P2 to move']
    """
    n = graph.graph.get("num_players", 2)
    out = []
    if n > 2:
        names = _names(graph, players, n)
        palette = st["palette"]
        # Player p's nodes show its number p in its colour; the key lists the players in that order.
        out += [Entry(f"{names[p]} to move", ink, palette[p % len(palette)], full=False) for p in range(n)]
    nodes = [d for _, d in graph.nodes(data=True) if not d["more"]]
    if bounds and any(d["children"] and d["alpha"] is not None for d in nodes):
        if any(d["children"] and d["text"][:1] in "≤≥[" for d in nodes):
            out.append(Entry("value, or the interval it lies in", ink))
        out.append(Entry("[α, β]: the window it was searched with", ink=st["note_color"]))
    if any(d["tally"] and "/" in d["tally"] for d in nodes):
        out.append(Entry("w/n: wins/visits of the player moving in", ink, full=False))
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


def key_width(entries, em: Measure) -> float:
    """The width of the key's row in em of the picture's font.

    >>> round(key_width([Entry("ab"), Entry("c")], lambda text, bold=False: len(text)), 2)
    6.66
    """
    if not entries:
        return 0.0
    return SMALL * (sum(em(e.text) + SWATCH for e in entries) + BETWEEN * (len(entries) - 1))
