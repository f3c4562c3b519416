"""Grading max-n written in code: the payoff vector on seeded three-player trees, and what the search visits.

The right vector of each tree is the one oracle's, :meth:`Tree.values
<advsearch.trees.Tree.values>`; the right visits are those of the package's
:func:`~advsearch.maxn` trace (:meth:`~advsearch.result.Trace.visits`), each
node once, children left to right.  A wrong vector is compared with what the
usual mistakes give, each asked of the oracle on a view of the tree: ties
broken towards the last child, every node choosing by another player's
entry, and paranoid play.  All of that is the self-study checker's judgement
of a run, :func:`advsearch.course.multiplayer.implementation.judge_maxn_run`,
with its models :data:`~advsearch.course.multiplayer.implementation.WRONG_MAXN`;
the grade is point arithmetic over its findings.
"""

from __future__ import annotations

import random

from ... import validation
from ...trees import tree as make_tree
from ..shared.reading import as_tree, is_number
from ..shared.batteries import as_trees, random_spec, with_shuffles
from ..shared.grades import Grade, no_function, share
from .implementation import judge_maxn_run, wrong_vectors
from ..shared.running import describe_error, run_on, stopped


#: The ways a max-n search can go wrong that :func:`assess_maxn` recognises, by key, in words.
MAXN_MODELS = {
    "tie_last": "among children equally good for the mover it keeps the last one, not the first",
    "first_component": "every node chooses by P0's entry, not by the entry of the player who moves there",
    "root_component": "every node chooses by the entry of the player at the root, not of the player who moves there",
    "next_component": "every node chooses by the entry of the next player, not of the player who moves there",
    "previous_component": "every node chooses by the entry of the previous player, not of the player who moves there",
    "paranoid_for_maxn": "the other players minimise the root player's entry (paranoid search), not max-n",
}

#: The share of a tree's credit a right value earns with other visits, and a value off only by the tie rule.
CREDIT = {"visits": 0.5, "tie_last": 0.5}


def maxn_models(t) -> dict:
    """``{key: root vector}`` of ``t`` under each mistake of :data:`MAXN_MODELS`: the checker's
    :func:`~advsearch.course.multiplayer.implementation.wrong_vectors`.

    >>> t = make_tree([[(1, 5, 0), (2, 5, 1)], [(0, 0, 9)]])
    >>> maxn_models(t)["tie_last"], maxn_models(t)["root_component"]
    ((2, 5, 1), (2, 5, 1))
    """
    return wrong_vectors(as_tree(t))


def maxn_trees(seed, n: int = 8) -> list:
    """The three-player trees on which a student's max-n is graded, made from ``seed``.

    Two to four plies, two or three children a node, every other tree uneven
    (some leaves higher up), the root player P0, P1 or P2 in turn, payoffs
    0..5 so that ties are common.  On every tree each mistake of
    :data:`MAXN_MODELS` but the tie rule gives another vector at the root, and
    on at least half of them the tie rule does too.

    Examples
    --------
    >>> ts = maxn_trees(1)
    >>> len(ts), ts == maxn_trees(1), ts == maxn_trees(2), {t.num_players for t in ts}
    (8, True, False, {3})
    """
    validation.whole_number("n", n, least=2)
    rng = random.Random(f"advsearch.grading.maxn_trees:{seed}")
    want_ties, ties, out = -(-n // 2), 0, []
    while len(out) < n:
        k = len(out)
        shape = random_spec(rng, (2, 3, 3, 4)[k % 4], (2, 3), 0, 0, 0.25 if k % 2 else 0.0)
        t = make_tree(_payoffs(shape, rng), root=k % 3, num_players=3)
        right, models = t.values()[()], maxn_models(t)
        if any(v == right for key, v in models.items() if key != "tie_last"):
            continue
        tie = models["tie_last"] != right
        if not tie and want_ties - ties >= n - len(out):
            continue                           # the rest must be trees where the tie rule matters
        ties += tie
        out.append(t)
    return out


def _payoffs(shape, rng):
    """``shape`` (nested lists) with every leaf a vector of three payoffs 0..5."""
    if isinstance(shape, list):
        return [_payoffs(s, rng) for s in shape]
    return tuple(rng.randint(0, 5) for _ in range(3))


def _run_one(fn, t, time_limit) -> dict:
    """The row of ``fn`` on the tree ``t``: the checker's findings on the run (:func:`judge_maxn_run`)."""
    run = run_on(fn, t, time_limit)
    row = {"tree": str(t), "value": run.value, "error": run.error, "right": False, "once": False,
           "every_leaf": False, "fits": []}
    if run.error is None:
        found = judge_maxn_run(t, run)
        row.update((k, found[k]) for k in ("right", "once", "every_leaf", "fits"))
    return row


def _run_shuffled(fn, t, time_limit):
    """:func:`_run_one` on ``t`` and on its copies with shuffled leaves: the row of the first copy not fully right.

    A vector read off the leaves without searching (the first leaf's, or the
    middle one) is right on some trees by chance, but seldom on a tree and
    all its shuffled copies.
    """
    for u in with_shuffles(t, 4):
        row = _run_one(fn, u, time_limit)
        if not (row["right"] and row["once"]):
            break
    return row


def assess_maxn(fn, trees, points=4, *, time_limit: float = 3.0, note: str = "") -> Grade:
    """Grade a student's ``fn(game, state) -> payoff vector`` (max-n) on three-player trees, tree by tree.

    Each tree is searched, and so are four copies of it with its leaves
    shuffled (:func:`~advsearch.course.shared.batteries.with_shuffles`); the
    first copy that is not fully right stands for the tree.
    A tree earns full credit when the vector is right and the search visits
    every node once, children left to right (a leaf scored for every player
    in a row is one visit), as :func:`~advsearch.maxn` does; half with the
    right vector, every leaf scored, and other visits (a node searched twice,
    or out of order); half with the vector ties broken towards the
    last child give, when the function does so on every tree where it is
    wrong.  The report names the mistake of :data:`MAXN_MODELS` that fits
    every tree, a number returned for a vector, exceptions and time limits.

    Examples
    --------
    >>> def first_child(game, state):          # never chooses
    ...     while not game.is_terminal(state):
    ...         state = game.result(state, game.actions(state)[0])
    ...     return tuple(game.utility(state, p) for p in range(game.num_players))
    >>> assess_maxn(first_child, maxn_trees(0)).points
    0.0
    """
    out_of = validation.points(points)
    missing = no_function(fn, out_of, note, 'maxn', '(game, state) -> vector')
    if missing is not None:
        return missing
    trees = as_trees(trees)
    rows = []
    for t in trees:
        rows.append(_run_shuffled(fn, t, time_limit))
        if stopped(rows[-1]["error"]):
            break
    mistake = _common_mistake(rows, trees)
    scores = [1.0 if r["right"] and r["once"] else CREDIT["visits"] if r["right"] and r["every_leaf"]
              else CREDIT["tie_last"] if mistake == "tie_last" else 0.0 for r in rows]
    right = sum(r["right"] and r["once"] for r in rows)
    lines = [note + f"Your maxn was run on {len(trees)} three-player trees through a recording game: it is right on "
             f"{right} of them (the payoff vector, and every node visited once, children left to right)."]
    if mistake in MAXN_MODELS:
        lines.append(f"On every tree where it matters, {MAXN_MODELS[mistake]}" + (
            "; ties go to the first child in actions() order (half credit on those trees)." if mistake == "tie_last"
            else "; at each node the player who moves there takes the child best in its own entry."))
    lines += _first_problem(rows, trees, len(trees))
    return Grade(share(out_of, sum(scores) / len(trees)), out_of, " ".join(lines), mistake=mistake,
                 details={"rows": rows, "right": right})


def _common_mistake(rows, trees):
    """The key of the mistake every wrong tree shows, "scalar_for_vector", "visits", or None."""
    wrong = [r for r in rows if not r["right"]]
    if any(r["error"] is not None for r in rows) or len(rows) < len(trees):
        return None
    if wrong and all(_is_number(r["value"]) for r in wrong):
        return "scalar_for_vector"
    if wrong:
        common = set.intersection(*(set(r["fits"]) for r in wrong))
        return next((k for k in MAXN_MODELS if k in common), None)
    return "visits" if any(not r["once"] for r in rows) else None


def _is_number(x) -> bool:
    """Whether ``x`` is a single number, as the checker's ``scalar_for_vector`` finds it."""
    return is_number(x)


def _first_problem(rows, trees, n) -> list:
    """Sentences about the first tree that is not fully right."""
    for r in rows:
        t = as_tree(r["tree"])
        if r["error"] is not None:
            out = [f"On the tree {t} your function {describe_error(r['error'])}."]
            if len(rows) < n:
                out.append("The remaining trees were not tried.")
            return out
        if not r["right"]:
            value, right = r["value"], t.values()[()]
            if _is_number(value):
                return [f"On the tree {t} it returns the number {value!r}; max-n returns a payoff vector, one entry "
                        f"per player: here {right}."]
            if not isinstance(value, (tuple, list)) or len(value) != t.num_players:
                return [f"On the tree {t} it returns {value!r}; the payoff vector is {right}, a tuple of "
                        f"{t.num_players} numbers."]
            return [f"On the tree {t} it returns {tuple(value)}; max-n gives {right}."]
        if not r["once"]:
            return [f"On the tree {t} the vector is right, but the search does not visit each node once, children "
                    "left to right" + (" (half credit on such trees)." if r["every_leaf"] else
                                       ", and it never scores some leaves, so the vector is right by luck.")]
    return []
