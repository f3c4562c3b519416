"""``advsearch practice``: a seeded practice exercise in the terminal, checked at once.

::

    advsearch practice --list
    advsearch practice minimax --seed 3
    advsearch practice alphabeta --seed 7 --png tree.png
    advsearch practice alphabeta --seed 7 --answer "b2 c1"
    advsearch practice alphabeta --seed 7 --solution

The command prints the exercise (its question and its tree as text, and with
``--png FILE`` a drawing of the tree), reads one line of answer from standard
input (or takes ``--answer``), checks it with the exercise's own
:meth:`~advsearch.practice.Exercise.check` and prints the feedback.  The exit
code is 0 for a right answer, 1 for a wrong one or none (the end of the
input), and 2 for a bad command line or an answer that cannot be read.

The kinds of exercise are looked up by name in :data:`KINDS`; a new kind
(chance trees, three players, UCT, ...) joins with one call of
:func:`register_kind`: how to make it from a seed and options, and how to read
an answer line into what its ``check`` takes.

Examples
--------
>>> import io
>>> out = io.StringIO()
>>> main(["minimax", "--seed", "0", "--branching", "2", "--answer", "A=1 B=-3 C=1"], stdout=out)
0
>>> print(out.getvalue().splitlines()[-1])
Correct: ...
"""

from __future__ import annotations

import argparse
import ast
import functools
import json
import numbers
import re
import sys
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable

from .argparsing import USAGE, StreamParser

__all__ = ["KindSpec", "KINDS", "register_kind", "parse_seed", "read_values", "read_leaves", "main"]

#: Exit codes: a right answer, and a wrong one (or none); a bad command line is USAGE (2).
RIGHT, WRONG = 0, 1

#: The longest answer line read, in characters (a whole tree's values fit in far fewer).
MAX_ANSWER = 10_000

#: The longest seed, in characters.
MAX_SEED = 200


class AnswerError(ValueError):
    """An answer line that cannot be read; the message says what form is expected."""


# --- The registry of kinds. ---

@dataclass(frozen=True)
class KindSpec:
    """How the command line makes one kind of exercise and reads its answers.

    Attributes
    ----------
    help : str
        One line for ``--list`` and ``--help``.
    make : callable
        ``make(seed, **options) -> Exercise``; ``options`` holds the kind's
        own options that were given (absent ones are left out, so the
        generator's defaults apply).  Bad values raise ValueError.
    read : callable
        ``read(text, exercise) -> answer``: one stripped, non-empty answer
        line turned into what ``exercise.check`` takes; AnswerError (a
        ValueError) saying what form is expected when it cannot.
    form : str
        How to type an answer, for the prompt and for error messages.
    options : tuple of str
        The names of the shared options (see :data:`OPTIONS`) that the kind takes.
    """

    help: str
    make: Callable
    read: Callable
    form: str
    options: tuple = field(default_factory=tuple)


#: The kinds of exercise of the command line, by name (see :func:`register_kind`).
KINDS: dict = {}


def register_kind(name, spec) -> None:
    """Make ``spec`` (a :class:`KindSpec`) available as ``advsearch practice NAME``.

    Registering a name again replaces the kind.
    """
    if not isinstance(spec, KindSpec):
        raise ValueError(f"register_kind needs a KindSpec, not {spec!r}")
    if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_-]*", name):
        raise ValueError(f"a kind's name is lower-case letters, digits, '-' and '_', not {name!r}")
    unknown = [o for o in spec.options if o not in OPTIONS]
    if unknown:
        raise ValueError(f"unknown option {unknown[0]!r}; the options are {', '.join(OPTIONS)}")
    KINDS[name] = spec


# --- Option types. ---

def _whole(text, least, what):
    try:
        n = int(text)
    except (TypeError, ValueError):
        n = None
    if n is None or n < least or len(str(text).strip()) > 6:
        raise argparse.ArgumentTypeError(f"{text!r} is not {what}")
    return n


def _branching(text):
    """An argparse type: ``3`` or a range ``2-3`` (also ``2..3``, ``2,3``)."""
    parts = [p for p in re.split(r"\s*(?:\.\.|-|,|:)\s*", str(text).strip()) if p != ""]
    what = "a branching: a whole number such as 3, or a range such as 2-3"
    if not 1 <= len(parts) <= 2:
        raise argparse.ArgumentTypeError(f"{text!r} is not {what}")
    values = [_whole(p, 1, what) for p in parts]
    return values[0] if len(values) == 1 else tuple(values)


def _yes_no(text):
    """An argparse type: yes or no (also true/false, 1/0)."""
    word = str(text).strip().lower()
    if word in {"yes", "y", "true", "1", "on"}:
        return True
    if word in {"no", "n", "false", "0", "off"}:
        return False
    raise argparse.ArgumentTypeError(f"{text!r} is not yes or no")


#: The options that kinds may take: name -> keyword arguments of ``add_argument`` (``--name`` is the flag;
#: ``_`` becomes ``-``).  Each kind lists the ones it takes in :attr:`KindSpec.options`; the values are
#: checked by the kind's generator, whose ValueError becomes the command's error message.
OPTIONS: dict = {
    "depth": dict(type=functools.partial(_whole, least=1, what="a depth: a whole number of plies >= 1"),
                  metavar="PLIES", help="the tree's depth in plies"),
    "branching": dict(type=_branching, metavar="B|LO-HI", help="children per inner node: 3, or a range 2-3"),
    "alpha_cuts": dict(type=functools.partial(_whole, least=0, what="a number of cuts: a whole number >= 0"),
                       metavar="N", help="alphabeta: exactly N α-cuts (MIN nodes stopping early)"),
    "beta_cuts": dict(type=functools.partial(_whole, least=0, what="a number of cuts: a whole number >= 0"),
                      metavar="N", help="alphabeta: exactly N β-cuts (MAX nodes stopping early)"),
    "deep_cutoffs": dict(action="store_true", default=None,
                         help="alphabeta: at least one deep cutoff (a bound from three or more plies up)"),
    "prune_on_equal": dict(type=_yes_no, metavar="yes|no",
                           help="alphabeta: cut when v = β or v = α too (yes, the lecture's rule and the default), "
                                "or only beyond (no)"),
    "ties": dict(action="store_true", default=None, help="ties that matter (a tied choice; for alphabeta, "
                                                          "pruning that depends on cutting on equality)"),
}


def parse_seed(text):
    """A seed from the command line: an int when it is a whole number, otherwise the word itself.

    ``practice`` takes ints and strings as seeds; ``"7"`` means the int 7.

    >>> parse_seed("7"), parse_seed("-3"), parse_seed("final-2025")
    (7, -3, 'final-2025')
    """
    text = str(text)
    if not text.strip():
        raise argparse.ArgumentTypeError("a seed must not be empty: give a whole number or a word")
    if len(text) > MAX_SEED:
        raise argparse.ArgumentTypeError(f"a seed of {len(text):,} characters is too long (at most {MAX_SEED})")
    if re.fullmatch(r"\s*[+-]?\d+\s*", text):
        return int(text)
    return text


# --- Reading answers. ---

_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?(?:/\d+)?")


def _number(text, key, form):
    text = text.strip()
    if not _NUMBER.fullmatch(text) or len(text) > 40:
        raise AnswerError(f"{_short(text)!r} (the value of {key}) is not a number. {form}")
    if "/" in text:
        top, bottom = text.split("/")
        if int(bottom) == 0:
            raise AnswerError(f"{text} (the value of {key}) divides by zero. {form}")
        try:
            return Fraction(Fraction(top), int(bottom))
        except ValueError:
            raise AnswerError(f"{text!r} (the value of {key}) is not a number. {form}") from None
    if re.fullmatch(r"[+-]?\d+", text):
        return int(text)
    return float(text)


def _literal(text):
    """``text`` as JSON or a Python literal, or None when it is neither."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        pass
    try:
        return ast.literal_eval(text)
    except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
        return None


def _label(exercise, key, inner=False):
    """A label as the student typed it (``b`` or ``B2``), matched to the tree's labels regardless of case.

    ``inner`` matches only the labels of inner nodes (a values answer names those).
    """
    labels = {n.label for n in exercise.tree.nodes() if n.label and (n.children or not inner)}
    if not isinstance(key, str) or key in labels:
        return key
    return next((k for k in (key.lower(), key.upper()) if k in labels), key)


def read_values(text, exercise):
    """A minimax answer line: ``A=3 B=3 C=2`` (also ``A: 3, B: 3``) or a dict ``{"A": 3, "B": 3}``.

    Values are whole numbers, decimals or fractions (``7/2``).

    >>> from advsearch import practice
    >>> read_values("A=1, b=-3 C: 1", practice.minimax(seed=0, branching=2))
    {'A': 1, 'B': -3, 'C': 1}
    """
    form = ("Write each inner node's value as LABEL=VALUE, separated by spaces, like A=3 B=3 C=2, "
            "or a dict like {\"A\": 3, \"B\": 3}.")
    if text.startswith("{"):
        data = _literal(text)
        if not isinstance(data, dict):
            raise AnswerError(f"Your answer starts like a dict but is not one. {form}")
        answer = {}
        for key, value in data.items():
            if not isinstance(key, str):
                raise AnswerError(f"{_short(repr(key))} is not a node's label. {form}")
            if isinstance(value, bool) or not isinstance(value, numbers.Real):
                raise AnswerError(f"{_short(repr(value))} (the value of {_short(key)}) is not a number. {form}")
            answer[_label(exercise, key, inner=True)] = value
        return answer
    answer = {}
    for item in re.split(r"[\s,;]+(?=[^\s,;=:]+\s*[=:])", text):
        item = item.strip(" ,;")
        if not item:
            continue
        match = re.fullmatch(r"([A-Za-z][A-Za-z0-9]*)\s*[=:]\s*(\S+?)", item)
        if not match:
            raise AnswerError(f"Cannot read {_short(item)!r}. {form}")
        key = _label(exercise, match[1], inner=True)
        if key in answer:
            raise AnswerError(f"{key} is given twice. {form}")
        answer[key] = _number(match[2], key, form)
    return answer


def read_leaves(text, exercise):
    """An alpha-beta answer line: leaf labels ``b2 c1``, paths ``[1][1] [1][2]`` or ``(1, 1)``, a list
    ``["b2", "c1"]``, or ``none`` (nothing is pruned).

    >>> from advsearch import practice
    >>> read_leaves("b2, [1][1] (2, 0)", practice.alphabeta(seed=7))
    ['b2', '[1][1]', (2, 0)]
    >>> read_leaves("none", practice.alphabeta(seed=7))
    []
    """
    form = ("Write the pruned leaves separated by spaces, by label like b2 c1 or by path like [1][1] [1][2]; "
            "write none if nothing is pruned.")
    if text.lower() in {"none", "nothing", "-", "[]", "()", "{}", "set()"}:
        return []
    if text[0] in "[({":
        data = _literal(text)
        if isinstance(data, (list, tuple, set, dict)) and not data:
            return []
        if isinstance(data, (list, tuple, set)) and data and all(isinstance(x, str) for x in data):
            return [_label(exercise, x) for x in data]
        if isinstance(data, (list, tuple, set)) and data and all(
                isinstance(x, (list, tuple)) and x and all(isinstance(i, int) and not isinstance(i, bool)
                                                           for i in x) for x in data):
            return [tuple(x) for x in data]
    try:
        items = _tokens(text, exercise, form)
    except AnswerError:
        if len(text) >= 2 and text[0] + text[-1] in ("[]", "{}"):     # [b2, c1]: a list without quotes
            items = _tokens(text[1:-1], exercise, form)
        else:
            raise
    if not items:
        raise AnswerError(f"Cannot read your answer. {form}")
    return items


_TOKEN = re.compile(r"\s*(?:(?P<path>(?:\[\s*\d{1,6}\s*\])+)|(?P<tuple>\(\s*\d{1,6}(?:\s*,\s*\d{1,6})*\s*,?\s*\))"
                    r"|(?P<label>[A-Za-z][A-Za-z0-9]{0,30})|(?P<number>[+-]?\d{1,12}))\s*(?:[,;]\s*|(?=\S)|$)")


def _tokens(text, exercise, form) -> list:
    """The leaves named in ``text``, one token after another; AnswerError at the first it cannot read."""
    items, position = [], 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        if not match or match.end() == position:
            rest = text[position:].strip()
            raise AnswerError(f"Cannot read {_short(rest)!r}. {form}")
        if match["path"]:
            items.append(re.sub(r"\s+", "", match["path"]))
        elif match["tuple"]:
            items.append(tuple(int(i) for i in re.findall(r"\d+", match["tuple"])))
        elif match["label"]:
            items.append(_label(exercise, match["label"]))
        else:
            items.append(int(match["number"]))       # a value, not a leaf: the checker says so
        position = match.end()
    return items


def _short(text, width=30) -> str:
    text = str(text)
    return text if len(text) <= width else text[:width] + "…"


# --- The built-in kinds. ---

def _minimax(seed, **options):
    from . import practice
    return practice.minimax(seed, **options)


def _alphabeta(seed, **options):
    from . import practice
    return practice.alphabeta(seed, **options)


def _builtin_kinds():
    register_kind("minimax", KindSpec(
        "the minimax value of every inner node of a random tree", _minimax, read_values,
        "inner nodes' values, like A=3 B=3 C=2 (or {\"A\": 3, ...})", ("depth", "branching", "ties")))
    register_kind("alphabeta", KindSpec(
        "the leaves that alpha-beta never evaluates", _alphabeta, read_leaves,
        "the pruned leaves, like b2 c1 or [1][1] [1][2] (none if nothing is pruned)",
        ("depth", "branching", "alpha_cuts", "beta_cuts", "deep_cutoffs", "prune_on_equal", "ties")))


_builtin_kinds()


# --- The command. ---

def _parser(out, err):
    kinds = "\n".join(f"  {name:<12}{spec.help}" for name, spec in KINDS.items())
    parser = StreamParser(
        prog="advsearch practice", out=out, err=err, formatter_class=argparse.RawDescriptionHelpFormatter,
        description="A practice exercise on a random game tree made from a seed: the same seed gives the same "
                    "tree.  The exercise is printed, one line of answer is read from standard input (or "
                    "--answer), and the feedback says where it goes wrong.  Exit code 0: right; 1: wrong or "
                    "not answered; 2: a bad command line or an answer that cannot be read.",
        epilog=f"kinds:\n{kinds}\n\nexamples:\n  advsearch practice alphabeta --seed 7 --png tree.png\n"
               "  advsearch practice minimax --seed 3 --answer \"A=3 B=3 C=2 D=1\"\n"
               "  advsearch practice alphabeta --seed 7 --solution")
    parser.add_argument("kind", nargs="?", metavar="KIND", help="one of " + ", ".join(KINDS))
    parser.add_argument("--list", action="store_true", help="list the kinds of exercise and stop")
    parser.add_argument("--seed", type=parse_seed, default=0,
                        help="a whole number or a word; the same seed gives the same exercise (default 0)")
    parser.add_argument("--answer", metavar="TEXT", help="the answer, instead of reading it from standard input")
    parser.add_argument("--solution", action="store_true", help="print the worked solution instead of asking")
    parser.add_argument("--png", metavar="FILE",
                        help="also draw the tree into this PNG file (with --solution: the solution's figure)")
    for name, kwargs in OPTIONS.items():
        parser.add_argument("--" + name.replace("_", "-"), dest=name, **kwargs)
    return parser


def _is_terminal(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def _read_line(stdin):
    """One line of standard input, '' at its end or when it cannot be read (never waits on a closed stream)."""
    if stdin is None:
        return ""
    try:
        return stdin.readline(MAX_ANSWER + 2) or ""
    except (OSError, ValueError, UnicodeDecodeError):
        return ""


def _headless_pyplot():
    """pyplot, on the Agg backend unless a backend was already chosen (as in a notebook)."""
    import matplotlib
    if "matplotlib.pyplot" not in sys.modules:
        matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _write_png(exercise, path, solution=None):
    plt = _headless_pyplot()
    if solution is not None:
        data = solution.png()
        with open(path, "wb") as f:
            f.write(data)
        return
    ax = exercise.draw()
    try:
        ax.figure.savefig(path, format="png", dpi=100, bbox_inches="tight")
    finally:
        plt.close(ax.figure)


def main(argv=None, stdin=None, stdout=None, stderr=None) -> int:
    """Run ``advsearch practice`` and return its exit code.

    Parameters
    ----------
    argv : list of str, optional
        The arguments after ``practice``; ``sys.argv[2:]`` when None.
    stdin, stdout, stderr : file-like, optional
        Where the answer is read from, and where the exercise with its
        feedback and the errors go; the process's own streams when None.

    Returns
    -------
    int
        0 for a right answer (and after ``--list``, ``--help`` and
        ``--solution``), 1 for a wrong answer or none, 2 for a bad command
        line or an answer that cannot be read.
    """
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    argv = sys.argv[2:] if argv is None else list(argv)
    parser = _parser(stdout, stderr)
    try:
        args = parser.parse_args(argv)
        if args.list:
            for name, spec in KINDS.items():
                print(f"{name:<12}{spec.help}", file=stdout)
            return RIGHT
        if args.kind is None:
            parser.error("which kind of exercise? The kinds are " + ", ".join(KINDS))
        if args.kind not in KINDS:
            parser.error(f"unknown kind {_short(args.kind)!r}; the kinds are {', '.join(KINDS)}")
        spec = KINDS[args.kind]
        options = {}
        for name in OPTIONS:
            value = getattr(args, name)
            if value is None:
                continue
            if name not in spec.options:
                parser.error(f"--{name.replace('_', '-')} is not an option of {args.kind}"
                             + (f"; it takes {', '.join('--' + o.replace('_', '-') for o in spec.options)}"
                                if spec.options else ""))
            options[name] = value
        if args.solution and args.answer is not None:
            parser.error("--solution and --answer do not go together: answer first, then ask for the solution")
        try:
            exercise = spec.make(args.seed, **options)
        except ValueError as error:
            parser.error(str(error))
        return _run(exercise, spec, args, parser, stdin, stdout)
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else USAGE
    except KeyboardInterrupt:
        print("\nStopped.", file=stderr)
        return 130


def _run(exercise, spec, args, parser, stdin, out) -> int:
    print(f"{exercise.kind} exercise (seed {exercise.seed})", file=out)
    print(exercise.question, file=out)
    print("", file=out)
    print(f"Tree: {exercise.tree}", file=out)
    solution = exercise.solution() if args.solution else None
    if args.png is not None:
        try:
            _write_png(exercise, args.png, solution)
        except (OSError, ValueError) as error:
            parser.error(f"cannot write the drawing to {args.png!r}: {error}")
        print(f"Drawing written to {args.png}", file=out)
    print("", file=out)
    if solution is not None:
        print(solution.text, file=out)
        return RIGHT
    if args.answer is not None:
        text = args.answer
        print(f"Your answer: {text}", file=out)
    else:
        print(f"Type your answer on one line: {spec.form}.", file=out)
        print("Your answer: ", end="", file=out, flush=True)
        line = _read_line(stdin)
        text = line.rstrip("\r\n")
        if not _is_terminal(stdin):
            print(text, file=out)
    text = text.strip()
    if len(text) > MAX_ANSWER:
        parser.error(f"an answer of {len(text):,} characters is too long to read (at most {MAX_ANSWER:,})")
    if not text:
        answer = None
    else:
        try:
            answer = spec.read(text, exercise)
        except AnswerError as error:
            parser.error(f"cannot read the answer: {error}")
    feedback = exercise.check(answer)
    print(feedback.text, file=out)
    return RIGHT if feedback.ok else WRONG
