"""The shape every practice family shares: an :class:`Exercise` and its worked :class:`Solution`.

Each topic's generator (``minimax/practice.py``, ``alphabeta/practice.py``,
``chance/practice.py``, ``multiplayer/practice.py``, ``mcts/practice.py``)
draws a tree from a seed and returns a subclass of :class:`Exercise`, which
says how to search it (:meth:`Exercise.search`), check an answer, give the
key and work the solution.  What the generators share lives here: the caps
(:data:`MAX_TRIES`, :data:`MAX_NODES`), the size check of a random tree's
settings, and the layout of a solution's frames.
"""

from __future__ import annotations

import html
import io

from ... import validation
from ...trees import check_random_size
from .generating import check_branching


#: How many random trees a generator draws before it gives up with a ValueError.
MAX_TRIES = 2000

#: The most nodes an exercise's tree may have; a bigger depth and branching
#: are refused at once.  A generator may draw MAX_TRIES trees, so its work
#: grows with the tree's size times MAX_TRIES: at 1,000 nodes even a request
#: that no tree meets gives up within about half a minute, and a tree worth
#: working through by hand is far smaller.
MAX_NODES = 1_000

#: At most this many panels in a solution's frame grid.
MAX_PANELS = 6


def columns(leaves: int) -> int:
    """Panels a row in a solution's frame grid, for a tree of this many leaves: 3, 2, or 1 above 12 leaves."""
    return 3 if leaves <= 8 else 2 if leaves <= 12 else 1


def node_name(node) -> str:
    """A node's label, or ``node [i][j]`` for one without.

    >>> from advsearch import examples
    >>> node_name(examples.two_ply().node((0,)))
    'B'
    """
    return node.label if node.label is not None else "node " + "".join(f"[{a}]" for a in node.path)


def check_tree_settings(kind, seed, depth, branching, low, high, ties) -> tuple:
    """Check a two-player generator's settings; ``(lo, hi)`` children a node."""
    validation.seed(seed)
    validation.whole_number("depth", depth, least=1)
    lo, hi = check_branching(branching)
    if not (validation.is_whole_number(low) and validation.is_whole_number(high)) or low > high:
        raise ValueError(f"low and high must be ints with low <= high, not {low!r} and {high!r}")
    if not isinstance(ties, bool):
        raise ValueError(f"ties must be True or False, not {ties!r}")
    check_random_size(f"practice.{kind}(depth={depth!r}, branching={branching!r})", (lo, hi), depth,
                      max_nodes=MAX_NODES)
    return lo, hi



class Solution:
    """A worked solution: pictures of the search and the text that explains it.

    ``shown`` is what is drawn: a traced search (or a tree), whole, or at each
    step of ``frames`` when given; ``style`` holds the drawing's options
    (``intervals``, ``max_depth``, ``title``, ...).  In a notebook it shows the pictures as
    SVG (no matplotlib needed, so in a browser's Python too) with the
    explanation under them; ``str`` and ``repr`` give the text alone.
    :attr:`figure` and :meth:`png` are the same pictures drawn by matplotlib,
    for files (``ncols`` panels a row).

    Examples
    --------
    >>> from advsearch import practice
    >>> sol = practice.minimax(seed=3).solution()
    >>> print(str(sol).splitlines()[-1])  # doctest: +ELLIPSIS
    The root A is worth ...
    >>> sol._repr_html_().count("<svg")
    1
    """

    def __init__(self, shown, summary: list, steps: list = (), title: str = "Solution", *, frames=None, ncols=None,
                 style=None):
        self.shown, self.ncols, self.style = shown, ncols, dict(style or {})
        self.frames = None if frames is None else list(frames)
        self.summary = list(summary)
        self.steps = list(steps)
        self.title = title
        self._figure = self._png = None

    @property
    def text(self) -> str:
        """The whole explanation as plain text."""
        lines = [self.title, *self.summary]
        if self.steps:
            lines += ["", "Step by step:"] + [f"{k:3d}. {s}" for k, s in enumerate(self.steps, 1)]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text

    def pictures(self) -> list:
        """``[(caption, Picture)]``: the whole search (caption ""), or each step of :attr:`frames`, narrated."""
        from ...drawing.svg_picture import picture

        if self.frames is None:
            return [("", picture(self.shown, **self.style))]
        said = self.shown.trace.narrate()
        return [(f"({chr(ord('a') + k)}) step {step}: {said[step]}", picture(self.shown, step=step, **self.style))
                for k, step in enumerate(self.frames)]

    @property
    def figure(self):
        """The pictures as one matplotlib Figure (closed in pyplot, so it is shown only where asked for)."""
        if self._figure is None:
            from ...drawing.mpl import draw, draw_frames
            from .generating import closed

            if self.frames is None:
                figure = draw(self.shown, **self.style).figure
            else:
                figure = draw_frames(self.shown, steps=self.frames, ncols=self.ncols, **self.style)
            self._figure = closed(figure)
        return self._figure

    def png(self) -> bytes:
        """The figure as PNG bytes, with :attr:`text` as the file's Description (its text alternative)."""
        if self._png is None:
            buf = io.BytesIO()
            self.figure.savefig(buf, format="png", dpi=80, bbox_inches="tight", metadata={"Description": self.text})
            self._png = buf.getvalue()
        return self._png

    def _repr_html_(self) -> str:
        parts = [f"<div><p><b>{html.escape(self.title)}</b></p>", '<div style="display:flex;flex-wrap:wrap;gap:8px">']
        for caption, shown in self.pictures():
            said = f"<figcaption>{html.escape(caption)}</figcaption>" if caption else ""
            parts.append(f'<figure style="margin:0">{shown.svg}{said}</figure>')
        parts.append("</div>")
        parts += [f"<p>{html.escape(s)}</p>" for s in self.summary]
        if self.steps:
            items = "".join(f"<li>{html.escape(s)}</li>" for s in self.steps)
            parts.append(f"<details><summary>Step by step ({len(self.steps)} steps)</summary>"
                         f"<ol>{items}</ol></details>")
        parts.append("</div>")
        return "".join(parts)


# --------------------------------------------------------------- the exercise


class Exercise:
    """A practice exercise: a tree, a question, a checker, an answer key and a worked solution.

    Every family's exercise is one of these: :func:`~advsearch.practice.minimax`
    and :func:`~advsearch.practice.alphabeta` (lectures 01 and 02),
    :func:`~advsearch.practice.expectiminimax` and
    :func:`~advsearch.practice.star1` (04), :func:`~advsearch.practice.maxn`
    and :func:`~advsearch.practice.shallow` (05),
    :func:`~advsearch.practice.uct` and :func:`~advsearch.practice.uct_backup`
    (06).  A family defines :meth:`search`, :meth:`check`,
    :meth:`answer_key` and :meth:`solution`; the rest is shared.

    Attributes
    ----------
    tree : Tree or StatsTree
        Inner nodes labelled A, B, ...; leaves labelled after their parent
        (``"b2"``).
    kind : str
        The generator's name: ``"minimax"``, ``"alphabeta"``, ...
    question : str
        What to compute or mark, and the form of the answer.
    seed : int or str
        The seed it was made from.
    settings : dict
        The generator's parameters, so ``practice.<kind>(seed, **settings)``
        makes it again.
    prune_on_equal : bool or None
        The cut test of a pruning question (None for the others).

    Examples
    --------
    >>> from advsearch import practice
    >>> ex = practice.minimax(seed=0)
    >>> isinstance(ex, practice.Exercise), ex.kind
    (True, 'minimax')
    >>> print(ex.question.splitlines()[0])
    Compute the minimax value of every inner node (A, B, C, D) of this 2-ply tree, MAX at the root.
    >>> ex.answer_key() == practice.minimax(seed=0).answer_key()
    True
    """

    def __init__(self, t, kind: str, question: str, *, seed, settings: dict, prune_on_equal=None):
        self.tree = t
        self.kind = kind
        self.question = question
        self.seed = seed
        self.settings = dict(settings)
        self.prune_on_equal = prune_on_equal
        self._result = None

    @property
    def result(self):
        """The reference search of the tree, with its trace (made once, by :meth:`search`)."""
        if self._result is None:
            self._result = self.search()
        return self._result

    def search(self):
        """The family's reference search of the tree, with its trace."""
        raise NotImplementedError(f"a {self.kind} exercise has no reference search")

    def check(self, answer):
        """Check an answer and say where it goes wrong: an :class:`advsearch.check.Feedback`."""
        raise NotImplementedError

    def answer_key(self) -> dict:
        """The answers, for instructors."""
        raise NotImplementedError

    def solution(self) -> Solution:
        """The worked solution, to check your own work after answering."""
        raise NotImplementedError

    def drawn(self) -> tuple:
        """``(what, options)``: what the student is shown, the tree with leaf values only, and how it is drawn."""
        return self.tree, {}

    def picture(self, **options):
        """The exercise's picture as SVG, to show in a notebook (no matplotlib needed): a
        :class:`advsearch.drawing.Picture`.  ``options`` are those of :func:`advsearch.to_svg`.

        >>> from advsearch import practice
        >>> print(repr(practice.minimax(seed=0).picture())[:34])
        Game tree. The tree in text form: 
        """
        from ...drawing.svg_picture import picture

        what, shown = self.drawn()
        return picture(what, **{**shown, **options})

    def draw(self, ax=None, **style):
        """Draw the exercise's picture with matplotlib (a lecture's figure; :meth:`picture` needs none).

        Parameters are those of :func:`advsearch.draw`; returns its Axes.
        """
        from ...drawing.mpl import draw

        what, shown = self.drawn()
        return draw(what, ax=ax, **{**shown, **style})

    def tree_text(self) -> str:
        """The tree as text, shown under the question ("" where the question already shows it)."""
        return str(self.tree)

    def __repr__(self) -> str:
        tree = self.tree_text()
        return f"{self.kind} exercise (seed {self.seed})\n{self.question}" + (f"\n\nTree: {tree}" if tree else "")

    def _repr_html_(self) -> str:
        question = "".join(f"<p>{html.escape(line)}</p>" for line in self.question.splitlines())
        tree = self.tree_text()
        return (f"<div><p><b>{html.escape(self.kind)} exercise</b> (seed {html.escape(str(self.seed))})</p>"
                f"{question}" + (f"<pre>{html.escape(tree)}</pre>" if tree else "") + "</div>")
