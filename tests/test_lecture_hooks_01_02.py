"""Lectures 01 and 02 after issue 30: the hooks, the order of lecture 01, Oommen's "Effects of α-β", and the
answers the predict-then-run cells give, each checked against a computation of this file's own."""

import math
import random
import re
from fractions import Fraction
from pathlib import Path

import nbformat

import advsearch as ads
from advsearch import MAX, MIN
from advsearch.registry import OPPONENTS

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def lecture(name):
    return nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4).cells


def cell(cells, cell_id):
    return next(c for c in cells if c.get("id") == cell_id)


def answers(cells):
    """{question: what the run gives}, read from the committed outputs of the prediction cells."""
    found = {}
    for c in cells:
        if c.cell_type == "code" and "check.prediction(" in c.source:
            text = "".join(o.get("data", {}).get("text/plain", "") for o in c.outputs)
            m = re.search(r"\((.*)\)\. The run gives (.*)\.$", text)
            assert m, f"no prediction feedback in the output of {c.source[:60]!r}"
            found[m.group(1)] = m.group(2)
    return found


def cut(node, i, v, alpha, beta, cuts):
    """Stop at child i of node: a cut when children are left unsearched."""
    if i < len(node.children) - 1:
        cuts.append((node.path, v, alpha, beta))
    return v


def alphabeta(node, alpha=-math.inf, beta=math.inf, cuts=None, scored=None):
    """A plain alpha-beta on an explicit tree (not the package's): records each cut as (path, value, α, β)."""
    if not node.children:
        scored.append(node.path)
        return node.value
    v = -math.inf if node.player == MAX else math.inf
    for i, child in enumerate(node.children):
        w = alphabeta(child, alpha, beta, cuts, scored)
        if node.player == MAX:
            v = max(v, w)
            if v >= beta:
                return cut(node, i, v, alpha, beta, cuts)
            alpha = max(alpha, v)
        else:
            v = min(v, w)
            if v <= alpha:
                return cut(node, i, v, alpha, beta, cuts)
            beta = min(beta, v)
    return v


def brute(node):
    if not node.children:
        return node.value
    pick = max if node.player == MAX else min
    return pick(brute(c) for c in node.children)


# ---------------------------------------------------------------- lecture 01

def test_01_hook_is_a_game_of_tictactoe_against_a_registered_opponent_before_the_theory():
    cells = lecture("01_games_and_minimax")
    hooks = [i for i, c in enumerate(cells) if c.cell_type == "code" and c.source.startswith("# HOOK: play\n")]
    assert len(hooks) == 1
    call = cells[hooks[0]].source.splitlines()[1]
    m = re.fullmatch(r'ads\.playable\(ads\.TicTacToe\(\), "(\w+)"\)', call)
    assert m and m.group(1) in OPPONENTS
    theory = next(i for i, c in enumerate(cells) if c.cell_type == "markdown" and "## 4 · Minimax values" in c.source)
    assert hooks[0] < theory
    board = cells[hooks[0]].outputs[0]["data"]["text/html"]          # committed: the slides and the site can play it
    assert "advsearch-game" in board and "<script>" in board


def test_01_the_solver_of_the_hook_never_loses_to_a_random_player():
    # tic-tac-toe is a draw (section 8): a perfect O never loses, whatever X does
    game = ads.TicTacToe()
    rng = random.Random(30)
    for _ in range(12):
        board = ads.widgets.play(game, "solver")
        while not game.is_terminal(board.state):
            assert board.move(rng.choice(game.actions(board.state)))
        assert game.utility(board.state, MAX) <= 0


def test_01_minimax_values_are_defined_before_any_minimax_search_runs():
    cells = lecture("01_games_and_minimax")
    theory = next(i for i, c in enumerate(cells) if c.cell_type == "markdown" and "## 4 · Minimax values" in c.source)
    assert "\\text{Minimax}(s) =" in cells[theory].source
    early = [c.source[:60] for c in cells[:theory] if c.cell_type == "code" and "minimax(" in c.source]
    assert not early, f"minimax runs before its values are defined: {early}"


def test_01_seed_content_is_there():
    text = "\n".join(c.source for c in lecture("01_games_and_minimax") if c.cell_type == "markdown")
    for phrase in ("1770, the Turk", "El Ajedrecista", "Torres y Quevedo", "Shannon 1950", "**ply**: a half-move",
                   "AND-OR search"):
        assert phrase in text, phrase


def test_01_predictions_give_what_an_independent_computation_gives():
    two_ply = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    got = answers(lecture("01_games_and_minimax"))
    b = Fraction(sum(two_ply[0]), 3)                                 # a random MIN at B
    assert sorted(got.values()) == sorted([
        "draw",                                                      # tic-tac-toe's value (tests/test_errata.py)
        str(max(min(row) for row in two_ply)),                       # A = 3
        str(round(float(b), 2)),                                     # 23/3
        str(len(str(35 ** 100)) - 1),                                # 35^100 = 10^154.4
        "549946",                                                    # test_errata walks the tree to this count
        "MAX",                                                       # Grundy value of 7 is 0: MIN, to move, loses
    ])


# ---------------------------------------------------------------- lecture 02

def oommen_tree():
    source = cell(lecture("02_alpha_beta"), "oommen-tree").source
    assert source.startswith("oommen = ads.examples.effects_of_alpha_beta()")      # the tree the exercise uses too
    return ads.examples.effects_of_alpha_beta()


def test_02_oommen_labels_hold_on_the_notebooks_tree():
    t = oommen_tree()
    cuts, scored = [], []
    value = alphabeta(t.initial_state, cuts=cuts, scored=scored)
    named = {t.label(t.node(path)): (v, a, b) for path, v, a, b in cuts}
    assert named == {"B": (5, -math.inf, 3), "D": (0, 3, math.inf), "E": (2, 3, math.inf)}
    assert value == brute(t.initial_state) == 3 and len(scored) == 7
    a_first = brute(t.node((0, 0)))
    assert t.node((0,)).player == MIN and a_first == 3                  # "A has β = 3"
    assert t.node(()).player == MAX and brute(t.node((0,))) == 3      # "C has α = 3" once A is done
    text = "\n".join(c.source for c in lecture("02_alpha_beta") if c.cell_type == "markdown")
    for phrase in ("**A has β = 3**", "**B is β-pruned**", "**C has α = 3**", "**D and E are α-pruned**", "**C is 3**"):
        assert phrase in text, phrase


def test_02_predictions_give_what_an_independent_computation_gives():
    got = answers(lecture("02_alpha_beta"))
    two_ply = ads.examples.two_ply()
    cuts, scored = [], []
    alphabeta(two_ply.initial_state, cuts=cuts, scored=scored)
    number = {leaf.path: i for i, leaf in enumerate(two_ply.leaves(), start=1)}
    skipped = sorted(set(number) - set(scored))
    cuts_o, scored_o = [], []
    alphabeta(oommen_tree().initial_state, cuts=cuts_o, scored=scored_o)
    assert got == {
        "Which leaves (1 to 9 from the left) does alpha-beta never look at?": str({number[p] for p in skipped}),
        "How many of the 12 leaves does alpha-beta score?": str(len(scored_o)),
        "What does alpha-beta return for C?": "2",                   # C = 2, 1, 6 stops at its first leaf: 2 ≤ α = 3
        "How many leaves are scored with D's 2 first?": str(3 ** 1 + 3 ** 1 - 1),   # Knuth & Moore, b = 3, m = 2
        "How many times does alpha-beta visit each position it meets (within 1)?": str(round(18_297 / 2_511, 1)),
    }
    assert {number[p] for p in skipped} == {5, 6}
