"""Tests of advsearch.grading: who is graded, their trees, the recording game, and the hidden tests' verdicts."""

import fnmatch
import glob
import math
import os
import random
import subprocess
import sys
import time

import pytest

import advsearch as ads
from advsearch import MAX, MIN, grading
from advsearch.evaluation import connect4_eval


# ------------------------------------------------------------------ searches written as students would


def make_search(prune=True, tie=True, reverse=False):
    """A student's alpha-beta (or minimax, with prune=False) in the lecture's style, with switches."""
    def search(game, state):
        def value(s, alpha, beta):
            if game.is_terminal(s):
                return game.utility(s, MAX)
            actions = list(game.actions(s))
            if reverse:
                actions.reverse()
            if game.to_move(s) == MAX:
                v = -math.inf
                for a in actions:
                    v = max(v, value(game.result(s, a), alpha, beta))
                    if prune and (v >= beta if tie else v > beta):
                        return v
                    alpha = max(alpha, v)
                return v
            v = math.inf
            for a in actions:
                v = min(v, value(game.result(s, a), alpha, beta))
                if prune and (v <= alpha if tie else v < alpha):
                    return v
                beta = min(beta, v)
            return v

        return value(state, -math.inf, math.inf)

    return search


lecture = make_search()
strict = make_search(tie=False)
backwards = make_search(reverse=True)
plain_minimax = make_search(prune=False)


@pytest.fixture(scope="module")
def ps1():
    return grading.problems("ps1", "alice")


@pytest.fixture(scope="module")
def ps2():
    return grading.problems("ps2", "alice")


@pytest.fixture
def clean_env(monkeypatch):
    for name in ("NBGRADER_EXECUTION", "ADVSEARCH_STUDENT_ID", "JUPYTERHUB_USER"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


# ------------------------------------------------------------------ who is graded


@pytest.mark.parametrize("path, expected", [
    ("/c/autograded/alice/ps1", "alice"),
    ("/c/autograded/alice/ps1/ps1.ipynb", "alice"),
    ("/c/autograded/a.b-c/ps1", "a.b-c"),
    ("/c/submitted/alice/ps1", None),
    ("/home/alice", None),
    ("/c/autograded", None),
])
def test_id_from_path(path, expected):
    assert grading.id_from_path(path) == expected


def test_student_id_order(clean_env, tmp_path):
    assert grading.student_id("") == grading.ANONYMOUS
    clean_env.setenv("JUPYTERHUB_USER", "hubuser")
    assert grading.student_id("") == "hubuser"
    clean_env.setenv("ADVSEARCH_STUDENT_ID", "envuser")
    assert grading.student_id("") == "envuser"
    assert grading.student_id("  declared ") == "declared"
    assert grading.student_id("declared", graded=True) == "declared"


def test_student_id_while_autograding(clean_env, tmp_path):
    """nbgrader runs the kernel in autograded/<student>/<assignment>: that student is graded."""
    where = tmp_path / "autograded" / "bob" / "ps1"
    where.mkdir(parents=True)
    clean_env.chdir(where)
    clean_env.setenv("JUPYTERHUB_USER", "hubuser")
    assert grading.student_id("alice", graded=True) == "alice"        # not autograding: declared wins
    clean_env.setenv("NBGRADER_EXECUTION", "autograde")
    assert grading.autograding()
    assert grading.student_id("alice", graded=True) == "bob"          # the submission's owner wins
    assert grading.student_id("alice") == "alice"                     # the notebook still shows alice's trees
    assert grading.student_id("") == "bob"
    clean_env.setenv("NBGRADER_EXECUTION", "validate")
    assert grading.student_id("alice", graded=True) == "alice"


def test_student_seed_is_pinned():
    """Seeds must never change while a course runs: the trees a student saw must be the trees graded."""
    assert grading.student_seed("alice", "ps1") == 0x4AEE571C6B3CCA0
    seeds = {grading.student_seed(f"s{i}", "ps1") for i in range(500)}
    assert len(seeds) == 500
    assert grading.student_seed("alice", "ps1", "x") != grading.student_seed("alice", "ps1")
    assert grading.student_seed(" alice ", "ps1") == grading.student_seed("alice", "ps1")
    with pytest.raises(ValueError, match="student must be a string"):
        grading.student_seed(3, "ps1")


def test_student_seed_value_is_stable():
    import hashlib
    text = "advsearch/ps1//alice".encode()
    assert grading.student_seed("alice", "ps1") == int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


def test_problems_are_the_same_in_every_process(ps1):
    code = ("from advsearch import grading; p = grading.problems('ps1', 'alice'); "
            "print(p.minimax.tree); print(p.alphabeta.tree); print([str(t) for t in p.trees])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONHASHSEED": "123"}).stdout.splitlines()
    assert out == [str(ps1.minimax.tree), str(ps1.alphabeta.tree), str([str(t) for t in ps1.trees])]


def test_problems_differ_between_students(ps1):
    other = grading.problems("ps1", "bob")
    assert other.minimax.tree != ps1.minimax.tree
    assert other.alphabeta.tree != ps1.alphabeta.tree
    assert [str(t) for t in other.trees] != [str(t) for t in ps1.trees]


def test_problems_ps1_shapes(ps1):
    assert ps1.minimax.tree.height == 3
    ex = ps1.alphabeta
    assert ex.tree.height == 3
    # Ties matter on the pruning tree, so the two cut tests give different answers.
    lecture, strict = (ads.alphabeta(ex.tree, trace=True, prune_on_equal=eq).trace.scored() for eq in (True, False))
    assert lecture != strict


def test_problems_errors():
    with pytest.raises(ValueError, match="no assignment 'ps9'"):
        grading.problems("ps9", "alice")
    with pytest.raises(ValueError, match="non-empty string"):
        grading.problems("ps1", " ")


def test_ps2_positions(ps2):
    assert len(ps2.positions) == 40 and len(set(ps2.positions)) == 40
    assert not any(ps2.game.is_terminal(s) for s in ps2.positions)


# ------------------------------------------------------------------ the battery of trees


def test_search_trees_battery(ps1):
    trees = ps1.trees
    assert len(trees) == 10
    differ = 0
    for t in trees:
        for eq in (True, False):
            assert ads.alphabeta(t, trace=True, prune_on_equal=eq).trace.prunes(), str(t)
        differ += grading.reference_visits(t) != grading.reference_visits(t, prune_on_equal=False)
    assert differ >= 4
    assert any(t.initial_state.player == MIN for t in trees)
    assert any(len({len(leaf.path) for leaf in t.leaves()}) > 1 for t in trees)      # uneven
    assert {t.height for t in trees} >= {2, 3, 4}
    with pytest.raises(ValueError):
        grading.search_trees(0, n=2)


# ------------------------------------------------------------------ the recording game


@pytest.mark.parametrize("convention", grading.CONVENTIONS, ids=lambda c: c.key)
def test_recording_game_matches_reference_visits(ps1, convention):
    fn = make_search(prune=convention.algorithm == "alphabeta", tie=convention.prune_on_equal,
                     reverse=convention.reverse)
    for t in ps1.trees:
        game = grading.RecordingGame(t)
        assert fn(game, t.initial_state) == ads.minimax(t).value
        assert game.visits() == grading.reference_visits(
            t, convention.algorithm, prune_on_equal=convention.prune_on_equal, reverse=convention.reverse)


def test_recording_game_normalises_repeated_calls():
    t = ads.examples.two_ply()
    game = grading.RecordingGame(t)
    root = t.initial_state
    game.actions(root)
    game.actions(root)                         # asked twice: one visit
    leaf = game.result(game.result(root, 0), 0)
    game.actions(leaf)                         # a leaf has no actions: not an expansion
    game.utility(leaf, MAX)
    assert game.visits() == [("expand", ()), ("score", (0, 0))]


def test_recording_game_limit_and_passthrough():
    t = ads.examples.two_ply()
    game = grading.RecordingGame(t, limit=5)
    assert game.label(t.initial_state) == "A"          # other attributes pass through
    with pytest.raises(grading.Runaway):
        for _ in range(10):
            game.is_terminal(t.initial_state)


def test_recording_game_on_a_real_game():
    game = grading.RecordingGame(ads.TicTacToe())
    s = game.game.state("XX./OO./...")
    assert ads.minimax(game, s).value == 1
    kinds = {k for k, _ in game.visits()}
    assert kinds == {"expand", "score"} and game.visits()[0] == ("expand", s)
    assert game.library_calls > 0                      # advsearch's own search did the calling


def test_recording_game_evaluate():
    game = grading.RecordingGame(ads.examples.two_ply(), evaluate=lambda s, p: 7)
    assert game.evaluate(game.initial_state) == 7 and game.log == [("eval", ())]
    with pytest.raises(ValueError, match="without an evaluate"):
        grading.RecordingGame(ads.examples.two_ply()).evaluate(None)


def test_reference_visits_errors():
    with pytest.raises(ValueError, match="algorithm"):
        grading.reference_visits(ads.examples.two_ply(), "negamax")


# ------------------------------------------------------------------ grading code


def test_assess_search_conventions(ps1):
    g = grading.assess_search(lecture, "alphabeta", ps1.trees, 4)
    assert (g.points, g.convention, g.mistake) == (4.0, "lecture", None)

    g = grading.assess_search(strict, "alphabeta", ps1.trees, 4)
    assert g.convention == "strict" and g.mistake == "strict_pruning"
    right = g.details["right"]
    assert 0 < right < 10 and g.points == pytest.approx(4 * (right + 0.5 * (10 - right)) / 10, abs=0.01)
    assert "strictly beyond the bound" in g.text

    g = grading.assess_search(backwards, "alphabeta", ps1.trees, 4)
    assert g.convention == "reversed" and "right to left" in g.text and 0 < g.points < 4

    g = grading.assess_search(plain_minimax, "alphabeta", ps1.trees, 4)
    assert (g.points, g.convention, g.mistake) == (0.0, "minimax", "no_pruning")

    g = grading.assess_search(plain_minimax, "minimax", ps1.trees, 3)
    assert (g.points, g.convention) == (3.0, "minimax")

    g = grading.assess_search(lecture, "minimax", ps1.trees, 3)
    assert g.points == 0 and g.mistake == "unexpected_pruning"


def test_assess_search_strict_course(ps1):
    g = grading.assess_search(strict, "alphabeta", ps1.trees, 4, prune_on_equal=False)
    assert (g.points, g.convention) == (4.0, "strict")
    g = grading.assess_search(lecture, "alphabeta", ps1.trees, 4, prune_on_equal=False)
    assert g.convention == "lecture" and g.points < 4


def test_assess_search_credit_can_be_set(ps1):
    g = grading.assess_search(strict, "alphabeta", ps1.trees, 4, credit={"strict": 0})
    assert g.points == pytest.approx(4 * g.details["right"] / 10, abs=0.01)


def test_assess_search_bad_functions(ps1):
    assert grading.assess_search(None, "minimax", ps1.trees, 3).points == 0
    assert "not a function" in grading.assess_search(3, "minimax", ps1.trees, 3).text

    def raises(game, state):
        raise ZeroDivisionError("oops")

    g = grading.assess_search(raises, "minimax", ps1.trees, 3)
    assert g.points == 0 and "raised ZeroDivisionError: oops" in g.text

    def exits(game, state):
        raise SystemExit(1)

    assert grading.assess_search(exits, "minimax", ps1.trees, 3).points == 0
    with pytest.raises(ValueError, match="algorithm"):
        grading.assess_search(lecture, "negamax", ps1.trees, 3)
    with pytest.raises(ValueError, match="points"):
        grading.assess_search(lecture, "minimax", ps1.trees, 0)


def test_assess_search_stops_a_loop(ps1):
    def loops(game, state):
        while True:
            pass

    g = grading.assess_search(loops, "minimax", ps1.trees, 3, time_limit=0.2)
    assert g.points == 0 and "did not finish" in g.text and "not tried" in g.text
    assert [r.get("skipped", False) for r in g.details["rows"]] == [False] + [True] * (len(ps1.trees) - 1)


# ------------------------------------------------------------------ the time limit


@pytest.mark.parametrize("bad", [0, -1, "3", float("nan"), True])
def test_a_bad_time_limit_is_the_graders_error_not_the_students(ps1, bad):
    ran = []

    def search(game, state):
        ran.append(state)
        return plain_minimax(game, state)

    with pytest.raises(ValueError, match="time_limit must be a positive number"):
        grading.assess_search(search, "minimax", ps1.trees, 3, time_limit=bad)
    with pytest.raises(ValueError, match="time_limit must be a positive number"):
        grading.self_check(ads.check.implementation, search, "minimax", time_limit=bad)
    assert ran == []                                    # refused before the student's code ran


def test_time_limit_none_limits_nothing(ps1):
    assert grading.assess_search(plain_minimax, "minimax", ps1.trees, 3, time_limit=None).points == 3


def test_assess_search_stops_runaway_game_calls(ps1):
    def spins(game, state):
        while True:
            game.is_terminal(state)

    g = grading.assess_search(spins, "minimax", ps1.trees, 3)
    assert g.points == 0 and "calls to the game" in g.text


def test_assess_search_keeps_stderr_quiet(ps1, capsys):
    def noisy(game, state):
        print("debug", file=sys.stderr)
        import warnings
        warnings.warn("careful")
        return plain_minimax(game, state)

    g = grading.assess_search(noisy, "minimax", ps1.trees, 3)
    out, err = capsys.readouterr()
    assert g.points == 3 and err == "" and "debug" in out


# ------------------------------------------------------------------ grading answers by hand


def test_assess_values(ps1):
    t = ps1.minimax.tree
    key = ps1.minimax.answer_key()
    assert grading.assess_values(t, key, 2).points == 2
    wrong = dict(key, A=key["A"] + 1)
    g = grading.assess_values(t, wrong, 2)
    n = len(key)
    # the values right beyond those a blind answer gets (one number everywhere, or each node's first or last leaf)
    nodes = [t.node(label) for label in key]
    below = {node.label: sorted((leaf.value for leaf in t.leaves() if leaf.path[:len(node.path)] == node.path),
                                key=lambda v: v) for node in nodes}
    first = {node.label: next(leaf.value for leaf in t.leaves() if leaf.path[:len(node.path)] == node.path)
             for node in nodes}
    last = {node.label: [leaf.value for leaf in t.leaves() if leaf.path[:len(node.path)] == node.path][-1]
            for node in nodes}
    reads = [first, last, *({k: v[i(len(v))] for k, v in below.items()}
                            for i in (lambda n: n // 2, lambda n: -1, lambda n: 0))]
    blind = max(max(list(key.values()).count(v) for v in key.values()),
                *(sum(read[k] == key[k] for k in key) for read in reads))
    assert 0 < blind < n - 1
    want = 2 * (n - 1 - blind) / (n - blind)
    assert g.points == pytest.approx(want, abs=0.01) and g.details == {"right": n - 1, "of": n, "blind": blind}
    assert grading.assess_values(t, None, 2).points == 0
    assert grading.assess_values(t, [1, 2], 2).points == 0
    assert grading.assess_values(t, key, 2, note="Hello. ").text.startswith("Hello. Correct")


def test_assess_pruned(ps1):
    ex = ps1.alphabeta
    t = ex.tree
    right = ex.answer_key()["pruned"]
    g = grading.assess_pruned(t, right, 2)
    assert (g.points, g.convention) == (2.0, "lecture")

    labels = {leaf.path: leaf.label for leaf in t.leaves()}
    other = [labels[p] for p in ads.alphabeta(t, trace=True, prune_on_equal=False).trace.unvisited_leaves()]
    g = grading.assess_pruned(t, other, 2)
    # named, but no credit: one fixed answer for everyone is exactly another convention's set on a fifth of trees
    assert (g.points, g.convention) == (0.0, "strict") and "no cut on ties" in g.text
    assert grading.assess_pruned(t, other, 2, credit={"strict": 0.5}).points == 1.0

    assert grading.assess_pruned(t, other, 2, prune_on_equal=False).points == 2
    assert grading.assess_pruned(t, None, 2).points == 0
    assert grading.assess_pruned(t, [], 2).points == 0


def test_assess_pruned_partial_credit():
    t = ads.parse("A[B[b1=4 b2=7 b3=5] C[c1=6 c2=4 c3=9] D[d1=4 d2=2 d3=8] E[e1=3 e2=5 e3=1]]")
    # Right: c3 d2 d3 e2 e3.  One missing earns nothing (a fixed guess is within a leaf on a third of the trees).
    g = grading.assess_pruned(t, ["c3", "d2", "d3", "e2"], 2)
    assert g.points == 0 and g.details["overlap"] == 0.8
    # Mostly wrong: nothing.
    assert grading.assess_pruned(t, ["b2", "b3", "c3"], 2).points == 0
    # An inner node stands for its leaves.
    assert grading.assess_pruned(t, ["c3", "d2", "d3", "e2", "e3"], 2).points == 2


def test_copied_answers_earn_little():
    """Answers to alice's trees, graded on other students' trees, earn (almost) nothing."""
    alice = grading.problems("ps1", "alice")
    values, pruned = alice.minimax.answer_key(), alice.alphabeta.answer_key()["pruned"]
    total = 0
    for i in range(20):
        other = grading.problems("ps1", f"student{i}")
        total += grading.assess_values(other.minimax.tree, values, 2).points
        total += grading.assess_pruned(other.alphabeta.tree, pruned, 2).points
    assert total / 20 < 0.5                  # of 4 points a student


# ------------------------------------------------------------------ evaluation functions


def test_assess_evaluation(ps2):
    ev = connect4_eval(ps2.game)
    g = grading.assess_evaluation(ev, ps2.positions)
    assert g.points == 1 and all(g.details["checks"].values())

    g = grading.assess_evaluation(lambda s, p: 0.5, ps2.positions, 5)
    assert g.details["checks"]["zero_sum"] is False and g.points == 4

    g = grading.assess_evaluation(lambda s, p: True, ps2.positions, 5)
    assert g.points == 1.0                     # only "fast"

    calls = iter(range(10 ** 6))
    g = grading.assess_evaluation(lambda s, p: next(calls) * 1e-9 * (1 if p == MAX else -1), ps2.positions, 5)
    assert g.details["checks"]["repeatable"] is False

    def boom(s, p):
        raise KeyError("x")

    g = grading.assess_evaluation(boom, ps2.positions)
    assert g.points == 0 and "KeyError" in g.text
    assert grading.assess_evaluation(None, ps2.positions).points == 0


def test_assess_evaluation_slow(ps2):
    def slow(s, p):
        time.sleep(0.002)
        return 0.0

    g = grading.assess_evaluation(slow, ps2.positions[:5])
    assert g.details["checks"]["fast"] is False and "more than the 1 ms" in g.text


def test_assess_tournament_mirror_and_determinism():
    ev = connect4_eval()
    g = grading.assess_tournament(ev, "alice", "reference", 3, games=2, max_nodes=100)
    assert g.details["rate"] == 0.5 and g.points == 3             # a mirror match is exactly even
    again = grading.assess_tournament(ev, "alice", "search", 3, games=2, max_nodes=100)
    twice = grading.assess_tournament(ev, "alice", "search", 3, games=2, max_nodes=100)
    assert {k: v for k, v in again.details.items() if k != "seconds"} == \
        {k: v for k, v in twice.details.items() if k != "seconds"}


def test_assess_tournament_random_opponent():
    g = grading.assess_tournament(connect4_eval(), "alice", "random", 2, games=2, max_nodes=100)
    assert g.details["wins"] == 2 and g.points == 2


def test_assess_tournament_refuses_bad_evaluations():
    def boom(s, p):
        raise RuntimeError("no")

    g = grading.assess_tournament(boom, "alice", "random", 2, games=2, max_nodes=50)
    assert g.points == 0 and g.text.startswith("No match") and "RuntimeError" in g.text

    g = grading.assess_tournament(lambda s, p: "high", "alice", "random", 2, games=2, max_nodes=50)
    assert g.points == 0 and "finite number" in g.text

    def slow(s, p):
        time.sleep(0.003)
        return 0.0

    g = grading.assess_tournament(slow, "alice", "random", 2, games=2, max_nodes=50)
    assert g.points == 0 and "ms a call" in g.text
    assert grading.assess_tournament(None, "alice").points == 0


def test_assess_tournament_partial_credit_and_errors():
    g = grading.assess_tournament(connect4_eval(), "alice", "reference", 3, games=2, max_nodes=100, target=1.0)
    assert g.points == 1.5
    with pytest.raises(ValueError, match="opponent"):
        grading.assess_tournament(connect4_eval(), "alice", "stockfish")
    with pytest.raises(ValueError, match="even"):
        grading.assess_tournament(connect4_eval(), "alice", games=3)
    with pytest.raises(ValueError, match="target"):
        grading.assess_tournament(connect4_eval(), "alice", target=1.5)


def test_grade_award(capsys):
    g = grading.Grade(1.5, 2.0, "Half right.")
    assert g.award() == 1.5 and isinstance(g.award(), float)
    out = capsys.readouterr().out
    assert "Half right.\nPoints: 1.5 of 2." in out
    assert str(g) == "Half right. (1.5/2)"


# ------------------------------------------------------------------ running student code


def test_quiet(capsys):
    import warnings
    with grading.quiet():
        print("to stderr", file=sys.stderr)
        warnings.warn("a warning")
    out, err = capsys.readouterr()
    assert err == "" and "to stderr" in out and "UserWarning: a warning" in out


def test_self_check(clean_env):
    fb = grading.self_check(ads.check.implementation, plain_minimax, "minimax")
    assert fb.ok
    clean_env.setenv("NBGRADER_EXECUTION", "autograde")
    assert "skipped" in repr(grading.self_check(ads.check.implementation, plain_minimax, "minimax"))


def test_self_check_stops_a_loop(clean_env):
    def loops(game, state):
        while True:
            pass

    fb = grading.self_check(ads.check.implementation, loops, "minimax", time_limit=0.2)
    assert not fb.ok and "loop forever" in fb.text


def test_self_check_reports_a_failing_checker(clean_env):
    fb = grading.self_check(ads.check.values, 42, {})
    assert not fb.ok and "could not run" in fb.text


# ------------------------------------------------------------------ the course's ignore list


def _name(rng):
    alphabet = "abipnytxmes._-1"
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 14)))


def test_only_notebooks_matches_exactly_the_non_notebooks():
    globs = grading.only_notebooks()
    rng = random.Random(0)
    names = {_name(rng) for _ in range(20000)} | {
        "ps1.ipynb", "timestamp.txt", "b", "nb", ".ipynb", "ipynb", "x.ipynb.bak", "timestamp.txt.orig",
        "atimestamp.txt", "imestamp.txt", "t", "a.txt", "notes.md", "solution.py", ".hidden", "data.csv",
        "ps1.IPYNB", "__pycache__", ".ipynb_checkpoints", "feedback"}
    for name in names:
        keep = (name.endswith(".ipynb") and not name.startswith(".")) or name == "timestamp.txt"
        ignored = any(fnmatch.fnmatchcase(name, g) for g in globs)
        assert ignored != keep, name


def test_only_notebooks_with_nbgraders_glob_semantics(tmp_path):
    """nbgrader's is_ignored matches each glob with glob.glob in the file's directory."""
    globs = grading.only_notebooks()
    files = ["ps1.ipynb", "timestamp.txt", "notes.md", ".secret", "helper.py", "a.b.ipynb"]
    for f in files:
        (tmp_path / f).write_text("x")
    ignored = set()
    for g in globs:
        ignored |= {os.path.basename(p) for p in glob.glob(os.path.join(tmp_path, g))}
    ignored |= {f for f in files if f.startswith(".") and any(fnmatch.fnmatch(f, g) for g in globs)}
    assert ignored == {"notes.md", ".secret", "helper.py"}


def test_only_notebooks_rejects_clashing_keeps():
    with pytest.raises(ValueError):
        grading.only_notebooks(keep=("a.txt", "b.txt"))
    with pytest.raises(ValueError):
        grading.only_notebooks(keep=("lib",))


# ------------------------------------------------------------------ the course itself (without nbgrader)


COURSE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "exercises", "assignments")


def test_course_config():
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader("nbgrader_config.py", path=COURSE).load_config()
    assert config.CourseDirectory.ignore == grading.only_notebooks()
    assert config.CourseDirectory.db_url.startswith("sqlite:///") and config.CourseDirectory.root == COURSE
    assert config.OverwriteCells.add_missing_cells is True
    assert 10 <= config.Execute.timeout <= 120


@pytest.mark.parametrize("assignment", sorted(os.listdir(os.path.join(COURSE, "source"))))
def test_source_notebooks_are_well_formed(assignment):
    """Every test cell follows its answer cell, has a trusted test, and hides nothing (the grader lives outside)."""
    import nbformat

    from advsearch.autograde.problemsets import PROBLEM_SETS

    assert assignment in grading.ASSIGNMENTS and assignment in PROBLEM_SETS
    tests = set()
    for path in glob.glob(os.path.join(COURSE, "source", assignment, "*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        nbformat.validate(nb)
        marked = [c for c in nb.cells if "nbgrader" in c.metadata]
        ids = [c.metadata.nbgrader["grade_id"] for c in marked]
        assert len(ids) == len(set(ids)), "grade ids must be unique"
        for i, cell in enumerate(marked):
            meta = cell.metadata.nbgrader
            assert cell.get("outputs", []) == [], "source notebooks are stored without outputs"
            if meta.get("grade") and not meta.get("solution"):
                before = marked[i - 1].metadata.nbgrader
                assert before.get("grade") or before.get("solution"), \
                    f"{meta['grade_id']}: nbgrader puts a deleted test back after the graded cell before it"
                assert meta.get("locked") and meta.get("points", 0) > 0
                # No hidden part: released and source cells are the same, so nbgrader sees no changed checksum.
                assert "HIDDEN TESTS" not in cell.source and "advsearch.grading" not in cell.source
                tests.add(meta["grade_id"])
            if meta.get("solution") and cell.cell_type == "code":
                assert "### BEGIN SOLUTION" in cell.source and "### END SOLUTION" in cell.source
    assert tests == set(PROBLEM_SETS[assignment].tests), "each test cell has exactly one trusted test"
