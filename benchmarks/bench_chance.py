"""Star1 and Star2 against plain expectiminimax: leaves scored on random chance trees.

``python -m benchmarks.bench_chance [--quick]`` prints one row per tree shape:
branching b (moves per decision node and outcomes per chance node alike) and d
chance layers (``random_tree(b, d, chance=True)``: MAX, chance, MIN, chance,
... d decision plies, each followed by a chance layer, so the trees are 2d
levels high and have b^(2d) leaves).  Leaves are uniform integers in -9..9, the
probabilities come from random integer weights 1..4, and Star1 and Star2 are
given the exact bounds (-9, 9).  Every row sums over fixed seeds (0..19, or
0..4 for the b^(2d) > 10,000 shapes); ``leaves`` is the mean per tree and
``%`` is the share of plain expectiminimax's leaves that the pruned search
scored (lower is better).  The whole table takes about a minute;
``--quick`` measures 3 trees of each small shape only.

It checks that all three searches agree on every root value and move, and
asserts nothing about time.
"""

from __future__ import annotations

import sys
import time

from advsearch import expectiminimax, random_tree

SHAPES = [(b, d) for b in (2, 3, 4) for d in (2, 3, 4)]
SEEDS = 20            # trees per shape, seeds 0..19 ...
BIG_SEEDS = 5         # ... and 0..4 for the shapes with more than BIG leaves
BIG = 10_000
BOUNDS = (-9, 9)


def measure(b, d, seeds):
    """Total leaves and seconds of each search over the trees of one shape."""
    leaves = {None: 0, "star1": 0, "star2": 0}
    seconds = dict.fromkeys(leaves, 0.0)
    for seed in range(seeds):
        t = random_tree(b, d, seed=seed, chance=True, low=BOUNDS[0], high=BOUNDS[1])
        answers = set()
        for pruning in leaves:
            t0 = time.perf_counter()
            r = expectiminimax(t, pruning=pruning, bounds=BOUNDS if pruning else None)
            seconds[pruning] += time.perf_counter() - t0
            leaves[pruning] += r.stats.leaves
            answers.add((r.value, r.move))
        if len(answers) != 1:
            raise AssertionError(f"b={b} d={d} seed={seed}: the searches disagree: {answers}")
    return leaves, seconds


def main(quick=False):
    print(f"\nStar1 and Star2 on random chance trees (bounds {BOUNDS}; "
          "% = leaves scored / plain expectiminimax's; leaves and seconds are means per tree)\n")
    print(f"{'b':>2} {'d':>2} {'trees':>5} {'plain leaves':>13} {'Star1 leaves':>13} {'%':>6} {'Star2 leaves':>13}"
          f" {'%':>6} {'plain s':>8} {'Star1 s':>8} {'Star2 s':>8}")
    print(f"{'-' * 2} {'-' * 2} {'-' * 5} {'-' * 13} {'-' * 13} {'-' * 6} {'-' * 13} {'-' * 6} {'-' * 8} {'-' * 8}"
          f" {'-' * 8}")
    for b, d in SHAPES:
        big = b ** (2 * d) > BIG
        if quick and big:
            continue
        seeds = 3 if quick else BIG_SEEDS if big else SEEDS
        print(f"  b={b} d={d} ...", end="\r", file=sys.stderr, flush=True)
        leaves, seconds = measure(b, d, seeds)
        plain = leaves[None]
        print(f"{b:>2} {d:>2} {seeds:>5} {plain / seeds:>13,.0f} {leaves['star1'] / seeds:>13,.0f} "
              f"{100 * leaves['star1'] / plain:>5.1f}% {leaves['star2'] / seeds:>13,.0f} "
              f"{100 * leaves['star2'] / plain:>5.1f}% {seconds[None] / seeds:>8.3f} "
              f"{seconds['star1'] / seeds:>8.3f} {seconds['star2'] / seeds:>8.3f}")
    print("\nSeconds: one run each, a rough guide and not a measurement.  The windows are computed in\n"
          "exact Fractions, so on these trees, whose leaves cost nothing to score, pruning saves leaves\n"
          "but not time; in a game, where leaves and moves cost more, the leaves saved are what counts.")
    return 0


if __name__ == "__main__":
    sys.exit(main(quick="--quick" in sys.argv))
