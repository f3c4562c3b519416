"""The warm-ups of lectures 03 and 04, computed again without the lectures' code.

Lecture 03 opens with a horizon blunder: in tic-tac-toe X../.O./.OX, X to move, a search one ply deep with
``tictactoe_eval`` plays the top right corner and loses at once, while blocking draws.  Lecture 04 opens with
a dice decision: in Pig, with 18 points this turn, rolling once more is worth 55/3 > 18 points on average.
Here both are computed from the rules (a plain minimax walk, Eval's features counted by hand, exact
fractions), and the notebooks' committed outputs must show the same answers.
"""

import json
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import advsearch as ads
from advsearch import MAX
from advsearch import evaluation as ev
from advsearch.games.pig import optimal_pig

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
WARM_UP = "X../.O./.OX"                                   # rows top to bottom, cells 0..8
CELLS = ["top left", "top middle", "top right", "middle left", "centre", "middle right",
         "bottom left", "bottom middle", "bottom right"]


def board(text):
    return tuple(text.replace("/", ""))


def winner(b):
    for i, j, k in LINES:
        if b[i] != "." and b[i] == b[j] == b[k]:
            return b[i]
    return None


@lru_cache(maxsize=None)
def value(b):
    """Exact minimax value for X of board b (a tuple of 'X', 'O', '.'), X to move when the counts are equal."""
    w = winner(b)
    if w:
        return 1 if w == "X" else -1
    empty = [i for i, c in enumerate(b) if c == "."]
    if not empty:
        return 0
    mover = "X" if b.count("X") == b.count("O") else "O"
    values = [value(b[:i] + (mover,) + b[i + 1:]) for i in empty]
    return max(values) if mover == "X" else min(values)


def eval_by_hand(b):
    """tictactoe_eval for X, from its documented features: 0.1 twos + 0.03 lines + 0.05 centre + 0.01 corners,
    each counted for X minus the same for O."""
    def count(me, other):
        twos = sum(1 for line in LINES if [b[i] for i in line].count(me) == 2 and other not in [b[i] for i in line])
        lines = sum(1 for line in LINES if other not in [b[i] for i in line])
        return {"twos": twos, "lines": lines, "centre": int(b[4] == me), "corners": sum(b[i] == me for i in (0, 2, 6, 8))}
    x, o = count("X", "O"), count("O", "X")
    weights = {"twos": Fraction(1, 10), "lines": Fraction(3, 100), "centre": Fraction(5, 100), "corners": Fraction(1, 100)}
    return sum(w * (x[k] - o[k]) for k, w in weights.items())


def outputs(stem, cell_id):
    nb = json.loads((NOTEBOOKS / f"{stem}.ipynb").read_text(encoding="utf-8"))
    cell = next(c for c in nb["cells"] if c.get("id") == cell_id)
    return "".join("".join(o.get("data", {}).get("text/html", "")) + "".join(o.get("text", "")) for o in cell["outputs"])


def test_the_horizon_blunder_by_hand():
    b = board(WARM_UP)
    moves = [i for i, c in enumerate(b) if c == "."]
    after = {i: b[:i] + ("X",) + b[i + 1:] for i in moves}
    exact = {CELLS[i]: value(a) for i, a in after.items()}
    assert exact == {"top middle": 0, "top right": -1, "middle left": -1, "middle right": -1, "bottom left": -1}
    scores = {CELLS[i]: eval_by_hand(a) for i, a in after.items()}
    best = max(scores.values())
    assert [c for c, s in scores.items() if s == best] == ["top right"]            # one ply: the blunder
    assert (scores["top right"], scores["top middle"]) == (Fraction(11, 100), Fraction(10, 100))
    o_reply = after[2][:1] + ("O",) + after[2][2:]
    assert winner(o_reply) == "O"                                                   # lost one ply later
    # The package agrees: Eval by hand is tictactoe_eval, and depth 2 blocks.
    ttt, E = ads.TicTacToe(), ev.tictactoe_eval()
    s = ttt.state(WARM_UP)
    assert all(abs(E(ttt.result(s, i), MAX) - float(scores[CELLS[i]])) < 1e-12 for i in moves)
    assert ads.alphabeta(ttt, s, depth=1, evaluate=E).move == 2 and ads.alphabeta(ttt, s, depth=2, evaluate=E).move == 1
    assert "The run gives top right." in outputs("03_evaluation_and_limits", "hook-horizon-run")


@given(k=st.integers(0, 99))
def test_one_more_roll_gains_twenty_minus_k_over_six(k):
    roll = Fraction(1, 6) * 0 + sum(Fraction(1, 6) * (k + r) for r in range(2, 7))
    assert roll - k == Fraction(20 - k, 6)


def test_the_dice_decision():
    k = 18
    roll = sum(Fraction(k + r, 6) for r in range(2, 7))
    assert roll == Fraction(55, 3) > k
    decision = ads.tree([("hold", k), ("roll", ads.chance((Fraction(1, 6), 0), *[(Fraction(1, 6), k + r) for r in range(2, 7)]))])
    result = ads.expectiminimax(decision)
    assert (result.value, result.move) == (roll, 1)
    # Maximising the points of the turn is not the aim of Pig; winning is. Here the optimal policy agrees.
    opt = optimal_pig()
    assert opt.action(0, 0, k) == "roll" and opt.hold_threshold(0, 0) == 21
    assert "The run gives roll." in outputs("04_stochastic_games", "hook-dice-run")


@pytest.mark.parametrize("stem, questions", [
    ("03_evaluation_and_limits", ["Which cell does the depth-1 search play?", "35^4, to the nearest power of ten?",
                                  "Where does MAX move under (v − 8)²?",
                                  "All eight iterations: more or fewer nodes than one depth-8 search?"]),
    ("04_stochastic_games", ["Roll or hold with 18 points this turn?", "What is the chance node worth?",
                             "Which move is best against the random opponent?", "Which move with the leaves 1, 20, 30, 400?"]),
])
def test_every_prediction_says_the_result_on_the_static_slides(stem, questions):
    # Committed with the guesses empty: each prediction cell shows "Not answered yet ... The run gives ...".
    nb = json.loads((NOTEBOOKS / f"{stem}.ipynb").read_text(encoding="utf-8"))
    shown = ["".join(o.get("data", {}).get("text/html", "")) for c in nb["cells"] if c["cell_type"] == "code"
             and "check.prediction(" in "".join(c["source"]) for o in c["outputs"]]
    said = [q for q in questions if any(f"({q}). The run gives" in html for html in shown)]
    assert said == questions
    answers = {"03_evaluation_and_limits": ["top right", "1000000", "D", "fewer"],
               "04_stochastic_games": ["roll", "10", "A3", "a2"]}[stem]
    for q, a in zip(questions, answers):
        assert any(f"({q}). The run gives {a}." in html for html in shown), (q, a)
