"""A picture for a notebook, drawn as SVG without matplotlib: the exercises' pictures, on any Python.

:func:`picture` is :func:`~advsearch.drawing.svg.to_svg` made into an object
that a notebook shows: its HTML is the ``<svg>`` itself (named and described
for screen readers), and its text (``text/plain``, ``repr``) is the picture's
alternative text, the words of :mod:`.words`.  The exercise notebooks draw with
it, so their stored outputs are the same under CPython and under Pyodide
(Python in a browser tab, which has no matplotlib), and a notebook checker
compares the words, not the pixels.  :func:`~advsearch.draw` stays the
lectures' matplotlib figure.
"""

from __future__ import annotations

from .svg import svg_and_alt


class Picture:
    """An SVG picture (``svg``) and its alternative text (``alt``).

    In a notebook it shows as the picture; ``repr`` is the alternative text
    and ``str`` the SVG document.
    """

    __slots__ = ("svg", "alt")

    def __init__(self, svg: str, alt: str):
        self.svg, self.alt = svg, alt

    def _repr_html_(self) -> str:
        return self.svg

    def __str__(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return self.alt


def picture(x, **options) -> Picture:
    """A tree, or a search at a step, as a :class:`Picture` to show in a notebook; no matplotlib needed.

    Takes what :func:`~advsearch.to_svg` takes: a tree, a traced
    SearchResult, a Trace or an MCTS result, and its options (``step=``,
    ``bounds=``, ``max_depth=``, ``title=``, ...).

    Examples
    --------
    >>> from advsearch import alphabeta, examples, picture
    >>> p = picture(examples.two_ply())
    >>> p.svg.startswith("<svg") and 'role="img"' in p.svg
    True
    >>> print(repr(p)[:60])
    Game tree. The tree in text form: A[B[3 12 8] C[2 4 6] D[14
    >>> print(repr(picture(alphabeta(examples.two_ply(), trace=True), step=13))[:60])
    alphabeta search, after step 13. The tree in text form: A[B[
    """
    return Picture(*svg_and_alt(x, **options))
