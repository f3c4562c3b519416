"""The stepper: StepperModel's logic, and the ipywidgets Stepper built on it."""

import base64
import html
import subprocess
import sys
import types

import pytest
from hypothesis import given
from hypothesis import strategies as st

from advsearch import alphabeta, examples, minimax
from advsearch.drawing.stepper import StepperModel
from advsearch.result import Trace

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def result():
    return alphabeta(examples.two_ply(), trace=True)


# --- StepperModel ---


def test_model_over_a_result_or_its_trace(result):
    for source in (result, result.trace):
        m = StepperModel(source)
        assert (m.index, m.step, m.count) == (0, 0, len(result.trace)) == (0, 0, 26)
        assert m.event is result.trace[0]
        assert m.caption == "step 1 of 26"


def test_model_needs_a_trace():
    untraced = alphabeta(examples.two_ply())
    with pytest.raises(ValueError, match="no trace.*trace=True"):
        StepperModel(untraced)
    with pytest.raises(ValueError, match="no events"):
        StepperModel(Trace(examples.two_ply(), (), "minimax"))
    with pytest.raises(TypeError, match="SearchResult with a trace, or a Trace, not Tree"):
        StepperModel(examples.two_ply())


def test_model_narrates_each_step(result):
    m = StepperModel(result)
    lines = result.trace.narrate()
    for i in range(m.count):
        m.go(i)
        assert m.text == lines[m.step]
    assert "pruned" in lines[13] and m.go(13) == 13 and m.text == lines[13]


def test_model_moves_and_clamps(result):
    m = StepperModel(result)
    assert m.at_start and not m.at_end
    assert m.back() == 0                       # stays at the start
    assert m.next() == 1 and m.next() == 2 and m.back() == 1
    assert m.last() == 25 and m.at_end and m.caption == "step 26 of 26"
    assert m.next() == 25                      # stays at the end
    assert m.first() == 0
    assert m.go(-5) == 0 and m.go(1000) == 25 and m.go(7) == 7
    assert m.step == 7 and m.event is result.trace[7]


@pytest.mark.parametrize("bad", ["3", 2.0, None, True, [1]])
def test_model_go_needs_a_whole_number(result, bad):
    m = StepperModel(result)
    with pytest.raises(ValueError, match="whole number"):
        m.go(bad)
    assert m.index == 0


def test_model_over_chosen_steps(result):
    chosen = [k for k, e in enumerate(result.trace) if e.kind in ("prune", "exit")]
    m = StepperModel(result, steps=chosen)
    assert m.count == len(chosen)
    shown = []
    for i in range(m.count):
        m.go(i)
        shown.append(m.step)
    assert shown == chosen
    assert m.caption == f"step {m.count} of {m.count}"
    m = StepperModel(result, steps=[-1, 0, 5])
    assert m.steps == (25, 0, 5) and m.step == 25


def test_model_over_the_iterations_of_mcts():
    from advsearch import mcts, tree

    r = mcts(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), iterations=20, seed=0, trace=True)
    m = StepperModel(r)
    assert m.count == 20 and m.steps == tuple(range(1, 21))         # a step of MCTS is an iteration
    assert m.text == r.trace.summaries()[0] and m.event is r.trace.iterations()[0][-1]
    assert m.event.kind == "backup" and m.event.path == ()
    assert StepperModel(r, steps=[-1, 3]).steps == (20, 3)
    with pytest.raises(ValueError, match="not an iteration of this search, whose iterations are 1..20"):
        StepperModel(r, steps=[0])


@pytest.mark.parametrize("steps, message", [
    ([], "empty"),
    ([0, 26], "not an event"),
    ([-27], "not an event"),
    ([0, 1.5], "whole number"),
    ("012", "sequence"),
])
def test_model_rejects_bad_steps(result, steps, message):
    with pytest.raises(ValueError, match=message):
        StepperModel(result, steps=steps)


def test_model_play_tick_pause(result):
    m = StepperModel(result, steps=[0, 1, 2, 3])
    assert not m.playing and m.tick() is False and m.index == 0
    m.play()
    assert m.playing
    assert m.tick() and m.index == 1
    m.pause()
    assert not m.playing and m.tick() is False and m.index == 1
    m.play()
    assert [m.tick(), m.tick()] == [True, True] and m.index == 3
    assert not m.playing                       # stopped at the end
    assert m.tick() is False and m.index == 3
    m.play()                                   # play from the end starts over
    assert m.playing and m.index == 0


def test_model_with_one_frame_never_plays(result):
    m = StepperModel(result, steps=[4])
    m.play()
    assert not m.playing and m.at_start and m.at_end and m.tick() is False


def test_model_playing_is_settable(result):
    m = StepperModel(result)
    m.playing = 1
    assert m.playing is True


moves = st.one_of(
    st.sampled_from(["next", "back", "first", "last", "play", "pause", "tick"]),
    st.integers(min_value=-40, max_value=40),
)


@given(ops=st.lists(moves, max_size=60), size=st.integers(min_value=1, max_value=26))
def test_model_index_stays_in_range(ops, size):
    r = minimax(examples.two_ply(), trace=True)
    steps = list(range(26))[-size:]
    m = StepperModel(r, steps=steps)
    expected = 0
    for op in ops:
        if isinstance(op, int):
            m.go(op)
            expected = min(max(op, 0), size - 1)
        elif op == "tick":
            was = m.playing
            m.tick()
            if was:
                expected = min(expected + 1, size - 1)
        else:
            getattr(m, op)()
            expected = {"next": min(expected + 1, size - 1), "back": max(expected - 1, 0), "first": 0,
                        "last": size - 1, "play": 0 if expected == size - 1 else expected}.get(op, expected)
        assert 0 <= m.index < m.count == size
        assert m.index == expected
        assert m.step == steps[m.index]
        assert m.at_end == (m.index == size - 1)
        assert m.caption == f"step {m.index + 1} of {size}"
        if m.at_end:
            assert not (m.playing and op == "tick")


# --- The ipywidgets Stepper ---


def test_importing_widgets_does_not_import_ipywidgets():
    code = "import sys, advsearch.widgets; print('ipywidgets' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False"]


@pytest.fixture
def fake_draw(monkeypatch):
    """Stand in for advsearch.drawing.mpl.draw, recording every call."""
    calls = []

    def draw(x, ax=None, *, step=None, size=None, **style):
        calls.append((x, ax, step, dict(style, size=size) if size else style))
        if ax is None:                        # like draw: a new figure, sized for the tree
            from matplotlib.figure import Figure

            ax = Figure(figsize=size or (4, 3)).add_axes((0, 0, 1, 1))
        ax.plot([0, 1], [0, step or 0])
        return ax

    module = types.ModuleType("advsearch.drawing.mpl")
    module.draw = draw
    monkeypatch.setitem(sys.modules, "advsearch.drawing.mpl", module)
    return calls


@pytest.fixture
def stepper(result, fake_draw):
    pytest.importorskip("ipywidgets")
    from advsearch.widgets import Stepper

    return Stepper(result, max_depth=2)


def frame_png(stepper):
    (output,) = stepper.output.outputs
    return base64.b64decode(output["data"]["image/png"])


def test_stepper_builds_and_draws_the_first_frame(stepper, result, fake_draw):
    assert stepper.caption == "step 1 of 26"
    assert stepper.slider.value == stepper.play.value == 1
    assert stepper.slider.max == stepper.play.max == 26
    assert stepper.back_button.disabled and not stepper.forward_button.disabled
    assert "step 1 of 26" in stepper.narration.value
    assert "Enter A (MAX)" in stepper.narration.value
    assert frame_png(stepper).startswith(PNG_MAGIC)
    ((x, ax, step, style),) = fake_draw
    assert x is result and step == 0 and style == {"max_depth": 2}
    assert ax is None and stepper._ax is not None                 # the first frame makes the figure


def test_stepper_buttons_move_the_model(stepper, result, fake_draw):
    lines = result.trace.narrate()
    stepper.forward_button.click()
    assert stepper.model.index == 1 and stepper.slider.value == stepper.play.value == 2
    assert lines[1] in stepper.narration.value.replace("&#x27;", "'")
    assert not stepper.back_button.disabled
    stepper.forward_button.click()
    stepper.back_button.click()
    assert stepper.model.index == 1
    assert [call[2] for call in fake_draw] == [0, 1, 2]          # step 1 again came from the cache
    assert [call[1] for call in fake_draw[1:]] == [stepper._ax] * 2   # later frames reuse its axes


def test_stepper_follows_the_slider_and_play(stepper, result):
    stepper.slider.value = 14
    assert stepper.model.index == 13 and stepper.play.value == 14
    assert "pruned" in stepper.narration.value
    stepper.play.value = 26                                       # the Play control reached the end
    assert stepper.model.at_end and stepper.slider.value == 26 and stepper.forward_button.disabled
    stepper.play.playing = True
    assert stepper.model.playing
    stepper.play.playing = False
    assert not stepper.model.playing


def test_stepper_methods_and_escaping(stepper):
    assert stepper.last() == 25 and stepper.first() == 0 and stepper.go(3) == 3 and stepper.next() == 4
    assert stepper.back() == 3
    with pytest.raises(ValueError, match="whole number"):
        stepper.go("end")
    assert "<script" not in stepper.narration.value


def test_stepper_over_chosen_steps(result, fake_draw):
    pytest.importorskip("ipywidgets")
    from advsearch.widgets import Stepper

    s = Stepper(result, steps=[13, 25])
    assert s.slider.max == 2 and s.model.step == 13
    s.forward_button.click()
    assert [call[2] for call in fake_draw] == [13, 25]


def test_stepper_static_fallback(stepper, result):
    stepper.go(13)
    bundle, metadata = stepper._repr_mimebundle_()
    assert base64.b64decode(bundle["image/png"]).startswith(PNG_MAGIC)
    assert metadata == {"image/png": {"alt": stepper.alt()}} and stepper.alt()
    assert bundle["text/plain"] == f"Stepper: step 14 of 26 — {result.trace.narrate()[13]}"
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == stepper.widget.model_id
    assert repr(stepper) == bundle["text/plain"]


def test_stepper_plain_text_is_deterministic(result, fake_draw):
    pytest.importorskip("ipywidgets")
    from advsearch.widgets import Stepper

    texts = [Stepper(alphabeta(examples.two_ply(), trace=True))._repr_mimebundle_()[0]["text/plain"] for _ in range(2)]
    assert texts[0] == texts[1] == "Stepper: step 1 of 26 — Enter A (MAX) with α = −∞, β = +∞."


def test_stepper_needs_a_trace(fake_draw):
    pytest.importorskip("ipywidgets")
    from advsearch.widgets import Stepper

    with pytest.raises(ValueError, match="trace=True"):
        Stepper(alphabeta(examples.two_ply()))


# --- With the real drawing ---


def real_draw():
    pytest.importorskip("ipywidgets")
    import advsearch.drawing.mpl

    return advsearch.drawing.mpl


def test_stepper_with_real_draw(result):
    real_draw()
    from advsearch.widgets import Stepper

    s = Stepper(result)
    assert frame_png(s).startswith(PNG_MAGIC)
    s.forward_button.click()
    assert frame_png(s).startswith(PNG_MAGIC)
    assert base64.b64decode(s._repr_mimebundle_()[0]["image/png"]).startswith(PNG_MAGIC)


def test_stepper_draws_each_frame_once(result):
    # How quickly it redraws is measured by benchmarks/bench_draw.py, not asserted here.
    real_draw()
    from advsearch.widgets import Stepper

    s = Stepper(result)
    pictures = []
    for _ in range(5):
        s.next()
        pictures.append(frame_png(s))
    for _ in range(5):
        s.back()
    assert len(s._pngs) == 6 and len(set(pictures)) == 5       # going back redraws nothing


def test_stepper_over_mcts_iterations():
    real_draw()
    from advsearch import mcts, tree
    from advsearch.widgets import Stepper

    r = mcts(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), iterations=12, seed=0, trace=True)
    s = Stepper(r)
    assert s.model.count == 12 and s.model.step == 1
    s.last()
    assert s.model.step == 12 and frame_png(s).startswith(PNG_MAGIC)


def test_stepper_figure_size(result, fake_draw):
    pytest.importorskip("ipywidgets")
    from advsearch.widgets import Stepper

    assert tuple(Stepper(result, figsize=(5, 2))._figure.get_size_inches()) == (5, 2)
    s = Stepper(result, size=(3, 2))                   # draw's name for it works too
    s.next()
    assert tuple(s._figure.get_size_inches()) == (3, 2)
    assert fake_draw[-2][3] == {"size": (3, 2)} and fake_draw[-1][3] == {}   # only the first frame sizes


def test_stepper_over_a_game_with_boards():
    real_draw()
    from advsearch import Grundy
    from advsearch.widgets import Stepper

    s = Stepper(minimax(Grundy(5), trace=True))
    s.last()
    assert frame_png(s).startswith(PNG_MAGIC)


# --- Playing against an agent: the widget driven through its buttons and methods ---


@pytest.fixture
def w():
    return pytest.importorskip("ipywidgets")


def first_legal(game, state):
    return game.actions(state)[0]


def test_play_tictactoe_against_the_solver_through_the_buttons(w):
    from advsearch import TicTacToe
    from advsearch.widgets import GameWidget, play

    game = TicTacToe()
    board = play(game, "solver")
    assert isinstance(board, GameWidget) and isinstance(board.widget, w.VBox)
    assert board.human == 0 and board.your_turn and board.moves == [] and board.stats is None
    assert sorted(board.buttons) == list(range(9)) and board.picture is None     # the buttons are the board
    assert board.status.value == "Your move: you are X."

    board.buttons[4].click()
    assert board.moves[:1] == [4] and len(board.moves) == 2          # the solver answered at once
    reply = board.moves[1]
    assert board.state == game.result(game.result(0, 4), reply)
    assert board.buttons[4].description == "X" and board.buttons[reply].description == "O"
    assert board.message == f"solver played cell {reply}."
    assert board.stats.startswith("nodes ") and "value for X 0" in board.stats
    assert "solver's search: nodes" in board.stats_line.value

    # A taken cell is refused with a message, and nothing changes.
    before = (board.state, list(board.moves))
    board.buttons[reply].click()
    assert (board.state, board.moves) == before
    assert board.message == f"Not allowed: cell {reply} is already taken."
    assert "Not allowed" in board.status.value
    assert board.move("centre") is False and board.message == "Not allowed: 'centre' is not a cell: actions are the cell indices 0..8."
    assert board.move(9) is False and (board.state, board.moves) == before

    # Play on to the end: the solver never loses, and a finished game refuses every click.
    while not board.over:
        assert board.move(game.actions(board.state)[0])
    assert game.utility(board.state, 1) >= 0
    assert board.status.value.split("<br>")[0] in ("solver wins.", "A draw.")
    assert all(b.disabled for b in board.buttons.values())
    final = (board.state, list(board.moves))
    board.buttons[game.actions(0)[0]].click()
    assert (board.state, board.moves) == final and board.message.startswith("The game is over")

    board.new_game_button.click()
    assert board.state == game.initial_state and board.moves == [] and board.your_turn
    assert board.stats is None and not any(b.disabled for b in board.buttons.values())
    assert all(b.description == " " for b in board.buttons.values())


def test_the_agent_moves_first_when_asked(w):
    from advsearch import TicTacToe
    from advsearch.widgets import play

    board = play(TicTacToe(), "alphabeta", human_first=False)
    assert board.human == 1 and len(board.moves) == 1 and board.your_turn
    assert board.status.value.startswith("Your move: you are O.")
    board.new_game()
    assert len(board.moves) == 1                                # the agent opens the new game too


def test_connect4_refuses_a_full_column_and_draws_the_board(w):
    from advsearch import ConnectFour
    from advsearch.widgets import play

    game = ConnectFour(4, 4)
    board = play(game, first_legal)
    assert sorted(board.buttons) == [0, 1, 2, 3]
    assert board.png().startswith(PNG_MAGIC)
    assert board.picture.value.startswith('<img src="data:image/png;base64,' + base64.b64encode(board.png()).decode())
    assert board.alt.startswith("ConnectFour position") and f'alt="{html.escape(board.alt)}"' in board.picture.value
    board.buttons[0].click()
    board.buttons[0].click()                     # the agent plays column 0 too: the column is full
    assert board.moves == [0, 0, 0, 0] and game.heights(board.state)[0] == 4
    before = board.state
    assert board.move(0) is False and board.state == before
    assert board.message == "Not allowed: column 0 is full."
    assert board.stats is None and board.stats_line.value == ""      # a plain function keeps no search
    assert board.move(1) and board.moves == [0, 0, 0, 0, 1, 1]


def test_nim_takes_with_buttons_and_refuses_too_many(w):
    from advsearch import Nim
    from advsearch.widgets import play

    game = Nim((1, 2, 3))
    board = play(game, "solver")
    assert set(board.buttons) == {(i, k) for i in range(3) for k in range(1, 4)}
    assert board.buttons[(2, 3)].description == "3"
    assert board.move((0, 3)) is False and board.message == "Not allowed: heap 0 has only 1 left."
    assert board.state == game.initial_state
    board.buttons[(2, 3)].click()                         # leaves (1, 2, 0): the solver wins from there
    assert board.moves[0] == (2, 3) and len(board.moves) == 2
    heaps = board.state.heaps
    emptied = heaps.index(0)
    assert board.move((emptied, 1)) is False and board.message == f"Not allowed: heap {emptied} has nothing left."
    while not board.over:
        board.move(game.actions(board.state)[0])
    assert board.status.value.startswith("solver wins.")


def test_grundy_offers_a_button_per_legal_split(w):
    from advsearch import Grundy
    from advsearch.widgets import play

    game = Grundy(7)
    board = play(game, "solver")
    assert [b.description for b in board.buttons.values()] == ["7 → 6 + 1", "7 → 5 + 2", "7 → 4 + 3"]
    assert 'src="data:image/png;base64,' in board.picture.value and board.alt in html.unescape(board.picture.value)
    board.buttons[(7, 1)].click()
    assert board.moves[0] == (7, 1) and len(board.moves) == 2
    assert set(board.buttons) == set(game.actions(board.state))
    assert board.move((7, 1)) is False and board.message.startswith("Not allowed: (7, 1) is not a legal split")
    while not board.over:
        board.move(game.actions(board.state)[0])
    assert board.status.value.startswith("solver wins.")         # 7 is lost for the first player
    assert board.buttons == {}


def test_a_failing_agent_leaves_the_game_intact(w):
    from advsearch import TicTacToe
    from advsearch.widgets import play

    def broken(game, state):
        raise RuntimeError("no idea")

    def cheat(game, state):
        return 4

    game = TicTacToe()
    board = play(game, broken)
    assert board.move(0) and board.moves == [0] and board.state == game.result(0, 0)
    assert board.message == "broken failed (RuntimeError: no idea); the game cannot go on."
    assert board.move(1) is False and board.message.startswith("It is not your turn")
    board = play(game, cheat)
    board.move(4)
    assert board.moves == [4] and "cheat chose 4, which is not legal here" in board.message


def test_play_with_a_named_opponent_and_its_options(w):
    from advsearch import ConnectFour, TicTacToe, Virus
    from advsearch.widgets import play

    board = play(ConnectFour(), "alphabeta", depth=2)
    assert board.name == "alphabeta(depth=2)"
    board.move(3)
    assert "depth 2" in board.stats
    assert play(ConnectFour(), "alphabeta:3").name == "alphabeta(depth=3)"
    with pytest.raises(ValueError, match="unknown opponent 'oracle'"):
        play(TicTacToe(), "oracle")
    with pytest.raises(ValueError, match="only for an opponent given by name"):
        play(TicTacToe(), first_legal, depth=2)
    with pytest.raises(ValueError, match="must be an agent"):
        play(TicTacToe(), 42)
    with pytest.raises(ValueError, match="two-player"):
        play(Virus(players=3), "random")


def test_a_game_with_chance_and_a_text_picture(w):
    from advsearch import Piglet
    from advsearch.widgets import play

    game = Piglet(goal=3)
    board = play(game, "random", seed=1)
    assert set(board.buttons) == set(game.actions(game.initial_state))
    while not board.over:
        assert board.move(game.actions(board.state)[0])
    assert board.status.value.split("<br>")[0] in ("You win!", "random(seed=1) wins.")
    assert board.picture is not None


def test_the_play_widget_shows_as_text_without_a_front_end(w):
    from advsearch import TicTacToe
    from advsearch.widgets import play

    board = play(TicTacToe(), "solver")
    board.move(4)
    assert repr(board).startswith(". . .\n. X .") or "X" in repr(board).splitlines()[1]
    assert repr(board).splitlines()[-1].startswith("Your move: you are X. solver played cell")
    bundle = board._repr_mimebundle_()
    assert bundle["text/plain"] == repr(board)
    assert "application/vnd.jupyter.widget-view+json" in bundle
