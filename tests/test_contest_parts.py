"""Class contests, the parts that need no sandbox: entrants, schedule, record, results and bad input."""

from __future__ import annotations

import json
import os
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advsearch import TicTacToe
from advsearch.arena import opening_moves, random_opening
from advsearch.contest import ContestMismatch, ContestResult, Entrant, baseline, load_entrants, run
from advsearch.contest.entrants import Budget
from advsearch.contest.handin import MAX_FOLDER_BYTES
from advsearch.contest.inside import mover
from advsearch.contest.record import GAMES, Record
from advsearch.contest.schedule import pairs, round_robin, seed_of
from advsearch.ratings import fit_elo

AGENT = "def agent(game, state):\n    return game.actions(state)[0]\n"
KEY = bytes(32)                                     # a contest's secret key, for schedules made here


def write(path, text="", data=None):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data if data is not None else text.encode())


# --- Entrants. ---

def test_a_folder_of_submissions_in_every_form(tmp_path):
    write(tmp_path / "alice.py", AGENT)
    write(tmp_path / "bob" / "contest" / "agent.py", AGENT)
    write(tmp_path / "bob" / "contest" / "weights.json", "[1, 2]")
    write(tmp_path / "carol" / "agent.py", AGENT)
    nb = {"cells": [{"cell_type": "markdown", "source": "# mine"},
                    {"cell_type": "code", "source": ["def agent(game, state):\n", "    return 0\n"]}],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    write(tmp_path / "dave.ipynb", json.dumps(nb))
    write(tmp_path / "erin" / "notes.txt", "nothing here")
    write(tmp_path / "frank.py", "   \n")
    write(tmp_path / ".hidden.py", AGENT)
    write(tmp_path / "README.md", "not an agent")
    entrants, skipped = load_entrants(tmp_path)
    assert [e.name for e in entrants] == ["alice", "bob", "carol", "dave"]
    by_name = {e.name: e for e in entrants}
    assert by_name["alice"].cells == (AGENT,) and by_name["alice"].files == ()
    assert dict(by_name["bob"].files) == {"agent.py": AGENT.encode(), "weights.json": b"[1, 2]"}
    assert by_name["dave"].cells == ("def agent(game, state):\n    return 0\n",)
    assert set(skipped) == {"erin", "frank"}
    assert "no agent.py" in skipped["erin"] and "holds no code" in skipped["frank"]


def test_a_folder_too_big_is_skipped_not_fatal(tmp_path):
    write(tmp_path / "big" / "agent.py", AGENT)
    write(tmp_path / "big" / "blob.bin", data=b"\0" * (MAX_FOLDER_BYTES + 1))
    write(tmp_path / "small.py", AGENT)
    entrants, skipped = load_entrants(tmp_path)
    assert [e.name for e in entrants] == ["small"] and "MiB" in skipped["big"]


def test_two_submissions_with_one_id_leave_out_that_id_only(tmp_path):
    write(tmp_path / "alice.py", AGENT)
    write(tmp_path / "alice" / "agent.py", AGENT)
    write(tmp_path / "bob.py", AGENT)
    entrants, skipped = load_entrants(tmp_path)
    assert [e.name for e in entrants] == ["bob"]
    assert skipped == {"alice": "alice handed in 2 submissions (alice, alice.py); leave one"}


def test_a_missing_folder_is_named(tmp_path):
    with pytest.raises(ValueError, match="does not exist or is not a folder"):
        load_entrants(tmp_path / "nope")


def test_the_digest_changes_with_code_and_files():
    a = Entrant("a", (AGENT,), (("w.txt", b"1"),))
    assert a.digest == Entrant("a", (AGENT,), (("w.txt", b"1"),)).digest
    assert a.digest != Entrant("a", (AGENT,), (("w.txt", b"2"),)).digest
    assert a.digest != Entrant("a", (AGENT + "\n",), (("w.txt", b"1"),)).digest


def test_a_reference_agent_is_checked_by_name():
    assert baseline("mcts:50").reference == "mcts:50"
    for bad, words in [("chess-master", "unknown opponent"), ("random:3", "takes no parameter"),
                       ("alphabeta:x", "bad depth"), ("alphabeta:", "nothing after the colon")]:
        with pytest.raises(ValueError, match=words):
            baseline(bad)


# --- What runs inside the sandbox, run here. ---

def test_the_mover_replays_moves_and_passes_a_budget_only_to_agents_that_take_one():
    game = TicTacToe()
    seen = []

    def two(game, state):
        seen.append(("two", state))
        return game.actions(state)[0]

    def three(game, state, budget):
        seen.append(("three", budget))
        return game.actions(state)[-1]

    assert mover(two, "tictactoe", {}, (1.0, 50))([4, 0]) == 1
    assert seen[-1] == ("two", game.result(game.result(game.initial_state, 4), 0))
    move = mover(three, "tictactoe", {}, (1.0, 50))
    assert move([4]) == 8 and seen[-1] == ("three", Budget(1.0, 50))
    assert move([0]) == 8                  # a new game: replayed from the start, not from [4]
    with pytest.raises(NameError, match="defines no function agent"):
        mover(None, "tictactoe", {}, (1.0, None))([])


# --- The schedule. ---

@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 7), games=st.integers(1, 5), seed=st.integers(0, 10**6))
def test_every_pair_plays_its_games_with_colours_balanced(n, games, seed):
    entrants = [baseline("random")] + [baseline(f"alphabeta:{d}") for d in range(1, n)]
    tasks = round_robin(entrants, "tictactoe", {}, games_per_pair=games, openings=1, seed=seed, key=KEY,
                        budget=Budget(1.0))
    assert len(tasks) == games * n * (n - 1) // 2
    assert len({t.id for t in tasks}) == len(tasks)
    per_pair = Counter(t.pair for t in tasks)
    assert set(per_pair) == set(pairs([e.name for e in entrants])) and set(per_pair.values()) == {games}
    first = Counter((t.pair, t.seats[0].name) for t in tasks)
    for a, b in per_pair:
        assert abs(first[((a, b), a)] - first[((a, b), b)]) <= 1
    # The same openings for every pair, each played from both sides when the games are even.
    by_index = {}
    for t in tasks:
        by_index.setdefault(t.id.rsplit("#", 1)[1], set()).add(t.opening)
    assert all(len(v) == 1 for v in by_index.values())


def test_openings_are_the_arenas_random_openings_from_the_contest_seed():
    game = TicTacToe()
    tasks = round_robin([baseline("random"), baseline("solver")], "tictactoe", {}, games_per_pair=4, openings=3,
                        seed=11, key=KEY, budget=Budget(1.0))
    for j, t in enumerate(tasks[::2]):
        rng = random.Random(seed_of(11, "opening", j))
        assert t.opening == opening_moves(game, 3, rng)
        state = game.initial_state
        for m in t.opening:
            state = game.result(state, m)
        assert state == random_opening(game, 3, random.Random(seed_of(11, "opening", j)))
    again = round_robin([baseline("random"), baseline("solver")], "tictactoe", {}, games_per_pair=4, openings=3,
                        seed=11, key=KEY, budget=Budget(1.0))
    assert again == tasks
    other = round_robin([baseline("random"), baseline("solver")], "tictactoe", {}, games_per_pair=4, openings=3,
                        seed=12, key=KEY, budget=Budget(1.0))
    assert [t.seeds for t in other] != [t.seeds for t in tasks]


# --- The record. ---

def test_a_torn_last_line_is_dropped_and_the_file_mended(tmp_path):
    record = Record(tmp_path, {"game": "tictactoe"})
    record.add({"id": "x #1", "result": "1-0"})
    with open(tmp_path / GAMES, "a") as f:
        f.write('{"id": "x #2", "res')                     # the crash came mid-write
    again = Record(tmp_path, {"game": "tictactoe"})
    assert [g["id"] for g in again.games] == ["x #1"]
    again.add({"id": "x #2", "result": "0-1"})
    assert [g["id"] for g in Record(tmp_path, {"game": "tictactoe"}).games] == ["x #1", "x #2"]


def test_a_record_of_another_contest_is_refused_naming_the_difference(tmp_path):
    Record(tmp_path, {"game": "tictactoe", "entrants": {"a": "1", "b": "2"}}).add({"id": "g", "result": "1-0"})
    with pytest.raises(ContestMismatch, match="code changed: b"):
        Record(tmp_path, {"game": "tictactoe", "entrants": {"a": "1", "b": "3"}})
    with pytest.raises(ContestMismatch, match="new: c"):
        Record(tmp_path, {"game": "tictactoe", "entrants": {"a": "1", "b": "2", "c": "4"}})
    fresh = Record(tmp_path, {"game": "connect4"}, restart=True)
    assert fresh.games == []


# --- Results. ---

def synthetic(names, games_per_pair, rng, faults=0.0):
    games = []
    for a, b in pairs(names):
        for k in range(games_per_pair):
            seats = [a, b] if k % 2 == 0 else [b, a]
            result = rng.choice(["1-0", "1/2-1/2", "0-1"])
            forfeit = None
            if result != "1/2-1/2" and rng.random() < faults:
                forfeit = seats[1] if result == "1-0" else seats[0]
            games.append({"id": f"{a} vs {b} #{k + 1}", "pair": [a, b], "seats": seats, "result": result,
                          "winner": {"1-0": seats[0], "0-1": seats[1]}.get(result), "forfeit": forfeit,
                          "fault": forfeit and "crash", "reason": "x"})
    return games


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 6), games=st.integers(1, 4), seed=st.integers(0, 10**6))
def test_standings_crosstable_and_ratings_agree(n, games, seed):
    names = [f"p{i}" for i in range(n)]
    record = synthetic(names, games, random.Random(seed), faults=0.3)
    result = ContestResult("tictactoe", tuple(names), tuple(record), planned=len(record))
    rows = {r["agent"]: r for r in result.standings()}
    table = result.crosstable()
    for name, row in rows.items():
        assert row["games"] == games * (n - 1) == row["wins"] + row["draws"] + row["losses"]
        assert row["score"] == pytest.approx(sum(table[name].values()))
        assert sum(row["forfeits"].values()) == sum(1 for g in record if g["forfeit"] == name)
    for a in names:                                   # points between two agents add up to their games
        for b in names:
            if a != b:
                assert table[a][b] + table[b][a] == games
    # The ratings are the arena's fit of the same matches ...
    ratings = fit_elo(result.matches(), prior=1.0)
    assert all(rows[k]["elo"] == pytest.approx(v) for k, v in ratings.items())
    # ... and in a complete round robin with equal games a pair, Bradley-Terry ranks by score.
    by_elo = sorted(names, key=lambda k: rows[k]["elo"])
    assert [rows[k]["score"] for k in by_elo] == sorted(rows[k]["score"] for k in names)


def test_a_contest_stopped_half_way_shows_what_was_played():
    names = ["a", "b", "c"]
    record = synthetic(names, 2, random.Random(1))[:2]          # a against b only
    result = ContestResult("tictactoe", tuple(names), tuple(record), planned=6)
    assert not result.finished and "2 of 6 games played so far" in result.title()
    rows = {r["agent"]: r for r in result.standings()}
    assert rows["c"]["games"] == 0 and rows["c"]["elo"] is None and rows["c"]["rank"] == 3
    assert "—" in str(result)


def test_the_leaderboard_shows_forfeits_by_kind_and_left_out_submissions():
    names = ["a", "b"]
    record = synthetic(names, 2, random.Random(3))
    record[0].update(result="0-1", winner=record[0]["seats"][1], forfeit=record[0]["seats"][0], fault="time")
    result = ContestResult("tictactoe", tuple(names), tuple(record), planned=2, excluded={"z": "no agent.py"})
    text, page = str(result), result._repr_html_()
    assert "1 time" in text and "z was left out: no agent.py" in text
    assert "<table>" in page and "data:image/png;base64," in page and "z was left out" in page


def test_the_ratings_plot_is_readable(tmp_path):
    from advsearch.drawing.mpl.style import MIN_FONT
    from advsearch.contest.leaderboard import ratings_figure
    names = [f"student{i:03d}" for i in range(12)]
    result = ContestResult("connect4", tuple(names), tuple(synthetic(names, 2, random.Random(5))), planned=132)
    fig = ratings_figure(result)
    fig.savefig(tmp_path / "r.png")
    sizes = [t.get_fontsize() for t in fig.findobj(lambda a: hasattr(a, "get_text") and a.get_text())]
    assert sizes and min(sizes) >= MIN_FONT
    assert fig.get_size_inches()[0] <= 12.8
    ax, = fig.axes
    assert [t.get_text() for t in ax.get_yticklabels()][-1] == result.standings()[0]["agent"]   # best on top


# --- Bad input, refused before any game. ---

@pytest.mark.parametrize("kwargs, words", [
    ({"games_per_pair": 0}, "games_per_pair must be a whole number >= 1"),
    ({"openings": -1}, "openings must be a whole number >= 0"),
    ({"time_per_move": -1.0}, "time_per_move"),
    ({"max_nodes": 0}, "max_nodes"),
    ({"memory_mb": 10}, "memory_mb must be a whole number >= 64"),
    ({"workers": 0}, "workers must be a whole number >= 1"),
    ({"baselines": ["chess-master"]}, "unknown opponent"),
    ({"game_options": {"size": (3, 3), "heaps": (1,)}}, "connect4 has no option heaps"),
])
def test_bad_settings_are_named(tmp_path, kwargs, words):
    game = "connect4"
    with pytest.raises(ValueError, match=words):
        run(game, [Entrant("a", (AGENT,)), Entrant("b", (AGENT,))], out=tmp_path, progress=False, **kwargs)
    assert not (tmp_path / GAMES).exists()


def test_an_unknown_game_two_names_alike_and_a_list_of_the_wrong_things(tmp_path):
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        run("chess", [], out=tmp_path)
    with pytest.raises(ValueError, match="two agents are called 'random'"):
        run("tictactoe", [Entrant("random", (AGENT,))], baselines=["random"], out=tmp_path, progress=False)
    with pytest.raises(ValueError, match="a folder of submissions or a list of Entrant"):
        run("tictactoe", ["alice.py"], out=tmp_path, progress=False)


# --- The Swiss format. ---

@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 9), seed=st.integers(0, 10**6), data=st.data())
def test_a_swiss_round_pairs_everyone_once_like_scores_first(n, seed, data):
    from advsearch.contest.schedule import swiss_pairs
    names = [f"p{i}" for i in range(n)]
    points = {name: data.draw(st.integers(0, 3)) for name in names}
    met = {frozenset(p) for p in data.draw(st.lists(st.sampled_from(pairs(names)), max_size=n))}
    byes = set(data.draw(st.lists(st.sampled_from(names), max_size=n - 1)))
    chosen, bye = swiss_pairs(names, points, met, byes, seed, 1)
    seated = [x for p in chosen for x in p] + ([bye] if bye else [])
    assert sorted(seated) == sorted(names) and (bye is not None) == (n % 2 == 1)
    if bye is not None and byes != set(names):
        assert bye not in byes
    top = max(chosen, key=lambda p: max(points[p[0]], points[p[1]]))   # the leader meets someone
    assert max(points[x] for x in top) == max(points[x] for x in seated if x != bye)
    for a, b in chosen:              # a rematch only when every other partner left had been met
        if frozenset((a, b)) in met:
            later = [x for p in chosen[chosen.index((a, b)):] for x in p if x not in (a, b)]
            assert all(frozenset((a, x)) in met for x in later)


def test_swiss_settings_are_checked(tmp_path):
    two = [Entrant("a", (AGENT,)), Entrant("b", (AGENT,))]
    with pytest.raises(ValueError, match="format must be one of round-robin, swiss"):
        run("tictactoe", two, format="knockout", out=tmp_path)
    with pytest.raises(ValueError, match="rounds are for the Swiss format"):
        run("tictactoe", two, rounds=3, out=tmp_path)
    with pytest.raises(ValueError, match="rounds must be a whole number >= 1"):
        run("tictactoe", two, format="swiss", rounds=0, out=tmp_path)


def test_load_shows_a_recorded_contest_without_the_games_of_a_submission_left_out(tmp_path):
    from advsearch.contest import load
    from advsearch.contest.archive import EXCLUDED
    settings = {"game": "tictactoe", "games_per_pair": 2, "entrants": {"a": "1", "b": "2", "c": "3"}}
    record = Record(tmp_path, settings)
    for g in synthetic(["a", "b", "c"], 2, random.Random(2)):
        record.add(g)
    (tmp_path / EXCLUDED).write_text(json.dumps({"c": "its code failed to load"}))
    result = load(tmp_path)
    assert result.agents == ("a", "b") and result.planned == 2 and len(result.games) == 2
    assert all("c" not in g["seats"] for g in result.games) and result.excluded == {"c": "its code failed to load"}
    with pytest.raises(ValueError, match="holds no contest"):
        load(tmp_path / "elsewhere")
