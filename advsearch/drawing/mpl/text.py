"""How wide a text is, in em, as matplotlib sets it: the matplotlib painter's measure.

The geometry in :mod:`advsearch.drawing.looks` takes a measure of text; this
is the one that asks matplotlib's fonts.  (Numbers, pairs and probabilities
as the lecture writes them are in :mod:`advsearch.drawing.looks` too.)
"""

from __future__ import annotations

from functools import lru_cache

from matplotlib import rcParams
from matplotlib.font_manager import FontProperties
from matplotlib.textpath import text_to_path


@lru_cache(maxsize=4096)
def _em_cached(text: str, bold: bool, family: tuple) -> float:
    prop = FontProperties(family=list(family), size=100, weight="bold" if bold else "normal")
    width, _, _ = text_to_path.get_text_width_height_descent(text, prop, ismath=False)
    return width / 100


def em(text: str, bold: bool = False) -> float:
    """The width of ``text`` in em, in the current default font.

    >>> em(""), 0.5 < em("7") < 0.7, em("A", bold=True) > em("A")
    (0.0, True, True)
    """
    if not text:
        return 0.0
    family = rcParams["font.family"]
    return _em_cached(text, bold, tuple(family) if isinstance(family, list) else (family,))
