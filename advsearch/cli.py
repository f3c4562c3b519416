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
    python -m advsearch --help

``exam`` (:func:`advsearch.exam.main`), ``grading report``
(:func:`advsearch.autograde.report.main`) and ``practice``
(:func:`advsearch.practice_cli.main`) parse their own arguments; the main
parser only lists them.

Games and opponents are looked up by name in two registries, :data:`GAMES`
and :data:`OPPONENTS`, so that new ones (Monte Carlo tree search, say) join the
command with one call of :func:`register_game` or :func:`register_opponent`,
together with any command-line options of their own.  :func:`make_agent`
turns a name such as ``"alphabeta:4"`` into an agent; the play widget uses it
too.

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
import math
import re
import sys
from dataclasses import dataclass, field, replace
from typing import Callable

from . import agents as _agents
from .argparsing import USAGE, StreamParser
from .arena import (INTERACTIVE_TIME_PER_MOVE, AgentTimeLimitExceeded, agent_move, failure_sentence, is_legal,
                    search_summary, tournament)
from .evaluation import connect4_eval, tictactoe_eval
from .game import GameError, IllegalMoveError
from .games import ConnectFour, Grundy, Nim, TicTacToe
from .timeout import check_budget

__all__ = ["GameSpec", "OpponentSpec", "GAMES", "OPPONENTS", "register_game", "register_opponent",
           "make_game", "make_agent", "positive_int", "main"]

#: Exit codes: success, a game or agent that failed, and a bad command line (as argparse).
OK, FAILED = 0, 1


# --- The registry of games. ---

@dataclass(frozen=True)
class GameSpec:
    """How the command line makes, shows and reads one game.

    Attributes
    ----------
    title : str
        The game's name in sentences ("Tic-tac-toe").
    make : callable
        ``make(options) -> Game``, where ``options`` maps the names of the
        game's own command-line options to their values (None when not given).
    hint : str
        How to type a move, for the prompt's help.
    options : dict
        The game's own command-line options: name -> keyword arguments of
        ``argparse.ArgumentParser.add_argument`` (``--name`` is the flag).
    marks : (str, str)
        What to call player 0 (MAX) and player 1 in messages.
    show : callable, optional
        ``show(game, state) -> str``, the picture before each move; the
        game's ``render`` by default.
    describe : callable, optional
        ``describe(action) -> str``, a move in words; ``str`` by default.
    depth : int or None
        The depth an alpha-beta opponent searches unless told (None: to the end).
    evaluate : callable, optional
        ``evaluate(game) -> evaluation function`` for a depth-limited search;
        without one every unfinished position scores 0.
    kind : type, optional
        The game's class, so that :func:`make_agent` can find these
        defaults from a game object.
    """

    title: str
    make: Callable
    hint: str
    options: dict = field(default_factory=dict)
    marks: tuple = ("MAX", "MIN")
    show: Callable | None = None
    describe: Callable = str
    depth: int | None = None
    evaluate: Callable | None = None
    kind: type | None = None


#: The games of the command line, by name (see :func:`register_game`).
GAMES: dict = {}


def register_game(name, spec) -> None:
    """Make the game ``spec`` (a :class:`GameSpec`) playable as ``advsearch play NAME``.

    Registering a name again replaces the game.
    """
    if not isinstance(spec, GameSpec):
        raise ValueError(f"register_game needs a GameSpec, not {spec!r}")
    GAMES[_check_name(name, "game")] = spec


def _check_name(name, what) -> str:
    if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_-]*", name):
        raise ValueError(f"a {what}'s name is lower-case letters, digits, '-' and '_', not {name!r}")
    return name


def make_game(name, **options):
    """The game registered as ``name``, with its options (None or absent: the default).

    Examples
    --------
    >>> make_game("connect4", size=(5, 4))
    ConnectFour(width=5, height=4)
    >>> make_game("chess")
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'chess'; the games are tictactoe, connect4, nim, grundy
    """
    spec = _game_spec(name)
    unknown = sorted(set(options) - set(spec.options))
    if unknown:
        raise ValueError(f"{name} has no option {', '.join(unknown)}")
    return spec.make({key: options.get(key) for key in spec.options})


def _game_spec(name) -> GameSpec:
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r}; the games are {', '.join(GAMES)}") from None


def _spec_for(game) -> GameSpec | None:
    """The registered spec whose game has the type of ``game``, if any."""
    for spec in GAMES.values():
        if spec.kind is not None and spec.kind is type(game):
            return spec
    return None


# --- The registry of opponents. ---

@dataclass(frozen=True)
class OpponentSpec:
    """How to make one kind of opponent.

    Attributes
    ----------
    make : callable
        ``make(game, spec, **options) -> agent``: ``spec`` is the game's
        :class:`GameSpec` (or None for a game that is not registered), and
        ``options`` holds ``seed`` and the opponent's own options, each None
        when not given.
    help : str
        One line for ``--help``.
    options : dict
        The opponent's own command-line options: name -> keyword arguments of
        ``add_argument``.  Opponents may share an option (``depth``).
    parameter : str, optional
        The option that ``NAME:VALUE`` sets, as in ``alphabeta:4``.
    """

    make: Callable
    help: str
    options: dict = field(default_factory=dict)
    parameter: str | None = None


#: The opponents of the command line and the play widget, by name (see :func:`register_opponent`).
OPPONENTS: dict = {}


def register_opponent(name, spec) -> None:
    """Make the opponent ``spec`` (an :class:`OpponentSpec`) available as ``--opponent NAME``.

    Its options become options of the command line.  Registering a name
    again replaces the opponent.

    Examples
    --------
    A Monte Carlo tree search would join like this (``agents.mcts`` is
    hypothetical here)::

        register_opponent("mcts", OpponentSpec(
            lambda game, spec, seed=None, iterations=None: agents.mcts(iterations or 1000, seed=seed),
            help="Monte Carlo tree search",
            options={"iterations": dict(type=positive_int, metavar="N", help="playouts per move")},
            parameter="iterations"))
    """
    if not isinstance(spec, OpponentSpec):
        raise ValueError(f"register_opponent needs an OpponentSpec, not {spec!r}")
    if spec.parameter is not None and spec.parameter not in spec.options:
        raise ValueError(f"the parameter {spec.parameter!r} must be one of the opponent's options")
    OPPONENTS[_check_name(name, "opponent")] = spec


def make_agent(text, game, seed=None, **options):
    """The agent that ``text`` names for ``game``: an opponent's name, optionally ``:VALUE`` for its parameter.

    Parameters
    ----------
    text : str
        ``"random"``, ``"alphabeta"``, ``"alphabeta:4"`` (depth 4), ``"solver"``, ...
        (see :data:`OPPONENTS`).
    game : Game
        The game it will play.
    seed : optional
        Passed to the opponent's factory (the random opponent uses it).
    **options
        The opponent's options, such as ``depth``; None means the default.
        An option the opponent does not take raises, unless it is None.

    Raises
    ------
    ValueError
        An unknown name, a bad value, or an option the opponent does not take.

    Examples
    --------
    >>> game = make_game("connect4")
    >>> make_agent("alphabeta:3", game)
    alphabeta(depth=3)
    >>> make_agent("alphabeta", game, depth=2)
    alphabeta(depth=2)
    >>> make_agent("solver", game, depth=2)
    Traceback (most recent call last):
    ...
    ValueError: the solver opponent takes no --depth
    """
    name, value = _split_spec(text)
    spec = _opponent_spec(name)
    given = {key: v for key, v in options.items() if v is not None}
    for key in given:
        if key not in spec.options:
            raise ValueError(f"the {name} opponent takes no --{key.replace('_', '-')}")
    if value is not None:
        if spec.parameter is None:
            raise ValueError(f"the {name} opponent takes no parameter, so {text!r} means nothing; write {name}")
        convert = spec.options[spec.parameter].get("type", str)
        try:
            given[spec.parameter] = convert(value)
        except (TypeError, ValueError, argparse.ArgumentTypeError) as error:
            raise ValueError(f"bad {spec.parameter} in {text!r}: {error}") from None
    arguments = {key: given.get(key) for key in spec.options}
    return spec.make(game, _spec_for(game), seed=seed, **arguments)


def _split_spec(text):
    if not isinstance(text, str) or not text:
        raise ValueError(f"an opponent is named by a string such as 'alphabeta:4', not {text!r}")
    name, colon, value = text.partition(":")
    if colon and not value:
        raise ValueError(f"{text!r} has nothing after the colon; write {name} or {name}:VALUE")
    return name, value if colon else None


def _opponent_spec(name) -> OpponentSpec:
    try:
        return OPPONENTS[name]
    except KeyError:
        raise ValueError(f"unknown opponent {name!r}; the opponents are {', '.join(OPPONENTS)}") from None


def positive_int(text) -> int:
    """An argparse type: a whole number >= 1.

    >>> positive_int("3")
    3
    >>> positive_int("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '0' is not a whole number >= 1
    """
    try:
        n = int(text)
    except (TypeError, ValueError):
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number >= 1")
    return n


def _count(text) -> int:
    """An argparse type: a whole number >= 0."""
    try:
        n = int(text)
    except (TypeError, ValueError):
        n = -1
    if n < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number >= 0")
    return n


def _board_size(text) -> tuple:
    """An argparse type: a Connect Four board, WIDTHxHEIGHT."""
    match = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", str(text))
    if not match or min(int(match[1]), int(match[2])) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a board size such as 7x6 (columns x rows)")
    return int(match[1]), int(match[2])


def _seconds(text):
    """An argparse type: a time per move, a positive number of seconds, or 'none' for no limit.

    >>> _seconds("2.5"), _seconds("none")
    (2.5, None)
    >>> _seconds("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '0' is not a positive number of seconds (or 'none' for no limit)
    """
    if str(text).strip().lower() == "none":
        return None
    try:
        return check_budget("the time per move", float(text))
    except (TypeError, ValueError):
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number of seconds (or 'none' for no limit)") \
            from None


# --- The built-in games. ---

def _even(state, player):
    """An evaluation function that knows nothing: every unfinished position scores 0 (a draw)."""
    return 0


def _tictactoe_show(game, state):
    """The board with the cell numbers beside it."""
    key = ["0 1 2", "3 4 5", "6 7 8"]
    return "\n".join(f"{row}      {numbers}" for row, numbers in zip(game.render(state).splitlines(), key))


def _connect4_show(game, state):
    """The board with the column numbers under it."""
    return game.render(state) + "\n" + " ".join(str(c % 10) for c in range(game.width))


#: The largest Connect Four board the terminal draws: two characters a column, so 40 columns fill
#: a line of 80; 40 rows fill a tall screen.  (Far bigger boards also take minutes to set up.)
_MOST_COLUMNS = _MOST_ROWS = 40

#: The most objects the terminal draws: Nim's board shows each as a '|' before every move, and
#: a thousand already fill a dozen lines of 80 columns (a heap of a billion would be a 1 GB drawing).
_MOST_STICKS = 1000


def _connect4(options):
    """Connect Four with the command line's options, if the terminal can draw its board."""
    width, height = options["size"] or (7, 6)
    if width > _MOST_COLUMNS or height > _MOST_ROWS:
        raise ValueError(f"a {width}x{height} board is too big to show: the terminal draws two characters a column "
                         f"and a line a row, {_MOST_COLUMNS}x{_MOST_ROWS} at most (a line of 80 columns)")
    return ConnectFour(width, height)


def _nim(options):
    """Nim with the command line's options, if the terminal can draw it."""
    game = Nim(options["heaps"] or (3, 4, 5), misere=bool(options["misere"]))
    objects = sum(game.heaps)
    if objects > _MOST_STICKS:
        raise ValueError(f"heaps of {objects:,} objects in all are too many to show: the board draws a '|' per "
                         f"object before every move, {_MOST_STICKS:,} at most (a dozen lines of 80 columns)")
    return game


def _grundy_describe(action):
    h, k = action
    return f"{h} {k} (split {h} into {h - k} and {k})"


def _nim_describe(action):
    i, k = action
    return f"{i} {k} (take {k} from heap {i})"


def _builtin_games():
    specs = {
        "tictactoe": (TicTacToe, GameSpec(
            "Tic-tac-toe", lambda o: TicTacToe(), "a cell 0-8, numbered row by row from the top left",
            marks=("X", "O"), show=_tictactoe_show, describe=lambda a: f"cell {a}",
            evaluate=lambda game: tictactoe_eval())),
        "connect4": (ConnectFour, GameSpec(
            "Connect Four", _connect4, "a column, numbered from 0 on the left",
            options={"size": dict(type=_board_size, metavar="WxH",
                                  help="connect4: the board, columns x rows (default 7x6)")},
            marks=("X", "O"), show=_connect4_show, describe=lambda a: f"column {a}",
            depth=5, evaluate=connect4_eval)),
        "nim": (Nim, GameSpec(
            "Nim", _nim,
            "a heap and how many to take from it: '1 2' takes 2 from heap 1",
            options={"heaps": dict(type=_count, nargs="+", metavar="N", help="nim: the heap sizes (default 3 4 5)"),
                     "misere": dict(action="store_true", default=None,
                                    help="nim: whoever takes the last object loses")},
            describe=_nim_describe)),
        "grundy": (Grundy, GameSpec(
            "Grundy's game", lambda o: Grundy(o["tokens"] or 7),
            "a heap and the smaller part to split off it: '7 1' splits 7 into 6 and 1",
            options={"tokens": dict(type=positive_int, metavar="N", help="grundy: the starting heap (default 7)")},
            describe=_grundy_describe)),
    }
    for name, (kind, spec) in specs.items():
        register_game(name, replace(spec, kind=kind))


# --- The built-in opponents. ---

_DEPTH = {"depth": dict(type=positive_int, metavar="N",
                        help="alphabeta: search N plies (default: connect4 5, the others to the end)")}


def _random(game, spec, seed=None):
    return _agents.random(seed=seed)


def _alphabeta(game, spec, seed=None, depth=None):
    if depth is None and spec is not None:
        depth = spec.depth
    evaluate = None
    if depth is not None:
        evaluate = spec.evaluate(game) if spec is not None and spec.evaluate is not None else _even
    order = getattr(game, "move_order", None)
    return _agents.alphabeta(depth, evaluate, **({"order": order} if order is not None else {}))


#: The solver answers within about a second (measured) only in games up to these sizes:
#: Connect Four boards of 20 cells (5x4 takes a second); Grundy's game from 45 tokens (1.0 s;
#: each token more costs about a fifth more: 50 take 2.8 s, 60 take 17 s); and Nim heaps of at
#: most 500,000 "steps", positions times objects, (h1+1)(h2+1)... x (h1+h2+...): the solver
#: may visit every position and try every move in it (random heaps at 500,000 take 0.3-0.9 s,
#: at a million up to 1.5 s, at two million 2-3 s).
_SOLVABLE_CELLS = 20
_SOLVABLE_TOKENS = 45
_SOLVABLE_NIM_STEPS = 500_000
#: solve recurses once per move, and a game of Nim can last a move per object: Python's
#: recursion limit (1000 frames, two a move) stops it at about 490 objects.
_SOLVABLE_NIM_OBJECTS = 400


def _solver(game, spec, seed=None):
    problem = _too_big_to_solve(game)
    if problem:
        raise ValueError(problem)
    return _agents.solver()


def _too_big_to_solve(game) -> str | None:
    """Why the solver would not answer within about a second in ``game``, or None."""
    if isinstance(game, ConnectFour) and game.width * game.height > _SOLVABLE_CELLS:
        return (f"the solver would take far too long on a {game.width}x{game.height} board; it is "
                f"practical up to about {_SOLVABLE_CELLS} cells (--size 5x4): use alphabeta instead")
    if isinstance(game, Grundy) and game.n > _SOLVABLE_TOKENS:
        return (f"the solver would take far too long on a heap of {game.n:,} tokens: it answers within about a "
                f"second up to {_SOLVABLE_TOKENS} tokens, and each token more makes it a fifth slower; "
                f"use --tokens {_SOLVABLE_TOKENS} or less, or another opponent")
    if isinstance(game, Nim):
        objects = sum(game.heaps)
        if objects > _SOLVABLE_NIM_OBJECTS:
            return (f"the solver cannot play Nim with {objects:,} objects: a game can last a move per object, and "
                    f"the solver searches one level deeper per move, as deep as Python allows for "
                    f"{_SOLVABLE_NIM_OBJECTS} objects at most; use smaller heaps, or another opponent")
        positions = math.prod(h + 1 for h in game.heaps)
        if positions * objects > _SOLVABLE_NIM_STEPS:
            return (f"the solver would take too long on heaps {' '.join(map(str, game.heaps))}: they have "
                    f"{positions:,} positions ((h1+1)(h2+1)...) and up to {objects} moves in each, "
                    f"{positions * objects:,} steps, and it answers within about a second up to "
                    f"{_SOLVABLE_NIM_STEPS:,} (--heaps 15 15 15 has 184,320); use smaller heaps, or another opponent")
    return None


def _mcts(game, spec, seed=None, iterations=None):
    return _agents.mcts(iterations or 1000, seed=seed)


def _builtin_opponents():
    register_opponent("random", OpponentSpec(_random, "a uniformly random legal move",
                                             options={}, parameter=None))
    register_opponent("alphabeta", OpponentSpec(_alphabeta, "alpha-beta search, depth-limited with --depth N",
                                                options=dict(_DEPTH), parameter="depth"))
    register_opponent("solver", OpponentSpec(_solver, "perfect play (tic-tac-toe, nim, grundy, small connect4)"))
    register_opponent("mcts", OpponentSpec(
        _mcts, "Monte Carlo tree search (UCT), --iterations N per move (default 1000)",
        options={"iterations": dict(type=positive_int, metavar="N",
                                    help="mcts: iterations per move (default 1000)")},
        parameter="iterations"))


_builtin_games()
_builtin_opponents()


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
    play.add_argument("--time-per-move", type=_seconds, default=INTERACTIVE_TIME_PER_MOVE, metavar="SECONDS",
                      help=f"the game stops if the opponent thinks longer than this over a move "
                           f"(default {INTERACTIVE_TIME_PER_MOVE}; 'none' waits for ever)")
    _add_options(play)

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
    tour.add_argument("--openings", type=_count, default=2, metavar="PLIES",
                      help="random plies that start each pair of games (default 2)")
    tour.add_argument("--seed", type=int, help="seeds the openings and the agents' randomness")
    tour.add_argument("--no-progress", action="store_true", help="no progress bar")
    tour.add_argument("--time-per-move", type=_seconds, default=None, metavar="SECONDS",
                      help="the tournament stops if an agent thinks longer than this over a move (default: no limit)")
    _add_options(tour)

    # These three parse their own arguments (main hands them over before this parser runs): listed for --help.
    commands.add_parser("exam", add_help=False,
                        help="exam papers, one per student with their own trees, and the answer key")
    commands.add_parser("grading", add_help=False,
                        help="an nbgrader course: 'grading report ps1' lists submissions not graded, and why")
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


def _add_options(parser):
    """The games' and the opponents' own options, each once."""
    seen = set()
    for specs in (GAMES.values(), OPPONENTS.values()):
        for spec in specs:
            for name, kwargs in spec.options.items():
                if name not in seen:
                    seen.add(name)
                    parser.add_argument("--" + name.replace("_", "-"), dest=name, **kwargs)


def _game_options(args, name):
    """The game's options from ``args``; an option of another game is an error."""
    spec = _game_spec(name)
    for other, other_spec in GAMES.items():
        for key in other_spec.options:
            if key not in spec.options and getattr(args, key, None) is not None:
                raise ValueError(f"--{key.replace('_', '-')} is an option of {other}, not of {name}")
    return {key: getattr(args, key, None) for key in spec.options}


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
        return exam_main(argv[1:])
    if argv[:1] == ["grading"]:              # and so does the grading report
        return _grading(argv[1:], stdout, stderr)
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
            game = make_game(args.game, **_game_options(args, args.game))
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
    taken = {key for text in args.agents for key in _opponent_spec(_split_spec(text)[0]).options}
    for key, value in options.items():
        if value is not None and key not in taken:
            raise ValueError(f"none of the agents takes --{key.replace('_', '-')}")
    players = {}
    for text in args.agents:
        name, value = _split_spec(text)
        spec = _opponent_spec(name)
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
