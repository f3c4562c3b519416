"""Interactive views for Jupyter: step through a search with play, back and forward.

ipywidgets is imported only when a widget is built, so this module imports
(and its docstrings run) without it.  Outside a live notebook (GitHub,
nbviewer, nbconvert, nbval) a :class:`Stepper` shows as a static picture of
its current frame with the narration as plain text.

The logic of stepping lives in :class:`advsearch.drawing.stepper.StepperModel`;
this module only puts controls on it.
"""

from __future__ import annotations

import base64
import html
import io

from .drawing.stepper import StepperModel

__all__ = ["Stepper"]

#: Frames kept as PNG bytes, so going back is instant; beyond this the cache restarts.
_CACHE_LIMIT = 256


class Stepper:
    """Step through a traced search: Play/Pause, Back, Forward, a step slider, narration and the tree.

    Parameters
    ----------
    result : SearchResult or Trace
        A search run with ``trace=True``, or its trace.
    steps : sequence of int, optional
        The trace events to show, in order; by default all of them.
    interval : int
        Milliseconds per step when playing.
    figsize : (float, float), optional
        Size in inches of the picture.  By default the size ``draw`` gives
        the whole tree (about 0.6 inch a leaf and an inch a ply, at most
        16 x 9), kept for every frame so the tree does not jump.
    dpi : int
        Resolution of the picture.
    **draw_kwargs
        Passed on to :func:`advsearch.drawing.mpl.draw` for every frame
        (``max_depth``, ``boards``, and so on).

    Attributes
    ----------
    model : StepperModel
        Where the stepper stands; ``model.step`` is the trace event shown.
    widget : ipywidgets.VBox
        The whole control, to put inside other widgets.
    play, slider, back_button, forward_button, narration, output
        Its parts.  The slider and the Play control count frames from 1, like
        the caption "step 1 of 26".

    Notes
    -----
    Each frame is drawn by ``draw(result, step=model.step, ax=ax, **draw_kwargs)``
    on one reused figure (cleared between frames) and sent to the ``output``
    widget as a PNG, so a live notebook needs no particular matplotlib backend;
    frames already seen are kept, so going back is instant.  Playing is driven
    by the front end's ``ipywidgets.Play`` control, so no timer runs in the
    kernel.

    Examples
    --------
    In a notebook, end a cell with the stepper to show it::

        from advsearch import alphabeta, examples
        from advsearch.widgets import Stepper
        Stepper(alphabeta(examples.two_ply(), trace=True))
    """

    def __init__(self, result, steps=None, *, interval=1000, figsize=None, dpi=100, **draw_kwargs):
        import ipywidgets as w

        self.model = StepperModel(result, steps)
        self.result = result
        # draw's own name for the size is accepted too; it is only used for the first frame.
        self.figsize, self.dpi = draw_kwargs.pop("size", figsize), dpi
        self.draw_kwargs = draw_kwargs
        self._figure = self._ax = None
        self._pngs = {}
        self._shown = None          # the step whose picture is in the output
        self._syncing = False

        count = self.model.count
        self.play = w.Play(value=1, min=1, max=count, step=1, interval=int(interval),
                           show_repeat=False, description="Play", tooltip="Play or pause")
        self.back_button = w.Button(description="◀ Back", tooltip="Previous step",
                                    layout=w.Layout(width="auto"))
        self.forward_button = w.Button(description="Forward ▶", tooltip="Next step",
                                       layout=w.Layout(width="auto"))
        self.slider = w.IntSlider(value=1, min=1, max=count, step=1, description="step",
                                  continuous_update=True, layout=w.Layout(width="auto", flex="1 1 auto"))
        # The front end moves the slider with the Play control without a round trip
        # to the kernel; the observers below keep the model in step with both.
        w.jslink((self.play, "value"), (self.slider, "value"))
        self.narration = w.HTML(layout=w.Layout(min_height="2.6em"))
        self.output = w.Output()

        self.back_button.on_click(lambda _button: self.back())
        self.forward_button.on_click(lambda _button: self.next())
        self.slider.observe(self._on_value, names="value")
        self.play.observe(self._on_value, names="value")
        self.play.observe(self._on_playing, names="playing")

        controls = w.HBox([self.play, self.back_button, self.forward_button, self.slider],
                          layout=w.Layout(align_items="center"))
        self.widget = w.VBox([controls, self.narration, self.output])
        self._update()

    # --- Moving: each returns the new frame index, like the model. ---

    def go(self, i) -> int:
        """Show frame ``i`` (0-based, clamped); ValueError if ``i`` is not a whole number."""
        self.model.go(i)
        return self._update()

    def next(self) -> int:
        """Show the next frame (what the Forward button does)."""
        self.model.next()
        return self._update()

    def back(self) -> int:
        """Show the previous frame (what the Back button does)."""
        self.model.back()
        return self._update()

    def first(self) -> int:
        """Show the first frame."""
        self.model.first()
        return self._update()

    def last(self) -> int:
        """Show the last frame."""
        self.model.last()
        return self._update()

    @property
    def text(self) -> str:
        """The narration of the current step."""
        return self.model.text

    @property
    def caption(self) -> str:
        """Where the stepper stands, as "step 4 of 26"."""
        return self.model.caption

    # --- Keeping the controls, the narration and the picture in step. ---

    def _on_value(self, change):
        if not self._syncing:
            self.model.go(change["new"] - 1)
            self._update()

    def _on_playing(self, change):
        self.model.playing = change["new"]

    def _update(self) -> int:
        m = self.model
        self._syncing = True
        try:
            for control in (self.slider, self.play):
                if control.value != m.index + 1:
                    control.value = m.index + 1
        finally:
            self._syncing = False
        self.back_button.disabled = m.at_start
        self.forward_button.disabled = m.at_end
        self.narration.value = (f"<b>{html.escape(m.caption)}</b> (event {m.step})<br>"
                                f"{html.escape(m.text)}")
        if self._shown != m.step:
            png = self.png()
            self.output.outputs = ({
                "output_type": "display_data",
                "data": {"image/png": base64.b64encode(png).decode("ascii"), "text/plain": self._plain()},
                "metadata": {},
            },)
            self._shown = m.step
        return m.index

    def png(self) -> bytes:
        """The picture of the current frame, as PNG bytes (drawn once per step, then cached)."""
        step = self.model.step
        if step not in self._pngs:
            if len(self._pngs) >= _CACHE_LIMIT:
                self._pngs.clear()
            self._pngs[step] = self._render(step)
        return self._pngs[step]

    def _render(self, step) -> bytes:
        from .drawing.mpl import draw

        if self._figure is None:
            # The first frame makes the figure, sized for the whole tree, and
            # every later frame is drawn again on the same axes.
            import matplotlib.pyplot as plt

            ax = draw(self.result, step=step, size=self.figsize, **self.draw_kwargs)
            self._figure, self._ax = ax.figure, ax
            plt.close(ax.figure)          # out of pyplot, so a notebook does not show it a second time
        else:
            fig, ax = self._figure, self._ax
            for other in list(fig.axes):  # anything a drawing added beside ax
                if other is not ax:
                    other.remove()
            ax.clear()                    # also removes the boards, which are inset axes of ax
            draw(self.result, ax=ax, step=step, **self.draw_kwargs)
        fig = self._figure
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=self.dpi, metadata={"Software": None})   # no version stamp
        return buffer.getvalue()

    # --- How it shows. ---

    def _plain(self) -> str:
        return f"Stepper: {self.model.caption} — {self.model.text}"

    def __repr__(self) -> str:
        return self._plain()

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        """The live widget for front ends that have one, with a still of this frame for the rest.

        A notebook saved with the stepper's output keeps the PNG and the
        narration, so GitHub, nbviewer and nbconvert show the current frame.
        """
        data = dict(self.widget._repr_mimebundle_(include=include, exclude=exclude, **kwargs) or {})
        data["text/plain"] = self._plain()
        data["image/png"] = base64.b64encode(self.png()).decode("ascii")
        return data
