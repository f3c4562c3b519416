"""One frame per step of a search, for steppers, handouts and answer keys.

A frame is a light record (the step number, its event and the sentence that
narrates it); the picture of step k is ``draw(result, step=k)``, worked out
from the trace when it is asked for.  A step of a depth-first search is one
event of its trace; a step of MCTS is one iteration (select, expand,
rollout, backup), narrated in one sentence.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import validation
from ..result import Event, trace_of
from ..search.mcts import MCTSTrace


@dataclass(frozen=True)
class Frame:
    """Step ``step`` of a search: its ``event`` and the ``text`` that narrates it."""

    step: int
    event: Event
    text: str
    source: Any = None

    def draw(self, ax=None, **style):
        """Draw the search as it stood at this step (see :func:`advsearch.draw`)."""
        from .mpl.picture import draw

        return draw(self.source, ax=ax, step=self.step, **style)


def frames(result) -> list:
    """Every step of a traced search: one :class:`Frame` per trace event, or per MCTS iteration.

    An MCTS frame's ``step`` is the number of iterations done (1, 2, ...),
    its ``event`` the root's backup that ends the iteration.

    Examples
    --------
    >>> from advsearch import alphabeta, examples, frames
    >>> fs = frames(alphabeta(examples.two_ply(), trace=True))
    >>> len(fs), fs[13].text[:20]
    (26, 'C (MIN): v = 2 ≤ α =')
    >>> from advsearch import mcts
    >>> fs = frames(mcts(examples.two_ply(), iterations=5, seed=0, trace=True))
    >>> len(fs), fs[0].step, fs[0].text
    (5, 1, 'Iteration 1: expand B; a random playout from it ends with payoffs (12, -12), backed up to the root.')
    """
    trace = trace_of(result)
    if isinstance(trace, MCTSTrace):
        return [Frame(k, events[-1], text, result)
                for k, (events, text) in enumerate(zip(trace.iterations(), trace.summaries()), start=1)]
    return [Frame(k, e, text, result) for k, (e, text) in enumerate(zip(trace, trace.narrate()))]


def pick(chosen, steps=None) -> list:
    """The frames of ``chosen`` (a list of frames) whose steps are ``steps``, in that order (None: all).

    A negative step counts from the end: -1 is the last frame.  Raises a
    ValueError naming the steps there are for a step that is not one of
    them, for an empty ``steps``, or for steps that are not whole numbers.

    >>> from advsearch import alphabeta, examples
    >>> [f.step for f in pick(frames(alphabeta(examples.two_ply(), trace=True)), [3, -1])]
    [3, 25]
    """
    if steps is None:
        return list(chosen)
    if isinstance(steps, (str, bytes)):
        raise ValueError(f"steps must be a sequence of step numbers, not {steps!r}")
    by_step = {f.step: f for f in chosen}
    first, last = chosen[0].step, chosen[-1].step
    whose = ("an iteration of this search, whose iterations" if isinstance(trace_of(chosen[0].source), MCTSTrace)
             else "an event of this trace, whose events")
    out = []
    for k in steps:
        k = validation.whole_number("each of steps", k)
        if -len(chosen) <= k < 0:
            out.append(chosen[k])
        elif k in by_step:
            out.append(by_step[k])
        else:
            raise ValueError(f"step {k} is not {whose} are {first}..{last}")
    if not out:
        raise ValueError("steps is empty: choose at least one step to show")
    return out
