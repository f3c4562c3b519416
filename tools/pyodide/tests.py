"""Run the student-path tests under Pyodide (through tools/pyodide/run.mjs)::

    node tools/pyodide/run.mjs --packages advsearch,pytest,hypothesis tools/pyodide/tests.py

The test files are listed in tools/pyodide/student_tests.txt: what a student runs in a browser
tab (trees, searches, traces, the checkers and practice, the SVG pictures and the player,
validation), not grading, contests, the sandbox or the matplotlib painter.  They import
advsearch from the wheel in build/pyodide, never from the checkout.  A test that fails only
because it imports numpy or matplotlib, which Pyodide has no wheel for here, is reported as
skipped with that reason, and counted apart; every other failure fails the run.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
#: importable under CPython, missing under Pyodide here
MISSING = {"numpy", "matplotlib"}


def listed() -> list:
    lines = (line.split("#")[0].strip() for line in (HERE / "student_tests.txt").read_text().splitlines())
    return [str(ROOT / line) for line in lines if line]


def _missing_module(excinfo) -> str:
    error = excinfo.value if excinfo is not None else None
    while error is not None:
        if isinstance(error, ModuleNotFoundError) and (error.name or "").split(".")[0] in MISSING:
            return error.name.split(".")[0]
        error = error.__cause__ or error.__context__
    return ""


class NoWheel:
    """Turns 'No module named numpy/matplotlib' into a skip naming the module."""

    def __init__(self):
        self.skipped = {}

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item, call):
        outcome = yield
        report = outcome.get_result()
        name = _missing_module(call.excinfo) if report.failed else ""
        if name:
            report.outcome = "skipped"
            report.longrepr = (str(item.path), item.location[1] or 0, f"needs {name}: no Pyodide wheel here")
            self.skipped[name] = self.skipped.get(name, 0) + 1

    @pytest.hookimpl(hookwrapper=True)
    def pytest_make_collect_report(self, collector):
        outcome = yield
        report = outcome.get_result()
        if report.failed and "ModuleNotFoundError: No module named '" in str(report.longrepr):
            name = str(report.longrepr).split("No module named '")[1].split("'")[0].split(".")[0]
            if name in MISSING:
                report.outcome = "skipped"
                report.longrepr = (str(collector.path), 0, f"needs {name}: no Pyodide wheel here")
                self.skipped[f"{name} (whole file)"] = self.skipped.get(f"{name} (whole file)", 0) + 1


def main() -> int:
    os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", "/tmp/hypothesis")
    from hypothesis import settings

    settings.register_profile("pyodide", deadline=None, database=None)
    settings.load_profile("pyodide")
    plugin = NoWheel()
    code = pytest.main(["-q", "-p", "no:cacheprovider", "--rootdir", str(ROOT), "-rs", *listed(),
                        *sys.argv[1:]], plugins=[plugin])
    if plugin.skipped:
        print("skipped for a missing wheel: " + ", ".join(f"{n} {k}" for k, n in plugin.skipped.items()))
    return int(code)


if __name__ == "__main__":
    sys.exit(main())
