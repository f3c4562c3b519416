"""``advsearch contest``: a class contest from a shell, with a progress bar, resumable, leaderboard files at the end.

::

    advsearch contest --game connect4 --agents submitted/ --games-per-pair 2 --time-per-move 1.0 --seed 2026
    advsearch contest --game connect4 --agents submitted/ --baseline random alphabeta:3 mcts:300
    advsearch contest --game connect4 --agents submitted/ --scheduler tcp://10.0.0.5:8786

Examples
--------
>>> import io
>>> err = io.StringIO()
>>> main(["--game", "chess", "--agents", "."], stdout=io.StringIO(), stderr=err)
2
>>> print(err.getvalue().splitlines()[-1])
advsearch contest: error: unknown game 'chess'; the games are tictactoe, connect4, nim, grundy
"""

from __future__ import annotations

import argparse
import sys

from ..argparsing import USAGE, StreamParser, positive_int, seconds_or_none, whole_number
from ..registry import GAMES, add_options, game_options
from .play import run
from .pool import ContestError
from .schedule import FORMATS


_EPILOG = """examples:
  advsearch contest --game connect4 --agents submitted/ --games-per-pair 2 --time-per-move 1.0 --seed 2026
  advsearch contest --game connect4 --agents submitted/ --baseline random alphabeta:3 mcts:300
  advsearch contest --game tictactoe --baseline random alphabeta:2 solver --games-per-pair 4
  advsearch contest --game connect4 --agents submitted/ --format swiss --rounds 9

A submission is <id>.py, <id>.ipynb, or a folder <id>/ with agent.py in it or in one folder below it
(nbgrader's submitted/<id>/contest/agent.py), defining agent(game, state) -> action.  Run the same
command again to resume a contest that stopped; the leaderboard is written to --out at the end."""


def _parser(out, err):
    parser = StreamParser(prog="advsearch contest", out=out, err=err, epilog=_EPILOG,
                          formatter_class=argparse.RawDescriptionHelpFormatter,
                          description="A round robin between students' agents, each in its own sandbox: "
                                      "Elo ratings with 95% intervals, wins, draws, losses and a crosstable.")
    parser.add_argument("--game", required=True, metavar="GAME", help=f"one of {', '.join(GAMES)}")
    parser.add_argument("--agents", metavar="FOLDER", help="the folder of submissions, one per student id")
    parser.add_argument("--baseline", nargs="+", default=[], metavar="NAME[:VALUE]",
                        help="reference agents that join: random, alphabeta:3, mcts:300, solver")
    parser.add_argument("--format", choices=FORMATS, default="round-robin",
                        help="round-robin: every pair meets (default); swiss: rounds that pair like scores, "
                             "for a large class")
    parser.add_argument("--rounds", type=positive_int, metavar="N",
                        help="swiss: the rounds (default: log2 of the agents, rounded up, plus 2)")
    parser.add_argument("--games-per-pair", type=positive_int, default=2, metavar="N",
                        help="games between each pair, both colours from each opening (default 2)")
    parser.add_argument("--openings", type=whole_number, default=2, metavar="PLIES",
                        help="random plies that start each opening (default 2)")
    parser.add_argument("--time-per-move", type=seconds_or_none, default=1.0, metavar="SECONDS",
                        help="an agent that thinks longer over a move loses the game (default 1; 'none')")
    parser.add_argument("--max-nodes", type=positive_int, metavar="N",
                        help="a node budget per move told to agents that take a budget (not enforced)")
    parser.add_argument("--seed", default="0", help="seeds the openings and, with a secret key kept in --out, the "
                                                    "agents' randomness (default 0)")
    parser.add_argument("--out", metavar="FOLDER", help="where the record and the leaderboard go "
                                                        "(default contest-GAME)")
    parser.add_argument("--workers", type=positive_int, metavar="N",
                        help="local processes (default: every core; 1 plays in this process)")
    parser.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler, as tcp://host:8786")
    parser.add_argument("--memory-mb", type=positive_int, default=1024, metavar="MB",
                        help="memory of each agent's process (default 1024)")
    parser.add_argument("--max-moves", type=positive_int, metavar="N",
                        help="stop a game after N moves and score it a draw")
    parser.add_argument("--restart", action="store_true",
                        help="delete the games of another contest found in --out, rather than stop")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    add_options(parser, opponents=False)
    return parser


def main(argv=None, stdout=None, stderr=None) -> int:
    """Run ``advsearch contest``; 0 when it finished, 1 when it could not go on, 2 for a bad command, 130 on Ctrl-C.

    A bad command line gets argparse's usage and error; a bad value that only
    the contest finds (an unknown game, ``--out`` naming a file, ...) gets
    one line, as does whatever stops a contest that has begun.
    """
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    parser = _parser(stdout, stderr)
    out = None
    try:
        args = parser.parse_args(sys.argv[2:] if argv is None else list(argv))
        if args.agents is None and len(args.baseline) < 2:
            parser.error("name a folder of submissions with --agents (or at least two --baseline agents)")
        out = args.out or f"contest-{args.game}"
        options = {k: v for k, v in game_options(args, args.game).items() if v is not None}
        result = run(args.game, args.agents if args.agents is not None else [], baselines=args.baseline,
                     game_options=options, format=args.format, rounds=args.rounds,
                     games_per_pair=args.games_per_pair, openings=args.openings,
                     time_per_move=args.time_per_move, max_nodes=args.max_nodes, seed=_seed(args.seed), out=out,
                     workers=args.workers, scheduler=args.scheduler, memory_mb=args.memory_mb,
                     max_moves=args.max_moves, progress=not args.no_progress, restart=args.restart)
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else USAGE
    except ValueError as error:
        print(f"advsearch contest: error: {error}", file=stderr)
        return USAGE
    except (ContestError, OSError) as error:
        print(f"advsearch contest: {error}", file=stderr)
        return 1
    except KeyboardInterrupt:
        print(f"\nStopped. The finished games are in {out}; run the same command again to go on.", file=stderr)
        return 130
    print(result, file=stdout)
    print(f"\nThe leaderboard is in {out}/leaderboard.html (and .csv); every game is in {out}/games.jsonl.",
          file=stdout)
    return 0


def _seed(text):
    """A seed as the API takes it: ``--seed 7`` is ``seed=7``, other text stays text."""
    try:
        return int(text)
    except ValueError:
        return text
