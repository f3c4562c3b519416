"""The stored experiments (notebooks/experiments/) re-run: every script runs, and is deterministic.

``make experiments`` rewrites the JSON files the lecture notebooks load; here
each script runs in its ``--quick`` mode (tiny sizes, a temporary folder),
twice, through the same runner.  The two runs must agree on every number
(timings, date and machine aside), offer every key of the stored file (so the
notebooks keep working), and leave the stored files untouched.
"""

from __future__ import annotations

import doctest
import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "notebooks" / "experiments"
NAMES = ("learn_connect4", "multiplayer_experiments", "pig_agents")


def runner(*args, check=True):
    """``python notebooks/experiments ARGS`` from the repository root, as ``make experiments`` runs it."""
    done = subprocess.run([sys.executable, str(FOLDER), *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)
    if check:
        assert done.returncode == 0, done.stderr[-3000:]
    return done


def module(name):
    """An experiment script (or ``provenance``) imported as the runner imports it."""
    if str(FOLDER) not in sys.path:
        sys.path.insert(0, str(FOLDER))
    return importlib.import_module(name)


def stored(name) -> dict:
    return json.loads((FOLDER / f"{name}.json").read_text())


@pytest.fixture(scope="module")
def quick_runs(tmp_path_factory):
    """Two quick runs of all three experiments, each into its own folder; the stored files' bytes before."""
    before = {name: (FOLDER / f"{name}.json").read_bytes() for name in NAMES}
    folders = [tmp_path_factory.mktemp(f"run{i}") for i in (1, 2)]
    for folder in folders:
        runner("--quick", "--no-progress", "--output", str(folder))
    runs = [{name: json.loads((folder / f"{name}.json").read_text()) for name in NAMES} for folder in folders]
    return before, runs


@pytest.mark.parametrize("name", NAMES)
def test_quick_runs_are_deterministic(quick_runs, name):
    provenance = module("provenance")
    _, (first, second) = quick_runs
    assert provenance.stable(first[name]) == provenance.stable(second[name])
    assert first[name]["produced_by"]["date"]                     # the volatile part is there, just not compared


@pytest.mark.parametrize("name", NAMES)
def test_quick_run_offers_every_key_of_the_stored_file(quick_runs, name):
    provenance = module("provenance")
    _, (run, _) = quick_runs
    have, old = provenance.key_paths(run[name]), provenance.key_paths(stored(name))
    assert old <= have, sorted(old - have)
    if "produced_by" in stored(name):                            # written by the current script: the same keys
        assert have == old, sorted(have ^ old)


def test_quick_runs_leave_the_stored_files_alone(quick_runs):
    before, _ = quick_runs
    assert {name: (FOLDER / f"{name}.json").read_bytes() for name in NAMES} == before


@pytest.mark.parametrize("name", NAMES)
def test_quick_run_records_what_produced_it(quick_runs, name):
    script = module(name)
    _, (run, _) = quick_runs
    record = run[name]["produced_by"]
    assert record["script"] == f"notebooks/experiments/{name}.py" and record["quick"] is True
    assert record["parameters"] == json.loads(json.dumps(script.QUICK))
    assert record["advsearch"] == module("provenance").advsearch.__version__
    assert record["seeds"] and record["seconds"] >= 0


@pytest.mark.parametrize("name", NAMES)
def test_stored_file_comes_from_the_full_settings(name):
    """The numbers the notebooks show were produced with the settings the script has now."""
    script, data = module(name), stored(name)
    if "produced_by" in data:
        record = data["produced_by"]
        assert record["quick"] is False and record["script"] == f"notebooks/experiments/{name}.py"
        assert record["parameters"] == json.loads(json.dumps(script.FULL))
    if name == "pig_agents":
        full = script.FULL
        assert data["goal"] == full["goal"] and data["settings"]["games"] == full["games"]
        assert data["settings"]["depths"] == full["depths"]
        assert data["settings"]["exact_depths"] == full["exact_depths"]
        assert all(m["seed"] == script.match_seed(m["depth"], m["opponent"]) for m in data["simulated"])
    elif name == "learn_connect4":
        assert data["training"]["settings"] == {**script.FULL["training"], "seed": script.SEED}
        assert [m["games"] for m in data["tournament"]["matches"]] == [script.FULL["match"]["games"]] * 3
    else:
        assert data["settings"]["threat_ads"] == script.FULL["threat_ads"]
        assert all(row["games"] == script.FULL["threat_ads"]["games"] for row in data["threat_ads"])


def test_quick_numbers_hang_together(quick_runs):
    """Counts add up in each quick file, and Pig's exact score is the mean of its two colours."""
    _, (run, _) = quick_runs
    for m in run["learn_connect4"]["tournament"]["matches"] + run["pig_agents"]["simulated"]:
        assert m["wins"] + m["draws"] + m["losses"] == m["games"]
    for e in run["pig_agents"]["exact"]:
        assert e["expected_score"] == pytest.approx((e["wins_moving_first"] + e["wins_moving_second"]) / 2)
    quick = module("multiplayer_experiments").QUICK
    for row in run["multiplayer_experiments"]["threat_ads"]:
        assert row["games"] == quick["threat_ads"]["games"] == len(row["per_game"]["plain"])
    tournament = run["multiplayer_experiments"]["tournament"]
    assert [t["games"] for t in tournament] == [6 * quick["tournament"]["openings"]] * 2   # 3! seatings an opening


def test_quick_never_writes_the_stored_files():
    done = runner("--quick", "--output", str(FOLDER), "learn_connect4", check=False)
    assert done.returncode != 0 and "never writes into notebooks/experiments/" in done.stderr


def test_unknown_experiment_is_named():
    done = runner("--quick", "connect5", check=False)
    assert done.returncode != 0 and "no experiment named 'connect5'" in done.stderr


def test_provenance_examples():
    assert doctest.testmod(module("provenance")).failed == 0
