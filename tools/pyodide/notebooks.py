"""Run notebooks top to bottom and compare their text outputs with the stored ones.

Under Pyodide (``make pyodide-test``, through tools/pyodide/run.mjs) and under CPython alike::

    node tools/pyodide/run.mjs tools/pyodide/notebooks.py --max-seconds 10 \\
        --against build/pyodide/cpython-times.json exercises/0*.ipynb
    .venv/bin/python tools/pyodide/notebooks.py --times build/pyodide/cpython-times.json exercises/0*.ipynb

What is compared, cell by cell, in order (like nbval, stricter about which outputs exist):

- ``stream`` outputs: the name (stdout, stderr) and the text, consecutive pieces of one stream joined;
- ``execute_result`` and ``display_data``: the kind, the set of mime types of the bundle, and the
  ``text/plain`` text (for the package's figures and pictures, their alternative text); the other
  representations (PNG, SVG, HTML) are compared by presence only;
- ``error``: the exception's name (no stored notebook has one, so any error fails).

Normalised before comparing: memory addresses (``0x7f...``) and trailing spaces at line ends.
A cell fails if it raises, if its outputs differ, or if it runs longer than ``--max-seconds``
(the browser cannot interrupt a cell).  Each notebook's slowest cell is reported, with the same
cell's time under CPython when ``--against`` names the file a CPython run wrote with ``--times``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cells import run_notebook  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
_ADDRESS = re.compile(r"0x[0-9a-fA-F]{4,}")


def _text(value) -> str:
    text = "".join(value) if isinstance(value, list) else str(value)
    text = _ADDRESS.sub("0x…", text)
    return "\n".join(line.rstrip() for line in text.splitlines())


def comparable(outputs: list) -> list:
    """The parts of a cell's outputs that are compared, in order."""
    items = []
    for output in outputs:
        kind = output["output_type"]
        if kind == "stream":
            text = "".join(output["text"]) if isinstance(output["text"], list) else output["text"]
            if items and items[-1][0] == "stream" and items[-1][1] == output["name"]:
                items[-1] = ("stream", output["name"], items[-1][2] + text)
            else:
                items.append(("stream", output["name"], text))
        elif kind in ("execute_result", "display_data"):
            data = output.get("data", {})
            items.append((kind, tuple(sorted(data)), _text(data.get("text/plain", ""))))
        elif kind == "error":
            items.append(("error", output["ename"]))
    return [("stream", item[1], _text(item[2])) if item[0] == "stream" else item for item in items]


def difference(stored: list, got: list) -> str:
    """A sentence on the first output where ``got`` parts from ``stored``, or ''."""
    want, have = comparable(stored), comparable(got)
    for i, (a, b) in enumerate(zip(want, have)):
        if a != b:
            return f"output {i}: stored {_short(a)}, got {_short(b)}"
    if len(want) != len(have):
        extra = want[len(have):] or have[len(want):]
        which = "missing" if len(want) > len(have) else "unexpected"
        return f"{len(want)} outputs stored, {len(have)} made; {which}: {_short(extra[0])}"
    return ""


def _short(item) -> str:
    text = repr(item)
    return text if len(text) <= 300 else text[:300] + "…'"


def _path(name: str) -> Path:
    path = Path(name)
    return path if path.is_absolute() else ROOT / path


def check_notebook(name: str, max_seconds, against: dict) -> tuple:
    """Run one notebook; return (its problems, its cells' times by index)."""
    path = _path(name)
    notebook = json.loads(path.read_text(encoding="utf-8"))
    runs = run_notebook(notebook["cells"], str(path.parent))
    problems, times = [], {}
    for run in runs:
        times[str(run.index)] = run.seconds
        first = run.source.strip().splitlines()[0][:60] if run.source.strip() else ""
        where = f"{name} cell {run.index} ({first!r})"
        if run.error:
            told = any(" raised" in p for p in problems)     # a notebook's first error in full
            problems.append(f"{where} raised " + (_last(run.error) if told else ":\n" + _indent(run.error)))
            continue
        diff = difference(notebook["cells"][run.index].get("outputs", []), run.outputs)
        if diff:
            problems.append(f"{where}: {diff}")
        if max_seconds is not None and run.seconds > max_seconds:
            problems.append(f"{where} took {run.seconds:.1f} s, more than {max_seconds:g} s")
    slowest = max(runs, key=lambda r: r.seconds, default=None)
    if slowest is not None:
        other = against.get(name, {}).get(str(slowest.index))
        versus = f" (CPython {other:.2f} s)" if other is not None else ""
        print(f"{name}: {len(runs)} code cells, {len(problems)} problem(s); slowest cell "
              f"{slowest.index}: {slowest.seconds:.2f} s{versus}; all cells {sum(times.values()):.1f} s",
              flush=True)
    return problems, times


def _last(text: str) -> str:
    lines = [line for line in re.sub(r"\x1b\[[0-9;]*m", "", text).splitlines() if line.strip()]
    return lines[-1] if lines else ""


def _indent(text: str, keep: int = 25) -> str:
    lines = re.sub(r"\x1b\[[0-9;]*m", "", text).splitlines()
    lines = lines if len(lines) <= keep else lines[:3] + ["    ..."] + lines[-(keep - 4):]
    return "\n".join("    " + line for line in lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="+")
    parser.add_argument("--max-seconds", type=float, default=None, help="fail a cell that runs longer")
    parser.add_argument("--times", type=Path, help="write every cell's time here (JSON)")
    parser.add_argument("--against", type=Path, help="a --times file from CPython to report beside")
    args = parser.parse_args(argv)
    against_path = _path(str(args.against)) if args.against else None
    against = json.loads(against_path.read_text()) if against_path and against_path.exists() else {}
    where = "Pyodide" if sys.platform == "emscripten" else "CPython"
    print(f"Running {len(args.notebooks)} notebooks under {where} {sys.version.split()[0]}", flush=True)
    problems, times = [], {}
    for name in args.notebooks:
        found, times[name] = check_notebook(name, args.max_seconds, against)
        problems += found
    if args.times:
        _path(str(args.times)).write_text(json.dumps(times, indent=1) + "\n")
    for problem in problems:
        print("FAILED " + problem)
    print(f"notebooks: {len(args.notebooks) - len({p.split(' cell ')[0] for p in problems})} passed, "
          f"{len({p.split(' cell ')[0] for p in problems})} failed ({len(problems)} problem cells)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
