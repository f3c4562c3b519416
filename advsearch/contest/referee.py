"""The referee of one contest game: the trusted game, two sandboxed agents, and every move checked.

:func:`play_game` is the unit of work of a contest, the same on the local
process pool and on a Dask cluster: it takes a :class:`GameTask` (plain data:
the game's name, the two entrants' code, the opening, the seeds and the
limits) and returns the game as a dict (see :func:`play_game`), which the
contest writes to its record at once.

The referee keeps the only state that counts.  It sends each agent the
moves so far, and checks the move it answers against its own game; an
agent that crashes, answers something that is not a legal move, or takes
longer than its time loses the game, and the reason is recorded.  Neither
agent can stop the contest: whatever an agent does ends in its own process.

Examples
--------
>>> from advsearch.contest.entrants import Entrant, Budget, baseline
>>> first = Entrant("first", ("def agent(game, state):\\n    return game.actions(state)[0]\\n",))
>>> task = GameTask("g1", "tictactoe", {}, (first, baseline("solver")), opening=(), seeds=(1, 2),
...                 budget=Budget(10.0))
>>> game = play_game(task)
>>> game["result"], game["winner"], game["reason"]
('0-1', 'solver', 'game over')
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from ..arena import chance_move, is_legal
from ..game import CHANCE
from ..registry import make_game
from .echo import echoed
from .entrants import Budget
from .seat import Forfeit, Seat


#: The result of a game as a string, from the first seat's point of view.
RESULTS = ("1-0", "1/2-1/2", "0-1")


@dataclass(frozen=True)
class GameTask:
    """One game to play: everything a worker needs, as plain data.

    Attributes
    ----------
    id : str
        The game's key in the contest's record.
    game : str
        The registered game's name; ``options`` are its options.
    options : dict
    seats : tuple of Entrant
        The two entrants, the first to move first.
    opening : tuple
        Moves played before the agents take over (random, from the contest's seed).
    seeds : tuple of int
        Seeds of each seat's randomness.
    budget : Budget
    memory_mb : int
    max_moves : int or None
        The game is stopped after this many moves (after the opening) and
        scored as a draw; None for no limit.
    pair : tuple of str
        The pairing it belongs to, in the contest's order of names.
    """

    id: str
    game: str
    options: dict
    seats: tuple
    opening: tuple = ()
    seeds: tuple = (0, 0)
    budget: Budget = Budget()
    memory_mb: int = 1024
    max_moves: int | None = None
    pair: tuple = field(default=())


def play_game(task: GameTask) -> dict:
    """Play ``task`` and return it as a dict for the contest's record.

    The dict holds ``id``, ``pair``, ``seats`` (names, the first moved
    first), ``result`` (``"1-0"``, ``"1/2-1/2"`` or ``"0-1"`` for the
    first seat), ``winner`` (a name, or None), ``reason`` (``"game over"``,
    ``"move limit"``, or what the loser did wrong, beginning with its name,
    at most :data:`~advsearch.contest.echo.MAX_ECHO` characters),
    ``forfeit`` (the name of the seat at fault, or None), ``fault`` (how it
    lost: ``"load"``, ``"crash"``, ``"illegal"`` or ``"time"``; None), ``moves`` (all of
    them, opening included), ``opening`` (how many of them), ``seconds`` (each
    seat's thinking time) and ``wall`` (the game's wall time).
    """
    started = time.monotonic()
    game = make_game(task.game, **task.options)
    names = [e.name for e in task.seats]
    moves, thinking = list(task.opening), [0.0, 0.0]
    state = game.initial_state
    for m in moves:
        state = game.result(state, m)
    rng = random.Random(f"{task.id}:chance:{task.seeds}")
    seats = [Seat(e, task.game, task.options, seed=s, budget=task.budget, memory_mb=task.memory_mb)
             for e, s in zip(task.seats, task.seeds)]
    at_fault, fault, reason, outcome = None, None, "game over", None
    try:
        for p, seat in enumerate(seats):
            try:
                seat.start()
            except Forfeit as why:
                at_fault, fault, reason = p, why.kind, str(why)
                break
        while at_fault is None and not game.is_terminal(state):
            if task.max_moves is not None and len(moves) - len(task.opening) >= task.max_moves:
                reason = "move limit"
                break
            p = game.to_move(state)
            if p == CHANCE:
                move = chance_move(game, state, rng)
            else:
                asked = time.monotonic()
                try:
                    move = seats[p].move(moves)
                    if not is_legal(move, game.actions(state)):
                        raise Forfeit("illegal", f"played {echoed(repr(move), 80)}, which is not a legal move")
                except Forfeit as why:
                    at_fault, fault, reason = p, why.kind, str(why)
                    break
                finally:
                    thinking[p] += time.monotonic() - asked
            state = game.result(state, move)
            moves.append(move)
        if at_fault is None and game.is_terminal(state):
            outcome = [game.utility(state, p) for p in (0, 1)]
    finally:
        for seat in seats:
            seat.close()
    return _record(task, names, moves, outcome, at_fault, fault, reason, thinking, time.monotonic() - started)


def _record(task, names, moves, outcome, at_fault, fault, reason, thinking, wall) -> dict:
    if at_fault is not None:
        result = RESULTS[2] if at_fault == 0 else RESULTS[0]
        reason = echoed(f"{names[at_fault]} {reason}")
    elif outcome is None or outcome[0] == outcome[1]:
        result = RESULTS[1]
    else:
        result = RESULTS[0] if outcome[0] > outcome[1] else RESULTS[2]
    winner = {RESULTS[0]: names[0], RESULTS[2]: names[1]}.get(result)
    return {"id": task.id, "pair": list(task.pair or names), "seats": names, "result": result, "winner": winner,
            "reason": reason, "forfeit": None if at_fault is None else names[at_fault], "fault": fault,
            "moves": [_plain(m) for m in moves], "opening": len(task.opening),
            "seconds": [round(t, 4) for t in thinking], "wall": round(wall, 4)}


def _plain(move):
    """A move as JSON keeps it (tuples become lists), so a game reads the same from the record as when it ended."""
    return [_plain(m) for m in move] if isinstance(move, (tuple, list)) else move
