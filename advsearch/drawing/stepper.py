"""Where a step-by-step view of a search stands: the logic behind the Stepper widget.

:class:`StepperModel` keeps the current frame of a traced search and moves it
forward, back, to a given frame, or along while "playing".  It knows nothing
about widgets or pictures, so it can be tested on its own and reused by any
front end: :class:`advsearch.widgets.Stepper` puts buttons and a slider on it.

A *frame* is a position 0 .. count-1 of the stepper; each frame shows one
*step* of :func:`~advsearch.drawing.frames.frames`: the index of an event in
the trace or, for MCTS, an iteration.  By default every step is a frame;
``steps`` picks a subset (say, only the prunes and exits).
"""

from __future__ import annotations

from .. import validation
from ..result import trace_of
from .frames import frames, pick


class StepperModel:
    """The current frame of a traced search, with the moves of a media player.

    Parameters
    ----------
    result : SearchResult or Trace
        A search run with ``trace=True``, or its trace.
    steps : sequence of int, optional
        The steps to show, in the order given (negative numbers count from
        the end): trace events, or MCTS iterations.  By default every step,
        in order.

    Raises
    ------
    ValueError
        When there is no trace, the trace is empty, or ``steps`` is empty or
        names an event the trace does not have.
    TypeError
        When ``result`` is neither a SearchResult nor a Trace.

    Examples
    --------
    >>> from advsearch import alphabeta, examples
    >>> m = StepperModel(alphabeta(examples.two_ply(), trace=True))
    >>> m.caption, m.event.kind
    ('step 1 of 26', 'enter')
    >>> m.next(), m.next(), m.caption
    (1, 2, 'step 3 of 26')
    >>> m.text
    "B's child 0 is a leaf worth 3."
    >>> m.go(100), m.at_end
    (25, True)

    A subset of the events, here the prunes:

    >>> r = alphabeta(examples.two_ply(), trace=True)
    >>> m = StepperModel(r, steps=[k for k, e in enumerate(r.trace) if e.kind == "prune"])
    >>> m.count, m.step
    (1, 13)
    """

    def __init__(self, result, steps=None):
        self.trace = trace_of(result)
        if not len(self.trace):
            raise ValueError("this trace has no events to step through")
        self.result = result
        self.frames = pick(frames(result), steps)
        self.steps = tuple(f.step for f in self.frames)
        self._index = 0
        self._playing = False

    # --- Where the stepper is. ---

    @property
    def index(self) -> int:
        """The current frame, 0 .. count-1."""
        return self._index

    @property
    def count(self) -> int:
        """How many frames there are."""
        return len(self.steps)

    @property
    def step(self) -> int:
        """The step shown in the current frame (pass it to ``draw(..., step=...)``)."""
        return self.steps[self._index]

    @property
    def event(self):
        """The :class:`~advsearch.result.Event` of the current frame (of MCTS: the root's last backup)."""
        return self.frames[self._index].event

    @property
    def at_start(self) -> bool:
        """Whether the current frame is the first."""
        return self._index == 0

    @property
    def at_end(self) -> bool:
        """Whether the current frame is the last."""
        return self._index == self.count - 1

    @property
    def text(self) -> str:
        """The sentence that narrates the current step."""
        return self.frames[self._index].text

    @property
    def caption(self) -> str:
        """Where the stepper stands, as "step 4 of 26" (counting frames from 1)."""
        return f"step {self._index + 1} of {self.count}"

    # --- Moving. ---

    def go(self, i) -> int:
        """Go to frame ``i``, clamped to 0 .. count-1; return the new index.

        Raises ValueError when ``i`` is not a whole number.
        """
        i = validation.whole_number("the frame to go to", i)
        self._index = min(max(i, 0), self.count - 1)
        return self._index

    def next(self) -> int:
        """Go one frame forward (staying put at the end); return the new index."""
        return self.go(self._index + 1)

    def back(self) -> int:
        """Go one frame back (staying put at the start); return the new index."""
        return self.go(self._index - 1)

    def first(self) -> int:
        """Go to the first frame; return 0."""
        return self.go(0)

    def last(self) -> int:
        """Go to the last frame; return its index."""
        return self.go(self.count - 1)

    # --- Playing. ---

    @property
    def playing(self) -> bool:
        """Whether :meth:`tick` moves the stepper along."""
        return self._playing

    @playing.setter
    def playing(self, value):
        self._playing = bool(value)

    def play(self):
        """Start playing; from the last frame, start again at the first."""
        if self.at_end:
            self.first()
        self._playing = self.count > 1

    def pause(self):
        """Stop playing, staying at the current frame."""
        self._playing = False

    def tick(self) -> bool:
        """While playing, go one frame forward; stop playing at the last frame.

        Returns whether the frame changed.

        >>> from advsearch import minimax, examples
        >>> m = StepperModel(minimax(examples.two_ply(), trace=True), steps=[0, 1, 2])
        >>> m.tick()                  # not playing: nothing happens
        False
        >>> m.play(); [m.tick() for _ in range(3)], m.index, m.playing
        ([True, True, False], 2, False)
        """
        if not self._playing:
            return False
        before = self._index
        self.next()
        if self.at_end:
            self._playing = False
        return self._index != before

    def __repr__(self) -> str:
        return f"<StepperModel: {self.caption}, event {self.step} of {self.trace!r}>"
