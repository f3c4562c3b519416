"""JupyterLab in Chromium: the Stepper, a game against the AI, an exercise, and nothing saved by opening."""

from __future__ import annotations

import re

import pytest

import advsearch as ads
from advsearch import check
from jlab import REPO
from ui import (ON_SCREEN, SLOW, cell, command, copy_into, deck_moved, dirty_tabs, open_notebook, output_of, poll,
                run_up_to, stop_deck, type_into)

pytestmark = pytest.mark.usefixtures("kernels_stopped")


def caption_step(text: str) -> int:
    found = re.search(r"step (\d+) of (\d+)", text)
    assert found, f"no 'step i of n' caption in {text!r}"
    return int(found.group(1))


def test_stepper_steps_and_plays(page, lab, scratch):
    path = copy_into(scratch, "notebooks/02_alpha_beta.ipynb")
    open_notebook(page, lab, path)
    stepper_cell = cell(page, "Stepper(r, intervals=True)")
    run_up_to(page, stepper_cell)
    out = output_of(stepper_cell)
    narration = out.locator(".widget-html").first
    narration.filter(has_text="step 1 of").wait_for(timeout=SLOW)
    picture = out.locator(".widget-output img").first
    picture.wait_for(timeout=SLOW)
    first_picture = picture.get_attribute("src")

    out.get_by_role("button", name="Forward").click()
    narration.filter(has_text="step 2 of").wait_for(timeout=SLOW)
    poll(lambda: picture.get_attribute("src") != first_picture, message="a new picture after Forward")

    out.get_by_role("button", name="Back").click()
    narration.filter(has_text="step 1 of").wait_for(timeout=SLOW)

    out.get_by_role("button", name="Play").click()             # Play: the button turns into Pause
    pause = out.get_by_role("button", name="Pause")
    pause.wait_for(timeout=SLOW)
    poll(lambda: caption_step(narration.inner_text()) >= 4, message="playing to advance past step 3")
    pause.click()                                              # Pause
    out.get_by_role("button", name="Play").wait_for(timeout=SLOW)
    paused_at = caption_step(narration.inner_text())
    page.wait_for_timeout(2500)           # watching that nothing moves for two and a half play intervals
    assert caption_step(narration.inner_text()) in (paused_at, paused_at + 1)   # one step may be in flight
    step_box = out.get_by_label("step")
    poll(lambda: step_box.input_value() == str(caption_step(narration.inner_text())), message="the step box to follow")
    step_box.fill("1")                                         # the step box: back to the first step
    step_box.press("Enter")
    narration.filter(has_text="step 1 of").wait_for(timeout=SLOW)


GAME = """from advsearch import TicTacToe
from advsearch.widgets import play
board = play(TicTacToe(), "solver")
board"""


def test_a_whole_game_of_tictactoe_and_an_illegal_click(page, lab, scratch):
    notebook = scratch / "game.ipynb"
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(GAME)]
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    nbformat.write(nb, notebook)
    open_notebook(page, lab, notebook.relative_to(REPO).as_posix())
    game_cell = cell(page, "board = play(")
    run_up_to(page, game_cell)
    out = output_of(game_cell)
    status = out.locator(".widget-html").first
    status.filter(has_text="Your move").wait_for(timeout=SLOW)
    squares = out.locator(".widget-hbox button")
    assert squares.count() == 9

    def board():
        return [squares.nth(i).inner_text().strip() for i in range(9)]

    squares.nth(4).click()                                  # the centre; the solver answers
    poll(lambda: board().count("O") == 1, message="the AI's answer")
    before = board()
    squares.nth(4).click()                                  # taken: refused, nothing changes
    status.filter(has_text="Not allowed: cell 4 is already taken").wait_for(timeout=SLOW)
    assert board() == before

    result = re.compile(r"You win!|wins\.|A draw\.")
    while not result.search(status.inner_text()):
        cells = board()
        empty = cells.index("")
        marks = sum(c != "" for c in cells)
        squares.nth(empty).click()
        poll(lambda: sum(c != "" for c in board()) >= marks + 1 and (
            result.search(status.inner_text()) or sum(c != "" for c in board()) == marks + 2),
            message="the AI's answer")
    final = board()
    assert final.count("X") in (final.count("O"), final.count("O") + 1)
    # The solver never loses at tic-tac-toe (the game is a draw with perfect play).
    assert not status.inner_text().startswith("You win")
    assert result.search(status.inner_text())


def test_an_exercise_wrong_then_right(page, lab, scratch):
    tree = ads.examples.two_ply()
    values = tree.values()                      # the oracle, keyed by path
    right = {tree.node(path).label: value for path, value in values.items() if not tree.is_terminal(tree.node(path))}
    wrong = dict(right, D=max(values[(2, k)] for k in range(3)))                  # max instead of min at D
    assert wrong != right
    wrong_feedback = check.values(tree, wrong)
    assert not wrong_feedback.ok and check.values(tree, right).ok

    path = copy_into(scratch, "exercises/01_minimax.ipynb")
    open_notebook(page, lab, path)
    answer_cell = cell(page, "tree1 = ads.examples.two_ply()").locator(
        "xpath=following-sibling::div[contains(@class,'jp-Cell')][1]")
    check_cell = cell(page, "check.values(tree1, answer)")

    type_into(page, answer_cell, f"answer = {wrong!r}")
    run_up_to(page, answer_cell)
    run_up_to(page, check_cell)
    feedback = output_of(check_cell)
    feedback.filter(has_text=wrong_feedback.text.split(":")[0]).wait_for(timeout=SLOW)
    assert wrong_feedback.text.split(";")[0] in feedback.inner_text()
    assert "Correct" not in feedback.inner_text()

    type_into(page, answer_cell, f"answer = {right!r}")
    run_up_to(page, answer_cell)
    run_up_to(page, check_cell)
    feedback.filter(has_text="Correct").wait_for(timeout=SLOW)
    assert "Correct: A = 3" in feedback.inner_text()


def snapshot(paths):
    return {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in paths}


def test_opening_and_presenting_changes_nothing(page, lab):
    lecture = "notebooks/02_alpha_beta.ipynb"
    watched = sorted((REPO / "notebooks").glob("*.ipynb"))
    listing = _listing(REPO / "notebooks")
    before = snapshot(watched)

    open_notebook(page, lab, lecture)
    stop_deck(page)                              # presenting is a setting: a deck left on by another test
    # The kernel's display name, which JupyterLab would write into the metadata, arrives after it starts.
    page.locator(".jp-NotebookPanel-toolbar .jp-KernelName", has_text="Python 3 (ipykernel)").wait_for(timeout=SLOW)
    assert dirty_tabs(page) == 0, "opening the lecture marked it modified"

    slides = page.context.new_page()
    slides.goto(lab.page_url(f"rise/{lecture}"))
    slides.locator(".reveal .slides > section.present").wait_for(timeout=SLOW)
    for section in range(1, 6):                  # five sections on, each shown before the next key
        slides.keyboard.press("ArrowRight")
        slides.wait_for_function("n => [...document.querySelectorAll('.reveal .slides > section')]"
                                 ".findIndex(s => s.classList.contains('present')) === n", arg=section, timeout=SLOW)
    assert dirty_tabs(slides) == 0, "presenting marked the lecture modified"
    slides.close()

    assert command(page, "Start Deck")
    page.locator(".jp-Deck-Remote").wait_for()
    shown = page.evaluate(ON_SCREEN)
    page.keyboard.press("ArrowRight")
    assert deck_moved(page, shown), "ArrowRight did not move the deck"
    assert dirty_tabs(page) == 0, "the deck marked the lecture modified"
    stop_deck(page)

    changed = [p.name for p, state in snapshot(watched).items() if state != before[p]]
    assert not changed, f"opening or presenting rewrote {changed}"
    assert _listing(REPO / "notebooks") == listing, "opening or presenting added or removed files"


def _listing(folder) -> list:
    """The files of ``folder``, without JupyterLab's ``.ipynb_checkpoints``.

    JupyterLab keeps a recovery copy of a notebook the first time it opens it
    (git ignores the folder); that copy is not the notebook saved: the
    notebooks' own bytes and times are compared separately.
    """
    return sorted(p.name for p in folder.iterdir() if p.name != ".ipynb_checkpoints")
