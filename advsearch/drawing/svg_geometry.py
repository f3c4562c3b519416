"""Where an SVG picture puts things: the matplotlib painter's looks and sizes, without matplotlib.

The SVG painter (:mod:`.svg`) must not load matplotlib, yet it should look
like the matplotlib drawing: the same lengths in em, the same texts beside
each node and the same rule for the size of a picture.  So this module
repeats, in plain Python, what :mod:`.mpl.style`, :mod:`.mpl.looks` and
:mod:`.mpl.fitting` decide for a picture without boards.  The lengths below
are the ones in :mod:`.mpl.style` (``tests/test_svg.py`` checks that they
agree), and text widths come from a table of the advance widths of DejaVu
Sans, matplotlib's default font, instead of matplotlib's font machinery.

Sizes are in px at the matplotlib figures' 100 dpi: 1 pt is 100/72 px, so a
14 pt name is 19.4 px tall in both pictures.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game import CHANCE, MIN, player_name
from .scene import value_text

# ------------------------------------------------------------------ the matplotlib painter's numbers

MIN_FONT, MAX_FONT, FIGURE_DPI = 11.0, 14.0, 100
MAX_FIGSIZE, MIN_SLOT, MIN_PLY = (12.8, 5.5), 0.6, 1.25
TRIANGLE, CIRCLE, LEAF = (2.8, 2.4), 2.1, 1.7
INSIDE_SIZE, CAP, GAP, PAD, OUTER, LINE, SMALL = 0.9, 0.73, 0.45, 0.8, 1.0, 1.2, 0.9
EDGE_ROOM, CUT, CUT_AT, LABEL_AT, DOTS = 1.6, 1.1, 0.42, 0.72, 0.7
RING, RING_WIDTH, LEGEND = 0.45, 0.2, 2.0
TRIANGLE_TEXT_AT, INSIDE_MARGIN = 0.32, 0.12
#: The least main font at which every text, the small ones too, is at least MIN_FONT.
READABLE = MIN_FONT / min(SMALL, INSIDE_SIZE)
#: The key's swatch with the gap after it, and the room between two entries, in em of the key's font.
SWATCH, BETWEEN = 1.6, 1.2

#: px per pt at FIGURE_DPI.
PX = FIGURE_DPI / 72

# ------------------------------------------------------------------ text widths

_CHARS = "".join(chr(i) for i in range(32, 127)) + "≤≥−∞…·αβ"
# Advance widths in em of DejaVu Sans for the characters of _CHARS, regular then bold, in thousandths.
_REGULAR = (
    "318 401 460 838 636 950 780 275 390 390 500 838 318 361 318 337 636 636 636 636 636 636 636 636 636 636 "
    "337 337 838 838 838 531 1000 684 686 698 770 632 575 775 752 295 295 656 557 863 748 787 603 787 695 635 "
    "611 732 684 989 685 611 685 390 337 390 838 500 500 613 635 550 635 615 352 635 634 278 278 579 278 974 "
    "634 612 635 635 411 521 392 634 592 818 592 592 525 636 337 636 838 838 838 838 833 1000 318 659 638")
_BOLD = (
    "348 456 521 838 696 1002 872 306 457 457 523 838 380 415 380 365 696 696 696 696 696 696 696 696 696 696 "
    "400 400 838 838 838 580 1000 774 762 734 830 683 683 821 837 372 372 775 637 995 837 850 733 850 770 720 "
    "682 812 774 1103 771 724 725 457 365 457 838 500 500 675 716 593 716 678 435 716 712 343 343 665 343 1042 "
    "712 687 716 716 493 595 478 712 652 924 645 652 582 712 365 712 838 838 838 838 833 1000 380 687 716")
_WIDTHS = {bold: dict(zip(_CHARS, (int(w) / 1000 for w in table.split())))
           for bold, table in ((False, _REGULAR), (True, _BOLD))}
# Kerning in thousandths of an em of DejaVu Sans, as matplotlib applies it: each token is a pair of
# characters followed by the adjustment, regular then bold.
_KERN_REGULAR = (
    "ex-18 ff-15 ft-18 fw-18 fy-18 f.-73 f:-36 f--55 ka-18 ke-36 ko-36 ku-31 ky-36 ox-31 o.-17 o-19 rc-22 "
    "rd-18 re-22 rg-18 rh-18 rm-18 rn-18 ro-22 rq-18 rr-17 rx-27 r.-92 r:-17 r--64 v.-78 v:-55 v--27 w.-92 "
    "w:-55 xc-17 xe-31 xo-31 y.-143 y:-73 y--18 Ac-18 Ad-17 Ae-17 Af-36 Ao-18 Aq-17 At-18 Av-59 Aw-40 Ay-68 "
    "AA28 AC-18 AG-18 AO-17 AQ-17 AT-78 AV-64 AW-55 AY-78 A.-18 A:-18 A--22 BC-17 BG-18 BO-17 BS-17 BV-31 "
    "BW-36 BY-55 CY-18 DA-18 DV-18 DY-55 Fa-92 Fe-55 Fi-73 Fo-36 Fr-73 Fu-55 Fy-92 FA-92 FS-18 FT-18 F.-161 "
    "F:-78 GT-36 GY-50 H.-18 JA-18 J--36 Ka-18 Ke-50 Ko-50 Ku-50 Ky-73 KA-18 KC-55 KO-55 KT-78 KU-27 KW-36 "
    "KY-36 K--105 Le-17 Lo-17 Lu-18 Ly-92 LA23 LO-36 LT-138 LU-50 LV-110 LW-92 LY-133 L--17 OA-17 OV-17 OX-64 "
    "OY-55 O.-40 O:-18 O-28 Pa-45 Pe-36 Pi-22 Pn-18 Po-36 Pr-18 Ps-18 Pu-18 PA-64 PY-22 P.-156 P--22 Q-28 "
    "Ra-22 Re-45 Ro-45 Ru-45 Ry-55 RA-40 RC-50 RT-73 RV-55 RW-40 RY-64 R.-36 R:-31 R--40 SA19 Ta-165 Tc-170 "
    "Te-170 Ti-31 To-170 Tr-147 Ts-165 Tu-152 Tw-165 Ty-156 TA-78 TC-59 TT-18 T.-119 T:-110 T--92 UZ-18 Va-78 "
    "Ve-78 Vi-22 Vo-78 Vu-68 Vy-27 VA-64 VO-17 V.-129 V:-82 V--59 Wa-64 We-59 Wi-22 Wo-59 Wr-45 Wu-36 Wy-17 "
    "WA-55 W.-115 W:-59 W--40 Xe-45 XC-73 XO-64 XT-18 X--50 Ya-138 Ye-133 Yi-36 Yo-133 Yu-115 YA-78 YC-55 "
    "YO-55 Y.-203 Y:-133 Y--119 Z--18 -o19 -v-27 -y-17 -A-22 -B-36 -G37 -J56 -O28 -Q37 -T-92 -V-59 -W-40 "
    "-X-50 -Y-119 ")
_KERN_BOLD = (
    "ay-31 ff-60 fi-37 fl-37 f.-55 f,-55 f--17 ke-27 ko-27 r.-142 r,-147 v.-82 v,-82 w.-64 w,-64 y.-92 y,-78 "
    "Av-36 Ay-36 AT-78 AU-31 AV-68 AW-45 AY-96 A.19 A,19 A:19 BV-40 BW-55 BY-55 CS19 C-23 DY-73 D-19 Fa-59 "
    "Fe-40 Fo-40 Fr-64 Fu-50 Fy-55 FA-115 F.-147 F,-161 F:-55 F--31 GT-18 GY-22 Ke-18 Ko-18 Ku-18 Ky-64 KC-45 "
    "KO-45 KU-18 K--87 Ly-68 LO-36 LT-165 LU-36 LV-138 LW-78 LY-156 OA-27 OV-27 OX-36 OY-36 O.-22 O,-22 O-19 "
    "Pa-27 Ps-18 Py19 PA-92 P.-184 P,-184 P--18 Q-19 Ry-45 RT-45 RY-55 R.19 R,19 SS-45 Ta-129 Tc-133 Te-133 "
    "To-133 Tr-110 Ts-133 Tu-110 Tw-110 Ty-119 TA-78 TT23 T.-152 T,-142 T:-55 T--147 UA-31 Va-55 Ve-55 Vi-18 "
    "Vo-55 Vu-36 VA-68 VO-18 V.-129 V,-129 V:-45 V--73 Wa-36 We-36 Wo-36 Wr-18 WA-45 W.-82 W,-82 W:-31 W--45 "
    "Xe-27 XC-36 XO-36 X--82 Ya-92 Ye-92 Yo-92 Yu-73 YA-96 YC-36 YO-36 Y.-165 Y,-165 Y:-87 Y--147 Z--18 "
    "-T-147 -V-73 -W-45 -X-82 -Y-147 ")
_KERNING = {bold: {token[:2]: int(token[2:]) / 1000 for token in table.split()}
            for bold, table in ((False, _KERN_REGULAR), (True, _KERN_BOLD))}


def em(text: str, bold: bool = False) -> float:
    """The width of ``text`` in em of DejaVu Sans, kerned (a character not in the table counts as a digit).

    >>> em("3"), round(em("(1, 2, 3)"), 2), em("A", bold=True) > em("A")
    (0.636, 3.96, True)
    """
    text, widths, kerning = str(text), _WIDTHS[bold], _KERNING[bold]
    return sum(widths.get(ch, 0.636) for ch in text) + sum(kerning.get(text[i:i + 2], 0.0) for i in range(len(text) - 1))


def numeric(text) -> str:
    """A value as typeset: a true minus sign instead of a hyphen."""
    return str(text).replace("-", "−")


def pair(lo, hi) -> str:
    """``[lo, hi]`` as typeset, infinities included."""
    return numeric(f"[{value_text(lo)}, {value_text(hi)}]")


def probability_text(p) -> str:
    """``1/2`` for a Fraction, a short decimal otherwise."""
    if hasattr(p, "denominator") and not isinstance(p, int):
        return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"
    return numeric(value_text(p))


# ------------------------------------------------------------------ what a node looks like


@dataclass
class Look:
    """How one node is drawn, in em from its centre (as :class:`.mpl.looks.Look` without a board).

    The label stands left of the shape, the value inside it when it fits,
    else in a column of lines right of it with the notes; a leaf's label and
    column stand under it instead.
    """

    shape: str               # "max", "min", "chance", "player", "leaf" or "more"
    w: float
    h: float
    inside: str = ""
    lines: tuple = ()        # (text, size, role): role "value", "tally" or "note"
    label: str = ""
    count: str = ""          # "+6" under a "…" placeholder

    @property
    def column_gap(self) -> float:
        return RING + RING_WIDTH if any(role == "tally" for _, _, role in self.lines) else GAP

    @property
    def column_h(self) -> float:
        return sum(LINE * size for _, size, _ in self.lines)

    @property
    def column_w(self) -> float:
        return max([0.0] + [em(text) * size for text, size, _ in self.lines])

    @property
    def column_top(self) -> float:
        if any(role == "tally" for _, _, role in self.lines) and self.column_h <= self.h:
            return self.h / 2
        return self.column_h / 2

    @property
    def under(self) -> bool:
        return bool(self.label) and self.shape == "leaf"

    @property
    def stacked(self) -> bool:
        return self.shape == "leaf" and bool(self.lines)

    @property
    def label_at(self) -> float:
        return self.h / 2 + GAP / 2 if self.under else self.w / 2 + GAP

    @property
    def column_at(self) -> float:
        return self.h / 2 + max(RING + RING_WIDTH, GAP / 2 + (LINE if self.under else 0))

    def _centred(self) -> float:
        return max(self.w / 2, em(self.label, bold=True) / 2 if self.under else 0,
                   self.column_w / 2 if self.stacked else 0)

    @property
    def left(self) -> float:
        if self.under or self.stacked:
            return self._centred()
        return max(self.label_at + em(self.label, bold=True) if self.label else 0.0, self.w / 2)

    @property
    def right(self) -> float:
        if self.stacked:
            return self._centred()
        side = self.w / 2 + (self.column_gap + self.column_w if self.lines else 0)
        return max(side, em(self.label, bold=True) / 2) if self.under else side

    @property
    def up(self) -> float:
        return max(self.h / 2, 0 if self.stacked else self.column_top, LINE / 2 if self.label else 0)

    @property
    def down(self) -> float:
        if self.stacked:
            return self.column_at + self.column_h
        if self.under:
            return max(self.label_at + LINE, self.column_h / 2)
        return max(self.h / 2, self.column_h - self.column_top, LINE / 2 if self.label else 0)


def shape_of(graph, data) -> str:
    """"more", "leaf", "chance", "player" (three or more players), "min" or "max"."""
    if data["more"]:
        return "more"
    if data["player"] is None:
        return "leaf"
    if data["player"] == CHANCE:
        return "chance"
    if graph.graph.get("num_players", 2) > 2:
        return "player"
    return "min" if data["player"] == MIN else "max"


def value_of(data, intervals: bool) -> str:
    """The value as written at the node: the scene's text, or the [min, max] frame if asked."""
    if intervals and data["children"] and data["interval"] is not None and not isinstance(data["value"], tuple):
        return pair(*data["interval"])
    return numeric(data["text"])


def fits_inside(shape: str, text: str) -> bool:
    """Whether a value can be written inside the node's shape."""
    if shape == "leaf":
        return True
    if shape in ("max", "min"):
        w, h = TRIANGLE
        far = h / 2 - TRIANGLE_TEXT_AT - CAP * INSIDE_SIZE
        return em(text) * INSIDE_SIZE <= w * (h / 2 + far) / h - 2 * INSIDE_MARGIN
    if shape == "chance":
        return em(text) <= CIRCLE - 0.6
    return False


def node_looks(graph, bounds: bool, intervals: bool) -> dict:
    """The :class:`Look` of every node of the scene, every text shown."""
    leaf_texts = [value_of(d, intervals) for _, d in graph.nodes(data=True) if d["player"] is None and not d["more"]]
    leaf_w = max([LEAF] + [em(t) + 0.6 for t in leaf_texts])
    sizes = {"max": TRIANGLE, "min": TRIANGLE, "chance": (CIRCLE, CIRCLE), "player": (CIRCLE, CIRCLE),
             "leaf": (leaf_w, LEAF), "more": (0.0, 0.0)}
    looks = {}
    for node, data in graph.nodes(data=True):
        shape = shape_of(graph, data)
        text = value_of(data, intervals)
        look = Look(shape, *sizes[shape], label=str(data["label"] or ""))
        if shape == "more":
            look.inside, look.count, look.label = "…", f"+{data['more']}", ""
            look.w = max(em("…"), em(look.count) * SMALL)
            look.h = DOTS + LINE * SMALL
        elif text and fits_inside(shape, text):
            look.inside = text
        elif text:
            look.lines = ((text, 1.0, "value"),)
        if bounds and shape != "more" and data["children"] and data["alpha"] is not None:
            look.lines += ((pair(data["alpha"], data["beta"]), SMALL, "note"),)
        if data["tally"]:
            look.lines += ((numeric(data["tally"]), 1.0, "tally"),)
        if data["note"]:
            look.lines += ((numeric(data["note"]), SMALL, "note"),)
        looks[node] = look
    return looks


def edge_text(data, actions: bool) -> str:
    """What an edge is labelled with: its action (if asked), its probability, or both."""
    parts = []
    if actions and data.get("action") is not None:
        parts.append(str(data["action"]))
    if data.get("probability") is not None:
        parts.append(probability_text(data["probability"]))
    return ": ".join(parts)


# ------------------------------------------------------------------ the key


@dataclass(frozen=True)
class Entry:
    """One entry of the key: its text, the text's colour, and a swatch colour (players) or None."""

    text: str
    ink: str = "#000000"
    swatch: str | None = None


def key_entries(graph, bounds: bool, players, palette, note_color) -> list:
    """The entries the key of this scene needs (as :func:`.mpl.keys.key_entries`; empty: no key)."""
    n = graph.graph.get("num_players", 2)
    out = []
    if n > 2:
        names = players or getattr(graph.graph.get("game"), "player_names", None)
        names = [str(p) for p in names] if names is not None else [player_name(p, n) for p in range(n)]
        if len(names) != n:
            raise ValueError(f"players must name each of the {n} players, not {len(names)}: {names!r}")
        out += [Entry(f"{names[p]} to move", swatch=palette[p % len(palette)]) for p in range(n)]
    nodes = [d for _, d in graph.nodes(data=True) if not d["more"]]
    if bounds and any(d["children"] and d["alpha"] is not None for d in nodes):
        if any(d["children"] and d["text"][:1] in "≤≥[" for d in nodes):
            out.append(Entry("value, or the interval it lies in"))
        out.append(Entry("[α, β]: the window it was searched with", ink=note_color))
    if any(d["tally"] and "/" in d["tally"] for d in nodes):
        out.append(Entry("w/n: wins/visits of the player moving in"))
    notes = {d["note"].split(" ")[0] for d in nodes if d["note"]}
    if len(notes) == 1:
        out.append(Entry(f"{notes.pop()}: the score selection maximises", ink=note_color))
    return out


def key_width(entries) -> float:
    """The width of the key's row, in em of the picture's font."""
    if not entries:
        return 0.0
    return SMALL * (sum(em(e.text) + SWATCH for e in entries) + BETWEEN * (len(entries) - 1))


# ------------------------------------------------------------------ the size of the picture


@dataclass
class Geometry:
    """The font (pt), the em in px, a slot and a ply in em, and the picture's margins and size in em."""

    font: float
    slot: float
    ply: float
    left: float      # from the picture's left edge to the leftmost slot
    top: float       # from the picture's top edge to the root's centre
    width: float
    height: float
    xmin: float

    @property
    def unit(self) -> float:
        """px per em."""
        return self.font * PX

    def at(self, x: float, y: float) -> tuple:
        """A layout position (slots, minus depth) in px from the picture's top left corner."""
        return (self.left + (x - self.xmin) * self.slot) * self.unit, (self.top - y * self.ply) * self.unit


def _rows(pos) -> dict:
    rows = {}
    for node, (x, y) in pos.items():
        rows.setdefault(-y, []).append((x, node))
    return {depth: [node for _, node in sorted(row)] for depth, row in sorted(rows.items())}


def _band_room(graph, looks, edge_texts, band) -> float:
    """The least visible length of the edges between two depths, with room for their labels and cut marks."""
    room = EDGE_ROOM
    if any(edge_texts.get(e) for e in band):
        room += LINE * SMALL + PAD
    if any(graph.edges[e]["status"] == "pruned" for e in band):
        room += CUT * 0.6
    return room


def _needs(graph, pos, looks, edge_texts, key) -> dict:
    """What the picture needs in em (as :func:`.mpl.fitting._needs`): neighbours' room, reaches, gaps."""
    rows = _rows(pos)
    pairs, items = [], []
    for row in rows.values():
        items.extend((pos[n][0], looks[n].left, looks[n].right) for n in row)
        pairs.extend((pos[b][0] - pos[a][0], looks[a].right + PAD + looks[b].left) for a, b in zip(row, row[1:]))
    depths = list(rows)
    up = {d: max(looks[n].up for n in rows[d]) for d in depths}
    down = {d: max(looks[n].down for n in rows[d]) for d in depths}
    bands = {}
    for edge in graph.edges:
        bands.setdefault(len(edge[0]), []).append(edge)
    gap = 0.0
    for d in depths[:-1]:
        band = bands.get(d, [])
        gap = max(gap, down[d] + up[d + 1] + _band_room(graph, looks, edge_texts, band))
        labels = sorted((pos[p][0] + LABEL_AT * (pos[c][0] - pos[p][0]), em(edge_texts[(p, c)]) * SMALL / 2)
                        for p, c in band if edge_texts.get((p, c)))
        items.extend((x, half, half) for x, half in labels)
        pairs.extend((xb - xa, wa + wb + PAD * SMALL) for (xa, wa), (xb, wb) in zip(labels, labels[1:]))
    xmin = min(x for x, _ in pos.values())
    return dict(pairs=pairs, items=[(x - xmin, left, right) for x, left, right in items], xmin=xmin,
                span=max(x for x, _ in pos.values()) - xmin, depth=depths[-1], gap=gap,
                top=up[0] + OUTER + (LEGEND + PAD if key else 0), bottom=down[depths[-1]] + OUTER,
                key=key_width(key))


def _margins(needs, slot) -> tuple:
    left = max([0.0] + [reach - u * slot for u, reach, _ in needs["items"]])
    right = max([0.0] + [reach - (needs["span"] - u) * slot for u, _, reach in needs["items"]])
    return left + OUTER, right + OUTER


def _width(needs, slot) -> float:
    left, right = _margins(needs, slot)
    return max(needs["span"] * slot + left + right, needs["key"] + 2 * OUTER)


def _narrowest(needs) -> float:
    """The slot (em), at least the least one at which no neighbours touch, that makes the picture narrowest."""
    lo = max([0.0] + [need / units for units, need in needs["pairs"]])
    if needs["span"] == 0:
        return lo
    hi = lo + _width(needs, lo) / needs["span"]
    for _ in range(60):  # ternary search: the width is convex in the slot
        a, b = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        if _width(needs, a) <= _width(needs, b):
            hi = b
        else:
            lo = a
    return lo


def _widest_slot(needs, width: float) -> float:
    """The widest slot (em) at which the picture is at most ``width`` em wide."""
    lo = _narrowest(needs)
    hi = lo + width / needs["span"]
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if _width(needs, mid) <= width else (lo, mid)
    return lo


def _natural(needs, font: float) -> tuple:
    """The size in pt at which the picture fits ``font``, slots at least 0.6 in and plies 1.25 in."""
    slot = max(_narrowest(needs), MIN_SLOT * 72 / font)
    ply = max(needs["gap"], MIN_PLY * 72 / font)
    return font * _width(needs, slot), font * (needs["depth"] * ply + needs["top"] + needs["bottom"])


def geometry(graph, pos, looks, edge_texts, key, limit: float) -> Geometry:
    """The picture as ``draw`` sizes its figure: at its natural size for the font ``limit`` (at least
    3 x 2 in, at most 12.8 x 5.5 in), at the largest font up to ``limit`` that fits that, with plies
    and slots spread to fill it.  Unlike ``draw``, never under the readable size (11 pt for the
    smallest text) unless ``limit`` is: a tree too big for that gives a bigger picture, not smaller text.
    """
    needs = _needs(graph, pos, looks, edge_texts, key)
    w, h = _natural(needs, limit)
    w, h = min(max(w, 3.0 * 72), MAX_FIGSIZE[0] * 72), min(max(h, 2.0 * 72), MAX_FIGSIZE[1] * 72)
    font = min(limit, w / _width(needs, _narrowest(needs)),
               h / (needs["depth"] * needs["gap"] + needs["top"] + needs["bottom"]))
    if font < min(READABLE, limit):
        font = min(READABLE, limit)
        w, h = (max(a, b) for a, b in zip((w, h), _natural(needs, font)))
    ply = (h / font - needs["top"] - needs["bottom"]) / needs["depth"] if needs["depth"] else 1.0
    slot = 1.0
    if needs["span"]:
        slot = _widest_slot(needs, w / font)
        if needs["depth"]:
            slot = min(slot, max(_narrowest(needs), 1.5 * ply))
    left, right = _margins(needs, slot)
    left += (w / font - needs["span"] * slot - left - right) / 2
    return Geometry(font, slot, ply, left, needs["top"], w / font, h / font, needs["xmin"])
