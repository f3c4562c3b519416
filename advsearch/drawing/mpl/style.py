"""What a picture looks like: its lengths in em, its colours, its readability tiers and style options.

Every length is a multiple of the font size (see :mod:`advsearch.drawing.mpl`),
so one number, the font size, sizes a whole picture.
"""

from __future__ import annotations

from ..scene import PLAYER_COLOURS


#: Colour-blind-safe colours (Okabe & Ito, 2008): the players' colours in n-player trees.
OKABE_ITO = PLAYER_COLOURS

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
TITLE_FONT = 14.0
#: Frames: the font a panel is sized for, the font of the captions under the panels and of their letters.
PANEL_FONT, CAPTION_FONT, LETTER_FONT = 13.0, 12.0, 13.0
#: The least room a leaf slot and a ply get in a figure ``draw`` makes, in inches.
MIN_SLOT, MIN_PLY = 0.6, 1.25
#: The widest a leaf slot is spread to fill the axes, in plies.
MAX_SLOT_PER_PLY = 1.5
#: Scenes with more nodes than this are drawn with one artist per style, for speed.
BATCH_ABOVE = 150
#: Boards are drawn by default (``boards=None``) for scenes of at most this many nodes.
BOARDS_UP_TO = 40
#: ... and only if the text can still be this large (pt) with them.
BOARD_FONT = 12.5

# Lengths in em (multiples of the font size).
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

#: Readability tiers, tried in order, with the least font size for each: "full" shows every
#: text asked for; "values" only the values inside shapes and the probabilities; "bare" none.
#: First every text readable (no text under MIN_FONT), then only the values readable, and only
#: for trees too big for that, every text small, the values small, and none.  A ``fontsize`` the
#: caller chose below READABLE lowers the readable tiers' bar to it.
TIERS = (("full", READABLE), ("values", READABLE), ("full", 7.0), ("values", 5.0), ("bare", 0.0))

DEFAULT_STYLE = {
    "fontsize": None,          # the largest font size; None: MAX_FONT
    "pv_color": "#0072B2",     # the principal variation
    "current_color": "#D55E00",  # the ring round the node of the step shown
    "note_color": "#3b5b8c",   # [α, β]
    "palette": OKABE_ITO,      # players' colours in n-player trees
    "linewidth": None,         # edge width in points; None: from the font size
}

EDGE_LOOK = {  # status -> (colour, width factor, dash pattern)
    "plain": ("black", 1.0, "solid"),
    "visited": ("black", 1.0, "solid"),
    "pv": (None, 2.6, "solid"),
    "pruned": ("0.55", 1.0, (0, (4, 3))),
    "unvisited": ("0.72", 0.8, "solid"),
    "future": ("0.82", 0.8, "solid"),
    "more": ("0.5", 1.0, ":"),
}
INK = {  # status -> (shape edge and text colour, shape face)
    "plain": ("black", "white"),
    "visited": ("black", "white"),
    "pruned": ("0.5", "white"),
    "unvisited": ("0.7", "white"),
    "future": ("0.78", "white"),
}
CURRENT_FACE = "#FFE9A8"


# Inside a triangle, the text's near edge is this far (em) from the wide side, and clears
# the slanted sides by at least INSIDE_MARGIN.
TRIANGLE_TEXT_AT, INSIDE_MARGIN = 0.32, 0.12


#: matplotlib settings that make the charts a notebook draws itself (bar and line plots, boards) follow
#: the rule of the package's own figures: 100 dpi, no text under MIN_FONT (tick labels and legends
#: 11 pt, labels 12 pt, titles 13 pt), and a default size of a slide's width or less.
LECTURE_RC = {
    "figure.dpi": FIGURE_DPI,
    "figure.figsize": (8.0, 4.0),
    "font.size": 12.0,
    "axes.titlesize": 13.0,
    "axes.labelsize": 12.0,
    "xtick.labelsize": MIN_FONT,
    "ytick.labelsize": MIN_FONT,
    "legend.fontsize": MIN_FONT,
    "legend.title_fontsize": 12.0,
    "figure.titlesize": 14.0,
    "figure.labelsize": 12.0,
}


def lecture_style() -> None:
    """Make matplotlib draw every later chart for a lecture hall: apply :data:`LECTURE_RC`.

    For a notebook's setup cell, after ``import matplotlib.pyplot as plt``:
    the package's own figures (``draw``, ``draw_frames``, boards) set their
    sizes themselves; this brings the notebook's own charts (``plt.subplots``,
    ``ax.bar``, ``ax.plot``, ...) to the same rule.  A ``fontsize`` a chart
    sets itself still wins.  Use ``matplotlib.rc_context(LECTURE_RC)`` for
    one chart only.

    Examples
    --------
    >>> import matplotlib
    >>> with matplotlib.rc_context():
    ...     lecture_style()
    ...     matplotlib.rcParams["xtick.labelsize"] >= MIN_FONT, matplotlib.rcParams["figure.dpi"]
    (True, 100.0)
    """
    import matplotlib

    matplotlib.rcParams.update(LECTURE_RC)


def check_style(style: dict) -> dict:
    """The style options of ``draw`` with the defaults filled in; a clear error for an unknown or bad one."""
    unknown = sorted(set(style) - set(DEFAULT_STYLE))
    if unknown:
        raise TypeError(f"unknown style option {unknown[0]!r}; the options are {', '.join(DEFAULT_STYLE)}")
    out = {**DEFAULT_STYLE, **style}
    if out["fontsize"] is not None and not (isinstance(out["fontsize"], (int, float)) and out["fontsize"] > 0):
        raise ValueError(f"fontsize must be a positive number of points, not {out['fontsize']!r}")
    return out
