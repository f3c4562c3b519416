"""advsearch grading report: every submission graded, not graded or suspicious, on a small fake nbgrader course.

The course is built by hand: notebooks written with nbformat where nbgrader
would write them, and a gradebook filled in through nbgrader's API, so no
autograding runs and the whole file takes a few seconds.
"""

from __future__ import annotations

import csv
import io
import os
import shutil

import pytest

nbformat = pytest.importorskip("nbformat")
api = pytest.importorskip("nbgrader.api")

from advsearch import cli                                         # noqa: E402
from advsearch.autograde import report as rp                      # noqa: E402

# nbgrader's add_submission makes SQLAlchemy warn about its own autoflush; nothing of ours.
pytestmark = pytest.mark.filterwarnings("ignore:Object of type:Warning")

A = "ps1"
TESTS = {"q1_test": 2.0, "q2_test": 3.0}       # the automatic tests and their points
NO_AUTOGRADED = ("There is no autograded notebook: nbgrader autograde has not run on it, or it failed "
                 "(see its log).")


# ------------------------------------------------------------------ the fake course

def notebook(tests=tuple(TESTS), record=None):
    """A ps1 notebook: an answer, the given test cells, and a manually graded answer; ``record`` as metadata."""
    def meta(gid, **kw):
        return {"nbgrader": {"grade_id": gid, "schema_version": 3, "locked": False, "solution": False,
                             "grade": False, "task": False, **kw}}
    cells = [nbformat.v4.new_code_cell("STUDENT_ID = ''", metadata=meta("q1_answer", solution=True))]
    for gid in tests:
        cells.append(nbformat.v4.new_code_cell("assert True", metadata=meta(gid, grade=True, locked=True,
                                                                             points=TESTS[gid])))
    cells.append(nbformat.v4.new_markdown_cell("YOUR ANSWER HERE",
                                               metadata=meta("q3_answer", grade=True, solution=True, points=2)))
    nb = nbformat.v4.new_notebook(cells=cells)
    if record is not None:
        nb.metadata["advsearch"] = record
    return nb


def trusted(student, points=None, flags=()):
    """The record TrustedGrades writes."""
    points = points or {gid: out_of for gid, out_of in TESTS.items()}
    return {"graded_as": student, "grader": "advsearch.autograde", "flags": list(flags), "runner_starts": 1,
            "seconds": 0.5, "tests": {gid: {"points": p, "out_of": TESTS[gid]} for gid, p in points.items()}}


def write(path, nb):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    nbformat.write(nb, str(path))


#: Each student of the big course: (what is in the submitted folder, the autograded notebook or None,
#: whether the gradebook has the submission, the gradebook's scores of the automatic tests).
def cases():
    full = dict(TESTS)
    return {
        "alice": (notebook(), notebook(record=trusted("alice")), True, full),
        "bob": (notebook(), None, True, {"q1_test": None, "q2_test": None}),
        "carol": (notebook(), notebook(record=trusted("carol", flags=["declares STUDENT_ID 'alice'"])), True, full),
        "dave": (notebook(), notebook(record=trusted("alice")), True, full),
        "erin": (notebook(), notebook(), True, full),
        "frank": (notebook(), notebook(tests=["q1_test"], record=trusted("frank", {"q1_test": 2.0})), True,
                  full),
        "grace": (notebook(), notebook(record=trusted("grace")), False, None),
        "heidi": (notebook(), notebook(record=trusted("heidi")), True, {"q1_test": 2.0, "q2_test": None}),
        "ivan": (notebook(), notebook(record=trusted("ivan", {"q1_test": 0.0, "q2_test": 3.0})), True, full),
        "judy": (notebook(record=trusted("judy")), notebook(record=trusted("judy")), True, full),
    }


def alembic_head():
    """The gradebook schema's version, read from nbgrader's migrations (what ``alembic heads`` prints)."""
    import nbgrader
    from alembic.config import Config
    from alembic.script import ScriptDirectory
    config = Config()
    config.set_main_option("script_location", os.path.join(os.path.dirname(nbgrader.__file__), "alembic"))
    return ScriptDirectory.from_config(config).get_current_head()


@pytest.fixture(scope="module")
def blank(tmp_path_factory):
    """An empty gradebook, made once.  nbgrader asks the ``alembic`` command for the schema's version,
    which takes seconds and needs it on PATH; the same answer is read here in-process."""
    path = tmp_path_factory.mktemp("blank") / "gradebook.db"
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(api, "get_alembic_version", alembic_head)
        api.Gradebook(f"sqlite:///{path}", "advsearch").close()
    return path


def build(blank, root, students, extra_students=(), flagged=()):
    """A course at ``root`` with ps1, the given students' submissions and a gradebook; returns ``root``."""
    write(root / "source" / A / f"{A}.ipynb", notebook())
    shutil.copyfile(blank, root / "gradebook.db")
    with api.Gradebook(f"sqlite:///{root / 'gradebook.db'}", "advsearch") as gb:
        gb.add_assignment(A, duedate="2030-01-01 00:00:00")
        gb.add_notebook(A, A)
        for gid, points in TESTS.items():
            gb.add_grade_cell(gid, A, A, max_score=points, cell_type="code")
        gb.add_grade_cell("q3_answer", A, A, max_score=2, cell_type="markdown")
        gb.add_solution_cell("q1_answer", A, A)
        gb.add_solution_cell("q3_answer", A, A)
        for student, (submitted, autograded, in_gradebook, scores) in students.items():
            gb.add_student(student, first_name=student.title(), last_name="Example, Jr.")
            write(root / "submitted" / student / A / f"{A}.ipynb", submitted)
            if autograded is not None:
                write(root / "autograded" / student / A / f"{A}.ipynb", autograded)
            if in_gradebook:
                gb.add_submission(A, student)
                for gid, score in scores.items():
                    gb.find_grade(gid, A, A, student).auto_score = score
                gb.find_submission_notebook(A, A, student).flagged = student in flagged
                gb.db.commit()
        for student in extra_students:
            gb.add_student(student)
    return root


@pytest.fixture(scope="module")
def course(tmp_path_factory, blank):
    return build(blank, tmp_path_factory.mktemp("course"), cases())


@pytest.fixture(scope="module")
def rows(course):
    return {row.student: row for row in rp.report(str(course), A)}


# ------------------------------------------------------------------ each status and reason

def test_every_submission_is_listed_once_in_order(rows):
    assert list(rows) == sorted(cases())
    assert {row.notebook for row in rows.values()} == {"ps1"}


def test_a_graded_submission(rows):
    assert rows["alice"] == rp.Row("alice", "ps1", "graded", "")


def test_no_autograded_notebook_is_not_graded(rows):
    assert rows["bob"] == rp.Row("bob", "ps1", "not graded", NO_AUTOGRADED)


def test_a_flag_of_the_trusted_grader_is_suspicious(rows):
    assert rows["carol"].status == "suspicious"
    assert rows["carol"].reason == "The trusted grader flagged: declares STUDENT_ID 'alice'."


def test_graded_as_someone_else_is_not_graded(rows):
    assert rows["dave"].status == "not graded"
    assert rows["dave"].reason == "It was graded as 'alice', not as 'dave', whose submission it is."


def test_no_advsearch_record_is_not_graded(rows):
    assert rows["erin"].status == "not graded"
    assert rows["erin"].reason == ("The autograded notebook has no advsearch record: it was graded without "
                                   "the trusted grader.")


def test_a_missing_test_cell_is_suspicious(rows):
    assert rows["frank"].status == "suspicious"
    assert rows["frank"].reason == "The autograded notebook lacks the test cell(s) q2_test of the source."


def test_no_submission_in_the_gradebook_is_not_graded(rows):
    assert rows["grace"] == rp.Row("grace", "ps1", "not graded", "The gradebook has no submission of ps1 by grace.")


def test_an_automatic_test_without_a_score_is_not_graded(rows):
    # q3_answer, graded by hand, has no score either: that is not a reason.
    assert rows["heidi"] == rp.Row("heidi", "ps1", "not graded",
                                   "The gradebook has no score for the automatic test(s) q2_test.")


def test_a_score_other_than_the_trusted_graders_is_suspicious(rows):
    assert rows["ivan"] == rp.Row("ivan", "ps1", "suspicious",
                                  "The gradebook gives q1_test 2 points, the trusted grader 0.")


def test_a_record_in_the_submitted_notebook_is_suspicious(rows):
    assert rows["judy"].status == "suspicious"
    assert rows["judy"].reason == ("The submitted notebook already carries an advsearch record, which only "
                                   "the grader writes.")


def test_a_notebook_flagged_in_the_formgrader_is_suspicious(tmp_path, blank):
    only = {"alice": cases()["alice"]}
    build(blank, tmp_path, only, flagged={"alice"})
    assert rp.report(str(tmp_path), A) == [rp.Row("alice", "ps1", "suspicious", "It is flagged in the formgrader.")]


def test_a_course_without_a_gradebook_is_not_graded_and_gets_none(tmp_path):
    write(tmp_path / "submitted" / "alice" / A / f"{A}.ipynb", notebook())
    write(tmp_path / "autograded" / "alice" / A / f"{A}.ipynb", notebook(record=trusted("alice")))
    assert rp.report(str(tmp_path), A) == [
        rp.Row("alice", "ps1", "not graded", "The course has no gradebook (gradebook.db), so no score was recorded.")]
    assert not (tmp_path / "gradebook.db").exists()


def test_a_broken_autograded_notebook_is_not_graded(tmp_path, blank):
    build(blank, tmp_path, {"alice": cases()["alice"]})
    (tmp_path / "autograded" / "alice" / A / f"{A}.ipynb").write_text("{ not json")
    [row] = rp.report(str(tmp_path), A)
    assert row.status == "not graded" and row.reason.startswith("The autograded notebook cannot be read (")


def test_bad_courses_raise_report_errors(tmp_path):
    with pytest.raises(rp.ReportError, match="no course folder"):
        rp.report(str(tmp_path / "nowhere"), A)
    with pytest.raises(rp.ReportError, match="no submitted/ folder"):
        rp.report(str(tmp_path), A)
    (tmp_path / "submitted" / "alice").mkdir(parents=True)
    with pytest.raises(rp.ReportError, match="nothing was submitted for ps1"):
        rp.report(str(tmp_path), A)
    (tmp_path / "submitted" / "alice" / A).mkdir()
    (tmp_path / "gradebook.db").write_text("not a database at all, just text " * 10)
    with pytest.raises(rp.ReportError, match="cannot read the gradebook"):
        rp.report(str(tmp_path), A)


# ------------------------------------------------------------------ the command

def run(argv, entry=rp.main):
    out, err = io.StringIO(), io.StringIO()
    code = entry(argv, stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_main_prints_the_table_and_exits_1_when_anything_is_wrong(course):
    code, out, err = run([A, "--course", str(course)])
    assert (code, err) == (1, "")
    lines = out.splitlines()
    assert lines[0].split() == ["student", "notebook", "status", "reason"]
    assert lines[1].split() == ["alice", "ps1", "graded"]
    assert lines[2].split()[:4] == ["bob", "ps1", "not", "graded"] and lines[2].endswith(NO_AUTOGRADED)
    assert lines[-1] == "10 submissions: 1 graded, 5 not graded, 4 suspicious"
    assert len(lines) == 1 + 10 + 1


def test_main_exits_0_when_everything_is_graded(tmp_path, blank, monkeypatch):
    build(blank, tmp_path, {s: cases()["alice"][:1] + (notebook(record=trusted(s)), True, dict(TESTS))
                     for s in ("alice", "zoe")})
    monkeypatch.chdir(tmp_path)                           # --course defaults to the current folder
    code, out, err = run([A])
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == "2 submissions: 2 graded, 0 not graded, 0 suspicious"


def test_the_cli_runs_the_report(course):
    code, out, err = run(["grading", "report", A, "--course", str(course)], entry=cli.main)
    assert (code, err) == (1, "")
    assert out.splitlines()[-1] == "10 submissions: 1 graded, 5 not graded, 4 suspicious"


@pytest.mark.parametrize("argv, message", [
    (["grading", "report", A, "--course", "/no/such/course"], "advsearch grading report: error: no course folder "
                                                               "/no/such/course"),
    (["grading", "report", "ps9", "--course", "{course}"], "advsearch grading report: error: nothing was "
                                                          "submitted for ps9: no folder "),
    (["grading", "report", A, "--course", "{course}/submitted"], "advsearch grading report: error: no "
                                                                "submitted/ folder in "),
    (["grading", "report"], "advsearch grading report: error: the following arguments are required: ASSIGNMENT"),
    (["grading", "mark", A], "advsearch grading: error: argument COMMAND: invalid choice: 'mark'"),
])
def test_bad_input_is_a_one_line_error(course, argv, message):
    code, out, err = run([a.format(course=course) for a in argv], entry=cli.main)
    assert code == 2 and out == ""
    error = [line for line in err.splitlines() if not line.startswith("usage:")]
    assert len(error) == 1 and error[0].startswith(message)
    assert "Traceback" not in err


def test_the_grading_command_alone_shows_its_help():
    code, out, err = run(["grading"], entry=cli.main)
    assert code == 2 and err == ""
    assert "report" in out and "advsearch grading report ps1" in out


def test_help_lists_every_command():
    code, out, err = run(["--help"], entry=cli.main)
    assert code == 0 and err == ""
    commands = out.split("\n  COMMAND\n", 1)[1].split("\n\n", 1)[0]
    listed = [line.split()[0] for line in commands.splitlines() if line.startswith("    ") and line[4] != " "]
    assert listed == ["play", "tournament", "exam", "grading", "contest", "practice"]


def test_report_help():
    code, out, err = run(["grading", "report", "--help"], entry=cli.main)
    assert code == 0 and err == ""
    assert out.startswith("usage: advsearch grading report [-h] [--course DIR] ASSIGNMENT")


# ------------------------------------------------------------------ the export plugin

def export(course, tmp_path, **config):
    """Run nbgrader's ExportApp on ``course`` as nbgrader_config.py would configure it; the CSV's rows."""
    from nbgrader.apps.exportapp import ExportApp
    from traitlets.config import Config
    c = Config()
    c.CourseDirectory.root = str(course)
    c.CourseDirectory.course_id = "advsearch"
    c.CourseDirectory.db_url = f"sqlite:///{course / 'gradebook.db'}"
    c.ExportApp.plugin_class = "advsearch.autograde.report.FlaggedCsvExport"
    dest = tmp_path / "grades.csv"
    c.ExportPlugin.to = str(dest)
    for key, value in config.items():
        setattr(c.ExportPlugin, key, value)
    app = ExportApp(config=c)
    app.initialize([])
    app.start()
    with open(dest, newline="") as f:
        return list(csv.reader(f))


def test_the_export_adds_status_and_reason(tmp_path, blank):
    students = {s: cases()[s] for s in ("alice", "bob", "carol")}
    course = build(blank, tmp_path / "course", students, extra_students=["gina"])
    write(course / "submitted" / "mallory" / A / f"{A}.ipynb", notebook())       # not in the gradebook
    header, *lines = export(course, tmp_path)
    assert header == ["assignment", "duedate", "timestamp", "student_id", "last_name", "first_name", "email",
                      "raw_score", "late_submission_penalty", "score", "max_score", "status", "reason"]
    by_id = {line[3]: dict(zip(header, line)) for line in lines}
    assert sorted(by_id) == ["alice", "bob", "carol", "gina", "mallory"]
    assert (by_id["alice"]["status"], by_id["alice"]["reason"], by_id["alice"]["score"]) == ("graded", "", "5.0")
    assert by_id["alice"]["last_name"] == "Example, Jr."                  # a comma stays inside its field
    assert (by_id["bob"]["status"], by_id["bob"]["reason"], by_id["bob"]["score"]) == ("not graded", NO_AUTOGRADED,
                                                                                       "0.0")
    assert by_id["carol"]["status"] == "suspicious"
    assert by_id["carol"]["reason"] == "The trusted grader flagged: declares STUDENT_ID 'alice'."
    assert (by_id["gina"]["status"], by_id["gina"]["reason"], by_id["gina"]["score"]) == ("no submission", "", "0.0")
    assert by_id["mallory"]["status"] == "not graded"
    assert by_id["mallory"]["reason"].startswith("The student is not in the gradebook. ")
    assert all(line["max_score"] == "7.0" and line["assignment"] == "ps1" for line in by_id.values())


def test_the_export_keeps_nbgraders_student_filter(tmp_path, blank):
    course = build(blank, tmp_path / "course", {s: cases()[s] for s in ("alice", "bob")})
    header, *lines = export(course, tmp_path, student=["bob"])
    assert [(line[3], line[-2]) for line in lines] == [("bob", "not graded")]
