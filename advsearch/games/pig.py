"""Pig and Piglet: jeopardy dice games with chance nodes, and their optimal play by value iteration.

The rules (Neller & Presser 2004)
    Two players race to a goal (100 points in Pig).  On a turn the player to
    move chooses again and again between two actions:

    - **roll** the die: a 1 loses the turn total (the points gathered this
      turn) and ends the turn; a 2, 3, 4, 5 or 6 is added to the turn total
      and the turn goes on;
    - **hold**: the turn total is added to the player's score, and the turn
      passes to the opponent.

    The first player whose score reaches the goal wins.  Piglet (Neller &
    Presser's coin version, goal 10) flips a coin instead: heads adds 1 to the
    turn total, tails loses it and ends the turn.

    Two details the rules leave open are settled here:

    - **Holding with a turn total of 0 is allowed** (it passes the turn).
      Neller & Presser's optimality equations take the better of roll and
      hold in every state, a turn total of 0 included; the optimal player
      never uses it, but a game between two players who always hold would
      never end.  No game of this module is guaranteed to end: searches
      need a depth limit (and simulations a cap on moves).
    - **When banking the turn total would reach the goal, hold is the only
      action.**  Rolling on could only lose the win; Neller & Presser score
      such states as won (P = 1, "the player can simply hold"), and Neller's
      Piglet course notes enforce the same rule.

State format
    ``PigState(scores, turn_total, player, rolling)``:

    - ``scores``: ``(score of player 0, score of player 1)``, the banked points;
    - ``turn_total``: the points ``player`` has gathered this turn, not yet banked;
    - ``player``: whose turn it is, MAX (0, who starts) or MIN (1);
    - ``rolling``: True at a CHANCE state, where ``player`` has chosen to roll
      and the die is in the air; ``to_move`` then returns ``CHANCE`` (-1).

    The game starts at ``PigState((0, 0), 0, MAX, False)`` and is over when a
    score reaches the goal.  :meth:`Pig.state` builds and checks a state.

Action format
    At a decision state, ``"roll"`` and ``"hold"``, in that order (only
    ``("hold",)`` once holding wins).  At a CHANCE state the actions are the
    outcomes, in the order of ``chance_outcomes``: the faces ``1..6`` of the
    die (Pig), or ``"heads"`` and ``"tails"`` (Piglet), each with an exact
    :class:`~fractions.Fraction` probability (1/6, 1/2).

Optimal play
    :func:`optimal_pig` and :func:`optimal_piglet` compute the probability of
    winning of every state under optimal play, and the optimal policy, by value
    iteration (see :func:`optimal_policy`).  With optimal play the first
    player of Pig wins about 53.06% of games (Neller & Presser 2004).
    :func:`hold_at` and :meth:`PigSolution.agent` are agents ``(game, state) ->
    action``; :func:`win_probability` computes exactly how often one policy
    beats another, and :func:`simulate` plays seeded games.

References
----------
Todd W. Neller and Clifton G.M. Presser, "Optimal Play of the Dice Game Pig",
The UMAP Journal 25(1), 2004, 25-47.  Todd W. Neller and Clifton G.M. Presser,
"Pigtail: A Pig Addendum", The UMAP Journal 26(4), 2005, 443-458.

Examples
--------
>>> from advsearch import CHANCE
>>> game = Pig()
>>> s = game.initial_state
>>> game.actions(s)
('roll', 'hold')
>>> s = game.result(s, "roll")
>>> game.to_move(s) == CHANCE, game.chance_outcomes(s)[0]
(True, (1, Fraction(1, 6)))
>>> s = game.result(s, 5)                  # the die shows 5
>>> s
PigState(scores=(0, 0), turn_total=5, player=0, rolling=False)
>>> game.result(game.result(s, "roll"), 1)  # a 1: the 5 points are lost, MIN's turn
PigState(scores=(0, 0), turn_total=0, player=1, rolling=False)
>>> game.result(s, "hold")                  # bank them
PigState(scores=(5, 0), turn_total=0, player=1, rolling=False)
"""

from __future__ import annotations

import math
import numbers
import random
import time
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from ..game import CHANCE, MAX, MIN, Game, GameError, IllegalMoveError, player_name

__all__ = [
    "Pig", "Piglet", "PigState", "PigSolution", "PigPolicy", "PigMatch",
    "optimal_policy", "optimal_pig", "optimal_piglet", "hold_at", "win_probability", "simulate",
]

ROLL, HOLD = "roll", "hold"


class PigState(NamedTuple):
    scores: tuple
    turn_total: int
    player: int
    rolling: bool = False


def _whole(name, n, minimum):
    if isinstance(n, bool) or not isinstance(n, numbers.Integral) or n < minimum:
        raise ValueError(f"{name} must be a whole number >= {minimum}, not {n!r}")
    return int(n)


class Pig(Game):
    """Pig: roll a die as long as you dare; a 1 loses the turn total; first to ``goal`` wins.

    The rules, the state format and the action format are in the module
    docstring.  Utility is +1 for the winner and -1 for the loser.

    Parameters
    ----------
    goal : int
        The score that wins, at least 1 (100 in the standard game).

    Notes
    -----
    The game has chance nodes (``to_move`` returns ``CHANCE`` after "roll")
    and need not end: depth-limit every search.  The decision states number
    about goal³/2 (500,000 for goal 100), few enough to solve exactly by value
    iteration (:func:`optimal_pig`).

    Examples
    --------
    >>> game = Pig(20)
    >>> s = game.state((12, 7), turn_total=5)
    >>> print(game.render(s))
    goal 20
    MAX  12  + 5 this turn
    MIN   7
    MAX to roll or hold
    >>> s = game.result(game.result(s, "roll"), 3)
    >>> game.actions(s)                         # 12 + 8 reaches the goal: hold wins
    ('hold',)
    >>> end = game.result(s, "hold")
    >>> game.is_terminal(end), game.utility(end, MAX), game.utility(end, MIN)
    (True, 1, -1)
    """

    utility_range = (-1, 1)
    #: ``(outcome, probability, points)`` for each outcome of a roll; ``points`` None loses the turn total.
    outcomes = tuple((face, Fraction(1, 6), None if face == 1 else face) for face in range(1, 7))
    #: What a roll is called in messages and pictures.
    throw = "roll the die"

    def __init__(self, goal: int = 100):
        self.goal = _whole("goal", goal, 1)
        self.initial_state = PigState((0, 0), 0, MAX, False)
        self._points = {o: pts for o, _, pts in self.outcomes}
        self._chance = [(o, p) for o, p, _ in self.outcomes]
        self._faces = tuple(o for o, _, _ in self.outcomes)

    # --- The game protocol. ---

    def to_move(self, state) -> int:
        """The player whose turn it is, or CHANCE while the die is in the air."""
        return CHANCE if state.rolling else state.player

    def actions(self, state) -> tuple:
        """``("roll", "hold")``; ``("hold",)`` once holding reaches the goal; the outcomes at CHANCE; ``()`` at the end."""
        if self.is_terminal(state):
            return ()
        if state.rolling:
            return self._faces
        if state.scores[state.player] + state.turn_total >= self.goal:
            return (HOLD,)
        return (ROLL, HOLD)

    def result(self, state, action):
        """The state after ``action`` (a decision, or the outcome of a roll at a CHANCE state).

        Raises IllegalMoveError for an action that is not legal in ``state``,
        naming the legal ones.
        """
        scores, total, player, rolling = state
        if self.is_terminal(state):
            raise IllegalMoveError(f"the game is over, so {action!r} cannot be played in\n{self.render(state)}")
        if rolling:
            try:
                known = action in self._points and not isinstance(action, bool)
            except TypeError:                   # unhashable
                known = False
            if not known:
                raise IllegalMoveError(
                    f"{action!r} is not an outcome of this {type(self).__name__} chance node; "
                    f"the outcomes are {', '.join(map(repr, self._faces))}")
            points = self._points[action]
            if points is None:
                return PigState(scores, 0, 1 - player, False)
            return PigState(scores, total + points, player, False)
        if action == ROLL and scores[player] + total < self.goal:
            return PigState(scores, total, player, True)
        if action == HOLD:
            banked = (scores[0] + total, scores[1]) if player == MAX else (scores[0], scores[1] + total)
            return PigState(banked, 0, 1 - player, False)
        legal = self.actions(state)
        raise IllegalMoveError(
            f"{action!r} is not a legal action here; the legal actions are {', '.join(map(repr, legal))} in\n"
            f"{self.render(state)}")

    def is_terminal(self, state) -> bool:
        """Whether a banked score has reached the goal."""
        return max(state.scores) >= self.goal

    def utility(self, state, player) -> float:
        """+1 if ``player`` has reached the goal, -1 if the opponent has."""
        w = self.winner(state)
        if w is None:
            raise GameError(f"utility of a position where the game is not over:\n{self.render(state)}")
        return 1 if player == w else -1

    def chance_outcomes(self, state) -> list:
        """``[(outcome, probability), ...]`` of a roll, with exact Fractions summing to 1."""
        if not state.rolling or self.is_terminal(state):
            raise GameError(f"{state} is not a chance node: nothing is being rolled")
        return list(self._chance)

    def render(self, state) -> str:
        """A few lines of text: the goal, both scores, the turn total and what happens next."""
        scores, total, player, rolling = state
        width = len(str(max(self.goal, *scores)))
        rows = [f"goal {self.goal}"]
        for p in (MAX, MIN):
            row = f"{player_name(p)}  {scores[p]:>{width}}"
            if p == player and total and not self.is_terminal(state):
                row += f"  + {total} this turn"
            rows.append(row)
        w = self.winner(state)
        if w is not None:
            rows.append(f"{player_name(w)} wins")
        elif rolling:
            rows.append(f"{player_name(player)} is about to {self.throw}")
        else:
            rows.append(f"{player_name(player)} to {' or '.join(self.actions(state))}")
        return "\n".join(rows)

    # --- Helpers. ---

    def state(self, scores=(0, 0), turn_total=0, player=MAX, rolling=False) -> PigState:
        """A checked state: banked ``scores`` of players 0 and 1, ``player``'s turn total, and ``rolling``.

        Raises ValueError for scores or a turn total that are not whole
        numbers >= 0, both scores at the goal, or a player that is not 0 or 1.

        >>> Pig(10).state((3, 4), 2, player=1)
        PigState(scores=(3, 4), turn_total=2, player=1, rolling=False)
        """
        try:
            a, b = scores
        except (TypeError, ValueError):
            raise ValueError(f"scores must be a pair (player 0's, player 1's), not {scores!r}") from None
        a, b = _whole("a score", a, 0), _whole("a score", b, 0)
        if a >= self.goal and b >= self.goal:
            raise ValueError(f"both scores {a, b} have reached the goal {self.goal}; only one player can win")
        if player not in (MAX, MIN) or isinstance(player, bool):
            raise ValueError(f"player must be MAX (0) or MIN (1), not {player!r}")
        return PigState((a, b), _whole("turn_total", turn_total, 0), int(player), bool(rolling))

    def winner(self, state):
        """MAX or MIN, whichever has reached the goal; None while the game goes on."""
        if state.scores[MAX] >= self.goal:
            return MAX
        if state.scores[MIN] >= self.goal:
            return MIN
        return None

    def evaluate(self, state, player) -> float:
        """A simple evaluation function for depth-limited search: ``player``'s lead, as a fraction of the goal.

        The turn total counts as if banked.  The result lies in [-1, 1].  It
        ignores whose turn it is and the risk of the turn total, so it is a
        baseline for search, not a good player.

        >>> game = Pig(100)
        >>> game.evaluate(game.state((30, 10), turn_total=5), MAX)
        0.25
        """
        mine, theirs = state.scores[player], state.scores[1 - player]
        if state.player == player:
            mine += state.turn_total
        else:
            theirs += state.turn_total
        return max(-1.0, min(1.0, (mine - theirs) / self.goal))

    def __repr__(self) -> str:
        return f"{type(self).__name__}(goal={self.goal})"


class Piglet(Pig):
    """Piglet: Pig with a coin; heads adds 1 to the turn total, tails loses it and ends the turn.

    Neller & Presser's small variant (goal 10 in their course exercise), small
    enough to solve by hand for goal 2.  Everything else is as in :class:`Pig`.

    Examples
    --------
    >>> game = Piglet()
    >>> s = game.result(game.initial_state, "roll")
    >>> game.chance_outcomes(s)
    [('heads', Fraction(1, 2)), ('tails', Fraction(1, 2))]
    >>> game.result(s, "heads")
    PigState(scores=(0, 0), turn_total=1, player=0, rolling=False)
    """

    outcomes = (("heads", Fraction(1, 2), 1), ("tails", Fraction(1, 2), None))
    throw = "flip the coin"

    def __init__(self, goal: int = 10):
        super().__init__(goal)


# --- Optimal play by value iteration. ---

@dataclass(frozen=True, eq=False)
class PigSolution:
    """The optimal play of a Pig game, from :func:`optimal_policy` (or :func:`optimal_pig`).

    Attributes
    ----------
    game : Pig
        The game solved (a :class:`Pig` or :class:`Piglet`).
    win : numpy.ndarray, shape (goal, goal, goal)
        ``win[i, j, k]``: the probability that the player to move wins with
        optimal play by both sides, when that player's banked score is ``i``,
        the opponent's is ``j`` and the turn total is ``k`` (entries with
        ``i + k >= goal`` are 1: holding wins).  Read-only.
    roll : numpy.ndarray of bool, shape (goal, goal, goal)
        ``roll[i, j, k]``: whether rolling is optimal there.  Where both actions
        are equally good the policy holds.  Read-only.
    start_win_probability : float
        ``win[0, 0, 0]``: the first player's probability of winning.
    iterations : int
        Sweeps of value iteration until the residual fell below the tolerance.
    residual : float
        The largest change of any value in the last sweep.
    seconds : float
        How long the value iteration took.
    """

    game: Pig
    win: np.ndarray = field(repr=False)
    roll: np.ndarray = field(repr=False)
    start_win_probability: float
    iterations: int
    residual: float
    seconds: float = field(repr=False)

    def action(self, i: int, j: int, k: int) -> str:
        """The optimal action, ``"roll"`` or ``"hold"``, with score ``i``, opponent's score ``j``, turn total ``k``.

        >>> solution = optimal_piglet(2)
        >>> solution.action(0, 0, 0), solution.action(1, 0, 1)
        ('roll', 'hold')
        """
        i, j, k = self._check_scores(i, j, k)
        if i + k >= self.game.goal:
            return HOLD
        return ROLL if self.roll[i, j, k] else HOLD

    def win_probability(self, i: int, j: int, k: int = 0) -> float:
        """The optimal player's probability of winning with score ``i``, opponent's ``j``, turn total ``k``.

        >>> round(optimal_piglet(2).win_probability(0, 0), 6)     # 4/7 (Neller & Presser 2004)
        0.571429
        """
        i, j, k = self._check_scores(i, j, k)
        return 1.0 if i + k >= self.game.goal else float(self.win[i, j, k])

    def hold_threshold(self, i: int, j: int) -> int:
        """The smallest turn total at which the optimal player holds, with score ``i`` and opponent's ``j``.

        The policy is not always a threshold (the player may roll again
        above it), so this is where it first holds, as in Neller's tables.

        >>> [optimal_piglet(3).hold_threshold(0, j) for j in range(3)]
        [1, 3, 3]
        """
        i, j, _ = self._check_scores(i, j, 0)
        holds = np.flatnonzero(~self.roll[i, j, :self.game.goal - i])
        return int(holds[0]) if holds.size else self.game.goal - i

    def agent(self, name: str | None = None) -> PigPolicy:
        """The optimal policy as an agent ``(game, state) -> action``, named ``"optimal"`` unless ``name`` is given.

        >>> game = Piglet(2)
        >>> optimal_piglet(2).agent()(game, game.initial_state)
        'roll'
        """
        return _TablePolicy(self, name or "optimal")

    def _check_scores(self, i, j, k):
        goal = self.game.goal
        i, j, k = _whole("a score", i, 0), _whole("a score", j, 0), _whole("a turn total", k, 0)
        if i >= goal or j >= goal:
            raise ValueError(f"scores must be below the goal {goal} while the game goes on, not {i} and {j}")
        return i, j, k

    def __repr__(self) -> str:
        return (f"PigSolution({self.game!r}: first player wins {self.start_win_probability:.6f}, "
                f"{self.iterations} sweeps, residual {self.residual:.1e})")


def _gains(game):
    """The probability of losing the turn total, and ``(points, probability)`` of each other outcome."""
    bust = sum(float(p) for _, p, pts in game.outcomes if pts is None)
    return bust, [(pts, float(p)) for _, p, pts in game.outcomes if pts is not None]


def _check_game(game):
    if not isinstance(game, Pig):
        raise ValueError(f"expected a Pig or Piglet game, not {game!r}")
    return game


def _check_tolerance(tolerance, max_iterations):
    if isinstance(tolerance, bool) or not isinstance(tolerance, numbers.Real) or not tolerance > 0:
        raise ValueError(f"tolerance must be a number > 0, not {tolerance!r}")
    return float(tolerance), _whole("max_iterations", max_iterations, 1)


def optimal_policy(game, tolerance: float = 1e-12, max_iterations: int = 10_000) -> PigSolution:
    """Solve a Pig game by value iteration: the optimal policy and every state's probability of winning.

    Let P(i, j, k) be the probability that the player to move wins, with
    banked score ``i``, the opponent's score ``j`` and turn total ``k``.
    Neller & Presser's optimality equations are, for i + k < goal,

        P(i, j, k) = max(P_roll, P_hold)
        P_roll = q (1 - P(j, i, 0)) + Σ_r p_r P(i, j, k + r)
        P_hold = 1 - P(j, i + k, 0)

    with P = 1 once i + k >= goal; q is the probability of losing the turn
    total (1/6 for a die, 1/2 for a coin) and r ranges over the other
    outcomes' points.  States repeat (both players can lose their turn
    totals), so the equations are solved by value iteration: start from 0
    and apply them again and again until no value changes by more than
    ``tolerance``.

    Each sweep updates the states in decreasing order of the turn total and
    uses the newest values (Gauss-Seidel order), so a whole turn of rolls
    is settled in one sweep; only a change of turn waits for the next sweep.
    The sweep is vectorised over the two scores with numpy.

    Parameters
    ----------
    game : Pig or Piglet
    tolerance : float
        Stop when the largest change in a sweep (the residual) is below this.
    max_iterations : int
        Give up (GameError) after this many sweeps.

    Returns
    -------
    PigSolution

    Raises
    ------
    ValueError
        ``game`` is not a Pig game, or a bad tolerance or max_iterations.
    GameError
        No convergence within ``max_iterations`` sweeps.

    Notes
    -----
    A sweep costs O(goal³); Pig with goal 100 takes 152 sweeps, about 0.6 s
    on an idle 2-core machine (1.5 s under load).  Results of
    :func:`optimal_pig` and :func:`optimal_piglet` are cached.

    Examples
    --------
    >>> solution = optimal_policy(Piglet(2))
    >>> solution.iterations > 10, solution.residual < 1e-12
    (True, True)
    >>> from fractions import Fraction
    >>> Fraction(solution.start_win_probability).limit_denominator(100)     # Neller & Presser: 4/7
    Fraction(4, 7)
    """
    game = _check_game(game)
    tolerance, max_iterations = _check_tolerance(tolerance, max_iterations)
    start = time.perf_counter()
    goal = game.goal
    bust, gains = _gains(game)
    top = max(pts for pts, _ in gains)
    # W[k, i, j]: P(i, j, k), with room above the goal where holding wins.  k is the
    # outer axis so that one turn total is one contiguous goal x goal block.
    W = np.zeros((goal + top, goal, goal))
    k_axis, i_axis = np.ogrid[:goal + top, :goal]
    W[(k_axis + i_axis >= goal)[:, :, None].repeat(goal, axis=2)] = 1.0
    for sweep in range(1, max_iterations + 1):
        residual = 0.0
        their_start = W[0].T.copy()           # their_start[i, j] = P(j, i, 0), as the sweep began
        lose = bust * (1.0 - their_start)
        for k in range(goal - 1, -1, -1):
            n = goal - k                       # the scores i with i + k < goal
            roll = lose[:n].copy()
            for pts, p in gains:
                roll += p * W[k + pts, :n]
            # Holding gives the opponent the move at (j, i + k, 0); at k = 0 that is
            # this sweep's newest value.
            hold = 1.0 - (W[0].T if k == 0 else their_start[k:])
            best = np.maximum(roll, hold)
            residual = max(residual, float(np.abs(best - W[k, :n]).max()))
            W[k, :n] = best
        if residual < tolerance:
            break
    else:
        raise GameError(f"value iteration for {game!r} did not converge in {max_iterations} sweeps "
                        f"(residual {residual:.2e} > tolerance {tolerance:.2e})")
    win = np.ascontiguousarray(W[:goal].transpose(1, 2, 0))
    roll = _roll_table(win, game, bust, gains)
    win.flags.writeable = False
    roll.flags.writeable = False
    return PigSolution(game, win, roll, float(win[0, 0, 0]), sweep, residual, time.perf_counter() - start)


def _roll_table(win, game, bust, gains):
    """Where rolling is strictly better than holding, given the values ``win[i, j, k]``."""
    goal = game.goal
    i, j, k = np.ogrid[:goal, :goal, :goal]
    their_start = win[:, :, 0].T                           # [i, j] = P(j, i, 0)
    padded = np.concatenate([win, np.ones((goal, goal, max(p for p, _ in gains)))], axis=2)
    inside = i + k < goal
    roll = bust * (1.0 - their_start)[:, :, None] + sum(p * padded[:, :, pts:pts + goal] for pts, p in gains)
    hold_index = np.minimum(i + k, goal - 1)
    hold = 1.0 - win[j, hold_index, 0]
    return (roll > hold) & inside


@lru_cache(maxsize=8)
def _optimal(kind, goal, tolerance, max_iterations):
    return optimal_policy(kind(goal), tolerance, max_iterations)


def optimal_pig(goal: int = 100, tolerance: float = 1e-12, max_iterations: int = 10_000) -> PigSolution:
    """The optimal policy of Pig with the given goal, by value iteration (cached).

    See :func:`optimal_policy`.  With goal 100 the first player wins with
    probability 0.5306 (Neller & Presser 2004 report 53.06%).

    Examples
    --------
    >>> solution = optimal_pig()
    >>> round(solution.start_win_probability, 4)
    0.5306
    >>> solution.action(0, 0, 20), solution.action(0, 0, 25)
    ('roll', 'hold')
    """
    tolerance, max_iterations = _check_tolerance(tolerance, max_iterations)
    return _optimal(Pig, _whole("goal", goal, 1), tolerance, max_iterations)


def optimal_piglet(goal: int = 10, tolerance: float = 1e-12, max_iterations: int = 10_000) -> PigSolution:
    """The optimal policy of Piglet (the coin game) with the given goal, by value iteration (cached).

    See :func:`optimal_policy`.  With goal 10 the first player wins with
    probability 0.5225.

    Examples
    --------
    >>> round(optimal_piglet().start_win_probability, 4)
    0.5225
    """
    tolerance, max_iterations = _check_tolerance(tolerance, max_iterations)
    return _optimal(Piglet, _whole("goal", goal, 1), tolerance, max_iterations)


# --- Policies as agents. ---

class PigPolicy:
    """A policy for Pig games as an agent ``(game, state) -> action``: roll or hold from the scores alone.

    Subclasses define :meth:`rolls`; a policy that can, also gives its whole
    :meth:`roll_table` at once (numpy), which :func:`win_probability` uses.

    Attributes
    ----------
    name : str
        What tables and messages call the agent; also its repr.
    """

    name = "policy"

    def rolls(self, game, i: int, j: int, k: int) -> bool:
        """Whether to roll with score ``i``, opponent's score ``j`` and turn total ``k`` (i + k < goal)."""
        raise NotImplementedError

    def roll_table(self, game) -> np.ndarray:
        """``table[i, j, k]``: :meth:`rolls` for every score and turn total below the goal (False where i + k >= goal)."""
        goal = game.goal
        table = np.zeros((goal, goal, goal), dtype=bool)
        for i in range(goal):
            for j in range(goal):
                for k in range(goal - i):
                    table[i, j, k] = self.rolls(game, i, j, k)
        return table

    def __call__(self, game, state):
        if not isinstance(game, Pig):
            raise ValueError(f"{self.name} plays Pig games, not {game!r}")
        if game.is_terminal(state) or state.rolling:
            raise ValueError(f"{self.name} decides only at a player's decision, not in\n{game.render(state)}")
        i, j = state.scores[state.player], state.scores[1 - state.player]
        if i + state.turn_total >= game.goal:
            return HOLD
        return ROLL if self.rolls(game, i, j, state.turn_total) else HOLD

    def __repr__(self) -> str:
        return self.name


class _HoldAt(PigPolicy):
    def __init__(self, n):
        self.n = n
        self.name = f"hold_at({n})"

    def rolls(self, game, i, j, k):
        return k < self.n

    def roll_table(self, game):
        goal = game.goal
        i, _, k = np.ogrid[:goal, :goal, :goal]
        return np.broadcast_to((k < self.n) & (i + k < goal), (goal, goal, goal)).copy()


class _TablePolicy(PigPolicy):
    def __init__(self, solution, name):
        self.solution = solution
        self.name = name

    def _check(self, game):
        mine = self.solution.game
        if type(game) is not type(mine) or game.goal != mine.goal:
            raise ValueError(f"{self.name} is the optimal policy of {mine!r}, not of {game!r}")

    def rolls(self, game, i, j, k):
        self._check(game)
        return bool(self.solution.roll[i, j, k])

    def roll_table(self, game):
        self._check(game)
        return self.solution.roll.copy()


def hold_at(n: int = 20) -> PigPolicy:
    """The agent that rolls until its turn total reaches ``n``, then holds (or holds sooner, to win).

    "Hold at 20" is Knizia's rule of thumb (Knizia 1999, discussed by
    Neller & Presser 2004): at a turn total of 20 a roll risks 20 points to
    gain 4 on average, with odds of 1 to 5 either way.

    Parameters
    ----------
    n : int
        The turn total at which to hold, at least 1.

    Examples
    --------
    >>> game = Pig()
    >>> agent = hold_at(20)
    >>> agent, agent(game, game.state((0, 0), 19)), agent(game, game.state((0, 0), 20))
    (hold_at(20), 'roll', 'hold')
    >>> agent(game, game.state((90, 0), 10))      # 90 + 10 reaches the goal
    'hold'
    """
    return _HoldAt(_whole("n", n, 1))


def _table(game, agent, player):
    """``table[i, j, k]``: whether ``agent``, playing ``player``, rolls with score i, opponent's j, turn total k."""
    if isinstance(agent, PigPolicy):
        return np.asarray(agent.roll_table(game), dtype=bool)
    if not callable(agent):
        raise ValueError(f"an agent must be a callable (game, state) -> action, not {agent!r}")
    goal = game.goal
    table = np.zeros((goal, goal, goal), dtype=bool)
    for i in range(goal):
        for j in range(goal):
            scores = (i, j) if player == MAX else (j, i)
            for k in range(goal - i):
                action = agent(game, PigState(scores, k, player, False))
                if action not in (ROLL, HOLD):
                    raise IllegalMoveError(f"{agent!r} chose {action!r}; a Pig player must roll or hold")
                table[i, j, k] = action == ROLL
    return table


def win_probability(game, first, second, tolerance: float = 1e-12, max_iterations: int = 100_000) -> float:
    """The exact probability that ``first`` beats ``second`` when ``first`` moves first (no simulation noise).

    Policy evaluation: the equations of :func:`optimal_policy` with each
    player's choice fixed by its policy instead of the max.  They are written
    for the probability that ``first`` wins from either player's turn, without
    the shortcut "my chance = 1 - the opponent's chance", which holds only if
    the game surely ends.  Iterated from 0 (by the same sweeps as
    :func:`optimal_policy`), the values climb to the true probabilities; the
    same is done for ``second``, and if the two do not add up to 1 the pair
    of policies can play for ever, which raises GameError.

    Parameters
    ----------
    game : Pig or Piglet
    first, second : callable
        Agents ``(game, state) -> action`` that decide from the state alone
        (deterministic).  A :class:`PigPolicy` (:func:`hold_at`,
        :meth:`PigSolution.agent`) hands over its whole table at once; any
        other agent is asked once for every decision state (about goal³/2
        calls each), which is slow for search agents.
    tolerance, max_iterations
        As in :func:`optimal_policy`.

    Raises
    ------
    ValueError
        Not a Pig game, or an agent that is not callable.
    IllegalMoveError
        An agent answered something other than "roll" or "hold".
    GameError
        No convergence, or a pair of policies under which the game need not
        end (both may hold with a turn total of 0 for ever).

    Notes
    -----
    O(goal³) per sweep, and a few dozen sweeps; about a second for goal 100.

    Examples
    --------
    >>> game = Pig()
    >>> round(win_probability(game, hold_at(20), hold_at(20)), 4)   # about .5347 (Neller 2010)
    0.5347
    """
    game = _check_game(game)
    tolerance, max_iterations = _check_tolerance(tolerance, max_iterations)
    tables = tuple(np.ascontiguousarray(_table(game, agent, p).transpose(2, 0, 1))
                   for p, agent in ((MAX, first), (MIN, second)))
    wins, losses = _evaluate(game, tables, tolerance, max_iterations)
    if wins + losses < 1 - 1e-9:
        raise GameError(f"{first!r} and {second!r} can play for ever: the first wins with probability {wins:.6f} "
                        f"and the second with {losses:.6f}; do both hold with a turn total of 0?")
    return wins


def _evaluate(game, tables, tolerance, max_iterations):
    """The probabilities that player 0 wins and that player 1 wins, each following ``tables[p][k, i, j]``."""
    goal = game.goal
    bust, gains = _gains(game)
    top = max(pts for pts, _ in gains)
    # W[p][w, k, i, j]: the probability that player w wins when p is to move with score i,
    # the other player has j, and p's turn total is k.  Where i + k reaches the goal, p has won.
    k_axis, i_axis = np.ogrid[:goal + top, :goal]
    won = (k_axis + i_axis >= goal)[:, :, None].repeat(goal, axis=2)
    W = [np.stack([won * float(p == w) for w in (0, 1)]) for p in (0, 1)]
    for sweep in range(1, max_iterations + 1):
        residual = 0.0
        for me in (0, 1):
            mine, theirs, rolls = W[me], W[1 - me], tables[me]
            their_start = theirs[:, 0].transpose(0, 2, 1).copy()   # [w, i, j]: the other player starts at (j, i)
            lose = bust * their_start
            for k in range(goal - 1, -1, -1):
                n = goal - k
                roll = lose[:, :n].copy()
                for pts, p in gains:
                    roll += p * mine[:, k + pts, :n]
                value = np.where(rolls[k, :n], roll, their_start[:, k:])
                residual = max(residual, float(np.abs(value - mine[:, k, :n]).max()))
                mine[:, k, :n] = value
        if residual < tolerance:
            return float(W[0][0, 0, 0, 0]), float(W[0][1, 0, 0, 0])
    raise GameError(f"policy evaluation did not converge in {max_iterations} sweeps (residual {residual:.2e})")


class PigMatch(NamedTuple):
    """The result of :func:`simulate`: games won and lost by the first agent, and games stopped unfinished."""

    wins: int
    losses: int
    unfinished: int

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.unfinished

    @property
    def rate(self) -> float:
        """The first agent's share of the finished games."""
        finished = self.wins + self.losses
        return self.wins / finished if finished else math.nan


def simulate(game, first, second, games: int = 1000, seed=0, max_moves: int = 100_000) -> PigMatch:
    """Play ``games`` seeded games of ``first`` (moving first) against ``second``.

    Parameters
    ----------
    game : Pig or Piglet
    first, second : callable
        Agents ``(game, state) -> action``; ``first`` is player 0 (MAX) and
        starts every game.
    games : int
        How many games, at least 1.
    seed : optional
        Seeds the ``random.Random`` that draws every roll, so the same
        seed and deterministic agents give the same match.
    max_moves : int
        Stop a game after this many moves (decisions and rolls) and count
        it as unfinished; Pig games need not end.

    Returns
    -------
    PigMatch
        ``wins``, ``losses``, ``unfinished`` and ``rate``, for ``first``.

    Examples
    --------
    >>> game = Pig()
    >>> result = simulate(game, optimal_pig().agent(), hold_at(20), games=200, seed=1)
    >>> result.games, result.unfinished
    (200, 0)
    >>> result == simulate(game, optimal_pig().agent(), hold_at(20), games=200, seed=1)
    True
    """
    game = _check_game(game)
    for label, agent in (("first", first), ("second", second)):
        if not callable(agent):
            raise ValueError(f"{label} must be an agent, a callable (game, state) -> action, not {agent!r}")
    games = _whole("games", games, 1)
    max_moves = _whole("max_moves", max_moves, 1)
    rng = random.Random(seed)
    agents = (first, second)
    outcomes, weights = zip(*game._chance)
    wins = losses = unfinished = 0
    for _ in range(games):
        state = game.initial_state
        for _ in range(max_moves):
            if game.is_terminal(state):
                break
            if state.rolling:
                action = rng.choices(outcomes, weights)[0]
            else:
                action = agents[state.player](game, state)
            state = game.result(state, action)
        winner = game.winner(state)
        if winner is None:
            unfinished += 1
        elif winner == MAX:
            wins += 1
        else:
            losses += 1
    return PigMatch(wins, losses, unfinished)
