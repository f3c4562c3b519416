"""``advsearch practice``: seeded exercises on the command line, answers read and checked, errors without tracebacks."""

from __future__ import annotations

import io
import json
import re
import shlex
import struct
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from advsearch import cli, practice, practice_cli
from advsearch.practice_cli import KINDS, KindSpec, main, read_leaves, read_values, register_kind

ROOT = Path(__file__).resolve().parents[1]


def run(*argv, stdin=""):
    """Run ``advsearch practice ARGV`` with ``stdin`` as input: (exit code, output, errors)."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def values_line(key: dict) -> str:
    return " ".join(f"{label}={value}" for label, value in key.items())


def feedback_of(output: str) -> str:
    """What the command printed after the answer line."""
    lines = output.splitlines()
    at = max(i for i, line in enumerate(lines) if line.startswith("Your answer:"))
    return "\n".join(lines[at + 1:])


# --- Listing and showing. ---

def test_list_names_every_kind_once():
    code, out, err = run("--list")
    assert code == 0 and not err
    names = [line.split()[0] for line in out.splitlines()]
    assert names == list(KINDS)
    assert {"minimax", "alphabeta", "expectiminimax", "expectimax", "star1", "maxn", "shallow", "uct"} <= set(names)


@pytest.mark.parametrize("kind, seed", [("alphabeta", "7"), ("minimax", "3")])
def test_the_exercise_is_printed(kind, seed):
    ex = getattr(practice, kind)(seed=int(seed))
    code, out, err = run(kind, "--seed", seed)
    assert f"{kind} exercise (seed {seed})" in out
    assert ex.question in out and str(ex.tree) in out


def test_seeds_reproduce_the_same_tree_and_words_are_seeds():
    first, second = run("alphabeta", "--seed", "7")[1], run("alphabeta", "--seed", "7")[1]
    assert first == second
    assert str(practice.alphabeta(seed="final-2025").tree) in run("alphabeta", "--seed", "final-2025")[1]
    assert run("alphabeta", "--seed", "8")[1] != first


# --- Answers. ---

@pytest.mark.parametrize("seed", [0, 3, 7, "word"])
def test_right_minimax_values_exit_0(seed):
    ex = practice.minimax(seed=seed)
    key = ex.answer_key()
    for answer in (values_line(key), json.dumps(key), ", ".join(f"{k.lower()}: {v}" for k, v in key.items())):
        code, out, err = run("minimax", "--seed", str(seed), stdin=answer + "\n")
        assert code == 0, (answer, out, err)
        assert feedback_of(out).startswith("Correct")


@pytest.mark.parametrize("seed", [1, 7, 12])
def test_right_pruned_leaves_exit_0_by_label_or_by_path(seed):
    ex = practice.alphabeta(seed=seed, alpha_cuts=1)
    labels = ex.answer_key()["pruned"]
    paths = " ".join(_path_text(ex, label) for label in labels)
    for answer in (" ".join(labels), paths, json.dumps(labels), ", ".join(label.upper() for label in labels)):
        code, out, err = run("alphabeta", "--seed", str(seed), "--alpha-cuts", "1", "--answer", answer)
        assert code == 0, (answer, out, err)
        assert feedback_of(out).startswith("Correct")


def _path_text(ex, label):
    node = next(n for n in ex.tree.nodes() if n.label == label)
    return "".join(f"[{a}]" for a in node.path)


def test_a_wrong_answer_exits_1_with_the_checkers_own_feedback():
    ex = practice.minimax(seed=3)
    wrong = {label: value + 1 for label, value in ex.answer_key().items()}
    code, out, err = run("minimax", "--seed", "3", stdin=values_line(wrong) + "\n")
    assert code == 1 and not err
    assert feedback_of(out) == ex.check(wrong).text

    ex = practice.alphabeta(seed=7)
    leaves = [n.label for n in ex.tree.nodes() if not n.children]
    wrong = [leaf for leaf in leaves if leaf not in ex.answer_key()["pruned"]][:2]
    code, out, err = run("alphabeta", "--seed", "7", "--answer", " ".join(wrong))
    assert code == 1 and not err
    assert feedback_of(out) == ex.check(wrong).text


@pytest.mark.parametrize("stdin", ["", "\n", "   \n"])
def test_no_answer_is_not_answered_yet(stdin):
    for kind in ("minimax", "alphabeta"):
        code, out, err = run(kind, "--seed", "7", stdin=stdin)
        assert code == 1 and not err
        assert feedback_of(out).startswith("Not answered yet")


def test_none_says_nothing_is_pruned():
    ex = practice.alphabeta(seed=7)
    code, out, _ = run("alphabeta", "--seed", "7", "--answer", "none")
    assert feedback_of(out) == ex.check([]).text
    assert code == (0 if ex.check([]).ok else 1)


def test_options_reach_the_generator():
    ex = practice.alphabeta(seed=2, depth=4, branching=(2, 3), alpha_cuts=2, beta_cuts=1)
    code, out, _ = run("alphabeta", "--seed", "2", "--depth", "4", "--branching", "2-3", "--alpha-cuts", "2",
                       "--beta-cuts", "1", "--answer", " ".join(ex.answer_key()["pruned"]))
    assert code == 0 and str(ex.tree) in out
    ex = practice.alphabeta(seed=3, depth=4, deep_cutoffs=True, prune_on_equal=False)
    code, out, _ = run("alphabeta", "--seed", "3", "--depth", "4", "--deep-cutoffs", "--prune-on-equal", "no",
                       "--answer", " ".join(ex.answer_key()["pruned"]))
    assert code == 0 and str(ex.tree) in out and "no cut on equality" in out
    ex = practice.minimax(seed=5, depth=3, branching=2, ties=True)
    code, out, _ = run("minimax", "--seed", "5", "--depth", "3", "--branching", "2", "--ties",
                       "--answer", values_line(ex.answer_key()))
    assert code == 0 and str(ex.tree) in out


# --- The solution and the drawing. ---

@pytest.mark.parametrize("kind", ["minimax", "alphabeta"])
def test_solution_is_printed_without_reading_input(kind):
    ex = getattr(practice, kind)(seed=7)

    class Unreadable(io.StringIO):
        def readline(self, *args):
            raise AssertionError("--solution must not read the answer")

    out, err = io.StringIO(), io.StringIO()
    code = main([kind, "--seed", "7", "--solution"], stdin=Unreadable(), stdout=out, stderr=err)
    assert code == 0 and not err.getvalue()
    assert ex.solution().text in out.getvalue()


def _png_size(path: Path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG file"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize("extra", [[], ["--solution"]])
def test_png_writes_a_picture(tmp_path, extra):
    path = tmp_path / "tree.png"
    code, out, err = run("alphabeta", "--seed", "7", "--png", str(path), *extra)
    assert code == (0 if extra else 1), err
    assert f"Drawing written to {path}" in out
    width, height = _png_size(path)
    assert 100 < width < 5000 and 50 < height < 5000
    from PIL import Image

    described = Image.open(path).text["Description"]          # the picture's text alternative, in the file
    if extra:                                                   # the solution's whole explanation
        assert described.startswith("Solution: alpha-beta (seed 7)") and "A (MAX) returns" in described
    else:                                                       # the exercise's tree, in text form
        assert described.startswith("Game tree.") and "The tree in text form: A[" in described


def test_png_into_a_missing_folder_is_a_clear_error(tmp_path):
    code, out, err = run("minimax", "--png", str(tmp_path / "no" / "such" / "tree.png"))
    assert code == 2 and "cannot write the drawing" in err and "Traceback" not in err


# --- Bad usage. ---

@pytest.mark.parametrize("argv, words", [
    (["chess"], ["unknown kind 'chess'", "minimax", "alphabeta"]),
    ([], ["which kind", "minimax, alphabeta"]),
    (["minimax", "--depth", "0"], ["--depth", "not a depth"]),
    (["minimax", "--depth", "x"], ["--depth", "not a depth"]),
    (["minimax", "--branching", "3-1"], ["branching must satisfy"]),
    (["minimax", "--branching", "two"], ["--branching", "not a branching"]),
    (["minimax", "--alpha-cuts", "1"], ["--alpha-cuts is not an option of minimax"]),
    (["minimax", "--depth", "12", "--branching", "9"], ["would have", "nodes"]),
    (["alphabeta", "--depth", "2", "--beta-cuts", "1"], ["beta_cuts=1 needs depth >= 3"]),
    (["alphabeta", "--seed", ""], ["seed must not be empty"]),
    (["alphabeta", "--seed", "x" * 500], ["too long"]),
    (["alphabeta", "--solution", "--answer", "b1"], ["do not go together"]),
    (["alphabeta", "--bogus"], ["unrecognized arguments: --bogus"]),
    (["alphabeta", "--prune-on-equal", "maybe"], ["'maybe' is not yes or no"]),
    (["alphabeta", "--depth", "3", "--deep-cutoffs"], ["deep_cutoffs=True needs depth >= 4"]),
])
def test_bad_usage_exits_2_with_a_message(argv, words):
    code, out, err = run(*argv)
    assert code == 2, (out, err)
    assert "Traceback" not in err + out
    for word in words:
        assert word in err, (word, err)


@pytest.mark.parametrize("kind, line, expected", [
    ("minimax", "A=three", "is not a number"),
    ("minimax", "A=3 A=4", "A is given twice"),
    ("minimax", "{'A': 'x'}", "is not a number"),
    ("minimax", "{not a dict", "starts like a dict"),
    ("minimax", "3 4 5", "LABEL=VALUE"),
    ("minimax", "A=1/0", "divides by zero"),
    ("alphabeta", "b2 ? c1", "Cannot read '? c1'"),
    ("alphabeta", "(1, x)", "by path like ["),
    ("star1", "h1 ? c1", "Cannot read '? c1'"),
    ("expectiminimax", "A=seven", "is not a number"),
    ("maxn", "A=(1,x,3)", "is not a number"),
    ("maxn", "A=(3,1,5", "LABEL=(x,y,z)"),
    ("maxn", "A=() B=(1,2,3)", "The vector of A is empty"),
    ("maxn", "A=(1,2,3) a=(1,2,3)", "A is given twice"),
    ("maxn", "{'A': 'x'}", "is not a vector of numbers"),
    ("maxn", "{not a dict", "starts like a dict"),
])
def test_an_unreadable_answer_says_what_form_is_expected(kind, line, expected):
    code, out, err = run(kind, "--seed", "7", stdin=line + "\n")
    assert code == 2 and "cannot read the answer" in err and expected in err, err


def test_help_lists_the_kinds_and_how_answers_are_typed():
    code, out, _ = run("--help")
    assert code == 0 and "minimax" in out and "alphabeta" in out
    for words in ("expectiminimax", "star1", "maxn", "shallow", "LABEL=(x,y,z)", "move=LABEL", "7/2", "--bounds L,U",
                  "--max-sum S", "--num-players N", "--cuts N"):
        assert words in out, words


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(["minimax", "alphabeta", "maxn", "expectimax", "star1", "uct", "uct_backup"]),
       line=st.one_of(st.text(max_size=60),
                      st.text(alphabet="ABCDabcdmove0123456789[](){}=:,; -'\"/.eE", max_size=40)))
def test_garbage_answers_never_give_a_traceback(kind, line):
    line = line.replace("\n", " ").replace("\r", " ")
    code, out, err = run(kind, "--seed", "4", stdin=line + "\n")
    assert code in (0, 1, 2)
    assert "Traceback" not in out + err
    if code == 2:
        assert "cannot read the answer" in err


@settings(max_examples=60, deadline=None)
@given(argv=st.lists(st.sampled_from(["minimax", "alphabeta", "--seed", "7", "x", "--depth", "0", "3",
                                      "--branching", "2-3", "--ties", "--alpha-cuts", "--beta-cuts", "1",
                                      "--solution", "--answer", "b1", "--list", "-5"]), max_size=6))
def test_garbage_command_lines_never_give_a_traceback(argv):
    code, out, err = run(*argv)
    assert code in (0, 1, 2)
    assert "Traceback" not in out + err


# --- Reading answers directly, and the registry. ---

def test_readers():
    ex = practice.minimax(seed=0, branching=2)
    assert read_values("A=1 B=-3 C=1", ex) == {"A": 1, "B": -3, "C": 1}
    assert read_values("A=7/2 B=0.5", ex) == {"A": Fraction(7, 2), "B": 0.5}
    ab = practice.alphabeta(seed=7)
    assert read_leaves("[1][1] [1][2]", ab) == ["[1][1]", "[1][2]"]
    assert read_leaves("[[1, 1], [1, 2]]", ab) == [(1, 1), (1, 2)]
    assert read_leaves("[b2, c1]", ab) == ["b2", "c1"]
    assert read_leaves("[]", ab) == []


def test_a_new_kind_is_one_registry_entry():
    register_kind("tiny", KindSpec("a minimax exercise on two leaves", lambda seed, **o: practice.minimax(
        seed, depth=1, branching=2, **o), read_values, "the root's value, like A=3"))
    try:
        ex = practice.minimax(seed=1, depth=1, branching=2)
        code, out, _ = run("tiny", "--seed", "1", "--answer", values_line(ex.answer_key()))
        assert code == 0 and "Correct" in out
        assert "tiny" in run("--list")[1]
    finally:
        del KINDS["tiny"]
    with pytest.raises(ValueError):
        register_kind("Bad Name", KINDS["minimax"])


# --- Through the main command and as a program. ---

def test_the_advsearch_command_hands_practice_over():
    out, err = io.StringIO(), io.StringIO()
    ex = practice.alphabeta(seed=7)
    code = cli.main(["practice", "alphabeta", "--seed", "7"], stdin=io.StringIO(" ".join(ex.answer_key()["pruned"])),
                    stdout=out, stderr=err)
    assert code == 0 and "Correct" in out.getvalue()
    help_out = io.StringIO()
    cli.main(["--help"], stdout=help_out, stderr=io.StringIO())
    assert "practice" in help_out.getvalue()


def test_python_dash_m_practice_from_a_pipe_and_from_nothing():
    ex = practice.alphabeta(seed=7)
    result = subprocess.run([sys.executable, "-m", "advsearch", "practice", "alphabeta", "--seed", "7"],
                            input=" ".join(ex.answer_key()["pruned"]) + "\n", capture_output=True, text=True,
                            timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert "Correct" in result.stdout
    result = subprocess.run([sys.executable, "-m", "advsearch", "practice", "minimax", "--seed", "3"],
                            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 1 and "Not answered yet" in result.stdout and not result.stderr


# --- Chance trees and three players. ---

def vectors_line(key: dict) -> str:
    return " ".join(f"{label}=({','.join(str(x) for x in value)})" if label != "move" else f"move={value}"
                    for label, value in key.items())


def fraction_text(x) -> str:
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


@pytest.mark.parametrize("kind, make", [("expectiminimax", lambda s: practice.expectiminimax(s)),
                                        ("expectimax", lambda s: practice.expectiminimax(s, with_min=False))])
def test_right_chance_values_with_fractions_exit_0(kind, make):
    for seed in (0, 5):
        ex = make(seed)
        key = ex.answer_key()
        assert any(Fraction(v).denominator > 1 for v in key.values())
        line = " ".join(f"{label}={fraction_text(v)}" for label, v in key.items())
        code, out, err = run(kind, "--seed", str(seed), "--answer", line)
        assert code == 0, (out, err)
        assert f"{kind} exercise (seed {seed})" in out and str(ex.tree) in out
        assert feedback_of(out).startswith("Correct")


def test_a_wrong_chance_value_exits_1_with_the_named_mistake():
    ex = practice.expectiminimax(2)
    mean = {n.label: v for n, v in ((n, ex.tree.values("mean")[n.path]) for n in ex.tree.nodes()) if n.children}
    line = " ".join(f"{label}={float(v)!r}" for label, v in mean.items())
    code, out, err = run("expectiminimax", "--seed", "2", "--answer", line)
    assert code == 1 and not err
    assert feedback_of(out) == ex.check(read_values(line, ex)).text
    assert ex.check(read_values(line, ex)).mistake == "chance_mean"


@pytest.mark.parametrize("kind, make, argv", [
    ("star1", lambda: practice.star1(3, cuts=2, bounds=(-1, 10)), ["--cuts", "2", "--bounds=-1,10"]),
    ("star1", lambda: practice.star1(4, depth=3, prune_on_equal=False),
     ["--depth", "3", "--prune-on-equal", "no"]),
    ("shallow", lambda: practice.shallow(3, cuts=2, max_sum=8), ["--cuts", "2", "--max-sum", "8"]),
    ("shallow", lambda: practice.shallow(1, num_players=4, depth=4, cuts=2),
     ["--num-players", "4", "--depth", "4", "--cuts", "2"]),
])
def test_right_pruned_leaves_of_star1_and_shallow_exit_0(kind, make, argv):
    ex = make()
    seed = str(ex.seed)
    pruned = ex.answer_key()["pruned"]
    code, out, err = run(kind, "--seed", seed, *argv, "--answer", " ".join(pruned))
    assert code == 0, (out, err)
    assert str(ex.tree) in out and feedback_of(out).startswith("Correct")
    low, high = ex.bounds
    assert (f"each in [0, {high}]" if kind == "shallow" else f"every leaf value lies in [{low}, {high}]") in out
    wrong = pruned[1:]
    code, out, err = run(kind, "--seed", seed, *argv, "--answer", " ".join(wrong) or "none")
    assert code == 1 and feedback_of(out) == ex.check(wrong).text


def test_right_maxn_vectors_exit_0_in_every_written_form():
    for seed in (0, 3, "word"):
        ex = practice.maxn(seed)
        key = ex.answer_key()
        root = ex.tree.initial_state
        index = [c.label for c in root.children].index(key["move"])
        forms = [vectors_line(key),
                 vectors_line(key).lower().replace("(", "[").replace(")", "]").replace(",", ", "),
                 vectors_line({**key, "move": index}),
                 json.dumps({k: list(v) if k != "move" else v for k, v in key.items()}),
                 repr(key)]
        for line in forms:
            code, out, err = run("maxn", "--seed", str(seed), "--answer", line)
            assert code == 0, (line, out, err)
            assert feedback_of(out).startswith("Correct")


def test_a_wrong_maxn_answer_exits_1_with_the_checkers_feedback():
    ex = practice.maxn(4)
    key = ex.answer_key()
    wrong_move = next(c.label for c in ex.tree.initial_state.children if c.label != key["move"])
    for answer in ({**key, "move": wrong_move}, {k: v for k, v in key.items() if k != "move"},
                   {k: (v[0] if k != "move" else v) for k, v in key.items()}):
        line = " ".join(f"{k}={v}" if not isinstance(v, tuple) else f"{k}=({','.join(map(str, v))})"
                        for k, v in answer.items())
        code, out, err = run("maxn", "--seed", "4", "--answer", line)
        assert code == 1 and not err
        assert feedback_of(out) == ex.check(answer).text
    assert "scalar_for_vector" == ex.check({k: (v[0] if k != "move" else v) for k, v in key.items()}).mistake


def test_read_vectors():
    ex = practice.maxn(0, depth=2)
    assert practice_cli.read_vectors("A=(8,7,1) b: [8 7 1], C=(6, 3, 17/2) move=c", ex) == {
        "A": (8, 7, 1), "B": (8, 7, 1), "C": (6, 3, Fraction(17, 2)), "move": "C"}
    assert practice_cli.read_vectors("A=8 move=1", ex) == {"A": 8, "move": 1}
    assert practice_cli.read_vectors('{"a": [8, 7, 1], "MOVE": "b"}', ex) == {"A": (8, 7, 1), "move": "B"}


@pytest.mark.parametrize("kind", ["minimax", "alphabeta", "expectiminimax", "expectimax", "star1", "maxn",
                                  "shallow"])
def test_the_prompts_examples_name_labels_of_the_printed_tree(kind):
    for seed in (0, 7):
        code, out, _ = run(kind, "--seed", str(seed), "--depth", "3")
        ex = KINDS[kind].make(seed, depth=3)
        prompt = next(line for line in out.splitlines() if line.startswith("Type your answer on one line:"))
        labels = {n.label for n in ex.tree.nodes()}
        example = prompt.split("like ", 1)[1]
        named = set(re.findall(r"\b([A-Za-z][A-Za-z0-9]*)(?==)", example))
        named = (named - {"move"}) | set(re.findall(r"move=([A-Za-z0-9]+)", example))
        if KINDS[kind].read is read_leaves:
            named = set(example.split(" or ")[0].split())
            paths = re.findall(r"(?:\[\d+\])+", example)
            assert len(paths) == 2
            for path in paths:
                ex.tree.node(tuple(int(i) for i in re.findall(r"\d+", path)))   # raises if absent
        assert named and named <= labels, (named, labels)


def test_the_help_examples_are_valid_and_name_labels_of_their_trees(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)                 # an example writes tree.png
    for example in practice_cli.EXAMPLES:
        argv = shlex.split(example)
        code, out, err = run(*argv, stdin="")
        assert code in (0, 1) and not err, (example, err)
        if "--answer" in argv:
            kind, seed = argv[0], int(argv[argv.index("--seed") + 1])
            ex = KINDS[kind].make(seed)
            answer = KINDS[kind].read(argv[argv.index("--answer") + 1], ex)
            labels = {n.label for n in ex.tree.nodes() if n.children}
            assert set(answer) - {"move"} <= labels, example
            if "move" in answer:
                assert answer["move"] in {c.label for c in ex.tree.initial_state.children}
            assert "Still to fill in" in out or feedback_of(out).startswith(("Correct", "At ", "Your")), out


@pytest.mark.parametrize("argv, words", [
    (["minimax", "--cuts", "1"], ["--cuts is not an option of minimax"]),
    (["maxn", "--cuts", "1"], ["--cuts is not an option of maxn"]),
    (["star1", "--bounds", "5"], ["--bounds", "not bounds"]),
    (["star1", "--bounds", "9,0"], ["--bounds", "not bounds"]),
    (["star1", "--bounds", "0,5"], ["bounds must satisfy"]),
    (["star1", "--cuts", "-1"], ["--cuts", "not a number of cuts"]),
    (["star1", "--cuts", "99"], ["cuts=99 is impossible"]),
    (["star1", "--max-sum", "5"], ["--max-sum is not an option of star1"]),
    (["shallow", "--max-sum", "0"], ["--max-sum", "not a sum"]),
    (["shallow", "--num-players", "2"], ["--num-players", "not a number of players"]),
    (["shallow", "--depth", "1"], ["depth >= 2"]),
    (["expectiminimax", "--depth", "1"], ["with_min=True needs depth >= 2"]),
    (["expectimax", "--ties"], ["--ties is not an option of expectimax"]),
])
def test_bad_usage_of_the_new_kinds_exits_2(argv, words):
    code, out, err = run(*argv)
    assert code == 2 and "Traceback" not in err + out
    for word in words:
        assert word in err, (word, err)


@pytest.mark.parametrize("kind", ["star1", "shallow", "maxn", "expectimax"])
def test_png_of_the_new_kinds(tmp_path, kind):
    for extra in ([], ["--solution"]):
        path = tmp_path / f"{kind}{len(extra)}.png"
        code, out, err = run(kind, "--seed", "2", "--png", str(path), *extra)
        assert code == (0 if extra else 1), err
        width, height = _png_size(path)
        assert 100 < width < 5000 and 50 < height < 5000


def test_uct_reads_a_child_label():
    ex = practice.uct(3)
    choice = ex.answer_key()["choice"]
    code, out, err = run("uct", "--seed", "3", "--answer", choice.lower())
    assert code == 0 and "Correct" in feedback_of(out) and "Tree: <" not in out, (out, err)
    assert ex.question in out
    other = next(label for label in ex.problem.children if label != choice)
    code, out, err = run("uct", "--seed", "3", stdin=other + "\n")
    assert code == 1 and feedback_of(out) == ex.check(other).text
    prompt = next(line for line in out.splitlines() if line.startswith("Type your answer"))
    assert prompt.rstrip(".").split("like ")[1] in ex.problem.children
    code, _, err = run("uct", "--seed", "3", "--answer", "(B, C)")
    assert code == 2 and "one child of the root" in err
    code, _, err = run("uct", "--depth", "3")
    assert code == 2 and "--depth is not an option of uct" in err


def test_uct_backup_prints_the_statistics_and_reads_the_counts():
    ex = practice.uct_backup(5)
    key = ex.answer_key()
    root, *rest = ex.problem.path
    line = " ".join([f"{root.lower()}={key[root]}"] + [f"{label}=({key[label][0]},{key[label][1]})" for label in rest])
    code, out, err = run("uct_backup", "--seed", "5", "--answer", line)
    assert code == 0 and "Correct" in feedback_of(out), (out, err)
    for label in rest:                       # the counts before the iteration are printed, one node a line
        assert any(row.strip().startswith(f"{label}: ") for row in out.splitlines())
    wrong = dict(key)
    wins, visits = wrong[rest[-1]]
    wrong[rest[-1]] = (wins, visits + 1)
    code, out, err = run("uct_backup", "--seed", "5", "--answer", repr(wrong))
    assert code == 1 and feedback_of(out) == ex.check(wrong).text
    code, _, err = run("uct_backup", "--seed", "5", "--answer", f"{root}=(1,2")
    assert code == 2 and "cannot read the answer" in err
