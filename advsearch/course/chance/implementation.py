"""``check.implementation`` for expectimax and expectiminimax: a student's function on trees with chance nodes.

The visits are compared with :func:`~advsearch.expectiminimax`'s trace (a
correct search visits each node once, children left to right), the values
exactly (Fractions stay Fractions; a float within
:func:`~advsearch.answers.close` of one counts as it).  A wrong value is
matched with the mistakes' models (:class:`~.value_models.ValueModel`), each
a question to the oracle :meth:`Tree.values <advsearch.trees.Tree.values>`:
a wrong chance rule (``chance_mean``, ``chance_as_min``, ``chance_as_max``)
or the wrong point of view (``wrong_perspective``).
"""

from __future__ import annotations

from ...result import format_number as _f
from ...trees import CHANCE_RULES
from .battery import chance_battery, chance_reference, chance_trees
from ..shared.divergence import SEARCH_NAMES, explain_trial, twice_feedback
from ..shared.feedback import Feedback, not_answered
from ..alphabeta.mistakes import explanation, perspective_models
from ..shared.runs import repeat, run_all, run_problem, signature
from ..minimax.value_mistakes import CHANCE_MISTAKES, chance_mistake, same_value
from ..shared.value_models import ValueModel, first_difference, fitting
from ..shared.wording import and_list, article, node_name


#: What a search with each chance mistake does, as the feedback's first sentence says it.
_DOES = {
    "chance_mean": "ignores the probabilities: it takes the plain average of a chance node's children",
    "chance_as_min": "treats chance nodes as MIN nodes: it takes the least of their children",
    "chance_as_max": "treats chance nodes as MAX nodes: it takes the greatest of their children",
}


def chance_models() -> list:
    """The mistakes a value is matched with, in this order: the chance rules, then the points of view."""
    def rule_values(rule):
        return lambda t: t.values(rule)
    rules = [ValueModel(key, _DOES[key], rule_values(rule)) for key, rule in CHANCE_MISTAKES.items()]
    return rules + perspective_models()


def check_chance(fn, algorithm, trees, seed, seconds) -> Feedback:
    """Check ``fn`` as expectimax or expectiminimax (the arguments are :func:`~.implementation`'s, checked)."""
    tested = chance_battery(algorithm, seed) if trees is None else chance_trees(trees, algorithm)
    goal = f"the {algorithm} value"
    if fn is None or fn is Ellipsis:
        return not_answered(f"write a function fn(game, state) that returns {goal} of state for MAX.")
    if not callable(fn):
        return Feedback(False, f"Your answer is {article(fn)}; it should be a function "
                               f"fn(game, state) that returns {goal} for MAX.")
    _, main_kwargs, problem = signature(fn, f"{goal} of state for MAX")
    if problem:
        return Feedback(False, problem)
    trials = [chance_reference(t) for t in tested]
    found = []

    def judge(trial, r):
        found.append(judge_chance_run(trial.tree, r, trial, algorithm))
        return found[-1]["problem"]

    runs, stop = run_all(fn, trials, tested, seconds, main_kwargs, clean=lookups_dropped, judge=judge)
    if isinstance(stop, tuple):
        return twice_feedback(*stop, algorithm, stopped=True)
    if stop is not None:
        return stop

    failing = [k for k, f in enumerate(found) if not (f["right"] and f["once"])]
    if not failing:
        return Feedback(True, f"Correct: on all {len(trials)} test trees your function returns the right expected "
                              f"value for MAX and visits every node once, children in order, as "
                              f"{SEARCH_NAMES[algorithm]} does.")
    twice = next((k for k, f in enumerate(found) if f["repeat"] is not None), None)
    if twice is not None:
        return twice_feedback(trials[twice], runs[twice], algorithm)
    model = fitting(chance_models(), trials, runs)
    if model is None:
        story, picture = explain_trial(trials[failing[0]], runs[failing[0]], algorithm, True)
        return Feedback(False, story, None, picture)
    return model_feedback(model, trials, runs)


def judge_chance_run(t, run, trial=None, algorithm: str = "expectimax") -> dict:
    """The findings on one finished run of a student's expectimax on ``t``: what the checker and the grader go by.

    ``run`` is a :class:`~advsearch.course.shared.runs.Run`, made in this
    process (:func:`~advsearch.course.shared.runs.run`) or in a sandbox
    (:func:`~advsearch.course.shared.running.run_on`); ``trial`` the tree's
    reference search (:func:`~.battery.chance_reference`, made when not
    given).  The findings:

    ``problem``
        The Feedback when the run cannot be compared (it raised, returned
        None or no number: :func:`~advsearch.course.shared.runs.run_problem`), else None.
    ``fits``
        The keys of :data:`~advsearch.trees.CHANCE_RULES` whose root value
        the run returned (within :func:`~advsearch.answers.close`), in
        that order; ``right`` is whether ``"expectation"`` is one.
    ``once``
        Whether the visits, lookups dropped (:func:`lookups_dropped`), are
        the reference's: every node once, children left to right.
    ``repeat``
        The first node visited a second time, or None.

    >>> from advsearch import tree, chance
    >>> from advsearch.course.shared.runs import Run
    >>> t = tree([chance((0.5, 2), (0.5, 8)), 4])
    >>> seq = chance_reference(t).seq
    >>> f = judge_chance_run(t, Run(seq, {}, 5.0, None, 9))
    >>> f["fits"], f["right"], f["once"], f["problem"] is None
    (['expectation', 'mean'], True, True, True)
    >>> twice = judge_chance_run(t, Run(seq + seq[-1:], {}, 8, None, 9))
    >>> twice["fits"], twice["once"], twice["repeat"], judge_chance_run(t, Run(seq, {}, "5", None, 9))["fits"]
    (['max'], False, ('score', (1,)), [])
    """
    trial = chance_reference(t) if trial is None else trial
    seq = lookups_dropped(run.seq)
    problem = run_problem(trial, run, goal=f"the {algorithm} value for MAX")
    fits = [] if problem is not None else [rule for rule in CHANCE_RULES if same_value(run.value, t.values(rule)[()])]
    return {"problem": problem, "fits": fits, "right": "expectation" in fits, "once": seq == trial.seq,
            "repeat": repeat(seq)}


def lookups_dropped(seq) -> list:
    """``seq`` without expansions asked again only to look something up, such as an outcome's probability.

    A node expanded again, with nothing but such repeats up to the next new
    visit (or the end), was looked up; a node searched twice goes on to
    visit its children again, and stays.

    >>> lookups_dropped([("expand", ()), ("score", (0,)), ("expand", ()), ("score", (1,)), ("expand", ())])
    [('expand', ()), ('score', (0,)), ('score', (1,))]
    >>> lookups_dropped([("expand", ()), ("score", (0,)), ("expand", ()), ("score", (0,))])
    [('expand', ()), ('score', (0,)), ('expand', ()), ('score', (0,))]
    """
    seen, out, k = set(), [], 0
    while k < len(seq):
        j = k
        while j < len(seq) and seq[j][0] == "expand" and seq[j] in seen:
            j += 1
        if j > k and (j == len(seq) or seq[j] not in seen):
            k = j                     # lookups only: the search goes on to something new
            continue
        stop = max(j, k + 1)          # a run of repeats that is no lookup stays whole: scanning it again from
        for item in seq[k:stop]:      # each of its items would find the same end (linear, not quadratic, time)
            seen.add(item)
            out.append(item)
        k = stop
    return out


def model_feedback(model: ValueModel, trials, runs) -> Feedback:
    """The feedback for a value that ``model``'s mistake explains, shown on the first tree it changes."""
    k = next(k for k, trial in enumerate(trials) if not same_value(model.root(trial.tree), trial.value))
    trial, t = trials[k], trials[k].tree
    on = f"On the tree {t}, your function returns {_f(runs[k].value)}; the expected value for MAX is {_f(trial.value)}."
    if model.key not in CHANCE_MISTAKES:
        text = explanation(model.key, model.detail, True) + " " + on
        return Feedback(False, text, model.key, (t, trial.trace, None, (), False))
    node, wrong = first_difference(model, t)
    right = t.values()
    kids = [right[c.path] for c in node.children]
    name = node_name(t, node.path)
    sentence = chance_mistake(t, node, wrong)
    why = sentence[1] if sentence is not None and sentence[0] == model.key else ""
    text = (f"Your function {model.detail}. {on} Look at {name}, a chance node whose outcomes are worth "
            f"{and_list(_f(v) for v in kids)} with probabilities {and_list(_f(p) for p in node.probs)}: its "
            f"value is {_f(right[node.path])}, but a search that makes this mistake gives it {_f(wrong)}. {why} "
            "The probabilities are those of game.chance_outcomes(state): v = sum of P(r) · value(Result(s, r)).")
    return Feedback(False, " ".join(text.split()), model.key, (t, trial.trace, None, node.path, False))
