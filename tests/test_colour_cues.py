"""Colour is never the only cue (WCAG 1.4.1): every colour-coded meaning of a tree picture differs otherwise too.

Each meaning, and its other cue, on both painters (matplotlib's ``draw`` and
``to_svg``):

=====================================  ==========================================================
meaning (colour)                       other cue
=====================================  ==========================================================
MAX, MIN, chance                       shape: ▲, ▼, ○ (leaves are squares)
player to move, 3+ players (palette)   the player's number written in its circle
principal variation (blue)             edges 2.6 times as thick
pruned edge (grey)                     dashed, with a cut mark "//" across it
not reached yet / below a prune        thinner edges (0.8), and in SVG the node's name says so
the step's node (orange ring, yellow)  a ring round the node: a second outline of its shape
[α, β] notes (blue-grey)               a line of their own beside the value, and the key names them
=====================================  ==========================================================
"""

from __future__ import annotations

import re

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from fractions import Fraction  # noqa: E402

from advsearch import alphabeta, chance, draw, examples, maxn, tree  # noqa: E402
from advsearch.drawing import to_svg  # noqa: E402


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def lines_by_gid(ax) -> dict:
    return {line.get_gid(): line for line in ax.get_lines() if line.get_gid()}


def svg_edges(svg: str) -> dict:
    """class of the edge's <g> -> list of the attributes of its first <line>."""
    out = {}
    for cls, body in re.findall(r'<g class="(edge [a-z]+)">(.*?)</g>', svg):
        out.setdefault(cls, []).append(body)
    return out


def stroke_width(body: str) -> float:
    return float(re.search(r'stroke-width="([0-9.]+)"', body).group(1))


RESULT = alphabeta(examples.two_ply(), trace=True)


def test_pruned_edges_are_dashed_with_a_cut_mark_and_the_pv_is_thicker_in_matplotlib():
    ax = draw(RESULT)
    lines = lines_by_gid(ax)
    pruned = [line for gid, line in lines.items() if gid.startswith("edge") and gid.endswith("pruned")]
    plain = [line for gid, line in lines.items() if gid.startswith("edge") and gid.endswith("visited")
             and line.get_zorder() == 1]
    assert pruned and plain
    assert all(line.get_linestyle() == "--" for line in pruned)
    assert all(line.get_linestyle() == "-" for line in plain)
    assert sum(gid.startswith("cut ") for gid in lines) == len(pruned)
    pv = [line for gid, line in lines.items() if gid.startswith("edge") and line.get_zorder() == 2]
    assert pv and min(line.get_linewidth() for line in pv) >= 2 * max(line.get_linewidth() for line in plain)


def test_pruned_edges_are_dashed_with_a_cut_mark_and_the_pv_is_thicker_in_svg():
    edges = svg_edges(to_svg(RESULT))
    assert all("stroke-dasharray" in body and 'class="cut"' in body for body in edges["edge pruned"])
    assert not any("stroke-dasharray" in body for body in edges["edge visited"])
    assert min(map(stroke_width, edges["edge pv"])) >= 2 * max(map(stroke_width, edges["edge visited"]))


def test_edges_not_reached_yet_are_thinner():
    step = 3
    ax = draw(RESULT, step=step)
    lines = lines_by_gid(ax)
    faded = [line.get_linewidth() for gid, line in lines.items() if gid.startswith("edge") and gid.endswith("future")
             or gid.endswith("unvisited")]
    seen = [line.get_linewidth() for gid, line in lines.items() if gid.startswith("edge") and gid.endswith("visited")]
    assert faded and seen and max(faded) < min(seen)
    edges = svg_edges(to_svg(RESULT, step=step))
    thin = edges.get("edge future", []) + edges.get("edge unvisited", [])
    assert thin and max(map(stroke_width, thin)) < min(map(stroke_width, edges["edge visited"]))


def test_max_min_chance_and_leaves_have_their_own_shapes():
    dice = tree([chance((Fraction(1, 2), [3, 12]), (Fraction(1, 2), [2, 4]))])
    svg = to_svg(dice) + to_svg(examples.two_ply())
    shapes = dict(re.findall(r'<g class="node ([a-z]+)[^"]*"[^>]*><title>[^<]*</title><(polygon|circle|rect)', svg))
    assert shapes == {"max": "polygon", "min": "polygon", "chance": "circle", "leaf": "rect"}

    def tip_up(kind):
        points = re.search(rf'class="node {kind}[^"]*"[^>]*><title>[^<]*</title><polygon points="([^"]+)"',
                           svg).group(1)
        ys = [float(p.split(",")[1]) for p in points.split()]
        return ys[0] < ys[1]          # the first point is the tip: above the base for ▲

    assert tip_up("max") and not tip_up("min")
    ax = draw(examples.two_ply())
    markers = {gid.split(" ", 1)[1]: line.get_marker() for gid, line in lines_by_gid(ax).items()
               if gid.startswith("node ")}
    paths = [getattr(markers[p], "vertices", None) for p in ("()", "(0,)", "(0, 0)")]
    paths = [m.tolist() if m is not None else markers[p].get_path().vertices.tolist()
             for m, p in zip(paths, ("()", "(0,)", "(0, 0)"))]
    assert paths[0] != paths[1] != paths[2] != paths[0]


def test_each_players_nodes_carry_its_number_not_only_its_colour():
    result = maxn(examples.three_player(), trace=True)
    scene_players = {}
    ax = draw(result)
    for text in ax.texts:
        if (text.get_gid() or "").startswith("mark "):
            scene_players[text.get_gid()[5:]] = text.get_text()
    assert set(scene_players.values()) >= {"0", "1"}
    assert scene_players["()"] == "0"
    svg = to_svg(result)
    marks = re.findall(r'<text [^>]*class="mark">(\d+)</text>', svg)
    assert sorted(marks) == sorted(scene_players.values())


def test_the_steps_node_has_a_ring_round_it():
    ax = draw(RESULT, step=5)
    assert sum(gid.startswith("current ") for gid in lines_by_gid(ax)) == 1
    svg = to_svg(RESULT, step=5)
    assert svg.count('class="ring"') == 1


def test_mcts_pv_and_newest_node_differ_by_width_and_ring():
    from advsearch import mcts

    result = mcts(examples.two_ply(), iterations=30, seed=0, trace=True)
    svg = to_svg(result, step=10)
    edges = svg_edges(svg)
    assert svg.count('class="ring"') == 1
    if "edge pv" in edges:
        assert min(map(stroke_width, edges["edge pv"])) > max(map(stroke_width, edges["edge visited"]))


def test_notes_stand_on_their_own_line_and_the_key_says_what_they_are():
    ax = draw(RESULT, bounds=True)
    notes = [t for t in ax.texts if (t.get_gid() or "").startswith("note ")]
    values = {t.get_gid()[6:]: t for t in ax.texts if (t.get_gid() or "").startswith("value ")}
    assert notes
    for note in notes:
        assert note.get_text().startswith("[")
        value = values.get(note.get_gid()[5:])
        if value is not None:           # a line of its own, apart from the value
            assert note.get_position() != value.get_position()
    assert "[α, β]: the window it was searched with" in [t.get_text() for t in ax.get_legend().get_texts()]


def test_players_pieces_on_n_player_boards_carry_their_shapes():
    from matplotlib.figure import Figure

    from advsearch.games.boards import PLAYER_SHAPES
    from advsearch.games.chinese_checkers import ChineseCheckers
    from advsearch.games.virus import Virus

    assert len(set(PLAYER_SHAPES[:7])) == 7                 # seven players, seven shapes
    for game in (Virus(), ChineseCheckers(players=3)):
        ax = Figure(figsize=(2, 2)).add_subplot()
        game.draw_state(game.initial_state, ax)
        marks = [c for c in ax.collections if c.get_gid() == "player marks"]
        assert len(marks) == 1
        corners = {len(path.vertices) for path in marks[0].get_paths()}
        assert len(corners) == game.num_players, corners   # each player's pieces a shape of their own


def test_connect_four_discs_differ_by_a_ring_not_only_by_colour():
    from matplotlib.figure import Figure

    from advsearch import ConnectFour

    game = ConnectFour()
    state = game.state("......./......./......./......./...O.../..XXO..")
    ax = Figure(figsize=(2, 2)).add_subplot()
    game.draw_state(state, ax)
    rings = [c for c in ax.collections if c.get_gid() == "O rings"]
    assert len(rings) == 1 and len(rings[0].get_paths()) == 2      # one ring on each of O's two discs
    ax = Figure(figsize=(2, 2)).add_subplot()
    game.draw_state(game.state("......./......./......./......./......./...X..."), ax)
    assert not [c for c in ax.collections if c.get_gid() == "O rings"]   # X's discs have none
