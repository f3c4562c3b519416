"""Whether a Connect Four evaluation sees whose move it is: pairs of positions the four features rank wrongly.

A static evaluation is trusted only in quiet positions (the lecture's
quiescence): where the player to move can complete a four at once, the
position is won whatever the rest of the board says.  The four features of
:func:`advsearch.evaluation.connect4_features` are counted for one player
minus the other, the same whoever is to move, so they cannot see it.

A **pair** is two positions with the same player to move, in which the
four features, counted for that player, are the same:

- in the first, that player wins at once (:meth:`ConnectFour.winning_action`);
- in the second, that player loses within two moves: no move wins, and
  after every move the opponent wins at once.

The first is worth +1 and the second -1 to the player to move, yet any
function of the four features gives both the same value, and so does any
such function with a bonus for the player to move or for one colour, or
with some positions' values turned round: all rank the pair as a tie, and a
tie is not right.  An evaluation earns a pair when it gives the first
position strictly more than the second, for the player to move.

Examples
--------
>>> from advsearch import ConnectFour
>>> from advsearch.evaluation import connect4_eval
>>> game = ConnectFour()
>>> pairs = whose_move_pairs(game, "alice", 5)
>>> won, lost = pairs[0]
>>> game.winning_action(won) is not None, lost_within_two(game, lost)
(True, True)
>>> assess_whose_move(connect4_eval(game), game, pairs).points
0.0
"""

from __future__ import annotations

import math
import random

from ... import validation
from ...evaluation import connect4_features
from ...game import MAX
from ...games.connect4 import threat_cells
from ..shared.grades import Grade, share
from ..shared.running import call, describe_error

#: The share of pairs up to which nothing is earned: an evaluation that ranks pairs at random gets about half, and
#: one fitted to board statistics that are not the game's (column heights, discs per row) about three in four.
FLOOR = 0.9
#: The share of pairs that earns full points: an evaluation that sees a win at once ranks every pair right.
FULL = 1.0


def lost_within_two(game, state) -> bool:
    """Whether the player to move cannot win at once, and after each of its moves the opponent can.

    >>> from advsearch import ConnectFour
    >>> game = ConnectFour(7, 4)
    >>> lost_within_two(game, game.state("......./......./......./O.XXX.O"))   # O blocks one end, X plays the other
    True
    >>> lost_within_two(game, game.state("......./......./......./O.XXXO."))   # one end only: O blocks it
    False
    """
    if game.is_terminal(state) or game.winning_action(state) is not None:
        return False
    for action in game.actions(state):
        after = game.result(state, action)
        if game.is_terminal(after) or game.winning_action(after) is None:
            return False
    return True


def _opponent_threats(game, state) -> int:
    """The empty cells that would complete a four for the opponent of the player to move (bits).

    A position without any is in no pair: the opponent cannot win within
    two moves, and where the player to move can win at once the feature
    ``threats`` is then above 0, which no lost position's is (the opponent
    must have a playable threat for the features to be equal).  So most
    positions need neither :func:`lost_within_two` nor the features.
    """
    x, o = state
    theirs = o if game.to_move(state) == MAX else x
    return threat_cells(theirs, game.height) & ~(x | o)


def _features_for_mover(game, features, state) -> tuple:
    """The player to move, and the features counted for it."""
    mover = game.to_move(state)
    return (mover, *(f(state, mover) for f in features.values()))


def whose_move_pairs(game, seed, n: int = 60, *, most_games: int = 40_000) -> list:
    """``n`` pairs ``(won, lost)`` of positions of seeded random play, as the module describes.

    Positions come from whole random games (both players move at random, so
    they miss wins); a won position waits for a lost one that the features
    cannot tell from it, and the other way round.  No position is in two
    pairs.  In random play a won position comes later in the game more
    often than not, so at most half the pairs have the won position later
    and at most half earlier: counting the discs ranks no more than half the
    pairs right.

    Raises
    ------
    RuntimeError
        If ``most_games`` games do not give ``n`` pairs (the grader's
        mistake: on the 7x6 board 60 pairs take about 1,000 games).
    """
    features = connect4_features(game)
    rng = random.Random(f"{seed}:whose-move")
    waiting = {"won": {}, "lost": {}}        # the features for the player to move -> positions not yet in a pair
    pairs, seen = [], set()
    lengths = {-1: 0, 0: 0, 1: 0}           # pairs whose won position has fewer, as many, more discs
    for _ in range(most_games):
        state = game.initial_state
        while not game.is_terminal(state) and len(pairs) < n:
            if state not in seen:
                seen.add(state)
                threats = _opponent_threats(game, state)
                kind = None if not threats else "won" if game.winning_action(state) is not None else \
                    "lost" if lost_within_two(game, state) else None
                if kind is not None:
                    key = _features_for_mover(game, features, state)
                    partners = waiting["lost" if kind == "won" else "won"].get(key, [])
                    for i, partner in enumerate(partners):
                        pair = (state, partner) if kind == "won" else (partner, state)
                        later = _later(pair)
                        if later == 0 or lengths[later] < n // 2:
                            lengths[later] += 1
                            del partners[i]
                            pairs.append(pair)
                            break
                    else:
                        waiting[kind].setdefault(key, []).append(state)
            state = game.result(state, rng.choice(game.actions(state)))
        if len(pairs) >= n:
            return pairs
    raise RuntimeError(f"{most_games} random games gave only {len(pairs)} of the {n} pairs asked for")


def _later(pair) -> int:
    """+1 if the won position of ``pair`` has more discs than the lost one, -1 if fewer, 0 if as many."""
    won, lost = ((x | o).bit_count() for x, o in pair)
    return (won > lost) - (won < lost)


def assess_whose_move(evaluate, game, pairs, points=1, *, seed=0, time_limit: float = 20.0) -> Grade:
    """Grade whether ``evaluate`` ranks each pair's won position above its lost one, for the player to move.

    The share of pairs ranked right earns nothing up to :data:`FLOOR` and
    full points from :data:`FULL`, in proportion between.  A value that is
    not a finite real number counts as a pair ranked wrongly.  The positions
    are evaluated once each, in an order shuffled by ``seed`` (the grader's
    secret one), so an evaluation that keeps state cannot tell the won
    position of a pair by when it is asked.

    Examples
    --------
    >>> from advsearch import ConnectFour
    >>> from advsearch.evaluation import connect4_eval
    >>> game = ConnectFour()
    >>> pairs = whose_move_pairs(game, "alice", 10)
    >>> base = connect4_eval(game)
    >>> def sees(state, player):
    ...     if game.winning_action(state) is None:
    ...         return base(state, player)
    ...     return 0.9 if player == game.to_move(state) else -0.9
    >>> assess_whose_move(sees, game, pairs, 2).points
    2.0
    >>> print(assess_whose_move(base, game, pairs).text.split(":")[0])
    Your evaluation ranks 0 of 10 pairs of positions right
    """
    out_of = validation.points(points)
    if not callable(evaluate):
        return Grade(0.0, out_of, "No evaluation function was found: define evaluate(state, player).")

    order = [(i, side) for i in range(len(pairs)) for side in (0, 1)]
    random.Random(f"{seed}:order").shuffle(order)

    def values():
        found = {}
        for i, side in order:
            state = pairs[i][side]
            found[i, side] = evaluate(state, game.to_move(state))
        return [(found[i, 0], found[i, 1]) for i in range(len(pairs))]

    result, error = call(values, time_limit=time_limit, student=evaluate)
    if error is not None:
        return Grade(0.0, out_of, f"On a position of this test your evaluation {describe_error(error)}.")

    def real(x):
        try:
            return validation.is_number(x) and math.isfinite(x)
        except OverflowError:               # a Fraction too large for a float
            return False

    right = [real(a) and real(b) and a > b for a, b in result]
    rate = sum(right) / len(pairs)
    earned = share(out_of, (rate - FLOOR) / (FULL - FLOOR))     # share keeps it within 0 and out_of
    text = (f"Your evaluation ranks {sum(right)} of {len(pairs)} pairs of positions right: in each pair the player "
            f"to move wins at once in one position and loses within two moves in the other, and the four features "
            f"of connect4_features are the same in both. {FLOOR:.0%} or fewer earn nothing, "
            f"{FULL:.0%} earns full points.")
    wrong = [i for i, ok in enumerate(right) if not ok]
    if wrong:
        i = wrong[0]
        won, lost = pairs[i]
        text += (f" For example, with {'XO'[game.to_move(won)]} to move it gives {_short(result[i][0])} to\n"
                 f"{game.render(won)}\n(a win at once) and {_short(result[i][1])} to\n{game.render(lost)}\n"
                 f"(lost within two moves).")
    return Grade(earned, out_of, text, details={"right": sum(right), "pairs": len(pairs)})


def _short(x) -> str:
    """A value as a report shows it: at most 40 characters of its repr (a student's value is not trusted)."""
    text = repr(x) if isinstance(x, (int, float)) and not isinstance(x, bool) else f"a {type(x).__name__}"
    return text if len(text) <= 40 else text[:37] + "..."
