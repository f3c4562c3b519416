"""``check.windows``: the window [α, β] of every node alpha-beta enters, frame by frame, written by hand.

The answer gives, for each inner node the search enters, two windows: the
one it is entered with (the α and β its parent passes down) and the one it
holds when it returns (after raising α at MAX, or lowering β at MIN, as its
children came back).  These are the [α, β] the lecture's frames write beside
the nodes (``ads.draw(result, step=k, bounds=True)``): the window of a node
at its ``enter`` event and at its ``exit`` event.  The reference is the
trace of :func:`~advsearch.alphabeta`; the feedback names the first bound,
in the order of the search's events, that differs from it, and says why it
is what it is, in the words of MAX-VALUE and MIN-VALUE.
"""

from __future__ import annotations

import math

from ...game import MAX
from ...result import format_number as _f
from ...search import alphabeta
from ...trees import Tree
from ..shared.feedback import Feedback
from ..shared.reading import as_tree, has_chance, same, two_player
from ..shared.untrusted import shown
from ..shared.window_answers import read_window, read_windows
from ..shared.wording import PLAYER, and_list, short_name


inf = math.inf

#: The hand mistakes :func:`windows` names beyond those of the implementation checker
#: (``bounds_not_passed``, ``swapped_bounds`` and ``bounds_updated_wrong_place`` are shared with it).
WINDOW_MISTAKES = {
    "window_not_updated": "a later child is given the parent's window as it was entered, not as it stands now",
    "interval_for_window": "the node's own [min, max] interval is written where its window [α, β] belongs",
    "bound_updated_at_cut": "a node that cuts lowers β (MIN) or raises α (MAX) before returning, "
                            "although MIN-VALUE and MAX-VALUE return at once",
}

#: The two windows an answer gives for each node, in the order it gives them.
WHEN = ("entered", "returns")

EXAMPLE = '{"A": [(-inf, inf), (3, inf)], "B": [(-inf, inf), (-inf, 3)], ...}'


def window_frames(trace) -> list:
    """The reference answer frame by frame: ``(event index, path, when, (α, β))`` for the enter and exit
    events of every inner node, in the order of the trace.

    >>> from advsearch import alphabeta, examples
    >>> [(k, p, w, ab) for k, p, w, ab in window_frames(alphabeta(examples.two_ply(), trace=True).trace)][:3]
    [(0, (), 'entered', (-inf, inf)), (1, (0,), 'entered', (-inf, inf)), (8, (0,), 'returns', (-inf, 3))]
    """
    return [(k, e.path, "entered" if e.kind == "enter" else "returns", (e.alpha, e.beta))
            for k, e in enumerate(trace) if e.kind in ("enter", "exit")]


def windows(tree, answer, prune_on_equal=True) -> Feedback:
    """Check the windows [α, β] a student says alpha-beta gives each node it enters, and each when it returns.

    Parameters
    ----------
    tree : Tree
        The exercise tree (or its text form), two players, searched with children left to right.
    answer : dict or None
        For every inner node the search enters, by label (``"B"``), path (``(0,)``) or path text
        (``"[0]"``): ``[(α, β) when entered, (α, β) when it returns]``.  A bound is a number,
        ``math.inf``/``-math.inf`` or the text ``"inf"``, ``"-inf"``, ``"+∞"``, ``"−∞"``.
        None, ``...`` or a dict of ``...`` means not answered yet.
    prune_on_equal : bool
        The course's cut test: True for v ≥ β / v ≤ α (the lecture's), False for v > β / v < α.

    Returns
    -------
    Feedback
        When not ``ok``, the text names the first wrong bound in the order of the search's events:
        the event (the frame of ``draw(..., step=k, bounds=True)``), the node, α or β, what it should
        be and why; the picture is that frame.  ``mistake`` names a typical slip when one fits
        (:data:`WINDOW_MISTAKES` and the implementation checker's ``bounds_not_passed``,
        ``swapped_bounds``, ``bounds_updated_wrong_place``).  ``findings["right"]`` counts the windows
        given right.

    Raises
    ------
    ValueError
        For a tree with chance nodes or more than two players (the caller's mistake, not the student's).

    Examples
    --------
    >>> from advsearch import check, examples
    >>> t = examples.two_ply()
    >>> ok = {"A": [(-inf, inf), (3, inf)], "B": [(-inf, inf), (-inf, 3)],
    ...       "C": [(3, inf), (3, inf)], "D": [(3, inf), (3, 5)]}
    >>> check.windows(t, ok).ok
    True
    >>> fb = check.windows(t, {**ok, "C": [(3, inf), (3, 2)]})
    >>> print(fb)
    At event 14 (“C (MIN) returns 2, an upper bound: its true value is ≤ 2”): when C returns, its β is +∞, not 2 as you wrote. \
C (MIN) lowers β to v after each child that does not cut (β = min(β, v)), and its children returned 2; \
after child 0 (v = 2 ≤ α = 3) it cut and returned at once, before lowering β, so β stays +∞. \
A node that cuts returns v at once: the test comes before the update in MIN-VALUE and MAX-VALUE.
    >>> fb.mistake
    'bound_updated_at_cut'
    >>> print(check.windows(t, None))
    Not answered yet: ...
    """
    t = as_tree(tree)
    two_player(t, "windows")
    if has_chance(t):
        raise ValueError("check.windows handles trees of MAX and MIN nodes; for the windows Star1 gives the "
                         "outcomes of chance nodes use check.star1_windows")
    eq = bool(prune_on_equal)
    trace = alphabeta(t, prune_on_equal=eq, trace=True).trace
    frames = window_frames(trace)
    entered = {p for _, p, w, _ in frames}
    how = (f"for each node the search enters, give [(α, β) when it is entered, (α, β) when it returns], "
           f"like {EXAMPLE}, with inf = math.inf.")
    given, refusal = read_windows(t, answer, how, f"each node the search enters to its two windows, like {EXAMPLE}",
                                  _not_inner, _read_pair)
    if refusal is not None:
        return refusal
    right = sum(1 for _, p, w, ab in frames if p in given and given[p][WHEN.index(w)] is not None
                and all(same(x, y) for x, y in zip(given[p][WHEN.index(w)], ab)))
    findings = {"right": right, "windows": 2 * len(entered)}
    for k, e in enumerate(trace):
        if e.kind == "prune":
            extra = [p for p in given if p not in entered and any(p[:len(e.path) + 1] == e.path + (a,)
                                                                     for a in e.pruned)]
            if extra:
                text = (f"{_event(trace, k)}alpha-beta never enters "
                        f"{and_list(short_name(t, p) for p in extra)}, so there is no window to give; leave "
                        f"{'it' if len(extra) == 1 else 'them'} out.")
                return Feedback(False, text, None, (t, trace, k, extra[0], True), findings=findings)
        if e.kind not in ("enter", "exit"):
            continue
        when = "entered" if e.kind == "enter" else "returns"
        mine = given.get(e.path, (None, None))[WHEN.index(when)]
        name = short_name(t, e.path)
        if mine is None:
            text = (f"{_event(trace, k)}you have not given {name}'s window when it "
                    f"{'is entered' if when == 'entered' else 'returns'}; the picture shows the search just before.")
            # just before event 0 nothing is searched: the tree alone (step -1 would draw the finished search)
            shown_before = (t, trace, k - 1, e.path, True) if k else (t, None, None, e.path, False)
            return Feedback(False, text, None, shown_before, findings=findings)
        for side in (0, 1):
            if not same(mine[side], (e.alpha, e.beta)[side]):
                return _wrong(t, trace, k, side, given, eq, findings)
    return Feedback(True, f"Correct: all {2 * len(entered)} windows of the {len(entered)} nodes alpha-beta enters, "
                          "frame by frame.", findings=findings)


def _event(trace, k) -> str:
    """The start of a message about event ``k``: its number (the frame ``draw(..., step=k)`` shows) and its words."""
    return f"At event {k} (“{trace.narrate()[k].rstrip('.')}”): "


def _not_inner(t: Tree, path, name):
    """The sentence refusing windows for a leaf (scored whatever its window), or None for an inner node."""
    if not t.node(path).children:
        return (f"{name} is a leaf: give windows only for the inner nodes the search enters (a leaf "
                "is scored whatever its window).")
    return None


def _read_pair(name, pair):
    """``(windows, problem)``: a node's two windows, [(α, β) when entered, (α, β) when it returns] (one left
    ``...`` is None), or the sentence refusing them."""
    if type(pair) not in (list, tuple) or len(pair) != 2:
        return None, (f"Your answer for {name} is {shown(pair)}; give two windows, [(α, β) when {name} is "
                      f"entered, (α, β) when it returns], like [(-inf, inf), (3, inf)].")
    windows_read = []
    for when, w in zip(WHEN, pair):
        if w is None or w is Ellipsis:
            windows_read.append(None)
            continue
        moment = "it is entered" if when == "entered" else "it returns"
        window, problem = read_window(w, f"{name}'s window when {moment}",
                                      f"{name}'s window when {'entered' if when == 'entered' else 'it returns'} is "
                                      f"{shown(w)}; write a window as a pair (α, β), like (3, inf).")
        if problem:
            return None, problem
        windows_read.append(window)
    return tuple(windows_read), None


def _wrong(t: Tree, trace, k, side, given, eq, findings) -> Feedback:
    """The feedback for the first wrong bound: bound ``side`` (0 α, 1 β) of the window at event ``k``."""
    e = trace[k]
    mine = given[e.path][WHEN.index("entered" if e.kind == "enter" else "returns")]
    name, letter = short_name(t, e.path), "αβ"[side]
    right = (e.alpha, e.beta)
    when = f"when {name} is entered" if e.kind == "enter" else f"when {name} returns"
    text = (f"{_event(trace, k)}{when}, its {letter} is {_f(right[side])}, not {_f(mine[side])} "
            "as you wrote. ")
    text += _entered_why(t, trace, k, side) if e.kind == "enter" else _returns_why(t, trace, k, side, eq)
    mistake, hint = _diagnose(t, trace, k, side, mine, eq, given)
    if hint:
        text += " " + hint
    return Feedback(False, text, mistake, (t, trace, k, e.path, True), findings=findings)


def _parent_events(trace, k):
    """The parent's enter event and its update events before event ``k`` (the enter of one of its children)."""
    parent = trace[k].path[:-1]
    start = max(j for j in range(k) if trace[j].path == parent and trace[j].kind == "enter")
    return trace[start], [trace[j] for j in range(start, k) if trace[j].path == parent and trace[j].kind == "update"]


def _entered_why(t: Tree, trace, k, side) -> str:
    """Why the node of enter event ``k`` gets the bound ``side`` it gets: from its parent's window."""
    e = trace[k]
    name = short_name(t, e.path)
    if not e.path:
        return ("The search starts at the root with the widest window: ALPHA-BETA-SEARCH calls "
                "MAX-VALUE(root, −∞, +∞) (MIN-VALUE at a MIN root).")
    enter, updates = _parent_events(trace, k)
    parent, who = short_name(t, enter.path), PLAYER[enter.player]
    changes = "α" if enter.player == MAX else "β"
    passed = f"{name} is searched with {parent}'s window as it stands when {parent} calls it"
    if "αβ"[side] != changes:
        return (f"{passed}; {parent} ({who}) never changes {'αβ'[side]}, which comes from above: it is still the "
                f"{_f((enter.alpha, enter.beta)[side])} {parent} was entered with.")
    if not updates:
        return (f"{passed}: {name} is {parent}'s first child, so {'αβ'[side]} is the "
                f"{_f((enter.alpha, enter.beta)[side])} {parent} was entered with.")
    returned = and_list(_f(u.child_value) for u in updates)
    rule = "α = max(α, v)" if changes == "α" else "β = min(β, v)"
    return (f"{passed}: {parent} ({who}) {'raises α' if changes == 'α' else 'lowers β'} to its value v after each "
            f"child ({rule}); it was entered with {changes} = {_f((enter.alpha, enter.beta)[side])}, and its "
            f"children so far returned {returned}, so {changes} = {_f((e.alpha, e.beta)[side])}.")


def _returns_why(t: Tree, trace, k, side, eq) -> str:
    """Why the node of exit event ``k`` holds the bound ``side`` it holds when it returns."""
    e = trace[k]
    name, who = short_name(t, e.path), PLAYER[e.player]
    start = max(j for j in range(k) if trace[j].path == e.path and trace[j].kind == "enter")
    enter = trace[start]
    changes = "α" if e.player == MAX else "β"
    if "αβ"[side] != changes:
        return (f"{name} ({who}) never changes {'αβ'[side]}: it comes from above, so {name} returns with the "
                f"{_f((enter.alpha, enter.beta)[side])} it was entered with.")
    updates = [trace[j] for j in range(start, k) if trace[j].path == e.path and trace[j].kind == "update"]
    rule = "raises α to v after each child that does not cut (α = max(α, v))" if changes == "α" else \
        "lowers β to v after each child that does not cut (β = min(β, v))"
    text = (f"{name} ({who}) {rule}, and its children returned {and_list(_f(u.child_value) for u in updates)}")
    last = updates[-1] if updates else None
    if last is not None and _cuts(e.player, last.value, last.alpha, last.beta, eq):
        test = (f"v = {_f(last.value)} ≥ β = {_f(last.beta)}" if e.player == MAX else
                f"v = {_f(last.value)} ≤ α = {_f(last.alpha)}")
        text += (f"; after child {last.action} ({test}) it cut and returned at once, before "
                 f"{'raising α' if changes == 'α' else 'lowering β'}, so {changes} stays {_f((e.alpha, e.beta)[side])}.")
    else:
        text += f", so {changes} = {_f((e.alpha, e.beta)[side])}."
    return text


def _cuts(player, v, alpha, beta, eq) -> bool:
    """Whether the test fired after a child: v ≥ β at MAX, v ≤ α at MIN (strictly without ``eq``, prune_on_equal)."""
    if player == MAX:
        return v > beta or (eq and v == beta)
    return v < alpha or (eq and v == alpha)


def _diagnose(t: Tree, trace, k, side, mine, eq, given):
    """``(mistake key or None, sentence)`` for the window written at event ``k``, in an answer that gives
    ``given`` (every node's two windows, by path): an answer that enters every node with (−∞, +∞) passes
    no bounds down, even where a stale window would be (−∞, +∞) too."""
    e = trace[k]
    right = (e.alpha, e.beta)
    mine = tuple(mine)
    name = short_name(t, e.path)
    if same(mine[0], right[1]) and same(mine[1], right[0]) and not same(right[0], right[1]):
        return "swapped_bounds", ("α and β are swapped: α is the lower end, what MAX is already sure of, "
                                  "and β the upper end, what MIN is already sure of.")
    if e.kind == "exit" and e.interval is not None and all(same(x, y) for x, y in zip(mine, e.interval)):
        return "interval_for_window", (f"[{_f(mine[0])}, {_f(mine[1])}] is {name}'s own interval, what is known "
                                       f"of its value; α and β are what the path above will accept.")
    if e.kind == "enter" and e.path:
        enter, updates = _parent_events(trace, k)
        widest = all(w[0] in (None, (-inf, inf)) for w in given.values())
        if updates and not widest and all(same(x, y) for x, y in zip(mine, (enter.alpha, enter.beta))):
            return "window_not_updated", (f"You passed down {short_name(t, enter.path)}'s window as it was "
                                          "entered; it changes as its children return, and each child gets it as "
                                          "it stands then.")
        if mine == (-inf, inf) and right != (-inf, inf):
            return "bounds_not_passed", ("A node gets its window from its parent: α and β are passed down with "
                                         "the call, MIN-VALUE(RESULT(s, a), α, β).")
    changes = 0 if e.player == MAX else 1
    start = max(j for j in range(k + 1) if trace[j].path == e.path and trace[j].kind == "enter")
    last = next((trace[j] for j in range(k - 1, start, -1) if trace[j].path == e.path and trace[j].kind == "update"),
                None)
    cut = last is not None and _cuts(e.player, last.value, last.alpha, last.beta, eq)
    if e.kind == "exit" and side == changes and cut and same(mine[side], e.value):
        return "bound_updated_at_cut", ("A node that cuts returns v at once: the test comes before the update "
                                        "in MIN-VALUE and MAX-VALUE.")
    if e.kind == "exit" and side != changes:
        return "bounds_updated_wrong_place", (f"A {PLAYER[e.player]} node changes only "
                                              f"{'α' if changes == 0 else 'β'}.")
    return None, ""
