"""The return contract, checked for every search on random trees and games.

The contract (docs/architecture.md): for a two-player game ``value`` is MAX's
utility, whoever is to move at the root, from every search; for more players
the multiplayer searches return the payoff vector, a tuple with one entry per
player, and paranoid and best reply return the payoffs at the end of their
principal variation, with the searcher's own value in
``stats.searcher_value``.  ``move`` is best for the player to move at the
root, the first in ``actions()`` order among equals.

The oracles are independent of the searches: ``Tree.values()`` (the one
oracle of backed-up values) and the small recursions below.  MCTS and flat
Monte Carlo are checked in tests/test_mcts.py.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from advsearch import (MAX, MIN, Virus, alphabeta, best_reply, expectimax, expectiminimax, iterative_deepening,
                       maxn, minimax, paranoid, random_tree, solve, tree)
from advsearch.arena import random_opening
from advsearch.search import BestReplyGame, ParanoidGame
from advsearch.search.multiplayer import payoffs_at

some = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
few = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])

LOW, HIGH = -4, 4
seeds = st.integers(0, 10 ** 6)
roots = st.sampled_from([MAX, MIN])
depths = st.sampled_from([None, 1, 2, 3])


def two_player_tree(seed, root, height=4):
    return random_tree((1, 3), height, seed=seed, low=LOW, high=HIGH, root=root)


def by_path(state, player):
    """A made-up zero-sum evaluation of a tree node, fixed by its path."""
    e = (sum((i + 1) * (a + 1) for i, a in enumerate(state.path)) % 7) - 3
    return e if player == MAX else -e


def cut(depth):
    return {} if depth is None else {"depth": depth, "evaluate": by_path}


def first_best(node, values):
    """The first action at ``node`` whose child has the node's backed-up value."""
    return next(i for i, child in enumerate(node.children) if values[child.path] == values[node.path])


def against_random(node):
    """MAX's expected utility when MIN picks uniformly at random (expectimax's opponent)."""
    if not node.children:
        return node.value
    values = [against_random(c) for c in node.children]
    return max(values) if node.player == MAX else sum(values) * Fraction(1, len(values))


def paranoid_value(node, me):
    """``me``'s payoff when every other player minimises it."""
    if not node.children:
        return node.value[me]
    values = [paranoid_value(c, me) for c in node.children]
    return max(values) if node.player == me else min(values)


# ------------------------------------------------------------------ two players: MAX's utility


@some
@given(seeds, roots)
def test_every_two_player_search_reports_maxs_utility_and_the_first_best_move(seed, root):
    t = two_player_tree(seed, root)
    values = t.values()
    truth, move = values[()], first_best(t.initial_state, values)
    results = {
        "minimax": minimax(t), "alphabeta": alphabeta(t), "paranoid": paranoid(t), "best_reply": best_reply(t),
        "solve": solve(t), "expectiminimax": expectiminimax(t),
        "star1": expectiminimax(t, pruning="star1", bounds=(LOW, HIGH)),
        "star2": expectiminimax(t, pruning="star2", bounds=(LOW, HIGH)),
        "iterative_deepening": iterative_deepening(t, evaluate=by_path, max_depth=t.height),
    }
    for name, r in results.items():
        assert r.value == truth, name
        if name != "iterative_deepening":           # see the test of its move below
            assert r.move == move, name
    # paranoid and best reply search for the player to move; what they back up is that player's payoff
    for r in (results["paranoid"], results["best_reply"]):
        assert r.stats.searcher_value == (truth if root == MAX else -truth)


@some
@given(seeds, roots, depths)
def test_paranoid_and_best_reply_agree_with_alphabeta_with_and_without_depth(seed, root, depth):
    t = two_player_tree(seed, root)
    a = alphabeta(t, **cut(depth))
    assert a.value == minimax(t, **cut(depth)).value
    for search in (paranoid, best_reply):
        r = search(t, **cut(depth))                     # for the player to move at the root
        assert (r.value, r.move, r.pv) == (a.value, a.move, a.pv), search.__name__
        assert (r.stats.nodes, r.stats.leaves, r.stats.prunes) == (a.stats.nodes, a.stats.leaves, a.stats.prunes)
        for player in (MAX, MIN):                       # and for either player, the same value
            assert search(t, player=player, **cut(depth)).value == a.value


@some
@given(seeds, roots)
def test_expectimax_reports_maxs_expected_utility_whoever_moves(seed, root):
    t = two_player_tree(seed, root, height=3)
    r = expectimax(t)
    assert r.value == against_random(t.initial_state)
    if root == MIN:                                     # the random opponent moves: no choice to make
        assert r.move is None and r.pv == ()


def test_a_min_root_gives_maxs_utility_everywhere():
    # The example: MIN picks the middle subtree, worth 6 to MAX.
    t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]], root=MIN)
    assert {s.__name__: s(t).value for s in (minimax, alphabeta, paranoid, best_reply, solve, expectiminimax)} \
        == dict.fromkeys(["minimax", "alphabeta", "paranoid", "best_reply", "solve", "expectiminimax"], 6)
    assert paranoid(t).stats.searcher_value == best_reply(t).stats.searcher_value == -6
    assert maxn(t).value == (6, -6)


def test_iterative_deepening_returns_a_best_move_first_in_its_own_search_order():
    # The contract: among equal moves, the first the search examined.  Iterative deepening
    # examines the previous iteration's best move first, so on ties it may differ from the first
    # best in actions() order, and it does on some trees: both facts are checked.
    differ = 0
    for seed in range(600):
        t = two_player_tree(seed, seed % 2)
        values = t.values()
        r = iterative_deepening(t, evaluate=by_path, max_depth=t.height)
        assert values[t.node((r.move,)).path] == values[()]      # a best move, always
        differ += r.move != first_best(t.initial_state, values)
    assert 0 < differ < 600


# ------------------------------------------------------------------ more players: payoff vectors


@some
@given(seeds, st.integers(3, 4), st.data())
def test_multiplayer_searches_return_payoff_vectors(seed, n, data):
    t = random_tree((1, 3), 4, seed=seed, num_players=n, root=seed % n)
    m = maxn(t)
    assert isinstance(m.value, tuple) and len(m.value) == n and m.value == t.values()[()]
    me = data.draw(st.integers(0, n - 1))
    p = paranoid(t, player=me)
    assert isinstance(p.value, tuple) and len(p.value) == n
    assert p.value == t.node(p.pv).value                 # the payoffs at the end of the principal variation
    assert p.stats.searcher_value == p.value[me] == paranoid_value(t.initial_state, me)


@few
@given(seeds, st.sampled_from([Virus(players=3), Virus(width=4, height=4, players=4)]), st.integers(0, 4))
def test_best_reply_and_paranoid_vectors_end_their_principal_variation(seed, game, depth):
    rng = random.Random(seed)
    s = random_opening(game, rng.randint(0, 10), rng)
    me = game.to_move(s)
    n = game.num_players
    m = maxn(game, s, depth=depth, evaluate=game.evaluate)
    assert isinstance(m.value, tuple) and len(m.value) == n
    for search in (paranoid, best_reply):
        r = search(game, s, depth=depth, evaluate=game.evaluate)
        assert isinstance(r.value, tuple) and len(r.value) == n
        assert r.value[me] == r.stats.searcher_value
        view = ParanoidGame(game, me) if search is paranoid else BestReplyGame(game, me, s, evaluate=game.evaluate)
        end = s if search is paranoid else view.initial_state
        for a in r.pv:
            end = view.result(end, a)
        # the line ends at a leaf: the cut-off, the end of the game, or (best reply) a side without moves
        assert len(r.pv) == depth or game.is_terminal(view.game_state(end)) or \
            (search is best_reply and view.stuck(end))
        assert r.value == payoffs_at(game, view.game_state(end), game.evaluate)
