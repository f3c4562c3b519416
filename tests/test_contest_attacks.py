"""Class contests against a student who has read the contest's code: each attack is tried, and fails.

The attacks on what a student hands in (links, hard links, pipes, caps,
notebooks that break the parser, names) need no sandbox; the ones that play
(an agent that works out its opponent's seed, agents whose errors, moves
and names are huge) run in bubblewrap and are skipped where it cannot start.
"""

from __future__ import annotations

import csv
import io
import json
import os
import socket
import stat
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advsearch import contest
from advsearch.sandbox import bubblewrap as sandbox
from advsearch.cli import main
from advsearch.contest import ContestResult, Entrant, GameTask, load_entrants, play_game
from advsearch.contest import freeze
from advsearch.contest.echo import MAX_ECHO, echoed
from advsearch.contest.entrants import MAX_NAME, Budget
from advsearch.contest.handin import MAX_FOLDER_BYTES, MAX_FOLDER_ENTRIES
from advsearch.contest.leaderboard import write_leaderboard
from advsearch.contest.schedule import round_robin, seed_of
from advsearch.contest.seat import Seat
from advsearch.contest.secret import KEY, KEY_BYTES, contest_key, keyed_seed

AGENT = "def agent(game, state):\n    return game.actions(state)[0]\n"
SECRET = "# the instructor's own agent\n" + AGENT
#: Room for the "…(+N more)" that says how much of a string was cut.
CUT_MARK = 20

needs_sandbox = pytest.mark.skipif(sandbox.available() is not None, reason=f"no sandbox here: {sandbox.available()}")


def write(path, text=""):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


@pytest.fixture
def course(tmp_path):
    """A submissions folder with an honest bob in it, and a file outside it that no student may play."""
    write(tmp_path / "subs" / "bob.py", "# bob's own\n" + AGENT)
    write(tmp_path / "outside" / "contest" / "agent.py", SECRET)
    return tmp_path


def entered(course) -> tuple:
    """``(code of each entrant, reasons of those left out)``; bob must still play his own code."""
    entrants, skipped = load_entrants(course / "subs")
    code = {e.name: "".join(e.cells) + "".join(data.decode() for _, data in e.files) for e in entrants}
    assert not any("instructor's own" in text for text in code.values())
    assert all(len(why) <= MAX_ECHO + CUT_MARK and "\n" not in why for why in skipped.values())
    return code, skipped


# --- Links: every kind is refused with a reason, and only that submission is left out. ---

PLACES = ["mallory", "mallory.py", "mallory.ipynb", "mallory/agent.py", "mallory/contest", "mallory/contest/agent.py",
          "mallory/.cache", "mallory/data", "mallory/data/book.txt", "mallory/contest/data"]     # where things go
THINGS = ["folder", "agent", "file", "link outside", "folder link outside", "link to bob", "dangling link",
          "hard link outside", "pipe"]


def plant(course, place, thing):
    """Make ``thing`` at ``place`` in the submissions folder: a file, a folder, a link, a hard link or a pipe."""
    path, outside = course / "subs" / place, course / "outside" / "contest" / "agent.py"
    if thing == "folder":
        os.makedirs(path)
    elif thing in ("agent", "file"):
        with open(path, "x") as f:
            f.write(AGENT if thing == "agent" else "data")
    elif thing == "pipe":
        os.mkfifo(path)
    elif thing == "hard link outside":
        os.link(outside, path)
    else:
        os.symlink({"link outside": outside, "folder link outside": outside.parent,
                    "link to bob": course / "subs" / "bob.py", "dangling link": course / "nowhere"}[thing], path)


MALLORY = [("mallory", "folder"), ("mallory/agent.py", "agent")]
LINKS = {
    "a file linked to a classmate's": [("mallory.py", "link to bob")],
    "a file linked to one outside": [("mallory.py", "link outside")],
    "a folder linked to one outside": [("mallory", "folder link outside")],
    "a sub-folder linked outside": [("mallory", "folder"), ("mallory/contest", "folder link outside")],
    "agent.py linked outside": [("mallory", "folder"), ("mallory/contest", "folder"),
                                ("mallory/contest/agent.py", "link outside")],
    "a data file linked beside the agent": MALLORY + [("mallory/data", "folder"),
                                                      ("mallory/data/book.txt", "link outside")],
    "a dangling link, as unzip leaves": [("mallory", "dangling link")],
    "a dangling link inside": MALLORY + [("mallory/data", "dangling link")],
    "a hidden link": MALLORY + [("mallory/.cache", "folder link outside")],
}


@pytest.mark.parametrize("plan", LINKS.values(), ids=LINKS.keys())
def test_a_link_anywhere_in_a_submission_is_refused_with_a_reason(course, plan):
    for place, thing in plan:
        plant(course, place, thing)
    code, skipped = entered(course)
    assert list(code) == ["bob"] and code["bob"].startswith("# bob's own")
    assert list(skipped) == ["mallory"] and "is a symbolic link" in skipped["mallory"]


@settings(max_examples=150, deadline=None)
@given(plan=st.lists(st.tuples(st.sampled_from(PLACES), st.sampled_from(THINGS)), max_size=6))
def test_whatever_a_submission_holds_it_plays_only_its_own_regular_files(tmp_path_factory, plan):
    course = tmp_path_factory.mktemp("course")
    write(course / "subs" / "bob.py", "# bob's own\n" + AGENT)
    write(course / "outside" / "contest" / "agent.py", SECRET)
    for place, thing in plan:
        try:
            plant(course, place, thing)
        except OSError:                                   # the place is taken, or its folder is not one
            pass
    code, skipped = entered(course)                       # never the instructor's code, and every reason short
    assert code["bob"].startswith("# bob's own")
    planted = [os.path.join(root, name) for root, folders, names in os.walk(course / "subs" / "mallory")
               for name in folders + names]
    if any(os.path.islink(p) or not (os.path.isdir(p) or os.path.isfile(p)) for p in planted):
        assert "mallory" not in code and "mallory" in skipped


def test_a_hard_link_is_refused_for_both_names_with_the_inode_to_find_them(course):
    os.link(course / "subs" / "bob.py", course / "subs" / "mallory.py")
    write(course / "subs" / "eve" / "agent.py", AGENT)
    os.link(course / "outside" / "contest" / "agent.py", course / "subs" / "eve" / "notes.py")
    code, skipped = entered(course)
    inode = os.stat(course / "subs" / "bob.py").st_ino
    assert code == {}                           # bob too: which of the two names is the original cannot be told
    assert f"bob.py has 2 names (a hard link, inode {inode})" in skipped["bob"]
    assert f"mallory.py has 2 names (a hard link, inode {inode})" in skipped["mallory"]
    assert "eve/notes.py has 2 names" in skipped["eve"]


def test_pipes_sockets_and_devices_are_refused_and_never_opened(course):
    os.mkfifo(course / "subs" / "mallory.py")                   # nobody writes: opening it to read would wait
    write(course / "subs" / "eve" / "agent.py", AGENT)
    os.mkfifo(course / "subs" / "eve" / "book.txt")
    write(course / "subs" / "oscar" / "agent.py", AGENT)
    with socket.socket(socket.AF_UNIX) as s:
        s.bind(str(course / "subs" / "oscar" / "sock"))
        code, skipped = entered(course)
    assert list(code) == ["bob"]
    assert skipped["mallory"] == "mallory.py is a named pipe, not a file or a folder"
    assert skipped["eve"] == "eve/book.txt is a named pipe, not a file or a folder"
    assert skipped["oscar"] == "oscar/sock is a socket, not a file or a folder"


def test_a_device_is_refused(course):
    try:
        os.mknod(course / "subs" / "mallory.py", 0o600 | stat.S_IFCHR, os.makedev(1, 5))     # as /dev/zero
    except PermissionError:
        pytest.skip("only root makes devices")
    code, skipped = entered(course)
    assert list(code) == ["bob"] and skipped["mallory"] == "mallory.py is a device, not a file or a folder"


# --- Caps: what is copied for every game is small, and counting it is cheap. ---

@pytest.mark.parametrize("layout", ["flat", "hidden", "nested", "beside the agent's folder"])
def test_too_many_files_are_refused_hidden_and_nested_ones_too(course, layout):
    home = course / "subs" / "mallory" / "contest"
    write(home / "agent.py", AGENT)
    for i in range(MAX_FOLDER_ENTRIES + 1):
        if layout == "flat":
            write(home / f"f{i}")
        elif layout == "hidden":
            write(home / f".f{i}")
        elif layout == "nested":
            os.makedirs(home / "d" / f"d{i}")
        else:
            write(course / "subs" / "mallory" / f"f{i}")
    code, skipped = entered(course)
    assert list(code) == ["bob"] and f"more than {MAX_FOLDER_ENTRIES} files and folders" in skipped["mallory"]


def test_one_file_short_of_the_cap_plays_and_hidden_files_are_not_copied(course):
    home = course / "subs" / "mallory"
    write(home / "agent.py", AGENT)
    write(home / ".git" / "HEAD", "ref: main")
    for i in range(MAX_FOLDER_ENTRIES - 2):
        write(home / f"f{i}")
    entrants, skipped = load_entrants(course / "subs")
    mallory, = [e for e in entrants if e.name == "mallory"]
    assert not skipped and len(mallory.files) == MAX_FOLDER_ENTRIES - 1
    assert not any(path.startswith(".") for path, _ in mallory.files)


@pytest.mark.parametrize("where", ["mallory.py", "mallory/agent.py", "mallory/data/blob.bin"])
def test_too_many_bytes_are_refused_a_single_file_too(course, where):
    if where != "mallory.py":
        write(course / "subs" / "mallory" / "agent.py", AGENT)
    write(course / "subs" / where, AGENT)
    os.truncate(course / "subs" / where, MAX_FOLDER_BYTES + 1)          # sparse: costs the disk nothing
    code, skipped = entered(course)
    assert list(code) == ["bob"] and f"more than {MAX_FOLDER_BYTES >> 20} MiB" in skipped["mallory"]


@pytest.mark.parametrize("notebook, words", [
    ("[" * 100_000 + "]" * 100_000, "RecursionError"),                  # json's parser recurses
    ('{"cells": [{"cell_type": "code", "source": 7}]}', "TypeError"),
    ('{"cells": 7}', "TypeError"),
    ("\udcff", "could not be read"),
])
def test_a_notebook_that_breaks_the_parser_leaves_out_only_itself(course, notebook, words):
    with open(course / "subs" / "mallory.ipynb", "w", errors="surrogateescape") as f:
        f.write(notebook)
    code, skipped = entered(course)
    assert list(code) == ["bob"] and words in skipped["mallory"]


@pytest.mark.parametrize("name, words", [
    ("m" * (MAX_NAME + 1), f"longer than {MAX_NAME} characters"),
    ("mallory\nrandom 1-0 bob", "cannot be printed"),
    ("mallory\x1b]0;owned\x07", "cannot be printed"),
    ("mallory\udcff", "cannot be printed"),                 # bytes that are not UTF-8
    ("bob vs carol", "which separates the agents in a game's id"),     # with bob and carol: one id, two games
])
def test_a_name_too_long_or_that_cannot_be_printed_is_refused(course, name, words):
    os.makedirs(os.fsencode(course / "subs" / name))
    with open(os.path.join(os.fsencode(course / "subs" / name), b"agent.py"), "w") as f:
        f.write(AGENT)
    code, skipped = entered(course)
    (shown, why), = skipped.items()
    assert list(code) == ["bob"] and words in why
    assert shown.isprintable() and len(shown) <= MAX_ECHO + CUT_MARK


def test_game_ids_are_unique_whatever_the_names(tmp_path):
    with pytest.raises(ValueError, match="'x vs y' has ' vs ' in its name"):
        contest.run("tictactoe", [Entrant(n, (AGENT,)) for n in ("x", "x vs y", "y vs z", "z")], out=tmp_path)


def test_a_file_name_that_is_not_text_leaves_out_that_submission(course):
    write(course / "subs" / "mallory" / "agent.py", AGENT)
    with open(os.path.join(os.fsencode(course / "subs" / "mallory"), b"w\xff.bin"), "wb") as f:
        f.write(b"1")                                           # the digest of its files stopped the contest
    code, skipped = entered(course)
    assert list(code) == ["bob"] and "mallory holds a name that cannot be printed" in skipped["mallory"]
    assert Entrant("m", (AGENT,), (("w\udcff.bin", b"1"),)).digest                 # given as a list, too


def test_no_cell_of_the_contests_tables_is_a_formula_to_a_spreadsheet(tmp_path):
    names = ('=HYPERLINK("http:evil.example","x")', "@SUM(1+1)*cmd|' \\C calc'!A0", "+1+1", "-x", "bob")
    games = tuple({"id": f"{a} vs {b} #1", "pair": [a, b], "seats": [a, b], "result": "0-1", "winner": b,
                   "forfeit": a, "fault": "crash", "reason": f"{a} raised ValueError: =1+1"}
                  for i, a in enumerate(names) for b in names[i + 1:])
    write_leaderboard(ContestResult("tictactoe", names, games, planned=len(games)), tmp_path)
    for table in ("leaderboard.csv", "crosstable.csv", "forfeits.csv"):
        with open(tmp_path / table, newline="") as f:
            cells = [cell for row in csv.reader(f) for cell in row]
        for cell in cells:
            if cell[:1] in ("=", "+", "-", "@"):
                float(cell)                                      # a number (a negative Elo), not a formula
    assert "'=HYPERLINK" in (tmp_path / "leaderboard.csv").read_text()


def test_names_that_matplotlib_would_read_as_mathematics_do_not_stop_the_leaderboard(tmp_path):
    names = ("$$", "$\\nosuch$", "a$^$")
    games = tuple({"id": f"{a} vs {b} #1", "pair": [a, b], "seats": [a, b], "result": "1-0", "winner": a,
                   "forfeit": None, "fault": None, "reason": "game over"}
                  for i, a in enumerate(names) for b in names[i + 1:])
    result = ContestResult("tictactoe", names, games, planned=len(games))
    page = tmp_path / "leaderboard.html"
    write_leaderboard(result, tmp_path)                          # raised ValueError from mathtext before
    assert "data:image/png;base64," in page.read_text()


# --- Seeds: an agent's seed cannot be computed from what is public. ---

def schedule(folder, seed=2026):
    entrants = [Entrant("mallory", (AGENT,)), contest.baseline("random"), contest.baseline("mcts:50")]
    return round_robin(entrants, "connect4", {}, games_per_pair=2, openings=2, seed=seed,
                       key=contest_key(folder), budget=Budget(1.0))


def test_an_agents_seed_is_not_computable_from_the_contest_seed_and_the_game_id(tmp_path):
    (tmp_path / "a").mkdir()
    tasks = schedule(tmp_path / "a")
    for task in tasks:
        for entrant, seed in zip(task.seats, task.seeds):
            public = [seed_of(2026, task.id, entrant.name), seed_of(2026, task.id), seed_of(task.id, entrant.name),
                      seed_of(2026, task.id, entrant.name, 0), keyed_seed(b"", 2026, task.id, entrant.name)]
            assert seed not in public
    os.makedirs(tmp_path / "b")
    elsewhere = schedule(tmp_path / "b")                       # the same seed and names, another contest's key
    assert all(x.seeds[0] != y.seeds[0] and x.seeds[1] != y.seeds[1] for x, y in zip(tasks, elsewhere))
    assert [t.opening for t in tasks] == [t.opening for t in elsewhere]       # the openings are the seed's
    assert schedule(tmp_path / "a") == tasks                   # a contest resumed in its folder: the same games


def test_the_key_is_private_and_one_that_is_not_a_key_is_refused(tmp_path):
    key = contest_key(tmp_path)
    assert len(key) == KEY_BYTES and os.stat(tmp_path / KEY).st_mode & 0o777 == 0o600
    (tmp_path / "b").mkdir()
    os.symlink(tmp_path / KEY, tmp_path / "b" / KEY)           # a link to another contest's key
    with pytest.raises(ValueError, match="is not a contest key"):
        contest_key(tmp_path / "b")
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / KEY).write_bytes(b"0" * 31)
    with pytest.raises(ValueError, match=f"is not a contest key \\({KEY_BYTES} random bytes\\); delete it"):
        contest_key(tmp_path / "c")


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**31) | st.text(max_size=20), game_id=st.text(max_size=40), name=st.text(max_size=20))
def test_keyed_seeds_depend_on_the_key(seed, game_id, name):
    one, other = keyed_seed(b"k" * KEY_BYTES, seed, game_id, name), keyed_seed(b"K" * KEY_BYTES, seed, game_id, name)
    assert 0 <= one < 2**31 and one == keyed_seed(b"k" * KEY_BYTES, seed, game_id, name)
    assert one != other                                        # equal by chance once in 2**31


#: An agent that works out the random agent's seed as the contest made it before it had a key, makes the
#: same agent, and checks that it predicts every move its opponent played; it says so by raising.
REPLAY = """
import sys
from advsearch.contest.schedule import seed_of
from advsearch.registry import make_agent

def agent(game, state):
    moves = sys._getframe(1).f_locals["moves"]               # the mover's list of the moves so far
    me = len(moves) % 2
    theirs = [k for k in range(len(moves)) if k % 2 != me and k >= OPENING]
    if len(theirs) >= 3:
        for k in range(1, GAMES + 1):
            copy = make_agent("random", game, seed=seed_of(SEED, f"mallory vs random #{k}", "random"))
            replayed = game.initial_state
            ok = True
            for i, move in enumerate(moves):
                if i in theirs:
                    ok = ok and copy(game, replayed) == move
                replayed = game.result(replayed, move)
            if ok:
                raise RuntimeError(f"replayed random's {len(theirs)} moves in game {k}")
        if KEY_PATH and __import__("os").path.exists(KEY_PATH):
            raise RuntimeError("I can see the contest's key")
    return min(game.actions(state), key=lambda action: action[1])      # one object at a time: a long game
"""


@needs_sandbox
def test_an_agent_cannot_replay_a_reference_agent_from_the_public_seed(tmp_path, monkeypatch):
    settings = dict(baselines=["random"], games_per_pair=2, openings=2, seed=2026, time_per_move=10.0,
                    workers=1, progress=False)
    code = REPLAY.replace("OPENING", "2").replace("GAMES", "2").replace("SEED", "2026")

    def played(out, key_path):
        mallory = Entrant("mallory", (code.replace("KEY_PATH", repr(key_path)),))
        return contest.run("nim", [mallory], game_options={"heaps": (9, 9, 9)}, out=out, **settings)

    # As the contest seeded agents before it had a key: the attack works (so the test can see it) ...
    monkeypatch.setattr(contest.schedule, "keyed_seed", lambda key, *parts: seed_of(*parts))
    before = played(tmp_path / "before", "")
    assert [g["fault"] for g in before.games] == ["crash"] * 2
    assert all("replayed random's" in g["reason"] for g in before.games)
    # ... and with the key, the same agent predicts nothing, and cannot see the key (a fixed one here, so that
    # the test plays the same games every time).
    monkeypatch.undo()
    (tmp_path / "after").mkdir()
    (tmp_path / "after" / KEY).write_bytes(bytes(range(KEY_BYTES)))
    after = played(tmp_path / "after", str(tmp_path / "after" / KEY))
    assert [g["forfeit"] for g in after.games] == [None] * 2, [g["reason"] for g in after.games]


#: An agent that keeps the machine's cores busy while its opponent thinks, to make the opponent lose on time.
HOG = """
import os

def hog():
    if os.fork() == 0:
        while True:
            pass

for _ in range(3):
    hog()

def agent(game, state):
    hog()                                                # and one more at every move
    return game.actions(state)[0]
"""


def cpu_ticks(pids) -> int:
    total = 0
    for pid in pids:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])              # utime and stime
    return total


@needs_sandbox
def test_an_agents_processes_are_stopped_while_it_is_not_its_turn():
    with Seat(Entrant("hog", (HOG,)), "tictactoe", {}, seed=1, budget=Budget(5.0)) as seat:
        seat.start()
        for moves in ([], [0, 1], [0, 1, 2, 3]):
            assert seat.move(moves) == len(moves)
            family = freeze.family(seat.runner.process.pid)
            assert len(family) >= 4 + len(moves) // 2
            assert {freeze.state(pid) for pid in family} == {"T"}
            used = cpu_ticks(family)
            time.sleep(0.3)
            assert cpu_ticks(family) == used                     # not one tick while the opponent thinks


@needs_sandbox
def test_loading_has_one_time_limit_for_all_cells_not_one_a_cell(monkeypatch):
    monkeypatch.setattr(contest.seat, "LOAD_SECONDS", 3.0)
    slow = ("import time\ntime.sleep(2)\n",) * 4         # each cell under the limit, all of them well over it
    started = time.monotonic()
    game = play_game(GameTask("mallory vs random #1", "tictactoe", {},
                              (Entrant("mallory", (AGENT,) + slow), contest.baseline("random")), budget=Budget(5.0)))
    assert game["fault"] == "load" and game["reason"] == "mallory its code took more than 3 s to load"
    assert time.monotonic() - started < 3.0 + 5.0


# --- Echoes: whatever an agent says is cut before it is recorded. ---

@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=3000) | st.text(min_size=5000, max_size=20000, alphabet="x\n\x1b"))
def test_echoed_text_is_one_short_printable_line(text):
    shown = echoed(text)
    assert len(shown) <= MAX_ECHO + CUT_MARK and shown.isprintable()
    if len(text) <= MAX_ECHO and text.isprintable():
        assert shown == text


BIG = 10**6
LOUD = {
    "a huge exception message": f"def agent(game, state):\n    raise ValueError('x' * {BIG})\n",
    "a message with line breaks and escapes": "def agent(game, state):\n    raise ValueError('a\\nb\\x1b[2J' * 1000)\n",
    "a huge string as a move": f"def agent(game, state):\n    return 'x' * {BIG}\n",
    "a huge list as a move": f"def agent(game, state):\n    return list(range({BIG}))\n",
    "a huge repr": ("class Big:\n    def __repr__(self):\n        return 'x' * 10**7\n"
                    "def agent(game, state):\n    return Big()\n"),
    "a huge load error": f"raise ImportError('y' * {BIG})\n",
}


@needs_sandbox
def test_huge_messages_moves_and_reprs_are_cut_in_every_file(tmp_path):
    entrants = [Entrant(name.replace(" ", "_")[:MAX_NAME], (code,)) for name, code in LOUD.items()]
    result = contest.run("tictactoe", entrants, baselines=["random"], games_per_pair=1, time_per_move=10.0,
                         out=tmp_path, progress=False)
    assert len(result.excluded) == 1 and len(result.games) == 15
    assert {g["forfeit"] for g in result.games if g["forfeit"]} == set(result.agents) - {"random"}
    limit = MAX_NAME + MAX_ECHO + CUT_MARK
    for line in (tmp_path / "games.jsonl").read_text().splitlines():
        game = json.loads(line)
        assert len(game["reason"]) <= MAX_ECHO + CUT_MARK and game["reason"].isprintable()
        assert len(line) < 2000
    for name in ("forfeits.csv", "leaderboard.csv", "crosstable.csv"):
        with open(tmp_path / name, newline="") as f:
            assert all(len(cell) <= limit and "\n" not in cell for row in csv.reader(f) for cell in row)
    for why in json.loads((tmp_path / "excluded.json").read_text()).values():
        assert len(why) <= MAX_ECHO + CUT_MARK
    assert os.path.getsize(tmp_path / "leaderboard.html") < 200_000
    assert all(len(line) <= limit + 100 for line in str(result).splitlines())


# --- The command's errors about files are one line. ---

@pytest.mark.parametrize("out, words", [
    ("file", "the contest's folder {tmp}/file is a file, not a folder; name a new folder"),
    ("file/out", "the contest's folder {tmp}/file/out cannot be made: Not a directory"),
])
def test_out_that_cannot_be_a_folder_is_one_line(tmp_path, out, words):
    (tmp_path / "file").write_text("the instructor's")
    out, words = tmp_path / out, words.format(tmp=tmp_path)
    err = io.StringIO()
    code = main(["contest", "--game", "tictactoe", "--baseline", "random", "solver", "--out", str(out),
                 "--no-progress"], stdout=io.StringIO(), stderr=err)
    assert code == 2 and len(err.getvalue().splitlines()) == 1 and words in err.getvalue()
    assert "Traceback" not in err.getvalue() and (tmp_path / "file").read_text() == "the instructor's"


def test_a_submissions_folder_with_a_dangling_link_still_runs_its_contest(course):
    os.symlink(course / "nowhere", course / "subs" / "mallory")
    write(course / "subs" / "carol.py", AGENT)
    entrants, skipped = load_entrants(course / "subs")
    assert [e.name for e in entrants] == ["bob", "carol"] and list(skipped) == ["mallory"]


# --- The adversarial review's contest entries (exercises/assignments/attacks_review.py) lose, and stop nothing. ---

def _review_contest():
    import importlib.util
    path = os.path.join(os.path.dirname(__file__), "..", "exercises", "assignments", "attacks_review.py")
    spec = importlib.util.spec_from_file_location("attacks_review", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.CONTEST


@needs_sandbox
@pytest.mark.parametrize("attack", sorted(_review_contest()))
def test_the_reviews_contest_attacks_win_nothing_and_stop_nothing(tmp_path, attack):
    subs = tmp_path / "subs"
    write(subs / "bob.py", "# bob's own\n" + AGENT)
    for name, source in _review_contest()[attack].items():
        write(subs / name, source)
    result = contest.run("tictactoe", str(subs), baselines=["random"], games_per_pair=1, time_per_move=5.0,
                         out=tmp_path / "out", progress=False)
    attackers = set(result.agents) - {"bob", "random"}
    for game in result.games:                              # every game was played to an end or a forfeit
        assert game["result"] is not None or game["forfeit"]
    for name in ("forfeits.csv", "leaderboard.csv", "crosstable.csv"):
        with open(tmp_path / "out" / name, newline="") as f:
            assert not any(cell[:1] in ("=", "+", "@") for row in csv.reader(f) for cell in row)
    held = sum(os.lstat(os.path.join(here, f)).st_size for d in os.listdir("/tmp") if d.startswith("advsearch-agent-")
               for here, _, names in os.walk(os.path.join("/tmp", d)) for f in names)
    assert held < 16 << 20, f"agents' folders on the host hold {held:,} bytes"
    if attack in ("contest_forged_move", "contest_forged_load", "contest_fills_disk"):
        lost = [g for g in result.games if g["forfeit"] and g["forfeit"] in attackers] + \
               [a for a in result.excluded]
        assert lost, f"{attack}: the attacker neither forfeited nor was left out"
    pairs = {tuple(sorted(g["seats"])) for g in result.games}
    if attack == "contest_baseline_name":                  # left out; the reference agent plays bob
        assert "reference agent 'random'" in result.excluded["random (submission)"]
        assert pairs == {("bob", "random")}
    if attack == "contest_refused_baseline_name":          # handed in twice: left out, and random still plays
        assert "handed in 2 submissions" in result.excluded["random (submission)"] and pairs == {("bob", "random")}
    if attack == "contest_submission_suffix_name":         # the honest ones play; the others are left out
        assert set(result.agents) == {"bob", "random", "random (submission)", "carol?"}
        assert "reference agent" in result.excluded["random (submission 2)"]
        assert "cannot be printed" in result.excluded["carol? (submission)"]
    if attack == "contest_look_alike_names":
        assert set(result.agents) == {"bob", "random"}
        assert "reference agent 'Random'" in result.excluded["Random"]
        assert "starts or ends with a space" in result.excluded["random "]
