"""Optimal play of Pig and Piglet: value iteration, policies as agents, and exact win probabilities.

The rules are in :mod:`advsearch.games.pig`; this module solves them.

- :func:`optimal_policy` (and the cached :func:`optimal_pig` and
  :func:`optimal_piglet`) compute the probability of winning of every state
  under optimal play, and the optimal policy, by value iteration: a
  :class:`PigSolution`.  With optimal play the first player of Pig wins about
  53.06% of games (Neller & Presser 2004).
- :func:`hold_at` and :meth:`PigSolution.agent` are agents ``(game, state) ->
  action``, both :class:`PigPolicy`.
- :func:`win_probability` computes exactly how often one policy beats
  another.  To play seeded games between agents instead, use
  :func:`advsearch.arena.match` with ``max_moves`` (two players who always
  hold would never finish).

States are named as in the paper: ``i`` is the banked score of the player to
move, ``j`` the opponent's, ``k`` the turn total.  Every name here can also be
imported from :mod:`advsearch.games.pig`.

The equations and the published numbers the tests check are Neller &
Presser's ("Optimal Play of the Dice Game Pig", 2004; the full references are
in :mod:`advsearch.games.pig`).

Examples
--------
>>> solution = optimal_piglet(2)
>>> round(solution.start_win_probability, 4), solution.action(0, 0, 0)
(0.5714, 'roll')
>>> game = Piglet(10)
>>> round(win_probability(game, hold_at(2), hold_at(4)), 4)     # holding at 2, moving first
0.7536
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from ...game import MAX, MIN, GameError, IllegalMoveError
from ... import validation
from .rules import HOLD, ROLL, Pig, Piglet, PigState


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
        checked = self.game.state((i, j), k)               # whole numbers >= 0, or a ValueError
        (i, j), k = checked.scores, checked.turn_total
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
    return float(validation.budget("tolerance", tolerance)), int(validation.budget("max_iterations", max_iterations, whole=True))


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
    return _optimal(Pig, Pig(goal).goal, tolerance, max_iterations)


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
    return _optimal(Piglet, Piglet(goal).goal, tolerance, max_iterations)


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
    return _HoldAt(int(validation.budget("n", n, whole=True)))


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
