"""Multiplayer searches: Threat-ADS against plain Best-Reply Search, and what each search costs.

``python -m benchmarks.bench_threat_ads [--quick]`` prints two tables over
fixed positions: for Virus (5x5) with 3 and 4 players and Chinese Checkers
(size 2) with 3, 4 and 6 players, ``POSITIONS`` positions per game, each
reached by six random moves per player from the start (seeded), with
whoever is then to move searching.

1. Best-Reply Search to depth 4 with the game's ``evaluate``: mean nodes
   and milliseconds per search, plain (opponents in turn order) and with a
   fresh Threat-ADS under each rule; ``%`` is the share of plain BRS's nodes
   (lower is better).  Every search must agree with plain BRS on the value
   and move (checked).
2. Mean nodes per search to depth 3 of max-n, max-n with shallow pruning,
   paranoid and BRS, from the same positions: how much each search's
   pruning buys.  Max-n with and without pruning must agree (checked).

The whole run takes about a minute; ``--quick`` uses 3 positions per game.
It asserts nothing about time.  The lecture's experiment (one BRS player
against random opponents, over whole games) is
``notebooks/experiments/multiplayer_experiments.py``.
"""

from __future__ import annotations

import random
import sys
import time

from advsearch import ChineseCheckers, Virus, best_reply, maxn, paranoid
from advsearch.arena import random_opening
from advsearch.search import ADS_RULES

GAMES = [Virus(players=3), Virus(players=4), ChineseCheckers(players=3), ChineseCheckers(players=4),
         ChineseCheckers(players=6)]
POSITIONS = 20
BRS_DEPTH = 4
COMPARE_DEPTH = 3


def positions(game, count, seed=7):
    rng = random.Random(f"{seed}/{game!r}")
    return [random_opening(game, 6 * game.num_players, rng) for _ in range(count)]


def name_of(game):
    return f"{type(game).__name__} {game.num_players}p"


def timed(search, *args, **kwargs):
    t0 = time.perf_counter()
    r = search(*args, **kwargs)
    return r, time.perf_counter() - t0


def threat_ads_table(count):
    print(f"\nBest-Reply Search to depth {BRS_DEPTH}: plain against Threat-ADS (a fresh list per search); "
          f"means over {count} positions per game\n")
    head = f"{'game':<19} {'plain nodes':>11} {'ms':>6}"
    for rule in ADS_RULES:
        head += f" {rule + ' nodes':>19} {'%':>6} {'ms':>6}"
    print(head)
    print("-" * len(head))
    for game in GAMES:
        ev = game.evaluate
        sums = {k: [0, 0.0] for k in ("plain",) + ADS_RULES}
        for s in positions(game, count):
            plain, sec = timed(best_reply, game, s, depth=BRS_DEPTH, evaluate=ev)
            sums["plain"][0] += plain.stats.nodes
            sums["plain"][1] += sec
            for rule in ADS_RULES:
                r, sec = timed(best_reply, game, s, depth=BRS_DEPTH, evaluate=ev, threat_ads=rule)
                if (r.move, r.stats.searcher_value) != (plain.move, plain.stats.searcher_value):
                    raise AssertionError(f"{name_of(game)}: Threat-ADS ({rule}) disagrees with plain BRS")
                sums[rule][0] += r.stats.nodes
                sums[rule][1] += sec
        base = sums["plain"][0]
        line = f"{name_of(game):<19} {base / count:>11,.0f} {1000 * sums['plain'][1] / count:>6.0f}"
        for rule in ADS_RULES:
            nodes, sec = sums[rule]
            line += f" {nodes / count:>19,.0f} {nodes / base:>6.1%} {1000 * sec / count:>6.0f}"
        print(line)


def searches_table(count):
    print(f"\nNodes per search to depth {COMPARE_DEPTH} (means over {count} positions per game)\n")
    head = f"{'game':<19} {'max-n':>9} {'max-n shallow':>14} {'paranoid':>9} {'best reply':>11}"
    print(head)
    print("-" * len(head))
    for game in GAMES:
        ev, d = game.evaluate, COMPARE_DEPTH
        sums = [0, 0, 0, 0]
        for s in positions(game, count):
            plain = maxn(game, s, depth=d, evaluate=ev)
            pruned = maxn(game, s, depth=d, evaluate=ev, pruning="shallow")
            if (pruned.value, pruned.move) != (plain.value, plain.move):
                raise AssertionError(f"{name_of(game)}: shallow pruning changed max-n's answer")
            for i, r in enumerate((plain, pruned, paranoid(game, s, depth=d, evaluate=ev),
                                   best_reply(game, s, depth=d, evaluate=ev))):
                sums[i] += r.stats.nodes
        print(f"{name_of(game):<19} " + " ".join(f"{x / count:>{w},.0f}" for x, w in zip(sums, (9, 14, 9, 11))))


def main(quick=False):
    count = 3 if quick else POSITIONS
    threat_ads_table(count)
    searches_table(count)


if __name__ == "__main__":
    main(quick="--quick" in sys.argv)
