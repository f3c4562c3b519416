"""Whether a Connect Four evaluation is the student's own: not one the package ships, nor one that ranks nothing.

ps2 grades an evaluation by matches, and a match measures the agent, not who
wrote its evaluation: the package's own ``connect4_eval`` (the reference
opponent's) draws with the reference, and an evaluation that gives every
position 0 is the "search" opponent itself.  An evaluation is judged by the
order in which it ranks positions, since a search only compares values: a
monotone change of scale, or the same weights times a constant, plays the
same games.  So on seeded positions the student's evaluation is compared,
pair of positions by pair, with every evaluation the package ships
(:func:`shipped_evaluations`): ``connect4_eval``, each of
``connect4_features`` alone, and their plain sum.  :func:`unoriginal` says
why an evaluation is not the student's own when

- it ranks (nearly) every pair of positions that a shipped evaluation
  separates the way that evaluation does (or exactly the other way round):
  the shipped one, rescaled, shifted, squashed or with its sign flipped; or
- it separates hardly any pair of positions at all: a constant, the "search"
  opponent's evaluation; or
- it ranks the pairs that ``connect4_eval`` separates alike on fewer than
  :data:`KNOWS` of them: a guess (random numbers, a hash of the board) ranks
  about half alike, and any evaluation that knows what wins Connect Four
  (lines of four, threats, the centre) ranks most of them alike.

Examples
--------
>>> from advsearch import ConnectFour
>>> from advsearch.evaluation import Linear, connect4_eval, connect4_features
>>> import math
>>> game = ConnectFour()
>>> positions = originality_positions(game, "alice")
>>> print(unoriginal(connect4_eval(game), game, positions))
it ranks 100% of the pairs of positions that connect4_eval separates as connect4_eval does: it is \
connect4_eval (or a rescaling of it), which the package ships, not an evaluation of your own
>>> squashed = lambda s, p: math.tanh(3 * connect4_eval(game)(s, p))
>>> "it is connect4_eval (or a rescaling of it)" in unoriginal(squashed, game, positions)
True
>>> print(unoriginal(lambda s, p: 0.0, game, positions))
it gives 0.0 to every test position: an evaluation must tell positions apart, and one that does not is the \
"search" opponent's, which the package ships
>>> own = Linear(connect4_features(game), {"centre": 0.03, "twos": 0.002, "threes": 0.04, "threats": 0.05})
>>> unoriginal(own, game, positions) is None
True
"""

from __future__ import annotations

import math
import numbers
import random

from ... import validation
from ...evaluation import Linear, connect4_eval, connect4_features
from ...game import MAX
from .positions import sample_positions
from ..shared.grades import Grade
from ..shared.running import call

#: The share of the pairs a shipped evaluation separates that an evaluation must rank alike (or all the other way
#: round) to count as that evaluation.
SAME_ORDER = 0.985

#: The share of all pairs of test positions an evaluation must separate to count as telling positions apart.
SEPARATES = 0.05

#: The share of the pairs ``connect4_eval`` separates that an evaluation must rank alike to show knowledge of the
#: game (guesses rank about half alike; evaluations of other features than the package's, about 80%).
KNOWS = 0.65


def shipped_evaluations(game) -> dict:
    """The Connect Four evaluations the package ships, by name: ``connect4_eval``, each feature, and their sum."""
    features = connect4_features(game)
    out = {"connect4_eval": connect4_eval(game)}
    out.update({f"the feature {name!r} alone": f for name, f in features.items()})
    out["the plain sum of the four features"] = Linear(features, {name: 1 for name in features})
    return out


def originality_positions(game, seed, n: int = 150) -> list:
    """``n`` seeded positions of random play on which evaluations are compared."""
    return sample_positions(game, f"{seed}:originality", n)


def agreement(mine: list, theirs: list):
    """``(agree, separated)``: of the pairs ``theirs`` ranks strictly, the share ``mine`` ranks alike; and how many.

    Pairs ``mine`` calls equal count as not alike.

    >>> agreement([1, 2, 3], [10, 20, 30]), agreement([3, 2, 1], [10, 20, 30]), agreement([1, 1, 1], [1, 2, 2])
    ((1.0, 3), (0.0, 3), (0.0, 2))
    """
    alike = separated = 0
    for i in range(len(theirs)):
        for j in range(i + 1, len(theirs)):
            if theirs[i] == theirs[j]:
                continue
            separated += 1
            alike += (mine[i] - mine[j]) * (theirs[i] - theirs[j]) > 0
    return (alike / separated if separated else 0.0), separated


def unoriginal(evaluate, game, positions):
    """Why ``evaluate`` is not the student's own (a sentence), or None; ``evaluate`` runs for MAX on ``positions``.

    Whatever ``evaluate`` raises is left to the caller.
    """
    return unoriginal_values([float(evaluate(s, MAX)) for s in positions], game, positions)


class Recorder:
    """An evaluation that passes calls on and keeps a sample of the positions it scored, with their values for MAX.

    A match is graded on the values an evaluation gave *in the match*: an
    evaluation that answers the identity check one way and plays another
    (it can count its calls) is caught by :func:`unoriginal_values` on what
    it recorded.  The sample is ``most`` of the distinct positions scored,
    drawn evenly over the whole match by seeded reservoir sampling, so that
    no stretch of the match goes unwatched.

    >>> r = Recorder(lambda s, p: s if p == MAX else -s, most=2)
    >>> [r(s, p) for s, p in [(1, 0), (2, 1), (3, 0), (3, 0), (4, 0)]]
    [1, -2, 3, 3, 4]
    >>> len(r.positions), all(r.values[i] == r.positions[i] for i in range(2))
    (2, True)
    """

    def __init__(self, evaluate, most: int = 150, seed: str = "advsearch.grading.originality.Recorder"):
        self.evaluate, self.most = evaluate, most
        self.__wrapped__ = evaluate
        self.positions, self.values, self.seen = [], [], set()
        self.rng = random.Random(seed)

    def __call__(self, state, player):
        v = self.evaluate(state, player)
        if state not in self.seen and _real(v):
            self.seen.add(state)
            mine = float(v) if player == MAX else -float(v)
            if len(self.positions) < self.most:
                self.positions.append(state)
                self.values.append(mine)
            else:
                i = self.rng.randrange(len(self.seen))
                if i < self.most:
                    self.positions[i], self.values[i] = state, mine
        return v


def _real(v) -> bool:
    return isinstance(v, numbers.Real) and not isinstance(v, bool) and math.isfinite(float(v))


def blind(mine: list, game, positions):
    """Why the values ``mine`` an evaluation gave ``positions`` for MAX show no knowledge of the game, or None.

    It fails when it tells too few pairs of positions apart, or ranks too few
    of the pairs ``connect4_eval`` separates as ``connect4_eval`` does.  ps2's
    grader asks this inside :func:`unoriginal_values`; ``check.evaluation``
    asks it before any game, so that self-study and the grade agree.

    >>> from advsearch import ConnectFour
    >>> game = ConnectFour()
    >>> positions = originality_positions(game, 0, 40)
    >>> blind([0.0] * 40, game, positions)[:40]
    'it gives 0.0 to every test position: an '
    >>> blind([connect4_eval(game)(s, MAX) for s in positions], game, positions) is None
    True
    """
    why = _alike(mine)
    if why is None:
        alike, _ = agreement(mine, [connect4_eval(game)(s, MAX) for s in positions])
        why = _knows(alike)
    return why


def _alike(mine: list):
    """Why ``mine`` does not tell positions apart, or None."""
    pairs = len(mine) * (len(mine) - 1) // 2
    _, apart = agreement(mine, mine)
    if apart >= SEPARATES * pairs:
        return None
    if len(set(mine)) == 1:
        return (f"it gives {mine[0]!r} to every test position: an evaluation must tell positions apart, and one "
                "that does not is the \"search\" opponent's, which the package ships")
    return (f"it tells apart only {apart / pairs:.1%} of the pairs of positions: an evaluation must tell "
            "positions apart, and one that does not is the \"search\" opponent's, which the package ships")


def _knows(reference):
    """Why an evaluation ranking ``reference`` of connect4_eval's pairs alike shows no knowledge, or None."""
    if reference >= KNOWS:
        return None
    return (f"it ranks only {_floor(reference)} of the pairs of positions that connect4_eval separates as "
            f"connect4_eval does, where a guess ranks about half and an evaluation that knows what wins "
            f"Connect Four (lines of four, threats, the centre) at least {KNOWS:.0%}: it shows no knowledge of "
            "the game")


def unoriginal_values(mine: list, game, positions):
    """:func:`unoriginal` given the values ``mine`` an evaluation gave ``positions`` for MAX."""
    why = _alike(mine)
    if why is not None:
        return why
    reference = None
    for name, theirs in shipped_evaluations(game).items():
        alike, separated = agreement(mine, [theirs(s, MAX) for s in positions])
        reference = alike if reference is None else reference
        if separated and (alike >= SAME_ORDER or alike <= 1 - SAME_ORDER):
            how = "as" if alike >= SAME_ORDER else "the other way round from how"
            share = alike if alike >= SAME_ORDER else 1 - alike
            return (f"it ranks {_floor(share)} of the pairs of positions that {name} separates {how} {name} "
                    f"does: it is {name} (or a rescaling of it), which the package ships, not an evaluation of "
                    "your own")
    return _knows(reference)


def _floor(share) -> str:
    """A share as a whole percentage, rounded down (99.9% is not "100%")."""
    return f"{int(share * 100)}%"


def assess_originality(evaluate, game, seed, points, *, time_limit: float = 10.0):
    """A Grade of 0 saying why, when ``evaluate`` is not the student's own (:func:`unoriginal`); else None.

    The problem set's tests call it before grading the evaluation's manners
    and matches, so that an evaluation the package ships earns nothing for
    any of them.  An evaluation that raises, loops or returns non-numbers
    here is left to those tests (None), which report it.

    >>> from advsearch import ConnectFour
    >>> from advsearch.evaluation import connect4_eval
    >>> game = ConnectFour()
    >>> g = assess_originality(connect4_eval(game), game, "alice", 3)
    >>> g.points, g.text.split(":")[0]
    (0.0, 'Your evaluation earns nothing here')
    >>> g = assess_originality(lambda s, p: 0.001 * (hash(s) % 100) * (1 if p == 0 else -1), game, "alice", 3)
    >>> "shows no knowledge of the game" in g.text
    True
    """
    out_of = validation.points(points)
    positions = originality_positions(game, seed)
    why, error = call(unoriginal, evaluate, game, positions, time_limit=time_limit, student=evaluate)
    if error is not None or why is None:
        return None
    return Grade(0.0, out_of, f"Your evaluation earns nothing here: on {len(positions)} test positions {why}. "
                              "The matches measure the agent, so they are played only with an evaluation you wrote.",
                 details={"unoriginal": why})
