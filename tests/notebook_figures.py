"""Run a notebook's code in this process and measure every figure it shows.

:func:`figures_of` executes a notebook cell by cell in an IPython shell (no
kernel: Agg backend, the notebook's own directory as working directory) and,
whenever a figure would appear in the notebook (``plt.show()``, or at the end
of a cell, as the inline backend does), draws it and records the smallest
text drawn (tick labels, legends, titles and annotations included; hidden or
empty texts left out) and the figure's width and resolution.  Used by
tests/test_notebook_figures.py, and as a script to print the measurements::

    .venv/bin/python tests/notebook_figures.py notebooks/02_alpha_beta.ipynb

(``--json NOTEBOOK...`` prints them as JSON, for the test, which runs each
lecture notebook in a process of its own, and the exercise notebooks together, which show no figure.)
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import nbformat  # noqa: E402
from matplotlib.text import Text  # noqa: E402


@dataclass
class Shown:
    """One figure as a notebook showed it: where, its smallest text and its size."""

    notebook: str
    cell: int           # the cell's index in the notebook (markdown cells counted)
    smallest: float     # pt
    text: str           # the (first) text of that size
    width: float        # inches
    dpi: float
    drawn: float = 0.0  # inches: the width of what is drawn (the inline backend crops to it)

    def __str__(self):
        return (f"{self.notebook} cell {self.cell}: smallest text {self.smallest:g} pt ({self.text!r}), "
                f"{self.width:.2f} in wide ({self.drawn:.2f} in drawn) at {self.dpi:g} dpi")


def measure(fig) -> tuple:
    """The smallest font size (pt) among the texts drawing ``fig`` draws, one such text, and the drawn width (in).

    Counted: every text that is drawn (visible, not empty, not fully
    transparent), wherever it is: tick labels, legends, titles, annotations.
    """
    drawn = []
    plain = Text.draw

    def recording(self, renderer):
        if self.get_visible() and self.get_text().strip() and self.get_alpha() != 0:
            drawn.append(self)
        return plain(self, renderer)

    Text.draw = recording
    try:
        fig.canvas.draw()
    finally:
        Text.draw = plain
    width = fig.get_tightbbox(fig.canvas.get_renderer()).width
    if not drawn:
        return float("inf"), "", width
    least = min(drawn, key=lambda t: t.get_fontsize())
    return float(least.get_fontsize()), least.get_text(), width


def figures_of(path, skip=(), times=None) -> list:
    """Every figure the notebook at ``path`` shows, measured, in order.

    ``skip`` lists indices of cells not to run.  A cell that raises fails
    the run with the cell's index in the message.  ``times``, a dict, gets
    each code cell's run time in seconds.
    """
    from IPython.core.interactiveshell import InteractiveShell

    path = Path(path).resolve()
    nb = nbformat.read(path, as_version=4)
    shell = InteractiveShell.instance()
    shell.reset(new_session=True)
    shown, cell_at, started = [], [0], [0.0]

    def show_all(*args, **kwargs):
        for num in plt.get_fignums():
            fig = plt.figure(num)
            least, text, drawn = measure(fig)
            shown.append(Shown(path.name, cell_at[0], least, text, fig.get_figwidth(), fig.dpi, drawn))
        plt.close("all")

    real_show = plt.show
    here = os.getcwd()
    with matplotlib.rc_context(), contextlib.redirect_stdout(open(os.devnull, "w")):
        plt.style.use("default")
        plt.show = show_all
        os.chdir(path.parent)
        try:
            for i, cell in enumerate(nb.cells):
                if cell.cell_type != "code" or i in skip:
                    continue
                cell_at[0], started[0] = i, time.perf_counter()
                result = shell.run_cell(cell.source, store_history=False, silent=False)
                show_all()
                if times is not None:
                    times[i] = time.perf_counter() - started[0]
                if not result.success:
                    error = result.error_in_exec or result.error_before_exec
                    raise AssertionError(f"{path.name} cell {i} raised {type(error).__name__}: {error}")
        finally:
            plt.show = real_show
            os.chdir(here)
            plt.close("all")
    return shown


def main(args) -> None:
    """``--json NOTEBOOK...``: the figures and cell times as JSON; else a report of each notebook."""
    if args[:1] == ["--json"]:
        found, times = [], {}
        for name in args[1:]:
            cells = {}
            found += figures_of(name, times=cells)
            times[name] = cells
        print(json.dumps({"figures": [asdict(s) for s in found], "times": times}))
        return
    for name in args:
        t0 = time.perf_counter()
        times = {}
        found = figures_of(name, times=times)
        for s in found:
            print(s)
        slow = sorted(times.items(), key=lambda x: -x[1])[:3]
        print("slowest cells:", ", ".join(f"{i}: {t:.1f} s" for i, t in slow))
        least = min(found, key=lambda s: s.smallest) if found else None
        print(f"== {name}: {len(found)} figures, smallest {least.smallest if least else '-'} pt, "
              f"widest {max((s.width for s in found), default=0):.2f} in, {time.perf_counter() - t0:.1f} s\n",
              flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
