"""Where a student's search first parts from the reference on one tree, told in the lecture's terms,
with the step of the reference search to picture."""

from __future__ import annotations

from ...game import CHANCE, MAX, player_name
from ...result import format_number as _f
from ..alphabeta.battery import Trial
from .diagnosis import first_window_difference
from .feedback import Feedback
from ..alphabeta.mistakes import explanation
from .narration import covering_prune, why_reached
from .runs import Run, repeat
from .wording import PLAYER, and_list, cap, node_name


#: How the messages name each search that ``check.implementation`` checks.
SEARCH_NAMES = {"minimax": "minimax", "alphabeta": "alpha-beta", "expectimax": "expectimax",
                "expectiminimax": "expectiminimax", "maxn": "max-n"}

_VERB = {"expand": "expanded", "score": "scored", "eval": "scored with Eval"}
_VERB_NOW = {"expand": "expands", "score": "scores", "eval": "scores with Eval"}
_GERUND = {"expand": "expanding", "score": "scoring", "eval": "scoring"}


def did(kind: str, name: str) -> str:
    """"expanded C", "scored C's child 1 (leaf 4)", "scored node [0] with Eval"."""
    return f"scored {name} with Eval" if kind == "eval" else f"{_VERB[kind]} {name}"


def explain_trial(trial: Trial, run: Run, algorithm, eq):
    """Sentences on where ``run`` first parts from the reference on one trial, and the picture for it."""
    t, trace, ref, mine = trial.tree, trial.trace, trial.seq, run.seq
    on = f"On the tree {t}" + (f" with depth={trial.depth}" if trial.depth is not None else "") + ": "
    where = [k for k, e in enumerate(trace) if e.kind in ("enter", "leaf")]
    bounds = algorithm == "alphabeta"
    if not mine and ref:
        return on + (f"Your function returned {_f(run.value)} without calling game.actions or game.utility. "
                     "Search the tree through the game's methods: game.actions(state), game.result(state, a) "
                     "and game.utility(state, MAX)."), None
    clue = ""
    diff = first_window_difference(trial, run)
    if diff is not None:
        path, (a, b) = diff
        ra, rb = trial.windows[path]
        clue = (f"Yours entered {node_name(t, path)} with α = {_f(a)}, β = {_f(b)}, but the search enters it with "
                f"α = {_f(ra)}, β = {_f(rb)}. ")
    i = next((i for i, (x, y) in enumerate(zip(mine, ref)) if x != y), min(len(mine), len(ref)))
    if i == len(mine) == len(ref):
        right = "payoff vector" if t.num_players > 2 else "value for MAX"
        text = (f"Your function visits the right nodes in the right order, but returns {_f(run.value)}; the "
                f"{right} is {_f(trial.value)}.")
        if t.initial_state.children and trial.depth is None:
            text += " " + root_sentence(t)
        return on + clue + text, (t, trace, None, (), bounds)

    x = mine[i] if i < len(mine) else None
    y = ref[i] if i < len(ref) else None
    step, focus = (where[i] if y is not None else len(trace) - 1), (y or x)[1]
    xname = node_name(t, x[1]) if x else ""
    yname = node_name(t, y[1]) if y else ""
    if x is not None and x in mine[:i]:
        text = f"Yours {did(x[0], xname)} a second time"
        text += "." if y is None else f", where the search goes on to {yname}."
    elif x is None:
        text = (f"Next the search {_VERB_NOW[y[0]]} {yname}: {_why(t, trace, where[i], eq, algorithm)}. "
                f"Yours returned without {_GERUND[y[0]]} it.")
    elif y is not None and x[1] == y[1]:
        if y[0] == "eval":
            text = (f"{cap(yname)} is at ply {len(y[1])}, the depth limit, so the search scores it with Eval; "
                    f"yours {did(x[0], 'it')}.")
        elif y[0] == "expand":
            text = (f"{cap(yname)} is at ply {len(y[1])}, above the depth limit {trial.depth}, so the search "
                    f"expands it; yours {did(x[0], 'it')}.")
        else:
            text = (f"{cap(yname)} is a terminal state, so the search scores it with game.utility(state, MAX); "
                    f"yours {did(x[0], 'it')}.")
    else:
        k, below = covering_prune(trace, x[1])
        if k is not None:
            step, focus = k, x[1]
            cut = trace.narrate()[k]
            if below:
                text = (f"{cut} {cap(xname)} lies below the pruned child {x[1][len(trace[k].path)]}, "
                        f"but yours {did(x[0], 'it')}.")
            else:
                text = f"{cut} But yours {did(x[0], xname)}."
        elif trial.depth is not None and len(x[1]) > trial.depth:
            text = (f"{cap(xname)} lies below the depth limit: with depth={trial.depth} the search scores the "
                    f"nodes at ply {trial.depth} with Eval and goes no deeper, but yours {did(x[0], 'it')}.")
        elif y is None:
            text = f"The search has finished here, but yours went on and {did(x[0], xname)}."
        elif y in mine[i + 1:] and x in ref[i + 1:]:
            text = (f"Next the search {_VERB_NOW[y[0]]} {yname}, but yours {did(x[0], xname)} first: search the "
                    "children in the order game.actions(state) gives them.")
        else:
            text = (f"Next the search {_VERB_NOW[y[0]]} {yname}: {_why(t, trace, where[i], eq, algorithm)}. "
                    f"Yours skipped it and {did(x[0], xname)} instead.")
    return on + clue + text, (t, trace, step, focus, bounds)


def _why(t, trace, k, eq, algorithm) -> str:
    """Why the search goes on to the node of event ``k``: a clause (no cut tests outside alpha-beta)."""
    path = trace[k].path
    if algorithm in ("minimax", "alphabeta") or not path or path[-1] == 0:
        return why_reached(t, trace, k, eq)
    if t.node(path[:-1]).player == CHANCE:
        return f"a chance node weighs every one of its outcomes, so {SEARCH_NAMES[algorithm]} searches them all"
    return f"{SEARCH_NAMES[algorithm]} searches every child of every node"


def root_sentence(t) -> str:
    """How the oracle values the root from its children, in a sentence.

    >>> from advsearch import parse
    >>> print(root_sentence(parse(":chance[1/2: 8 1/3: 24 1/6: -12]")))
    The root is a chance node whose outcomes are worth 8, 24 and -12 with probabilities 1/2, 1/3 and 1/6, so its value is their expectation, 1/2·8 + 1/3·24 + 1/6·(-12) = 10.
    """
    root, values = t.initial_state, t.values()
    kids = [values[c.path] for c in root.children]
    if root.player == CHANCE:
        terms = " + ".join(f"{_f(p)}·{_signed(v)}" for p, v in zip(root.probs, kids))
        return (f"The root is a chance node whose outcomes are worth {and_list(_f(v) for v in kids)} with "
                f"probabilities {and_list(_f(p) for p in root.probs)}, so its value is their expectation, "
                f"{terms} = {_f(values[()])}.")
    if t.num_players > 2:
        mover = player_name(root.player, t.num_players)
        return (f"The root is {mover}'s node, whose children are worth {and_list(_f(v) for v in kids)}; {mover} "
                f"takes the vector with the largest entry {root.player}, the first among equals: {_f(values[()])}.")
    op = "max" if root.player == MAX else "min"
    return (f"The root is a {PLAYER[root.player]} node whose children are worth "
            f"{and_list(_f(v) for v in kids)}, so its value is their {op}.")


def _signed(x) -> str:
    """A number for a product: "3", or "(-3)" in brackets."""
    return _f(x) if x >= 0 else f"({_f(x)})"


def twice_feedback(trial: Trial, r: Run, algorithm, eq=True, stopped=False) -> Feedback:
    """The feedback for a function that searches some node more than once."""
    detail = f"for example {node_name(trial.tree, repeat(r.seq)[1])}"
    story, picture = explain_trial(trial, r, algorithm, eq)
    if stopped:
        story += (f" On this tree it made more than {r.error.args[0]} calls to the game, and was stopped: "
                  "each repeated search doubles the work below it.")
    return Feedback(False, explanation("expands_twice", detail, eq) + " " + story, "expands_twice", picture)
