"""Pig and Piglet: the rules (:mod:`.rules`) and their optimal play (:mod:`.solver`).

Every name of both modules can be imported from here, as
``from advsearch.games.pig import Pig, optimal_pig``.  The solver needs numpy,
so its names load on first use and ``import advsearch`` stays quick.

>>> from advsearch.games.pig import Pig, optimal_piglet
>>> Pig().goal, round(optimal_piglet(2).start_win_probability, 4)
(100, 0.5714)
"""

from .rules import HOLD, ROLL, Pig, Piglet, PigState

#: The solver's names, passed on from :mod:`advsearch.games.pig.solver` when first asked for.
SOLVER_NAMES = ("PigSolution", "PigPolicy", "optimal_policy", "optimal_pig", "optimal_piglet", "hold_at",
                "win_probability")

__all__ = ["Pig", "Piglet", "PigState", "ROLL", "HOLD", *SOLVER_NAMES]


def __getattr__(name):
    if name in SOLVER_NAMES:
        from . import solver

        return getattr(solver, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(SOLVER_NAMES))
