"""One frame per step of a search, for steppers, handouts and answer keys.

A frame is a light record (the step number, its event and the sentence that
narrates it); the picture of step k is ``draw(result, step=k)``, worked out
from the trace when it is asked for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..result import Event, trace_of

__all__ = ["Frame", "frames"]


@dataclass(frozen=True)
class Frame:
    """Step ``step`` of a search: its ``event`` and the ``text`` that narrates it."""

    step: int
    event: Event
    text: str
    source: Any = None

    def draw(self, ax=None, **style):
        """Draw the search as it stood at this step (see :func:`advsearch.draw`)."""
        from .mpl import draw

        return draw(self.source, ax=ax, step=self.step, **style)


def frames(result) -> list:
    """Every step of a traced search, one :class:`Frame` per trace event.

    Examples
    --------
    >>> from advsearch import alphabeta, examples, frames
    >>> fs = frames(alphabeta(examples.two_ply(), trace=True))
    >>> len(fs), fs[13].text[:20]
    (26, 'C (MIN): v = 2 ≤ α =')
    """
    trace = trace_of(result)
    return [Frame(k, e, text, result) for k, (e, text) in enumerate(zip(trace, trace.narrate()))]
