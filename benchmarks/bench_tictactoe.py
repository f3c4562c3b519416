"""Full tic-tac-toe search from the empty board: advsearch against a reference and its peers.

Every contender solves the whole game tree (or its alpha-beta part) from the
empty board.  Times are taken in one process, round-robin over the
contenders, and each contender keeps its fastest run; every ratio is a time
divided by the reference negamax's time from the same run.  Nothing here
asserts anything about time: the script prints facts and leaves the judging
to the reader.

Rows
----
``advsearch minimax`` / ``advsearch alphabeta``
    the library as a student calls it: ``minimax(TicTacToe())``.
``reference negamax``
    a specialised pure-Python bitboard negamax (below), visiting the same
    549,946 states as minimax.  It is the yardstick for every ratio.
``... tracing hooks removed``
    advsearch's own source with its ``if tracer:`` lines deleted at run time,
    to show what the hooks cost when tracing is off.
``minimax, trace=True``
    the cost of recording every event (timed once).
OpenSpiel and easyAI rows
    the peers, when they are installed (``pip install -e ".[bench]"``).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import inspect
import math
import platform
import sys
import textwrap
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from advsearch.games import TicTacToe
from advsearch.search import alphabeta, minimax

#: What advsearch's searches must report for the full game (see the README).
EXPECTED_NODES = {"minimax": 549_946, "alphabeta": 18_297}

DEFAULT_ROUNDS = 5
WIDTH = 100  # where footnotes wrap
SLOW_SECONDS = 10.0        # a contender slower than this gets at most 2 rounds ...
VERY_SLOW_SECONDS = 30.0   # ... and slower than this only 1
SHORT_SECONDS = 0.05       # a run shorter than this is sampled several times per round


# --------------------------------------------------------------------------
# The reference: a specialist's negamax on two 9-bit bitboards.
# --------------------------------------------------------------------------

FULL_BOARD = 0b111_111_111
_LINE_CELLS = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
_LINE_MASKS = tuple(sum(1 << c for c in cells) for cells in _LINE_CELLS)

#: HAS_LINE[marks] is True when the 9-bit set of cells ``marks`` holds three in a row.
HAS_LINE = tuple(any(marks & m == m for m in _LINE_MASKS) for marks in range(512))
#: FREE_BITS[occupied] lists the free cells of a board, as single-bit masks, lowest cell first.
FREE_BITS = tuple(tuple(1 << c for c in range(9) if not occupied >> c & 1) for occupied in range(512))


def reference_negamax():
    """Solve tic-tac-toe by negamax over the whole tree; return ``(value for X, nodes)``.

    ``nodes`` counts what advsearch's minimax counts: every state visited, the
    root included, where wins and full boards are leaves.  The speed comes
    from representation, not from skipping work: a position is two 9-bit
    ints (the mover's cells and the other side's), rules are table look-ups,
    and a child that ends the game is scored in the parent's loop instead of
    by a call of its own.  No pruning, no memo: every one of the 549,946
    states is generated and scored.
    """
    has_line, free_bits = HAS_LINE, FREE_BITS
    nodes = 1  # the root

    def negamax(me, other):
        # Called only on positions where the game goes on: `other` just moved
        # without completing a line, and the board has a free cell.
        nonlocal nodes
        moves = free_bits[me | other]
        nodes += len(moves)  # each child below is visited (generated and scored) once
        if len(moves) == 1:  # the only child fills the board: a win for `me` or a draw
            return 1 if has_line[me | moves[0]] else 0
        best = -1
        for bit in moves:
            mine = me | bit
            if has_line[mine]:
                value = 1
            else:
                value = -negamax(other, mine)
            if value > best:
                best = value
        return best

    value = negamax(0, 0)
    return value, nodes


# --------------------------------------------------------------------------
# advsearch with its tracing hooks deleted, built from its own source.
# --------------------------------------------------------------------------

def without_tracing_hooks(module_name, function_name):
    """Rebuild ``function_name`` from ``module_name``'s source minus its ``if tracer:`` lines.

    Returns ``(function, lines_removed)``.  The source is read with
    :func:`inspect.getsource` and executed in a copy of the module's
    namespace, so the rebuilt function uses the same helpers (``Search``,
    ``MAX``, ...) as the original and differs only by the deleted hooks.
    """
    module = importlib.import_module(module_name)
    kept, removed = [], 0
    for line in inspect.getsource(module).splitlines(keepends=True):
        stripped = line.strip()
        if stripped.startswith("if tracer:"):
            if stripped == "if tracer:":
                raise ValueError(f"{module_name} has an 'if tracer:' block, not a one-line hook")
            removed += 1
        else:
            kept.append(line)
    if not removed:
        raise ValueError(f"{module_name} has no 'if tracer:' line to remove")
    namespace = dict(vars(module))
    exec(compile("".join(kept), f"<{module_name} without tracing hooks>", "exec"), namespace)
    return namespace[function_name], removed


# --------------------------------------------------------------------------
# Contenders and their measurements.
# --------------------------------------------------------------------------

@dataclass
class Row:
    """One line of the table: a contender, or the reason it has no measurement."""

    name: str
    run: Callable[[], tuple] | None = None  # () -> (root value, nodes or None)
    count: Callable[[], int | None] | None = None  # untimed instrumented run -> nodes
    expected_nodes: int | None = None
    once: bool = False  # timed a single time, after the rounds
    status: str = ""  # shown instead of numbers when there is no measurement
    note: str = ""  # footnote
    times: list = field(default_factory=list)
    value: Any = None
    nodes: int | None = None
    repeat: int = 1
    max_rounds: int = 1 << 30

    @property
    def seconds(self):
        return min(self.times) if self.times else None

    def sample(self):
        gc.collect()
        start = time.perf_counter()
        value, nodes = self.run()
        self.times.append(time.perf_counter() - start)
        self.value = value
        if nodes is not None:
            self.nodes = nodes


def advsearch_rows():
    game = TicTacToe()

    def timed(search, **options):
        def run():
            r = search(game, **options)
            return r.value, r.stats.nodes
        return run

    rows = [
        Row("advsearch minimax", timed(minimax), expected_nodes=EXPECTED_NODES["minimax"]),
        Row("advsearch alphabeta", timed(alphabeta), expected_nodes=EXPECTED_NODES["alphabeta"]),
        Row("reference negamax", reference_negamax, expected_nodes=EXPECTED_NODES["minimax"],
            note="reference negamax: pure-Python bitboard negamax in benchmarks/bench_tictactoe.py, "
                 "full tree, no pruning or memo; every ratio is a time over its time."),
    ]
    built, removed = {}, {}
    for name in ("minimax", "alphabeta"):
        try:
            built[name], removed[name] = without_tracing_hooks(f"advsearch.search.{name}", name)
        except (OSError, ValueError, SyntaxError) as exc:
            built[name] = exc
    hooks_note = (
        "hooks removed: advsearch/search/<name>.py read with inspect.getsource, its one-line "
        "'if tracer:' hooks deleted ("
        + ", ".join(f"{n} lines in {name}" for name, n in removed.items())
        + "), exec'd in a copy of the module's namespace. The leaf scorer in "
        "advsearch/search/base.py keeps its own 'if tracer:' test.")
    for name in ("minimax", "alphabeta"):
        label = f"{name}, tracing hooks removed"
        if isinstance(built[name], Exception):
            rows.append(Row(label, status=f"n/a: {built[name]}"))
        else:
            rows.append(Row(label, timed(built[name]), expected_nodes=EXPECTED_NODES[name], note=hooks_note))
    rows.append(Row("minimax, trace=True", timed(minimax, trace=True), expected_nodes=EXPECTED_NODES["minimax"],
                    once=True, note="trace=True: timed once, after the rounds."))
    return rows


def _counting_calls(module, name, search):
    """Run ``search()`` with ``module.name`` wrapped to count its calls; restore it after."""
    original = getattr(module, name)
    calls = 0

    def counted(*args, **kwargs):
        nonlocal calls
        calls += 1
        return original(*args, **kwargs)

    setattr(module, name, counted)
    try:
        search()
    finally:
        setattr(module, name, original)
    return calls if calls > 1 else None  # 1 would mean the recursion bypassed the wrapper


def _version(*distributions):
    from importlib import metadata
    for dist in distributions:
        try:
            return metadata.version(dist)
        except metadata.PackageNotFoundError:
            continue
    return "?"


def openspiel_rows():
    names = ("OpenSpiel minimax (expectiminimax)", "OpenSpiel alpha_beta_search")
    try:
        import pyspiel
        from open_spiel.python.algorithms import minimax as spiel_search
    except ImportError:
        return [Row(name, status="not installed") for name in names]

    game = pyspiel.load_game("tic_tac_toe")

    # expectiminimax(state, depth, value_function, maximizing_player_id) is plain
    # minimax when the game has no chance nodes; depth 9 reaches every end of play,
    # so the value function is never called.
    def full_minimax():
        return spiel_search.expectiminimax(game.new_initial_state(), 9, None, 0)

    def pruned():
        return spiel_search.alpha_beta_search(game)

    def timed(search):
        def run():
            value, _move = search()
            return value, None
        return run

    note = (f"OpenSpiel {_version('open_spiel', 'open-spiel')}: its Python search "
            "(open_spiel/python/algorithms/minimax.py) over pyspiel's C++ states, "
            "expectiminimax(state, 9, None, 0) and alpha_beta_search(game); nodes are the calls "
            "of its recursive function, root included, counted in a separate untimed run.")
    return [
        Row(names[0], timed(full_minimax), note=note,
            count=lambda: _counting_calls(spiel_search, "expectiminimax", full_minimax)),
        Row(names[1], timed(pruned), note=note,
            count=lambda: _counting_calls(spiel_search, "_alpha_beta", pruned)),
    ]


def easyai_rows():
    names = ("easyAI Negamax (alpha-beta)", "easyAI Negamax, no alpha-beta")
    try:
        from easyAI import AI_Player, Negamax, TwoPlayerGame
    except ImportError:
        return [Row(name, status="not installed") for name in names]

    free_cells = tuple([c for c in range(9) if not occupied >> c & 1] for occupied in range(512))

    class EasyTicTacToe(TwoPlayerGame):
        """Tic-tac-toe for easyAI: ``marks[i]`` is the 9-bit set of cells of player i + 1."""

        def __init__(self, players):
            self.players = players
            self.current_player = 1
            self.marks = [0, 0]

        def possible_moves(self):
            return list(free_cells[self.marks[0] | self.marks[1]])

        def make_move(self, move):
            self.marks[self.current_player - 1] |= 1 << move

        def unmake_move(self, move):  # lets Negamax undo moves instead of deep-copying
            self.marks[self.current_player - 1] &= ~(1 << move)

        def is_over(self):
            x, o = self.marks
            return HAS_LINE[x] or HAS_LINE[o] or x | o == FULL_BOARD

        def scoring(self):  # for the player to move: the one who just moved may have won
            return -100 if HAS_LINE[self.marks[self.opponent_index - 1]] else 0

    class CountingTicTacToe(EasyTicTacToe):
        moves_made = 0

        def make_move(self, move):
            CountingTicTacToe.moves_made += 1
            super().make_move(move)

    def solve(game_class):
        ai = Negamax(9)
        game = game_class([AI_Player(ai), AI_Player(ai)])
        ai(game)
        return ai.alpha  # the root's negamax value, for X

    def count():
        CountingTicTacToe.moves_made = 0
        solve(CountingTicTacToe)
        return CountingTicTacToe.moves_made + 1  # every state but the root is made by a move

    note_ab = (f"easyAI {_version('easyAI', 'easyai')}: Negamax(9) on a bitboard tic-tac-toe written "
               "here against TwoPlayerGame (with unmake_move, so no deep copies). Its leaf scores "
               "carry a depth bonus (score * (1 + 0.001 * depth)), so it prunes differently from "
               "advsearch alphabeta. Nodes: make_move calls + 1 for the root, in a separate untimed run.")
    return [
        Row(names[0], lambda: (solve(EasyTicTacToe), None), count=count, note=note_ab),
        Row(names[1], status="n/a: easyAI's Negamax always prunes; it has no option to turn alpha-beta off"),
    ]


def measure(rows, rounds, out=None):
    """Time the rows round-robin; each keeps its fastest run."""
    for row in rows:
        if row.run is not None and row.count is not None:
            try:
                row.nodes = row.count()
            except Exception as exc:  # a peer whose API moved: say so, keep going
                row.run, row.status = None, f"error: {type(exc).__name__}: {exc}"
    looped = [row for row in rows if row.run is not None and not row.once]
    for index in range(rounds):
        for row in looped:
            if row.run is None or index >= row.max_rounds:
                continue
            try:
                for _ in range(row.repeat):
                    row.sample()
            except Exception as exc:
                row.run, row.status = None, f"error: {type(exc).__name__}: {exc}"
                continue
            if index == 0:
                first = row.times[0]
                if first > VERY_SLOW_SECONDS:
                    row.max_rounds = 1
                elif first > SLOW_SECONDS:
                    row.max_rounds = 2
                elif first < SHORT_SECONDS:
                    row.repeat = min(10, math.ceil(2 * SHORT_SECONDS / max(first, 1e-6)))
        if out is not None:
            print(f"  round {index + 1}/{rounds} done", file=out, flush=True)
    for row in rows:
        if row.run is not None and row.once:
            row.sample()
            row.run = None  # let the trace go


# --------------------------------------------------------------------------
# The table.
# --------------------------------------------------------------------------

def _grouped(n):
    return f"{n:,}"


def render(rows, rounds, quick):
    reference = next(r for r in rows if r.name == "reference negamax")
    ref_time = reference.seconds

    notes = []  # footnote texts, numbered in order of first use
    labels = []
    for row in rows:
        label = row.name
        if row.note:
            if row.note not in notes:
                notes.append(row.note)
            label += f" [{notes.index(row.note) + 1}]"
        labels.append(label)

    header = ("contender", "nodes", "seconds", "nodes/s", "ratio")
    cells = []
    for row, label in zip(rows, labels):
        t = row.seconds
        if t is None:
            cells.append((label, row.status or "not run"))
            continue
        nodes = _grouped(row.nodes) if row.nodes is not None else "n/a"
        rate = _grouped(round(row.nodes / t)) if row.nodes is not None else "n/a"
        cells.append((label, nodes, f"{t:.4f}", rate, f"{t / ref_time:.2f}"))

    full = [c for c in cells if len(c) == len(header)] + [header]
    widths = [max(len(c[i]) for c in full) for i in range(len(header))]

    def line(c):
        if len(c) == 2:  # a row without numbers: its reason, after the name
            return f"{c[0]:<{widths[0]}}  {c[1]}"
        return "  ".join([f"{c[0]:<{widths[0]}}"] + [f"{v:>{w}}" for v, w in zip(c[1:], widths[1:])])

    out = []
    out.append("Full tic-tac-toe search from the empty board")
    how = f"fastest of {rounds} interleaved round{'s' if rounds != 1 else ''}"
    out.append(f"Python {platform.python_version()} ({platform.machine()}); seconds = {how}; "
               "ratio = seconds / reference seconds (lower is better)")
    out.append("")
    out.append(line(header))
    out.append("  ".join("-" * w for w in widths))
    out.extend(line(c) for c in cells)
    out.append("")
    for i, text in enumerate(notes, 1):
        out.append(textwrap.fill(text, WIDTH, initial_indent=f"[{i}] ", subsequent_indent="    "))
    slow = [row.name for row in rows if row.times and not row.once and len(row.times) < rounds]
    if slow:
        out.append(f"Fewer rounds (slow runs): {', '.join(slow)}.")
    out.append("")
    out.extend(textwrap.fill(fact, WIDTH, subsequent_indent="  ") for fact in facts(rows, quick))
    return "\n".join(out)


def facts(rows, quick):
    by_name = {row.name: row for row in rows}
    ref = by_name["reference negamax"].seconds
    mm = by_name["advsearch minimax"].seconds
    lines = [f"minimax / reference = {mm / ref:.2f} (target <= 1.6)"]

    spiel = by_name["OpenSpiel minimax (expectiminimax)"]
    if spiel.seconds is not None:
        factor = spiel.seconds / mm
        word = "faster" if factor >= 1 else "slower"
        lines.append(f"minimax vs OpenSpiel Python minimax: {max(factor, 1 / factor):.1f}x {word}")
    else:
        lines.append(f"minimax vs OpenSpiel Python minimax: n/a (OpenSpiel {spiel.status or 'not run'})")

    for name in ("minimax", "alphabeta"):
        plain, stripped = by_name[f"advsearch {name}"], by_name[f"{name}, tracing hooks removed"]
        if stripped.seconds is None:
            lines.append(f"tracing off costs n/a over hooks removed ({name}: {stripped.status})")
        else:
            cost = (plain.seconds / stripped.seconds - 1) * 100
            lines.append(f"tracing off costs {cost:.1f}% over hooks removed ({name})")

    wrong = []
    for row in rows:
        if row.seconds is None:
            continue
        if row.expected_nodes is not None and row.nodes != row.expected_nodes:
            wrong.append(f"{row.name} visited {row.nodes} nodes, expected {_grouped(row.expected_nodes)}")
        if row.value != 0:
            wrong.append(f"{row.name} gave root value {row.value!r}, expected 0 (a draw)")
    if wrong:
        lines.extend(f"CHECK FAILED: {w}" for w in wrong)
    else:
        lines.append("checks: every contender found the draw (value 0); advsearch and the reference visited "
                     f"{_grouped(EXPECTED_NODES['minimax'])} (full tree) and "
                     f"{_grouped(EXPECTED_NODES['alphabeta'])} (alphabeta) nodes as expected")
    if quick:
        lines.append("--quick: one round, peers skipped; the numbers are rough.")
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one round, skip the peer libraries (a smoke run)")
    parser.add_argument("--big", action="store_true", help="also solve the big Connect Four boards (minutes)")
    parser.add_argument("--rounds", type=int, default=None, help=f"interleaved rounds (default {DEFAULT_ROUNDS})")
    args = parser.parse_args(argv)
    rounds = args.rounds if args.rounds is not None else (1 if args.quick else DEFAULT_ROUNDS)
    if rounds < 1:
        parser.error("--rounds must be at least 1")

    rows = advsearch_rows()
    if args.quick:
        rows += [Row(name, status="skipped (--quick)") for name in (
            "OpenSpiel minimax (expectiminimax)", "OpenSpiel alpha_beta_search",
            "easyAI Negamax (alpha-beta)", "easyAI Negamax, no alpha-beta")]
    else:
        rows += openspiel_rows() + easyai_rows()

    print(f"timing {sum(r.run is not None for r in rows)} contenders, {rounds} round(s)...",
          file=sys.stderr, flush=True)
    measure(rows, rounds, out=sys.stderr)
    print(render(rows, rounds, args.quick))
    return 0
