"""TikZ export: the picture's content, its determinism and errors, and (with pdflatex) that it compiles."""

from __future__ import annotations

import re
import shutil
import subprocess
from fractions import Fraction

import pytest

from advsearch import alphabeta, chance, examples, minimax, random_tree, tree
from advsearch.drawing.scene import scene
from advsearch.drawing.tikz import _escape, _tex, to_tikz

# A named TikZ node: one for each scene node.
NAMED_NODE = re.compile(r"^\s*\\node\[.*\] \(n\d+\) at \(", re.MULTILINE)


def two_ply_search():
    return alphabeta(examples.two_ply(), trace=True)


def chance_tree():
    return tree([chance((Fraction(1, 3), [3, -12]), (Fraction(2, 3), [1, 9])),
                 chance((0.5, [2, 4]), (0.5, [0, 6]))], labels=True)


def three_player_tree():
    return tree([[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)], [(5, -1, -1), (7, 7, -1)]], labels=True)


def label_texts(tex: str) -> set:
    """The texts of the TikZ labels hung on nodes, wherever they were placed."""
    return set(re.findall(r"label=\{(?:\[[^\]]*\])?[a-z ]+:\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}\}", tex))


# ------------------------------------------------------------------ structure


def test_two_ply_alphabeta_has_one_node_per_scene_node():
    r = two_ply_search()
    tex = to_tikz(r)
    assert len(NAMED_NODE.findall(tex)) == len(scene(r)) == 13
    assert tex.startswith(r"\begin{tikzpicture}[")
    assert tex.count(r"\begin{tikzpicture}") == tex.count(r"\end{tikzpicture}") == 1


def test_two_ply_alphabeta_prunes_two_edges_with_cut_marks():
    tex = to_tikz(two_ply_search())
    assert tex.count(r"\draw[pruned edge]") == 2
    assert tex.count(r"\draw[cut mark]") == 2
    assert "pruned edge/.style={gray, dashed}" in tex
    # The two pruned leaves (4 and 6, never looked at) are faded.
    assert len(re.findall(r"\\node\[leaf node, [^\]]*faded", tex)) == 2


def test_two_ply_alphabeta_principal_variation_is_thick():
    tex = to_tikz(two_ply_search())
    assert "pv edge/.style={line width=1.6pt}" in tex
    pv = re.findall(r"\\draw\[pv edge\] (\([^)]*\)) -- (\([^)]*\));", tex)
    # A (slot 4) to B (slot 1), then B to its first leaf (slot 0).
    assert pv == [("(4,0)", "(1,-1)"), ("(1,-1)", "(0,-2)")]


def test_two_ply_alphabeta_values_and_labels():
    tex = to_tikz(two_ply_search())
    root = re.search(r"\(n0\) at \(4,0\) \{(.*)\};", tex).group(1)
    assert root == "$3$"
    assert r"$\le 2$" in label_texts(tex)                         # C knows only an upper bound
    assert re.search(r"\(n9\) at \(7,-1\) \{\$2\$\};", tex)      # D is exactly 2
    assert {"A", "B", "C", "D"} <= label_texts(tex)
    for leaf in (3, 12, 8, 2, 14, 5):
        assert f"{{${leaf}$}};" in tex


def test_bounds_and_intervals():
    r = two_ply_search()
    plain, with_bounds = to_tikz(r), to_tikz(r, bounds=True)
    assert r"[3, +\infty]" not in plain
    assert r"$[3, +\infty]$" in label_texts(with_bounds)        # A's (and C's) [α, β]
    assert r"$[-\infty, 3]$" in label_texts(with_bounds)        # B's
    framed = to_tikz(r, intervals=True)
    assert r"$[-\infty, 2]$" in label_texts(framed)             # C as the lecture's frame
    assert r"$[3, 3]$" in label_texts(framed)


def test_actions_label_the_edges():
    tex = to_tikz(two_ply_search(), actions=True)
    assert len(re.findall(r"node\[edge label, auto[^\]]*\] \{\d\}", tex)) == 12
    assert "edge label" not in to_tikz(two_ply_search()).split("]\n", 1)[1]


def test_chance_tree_has_its_probabilities():
    tex = to_tikz(chance_tree())
    assert tex.count(r"{$\frac{1}{3}$}") == 1 and tex.count(r"{$\frac{2}{3}$}") == 1
    assert tex.count("{$0.5$}") == 2
    assert tex.count(r"\node[chance node") == 2
    assert r"{$-12$}" in tex


def test_three_player_tree_has_tuples_and_player_colours():
    tex = to_tikz(three_player_tree())
    for payoff in ("(1, 2, 6)", "(4, 2, 3)", "(5, -1, -1)", "(7, 7, -1)"):
        assert f"{{${payoff}$}};" in tex
    assert r"\definecolor{player0}{HTML}" in tex and r"\definecolor{player2}{HTML}" in tex
    assert tex.count(r"\node[player node") == 4
    assert "draw=player0" in tex and tex.count("draw=player1") == 3
    assert r"\textcolor{player0}{$\bullet$}P0" in tex          # the key above the root: names in black
    numbers = re.findall(r"\\node\[player node[^\]]*\] \(n\d+\) at \([^)]*\) \{\{\\\w+ (\d)\}\};", tex)
    assert sorted(numbers) == ["0", "1", "1", "1"]               # each player's number in its circle


def test_two_player_picture_defines_no_colours():
    assert r"\definecolor" not in to_tikz(two_ply_search())


def test_max_children_inserts_ellipsis_nodes():
    r = alphabeta(random_tree(4, 2, seed=3), trace=True)
    graph = scene(r, max_children=2)
    hidden = sum(1 for _, d in graph.nodes(data=True) if d["more"])
    tex = to_tikz(r, max_children=2)
    assert hidden > 0
    assert tex.count(r"{$\dots$};") == hidden
    assert tex.count(r"\draw[ellipsis edge]") == hidden
    assert len(NAMED_NODE.findall(tex)) == len(graph)


def test_max_depth_and_unvisited():
    r = two_ply_search()
    assert len(NAMED_NODE.findall(to_tikz(r, max_depth=1))) == 1 + 3 + 3  # root, B C D, and a "…" each
    assert len(NAMED_NODE.findall(to_tikz(r, unvisited=False))) == len(scene(r, unvisited=False))


def test_step_highlights_the_current_node():
    tex = to_tikz(two_ply_search(), step=3)
    assert tex.count("current node]") + tex.count("current node,") == 1
    assert "% drawn by advsearch: alphabeta after step 3" in tex
    # Entering D while only B is shown: the "…" standing for C and D is the current node.
    hidden = to_tikz(two_ply_search(), step=16, max_children=1)
    assert re.search(r"\\node\[ellipsis node, current node\] \(n\d+\) at \(2,-1\) \{\$\\dots\$\};", hidden)


def test_output_is_deterministic():
    a = to_tikz(two_ply_search(), bounds=True, actions=True)
    b = to_tikz(two_ply_search(), bounds=True, actions=True)
    assert a == b
    assert to_tikz(chance_tree()) == to_tikz(chance_tree())
    assert to_tikz(three_player_tree()) == to_tikz(three_player_tree())


@pytest.mark.parametrize("make", [two_ply_search, chance_tree, three_player_tree])
def test_braces_balance_and_no_tikz_library(make):
    tex = to_tikz(make(), bounds=True, actions=True, standalone=True)
    depth = 0
    for ch in re.sub(r"\\[{}]", "", tex):
        depth += {"{": 1, "}": -1}.get(ch, 0)
        assert depth >= 0
    assert depth == 0
    assert r"\usetikzlibrary" not in tex and r"\usepackage" not in tex


def test_standalone_and_scale():
    tex = to_tikz(two_ply_search(), standalone=True)
    lines = tex.splitlines()
    assert lines[0] == r"\documentclass[tikz,border=4pt]{standalone}"
    assert lines[1] == r"\begin{document}" and lines[-1] == r"\end{document}"
    assert "scale=" not in to_tikz(examples.two_ply())
    assert "scale=0.5, transform shape" in to_tikz(examples.two_ply(), scale=0.5)


def test_wide_trees_fit_about_sixteen_centimetres():
    def unit(tex):
        return float(re.search(r"\[x=([\d.]+)cm", tex).group(1))

    assert unit(to_tikz(examples.two_ply())) == 1.0
    wide = random_tree(3, 3, seed=1)  # 27 leaves, slots 0..26
    assert unit(to_tikz(wide)) * 26 <= 16.0 + 1e-9
    assert r"font=\small" not in to_tikz(wide)


def test_text_is_escaped_and_written_as_the_lecture_does():
    assert _tex("≤ 2") == r"$\le 2$"
    assert _tex("≥ 5") == r"$\ge 5$"
    assert _tex("−∞") == r"$-\infty$" and _tex("+∞") == r"$+\infty$"
    assert _tex("[2, 4]") == "$[2, 4]$" and _tex("(1, 2, 3)") == "$(1, 2, 3)$"
    assert _escape("a_b & 50% #1 {x} $y ~^\\") == (
        r"a\_b \& 50\% \#1 \{x\} \$y \~{}\^{}\textbackslash{}")
    tex = to_tikz(tree([("x_1", [1, 2]), 3]))
    assert r"{x\_1}" in tex


# ------------------------------------------------------------------ errors


def test_bad_input_raises_clear_errors():
    with pytest.raises(ValueError, match="trace=True"):
        to_tikz(alphabeta(examples.two_ply()))
    with pytest.raises(TypeError, match="Tree, a SearchResult or a Trace"):
        to_tikz([[3, 12], [2, 4]])
    with pytest.raises(ValueError, match="step must be in"):
        to_tikz(two_ply_search(), step=999)
    with pytest.raises(ValueError, match="step needs a search"):
        to_tikz(examples.two_ply(), step=0)
    with pytest.raises(ValueError, match="max_children"):
        to_tikz(examples.two_ply(), max_children=0)
    for scale in (0, -1, float("inf"), "2", True):
        with pytest.raises(ValueError, match="scale must be a positive number"):
            to_tikz(examples.two_ply(), scale=scale)


# ------------------------------------------------------------------ compiling


def _compile(tmp_path, name: str, tex: str):
    source = tmp_path / f"{name}.tex"
    source.write_text(tex, encoding="utf-8")
    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape",
                          source.name], cwd=tmp_path, capture_output=True, text=True, timeout=180)
    assert run.returncode == 0, run.stdout[-3000:]
    assert (tmp_path / f"{name}.pdf").stat().st_size > 0


def _has_standalone_class() -> bool:
    kpsewhich = shutil.which("kpsewhich")
    if kpsewhich is None:
        return False
    return subprocess.run([kpsewhich, "standalone.cls"], capture_output=True, text=True).stdout.strip() != ""


def mcts_search():
    from advsearch import mcts

    return mcts(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), iterations=30, c=1, bounds=(-14, 14), seed=0,
                trace=True)


def test_an_mcts_tree_in_tikz_has_the_notation_of_the_drawing():
    r = mcts_search()
    tex = to_tikz(r, step=8)
    s = scene(r, step=8)
    for path in s:
        data = s.nodes[path]
        if data["status"] == "visited":
            assert _tex(data["tally"]) in tex and data["note"] in tex
    assert "current node" in tex and "faded" in tex            # the ring's node, and nodes still to come
    assert r"{$12$}" in tex                                     # a terminal leaf holds its utility


DOCUMENTS = {
    "mcts": lambda: to_tikz(mcts_search(), step=8, standalone=True),
    "alphabeta": lambda: to_tikz(two_ply_search(), bounds=True, actions=True, standalone=True),
    "chance": lambda: to_tikz(chance_tree(), standalone=True),
    "three_players": lambda: to_tikz(three_player_tree(), standalone=True),
}


@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_standalone_documents_compile(tmp_path, name):
    if shutil.which("pdflatex") is None:
        pytest.skip("pdflatex not installed: TikZ output not compiled")
    if not _has_standalone_class():
        pytest.skip("the standalone class is not installed: standalone documents not compiled")
    _compile(tmp_path, name, DOCUMENTS[name]())


def test_picture_compiles_in_an_exam_with_only_tikz(tmp_path):
    if shutil.which("pdflatex") is None:
        pytest.skip("pdflatex not installed: TikZ output not compiled")
    pictures = [to_tikz(two_ply_search(), bounds=True, intervals=True),
                to_tikz(chance_tree(), actions=True),
                to_tikz(three_player_tree(), scale=0.8),
                to_tikz(minimax(examples.grundy7(), trace=True), actions=True, max_children=2),
                to_tikz(mcts_search())]
    exam = "\n".join([r"\documentclass{article}", r"\usepackage{tikz}", r"\begin{document}",
                      *(p + "\n\\bigskip\n" for p in pictures), r"\end{document}", ""])
    _compile(tmp_path, "exam", exam)


def _label_places(tex: str) -> dict:
    """``{name: place}`` of every node name a picture hangs off its node."""
    return {name: place for place, name in re.findall(r"label=\{(?:\[[^\]]*\])?([a-z ]+):\{([A-Za-z]\d*)\}\}", tex)}


def test_leaf_names_go_under_their_leaves():
    # A full row of leaves has no room beside each square for a name: the names go below, where
    # nothing else is drawn.  (Before, the border of a square was misplaced and names landed on the
    # neighbouring square.)
    from advsearch import parse

    t = parse("A[B[D[d1=7 d2=5] E[e1=2 e2=1] F[f1=5 f2=7 f3=3]] C[G[g1=5 g2=5 g3=7] H[h1=0 h2=0 h3=7]]]")
    places = _label_places(to_tikz(t))
    leaves = [leaf.label for leaf in t.leaves()]
    assert leaves and all(places[name] == "below" for name in leaves)
    assert all(places[n.label] != "below" for n in t.nodes() if n.children)


def test_label_boxes_sit_outside_square_and_round_shapes():
    from advsearch.drawing import tikz

    t = tree([[1, 2], chance((Fraction(1, 2), 3), (Fraction(1, 2), 4))], labels=True)
    graph = scene(t)
    picture = tikz._Picture(graph, tikz.tidy_layout(graph), bounds=False, intervals=False, actions=False)
    for node in picture.order:
        shape, half_w, half_h = picture._border(node)
        x, y = picture._centre(node)
        for place, (dx, dy) in {"left": (-1, 0), "right": (1, 0), "below": (0, -1), "above": (0, 1)}.items():
            left, bottom, right, top = picture._label_box(node, place, 0.3, 0.2, 0.1)
            if dx:      # the box starts a gap beyond the shape's side
                edge = right if dx < 0 else left
                assert edge == pytest.approx(x + dx * (half_w + 0.1))
            else:
                edge = top if dy < 0 else bottom
                assert edge == pytest.approx(y + dy * (half_h + 0.1))
