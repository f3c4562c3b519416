"""Chinese Checkers: the board, the rules on hand-made positions, a path-by-path referee, and random play."""

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
from advsearch.games.chinese_checkers import PASS, ChineseCheckers

DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def bits(b):
    return [h for h in range(b.bit_length()) if b >> h & 1]


def position(game, pieces, to_move=0, plies=0):
    """The state with ``pieces[p]`` = the axial coordinates of player p's pieces."""
    marks = ["."] * len(game.holes)
    for p, where in pieces.items():
        for q, r in where:
            marks[game.hole(q, r)] = str(p)
    return game.state("".join(marks), to_move, plies)


def ends_from(game, state, q, r):
    """The coordinates where the piece at (q, r) can end a move."""
    origin = game.hole(q, r)
    return {game.holes[b] for a, b in game.actions(state) if a == origin}


# --- An independent referee: a dict of pieces, and jump chains followed path by path. ---

def point_of(size, q, r):
    """The documented point names: which cube coordinate passes ``size``."""
    s = -q - r
    for name, out in (("top", r < -size), ("upper right", q > size), ("lower right", s < -size),
                      ("bottom", r > size), ("lower left", q < -size), ("upper left", s > size)):
        if out:
            return name
    return None


OPPOSITE = {"top": "bottom", "bottom": "top", "upper right": "lower left", "lower left": "upper right",
            "lower right": "upper left", "upper left": "lower right"}
HOME_NAMES = {2: ["bottom", "top"], 3: ["bottom", "upper left", "upper right"],
              4: ["bottom", "lower left", "top", "upper right"],
              6: ["bottom", "lower left", "upper left", "top", "upper right", "lower right"]}


def referee_actions(game, state):
    boards, player, _ = state
    k = game.size
    on_board = set(game.holes)
    owner = {game.holes[h]: p for p, b in enumerate(boards) for h in bits(b)}
    home = HOME_NAMES[game.num_players][player]
    target = OPPOSITE[home]
    moves = set()
    for origin in sorted(game.holes[h] for h in bits(boards[player])):
        pieces = {c for c in owner if c != origin}          # the moving piece is lifted
        ends = set()
        for dq, dr in DIRECTIONS:
            near = (origin[0] + dq, origin[1] + dr)
            if near in on_board and near not in pieces:
                ends.add(near)

        def follow(at, path):
            for dq, dr in DIRECTIONS:
                over, land = (at[0] + dq, at[1] + dr), (at[0] + 2 * dq, at[1] + 2 * dr)
                if over in pieces and land in on_board and land not in pieces and land not in path:
                    ends.add(land)
                    follow(land, path + [land])

        follow(origin, [origin])
        ends.discard(origin)
        for end in ends:
            where = point_of(k, *end)
            if where not in (None, home, target):
                continue
            if point_of(k, *origin) == target and where != target:
                continue
            moves.add((game.hole(*origin), game.hole(*end)))
    return tuple(sorted(moves)) or (PASS,)


def random_game(game, seed):
    rng = random.Random(seed)
    s = game.initial_state
    states = [s]
    while not game.is_terminal(s):
        s = game.result(s, rng.choice(game.actions(s)))
        states.append(s)
    return states


# --- The board and the start. ---

@pytest.mark.parametrize("size, holes, pieces, rows", [
    (1, 13, 1, [1, 4, 3, 4, 1]),
    (2, 37, 3, [1, 2, 7, 6, 5, 6, 7, 2, 1]),
    (3, 73, 6, [1, 2, 3, 10, 9, 8, 7, 8, 9, 10, 3, 2, 1]),
    (4, 121, 10, [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]),
])
def test_the_star(size, holes, pieces, rows):
    game = ChineseCheckers(size=size)
    assert len(game.holes) == holes and game.pieces == pieces
    assert [len(line.split()) for line in game.render(game.initial_state).splitlines()] == rows
    assert list(game.holes) == sorted(game.holes, key=lambda h: (h[1], h[0]))    # reading order
    assert len(set(game.holes)) == holes
    points = [point_of(size, *h) for h in game.holes]
    for name in OPPOSITE:
        assert points.count(name) == pieces
    assert all(game.hole(*h) == i for i, h in enumerate(game.holes))


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_players_start_in_the_documented_points(players):
    game = ChineseCheckers(players=players)
    assert [game.point_name(h) for h in game.homes] == HOME_NAMES[players]
    assert [game.point_name(t) for t in game.targets] == [OPPOSITE[h] for h in HOME_NAMES[players]]
    for p, board in enumerate(game.initial_state[0]):
        assert {point_of(2, *game.holes[h]) for h in bits(board)} == {HOME_NAMES[players][p]}
    assert game.to_move(game.initial_state) == 0 and game.plies(game.initial_state) == 0
    assert game.utility_range == (0, 1) and game.max_sum == 1 and not hasattr(game, "payoff_bounds")
    assert game.max_moves == 40 * players


def test_three_player_start_picture():
    game = ChineseCheckers(players=3)
    assert game.render(game.initial_state) == (
        "      .\n     . .\n1 1 . . . 2 2\n 1 . . . . 2\n  . . . . .\n"
        " . . . . . .\n. . . . . . .\n     0 0\n      0")
    assert game.state(game.render(game.initial_state)) == game.initial_state


def test_turns_go_round():
    game = ChineseCheckers(players=4)
    s, order = game.initial_state, []
    for _ in range(9):
        order.append(game.to_move(s))
        s = game.result(s, game.actions(s)[-1])
    assert order == [0, 1, 2, 3, 0, 1, 2, 3, 0] and game.plies(s) == 9


# --- Steps and jumps. ---

HOME0 = [(-2, 4), (-2, 3)]          # two of player 0's pieces, left at home
FAR1 = [(2, -4)]                    # one of player 1's, at the tip of its home


def test_steps_go_to_the_six_neighbours():
    game = ChineseCheckers()
    s = position(game, {0: HOME0 + [(0, 0)], 1: FAR1 + [(1, -3), (2, -3)]})
    assert ends_from(game, s, 0, 0) == {(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)}


def test_a_jump_goes_over_a_piece_of_any_colour():
    game = ChineseCheckers()
    s = position(game, {0: [(-2, 4), (0, 0), (0, 1)], 1: FAR1 + [(1, -3), (1, 0)]})
    assert ends_from(game, s, 0, 0) == {(1, -1), (0, -1), (-1, 0), (-1, 1),     # steps
                                        (2, 0),                                # over P1's piece
                                        (0, 2)}                                # over P0's own


def test_jumps_chain_and_may_turn_and_stop_anywhere():
    game = ChineseCheckers()
    s = position(game, {0: [(-2, 4), (-1, 3), (-2, 2)], 1: FAR1 + [(-1, 1), (1, -1)]})
    assert ends_from(game, s, -2, 2) == {(-1, 2), (-2, 1), (-2, 3),   # steps (the lower-left point is out)
                                         (0, 0), (2, -2)}              # one jump, then a second
    move = (game.hole(-2, 2), game.hole(2, -2))
    assert game.path(s, move) == (game.hole(-2, 2), game.hole(0, 0), game.hole(2, -2))
    after = game.result(s, move)
    assert {game.holes[h] for h in bits(after[0][0])} == {(-2, 4), (-1, 3), (2, -2)}
    assert after[0][1] == s[0][1]                                       # jumped pieces stay


def test_no_jump_over_two_pieces_or_over_a_gap():
    game = ChineseCheckers()
    two = position(game, {0: HOME0 + [(-2, 0)], 1: FAR1 + [(-1, 0), (0, 0)]})
    assert (1, 0) not in ends_from(game, two, -2, 0) and (0, 0) not in ends_from(game, two, -2, 0)
    gap = position(game, {0: HOME0 + [(-2, 0)], 1: FAR1 + [(0, 0), (2, -3)]})
    ends = ends_from(game, gap, -2, 0)
    assert (2, 0) not in ends and (1, 0) not in ends and (-1, 0) in ends


def test_two_chains_to_the_same_hole_give_one_action():
    game = ChineseCheckers()
    s = position(game, {0: [(-2, 0), (0, 1), (-1, 2)], 1: FAR1 + [(-1, 0), (-2, 1)]})
    origin, end = game.hole(-2, 0), game.hole(0, 2)
    assert [a for a in game.actions(s) if a == (origin, end)] == [(origin, end)]
    assert {(0, 0), (-2, 2), (0, 2)} <= ends_from(game, s, -2, 0)
    assert len(game.path(s, (origin, end))) == 3
    acts = game.actions(s)
    assert len(acts) == len(set(acts)) and list(acts) == sorted(acts)


def test_a_chain_may_pass_through_another_point_but_not_stop_there():
    game = ChineseCheckers()
    s = position(game, {0: HOME0 + [(1, -1)], 1: FAR1 + [(2, -1), (2, 0)]})
    ends = ends_from(game, s, 1, -1)
    assert (1, 1) in ends                 # over (2, -1) into the upper-right point, then over (2, 0)
    assert (3, -1) not in ends
    assert game.path(s, (game.hole(1, -1), game.hole(1, 1))) == tuple(
        game.hole(*c) for c in [(1, -1), (3, -1), (1, 1)])


def test_no_step_into_another_point():
    game = ChineseCheckers()
    s = position(game, {0: HOME0 + [(2, -1)], 1: FAR1 + [(0, 0), (1, 0)]})
    assert ends_from(game, s, 2, -1) == {(2, -2), (1, -1), (2, 0),    # steps, but not to (3, -1) nor (3, -2)
                                         (0, 1), (0, -1)}              # over (1, 0), then over (0, 0)
    with pytest.raises(IllegalMoveError, match="upper right point, neither its home nor its target"):
        game.result(s, (game.hole(2, -1), game.hole(3, -1)))


def test_a_piece_may_step_back_into_its_home():
    game = ChineseCheckers()
    s = position(game, {0: [(-2, 4), (-1, 3), (-2, 2)], 1: FAR1 + [(0, 0), (1, 0)]})
    assert (-2, 3) in ends_from(game, s, -2, 2)


def test_a_piece_in_its_target_stays_there():
    game = ChineseCheckers()
    s = position(game, {0: HOME0 + [(1, -3)], 1: [(0, 0), (1, 0), (-1, 0)]})
    assert ends_from(game, s, 1, -3) == {(2, -4), (2, -3)}
    with pytest.raises(IllegalMoveError, match="must stay there"):
        game.result(s, (game.hole(1, -3), game.hole(1, -2)))


# --- Winning, blocking, the move limit, passing. ---

def test_the_last_piece_into_the_target_wins():
    game = ChineseCheckers()
    s = position(game, {0: [(2, -4), (1, -3), (2, -2)], 1: [(0, 0), (1, 0), (-1, 0)]})
    assert not game.is_terminal(s) and game.winner(s) is None
    s = game.result(s, (game.hole(2, -2), game.hole(2, -3)))
    assert game.is_terminal(s) and game.winner(s) == 0 and game.actions(s) == ()
    assert (game.utility(s, 0), game.utility(s, 1)) == (1, 0)
    assert game.progress(s, 0) == 1.0
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.result(s, (game.hole(0, 0), game.hole(0, 1)))


def test_a_blocked_target_does_not_win():
    game = ChineseCheckers()
    s = position(game, {0: [(2, -4), (1, -3), (2, -2)], 1: [(2, -3), (1, 0), (-1, 0)]})
    assert not game.is_terminal(s) and game.winner(s) is None


def test_a_move_can_win_for_the_mover_only():
    game = ChineseCheckers(players=3)
    for states in (random_game(game, seed) for seed in range(20)):
        end = states[-1]
        if game.winner(end) is not None:
            assert game.winner(end) == game.to_move(states[-2])


def test_the_move_limit_pays_shares_of_progress():
    game = ChineseCheckers(max_moves=3)
    s = game.initial_state
    for move in [(36, 29), (0, 5), (34, 30)]:
        assert not game.is_terminal(s)
        s = game.result(s, move)
    assert game.is_terminal(s) and game.winner(s) is None
    progress = [game.progress(s, p) for p in (0, 1)]
    assert progress[0] > progress[1] > 0
    shares = [game.utility(s, p) for p in (0, 1)]
    assert shares == pytest.approx([x / sum(progress) for x in progress])
    assert sum(shares) == pytest.approx(1)


def test_no_progress_at_the_limit_pays_equal_shares():
    game = ChineseCheckers(players=3, max_moves=5)
    s = game.state(game.render(game.initial_state), plies=5)
    assert game.is_terminal(s)
    assert [game.utility(s, p) for p in range(3)] == pytest.approx([1 / 3] * 3)


def test_progress():
    game = ChineseCheckers()
    assert game.progress(game.initial_state, 0) == game.progress(game.initial_state, 1) == 0
    assert game.progress(game.result(game.initial_state, (36, 29)), 0) == pytest.approx(2 / 20)
    assert game.evaluate(game.initial_state, 1) == 0.5


def test_a_player_who_cannot_move_passes():
    game = ChineseCheckers(players=6, size=1)
    s = position(game, {0: [(-1, 2)], 1: [(0, 1)], 2: [(-1, 1)], 3: [(1, 0)], 4: [(-1, 0)], 5: [(1, 1)]})
    assert game.actions(s) == (PASS,)
    t = game.result(s, PASS)
    assert t == (s[0], 1, 1)
    assert game.path(s, PASS) == ()
    with pytest.raises(IllegalMoveError, match="cannot pass"):
        game.result(game.initial_state, PASS)


# --- Errors. ---

@pytest.mark.parametrize("action, words", [
    ((29, 24), "holds no piece"),
    ((34, 35), "hole 35 is taken"),
    ((34, 34), "must go somewhere"),
    ((34, 20), "no step or chain of jumps"),
    ((34, 37), "not a hole"),
    ((-1, 29), "not a hole"),
    ((34,), "not a move"),
    (34, "not a move"),
    ("34-29", "not a move"),
    ((True, 29), "not a move"),
    ((34.0, 29), "not a move"),
    (None, "not a move"),
])
def test_illegal_moves_name_the_move(action, words):
    game = ChineseCheckers()
    with pytest.raises(IllegalMoveError, match=words) as info:
        game.result(game.initial_state, action)
    assert repr(action) in str(info.value)


def test_integer_like_holes_are_accepted():
    game = ChineseCheckers()
    move = (np.int64(36), np.int64(29))
    assert game.result(game.initial_state, move) == game.result(game.initial_state, (36, 29))


@pytest.mark.parametrize("kwargs", [
    dict(players=1), dict(players=5), dict(players=7), dict(players=True), dict(players="2"), dict(players=2.0),
    dict(size=0), dict(size=-1), dict(size=1.5), dict(size=True), dict(size="2"),
    dict(max_moves=0), dict(max_moves=-3), dict(max_moves=2.5), dict(max_moves=True),
])
def test_bad_parameters_raise_value_error(kwargs):
    with pytest.raises(ValueError):
        ChineseCheckers(**kwargs)


@pytest.mark.parametrize("picture, error", [
    ("1 . . . . . . . . . . 0", ValueError),                 # 12 holes, not 13
    ("1 .... ... .... x", ValueError),
    ("1 .... ... .... 2", ValueError),                       # no player 2 of 2
    ("1 .... ... .0.. 0", GameError),                        # two pieces for player 0
    ("0 .... ... .... 1", GameError),                        # both have won
    (13, ValueError),
])
def test_bad_pictures(picture, error):
    with pytest.raises(error):
        ChineseCheckers(size=1).state(picture)


def test_bad_states():
    game = ChineseCheckers(size=1)
    with pytest.raises(GameError, match="player to move"):
        game.state("1 .... ... .... 0", to_move=2)
    with pytest.raises(GameError, match="move count"):
        game.state("1 .... ... .... 0", plies=game.max_moves + 1)
    with pytest.raises(GameError, match="not a Chinese Checkers state"):
        game.render("board")
    with pytest.raises(GameError, match="two players hold the same hole"):
        game.render(((1, 1), 0, 0))
    with pytest.raises(GameError, match="not over"):
        game.utility(game.initial_state, 0)


# --- Whole games, against the referee, and properties. ---

@pytest.mark.parametrize("game, seeds", [
    (ChineseCheckers(2, 1), 10), (ChineseCheckers(2, 2), 5), (ChineseCheckers(3, 2), 4),
    (ChineseCheckers(4, 2), 3), (ChineseCheckers(6, 2), 3), (ChineseCheckers(6, 1), 5),
    (ChineseCheckers(2, 3, max_moves=60), 1), (ChineseCheckers(3, 3, max_moves=60), 1),
], ids=repr)
def test_seeded_random_games_end_and_agree_with_the_referee(game, seeds):
    for seed in range(seeds):
        states = random_game(game, seed)
        assert len(states) - 1 <= game.max_moves
        for s in states[:-1]:
            assert game.actions(s) == referee_actions(game, s)
        end = states[-1]
        assert game.is_terminal(end) and game.actions(end) == ()
        assert game.plies(end) == game.max_moves or game.winner(end) is not None
        payoffs = [game.utility(end, p) for p in range(game.num_players)]
        assert all(0 <= x <= 1 for x in payoffs) and sum(payoffs) == pytest.approx(1)


def test_a_purposeful_game_is_won_well_inside_the_move_limit():
    # Each player takes the move that most increases its progress (the first such, in actions order).
    for players in (2, 3, 4, 6):
        game = ChineseCheckers(players=players)
        s = game.initial_state
        while not game.is_terminal(s):
            p = game.to_move(s)
            s = max((game.result(s, a) for a in game.actions(s)), key=lambda t: game.progress(t, p))
        assert game.winner(s) is not None and game.plies(s) < game.max_moves // 2, (players, game.plies(s))


@settings(max_examples=60, deadline=None)
@given(players=st.sampled_from([2, 3, 4, 6]), size=st.integers(1, 3),
       choices=st.lists(st.integers(0, 10**6), max_size=40))
def test_properties_of_play(players, size, choices):
    game = ChineseCheckers(players=players, size=size)
    s = game.initial_state
    for choice in choices:
        if game.is_terminal(s):
            break
        acts = game.actions(s)
        assert acts == (PASS,) or list(acts) == sorted(set(acts))
        before, key = copy.deepcopy(s), hash(s)
        player = game.to_move(s)
        t = game.result(s, acts[choice % len(acts)])
        assert s == before and hash(s) == key                             # result never mutates
        assert [b.bit_count() for b in t[0]] == [game.pieces] * players   # pieces are conserved
        for p in range(players):
            moved = s[0][p] ^ t[0][p]
            assert moved.bit_count() == (2 if p == player and acts != (PASS,) else 0)
        assert game.to_move(t) == (player + 1) % players and game.plies(t) == game.plies(s) + 1
        shares = [game.evaluate(t, p) for p in range(players)]
        assert all(0 <= x <= 1 for x in shares) and sum(shares) == pytest.approx(1)
        s = t


# --- Drawing. ---

@pytest.mark.parametrize("game", [ChineseCheckers(2, 1), ChineseCheckers(3, 2), ChineseCheckers(6, 3),
                                  ChineseCheckers(4, 4)], ids=repr)
def test_draw_state_stays_in_the_unit_square_with_the_player_colours(game):
    s = random_game(game, 2)[min(12, game.max_moves)]
    ax = Figure(figsize=(2, 2)).add_subplot()
    assert game.draw_state(s, ax) is ax
    assert ax.get_xlim() == (0, 1) and ax.get_ylim() == (0, 1)
    artists_inside_unit_square(ax)
    holes, pieces, marks = ax.collections
    assert len(holes.get_paths()) + len(pieces.get_paths()) == len(game.holes)
    assert len(marks.get_paths()) == len(pieces.get_paths())      # each piece its player's shape too
    colours = {tuple(np.round(c, 3)) for c in pieces.get_facecolors()}
    assert colours == {tuple(np.round(to_rgba(PLAYER_COLOURS[p]), 3)) for p in range(game.num_players)}


def test_draw_state_rejects_a_bad_state():
    with pytest.raises(GameError):
        ChineseCheckers().draw_state(((1, 1), 0, 0), Figure().add_subplot())


# --- Identity and the documented sizes. ---

def test_repr_eq_hash():
    a = ChineseCheckers(3, 2)
    assert a == ChineseCheckers(players=3) and hash(a) == hash(ChineseCheckers(players=3))
    assert a != ChineseCheckers(3, 3) and a != ChineseCheckers(3, 2, max_moves=10)
    assert repr(a) == "ChineseCheckers(players=3, size=2, max_moves=120)"


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
    # The module docstring's numbers: 6 (size 2) and 10 (size 3) opening moves, and the mean over
    # 50 seeded random games.
    assert len(ChineseCheckers(size=2).actions(ChineseCheckers(size=2).initial_state)) == 6
    assert len(ChineseCheckers(size=3).actions(ChineseCheckers(size=3).initial_state)) == 10
    for players, mean in ((2, 12), (3, 12), (4, 11), (6, 9)):
        game = ChineseCheckers(players=players)
        rng = random.Random(1)
        counts = []
        for _ in range(50):
            s = game.initial_state
            while not game.is_terminal(s):
                acts = game.actions(s)
                counts.append(len(acts))
                s = game.result(s, rng.choice(acts))
        assert sum(counts) / len(counts) == pytest.approx(mean, abs=0.5)
        assert max(counts) <= 27
    assert maxn_nodes(ChineseCheckers(2), ChineseCheckers(2).initial_state, 3)[0] == 415
    assert maxn_nodes(ChineseCheckers(3), ChineseCheckers(3).initial_state, 3)[0] == 259
