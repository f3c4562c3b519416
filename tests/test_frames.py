"""Frames, narration and scenes: the model every picture is drawn from."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advsearch import MAX, MIN, TicTacToe, alphabeta, examples, frames, minimax, random_tree, tree
from advsearch.drawing import MORE, scene, tidy_layout

trees_st = st.builds(random_tree, branching=st.tuples(st.integers(1, 2), st.integers(2, 4)),
                     depth=st.integers(1, 4), seed=st.integers(0, 10**6), low=st.just(-4),
                     high=st.just(4), root=st.sampled_from([MAX, MIN]))


def test_one_frame_per_event_with_its_sentence():
    r = alphabeta(examples.two_ply(), trace=True)
    fs = frames(r)
    assert len(fs) == len(r.trace) == 26
    assert [f.event for f in fs] == list(r.trace)
    assert [f.text for f in fs] == r.trace.narrate()
    assert [f.step for f in fs] == list(range(26))


def test_narration_of_the_two_ply_example():
    lines = alphabeta(examples.two_ply(), trace=True).trace.narrate()
    assert lines[0] == "Enter A (MAX) with α = −∞, β = +∞."
    assert lines[13] == ("C (MIN): v = 2 ≤ α = 3, so MAX will never let play reach C: "
                         "its remaining children 1 and 2 are pruned.")
    assert lines[14] == "C (MIN) returns 2, an upper bound: its true value is ≤ 2."
    assert lines[-1] == "A (MAX) returns 3."
    assert all(line.endswith(".") and line[0].isupper() for line in lines)


@settings(max_examples=200, deadline=None)
@given(trees_st)
def test_narration_names_every_pruned_child_and_no_bounds_for_minimax(t):
    r = alphabeta(t, trace=True)
    for e, line in zip(r.trace, r.trace.narrate()):
        if e.kind == "prune":
            assert "pruned" in line and all(str(a) in line for a in e.pruned)
            assert ("≥ β" in line) == (e.player == MAX)
    assert not any("α" in line or "β" in line for line in minimax(t, trace=True).trace.narrate())


def test_evaluated_leaves_are_narrated_as_cut_offs():
    r = alphabeta(TicTacToe(), depth=1, evaluate=lambda s, p: 0.25, trace=True)
    assert "cut off here and evaluated: Eval = 0.25" in r.trace.narrate()[1]


def test_final_scene_of_the_two_ply_example():
    s = scene(alphabeta(examples.two_ply(), trace=True))
    text = {s.nodes[p]["label"]: s.nodes[p]["text"] for p in s if s.nodes[p]["label"]}
    assert text == {"A": "3", "B": "3", "C": "≤ 2", "D": "2"}
    assert {p for p in s if s.nodes[p]["status"] == "pruned"} == {(1, 1), (1, 2)}
    assert [p for p in s if s.nodes[p]["pv"]] == [(), (0,), (0, 0)]
    assert s.nodes[(1,)]["interval"] == (-math.inf, 2)
    assert not any(s.nodes[p]["current"] for p in s)


def test_scene_at_each_step_follows_the_lecture_frames():
    r = alphabeta(examples.two_ply(), trace=True)
    texts = []
    for k in range(len(r.trace)):
        s = scene(r, step=k)
        assert [p for p in s if s.nodes[p]["current"]] == [r.trace[k].path]
        texts.append(s.nodes[(0,)]["text"])
    # B is "≤ 3" while its children are searched, then exactly 3 (frames (a)-(b))
    assert texts[3] == "≤ 3" and texts[8] == "3"
    # the root is "≥ 3" once B has returned
    assert scene(r, step=9).nodes[()]["text"] == "≥ 3"
    # frame (e): D, A's last child, is at most 14 after its first leaf, so A is
    # already known to lie in [3, 14]; then D = 2 and A = 3 (frame (f))
    e = scene(r, step=18)
    assert e.nodes[()]["interval"] == (3, 14) and e.nodes[(2,)]["interval"] == (-math.inf, 14)
    assert [texts[k] for k in (2, 6)] == ["≤ 3", "3"]   # a scored leaf counts at once
    f = scene(r, step=21)
    assert (f.nodes[()]["text"], f.nodes[(2,)]["text"]) == ("3", "2")


@settings(max_examples=150, deadline=None)
@given(trees_st)
def test_steps_only_ever_add_visited_nodes(t):
    r = alphabeta(t, trace=True)
    seen = set()
    for k in range(0, len(r.trace), max(1, len(r.trace) // 8)):
        s = scene(r, step=k)
        visited = {p for p in s if s.nodes[p]["status"] == "visited"}
        assert seen <= visited
        seen = visited
        assert {p for p in s if s.nodes[p]["status"] == "future"}.isdisjoint(visited)
    final = scene(r)
    assert {p for p in final if final.nodes[p]["status"] == "visited"} == set(r.trace.visited())
    assert not any(final.nodes[p]["status"] == "future" for p in final)


@settings(max_examples=150, deadline=None)
@given(trees_st, st.integers(1, 3), st.integers(0, 3))
def test_cut_scenes_keep_the_pv_and_count_hidden_children(t, max_children, max_depth):
    r = alphabeta(t, trace=True)
    full = scene(r)
    s = scene(r, max_children=max_children, max_depth=max_depth)
    real = [p for p in s if not (p and p[-1] == MORE)]
    assert all(len(p) <= max_depth for p in real)
    assert all(len([c for c in s.successors(p) if c[-1] != MORE]) <= max_children for p in real)
    for p in real:
        hidden = sum(s.nodes[c]["more"] for c in s.successors(p) if c[-1] == MORE)
        shown = sum(1 for c in s.successors(p) if c[-1] != MORE)
        assert shown + hidden == full.out_degree(p)
    pv = [p for p in full if full.nodes[p]["pv"] and len(p) <= max_depth]
    assert all(p in s for p in pv)


@settings(max_examples=200, deadline=None)
@given(trees_st, st.sampled_from([None, 1, 2]))
def test_layout_keeps_nodes_of_a_level_apart_and_centres_parents(t, max_children):
    s = scene(t, max_children=max_children)
    pos = tidy_layout(s)
    assert set(pos) == set(s)
    levels = {}
    for p, (x, y) in pos.items():
        levels.setdefault(y, []).append(x)
    for xs in levels.values():
        xs.sort()
        assert all(b - a >= 1 for a, b in zip(xs, xs[1:]))
    for p in s:
        kids = s.nodes[p]["children"]
        if kids:
            assert pos[p][0] == (pos[kids[0]][0] + pos[kids[-1]][0]) / 2
            assert pos[p][1] == pos[kids[0]][1] + 1


def test_scene_errors():
    t = examples.two_ply()
    with pytest.raises(ValueError, match="trace=True"):
        scene(alphabeta(t))
    with pytest.raises(ValueError, match="step must be in 0..25"):
        scene(alphabeta(t, trace=True), step=26)
    with pytest.raises(ValueError, match="needs a search"):
        scene(t, step=1)
    with pytest.raises(TypeError, match="not int"):
        scene(3)
    with pytest.raises(ValueError, match="max_children"):
        scene(t, max_children=0)
    with pytest.raises(ValueError, match="trace=True"):
        frames(alphabeta(t))


def test_plain_tree_scene_shows_leaf_values_only():
    s = scene(tree([[1, 2], [3]]))
    assert [s.nodes[p]["text"] for p in sorted(s)] == ["", "", "1", "2", "", "3"]
    assert {s.nodes[p]["status"] for p in s} == {"plain"}


# --- MCTS: a step is an iteration


def test_mcts_frames_are_iterations_narrated_in_one_sentence():
    from advsearch import mcts

    r = mcts(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), iterations=15, seed=0, trace=True)
    fs = frames(r)
    assert [f.step for f in fs] == list(range(1, 16))
    assert [f.event for f in fs] == [events[-1] for events in r.trace.iterations()]
    assert all(f.event.kind == "backup" and f.event.path == () for f in fs)
    assert [f.text for f in fs] == r.trace.summaries()
    # The first three iterations expand MAX's three moves, in actions() order.
    assert [f.text.split(";")[0] for f in fs[:3]] == [f"Iteration {i + 1}: expand node [{i}]" for i in range(3)]
    assert all(f.text.endswith("backed up to the root.") for f in fs)
    # Frame k draws the tree after k iterations.
    assert scene(r, step=fs[6].step).graph["iteration"] == 7


def test_mcts_scene_of_a_trace_and_of_a_result_agree():
    from advsearch import mcts

    r = mcts(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), iterations=25, seed=3, trace=True)
    for step in (None, 0, 4, 25):
        a, b = scene(r, step=step), scene(r.trace, step=step)
        assert dict(a.nodes(data="tally")) == dict(b.nodes(data="tally"))
        assert dict(a.nodes(data="status")) == dict(b.nodes(data="status"))
