"""The ``advsearch`` command: play a game against an agent in the terminal, run a tournament, write exam
papers, or check an nbgrader course's grading.

::

    advsearch play tictactoe --opponent solver
    advsearch play connect4 --opponent alphabeta --depth 6 --first agent
    advsearch play nim --heaps 3 4 5 --opponent random --seed 1
    advsearch tournament connect4 --agents random alphabeta:2 alphabeta:4 --games 20 --seed 1
    advsearch exam --roster students.csv --seed final-2025 --out exam/
    advsearch grading report ps1 --course exercises/assignments
    advsearch practice alphabeta --seed 7 --png tree.png
    advsearch contest --game connect4 --agents submitted/ --time-per-move 1.0 --seed 2026
    python -m advsearch --help

``exam`` (:func:`advsearch.exam.main`), ``grading report``
(:func:`advsearch.autograde.report.main`) and ``practice``
(:func:`advsearch.practice_cli.main`) parse their own arguments; the main
parser only lists them.

Games and opponents are looked up by name in two registries, :data:`GAMES`
and :data:`OPPONENTS`, kept in :mod:`advsearch.registry` (and importable from
here), so that new ones join the command with one call of
:func:`register_game` or :func:`register_opponent`, together with any
command-line options of their own.  :func:`make_agent` turns a name such as
``"alphabeta:4"`` into an agent; the play widget and contests use it too.

:func:`main` takes its arguments and streams as parameters, so tests can drive
a whole game with scripted input.

Examples
--------
A whole game of tic-tac-toe against the solver, the moves read from a string:

>>> import io
>>> out = io.StringIO()
>>> moves = io.StringIO("\\n".join(["4", "1", "6", "5", "8"]))
>>> main(["play", "tictactoe", "--opponent", "solver"], stdin=moves, stdout=out)
0
>>> print(out.getvalue())                         # doctest: +ELLIPSIS
Tic-tac-toe against solver: you play X and move first; solver plays O.
...
Your move (X): 4
<BLANKLINE>
. . .      0 1 2
. X .      3 4 5
. . .      6 7 8
solver plays cell 0  (nodes ...)
...
O X O      0 1 2
O X X      3 4 5
X O X      6 7 8
A draw.
<BLANKLINE>
"""

from __future__ import annotations

import argparse
import functools
import re
import sys

from . import agents as _agents
from .argparsing import USAGE, StreamParser, positive_int, seconds_or_none, whole_number
from .arena import (INTERACTIVE_TIME_PER_MOVE, AgentTimeLimitExceeded, agent_move, failure_sentence, is_legal,
                    search_summary, tournament)
from .game import GameError, IllegalMoveError
from .registry import (GAMES, OPPONENTS, GameSpec, OpponentSpec, check_opponent, make_agent, make_game,
                       opponent_spec, register_game, register_opponent, split_spec,
                       add_options, game_options)


#: Exit codes: success, a game or agent that failed, and a bad command line (as argparse).
OK, FAILED = 0, 1


# --- The command line. ---

def _parser(out, err) -> tuple:
    """The parser of the command line, and its sub-parsers by command."""
    games = ", ".join(GAMES)
    opponents = "\n".join(f"  {name:<12}{spec.help}" for name, spec in OPPONENTS.items())
    make = functools.partial(StreamParser, out=out, err=err, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser = make(prog="advsearch", description="Play games against search agents, run a tournament, write "
                                                "exam papers, or check an nbgrader course's grading.",
                  epilog=f"games: {games}\nopponents:\n{opponents}\n\n"
                         "'advsearch COMMAND --help' tells more of each command.")
    parser.add_argument("--version", action="store_true", help="print the version and stop")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=make)

    play = commands.add_parser(
        "play", help="play a game against an agent in the terminal",
        description="Play a game against an agent.  The board is shown before each move; type your "
                    "move at the prompt, '?' for the legal moves, 'q' to stop.  The game stops if the "
                    "agent thinks longer than --time-per-move seconds over a move.",
        epilog=f"opponents:\n{opponents}\n\nexamples:\n  advsearch play tictactoe --opponent solver\n"
               "  advsearch play connect4 --opponent alphabeta --depth 6 --first agent\n"
               "  advsearch play nim --heaps 1 2 3 --opponent random --seed 4")
    play.add_argument("game", metavar="GAME", help=f"one of {games}")
    play.add_argument("--opponent", default="alphabeta", metavar="NAME",
                      help="who you play against: " + ", ".join(OPPONENTS) + " (default alphabeta); "
                           "NAME:VALUE sets its parameter, as alphabeta:4")
    play.add_argument("--first", choices=("human", "agent"), default="human",
                      help="who moves first (default human)")
    play.add_argument("--seed", type=int, help="seeds the opponent's randomness")
    play.add_argument("--time-per-move", type=seconds_or_none, default=INTERACTIVE_TIME_PER_MOVE, metavar="SECONDS",
                      help=f"the game stops if the opponent thinks longer than this over a move "
                           f"(default {INTERACTIVE_TIME_PER_MOVE}; 'none' waits for ever)")
    add_options(play)

    tour = commands.add_parser(
        "tournament", help="a round robin between agents: scores, confidence intervals and Elo",
        description="Every pair of agents plays a match of --games games from random openings, with "
                    "colours swapped; the table gives each agent's score with a 95%% confidence interval "
                    "and an Elo rating fitted to all the results (mean 0).",
        epilog=f"opponents:\n{opponents}\n\nexample:\n"
               "  advsearch tournament connect4 --agents random alphabeta:2 alphabeta:4 --games 20 --seed 1")
    tour.add_argument("game", metavar="GAME", help=f"one of {games}")
    tour.add_argument("--agents", nargs="+", required=True, metavar="NAME[:VALUE]",
                      help="at least two opponents, as random alphabeta:2 alphabeta:4")
    tour.add_argument("--games", type=positive_int, default=20, metavar="N",
                      help="games for each pair of agents (default 20)")
    tour.add_argument("--openings", type=whole_number, default=2, metavar="PLIES",
                      help="random plies that start each pair of games (default 2)")
    tour.add_argument("--seed", type=int, help="seeds the openings and the agents' randomness")
    tour.add_argument("--no-progress", action="store_true", help="no progress bar")
    tour.add_argument("--time-per-move", type=seconds_or_none, default=None, metavar="SECONDS",
                      help="the tournament stops if an agent thinks longer than this over a move (default: no limit)")
    add_options(tour)

    # These four parse their own arguments (main hands them over before this parser runs): listed for --help.
    commands.add_parser("exam", add_help=False,
                        help="exam papers, one per student with their own trees, and the answer key")
    commands.add_parser("grading", add_help=False,
                        help="an nbgrader course: 'grading report ps1' lists submissions not graded, and why")
    commands.add_parser("contest", add_help=False,
                        help="a class contest: students' agents, each in a sandbox, in a round robin with Elo "
                             "ratings, on this machine or a Dask cluster")
    commands.add_parser("practice", add_help=False,
                        help="a seeded practice exercise (minimax, alphabeta, ...), checked at once; "
                             "'advsearch practice --list' lists the kinds")
    return parser, {"play": play, "tournament": tour}


def _grading(argv, stdout, stderr) -> int:
    """``advsearch grading COMMAND ...``: hands ``report`` its arguments; help, or an error, otherwise."""
    if argv[:1] == ["report"]:
        from .autograde.report import main as report_main
        return report_main(argv[1:], stdout=stdout, stderr=stderr, prog="advsearch grading report")
    make = functools.partial(StreamParser, out=stdout, err=stderr, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser = make(prog="advsearch grading", description="Tools for the nbgrader course in exercises/assignments.",
                  epilog="example:\n  advsearch grading report ps1 --course exercises/assignments\n\n"
                         "'advsearch grading report --help' tells more.")
    tools = parser.add_subparsers(dest="tool", metavar="COMMAND", parser_class=make)
    tools.add_parser("report", add_help=False,
                     help="every submission of an assignment: graded, not graded or suspicious, and why")
    try:
        parser.parse_args(argv)                      # --help, or an unknown command
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else USAGE
    parser.print_help(stdout)
    return USAGE


def _opponent_options(args):
    names = {key for spec in OPPONENTS.values() for key in spec.options}
    return {key: getattr(args, key, None) for key in names}


def main(argv=None, stdin=None, stdout=None, stderr=None) -> int:
    """Run the ``advsearch`` command and return its exit code.

    Parameters
    ----------
    argv : list of str, optional
        The arguments, without the program's name; ``sys.argv[1:]`` when None.
    stdin, stdout, stderr : file-like, optional
        Where moves are read from and where the board, the messages and
        the errors go; the process's own streams when None.

    Returns
    -------
    int
        0 when the command ran (a game played to its end, or stopped with
        'q' or at the end of the input), 1 when an agent failed (raised,
        chose an illegal move, or thought longer than ``--time-per-move``),
        2 for a bad command line (unknown game or opponent, bad option, a
        game too big for the opponent or to show), and 130 after Ctrl-C.

    Examples
    --------
    >>> import io
    >>> err = io.StringIO()
    >>> main(["play", "chess"], stdout=io.StringIO(), stderr=err)
    2
    >>> print(err.getvalue().splitlines()[-1])
    advsearch play: error: unknown game 'chess'; the games are tictactoe, connect4, nim, grundy
    """
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["exam"]:                 # exam sheets parse their own arguments
        from .exam import main as exam_main
        return exam_main(argv[1:], stdout=stdout, stderr=stderr)
    if argv[:1] == ["grading"]:              # and so does the grading report
        return _grading(argv[1:], stdout, stderr)
    if argv[:1] == ["contest"]:              # and so do class contests
        from .contest.command import main as contest_main
        return contest_main(argv[1:], stdout=stdout, stderr=stderr)
    if argv[:1] == ["practice"]:             # and so do practice exercises
        from .practice_cli import main as practice_main
        return practice_main(argv[1:], stdin=stdin, stdout=stdout, stderr=stderr)
    parser, commands = _parser(stdout, stderr)
    try:
        args = parser.parse_args(argv)
        if args.version:
            from . import __version__
            print(f"advsearch {__version__}", file=stdout)
            return OK
        if args.command is None:
            parser.print_help(stdout)
            return USAGE
        command = commands[args.command]
        try:
            game = make_game(args.game, **game_options(args, args.game))
            if args.command == "play":
                agent = make_agent(args.opponent, game, seed=args.seed, **_opponent_options(args))
            else:
                players = _tournament_agents(args, game)
        except ValueError as error:
            command.error(str(error))
        if args.command == "play":
            return _play(game, GAMES[args.game], agent, args.first == "human", stdin, stdout, args.time_per_move)
        try:
            result = tournament(game, players, games=args.games, openings=args.openings, seed=args.seed,
                                progress=not args.no_progress, time_per_move=args.time_per_move)
        except GameError as error:            # an agent failed: its message, not a traceback
            print(f"advsearch tournament: {error}", file=stderr)
            return FAILED
        print(result, file=stdout)
        return OK
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else USAGE
    except KeyboardInterrupt:
        print("\nStopped.", file=stderr)
        return 130


def _tournament_agents(args, game) -> dict:
    if len(args.agents) < 2:
        raise ValueError("a tournament needs at least two agents")
    if len(set(args.agents)) < len(args.agents):
        twice = next(a for a in args.agents if args.agents.count(a) > 1)
        raise ValueError(f"{twice} is named twice; every agent must differ")
    options = _opponent_options(args)
    taken = {key for text in args.agents for key in opponent_spec(split_spec(text)[0]).options}
    for key, value in options.items():
        if value is not None and key not in taken:
            raise ValueError(f"none of the agents takes --{key.replace('_', '-')}")
    players = {}
    for text in args.agents:
        name, value = split_spec(text)
        spec = opponent_spec(name)
        mine = {key: value for key, value in options.items() if key in spec.options}
        label = text
        if value is None and spec.parameter is not None and mine.get(spec.parameter) is not None:
            label = f"{name}:{mine[spec.parameter]}"          # "alphabeta" with --depth 2 shows as alphabeta:2
        if label in players:
            raise ValueError(f"{text} is the same agent as {label}; every agent must differ")
        players[label] = make_agent(text, game, seed=args.seed, **mine)
    return players


# --- A game in the terminal. ---

_QUIT = {"q", "quit", "exit"}
_HELP = {"?", "h", "help", "moves"}
#: A number typed as a move has at most this many digits (more than any 64-bit number).
_MOST_DIGITS = 20


def _play(game, spec, agent, human_first, stdin, out, time_per_move=INTERACTIVE_TIME_PER_MOVE) -> int:
    """One game, the human's moves read from ``stdin``, the agent's within ``time_per_move``; the exit code."""
    human = 0 if human_first else 1
    me, them = spec.marks[human], spec.marks[1 - human]
    name = _agents.name_of(agent)
    short = name.split("(")[0]
    if human_first:
        print(f"{spec.title} against {name}: you play {me} and move first; {short} plays {them}.", file=out)
    else:
        print(f"{spec.title} against {name}: {short} plays {them} and moves first; you play {me}.", file=out)
    print(f"Type a move, {spec.hint}; '?' lists the legal moves, 'q' stops.", file=out)
    show = spec.show or (lambda g, s: g.render(s))
    echo = not _is_terminal(stdin)
    state = game.initial_state
    while not game.is_terminal(state):
        print("", file=out)
        print(show(game, state), file=out)
        if game.to_move(state) == human:
            action = _ask(game, state, spec, f"Your move ({me}): ", stdin, out, echo)
            if action is None:
                return OK
        else:
            try:
                action = agent_move(agent, game, state, time_per_move)
            except GameError as error:        # an agent's bug must not leave a traceback in the terminal
                print(_agent_failure(name, error), file=out)
                return FAILED
            summary = search_summary(agent, spec.marks[0])
            print(f"{name} plays {spec.describe(action)}" + (f"  ({summary})" if summary else ""), file=out)
        state = game.result(state, action)
    print("", file=out)
    print(show(game, state), file=out)
    mine, theirs = game.utility(state, human), game.utility(state, 1 - human)
    verdict = "You win." if mine > theirs else f"{name} wins." if mine < theirs else "A draw."
    print(verdict, file=out)
    return OK


def _agent_failure(name, error) -> str:
    """What the terminal says when the agent fails, ``error`` from :func:`advsearch.arena.agent_move`."""
    hint = " (--time-per-move SECONDS gives it longer.)" if isinstance(error, AgentTimeLimitExceeded) else ""
    return f"{failure_sentence(name, error)}; the game stops.{hint}"


def _is_terminal(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _ask(game, state, spec, prompt, stdin, out, echo):
    """Read moves until a legal one; None at 'q' or the end of the input.  Nothing here changes ``state``."""
    legal = tuple(game.actions(state))
    while True:
        print(prompt, end="", file=out, flush=True)
        line = stdin.readline()
        if not line:
            print("\nNo more input: the game is left unfinished.", file=out)
            return None
        text = line.strip()
        if echo:
            print(text, file=out)
        if not text:
            continue
        if text.lower() in _QUIT:
            print("Stopped: the game is left unfinished.", file=out)
            return None
        if text.lower() in _HELP:
            print("Legal moves: " + ", ".join(spec.describe(a) for a in legal), file=out)
            continue
        try:
            return _parse_move(game, state, text, legal)
        except ValueError as error:
            print(f"{error}\nTry again: {spec.hint}; '?' lists the legal moves.", file=out)


def _parse_move(game, state, text, legal):
    """The legal action that ``text`` names; ValueError saying what is wrong otherwise."""
    words = [w for w in re.split(r"[\s,;()\[\]/]+", text) if w]
    numbers = []
    for word in words:
        if re.fullmatch(r"[+-]\d+", word):
            raise ValueError(f"{_shortened(word)} is not a move: moves are whole numbers from 0.")
        if not re.fullmatch(r"[0-9]+", word):
            raise ValueError(f"{_shortened(word)!r} is not a number.")
        if len(word) > _MOST_DIGITS:
            raise ValueError(f"{_shortened(word)} has {len(word)} digits: far too big to be a move.")
        numbers.append(int(word))
    size = len(legal[0]) if legal and isinstance(legal[0], tuple) else 1
    if len(numbers) != size:
        raise ValueError(f"A move here is {size} number{'s' if size > 1 else ''}, not {len(numbers)}.")
    action = tuple(numbers) if size > 1 or (legal and isinstance(legal[0], tuple)) else numbers[0]
    if is_legal(action, legal):
        return action
    try:
        game.result(state, action)
    except IllegalMoveError as error:
        reason = str(error).splitlines()[0].removesuffix(" in").rstrip(":. ")
        raise ValueError(f"Illegal: {reason}.") from None
    raise ValueError(f"Illegal: {text} is not one of the legal moves.")


def _shortened(text, width=20) -> str:
    """``text``, cut to ``width`` characters with '…' if longer, to quote it back in a message."""
    return text if len(text) <= width else text[:width] + "…"
