"""Slides in Chromium: every slide of every lecture fits a 1280x720 screen, and a widget lives on a slide.

RISE (jupyterlab_rise) runs its own JupyterLab build, whose shared modules
lack ``@jupyterlab/console``; every ipywidgets 8 front end
(jupyterlab_widgets 3.x) needs it, so widgets do not load there (upstream:
jupyterlab-contrib/rise issue 119).  Live widgets are presented with
jupyterlab-deck instead, inside JupyterLab itself: ``Start Deck`` from the
command palette.  The slide heights are measured in RISE, which lays the
slides out at the notebook's ``rise`` width and height.
"""

from __future__ import annotations

import json

import pytest

from jlab import REPO
from ui import (SLOW, cell, command, copy_into, deck_can_go, deck_go, open_notebook, output_of, run_up_to, select,
                stop_deck)

pytestmark = pytest.mark.usefixtures("kernels_stopped")

LECTURES = sorted(p.relative_to(REPO).as_posix() for p in (REPO / "notebooks").glob("[0-9][0-9]_*.ipynb"))
REPORT = REPO / "build" / "slide-heights.json"

#: Every slide (section) of the deck: its index h.v, its content height in slide pixels, the deck's
#: slide size, and its first heading.  Hidden slides are shown one at a time to be measured.
MEASURE = """() => {
  const slides = document.querySelector('.reveal .slides');
  const limit = parseFloat(slides.style.height) || slides.getBoundingClientRect().height;
  const width = parseFloat(slides.style.width) || slides.getBoundingClientRect().width;
  const found = [];
  for (const section of slides.querySelectorAll('section[id^="slide-"]')) {
    const saved = section.style.display;
    section.style.display = 'block';
    const parent = section.parentElement.tagName === 'SECTION' ? section.parentElement : null;
    const parentSaved = parent ? parent.style.display : null;
    if (parent) parent.style.display = 'block';
    const heading = section.querySelector('h1, h2, h3, h4');
    const text = (heading ? heading.textContent : section.textContent).replace('¶', '').trim();
    found.push({index: section.id.replace('slide-', ''), height: Math.ceil(section.scrollHeight),
                heading: text.split('\\n')[0].slice(0, 80)});
    section.style.display = saved;
    if (parent) parent.style.display = parentSaved;
  }
  return {limit, width, slides: found};
}"""


def open_slides(page, lab, path):
    page.goto(lab.page_url(f"rise/{path}"))
    page.locator(".reveal.ready .slides section.present").first.wait_for(timeout=SLOW)
    page.wait_for_function("() => [...document.images].every(i => i.complete)", timeout=SLOW)


def test_no_slide_is_taller_than_the_screen(page, lab):
    """Measured as a lecturer presents: with the notebook trusted (run, or trusted, before presenting).

    Untrusted, the kernel-free player of lectures 00, 01, 02, 04 and 06 loses its script and lists every
    frame, so its slide scrolls (scroll is on); tests/browser/test_player_everywhere.py reads that list.
    """
    report, too_tall = {}, []
    for path in LECTURES:
        lab.trust(path)
        open_slides(page, lab, path)
        measured = page.evaluate(MEASURE)
        assert measured["slides"], f"RISE showed no slides for {path}"
        report[path] = measured
        limit = min(measured["limit"], 720)
        too_tall += [f"{path} slide {s['index']} ({s['height']} px > {limit:.0f}): {s['heading']}"
                     for s in measured["slides"] if s["height"] > limit]
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps(report, indent=1))
    print(f"\n{len(too_tall)} slides taller than the screen (all heights in {REPORT}):")
    print("\n".join(too_tall))
    assert not too_tall, f"{len(too_tall)} slides overflow 1280x720:\n" + "\n".join(too_tall)


def deck_copy(scratch, source: str) -> str:
    """A scratch copy of a notebook in which a cell that continues the slide has no slide type.

    RISE and nbconvert read ``"slide_type": "-"`` and a missing slide type alike; jupyterlab-deck 0.2.0
    knows only the missing one and never shows a ``"-"`` cell (nor links the subslides around it).
    ``test_no_cell_continues_a_slide_with_a_dash`` asks the lectures themselves to drop the ``"-"``.
    """
    path = copy_into(scratch, source)
    nb = json.loads((REPO / path).read_text(encoding="utf-8"))
    for c in nb["cells"]:
        if c["metadata"].get("slideshow", {}).get("slide_type") == "-":
            del c["metadata"]["slideshow"]["slide_type"]
            if not c["metadata"]["slideshow"]:
                del c["metadata"]["slideshow"]
    (REPO / path).write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def test_no_cell_continues_a_slide_with_a_dash():
    """jupyterlab-deck (the way to present live widgets) hides every cell whose slide type is "-".

    Its 0.2.0 bundle sorts cells by ``slide_type`` into slide, subslide, fragment, notes, skip and a
    missing type (null); a ``"-"`` matches none of them, so the cell never appears on a slide.  RISE and
    nbconvert treat a missing slide type exactly as ``"-"``, so leaving it out is right for all three.
    """
    dashes = [f"{path} cell {i}: {''.join(c['source']).splitlines()[0][:50] if c['source'] else ''}"
              for path in LECTURES
              for i, c in enumerate(json.loads((REPO / path).read_text(encoding="utf-8"))["cells"])
              if c["metadata"].get("slideshow", {}).get("slide_type") == "-"]
    assert not dashes, (f"{len(dashes)} cells have slide_type '-', which jupyterlab-deck never shows; "
                        "remove the slide type instead:\n" + "\n".join(dashes[:20]))


def test_a_live_stepper_on_a_slide(page, lab, scratch):
    """The Stepper of lecture 02 is live on its slide in jupyterlab-deck, presented inside JupyterLab.

    What the test learnt about jupyterlab-deck 0.2.0 in JupyterLab 4.6:

    - ``Start Deck`` (command ``deck:start``, in the command palette and the notebook toolbar) presents
      the open notebook from its *active* cell's slide, so select the title cell first; ``Stop Deck``
      (``deck:stop``) or the remote's stop button ends it.  The notebook is not saved by either.
      Presenting is a user setting (``active``), so it stays on for every notebook opened afterwards,
      in any tab, until stopped: the test stops a deck left on before it starts.
    - Keys (the deck binds them to ``.jp-Deck .jp-Notebook.jp-mod-commandMode:focus``): ArrowRight
      (``deck:forward``, next slide) and ArrowLeft (``deck:back``) work while a cell has the focus in
      command mode.  ArrowDown and ArrowUp (``deck:down``/``deck:up``, subslides and fragments) do not:
      JupyterLab's own command-mode binding moves the cell cursor instead and the deck goes blank, with
      every direction disabled.  Space and Shift+Space (``deck:go``) did nothing.  A click outside the
      notebook takes the focus away and no key works until a cell is clicked.
    - So the lecturer (and this test) moves with the remote in the bottom right corner
      (``.jp-Deck-Remote``): buttons ``jp-deck-mod-direction-{up,back,forward,down}``, marked
      ``jp-mod-disabled`` where the deck cannot go, which is how the test knows that a section's
      subslides are done.  Its middle button (``jp-deck-mod-stop``) ends the deck.
    - A cell on the current slide has the class ``jp-deck-mod-onscreen``; the others are collapsed to
      height 0 and ``visibility: hidden`` (still in the page), so Playwright's ``:visible`` tells them apart.
    - Cells with ``"slide_type": "-"`` are never shown (see ``deck_copy``), and the subslides around them
      are skipped: from a section's title, "down" jumped straight to its last subslide.
    - Widgets are JupyterLab's own (ipywidgets 8 loads), so they are live: a cell run before or during
      the deck keeps its widget on the slide.
    """
    path = deck_copy(scratch, "notebooks/02_alpha_beta.ipynb")
    open_notebook(page, lab, path)
    stop_deck(page)
    stepper_cell = cell(page, "Stepper(r, intervals=True)")
    run_up_to(page, stepper_cell)              # the lecturer runs the notebook, then presents it
    output_of(stepper_cell).locator(".widget-html", has_text="step 1 of").wait_for(timeout=SLOW)
    select(page, page.locator(".jp-NotebookPanel:visible .jp-Cell").first)
    assert command(page, "Start Deck")
    page.locator(".jp-Deck-Remote").wait_for()
    page.locator(".jp-Cell.jp-deck-mod-onscreen h1", has_text="Alpha-beta pruning").wait_for()

    narration = page.locator(".jp-Cell.jp-deck-mod-onscreen .widget-html:visible", has_text="step 1 of")
    moves = tries = 0
    while not narration.count():               # down the subslides, then right to the next section
        assert deck_can_go(page, "down") or deck_can_go(page, "forward"), "the deck ended before the Stepper"
        moves += deck_go(page, "down" if deck_can_go(page, "down") else "forward")
        tries += 1
        assert moves < 40 and tries < 80, f"{moves} moves through the deck and no Stepper"
    narration.first.wait_for(timeout=SLOW)
    heading = page.locator(".jp-Cell.jp-deck-mod-onscreen h2:visible").first
    assert not heading.count() or "Alpha-beta step by step" in heading.inner_text()
    box = narration.first.bounding_box()
    assert box and 0 <= box["y"] and box["y"] + box["height"] <= 720, f"the Stepper is off the screen: {box}"

    slide = stepper_cell                       # on screen now: the narration above is in it
    assert "jp-deck-mod-onscreen" in (slide.get_attribute("class") or "")
    slide.get_by_role("button", name="Forward").click()
    slide.locator(".widget-html:visible", has_text="step 2 of").first.wait_for(timeout=SLOW)
    slide.get_by_role("button", name="Forward").click()
    slide.locator(".widget-html:visible", has_text="step 3 of").first.wait_for(timeout=SLOW)
    assert page.locator(".jp-Deck-Remote").is_visible(), "the deck ended by a click on the widget"
    stop_deck(page)
