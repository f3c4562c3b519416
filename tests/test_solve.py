"""``solve``: exact values against independent searches, the threat hooks against brute force,
Connect Four board values against John Tromp's published table, and bad input."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advsearch import (MAX, ConnectFour, Game, GameError, Grundy, Nim, TicTacToe, TranspositionTable, alphabeta,
                       chance, minimax, random_tree, solve, tree)
from advsearch.games.tictactoe import canonical
from advsearch.games.connect4 import has_four, threat_cells
from oracles import minimax_value

# --- Published values: John Tromp, "John's Connect Four Playground",
# https://tromp.github.io/c4/c4.html (every board with width + height <= 15),
# also tabulated in C. Steininger's c4 solver README.  +1: the first player
# wins, 0: a draw, -1: the second player wins.  (width, height): value.
TROMP = {(4, 4): 0, (5, 4): 0, (6, 4): -1, (7, 4): 0,
         (4, 5): 0, (5, 5): 0, (6, 5): 0, (7, 5): 0,
         (4, 6): 0, (5, 6): 0, (6, 6): -1, (7, 6): 1}


@pytest.mark.parametrize("size", [(4, 4), (5, 4), (4, 5), (4, 6)])
def test_small_boards_match_tromps_table(size):
    r = solve(ConnectFour(*size))
    assert r.value == TROMP[size]


def random_position(game, rng, plies):
    s = game.initial_state
    for _ in range(plies):
        if game.is_terminal(s):
            break
        s = game.result(s, rng.choice(game.actions(s)))
    return s


# --- Values and moves against independent searches. ---

@settings(max_examples=60, deadline=None)
@given(st.sampled_from([(4, 4), (5, 4), (4, 5)]), st.integers(0, 10 ** 9), st.integers(9, 14))
def test_solve_agrees_with_plain_alphabeta_on_random_connect_four_positions(size, seed, plies):
    game = ConnectFour(*size)
    s = random_position(game, random.Random(seed), plies)
    fast, plain = solve(game, s), alphabeta(game, s)
    assert fast.value == plain.value
    assert fast.move == plain.move          # the first best move in actions() order, as everywhere


def test_the_sample_of_positions_covers_wins_draws_and_losses():
    game, rng = ConnectFour(4, 4), random.Random(7)
    values = {solve(game, random_position(game, rng, 8)).value for _ in range(40)}
    assert values == {-1, 0, 1}


@pytest.mark.parametrize("size, plies", [((5, 4), 2), ((4, 5), 0), ((6, 4), 9)])
def test_every_first_move_value_agrees_with_alphabeta(size, plies):
    """Each child of a position solved on its own; the move solve picks keeps the value."""
    game = ConnectFour(*size)
    root = random_position(game, random.Random(11), plies)
    r = solve(game, root)
    children = {a: solve(game, game.result(root, a)).value for a in game.actions(root)}
    pick = max if game.to_move(root) == MAX else min
    assert r.value == pick(children.values())
    assert r.move == next(a for a in game.actions(root) if children[a] == r.value)


@pytest.mark.parametrize("size", [(4, 4), (4, 5)])
def test_the_principal_variation_is_a_game_that_ends_with_the_value(size):
    game = ConnectFour(*size)
    r = solve(game)
    s = game.initial_state
    for a in r.pv:
        assert solve(game, s).value == r.value       # every position on it keeps the value
        s = game.result(s, a)
    assert game.is_terminal(s) and game.utility(s, MAX) == r.value
    assert r.pv[0] == r.move


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10 ** 6), st.integers(1, 4), st.integers(1, 5))
def test_games_without_hooks_agree_with_minimax(seed, branching, depth):
    """Explicit trees have no threats, no symmetry and no utility range: the plain recursion."""
    game = random_tree((1, branching), depth, seed=seed)
    r, m = solve(game), minimax(game)
    assert r.value == m.value == minimax_value(game.initial_state)
    assert r.move == m.move
    assert r.pv == m.pv


@pytest.mark.parametrize("game", [TicTacToe(), Nim((1, 2, 3)), Nim((2, 3), misere=True), Grundy(11)],
                         ids=repr)
def test_other_games_agree_with_alphabeta(game):
    r, a = solve(game), alphabeta(game)
    assert (r.value, r.move) == (a.value, a.move)


def test_tictactoe_needs_few_nodes():
    r = solve(TicTacToe())
    assert r.value == 0 and r.stats.nodes <= 2000


def test_a_shared_table_is_reused():
    game, table = ConnectFour(4, 5), TranspositionTable()
    first = solve(game, table=table)
    again = solve(game, table=table)
    assert first.value == again.value and again.stats.nodes < first.stats.nodes / 10
    assert again.stats.tt_hits > 0


def test_a_dict_as_table_is_refused():
    with pytest.raises(TypeError, match=r"table must be a TranspositionTable, not \{\} \(a dict\)"):
        solve(ConnectFour(4, 4), table={})


def test_a_table_that_is_not_a_transposition_table_is_refused():
    with pytest.raises(TypeError, match="table must be a TranspositionTable, not \\[\\] \\(a list\\)"):
        solve(TicTacToe(), table=[])


def test_a_table_with_its_own_canonical_keys_by_it():
    # Tic-tac-toe's canonical hook merges the 8 images of a board; a table that keys by the board itself wins.
    merged, by_board = TranspositionTable(), TranspositionTable(lambda state: state)
    assert solve(TicTacToe(), table=merged).value == solve(TicTacToe(), table=by_board).value == 0
    assert all(canonical(key) == key for key in merged.bounds)
    assert not all(canonical(key) == key for key in by_board.bounds)
    assert len(merged) == len(merged.bounds) and not merged.entries
    merged.clear()
    assert len(merged) == 0


def test_a_traced_solve_uses_the_table_it_is_given():
    table = TranspositionTable()
    r = solve(TicTacToe(), trace=True, table=table)
    assert r.value == 0 and table.entries and r.stats.tt_size == len(table.entries)


def test_a_traced_solve_has_events_and_the_same_value():
    game = ConnectFour(4, 4)
    s = random_position(game, random.Random(5), 8)
    traced = solve(game, s, trace=True)
    assert traced.trace is not None and len(traced.trace) > 0
    assert traced.value == solve(game, s).value


# --- The Connect Four hooks against brute force. ---

def brute_threats(game, discs, empty):
    """The empty cells that would give ``discs`` four in a row (gravity ignored)."""
    out = 0
    for c in range(game.width):
        for r in range(game.height):
            cell = game.cell(c, r)
            if empty & cell and has_four(discs | cell, game.height):
                out |= cell
    return out


def immediate_wins(game, s):
    """The columns where the player to move wins at once, by playing each."""
    return [a for a in game.actions(s) if game.is_terminal(game.result(s, a))
            and game.utility(game.result(s, a), game.to_move(s)) == 1]


positions = st.tuples(st.sampled_from([(4, 4), (5, 4), (7, 6), (6, 5)]), st.integers(0, 10 ** 9),
                      st.integers(0, 30))


@settings(max_examples=400, deadline=None)
@given(positions)
def test_threat_cells_agree_with_brute_force(case):
    (w, h), seed, plies = case
    game = ConnectFour(w, h)
    x, o = random_position(game, random.Random(seed), plies)
    empty = sum(game.cell(c, r) for c in range(w) for r in range(h)) & ~(x | o)
    for discs in (x, o):
        if has_four(discs, h):
            continue                # every empty cell "completes" a four that is already there
        assert threat_cells(discs, h) & empty == brute_threats(game, discs, empty)


@settings(max_examples=400, deadline=None)
@given(positions)
def test_winning_action_and_safe_actions_agree_with_brute_force(case):
    (w, h), seed, plies = case
    game = ConnectFour(w, h)
    s = random_position(game, random.Random(seed), plies)
    if game.is_terminal(s):
        return
    wins = immediate_wins(game, s)
    assert game.winning_action(s) == (wins[0] if wins else None)
    if wins:
        return                      # safe_actions is for positions without an immediate win
    safe = [a for a in game.actions(s) if not immediate_wins(game, game.result(s, a))]
    got = game.safe_actions(s)
    assert sorted(got) == safe and len(set(got)) == len(got)


@settings(max_examples=300, deadline=None)
@given(positions)
def test_value_bounds_include_the_open_line_rule(case):
    (w, h), seed, plies = case
    game = ConnectFour(w, h)
    x, o = random_position(game, random.Random(seed), plies)
    # Brute force: a player can still win only with a line holding none of the opponent's discs.
    x_can_win = any(not window & o for window in game.windows)
    o_can_win = any(not window & x for window in game.windows)
    lo, hi = game.value_bounds((x, o))
    assert -1 <= lo <= hi <= 1
    assert (x_can_win or hi <= 0) and (o_can_win or lo >= 0)


def test_value_bounds_hold_and_claimeven_fires():
    """Every bound contains the value found by plain alpha-beta, on positions where the rules say something."""
    rng, informative, claimeven = random.Random(5), 0, 0
    for size in [(4, 4), (5, 4)]:
        game = ConnectFour(*size)
        for _ in range(600):
            s = random_position(game, rng, rng.randint(6, 14))
            if game.is_terminal(s):
                continue
            lo, hi = game.value_bounds(s)
            if (lo, hi) == (-1, 1):
                continue
            informative += 1
            x, o = s
            open_lo = 0 if all(window & x for window in game.windows) else -1
            open_hi = 0 if all(window & o for window in game.windows) else 1
            claimeven += (lo, hi) != (open_lo, open_hi)
            assert lo <= alphabeta(game, s).value <= hi
    assert informative > 100 and claimeven >= 5


def test_the_hooks_really_prune():
    """The threat hooks and the dead-draw test cut the 4x5 search by more than half."""
    class Plain(ConnectFour):
        winning_action = safe_actions = value_bounds = None
    game, plain = ConnectFour(4, 5), Plain(4, 5)
    fast, slow = solve(game), solve(plain)
    assert fast.value == slow.value == 0
    assert fast.stats.nodes * 2 < slow.stats.nodes


# --- Bad input. ---

class Endless(Game):
    """A counter that never ends."""
    initial_state = 0

    def to_move(self, state):
        return state % 2

    def actions(self, state):
        return (1,)

    def result(self, state, action):
        return state + 1

    def is_terminal(self, state):
        return False


def test_a_game_that_never_ends_is_reported():
    with pytest.raises(GameError, match="game whose play ends"):
        solve(Endless())


def test_utilities_outside_the_declared_range_are_reported():
    class Liar(TicTacToe):
        utility_range = (-0.5, 0.5)
    with pytest.raises(GameError, match="utility_range"):
        solve(Liar())


def test_chance_nodes_and_three_players_are_refused():
    with pytest.raises(GameError, match="CHANCE"):
        solve(tree([chance((0.5, 1), (0.5, [2, 3]))]))
    with pytest.raises(GameError, match="players"):
        solve(tree([(1, 2, 3), (3, 2, 1)]))


def test_a_state_without_moves_that_is_not_terminal_is_reported():
    class Stuck(Endless):
        def actions(self, state):
            return ()
    with pytest.raises(GameError, match="no legal actions"):
        solve(Stuck())


def test_threat_hooks_without_a_utility_range_still_give_exact_values():
    """Without utility_range a winning move is searched, not assumed to be worth the top utility."""
    class Unbounded(ConnectFour):
        utility_range = (-float("inf"), float("inf"))
    game, rng = Unbounded(4, 4), random.Random(3)
    for _ in range(15):
        s = random_position(game, rng, 9)
        assert solve(game, s).value == alphabeta(game, s).value
