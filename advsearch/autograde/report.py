"""Which submissions of an nbgrader assignment the trusted grader graded, which it did not, and why.

``nbgrader autograde`` logs an error and moves on when a submission fails
(a notebook whose cell metadata is broken, say); that submission then has no
scores, and ``nbgrader export`` gives it 0 with nothing to say why.  This
module goes through every submission in ``<course>/submitted/*/<assignment>/``
and gives each notebook one of three statuses:

``"not graded"``
    the submitted folder holds what no honest hand-in does (a link, a
    named pipe, a device, a hard link, too many files or bytes: see
    :mod:`advsearch.sandbox.files`), so autograde refused it, and the
    reason names what was planted; or submitted, but there is no
    autograded notebook; or the gradebook has no
    submission of it; or an automatic test has no score; or the autograded
    notebook carries no ``advsearch`` record (it was graded without the
    trusted grader of :mod:`advsearch.autograde.nbgrader`); or the record
    says it graded another student.
``"suspicious"``
    graded, but the trusted grader flagged something (a notebook that
    declares another student's id, a test it has no check for, a cell that
    did not finish, ...); or the autograded notebook lacks a test cell of the
    source notebook; or a score in the gradebook is not the one the trusted
    grader gave; or the submitted notebook itself carries an ``advsearch``
    record (only the grader writes one); or a grader flagged the notebook in
    the formgrader.
``"graded"``
    none of the above.

:func:`report` returns these as :class:`Row` tuples; :func:`main` is the
command ``advsearch grading report ps1 [--course DIR]``, which prints them as
a table and exits 1 when any submission needs a look.
:class:`FlaggedCsvExport` is an ``nbgrader export`` plugin that adds the
status and the reason to nbgrader's CSV of grades; with

.. code-block:: python

    c.ExportApp.plugin_class = "advsearch.autograde.report.FlaggedCsvExport"

in ``nbgrader_config.py``, ``nbgrader export`` flags every ungraded
submission instead of letting its 0 pass for a grade.

The course is assumed to use nbgrader's default folder names (``source``,
``submitted``, ``autograded``) and ``directory_structure``.  Notebooks are
read as plain JSON, so a notebook too broken for ``nbformat`` is still
reported on.  nbgrader (the ``grading`` extra) is needed to read the
gradebook; everything else works without it.
"""

from __future__ import annotations

import csv
import json
import math
import os
import sys
from typing import NamedTuple

from ..argparsing import StreamParser
from ..sandbox.files import cut, problems, spreadsheet_safe

try:                                        # nbgrader is the "grading" extra
    from nbgrader.api import Gradebook, MissingEntry
    from nbgrader.plugins import CsvExportPlugin
except ImportError:                         # pragma: no cover - without nbgrader there is no gradebook to read
    Gradebook = MissingEntry = None
    CsvExportPlugin = object

__all__ = ["Row", "ReportError", "STATUSES", "report", "summary", "format_table", "main", "FlaggedCsvExport"]

#: The statuses of a submission, from good to bad.
GRADED, SUSPICIOUS, NOT_GRADED = "graded", "suspicious", "not graded"
STATUSES = (GRADED, SUSPICIOUS, NOT_GRADED)
#: The ``grader`` that :class:`~advsearch.autograde.nbgrader.TrustedGrades` writes into its record.
GRADER = "advsearch.autograde"
#: The gradebook's file name in the course folder (as ``nbgrader_config.py`` sets it).
GRADEBOOK = "gradebook.db"
#: An autograded notebook larger than this (bytes) is suspicious: the grader caps what it writes below it.
MAX_AUTOGRADED = 8 << 20
#: The most characters of a row's reason.
MAX_REASON = 1500


class Row(NamedTuple):
    """One submitted notebook: whose, which, its status (one of :data:`STATUSES`), and why."""

    student: str
    notebook: str
    status: str
    reason: str


class ReportError(ValueError):
    """The course cannot be reported on (no such folder, nothing submitted, an unreadable gradebook)."""


# --------------------------------------------------------------------------- notebooks as JSON

def _read_json(path):
    """The notebook at ``path`` as a dict; OSError or ValueError when it cannot be read."""
    with open(path, encoding="utf-8") as f:
        nb = json.load(f)
    if not isinstance(nb, dict) or not isinstance(nb.get("cells", []), list):
        raise ValueError("not a notebook")
    return nb


def _nbgrader_meta(cell) -> dict:
    meta = cell.get("metadata") if isinstance(cell, dict) else None
    meta = meta.get("nbgrader") if isinstance(meta, dict) else None
    return meta if isinstance(meta, dict) else {}


def _test_ids(nb) -> list:
    """The grade ids of the automatic test cells (graded code cells that are not answers), in order."""
    ids = []
    for cell in nb.get("cells", []):
        meta = _nbgrader_meta(cell)
        if cell.get("cell_type") == "code" and meta.get("grade") and not meta.get("solution") \
                and meta.get("grade_id") and meta["grade_id"] not in ids:
            ids.append(meta["grade_id"])
    return ids


def _record(nb):
    meta = nb.get("metadata")
    return meta.get("advsearch") if isinstance(meta, dict) else None


def _ids(names) -> str:
    return ", ".join(sorted(names))


def _number(x) -> str:
    return f"{x:g}" if isinstance(x, (int, float)) else repr(x)


# --------------------------------------------------------------------------- the report

def _gradebook_tests(sub) -> dict:
    """The automatic tests of a submitted notebook in the gradebook: ``{name: grade}``."""
    answers = {cell.name for cell in sub.notebook.solution_cells}
    return {grade.name: grade for grade in sub.grades
            if grade.cell_type == "code" and grade.name not in answers}


def _check(root, assignment, student, name, gb, source_tests):
    """The status and the reason of one submitted notebook."""
    where = os.path.join(assignment, name + ".ipynb")
    submitted = os.path.join(root, "submitted", student, where)
    autograded = os.path.join(root, "autograded", student, where)
    if not os.path.isfile(submitted):
        return NOT_GRADED, (f"The submission has no {name}.ipynb, which the assignment has, so it scores 0 "
                            "without a word.")
    if not os.path.isfile(autograded) or os.path.islink(autograded):
        return NOT_GRADED, ("There is no autograded notebook: nbgrader autograde has not run on it, or it "
                            "failed (see its log).")
    if os.lstat(autograded).st_size > MAX_AUTOGRADED:
        return SUSPICIOUS, (f"The autograded notebook is {os.lstat(autograded).st_size:,} bytes, over the "
                            f"{MAX_AUTOGRADED:,} the grader ever writes: it was not written by the grader alone.")
    if gb is None:
        return NOT_GRADED, f"The course has no gradebook ({GRADEBOOK}), so no score was recorded."
    try:
        sub = gb.find_submission_notebook(name, assignment, student)
    except MissingEntry:
        try:
            gb.find_notebook(name, assignment)
        except MissingEntry:
            return NOT_GRADED, (f"The gradebook's {assignment} has no notebook {name}, so nbgrader does not "
                                "grade it.")
        return NOT_GRADED, f"The gradebook has no submission of {name} by {student}."
    try:
        nb = _read_json(autograded)
    except (OSError, ValueError) as e:
        return NOT_GRADED, f"The autograded notebook cannot be read ({e})."
    record = _record(nb)
    if not isinstance(record, dict) or record.get("grader") != GRADER:
        return NOT_GRADED, ("The autograded notebook has no advsearch record: it was graded without the "
                            "trusted grader.")
    tests = record.get("tests")
    if not isinstance(tests, dict):
        return NOT_GRADED, "The autograded notebook's advsearch record has no tests."
    if record.get("graded_as") != student:
        return NOT_GRADED, (f"It was graded as {record.get('graded_as')!r}, not as {student!r}, whose "
                            "submission it is.")
    scores = _gradebook_tests(sub)
    unscored = [gid for gid, grade in scores.items() if grade.auto_score is None]
    if unscored:
        return NOT_GRADED, f"The gradebook has no score for the automatic test(s) {_ids(unscored)}."

    reasons = []
    flags = record.get("flags") or []
    if flags:
        flags = flags if isinstance(flags, list) else [flags]
        reasons.append("The trusted grader flagged: " + "; ".join(cut(str(f)) for f in flags[:10]) + ".")
    expected = source_tests if source_tests is not None else list(scores)
    present = set(_test_ids(nb))
    missing = [gid for gid in expected if gid not in present]
    if missing:
        reasons.append(f"The autograded notebook lacks the test cell(s) {_ids(missing)} of the source.")
    ungraded = [gid for gid in present if gid not in tests]
    if ungraded:
        reasons.append(f"The trusted grader did not grade the test cell(s) {_ids(ungraded)}.")
    for gid, grade in sorted(scores.items()):
        given = tests.get(gid, {}).get("points") if isinstance(tests.get(gid), dict) else None
        if isinstance(given, (int, float)) and not math.isclose(grade.auto_score, given, abs_tol=1e-6):
            reasons.append(f"The gradebook gives {gid} {_number(grade.auto_score)} points, the trusted grader "
                           f"{_number(given)}.")
    try:
        if isinstance(_record(_read_json(submitted)), dict):
            reasons.append("The submitted notebook already carries an advsearch record, which only the grader "
                           "writes.")
    except (OSError, ValueError):
        pass                              # nbgrader graded it, so it read it; nothing more to say here
    if sub.flagged:
        reasons.append("It is flagged in the formgrader.")
    if reasons:
        return SUSPICIOUS, " ".join(reasons)
    return GRADED, ""


def _submitted(inbox, student, assignment) -> bool:
    """Whether ``student`` handed in ``assignment``: a folder, or anything planted in its place (a link)."""
    path = os.path.join(inbox, student, assignment)
    return os.path.isdir(path) or os.path.islink(path)


def _open_gradebook(root, course_id):
    """The course's gradebook, or None when it has none (never creates one)."""
    path = os.path.join(root, GRADEBOOK)
    if not os.path.isfile(path):
        return None
    if Gradebook is None:
        raise ReportError("reading the gradebook needs nbgrader: pip install 'advsearch[grading]'")
    try:
        return Gradebook("sqlite:///" + os.path.abspath(path), course_id)
    except Exception as e:                # sqlalchemy's errors for a file that is not a gradebook
        raise ReportError(f"cannot read the gradebook {path}: {str(e).splitlines()[0]}") from None


def report(course_root: str, assignment: str, *, gradebook=None, course_id: str = "advsearch") -> list:
    """Every submission of ``assignment`` in the course at ``course_root``, with its status and why.

    Parameters
    ----------
    course_root : str
        The nbgrader course folder (the one with ``submitted/``,
        ``autograded/``, ``source/`` and ``gradebook.db``).
    assignment : str
        The assignment's name, as ``"ps1"``.
    gradebook : nbgrader.api.Gradebook, optional
        An open gradebook to read; by default ``<course_root>/gradebook.db``
        (a course without one has nothing graded; none is created).
    course_id : str
        The course id the gradebook is opened with.

    Returns
    -------
    list of Row
        One row for each notebook of each ``submitted/<student>/<assignment>/``
        folder (and for each notebook of the assignment that a submission
        lacks), sorted by student and notebook.  ``reason`` is empty for a
        graded notebook and one or more sentences otherwise.

    Raises
    ------
    ReportError
        The course folder does not exist, there is no ``submitted/<student>/<assignment>/``
        folder at all, or the gradebook cannot be read.

    Examples
    --------
    A course where Alice submitted ``ps1`` but nothing was autograded yet:

    >>> import json, os, tempfile
    >>> course = tempfile.mkdtemp()
    >>> os.makedirs(f"{course}/submitted/alice/ps1")
    >>> with open(f"{course}/submitted/alice/ps1/ps1.ipynb", "w") as f:
    ...     json.dump({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, f)
    >>> for row in report(course, "ps1"):
    ...     print(row.student, row.notebook, row.status, row.reason, sep=" | ")
    alice | ps1 | not graded | There is no autograded notebook: nbgrader autograde has not run on it, or it failed (see its log).
    >>> report(course, "ps2")
    Traceback (most recent call last):
    ...
    advsearch.autograde.report.ReportError: nothing was submitted for ps2: no folder .../submitted/<student>/ps2/
    >>> import shutil; shutil.rmtree(course)
    """
    root = str(course_root)
    if not os.path.isdir(root):
        raise ReportError(f"no course folder {root}")
    inbox = os.path.join(root, "submitted")
    if not os.path.isdir(inbox):
        raise ReportError(f"no submitted/ folder in {os.path.abspath(root)}: is it an nbgrader course, and was "
                          f"{assignment} collected?")
    students = sorted(s for s in os.listdir(inbox) if not s.startswith(".") and _submitted(inbox, s, assignment))
    if not students:
        raise ReportError(f"nothing was submitted for {assignment}: no folder "
                          f"{os.path.join(inbox, '<student>', assignment)}{os.sep}")
    own = gradebook is None
    gb = _open_gradebook(root, course_id) if own else gradebook
    try:
        expected = []
        if gb is not None:
            try:
                expected = [nb.name for nb in gb.find_assignment(assignment).notebooks]
            except MissingEntry:
                pass
        rows = []
        source_tests = {}
        for student in students:
            folder = os.path.join(inbox, student, assignment)
            planted = problems(folder)
            if planted:
                rows.append(Row(student, "", NOT_GRADED, cut(
                    "Tampering: the submitted folder holds what no honest hand-in does, so autograde refused it "
                    "and nothing of it was graded: " + "; ".join(planted) + ".", MAX_REASON)))
                continue
            names = {f[:-len(".ipynb")] for f in os.listdir(folder)
                     if f.endswith(".ipynb") and not f.startswith(".") and os.path.isfile(os.path.join(folder, f))}
            if not names and not expected:
                rows.append(Row(student, "", NOT_GRADED, "The submission folder holds no notebook."))
                continue
            for name in sorted(names | set(expected)):
                if name not in source_tests:
                    try:
                        source_tests[name] = _test_ids(_read_json(
                            os.path.join(root, "source", assignment, name + ".ipynb")))
                    except (OSError, ValueError):
                        source_tests[name] = None          # no source to compare with: the gradebook's tests
                status, reason = _check(root, assignment, student, name, gb, source_tests[name])
                rows.append(Row(student, name, status, cut(reason, MAX_REASON)))
        return rows
    finally:
        if own and gb is not None:
            gb.close()


# --------------------------------------------------------------------------- the command line

def summary(rows) -> str:
    """The closing line of the table: how many submissions have each status.

    Examples
    --------
    >>> summary([Row("a", "ps1", "graded", ""), Row("b", "ps1", "graded", ""), Row("c", "ps1", "not graded", "…")])
    '3 submissions: 2 graded, 1 not graded, 0 suspicious'
    >>> summary([Row("a", "nb1", "graded", ""), Row("a", "nb2", "suspicious", "…")])
    '2 notebooks in 1 submission: 1 graded, 0 not graded, 1 suspicious'
    """
    counts = {status: sum(r.status == status for r in rows) for status in STATUSES}
    students = len({r.student for r in rows})
    subs = f"{students} submission{'s' if students != 1 else ''}"
    head = subs if students == len(rows) else f"{len(rows)} notebooks in {subs}"
    return f"{head}: {counts[GRADED]} graded, {counts[NOT_GRADED]} not graded, {counts[SUSPICIOUS]} suspicious"


def format_table(rows) -> str:
    """The rows as a plain table with a header, the reason last and unpadded.

    Examples
    --------
    >>> print(format_table([Row("alice", "ps1", "graded", ""),
    ...                     Row("bob", "ps1", "not graded", "There is no autograded notebook.")]))
    student  notebook  status      reason
    alice    ps1       graded
    bob      ps1       not graded  There is no autograded notebook.
    """
    header = Row("student", "notebook", "status", "reason")
    shown = [Row(*(cut(field, 80) for field in r[:3]), cut(r.reason, MAX_REASON)) for r in [header, *rows]]
    widths = [max(len(r[i]) for r in shown) for i in range(3)]
    return "\n".join("  ".join([*(r[i].ljust(widths[i]) for i in range(3)), r.reason]).rstrip() for r in shown)


def main(argv=None, stdout=None, stderr=None, prog="advsearch grading report") -> int:
    """The command ``advsearch grading report ASSIGNMENT [--course DIR]``.

    Prints a table of every submission of the assignment, its status and
    the reason, and a closing line with the counts.

    Parameters
    ----------
    argv : list of str, optional
        The arguments; ``sys.argv[1:]`` when None.
    stdout, stderr : file-like, optional
        Where the table and the errors go; the process's own when None.
    prog : str
        The command's name in the usage and in errors.

    Returns
    -------
    int
        0 when every submission is graded, 1 when any is not graded or
        suspicious, 2 for a bad command line or a course it cannot read (with
        a one-line error on ``stderr``).

    Examples
    --------
    >>> import json, os, tempfile
    >>> course = tempfile.mkdtemp()
    >>> os.makedirs(f"{course}/submitted/alice/ps1")
    >>> with open(f"{course}/submitted/alice/ps1/ps1.ipynb", "w") as f:
    ...     json.dump({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, f)
    >>> main(["ps1", "--course", course])
    student  notebook  status      reason
    alice    ps1       not graded  There is no autograded notebook: nbgrader autograde has not run on it, or it failed (see its log).
    1 submission: 0 graded, 1 not graded, 0 suspicious
    1
    >>> main(["ps1", "--course", course + "/nowhere"], stderr=sys.stdout)
    advsearch grading report: error: no course folder .../nowhere
    2
    >>> import shutil; shutil.rmtree(course)
    """
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    parser = StreamParser(prog=prog, out=stdout, err=stderr,
                     description="List every submission of an nbgrader assignment: graded, not graded "
                                 "(no autograded notebook, no scores, or graded without the trusted grader), "
                                 "or suspicious (flagged by the trusted grader, or test cells missing). "
                                 "Exits 1 when any submission is not graded or suspicious.")
    parser.add_argument("assignment", metavar="ASSIGNMENT", help="the assignment, as ps1")
    parser.add_argument("--course", default=".", metavar="DIR",
                        help="the nbgrader course folder (default: the current folder)")
    try:
        args = parser.parse_args(sys.argv[1:] if argv is None else list(argv))
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 2
    try:
        rows = report(args.course, args.assignment)
    except (ReportError, OSError) as e:
        print(f"{prog}: error: {e}", file=stderr)
        return 2
    print(format_table(rows), file=stdout)
    print(summary(rows), file=stdout)
    return 0 if all(r.status == GRADED for r in rows) else 1


# --------------------------------------------------------------------------- nbgrader export

NO_SUBMISSION = "no submission"
_ORDER = {GRADED: 0, SUSPICIOUS: 1, NOT_GRADED: 2}


def _student_status(rows):
    """One status and reason for a student's rows: the worst status, and each notebook's reason."""
    status = max((r.status for r in rows), key=_ORDER.__getitem__)
    if len(rows) == 1:
        return status, rows[0].reason
    return status, " ".join(f"{r.notebook}: {r.reason}" for r in rows if r.reason)


class FlaggedCsvExport(CsvExportPlugin):
    """nbgrader's CSV export with two more columns: each submission's ``status`` and ``reason``.

    The columns are nbgrader's (``assignment``, ``duedate``, ``timestamp``,
    ``student_id``, ``last_name``, ``first_name``, ``email``, ``raw_score``,
    ``late_submission_penalty``, ``score``, ``max_score``), then ``status``,
    one of ``"graded"``, ``"not graded"``, ``"suspicious"`` (from
    :func:`report`; the worst of the student's notebooks) or
    ``"no submission"``, and ``reason``.  Fields are quoted where they need
    it, so a reason with commas stays one field; a field that a spreadsheet
    would read as a formula (``=``, ``+``, ``-``, ``@`` first) starts with
    ``'``, and every field is one printable line of bounded length.

    Two cases nbgrader's own export passes over silently get a row too: a
    student who submitted but is not in the gradebook (status "not graded",
    score 0), and a gradebook submission with no ``submitted/`` folder left
    to check (status "suspicious").

    Configure it in ``nbgrader_config.py``::

        c.ExportApp.plugin_class = "advsearch.autograde.report.FlaggedCsvExport"

    The course folder is nbgrader's ``CourseDirectory.root``.
    """

    COLUMNS = ("assignment", "duedate", "timestamp", "student_id", "last_name", "first_name", "email",
               "raw_score", "late_submission_penalty", "score", "max_score", "status", "reason")

    def _course_root(self) -> str:
        coursedir = getattr(self.parent, "coursedir", None)
        if coursedir is None:
            from nbgrader.coursedir import CourseDirectory
            coursedir = CourseDirectory(config=self.config)
        return coursedir.root

    def export(self, gradebook) -> None:
        dest = self.to or "grades.csv"
        students = [str(s) for s in self.student]
        assignments = [str(a) for a in self.assignment]
        root = self._course_root()
        self.log.info("Exporting grades, with each submission's status, to %s", dest)
        lines = []
        for assignment in gradebook.assignments:
            if assignments and assignment.name not in assignments:
                continue
            try:
                rows = report(root, assignment.name, gradebook=gradebook)
            except ReportError:
                rows = []                                  # nothing in submitted/ for this assignment
            by_student = {}
            for row in rows:
                by_student.setdefault(row.student, []).append(row)
            known = set()
            for student in gradebook.students:
                known.add(student.id)
                if students and student.id not in students:
                    continue
                line = {"assignment": assignment.name, "duedate": assignment.duedate, "student_id": student.id,
                        "last_name": student.last_name, "first_name": student.first_name,
                        "email": student.email, "max_score": assignment.max_score}
                try:
                    submission = gradebook.find_submission(assignment.name, student.id)
                except MissingEntry:
                    submission = None
                    line.update(timestamp="", raw_score=0.0, late_submission_penalty=0.0, score=0.0)
                else:
                    penalty = submission.late_submission_penalty
                    line.update(timestamp=submission.timestamp, raw_score=submission.score,
                                late_submission_penalty=penalty,
                                score=max(0.0, submission.score - (penalty or 0.0)))
                if student.id in by_student:
                    line["status"], line["reason"] = _student_status(by_student[student.id])
                elif submission is not None:
                    line["status"] = SUSPICIOUS
                    line["reason"] = (f"The gradebook has a submission, but submitted/{student.id}/"
                                      f"{assignment.name}/ is missing, so it was not checked.")
                else:
                    line["status"], line["reason"] = NO_SUBMISSION, ""
                lines.append(line)
            for student_id in sorted(set(by_student) - known):
                if students and student_id not in students:
                    continue
                status, reason = _student_status(by_student[student_id])
                lines.append({"assignment": assignment.name, "duedate": assignment.duedate,
                              "student_id": student_id, "max_score": assignment.max_score, "timestamp": "",
                              "raw_score": 0.0, "late_submission_penalty": 0.0, "score": 0.0,
                              "status": status,
                              "reason": ("The student is not in the gradebook. " + reason).strip()})
        with open(dest, "w", newline="", encoding="utf-8") as f:
            out = csv.writer(f, lineterminator="\n")
            out.writerow(self.COLUMNS)
            for line in lines:
                out.writerow([spreadsheet_safe("" if line.get(k) is None else cut(str(line.get(k)), MAX_REASON))
                              for k in self.COLUMNS])
        flagged = sum(line["status"] not in (GRADED, NO_SUBMISSION) for line in lines)
        if flagged:
            self.log.warning("%d submission(s) not graded or suspicious: see the status and reason columns of %s",
                             flagged, dest)


if __name__ == "__main__":                 # pragma: no cover
    sys.exit(main())
