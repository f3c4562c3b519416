"""Pig and Piglet: the rules, value iteration against published numbers, policies, and bad input.

Published facts used here:

- Pig, goal 100: the first player wins about 53.06% with optimal play
  (Neller & Presser, "Optimal Play of the Dice Game Pig", UMAP Journal 25(1), 2004).
- Piglet, goal 2: P(0,0,0) = 4/7, P(0,0,1) = 5/7, P(0,1,0) = 2/5, P(0,1,1) = 3/5,
  P(1,0,0) = 4/5, P(1,1,0) = 2/3, the paper's worked example (as reproduced by the
  ReScience-style study github.com/slbrimble/Optimal-Play-Pig).
- Piglet, goals 3, 6 and 9: the turn total at which the optimal player first holds,
  for every pair of scores (Neller, CS 391 Piglet exercise,
  cs.gettysburg.edu/~tneller/cs391/03sp/piglet.html).
- Pig, goal 100, both players "hold at 20 or goal": the first player wins about
  .5347 (Neller, "First-Player Advantage", nifty.stanford.edu/2010/neller-pig).
- Pig, goal 100, scores 41 and 49: the optimal player rolls until a turn total of
  22, but rolls once more at 27 ("Pig puzzle solution", possiblywrong.wordpress.com,
  20 March 2014).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from advsearch import CHANCE, MAX, MIN, GameError, IllegalMoveError, Nim, agents, expectiminimax
from advsearch.arena import match, play
from advsearch.games import Pig, Piglet, hold_at, optimal_pig, optimal_piglet
from advsearch.games import pig
from advsearch.games.pig import solver as pig_solver
from advsearch.games.pig import PigState
from advsearch.games.pig.solver import PigPolicy, optimal_policy, win_probability


# --- The rules. ---

def test_chance_outcomes_are_exact_and_sum_to_one():
    pig, piglet = Pig(), Piglet()
    s = pig.result(pig.initial_state, "roll")
    outcomes = pig.chance_outcomes(s)
    assert outcomes == [(face, Fraction(1, 6)) for face in range(1, 7)]
    assert sum(p for _, p in outcomes) == 1
    assert pig.actions(s) == (1, 2, 3, 4, 5, 6)
    c = piglet.result(piglet.initial_state, "roll")
    assert piglet.chance_outcomes(c) == [("heads", Fraction(1, 2)), ("tails", Fraction(1, 2))]
    assert sum(p for _, p in piglet.chance_outcomes(c)) == 1


def test_a_turn_of_pig():
    game = Pig()
    s = game.initial_state
    assert s == PigState((0, 0), 0, MAX, False) and game.to_move(s) == MAX
    assert game.actions(s) == ("roll", "hold")
    s = game.result(s, "roll")
    assert game.to_move(s) == CHANCE and not game.is_terminal(s)
    s = game.result(s, 4)
    assert s == PigState((0, 0), 4, MAX, False)
    s = game.result(game.result(s, "roll"), 6)
    assert s.turn_total == 10 and s.player == MAX
    bust = game.result(game.result(s, "roll"), 1)          # a 1 loses the 10 points and ends the turn
    assert bust == PigState((0, 0), 0, MIN, False) and game.to_move(bust) == MIN
    held = game.result(s, "hold")                           # hold banks them
    assert held == PigState((10, 0), 0, MIN, False)
    assert hash(held) == hash(PigState((10, 0), 0, MIN, False))


def test_holding_with_nothing_passes_the_turn():
    # Neller & Presser's equations allow hold at every turn total, 0 included.
    game = Pig()
    s = game.result(game.initial_state, "hold")
    assert s == PigState((0, 0), 0, MIN, False)
    assert game.result(s, "hold") == game.initial_state      # so a game need not end


def test_reaching_the_goal():
    game = Pig(20)
    s = game.state((15, 19), 4, MAX)
    assert game.actions(s) == ("roll", "hold")
    s = game.result(game.result(s, "roll"), 2)                # 15 + 6 >= 20: holding wins
    assert game.actions(s) == ("hold",)
    with pytest.raises(IllegalMoveError, match="'hold'"):
        game.result(s, "roll")
    end = game.result(s, "hold")
    assert game.is_terminal(end) and game.actions(end) == ()
    assert game.winner(end) == MAX
    assert (game.utility(end, MAX), game.utility(end, MIN)) == (1, -1)
    assert "MAX wins" in game.render(end)


def test_piglet_rules():
    game = Piglet(3)
    s = game.result(game.initial_state, "roll")
    assert game.result(s, "heads") == PigState((0, 0), 1, MAX, False)
    assert game.result(s, "tails") == PigState((0, 0), 0, MIN, False)
    assert "flip the coin" in game.render(s)
    assert repr(game) == "Piglet(goal=3)" and repr(Pig()) == "Pig(goal=100)"


def test_render():
    game = Pig()
    s = game.state((12, 30), 8, MAX)
    assert game.render(s) == "goal 100\nMAX   12  + 8 this turn\nMIN   30\nMAX to roll or hold"
    assert game.render(game.result(s, "roll")).endswith("MAX is about to roll the die")


@pytest.mark.parametrize("kind", [Pig, Piglet])
def test_seeded_random_games_end(kind):
    game = kind(30)
    for seed in range(10):
        record = play(game, [agents.random(seed), agents.random(seed + 100)], seed=seed, max_moves=100_000)
        assert record.finished, seed
        assert sorted(record.outcome) == [-1, 1]
        assert game.is_terminal(record.final_state)


# --- Bad input. ---

@pytest.mark.parametrize("goal", [0, -5, 1.5, "100", True, None])
def test_bad_goal(goal):
    with pytest.raises(ValueError, match="goal"):
        Pig(goal)
    with pytest.raises(ValueError, match="goal"):
        Piglet(goal)
    with pytest.raises(ValueError, match="goal"):
        optimal_pig(goal)


def test_illegal_moves_are_explained():
    game = Pig()
    s = game.initial_state
    for bad in ["ROLL", 3, None, ["roll"]]:
        with pytest.raises(IllegalMoveError, match="legal actions are 'roll', 'hold'"):
            game.result(s, bad)
    c = game.result(s, "roll")
    for bad in [0, 7, "roll", True, [1]]:
        with pytest.raises(IllegalMoveError, match="outcomes are 1, 2, 3, 4, 5, 6"):
            game.result(c, bad)
    with pytest.raises(IllegalMoveError, match="heads"):
        Piglet().result(Piglet().result(Piglet().initial_state, "roll"), 1)
    over = PigState((100, 3), 0, MIN, False)
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.result(over, "roll")


def test_misuse_raises_game_errors():
    game = Pig()
    with pytest.raises(GameError, match="not over"):
        game.utility(game.initial_state, MAX)
    with pytest.raises(GameError, match="not a chance node"):
        game.chance_outcomes(game.initial_state)


@pytest.mark.parametrize("args", [((-1, 0),), ((0, 0, 0),), ((1.5, 0),), ((100, 100),), ((0, 0), -1),
                                  ((0, 0), 0, 2), ((0, 0), 0, True), ("ab",)])
def test_bad_states(args):
    with pytest.raises(ValueError):
        Pig().state(*args)


def test_bad_policy_arguments():
    for n in [0, -1, 2.5, "20"]:
        with pytest.raises(ValueError, match="n must be"):
            hold_at(n)
    with pytest.raises(ValueError, match="Pig or Piglet"):
        optimal_policy(Nim())
    for tol in [0, -1e-9, "small"]:
        with pytest.raises(ValueError, match="tolerance"):
            optimal_policy(Piglet(3), tolerance=tol)
    with pytest.raises(ValueError, match="agent"):
        win_probability(Piglet(3), hold_at(1), "hold_at(1)")
    with pytest.raises(ValueError, match="agent b must be a callable"):
        match(Piglet(3), hold_at(1), 42, max_moves=100)
    with pytest.raises(IllegalMoveError, match="roll or hold"):
        win_probability(Piglet(3), hold_at(1), lambda game, state: "jump")
    with pytest.raises(ValueError, match="optimal policy of Piglet"):
        optimal_piglet(3).agent()(Piglet(4), Piglet(4).initial_state)
    with pytest.raises(ValueError, match="decision"):
        hold_at(5)(Pig(), Pig().result(Pig().initial_state, "roll"))


@pytest.mark.parametrize("args, message", [
    ((-1, 0, 0), "a score must be a whole number >= 0, not -1"),
    ((0, 1.5, 0), "a score must be a whole number >= 0, not 1.5"),
    ((0, 0, -2), "turn_total must be a whole number >= 0, not -2"),
    ((3, 0, 0), "scores must be below the goal 3"),
    ((0, 3, 0), "scores must be below the goal 3"),
])
def test_a_solution_refuses_states_outside_the_game(args, message):
    solution = optimal_piglet(3)
    for ask in (solution.action, solution.win_probability):
        with pytest.raises(ValueError, match=message):
            ask(*args)


@pytest.mark.parametrize("kwargs, message", [
    ({"max_iterations": 0}, "max_iterations must be a positive whole number, not 0"),
    ({"max_iterations": 2.5}, "max_iterations must be a positive whole number"),
    ({"tolerance": float("nan")}, "tolerance must be a positive number"),
    ({"tolerance": True}, "tolerance must be a positive number"),
])
def test_value_iteration_refuses_bad_limits(kwargs, message):
    for solve in (lambda: optimal_policy(Piglet(3), **kwargs), lambda: optimal_piglet(3, **kwargs),
                  lambda: win_probability(Piglet(3), hold_at(1), hold_at(1), **kwargs)):
        with pytest.raises(ValueError, match=message):
            solve()


# --- Value iteration against published numbers. ---

def test_value_iteration_converges_and_reports_its_residual():
    solution = optimal_pig()
    assert 1 < solution.iterations < 10_000
    assert 0 <= solution.residual < 1e-12
    assert solution.win.shape == solution.roll.shape == (100, 100, 100)
    assert not solution.win.flags.writeable and not solution.roll.flags.writeable
    with pytest.raises(GameError, match="did not converge in 3 sweeps"):
        optimal_policy(Pig(20), max_iterations=3)


def test_optimal_pig_first_player_wins_53_06_percent():
    # Neller & Presser (2004): 53.06%.
    assert optimal_pig().start_win_probability == pytest.approx(0.5306, abs=5e-5)
    assert optimal_pig() is optimal_pig()                  # cached


def test_goal_1_by_hand():
    # One good roll wins: P = 5/6 + 1/6 (1 - P), so P = 6/7; with a coin P = 1/2 + 1/2 (1 - P) = 2/3.
    assert optimal_pig(1).start_win_probability == pytest.approx(6 / 7, abs=1e-11)
    assert optimal_piglet(1).start_win_probability == pytest.approx(2 / 3, abs=1e-11)
    assert win_probability(Pig(1), hold_at(1), hold_at(1)) == pytest.approx(6 / 7, abs=1e-11)


def test_piglet_goal_2_matches_the_paper_exactly():
    s = optimal_piglet(2)
    expected = {(0, 0, 0): Fraction(4, 7), (0, 0, 1): Fraction(5, 7), (0, 1, 0): Fraction(2, 5),
                (0, 1, 1): Fraction(3, 5), (1, 0, 0): Fraction(4, 5), (1, 1, 0): Fraction(2, 3)}
    for (i, j, k), p in expected.items():
        assert s.win_probability(i, j, k) == pytest.approx(float(p), abs=1e-11), (i, j, k)


HOLD_TABLES = {   # Neller's CS 391 page: row = my score, column = opponent's score, entry = first hold.
    3: "1 3 3/2 2 2/1 1 1",
    6: "2 2 2 2 2 6/1 2 2 2 2 5/1 1 2 2 2 4/1 1 1 1 3 3/1 1 1 2 2 2/1 1 1 1 1 1",
    9: "2 2 2 2 2 2 3 3 9/1 2 2 2 2 2 2 3 8/1 1 2 2 2 2 2 3 7/1 1 1 2 2 2 2 2 6/1 1 1 1 2 2 2 2 5/"
       "1 1 1 1 1 2 2 2 4/1 1 1 1 1 1 1 3 3/1 1 1 1 1 1 2 2 2/1 1 1 1 1 1 1 1 1",
}


@pytest.mark.parametrize("goal", sorted(HOLD_TABLES))
def test_piglet_hold_thresholds_match_nellers_tables(goal):
    s = optimal_piglet(goal)
    table = [[int(x) for x in row.split()] for row in HOLD_TABLES[goal].split("/")]
    got = [[s.hold_threshold(i, j) for j in range(goal)] for i in range(goal)]
    assert got == table


def test_piglet_goal_10():
    s = optimal_piglet()
    assert s.game.goal == 10
    assert s.start_win_probability == pytest.approx(0.5225, abs=5e-5)
    assert s.residual < 1e-12


def test_the_policy_is_not_a_threshold_at_41_49():
    s = optimal_pig()
    rolls = "".join("R" if s.action(41, 49, k) == "roll" else "H" for k in range(20, 30))
    assert rolls == "RRHHHHHRHH"            # hold at 22..26, roll again at 27


def test_values_satisfy_the_optimality_equations():
    # An independent check in plain Python: every value is the max of roll and hold.
    goal = 12
    s = optimal_pig(goal)

    def p(i, j, k):
        return 1.0 if i + k >= goal else s.win[i, j, k]

    worst = 0.0
    for i in range(goal):
        for j in range(goal):
            for k in range(goal - i):
                roll = (1 - p(j, i, 0)) / 6 + sum(p(i, j, k + r) for r in range(2, 7)) / 6
                hold = 1 - p(j, i + k, 0)
                worst = max(worst, abs(s.win[i, j, k] - max(roll, hold)))
                assert s.roll[i, j, k] == (roll > hold + 1e-12) or abs(roll - hold) < 1e-9
    assert worst < 1e-11


def test_plain_value_iteration_agrees():
    # A slow, plain Jacobi value iteration over a dictionary, for Piglet with goal 5.
    goal = 5
    states = [(i, j, k) for i in range(goal) for j in range(goal) for k in range(goal - i)]
    v = dict.fromkeys(states, 0.0)

    def p(i, j, k):
        return 1.0 if i + k >= goal else v[i, j, k]

    for _ in range(2000):
        v = {(i, j, k): max(0.5 * (1 - p(j, i, 0)) + 0.5 * p(i, j, k + 1), 1 - p(j, i + k, 0))
             for i, j, k in states}
    s = optimal_piglet(goal)
    for i, j, k in states:
        assert s.win[i, j, k] == pytest.approx(v[i, j, k], abs=1e-10)


def test_the_optimal_player_never_holds_with_nothing():
    s = optimal_pig()
    assert s.roll[:, :, 0].all()


# --- Policies. ---

def test_hold_at_20_self_play():
    # Neller: the first player wins about .5347 when both hold at 20 or goal.
    game = Pig()
    assert win_probability(game, hold_at(20), hold_at(20)) == pytest.approx(0.5347, abs=5e-5)


def test_optimal_policy_against_itself_and_hold_at_20():
    game = Pig()
    best = optimal_pig().agent()
    value = optimal_pig().start_win_probability
    assert repr(best) == "optimal"
    assert win_probability(game, best, best) == pytest.approx(value, abs=1e-9)
    # The optimal policy guarantees at least the game's value against anyone.
    first = win_probability(game, best, hold_at(20))
    second = win_probability(game, hold_at(20), best)
    assert first > value and 1 - second > 1 - value
    assert (first + 1 - second) / 2 > 0.53


def test_any_agent_can_be_evaluated():
    game = Piglet(6)
    best = optimal_piglet(6)
    as_table = best.agent()

    def as_function(game, state):
        i, j = state.scores[state.player], state.scores[1 - state.player]
        return best.action(i, j, state.turn_total)

    assert win_probability(game, as_function, hold_at(2)) == pytest.approx(
        win_probability(game, as_table, hold_at(2)), abs=1e-12)


def test_policies_that_never_end_are_reported():
    def always_hold(game, state):
        return "hold"

    with pytest.raises(GameError, match="can play for ever"):
        win_probability(Piglet(3), always_hold, always_hold)

    def hold_once_scored(game, state):                  # roll to 1 point, then hold with 0 for ever
        return "roll" if state.scores[state.player] + state.turn_total < 1 else "hold"

    with pytest.raises(GameError, match="can play for ever"):
        win_probability(Piglet(3), hold_once_scored, hold_once_scored)
    assert win_probability(Piglet(3), hold_once_scored, hold_at(3)) == 0    # only the second can win
    with pytest.raises(GameError, match="did not converge in 2 sweeps"):
        win_probability(Pig(), hold_at(20), hold_at(20), max_iterations=2)


def test_custom_policy_class():
    class Cautious(PigPolicy):
        name = "cautious"

        def rolls(self, game, i, j, k):
            return k < 2

    game = Piglet(4)
    assert win_probability(game, Cautious(), hold_at(2)) == pytest.approx(
        win_probability(game, hold_at(2), hold_at(2)))


def test_a_seeded_match_is_close_to_the_exact_value():
    # A match alternates who moves first, so a's expected score is the mean of its chance of
    # winning moving first and moving second (exact, by policy evaluation).
    game = Pig(50)
    a, b = hold_at(15), hold_at(10)
    exact = (win_probability(game, a, b) + 1 - win_probability(game, b, a)) / 2
    result = match(game, a, b, games=400, openings=0, seed=7, max_moves=100_000, progress=False)
    assert result == match(game, a, b, games=400, openings=0, seed=7, max_moves=100_000, progress=False)
    assert result.games == 400 and result.unfinished == result.draws == 0
    assert abs(result.rate - exact) < 4 * (0.25 / 400) ** 0.5       # four standard errors
    capped = match(game, a, b, games=3, openings=0, seed=1, max_moves=5, progress=False)
    assert capped.unfinished == capped.draws == 3 and capped.rate == 0.5
    assert all(len(record) == 5 and not record.finished for record in capped.records)


def test_players_who_always_hold_are_stopped_by_max_moves():
    # Holding with nothing passes the turn, so two players who always hold never finish.
    def holds(game, state):
        return "hold"

    result = match(Piglet(3), holds, holds, games=2, openings=0, seed=0, max_moves=30, progress=False)
    assert result.unfinished == 2 and all(r.final_state.scores == (0, 0) for r in result.records)


def test_the_old_simulate_is_gone():
    # advsearch.arena.match(game, first, second, games=..., openings=0, max_moves=...) plays the games.
    assert not hasattr(pig, "simulate") and "simulate" not in pig.__all__ and "simulate" not in dir(pig)


def test_the_solver_names_are_importable_from_the_rules_module():
    # Notebooks import them as advsearch.games.pig.<name>; they live in pig.solver.
    for name in pig.SOLVER_NAMES:
        assert getattr(pig, name) is getattr(pig_solver, name)
        assert name in pig.__all__ and name in dir(pig)
    from advsearch.games.pig import hold_at as passed_on, optimal_pig as solved

    assert passed_on is hold_at and solved is optimal_pig
    with pytest.raises(AttributeError, match="has no attribute 'optimal_chess'"):
        pig.optimal_chess


def test_agents_play_in_the_arena():
    game = Pig(50)
    record = play(game, [optimal_pig(50).agent(), hold_at(20)], seed=3)
    assert record.finished and record.agents == ("optimal", "hold_at(20)")


def test_evaluate_is_bounded():
    game = Pig(10)
    rng = random.Random(0)
    for _ in range(200):
        s = game.state((rng.randrange(10), rng.randrange(10)), rng.randrange(30), rng.randrange(2))
        for p in (MAX, MIN):
            assert -1 <= game.evaluate(s, p) <= 1
            assert game.evaluate(s, p) == -game.evaluate(s, 1 - p)


# --- With the expectiminimax search, when it is there. ---

def test_expectiminimax_with_the_exact_values_plays_the_optimal_policy():
    # A depth-2 search whose evaluation is the exact probability of winning must choose
    # the optimal action and find the value 2P - 1 (the Bellman equation, one step).
    game = Pig(30)
    s = optimal_pig(30)
    goal = game.goal

    def p(i, j, k):
        return 1.0 if i + k >= goal else float(s.win[i, j, k])

    def evaluate(state, player):
        i, j = state.scores[state.player], state.scores[1 - state.player]
        k = state.turn_total
        if state.rolling:
            mover = (1 - p(j, i, 0)) / 6 + sum(p(i, j, k + r) for r in range(2, 7)) / 6
        else:
            mover = p(i, j, k)
        return 2 * mover - 1 if player == state.player else 1 - 2 * mover

    rng = random.Random(4)
    for _ in range(60):
        i, j = rng.randrange(goal), rng.randrange(goal)
        k = rng.randrange(goal - i)
        roll = (1 - p(j, i, 0)) / 6 + sum(p(i, j, k + r) for r in range(2, 7)) / 6
        if abs(roll - (1 - p(j, i + k, 0))) < 1e-9:
            continue                                              # a tie: either action is optimal
        for player in (MAX, MIN):
            scores = (i, j) if player == MAX else (j, i)
            state = PigState(scores, k, player, False)
            r = expectiminimax(game, state, depth=2, evaluate=evaluate)
            assert r.move == s.action(i, j, k)
            sign = 1 if player == MAX else -1
            assert r.value == pytest.approx(sign * (2 * p(i, j, k) - 1), abs=1e-9)
