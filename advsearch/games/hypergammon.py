"""Hypergammon: backgammon with three checkers a side, on the full board with the full rules.

Hypergammon is a variant of backgammon played by its usual rules, with three
checkers each that start on the player's own 24, 23 and 22 points, the
three points furthest from home (Tom Keith, "Hyper Fun" 01-12, bkgm.com,
2018; gamesgrid.com, "How to set up Hypergammon").  It keeps everything
that makes backgammon a stochastic game (dice, hitting, the bar, bearing off)
with short games and a small branching factor, so expectiminimax can search
it a few plies deep.

The rules
    - Each player moves along the 24 points from their own 24 point down
      to their 1 point, and then off the board.  The 1..6 points are the
      player's home board.
    - A roll of two dice gives two steps, one per die, by one checker or
      two; a double (two equal dice) gives four steps of that size.
    - A checker may land on an empty point, on the player's own checkers,
      or on a point with a single opposing checker (a blot), which is hit
      and put on the bar.  A point with two or more opposing checkers is
      blocked.
    - A player with a checker on the bar must enter it first, on the
      opponent's home board: a die of d enters on the player's own point
      25 - d, if that point is not blocked.
    - Once all three of a player's checkers are home (or off), they may bear
      off: a die of d takes a checker off from the d point; a die larger than
      the highest occupied point bears off from that highest point.
    - The player must use both dice if any legal play does (all four steps
      of a double, or as many as can be played); when only one die can be
      used, the larger one must be used if it can be.  With no legal step at
      all, the turn passes.
    - The first player to bear off all three checkers wins.  Optionally
      (``gammons=True``) the win is worth 2 (a gammon) when the loser has
      borne off nothing, and 3 (a backgammon) when the loser also still has
      a checker on the bar or in the winner's home board.

    One simplification: the game starts with MAX rolling both dice as on any
    turn (doubles included), instead of backgammon's opening roll, in which
    each player rolls one die and the higher goes first with those two dice.

State format
    ``HypergammonState(checkers, player, roll)``:

    - ``checkers``: a pair ``(MAX's, MIN's)``; each is a tuple of three point
      numbers sorted from high to low, in that player's own numbering:
      ``25`` is the bar, ``1..24`` the points (24 the start, 1..6 home), and
      ``0`` a checker borne off.  MAX's point n is MIN's point 25 - n.
    - ``player``: MAX (0, X) or MIN (1, O), whose turn it is;
    - ``roll``: ``None`` at a CHANCE state, where ``player`` is about to roll;
      at a decision state the dice, ``(high, low)``.

    The game starts at ``HypergammonState(((24, 23, 22), (24, 23, 22)), MAX,
    None)``.  :meth:`Hypergammon.state` builds and checks a state.

Action format
    At a CHANCE state the actions are the 21 distinct rolls ``(high, low)``,
    in increasing order ``(1, 1), (2, 1), (2, 2), (3, 1), ...``: each double
    with probability 1/36, each other roll 1/18 (exact Fractions).

    At a decision state an action is a play: a tuple of steps ``(from, to)``
    in the mover's numbering (``from`` 25 enters from the bar, ``to`` 0 bears
    off), sorted from high to low, which is an order in which the steps can
    be played.  Plays that reach the same position are the same action:
    ``actions()`` lists each resulting position once, by the highest of the
    plays that reach it, and lists the plays from high to low.  ``result``
    accepts any legal play, its steps in any order.  A turn with no legal
    step has the single action ``()``, which passes.
    :meth:`Hypergammon.notation` writes a play the usual way (``"bar/22
    13/7*"``).

Examples
--------
>>> from advsearch import CHANCE
>>> game = Hypergammon()
>>> s = game.initial_state
>>> game.to_move(s) == CHANCE, len(game.chance_outcomes(s))
(True, 21)
>>> s = game.result(s, (6, 5))
>>> len(game.actions(s)), game.actions(s)[:3]      # 24/13 stands for 24/18/13 and 24/19/13
(9, (((24, 19), (23, 17)), ((24, 19), (22, 16)), ((24, 19), (19, 13))))
>>> s = game.result(s, ((23, 18), (24, 18)))          # any order of the steps
>>> print(game.render(s))
 13 14 15 16 17 18 | 19 20 21 22 23 24
  .  .  .  .  . XX |  .  .  .  X  .  .
  .  .  .  .  .  . |  .  .  .  O  O  O
 12 11 10  9  8  7 |  6  5  4  3  2  1
bar: X 0, O 0   off: X 0, O 0
MIN (O) to roll
"""

from __future__ import annotations

import numbers
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from ..game import CHANCE, MAX, MIN, Game, GameError, IllegalMoveError, player_name


BAR, OFF = 25, 0
START = (24, 23, 22)
#: The 21 distinct rolls (high, low) in increasing order, with their exact probabilities.
ROLLS = tuple(((high, low), Fraction(1, 36) if high == low else Fraction(1, 18))
              for high in range(1, 7) for low in range(1, high + 1))
_ROLL_SET = frozenset(r for r, _ in ROLLS)
MARKS = ("X", "O")


class HypergammonState(NamedTuple):
    checkers: tuple
    player: int
    roll: tuple | None = None


# --- The rules, on one player's checkers (``mine``) against the other's (``theirs``), each in its own numbering. ---

def _steps(mine, theirs, die):
    """Every distinct single step with ``die``: ``(from, to, mine after, theirs after)``."""
    if BAR in mine:
        sources = (BAR,)
    else:
        sources = sorted({p for p in mine if p != OFF}, reverse=True)
    home = mine[0] <= 6                    # sorted high to low: the highest checker is home
    out = []
    for f in sources:
        t = f - die
        after_theirs = theirs
        if t >= 1:
            opposite = 25 - t              # the landing point in the opponent's numbering
            count = theirs.count(opposite)
            if count >= 2:
                continue                   # blocked
            if count == 1:                 # a blot: hit it
                i = theirs.index(opposite)
                after_theirs = tuple(sorted(theirs[:i] + (BAR,) + theirs[i + 1:], reverse=True))
        else:
            if not home or (t < 0 and f != mine[0]):
                continue                   # bear off only from home; a larger die only from the highest point
            t = OFF
        i = mine.index(f)
        after_mine = tuple(sorted(mine[:i] + (t,) + mine[i + 1:], reverse=True))
        out.append((f, t, after_mine, after_theirs))
    return out


@lru_cache(maxsize=1 << 16)
def legal_plays(mine: tuple, theirs: tuple, roll: tuple) -> dict:
    """Every legal play of ``roll``, steps sorted high to low, mapped to the checkers after it.

    ``mine`` are the mover's checkers and ``theirs`` the opponent's, each a
    tuple sorted from high to low in its owner's numbering (25 the bar, 0
    off); ``roll`` is ``(high, low)``.  The answer maps each legal play to
    ``(mine after, theirs after)``; ``{(): (mine, theirs)}`` when no step can
    be played.  The maximum-dice rules are applied: as many dice as can be
    played, and the larger die when only one can; a play that bears off the
    last checker counts as using every die (the game is over).

    Cached (the last 65,536 positions and rolls); do not change the answer.

    Examples
    --------
    The opponent holds their 4 point, the mover's 21, so of a 4-3 the 3 must
    enter (on 22) and the 4 is played after it:

    >>> for play, after in legal_plays((25, 10, 9), (4, 4, 1), (4, 3)).items():
    ...     print(play, after)
    ((25, 22), (22, 18)) ((18, 10, 9), (4, 4, 1))
    ((25, 22), (10, 6)) ((22, 9, 6), (4, 4, 1))
    ((25, 22), (9, 5)) ((22, 10, 5), (4, 4, 1))
    """
    high, low = roll
    dice = (high,) * 4 if high == low else (high, low)
    found = []

    def extend(mine, theirs, left, steps, used):
        if mine[0] == OFF:                              # won: the dice left over do not matter
            found.append((steps, used + left, mine, theirs))
            return
        moved = False
        for n, die in enumerate(left):
            if die in left[:n]:
                continue                                # the same die again: the same steps
            rest = left[:n] + left[n + 1:]
            for f, t, m, th in _steps(mine, theirs, die):
                moved = True
                extend(m, th, rest, steps + ((f, t),), used + (die,))
        if not moved:
            found.append((steps, used, mine, theirs))

    extend(mine, theirs, dice, (), ())
    most = max(len(used) for _, used, _, _ in found)
    plays = [(steps, used, m, th) for steps, used, m, th in found if len(used) == most]
    if most == 1 and high != low and any(used == (high,) for _, used, _, _ in plays):
        plays = [p for p in plays if p[1] == (high,)]
    return dict(sorted(((tuple(sorted(steps, reverse=True)), (m, th)) for steps, _, m, th in plays), reverse=True))


@lru_cache(maxsize=1 << 16)
def _choices(mine, theirs, roll):
    """``(actions, every legal play -> after)``: one action per resulting position, high to low."""
    plays = legal_plays(mine, theirs, roll)
    best = {}
    for play, after in plays.items():
        if after not in best or play > best[after]:
            best[after] = play
    return tuple(sorted(best.values(), reverse=True)), plays


class Hypergammon(Game):
    """Hypergammon: backgammon with three checkers a side (see the module docstring for the rules and formats).

    Parameters
    ----------
    gammons : bool
        Score gammons (2) and backgammons (3) as well as single wins (1).
        Utility is then in -3..3, otherwise -1 or +1.

    Notes
    -----
    A turn is a CHANCE state (the roll) followed by a decision state (the
    play), so one turn is two plies of search.  There are 21 rolls; in
    random games a roll has about 6 distinct plays on average and 15 at
    most (measured over 200 seeded games, which last 45 plies on average),
    so two turns ahead (4 plies) are about (21·6)² ≈ 16,000 leaves, against
    the lecture's 21·20 per turn for backgammon's 15 checkers.  The game ends with
    probability 1, but a game can in principle go on for ever (checkers hit
    again and again), so searches need a depth limit.  Legal plays are
    cached per position and roll.

    Examples
    --------
    >>> game = Hypergammon()
    >>> s = game.state(x=(25, 6, 5), o=(24, 23, 3), player=MAX, roll=(3, 3))
    >>> print(game.render(s))
     13 14 15 16 17 18 | 19 20 21 22 23 24
      .  .  .  .  .  . |  .  .  .  O  .  .
      .  .  .  .  .  . |  X  X  .  .  O  O
     12 11 10  9  8  7 |  6  5  4  3  2  1
    bar: X 1, O 0   off: X 0, O 0
    MAX (X) rolled 3-3 to play
    >>> for play in game.actions(s):    # enter first, hitting O's blot on 22 (O's 3 point)
    ...     print(game.notation(s, play))
    bar/22* 22/19 19/16 16/13
    bar/22* 22/19 19/16 6/3
    bar/22* 22/19 19/16 5/2*
    bar/22* 22/19 6/3 5/2*
    """

    num_players = 2

    def __init__(self, gammons: bool = False):
        if not isinstance(gammons, bool):
            raise ValueError(f"gammons must be True or False, not {gammons!r}")
        self.gammons = gammons
        self.utility_range = (-3, 3) if gammons else (-1, 1)
        self.initial_state = HypergammonState((START, START), MAX, None)

    # --- The game protocol. ---

    def to_move(self, state) -> int:
        """The player to play, or CHANCE before the roll."""
        return CHANCE if state.roll is None else state.player

    def actions(self, state) -> tuple:
        """The 21 rolls at a CHANCE state; the distinct plays at a decision state; ``()`` when the game is over."""
        if self.is_terminal(state):
            return ()
        if state.roll is None:
            return tuple(r for r, _ in ROLLS)
        p = state.player
        return _choices(state.checkers[p], state.checkers[1 - p], state.roll)[0]

    def result(self, state, action):
        """The state after a roll (at CHANCE) or a play (at a decision state).

        A roll may be given in either order, ``(5, 6)`` or ``(6, 5)``.  A play
        is any legal play, its steps in any order.  An illegal play raises
        IllegalMoveError saying which rule it breaks.
        """
        if self.is_terminal(state):
            raise IllegalMoveError(f"the game is over, so {action!r} cannot be played in\n{self.render(state)}")
        checkers, p, roll = state
        if roll is None:
            try:
                dice = tuple(sorted(action, reverse=True))
                ok = dice in _ROLL_SET and all(type(d) is int for d in dice)
            except TypeError:
                ok = False
            if not ok:
                raise IllegalMoveError(f"{action!r} is not a roll: at a chance node the outcomes are the 21 rolls "
                                       f"(high, low) with 6 >= high >= low >= 1")
            return HypergammonState(checkers, p, dice)
        play = _normalise(action)
        plays = _choices(checkers[p], checkers[1 - p], roll)[1]
        if play not in plays:
            raise IllegalMoveError(f"{action!r} is not a legal play of {roll[0]}-{roll[1]}: "
                                   f"{self._why_illegal(state, play)}, in\n{self.render(state)}")
        mine, theirs = plays[play]
        return HypergammonState((mine, theirs) if p == MAX else (theirs, mine), 1 - p, None)

    def is_terminal(self, state) -> bool:
        """Whether a player has borne off all three checkers."""
        x, o = state.checkers
        return x[0] == OFF or o[0] == OFF

    def utility(self, state, player) -> float:
        """+1 for the winner and -1 for the loser; with ``gammons``, ±2 for a gammon and ±3 for a backgammon."""
        w = self.winner(state)
        if w is None:
            raise GameError(f"utility of a position where the game is not over:\n{self.render(state)}")
        points = 1
        if self.gammons:
            loser = state.checkers[1 - w]
            if OFF not in loser:
                points = 3 if loser[0] >= 19 else 2     # a checker on the bar or in the winner's home board
        return points if player == w else -points

    def chance_outcomes(self, state) -> list:
        """The 21 rolls with exact Fractions: 1/36 for each double, 1/18 for each other roll."""
        if state.roll is not None or self.is_terminal(state):
            raise GameError(f"{state} is not a chance node: the dice are rolled only before a play")
        return list(ROLLS)

    def render(self, state) -> str:
        """The board as text, numbered from X's (MAX's) side: X moves from 24 down to 1, O from 1 up to 24."""
        x, o = state.checkers
        stacks = {n: "" for n in range(1, 25)}
        for n in x:
            if 1 <= n <= 24:
                stacks[n] += "X"
        for n in o:
            if 1 <= n <= 24:
                stacks[25 - n] += "O"

        def row(points):
            cells = [f"{stacks[n] or '.':>3}" for n in points]
            return "".join(cells[:6]) + " |" + "".join(cells[6:])

        def numbers(points):
            cells = [f"{n:>3}" for n in points]
            return "".join(cells[:6]) + " |" + "".join(cells[6:])

        top, bottom = range(13, 25), range(12, 0, -1)
        lines = [numbers(top), row(top), row(bottom), numbers(bottom),
                 f"bar: X {x.count(BAR)}, O {o.count(BAR)}   off: X {x.count(OFF)}, O {o.count(OFF)}"]
        who = f"{player_name(state.player)} ({MARKS[state.player]})"
        w = self.winner(state)
        if w is not None:
            points = abs(self.utility(state, w))
            kind = {1: "", 2: ", a gammon", 3: ", a backgammon"}[points]
            lines.append(f"{player_name(w)} ({MARKS[w]}) wins{kind}")
        elif state.roll is None:
            lines.append(f"{who} to roll")
        else:
            lines.append(f"{who} rolled {state.roll[0]}-{state.roll[1]} to play")
        return "\n".join(lines)

    # --- Helpers. ---

    def state(self, x=START, o=START, player=MAX, roll=None) -> HypergammonState:
        """A checked state from X's (MAX's) and O's (MIN's) checkers, each in its owner's numbering.

        Points are 1..24, or ``25`` / ``"bar"`` for the bar and ``0`` /
        ``"off"`` for a checker borne off.  ``roll`` is None (a CHANCE state:
        ``player`` is about to roll) or two dice in either order.

        Raises ValueError for anything that is not a position: not three
        checkers each, a point out of range, a point held by both players,
        both players borne off, a bad player or roll.

        >>> Hypergammon().state(x=("bar", 6, "off"), o=(1, 2, 3), player=MIN, roll=(2, 5))
        HypergammonState(checkers=((25, 6, 0), (3, 2, 1)), player=1, roll=(5, 2))
        """
        sides = []
        for name, points in (("x", x), ("o", o)):
            try:
                points = [BAR if n == "bar" else OFF if n == "off" else n for n in points]
            except TypeError:
                raise ValueError(f"{name} must be a sequence of three points, not {points!r}") from None
            if len(points) != 3 or any(isinstance(n, bool) or not isinstance(n, numbers.Integral)
                                       or not 0 <= n <= 25 for n in points):
                raise ValueError(f"{name} must be three points, each 1..24, 25 or 'bar', 0 or 'off', not {points!r}")
            sides.append(tuple(sorted((int(n) for n in points), reverse=True)))
        mine, theirs = sides
        shared = sorted(n for n in set(mine) if 1 <= n <= 24 and 25 - n in theirs)
        if shared:
            raise ValueError(f"X's point {shared[0]} (O's {25 - shared[0]}) holds checkers of both players")
        if mine[0] == OFF and theirs[0] == OFF:
            raise ValueError("both players have borne off all their checkers; only one can win")
        if player not in (MAX, MIN) or isinstance(player, bool):
            raise ValueError(f"player must be MAX (0) or MIN (1), not {player!r}")
        if roll is not None:
            try:
                roll = tuple(sorted(roll, reverse=True))
                ok = roll in _ROLL_SET and all(isinstance(d, int) and not isinstance(d, bool) for d in roll)
            except TypeError:
                ok = False
            if not ok:
                raise ValueError(f"roll must be None or two dice 1..6, not {roll!r}")
        return HypergammonState((mine, theirs), int(player), roll)

    def winner(self, state):
        """The player who has borne off all three checkers, or None while the game goes on."""
        x, o = state.checkers
        return MAX if x[0] == OFF else MIN if o[0] == OFF else None

    def pip_counts(self, state) -> tuple:
        """``(X's pips, O's pips)``: the steps each player's checkers still have to travel (the bar is 25).

        >>> Hypergammon().pip_counts(Hypergammon().initial_state)
        (69, 69)
        """
        return tuple(sum(side) for side in state.checkers)

    def evaluate(self, state, player) -> float:
        """A race evaluation for depth-limited search: the pip-count lead, scaled into (-1, 1).

        ``(their pips - my pips) / (their pips + my pips + 1)``.  It knows
        nothing of hitting or blocking, so it is a baseline, not a strong
        player.

        >>> game = Hypergammon()
        >>> game.evaluate(game.state(x=(6, 5, 4), o=(24, 23, 22)), MAX)     # (69 - 15) / 85
        0.6352941176470588
        """
        pips = self.pip_counts(state)
        mine, theirs = pips[player], pips[1 - player]
        return (theirs - mine) / (theirs + mine + 1)

    def notation(self, state, play) -> str:
        """A play in the usual notation, from the mover's side: ``"bar/22* 13/7 6/off"`` (``*`` marks a hit).

        >>> game = Hypergammon()
        >>> s = game.state(x=(13, 6, 5), o=(18, 1, 1), roll=(6, 1))     # O's blot on 18 is X's 7
        >>> game.notation(s, ((13, 7), (6, 5)))
        '13/7* 6/5'
        >>> game.notation(s, ((13, 7), (6, 0)))
        Traceback (most recent call last):
        ...
        advsearch.game.IllegalMoveError: ((13, 7), (6, 0)) is not a legal play of 6-1: bearing off is allowed only when all your checkers are in your home board
        """
        if state.roll is None:
            raise GameError("a play is made after the roll; this is a chance node")
        play = _normalise(play)
        p = state.player
        mine, theirs = state.checkers[p], state.checkers[1 - p]
        plays = _choices(mine, theirs, state.roll)[1]
        if play not in plays:
            raise IllegalMoveError(f"{play!r} is not a legal play of {state.roll[0]}-{state.roll[1]}: "
                                   f"{self._why_illegal(state, play)}")
        words = []
        for f, t in play:
            hit = 1 <= t <= 24 and theirs.count(25 - t) == 1
            if hit:
                i = theirs.index(25 - t)
                theirs = theirs[:i] + (BAR,) + theirs[i + 1:]
            words.append(f"{'bar' if f == BAR else f}/{'off' if t == OFF else t}{'*' if hit else ''}")
        return " ".join(words) or "(no move)"

    def _why_illegal(self, state, play) -> str:
        """The first rule that ``play`` (a normalised tuple of steps) breaks, in words."""
        p, roll = state.player, state.roll
        mine, theirs = state.checkers[p], state.checkers[1 - p]
        if play is None:
            return "a play is a tuple of steps (from, to), e.g. ((24, 18), (18, 13))"
        dice = list((roll[0],) * 4 if roll[0] == roll[1] else roll)
        for f, t in play:
            if f not in mine or f == OFF:
                return f"there is no checker of yours on {'the bar' if f == BAR else f'point {f}'}"
            if BAR in mine and f != BAR:
                return "a checker on the bar must enter before any other checker moves"
            if t != OFF:
                die = f - t
                if die not in dice:
                    return (f"the step {f}/{t} moves {die} point{'s' if die != 1 else ''}, "
                            f"and no unused die shows {die}")
                if theirs.count(25 - t) >= 2:
                    return f"point {t} is blocked: the opponent has {theirs.count(25 - t)} checkers there"
            else:
                if mine[0] > 6:
                    return "bearing off is allowed only when all your checkers are in your home board"
                exact = f in dice
                larger = [d for d in dice if d > f]
                if not exact and not larger:
                    return f"bearing off from {f} needs a die of {f} or more"
                if not exact and f != mine[0]:
                    return (f"a die larger than {f} bears off only from your highest point, "
                            f"and you have a checker on {mine[0]}")
                die = f if exact else min(larger)
            dice.remove(die)
            steps = [s for s in _steps(mine, theirs, die) if s[:2] == (f, t)]
            if not steps:
                return f"the step {f}/{t} cannot be played"
            mine, theirs = steps[0][2], steps[0][3]
        legal = legal_plays(state.checkers[p], state.checkers[1 - p], roll)
        most = max(len(q) for q in legal)
        if len(play) < most:
            return f"it plays {len(play)} of the dice, but {most} can be played, and as many as possible must be"
        if most == 1 and roll[0] != roll[1]:
            return f"only one die can be played, and the larger ({roll[0]}) must be played when it can be"
        return "the steps cannot all be played in any order"

    def __repr__(self) -> str:
        return f"Hypergammon(gammons={self.gammons})"


def _normalise(play):
    """A play as a tuple of (from, to) int pairs sorted high to low, or None if it is not shaped like one."""
    try:
        steps = [tuple(step) for step in play]
        if not all(len(s) == 2 and all(type(n) is int for n in s) for s in steps):
            return None
        return tuple(sorted(steps, reverse=True))
    except TypeError:
        return None
