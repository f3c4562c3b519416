"""Points measure the work: no answer that does no work expects more than 5% of a question's points.

For every automatically graded question of ps1 to ps4, each strategy a student could hand in without
doing the question's work is graded, as the trusted grader grades it (the ``assess_*`` functions,
called here with plain Python answers, as ``advsearch.autograde.problemsets`` calls them after reading a
submission), over many seeded students, and the best strategy's mean share of the points must be at most
5%.  The strategies, by kind:

- **constants**: one number (or vector) for everything.  By hand, the tests write the *best* constant for
  each student (the value most of the student's nodes have), which no fixed constant can beat; in code, the
  two values most often right over all the students' trees;
- **blind guesses**: random numbers, random leaves, random children;
- **elimination**: the UCT child that is neither the best win rate nor the most visited;
- **read off the leaves**: each node's first, last or median leaf, a search that walks the tree and
  returns such a number, the mean of the leaves;
- **the package's own**: the evaluations it ships for ps2 (the package's searches are refused by the
  recording game, see test_grading*.py);
- **a classmate's answer**: the right answer of the next student;
- **shaped right, not computed**: statistics of the right form made up after an exact search, counts
  overridden, flat Monte Carlo in place of UCT.

By-hand questions sweep 1,000 students (ps3 question 1, whose trees are slow to draw, 250).  Code questions
run every strategy on every tree of a battery (6 to 10 trees; searches and max-n each with four shuffled
copies), so they sweep 30 to 80 students, hundreds of graded trees a strategy, to keep this file quick.  Next to each sweep, the right answers must still earn full points.
The measured shares are in exercises/assignments/README.md, "No-work strategies".
"""

from __future__ import annotations

import math
import os
import random
import statistics
import zlib
from collections import Counter
from fractions import Fraction
from types import SimpleNamespace

import pytest
from hypothesis import given, settings, strategies as st

from advsearch import CHANCE, MAX, MIN, ConnectFour, grading
from advsearch.autograde import problemsets
from advsearch.course.limits import originality
from advsearch.course.shared.grades import share
from advsearch.evaluation import Linear, connect4_eval, connect4_features
from test_grading_ps3 import make_mcts

LIMIT = 0.05            # the most any no-work strategy may expect, as a share of the question's points
STUDENTS = 1000         # by-hand questions
#: ``ADVSEARCH_NOWORK_STUDENTS=1000`` sweeps that many students in the questions that sweep fewer in make test
#: (graded code is slower to sweep): ``ADVSEARCH_NOWORK_STUDENTS=1000 pytest tests/test_nowork.py``.
FULL = int(os.environ.get("ADVSEARCH_NOWORK_STUDENTS", "0"))


def sweep(n: int) -> int:
    """How many students a sweep of ``n`` in make test covers: ``n``, or more when :data:`FULL` asks."""
    return max(n, FULL)


def ids(n, salt=""):
    return [f"nowork{salt}{i}" for i in range(n)]


def best_share(shares: dict) -> tuple:
    """The strategy with the largest mean share, and that share."""
    name = max(shares, key=lambda k: statistics.fmean(shares[k]))
    return name, statistics.fmean(shares[name])


def assert_no_work_pays(shares: dict, at_least: int):
    assert all(len(v) >= at_least for v in shares.values())
    name, mean = best_share(shares)
    assert mean <= LIMIT, f"{name} expects {mean:.1%} of the points"


def leaf_below(node, pick):
    """The value of a leaf below ``node``: ``pick`` chooses among the leaves (a list, left to right)."""
    leaves, stack = [], [node]
    while stack:
        n = stack.pop()
        if n.children:
            stack.extend(reversed(n.children))
        else:
            leaves.append(n.value)
    return pick(leaves)


def middle(values):
    return sorted(values)[len(values) // 2]


LEAF_PICKS = {"first leaf": lambda v: v[0], "last leaf": lambda v: v[-1], "median leaf": middle}


def mean(values):
    return Fraction(sum(values), len(values)) if all(isinstance(v, (int, Fraction)) for v in values) \
        else sum(values) / len(values)


#: Reads of the leaves below a node, by name: ``read(node, leaves)``, for answers that mix them by depth.
READS = {"first": lambda n, v: v[0], "last": lambda n, v: v[-1], "median": lambda n, v: middle(v),
         "largest": lambda n, v: max(v), "smallest": lambda n, v: min(v), "mean": lambda n, v: mean(v),
         "mover's best": lambda n, v: max(v) if n.player == MAX else min(v) if n.player == MIN else mean(v)}


def by_depth(t, reads: dict):
    """An answer that reads the leaves below each node by the read named for its depth (the last for deeper)."""
    return {n.label: READS[reads.get(len(n.path), reads[max(reads)])](n, leaf_below(n, list)) for n in inner(t)}


def inner(t):
    return [n for n in t.nodes() if n.children and n.label]


def best_constant(values):
    return Counter(values).most_common(1)[0][0]


# ------------------------------------------------------------------ values by hand: ps1 q1, ps3 q1

def by_hand_values(tree_of, students, points=2.0):
    shares = {}
    trees = [tree_of(s) for s in students]
    keys = [{n.label: t.values()[n.path] for n in inner(t)} for t in trees]
    for i, s in enumerate(students):
        t, key = trees[i], keys[i]
        nodes = inner(t)
        rng = random.Random(s)
        answers = {
            "best constant": {n.label: best_constant(list(key.values())) for n in nodes},
            "a random leaf below": {n.label: leaf_below(n, rng.choice) for n in nodes},
            "a classmate's answer": keys[(i + 1) % len(students)],
        }
        answers.update({name: {n.label: leaf_below(n, pick) for n in nodes} for name, pick in LEAF_PICKS.items()})
        answers.update({
            "median above, largest at depth 2": by_depth(t, {0: "median", 1: "median", 2: "largest"}),
            "mover's best leaf": by_depth(t, {0: "mover's best"}),
            "plain mean of the leaves": by_depth(t, {0: "mean"}),
        })
        for name, answer in answers.items():
            shares.setdefault(name, []).append(grading.assess_values(t, answer, points).points / points)
        assert grading.assess_values(t, keys[i], points).points == points
    return shares


def test_ps1_q1_minimax_values_by_hand():
    shares = by_hand_values(lambda s: grading.exercise("ps1", "minimax", s).tree, ids(STUDENTS))
    assert_no_work_pays(shares, STUDENTS)


# hand_chance_tree draws until its probabilities are halves, thirds and quarters, some 40 ms a tree: 250 students
# (2,750 graded nodes a strategy).
def test_ps3_q1_expectimax_values_by_hand():
    trees = {s: grading.exercise("ps3", "expectimax", s) for s in ids(sweep(250))}
    shares = by_hand_values(trees.__getitem__, list(trees))
    assert_no_work_pays(shares, sweep(250))


# ------------------------------------------------------------------ pruned leaves by hand: ps1 q2

def test_ps1_q2_pruned_leaves_by_hand():
    students = ids(STUDENTS)
    exercises = [grading.exercise("ps1", "alphabeta", s) for s in students]
    keys = [ex.answer_key()["pruned"] for ex in exercises]
    shares = {}
    for i, ex in enumerate(exercises):
        t = ex.tree
        leaves = [leaf.label for leaf in t.leaves()]
        rng = random.Random(students[i])
        answers = {
            "blank": [],
            "one fixed answer: B's second and third leaf": [[1, 1], [1, 2]],
            "one fixed answer: B's second child": [[1, 1]],
            "every leaf": leaves,
            "a random half of the leaves": rng.sample(leaves, len(leaves) // 2),
            "the last leaf of every node": [n.children[-1].label for n in t.nodes()
                                            if n.children and not n.children[-1].children],
            "the last child of every node": [n.children[-1].label for n in t.nodes() if n.children and n.path],
            "a classmate's answer": keys[(i + 1) % len(exercises)],
        }
        for name, answer in answers.items():
            shares.setdefault(name, []).append(grading.assess_pruned(t, answer, 2).points / 2)
        assert grading.assess_pruned(t, keys[i], 2).points == 2
    assert_no_work_pays(shares, STUDENTS)


# ------------------------------------------------------------------ searches in code: ps1 q3, q4; ps3 q3; ps4 q3

def walker(answer):
    """A search that visits every node once, children left to right, and returns ``answer(leaves, game, state)``.

    Its visits are exactly minimax's (and max-n's), so only the value it returns is not searched.
    """
    def search(game, state):
        leaves = []

        def walk(s, p=1):
            if game.is_terminal(s):
                values = tuple(game.utility(s, q) for q in range(game.num_players)) if game.num_players > 2 \
                    else game.utility(s, MAX)
                leaves.append((values, p))
                return
            if game.to_move(s) == CHANCE:
                for a, q in game.chance_outcomes(s):
                    walk(game.result(s, a), p * q)
            else:
                for a in game.actions(s):
                    walk(game.result(s, a), p)

        walk(state)
        return answer(leaves, game, state)
    return search


def common_roots(batteries, k=2) -> list:
    """The ``k`` values most often at the root of the trees of all ``batteries``: the best fixed constants."""
    return [v for v, _ in Counter(t.values()[()] for trees in batteries for t in trees).most_common(k)]


def value_strategies(constants):
    """The searches that read their answer off the leaves, and those that return one of the ``constants``."""
    return {
        **{f"constant {c}, every node visited": walker(lambda leaves, g, s, c=c: c) for c in constants},
        "first leaf": walker(lambda leaves, g, s: leaves[0][0]),
        "last leaf": walker(lambda leaves, g, s: leaves[-1][0]),
        "median leaf": walker(lambda leaves, g, s: middle([v for v, p in leaves]) if not isinstance(
            leaves[0][0], tuple) else sorted((v for v, p in leaves), key=lambda v: v[g.to_move(s)])[len(leaves) // 2]),
        "a random leaf": walker(lambda leaves, g, s: random.Random(str(leaves)).choice(leaves)[0]),
    }


def minimax(game, state):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    values = [minimax(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == MAX else min(values)


def alphabeta(game, state, alpha=-math.inf, beta=math.inf):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    if game.to_move(state) == MAX:
        v = -math.inf
        for a in game.actions(state):
            v = max(v, alphabeta(game, game.result(state, a), alpha, beta))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v
    v = math.inf
    for a in game.actions(state):
        v = min(v, alphabeta(game, game.result(state, a), alpha, beta))
        if v <= alpha:
            return v
        beta = min(beta, v)
    return v


# A battery is 10 trees, each graded with 4 shuffled copies: 30 students are 300 trees, up to 1,500 runs a
# strategy (each run a walk of the whole tree, compared with six reference searches).
CODE_STUDENTS = sweep(30)


@pytest.mark.parametrize("algorithm,right", [("minimax", minimax), ("alphabeta", alphabeta)])
def test_ps1_q3_q4_searches_in_code(algorithm, right):
    shares = {}
    batteries = [grading.search_trees(s) for s in ids(CODE_STUDENTS, "code")]
    constants = common_roots(batteries)
    for trees in batteries:
        strategies = value_strategies(constants)
        strategies["plain minimax"] = minimax
        for name, fn in strategies.items():
            if algorithm == "minimax" and name == "plain minimax":
                continue
            shares.setdefault(name, []).append(grading.assess_search(fn, algorithm, trees, 3).points / 3)
        assert grading.assess_search(right, algorithm, trees, 3).points == 3
    assert_no_work_pays(shares, CODE_STUDENTS)


def expectimax(game, state):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    if game.to_move(state) == CHANCE:
        return sum(p * expectimax(game, game.result(state, o)) for o, p in game.chance_outcomes(state))
    values = [expectimax(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == MAX else min(values)


# 8 trees a student: 80 students are 640 trees a strategy.
CHANCE_STUDENTS = sweep(80)


def test_ps3_q3_expectimax_in_code():
    shares = {}
    batteries = [grading.chance_trees(s) for s in ids(CHANCE_STUDENTS, "chance")]
    constants = common_roots(batteries)
    for trees in batteries:
        strategies = value_strategies(constants)
        strategies.update({f"plain constant {c}": lambda game, state, c=c: c for c in constants})
        strategies["the mean of the leaves"] = walker(lambda leaves, g, s: Fraction(sum(v for v, p in leaves),
                                                                                     len(leaves)))
        strategies["the leaves weighted by their probabilities"] = walker(
            lambda leaves, g, s: sum(v * p for v, p in leaves) / sum(p for v, p in leaves))
        for name, fn in strategies.items():
            shares.setdefault(name, []).append(grading.assess_expectimax(fn, trees, 3).points / 3)
        assert grading.assess_expectimax(expectimax, trees, 3).points == 3
    assert_no_work_pays(shares, CHANCE_STUDENTS)


def maxn(game, state):
    if game.is_terminal(state):
        return tuple(game.utility(state, p) for p in range(game.num_players))
    mover = game.to_move(state)
    best = None
    for a in game.actions(state):
        v = maxn(game, game.result(state, a))
        if best is None or v[mover] > best[mover]:
            best = v
    return best


# 8 trees a student, each with 4 shuffled copies: 30 students are 240 trees, up to 1,200 runs a strategy.
def test_ps4_q3_maxn_in_code():
    shares = {}
    batteries = [grading.maxn_trees(s) for s in ids(CODE_STUDENTS, "maxn")]
    constants = common_roots(batteries)
    for trees in batteries:
        for name, fn in value_strategies(constants).items():
            shares.setdefault(name, []).append(grading.assess_maxn(fn, trees, 4).points / 4)
        assert grading.assess_maxn(maxn, trees, 4).points == 4
    assert_no_work_pays(shares, CODE_STUDENTS)


# ------------------------------------------------------------------ a UCT step by hand: ps3 q2

def test_ps3_q2_uct_step_by_hand():
    students = ids(STUDENTS, "ucb")
    questions = [grading.exercise("ps3", "ucb", s) for s in students]
    # the fixed number within 0.01 of the most UCTValues over all the questions: no constant does better
    grid = [c / 100 for c in range(0, 400)]
    every = [v for q in questions for v in q.values.values()]
    constant = max(grid, key=lambda c: sum(abs(c - v) <= 0.01 for v in every))
    shares = {}
    for i, q in enumerate(questions):
        kids = q.children
        rates = {k: w / v for k, (w, v) in kids.items()}
        best_rate = max(rates, key=rates.get)
        most = max(kids, key=lambda k: kids[k][1])
        left = [k for k in kids if k not in (best_rate, most)]
        rng = random.Random(students[i])
        other = questions[(i + 1) % len(questions)]
        answers = {
            "elimination, no values": ({}, left[0]),
            "elimination, best constant": ({k: constant for k in kids}, left[0]),
            "a random child, best constant": ({k: constant for k in kids}, rng.choice(list(kids))),
            "win rates only": (rates, max(rates, key=rates.get)),
            "random values": ({k: rng.uniform(0, 3) for k in kids}, rng.choice(list(kids))),
            "a classmate's answer": (other.values, other.choice),
        }
        for name, (values, choice) in answers.items():
            shares.setdefault(name, []).append(grading.assess_ucb(q, values, choice, 2).points / 2)
        assert grading.assess_ucb(q, {k: round(v, 2) for k, v in q.values.items()}, q.choice, 2).points == 2
    assert_no_work_pays(shares, STUDENTS)


# ------------------------------------------------------------------ MCTS in code: ps3 q4, q5

def exact_moves(game, state):
    """The root moves of best minimax value for the player at the root, by exact search."""
    values = {a: minimax(game, game.result(state, a)) for a in game.actions(state)}
    best = (max if game.to_move(state) == MAX else min)(values.values())
    return [a for a, v in values.items() if v == best]


def minimax_counts(game, state, iterations, rng):
    """An exact search, then counts made up to look like UCT's: the minimax move most visited."""
    actions = list(game.actions(state))
    best = exact_moves(game, state)[0]
    visits = {a: 1 for a in actions}
    visits[best] += iterations - len(actions)
    return {a: (visits[a] * (0.9 if a == best else 0.1), visits[a]) for a in actions}


def playouts_then_minimax(game, state, iterations, rng):
    """As many random playouts as iterations (the calls UCT makes), then counts made up from an exact search."""
    for _ in range(iterations):
        s = state
        while not game.is_terminal(s):
            s = game.result(s, rng.choice(list(game.actions(s))))
        game.utility(s, MAX)
    return minimax_counts(game, state, iterations, rng)


def flat_monte_carlo(game, state, iterations, rng):
    """Each child tried once, then random children with random playouts, and their results counted."""
    actions = list(game.actions(state))
    me = game.to_move(state)
    stats = {a: [0.0, 0] for a in actions}
    for i in range(iterations):
        a = actions[i] if i < len(actions) else rng.choice(actions)
        s = game.result(state, a)
        while not game.is_terminal(s):
            s = game.result(s, rng.choice(list(game.actions(s))))
        stats[a][0] += (game.utility(s, me) + 1) / 2
        stats[a][1] += 1
    return {a: tuple(v) for a, v in stats.items()}


def make_uct(steer=False, swap=False):
    """The lecture's UCT (test_grading_ps3's student); with ``steer`` its root counts are moved to the minimax
    move afterwards (found by exact search), with ``swap`` the counts of the two most visited moves are swapped."""
    uct = make_mcts()

    def mcts(game, state, iterations, rng):
        stats = uct(game, state, iterations, rng)
        if (steer or swap) and iterations > len(stats):
            top, best = sorted(stats, key=lambda a: stats[a][1])[-2:]
            if steer:
                best = exact_moves(game, state)[0]
            (wb, nb), (wt, nt) = stats[best], stats[top]
            stats[best], stats[top] = (min(wt, nt), nt), (min(wb, nb), nb)
        return stats
    return mcts


def random_counts(game, state, iterations, rng):
    actions = list(game.actions(state))
    cuts = sorted(rng.randint(0, iterations - len(actions)) for _ in actions[1:])
    parts = [b - a for a, b in zip([0] + cuts, cuts + [iterations - len(actions)])]
    return {a: (0.5 * (1 + p), 1 + p) for a, p in zip(actions, parts)}


# 6 trees a student, each run up to three times: 60 students are 360 trees a strategy and aspect (the made-up
# counts fail on the first run of every tree).
@pytest.mark.parametrize("aspect", ["convergence", "perspective"])
def test_ps3_q4_q5_mcts_in_code(aspect):
    strategies = {"minimax with made-up counts": minimax_counts, "playouts, then made-up counts": playouts_then_minimax,
                  "flat Monte Carlo": flat_monte_carlo, "UCT with its counts steered to the minimax move":
                  make_uct(steer=True), "random counts": random_counts}
    shares = {}
    students = ids(sweep(60), "mcts")
    for s in students:
        trees = grading.mcts_trees(s, aspect=aspect)
        for name, fn in strategies.items():
            shares.setdefault(name, []).append(grading.assess_mcts(fn, trees, 3, aspect=aspect).points / 3)
    for s in students[:3]:
        assert grading.assess_mcts(make_uct(), grading.mcts_trees(s, aspect=aspect), 3, aspect=aspect).points == 3
    assert_no_work_pays(shares, sweep(60))


def test_the_replay_names_where_made_up_counts_part_from_uct():
    t = grading.mcts_trees("x")[0]
    g = grading.assess_mcts(minimax_counts, [t], 3)
    assert g.points == 0 and "does not search as UCT does" in g.text
    g = grading.assess_mcts(make_uct(steer=True), [t], 3)
    assert g.points == 0 and "more than its playouts" in g.text          # the exact search's leaves
    g = grading.assess_mcts(make_uct(swap=True), [t], 3)
    assert g.points == 0 and "its playouts passed through the root's children" in g.text


# ------------------------------------------------------------------ max-n and paranoid by hand: ps4 q1, q2

def test_ps4_q1_q2_multiplayer_by_hand():
    students = ids(STUDENTS, "mp")
    questions = [grading.exercise("ps4", "multiplayer", s) for s in students]
    maxn_shares, paranoid_shares = {}, {}
    for i, q in enumerate(questions):
        t = q.tree
        nodes = inner(t)
        kids = [c.label for c in t.initial_state.children]
        rng = random.Random(students[i])
        other = questions[(i + 1) % len(questions)]
        vectors = {
            "best constant": {n.label: best_constant([q.maxn[m.label] for m in nodes]) for n in nodes},
            "a random leaf below": {n.label: leaf_below(n, rng.choice) for n in nodes},
            "a classmate's answer": other.maxn,
        }
        vectors.update({name: {n.label: leaf_below(n, pick) for n in nodes} for name, pick in
                        {"first leaf": LEAF_PICKS["first leaf"], "last leaf": LEAF_PICKS["last leaf"]}.items()})
        vectors["the leaf best for the player to move"] = {
            n.label: leaf_below(n, lambda v, p=n.player: max(v, key=lambda x: x[p])) for n in nodes}
        for name, answer in vectors.items():
            move = rng.choice(kids) if name != "a classmate's answer" else other.maxn_move
            maxn_shares.setdefault(name, []).append(grading.assess_maxn_values(q, answer, move, 2).points / 2)
        p0 = {
            "best constant": {n.label: best_constant([q.paranoid[m.label] for m in nodes]) for n in nodes},
            "P0's first leaf": {n.label: leaf_below(n, lambda v: v[0][0]) for n in nodes},
            "P0's payoff at a random leaf": {n.label: leaf_below(n, lambda v: rng.choice(v)[0]) for n in nodes},
            "P0's entries of max-n": {k: v[0] for k, v in q.maxn.items()},
            "a classmate's answer": other.paranoid,
        }
        for name, answer in p0.items():
            move, spite = rng.choice(kids), rng.choice([n.label for n in nodes])
            if name == "a classmate's answer":
                move, spite = other.paranoid_move, other.spite
            paranoid_shares.setdefault(name, []).append(grading.assess_paranoid(q, answer, move, spite, 3).points / 3)
        assert grading.assess_maxn_values(q, q.maxn, q.maxn_move, 2).points == 2
        assert grading.assess_paranoid(q, q.paranoid, q.paranoid_move, q.spite, 3).points == 3
    assert_no_work_pays(maxn_shares, STUDENTS)
    assert_no_work_pays(paranoid_shares, STUDENTS)


# ------------------------------------------------------------------ ps2: the evaluation must be the student's own

GAME = ConnectFour()
FEATURES = connect4_features(GAME)
C4 = connect4_eval(GAME)


def antisymmetric(f):
    return lambda s, p: f(s) if p == MAX else -f(s)


SHIPPED = {
    "connect4_eval": C4,
    "Linear with the shipped weights": Linear(FEATURES, C4.weights),
    "connect4_eval times 7": antisymmetric(lambda s: 7 * C4(s, MAX)),
    "connect4_eval squashed by tanh": antisymmetric(lambda s: math.tanh(20 * C4(s, MAX))),
    "connect4_eval plus a tiny hash": antisymmetric(lambda s: C4(s, MAX) + zlib.crc32(repr(s).encode()) * 1e-15),
    "connect4_eval negated": antisymmetric(lambda s: -C4(s, MAX)),
    "the plain sum of the features": Linear(FEATURES, {k: 1 for k in FEATURES}),
    **{f"the feature {k} alone": f for k, f in FEATURES.items()},
    **{f"the feature {k} times 0.01": antisymmetric(lambda s, f=f: 0.01 * f(s, MAX)) for k, f in FEATURES.items()},
    "the search opponent's 0": lambda s, p: 0.0,
    "a constant 0.3": antisymmetric(lambda s: 0.3),
    "a hash of the board": antisymmetric(lambda s: (zlib.crc32(repr(s).encode()) % 1000) / 2000 - 0.25),
    "random numbers": lambda s, p: random.uniform(-0.5, 0.5),
}

OWN = {
    "own weights": Linear(FEATURES, {"centre": 0.02, "twos": 0.005, "threes": 0.03, "threats": 0.05}),
    "other weights": Linear(FEATURES, {"centre": 0.03, "twos": 0.002, "threes": 0.04, "threats": 0.05}),
}


# The identity check is deterministic given the student's positions and runs in the grader's process;
# every shipped evaluation is far from the thresholds (it ranks 99% or more of the pairs alike, or separates none,
# or ranks about half), so 25 students (3,750 positions) a strategy show it; the matches it spares cost
# 10 to 60 seconds each and are not played here.
@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_ps2_any_evaluation_the_package_ships_earns_nothing(name):
    for s in ids(25, "eval"):
        sub = problemsets.Submission(s, "ps2", None, SimpleNamespace(game=GAME), seed=1)
        g = problemsets._not_own(SHIPPED[name], sub, 3)
        assert g is not None and g.points == 0.0, name


@pytest.mark.parametrize("name", sorted(OWN))
def test_ps2_an_evaluation_of_ones_own_is_graded(name):
    for s in ids(10, "own"):
        assert grading.unoriginal(OWN[name], GAME, originality.originality_positions(GAME, s)) is None


@settings(max_examples=25, deadline=None)
@given(scale=st.floats(0.1, 5), shift=st.floats(-0.2, 0.2), steep=st.floats(0.1, 5), negate=st.booleans())
def test_ps2_monotone_changes_of_connect4_eval_are_connect4_eval(scale, shift, steep, negate):
    sign = -1 if negate else 1
    e = antisymmetric(lambda s: sign * math.tanh(steep * (scale * C4(s, MAX) + shift)))
    why = grading.unoriginal(e, GAME, originality.originality_positions(GAME, "hypothesis"))
    assert why is not None and ("connect4_eval" in why or "tells apart" in why)


def test_ps2_an_evaluation_that_plays_otherwise_than_it_answers_the_check_is_caught_in_play():
    """One that counts its calls answers the identity check as its own and then plays connect4_eval."""
    calls = []

    def two_faced(state, player):
        calls.append(1)
        return OWN["own weights"](state, player) if len(calls) <= 150 else C4(state, player)

    assert grading.unoriginal(two_faced, GAME, originality.originality_positions(GAME, "two")) is None
    played = originality.Recorder(two_faced)
    for state in grading.sample_positions(GAME, "a match", 3000):          # as many calls as a match's first moves
        played(state, MAX)
    why = grading.unoriginal_values(played.values, GAME, played.positions)
    assert "it is connect4_eval" in why


def test_ps2_the_reference_solution_is_its_own():
    """The source notebook's evaluation passes the identity check (its matches are the round trip's to play)."""
    import json
    import pathlib

    nb = json.loads((pathlib.Path(__file__).parent.parent / "exercises/assignments/source/ps2/ps2.ipynb").read_text())
    cell = next(c for c in nb["cells"] if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") ==
                "evaluate_answer")
    scope = {"MAX": MAX, "MIN": MIN, "Linear": Linear, "connect4_features": connect4_features, "game": GAME}
    exec("".join(cell["source"]), scope)
    assert grading.unoriginal(scope["evaluate"], GAME, originality.originality_positions(GAME, "ref")) is None


# ------------------------------------------------------------------ ps2: seeing whose move it is, and what it pays

def _mover_sign(s):
    """+1 when X is to move, -1 when O is: a value for X that favours the player to move."""
    return 1 if GAME.to_move(s) == MAX else -1


def _board_hash(s, salt=""):
    return zlib.crc32(f"{salt}{s}".encode()) / 2 ** 32 - 0.5


def _whose_move_strategies(student: str) -> dict:
    """What a student can hand in for the whose-move test without seeing whose move it is, drawn for ``student``."""
    rng = random.Random(f"nowork-whose-move:{student}")
    positive = Linear(FEATURES, {k: rng.uniform(0.001, 1) for k in FEATURES})
    either = Linear(FEATURES, {k: rng.uniform(-1, 1) for k in FEATURES})
    bonus = rng.uniform(0, 1)
    empties = rng.uniform(0.001, 0.05)
    return {
        **SHIPPED,
        "the four features, random positive weights": positive,
        "the four features, random weights of either sign": either,
        "random positive weights, a bonus for the player to move": antisymmetric(
            lambda s: positive(s, MAX) + bonus * _mover_sign(s)),
        "random positive weights, a bonus for X": antisymmetric(lambda s: positive(s, MAX) + bonus),
        "random positive weights, more for the player to move the more empty cells": antisymmetric(
            lambda s: positive(s, MAX) + empties * (42 - (s[0] | s[1]).bit_count()) * _mover_sign(s)),
        "random positive weights, more for the player to move the fewer empty cells": antisymmetric(
            lambda s: positive(s, MAX) - empties * (42 - (s[0] | s[1]).bit_count()) * _mover_sign(s)),
        "connect4_eval turned round where the player to move has fewer playable threats": lambda s, p: (
            -C4(s, p) if FEATURES["threats"](s, GAME.to_move(s)) < 0 else C4(s, p)),
        "connect4_eval plus a hash": antisymmetric(lambda s: C4(s, MAX) + 0.05 * _board_hash(s)),
        "connect4_eval, a fifth of the positions changed at random": antisymmetric(
            lambda s: _board_hash(s, "value") if _board_hash(s, "which") < -0.3 else C4(s, MAX)),
        "random positive weights, more for the player to move the flatter the columns": antisymmetric(
            lambda s: positive(s, MAX) - 1e-4 * statistics.pvariance(GAME.heights(s)) * _mover_sign(s)),
        "random positive weights, less for each position asked later": _later_is_worse(positive),
    }


def _later_is_worse(base):
    """An evaluation that keeps state: each new position is worth a hair less than the one asked before it (it
    earned every pair when the won position of a pair was always asked first)."""
    seen = {}

    def evaluate(state, player):
        if state not in seen:
            seen[state] = (player, base(state, player) - 1e-9 * len(seen))
        first, value = seen[state]
        return value if player == first else -value
    return evaluate


def _sees_whose_move(state, player):
    """The model answer's idea: a win at once for the player to move, else connect4_eval."""
    if GAME.winning_action(state) is None:
        return C4(state, player)
    return 0.9 if player == GAME.to_move(state) else -0.9


@pytest.mark.parametrize("part", range(4))         # four quarters of the students, run side by side
def test_ps2_whose_move_pays_nothing_for_no_work(part):
    """Any function of the four features, with any bonus for the player to move or for a colour, ranks no pair
    right by construction (both positions of a pair have the same features); guesses, and blind statistics of the
    board, rank half to three quarters right, which the floor of 90% pays almost nothing; an evaluation that keeps
    state learns nothing from the order it is asked in (shuffled by the secret seed)."""
    shares = {}
    for student in ids(sweep(STUDENTS), "whose")[part::4]:
        pairs = grading.whose_move_pairs(GAME, f"{student}:graded")
        for name, evaluate in _whose_move_strategies(student).items():
            shares.setdefault(name, []).append(
                grading.assess_whose_move(evaluate, GAME, pairs, 2, seed=f"{student}:order").points / 2)
        assert grading.assess_whose_move(_sees_whose_move, GAME, pairs, 2, seed=student).points == 2
    print({name: round(100 * statistics.fmean(v), 2) for name, v in shares.items()})     # the README's table
    assert_no_work_pays(shares, STUDENTS // 4)      # each quarter at most 5%, so the whole too
    for name in ("the four features, random positive weights", "the four features, random weights of either sign",
                 "random positive weights, a bonus for X", "random positive weights, a bonus for the player to move",
                 "connect4_eval turned round where the player to move has fewer playable threats",
                 "random positive weights, more for the player to move the more empty cells",
                 "random positive weights, more for the player to move the fewer empty cells"):
        assert max(shares[name]) == 0, name


@given(seen=st.floats(0, 1), earned=st.floats(0, 1))
@settings(max_examples=30, deadline=None)
def test_ps2_the_other_tests_pay_at_most_the_share_of_whose_move(seen, earned):
    """Manners and the matches pay their own share times the whose-move share, so their no-work expectation is
    at most whose-move's; the share of whose-move is the one remembered for the submission."""
    sub = problemsets.Submission("s", "ps2", None, SimpleNamespace(game=GAME), seed=1)
    sub.memo["whose_move"] = grading.Grade(share(1.0, seen), 1.0, "seen")
    own = grading.Grade(share(3.0, earned), 3.0, "own")
    paid = problemsets._with_knowledge(None, sub, 3.0, lambda: own)
    assert paid.points <= own.points * sub.memo["whose_move"].points + 0.01
    assert paid.points <= own.points


@pytest.mark.parametrize("right, points", [(54, 0.0), (55, 0.33), (57, 1.0), (59, 1.66), (60, 2.0)])
def test_ps2_whose_move_pays_as_the_notebook_says(right, points):
    """54 of 60 pairs or fewer earn nothing, all 60 the 2 points, each pair between a sixth (rounded down)."""
    pairs = grading.whose_move_pairs(GAME, "as the notebook says")
    knows = {p for p in pairs[:right]}

    def evaluate(state, player):
        pair = next((p for p in knows if state in p), None)
        value = 0.0 if pair is None else 0.9 if state == pair[0] else -0.9
        return value if player == GAME.to_move(state) else -value
    assert grading.assess_whose_move(evaluate, GAME, pairs, 2).points == points


# ------------------------------------------------------------------ the blind-answer guard itself

@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6), st.lists(st.sampled_from(sorted(READS)), min_size=1, max_size=4),
       st.sampled_from(["ps1", "ps3"]))
def test_any_mix_of_reads_by_depth_earns_nothing(seed, reads, ps):
    """Whatever read of the leaves an answer takes at each depth, it earns nothing: the guard counts the best
    read at every depth."""
    t = (grading.exercise("ps1", "minimax", f"mix{seed}").tree if ps == "ps1"
         else grading.exercise("ps3", "expectimax", f"mix{seed}"))
    answer = by_depth(t, dict(enumerate(reads)))
    key = {n.label: t.values()[n.path] for n in inner(t)}
    if answer != key:
        assert grading.assess_values(t, answer).points == 0.0
