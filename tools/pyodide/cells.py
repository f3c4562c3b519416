"""Run a notebook's code cells in one IPython shell, without a kernel, keeping their outputs.

Used by tools/pyodide/notebooks.py, under Pyodide in Node and under CPython alike.  The
shell is IPython's own ``InteractiveShell``, so ``display``, Markdown and every formatter
(the package's too) give what a kernel would; only where the outputs go differs: a display
publisher and a display hook that keep them in nbformat's shape (``display_data``,
``execute_result`` with every mime type of the bundle) instead of printing, and
``sys.stdout``/``sys.stderr`` kept as ``stream`` outputs.  Figures go through
matplotlib-inline, as in a kernel, where matplotlib exists.
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass, field

os.environ.setdefault("MPLBACKEND", "module://matplotlib_inline.backend_inline")

from IPython.core.displayhook import DisplayHook  # noqa: E402
from IPython.core.displaypub import DisplayPublisher  # noqa: E402
from IPython.core.interactiveshell import InteractiveShell  # noqa: E402

_SINK: list = []     # the outputs of the cell that is running


def _stream(name: str, text: str) -> None:
    if _SINK and _SINK[-1]["output_type"] == "stream" and _SINK[-1]["name"] == name:
        _SINK[-1]["text"] += text
    else:
        _SINK.append({"output_type": "stream", "name": name, "text": text})


class _Stream:
    """A file that adds what is written to the running cell's stream output."""

    encoding = "utf-8"

    def __init__(self, name):
        self.name = name

    def write(self, text):
        if text:
            _stream(self.name, text)
        return len(text)

    def flush(self):
        pass

    def isatty(self):
        return False


class _Publisher(DisplayPublisher):
    def publish(self, data, metadata=None, source=None, *, transient=None, update=False, **kwargs):
        _SINK.append({"output_type": "display_data", "data": dict(data)})

    def clear_output(self, wait=False):
        _SINK.clear()


class _Hook(DisplayHook):
    def start_displayhook(self):
        pass

    def write_output_prompt(self):
        pass

    def write_format_data(self, format_dict, md_dict=None):
        _SINK.append({"output_type": "execute_result", "data": dict(format_dict)})

    def finish_displayhook(self):
        pass


class _Shell(InteractiveShell):
    displayhook_class = _Hook
    display_pub_class = _Publisher

    def _showtraceback(self, etype, evalue, stb):
        text = self.InteractiveTB.stb2text(stb)
        _SINK.append({"output_type": "error", "ename": etype.__name__, "evalue": str(evalue),
                      "traceback": text})


@dataclass
class CellRun:
    """One code cell as it ran: its index among all cells, outputs, time and error, if any."""

    index: int
    source: str
    outputs: list = field(default_factory=list)
    seconds: float = 0.0
    error: str = ""


def run_notebook(cells: list, folder: str) -> list:
    """Run ``cells`` (nbformat dicts) top to bottom in a fresh shell, in ``folder``."""
    shell = _Shell.instance()
    shell.reset(new_session=True)
    here, streams = os.getcwd(), (sys.stdout, sys.stderr)
    runs = []
    os.chdir(folder)
    sys.stdout, sys.stderr = _Stream("stdout"), _Stream("stderr")
    try:
        for index, cell in enumerate(cells):
            if cell["cell_type"] != "code":
                continue
            source = "".join(cell["source"])
            _SINK.clear()
            started = time.perf_counter()
            result = shell.run_cell(source, store_history=True, silent=False)
            run = CellRun(index, source, [dict(o) for o in _SINK], time.perf_counter() - started)
            errors = [o for o in run.outputs if o["output_type"] == "error"]
            if errors:
                run.error = errors[0]["traceback"]
            runs.append(run)
    finally:
        sys.stdout, sys.stderr = streams
        os.chdir(here)
    return runs
