"""Run the student-path tests under Pyodide (through tools/pyodide/run.mjs)::

    node tools/pyodide/run.mjs --packages advsearch,pytest,hypothesis tools/pyodide/tests.py [FILES] [OPTIONS]

The test files are listed in tools/pyodide/student_tests.txt: what a student runs in a browser
tab (trees, searches, traces, the checkers and practice, the SVG pictures and the player,
validation), not grading, contests, the sandbox or the matplotlib painter.  They import
advsearch from the wheel in build/pyodide, never from the checkout.  A test that fails only
because of what Pyodide lacks here is reported as skipped with that reason, and counted apart:
an import of numpy or matplotlib (no Pyodide wheel of either can be had offline) or of python-chess
(an optional extra the student path does not use), or starting a process (Pyodide has none).
Every other failure fails the run.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
#: importable under CPython, missing under Pyodide here
MISSING = {"numpy", "matplotlib", "chess"}


def listed() -> list:
    """student_tests.txt as pytest's arguments: a file to run, or ``- file::test`` to leave out."""
    lines = (line.split("#")[0].strip() for line in (HERE / "student_tests.txt").read_text().splitlines())
    arguments = []
    for line in filter(None, lines):
        if line.startswith("-"):
            arguments += ["--deselect", line[1:].strip()]     # a node id, relative to the root
        else:
            arguments.append(str(ROOT / line))
    return arguments


def _not_here(excinfo) -> str:
    """Why a failure is only Pyodide's lack (a missing module, no processes), or ''."""
    error = excinfo.value if excinfo is not None else None
    while error is not None:
        if isinstance(error, ModuleNotFoundError) and (error.name or "").split(".")[0] in MISSING:
            return f"needs {error.name.split('.')[0]}"
        if isinstance(error, OSError) and "does not support processes" in str(error):
            return "starts a process"
        error = error.__cause__ or error.__context__
    return ""


class NotHere:
    """Turns a failure that is only Pyodide's lack into a skip saying what is lacking."""

    def __init__(self):
        self.skipped = {}

    def pytest_configure(self, config):
        from hypothesis import settings       # after pytest has loaded hypothesis's plugin

        settings.register_profile("pyodide", deadline=None, database=None)
        settings.load_profile("pyodide")

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item, call):
        outcome = yield
        report = outcome.get_result()
        why = _not_here(call.excinfo) if report.failed else ""
        if why:
            report.outcome = "skipped"
            report.longrepr = (str(item.path), item.location[1] or 0, f"{why}: not under Pyodide here")
            self.skipped[why] = self.skipped.get(why, 0) + 1

    @pytest.hookimpl(hookwrapper=True)
    def pytest_make_collect_report(self, collector):
        outcome = yield
        report = outcome.get_result()
        if report.failed and "ModuleNotFoundError: No module named '" in str(report.longrepr):
            name = str(report.longrepr).split("No module named '")[1].split("'")[0].split(".")[0]
            if name in MISSING:
                report.outcome = "skipped"
                report.longrepr = (str(collector.path), 0, f"needs {name}: not under Pyodide here")
                self.skipped[f"needs {name} (a whole file)"] = self.skipped.get(f"needs {name} (a whole file)", 0) + 1


def main() -> int:
    os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", "/tmp/hypothesis")
    plugin = NotHere()
    options = [a for a in sys.argv[1:] if a.startswith("-")]
    files = [str(ROOT / a) for a in sys.argv[1:] if not a.startswith("-")] or listed()
    code = pytest.main(["-q", "-p", "no:cacheprovider", "--rootdir", str(ROOT), *options, *files],
                       plugins=[plugin])
    if plugin.skipped:
        print("skipped, not under Pyodide here: " + ", ".join(f"{k}: {n}" for k, n in plugin.skipped.items()))
    return int(code)


if __name__ == "__main__":
    sys.exit(main())
