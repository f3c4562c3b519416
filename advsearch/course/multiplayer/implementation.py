"""``check.implementation`` for max-n: a student's function that returns the payoff vector of a tree.

The visits are compared with :func:`~advsearch.maxn`'s trace (a leaf scored
once per player counts as one visit), the vector entry by entry.  A wrong
vector is matched with the mistakes' models, each the oracle
:meth:`Tree.values <advsearch.trees.Tree.values>` asked about the tree as the
mistaken search sees it: nodes handed to another player
(``wrong_component``), or children in the opposite order, so that the last
among equals wins (``maxn_ties``; the course keeps the first child examined,
as :func:`~advsearch.maxn` does).  A single number returned for a vector is
``scalar_for_vector``.  What one run shows is :func:`judge_maxn_run`'s
findings, which the grader :func:`~advsearch.grading.assess_maxn` turns into
points.
"""

from __future__ import annotations

from ...answers import number_problem
from ...game import player_name
from ...result import format_number as _f
from ...search import paranoid
from ..shared.divergence import explain_trial, twice_feedback
from ..shared.feedback import Feedback, not_answered
from .battery import maxn_battery, maxn_reference, maxn_trees
from ..shared.reading import is_number
from ..shared.runs import merged_scores, repeat, run_all, run_problem, signature
from ..minimax.value_mistakes import same_value, vector_sentence
from ..shared.value_models import ValueModel, first_difference, fitting, last_among_equals, reassigned
from ..shared.wording import and_list, article, node_name


#: The mistake only a max-n search makes, by key (the others are :data:`~.value_mistakes.VALUE_MISTAKES`').
MAXN_MISTAKES = {
    "maxn_ties": ("among children equally good for the player to move, the search keeps another than the first "
                  "one examined"),
}

_GOAL = "the payoff vector of state"


def _moved(to):
    """Every node's vector when each node chooses by entry ``to(p, n)`` instead of its own player's ``p``."""
    return lambda t: reassigned(t, lambda p: to(p, t.num_players)).values()


def _paranoid_root(t) -> dict:
    """The root's vector of paranoid search (the others minimise the root player's entry); the root only."""
    return {(): paranoid(t).value}


#: Every wrong max-n a run's findings name (:func:`judge_maxn_run`), by key, as a
#: :class:`~.value_models.ValueModel` whose key is the mistake's in ``MISTAKES`` (the
#: grader's words for them are :data:`~advsearch.grading.MAXN_MODELS`).  The
#: paranoid model knows the root's vector only.
WRONG_MAXN = {
    "tie_last": ValueModel("maxn_ties", "among equals it keeps the last child, not the first", last_among_equals),
    "first_component": ValueModel("wrong_component", "each node takes the child best for P0, entry 0, whoever "
                                  "moves there", _moved(lambda p, n: 0)),
    "root_component": ValueModel("wrong_component", "each node takes the child best for the player at the root, "
                                 "whoever moves there",
                                 lambda t: reassigned(t, lambda p: t.initial_state.player).values()),
    "next_component": ValueModel("wrong_component", "each node takes the child best for the next player, entry "
                                 "(p + 1) mod n", _moved(lambda p, n: (p + 1) % n)),
    "previous_component": ValueModel("wrong_component", "each node takes the child best for the player before, "
                                     "entry (p - 1) mod n", _moved(lambda p, n: (p - 1) % n)),
    "paranoid_for_maxn": ValueModel("paranoid_for_maxn", "the other players minimise the root player's entry",
                                    _paranoid_root),
}


def maxn_models() -> list:
    """The mistakes the checker matches a wrong vector with, in this order: each player maximising another's
    entry, then the ties (a part of :data:`WRONG_MAXN`)."""
    return [WRONG_MAXN[k] for k in ("next_component", "previous_component", "first_component", "tie_last")]


def wrong_vectors(t) -> dict:
    """``{key: root vector}`` of ``t`` under each mistake of :data:`WRONG_MAXN`.

    >>> from advsearch import tree
    >>> t = tree([[(1, 5, 0), (2, 5, 1)], [(0, 0, 9)]])
    >>> wrong_vectors(t)["tie_last"], wrong_vectors(t)["root_component"]
    ((2, 5, 1), (2, 5, 1))
    """
    return {key: model.root(t) for key, model in WRONG_MAXN.items()}


def judge_maxn_run(t, run, trial=None) -> dict:
    """The findings on one finished run of a student's max-n on ``t``: what the checker and the grader go by.

    ``run`` is a :class:`~advsearch.course.shared.runs.Run`, made in this
    process or in a sandbox; ``trial`` the tree's reference search
    (:func:`~.battery.maxn_reference`, made when not given).  The findings:

    ``problem``
        The Feedback when the run raised or returned no payoff vector (a
        single number: mistake ``scalar_for_vector``), else None.
    ``right``
        Whether the vector is max-n's, entry by entry within
        :func:`~advsearch.answers.close`.
    ``fits``
        The keys of :data:`WRONG_MAXN` whose root vector the run returned,
        of those that give another vector than max-n on ``t``.
    ``once``, ``repeat``
        Whether the visits (a leaf scored once per player in a row counted
        once) are max-n's, every node once, children left to right; the
        first node visited a second time, or None.
    ``every_leaf``
        Whether the run scored every leaf of ``t`` (and nothing else).

    >>> from advsearch import tree
    >>> from advsearch.course.shared.runs import Run
    >>> t = tree([[(1, 5, 0), (2, 5, 1)], [(0, 0, 9)]])
    >>> seq = maxn_reference(t).seq
    >>> f = judge_maxn_run(t, Run(seq, {}, [2, 5, 1], None, 9))
    >>> f["right"], f["fits"], f["once"], f["every_leaf"], f["problem"] is None
    (False, ['tie_last', 'first_component', 'root_component', 'next_component'], True, True, True)
    >>> judge_maxn_run(t, Run(seq, {}, 5, None, 9))["problem"].mistake
    'scalar_for_vector'
    """
    trial = maxn_reference(t) if trial is None else trial
    seq = merged_scores(run.seq)
    problem = _judge(trial, run)
    right, fits = False, []
    if problem is None:
        value, best = tuple(run.value), t.values()[()]
        right = same_value(value, trial.value)
        fits = [k for k, v in wrong_vectors(t).items() if v != best and same_value(value, v)]
    leaves = {p for kind, p in seq if kind == "score"} == {leaf.path for leaf in t.leaves()}
    return {"problem": problem, "right": right, "fits": fits, "once": seq == trial.seq, "repeat": repeat(seq),
            "every_leaf": leaves}


def check_maxn(fn, trees, seed, seconds) -> Feedback:
    """Check ``fn`` as max-n (the arguments are :func:`~.implementation`'s, checked)."""
    tested = maxn_battery(seed) if trees is None else maxn_trees(trees)
    if fn is None or fn is Ellipsis:
        return not_answered(f"write a function fn(game, state) that returns {_GOAL}, one entry per player.")
    if not callable(fn):
        return Feedback(False, f"Your answer is {article(fn)}; it should be a function fn(game, state) that "
                               f"returns {_GOAL}.")
    _, main_kwargs, problem = signature(fn, _GOAL)
    if problem:
        return Feedback(False, problem)
    trials = [maxn_reference(t) for t in tested]
    found = []

    def judge(trial, r):
        found.append(judge_maxn_run(trial.tree, r, trial))
        return found[-1]["problem"]

    runs, stop = run_all(fn, trials, tested, seconds, main_kwargs, judge=judge, clean=merged_scores)
    if isinstance(stop, tuple):
        return twice_feedback(*stop, "maxn", stopped=True)
    if stop is not None:
        return stop
    for r in runs:
        r.value = tuple(r.value)

    failing = [k for k, f in enumerate(found) if not (f["right"] and f["once"])]
    if not failing:
        return Feedback(True, f"Correct: on all {len(trials)} test trees your function returns the right payoff "
                              "vector, breaks ties for the first child examined, and visits every node once, "
                              "children in order, as max-n does.")
    twice = next((k for k, f in enumerate(found) if f["repeat"] is not None), None)
    if twice is not None:
        return twice_feedback(trials[twice], runs[twice], "maxn")
    model = fitting(maxn_models(), trials, runs)
    if model is None:
        story, picture = explain_trial(trials[failing[0]], runs[failing[0]], "maxn", True)
        return Feedback(False, story, None, picture)
    return _model_feedback(model, trials, runs)


def _judge(trial, r):
    """Feedback when the run raised, or returned no payoff vector (a number: ``scalar_for_vector``)."""
    t = trial.tree

    def returned(on, value):
        if is_number(value):
            return Feedback(False, f"{on}, your function returned a single number, {_f(value)}, but in a "
                                   f"{t.num_players}-player game max-n returns a payoff vector, one entry per "
                                   f"player (P0 to P{t.num_players - 1}): here {_f(trial.value)}. Score a leaf as "
                                   "tuple(game.utility(state, p) for p in range(game.num_players)), and let each "
                                   "node return the whole vector of the child it picks, compared by the entry "
                                   "of the player to move, game.to_move(state).", "scalar_for_vector")
        if not isinstance(value, (tuple, list)):
            return Feedback(False, f"{on}, your function returned {article(value)}, {value!r:.60}; it should return "
                                   f"the payoff vector, a tuple with one number per player, like {_f(trial.value)}.")
        if len(value) != t.num_players:
            return Feedback(False, f"{on}, your function returned {_f(tuple(value))}, a vector of {len(value)} "
                                   f"entries; the game has {t.num_players} players (game.num_players), so the "
                                   f"vector has {t.num_players}: here {_f(trial.value)}.")
        bad = next((number_problem(x) for x in value if number_problem(x) is not None), None)
        if bad is not None:
            return Feedback(False, f"{on}, your function returned {value!r:.60}, whose entries should be numbers, "
                                   f"but {bad}.")
        return None

    return run_problem(trial, r, goal=_GOAL, returned=returned)


def _model_feedback(model: ValueModel, trials, runs) -> Feedback:
    """The feedback for a vector that ``model``'s mistake explains, shown on the first tree it changes."""
    k = next(k for k, trial in enumerate(trials) if not same_value(model.root(trial.tree), trial.value))
    trial, t = trials[k], trials[k].tree
    node, wrong = first_difference(model, t)
    right = t.values()
    name = node_name(t, node.path)
    on = f"On the tree {t}, your function returns {_f(runs[k].value)}; max-n gives {_f(trial.value)}."
    if model.key == "wrong_component":
        sentence, _ = vector_sentence(t, node, right, wrong, name, wrote="a search that makes this mistake gives")
        text = (f"Your function maximises the wrong entry of the payoff vectors: {model.detail}. {on} {sentence} "
                "At each node, compare the children's vectors by the entry of the player to move there, "
                "p = game.to_move(state).")
    else:
        p, mover = node.player, player_name(node.player, t.num_players)
        kids = [(i, right[c.path]) for i, c in enumerate(node.children)]
        tied = [(i, v) for i, v in kids if v[p] == right[node.path][p]]
        text = (f"Your function breaks ties otherwise than the course: {model.detail}. {on} At {name} "
                f"({mover} moves) children {and_list(i for i, _ in tied)} {'both' if len(tied) == 2 else 'all'} "
                f"give {mover} "
                f"{_f(right[node.path][p])}: {and_list(_f(v) for _, v in tied)}. The course keeps the first child "
                f"examined among equals, so {name} = {_f(right[node.path])}; keeping the last gives {_f(wrong)}. "
                "Replace the best vector only when a child is strictly better for the player to move "
                "(v[p] > best[p], not v[p] >= best[p]).")
    return Feedback(False, text, model.key, (t, trial.trace, None, node.path, False))

