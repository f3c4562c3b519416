"""What a checker says: :class:`Feedback`, shown as text, or in a notebook as HTML with a picture."""

from __future__ import annotations

import html

from .pictures import render


class Feedback:
    """What a checker says: ``ok``, ``text``, the diagnosed ``mistake`` key (or None) and its ``findings``.

    ``str(feedback)`` is the text; in a notebook the feedback shows as HTML
    with, where it helps, a small picture of the reference search at the
    step where the answer parts from it (SVG, :meth:`picture`).  ``findings`` is a dict of what the
    check found in the answer, in the checker's own reading of it (which
    nodes it gets right, which leaves it marks, ...): a grader turns these
    into points and never reads the answer a second time.  It is empty when
    the checker records nothing.

    Examples
    --------
    >>> fb = Feedback(False, "At C (MIN): ...", "wrong_perspective")
    >>> fb.ok, fb.mistake, str(fb), fb.picture() is None, fb.findings
    (False, 'wrong_perspective', 'At C (MIN): ...', True, {})
    >>> Feedback(True, "Correct.", findings={"right": [()]}).findings
    {'right': [()]}
    """

    __slots__ = ("ok", "text", "mistake", "_picture", "findings")

    def __init__(self, ok: bool, text: str, mistake: str | None = None, picture=None, *, findings=None):
        self.ok = bool(ok)
        self.text = text
        self.mistake = mistake
        self._picture = picture     # (tree, trace or None, step, focus path, bounds) or None
        self.findings = {} if findings is None else dict(findings)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text

    def picture(self):
        """The picture, an SVG :class:`~advsearch.drawing.svg_picture.Picture`, or None when this feedback has none."""
        if self._picture is None:
            return None
        try:
            return render(*self._picture)
        except Exception:            # a picture is a nicety; never let it break the feedback
            return None

    def _repr_html_(self) -> str:
        if self.ok:
            colour, head = "#2e7d32", "✓"
        elif self.text.startswith("Not answered yet"):
            colour, head = "#757575", "…"
        else:
            colour, head = "#c62828", "✗"
        body = html.escape(self.text)
        shown = self.picture()
        img = "" if shown is None else f"<br>{shown.svg}"
        return (f'<div style="border-left:4px solid {colour};padding:4px 10px;margin:4px 0">'
                f'<b style="color:{colour}">{head}</b> {body}{img}</div>')


def not_answered(what: str) -> Feedback:
    """The feedback for an answer not given yet; ``what`` says what to write."""
    return Feedback(False, "Not answered yet: " + what)
