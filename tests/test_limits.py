"""Resource limits: cut-off tests, budgets, iterative deepening, quiescence, ordering and tables."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advsearch import MAX, GameError, Grundy, Nim, TicTacToe, alphabeta, minimax, random_tree
from advsearch.games.tictactoe import canonical, symmetries
from advsearch.search import (BudgetExceeded, Chain, History, Killers, PVMove, Static, TranspositionTable,
                              iterative_deepening, solve)
from oracles import minimax_value

GAME = TicTacToe()
POSITIONS = sorted(s for s in TicTacToe.positions() if not GAME.is_terminal(s))
positions_st = st.sampled_from(POSITIONS)


def lines(state, player):
    """A simple tic-tac-toe Eval: X's open lines minus O's, for MAX."""
    cells = GAME.cells(state)
    from advsearch.games.tictactoe import LINES
    x = sum(all(cells[i] != "O" for i in line) for line in LINES)
    o = sum(all(cells[i] != "X" for i in line) for line in LINES)
    return (x - o) if player == MAX else (o - x)


ORDERINGS = [
    None,
    Static(lambda s, a: -abs(a - 4)),
    Killers(),
    History(),
    Chain(Killers(), History()),
    lambda state, actions: list(actions)[::-1],
]


# --- Tables ---

def test_tictactoe_has_765_symmetry_classes_and_canonical_is_invariant():
    assert len({canonical(s) for s in TicTacToe.positions()}) == 765
    for s in random.Random(1).sample(TicTacToe.positions(), 300):
        assert {canonical(t) for t in symmetries(s)} == {canonical(s)}
        assert all(t in TicTacToe.positions() for t in symmetries(s))


def test_tictactoe_with_table_and_ordering_needs_under_2000_nodes():
    r = alphabeta(GAME, table=TranspositionTable(canonical), order=Static(lambda s, a: -abs(a - 4)))
    assert r.value == 0 and r.stats.nodes <= 2000 and r.stats.tt_hits > 0
    assert solve(GAME).value == 0 and solve(GAME).stats.nodes <= 2000


@settings(max_examples=300, deadline=None)
@given(positions_st, st.booleans(), st.sampled_from([None, 1, 2, 3]))
def test_a_table_changes_nodes_never_values(state, symmetric, depth):
    kw = {} if depth is None else dict(depth=depth, evaluate=lines)
    plain = alphabeta(GAME, state, **kw)
    table = TranspositionTable(canonical if symmetric else None)
    with_table = alphabeta(GAME, state, table=table, **kw)
    assert with_table.value == plain.value
    assert with_table.stats.nodes <= plain.stats.nodes or table.hits == 0
    if depth is None:
        assert with_table.value == minimax(GAME, state).value


def test_a_shared_table_stays_sound_across_windows_and_searches():
    table = TranspositionTable()
    for s in random.Random(3).sample(POSITIONS, 200):
        assert alphabeta(GAME, s, table=table).value == alphabeta(GAME, s).value
    assert table.hits > 0


@pytest.mark.parametrize("n", [8, 13, 21])
def test_table_on_grundy_and_nim(n):
    assert alphabeta(Grundy(n), table=TranspositionTable()).value == alphabeta(Grundy(n)).value
    nim = Nim((1, 2, n % 5 + 1))
    assert alphabeta(nim, table=TranspositionTable()).value == minimax(nim).value


# --- Ordering ---

@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 5))
def test_every_ordering_changes_nodes_never_values(seed, depth):
    t = random_tree((1, 4), depth, seed=seed, low=-3, high=3)
    truth = minimax_value(t.initial_state)
    for order in ORDERINGS:
        r = alphabeta(t, order=order)
        assert r.value == truth
        assert r.stats.nodes <= len(t)


def test_orderings_change_node_counts_on_tictactoe():
    counts = {alphabeta(GAME, order=o).stats.nodes for o in ORDERINGS}
    assert len(counts) >= 4


def test_killers_keep_two_per_ply_most_recent_first():
    k = Killers(slots=2)
    for a in (1, 2, 3, 2):
        k.on_prune(None, a, 5)
    assert k.killers[5] == [2, 3]
    assert k.order(None, (0, 1, 2, 3), 5) == [2, 3, 0, 1]
    assert k.order(None, (0, 1), 5) == [0, 1]


class Ear:
    """An ordering piece that changes nothing and keeps what alpha-beta tells it."""

    def __init__(self):
        self.best, self.pruned = {}, []

    def order(self, state, actions, ply):
        return list(actions)

    def on_best(self, state, action, ply):
        assert state.path not in self.best and ply == len(state.path)
        self.best[state.path] = action

    def on_prune(self, state, action, ply):
        self.pruned.append((state.path, action))


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 5), st.booleans())
def test_on_best_hears_the_move_that_gave_each_searched_node_its_value(seed, depth, on_equal):
    t = random_tree((1, 4), depth, seed=seed, low=-3, high=3, root=seed % 2)
    ear = Ear()
    r = alphabeta(t, order=Chain(ear), prune_on_equal=on_equal, trace=True)     # a Chain passes it on
    assert r.value == minimax_value(t.initial_state)
    expanded = [path for kind, path in r.trace.visits() if kind == "expand"]
    assert sorted(ear.best) == sorted(expanded)                                 # once per node searched
    exits = {e.path: e.value for e in r.trace if e.kind == "exit"}
    for path, action in ear.best.items():
        # the first child, in search order, that returned the node's value
        first = next(e.action for e in r.trace if e.kind == "update" and e.path == path
                     and e.child_value == exits[path])
        assert action == first
    assert ear.best[()] == r.move
    # A node that prunes took its value from the child that made it prune.
    assert all(ear.best[path] == action for path, action in ear.pruned)
    assert {path for path, _ in r.trace.prunes()} <= {path for path, _ in ear.pruned}


def test_pv_move_goes_first_only_at_its_ply():
    pv = PVMove((4, 0))
    assert pv.order(None, (0, 1, 4), 0) == [4, 0, 1]
    assert pv.order(None, (1, 2, 0), 1) == [0, 1, 2]
    assert pv.order(None, (1, 2), 2) == [1, 2]


# --- Cut-off tests, budgets, iterative deepening ---

@settings(max_examples=100, deadline=None)
@given(positions_st, st.integers(0, 4))
def test_custom_cutoff_test_equals_the_depth_limit(state, d):
    a = alphabeta(GAME, state, depth=d, evaluate=lines)
    b = alphabeta(GAME, state, cutoff=lambda s, ply: ply >= d, evaluate=lines)
    assert (a.value, a.stats.nodes) == (b.value, b.stats.nodes)


@settings(max_examples=100, deadline=None)
@given(positions_st, st.integers(1, 5))
def test_iterative_deepening_equals_fixed_depth(state, d):
    r = iterative_deepening(GAME, state, evaluate=lines, max_depth=d)
    fixed = alphabeta(GAME, state, depth=d, evaluate=lines)
    assert r.value == fixed.value
    assert [it["depth"] for it in r.stats.iterations] == list(range(1, r.stats.depth_reached + 1))
    assert r.stats.nodes == sum(it["nodes"] for it in r.stats.iterations)
    if not r.stats.exact:
        assert r.stats.depth_reached == d


@pytest.mark.parametrize("budget", [50, 200, 1000, 5000])
def test_node_budget_is_honoured_exactly(budget):
    r = iterative_deepening(GAME, evaluate=lines, max_nodes=budget)
    assert r.stats.nodes <= budget
    assert r.stats.exhausted
    deepest = r.stats.iterations[-1]
    assert (r.value, r.move) == (deepest["value"], deepest["move"])
    with pytest.raises(BudgetExceeded):
        alphabeta(GAME, max_nodes=budget)


def test_time_budget_stops_iterative_deepening():
    r = iterative_deepening(Grundy(40), evaluate=lambda s, p: 0, time_limit=0.05)
    assert r.stats.exhausted and r.stats.depth_reached >= 1


def test_iterative_deepening_stops_when_the_tree_ends():
    r = iterative_deepening(GAME, evaluate=lines, max_depth=20)
    assert r.stats.exact and r.value == 0 and r.stats.depth_reached == 9


# --- Quiescence ---

class Quiet(TicTacToe):
    """Tic-tac-toe where no move is noisy: quiescence must change nothing."""

    def noisy_actions(self, state):
        return ()


class Loud(TicTacToe):
    """Every move is noisy: quiescence searches on, standing pat when it likes."""

    def noisy_actions(self, state):
        return self.actions(state)


@settings(max_examples=100, deadline=None)
@given(positions_st, st.integers(0, 3))
def test_quiescence_equals_plain_search_on_quiet_positions(state, d):
    plain = alphabeta(GAME, state, depth=d, evaluate=lines)
    quiet = alphabeta(Quiet(), state, depth=d, evaluate=lines, quiescence=True)
    assert quiet.value == plain.value
    assert quiet.stats.quiescence_nodes == 0


def contrary(state, player):
    """An Eval under which moving usually hurts the mover, so standing pat often wins."""
    return -lines(state, player)


def stand_pat_or_best_capture(evaluate):
    """What quiescence with one extra ply must find at a horizon node where every move is noisy:
    the side to move either stands pat (Eval) or plays its best move and is scored there."""
    def score(s):
        return GAME.utility(s, MAX) if GAME.is_terminal(s) else evaluate(s, MAX)

    def oracle(state, player):
        options = [score(state)] + [score(GAME.result(state, a)) for a in GAME.actions(state)]
        best = max(options) if GAME.to_move(state) == MAX else min(options)
        return best if player == MAX else -best

    return oracle


@settings(max_examples=150, deadline=None)
@given(positions_st, st.integers(0, 3), st.sampled_from([lines, contrary]))
def test_quiescence_with_one_extra_ply_equals_its_oracle(state, d, evaluate):
    with_quiescence = alphabeta(Loud(), state, depth=d, evaluate=evaluate, quiescence=1)
    oracle = alphabeta(GAME, state, depth=d, evaluate=stand_pat_or_best_capture(evaluate))
    assert with_quiescence.value == oracle.value
    # one extra ply: every quiescence node sits right below a horizon node
    assert with_quiescence.stats.quiescence_nodes <= 9 * oracle.stats.extra.get("evaluated", 0)


def test_quiescence_terminates_on_a_game_that_never_ends():
    class Endless(Loud):
        def is_terminal(self, state):
            return False

        def actions(self, state):
            return (0,)

        def result(self, state, action):
            return state + 1

        def to_move(self, state):
            return state % 2

        def noisy_actions(self, state):
            return (0,)

    # Eval falls for MAX's states and rises for MIN's, so standing pat never closes the
    # window: only the limit of 5 extra plies stops the capture sequence.
    never_quiet = lambda s, p: (-s if s % 2 == 0 else s) * (1 if p == MAX else -1)
    r = alphabeta(Endless(), 0, depth=2, evaluate=never_quiet, quiescence=5)
    assert r.stats.quiescence_nodes == 5
    assert r.stats.leaves == r.stats.quiescence_evaluations == 6


# --- Bad input ---

def test_limit_errors():
    with pytest.raises(ValueError, match="needs a limit"):
        iterative_deepening(GAME, evaluate=lines)
    with pytest.raises(ValueError, match="max_depth"):
        iterative_deepening(GAME, evaluate=lines, max_depth=0)
    with pytest.raises(ValueError, match="max_nodes must be a positive whole number"):
        alphabeta(GAME, max_nodes=-5)
    with pytest.raises(ValueError, match="time_limit must be a positive number"):
        alphabeta(GAME, time_limit=0)
    with pytest.raises(ValueError, match="cutoff must be a function"):
        alphabeta(GAME, cutoff=3, evaluate=lines)
    with pytest.raises(ValueError, match="needs an evaluation function"):
        alphabeta(GAME, cutoff=lambda s, p: True)
    with pytest.raises(ValueError, match="quiescence search extends a cut-off search"):
        alphabeta(Loud(), quiescence=True)
    with pytest.raises(GameError, match="noisy_actions"):
        alphabeta(GAME, depth=1, evaluate=lines, quiescence=True)
    with pytest.raises(ValueError, match="slots"):
        Killers(slots=0)
    with pytest.raises(ValueError, match="ordering object"):
        alphabeta(GAME, order=42)
