"""What the board games share: the card a game draws its state on, the players' colours, the heap games' tokens, and the check of n-player bitboard states.

Drawing (each game's ``draw_state``)
    :func:`board_card` makes an axes a blank [0, 1] square with a light card
    on it.  The heap games (Nim, Grundy) draw their tokens with
    :func:`add_token`, in the colours :data:`TOKEN` and :data:`TOKEN_EDGE`,
    and leave :data:`BOARD_MARGIN` free around them, so that their pictures
    look alike.  :func:`add_key` writes a key under a board (which disc or
    mark is which player), in :data:`KEY_FONT`.  :data:`PLAYER_COLOURS` is
    the players' palette, shared by the n-player boards (Virus, Chinese
    Checkers) and the drawn trees (``advsearch.drawing``), so that a player
    has one colour on a board and at its nodes.

Describing
    :func:`describe_board` gives a board drawn on an Axes its alternative
    text, :func:`board_words`: the game, whose move it is, and the board in
    the game's text form (``render``), row by row.  Each ``draw_state``
    calls it, so a board says what it shows wherever it is drawn.

Checking
    :func:`check_player_boards` checks the state of an n-player game kept as
    one bitboard per player (Virus, Chinese Checkers).
"""

from __future__ import annotations

from ..game import player_name


#: The space a board leaves free on each side of the card, as a fraction of the card's side.
BOARD_MARGIN = 0.1

#: The size (pt) of a board's key: at least the pictures' least font, ``drawing.mpl.style.MIN_FONT`` (11 pt).
KEY_FONT = 12.0

#: Players' colours, in player order, on n-player boards and in n-player trees: the Okabe–Ito
#: palette, which stays distinct under the common colour-vision deficiencies (Okabe & Ito 2008).
PLAYER_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000")

def luminance(colour: str) -> float:
    """WCAG 2.1 relative luminance of an sRGB colour ``#rrggbb``."""
    rgb = [int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def mark_ink(face: str) -> str:
    """Black or white, whichever reads better on ``face`` (``#rrggbb``): the colour of a player's mark.

    >>> mark_ink("#F0E442"), mark_ink("#0072B2"), mark_ink("#000000")
    ('#000000', '#FFFFFF', '#FFFFFF')
    """
    if not (face.startswith("#") and len(face) == 7):
        return "#000000"                   # a colour by name: black
    lum = luminance(face)
    return "#000000" if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else "#FFFFFF"


#: The shape each player's pieces carry on an n-player board (a regular polygon's number of corners, 0 a
#: dot, and its turn in degrees), so that players differ by more than colour (WCAG 1.4.1): P0 a dot, P1 a
#: triangle, P2 a square, P3 a diamond, P4 a pentagon, P5 a hexagon, P6 a triangle pointing down, P7 a dot.
PLAYER_SHAPES = ((0, 0), (3, 0), (4, 45), (4, 0), (5, 0), (6, 0), (3, 180), (0, 0))


def add_player_marks(ax, owners, radius, zorder=4):
    """Draw each player's shape (:data:`PLAYER_SHAPES`) on its pieces; ``owners`` is [(player, (x, y)), ...].

    ``radius`` is the shape's size in the card's units; the shape is black or
    white, whichever reads better on the player's colour.  Returns the
    PatchCollection (gid ``"player marks"``), or None if there are no pieces.

    >>> from matplotlib.figure import Figure
    >>> ax = board_card(Figure(figsize=(1, 1)).add_subplot())
    >>> marks = add_player_marks(ax, [(0, (0.3, 0.3)), (1, (0.6, 0.6))], 0.05)
    >>> len(marks.get_paths()), marks.get_gid()
    (2, 'player marks')
    """
    import math

    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Circle, RegularPolygon

    shapes, inks = [], []
    for player, centre in owners:
        corners, turn = PLAYER_SHAPES[player % len(PLAYER_SHAPES)]
        if corners:
            shapes.append(RegularPolygon(centre, corners, radius=radius, orientation=math.radians(turn)))
        else:
            shapes.append(Circle(centre, radius * 0.6))
        inks.append(mark_ink(PLAYER_COLOURS[player % len(PLAYER_COLOURS)]))
    if not shapes:
        return None
    marks = PatchCollection(shapes, facecolors=inks, edgecolors="none", zorder=zorder)
    marks.set_gid("player marks")
    return ax.add_collection(marks, autolim=False)


#: The fill and outline colours of a heap game's tokens (Nim's sticks, Grundy's tokens): amber.
TOKEN, TOKEN_EDGE = "#e39b2d", "#8a5410"


def board_card(ax, face="#fbfaf5", edge="#9a9a9a"):
    """Make ``ax`` a blank [0, 1] square, axes off, with a light rounded card to draw a board on.

    Boards add their shapes with ``add_artist`` rather than ``add_patch``: the
    limits are fixed, so the data-limit bookkeeping of ``add_patch`` would only
    cost time, several times the drawing itself when a tree shows many boards.
    """
    from matplotlib.patches import FancyBboxPatch

    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.add_artist(FancyBboxPatch((0.015, 0.015), 0.97, 0.97, boxstyle="round,pad=0,rounding_size=0.07",
                                 facecolor=face, edgecolor=edge, linewidth=0.8, zorder=0))
    return ax


def board_words(game, state) -> str:
    """A position in words: the game, whose move it is (or that it is over), and its text form row by row.

    >>> from advsearch import TicTacToe
    >>> g = TicTacToe()
    >>> board_words(g, g.result(g.initial_state, 4))
    'TicTacToe position, MIN to move. The board as text, row by row: . . . / . X . / . . .'
    """
    name = type(game).__name__
    if game.is_terminal(state):
        status = "the game is over"
    else:
        mover = game.to_move(state)
        names = getattr(game, "player_names", None)
        n = getattr(game, "num_players", 2)
        who = str(names[mover]) if names is not None and 0 <= mover < len(names) else player_name(mover, n)
        status = f"{who} to move" if mover >= 0 else "chance to move"
    render = getattr(game, "render", None)     # a duck-typed game may have none
    text = render(state) if render is not None else repr(state)
    rows = [" ".join(line.split()) for line in str(text).splitlines() if line.strip()]
    return f"{name} position, {status}. The board as text, row by row: {' / '.join(rows)}"


def describe_board(ax, game, state):
    """Give the board drawn on ``ax`` its alternative text (:func:`board_words`); return ``ax``.

    The text is the Axes' ``advsearch_alt``, which the figure's alternative
    text (:func:`advsearch.drawing.mpl.alt.alt_text`) reads.
    """
    ax.advsearch_alt = board_words(game, state)
    return ax


def add_key(ax, entries, title=None):
    """A key under the board on ``ax``: one round swatch and its words per entry, in one row.

    ``entries`` is a list of ``(words, face colour, edge colour)``, or
    ``(words, face colour, edge colour, ring colour)`` for a swatch with a
    ring inside, as the pieces it names have.  Returns the matplotlib Legend
    (gid ``"key"``), sized :data:`KEY_FONT`.

    >>> from matplotlib.figure import Figure
    >>> ax = board_card(Figure(figsize=(3, 3)).add_subplot())
    >>> key = add_key(ax, [("X (MAX)", "red", "black"), ("O (MIN)", "gold", "black")])
    >>> [t.get_text() for t in key.get_texts()], key.get_texts()[0].get_fontsize()
    (['X (MAX)', 'O (MIN)'], 12.0)
    """
    from matplotlib.lines import Line2D

    def swatch(face, edge, ring=None):
        disc = Line2D([], [], marker="o", linestyle="none", markersize=KEY_FONT, markerfacecolor=face,
                      markeredgecolor=edge, markeredgewidth=0.8)
        return disc if ring is None else (disc, Line2D([], [], marker="o", linestyle="none",
                                                       markersize=KEY_FONT * 0.6, markerfacecolor="none",
                                                       markeredgecolor=ring, markeredgewidth=1.0))

    handles = [swatch(*entry[1:]) for entry in entries]
    key = ax.legend(handles=handles, labels=[entry[0] for entry in entries], loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=len(handles),
                    frameon=False, fontsize=KEY_FONT, title=title, title_fontsize=KEY_FONT, handletextpad=0.3,
                    columnspacing=1.2, borderaxespad=0.1)
    key.set_gid("key")
    return key


def add_token(ax, x, y, width, height, rounding):
    """Draw one token of a heap game: a box in the :data:`TOKEN` colours, lower left at ``(x, y)``.

    ``rounding`` is the radius of its corners, in the card's units; the
    token lies above the card and a heap's slot (``zorder`` 2).

    >>> from matplotlib.figure import Figure
    >>> ax = board_card(Figure(figsize=(1, 1)).add_subplot())
    >>> patch = add_token(ax, 0.4, 0.4, 0.1, 0.2, rounding=0.02)
    >>> patch.get_facecolor()[:3] == patch.get_edgecolor()[:3], patch.get_zorder()
    (False, 2)
    """
    from matplotlib.patches import FancyBboxPatch

    return ax.add_artist(FancyBboxPatch((x, y), width, height, boxstyle=f"round,pad=0,rounding_size={rounding}",
                                        facecolor=TOKEN, edgecolor=TOKEN_EDGE, linewidth=0.4, zorder=2))


def check_player_boards(state, *, game, players, full, max_moves, cell="cell"):
    """Check a state ``(boards, to_move, plies)`` with one bitboard per player; return it unpacked.

    The shared check of the n-player board games (Virus, Chinese Checkers):
    the shape, every board inside ``full``, no ``cell`` held twice, the move
    count within ``0..max_moves`` and a player to move in ``0..players-1``.
    Raises GameError naming what is wrong; returns ``(boards, to_move, plies, where)``
    where ``where`` starts the game's own further messages.

    >>> check_player_boards(((1, 2), 0, 0), game="Demo", players=2, full=3, max_moves=5)[:3]
    ((1, 2), 0, 0)
    >>> check_player_boards(((1, 1), 0, 0), game="Demo", players=2, full=3, max_moves=5)
    Traceback (most recent call last):
    advsearch.game.GameError: ((1, 1), 0, 0) is not a legal Demo position: two players hold the same cell
    """
    from ..game import GameError

    try:
        boards, player, plies = state
        ok = isinstance(boards, tuple) and len(boards) == players and all(b.__class__ is int and 0 <= b
                                                                          for b in boards)
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise GameError(f"{state!r} is not a {game} state: a state is (boards, to_move, plies), "
                        f"with one bitboard per player ({players})")
    where = f"{state!r} is not a legal {game} position"
    taken = 0
    for p, b in enumerate(boards):
        if b & ~full:
            raise GameError(f"{where}: P{p} holds a {cell} off the board")
        if b & taken:
            raise GameError(f"{where}: two players hold the same {cell}")
        taken |= b
    if isinstance(plies, bool) or not isinstance(plies, int) or not 0 <= plies <= max_moves:
        raise GameError(f"{where}: the move count must be 0..{max_moves}, not {plies!r}")
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
        raise GameError(f"{where}: the player to move must be 0..{players - 1}, not {player!r}")
    return boards, player, plies, where
