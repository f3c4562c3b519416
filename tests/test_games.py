"""The rules of TicTacToe, Nim and Grundy's game, against facts found independently."""

from __future__ import annotations

import itertools
import random
from functools import reduce
from operator import xor

import pytest

from advsearch import MAX, MIN, GameError, Grundy, IllegalMoveError, Nim, TicTacToe, alphabeta, minimax
from advsearch.games import tictactoe as ttt
from oracles import grundy_values, negamax_memo

# OEIS A002188, Sprague-Grundy values of Grundy's game, n = 0..30.
A002188 = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3]


# --- Tic-tac-toe ---

def test_tictactoe_has_5478_legal_positions():
    # 5,478 positions reachable in play (stopping at a win); a known count.
    assert len(TicTacToe.positions()) == 5478


def test_tictactoe_tables_agree_with_the_rules_everywhere():
    game = TicTacToe()
    for s in TicTacToe.positions():
        cells = game.cells(s)
        assert game.state("/".join([cells[:3], cells[3:6], cells[6:]])) == s
        assert game.to_move(s) == (MAX if cells.count("X") == cells.count("O") else MIN)
        lines = [{cells[i] for i in line} for line in ttt.LINES]
        x_won, o_won = {"X"} in lines, {"O"} in lines
        assert not (x_won and o_won)
        assert game.is_terminal(s) == (x_won or o_won or "." not in cells)
        if game.is_terminal(s):
            assert game.actions(s) == ()
            assert game.utility(s, MAX) == (1 if x_won else -1 if o_won else 0)
            assert game.utility(s, MIN) == -game.utility(s, MAX)
        else:
            assert game.actions(s) == tuple(i for i, c in enumerate(cells) if c == ".")
            mark = "X" if game.to_move(s) == MAX else "O"
            for a in game.actions(s):
                after = game.cells(game.result(s, a))
                assert after == cells[:a] + mark + cells[a + 1:]


def test_tictactoe_render_and_state():
    game = TicTacToe()
    s = game.state("XO.\n.X.\n..O")
    assert game.render(s) == "X O .\n. X .\n. . O"
    assert game.to_move(s) == MAX


@pytest.mark.parametrize("picture", ["XXX/.../...", "X../X../X..", "XXX/OOO/...", "O../.../..."])
def test_tictactoe_rejects_impossible_pictures(picture):
    with pytest.raises((GameError, ValueError)):
        TicTacToe().state(picture)


def test_tictactoe_illegal_moves_name_the_problem():
    game = TicTacToe()
    s = game.state("X../.../...")
    with pytest.raises(IllegalMoveError, match="already taken"):
        game.result(s, 0)
    for bad in (9, -1, "4", None, 2.5):
        with pytest.raises(IllegalMoveError, match="0..8"):
            game.result(s, bad)
    won = game.state("XXX/OO./...")
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.result(won, 8)
    with pytest.raises(GameError, match="not over"):
        game.utility(s, MAX)
    with pytest.raises(GameError, match="not a legal tic-tac-toe position"):
        game.actions(3)   # two X and no O
    with pytest.raises(ValueError, match="9 cells"):
        game.state("X..")


def test_tictactoe_result_never_mutates():
    game = TicTacToe()
    s = game.initial_state
    game.result(s, 4)
    assert s == 0 and game.actions(s) == tuple(range(9))


# --- Nim ---

@pytest.mark.parametrize("heaps", [(1,), (2, 2), (1, 2, 3), (3, 4, 5), (1, 1, 1), (2, 3), (4, 1, 2)])
def test_nim_follows_boutons_theorem(heaps):
    # First player wins normal Nim iff the nim-sum is non-zero (Bouton 1901);
    # misere differs only when every heap is 0 or 1 (then the parity decides).
    r = alphabeta(Nim(heaps))
    assert r.value == (1 if reduce(xor, heaps) else -1)
    big = any(h > 1 for h in heaps)
    expected = (1 if reduce(xor, heaps) else -1) if big else (1 if sum(heaps) % 2 == 0 else -1)
    assert alphabeta(Nim(heaps, misere=True)).value == expected


def test_nim_rules():
    game = Nim((2, 1))
    s = game.initial_state
    assert game.actions(s) == ((0, 1), (0, 2), (1, 1))
    assert game.result(s, (0, 2)) == ((0, 1), MIN)
    for bad in [(0, 3), (2, 1), (0, 0), 5, "a", (0, -1)]:
        with pytest.raises(IllegalMoveError):
            game.result(s, bad)
    with pytest.raises(GameError, match="not over"):
        game.utility(s, MAX)
    with pytest.raises(ValueError, match="heaps"):
        Nim((1, -2))
    with pytest.raises(ValueError, match="first"):
        Nim((1,), first=2)


# --- Grundy's game ---

def test_grundy_moves_give_the_published_grundy_values():
    assert grundy_values(Grundy, 30) == A002188


@pytest.mark.parametrize("n", range(1, 31))
def test_grundy_win_or_loss_matches_oeis(n):
    game = Grundy(n)
    first_player_wins = A002188[n] != 0
    assert negamax_memo(game, game.initial_state) == (1 if first_player_wins else -1)
    if n <= 16:  # plain search stays fast up to here (node counts grow ~2.5x per token)
        assert alphabeta(game).value == (1 if first_player_wins else -1)
    if n <= 11:
        assert minimax(game).value == (1 if first_player_wins else -1)


def test_grundy_rules():
    game = Grundy(7)
    s = game.initial_state
    assert game.actions(s) == ((7, 1), (7, 2), (7, 3))
    s2 = game.result(s, (7, 2))
    assert s2 == ((5, 2), MIN) and game.render(s2) == "5-2"
    assert game.actions(game.result(s2, (5, 1))) == ((4, 1),)
    with pytest.raises(IllegalMoveError, match="split"):
        game.result(s, (7, 0))
    with pytest.raises(IllegalMoveError):
        game.result(s, (6, 1))
    with pytest.raises(IllegalMoveError):
        game.result(game.result(s, (7, 3)), (4, 2))    # 2-2 is not unequal
    terminal = game.result(game.result(game.result(s, (7, 1)), (6, 2)), (4, 1))
    assert terminal.heaps == (3, 2, 1, 1) and not game.is_terminal(terminal)
    with pytest.raises(ValueError):
        Grundy(0)


@pytest.mark.parametrize("game", [TicTacToe(), Nim((2, 3)), Grundy(9), Grundy(8, first=MIN)])
def test_seeded_random_playouts_end_with_consistent_utilities(game):
    rng = random.Random(5)
    for _ in range(50):
        s = game.initial_state
        for _ in itertools.count():
            if game.is_terminal(s):
                break
            s = game.result(s, rng.choice(game.actions(s)))
        assert game.utility(s, MAX) == -game.utility(s, MIN) in (-1, 0, 1)


# --- The heap games' pictures share their tokens (games/boards.py). ---

@pytest.mark.parametrize("game, state", [
    (Nim((1, 0, 3)), ((1, 0, 3), MAX)),
    (Nim((12, 7)), ((6, 7), MIN)),
    (Grundy(7), ((5, 2), MIN)),
    (Grundy(9), ((4, 3, 1, 1), MAX)),
])
def test_nim_and_grundy_draw_one_token_per_object_in_the_shared_colours(game, state):
    from matplotlib.colors import to_rgba
    from matplotlib.figure import Figure

    from advsearch.games import boards

    state = type(game.initial_state)(*state)                  # NimState / GrundyState(heaps, player)
    ax = game.draw_state(state, Figure(figsize=(1, 1)).add_subplot())
    tokens = [a for a in ax.get_children()
              if hasattr(a, "get_facecolor") and a.get_facecolor() == to_rgba(boards.TOKEN)]
    assert len(tokens) == sum(state[0])                      # one token per object, nothing else amber
    inside = (boards.BOARD_MARGIN - 1e-9, 1 - boards.BOARD_MARGIN + 1e-9)
    for token in tokens:
        assert token.get_edgecolor() == to_rgba(boards.TOKEN_EDGE)
        box = token.get_bbox()
        assert inside[0] <= box.x0 and box.x1 <= inside[1] and inside[0] <= box.y0 and box.y1 <= inside[1]
