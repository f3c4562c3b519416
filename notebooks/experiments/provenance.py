"""What the experiment scripts share: their command line, the record of what produced a file, and writing it.

Every script in this folder runs the same way from the repository root::

    .venv/bin/python notebooks/experiments/<script>.py            # the full run: rewrites <script>.json
    .venv/bin/python notebooks/experiments/<script>.py --quick    # tiny sizes, into a temporary folder

and ``make experiments`` runs them all (``notebooks/experiments/__main__.py``).
A full run rewrites the JSON the lecture notebooks load; a quick run never
does: it only shows that the script works, and what shape its file has.

Each JSON file carries a ``produced_by`` record: the script, the command,
whether it was a quick run, the parameters and seeds, the advsearch
version, the git commit, the date, Python, the platform and the seconds
it took.  Everything in a file is a function of the code and the seeds
except the keys in :data:`VOLATILE` (dates, timings, the machine), which
:func:`stable` leaves out when two runs are compared.

>>> stable({"rate": 0.5, "seconds": 3.2, "rows": [{"seed": 1, "date": "today"}]})
{'rate': 0.5, 'rows': [{'seed': 1}]}
>>> sorted(key_paths({"rows": [{"a": 1}, {"a": 2.5, "b": [0, 1]}], "name": "x"}))
['name', 'rows', 'rows[]', 'rows[].a', 'rows[].b', 'rows[].b[]']
"""

from __future__ import annotations

import argparse
import datetime
import platform
import subprocess
import tempfile
import time
from pathlib import Path

import advsearch

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent

#: Keys whose values change from run to run of the same code: timings, the date and the machine.
VOLATILE = frozenset({"seconds", "total_seconds", "date", "python", "platform"})

QUICK_HERE = ("a --quick run never writes into notebooks/experiments/ (the stored results); "
              "choose another --output")


def arguments(script, argv=None) -> argparse.Namespace:
    """The command line every script takes: ``--quick`` and ``--output DIR``."""
    parser = argparse.ArgumentParser(prog=Path(script).name, description=(Path(script).stem + ": a seeded "
                                     "experiment; a full run rewrites its JSON next to the script"))
    parser.add_argument("--quick", action="store_true",
                        help="tiny sizes, written to a temporary folder (never the stored JSON)")
    parser.add_argument("--output", type=Path, default=None,
                        help="folder to write the JSON to (default: next to the script; with --quick, a "
                             "temporary folder)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bars")
    args = parser.parse_args(argv)
    refuse_stored(parser, args.quick, args.output)
    return args


def refuse_stored(parser, quick, folder) -> None:
    """Stop with a usage error when a quick run is told to write into this folder."""
    if quick and folder is not None and Path(folder).resolve() == HERE:
        parser.error(QUICK_HERE)


def output_path(script, quick: bool, folder=None) -> Path:
    """Where a run writes: next to the script for a full run, a temporary folder for a quick one.

    A quick run refuses to write into this folder, so that it cannot
    overwrite a stored result.

    >>> output_path("notebooks/experiments/pig_agents.py", quick=True, folder=HERE)
    Traceback (most recent call last):
    ...
    ValueError: a --quick run never writes into notebooks/experiments/ (the stored results); choose another --output
    """
    if folder is None:
        folder = Path(tempfile.mkdtemp(prefix="advsearch-experiments-")) if quick else HERE
    folder = Path(folder).resolve()
    if quick and folder == HERE:
        raise ValueError(QUICK_HERE)
    folder.mkdir(parents=True, exist_ok=True)
    return folder / (Path(script).stem + ".json")


def git_commit() -> dict:
    """The commit the code came from, and whether the package or the scripts had uncommitted changes."""
    def git(*args):
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=10, check=True).stdout
    try:
        commit = git("rev-parse", "HEAD").strip()
        changed = bool(git("status", "--porcelain", "--", "advsearch", "notebooks/experiments").strip())
    except (OSError, subprocess.SubprocessError):
        return {"commit": None, "uncommitted_changes": None}
    return {"commit": commit, "uncommitted_changes": changed}


def record(script, quick: bool, parameters: dict, seeds: dict, started: float) -> dict:
    """The ``produced_by`` entry of a JSON file (``started`` is a ``time.perf_counter()`` reading)."""
    name = Path(script).name
    return {"script": f"notebooks/experiments/{name}",
            "command": f".venv/bin/python notebooks/experiments/{name}" + (" --quick" if quick else "")
                       + ("" if quick else "   (or: make experiments)"),
            "quick": quick, "parameters": parameters, "seeds": seeds,
            "advsearch": advsearch.__version__, **git_commit(),
            "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "python": platform.python_version(), "platform": platform.platform(),
            "seconds": round(time.perf_counter() - started, 1)}


def stable(data):
    """``data`` without the :data:`VOLATILE` keys, at any depth: what two runs of the same code must agree on."""
    if isinstance(data, dict):
        return {k: stable(v) for k, v in data.items() if k not in VOLATILE}
    if isinstance(data, (list, tuple)):
        return [stable(v) for v in data]
    return data


def key_paths(data, prefix="") -> set:
    """Every key of ``data`` at every depth, as paths such as ``"simulated[].interval[]"`` (what a file offers)."""
    paths = set()
    if isinstance(data, dict):
        for k, v in data.items():
            path = f"{prefix}.{k}" if prefix else str(k)
            paths |= {path} | key_paths(v, path)
    elif isinstance(data, (list, tuple)):
        for v in data:
            paths |= {prefix + "[]"} | key_paths(v, prefix + "[]")
    return paths


def write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` and say so."""
    path.write_text(text)
    print(f"wrote {path}", flush=True)
