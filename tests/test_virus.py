"""The Virus game: its rules on hand-made positions, against a plain grid referee, and in random play."""

from __future__ import annotations

import copy
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure

from board_checks import artists_inside_unit_square

from advsearch import GameError, IllegalMoveError
from advsearch.drawing.scene import PLAYER_COLOURS
from advsearch.games.virus import PATTERNS, Virus


# --- An independent referee: a list of rows of owners, scanned square by square. ---

def grid_of(game, state):
    """``grid[row][column]`` is the owner of the square, or None; read through the documented bit layout."""
    boards = state[0]
    grid = [[None] * game.width for _ in range(game.height)]
    for p, b in enumerate(boards):
        for r in range(game.height):
            for c in range(game.width):
                if b >> (r * game.width + c) & 1:
                    assert grid[r][c] is None, "two owners"
                    grid[r][c] = p
    return grid


def neighbours(game, c, r):
    steps = [(0, -1), (-1, 0), (1, 0), (0, 1)]
    if game.adjacency == 8:
        steps += [(-1, -1), (1, -1), (-1, 1), (1, 1)]
    return [(c + dc, r + dr) for dc, dr in steps if 0 <= c + dc < game.width and 0 <= r + dr < game.height]


def referee_actions(game, grid, player):
    out = []
    for r in range(game.height):
        for c in range(game.width):
            if grid[r][c] != player and any(grid[rr][cc] == player for cc, rr in neighbours(game, c, r)):
                out.append(r * game.width + c)
    return tuple(out)


def referee_result(game, grid, player, square):
    grid = [row[:] for row in grid]
    c, r = square % game.width, square // game.width
    grid[r][c] = player
    for dx, dy in game.pattern:
        if 0 <= c + dx < game.width and 0 <= r + dy < game.height:
            grid[r + dy][c + dx] = player
    return grid


def random_game(game, seed, state=None):
    """The states of one seeded random game, to the end."""
    rng = random.Random(seed)
    s = game.initial_state if state is None else state
    states = [s]
    while not game.is_terminal(s):
        s = game.result(s, rng.choice(game.actions(s)))
        states.append(s)
    return states


# --- The board, the start and the pictures. ---

def test_default_game():
    game = Virus()
    assert (game.width, game.height, game.num_players, game.adjacency, game.max_moves) == (5, 5, 3, 4, 50)
    assert game.pattern == PATTERNS["plus"]
    assert game.utility_range == (0, 1) and game.max_sum == 1 and not hasattr(game, "payoff_bounds")
    assert game.render(game.initial_state) == "0 . . . 2\n. . . . .\n. . . . .\n. . . . .\n. . . . 1"
    assert game.to_move(game.initial_state) == 0


@pytest.mark.parametrize("players, picture", [
    (2, "0 . .\n. . .\n. . 1"),
    (3, "0 . 2\n. . .\n. . 1"),
    (4, "0 . 2\n. . .\n3 . 1"),
])
def test_players_start_in_the_corners_in_the_documented_order(players, picture):
    game = Virus(3, 3, players=players)
    assert game.render(game.initial_state) == picture


def test_given_starts():
    game = Virus(4, 3, players=3, starts=[(1, 1), (3, 0), (0, 2)])
    assert game.render(game.initial_state) == ". . . 1\n. 0 . .\n2 . . ."
    assert game.starts == (5, 3, 8)


def test_picture_round_trip_and_square_numbers():
    game = Virus(4, 3, players=3)
    s = game.state("0 0 . 1/ . 2 2 ./ . . . .", to_move=2, plies=4)
    assert game.render(s) == "0 0 . 1\n. 2 2 .\n. . . ."
    assert s == ((0b11, 0b1000, 0b110_0000), 2, 4)
    assert game.cell(3, 0) == 3 and game.coords(6) == (2, 1)
    assert game.counts(s) == (2, 1, 2)
    assert game.state(game.render(s), to_move=2, plies=4) == s


# --- Moves: adjacency, the infection pattern, conversion. ---

def test_moves_are_the_squares_next_to_the_movers_own_in_the_4_neighbourhood():
    game = Virus(4, 4, players=2)
    s = game.state("..../.0../..../...1")
    assert game.actions(s) == (1, 4, 6, 9)


def test_moves_in_the_8_neighbourhood_include_the_diagonals():
    game = Virus(4, 4, players=2, adjacency=8)
    s = game.state("..../.0../..../...1")
    assert game.actions(s) == (0, 1, 2, 4, 6, 8, 9, 10)


def test_moves_may_target_an_opponents_square_but_not_ones_own():
    game = Virus(3, 3, players=2)
    s = game.state("01./0../...")
    assert game.actions(s) == (1, 4, 6)
    s = game.result(s, 1)
    assert game.render(s) == "0 0 0\n0 0 .\n. . ."
    assert game.living(s) == (0,) and game.is_terminal(s)


@pytest.mark.parametrize("pattern, picture", [
    ("plus", "...../..0../.000./..0../....1"),
    ("cross", "...../.0.0./..0../.000./....1"),
    ("square", "...../.000./.000./.000./....1"),
    ("none", "...../...../..0../..0../....1"),
    ([(2, 0), (0, -2)], "..0../...../..0.0/..0../....1"),
])
def test_infection_patterns(pattern, picture):
    # P0 starts at (2, 3) and infects (2, 2), the middle square; P1 sits in a corner out of reach.
    game = Virus(5, 5, players=2, starts=[(2, 3), (4, 4)], pattern=pattern)
    s = game.result(game.initial_state, game.cell(2, 2))
    assert game.rows(s) == picture.split("/")


def test_the_pattern_is_cut_at_the_edges_of_the_board():
    game = Virus(3, 3, players=2, starts=[(1, 0), (2, 2)], pattern="square")
    s = game.result(game.initial_state, game.cell(0, 0))
    assert game.render(s) == "0 0 .\n0 0 .\n. . 1"


def test_infection_converts_empty_and_opponents_squares_alike():
    game = Virus(4, 3, players=3, starts=[(0, 1), (2, 0), (2, 2)])
    s = game.result(game.initial_state, game.cell(1, 1))     # the plus around (1, 1)
    assert game.render(s) == ". 0 1 .\n0 0 0 .\n. 0 2 ."
    s = game.state("..1./.00./.12.", to_move=0)
    s = game.result(s, game.cell(2, 0))                       # P1's square, and two empty ones
    assert game.render(s) == ". 0 0 0\n. 0 0 .\n. 1 2 ."
    s = game.state("..1./.00./.12.", to_move=0)
    s = game.result(s, game.cell(2, 2))                       # P2's square, P1's (1, 2) and an empty one
    assert game.render(s) == ". . 1 .\n. 0 0 .\n. 0 0 0"
    assert game.counts(s) == (5, 1, 0) and game.living(s) == (0, 1)


# --- Elimination, turn order, the end and the payoffs. ---

def test_an_eliminated_player_is_skipped():
    game = Virus(3, 3, players=3, starts=[(0, 0), (2, 0), (1, 2)])
    s = game.result(game.initial_state, game.cell(1, 0))      # P0 takes P1's only square
    assert game.living(s) == (0, 2) and game.to_move(s) == 2
    s = game.result(s, game.cell(1, 1))                       # P2
    assert game.to_move(s) == 0                               # P1 is skipped again
    assert not game.is_terminal(s)


def test_turns_go_round_in_player_order():
    game = Virus(7, 7, players=4)
    s = game.initial_state
    order = []
    for _ in range(8):
        order.append(game.to_move(s))
        s = game.result(s, game.actions(s)[0])
    assert order == [0, 1, 2, 3, 0, 1, 2, 3]
    assert s[2] == 8


def test_the_game_ends_when_one_player_is_left():
    game = Virus(3, 2, players=3)
    s = game.result(game.state("0 1 ./. . 2", to_move=0), game.cell(1, 0))     # P1 is out
    assert game.render(s) == "0 0 0\n. 0 2"
    assert game.living(s) == (0, 2) and game.to_move(s) == 2 and not game.is_terminal(s)
    s = game.result(game.state("0 2 ./. 2 2", to_move=2), game.cell(0, 1))     # P0 is out too
    assert game.render(s) == "2 2 .\n2 2 2"
    assert game.is_terminal(s) and game.living(s) == (2,) and game.actions(s) == ()
    assert [game.utility(s, p) for p in range(3)] == [0, 0, 1]


def test_the_move_limit_counts_plies_and_pays_shares():
    game = Virus(4, 4, players=2, max_moves=3)
    s = game.initial_state
    for expected_plies in (1, 2, 3):
        assert not game.is_terminal(s)
        s = game.result(s, game.actions(s)[0])
        assert s[2] == expected_plies
    assert game.is_terminal(s) and game.actions(s) == ()
    assert game.render(s) == "0 0 0 0\n. 0 . 0\n. . 1 1\n. . . 1"
    assert game.counts(s) == (6, 3)
    assert game.utility(s, 0) == pytest.approx(2 / 3) and game.utility(s, 1) == pytest.approx(1 / 3)
    assert game.shares(s) == (game.utility(s, 0), game.utility(s, 1))


def test_utility_only_at_the_end():
    game = Virus()
    with pytest.raises(GameError, match="not over"):
        game.utility(game.initial_state, 0)


def test_evaluate_is_the_share_everywhere():
    game = Virus(3, 3, players=3)
    s = game.state("00./..1/2..")
    assert [game.evaluate(s, p) for p in range(3)] == [0.5, 0.25, 0.25]


def test_nobody_ever_has_to_pass():
    for players, adjacency in ((2, 4), (3, 8), (4, 4)):
        game = Virus(4, 4, players=players, adjacency=adjacency, max_moves=200)
        for seed in range(10):
            for s in random_game(game, seed):
                if not game.is_terminal(s):
                    assert game.actions(s), game.render(s)
                    assert s[0][game.to_move(s)], "the player to move has squares"


# --- Errors. ---

@pytest.mark.parametrize("action, words", [
    (0, "already MAX's"),
    (12, "not next to any of MAX's squares"),
    (25, "not a square"),
    (-1, "not a square"),
    ("a", "not a square"),
    ((1, 0), "not a square"),
    (True, "not a square"),
])
def test_illegal_moves_name_the_move(action, words):
    game = Virus(5, 5, players=2)
    with pytest.raises(IllegalMoveError, match=words) as info:
        game.result(game.initial_state, action)
    assert repr(action) in str(info.value) or f"square {action}" in str(info.value)


def test_no_move_after_the_end():
    game = Virus(2, 1, players=2)
    s = game.result(game.initial_state, 1)
    assert game.is_terminal(s)
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.result(s, 1)


def test_an_integer_like_square_is_accepted():
    game = Virus(5, 5, players=2)
    assert game.result(game.initial_state, np.int64(1)) == game.result(game.initial_state, 1)


@pytest.mark.parametrize("kwargs", [
    dict(width=0), dict(height=-1), dict(width=2.5), dict(width=True), dict(players=1), dict(players=9),
    dict(players="3"), dict(width=2, height=1, players=3), dict(players=5), dict(width=1, height=3, players=3),
    dict(adjacency=6), dict(adjacency=True), dict(pattern="star"), dict(pattern=[(1,)]), dict(pattern=[(0.5, 1)]),
    dict(pattern=3), dict(max_moves=0), dict(max_moves=2.0), dict(starts=[(0, 0)]),
    dict(starts=[(0, 0), (5, 0), (1, 1)]), dict(starts=[(0, 0), (0, 0), (1, 1)]), dict(starts=5),
    dict(starts=[(0, 0), (1, 1), (2,)]), dict(starts=[(0, 0), (1, 1), (2, "a")]),
])
def test_bad_parameters_raise_value_error(kwargs):
    with pytest.raises(ValueError):
        Virus(**kwargs)


@pytest.mark.parametrize("picture, error", [
    ("0../.../..1", ValueError),          # 3 columns on a 4 x 3 board
    ("0.../..../..1", ValueError),        # a short row
    ("0.../..../...x", ValueError),
    ("0.../..../...3", ValueError),       # no player 3 in a 3-player game
    ("..../..../....", GameError),        # nobody
    (5, ValueError),
])
def test_bad_pictures(picture, error):
    with pytest.raises(error):
        Virus(4, 3, players=3).state(picture)


def test_bad_states():
    game = Virus(4, 3, players=3)
    with pytest.raises(GameError, match="is out"):
        game.state("0.../..../...1", to_move=2)
    with pytest.raises(GameError, match="move count"):
        game.state("0.../..../...1", plies=99)
    with pytest.raises(GameError, match="same square"):
        game.render(((1, 1, 0), 0, 0))
    with pytest.raises(GameError, match="not a Virus state"):
        game.render((1, 2))


# --- Whole games, against the referee, and properties. ---

@pytest.mark.parametrize("game", [
    Virus(players=2), Virus(players=3), Virus(players=4), Virus(6, 4, players=4, adjacency=8, pattern="square"),
    Virus(4, 4, players=6, starts=[(0, 0), (3, 3), (3, 0), (0, 3), (1, 1), (2, 2)], pattern="cross"),
    Virus(3, 3, players=2, pattern="none", max_moves=1000),
], ids=repr)
def test_seeded_random_games_end_and_agree_with_the_referee(game):
    for seed in range(5):
        states = random_game(game, seed)
        assert len(states) - 1 <= game.max_moves
        for s, after in zip(states, states[1:]):
            grid, player = grid_of(game, s), game.to_move(s)
            assert game.actions(s) == referee_actions(game, grid, player)
            square = next(a for a in game.actions(s) if game.result(s, a) == after)
            assert grid_of(game, after) == referee_result(game, grid, player, square)
        end = states[-1]
        assert game.is_terminal(end)
        assert end[2] == game.max_moves or len(game.living(end)) == 1
        assert sum(game.utility(end, p) for p in range(game.num_players)) == pytest.approx(1)


def test_random_play_eliminates_players_who_then_never_move():
    game = Virus(4, 4, players=4)
    eliminations = 0
    for seed in range(30):
        out = set()
        for s in random_game(game, seed):
            now_out = {p for p in range(4) if not s[0][p]}
            assert out <= now_out                                     # nobody comes back
            out = now_out
            assert game.living(s) == tuple(p for p in range(4) if p not in out)
            if not game.is_terminal(s):
                assert game.to_move(s) not in out
        eliminations += bool(out)
    assert eliminations > 0


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 4), adjacency=st.sampled_from([4, 8]), pattern=st.sampled_from(sorted(PATTERNS)),
       choices=st.lists(st.integers(0, 10**6), max_size=40))
def test_properties_of_play(players, adjacency, pattern, choices):
    game = Virus(5, 4, players=players, adjacency=adjacency, pattern=pattern)
    s = game.initial_state
    for choice in choices:
        if game.is_terminal(s):
            break
        acts = game.actions(s)
        assert list(acts) == sorted(set(acts))
        before = copy.deepcopy(s)
        key = hash(s)
        player = game.to_move(s)
        t = game.result(s, acts[choice % len(acts)])
        assert s == before and hash(s) == key                      # result never mutates
        boards = t[0]
        assert all(a & b == 0 for i, a in enumerate(boards) for b in boards[i + 1:])   # one owner a square
        assert sum(game.counts(t)) >= sum(game.counts(s))                # occupied squares never decrease
        assert sum(game.counts(t)) + (game._full & ~sum(boards)).bit_count() == game.width * game.height
        assert game.counts(t)[player] > game.counts(s)[player]     # the mover gains
        assert not (s[0][player] & ~boards[player])                # and loses nothing
        assert sum(game.shares(t)) == pytest.approx(1)
        if not game.is_terminal(t):
            assert boards[game.to_move(t)]                         # the next player is still in
        s = t


# --- Drawing. ---

@pytest.mark.parametrize("game", [Virus(), Virus(8, 3, players=4), Virus(2, 7, players=2)], ids=repr)
def test_draw_state_stays_in_the_unit_square_with_the_player_colours(game):
    s = random_game(game, 1)[6]
    ax = Figure(figsize=(2, 2)).add_subplot()
    assert game.draw_state(s, ax) is ax
    assert ax.get_xlim() == (0, 1) and ax.get_ylim() == (0, 1)
    artists_inside_unit_square(ax)
    squares = ax.collections[0]
    colours = {tuple(np.round(c, 3)) for c in squares.get_facecolors()}
    for p in game.living(s):
        assert tuple(np.round(to_rgba(PLAYER_COLOURS[p]), 3)) in colours


def test_draw_state_rejects_a_bad_state():
    with pytest.raises(GameError):
        Virus().draw_state(((1, 1, 1), 0, 0), Figure().add_subplot())


# --- Identity and speed facts. ---

def test_repr_eq_hash():
    a, b = Virus(4, 3, players=2, pattern="cross"), Virus(4, 3, players=2, pattern="cross")
    assert a == b and hash(a) == hash(b) and a != Virus(4, 3, players=2)
    assert repr(a) == ("Virus(width=4, height=3, players=2, starts=[(0, 0), (3, 2)], pattern='cross', "
                       "adjacency=4, max_moves=24)")


def maxn_nodes(game, state, depth):
    """Nodes of a plain max-n search (root included), scoring leaves with ``evaluate``."""
    if depth == 0 or game.is_terminal(state):
        return 1, tuple(game.evaluate(state, p) for p in range(game.num_players))
    player, nodes, best = game.to_move(state), 1, None
    for a in game.actions(state):
        n, v = maxn_nodes(game, game.result(state, a), depth - 1)
        nodes += n
        if best is None or v[player] > best[player]:
            best = v
    return nodes, best


def test_the_documented_branching_factors_and_search_sizes():
    # The numbers in the module docstring: mean branching factor over 50 seeded random games.
    for players, mean in ((2, 8.5), (3, 7.0), (4, 6.0)):
        game = Virus(players=players)
        rng = random.Random(1)
        counts = []
        for _ in range(50):
            s = game.initial_state
            while not game.is_terminal(s):
                acts = game.actions(s)
                counts.append(len(acts))
                s = game.result(s, rng.choice(acts))
        assert sum(counts) / len(counts) == pytest.approx(mean, abs=0.1)
        assert max(counts) <= 14
    game = Virus()
    assert maxn_nodes(game, game.initial_state, 3)[0] == 15          # 2 moves a player at the start, 1 + 2 + 4 + 8
