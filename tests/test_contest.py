"""Class contests for real: agents in bubblewrap sandboxes, the referee, the local pool, Dask, resume, the command."""

from __future__ import annotations

import io
import json
import os
import socket

import pytest

from advsearch import contest
from advsearch.arena import play
from advsearch.sandbox import bubblewrap as sandbox
from advsearch.cli import main
from advsearch.contest import Entrant, GameTask, baseline, play_game
from advsearch.contest.entrants import Budget
from advsearch.contest.leaderboard import FILES
from advsearch.contest.secret import KEY, KEY_BYTES
from advsearch.registry import make_agent, make_game

pytestmark = pytest.mark.skipif(sandbox.available() is not None, reason=f"no sandbox here: {sandbox.available()}")

FIRST = "def agent(game, state):\n    return game.actions(state)[0]\n"


def game_against(code, *, budget=Budget(5.0), name="student", opponent="random", files=()):
    """One tic-tac-toe game: the student's code moves first against a reference agent."""
    task = GameTask(f"{name} vs {opponent} #1", "tictactoe", {},
                    (Entrant(name, (code,) if isinstance(code, str) else code, files), baseline(opponent)),
                    seeds=(1, 2), budget=budget)
    return play_game(task)


@pytest.mark.parametrize("code, fault, words", [
    ("def agent(game, state):\n    raise ValueError('no idea')\n", "crash", "raised ValueError: no idea"),
    ("def agent(game, state):\n    return 99\n", "illegal", "played 99, which is not a legal move"),
    ("def agent(game, state):\n    return True\n", "illegal", "played True"),
    ("def agent(game, state):\n    return object()\n", "illegal", "returned <object"),
    ("def agent(game, state):\n    while True:\n        pass\n", "time", "took more than 1 s over a move"),
    ("import os\ndef agent(game, state):\n    os._exit(3)\n", "crash", "its process ended"),
    ("def agent(game, state\n", "load", "SyntaxError"),
    ("import numpy_that_is_not_there\n", "load", "ModuleNotFoundError"),
    ("x = [0] * (2 ** 33)\n", "load", "MemoryError"),
])
def test_every_way_to_lose_by_fault_is_recorded_and_the_game_ends(code, fault, words):
    game = game_against(code, budget=Budget(1.0))
    assert game["forfeit"] == "student" and game["fault"] == fault
    assert game["result"] == "0-1" and game["winner"] == "random"
    assert words in game["reason"] and game["reason"].startswith("student ")


def test_an_agent_that_prints_and_plays_legally_is_not_hurt_by_its_output():
    code = ("import sys\ndef agent(game, state):\n    print('thinking' * 1000)\n    print('x', file=sys.stderr)\n"
            "    return game.actions(state)[0]\n")
    game = game_against(code)
    assert game["forfeit"] is None and game["reason"] == "game over"


def test_an_agent_may_use_numpy_as_the_template_says():
    code = ("import numpy as np\ndef agent(game, state):\n"
            "    return game.actions(state)[int(np.argmax(np.ones(len(game.actions(state)))))]\n")
    game = game_against(code)
    assert game["forfeit"] is None and game["moves"][0] == 0


def test_no_agent_defined_loses_at_its_first_move():
    game = game_against("y = 1\n")
    assert game["fault"] == "crash" and "defines no function agent" in game["reason"]


def package_roots() -> set:
    """The folders under /tmp that the sandbox shows because the package or its environment lies there
    (a fresh clone in /tmp, as CI makes): read-only, and only those paths inside them."""
    import advsearch
    import sys
    paths = [sys.prefix, os.path.dirname(os.path.dirname(advsearch.__file__))]
    return {p.split(os.sep)[2] for p in map(os.path.realpath, paths) if p.startswith("/tmp/")}


def test_an_agent_reads_its_own_folder_and_nothing_else(tmp_path):
    secret = tmp_path / "gradebook.txt"
    secret.write_text("the referee's")
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    port = listener.getsockname()[1]
    code = f"""
import os, socket
with open("weights.txt") as f:
    FIRST = int(f.read())
def agent(game, state):
    for path in ({str(secret)!r}, {os.path.abspath(__file__)!r}, {str(tmp_path)!r}):
        if os.path.exists(path):
            raise RuntimeError("I can see " + path)
    seen = set(os.listdir("/tmp")) - {{os.path.basename(os.getcwd()), "scratch.txt"}} - set({sorted(package_roots())!r})
    if seen:                                       # no other agent's folder, nor anything else
        raise RuntimeError("I can see " + str(sorted(seen)))
    try:
        socket.create_connection(("127.0.0.1", {port}), timeout=1)
        raise RuntimeError("I reached the network")
    except OSError:
        pass
    try:                                           # its own folder is its to read, not to fill (the host's disk)
        open("scratch.txt", "w").close()
        raise RuntimeError("I wrote into my folder on the host")
    except OSError:
        pass
    with open("/tmp/scratch.txt", "w") as f:      # its /tmp is memory-backed and capped: its to write
        f.write("mine")
    for path in ("/usr/lib/owned.txt", {str(tmp_path / "planted.txt")!r}):
        try:
            open(path, "w").close()
            raise RuntimeError("I wrote " + path)
        except OSError:
            pass
    legal = game.actions(state)
    return FIRST if FIRST in legal else legal[0]
"""
    try:
        game = game_against(code, files=(("weights.txt", b"4"),), opponent="alphabeta:1")
    finally:
        listener.close()
    assert game["forfeit"] is None, game["reason"]
    assert game["moves"][0] == 4                       # read from its own file
    assert not (tmp_path / "planted.txt").exists()


def test_an_agent_reads_its_files_whatever_the_instructors_umask():
    code = "with open('book/first.txt') as f:\n    FIRST = int(f.read())\ndef agent(game, state):\n" \
           "    legal = game.actions(state)\n    return FIRST if FIRST in legal else legal[0]\n"
    before = os.umask(0o077)                         # files and folders private to the instructor, by default
    try:
        game = game_against(code, files=(("book/first.txt", b"4"),))
    finally:
        os.umask(before)
    assert game["forfeit"] is None, game["reason"]
    assert game["moves"][0] == 4


def test_the_referees_games_are_the_arenas_games():
    """The same deterministic agents from the same opening: the sandboxed game and an in-process game agree."""
    game = make_game("connect4")
    tasks = contest.schedule.round_robin([baseline("alphabeta:1"), baseline("alphabeta:2")], "connect4", {},
                                         games_per_pair=2, openings=2, seed=5, key=bytes(32),
                                         budget=Budget(10.0))
    for task in tasks:
        played = play_game(task)
        state = game.initial_state
        for m in task.opening:
            state = game.result(state, m)
        agents = [make_agent(e.reference, game) for e in task.seats]
        record = play(game, agents, state=state)
        assert played["moves"][len(task.opening):] == list(record.moves)
        expected = {0: "1-0", 1: "0-1", None: "1/2-1/2"}[record.winner]
        assert played["result"] == expected and played["forfeit"] is None


def submissions(folder):
    os.makedirs(folder, exist_ok=True)
    (folder / "first.py").write_text(FIRST)
    (folder / "last.py").write_text("def agent(game, state):\n    return game.actions(state)[-1]\n")
    (folder / "lucky.py").write_text("import random\ndef agent(game, state):\n"
                                     "    return random.choice(game.actions(state))\n")
    return folder


def sharing_a_key(*folders, key=None):
    """Make ``folders`` hold one secret key (``key``, or a random one), so that the contests run in them play the
    same games (copying ``secret.key`` is how a contest is played again elsewhere)."""
    key = os.urandom(KEY_BYTES) if key is None else key
    for folder in folders:
        os.makedirs(folder, exist_ok=True)
        (folder / KEY).write_bytes(key)


def moves_by_id(result):
    return {g["id"]: (g["seats"], g["moves"], g["result"]) for g in result.games}


def test_sequential_the_local_pool_and_dask_play_the_same_contest(tmp_path):
    distributed = pytest.importorskip("distributed")
    subs = submissions(tmp_path / "subs")
    settings = dict(baselines=["alphabeta:2"], games_per_pair=2, time_per_move=5.0, seed=9, progress=False)
    sharing_a_key(tmp_path / "one", tmp_path / "pool", tmp_path / "dask")
    alone = contest.run("tictactoe", subs, out=tmp_path / "one", workers=1, **settings)
    pooled = contest.run("tictactoe", subs, out=tmp_path / "pool", workers=2, **settings)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as c:
        with distributed.Client(c) as client:
            dask = contest.run("tictactoe", subs, out=tmp_path / "dask", scheduler=client, **settings)
    assert len(alone.games) == 12 and alone.finished
    assert moves_by_id(alone) == moves_by_id(pooled) == moves_by_id(dask)
    assert alone.standings() == pooled.standings() == dask.standings()
    for name in FILES:
        assert (tmp_path / "dask" / name).stat().st_size > 0


def interrupted(monkeypatch, after, start) -> list:
    """Run ``start()`` with a Ctrl-C in place of its game number ``after + 1``; the ids of the games it played."""
    real, calls = contest.play.play_game, []

    def stopping(task):
        if len(calls) == after:
            raise KeyboardInterrupt
        calls.append(task.id)
        return real(task)

    monkeypatch.setattr(contest.play, "play_game", stopping)
    with pytest.raises(KeyboardInterrupt):
        start()
    monkeypatch.setattr(contest.play, "play_game", real)
    return calls


def test_a_stopped_contest_resumes_without_playing_a_finished_game_again(tmp_path, monkeypatch):
    subs = submissions(tmp_path / "subs")
    settings = dict(games_per_pair=2, time_per_move=5.0, seed=4, progress=False, workers=1)
    sharing_a_key(tmp_path / "c", tmp_path / "whole")
    real = contest.play.play_game
    calls = interrupted(monkeypatch, 3, lambda: contest.run("tictactoe", subs, out=tmp_path / "c", **settings))
    assert len(contest.load(tmp_path / "c").games) == 3
    later = []
    monkeypatch.setattr(contest.play, "play_game", lambda task: later.append(task.id) or real(task))
    resumed = contest.run("tictactoe", subs, out=tmp_path / "c", **settings)
    assert len(later) == 3 and not set(later) & set(calls)
    monkeypatch.setattr(contest.play, "play_game", real)
    whole = contest.run("tictactoe", subs, out=tmp_path / "whole", **settings)
    assert moves_by_id(resumed) == moves_by_id(whole)
    assert contest.load(tmp_path / "c").standings() == whole.standings()


def test_a_swiss_contest_pairs_by_results_and_resumes_to_the_same_pairings(tmp_path, monkeypatch):
    subs = submissions(tmp_path / "subs")
    settings = dict(baselines=["solver", "random"], format="swiss", rounds=3, games_per_pair=2, time_per_move=5.0,
                    seed=8, progress=False, workers=1)
    sharing_a_key(tmp_path / "whole", tmp_path / "c")
    whole = contest.run("tictactoe", subs, out=tmp_path / "whole", **{**settings, "workers": 2})
    assert len(whole.games) == whole.planned == 3 * 2 * 2 and whole.finished
    assert len(whole.byes) == 3 and len({name for _, name in whole.byes}) == 3
    rounds = {}
    for g in whole.games:
        rounds.setdefault(g["id"].split(":")[0], set()).update(g["pair"])
    assert all(len(seated) == 4 for seated in rounds.values())
    interrupted(monkeypatch, 5, lambda: contest.run("tictactoe", subs, out=tmp_path / "c", **settings))  # mid round 2
    resumed = contest.run("tictactoe", subs, out=tmp_path / "c", **settings)
    assert moves_by_id(resumed) == moves_by_id(whole) and resumed.byes == whole.byes
    assert contest.load(tmp_path / "c").byes == whole.byes
    assert "·" in str(whole)                      # pairs that never met


def test_the_command_runs_a_contest_and_writes_the_leaderboard(tmp_path):
    subs = submissions(tmp_path / "subs")
    (subs / "broken.py").write_text("def agent(\n")
    out, err = io.StringIO(), io.StringIO()
    code = main(["contest", "--game", "tictactoe", "--agents", str(subs), "--baseline", "solver",
                 "--games-per-pair", "2", "--time-per-move", "5", "--seed", "3", "--workers", "2",
                 "--out", str(tmp_path / "out"), "--no-progress"], stdout=out, stderr=err)
    assert code == 0, err.getvalue()
    text = out.getvalue()
    assert "Contest of tictactoe: 4 agents, 12 games" in text and "broken was left out" in text
    assert text.index("solver") < text.index("first")                  # the solver never loses
    with open(tmp_path / "out" / "leaderboard.csv") as f:
        rows = f.read().splitlines()
    assert rows[0].startswith("rank,agent,elo") and rows[1].split(",")[1] == "solver"
    settings = json.loads((tmp_path / "out" / "contest.json").read_text())
    assert settings["seed"] == 3 and settings["time_per_move"] == 5.0
    # The same command again finds every game played and plays none.
    again = io.StringIO()
    assert main(["contest", "--game", "tictactoe", "--agents", str(subs), "--baseline", "solver",
                 "--games-per-pair", "2", "--time-per-move", "5", "--seed", "3", "--workers", "1",
                 "--out", str(tmp_path / "out"), "--no-progress"], stdout=again, stderr=err) == 0
    assert again.getvalue() == text


def test_the_sample_submissions_load_and_play_legal_games(tmp_path):
    samples = os.path.join(os.path.dirname(__file__), os.pardir, "exercises", "contest", "sample-submissions")
    sharing_a_key(tmp_path, key=bytes(KEY_BYTES))               # the same games on every run of the test
    result = contest.run("connect4", samples, baselines=["random"], games_per_pair=1, max_nodes=300, seed=2,
                         time_per_move=10.0, out=tmp_path, progress=False)
    assert sorted(result.agents) == ["ana", "ben", "centre", "random"] and not result.excluded
    assert len(result.games) == 6 and not result.forfeits()
    order = [r["agent"] for r in result.standings()]
    assert order.index("random") > max(order.index("ana"), order.index("ben"))     # the samples that search
    with open(os.path.join(samples, os.pardir, "agent_template.py")) as f:
        template = f.read()
    game = play_game(GameTask("template vs random #1", "connect4", {}, (Entrant("template", (template,)),
                                                                          baseline("random")),
                              seeds=(1, 2), budget=Budget(10.0, 300)))
    assert game["forfeit"] is None and game["winner"] == "template"


@pytest.mark.parametrize("argv, words", [
    (["--game", "tictactoe"], "name a folder of submissions with --agents"),
    (["--game", "tictactoe", "--agents", "/nonexistent"], "does not exist"),
    (["--game", "tictactoe", "--baseline", "random", "random"], "two agents are called 'random'"),
    (["--game", "tictactoe", "--baseline", "random", "solver", "--size", "5x4"], "option of connect4"),
    (["--game", "tictactoe", "--baseline", "random", "solver", "--time-per-move", "0"], "positive number"),
])
def test_the_command_names_what_is_wrong(argv, words):
    err = io.StringIO()
    assert main(["contest", *argv], stdout=io.StringIO(), stderr=err) == 2
    assert words in err.getvalue()
