"""Exam sheets: one paper per student, each with its own alpha-beta and expectiminimax trees, and the key.

:func:`write_exam` reads a roster and writes, into one folder:

- ``sheets/<student>.pdf``: the student's exam paper, A4, drawn with
  matplotlib: an alpha-beta question (the root's value and move, the leaves
  never evaluated, the α and β at one node) and an expectiminimax question
  (the value of every node, MAX's move, and whether squaring the utilities
  changes that move);
- ``sheets/<student>.tex``: the same paper as a LaTeX document with the trees
  in TikZ (:func:`advsearch.to_tikz`), for a course that typesets its exams;
- ``sheets/<student>.txt``: the same paper as plain text, each tree given by
  its alternative text (the tree in text form and every node in words), for
  a student who reads with a screen reader or in large print;
- ``answer_key.csv``: one row per student with every answer;
- ``answer_key.pdf``: for each student, the two searches drawn with their
  values, cuts and bounds, and narrated step by step
  (:meth:`advsearch.Trace.narrate`).

Every tree comes from a seed derived from the exam seed and the student id
(:func:`advsearch.grading.student_seed`), so the same roster and seed give
the same papers, byte for byte (the PDFs carry no creation date), and two
students sitting side by side have different trees.  Keep the exam seed to
yourself until the exam: with it, anyone can make the papers.

The command line is :func:`main`: ``advsearch exam --roster roster.csv --seed S --out DIR``.

Examples
--------
>>> from advsearch import exam
>>> q = exam.questions("alice", seed="2025-final")
>>> q.alphabeta.tree == exam.questions("alice", seed="2025-final").alphabeta.tree
True
>>> q.alphabeta.tree == exam.questions("bob", seed="2025-final").alphabeta.tree
False
>>> q.key["q1_node"], q.key["q1_alpha_beta"]        # the node of question 1(c), and its answer
('F', 'α = −∞, β = 3')
"""

from __future__ import annotations

import csv
import hashlib
import io
import os
import random
import re
import stat
import sys
import textwrap
from fractions import Fraction
from types import SimpleNamespace

from . import practice
from .argparsing import USAGE, StreamParser
from .drawing.tikz import to_tikz
from .grading import student_seed
from .result import format_number
from .search import alphabeta, expectiminimax
from .trees import random_tree


#: The columns of ``answer_key.csv``, in order.
KEY_COLUMNS = ("student_id", "name", "version", "q1_value", "q1_move", "q1_pruned", "q1_node", "q1_alpha_beta",
               "q2_values", "q2_value", "q2_move", "q2_squared_values", "q2_squared_move", "q2_move_changes")

#: The biggest roster file read: a line per student, for a class of many thousands.
MAX_ROSTER_BYTES = 4 * 1024 * 1024

_A4 = (8.27, 11.69)                    # inches
_PDF_METADATA = {"CreationDate": None, "ModDate": None, "Creator": "advsearch.exam"}

# ----------------------------------------------------------------------------- the roster


def read_roster(path) -> list:
    """The students of a roster CSV, as ``[(student_id, name), ...]`` in file order.

    The file needs a header row with a ``student_id`` (or ``id``) column; a
    ``name`` column, or ``first_name`` and ``last_name`` (as nbgrader exports
    them), give the name printed on the paper.  It must be a regular file of
    at most :data:`MAX_ROSTER_BYTES` bytes, in UTF-8.

    Raises
    ------
    ValueError
        The roster is not a regular file (a folder, a device, a pipe), is too
        big, is not UTF-8 text or not CSV; no id column, an empty id, or the
        same id twice.

    Examples
    --------
    >>> import io
    >>> read_roster(io.StringIO("student_id,first_name,last_name\\nalice,Alice,Liddell\\nbob,,\\n"))
    [('alice', 'Alice Liddell'), ('bob', '')]
    >>> read_roster("/dev/zero")
    Traceback (most recent call last):
    ...
    ValueError: the roster /dev/zero is not a regular file (a device, a pipe or a socket); name a CSV file
    """
    if hasattr(path, "read"):
        text, where = path.read(MAX_ROSTER_BYTES + 1), "the roster"
        if len(text) > MAX_ROSTER_BYTES:
            raise ValueError(_too_big(where))
    else:
        text, where = _roster_text(path), str(path)
    try:
        rows = list(csv.DictReader(io.StringIO(text, newline="")))
    except csv.Error as error:
        raise ValueError(f"{where} is not a CSV file ({error})") from None
    if not rows:
        raise ValueError(f"{where} has no students (a header row, then one row per student)")
    columns = {c.strip().lower(): c for c in rows[0] if c is not None}
    id_col = columns.get("student_id") or columns.get("id")
    if id_col is None:
        raise ValueError(f"{where} needs a 'student_id' (or 'id') column; its columns are "
                         f"{', '.join(map(repr, columns))}")
    out, seen = [], set()
    for i, row in enumerate(rows, start=2):
        sid = (row.get(id_col) or "").strip()
        if not sid:
            raise ValueError(f"{where}, line {i}: the student id is empty")
        if sid in seen:
            raise ValueError(f"{where}, line {i}: the student id {sid!r} appears twice")
        seen.add(sid)
        if "name" in columns:
            name = (row.get(columns["name"]) or "").strip()
        else:
            parts = [(row.get(columns[c]) or "").strip() for c in ("first_name", "last_name") if c in columns]
            name = " ".join(p for p in parts if p)
        out.append((sid, name))
    return out


def _roster_text(path) -> str:
    """The text of the roster file ``path``: a regular file (never a pipe or a device, which could be read
    forever), at most :data:`MAX_ROSTER_BYTES` bytes, in UTF-8 (a byte-order mark is dropped)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as error:
        raise ValueError(f"the roster {path} cannot be opened: {error.strerror}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = "a folder" if stat.S_ISDIR(mode) else "not a regular file (a device, a pipe or a socket)"
            raise ValueError(f"the roster {path} is {kind}; name a CSV file")
        with open(fd, "rb", closefd=False) as f:
            data = f.read(MAX_ROSTER_BYTES + 1)
    finally:
        os.close(fd)
    if len(data) > MAX_ROSTER_BYTES:
        raise ValueError(_too_big(f"the roster {path}"))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ValueError(f"the roster {path} is not UTF-8 text (byte {error.start} is not); save it as UTF-8 "
                         f"CSV") from None


def _too_big(where) -> str:
    return f"{where} is bigger than {MAX_ROSTER_BYTES >> 20} MiB; a roster is one short line per student"


# ----------------------------------------------------------------------------- the questions


def _nice(t) -> bool:
    """Every chance probability is a half, a third or a quarter (or several): easy to add up by hand."""
    return all(Fraction(p).denominator in (1, 2, 3, 4) for n in t.nodes() if n.probs for p in n.probs)


def _map_leaves(t, f):
    """The tree ``t`` with every leaf value ``v`` replaced by ``f(v)``; labels and probabilities kept."""
    return t.with_values({leaf.path: f(leaf.value) for leaf in t.leaves()})


def _inner_values(t) -> dict:
    """``{label: value}`` of every labelled inner node, level by level (A, B, C, ...), from :meth:`Tree.values`."""
    values = t.values()
    nodes = sorted(t.nodes(), key=lambda n: (len(n.path), n.path))
    return {n.label: values[n.path] for n in nodes if n.children and n.label}


def _label_of_move(t, move) -> str:
    child = t.initial_state.children[move]
    return child.label or f"child {move}"


def _fmt(x) -> str:
    """A value as the key writes it: 3, -2, 157/80 (1.9625)."""
    if isinstance(x, Fraction) and x.denominator != 1:
        return f"{x.numerator}/{x.denominator} ({float(x):.4g})"
    return format_number(x)


def questions(student: str, seed) -> SimpleNamespace:
    """One student's exam: the trees, the answers, and the searches behind them.

    Parameters
    ----------
    student : str
        The student id.
    seed : int or str
        The exam's seed.

    Returns
    -------
    types.SimpleNamespace
        ``alphabeta`` (a :func:`advsearch.practice.alphabeta` exercise of 3
        plies, leaves 0..9, with an α-cut and a β-cut), ``ab`` (its traced
        alpha-beta), ``node`` (the label of the node asked about in (c):
        the first node that cuts), ``chance_tree`` (2 decision plies with a
        chance level below each, 2 children a node, probabilities in halves,
        thirds and quarters), ``em`` and ``em_squared`` (traced
        expectiminimax of it, and of it with every leaf squared), ``version``
        (a short code printed on the paper and the key) and ``key`` (the
        answers, as strings by :data:`KEY_COLUMNS`).

    Examples
    --------
    >>> q = questions("alice", 7)
    >>> q.key["q1_value"] == str(q.ab.value), q.em.value == q.key_values["A"]
    (True, True)
    """
    base = student_seed(str(student), "exam", str(seed))
    ex = practice.alphabeta(seed=f"{base}:alphabeta", depth=3, branching=(2, 3), alpha_cuts=1, beta_cuts=1,
                            low=0, high=9)
    ab = alphabeta(ex.tree, trace=True)
    first_cut = next(e for e in ab.trace if e.kind == "prune")
    node = ex.tree.node(first_cut.path)
    enter = next(e for e in ab.trace if e.kind == "enter" and e.path == first_cut.path)

    rng = random.Random(f"{base}:chance")
    want_change = rng.random() < 0.5
    fallback = None
    for _ in range(2000):
        t = random_tree(2, 2, seed=rng.getrandbits(64), chance=True, low=0, high=9, labels=True)
        if not _nice(t):
            continue
        em = expectiminimax(t, trace=True)
        squared = _map_leaves(t, lambda v: v * v)
        em2 = expectiminimax(squared, trace=True)
        fallback = fallback or (t, squared, em, em2)
        if (em.move != em2.move) == want_change:
            break
    else:                                           # pragma: no cover - a change is found within a few draws
        t, squared, em, em2 = fallback
    values, values2 = _inner_values(t), _inner_values(squared)

    pruned = [ex.tree.node(path).label for path in ab.trace.unvisited_leaves()]
    version = hashlib.sha256(f"{ex.tree}|{t}".encode()).hexdigest()[:6].upper()
    key = {
        "version": version,
        "q1_value": format_number(ab.value),
        "q1_move": _label_of_move(ex.tree, ab.move),
        "q1_pruned": " ".join(pruned),
        "q1_node": node.label,
        "q1_alpha_beta": f"α = {format_number(enter.alpha)}, β = {format_number(enter.beta)}",
        "q2_values": "; ".join(f"{k} = {_fmt(v)}" for k, v in values.items()),
        "q2_value": _fmt(em.value),
        "q2_move": _label_of_move(t, em.move),
        "q2_squared_values": "; ".join(f"{k} = {_fmt(values2[k])}" for k in ("B", "C") if k in values2),
        "q2_squared_move": _label_of_move(t, em2.move),
        "q2_move_changes": "yes" if em.move != em2.move else "no",
    }
    return SimpleNamespace(student=str(student), alphabeta=ex, ab=ab, node=node.label, chance_tree=t, em=em,
                           em_squared=em2, version=version, key=key, key_values=values)


# ----------------------------------------------------------------------------- the paper


def _question_texts(q) -> tuple:
    n1 = sum(1 for _ in q.alphabeta.tree.leaves())
    one = (
        "Question 1 (alpha-beta).  MAX moves at A; MIN and MAX alternate below; the numbers are MAX's "
        f"utilities ({n1} leaves).  Search the tree with alpha-beta, children left to right, cutting when "
        "v ≥ β at a MAX node and v ≤ α at a MIN node.",
        "(a) What is the minimax value of A, and which child should MAX choose?",
        "(b) Which leaves does alpha-beta never evaluate? Name them by label (e2 is E's second child).",
        f"(c) With which values of α and β does alpha-beta enter node {q.node}?",
    )
    two = (
        "Question 2 (expectiminimax).  MAX moves at A, then chance (○), then MIN, then chance again; the "
        "probabilities are on the edges and the numbers are MAX's utilities.",
        "(a) Compute the expectiminimax value of every named node.",
        "(b) Which child should MAX choose at A?",
        "(c) Replace every utility u by u². Does MAX's choice at A change? Show the new values of B and C.",
    )
    return one, two


def _wrap(text, width=100):
    return "\n".join(textwrap.wrap(text, width))


def _sheet_text(q, name, title, figure) -> str:
    """The paper of :func:`_sheet_figure` as plain text: its words, and each tree by the figure's alt text."""
    from .drawing.mpl.alt import ATTRIBUTE

    trees = [getattr(ax, ATTRIBUTE) for ax in figure.axes]
    who = f"{name}  ({q.student})" if name else q.student
    lines = [title, f"Student: {who}", f"Version {q.version}", ""]
    for block, tree in zip(_question_texts(q), trees):
        lines += [_wrap(block[0]), "", _wrap(tree), "", *(_wrap(line) for line in block[1:]), ""]
    return "\n".join(lines)


def _sheet_figure(q, name, title):
    from matplotlib.figure import Figure

    from .drawing.mpl import draw

    fig = Figure(figsize=_A4)
    one, two = _question_texts(q)
    _as_typed(fig, 0.06, 0.965, title, fontsize=13, weight="bold", va="top")
    who = f"{name}  ({q.student})" if name else q.student
    _as_typed(fig, 0.06, 0.94, f"Student: {who}", fontsize=10, va="top")
    fig.text(0.94, 0.94, f"Version {q.version}", fontsize=10, va="top", ha="right", family="monospace")
    fig.text(0.06, 0.915, "Write your answers on this sheet. Show your working next to the trees.",
             fontsize=8.5, va="top", style="italic")

    y = 0.89
    for block, t in ((one, q.alphabeta.tree), (two, q.chance_tree)):
        fig.text(0.06, y, _wrap(block[0]), fontsize=9, va="top")
        y -= 0.012 * (1 + _wrap(block[0]).count("\n")) + 0.01
        ax = fig.add_axes((0.05, y - 0.23, 0.9, 0.23))
        draw(t, ax=ax, fontsize=10)
        y -= 0.23 + 0.012
        for line in block[1:]:
            fig.text(0.06, y, _wrap(line), fontsize=9, va="top")
            y -= 0.046
        y -= 0.005
    fig.text(0.5, 0.012, f"advsearch exam · version {q.version}", fontsize=7, ha="center", color="0.4")
    return fig


def _as_typed(fig, x, y, text, **style):
    """Draw ``text`` with a name, an id or the title in it exactly as typed.

    matplotlib reads text between two '$' as mathematics (mathtext), so a name
    such as "$$" or "a$b^2$" would be typeset, or stop the whole run with a
    parse error; ``parse_math=False`` draws every character as it is.
    """
    return fig.text(x, y, text, parse_math=False, **style)


def _tex_escape(text: str) -> str:
    table = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
             "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}
    out = "".join(table.get(c, c) for c in text)
    return (out.replace("α", r"$\alpha$").replace("β", r"$\beta$").replace("≥", r"$\ge$").replace("≤", r"$\le$")
            .replace("u²", r"$u^2$").replace("○", r"$\circ$"))


def _sheet_tex(q, name, title) -> str:
    one, two = _question_texts(q)
    who = f"{name} ({q.student})" if name else q.student
    lines = [
        r"\documentclass[11pt,a4paper]{article}",
        r"\usepackage[utf8]{inputenc}",
        r"\usepackage[margin=2cm]{geometry}",
        r"\usepackage{tikz}",
        r"\usepackage{adjustbox}",
        r"\pagestyle{empty}",
        r"\begin{document}",
        r"\noindent{\large\bfseries " + _tex_escape(title) + r"}\hfill Version \texttt{" + q.version + "}\\\\[2pt]",
        r"Student: " + _tex_escape(who) + r"\\[2pt]",
        r"\emph{Write your answers on this sheet. Show your working next to the trees.}\par",
    ]
    for block, picture in ((one, to_tikz(q.alphabeta.tree)), (two, to_tikz(q.chance_tree))):
        lines += [r"\medskip\noindent " + _tex_escape(block[0]) + r"\par", r"\begin{center}",
                  r"\begin{adjustbox}{max width=\textwidth}", picture.rstrip(), r"\end{adjustbox}",
                  r"\end{center}"]
        lines += [r"\noindent " + _tex_escape(item) + r"\vspace{1.6cm}" + "\n" for item in block[1:]]
    lines += [r"\end{document}", ""]
    return "\n".join(line for line in lines if line != "")


def _key_pages(q, name, title):
    """The answer key for one student: two figures (alpha-beta, expectiminimax), each with its narration."""
    from matplotlib.figure import Figure

    from .drawing.mpl import draw

    pages = []
    who = f"{name} ({q.student})" if name else q.student
    parts = [
        ("Question 1, alpha-beta", q.ab, [f"(a) {q.key['q1_value']}, move to {q.key['q1_move']}",
                                            f"(b) {q.key['q1_pruned'] or 'none'}",
                                            f"(c) at {q.key['q1_node']}: {q.key['q1_alpha_beta']}"]),
        ("Question 2, expectiminimax", q.em, [f"(a) {q.key['q2_values']}",
                                               f"(b) move to {q.key['q2_move']}",
                                               f"(c) squared: {q.key['q2_squared_values']}; best move "
                                               f"{q.key['q2_squared_move']}; changes: {q.key['q2_move_changes']}"]),
    ]
    for heading, result, answers in parts:
        fig = Figure(figsize=_A4)
        _as_typed(fig, 0.06, 0.965, f"{title}: answer key", fontsize=12, weight="bold", va="top")
        _as_typed(fig, 0.06, 0.942, f"{who} · version {q.version} · {heading}", fontsize=9.5, va="top")
        ax = fig.add_axes((0.05, 0.63, 0.9, 0.29))
        draw(result, ax=ax, bounds=result.trace.algorithm == "alphabeta", fontsize=10)
        y = 0.615
        for a in answers:
            wrapped = _wrap(a, 110)
            fig.text(0.06, y, wrapped, fontsize=8.5, va="top", weight="bold")
            y -= 0.016 * (1 + wrapped.count("\n"))
        lines = [f"{i + 1}. {s}" for i, s in enumerate(result.trace.narrate())]
        wrapped = []
        for s in lines:
            wrapped += textwrap.wrap(s, 62, subsequent_indent="    ")
        per_column = max(1, int((y - 0.04) / 0.0105))
        columns = [wrapped[i:i + per_column] for i in range(0, len(wrapped), per_column)]
        size = 6.3 if len(columns) <= 2 else 6.3 * 2 / len(columns)
        width = 0.88 / max(2, len(columns))
        for k, col in enumerate(columns):
            fig.text(0.06 + k * width, y - 0.01, "\n".join(col), fontsize=size, va="top", linespacing=1.25)
        pages.append(fig)
    return pages


# ----------------------------------------------------------------------------- writing it all


def _safe(student: str) -> str:
    """A file name for a student id: letters, digits, '.', '_' and '-' kept, anything else '_'."""
    name = re.sub(r"[^A-Za-z0-9._-]", "_", student).strip(".") or "student"
    return name


def _file_names(students) -> list:
    """The file name of each student's sheets, in roster order; ValueError naming the ids if they cannot be.

    Two ids must not make the same file name, or names that differ only in
    case: macOS and Windows ignore case in file names, so ``Alice.pdf``
    would overwrite ``alice.pdf``.  An id must be a name, not a path: not
    empty, no '/' or '\\', not only dots ('..').

    >>> _file_names([("alice", ""), ("bob smith", "")])
    ['alice', 'bob_smith']
    >>> _file_names([("Alice", ""), ("alice", "")])
    Traceback (most recent call last):
    ...
    ValueError: the student ids 'Alice' and 'alice' make the file names 'Alice' and 'alice', which are one file on macOS and Windows (they ignore case); make the ids differ in more than case
    """
    files = [_safe(sid) for sid, _ in students]
    first = {}
    for i, f in enumerate(files):
        j = first.setdefault(f.casefold(), i)
        if j != i:
            raise ValueError(_clash(students[j][0], files[j], students[i][0], f))
    for sid, _ in students:
        problem = _not_a_name(sid)
        if problem:
            raise ValueError(f"the student id {sid!r} cannot name a file: {problem}; an id is a name such as "
                             f"'alice' or 's1234'")
    return files


def _clash(a, file_a, b, file_b) -> str:
    """Why the ids ``a`` and ``b``, whose files are ``file_a`` and ``file_b``, cannot both be in a roster."""
    if a == b:
        return f"the student id {a!r} appears twice"
    if file_a == file_b:
        return f"the student ids {a!r} and {b!r} both make the file name {file_a!r}"
    return (f"the student ids {a!r} and {b!r} make the file names {file_a!r} and {file_b!r}, which are one file "
            f"on macOS and Windows (they ignore case); make the ids differ in more than case")


def _not_a_name(sid) -> str | None:
    """What makes the id ``sid`` unfit to name a file, or None."""
    if not sid.strip():
        return "it is empty"
    if "/" in sid or "\\" in sid:
        return "it has a path separator ('/' or '\\')"
    if not sid.strip("."):
        return "it is only dots, which name folders"
    return None


def _save_pdf(fig, path):
    buf = io.BytesIO()
    fig.savefig(buf, format="pdf", metadata=_PDF_METADATA)
    with open(path, "wb") as f:
        f.write(buf.getvalue())


def write_exam(roster, seed, out, *, title="Adversarial search: exam") -> dict:
    """Write every student's exam sheet, and the answer key, into the folder ``out``.

    Parameters
    ----------
    roster : str, path, file or list
        A roster CSV (see :func:`read_roster`), or a list of student ids or
        ``(student_id, name)`` pairs.
    seed : int or str
        The exam's seed: the same roster and seed give the same papers.
    out : str or path
        The folder to write into (made if needed).  Existing files of the
        same names are replaced.
    title : str
        The heading of every page.

    Returns
    -------
    dict
        ``{"sheets": [pdf paths], "tex": [tex paths], "text": [txt paths],
        "key_csv": path, "key_pdf": path}``.

    Raises
    ------
    ValueError
        An empty roster; two students whose ids make the same file name, or
        names that differ only in case (one file on macOS and Windows); or
        an id that cannot name a file (empty, with '/' or '\\', or only dots).
        Nothing is written then.  ``out`` cannot be made a folder (it is a file, say).

    Notes
    -----
    About a second a student (two matplotlib pages for the sheet, two for
    the key).  The PDFs carry no creation or modification date, so that the
    same inputs give byte-identical files.

    Examples
    --------
    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as d:
    ...     written = write_exam(["alice"], seed=1, out=d)
    ...     sorted(os.path.relpath(p, d) for p in written["sheets"] + written["tex"])
    ['sheets/alice.pdf', 'sheets/alice.tex']
    """
    from matplotlib.backends.backend_pdf import PdfPages

    if isinstance(roster, (list, tuple)):
        students = [(s, "") if isinstance(s, str) else (str(s[0]), str(s[1])) for s in roster]
    else:
        students = read_roster(roster)
    if not students:
        raise ValueError("the roster has no students")
    files = _file_names(students)
    out = os.fspath(out)
    sheets_dir = os.path.join(out, "sheets")
    try:
        os.makedirs(sheets_dir, exist_ok=True)
    except OSError as error:
        raise ValueError(f"the folder {sheets_dir} cannot be made ({error.strerror}); name a folder for "
                         f"--out") from None

    sheets, texs, texts, rows = [], [], [], []
    key_pdf = os.path.join(out, "answer_key.pdf")
    buf = io.BytesIO()
    with PdfPages(buf, metadata=_PDF_METADATA) as key:
        for (sid, name), file in zip(students, files):
            q = questions(sid, seed)
            base = os.path.join(sheets_dir, file)
            figure = _sheet_figure(q, name, title)
            _save_pdf(figure, base + ".pdf")
            with open(base + ".tex", "w", encoding="utf-8") as f:
                f.write(_sheet_tex(q, name, title))
            with open(base + ".txt", "w", encoding="utf-8") as f:
                f.write(_sheet_text(q, name, title, figure))
            sheets.append(base + ".pdf")
            texs.append(base + ".tex")
            texts.append(base + ".txt")
            for page in _key_pages(q, name, title):
                key.savefig(page)
            rows.append({"student_id": sid, "name": name, **q.key})
    with open(key_pdf, "wb") as f:
        f.write(buf.getvalue())
    key_csv = os.path.join(out, "answer_key.csv")
    with open(key_csv, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=KEY_COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return {"sheets": sheets, "tex": texs, "text": texts, "key_csv": key_csv, "key_pdf": key_pdf}


def main(argv=None, stdout=None, stderr=None) -> int:
    """The command ``advsearch exam --roster roster.csv --seed S --out DIR [--title T]``.

    Returns the exit status: 0, or 2 with a one-line message on ``stderr``
    for a bad command line or a roster, seed or folder that cannot be used.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     open(f"{d}/roster.csv", "w").write("student_id,name\\nalice,Alice\\n") and None
    ...     main(["--roster", f"{d}/roster.csv", "--seed", "7", "--out", f"{d}/exam"])
    wrote 1 exam sheet (PDF and TikZ) and the answer key to .../exam
    0
    """
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    parser = StreamParser(
        prog="advsearch exam", out=stdout, err=stderr,
        description="Write one exam sheet per student, with their own alpha-beta and expectiminimax trees, "
                    "and the answer key.")
    parser.add_argument("--roster", required=True, help="CSV with a student_id column (and name, or "
                                                        "first_name and last_name)")
    parser.add_argument("--seed", required=True, help="the exam's seed; the same seed gives the same papers")
    parser.add_argument("--out", required=True, help="the folder to write sheets/ and answer_key.* into")
    parser.add_argument("--title", default="Adversarial search: exam", help="the heading of every page")
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else USAGE
    try:
        written = write_exam(args.roster, args.seed, args.out, title=args.title)
    except (OSError, ValueError) as e:
        print(f"advsearch exam: {e}", file=stderr)
        return USAGE
    n = len(written["sheets"])
    print(f"wrote {n} exam sheet{'s' if n != 1 else ''} (PDF and TikZ) and the answer key to {args.out}",
          file=stdout)
    return 0
