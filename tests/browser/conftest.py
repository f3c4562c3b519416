"""Browser tests: JupyterLab, the slides and the course site, driven in Chromium as a person would.

They are skipped unless asked for, so ``pytest tests advsearch`` stays fast::

    .venv/bin/python -m pytest -p no:cacheprovider tests/browser --browser

(or set ``ADVSEARCH_BROWSER=1``).  They need Debian's ``chromium`` at
/usr/bin/chromium (or ``ADVSEARCH_CHROMIUM``) and the ``playwright``
package; no browser is downloaded.  One JupyterLab serves the repository
root for the whole session, with its runtime files and settings in a
temporary directory; notebooks the tests run or type into are temporary
copies under ``build/browser-scratch/``.  The server, its kernels and the
copies are removed at the end, even after a failure.  A failing test leaves
a screenshot in ``build/browser-screenshots/``.
"""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
from pathlib import Path

import pytest

from jlab import REPO, Lab

HERE = Path(__file__).resolve().parent
SCREENSHOTS = REPO / "build" / "browser-screenshots"
CHROMIUM = os.environ.get("ADVSEARCH_CHROMIUM", "/usr/bin/chromium")


def pytest_addoption(parser):
    parser.addoption("--browser", action="store_true", default=False,
                     help="run the real-browser tests in tests/browser (Chromium + JupyterLab)")


def _enabled(config) -> bool:
    try:
        asked = config.getoption("--browser")
    except ValueError:          # this conftest was found late, after the command line was read
        asked = False
    return bool(asked) or os.environ.get("ADVSEARCH_BROWSER", "") not in ("", "0")


def pytest_collection_modifyitems(config, items):
    if _enabled(config):
        return
    skip = pytest.mark.skip(reason="browser tests run only with --browser or ADVSEARCH_BROWSER=1")
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(skip)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


@pytest.fixture(scope="session")
def lab():
    """The JupyterLab server, started once, always stopped (kernels too)."""
    previous = signal.getsignal(signal.SIGTERM)

    def terminated(signum, frame):           # a killed test run still stops its server
        raise KeyboardInterrupt("SIGTERM")

    signal.signal(signal.SIGTERM, terminated)
    server = Lab()
    try:
        server.start()
        yield server
    finally:
        server.stop()
        signal.signal(signal.SIGTERM, previous)


@pytest.fixture(scope="session")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: apt-get install chromium (or set ADVSEARCH_CHROMIUM)")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser, request):
    """A fresh 1280x720 tab; a screenshot of it goes to build/browser-screenshots/ if the test fails."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.set_default_timeout(60_000)
    tab = context.new_page()
    tab.errors = []
    tab.on("pageerror", lambda error: tab.errors.append(str(error)))
    try:
        yield tab
    finally:
        report = getattr(request.node, "report_call", None)
        if report is not None and report.failed:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            for i, open_page in enumerate(context.pages):
                try:
                    open_page.screenshot(path=str(SCREENSHOTS / f"{request.node.name}-{i}.png"), full_page=True)
                except Exception:            # the page may be gone; the failure is what matters
                    pass
        context.close()


@pytest.fixture(scope="session")
def scratch():
    """A temporary folder under the served root (in build/, which git ignores), removed at the end."""
    parent = REPO / "build" / "browser-scratch"
    parent.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(dir=parent))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        try:
            parent.rmdir()
        except OSError:
            pass


@pytest.fixture
def kernels_stopped(lab):
    """Stop the kernels a test started, so the next one starts clean and nothing piles up."""
    yield
    lab.shutdown_kernels()
