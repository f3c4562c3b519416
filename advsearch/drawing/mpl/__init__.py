"""Game trees and searches drawn with matplotlib, in the lecture's notation.

:func:`draw` pictures a tree, or a search as it stood at any step of its
trace; :func:`draw_frames` puts chosen steps side by side with their
narration, like the lecture's alpha-beta frames (a)-(f).  Both draw only what
:func:`~advsearch.drawing.scene.scene` worked out, placed by
:func:`~advsearch.drawing.layout.tidy_layout`: nothing is searched again, and the
TikZ export shows the same thing.

How a picture is sized
----------------------
Every length in a picture is a multiple of one font size: shapes, gaps and
text.  Each node owns a horizontal *band* at its depth: label on the left,
shape in the middle, value and [α, β] on the right (with a board, the shape
and the texts go under the board).  Edges run from the bottom of a parent's
band to the top of its child's, so they never cross one, and probabilities
and actions sit in the free gap between two depths.
Fitting the picture is then a set of linear conditions (neighbouring bands
must not touch, text must stay inside the axes), and the font size is the
largest that meets them all, at most 14 pt.  When ``draw`` makes the figure
it first chooses the size at which a 14 pt font fits, up to 16 x 9 inches;
past that, the font shrinks.  A tree too big for readable text drops its
labels, notes and the values that do not fit inside shapes first, then all
values, and keeps the shapes.

What each node looks like and every length in em are shared with the SVG
painter (:mod:`advsearch.drawing.looks`, which imports no matplotlib).  The
parts here: :mod:`.style` (colours, tiers, options, and the shared lengths by
name), :mod:`.text` (text widths as matplotlib sets them), :mod:`.looks` (the
shapes' marker paths), :mod:`.fitting` (where everything goes), :mod:`.edges` and :mod:`.nodes`
(painting), :mod:`.picture` (:func:`draw`) and :mod:`.panels`
(:func:`draw_frames`).  :func:`lecture_style` brings the charts a notebook
draws itself to the same rule (no text under 11 pt, 100 dpi).
"""

from .panels import draw_frames
from .picture import draw
from .style import LECTURE_RC, OKABE_ITO, lecture_style

__all__ = ["draw", "draw_frames", "lecture_style", "LECTURE_RC", "OKABE_ITO"]


