"""Flat Monte Carlo and MCTS (UCT): perspective for MAX, MIN and n players, the solver, seeding, rollouts,
the trace and the tree it rebuilds, bad input."""

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import advsearch as ads
from advsearch import agents
from advsearch.game import GameError
from advsearch.search.mcts import (PLAYOUT_LIMIT, MCTSResult, MCTSTrace, evaluation_rollout, mcts_tree,
                                   random_rollout)

LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def test_two_ply_tree_min_decides():
    t = ads.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    r = ads.mcts(t, iterations=3000, seed=0)
    assert r.move == ads.minimax(t).move == 0
    assert abs(r.value - 3) < 1.5           # MIN picks 3 under move 0, so its mean tends to 3


def test_mean_of_min_children_misleads():
    # Move 0's leaves average 50 but MIN answers 0; move 1 is a sure 10.  Flat averages pick 0.
    t = ads.tree([[100, 100, 100, 100, 0], [10, 10]])
    assert ads.minimax(t).move == 1
    assert ads.flat_monte_carlo(t, playouts_per_move=200, seed=0).move == 0
    assert ads.mcts(t, iterations=3000, seed=0).move == 1


def test_min_at_the_root():
    t = ads.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]], root=ads.MIN)
    expected = ads.minimax(t)
    r = ads.mcts(t, iterations=3000, seed=2)
    assert r.move == expected.move


def _ties(t, node):
    """Whether some player somewhere chooses between children equally good for it under max-n."""
    if t.is_terminal(node):
        return False
    p = t.to_move(node)
    kids = [t.result(node, a) for a in t.actions(node)]
    mine = [ads.maxn(t, k).value[p] if not t.is_terminal(k) else t.utility(k, p) for k in kids]
    return len(set(mine)) < len(mine) or any(_ties(t, k) for k in kids)


@pytest.mark.parametrize("seed", [s for s in range(1, 12)
                                  if not _ties(ads.random_tree(2, 3, seed=s, num_players=3, low=0, high=9),
                                               ads.random_tree(2, 3, seed=s, num_players=3, low=0, high=9)
                                               .initial_state)][:3])
def test_three_players_converge_to_maxn(seed):
    t = ads.random_tree(2, 3, seed=seed, num_players=3, low=0, high=9)
    expected = ads.maxn(t)
    assert not _ties(t, t.initial_state), "choose a seed whose tree has no tied choices"
    r = ads.mcts(t, iterations=4000, bounds=(0, 9), seed=0)
    assert r.move == expected.move
    assert len(r.value) == 3


def test_hand_made_three_player_tree():
    # P1 grabs 9 under move 0, leaving P0 with 1; under move 1 P1 takes 5, leaving P0 with 5.
    # The means for P0 are 4.5 and 4.5: only the perspective of P1 separates them.
    t = ads.tree([[(1, 9, 0), (8, 0, 2)], [(5, 5, 0), (4, 4, 2)]])
    assert ads.maxn(t).move == 1
    assert ads.mcts(t, iterations=3000, bounds=(0, 9), seed=0).move == 1


@pytest.mark.parametrize("board", ["XX./OO./...", "X../.O./...", "XO./.X./..O", "O../.X./...",
                                   "X.X/.O./...", "X../.../...", "XX./O../..."])
def test_tictactoe_keeps_the_value(board):
    game = ads.TicTacToe()
    s = game.state(board)
    value = ads.solve(game, s).value
    r = ads.mcts(game, s, iterations=3000, seed=0)
    assert ads.solve(game, game.result(s, r.move)).value == value


def test_solver_proves_a_win_and_stops():
    game = ads.TicTacToe()
    s = game.state("XX./OO./...")
    r = ads.mcts(game, s, iterations=1000, solver=True, seed=0)
    assert (r.move, r.value, r.stats.proven) == (2, 1, True)
    assert r.stats.iterations < 1000


def test_solver_avoids_a_proven_loss():
    game = ads.TicTacToe()
    s = game.state("XX./O../...")               # O must block at 2 or lose
    r = ads.mcts(game, s, iterations=2000, solver=True, seed=0)
    assert r.move == 2


def test_seeded_runs_are_identical():
    game = ads.TicTacToe()
    a = ads.mcts(game, iterations=300, seed=5, snapshots=[50])
    b = ads.mcts(game, iterations=300, seed=5, snapshots=[50])
    assert (a.move, a.value, a.pv) == (b.move, b.value, b.pv)
    assert a.tree.nodes.keys() == b.tree.nodes.keys()
    assert [e.N for e in a.tree.nodes.values()] == [e.N for e in b.tree.nodes.values()]
    assert mcts_tree(a, 50).nodes.keys() == mcts_tree(b, 50).nodes.keys()
    f = ads.flat_monte_carlo(game, playouts_per_move=10, seed=random.Random(3))
    g = ads.flat_monte_carlo(game, playouts_per_move=10, seed=random.Random(3))
    assert f.stats.means == g.stats.means


def test_flat_monte_carlo_simple_position():
    game = ads.TicTacToe()
    r = ads.flat_monte_carlo(game, game.state("XX./OO./..."), playouts_per_move=30, seed=0)
    assert r.move == 2 and r.value == 1
    assert r.stats.playouts == 150 and r.stats.playouts_per_second > 0


def test_chance_nodes_are_sampled():
    # MAX: a sure 5, or a coin with 0 or 8 (mean 4).
    t = ads.tree([5, ads.chance((0.5, 0), (0.5, 8))])
    r = ads.mcts(t, iterations=2000, seed=0)
    assert r.move == 0 and r.tree.nodes[(1,)].N > 0


def test_stats_trace_and_snapshots():
    t = ads.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    r = ads.mcts(t, iterations=40, seed=0, trace=True, snapshots=[5, 20])
    assert r.stats.iterations == 40 and r.stats.tree_size == r.stats.nodes <= 13
    assert isinstance(r.trace, MCTSTrace) and len(r.trace.iterations()) == 40
    assert {e.kind for e in r.trace} == {"select", "expand", "rollout", "backup"}
    first = r.trace.iterations()[0]
    assert [e.kind for e in first] == ["expand", "rollout", "backup", "backup"]
    lines = r.trace.narrate()
    assert len(lines) == len(r.trace) and not any("None" in line for line in lines)
    root_backups = [line for line, e in zip(lines, r.trace) if e.kind == "backup" and not e.path]
    assert len(root_backups) == 40 and all("no mean" in line for line in root_backups)
    snap = mcts_tree(r, 5)
    assert snap.nodes[()].N == 5 and sum(snap.nodes[k].N for k in snap.children(())) == 5
    edge = r.tree.nodes[(0,)]
    assert 0 <= edge.mean <= 1 and edge.ucb > edge.mean
    assert mcts_tree(r, 7) == r.trace.tree(7)          # not kept, but rebuilt from the trace
    assert mcts_tree(r, -1) is mcts_tree(r, 40) is r.tree
    untraced = ads.mcts(t, iterations=40, seed=0, snapshots=[5])
    with pytest.raises(ValueError, match=r"no snapshot after 7 iterations.*snapshots=\[7\].*trace=True"):
        mcts_tree(untraced, 7)
    with pytest.raises(ValueError, match="0..40"):
        mcts_tree(untraced, 41)
    with pytest.raises(TypeError, match="the result of mcts"):
        mcts_tree(ads.minimax(t))


def test_pinned_visit_counts_of_the_notebooks_run():
    # Counted by the one-function mcts before it became select/expand/rollout/backup steps:
    # the same seed must still grow the same tree.
    r = ads.mcts(ads.tree(LECTURE), iterations=200, c=1, bounds=(-14, 14), seed=0, snapshots=[8])
    assert [r.tree.nodes[(a,)].N for a in range(3)] == [85, 52, 63]
    assert [mcts_tree(r, 8).nodes[(a,)].N for a in range(3)] == [3, 2, 3]
    assert (r.move, r.pv) == (0, (0, 0))


def test_the_old_draw_tree_is_gone():
    import advsearch.search
    import advsearch.search.mcts

    assert not hasattr(advsearch.search, "draw_tree") and not hasattr(advsearch.search.mcts, "draw_tree")


@pytest.mark.parametrize("kwargs", [dict(iterations=0), dict(iterations=1.5), dict(c=-1), dict(c=math.nan),
                                    dict(iterations=10, time_limit=1), dict(iterations=None),
                                    dict(time_limit=0), dict(final="best"), dict(snapshots=[0]),
                                    dict(bounds=(1, 1)), dict(max_playout=0)])
def test_bad_input(kwargs):
    with pytest.raises(ValueError):
        ads.mcts(ads.TicTacToe(), **kwargs)


def test_time_limit_and_not_its_old_name():
    game = ads.TicTacToe()
    r = ads.mcts(game, time_limit=0.05, seed=0)
    assert r.stats.iterations >= 1
    with pytest.raises(TypeError, match="unexpected keyword argument 'time'"):
        ads.mcts(game, time=0.05, seed=0)
    agent = agents.mcts(time_limit=0.02, seed=0)
    assert agent.name == "mcts(time_limit=0.02)" and agent(game, game.initial_state) in game.actions(
        game.initial_state)
    with pytest.raises(ValueError, match="mcts takes no option time"):
        agents.mcts(time=0.02, seed=0)
    with pytest.raises(ValueError, match="time_limit"):
        agents.mcts(time_limit=0)


# --- rollouts


def exact(game, state, rng):
    """A rollout that knows the minimax value: a perfect evaluator."""
    v = ads.minimax(game, state).value
    return (v, -v)


def test_an_exact_rollout_makes_the_first_means_the_minimax_values():
    t = ads.tree(LECTURE)
    r = ads.mcts(t, iterations=3, rollout=exact, snapshots=[3], seed=0)
    # Each of MAX's moves was expanded once and scored by its minimax value (checked by minimax itself).
    assert [r.tree.nodes[(a,)].utility for a in range(3)] == [ads.minimax(t, t.result(t.initial_state, a)).value
                                                              for a in range(3)] == [3, 2, 2]
    assert r.stats.playouts == 3
    flat = ads.flat_monte_carlo(t, playouts_per_move=2, rollout=exact, seed=0)
    assert flat.stats.means == {0: 3, 1: 2, 2: 2} and (flat.move, flat.value) == (0, 3)


def test_a_rollout_sees_non_terminal_states_and_the_search_rng():
    seen = []
    rng = random.Random(5)

    def watch(game, state, r):
        seen.append((game.is_terminal(state), r))
        return (0, 0)

    game = ads.TicTacToe()
    r = ads.mcts(game, game.state("XX./OO./X.."), iterations=30, rollout=watch, seed=rng)
    assert seen and not any(terminal for terminal, _ in seen) and all(x is rng for _, x in seen)
    assert r.stats.playouts == 30                       # rollouts and games that were already over


def test_the_default_rollout_is_the_random_playout():
    game = ads.TicTacToe()
    a = ads.mcts(game, iterations=300, seed=4)
    b = ads.mcts(game, iterations=300, seed=4, rollout=random_rollout(PLAYOUT_LIMIT))
    assert a.tree == b.tree and (a.move, a.value) == (b.move, b.value)


def test_evaluation_rollout():
    game = ads.TicTacToe()
    ev = ads.evaluation.tictactoe_eval()
    rollout = evaluation_rollout(ev)
    s = game.state("XX./O../...")
    assert rollout(game, s, None) == (ev(s, 0), ev(s, 1))
    r = ads.mcts(game, s, iterations=200, rollout=rollout, seed=0, trace=True)
    assert r.move == 2                                  # O must block
    assert "rollout (evaluation by Linear(" in r.trace.narrate()[1]
    with pytest.raises(TypeError, match="evaluate"):
        evaluation_rollout(3)


@pytest.mark.parametrize("rollout, error, message", [
    (lambda g, s, r: 1, GameError, "rollout <lambda> returned 1"),
    (lambda g, s, r: (1,), GameError, "a tuple of 2 numbers"),
    (lambda g, s, r: (math.nan, 0), GameError, "NaN"),
    ("random", TypeError, "rollout must be a function"),
])
def test_a_bad_rollout_is_named(rollout, error, message):
    with pytest.raises(error, match=message):
        ads.mcts(ads.tree(LECTURE), iterations=5, rollout=rollout)
    with pytest.raises(error, match=message):
        ads.flat_monte_carlo(ads.tree(LECTURE), playouts_per_move=2, rollout=rollout)


# --- the trace rebuilds the tree of every iteration


games_st = st.one_of(
    st.builds(lambda seed: (ads.random_tree(2, 3, seed=seed, low=-5, high=5), {}), st.integers(0, 10**6)),
    st.builds(lambda seed: (ads.random_tree(2, 3, seed=seed, low=0, high=9, num_players=3), {"bounds": (0, 9)}),
              st.integers(0, 10**6)),
    st.just((ads.tree([5, ads.chance((0.5, 0), (0.5, 8))]), {})),
    st.just((ads.tree(LECTURE), {"bounds": (-14, 14), "solver": True})),
    st.just((ads.TicTacToe(), {"solver": True})),
)


@settings(max_examples=40, deadline=None)
@given(games_st, st.integers(1, 60), st.integers(0, 10**6))
def test_the_trace_rebuilds_every_snapshot(game_and_options, iterations, seed):
    game, options = game_and_options
    r = ads.mcts(game, iterations=iterations, seed=seed, trace=True, snapshots=range(1, iterations + 1),
                 **options)
    assert isinstance(r, MCTSResult)
    done = r.stats.iterations                           # the solver may stop early
    assert len(r.snapshots) == done and len(r.trace.iterations()) == done
    for k in range(1, done + 1):
        assert r.trace.tree(k) == r.snapshots[k]
    assert r.trace.tree(done) == r.tree
    assert r.tree.last == next(e.path for e in reversed(r.trace) if e.kind == "rollout")
    root = r.trace.tree(0)
    assert list(root.nodes) == [()] and root.nodes[()].N == 0 and root.last is None
    with pytest.raises(ValueError, match=f"0..{done}"):
        r.trace.tree(done + 1)


def test_the_solver_records_its_proofs():
    r = ads.mcts(ads.tree(LECTURE), iterations=2000, bounds=(-14, 14), solver=True, seed=1, trace=True)
    proofs = [e for e in r.trace if e.kind == "prove"]
    assert proofs[-1].path == () and proofs[-1].value == (3, -3) == r.tree.nodes[()].proven
    assert {e.path for e in proofs} == {p for p, info in r.tree.nodes.items() if p and info.player is not None
                                         and info.proven is not None} | {()}
    assert any("is proven" in line for line in r.trace.narrate())


def test_bad_input_more():
    with pytest.raises(ValueError, match="two-player"):
        ads.mcts(ads.random_tree(2, 2, seed=0, num_players=3), solver=True, bounds=(0, 9))
    with pytest.raises(ValueError, match="bounds"):
        ads.mcts(ads.tree([[1, 2]]), solver=True)
    with pytest.raises(ValueError):
        ads.flat_monte_carlo(ads.TicTacToe(), playouts_per_move=0)
    with pytest.raises(ValueError, match="over"):
        ads.mcts(ads.tree([[1]]), ads.tree([[1]]).node((0, 0)))


def test_agents():
    game = ads.TicTacToe()
    s = game.state("XX./OO./...")
    assert agents.mcts(50, rollout=evaluation_rollout(ads.evaluation.tictactoe_eval()), seed=0)(game, s) == 2
    a, b = agents.mcts(200, seed=1), agents.mcts(200, seed=1)
    assert [a(game, game.initial_state) for _ in range(3)] == [b(game, game.initial_state) for _ in range(3)]
    assert agents.flat_monte_carlo(10, seed=0)(game, s) == 2
    with pytest.raises(ValueError):
        agents.mcts(0)
    with pytest.raises(ValueError):
        agents.mcts(c=-1)
    with pytest.raises(ValueError):
        agents.mcts(depth=3)
    answers = iter(["x", "9", " 2 "])
    said = []
    assert agents.human(lambda m: next(answers), output=said.append)(game, s) == 2
    assert len(said) == 2


def test_cli_registers_mcts():
    from advsearch.cli import make_agent
    game = ads.TicTacToe()
    agent = make_agent("mcts:50", game, seed=1)
    assert agent.name == "mcts(iterations=50)" and agent(game, game.initial_state) in game.actions(game.initial_state)
    assert make_agent("mcts", game, iterations=20).name == "mcts(iterations=20)"


def test_mcts_plays_well_against_random():
    from advsearch.arena import match
    game = ads.TicTacToe()
    result = match(game, agents.mcts(200, seed=0), agents.random(seed=0), games=6, seed=0)
    assert result.wins > 3 * result.losses


def test_draw_takes_an_mcts_result():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from advsearch import TicTacToe, draw, mcts
    r = mcts(TicTacToe(), iterations=200, seed=1)
    ax = draw(r, max_depth=1, boards=False)
    texts = {t.get_gid(): t.get_text() for t in ax.texts}
    assert texts["tally ()"] == "N = 200"
    for path in r.tree.children():
        info = r.tree.nodes[path]
        wins, n = texts[f"tally {path!r}"].split("/")
        assert int(n) == info.N and abs(float(wins) - info.N * info.mean) <= 0.05 + 1e-9
    plt.close(ax.figure)
