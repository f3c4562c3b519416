"""Grading a Connect Four evaluation by a seeded match against a reference agent, under a node budget.

Both sides are the same search (:func:`~advsearch.iterative_deepening`,
centre columns first) with the same node budget a move; only the evaluation
differs.  Node budgets, not time, make a match the same every time it is
graded, and the openings come from the student's seed.
"""

from __future__ import annotations

import numbers
import time

from ... import validation
from .evaluation_match import OPPONENTS as _DESCRIPTIONS
from .evaluation_match import TARGETS, Checked, play_match
from ...game import MAX, MIN
from ...games.connect4 import ConnectFour
from .positions import sample_positions
from ..shared.grades import Grade, share
from ..shared.identity import student_seed
from ..shared.running import call, describe_error, stopped


#: The reference opponents of :func:`assess_tournament`, by name: a description and the default target rate.
#: The match itself is :func:`advsearch.course.limits.evaluation_match.play_match`, the one the self-study check plays.
OPPONENTS = {kind: (_DESCRIPTIONS[kind], TARGETS[kind]) for kind in _DESCRIPTIONS}


def _stop_within(error):
    """The time-out or runaway behind ``error`` if there is one (the arena reports an agent's failure as an error of
    its own, caused by what went wrong), else ``error``."""
    cause = error
    for _ in range(5):
        if stopped(cause):
            return cause
        cause = cause.__cause__ or cause.__context__
        if cause is None:
            break
    return error


def assess_tournament(evaluate, student, opponent="reference", points=3, *, games: int = 12,
                      max_nodes: int = 1000, target=None, time_limit: float = 60.0, max_ms: float = 1.0,
                      game=None) -> Grade:
    """Grade a Connect Four evaluation by a seeded match against a reference agent, under a node budget.

    The student's agent is :func:`~advsearch.iterative_deepening` with the
    student's ``evaluate``, centre columns first, and ``max_nodes`` search
    nodes a move.  It plays ``games`` games against ``opponent`` (see
    :data:`OPPONENTS`; the search opponents have the same budget) with
    :func:`advsearch.arena.match`: pairs of games from random two-ply
    openings, colours swapped.  The openings come from the student's seed,
    so the match is the same every time it is graded.  Node budgets, not
    time, make it deterministic.

    Parameters
    ----------
    evaluate : callable
        ``evaluate(state, player) -> number``, as in :mod:`advsearch.evaluation`.
    student : str
        The student id: it seeds the openings.
    opponent : {"random", "search", "reference"}
    points : float
    games : int
        An even number, so every opening is played with both colours.
    max_nodes : int
        Search nodes a move, for both agents.
    target : float, optional
        The score rate (wins plus half the draws, per game) that earns full
        points; less earns ``points * rate / target``.  The default is the
        opponent's entry in :data:`OPPONENTS`.
    time_limit : float
        Seconds for the whole match;
        a slower match earns nothing.
    max_ms : float
        Before the match, the evaluation is tried on 10 positions; if it
        fails there, or takes more than this many milliseconds a call, no
        match is played and the test earns nothing.
    game : ConnectFour, optional
        The board (7x6 by default).

    Notes
    -----
    About ``games`` × 21 moves × ``max_nodes`` nodes for each side: with the
    defaults some 250,000 evaluations a side, 2 to 10 seconds in CPython.
    The node budget counts search nodes, not the work inside ``evaluate``,
    so the evaluation is first timed on 10 positions and refused if slower
    than ``max_ms`` a call.

    Examples
    --------
    >>> from advsearch.evaluation import connect4_eval
    >>> g = assess_tournament(connect4_eval(), "alice", "reference", games=2, max_nodes=200)
    >>> g.details["rate"], g.points
    (0.5, 3.0)
    """
    out_of = validation.points(points)
    if opponent not in OPPONENTS:
        raise ValueError(f"opponent must be one of {', '.join(OPPONENTS)}, not {opponent!r}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 2 or games % 2:
        raise ValueError(f"games must be an even int >= 2, not {games!r}")
    describe, default_target = OPPONENTS[opponent]
    target = default_target if target is None else target
    if not isinstance(target, numbers.Real) or not 0 < target <= 1:
        raise ValueError(f"target must be a rate in (0, 1], not {target!r}")
    if not callable(evaluate):
        return Grade(0.0, out_of, "No evaluation function was found: define evaluate(state, player).")
    game = ConnectFour() if game is None else game
    seed = student_seed(student, "ps2", f"match:{opponent}")
    against = f"against {describe}"
    # A quick look first, so that an evaluation that fails, loops or crawls costs seconds, not the match's limit.
    probe = sample_positions(game, f"{seed}:probe", 10)

    def look():
        started = time.perf_counter()
        for s in probe:
            Checked(evaluate)(s, MAX)
            Checked(evaluate)(s, MIN)
        return (time.perf_counter() - started) / (2 * len(probe)) * 1000

    ms, error = call(look, time_limit=2.0, student=evaluate)
    if error is not None:
        return Grade(0.0, out_of, f"No match {against} was played: on a test position your evaluation "
                                  f"{describe_error(error)}.")
    if ms > max_ms:
        return Grade(0.0, out_of, f"No match {against} was played: your evaluation takes {ms:.2f} ms a call, "
                                  f"more than the {max_ms:g} ms allowed.")
    started = time.perf_counter()
    result, error = call(play_match, Checked(evaluate), opponent, game, games=games, max_nodes=max_nodes,
                         seed=seed, time_limit=time_limit, student=evaluate)
    took = time.perf_counter() - started
    if error is not None:
        error = _stop_within(error)
        why = describe_error(error)
        if stopped(error):
            why = (f"did not finish the {games} games within {time_limit:g} s: the search is allowed "
                   f"{max_nodes} nodes a move, so your evaluation is too slow")
        return Grade(0.0, out_of, f"Your agent, in a match {against}, {why}.")
    rate = result.rate
    earned = out_of if rate >= target else share(out_of, rate / target)
    text = (f"Match {against}, {games} games from openings seeded by your id, {max_nodes} nodes a move: "
            f"your agent won {result.wins}, drew {result.draws} and lost {result.losses}, a score of "
            f"{rate:.0%}; {target:.0%} earns full points.")
    return Grade(earned, out_of, text, details={"rate": rate, "wins": result.wins, "draws": result.draws,
                                                "losses": result.losses, "seconds": took})
