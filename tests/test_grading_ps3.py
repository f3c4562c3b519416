"""Tests of the ps3 graders in advsearch.grading: expectimax, a UCT step by hand, and MCTS.

The students' functions below are written here from the lecture, independently of the package; the
wrong ones make the mistakes the graders must catch (probabilities ignored, wins credited to the
wrong player, statistics faked).
"""

import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

import advsearch as ads
from advsearch import CHANCE, MAX, MIN, grading
from advsearch.course.mcts import perspectives

seeds = st.text(min_size=1, max_size=12)


# ------------------------------------------------------------------ students' expectimax


def make_expectimax(chance_rule="expectation", twice=False):
    """A student's expectimax; ``chance_rule`` is how it combines a chance node's children."""
    def expectimax(game, state):
        if game.is_terminal(state):
            return game.utility(state, MAX)
        player = game.to_move(state)
        if player == CHANCE:
            pairs = [(p, expectimax(game, game.result(state, o))) for o, p in game.chance_outcomes(state)]
            if twice:                                        # searches the first outcome again: slow, not wrong
                expectimax(game, game.result(state, game.chance_outcomes(state)[0][0]))
            values = [v for _, v in pairs]
            return {"expectation": sum(p * v for p, v in pairs), "mean": sum(values) / len(values),
                    "min": min(values), "max": max(values)}[chance_rule]
        values = [expectimax(game, game.result(state, a)) for a in game.actions(state)]
        return max(values) if player == MAX else min(values)

    return expectimax


def exact_value(t):
    """Expectiminimax of a tree by brute force over its nodes, with exact fractions."""
    def value(node):
        if not node.children:
            return Fraction(node.value)
        kids = [value(c) for c in node.children]
        if node.player == CHANCE:
            return sum(Fraction(p) * v for p, v in zip(node.probs, kids))
        return max(kids) if node.player == MAX else min(kids)

    return value(t.initial_state)


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_chance_trees_are_reproducible_and_each_wrong_rule_gives_another_value(seed):
    trees = grading.chance_trees(seed)
    assert trees == grading.chance_trees(seed) and len(trees) == 8
    for t in trees:
        right = exact_value(t)
        assert ads.expectiminimax(t).value == right
        probs = [p for n in t.nodes() if n.probs for p in n.probs]
        assert probs and all(p > 0 for p in probs)
        for rule in ("mean", "min", "max"):
            assert make_expectimax(rule)(t, t.initial_state) != right
    assert {t.initial_state.player for t in trees} == {MAX, MIN}


@pytest.mark.parametrize("student", ["alice", "bob", "s1234567"])
def test_a_right_expectimax_earns_full_points_with_floats_or_fractions(student):
    trees = grading.problems("ps3", student).chance_trees
    g = grading.assess_expectimax(make_expectimax(), trees, 3)
    assert g.points == 3.0 and g.convention == "expectation"
    assert "right on 8 of them" in g.text and "exactly once" not in g.text

    def as_float(game, state):
        return float(make_expectimax()(game, state))

    assert grading.assess_expectimax(as_float, trees, 3).points == 3.0


def test_every_chance_rule_of_the_oracle_has_its_words():
    assert list(grading.CHANCE_RULES) == list(ads.trees.CHANCE_RULES) == ["expectation", "mean", "min", "max"]


@pytest.mark.parametrize("rule", ["mean", "min", "max"])
def test_a_wrong_chance_rule_earns_nothing_and_is_named(rule):
    g = grading.assess_expectimax(make_expectimax(rule), grading.chance_trees("x"), 3)
    assert g.points == 0.0 and g.convention == rule
    assert grading.CHANCE_RULES[rule] in g.text


def test_searching_a_child_twice_costs_time_not_points():
    g = grading.assess_expectimax(make_expectimax(twice=True), grading.chance_trees("x"), 3)
    assert g.points == 3.0 and "exactly once" in g.text


def test_partial_credit_is_the_share_of_trees_right():
    trees = grading.chance_trees("x")
    right_on = {str(t) for t in trees[:3]}

    def some(game, state):
        value = make_expectimax()(game, state)
        return value if str(game.game) in right_on else value + 1

    g = grading.assess_expectimax(some, trees, 4)
    assert g.points == pytest.approx(4 * 3 / 8, abs=0.01) and g.details["right"] == 3


def test_expectimax_that_raises_loops_or_is_missing_earns_nothing():
    trees = grading.chance_trees("x")

    def raises(game, state):
        raise KeyError("oops")

    def loops(game, state):
        while True:
            pass

    assert grading.assess_expectimax(raises, trees).points == 0.0
    g = grading.assess_expectimax(loops, trees, time_limit=0.2)
    assert g.points == 0.0 and "did not finish" in g.text and "remaining trees were not tried" in g.text
    assert grading.assess_expectimax(None, trees).points == 0.0
    assert grading.assess_expectimax(42, trees).points == 0.0
    with pytest.raises(ValueError, match="points"):
        grading.assess_expectimax(make_expectimax(), trees, -1)
    with pytest.raises(ValueError, match="at least one tree"):
        grading.assess_expectimax(make_expectimax(), [])


def test_recording_game_logs_chance_expansions_once():
    t = grading.chance_trees("x")[1]
    game = grading.RecordingGame(t)
    make_expectimax()(game, t.initial_state)
    inner = [n for n in t.nodes() if n.children]
    assert [k for k, _ in game.visits()].count("expand") == len(inner)
    preorder = sorted(t.nodes(), key=lambda n: n.path)        # each node once, children left to right
    assert game.visits() == [("expand" if n.children else "score", n.path) for n in preorder]


def test_by_hand_values_of_the_chance_tree_are_graded_with_exact_fractions():
    t = grading.problems("ps3", "alice").expectimax
    inner = [n for n in t.nodes() if n.children]
    assert {n.player for n in inner} == {MAX, MIN, CHANCE}
    assert all(Fraction(p).denominator <= 4 for n in inner if n.probs for p in n.probs)
    right = {n.label: ads.expectiminimax(t, n).value for n in inner}
    assert right["A"] == exact_value(t)
    assert grading.assess_values(t, right, 2).points == 2.0
    as_python = {k: v.numerator / v.denominator for k, v in right.items()}   # what "13/3" gives
    assert grading.assess_values(t, as_python, 2).points == 2.0
    rounded = {k: round(float(v), 2) for k, v in right.items()}
    off = sum(float(v) != round(float(v), 2) for v in right.values())
    if off:
        assert grading.assess_values(t, rounded, 2).points < 2.0


# ------------------------------------------------------------------ a UCT step by hand


def uct(wins, visits, parent):
    return wins / visits + math.sqrt(math.log(parent) / visits)


@settings(max_examples=50, deadline=None)
@given(seeds)
def test_ucb_questions_need_the_exploration_term(seed):
    q = grading.ucb_question(seed)
    assert q.parent_visits == sum(v for _, v in q.children.values())
    values = {k: uct(w, v, q.parent_visits) for k, (w, v) in q.children.items()}
    assert values == pytest.approx(q.values)
    ranked = sorted(values, key=values.get, reverse=True)
    assert ranked[0] == q.choice and values[ranked[0]] - values[ranked[1]] >= 0.02
    rates = {k: w / v for k, (w, v) in q.children.items()}
    assert q.choice != max(rates, key=rates.get)
    assert q.children[q.choice][1] < max(v for _, v in q.children.values())
    assert all(0 <= w <= v and (2 * w) == int(2 * w) for w, v in q.children.values())


def test_assess_ucb_gives_half_for_values_and_half_for_the_choice():
    q = grading.ucb_question("x")
    good = {k: round(v, 2) for k, v in q.values.items()}
    assert grading.assess_ucb(q, good, q.choice, 2).points == 2.0
    rates = {k: w / v for k, (w, v) in q.children.items()}
    greedy = max(rates, key=rates.get)
    g = grading.assess_ucb(q, good, greedy, 2)
    assert g.points == 1.0 and "best win rate" in g.text
    one_off = dict(good, **{q.choice: good[q.choice] + 0.5})
    # the choice earns its half only with every value right, so it cannot be had by ruling children out
    g = grading.assess_ucb(q, one_off, q.choice, 2)
    assert g.points == pytest.approx((len(good) - 1) / len(good), abs=0.01) and "every UCTValue right" in g.text
    g = grading.assess_ucb(q, q.values_sqrt2, q.choice, 2)
    assert g.points == 1.5 and g.convention == "sqrt2" and "√2" in g.text
    assert grading.assess_ucb(q, {}, "", 2).points == 0.0
    assert grading.assess_ucb(q, "C", None, 2).points == 0.0


# ------------------------------------------------------------------ students' MCTS


def make_mcts(credit="mover", use_global=False, c=1.0, random_expand=False):
    """A student's UCT from the lecture; ``credit`` says whose win a node's count records.

    "mover" is right (the player who moved into the node); "root" credits the root player,
    "max" always MAX, "to_move" the player to move at the node.  ``c`` is the exploration
    constant; ``random_expand`` expands a random untried child below the root instead of the first.
    """
    def mcts(game, state, iterations, rng):
        rng = random if use_global else rng
        root_player = game.to_move(state)

        class Node:
            def __init__(self, s, parent=None, action=None):
                self.s, self.parent, self.action = s, parent, action
                self.kids, self.wins, self.n = [], 0.0, 0
                self.todo = [] if game.is_terminal(s) else list(game.actions(s))

        root = Node(state)
        for _ in range(iterations):
            node = root
            while not node.todo and node.kids:
                parent = node
                node = max(parent.kids, key=lambda k: k.wins / k.n + c * math.sqrt(math.log(parent.n) / k.n))
            if node.todo:
                a = node.todo.pop(rng.randrange(len(node.todo)) if random_expand and node is not root else 0)
                node.kids.append(Node(game.result(node.s, a), node, a))
                node = node.kids[-1]
            end = node.s
            while not game.is_terminal(end):
                end = game.result(end, rng.choice(list(game.actions(end))))
            while node is not None:
                node.n += 1
                if node.parent is not None:
                    mover = game.to_move(node.parent.s)
                    who = {"mover": mover, "root": root_player, "max": MAX,
                           "to_move": MIN if mover == MAX else MAX}[credit]
                    node.wins += (game.utility(end, who) + 1) / 2
                node = node.parent
        return {kid.action: (kid.wins, kid.n) for kid in root.kids}      # not `c`: the lambda above reads c

    return mcts


def brute_minimax_moves(t):
    """The root moves of best minimax value for the player at the root, by exhaustive search."""
    values = [ads.minimax(t, child).value for child in t.initial_state.children]
    best = max(values) if t.initial_state.player == MAX else min(values)
    return {a for a, v in enumerate(values) if v == best}


def fixed_player_moves(t, player):
    """The root moves a search converges to when every node maximises ``player``'s utility."""
    sign = 1 if player == MAX else -1

    def best_leaf(node):
        return sign * node.value if not node.children else max(best_leaf(c) for c in node.children)

    values = [best_leaf(c) for c in t.initial_state.children]
    return {a for a, v in enumerate(values) if v == max(values)}


@settings(max_examples=25, deadline=None)
@given(seeds, st.sampled_from(["convergence", "perspective"]))
def test_mcts_trees_have_a_clear_minimax_move(seed, aspect):
    trees = grading.mcts_trees(seed, aspect=aspect)
    assert trees == grading.mcts_trees(seed, aspect=aspect) and len(trees) == 6
    for t in trees:
        assert {leaf.value for leaf in t.leaves()} <= {-1, 0, 1} and t.height in (3, 4)
        best = brute_minimax_moves(t)
        assert len(best) == 1
        sign = 1 if t.initial_state.player == MAX else -1
        values = sorted((sign * ads.minimax(t, c).value for c in t.initial_state.children), reverse=True)
        assert values[0] - values[1] >= 1
        if aspect == "convergence":
            assert t.initial_state.player == MAX and fixed_player_moves(t, MAX) == best
        else:
            assert not fixed_player_moves(t, MAX) & best
            assert not fixed_player_moves(t, t.initial_state.player) & best
    if aspect == "perspective":
        assert [t.initial_state.player for t in trees] == [MAX, MIN] * 3


def as_nested(node):
    return [as_nested(c) for c in node.children] if node.children else node.value


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2 ** 32), st.sampled_from([MAX, MIN]))
def test_root_moves_and_margin_agree_with_brute_force(seed, root):
    t = ads.random_tree((2, 3), 3, seed=seed, low=-1, high=1, root=root)
    assert perspectives.root_moves(t, "mover") == brute_minimax_moves(t)
    assert perspectives.root_moves(t, "max") == fixed_player_moves(t, MAX)
    assert perspectives.root_moves(t, "root") == fixed_player_moves(t, root)
    # Each player picking the move best for its opponent is minimax with every player swapped.
    swapped = ads.tree(as_nested(t.initial_state), root=MIN if root == MAX else MAX)
    assert perspectives.root_moves(t, "to_move") == brute_minimax_moves(swapped)
    sign = 1 if root == MAX else -1
    ranked = sorted((sign * ads.minimax(t, c).value for c in t.initial_state.children), reverse=True)
    assert perspectives.margin(t) == (ranked[0] - ranked[1] >= 1)


def test_a_perspective_that_does_not_exist_is_refused():
    with pytest.raises(ValueError, match="perspective must be one of mover, root, max, to_move, not 'min'"):
        perspectives.decider("min", MAX)


@pytest.mark.parametrize("student", ["alice", "bob", "carol", "s1234567", "x"])
def test_a_right_mcts_earns_full_points_on_both_aspects(student):
    p = grading.problems("ps3", student)
    for aspect, trees in (("convergence", p.convergence_trees), ("perspective", p.perspective_trees)):
        g = grading.assess_mcts(make_mcts(), trees, 3, aspect=aspect)
        assert g.points == 3.0, g.text
    assert g.convention == "mover"


@pytest.mark.parametrize("variant", [dict(c=math.sqrt(2)), dict(random_expand=True)])
def test_other_sound_ucts_earn_full_points_too(variant):
    # In a sweep of 150 students (1,800 trees; `python tests/test_grading_ps3.py 150`) these, and the
    # lecture's UCT, missed no tree.
    for student in ("dave", "erin", "frank"):
        p = grading.problems("ps3", student)
        for aspect in ("convergence", "perspective"):
            trees = getattr(p, aspect + "_trees")
            assert grading.assess_mcts(make_mcts(**variant), trees, 3, aspect=aspect).points == 3.0


@pytest.mark.parametrize("credit", ["root", "max"])
def test_crediting_a_fixed_player_converges_but_falls_for_the_traps(credit):
    p = grading.problems("ps3", "alice")
    assert grading.assess_mcts(make_mcts(credit), p.convergence_trees, 3).points == 3.0
    g = grading.assess_mcts(make_mcts(credit), p.perspective_trees, 3, aspect="perspective")
    assert g.points == 0.0 and g.convention in ("root", "max")
    assert "moved into it" in g.text


def test_crediting_the_player_to_move_fails_both_and_is_named():
    p = grading.problems("ps3", "alice")
    assert grading.assess_mcts(make_mcts("to_move"), p.convergence_trees, 3).points == 0.0
    g = grading.assess_mcts(make_mcts("to_move"), p.perspective_trees, 3, aspect="perspective")
    assert g.points == 0.0 and g.convention == "to_move"
    assert grading.PERSPECTIVES["to_move"] in g.text


def test_mcts_with_the_global_random_is_graded_the_same_every_time():
    trees = grading.mcts_trees("x")
    a = grading.assess_mcts(make_mcts(use_global=True), trees, 3)
    b = grading.assess_mcts(make_mcts(use_global=True), trees, 3)
    assert a.points == 3.0 and a.text == b.text


def test_faked_statistics_fail_the_structure_checks():
    trees = grading.mcts_trees("x")

    def minimax_faker(game, state, iterations, rng):        # exact search, then made-up numbers
        best = max(game.actions(state), key=lambda a: ads.minimax(game, game.result(state, a)).value)
        return {a: (iterations if a == best else 0, iterations if a == best else 0) for a in game.actions(state)}

    g = grading.assess_mcts(minimax_faker, trees, 3)
    assert g.points == 0.0

    def solo(game, state, iterations, rng):                  # hand-rolled exact search, still fake visits
        def value(s):
            if game.is_terminal(s):
                return game.utility(s, MAX)
            vals = [value(game.result(s, a)) for a in game.actions(s)]
            return max(vals) if game.to_move(s) == MAX else min(vals)

        best = max(game.actions(state), key=lambda a: value(game.result(state, a)))
        return {a: (0.0, iterations if a == best else 0) for a in game.actions(state)}

    g = grading.assess_mcts(solo, trees, 3)
    assert g.points == 0.0 and "exactly one visit" not in g.text and "first tries every unvisited child" in g.text

    def miscounted(game, state, iterations, rng):
        stats = make_mcts()(game, state, iterations, rng)
        a = next(iter(stats))
        stats[a] = (stats[a][0], stats[a][1] + 1)
        return stats

    g = grading.assess_mcts(miscounted, trees, 3)
    assert g.points == 0.0 and "add up to the iterations" in g.text

    def not_a_number(game, state, iterations, rng):
        return {a: (float("nan"), float("nan")) for a in game.actions(state)}

    g = grading.assess_mcts(not_a_number, trees, 3)
    assert g.points == 0.0 and "finite numbers" in g.text

    def wrong_keys(game, state, iterations, rng):
        return {"best": (1, iterations)}

    g = grading.assess_mcts(wrong_keys, trees, 3)
    assert g.points == 0.0 and "root's actions" in g.text


def test_mcts_that_raises_loops_or_is_missing_earns_nothing():
    trees = grading.mcts_trees("x")

    def raises(game, state, iterations, rng):
        raise ZeroDivisionError("division by zero")

    g = grading.assess_mcts(raises, trees, 3)
    assert g.points == 0.0 and "ZeroDivisionError" in g.text

    def loops(game, state, iterations, rng):
        while True:
            pass

    g = grading.assess_mcts(loops, trees, 3, time_limit=0.2)
    assert g.points == 0.0 and "remaining trees were not tried" in g.text
    assert grading.assess_mcts(None, trees).points == 0.0
    with pytest.raises(ValueError, match="aspect"):
        grading.assess_mcts(make_mcts(), trees, aspect="speed")
    with pytest.raises(ValueError, match="aspect"):
        grading.mcts_trees(1, aspect="speed")
    with pytest.raises(ValueError, match="n must be"):
        grading.mcts_trees(1, 0)


def test_ps3_problems_are_per_student():
    a, b = grading.problems("ps3", "alice"), grading.problems("ps3", "bob")
    assert a.expectimax != b.expectimax and a.ucb.children != b.ucb.children
    assert a.chance_trees != b.chance_trees and a.perspective_trees != b.perspective_trees
    again = grading.problems("ps3", "alice")
    assert a.expectimax == again.expectimax and a.convergence_trees == again.convergence_trees


def sweep(students: int) -> dict:
    """How many graded MCTS trees each sound UCT misses over ``students`` made-up students (slow)."""
    variants = {"lecture (c = 1)": {}, "c = sqrt 2": dict(c=math.sqrt(2)), "random expansion": dict(random_expand=True),
                "c = 0.5": dict(c=0.5)}
    missed = dict.fromkeys(variants, 0)
    for i in range(students):
        p = grading.problems("ps3", f"student{i}")
        for name, kwargs in variants.items():
            for aspect in ("convergence", "perspective"):
                g = grading.assess_mcts(make_mcts(**kwargs), getattr(p, aspect + "_trees"), 3, aspect=aspect)
                missed[name] += len(g.details["rows"]) - g.details["right"]
    return missed


if __name__ == "__main__":      # the sweep behind the README's claim: python tests/test_grading_ps3.py 150
    import sys

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    print(f"{'UCT':<18} trees missed of {12 * n}")
    for name, count in sweep(n).items():
        print(f"{name:<18} {count}")
