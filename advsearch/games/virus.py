"""The Virus game: n players spread over a rectangular board by infecting squares.

Polk and Oommen introduced the Virus game as a simple n-player test bed for
Best-Reply Search with their Threat-ADS move ordering (S. Polk and B. J.
Oommen, "On applying adaptive data structures to multi-player game
playing"; "Novel threat-based AI strategies that incorporate adaptive data
structures for multi-player board games", Applied Intelligence 48(8),
2018; S. Polk, PhD thesis, Carleton University, 2016).  Their description
gives the idea: each player starts from one square; on a turn a player
infects a square next to one of its own, and that square and the squares
of a configured pattern around it become the player's; the aim is to wipe
out the others.  It leaves the details open, so this module fixes them;
the rules marked *(choice)* are where we chose.

Rules
    * **Board.**  ``width`` x ``height`` squares.  Each player starts with one
      square: by default the corners, in the order top-left, bottom-right,
      top-right, bottom-left (so two players start in opposite corners), or
      the cells given as ``starts``.
    * **Turn order.**  Players 0, 1, ..., n-1 in turn, then round again.
      Player 0 moves first.
    * **A move.**  The player to move picks a square that is *not its own*,
      empty or an opponent's *(choice)*, and is next to one of its squares.
      "Next to" means the 4-neighbourhood, sharing an edge, by default, or
      the 8-neighbourhood, sharing an edge or a corner, with ``adjacency=8``
      *(choice)*.
    * **Infection.**  The picked square and every square of the infection
      ``pattern`` around it that lies on the board become the mover's,
      whether they were empty or an opponent's *(choice)*.  The default
      pattern, ``"plus"``, is the four squares that share an edge with the
      picked one *(choice)*.
    * **Elimination.**  A player left with no squares is out: it can never
      get one back (a move needs a square of one's own), and the turn order
      skips it.
    * **No passes.**  A player that has squares always has a move: on a
      rectangular board some square of its own touches a square that is not,
      unless it holds the whole board, which ends the game.  So the question
      of passing never arises.
    * **End.**  The game ends when one player is left, or after ``max_moves``
      moves in all, counted in plies (one move of one player) rather than
      rounds, which elimination makes uneven *(choice)*; by default two per
      square of the board.  A player who loses squares can take some back on
      its next turn, so wiping one out takes a concerted attack, and most
      games end at the limit: in 100 seeded random games on the default
      board, someone was eliminated in none with two players, 5 with three
      and 23 with four.
    * **Payoffs.**  A player's utility is its share of the occupied squares:
      its squares divided by all players' squares *(choice: not divided by
      the board's size, so that the payoffs sum to 1)*.  They are in [0, 1]
      and sum to 1 (up to float rounding); the last player left gets 1.

State format
    A triple ``(boards, to_move, plies)``:

    * ``boards``: a tuple of one int per player, a bitboard of the squares it
      holds; the square in column ``c`` and row ``r`` (row 0 at the top) is bit
      ``r * width + c``.  On a 4 x 3 board::

          0  1  2  3
          4  5  6  7
          8  9 10 11

    * ``to_move``: the player to move (the next player still in the game
      after the last mover, once the game is over);
    * ``plies``: the number of moves made so far.

    States are tuples of ints: immutable, hashable and cheap to copy.
    :meth:`Virus.state` builds one from a picture such as ``"0../.../..1"``.

Action format
    The number of the square to infect, as above; :meth:`Virus.cell` and
    :meth:`Virus.coords` convert between numbers and ``(column, row)``.
    ``actions()`` lists the squares in increasing order.

Speed
    A move is a few shifts and masks on the bitboards; listing the moves
    shifts the mover's board once per direction.  On the default 5 x 5
    board a player has 2 moves at the start (the corner's two neighbours);
    over 50 seeded random games the mean branching factor is 8.5 with 2
    players, 7.0 with 3 and 6.0 with 4, and at most 14.  A plain depth-3
    max-n search from the position after 20 random moves visits 300-1,000
    nodes, about 0.01 s in CPython 3.11.

Examples
--------
>>> game = Virus(width=4, height=3, players=2)
>>> print(game.render(game.initial_state))
0 . . .
. . . .
. . . 1
>>> game.actions(game.initial_state)      # the squares next to the corner
(1, 4)
>>> s = game.result(game.initial_state, 1)
>>> print(game.render(s))
0 0 0 .
. 0 . .
. . . 1
>>> game.to_move(s), game.counts(s)
(1, (4, 1))
"""

from __future__ import annotations

import numbers

from ..game import Game, GameError, IllegalMoveError, player_name
from .. import validation
from .boards import PLAYER_COLOURS, add_player_marks, board_card, check_player_boards, describe_board


#: The named infection patterns: offsets ``(dx, dy)`` from the infected square,
#: with x to the right and y down.  The infected square itself is always taken.
PATTERNS = {
    "plus": ((0, -1), (-1, 0), (1, 0), (0, 1)),
    "cross": ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    "square": ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)),
    "none": (),
}

#: The most players a board can have: one colour each from the package's palette.
MAX_PLAYERS = 8


class Virus(Game):
    """The Virus game: infect squares next to yours; the last player left wins.

    See the module docstring for the exact rules, and for the state and
    action formats.

    Parameters
    ----------
    width, height : int
        The board's size in squares, each at least 1.
    players : int
        The number of players, 2 to 8.
    starts : sequence of (column, row) pairs, optional
        Each player's first square, in player order; rows count from the top.
        By default the corners: top-left, bottom-right, top-right,
        bottom-left (so then at most four players).
    pattern : str or sequence of (dx, dy) pairs
        The squares infected with the chosen one, as offsets from it (x to
        the right, y down): a name from :data:`PATTERNS` (``"plus"``,
        ``"cross"``, ``"square"``, ``"none"``) or the offsets themselves.
    adjacency : {4, 8}
        Which squares count as next to a square: the 4 that share an edge,
        or the 8 that share an edge or a corner.
    max_moves : int, optional
        The game ends after this many moves in all (plies).  Default: twice
        the number of squares.

    Attributes
    ----------
    num_players : int
        The number of players.
    utility_range : tuple
        ``(0, 1)``: every payoff is a share of the board.
    max_sum : int
        1: the payoffs of a terminal state sum to 1, for max-n pruning.
    starts : tuple of int
        Each player's first square, as a square number.
    pattern : tuple of (dx, dy)
        The infection pattern's offsets.

    Raises
    ------
    ValueError
        A parameter is out of range, two players start on the same square, a
        start is off the board, or the corners are not enough to go round.

    Notes
    -----
    The game is Polk and Oommen's test bed for Best-Reply Search with
    Threat-ADS move ordering; the rule choices above are ours.  Nothing is
    known about its value; it is here for the multiplayer searches (max-n,
    paranoid, best reply), whose node counts it exercises.

    Examples
    --------
    >>> game = Virus(width=3, height=3, players=3, starts=[(0, 0), (2, 0), (1, 2)], max_moves=12)
    >>> s = game.initial_state
    >>> print(game.render(s))
    0 . 1
    . . .
    . 2 .
    >>> s = game.result(s, game.cell(1, 0))       # P0 infects the top middle: it takes P1's corner
    >>> print(game.render(s))
    0 0 0
    . 0 .
    . 2 .
    >>> game.living(s), game.to_move(s)           # P1 is out and skipped
    ((0, 2), 2)
    >>> s = game.result(s, game.cell(1, 1))       # P2 takes the centre back, and its plus
    >>> print(game.render(s))
    0 2 0
    2 2 2
    . 2 .
    >>> round(game.evaluate(s, 2), 3)
    0.714
    """

    utility_range = (0, 1)
    #: For max-n's shallow pruning: every payoff is in ``utility_range``, and they sum to at most ``max_sum``.
    max_sum = 1

    def __init__(self, width: int = 5, height: int = 5, players: int = 3, starts=None, pattern="plus",
                 adjacency: int = 4, max_moves: int | None = None):
        self.width = w = validation.count("width", width)
        self.height = h = validation.count("height", height)
        self.num_players = n = validation.whole_number("players", players, least=2)
        if n > MAX_PLAYERS:
            raise ValueError(f"players must be at most {MAX_PLAYERS} (one colour each), not {n}")
        if w * h < n:
            raise ValueError(f"a {w}x{h} board has {w * h} squares, too few for {n} players")
        if adjacency not in (4, 8) or isinstance(adjacency, bool):
            raise ValueError(f"adjacency must be 4 (squares sharing an edge) or 8 (an edge or a corner), "
                             f"not {adjacency!r}")
        self.adjacency = int(adjacency)
        self.pattern = self._pattern(pattern)
        self._pattern_name = pattern if isinstance(pattern, str) else None
        self.max_moves = 2 * w * h if max_moves is None else validation.count("max_moves", max_moves)
        self.starts = self._starts(starts)
        self.size = w * h
        self._full = (1 << self.size) - 1
        not_left = not_right = 0
        for r in range(h):
            for c in range(w):
                if c > 0:
                    not_left |= 1 << r * w + c
                if c < w - 1:
                    not_right |= 1 << r * w + c
        # Shifting a board moves every square one step; a mask first drops the squares that would wrap.
        full = self._full
        ups = [(full, w)]                             # >> w moves up a row
        downs = [(full, w)]                           # << w moves down a row
        ups.append((not_left, 1))                     # >> 1 moves left
        downs.append((not_right, 1))                  # << 1 moves right
        if self.adjacency == 8:
            ups += [(not_left, w + 1), (not_right, w - 1)]
            downs += [(not_right, w + 1), (not_left, w - 1)]
        self._ups, self._downs = tuple(ups), tuple(downs)
        self._infect = tuple(self._infection(i) for i in range(self.size))
        self.initial_state = (tuple(1 << s for s in self.starts), 0, 0)

    def _pattern(self, pattern):
        if isinstance(pattern, str):
            if pattern not in PATTERNS:
                raise ValueError(f"unknown infection pattern {pattern!r}: use one of {sorted(PATTERNS)} "
                                 "or a sequence of (dx, dy) offsets")
            return PATTERNS[pattern]
        try:
            offsets = [tuple(p) for p in pattern]
        except TypeError:
            raise ValueError(f"pattern must be a name or a sequence of (dx, dy) offsets, "
                             f"not {pattern!r}") from None
        for p in offsets:
            if len(p) != 2 or not all(validation.is_whole_number(d) for d in p):
                raise ValueError(f"an infection offset is a pair of whole numbers (dx, dy), not {p!r}")
        return tuple(dict.fromkeys((int(dx), int(dy)) for dx, dy in offsets))

    def _starts(self, starts):
        w, h, n = self.width, self.height, self.num_players
        if starts is None:
            corners = list(dict.fromkeys([(0, 0), (w - 1, h - 1), (w - 1, 0), (0, h - 1)]))
            if n > len(corners):
                raise ValueError(f"a {w}x{h} board has {len(corners)} distinct corners, too few for {n} "
                                 "players: give their first squares as starts")
            return tuple(self.cell(c, r) for c, r in corners[:n])
        try:
            cells = [tuple(p) for p in starts]
        except TypeError:
            raise ValueError(f"starts must be a sequence of (column, row) pairs, not {starts!r}") from None
        if len(cells) != n:
            raise ValueError(f"starts must give one square for each of the {n} players, not {len(cells)}")
        out = []
        for p in cells:
            if len(p) != 2 or not all(validation.is_whole_number(d) for d in p):
                raise ValueError(f"a start is a (column, row) pair of whole numbers, not {p!r}")
            out.append(self.cell(*p))
        if len(set(out)) != n:
            raise ValueError(f"two players cannot start on the same square: starts={starts!r}")
        return tuple(out)

    def _infection(self, square):
        c, r = self.coords(square)
        mask = 1 << square
        for dx, dy in self.pattern:
            if 0 <= c + dx < self.width and 0 <= r + dy < self.height:
                mask |= 1 << (r + dy) * self.width + c + dx
        return mask

    # --- The game protocol. ---

    def to_move(self, state) -> int:
        """The player to move: stored in the state."""
        return state[1]

    def is_terminal(self, state) -> bool:
        """Whether at most one player has squares left, or ``max_moves`` moves have been made."""
        boards, _, plies = state
        if plies >= self.max_moves:
            return True
        alive = 0
        for b in boards:
            if b:
                alive += 1
        return alive <= 1

    def actions(self, state) -> tuple:
        """The squares the player to move can infect, in increasing order; () when the game is over."""
        if self.is_terminal(state):
            return ()
        boards, player, _ = state
        targets = self._next_to(boards[player]) & ~boards[player]
        out = []
        while targets:
            low = targets & -targets
            out.append(low.bit_length() - 1)
            targets ^= low
        return tuple(out)

    def _next_to(self, own):
        near = 0
        for mask, shift in self._ups:
            near |= (own & mask) >> shift
        for mask, shift in self._downs:
            near |= (own & mask) << shift
        return near & self._full

    def result(self, state, action):
        """The state after the player to move infects square ``action``.

        Raises IllegalMoveError when ``action`` is not a square of the board,
        is already the mover's, is not next to one of the mover's squares, or
        the game is over.
        """
        boards, player, plies = state
        own = boards[player]
        if (action.__class__ is not int or not 0 <= action < self.size or own >> action & 1
                or not self._next_to(own) >> action & 1 or self.is_terminal(state)):
            return self._result_checked(state, action)
        infected = self._infect[action]
        new = tuple(b | infected if i == player else b & ~infected for i, b in enumerate(boards))
        n = self.num_players
        nxt = (player + 1) % n
        while not new[nxt] and nxt != player:
            nxt = (nxt + 1) % n
        return new, nxt, plies + 1

    def _result_checked(self, state, action):
        """``result`` for the unusual cases: say what is wrong, or accept an integer-like square."""
        self._check(state)
        if self.is_terminal(state):
            raise IllegalMoveError(f"the game is over, so {action!r} cannot be played in\n{self.render(state)}")
        if validation.is_whole_number(action) and 0 <= action < self.size:
            action = int(action)
        if action.__class__ is not int or not 0 <= action < self.size:
            raise IllegalMoveError(f"{action!r} is not a square: actions are the square numbers "
                                   f"0..{self.size - 1} (row * {self.width} + column)")
        boards, player, _ = state
        where = f"square {action} (column {action % self.width}, row {action // self.width})"
        who = player_name(player, self.num_players)
        if boards[player] >> action & 1:
            raise IllegalMoveError(f"{where} is already {who}'s, so {who} cannot infect it in\n"
                                   f"{self.render(state)}")
        if not self._next_to(boards[player]) >> action & 1:
            raise IllegalMoveError(f"{where} is not next to any of {who}'s squares "
                                   f"({self.adjacency}-neighbourhood) in\n{self.render(state)}")
        return self.result(state, action)

    def utility(self, state, player) -> float:
        """``player``'s share of the occupied squares, at a terminal state."""
        if not self.is_terminal(state):
            self._check(state)
            raise GameError(f"utility of a position where the game is not over:\n{self.render(state)}")
        return self.evaluate(state, player)

    # --- Helpers for searches, evaluation functions and tests. ---

    def evaluate(self, state, player) -> float:
        """``player``'s share of the occupied squares, in any state: an evaluation function.

        At a terminal state it equals the utility.

        >>> game = Virus(width=3, height=1, players=2)
        >>> game.evaluate(game.initial_state, 0)
        0.5
        """
        boards = state[0]
        total = 0
        for b in boards:
            total += b.bit_count()
        return boards[player].bit_count() / total

    def counts(self, state) -> tuple:
        """How many squares each player holds, in player order."""
        return tuple(b.bit_count() for b in state[0])

    def shares(self, state) -> tuple:
        """Every player's share of the occupied squares, in player order (the payoff vector at the end)."""
        return tuple(self.evaluate(state, p) for p in range(self.num_players))

    def living(self, state) -> tuple:
        """The players that still have squares, in player order."""
        return tuple(p for p, b in enumerate(state[0]) if b)

    def cell(self, column: int, row: int) -> int:
        """The number of the square in ``column`` (from the left) and ``row`` (from the top).

        >>> Virus(width=4, height=3).cell(1, 2)
        9
        """
        if not (isinstance(column, numbers.Integral) and isinstance(row, numbers.Integral)
                and 0 <= column < self.width and 0 <= row < self.height):
            raise ValueError(f"({column!r}, {row!r}) is not a square of the {self.width}x{self.height} board")
        return int(row) * self.width + int(column)

    def coords(self, square: int) -> tuple:
        """``(column, row)`` of a square number, rows from the top.

        >>> Virus(width=4, height=3).coords(9)
        (1, 2)
        """
        row, column = divmod(square, self.width)
        return column, row

    # --- Reading and writing boards. ---

    def rows(self, state) -> list:
        """The board as strings, the top row first: a player's number on its squares, '.' on empty ones."""
        self._check(state)
        boards = state[0]
        marks = ["."] * self.size
        for p, b in enumerate(boards):
            while b:
                low = b & -b
                marks[low.bit_length() - 1] = str(p)
                b ^= low
        return ["".join(marks[r * self.width:(r + 1) * self.width]) for r in range(self.height)]


    # --- Moves out of turn, for Best-Reply Search (advsearch.best_reply). ---

    def actions_for(self, state, player) -> tuple:
        """The squares ``player`` could infect in ``state`` if it were to move now, whoever is to move.

        Best-Reply Search lets every opponent reply from the same state; a
        player who is out has no moves, ``()``.

        >>> game = Virus(width=3, height=3, players=3)
        >>> game.actions_for(game.initial_state, 1)
        (5, 7)
        """
        return self.actions((state[0], player, state[2]))

    def result_for(self, state, player, action):
        """The state after ``player`` infects square ``action`` in ``state``, whoever is to move."""
        return self.result((state[0], player, state[2]), action)

    def render(self, state) -> str:
        """A plain-text picture: the top row first; player numbers and '.', separated by spaces."""
        return "\n".join(" ".join(row) for row in self.rows(state))

    def state(self, picture: str, to_move: int | None = None, plies: int = 0):
        """The state drawn by ``picture``, with ``to_move`` to play after ``plies`` moves.

        Parameters
        ----------
        picture : str
            ``height`` rows of ``width`` squares, the top row first: a player
            number or '.'.  Rows are separated by new lines or '/'; spaces are
            ignored.  A player may have no squares (it is out).
        to_move : int, optional
            A player with squares.  Default: the first one with squares.
        plies : int
            The moves made so far, 0..``max_moves``.

        Raises
        ------
        ValueError
            The picture has the wrong shape or an unknown character.
        GameError
            The position cannot arise: nobody has a square, or ``to_move`` is out.

        Examples
        --------
        >>> game = Virus(width=3, height=2, players=3)
        >>> game.state("0.1/..2", to_move=2, plies=3)
        ((1, 4, 32), 2, 3)
        """
        if not isinstance(picture, str):
            raise ValueError(f"a picture is a string of rows, not {picture!r}")
        lines = [line.replace(" ", "").replace("\t", "") for line in picture.replace("/", "\n").splitlines()]
        lines = [line for line in lines if line]
        size = f"{self.width}x{self.height}"
        if len(lines) != self.height:
            raise ValueError(f"a {size} picture has {self.height} rows, not {len(lines)}: {picture!r}")
        boards = [0] * self.num_players
        marks = "." + "".join(str(p) for p in range(self.num_players))
        for r, line in enumerate(lines):
            if len(line) != self.width:
                raise ValueError(f"a {size} picture has rows of {self.width} squares, but row {r} "
                                 f"(from the top) is {line!r}")
            for c, mark in enumerate(line):
                if mark not in marks:
                    raise ValueError(f"squares are '.' or a player number 0..{self.num_players - 1}, "
                                     f"not {mark!r} (row {r}, column {c})")
                if mark != ".":
                    boards[int(mark)] |= 1 << r * self.width + c
        if not any(boards):
            raise GameError(f"{picture!r} is not a Virus position: nobody has a square")
        if to_move is None:
            to_move = next(p for p, b in enumerate(boards) if b)
        state = (tuple(boards), to_move, plies)
        self._check(state)
        return state

    def _check(self, state):
        """Raise GameError unless ``state`` is a well-formed position of this game."""
        boards, player, _, where = check_player_boards(state, game="Virus", players=self.num_players,
                                                       full=self._full, max_moves=self.max_moves, cell="square")
        if not any(boards):
            raise GameError(f"{where}: nobody has a square")
        if not boards[player]:
            raise GameError(f"{where}: P{player} is to move but has no squares (it is out)")

    # --- Drawing a board, e.g. at a node of a game tree. ---

    def draw_state(self, state, ax):
        """Draw ``state`` as a grid of squares coloured by owner on the Axes ``ax``; return ``ax``.

        The board is centred in the data square [0, 1] x [0, 1] on a light
        card, and the axes are turned off.  Each player's squares have its
        colour from the package's palette (``PLAYER_COLOURS``, the colours of
        its nodes in a drawn tree); empty squares are pale grey.  The squares
        are drawn as one collection, so a tree can show many boards quickly.

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> game = Virus()
        >>> ax = Figure(figsize=(1, 1)).add_subplot()
        >>> game.draw_state(game.initial_state, ax) is ax
        True
        """
        from matplotlib.collections import PatchCollection
        from matplotlib.patches import Rectangle

        self._check(state)
        board_card(ax)
        w, h = self.width, self.height
        margin = 0.1
        size = (1 - 2 * margin) / max(w, h)
        left, top = 0.5 - w * size / 2, 0.5 + h * size / 2
        gap = 0.06 * size
        owner = {}
        for p, b in enumerate(state[0]):
            while b:
                low = b & -b
                owner[low.bit_length() - 1] = p
                b ^= low
        squares, colours, marks = [], [], []
        for i in range(self.size):
            c, r = self.coords(i)
            squares.append(Rectangle((left + c * size + gap / 2, top - (r + 1) * size + gap / 2),
                                     size - gap, size - gap))
            p = owner.get(i)
            colours.append(_EMPTY if p is None else PLAYER_COLOURS[p])
            if p is not None:
                marks.append((p, (left + (c + 0.5) * size, top - (r + 0.5) * size)))
        ax.add_collection(PatchCollection(squares, facecolors=colours, edgecolors=_EDGE, linewidths=0.4,
                                          zorder=2), autolim=False)
        add_player_marks(ax, marks, 0.22 * size, zorder=3)     # not by colour only
        return describe_board(ax, self, state)

    def __repr__(self):
        pattern = repr(self._pattern_name) if self._pattern_name else repr(self.pattern)
        starts = [self.coords(s) for s in self.starts]
        return (f"Virus(width={self.width}, height={self.height}, players={self.num_players}, starts={starts}, "
                f"pattern={pattern}, adjacency={self.adjacency}, max_moves={self.max_moves})")

    def _key(self):
        return (self.width, self.height, self.num_players, self.starts, self.pattern, self.adjacency,
                self.max_moves)

    def __eq__(self, other):
        return type(other) is type(self) and other._key() == self._key()

    def __hash__(self):
        return hash((type(self).__name__,) + self._key())


_EMPTY, _EDGE = "#e6e3da", "#8c8c8c"
