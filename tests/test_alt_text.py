"""Every figure has alternative text (issue 28, item 4), and the text states what the figure shows.

What is checked:

- every public drawing function (``draw``, ``draw_frames``, ``Frame.draw``,
  ``to_svg``, ``player``, each game's ``draw_state``, the Stepper, the
  contest's ratings chart) gives its figure a description, and a table
  below lists them all (a new one must be added);
- each description states facts that could be false, checked against the
  search or the tree itself: the tree's text form, how many nodes, the
  root's value, which nodes were cut off, the step's sentence, an MCTS
  root's visits, a board's rows, a chart's series and ranges; over random
  trees with hypothesis;
- the SVG painter and the matplotlib figures say the same sentences (one
  describer, :mod:`advsearch.drawing.words`);
- in IPython every matplotlib Figure shown carries its text as the image's
  ``alt`` metadata, and ``import advsearch`` still loads no matplotlib;
- every image output stored in the notebooks (lectures, experiments,
  exercises) has ``metadata[mime]["alt"]``, not trivial;
- a slide deck built from a lecture gives every ``<img>`` its ``alt``.
"""

from __future__ import annotations

import base64
import html
import inspect
import json
import pathlib
import re
import subprocess
import sys

import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

import advsearch as ads  # noqa: E402
from advsearch import alphabeta, examples, expectiminimax, maxn, mcts, random_tree  # noqa: E402
from advsearch import drawing, games  # noqa: E402
from advsearch.drawing import mpl as drawing_mpl  # noqa: E402
from advsearch.drawing.mpl.alt import alt_text, bundle, chart_words  # noqa: E402
from advsearch.drawing.words import ALT_NODES  # noqa: E402
from advsearch.games.boards import board_words  # noqa: E402

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))
from build_site import ALT, has_alt, page_images  # noqa: E402

#: The public drawing functions, and the test below that checks each one's description.
DRAWING_FUNCTIONS = {
    "advsearch.draw": "test_draw_says_the_tree_and_its_values",
    "advsearch.draw_frames": "test_draw_frames_says_each_step",
    "advsearch.Frame.draw": "test_frame_draw",
    "advsearch.drawing.to_svg": "test_svg_and_figure_say_the_same_sentences",
    "advsearch.drawing.player": "test_player_frames_are_described",
    "advsearch.drawing.picture": "test_picture_says_what_draw_says",
    "Game.draw_state": "test_every_board_says_its_position",
    "advsearch.widgets.Stepper": "test_stepper_frames_carry_alt",
    "advsearch.contest.leaderboard.ratings_figure": "test_ratings_chart_names_each_agent",
    "a notebook's own chart": "test_a_chart_is_described_from_its_axes",
}


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


def _split_nodes(text: str) -> list:
    listed = text.split("Nodes from the root down: ", 1)[1]
    end = listed.find(". Boards: ")
    listed = listed[:end] if end >= 0 else listed
    return listed.rstrip(".").split("; ")


# ------------------------------------------------------------------ the list is complete


#: Public names of the drawing faces that make no picture to describe (records, layouts, settings, TikZ source).
NOT_PICTURES = {"advsearch.drawing.MORE", "advsearch.drawing.Frame", "advsearch.drawing.Player", "advsearch.drawing.Picture",
                "advsearch.drawing.frames", "advsearch.drawing.scene", "advsearch.drawing.tidy_layout",
                "advsearch.drawing.value_text", "advsearch.drawing.mpl.lecture_style",
                "advsearch.drawing.mpl.LECTURE_RC", "advsearch.drawing.mpl.OKABE_ITO",
                "advsearch.frames", "advsearch.Frame", "advsearch.to_tikz"}


def test_every_public_drawing_function_is_checked():
    """Each name of the drawing faces, and each draw name the package exports, is checked here or makes no picture."""
    public = {f"advsearch.drawing.{n}" for n in drawing.__all__}
    public |= {f"advsearch.{n}" if n.startswith("draw") else f"advsearch.drawing.mpl.{n}" for n in drawing_mpl.__all__}
    public |= {f"advsearch.{n}" for n in ads.__all__ if n.startswith("draw") or n in ("frames", "Frame", "to_tikz")}
    unclassified = public - set(DRAWING_FUNCTIONS) - NOT_PICTURES
    assert not unclassified, f"give these pictures alternative text and a test here: {sorted(unclassified)}"
    for name in DRAWING_FUNCTIONS.values():
        assert name in globals(), name


def boards():
    """Every game the package has that draws its states, at a position a few moves in."""
    out = []
    for name in games.__all__:
        cls = getattr(games, name)
        if inspect.isclass(cls) and callable(getattr(cls, "draw_state", None)):
            try:
                game = cls()
            except ImportError:          # chess without its extra
                continue
            state = game.initial_state
            for _ in range(3):
                if game.is_terminal(state) or game.to_move(state) < 0:
                    break
                state = game.result(state, game.actions(state)[0])
            out.append((game, state))
    return out


# ------------------------------------------------------------------ trees and searches


def test_draw_says_the_tree_and_its_values():
    t = examples.two_ply()
    ax = ads.draw(t, values=True)
    said = ax.advsearch_alt
    assert said.startswith("Game tree. ") and f"The tree in text form: {t}." in said
    assert len(_split_nodes(said)) == len(list(t.nodes()))
    values = t.values()
    assert _split_nodes(said)[0] == f"A, MAX node, value {values[()]}"
    r = alphabeta(t, trace=True)
    said = ads.draw(r).advsearch_alt
    assert f"A, MAX node, value {r.value}" in said
    assert said.count(", pruned") == sum(len(cut) for _, cut in r.trace.prunes())


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(branching=st.integers(2, 3), depth=st.integers(1, 3), seed=st.integers(0, 10**6), step=st.integers(0, 400))
def test_alpha_beta_pictures_state_the_search(branching, depth, seed, step):
    """Over random trees: the node count, the root's value, the nodes never visited and the step's sentence."""
    t = random_tree(branching, depth, seed=seed)
    r = alphabeta(t, trace=True)
    nodes = list(t.nodes())
    said = ads.draw(r).advsearch_alt
    sentences = _split_nodes(said)
    if len(nodes) <= ALT_NODES:
        assert len(sentences) == len(nodes)
        unreached = [s for s in sentences if s.endswith("pruned") or "not visited" in s]
        assert len(unreached) == len(nodes) - len(set(r.trace.visited()))
    assert sentences[0].endswith("MAX node, value " + str(r.value).replace("-", "minus "))
    k = step % len(r.trace)
    plt.close("all")
    said = ads.draw(r, step=k).advsearch_alt
    plt.close("all")
    assert f"after step {k}" in said and f"This step: {ads.frames(r)[k].text}" in said


def test_chance_and_multiplayer_trees():
    t = examples.two_ply_chance() if hasattr(examples, "two_ply_chance") else None
    if t is not None:
        r = expectiminimax(t, trace=True)
        said = ads.draw(r).advsearch_alt
        assert "chance node" in said and "probability" in said
    r = maxn(examples.three_player(), trace=True)
    said = ads.draw(r, players=["Ann", "Bob", "Cy"]).advsearch_alt
    assert _split_nodes(said)[0].startswith("A, Ann node, value " + str(tuple(r.value)).replace("-", "minus "))


def test_mcts_pictures_say_visits_and_iterations():
    r = mcts(examples.two_ply(), iterations=40, seed=1, trace=True)
    said = ads.draw(r).advsearch_alt
    assert _split_nodes(said)[0] == "A, MAX node, visits N = 40"
    plt.close("all")
    said = ads.draw(r, step=7).advsearch_alt
    assert said.startswith("mcts search, after 7 iterations.") and ads.frames(r)[6].text in said


def test_draw_frames_says_each_step():
    r = alphabeta(examples.two_ply(), trace=True)
    fig = ads.draw_frames(r, steps=[3, 13, -1], letters="adf")
    said = alt_text(fig)
    assert said.startswith("3 frames of the alphabeta search")
    for letter, f in zip("adf", [ads.frames(r)[k] for k in (3, 13, -1)]):
        assert f"({letter}) alphabeta search, after step {f.step}. " in said and f.text in said


def test_frame_draw():
    f = ads.frames(alphabeta(examples.two_ply(), trace=True))[13]
    assert f.text in f.draw().advsearch_alt


def test_boards_in_a_tree_are_described():
    g = games.Nim((1, 2))
    r = alphabeta(g, trace=True)
    said = ads.draw(r, boards=True).advsearch_alt
    assert " Boards: " in said and board_words(g, g.initial_state) in said


# ------------------------------------------------------------------ one describer


def test_svg_and_figure_say_the_same_sentences():
    r = alphabeta(examples.two_ply(), trace=True)
    for step in (None, 13):
        svg = drawing.to_svg(r, step=step)
        nodes = re.findall(r'<g class="node[^>]*>', svg)
        labels = [html.unescape(re.search(r'aria-label="([^"]*)"', g).group(1)) for g in nodes]
        plt.close("all")
        assert labels == _split_nodes(ads.draw(r, step=step).advsearch_alt)
        desc = html.unescape(re.search(r"<desc[^>]*>(.*?)</desc>", svg, re.S).group(1))
        assert desc in ads.draw(r, step=step).advsearch_alt


def test_picture_says_what_draw_says():
    """The exercises' SVG picture: its text (what a notebook stores as text/plain) is draw's alternative text."""
    r = alphabeta(examples.two_ply(), trace=True)
    for x, step in ((examples.two_ply(), None), (r, None), (r, 13)):
        shown = drawing.picture(x, step=step)
        assert repr(shown) == shown.alt == ads.draw(x, step=step).advsearch_alt
        assert shown.svg == drawing.to_svg(x, step=step) == shown._repr_html_()
        plt.close("all")


def test_player_frames_are_described():
    r = alphabeta(examples.two_ply(), trace=True)
    p = drawing.player(r, steps=[0, 13])
    descs = re.findall(r"<desc[^>]*>(.*?)</desc>", p.html, re.S)
    assert len(descs) == 2 and all("Nodes from the root down" in d for d in descs)
    assert html.escape(ads.frames(r)[13].text, quote=False) in descs[1]


# ------------------------------------------------------------------ boards, widgets, charts


@pytest.mark.parametrize("game, state", boards(), ids=lambda x: type(x).__name__)
def test_every_board_says_its_position(game, state):
    ax = Figure().add_subplot()
    assert game.draw_state(state, ax) is ax
    said = alt_text(ax.figure)
    assert said == ax.advsearch_alt == board_words(game, state)
    rows = [" ".join(r.split()) for r in game.render(state).splitlines() if r.strip()]
    assert said.endswith(" / ".join(rows))
    assert type(game).__name__ in said


def test_stepper_frames_carry_alt():
    pytest.importorskip("ipywidgets")
    from advsearch.widgets import Stepper

    r = alphabeta(examples.two_ply(), trace=True)
    s = Stepper(r)
    s.go(13)
    data, metadata = s._repr_mimebundle_()
    assert metadata["image/png"]["alt"] == s.alt() and ads.frames(r)[13].text in s.alt()
    assert s.output.outputs[0]["metadata"]["image/png"]["alt"] == s.alt()


def test_ratings_chart_names_each_agent():
    from advsearch.contest.leaderboard import ratings_figure, ratings_plot_html
    from advsearch.contest.standings import ContestResult
    from test_contest_parts import synthetic
    import random

    names = ["ann", "bob", "cy"]
    result = ContestResult("connect4", tuple(names), tuple(synthetic(names, 2, random.Random(5))), planned=6)
    said = alt_text(ratings_figure(result))
    best = result.standings()[0]
    assert f"best first: {best['agent']} {round(best['elo'], 1)}" in said
    assert all(n in said for n in names)
    assert f'alt="{html.escape(said)}"' in ratings_plot_html(result)


def test_a_chart_is_described_from_its_axes():
    fig, (left, right) = plt.subplots(1, 2)
    left.plot(range(1, 21), [i * i for i in range(1, 21)], label="nodes")
    left.set(title="Growth", xlabel="depth", ylabel="nodes", yscale="log")
    left.legend()
    right.bar(["minimax", "alpha-beta"], [549946, 18297])
    right.axhline(1000, color="grey")
    said = alt_text(fig)
    assert said.startswith("Panel 1 of 2: Chart: Growth. x axis: depth")
    assert 'Line "nodes": 20 points, x from 1 to 20, y from 1 to 400 (first 1, last 400)' in said
    assert "log scale" in said
    assert "Panel 2 of 2: Chart." in said and "Bars: minimax 549,946, alpha-beta 18,297." in said
    assert "A horizontal line at y = 1,000." in said
    assert chart_words(Figure().add_subplot()) == ""


def test_an_empty_figure_still_says_so():
    assert alt_text(Figure(figsize=(2, 3))) == "An empty figure, 2 by 3 inches."


# ------------------------------------------------------------------ in IPython


def test_ipython_shows_every_figure_with_its_alt():
    code = """
import sys
from IPython.core.interactiveshell import InteractiveShell
shell = InteractiveShell.instance()
import advsearch
assert "matplotlib" not in sys.modules, "import advsearch loaded matplotlib"
from matplotlib.figure import Figure
from IPython.core.pylabtools import select_figure_formats
select_figure_formats(shell, {"png"})
fig = Figure()
fig.add_subplot().plot([1, 2], [3, 4], label="x")
data, metadata = shell.display_formatter.format(fig)
assert data["image/png"] and metadata == {"image/png": {"alt": data["text/plain"]}}, metadata
print(data["text/plain"])
ax = advsearch.draw(advsearch.examples.two_ply())
data, metadata = shell.display_formatter.format(ax.figure)
assert metadata["image/png"]["alt"] == ax.advsearch_alt
"""
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("Chart. x axis: from ") and 'Line "x": 2 points, (1, 3), (2, 4).' in run.stdout


def test_bundle_without_ipython():
    fig = Figure()
    fig.add_subplot().bar(["a"], [1])
    data, metadata = bundle(fig)
    assert data == {"text/plain": alt_text(fig)} and metadata == {"image/png": {"alt": alt_text(fig)}}


# ------------------------------------------------------------------ the notebooks' stored figures

NOTEBOOKS = sorted([*REPO.glob("notebooks/*.ipynb"), *REPO.glob("notebooks/experiments/*.ipynb"),
                    *REPO.glob("exercises/*.ipynb")])



def image_outputs(path):
    """(cell number, mime, output) of every image output stored in a notebook."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for k, cell in enumerate(notebook["cells"]):
        for output in cell.get("outputs", []):
            for mime in output.get("data", {}):
                if mime.startswith("image/"):
                    yield k, mime, output


def missing_alt(path) -> list:
    """Each stored image output of a notebook without alternative text, or still with matplotlib's plain text."""
    missing = []
    for k, mime, output in image_outputs(path):
        alt = output.get("metadata", {}).get(mime, {}).get("alt", "")
        if len(alt) < 30 or alt.startswith(("An empty figure", "No description")):
            missing.append(f"cell {k} ({mime}): alt {alt!r}")
        text = "".join(output["data"].get("text/plain", ""))
        if text.startswith("<Figure size"):
            missing.append(f"cell {k}: its text is still {text!r}")
    return missing


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(REPO)))
def test_every_stored_figure_has_alt(path):
    missing = missing_alt(path)
    assert not missing, f"{path.relative_to(REPO)}: figures without alternative text:\n" + "\n".join(missing)


def test_the_scan_finds_a_figure_without_alt(tmp_path):
    """The scan is no no-op: an image output without alt metadata is caught, one with it passes."""
    png = base64.b64encode(b"\x89PNG\r\n\x1a\n").decode()
    output = {"output_type": "display_data", "data": {"image/png": png, "text/plain": "<Figure size 640x480>"},
              "metadata": {}}
    path = tmp_path / "x.ipynb"
    path.write_text(json.dumps({"cells": [{"cell_type": "code", "outputs": [output]}]}))
    assert len(missing_alt(path)) == 2
    said = "Chart: Growth. x axis: depth, from 1 to 20."
    output.update(metadata={"image/png": {"alt": said}}, data={"image/png": png, "text/plain": said})
    path.write_text(json.dumps({"cells": [{"cell_type": "code", "outputs": [output]}]}))
    assert missing_alt(path) == []


# ------------------------------------------------------------------ where the figures are read


def test_alt_check_of_the_build_tools():
    assert has_alt('<img alt="alphabeta search, after step 3. ..." src="x.png">')
    assert not has_alt('<img src="x.png">')
    assert not has_alt('<img alt="../_images/9064cd.png" src="../_images/9064cd.png" />')   # docutils' default
    assert not has_alt('<img alt=" " src="x.png">')
    assert not has_alt('<img alt="No description has been provided for this image" src="data:image/png;base64,i">')


def test_a_deck_gives_every_image_its_alt(tmp_path):
    """A lecture whose figures carry alt, exported as a deck: every <img> has it, and it is the figure's text."""
    import build_slides

    lecture = next(p for p in NOTEBOOKS if p.parent.name == "notebooks" and any(True for _ in image_outputs(p)))
    deck = build_slides.export(lecture, tmp_path)
    page = deck.read_text(encoding="utf-8")
    images = page_images(page)
    assert images and all(has_alt(tag) for tag in images)
    shown = [html.unescape("".join(ALT.search(tag).groups(default=""))) for tag in images if "data:image/png" in tag]
    stored = {output["metadata"][mime]["alt"] for _, mime, output in image_outputs(lecture) if mime == "image/png"}
    assert shown and set(shown) <= stored
