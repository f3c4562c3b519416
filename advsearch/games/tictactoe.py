"""Tic-tac-toe on bitboards, with every legal position tabulated once.

State format
    An ``int``: bit i (0..8) is set when X holds cell i, bit 9 + i when O holds
    it.  Cells are numbered row by row::

        0 | 1 | 2
        3 | 4 | 5
        6 | 7 | 8

    The empty board is 0.  X moves when both have as many marks, so the player
    to move is the parity of the number of marks.  :meth:`TicTacToe.state`
    builds a state from a picture such as ``"X.O/.X./..O"``.

Action format
    The index 0..8 of an empty cell; ``actions()`` lists them in increasing order.

Speed
    Tic-tac-toe has only 5,478 legal positions (counting each once, and ending
    play at a win).  They are enumerated when the module is imported (a few
    milliseconds) from the rule functions below, and ``to_move``,
    ``is_terminal`` and ``actions`` become dictionary look-ups, so a full
    minimax search spends its time in the search, not in the rules.
"""

from __future__ import annotations

from ..game import MAX, MIN, Game, GameError, IllegalMoveError
from .boards import board_card, describe_board


FULL = 0b111_111_111
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
LINE_MASKS = [sum(1 << cell for cell in line) for line in LINES]


# --- The rules, on the two 9-bit halves x (X's cells) and o (O's cells). ---

def has_line(marks: int) -> bool:
    """Whether a 9-bit set of cells contains three in a row."""
    return any(marks & line == line for line in LINE_MASKS)


def player_of(x: int, o: int) -> int:
    """X (MAX) moves when both players have made as many moves."""
    return MAX if bin(x).count("1") == bin(o).count("1") else MIN


def is_over(x: int, o: int) -> bool:
    return has_line(x) or has_line(o) or (x | o) == FULL


def empty_cells(x: int, o: int) -> tuple:
    return tuple(cell for cell in range(9) if not (x | o) >> cell & 1)


def score_for_x(x: int, o: int) -> int:
    return 1 if has_line(x) else -1 if has_line(o) else 0


def _tabulate():
    """Every legal position reachable from the empty board, with its rules applied."""
    player, terminal, actions, children, utility = {}, {}, {}, {}, {}
    todo = [0]
    while todo:
        s = todo.pop()
        if s in terminal:
            continue
        x, o = s & FULL, s >> 9
        player[s] = player_of(x, o)
        terminal[s] = is_over(x, o)
        if terminal[s]:
            actions[s], children[s] = (), {}
            utility[s] = score_for_x(x, o)
        else:
            actions[s] = empty_cells(x, o)
            shift = 0 if player[s] == MAX else 9
            children[s] = {a: s | 1 << (a + shift) for a in actions[s]}
            todo.extend(children[s].values())
    return player, terminal, actions, children, utility


def _permutations():
    """The 8 symmetries of the square (4 rotations, each with and without a mirror) as cell maps."""
    rotate = [6, 3, 0, 7, 4, 1, 8, 5, 2]      # new cell i holds old cell rotate[i]
    mirror = [2, 1, 0, 5, 4, 3, 8, 7, 6]
    perms, p = [], list(range(9))
    for _ in range(4):
        perms += [p, [p[m] for m in mirror]]
        p = [p[r] for r in rotate]
    return perms


_SYMMETRIES = _permutations()
#: Centre first, then corners, then edges: the cells on most lines first.
_CELL_RANK = [1, 2, 1, 2, 0, 2, 1, 2, 1]


def symmetries(state: int) -> list:
    """The 8 images of a position under rotation and reflection (some may coincide).

    >>> sorted(set(symmetries(TicTacToe().state("X../.../..."))))   # the four corners
    [1, 4, 64, 256]
    """
    x, o = state & FULL, state >> 9
    images = []
    for p in _SYMMETRIES:
        nx = sum(1 << i for i in range(9) if x >> p[i] & 1)
        no = sum(1 << i for i in range(9) if o >> p[i] & 1)
        images.append(nx | no << 9)
    return images


_CANONICAL = {}


def canonical(state: int) -> int:
    """One representative of a position's symmetry class (the smallest image), for transposition tables.

    Tic-tac-toe's 5,478 positions fall into 765 classes.
    """
    try:
        return _CANONICAL[state]
    except KeyError:
        _CANONICAL[state] = c = min(symmetries(state))
        return c


class _Positions(dict):
    """A table keyed by state that names the problem when a state is not a legal position."""

    def __missing__(self, state):
        raise GameError(f"{state!r} is not a legal tic-tac-toe position (see TicTacToe.state)")


_PLAYER, _TERMINAL, _ACTIONS, _CHILDREN, _UTILITY = (_Positions(t) for t in _tabulate())


class TicTacToe(Game):
    """Tic-tac-toe: X (MAX) and O (MIN) take turns marking a 3x3 grid; three in a row wins.

    Utility is +1 for a win, -1 for a loss and 0 for a draw.

    Examples
    --------
    >>> from advsearch import TicTacToe, minimax
    >>> game = TicTacToe()
    >>> s = game.state("XX./OO./...")
    >>> game.to_move(s), game.actions(s)
    (0, (2, 5, 6, 7, 8))
    >>> print(game.render(game.result(s, 2)))
    X X X
    O O .
    . . .
    >>> minimax(game, s).move
    2
    """

    initial_state = 0
    num_players = 2
    utility_range = (-1, 1)

    def __init__(self):
        # The rules are tabulated: these three are plain dictionary look-ups,
        # unless a subclass defines its own.
        for name, table in (("to_move", _PLAYER), ("is_terminal", _TERMINAL), ("actions", _ACTIONS)):
            if getattr(type(self), name) is getattr(Game, name):
                setattr(self, name, table.__getitem__)

    #: Symmetric positions share transposition-table entries (see :func:`canonical`).
    canonical = staticmethod(canonical)

    def move_order(self, state, actions):
        """A move-ordering hint for search: the centre, then corners, then edges."""
        return sorted(actions, key=_CELL_RANK.__getitem__)

    def result(self, state, action):
        try:
            return _CHILDREN[state][action]
        except (KeyError, TypeError):
            raise self._illegal(state, action) from None

    def utility(self, state, player):
        try:
            u = _UTILITY[state]
        except GameError:
            if state in _TERMINAL:
                raise GameError(f"utility of a position where the game is not over:\n{self.render(state)}") from None
            raise
        return u if player == MAX else -u

    def _illegal(self, state, action):
        if state not in _TERMINAL:
            return GameError(f"{state!r} is not a legal tic-tac-toe position (see TicTacToe.state)")
        where = f"in\n{self.render(state)}"
        if _TERMINAL[state]:
            return IllegalMoveError(f"the game is over, so {action!r} cannot be played {where}")
        if not isinstance(action, int) or isinstance(action, bool) or not 0 <= action <= 8:
            return IllegalMoveError(f"{action!r} is not a cell: actions are the cell indices 0..8")
        return IllegalMoveError(f"cell {action} is already taken {where}")

    # --- Reading and writing boards. ---

    def state(self, picture: str) -> int:
        """The state drawn by ``picture``: nine of X, O and '.', read row by row.

        Slashes, spaces and new lines between the marks are ignored.

        >>> TicTacToe().state("X../.O./...")
        8193
        """
        marks = [c for c in picture.upper() if c in "XO."]
        if len(marks) != 9:
            raise ValueError(f"a tic-tac-toe picture has 9 cells of X, O or '.', not {len(marks)}: {picture!r}")
        s = 0
        for cell, mark in enumerate(marks):
            if mark == "X":
                s |= 1 << cell
            elif mark == "O":
                s |= 1 << (cell + 9)
        if s not in _TERMINAL:
            raise GameError(f"{picture!r} cannot arise in play (mark counts or a finished game)")
        return s

    def cells(self, state) -> str:
        """The nine cells as a string of X, O and '.', row by row."""
        return "".join(
            "X" if state >> cell & 1 else "O" if state >> (cell + 9) & 1 else "." for cell in range(9)
        )

    def render(self, state) -> str:
        c = self.cells(state)
        return "\n".join(" ".join(c[row * 3: row * 3 + 3]) for row in range(3))

    @staticmethod
    def positions() -> list:
        """All 5,478 legal positions, in no particular order."""
        return list(_TERMINAL)

    # --- Drawing a board, e.g. at a node of a game tree. ---

    def draw_state(self, state, ax, *, highlight=True):
        """Draw ``state`` as a board on the matplotlib Axes ``ax`` and return ``ax``.

        The board fills the data square [0, 1] x [0, 1] on a light card, and
        the axes are turned off.  X is two red strokes, O a blue ring; with
        ``highlight`` the cells of a completed line are shaded.  Every shape
        is a patch in data coordinates, so the board scales with the axes and
        stays legible at half an inch.

        Parameters
        ----------
        state : int
            A legal position.
        ax : matplotlib.axes.Axes
            Where to draw; usually a small square axes placed at a tree node.
        highlight : bool
            Shade the three cells of a winning line.

        Returns
        -------
        matplotlib.axes.Axes

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> game = TicTacToe()
        >>> ax = Figure(figsize=(1, 1)).add_subplot()
        >>> game.draw_state(game.state("XXX/OO./..."), ax) is ax
        True
        """
        from matplotlib.patches import Annulus, Polygon, Rectangle

        cells = self.cells(state)
        if state not in _TERMINAL:
            raise GameError(f"{state!r} is not a legal tic-tac-toe position (see TicTacToe.state)")
        board_card(ax)
        margin = 0.09
        size = (1 - 2 * margin) / 3

        def centre(cell):
            row, col = divmod(cell, 3)
            return margin + (col + 0.5) * size, 1 - margin - (row + 0.5) * size

        if highlight:
            x, o = state & FULL, state >> 9
            for line, mask in zip(LINES, LINE_MASKS):
                if x & mask == mask or o & mask == mask:
                    for cell in line:
                        cx, cy = centre(cell)
                        ax.add_artist(Rectangle((cx - size / 2, cy - size / 2), size, size,
                                                facecolor=_WIN_SHADE, edgecolor="none", zorder=1))
        rule = 0.022
        for k in (1, 2):
            at = margin + k * size - rule / 2
            ax.add_artist(Rectangle((at, margin), rule, 1 - 2 * margin, facecolor=_GRID, edgecolor="none", zorder=2))
            ax.add_artist(Rectangle((margin, at), 1 - 2 * margin, rule, facecolor=_GRID, edgecolor="none", zorder=2))
        for cell, mark in enumerate(cells):
            cx, cy = centre(cell)
            if mark == "X":
                # Two bars crossing at the centre, each along a diagonal from
                # tip to tip; (nx, ny) is half a bar's width, across the bar.
                reach, across = 0.31 * size, 0.057 * size
                for turn in (1, -1):
                    ux, uy, nx, ny = reach, turn * reach, -turn * across, across
                    ax.add_artist(Polygon(
                        [(cx - ux + nx, cy - uy + ny), (cx + ux + nx, cy + uy + ny),
                         (cx + ux - nx, cy + uy - ny), (cx - ux - nx, cy - uy - ny)],
                        closed=True, facecolor=_X_COLOUR, edgecolor="none", zorder=3))
            elif mark == "O":
                ax.add_artist(Annulus((cx, cy), 0.33 * size, 0.13 * size,
                                      facecolor=_O_COLOUR, edgecolor="none", zorder=3))
        return describe_board(ax, self, state)


_X_COLOUR, _O_COLOUR = "#c62828", "#1565c0"
_GRID, _WIN_SHADE = "#5c5c5c", "#ffe08a"


