"""What a picture looks like: its lengths in em, its colours, its readability tiers and style options.

Every length is a multiple of the font size (see :mod:`advsearch.drawing.mpl`),
so one number, the font size, sizes a whole picture.
"""

from __future__ import annotations

# The lengths in em, the figure sizes and fonts, and the style options' defaults are the painters'
# shared ones, in :mod:`advsearch.drawing.looks` (the SVG painter uses them too); they are named
# here as well, so that every number of a matplotlib picture can be found in one place.
from ..looks import BADGE, BOARD, CAP, CIRCLE, CUT, CUT_AT, DEFAULT_STYLE, DOTS, EDGE_ROOM, FIGURE_DPI, GAP, \
    INSIDE_MARGIN, INSIDE_SIZE, LABEL_AT, LEAF, LEGEND, LINE, MAX_FIGSIZE, MAX_FONT, MAX_SLOT_PER_PLY, MIN_FONT, \
    MIN_PLY, MIN_SLOT, OUTER, PAD, READABLE, RING, RING_WIDTH, SLIDE, SMALL, TRIANGLE, TRIANGLE_TEXT_AT
from ..looks import COUNT_INK, CURRENT_FACE, DOTS_INK, EDGE_LABEL_INK, TEXT_INK  # the colours of text
from ..scene import PLAYER_COLOURS

#: Colour-blind-safe colours (Okabe & Ito, 2008): the players' colours in n-player trees.
OKABE_ITO = PLAYER_COLOURS

TITLE_FONT = 14.0
#: Frames: the font a panel is sized for, the font of the captions under the panels and of their letters.
PANEL_FONT, CAPTION_FONT, LETTER_FONT = 13.0, 12.0, 13.0
#: Scenes with more nodes than this are drawn with one artist per style, for speed.
BATCH_ABOVE = 150
#: Boards are drawn by default (``boards=None``) for scenes of at most this many nodes.
BOARDS_UP_TO = 40
#: ... and only if the text can still be this large (pt) with them.
BOARD_FONT = 12.5

#: Readability tiers, tried in order, with the least font size for each: "full" shows every
#: text asked for; "values" only the values inside shapes and the probabilities; "bare" none.
#: First every text readable (no text under MIN_FONT), then only the values readable, and only
#: for trees too big for that, every text small, the values small, and none.  A ``fontsize`` the
#: caller chose below READABLE lowers the readable tiers' bar to it.
TIERS = (("full", READABLE), ("values", READABLE), ("full", 7.0), ("values", 5.0), ("bare", 0.0))

EDGE_LOOK = {  # status -> (colour, width factor, dash pattern)
    "plain": ("black", 1.0, "solid"),
    "visited": ("black", 1.0, "solid"),
    "pv": (None, 2.6, "solid"),
    "pruned": ("0.55", 1.0, (0, (4, 3))),
    "unvisited": ("0.72", 0.8, "solid"),
    "future": ("0.82", 0.8, "solid"),
    "more": ("0.5", 1.0, ":"),
}
INK = {  # status -> (shape edge colour, shape face); the text's colour is TEXT_INK's
    "plain": ("black", "white"),
    "visited": ("black", "white"),
    "pruned": ("0.5", "white"),
    "unvisited": ("0.7", "white"),
    "future": ("0.78", "white"),
}


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
