"""Exam papers for awkward rosters: names matplotlib would read as mathematics, and ids that cannot be file names.

The names are drawn by the real exam generation; the ids are refused, with a
message naming them, before anything is written.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from advsearch import exam

#: Names (and a title) that matplotlib's mathtext would parse: '$$' is a parse error that stopped the whole run.
ODD_NAMES = ["$$", "Ann $\\frac{1}{0}$ Lee", "x^2_y \\alpha $"]
ODD_TITLE = "Exam $$ 50% off_^"


def _pdf(path) -> bytes:
    data = open(path, "rb").read()
    assert data.startswith(b"%PDF") and data.rstrip().endswith(b"%%EOF")
    return data


@pytest.fixture(scope="module")
def odd(tmp_path_factory):
    out = tmp_path_factory.mktemp("odd")
    roster = [(f"s{i}", name) for i, name in enumerate(ODD_NAMES)]
    return out, exam.write_exam(roster, seed="odd", out=out, title=ODD_TITLE)


def test_names_with_mathtext_characters_make_every_sheet_and_the_key(odd):
    out, written = odd
    assert sorted(os.listdir(out / "sheets")) == [f"s{i}.{kind}" for i in range(3) for kind in ("pdf", "tex", "txt")]
    for path, name in zip(written["text"], ODD_NAMES):
        text = open(path, encoding="utf-8").read()
        assert name in text and ODD_TITLE in text                    # as written, not as TeX or mathtext
    for path in written["sheets"] + [written["key_pdf"]]:
        _pdf(path)
    rows = open(written["key_csv"], encoding="utf-8").read()
    assert all(name in rows for name in ODD_NAMES)


def test_names_are_drawn_exactly_as_typed():
    q = exam.questions("s0", seed="odd")
    for name in ODD_NAMES:
        fig = exam._sheet_figure(q, name, ODD_TITLE)
        shown = {t.get_text(): t for t in fig.texts}
        assert f"Student: {name}  (s0)" in shown and ODD_TITLE in shown
        assert not shown[f"Student: {name}  (s0)"].get_parse_math()
        fig.canvas.draw()                         # mathtext would raise here for "$$"
        for page in exam._key_pages(q, name, ODD_TITLE):
            heading = next(t for t in page.texts if t.get_text().startswith(f"{name} (s0) · version {q.version} · "))
            assert not heading.get_parse_math()
            page.canvas.draw()


def test_the_tex_sheet_escapes_the_name(odd):
    out, _ = odd
    tex = (out / "sheets" / "s0.tex").read_text(encoding="utf-8")
    assert r"Student: \$\$ (s0)" in tex and r"Exam \$\$ 50\% off\_\textasciicircum{}" in tex


def test_the_command_writes_sheets_for_a_roster_of_odd_names(tmp_path, capsys):
    (tmp_path / "roster.csv").write_text("student_id,name\nzoe,Zoe ^_^ \\ $$\n", encoding="utf-8")
    code = exam.main(["--roster", str(tmp_path / "roster.csv"), "--seed", "3", "--out", str(tmp_path / "o")])
    assert code == 0 and "wrote 1 exam sheet" in capsys.readouterr().out
    _pdf(tmp_path / "o" / "sheets" / "zoe.pdf")


# --- Ids that would overwrite each other's files, or are not file names. ---

@pytest.mark.parametrize("ids, message", [
    (["Alice", "alice"], r"the student ids 'Alice' and 'alice' make the file names 'Alice' and 'alice', which are "
                         r"one file on macOS and Windows \(they ignore case\); make the ids differ in more than case"),
    (["bob", "ann", "BOB"], r"'bob' and 'BOB'"),
    (["Bob Smith", "bob_smith"], r"'Bob Smith' and 'bob_smith' make the file names 'Bob_Smith' and 'bob_smith'"),
    (["a/b", "a_b"], r"the student ids 'a/b' and 'a_b' both make the file name 'a_b'"),
    (["zoe", "zoe"], r"the student id 'zoe' appears twice"),
])
def test_ids_that_make_one_file_are_refused_naming_both(tmp_path, ids, message):
    with pytest.raises(ValueError, match=message):
        exam.write_exam(ids, seed=1, out=tmp_path / "out")
    assert not (tmp_path / "out").exists()                     # nothing is written


@pytest.mark.parametrize("sid, problem", [
    ("../evil", r"it has a path separator \('/' or '\\'\)"),
    ("a\\b", r"it has a path separator"),
    ("..", r"it is only dots, which name folders"),
    (".", r"it is only dots"),
    ("", r"it is empty"),
    ("   ", r"it is empty"),
])
def test_ids_that_are_not_file_names_are_refused(tmp_path, sid, problem):
    with pytest.raises(ValueError, match=rf"the student id {re.escape(repr(sid))} cannot name a file: {problem}"):
        exam.write_exam(["alice", sid], seed=1, out=tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_the_command_refuses_ids_that_differ_only_in_case(tmp_path, capsys):
    (tmp_path / "roster.csv").write_text("student_id,name\nAlice,Alice A\nalice,Alice B\n", encoding="utf-8")
    code = exam.main(["--roster", str(tmp_path / "roster.csv"), "--seed", "3", "--out", str(tmp_path / "o")])
    printed = capsys.readouterr().err
    assert code == 2 and printed.startswith("advsearch exam: the student ids 'Alice' and 'alice'")
    assert "Traceback" not in printed and not (tmp_path / "o").exists()


# --- Rosters that are not a CSV file: each refused in one line, at once. ---

def one_line_error(argv) -> str:
    """The command's error, run as the instructor runs it (a process of its own, which must end)."""
    done = subprocess.run([sys.executable, "-m", "advsearch", "exam", *argv], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1, done.stderr
    return done.stderr


def test_a_device_as_roster_is_refused_at_once_not_read_forever(tmp_path):
    err = one_line_error(["--roster", "/dev/zero", "--seed", "1", "--out", str(tmp_path / "o")])
    assert err == "advsearch exam: the roster /dev/zero is not a regular file (a device, a pipe or a socket); " \
                  "name a CSV file\n"
    assert not (tmp_path / "o").exists()


def test_a_folder_or_a_named_pipe_as_roster_is_refused(tmp_path):
    err = one_line_error(["--roster", str(tmp_path), "--seed", "1", "--out", str(tmp_path / "o")])
    assert err == f"advsearch exam: the roster {tmp_path} is a folder; name a CSV file\n"
    os.mkfifo(tmp_path / "roster.csv")                         # nobody writes to it: reading it would wait for ever
    with pytest.raises(ValueError, match="is not a regular file"):
        exam.read_roster(tmp_path / "roster.csv")


def test_out_naming_a_file_is_one_line(tmp_path):
    (tmp_path / "roster.csv").write_text("student_id\nzoe\n")
    (tmp_path / "file").write_text("the instructor's")
    err = one_line_error(["--roster", str(tmp_path / "roster.csv"), "--seed", "1", "--out", str(tmp_path / "file")])
    assert err == f"advsearch exam: the folder {tmp_path}/file/sheets cannot be made (Not a directory); " \
                  f"name a folder for --out\n"
    assert (tmp_path / "file").read_text() == "the instructor's"


def test_a_roster_too_big_or_not_text_is_refused(tmp_path):
    big = tmp_path / "big.csv"
    with open(big, "w") as f:
        f.write("student_id\n")
        f.truncate(exam.MAX_ROSTER_BYTES + 1)
    with pytest.raises(ValueError, match=f"bigger than {exam.MAX_ROSTER_BYTES >> 20} MiB"):
        exam.read_roster(big)
    with pytest.raises(ValueError, match="bigger than"):
        exam.read_roster(io.StringIO("student_id\n" + "x" * exam.MAX_ROSTER_BYTES))
    (tmp_path / "latin1.csv").write_bytes("student_id\nzoë\n".encode("latin-1"))
    with pytest.raises(ValueError, match="is not UTF-8 text"):
        exam.read_roster(tmp_path / "latin1.csv")
    (tmp_path / "long.csv").write_text("student_id\n" + "x" * 200_000 + "\n")     # over csv's field limit
    err = one_line_error(["--roster", str(tmp_path / "long.csv"), "--seed", "1", "--out", str(tmp_path / "o")])
    assert "long.csv is not a CSV file (field larger than field limit" in err


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
@example(data=b'"a\nb",c\nx,y\n')                      # a column's name on two lines
def test_whatever_a_roster_file_holds_it_is_read_or_refused_with_a_reason(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("roster") / "roster.csv"
    path.write_bytes(data)
    try:
        students = exam.read_roster(path)
    except ValueError as error:
        assert str(error) and "\n" not in str(error)           # the command prints it as one line
        return
    assert students and all(isinstance(sid, str) and sid for sid, _ in students)
