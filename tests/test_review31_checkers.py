"""Review 31: the hand-answer checkers of issue 30 against hostile answers.

A checker never raises because of the student's answer, never says ok to a
wrong one, and quotes the answer only escaped.  Each answer here broke one of
these before the fixes of this review: objects whose ``==`` says yes to
everything (or a str subclass whose ``strip`` or hash lies), a repr that
raises, numbers too large to print or to turn into a float, a node named
twice with different answers, an unhashable move.
"""

from __future__ import annotations

import functools
from fractions import Fraction

import pytest

from advsearch import TicTacToe, check, examples, parse
from advsearch.answers import number_problem
from advsearch.course.shared.untrusted import plain, shown

inf = float("inf")


class AlwaysEqual:
    """An object equal to everything, that hashes like "a"."""

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    def __hash__(self):
        return hash("a")


class EqualStr(AlwaysEqual, str):
    """A str that equals everything, hashes like "a" and strips to itself: it once passed every history question."""

    def strip(self, *chars):
        return self

    def lower(self):
        return self


class LyingTuple(tuple):
    def __eq__(self, other):
        return True

    __hash__ = tuple.__hash__


class BadRepr:
    def __repr__(self):
        raise RuntimeError("repr raises")


class BadReprStr(str):
    def __repr__(self):
        raise RuntimeError("repr raises")


class LowerSaysAlpha(str):
    def strip(self, *chars):
        return self

    def lower(self):
        return "alpha"


HUGE = [10 ** 400, 10 ** 5000, Fraction(10 ** 400, 3), -10 ** 400]

HISTORY = {"turk": "b", "ajedrecista": "b", "shannon": "c", "othello": "b"}
SIZES = {"pair_plies": 2, "game_plies": 80, "per_ply": 30, "games_exponent": 120, "seed_exponent": 154.4,
         "positions_exponent": 43}
TWO_PLY_WINDOWS = {"A": [(-inf, inf), (3, inf)], "B": [(-inf, inf), (-inf, 3)], "C": [(3, inf), (3, inf)],
                   "D": [(3, inf), (3, 5)]}
STAR1_TREE = "A[B:chance[1/2: C:min[2 9] 1/2: D:min[4 8]] E:chance[1/2: F:min[1 7] 1/2: G:min[5 6]]]"
STAR1_WINDOWS = {"C": (0, 10), "D": (0, 10), "F": (0, 10), "G": (5, 10)}
REPLIES = [(1, "a"), (1, "b"), (2, "c"), (3, "d")]


def _checkers():
    """Each checker with one hostile answer slot: ``name -> (check(answer), a right answer)``."""
    t, ttt = examples.two_ply(), TicTacToe()
    position = ttt.state("XXO/OOX/...")
    est, ranges = {"a": 5, "b": 3, "c": 4}, {"a": (3, 6), "b": (1, 7), "c": (2, 4)}
    return {
        "prediction": (lambda a: check.prediction(a, (1, 2), question="Which?"), (1, 2)),
        "prediction_choice": (lambda a: check.prediction(a, "left", question="Which?", choices=["left", "right"]),
                              "left"),
        "history": (lambda a: check.history({**HISTORY, "turk": a}), "b"),
        "game_tree_size": (lambda a: check.game_tree_size({**SIZES, "per_ply": a}), 30),
        "search_graph": (lambda a: check.search_graph(ttt, position, a), 14),
        "cuts": (lambda a: check.cuts(t, {"C": a}), "alpha"),
        "windows": (lambda a: check.windows(t, {**TWO_PLY_WINDOWS, "D": [(3, inf), (3, a)]}), 5),
        "star1_windows": (lambda a: check.star1_windows(parse(STAR1_TREE), {**STAR1_WINDOWS, "G": (a, 10)},
                                                        bounds=(0, 10)), 5),
        "worth_searching": (lambda a: check.worth_searching(est, ranges, ["a", a]), "b"),
        "threat_ads": (lambda a: check.threat_ads([3, 1], [[3, 1, 2], a], opponents=[1, 2, 3]), [1, 3, 2]),
        "reply_order": (lambda a: check.reply_order([3, 1, 2], REPLIES, ["d", "a", "b", a]), "c"),
    }


CHECKERS = _checkers()
HOSTILE = {
    "always_equal": AlwaysEqual(), "equal_str": EqualStr("zzz"), "lying_tuple": LyingTuple((9, 9)),
    "bad_repr": BadRepr(), "bad_repr_str": BadReprStr("zzz"), "lower_says_alpha": LowerSaysAlpha("beta"),
    "nested_deep": functools.reduce(lambda a, _: [a], range(50_000), []),
    "unhashable": ["a"], "script": "<script>alert(1)</script>", **{f"huge_{k}": x for k, x in enumerate(HUGE)},
}


@pytest.mark.parametrize("checker", sorted(CHECKERS))
def test_each_checker_takes_its_right_answer(checker):
    run, right = CHECKERS[checker]
    assert run(right).ok


@pytest.mark.parametrize("hostile", sorted(HOSTILE))
@pytest.mark.parametrize("checker", sorted(CHECKERS))
def test_a_hostile_answer_is_refused_in_words_and_escaped(checker, hostile):
    run, _ = CHECKERS[checker]
    fb = run(HOSTILE[hostile])
    assert not fb.ok
    assert isinstance(str(fb), str) and len(str(fb)) < 2_000
    assert "<script" not in fb._repr_html_()


def test_a_lying_tuple_or_str_is_not_the_result_of_a_prediction():
    assert not check.prediction(LyingTuple((9, 9)), (1, 2), question="Which?").ok
    assert not check.prediction(AlwaysEqual(), (1, 2), question="Which?").ok
    assert not check.prediction(EqualStr("right"), "left", question="Which?", choices=["left", "right"]).ok
    assert check.prediction((1, 2), (1, 2), question="Which?").ok          # a plain tuple still is
    assert check.prediction(" LEFT", "left", question="Which?", choices=["left", "right"]).ok


def test_one_equal_str_no_longer_passes_every_history_question():
    assert not check.history({k: EqualStr("z") for k in HISTORY}).ok
    assert check.history({k: f" {v.upper()} " for k, v in HISTORY.items()}).ok


def test_a_dict_subclass_is_read_for_what_it_holds():
    class Lies(dict):
        def get(self, key, default=None):
            return SIZES[key]

        def values(self):
            raise RuntimeError("values raises")

        def items(self):
            raise RuntimeError("items raises")

    fb = check.game_tree_size(Lies({"pair_plies": 99}))
    assert not fb.ok and "you wrote 99" in str(fb)
    assert check.windows(examples.two_ply(), Lies(TWO_PLY_WINDOWS)).ok
    assert not check.cuts(examples.two_ply(), Lies({"C": "beta"})).ok


def test_cuts_refuses_a_node_named_twice_with_both_bounds():
    t = examples.two_ply()
    for answer in ({(1,): "beta", "C": "alpha"}, {"C": "alpha", "[1]": "beta"}):
        fb = check.cuts(t, answer)
        assert not fb.ok and "twice" in str(fb)
    assert check.cuts(t, {"C": "alpha", (1,): "α"}).ok                  # the same bound twice is one answer


def test_star1_windows_refuses_an_outcome_named_twice_with_different_windows():
    fb = check.star1_windows(parse(STAR1_TREE), {**STAR1_WINDOWS, (1, 1): (3, 10)}, bounds=(0, 10))
    assert not fb.ok and "twice" in str(fb)


def test_worth_searching_reads_a_nested_list_as_a_wrong_move():
    fb = check.worth_searching({"a": 5, "b": 3, "c": 4}, {"a": (3, 6), "b": (1, 7), "c": (2, 4)}, [["a", "b"]])
    assert not fb.ok and "is not a move here" in str(fb)


def test_numbers_past_300_digits_are_refused_by_the_shared_rule():
    assert number_problem(10 ** 300) is None and number_problem(-10 ** 300) is None
    for x in HUGE + [Fraction(1, 10 ** 301)]:
        assert "300 digits" in number_problem(x)
    assert number_problem(BadRepr()) == "<a BadRepr> is a BadRepr, not an int, float or Fraction"


def test_plain_and_shown():
    assert plain({"a": [1, (2.5, Fraction(1, 3))], "b": frozenset({None, True})})
    assert not plain(LyingTuple(())) and not plain([BadRepr()]) and not plain(list(range(20_000)))
    assert not plain(HOSTILE["nested_deep"]) and not plain(2 ** 20_000)
    assert shown(BadRepr()) == "<a BadRepr>" and shown("x" * 100, 10) == "'xxxxxxxx…"


def test_playable_refuses_a_game_of_few_positions_but_many_moves_before_asking_the_agent():
    """Nim with one heap of 9,998 has 19,996 positions (under MAX_POSITIONS) but about 5e7 moves: counting
    them took 109 s and the page would hold every one; it is now refused at MAX_MOVES, at once."""
    import time

    from advsearch import Nim, playable
    from advsearch.playable_game import MAX_MOVES

    asked = []
    start = time.perf_counter()
    with pytest.raises(ValueError, match=f"more than {MAX_MOVES:,} moves"):
        playable(Nim([9998]), lambda game, state: asked.append(state) or game.actions(state)[0])
    assert time.perf_counter() - start < 5 and not asked
    assert playable(TicTacToe(), "solver").positions == 960           # 16,167 moves: still well inside


class RaisingList(list):
    def __len__(self):
        raise RuntimeError("len raises")

    def __iter__(self):
        raise RuntimeError("iter raises")

    def __eq__(self, other):
        raise RuntimeError("== raises")


class RaisingDict(dict):
    def __len__(self):
        raise RuntimeError("len raises")

    def __iter__(self):
        raise RuntimeError("iter raises")

    def get(self, *args):
        raise RuntimeError("get raises")


class RaisingStr(str):
    def __len__(self):
        raise RuntimeError("len raises")

    def strip(self, *chars):
        raise RuntimeError("strip raises")


@pytest.mark.parametrize("answer", [RaisingList([1]), RaisingDict(), RaisingStr("C")], ids=type)
@pytest.mark.parametrize("checker", ["history", "game_tree_size", "search_graph", "cuts", "windows",
                                     "star1_windows", "worth_searching", "threat_ads", "reply_order"])
def test_a_whole_answer_whose_len_or_iter_raises_is_refused_in_words(checker, answer):
    t, ttt = examples.two_ply(), TicTacToe()
    est, ranges = {"a": 5, "b": 3, "c": 4}, {"a": (3, 6), "b": (1, 7), "c": (2, 4)}
    run = {"history": check.history, "game_tree_size": check.game_tree_size,
           "search_graph": lambda a: check.search_graph(ttt, ttt.state("XXO/OOX/..."), a),
           "cuts": lambda a: check.cuts(t, a), "windows": lambda a: check.windows(t, a),
           "star1_windows": lambda a: check.star1_windows(parse(STAR1_TREE), a, bounds=(0, 10)),
           "worth_searching": lambda a: check.worth_searching(est, ranges, a),
           "threat_ads": lambda a: check.threat_ads([3, 1], a, opponents=[1, 2, 3]),
           "reply_order": lambda a: check.reply_order([3, 1, 2], REPLIES, a)}[checker]
    fb = run(answer)
    assert not fb.ok and str(fb)


def test_a_prediction_is_a_number_within_the_shared_tolerance():
    """``0.1 + 0.2`` for 0.3 was "off by 0.0": the prediction now reads numbers by :func:`answers.close`."""
    assert check.prediction(0.1 + 0.2, 0.3, question="Which?").ok
    assert not check.prediction(0.3001, 0.3, question="Which?").ok


class PosingAsInt:
    """Claims to be an int (``__class__``), compares below anything and indexes as 1: a path of these named C."""

    __class__ = property(lambda self: int)

    def __lt__(self, other):
        return True

    __le__ = __gt__ = __ge__ = __lt__

    def __index__(self):
        return 1

    def __repr__(self):
        raise RuntimeError("repr raises")


def test_a_path_is_made_of_exact_ints():
    t = examples.two_ply()
    for fb in (check.cuts(t, {(PosingAsInt(),): "alpha"}),
               check.windows(t, {**TWO_PLY_WINDOWS, (PosingAsInt(),): [(3, inf), (3, inf)]}),
               check.values(t, {(PosingAsInt(),): 2})):
        assert not fb.ok and "names no node" in str(fb)
    assert check.cuts(t, {(1,): "alpha"}).ok and check.cuts(t, {"[1]": "alpha"}).ok


def test_a_missing_root_window_does_not_draw_the_finished_search():
    """The root's window when entered is event 0: "the search just before" was drawn as step -1, the last
    frame, which showed every node's window, the whole answer."""
    fb = check.windows(examples.two_ply(), {"B": [(-inf, inf), (-inf, 3)]})
    assert not fb.ok and "you have not given A's window" in str(fb)
    svg = fb.picture().svg
    assert "after step" not in svg and "searched with" not in svg
