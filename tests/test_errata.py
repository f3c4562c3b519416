"""The numbers in the lectures' "Notes on the lecture slides" (errata and clarifications), computed again.

Each test computes a number that an entry states, independently of the notebook's own cells (brute force,
a closed form, or the package's searches on a position built here), asserts the value, and asserts that
the notebook's Markdown still says it. A change in either the computation or the text fails here.
"""

import json
import math
import random
import re
import statistics
from decimal import Decimal, getcontext
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import advsearch as ads
from advsearch import MAX, MIN, chance, examples, maxn, paranoid, tree
from advsearch.game import Game
from advsearch.games.tictactoe import has_line

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
NAMES = {"00": "00_tour", "01": "01_games_and_minimax", "02": "02_alpha_beta",
         "03": "03_evaluation_and_limits", "04": "04_stochastic_games", "05": "05_multiplayer", "06": "06_mcts"}


def cells(nb):
    return json.loads((NOTEBOOKS / f"{NAMES[nb]}.ipynb").read_text(encoding="utf-8"))["cells"]


def markdown(nb):
    """All Markdown of a lecture, as one text."""
    return "\n".join("".join(c["source"]) for c in cells(nb) if c["cell_type"] == "markdown")


def notes(nb):
    """The Markdown of the section "Notes on the lecture slides" (from its heading to the end).

    The heading may open a "Going further" part ("## Going further: notes on the lecture slides") or sit in one.
    """
    text = markdown(nb)
    start = re.search(r"^#+ (?:Going further: )?Notes on the lecture slides", text, re.M | re.I).start()
    return text[start:]


def says(text, *phrases):
    missing = [p for p in phrases if p not in text]
    assert not missing, f"the notebook no longer says {missing}"


# ---------------------------------------------------------------- the labels: the counts of the note

# (errata, clarifications) per lecture, as marked in its notes section.
LABELS = {"00": (0, 1), "01": (4, 2), "02": (3, 5), "03": (6, 4), "04": (2, 2), "05": (2, 6), "06": (2, 3)}


@pytest.mark.parametrize("nb", sorted(LABELS))
def test_every_entry_is_marked_erratum_or_clarification(nb):
    text = notes(nb)
    if nb == "03":          # a table: the kind is the first column
        counts = (text.count("\n| Erratum"), text.count("\n| Clarification"))
    else:                   # a list: each entry opens with its kind in bold
        counts = tuple(len(re.findall(rf"^(?:- |\d+\. )\*\*{kind}", text, re.M)) for kind in ("Erratum", "Clarification"))
    assert counts == LABELS[nb]


# ---------------------------------------------------------------- tic-tac-toe's tree (00, 01)

@lru_cache(maxsize=None)
def tree_size(x, o):
    """(nodes, finished games) of the tic-tac-toe tree below the board (x, o): a plain walk of the rules."""
    if has_line(x) or has_line(o) or (x | o) == 0b111_111_111:
        return 1, 1
    nodes, games = 1, 0
    x_moves = bin(x).count("1") == bin(o).count("1")
    for cell in range(9):
        if not (x | o) >> cell & 1:
            n, g = tree_size(x | 1 << cell, o) if x_moves else tree_size(x, o | 1 << cell)
            nodes, games = nodes + n, games + g
    return nodes, games


def test_tictactoe_tree_is_of_order_ten_to_the_five():
    nodes, games = tree_size(0, 0)
    assert (nodes, games) == (549_946, 255_168)
    assert math.floor(math.log10(nodes)) == 5 and f"{nodes:.1e}" == "5.5e+05"
    assert len(ads.TicTacToe.positions()) == 5_478
    for nb in ("00", "01"):
        says(notes(nb), "549,946", "255,168", "5.5·10⁵", "10⁵")
    says(notes("01"), "5,478")


def test_chess_tree_and_graph():
    assert round(100 * math.log10(35), 1) == 154.4
    says(notes("01"), "10⁴⁰", "35¹⁰⁰ ≈ 10^154.4")


def test_grundy_seven_is_a_loss_for_the_player_to_move():
    @lru_cache(maxsize=None)
    def grundy(heaps):
        moves = set()
        for i, h in enumerate(heaps):
            for a in range(1, (h + 1) // 2):       # split h into a and h - a, unequal
                rest = heaps[:i] + heaps[i + 1:] + (a, h - a)
                moves.add(grundy(tuple(sorted(rest))))
        return next(g for g in range(len(moves) + 1) if g not in moves)
    assert [grundy((n,)) for n in range(10)] == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1]     # OEIS A002188, from 0
    assert grundy((7,)) == 0 and ads.minimax(examples.grundy7()).value == 1          # MIN moves first and loses
    says(notes("01"), "7 tokens with MIN first", "Grundy value 0")


# The three-player example of MIT 6.034's recitation on games (fall 2004, "Variations on 2-Player Games"),
# copied leaf by leaf from its page, left to right.
MIT_6034_LEAVES = [(1, 2, 3), (4, 2, 1), (6, 1, 2), (7, 4, -1), (5, -1, -1), (-1, 5, 2), (7, 7, -1), (5, 4, 5)]
MIT_6034_BACKED_UP = {(): (1, 2, 3), (0,): (1, 2, 3), (1,): (-1, 5, 2),
                      (0, 0): (1, 2, 3), (0, 1): (6, 1, 2), (1, 0): (-1, 5, 2), (1, 1): (5, 4, 5)}


def test_the_three_player_tree_is_mit_6034s():
    leaves = [leaf for b in examples.THREE_PLAYER for d in b for leaf in d]
    assert leaves == MIT_6034_LEAVES
    values = examples.three_player().values()
    assert {path: values[path] for path in MIT_6034_BACKED_UP} == MIT_6034_BACKED_UP
    assert maxn(examples.three_player()).value == (1, 2, 3)
    for nb in ("01", "05"):
        says(notes(nb), "MIT 6.034", "fall 2004")
    assert "whose payoffs are **our own**" not in notes("01") and "payoffs of this course's own" not in notes("05")
    says(notes("01"), "from (1, 2, 3) to (5, 4, 5)", "max-n value (1, 2, 3)")
    says(markdown("01"), "MIT 6.034's recitation on games, fall 2004, leaf for leaf")
    says(markdown("05"), "MIT 6.034's three-player tree (games recitation, fall 2004)")


# ---------------------------------------------------------------- 02: alpha-beta

def test_strict_test_in_min_value_scores_9_leaves_not_7():
    t = ads.tree([("B", [3, 12, 8]), ("C", [3, 4, 6]), ("D", [14, 5, 2])])
    on_equal, strict = ads.alphabeta(t), ads.alphabeta(t, prune_on_equal=False)
    assert on_equal.value == strict.value == ads.minimax(t).value == 3
    assert (on_equal.stats.leaves, strict.stats.leaves) == (7, 9)
    says(notes("02"), "all 9 leaves instead of 7")


def test_35_to_the_4_and_knuth_moore_at_8_plies():
    assert 35 ** 4 == 1_500_625 and 2 * 35 ** 4 - 1 == 3_001_249
    says(notes("02"), "35⁴ = 1,500,625", "3,001,249")
    says(notes("03"), "1{,}500{,}625", "3{,}001{,}249")


@settings(max_examples=25, deadline=None)
@given(b=st.integers(2, 4), m=st.integers(1, 4), seed=st.integers(0, 10_000))
def test_perfect_order_scores_knuth_and_moores_count(b, m, seed):
    # Distinct leaves (a permutation), children searched best first: the minimal tree, exactly.
    rng = random.Random(seed)
    values = rng.sample(range(10 * b ** m), b ** m)
    def build(level, start):
        if level == m:
            return values[start]
        width = b ** (m - level - 1)
        return [build(level + 1, start + i * width) for i in range(b)]
    t = ads.tree(build(0, 0))
    exact = t.values()
    best_first = lambda s, acts: sorted(acts, key=lambda a: exact[t.result(s, a).path],
                                        reverse=t.to_move(s) == MAX)
    r = ads.alphabeta(t, order=best_first)
    assert r.stats.leaves == b ** math.ceil(m / 2) + b ** (m // 2) - 1


def test_frame_a_b_ends_at_3():
    assert ads.examples.two_ply().values()[(0,)] == 3
    says(notes("02"), "B ≤ 3", "[−∞, 3]", "exactly 3")


def pearl_rate(b, digits=40):
    """Pearl's R_b = xi / (1 - xi), xi the root in (0, 1) of x^b + x - 1, to `digits` digits (bisection)."""
    getcontext().prec = digits + 10
    lo, hi = Decimal(0), Decimal(1)
    for _ in range(int(digits * 3.4) + 10):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if mid ** b + mid - 1 < 0 else (lo, mid)
    return lo / (1 - lo)


def test_pearl_rate_is_below_b_to_the_three_quarters_only_up_to_460():
    below = [b for b in range(2, 2001) if pearl_rate(b, 20) < Decimal(b) ** Decimal("0.75")]
    assert below == list(range(2, 461))               # one crossing, between 460 and 461
    r460, r461 = pearl_rate(460), pearl_rate(461)
    assert r460 < Decimal(460) ** Decimal("0.75") and r461 > Decimal(461) ** Decimal("0.75")
    assert pearl_rate(10_000, 20) > Decimal(10_000) ** Decimal("0.75")     # and it stays above (b / ln b)
    assert round(float(pearl_rate(35)), 1) == 12.8 and round(35 ** 0.75, 1) == 14.4
    says(notes("02"), "up to 460", "From b = 461", "R_b = 12.8", "b^(3/4) = 14.4")


def test_a_cut_child_carries_the_roots_value_as_a_bound():
    t = ads.tree([("B", [3, 12, 8]), ("C", [3, 1, 6]), ("D", [14, 5, 2])])
    r = ads.alphabeta(t, trace=True)
    exit_c = next(e for e in r.trace if e.kind == "exit" and e.path == (1,))
    assert (exit_c.value, exit_c.bound) == (3, "upper") and t.values()[(1,)] == 1
    assert r.value == 3 and r.move == 0
    says(notes("02"), "C = 3, 1, 6", "C reports 3", "C's value is 1")


# ---------------------------------------------------------------- 02: Eckroth's table

class Placement(Game):
    """Tic-tac-toe from any placement of marks, legal or not (both players may hold a line); X moves
    when both have as many marks. Unlike ads.TicTacToe, whose states are the legal positions only."""

    utility_range = (-1, 1)

    def __init__(self, x, o):
        self.initial_state = (x, o)

    def to_move(self, state):
        x, o = state
        return MAX if bin(x).count("1") == bin(o).count("1") else MIN

    def is_terminal(self, state):
        x, o = state
        return has_line(x) or has_line(o) or (x | o) == 0b111_111_111

    def actions(self, state):
        x, o = state
        return tuple(c for c in range(9) if not (x | o) >> c & 1)

    def result(self, state, action):
        x, o = state
        return (x | 1 << action, o) if self.to_move(state) == MAX else (x, o | 1 << action)

    def utility(self, state, player):
        x, o = state
        u = 1 if has_line(x) else -1 if has_line(o) else 0
        return u if player == MAX else -u


def placements(n):
    """Every way to put n X and n O on the board, as bit masks."""
    for xs in combinations(range(9), n):
        rest = [c for c in range(9) if c not in xs]
        for os_ in combinations(rest, n):
            yield sum(1 << c for c in xs), sum(1 << c for c in os_)


@lru_cache(maxsize=None)
def checked(x, o):
    """States a full minimax checks from (x, o), the board itself included: a walk of the rules."""
    if has_line(x) or has_line(o) or (x | o) == 0b111_111_111:
        return 1
    x_moves = bin(x).count("1") == bin(o).count("1")
    return 1 + sum(checked(x | 1 << c, o) if x_moves else checked(x, o | 1 << c)
                   for c in range(9) if not (x | o) >> c & 1)


@settings(max_examples=30, deadline=None)
@given(n=st.integers(1, 4), data=st.data())
def test_the_walk_counts_what_minimax_checks(n, data):
    cells_ = data.draw(st.permutations(range(9)))
    x, o = sum(1 << c for c in cells_[:n]), sum(1 << c for c in cells_[n:2 * n])
    assert ads.minimax(Placement(x, o)).stats.nodes == checked(x, o)


ECKROTH_MINIMAX = {2: 7_293.0, 4: 176.2, 6: 11.0, 8: 1.3}


def test_eckroth_8_tokens_ten_random_placements():
    boards = list(placements(4))
    counts = [ads.minimax(Placement(x, o)).stats.nodes for x, o in boards]
    with_line = sum(has_line(x) or has_line(o) for x, o in boards)
    assert (len(boards), with_line) == (630, 408) and sorted(set(counts)) == [1, 2]
    assert counts.count(1) == with_line                    # a board with a line: 1 state; any other: 2
    p = Fraction(with_line, len(boards))
    mean10, sd10 = 2 - p, math.sqrt(p * (1 - p) / 10)     # the mean of ten boards: 2 - K/10, K ~ Binomial(10, p)
    assert (round(float(mean10), 2), round(sd10, 2)) == (1.35, 0.15)
    # Eckroth's 1.3 is K = 7 boards with a line, the likeliest outcome.
    pk = lambda k: math.comb(10, k) * p ** k * (1 - p) ** (10 - k)
    assert max(range(11), key=pk) == 7 and round(float(pk(7)), 2) == 0.25
    # The same distribution, drawn: 4,000 seeded experiments of ten random placements each.
    rng = random.Random(2013)
    by_board = dict(zip(boards, counts))
    def draw():
        cs = rng.sample(range(9), 8)
        return sum(1 << c for c in cs[:4]), sum(1 << c for c in cs[4:])
    means = [statistics.fmean(by_board[draw()] for _ in range(10)) for _ in range(4_000)]
    assert abs(statistics.fmean(means) - float(mean10)) < 0.01
    assert abs(statistics.pstdev(means) - sd10) < 0.01
    says(notes("02"), "ten random boards", "legal or not", "408 of the 630", "1.35", "0.15",
         "seven boards out of ten with a line, the likeliest outcome (probability 0.25)")


def test_eckroth_minimax_rows_fit_the_same_model():
    assert checked(0, 0) == 549_946
    z = {}
    for tokens, (text_mean, text_sd) in {2: ("7,638", "258"), 4: ("181.7", "15.2"), 6: ("8.9", "1.4")}.items():
        values = [checked(x, o) for x, o in placements(tokens // 2)]
        mean, sd10 = statistics.fmean(values), statistics.pstdev(values) / math.sqrt(10)
        decimals = len(text_mean.partition(".")[2])
        assert f"{mean:,.{decimals}f}" == text_mean and f"{sd10:.{len(text_sd.partition('.')[2])}f}" == text_sd
        z[tokens] = (ECKROTH_MINIMAX[tokens] - mean) / sd10
        says(notes("02"), f"{text_mean} ± {text_sd}")
    assert all(abs(v) < 1.5 for v in z.values()) and max(abs(v) for v in z.values()) > 1.4
    says(notes("02"), "within 1.5 standard deviations", "29,019")


# ---------------------------------------------------------------- 03: limits, horizon, Deep Blue

def test_depth_for_a_million_nodes():
    assert round(2 * math.log(10 ** 6) / math.log(35), 2) == 7.77
    assert round(math.log(10 ** 6) / math.log(35), 2) == 3.89 and 35 ** 4 > 10 ** 6
    says(notes("03"), "7.77", "3.89", r"$m = 4$", "about depth 8")


def test_horizon_positions_material_lost():
    from advsearch.games.chess import EQUAL_MATERIAL_QUEEN_LOST, EQUAL_MATERIAL_REAL, Chess
    assert -8 - (-3) == -5 == -(3 + 2 * 1)                # a knight and two pawns
    for fen in (EQUAL_MATERIAL_REAL, EQUAL_MATERIAL_QUEEN_LOST):
        assert Chess.material(Chess(fen, win=1000).initial_state) == -5
    says(notes("03"), "White: −8, Black: −3", "$-8 - (-3) = -5$", "$3 + 2$")


def test_quiescence_in_the_two_positions():
    from advsearch.games.chess import EQUAL_MATERIAL_QUEEN_LOST, EQUAL_MATERIAL_REAL, Chess
    extra = []
    for fen in (EQUAL_MATERIAL_REAL, EQUAL_MATERIAL_QUEEN_LOST):
        g = Chess(fen, win=1000)
        plain = ads.alphabeta(g, depth=2, evaluate=Chess.material)
        quiet = ads.alphabeta(g, depth=2, evaluate=Chess.material, quiescence=True)
        extra.append(quiet.stats.nodes - plain.stats.nodes)
    assert extra == [15, -25]
    says(notes("03"), "adds 15 nodes in (a) and saves 25 in (b)")
    says(markdown("03"), "it adds 15 nodes in (a) and, by pruning better, saves 25 in (b)")


def test_deep_blue_reaches_12_plies_not_13():
    budget = 2 * 10 ** 8 * 180
    knuth_moore = lambda d: 35 ** math.ceil(d / 2) + 35 ** (d // 2) - 1
    assert knuth_moore(12) <= budget < knuth_moore(13)
    assert f"{knuth_moore(12):.1e}" == "3.7e+09" and f"{knuth_moore(13):.1e}" == "6.6e+10"
    assert round(2 * math.log(budget) / math.log(35), 1) == 13.7
    says(markdown("03"), "allows **12 plies** at best", r"\approx 3.7\cdot10^9", r"\approx 6.6\cdot10^{10}", "13.7")
    assert "About 13 plies" not in markdown("03")


def test_samuel_and_chinook_wording():
    says(markdown("03"), "towards the value a deeper search backed up")
    assert "weights to game results goes back to Samuel" not in markdown("03")
    for nb in ("03", "04"):
        says(notes(nb), "Man–Machine World Champion")
        assert "human world championship" not in markdown(nb)
    says(notes("03"), "lost 6–0", "August 1997")
    # Othello in the table of programs (seed notes: human champions "refuse to compete"; the 1997 match as context)
    says(markdown("03"), "| 1997 | Othello | Logistello (M. Buro) | beat world champion Takeshi Murakami 6–0, August 1997 (Buro 1997)")
    says(markdown("03"), "**metareasoning**", "Russell & Wefald 1991")       # seed 001: move ordering as metareasoning


# ---------------------------------------------------------------- 04: chance

def test_the_hint_fails_and_expected_values_keep_their_order():
    p1, v1, p2, v2, a, b = Fraction(9, 10), 1, Fraction(1, 10), 5, 1, -2
    assert p1 * v1 == Fraction(9, 10) >= p2 * v2 == Fraction(1, 2)
    assert p1 * (a * v1 + b) == Fraction(-9, 10) < p2 * (a * v2 + b) == Fraction(3, 10)
    says(notes("04"), r"$0.9 \ge 0.5$, but $-0.9 < 0.3$")


@settings(max_examples=60, deadline=None)
@given(nodes=st.lists(st.lists(st.tuples(st.integers(1, 9), st.integers(-20, 20)), min_size=1, max_size=4),
                      min_size=2, max_size=4),
       a=st.fractions(min_value=Fraction(1, 100), max_value=100), b=st.fractions(-100, 100))
def test_positive_affine_utilities_keep_expectimax_decisions(nodes, a, b):
    # A MAX choice among chance nodes: v -> a v + b with a > 0 keeps the expected values' order, so the choice.
    def ev(node, f=lambda v: v):
        total = sum(w for w, _ in node)
        return sum(Fraction(w, total) * f(v) for w, v in node)
    plain = [ev(n) for n in nodes]
    moved = [ev(n, lambda v: a * v + b) for n in nodes]
    assert moved == [a * x + b for x in plain]
    assert max(range(len(nodes)), key=plain.__getitem__) == max(range(len(nodes)), key=moved.__getitem__)


def test_pig_affine_eval_number_is_the_stored_one():
    # Recomputing it takes Pig's value iteration; the notebook's cell asserts it (nbval). Here: text = output.
    outputs = ["".join(o.get("text", "")) for c in cells("04") if c["cell_type"] == "code" for o in c.get("outputs", [])]
    assert any("optimal action in 2,000 of 2,000 random states" in text for text in outputs)
    says(notes("04"), "2,000 of 2,000")


def test_coin_flipping_example():
    half = Fraction(1, 2)
    t = ads.tree([chance((half, [2, 4]), (half, [7, 4])), chance((half, [6, 0]), (half, [5, -2]))])
    v = t.values()
    assert [v[(0, 0)], v[(0, 1)], v[(1, 0)], v[(1, 1)]] == [2, 4, 0, -2]
    assert (v[(0,)], v[(1,)], v[()]) == (3, -1, 3) and ads.expectiminimax(t).value == 3
    says(markdown("04"), "2, 4, 7, 4, 6, 0, 5, −2", "MIN backs up 2, 4, 0, −2, the coins 3 and −1, MAX 3")
    assert "our reconstruction and cannot be checked" not in markdown("04")
    says(markdown("04"), "The standard coin-flipping example of AIMA-based course slides")     # on its slide too


def test_checked_and_correct_numbers_of_04():
    assert (Fraction(1, 2) * 8 + Fraction(1, 3) * 24 + Fraction(1, 6) * -12) == 10
    assert (100 + 9) / 2 == 54.5
    rolls = [(i, j) for i in range(1, 7) for j in range(i, 7)]
    assert (len(rolls), sum(i == j for i, j in rolls), sum(i != j for i, j in rolls)) == (21, 6, 15)
    assert 20 * (21 * 20) ** 3 == 1_481_760_000 and round(math.log10(1_481_760_000)) == 9
    assert [0.9 * 2 + 0.1 * 3, 0.9 * 1 + 0.1 * 4, 0.9 * 20 + 0.1 * 30, 0.9 * 1 + 0.1 * 400] == \
        pytest.approx([2.1, 1.3, 21, 40.9])
    says(markdown("04"), "54.5", "= 10", "21 rolls, 6 at 1/36 and 15 at 1/18", "1{,}481{,}760{,}000",
         "2.1 / 1.3 and 21 / 40.9")


# ---------------------------------------------------------------- 05: more players

def test_paranoid_cuts_two_min_levels_down():
    deep = tree([[[(5, 3, 2), (6, 2, 2)], [(7, 1, 2), (8, 1, 1)]],
                 [[(9, 0, 1), (6, 2, 2)], [(3, 4, 3), (8, 1, 1)]]], labels=True)
    d = paranoid(deep, trace=True)
    (cut_at, _), = d.trace.prunes()
    entered = {e.path: e for e in d.trace if e.kind == "enter"}
    assert (d.stats.leaves, maxn(deep).stats.leaves, d.stats.prunes) == (7, 8, 1)
    assert deep.label(entered[cut_at].state) == "G" and entered[cut_at].alpha == 5
    assert [deep.to_move(entered[p].state) for p in ((1,), (1, 1))] == [1, 2]     # P1's C, then P2's G
    says(notes("05"), "α = 5", "cuts at G", "7 of 8 leaves",
         "**Clarification: \"[Paranoid is] subject to α-β pruning on MAX/MIN borders, not for phases between MIN nodes.\"**")


def test_the_lectures_maxn_pseudocode_searches_43_times():
    calls = 0
    def seed_maxn(node):
        nonlocal calls
        calls += 1
        if not node.children:
            return node.value
        val, best = float("-inf"), None
        for child in node.children:
            old = val
            val = max(val, seed_maxn(child)[node.player])
            if val != old:
                best = seed_maxn(child)
        return best
    t = examples.three_player()
    assert seed_maxn(t.initial_state) == maxn(t).value == (1, 2, 3)
    assert (calls, maxn(t).stats.nodes) == (43, 15)
    says(notes("05"), "43 against 15")


def test_threat_ads_savings_from_the_lectures_table():
    table = [(264_000, 237_000), (6_859_000, 6_443_000), (3_485_000, 3_070_000),
             (307_000, 275_000), (14_460_000, 13_050_000), (8_170_000, 7_680_000)]
    fewer = [100 * (1 - b / a) for a, b in table]
    assert (round(min(fewer), 1), round(max(fewer), 1)) == (6.0, 11.9)
    says(notes("05"), "6.0% to 11.9%")


def test_alliance_in_russell_and_norvigs_tree():
    rn = [[[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]], [[(5, 1, 1), (1, 5, 2)], [(7, 7, 1), (5, 4, 5)]]]
    def back(node, level, key):
        if isinstance(node, tuple):
            return node
        return max((back(c, level + 1, key) for c in node), key=lambda v: key(level, v))
    alone = lambda level, v: v[level]                                   # A, B, C each for itself
    team = lambda level, v: v[0] + v[1] if level < 2 else v[2]          # A and B maximise u_A + u_B
    assert [back(rn[i], 1, alone) for i in (0, 1)] == [(1, 2, 6), (1, 5, 2)]   # A gets 1 either way
    assert back(rn, 0, team) == (5, 4, 5) and sum((5, 4, 5)[:2]) == 9 and sum((1, 5, 2)[:2]) == 6
    says(notes("05"), "both worth 1 to A", "$(5,4,5)$, worth 9 to the team against 6", "True as \"may\"")


# ---------------------------------------------------------------- 06: MCTS

def test_the_exploration_term_exceeds_1():
    assert round(math.sqrt(math.log(100)), 2) == 2.15
    assert all(math.sqrt(math.log(N) / n) > 1 for N in range(3, 200) for n in range(1, 200) if n < math.log(N))
    says(notes("06"), r"\sqrt{\ln 100} \approx 2.15")


def test_robust_and_max_child_on_the_lecture_tree():
    t = ads.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    good = {a for a in t.actions(t.initial_state) if t.values()[(a,)] == t.values()[()]}
    def found(final, iterations):
        return sum(ads.mcts(t, iterations=iterations, bounds=(-14, 14), seed=s, final=final).move in good
                   for s in range(200))
    assert (found("robust", 10), found("max", 10)) == (70, 136)
    assert found("robust", 20) == found("max", 20)
    says(notes("06"), "136 against 70 of 200", "from 20 iterations", "Browne et al. (2012)",
         "**Clarification: \"Pick move that has highest winrate.\"** A legitimate convention")
    says(markdown("06"), "Both are standard: Browne et al. (2012, §3.3) list them side by side.")


def test_the_narration_states_every_mean_on_one_scale():
    # advsearch/search/mcts/trace.py once narrated a backup's mean in the tree's units ("mean now 14") beside
    # the selection's on [0, 1] ("(mean 1)"); now both are on [0, 1] (tests/test_mcts_narration.py).
    t = ads.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    lines = ads.mcts(t, iterations=4, c=1, bounds=(-14, 14), seed=0, trace=True).trace.narrate()
    assert "Back up 14 (1 on [0, 1]) at node [2]: mean now 1." in lines
    assert any(line.startswith("Select node [2]: UCB = ") and line.endswith("(mean 1).") for line in lines)
    assert Fraction(14 - (-14), 14 - (-14)) == 1                     # 14 on [-14, 14] is 1 on [0, 1]
    assert "mean now 14" not in markdown("06") and "mixes two scales" not in markdown("06")


def test_lee_sedol_is_cited_to_silver_2017():
    says(notes("06"), "Lee Sedol 4–1 in March 2016 (reported in Silver et al. 2017)")
    says(markdown("06"), "D. Silver et al. (2017). Mastering the game of Go without human knowledge")
    says(markdown("03"), "Seoul, March 2016: AlphaGo won 4–1 against Lee Sedol (Silver et al. 2017)")
