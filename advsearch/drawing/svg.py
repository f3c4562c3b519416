"""SVG export: the matplotlib drawing's picture as accessible SVG text, without matplotlib.

:func:`to_svg` draws the same scene (:func:`~advsearch.drawing.scene.scene`)
placed by the same tidy layout (:func:`~advsearch.drawing.layout.tidy_layout`)
as :func:`~advsearch.draw`, with the same lengths in em and the same font
sizes at 100 dpi (:mod:`.looks`, shared with the matplotlib painter, with text measured
by :mod:`.svg_geometry`), so the two pictures agree node for node.

What makes the SVG readable by more than the eye:

- every text is an SVG ``<text>`` element, so it can be searched, selected
  and copied, and it stays sharp at any zoom;
- the ``<svg>`` is ``role="img"`` named by its ``<title>`` and described by
  its ``<desc>``: what was searched, the tree in its text form, what the
  step shown did, and every node in words, from the root down;
- each node is a ``<g>`` whose ``<title>`` and ``aria-label`` say its name,
  kind, value and status ("C, MIN node, value at most 2, on the principal
  variation"), the same sentences the description lists;
- colour is never the only cue: MAX, MIN and chance keep their shapes
  (▲ ▼ ○), pruned edges are dashed with a cut mark, the principal variation
  is thicker.

The output is deterministic (the same input gives the same string) and
self-contained: no scripts, no external fonts, images or links.
"""

from __future__ import annotations

import hashlib
import html
import math

from .layout import tidy_layout
from .scene import preorder
from .scene import scene as make_scene
from .looks import BETWEEN, CAP, CUT, CUT_AT, DEFAULT_STYLE, DOTS, INSIDE_SIZE, LABEL_AT, LINE, MAX_FONT, RING, \
    SMALL, TRIANGLE_TEXT_AT, edge_kind, edge_text, key_entries, node_looks
from .looks import COUNT_INK, CURRENT_FACE, DOTS_INK, EDGE_LABEL_INK, mark_ink, text_ink   # the colours of text
from .svg_geometry import PX, Geometry, em, geometry
from .words import Words, step_text

#: The fonts asked for: matplotlib's default first, whose widths the layout was worked out with.
FONT_FAMILY = "'DejaVu Sans', 'Bitstream Vera Sans', Verdana, Arial, sans-serif"

#: Status -> (colour, width factor, dashes in line widths), as the matplotlib painter's EDGE_LOOK.
EDGE_LOOK = {
    "plain": ("#000000", 1.0, None), "visited": ("#000000", 1.0, None), "pv": (None, 2.6, None),
    "pruned": ("#8c8c8c", 1.0, (4, 3)), "unvisited": ("#b8b8b8", 0.8, None), "future": ("#d1d1d1", 0.8, None),
    "more": ("#808080", 1.0, (1, 1.65)),
}
#: Status -> the colour of a node's outline, as the matplotlib painter's INK (its text: looks.TEXT_INK).
INK = {"plain": "#000000", "visited": "#000000", "pruned": "#808080", "unvisited": "#b2b2b2", "future": "#c7c7c7"}


def to_svg(x, *, step=None, max_depth=None, max_children=None, unvisited=True, bounds=False, intervals=False,
           actions=False, values=False, numbers=None, key=None, players=None, uct_name="UCTValue", title=None,
           boards=None, **style) -> str:
    """A game tree, or a search as it stood at one step, as an SVG picture in the lecture's notation.

    The picture is the one :func:`~advsearch.draw` makes, node for node: the
    same scene and layout, the same shapes (MAX ▲, MIN ▼, chance ○ with the
    probabilities on the edges, leaves as squares holding their values),
    names left of the nodes, values inside or right of them, pruned edges
    dashed and grey with a cut mark, faded subtrees, the principal variation
    thick and coloured, a ring round the node of the step, payoff tuples in
    n-player trees coloured by player, MCTS nodes with wins/visits, and a
    key when the marks need one.  Sizes are px at 100 dpi, so its text is
    as large as the figure's: names and values 14 pt (19.4 px), nothing
    under 11 pt.  A tree too big for that on a 12.8 in slide gives a wider
    picture, not smaller text (an SVG zooms).

    Parameters
    ----------
    x : Tree, SearchResult, Trace or an MCTS result
        A SearchResult must carry its trace (search with ``trace=True``).
    step, max_depth, max_children, unvisited, bounds, intervals, actions, values, numbers, key, players, uct_name
        As for :func:`~advsearch.draw`.
    title : str, optional
        A heading drawn above the tree, and the picture's accessible name
        (by default a name made from what is drawn).
    boards : None or False
        Boards are not drawn in SVG; ``boards=True`` is an error.
    **style
        ``fontsize``, ``pv_color``, ``current_color``, ``note_color``,
        ``palette`` and ``linewidth``, as for :func:`~advsearch.draw`;
        colours as SVG (CSS) colours.

    Returns
    -------
    str
        A standalone SVG document (no XML declaration, so that it can also
        be put in HTML as it is).  The same input always gives the same string.

    Raises
    ------
    TypeError, ValueError
        As :func:`~advsearch.draw` does, and ValueError for ``boards=True``.

    Examples
    --------
    >>> from advsearch import alphabeta, examples
    >>> svg = to_svg(alphabeta(examples.two_ply(), trace=True))
    >>> svg.startswith("<svg") and 'role="img"' in svg and svg.count('class="edge pruned"')
    2
    >>> 'aria-label="C, MIN node, value at most 2"' in svg
    True
    >>> svg == to_svg(alphabeta(examples.two_ply(), trace=True))
    True
    >>> print(to_svg(examples.two_ply()).splitlines()[1])
    <title id="advsearch-...-title">Game tree</title>
    """
    painter, said = _painted(x, step=step, max_depth=max_depth, max_children=max_children, unvisited=unvisited,
                             bounds=bounds, intervals=intervals, actions=actions, values=values, numbers=numbers,
                             key=key, players=players, uct_name=uct_name, title=title, boards=boards, **style)
    return painter.svg(said)


def svg_and_alt(x, **options) -> tuple:
    """``(to_svg(x, **options), its alternative text)``: the picture and the words that say what it shows.

    The text is :meth:`Words.alt <advsearch.drawing.words.Words.alt>`, the
    one :func:`~advsearch.draw` gives its figures.

    >>> from advsearch import examples
    >>> svg, alt = svg_and_alt(examples.two_ply())
    >>> svg == to_svg(examples.two_ply()), alt[:49]
    (True, 'Game tree. The tree in text form: A[B[3 12 8] C[2')
    """
    painter, said = _painted(x, **options)
    return painter.svg(said), painter.words.alt(said)


def _painted(x, *, step=None, max_depth=None, max_children=None, unvisited=True, bounds=False, intervals=False,
             actions=False, values=False, numbers=None, key=None, players=None, uct_name="UCTValue", title=None,
             boards=None, **style) -> tuple:
    """``(painter, the step's sentence)`` for :func:`to_svg`'s arguments."""
    st = _check_style(style)
    if boards:
        raise ValueError("to_svg draws no boards: use draw(..., boards=True) for a picture with boards")
    if key is not None and not isinstance(key, bool):
        raise TypeError(f"key must be True, False or None (a key when the picture needs one), not {key!r}")
    graph = make_scene(x, step=step, max_depth=max_depth, max_children=max_children, unvisited=unvisited,
                       values=values, numbers=numbers, uct_name=uct_name)
    if not graph.number_of_nodes():
        raise ValueError("there is nothing to draw: the trace has no events")
    entries = key_entries(graph, bool(bounds), players, st, ink="#000000")
    if key is False:
        entries = []
    painter = _Painter(graph, tidy_layout(graph), st, bool(bounds), bool(intervals), bool(actions), entries,
                       title, players)
    return painter, step_text(x, graph)


def _check_style(style: dict) -> dict:
    unknown = sorted(set(style) - set(DEFAULT_STYLE))
    if unknown:
        raise TypeError(f"unknown style option {unknown[0]!r}; the options are {', '.join(DEFAULT_STYLE)}")
    out = {**DEFAULT_STYLE, **style}
    size = out["fontsize"]
    if size is not None and not (isinstance(size, (int, float)) and not isinstance(size, bool) and size > 0):
        raise ValueError(f"fontsize must be a positive number of points, not {size!r}")
    return out


# ------------------------------------------------------------------ small helpers


def _num(v: float) -> str:
    """A coordinate for the output: at most two decimals, no trailing zeros, never ``-0``."""
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attrs(**attrs) -> str:
    """XML attributes, in the order given, ``class_`` as ``class`` and ``_`` as ``-``; None left out."""
    out = []
    for name, value in attrs.items():
        if value is None:
            continue
        name = "class" if name == "class_" else name.replace("_", "-")
        out.append(f'{name}="{html.escape(str(value), quote=True)}"')
    return " ".join(out)


def _colour(c) -> str:
    """An SVG colour: a string as it is, an (r, g, b) of floats in 0..1 as hex."""
    if isinstance(c, str):
        return c
    r, g, b = (round(255 * min(max(float(v), 0.0), 1.0)) for v in tuple(c)[:3])
    return f"#{r:02x}{g:02x}{b:02x}"


def _mix(colour: str, white: float) -> str:
    """``colour`` mixed with ``white`` parts of white, if it is hex (else as it is)."""
    c = colour.lstrip("#")
    if not colour.startswith("#") or len(c) not in (3, 6):
        return colour
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    r, g, b = (int(c[i:i + 2], 16) for i in (0, 2, 4))
    return "#" + "".join(f"{round(v + (255 - v) * white):02x}" for v in (r, g, b))


# ------------------------------------------------------------------ the painter


class _Painter:
    """One scene laid out and sized: its SVG, element by element."""

    def __init__(self, graph, pos, st, bounds, intervals, actions, entries, title, players):
        self.graph, self.pos, self.st, self.entries, self.title = graph, pos, st, entries, title
        self.order = preorder(graph)
        self.looks = node_looks(graph, "full", bounds, intervals, boards=False, em=em)
        self.edges = [(p, c) for p in self.order for c in graph.nodes[p]["children"]]
        self.texts = {(p, c): edge_text(graph.edges[p, c], True, actions) for p, c in self.edges}
        limit = st["fontsize"] or MAX_FONT
        self.geo: Geometry = geometry(graph, pos, self.looks, self.texts, entries, limit)
        self.title_h = 2.2 * MAX_FONT * PX if title is not None else 0.0
        self.n = graph.graph.get("num_players", 2)
        self.words = Words(graph, bounds=bounds, intervals=intervals, actions=actions, players=players, title=title,
                           looks=self.looks)

    # --- coordinates, px

    def at(self, node) -> tuple:
        x, y = self.geo.at(*self.pos[node])
        return x, y + self.title_h

    def size(self, em_: float) -> float:
        return em_ * self.geo.unit

    def font_px(self, size: float = 1.0) -> str:
        return _num(self.geo.font * size * PX)

    def line_width(self) -> float:
        """Edges' and shapes' outline width, px, growing with the font (as the matplotlib painter's)."""
        pt = self.st["linewidth"] or min(max(self.geo.font / 10, 0.5), 1.5)
        return pt * PX

    # --- the document

    def svg(self, step_text: str) -> str:
        width = self.size(self.geo.width)
        height = self.size(self.geo.height) + self.title_h
        body = [f'<rect {_attrs(width="100%", height="100%", fill="#ffffff")}/>']
        if self.title is not None:
            body.append(self.text(width / 2, self.title_h / 2 + CAP * MAX_FONT * PX / 2, self.title,
                                  MAX_FONT / self.geo.font, anchor="middle", cls="title"))
        body += self.edge_elements() + self.node_elements() + self.key_elements()
        ident = "advsearch-" + hashlib.sha1("\n".join(body).encode()).hexdigest()[:10]
        name, desc = self.words.name(), self.words.description(step_text)
        head = (f'<svg {_attrs(xmlns="http://www.w3.org/2000/svg", width=_num(width), height=_num(height))} '
                f'{_attrs(viewBox=f"0 0 {_num(width)} {_num(height)}", role="img")} '
                f'{_attrs(aria_labelledby=f"{ident}-title {ident}-desc", font_family=FONT_FAMILY)}>')
        return "\n".join([head, f'<title id="{ident}-title">{html.escape(name, quote=False)}</title>',
                          f'<desc id="{ident}-desc">{html.escape(desc, quote=False)}</desc>',
                          *body, "</svg>", ""])

    def text(self, x, baseline, text, size=1.0, anchor="start", cls=None, colour=None, bold=False) -> str:
        attrs = _attrs(x=_num(x), y=_num(baseline), font_size=self.font_px(size),
                       text_anchor=None if anchor == "start" else anchor, font_weight="bold" if bold else None,
                       fill=colour if colour and colour != "#000000" else None, class_=cls)
        return f"<text {attrs}>{html.escape(str(text), quote=False)}</text>"

    # --- edges

    def edge_elements(self) -> list:
        out = []
        base = self.line_width()
        for parent, child in self.edges:
            kind = edge_kind(self.graph, parent, child)
            colour, factor, dashes = EDGE_LOOK[kind]
            width = base * factor
            (x0, y0), (x1, y1) = self.at(parent), self.at(child)
            a = (x0, y0 + self.size(self.looks[parent].h / 2))
            b = (x1, y1 - self.size(self.looks[child].h / 2))
            line = _attrs(x1=_num(a[0]), y1=_num(a[1]), x2=_num(b[0]), y2=_num(b[1]),
                          stroke=colour or _colour(self.st["pv_color"]), stroke_width=_num(width),
                          stroke_dasharray=None if dashes is None else " ".join(_num(d * width) for d in dashes),
                          stroke_linecap="round" if kind == "more" else None)
            parts = [f"<line {line}/>"]
            if self.graph.edges[parent, child]["status"] == "pruned":
                parts += self.cut_mark(parent, a, b, base)
            if self.texts.get((parent, child)):
                parts += self.edge_label(self.texts[parent, child], a, b, kind)
            status = self.graph.edges[parent, child]["status"]
            out.append(f'<g {_attrs(class_=f"edge {status}" if kind != "pv" else "edge pv")}>'
                       + "".join(parts) + "</g>")
        return out

    def cut_mark(self, parent, a, b, base) -> list:
        """Two parallel slashes across a pruned edge, "//", as the matplotlib painter draws them."""
        xs = sorted(self.pos[c][0] for c in self.graph.nodes[parent]["children"])
        room = min((q - p for p, q in zip(xs, xs[1:])), default=1.0) * CUT_AT * self.size(self.geo.slot)
        length = min(CUT * self.geo.font * PX, 0.6 * room)
        x, y = a[0] + CUT_AT * (b[0] - a[0]), a[1] + CUT_AT * (b[1] - a[1])
        dx, dy = b[0] - a[0], -(b[1] - a[1])         # in the upward y of the matplotlib picture
        norm = math.hypot(dx, dy) or 1.0
        along = (dx / norm, dy / norm)
        across = (-along[1], along[0])
        c, s = math.cos(math.radians(40)), math.sin(math.radians(40))
        leans = [tuple(c * u + sign * s * v for u, v in zip(across, along)) for sign in (-1, 1)]
        lean = max(leans, key=lambda v: (round(abs(v[1]), 6), v[0] * v[1]))
        out = []
        for shift in (-0.2, 0.2):
            cx, cy = x + shift * length * along[0], y - shift * length * along[1]
            hx, hy = lean[0] * length / 2, -lean[1] * length / 2
            out.append(f'<line {_attrs(x1=_num(cx - hx), y1=_num(cy - hy), x2=_num(cx + hx), y2=_num(cy + hy))} '
                       f'{_attrs(stroke="#262626", stroke_width=_num(base * 1.6), class_="cut")}/>')
        return out

    def edge_label(self, text, a, b, kind) -> list:
        """A probability or action on its edge, on a white ground, LABEL_AT of the way down."""
        x, y = a[0] + LABEL_AT * (b[0] - a[0]), a[1] + LABEL_AT * (b[1] - a[1])
        size = SMALL
        w, h, pad = self.size(em(text) * size), self.size(LINE * size * 0.85), self.size(0.12 * size)
        box = _attrs(x=_num(x - w / 2 - pad), y=_num(y - h / 2 - pad), width=_num(w + 2 * pad),
                     height=_num(h + 2 * pad), rx=_num(pad * 1.5), fill="#ffffff")
        faded = kind in ("unvisited", "future", "more")
        colour = EDGE_LABEL_INK["faded" if faded else "plain"]
        return [f"<rect {box}/>",
                self.text(x, y + self.size(CAP * size / 2), text, size, "middle", "edge-label", colour)]

    # --- nodes

    def ink(self, data) -> tuple:
        """A node's (outline and text colour, face colour)."""
        edge = INK.get(data["status"], INK["plain"])
        face = "#ffffff"
        player = data["player"]
        if self.n > 2 and isinstance(player, int) and player >= 0 and not data["more"]:
            palette = self.st["palette"]
            colour = _colour(palette[player % len(palette)])
            face = _mix(colour, 0.75) if data["status"] in ("pruned", "unvisited", "future") else colour
        if data["current"]:
            face = CURRENT_FACE
        return edge, face

    def node_elements(self) -> list:
        out = []
        for node in self.order:
            data, look = self.graph.nodes[node], self.looks[node]
            x, y = self.at(node)
            edge, face = self.ink(data)
            said = self.words.node(node)
            parts = [f"<title>{html.escape(said, quote=False)}</title>"]
            if data["current"]:
                parts.append(self.shape(look, x, y, "none", _colour(self.st["current_color"]),
                                        max(2.0, self.geo.font / 6) * PX, RING, "ring"))
            if look.shape != "more":
                parts.append(self.shape(look, x, y, face, edge, self.line_width()))
            parts += self.node_texts(node, look, x, y, text_ink(data["status"]), data["status"])
            if look.mark:      # the player's number in its circle: colour is not the only cue
                parts.append(self.text(x, y + self.size(CAP * SMALL / 2), look.mark, SMALL, "middle", "mark",
                                       mark_ink(face)))
            cls = f"node {look.shape} {data['status']}" + (" current" if data["current"] else "") + \
                (" pv" if data["pv"] else "")
            out.append(f'<g {_attrs(class_=cls, data_path=repr(node), role="group", aria_label=said)}>' + "".join(parts) + "</g>")
        return out

    def shape(self, look, x, y, face, edge, width, grow=0.0, cls=None) -> str:
        """A node's shape (grown by ``grow`` em all round, for the ring): ▲, ▼, ○ or a square."""
        paint = _attrs(fill=face, stroke=edge, stroke_width=_num(width), stroke_linejoin="round", class_=cls)
        # As a matplotlib marker: the outline scaled as a whole, its largest side ``grow`` em longer each end.
        scale = (max(look.w, look.h) + 2 * grow) / max(look.w, look.h, 1e-9)
        side = self.size(max(look.w, look.h) * scale)
        if look.shape in ("max", "min"):
            half, tip = side / 2, side * 0.5 / 1.155    # the marker path (0, ±1), (±1.155, ∓1), scaled
            sign = -1 if look.shape == "max" else 1
            points = [(x, y + sign * tip), (x - half, y - sign * tip), (x + half, y - sign * tip)]
            return f'<polygon {_attrs(points=" ".join(f"{_num(a)},{_num(b)}" for a, b in points))} {paint}/>'
        if look.shape in ("chance", "player", "more"):
            return f'<circle {_attrs(cx=_num(x), cy=_num(y), r=_num(side / 2))} {paint}/>'
        w, h = self.size(look.w * scale), self.size(look.h * scale)
        return f'<rect {_attrs(x=_num(x - w / 2), y=_num(y - h / 2), width=_num(w), height=_num(h))} {paint}/>'

    def node_texts(self, node, look, x, y, ink, status) -> list:
        s = self.size
        out = []
        if look.shape == "more":
            out.append(self.text(x, y - s(look.h / 2 - DOTS + 0.25), look.inside, 1.0, "middle", "dots", DOTS_INK))
            out.append(self.text(x, y + s(look.h / 2 - LINE * SMALL / 2) + s(CAP * SMALL / 2), look.count, SMALL,
                                 "middle", "count", COUNT_INK))
            return out
        if look.inside and look.shape in ("max", "min"):
            near = look.h / 2 - TRIANGLE_TEXT_AT
            baseline = near if look.shape == "max" else -(near - CAP * INSIDE_SIZE)
            out.append(self.text(x, y + s(baseline), look.inside, INSIDE_SIZE, "middle", "value", ink))
        elif look.inside:
            out.append(self.text(x, y + s(CAP / 2), look.inside, 1.0, "middle", "value", ink))
        if look.under:
            out.append(self.text(x, y + s(look.label_at + CAP), look.label, 1.0, "middle", "label", ink, True))
        elif look.label:
            out.append(self.text(x - s(look.label_at), y + s(CAP / 2), look.label, 1.0, "end", "label", ink, True))
        if look.stacked:
            at, anchor, top = x, "middle", -look.column_at
        else:
            at, anchor, top = x + s(look.w / 2 + look.column_gap), "start", look.column_top
        for text, size, role in look.lines:
            height = LINE * size
            colour = _colour(self.st["note_color"]) if role == "note" and status == "visited" else ink
            centre = y - s(top - height / 2)
            out.append(self.text(at, centre + s(CAP * size / 2), text, size, anchor, role, colour))
            top -= height
        return out

    # --- the key

    def key_elements(self) -> list:
        if not self.entries:
            return []
        u = self.size(SMALL)          # px per em of the key's font
        # As matplotlib's legend lays it out: pads of 0.5 em, a swatch 0.8 em and 0.4 em before each text.
        x, centre = 0.5 * u, self.title_h + 1.0 * u
        swatches = any(e.swatch for e in self.entries)
        out = []
        for e in self.entries:
            if e.swatch:
                out.append(f'<circle {_attrs(cx=_num(x + 0.4 * u), cy=_num(centre), r=_num(0.4 * u))} '
                           f'{_attrs(fill=_colour(e.swatch), stroke="#000000", stroke_width="1.11")}/>')
            x += (0.8 * u if swatches else 0) + 0.4 * u
            out.append(self.text(x, centre + CAP * u / 2, e.text, SMALL, cls="key", colour=_colour(e.ink)))
            x += em(e.text) * u + BETWEEN * u
        return ['<g class="key">' + "".join(out) + "</g>"]
