"""Multiplayer searches on Virus and Chinese Checkers: Threat-ADS node counts, and a tournament.

Run from the repository root:

    .venv/bin/python notebooks/experiments/multiplayer_experiments.py           # a few minutes; or: make experiments
    .venv/bin/python notebooks/experiments/multiplayer_experiments.py --quick   # tiny sizes, a temporary folder

It uses two processes, and writes ``multiplayer_experiments.json`` next to
this file (with a ``produced_by`` record: see ``provenance.py``); lecture
notebook 05 only loads that file.  Every random choice comes from a
``random.Random`` seeded by the row and the game's index, so the same code
writes the same numbers (only timings, date and machine differ), whichever
process plays which game.

The experiments, settled before this script was run (every number below is
a setting, not a result):

1. Threat-ADS against plain Best-Reply Search, after the lecture's table
   (Polk & Oommen).  One player, P0, plays Best-Reply Search with the game's
   ``evaluate``, to depth 4 in Virus and 3 in Chinese Checkers (whose moves
   cost more; depth 4 there would take the run past ten minutes); all the
   others play uniformly random moves.  At
   each of P0's first two turns, the same position is searched three times:
   plain BRS (opponents in turn order), and BRS with a Threat-ADS under the
   move-to-front and under the transposition rule.  Each Threat-ADS is kept
   from turn to turn within a game, and starts each game in turn order.  The
   three searches must agree on the value and the move (the script stops if
   not), so the game continues the same way whichever is measured.  A game's
   count is the sum of ``stats.nodes`` (states visited, the root included,
   pruned children not) over the two turns; the table reports the mean
   over 50 games per row.  Rows: Virus on the default 5x5 board with 3 and 4
   players, and Chinese Checkers on the default star (size 2) with 3, 4 and
   6 players, each from the initial position and from a midgame position
   (six random moves per player, a fresh one for each game).  With two
   players BRS has one opponent and Threat-ADS nothing to order, so they are
   left out.  The change is reported as 1 - mean(ADS) / mean(plain), as in
   the lecture's table, with a 95% interval from the paired per-game
   differences (normal approximation).
2. A tournament of max-n (with shallow pruning), paranoid and Best-Reply
   Search, each to depth 3 with the game's ``evaluate``, three players, in
   Virus (5x5) and in Chinese Checkers (size 2, at most 120 moves).  From
   each of 20 random openings (three random plies, then the agents play),
   the three agents play all six seatings, so each sits in every seat
   equally often: 120 games per game.  A game is won by the player with the
   strictly highest payoff (``advsearch.arena.play``'s winner; a shared top
   payoff is no one's win).  Reported per agent: wins out of all games with a
   95% Wilson interval (``advsearch.arena.wilson_interval``), the mean payoff,
   and the mean number of nodes per move (how much work each search did).
"""

from __future__ import annotations

import itertools
import json
import math
import multiprocessing
import platform
import random
import sys
import time

from tqdm.auto import tqdm

from advsearch import ChineseCheckers, ThreatADS, Virus, agents, best_reply
from advsearch.arena import play, random_opening, wilson_interval
from advsearch.search import ADS_RULES

import provenance

SEED = 2025
WORKERS = 2

ADS = {"depth": {"Virus": 4, "ChineseCheckers": 3}, "turns": 2, "games": 50, "midgame_moves_per_player": 6,
       "brs_player": 0}
ADS_ROWS = [("Virus", 3), ("Virus", 4), ("ChineseCheckers", 3), ("ChineseCheckers", 4), ("ChineseCheckers", 6)]
STARTS = ("initial", "midgame")

TOURNAMENT = {"depth": 3, "openings": 20, "opening_plies": 3, "players": 3}
TOURNAMENT_GAMES = ("Virus", "ChineseCheckers")
ALGORITHMS = ("maxn", "paranoid", "best_reply")

#: The settings of the experiment (the docstring's numbers).
FULL = {"threat_ads": ADS, "tournament": TOURNAMENT}
#: A smoke run with the same rows, steps and seeds: seconds, not minutes.
QUICK = {"threat_ads": {**ADS, "games": 3}, "tournament": {**TOURNAMENT, "openings": 1}}


def make_game(name, players):
    """The game of a row: Virus on the default 5x5 board, or Chinese Checkers on the default star."""
    return Virus(players=players) if name == "Virus" else ChineseCheckers(players=players)


# --- 1. Threat-ADS against plain BRS. ---

def ads_game(task):
    """One game of the Threat-ADS experiment: node counts of P0's first turns, plain and with each rule."""
    ads, name, players, start, index = task
    game = make_game(name, players)
    rng = random.Random(f"{SEED}/ads/{name}/{players}/{start}/{index}")
    state = game.initial_state
    if start == "midgame":
        state = random_opening(game, ads["midgame_moves_per_player"] * players, rng)
    me, depth = ads["brs_player"], ads["depth"][name]
    lists = {rule: ThreatADS(rule) for rule in ADS_RULES}
    nodes = dict.fromkeys(("plain",) + ADS_RULES, 0)
    turns = 0
    while turns < ads["turns"] and not game.is_terminal(state):
        if game.to_move(state) != me:
            state = game.result(state, rng.choice(game.actions(state)))
            continue
        plain = best_reply(game, state, depth=depth, evaluate=game.evaluate)
        nodes["plain"] += plain.stats.nodes
        for rule in ADS_RULES:
            r = best_reply(game, state, depth=depth, evaluate=game.evaluate, threat_ads=lists[rule])
            if r.move != plain.move or abs(r.stats.searcher_value - plain.stats.searcher_value) > 1e-12:
                raise AssertionError(f"{name} {players}p {start} game {index}: Threat-ADS ({rule}) found "
                                     f"{r.stats.searcher_value, r.move}, plain BRS {plain.stats.searcher_value, plain.move}")
            nodes[rule] += r.stats.nodes
        state = game.result(state, plain.move)
        turns += 1
    return {"row": (name, players, start), "turns": turns, "nodes": nodes}


def mean(xs):
    return sum(xs) / len(xs)


def paired_change(plain, other):
    """1 - mean(other)/mean(plain), and a 95% interval from the paired per-game differences."""
    n = len(plain)
    base = mean(plain)
    diffs = [p - o for p, o in zip(plain, other)]
    d = mean(diffs)
    sd = math.sqrt(sum((x - d) ** 2 for x in diffs) / (n - 1)) if n > 1 else 0.0
    half = 1.959964 * sd / math.sqrt(n)
    return d / base, ((d - half) / base, (d + half) / base)


def summarise_ads(results, ads):
    rows = []
    for name, players in ADS_ROWS:
        for start in STARTS:
            games = [r for r in results if r["row"] == (name, players, start)]
            plain = [g["nodes"]["plain"] for g in games]
            row = {"game": name, "players": players, "start": start, "depth": ads["depth"][name], "games": len(games),
                   "turns": mean([g["turns"] for g in games]), "plain": mean(plain),
                   "per_game": {k: [g["nodes"][k] for g in games] for k in ("plain",) + ADS_RULES}}
            for rule in ADS_RULES:
                counts = [g["nodes"][rule] for g in games]
                change, interval = paired_change(plain, counts)
                row[rule] = {"mean": mean(counts), "fewer": change, "fewer_95": interval,
                             "games_fewer": sum(o < p for p, o in zip(plain, counts)),
                             "games_more": sum(o > p for p, o in zip(plain, counts))}
            rows.append(row)
    return rows


# --- 2. The tournament. ---

class Counting:
    """An agent that also adds up the nodes of its searches."""

    def __init__(self, agent):
        self.agent, self.name = agent, agent.name
        self.nodes = self.moves = 0

    def __call__(self, game, state):
        move = self.agent(game, state)
        self.nodes += self.agent.last.stats.nodes
        self.moves += 1
        return move


def make_agent(algorithm, game, depth):
    evaluate = game.evaluate
    if algorithm == "maxn":
        return agents.maxn(depth, evaluate, pruning="shallow", name="maxn")
    if algorithm == "paranoid":
        return agents.paranoid(depth, evaluate, name="paranoid")
    return agents.best_reply(depth, evaluate, name="best_reply")


def tournament_game(task):
    """One game of the tournament: an opening, and the three agents in one seating."""
    tournament, name, opening, seating = task
    game = make_game(name, tournament["players"])
    rng = random.Random(f"{SEED}/tournament/{name}/{opening}")
    start = random_opening(game, tournament["opening_plies"], rng)
    players = [Counting(make_agent(a, game, tournament["depth"])) for a in seating]
    record = play(game, players, state=start)
    return {"game": name, "opening": opening, "seating": seating, "outcome": record.outcome,
            "winner": None if record.winner is None else seating[record.winner], "moves": len(record.moves),
            "nodes": [p.nodes for p in players], "searches": [p.moves for p in players]}


def summarise_tournament(results, tournament):
    out = []
    for name in TOURNAMENT_GAMES:
        games = [r for r in results if r["game"] == name]
        n = len(games)
        row = {"game": name, "games": n, "shared_or_no_winner": sum(g["winner"] is None for g in games),
               "mean_moves": mean([g["moves"] for g in games]), "agents": {}}
        for a in ALGORITHMS:
            wins = sum(g["winner"] == a for g in games)
            payoffs = [g["outcome"][g["seating"].index(a)] for g in games]
            searches = sum(g["searches"][g["seating"].index(a)] for g in games)
            by_seat = [sum(g["winner"] == a for g in games if g["seating"].index(a) == seat)
                       for seat in range(tournament["players"])]
            row["agents"][a] = {"wins": wins, "win_rate": wins / n, "win_rate_95": wilson_interval(wins, n),
                                "mean_payoff": mean(payoffs), "wins_by_seat": by_seat,
                                "nodes_per_move": sum(g["nodes"][g["seating"].index(a)] for g in games) / searches}
        out.append(row)
    return out


# --- Running. ---

#: The fields of one tournament game in the JSON file, one row per game.
GAME_COLUMNS = ("game", "opening", "seating", "outcome", "winner", "moves", "nodes", "searches")


def dump(data) -> str:
    """JSON with one line per list of numbers and per tournament game, so that the file reads (and diffs) well."""
    def depth(x):
        if isinstance(x, dict):
            return math.inf
        if isinstance(x, (list, tuple)):
            return 1 + max(map(depth, x), default=0)
        return 0

    def write(x, pad):
        if isinstance(x, dict):
            items = [f"{pad} {json.dumps(str(k))}: {write(v, pad + ' ')}" for k, v in x.items()]
            return "{\n" + ",\n".join(items) + f"\n{pad}}}" if items else "{}"
        if isinstance(x, (list, tuple)) and depth(x) > 2:
            return "[\n" + ",\n".join(f"{pad} {write(v, pad + ' ')}" for v in x) + f"\n{pad}]"
        return json.dumps(x)

    return write(data, "") + "\n"


def pooled(tasks, work, description, progress=True):
    """``work`` over ``tasks`` in :data:`WORKERS` processes, results in the order of the tasks, with a bar."""
    with tqdm(total=len(tasks), desc=description, unit="game", disable=not progress) as bar, \
            multiprocessing.Pool(WORKERS) as pool:
        results = []
        for r in pool.imap(work, tasks, chunksize=1):
            results.append(r)
            bar.update()
    return results


def print_tables(ads_rows, tournament_rows, settings):
    ads = settings["threat_ads"]
    depths = ", ".join(f"{game} {d}" for game, d in ads["depth"].items())
    print("\nThreat-ADS against plain BRS: mean nodes over P0's first "
          f"{ads['turns']} turns, depth {depths}, P0 = BRS, others random")
    print(f"{'game':<16} {'n':>2} {'start':<8} {'games':>5} {'plain':>9} {'move-to-front':>14} {'fewer':>7}"
          f" {'95%':>15} {'transposition':>14} {'fewer':>7} {'95%':>15}")
    for r in ads_rows:
        cells = []
        for rule in ADS_RULES:
            x = r[rule]
            lo, hi = x["fewer_95"]
            cells.append(f"{x['mean']:>14,.0f} {x['fewer']:>7.1%} {f'[{lo:.1%}, {hi:.1%}]':>15}")
        print(f"{r['game']:<16} {r['players']:>2} {r['start']:<8} {r['games']:>5} {r['plain']:>9,.0f} "
              + " ".join(cells))
    for t in tournament_rows:
        print(f"\nTournament in {t['game']} ({t['games']} games, 3 players, depth {settings['tournament']['depth']}; "
              f"{t['shared_or_no_winner']} without a single winner; {t['mean_moves']:.0f} moves a game)")
        print(f"{'agent':<11} {'wins':>5} {'rate':>6} {'95% Wilson':>16} {'mean payoff':>12} {'nodes/move':>11}"
              f" {'wins by seat':>14}")
        for a, x in t["agents"].items():
            lo, hi = x["win_rate_95"]
            print(f"{a:<11} {x['wins']:>5} {x['win_rate']:>6.1%} {f'[{lo:.1%}, {hi:.1%}]':>16} "
                  f"{x['mean_payoff']:>12.3f} {x['nodes_per_move']:>11,.0f} {str(x['wins_by_seat']):>14}")


def seeds() -> dict:
    """How every random choice is seeded: ``random.Random`` of these strings, one per game."""
    return {"seed": SEED, "threat_ads_game": f"{SEED}/ads/<game>/<players>/<start>/<index>",
            "tournament_opening": f"{SEED}/tournament/<game>/<opening>"}


def run(settings, quick=False, progress=True) -> dict:
    """Both experiments with ``settings`` (:data:`FULL` or :data:`QUICK`): the JSON report."""
    started = time.perf_counter()
    ads, tournament = settings["threat_ads"], settings["tournament"]
    ads_tasks = [(ads, name, n, start, i) for name, n in ADS_ROWS for start in STARTS for i in range(ads["games"])]
    ads_results = pooled(ads_tasks, ads_game, "Threat-ADS", progress)
    seatings = list(itertools.permutations(ALGORITHMS))
    tournament_tasks = [(tournament, name, o, s) for name in TOURNAMENT_GAMES for o in range(tournament["openings"])
                        for s in seatings]
    tournament_results = pooled(tournament_tasks, tournament_game, "tournament", progress)
    ads_rows = summarise_ads(ads_results, ads)
    tournament_rows = summarise_tournament(tournament_results, tournament)
    print_tables(ads_rows, tournament_rows, settings)
    seconds = time.perf_counter() - started
    return {
        "settings": {"seed": SEED, "threat_ads": ads, "threat_ads_rows": ADS_ROWS, "starts": STARTS,
                     "rules": ADS_RULES, "tournament": tournament, "tournament_games": TOURNAMENT_GAMES,
                     "algorithms": ALGORITHMS,
                     "games": {f"{name} {n}p": repr(make_game(name, n)) for name, n in ADS_ROWS}},
        "threat_ads": ads_rows,
        "tournament": tournament_rows,
        "tournament_games": {"columns": GAME_COLUMNS, "rows": [[g[c] for c in GAME_COLUMNS]
                                                               for g in tournament_results]},
        "seconds": round(seconds),
        "python": platform.python_version(),
        "produced_by": provenance.record(__file__, quick, settings, seeds(), started),
    }


def main(argv=None) -> int:
    args = provenance.arguments(__file__, argv)
    path = provenance.output_path(__file__, args.quick, args.output)
    report = run(QUICK if args.quick else FULL, quick=args.quick, progress=not args.no_progress)
    provenance.write(path, dump(report))
    print(f"multiplayer_experiments: {report['seconds']} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
