"""Boards drawn at tree nodes: Game.draw_state for tic-tac-toe, Nim and Grundy's game."""

import io
import random

import pytest
from matplotlib.figure import Figure

from advsearch import Grundy, Nim, TicTacToe
from advsearch.game import GameError
from advsearch.games.grundy import GrundyState
from advsearch.games.nim import NimState
from advsearch.games.tictactoe import FULL, LINE_MASKS


def small_axes(inch=0.5):
    """A figure with one small square axes, as a tree drawing would place at a node."""
    fig = Figure(figsize=(inch, inch), dpi=100)
    return fig.add_axes([0, 0, 1, 1])


def fingerprint(ax):
    """What was drawn, as comparable data: each patch's type, geometry and colours."""
    out = []
    for p in ax.patches:
        path = p.get_path().transformed(p.get_patch_transform())
        out.append((type(p).__name__, tuple(map(tuple, path.vertices.round(9))),
                    tuple(p.get_facecolor()), tuple(p.get_edgecolor()), p.get_zorder()))
    return out + [(type(a).__name__,) for a in ax.lines + ax.texts + ax.collections]


def check_board(game, state):
    ax = small_axes()
    assert game.draw_state(state, ax) is ax
    assert ax.patches, "nothing was drawn"
    assert not ax.axison, "the axes should be turned off"
    assert ax.get_xlim() == (0, 1) and ax.get_ylim() == (0, 1)
    assert not ax.texts, "no text: it would be unreadable at half an inch"
    return ax


def ttt_sample(k=60, seed=7):
    positions = sorted(TicTacToe.positions())
    return random.Random(seed).sample(positions, k) + [0]


GAMES = [
    (TicTacToe(), TicTacToe().initial_state),
    (TicTacToe(), TicTacToe().state("XXX/OO./...")),
    (Nim((3, 4, 5)), NimState((3, 0, 5), 1)),
    (Nim((10, 7, 1)), NimState((10, 7, 1), 0)),
    (Grundy(12), GrundyState((12,), 0)),
    (Grundy(12), GrundyState((2, 2, 2, 2, 1, 1, 1, 1), 0)),
]


@pytest.mark.parametrize("game, state", GAMES)
def test_draw_state_is_deterministic(game, state):
    assert fingerprint(check_board(game, state)) == fingerprint(check_board(game, state))


@pytest.mark.parametrize("game, state", GAMES)
def test_boards_stay_inside_the_unit_square(game, state):
    ax = check_board(game, state)
    for p in ax.patches:
        v = p.get_path().transformed(p.get_patch_transform()).vertices
        assert v.min() >= -1e-9 and v.max() <= 1 + 1e-9, p


@pytest.mark.parametrize("state", ttt_sample())
def test_tictactoe_positions(state):
    game = TicTacToe()
    ax = check_board(game, state)
    cells = game.cells(state)
    # The card, four grid rules, one patch per O, two strokes per X, three shaded cells per line won.
    x, o = state & FULL, state >> 9
    lines = sum(x & m == m or o & m == m for m in LINE_MASKS)
    assert len(ax.patches) == 1 + 4 + cells.count("O") + 2 * cells.count("X") + 3 * lines


def test_tictactoe_highlight_can_be_turned_off():
    game = TicTacToe()
    won = game.state("XXX/OO./...")
    assert len(game.draw_state(won, small_axes()).patches) == len(
        game.draw_state(won, small_axes(), highlight=False).patches) + 3


def test_tictactoe_terminal_and_full_boards():
    game = TicTacToe()
    for picture in ("XOX/XOO/OXX", "XO./XO./X..", "OXX/.O./X.O"):
        state = game.state(picture)
        assert game.is_terminal(state)
        check_board(game, state)


def test_tictactoe_rejects_an_impossible_position():
    with pytest.raises(GameError, match="not a legal tic-tac-toe position"):
        TicTacToe().draw_state(0b111 | 0b111 << 9, small_axes())


def test_tictactoe_marks_are_distinct_colours():
    game = TicTacToe()
    ax = game.draw_state(game.state("XO./.../..."), small_axes())
    top = {tuple(p.get_facecolor()) for p in ax.patches if p.get_zorder() == 3}
    assert len(top) == 2


def test_nim_rows_and_empty_heaps():
    game = Nim((3, 0, 5))
    ax = check_board(game, game.initial_state)
    sticks = [p for p in ax.patches if p.get_zorder() == 2]
    slots = [p for p in ax.patches if p.get_zorder() == 1]
    assert len(sticks) == 8 and len(slots) == 3       # the empty heap still has its slot


def test_nim_terminal_state_draws_empty_slots():
    game = Nim((1, 2))
    end = NimState((0, 0), 0)
    assert game.is_terminal(end)
    ax = check_board(game, end)
    assert not [p for p in ax.patches if p.get_zorder() == 2]


def test_nim_scale_is_shared_by_a_game():
    """A token is the same size in every board of one game, whatever the heaps left."""
    game = Nim((6, 2))

    def stick_width(state):
        ax = game.draw_state(state, small_axes())
        p = next(p for p in ax.patches if p.get_zorder() == 2)
        return p.get_width()

    assert stick_width(game.initial_state) == pytest.approx(stick_width(NimState((1, 1), 0)))


@pytest.mark.parametrize("n", [1, 3, 7, 12, 20])
def test_grundy_every_reachable_state_draws(n):
    game = Grundy(n)
    seen, todo = set(), [game.initial_state]
    while todo and len(seen) < 60:
        s = todo.pop()
        if s in seen:
            continue
        seen.add(s)
        ax = check_board(game, s)
        tokens = [p for p in ax.patches if p.get_zorder() == 2]
        assert len(tokens) == n
        todo.extend(game.result(s, a) for a in game.actions(s))


def test_grundy_columns_are_side_by_side_largest_first():
    game = Grundy(7)
    ax = game.draw_state(GrundyState((4, 2, 1), 1), small_axes())
    tokens = [p for p in ax.patches if p.get_zorder() == 2]
    columns = {}
    for p in tokens:
        columns.setdefault(round(p.get_x(), 9), []).append(p)
    assert [len(columns[x]) for x in sorted(columns)] == [4, 2, 1]


@pytest.mark.parametrize("fmt", ["png", "svg", "pdf"])
def test_saving_a_sheet_of_boards(fmt):
    fig = Figure(figsize=(4, 1), dpi=100)
    for k, (game, state) in enumerate(GAMES[:4]):
        game.draw_state(state, fig.add_axes([0.02 + k * 0.25, 0.1, 0.2, 0.8]))
    buffer = io.BytesIO()
    fig.savefig(buffer, format=fmt)
    assert len(buffer.getvalue()) > 500


def test_boards_work_as_insets_of_a_larger_axes():
    fig = Figure(figsize=(4, 3), dpi=100)
    ax = fig.add_subplot()
    game = Grundy(7)
    inset = ax.inset_axes([0.4, 0.6, 0.15, 0.2])
    assert game.draw_state(game.initial_state, inset) is inset
    fig.savefig(io.BytesIO(), format="png")
