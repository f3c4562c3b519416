"""axe-core in Chromium: no serious or critical WCAG violation on the site, the decks, the player and the widgets.

axe-core (the engine behind most accessibility checkers) comes from PyPI
inside ``axe-playwright-python`` (its ``axe.min.js``); it is injected into
each page and run with the WCAG 2.0/2.1 A and AA rules and axe's best
practices.  What is counted is what our content causes:

- the course site (``make site``): the home page, every lecture, every
  exercise and every page of the API reference;
- every ``make slides`` deck, all its slides laid out at once (reveal.js
  shows one slide at a time and hides the others from axe);
- in JupyterLab, the outputs of the player (``player(...)``), the
  ``Stepper`` and a game from ``widgets.play``: axe is told to include only
  the notebook's output area, so JupyterLab's own chrome is not counted.

Every violation found is written, by place and severity, to
``build/axe-report.json`` (the issue's before-and-after table is made from
it).  A test fails on a violation of impact "serious" or "critical".

Every rule is on.  A rule may be switched off only while the work that
fixes it is under way (``NOT_YET``); what it finds is still recorded in the
report under "excluded".

The last test here drives the widgets by keyboard: every control of the
Stepper and of a tic-tac-toe game is reached with Tab and works with Enter,
Space and the arrow keys (the player's keys are tested in
test_player_browser.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from jlab import REPO
from test_browser_site import SITE, site  # noqa: F401  (the site served on 127.0.0.1, a fixture)
from ui import SLOW, cell, menu, open_notebook, output_of, poll, select

#: Rules switched off until the work that fixes them lands (see the module's docstring).
NOT_YET: tuple = ()
#: The rules axe runs: WCAG 2.0 and 2.1, levels A and AA, and its best practices.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
FAILING = ("serious", "critical")
REPORT = REPO / "build" / "axe-report.json"
SLIDES = Path(os.environ.get("ADVSEARCH_SLIDES", REPO / "build" / "slides"))


def axe_script() -> str:
    axe_playwright_python = pytest.importorskip("axe_playwright_python", reason="pip install axe-playwright-python")
    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")


def run_axe(page, include=None, exclude=None, skip=()) -> dict:
    """axe's violations on ``page`` (within ``include``, outside ``exclude``): {"counted": [...], "excluded": [...]}.

    Each violation is (rule id, impact, number of elements, the first element's selector).
    """
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_script())
    context = {"include": include or [["html"]], **({"exclude": exclude} if exclude else {})}
    options = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"],
               "rules": {rule: {"enabled": False} for rule in skip}}
    found = page.evaluate("([context, options]) => axe.run(context, options)", [context, options])
    out = {"counted": [], "excluded": []}
    for v in found["violations"]:
        entry = (v["id"], v["impact"], len(v["nodes"]), " ".join(map(str, v["nodes"][0]["target"])))
        out["excluded" if v["id"] in NOT_YET else "counted"].append(entry)
    return out


def record(place: str, name: str, result: dict) -> None:
    """Add one page's violations to build/axe-report.json (place: site, decks or jupyterlab)."""
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    report = json.loads(REPORT.read_text()) if REPORT.exists() else {}
    report.setdefault(place, {})[name] = result
    REPORT.write_text(json.dumps(report, indent=1, ensure_ascii=False))


def failing(result: dict) -> list:
    return [v for v in result["counted"] if v[1] in FAILING]


# ------------------------------------------------------------------ the site


def site_pages(root: Path) -> list:
    pages = ["index.html"]
    pages += sorted(p.relative_to(root).as_posix() for p in (root / "notebooks").glob("*.html"))
    pages += sorted(p.relative_to(root).as_posix() for p in (root / "exercises").glob("*.html"))
    pages += sorted(p.relative_to(root).as_posix() for p in (root / "api").glob("*.html"))
    return pages


#: axe's colour-contrast rule takes most of its time (about 10 s on a lecture page).  The API
#: reference's module pages use the theme and the code colours of api/index.html and the lectures,
#: which are checked with it; on them every other rule runs.
SAME_COLOURS = ("color-contrast",)


#: MathJax has typeset the page (the page's own scripts then run what they queued after it).
TYPESET = "() => !(window.MathJax && MathJax.Hub) || (MathJax.Hub.queue.pending === 0 && !MathJax.Hub.queue.running)"


def test_the_site_has_no_serious_violation(page, site):
    pages = site_pages(SITE)
    assert len(pages) >= 1 + 7 + 6 + 2, pages
    bad = {}
    for path in pages:
        page.goto(f"{site}/{path}")
        page.wait_for_load_state("load")
        page.wait_for_function(TYPESET, timeout=SLOW)
        same = path.startswith("api/") and path != "api/index.html"
        result = run_axe(page, skip=SAME_COLOURS if same else ())
        record("site", path, result)
        if failing(result):
            bad[path] = failing(result)
    assert not bad, f"serious or critical axe violations on the site: {bad}"


# ------------------------------------------------------------------ the decks

#: Every slide laid out one after the other, shown, so that axe checks them all in one run.
ALL_SLIDES = """() => {
  for (const s of document.querySelectorAll('.reveal .slides section')) {
    s.hidden = false; s.removeAttribute('aria-hidden'); s.removeAttribute('inert');
    s.classList.remove('future', 'past'); s.classList.add('present');
  }
  const style = document.createElement('style');
  style.textContent = `.reveal .slides, .reveal .slides section {position: static !important; display: block !important;
    transform: none !important; opacity: 1 !important; visibility: visible !important; height: auto !important;
    top: auto !important; left: auto !important}
    .reveal, .reveal .slides {overflow: visible !important} html, body {overflow: auto !important; height: auto !important}`;
  document.head.appendChild(style);
}"""


@pytest.fixture(scope="module")
def decks():
    """The decks of ``make slides``, built again if missing or older than a lecture or the deck builder."""
    built = list(SLIDES.glob("*.slides.html"))
    sources = [REPO / "tools" / "build_slides.py", REPO / "docs" / "site" / "_static" / "scrollable.js",
               *(REPO / "notebooks").glob("*.ipynb")]
    if not built or min(d.stat().st_mtime for d in built) < max(p.stat().st_mtime for p in sources):
        build = subprocess.run([sys.executable, str(REPO / "tools" / "build_slides.py"), "--out", str(SLIDES)],
                               cwd=REPO, capture_output=True, text=True, timeout=900)
        assert build.returncode == 0, f"tools/build_slides.py failed:\n{build.stdout}\n{build.stderr}"
    return sorted(SLIDES.glob("*.slides.html"))


def test_every_deck_has_no_serious_violation(page, decks):
    lectures = sorted((REPO / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert [d.name.replace(".slides.html", "") for d in decks] == [n.stem for n in lectures]
    bad = {}
    for deck in decks:
        page.goto(deck.as_uri())
        page.locator(".reveal.ready").wait_for(timeout=SLOW)
        page.wait_for_function(TYPESET, timeout=SLOW)
        page.evaluate(ALL_SLIDES)
        # The deck lets a region that scrolls take focus when its slide is shown: here every slide is.
        page.evaluate("() => window.advsearchFocusScrollable()")
        result = run_axe(page, exclude=[[".reveal .controls"], [".reveal .progress"], [".reveal .slide-number"]])
        record("decks", deck.name, result)
        if failing(result):
            bad[deck.name] = failing(result)
    assert not bad, f"serious or critical axe violations in the decks: {bad}"


# ------------------------------------------------------------------ JupyterLab

CELLS = [
    "from advsearch import alphabeta, examples, TicTacToe\n"
    "from advsearch.widgets import Stepper, play\n"
    "from advsearch.drawing.player import player\n"
    "r = alphabeta(examples.two_ply(), trace=True)",
    "player(r, steps=range(8), intervals=True)",
    "Stepper(r, intervals=True)",
    'board = play(TicTacToe(), "solver")\nboard',
]


@pytest.fixture
def widgets_notebook(scratch):
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    path = scratch / "axe_widgets.ipynb"
    nbformat.write(nb, path)
    return path.relative_to(REPO).as_posix()


@pytest.mark.usefixtures("kernels_stopped")
def test_the_player_and_the_widgets_in_jupyterlab(page, lab, widgets_notebook):
    open_notebook(page, lab, widgets_notebook)
    select(page, cell(page, "board = play("))
    menu(page, "Run", "Run All Cells")
    out = {name: output_of(cell(page, text)) for name, text in
           [("player", "player(r, steps"), ("Stepper", "Stepper(r"), ("play", "board = play(")]}
    out["player"].locator(".advsearch-player[data-live]").wait_for(timeout=SLOW)
    out["Stepper"].locator(".widget-output img").first.wait_for(timeout=SLOW)
    out["play"].locator(".widget-html", has_text="Your move").wait_for(timeout=SLOW)

    bad = {}
    for name, area in out.items():
        area.first.scroll_into_view_if_needed()
        selector = area.first.evaluate("e => { e.setAttribute('data-axe', 'here'); return '[data-axe=here]'; }")
        result = run_axe(page, include=[[selector]])
        area.first.evaluate("e => e.removeAttribute('data-axe')")
        record("jupyterlab", name, result)
        if failing(result):
            bad[name] = failing(result)
    assert not bad, f"serious or critical axe violations in our outputs in JupyterLab: {bad}"

    # Keyboard: the Stepper's controls in Tab order, each working with Enter, Space and arrows.
    stepper = out["Stepper"]
    narration = stepper.locator(".widget-html").first

    def at_step(k):
        narration.filter(has_text=f"step {k} of").wait_for(timeout=SLOW)

    forward = stepper.get_by_role("button", name="Forward")
    forward.focus()
    page.keyboard.press("Enter")
    at_step(2)
    page.keyboard.press("Space")
    at_step(3)
    page.keyboard.press("Shift+Tab")                     # Back, just before Forward
    assert "Back" in page.evaluate("document.activeElement.textContent")
    page.keyboard.press("Enter")
    at_step(2)
    page.keyboard.press("Shift+Tab")                     # Play, before Back
    assert page.evaluate("document.activeElement.textContent").strip() == "Play"
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")                           # past Back and Forward to the step box
    assert page.evaluate("document.activeElement.type") == "number"
    page.keyboard.press("ArrowUp")
    at_step(3)
    page.keyboard.press("ArrowDown")
    at_step(2)        # one press at a time: the kernel's echo of 2 can land after a second press
    page.keyboard.press("ArrowDown")
    at_step(1)
    play_button = stepper.get_by_role("button", name="Play")
    play_button.focus()
    page.keyboard.press("Enter")                         # plays ...
    poll(lambda: "step 1 of" not in narration.inner_text(), message="Play by keyboard to move")
    pause = stepper.get_by_role("button", name="Pause")
    pause.focus()
    page.keyboard.press("Space")                         # ... and pauses
    stepper.get_by_role("button", name="Play").wait_for(timeout=SLOW)

    # The game: every empty square is a button reached by Tab, and Enter or Space plays it.
    squares = out["play"].locator(".widget-hbox button")
    assert squares.count() == 9
    squares.nth(0).focus()
    names = []
    for _ in range(9):
        names.append(page.evaluate("document.activeElement.getAttribute('title') || document.activeElement.textContent"))
        page.keyboard.press("Tab")
    assert len(set(names)) == 9, names
    squares.nth(4).focus()
    page.keyboard.press("Enter")
    poll(lambda: [squares.nth(i).inner_text().strip() for i in range(9)].count("O") == 1, message="the AI's answer")
    empty = next(i for i in range(9) if squares.nth(i).inner_text().strip() == "")
    squares.nth(empty).focus()
    page.keyboard.press("Space")
    poll(lambda: squares.nth(empty).inner_text().strip() == "X", message="Space to play a square")
    assert page.errors == []
