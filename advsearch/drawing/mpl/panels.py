"""``draw_frames``: chosen steps of a search side by side, lettered and narrated, like the lecture's frames."""

from __future__ import annotations

import math
import textwrap

import matplotlib.pyplot as plt

from ..frames import frames, pick
from ... import validation
from ...trees import spreadsheet_name
from .alt import describe
from .fitting import PICTURE_OPTIONS, Picture, fit, natural_size, picture, plan
from .picture import draw
from .style import CAPTION_FONT, FIGURE_DPI, LETTER_FONT, MAX_FIGSIZE, MAX_FONT, PANEL_FONT, READABLE, check_style


def draw_frames(x, steps=None, ncols=3, *, captions=True, letters=None, **draw_kwargs):
    """A grid of chosen steps of a search, each titled (a), (b), ... and narrated underneath.

    Made for print, handouts and notebooks viewed on GitHub: a static picture
    of how the search went, like the lecture's alpha-beta frames (a)-(f).

    Parameters
    ----------
    x : SearchResult or Trace
        A search run with ``trace=True``, or its trace.
    steps : sequence of int, optional
        The steps to show (see :func:`~advsearch.drawing.frames.frames`):
        trace events, or for MCTS iterations; negative numbers count from
        the end.  By default six evenly spread steps, the last included.
    ncols : int
        The most panels a row.  Fewer when that many would make any text
        smaller than 11 pt (``MIN_FONT``) in a figure 12.8 inches wide;
        a tree too big for readable text even alone in its row keeps
        ``ncols`` and smaller text, and so does a ``fontsize`` chosen
        below what is readable.
    captions : bool
        Write under each panel the sentence that narrates its step.
    letters : str or sequence of str, optional
        The panels' titles: a string of one letter a panel (``"acdf"``
        titles them (a), (c), (d), (f), to match a lecture's frames), or a
        sequence of titles written as given.  By default (a), (b), ...
    **draw_kwargs
        Passed on to :func:`draw` for every panel (``bounds``, ``intervals``,
        ``max_depth``, style options, ...).

    Returns
    -------
    matplotlib.figure.Figure
        At 100 dpi, at most 12.8 inches wide (a 1280 x 720 slide shows it
        unscaled), its captions and titles at least 11 pt.  Its
        ``advsearch_alt`` is the figure's alternative text: how many
        frames of which search, then each panel's title and its picture's
        text (what its step did and every node, see :func:`draw`).

    Raises
    ------
    TypeError
        For anything but a SearchResult or a Trace, or a ``title`` in ``draw_kwargs``.
    ValueError
        For a SearchResult without a trace, an empty trace, steps outside the
        trace, ``ncols`` < 1, or ``letters`` that do not give one title a panel.

    Examples
    --------
    >>> from advsearch import alphabeta, examples
    >>> fig = draw_frames(alphabeta(examples.two_ply(), trace=True), steps=[3, 13, -1], intervals=True)
    >>> [ax.get_title() for ax in fig.axes]
    ['(a)', '(b)', '(c)']
    >>> fig = draw_frames(alphabeta(examples.two_ply(), trace=True), steps=[3, 13, -1], letters="adf")
    >>> [ax.get_title() for ax in fig.axes]
    ['(a)', '(d)', '(f)']
    >>> print(fig.advsearch_alt.split(". The tree")[0])
    3 frames of the alphabeta search, step by step. (a) alphabeta search, after step 3
    >>> "(f) alphabeta search, after step 25. " in fig.advsearch_alt
    True
    >>> plt.close("all")
    """
    every = frames(x)
    if not every:
        raise ValueError("this trace has no events to draw")
    if "title" in draw_kwargs or "ax" in draw_kwargs or "size" in draw_kwargs:
        raise TypeError("draw_frames places and titles its panels itself: pass no title, ax or size")
    validation.count("ncols", ncols)
    chosen = pick(every, steps) if steps is not None else [every[i] for i in _spread(len(every))]
    steps = [f.step for f in chosen]
    titles = _titles(letters, len(steps))
    options = {k: draw_kwargs.get(k, default) for k, default in _PICTURE_OPTIONS.items()}
    style = check_style(_style_of(draw_kwargs))
    limit = style["fontsize"] or MAX_FONT
    bar = min(READABLE, limit)      # the least main font at which no text is under MIN_FONT (or as asked)
    finished = picture(x, None, **options, st=style)
    pictures = [picture(x, k, **options, st=style) for k in steps]
    # As many panels a row as asked, or fewer if that many would make the text smaller than MIN_FONT;
    # only a tree too big for readable text even alone in its row is drawn small, as asked.
    for n in range(min(ncols, len(steps)), 0, -1):
        size = _panel_size(pictures, n, bar)
        if size is not None:
            fig, panels = _grid(chosen, n, size, captions)
            font = _common_font(panels, pictures, limit)
            if font >= bar:
                break
            plt.close(fig)
    else:
        n = min(ncols, len(steps))
        fig, panels = _grid(chosen, n, _scaled_panel(finished, n), captions)
        font = _common_font(panels, pictures, limit)
    for ax, k, title in zip(panels, steps, titles):
        draw(x, ax=ax, step=k, **{**draw_kwargs, "fontsize": font})
        ax.set_title(title, fontsize=LETTER_FONT)
    algorithm = finished.graph.graph.get("algorithm") or "search"
    describe(fig, f"{len(steps)} frame{'s' if len(steps) != 1 else ''} of the {algorithm} search, step by step. "
             + " ".join(f"{title} {ax.advsearch_alt}" for ax, title in zip(panels, titles)))
    return fig


def _common_font(panels, pictures, limit) -> float:
    """One font size for every panel: the largest that fits them all."""
    return min(fit(ax, pic, limit)[0].font for ax, pic in zip(panels, pictures))


def _grid(chosen, ncols: int, panel: tuple, captions: bool):
    """A figure with one empty panel a frame, ``ncols`` a row, each ``panel`` inches, captioned."""
    panel_w, panel_h = panel
    nrows = math.ceil(len(chosen) / ncols)
    wrap = max(20, int(panel_w * 72 / (0.55 * CAPTION_FONT)))
    texts = [textwrap.fill(f.text, wrap) if captions else "" for f in chosen]
    lines = [max(t.count("\n") + 1 if t else 0 for t in texts[r * ncols:(r + 1) * ncols]) for r in range(nrows)]
    row_h = [_TITLE_H + panel_h + (n * 1.3 * CAPTION_FONT / 72 + 0.1 if n else 0) + _GAP for n in lines]
    fig_w, fig_h = ncols * panel_w + (ncols + 1) * _GAP, sum(row_h) + _GAP
    fig = plt.figure(figsize=(fig_w, fig_h), dpi=FIGURE_DPI)
    panels = []
    for i, (frame, text) in enumerate(zip(chosen, texts)):
        row, col = divmod(i, ncols)
        left = _GAP + col * (panel_w + _GAP)
        bottom = fig_h - _GAP - sum(row_h[:row]) - _TITLE_H - panel_h
        panels.append(fig.add_axes((left / fig_w, bottom / fig_h, panel_w / fig_w, panel_h / fig_h)))
        if text:
            fig.text(left / fig_w, (bottom - 0.08) / fig_h, text, ha="left", va="top", fontsize=CAPTION_FONT,
                     linespacing=1.3, gid=f"caption {frame.step}")
    return fig, panels


#: The options of ``draw`` that change what is drawn (the rest are style), with their defaults.
_PICTURE_OPTIONS = PICTURE_OPTIONS


def _titles(letters, n: int) -> list:
    """The panels' titles: (a), (b), ... or as ``letters`` gives them."""
    if letters is None:
        return [f"({spreadsheet_name(i).lower()})" for i in range(n)]
    if isinstance(letters, str):
        titles = [f"({c})" for c in letters]
    elif isinstance(letters, (list, tuple)) and all(isinstance(t, str) for t in letters):
        titles = list(letters)
    else:
        raise ValueError(f"letters must be a str of one letter a panel or a sequence of titles, not {letters!r}")
    if len(titles) != n:
        raise ValueError(f"letters gives {len(titles)} titles for {n} panels: give one a panel")
    return titles


def _style_of(kwargs) -> dict:
    """The style options among ``draw`` keyword arguments."""
    return {k: v for k, v in kwargs.items() if k not in _PICTURE_OPTIONS}


def _spread(n: int) -> list:
    """Six (or fewer) evenly spread positions of ``n``, the last included."""
    count = min(6, n)
    return sorted({round(i * (n - 1) / max(count - 1, 1)) for i in range(count)} | {n - 1})


#: Inches: the room for a panel's title above it, and the gap around panels.
_TITLE_H, _GAP = 0.4, 0.15


def _room(ncols: int) -> float:
    """The widest a panel can be, in inches, for ``ncols`` panels to fit a slide's width."""
    return (MAX_FIGSIZE[0] - _GAP * (ncols + 1)) / ncols


def _panel_size(pictures, ncols: int, bar: float):
    """Inches for one panel, ``ncols`` a row, whose main font can be at least ``bar``; None if there are none.

    The pictures at their natural size for PANEL_FONT if a row of them fits a slide's width;
    else narrower panels at the largest font at which every picture fits, with every text
    (then: only the values) drawn, and as tall as the tallest needs at that font.
    """
    room = _room(ncols)
    for tier in ("full", "values"):
        needs = [plan(pic, tier)[2] for pic in pictures]
        font = min([PANEL_FONT] + [room * 72 / need.narrowest()[1] for need in needs])
        if font >= bar:
            sizes = [natural_size(need, font) for need in needs]
            return min(max(w for w, _ in sizes), room), max(h for _, h in sizes)
    return None


def _scaled_panel(pic: Picture, ncols: int) -> tuple:
    """Inches for one panel of a tree too big for readable text: its natural size, shrunk to fit a row."""
    _, _, needs = plan(pic, "full")
    w, h = natural_size(needs, PANEL_FONT)
    scale = min(1.0, _room(ncols) / w)
    return max(w * scale, 2.0), max(h * scale, 1.5)
