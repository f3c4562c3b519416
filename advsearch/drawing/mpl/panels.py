"""``draw_frames``: chosen steps of a search side by side, lettered and narrated, like the lecture's frames."""

from __future__ import annotations

import math
import textwrap

import matplotlib.pyplot as plt

from ..frames import frames, pick
from ...trees import spreadsheet_name
from .fitting import Picture, fit, natural_size, picture, plan
from .picture import draw
from .style import CAPTION_FONT, MAX_FIGSIZE, MAX_FONT, PANEL_FONT, check_style

__all__ = ["draw_frames"]


def draw_frames(x, steps=None, ncols=3, *, captions=True, **draw_kwargs):
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
        Panels per row.
    captions : bool
        Write under each panel the sentence that narrates its step.
    **draw_kwargs
        Passed on to :func:`draw` for every panel (``bounds``, ``intervals``,
        ``max_depth``, style options, ...).

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    TypeError
        For anything but a SearchResult or a Trace, or a ``title`` in ``draw_kwargs``.
    ValueError
        For a SearchResult without a trace, an empty trace, steps outside the
        trace or ``ncols`` < 1.

    Examples
    --------
    >>> from advsearch import alphabeta, examples
    >>> fig = draw_frames(alphabeta(examples.two_ply(), trace=True), steps=[3, 13, -1], intervals=True)
    >>> [ax.get_title() for ax in fig.axes]
    ['(a)', '(b)', '(c)']
    >>> plt.close(fig)
    """
    every = frames(x)
    if not every:
        raise ValueError("this trace has no events to draw")
    if "title" in draw_kwargs or "ax" in draw_kwargs or "size" in draw_kwargs:
        raise TypeError("draw_frames places and titles its panels itself: pass no title, ax or size")
    if isinstance(ncols, bool) or not isinstance(ncols, int) or ncols < 1:
        raise ValueError(f"ncols must be a whole number >= 1, not {ncols!r}")
    chosen = pick(every, steps) if steps is not None else [every[i] for i in _spread(len(every))]
    steps = [f.step for f in chosen]
    ncols = min(ncols, len(steps))
    nrows = math.ceil(len(steps) / ncols)
    options = {k: draw_kwargs.get(k, default) for k, default in _PICTURE_OPTIONS.items()}
    panel_w, panel_h = _panel_size(picture(x, None, **options), ncols)
    wrap = max(20, int(panel_w * 72 / (0.55 * CAPTION_FONT)))
    texts = [textwrap.fill(f.text, wrap) if captions else "" for f in chosen]
    lines = [max(t.count("\n") + 1 if t else 0 for t in texts[r * ncols:(r + 1) * ncols]) for r in range(nrows)]
    title_h, gap = 0.35, 0.15
    row_h = [title_h + panel_h + (n * 1.3 * CAPTION_FONT / 72 + 0.1 if n else 0) + gap for n in lines]
    fig_w, fig_h = ncols * panel_w + (ncols + 1) * gap, sum(row_h) + gap
    fig = plt.figure(figsize=(fig_w, fig_h))
    panels = []
    for i, (k, text) in enumerate(zip(steps, texts)):
        row, col = divmod(i, ncols)
        left = gap + col * (panel_w + gap)
        bottom = fig_h - gap - sum(row_h[:row]) - title_h - panel_h
        panels.append(fig.add_axes((left / fig_w, bottom / fig_h, panel_w / fig_w, panel_h / fig_h)))
        if text:
            fig.text(left / fig_w, (bottom - 0.08) / fig_h, text, ha="left", va="top", fontsize=CAPTION_FONT,
                     linespacing=1.3, gid=f"caption {k}")
    # One font size for every panel: the largest that fits them all.
    limit = check_style(_style_of(draw_kwargs))["fontsize"] or MAX_FONT
    font = min(fit(ax, picture(x, k, **options), limit)[0].font for ax, k in zip(panels, steps))
    for i, (ax, k) in enumerate(zip(panels, steps)):
        draw(x, ax=ax, step=k, **{**draw_kwargs, "fontsize": font})
        ax.set_title(f"({spreadsheet_name(i).lower()})", fontsize=11)
    return fig


#: The options of ``draw`` that change what is drawn (the rest are style), with their defaults.
_PICTURE_OPTIONS = {"max_depth": None, "max_children": None, "unvisited": True, "bounds": False,
                    "intervals": False, "actions": False, "boards": None}


def _style_of(kwargs) -> dict:
    """The style options among ``draw`` keyword arguments."""
    return {k: v for k, v in kwargs.items() if k not in _PICTURE_OPTIONS}


def _spread(n: int) -> list:
    """Six (or fewer) evenly spread positions of ``n``, the last included."""
    count = min(6, n)
    return sorted({round(i * (n - 1) / max(count - 1, 1)) for i in range(count)} | {n - 1})


def _panel_size(pic: Picture, ncols: int) -> tuple:
    """Inches for one panel: the finished tree's natural size, shrunk so that a row fits in 16 inches."""
    _, _, needs = plan(pic, "full")
    w, h = natural_size(needs, PANEL_FONT)
    scale = min(1.0, (MAX_FIGSIZE[0] - 0.15 * (ncols + 1)) / ncols / w)
    return max(w * scale, 2.0), max(h * scale, 1.5)
