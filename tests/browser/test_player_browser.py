"""The HTML player (advsearch.drawing.player) in Chromium: it steps by mouse and keyboard, fetches nothing,
and with JavaScript off shows every frame.

The player's page is served from memory at one address; every other request
the page makes is recorded and refused, so a player that fetched anything
(a font, a script, an image) would fail.  Run with ``--browser``.
"""

from __future__ import annotations

import pytest

from advsearch import alphabeta, examples, maxn
from advsearch.drawing.player import player

ADDRESS = "http://player.invalid/"


@pytest.fixture(scope="module")
def lecture():
    """The lecture's alpha-beta example with its [α, β] intervals: 26 frames."""
    return player(alphabeta(examples.two_ply(), trace=True), intervals=True)


def serve(context, body: str) -> list:
    """Serve ``body`` at ADDRESS in ``context``; return the list that collects every other request."""
    outside = []

    def route(route):
        if route.request.url == ADDRESS:
            route.fulfill(status=200, content_type="text/html; charset=utf-8", body=body)
        else:
            outside.append(f"{route.request.resource_type} {route.request.url}")
            route.abort()

    context.route("**/*", route)
    return outside


def status(page, root="") -> str:
    return page.locator(f"{root} .asp-where").inner_text()


def shown(page, root="") -> list:
    """The narration of the frames on screen (their captions after the "Step k of n" kept for screen readers)."""
    frames = page.locator(f"{root} .asp-frame")
    said = "c => c.textContent.slice(c.querySelector('.asp-num').textContent.length).trim()"
    return [frames.nth(i).locator("figcaption").evaluate(said) for i in range(frames.count())
            if frames.nth(i).is_visible()]


def test_buttons_slider_and_keys_step_through_the_search(page, lecture):
    outside = serve(page.context, lecture.page())
    page.goto(ADDRESS)
    page.locator(".advsearch-player[data-live]").wait_for()
    assert page.locator(".asp-controls").is_visible()
    assert status(page) == "step 1 of 26 (event 0)"
    assert shown(page) == ["Enter A (MAX) with α = −∞, β = +∞."]
    back, forward, play = page.locator(".asp-back"), page.locator(".asp-forward"), page.locator(".asp-play")
    assert back.get_attribute("aria-disabled") == "true"

    forward.click()
    assert status(page) == "step 2 of 26 (event 1)" and shown(page) == ["Enter B (MIN) with α = −∞, β = +∞."]
    back.click()
    back.click(force=True)                         # at the start (aria-disabled), Back stays put
    assert status(page) == "step 1 of 26 (event 0)"

    # Tab reaches every control, in order, and the frames; Enter and Space press a button.
    back.focus()
    order = []
    for _ in range(5):
        order.append(page.evaluate("document.activeElement.className"))
        page.keyboard.press("Tab")
    assert order == ["asp-back", "asp-play", "asp-forward", "asp-slider", "asp-view"]
    forward.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    assert status(page) == "step 3 of 26 (event 2)" and shown(page) == ["B's child 0 is a leaf worth 3."]

    # Arrows, Home and End on the slider ...
    slider = page.locator(".asp-slider")
    slider.focus()
    page.keyboard.press("ArrowRight")
    assert status(page) == "step 4 of 26 (event 3)" and slider.input_value() == "4"
    page.keyboard.press("End")
    assert status(page) == "step 26 of 26 (event 25)" and shown(page) == ["A (MAX) returns 3."]
    assert forward.get_attribute("aria-disabled") == "true"
    root_value = page.locator('.asp-frame:not([hidden]) g[aria-label^="A, MAX node"]')
    assert root_value.get_attribute("aria-label") == "A, MAX node, value [3, 3], the node of this step"
    assert "[3, 3]" in root_value.text_content() and root_value.is_visible()
    # ... and on the frames.
    page.locator(".asp-view").focus()
    page.keyboard.press("Home")
    assert status(page) == "step 1 of 26 (event 0)" and slider.input_value() == "1"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert status(page) == "step 2 of 26 (event 1)"
    assert page.locator(".asp-status").get_attribute("aria-live") == "polite"
    assert "Enter B (MIN)" in page.locator(".asp-said").text_content()
    assert len(page.locator(".asp-frame:visible").all()) == 1
    assert play.inner_text() == "Play"
    assert outside == [] and page.errors == []


def test_play_runs_to_the_end_and_pause_stops_it(page):
    quick = player(alphabeta(examples.two_ply(), trace=True), steps=range(6), interval=40)
    outside = serve(page.context, quick.page())
    page.goto(ADDRESS)
    play = page.locator(".asp-play")
    play.click()
    assert play.inner_text() == "Pause"
    page.wait_for_function("document.querySelector('.asp-where').textContent.startsWith('step 6 of 6')")
    assert play.inner_text() == "Play"             # stopped by itself at the last frame
    play.click()                                   # from the end, Play starts again at the first frame
    assert play.inner_text() == "Pause" and not status(page).startswith("step 6")
    play.click()                                   # and Pause stops it where it is
    at = status(page)
    page.wait_for_timeout(300)
    assert status(page) == at and play.inner_text() == "Play" and not at.startswith("step 6")
    assert outside == [] and page.errors == []


def test_two_players_on_one_page_work_apart(page, lecture):
    other = player(maxn(examples.three_player(), trace=True))
    body = lecture.page().replace("</body>", other.html + lecture.html + "</body>")    # the lecture's twice
    outside = serve(page.context, body)
    page.goto(ADDRESS)
    page.wait_for_function("document.querySelectorAll('.advsearch-player[data-live]').length === 3")
    roots = page.locator(".advsearch-player")
    roots.nth(1).locator(".asp-forward").click()
    roots.nth(2).locator(".asp-slider").focus()
    page.keyboard.press("End")
    assert [roots.nth(i).locator(".asp-where").inner_text() for i in range(3)] == [
        "step 1 of 26 (event 0)", f"step 2 of {len(other)} (event 1)", "step 26 of 26 (event 25)"]
    assert outside == [] and page.errors == []


@pytest.mark.parametrize("width", [1280, 420])
def test_without_javascript_every_frame_and_its_narration_shows(browser, lecture, width):
    context = browser.new_context(viewport={"width": width, "height": 720}, java_script_enabled=False)
    try:
        page = context.new_page()
        outside = serve(context, lecture.page())
        page.goto(ADDRESS)
        frames = page.locator(".asp-frame")
        assert frames.count() == 26
        assert not page.locator(".asp-controls").is_visible()       # they would do nothing
        for i in range(26):
            frame = frames.nth(i)
            assert frame.is_visible()
            caption = frame.locator("figcaption").inner_text()
            assert caption.startswith(f"Step {i + 1} of 26 (event {i}).")
            box = frame.locator("svg").bounding_box()
            assert box["width"] > 500 and box["height"] > 300         # drawn at its own size, not shrunk
        assert frames.nth(25).locator("figcaption").inner_text().endswith("A (MAX) returns 3.")
        assert outside == []
    finally:
        context.close()


@pytest.mark.parametrize("width", [1280, 420])
def test_the_controls_do_not_overlap(page, lecture, width):
    page.set_viewport_size({"width": width, "height": 720})
    serve(page.context, lecture.page())
    page.goto(ADDRESS)
    page.locator(".asp-slider").focus()
    page.keyboard.press("End")                     # the longest status
    parts = [".asp-back", ".asp-play", ".asp-forward", "label", ".asp-status", ".asp-frame:not([hidden]) figcaption",
             ".asp-frame:not([hidden]) svg"]
    boxes = {p: page.locator(p).bounding_box() for p in parts}
    for i, a in enumerate(parts):
        box = boxes[a]
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5 or a.endswith("svg"), a
        for b in parts[i + 1:]:
            other = boxes[b]
            apart = (box["x"] + box["width"] <= other["x"] + 0.5 or other["x"] + other["width"] <= box["x"] + 0.5
                     or box["y"] + box["height"] <= other["y"] + 0.5 or other["y"] + other["height"] <= box["y"] + 0.5)
            assert apart, (a, b, box, other)
    status_box = boxes[".asp-status"]
    assert page.locator(".asp-where").bounding_box()["width"] <= status_box["width"] + 0.5   # not clipped


def test_a_picture_wider_than_its_box_scrolls_with_the_arrows(page, lecture):
    """At 420 px the frames are wider than the player: on the picture, Left and Right scroll it (a keyboard
    reader must reach its right side), and the buttons, the slider, Home and End still step."""
    page.set_viewport_size({"width": 420, "height": 720})
    outside = serve(page.context, lecture.page())
    page.goto(ADDRESS)
    page.locator(".advsearch-player[data-live]").wait_for()
    view = page.locator(".asp-view")
    assert view.evaluate("v => v.scrollWidth > v.clientWidth")
    view.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.querySelector('.asp-view').scrollLeft > 0")
    assert status(page) == "step 1 of 26 (event 0)"
    page.keyboard.press("End")
    assert status(page) == "step 26 of 26 (event 25)"
    page.locator(".asp-back").click()
    assert status(page) == "step 25 of 26 (event 24)"
    assert outside == [] and page.errors == []
