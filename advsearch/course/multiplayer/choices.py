"""Which move, and what value, a multiplayer search gives at the root: max-n, paranoid or Best-Reply Search.

:func:`root_move` and :func:`searcher_value` ask the package's searches
(:func:`~advsearch.maxn`, :func:`~advsearch.paranoid`,
:func:`~advsearch.best_reply`) for the truth, on an explicit tree or on any
game of three or more players; a wrong answer that another of these
searches gives names the assumption that was mixed up.
:data:`MULTIPLAYER_MISTAKES` lists every mistake the multiplayer questions
name, those of :mod:`advsearch.course.multiplayer.questions` too.

>>> from advsearch import tree
>>> t = tree([[(5, 5, 0), (2, 3, 5)], [(3, 4, 3), (4, 1, 5)]], labels=True)
>>> root_move(t, "B", "maxn").ok, root_move(t, "B", "paranoid").mistake
(True, 'coalition_own_payoff')
"""

from __future__ import annotations

from ...answers import close
from ...result import format_number as _f
from ...search import best_reply, maxn, paranoid
from ...trees import Tree
from ..shared.feedback import Feedback, not_answered
from ..shared.reading import blank, value_type_problem
from ..shared.wording import and_list


#: The mistakes the multiplayer questions name, by key.
MULTIPLAYER_MISTAKES = {
    "coalition_own_payoff": ("paranoid was asked for, but the other players each maximise their own payoff "
                             "(that is max-n); in paranoid they all minimise the searcher's payoff"),
    "alternating_levels": ("the levels alternate MAX, MIN, MAX as with two players; in paranoid every player "
                           "but the searcher minimises the searcher's payoff"),
    "paranoid_for_maxn": ("max-n was asked for, but all other players were taken to play against the "
                          "mover; in max-n each player maximises its own payoff"),
    "only_next_opponent": ("Best-Reply Search was asked for, but only the next player's replies were "
                           "considered; BRS's MIN layer holds every opponent's replies"),
    "team_values": "the allies' summed payoffs were given instead of the payoffs each player really gets",
    "no_alliance": "the outcome without the alliance (plain max-n) was given",
}

#: What a wrong move or value that another search gives says, by mistake key.
_WHY = {
    "coalition_own_payoff": ("That is max-n's answer, where every player maximises its own payoff; paranoid "
                             "search assumes all the others minimise the searcher's payoff."),
    "paranoid_for_maxn": ("That is paranoid search's answer, where all the others play against the mover; in "
                          "max-n each player maximises its own payoff."),
    "only_next_opponent": ("That is paranoid search's answer to the same depth, where only the next player "
                           "replies; BRS's MIN layer holds the replies of every opponent."),
}

#: The searches the questions ask about, by the name ``algorithm`` takes, as a sentence names them.
SEARCHES = {"maxn": "max-n", "paranoid": "paranoid search", "best_reply": "Best-Reply Search"}
_TITLES = {"maxn": "Max-n", "paranoid": "Paranoid search", "best_reply": "Best-Reply Search"}




def root_move(game, answer, algorithm, *, state=None, depth=None, evaluate=None) -> Feedback:
    """Check the move a student says ``algorithm`` chooses at the root.

    ``algorithm`` is "maxn", "paranoid" or "best_reply", searched as the
    package does (the paranoid and BRS player is the one to move at the
    root).  On a tree the answer may name the child by label; otherwise it is
    the action.  A wrong move that another of these searches chooses is
    named ("paranoid_for_maxn", "coalition_own_payoff", "only_next_opponent").

    Examples
    --------
    >>> from advsearch import tree
    >>> t = tree([[(5, 5, 0), (2, 3, 5)], [(3, 4, 3), (4, 1, 5)]], labels=True)
    >>> root_move(t, "B", "maxn").ok, root_move(t, 1, "paranoid").ok
    (True, True)
    """
    moves = _moves(game, algorithm, state, depth, evaluate)
    root = game.initial_state if state is None else state
    choose = f"the move {SEARCHES[algorithm]} chooses at the root"
    if blank(answer):
        return not_answered(f"write {choose}" + (", as the label of a child such as 'B'." if isinstance(game, Tree)
                                                 else ", an action such as " + repr(game.actions(root)[0]) + "."))
    yours = answer
    if isinstance(game, Tree) and isinstance(answer, str):
        kids = [c.label for c in root.children]
        if answer not in kids:
            return Feedback(False, f"{answer!r} is no child of the root; its children are {and_list(kids)}.")
        yours = kids.index(answer)
    if yours not in game.actions(root):
        return Feedback(False, f"{answer!r} is not a move at the root; the moves are "
                               f"{and_list(_move_name(game, root, a) for a in game.actions(root))}.")
    right = moves[algorithm]
    if yours == right:
        return Feedback(True, f"Correct: {SEARCHES[algorithm]} moves to {_move_name(game, root, right)}.")
    text = f"{_TITLES[algorithm]} moves to {_move_name(game, root, right)}; you wrote {_move_name(game, root, yours)}."
    return _named(text, algorithm, {k: m == yours for k, m in moves.items()})


def searcher_value(game, answer, algorithm, *, state=None, depth=None, evaluate=None) -> Feedback:
    """Check the value a student says ``algorithm`` gives the player to move at the root.

    For "paranoid" and "best_reply" that is ``stats.searcher_value``; for
    "maxn" the mover's entry of the root's vector.  A value another of these
    searches gives is named, as in :func:`root_move`.

    Examples
    --------
    >>> from advsearch import tree
    >>> t = tree([[(5, 5, 0), (2, 3, 5)], [(3, 4, 3), (4, 1, 5)]], labels=True)
    >>> searcher_value(t, 3, "paranoid").ok, searcher_value(t, 5, "paranoid").mistake
    (True, 'coalition_own_payoff')
    """
    values = _values(game, algorithm, state, depth, evaluate)
    if blank(answer):
        return not_answered(f"write the value {SEARCHES[algorithm]} gives the player to move at the root, a number.")
    problem = value_type_problem("the root", answer)
    if problem:
        return Feedback(False, problem)
    right = values[algorithm]
    if close(answer, right):
        return Feedback(True, f"Correct: {SEARCHES[algorithm]} gives the player at the root {_f(right)}.")
    text = f"{_TITLES[algorithm]} gives the player at the root {_f(right)}; you wrote {_f(answer)}."
    return _named(text, algorithm, {k: close(v, answer) for k, v in values.items()})


def _named(text, algorithm, matches):
    """The feedback for a wrong answer, naming the mistake when another search gives it."""
    if algorithm == "paranoid" and matches.get("maxn"):
        key = "coalition_own_payoff"
    elif algorithm == "maxn" and matches.get("paranoid"):
        key = "paranoid_for_maxn"
    elif algorithm == "best_reply" and matches.get("paranoid"):
        key = "only_next_opponent"
    else:
        return Feedback(False, text)
    return Feedback(False, f"{text} {_WHY[key]}", key)


def _searches(game, algorithm, state, depth, evaluate):
    if algorithm not in SEARCHES:
        raise ValueError(f"algorithm must be one of {', '.join(map(repr, SEARCHES))}, not {algorithm!r}")
    if getattr(game, "num_players", 2) < 3:
        raise ValueError("these questions are about games of three or more players")
    options = dict(depth=depth, evaluate=evaluate)
    out = {"maxn": maxn(game, state, **options), "paranoid": paranoid(game, state, **options)}
    if algorithm == "best_reply":
        out["best_reply"] = best_reply(game, state, **options)
    return out


def _moves(game, algorithm, state, depth, evaluate):
    return {k: r.move for k, r in _searches(game, algorithm, state, depth, evaluate).items()}


def _values(game, algorithm, state, depth, evaluate):
    found = _searches(game, algorithm, state, depth, evaluate)
    me = game.to_move(game.initial_state if state is None else state)
    return {k: r.value[me] if k == "maxn" else r.stats.searcher_value for k, r in found.items()}


def _move_name(game, root, action):
    if isinstance(game, Tree):
        child = root.children[action]
        return child.label or f"child {action}"
    return repr(action)
