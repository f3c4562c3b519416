"""The kernel-free player where the course is read, in Chromium: JupyterLab (an untrusted and a trusted
notebook), Jupyter Notebook 7, the course site, the slide decks and nbconvert's HTML.

Each place shows the player stored in the lectures (nothing is run): alpha-beta on the lecture's two-ply
tree in 02_alpha_beta.ipynb, and on the site the players of all five lectures that have one.  Where
scripts run, the test steps forward and back with the buttons and the keyboard and goes to the last
frame, whose status, narration and root value must be the ones stored in the notebook (for alpha-beta,
A = [3, 3]); the keys must not also move the page around it (JupyterLab's cell shortcuts, reveal.js's
slide keys).  An untrusted notebook shows HTML sanitised (no script, no style, no SVG): there every
frame's number and narration must be readable in order, with the root's value in the last.  Every
request that leaves the page's own server is recorded and refused; only the nbconvert template's own
loads (MathJax, RequireJS, the widget manager, which it takes from CDNs) may be among them, never one
made by the player.  Run with ``--browser``.
"""

from __future__ import annotations

import functools
import html
import json
import re
import subprocess
import sys
import threading
from http.server import ThreadingHTTPServer
from pathlib import Path
from urllib.parse import quote, urlparse

import pytest

from jlab import REPO
from test_browser_site import QuietHandler, site, watch  # noqa: F401  (site: the served build/site/)
from ui import SLOW, cell, open_notebook, output_of

LECTURE = "notebooks/02_alpha_beta.ipynb"
SOURCE = "ads.player(r, intervals=True)"
#: The lectures with a player, and the source of the cell that shows it.
LECTURES = {"notebooks/00_tour.ipynb": "ads.player(r)",
            "notebooks/01_games_and_minimax.ipynb": "ads.player(r2)",
            LECTURE: SOURCE,
            "notebooks/04_stochastic_games.ipynb": "ads.player(star1)",
            "notebooks/06_mcts.ipynb": "ads.player(r, steps="}


def stored(path: str, source: str) -> dict:
    """What the notebook's stored player shows: its frames' status and narration, and the root at the end."""
    nb = json.loads((REPO / path).read_text(encoding="utf-8"))
    [code] = [c for c in nb["cells"] if c["cell_type"] == "code" and "".join(c["source"]).startswith(source)]
    [fragment] = ["".join(o["data"]["text/html"]) for o in code["outputs"] if "text/html" in o.get("data", {})]
    frames = re.findall(r'<li class="asp-frame" data-where="([^"]*)" data-said="([^"]*)">(.*?)</li>', fragment, re.S)
    last_root = re.search(r'data-path="\(\)"[^>]*? aria-label="([^"]*)"', frames[-1][2]).group(1)
    return {"where": [html.unescape(w) for w, _, _ in frames], "said": [html.unescape(s) for _, s, _ in frames],
            "root": html.unescape(last_root)}


@pytest.fixture(scope="module")
def lecture():
    shown = stored(LECTURE, SOURCE)
    assert len(shown["where"]) == 26 and shown["said"][-1] == "A (MAX) returns 3."
    assert shown["root"].startswith("A, MAX node, value [3, 3]")     # the value the lecture gives
    return shown


def offline(page, *origins) -> list:
    """Refuse and record every request of ``page`` that goes anywhere but ``origins`` (data: and blob: stay)."""
    outside = []
    allowed = {urlparse(o).netloc for o in origins}

    def refuse(route):
        outside.append(route.request.url)
        route.abort()

    page.route(lambda url: urlparse(url).scheme not in ("data", "blob", "file") and urlparse(url).netloc not in allowed,
               refuse)
    return outside


def step_through(player, page, shown, host_unmoved=lambda: True):
    """Forward and Back by mouse and keyboard, End to the last frame and its root value, Home back to the first."""
    player.locator(".asp-controls").wait_for(state="visible", timeout=SLOW)
    where, n = player.locator(".asp-where"), len(shown["where"])
    forward, back = player.locator(".asp-forward"), player.locator(".asp-back")

    def at(k):
        page.wait_for_function("([e, text]) => e.textContent === text", arg=[where.element_handle(), shown["where"][k]],
                               timeout=10_000)
        caption = player.locator(".asp-frame:not([hidden]) figcaption")
        assert caption.count() == 1 and caption.inner_text().endswith(shown["said"][k])
        assert caption.is_visible() and player.locator(".asp-frame:not([hidden]) svg").is_visible()

    at(0)
    forward.click()
    at(1)
    back.click()
    at(0)
    forward.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    at(2)
    assert host_unmoved(), "Enter or Space on Forward also moved the page around the player"
    player.locator(".asp-view").focus()
    page.keyboard.press("End")
    at(n - 1)
    root = player.locator('.asp-frame:not([hidden]) g[data-path="()"]')
    assert root.get_attribute("aria-label") == shown["root"] and root.is_visible()
    if player.locator(".asp-view").evaluate("v => v.scrollWidth > v.clientWidth"):
        player.locator(".asp-slider").focus()      # on a picture wider than its box, Left scrolls it instead
    page.keyboard.press("ArrowLeft")
    at(n - 2)
    page.keyboard.press("Home")
    at(0)
    player.locator(".asp-slider").focus()
    page.keyboard.press("End")
    at(n - 1)
    assert forward.get_attribute("aria-disabled") == "true"
    assert host_unmoved(), "the arrows, Home or End on the player also moved the page around it"


# JupyterLab and Notebook 7 ------------------------------------------------------------------------------

def own_copy(lab, scratch, source: str, trusted: bool) -> str:
    """A copy of ``source`` with a mark in its metadata, so that its signature is its own (another test may
    trust the lecture itself); trusted in the test server's database, as Trust Notebook or running it does."""
    nb = json.loads((REPO / source).read_text(encoding="utf-8"))
    nb["metadata"]["advsearch_test"] = "a trusted copy" if trusted else "an untrusted copy"
    target = scratch / f"{'trusted' if trusted else 'untrusted'}_{Path(source).name}"
    target.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    path = target.relative_to(REPO).as_posix()
    if trusted:
        lab.trust(path)
    opened = lab.api(f"contents/{quote(path)}")["content"]                 # the server marks what it trusts
    assert all(bool(c["metadata"].get("trusted")) == trusted for c in opened["cells"] if c["cell_type"] == "code")
    return path


def command_mode(page):
    """Whether the notebook is still in command mode with no cell editor open (a key went to the player only)."""
    return lambda: page.locator(".jp-Notebook.jp-mod-commandMode").count() == 1 and \
        page.locator(".jp-Notebook.jp-mod-editMode").count() == 0


@pytest.mark.usefixtures("kernels_stopped")
def test_jupyterlab_untrusted_every_frame_is_readable(page, lab, scratch, lecture):
    outside = offline(page, lab.url)
    open_notebook(page, lab, own_copy(lab, scratch, LECTURE, trusted=False))
    out = output_of(cell(page, SOURCE))
    out.first.wait_for(timeout=SLOW)
    text = out.first.inner_text()
    assert out.locator("script, style, svg").count() == 0            # sanitised
    assert out.locator(".advsearch-player[data-live]").count() == 0
    assert not out.get_by_role("button").count()                      # no controls that would do nothing
    place = 0
    for k, (where, said) in enumerate(zip(lecture["where"], lecture["said"])):
        number = where[0].upper() + where[1:] + "."
        found = text.find(f"{number} {said}", place)
        assert found >= 0, f"frame {k + 1} ({number} {said}) is not readable in order"
        place = found
    assert lecture["root"].split(", the node")[0] in text[place:]     # A's value [3, 3], in the last frame's words
    assert outside == []


@pytest.mark.usefixtures("kernels_stopped")
def test_jupyterlab_trusted_steps(page, lab, scratch, lecture):
    outside = offline(page, lab.url)
    open_notebook(page, lab, own_copy(lab, scratch, LECTURE, trusted=True))
    player = output_of(cell(page, SOURCE)).locator(".advsearch-player[data-live]")
    player.wait_for(timeout=SLOW)
    step_through(player, page, lecture, command_mode(page))
    assert outside == [] and page.errors == []


@pytest.mark.usefixtures("kernels_stopped")
def test_notebook_7_trusted_steps(page, lab, scratch, lecture):
    outside = offline(page, lab.url)
    page.goto(lab.page_url(f"notebooks/{own_copy(lab, scratch, LECTURE, trusted=True)}"))
    page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(timeout=SLOW)
    assert "Jupyter Notebook" in page.title() or page.locator("#jp-NotebookLogo, .jp-NotebookKernelLogo").count()
    target = page.locator(".jp-Cell").filter(has=page.locator(".jp-InputArea-editor", has_text=SOURCE)).first
    target.scroll_into_view_if_needed()
    player = output_of(target).locator(".advsearch-player[data-live]")
    player.wait_for(timeout=SLOW)
    loading = len(page.errors)       # Notebook 7's own extensions report two errors while it loads
    step_through(player, page, lecture, command_mode(page))
    assert outside == [] and page.errors[loading:] == [], page.errors


# The course site, the decks and nbconvert's HTML ------------------------------------------------------------

@pytest.mark.parametrize("path", list(LECTURES), ids=[Path(p).stem for p in LECTURES])
def test_site_pages_step(page, site, path):   # noqa: F811  (site is the fixture imported above)
    shown = stored(path, LECTURES[path])
    problems = watch(page, site)
    page.goto(f"{site}/{path.replace('.ipynb', '.html')}", wait_until="load")
    player = page.locator("main .advsearch-player[data-live]")
    assert player.count() == 1, "the player did not come to life on the page (its script lost?)"
    player.scroll_into_view_if_needed()
    step_through(player, page, shown)
    page.wait_for_load_state("networkidle")
    assert problems == [], "\n".join(problems)
    assert page.errors == []


@pytest.fixture(scope="module")
def exports(scratch):
    """02_alpha_beta as a slide deck (tools/build_slides.py) and as nbconvert's HTML, served on 127.0.0.1."""
    out = scratch / "exports"
    out.mkdir()
    commands = [[sys.executable, str(REPO / "tools" / "build_slides.py"), "--out", str(out / "slides"),
                 str(REPO / LECTURE)],
                [sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", "--output-dir", str(out / "html"),
                 str(REPO / LECTURE)]]
    running = [subprocess.Popen(c, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for c in commands]                                                   # the two at once
    for process in running:
        _, errors = process.communicate(timeout=600)
        assert process.returncode == 0, errors
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(out)))
    thread = threading.Thread(target=server.serve_forever, name="exports-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", out
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


#: Where the deck is (h, v), so the test can tell a slide change from a step.
DECK_AT = "() => JSON.stringify(Reveal.getIndices())"


def test_slide_deck_steps(page, exports, lecture):
    address, _ = exports
    outside = offline(page, address)
    page.goto(f"{address}/slides/02_alpha_beta.slides.html")
    page.wait_for_function("() => window.Reveal && Reveal.isReady()", timeout=SLOW)
    player = page.locator(".reveal .advsearch-player[data-live]")
    assert player.count() == 1
    page.evaluate("""() => {
        const section = document.querySelector('.reveal .advsearch-player').closest('section');
        const at = Reveal.getIndices(section);
        Reveal.slide(at.h, at.v);
    }""")
    player.wait_for(state="visible")
    here = page.evaluate(DECK_AT)
    box = player.locator(".asp-controls").bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 720, f"the controls are off the slide: {box}"
    step_through(player, page, lecture, lambda: page.evaluate(DECK_AT) == here)
    assert outside == [] and page.errors == []


def test_nbconvert_html_steps(page, exports, lecture):
    address, folder = exports
    outside = offline(page, address)
    page.goto(f"{address}/html/02_alpha_beta.html", wait_until="load")
    player = page.locator(".advsearch-player[data-live]")
    assert player.count() == 1
    player.scroll_into_view_if_needed()
    step_through(player, page, lecture)
    # The template loads MathJax, RequireJS and the widget manager from CDNs; the player loads nothing.
    document = (folder / "html" / "02_alpha_beta.html").read_text(encoding="utf-8")
    player_html = re.search(r'<div [^>]*class="advsearch-player".*?</script>\s*</div>', document, flags=re.S).group(0)
    assert "function live(root)" in player_html and not re.search(r"\b(src|href)=", player_html)
    template = document.replace(player_html, "")
    assert all(url.split("?")[0].split("#")[0] in template for url in outside), outside
