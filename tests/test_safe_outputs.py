"""What a student's notebook shows the instructor is text and pictures, never a live script or link.

:class:`advsearch.autograde.nbgrader.SafeOutputs` runs before nbgrader makes a submission HTML (feedback, the
formgrader).  These tests make the HTML with nbconvert's own templates (nbgrader's feedback template, and the
classic and lab ones that the formgrader's view follows) and read it as a browser would, with an HTML parser:
no event handler, no ``javascript:`` address, no script or address of the student's.  They cover what review 25
got in with (an image's width "1 onload=...", a Markdown link to ``javascript&#58;...``, metadata of the wrong
shape, a Markdown image naming a missing attachment), and random Markdown and metadata (hypothesis).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import nbformat
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

pytest.importorskip("nbgrader")

from advsearch.autograde.nbgrader import SafeOutputs  # noqa: E402

sys.path.insert(0, str(Path(__file__).parents[1] / "exercises" / "assignments"))
from live_html import LiveParts  # noqa: E402  (the round trip reads feedback with it too)

PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
TEMPLATES = ("feedback", "classic", "lab")
#: nbgrader's feedback and formgrade templates (GenerateFeedback points nbconvert here).
FORMGRADER = os.path.join(os.path.dirname(__import__("nbgrader").__file__), "server_extensions", "formgrader")
NBGRADER_TEMPLATES = os.path.join(FORMGRADER, "templates")
BOOTSTRAP = os.path.join(FORMGRADER, "static", "node_modules", "bootstrap", "dist", "css")


class Live(LiveParts):
    """:class:`LiveParts` (what of a student's could run or fetch), and the page's images and preformatted text."""

    def __init__(self):
        super().__init__()
        self.images, self.pre, self.classes = [], [], []
        self._in_pre = 0

    def handle_starttag(self, tag, attrs):
        super().handle_starttag(tag, attrs)
        if tag == "img":
            self.images.append(dict(attrs))
        self.classes.append((dict(attrs).get("class") or "").split())
        self._in_pre += tag == "pre"

    def handle_endtag(self, tag):
        super().handle_endtag(tag)
        self._in_pre -= tag == "pre"

    def handle_data(self, data):
        super().handle_data(data)
        if self._in_pre:
            self.pre.append(data)


def html_of(nb, template) -> str:
    """``nb`` made safe, then HTML by the ``template`` nbgrader or nbconvert has."""
    from nbconvert import HTMLExporter

    safe, _ = SafeOutputs().preprocess(nb, {})
    nbformat.validate(safe)
    exporter = HTMLExporter(template_name=template, extra_template_basedirs=[NBGRADER_TEMPLATES],
                            extra_template_paths=[BOOTSTRAP])
    grades = {"notebook": "ps1", "score": 0, "max_score": 0, "late_penalty": 0}
    body, _ = exporter.from_notebook_node(safe, resources={"nbgrader": grades})
    return body


def page(nb, template) -> Live:
    live = Live()
    live.feed(html_of(nb, template))
    return live


def image_output(metadata):
    return nbformat.v4.new_output("display_data", data={"image/png": PNG, "text/plain": "a chart"},
                                  metadata=metadata)


def notebook(*cells):
    nb = nbformat.v4.new_notebook()
    nb.cells = list(cells)
    return nb


def code_with(*outputs):
    cell = nbformat.v4.new_code_cell("chart()")
    cell.outputs = list(outputs)
    return cell


HANDLER = "1 onload=window.advsearchXss=1 onerror=window.advsearchXss=2"


@pytest.mark.parametrize("template", TEMPLATES)
def test_an_images_width_and_height_cannot_add_attributes(template):
    nb = notebook(code_with(
        image_output({"image/png": {"width": HANDLER, "height": HANDLER, "alt": "a chart"}}),
        image_output({"filenames": {"image/png": "http://127.0.0.1:9/track.png"}, "image/png": {"width": 40}})))
    live = page(nb, template)
    assert live.found == []
    assert len(live.images) == 2
    if template != "lab":       # the lab template writes no alt, and sizes only when it has them
        assert live.images[0].get("alt") == "a chart"
    assert all("onload" not in image and "onerror" not in image for image in live.images)
    # a true size is kept (the second picture asked for 40 pixels)
    assert live.images[1].get("width") == "40"


@pytest.mark.parametrize("metadata", [{"image/png": "not a dict"}, {"image/png": None}, {"image/png": [1, 2]},
                                      {"image/png": {"width": True, "height": -3, "needs_background": "<x>"}},
                                      "not a dict either"])
def test_metadata_of_any_shape_still_makes_a_page(metadata):
    output = image_output({})
    output.metadata = metadata
    live = page(notebook(code_with(output)), "feedback")
    assert live.found == [] and len(live.images) == 1
    assert set(live.images[0]) <= {"src", "alt", "class"}


def test_alt_text_is_kept_and_cut():
    output = image_output({"image/png": {"alt": "a tree " * 2000}})
    safe, _ = SafeOutputs().preprocess(notebook(code_with(output)), {})
    alt = safe.cells[0].outputs[0].metadata["image/png"]["alt"]
    assert alt.startswith("a tree a tree") and len(alt) < SafeOutputs.MAX_ALT + 40 and "more" in alt


LINKS = ["[here](javascript&#58;void(window.advsearchXss=1))", "[x](javascript&colon;window.advsearchXss=2)",
         "[y](&#106;avascript:window.advsearchXss=3)", "<a href='javascript:window.advsearchXss=4'>z</a>",
         "<img src=x onerror=window.advsearchXss=5>", "![t](attachment:missing.png)",
         "$\\href{javascript:window.advsearchXss=6}{m}$", "[w](JaVaScRiPt:window.advsearchXss=7)",
         "~~~\n</pre><script>window.advsearchXss=8</script>\n~~~"]


@pytest.mark.parametrize("template", TEMPLATES)
def test_a_students_markdown_is_shown_as_its_text(template):
    cells = [nbformat.v4.new_markdown_cell(text) for text in LINKS]
    live = page(notebook(*cells), template)
    assert live.found == [] and live.images == []
    shown = "".join(live.pre)
    for text in LINKS:
        assert text in shown            # every character, as the student typed it


def test_image_attachments_are_shown_once_each_under_names_of_ours():
    cell = nbformat.v4.new_markdown_cell("My sketch: ![tree](attachment:mine.png) and ![gone](attachment:gone.png)")
    cell.attachments = {"mine.png": {"image/png": PNG}, "x\" onerror=\"advsearch": {"image/png": PNG},
                        "page.html": {"text/html": "<script>window.advsearchXss=9</script>"}, "odd": "no"}
    live = page(notebook(cell), "feedback")
    assert live.found == []
    assert [image["alt"] for image in live.images] == ["attached image 1", "attached image 2"]
    assert all(image["src"] == f"data:image/png;base64,{PNG}" for image in live.images)


@pytest.mark.parametrize("template", TEMPLATES)
def test_a_students_raw_cells_are_shown_as_their_text(template):
    fake = ('<div class="panel panel-primary nbgrader_cell"><span class="pull-right">Score: 10.0 / 10.0</span></div>'
            '<div class="modal-backdrop"></div><a href="http://127.0.0.1:9/x">details</a>')
    cells = [nbformat.v4.new_raw_cell(fake), nbformat.v4.new_raw_cell(fake)]
    cells[1].metadata["raw_mimetype"] = "text/html"
    live = Live()
    live.feed(html_of(notebook(*cells), template))
    assert live.found == [] and "".join(live.pre).count(fake) == 2
    assert "modal-backdrop" not in [c for tag in live.classes for c in tag]


@pytest.mark.parametrize("metadata", [{"tags": ["x modal-backdrop navbar-fixed-top"]}, {"magics_language": 1},
                                      {"transient": "x"}, {"transient": [1]}, {"jupyter": {"source_hidden": 3}}])
@pytest.mark.parametrize("kind", ["code", "markdown"])
def test_a_cells_metadata_cannot_add_classes_or_stop_the_page(metadata, kind):
    cell = nbformat.v4.new_code_cell("x = 1") if kind == "code" else nbformat.v4.new_markdown_cell("x")
    cell.metadata.update(metadata)
    cell.metadata["nbgrader"] = {"locked": True, "grade_id": "q1", "solution": False, "grade": False}
    for template in ("feedback", "lab"):
        live = Live()
        live.feed(html_of(notebook(cell), template))
        assert not any("modal-backdrop" in tag for tag in live.classes)
    assert set(cell.metadata) == {"nbgrader"} and cell.metadata["nbgrader"]["grade_id"] == "q1"


def test_locked_markdown_is_left_as_written():
    cell = nbformat.v4.new_markdown_cell("**Question 1.** See [the lecture](https://example.org/notes).")
    cell.metadata["nbgrader"] = {"locked": True, "grade_id": "q1_text", "solution": False, "grade": False}
    safe, _ = SafeOutputs().preprocess(notebook(cell), {})
    assert safe.cells[0].source == "**Question 1.** See [the lecture](https://example.org/notes)."


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.lists(st.sampled_from(list("<>&#;:'\"`~[]()!$\\=/ \n") + [
    "javascript", "&#58;", "&colon;", "onload", "advsearch", "href", "img", "a", "x", "attachment", "http"]),
    max_size=40).map("".join),
       width=st.one_of(st.text(max_size=30), st.integers(), st.floats(allow_nan=True), st.none(), st.booleans()))
def test_random_markdown_and_metadata_stay_text(text, width):
    nb = notebook(nbformat.v4.new_markdown_cell(text), code_with(image_output({"image/png": {"width": width}})))
    live = page(nb, "feedback")
    assert live.found == []
    assert text.strip("\n") in "".join(live.pre)           # every character, as the student typed it
    assert len(live.images) == 1 and set(live.images[0]) <= {"src", "alt", "class", "width"}
