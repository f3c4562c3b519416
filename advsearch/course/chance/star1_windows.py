"""``check.star1_windows``: the window Star1 gives each outcome of a chance node, worked out by hand.

Every leaf lies in [L, U].  A chance node searched with the window (α, β),
whose outcomes 1..i−1 came back worth V_1..V_{i−1}, searches outcome i with
Ballard's (1983) successor bounds

    α_i = (α − Σ_{j<i} P_j V_j − U · Σ_{j>i} P_j) / P_i,   at least L,
    β_i = (β − Σ_{j<i} P_j V_j − L · Σ_{j>i} P_j) / P_i,   at most U:

if outcome i is worth α_i or less, the chance node is worth α or less even
with every later outcome at its best, U; if it is worth β_i or more, the
node is worth β or more even with every later outcome at its worst, L.  The
reference is the trace of :func:`~advsearch.expectiminimax` with
``pruning="star1"``: the window an outcome is searched with is the α and β
of its first event (``enter``, or ``leaf`` for an outcome that is a leaf).
"""

from __future__ import annotations

from ...game import CHANCE
from ...result import format_number as _f
from ...search import expectiminimax
from ...trees import Tree
from ..shared.feedback import Feedback
from ..shared.reading import as_tree, same, two_player
from ..shared.untrusted import shown
from ..shared.window_answers import read_window, read_windows
from ..shared.wording import and_list, short_name


#: The slips :func:`star1_windows` names, by key.
STAR1_WINDOW_MISTAKES = {
    "star1_alphabeta_window": "an outcome of a chance node is given the chance node's own (α, β), as alpha-beta "
                              "would pass it on, although the node's value is an average",
    "star1_unseen_wrong_end": "the outcomes not searched yet are taken at the wrong end of [L, U] "
                              "(L for α_i or U for β_i)",
    "star1_values_ignored": "the outcomes already searched are taken at L or U instead of the values they returned",
    "star1_not_clipped": "the window is not cut back into [L, U], where every value lies",
}

EXAMPLE = '{"F": (0, 10), "G": (5, 10)}'


def outcome_frames(trace) -> list:
    """``(event index, outcome path, (α_i, β_i))`` for every outcome of a chance node the search enters,
    in the order of the trace: the window of the outcome's first event.

    >>> from advsearch import expectiminimax, parse
    >>> t = parse("A[B:chance[1/2: C:min[2 9] 1/2: D:min[4 8]] E:chance[1/2: F:min[1 7] 1/2: G:min[5 6]]]")
    >>> r = expectiminimax(t, pruning="star1", bounds=(0, 10), trace=True)
    >>> [(p, ab) for _, p, ab in outcome_frames(r.trace)][-1]
    ((1, 1), (Fraction(5, 1), 10))
    """
    chance = {e.path for e in trace if e.kind == "enter" and e.player == CHANCE}
    return [(k, e.path, (e.alpha, e.beta)) for k, e in enumerate(trace)
            if e.kind in ("enter", "leaf") and e.path and e.path[:-1] in chance]


def star1_windows(tree, answer, bounds, prune_on_equal=True) -> Feedback:
    """Check the windows (α_i, β_i) a student says Star1 searches each outcome of a chance node with.

    Parameters
    ----------
    tree : Tree
        A two-player tree with chance nodes (or its text form), children searched left to right.
    answer : dict or None
        For every outcome (child of a chance node) that Star1 searches, by label, path or path
        text: its window ``(α_i, β_i)``; numbers may be Fractions (``F(7, 2)``), and ``"inf"``,
        ``"-inf"`` are read as infinite bounds.  None, ``...`` or a dict of ``...``: not answered yet.
    bounds : (L, U)
        The bounds on every leaf that Star1 prunes with.
    prune_on_equal : bool
        True (the lecture's): a chance node is cut when its upper bound falls to α or its lower
        bound reaches β; False: only strictly beyond.

    Returns
    -------
    Feedback
        When not ``ok``, the first wrong bound in the order of the search's events: the event (the
        frame ``draw(result, step=k, bounds=True)`` shows), the outcome, α_i or β_i, its value and
        Ballard's formula with the numbers filled in; ``mistake`` names a slip when one fits
        (:data:`STAR1_WINDOW_MISTAKES`).

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> from advsearch import check, parse
    >>> t = parse("A[B:chance[1/2: C:min[2 9] 1/2: D:min[4 8]] E:chance[1/2: F:min[1 7] 1/2: G:min[5 6]]]")
    >>> ok = {"C": (0, 10), "D": (0, 10), "F": (0, 10), "G": (5, 10)}
    >>> check.star1_windows(t, ok, bounds=(0, 10)).ok
    True
    >>> fb = check.star1_windows(t, {**ok, "G": (3, 10)}, bounds=(0, 10))
    >>> print(fb)
    At event 26 (“Enter G (MIN) with α = 5, β = 10”): G is searched with α_G = 5, not 3 as you wrote. \
E (chance) was entered with α = 3, β = 10, and [L, U] = [0, 10]. \
E stays above α = 3 only if 1/2·F + 1/2·G > 3; with F = 1 already known, α_G = (3 − 1/2·1) / (1/2) = 5. \
A chance node cannot pass α and β on as they are: its value is an average, so each outcome needs its own window.
    >>> fb.mistake
    'star1_alphabeta_window'
    """
    t = as_tree(tree)
    two_player(t, "star1_windows")
    eq = bool(prune_on_equal)
    result = expectiminimax(t, pruning="star1", bounds=bounds, prune_on_equal=eq, trace=True)
    trace, (low, high) = result.trace, result.trace.bounds
    frames = outcome_frames(trace)
    searched = {p for _, p, _ in frames}
    how = f"give the window (α_i, β_i) of every outcome Star1 searches, like {EXAMPLE}."
    given, refusal = read_windows(t, answer, how, f"each outcome Star1 searches to its window (α_i, β_i), like "
                                  f"{EXAMPLE}", _not_outcome, _read_one)
    if refusal is not None:
        return refusal
    right = sum(1 for _, p, ab in frames if p in given and all(same(x, y) for x, y in zip(given[p], ab)))
    findings = {"right": right, "windows": len(frames)}
    story = trace.narrate()
    for k, e in enumerate(trace):
        if e.kind == "prune":
            extra = [p for p in given if p not in searched and any(p[:len(e.path) + 1] == e.path + (a,)
                                                                    for a in e.pruned)]
            if extra:
                return Feedback(False, f"At event {k} (“{story[k].rstrip('.')}”): Star1 never searches "
                                       f"{and_list(short_name(t, p) for p in extra)}, so there is no window to "
                                       f"give; leave {'it' if len(extra) == 1 else 'them'} out.",
                                None, (t, trace, k, extra[0], True), findings=findings)
        if not (e.kind in ("enter", "leaf") and e.path in searched):
            continue
        head = f"At event {k} (“{story[k].rstrip('.')}”): "
        name = short_name(t, e.path)
        if e.path not in given:
            return Feedback(False, f"{head}you have not given {name}'s window; the picture shows the search just "
                                   "before.", None, (t, trace, k - 1, e.path, True), findings=findings)
        for side in (0, 1):
            mine, ref = given[e.path][side], (e.alpha, e.beta)[side]
            if not same(mine, ref):
                letter = "αβ"[side] + "_" + name
                text = (f"{head}{name} is searched with {letter} = {_f(ref)}, not {_f(mine)} as you wrote. "
                        + _why(t, trace, k, side, (low, high)))
                mistake, hint = _diagnose(t, trace, k, side, mine, (low, high))
                return Feedback(False, text + (" " + hint if hint else ""), mistake, (t, trace, k, e.path, True),
                                findings=findings)
    return Feedback(True, f"Correct: the windows of all {len(frames)} outcomes Star1 searches.", findings=findings)


def _not_outcome(t: Tree, path, name):
    """The sentence refusing a window for a node that is no outcome of a chance node, or None."""
    if not path or t.node(path[:-1]).player != CHANCE:
        return (f"{name} is not an outcome of a chance node: give windows only for the children of "
                "chance nodes that Star1 searches.")
    return None


def _read_one(name, window):
    """``(window, problem)``: an outcome's window (α_i, β_i), or the sentence refusing it."""
    return read_window(window, f"{name}'s window", f"Your answer for {name} is {shown(window)}; give its window "
                                                   f"as a pair (α_i, β_i), like (0, 10).")


def _chance_story(trace, k):
    """``(enter event of the chance node above event k, [values of the outcomes before it])``."""
    parent = trace[k].path[:-1]
    start = max(j for j in range(k) if trace[j].path == parent and trace[j].kind == "enter")
    seen = [trace[j].child_value for j in range(start, k) if trace[j].path == parent and trace[j].kind == "update"]
    return trace[start], seen


def successor_bound(side, alpha, beta, probs, seen, low, high, clip=True):
    """Ballard's α_i (``side`` 0) or β_i (1) for outcome ``i = len(seen)``, cut back into [low, high] if ``clip``.

    >>> from fractions import Fraction as F
    >>> successor_bound(0, 3, 10, [F(1, 2), F(1, 2)], [1], 0, 10)
    Fraction(5, 1)
    """
    i = len(seen)
    rest = sum(probs[i + 1:])
    known = sum(p * v for p, v in zip(probs, seen))
    raw = ((alpha - known - high * rest) if side == 0 else (beta - known - low * rest)) / probs[i]
    if not clip:
        return raw
    return max(raw, low) if side == 0 else min(raw, high)


def _why(t: Tree, trace, k, side, bounds) -> str:
    """Ballard's formula for bound ``side`` of the outcome of event ``k``, with the numbers filled in."""
    low, high = bounds
    enter, seen = _chance_story(trace, k)
    node = t.node(enter.path)
    i, probs = len(seen), list(node.probs)
    names = [short_name(t, c.path) for c in node.children]
    cname, name = short_name(t, enter.path), names[i]
    edge, end, end_name = (enter.alpha, high, "U") if side == 0 else (enter.beta, low, "L")
    letter = "αβ"[side]
    average = " + ".join(f"{_f(p)}·{n}" for p, n in zip(probs, names))
    text = (f"{cname} (chance) was entered with α = {_f(enter.alpha)}, β = {_f(enter.beta)}, and [L, U] = "
            f"[{_f(low)}, {_f(high)}]. {cname} stays {'above α' if side == 0 else 'below β'} = {_f(edge)} only if "
            f"{average} {'>' if side == 0 else '<'} {_f(edge)}")
    terms = [f"{_f(p)}·{_num(v)}" for p, v in zip(probs, seen)]
    parts = []
    if seen:
        parts.append(f"{and_list(f'{n} = {_f(v)}' for n, v in zip(names, seen))} already known")
    if probs[i + 1:]:
        parts.append(f"{and_list(names[i + 1:])} at {'its' if len(probs) == i + 2 else 'their'} "
                     f"{'best' if side == 0 else 'worst'}, {end_name} = {_f(end)}")
    subtract = " − ".join(terms + [f"{_f(p)}·{_num(end)}" for p in probs[i + 1:]])
    raw = successor_bound(side, enter.alpha, enter.beta, probs, seen, low, high, clip=False)
    share = _f(probs[i]) if probs[i] == int(probs[i]) else f"({_f(probs[i])})"
    formula = f"({_f(edge)} − {subtract}) / {share}" if subtract else f"{_f(edge)} / {share}"
    text += f"; with {' and '.join(parts)}, " if parts else "; "
    text += f"{letter}_{name} = {formula} = {_f(raw)}"
    if side == 0 and raw < low:
        text += f", below L, so {letter}_{name} = L = {_f(low)}"
    elif side == 1 and raw > high:
        text += f", above U, so {letter}_{name} = U = {_f(high)}"
    return text + "."


def _num(v) -> str:
    """A number in a formula: negative ones in brackets."""
    return f"({_f(v)})" if v < 0 else _f(v)


def _diagnose(t: Tree, trace, k, side, mine, bounds):
    """``(mistake key or None, sentence)`` for a wrong bound ``side`` of the outcome at event ``k``."""
    low, high = bounds
    enter, seen = _chance_story(trace, k)
    probs = list(t.node(enter.path).probs)
    a, b = enter.alpha, enter.beta
    if same(mine, (a, b)[side]):
        return "star1_alphabeta_window", ("A chance node cannot pass α and β on as they are: its value is an "
                                          "average, so each outcome needs its own window.")
    swapped = successor_bound(side, a, b, probs, seen, high, low, clip=False)
    if same(mine, max(swapped, low) if side == 0 else min(swapped, high)):
        return "star1_unseen_wrong_end", ("For α_i the outcomes not searched yet are taken at their best, U (the "
                                          "node could still reach α through them); for β_i at their worst, L.")
    ends = [high if side == 0 else low] * len(seen)
    if seen and same(mine, successor_bound(side, a, b, probs, ends, low, high)):
        return "star1_values_ignored", ("The outcomes already searched count with the values they returned, "
                                        "not at L or U.")
    if same(mine, successor_bound(side, a, b, probs, seen, low, high, clip=False)):
        return "star1_not_clipped", ("Every value lies in [L, U], so a window reaching beyond it is cut back "
                                     "to L or U.")
    return None, ""
