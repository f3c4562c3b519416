"""SVG export: the same picture as the matplotlib drawing, node for node, readable and accessible.

The comparison tests draw each lecture tree with both painters and compare
what each actually drew: the matplotlib picture's node markers and Text
artists (by their gids, in pixels of the 100 dpi figure) against the SVG's
shapes and <text> elements.
"""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from matplotlib.colors import to_hex  # noqa: E402

from advsearch import (alphabeta, chance, draw, examples, expectiminimax, maxn, mcts, mcts_tree, minimax,  # noqa: E402
                       random_tree, tree)
from advsearch.drawing import looks, svg_geometry  # noqa: E402
from advsearch.drawing.mpl import style as mpl_style  # noqa: E402
from advsearch.drawing.scene import scene  # noqa: E402
from advsearch.drawing.svg import EDGE_LOOK, INK, to_svg  # noqa: E402
from advsearch.drawing.words import spoken  # noqa: E402

NS = "{http://www.w3.org/2000/svg}"
PX = 100 / 72


def chance_tree():
    return tree([chance((Fraction(1, 3), [3, -12]), (Fraction(2, 3), [1, 9])),
                 chance((0.5, [2, 4]), (0.5, [0, 6]))], labels=True)


#: The lectures' trees and searches, each with the options drawn.
CASES = {
    "two_ply": (examples.two_ply, {}),
    "two_ply_values": (examples.two_ply, dict(values=True)),
    "alphabeta_bounds": (lambda: alphabeta(examples.two_ply(), trace=True), dict(bounds=True)),
    "alphabeta_step": (lambda: alphabeta(examples.two_ply(), trace=True), dict(step=13, intervals=True)),
    "alphabeta_step_3": (lambda: alphabeta(examples.two_ply(), trace=True), dict(step=3)),
    "expectiminimax": (lambda: expectiminimax(chance_tree(), trace=True), dict(numbers="fraction")),
    "maxn": (lambda: maxn(examples.three_player(), trace=True), {}),
    "three_player": (examples.three_player, dict(values=True)),
    "mcts": (lambda: mcts(examples.two_ply(), iterations=30, seed=1, trace=True), dict(step=12)),
    "mcts_final": (lambda: mcts(examples.two_ply(), iterations=30, seed=1), {}),
    "grundy_cut": (lambda: minimax(examples.grundy7(), trace=True), dict(max_children=2, max_depth=2, boards=False,
                                                                     actions=True)),
}


def parse(svg: str):
    return ET.fromstring(svg)


def node_groups(root) -> dict:
    """The SVG's node groups by the scene path they draw (its repr)."""
    return {g.get("data-path"): g for g in root.iter(NS + "g") if "node" in g.get("class", "").split()}


def centre(g):
    """The centre of a node group's shape, in px; None for a placeholder."""
    shape = next((e for e in g if e.tag in (NS + "polygon", NS + "circle", NS + "rect") and e.get("class") != "ring"),
                 None)
    if shape is None:
        return None
    if shape.tag == NS + "circle":
        return float(shape.get("cx")), float(shape.get("cy"))
    if shape.tag == NS + "rect":
        return (float(shape.get("x")) + float(shape.get("width")) / 2,
                float(shape.get("y")) + float(shape.get("height")) / 2)
    points = [tuple(map(float, p.split(","))) for p in shape.get("points").split()]
    return points[0][0], (points[0][1] + points[1][1]) / 2


def texts(g, cls=None) -> list:
    return [t.text for t in g.iter(NS + "text") if cls is None or t.get("class") == cls]


def mpl_drawing(make, opts):
    """What the matplotlib painter drew: node centres and texts by role, in px from the top left."""
    ax = draw(make(), **opts)
    fig = ax.figure
    fig.canvas.draw()
    height = fig.get_figheight() * fig.dpi

    def px(x, y):
        a, b = ax.transData.transform((x, y))
        return a, height - b

    centres = {a.get_gid()[5:]: px(a.get_xdata()[0], a.get_ydata()[0])
               for a in ax.get_lines() if (a.get_gid() or "").startswith("node ")}
    words = {}
    for t in ax.texts:
        role, _, path = (t.get_gid() or "").partition(" ")
        if path.startswith("("):
            words.setdefault((role, path), []).append((t.get_text(), px(*t.get_position()), t.get_fontsize()))
    size = (*(fig.get_size_inches() * fig.dpi), ax.advsearch_font)
    plt.close(fig)
    return centres, words, size


@pytest.fixture(scope="module", params=sorted(CASES))
def both(request):
    make, opts = CASES[request.param]
    return request.param, parse(to_svg(make(), **opts)), mpl_drawing(make, opts), scene(
        make(), **{k: v for k, v in opts.items() if k in ("step", "max_depth", "max_children", "values", "numbers")})


# ------------------------------------------------------------------ the same picture as matplotlib


def test_every_node_is_where_matplotlib_drew_it(both):
    name, root, (centres, _, size), graph = both
    groups = node_groups(root)
    assert set(groups) == {repr(n) for n in graph}
    drawn = {path: centre(g) for path, g in groups.items() if centre(g) is not None}
    assert set(drawn) == set(centres), name
    for path, (x, y) in drawn.items():
        mx, my = centres[path]
        assert abs(x - mx) <= 1.5 and abs(y - my) <= 1.5, (name, path, (x, y), (mx, my))
    # The same size of picture, in px at 100 dpi: the same readable size.
    assert float(root.get("width")) == pytest.approx(size[0], abs=1.5)
    assert float(root.get("height")) == pytest.approx(size[1], abs=1.5)


def test_every_text_says_what_matplotlib_wrote_where_it_wrote_it(both):
    name, root, (_, words, _), _ = both
    groups = node_groups(root)
    svg_words = {}
    for path, g in groups.items():
        for t in g.iter(NS + "text"):
            role = {"dots": "node"}.get(t.get("class"), t.get("class"))
            svg_words.setdefault((role, path), []).append((t.text, float(t.get("x")), float(t.get("y")),
                                                           float(t.get("font-size"))))
    assert sorted(svg_words) == sorted(words), name
    for key, drawn in words.items():
        assert [text for text, _, _ in drawn] == [text for text, _, _, _ in svg_words[key]], (name, key)
        for (_, (mx, my), points), (_, x, y, px) in zip(drawn, svg_words[key]):
            assert px == pytest.approx(points * PX, abs=0.01), (name, key)      # the same font size
            # x is the same anchor; the SVG's y is the baseline, at most a cap height below matplotlib's.
            assert abs(x - mx) <= 1.5, (name, key, x, mx)
            assert -1.5 <= y - my <= 20, (name, key, y, my)


def test_the_lengths_are_the_matplotlib_painters():
    for name in ("MIN_FONT", "MAX_FONT", "FIGURE_DPI", "MAX_FIGSIZE", "MIN_SLOT", "MIN_PLY", "TRIANGLE", "CIRCLE",
                 "LEAF", "INSIDE_SIZE", "CAP", "GAP", "PAD", "OUTER", "LINE", "SMALL", "EDGE_ROOM", "CUT", "CUT_AT",
                 "LABEL_AT", "DOTS", "RING", "RING_WIDTH", "LEGEND", "TRIANGLE_TEXT_AT", "INSIDE_MARGIN", "READABLE"):
        assert getattr(looks, name) is getattr(mpl_style, name), name   # one number, shared by both painters
    for status, (colour, factor, _) in mpl_style.EDGE_LOOK.items():
        assert EDGE_LOOK[status][1] == factor
        assert colour is None and EDGE_LOOK[status][0] is None or to_hex(colour) == EDGE_LOOK[status][0].lower()
    for status, (ink, _) in mpl_style.INK.items():
        assert to_hex(ink) == INK[status]


def test_text_widths_are_matplotlibs():
    from advsearch.drawing.mpl.text import em

    for text in ("A", "(1, −2, 3)", "≤ 2", "[−∞, +∞]", "7.5/12", "UCTValue 1.23", "w/n: wins/visits", "…"):
        assert svg_geometry.em(text) == pytest.approx(em(text), abs=0.01), text
        assert svg_geometry.em(text, bold=True) == pytest.approx(em(text, bold=True), abs=0.01), text


# ------------------------------------------------------------------ readable


def test_no_text_under_11_pt_and_names_as_large_as_matplotlibs(both):
    name, root, (_, _, (_, _, font)), _ = both
    sizes = [float(t.get("font-size")) for t in root.iter(NS + "text")]
    assert min(sizes) >= 11 * PX - 0.01, name
    labels = [float(t.get("font-size")) for t in root.iter(NS + "text") if t.get("class") == "label"]
    assert all(size == pytest.approx(font * PX, abs=0.01) for size in labels), (name, font)
    if name in ("two_ply", "alphabeta_bounds", "expectiminimax", "three_player"):
        assert font == 14.0


def test_a_big_tree_keeps_readable_text_and_grows_instead():
    t = random_tree(4, 4, seed=3)
    root = parse(to_svg(t))
    assert min(float(x.get("font-size")) for x in root.iter(NS + "text")) >= 11 * PX - 0.01
    assert float(root.get("width")) > 1280


# ------------------------------------------------------------------ the notation


def test_pruned_edges_are_dashed_with_a_cut_mark_and_the_rest_solid():
    root = parse(to_svg(alphabeta(examples.two_ply(), trace=True)))
    edges = [g for g in root.iter(NS + "g") if g.get("class", "").startswith("edge")]
    pruned = [g for g in edges if g.get("class") == "edge pruned"]
    assert len(pruned) == 2 and len(edges) == 12
    for g in edges:
        line = g.find(NS + "line")
        assert (line.get("stroke-dasharray") is not None) == (g in pruned)
        assert len([x for x in g if x.get("class") == "cut"]) == (2 if g in pruned else 0)


def test_the_principal_variation_is_thicker():
    root = parse(to_svg(alphabeta(examples.two_ply(), trace=True)))
    width = {g.get("class"): float(g.find(NS + "line").get("stroke-width"))
             for g in root.iter(NS + "g") if g.get("class", "").startswith("edge")}
    assert width["edge pv"] > 2 * width["edge visited"]


def test_shapes_tell_the_players_apart_without_colour():
    root = parse(to_svg(expectiminimax(chance_tree(), trace=True)))
    kinds = {g.get("data-path"): g.get("class").split()[1] for g in node_groups(root).values()}
    assert kinds["()"] == "max" and kinds["(0,)"] == "chance" and kinds["(0, 0)"] == "min" and kinds["(0, 0, 0)"] == "leaf"
    assert node_groups(root)["()"].find(NS + "polygon") is not None
    assert node_groups(root)["(0,)"].find(NS + "circle") is not None


def test_probabilities_are_on_the_chance_edges():
    root = parse(to_svg(expectiminimax(chance_tree(), trace=True)))
    labels = [t.text for t in root.iter(NS + "text") if t.get("class") == "edge-label"]
    assert labels == ["1/3", "2/3", "0.5", "0.5"]


# ------------------------------------------------------------------ accessible


def test_the_picture_is_named_and_described():
    r = alphabeta(examples.two_ply(), trace=True)
    root = parse(to_svg(r, step=13))
    assert root.get("role") == "img"
    title_id, desc_id = root.get("aria-labelledby").split()
    title, desc = root.find(NS + "title"), root.find(NS + "desc")
    assert (title.get("id"), desc.get("id")) == (title_id, desc_id)
    assert title.text == "alphabeta search, after step 13"
    assert "A[B[3 12 8] C[2 4 6] D[14 5 2]]" in desc.text
    assert "C (MIN): v = 2 ≤ α =" in desc.text                # what step 13 did
    assert "C, MIN node, value [minus infinity, 2]" not in desc.text
    assert "C, MIN node, value at most 2, the node of this step" in desc.text


def test_each_node_says_its_name_kind_value_and_status():
    root = parse(to_svg(alphabeta(examples.two_ply(), trace=True)))
    said = {path: (g.get("aria-label"), g.find(NS + "title").text) for path, g in node_groups(root).items()}
    assert all(label == title for label, title in said.values())
    assert said["(1,)"][0] == "C, MIN node, value at most 2"
    assert said["(0,)"][0] == "B, MIN node, value 3, on the principal variation"
    assert said["(1, 1)"][0] == "leaf, pruned"
    assert said["()"][0] == "A, MAX node, value 3"


def test_spoken_values():
    assert spoken("−12") == "minus 12"
    assert spoken("(·, ≥ 7, ·)") == "(unknown, at least 7, unknown)"


def test_mcts_nodes_say_their_statistics():
    root = parse(to_svg(mcts(examples.two_ply(), iterations=30, seed=1, trace=True), step=12))
    said = node_groups(root)["(0,)"].get("aria-label")
    assert re.fullmatch(r"B, MIN node, wins/visits [\d.]+/\d+, UCTValue \d\.\d\d", said), said
    assert parse(to_svg(mcts(examples.two_ply(), iterations=30, seed=1, trace=True), step=12)).find(
        NS + "title").text == "mcts search, after 12 iterations"


def test_mcts_steps_are_narrated_from_the_trace_or_said_from_a_snapshot():
    traced = mcts(examples.two_ply(), iterations=10, seed=0, trace=True)
    kept = mcts(examples.two_ply(), iterations=10, seed=0, snapshots=[5])
    desc = [parse(to_svg(x, step=k)).find(NS + "desc").text for x, k in ((traced, 5), (traced, 0), (kept, 5))]
    assert "This step: Iteration 5: " in desc[0]
    assert "This step: Before the first iteration." in desc[1]
    assert "This step: The tree after 5 iterations." in desc[2]
    assert mcts_tree(kept, 5) and "This step" not in parse(to_svg(mcts_tree(kept, 5))).find(NS + "desc").text


def test_multiplayer_nodes_say_whose_move_and_the_key_names_players():
    svg = to_svg(examples.three_player(), values=True, players=["Ann", "Bob", "Cy"])
    root = parse(svg)
    assert node_groups(root)["(0,)"].get("aria-label") == "B, Bob node, value (1, 2, 3)"
    assert [t.text for t in root.iter(NS + "text") if t.get("class") == "key"] == \
        ["Ann to move", "Bob to move", "Cy to move"]


# ------------------------------------------------------------------ the document


def test_deterministic_self_contained_and_without_matplotlib():
    code = (
        "import sys\n"
        "from fractions import Fraction\n"
        "import advsearch.drawing.svg as svg\n"
        "from advsearch import alphabeta, expectiminimax, maxn, mcts, examples, tree, chance\n"
        "t = tree([chance((Fraction(1, 3), [3, -12]), (Fraction(2, 3), [1, 9]))], labels=True)\n"
        "for x in (examples.two_ply(), alphabeta(examples.two_ply(), trace=True), examples.three_player(),\n"
        "          maxn(examples.three_player(), trace=True), expectiminimax(t, trace=True),\n"
        "          mcts(examples.two_ply(), iterations=20, seed=0, trace=True)):\n"
        "    svg.to_svg(x)\n"
        "svg.to_svg(alphabeta(examples.two_ply(), trace=True), step=3, bounds=True)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'matplotlib'))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    for make, opts in CASES.values():
        svg = to_svg(make(), **opts)
        assert svg == to_svg(make(), **opts)
        assert not re.search(r"href|url\(|<script|<image|<foreignObject|@import", svg)


@settings(max_examples=40, deadline=None)
@given(branching=st.integers(1, 3), depth=st.integers(0, 3), seed=st.integers(0, 10**6),
       players=st.sampled_from([2, 2, 3]), chanced=st.booleans(), search=st.booleans())
def test_any_tree_makes_one_group_a_node_with_its_label_and_value(branching, depth, seed, players, chanced, search):
    chanced = chanced and players == 2 and depth <= 2
    t = random_tree(branching, depth, seed=seed, num_players=players, chance=chanced, labels=True)
    x = t
    if search and players == 2:
        x = (expectiminimax if chanced else alphabeta)(t, trace=True)
    elif search:
        x = maxn(t, trace=True)
    root = parse(to_svg(x))
    graph = scene(x)
    groups = node_groups(root)
    assert set(groups) == {repr(n) for n in graph}
    for node, data in graph.nodes(data=True):
        g = groups[repr(node)]
        shown = texts(g)
        if data["label"] is not None:
            assert str(data["label"]) in shown
            assert g.get("aria-label").startswith(str(data["label"]) + ", ")
        if data["text"]:
            assert data["text"].replace("-", "−") in shown
            assert spoken(data["text"].replace("-", "−")) in g.get("aria-label")


def test_errors():
    with pytest.raises(ValueError, match="boards"):
        to_svg(examples.two_ply(), boards=True)
    with pytest.raises(TypeError, match="unknown style option 'colour'"):
        to_svg(examples.two_ply(), colour="red")
    with pytest.raises(ValueError, match="fontsize"):
        to_svg(examples.two_ply(), fontsize=0)
    with pytest.raises(ValueError, match="trace"):
        to_svg(alphabeta(examples.two_ply()))
    with pytest.raises(TypeError, match="key"):
        to_svg(examples.two_ply(), key="yes")
