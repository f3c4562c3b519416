"""Hypergammon: the rules on hand-checked positions, against an independent move generator, and bad input.

Positions are given as ``game.state(x=..., o=...)``, each side in its own
numbering (25 the bar, 0 off).  X's point n is O's point 25 - n.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from advsearch import CHANCE, MAX, MIN, GameError, IllegalMoveError, agents
from advsearch.arena import play
from advsearch.games import Hypergammon
from advsearch.games.hypergammon import ROLLS, HypergammonState, legal_plays


@pytest.fixture
def game():
    return Hypergammon()


def plays(game, state):
    return set(game.actions(state))


# --- The dice. ---

def test_the_21_rolls(game):
    outcomes = game.chance_outcomes(game.initial_state)
    assert len(outcomes) == 21 and sum(p for _, p in outcomes) == 1
    doubles = [(r, p) for r, p in outcomes if r[0] == r[1]]
    others = [(r, p) for r, p in outcomes if r[0] != r[1]]
    assert len(doubles) == 6 and all(p == Fraction(1, 36) for _, p in doubles)
    assert len(others) == 15 and all(p == Fraction(1, 18) for _, p in others)
    assert all(isinstance(p, Fraction) for _, p in outcomes)
    # The same as counting the 36 ordered throws of two dice.
    counts = {}
    for a, b in itertools.product(range(1, 7), repeat=2):
        counts[max(a, b), min(a, b)] = counts.get((max(a, b), min(a, b)), 0) + 1
    assert dict(outcomes) == {r: Fraction(n, 36) for r, n in counts.items()}
    assert game.actions(game.initial_state) == tuple(r for r, _ in outcomes)
    assert outcomes[:4] == [((1, 1), Fraction(1, 36)), ((2, 1), Fraction(1, 18)),
                            ((2, 2), Fraction(1, 36)), ((3, 1), Fraction(1, 18))]


def test_start_and_a_roll(game):
    s = game.initial_state
    assert s == HypergammonState(((24, 23, 22), (24, 23, 22)), MAX, None)
    assert game.to_move(s) == CHANCE and not game.is_terminal(s)
    assert game.result(s, (5, 6)) == game.result(s, (6, 5)) == HypergammonState(s.checkers, MAX, (6, 5))
    assert game.to_move(game.result(s, (6, 5))) == MAX
    assert game.pip_counts(s) == (69, 69)


def test_opening_6_5_has_nine_distinct_plays(game):
    # By hand: one checker moves 11 (3 ways) or two different checkers move 6 and 5 (3 x 2 ways).
    s = game.result(game.initial_state, (6, 5))
    assert len(game.actions(s)) == 9
    assert ((24, 18), (18, 13)) not in game.actions(s)       # the same position as 24/19/13, listed once
    assert game.result(s, ((24, 18), (18, 13))) == game.result(s, ((24, 19), (19, 13)))
    after = game.result(s, ((24, 19), (19, 13)))
    assert after.checkers == ((23, 22, 13), (24, 23, 22)) and game.to_move(after) == CHANCE
    assert after.player == MIN


# --- Hitting and the bar. ---

def test_a_hit_sends_the_checker_to_the_bar(game):
    s = game.state(x=(13, 6, 5), o=(18, 1, 1), roll=(6, 1))      # O's blot on its 18 is X's 7
    after = game.result(s, ((13, 7), (6, 5)))
    assert after.checkers == ((7, 5, 5), (25, 1, 1))
    assert "bar: X 0, O 1" in game.render(after)
    assert game.notation(s, ((13, 7), (6, 5))) == "13/7* 6/5"


def test_a_checker_on_the_bar_must_enter_first(game):
    s = game.state(x=(25, 13, 6), o=(24, 23, 1), roll=(6, 5))
    assert all(play[0][0] == 25 for play in game.actions(s))
    with pytest.raises(IllegalMoveError, match="bar must enter before any other checker moves"):
        game.result(s, ((13, 7), (6, 1)))
    two = game.state(x=(25, 25, 6), o=(24, 23, 1), roll=(6, 5))
    assert game.actions(two) == (((25, 20), (25, 19)),)       # both enter, nothing else moves


def test_entering_hits_a_blot(game):
    s = game.state(x=(25, 10, 9), o=(3, 20, 20), roll=(3, 1))   # O's 3 is X's 22, where the 3 enters
    after = game.result(s, ((25, 22), (10, 9)))
    assert after.checkers == ((22, 9, 9), (25, 20, 20))


def test_blocked_entry_means_no_move(game):
    s = game.state(x=(25, 10, 9), o=(4, 4, 1), roll=(4, 4))      # O holds its 4 point, X's 21
    assert game.actions(s) == ((),)
    after = game.result(s, ())
    assert after == HypergammonState(s.checkers, MIN, None)     # the turn passes
    assert game.notation(s, ()) == "(no move)"
    with pytest.raises(IllegalMoveError, match="blocked"):
        game.result(s, ((25, 21),))


def test_one_die_blocked_on_entry(game):
    # 4 cannot enter (O holds X's 21), so the 3 enters and the 4 is played afterwards.
    s = game.state(x=(25, 10, 9), o=(4, 4, 1), roll=(4, 3))
    assert plays(game, s) == {((25, 22), (22, 18)), ((25, 22), (10, 6)), ((25, 22), (9, 5))}


# --- Bearing off. ---

def test_bearing_off_only_when_all_checkers_are_home(game):
    s = game.state(x=(8, 3, 2), o=(3, 2, 1), roll=(3, 2))
    assert ((8, 5), (2, 0)) in plays(game, s)                  # 8/5 brings the last checker home first
    with pytest.raises(IllegalMoveError, match="only when all your checkers are in your home board"):
        game.result(s, ((3, 0), (2, 0)))
    far = game.state(x=(9, 3, 2), o=(3, 2, 1), roll=(1, 1))     # three 1s bring the 9 home, one is left
    assert all(to != 0 for play in game.actions(far) for _, to in play)


def test_a_larger_die_bears_off_from_the_highest_point(game):
    s = game.state(x=(4, 2, 1), o=(3, 2, 1), roll=(6, 5))
    assert game.actions(s) == (((4, 0), (2, 0)),)              # 6 takes off the 4, then 5 the 2
    assert game.result(s, ((4, 0), (2, 0))).checkers[MAX] == (1, 0, 0)
    with pytest.raises(IllegalMoveError, match="only from your highest point, and you have a checker on 4"):
        game.result(s, ((2, 0), (1, 0)))
    exact = game.state(x=(6, 5, 1), o=(3, 2, 1), roll=(6, 5))
    assert plays(game, exact) == {((6, 0), (5, 0)), ((6, 1), (5, 0))}


def test_a_die_smaller_than_the_highest_point_must_move_inside(game):
    # No checker on 2 or 1, and both dice are below the highest point (6): nothing bears off.
    # By hand, the 2 and the 1 reach three positions: 4-4, 5-3 and 6-2.
    s = game.state(x=(6, 5, 0), o=(3, 2, 1), roll=(2, 1))
    assert {game.result(s, play).checkers[MAX] for play in game.actions(s)} == {(4, 4, 0), (5, 3, 0), (6, 2, 0)}
    assert all(len(play) == 2 and all(to != 0 for _, to in play) for play in game.actions(s))


def test_winning_ends_the_play(game):
    s = game.state(x=(2, 0, 0), o=(3, 2, 1), roll=(6, 1))
    assert len(game.actions(s)) == 1                           # 2/off, or 2/1/off: the same end
    end = game.result(s, ((2, 0),))                            # the 6 bears off the last checker; the 1 is moot
    assert game.result(s, ((2, 1), (1, 0))) == end
    assert game.is_terminal(end) and game.actions(end) == ()
    assert game.winner(end) == MAX
    assert (game.utility(end, MAX), game.utility(end, MIN)) == (1, -1)


# --- Using the dice. ---

def test_doubles_are_played_four_times(game):
    s = game.result(game.initial_state, (1, 1))
    assert all(len(play) == 4 for play in game.actions(s))
    for play in game.actions(s):
        assert game.pip_counts(game.result(s, play))[MAX] == 69 - 4
    assert ((24, 23), (23, 22), (22, 21), (21, 20)) in game.actions(s)
    # Every distinct way to split four 1s among three checkers: (24-a, 23-b, 22-c), a + b + c = 4.
    expected = {tuple(sorted((24 - a, 23 - b, 22 - c), reverse=True))
                for a in range(5) for b in range(5) for c in range(5) if a + b + c == 4}
    assert {game.result(s, play).checkers[MAX] for play in game.actions(s)} == expected
    assert len(game.actions(s)) == len(expected)


def test_doubles_played_as_far_as_they_go(game):
    s = game.state(x=(13, 0, 0), o=(20, 20, 1), roll=(4, 4))   # O holds X's 5: 13/9 and then stuck
    assert game.actions(s) == (((13, 9),),)


def test_both_dice_must_be_used_when_possible(game):
    # 6 first would land on 7, which O holds; only 5 then 6 uses both dice.
    s = game.state(x=(13, 1, 1), o=(18, 18, 19), roll=(6, 5))
    assert game.actions(s) == (((13, 8), (8, 2)),)
    with pytest.raises(IllegalMoveError, match="plays 1 of the dice, but 2 can be played"):
        game.result(s, ((13, 8),))


def test_the_larger_die_when_only_one_can_be_used(game):
    # O holds X's 2, so 13/7 or 13/8 can be played, but not both dice: the 6 must be played.
    s = game.state(x=(13, 1, 1), o=(23, 23, 19), roll=(6, 5))
    assert game.actions(s) == (((13, 7),),)
    with pytest.raises(IllegalMoveError, match=r"the larger \(6\) must be played"):
        game.result(s, ((13, 8),))


def test_the_smaller_die_when_the_larger_cannot_be_used(game):
    # Two checkers on the bar; O holds its 6 point (X's 19), so a 6 cannot enter.  The 5 enters
    # one checker on 20, and the other must still enter first: the 6 is lost.
    s = game.state(x=(25, 25, 5), o=(6, 6, 1), roll=(6, 5))
    assert game.actions(s) == (((25, 20),),)
    with pytest.raises(IllegalMoveError, match="blocked"):
        game.result(s, ((25, 19),))


def test_no_legal_move_passes_the_turn_in_a_game(game):
    s = game.state(x=(25, 25, 9), o=(4, 4, 3), player=MAX, roll=(4, 4))
    assert game.actions(s) == ((),)
    assert game.to_move(game.result(s, ())) == CHANCE and game.result(s, ()).player == MIN


# --- Gammons. ---

def test_gammons_and_backgammons():
    plain, scored = Hypergammon(), Hypergammon(gammons=True)
    assert plain.utility_range == (-1, 1) and scored.utility_range == (-3, 3)
    single = scored.state(x=(0, 0, 0), o=(5, 3, 0), player=MIN)
    gammon = scored.state(x=(0, 0, 0), o=(12, 3, 1), player=MIN)
    backgammon = scored.state(x=(0, 0, 0), o=(20, 3, 1), player=MIN)
    on_bar = scored.state(x=(0, 0, 0), o=(25, 3, 1), player=MIN)
    assert [scored.utility(s, MAX) for s in (single, gammon, backgammon, on_bar)] == [1, 2, 3, 3]
    assert scored.utility(backgammon, MIN) == -3
    assert plain.utility(backgammon, MAX) == 1
    assert "a backgammon" in scored.render(backgammon)
    o_wins = scored.state(x=(9, 8, 7), o=(0, 0, 0), player=MAX)
    assert scored.utility(o_wins, MIN) == 2 and scored.winner(o_wins) == MIN


# --- Whole games. ---

@pytest.mark.parametrize("gammons", [False, True])
def test_seeded_random_games_end(gammons):
    game = Hypergammon(gammons=gammons)
    for seed in range(10):
        record = play(game, [agents.random(seed), agents.random(seed + 50)], seed=seed, max_moves=20_000)
        assert record.finished, seed
        assert record.outcome[0] == -record.outcome[1] != 0
        for before, move, after in zip(record.states, record.moves, record.states[1:]):
            assert game.result(before, move) == after


def test_checkers_are_conserved_and_pips_fall_by_the_dice(game):
    rng = random.Random(5)
    for _ in range(300):
        s = random_position(rng)
        roll = rng.choice(ROLLS)[0]
        s = s._replace(roll=roll)
        p = s.player
        dice = (roll[0],) * 4 if roll[0] == roll[1] else roll
        for play in game.actions(s):
            after = game.result(s, play)
            mine, theirs = after.checkers[p], after.checkers[1 - p]
            assert len(mine) == len(theirs) == 3
            assert sum(s.checkers[p]) - sum(mine) == sum(f - t for f, t in play)
            assert len(play) <= len(dice)
            for f, t in play:                   # a step moves by a die; only bearing off may use less
                assert f - t in dice or (t == 0 and f - t < max(dice))
            assert sum(theirs) >= sum(s.checkers[1 - p])       # the opponent only loses ground by hits
            assert theirs.count(25) - s.checkers[1 - p].count(25) == len(   # each blot landed on is hit once
                {t for _, t in play if 1 <= t <= 24 and (25 - t) in s.checkers[1 - p]})


# --- An independent move generator: a board of counts, dice tried in each order. ---

def oracle_positions(mine, theirs, roll):
    """The set of (mine, theirs) positions a roll can reach, written independently of the module."""
    board = [0] * 26                     # board[n]: my checkers on my point n (25 bar, 0 off)
    for n in mine:
        board[n] += 1
    opp = [0] * 26                       # opp[n]: opponent's checkers on MY point n (1..24); bar/off apart
    opp_bar = sum(1 for n in theirs if n == 25)
    opp_off = sum(1 for n in theirs if n == 0)
    for n in theirs:
        if 1 <= n <= 24:
            opp[25 - n] += 1
    orders = [(roll[0],) * 4] if roll[0] == roll[1] else [roll, roll[::-1]]
    found = []                            # (dice used, first die, board, opp, opp_bar)

    def moves(board, opp, opp_bar, die):
        for n in range(25, 0, -1):
            if not board[n] or (board[25] and n != 25):
                continue
            to = n - die
            if to > 0:
                if opp[to] > 1:
                    continue
                b, o = board[:], opp[:]
                b[n] -= 1
                b[to] += 1
                hit = o[to] == 1
                o[to] = 0 if hit else o[to]
                yield b, o, opp_bar + hit
            else:
                if any(board[m] for m in range(7, 26)):
                    continue
                if to < 0 and any(board[m] for m in range(n + 1, 7)):
                    continue
                b = board[:]
                b[n] -= 1
                b[0] += 1
                yield b, opp[:], opp_bar

    def go(board, opp, opp_bar, dice, used):
        if board[0] == 3 or not dice:            # all off: the game is over, the rest of the dice count as used
            found.append((used + dice, board, opp, opp_bar))
            return
        options = list(moves(board, opp, opp_bar, dice[0]))
        if not options:
            found.append((used, board, opp, opp_bar))
            return
        for b, o, ob in options:
            go(b, o, ob, dice[1:], used + (dice[0],))

    for order in orders:
        go(board, opp, opp_bar, order, ())
    most = max(len(u) for u, *_ in found)
    keep = [f for f in found if len(f[0]) == most]
    if most == 1 and roll[0] != roll[1] and any(u == (roll[0],) for u, *_ in keep):
        keep = [f for f in keep if f[0] == (roll[0],)]
    out = set()
    for _, b, o, ob in keep:
        m = tuple(sorted((n for n in range(26) for _ in range(b[n])), reverse=True))
        t = sorted([25] * ob + [0] * opp_off + [25 - n for n in range(1, 25) for _ in range(o[n])], reverse=True)
        out.add((m, tuple(t)))
    return out


def random_position(rng):
    """A random legal position with the player to move, mostly with contact and some checkers home."""
    while True:
        points = [rng.choice([0, 25] + list(range(1, 25)) * 2 + list(range(1, 7)) * 3) for _ in range(6)]
        x, o = points[:3], points[3:]
        if any(1 <= n <= 24 and (25 - n) in o for n in x):
            continue
        if all(n == 0 for n in x) or all(n == 0 for n in o):
            continue
        return Hypergammon().state(x=x, o=o, player=rng.randrange(2))


def test_against_an_independent_move_generator(game):
    rng = random.Random(2024)
    checked = 0
    for _ in range(3000):
        s = random_position(rng)
        roll = rng.choice(ROLLS)[0]
        s = s._replace(roll=roll)
        p = s.player
        mine, theirs = s.checkers[p], s.checkers[1 - p]
        ours = {(game.result(s, a).checkers[p], game.result(s, a).checkers[1 - p]) for a in game.actions(s)}
        assert ours == oracle_positions(mine, theirs, roll), (s, roll)
        assert len(ours) == len(game.actions(s))              # one action per resulting position
        checked += 1
    assert checked == 3000


def test_every_legal_play_is_accepted_in_any_order(game):
    s = game.state(x=(25, 13, 6), o=(20, 18, 1), roll=(6, 5))
    for play, after in legal_plays(s.checkers[0], s.checkers[1], (6, 5)).items():
        for order in itertools.permutations(play):
            assert game.result(s, order).checkers == after
            assert game.result(s, [list(step) for step in order]).checkers == after


# --- Bad input. ---

@pytest.mark.parametrize("bad", [(7, 1), (0, 3), (6,), "65", None, (6.0, 5.0), (True, 1)])
def test_bad_rolls(game, bad):
    with pytest.raises(IllegalMoveError, match="not a roll"):
        game.result(game.initial_state, bad)


def test_bad_plays(game):
    s = game.result(game.initial_state, (6, 5))
    with pytest.raises(IllegalMoveError, match="a play is a tuple of steps"):
        game.result(s, "24/13")
    with pytest.raises(IllegalMoveError, match="no checker of yours on point 20"):
        game.result(s, ((20, 14), (24, 19)))
    with pytest.raises(IllegalMoveError, match="moves 4 points, and no unused die shows 4"):
        game.result(s, ((24, 20), (23, 18)))
    with pytest.raises(IllegalMoveError, match="plays 1 of the dice, but 2"):
        game.result(s, ((24, 18),))
    with pytest.raises(IllegalMoveError, match="not a roll"):
        game.result(game.initial_state, ((24, 18),))
    end = game.state(x=(0, 0, 0), o=(1, 2, 3))
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.result(end, (6, 5))
    with pytest.raises(GameError, match="not over"):
        game.utility(game.initial_state, MAX)
    with pytest.raises(GameError, match="not a chance node"):
        game.chance_outcomes(s)


@pytest.mark.parametrize("kwargs", [
    dict(x=(24, 23)), dict(x=(24, 23, 22, 21)), dict(x=(26, 1, 1)), dict(x=(-1, 1, 1)), dict(x=(1.5, 1, 1)),
    dict(x=(24, 23, 22), o=(1, 2, 3)), dict(x=(0, 0, 0), o=(0, "off", 0)), dict(player=2), dict(player=True),
    dict(roll=(7, 1)), dict(roll=(1,)), dict(roll=(1, 2, 3)), dict(x="abc"), dict(x=(True, 1, 1)),
])
def test_bad_states(game, kwargs):
    with pytest.raises(ValueError):
        game.state(**kwargs)


def test_bad_parameters():
    with pytest.raises(ValueError, match="gammons must be True or False"):
        Hypergammon(gammons=1)
    assert repr(Hypergammon()) == "Hypergammon(gammons=False)"


# --- With the expectiminimax search. ---

def test_expectiminimax_value_of_a_last_roll(game):
    # X's last checker is on its 6 point and O will bear off its last checker next turn.
    # X wins unless the roll is 1-1, 2-1, 3-1, 4-1 or 3-2: 1/36 + 4/18 = 1/4, so X's expected
    # utility is 3/4 - 1/4 = 1/2, exactly.
    from advsearch import expectiminimax
    s = game.state(x=(6, 0, 0), o=(1, 0, 0), player=MAX)
    failing = {(1, 1), (2, 1), (3, 1), (4, 1), (3, 2)}
    for roll, _ in ROLLS:
        after = game.result(s, roll)
        assert all(game.is_terminal(game.result(after, play)) != (roll in failing) for play in game.actions(after))
    assert expectiminimax(game, s).value == Fraction(1, 2)
    assert expectiminimax(game, s, pruning="star2").value == Fraction(1, 2)
