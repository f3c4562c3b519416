"""Max-n, paranoid and Best-Reply Search (with Threat-ADS): values, pruning, errors, traces, drawings.

The oracles here are written independently of the package: they walk the
tree's nodes (or the game's moves) and back up payoff vectors or one
player's payoff directly, without pruning.
"""

from __future__ import annotations

import random

import matplotlib

matplotlib.use("Agg")  # off-screen, for these tests only

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import advsearch  # noqa: E402
from advsearch import (MAX, MIN, ChineseCheckers, ConnectFour, GameError, ThreatADS, TicTacToe,  # noqa: E402
                       Virus, agents, alphabeta, best_reply, chance, draw, draw_frames, frames, maxn, minimax,
                       paranoid, random_tree, tree)
from advsearch.arena import play, random_opening  # noqa: E402
from advsearch.drawing.scene import scene  # noqa: E402
from advsearch.evaluation import connect4_eval, tictactoe_eval  # noqa: E402
from advsearch.recording import RecordingGame  # noqa: E402
from advsearch.search import (ADS_RULES, BestReplyGame, BudgetExceeded, Killers, ParanoidGame,  # noqa: E402
                              TranspositionTable)
from advsearch.search.base import declared_range  # noqa: E402
from advsearch.search.brs import ThreatOrder  # noqa: E402
from advsearch.search.multiplayer import out_of_turn, payoff_limits, payoffs_at  # noqa: E402
from test_draw import layout_problems  # noqa: E402

some = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
few = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


# ------------------------------------------------------------------ the oracles


def maxn_oracle(node, n):
    """The max-n vector of a tree node: the first child whose entry for the mover is largest."""
    if not node.children:
        v = node.value
        return v if isinstance(v, tuple) else (v, -v)
    best = None
    for child in node.children:
        v = maxn_oracle(child, n)
        if best is None or v[node.player] > best[node.player]:
            best = v
    return best


def paranoid_oracle(node, me):
    """``me``'s payoff when everyone else minimises it: max at me's nodes, min elsewhere."""
    if not node.children:
        v = node.value
        return v[me] if isinstance(v, tuple) else (v if me == MAX else -v)
    values = [paranoid_oracle(c, me) for c in node.children]
    return max(values) if node.player == me else min(values)


def brs_oracle(game, state, me, side, depth):
    """BRS without pruning, straight from the definition, on a game whose states are (boards, to_move, plies)."""
    def with_mover(s, p):
        return (s[0], p, s[2])

    if game.is_terminal(state):
        return game.utility(state, me)
    if depth == 0:
        return game.evaluate(state, me)
    n = game.num_players
    if side == MAX:
        moves = [(me, a) for a in game.actions(with_mover(state, me))]
    else:
        moves = [(o, a) for k in range(1, n) for o in [(me + k) % n] for a in game.actions(with_mover(state, o))]
    if not moves:
        return game.evaluate(state, me)
    values = [brs_oracle(game, game.result(with_mover(state, p), a), me, MIN if side == MAX else MAX, depth - 1)
              for p, a in moves]
    return max(values) if side == MAX else min(values)


# ------------------------------------------------------------------ trees for hypothesis


@st.composite
def constant_sum_trees(draw, players=None, low=0, max_sum=10, exact_sum=True):
    """A random n-player tree whose leaves have payoffs >= low summing to max_sum (or at most max_sum)."""
    n = draw(st.integers(3, 4)) if players is None else players
    depth = draw(st.integers(1, 4))

    def leaf():
        total = max_sum if exact_sum else draw(st.integers(n * low, max_sum))
        cuts = sorted(draw(st.lists(st.integers(0, total - n * low), min_size=n - 1, max_size=n - 1)))
        parts = [b - a for a, b in zip([0] + cuts, cuts + [total - n * low])]
        return tuple(low + p for p in parts)

    def node(d):
        if d == 0 or (d < depth and draw(st.integers(0, 5)) == 0):
            return leaf()
        return [node(d - 1) for _ in range(draw(st.integers(1, 3)))]

    spec = node(depth)
    if isinstance(spec, tuple):
        spec = [spec]
    root = draw(st.integers(0, n - 1))
    return tree(spec, root=root)


seeds = st.integers(0, 10 ** 6)


# ------------------------------------------------------------------ max-n: published trees


#: The three-player tree of the MIT 6.034 recitation notes, a version of Russell & Norvig's
#: three-player example (http://web.mit.edu/6.034/wwwbob/L4/node21.html): P0 at the root, then P1,
#: then P2; the notes give every backed-up vector, and (1, 2, 3) at the root.
MIT_TREE = [[[(1, 2, 3), (4, 2, 1)], [(6, 1, 2), (7, 4, -1)]],
            [[(5, -1, -1), (-1, 5, 2)], [(7, 7, -1), (5, 4, 5)]]]


def test_maxn_on_the_mit_three_player_tree():
    t = tree(MIT_TREE, labels=True)
    r = maxn(t, trace=True)
    assert r.value == (1, 2, 3)
    assert r.move == 0 and r.pv == (0, 0, 0)
    assert (r.stats.nodes, r.stats.leaves, r.stats.prunes, r.stats.max_depth) == (15, 8, 0, 3)
    values = {t.label(e.state): e.value for e in r.trace if e.kind == "exit"}
    # The published backed-up vectors, level by level.
    assert values == {"A": (1, 2, 3), "B": (1, 2, 3), "C": (-1, 5, 2),
                      "D": (1, 2, 3), "E": (6, 1, 2), "F": (-1, 5, 2), "G": (5, 4, 5)}


def test_maxn_ties_go_to_the_first_child():
    t = tree([[(1, 0, 9), (0, 5, 5)], [(1, 9, 0), (0, 0, 0)]])
    r = maxn(t)
    # P1 prefers (0, 5, 5) and (1, 9, 0); P0 gets 0 or 1: takes (1, 9, 0)
    assert r.value == (1, 9, 0) and r.pv == (1, 0)
    t = tree([(2, 0, 1), (2, 1, 0), (1, 1, 1)])
    assert maxn(t).value == (2, 0, 1) and maxn(t).move == 0


def test_maxn_with_two_players_is_minimax():
    for seed in range(30):
        t = random_tree((1, 3), 4, seed=seed, root=seed % 2)
        r = maxn(t)
        m = minimax(t)
        assert r.value == (m.value, -m.value)
        assert r.move == m.move


@some
@given(seeds, st.integers(3, 4))
def test_maxn_matches_the_oracle_on_random_trees(seed, n):
    t = random_tree((1, 3), 3, seed=seed, num_players=n, root=seed % n)
    r = maxn(t)
    assert r.value == maxn_oracle(t.initial_state, n)
    assert r.stats.nodes == len(t) and r.stats.leaves == len(t.leaves())
    node = t.initial_state
    for a in r.pv:
        node = node.children[a]
    assert node.value == r.value            # the principal variation ends at the root's leaf


def test_maxn_depth_and_evaluate_build_vectors():
    game = Virus(players=3)
    r = maxn(game, depth=2, evaluate=game.evaluate)
    assert len(r.value) == 3 and abs(sum(r.value) - 1) < 1e-9
    assert r.stats.evaluated == r.stats.leaves
    assert r.move in game.actions(game.initial_state)


# ------------------------------------------------------------------ max-n: shallow pruning


@some
@given(constant_sum_trees())
def test_shallow_pruning_never_changes_the_root(t):
    plain = maxn(t)
    pruned = maxn(t, pruning="shallow", bounds=(0, 10), max_sum=10)
    assert (pruned.value, pruned.move, pruned.pv) == (plain.value, plain.move, plain.pv)
    assert pruned.stats.nodes <= plain.stats.nodes
    assert (pruned.stats.prunes == 0) == (pruned.stats.nodes == plain.stats.nodes)


@some
@given(constant_sum_trees(low=-2, max_sum=6, exact_sum=False))
def test_shallow_pruning_with_a_negative_low_and_sums_below_the_maximum(t):
    plain = maxn(t)
    pruned = maxn(t, pruning="shallow", bounds=(-2, 12), max_sum=6)
    assert (pruned.value, pruned.move, pruned.pv) == (plain.value, plain.move, plain.pv)


def test_shallow_pruning_prunes_and_cuts_on_equality():
    # Korf's cut: once P1 has 7 of 10 at C, P0 can get at most 3 there and keeps its 5.
    t = tree([[(5, 5, 0), (2, 3, 5)], [(1, 7, 2), (9, 1, 0)]])
    r = maxn(t, pruning="shallow", bounds=(0, 10), max_sum=10)
    assert (r.value, r.stats.leaves, r.stats.prunes) == ((5, 5, 0), 3, 1)
    # With 5 of 10, P0 could get at most 5 at C, which is no more than it has: pruned too.
    t = tree([[(5, 5, 0), (2, 3, 5)], [(1, 5, 4), (9, 1, 0)]])
    assert maxn(t, pruning="shallow", bounds=(0, 10), max_sum=10).stats.prunes == 1
    # Korf's bound reaches only one level: with 4 of 10, P0 might still get 6 at C.
    t = tree([[(5, 5, 0), (2, 3, 5)], [(1, 4, 5), (9, 1, 0)]])
    assert maxn(t, pruning="shallow", bounds=(0, 10), max_sum=10).stats.prunes == 0


def test_shallow_pruning_on_the_games_uses_their_declared_bounds():
    rng = random.Random(5)
    for game in (Virus(players=3), Virus(players=4), ChineseCheckers(players=3)):
        for _ in range(3):
            s = random_opening(game, 8, rng)
            plain = maxn(game, s, depth=3, evaluate=game.evaluate)
            pruned = maxn(game, s, depth=3, evaluate=game.evaluate, pruning="shallow")
            assert (pruned.value, pruned.move, pruned.pv) == (plain.value, plain.move, plain.pv)
            assert pruned.stats.nodes <= plain.stats.nodes


# ------------------------------------------------------------------ paranoid


@some
@given(seeds)
def test_paranoid_with_two_players_is_alphabeta(seed):
    t = random_tree((1, 3), 4, seed=seed, root=seed % 2)
    p, a = paranoid(t, player=MAX), alphabeta(t)
    assert (p.value, p.move, p.pv, p.stats.nodes, p.stats.leaves) == (a.value, a.move, a.pv, a.stats.nodes,
                                                                       a.stats.leaves)
    assert p.value == minimax(t).value


@some
@given(seeds, st.integers(3, 4), st.data())
def test_paranoid_matches_the_oracle(seed, n, data):
    t = random_tree((1, 3), 4, seed=seed, num_players=n, root=seed % n)
    me = data.draw(st.integers(0, n - 1))
    r = paranoid(t, player=me)
    assert r.stats.searcher_value == paranoid_oracle(t.initial_state, me)
    assert r.stats.nodes <= len(t)
    assert r.value == t.node(r.pv).value and r.value[me] == r.stats.searcher_value   # the line's leaf


def test_paranoid_default_player_is_the_one_to_move():
    t = random_tree(2, 3, seed=4, num_players=3, root=2)
    assert paranoid(t).stats.searcher_value == paranoid_oracle(t.initial_state, 2)
    game = TicTacToe()
    s = game.state("X../.O./...")          # X to move
    assert paranoid(game, s).value == minimax(game, s).value
    s = game.result(s, 8)                  # O to move: paranoid plays for O, and reports X's utility
    r = paranoid(game, s)
    assert (r.value, r.stats.searcher_value, r.move) == (minimax(game, s).value, -minimax(game, s).value,
                                                         minimax(game, s).move)


def test_paranoid_and_best_reply_are_minimax_on_tictactoe_and_connect_four():
    ttt = TicTacToe()
    rng = random.Random(3)
    for _ in range(6):
        s = random_opening(ttt, rng.randint(0, 4), rng)
        m = minimax(ttt, s)
        assert paranoid(ttt, s, player=MAX).value == m.value
        b = best_reply(ttt, s, player=MAX)
        a = alphabeta(ttt, s)
        assert (b.value, b.move, b.stats.nodes) == (a.value, a.move, a.stats.nodes)
    game = ConnectFour(5, 4)
    evaluate = connect4_eval(game)
    for _ in range(4):
        s = random_opening(game, 4, rng)
        a = alphabeta(game, s, depth=4, evaluate=evaluate)
        p = paranoid(game, s, player=MAX, depth=4, evaluate=evaluate)
        b = best_reply(game, s, player=MAX, depth=4, evaluate=evaluate)
        assert (p.value, p.move, p.stats.nodes) == (a.value, a.move, a.stats.nodes)
        assert (b.value, b.move, b.stats.nodes) == (a.value, a.move, a.stats.nodes)
    evaluate = tictactoe_eval()
    s = ttt.state("X../.O./...")
    assert best_reply(ttt, s, depth=2, evaluate=evaluate).value == minimax(ttt, s, depth=2, evaluate=evaluate).value


def test_paranoid_game_view():
    t = tree([[(1, 2, 3), (4, 0, 2)]])
    view = ParanoidGame(t, 1)
    s = view.initial_state
    assert view.to_move(s) == MIN and view.to_move(view.result(s, 0)) == MAX
    assert view.utility(view.result(view.result(s, 0), 1), MAX) == 0


# ------------------------------------------------------------------ best reply


@some
@given(seeds)
def test_best_reply_with_two_players_is_alphabeta(seed):
    t = random_tree((1, 3), 4, seed=seed, root=seed % 2)
    b, a = best_reply(t, player=MAX), alphabeta(t)
    assert (b.value, b.move, b.pv, b.stats.nodes, b.stats.prunes) == (a.value, a.move, a.pv, a.stats.nodes,
                                                                       a.stats.prunes)


def positions(game, count, seed, plies=(0, 12)):
    rng = random.Random(seed)
    return [random_opening(game, rng.randint(*plies), rng) for _ in range(count)]


@pytest.mark.parametrize("game", [Virus(players=3), Virus(width=4, height=4, players=4),
                                  ChineseCheckers(players=3)], ids=repr)
def test_best_reply_matches_the_oracle(game):
    for s in positions(game, 4, seed=1):
        me = game.to_move(s)
        for depth in (1, 2, 3):
            r = best_reply(game, s, depth=depth, evaluate=game.evaluate)
            assert r.stats.searcher_value == pytest.approx(brs_oracle(game, s, me, MAX, depth), abs=1e-12)
            assert r.value[me] == r.stats.searcher_value and len(r.value) == game.num_players


@few
@given(seeds, st.sampled_from([Virus(players=3), Virus(players=4), ChineseCheckers(players=3),
                               ChineseCheckers(players=4)]))
def test_threat_ads_never_changes_the_value_or_move(seed, game):
    s = positions(game, 1, seed)[0]
    plain = best_reply(game, s, depth=3, evaluate=game.evaluate)
    # The searcher's value and the move stay; the payoff vector need not, since among replies of equal value
    # to the searcher another order can meet another one first.
    for rule in ADS_RULES:
        ads = best_reply(game, s, depth=3, evaluate=game.evaluate, threat_ads=rule)
        assert (ads.stats.searcher_value, ads.move) == (plain.stats.searcher_value, plain.move)
        kept = ThreatADS(rule)
        for _ in range(2):                # a list carried over from search to search
            again = best_reply(game, s, depth=3, evaluate=game.evaluate, threat_ads=kept)
            assert (again.stats.searcher_value, again.move) == (plain.stats.searcher_value, plain.move)
        assert sorted(kept.order) == sorted(BestReplyGame(game, game.to_move(s)).opponents)


def test_threat_ads_changes_node_counts():
    game = Virus(players=3)
    plain = best_reply(game, depth=4, evaluate=game.evaluate)
    ads = best_reply(game, depth=4, evaluate=game.evaluate, threat_ads="move-to-front")
    assert (plain.stats.searcher_value, plain.move) == (ads.stats.searcher_value, ads.move)
    assert plain.stats.nodes != ads.stats.nodes
    assert ads.stats.ads_order == (1, 2)


#: Best-reply search from the initial state at depth 4, without and with Threat-ADS, as the hand-written
#: search of commit d43d1a7 found it (before best_reply became alpha-beta over BestReplyGame): the
#: searcher's value, the move, nodes, leaves, prunes and the list's order after the search.  Exact facts
#: that the composition keeps (the same order of replies, the same prunes, the same list updates).
HAND_WRITTEN_BRS = {
    ("Virus(players=3)", None): (0.4, 1, 87, 60, 15, None),
    ("Virus(players=3)", "move-to-front"): (0.4, 1, 106, 71, 19, (1, 2)),
    ("Virus(players=4)", None): (0.363636, 1, 177, 135, 23, None),
    ("Virus(players=4)", "move-to-front"): (0.363636, 1, 123, 87, 20, (3, 2, 1)),
    ("Virus(width=4, height=4, players=4)", "transposition"): (0.333333, 1, 185, 143, 18, (3, 2, 1)),
    ("ChineseCheckers(players=3)", None): (0.5, (36, 31), 1911, 1592, 248, None),
    ("ChineseCheckers(players=3)", "move-to-front"): (0.5, (36, 31), 1835, 1516, 247, (1, 2)),
}


BRS_GAMES = {"Virus(players=3)": Virus(players=3), "Virus(players=4)": Virus(players=4),
             "Virus(width=4, height=4, players=4)": Virus(width=4, height=4, players=4),
             "ChineseCheckers(players=3)": ChineseCheckers(players=3)}


@pytest.mark.parametrize("game, rule", HAND_WRITTEN_BRS, ids=str)
def test_best_reply_keeps_the_counts_of_the_hand_written_search(game, rule):
    g = BRS_GAMES[game]
    r = best_reply(g, depth=4, evaluate=g.evaluate, threat_ads=rule)
    found = (round(r.stats.searcher_value, 6), r.move, r.stats.nodes, r.stats.leaves, r.stats.prunes,
             r.stats.extra.get("ads_order"))
    assert found == HAND_WRITTEN_BRS[game, rule]


def test_threat_order_is_a_move_ordering_of_the_view():
    game = Virus(players=3)
    view = BestReplyGame(game, 0)
    s = view.result(view.initial_state, 1)
    ads = ThreatADS("move-to-front", opponents=[2, 1])
    order = ThreatOrder(ads)
    assert order.order(s, view.actions(s), 1) == [(2, 3), (2, 9), (1, 19), (1, 23)]
    assert order.order(view.initial_state, (1, 5), 0) == [1, 5]            # MAX's layer stays
    order.on_best(s, (1, 23), 1)
    assert ads.order == [1, 2] and ads.updates == 1
    order.on_best(view.initial_state, 5, 0)                                 # MAX's best teaches nothing
    assert ads.updates == 1
    with pytest.raises(ValueError, match="needs a Threat-ADS that lists the opponents"):
        ThreatOrder(ThreatADS())
    with pytest.raises(ValueError, match="order must be a function .* not ThreatADS"):   # the list is no ordering
        alphabeta(view, order=ThreatADS("move-to-front", [1, 2]), depth=2, evaluate=lambda s, p: 0)


def test_best_reply_takes_alphabetas_options():
    game = Virus(players=3)
    s = positions(game, 1, seed=7, plies=(3, 6))[0]
    me = game.to_move(s)
    plain = best_reply(game, s, depth=3, evaluate=game.evaluate)
    same = (plain.stats.searcher_value, plain.move)
    for options in ({"order": Killers()}, {"order": lambda state, actions: list(actions)[::-1]},
                    {"table": TranspositionTable()}, {"prune_on_equal": False},
                    {"order": Killers(), "threat_ads": "transposition"}):
        r = best_reply(game, s, depth=3, evaluate=game.evaluate, **options)
        assert (r.stats.searcher_value, r.move) == same, options
        assert r.value[me] == r.stats.searcher_value
    assert best_reply(game, s, depth=3, evaluate=game.evaluate, prune_on_equal=False).stats.nodes >= \
        plain.stats.nodes
    # The cut-off test gets the game's state and the ply: cutting at ply 3 is depth 3.
    asked = []
    cut = best_reply(game, s, evaluate=game.evaluate, cutoff=lambda state, ply: asked.append(state) or ply >= 3)
    assert (cut.value, cut.move, cut.stats.nodes) == (plain.value, plain.move, plain.stats.nodes)
    assert asked and all(len(state) == 3 for state in asked)     # Virus's (boards, to_move, plies), no pairs
    with pytest.raises(BudgetExceeded) as stop:
        best_reply(game, s, depth=3, evaluate=game.evaluate, max_nodes=10)
    assert stop.value.nodes == 10
    with pytest.raises(ValueError, match="time_limit"):
        best_reply(game, s, depth=3, evaluate=game.evaluate, time_limit=-1)
    with pytest.raises(ValueError, match="cutoff test stops the search .* needs an evaluation function"):
        best_reply(game, s, cutoff=lambda state, ply: ply >= 2)


def test_a_line_cut_short_by_the_table_is_searched_on_to_its_leaf():
    # P2 is out; moves in another order reach the same board, and a table that keys by the state stores no
    # moves, so the principal variation stops where the table answers, and is searched on from there.
    game = Virus(width=3, height=3, players=3)
    s = game.state("001/.11/..1", to_move=0, plies=2)
    for search in (paranoid, best_reply):
        for depth in (5, 6):
            plain = search(game, s, depth=depth, evaluate=game.evaluate)
            r = search(game, s, depth=depth, evaluate=game.evaluate, table=TranspositionTable(lambda s: s))
            assert r.stats.tt_hits > 0
            assert (r.stats.searcher_value, r.move) == (plain.stats.searcher_value, plain.move)
            assert len(r.pv) == depth                         # to the cut-off
            if search is paranoid:
                view, end = ParanoidGame(game, 0), s
            else:
                view = BestReplyGame(game, 0, s, evaluate=game.evaluate)
                end = view.initial_state
            for a in r.pv:
                end = view.result(end, a)
            assert r.value == payoffs_at(game, view.game_state(end), game.evaluate)
            assert r.value[0] == r.stats.searcher_value


def test_the_bounds_are_the_games_utility_range_and_the_old_name_payoff_bounds_is_not_read():
    t = tree([[(5, 5, 0), (2, 3, 5)], [(1, 7, 2), (9, 1, 0)]])
    t.payoff_bounds, t.max_sum = (0, 10), 10
    with pytest.raises(ValueError, match="max_sum=10 is declared, but not the payoffs' least value"):
        maxn(t, pruning="shallow")
    t.utility_range = (0, 10)
    r = maxn(t, pruning="shallow")
    assert (r.value, r.stats.prunes) == ((5, 5, 0), 1)
    assert ParanoidGame(t, 0).utility_range == (0, 10)
    t.utility_range = (0, 9)
    assert payoff_limits(t) == (0, 9, 10)
    # A view that says nothing of its range has the wrapped game's: no old name is looked up.
    assert declared_range(RecordingGame(Virus(players=3))) == (0, 1) == payoff_limits(Virus())[:2]


def test_threat_ads_rules():
    ads = ThreatADS("move-to-front", [1, 2, 3, 4])
    for threat in (3, 1, 1, 4):
        ads.update(threat)
    assert ads.order == [4, 1, 3, 2] and ads.updates == 4
    ads = ThreatADS("transposition", [1, 2, 3, 4])
    for threat in (3, 1, 1, 4):
        ads.update(threat)
    assert ads.order == [1, 3, 4, 2]
    ads = ThreatADS("transposition")
    assert ads.start([2, 0, 1]) == [2, 0, 1]
    with pytest.raises(ValueError, match="one list per player"):
        ads.start([0, 1, 3])


def test_best_reply_game_view_and_moves_out_of_turn():
    game = Virus(players=3)
    view = BestReplyGame(game, 0)
    s = view.result(view.initial_state, 1)
    assert view.to_move(s) == MIN
    assert view.actions(s) == ((1, 19), (1, 23), (2, 3), (2, 9))
    after = view.result(s, (2, 3))           # P2 replies although P1 is to move
    assert view.to_move(after) == MAX and after[0][0][2] != game.initial_state[0][2]
    actions_for, result_for = out_of_turn(ChineseCheckers(players=3))
    s = ChineseCheckers(players=3).initial_state
    assert actions_for(s, 1) and all(isinstance(a, tuple) for a in actions_for(s, 1))
    assert result_for(s, 1, actions_for(s, 1)[0])[0][0] == s[0][0]   # P0's pieces stay put


def test_best_reply_uses_the_games_own_hooks_when_it_has_them():
    calls = []

    class Hooked(Virus):
        def actions_for(self, state, player):
            calls.append(player)
            return self.actions((state[0], player, state[2]))

        def result_for(self, state, player, action):
            return self.result((state[0], player, state[2]), action)

    game = Hooked(players=3)
    r = best_reply(game, depth=2, evaluate=game.evaluate)
    assert r.value == best_reply(Virus(players=3), depth=2, evaluate=game.evaluate).value
    assert {1, 2} <= set(calls)


def test_an_eliminated_player_has_no_replies():
    game = Virus(width=3, height=3, players=3)
    s = game.result(game.initial_state, 1)     # P0 takes P2's corner: P2 is out
    view = BestReplyGame(game, 0, s)
    assert view.actions((s, MIN)) == ((1, 5), (1, 7))
    r = best_reply(game, s, player=1, depth=2, evaluate=game.evaluate)
    assert r.stats.searcher_value == pytest.approx(brs_oracle(game, s, 1, MAX, 2))


def test_a_side_without_moves_is_scored_by_the_evaluation():
    game = Virus(width=5, height=1, players=3, max_moves=4, starts=[(0, 0), (2, 0), (4, 0)])
    s = game.state(".01.2", to_move=0)
    # P0 infects square 0 or 3; P1 can then wipe it out, while P2 lives on: the game goes on without P0.
    with pytest.raises(GameError, match="P0 has no move in .*, which is not terminal"):
        best_reply(game, s)
    r = best_reply(game, s, depth=4, evaluate=game.evaluate)
    assert r.stats.searcher_value == pytest.approx(brs_oracle(game, s, 0, MAX, 4))


# ------------------------------------------------------------------ errors


def test_errors_name_what_is_wrong():
    t3 = tree([[(1, 2, 3), (3, 2, 1)]])
    with pytest.raises(ValueError, match="declares no utility_range"):
        maxn(t3, pruning="shallow")
    with pytest.raises(ValueError, match="pruning must be one of"):
        maxn(t3, pruning="deep")
    with pytest.raises(GameError, match=r"outside the declared bounds"):
        maxn(t3, pruning="shallow", bounds=(0, 10), max_sum=5)          # the leaves sum to 6
    with pytest.raises(GameError, match=r"outside the declared bounds"):
        maxn(t3, pruning="shallow", bounds=(2, 10), max_sum=10)         # a payoff below low
    with pytest.raises(GameError, match=r"outside the declared bounds"):
        maxn(t3, bounds=(0, 2))                                         # checked without pruning too
    with pytest.raises(ValueError, match="needs low < high"):
        maxn(t3, pruning="shallow", bounds=(3, 3), max_sum=10)
    with pytest.raises(ValueError, match="less than 3 players"):
        maxn(t3, pruning="shallow", bounds=(1, 9), max_sum=2)
    with pytest.raises(ValueError, match="pass bounds=.low, high. as well"):
        maxn(t3, pruning="shallow", max_sum=6)
    with pytest.raises(ValueError, match="depth must be >= 0"):
        maxn(Virus(), depth=-1, evaluate=Virus().evaluate)
    with pytest.raises(ValueError, match="needs an evaluation function"):
        maxn(Virus(), depth=2)
    with pytest.raises(GameError, match="CHANCE node"):
        maxn(tree([chance((0.5, 1), (0.5, 2))]))
    with pytest.raises(ValueError, match="player must be one of the 3 players"):
        paranoid(t3, player=3)
    with pytest.raises(ValueError, match="player must be one of the 3 players"):
        best_reply(Virus(players=3), player=-1, depth=1, evaluate=Virus().evaluate)
    with pytest.raises(ValueError, match="searches for the player to move at the root, P0, not P1"):
        best_reply(Virus(players=3), player=1, depth=2, evaluate=Virus().evaluate)
    with pytest.raises(GameError, match="allows only the player to move"):
        best_reply(random_tree(2, 3, seed=1, num_players=3))
    with pytest.raises(ValueError, match="threat_ads must be None"):
        best_reply(Virus(), depth=1, evaluate=Virus().evaluate, threat_ads=3)
    with pytest.raises(ValueError, match="rule of a Threat-ADS"):
        best_reply(Virus(), depth=1, evaluate=Virus().evaluate, threat_ads="frequency-count")
    with pytest.raises(ValueError, match="depth must be >= 0"):
        best_reply(Virus(), depth=-2, evaluate=Virus().evaluate)
    with pytest.raises(GameError, match="two-player zero-sum"):
        alphabeta(Virus(players=3), depth=2, evaluate=Virus().evaluate)
    with pytest.raises(ValueError, match="takes no option"):
        agents.maxn(2, Virus().evaluate, threat_ads="move-to-front")


def test_two_player_only_searches_still_refuse_more_players():
    for search in (minimax, alphabeta):
        with pytest.raises(GameError, match="use maxn or paranoid"):
            search(tree([[(1, 2, 3)]]))


def test_payoff_limits_come_from_the_game_or_the_arguments():
    assert payoff_limits(ChineseCheckers()) == (0, 1, 1)
    assert payoff_limits(tree([(1, 2, 3)])) is None
    assert payoff_limits(Virus(), bounds=(-1, 2), max_sum=1) == (-1, 2, 1)


# ------------------------------------------------------------------ agents and play


def test_agents_play_a_three_player_game():
    game = Virus(width=4, height=4, players=3, max_moves=12)
    players = [agents.maxn(2, game.evaluate, pruning="shallow"), agents.paranoid(2, game.evaluate),
               agents.best_reply(2, game.evaluate, threat_ads=ThreatADS("transposition"))]
    record = play(game, players)
    assert record.finished and len(record.outcome) == 3
    assert [str(a) for a in players] == ["maxn(depth=2, pruning='shallow')", "paranoid(depth=2)",
                                         "best_reply(depth=2)"]
    assert players[2].last.stats.ads_order is not None


# ------------------------------------------------------------------ traces and drawings


def test_maxn_trace_draws_payoff_vectors_in_player_colours(tmp_path):
    t = tree(MIT_TREE, labels=True)
    r = maxn(t, trace=True)
    ax = advsearch.draw(r)
    assert ax.figure is not None
    s = scene(r)
    assert s.graph["num_players"] == 3
    assert s.nodes[()]["text"] == "(1, 2, 3)" and s.nodes[(1,)]["text"] == "(-1, 5, 2)"
    assert [s.nodes[p]["player"] for p in [(), (0,), (0, 0)]] == [0, 1, 2]
    assert layout_problems(ax.figure) == []
    ax.figure.savefig(tmp_path / "maxn.png")
    assert (tmp_path / "maxn.png").stat().st_size > 10_000


def test_a_shallow_prune_is_drawn_and_narrated():
    t = tree([[(5, 5, 0), (2, 3, 5)], [(1, 7, 2), (9, 1, 0)]], labels=True)
    r = maxn(t, pruning="shallow", bounds=(0, 10), max_sum=10, trace=True)
    assert r.trace.prunes() == [((1,), (1,))]
    s = scene(r)
    assert s.nodes[(1,)]["text"] == "(·, ≥ 7, ·)" and s.nodes[(1, 1)]["status"] == "pruned"
    lines = r.trace.narrate()
    assert any("P1 gets 7 ≥ 5 here, which leaves P0 at most 3, no more than the 5 it has" in x for x in lines)
    assert lines[-1] == "A (P0) returns (5, 5, 0)."
    fig = draw_frames(r, steps=[4, 9, -1])
    assert layout_problems(fig) == []
    middle = scene(r, step=9)          # a frame in the middle shows v so far at the open root
    assert middle.nodes[()]["text"] == "(5, 5, 0)"
    assert len(frames(r)) == len(r.trace)


def test_paranoid_and_best_reply_traces_draw():
    t = tree(MIT_TREE, labels=True)
    r = paranoid(t, trace=True)
    assert r.trace.algorithm == "paranoid" and isinstance(r.trace.game, ParanoidGame)
    s = scene(r)
    assert s.nodes[(1,)]["text"] == "≤ -1"
    assert [s.nodes[p]["player"] for p in [(), (0,), (0, 0)]] == [MAX, MIN, MIN]
    assert layout_problems(draw(r).figure) == []
    game = Virus(width=4, height=4, players=3)
    r = best_reply(game, depth=2, evaluate=game.evaluate, trace=True)
    s = scene(r)
    assert s.nodes[(r.pv[0],)]["player"] == MIN and s.graph["num_players"] == 2
    assert any(isinstance(p[-1], tuple) for p in s.nodes if len(p) == 2)   # replies are (opponent, move)
    for boards in (True, False):
        assert layout_problems(draw(r, boards=boards).figure) == []
    assert "Eval" in " ".join(r.trace.narrate())


def test_brs_trace_with_pruning_expands_pruned_replies():
    game = Virus(players=3)
    r = best_reply(game, depth=3, evaluate=game.evaluate, trace=True)
    assert r.stats.prunes > 0 and r.trace.prunes()
    s = scene(r)
    pruned = [p for p in s.nodes if s.nodes[p]["status"] == "pruned"]
    assert pruned


def test_traces_export_to_tikz():
    t = tree([[(5, 5, 0), (2, 3, 5)], [(1, 7, 2), (9, 1, 0)]], labels=True)
    tex = advsearch.to_tikz(maxn(t, pruning="shallow", bounds=(0, 10), max_sum=10, trace=True))
    assert r"$(\cdot, \ge 7, \cdot)$" in tex and r"$(5, 5, 0)$" in tex and "player2" in tex
    assert r"\begin{tikzpicture}" in advsearch.to_tikz(paranoid(t, trace=True))
