"""The agent the exercise sheets build in exercises/my_agent.py: each step's check, the tryouts, and a real contest.

The reference solution (tests/my_agent_reference.py) with the shipped file's contest entry appended is what a
student who did every sheet hands in: every step's checker accepts it, and it plays a contest (the code path of
``advsearch contest``, sandboxed) and beats the random player.  The file as shipped gets "Not answered yet" from
every check, and never an exception.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from advsearch import ConnectFour, solve
from advsearch.check import agent_file, agent_tryout
from advsearch.course.agent.steps import STEPS
from advsearch.course.agent.tryouts import DEEPER, ENDGAME, TASKS, WIN_NOW, position

REPO = Path(__file__).resolve().parent.parent
SHIPPED = REPO / "exercises" / "my_agent.py"
ENTRY = "# ---- The contest's entry"
BROWSER = sys.platform == "emscripten"          # Pyodide (make pyodide-test runs this file there too)


def _no_sandbox():
    """Why the contest's sandbox cannot run here, or None."""
    if BROWSER:
        return "a browser's Python has no processes"
    from advsearch.sandbox import bubblewrap
    return bubblewrap.available()


needs_sandbox = pytest.mark.skipif(_no_sandbox() is not None, reason=f"no sandbox: {_no_sandbox()}")


def reference_file(folder: Path) -> Path:
    """The reference steps with the shipped file's contest entry, as ``folder/my_agent.py``."""
    shipped = SHIPPED.read_text()
    reference = (REPO / "tests" / "my_agent_reference.py").read_text()
    path = folder / "my_agent.py"
    path.write_text(reference + "\n\n" + shipped[shipped.index(ENTRY):])
    return path


@pytest.mark.parametrize("step", list(STEPS))
def test_every_steps_checker_accepts_the_reference(tmp_path, step):
    feedback = agent_file(step, path=reference_file(tmp_path))
    assert feedback.ok, feedback.text


@pytest.mark.parametrize("task", list(TASKS))
def test_every_tryout_passes_with_the_reference(tmp_path, task):
    feedback = agent_tryout(task, path=reference_file(tmp_path))
    assert feedback.ok, feedback.text


@pytest.mark.parametrize("check, name", [(agent_file, s) for s in STEPS] + [(agent_tryout, t) for t in TASKS])
def test_the_shipped_file_is_not_answered_yet_everywhere(check, name):
    feedback = check(name, path=SHIPPED)
    assert not feedback.ok and feedback.text.startswith("Not answered yet"), feedback.text


def test_the_shipped_agent_plays_the_centre_until_sheet_03_is_done():
    module = {}
    exec(compile(SHIPPED.read_text(), str(SHIPPED), "exec"), module)
    game = ConnectFour()
    state = position((3, 3, 3, 3, 3, 3), game)                      # the middle column is full
    assert module["agent"](game, game.initial_state, None) == 3
    assert module["agent"](game, state, None) in (2, 4)


def test_the_file_is_read_afresh_at_every_check(tmp_path):
    path = reference_file(tmp_path)
    assert agent_file("minimax", path=path).ok
    path.write_text(path.read_text().replace("return max(values) if", "return min(values) if", 1))
    assert not agent_file("minimax", path=path).ok


@pytest.mark.parametrize("text, words", [
    ("def minimax(game, state)\n    return 0\n", "SyntaxError at line 1"),
    ("import advsearch\nx = 1 / 0\n", "raised ZeroDivisionError at line 2: division by zero"),
    ("import sys\nsys.exit(3)\n", "raised SystemExit at line 2"),
    ("minimax = 3\n", "minimax is a int, not a function"),
    ("def alphabeta(game, state):\n    return 0\n", "Not answered yet: my_agent.py defines no minimax"),
])
def test_a_broken_file_is_told_not_raised(tmp_path, text, words):
    (tmp_path / "my_agent.py").write_text(text)
    for check, name in ((agent_file, "minimax"), (agent_tryout, "minimax")):
        feedback = check(name, path=tmp_path / "my_agent.py")
        assert not feedback.ok and words in feedback.text, feedback.text


def test_a_missing_file_and_an_unknown_step_are_said_plainly(tmp_path):
    assert "was not found in" in agent_file("minimax", path=tmp_path / "my_agent.py").text
    with pytest.raises(ValueError, match="unknown step 'mcts'; the steps are minimax, alphabeta"):
        agent_file("mcts")
    with pytest.raises(ValueError, match="unknown task 'contest'"):
        agent_tryout("contest")


def test_the_tryout_positions_are_what_they_claim():
    game = ConnectFour()
    for moves, winning, empty in ((ENDGAME, 1, 8), (DEEPER, 5, 12)):
        state = position(moves, game)
        assert 42 - bin(state[0] | state[1]).count("1") == empty and game.to_move(state) == 0
        wins = [a for a in game.actions(state) if solve(game, game.result(state, a)).value == 1]
        assert wins == [winning]
    state = position(WIN_NOW, game)
    assert [a for a in game.actions(state) if game.is_terminal(game.result(state, a))] == [3]


@needs_sandbox
def test_the_reference_agent_wins_a_real_contest_against_random(tmp_path):
    from advsearch import contest
    folder = tmp_path / "submitted"
    folder.mkdir()
    reference_file(folder)
    started = time.monotonic()
    result = contest.run("connect4", folder, baselines=["random"], games_per_pair=10, time_per_move=0.5, seed=7,
                         workers=2, out=tmp_path / "out", progress=False)
    seconds = time.monotonic() - started
    assert not result.excluded and not result.forfeits()
    games = result.games
    won = sum(g["winner"] == "my_agent" for g in games)
    print(f"my_agent won {won} of {len(games)} games against random in {seconds:.1f} s")
    assert len(games) == 10 and won >= 9                 # random wins about 1 game in 100 against a 4-ply search


@needs_sandbox
def test_the_contest_tryout_accepts_the_reference_and_refuses_a_broken_file(tmp_path):
    from advsearch import contest
    feedback = contest.tryout(reference_file(tmp_path), time_per_move=0.5)
    assert feedback.ok and "advsearch contest --game connect4" in feedback.text, feedback.text
    (tmp_path / "my_agent.py").write_text("def agent(game, state):\n    return 99\n")
    feedback = contest.tryout(tmp_path / "my_agent.py", time_per_move=0.5)
    assert not feedback.ok and "lost a game by fault" in feedback.text and "99" in feedback.text


@pytest.mark.skipif(BROWSER, reason="the site is built by CPython")
def test_the_lite_site_holds_the_agent_file_beside_the_notebooks(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("advsearch_lite_build_agent", REPO / "tools" / "lite" / "build.py")
    monkeypatch.syspath_prepend(str(REPO / "tools" / "pyodide"))
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    build.contents(tmp_path)
    exercises = tmp_path / "exercises"
    assert (exercises / "my_agent.py").read_bytes() == SHIPPED.read_bytes()
    assert (exercises / "01_minimax.ipynb").is_file() and (exercises / "contest" / "agent_template.py").is_file()
    monkeypatch.chdir(exercises)                          # a notebook's kernel runs in the notebook's folder
    assert agent_file("minimax").text.startswith("Not answered yet")
    assert agent_tryout("uct").text.startswith("Not answered yet")
    assert os.path.samefile("my_agent.py", exercises / "my_agent.py")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=80) | st.sampled_from(["def minimax(game, state):\n", "minimax = None\n",
                                                      "import advsearch_nothing\n",
                                                      "def minimax(*a):\n    return []\n", "\x00"]))
def test_whatever_the_file_holds_the_checks_answer_and_never_raise(tmp_path, text):
    (tmp_path / "my_agent.py").write_text(text, errors="surrogatepass")
    for check, name in ((agent_file, "minimax"), (agent_tryout, "minimax")):
        feedback = check(name, path=tmp_path / "my_agent.py")
        assert not feedback.ok and feedback.text
