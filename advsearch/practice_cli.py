"""``advsearch practice``: a seeded practice exercise in the terminal, checked at once.

::

    advsearch practice --list
    advsearch practice minimax --seed 3
    advsearch practice alphabeta --seed 7 --png tree.png
    advsearch practice alphabeta --seed 7 --answer "b2 c1"
    advsearch practice expectiminimax --seed 2 --answer "A=9/2 B=3 ..."
    advsearch practice star1 --seed 4 --cuts 2 --bounds 0,10
    advsearch practice maxn --seed 1 --answer "A=(3,1,5) B=(3,1,5) ... move=B"
    advsearch practice shallow --seed 5 --cuts 2 --max-sum 10
    advsearch practice alphabeta --seed 7 --solution

The command prints the exercise (its question and its tree as text, with the
probabilities of chance nodes and, for Star1 and shallow pruning, the bounds
on the leaves; with ``--png FILE`` a drawing of the tree), reads one line of
answer from standard input (or takes ``--answer``), checks it with the
exercise's own :meth:`~advsearch.practice.Exercise.check` and prints the
feedback.  The exit code is 0 for a right answer, 1 for a wrong one or none
(the end of the input), and 2 for a bad command line or an answer that
cannot be read.

Answers are read by :mod:`advsearch.practice_answers`: values ``A=3 B=7/2``
(fractions allowed), leaves ``b2 c1`` or ``[1][1] [1][2]``, and max-n
vectors in parentheses with the root's move, ``A=(3,1,5) move=B``.  The
prompt's examples name labels of the tree printed.

The kinds of exercise are looked up by name in :data:`KINDS`; a new kind
joins with one call of :func:`register_kind`: how to make it from a seed and
options, and how to read an answer line into what its ``check`` takes.

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
import functools
import re
import sys
from dataclasses import dataclass, field
from typing import Callable

from .argparsing import USAGE, StreamParser
from .trees import Tree
from .practice_answers import (AnswerError, child_hint, leaves_hint, counts_hint, read_child, read_counts, read_leaves, read_values,
                               read_vectors, short, values_hint, vectors_hint)


#: Exit codes: a right answer, and a wrong one (or none); a bad command line is USAGE (2).
RIGHT, WRONG = 0, 1

#: The longest answer line read, in characters (a whole tree's values fit in far fewer).
MAX_ANSWER = 10_000

#: The longest seed, in characters.
MAX_SEED = 200


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
    form : str or callable
        How to type an answer, for the prompt: a sentence, or
        ``form(exercise) -> str`` for examples that name the exercise's own
        labels (see :func:`form_of`).
    options : tuple of str
        The names of the shared options (see :data:`OPTIONS`) that the kind takes.
    """

    help: str
    make: Callable
    read: Callable
    form: object
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


def form_of(spec, exercise) -> str:
    """How to type an answer to ``exercise``: ``spec.form``, called with the exercise when it is callable."""
    return spec.form(exercise) if callable(spec.form) else spec.form


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


def _bounds(text):
    """An argparse type: two whole numbers L,U (also L..U, L:U) with L < U, the bounds on every leaf."""
    parts = [p for p in re.split(r"\s*(?:\.\.|,|:|\s)\s*", str(text).strip()) if p != ""]
    what = "bounds: two whole numbers L,U with L < U, such as 0,10 (or -5..5)"
    if len(parts) != 2:
        raise argparse.ArgumentTypeError(f"{text!r} is not {what}")
    low, high = (_whole(p, -10**6, what) for p in parts)
    if low >= high:
        raise argparse.ArgumentTypeError(f"{text!r} is not {what}")
    return low, high


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
    "cuts": dict(type=functools.partial(_whole, least=0, what="a number of cuts: a whole number >= 0"),
                 metavar="N", help="star1, shallow: exactly N cuts (prune events) in the search"),
    "bounds": dict(type=_bounds, metavar="L,U",
                   help="star1: the bounds [L, U] on every leaf that Star1 prunes with (default: the leaves' "
                        "range 0,9); write --bounds=-5,5 when L is negative"),
    "max_sum": dict(type=functools.partial(_whole, least=1, what="a sum: a whole number >= 1"), metavar="S",
                    help="shallow: every payoff in [0, S], the payoffs of a leaf adding up to S (default 10)"),
    "num_players": dict(type=functools.partial(_whole, least=3, what="a number of players: a whole number >= 3"),
                        metavar="N", help="maxn, shallow: the number of players (default 3)"),
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


# --- The built-in kinds. ---

def _minimax(seed, **options):
    from . import practice
    return practice.minimax(seed, **options)


def _alphabeta(seed, **options):
    from . import practice
    return practice.alphabeta(seed, **options)


def _generator(name, **fixed):
    """``make(seed, **options)`` for ``practice.<name>``, with ``fixed`` keywords added."""
    def make(seed, **options):
        from . import practice
        return getattr(practice, name)(seed, **fixed, **options)
    return make


def _builtin_kinds():
    register_kind("minimax", KindSpec(
        "the minimax value of every inner node of a random tree", _minimax, read_values, values_hint,
        ("depth", "branching", "ties")))
    register_kind("alphabeta", KindSpec(
        "the leaves that alpha-beta never evaluates", _alphabeta, read_leaves, leaves_hint,
        ("depth", "branching", "alpha_cuts", "beta_cuts", "deep_cutoffs", "prune_on_equal", "ties")))
    register_kind("expectiminimax", KindSpec(
        "the value of every inner node of a tree with MAX, chance and MIN nodes",
        _generator("expectiminimax", with_min=True), read_values, values_hint, ("depth", "branching")))
    register_kind("expectimax", KindSpec(
        "the value of every inner node of a tree with MAX and chance nodes",
        _generator("expectiminimax", with_min=False), read_values, values_hint, ("depth", "branching")))
    register_kind("star1", KindSpec(
        "the leaves that Star1 never evaluates on a chance tree with bounded leaves",
        _generator("star1"), read_leaves, leaves_hint, ("depth", "branching", "cuts", "bounds", "prune_on_equal")))
    register_kind("maxn", KindSpec(
        "the max-n payoff vector of every inner node of a 3-player tree, and the root's move",
        _generator("maxn"), read_vectors, vectors_hint, ("depth", "branching", "num_players", "ties")))
    register_kind("shallow", KindSpec(
        "the leaves that max-n's shallow pruning never evaluates (payoffs with a constant sum)",
        _generator("shallow"), read_leaves, leaves_hint, ("depth", "branching", "cuts", "max_sum", "num_players")))
    register_kind("uct", KindSpec(
        "the child of the root that UCT selects next, from wins and visits", _generator("uct"), read_child,
        child_hint))
    register_kind("uct_backup", KindSpec(
        "the new wins and visits on the path after one more UCT iteration and its playout",
        _generator("uct_backup"), read_counts, counts_hint))


_builtin_kinds()


# --- The command. ---

#: How answers are typed, for ``--help``.
ANSWERS = """answers (one line; or --answer TEXT):
  values (minimax, expectiminimax, expectimax): LABEL=VALUE for every inner node, like A=3 B=7/2;
      values may be fractions such as 7/2; or a dict {"A": 3, "B": 3.5}
  leaves (alphabeta, star1, shallow): the pruned leaves by label (b2 c1) or by path ([1][1] [1][2]);
      none if nothing is pruned
  vectors (maxn): LABEL=(x,y,z) for every inner node, one entry per player in parentheses, and
      move=LABEL for the root's move, like A=(3,1,5) B=(3,1,5) C=(2,4,0) move=B
  a child (uct): the label of the child UCT selects, like C
  counts (uct_backup): the root's visits, then (wins,visits) of each node on the path, like A=9 C=(3,4) H=(1/2,1)"""

#: The examples of ``--help``: each names labels that the tree of its seed has (a test checks it).
EXAMPLES = ("alphabeta --seed 7 --png tree.png",
            "minimax --seed 3 --answer \"A=3 B=3 C=2 D=1\"",
            "expectiminimax --seed 2 --answer \"A=9/2 B=3 C=9/2 D=2\"",
            "star1 --seed 4 --cuts 2 --bounds 0,10",
            "maxn --seed 1 --answer \"A=(3,1,5) B=(3,1,5) C=(2,4,0) D=(3,1,5) move=B\"",
            "shallow --seed 5 --cuts 2 --max-sum 10",
            "alphabeta --seed 7 --solution")


def _width() -> int:
    """The column width of the kinds' names in --list and --help."""
    return max(12, 2 + max(map(len, KINDS), default=0))


def _parser(out, err):
    kinds = "\n".join(f"  {name:<{_width()}}{spec.help}" for name, spec in KINDS.items())
    parser = StreamParser(
        prog="advsearch practice", out=out, err=err, formatter_class=argparse.RawDescriptionHelpFormatter,
        description="A practice exercise on a random game tree made from a seed: the same seed gives the same "
                    "tree.  The exercise is printed, one line of answer is read from standard input (or "
                    "--answer), and the feedback says where it goes wrong.  Exit code 0: right; 1: wrong or "
                    "not answered; 2: a bad command line or an answer that cannot be read.",
        epilog=f"kinds:\n{kinds}\n\n{ANSWERS}\n\nexamples:\n"
               + "\n".join("  advsearch practice " + e for e in EXAMPLES))
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
    try:                # the picture's alternative text goes into the file, as PNG's standard Description
        ax.figure.savefig(path, format="png", dpi=100, bbox_inches="tight",
                          metadata={"Description": getattr(ax, "advsearch_alt", None) or exercise.question})
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
                print(f"{name:<{_width()}}{spec.help}", file=stdout)
            return RIGHT
        if args.kind is None:
            parser.error("which kind of exercise? The kinds are " + ", ".join(KINDS))
        if args.kind not in KINDS:
            parser.error(f"unknown kind {short(args.kind)!r}; the kinds are {', '.join(KINDS)}")
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


def _limits(exercise) -> str:
    """A line with the bounds an exercise prunes with (Star1's [L, U], shallow pruning's sum), or ''."""
    bounds, max_sum = getattr(exercise, "bounds", None), getattr(exercise, "max_sum", None)
    if max_sum is not None:
        return f"Payoffs: each in [0, {max_sum}], the payoffs of a leaf adding up to {max_sum}."
    if bounds is not None:
        return f"Bounds: every leaf value lies in [{bounds[0]}, {bounds[1]}]."
    return ""


def _run(exercise, spec, args, parser, stdin, out) -> int:
    print(f"{exercise.kind} exercise (seed {exercise.seed})", file=out)
    print(exercise.question, file=out)
    print("", file=out)
    if isinstance(exercise.tree, Tree):     # other exercises (UCT's statistics) show theirs in the question
        print(f"Tree: {exercise.tree}", file=out)
    limits = _limits(exercise)
    if limits:
        print(limits, file=out)
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
        print(f"Type your answer on one line: {form_of(spec, exercise)}.", file=out)
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
