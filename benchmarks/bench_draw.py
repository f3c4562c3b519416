"""Drawing speed: a 1,000-node search tree, and one step of the stepper.

Targets from the drawing issue, printed as facts (nothing is asserted):
drawing a 1,000-node search tree takes at most 2 s, and stepping one frame
(what the Stepper does on each click: clear the axes, draw step k) about 0.3 s,
also for the tree of an MCTS iteration, rebuilt from the trace.
"""

from __future__ import annotations

import time

import matplotlib

matplotlib.use("Agg")  # a benchmark draws off-screen; notebooks keep their own backend
import matplotlib.pyplot as plt  # noqa: E402

from advsearch import TicTacToe, alphabeta, draw, examples, mcts, random_tree  # noqa: E402


def best_of(rounds, fn):
    best = float("inf")
    for _ in range(rounds):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def thousand_node_search():
    """A seeded uniform tree of 1,093 nodes (b = 3, d = 6), searched by alpha-beta with a trace."""
    t = random_tree(3, 6, seed=1)
    return t, alphabeta(t, trace=True)


def main(rounds: int = 3) -> list:
    rows = []
    t, r = thousand_node_search()

    def whole(**kw):
        fig, ax = plt.subplots(figsize=(16, 9))
        draw(r, ax=ax, **kw)
        fig.canvas.draw()           # render, as showing or saving would
        plt.close(fig)

    rows.append((f"draw a {len(t):,}-node search tree (alpha-beta, {r.stats.nodes} visited)", best_of(rounds, whole), 2.0))

    small = alphabeta(examples.two_ply(), trace=True)
    fig, ax = plt.subplots(figsize=(8, 4.5))

    def step(k=[0]):
        ax.clear()
        draw(small, ax=ax, step=k[0] % len(small.trace))
        fig.canvas.draw()
        k[0] += 1

    rows.append(("one stepper frame, two-ply example", best_of(rounds * 5, step), 0.3))
    mid, rmid = thousand_node_search()

    def big_step(k=[0]):
        ax.clear()
        draw(rmid, ax=ax, step=(k[0] * 97) % len(rmid.trace))
        fig.canvas.draw()
        k[0] += 1

    rows.append(("one stepper frame, the 1,093-node tree", best_of(rounds, big_step), 0.3))

    game = TicTacToe()
    grown = mcts(game, iterations=2000, seed=0, trace=True)

    def mcts_step(k=[0]):
        ax.clear()
        draw(grown, ax=ax, step=1 + (k[0] * 397) % 2000, max_children=4, boards=False)
        fig.canvas.draw()
        k[0] += 1

    rows.append(("one MCTS iteration's tree, 2,000 iterations, 2 plies", best_of(rounds, mcts_step), 0.3))
    plt.close(fig)

    print("\nDrawing (seconds = fastest of several runs; the target is a fact to compare, not a test)\n")
    print(f"{'what':62}  {'seconds':>8}  {'target':>7}  within")
    print(f"{'-' * 62}  {'-' * 8}  {'-' * 7}  ------")
    for name, seconds, target in rows:
        print(f"{name:62}  {seconds:8.3f}  {target:7.1f}  {'yes' if seconds <= target else 'NO'}")
    return rows


if __name__ == "__main__":
    main()
