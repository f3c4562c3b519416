"""The matplotlib drawing: what is drawn matches the scene and the trace, and nothing overlaps.

Structural tests find artists by their gid ("edge <parent> -> <child> <status>",
"node <path>", "current <path>", ...).  The image tests compare five canonical
figures with baselines in tests/baseline/; they compare only under
``pytest --mpl``, and ``--mpl-generate-path=tests/baseline`` regenerates them.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from fractions import Fraction

import matplotlib

matplotlib.use("Agg")  # off-screen, for these tests only

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

from advsearch import (MAX, MIN, TicTacToe, alphabeta, chance, examples, mcts, minimax, parse,  # noqa: E402
                       random_tree, solve, tree)
from advsearch.drawing.layout import tidy_layout  # noqa: E402
from advsearch.drawing.mpl import draw, draw_frames  # noqa: E402
from advsearch.drawing.mpl.style import BATCH_ABOVE, DEFAULT_STYLE, FIGURE_DPI, MAX_FIGSIZE, MIN_FONT, READABLE  # noqa: E402
from advsearch.drawing.scene import MORE, scene  # noqa: E402
from advsearch.search.mcts import mcts_tree  # noqa: E402
from advsearch import expectiminimax  # noqa: E402
from figure_style import default_style  # noqa: E402,F401  (the fixture below uses it)

IMAGES = dict(baseline_dir="baseline", tolerance=1, style="default")


#: Every test draws with matplotlib's default style and closes what it opened (tests/figure_style.py).
pytestmark = pytest.mark.usefixtures("default_style")


@pytest.fixture(scope="module")
def two_ply():
    return alphabeta(examples.two_ply(), trace=True)


def gids(ax, prefix: str) -> list:
    """The gids of the artists of ``ax`` that start with ``prefix``."""
    return [a.get_gid() for a in ax.get_children() if str(a.get_gid()).startswith(prefix)]


def edges_drawn(ax, status: str) -> set:
    return {g for g in gids(ax, "edge ") if g.endswith(" " + status)}


def expected_pruned(trace) -> set:
    return {f"edge {path!r} -> {path + (a,)!r} pruned" for path, actions in trace.prunes() for a in actions}


def pv_edges(ax) -> set:
    """Edges drawn in the principal variation's colour."""
    return {a.get_gid().rsplit(" ", 1)[0] for a in ax.get_children()
            if str(a.get_gid()).startswith("edge ") and a.get_color() == DEFAULT_STYLE["pv_color"]}


def path_pairs(pv) -> set:
    node, out = (), set()
    for a in pv:
        out.add(f"edge {node!r} -> {node + (a,)!r}")
        node = node + (a,)
    return out


# --- what problems a finished figure has: overlapping or clipped text


def _path(gid):
    return gid.split(" ", 1)[1] if gid and " " in gid else None


def layout_problems(fig) -> list:
    """Texts that overlap each other or another node's shape, or stick out of the figure."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    texts, shapes = [], []
    for ax in fig.axes:
        for t in [*ax.texts, ax.title]:
            if t.get_text().strip():
                texts.append((t.get_gid() or "title", t.get_window_extent(renderer).padded(-1)))
        shapes += [(line.get_gid(), line.get_window_extent(renderer).padded(-1))
                   for line in ax.lines if str(line.get_gid()).startswith("node ")]
    texts += [(t.get_gid(), t.get_window_extent(renderer).padded(-1)) for t in fig.texts]
    found = []
    whole = fig.bbox.padded(0.5)
    for i, (g1, b1) in enumerate(texts):
        if not (whole.x0 <= b1.x0 and b1.x1 <= whole.x1 and whole.y0 <= b1.y0 and b1.y1 <= whole.y1):
            found.append(("outside the figure", g1))
        found += [("overlap", g1, g2) for g2, b2 in texts[i + 1:] if b1.overlaps(b2)]
        found += [("on a node", g1, g2) for g2, b2 in shapes
                  if _path(g1) != _path(g2) and not g1.startswith("count") and b1.overlaps(b2)]
    return found


# --- a game with boards, standing in for the real games


class Boxes:
    """A tiny game whose states are tuples of bits, with a draw_state that draws them."""

    initial_state = ()
    num_players = 2

    def to_move(self, s):
        return MAX if len(s) % 2 == 0 else MIN

    def actions(self, s):
        return (0, 1)

    def result(self, s, a):
        return s + (a,)

    def is_terminal(self, s):
        return len(s) == 2

    def utility(self, s, player):
        u = s.count(1) - s.count(0)
        return u if player == MAX else -u

    def draw_state(self, s, ax):
        for i, bit in enumerate(s):
            ax.add_patch(Rectangle((0.1 + 0.45 * i, 0.3), 0.35, 0.4, facecolor="black" if bit else "white",
                                   edgecolor="black"))
        return ax


# ------------------------------------------------------------------ structure


def test_the_two_ply_example_prunes_exactly_the_trace_prunes(two_ply):
    ax = draw(two_ply, bounds=True)
    assert edges_drawn(ax, "pruned") == expected_pruned(two_ply.trace) == {
        "edge (1,) -> (1, 1) pruned", "edge (1,) -> (1, 2) pruned"}
    assert sorted(gids(ax, "cut ")) == ["cut (1,) -> (1, 1)", "cut (1,) -> (1, 2)"]
    assert len(gids(ax, "node ")) == ax.advsearch_scene.number_of_nodes() == 13
    assert pv_edges(ax) == path_pairs(two_ply.pv) == {"edge () -> (0,)", "edge (0,) -> (0, 0)"}
    assert sorted(gids(ax, "note ")) == [f"note {p!r}" for p in [(), (0,), (1,), (2,)]]
    assert ax.advsearch_font == 14.0


# At most 121 nodes, so every node and edge is its own artist (see BATCH_ABOVE).
random_trees = st.builds(
    lambda lo, extra, depth, seed: random_tree((lo, lo + extra), depth, seed=seed),
    st.integers(1, 2), st.integers(0, 1), st.integers(1, 4), st.integers(0, 10_000))


@settings(max_examples=40, deadline=None)
@given(random_trees)
def test_drawn_search_matches_the_trace(t):
    r = alphabeta(t, trace=True)
    ax = draw(r, bounds=True)
    assert edges_drawn(ax, "pruned") == expected_pruned(r.trace)
    assert len(gids(ax, "node ")) == ax.advsearch_scene.number_of_nodes()
    assert len(gids(ax, "edge ")) == ax.advsearch_scene.number_of_edges()
    assert pv_edges(ax) == path_pairs(r.pv)
    assert not gids(ax, "current ")
    plt.close(ax.figure)


uneven_cuts = st.tuples(random_trees, st.one_of(st.none(), st.integers(1, 3)), st.one_of(st.none(), st.integers(0, 3)))


@settings(max_examples=150, deadline=None)
@given(uneven_cuts)
def test_nodes_of_one_depth_are_at_least_a_slot_apart(case):
    t, max_children, max_depth = case
    for x in (t, alphabeta(t, trace=True)):
        pos = tidy_layout(scene(x, max_children=max_children, max_depth=max_depth))
        rows = {}
        for px, py in pos.values():
            rows.setdefault(py, []).append(px)
        for xs in rows.values():
            xs.sort()
            assert all(b - a >= 1 for a, b in zip(xs, xs[1:]))


def test_the_layout_drawn_is_the_tidy_layout(two_ply):
    ax = draw(two_ply, max_children=2)
    assert ax.advsearch_pos == tidy_layout(ax.advsearch_scene)
    for node, (x, y) in ax.advsearch_pos.items():
        assert y == -len(node)


def test_every_step_marks_exactly_one_current_node(two_ply):
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    for k in range(len(two_ply.trace)):
        ax.clear()
        draw(two_ply, ax=ax, step=k, intervals=True)
        assert gids(ax, "current ") == [f"current {two_ply.trace[k].path!r}"]
        assert edges_drawn(ax, "pruned") == (expected_pruned(two_ply.trace) if k >= 13 else set())
    assert pv_edges(ax) == path_pairs(two_ply.pv)  # the last step is the finished search


def test_future_nodes_have_no_values_yet(two_ply):
    ax = draw(two_ply, step=3)
    values = {txt.get_gid(): txt.get_text() for txt in ax.texts if str(txt.get_gid()).startswith("value")}
    assert values == {"value (0, 0)": "3", "value (0,)": "≤ 3"}
    assert sorted(gids(ax, "edge () ->")) == ["edge () -> (0,) visited", "edge () -> (1,) future",
                                              "edge () -> (2,) future"]


def test_a_hidden_current_node_is_shown_by_its_placeholder():
    g = TicTacToe()
    r = alphabeta(g, g.state("X.O/.X./O.."), trace=True)
    step = next(k for k, e in enumerate(r.trace) if len(e.path) == 4)
    ax = draw(r, step=step, max_depth=2, max_children=3, boards=False)
    (current,) = gids(ax, "current ")
    assert current.endswith(f"{MORE!r})")


def test_placeholders_stand_for_the_hidden_children(two_ply):
    ax = draw(two_ply, max_children=1)
    s = ax.advsearch_scene
    more = [n for n in s if s.nodes[n]["more"]]
    assert {f"node {n!r}" for n in more} <= set(gids(ax, "node "))
    assert sorted(gids(ax, "count ")) == sorted(f"count {n!r}" for n in more)
    dotted = {a.get_gid() for a in ax.lines if str(a.get_gid()).startswith("edge ") and a.get_linestyle() == ":"}
    assert dotted == {f"edge {n[:-1]!r} -> {n!r} plain" for n in more}
    assert layout_problems(ax.figure) == []


def test_chance_edges_carry_their_probabilities():
    t = tree([chance((Fraction(1, 3), [3, 12]), (Fraction(2, 3), [2, 4])), chance((0.25, 1), (0.75, 5))])
    ax = draw(t)
    labels = sorted(txt.get_text() for txt in ax.texts if txt.get_gid() == "edge label")
    assert labels == ["0.25", "0.75", "1/3", "2/3"]
    corners = {a.get_gid(): len(a.get_marker().vertices) for a in ax.lines if str(a.get_gid()).startswith("node ")}
    assert corners["node ()"] == 4 and corners["node (0, 0)"] == 4  # ▲ (a closed triangle), ▼
    assert corners["node (0,)"] == corners["node (1,)"] > 8        # ○


def test_multiplayer_nodes_are_coloured_by_player_with_a_key():
    t = random_tree(2, 2, seed=3, num_players=3)
    ax = draw(t)
    colours = {a.get_gid(): a.get_markerfacecolor() for a in ax.lines if str(a.get_gid()).startswith("node ")}
    assert colours["node ()"] != colours["node (0,)"] != colours["node (0, 0)"]
    assert colours["node (0,)"] == colours["node (1,)"]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["P0 to move", "P1 to move", "P2 to move"]
    assert all(txt.get_text().startswith("(") for txt in ax.texts if str(txt.get_gid()).startswith("value"))


def test_actions_and_intervals(two_ply):
    ax = draw(two_ply, intervals=True, actions=True)
    values = {txt.get_gid(): txt.get_text() for txt in ax.texts if str(txt.get_gid()).startswith("value")}
    assert values["value (1,)"] == "[−∞, 2]" and values["value (0,)"] == "[3, 3]"
    assert sorted(txt.get_text() for txt in ax.texts if txt.get_gid() == "edge label") == ["0"] * 4 + ["1"] * 4 + ["2"] * 4


def test_boards_are_square_insets_at_the_nodes():
    r = alphabeta(Boxes(), trace=True)
    ax = draw(r)
    boards = [a for a in ax.child_axes if str(a.get_gid()).startswith("board ")]
    assert len(boards) == ax.advsearch_scene.number_of_nodes() == 7
    ax.figure.canvas.draw()
    boxes = [b.get_window_extent() for b in boards]
    assert all(math.isclose(b.width, b.height, rel_tol=0.02) for b in boxes)
    assert not any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    assert all(b.patches for b in boards[1:])  # the game drew something on every board below the root
    assert layout_problems(ax.figure) == []
    assert not draw(r, boards=False).child_axes


def test_a_current_board_is_ringed_and_framed():
    r = alphabeta(Boxes(), trace=True)
    for k in (2, 5):
        ax = draw(r, step=k, boards=True)
        assert gids(ax, "current ") == [f"current {r.trace[k].path!r}"]
        assert gids(ax, "highlight ") == [f"highlight {r.trace[k].path!r}"]
        plt.close(ax.figure)


def test_boards_by_default_only_for_small_trees():
    assert draw(alphabeta(Boxes(), trace=True)).child_axes
    assert not draw(examples.two_ply()).child_axes  # a Tree has no draw_state
    fig, ax = plt.subplots(figsize=(2, 1.5))     # too small for boards and readable text
    assert not draw(alphabeta(Boxes(), trace=True), ax=ax).child_axes
    assert draw(alphabeta(Boxes(), trace=True), ax=ax, boards=True).child_axes


# ------------------------------------------------------------------ readability


@pytest.mark.parametrize("name, make", [
    ("two-ply, everything", lambda: draw(alphabeta(examples.two_ply(), trace=True), bounds=True, intervals=True,
                                         actions=True)),
    ("uneven, cut", lambda: draw(alphabeta(random_tree((1, 4), 4, seed=11), trace=True), max_children=2,
                                 bounds=True)),
    ("random with pruning", lambda: draw(alphabeta(random_tree((2, 3), 4, seed=3), trace=True), bounds=True)),
    ("chance", lambda: draw(random_tree((1, 3), 2, seed=4, chance=True), actions=True)),
    ("four players", lambda: draw(random_tree((1, 3), 3, seed=2, num_players=4, labels=True))),
    ("a chain", lambda: draw(parse("A[B[C[D[1 2]]]]"), title="a chain")),
    ("a single leaf", lambda: draw(tree(5))),
    ("frames", lambda: draw_frames(alphabeta(examples.two_ply(), trace=True), bounds=True, intervals=True)),
])
def test_no_text_overlaps_or_leaves_the_figure(name, make):
    drawn = make()
    assert layout_problems(getattr(drawn, "figure", drawn)) == []


def test_small_trees_get_slide_sized_text_and_big_trees_smaller():
    small = draw(examples.two_ply())
    assert small.advsearch_font == 14.0
    assert 4 <= small.figure.get_figwidth() <= 8
    big = draw(alphabeta(random_tree(2, 7, seed=1), trace=True))
    assert big.advsearch_font < 7
    assert tuple(big.figure.get_size_inches()) <= (16, 9)
    assert layout_problems(big.figure) == []


def test_a_thousand_nodes_are_drawn_as_a_few_artists():
    r = alphabeta(random_tree(3, 6, seed=1), trace=True)
    ax = draw(r)
    assert ax.advsearch_scene.number_of_nodes() == 1093 > BATCH_ABOVE
    assert len(ax.get_children()) < 40
    (pruned,) = [a for a in ax.collections if a.get_gid() == "edges pruned"]
    (cuts,) = [a for a in ax.collections if a.get_gid() == "cuts"]
    assert len(pruned.get_segments()) == len(expected_pruned(r.trace)) == len(cuts.get_segments()) / 2


def test_drawing_into_given_axes_fills_them(two_ply):
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    assert draw(two_ply, ax=right) is right
    assert not left.lines and right.lines
    assert layout_problems(fig) == []


# ------------------------------------------------------------------ errors


def test_bad_input_raises_a_clear_error(two_ply):
    with pytest.raises(ValueError, match="trace=True"):
        draw(alphabeta(examples.two_ply()))
    with pytest.raises(ValueError, match="step must be in 0..25"):
        draw(two_ply, step=26)
    with pytest.raises(TypeError, match="not str"):
        draw("A[B[1 2]]")
    with pytest.raises(ValueError, match="max_children must be a whole number >= 1"):
        draw(two_ply, max_children=0)
    with pytest.raises(ValueError, match="step needs a search"):
        draw(examples.two_ply(), step=1)
    with pytest.raises(TypeError, match="unknown style option 'colour'"):
        draw(two_ply, colour="red")
    with pytest.raises(TypeError, match="ax must be a matplotlib Axes"):
        draw(two_ply, ax="left")
    with pytest.raises(ValueError, match="draw_state"):
        draw(two_ply, boards=True)
    with pytest.raises(ValueError, match="size"):
        draw(two_ply, ax=plt.figure().add_subplot(), size=(4, 3))


def test_bad_frames_raise_a_clear_error(two_ply):
    with pytest.raises(TypeError, match="SearchResult"):
        draw_frames(examples.two_ply())
    with pytest.raises(ValueError, match="trace=True"):
        draw_frames(minimax(examples.two_ply()))
    with pytest.raises(ValueError, match="not an event"):
        draw_frames(two_ply, steps=[0, 99])
    with pytest.raises(ValueError, match="empty"):
        draw_frames(two_ply, steps=[])
    with pytest.raises(ValueError, match="ncols"):
        draw_frames(two_ply, ncols=0)
    with pytest.raises(TypeError, match="title"):
        draw_frames(two_ply, title="mine")


# ------------------------------------------------------------------ frames


def test_frames_are_lettered_and_narrated(two_ply):
    fig = draw_frames(two_ply, steps=[3, 13, -1])
    assert [ax.get_title() for ax in fig.axes] == ["(a)", "(b)", "(c)"]
    captions = [t.get_text().replace("\n", " ") for t in fig.texts]
    narration = two_ply.trace.narrate()
    assert captions == [narration[3], narration[13], narration[25]]
    assert len({ax.advsearch_font for ax in fig.axes}) == 1  # one font size for every panel


def test_default_frames_spread_over_the_search_and_end_with_it(two_ply):
    fig = draw_frames(two_ply, captions=False)
    steps = [ax.advsearch_scene.graph["step"] for ax in fig.axes]
    assert len(steps) == 6 and steps[0] == 0 and steps[-1] == len(two_ply.trace) - 1
    assert not fig.texts


# ------------------------------------------------------------------ export and determinism


@pytest.mark.parametrize("fmt", ["png", "svg", "pdf"])
def test_figures_save_in_every_format(two_ply, tmp_path, fmt):
    ax = draw(two_ply, bounds=True, step=14)
    path = tmp_path / f"tree.{fmt}"
    ax.figure.savefig(path)
    data = path.read_bytes()
    assert len(data) > 1000
    assert data.startswith({"png": b"\x89PNG", "svg": b"<?xml", "pdf": b"%PDF"}[fmt])
    if fmt == "svg":
        ids = {e.get("id") for e in ET.fromstring(data).iter()}
        assert "edge (1,) -> (1, 1) pruned" in ids


def test_drawing_is_deterministic(two_ply, tmp_path):
    pictures = []
    for i in range(2):
        ax = draw(two_ply, bounds=True, actions=True)
        ax.figure.savefig(tmp_path / f"{i}.png")
        pictures.append((tmp_path / f"{i}.png").read_bytes())
    assert pictures[0] == pictures[1]


# ------------------------------------------------------------------ canonical figures


@pytest.mark.mpl_image_compare(filename="two_ply_alphabeta_bounds.png", **IMAGES)
def test_image_two_ply_alphabeta_with_bounds(two_ply):
    return draw(two_ply, bounds=True).figure


@pytest.mark.mpl_image_compare(filename="chance_tree.png", **IMAGES)
def test_image_chance_tree():
    t = tree([chance((Fraction(1, 2), [3, 12]), (Fraction(1, 2), [2, 4])),
              chance((Fraction(1, 4), [14, 5]), (Fraction(3, 4), [2, 8]))], labels=True)
    return draw(t, title="MAX, chance, MIN").figure


@pytest.mark.mpl_image_compare(filename="three_players.png", **IMAGES)
def test_image_three_player_tree():
    t = tree([[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)], [(5, 1, 1), (1, 5, 2)]], labels=True)
    return draw(t).figure


@pytest.mark.mpl_image_compare(filename="tictactoe_boards.png", **IMAGES)
def test_image_tictactoe_partial_tree_with_boards():
    game = TicTacToe()
    r = alphabeta(game, game.state("X.O/.X./O.."), trace=True)
    # Three levels of boards need a whole slide (12.8 x 7.2 in) for readable text; in draw's own
    # figure (at most 5.5 in tall) boards chosen by default are left out instead.
    return draw(r, max_depth=2, max_children=3, boards=True, size=(12.8, 7.2)).figure


@pytest.mark.mpl_image_compare(filename="two_ply_frames.png", **IMAGES)
def test_image_two_ply_frames_a_to_f(two_ply):
    # The lecture's frames: (a) B ≤ 3, (b) B still ≤ 3 after 12, (c) B = 3, A ≥ 3,
    # (d) C ≤ 2 prunes, (e) D ≤ 14, (f) the finished search.
    return draw_frames(two_ply, steps=[3, 5, 9, 13, 18, 25], intervals=True)


def test_leaf_names_stand_under_their_leaves_and_never_touch():
    # A 21-leaf exam tree on an A4 width: with names left of the leaves it lost every name (the
    # figure fell back to the tier without names), though the questions ask for leaves by name.
    import matplotlib.pyplot as plt
    from advsearch import exam

    t = exam.questions("bob", "s1").alphabeta.tree
    fig, ax = plt.subplots(figsize=(7.4, 2.6))
    draw(t, ax=ax, fontsize=10)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    texts = {a.get_gid(): a for a in ax.texts if (a.get_gid() or "").startswith("label ")}
    leaves = [leaf for leaf in t.leaves()]
    assert len(texts) == len([n for n in t.nodes() if n.label])
    boxes = []
    for leaf in leaves:
        label = texts[f"label {leaf.path!r}"]
        assert label.get_text() == leaf.label and label.get_ha() == "center"
        boxes.append(label.get_window_extent(renderer))
    for a, b in zip(boxes, boxes[1:]):
        assert a.x1 <= b.x0, "two leaf names overlap"
    plt.close(fig)


# ------------------------------------------------------------------ MCTS trees


LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


@pytest.fixture(scope="module")
def lecture_mcts():
    return mcts(tree(LECTURE), iterations=60, c=1, bounds=(-14, 14), seed=0, trace=True, snapshots=[5, 20])


def tallies(ax) -> dict:
    """``{path: (wins or None, visits)}`` read back from the texts drawn."""
    out = {}
    for t in ax.texts:
        gid = t.get_gid() or ""
        if gid.startswith("tally "):
            text = t.get_text()
            path = eval(gid.split(" ", 1)[1])
            if text.startswith("N = "):
                out[path] = (None, int(text[4:]))
            else:
                wins, visits = text.split("/")
                out[path] = (float(wins), int(visits))
    return out


@pytest.mark.parametrize("step", [0, 1, 5, 20, 37, 60, -1])
def test_an_mcts_step_is_the_tree_after_that_many_iterations(lecture_mcts, step):
    r = lecture_mcts
    snap = mcts_tree(r, step)
    ax = draw(r, step=step)
    s = ax.advsearch_scene
    visited = {p for p in s if s.nodes[p]["status"] == "visited"}
    assert visited == set(snap.nodes)                  # the lecture tree is two plies deep: all of it is drawn
    assert {p for p in s if s.nodes[p]["status"] == "future"} == set(r.tree.nodes) - set(snap.nodes)
    # Every node tells its visits and its mover's wins; the root and no other node only its visits.
    drawn = tallies(ax)
    assert set(drawn) == visited
    for path, (wins, visits) in drawn.items():
        info = snap.nodes[path]
        assert visits == info.N
        assert (wins is None) == (path == ()) and (wins is None or abs(wins - info.N * info.mean) <= 0.05 + 1e-9)
    # Terminal leaves hold their utility, as in every tree; those not reached yet too, faded.
    values = {t.get_gid(): t for t in ax.texts if (t.get_gid() or "").startswith("value ")}
    assert {g: t.get_text() for g, t in values.items()} == {
        f"value {p!r}": str(LECTURE[p[0]][p[1]]) for p in r.tree.nodes if len(p) == 2}
    faded = {g for g, t in values.items() if t.get_color() != "black"}
    assert faded == {f"value {p!r}" for p in r.tree.nodes if len(p) == 2 and p not in visited}
    # The ring marks the node whose rollout ended the iteration.
    assert gids(ax, "current ") == ([] if snap.last is None else [f"current {snap.last!r}"])
    # Slide-sized: the tallies in the main font, readable (the picture keeps within a slide's width).
    assert ax.advsearch_font >= READABLE and all(math.isclose(t.get_fontsize(), ax.advsearch_font, abs_tol=0.01)
                                                 for t in ax.texts if (t.get_gid() or "").startswith("tally "))
    assert min(t.get_fontsize() for t in ax.texts) >= MIN_FONT
    assert layout_problems(ax.figure) == []


def test_the_final_mcts_tree_and_its_principal_variation(lecture_mcts):
    r = lecture_mcts
    ax = draw(r)
    assert gids(ax, "current ") == []
    assert pv_edges(ax) == path_pairs(r.pv)
    assert set(tallies(ax)) == set(r.tree.nodes)
    notes = {t.get_gid(): t.get_text() for t in ax.texts if (t.get_gid() or "").startswith("note ")}
    assert notes == {f"note {p!r}": f"UCTValue {info.ucb:.2f}" for p, info in r.tree.nodes.items() if p}
    # The lecture's name by default; another on request.
    ax = draw(r, uct_name="UCB")
    notes = {t.get_gid(): t.get_text() for t in ax.texts if (t.get_gid() or "").startswith("note ")}
    assert notes == {f"note {p!r}": f"UCB {info.ucb:.2f}" for p, info in r.tree.nodes.items() if p}
    assert layout_problems(ax.figure) == []


def test_an_mcts_tree_keeps_its_most_visited_children():
    game = TicTacToe()
    r = mcts(game, game.state("X../.O./..."), iterations=300, seed=0)
    s = scene(r, max_children=2)
    kids = s.nodes[()]["children"]
    best = sorted(r.tree.children(), key=lambda p: -r.tree.nodes[p].N)[:2]
    assert set(kids[:-1]) == set(best) and kids[-1] == ((MORE,)) and s.nodes[(MORE,)]["more"] == 7 - 2
    assert max(len(p) for p in s if p[-1:] != (MORE,)) == 2          # two plies unless asked
    assert max(len(p) for p in scene(r, max_depth=3, max_children=1) if p[-1:] != (MORE,)) == 3


def test_an_mcts_snapshot_draws_and_a_solved_node_shows_its_value():
    game = TicTacToe()
    r = mcts(game, game.state("XX./O../..."), iterations=2000, solver=True, seed=0, snapshots=[3])
    assert r.stats.proven
    s = scene(r)
    proven = {p for p, info in r.tree.nodes.items() if len(p) <= 2 and info.proven is not None}
    assert proven and all(s.nodes[p]["text"] == str(r.tree.nodes[p].proven[MAX]) for p in proven)
    assert s.nodes[()]["text"] == str(r.value) == str(solve(game, game.state("XX./O../...")).value)
    ax = draw(mcts_tree(r, 3), boards=False)
    assert set(tallies(ax)) == set(mcts_tree(r, 3).nodes)
    assert layout_problems(ax.figure) == []


def test_an_mcts_tree_of_three_players_shows_payoff_vectors():
    t = random_tree(2, 2, seed=4, num_players=3, low=0, high=9)
    r = mcts(t, iterations=200, bounds=(0, 9), seed=0)
    s = scene(r)
    leaves = [p for p in s if len(p) == 2]
    assert leaves and all(s.nodes[p]["text"] == "(" + ", ".join(str(t.utility(t.node(p), i)) for i in range(3))
                          + ")" for p in leaves)
    ax = draw(r)
    assert layout_problems(ax.figure) == []


def test_mcts_steps_must_be_kept_or_traced(lecture_mcts):
    untraced = mcts(tree(LECTURE), iterations=30, seed=0, snapshots=[5])
    assert draw(untraced, step=5).advsearch_scene.graph["iteration"] == 5
    with pytest.raises(ValueError, match=r"no snapshot after 7 iterations.*snapshots=\[7\].*trace=True"):
        draw(untraced, step=7)
    with pytest.raises(ValueError, match=r"step must be in 0..60 for this MCTS search of 60 iterations"):
        draw(lecture_mcts, step=61)
    with pytest.raises(ValueError, match="step must be in 0..60"):
        draw(lecture_mcts, step=1.5)
    with pytest.raises(ValueError, match="step needs a search"):
        draw(lecture_mcts.tree, step=1)


def test_mcts_frames_are_iterations(lecture_mcts):
    fig = draw_frames(lecture_mcts, steps=[1, 5, -1])
    assert [ax.get_title() for ax in fig.axes] == ["(a)", "(b)", "(c)"]
    captions = [t.get_text().replace("\n", " ") for t in fig.texts]
    summaries = lecture_mcts.trace.summaries()
    assert captions == [summaries[0], summaries[4], summaries[59]]
    assert [ax.advsearch_scene.graph["iteration"] for ax in fig.axes] == [1, 5, 60]
    assert layout_problems(fig) == []
    with pytest.raises(ValueError, match="not an iteration of this search, whose iterations are 1..60"):
        draw_frames(lecture_mcts, steps=[0])


# Figures for a lecture hall (issue 18): no text under MIN_FONT, 100 dpi, a slide's width, keys.

def texts_of(fig):
    return [t for ax in fig.axes for t in ax.texts] + [t for ax in fig.axes if ax.get_legend()
                                                        for t in ax.get_legend().get_texts()] + list(fig.texts)


@pytest.mark.parametrize("name, make", [
    ("two-ply with bounds", lambda: draw(alphabeta(examples.two_ply(), trace=True), bounds=True)),
    ("three players", lambda: draw(examples.three_player(), values=True)),
    ("mcts", lambda: draw(mcts(tree(LECTURE), iterations=30, c=1, bounds=(-14, 14), seed=0, trace=True), step=30)),
    ("star2", lambda: draw(expectiminimax(parse(STAR2), pruning="star2", bounds=(0, 10), trace=True), bounds=True)),
    ("frames", lambda: draw_frames(alphabeta(examples.two_ply(), trace=True), steps=[3, 13], ncols=2)),
])
def test_figures_are_slide_sized_and_no_text_is_below_the_minimum(name, make):
    drawn = make()
    fig = getattr(drawn, "figure", drawn)
    assert fig.dpi == FIGURE_DPI
    assert fig.get_figwidth() <= MAX_FIGSIZE[0] + 1e-9
    sizes = [t.get_fontsize() for t in texts_of(fig) if t.get_text()]
    assert sizes and min(sizes) >= MIN_FONT
    assert layout_problems(fig) == []


STAR2 = "A[B:chance[1/2: C:min[2 9] 1/2: D:min[4 8]] E:chance[1/2: F:min[1 7] 1/2: G:min[5 6]]]"


def key_texts(ax):
    return [t.get_text() for t in ax.get_legend().get_texts()] if ax.get_legend() else []


def test_bounds_get_a_key_saying_what_each_interval_is():
    ax = draw(expectiminimax(parse(STAR2), pruning="star2", bounds=(0, 10), trace=True), bounds=True)
    assert key_texts(ax) == ["value, or the interval it lies in", "[α, β]: the window it was searched with"]
    # The key's colour is the colour of the [α, β] notes.
    colours = [t.get_color() for t in ax.get_legend().get_texts()]
    assert colours[1] == DEFAULT_STYLE["note_color"] and colours[0] == "black"
    assert key_texts(draw(parse(STAR2))) == []                           # nothing to explain: no key
    assert key_texts(draw(alphabeta(examples.two_ply(), trace=True), bounds=True, key=False)) == []
    with pytest.raises(TypeError, match="key must be True, False or None"):
        draw(examples.two_ply(), key="yes")


def test_a_plain_tree_shows_backed_up_values_from_the_oracle_when_asked():
    t = examples.three_player()
    oracle = t.values()
    ax = draw(t, values=True)
    shown = {t_.get_gid(): t_.get_text() for t_ in ax.texts if (t_.get_gid() or "").startswith("value ")}
    inner = [n.path for n in t.nodes() if n.children]
    assert len(inner) == 7
    for path in inner:   # every inner node, as the oracle backs it up (a true minus sign for negatives)
        assert shown[f"value {path!r}"] == "(" + ", ".join(str(v) for v in oracle[path]).replace("-", "−") + ")"
    plain = {t_.get_gid() for t_ in draw(t).texts if (t_.get_gid() or "").startswith("value ")}
    assert not plain & {f"value {p!r}" for p in inner}                   # not asked: leaves only
    # Two players too: minimax values.
    two = draw(examples.two_ply(), values=True)
    assert {t_.get_gid(): t_.get_text() for t_ in two.texts if t_.get_gid() in ("value ()", "value (1,)")} == {
        "value ()": "3", "value (1,)": "2"}


def test_the_players_key_names_the_players():
    ax = draw(examples.three_player(), players=["Ann", "Bob", "Cy"])
    assert key_texts(ax) == ["Ann to move", "Bob to move", "Cy to move"]
    with pytest.raises(ValueError, match="players must name each of the 3 players"):
        draw(examples.three_player(), players=["Ann", "Bob"])


def test_numbers_as_fractions_tell_close_values_apart():
    t = tree([[4 / 9, 3 / 8], [0.5, 4 / 9]], labels=True)
    texts = {a.get_gid(): a.get_text() for a in draw(t, numbers="fraction", values=True).texts}
    assert [texts[f"value {p!r}"] for p in [(0, 0), (0, 1), (1, 0), ()]] == ["4/9", "3/8", "1/2", "4/9"]
    texts = {a.get_gid(): a.get_text() for a in draw(t, numbers=2).texts}
    assert texts["value (0, 0)"] == "0.44" and texts["value (0, 1)"] == "0.38"
    with pytest.raises(ValueError, match="numbers must be None"):
        draw(t, numbers="thirds")


def test_frames_can_be_lettered_to_match_the_lecture():
    r = alphabeta(examples.two_ply(), trace=True)
    fig = draw_frames(r, steps=[3, 9, 13, 25], ncols=2, letters="acdf")
    assert [ax.get_title() for ax in fig.axes] == ["(a)", "(c)", "(d)", "(f)"]
    fig = draw_frames(r, steps=[3, 25], letters=["first", "last"])
    assert [ax.get_title() for ax in fig.axes] == ["first", "last"]
    with pytest.raises(ValueError, match="letters gives 3 titles for 2 panels"):
        draw_frames(r, steps=[3, 25], letters="abc")
    with pytest.raises(ValueError, match="letters must be"):
        draw_frames(r, steps=[3, 25], letters=[1, 2])


def test_mcts_pictures_have_a_key_and_keep_their_statistics_when_narrow():
    r = mcts(tree(LECTURE), iterations=30, c=1, bounds=(-14, 14), seed=0, trace=True)
    ax = draw(r)
    assert key_texts(ax) == ["w/n: wins/visits of the player moving in", "UCTValue: the score selection maximises"]
    fig = draw_frames(r, steps=[3, 8, 30, 30], ncols=2)    # too narrow for the notes: the tallies stay
    for ax in fig.axes:
        assert any((t.get_gid() or "").startswith("tally ") for t in ax.texts)
    fig = draw_frames(r, steps=[3, 30], ncols=1)            # one a row: everything, readable
    for ax in fig.axes:
        assert any((t.get_gid() or "").startswith("note ") for t in ax.texts)
        assert min(t.get_fontsize() for t in ax.texts) >= MIN_FONT
