"""The course site (``make site``) in Chromium: its pages load whole, offline, and show what they promise.

A small HTTP server in this process serves ``build/site/`` on 127.0.0.1 for
the module and is shut down after it.  If ``build/site/`` is missing, the
module builds it first with ``tools/build_site.py`` (about 15 s), as
``make site`` would.  Each page is opened as a reader would open it, and
every request is watched: a request that fails, an answer with status 400 or
more, or a request that leaves 127.0.0.1 (the site must work offline) fails
the test.
"""

from __future__ import annotations

import contextlib
import functools
import os
import subprocess
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlparse

import pytest

from jlab import REPO

SITE = Path(os.environ.get("ADVSEARCH_SITE", REPO / "build" / "site"))     # another build to check

#: (path, the page's title and first heading, one more phrase the page shows)
PAGES = [
    ("index.html", "advsearch", "Lectures"),
    ("notebooks/02_alpha_beta.html", "Alpha-beta pruning", "Stepper"),
    ("exercises/01_minimax.html", "Exercises: minimax", "After these exercises you can"),
    ("api/index.html", "API reference", "advsearch.check"),
]


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):      # no access log on the test's output
        pass


@pytest.fixture(scope="module")
def site():
    """The address of ``build/site/`` served on 127.0.0.1; the server stops after the module."""
    if not (SITE / "index.html").exists():
        build = subprocess.run([sys.executable, str(REPO / "tools" / "build_site.py"), "--out", str(SITE)], cwd=REPO,
                               capture_output=True, text=True, timeout=900)
        assert build.returncode == 0, f"tools/build_site.py failed:\n{build.stdout}\n{build.stderr}"
    with served(SITE) as address:
        yield address


@contextlib.contextmanager
def served(folder: Path, handler=QuietHandler):
    """``folder`` served by a static server on 127.0.0.1 in this process: its address, stopped at the end."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, name=f"{folder.name}-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def watch(page, site):
    """Collect every failed, refused or outside request of ``page`` into a list (returned)."""
    problems = []
    local = urlparse(site).netloc

    def failed(request):
        if request.url.startswith("about:"):      # MathJax probes for local fonts with an empty address
            return
        problems.append(f"{request.resource_type} {request.url}: {request.failure}")

    def answered(response):
        if response.status >= 400:
            problems.append(f"{response.request.resource_type} {response.url}: HTTP {response.status}")

    def outside(route):
        problems.append(f"{route.request.resource_type} {route.request.url}: leaves the site (offline?)")
        route.abort()

    page.on("requestfailed", failed)
    page.on("response", answered)
    page.route(lambda url: urlparse(url).netloc != local and not url.startswith("data:"), outside)
    return problems


def images_broken(page) -> list:
    return page.evaluate("() => [...document.images].filter(i => !(i.complete && i.naturalWidth > 0))"
                         ".map(i => i.getAttribute('src'))")


@pytest.mark.parametrize("path, title, phrase", PAGES, ids=[p for p, *_ in PAGES])
def test_a_site_page_loads_whole(page, site, path, title, phrase):
    problems = watch(page, site)
    page.goto(f"{site}/{path}", wait_until="load")
    heading = page.locator("main h1, article h1").first
    heading.wait_for()
    assert heading.inner_text().strip().rstrip("#").strip() == title
    assert page.title().startswith(title)
    page.locator("main, article").first.get_by_text(phrase).first.wait_for()
    page.wait_for_load_state("networkidle")
    assert images_broken(page) == []
    assert problems == [], "\n".join(problems)
    assert page.errors == [], page.errors


def test_the_lecture_shows_its_figures_and_typeset_maths(page, site):
    problems = watch(page, site)
    page.goto(f"{site}/notebooks/02_alpha_beta.html", wait_until="load")
    figures = page.locator("main img")
    figures.first.wait_for()
    assert figures.count() >= 3
    # MathJax replaces each $...$ by its typeset form; a missing font or script would leave the TeX.
    page.locator("main .MathJax, main .MathJax_CHTML, main .MathJax_SVG, main mjx-container").first.wait_for()
    page.wait_for_load_state("networkidle")
    assert page.locator("text=Math Processing Error").count() == 0
    assert images_broken(page) == []
    assert problems == [], "\n".join(problems)


def test_from_the_index_to_a_lecture_and_its_exercises_by_links(page, site):
    problems = watch(page, site)
    page.goto(f"{site}/index.html")
    page.wait_for_load_state("networkidle")       # a reader waits for the page before following a link
    page.get_by_role("link", name="Lectures", exact=True).locator("visible=true").first.click()
    page.wait_for_load_state("networkidle")
    page.locator("main").get_by_role("link", name="Alpha-beta pruning").first.click()
    page.locator("main h1", has_text="Alpha-beta pruning").wait_for()
    page.wait_for_load_state("networkidle")
    assert page.url.endswith("notebooks/02_alpha_beta.html")
    page.goto(f"{site}/index.html")
    page.wait_for_load_state("networkidle")
    page.get_by_role("link", name="Exercises", exact=True).locator("visible=true").first.click()
    page.wait_for_load_state("networkidle")
    page.locator("main").get_by_role("link", name="Exercises: minimax").first.click()
    page.locator("main h1", has_text="Exercises: minimax").wait_for()
    page.wait_for_load_state("networkidle")
    assert problems == [], "\n".join(problems)
