"""The kernel-free game (advsearch.playable) in Chromium: whole games by mouse and by keyboard, the agent's
replies from its table, the status line, no keys leaking to the page, axe, JavaScript off, and a slide deck.

The game's page is served from memory at one address and every other request is recorded and refused, so a
game that fetched anything would fail.  The agent's replies are checked against the Python table, and the
result against the game's own rules.  Run with ``--browser``.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from advsearch import Nim, TicTacToe
from advsearch.playable_game import playable
from jlab import REPO
from test_axe import failing, run_axe
from test_browser_site import served
from ui import SLOW, cell, open_notebook, output_of
from test_player_browser import ADDRESS, serve

SCREENSHOTS = REPO / "build" / "browser-screenshots"

#: The key events that reach the document around the game (JupyterLab and reveal.js listen there).
LEAKS = """() => { window.leaked = []; document.addEventListener("keydown", e => window.leaked.push(e.key)); }"""


@pytest.fixture(scope="module")
def solver():
    return playable(TicTacToe(), "solver")


def open_game(page, body: str) -> list:
    outside = serve(page.context, body)
    page.goto(ADDRESS)
    page.locator(".advsearch-game[data-live]").first.wait_for()
    page.evaluate(LEAKS)
    return outside


def board(where) -> str:
    """The nine cells as the page (or a part of it) shows them, "." for an empty one."""
    return "".join(where.locator(".apg-cell").nth(i).inner_text().strip() or "." for i in range(9))


def status(page) -> str:
    return page.locator(".apg-status").inner_text()


def expected_end(game, state, human, agent="solver") -> str:
    mine = game.utility(state, human)
    return "You win!" if mine > 0 else f"{agent} wins." if mine < 0 else "A draw."


def play_through(page, p, human, press):
    """Play a whole tic-tac-toe game as ``human`` (0: X), always in the first empty cell, with ``press(cell)``;
    after each move the page must show the game's position with the table's reply, and at the end its result."""
    game, state = p.game, p.game.initial_state
    if game.to_move(state) != human:
        state = game.result(state, p.table[state])
    assert board(page) == game.cells(state)
    while not game.is_terminal(state):
        cell = game.actions(state)[0]
        press(cell)
        state = game.result(state, cell)
        if not game.is_terminal(state):
            reply = p.table[state]
            assert f"solver played {'XO'[1 - human]} in row {reply // 3 + 1}, column {reply % 3 + 1}." in status(page)
            state = game.result(state, reply)
        assert board(page) == game.cells(state), status(page)
    assert expected_end(game, state, human) in status(page)
    return state


def test_a_game_by_clicking_with_the_agents_replies(page, solver):
    outside = open_game(page, solver.page())
    assert page.locator(".apg-static").is_hidden() and page.locator(".apg-live").is_visible()
    assert status(page) == "New game, you move first. Your move: you are X."
    cells = page.locator(".apg-cell")
    play_through(page, solver, 0, lambda cell: cells.nth(cell).click())
    assert "Press a New game button to play again." in status(page)
    cells.nth(0).click(force=True)                           # after the end nothing changes
    assert status(page).startswith("The game is over.")
    # The agent first: it plays its table's first move at once; a taken cell is refused.
    page.locator(".apg-second").click()
    assert status(page).startswith("New game, solver moves first. solver played X in row 1, column 1.")
    assert board(page) == "X........" and cells.nth(0).get_attribute("aria-disabled") == "true"
    assert cells.nth(0).get_attribute("aria-label") == "row 1, column 1: X, solver's last move"
    cells.nth(0).click(force=True)
    assert status(page).startswith("Not allowed: row 1, column 1 is taken.") and board(page) == "X........"
    play_through(page, solver, 1, lambda cell: cells.nth(cell).click())
    page.locator(".apg-first").click()
    assert board(page) == "........." and status(page) == "New game, you move first. Your move: you are X."
    assert page.locator(".apg-status").get_attribute("aria-live") == "polite"
    assert outside == [] and page.errors == []


def test_a_game_by_keyboard_alone_keeps_its_keys(page, solver):
    outside = open_game(page, solver.page())
    cells = page.locator(".apg-cell")
    cells.nth(0).focus()
    order = []
    for _ in range(11):                                       # Tab reaches every cell, then both New game buttons
        order.append(page.evaluate("document.activeElement.getAttribute('aria-label') || "
                                   "document.activeElement.textContent"))
        page.keyboard.press("Tab")
    assert order == [f"row {r}, column {c}: empty" for r in (1, 2, 3) for c in (1, 2, 3)] + [
        "New game: you move first", "New game: solver moves first"]
    page.evaluate("window.leaked = []")
    page.locator(".apg-second").focus()
    page.keyboard.press("Enter")
    assert board(page) == "X........"
    keys = iter(["Enter", " "] * 5)

    def press(cell):
        cells.nth(cell).focus()
        page.keyboard.press(next(keys))

    play_through(page, solver, 1, press)
    page.locator(".apg-first").focus()
    page.keyboard.press(" ")
    assert board(page) == "........."
    assert page.evaluate("window.leaked") == [], "Enter or Space on the game also reached the page around it"
    page.keyboard.press("Tab")                                # Tab is not kept: it moves on as usual
    assert page.evaluate("window.leaked") == ["Tab"]
    assert outside == [] and page.errors == []


def test_a_heap_game_by_keyboard(page):
    p = playable(Nim([1, 2]), "solver", human_first=False)
    outside = open_game(page, p.page())
    game, state = p.game, p.game.initial_state
    state = game.result(state, p.table[state])                # the solver moves first: take 1 from heap 1
    assert status(page).startswith("New game, solver moves first. solver played take 1 from heap 1.")
    assert page.locator(".apg-position").inner_text() == game.render(state)
    moves = page.locator(".apg-moves button")
    assert moves.all_inner_texts() == ["take 1 from heap 0", "take 1 from heap 1"]
    moves.first.focus()
    page.keyboard.press("Enter")                              # you take heap 0's; the solver takes the last one
    state = game.result(state, (0, 1))
    state = game.result(state, p.table[state])
    assert game.is_terminal(state) and "solver wins." in status(page)
    assert page.locator(".apg-position").inner_text() == game.render(state) and moves.count() == 0
    assert page.evaluate("document.activeElement.className") == "apg-first"    # focus is not lost
    assert page.evaluate("window.leaked") == []
    assert outside == [] and page.errors == []


def test_axe_finds_nothing_and_the_screenshot(page, solver):
    nim = playable(Nim([3, 4, 5]), "mcts", seed=1, iterations=50)
    outside = open_game(page, solver.page().replace("</body>", nim.html + "</body>"))
    page.wait_for_function("document.querySelectorAll('.advsearch-game[data-live]').length === 2")
    cells = page.locator(".apg-cell")
    cells.nth(4).click()
    cells.nth(8).click()                                      # a mark of each, and the agent's last move ringed
    page.locator(".apg-moves button").first.click()
    result = run_axe(page, include=[[".advsearch-game"]])
    assert result["counted"] == [] and failing(result) == [], result
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "playable.png"), full_page=True)
    assert outside == [] and page.errors == []


def test_without_javascript_the_start_and_a_sentence(browser, solver):
    context = browser.new_context(viewport={"width": 1280, "height": 720}, java_script_enabled=False)
    try:
        page = context.new_page()
        outside = serve(context, solver.page())
        page.goto(ADDRESS)
        assert page.locator(".apg-live").is_hidden() and page.get_by_role("button").count() == 0
        text = page.locator(".apg-static").inner_text()
        assert ". . .      0 1 2" in text and "needs JavaScript" in text
        assert "advsearch.widgets.play(advsearch.TicTacToe(), 'solver')" in text
        assert outside == []
    finally:
        context.close()


SOURCE = "ads.playable(ads.TicTacToe(), 'solver')"


def notebook_with_the_game(folder, solver, name="playable_deck.ipynb"):
    """A notebook of three slides whose second shows the game as a stored output (nothing to run)."""
    import nbformat

    first = nbformat.v4.new_markdown_cell("# Before the game")
    code = nbformat.v4.new_code_cell(SOURCE, execution_count=1)
    code.outputs = [nbformat.v4.new_output("execute_result", {"text/html": solver.html, "text/plain": repr(solver)},
                                           execution_count=1)]
    after = nbformat.v4.new_markdown_cell("# After the game")
    for cell in (first, code, after):
        cell.metadata["slideshow"] = {"slide_type": "slide"}
    source = folder / name
    nbformat.write(nbformat.v4.new_notebook(cells=[first, code, after]), source)
    return source


@pytest.fixture(scope="module")
def deck(scratch, solver):
    """The notebook as a deck (tools/build_slides.py), served on 127.0.0.1."""
    source = notebook_with_the_game(scratch, solver)
    out = scratch / "deck"
    made = subprocess.run([sys.executable, str(REPO / "tools" / "build_slides.py"), "--out", str(out), str(source)],
                          cwd=REPO, capture_output=True, text=True, timeout=600)
    assert made.returncode == 0, made.stderr
    with served(out) as address:
        yield address


def test_on_a_slide_the_keys_play_and_the_deck_stays(page, deck, solver):
    page.goto(f"{deck}/playable_deck.slides.html")
    page.wait_for_function("() => window.Reveal && Reveal.isReady()", timeout=60_000)
    game = page.locator(".reveal .advsearch-game[data-live]")
    assert game.count() == 1
    page.evaluate("() => Reveal.slide(1, 0)")
    game.wait_for(state="visible")
    at = page.evaluate("() => JSON.stringify(Reveal.getIndices())")
    cells, ttt, state = game.locator(".apg-cell"), solver.game, solver.game.initial_state
    for cell, key in ((4, "Enter"), (1, " ")):
        cells.nth(cell).focus()
        page.keyboard.press(key)
        state = ttt.result(state, cell)
        state = ttt.result(state, solver.table[state])
        assert board(page) == ttt.cells(state)
    assert page.evaluate("() => JSON.stringify(Reveal.getIndices())") == at, "a key also moved the deck"
    box = game.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 720, box
    assert page.errors == []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "playable-slide.png"))
    assert json.loads(at)["h"] == 1


@pytest.mark.usefixtures("kernels_stopped")
@pytest.mark.parametrize("trusted", [True, False], ids=["trusted", "untrusted"])
def test_in_jupyterlab(page, lab, scratch, solver, trusted):
    """Trusted, the stored game plays by click and keys, and the notebook stays in command mode; untrusted
    (sanitised: no script, no style), the start and the sentence are readable and no button shows."""
    source = notebook_with_the_game(scratch, solver, f"playable_{'trusted' if trusted else 'untrusted'}.ipynb")
    path = source.relative_to(REPO).as_posix()
    if trusted:
        lab.trust(path)
    open_notebook(page, lab, path)
    out = output_of(cell(page, SOURCE))
    out.first.wait_for(timeout=SLOW)
    if not trusted:
        assert out.locator(".advsearch-game[data-live]").count() == 0 and not out.get_by_role("button").count()
        text = out.first.inner_text()
        assert ". . .      0 1 2" in text and "needs JavaScript" in text
        return
    game = out.locator(".advsearch-game[data-live]")
    game.wait_for(timeout=SLOW)
    game.scroll_into_view_if_needed()
    page.keyboard.press("Escape")                             # command mode, where Enter would open the editor
    page.evaluate(LEAKS)
    cells, ttt, state = game.locator(".apg-cell"), solver.game, solver.game.initial_state
    for cell_number, how in ((4, "click"), (1, "Enter"), (5, " ")):
        if how == "click":
            cells.nth(cell_number).click()
        else:
            cells.nth(cell_number).focus()
            page.keyboard.press(how)
        state = ttt.result(state, cell_number)
        state = ttt.result(state, solver.table[state])
        assert board(game) == ttt.cells(state)
    assert page.locator(".jp-Notebook.jp-mod-editMode").count() == 0, "Enter on a cell opened the cell's editor"
    assert page.evaluate("window.leaked") == [], "Enter or Space on the game also reached JupyterLab"
    assert page.errors == []


@pytest.fixture(scope="module")
def small_site(scratch, solver):
    """The notebook as a page of a small Sphinx site built as the course's is (myst-nb, stored outputs, never
    executed, the PyData theme), served on 127.0.0.1: the lectures' hooks are not in the course yet."""
    source = scratch / "site-source"
    source.mkdir()
    notebook_with_the_game(source, solver, "game.ipynb")
    (source / "index.md").write_text("# A site\n\n```{toctree}\ngame\n```\n", encoding="utf-8")
    (source / "conf.py").write_text('project = "playable"\nextensions = ["myst_nb"]\nnb_execution_mode = "off"\n'
                                    'html_theme = "pydata_sphinx_theme"\n', encoding="utf-8")
    out = scratch / "site"
    made = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", str(source), str(out)],
                          cwd=REPO, capture_output=True, text=True, timeout=600)
    assert made.returncode == 0, made.stderr
    with served(out) as address:
        yield address


def test_on_a_site_page(page, small_site, solver):
    page.goto(f"{small_site}/game.html", wait_until="load")
    game = page.locator("main .advsearch-game[data-live]")
    assert game.count() == 1, "the game did not come to life on the page (its script or its table lost?)"
    game.scroll_into_view_if_needed()
    cells, ttt, state = game.locator(".apg-cell"), solver.game, solver.game.initial_state
    for cell_number in (4, 1):
        cells.nth(cell_number).click()
        state = ttt.result(state, cell_number)
        state = ttt.result(state, solver.table[state])
        assert board(game) == ttt.cells(state)
    assert page.errors == []
