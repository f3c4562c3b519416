"""A snapshot of what the course wing says, to show that a reorganisation lost nothing.

Run it before and after a change to ``check/``, ``practice/``, ``grading/`` or
``autograde/`` and compare the two files: every practice family's exercises
over many seeds (question, tree, answer key, worked solution, and the check of
the key and of a wrong answer), every problem set's per-student problems, and
each by-hand grader's verdict on the key and on a wrong answer.  Nothing is
asserted here; the two runs must be identical::

    git worktree add /tmp/before <commit before the change>
    PYTHONPATH=/tmp/before python tools/wing_snapshot.py > /tmp/before.json
    python tools/wing_snapshot.py > /tmp/after.json
    cmp /tmp/before.json /tmp/after.json

(``PYTHONPATH`` matters: the script's own folder, not the working folder,
comes first on Python's path, so without it both runs read the installed
package.)

Only public names are used, so the script runs unchanged on both sides of a
move of modules.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys


def digest(x) -> str:
    """A short, stable fingerprint of ``x``'s text (a snapshot of 200 seeds stays small)."""
    return hashlib.sha256(str(x).encode()).hexdigest()[:16]


def wrong(key):
    """An answer that is wrong in one place: the key with its first value changed (or its first cut dropped)."""
    if isinstance(key, dict) and key:
        k = next(iter(key))
        v = key[k]
        changed = dict(key)
        changed[k] = (v + 1) if isinstance(v, (int, float)) and not isinstance(v, bool) else ("x" if v != "x" else "y")
        return changed
    if isinstance(key, (list, tuple, set, frozenset)) and key:
        return type(key)(list(key)[1:]) if not isinstance(key, (set, frozenset)) else set(list(key)[1:])
    return None


def practice_rows(seeds: int) -> dict:
    from advsearch import practice
    families = {"minimax": practice.minimax, "alphabeta": practice.alphabeta, "expectiminimax": practice.expectiminimax,
                "star1": practice.star1, "maxn": practice.maxn, "shallow": practice.shallow, "uct": practice.uct,
                "uct_backup": practice.uct_backup}
    out = {}
    for name, make in families.items():
        rows = []
        for seed in range(seeds):
            ex = make(seed=seed)
            key = ex.answer_key()
            row = [getattr(ex, "question", ""), str(getattr(ex, "tree", getattr(ex, "problem", ""))), key,
                   str(ex.solution()), ex.check(key).ok, str(ex.check(key))]
            bad = wrong(key)
            if bad is not None:
                fb = ex.check(bad)
                row += [fb.ok, str(fb), getattr(fb, "mistake", None)]
            rows.append(digest(row))
        out[name] = rows
    return out


def problem_rows(students: int) -> dict:
    from advsearch import grading
    out = {}
    for ps in grading.ASSIGNMENTS:
        rows = []
        for i in range(students):
            p = grading.problems(ps, f"student{i}")
            rows.append(digest(sorted((k, str(v)) for k, v in vars(p).items())))
        out[ps] = rows
    return out


def grader_rows(students: int) -> dict:
    """By-hand graders on each student's tree: the key earns full points, a wrong value less, with a report."""
    from advsearch import grading
    rows = []
    for i in range(students):
        t = grading.problems("ps1", f"student{i}").minimax.tree
        values = {n.label: t.values()[n.path] for n in t.nodes() if n.children and n.label}
        rows.append(digest([grading.assess_values(t, values, 2).text, grading.assess_values(t, wrong(values), 2).text]))
    return {"ps1 values": rows}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=200, help="seeds per practice family (default 200)")
    parser.add_argument("--students", type=int, default=50, help="students per problem set (default 50)")
    args = parser.parse_args(argv)
    snapshot = {"practice": practice_rows(args.seeds), "problems": problem_rows(args.students),
                "graders": grader_rows(args.students)}
    json.dump(snapshot, sys.stdout, indent=1, sort_keys=True, default=str)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
