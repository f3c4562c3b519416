"""Tests of advsearch.exam: the sheets are written, the same inputs give the same bytes, and the key is right."""

import csv
import io
import os
import re
import shutil
import subprocess
import sys
from fractions import Fraction

import pytest

import advsearch as ads
from advsearch import CHANCE, MAX, check, exam


ROSTER = "student_id,first_name,last_name\nalice,Alice,Liddell\nbob,Bob,\nc_3,Carl & Co,Ltd_\n"


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    d = tmp_path_factory.mktemp("exam")
    (d / "roster.csv").write_text(ROSTER)
    files = exam.write_exam(d / "roster.csv", seed="final-2025", out=d / "out")
    return d, files


def _pages(path) -> int:
    return len(re.findall(rb"/Type\s*/Page\b", open(path, "rb").read()))


def test_files_written(written):
    d, files = written
    out = d / "out"
    assert sorted(os.listdir(out / "sheets")) == sorted(f"{who}.{kind}" for who in ("alice", "bob", "c_3")
                                                        for kind in ("pdf", "tex", "txt"))
    assert files["key_csv"] == str(out / "answer_key.csv") and files["key_pdf"] == str(out / "answer_key.pdf")
    for pdf in files["sheets"]:
        data = open(pdf, "rb").read()
        assert data.startswith(b"%PDF") and b"/CreationDate" not in data
        assert _pages(pdf) == 1
    assert _pages(files["key_pdf"]) == 2 * 3
    assert b"/CreationDate" not in open(files["key_pdf"], "rb").read()


def test_tex_sheets(written):
    d, files = written
    tex = open(d / "out" / "sheets" / "c_3.tex", encoding="utf-8").read()
    assert tex.startswith(r"\documentclass") and tex.rstrip().endswith(r"\end{document}")
    assert tex.count(r"\begin{tikzpicture}") == 2
    assert r"Carl \& Co Ltd\_ (c\_3)" in tex                       # escaped for LaTeX
    q = exam.questions("c_3", "final-2025")
    assert ads.to_tikz(q.alphabeta.tree).strip() in tex and q.version in tex


def test_text_sheets_are_the_paper_in_words(written):
    """The plain-text paper: every question, and each tree in text form with every leaf's value, checked
    against the student's own trees."""
    d, files = written
    assert files["text"] == [str(d / "out" / "sheets" / f"{who}.txt") for who in ("alice", "bob", "c_3")]
    text = open(d / "out" / "sheets" / "bob.txt", encoding="utf-8").read()
    q = exam.questions("bob", "final-2025")
    flat = " ".join(text.split())
    for block in exam._question_texts(q):
        for line in block:
            assert " ".join(line.split()) in flat
    for t in (q.alphabeta.tree, q.chance_tree):
        assert f"The tree in text form: {t}" in flat
        assert flat.count("leaf, value") >= sum(1 for _ in t.leaves())
    assert q.version in text and "bob" in text


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_tex_sheet_compiles(written, tmp_path):
    d, _ = written
    shutil.copy(d / "out" / "sheets" / "alice.tex", tmp_path)
    proc = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "alice.tex"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout[-2000:]
    assert (tmp_path / "alice.pdf").exists()


def test_same_inputs_same_bytes(written, tmp_path):
    d, files = written
    again = exam.write_exam(d / "roster.csv", seed="final-2025", out=tmp_path)
    for a, b in zip(files["sheets"] + files["tex"] + [files["key_csv"], files["key_pdf"]],
                    again["sheets"] + again["tex"] + [again["key_csv"], again["key_pdf"]]):
        assert open(a, "rb").read() == open(b, "rb").read(), os.path.basename(a)


def test_same_bytes_in_another_process(written, tmp_path):
    d, files = written
    code = (f"from advsearch import exam; exam.write_exam({str(d / 'roster.csv')!r}, seed='final-2025', "
            f"out={str(tmp_path)!r})")
    subprocess.run([sys.executable, "-c", code], check=True, env={**os.environ, "PYTHONHASHSEED": "99"})
    for name in ("answer_key.csv", "answer_key.pdf", os.path.join("sheets", "bob.pdf")):
        assert open(d / "out" / name, "rb").read() == open(tmp_path / name, "rb").read(), name


def test_students_and_seeds_differ():
    a, b = exam.questions("alice", 1), exam.questions("bob", 1)
    assert a.alphabeta.tree != b.alphabeta.tree and a.chance_tree != b.chance_tree and a.version != b.version
    assert exam.questions("alice", 2).alphabeta.tree != a.alphabeta.tree
    assert exam.questions("alice", 1).key == a.key


# ------------------------------------------------------------------ the key, checked independently


def _expecti(node, f=lambda v: v):
    """Expectiminimax by plain recursion, with exact fractions: an oracle independent of the package."""
    if not node.children:
        return Fraction(f(node.value))
    kids = [_expecti(c, f) for c in node.children]
    if node.player == CHANCE:
        return sum(Fraction(p) * v for p, v in zip(node.probs, kids))
    return max(kids) if node.player == MAX else min(kids)


def _parse_value(text):
    return Fraction(text.split(" (")[0])


def _key_rows(written):
    d, files = written
    return list(csv.DictReader(open(files["key_csv"], encoding="utf-8")))


def test_answer_key_columns(written):
    rows = _key_rows(written)
    assert [r["student_id"] for r in rows] == ["alice", "bob", "c_3"]
    assert [r["name"] for r in rows] == ["Alice Liddell", "Bob", "Carl & Co Ltd_"]
    assert list(rows[0]) == list(exam.KEY_COLUMNS)


def test_answer_key_alphabeta(written):
    for row in _key_rows(written):
        q = exam.questions(row["student_id"], "final-2025")
        t = q.alphabeta.tree
        mm = ads.minimax(t)
        assert Fraction(row["q1_value"]) == mm.value
        assert t.initial_state.children[mm.move].label == row["q1_move"]
        assert check.pruned(t, row["q1_pruned"].split()).ok                 # the checker agrees
        trace = ads.alphabeta(t, trace=True).trace
        node = t.node(row["q1_node"])
        enter = next(e for e in trace if e.kind == "enter" and e.path == node.path)
        assert any(e.kind == "prune" and e.path == node.path for e in trace)
        fmt = ads.result.format_number
        assert row["q1_alpha_beta"] == f"α = {fmt(enter.alpha)}, β = {fmt(enter.beta)}"


def test_answer_key_expectiminimax(written):
    for row in _key_rows(written):
        q = exam.questions(row["student_id"], "final-2025")
        t = q.chance_tree
        values = dict(item.split(" = ", 1) for item in row["q2_values"].split("; "))
        inner = [n for n in t.nodes() if n.children]
        assert sorted(values) == sorted(n.label for n in inner)
        for n in inner:
            assert _parse_value(values[n.label]) == _expecti(n), n.label
        root = t.initial_state
        best = max(range(len(root.children)), key=lambda i: (_expecti(root.children[i]), -i))
        assert root.children[best].label == row["q2_move"]
        assert _parse_value(row["q2_value"]) == _expecti(root) == ads.expectiminimax(t).value
        squared = dict(item.split(" = ", 1) for item in row["q2_squared_values"].split("; "))
        for label, text in squared.items():
            assert _parse_value(text) == _expecti(t.node(label), lambda v: v * v)
        best2 = max(range(len(root.children)), key=lambda i: (_expecti(root.children[i], lambda v: v * v), -i))
        assert root.children[best2].label == row["q2_squared_move"]
        assert row["q2_move_changes"] == ("yes" if best2 != best else "no")


def test_chance_trees_are_easy_to_add_up():
    for s in ("alice", "bob", "carol", "dave"):
        t = exam.questions(s, "x").chance_tree
        assert all(Fraction(p).denominator in (1, 2, 3, 4) for n in t.nodes() if n.probs for p in n.probs)
        assert t.initial_state.player == MAX and t.height == 4


def test_both_answers_to_squaring_occur():
    answers = {exam.questions(f"s{i}", "x").key["q2_move_changes"] for i in range(12)}
    assert answers == {"yes", "no"}


# ------------------------------------------------------------------ rosters and the command


def test_read_roster_variants(tmp_path):
    assert exam.read_roster(io.StringIO("id,name\n a , Ann \n")) == [("a", "Ann")]
    p = tmp_path / "r.csv"
    p.write_bytes("\ufeffstudent_id\nx\ny\n".encode("utf-8"))            # a BOM, as spreadsheets write
    assert exam.read_roster(p) == [("x", ""), ("y", "")]
    with pytest.raises(ValueError, match="needs a 'student_id'"):
        exam.read_roster(io.StringIO("name\nAnn\n"))
    with pytest.raises(ValueError, match="appears twice"):
        exam.read_roster(io.StringIO("id\na\na\n"))
    with pytest.raises(ValueError, match="empty"):
        exam.read_roster(io.StringIO("id,name\n,Ann\n"))
    with pytest.raises(ValueError, match="no students"):
        exam.read_roster(io.StringIO("id\n"))


def test_file_name_clash(tmp_path):
    with pytest.raises(ValueError, match="both make the file name"):
        exam.write_exam(["a/b", "a_b"], seed=1, out=tmp_path)
    with pytest.raises(ValueError, match="no students"):
        exam.write_exam([], seed=1, out=tmp_path)


def test_main(tmp_path, capsys):
    (tmp_path / "roster.csv").write_text("student_id\nzoe\n")
    assert exam.main(["--roster", str(tmp_path / "roster.csv"), "--seed", "3", "--out", str(tmp_path / "o")]) == 0
    assert "wrote 1 exam sheet" in capsys.readouterr().out
    assert (tmp_path / "o" / "sheets" / "zoe.pdf").exists()
    assert exam.main(["--roster", str(tmp_path / "missing.csv"), "--seed", "3", "--out", str(tmp_path / "o")]) == 2
    assert capsys.readouterr().err == f"advsearch exam: the roster {tmp_path / 'missing.csv'} cannot be opened: " \
                                      f"No such file or directory\n"
    assert exam.main(["--seed", "3"]) == 2
    assert "the following arguments are required: --roster, --out" in capsys.readouterr().err
