"""Agents: players for :func:`advsearch.arena.play`, each a callable ``agent(game, state) -> action``.

Any function ``(game, state) -> action`` is an agent.  The factories here
make the usual ones, with a readable name so that tables of results say who
played:

- :func:`random`: a uniformly random legal move, from its own seeded
  ``random.Random``;
- :func:`alphabeta`: the move of a (depth-limited) alpha-beta search;
- :func:`expectimax`, :func:`expectiminimax`: the same for games with chance;
- :func:`maxn`, :func:`paranoid`, :func:`best_reply`: the same for games of
  more players;
- :func:`solver`: perfect play, from :func:`advsearch.solve`;
- :func:`mcts`, :func:`flat_monte_carlo`: Monte Carlo tree search (UCT) and
  flat Monte Carlo, each with its own seeded randomness;
- :func:`human`: asks a person for the move;
- :func:`epsilon_greedy`: another agent, but a random move with probability
  epsilon (to vary the games of deterministic agents).

Search agents keep their last :class:`~advsearch.result.SearchResult` as
``agent.last``, so that a notebook can show how much work a move took.

Examples
--------
>>> from advsearch import TicTacToe, agents
>>> game = TicTacToe()
>>> s = game.state("XX./OO./...")
>>> perfect = agents.solver()
>>> perfect, perfect(game, s)
(solver, 2)
>>> perfect.last.value          # X wins
1
>>> agents.random(seed=1)(game, s) in game.actions(s)
True
"""

from __future__ import annotations

import numbers
import random as _random

from . import search as _search, validation
from .search.base import describe

__all__ = ["Agent", "SearchAgent", "random", "alphabeta", "expectimax", "expectiminimax", "solver",
           "epsilon_greedy", "name_of", "maxn", "paranoid", "best_reply", "mcts", "flat_monte_carlo", "human"]


def name_of(agent) -> str:
    """The name to show for ``agent``: its ``name``, else its function name, else its repr.

    >>> def greedy(game, state): return game.actions(state)[0]
    >>> name_of(greedy), name_of(random(seed=0))
    ('greedy', 'random(seed=0)')
    """
    name = getattr(agent, "name", None)
    if isinstance(name, str) and name:
        return name
    return describe(agent)


class Agent:
    """Base class of the agents made here: a named callable ``(game, state) -> action``.

    Subclasses define :meth:`__call__`; ``name`` is what tables and error
    messages show, and also the repr.
    """

    name = "agent"

    def __call__(self, game, state):
        raise NotImplementedError

    def __repr__(self) -> str:
        return self.name


class RandomAgent(Agent):
    """A uniformly random legal move, drawn from the agent's own ``random.Random``."""

    def __init__(self, seed=None):
        self.name = "random" if seed is None else f"random(seed={seed!r})"
        self.rng = _random.Random(seed)

    def __call__(self, game, state):
        return self.rng.choice(_legal(game, state))


class SearchAgent(Agent):
    """Plays the move of a search ``search(game, state, **options)`` and keeps its result.

    Parameters
    ----------
    search : callable
        A search function of :mod:`advsearch.search` (or one with the same
        signature) returning a :class:`~advsearch.result.SearchResult`.
    name : str
        What to call the agent.
    **options
        Keyword arguments passed to every call of ``search``.

    Attributes
    ----------
    last : SearchResult or None
        The result of the agent's most recent search.
    """

    def __init__(self, search, name, **options):
        self.search = search
        self.name = name
        self.options = options
        self.last = None

    def __call__(self, game, state):
        self.last = self.search(game, state, **self.options)
        return self.last.move


class EpsilonGreedy(Agent):
    """Plays like ``agent``, except for a uniformly random legal move with probability ``epsilon``."""

    def __init__(self, agent, epsilon, seed=None):
        self.agent = agent
        self.epsilon = epsilon
        self.rng = _random.Random(seed)
        self.name = f"epsilon_greedy({name_of(agent)}, epsilon={epsilon:g})"

    def __call__(self, game, state):
        if self.rng.random() < self.epsilon:
            return self.rng.choice(_legal(game, state))
        return self.agent(game, state)


def _legal(game, state) -> list:
    actions = list(game.actions(state))
    if not actions:
        raise ValueError(f"no legal move: the game is over in\n{game.render(state)}")
    return actions


def _check_name(name):
    if name is not None and (not isinstance(name, str) or not name):
        raise ValueError(f"an agent's name must be a non-empty string, not {name!r}")
    return name


# --- The factories. ---

def random(seed=None) -> Agent:
    """An agent that plays a uniformly random legal move.

    Parameters
    ----------
    seed : optional
        Seeds the agent's own ``random.Random`` (global randomness is never
        used); the same seed gives the same moves in the same positions.

    Examples
    --------
    >>> from advsearch import TicTacToe
    >>> game = TicTacToe()
    >>> a, b = random(seed=7), random(seed=7)
    >>> [a(game, game.initial_state) for _ in range(5)] == [b(game, game.initial_state) for _ in range(5)]
    True
    """
    return RandomAgent(seed)


def alphabeta(depth=None, evaluate=None, *, name=None, **options) -> SearchAgent:
    """An agent that plays the move of :func:`advsearch.alphabeta`.

    Parameters
    ----------
    depth : int, optional
        Cut off after this many plies (None: search to the end of the game).
    evaluate : callable, optional
        ``evaluate(state, player)``, needed with a depth limit.
    name : str, optional
        What to call the agent; by default ``"alphabeta(depth=2)"`` with the
        simple options (numbers, strings, booleans) listed too.  Name two
        agents that differ only in ``evaluate``, so that tables tell them apart.
    **options
        Other keyword arguments of :func:`advsearch.alphabeta` (``order``,
        ``table``, ``prune_on_equal``, ``quiescence``, ...).

    Raises
    ------
    ValueError
        Bad ``depth`` or ``evaluate`` (checked now, not at the first move), or
        an option that :func:`advsearch.alphabeta` does not take.

    Notes
    -----
    Each move costs one search; ``agent.last`` holds its result.

    Examples
    --------
    >>> from advsearch import ConnectFour
    >>> from advsearch.evaluation import connect4_eval
    >>> game = ConnectFour()
    >>> agent = alphabeta(2, connect4_eval(game), order=game.move_order)
    >>> agent
    alphabeta(depth=2)
    >>> agent(game, game.initial_state), agent.last.stats.nodes
    (3, 21)
    """
    return _searcher(_search.alphabeta, depth, evaluate, name, options)


def expectimax(depth=None, evaluate=None, *, name=None, **options) -> SearchAgent:
    """An agent that plays the move of :func:`advsearch.expectimax` (MAX against chance and a random opponent).

    Parameters are as for :func:`alphabeta`; the options are those of
    :func:`advsearch.expectimax`.

    Examples
    --------
    >>> from advsearch import Piglet
    >>> game = Piglet(goal=3)
    >>> agent = expectimax(4, game.evaluate)
    >>> agent, agent(game, game.initial_state)
    (expectimax(depth=4), 'roll')
    """
    return _searcher(_search.expectimax, depth, evaluate, name, options)


def expectiminimax(depth=None, evaluate=None, *, name=None, **options) -> SearchAgent:
    """An agent that plays the move of :func:`advsearch.expectiminimax`.

    Parameters are as for :func:`alphabeta`; the options are those of
    :func:`advsearch.expectiminimax` (``pruning="star1"`` or ``"star2"``
    with ``bounds``).

    Examples
    --------
    >>> from advsearch import Pig
    >>> game = Pig(goal=20)
    >>> s = game.state(scores=(0, 0), turn_total=18)
    >>> expectiminimax(2, game.evaluate, pruning="star1")(game, s)
    'hold'
    """
    return _searcher(_search.expectiminimax, depth, evaluate, name, options)


def maxn(depth=None, evaluate=None, *, name=None, **options) -> SearchAgent:
    """An agent that plays the move of :func:`advsearch.maxn` (each player for itself).

    Parameters are as for :func:`alphabeta`; the options are those of
    :func:`advsearch.maxn` (``pruning="shallow"``, ``bounds``, ``max_sum``).

    Examples
    --------
    >>> from advsearch import Virus
    >>> game = Virus(players=3)
    >>> agent = maxn(2, game.evaluate, pruning="shallow")
    >>> agent, agent(game, game.initial_state)
    (maxn(depth=2, pruning='shallow'), 1)
    """
    return _searcher(_search.maxn, depth, evaluate, name, options)


def paranoid(depth=None, evaluate=None, *, name=None, **options) -> SearchAgent:
    """An agent that plays the move of :func:`advsearch.paranoid` (itself against a coalition of the others).

    Parameters are as for :func:`alphabeta`; the options are those of
    :func:`advsearch.paranoid` (``order``, ``table``, ...).  The agent
    searches for whichever player is to move.

    Examples
    --------
    >>> from advsearch import ChineseCheckers
    >>> game = ChineseCheckers(players=3)
    >>> agent = paranoid(3, game.evaluate)
    >>> agent(game, game.initial_state), agent.last.stats.nodes
    ((36, 29), 107)
    """
    return _searcher(_search.paranoid, depth, evaluate, name, options)


def best_reply(depth=None, evaluate=None, *, name=None, **options) -> SearchAgent:
    """An agent that plays the move of :func:`advsearch.best_reply` (Best-Reply Search).

    Parameters are as for :func:`alphabeta`; the options are those of
    :func:`advsearch.best_reply`.  With ``threat_ads`` a rule name, every
    search starts a fresh list of opponents; with a
    :class:`~advsearch.ThreatADS` object, the agent keeps that one list from
    move to move (give each agent its own).

    Examples
    --------
    >>> from advsearch import ThreatADS, Virus
    >>> game = Virus(players=3)
    >>> agent = best_reply(4, game.evaluate, threat_ads=ThreatADS("move-to-front"), name="BRS+ADS")
    >>> agent, agent(game, game.initial_state), agent.last.stats.ads_order
    (BRS+ADS, 1, (1, 2))
    """
    return _searcher(_search.best_reply, depth, evaluate, name, options)


def _searcher(search, depth, evaluate, name, options) -> SearchAgent:
    """A :class:`SearchAgent` for ``search``, with its arguments checked now rather than at the first move."""
    _search.base.check_depth(depth, evaluate, options.get("cutoff"))
    allowed = set(search.__kwdefaults__) - {"depth", "evaluate", "trace"}
    unknown = sorted(set(options) - allowed)
    if unknown:
        raise ValueError(f"{search.__name__} takes no option {', '.join(unknown)}; "
                         f"the options are {', '.join(sorted(allowed))}")
    if name is None:
        simple = [f"{k}={v!r}" for k, v in options.items() if isinstance(v, (numbers.Number, str, bool))]
        name = f"{search.__name__}({', '.join([f'depth={depth}'] + simple)})"
    return SearchAgent(search, _check_name(name), depth=depth, evaluate=evaluate, **options)


def solver(*, name=None) -> SearchAgent:
    """An agent that plays perfectly, with :func:`advsearch.solve` at every move.

    Only for games small enough to solve from every position it meets
    (tic-tac-toe, Nim, Connect Four on small boards).  Among equally good
    moves it plays the first in the order the solver searches them.

    Examples
    --------
    >>> from advsearch import Nim
    >>> game = Nim([1, 2])
    >>> agent = solver()
    >>> move = agent(game, game.initial_state)
    >>> agent.last.value                  # the first player wins Nim [1, 2]
    1
    """
    return SearchAgent(_search.solve, "solver" if name is None else _check_name(name))


def epsilon_greedy(agent, epsilon=0.1, seed=None) -> Agent:
    """An agent that plays like ``agent`` but, with probability ``epsilon``, a random legal move.

    Deterministic agents play the same game every time; a little randomness
    gives a spread of positions, for training data or varied matches.

    Parameters
    ----------
    agent : callable
        The agent to follow, ``agent(game, state) -> action``.
    epsilon : float
        The probability of a random move, from 0 (always ``agent``) to 1
        (always random).
    seed : optional
        Seeds this agent's own ``random.Random``.

    Raises
    ------
    ValueError
        ``agent`` is not callable or ``epsilon`` is not a probability.

    Examples
    --------
    >>> from advsearch import TicTacToe
    >>> game = TicTacToe()
    >>> first = lambda game, state: game.actions(state)[0]
    >>> noisy = epsilon_greedy(first, 0.5, seed=3)
    >>> sorted(set(noisy(game, game.initial_state) for _ in range(50)))[:3]
    [0, 1, 2]
    """
    if not callable(agent):
        raise ValueError(f"epsilon_greedy needs an agent, a function (game, state) -> action, not {agent!r}")
    return EpsilonGreedy(agent, float(validation.probability("epsilon", epsilon)), seed)


class _Seeded(SearchAgent):
    """A :class:`SearchAgent` whose searches draw from one ``random.Random``, so a game is reproducible."""

    def __init__(self, search, name, seed, **options):
        super().__init__(search, name, **options)
        self.rng = _random.Random(seed)

    def __call__(self, game, state):
        self.last = self.search(game, state, seed=self.rng, **self.options)
        return self.last.move


def mcts(iterations=1000, *, c=None, seed=None, time_limit=None, name=None, **options) -> SearchAgent:
    """An agent that plays the move of :func:`advsearch.mcts` (UCT), searching afresh at every move.

    Parameters
    ----------
    iterations : int
        Iterations per move (ignored when ``time_limit`` is given).
    c : float, optional
        The exploration constant; sqrt(2) by default.
    seed : optional
        Seeds the agent's own ``random.Random``, which all its searches
        share: the same seed plays the same game against the same moves.
    time_limit : float, optional
        Seconds per move instead of a number of iterations.
    name : str, optional
        What to call the agent; ``"mcts(iterations=1000)"`` by default.
    **options
        Other keyword arguments of :func:`advsearch.mcts` (``final``,
        ``solver``, ``bounds``, ``rollout``, ``max_playout``).

    Raises
    ------
    ValueError
        A bad parameter (checked now, not at the first move).

    Examples
    --------
    >>> from advsearch import TicTacToe
    >>> game = TicTacToe()
    >>> agent = mcts(300, seed=1)
    >>> agent, agent(game, game.state("XX./OO./..."))
    (mcts(iterations=300), 2)
    >>> agent.last.stats.iterations
    300
    """
    allowed = {"final", "solver", "bounds", "rollout", "max_playout"}
    unknown = sorted(set(options) - allowed)
    if unknown:
        raise ValueError(f"mcts takes no option {', '.join(unknown)}; the options are {', '.join(sorted(allowed))}")
    budget = {"time_limit": time_limit} if time_limit is not None else {"iterations": iterations}
    if c is not None:
        budget["c"] = c
    _check_mcts(budget, options)
    if name is None:
        shown = {**budget, **{k: v for k, v in options.items() if isinstance(v, (numbers.Number, str, bool))}}
        name = "mcts(" + ", ".join(f"{k}={v!r}" for k, v in shown.items()) + ")"
    return _Seeded(_search.mcts, _check_name(name), seed, **budget, **options)


def _check_mcts(budget, options):
    """Raise now what :func:`advsearch.mcts` would raise at the first move (it searches a one-move tree)."""
    from .trees import tree
    checked = dict(budget, **options)
    if "time_limit" in checked:
        validation.budget("time_limit", checked.pop("time_limit"))
        checked["iterations"] = 1
    _search.mcts(tree([1]), **checked)


def flat_monte_carlo(playouts_per_move=50, *, seed=None, name=None) -> SearchAgent:
    """An agent that plays the move of :func:`advsearch.flat_monte_carlo` (random games after every move).

    Examples
    --------
    >>> from advsearch import TicTacToe
    >>> game = TicTacToe()
    >>> agent = flat_monte_carlo(20, seed=1)
    >>> agent, agent(game, game.state("XX./OO./..."))
    (flat_monte_carlo(playouts_per_move=20), 2)
    """
    validation.budget("playouts_per_move", playouts_per_move, whole=True)
    if name is None:
        name = f"flat_monte_carlo(playouts_per_move={playouts_per_move})"
    return _Seeded(_search.flat_monte_carlo, _check_name(name), seed, playouts_per_move=playouts_per_move)


class Human(Agent):
    """Asks for a move with ``prompt`` until the answer is a legal action."""

    name = "human"

    def __init__(self, prompt=input, parse=None, output=print):
        self.prompt, self.parse, self.output = prompt, parse, output

    def __call__(self, game, state):
        legal = _legal(game, state)
        while True:
            text = self.prompt(f"Your move ({', '.join(map(str, legal))}): ")
            if text is None:
                raise EOFError("no more input")
            text = str(text).strip()
            try:
                move = self.parse(text) if self.parse is not None else _read(text, legal)
            except (ValueError, TypeError, SyntaxError):
                move = None
            if move in legal:
                return move
            self.output(f"{text!r} is not a legal move; the legal moves are {', '.join(map(str, legal))}")


def _read(text, legal):
    """The legal action that ``text`` spells: its ``str``, or a number, or numbers separated by spaces."""
    for a in legal:
        if str(a) == text:
            return a
    parts = text.replace(",", " ").split()
    numbers_ = tuple(int(p) for p in parts)
    return numbers_[0] if len(numbers_) == 1 else numbers_


def human(prompt=input, *, parse=None, output=print) -> Agent:
    """An agent that asks a person for each move, and asks again after an illegal or unreadable answer.

    Parameters
    ----------
    prompt : callable
        ``prompt(message) -> str``, :func:`input` by default.
    parse : callable, optional
        ``parse(text) -> action``; by default the text of an action as
        ``str`` writes it, a number, or numbers separated by spaces (a tuple).
    output : callable
        Where complaints about bad answers go; :func:`print` by default.

    Examples
    --------
    >>> from advsearch import TicTacToe
    >>> game = TicTacToe()
    >>> answers = iter(["nine", "0", "2"])
    >>> agent = human(lambda message: next(answers))
    >>> agent(game, game.state("XX./OO./..."))
    'nine' is not a legal move; the legal moves are 2, 5, 6, 7, 8
    '0' is not a legal move; the legal moves are 2, 5, 6, 7, 8
    2
    """
    if not callable(prompt):
        raise ValueError(f"prompt must be a function like input, not {prompt!r}")
    return Human(prompt, parse, output)
