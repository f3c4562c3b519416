"""The games of a round robin: every pair, both colours, from openings drawn from the contest's seed.

Game ``k`` of a pair starts from opening ``k // 2``, and the two games from
one opening swap colours, so an opening that favours one side favours
both agents once.  Every pair meets the same openings, so differences
between pairs come from the agents, not from the draw.  The openings come
from the contest's seed; the seeds of the agents' randomness come from the
contest's seed, the game's id, the agent's name and the contest's secret key
(:mod:`~advsearch.contest.secret`), so that no agent can compute another's.
The same seed and key play the same contest, in any order and on any number
of workers.

Examples
--------
>>> from advsearch.contest.entrants import baseline, Budget
>>> games = round_robin([baseline("random"), baseline("alphabeta:1"), baseline("alphabeta:2")],
...                     "connect4", {}, games_per_pair=2, openings=2, seed=7, key=bytes(32), budget=Budget(1.0))
>>> len(games), games[0].id, [e.name for e in games[0].seats], [e.name for e in games[1].seats]
(6, 'random vs alphabeta:1 #1', ['random', 'alphabeta:1'], ['alphabeta:1', 'random'])
>>> games[0].opening == games[1].opening == games[2].opening
True
"""

from __future__ import annotations

import hashlib
import random

from ..arena import opening_moves
from ..registry import make_game
from .entrants import VERSUS
from .referee import GameTask
from .secret import keyed_seed


#: The contest formats: every pair meets, or Swiss rounds (each round pairs agents with like scores).
FORMATS = ("round-robin", "swiss")


def pairs(names) -> list:
    """Every pair of names once, in the order given: (names[i], names[j]) for i < j."""
    names = list(names)
    return [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]


def seed_of(*parts) -> int:
    """A 31-bit seed from any printable parts: the same parts, the same seed, on every machine."""
    return int.from_bytes(hashlib.sha256(repr(parts).encode()).digest()[:4], "big") >> 1


def round_robin(entrants, game_name, options, *, games_per_pair, openings, seed, key, budget, memory_mb=1024,
                max_moves=None) -> list:
    """The :class:`~advsearch.contest.referee.GameTask` of every game of the round robin, pair by pair.

    ``key`` is the contest's secret (:func:`~advsearch.contest.secret.contest_key`), which the agents' seeds
    are drawn from.
    """
    return _games(pairs(entrants), "", game_name, options, games_per_pair=games_per_pair, openings=openings,
                  seed=seed, key=key, budget=budget, memory_mb=memory_mb, max_moves=max_moves)


def swiss_pairs(names, points, met, byes, seed, round_index) -> tuple:
    """One Swiss round's pairs, ``(pairs, bye)``: agents with like points meet, and none meets one it has met.

    The agents are ranked by ``points`` (ties in an order drawn from
    ``seed`` and the round), and each, from the top, meets the next one
    down it has not met (``met`` holds the pairs that have met, as
    frozensets); only when every one left has been met does it meet one
    again.  With an odd number, the lowest-ranked agent not in ``byes``
    sits the round out (the returned ``bye``; it earns nothing for it).

    >>> swiss_pairs(["a", "b", "c", "d", "e"], {"a": 2, "b": 2, "c": 1, "d": 0, "e": 0},
    ...             met={frozenset("ab")}, byes={"e"}, seed=0, round_index=2)
    ([('a', 'c'), ('b', 'e')], 'd')
    """
    tie = {n: seed_of(seed, "swiss", round_index, n) for n in names}
    ranked = sorted(names, key=lambda n: (-points.get(n, 0), tie[n]))
    bye = None
    if len(ranked) % 2:
        bye = next((n for n in reversed(ranked) if n not in byes), ranked[-1])
        ranked.remove(bye)
    chosen = []
    while ranked:
        a = ranked.pop(0)
        b = next((n for n in ranked if frozenset((a, n)) not in met), ranked[0])
        ranked.remove(b)
        chosen.append((a, b))
    return chosen, bye


def swiss_round(entrants, round_index, points, met, byes, game_name, options, *, games_per_pair, openings, seed,
                key, budget, memory_mb=1024, max_moves=None) -> tuple:
    """``(tasks, bye)`` of Swiss round ``round_index`` (from 1), paired by :func:`swiss_pairs`.

    Each pair is written in the entrants' order, as in the round robin, so
    that results are tallied the same way in both formats.
    """
    order = {e.name: k for k, e in enumerate(entrants)}
    by_name = {e.name: e for e in entrants}
    chosen, bye = swiss_pairs(list(order), points, met, byes, seed, round_index)
    ordered = [tuple(sorted((by_name[a], by_name[b]), key=lambda e: order[e.name])) for a, b in chosen]
    return _games(ordered, f"round {round_index}: ", game_name, options, games_per_pair=games_per_pair,
                  openings=openings, seed=seed, key=key, budget=budget, memory_mb=memory_mb, max_moves=max_moves), bye


def _games(pairings, prefix, game_name, options, *, games_per_pair, openings, seed, key, budget, memory_mb,
           max_moves) -> list:
    """The games of these pairings: both colours from each opening (the same openings for every pair)."""
    game = make_game(game_name, **options)
    starts = [opening_moves(game, openings, random.Random(seed_of(seed, "opening", j)))
              for j in range((games_per_pair + 1) // 2)]
    tasks = []
    for p, (a, b) in enumerate(pairings):
        for k in range(games_per_pair):
            seats = (a, b) if (k + (p if games_per_pair % 2 else 0)) % 2 == 0 else (b, a)
            game_id = f"{prefix}{a.name}{VERSUS}{b.name} #{k + 1}"
            tasks.append(GameTask(game_id, game_name, dict(options), seats, opening=starts[k // 2],
                                  seeds=tuple(keyed_seed(key, seed, game_id, e.name) for e in seats), budget=budget,
                                  memory_mb=memory_mb, max_moves=max_moves, pair=(a.name, b.name)))
    return tasks
