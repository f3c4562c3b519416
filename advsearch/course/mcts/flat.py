"""Checker of flat Monte Carlo worked by hand: each root move's win rate from given playouts, and the move chosen.

The right answer comes from the package's own
:func:`~advsearch.search.mcts.flat.flat_monte_carlo`, run with a rollout
that replays the question's playouts; a win rate is the mean payoff of the
player to move at the root scaled from -1..1 to 0..1 (a draw counts half).

>>> from advsearch import check, parse
>>> t = parse("A[B[b1=1 b2=-1] C[c1=0 c2=0]]")
>>> q = check.FlatQuestion(t, {"B": ["b1", "b2", "b1", "b1"], "C": ["c1", "c2", "c1", "c1"]})
>>> flat_answer(q)
({'B': 0.75, 'C': 0.5}, 'B')
>>> check.flat_monte_carlo(q, {"B": 0.75, "C": 0.5}, "B").ok
True
>>> check.flat_monte_carlo(q, {"B": 0.25, "C": 0.5}, "C").mistake
'flat_wrong_player'
"""

from __future__ import annotations

from ...game import MAX, player_name
from ...search.mcts import final_payoffs, flat_monte_carlo as _flat
from ..shared.feedback import Feedback, not_answered
from ..shared.reading import blank
from .mistakes import UCT_MISTAKES
from .questions import FlatQuestion
from .steps import VALUE_TOLERANCE, number_answers
from ..shared.wording import and_list


def flat_answer(question: FlatQuestion, draw=0.5, player=None):
    """``({move: win rate}, move chosen)``: flat Monte Carlo replaying the question's playouts.

    ``draw`` is what a draw counts and ``player`` whose wins are counted (the
    root player by default): other values model mistakes.
    """
    t = question.tree
    root = t.initial_state
    queue = {c.label: list(question.playouts[c.label]) for c in root.children}
    who = root.player if player is None else player

    def replay(game, state, rng):
        leaf = t.node(queue[state.label].pop(0))
        return final_payoffs(game, leaf)

    if draw == 0.5:
        r = _flat(t, playouts_per_move=len(next(iter(queue.values()))), rollout=replay, seed=0)
        sign = 1 if who == root.player else -1          # the means are the root player's
        rates = {root.children[a].label: _tidy((sign * m + 1) / 2) for a, m in r.stats.means.items()}
    else:
        rates = {}
        for c in root.children:
            ends = [t.node(x).value * (1 if who == MAX else -1) for x in question.playouts[c.label]]
            rates[c.label] = _tidy(sum(1 if u > 0 else draw if u == 0 else 0 for u in ends) / len(ends))
    return rates, max(rates, key=rates.get)


def _tidy(x):
    return round(x, 12)


def flat_monte_carlo(question: FlatQuestion, rates, move=None) -> Feedback:
    """Check flat Monte Carlo by hand: ``rates`` ``{move: win rate}`` for the player at the root, and ``move``.

    Win rates count a draw as half a win and are checked to two decimals.
    """
    if not isinstance(question, FlatQuestion):
        raise TypeError(f"question must be a check.FlatQuestion, not {question!r:.60}")
    q, t = question, question.tree
    moves = list(q.playouts)
    root = t.initial_state
    picture = (t, None, None, None, False)
    if blank(rates) and blank(move):
        return not_answered(f"give the win rate of each root move for {player_name(root.player)}, like "
                            f"rates = {{\"{moves[0]}\": 0.5, ...}}, and the move chosen.")
    given, problem = number_answers(rates if not blank(rates) else {}, moves, "rates")
    if problem:
        return Feedback(False, problem)
    if move is not None and move not in moves:
        return Feedback(False, f"The move should be the label of one root move, {and_list(moves)}; not {move!r:.40}.")
    right, best = flat_answer(q)
    story = _story(q, right, best)
    wrong = [m for m in moves if m in given and abs(given[m] - right[m]) > VALUE_TOLERANCE]
    missing = [m for m in moves if m not in given]
    if not wrong and (move is None or move == best):
        if missing:
            return Feedback(False, f"The rates you gave are right; give {and_list(missing)}'s too. {story}")
        if move is None:
            return Feedback(False, f"The win rates are right; which move does flat Monte Carlo choose? {story}")
        return Feedback(True, "Correct. " + story, None, picture)
    mistake = None
    models = [("flat_wrong_player", flat_answer(q, player=1 - root.player)),
              ("flat_draw_not_half", flat_answer(q, draw=0)), ("flat_draw_not_half", flat_answer(q, draw=1)),
              ("flat_mean_utility", ({m: 2 * r - 1 for m, r in right.items()}, best))]
    for key, (model_rates, model_move) in models:
        if given and all(abs(given[m] - model_rates[m]) <= VALUE_TOLERANCE for m in given) and (
                move is None or move == model_move):
            mistake = key
            break
    if mistake is None and not wrong and move != best:
        minimax_move = root.children[_minimax_move(t)].label
        mistake = "flat_minimax_move" if move == minimax_move else "flat_not_best"
    if wrong:
        m = wrong[0]
        text = f"The win rate of {m} is {right[m]:.2f}, not {given[m]:g}. "
    else:
        text = f"Flat Monte Carlo chooses {best}, not {move}. "
    lead = f"It looks as if {UCT_MISTAKES[mistake]}. " if mistake else ""
    return Feedback(False, text + lead + story, mistake, picture)


def _minimax_move(t) -> int:
    values = t.values()
    root = t.initial_state
    pick = max if root.player == MAX else min
    best = pick(values[c.path] for c in root.children)
    return next(i for i, c in enumerate(root.children) if values[c.path] == best)


def _story(q: FlatQuestion, right, best) -> str:
    t = q.tree
    who = player_name(t.initial_state.player)
    parts = []
    for m, ends in q.playouts.items():
        values = [t.node(x).value * (1 if t.initial_state.player == MAX else -1) for x in ends]
        w, d = sum(v > 0 for v in values), sum(v == 0 for v in values)
        parts.append(f"{m}: {w} wins and {d} draws in {len(ends)} playouts, {right[m]:.2f}")
    return (f"Win rates for {who} (a draw counts half): {'; '.join(parts)}. The best is {best}'s, "
            f"so flat Monte Carlo plays {best}.")
