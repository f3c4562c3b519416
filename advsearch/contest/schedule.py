"""The games of a round robin: every pair, both colours, from openings drawn from the contest's seed.

Game ``k`` of a pair starts from opening ``k // 2``, and the two games from
one opening swap colours, so an opening that favours one side favours
both agents once.  Every pair meets the same openings, so differences
between pairs come from the agents, not from the draw.  The seeds of the
agents' randomness come from the contest's seed and the game's id: the same
seed plays the same contest, in any order and on any number of workers.

Examples
--------
>>> from advsearch.contest.entrants import baseline, Budget
>>> games = round_robin([baseline("random"), baseline("alphabeta:1"), baseline("alphabeta:2")],
...                     "connect4", {}, games_per_pair=2, openings=2, seed=7, budget=Budget(1.0))
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
from .referee import GameTask

__all__ = ["round_robin", "pairs", "seed_of"]


def pairs(names) -> list:
    """Every pair of names once, in the order given: (names[i], names[j]) for i < j."""
    names = list(names)
    return [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]


def seed_of(*parts) -> int:
    """A 31-bit seed from any printable parts: the same parts, the same seed, on every machine."""
    return int.from_bytes(hashlib.sha256(repr(parts).encode()).digest()[:4], "big") >> 1


def round_robin(entrants, game_name, options, *, games_per_pair, openings, seed, budget, memory_mb=1024,
                max_moves=None) -> list:
    """The :class:`~advsearch.contest.referee.GameTask` of every game of the round robin, pair by pair."""
    game = make_game(game_name, **options)
    starts = [opening_moves(game, openings, random.Random(seed_of(seed, "opening", j)))
              for j in range((games_per_pair + 1) // 2)]
    tasks = []
    for p, (a, b) in enumerate(pairs(entrants)):
        for k in range(games_per_pair):
            seats = (a, b) if (k + (p if games_per_pair % 2 else 0)) % 2 == 0 else (b, a)
            game_id = f"{a.name} vs {b.name} #{k + 1}"
            tasks.append(GameTask(game_id, game_name, dict(options), seats, opening=starts[k // 2],
                                  seeds=tuple(seed_of(seed, game_id, e.name) for e in seats), budget=budget,
                                  memory_mb=memory_mb, max_moves=max_moves, pair=(a.name, b.name)))
    return tasks
