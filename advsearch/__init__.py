"""advsearch: a teaching kit for adversarial search.

The public API, re-exported from the modules that define it:

- the game protocol: :class:`Game`, ``MAX``, ``MIN``, ``CHANCE`` and the errors;
- explicit game trees: :func:`tree`, :func:`parse`, :func:`random_tree`;
- searches: :func:`minimax`, :func:`alphabeta` (with depth, cut-off tests,
  quiescence, move ordering and transposition tables), :func:`iterative_deepening`
  and :func:`solve`, each returning a :class:`SearchResult`;
- games with chance: :func:`expectimax` and :func:`expectiminimax` (with
  Ballard's Star1 and Star2 pruning);
- games of more players: :func:`maxn` (with shallow pruning), :func:`paranoid`
  and :func:`best_reply` (with :class:`ThreatADS` ordering);
- games: :class:`TicTacToe`, :class:`Nim`, :class:`Grundy`, :class:`ConnectFour`,
  with chance :class:`Pig`, :class:`Piglet`, :class:`Hypergammon`, and for
  more players :class:`Virus`, :class:`ChineseCheckers` (``games.Chess`` needs
  the ``chess`` extra);
- the lectures' worked examples: :mod:`advsearch.examples`;
- exercises: :mod:`advsearch.check` (answer checkers that say where an answer
  goes wrong) and :mod:`advsearch.practice` (seeded practice trees);
- drawing: :func:`draw`, :func:`draw_frames`, :func:`frames`, :func:`to_tikz` (matplotlib, the lectures');
  without matplotlib :func:`to_svg`, :func:`picture` (an SVG picture for a notebook, the exercises') and
  :func:`player` (a search's steps, no kernel needed);
- a game to play against an agent with no kernel: :func:`playable` (the agent's replies tabulated);
- games between agents: :mod:`advsearch.agents`, :mod:`advsearch.arena`
  (:func:`play`, :func:`match`, :func:`tournament`).

``import advsearch`` loads the games, the searches and what they stand on;
everything above them (agents and the arena, drawing, learning, the
checkers and practice, grading, the commands) loads on first use, as
``advsearch.check`` or ``from advsearch import match``.

>>> import advsearch as ads
>>> r = ads.alphabeta(ads.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> r.value, r.stats.leaves
(3, 7)

Errors
------
Bad input is refused at once with one of these errors; no other exception
(a TypeError or RecursionError from deep inside the package) reaches the
caller, and nothing fails silently or changes state.  Every message names
what is wrong, repeats what was given, and says what is expected.

``ValueError`` (``TypeError`` for an argument of the wrong type altogether)
    A parameter of the wrong kind or out of range: a negative depth, a
    budget that is not a positive number (one rule for ``time_limit``,
    ``max_nodes``, ``iterations``, ``time``, times per move or per tree:
    :func:`advsearch.validation.budget`; counts, seeds, probabilities and
    points have theirs in :mod:`advsearch.validation` too), bounds with
    low >= high, a tree too big to build.  The message names the parameter.
:class:`GameError`
    A game, or the way it is used, breaks the protocol: an object that is
    not a game, a utility or evaluation that returns something other than a
    number (None, a string, NaN), a non-terminal state without moves, a
    game that never ends searched without a depth limit (or a playout that
    never ends), chance probabilities that do not sum to 1.  The message
    names the game or the function, and the state.  In a game between
    agents, an agent that raises or runs past ``time_per_move`` gives an
    :class:`~advsearch.arena.AgentError` (a GameError) naming the agent, its
    player and the state, with the agent's own error chained.
:class:`IllegalMoveError` (a GameError and a ValueError)
    A move that is not one of ``actions(state)``, compared by type as well
    as value (``True`` is not the move ``1``).  The message names the move,
    the state and the legal moves, and the agent that chose it.
:class:`InvalidTreeError` (a GameError and a ValueError)
    A malformed explicit tree.  The message gives the path (``[0][2]``) of
    the bad part, or says the tree is cyclic or deeper than the limit.
:class:`~advsearch.timeout.TimeLimitExceeded` (a GameError and a TimeoutError)
    Code run with a time limit (a student's function in a checker, an
    agent's move) did not return in time.  The message names what was
    running and the limit.
:class:`BudgetExceeded`
    Not bad input: a search used up the ``max_nodes`` or ``time_limit`` it
    was given.  :func:`iterative_deepening` catches it and answers with the
    deepest completed search.

The answer checkers of :mod:`advsearch.check` do not raise for a wrong
answer, or for a student's function that crashes or hangs: they return
feedback that says so.  They raise only when they are called wrongly.

>>> ads.minimax(ads.tree([3, 5]), depth=-1, evaluate=lambda state, player: 0)
Traceback (most recent call last):
...
ValueError: depth must be >= 0 plies, not -1
>>> ads.alphabeta(ads.TicTacToe(), time_limit=0)
Traceback (most recent call last):
...
ValueError: time_limit must be a positive number, not 0
"""

from . import examples
from .game import CHANCE, MAX, MIN, Game, GameError, IllegalMoveError, InvalidTreeError
from .games import ChineseCheckers, ConnectFour, Grundy, Hypergammon, Nim, Pig, Piglet, TicTacToe, Virus
from .result import Event, SearchResult, Stats, Trace
from .search import BudgetExceeded, TranspositionTable, alphabeta, iterative_deepening, minimax, solve
from .search import expectimax, expectiminimax
from .search import ThreatADS, best_reply, maxn, paranoid
from .search import flat_monte_carlo, mcts, mcts_tree
from .trees import Node, Tree, chance, parse, random_tree, tree

__version__ = "0.1.0"

# ``import advsearch`` loads only the layers up to the searches (docs/architecture.md, "Layers"), so that it
# stays quick and never loads matplotlib, networkx or numpy.  The names below resolve on first use, each to
# the same object an eager import gave: name -> (module, attribute), or (module, None) for a module itself.
_LAZY = {
    # pictures: matplotlib and networkx
    "draw": ("advsearch.drawing.mpl", "draw"),
    "draw_frames": ("advsearch.drawing.mpl", "draw_frames"),
    "frames": ("advsearch.drawing.frames", "frames"),
    "Frame": ("advsearch.drawing.frames", "Frame"),
    "to_tikz": ("advsearch.drawing.tikz", "to_tikz"),
    # pictures without matplotlib: SVG, and the kernel-free frame player
    "to_svg": ("advsearch.drawing.svg", "to_svg"),
    "player": ("advsearch.drawing.player", "player"),
    "picture": ("advsearch.drawing.svg_picture", "picture"),
    # a game to play against an agent with no kernel: its replies tabulated in the page
    "playable": ("advsearch.playable_game", "playable"),
    # the time limit's error: timeout.py loads with the first search or the first code run under a limit
    "TimeLimitExceeded": ("advsearch.timeout", "TimeLimitExceeded"),
    # play: games between agents, evaluations, learning (numpy)
    **{name: ("advsearch.arena", name)
       for name in ("play", "match", "tournament", "GameRecord", "MatchResult", "TournamentResult")},
    # modules: play, the course wing, the front ends, and the modules an eager import used to bring along
    **{name: (f"advsearch.{name}", None)
       for name in ("agents", "arena", "evaluation", "learning", "ratings",
                    "check", "practice", "grading", "autograde",
                    "exam", "practice_cli", "contest", "widgets",
                    "answers", "recording", "tables")},
}


def __getattr__(name):
    if name not in _LAZY:
        raise AttributeError(f"module 'advsearch' has no attribute {name!r}")
    import importlib

    module, attribute = _LAZY[name]
    value = importlib.import_module(module)
    value = value if attribute is None else getattr(value, attribute)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_LAZY))


# In a notebook, every matplotlib Figure shown (the package's and a cell's own charts) carries its alternative
# text as its image's "alt" metadata and as its text/plain (advsearch/drawing/mpl/alt.py). The formatter is
# registered by the class's name, so nothing here loads matplotlib.
def _figure_bundle(fig):
    from .drawing.mpl.alt import bundle

    return bundle(fig)


def _describe_figures_in_ipython() -> None:
    import sys

    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if hasattr(ipython, "get_ipython") else None
    formatter = getattr(getattr(shell, "display_formatter", None), "mimebundle_formatter", None)
    if formatter is not None:
        formatter.for_type_by_name("matplotlib.figure", "Figure", _figure_bundle)


_describe_figures_in_ipython()


__all__ = [
    "CHANCE", "MAX", "MIN", "Game", "GameError", "IllegalMoveError", "InvalidTreeError", "TimeLimitExceeded",
    "ChineseCheckers", "ConnectFour", "Grundy", "Hypergammon", "Nim", "Pig", "Piglet", "TicTacToe", "Virus",
    "Event", "SearchResult", "Stats", "Trace",
    "alphabeta", "minimax", "iterative_deepening", "solve", "TranspositionTable", "BudgetExceeded",
    "expectimax", "expectiminimax",
    "maxn", "paranoid", "best_reply", "ThreatADS",
    "mcts", "flat_monte_carlo", "mcts_tree",
    "Node", "Tree", "chance", "parse", "random_tree", "tree",
    "Frame", "frames", "draw", "draw_frames", "to_tikz",
    "check", "evaluation", "examples", "practice", "learning",
    "agents", "arena", "play", "match", "tournament", "GameRecord", "MatchResult", "TournamentResult",
]
