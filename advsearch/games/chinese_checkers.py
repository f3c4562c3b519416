"""Chinese Checkers on a small star board, for 2, 3, 4 or 6 players.

Chinese Checkers (Stern-Halma) is a standard test bed of multiplayer search:
Sturtevant compared max-n and paranoid search on it ("A comparison of
algorithms for multi-player games", Computers and Games 2002) and solved
versions on smaller boards ("On strongly solving Chinese Checkers", 2019),
and Schadd and Winands tested Best-Reply Search on it ("Best Reply Search
for multiplayer games", IEEE TCIAIG 2011).  The standard 121-hole board is
far too big for a search written in plain Python, so here the size of the
star is a parameter, and the default is small.

Board
    A six-pointed star of holes on a triangular grid: a hexagon with ``size +
    1`` holes a side, and on each of its sides a triangle ("point") with
    ``size`` holes a side.  Each player has ``size * (size + 1) / 2`` pieces.
    The standard board is ``size=4`` (121 holes, 10 pieces each).  The
    default, ``size=2``, has 37 holes and 3 pieces each; ``size=3`` has 73
    holes and 6 pieces each::

        size=2:         .
                       . .
                 . . . . . . .
                  . . . . . .
                   . . . . .
                  . . . . . .
                 . . . . . . .
                       . .
                        .

Players and points
    Player 0 starts in the bottom point, and the others follow clockwise:
    2 players take the bottom and top points; 3 players the bottom,
    upper-left and upper-right ones; 4 players the bottom, lower-left, top
    and upper-right ones; 6 players all six.  Each player's **target** is the
    point opposite its home.  Play goes 0, 1, ..., n-1, and round again.

Rules
    The common rules, with the points where house rules differ settled as
    marked *(choice)*:

    * **A move** takes one of the mover's pieces either one **step** to an
      adjacent empty hole, or along a chain of one or more **jumps**.  A jump
      goes over one piece in an adjacent hole, of any player, into the empty
      hole directly beyond it; a chain may turn at any landing hole and may
      stop after any jump.  Steps and jumps do not mix in one move, nobody
      jumps over two pieces or over an empty hole, and jumped pieces stay on
      the board.
    * **Where a move may end** *(choice)*.  Any empty hole of the central
      hexagon, of the mover's home point or of its target point.  A chain
      may pass through the other points, but a piece may not stop there, so
      nobody parks in a neighbour's point (and the branching factor stays
      down).  A piece that has reached its target point may still move, but
      only to another hole of the target point.
    * **Winning.**  A player wins, and the game ends, as soon as all its
      pieces are in its target point (they then fill it).  The winner's
      utility is 1, everyone else's 0.  Only the mover's pieces move, so at
      most one player wins.
    * **Blocking** is legal *(choice: no anti-blocking rule)*: nothing
      forces a player to empty its home, which is an opponent's target in
      the 2-, 4- and 6-player games.  It does not pay, though: a blocked game
      runs into the move limit, where payoffs go by progress, and the
      blocker's own pieces left at home count as none.
    * **Passing** *(choice)*.  A player none of whose pieces can move passes:
      its only action is :data:`PASS`.
    * **Move limit** *(choice)*.  Otherwise the game ends after ``max_moves``
      moves in all, counted in plies (passes included); by default ``20 *
      size * players``: 80 in the two-player game on the default board, where
      two players who each take the move that gains them most progress finish
      in 24.  Each player's payoff is then its share of the players' total
      :meth:`~ChineseCheckers.progress`: how far its pieces have come, from 0
      at home to 1 on the filled target, measured by the sum of the pieces'
      distances (in steps) to the tip of the target.  If nobody has made
      progress, the payoffs are equal.

    Either way the payoffs are in [0, 1] and sum to 1 (up to float rounding):
    ``utility_range = (0, 1)`` and ``max_sum = 1`` for max-n pruning.

State format
    A triple ``(boards, to_move, plies)``: ``boards`` is a tuple of one int per
    player, a bitboard of the holes its pieces are in (hole ``h`` is bit
    ``h``); ``to_move`` is the player to move and ``plies`` the number of moves
    made so far.  Holes are numbered in reading order: row by row from the
    top, each row from the left (see :meth:`ChineseCheckers.numbering`).
    :meth:`ChineseCheckers.state` builds a state from a picture like the ones
    :meth:`~ChineseCheckers.render` prints.

Action format
    A pair ``(from_hole, to_hole)``: the piece in ``from_hole`` ends its move in
    ``to_hole``.  When several jump chains reach the same hole they give one
    action: they lead to the same position.  (A chain never ends next to
    its start, so a step and a chain never share an end.)
    :meth:`~ChineseCheckers.path` gives a shortest chain, to show the move.
    ``actions()`` lists the pairs in increasing order; a player that cannot
    move has the single action ``PASS``.

Board size and speed
    Measured with a plain recursive max-n that scores its leaves with
    :meth:`~ChineseCheckers.evaluate` (CPython 3.11), over 50 seeded random
    games per setting for the branching factor, and from the positions
    after 20 random moves for the searches:

    * ``size=2`` (37 holes, 3 pieces each): 6 moves at the start (4 steps
      and 2 jumps); a mean branching factor of 12, 12, 11 and 9 with 2, 3, 4
      and 6 players, and at most 27.  Depth 3: 415 nodes from the start
      (two players), 1,400-6,000 in the middle game, under 0.15 s.  Depth 4
      (2 and 3 players): 13,000-38,000 nodes, 0.3-1.2 s.
    * ``size=3`` (73 holes, 6 pieces each): 10 moves at the start; a mean of
      27, 29, 27 and 24, at most 62.  Depth 3: 10,000-36,000 nodes in the
      middle game, about a second at most.  Depth 4 (2 and 3 players):
      250,000-1,100,000 nodes, 4-22 s.

    So ``size=2`` is the default: a depth-3 search takes a fraction of a
    second and depth 4 about one, which leaves room for traced searches and
    for trees drawn with boards in a notebook cell, and the 6 opening moves
    make a ply small enough to draw whole.  ``size=3`` suits experiments
    that stop at depth 3.

Examples
--------
>>> game = ChineseCheckers(players=2)
>>> print(game.render(game.initial_state))
      1
     1 1
. . . . . . .
 . . . . . .
  . . . . .
 . . . . . .
. . . . . . .
     0 0
      0
>>> print(game.numbering())
             0
           1   2
 3   4   5   6   7   8   9
  10  11  12  13  14  15
    16  17  18  19  20
  21  22  23  24  25  26
27  28  29  30  31  32  33
          34  35
            36
>>> game.actions(game.initial_state)
((34, 29), (34, 30), (35, 30), (35, 31), (36, 29), (36, 31))
>>> s = game.result(game.initial_state, (36, 29))     # the tip jumps over 34
>>> print(game.render(s))
      1
     1 1
. . . . . . .
 . . . . . .
  . . . . .
 . . . . . .
. . 0 . . . .
     0 0
      .
>>> game.to_move(s), game.is_terminal(s)
(1, False)
"""

from __future__ import annotations

import math
import numbers

from .. import validation
from ..game import Game, GameError, IllegalMoveError, player_name
from .boards import PLAYER_COLOURS, add_player_marks, board_card, check_player_boards, describe_board


#: The action of a player none of whose pieces can move.
PASS = "pass"

# The six directions of the triangular grid, in axial coordinates (q, r).
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

# The points of the star, clockwise from the top.  Point i is where one cube
# coordinate (q, r or s = -q - r) passes size in one direction; i + 3 is opposite.
TOP, UPPER_RIGHT, LOWER_RIGHT, BOTTOM, LOWER_LEFT, UPPER_LEFT = range(6)
POINT_NAMES = ("top", "upper right", "lower right", "bottom", "lower left", "upper left")

#: Each player's home point, by the number of players: clockwise from the bottom.
HOMES = {
    2: (BOTTOM, TOP),
    3: (BOTTOM, UPPER_LEFT, UPPER_RIGHT),
    4: (BOTTOM, LOWER_LEFT, TOP, UPPER_RIGHT),
    6: (BOTTOM, LOWER_LEFT, UPPER_LEFT, TOP, UPPER_RIGHT, LOWER_RIGHT),
}


def _point_of(q, r, size):
    """Which point of the star (0..5) the hole (q, r) is in, or None for the central hexagon."""
    s = -q - r
    if r < -size:
        return TOP
    if q > size:
        return UPPER_RIGHT
    if s < -size:
        return LOWER_RIGHT
    if r > size:
        return BOTTOM
    if q < -size:
        return LOWER_LEFT
    if s > size:
        return UPPER_LEFT
    return None


def hex_distance(a, b) -> int:
    """The number of steps between holes ``a = (q, r)`` and ``b`` on the triangular grid.

    >>> hex_distance((0, 0), (2, -1)), hex_distance((0, 0), (1, 1))
    (2, 2)
    """
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


class ChineseCheckers(Game):
    """Chinese Checkers on a star with points of ``size`` holes a side.

    See the module docstring for the exact rules, and for the state and
    action formats.

    Parameters
    ----------
    players : {2, 3, 4, 6}
        The number of players.
    size : int
        Holes along a side of a point, at least 1: each player has
        ``size * (size + 1) // 2`` pieces.  2 (37 holes, 3 pieces each) by
        default; 4 is the standard 121-hole board.
    max_moves : int, optional
        The game ends after this many moves in all (plies).  Default: ``20 *
        size * players``.

    Attributes
    ----------
    num_players : int
    size, pieces : int
        Holes along a side of a point, and pieces per player.
    holes : tuple of (q, r)
        The axial coordinates of each hole, in hole-number order: ``q`` grows
        to the right along a row and ``r`` downwards, row by row.
    homes, targets : tuple of int
        Each player's home point and target point (0 top, then clockwise).
    utility_range : tuple
        ``(0, 1)``.
    max_sum : int
        1: the payoffs sum to 1, for max-n pruning.

    Raises
    ------
    ValueError
        An unsupported number of players, a size below 1 or a bad move limit.

    Examples
    --------
    >>> game = ChineseCheckers(players=3)
    >>> len(game.holes), game.pieces, game.num_players
    (37, 3, 3)
    >>> [game.point_name(p) for p in game.targets]
    ['top', 'lower right', 'lower left']
    >>> s = game.initial_state
    >>> while game.to_move(s) == 0 or game.plies(s) == 0:   # one move each for P0, then P1
    ...     s = game.result(s, game.actions(s)[0])
    >>> game.to_move(s), game.plies(s)
    (1, 1)
    """

    utility_range = (0, 1)
    #: For max-n's shallow pruning: every payoff is in ``utility_range``, and they sum to at most ``max_sum``.
    max_sum = 1

    def __init__(self, players: int = 2, size: int = 2, max_moves: int | None = None):
        if isinstance(players, bool) or not isinstance(players, numbers.Integral) or players not in HOMES:
            raise ValueError(f"Chinese Checkers is for 2, 3, 4 or 6 players, not {players!r}")
        validation.count("size (holes along a side of a point)", size)
        self.num_players = n = int(players)
        self.size = k = int(size)
        if max_moves is None:
            max_moves = 20 * k * n
        self.max_moves = validation.count("max_moves", max_moves)
        self.pieces = k * (k + 1) // 2
        self.holes = tuple((q, r) for r in range(-2 * k, 2 * k + 1) for q in range(-2 * k, 2 * k + 1)
                           if max(q, r, -q - r) <= k or min(q, r, -q - r) >= -k)
        self._index = {h: i for i, h in enumerate(self.holes)}
        self._full = (1 << len(self.holes)) - 1
        points = [0] * 6
        for i, (q, r) in enumerate(self.holes):
            p = _point_of(q, r, k)
            if p is not None:
                points[p] |= 1 << i
        self._points = tuple(points)
        self.homes = HOMES[n]
        self.targets = tuple((h + 3) % 6 for h in self.homes)
        self._home = tuple(points[h] for h in self.homes)
        self._target = tuple(points[t] for t in self.targets)
        centre = self._full & ~sum(points)
        self._allowed = tuple(centre | home | target for home, target in zip(self._home, self._target))
        steps, jumps = [], []
        for q, r in self.holes:
            step, jump = 0, []
            for dq, dr in DIRECTIONS:
                near = self._index.get((q + dq, r + dr))
                if near is None:
                    continue
                step |= 1 << near
                beyond = self._index.get((q + 2 * dq, r + 2 * dr))
                if beyond is not None:
                    jump.append((1 << near, beyond, 1 << beyond))
            steps.append(step)
            jumps.append(tuple(jump))
        self._steps, self._jumps = tuple(steps), tuple(jumps)
        # Progress: each piece's distance to the tip of its target (the target hole farthest from the centre).
        distances, far, near = [], [], []
        for home, target in zip(self._home, self._target):
            tip = max(self._holes_of(target), key=lambda h: hex_distance(self.holes[h], (0, 0)))
            d = tuple(hex_distance(self.holes[tip], h) for h in self.holes)
            distances.append(d)
            far.append(sum(d[h] for h in self._holes_of(home)))
            near.append(sum(d[h] for h in self._holes_of(target)))
        self._distance, self._far, self._near = tuple(distances), tuple(far), tuple(near)
        self.initial_state = (self._home, 0, 0)
        self._last_shares = (None, None)

    @staticmethod
    def _holes_of(bits):
        out = []
        while bits:
            low = bits & -bits
            out.append(low.bit_length() - 1)
            bits ^= low
        return out

    # --- The game protocol. ---

    def to_move(self, state) -> int:
        """The player to move: stored in the state."""
        return state[1]

    def is_terminal(self, state) -> bool:
        """Whether a player has won, or ``max_moves`` moves have been made."""
        return state[2] >= self.max_moves or self._winner(state[0]) is not None

    def _winner(self, boards):
        for p, target in enumerate(self._target):
            if boards[p] == target:
                return p
        return None

    def actions(self, state) -> tuple:
        """The moves ``(from_hole, to_hole)`` of the player to move in increasing order.

        ``(PASS,)`` if none of its pieces can move; ``()`` when the game is over.
        """
        if self.is_terminal(state):
            return ()
        boards, player, _ = state
        taken = 0
        for b in boards:
            taken |= b
        out = []
        pieces = boards[player]
        while pieces:
            low = pieces & -pieces
            origin = low.bit_length() - 1
            ends = self._ends(origin, low, player, taken)
            while ends:
                end = ends & -ends
                out.append((origin, end.bit_length() - 1))
                ends ^= end
            pieces ^= low
        return tuple(out) if out else (PASS,)

    def _ends(self, origin, bit, player, taken):
        """The holes where the piece in ``origin`` (bit ``bit``) may end a move, as a bitmask."""
        occupied = taken ^ bit                        # the moving piece leaves its hole
        empty = self._full & ~occupied
        reached = bit
        todo = [origin]
        jumps = self._jumps
        while todo:
            at = todo.pop()
            for over, land, land_bit in jumps[at]:
                if occupied & over and empty & land_bit and not reached & land_bit:
                    reached |= land_bit
                    todo.append(land)
        ends = (reached | self._steps[origin] & ~taken) & ~bit & self._allowed[player]
        target = self._target[player]
        return ends & target if bit & target else ends

    def result(self, state, action):
        """The state after the player to move makes ``action``: a ``(from_hole, to_hole)`` move or PASS.

        Raises IllegalMoveError when ``action`` is not a pair of holes, the
        first hole has no piece of the mover's, the piece cannot end a move
        in the second, PASS is played while a move exists, or the game is over.
        """
        boards, player, plies = state
        try:
            origin, end = action
            bit = 1 << origin
            legal = (origin.__class__ is int and end.__class__ is int and 0 <= end
                     and boards[player] & bit and self._ends(origin, bit, player, self._taken(boards)) >> end & 1)
        except (TypeError, ValueError):
            legal = False
        if not legal or self.is_terminal(state):
            return self._result_checked(state, action)
        new = list(boards)
        new[player] ^= bit | 1 << end
        return tuple(new), (player + 1) % self.num_players, plies + 1

    @staticmethod
    def _taken(boards):
        taken = 0
        for b in boards:
            taken |= b
        return taken

    def _result_checked(self, state, action):
        """``result`` for the unusual cases: a pass, an integer-like pair, or an illegal move explained."""
        self._check(state)
        if self.is_terminal(state):
            raise IllegalMoveError(f"the game is over, so {action!r} cannot be played in\n{self.render(state)}")
        boards, player, plies = state
        who = player_name(player, self.num_players)
        if isinstance(action, str) and action == PASS:
            if self.actions(state) != (PASS,):
                raise IllegalMoveError(f"{who} cannot pass: a piece can move, in\n{self.render(state)}")
            return boards, (player + 1) % self.num_players, plies + 1
        try:
            origin, end = action
            ok = all(validation.is_whole_number(h) for h in (origin, end))
        except (TypeError, ValueError):
            ok = False
        if not ok:
            raise IllegalMoveError(f"{action!r} is not a move: a move is a pair (from_hole, to_hole) of hole "
                                   f"numbers, or {PASS!r}")
        last = len(self.holes) - 1
        for h in (origin, end):
            if not 0 <= h <= last:
                raise IllegalMoveError(f"{action!r} is not a move: {h} is not a hole (holes are 0..{last})")
        origin, end = int(origin), int(end)
        if not boards[player] >> origin & 1:
            raise IllegalMoveError(f"{action!r} is not a move: hole {origin} holds no piece of {who}'s, in\n"
                                   f"{self.render(state)}")
        if self._ends(origin, 1 << origin, player, self._taken(boards)) >> end & 1:
            return self.result(state, (origin, end))
        raise IllegalMoveError(f"{action!r}: {who}'s piece in hole {origin} cannot end a move in hole {end}: "
                               f"{self._why_not(state, origin, end)}, in\n{self.render(state)}")

    def _why_not(self, state, origin, end):
        boards, player, _ = state
        if origin == end:
            return "a move must go somewhere"
        if self._taken(boards) >> end & 1:
            return f"hole {end} is taken"
        point = _point_of(*self.holes[end], self.size)
        if not self._allowed[player] >> end & 1:
            return f"hole {end} is in the {POINT_NAMES[point]} point, neither its home nor its target"
        if self._target[player] >> origin & 1:
            return "a piece in its target point must stay there"
        return "no step or chain of jumps leads there"

    def utility(self, state, player) -> float:
        """1 for the winner and 0 for the rest; at the move limit, ``player``'s share of the progress."""
        if not self.is_terminal(state):
            self._check(state)
            raise GameError(f"utility of a position where the game is not over:\n{self.render(state)}")
        winner = self._winner(state[0])
        if winner is not None:
            return 1.0 if player == winner else 0.0
        return self._shares(state)[player]

    def _shares(self, state):
        """Every player's share of the total progress.  A search asks for each player in turn at the
        same leaf, so the last answer is kept (one entry, replaced whole: still a pure function)."""
        last = self._last_shares
        if last[0] == state:
            return last[1]
        progress = [self.progress(state, p) for p in range(self.num_players)]
        total = sum(progress)
        shares = tuple(x / total for x in progress) if total else (1 / self.num_players,) * self.num_players
        self._last_shares = (state, shares)
        return shares

    # --- Helpers for searches, evaluation functions and tests. ---

    def evaluate(self, state, player) -> float:
        """An evaluation function: the utility at a terminal state, else ``player``'s share of the progress.

        >>> game = ChineseCheckers()
        >>> game.evaluate(game.initial_state, 0)
        0.5
        """
        if self.is_terminal(state):
            return self.utility(state, player)
        return self._shares(state)[player]

    def progress(self, state, player) -> float:
        """How far ``player``'s pieces have come: 0 all at home, 1 filling the target.

        It is ``(far - d) / (far - near)``, where ``d`` is the sum of the
        distances (in steps) from ``player``'s pieces to the tip of its
        target, ``far`` that sum with every piece at home, and ``near`` with
        the target filled.  Home holes are the farthest from the tip that a
        piece may stop in, so the value stays in [0, 1].

        >>> game = ChineseCheckers()
        >>> game.progress(game.initial_state, 0)
        0.0
        >>> game.progress(game.result(game.initial_state, (36, 29)), 0)    # one piece, two rows up
        0.1
        """
        d = self._distance[player]
        total = 0
        for h in self._holes_of(state[0][player]):
            total += d[h]
        far = self._far[player]
        return min(1.0, max(0.0, (far - total) / (far - self._near[player])))

    def winner(self, state):
        """The player who has won, or None."""
        return self._winner(state[0])

    def plies(self, state) -> int:
        """The number of moves made so far."""
        return state[2]

    def path(self, state, action) -> tuple:
        """A shortest way to make ``action``: the holes the piece visits, from the start to the end.

        A step gives ``(from_hole, to_hole)``; a chain of jumps gives every
        landing hole.  Among chains of the same length, the first found
        trying the directions in the order east, north-east, north-west,
        west, south-west, south-east.

        >>> game = ChineseCheckers()
        >>> game.path(game.initial_state, (36, 29))     # a step
        (36, 29)
        """
        self.result(state, action)                      # raises IllegalMoveError unless legal
        if action == PASS:
            return ()
        origin, end = action
        if self._steps[origin] >> end & 1 and not self._taken(state[0]) >> end & 1:
            return origin, end
        occupied = self._taken(state[0]) ^ 1 << origin
        empty = self._full & ~occupied
        before = {origin: None}
        frontier = [origin]
        while end not in before:
            nxt = []
            for at in frontier:
                for over, land, land_bit in self._jumps[at]:
                    if occupied & over and empty & land_bit and land not in before:
                        before[land] = at
                        nxt.append(land)
            frontier = nxt
        out = [end]
        while before[out[-1]] is not None:
            out.append(before[out[-1]])
        return tuple(reversed(out))

    def hole(self, q: int, r: int) -> int:
        """The number of the hole at axial coordinates ``(q, r)`` (see :attr:`holes`)."""
        try:
            return self._index[(q, r)]
        except (KeyError, TypeError):
            raise ValueError(f"({q!r}, {r!r}) is not a hole of the size-{self.size} star") from None

    def point_name(self, point: int) -> str:
        """The name of point 0..5 of the star: 'top', 'upper right', ... clockwise."""
        return POINT_NAMES[point]

    # --- Reading and writing boards. ---

    def _layout(self, labels, width):
        """Text with ``labels[h]`` at hole h, rows of the star on lines, each label ``width`` wide."""
        xs = [2 * q + r for q, r in self.holes]
        left = min(xs)
        lines = {}
        for h, (q, r) in enumerate(self.holes):
            line = lines.setdefault(r, [])
            column = (xs[h] - left) * width
            line.append(" " * (column - sum(len(s) for s in line)) + labels[h].rjust(width))
        return "\n".join("".join(lines[r]).rstrip() for r in sorted(lines))


    # --- Moves out of turn, for Best-Reply Search (advsearch.best_reply). ---

    def actions_for(self, state, player) -> tuple:
        """The moves ``player`` would have in ``state`` if it were to move now, whoever is to move.

        >>> game = ChineseCheckers(players=3)
        >>> game.actions_for(game.initial_state, 1)[:2]
        ((3, 5), (3, 16))
        """
        return self.actions((state[0], player, state[2]))

    def result_for(self, state, player, action):
        """The state after ``player`` makes ``action`` in ``state``, whoever is to move."""
        return self.result((state[0], player, state[2]), action)

    def render(self, state) -> str:
        """A plain-text star: a player's number on its pieces, '.' on empty holes.

        The holes sit where they are on the board, so rows interleave.  (The
        picture shows the pieces, not whose move it is.)
        """
        self._check(state)
        marks = ["."] * len(self.holes)
        for p, b in enumerate(state[0]):
            for h in self._holes_of(b):
                marks[h] = str(p)
        return self._layout(marks, 1)

    def numbering(self) -> str:
        """The star with each hole's number, for reading and writing actions.

        >>> print(ChineseCheckers(size=1).numbering())
               0
         1   2   3   4
           5   6   7
         8   9  10  11
              12
        """
        width = len(str(len(self.holes) - 1))
        return self._layout([str(h) for h in range(len(self.holes))], width)

    def state(self, picture: str, to_move: int = 0, plies: int = 0):
        """The state drawn by ``picture``, with ``to_move`` to play after ``plies`` moves.

        Parameters
        ----------
        picture : str
            One character per hole in reading order (row by row from the
            top): a player number or '.'; white space is ignored, so a
            picture printed by :meth:`render` reads back.  Every player has
            exactly :attr:`pieces` pieces.
        to_move : int
            The player to move.
        plies : int
            The moves made so far, 0..``max_moves``.

        Raises
        ------
        ValueError
            The picture has the wrong number of holes or an unknown character.
        GameError
            The position is not legal: the wrong number of pieces, or two winners.

        Examples
        --------
        >>> game = ChineseCheckers(size=1)
        >>> s = game.state('''
        ...       1
        ...    . . . .
        ...     . . .
        ...    . . . .
        ...       0     ''')
        >>> s == game.initial_state
        True
        """
        if not isinstance(picture, str):
            raise ValueError(f"a picture is a string with one character per hole, not {picture!r}")
        marks = "".join(picture.split())
        if len(marks) != len(self.holes):
            raise ValueError(f"a size-{self.size} picture has {len(self.holes)} holes, not {len(marks)}")
        allowed = "." + "".join(str(p) for p in range(self.num_players))
        boards = [0] * self.num_players
        for h, mark in enumerate(marks):
            if mark not in allowed:
                raise ValueError(f"holes are '.' or a player number 0..{self.num_players - 1}, not {mark!r} "
                                 f"(hole {h})")
            if mark != ".":
                boards[int(mark)] |= 1 << h
        state = (tuple(boards), to_move, plies)
        self._check(state)
        return state

    def _check(self, state):
        """Raise GameError unless ``state`` is a well-formed position of this game."""
        boards, _, _, where = check_player_boards(state, game="Chinese Checkers", players=self.num_players,
                                                  full=self._full, max_moves=self.max_moves, cell="hole")
        for p, b in enumerate(boards):
            if b.bit_count() != self.pieces:
                raise GameError(f"{where}: P{p} has {b.bit_count()} pieces, not {self.pieces}")
        won = [p for p, target in enumerate(self._target) if boards[p] == target]
        if len(won) > 1:
            raise GameError(f"{where}: players {won} have all won, but the game ends at the first win")

    # --- Drawing a board, e.g. at a node of a game tree. ---

    def draw_state(self, state, ax):
        """Draw ``state`` as a star of holes with coloured pieces on the Axes ``ax``; return ``ax``.

        The star is centred in the data square [0, 1] x [0, 1] on a light
        card, and the axes are turned off.  Pieces have their player's colour
        from the package's palette (``PLAYER_COLOURS``, as for the player's
        nodes in a drawn tree), and each player's target point is tinted with
        a pale shade of that colour.

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> game = ChineseCheckers(players=3)
        >>> ax = Figure(figsize=(1, 1)).add_subplot()
        >>> game.draw_state(game.initial_state, ax) is ax
        True
        """
        from matplotlib.collections import PatchCollection
        from matplotlib.colors import to_rgb
        from matplotlib.patches import Circle, Polygon

        self._check(state)
        board_card(ax)
        k = self.size
        root3 = math.sqrt(3)
        # In units of the spacing between holes the six tips are sqrt(3) * k from the centre, and the
        # outline keeps ``margin`` clear of every hole: 2 * margin further out at the tips.
        margin = 0.75
        scale = 0.45 / (root3 * k + 2 * margin)

        def plane(q, r):
            return q + r / 2, -r * root3 / 2

        def xy(x, y):
            return 0.5 + scale * x, 0.5 + scale * y

        def outward(q, r, by):
            x, y = plane(q, r)
            d = math.hypot(x, y)
            return xy(x * (1 + by / d), y * (1 + by / d))

        tips = [(k, -2 * k), (2 * k, -k), (k, k), (-k, 2 * k), (-2 * k, k), (-k, -k)]
        corners = [(k, -k), (k, 0), (0, k), (-k, k), (-k, 0), (0, -k)]
        outline = []
        for tip, corner in zip(tips, corners):
            outline.append(outward(*tip, 2 * margin))
            outline.append(outward(*corner, margin / (root3 / 2)))
        ax.add_artist(Polygon(outline, closed=True, facecolor=_STAR, edgecolor=_STAR_EDGE, linewidth=0.6,
                              zorder=1))
        # Each target point: an equilateral triangle around its holes, half a spacing clear of them.
        for p, point in enumerate(self.targets):
            spots = [plane(*self.holes[h]) for h in self._holes_of(self._points[point])]
            cx, cy = sum(x for x, _ in spots) / len(spots), sum(y for _, y in spots) / len(spots)
            tx, ty = plane(*tips[point])
            reach = math.hypot(tx - cx, ty - cy) + 2 * 0.45
            angle = math.atan2(ty, tx)
            shade = tuple(0.7 + 0.3 * c for c in to_rgb(PLAYER_COLOURS[p]))
            ax.add_artist(Polygon([xy(cx + reach * math.cos(angle + turn), cy + reach * math.sin(angle + turn))
                                   for turn in (0, 2 * math.pi / 3, -2 * math.pi / 3)],
                                  closed=True, facecolor=shade, edgecolor="none", zorder=1.5))
        owner = {}
        for p, b in enumerate(state[0]):
            for h in self._holes_of(b):
                owner[h] = p
        holes, pieces, colours, marks = [], [], [], []
        for h, (q, r) in enumerate(self.holes):
            centre = xy(*plane(q, r))
            if h in owner:
                pieces.append(Circle(centre, 0.36 * scale))
                colours.append(PLAYER_COLOURS[owner[h]])
                marks.append((owner[h], centre))
            else:
                holes.append(Circle(centre, 0.13 * scale))
        ax.add_collection(PatchCollection(holes, facecolors=_HOLE, edgecolors="none", zorder=2), autolim=False)
        ax.add_collection(PatchCollection(pieces, facecolors=colours, edgecolors=_PIECE_EDGE, linewidths=0.5,
                                          zorder=3), autolim=False)
        add_player_marks(ax, marks, 0.16 * scale, zorder=3.5)     # not by colour only
        return describe_board(ax, self, state)

    def __repr__(self):
        return f"ChineseCheckers(players={self.num_players}, size={self.size}, max_moves={self.max_moves})"

    def __eq__(self, other):
        return type(other) is type(self) and other._key() == self._key()

    def _key(self):
        return self.num_players, self.size, self.max_moves

    def __hash__(self):
        return hash((type(self).__name__,) + self._key())


_STAR, _STAR_EDGE = "#efe9dc", "#b9b09b"
_HOLE, _PIECE_EDGE = "#9c927c", "#333333"
