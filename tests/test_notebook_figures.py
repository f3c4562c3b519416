"""Figures for a lecture hall: every figure the lecture and exercise notebooks show keeps its text
at 11 pt or more (``MIN_FONT``) and its width within a slide's 12.8 in, at 100 dpi.

Each notebook's code runs in a process of its own (tests/notebook_figures.py: an IPython shell,
no kernel, the Agg backend); every figure is measured when the notebook would show it.  The
whole set takes about 50 s of one core on a quiet machine (35 s of it the notebooks' own code,
about 2 s a test to start Python), spread over the xdist workers: one test a lecture, one for the
six exercise notebooks.  The measuring itself is tested first, on figures whose smallest text is
known.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from advsearch import alphabeta, examples  # noqa: E402
from advsearch.drawing.mpl import LECTURE_RC, draw, draw_frames, lecture_style  # noqa: E402
from advsearch.drawing.mpl.style import FIGURE_DPI, MAX_FIGSIZE, MIN_FONT  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
from notebook_figures import measure  # noqa: E402
from figure_style import default_style  # noqa: E402,F401  (the fixture below uses it)

ROOT = Path(__file__).resolve().parents[1]


#: Every test draws with matplotlib's default style and closes what it opened (tests/figure_style.py).
pytestmark = pytest.mark.usefixtures("default_style")


# The measuring: it must see tick labels and legends, and skip what is not drawn.

def test_measure_finds_the_smallest_text_drawn_tick_labels_and_legends_included():
    fig, ax = plt.subplots(figsize=(4, 3), dpi=FIGURE_DPI)
    ax.plot([1, 2], [3, 4], label="a line")
    ax.set_title("title", fontsize=14)
    assert measure(fig)[:2] == (10.0, "1.0")         # matplotlib's default tick labels: 10 pt
    ax.tick_params(labelsize=12)
    ax.legend(fontsize=9)
    assert measure(fig)[:2] == (9.0, "a line")
    ax.get_legend().set_visible(False)
    ax.text(0.5, 0.5, "", fontsize=5)                  # empty: shows nothing
    ax.text(0.5, 0.5, "hidden", fontsize=6, visible=False)
    assert measure(fig)[:2] == (12.0, "1.0")
    ax.set_axis_off()                                  # no ticks drawn: only the title is left
    assert measure(fig)[:2] == (14.0, "title")
    assert measure(fig)[2] <= 4.0 + 1e-9


def test_lecture_style_brings_a_plain_chart_to_the_rule():
    def chart():
        fig, ax = plt.subplots()
        ax.bar(["a", "b"], [1, 2], label="bars")
        ax.set(xlabel="x", ylabel="y", title="t")
        ax.legend()
        fig.suptitle("s")
        return fig

    plain = chart()
    assert measure(plain)[0] < MIN_FONT                # matplotlib's defaults: 10 pt
    with matplotlib.rc_context():
        lecture_style()
        styled = chart()
        assert measure(styled)[0] >= MIN_FONT
        assert styled.dpi == FIGURE_DPI and styled.get_figwidth() <= MAX_FIGSIZE[0]
    assert all(v >= MIN_FONT for k, v in LECTURE_RC.items() if "size" in k and k != "figure.figsize")


@pytest.mark.parametrize("steps, ncols", [([3, 5, 9], 3), ([3, 5, 9, 13, 18, 25], 3), ([3, 25], 2), ([13], 1)])
def test_alpha_beta_frames_keep_every_text_readable_within_a_slide(steps, ncols):
    # Three frames of the lecture's tree a row would need 9.7 pt text: draw_frames puts fewer in a row.
    fig = draw_frames(alphabeta(examples.two_ply(), trace=True), steps=steps, ncols=ncols, intervals=True)
    least, text, drawn = measure(fig)
    assert least >= MIN_FONT, text
    assert fig.get_figwidth() <= MAX_FIGSIZE[0] + 1e-9 and drawn <= MAX_FIGSIZE[0] + 1e-9
    columns = len({round(ax.get_position().x0, 4) for ax in fig.axes})
    assert columns == min(len(steps), 2 if ncols == 3 else ncols)


def test_frames_keep_the_columns_asked_for_when_the_text_stays_readable():
    r = alphabeta(examples.two_ply(), trace=True)
    small = draw_frames(r, steps=[3, 9, 25], ncols=3, fontsize=9)   # small text asked for: three a row
    assert len({round(ax.get_position().x0, 4) for ax in small.axes}) == 3
    assert measure(small)[0] < MIN_FONT
    from advsearch import chance, expectiminimax, tree
    star = expectiminimax(tree([chance((0.5, 8), (0.5, 6)), chance((0.5, 0), (0.5, 9))]), pruning="star1",
                          bounds=(0, 10), trace=True)
    fig = draw_frames(star, steps=[1, 3, 7], ncols=3)               # a small tree: three fit, readable
    assert len({round(ax.get_position().x0, 4) for ax in fig.axes}) == 3
    assert measure(fig)[0] >= MIN_FONT


def test_a_tree_too_big_for_readable_frames_keeps_its_columns_and_gets_small_text():
    from advsearch import random_tree
    big = alphabeta(random_tree(depth=4, branching=5, seed=1), trace=True)
    fig = draw_frames(big, steps=[5, 50], ncols=2)
    assert measure(fig)[0] < MIN_FONT
    assert len({round(ax.get_position().x0, 4) for ax in fig.axes}) == 2
    assert fig.get_figwidth() <= MAX_FIGSIZE[0] + 1e-9
    assert draw(big).figure.get_figwidth() <= MAX_FIGSIZE[0] + 1e-9


# The notebooks: each lecture in a process of its own, the (lighter) exercise notebooks in one.

LECTURES = sorted(ROOT.glob("notebooks/0*.ipynb"))
EXERCISES = sorted(ROOT.glob("exercises/0*.ipynb"))


def shown_by(paths) -> list:
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "notebook_figures.py"), "--json", *map(str, paths)],
                          capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert done.returncode == 0, f"running {[p.name for p in paths]} failed:\n{done.stderr[-3000:]}"
    return json.loads(done.stdout.splitlines()[-1])["figures"]


@pytest.mark.parametrize("paths", [[p] for p in LECTURES], ids=[p.name for p in LECTURES])
def test_every_figure_a_notebook_shows_is_readable_on_a_slide(paths):
    assert len(LECTURES) == 7
    figures = shown_by(paths)
    shown = {f["notebook"] for f in figures}
    assert shown == {p.name for p in paths}, f"no figure measured in {sorted({p.name for p in paths} - shown)}"
    problems = []
    for f in figures:
        where = f"{f['notebook']} cell {f['cell']}"
        if f["smallest"] < MIN_FONT:
            problems.append(f"{where}: text {f['text']!r} is {f['smallest']:.2f} pt, under {MIN_FONT:g} pt")
        if max(f["width"], f["drawn"]) > MAX_FIGSIZE[0] + 1e-6:
            problems.append(f"{where}: {max(f['width'], f['drawn']):.2f} in wide, over {MAX_FIGSIZE[0]:g} in")
        if f["dpi"] != FIGURE_DPI:
            problems.append(f"{where}: {f['dpi']:g} dpi, not {FIGURE_DPI}")
    assert not problems, "\n".join(problems)


def test_the_exercises_draw_without_matplotlib():
    """The exercises show SVG pictures (advsearch.picture), which a browser's Python draws too: no figure at all."""
    assert len(EXERCISES) == 6
    assert shown_by(EXERCISES) == []
