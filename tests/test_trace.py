"""Traces: the events a search emits, and the searched tree they describe."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from advsearch import MAX, MIN, TicTacToe, alphabeta, examples, minimax, random_tree

trees_st = st.builds(random_tree, branching=st.integers(1, 3), depth=st.integers(0, 4),
                     seed=st.integers(0, 10**6), low=st.just(-3), high=st.just(3),
                     root=st.sampled_from([MAX, MIN]))


def test_trace_is_none_unless_asked():
    assert minimax(examples.two_ply()).trace is None
    assert alphabeta(examples.two_ply()).trace is None


@settings(max_examples=300, deadline=None)
@given(trees_st)
def test_events_are_well_formed(t):
    for search in (minimax, alphabeta):
        r = search(t, trace=True)
        kinds = Counter(e.kind for e in r.trace)
        assert kinds["enter"] + kinds["leaf"] == r.stats.nodes
        assert kinds["leaf"] == r.stats.leaves
        assert kinds["enter"] == kinds["exit"]
        assert kinds["prune"] == r.stats.prunes
        # every visited node but the root reports back to its parent once
        assert kinds["update"] == r.stats.nodes - 1
        # enters and exits nest like brackets; the root closes last
        stack = []
        for e in r.trace:
            if e.kind == "enter":
                stack.append(e.path)
            elif e.kind == "exit":
                assert stack.pop() == e.path
            elif e.kind in ("leaf", "update", "prune"):
                assert e.path[: len(stack[-1])] == stack[-1] if stack else e.path == ()
        assert not stack
        final = r.trace.final_values()
        assert final[()][0] == r.value


def test_update_events_carry_the_child_and_bounds():
    r = alphabeta(examples.two_ply(), trace=True)
    first = [e for e in r.trace if e.kind == "update" and e.path == ()]
    assert [(e.action, e.child_value, e.value, e.alpha, e.beta) for e in first] == [
        (0, 3, 3, 3, float("inf")),
        (1, 2, 3, 3, float("inf")),
        (2, 2, 3, 3, float("inf")),
    ]
    at_c = [e for e in r.trace if e.path == (1,) and e.kind in ("enter", "update", "prune")]
    assert [(e.kind, e.value, e.alpha, e.beta) for e in at_c] == [
        ("enter", None, 3, float("inf")),
        ("update", 2, 3, float("inf")),
        ("prune", 2, 3, float("inf")),
    ]


def test_to_networkx_marks_visited_pruned_and_unvisited():
    t = examples.two_ply()
    r = alphabeta(t, trace=True)
    g = r.trace.to_networkx()
    assert g.number_of_nodes() == len(t)
    status = Counter(nx_status for _, nx_status in g.nodes(data="status"))
    assert status == {"visited": 11, "pruned": 2}
    assert {p for p, s in g.nodes(data="status") if s == "pruned"} == {(1, 1), (1, 2)}
    assert g.nodes[(1,)]["label"] == "C" and g.nodes[(1,)]["bound"] == "upper"
    assert g.nodes[()]["value"] == 3 and g.edges[(), (2,)]["action"] == 2


def test_to_networkx_expands_subtrees_below_pruned_children():
    t = random_tree(3, 4, seed=11)
    r = alphabeta(t, trace=True)
    g = r.trace.to_networkx()
    assert g.number_of_nodes() == len(t)
    statuses = Counter(s for _, s in g.nodes(data="status"))
    assert statuses["visited"] == r.stats.nodes
    assert statuses["pruned"] == sum(len(p) for _, p in r.trace.prunes())
    assert statuses["unvisited"] == len(t) - r.stats.nodes - statuses["pruned"] > 0
    assert r.trace.to_networkx(unvisited=False).number_of_nodes() == r.stats.nodes + statuses["pruned"]


def test_tictactoe_trace_paths_replay_to_their_states():
    game = TicTacToe()
    r = alphabeta(game, game.state("XO./.X./..O"), trace=True)
    for e in r.trace:
        s = r.trace.root
        for a in e.path:
            s = game.result(s, a)
        assert s == e.state
