"""Class contests: games per second of ``advsearch.contest.run``, one game at a time, on the local pool, on Dask.

``python -m benchmarks.bench_contest [--quick] [--agents N]``.  It writes N agent files (20; 4 with
``--quick``) into a temporary folder, half alpha-beta (iterative deepening at a fixed node budget per
move, each with its own weights of the Connect Four evaluation), half MCTS (a fixed number of iterations,
each with its own exploration constant), and plays their round robin of Connect Four three times:
sequentially (``workers=1``), on the local process pool (every core), and on a Dask ``LocalCluster`` of
two single-threaded worker processes (its start-up timed apart).  Fixed budgets make the games
deterministic, so the three records must hold the same moves; the script says whether they do.

Then it breaks a game's time down (sandbox start-up, the agents' thinking, the rest), measures what
each game costs the main process (the record's fsync, the pool's or Dask's hand-over of a trivial
task), times the leaderboard's fit for 200 synthetic agents, and estimates a contest of 200 agents on
1, 8 and 64 cores.  The full run takes about 8 minutes on 2 idle cores; ``--quick`` (12 games a run)
takes about half a minute and is a smoke run, too short for its ratios to mean anything.
It prints only; nothing is asserted about time: the machine is shared and timings are noisy.
"""

import contextlib
import logging
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from advsearch import contest
from advsearch.contest import play as contest_play
from advsearch.contest.pool import InProcess, default_workers, executor, play_all
from advsearch.contest.record import Record
from advsearch.contest.seat import Seat
from advsearch.contest.secret import KEY, contest_key
from advsearch.ratings import fit_elo

NODES = 200                     # alpha-beta nodes per move; MCTS gets NODES // 2 iterations
TIME_PER_MOVE = 10.0            # generous: a busy machine must not turn a slow move into a forfeit
SEED = 19
BIG = 200                       # the contest the estimate is for

ALPHABETA = '''"""Alpha-beta by iterative deepening within the contest's node budget, with my own weights."""
from advsearch import iterative_deepening
from advsearch.evaluation import Linear, connect4_features

WEIGHTS = {weights!r}
_evaluate = None


def agent(game, state, budget):
    global _evaluate
    if _evaluate is None:
        _evaluate = Linear(connect4_features(game), WEIGHTS)
    return iterative_deepening(game, state, evaluate=_evaluate, max_nodes=budget.max_nodes,
                               order=game.move_order).move
'''

MCTS = '''"""UCT with a fixed number of iterations per move and my own exploration constant."""
import random

from advsearch import agents

agent = agents.mcts({iterations}, c={c}, seed=random.getrandbits(32))   # random is seeded per game
'''


def write_agents(folder, n):
    """Write ``n`` agent files into ``folder``: the first half alpha-beta (``abNN.py``), then MCTS (``mctsNN.py``)."""
    rng = random.Random(SEED)
    base = {"centre": 0.01, "twos": 0.005, "threes": 0.02, "threats": 0.05}
    searchers = (n + 1) // 2
    for k in range(n):
        if k < searchers:
            weights = {f: round(w * rng.uniform(0.5, 1.5), 5) for f, w in base.items()}
            name, text = f"ab{k:02d}", ALPHABETA.format(weights=weights)
        else:
            j = k - searchers
            c = round(0.5 + 1.5 * j / max(1, n - searchers - 1), 3)
            name, text = f"mcts{j:02d}", MCTS.format(iterations=NODES // 2, c=c)
        (Path(folder) / f"{name}.py").write_text(text)


@contextlib.contextmanager
def phases():
    """Time what ``contest.run`` does in this process: each ``play_all`` by the function it runs (``_checked``,
    ``play_game``), and the seats' start and close in each (only seen when the games run here, ``workers=1``)."""
    seconds, seats, original = {}, {}, contest_play.play_all
    start_seat, close_seat, now = Seat.start, Seat.close, [None]

    def timed(pool, slots, fn, tasks, on_done, *args, **kwargs):
        now[0], start = fn.__name__, time.perf_counter()
        try:
            return original(pool, slots, fn, tasks, on_done, *args, **kwargs)
        finally:
            seconds[fn.__name__] = time.perf_counter() - start

    def timing(method):
        def timed_method(self):
            start = time.perf_counter()
            try:
                return method(self)
            finally:
                seats[now[0]] = seats.get(now[0], 0.0) + time.perf_counter() - start
        return timed_method

    contest_play.play_all, Seat.start, Seat.close = timed, timing(start_seat), timing(close_seat)
    try:
        yield seconds, seats
    finally:
        contest_play.play_all, Seat.start, Seat.close = original, start_seat, close_seat


def contest_run(folder, work, label, slots, **where):
    """One contest of the agents in ``folder`` into a fresh folder in ``work``: a dict of what was measured.

    Every run's folder holds the same secret key (made in ``work``), so that the runs play the same games.
    """
    out = tempfile.mkdtemp(dir=work)
    with open(os.path.join(out, KEY), "wb") as f:
        f.write(contest_key(work))
    with phases() as (seconds, seats):
        start = time.perf_counter()
        result = contest.run("connect4", folder, games_per_pair=2, openings=2, time_per_move=TIME_PER_MOVE,
                             max_nodes=NODES, seed=SEED, out=out, progress=False, **where)
        total = time.perf_counter() - start
    games = result.games
    print(f"  {label}: {len(games)} games in {seconds['play_game']:.1f} s", file=sys.stderr)
    return {"mode": label, "slots": slots, "games": len(games), "seconds": seconds["play_game"], "total": total,
            "result": result, "seats": seats["play_game"] / len(games) if "play_game" in seats else None,
            "wall": statistics.fmean(g["wall"] for g in games),
            "thinking": statistics.fmean(sum(g["seconds"]) for g in games),
            "forfeits": sum(1 for g in games if g.get("forfeit")), "load": os.getloadavg()[0]}


def per_task(pool, slots, n):
    """Seconds per trivial task handed out by ``play_all`` (the contest's own loop), after a warm-up."""
    play_all(pool, slots, abs, range(4 * slots), lambda _: None)
    start = time.perf_counter()
    play_all(pool, slots, abs, range(n), lambda _: None)
    return (time.perf_counter() - start) / n


def dask_throughput(client, n):
    """Seconds per trivial task when Dask gets them all at once (``client.map``): its scheduler's own cost."""
    start = time.perf_counter()
    client.gather(client.map(abs, range(n), pure=False))
    return (time.perf_counter() - start) / n


def record_add(game, work, n=200):
    """Seconds to write one game to a contest's record (a JSON line and an fsync), in a folder in ``work``."""
    record = Record(tempfile.mkdtemp(dir=work), {"bench": True})
    start = time.perf_counter()
    for k in range(n):
        record.add({**game, "id": f"game {k}"})
    return (time.perf_counter() - start) / n


def synthetic_leaderboard(n=BIG):
    """Seconds of ``standings()`` (the fit and its intervals) and of ``fit_elo`` alone, for ``n`` agents."""
    rng = random.Random(SEED)
    names = [f"s{k:03d}" for k in range(n)]
    strength = {a: rng.gauss(0, 200) for a in names}
    games = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            for k, seats in enumerate(((a, b), (b, a))):
                p = 1 / (1 + 10 ** ((strength[seats[1]] - strength[seats[0]]) / 400))
                u = rng.random()
                result = "1/2-1/2" if u < 0.1 else "1-0" if u < 0.1 + 0.9 * p else "0-1"
                winner = {"1-0": seats[0], "0-1": seats[1]}.get(result)
                games.append({"id": f"{a} vs {b} #{k + 1}", "pair": [a, b], "seats": list(seats), "result": result,
                              "winner": winner, "forfeit": None, "fault": None, "reason": "game over"})
    result = contest.ContestResult("connect4", tuple(names), tuple(games), planned=len(games))
    start = time.perf_counter()
    result.standings()
    standings = time.perf_counter() - start
    matches = result.matches()
    start = time.perf_counter()
    fit_elo(matches)
    return standings, time.perf_counter() - start, len(games)


def same_records(runs):
    """How many game ids differ in their moves (or are missing) between the first run and the others."""
    first = {g["id"]: g["moves"] for g in runs[0]["result"].games}
    differ = set()
    for run in runs[1:]:
        other = {g["id"]: g["moves"] for g in run["result"].games}
        differ |= {i for i in first.keys() | other.keys() if first.get(i) != other.get(i)}
    return len(differ)


def hours(seconds):
    return f"{seconds / 3600:.2f} h" if seconds >= 3600 else f"{seconds / 60:.1f} min"


def main(quick=False, agents=None):
    with tempfile.TemporaryDirectory(prefix="bench-contest-") as work:
        return measure(work, quick, agents or (4 if quick else 20))


def measure(work, quick, n):
    folder = os.path.join(work, "agents")
    os.mkdir(folder)
    write_agents(folder, n)
    cores = default_workers()
    print(f"\nContest of {n} agents on Connect Four: {n // 2 + n % 2} alpha-beta ({NODES} nodes a move), "
          f"{n // 2} MCTS ({NODES // 2} iterations a move), 2 games a pair, {cores} cores", flush=True)
    runs = [contest_run(folder, work, "sequential", 1, workers=1), contest_run(folder, work, "local pool", cores)]
    overhead = {"sequential": per_task(InProcess(), 1, 2000)}
    with executor(None) as (pool, slots):
        overhead["local pool"] = per_task(pool, slots, 300 if quick else 2000)
    cluster_start = dask_runs(folder, work, runs, overhead, quick)
    seq = runs[0]
    print(f"\n{'mode':<22}{'workers':>8}{'games':>7}{'seconds':>9}{'games/s':>9}{'ratio':>7}"
          f"{'run() s':>9}{'forfeits':>9}{'load':>6}")
    for r in runs:
        rate = r["games"] / r["seconds"]
        print(f"{r['mode']:<22}{r['slots']:>8}{r['games']:>7}{r['seconds']:>9.1f}{rate:>9.2f}"
              f"{rate / (seq['games'] / seq['seconds']):>6.2f}x{r['total']:>9.1f}{r['forfeits']:>9}{r['load']:>6.1f}")
    rate = {r["mode"]: r["games"] / r["seconds"] for r in runs}
    print("(seconds: the games alone; run() s: the whole call, with each entrant's load check and the "
          "leaderboard files; load: the machine's 1-minute load average as the run ended)")
    speedup = rate["local pool"] / rate["sequential"]
    print(f"local pool / sequential: {speedup:.2f}x on {cores} cores "
          f"(the issue's goal >= 1.8x: {'met' if speedup >= 1.8 else 'not met'} in this run)")
    if cluster_start is not None:
        ratio = rate["Dask LocalCluster"] / rate["local pool"]
        print(f"Dask / local pool: {ratio:.2f} of the pool's games/s, {abs(1 - ratio):.0%} "
              f"{'slower' if ratio < 1 else 'faster'} (the goal, within 15%: "
              f"{'met' if ratio >= 0.85 else 'not met'} in this run); the cluster took {cluster_start:.1f} s to start")
    for r in runs:
        if r["forfeits"]:
            first = next(g for g in r["result"].games if g.get("forfeit"))
            print(f"{r['mode']}: {r['forfeits']} games lost by forfeit, the first: {first['reason']}")
    differ = same_records(runs)
    print(f"identical game records (same moves for each game id) in the {len(runs)} runs: "
          f"{'yes' if differ == 0 else f'no, {differ} games differ'}")
    breakdown(runs, overhead, work, quick)
    return 0


def dask_runs(folder, work, runs, overhead, quick):
    """The Dask run, appended to ``runs``; returns the cluster's start-up seconds (None without distributed)."""
    try:
        import distributed
    except ImportError:
        print("distributed is not installed (pip install 'advsearch[contest]'): no Dask row")
        return None
    start = time.perf_counter()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=logging.ERROR) as cluster, distributed.Client(cluster) as client:
        client.wait_for_workers(2)
        startup = time.perf_counter() - start
        runs.append(contest_run(folder, work, "Dask LocalCluster", 2, scheduler=client))
        overhead["Dask LocalCluster"] = per_task(client.get_executor(pure=False), 2, 300 if quick else 1000)
        overhead["Dask, all at once"] = dask_throughput(client, 300 if quick else 2000)
    return startup


def breakdown(runs, overhead, work, quick):
    fsync = record_add(runs[0]["result"].games[0], work, 50 if quick else 200)
    print("\nWhere a game's time goes, in ms (means over each run's games; the seats' start-up and close are "
          "timed in the sequential run only, where the games run in this process)")
    print(f"{'mode':<22}{'wall':>7}{'2 seats':>9}{'thinking':>10}{'rest':>7}")
    for r in runs:
        seats = "—" if r["seats"] is None else f"{r['seats'] * 1000:.0f}"
        rest = r["wall"] - (r["seats"] or 0.0) - r["thinking"]
        print(f"{r['mode']:<22}{r['wall'] * 1000:>7.0f}{seats:>9}{r['thinking'] * 1000:>10.0f}{rest * 1000:>7.0f}"
              + ("" if r["seats"] is not None else "  (seats + rest)"))
    print("(rest: the referee's own work, its game and its checks, and the pipe round trips; the parallel runs' "
          "games are slower when the cores are busy)")
    print(f"\nWhat each game costs the main process: record write (JSON line + fsync) {fsync * 1000:.2f} ms; "
          f"hand-over of a trivial task by the contest's loop:")
    for mode, t in overhead.items():
        print(f"  {mode:<22}{t * 1000:>8.2f} ms a task  (at most {1 / t:,.0f} tasks/s)")
    standings, fit, n_games = synthetic_leaderboard(60 if quick else BIG)
    agents = 60 if quick else BIG
    print(f"Leaderboard of {agents} synthetic agents ({n_games:,} games): standings() {standings:.2f} s, "
          f"of which fit_elo {fit:.2f} s")
    estimate(runs, overhead, fsync, standings if agents == BIG else None)


def estimate(runs, overhead, fsync, standings):
    """The time of a contest of BIG agents, from this run's rates; and where the main process or Dask would cap it."""
    games = 2 * BIG * (BIG - 1) // 2
    seq = runs[0]["seconds"] / runs[0]["games"]
    efficiency = (runs[1]["games"] / runs[1]["seconds"]) * seq / runs[1]["slots"]
    floors = {"pool": fsync + overhead["local pool"]}
    if "Dask, all at once" in overhead:
        floors["Dask"] = fsync + overhead["Dask, all at once"]
    print(f"\nEstimate for {BIG} agents: {games:,} games at {seq:.2f} s of one core each (this run's sequential "
          f"rate), {efficiency:.0%} parallel efficiency (this run's pool on {runs[1]['slots']} cores)")
    print(f"{'cores':>6}{'ideal':>12}{'at that eff.':>14}" + "".join(f"{name + ' floor':>13}" for name in floors))
    for cores in (1, 8, 64):
        ideal = games * seq / cores
        real = ideal if cores == 1 else ideal / efficiency
        print(f"{cores:>6}{hours(ideal):>12}{hours(real):>14}"
              + "".join(f"{hours(games * t):>13}" for t in floors.values()))
    print("(floor: the contest's time if the main process's work per game (record write + hand-over) were the "
          "only limit; for Dask the hand-over is its scheduler's cost per task when many are in flight)")
    for name, t in floors.items():
        print(f"{name}: the main process spends about {t * 1000:.1f} ms a game, so it limits the contest only "
              f"beyond about {seq / t:,.0f} cores (games at {seq:.2f} s each)")
    print(f"Below that, each game's sandbox start-up ({runs[0]['seats']:.2f} s for its two seats) is most of its "
          f"time.")
    if standings is not None:
        print(f"The leaderboard of {BIG} agents (standings, with the fit and its intervals) takes {standings:.1f} s "
              f"once at the end.")


if __name__ == "__main__":
    argv = sys.argv[1:]
    count = int(argv[argv.index("--agents") + 1]) if "--agents" in argv else None
    sys.exit(main(quick="--quick" in argv, agents=count))
