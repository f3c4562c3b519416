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

from . import search as _search

__all__ = ["Agent", "SearchAgent", "random", "alphabeta", "expectimax", "expectiminimax", "solver",
           "epsilon_greedy", "name_of", "maxn", "paranoid", "best_reply"]


def name_of(agent) -> str:
    """The name to show for ``agent``: its ``name``, else its function name, else its repr.

    >>> def greedy(game, state): return game.actions(state)[0]
    >>> name_of(greedy), name_of(random(seed=0))
    ('greedy', 'random(seed=0)')
    """
    name = getattr(agent, "name", None)
    if isinstance(name, str) and name:
        return name
    return getattr(agent, "__name__", None) or repr(agent)


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
    if isinstance(epsilon, bool) or not isinstance(epsilon, numbers.Real) or not 0 <= epsilon <= 1:
        raise ValueError(f"epsilon must be a probability between 0 and 1, not {epsilon!r}")
    return EpsilonGreedy(agent, float(epsilon), seed)
