"""Connect Four on bitboards: drop discs into columns; four in a row wins.

State format
    A pair of ints ``(x, o)``: the cells held by X (player 0, MAX, red, who
    moves first) and the cells held by O (player 1, MIN, yellow).  Cells are
    numbered column by column from the bottom, with one spare bit above each
    column: the cell in column ``c`` and row ``r`` (row 0 at the bottom) is bit
    ``c * (height + 1) + r``.  On the standard 7x6 board::

        6 13 20 27 34 41 48    <- the spare bits: always 0
        5 12 19 26 33 40 47    <- top row
        4 11 18 25 32 39 46
        3 10 17 24 31 38 45
        2  9 16 23 30 37 44
        1  8 15 22 29 36 43
        0  7 14 21 28 35 42    <- bottom row

    The empty board is ``(0, 0)``.  X moves when both have as many discs, so
    the player to move is the parity of the number of discs.
    :meth:`ConnectFour.state` builds a state from a picture such as
    ``"......./......./......./......./...O.../..XX..."`` (top row first).

    This is the classic bitboard of John Tromp's and Pascal Pons's Connect
    Four solvers.  Shifting a board right by 1, ``height``, ``height + 1`` or
    ``height + 2`` bits moves every disc one cell down, diagonally up-left,
    left, or diagonally down-left, so one AND of a board with its shifted
    copies tests a whole direction at once (see :func:`has_four`).  A run that
    would leave a column over the top or the bottom lands on a spare bit,
    which is always empty, so lines never wrap from one column into the next.

Action format
    A column index 0..width-1, counted from the left.  ``actions()`` lists the
    columns that are not full in increasing order.  Searches that want the
    centre columns first (they are usually the strongest) can use
    :meth:`ConnectFour.move_order`.

Speed
    ``to_move``, ``is_terminal`` and ``result`` are a handful of integer
    operations each; ``actions`` is one dictionary look-up.  Only the player
    who moved last can have four in a row in a position that arose in play,
    so the hot methods test only that player.  A plain alpha-beta search of
    the whole 4x4 game (a draw) visits 62,889 nodes, well under a second.
"""

from __future__ import annotations


from .. import validation
from ..game import MAX, MIN, Game, GameError, IllegalMoveError
from .boards import add_key, board_card, describe_board

__all__ = ["ConnectFour", "has_four", "threat_cells"]

# --- The rules, on bitboards of one player's discs. ---

def has_four(discs: int, height: int) -> bool:
    """Whether a bitboard of one player's discs holds four in a row.

    For each direction, ``discs & (discs >> d)`` keeps the cells whose
    neighbour ``d`` bits further on is also taken (the ends of pairs); doing
    the same with pairs and ``2 * d`` keeps the ends of fours.  The four
    directions are vertical (1), the two diagonals (``height`` and
    ``height + 2``) and horizontal (``height + 1``).

    Parameters
    ----------
    discs : int
        The bits of one player's discs, in the layout of the module docstring.
    height : int
        The number of rows of the board.

    Examples
    --------
    >>> has_four(0b1111, 6)         # rows 0..3 of column 0
    True
    >>> has_four(0b1111 << 7, 6)    # rows 0..3 of column 1
    True
    >>> has_four(0b11 << 4 | 0b11 << 7, 6)    # rows 4, 5 of column 0 and 0, 1 of column 1
    False
    """
    for d in (1, height, height + 1, height + 2):
        pairs = discs & (discs >> d)
        if pairs & (pairs >> 2 * d):
            return True
    return False


def threat_cells(discs: int, height: int) -> int:
    """The cells that would complete a four in a row for ``discs``, taken or not, on or off the board.

    Mask the answer with the empty cells of the board.  Each direction adds
    the cells with three of the player's discs on one side, or two on one
    side and one on the other; vertically only the cell above three counts.

    Examples
    --------
    >>> bin(threat_cells(0b111, 6))             # three in column 0: the cell above
    '0b1000'
    >>> game = ConnectFour(7, 6)
    >>> x, o = game.state("......./......./......./......./...O.../XX.XOO.")
    >>> threat_cells(x, 6) & ~(x | o) == game.cell(2, 0)      # the gap in the bottom row
    True
    """
    out = (discs << 1) & (discs << 2) & (discs << 3)
    for d in (height, height + 1, height + 2):
        before, after = discs << d, discs >> d           # the neighbour on each side is taken
        two_before, two_after = before & (discs << 2 * d), after & (discs >> 2 * d)
        out |= two_before & ((discs << 3 * d) | after) | two_after & (before | (discs >> 3 * d))
    return out


#: The widest and tallest board the game builds (a 64 x 64 board takes a few hundredths of a second).
MAX_SIZE = 64


def _check_size(name, n):
    n = validation.count(name, n)
    if n > MAX_SIZE:
        raise ValueError(f"{name} {n} is more cells than ConnectFour builds: at most {MAX_SIZE} "
                         "(its board tables grow with the area, and no search could look far on such a board)")
    return n


class _Open(dict):
    """Top-row occupancy -> the tuple of columns that are not full, filled in on first use."""

    def __init__(self, tops):
        super().__init__()
        self.tops = tops

    def __missing__(self, occupied):
        columns = self[occupied] = tuple(c for c, top in enumerate(self.tops) if not occupied & top)
        return columns


class ConnectFour(Game):
    """Connect Four: X (MAX) and O (MIN) drop discs into columns; four in a row wins.

    The discs fall to the lowest empty cell of the chosen column.  Four of a
    player's discs in a line (vertical, horizontal or diagonal) win; a full
    board without one is a draw.  Utility is +1 for a win, -1 for a loss and
    0 for a draw.

    Parameters
    ----------
    width, height : int
        Columns and rows, each at least 1 (the standard board is 7 x 6).
        Boards with fewer than four columns and fewer than four rows are
        allowed; every game on them is a draw.

    Attributes
    ----------
    width, height : int
        The board's size.
    windows : tuple of int
        Every line of four cells on the board, as a bitmask, in a fixed order:
        vertical, horizontal, rising and falling diagonal lines, and
        within a direction by the starting cell, column by column from the
        bottom.  The 7x6 board has 69.

    Notes
    -----
    The 7x6 game is a first-player win (Allis 1988; Allen 1990).  John Tromp
    tabulated the values of the smaller boards (https://tromp.github.io/c4/c4.html).

    Examples
    --------
    >>> from advsearch import alphabeta
    >>> game = ConnectFour()
    >>> s = game.state('''
    ...     .......
    ...     .......
    ...     .......
    ...     .......
    ...     ...O...
    ...     ..XX.O.
    ... ''')
    >>> game.to_move(s), game.actions(s)
    (0, (0, 1, 2, 3, 4, 5, 6))
    >>> s = game.result(s, 4)
    >>> print(game.render(s))
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . O . . .
    . . X X X O .
    >>> game.to_move(s), game.is_terminal(s)
    (1, False)
    >>> alphabeta(game, s, depth=2, evaluate=lambda s, p: 0).move    # O must block column 1
    1
    """

    num_players = 2
    utility_range = (-1, 1)
    initial_state = (0, 0)

    def __init__(self, width: int = 7, height: int = 6):
        self.width = w = _check_size("width", width)
        self.height = h = _check_size("height", height)
        self.stride = stride = h + 1
        column = (1 << h) - 1
        self._bottom = tuple(1 << c * stride for c in range(w))
        self._top = tuple(b << (h - 1) for b in self._bottom)
        self._column = tuple(column << c * stride for c in range(w))
        self._full = sum(self._column)
        self._bottom_row = sum(self._bottom)
        # Claimeven: the rows whose empty cells the follower gets (row h-1, h-3, ... from the bottom).
        self._follower_rows = sum(self.cell(c, r) for c in range(w) for r in range(h) if (h - 1 - r) % 2 == 0)
        # For canonical(): O's board packed above X's, and each column's move when reflecting.
        self._o_shift = w * stride
        self._pair_column = column | column << self._o_shift
        self._mirror_shifts = tuple((c * stride, (w - 1 - c) * stride) for c in range(w))
        self._top_row = sum(self._top)
        self._open = _Open(self._top)
        self.windows = tuple(self._windows())
        rank = [abs(2 * c - (w - 1)) for c in range(w)]
        self._centre_rank = rank.__getitem__
        self._centre_first = tuple(sorted(range(w), key=self._centre_rank))

    def _windows(self):
        w, h, stride = self.width, self.height, self.stride
        for dc, dr in ((0, 1), (1, 0), (1, 1), (1, -1)):
            for c in range(w):
                for r in range(h):
                    cells = [(c + k * dc, r + k * dr) for k in range(4)]
                    if all(0 <= cc < w and 0 <= rr < h for cc, rr in cells):
                        yield sum(1 << cc * stride + rr for cc, rr in cells)

    # --- The game protocol. ---

    def to_move(self, state) -> int:
        """X (MAX) moves when the number of discs is even, O (MIN) when it is odd."""
        x, o = state
        return (x | o).bit_count() & 1

    def is_terminal(self, state) -> bool:
        """Whether the player who moved last has four in a row, or the board is full."""
        x, o = state
        taken = x | o
        return taken == self._full or has_four(x if taken.bit_count() & 1 else o, self.height)

    def actions(self, state) -> tuple:
        """The columns that are not full, in increasing order; () when the game is over."""
        if self.is_terminal(state):
            return ()
        x, o = state
        return self._open[(x | o) & self._top_row]

    def result(self, state, action):
        """The state after the player to move drops a disc into column ``action``.

        Raises IllegalMoveError when ``action`` is not a column of the board,
        the column is full, or the game is already over.
        """
        x, o = state
        taken = x | o
        if action.__class__ is not int or not 0 <= action < self.width or taken & self._top[action]:
            return self._result_checked(state, action)
        mover = taken.bit_count() & 1
        if has_four(o if mover == MAX else x, self.height):
            raise self._game_over(state, action)
        disc = (taken + self._bottom[action]) & self._column[action]
        return (x | disc, o) if mover == MAX else (x, o | disc)

    def _result_checked(self, state, action):
        """``result`` for the unusual cases: explain what is wrong, or convert an integer-like column."""
        self._check(state)
        if validation.is_whole_number(action) and 0 <= action < self.width:
            action = int(action)
        if self.is_terminal(state):
            raise self._game_over(state, action)
        if action.__class__ is not int or not 0 <= action < self.width:
            raise IllegalMoveError(
                f"{action!r} is not a column: actions are the column indices 0..{self.width - 1}")
        x, o = state
        if (x | o) & self._top[action]:
            raise IllegalMoveError(f"column {action} is full in\n{self.render(state)}")
        return self.result(state, action)

    def _game_over(self, state, action):
        return IllegalMoveError(f"the game is over, so {action!r} cannot be played in\n{self.render(state)}")

    def utility(self, state, player) -> float:
        """+1 if ``player`` has four in a row, -1 if the opponent has, 0 for a draw (full board)."""
        if not self.is_terminal(state):
            self._check(state)
            raise GameError(f"utility of a position where the game is not over:\n{self.render(state)}")
        x, o = state
        u = 1 if has_four(x, self.height) else -1 if has_four(o, self.height) else 0
        return u if player == MAX else -u

    # --- Helpers for searches, evaluation functions and tests. ---

    def winner(self, state):
        """MAX or MIN if that player has four in a row, else None (checks both players)."""
        x, o = state
        if has_four(x, self.height):
            return MAX
        if has_four(o, self.height):
            return MIN
        return None

    # --- Threats, for exact search (see advsearch.solve). ---

    def winning_action(self, state):
        """A column where the player to move wins at once (the leftmost), or None.

        >>> game = ConnectFour(4, 4)
        >>> game.winning_action(game.state("..../X.../XO../XOO."))   # X to move: column 0
        0
        """
        x, o = state
        taken = x | o
        mine = o if taken.bit_count() & 1 else x
        cells = threat_cells(mine, self.height) & (taken + self._bottom_row) & self._full
        if not cells:
            return None
        return ((cells & -cells).bit_length() - 1) // self.stride

    def value_bounds(self, state):
        """Bounds ``(lo, hi)`` on the value for X that need no search, from two simple rules.

        **Open lines.**  A player can only still win with a line of four that
        holds none of the opponent's discs.  If O has no such line, O cannot
        win (lo = 0); if X has none, X cannot win (hi = 0).

        **Claimeven** (Allis 1988, section 5.2).  When every open column has
        an even number of empty cells, the player who just moved can answer
        each move on top of it, in the same column, to the end of the game.
        The player to move then gets exactly the empty cells on every other
        row, starting with the lowest, and the follower the rest.  If those
        cells give the mover no four, the mover cannot win; if the follower's
        cells do give it a four, the follower wins.

        Both rules look at the final board only, with :func:`has_four`.

        >>> game = ConnectFour(4, 4)
        >>> game.value_bounds(game.state("..../..../..../XO.."))
        (-1, 1)
        >>> game.value_bounds(game.state("..OX/..OO/OXXO/XOXX"))     # X to move; O answers on top
        (-1, 0)
        >>> game.value_bounds(game.state("OXOX/XOXO/XOXO/OXOX"))     # full: nobody can win
        (0, 0)
        """
        x, o = state
        full, height = self._full, self.height
        lo = -1 if has_four(full & ~x, height) else 0
        hi = 1 if has_four(full & ~o, height) else 0
        taken = x | o
        follower_rows = self._follower_rows
        if lo != hi and not (taken + self._bottom_row) & full & follower_rows:
            empty = full & ~taken
            x_moves = not taken.bit_count() & 1
            mover, follower = (x, o) if x_moves else (o, x)
            if not has_four(mover | empty & ~follower_rows, height):
                follower_wins = has_four(follower | empty & follower_rows, height)
                if x_moves:
                    lo, hi = (-1, -1) if follower_wins else (lo, 0)
                else:
                    lo, hi = (1, 1) if follower_wins else (0, hi)
        return lo, hi

    def safe_actions(self, state):
        """The columns after which the opponent cannot win at once, the most promising first.

        For exact search, in a position where the player to move has no
        immediate win (see :meth:`winning_action`).  If the opponent has a
        threat the mover could fill now, only that column is safe; with two
        such threats there is none, and the answer is ``()`` (every move
        loses).  A column whose next cell lies just under an opponent's threat
        is not safe either: playing there lets the opponent complete four.
        The safe columns come sorted by how many threats of the mover's own
        they create, then centre first (Pons 2019).

        >>> game = ConnectFour(4, 4)
        >>> game.safe_actions(game.state("..../..../OO../XXX."))     # O to move: only column 3 blocks
        (3,)
        >>> game.safe_actions(game.state("..../XX../OOO./XXO."))     # X must not play under O's threat
        (2, 0, 1)
        """
        x, o = state
        taken = x | o
        mine, theirs = (o, x) if taken.bit_count() & 1 else (x, o)
        height, empty = self.height, self._full & ~taken
        danger = threat_cells(theirs, height) & empty
        possible = (taken + self._bottom_row) & self._full
        forced = possible & danger
        if forced:
            if forced & (forced - 1):
                return ()
            possible = forced
        possible &= ~(danger >> 1)
        if not possible & (possible - 1):       # one safe column, or none
            return (((possible & -possible).bit_length() - 1) // self.stride,) if possible else ()
        scored = []
        for c in self._centre_first:
            cell = possible & self._column[c]
            if cell:
                scored.append((-(threat_cells(mine | cell, height) & empty & ~cell).bit_count(), c))
        scored.sort()
        return tuple([c for _, c in scored])

    def move_order(self, state, actions):
        """A move-ordering hint for search: the centre column first, then outwards, left before right.

        >>> ConnectFour().move_order(None, range(7))
        [3, 2, 4, 1, 5, 0, 6]
        """
        return sorted(actions, key=self._centre_rank)

    def mirror(self, state):
        """The position reflected left to right (the columns in reverse order).

        >>> game = ConnectFour(4, 4)
        >>> game.render(game.mirror(game.result((0, 0), 0)))
        '. . . .\\n. . . .\\n. . . .\\n. . . X'
        """
        x, o = state
        return self._reflect(x), self._reflect(o)

    def _reflect(self, discs):
        column, stride, last = self._column[0], self.stride, self.width - 1
        out = 0
        for c in range(self.width):
            out |= (discs >> c * stride & column) << (last - c) * stride
        return out

    def canonical(self, state):
        """One representative of a position and its mirror image, for transposition tables.

        Both boards are packed into one int (O's above X's) and reflected
        together; the representative is the one whose packed int is smaller.

        >>> game = ConnectFour(4, 4)
        >>> s = game.result((0, 0), 0)
        >>> game.canonical(s) == game.canonical(game.mirror(s)) in (s, game.mirror(s))
        True
        """
        key = self.table_key(state)
        return key & self._full, key >> self._o_shift

    def table_key(self, state) -> int:
        """One int for a position and its mirror image: the smaller of the two packed boards.

        The key of :func:`advsearch.solve`'s table; an int costs less memory
        than a pair of them.

        >>> game = ConnectFour(4, 4)
        >>> s = game.result((0, 0), 0)
        >>> game.table_key(s) == game.table_key(game.mirror(s))
        True
        """
        x, o = state
        both = x | o << self._o_shift
        image = 0
        for down, up in self._mirror_shifts:
            image |= (both >> down & self._pair_column) << up
        return image if image < both else both

    def heights(self, state) -> tuple:
        """The number of discs in each column, left to right."""
        x, o = state
        taken = x | o
        return tuple((taken >> c * self.stride & self._column[0]).bit_length() for c in range(self.width))

    def playable(self, state) -> int:
        """The bitmask of the cells a disc would land on now: the lowest empty cell of each open column."""
        x, o = state
        taken = x | o
        return (taken + sum(self._bottom)) & self._full

    def cell(self, column: int, row: int) -> int:
        """The bit of the cell in ``column`` (from the left) and ``row`` (from the bottom)."""
        if not (0 <= column < self.width and 0 <= row < self.height):
            raise ValueError(f"({column}, {row}) is not a cell of the {self.width}x{self.height} board")
        return 1 << column * self.stride + row

    # --- Reading and writing boards. ---

    def rows(self, state) -> list:
        """The board as strings of X, O and '.', the top row first."""
        self._check(state)
        x, o = state
        out = []
        for r in reversed(range(self.height)):
            bits = [1 << c * self.stride + r for c in range(self.width)]
            out.append("".join("X" if x & b else "O" if o & b else "." for b in bits))
        return out

    def render(self, state) -> str:
        """A plain-text picture: the top row first, X, O and '.', separated by spaces."""
        return "\n".join(" ".join(row) for row in self.rows(state))

    def state(self, picture: str):
        """The state drawn by ``picture``: ``height`` rows of ``width`` cells, the top row first.

        Cells are X, O (either case) and '.'; rows are separated by new lines
        or '/', and spaces are ignored.  The picture must show a position that
        can arise in play: no disc floats above an empty cell, X has as many
        discs as O or one more, and play did not go on after a win.  (It
        does not look for an order of moves that leads to the position.)

        Raises
        ------
        ValueError
            The picture has the wrong shape or an unknown character.
        GameError
            The picture is well formed, but the position cannot arise in play.

        Examples
        --------
        >>> ConnectFour(4, 4).state("..../..../O.../XX..")
        (33, 2)
        """
        if not isinstance(picture, str):
            raise ValueError(f"a picture is a string of rows, not {picture!r}")
        lines = [line.replace(" ", "").replace("\t", "") for line in picture.replace("/", "\n").splitlines()]
        lines = [line for line in lines if line]
        size = f"{self.width}x{self.height}"
        if len(lines) != self.height:
            raise ValueError(f"a {size} picture has {self.height} rows, not {len(lines)}: {picture!r}")
        x = o = 0
        for i, line in enumerate(lines):
            if len(line) != self.width:
                raise ValueError(f"a {size} picture has rows of {self.width} cells, but row {i + 1} "
                                 f"(from the top) is {line!r}")
            row = self.height - 1 - i
            for c, mark in enumerate(line.upper()):
                if mark not in "XO.":
                    raise ValueError(f"cells are X, O or '.', not {mark!r} (row {i + 1}, column {c})")
                bit = 1 << c * self.stride + row
                if mark == "X":
                    x |= bit
                elif mark == "O":
                    o |= bit
        state = (x, o)
        self._check(state)
        return state

    def _check(self, state):
        """Raise GameError unless ``state`` is a position that can arise in play."""
        try:
            x, o = state
            ok = isinstance(x, int) and isinstance(o, int) and x >= 0 and o >= 0
        except (TypeError, ValueError):
            ok = False
        if not ok:
            raise GameError(f"{state!r} is not a Connect Four state: a state is a pair (x, o) of bitboards")
        where = f"{state!r} is not a legal {self.width}x{self.height} Connect Four position"
        if x & o:
            raise GameError(f"{where}: X and O share a cell")
        taken = x | o
        if taken & ~self._full:
            raise GameError(f"{where}: a bit outside the board is set (see the layout in the module docstring)")
        for c in range(self.width):
            column = taken >> c * self.stride & self._column[0]
            if column & (column + 1):
                raise GameError(f"{where}: in column {c} a disc floats above an empty cell")
        nx, no = x.bit_count(), o.bit_count()
        if nx not in (no, no + 1):
            raise GameError(f"{where}: X has {nx} discs and O has {no}, but X moves first, so X has as "
                            "many discs as O or one more")
        last, other = (x, o) if nx > no else (o, x)
        if has_four(other, self.height):
            name = "X" if other is x else "O"
            raise GameError(f"{where}: {name} has four in a row, but the other player moved after that")
        if has_four(last, self.height):
            # The winning disc must be on top of its column, and taking it away must undo every four.
            tops = self.playable((x, o)) >> 1 | self._top_row & taken
            for c in range(self.width):
                top = tops & self._column[c] & last
                if top and not has_four(last & ~top, self.height):
                    break
            else:
                name = "X" if last is x else "O"
                raise GameError(f"{where}: play went on after {name} had four in a row")

    # --- Drawing a board, e.g. at a node of a game tree. ---

    def draw_state(self, state, ax, *, highlight=True, key=False):
        """Draw ``state`` as a blue board with red and yellow discs on the Axes ``ax``; return ``ax``.

        The board is centred in the data square [0, 1] x [0, 1] on a light
        card, and the axes are turned off.  Empty cells are holes in the card's
        colour.  O's discs carry a ring, like the letter, so that the players
        differ by more than colour.  With ``highlight`` the discs of a four in
        a row get a white dot.  The discs are drawn as one collection, so a tree can show many
        boards quickly.

        Parameters
        ----------
        state : tuple
            A legal position.
        ax : matplotlib.axes.Axes
            Where to draw; usually a small square axes placed at a tree node.
        highlight : bool
            Mark the discs of a winning line.
        key : bool
            Write a key under the board: red is X (MAX, who moves first),
            yellow is O (MIN).

        Returns
        -------
        matplotlib.axes.Axes

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> game = ConnectFour()
        >>> ax = Figure(figsize=(1, 1)).add_subplot()
        >>> game.draw_state(game.state("......./......./......./......./......./...X..."), ax) is ax
        True
        >>> ax = Figure(figsize=(3, 3)).add_subplot()
        >>> [t.get_text() for t in game.draw_state(game.initial_state, ax, key=True).get_legend().get_texts()]
        ['X (MAX)', 'O (MIN)']
        """
        from matplotlib.collections import PatchCollection
        from matplotlib.patches import Circle, FancyBboxPatch

        self._check(state)
        face = "#fbfaf5"
        board_card(ax, face=face)
        w, h = self.width, self.height
        margin = 0.1
        size = (1 - 2 * margin) / max(w, h)          # one cell, square
        left = 0.5 - w * size / 2
        bottom = 0.5 - h * size / 2
        pad = 0.12 * size
        ax.add_artist(FancyBboxPatch(
            (left, bottom), w * size, h * size, boxstyle=f"round,pad={pad},rounding_size={2 * pad}",
            facecolor=_BOARD, edgecolor=_BOARD_EDGE, linewidth=0.6, zorder=1))
        x, o = state
        winning = self._winning_cells(state) if highlight else 0
        discs, colours, dots, rings = [], [], [], []
        for c in range(w):
            for r in range(h):
                bit = 1 << c * self.stride + r
                centre = (left + (c + 0.5) * size, bottom + (r + 0.5) * size)
                discs.append(Circle(centre, 0.39 * size))
                colours.append(_RED if x & bit else _YELLOW if o & bit else face)
                if o & bit:               # O's discs carry a ring, like the letter: not told by colour alone
                    rings.append(Circle(centre, 0.25 * size))
                if winning & bit:
                    dots.append(Circle(centre, 0.13 * size))
        edges = [_RED_EDGE if col == _RED else _YELLOW_EDGE if col == _YELLOW else _BOARD_EDGE for col in colours]
        ax.add_collection(PatchCollection(discs, facecolors=colours, edgecolors=edges, linewidths=0.5,
                                          zorder=2), autolim=False)
        if rings:
            ax.add_collection(PatchCollection(rings, facecolors="none", edgecolors=_YELLOW_EDGE, linewidths=1.0,
                                              zorder=2.5, gid="O rings"), autolim=False)
        if dots:
            ax.add_collection(PatchCollection(dots, facecolors="white", edgecolors="none", zorder=3),
                              autolim=False)
        if key:
            add_key(ax, [("X (MAX)", _RED, _RED_EDGE), ("O (MIN)", _YELLOW, _YELLOW_EDGE, _YELLOW_EDGE)])
        return describe_board(ax, self, state)

    def _winning_cells(self, state) -> int:
        """The cells of every four in a row on the board, as one bitmask."""
        x, o = state
        cells = 0
        for window in self.windows:
            if x & window == window or o & window == window:
                cells |= window
        return cells

    def __repr__(self):
        return f"ConnectFour(width={self.width}, height={self.height})"

    def __eq__(self, other):
        return type(other) is type(self) and (other.width, other.height) == (self.width, self.height)

    def __hash__(self):
        return hash((type(self).__name__, self.width, self.height))


_BOARD, _BOARD_EDGE = "#1f5bb5", "#163f80"
_RED, _RED_EDGE = "#d7263d", "#9c1a2c"
_YELLOW, _YELLOW_EDGE = "#f6c90e", "#b8950a"
