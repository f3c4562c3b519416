"""The chess adapter against python-chess itself and against published perft counts."""

from __future__ import annotations

import io
import random
import re

import pytest

chess = pytest.importorskip("chess")

from advsearch import MAX, MIN, GameError, IllegalMoveError  # noqa: E402
from advsearch.search import alphabeta, minimax  # noqa: E402
from advsearch.games.chess import (  # noqa: E402
    EQUAL_MATERIAL_QUEEN_LOST,
    EQUAL_MATERIAL_REAL,
    KIWIPETE,
    MATERIAL,
    START,
    Chess,
    ChessState,
)

FOOLS_MATE = ["f2f3", "e7e5", "g2g4", "d8h4"]
STALEMATE = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
KNIGHT_SHUFFLE = ["g1f3", "g8f6", "f3g1", "f6g8"]


def play(game, moves, state=None):
    state = game.initial_state if state is None else state
    for move in moves:
        state = game.result(state, move)
    return state


def perft(game, state, depth):
    """Leaf nodes of the move tree to ``depth``, through the adapter's actions and result."""
    if depth == 0:
        return 1
    return sum(perft(game, game.result(state, a), depth - 1) for a in game.actions(state))


def perft_python_chess(board, depth):
    """The same count, by python-chess alone."""
    if depth == 0:
        return 1
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += perft_python_chess(board, depth - 1)
        board.pop()
    return total


# --- Move generation: perft. ---

# Published counts: Chess Programming Wiki, "Perft Results",
# https://www.chessprogramming.org/Perft_Results (initial position and position 2, "Kiwipete").
@pytest.mark.parametrize("fen, depth, nodes", [
    (START, 1, 20), (START, 2, 400), (START, 3, 8_902),
    (KIWIPETE, 1, 48), (KIWIPETE, 2, 2_039),
])
def test_perft_matches_published_counts_and_python_chess(fen, depth, nodes):
    game = Chess(fen)
    assert perft(game, game.initial_state, depth) == nodes
    assert perft_python_chess(chess.Board(fen), depth) == nodes


def test_actions_are_the_legal_moves_sorted_by_uci():
    game = Chess(KIWIPETE)
    s = game.initial_state
    assert game.actions(s) == tuple(sorted(m.uci() for m in chess.Board(KIWIPETE).legal_moves))
    assert game.actions(s) == game.actions(s)          # the same order every time
    assert {"e1g1", "e1c1"} <= set(game.actions(s))     # castling, as the king's move


def test_random_games_agree_with_python_chess_ply_by_ply():
    """Actions, noisy actions, FEN, side to move and game end, along seeded random games."""
    rng = random.Random(5)
    game = Chess()
    for _ in range(6):
        board, state = chess.Board(), game.initial_state
        for _ply in range(600):
            assert state.fen == board.fen()
            assert game.to_move(state) == (MAX if board.turn == chess.WHITE else MIN)
            over = board.is_game_over(claim_draw=False)
            assert game.is_terminal(state) == over
            if over:
                assert game.actions(state) == ()
                winner = board.outcome(claim_draw=False).winner
                assert game.utility(state, MAX) == {chess.WHITE: 1, chess.BLACK: -1, None: 0}[winner]
                break
            legal = {m.uci(): m for m in board.legal_moves}
            assert game.actions(state) == tuple(sorted(legal))
            noisy = [u for u in sorted(legal) if board.is_capture(legal[u]) or legal[u].promotion]
            assert game.noisy_actions(state) == tuple(noisy)
            move = rng.choice(game.actions(state))
            state = game.result(state, move)
            board.push_uci(move)


# --- The end of the game. ---

def test_fools_mate_is_a_win_for_black():
    game = Chess()
    s = play(game, FOOLS_MATE)
    assert game.is_terminal(s) and game.actions(s) == () and game.noisy_actions(s) == ()
    assert game.outcome(s) == "checkmate"
    assert game.utility(s, MIN) == 1 and game.utility(s, MAX) == -1
    assert not game.is_terminal(play(game, FOOLS_MATE[:3]))


def test_a_white_mate_is_plus_one_for_white_and_win_scales_it():
    back_rank = "6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1"
    for win in (1, 1000):
        game = Chess(back_rank, win=win)
        s = game.result(game.initial_state, "d1d8")
        assert game.utility(s, MAX) == win and game.utility(s, MIN) == -win


def test_stalemate_and_insufficient_material_are_draws():
    game = Chess()
    for fen, why in [(STALEMATE, "stalemate"), ("8/8/8/4k3/8/8/8/4K3 w - - 0 1", "insufficient material"),
                     ("8/8/8/4k3/8/8/8/3BK3 b - - 0 1", "insufficient material")]:
        s = Chess.state(fen)
        assert game.is_terminal(s) and game.outcome(s) == why
        assert game.actions(s) == ()
        assert game.utility(s, MAX) == game.utility(s, MIN) == 0


def test_utility_of_an_unfinished_game_is_an_error():
    game = Chess()
    with pytest.raises(GameError, match="not over"):
        game.utility(game.initial_state, MAX)


def test_seventy_five_move_rule_ends_the_game():
    game = Chess("4k3/8/8/8/8/8/4P3/4K3 w - - 149 120")
    s = game.initial_state
    assert not game.is_terminal(s)
    after = game.result(s, "e1d1")                        # the 150th quiet half-move
    assert game.is_terminal(after) and game.outcome(after) == "seventyfive moves"
    assert game.utility(after, MAX) == 0
    assert not game.is_terminal(game.result(s, "e2e4"))   # a pawn move resets the clock


def test_fivefold_repetition_ends_the_game_as_in_python_chess():
    game, board = Chess(), chess.Board()
    s = game.initial_state
    for ply, move in enumerate(KNIGHT_SHUFFLE * 4, start=1):
        s = game.result(s, move)
        board.push_uci(move)
        assert game.is_terminal(s) == board.is_game_over(claim_draw=False) == (ply == 16)
    assert game.outcome(s) == "fivefold repetition" and game.utility(s, MAX) == 0
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.result(s, "g1f3")
    # The FEN alone does not know the history: the same position afresh goes on.
    assert not game.is_terminal(Chess.state(s.fen))


def test_an_irreversible_move_forgets_the_history():
    game, board = Chess(), chess.Board()
    s = play(game, KNIGHT_SHUFFLE * 3)
    assert len(s.history) == 12                 # the start position has occurred 4 times
    s = play(game, ["e2e4", "e7e5"], s)
    assert s.history == ()                      # positions before a pawn move cannot come back
    for move in KNIGHT_SHUFFLE * 3 + ["e2e4", "e7e5"]:
        board.push_uci(move)
    for ply, move in enumerate(KNIGHT_SHUFFLE * 4, start=1):
        s = game.result(s, move)
        board.push_uci(move)
        assert game.is_terminal(s) == board.is_game_over(claim_draw=False) == (ply == 16)


# --- States and moves. ---

def test_states_are_immutable_values_and_result_never_mutates():
    game = Chess(KIWIPETE)
    s = game.initial_state
    before = (s, hash(s), game.render(s), game.actions(s))
    children = {game.result(s, a) for a in game.actions(s)}
    assert len(children) == 48
    assert (s, hash(s), game.render(s), game.actions(s)) == before
    assert game.result(s, "e1g1") == game.result(s, "e1g1")
    # A board handed out is a copy: changing it changes nothing in the game.
    board = game.board(s)
    board.push_uci("e1g1")
    board.clear()
    assert game.actions(s) == before[3] and game.board(s).fen() == KIWIPETE
    with pytest.raises(AttributeError):
        s.fen = START


def test_transpositions_meet_after_an_irreversible_move():
    game = Chess()
    one = play(game, ["e2e4", "d7d5", "g1f3", "d5e4"])
    two = play(game, ["g1f3", "d7d5", "e2e4", "d5e4"])
    assert one == two and hash(one) == hash(two) and one.history == ()
    # Before the capture the placements are equal, but the half-move clock and history are not.
    one, two = play(game, ["e2e4", "d7d5", "g1f3"]), play(game, ["g1f3", "d7d5", "e2e4"])
    assert one.fen.split()[:4] == two.fen.split()[:4]
    assert one != two and (one.history, two.history) != ((), ()) and two.history == ()


def test_state_normalises_and_rejects_bad_positions():
    assert Chess.state(START) == ChessState(START, ()) == Chess().initial_state
    for bad, match in [("not a fen", "not a valid FEN"), ("8/8/8/8/8/8/8/8 w - - 0 1", "no white king"),
                       ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "bad castling rights"),
                       ("3Qk3/8/8/8/8/8/8/4K3 w - - 0 1", "opposite check"),
                       ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawns on backrank")]:
        with pytest.raises(ValueError, match=match):
            Chess(bad)
    with pytest.raises(ValueError, match="FEN string"):
        Chess.state(None)
    with pytest.raises(ValueError, match="win"):
        Chess(win=0)


def test_something_else_than_a_state_is_named():
    game = Chess()
    with pytest.raises(GameError, match="not a chess state"):
        game.actions(START)               # a FEN string, not a state
    with pytest.raises(GameError, match="not a valid FEN"):
        game.actions(ChessState("rubbish"))


@pytest.mark.parametrize("move, match", [
    ("e2e5", "'e2e5' is not a legal move in the position " + START),
    ("e7e5", "'e7e5' is not a legal move"),             # Black's move, White to play
    ("e1g1", "'e1g1' is not a legal move"),             # castling through pieces
    ("e2e4q", "'e2e4q' is not a legal move"),
    ("E2E4", "not a move in UCI notation"),
    ("castle", "not a move in UCI notation"),
    (12, "not a move: chess actions are UCI strings"),
    (chess.Move.from_uci("e2e4"), "not a move: chess actions are UCI strings"),
])
def test_illegal_moves_raise_and_name_the_move_and_the_position(move, match):
    game = Chess()
    with pytest.raises(IllegalMoveError, match=re.escape(match)) as info:
        game.result(game.initial_state, move)
    assert START in str(info.value)


def test_to_move_and_repr():
    game = Chess()
    s = game.initial_state
    assert game.to_move(s) == MAX and game.to_move(game.result(s, "e2e4")) == MIN
    assert repr(game) == "Chess()"
    assert repr(Chess(STALEMATE, win=100)) == f"Chess({STALEMATE!r}, win=100)"


# --- Noisy moves. ---

def test_noisy_actions_are_exactly_captures_and_promotions():
    # White: b7 may promote (and capture on a8 or c8), e4 may take d5, e5 may take d6 en passant.
    fen = "r1n1k3/1P6/8/3pPp2/4P3/8/8/4K3 w - f6 0 1"
    game = Chess(fen)
    s = game.initial_state
    noisy = game.noisy_actions(s)
    assert set(noisy) <= set(game.actions(s))
    assert list(noisy) == [a for a in game.actions(s) if a in noisy]     # same order
    promotions = {f"b7{to}{p}" for to in ("a8", "b8", "c8") for p in "bnqr"}
    assert set(noisy) == promotions | {"e4d5", "e4f5", "e5f6"}           # e5f6 is en passant
    assert Chess().noisy_actions(Chess().initial_state) == ()
    assert "e1d2" in game.actions(s) and "e1d2" not in noisy


def test_noisy_actions_in_kiwipete():
    # 8 captures among the 48 moves (Chess Programming Wiki, "Perft Results", position 2).
    game = Chess(KIWIPETE)
    board = chess.Board(KIWIPETE)
    assert len(game.noisy_actions(game.initial_state)) == 8 == sum(map(board.is_capture, board.legal_moves))


# --- Material. ---

def test_material_weights():
    assert MATERIAL == {"P": 1, "N": 3, "B": 3, "R": 5, "Q": 9}


@pytest.mark.parametrize("fen, white", [
    (START, 0),
    (KIWIPETE, 0),
    ("4k3/8/8/8/8/8/8/RNB1K3 w - - 0 1", 11),
    ("3qk3/pppppppp/8/8/8/8/8/4K3 b - - 0 1", -17),
    ("rnbqkbnr/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", 8 - 31),
    ("4k3/8/8/8/8/8/8/QQQ1K3 w - - 0 1", 27),
])
def test_material_on_hand_made_positions(fen, white):
    s = Chess.state(fen)
    assert Chess.material(s, MAX) == white == Chess.material(s)
    assert Chess.material(s, MIN) == -white
    assert Chess(fen).material(s, MIN) == -white     # also through an instance


def test_material_changes_by_the_captured_piece():
    game = Chess()
    s = play(game, ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3"])
    assert Chess.material(s) == 0
    s = play(game, ["e2e4", "d7d5", "e4d5"])
    assert Chess.material(s, MAX) == 1


# --- The lecture's two positions of equal material. ---

def test_demo_positions_have_equal_material():
    real, lost = Chess.state(EQUAL_MATERIAL_REAL), Chess.state(EQUAL_MATERIAL_QUEEN_LOST)
    assert Chess.material(real) == Chess.material(lost) == -5
    assert real.fen == EQUAL_MATERIAL_REAL and lost.fen == EQUAL_MATERIAL_QUEEN_LOST
    game = Chess()
    assert game.to_move(real) == game.to_move(lost) == MAX
    assert game.noisy_actions(real) == game.noisy_actions(lost) == ()   # no capture now


@pytest.mark.parametrize("depth, real, lost", [(0, -5, -5), (1, -5, -5), (2, -5, -5), (3, -5, 4), (4, -5, 4)])
def test_the_horizon_depth_limited_alphabeta(depth, real, lost):
    values = [alphabeta(Chess(fen), depth=depth, evaluate=Chess.material).value
              for fen in (EQUAL_MATERIAL_REAL, EQUAL_MATERIAL_QUEEN_LOST)]
    assert values == [real, lost]


def test_the_queen_is_lost_to_a_knight_fork_whatever_black_does():
    """Checked by hand with python-chess: 1. Nc7+ forces the king away, then 2. Nxa8 stands."""
    board = chess.Board(EQUAL_MATERIAL_QUEEN_LOST)
    board.push_uci("d5c7")
    assert board.is_check()
    replies = sorted(m.uci() for m in board.legal_moves)
    assert replies == ["e8d7", "e8d8", "e8e7", "e8f8"]
    for reply in replies:
        board.push_uci(reply)
        capture = chess.Move.from_uci("c7a8")
        assert capture in board.legal_moves and board.piece_at(chess.A8).symbol() == "q"
        board.push(capture)
        assert not board.is_attacked_by(chess.BLACK, chess.A8)   # the knight is not taken back
        assert Chess.material(Chess.state(board.fen())) == 4
        board.pop()
        board.pop()
    r = alphabeta(Chess(EQUAL_MATERIAL_QUEEN_LOST), depth=3, evaluate=Chess.material)
    assert r.pv == ("d5c7", "e8d7", "c7a8")


def test_depth_limited_minimax_agrees_with_alphabeta_on_the_demo():
    for fen in (EQUAL_MATERIAL_REAL, EQUAL_MATERIAL_QUEEN_LOST):
        game = Chess(fen)
        assert (minimax(game, depth=2, evaluate=Chess.material).value
                == alphabeta(game, depth=2, evaluate=Chess.material).value)


# --- Looking at positions. ---

def test_render():
    game = Chess()
    assert game.render(game.initial_state) == "\n".join([
        "8 r n b q k b n r",
        "7 p p p p p p p p",
        "6 . . . . . . . .",
        "5 . . . . . . . .",
        "4 . . . . . . . .",
        "3 . . . . . . . .",
        "2 P P P P P P P P",
        "1 R N B Q K B N R",
        "  a b c d e f g h",
        "White to move",
    ])
    s = game.result(game.initial_state, "e2e4")
    text = game.render(s, unicode=True)
    assert text.splitlines()[0] == "8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜" and text.endswith("Black to move")


def test_draw_state_draws_a_readable_board():
    from matplotlib.figure import Figure
    from matplotlib.patches import Circle, PathPatch, Rectangle

    game = Chess()
    fig = Figure(figsize=(1.5, 1.5), dpi=100)
    ax = fig.add_subplot()
    mated = play(game, FOOLS_MATE)
    assert game.draw_state(mated, ax) is ax
    patches = ax.artists + ax.patches
    squares = [p for p in patches if isinstance(p, Rectangle) and p.get_facecolor()[3] > 0]
    pieces = [p for p in patches if isinstance(p, PathPatch)]
    # 64 squares and the red square of the king in check; a white piece is two paths, a black one.
    assert len(squares) == 65
    assert len(pieces) == 16 * 2 + 16
    assert sum(isinstance(p, Circle) for p in patches) == 1     # whose move it is
    fig.savefig(io.BytesIO(), format="png")
    fig2 = Figure(figsize=(1.5, 1.5))
    game.draw_state(mated, fig2.add_subplot(), highlight=False)


def test_quiescence_fixes_the_horizon_effect_of_the_queen_position():
    from advsearch import alphabeta

    game = Chess(win=1000)
    real, queen = Chess.state(EQUAL_MATERIAL_REAL), Chess.state(EQUAL_MATERIAL_QUEEN_LOST)
    # at depth 2 the search stops with the queen still hanging: both look like -5
    assert alphabeta(game, real, depth=2, evaluate=Chess.material).value == -5
    assert alphabeta(game, queen, depth=2, evaluate=Chess.material).value == -5
    # following the captures past the horizon finds the win of the queen, and only there
    fixed = alphabeta(game, queen, depth=2, evaluate=Chess.material, quiescence=True)
    assert (fixed.value, fixed.move) == (4, "d5c7") and fixed.stats.quiescence_nodes > 0
    assert alphabeta(game, real, depth=2, evaluate=Chess.material, quiescence=True).value == -5
