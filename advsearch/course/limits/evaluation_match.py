"""``check.evaluation``: a Connect Four evaluation function, judged at once by a seeded match.

The match is the one ps2 grades (:mod:`advsearch.course.limits.tournament` calls
:func:`play_match` from here): both sides run the same search,
:func:`~advsearch.iterative_deepening` with centre columns first and the same
node budget a move, and differ only in their evaluation.  Node budgets, not
time, make a match the same every time it is played.  Before any game the
evaluation is tried on a few positions, so that one that raises, returns a
non-number, ignores whose view it is asked for or crawls is reported in a
sentence instead of a failed match.
"""

from __future__ import annotations

import html
import math
import numbers
import random
import statistics
import time

from ... import agents, arena, timeout, validation
from ...evaluation import connect4_eval
from ...game import MAX, MIN
from ...games.connect4 import ConnectFour
from ...search import iterative_deepening
from ..shared.feedback import Feedback, not_answered
from ..shared.untrusted import said
from .originality import blind, originality_positions


#: The reference opponents, by name, with a description.
OPPONENTS = {
    "random": "a player that picks a uniformly random legal move",
    "search": ("the same search with no knowledge: every cut-off position is worth 0 (centre columns "
               "are still searched first)"),
    "reference": "the same search with the package's hand-weighted connect4_eval",
}

#: The score rate (wins plus half the draws, per game) aimed at against each opponent.  :func:`evaluation`
#: fails an evaluation only when the 95% Wilson interval of its score lies wholly below the target
#: (:func:`verdict`); ps2's grader gives full points from the target on and a share below it.
TARGETS = {"random": 0.9, "search": 0.55, "reference": 0.4}

#: The score of an evaluation exactly as strong as the reference opponent's, against it.
EVEN = 0.5

#: The problems :func:`evaluation` names, by key.
EVALUATION_MISTAKES = {
    "eval_not_antisymmetric": "evaluate(s, MIN) is not -evaluate(s, MAX): Eval must be zero-sum like Utility",
    "eval_blind": "Eval shows no knowledge of Connect Four: it tells almost no positions apart, or ranks them "
                  "unlike any evaluation that knows the game (ps2's grade is 0 for such an evaluation)",
    "eval_out_of_range": "Eval reaches the utility of a win or a loss (±1), so the search may prefer a "
                         "good-looking position to a proven win",
}


def _values(evaluate, positions) -> list:
    """What ``evaluate`` gives MAX on ``positions``, each a finite real number (:class:`Checked`)."""
    checked = Checked(evaluate)
    return [float(checked(s, MAX)) for s in positions]


def zero(state, player):
    """An evaluation with no knowledge: every cut-off position is worth 0."""
    return 0.0


class Checked:
    """An evaluation that refuses to return anything but a finite real number (a ValueError otherwise)."""

    def __init__(self, evaluate):
        self.evaluate = evaluate
        self.calls = 0

    def __call__(self, state, player):
        self.calls += 1
        v = self.evaluate(state, player)
        if isinstance(v, bool) or not isinstance(v, numbers.Real) or not math.isfinite(float(v)):
            raise ValueError(f"evaluate returned {v!r}; it must return a finite number")
        return v


def searcher(evaluate, name, game, max_nodes):
    """The agent of every match: iterative deepening with ``evaluate``, centre first, ``max_nodes`` a move."""
    return agents.SearchAgent(iterative_deepening, name, evaluate=evaluate, max_nodes=max_nodes,
                              order=game.move_order)


def opponent(kind, game, max_nodes, seed):
    """The reference agent ``kind`` (a key of :data:`OPPONENTS`)."""
    if kind == "random":
        return agents.random(seed=seed)
    if kind == "search":
        return searcher(zero, "search only", game, max_nodes)
    if kind == "reference":
        return searcher(connect4_eval(game), "connect4_eval", game, max_nodes)
    raise ValueError(f"opponent must be one of {', '.join(OPPONENTS)}, not {kind!r}")


def play_match(evaluate, kind, game, *, games, max_nodes, seed):
    """The seeded match of ``evaluate``'s agent against opponent ``kind``: an :class:`~advsearch.arena.MatchResult`.

    Pairs of games from random two-ply openings, colours swapped.
    ``evaluate`` is used as given (wrap it in :class:`Checked` to refuse
    non-numbers).

    >>> g = ConnectFour()
    >>> r = play_match(connect4_eval(g), "reference", g, games=2, max_nodes=100, seed=0)
    >>> r.rate
    0.5
    """
    return arena.match(game, searcher(evaluate, "yours", game, max_nodes), opponent(kind, game, max_nodes, seed),
                       games=games, openings=2, seed=seed, progress=False)


def verdict(kind, rate, interval) -> tuple:
    """``(passes, words)``: what a score ``rate`` with its 95% ``interval`` against opponent ``kind`` shows.

    A match of a few dozen games measures a score only to within its
    interval, so an evaluation fails only when the whole interval lies below
    the target: one whose true score is the target then fails about one time
    in forty (a one-sided test at 2.5%; with 12 to 48 games the exact chance
    is 1-5%), where ``rate >= target`` failed it about half the time.
    Against the reference, the words also say whether the interval holds
    the 50% of an evaluation exactly as strong as the reference.

    >>> verdict("reference", 0.5, (0.31, 0.69))
    (True, 'as good as the reference, within the interval')
    >>> verdict("reference", 0.375, (0.21, 0.57))
    (True, 'below the target 40%, but the interval still holds the 50% of an evaluation as good as the reference')
    >>> verdict("search", 0.5, (0.31, 0.69))
    (True, 'below the target 55%, but the interval reaches it')
    >>> verdict("random", 0.625, (0.43, 0.79))
    (False, 'below the target 90%, even at the top of the interval')
    """
    lo, hi = interval
    target = TARGETS[kind]
    if hi < target:
        return False, f"below the target {target:.0%}, even at the top of the interval"
    even = kind == "reference" and lo <= EVEN <= hi
    if rate >= target:
        if even:
            return True, "as good as the reference, within the interval"
        if kind == "reference" and lo > EVEN:
            return True, "better than the reference, beyond the interval"
        return True, f"reaches the target {target:.0%}"
    if even:
        return True, (f"below the target {target:.0%}, but the interval still holds the 50% of an evaluation as good "
                      "as the reference")
    return True, f"below the target {target:.0%}, but the interval reaches it"


def probe_positions(game, seed, n=10) -> list:
    """``n`` positions of seeded random play, 2 to 30 plies deep, on which no game has ended."""
    rng = random.Random(f"probe:{seed}")
    return [arena.random_opening(game, rng.randint(2, 30), rng) for _ in range(n)]


class MatchFeedback(Feedback):
    """A Feedback that also holds the match ``rows``: ``(opponent, wins, draws, losses, rate, (lo, hi))``."""

    __slots__ = ("rows",)

    def __init__(self, ok, text, mistake=None, rows=()):
        super().__init__(ok, text, mistake)
        self.rows = list(rows)

    def _repr_html_(self) -> str:
        body = super()._repr_html_()
        if not self.rows:
            return body
        head = "".join(f"<th>{h}</th>" for h in ("opponent", "won", "drawn", "lost", "score", "95% interval"))
        cells = "".join(f"<tr><td>{html.escape(k)}</td><td>{w}</td><td>{d}</td><td>{l}</td><td>{r:.0%}</td>"
                        f"<td>{lo:.0%} – {hi:.0%}</td></tr>" for k, w, d, l, r, (lo, hi) in self.rows)
        return body + f'<table style="margin-left:14px">{head}{cells}</table>'


def _look(evaluate, positions):
    """``(problem key or None, sentence, ms a call)`` from trying ``evaluate`` on ``positions`` for both players."""
    checked, times = Checked(evaluate), []

    def timed(s, player):
        started = time.perf_counter()
        v = checked(s, player)
        times.append(time.perf_counter() - started)
        return v
    pairs = [(timed(s, MAX), timed(s, MIN)) for s in positions]
    ms = statistics.median(times) * 1000        # the median: a pause of the machine's does not count against it
    for s, (mx, mn) in zip(positions, pairs):
        if not math.isclose(mx, -mn, rel_tol=1e-9, abs_tol=1e-12):
            return ("eval_not_antisymmetric", f"on a test position your evaluation gives {mx!r} for MAX but {mn!r} "
                    "for MIN. Eval has Utility's signature: evaluate(s, MIN) must be -evaluate(s, MAX).", ms)
    largest = max(abs(float(mx)) for mx, _ in pairs)      # float: a subclass of float may redefine abs()
    if largest >= 1:
        return ("eval_out_of_range", f"on a test position |Eval| = {largest:g}, but a win is worth only 1: keep "
                "Eval strictly between -1 and +1, or the search may prefer a position that merely looks good "
                "to a win it has proved.", ms)
    return None, "", ms


#: How much longer an evaluation may take a call in a browser tab: Pyodide runs Python 2-3 times slower than
#: CPython, and the cooperative time limit watches the student's code, 2.6-4.7 times slower again (measured
#: for issue 29), so an evaluation that passes in CPython is not refused in the browser.
BROWSER_SLOWDOWN = 10


def match_seconds(games, max_nodes, max_ms) -> float:
    """Seconds a match of ``games`` may take: twice what an evaluation at ``max_ms`` a call needs (at most
    about 21 moves a game and ``max_nodes`` evaluations a move), and a minute at least.

    >>> match_seconds(24, 200, 1.0)
    201.6
    """
    return max(60.0, 2 * games * 21 * max_nodes * max_ms / 1000)


def evaluation(evaluate, games=24, seed=0, *, opponents=("random", "search", "reference"), max_nodes=200,
               max_ms=1.0, game=None) -> MatchFeedback:
    """Play a Connect Four evaluation against reference agents at once, as ps2 grades it.

    Parameters
    ----------
    evaluate : callable
        ``evaluate(state, player) -> number`` for :class:`~advsearch.ConnectFour`.
    games : int
        Games against each opponent, an even number (each opening is played with both colours).
    seed : int
        Seeds the openings and the random player.
    opponents : sequence of str
        Keys of :data:`OPPONENTS`.
    max_nodes : int
        Search nodes a move for both sides.
    max_ms : float
        Milliseconds a call the evaluation may take on the test positions, in
        CPython; in a browser tab (:func:`advsearch.timeout.mode` is
        ``"cooperative"``) :data:`BROWSER_SLOWDOWN` times as many.
    game : ConnectFour, optional
        The board (7x6 by default).

    Returns
    -------
    MatchFeedback
        ``ok`` when the evaluation is sound and no opponent's 95% interval
        lies wholly below its :data:`TARGETS` entry (:func:`verdict`), so that
        an evaluation as strong as the reference is not failed by the luck of
        24 games; each row's words say what the interval shows (against the
        reference: "as good as the reference, within the interval" when it
        holds 50%).  ``rows`` holds each match's result and the notebook
        shows them as a table.

    Examples
    --------
    >>> fb = evaluation(connect4_eval(), games=2, opponents=["reference"], max_nodes=100)
    >>> fb.ok, fb.rows[0][1:5]
    (True, (1, 0, 1, 0.5))
    >>> evaluation(lambda s, p: 0.5, games=2).mistake
    'eval_not_antisymmetric'
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 2 or games % 2:
        raise ValueError(f"games must be an even int >= 2, not {games!r}")
    bad = [k for k in opponents if k not in OPPONENTS] if not isinstance(opponents, str) else [opponents]
    if bad or not opponents:
        raise ValueError(f"opponents must be a non-empty list of {', '.join(OPPONENTS)}, not {opponents!r}")
    validation.budget("max_nodes", max_nodes, whole=True)
    if evaluate is None or evaluate is Ellipsis:
        return MatchFeedback(False, not_answered("write evaluate(state, player) -> number.").text)
    if not callable(evaluate):
        return MatchFeedback(False, f"Your answer is {type(evaluate).__name__}, not a function "
                                    "evaluate(state, player) -> number.")
    game = ConnectFour() if game is None else game
    try:
        mistake, why, ms = timeout.call(_look, evaluate, probe_positions(game, seed), seconds=2.0,
                                        what="your evaluation")
    except NotImplementedError:
        return MatchFeedback(False, not_answered("your evaluation raises NotImplementedError.").text)
    except timeout.TimeLimitExceeded:
        return MatchFeedback(False, "Your evaluation did not return within 2 s on 20 test calls: far too slow "
                                    "for a search that calls it at every leaf (a loop that never ends?).")
    except Exception as e:
        return MatchFeedback(False, f"On a test position your evaluation raised {type(e).__name__}: {said(e)}")
    if mistake == "eval_not_antisymmetric":
        return MatchFeedback(False, "No games were played: " + why, mistake)
    if timeout.mode() == "cooperative":
        max_ms *= BROWSER_SLOWDOWN
    if ms > max_ms:
        return MatchFeedback(False, f"No games were played: your evaluation takes {ms:.2f} ms a call, more than the "
                                    f"{max_ms:g} ms allowed here; the search calls it at nearly every node.")
    try:
        positions = originality_positions(game, seed)
        blind_why = blind(timeout.call(_values, evaluate, positions, seconds=5.0, what="your evaluation"), game,
                          positions)
    except Exception as e:         # a time limit, or a raise on a position the first test calls did not meet
        return MatchFeedback(False, f"On a test position your evaluation failed: {type(e).__name__}: {said(e)}")
    if blind_why:
        return MatchFeedback(False, "No games were played: " + blind_why + ".", "eval_blind")
    rows, verdicts = [], []
    # A limit where a thread keeps it; in a browser tab a watched match would run several times slower.
    seconds = match_seconds(games, max_nodes, max_ms) if timeout.mode() == "threads" else None
    for kind in opponents:
        try:
            r = timeout.call(play_match, Checked(evaluate), kind, game, games=games, max_nodes=max_nodes, seed=seed,
                             seconds=seconds, what=f"the match against {kind}")
        except timeout.TimeLimitExceeded:
            return MatchFeedback(False, f"The {games} games against {kind} did not finish within {seconds:g} s: "
                                        f"your evaluation became far slower than on the test positions (a loop "
                                        f"that never ends?).", None, rows)
        except arena.AgentError as e:
            who = "your agent" if getattr(e, "agent", None) == "yours" else f"the {kind} opponent"
            cause = e.__cause__ if e.__cause__ is not None else e
            return MatchFeedback(False, f"The match against {kind} stopped: {who} failed with "
                                        f"{type(cause).__name__}: {said(cause)}.", None, rows)
        rows.append((kind, r.wins, r.draws, r.losses, r.rate, r.interval))
        verdicts.append(verdict(kind, r.rate, r.interval))
    summary = "; ".join(f"against {k}: {w}-{d}-{l} (won-drawn-lost), score {r:.0%}, 95% interval "
                        f"{lo:.0%}-{hi:.0%}, {words}" for (k, w, d, l, r, (lo, hi)), (_, words) in zip(rows, verdicts))
    head = f"{games} games per opponent, {max_nodes} nodes a move, seed {seed}. {summary[0].upper()}{summary[1:]}. "
    if mistake:
        return MatchFeedback(False, "Your evaluation played, but " + why + " " + head, mistake, rows)
    below = [k for k, (passes, _) in zip(opponents, verdicts) if not passes]
    if below:
        return MatchFeedback(False, f"{head}Not yet strong enough against {' and '.join(below)}: the whole 95% interval "
                                    "lies below the target. More features or better weights move the score.", None, rows)
    short = [k for k, _, _, _, rate, _ in rows if rate < TARGETS[k]]
    if not short:
        return MatchFeedback(True, f"Good: {head}Every score reaches its target.", None, rows)
    return MatchFeedback(True, f"Passed within the intervals: {head}The score against {' and '.join(short)} is below "
                               f"its target, but {games} games cannot tell it from the target; games={2 * games} "
                               "narrows the intervals by about a third.", None, rows)
