"""What a drawing shows, worked out once for every renderer: the scene.

A scene is a ``networkx.DiGraph`` keyed by path (the tuple of actions from the
root).  It is built from an explicit tree, a SearchResult or a Trace, as of
any step of the trace, or from an MCTS tree as of any iteration
(:mod:`.mcts_scene`), and cut down to ``max_depth`` plies and
``max_children`` children per node.  matplotlib (:mod:`.mpl`), TikZ
(:mod:`.tikz`) and the step-by-step frames all draw the same scene, so they
cannot disagree.

Graph attributes
    ``num_players``, ``algorithm`` (None for a plain tree), ``step`` (None for
    the finished search), ``game``, ``bounds`` (the utility bounds a search
    that prunes at chance nodes relied on, or None).

Node attributes
    ``player``     MAX, MIN, CHANCE, 0..n-1, or None for a terminal state;
    ``label``      the node's name, or None;
    ``state``      the game state (for boards drawn at the nodes);
    ``status``     "plain" (a tree with no search), "visited", "pruned" (cut
                   off by a prune), "unvisited" (below a pruned child) or
                   "future" (not reached yet at this step);
    ``value``      the number (or payoff tuple) to show, or None;
    ``text``       ``value`` as written: "3", "≤ 2", "≥ 5", "[2, 4]", "(1, 2, 3)";
    ``bound``      "exact", "upper" or "lower";
    ``interval``   ``(lo, hi)``, the lecture's [min, max] frame, or None;
    ``alpha``, ``beta``  the bounds the node last had, or None;
    ``current``    True for the node of the step being shown;
    ``pv``         True on the principal variation;
    ``more``       for a "…" placeholder node standing for hidden children,
                   how many it stands for (0 for real nodes);
    ``tally``      an MCTS node's wins over visits, "7.5/12" ("" elsewhere);
    ``note``       a small note under it, an MCTS node's "UCB 1.23" ("" elsewhere);
    ``visits``     an MCTS node's visits (0 elsewhere): ``max_children``
                   keeps the most visited children.

Edge attributes
    ``action``, ``probability`` (under chance nodes, else None), ``pv``,
    ``status`` (the child's).
"""

from __future__ import annotations

import math
from fractions import Fraction

import networkx as nx

from ..game import CHANCE, MIN
from ..games.boards import PLAYER_COLOURS       # players' colours in n-player trees, as on their boards
from ..result import SearchResult, Trace, format_number as _number
from .. import validation
from .mcts_scene import MCTS_DEPTH, is_mcts, mcts_graph


#: What the note under an MCTS node calls the score selection compares: the lecture's name.
UCT_NAME = "UCTValue"

#: The last element of the path of a placeholder node that stands for hidden children.
MORE = "…"


def number_format(numbers=None):
    """How numbers are written: ``None`` as the lecture writes them (3 significant digits),
    ``"fraction"`` as the nearest fraction with a denominator of at most 100 when that is the
    number (4/9 rather than 0.444), or an int ``k``: ``k`` decimals.

    >>> f = number_format("fraction")
    >>> f(4 / 9), f(0.375), f(3), f(math.pi), number_format(2)(4 / 9), number_format()(4 / 9)
    ('4/9', '3/8', '3', '3.14', '0.44', '0.444')
    >>> number_format("thirds")
    Traceback (most recent call last):
    ValueError: numbers must be None, "fraction" or a number of decimals (0..6), not 'thirds'
    """
    if numbers is None:
        return _number
    if numbers == "fraction":
        return _fraction
    if isinstance(numbers, int) and not isinstance(numbers, bool) and 0 <= numbers <= 6:
        return lambda x: _number(x) if _whole_or_infinite(x) else _number(round(x, numbers))
    raise ValueError(f'numbers must be None, "fraction" or a number of decimals (0..6), not {numbers!r}')


def _whole_or_infinite(x) -> bool:
    return not isinstance(x, float) or math.isinf(x) or x.is_integer()


def _fraction(x) -> str:
    if _whole_or_infinite(x) or isinstance(x, tuple):
        return _number(x)
    near = Fraction(x).limit_denominator(100)
    if abs(float(near) - x) > 1e-9:
        return _number(x)
    return _number(near.numerator) + "/" + str(near.denominator)


def value_text(value, interval=None, number=None) -> str:
    """How a value is written at a node: exact, or as the bound the search knows.

    ``number`` writes one number (see :func:`number_format`; the lecture's way by default).

    >>> value_text(3), value_text(2, (-math.inf, 2)), value_text(5, (5, math.inf))
    ('3', '≤ 2', '≥ 5')
    >>> value_text((1, 2, 3)), value_text(0.5), value_text(None), value_text(0.5, number=_fraction)
    ('(1, 2, 3)', '0.5', '', '1/2')
    """
    _number = number or globals()["_number"]
    if value is None:
        return ""
    if isinstance(value, tuple):
        return "(" + ", ".join(_number(v) for v in value) + ")"
    if interval is not None:
        lo, hi = interval
        if lo == -math.inf and hi != math.inf:
            return f"≤ {_number(hi)}"
        if hi == math.inf and lo != -math.inf:
            return f"≥ {_number(lo)}"
        if lo != hi and lo != -math.inf:
            return f"[{_number(lo)}, {_number(hi)}]"
    return _number(value)


def scene(x, *, step=None, max_depth=None, max_children=None, unvisited=True, values=False, numbers=None,
          uct_name=UCT_NAME) -> nx.DiGraph:
    """The scene for a tree, a SearchResult (with a trace) or a Trace.

    Parameters
    ----------
    x : Tree, SearchResult or Trace
        Or the result of :func:`~advsearch.mcts`, its trace or one of its
        trees (a ``TreeSnapshot``).
    step : int, optional
        Show the search as it stood after event ``step`` (0-based; negative
        counts from the end).  None shows the finished search.  For MCTS a
        step is an iteration: the tree after ``step`` iterations.
    max_depth, max_children : int, optional
        Show only this many plies, and this many children per node; hidden
        children become one "…" node.  The principal variation is kept, and
        of an MCTS tree the most visited children.  An MCTS tree shows
        :data:`~advsearch.drawing.mcts_scene.MCTS_DEPTH` plies by default.
    unvisited : bool
        Include the subtrees below pruned children (faded when drawn).
    values : bool
        For a plain tree: give every inner node its backed-up value (a
        payoff vector with more than two players), from the oracle
        ``Tree.values()``.  A search's trace has its own values.
    numbers : None, "fraction" or int
        How values are written (see :func:`number_format`).
    uct_name : str
        What the note under an MCTS node calls the score of selection:
        ``"UCTValue 1.23"``, the lecture's name, by default.

    Examples
    --------
    >>> from advsearch import alphabeta, examples
    >>> s = scene(alphabeta(examples.two_ply(), trace=True))
    >>> s.nodes[(1,)]["text"], s.nodes[(1, 1)]["status"], s.nodes[(0,)]["pv"]
    ('≤ 2', 'pruned', True)
    >>> s = scene(alphabeta(examples.two_ply(), trace=True), step=3)
    >>> s.nodes[(0,)]["text"], s.nodes[(0,)]["current"], s.nodes[(2,)]["status"]
    ('≤ 3', True, 'future')
    >>> s = scene(examples.three_player(), values=True)
    >>> s.nodes[()]["text"], s.nodes[(1,)]["text"]
    ('(1, 2, 3)', '(-1, 5, 2)')
    """
    _check_limits(max_depth, max_children)
    number = number_format(numbers)
    if not isinstance(uct_name, str):
        raise TypeError(f"uct_name must be a str, not {type(uct_name).__name__}")
    if isinstance(x, SearchResult) and not is_mcts(x):
        if x.trace is None:
            raise ValueError("this SearchResult has no trace: search again with trace=True to draw it")
        x = x.trace
    if is_mcts(x):
        max_depth = MCTS_DEPTH if max_depth is None else max_depth
        graph = mcts_graph(x, step, max_depth + 1, uct_name=uct_name)   # one ply below the cut counts what it hides
    elif isinstance(x, Trace):
        # One ply below the cut is enough to count what the cut hides.
        graph = _from_trace(x, step, unvisited, None if max_depth is None else max_depth + 1, number)
    elif hasattr(x, "to_networkx") and hasattr(x, "initial_state"):
        if step is not None:
            raise ValueError("step needs a search to step through: draw a SearchResult or a Trace")
        graph = _from_tree(x, values, number)
    else:
        raise TypeError(f"draw a Tree, a SearchResult or a Trace (or a TreeSnapshot of MCTS), "
                        f"not {type(x).__name__}")
    _order_children(graph)
    frames = graph.graph["algorithm"] != "mcts" and not graph.graph.get("vector")
    if graph.graph.get("step") is not None and frames:
        _open_intervals(graph, number)     # payoff vectors and MCTS statistics have no [min, max] frames
    return _cut(graph, max_depth, max_children)


def _check_limits(max_depth, max_children):
    for name, limit, least in (("max_depth", max_depth, 0), ("max_children", max_children, 1)):
        if limit is not None:
            validation.whole_number(name, limit, least=least)


def preorder(graph) -> list:
    """The scene's nodes from the root down, each node's children in drawing order."""
    order, stack = [], [()]
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(reversed(graph.nodes[node]["children"]))
    return order


def _defaults(graph, number=None):
    for _, data in graph.nodes(data=True):
        data.setdefault("status", "plain")
        data.setdefault("value", None)
        data.setdefault("label", None)
        data.setdefault("bound", "exact")
        data.setdefault("interval", None)
        data.setdefault("alpha", None)
        data.setdefault("beta", None)
        data.setdefault("current", False)
        data.setdefault("pv", False)
        data.setdefault("more", 0)
        data.setdefault("tally", "")
        data.setdefault("note", "")
        data.setdefault("visits", 0)
        data["text"] = value_text(data["value"], data["interval"], number)
        if isinstance(data["value"], tuple) and data["bound"] == "lower":
            # A max-n node that stopped early: only its player's entry is known, from below.
            data["text"] = _vector_bound(data["value"], data["player"], number)
    for u, v, data in graph.edges(data=True):
        data.setdefault("probability", None)
        data.setdefault("pv", False)
        data["status"] = graph.nodes[v]["status"]


def _vector_bound(value, player, number=None) -> str:
    """``(·, ≥ 6, ·)``: what is known of a payoff vector whose node stopped early."""
    number = number or _number
    if not isinstance(player, int) or not 0 <= player < len(value):
        return value_text(value, number=number)
    return "(" + ", ".join(f"≥ {number(x)}" if i == player else "·" for i, x in enumerate(value)) + ")"


def _from_tree(t, values=False, number=None) -> nx.DiGraph:
    graph = t.to_networkx()
    graph.graph.update(algorithm=None, step=None, game=t)
    backed_up = t.values() if values else {}
    for path, data in graph.nodes(data=True):
        data["status"] = "plain"
        if data.get("terminal"):
            data["player"] = None
        elif path in backed_up:
            data["value"] = backed_up[path]
    _defaults(graph, number)
    return graph


def _from_trace(trace: Trace, step, unvisited, depth=None, number=None) -> nx.DiGraph:
    game = trace.game
    graph = trace.to_networkx(unvisited=unvisited, max_depth=depth)
    graph.graph.update(algorithm=trace.algorithm, game=game, vector=getattr(trace, "vector", False),
                       num_players=getattr(game, "num_players", 2), bounds=getattr(trace, "bounds", None))
    if not len(trace):
        _defaults(graph, number)
        return graph
    last = len(trace) - 1
    if step is not None:
        if not -len(trace) <= step <= last:
            raise ValueError(f"step must be in 0..{last} for this trace of {len(trace)} events, not {step}")
        step = step % len(trace)
    graph.graph["step"] = step
    shown = trace if step is None else trace[: step + 1]

    latest, reached, pruned = {}, set(), set()
    for e in shown:
        if e.path not in graph:
            continue
        latest[e.path] = e

        if e.kind in ("enter", "leaf"):
            reached.add(e.path)
        elif e.kind == "prune":
            pruned.update(e.path + (a,) for a in e.pruned)
    for path, data in graph.nodes(data=True):
        data.pop("value", None)
        data.pop("bound", None)
        if path in reached:
            data["status"] = "visited"
        elif path in pruned:
            data["status"] = "pruned"
        elif data["status"] == "visited" or not any(path[:i] in pruned for i in range(len(path))):
            data["status"] = "future"
        else:
            data["status"] = "unvisited"
        e = latest.get(path)
        if e is not None and e.kind != "enter":
            data.update(value=e.value, interval=e.interval, bound=e.bound)
        if e is not None:
            data.update(alpha=e.alpha, beta=e.beta)
        data["open"] = e is not None and e.kind in ("enter", "update", "prune")
    if step is not None:
        graph.nodes[trace[step].path[:depth]]["current"] = True
    if step is None or step == last:
        node = ()
        graph.nodes[node]["pv"] = True
        for a in trace.pv[:depth]:
            graph.edges[node, node + (a,)]["pv"] = True
            node = node + (a,)
            graph.nodes[node]["pv"] = True
    _defaults(graph, number)
    return graph


def _open_intervals(graph, number=None):
    """The [min, max] frame of each node still being searched at this step.

    This is what is known at this step, as in the lecture's frames.  A leaf
    that has been scored and a node that has returned keep their intervals;
    a node still being searched combines its children's (max at MAX, min at
    MIN), where a child not reached yet could be anything.  So once a MAX node is searching its last
    child, its upper end is already finite: the lecture's frame (e) shows
    A = [3, 14] while D is half done.
    """
    unknown = (-math.inf, math.inf)
    # A search that prunes at chance nodes knows every value lies in its utility bounds.
    anything = graph.graph.get("bounds") or unknown

    def interval(node):
        data = graph.nodes[node]
        if not data["open"]:
            return data["interval"] if data["status"] == "visited" and data["interval"] else unknown
        if not data["children"]:     # below the drawing's depth cut: keep what the trace said
            return data["interval"] or unknown
        ends = [interval(child) for child in data["children"]]
        if data["player"] == CHANCE:
            lo, hi = _expected(graph, node, ends, anything)
        else:
            pick = max if data["player"] != MIN else min
            lo, hi = pick(e[0] for e in ends), pick(e[1] for e in ends)
        data["interval"] = (lo, hi)
        known = lo if lo > -math.inf else hi
        data["text"] = "" if (lo, hi) == unknown else value_text(known, (lo, hi), number)
        return lo, hi

    interval(())


def _expected(graph, node, ends, anything) -> tuple:
    """A chance node's [min, max] frame: its children's ends weighted by their probabilities.

    A child that could be anything counts as ``anything``, the search's utility bounds if it had them.
    """
    lo = hi = 0
    for child, (a, b) in zip(graph.nodes[node]["children"], ends):
        p = graph.edges[node, child].get("probability")
        if p is None:
            return -math.inf, math.inf
        a, b = max(a, anything[0]), min(b, anything[1])
        lo, hi = lo + p * a, hi + p * b
    return lo, hi


def _order_children(graph):
    """Sort each node's children by the game's action order (insertion order is visit order)."""
    game = graph.graph.get("game")
    for node in list(graph.nodes):
        children = list(graph.successors(node))
        if len(children) < 2 or game is None:
            continue
        state = graph.nodes[node]["state"]
        if game.to_move(state) == CHANCE and hasattr(game, "chance_outcomes"):
            order = [o for o, _ in game.chance_outcomes(state)]
        else:
            order = list(game.actions(state))
        rank = {a: i for i, a in enumerate(order)}
        graph.nodes[node]["children"] = sorted(children, key=lambda c: rank.get(c[-1], len(rank)))
    for node in graph.nodes:
        graph.nodes[node].setdefault("children", list(graph.successors(node)))


def _cut(graph, max_depth, max_children) -> nx.DiGraph:
    """Keep max_depth plies and max_children children a node; add "…" where children hide."""
    if max_depth is None and max_children is None:
        return graph
    keep = {()}
    placeholders = []
    todo = [()]
    while todo:
        node = todo.pop()
        children = graph.nodes[node]["children"]
        if max_depth is not None and len(node) >= max_depth:
            shown = []
        elif max_children is not None and len(children) > max_children:
            # The most visited children (an MCTS tree), else the first; in drawing order.
            ranked = sorted(children, key=lambda c: -graph.nodes[c]["visits"])[:max_children]
            shown = [c for c in children if c in ranked]
            on_pv = [c for c in children if graph.nodes[c]["pv"]]
            if on_pv and on_pv[0] not in shown:
                shown = shown[:-1] + on_pv
        else:
            shown = children
        keep.update(shown)
        todo.extend(shown)
        if len(shown) < len(children):
            placeholders.append((node, len(children) - len(shown)))
        graph.nodes[node]["children"] = list(shown)
    out = graph.subgraph(keep).copy()
    for node, hidden in placeholders:
        more = node + (MORE,)
        out.add_node(more, player=None, label=None, state=None, status="plain", value=None, text="…",
                     bound="exact", interval=None, alpha=None, beta=None, current=False, pv=False,
                     more=hidden, children=[], tally="", note="", visits=0)
        out.add_edge(node, more, action=None, probability=None, pv=False, status="plain")
        out.nodes[node]["children"] = out.nodes[node]["children"] + [more]
    for node in graph:
        if graph.nodes[node]["current"] and node not in out:
            # The step's node is hidden: the "…" standing for it is the current node instead.
            shown = max((node[:i] for i in range(len(node)) if node[:i] in out), key=len)
            out.nodes[shown + (MORE,)]["current"] = True
    return out
