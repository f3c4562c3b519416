"""Threat-ADS by hand: the adaptive list of opponents after each update step, checked by :func:`threat_ads`.

Best-Reply Search with Threat-ADS (Polk & Oommen 2013) searches a MIN
layer's replies opponent by opponent in the order of an adaptive list, and
after the layer tells the list which opponent made the strongest reply, the
threat; the list then moves it forward, to the front ("move-to-front") or one
place ("transposition").  The student writes the list after every update; the
reference is :class:`~advsearch.search.brs.ThreatADS` itself.

>>> print(threat_ads([3, 1], [[3, 1, 2], [1, 3, 2]], opponents=[1, 2, 3]))
Correct: the list goes [1, 2, 3] → [3, 1, 2] → [1, 3, 2]; the next MIN layer searches P1's replies first.
>>> print(threat_ads([3, 1], [[3, 1, 2], [3, 1, 2]], opponents=[1, 2, 3]))
After update 2 (the threat is P1) the list is [1, 3, 2], not [3, 1, 2]: the threat moves to the front. It looks as if ...
"""

from __future__ import annotations

from ...game import MIN
from ...search import ThreatADS
from ...search.brs import ADS_RULES, ThreatOrder
from ..shared.feedback import Feedback, not_answered
from ..shared.untrusted import plain, shown

#: The mistakes :func:`threat_ads` names, by key.
THREAT_ADS_MISTAKES = {
    "other_ads_rule": "the list was updated by the other rule (move-to-front and transposition swapped)",
    "list_not_updated": "the list was left as it was after a MIN layer: every update moves the threat forward "
                        "unless it is first already",
}

_HOW = {"move-to-front": "the threat moves to the front",
        "transposition": "the threat swaps places with the opponent just before it"}


def replay(rule, opponents, threats) -> list:
    """The list after each update, by :class:`~advsearch.search.brs.ThreatADS`.

    >>> replay("transposition", [1, 2, 3, 4], [3, 1, 1, 4])
    [[1, 3, 2, 4], [1, 3, 2, 4], [1, 3, 2, 4], [1, 3, 4, 2]]
    """
    ads, out = ThreatADS(rule, opponents=list(opponents)), []
    for threat in threats:
        ads.update(threat)
        out.append(list(ads.order))
    return out


def _checked(rule, opponents, threats):
    if rule not in ADS_RULES:
        raise ValueError(f"rule must be one of {', '.join(map(repr, ADS_RULES))}, not {rule!r}")
    opponents, threats = list(opponents), list(threats)
    if not opponents or len(set(opponents)) != len(opponents):
        raise ValueError(f"opponents must be distinct and at least one, not {opponents!r}")
    stray = [t for t in threats if t not in opponents]
    if stray:
        raise ValueError(f"every threat must be one of the opponents {opponents}, not {stray[0]!r}")
    return opponents, threats


def _step_problem(step, given, opponents) -> str | None:
    if type(given) not in (list, tuple) or not plain(given):
        return f"Step {step} of your answer is {shown(given, 40)}: write each list as a list of opponents, like {opponents}."
    if len(given) != len(opponents) or sorted(map(repr, given)) != sorted(map(repr, opponents)):
        return (f"Your list after update {step}, {shown(list(given))}, is not an order of the opponents "
                f"{opponents}: an update moves one opponent and keeps every one.")
    return None


def threat_ads(threats, answer, *, opponents, rule="move-to-front") -> Feedback:
    """Check ``answer``, the list after each of the updates ``threats`` (opponents, in order), starting from ``opponents``.

    ``answer`` is a list of lists, one per threat.  The first step that
    differs from :func:`replay` is named, with the rule, and with the mistake
    when it is a known one (:data:`THREAT_ADS_MISTAKES`).
    """
    opponents, threats = _checked(rule, opponents, threats)
    truth = replay(rule, opponents, threats)
    if answer is None or answer is ... or type(answer) in (list, tuple) and not answer:
        return not_answered(f"write the list after each of the {len(threats)} updates, as a list of lists.")
    if type(answer) not in (list, tuple):
        return Feedback(False, f"Your answer is {type(answer).__name__} {shown(answer, 40)}; write a list of lists, "
                               f"the order of the opponents after each update.")
    other = replay(ADS_RULES[1 - ADS_RULES.index(rule)], opponents, threats)
    before = opponents
    for step, (given, right) in enumerate(zip(answer, truth), 1):
        problem = _step_problem(step, given, opponents)
        if problem:
            return Feedback(False, problem)
        given = list(given)
        if given != right:
            key = ("other_ads_rule" if given == other[step - 1] and answer[:step - 1] == truth[:step - 1] else
                   "list_not_updated" if given == before else None)
            lead = f" It looks as if {THREAT_ADS_MISTAKES[key]}." if key else ""
            return Feedback(False, f"After update {step} (the threat is P{threats[step - 1]}) the list is "
                                   f"{right}, not {given}: {_HOW[rule]}.{lead}", key)
        before = right
    if len(answer) < len(truth):
        return Feedback(False, f"Right so far; write the list after each of the {len(threats)} updates "
                               f"(you wrote {len(answer)}).")
    if len(answer) > len(truth):
        return Feedback(False, f"There are {len(threats)} updates, one per threat; you wrote {len(answer)} lists.")
    chain = " → ".join(str(x) for x in [opponents] + truth)
    return Feedback(True, f"Correct: the list goes {chain}; the next MIN layer searches P{truth[-1][0]}'s "
                          "replies first.")


def reply_order(ads_order, replies, answer) -> Feedback:
    """Check ``answer``, the order in which BRS searches a MIN layer's ``replies`` under the list ``ads_order``.

    ``replies`` is a list of ``(opponent, move)`` pairs in turn order; the
    reference is :class:`~advsearch.search.brs.ThreatOrder` (each opponent's
    moves kept in their own order).  The answer lists the pairs, or just
    the moves when every move is named once.

    >>> replies = [(1, "a"), (1, "b"), (2, "c"), (3, "d")]
    >>> print(reply_order([3, 1, 2], replies, ["d", "a", "b", "c"]))
    Correct: P3's replies, then P1's, then P2's: d, a, b, c.
    >>> print(reply_order([3, 1, 2], replies, ["d", "b", "a", "c"]))
    Reply 2 in BRS's order is 'a' (P1's), not 'b': BRS takes the opponents in the list's order, [3, 1, 2], and each opponent's moves in their own order.
    """
    ads_order, replies = list(ads_order), [tuple(r) for r in replies]
    if any(len(r) != 2 or r[0] not in ads_order for r in replies):
        raise ValueError(f"replies must be (opponent, move) pairs of the opponents {ads_order}, not {replies!r:.80}")
    truth = ThreatOrder(ThreatADS(opponents=ads_order)).order((None, MIN), replies, ply=1)
    moves = [m for _, m in truth]
    by_move = len(set(moves)) == len(moves)
    listed = ", ".join(map(str, moves if by_move else truth))
    if answer is None or answer is ... or type(answer) in (list, tuple) and not answer:
        return not_answered("write the replies in the order BRS searches them, as a list.")
    if type(answer) not in (list, tuple):
        return Feedback(False, f"Your answer is {type(answer).__name__} {shown(answer, 40)}; write a list of replies.")
    if not plain(answer):       # only plain values are compared: an item could define == to agree with anything
        return Feedback(False, "Your list holds something other than plain moves (texts, numbers, tuples): "
                               "write the moves as the replies name them, or (opponent, move) pairs.")
    given = [tuple(x) if type(x) is list else x for x in answer]
    if given == truth or (by_move and given == moves):
        groups = [o for o in ads_order if any(r[0] == o for r in replies)]
        return Feedback(True, f"Correct: {_groups_text(groups)}: {listed}.")
    expected = moves if by_move and not any(isinstance(x, tuple) for x in given) else truth
    if len(given) != len(expected):
        return Feedback(False, f"BRS searches each of the {len(expected)} replies once; you listed {len(given)}.")
    i = next(i for i, (a, b) in enumerate(zip(given, expected)) if a != b)
    return Feedback(False, f"Reply {i + 1} in BRS's order is {expected[i]!r} (P{truth[i][0]}'s), not {shown(given[i], 30)}: "
                           f"BRS takes the opponents in the list's order, {ads_order}, and each opponent's moves in "
                           "their own order.")


def _groups_text(groups) -> str:
    return f"P{groups[0]}'s replies" + "".join(f", then P{o}'s" for o in groups[1:])
