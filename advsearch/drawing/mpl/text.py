"""Text as a picture sets it: widths in em, and numbers, pairs and probabilities as the lecture writes them."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from matplotlib import rcParams
from matplotlib.font_manager import FontProperties
from matplotlib.textpath import text_to_path

from ..scene import value_text


@lru_cache(maxsize=4096)
def _em_cached(text: str, bold: bool, family: tuple) -> float:
    prop = FontProperties(family=list(family), size=100, weight="bold" if bold else "normal")
    width, _, _ = text_to_path.get_text_width_height_descent(text, prop, ismath=False)
    return width / 100


def em(text: str, bold: bool = False) -> float:
    """The width of ``text`` in em, in the current default font."""
    if not text:
        return 0.0
    family = rcParams["font.family"]
    return _em_cached(text, bold, tuple(family) if isinstance(family, list) else (family,))


def numeric(text: str) -> str:
    """A value as typeset: a true minus sign instead of a hyphen."""
    return str(text).replace("-", "−")


def pair(lo, hi) -> str:
    """``[lo, hi]`` as typeset, infinities included."""
    return numeric(f"[{value_text(lo)}, {value_text(hi)}]")


def probability_text(p) -> str:
    """``1/2`` for a Fraction, a short decimal otherwise."""
    if isinstance(p, Fraction):
        return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"
    return numeric(value_text(p))
