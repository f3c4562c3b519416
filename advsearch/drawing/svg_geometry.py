"""Where an SVG picture puts things: text widths without matplotlib, and the size of the picture.

The SVG painter (:mod:`.svg`) must not load matplotlib, yet it should look
like the matplotlib drawing.  Both painters take their lengths in em and the
look of every node from :mod:`.looks`, each with its own measure of text:
here a table of the advance widths of DejaVu Sans, matplotlib's default font,
instead of matplotlib's font machinery (:func:`em`).  The size of the picture
follows the rule of :mod:`.mpl.fitting` and ``draw``, for a picture without
boards.

Sizes are in px at the matplotlib figures' 100 dpi: 1 pt is 100/72 px, so a
14 pt name is 19.4 px tall in both pictures.
"""

from __future__ import annotations

from dataclasses import dataclass

from .looks import CUT, EDGE_ROOM, FIGURE_DPI, LABEL_AT, LEGEND, LINE, MAX_FIGSIZE, MIN_PLY, MIN_SLOT, OUTER, PAD, \
    READABLE, SMALL, key_width

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
                key=key_width(key, em))


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
