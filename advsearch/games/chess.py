"""Chess, as an adapter over python-chess: a real game in which searches must be cut off.

The rules come from python-chess (the ``chess`` package, installed with the
``chess`` extra); this module only puts them behind the game protocol of
:mod:`advsearch.game`, adds the lecture's material evaluation, and names the
lecture's two positions of equal material (see :data:`EQUAL_MATERIAL_REAL` and
:data:`EQUAL_MATERIAL_QUEEN_LOST`).

State format
    ``ChessState(fen, history)``, an immutable, hashable named tuple.

    ``fen`` is the position in Forsyth-Edwards Notation, exactly as python-chess
    writes it (``Board.fen()``): placement, side to move, castling rights, the
    en passant square only when an en passant capture is legal, the half-move
    clock and the move number.  Equal positions reached by different move
    orders therefore usually have equal FENs.

    ``history`` holds what a FEN cannot: the earlier positions that could still
    repeat.  It is the tuple of *repetition keys* (the first four FEN fields)
    of the positions since the last irreversible move, oldest first; a pawn
    move, a capture, a move that loses castling rights, or a move made while
    en passant was possible empties it, just as python-chess stops looking
    back there.  It is what lets :meth:`Chess.is_terminal` see fivefold
    repetition.  A state made from a FEN alone has an empty history.  Two
    move orders reach equal states when they also agree on this history
    (always, when the last move was a capture or a pawn move); a
    transposition table that should merge every transposition can key on
    ``state.fen`` instead, at the price of ignoring repetitions.

    python-chess's ``Board`` is mutable, so it is never a state.  A board is
    derived from the FEN when needed and kept, read-only, in a bounded cache;
    ``result`` pushes moves on a private copy.  :meth:`Chess.board` hands out
    a fresh board that may be changed freely.

Action format
    A move in UCI notation, a string such as ``"e2e4"``, ``"e1g1"`` (castling
    short) or ``"e7e8q"`` (promotion to a queen).  ``actions()`` lists the legal
    moves sorted as strings, so the order depends only on the position: by
    from-square (file a..h, then rank), to-square, then promotion piece
    (b, n, q, r).

Players
    White is MAX (player 0) and Black is MIN (player 1).  Utility is +1 when
    White has mated, -1 when Black has, and 0 for a draw, from the point of
    view of the player asked (``Chess(win=w)`` scales a win to ``w``).

The horizon effect
    The lecture shows two positions with the same material score in which
    the score means different things: in one Black's material advantage is
    real, in the other White is about to win Black's queen.  The figure is
    not reproduced here; :data:`EQUAL_MATERIAL_REAL` and
    :data:`EQUAL_MATERIAL_QUEEN_LOST` are two positions of our own that make
    the same point.  Both score -5 for White, what a knight and two pawns
    are worth, and alpha-beta cut off at depth 2 and scored with material
    agrees:

    >>> from advsearch.search import alphabeta
    >>> real, lost = Chess(EQUAL_MATERIAL_REAL), Chess(EQUAL_MATERIAL_QUEEN_LOST)
    >>> [alphabeta(g, depth=2, evaluate=Chess.material).value for g in (real, lost)]
    [-5, -5]

    One ply deeper the second position turns round: White forks king and
    queen with the knight, and takes the queen.

    >>> [alphabeta(g, depth=3, evaluate=Chess.material).value for g in (real, lost)]
    [-5, 4]
    >>> alphabeta(lost, depth=3, evaluate=Chess.material).pv
    ('d5c7', 'e8d7', 'c7a8')

    At depth 2 the capture lay just past the horizon: the search stopped in
    a position where a capture was pending.  Searching the captures at the
    depth limit (quiescence search, with :meth:`Chess.noisy_actions`) sees it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

try:
    import chess as _chess
except ImportError as error:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        "advsearch.games.chess needs python-chess; install it with "
        "`pip install advsearch[chess]` (or `pip install chess`)"
    ) from error

from ..game import MAX, MIN, Game, GameError, IllegalMoveError
from .boards import add_key, board_card, describe_board

__all__ = [
    "Chess",
    "ChessState",
    "MATERIAL",
    "START",
    "KIWIPETE",
    "EQUAL_MATERIAL_REAL",
    "EQUAL_MATERIAL_QUEEN_LOST",
]

#: The lecture's piece values: pawn 1, knight and bishop 3, rook 5, queen 9.
#: Kings are not counted: neither side can be without one.
MATERIAL = {"P": 1, "N": 3, "B": 3, "R": 5, "Q": 9}

#: The standard starting position.
START = _chess.STARTING_FEN

#: "Kiwipete", Peter McKenzie's position for testing move generators: castling
#: both ways, en passant, promotions-to-be and pins, with 48 legal moves.
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

# Each character of a FEN placement field, with its material from White's side.
_SIGNED = {**MATERIAL, **{piece.lower(): -value for piece, value in MATERIAL.items()}}


class ChessState(NamedTuple):
    """A chess position: its FEN, and the earlier positions that could still repeat.

    See the module docstring for the format.  Make one with :meth:`Chess.state`.
    """

    fen: str
    history: tuple = ()


def _repetition_key(fen: str) -> str:
    """The part of a FEN that decides whether two positions repeat: its first four fields.

    >>> _repetition_key("8/8/8/4k3/8/8/8/4K3 w - - 12 40")
    '8/8/8/4k3/8/8/8/4K3 w - -'
    """
    return fen.rsplit(" ", 2)[0]


class _Position:
    """What the rules say about one FEN, worked out once: the board and its legal moves.

    ``board`` is shared through the cache and must never be changed.
    """

    __slots__ = ("board", "moves", "_noisy", "_outcome")

    def __init__(self, fen: str):
        self.board = board = _chess.Board(fen)
        # Legal moves by UCI string, in the documented (sorted) order.
        self.moves = dict(sorted((move.uci(), move) for move in board.legal_moves))
        self._noisy = self._outcome = None

    def noisy(self) -> tuple:
        if self._noisy is None:
            board = self.board
            self._noisy = tuple(uci for uci, move in self.moves.items()
                                if move.promotion or board.is_capture(move))
        return self._noisy

    def outcome(self):
        """python-chess's Outcome without claims, or False; fivefold is checked by the caller."""
        if self._outcome is None:
            self._outcome = self.board.outcome(claim_draw=False) or False
        return self._outcome


@lru_cache(maxsize=4096)
def _position(fen: str) -> _Position:
    return _Position(fen)


def _look(state) -> _Position:
    """The cached facts of ``state``, or a clear error when it is not a chess state."""
    try:
        fen = state.fen
    except AttributeError:
        raise GameError(f"{state!r} is not a chess state; make one with Chess().state(fen)") from None
    try:
        return _position(fen)
    except ValueError as error:
        raise GameError(f"{fen!r} is not a valid FEN: {error}") from None


def _is_fivefold(state) -> bool:
    """Whether the current position has now occurred five times (FIDE Laws, article 9.6.1)."""
    return len(state.history) >= 8 and state.history.count(_repetition_key(state.fen)) >= 4


class Chess(Game):
    """Chess from a given position, White (MAX) against Black (MIN).

    Parameters
    ----------
    fen : str, optional
        The initial position in Forsyth-Edwards Notation; the standard start
        when None.  It must be a legal chess position (one king each, no
        pawns on the back ranks, the side not to move not in check, ...).
    win : number
        The utility of a win (a loss is ``-win``, a draw 0).  The default 1 is
        the lecture's.  A cut-off search mixes utilities with evaluations, and
        the evaluation must rank every position below a win and above a loss,
        so search with :meth:`material` on a game with ``win`` above any
        material balance, such as ``win=1000``; with ``win=1`` a checkmate
        counts for no more than a pawn.

    Notes
    -----
    The game ends, as in python-chess's ``Board.is_game_over(claim_draw=False)``,
    on checkmate, stalemate, insufficient material, the 75-move rule and
    fivefold repetition; draws that must be claimed (threefold repetition, the
    50-move rule) do not end it.  Move generation is python-chess's and costs
    time linear in the number of legal moves; the moves, noisy moves and the
    outcome of the most recently seen 4,096 positions are cached.

    Perft counts through this adapter match the published ones (Chess
    Programming Wiki, "Perft Results", https://www.chessprogramming.org/Perft_Results):
    20, 400 and 8,902 positions at depth 1-3 from the start.

    Examples
    --------
    >>> from advsearch import MAX, MIN, alphabeta
    >>> from advsearch.games.chess import Chess
    >>> game = Chess()
    >>> s = game.initial_state
    >>> game.to_move(s), len(game.actions(s)), game.actions(s)[:4]
    (0, 20, ('a2a3', 'a2a4', 'b1a3', 'b1c3'))
    >>> for move in ["f2f3", "e7e5", "g2g4", "d8h4"]:   # Fool's mate
    ...     s = game.result(s, move)
    >>> game.is_terminal(s), game.utility(s, MAX), game.utility(s, MIN)
    (True, -1, 1)

    A depth-limited search scores its leaves with material, and needs wins
    on a larger scale.  Here White can take the queen (Rxa2) or mate on the
    back rank (Rd8#); a mate worth 1 looks worse than a material score of +10.

    >>> back_rank = "6k1/5ppp/8/8/8/8/q4PPP/R2R2K1 w - - 0 1"
    >>> for win in (1, 1000):
    ...     r = alphabeta(Chess(back_rank, win=win), depth=1, evaluate=Chess.material)
    ...     print(win, r.move, r.value)
    1 a1a2 10
    1000 d1d8 1000
    """

    num_players = 2

    def __init__(self, fen: str | None = None, *, win=1):
        if isinstance(win, bool) or not isinstance(win, (int, float)) or not win > 0:
            raise ValueError(f"win must be a positive number, the utility of a win, not {win!r}")
        self.win = win
        self.utility_range = (-win, win)
        self.initial_state = self.state(START if fen is None else fen)

    def __repr__(self):
        fen = self.initial_state.fen
        args = [] if fen == START else [repr(fen)]
        if self.win != 1:
            args.append(f"win={self.win!r}")
        return f"Chess({', '.join(args)})"

    # --- The protocol. ---

    @staticmethod
    def state(fen: str) -> ChessState:
        """The state of the position ``fen``, normalised as python-chess writes it, with no history.

        Raises ValueError when ``fen`` is not a FEN of a legal position.

        After 1. e4 Black cannot capture en passant, so the en passant square
        is dropped:

        >>> Chess.state("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").fen
        'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
        >>> Chess.state("8/8/8/4k3/8/8/8/4K3 w KQ - 0 1")
        Traceback (most recent call last):
        ...
        ValueError: '8/8/8/4k3/8/8/8/4K3 w KQ - 0 1' is not a legal chess position: bad castling rights
        """
        if not isinstance(fen, str):
            raise ValueError(f"a chess position is given as a FEN string, not {fen!r}")
        try:
            board = _chess.Board(fen)
        except ValueError as error:
            raise ValueError(f"{fen!r} is not a valid FEN: {error}") from None
        status = board.status()
        if status != _chess.STATUS_VALID:
            problems = [flag.name.lower().replace("_", " ") for flag in _chess.Status if flag and flag in status]
            raise ValueError(f"{fen!r} is not a legal chess position: {', '.join(problems)}")
        return ChessState(board.fen(), ())

    def to_move(self, state) -> int:
        """White (MAX) or Black (MIN), read from the FEN's second field."""
        try:
            return MAX if state.fen.split(" ", 2)[1] == "w" else MIN
        except (AttributeError, IndexError):
            raise GameError(f"{state!r} is not a chess state; make one with Chess().state(fen)") from None

    def actions(self, state) -> tuple:
        """The legal moves in UCI notation, sorted as strings; empty when the game is over."""
        if self.is_terminal(state):
            return ()
        return tuple(_look(state).moves)

    def result(self, state, action) -> ChessState:
        """The state after the move ``action`` (a UCI string); ``state`` is left untouched."""
        position = _look(state)
        move = position.moves.get(action) if isinstance(action, str) else None
        if move is None or self.is_terminal(state):
            raise self._illegal(state, action)
        board = position.board.copy(stack=False)
        board.push(move)
        fen = board.fen()
        # Positions before an irreversible move can never come back (see the module docstring).
        before = state.fen.split(" ")
        after = fen.split(" ", 4)
        if after[4].startswith("0 ") or after[2] != before[2] or before[3] != "-":
            history = ()
        else:
            history = state.history + (" ".join(before[:4]),)
        return ChessState(fen, history)

    def is_terminal(self, state) -> bool:
        """Checkmate, stalemate, insufficient material, the 75-move rule or fivefold repetition."""
        return bool(_look(state).outcome()) or _is_fivefold(state)

    def utility(self, state, player) -> int:
        """``win`` (1 unless given) if ``player`` has won, ``-win`` if they have lost, 0 for a draw."""
        outcome = _look(state).outcome()
        if not outcome:
            if _is_fivefold(state):
                return 0
            raise GameError(f"utility of a position where the game is not over: {state.fen}")
        if outcome.winner is None:
            return 0
        white_won = outcome.winner == _chess.WHITE
        return self.win if white_won == (player == MAX) else -self.win

    def outcome(self, state) -> str | None:
        """Why the game is over, in words (e.g. ``'checkmate'``), or None while it goes on.

        >>> Chess().outcome(Chess.state("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"))
        'stalemate'
        """
        outcome = _look(state).outcome()
        if outcome:
            return outcome.termination.name.lower().replace("_", " ")
        return "fivefold repetition" if _is_fivefold(state) else None

    def _illegal(self, state, action) -> IllegalMoveError:
        where = f"in the position {state.fen}"
        if self.is_terminal(state):
            return IllegalMoveError(f"the game is over ({self.outcome(state)}), so {action!r} cannot be played {where}")
        if not isinstance(action, str):
            return IllegalMoveError(f"{action!r} is not a move: chess actions are UCI strings such as 'e2e4', {where}")
        try:
            _chess.Move.from_uci(action)
        except (ValueError, _chess.InvalidMoveError):
            return IllegalMoveError(f"{action!r} is not a move in UCI notation (such as 'e2e4' or 'e7e8q'), {where}")
        return IllegalMoveError(f"{action!r} is not a legal move {where}")

    # --- For searches with resource limits. ---

    def noisy_actions(self, state) -> tuple:
        """The moves that may swing the material at once: captures (en passant too) and promotions.

        A subsequence of :meth:`actions`, in the same order.  Quiescence search
        keeps searching these past the depth limit, so that material is only
        counted once the position is quiet.

        >>> game = Chess("4k3/1P6/8/3p4/4P3/8/8/4K3 w - - 0 1")
        >>> game.noisy_actions(game.initial_state)
        ('b7b8b', 'b7b8n', 'b7b8q', 'b7b8r', 'e4d5')
        """
        if self.is_terminal(state):
            return ()
        return _look(state).noisy()

    @staticmethod
    def material(state, player=MAX) -> int:
        """The material balance for ``player``: pawn 1, knight and bishop 3, rook 5, queen 9.

        White's material minus Black's for MAX, the negation for MIN.  It has
        the signature of an evaluation function, so ``evaluate=Chess.material``
        gives the lecture's material evaluation (with wins scaled above it:
        see ``win`` in :class:`Chess`).  It reads the FEN and takes time
        linear in its length.

        >>> Chess.material(Chess.state("4k3/8/8/8/8/8/8/RNB1K3 w - - 0 1"), MAX)
        11
        >>> Chess.material(Chess.state(START), MIN)   # the start: level
        0
        """
        placement = state.fen.split(" ", 1)[0]
        balance = sum(_SIGNED.get(c, 0) for c in placement)
        return balance if player == MAX else -balance

    # --- Looking at positions. ---

    def board(self, state):
        """A fresh python-chess ``Board`` of the position, free to change (no move history)."""
        return _look(state).board.copy(stack=False)

    def render(self, state, *, unicode=False) -> str:
        """The board as text, White at the bottom, with ranks, files and the side to move.

        Pieces are letters (upper case White), or chess symbols with
        ``unicode=True``; empty squares are dots.

        >>> print(Chess().render(Chess.state("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")))
        8 . . . . k . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 . . . . P . . .
        1 . . . . K . . .
          a b c d e f g h
        White to move
        """
        board = _look(state).board
        rows = []
        for rank in range(7, -1, -1):
            cells = []
            for file in range(8):
                piece = board.piece_at(_chess.square(file, rank))
                if piece is None:
                    cells.append(".")
                else:
                    cells.append(piece.unicode_symbol() if unicode else piece.symbol())
            rows.append(f"{rank + 1} " + " ".join(cells))
        rows.append("  a b c d e f g h")
        rows.append(("White" if board.turn == _chess.WHITE else "Black") + " to move")
        return "\n".join(rows)

    def draw_state(self, state, ax, *, highlight=True, mover=True, key=False):
        """Draw the board of ``state`` on the matplotlib Axes ``ax`` and return ``ax``.

        The board fills the data square [0, 1] x [0, 1] on a light card, White
        at the bottom, and the axes are turned off.  Pieces are the chess
        symbols of the DejaVu Sans font drawn as filled outlines in data
        coordinates, so the board scales with the axes and stays readable at
        an inch and a half.  A small dot in the right margin shows whose move
        it is: a white dot by White's first rank, a black one by Black's (``key``
        writes this under the board; ``mover=False`` leaves the dot out).  With
        ``highlight`` the square of a king in check is shaded red.

        Parameters
        ----------
        state : ChessState
            The position to draw.
        ax : matplotlib.axes.Axes
            Where to draw; usually a small square axes, e.g. at a tree node.
        highlight : bool
            Shade the square of a king in check.
        mover : bool
            Draw the dot that shows whose move it is.
        key : bool
            Write under the board what the dot means ("White to move" or
            "Black to move").

        Returns
        -------
        matplotlib.axes.Axes

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> ax = Figure(figsize=(1.5, 1.5)).add_subplot()
        >>> Chess().draw_state(Chess.state(START), ax) is ax
        True
        >>> ax = Figure(figsize=(3, 3)).add_subplot()
        >>> [t.get_text() for t in Chess().draw_state(Chess.state(START), ax, key=True).get_legend().get_texts()]
        ['White to move']
        """
        from matplotlib.patches import Circle, PathPatch, Rectangle

        board = _look(state).board
        board_card(ax)
        margin = 0.07
        size = (1 - 2 * margin) / 8
        for rank in range(8):
            for file in range(8):
                x, y = margin + file * size, margin + rank * size
                colour = _DARK if (rank + file) % 2 == 0 else _LIGHT
                ax.add_artist(Rectangle((x, y), size, size, facecolor=colour, edgecolor="none", zorder=1))
        if highlight and board.is_check():
            king = board.king(board.turn)
            x, y = margin + _chess.square_file(king) * size, margin + _chess.square_rank(king) * size
            ax.add_artist(Rectangle((x, y), size, size, facecolor=_CHECK, edgecolor="none", zorder=2))
        ax.add_artist(Rectangle((margin, margin), 1 - 2 * margin, 1 - 2 * margin,
                                facecolor="none", edgecolor=_FRAME, linewidth=0.6, zorder=2))
        for square, piece in board.piece_map().items():
            x = margin + (_chess.square_file(square) + 0.5) * size
            y = margin + (_chess.square_rank(square) + 0.5) * size
            solid, outline = _glyphs(piece.piece_type, x, y, size)
            if piece.color == _chess.WHITE:
                # A white body under the outline symbol, whose strokes give the detail.
                ax.add_artist(PathPatch(solid, facecolor="white", edgecolor="none", zorder=3))
                ax.add_artist(PathPatch(outline, facecolor=_INK, edgecolor="none", zorder=4))
            else:
                ax.add_artist(PathPatch(solid, facecolor=_INK, edgecolor="none", zorder=3))
        # The side to move: a dot in the right margin, by White's first rank or Black's.
        colour = "white" if board.turn == _chess.WHITE else _INK
        if mover:
            y = margin + size / 2 if board.turn == _chess.WHITE else 1 - margin - size / 2
            ax.add_artist(Circle(((1 - margin + _CARD_EDGE) / 2, y), 0.018, facecolor=colour, edgecolor=_INK,
                                 linewidth=0.5, zorder=3))
        if key:
            add_key(ax, [("White to move" if board.turn == _chess.WHITE else "Black to move", colour, _INK)])
        return describe_board(ax, self, state)


_LIGHT, _DARK, _CHECK, _FRAME, _INK = "#eedcb6", "#b88a5e", "#e0584f", "#6b5034", "#1b1b1b"
_CARD_EDGE = 0.985   # the right edge of board_card's card


@lru_cache(maxsize=None)
def _glyph_paths(piece_type: int):
    """The solid (black) and outline (white) chess symbols of a piece, centred at 0, 1 unit high."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.path import Path
    from matplotlib.textpath import TextPath

    prop = FontProperties(family="DejaVu Sans")
    solid_char = chr(0x265A + 6 - piece_type)      # ♚ ♛ ♜ ♝ ♞ ♟ for king..pawn
    outline_char = chr(0x2654 + 6 - piece_type)    # ♔ ♕ ♖ ♗ ♘ ♙
    solid = TextPath((0, 0), solid_char, size=1, prop=prop)
    outline = TextPath((0, 0), outline_char, size=1, prop=prop)
    # Centre both on the solid symbol's box, and scale so that the tallest piece is 1 high.
    (x0, y0), (x1, y1) = solid.get_extents().get_points()
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2

    def centred(path):
        vertices = path.vertices.copy()
        vertices[:, 0] -= cx
        vertices[:, 1] -= cy
        return Path(vertices / _GLYPH_HEIGHT, path.codes)

    return centred(solid), centred(outline)


_GLYPH_HEIGHT = 0.73   # the height of every chess symbol in DejaVu Sans at size 1


def _glyphs(piece_type: int, x: float, y: float, size: float):
    """The two symbol paths of a piece, fitted into a square of side ``size`` centred at (x, y)."""
    from matplotlib.path import Path

    scale = 0.84 * size
    out = []
    for path in _glyph_paths(piece_type):
        out.append(Path(path.vertices * scale + (x, y), path.codes))
    return tuple(out)


# --- The lecture's two positions of equal material. ---

#: Black is a knight and two pawns up, and the advantage is real.  White to move.
#:
#: ``8/8/1pn2pk1/p3p2p/P3P2P/8/6K1/8 w - - 0 1``: White has a king and the
#: pawns a4, e4 and h4; Black a king, a knight and the pawns a5, b6, e5, f6 and
#: h5.  Every pawn is blocked by an enemy pawn and every Black pawn that White
#: could reach is defended, so there is nothing to capture for several moves:
#: material scores the position -5 for White, and plain alpha-beta with
#: material gives -5 at every depth from 0 to 6.  Black's extra knight will
#: win the game in the end; the static score was right.
EQUAL_MATERIAL_REAL = "8/8/1pn2pk1/p3p2p/P3P2P/8/6K1/8 w - - 0 1"

#: Black is as far ahead on material as in :data:`EQUAL_MATERIAL_REAL`, but is
#: about to lose the queen.  White to move.
#:
#: ``q3k3/5pp1/8/3N4/8/7P/5PP1/6K1 w - - 0 1``: White has a king, a knight on
#: d5 and the pawns f2, g2 and h3; Black a king on e8, a queen on a8 and the
#: pawns f7 and g7.  Material scores it -5 for White, as in the first position.
#: But 1. Nc7+ checks the king and attacks the queen at once (a fork).  A
#: knight's check cannot be blocked and nothing of Black's reaches c7, so the
#: king must step away (Kd7, Kd8, Ke7 or Kf8), and 2. Nxa8 takes the queen:
#: White is then 4 up (+4), and the knight is not recaptured.
#:
#: The capture comes at the third ply.  Alpha-beta with material to depth 1
#: or 2 stops before it and reports -5, the same as for the first position;
#: at depth 2 its leaves (after 1. Nc7+ Kd7) still show Black's queen on the
#: board, with White to move and able to take it: the leaf is not quiet.
#: From depth 3 on (checked to depth 6) the search gives +4.  Quiescence
#: search, which keeps searching captures at the depth limit, finds +4
#: already at depth 2.
EQUAL_MATERIAL_QUEEN_LOST = "q3k3/5pp1/8/3N4/8/7P/5PP1/6K1 w - - 0 1"
