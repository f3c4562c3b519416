"""The hand exercises on the seed notes' missing content (issue 30, item 6), against independent facts.

- quiz answers: Shannon's published figures recomputed with exact integers;
- search_graph: a brute-force tic-tac-toe search on strings, and Eckroth's
  549,946 states for minimax from the empty board;
- cuts: Oommen's labels of his "Effects of α-β" example, and an alpha-beta
  on nested lists written here;
- threat_ads: the seed's access sequence 3, 1, 1, 4, move-to-front as
  "most recently accessed first", transposition as one swap per access;
- worth_searching: every value of a grid tried in each move's range;
- each exercise as published in exercises/ accepts its right answers in every check cell.
"""

from __future__ import annotations

import ast
import math
import pathlib
from fractions import Fraction

import nbformat
import pytest
from hypothesis import given, settings, strategies as st

import advsearch as ads
from advsearch import check, examples
from advsearch.course.limits.metareasoning import choice, worth
from advsearch.course.minimax.history import GAME_TREE_SIZE, HISTORY
from advsearch.course.multiplayer.threat_ads import replay

JUNK = [None, ..., 3, "x", [], {}, [1, "a"], {"zzz": 1}, True, float("nan"), object(), {"B": None}]


# --- quizzes: history and Shannon's numbers -------------------------------------------------------------

def test_game_tree_size_against_shannons_published_numbers():
    positions = math.factorial(64) // (math.factorial(32) * math.factorial(8) ** 2 * 2 ** 6)
    assert len(str(positions)) == 43                 # "roughly 10^43": 4.6e42
    assert len(str(35 ** 100)) == 155                # 35^100 = 2.5e154: the slides' 10^154
    right = {"pair_plies": 2, "game_plies": 80, "per_ply": 30, "games_exponent": 120,
             "seed_exponent": 154, "positions_exponent": 43}
    assert check.game_tree_size(right).ok
    assert (10 ** 3) ** 40 == 10 ** right["games_exponent"]
    assert not check.game_tree_size({**right, "positions_exponent": 42}).ok
    assert not check.game_tree_size({**right, "game_plies": 40}).ok
    fb = check.game_tree_size({**right, "games_exponent": 43})
    assert "games_exponent" in fb.text and fb.findings["wrong"] == ["games_exponent"]


def test_history_letters():
    right = {q.name: q.right for q in HISTORY}
    assert check.history(right).ok
    assert check.history({k: v.upper() for k, v in right.items()}).ok
    fb = check.history({**right, "turk": "a"})
    assert not fb.ok and "hoax" in fb.text
    assert "letters" in check.history({**right, "turk": "hoax"}).text
    partial = check.history({"turk": right["turk"]})
    assert not partial.ok and "not answered yet" in partial.text


@pytest.mark.parametrize("answer", JUNK)
def test_quizzes_never_raise(answer):
    for fb in (check.history(answer), check.game_tree_size(answer)):
        assert not fb.ok and fb.text


def test_quiz_refuses_bools_and_names_unknown_questions():
    assert "not a question" in check.game_tree_size({"plies": 2}).text
    assert not check.game_tree_size({"pair_plies": True}).ok
    assert check.game_tree_size(None).text.startswith("Not answered yet")
    assert all(q.why for q in HISTORY + GAME_TREE_SIZE)


# --- Eckroth's search graph ------------------------------------------------------------------------------

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def _won(board, mark):
    return any(all(board[i] == mark for i in line) for line in LINES)


def _brute(board, alpha=None, beta=None):
    """(value for X, states checked) of minimax (no bounds) or alpha-beta on a 9-character board."""
    if _won(board, "X"):
        return 1, 1
    if _won(board, "O"):
        return -1, 1
    if "." not in board:
        return 0, 1
    x_moves = board.count("X") == board.count("O")
    best, count = None, 1
    for i, c in enumerate(board):
        if c != ".":
            continue
        v, n = _brute(board[:i] + ("X" if x_moves else "O") + board[i + 1:], alpha, beta)
        count += n
        best = v if best is None or (v > best if x_moves else v < best) else best
        if alpha is not None:
            if x_moves:
                if v >= beta:
                    return best, count
                alpha = max(alpha, v)
            else:
                if v <= alpha:
                    return best, count
                beta = min(beta, v)
    return best, count


def test_minimax_from_the_empty_board_checks_eckroths_549946_states():
    game = ads.TicTacToe()
    assert check.search_graph(game, game.initial_state, 549_946).ok


@pytest.mark.parametrize("picture", ["XXOOOX...", "XO.OX..X.", "X.O.O.X..", "OX.XO.X.."])
def test_search_graph_counts_against_brute_force(picture):
    game = ads.TicTacToe()
    state = game.state(picture)
    value, nodes = _brute(picture)
    _, ab_nodes = _brute(picture, -math.inf, math.inf)
    assert check.search_graph(game, state, nodes).ok
    assert check.search_graph(game, state, ab_nodes, algorithm="alphabeta").ok
    assert ads.minimax(game, state).value == value


def test_the_exercise_position_and_its_named_mistakes():
    game = ads.TicTacToe()
    s = game.state("XXO/OOX/...")
    assert _brute("XXOOOX...")[1] == 14 and _brute("XXOOOX...", -math.inf, math.inf)[1] == 10
    assert check.search_graph(game, s, 6).mistake == "counted_leaves"
    assert check.search_graph(game, s, 13).mistake == "root_not_counted"
    assert check.search_graph(game, s, 14, algorithm="alphabeta").mistake == "counted_minimax"
    for junk in JUNK:
        fb = check.search_graph(game, s, junk)
        assert not fb.ok and fb.text
    with pytest.raises(ValueError, match="algorithm"):
        check.search_graph(game, s, 14, algorithm="mcts")


# --- Oommen's cuts -----------------------------------------------------------------------------------------

def test_oommens_labels_hold_on_the_reconstructed_tree():
    t = examples.effects_of_alpha_beta()
    # The slide: B is β-pruned (5 > 3), D is α-pruned (0 < 3), E is α-pruned (2 < 3), C is 3.
    assert check.cuts(t, {"B": "beta", "D": "alpha", "E": "alpha"}).ok
    assert check.cuts(t, {"B": "β", "D": "α", "E": "α"}).ok
    assert ads.minimax(t).value == 3
    assert check.pruned(t, ["b2", "h1", "h2", "j1", "j2"]).ok
    assert not check.cuts(t, {"B": "alpha", "D": "alpha", "E": "alpha"}).ok
    assert "does not cut at A" in check.cuts(t, {"A": "beta", "B": "beta", "D": "alpha", "E": "alpha"}).text
    for junk in JUNK:
        fb = check.cuts(t, junk)
        assert not fb.ok and fb.text


def _cut_nodes(spec, path=(), is_max=True, alpha=-math.inf, beta=math.inf, out=None):
    """Alpha-beta on nested lists; returns (value, {path: "alpha" or "beta"}) of the nodes that cut."""
    out = {} if out is None else out
    if not isinstance(spec, list):
        return spec, out
    v = -math.inf if is_max else math.inf
    for i, child in enumerate(spec):
        cv, _ = _cut_nodes(child, path + (i,), not is_max, alpha, beta, out)
        if is_max:
            v = max(v, cv)
            if v >= beta:
                if i < len(spec) - 1:
                    out[path] = "beta"
                return v, out
            alpha = max(alpha, v)
        else:
            v = min(v, cv)
            if v <= alpha:
                if i < len(spec) - 1:
                    out[path] = "alpha"
                return v, out
            beta = min(beta, v)
    return v, out


leaf = st.integers(-5, 5)
uniform = st.integers(2, 3).flatmap(lambda b: st.lists(st.lists(st.lists(leaf, min_size=b, max_size=b),
                                                                   min_size=b, max_size=b), min_size=b, max_size=b))


@settings(max_examples=60, deadline=None)
@given(uniform)
def test_cuts_agree_with_an_alpha_beta_written_here(spec):
    t = ads.tree(spec)
    _, cut = _cut_nodes(spec)
    assert check.cuts(t, dict(cut)).ok
    if cut:
        path = next(iter(cut))
        flipped = {**cut, path: "alpha" if cut[path] == "beta" else "beta"}
        assert not check.cuts(t, flipped).ok


# --- Threat-ADS --------------------------------------------------------------------------------------------

def test_threat_ads_on_the_seed_access_sequence():
    assert replay("move-to-front", [1, 2, 3, 4], [3, 1, 1, 4])[-1] == [4, 1, 3, 2]
    assert replay("transposition", [1, 2, 3, 4], [3, 1, 1, 4])[-1] == [1, 3, 4, 2]
    ok = check.threat_ads([3, 1, 1, 4], [[3, 1, 2, 4], [1, 3, 2, 4], [1, 3, 2, 4], [4, 1, 3, 2]],
                          opponents=[1, 2, 3, 4])
    assert ok.ok


def _transpose(order, threats):
    out = []
    for t in threats:
        i = order.index(t)
        order = order[:max(i - 1, 0)] + [t] + order[max(i - 1, 0):i] + order[i + 1:] if i else order
        out.append(list(order))
    return out


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 5).flatmap(lambda n: st.tuples(st.permutations(list(range(1, n + 1))),
                                                     st.lists(st.integers(1, n), min_size=1, max_size=8))))
def test_threat_ads_against_independent_descriptions(case):
    opponents, threats = list(case[0]), case[1]
    mtf = replay("move-to-front", opponents, threats)
    for k in range(1, len(threats) + 1):          # most recently accessed first, then the others as they were
        recent = list(dict.fromkeys(reversed(threats[:k])))
        assert mtf[k - 1] == recent + [o for o in opponents if o not in recent]
    trans = _transpose(opponents, threats)
    assert replay("transposition", opponents, threats) == trans
    assert check.threat_ads(threats, mtf, opponents=opponents).ok
    assert check.threat_ads(threats, trans, opponents=opponents, rule="transposition").ok
    if trans != mtf:
        assert not check.threat_ads(threats, trans, opponents=opponents).ok


def test_threat_ads_feedback():
    fb = check.threat_ads([3, 1], [[1, 3, 2], [1, 3, 2]], opponents=[1, 2, 3])
    assert fb.mistake == "other_ads_rule"
    assert check.threat_ads([3], [[1, 2, 3]], opponents=[1, 2, 3]).mistake == "list_not_updated"
    for junk in JUNK + [[[1, 2]], [[1, 1, 2]], [["a", "b", "c"]]]:
        fb = check.threat_ads([3, 1], junk, opponents=[1, 2, 3])
        assert not fb.ok and fb.text
    with pytest.raises(ValueError, match="threat"):
        check.threat_ads([7], [[1, 2]], opponents=[1, 2])
    with pytest.raises(ValueError, match="rule"):
        check.threat_ads([1], [[1, 2]], opponents=[1, 2], rule="frequency")


def test_reply_order_is_a_stable_sort_by_the_list():
    replies = [(1, "a"), (1, "b"), (2, "c"), (3, "d"), (3, "e")]
    for order in ([3, 1, 2], [2, 3, 1], [1, 2, 3]):
        rank = {o: i for i, o in enumerate(order)}
        expected = sorted(replies, key=lambda r: rank[r[0]])
        assert check.reply_order(order, replies, [m for _, m in expected]).ok
        assert check.reply_order(order, replies, expected).ok
    assert not check.reply_order([3, 1, 2], replies, ["d", "e", "b", "a", "c"]).ok
    for junk in JUNK:
        fb = check.reply_order([3, 1, 2], replies, junk)
        assert not fb.ok and fb.text


# --- metareasoning ------------------------------------------------------------------------------------------

def _brute_worth(estimates, ranges):
    best = choice(estimates)
    out = []
    for m, (lo, hi) in ranges.items():
        grid = [lo + Fraction(k, 4) * (hi - lo) for k in range(5)]
        if any(choice({**estimates, m: v}) != best for v in grid):
            out.append(m)
    return out


@settings(max_examples=120, deadline=None)
@given(st.lists(st.tuples(st.integers(-5, 5), st.integers(0, 4), st.integers(0, 4)), min_size=1, max_size=5))
def test_worth_searching_against_trying_values_in_each_range(rows):
    names = "abcde"
    estimates = {names[i]: e for i, (e, _, _) in enumerate(rows)}
    ranges = {names[i]: (e - down, e + up) for i, (e, down, up) in enumerate(rows)}
    assert worth(estimates, ranges) == _brute_worth(estimates, ranges)
    assert check.worth_searching(estimates, ranges, worth(estimates, ranges)).ok


def test_the_metareasoning_exercise_and_its_feedback():
    est = {"a": 5, "b": 3, "c": 4, "d": 1}
    ranges = {"a": (2, 7), "b": (2, 6), "c": (3, 4), "d": (0, 9)}
    assert worth(est, ranges) == ["a", "b", "d"]
    assert check.worth_searching(est, ranges, {"d", "b", "a"}).ok
    assert check.worth_searching(est, ranges, ["b", "d"]).mistake == "best_never_searched"
    assert check.worth_searching(est, ranges, ["a", "b", "c"]).mistake == "estimate_not_range"
    for junk in JUNK:
        fb = check.worth_searching(est, ranges, junk)
        assert not fb.ok and fb.text
    with pytest.raises(ValueError, match="contain"):
        check.worth_searching({"a": 5}, {"a": (6, 7)}, [])


# --- the exercises as published: right answers pass every check cell of the section -----------------------

EXERCISES = pathlib.Path(__file__).resolve().parent.parent / "exercises"

RIGHT = [
    ("01_minimax.ipynb", "plies, and how big chess is",
     {"answer": {"pair_plies": 2, "game_plies": 80, "per_ply": 32, "games_exponent": 120, "seed_exponent": 154.4,
                 "positions_exponent": 42.7}}),
    ("01_minimax.ipynb", "what the first chess machines", {"answer": {"turk": "b", "ajedrecista": "b", "shannon": "c", "othello": "b"}}),
    ("01_minimax.ipynb", "MAX is OR, MIN is AND",
     {"answer": {"A": 1, "B": 1, "C": 0, "D": 1, "E": 1, "F": 0, "G": 1}}),
    ("01_minimax.ipynb", "Eckroth's search graph", {"answer": 14}),
    ("02_alpha_beta.ipynb", "Oommen's labels",
     {"leaves_pruned": ["b2", "h1", "h2", "j1", "j2"], "cut_by": {"B": "beta", "D": "alpha", "E": "alpha"}}),
    ("02_alpha_beta.ipynb", "Eckroth's search graph with alpha-beta", {"answer": 10}),
    ("03_evaluation_and_limits.ipynb", "is one more ply worth it", {"answer": ["a", "b", "d"]}),
    ("05_multiplayer.ipynb", "Threat-ADS, the update step",
     {"with_move_to_front": [[3, 1, 2], [2, 3, 1], [3, 2, 1], [1, 3, 2]],
      "with_transposition": [[1, 3, 2], [1, 2, 3], [1, 3, 2], [1, 3, 2]],
      "reply_order": ["d", "e", "a", "b", "c"]}),
]


def _section(name, title):
    cells = nbformat.read(EXERCISES / name, as_version=4).cells
    start = next(i for i, c in enumerate(cells) if c.cell_type == "markdown" and c.source.startswith("## Exercise")
                 and title in c.source.splitlines()[0])
    end = next((i for i in range(start + 1, len(cells))
                if cells[i].cell_type == "markdown" and cells[i].source.startswith("## ")), len(cells))
    return [c.source for c in cells[start:end] if c.cell_type == "code"]


@pytest.mark.parametrize("name, title, right", RIGHT, ids=[r[1] for r in RIGHT])
def test_published_exercise_accepts_its_right_answers(name, title, right):
    space = {"ads": ads, "check": check}
    checked = 0
    for source in _section(name, title):
        body = ast.parse(source).body
        if body and isinstance(body[-1], ast.Expr) and "check." in ast.unparse(body[-1]):
            exec(compile(ast.Module(body[:-1], []), name, "exec"), space)
            fb = eval(compile(ast.Expression(body[-1].value), name, "eval"), space)
            assert fb.ok, f"{title}: {fb}"
            checked += 1
        else:
            exec(compile(source, name, "exec"), space)
            space.update(right)              # the answer cell's names now hold the right answers
    assert checked >= 1
