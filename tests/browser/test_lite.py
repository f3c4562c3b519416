"""The JupyterLite site (make lite -> build/lite/), served by a plain static server, in Chromium.

A student opens exercise 01, runs it, answers wrong and then right, and sees the feedback with its
picture; the Pyodide kernel starts from the site alone: every request the browser makes (page,
workers and service worker alike) goes to the site, and none fails.  The kernel-free player and
``widgets.play`` work there; the Stepper, which draws with matplotlib, does not (no Pyodide wheel of
matplotlib can be had offline), and says so.  Times to the first feedback, cold (a fresh browser
profile) and warm (the same profile again), go to build/lite-timings.json.
"""

from __future__ import annotations

import json
import time
from urllib.parse import quote, urlparse

import pytest

from advsearch import check, examples
from jlab import REPO
from test_browser_site import QuietHandler, served, watch
from ui import SLOW, cell, output_of, run_up_to, type_into

LITE = REPO / "build" / "lite"
TIMINGS = REPO / "build" / "lite-timings.json"


class LiteHandler(QuietHandler):
    """Serves .mjs as JavaScript and .wasm as WebAssembly, as any static host does."""

    extensions_map = {**QuietHandler.extensions_map, ".mjs": "text/javascript", ".wasm": "application/wasm"}


@pytest.fixture(scope="module")
def lite():
    """The address of build/lite/ served on 127.0.0.1; the server stops after the module."""
    if not (LITE / "jupyter-lite.json").exists():
        pytest.fail("no build/lite: run `make lite`")
    with served(LITE, LiteHandler) as address:
        yield address


def everything_asked(context, site) -> tuple:
    """Every URL the context's pages, workers and service worker ask for, and those outside ``site``."""
    asked, outside = [], []
    local = urlparse(site).netloc

    def seen(request):
        asked.append(request.url)
        if urlparse(request.url).netloc != local and not request.url.startswith(("data:", "blob:")):
            outside.append(request.url)

    context.on("request", seen)
    return asked, outside


def answers():
    tree = examples.two_ply()
    values = tree.values()
    right = {tree.node(p).label: v for p, v in values.items() if not tree.is_terminal(tree.node(p))}
    wrong = dict(right, D=max(values[(2, k)] for k in range(3)))       # max instead of min at D
    return tree, wrong, right


def wrong_then_right(page, site) -> float:
    """Open exercise 01, answer wrong, then right; the seconds from opening to the first feedback."""
    tree, wrong, right = answers()
    told = check.values(tree, wrong).text.split(";")[0]
    started = time.monotonic()
    page.goto(f"{site}/lab/index.html?path=exercises/01_minimax.ipynb")
    answer_cell = cell(page, "tree1 = ads.examples.two_ply()").locator(
        "xpath=following-sibling::div[contains(@class,'jp-Cell')][1]")
    check_cell = cell(page, "check.values(tree1, answer)")
    answer_cell.wait_for(timeout=SLOW)
    type_into(page, answer_cell, f"answer = {wrong!r}")
    run_up_to(page, check_cell)
    feedback = output_of(check_cell)
    feedback.filter(has_text=told).wait_for(timeout=SLOW)
    first = time.monotonic() - started
    assert "Correct" not in feedback.inner_text()
    assert feedback.locator("svg, img").count() >= 1, "the feedback shows no picture"
    picture = output_of(cell(page, "tree1 = ads.examples.two_ply()"))
    assert picture.locator("svg, img").count() >= 1, "exercise 1's tree is not drawn"

    type_into(page, answer_cell, f"answer = {right!r}")
    run_up_to(page, check_cell)
    feedback.filter(has_text="Correct").wait_for(timeout=SLOW)
    assert "Correct: A = 3" in feedback.inner_text()
    return first


def test_exercise_01_wrong_then_right_offline(browser, lite):
    times = {}
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(60_000)
    asked, outside = everything_asked(context, lite)
    try:
        for visit in ("cold", "warm"):               # the same profile twice: the second from its cache
            page = context.new_page()
            problems = watch(page, lite)
            times[visit] = round(wrong_then_right(page, lite), 1)
            assert problems == [], "\n".join(problems)
            page.close()
    finally:
        context.close()
    assert outside == [], f"requests outside the site: {outside}"
    assert any(url.endswith("/static/pyodide/pyodide.asm.wasm") for url in asked)
    assert any("/static/pyodide/advsearch-" in url for url in asked)
    size = sum(p.stat().st_size for p in LITE.rglob("*") if p.is_file())
    TIMINGS.write_text(json.dumps({"first_feedback_seconds": times, "site_megabytes": round(size / 1e6, 1),
                                   "requests": len(asked)}, indent=1) + "\n")


WIDGETS = """
from advsearch import alphabeta, examples, player, widgets
from advsearch.games import TicTacToe
result = alphabeta(examples.two_ply(), trace=True)
try:
    widgets.Stepper(result)
except ImportError as error:
    print("Stepper:", error)
display(player(result))
widgets.play(TicTacToe(), "random")
"""


def test_in_the_lite_site_the_player_and_play_work_the_stepper_does_not(page, lite):
    problems = watch(page, lite)
    page.goto(f"{lite}/repl/index.html?kernel=python&toolbar=1&code={quote(WIDGETS)}")
    outputs = page.locator(".jp-CodeConsole .jp-OutputArea-output")
    outputs.filter(has_text="New game").wait_for(timeout=SLOW)
    assert "Stepper: No module named 'matplotlib'" in outputs.first.inner_text()

    shown = page.locator(".jp-CodeConsole [role=region]").first      # the kernel-free player
    status = shown.locator("[aria-live]").first
    assert "step 1 of" in status.inner_text()
    shown.get_by_role("button", name="Forward").first.click()
    page.wait_for_function("e => e.textContent.includes('step 2 of')", arg=status.element_handle())

    board = page.locator(".jp-CodeConsole .widget-button").filter(has_text="")   # the 3x3 grid, empty
    assert board.count() >= 9
    board.first.click()
    page.locator(".jp-CodeConsole").get_by_text("X", exact=True).first.wait_for(timeout=SLOW)
    assert problems == [], "\n".join(problems)
