"""How long ``import advsearch`` takes, in a fresh interpreter each time, and what it loads.

The target from the "one core" issue is at most 0.3 s on the course machine, with
matplotlib, networkx and numpy loaded only on first use (a drawing, a learning
experiment, Pig's solver).  Times are printed, never asserted.  Each row is the
median of ``rounds`` fresh interpreters; the reference row is a bare
``python -c pass`` in the same run, so the ratio shows the import's own cost
on a shared, noisy machine.
"""

from __future__ import annotations

import statistics
import subprocess
import sys

HEAVY = ("matplotlib", "networkx", "numpy")

_PROBE = """
import sys, time
t = time.perf_counter()
{statement}
took = time.perf_counter() - t
print(took, ",".join(m for m in {heavy!r} if m in sys.modules))
"""


def fresh(statement: str) -> tuple[float, str]:
    """Seconds that ``statement`` takes in a new interpreter, and which heavy libraries it loaded."""
    out = subprocess.run([sys.executable, "-c", _PROBE.format(statement=statement, heavy=HEAVY)],
                         capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), (out[1] if len(out) > 1 else "")


def wall(statement: str) -> float:
    """Seconds from starting an interpreter to its end, for ``statement``."""
    import time

    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", statement], check=True)
    return time.perf_counter() - t


def main(rounds: int = 7) -> list:
    rows = []
    bare = statistics.median(wall("pass") for _ in range(rounds))
    for statement in ("import advsearch", "import advsearch; advsearch.draw", "import advsearch.grading"):
        runs = [fresh(statement) for _ in range(rounds)]
        took = statistics.median(t for t, _ in runs)
        whole = statistics.median(wall(statement) for _ in range(rounds))
        rows.append((statement, took, whole / bare, runs[0][1] or "none"))
    print(f"\nImport time (median of {rounds} fresh interpreters; target: import advsearch <= 0.3 s)")
    print(f"{'statement':40} {'import s':>9} {'process / bare python':>22}  heavy libraries loaded")
    for statement, took, ratio, heavy in rows:
        print(f"{statement:40} {took:9.3f} {ratio:21.1f}x  {heavy}")
    return rows


if __name__ == "__main__":
    main()
