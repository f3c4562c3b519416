"""Agents and the arena: play, match, tournament, and the statistics of a match (ratings: test_ratings.py)."""

from __future__ import annotations

import random

import pytest

from advsearch import MAX, MIN, ConnectFour, Game, GameError, IllegalMoveError, Nim, Pig, TicTacToe, agents
from advsearch.arena import (GameRecord, MatchResult, TournamentResult, match, play, random_opening, search_summary,
                             tournament)
from advsearch.ratings import elo, wilson_interval
from advsearch.evaluation import connect4_eval

TTT = TicTacToe()


def first(game, state):
    """Always the first legal action."""
    return game.actions(state)[0]


# --- Agents. ---

def test_random_agent_is_legal_and_reproducible_without_global_randomness():
    state = TTT.state("XO./.X./...")
    random.seed(1)
    a = [agents.random(seed=4)(TTT, state) for _ in range(3)]
    random.seed(2)                      # the global generator must not matter
    b = [agents.random(seed=4)(TTT, state) for _ in range(3)]
    assert a == b
    agent = agents.random(seed=4)
    moves = {agent(TTT, state) for _ in range(200)}
    assert moves == set(TTT.actions(state))          # uniform over the legal moves: all of them turn up


def test_alphabeta_agent_plays_the_search_move_and_keeps_the_result():
    game = ConnectFour()
    evaluate = connect4_eval(game)
    state = game.state("......./......./......./......./...O.../..XX.O.")
    agent = agents.alphabeta(2, evaluate)
    assert repr(agent) == agent.name == "alphabeta(depth=2)"
    assert agent.last is None
    move = agent(game, state)
    assert move == 1 and agent.last.move == move and agent.last.stats.nodes > 1
    named = agents.alphabeta(3, evaluate, name="hand-set", prune_on_equal=False)
    assert named.name == "hand-set"
    assert agents.alphabeta(3, evaluate, prune_on_equal=False).name == "alphabeta(depth=3, prune_on_equal=False)"


def test_agent_factories_reject_bad_arguments_at_once():
    with pytest.raises(ValueError, match="evaluation function"):
        agents.alphabeta(2)
    with pytest.raises(ValueError, match="no option colour"):
        agents.alphabeta(2, lambda s, p: 0, colour="red")
    with pytest.raises(ValueError, match="name"):
        agents.solver(name="")
    with pytest.raises(ValueError, match="probability"):
        agents.epsilon_greedy(first, 1.5)
    with pytest.raises(ValueError, match="agent"):
        agents.epsilon_greedy("first", 0.1)


def test_epsilon_greedy_follows_its_agent_at_zero_and_is_random_at_one():
    state = TTT.initial_state
    assert {agents.epsilon_greedy(first, 0, seed=1)(TTT, state) for _ in range(50)} == {0}
    noisy = agents.epsilon_greedy(first, 1, seed=1)
    assert len({noisy(TTT, state) for _ in range(200)}) == 9


# --- play. ---

def test_play_records_moves_states_and_outcome():
    record = play(TTT, [first, first])
    assert isinstance(record, GameRecord)
    assert record.moves == (0, 1, 2, 3, 4, 5, 6)
    assert len(record.states) == len(record.moves) + 1 == len(record) + 1
    assert record.states[0] == TTT.initial_state
    for before, move, after in zip(record.states, record.moves, record.states[1:]):
        assert TTT.result(before, move) == after
    assert record.finished and record.outcome == (1, -1) and record.winner == 0
    assert record.agents == ("first", "first")
    assert "won by first (player 0)" in str(record)


def test_play_from_a_state_and_with_a_move_limit():
    start = TTT.state("X../.O./...")
    record = play(TTT, [first, first], state=start, max_moves=2)
    assert record.states[0] == start and len(record) == 2
    assert not record.finished and record.outcome is None and record.winner is None


def test_a_draw_has_no_winner():
    record = play(TTT, [agents.solver(), agents.solver()])
    assert record.outcome == (0, 0) and record.winner is None and len(record) == 9


@pytest.mark.parametrize("solver_moves_first", [True, False])
def test_solver_never_loses_to_random_at_tictactoe(solver_moves_first):
    perfect = agents.solver()
    for seed in range(15):
        opponent = agents.random(seed=seed)
        pair = [perfect, opponent] if solver_moves_first else [opponent, perfect]
        record = play(TTT, pair)
        me = 0 if solver_moves_first else 1
        assert record.outcome[me] >= 0, str(record)


def test_an_illegal_move_names_the_agent_and_the_move_and_keeps_the_game():
    def stubborn(game, state):
        return 4                             # the centre, even when taken

    start = TTT.state(".../.X./...")
    with pytest.raises(IllegalMoveError, match=r"stubborn \(player 1, MIN\) chose 4") as caught:
        play(TTT, [first, stubborn], state=start)
    error = caught.value
    assert error.agent == "stubborn" and error.move == 4
    assert error.record.states == (start,) and error.record.moves == ()
    assert TTT.actions(start) == (0, 1, 2, 3, 5, 6, 7, 8)         # nothing changed


def test_an_agent_with_a_name_is_named_by_it_in_the_error():
    illegal = agents.epsilon_greedy(lambda game, state: "nowhere", 0, seed=0)
    with pytest.raises(IllegalMoveError, match="epsilon_greedy.*chose 'nowhere'"):
        play(TTT, [illegal, first])


@pytest.mark.parametrize("bad, message", [
    ([first], "needs 2 agents, not 1"),
    ([first, first, first], "needs 2 agents, not 3"),
    ([first, "random"], "player 1 must be a callable"),
    (first, "sequence of agents"),
])
def test_play_rejects_bad_agents(bad, message):
    with pytest.raises(ValueError, match=message):
        play(TTT, bad)


@pytest.mark.parametrize("bad", [-1, 0, 2.5, True, "10"])
def test_play_rejects_a_bad_move_limit(bad):
    with pytest.raises(ValueError, match=f"max_moves must be a positive whole number, not {bad!r}"):
        play(TTT, [first, first], max_moves=bad)


# --- Openings. ---

def test_random_openings_that_end_the_game_are_skipped():
    # Five random plies end a game of tic-tac-toe fairly often (X can have three in a row).
    rng = random.Random(0)
    ended = sum(TTT.is_terminal(_walk(TTT, 5, rng)) for _ in range(500))
    assert ended > 0                                # so the skipping below is really tested
    rng = random.Random(0)
    for _ in range(200):
        state = random_opening(TTT, 5, rng)
        assert not TTT.is_terminal(state) and bin(state).count("1") == 5


def _walk(game, plies, rng):
    state = game.initial_state
    for _ in range(plies):
        if game.is_terminal(state):
            break
        state = game.result(state, rng.choice(game.actions(state)))
    return state


def test_an_opening_longer_than_any_game_raises():
    with pytest.raises(ValueError, match="all ended the game"):
        random_opening(Nim([1, 1]), 2, random.Random(0))
    with pytest.raises(ValueError, match="plies"):
        random_opening(TTT, -1, random.Random(0))


# --- match. ---

def test_match_counts_add_up_and_colours_alternate_from_the_same_opening():
    result = match(TTT, agents.solver(), agents.random(seed=1), games=9, openings=2, seed=4)
    assert isinstance(result, MatchResult)
    assert result.wins + result.draws + result.losses == result.games == len(result.records) == 9
    for k in range(0, 8, 2):
        one, two = result.records[k], result.records[k + 1]
        assert one.states[0] == two.states[0]                # the same opening ...
        assert one.agents == ("solver", "random(seed=1)") and two.agents == ("random(seed=1)", "solver")
        assert bin(one.states[0]).count("1") == 2             # ... of two plies
    assert result.records[8].agents[0] == "solver"             # an odd last game: a moves first


def test_match_reports_from_the_first_agents_point_of_view():
    # No random opening: a random opening can leave even a perfect player lost.
    strong = match(TTT, agents.solver(), agents.random(seed=2), games=20, openings=0, seed=1)
    weak = match(TTT, agents.random(seed=2), agents.solver(), games=20, openings=0, seed=1)
    assert strong.wins > 0 and strong.losses == 0 and strong.rate > 0.5 and strong.elo > 0
    assert weak.wins == 0 and weak.losses > 0 and weak.rate < 0.5 and weak.elo < 0


def test_seeded_matches_are_identical_and_other_seeds_differ():
    def run(seed):
        return match(TTT, agents.random(seed=1), agents.random(seed=2), games=20, openings=1, seed=seed)

    a, b, c = run(7), run(7), run(8)
    assert a == b and [r.moves for r in a.records] == [r.moves for r in b.records]
    assert [r.moves for r in a.records] != [r.moves for r in c.records]


def test_deterministic_agents_meet_different_openings():
    result = match(TTT, first, first, games=20, openings=2, seed=0)
    assert len({r.states[0] for r in result.records}) > 3


def test_confidence_interval_contains_the_rate_and_narrows_with_more_games():
    for wins, draws, losses in [(0, 0, 5), (3, 4, 3), (10, 0, 0), (7, 2, 1)]:
        result = MatchResult("a", "b", wins, draws, losses)
        lo, hi = result.interval
        assert 0 <= lo <= result.rate <= hi <= 1
        assert lo < hi
        elo_lo, elo_hi = result.elo_interval
        assert elo_lo <= result.elo <= elo_hi
    small, big = MatchResult("a", "b", 6, 0, 4), MatchResult("a", "b", 600, 0, 400)
    assert big.interval[1] - big.interval[0] < small.interval[1] - small.interval[0]


def test_match_result_renders_as_text_and_html():
    result = MatchResult("alphabeta(depth=2)", "<random>", 7, 2, 1, openings=2, seed=0)
    text = str(result)
    assert text.startswith("alphabeta(depth=2) vs <random>: 7 wins, 2 draws, 1 loss in 10 games; score 80.0%")
    table = result._repr_html_()
    assert table.startswith("<table>") and table.endswith("</table>") and table.count("<tr>") == 2
    assert table.count("<td>") == table.count("</td>") == table.count("<th>") == 9
    assert "&lt;random&gt;" in table and "<td>80.0%</td>" in table
    assert "1 win," in str(MatchResult("a", "b", 1, 1, 0))
    assert "+∞" in str(MatchResult("a", "b", 3, 0, 0))
    numbers = result.as_dict()
    assert numbers["games"] == 10 and numbers["score"] == 8.0 and numbers["interval"][0] < 0.8


@pytest.mark.parametrize("kwargs, message", [
    ({"games": 0}, "games must be a whole number >= 1"),
    ({"games": 2.5}, "games must be a whole number"),
    ({"openings": -1}, "openings must be a whole number >= 0"),
    ({"b": "random"}, "agent b must be a callable"),
    ({"a": None}, "agent a must be a callable"),
])
def test_match_rejects_bad_arguments(kwargs, message):
    arguments = {"a": first, "b": first, **kwargs}
    with pytest.raises(ValueError, match=message):
        match(TTT, **arguments)


# --- Games that never end: max_moves. ---

class Forever(Game):
    """A game that never ends: the players take turns to say "pass" (or "win", once the counter is at ``win_at``).

    A state is (moves so far, player to move).  "win" ends it at once, won by the player who says it.
    """

    def __init__(self, win_at=None):
        self.initial_state = (0, MAX)
        self.win_at = win_at

    def to_move(self, state):
        return state[1]

    def actions(self, state):
        if self.is_terminal(state):
            return ()
        return ("pass", "win") if state[0] == self.win_at else ("pass",)

    def result(self, state, action):
        if action == "win":
            return (-1, state[1])                      # the game is over, won by state[1]
        return (state[0] + 1, 1 - state[1])

    def is_terminal(self, state):
        return state[0] < 0

    def utility(self, state, player):
        if not self.is_terminal(state):
            raise GameError("not over")
        return 1 if player == state[1] else -1

    def render(self, state):
        return f"move {state[0]}, player {state[1]} to move"


def greedy(game, state):
    """Says "win" when it can, else "pass"."""
    return game.actions(state)[-1]


def test_play_stops_a_game_that_never_ends_after_max_moves():
    record = play(Forever(), [first, first], max_moves=25)
    assert len(record) == 25 and record.moves == ("pass",) * 25 and record.final_state == (25, MIN)
    assert not record.finished and record.outcome is None and record.winner is None
    assert record.end == "max_moves reached (unfinished)" and "25 moves, max_moves reached" in str(record)
    # A game that ends within the limit is played to its end, as without one.
    won = play(Forever(win_at=3), [greedy, greedy], max_moves=25)
    assert won.finished and len(won) == 4 and won.winner == MIN and won.end == "won by greedy (player 1)"
    assert won == play(Forever(win_at=3), [greedy, greedy])


def test_a_match_scores_games_stopped_by_max_moves_as_draws():
    result = match(Forever(), first, greedy, games=5, openings=0, seed=0, max_moves=12)
    assert (result.wins, result.draws, result.losses, result.unfinished) == (0, 5, 0, 5)
    assert result.rate == 0.5 and result.elo == 0 and result.max_moves == 12
    assert all(len(r) == 12 and not r.finished for r in result.records)
    assert "5 draws (5 stopped at max_moves=12, scored as draws)" in str(result)
    assert "<td>5 (5 unfinished)</td>" in result._repr_html_()
    assert result.as_dict()["unfinished"] == 5 and result.swapped().unfinished == 5
    # A win inside the limit is a win: at move 4 it is MAX's turn, so greedy wins when it moves first;
    # when it moves second, first passes there and nobody can win again.
    mixed = match(Forever(win_at=4), greedy, first, games=4, openings=0, seed=0, max_moves=12)
    assert (mixed.wins, mixed.draws, mixed.losses, mixed.unfinished) == (2, 2, 0, 2)
    assert [r.finished for r in mixed.records] == [True, False, True, False]
    # A real draw is not unfinished.
    draws = match(TTT, agents.solver(), agents.solver(), games=2, openings=0, seed=0, max_moves=9)
    assert (draws.draws, draws.unfinished) == (2, 0)


def test_a_match_between_pig_players_who_always_hold_ends_by_max_moves():
    def holds(game, state):
        return "hold"

    result = match(Pig(goal=10), holds, holds, games=4, openings=0, seed=1, max_moves=40)
    assert result.unfinished == result.draws == 4 and all(len(r) == 40 for r in result.records)
    assert all(r.final_state.scores == (0, 0) for r in result.records)


def test_a_tournament_passes_max_moves_to_every_match():
    table = tournament(Forever(win_at=2), {"pass": first, "greedy": greedy, "also": agents.random(seed=0)},
                       games=2, openings=0, seed=0, max_moves=10, progress=False)
    assert table.max_moves == 10 and all(m.max_moves == 10 for m in table.matches)
    assert all(len(r) <= 10 for m in table.matches for r in m.records)
    rows = {row["agent"]: row for row in table.standings()}
    assert sum(row["unfinished"] for row in rows.values()) == 2 * sum(m.unfinished for m in table.matches)
    assert "games stopped after 10 moves scored as draws" in str(table).splitlines()[0]
    assert table.as_dict()["max_moves"] == 10


@pytest.mark.parametrize("bad", [0, -3, 1.5, True])
def test_match_and_tournament_refuse_a_bad_move_limit(bad):
    with pytest.raises(ValueError, match="max_moves must be a positive whole number"):
        match(TTT, first, first, max_moves=bad)
    with pytest.raises(ValueError, match="max_moves must be a positive whole number"):
        tournament(TTT, {"a": first, "b": first}, max_moves=bad)


def test_a_match_result_cannot_have_more_unfinished_games_than_draws():
    with pytest.raises(ValueError, match="unfinished <= draws"):
        MatchResult("a", "b", 3, 1, 0, unfinished=2)
    with pytest.raises(ValueError, match="unfinished <= draws"):
        MatchResult("a", "b", 3, 1, 0, unfinished=-1)


def test_match_needs_a_two_player_game():
    class ThreePlayers(Nim):
        num_players = 3

    with pytest.raises(ValueError, match="two players"):
        match(ThreePlayers(), first, first)


def test_chance_agents_play_their_searchs_move_and_check_options():
    from advsearch import Pig, expectiminimax
    game = Pig(goal=20)
    s = game.state(scores=(5, 12), turn_total=6)
    for depth in (1, 2, 3):
        agent = agents.expectiminimax(depth, game.evaluate)
        assert agent(game, s) == expectiminimax(game, s, depth=depth, evaluate=game.evaluate).move
        assert agent.last.value == expectiminimax(game, s, depth=depth, evaluate=game.evaluate).value
    assert repr(agents.expectimax(2, game.evaluate)) == "expectimax(depth=2)"
    with pytest.raises(ValueError, match="expectiminimax takes no option"):
        agents.expectiminimax(2, game.evaluate, order=None)
    with pytest.raises(ValueError, match="evaluate"):
        agents.expectimax(2)


# --- tournament. ---


def ttt_field():
    """Three freshly made tic-tac-toe agents: random, always the first legal move, and perfect."""
    return {"random": agents.random(seed=1), "first": first, "solver": agents.solver()}


def test_a_tournament_plays_every_pair_through_match_with_both_colours():
    table = tournament(TTT, ttt_field(), games=6, openings=1, seed=2)
    assert isinstance(table, TournamentResult)
    assert table.agents == ("random", "first", "solver") and table.games_per_pair == 6
    assert [(m.a, m.b) for m in table.matches] == [("random", "first"), ("random", "solver"),
                                                   ("first", "solver")]
    for m in table.matches:
        assert m.games == len(m.records) == 6 and m.seed == 2 and m.openings == 1
        for k in range(0, 6, 2):                         # each opening twice, colours swapped
            one, two = m.records[k], m.records[k + 1]
            assert one.states[0] == two.states[0] and one.agents == two.agents[::-1]
    # Every pair met the same openings (one seed for all), so the comparison is fair.
    openings = [[r.states[0] for r in m.records] for m in table.matches]
    assert openings[0] == openings[1] == openings[2]


def test_a_seeded_tournament_is_reproducible():
    a = tournament(TTT, ttt_field(), games=6, seed=5)
    b = tournament(TTT, ttt_field(), games=6, seed=5)
    assert a == b and str(a) == str(b)
    assert [r.moves for m in a.matches for r in m.records] == [r.moves for m in b.matches for r in m.records]


def test_standings_scores_and_ratings_add_up():
    table = tournament(TTT, ttt_field(), games=8, openings=0, seed=1)
    rows = table.standings()
    assert [r["agent"] for r in rows] == ["solver", "random", "first"]
    assert [r["rank"] for r in rows] == [1, 2, 3]
    assert [r["elo"] for r in rows] == sorted((r["elo"] for r in rows), reverse=True)
    assert sum(table.ratings) == pytest.approx(0, abs=1e-6)               # ratings average 0
    for r in rows:
        assert r["games"] == 16 and r["wins"] + r["draws"] + r["losses"] == 16
        assert r["score"] == r["wins"] + r["draws"] / 2 and r["rate"] == r["score"] / 16
        lo, hi = r["interval"]
        assert 0 <= lo <= r["rate"] <= hi <= 1 and (lo, hi) == wilson_interval(r["score"], 16)
        elo_lo, elo_hi = r["elo_interval"]
        assert elo_lo < r["elo"] < elo_hi
    cross = table.crosstable()
    for a in table.agents:
        for b in table.agents:
            if a != b:
                assert cross[a][b] + cross[b][a] == 8
                assert table.result(a, b) == table.result(b, a).swapped()
    assert sum(r["score"] for r in rows) == 3 * 8                        # every game gives out one point
    with pytest.raises(KeyError, match="no match between 'solver' and 'nobody'"):
        table.result("solver", "nobody")


def test_a_tournament_of_two_agents_agrees_with_their_match():
    a, b = agents.random(seed=3), agents.random(seed=4)
    table = tournament(TTT, [a, b], games=10, openings=1, seed=9)
    single = match(TTT, agents.random(seed=3), agents.random(seed=4), games=10, openings=1, seed=9)
    assert table.matches == (single,) and table.agents == ("random(seed=3)", "random(seed=4)")
    # With one virtual draw the rating gap is the Elo of the score rate with that draw added.
    gap = table.ratings[0] - table.ratings[1]
    assert gap == pytest.approx(elo((single.score + 0.5) / (single.games + 1)), abs=1e-6)


def test_tournament_tables_print_and_render_as_html():
    table = tournament(TTT, ttt_field(), games=4, openings=0, seed=0)
    text = str(table)
    lines = text.splitlines()
    assert lines[0] == "Round robin of TicTacToe(): 3 agents, 4 games a pair, 0 random opening plies, seed 0"
    assert lines[2].split() == ["rank", "agent", "games", "wins", "draws", "losses", "score", "rate", "95%",
                                "CI", "Elo", "Elo", "95%", "CI"]
    assert lines[4].split()[:2] == ["1", "solver"]
    assert "Points of each row's agent against each column's, of 4:" in text
    assert lines[-1].startswith("first ") and "—" in lines[-1]
    page = table._repr_html_()
    assert page.count("<table>") == 2 and page.count("</table>") == 2
    assert page.count("<tr>") == (1 + 3) * 2
    assert "<td>solver</td>" in page
    numbers = table.as_dict()
    assert numbers["standings"][0]["agent"] == "solver" and len(numbers["matches"]) == 3
    import json

    json.dumps(numbers)
    assert "TournamentResult(game='TicTacToe()', agents=('random', 'first', 'solver')" in repr(table)


def test_html_escapes_agent_names():
    table = tournament(TTT, {"<b>": first, "&": agents.random(seed=0)}, games=2, seed=0)
    page = table._repr_html_()
    assert "<td>&lt;b&gt;</td>" in page and "<td>&amp;</td>" in page and "<b>" not in page


@pytest.mark.parametrize("bad, message", [
    ([first], "at least two agents, not 1"),
    ([first, first], "two agents are called 'first'"),
    ([first, "random"], "every agent must be a callable"),
    ({"a": first, "b": None}, "agent 'b' must be a callable"),
    ({"a": first, "": first}, "names must be non-empty strings"),
    (first, "sequence or a mapping"),
])
def test_tournament_rejects_bad_agents(bad, message):
    with pytest.raises(ValueError, match=message):
        tournament(TTT, bad, games=2)


@pytest.mark.parametrize("kwargs, message", [
    ({"games": 0}, "games must be a whole number >= 1"),
    ({"openings": -1}, "openings must be"),
    ({"prior": -1}, "prior must be a number of virtual games >= 0"),
    ({"prior": True}, "prior must be"),
])
def test_tournament_rejects_bad_numbers(kwargs, message):
    with pytest.raises(ValueError, match=message):
        tournament(TTT, {"a": first, "b": agents.random(seed=0)}, **kwargs)


def test_tournament_needs_a_two_player_game():
    class ThreePlayers(Nim):
        num_players = 3

    with pytest.raises(ValueError, match="two-player"):
        tournament(ThreePlayers(), {"a": first, "b": first})


# --- Progress bars and search summaries. ---

def test_a_quick_match_shows_no_progress_bar(capsys):
    match(TTT, first, first, games=4, seed=0)
    tournament(TTT, {"a": first, "b": agents.random(seed=0)}, games=4, seed=0)
    assert capsys.readouterr().err == ""


def test_a_slow_match_shows_a_progress_bar_after_a_second(capsys):
    import time

    def slow(game, state):
        time.sleep(0.3)
        return game.actions(state)[0]

    match(Nim((1,)), slow, slow, games=5, openings=0, seed=0)       # 5 games of one move, 0.3 s each
    err = capsys.readouterr().err
    assert "slow vs slow" in err and "game" in err
    match(Nim((1,)), slow, slow, games=4, openings=0, seed=0, progress=False)
    assert capsys.readouterr().err == ""


def test_match_result_swapped():
    result = MatchResult("a", "b", 5, 2, 3, openings=1, seed=4)
    back = result.swapped()
    assert (back.a, back.b, back.wins, back.draws, back.losses) == ("b", "a", 3, 2, 5)
    assert back.swapped() == result and back.rate == pytest.approx(1 - result.rate)


def test_search_summary_names_the_counts_and_the_value():
    agent = agents.solver()
    assert search_summary(agent) is None                    # no search yet
    agent(TTT, TTT.state("XX./OO./..."))
    line = search_summary(agent, "X")
    assert line.startswith(f"nodes {agent.last.stats.nodes:,} · leaves ") and line.endswith("value for X +1")
    assert search_summary(first) is None and search_summary(agents.random(seed=0)) is None
