"""Re-run the stored experiments of the lecture notebooks: what ``make experiments`` does.

From the repository root::

    .venv/bin/python notebooks/experiments                       # all three, rewriting their JSON (about 50 minutes)
    .venv/bin/python notebooks/experiments learn_connect4        # only the named ones
    .venv/bin/python notebooks/experiments --quick               # tiny sizes, into a temporary folder (seconds)

Each experiment is one script in this folder, runnable on its own too, and
writes ``<script>.json`` next to itself; see their docstrings for what they
compute and ``provenance.py`` for the record each file carries.  Full runs
on a two-core machine take about 2 minutes (learn_connect4, lecture 03),
3 minutes (multiplayer_experiments, lecture 05) and 45 minutes (pig_agents,
lecture 04).
"""

from __future__ import annotations

import argparse
import importlib
import sys
import tempfile
import time
from pathlib import Path

import provenance

#: The experiments, quickest first, with the lecture notebook that loads each one's JSON.
EXPERIMENTS = {"learn_connect4": "notebooks/03_evaluation_and_limits.ipynb",
               "multiplayer_experiments": "notebooks/05_multiplayer.ipynb",
               "pig_agents": "notebooks/04_stochastic_games.ipynb"}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python notebooks/experiments", description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", metavar="experiment",
                        help=f"which to run (default: all): {', '.join(EXPERIMENTS)}")
    parser.add_argument("--quick", action="store_true",
                        help="tiny sizes, written to a temporary folder (never the stored JSON)")
    parser.add_argument("--output", type=Path, default=None, help="folder to write the JSON files to")
    parser.add_argument("--no-progress", action="store_true", help="no progress bars")
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in EXPERIMENTS]
    if unknown:
        parser.error(f"no experiment named {', '.join(map(repr, unknown))}; there are {', '.join(EXPERIMENTS)}")
    provenance.refuse_stored(parser, args.quick, args.output)
    output = args.output
    if args.quick and output is None:
        output = Path(tempfile.mkdtemp(prefix="advsearch-experiments-"))
    options = (["--quick"] if args.quick else []) + ([] if output is None else ["--output", str(output)])
    options += ["--no-progress"] if args.no_progress else []
    times = {}
    for name in args.names or EXPERIMENTS:
        print(f"\n=== {name} (loaded by {EXPERIMENTS[name]}){' --quick' if args.quick else ''}", flush=True)
        started = time.perf_counter()
        importlib.import_module(name).main(options)
        times[name] = time.perf_counter() - started
    print("\n" + "\n".join(f"{name:<24} {seconds:8.1f} s" for name, seconds in times.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
