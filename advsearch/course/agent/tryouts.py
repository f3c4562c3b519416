"""``check.agent_tryout(task)``: what the agent in ``my_agent.py`` can do after a sheet, on Connect Four.

Each sheet ends with its tryout; the file is loaded afresh (:mod:`.loading`):

- ``"minimax"`` (sheet 01): the student's ``minimax`` values each move of an endgame with 8 empty cells;
  one column wins, the others lose, and the best value must pick it;
- ``"alphabeta"`` (sheet 02): the same with ``alphabeta`` on an endgame with 12 empty cells, with the leaves
  it scores beside those minimax scores;
- ``"agent"`` (sheet 03): ``agent(game, state, budget)`` plays both colours against the random player, a
  short time a move;
- ``"uct"`` (sheet 06): ``mcts`` must visit the winning move of a position most.

The positions are fixed and their claims tested against :func:`advsearch.solve`.

Examples
--------
>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "my_agent.py").write_text("def minimax(game, state):\\n    raise NotImplementedError\\n")
>>> print(agent_tryout("minimax", path=folder / "my_agent.py"))    # doctest: +ELLIPSIS
Not answered yet: minimax in my_agent.py raises NotImplementedError. ...
"""

from __future__ import annotations

import html
import os
import random
import types

from ... import timeout
from ...arena import play
from ...games.connect4 import ConnectFour
from ...recording import RecordingGame
from ...answers import close, number_problem
from ...search import alphabeta, minimax
from ...search.base import forbid_searches
from ..shared.feedback import Feedback, not_answered
from ..shared.running import describe_error
from .loading import AGENT_FILE, functions

#: An endgame with 8 empty cells, X to move: column 1 wins, 0, 4 and 5 lose.
ENDGAME = (1, 3, 3, 2, 6, 5, 4, 2, 1, 2, 4, 3, 3, 6, 6, 4, 0, 0, 2, 6, 4, 0, 6, 5, 3, 4, 3, 6, 5, 2, 0, 5, 0, 2)
#: An endgame with 12 empty cells, X to move: column 5 wins, 0, 1 and 3 lose.
DEEPER = (2, 6, 4, 6, 4, 0, 4, 2, 0, 5, 3, 4, 4, 1, 6, 1, 0, 6, 4, 2, 2, 0, 6, 2, 1, 6, 1, 2, 5, 1)
#: X has three in the bottom row and wins at once in column 3.
WIN_NOW = (0, 0, 1, 1, 2, 2)
#: Seconds a whole search of a tryout position may take (a pure-Python minimax needs well under one).
SEARCH_SECONDS = 30.0
#: The tryout match: games against random (both colours), and seconds a move (the contest gives 1).
GAMES, SECONDS_PER_MOVE = 2, 0.25
#: UCT iterations in the ``"uct"`` tryout.
ITERATIONS = 300
#: Why a tryout's search may not call the package's own (as ``check.agent_file`` refuses it too).
_OWN_SEARCH = "the tryout shows what your own search does (check.agent_file refuses the package's search too)"


class BoardFeedback(Feedback):
    """A Feedback that shows a Connect Four board under its text (``board``: the rows, top first)."""

    __slots__ = ("board",)

    def __init__(self, ok, text, board=()):
        rows = list(board)
        super().__init__(ok, text + ("\n" + "\n".join(rows) if rows else ""))
        self.board = rows

    def _repr_html_(self) -> str:
        shown = Feedback(self.ok, self.text.split("\n")[0])._repr_html_()
        if not self.board:
            return shown
        return shown + f'<pre style="margin-left:14px;line-height:1.1">{html.escape(chr(10).join(self.board))}</pre>'


def _numbered(game, state) -> list:
    """The board's rows, top first, and the columns' numbers under them."""
    return game.rows(state) + ["".join(str(c % 10) for c in range(game.width))]


def position(moves, game=None):
    """The Connect Four state after ``moves`` (columns) from the start."""
    game = ConnectFour() if game is None else game
    state = game.initial_state
    for column in moves:
        state = game.result(state, column)
    return state


def agent_tryout(task, path=AGENT_FILE) -> Feedback:
    """Load ``my_agent.py`` afresh and show what its agent does on ``task``: ``"minimax"``, ``"alphabeta"``,
    ``"agent"`` or ``"uct"`` (see the module's description).

    Raises
    ------
    ValueError
        An unknown ``task`` (the message lists them).
    """
    if task not in TASKS:
        raise ValueError(f"unknown task {task!r}; the tasks are {', '.join(TASKS)}")
    needed, problem = functions(path, TASKS[task][1])
    return problem if problem is not None else TASKS[task][0](os.path.basename(os.fspath(path)), **needed)


def _values(fn, game, state, name, fn_name):
    """``({column: value}, leaves scored, None)`` of ``fn`` on each move of ``state``, or ``(None, None, feedback)``."""
    recording = RecordingGame(game)
    try:
        with forbid_searches(_OWN_SEARCH):
            values = timeout.call(lambda: {a: fn(recording, game.result(state, a)) for a in game.actions(state)},
                                  seconds=SEARCH_SECONDS, what=f"your {fn_name}")
    except NotImplementedError:
        return None, None, not_answered(f"{fn_name} in {name} raises NotImplementedError. Write it (the sheet's "
                                        f"exercise says how) and save the file.")
    except (Exception, SystemExit) as error:
        return None, None, Feedback(False, f"On the position below your {fn_name} {describe_error(error)}.")
    odd = next(((a, number_problem(v)) for a, v in values.items() if number_problem(v)), None)
    if odd is not None:
        return None, None, Feedback(False, f"After column {odd[0]} your {fn_name} returned something that is not a "
                                           f"number: {odd[1]}.")
    leaves = sum(1 for kind, _ in recording.log if kind == "score")
    return values, leaves, None


def _solves(fn_name, moves, name, fn, reference):
    """The tryout of ``"minimax"`` and ``"alphabeta"``: ``fn`` values each move of the position ``moves``."""
    game = ConnectFour()
    state = position(moves, game)
    board = _numbered(game, state)
    values, leaves, problem = _values(fn, game, state, name, fn_name)
    if problem is not None:
        return BoardFeedback(problem.ok, problem.text, board)
    right = {a: reference(game, game.result(state, a)).value for a in game.actions(state)}
    wrong = [a for a in right if not close(values[a], right[a])]
    if wrong:
        a = wrong[0]
        return BoardFeedback(False, f"X to move. After column {a} your {fn_name} gives {values.get(a)!r}, but the "
                                    f"position is worth {right[a]} for MAX (X): check {fn_name} with its sheet's "
                                    f"check first.", board)
    best = max(values, key=values.get)
    reference_leaves = sum(reference(game, game.result(state, a)).stats.leaves for a in right)
    minimax_leaves = sum(minimax(game, game.result(state, a)).stats.leaves for a in right)
    counts = (f" Your {fn_name} scored {leaves:,} leaves for the {len(right)} moves; minimax scores "
              f"{minimax_leaves:,}" + (f" and the package's alpha-beta {reference_leaves:,}." if fn_name != "minimax"
                                       else "."))
    return BoardFeedback(True, f"X to move: your {fn_name} values the columns "
                               f"{', '.join(f'{a}: {v}' for a, v in values.items())}, so your agent plays column "
                               f"{best}, the only one that wins.{counts}", board)


def _minimax_tryout(name, minimax):
    return _solves("minimax", ENDGAME, name, minimax, _minimax_reference)


def _minimax_reference(game, state):
    return minimax(game, state)


def _alphabeta_tryout(name, alphabeta):
    return _solves("alphabeta", DEEPER, name, alphabeta, _alphabeta_reference)


def _alphabeta_reference(game, state):
    return alphabeta(game, state)


def _agent_tryout(name, agent, deepening, evaluate):
    """The tryout of ``"agent"``: :data:`GAMES` games against random, both colours, :data:`SECONDS_PER_MOVE` a move."""
    game = ConnectFour()
    try:
        timeout.call(deepening, game, position(WIN_NOW, game), 1, evaluate, seconds=SEARCH_SECONDS,
                     what="your deepening")
    except NotImplementedError:
        return not_answered(f"deepening (or what it calls) in {name} raises NotImplementedError; your agent "
                            f"searches with it. Write sheet 03's steps and save the file.")
    except timeout.TimeLimitExceeded:
        return Feedback(False, f"deepening in {name}, asked for depth 1, did not return within "
                               f"{SEARCH_SECONDS:g} s (a loop that never ends?); your agent searches with it.")
    except (Exception, SystemExit):
        pass                                 # the games below say what goes wrong
    budget = types.SimpleNamespace(seconds=SECONDS_PER_MOVE, max_nodes=None)     # what the contest passes

    def yours(game, state):
        return agent(game, state, budget)

    rng = random.Random(0)

    def random_player(game, state):
        return rng.choice(game.actions(state))

    won = []
    for g in range(GAMES):
        seats = [yours, random_player] if g % 2 == 0 else [random_player, yours]
        try:
            record = play(game, seats, time_per_move=SECONDS_PER_MOVE * 2)
        except (Exception, SystemExit) as error:
            return Feedback(False, f"In game {g + 1} against random: your agent {describe_error(error)}")
        won.append(record.winner == g % 2)
    colours = ", ".join(f"{'won' if w else 'did not win'} as {'X' if g % 2 == 0 else 'O'}" for g, w in enumerate(won))
    if all(won):
        return Feedback(True, f"Your agent beat the random player in all {GAMES} games ({colours}), thinking at most "
                              f"{SECONDS_PER_MOVE:g} s a move. It is ready for a contest: see exercises/contest.")
    return Feedback(False, f"Your agent {colours} against the random player. A search with a sound evaluation "
                           f"wins nearly every game: check that evaluate is for `player` (MAX's value negated for "
                           f"MIN) and that agent returns the move of the deepest finished search.")


def _uct_tryout(name, mcts):
    """The tryout of ``"uct"``: ``mcts`` on :data:`WIN_NOW` must visit the winning column 3 most."""
    game = ConnectFour()
    state = position(WIN_NOW, game)
    board = _numbered(game, state)
    try:
        with forbid_searches(_OWN_SEARCH):
            stats = timeout.call(mcts, game, state, ITERATIONS, random.Random(0), seconds=SEARCH_SECONDS,
                                 what="your mcts")
        most = max(stats, key=lambda a: stats[a][1])
        if type(most) is not int:           # an action is a column number; anything else may compare as one
            raise TypeError(f"its most visited action is {most!r:.40}, a {type(most).__name__}, not a column")
    except NotImplementedError:
        return BoardFeedback(False, not_answered(f"mcts in {name} raises NotImplementedError. Write it (sheet 06, "
                                                 f"exercise IV) and save the file.").text, board)
    except (Exception, SystemExit) as error:
        return BoardFeedback(False, f"On the position below your mcts {describe_error(error)} (or did not return "
                                    f"{{action: (wins, visits)}}).", board)
    if most != 3:
        return BoardFeedback(False, f"X to move and column 3 wins at once, but after {ITERATIONS} iterations your "
                                    f"mcts visits column {most!r} most ({stats[most]}): check whose wins each node "
                                    f"counts.", board)
    return BoardFeedback(True, f"X to move: after {ITERATIONS} iterations your mcts visits column 3, the winning "
                               f"move, most ({stats[3][1]} of {ITERATIONS} visits).", board)


#: Each task: its tryout, and the functions of the file it needs.
TASKS = {
    "minimax": (_minimax_tryout, ("minimax",)),
    "alphabeta": (_alphabeta_tryout, ("alphabeta",)),
    "agent": (_agent_tryout, ("agent", "deepening", "evaluate")),
    "uct": (_uct_tryout, ("mcts",)),
}
