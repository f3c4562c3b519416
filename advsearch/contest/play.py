"""A class contest from start to leaderboard: :func:`run` (and :func:`~advsearch.contest.archive.load` to show one
again)."""

from __future__ import annotations

import json
import math
import os
import tempfile

from ..arena import progress_bar
from ..registry import make_game
from .. import validation
from .echo import echoed
from .entrants import VERSUS, Budget, Entrant, baseline, load_entrants, named_like
from .leaderboard import write_leaderboard
from .pool import executor, play_all
from .archive import EXCLUDED, result_of, round_of
from .record import Record
from .referee import play_game
from .standings import ContestResult
from .schedule import FORMATS, round_robin, swiss_round
from .secret import contest_key
from .seat import Forfeit, Seat


def run(game, agents, *, baselines=(), game_options=None, format="round-robin", rounds=None, games_per_pair=2,
        openings=2, time_per_move=1.0, max_nodes=None, seed=0, out=None, workers=None, scheduler=None,
        memory_mb=1024, max_moves=None, prior=1.0, progress=True, restart=False) -> ContestResult:
    """Play a round robin between students' agents (and reference agents) and return the leaderboard.

    Every agent plays every other ``games_per_pair`` times, both colours from
    each seeded opening, each agent in its own sandbox (see
    :mod:`advsearch.contest.seat`).  Each finished game is written to the
    record in ``out`` at once; run the same call again and it goes on where it
    stopped.  At the end ``out`` also holds the leaderboard files
    (:func:`~advsearch.contest.leaderboard.write_leaderboard`).

    Parameters
    ----------
    game : str
        A game ``advsearch play`` knows: ``"connect4"``, ``"tictactoe"``, ...
    agents : path, or sequence of Entrant
        A folder of submissions (:func:`~advsearch.contest.entrants.load_entrants`),
        or the entrants themselves.
    baselines : sequence of str
        Reference agents by their ``advsearch play`` names: ``"random"``, ``"alphabeta:3"``, ``"mcts:300"``.
    game_options : dict, optional
        The game's options, as ``{"size": (5, 4)}`` for Connect Four.
    format : {"round-robin", "swiss"}
        Every pair meets (``n (n - 1) / 2`` pairings), or Swiss rounds: each
        round pairs agents with like scores who have not met
        (:func:`~advsearch.contest.schedule.swiss_pairs`), ``n / 2`` pairings a
        round, for classes too large for a round robin.  The ratings are
        fitted to whatever games were played either way.
    rounds : int, optional
        Swiss rounds; by default ``ceil(log2 n) + 2`` for ``n`` agents.
    games_per_pair : int
        Games between each pair; pairs of them share an opening and swap colours.
    openings : int
        Random plies that start each opening (the same openings for every pair).
    time_per_move : float or None
        Seconds an agent may think over a move; slower loses the game.  None: no limit.
    max_nodes : int, optional
        A node budget per move passed to agents that take ``budget`` (not enforced).
    seed : int or str
        Seeds the openings and, with the key kept in ``out`` (:mod:`~advsearch.contest.secret`), every
        agent's randomness: the same seed in the same folder, the same contest.
    out : path, optional
        The contest's folder; by default a new temporary one (``result.folder``).  It keeps the record
        and the contest's secret key (``secret.key``): publish its leaderboard files, not the key.
    workers : int, optional
        Local processes (None: every core; 1: this process, one game at a time).
    scheduler : str or distributed.Client, optional
        Run the games on a Dask cluster instead of the local pool.
    memory_mb : int
        Address space of each agent's process.
    max_moves : int, optional
        Stop a game after this many moves and score it a draw.
    prior : float
        Virtual drawn games per pair in the rating fit.
    progress : bool
        A progress bar with an ETA (``tqdm``).
    restart : bool
        Delete a record of another contest in ``out`` rather than refuse it.

    Returns
    -------
    ContestResult

    Raises
    ------
    ValueError
        An unknown game or reference agent, fewer than two agents, two with
        one name, a bad number, or ``out`` holding another contest's record.
    KeyboardInterrupt
        On Ctrl-C, after the finished games are safe in the record.
    """
    options = dict(game_options or {})
    make_game(game, **options)                                   # an unknown game or option, now
    games_per_pair = validation.count("games_per_pair", games_per_pair)
    openings = validation.whole_number("openings", openings, least=0)
    memory_mb = validation.whole_number("memory_mb", memory_mb, least=64)
    validation.budget("time_per_move", time_per_move)
    validation.budget("max_nodes", max_nodes, whole=True)
    validation.budget("max_moves", max_moves, whole=True)
    if workers is not None:
        workers = validation.count("workers", workers)
    if format not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}, not {format!r}")
    if rounds is not None:
        if format != "swiss":
            raise ValueError("rounds are for the Swiss format (format='swiss'); a round robin plays every pair")
        rounds = validation.count("rounds", rounds)
    entrants, excluded = _entrants(agents)
    references = [baseline(spec) for spec in baselines]
    if isinstance(agents, (str, os.PathLike)):       # a student may name a submission like a reference agent
        entrants, excluded = _apart_from(entrants, excluded, references)
    entrants += references
    _check_names(entrants)
    budget = Budget(time_per_move, max_nodes)
    settings = {"game": game, "options": options, "games_per_pair": games_per_pair, "openings": openings,
                "time_per_move": time_per_move, "max_nodes": max_nodes, "seed": seed, "max_moves": max_moves,
                "memory_mb": memory_mb, "format": format, "rounds": rounds,
                "entrants": {e.name: e.digest for e in entrants}}
    out = tempfile.mkdtemp(prefix="advsearch-contest-") if out is None else os.fspath(out)
    record = Record(out, settings, restart=restart)
    key = contest_key(out)
    with executor(workers, scheduler) as (pool, in_flight):
        reasons = []
        play_all(pool, in_flight, _checked, [(e, game, options, budget, memory_mb) for e in entrants], reasons.append)
        for e, reason in zip(entrants, _in_order(reasons, entrants)):
            if reason is not None:
                excluded[e.name] = reason
        admitted = [e for e in entrants if e.name not in excluded]
        _write_json(os.path.join(out, EXCLUDED), excluded)
        if len(admitted) < 2:
            raise ValueError(f"a contest needs at least two agents that load; "
                             f"{len(admitted)} did ({_listed(excluded)})")
        if format == "swiss" and rounds is None:
            rounds = math.ceil(math.log2(len(admitted))) + 2
        layout = dict(games_per_pair=games_per_pair, openings=openings, seed=seed, key=key, budget=budget,
                      memory_mb=memory_mb, max_moves=max_moves)
        n = len(admitted)
        total = games_per_pair * (n * (n - 1) // 2 if format == "round-robin" else rounds * (n // 2))
        planned, byes = set(), []
        with progress_bar(total, f"contest of {game}", progress, initial=min(len(record.games), total),
                          leave=True) as bar:
            def finished(result):
                record.add(result)
                bar.update(1)
                bar.set_postfix_str(_last(result), refresh=False)
            for r in range(1, (rounds if format == "swiss" else 1) + 1):
                if format == "swiss":
                    points, met = _so_far(record.games, before=r)
                    tasks, bye = swiss_round(admitted, r, points, met, {b for _, b in byes}, game, options, **layout)
                    byes += [(r, bye)] if bye else []
                else:
                    tasks = round_robin(admitted, game, options, **layout)
                planned |= {t.id for t in tasks}
                done = record.done
                play_all(pool, in_flight, play_game, [t for t in tasks if t.id not in done], finished)
    result = result_of(record, [e.name for e in admitted], planned, excluded, prior, byes=byes)
    write_leaderboard(result, out)
    return result


def check_entrant(entrant, game, options, budget, memory_mb):
    """None if ``entrant``'s code loads in its sandbox and defines something callable, else the reason."""
    try:
        with Seat(entrant, game, options, seed=0, budget=budget, memory_mb=memory_mb) as seat:
            seat.start()
            if not seat.defines_agent():
                return "its code defines no function agent(game, state)"
    except Forfeit as why:
        return echoed(why)
    return None


def _write_json(path, data):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)


def _checked(args):
    entrant = args[0]
    return entrant.name, check_entrant(*args)


def _in_order(reasons, entrants):
    by_name = dict(reasons)
    return [by_name.get(e.name) for e in entrants]


def _so_far(games, before) -> tuple:
    """Points and the pairs that met, from the Swiss rounds before round ``before`` (a resumed round's own
    games must not change its pairing)."""
    points, met = {}, set()
    for g in games:
        if round_of(g) >= before:
            continue
        first, second = g["seats"]
        won = {"1-0": 1.0, "1/2-1/2": 0.5, "0-1": 0.0}[g["result"]]
        points[first] = points.get(first, 0) + won
        points[second] = points.get(second, 0) + 1 - won
        met.add(frozenset(g["pair"]))
    return points, met


def _entrants(agents) -> tuple:
    if isinstance(agents, (str, os.PathLike)):
        return load_entrants(agents)
    entrants = list(agents)
    for e in entrants:
        if not isinstance(e, Entrant):
            raise ValueError(f"agents must be a folder of submissions or a list of Entrant, not a list holding {e!r}")
    return entrants, {}


def _apart_from(entrants, skipped, references) -> tuple:
    """``(entrants, excluded)``: the submissions without those named like a reference agent (also in another
    case or Unicode form), and the reasons of every submission left out, each under a key that no agent who
    plays has (``"random (submission)"``): whether an agent plays is read from those keys, here and when a
    contest's record is read again."""
    names = [r.name for r in references]
    playing = [e for e in entrants if named_like(e.name, names) is None]
    reasons = [*skipped.items(), *((e.name, f"its name is that of the reference agent {e.name!r}, which plays in "
                                            f"this contest; rename the submission")
                                   for e in entrants if named_like(e.name, names) is not None)]
    taken = {e.name for e in playing} | {r.name for r in references}
    excluded = {}
    for name, why in reasons:
        key, k = name, 1
        while key in taken or key in excluded:
            key, k = f"{name} (submission{'' if k == 1 else f' {k}'})", k + 1
        excluded[key] = why
    return playing, excluded


def _check_names(entrants):
    seen = set()
    for e in entrants:
        if e.name in seen:
            raise ValueError(f"two agents are called {e.name!r}; every entrant needs its own name")
        if VERSUS in e.name:
            raise ValueError(f"the agent {e.name!r} has {VERSUS!r} in its name, which separates the agents in a "
                             f"game's id; rename it")
        seen.add(e.name)


def _listed(excluded) -> str:
    return "; ".join(f"{name}: {why}" for name, why in sorted(excluded.items())) or "none was entered"


def _last(game) -> str:
    first, second = game["seats"]
    return f"{first} {game['result']} {second}" + (f" ({game['fault']})" if game.get("fault") else "")
