"""Interactive views for Jupyter: step through a search with play, back and forward.

ipywidgets is imported only when a widget is built, so this module imports
without it.  Outside a live notebook (GitHub,
nbviewer, nbconvert, nbval) a :class:`Stepper` shows as a static picture of
its current frame with the narration as plain text.

The logic of stepping lives in :class:`advsearch.drawing.stepper.StepperModel`;
this module only puts controls on it.
"""

from __future__ import annotations

import base64
import html
import io

from .arena import (INTERACTIVE_TIME_PER_MOVE, agent_move, chance_move, failure_sentence, is_legal,
                    search_summary)
from .drawing.stepper import StepperModel
from .search.mcts import MCTSTrace
from .game import CHANCE, GameError
from . import validation

__all__ = ["Stepper", "play", "GameWidget"]

#: Frames kept as PNG bytes, so going back is instant; beyond this the cache restarts.
_CACHE_LIMIT = 256


class Stepper:
    """Step through a traced search: Play/Pause, Back, Forward, a step slider, narration and the tree.

    Parameters
    ----------
    result : SearchResult or Trace
        A search run with ``trace=True``, or its trace.
    steps : sequence of int, optional
        The trace events to show, in order; by default all of them.
    interval : int
        Milliseconds per step when playing.
    figsize : (float, float), optional
        Size in inches of the picture.  By default the size ``draw`` gives
        the whole tree (about 0.6 inch a leaf and an inch a ply, at most
        16 x 9), kept for every frame so the tree does not jump.
    dpi : int
        Resolution of the picture.
    **draw_kwargs
        Passed on to :func:`advsearch.drawing.mpl.draw` for every frame
        (``max_depth``, ``boards``, and so on).

    Attributes
    ----------
    model : StepperModel
        Where the stepper stands; ``model.step`` is the trace event shown.
    widget : ipywidgets.VBox
        The whole control, to put inside other widgets.
    play_button, back_button, forward_button, slider, narration, output, play
        Its parts: the Play/Pause toggle, Back and Forward, the "step" box (a
        number field: type a step, or Up and Down), the narration and the
        picture.  ``play`` is ipywidgets' Play control, hidden: its buttons
        have no names a screen reader could say, so it only keeps time in
        the front end, started and stopped by ``play_button``.  The step box
        and the Play control count frames from 1, like the caption "step 1
        of 26".

    Notes
    -----
    Each frame is drawn by ``draw(result, step=model.step, ax=ax, **draw_kwargs)``
    on one reused figure (cleared between frames) and sent to the ``output``
    widget as a PNG, so a live notebook needs no particular matplotlib backend;
    frames already seen are kept, so going back is instant.  Playing is driven
    by the front end's ``ipywidgets.Play`` control, so no timer runs in the
    kernel.

    Examples
    --------
    In a notebook, end a cell with the stepper to show it::

        from advsearch import alphabeta, examples
        from advsearch.widgets import Stepper
        Stepper(alphabeta(examples.two_ply(), trace=True))
    """

    def __init__(self, result, steps=None, *, interval=1000, figsize=None, dpi=100, **draw_kwargs):
        import ipywidgets as w

        self.model = StepperModel(result, steps)
        self.result = result
        # draw's own name for the size is accepted too; it is only used for the first frame.
        self.figsize, self.dpi = draw_kwargs.pop("size", figsize), dpi
        self.draw_kwargs = draw_kwargs
        self._figure = self._ax = None
        self._pngs = {}
        self._alts = {}             # step -> the alternative text of its picture
        self._shown = None          # the step whose picture is in the output
        self._syncing = False

        count = self.model.count
        # Every control has a name, is reached with Tab and works with Enter, Space and the arrows:
        # ipywidgets' Play (icon-only buttons) and IntSlider (a handle without a name) are not, so
        # the Play control keeps time hidden, and a number field is the step control.
        self.play = w.Play(value=1, min=1, max=count, step=1, interval=int(interval),
                           show_repeat=False, description="Play", layout=w.Layout(display="none"))
        self.play_button = w.ToggleButton(value=False, description="Play", icon="play", tooltip="Play or pause",
                                          layout=w.Layout(width="auto"))
        w.jslink((self.play_button, "value"), (self.play, "playing"))
        self.back_button = w.Button(description="◀ Back", tooltip="Previous step",
                                    layout=w.Layout(width="auto"))
        self.forward_button = w.Button(description="Forward ▶", tooltip="Next step",
                                       layout=w.Layout(width="auto"))
        self.slider = w.BoundedIntText(value=1, min=1, max=count, step=1, description="step",
                                       continuous_update=True, layout=w.Layout(width="10em"))
        # The front end moves the slider with the Play control without a round trip
        # to the kernel; the observers below keep the model in step with both.
        w.jslink((self.play, "value"), (self.slider, "value"))
        self.narration = w.HTML(layout=w.Layout(min_height="2.6em"))
        self.output = w.Output()

        self.back_button.on_click(lambda _button: self.back())
        self.forward_button.on_click(lambda _button: self.next())
        self.slider.observe(self._on_value, names="value")
        self.play.observe(self._on_value, names="value")
        self.play.observe(self._on_playing, names="playing")
        self.play_button.observe(self._on_play_button, names="value")

        controls = w.HBox([self.play, self.play_button, self.back_button, self.forward_button, self.slider],
                          layout=w.Layout(align_items="center"))
        self.widget = w.VBox([controls, self.narration, self.output])
        self._update()

    # --- Moving: each returns the new frame index, like the model. ---

    def go(self, i) -> int:
        """Show frame ``i`` (0-based, clamped); ValueError if ``i`` is not a whole number."""
        self.model.go(i)
        return self._update()

    def next(self) -> int:
        """Show the next frame (what the Forward button does)."""
        self.model.next()
        return self._update()

    def back(self) -> int:
        """Show the previous frame (what the Back button does)."""
        self.model.back()
        return self._update()

    def first(self) -> int:
        """Show the first frame."""
        self.model.first()
        return self._update()

    def last(self) -> int:
        """Show the last frame."""
        self.model.last()
        return self._update()

    @property
    def text(self) -> str:
        """The narration of the current step."""
        return self.model.text

    @property
    def caption(self) -> str:
        """Where the stepper stands, as "step 4 of 26"."""
        return self.model.caption

    # --- Keeping the controls, the narration and the picture in step. ---

    def _on_value(self, change):
        if not self._syncing:
            self.model.go(change["new"] - 1)
            self._update()

    def _on_playing(self, change):
        self.model.playing = change["new"]

    def _on_play_button(self, change):
        playing = bool(change["new"])
        self.play_button.description, self.play_button.icon = ("Pause", "pause") if playing else ("Play", "play")
        if self.play.playing != playing:        # a kernel-side change; in the browser jslink did it
            self.play.playing = playing

    def _update(self) -> int:
        m = self.model
        self._syncing = True
        try:
            for control in (self.slider, self.play):
                if control.value != m.index + 1:
                    control.value = m.index + 1
        finally:
            self._syncing = False
        self.back_button.disabled = m.at_start
        self.forward_button.disabled = m.at_end
        unit = "iteration" if isinstance(m.trace, MCTSTrace) else "event"    # an MCTS step is an iteration
        self.narration.value = (f"<b>{html.escape(m.caption)}</b> ({unit} {m.step})<br>"
                                f"{html.escape(m.text)}")
        if self._shown != m.step:
            png = base64.b64encode(self.png()).decode("ascii")
            # JupyterLab reads no alt from an image output's metadata, so the picture goes out as HTML too:
            # an <img> with its alternative text, which front ends prefer to the bare PNG.
            self.output.outputs = ({
                "output_type": "display_data",
                "data": {"text/html": f'<img src="data:image/png;base64,{png}" alt="{html.escape(self.alt())}">',
                         "image/png": png, "text/plain": self._plain()},
                "metadata": {"image/png": {"alt": self.alt()}},
            },)
            self._shown = m.step
        return m.index

    def png(self) -> bytes:
        """The picture of the current frame, as PNG bytes (drawn once per step, then cached)."""
        step = self.model.step
        if step not in self._pngs:
            if len(self._pngs) >= _CACHE_LIMIT:
                self._pngs.clear()
                self._alts.clear()
            self._pngs[step] = self._render(step)
            self._alts[step] = getattr(self._ax, "advsearch_alt", None) or self._plain()
        return self._pngs[step]

    def alt(self) -> str:
        """The alternative text of the current frame's picture (what ``draw`` says it shows)."""
        self.png()
        return self._alts[self.model.step]

    def _render(self, step) -> bytes:
        from .drawing.mpl import draw

        if self._figure is None:
            # The first frame makes the figure, sized for the whole tree, and
            # every later frame is drawn again on the same axes.
            import matplotlib.pyplot as plt

            ax = draw(self.result, step=step, size=self.figsize, **self.draw_kwargs)
            self._figure, self._ax = ax.figure, ax
            plt.close(ax.figure)          # out of pyplot, so a notebook does not show it a second time
        else:
            fig, ax = self._figure, self._ax
            for other in list(fig.axes):  # anything a drawing added beside ax
                if other is not ax:
                    other.remove()
            ax.clear()                    # also removes the boards, which are inset axes of ax
            draw(self.result, ax=ax, step=step, **self.draw_kwargs)
        fig = self._figure
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=self.dpi, metadata={"Software": None})   # no version stamp
        return buffer.getvalue()

    # --- How it shows. ---

    def _plain(self) -> str:
        return f"Stepper: {self.model.caption} — {self.model.text}"

    def __repr__(self) -> str:
        return self._plain()

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        """The live widget for front ends that have one, with a still of this frame for the rest.

        A notebook saved with the stepper's output keeps the PNG and the
        narration, so GitHub, nbviewer and nbconvert show the current frame.
        """
        data = dict(self.widget._repr_mimebundle_(include=include, exclude=exclude, **kwargs) or {})
        data["text/plain"] = self._plain()
        data["image/png"] = base64.b64encode(self.png()).decode("ascii")
        return data, {"image/png": {"alt": self.alt()}}


# --- Playing a game against an agent. ---

def play(game, opponent, human_first=True, *, seed=None, time_per_move=INTERACTIVE_TIME_PER_MOVE,
         **options) -> "GameWidget":
    """Play ``game`` against ``opponent`` in a notebook: a board to click, a status line and a New game button.

    Tic-tac-toe is a 3x3 grid of buttons; Connect Four has a button above
    each column of its drawn board; Nim a row of "take k" buttons beside each
    heap; Grundy's game and any other game a button for each legal move.
    After each of the agent's moves the widget shows what its search cost
    (``agent.last.stats``), if it keeps one.  A click that is not a legal
    move is refused with a message and changes nothing.  An agent that
    fails (raises, chooses an illegal move, or thinks longer than
    ``time_per_move``) stops the game with a message saying so; New game
    starts again.

    Parameters
    ----------
    game : Game
        A two-player game (chance nodes are drawn at random).
    opponent : callable or str
        An agent ``agent(game, state) -> action``, or the name of one in
        :data:`advsearch.cli.OPPONENTS` (``"random"``, ``"alphabeta"``,
        ``"alphabeta:4"``, ``"solver"``, ...).
    human_first : bool
        Whether you move first (as player 0, MAX); if not, the agent moves at once.
    seed : optional
        Seeds the draws of chance nodes, and a named opponent's randomness.
    time_per_move : float or None
        Seconds the agent may think over a move
        (:data:`advsearch.arena.INTERACTIVE_TIME_PER_MOVE`, 30, by default);
        the notebook waits that long at most.  None waits for ever.
    **options
        Options of a named opponent, such as ``depth=4``.

    Returns
    -------
    GameWidget
        End a cell with it to show it.

    Raises
    ------
    ValueError
        Not a two-player game, a bad opponent or ``time_per_move``, Nim or
        Grundy's game with more than a thousand objects (the widget draws
        each one, and makes a button per move, at every click), or a Connect
        Four board of more than 20 columns or rows.

    Examples
    --------
    In a notebook::

        from advsearch import ConnectFour
        from advsearch.widgets import play
        play(ConnectFour(), "alphabeta", depth=6)

    Without a front end the widget can be driven through its methods:

    >>> from advsearch import TicTacToe
    >>> game = TicTacToe()
    >>> board = play(game, "solver")
    >>> board.move(4)                     # the centre; the solver answers in a corner
    True
    >>> print(game.render(board.state))
    O . .
    . X .
    . . .
    >>> board.move(0), board.message      # that cell is taken: refused, nothing changes
    (False, 'Not allowed: cell 0 is already taken.')
    >>> board.buttons[8].click()          # what a click on the bottom-right cell does
    >>> board.moves
    [4, 0, 8, 2]

    An agent that thinks too long is stopped, and the widget says so:

    >>> import time
    >>> def sleepy(game, state):
    ...     time.sleep(60)
    >>> board = play(game, sleepy, time_per_move=0.1)
    >>> board.move(4), board.message
    (True, 'sleepy did not choose a move within 0.1 s; the game cannot go on.')
    """
    return GameWidget(game, opponent, human_first=human_first, seed=seed, time_per_move=time_per_move, **options)


class GameWidget:
    """A game between you and an agent, as ipywidgets; made by :func:`play`.

    Attributes
    ----------
    game, agent
        The game and the agent you play against.
    human : int
        Your player index (0 moves first).
    time_per_move : float or None
        Seconds the agent may think over a move.
    state
        The current position.  It only ever changes by a legal move.
    moves : list
        The moves of this game so far, yours and the agent's.
    message : str
        What the status line says.
    stats : str or None
        The cost of the agent's last search (see
        :func:`advsearch.arena.search_summary`), None before its first move or
        for an agent that keeps none.
    buttons : dict
        action -> the ``ipywidgets.Button`` that plays it.  ``button.click()``
        plays it as a click would.
    new_game_button : ipywidgets.Button
    status, stats_line : ipywidgets.HTML
    picture : ipywidgets.HTML or None
        The board drawn by the game's ``draw_state``, as an ``<img>`` whose
        ``alt`` says the position in words (or its ``render`` as text);
        None for tic-tac-toe, whose buttons are the board.
    widget : ipywidgets.VBox
        The whole thing, to put inside other widgets.
    """

    def __init__(self, game, opponent, *, human_first=True, seed=None, time_per_move=INTERACTIVE_TIME_PER_MOVE,
                 **options):
        import random

        import ipywidgets as w

        if getattr(game, "num_players", 2) != 2:
            raise ValueError(f"play is for two-player games, but {game!r} has {game.num_players} players")
        self.time_per_move = validation.budget("time_per_move", time_per_move)
        self._kind = _board_kind(game)
        _check_size(game, self._kind)
        if isinstance(opponent, str):
            from .cli import make_agent

            opponent = make_agent(opponent, game, seed=seed, **options)
        elif options:
            raise ValueError(f"options ({', '.join(options)}) are only for an opponent given by name")
        if not callable(opponent):
            raise ValueError(f"the opponent must be an agent, a callable (game, state) -> action, or the "
                             f"name of one, not {opponent!r}")
        from .agents import name_of

        self.game, self.agent, self.name = game, opponent, name_of(opponent)
        self.human = 0 if human_first else 1
        self.rng = random.Random(seed)
        self.marks = ("X", "O") if self._kind in ("tictactoe", "connect4") else ("MAX", "MIN")
        self.state, self.moves = game.initial_state, []
        self.message, self.stats = "", None
        self.buttons = {}

        self.status = w.HTML(layout=w.Layout(min_height="2.4em"))
        self.stats_line = w.HTML(layout=w.Layout(min_height="1.4em"))
        self.new_game_button = w.Button(description="New game", tooltip="Start again",
                                        layout=w.Layout(width="auto"))
        self.new_game_button.on_click(lambda _button: self.new_game())
        self.controls = w.VBox()
        self.picture = None
        self._picture_pixels = 240
        if self._kind == "connect4":
            # ConnectFour.draw_state leaves a margin of 0.1 and makes the cells square, so a column
            # is 0.8 / max(width, height) of the picture: size the picture so that it is _COLUMN.
            self._picture_pixels = round(_COLUMN * max(game.width, game.height) / 0.8)
        if self._kind != "tictactoe":
            self.picture = w.HTML()
        board = [self.controls] if self.picture is None else (
            [self.controls, self.picture] if self._kind == "connect4" else [w.HBox([self.picture, self.controls])])
        self.widget = w.VBox([self.status, *board, self.stats_line, self.new_game_button])
        self._build_controls()
        self.new_game()

    # --- Playing. ---

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.game.is_terminal(self.state)

    @property
    def your_turn(self) -> bool:
        """Whether it is your move."""
        return not self.over and self.game.to_move(self.state) == self.human

    def move(self, action) -> bool:
        """Play ``action`` as your move, then let the agent answer; False (and a message) if it is refused.

        A move is refused when the game is over, when it is not your turn, or
        when ``action`` is not legal; the position is then unchanged.
        """
        if self.over:
            return self._refuse("The game is over; press New game to play again.")
        if not self.your_turn:
            return self._refuse(f"It is not your turn: {self.name} is to move.")
        if not is_legal(action, self.game.actions(self.state)):
            return self._refuse(self._why_illegal(action))
        self.state = self.game.result(self.state, action)
        self.moves.append(action)
        self.message = ""
        self._respond()
        return True

    def new_game(self) -> None:
        """Start again from the initial position; the agent moves at once if it moves first."""
        self.state, self.moves = self.game.initial_state, []
        self.message, self.stats = "", None
        self._respond()

    def _refuse(self, why) -> bool:
        self.message = why
        self._update()
        return False

    def _why_illegal(self, action) -> str:
        if self._kind == "nim" and isinstance(action, tuple) and len(action) == 2:
            heaps = self.state.heaps
            i, k = action
            if isinstance(i, int) and 0 <= i < len(heaps) and isinstance(k, int) and k > heaps[i]:
                left = "nothing" if heaps[i] == 0 else f"only {heaps[i]}"
                return f"Not allowed: heap {i} has {left} left."
        try:
            self.game.result(self.state, action)
        except GameError as error:
            reason = str(error).splitlines()[0].removesuffix(" in").rstrip(":. ")
            return f"Not allowed: {reason}."
        except Exception:                      # a game that fails in its own way on nonsense
            pass
        return f"Not allowed: {action!r} is not a legal move here."

    def _respond(self) -> None:
        """Let chance and the agent move until it is your turn or the game is over."""
        while not self.over and self.game.to_move(self.state) != self.human:
            if self.game.to_move(self.state) == CHANCE:
                action = chance_move(self.game, self.state, self.rng)
            else:
                self._show(f"{self.name} is thinking…")
                try:
                    action = agent_move(self.agent, self.game, self.state, self.time_per_move)
                except GameError as error:         # the widget stays usable: New game starts again
                    self.message = f"{failure_sentence(self.name, error)}; the game cannot go on."
                    break
                self.stats = search_summary(self.agent, self.marks[0])
                self.message = f"{self.name} played {_describe(self._kind, action)}."
            self.state = self.game.result(self.state, action)
            self.moves.append(action)
        self._update()

    # --- What it shows. ---

    def _headline(self) -> str:
        game, state = self.game, self.state
        if self.over:
            mine, theirs = game.utility(state, self.human), game.utility(state, 1 - self.human)
            return "You win!" if mine > theirs else f"{self.name} wins." if mine < theirs else "A draw."
        if self.your_turn:
            return f"Your move: you are {self.marks[self.human]}."
        return f"{self.name} is to move."

    def _show(self, headline) -> None:
        line = html.escape(headline)
        if self.message:
            line += f"<br>{html.escape(self.message)}"
        self.status.value = line

    def _update(self) -> None:
        self._show(self._headline())
        self.stats_line.value = (f"<small>{html.escape(self.name)}'s search: {html.escape(self.stats)}</small>"
                                 if self.stats else "")
        self._refresh_controls()
        if self.picture is not None:
            if getattr(self.game, "draw_state", None) is not None:
                png = base64.b64encode(self.png()).decode("ascii")
                self.picture.value = (f'<img src="data:image/png;base64,{png}" alt="{html.escape(self.alt)}" '
                                      f'width="{self._picture_pixels}">')
            else:
                self.picture.value = f"<pre>{html.escape(self.game.render(self.state))}</pre>"

    def png(self) -> bytes:
        """The current position drawn by the game's ``draw_state``, as PNG bytes; :attr:`alt` says what it shows."""
        from matplotlib.figure import Figure

        fig = Figure(figsize=(self._picture_pixels / _DPI,) * 2)
        ax = fig.add_axes((0, 0, 1, 1))
        self.game.draw_state(self.state, ax)
        self.alt = getattr(ax, "advsearch_alt", None) or self.game.render(self.state)
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=_DPI, metadata={"Software": None})
        return buffer.getvalue()

    def text(self) -> str:
        """The position as text, with the status line."""
        line = self._headline() + (f" {self.message}" if self.message else "")
        return f"{self.game.render(self.state)}\n{line}"

    def __repr__(self) -> str:
        return self.text()

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        """The live widget for front ends that have one, with the position as text for the rest."""
        data = dict(self.widget._repr_mimebundle_(include=include, exclude=exclude, **kwargs) or {})
        data["text/plain"] = self.text()
        return data

    # --- The buttons. ---

    def _button(self, action, description, **layout):
        import ipywidgets as w

        button = w.Button(description=description, layout=w.Layout(**layout))
        button.on_click(lambda _button, action=action: self.move(action))
        self.buttons[action] = button
        return button

    def _build_controls(self) -> None:
        import ipywidgets as w

        game, kind = self.game, self._kind
        self.buttons = {}
        if kind == "tictactoe":
            cells = [self._button(cell, " ", width="56px", height="56px", margin="2px") for cell in range(9)]
            # An empty square shows no text: its name (the button's title) says where it is.
            for button in cells:
                button.style.font_weight, button.style.font_size = "bold", "22px"
            self.controls.children = [w.HBox(cells[row * 3: row * 3 + 3]) for row in range(3)]
        elif kind == "connect4":
            # One button over each column of the picture (see __init__ for the geometry).
            left = round((0.5 - game.width * _COLUMN / self._picture_pixels / 2) * self._picture_pixels)
            row = [self._button(c, f"↓{c}", width=f"{_COLUMN - 4}px", margin="0 2px", padding="0")
                   for c in range(game.width)]
            self.controls.children = [w.HBox(row, layout=w.Layout(padding=f"0 0 0 {left}px"))]
        elif kind == "nim":
            rows = []
            for i in range(len(game.initial_state.heaps)):
                takes = [self._button((i, k), f"{k}", width="2.6em") for k in range(1, max(game.heaps) + 1)]
                rows.append(w.HBox([w.Label(f"heap {i}: take", layout=w.Layout(width="7em")), *takes]))
            self.controls.children = rows
        # Any other game gets a button per legal move, remade at each position (_refresh_controls).

    def _refresh_controls(self) -> None:
        import ipywidgets as w

        playable = self.your_turn
        if self._kind == "tictactoe":
            cells = self.game.cells(self.state)
            for cell, button in self.buttons.items():
                button.description = cells[cell] if cells[cell] != "." else " "
                where = f"row {cell // 3 + 1}, column {cell % 3 + 1}"
                button.tooltip = f"{where}: {cells[cell]}" if cells[cell] != "." else f"{where}, empty"
        elif self._kind not in ("connect4", "nim"):
            actions = self.game.actions(self.state) if playable else ()
            self.buttons = {}
            buttons = [self._button(a, _describe(self._kind, a), width="auto") for a in actions]
            self.controls.children = [w.HBox(buttons, layout=w.Layout(flex_flow="row wrap"))]
        for button in self.buttons.values():
            button.disabled = not playable


#: Resolution of the pictures, and the width in pixels of a Connect Four column.
_DPI, _COLUMN = 72, 44

#: The most objects (Nim) or tokens (Grundy's game) the widget shows: every click draws each one
#: and makes a button per move, which takes 0.3 s for a thousand and over a second for three thousand.
_MOST_DRAWN = 1000
#: The most columns or rows of a Connect Four board the widget shows: a column is a button of
#: _COLUMN pixels and the picture is drawn to match, so 20 make a picture 1,100 pixels wide.
_MOST_CELLS_ACROSS = 20


def _check_size(game, kind) -> None:
    """ValueError if ``game`` is bigger than the widget can show, or draw at every click."""
    if kind == "connect4":
        if max(game.width, game.height) > _MOST_CELLS_ACROSS:
            raise ValueError(f"a {game.width}x{game.height} board is too big for the play widget: a column is a "
                             f"{_COLUMN}-pixel button, so it shows boards up to {_MOST_CELLS_ACROSS} columns and "
                             f"rows (a {_MOST_CELLS_ACROSS}x{_MOST_CELLS_ACROSS} board is 1,100 pixels across)")
        return
    if kind == "nim":
        size, things = sum(game.heaps), "objects"
    elif kind == "grundy":
        size, things = game.n, "tokens"
    else:
        return
    if size > _MOST_DRAWN:
        raise ValueError(f"{game!r} has {size:,} {things}, too many for the play widget: every click draws each one "
                         f"and makes a button per move, so it shows {_MOST_DRAWN:,} at most")


def _board_kind(game) -> str:
    """Which buttons suit ``game``: 'tictactoe', 'connect4', 'nim', 'grundy', or 'moves' (any other game).

    Grundy's game and any other game get a button per legal move.
    """
    from .games import ConnectFour, Grundy, Nim, TicTacToe

    for kind, cls in (("tictactoe", TicTacToe), ("connect4", ConnectFour), ("nim", Nim), ("grundy", Grundy)):
        if isinstance(game, cls):
            return kind
    return "moves"


def _describe(kind, action) -> str:
    """A move in words, for buttons and messages."""
    if kind == "tictactoe":
        return f"cell {action}"
    if kind == "connect4":
        return f"column {action}"
    if kind == "nim":
        return f"{action[1]} from heap {action[0]}"
    if kind == "grundy":
        h, k = action
        return f"{h} → {h - k} + {k}"
    return str(action)
