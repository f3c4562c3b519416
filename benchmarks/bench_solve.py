"""Exact solving: ``solve`` on tic-tac-toe and small Connect Four boards, against OpenSpiel; Pig by value iteration.

Prints nodes (sweeps for Pig) and seconds; asserts nothing about time.  4x4, 4x5, 5x4, 6x4 and
5x5 run by default (about a minute in all); 6x5 takes several minutes and runs
only with ``python -m benchmarks --big``.
OpenSpiel's Python alpha-beta searches ``connect_four`` over its C++ states in
the same run, where the ``bench`` extra is installed.
"""

from __future__ import annotations

import sys
import time

from advsearch import ConnectFour, TicTacToe, TranspositionTable, alphabeta, solve
from advsearch.games.pig import Pig
from advsearch.games.pig.solver import hold_at, optimal_policy, win_probability
from advsearch.games.tictactoe import canonical
from advsearch.search import Static

SMALL = [(4, 4), (4, 5), (5, 4), (6, 4), (5, 5)]
BIG = [(6, 5)]


def timed(fn):
    t0 = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t0


def openspiel_alphabeta(columns, rows):
    """OpenSpiel's Python alpha-beta on connect_four(rows, columns); (value for the first player, seconds)."""
    try:
        import pyspiel
        from open_spiel.python.algorithms import minimax as os_minimax
    except ImportError:
        return None
    game = pyspiel.load_game(f"connect_four(rows={rows},columns={columns})")
    (value, _), seconds = timed(lambda: os_minimax.alpha_beta_search(game, maximum_depth=rows * columns + 1))
    return value, seconds


def main(big=False):
    rows = []
    r, s = timed(lambda: solve(TicTacToe()))
    rows.append(("tic-tac-toe", "solve", r.value, r.stats.nodes, s))
    centre_first = Static(lambda state, a: {4: 2, 0: 1, 2: 1, 6: 1, 8: 1}.get(a, 0))   # centre, corners, edges
    r, s = timed(lambda: alphabeta(TicTacToe(), table=TranspositionTable(canonical), order=centre_first))
    rows.append(("tic-tac-toe", "alphabeta + TT(sym) + static", r.value, r.stats.nodes, s))
    r, s = timed(lambda: alphabeta(TicTacToe()))
    rows.append(("tic-tac-toe", "plain alphabeta", r.value, r.stats.nodes, s))
    for columns, height in SMALL + (BIG if big else []):
        r, s = timed(lambda: solve(ConnectFour(columns, height)))
        rows.append((f"connect four {columns}x{height}", "solve", r.value, r.stats.nodes, s))
        if (columns, height) == (4, 5):
            peer = openspiel_alphabeta(columns, height)
            if peer is not None:
                rows.append((f"connect four {columns}x{height}", "OpenSpiel Python alpha_beta", peer[0], None, peer[1]))
    print("\nExact solving (columns x rows; value for the first player; one run each)\n")
    print(f"{'game':20}  {'search':28}  {'value':>5}  {'nodes':>12}  {'seconds':>8}")
    print(f"{'-' * 20}  {'-' * 28}  {'-' * 5}  {'-' * 12}  {'-' * 8}")
    for game, search, value, nodes, seconds in rows:
        n = "n/a" if nodes is None else f"{nodes:,}"
        print(f"{game:20}  {search:28}  {value:>5}  {n:>12}  {seconds:8.2f}")
    ours = {g: s for g, k, _, _, s in rows if k == "solve"}
    theirs = {g: s for g, k, _, _, s in rows if k.startswith("OpenSpiel")}
    for g in theirs:
        print(f"\n{g}: solve is {theirs[g] / ours[g]:.1f}x OpenSpiel's Python alpha-beta (target: 50x)")
    if not big:
        print("(6x5 takes several minutes: python -m benchmarks --big)")
    pig_rows()
    return rows


def pig_rows():
    """Pig to 100: value iteration (optimal_policy, uncached) and policy evaluation of hold at 20 against itself."""
    game = Pig(100)
    solution, solved = timed(lambda: optimal_policy(game))
    p, evaluated = timed(lambda: win_probability(game, hold_at(20), hold_at(20)))
    print("\nPig to 100 (value for the first player; one run each)\n")
    print(f"{'computation':44}  {'value':>6}  {'sweeps':>6}  {'seconds':>8}")
    print(f"{'-' * 44}  {'-' * 6}  {'-' * 6}  {'-' * 8}")
    print(f"{'optimal policy (value iteration)':44}  {solution.start_win_probability:6.4f}  "
          f"{solution.iterations:6}  {solved:8.2f}")
    print(f"{'hold at 20 vs hold at 20 (policy evaluation)':44}  {p:6.4f}  {'':6}  {evaluated:8.2f}")
    return solution, p


if __name__ == "__main__":
    main(big="--big" in sys.argv)
