"""The multiplayer questions: paranoid values by hand, alliances, a search's move and value at the root.

The right answers here come from small brute-force recursions written in this
file, independent of the package's searches, and each wrong answer is made by
making the mistake in such a recursion; the checker must name exactly it.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from advsearch import Virus, random_tree, tree
from advsearch.course.multiplayer import choices as multiplayer_choices, questions as mq
from advsearch.search.multiplayer import out_of_turn

some = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(0, 100_000)

#: The three-player tree of lecture 05 (after Russell & Norvig and the MIT 6.034 notes).
LECTURE = tree([[[(1, 2, 3), (4, 2, 1)], [(6, 1, 2), (7, 4, -1)]],
                [[(5, -1, -1), (-1, 5, 2)], [(7, 7, -1), (5, 4, 5)]]], labels=True)
#: Max-n moves to B (P0 gets 5), paranoid to C (P0 is sure of 3).
SPLIT = tree([[(5, 5, 0), (2, 3, 5)], [(3, 4, 3), (4, 1, 5)]], labels=True)


# ------------------------------------------------------------- brute-force models, right and wrong

def paranoid_bf(node, me):
    """Paranoid by definition: ``me`` maximises its payoff, everyone else minimises it."""
    if not node.children:
        return node.value[me]
    kids = [paranoid_bf(c, me) for c in node.children]
    return max(kids) if node.player == me else min(kids)


def own_payoff_bf(node, me):
    """The mistake coalition_own_payoff: every player maximises its own entry (max-n), read for ``me``."""
    return maxn_vector(node)[me]


def alternating_bf(node, me, level=0):
    """The mistake alternating_levels: MAX, MIN, MAX, ... by depth, as with two players."""
    if not node.children:
        return node.value[me]
    kids = [alternating_bf(c, me, level + 1) for c in node.children]
    return max(kids) if level % 2 == 0 else min(kids)


def maxn_vector(node, score=None):
    """Max-n by definition; ``score(vector, player)`` is what a player maximises (its own entry by default)."""
    score = score or (lambda v, p: v[p])
    if not node.children:
        return node.value
    best = None
    for c in node.children:
        v = maxn_vector(c, score)
        if best is None or score(v, node.player) > score(best, node.player):
            best = v
    return best


def allied_end(node, allies):
    """The real payoffs where play ends when the allies maximise the sum of their payoffs."""
    def score(v, p):
        return sum(v[q] for q in allies) if p in allies else v[p]
    return maxn_vector(node, score)


def inner(t):
    return [n for n in t.nodes() if n.children]


def answer_from(t, model, me=0):
    return {n.path: model(n, me) for n in inner(t)}


# ------------------------------------------------------------- paranoid values

def test_the_lecture_tree_right_and_not_answered():
    right = {n.label: paranoid_bf(n, 0) for n in inner(LECTURE)}
    assert right == {"A": 1, "B": 1, "C": -1, "D": 1, "E": 6, "F": -1, "G": 5}
    assert mq.paranoid_values(LECTURE, right).ok
    for blank in (None, {}, ...):
        fb = mq.paranoid_values(LECTURE, blank)
        assert not fb.ok and fb.text.startswith("Not answered yet") and "P0" in fb.text


@some
@given(seeds, st.integers(0, 2))
def test_paranoid_right_answers_pass_and_wrong_ones_fail(seed, me):
    t = random_tree((1, 3), 3, seed=seed, num_players=3)
    right = answer_from(t, paranoid_bf, me)
    assert mq.paranoid_values(t, right, player=me).ok
    path = max(right, key=len)
    wrong = {**right, path: right[path] + 1}
    assert not mq.paranoid_values(t, wrong, player=me).ok


@some
@given(seeds)
def test_coalition_maximising_its_own_payoffs_is_named(seed):
    t = random_tree(2, 3, seed=seed, num_players=3)
    yours = answer_from(t, own_payoff_bf)
    fb = mq.paranoid_values(t, yours)
    if yours == answer_from(t, paranoid_bf):
        assert fb.ok
    else:
        assert not fb.ok and fb.mistake == "coalition_own_payoff" and "max-n" in fb.text


def test_alternating_levels_is_named():
    yours = answer_from(LECTURE, alternating_bf)
    assert yours[()] == 5
    fb = mq.paranoid_values(LECTURE, yours)
    assert not fb.ok and fb.mistake == "alternating_levels"
    assert fb.text.startswith("At D (P2 moves, against P0): its children give P0 1 and 4, so D = min = 1")


def test_paranoid_for_another_player():
    right = {n.label: paranoid_bf(n, 2) for n in inner(LECTURE)}
    assert mq.paranoid_values(LECTURE, right, player=2).ok
    assert not mq.paranoid_values(LECTURE, right, player=0).ok


def test_partial_answers_say_what_is_missing():
    fb = mq.paranoid_values(LECTURE, {"D": 1, "E": 6})
    assert not fb.ok and "Still to fill in: 'A', 'B', 'C', 'F' and 'G'" in fb.text


@pytest.mark.parametrize("answer, words", [
    ({"A": (1, 2, 3)}, "single numbers"),
    ({"A": "1"}, "without the quotes"),
    ({"Z": 1}, "no node 'Z'"),
    ([1, 2], "write a dict"),
])
def test_bad_paranoid_answers_get_a_sentence(answer, words):
    fb = mq.paranoid_values(LECTURE, answer)
    assert not fb.ok and words in fb.text


def test_paranoid_values_refuses_bad_trees_and_players():
    with pytest.raises(ValueError, match="three or more players"):
        mq.paranoid_values(tree([[3, 12], [2, 4]]), {})
    with pytest.raises(ValueError, match="player must be one of"):
        mq.paranoid_values(LECTURE, {}, player=3)
    with pytest.raises(TypeError, match="must be a Tree"):
        mq.paranoid_values(42, {})


# ------------------------------------------------------------- alliances

@pytest.mark.parametrize("allies", [(0, 1), (1, 2), (0, 2)])
def test_the_lecture_tree_ends_at_the_same_leaf_for_every_alliance(allies):
    end = allied_end(LECTURE.initial_state, allies)
    assert end == (5, 4, 5)
    assert mq.alliance(LECTURE, end, allies=allies).ok
    assert mq.alliance(LECTURE, list(end), allies=allies).ok


@some
@given(seeds, st.sampled_from([(0, 1), (1, 2), (0, 2)]))
def test_alliance_answers_and_their_mistakes(seed, allies):
    t = random_tree(2, 3, seed=seed, num_players=3, low=0, high=9)
    end = allied_end(t.initial_state, allies)
    assert mq.alliance(t, end, allies=allies).ok
    team = tuple(sum(end[q] for q in allies) if p in allies else end[p] for p in range(3))
    if team != end:
        assert mq.alliance(t, team, allies=allies).mistake == "team_values"
    alone = maxn_vector(t.initial_state)
    if alone != end and alone != team:
        assert mq.alliance(t, alone, allies=allies).mistake == "no_alliance"


def test_bad_alliances():
    assert mq.alliance(LECTURE, None, allies=(1, 2)).text.startswith("Not answered yet")
    fb = mq.alliance(LECTURE, (5, 4), allies=(1, 2))
    assert not fb.ok and "a tuple of 3 numbers" in fb.text
    assert not mq.alliance(LECTURE, 5, allies=(1, 2)).ok
    for allies in [(1,), (1, 1), (0, 3), "12", (True, 2)]:
        with pytest.raises(ValueError, match="allies must be"):
            mq.alliance(LECTURE, (5, 4, 5), allies=allies)


# ------------------------------------------------------------- a search's move and value at the root

def test_split_tree_moves():
    assert SPLIT.node("A").children[0].label == "B"
    assert mq.root_move(SPLIT, "B", "maxn").ok and mq.root_move(SPLIT, 0, "maxn").ok
    assert mq.root_move(SPLIT, "C", "paranoid").ok
    fb = mq.root_move(SPLIT, "C", "maxn")
    assert not fb.ok and fb.mistake == "paranoid_for_maxn"
    fb = mq.root_move(SPLIT, "B", "paranoid")
    assert not fb.ok and fb.mistake == "coalition_own_payoff"
    assert mq.root_move(SPLIT, None, "maxn").text.startswith("Not answered yet")
    assert "no child of the root" in mq.root_move(SPLIT, "Z", "maxn").text
    assert "not a move at the root" in mq.root_move(SPLIT, 5, "maxn").text


def test_searcher_values_on_the_split_tree():
    me = 0
    assert mq.searcher_value(SPLIT, paranoid_bf(SPLIT.initial_state, me), "paranoid").ok
    assert mq.searcher_value(SPLIT, maxn_vector(SPLIT.initial_state)[me], "maxn").ok
    assert mq.searcher_value(SPLIT, 5, "paranoid").mistake == "coalition_own_payoff"
    assert mq.searcher_value(SPLIT, 3, "maxn").mistake == "paranoid_for_maxn"
    assert "without the quotes" in mq.searcher_value(SPLIT, "3", "maxn").text
    assert mq.searcher_value(SPLIT, None, "maxn").text.startswith("Not answered yet")


def brs_by_hand(game, depth_two_replies_of):
    """P0's depth-2 value of each of its moves, the replies given by ``depth_two_replies_of(state)``."""
    actions_for, result_for = out_of_turn(game)
    s = game.initial_state
    out = {}
    for a in actions_for(s, 0):
        after = result_for(s, 0, a)
        out[a] = min(Fraction(game.counts(r)[0], sum(game.counts(r))) for r in depth_two_replies_of(after))
    return out


def test_best_reply_on_virus_and_the_next_opponent_only_mistake():
    game = Virus(width=4, height=3, players=3)
    actions_for, result_for = out_of_turn(game)

    def every_opponent(s):
        return [result_for(s, o, a) for o in (1, 2) for a in actions_for(s, o)]

    def next_opponent_only(s):                         # the mistake: as paranoid to depth 2
        return [result_for(s, 1, a) for a in actions_for(s, 1)]

    brs, only_next = brs_by_hand(game, every_opponent), brs_by_hand(game, next_opponent_only)
    best = max(brs, key=brs.get)
    wrong = max(only_next, key=only_next.get)
    assert best != wrong
    options = dict(depth=2, evaluate=game.evaluate)
    assert mq.root_move(game, best, "best_reply", **options).ok
    fb = mq.root_move(game, wrong, "best_reply", **options)
    assert not fb.ok and fb.mistake == "only_next_opponent"
    assert mq.searcher_value(game, brs[best], "best_reply", **options).ok
    assert not mq.searcher_value(game, min(brs.values()), "best_reply", **options).ok


def test_bad_algorithms_and_games():
    with pytest.raises(ValueError, match="algorithm must be one of"):
        mq.root_move(SPLIT, "B", "minimax")
    with pytest.raises(ValueError, match="three or more players"):
        mq.searcher_value(tree([[3, 12], [2, 4]]), 3, "paranoid")


def test_every_mistake_is_described_and_named_by_some_test():
    assert set(mq.MULTIPLAYER_MISTAKES) == {"coalition_own_payoff", "alternating_levels", "paranoid_for_maxn",
                                            "only_next_opponent", "team_values", "no_alliance"}
    assert mq.root_move is multiplayer_choices.root_move
    assert all(text and not text.endswith(".") for text in mq.MULTIPLAYER_MISTAKES.values())

