"""The nbgrader round trip of the course, end to end, in a temporary copy: what `make grading-check` runs.

For every assignment in source/ (ps1, ps2, ps3, ps4, and any added later) it:

1. runs ``nbgrader generate_assignment`` and checks that release/ holds the
   notebooks and nothing else (a decoy file planted next to the source
   notebook must stay behind);
2. validates every source notebook with nbgrader's Validator API (the
   ``nbgrader validate`` command exits 0 even when a notebook fails, so its
   exit code proves nothing);
3. checks that no solution and no hidden test reaches release/: no line of a
   ``### BEGIN SOLUTION`` or ``### BEGIN HIDDEN TESTS`` region, nor of a
   manually graded model answer, nor any marker, nor any output;
4. autogrades made-up submissions and reads the gradebook:

   ``reference``  the source solutions: full marks on every autograded test;
   ``stub``       the release as handed out: 0;
   ``raises``     every answer cell raises: 0;
   ``loops``      a cell that never ends (stopped by nbgrader's cell timeout)
                  and answers that loop forever when called (stopped by the
                  hidden tests' own time limits): 0;
   ``deleted``    the test cells deleted: they are put back and fail: 0;
   ``deleted_reference``  the solutions with the test cells deleted: the
                  tests are put back after their answers and pass: full marks;
   ``patched``    a cell that monkey-patches advsearch.check and the grader
                  to say yes: 0;
   ``copier``     (ps1, ps3, ps4) the reference notebook with another student's id:
                  the by-hand answers fit the other student's trees, so they
                  earn 0, while the code, right on any tree, keeps its points;
   ``attack_*``   (ps1, ps3, ps4) dishonest submissions (``attacks.py`` and
                  ``attacks_review.py``): each gets 0, changes nothing of anyone
                  else's (grades; submitted, autograded and feedback files by
                  bytes, mode and time; the package on disk, source/, the
                  course's script and key, a file outside the course), leaves
                  no process running, shows no solution text, keeps its
                  autograded notebook small, blames no grader, carries none of
                  its HTML into feedback, and is done within its time budget;
                  ps2, whose matches are slow, gets only the few of
                  ``attacks_review.SPARINGLY``;
   ``plant_*``    (ps1, ps3, ps4) hand-ins that plant links, pipes, devices or
                  too much beside the notebook: each is refused before nbgrader
                  reads it, and ``advsearch grading report`` names it;
   ``honest_*``   (ps1, ps3, ps4) the right answers with an ordinary edit (a copied
                  answer or test cell, a renamed kernel, answers moved below
                  their tests, an extra cell): full marks;

5. runs ``nbgrader generate_feedback`` and ``nbgrader export`` and checks
   the files they write (every row of the export has a status), and
   ``advsearch grading report``'s verdicts.

Everything happens in a temporary directory, which is deleted afterwards
(``--keep`` keeps it); nothing is written into the repository.  It needs no
input, and takes about six minutes on two cores.

Run it from the repository root with the project's Python::

    .venv/bin/python exercises/assignments/roundtrip.py
"""

from __future__ import annotations

import argparse
import ast
import csv
import fnmatch
import glob
import hashlib
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import time

import nbformat

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import attacks  # noqa: E402  (the dishonest submissions, next to this file)
import attacks_review  # noqa: E402  (those an adversarial review found)
from live_html import live_parts  # noqa: E402  (what of a student's could run in a page)

#: Every notebook attack, and every hand-in that plants something and must be refused before it is read.
ATTACKS = {**attacks.ATTACKS, **attacks_review.ATTACKS}
REFUSED = attacks.PLANTS
#: Students of the review whose own notebook nbgrader may fail to grade (a broken notebook of theirs, a time
#: stamp nbgrader cannot read): that earns them nothing, and must harm nobody else nor blame the grader.
MAY_FAIL = {f"attack_{name}" for name in (*attacks_review.NOTEBOOK_EDITS, *attacks_review.PLANTS)}

#: The cell timeout (seconds) for the submission that loops at the top level of a cell.
LOOP_TIMEOUT = 10
#: The time budget (seconds) of one dishonest submission, kernel and trusted grading together.
BUDGET = 30

SOLUTION = ("### BEGIN SOLUTION", "### END SOLUTION")
HIDDEN = ("### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS")
DECOY = "instructor_notes.md"
DECOY_TEXT = "INSTRUCTOR ONLY: this file must never reach release/."

PATCH = '''
# A submission that tries to grade itself: every checker and grader says "full marks".
import advsearch, advsearch.check, advsearch.grading as _grader

class _Yes:
    ok, mistake, text = True, None, "Correct."
    def __repr__(self):
        return self.text

class _Full:
    def __init__(self, *args, **kwargs):
        self.points = self.out_of = next(x for x in args if isinstance(x, (int, float)) and x > 0)
        self.text = "Full marks."
    def award(self):
        print(self.text)
        return float(self.points)

for _name in ("values", "pruned", "implementation"):
    setattr(advsearch.check, _name, lambda *args, **kwargs: _Yes())
for _name in dir(_grader):
    if _name.startswith("assess_"):
        setattr(_grader, _name, _Full)
_grader.fresh = lambda: _grader
_grader.graded = lambda *args, **kwargs: _grader.problems(*args[:1], "patched")
'''

LOOP_CELL = '''
while True:   # never ends: only nbgrader's cell timeout stops this cell
    pass
'''

FOREVER = '''
def _forever(*args, **kwargs):
    while True:
        pass
'''


# ------------------------------------------------------------------ helpers


class Failures(list):
    """The failed checks, each a sentence; printed at the end.  ``passed`` counts the others."""

    passed = 0

    def check(self, ok: bool, what: str):
        print(("  ok    " if ok else "  FAIL  ") + what, flush=True)
        if ok:
            self.passed += 1
        else:
            self.append(what)
        return ok


def run(cmd, cwd, failures: Failures, what: str):
    """Run an nbgrader command without input; record a failure if its exit code is not 0."""
    started = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    if not failures.check(proc.returncode == 0, f"{what} exits 0 ({time.perf_counter() - started:.1f} s)"):
        print(proc.stdout[-4000:])
    return proc


def nbgrader(*args):
    return [sys.executable, "-m", "nbgrader", *args]


def course_api(course: str, **overrides):
    """nbgrader's Python API on the course, configured by its nbgrader_config.py (plus ``overrides``).

    The API runs the same converters as the commands, without a new Python
    (and nbgrader's slow start-up) for every step.
    """
    from nbgrader.apps import NbGraderAPI
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader("nbgrader_config.py", path=course).load_config()
    for key, value in overrides.items():
        section, name = key.split(".")
        config[section][name] = value
    here = os.getcwd()
    os.chdir(course)
    try:
        return NbGraderAPI(config=config)
    finally:
        os.chdir(here)


def call(step, failures: Failures, what: str):
    """Call an NbGraderAPI step (a zero-argument function); record a failure unless it reports success."""
    started = time.perf_counter()
    result = step()
    if not failures.check(bool(result.get("success")), f"{what} succeeds ({time.perf_counter() - started:.1f} s)"):
        print((result.get("log") or "")[-3000:], (result.get("error") or "")[-3000:])
    return result


def grade_cells(nb):
    """``(tests, manual)``: the grade ids of autograder test cells and of manually graded answers."""
    tests, manual = [], []
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader", {})
        if meta.get("grade"):
            (manual if meta.get("solution") else tests).append(meta["grade_id"])
    return tests, manual


def regions(source: str, begin: str, end: str) -> list:
    """The lines strictly inside every begin/end region of ``source``."""
    out, inside = [], False
    for line in source.splitlines():
        if begin in line:
            inside = True
        elif end in line:
            inside = False
        elif inside:
            out.append(line)
    return out


def secrets(nb) -> list:
    """Lines of a source notebook that must not reach release/: solutions, hidden tests, model answers."""
    lines = []
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader", {})
        inside = regions(cell.source, *SOLUTION) + regions(cell.source, *HIDDEN)
        if meta.get("solution") and not inside and SOLUTION[0] not in cell.source:
            inside = cell.source.splitlines()             # a solution cell without regions: all of it
        lines += inside
    # Only lines specific enough that finding one in release/ means a leak.
    return sorted({line.strip() for line in lines if len(line.strip()) >= 12})


def without_markers(source: str) -> str:
    return "\n".join(line for line in source.splitlines() if SOLUTION[0] not in line and SOLUTION[1] not in line)


def bound_names(source: str) -> list:
    """The names a solution binds at the top level (functions and assignments), in order."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    names = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names += [t.id for t in targets if isinstance(t, ast.Name)]
    return list(dict.fromkeys(names))


# ------------------------------------------------------------------ submissions


def by_hand(source_nb, student: str) -> dict:
    """The by-hand answers of the source solutions for ``student``, as literal cells, by grade id.

    The grader runs a submission's cells without the package, so a by-hand
    answer the solution computes with the package (``ads.minimax(...)``)
    must be handed in as the numbers themselves, as a student writes them.
    """
    namespace = {}
    out = {}
    os.environ["ADVSEARCH_STUDENT_ID"] = student
    try:
        for cell in source_nb.cells:
            meta = cell.metadata.get("nbgrader", {})
            if cell.cell_type != "code":
                continue
            if cell.source.lstrip().startswith("STUDENT_ID"):
                exec("STUDENT_ID = ''", namespace)
            elif meta.get("grade_id", "").endswith("_setup"):
                exec(cell.source, namespace)
            elif meta.get("solution"):
                exec(without_markers(cell.source), namespace)
                names = bound_names(without_markers(cell.source))
                values = {n: namespace[n] for n in names if n in namespace}
                data = {n: v for n, v in values.items() if isinstance(v, (dict, list, tuple, set, str, int, float))}
                if data and not any(callable(v) for v in values.values()):
                    out[meta["grade_id"]] = "\n".join(f"{n} = {v!r}" for n, v in data.items())
    finally:
        os.environ.pop("ADVSEARCH_STUDENT_ID", None)
    return out


def submissions(source_nb, release_nb, extras=True, assignment="") -> dict:
    """Made-up submissions of one notebook, by student id (``extras``: also copier and deleted_reference)."""
    solutions = {}
    for cell in source_nb.cells:
        meta = cell.metadata.get("nbgrader", {})
        if meta.get("solution"):
            solutions[meta["grade_id"]] = cell.source

    def copy():
        return nbformat.from_dict(nbformat.reader.reads(nbformat.writes(release_nb)))

    def solution_cells(nb):
        for cell in nb.cells:
            meta = cell.metadata.get("nbgrader", {})
            if meta.get("solution"):
                yield cell, meta["grade_id"]

    def first_solution_index(nb):
        return next(i for i, c in enumerate(nb.cells) if c.metadata.get("nbgrader", {}).get("solution"))

    out = {"stub": copy()}

    def answered(student):
        nb = copy()
        literal = by_hand(source_nb, student)
        for cell, gid in solution_cells(nb):
            cell.source = literal.get(gid) or without_markers(solutions[gid])
        return nb

    reference = answered("reference")
    out["reference"] = reference

    raises = copy()
    for cell, gid in solution_cells(raises):
        if cell.cell_type == "code":
            cell.source = 'raise RuntimeError("this submission raises on purpose")'
    out["raises"] = raises

    loops = copy()
    for cell, gid in solution_cells(loops):
        if cell.cell_type == "code":
            names = bound_names(without_markers(solutions[gid]))
            cell.source = FOREVER.strip() + "\n\n" + "\n".join(f"{n} = _forever" for n in names)
    loops.cells.insert(first_solution_index(loops), nbformat.v4.new_code_cell(LOOP_CELL.strip()))
    out["loops"] = loops

    def is_test(cell):
        meta = cell.metadata.get("nbgrader", {})
        return meta.get("grade") and not meta.get("solution")

    deleted = copy()
    deleted.cells = [c for c in deleted.cells if not is_test(c)]
    out["deleted"] = deleted
    if extras:
        # The right answers with the tests deleted: nbgrader must put the tests back after their answers.
        kept = answered("deleted_reference")
        kept.cells = [c for c in kept.cells if not is_test(c)]
        out["deleted_reference"] = kept

    patched = copy()
    patched.cells.insert(first_solution_index(patched), nbformat.v4.new_code_cell(PATCH.strip()))
    out["patched"] = patched

    if extras and any("STUDENT_ID" in c.source and c.cell_type == "code" for c in reference.cells):
        copier = answered("alice")
        for cell in copier.cells:
            if cell.cell_type == "code" and cell.source.lstrip().startswith("STUDENT_ID"):
                cell.source = 'STUDENT_ID = "alice"  # copied from alice'
        out["copier"] = copier
    if extras:
        out.update(attacks.attacks_for(assignment, release_nb, ATTACKS))
        for name, (kind, assignments, edit) in attacks_review.NOTEBOOK_EDITS.items():
            if assignment in assignments:
                out[f"attack_{name}"] = edit(copy())
        out.update(attacks.honest_edits(answered))
    else:                       # matches are slow (ps2): only the review's attacks it runs sparingly
        out.update(attacks.attacks_for(assignment, release_nb,
                                       {n: ATTACKS[n] for n in attacks_review.SPARINGLY}))
    for nb in out.values():
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.outputs, cell.execution_count = [], None
    return out


#: Assignments with by-hand answers on per-student trees: the tests a copied notebook must fail.
#: They also get the "deleted_reference" submission.  (Matches are slow, so ps2 gets neither.)
COPIED_FAILS = {"ps1": {"q1_test", "q2_test"}, "ps3": {"q1_test", "q2_test"}, "ps4": {"q1_test", "q2_test"}}


def expected(student, assignment, test_id) -> str:
    """What a made-up student should score on an autograded test: "full" or "zero"."""
    if student in ("reference", "deleted_reference") or student.startswith("honest_"):
        return "full"
    if test_id in attacks_review.EARNS.get(student.replace("attack_", "", 1), ()):
        return "full"
    if student == "copier":
        # By-hand answers depend on the student's trees; code does not.
        return "zero" if test_id in COPIED_FAILS.get(assignment, ()) else "full"
    return "zero"


# ------------------------------------------------------------------ the round trip


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", action="store_true", help="keep the temporary course directory")
    parser.add_argument("assignments", nargs="*", help="assignments to check (default: every one in source/)")
    parser.add_argument("--only", metavar="GLOB", action="append", default=[],
                        help="only the made-up students whose names match (as 'attack_*'; reference and stub "
                             "always run): for a quick look, not for CI")
    parser.add_argument("--jobs", type=int, default=1, metavar="N",
                        help="round trips of N assignments at once, each in a course of its own (default 1)")
    args = parser.parse_args(argv)
    ONLY[:] = args.only
    if args.jobs > 1 and not args.keep:
        assignments = args.assignments or sorted(os.listdir(os.path.join(HERE, "source")))
        if len(assignments) > 1:
            return in_parallel(assignments, args.jobs, args.only)

    for name in ("ADVSEARCH_STUDENT_ID", "JUPYTERHUB_USER", "NBGRADER_EXECUTION"):
        os.environ.pop(name, None)             # a developer's environment must not change the result
    os.environ[TOKEN_NAME] = TOKEN
    # nbgrader runs `alembic` (and we run nbgrader) from this Python's environment, also when it is not on PATH.
    os.environ["PATH"] = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")
    started = time.perf_counter()
    failures = Failures()
    tmp = tempfile.mkdtemp(prefix="advsearch-course-")
    try:
        course = os.path.join(tmp, "course")
        os.makedirs(course)
        with open(os.path.join(tmp, attacks.OUTSIDE), "w") as f:
            f.write("a file of the instructor's, outside the course: no submission may change it\n")
        shutil.copy(os.path.join(HERE, "nbgrader_config.py"), course)
        from advsearch.autograde.nbgrader import course_key
        course_key(course)                     # the course's secret key, made as an instructor's first autograde would
        shutil.copytree(os.path.join(HERE, "source"), os.path.join(course, "source"),
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
        assignments = args.assignments or sorted(
            d for d in os.listdir(os.path.join(course, "source"))
            if os.path.isdir(os.path.join(course, "source", d)))
        print(f"Round trip of {', '.join(assignments)} in {course}", flush=True)
        for a in assignments:
            round_trip(course, a, failures)
        export(course, assignments, failures)
    finally:
        if args.keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    took = time.perf_counter() - started
    for a, rows in TIMES.items():
        times = sorted(t for _, t in rows)
        print(f"{a}: autograde of one submission: median {times[len(times) // 2]:.1f} s, "
              f"longest {times[-1]:.1f} s ({max(rows, key=lambda r: r[1])[0]}), {len(rows)} submissions")
    print(f"\nThe round trip took {took:.0f} s.")
    for f in failures:
        print("  FAIL  " + f)
    print(f"roundtrip: {failures.passed} passed, {len(failures)} failed")
    return 1 if failures else 0


#: The longest round trips first, so that N at once end together.
LONGEST_FIRST = ("ps1", "ps3", "ps4", "ps2")


def in_parallel(assignments, jobs: int, only) -> int:
    """The round trip of each assignment in a process and a course of its own, ``jobs`` at once.

    Each child prints its own checks; they are shown whole, one assignment
    after another, and their counts added up in one closing line.
    """
    from concurrent.futures import ThreadPoolExecutor
    import re
    order = sorted(assignments, key=lambda a: LONGEST_FIRST.index(a) if a in LONGEST_FIRST else -1)
    started = time.perf_counter()

    def child(a):
        cmd = [sys.executable, os.path.abspath(__file__), a, *(f"--only={p}" for p in only)]
        return subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True)

    with ThreadPoolExecutor(jobs) as pool:
        done = dict(zip(order, pool.map(child, order)))
    passed, fails = 0, []
    for a in assignments:
        out = done[a].stdout
        print(out, flush=True)
        counts = re.findall(r"^roundtrip: (\d+) passed, (\d+) failed$", out, flags=re.M)
        if done[a].returncode not in (0, 1) or not counts:
            fails.append(f"{a}: the round trip ended with exit code {done[a].returncode} and no count")
            continue
        passed += int(counts[-1][0])
        lines = out.splitlines()
        end = max(i for i, line in enumerate(lines) if line.startswith("roundtrip: "))
        fails += [f"{a}: {line.strip()[len('FAIL'):].strip()}" for line in lines[end - int(counts[-1][1]):end]]
    print(f"\nThe round trips of {', '.join(assignments)} took {time.perf_counter() - started:.0f} s, {jobs} at once.")
    for f in fails:
        print("  FAIL  " + f)
    print(f"roundtrip: {passed} passed, {len(fails)} failed")
    return 1 if fails else 0


def round_trip(course: str, a: str, failures: Failures):
    print(f"\n== {a}", flush=True)
    source_dir = os.path.join(course, "source", a)
    with open(os.path.join(source_dir, DECOY), "w") as f:
        f.write(DECOY_TEXT + "\n")
    sources = sorted(glob.glob(os.path.join(source_dir, "*.ipynb")))
    failures.check(bool(sources), f"{a}: source/{a} holds notebooks")

    # 1. The release.
    api = course_api(course)
    call(lambda: api.generate_assignment(a), failures, f"{a}: generate_assignment")
    release_dir = os.path.join(course, "release", a)
    released = sorted(os.path.relpath(p, release_dir)
                      for p in glob.glob(os.path.join(release_dir, "**", "*"), recursive=True)
                      if os.path.isfile(p))
    want = sorted(os.path.basename(p) for p in sources)
    failures.check(released == want, f"{a}: release/{a} holds exactly the notebooks {want} (found {released})")

    # 2. The source notebooks pass nbgrader's Validator.
    for path in sources:
        validate(course, path, failures)

    # 3. Nothing secret in release/.
    leaks(sources, release_dir, failures)

    # 4. Made-up submissions, autograded.
    from nbgrader.api import Gradebook

    db = "sqlite:///" + os.path.join(course, "gradebook.db")
    students = {}
    for path in sources:
        name = os.path.basename(path)
        source_nb = nbformat.read(path, as_version=4)
        release_nb = nbformat.read(os.path.join(release_dir, name), as_version=4)
        for student, nb in submissions(source_nb, release_nb, extras=a in COPIED_FAILS, assignment=a).items():
            students.setdefault(student, {})[name] = nb
    if a in COPIED_FAILS:
        for plant in (*REFUSED, *(f"attack_{p}" for p in attacks_review.PLANTS)):
            students[plant] = {name: students["stub"][name] for name in students["stub"]}
    if ONLY:
        students = {s: nbs for s, nbs in students.items()
                    if s in ("reference", "stub", "deleted") or any(fnmatch.fnmatch(s, p) for p in ONLY)}
    with Gradebook(db, "advsearch") as gb:
        for student in students:
            gb.update_or_create_student(student)

    def submit(student):
        for name, nb in students[student].items():
            target = os.path.join(course, "submitted", student, a, name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            nbformat.write(nb, target)
        plant = REFUSED.get(student) or attacks_review.PLANTS.get(student.replace("attack_", "", 1))
        if plant:
            plant(course, os.path.join(course, "submitted", student, a))

    looping_api = course_api(course, **{"Execute.timeout": LOOP_TIMEOUT, "TrustedGrades.budget_seconds": BUDGET})
    secrets_text = sorted({line for path in sources for line in secrets(nbformat.read(path, as_version=4))
                           if len(line.strip()) > 20})
    for student in students:
        submit(student)
        before = protected(course, db, student)
        started = time.perf_counter()
        if student in REFUSED:
            result = api.autograde(a, student)
            log = (result.get("log") or "") + (result.get("error") or "")
            failures.check(not result.get("success") and "refused" in log,
                           f"{a}: autograde refuses {student} before reading it ({time.perf_counter() - started:.1f} s)")
        elif student in MAY_FAIL:
            result = looping_api.autograde(a, student)
            log = (result.get("log") or "") + (result.get("error") or "")
            ours = [line for line in log.splitlines() if 'File "' in line and "/advsearch/" in line]
            refused = "TamperedFolder" in log and "refused" in log
            failures.check(result.get("success") or refused or not ours,
                           f"{a}: autograde {student} grades it, refuses it, or fails it in nbgrader's own checks, "
                           "not in advsearch" + (f" ({ours[-1].strip()})" if ours and not refused else ""))
        elif student == "loops" or student.startswith("attack_"):
            call(lambda: looping_api.autograde(a, student), failures,
                 f"{a}: autograde {student} (cell timeout {LOOP_TIMEOUT} s)")
        else:
            call(lambda: api.autograde(a, student), failures, f"{a}: autograde {student}")
        took = time.perf_counter() - started
        TIMES.setdefault(a, []).append((student, took))
        if student.startswith("attack_"):
            failures.check(took < BUDGET + 30, f"{a}: {student}: autograded within the submission's time budget "
                           f"({took:.1f} s of {BUDGET} s)")
        if student.startswith(("attack_", "honest_", "plant_")) or student in ("reference", "stub"):
            after = protected(course, db, student)
            changed = [k for k in before if before[k] != after[k]]
            failures.check(not changed, f"{a}: {student}: nothing of anyone else changed ({took:.1f} s)"
                           + (f"; changed: {changed}" if changed else ""))
            left = stray_processes(course)
            failures.check(not left, f"{a}: {student}: no process outlived the autograde"
                           + (f"; found {left}" if left else ""))
            graded_path = os.path.join(course, "autograded", student, a)
            seen = [line for p in glob.glob(os.path.join(graded_path, "*.ipynb"))
                    for line in secrets_text if line in open(p).read()]
            if student.startswith("attack_"):
                failures.check(not seen, f"{a}: {student}: no solution text in the autograded notebook"
                               + (f" (found {seen[:2]})" if seen else ""))
                blamed = [p for p in glob.glob(os.path.join(graded_path, "*.ipynb"))
                          if "The grader failed" in open(p).read()]
                failures.check(not blamed, f"{a}: {student}: the report blames the student's code, not the grader")
            size = max((os.path.getsize(p) for p in glob.glob(os.path.join(graded_path, "*.ipynb"))), default=0)
            failures.check(size < MAX_NOTEBOOK, f"{a}: {student}: the autograded notebook is small "
                           f"({size / 1e6:.2f} MB; the kernel's output is capped)")

    with Gradebook(db, "advsearch") as gb:
        for path in sources:
            name = os.path.splitext(os.path.basename(path))[0]
            tests, manual = grade_cells(nbformat.read(path, as_version=4))
            for student in students:
                scores = {}
                try:
                    submission = gb.find_submission_notebook(name, a, student)
                except Exception as e:                     # no autograded submission at all
                    failures.check(student in REFUSED or student in MAY_FAIL,
                                   f"{a}/{name}: {student} was autograded ({e})")
                    continue
                for grade in submission.grades:
                    scores[grade.name] = (grade.auto_score, grade.cell.max_score)
                wrong = []
                for test in tests:
                    score, out_of = scores.get(test, (None, None))
                    want = expected(student, a, test)
                    target = out_of if want == "full" else 0
                    if (score is None and student not in MAY_FAIL) or abs((score or 0) - target) > 1e-9:
                        wrong.append(f"{test}: {score} (want {target})")
                total = sum((scores.get(t, (0, 0))[0] or 0) for t in tests)
                out_of = sum((scores.get(t, (0, 0))[1] or 0) for t in tests)
                failures.check(not wrong, f"{a}/{name}: {student} scores {total:g} of {out_of:g} automatic points"
                               + (f"; wrong: {', '.join(wrong)}" if wrong else ""))
                if student == "reference":
                    pending = [m for m in manual if scores.get(m, (None,))[0] is None]
                    failures.check(pending == manual, f"{a}/{name}: reference leaves {manual} to manual grading")

    # The reference runs clean, the deleted test cells came back, and the copier was graded as itself.
    for path in sources:
        name = os.path.basename(path)
        graded_nb = nbformat.read(os.path.join(course, "autograded", "reference", a, name), as_version=4)
        errors = [o.get("ename") for c in graded_nb.cells if c.cell_type == "code"
                  for o in c.get("outputs", []) if o.get("output_type") == "error"]
        failures.check(not errors, f"{a}/{name}: the reference runs without an error in any cell"
                       + (f" (found {errors})" if errors else ""))
        tests, _ = grade_cells(nbformat.read(path, as_version=4))
        graded_nb = nbformat.read(os.path.join(course, "autograded", "deleted", a, name), as_version=4)
        ids = {c.metadata.get("nbgrader", {}).get("grade_id") for c in graded_nb.cells}
        failures.check(set(tests) <= ids, f"{a}/{name}: the deleted test cells were put back and run")
        if "copier" in students:
            text = open(os.path.join(course, "autograded", "copier", a, name)).read()
            failures.check("graded as 'copier'" in text,
                           f"{a}/{name}: the copier's hidden tests say it was graded as 'copier', not 'alice'")

    # 5. Feedback.
    call(lambda: api.generate_feedback(a), failures, f"{a}: generate_feedback")
    for student in students:
        if student in REFUSED or (student in MAY_FAIL and not os.path.isdir(os.path.join(course, "autograded",
                                                                                           student, a))):
            continue
        for path in sources:
            html = os.path.join(course, "feedback", student, a,
                                os.path.splitext(os.path.basename(path))[0] + ".html")
            failures.check(os.path.isfile(html) and os.path.getsize(html) > 0,
                           f"{a}: feedback for {student} written")
            if student.startswith("attack_") and os.path.isfile(html):
                text = open(html, encoding="utf-8", errors="replace").read()
                found = live_parts(text)
                failures.check(not found, f"{a}: {student}'s feedback runs and fetches none of the student's "
                               "HTML" + (f" (found {found[:3]})" if found else ""))


#: The largest autograded notebook allowed: the kernel keeps 2 million characters of output, plus the notebook.
MAX_NOTEBOOK = 3_000_000

#: Autograde seconds per submission, by assignment: printed at the end.
TIMES = {}
#: ``--only``: the patterns of the students to autograde (all when empty).
ONLY = []


def _digest(paths) -> str:
    """One hash of the files at ``paths``: each one's path, kind, mode and modification time, and its bytes.

    Nothing is followed: a link counts as the link (its target's name), and a
    file that turned into a link, a pipe or a device changes the hash.
    """
    h = hashlib.sha256()
    for path in sorted(paths):
        try:
            st = os.lstat(path)
        except OSError:
            continue
        h.update(f"{path}|{st.st_mode:o}|{st.st_mtime_ns}|{st.st_size}".encode())
        if stat.S_ISLNK(st.st_mode):
            h.update(os.readlink(path).encode())
        elif stat.S_ISREG(st.st_mode):
            with open(path, "rb") as f:
                h.update(f.read())
    return h.hexdigest()


def _tree(folder: str) -> list:
    return glob.glob(os.path.join(folder, "**", "*"), recursive=True) + [folder]


def protected(course: str, db: str, student: str) -> dict:
    """What no submission may change: the package, the course's sources and scripts, the key, a file outside
    the course, the gradebook's mode, everyone else's grades, submissions, autograded files and feedback."""
    import advsearch
    from nbgrader.api import Gradebook

    package = os.path.dirname(os.path.abspath(advsearch.__file__))
    out = {
        "the advsearch package on disk": _digest(p for p in _tree(package) if "__pycache__" not in p),
        "source/": _digest(_tree(os.path.join(course, "source"))),
        "nbgrader_config.py and the course key": _digest([os.path.join(course, "nbgrader_config.py"),
                                                          os.path.join(course, ".advsearch-grading-key")]),
        "a file outside the course": _digest([os.path.join(os.path.dirname(course), attacks.OUTSIDE)]),
        "the gradebook's kind and mode": oct(os.lstat(os.path.join(course, "gradebook.db")).st_mode),
    }
    with Gradebook(db, "advsearch") as gb:
        for other in gb.students:
            if other.id == student:
                continue
            for sub in other.submissions:
                for nb in sub.notebooks:
                    for grade in nb.grades:
                        out[f"{other.id}'s {sub.assignment.name}/{grade.name}"] = (grade.auto_score,
                                                                                    grade.manual_score)
    for kind in ("submitted", "autograded", "feedback"):
        for other in glob.glob(os.path.join(course, kind, "*")):
            if os.path.basename(other) != student:
                out[f"{kind}/{os.path.basename(other)}"] = _digest(_tree(other))
    return out


def stray_processes(course: str) -> list:
    """Processes still running that an autograde of this round trip started: its sandboxes and what they hold.

    They are told apart from other people's by :data:`TOKEN` in their environment (every sandbox is started
    by a process that inherits it; what runs inside dies with its sandbox) or the course's path.
    """
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmdline = f.read().replace(b"\0", b" ").decode(errors="replace")
            with open(f"/proc/{entry}/environ", "rb") as f:
                ours = f"{TOKEN_NAME}={TOKEN}".encode() in f.read().split(b"\0")
        except OSError:
            continue
        if (ours or course in cmdline) and "roundtrip.py" not in cmdline:
            found.append(f"{entry}: {cmdline[:120]}")
    return found


#: Marks the processes this round trip starts (see :func:`stray_processes`).
TOKEN_NAME, TOKEN = "ADVSEARCH_ROUNDTRIP", os.urandom(8).hex()


def validate(course: str, path: str, failures: Failures):
    """Validate a source notebook with nbgrader's Validator, configured as the course is."""
    from nbgrader.validator import Validator
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader("nbgrader_config.py", path=course).load_config()
    started = time.perf_counter()
    here = os.getcwd()
    try:
        results = Validator(config=config).validate(path)
    finally:
        os.chdir(here)
    took = time.perf_counter() - started
    ok = not results
    failures.check(ok, f"{os.path.relpath(path, course)}: passes nbgrader's Validator ({took:.1f} s)")
    if not ok:
        for kind, cells in results.items():
            for cell in cells:
                print(f"    {kind}: {cell.get('source', '')[:300]}\n    {cell.get('raw_error', '')[-2000:]}")


def leaks(sources, release_dir: str, failures: Failures):
    """No line of a solution, hidden test or model answer, no marker, no output, in any file under release_dir."""
    lines = sorted({line for path in sources for line in secrets(nbformat.read(path, as_version=4))})
    where = os.path.relpath(release_dir, os.path.dirname(os.path.dirname(release_dir)))
    found, markers, outputs, decoy = [], [], 0, False
    for path in glob.glob(os.path.join(release_dir, "**", "*"), recursive=True):
        if not os.path.isfile(path):
            continue
        text = open(path, encoding="utf-8", errors="replace").read()
        body = text
        if path.endswith(".ipynb"):
            nb = nbformat.reads(text, as_version=4)
            body = "\n".join(c.source for c in nb.cells)
            outputs += sum(len(c.get("outputs", [])) for c in nb.cells if c.cell_type == "code")
        found += [line for line in lines if line in body]
        markers += [m for m in SOLUTION + HIDDEN + ("BEGIN SOLUTION", "HIDDEN TESTS") if m in text]
        decoy = decoy or DECOY_TEXT in text
    failures.check(not found, f"{where}: no line of a solution, hidden test or model answer in any file"
                   + (f" (found {found[:3]})" if found else f" ({len(lines)} lines looked for)"))
    failures.check(not markers, f"{where}: no solution or hidden-test marker in any file")
    failures.check(outputs == 0, f"{where}: no cell outputs in the notebooks")
    failures.check(not decoy, f"{where}: no text of an instructor-only file")


def export(course: str, assignments, failures: Failures):
    print("\n== export", flush=True)
    run(nbgrader("export", "--to", "grades.csv"), course, failures, "nbgrader export")
    path = os.path.join(course, "grades.csv")
    rows = list(csv.DictReader(open(path))) if os.path.isfile(path) else []
    found = {(r.get("assignment"), r.get("student_id")) for r in rows}
    missing = [(a, s) for a in assignments for s in ("reference", "stub") if (a, s) not in found]
    failures.check(bool(rows) and not missing, f"grades.csv has {len(rows)} rows, reference and stub for each "
                   "assignment" + (f" (missing {missing})" if missing else ""))
    status = {(r.get("assignment"), r.get("student_id")): r.get("status") for r in rows}
    wrong = [(a, s, status.get((a, s))) for a in assignments for s in ("reference", "stub")
             if status.get((a, s)) != "graded"]
    failures.check(not wrong, "grades.csv gives every row a status, and 'graded' for reference and stub"
                   + (f" (found {wrong})" if wrong else ""))
    size = os.path.getsize(path) if os.path.isfile(path) else 0
    failures.check(size < 2000 * max(len(rows), 1), f"grades.csv stays small whatever was handed in "
                   f"({size:,} bytes for {len(rows)} rows)")
    from advsearch.autograde.report import report
    for a in assignments:
        rows = {r.student: r for r in report(course, a)}
        if "copier" in rows:
            failures.check(rows["copier"].status == "suspicious" and "alice" in rows["copier"].reason,
                           f"advsearch grading report {a}: the copier is suspicious, declaring 'alice' "
                           f"(found {rows['copier'].status}: {rows['copier'].reason})")
        ungraded = [r.student for r in rows.values() if r.status == "not graded" and r.student not in REFUSED
                    and r.student not in MAY_FAIL]
        failures.check(not ungraded, f"advsearch grading report {a}: every submission was graded"
                       + (f" (not graded: {ungraded})" if ungraded else ""))
        named = [s for s in REFUSED if s in rows and rows[s].status == "not graded"
                 and rows[s].reason.startswith("Tampering")]
        planted = [s for s in REFUSED if s in rows or (a in COPIED_FAILS and not ONLY)]
        failures.check(sorted(named) == sorted(planted), f"advsearch grading report {a}: names the tampering of "
                       f"every planted hand-in ({len(named)} of {len(planted)})"
                       + (f"; missed {sorted(set(planted) - set(named))}" if set(planted) - set(named) else ""))
        victims = [r.student for r in rows.values() if r.student == "reference" and r.status != "graded"]
        failures.check(not victims, f"advsearch grading report {a}: the classmates the links point at are graded")


if __name__ == "__main__":
    sys.exit(main())
