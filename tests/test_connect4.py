"""Connect Four: the rules on hand-made positions, against a plain 2D-grid referee, and by search."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.figure import Figure

from advsearch import MAX, MIN, GameError, IllegalMoveError, alphabeta, minimax
from advsearch.games.connect4 import ConnectFour, has_four


# --- An independent referee: a list of columns, scanned cell by cell. ---

def grid_of(game, state):
    """``grid[c][r]`` is 'X', 'O' or '.', read through the documented bit layout only."""
    x, o = state
    grid = []
    for c in range(game.width):
        column = []
        for r in range(game.height):
            bit = 1 << (c * (game.height + 1) + r)
            column.append("X" if x & bit else "O" if o & bit else ".")
        grid.append(column)
    return grid


def grid_has_four(grid, mark):
    """Four ``mark``s in a line anywhere in ``grid``, by trying every cell and direction."""
    width, height = len(grid), len(grid[0])
    for c in range(width):
        for r in range(height):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = [(c + k * dc, r + k * dr) for k in range(4)]
                if all(0 <= cc < width and 0 <= rr < height and grid[cc][rr] == mark for cc, rr in cells):
                    return True
    return False


def referee(game, state):
    """(terminal, utility for X) from the grid alone."""
    grid = grid_of(game, state)
    x_won, o_won = grid_has_four(grid, "X"), grid_has_four(grid, "O")
    full = all(cell != "." for column in grid for cell in column)
    return x_won or o_won or full, (1 if x_won else -1 if o_won else 0)


def state_from_grid(game, grid):
    """Bitboards from ``grid[c][r]``, through the documented layout."""
    x = o = 0
    for c, column in enumerate(grid):
        for r, cell in enumerate(column):
            bit = 1 << (c * (game.height + 1) + r)
            if cell == "X":
                x |= bit
            elif cell == "O":
                o |= bit
    return x, o


def play(game, moves, state=None):
    s = game.initial_state if state is None else state
    for m in moves:
        s = game.result(s, m)
    return s


# --- Encoding. ---

def test_bit_layout_is_column_major_with_a_spare_bit_per_column():
    game = ConnectFour()
    assert game.initial_state == (0, 0)
    s = game.result(game.initial_state, 3)
    assert s == (1 << 21, 0)                       # column 3, row 0 is bit 3 * 7 + 0
    s = game.result(s, 3)
    assert s == (1 << 21, 1 << 22)                 # O lands on top of it
    assert game.cell(6, 5) == 1 << 47
    assert game.heights(s) == (0, 0, 0, 2, 0, 0, 0)
    assert game.playable(s) == sum(1 << c * 7 for c in range(7) if c != 3) | 1 << 23
    assert len(game.windows) == 69


@pytest.mark.parametrize("width, height", [(1, 1), (3, 3), (4, 1), (1, 4), (4, 4), (5, 4), (7, 6), (9, 7)])
def test_windows_are_every_line_of_four(width, height):
    game = ConnectFour(width, height)
    lines = lambda w, h: max(0, w) * max(0, h)
    expected = (lines(width, height - 3) + lines(width - 3, height) + 2 * lines(width - 3, height - 3))
    assert len(game.windows) == len(set(game.windows)) == expected
    for window in game.windows:
        assert window.bit_count() == 4 and has_four(window, height)
        grid = grid_of(game, (window, 0))
        assert grid_has_four(grid, "X")


def test_actions_are_open_columns_in_increasing_order():
    game = ConnectFour(3, 2)
    s = play(game, [1, 1])
    assert game.actions(s) == (0, 2)
    assert game.actions(game.initial_state) == (0, 1, 2)
    assert game.to_move(s) == MAX and game.to_move(game.result(s, 0)) == MIN


def test_result_never_mutates():
    game = ConnectFour()
    s = game.initial_state
    t = game.result(s, 3)
    assert s == (0, 0) and t != s and game.actions(s) == tuple(range(7))


# --- Wins, draws and wrap-around, on hand-made positions. ---

WINS = {
    "vertical": ("......./......./X....../XO...../XO...../XO.....", None),
    "horizontal": ("......./......./......./......./OOO..../XXXX...", None),
    "rising diagonal": ("......./......./...X.../..XO.../.XOO.../XOOXX..", None),
    "falling diagonal": ("......./......./X....../OX...../XOX..../OOOX..X", None),
    "O wins": ("......./......./......./......./XXX..../OOOOX..", None),
}


@pytest.mark.parametrize("name", WINS)
def test_four_in_a_row_in_every_direction(name):
    game = ConnectFour()
    s = game.state(WINS[name][0])
    winner = MIN if name == "O wins" else MAX
    assert game.is_terminal(s)
    assert game.winner(s) == winner
    assert game.actions(s) == ()
    assert game.utility(s, winner) == 1 and game.utility(s, 1 - winner) == -1
    assert referee(game, s) == (True, 1 if winner == MAX else -1)
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.result(s, 6)


def test_the_winning_move_ends_the_game():
    game = ConnectFour()
    s = play(game, [0, 1, 0, 1, 0, 1])
    assert not game.is_terminal(s)
    assert game.is_terminal(game.result(s, 0)) and game.utility(game.result(s, 0), MAX) == 1
    assert not game.is_terminal(game.result(s, 2))


NO_WRAP = [
    # The top two discs of column 0 and the bottom two of column 1 are neighbours in bit
    # order but for the spare bit between them.
    "X....../X....../O....../O....../XXO..../OXO....",
    # Three at the right end of row 0 and one at the left end of row 1 (wrap-around in a row-major layout).
    "......./......./......./......./X.....O/OO..XXX",
]


@pytest.mark.parametrize("picture", NO_WRAP)
def test_lines_do_not_wrap_across_columns_or_rows(picture):
    game = ConnectFour()
    s = game.state(picture)
    assert not game.is_terminal(s)
    assert game.winner(s) is None
    assert referee(game, s) == (False, 0)


def test_vertical_wrap_would_happen_without_the_spare_bit():
    # The first NO_WRAP picture, packed without spare bits (stride 6), does look like four.
    game = ConnectFour()
    x, _ = game.state(NO_WRAP[0])
    packed = sum(1 << (c * 6 + r) for c in range(7) for r in range(6) if x >> (c * 7 + r) & 1)
    pairs = packed & packed >> 1
    assert pairs & pairs >> 2
    assert not has_four(x, 6)


FULL_DRAW = "OXOOXXO/XOXXOXX/OXOOOXO/XOXXXOX/XOOOXOO/XOOXXXO"


def test_full_board_without_four_is_a_draw():
    game = ConnectFour()
    s = game.state(FULL_DRAW)
    assert referee(game, s) == (True, 0)
    assert game.is_terminal(s) and game.winner(s) is None
    assert game.actions(s) == ()
    assert game.utility(s, MAX) == game.utility(s, MIN) == 0
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.result(s, 0)


@pytest.mark.parametrize("width, height", [(1, 1), (3, 3), (2, 3), (3, 1), (4, 1), (1, 4), (1, 9)])
def test_boards_too_small_for_a_line_are_always_drawn(width, height):
    # Under 4x4 no line fits; a single row or column alternates X and O, so no line fills.
    game = ConnectFour(width, height)
    rng = random.Random(width * 10 + height)
    for _ in range(20):
        s = game.initial_state
        while not game.is_terminal(s):
            s = game.result(s, rng.choice(game.actions(s)))
        assert game.utility(s, MAX) == 0
        assert all(h == height for h in game.heights(s))


# --- Against the referee. ---

@st.composite
def grids(draw):
    """A board size and any assignment of X, O and empty to its cells (gravity ignored)."""
    width, height = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    n = width * height
    xs = draw(st.integers(0, 2 ** n - 1))
    os = draw(st.integers(0, 2 ** n - 1)) & ~xs
    cells = ["X" if xs >> i & 1 else "O" if os >> i & 1 else "." for i in range(n)]
    return ConnectFour(width, height), [cells[c * height:(c + 1) * height] for c in range(width)]


@settings(max_examples=3000, deadline=None)
@given(grids())
def test_bitboard_four_agrees_with_a_grid_scan(board):
    game, grid = board
    x, o = state_from_grid(game, grid)
    assert has_four(x, game.height) == grid_has_four(grid, "X")
    assert has_four(o, game.height) == grid_has_four(grid, "O")


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 8), st.integers(1, 7), st.lists(st.integers(0, 1000), max_size=60))
def test_play_agrees_with_the_referee(width, height, choices):
    """Follow hypothesis's choice of moves; check every rule at every step against the grid."""
    game = ConnectFour(width, height)
    s = game.initial_state
    grid = [[] for _ in range(width)]
    for n, choice in enumerate(choices):
        terminal, u = referee(game, s)
        assert game.is_terminal(s) == terminal
        if terminal:
            assert game.actions(s) == ()
            assert game.utility(s, MAX) == u and game.utility(s, MIN) == -u
            break
        assert game.to_move(s) == n % 2
        assert game.actions(s) == tuple(c for c in range(width) if len(grid[c]) < height)
        assert game.heights(s) == tuple(map(len, grid))
        a = game.actions(s)[choice % len(game.actions(s))]
        grid[a].append("XO"[n % 2])
        s = game.result(s, a)
        padded = [column + ["."] * (height - len(column)) for column in grid]
        assert s == state_from_grid(game, padded)
        assert game.state(game.render(s)) == s
        assert game.mirror(game.mirror(s)) == s
        assert game.state(game.render(game.mirror(s))) == game.mirror(s)
        assert game.canonical(s) == game.canonical(game.mirror(s)) in (s, game.mirror(s))


@pytest.mark.parametrize("width, height", [(7, 6), (4, 4), (5, 3), (8, 7)])
def test_seeded_random_playouts_end_and_alternate(width, height):
    game = ConnectFour(width, height)
    rng = random.Random(2024)
    for _ in range(200):
        s, moves = game.initial_state, 0
        while not game.is_terminal(s):
            x, o = s
            assert x.bit_count() - o.bit_count() == moves % 2
            assert game.to_move(s) == moves % 2
            s = game.result(s, rng.choice(game.actions(s)))
            moves += 1
            assert moves <= width * height
        assert referee(game, s)[0]
        assert game.utility(s, MAX) == -game.utility(s, MIN) == referee(game, s)[1]


# --- Game values by search. ---

@pytest.mark.parametrize("width, height", [(3, 4), (4, 3), (2, 4), (4, 2)])
def test_minimax_and_alphabeta_agree_on_tiny_boards(width, height):
    game = ConnectFour(width, height)
    m, a = minimax(game), alphabeta(game)
    assert m.value == a.value == 0          # no board this small lets a player force four
    assert m.move == a.move
    assert a.stats.nodes < m.stats.nodes


def test_minimax_and_alphabeta_agree_on_random_4x4_positions():
    game = ConnectFour(4, 4)
    rng = random.Random(3)
    values = set()
    for i in range(12):
        s = game.initial_state
        for _ in range(7 + i % 3):
            if game.is_terminal(s):
                break
            s = game.result(s, rng.choice(game.actions(s)))
        m = minimax(game, s)
        a = alphabeta(game, s)
        o = alphabeta(game, s, order=game.move_order)
        assert m.value == a.value == o.value
        assert m.move == a.move
        assert alphabeta(game, game.mirror(s)).value == m.value
        values.add(m.value)
    assert values == {-1, 0, 1}              # the sample covers wins, losses and draws


def test_4x4_is_a_draw():
    # John Tromp's table of small boards: 4x4 is a draw (https://tromp.github.io/c4/c4.html).
    r = alphabeta(ConnectFour(4, 4))
    assert r.value == 0


def test_a_search_finds_the_win_and_the_block():
    game = ConnectFour()
    s = game.state("......./......./......./......./...O.../..XX.O.")
    zero = lambda s, p: 0
    assert alphabeta(game, s, depth=3, evaluate=zero).value == 1     # 1 makes an open three
    s = game.result(s, 4)
    assert alphabeta(game, s, depth=2, evaluate=zero).move == 1       # O must block at once


def test_move_order_puts_the_centre_first():
    assert ConnectFour(7, 6).move_order(None, (0, 1, 2, 3, 4, 5, 6)) == [3, 2, 4, 1, 5, 0, 6]
    assert ConnectFour(4, 4).move_order(None, (0, 1, 2, 3)) == [1, 2, 0, 3]
    assert ConnectFour(5, 4).move_order(None, (0, 4, 2)) == [2, 0, 4]


# --- Errors. ---

def test_illegal_moves_name_the_problem():
    game = ConnectFour(4, 4)
    s = play(game, [0, 0, 0, 0])
    with pytest.raises(IllegalMoveError, match="column 0 is full"):
        game.result(s, 0)
    for bad in (-1, 4, 99, "1", None, 1.0, True, (1,)):
        with pytest.raises(IllegalMoveError, match="0..3"):
            game.result(s, bad)
    assert game.result(s, np.int64(2)) == game.result(s, 2)
    with pytest.raises(GameError, match="not over"):
        game.utility(s, MAX)


@pytest.mark.parametrize("width, height", [(0, 6), (7, 0), (-1, 4), (2.5, 4), (True, 4), ("7", 6), (7, None)])
def test_bad_sizes_are_rejected(width, height):
    with pytest.raises(ValueError, match="width|height"):
        ConnectFour(width, height)


PICTURE_ERRORS = [
    ("......./......./......./......./......", ValueError, "6 rows"),
    ("....../......./......./......./......./.......", ValueError, "row 1"),
    ("......./......./......./......./......./...Z...", ValueError, "'Z'"),
    ("......./......./......./...X.../......./...O...", GameError, "floats"),
    ("......./......./......./......./......./OO.....", GameError, "X moves first"),
    ("......./......./......./......./......./XXX....", GameError, "X moves first"),
    ("......./......./......./......./XXXX.../OOOO...", GameError, "other player moved"),
    ("......./......./......./......./XXX.X../OOOOX..", GameError, "other player moved"),
    ("......./O....../X....../X....../X....../XOOXO..", GameError, "play went on"),
]


@pytest.mark.parametrize("picture, error, message", PICTURE_ERRORS)
def test_impossible_pictures_are_rejected(picture, error, message):
    with pytest.raises(error, match=message):
        ConnectFour().state(picture)


def test_pictures_accept_slashes_new_lines_spaces_and_lower_case():
    game = ConnectFour(4, 3)
    a = game.state("..../.o../xx..")
    b = game.state("""
        . . . .
        . O . .
        X X . .
    """)
    assert a == b == play(game, [1, 1, 0])
    assert game.render(a) == ". . . .\n. O . .\nX X . ."
    assert game.rows(a) == ["....", ".O..", "XX.."]


@pytest.mark.parametrize("state", [(1, 1), (1 << 6, 0), (0b10, 0), (0b111, 0), "abc", (1, 2, 3), (-1, 0)])
def test_malformed_states_are_reported(state):
    game = ConnectFour()
    with pytest.raises(GameError, match="not a"):
        game.render(state)


def test_games_compare_by_size():
    assert ConnectFour() == ConnectFour(7, 6) != ConnectFour(6, 7)
    assert hash(ConnectFour(5, 4)) == hash(ConnectFour(5, 4))
    assert repr(ConnectFour(5, 4)) == "ConnectFour(width=5, height=4)"


# --- Drawing. ---

def small_axes(inch=0.5):
    return Figure(figsize=(inch, inch), dpi=100).add_axes([0, 0, 1, 1])


@pytest.mark.parametrize("width, height, picture", [
    (7, 6, WINS["rising diagonal"][0]),
    (7, 6, FULL_DRAW),
    (4, 4, "..../..../..../...."),
    (5, 3, "...../.O.../XXXOO"),
    (3, 8, ".../.../.../.../.../.../O../X.."),
])
def test_draw_state(width, height, picture):
    game = ConnectFour(width, height)
    s = game.state(picture)
    ax = small_axes()
    assert game.draw_state(s, ax) is ax
    assert not ax.axison and ax.get_xlim() == (0, 1) and ax.get_ylim() == (0, 1)
    assert not ax.texts
    discs = ax.collections[0]
    assert len(discs.get_paths()) == width * height
    colours = {tuple(c) for c in discs.get_facecolors()}
    empty = width * height - (s[0] | s[1]).bit_count()
    assert len(colours) == bool(empty) + bool(s[0]) + bool(s[1])       # holes, red, yellow
    winning = game._winning_cells(s).bit_count()
    rings = [c for c in ax.collections if c.get_gid() == "O rings"]
    assert len(rings) == bool(s[1]) and (not rings or len(rings[0].get_paths()) == s[1].bit_count())
    assert len(ax.collections) == 1 + bool(s[1]) + bool(winning)
    if winning:
        assert len(ax.collections[-1].get_paths()) == winning
    for p in ax.patches:
        v = p.get_path().transformed(p.get_patch_transform()).vertices
        assert v.min() >= -1e-9 and v.max() <= 1 + 1e-9
    for path in discs.get_paths():
        v = path.vertices
        assert v.min() >= 0 and v.max() <= 1
    assert len(game.draw_state(s, small_axes(), highlight=False).collections) == 1 + bool(s[1])


def test_draw_state_rejects_an_illegal_state():
    with pytest.raises(GameError, match="share a cell"):
        ConnectFour().draw_state((1, 1), small_axes())
