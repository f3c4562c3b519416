"""What a person does in JupyterLab, as small steps for the browser tests."""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

from jlab import REPO

#: Long enough for a kernel to start and a cell to run on a loaded two-core machine.
SLOW = 120_000


def copy_into(scratch: Path, source: str) -> str:
    """Copy a repository file into the scratch folder; its path relative to the served root."""
    target = scratch / Path(source).name
    shutil.copyfile(REPO / source, target)
    return target.relative_to(REPO).as_posix()


def open_notebook(page, lab, path: str):
    """Open ``path`` (relative to the repository) in JupyterLab and wait for its cells and kernel."""
    page.goto(lab.page_url(f"lab/tree/{path}", reset=""))
    page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(timeout=SLOW)
    wait_for_kernel(page)
    return page


def wait_for_kernel(page):
    """Wait until the notebook's kernel is idle (the status in the toolbar says so)."""
    page.locator(".jp-NotebookPanel-toolbar .jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for(
        state="attached", timeout=SLOW)


def command(page, label: str) -> bool:
    """Run a command by its label from the command palette; False if it is disabled here."""
    palette = page.locator(".lm-CommandPalette-input:visible")
    menu(page, "View", "Activate Command Palette")
    palette.fill(label)
    item = page.locator(".lm-CommandPalette-item").filter(
        has=page.locator(".lm-CommandPalette-itemLabel", has_text=re.compile(f"^{re.escape(label)}$"))).first
    item.wait_for(timeout=10_000)
    if "lm-mod-disabled" in (item.get_attribute("class") or ""):
        page.keyboard.press("Escape")
        return False
    item.click()
    return True


def menu(page, top: str, label: str):
    """Click ``top`` in the menu bar, then the item ``label``."""
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(f"^{re.escape(top)}$")).click()
    page.locator(".lm-Menu-item:not(.lm-mod-disabled) .lm-Menu-itemLabel",
                 has_text=re.compile(f"^{re.escape(label)}$")).first.click()


def cell(page, text: str):
    """The notebook cell whose source contains ``text``."""
    return page.locator(".jp-NotebookPanel:visible .jp-Cell").filter(
        has=page.locator(".jp-InputArea-editor", has_text=text)).first


def select(page, target):
    """Select a cell in command mode, as a click on its prompt does."""
    target.scroll_into_view_if_needed()
    target.locator(".jp-InputPrompt").first.click()
    page.keyboard.press("Escape")


def run_up_to(page, target):
    """Run every cell above ``target``, then ``target`` itself."""
    select(page, target)
    if target.evaluate("e => e.previousElementSibling !== null && e.previousElementSibling.classList.contains('jp-Cell')"):
        menu(page, "Run", "Run All Above Selected Cell")
        select(page, target)
    page.keyboard.press("Control+Enter")
    # On a loaded machine the keypress is now and then lost (CI once saw the cell never run, its prompt still
    # "[ ]:" after two minutes): if the cell has not started within 15 s, select it and press again.
    prompt = target.locator(".jp-InputPrompt").first
    try:
        poll(lambda: prompt.inner_text().strip() not in ("", "[ ]:"), timeout=15, message="the cell to start")
    except AssertionError:
        select(page, target)
        page.keyboard.press("Control+Enter")


def type_into(page, target, source: str):
    """Replace the source of a cell with ``source``, as typing it would."""
    editor = target.locator(".jp-InputArea-editor .cm-content").first
    editor.click()
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(source)        # no auto-closed brackets
    page.keyboard.press("Escape")


def output_of(target):
    return target.locator(".jp-OutputArea-output")


def poll(condition, timeout=SLOW / 1000, message="condition"):
    """Wait until ``condition()`` is truthy; returns its value."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {message}")
        time.sleep(0.2)


def dirty_tabs(page) -> int:
    """How many open documents JupyterLab marks modified."""
    return page.locator(".lm-TabBar-tab.jp-mod-dirty").count()


# jupyterlab-deck: see test_browser_slides.test_a_live_stepper_on_a_slide for what these rely on.

#: The indices of the notebook's cells on the deck's current slide: the deck's position.
ON_SCREEN = """() => [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell')]
    .map((c, i) => c.classList.contains('jp-deck-mod-onscreen') ? i : -1).filter(i => i >= 0)"""


def deck_moved(page, before, timeout=30_000) -> bool:
    """Wait until the deck shows other cells than ``before``; False if it did not within ``timeout`` ms."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(f"before => JSON.stringify(({ON_SCREEN})()) !== JSON.stringify(before)",
                               arg=before, timeout=timeout)
        return True
    except PlaywrightTimeout:
        return False


def deck_go(page, direction: str) -> bool:
    """Click the deck's remote button for ``direction``; whether the deck then showed other cells.

    The remote's buttons are enabled or disabled a moment after the slide changes, so a click can come
    too early; the caller looks at the remote again and retries.
    """
    before = page.evaluate(ON_SCREEN)
    page.locator(f".jp-Deck-Remote .jp-deck-mod-direction-{direction}").click()
    return deck_moved(page, before, timeout=5_000)


def deck_can_go(page, direction: str) -> bool:
    """Whether the deck's remote (bottom right) offers ``direction`` (up, down, back, forward)."""
    button = page.locator(f".jp-Deck-Remote .jp-deck-mod-direction-{direction}")
    return "jp-mod-disabled" not in (button.get_attribute("class") or "")


def stop_deck(page):
    """End the deck if it is presenting (its remote's stop button); it stays on for every notebook else."""
    remote = page.locator(".jp-Deck-Remote:visible")
    if remote.count():
        remote.locator(".jp-deck-mod-stop").click()
        remote.wait_for(state="hidden")
