"""The shape of a lecture: a core path that fits one 90-minute session, deep dives marked "Going further",
and "predict, then run" cells.

The core path is what the slide show presents: every cell whose slide type is
not ``skip`` and not ``notes`` (speaker notes are for the lecturer).  A
"Going further" part starts at a Markdown heading "Going further" and runs to
the next heading of the same or a higher level; the slide show skips all of
it, and nothing else is skipped except code cells (set-up a slide need not
show).  A prediction is a call of ``check.prediction`` in a code cell whose
previous code cell holds the student's guess.
"""

import re
from pathlib import Path

import nbformat
import pytest

REPO = Path(__file__).resolve().parents[1]
LECTURES = sorted((REPO / "notebooks").glob("0[1-6]_*.ipynb"))
MAX_SLIDES = 35
MAX_WORDS = 3300          # "about 3,000"
MIN_PREDICTIONS = 3
HEADING = re.compile(r"^(#{1,6})\s+(.*)$", re.M)


def slide_type(cell):
    return cell.metadata.get("slideshow", {}).get("slide_type", "-")


def going_further(cells):
    """For each cell, whether it lies in a "Going further" part."""
    inside, level, out = False, 0, []
    for cell in cells:
        if cell.cell_type == "markdown":
            m = HEADING.search(cell.source)
            if m and cell.source.lstrip().startswith("#"):
                n, title = len(m.group(1)), m.group(2)
                if title.lower().startswith("going further"):
                    inside, level = True, n
                elif inside and n <= level:
                    inside = False
        out.append(inside)
    return out


def core(cells):
    return [c for c in cells if slide_type(c) not in ("skip", "notes")]


def words(text):
    text = re.sub(r"<[^>]+>", " ", text)              # tags are not words
    text = re.sub(r"\$[^$]*\$", " x ", text)          # a formula counts as one word
    return len(re.findall(r"[A-Za-z0-9αβ'’\-]+", text))


@pytest.fixture(params=LECTURES, ids=lambda p: p.stem)
def lecture(request):
    return nbformat.read(request.param, as_version=4)


def test_six_lectures():
    assert [p.stem[:2] for p in LECTURES] == ["01", "02", "03", "04", "05", "06"]


def test_the_core_path_fits_one_session(lecture):
    cells = core(lecture.cells)
    slides = sum(slide_type(c) in ("slide", "subslide") for c in cells)
    n_words = sum(words(c.source) for c in cells if c.cell_type == "markdown")
    assert slides <= MAX_SLIDES, f"{slides} slides on the core path (at most {MAX_SLIDES})"
    assert n_words <= MAX_WORDS, f"{n_words} words on the core path (about 3,000, at most {MAX_WORDS})"


def test_going_further_parts_are_skipped_and_nothing_else_is(lecture):
    for cell, further in zip(lecture.cells, going_further(lecture.cells)):
        if further:
            assert slide_type(cell) == "skip", f"a Going further cell is on the slides: {cell.source[:80]!r}"
        elif slide_type(cell) == "skip":
            assert cell.cell_type == "code", f"a skipped Markdown cell outside Going further: {cell.source[:80]!r}"


def test_predict_then_run(lecture):
    code = [c for c in lecture.cells if c.cell_type == "code"]
    checks = [i for i, c in enumerate(code) if "check.prediction(" in c.source]
    assert len(checks) >= MIN_PREDICTIONS, f"{len(checks)} predict-then-run cells (at least {MIN_PREDICTIONS})"
    for i in checks:
        guess = code[i - 1].source
        assert i > 0 and re.search(r"^\w+\s*=\s*None\b", guess, re.M), \
            f"the cell before a prediction check should hold the guess, `name = None  # ...`: {guess[:80]!r}"
        assert code[i].outputs, "a prediction cell is committed executed"
