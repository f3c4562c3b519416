"""Alternative text for matplotlib figures: what a picture shows, in words, for readers who cannot see it.

A picture the package draws carries its text as the attribute
``advsearch_alt`` of its Axes (a tree by :func:`~advsearch.draw`, a board
by a game's ``draw_state``) or of its Figure (:func:`~advsearch.draw_frames`,
the contest's ratings chart); the trees' words are those of the SVG
painter (:mod:`advsearch.drawing.words`).  Any other Axes is described as a
chart from what it holds (:func:`chart_words`): its title, its axes with
their labels and ranges, each series (lines, bars, points, error bars,
bands, images) with its number of points and their range, reference lines
and the texts written on it.  :func:`alt_text` puts a figure's parts
together.

In a notebook, ``import advsearch`` registers :func:`bundle` with IPython
for every matplotlib Figure shown (the package's and a cell's own charts
alike): the figure's image output then carries its text as
``metadata["image/png"]["alt"]``, which nbconvert's HTML, the course site
and the slide decks put in ``<img alt="...">``, and its ``text/plain`` is
the same text instead of ``<Figure size ...>``.

>>> from matplotlib.figure import Figure
>>> fig = Figure()
>>> ax = fig.add_subplot()
>>> _ = ax.plot([1, 2, 3], [0.5, 0.7, 0.9], label="win rate")
>>> _ = ax.set(title="Learning", xlabel="games (thousands)", ylabel="wins")
>>> _ = ax.legend()
>>> print(alt_text(fig))
Chart: Learning. x axis: games (thousands), from 0.9 to 3.1. y axis: wins, from 0.48 to 0.92. Line "win rate": 3 points, (1, 0.5), (2, 0.7), (3, 0.9).
"""

from __future__ import annotations

import math

#: The attribute that holds an Axes' or a Figure's alternative text.
ATTRIBUTE = "advsearch_alt"

#: Series with at most this many points have every point listed; longer ones their ranges.
LIST_POINTS = 12

#: The most characters of alternative text a figure's output carries (a lecture's largest tree needs 4,100).
MAX_TEXT = 10_000

#: The image formats whose output gets the text as its ``alt``.
IMAGE_FORMATS = ("image/png", "image/jpeg", "image/svg+xml")


def describe(artist, text: str):
    """Attach ``text`` to ``artist`` (an Axes or a Figure) as its alternative text; return ``artist``."""
    setattr(artist, ATTRIBUTE, str(text))
    return artist


def alt_text(figure) -> str:
    """The alternative text of a Figure (or of the figure an Axes is in).

    The figure's own text if it has one; else its title and each Axes: its
    own text (a tree, a board), or a chart described from what it holds.
    Axes that show nothing are left out.
    """
    fig = figure.figure if hasattr(figure, "get_xlim") else figure      # an Axes: the figure it is in
    own = getattr(fig, ATTRIBUTE, None)
    if own:
        return own
    parts = []
    suptitle = fig.get_suptitle() if hasattr(fig, "get_suptitle") else ""
    if suptitle:
        parts.append(f"{_sentence(suptitle)}")
    said = [(ax, getattr(ax, ATTRIBUTE, None) or chart_words(ax)) for ax in fig.axes if ax.get_visible()]
    said = [(ax, text) for ax, text in said if text]
    for k, (ax, text) in enumerate(said, start=1):
        head = f"Panel {k} of {len(said)}: " if len(said) > 1 else ""
        title = _flat(ax.get_title()) if getattr(ax, ATTRIBUTE, None) else ""      # a chart says its own
        parts.append(head + (f"{title}: " if title and not text.startswith(title) else "") + text)
    texts = [t.get_text().strip() for t in fig.texts if t.get_visible() and t.get_text().strip()]
    if texts:
        parts.append("Text on the figure: " + "; ".join(_flat(t) for t in texts) + ".")
    if not parts:
        w, h = fig.get_size_inches()
        return f"An empty figure, {_num(w)} by {_num(h)} inches."
    return " ".join(parts)


def chart_words(ax) -> str:
    """A chart in words, from what its Axes holds ("" for an Axes that shows nothing).

    >>> from matplotlib.figure import Figure
    >>> ax = Figure().add_subplot()
    >>> _ = ax.bar(["minimax", "alpha-beta"], [549946, 18297])
    >>> _ = ax.set_ylabel("nodes")
    >>> chart_words(ax)
    'Chart. x axis: categories minimax, alpha-beta. y axis: nodes, from 0 to 577,000. Bars: minimax 549,946, alpha-beta 18,297.'
    """
    series = _lines(ax) + _bars(ax) + _points(ax) + _bands(ax) + _images(ax)
    texts = [_flat(t.get_text()) for t in ax.texts if t.get_visible() and t.get_text().strip()]
    title = " ".join(t for t in (ax.get_title("left"), ax.get_title(), ax.get_title("right")) if t)
    if not series and not texts and not title:
        return ""
    parts = [f"Chart: {_flat(title)}." if title else "Chart."]
    if ax.axison and (series or ax.get_xlabel() or ax.get_ylabel()):
        parts += [_axis(ax, "x"), _axis(ax, "y")]
    parts += series
    if texts:
        shown = texts[:LIST_POINTS]
        parts.append("Text: " + "; ".join(shown) + ("; ..." if len(texts) > len(shown) else "") + ".")
    return " ".join(p for p in parts if p)


def bundle(fig) -> tuple:
    """What IPython shows for a Figure besides its image: the text as ``text/plain`` and as the image's ``alt``.

    Returns ``(data, metadata)`` for IPython's mime-bundle formatter; the
    image itself still comes from the image formatters matplotlib's inline
    backend registers.
    """
    text = _bounded(alt_text(fig))
    return {"text/plain": text}, {mime: {"alt": text} for mime in _shown_formats(fig)}


def _bounded(text: str) -> str:
    """``text`` without control characters (a line break stays), cut to :data:`MAX_TEXT` characters.

    >>> _bounded("a\x1b[2J chart" + "!" * 20_000)[:12], len(_bounded("x" * 20_000))
    ('a [2J chart!', 10015)
    """
    text = "".join(c if c == "\n" or c.isprintable() else " " for c in text)
    return text if len(text) <= MAX_TEXT else f"{text[:MAX_TEXT]}… ({len(text) - MAX_TEXT:,} more)"


def _shown_formats(fig) -> tuple:
    """The image formats IPython will make of ``fig`` (matplotlib's inline backend chooses): PNG by default."""
    try:
        from IPython import get_ipython

        formatters = get_ipython().display_formatter.formatters
    except (ImportError, AttributeError):
        return ("image/png",)
    out = []
    for mime in IMAGE_FORMATS:
        formatter = formatters.get(mime)
        try:
            if formatter is not None and formatter.enabled and formatter.lookup(fig):
                out.append(mime)
        except KeyError:
            pass
    return tuple(out) or ("image/png",)


# ------------------------------------------------------------------ the parts of a chart


def _axis(ax, which: str) -> str:
    axis = ax.xaxis if which == "x" else ax.yaxis
    label = _flat(axis.get_label_text())
    lo, hi = ax.get_xlim() if which == "x" else ax.get_ylim()
    named = _names(ax, which)
    scale = axis.get_scale()
    out = f"{which} axis: " + (label or "")
    if named:
        shown = named[:LIST_POINTS]
        out += (", labelled " if label else "categories ") + ", ".join(shown) + (", ..." if len(named) > len(shown) else "")
    else:
        out += (", f" if label else "f") + f"rom {_num(min(lo, hi))} to {_num(max(lo, hi))}" + \
            (" (reversed)" if lo > hi else "")
    if scale != "linear":
        out += f", {scale} scale"
    return out + "."


def _names(ax, which) -> list:
    """The tick labels of an axis whose ticks are named (categories, or labels set by hand), else []."""
    from matplotlib.category import StrCategoryFormatter
    from matplotlib.ticker import FixedFormatter

    axis = ax.xaxis if which == "x" else ax.yaxis
    if not isinstance(axis.get_major_formatter(), (FixedFormatter, StrCategoryFormatter)):
        return []
    ticks = [t.get_text() for t in (ax.get_xticklabels() if which == "x" else ax.get_yticklabels())]
    return [_flat(t) for t in ticks if t.strip() and not _numeric(t)]


def _label(artist) -> str:
    label = str(artist.get_label() or "")
    return "" if label.startswith("_") else _flat(label)


def _lines(ax) -> list:
    from matplotlib.container import ErrorbarContainer

    caps = {id(cap) for c in ax.containers if isinstance(c, ErrorbarContainer) for cap in c.lines[1]}
    out = []
    for line in ax.get_lines():
        if not line.get_visible() or id(line) in caps:
            continue
        x, y = _floats(line.get_xdata()), _floats(line.get_ydata())
        if not x or not y:
            continue
        label = _label(line)
        if line.get_transform() != ax.transData and len(set(x)) == 1:
            out.append(f"A vertical line at x = {_num(x[0])}" + (f" ({label})" if label else "") + ".")
        elif line.get_transform() != ax.transData and len(set(y)) == 1:
            out.append(f"A horizontal line at y = {_num(y[0])}" + (f" ({label})" if label else "") + ".")
        else:
            kind = "Line" if line.get_linestyle() not in ("None", "", " ") else "Points"
            out.append(f"{kind}{f' {_quoted(label)}' if label else ''}: {_xy(x, y, _named_ticks(ax, 'x'))}.")
    return out


def _bars(ax) -> list:
    from matplotlib.container import BarContainer

    out = []
    for c in ax.containers:
        if not isinstance(c, BarContainer) or not c.patches:
            continue
        horizontal = getattr(c, "orientation", "vertical") == "horizontal"
        values = _floats(getattr(c, "datavalues", None)) or \
            [p.get_width() if horizontal else p.get_height() for p in c.patches]
        where = [p.get_y() + p.get_height() / 2 if horizontal else p.get_x() + p.get_width() / 2 for p in c.patches]
        names = _tick_names(ax, "y" if horizontal else "x", where)
        label = _label(c)
        head = f"Bars{f' {_quoted(label)}' if label else ''}" + (" (horizontal)" if horizontal else "")
        if len(values) <= LIST_POINTS:
            items = [f"{n} {_num(v)}" if n else _num(v) for n, v in zip(names, values)]
            out.append(f"{head}: {', '.join(items)}.")
        else:
            out.append(f"{head}: {len(values)} bars, from {_num(min(values))} to {_num(max(values))}.")
    return out


def _tick_names(ax, which, where) -> list:
    """The tick label at each position of ``where`` (bars' centres), or "" where there is none."""
    at = _named_ticks(ax, which)
    return [at.get(round(float(w), 6), "") for w in where]


def _named_ticks(ax, which) -> dict:
    """Position -> tick label, for the ticks whose labels are names, not numbers."""
    ticks = ax.get_xticks() if which == "x" else ax.get_yticks()
    labels = [t.get_text() for t in (ax.get_xticklabels() if which == "x" else ax.get_yticklabels())]
    return {round(float(t), 6): _flat(lab) for t, lab in zip(ticks, labels) if lab.strip() and not _numeric(lab)}


def _points(ax) -> list:
    from matplotlib.collections import LineCollection, PathCollection

    out = []
    for c in ax.collections:
        if not c.get_visible():
            continue
        if isinstance(c, PathCollection):
            offsets = c.get_offsets()
            if len(offsets):
                label = _label(c)
                x, y = _floats(offsets[:, 0]), _floats(offsets[:, 1])
                out.append(f"Points{f' {_quoted(label)}' if label else ''}: {_xy(x, y, _named_ticks(ax, 'x'))}.")
        elif isinstance(c, LineCollection) and len(c.get_segments()):
            label = _label(c)
            out.append(f"{len(c.get_segments())} line segments{f' {_quoted(label)}' if label else ''}"
                       " (error bars or intervals).")
    return out


def _bands(ax) -> list:
    from matplotlib.collections import PolyCollection

    out = []
    for c in ax.collections:
        if isinstance(c, PolyCollection) and c.get_visible() and len(c.get_paths()):
            label = _label(c)
            verts = [v for path in c.get_paths() for v in path.vertices]
            ys = _floats([v[1] for v in verts])
            out.append(f"A shaded band{f' {_quoted(label)}' if label else ''}" +
                       (f", y from {_num(min(ys))} to {_num(max(ys))}." if ys else "."))
    return out


def _images(ax) -> list:
    out = []
    for im in ax.get_images():
        if not im.get_visible():
            continue
        shape = getattr(im.get_array(), "shape", ())
        size = f" of {shape[0]} by {shape[1]} cells" if len(shape) >= 2 else ""
        lo, hi = im.get_clim() if len(shape) == 2 else (None, None)
        out.append(f"An image{size}" + (f", colours for values from {_num(lo)} to {_num(hi)}" if lo is not None
                                        else "") + ".")
    return out


# ------------------------------------------------------------------ small helpers


def _xy(x, y, names=None) -> str:
    """Points in words: each (x, y) if there are few (x by its tick's name where it has one), else the ranges."""
    n = min(len(x), len(y))
    names = names or {}
    if n <= LIST_POINTS:
        return f"{n} point{'s' if n != 1 else ''}, " + \
            ", ".join(f"({names.get(round(a, 6), _num(a))}, {_num(b)})" for a, b in zip(x, y))
    fx, fy = [v for v in x if math.isfinite(v)], [v for v in y if math.isfinite(v)]
    if not fx or not fy:
        return f"{n} points"
    return (f"{n} points, x from {_num(min(fx))} to {_num(max(fx))}, y from {_num(min(fy))} to {_num(max(fy))}"
            f" (first {_num(y[0])}, last {_num(y[n - 1])})")


def _floats(values) -> list:
    if values is None:
        return []
    out = []
    for v in values:
        try:
            out.append(float(v))
        except (TypeError, ValueError):
            return []
    return out


def _num(v) -> str:
    """A number as a reader wants it: a whole number exactly, others to three significant digits; no "-0".

    >>> _num(549946), _num(577443.3), _num(0.91234), _num(-0.0001234), _num(-0.0)
    ('549,946', '577,000', '0.912', '-0.000123', '0')
    """
    if v is None or not math.isfinite(float(v)):
        return str(v)
    v = float(v)
    if v.is_integer() and abs(v) < 1e15:
        return f"{int(v):,}"
    if abs(v) >= 1000:
        return f"{round(v, 2 - int(math.floor(math.log10(abs(v))))):,.0f}"
    text = f"{v:.3g}"
    return "0" if text == "-0" else text


def _numeric(text: str) -> bool:
    """Whether a tick label is a number ("1,000", "−2", "40%", "$\\mathdefault{10^{3}}$" count)."""
    if "$" in text:
        return True
    try:
        float(text.replace("\N{MINUS SIGN}", "-").replace(",", "").rstrip("%"))
    except ValueError:
        return False
    return True


def _flat(text: str) -> str:
    return " ".join(str(text).split())


def _quoted(text: str) -> str:
    return f'"{text}"'


def _sentence(text: str) -> str:
    text = _flat(text)
    return text if text.endswith((".", "!", "?")) else text + "."
