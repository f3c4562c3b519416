"""The games and opponents that ``advsearch`` knows by name: two registries, and the built-in entries.

``advsearch play`` and ``advsearch tournament`` (:mod:`advsearch.cli`), the
play widget and class contests (:mod:`advsearch.contest`) look games and
opponents up here, so that new ones join all of them with one call of
:func:`register_game` or :func:`register_opponent`, together with any
command-line options of their own.  :func:`make_agent` turns a name such as
``"alphabeta:4"`` into an agent.  The names are also importable from
:mod:`advsearch.cli`, where they were first.

Examples
--------
>>> make_game("tictactoe")
TicTacToe()
>>> make_agent("alphabeta:2", make_game("connect4"))
alphabeta(depth=2)
"""

from __future__ import annotations

import argparse
import math
import re
from dataclasses import dataclass, field, replace
from typing import Callable

from . import agents as _agents
from .argparsing import board_size, positive_int, whole_number
from .evaluation import connect4_eval, tictactoe_eval
from .games import ConnectFour, Grundy, Nim, TicTacToe

__all__ = ["GameSpec", "OpponentSpec", "GAMES", "OPPONENTS", "register_game", "register_opponent",
           "make_game", "make_agent", "check_opponent", "game_spec", "spec_for", "split_spec", "opponent_spec",
           "too_big_to_solve", "add_options", "game_options"]


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
    spec = game_spec(name)
    unknown = sorted(set(options) - set(spec.options))
    if unknown:
        raise ValueError(f"{name} has no option {', '.join(unknown)}")
    return spec.make({key: options.get(key) for key in spec.options})


def game_spec(name) -> GameSpec:
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r}; the games are {', '.join(GAMES)}") from None


def spec_for(game) -> GameSpec | None:
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
    spec, arguments = check_opponent(text, **options)
    return spec.make(game, spec_for(game), seed=seed, **arguments)


def check_opponent(text, **options) -> tuple:
    """The :class:`OpponentSpec` that ``text`` names and its options, checked without a game.

    Returns ``(spec, arguments)``: every option of the opponent, None where
    not given.  Raises ValueError as :func:`make_agent` does.

    >>> check_opponent("alphabeta:3")[1]
    {'depth': 3}
    >>> check_opponent("random:3")
    Traceback (most recent call last):
    ...
    ValueError: the random opponent takes no parameter, so 'random:3' means nothing; write random
    """
    name, value = split_spec(text)
    spec = opponent_spec(name)
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
    return spec, {key: given.get(key) for key in spec.options}


def split_spec(text):
    if not isinstance(text, str) or not text:
        raise ValueError(f"an opponent is named by a string such as 'alphabeta:4', not {text!r}")
    name, colon, value = text.partition(":")
    if colon and not value:
        raise ValueError(f"{text!r} has nothing after the colon; write {name} or {name}:VALUE")
    return name, value if colon else None


def opponent_spec(name) -> OpponentSpec:
    try:
        return OPPONENTS[name]
    except KeyError:
        raise ValueError(f"unknown opponent {name!r}; the opponents are {', '.join(OPPONENTS)}") from None


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
            options={"size": dict(type=board_size, metavar="WxH",
                                  help="connect4: the board, columns x rows (default 7x6)")},
            marks=("X", "O"), show=_connect4_show, describe=lambda a: f"column {a}",
            depth=5, evaluate=connect4_eval)),
        "nim": (Nim, GameSpec(
            "Nim", _nim,
            "a heap and how many to take from it: '1 2' takes 2 from heap 1",
            options={"heaps": dict(type=whole_number, nargs="+", metavar="N", help="nim: the heap sizes (default 3 4 5)"),
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
    problem = too_big_to_solve(game)
    if problem:
        raise ValueError(problem)
    return _agents.solver()


def too_big_to_solve(game) -> str | None:
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


# --- Their command-line options. ---

def add_options(parser, opponents=True):
    """The games' (and, unless told not, the opponents') own command-line options, each once."""
    seen = set()
    for specs in (GAMES.values(), OPPONENTS.values()) if opponents else (GAMES.values(),):
        for spec in specs:
            for name, kwargs in spec.options.items():
                if name not in seen:
                    seen.add(name)
                    parser.add_argument("--" + name.replace("_", "-"), dest=name, **kwargs)


def game_options(args, name):
    """The game's options from ``args``; an option of another game is an error."""
    spec = game_spec(name)
    for other, other_spec in GAMES.items():
        for key in other_spec.options:
            if key not in spec.options and getattr(args, key, None) is not None:
                raise ValueError(f"--{key.replace('_', '-')} is an option of {other}, not of {name}")
    return {key: getattr(args, key, None) for key in spec.options}


_builtin_games()
_builtin_opponents()
