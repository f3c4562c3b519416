"""The agent's side of a contest game: what runs in the agent's sandbox, around the agent's own code.

An agent's sandbox (:mod:`advsearch.contest.seat`) is the autograding runner
(:mod:`advsearch.sandbox.runner`) with the package importable.  Its cells
are: :func:`seeding` (the agent's randomness, seeded), the agent's own code
(or :func:`reference_cell` for a reference agent), and :func:`mover_cell`,
which defines the one function the referee calls, ``__contest_move(moves)``.
That function replays the moves of the game so far on the agent's own copy
of the game and asks the agent for its move.

Nothing here is trusted: the agent can change all of it, in its own process,
and gains nothing by it.  The referee checks every move on its own game.

Examples
--------
>>> move = mover(lambda game, state: game.actions(state)[-1], "tictactoe", {}, (1.0, None))
>>> move([4, 0])
8
"""

from __future__ import annotations

import inspect


#: The name the referee calls in the agent's namespace.
MOVE = "__contest_move"


def seeding(seed: int) -> str:
    """The first cell: Python's ``random`` module seeded, so a seeded contest replays exactly."""
    return f"import random as _contest_random\n_contest_random.seed({int(seed)})\n"


def reference_cell(spec: str, game: str, options: dict, seed: int) -> str:
    """The cell that makes a reference agent: ``agent = reference(...)``."""
    return (f"from advsearch.contest.inside import reference as _contest_reference\n"
            f"agent = _contest_reference({spec!r}, {game!r}, {options!r}, {int(seed)})\n")


def mover_cell(game: str, options: dict, budget: tuple) -> str:
    """The last cell: defines ``__contest_move`` around whatever ``agent`` the cells before defined."""
    return (f"from advsearch.contest.inside import mover as _contest_mover\n"
            f"{MOVE} = _contest_mover(globals().get('agent'), {game!r}, {options!r}, {tuple(budget)!r})\n")


def reference(spec, game_name, options, seed):
    """The reference agent ``spec`` (an ``advsearch play`` opponent) for the game."""
    from ..registry import make_agent, make_game
    return make_agent(spec, make_game(game_name, **options), seed=seed)


def mover(agent, game_name, options, budget):
    """``move(moves) -> action``: the agent's move after ``moves`` from the game's initial state.

    The game is made once and the state kept between calls, so a move costs
    one ``result`` per new move, not a replay of the whole game.
    """
    from ..registry import make_game
    from .entrants import Budget
    game = make_game(game_name, **options)
    budget = Budget(*budget)
    seen, state = [], game.initial_state

    def move(moves):
        nonlocal seen, state
        if not callable(agent):
            raise NameError("the submission defines no function agent(game, state)")
        if list(moves[:len(seen)]) != seen:
            seen, state = [], game.initial_state
        for m in moves[len(seen):]:
            state = game.result(state, m)
            seen.append(m)
        return agent(game, state, budget) if _takes_budget(agent) else agent(game, state)

    return move


def _takes_budget(agent) -> bool:
    """Whether ``agent`` can be called with a third argument (the :class:`~advsearch.contest.entrants.Budget`)."""
    try:
        signature = inspect.signature(agent)
    except (TypeError, ValueError):
        return False
    positional = [p for p in signature.parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    varargs = any(p.kind is p.VAR_POSITIONAL for p in signature.parameters.values())
    return varargs or len(positional) >= 3
