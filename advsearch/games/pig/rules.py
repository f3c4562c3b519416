"""Pig and Piglet: jeopardy dice games with chance nodes (the rules; their optimal play is in :mod:`advsearch.games.pig.solver`).

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
      need a depth limit, and matches a move limit
      (``advsearch.arena.match(..., max_moves=...)``).
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
    :mod:`advsearch.games.pig.solver` solves these games by value iteration
    (``optimal_pig``, ``optimal_piglet``, ``optimal_policy``), makes agents of
    policies (``hold_at``, ``PigSolution.agent``) and computes exactly how often
    one policy beats another (``win_probability``).  Its names can be
    imported from this module too, as ``from advsearch.games.pig import
    optimal_pig``; they load numpy, and so are loaded on first use.

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

from fractions import Fraction
from typing import NamedTuple

from ...game import CHANCE, MAX, MIN, Game, GameError, IllegalMoveError, player_name
from ... import validation


#: The two decisions of a player.
ROLL, HOLD = "roll", "hold"


class PigState(NamedTuple):
    scores: tuple
    turn_total: int
    player: int
    rolling: bool = False


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
        self.goal = validation.count("goal", goal)
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
        a, b = validation.whole_number("a score", a, least=0), validation.whole_number("a score", b, least=0)
        if a >= self.goal and b >= self.goal:
            raise ValueError(f"both scores {a, b} have reached the goal {self.goal}; only one player can win")
        if player not in (MAX, MIN) or isinstance(player, bool):
            raise ValueError(f"player must be MAX (0) or MIN (1), not {player!r}")
        return PigState((a, b), validation.whole_number("turn_total", turn_total, least=0), int(player), bool(rolling))

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

