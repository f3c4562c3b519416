"""The small picture a Feedback shows: the tree, or the reference search at the step that matters.

matplotlib is loaded only when a picture is drawn.
"""

from __future__ import annotations

import io

from ...result import Trace
from ...trees import Tree, parse
from .subtrees import below
from .wording import node_name


#: A tree with more nodes than this is cut down to the part around the node the feedback is about.
PICTURE_NODES = 40


def _leaf_inches(node) -> float:
    """The width a node of the bottom row needs: half an inch, more for a payoff vector such as (5, -1, 2)."""
    value = node.value if not node.children else None
    return max(0.5, 0.1 * len(str(value)) + 0.25) if isinstance(value, tuple) else 0.5


def render(t: Tree, trace, step, focus, bounds) -> bytes:
    """A small PNG of the tree, or of the reference search as it stood after event ``step``.

    A big tree is cut down to the subtree around ``focus`` (from its
    grandparent, or lower if that is still big), with the trace's events there.
    """
    from matplotlib.figure import Figure

    from ...drawing.mpl import draw

    title = None
    if len(t) > PICTURE_NODES and focus:
        prefix = focus[:max(0, len(focus) - 2)]
        while len(below(t, prefix)) > PICTURE_NODES and len(prefix) < len(focus) - 1:
            prefix = focus[:len(prefix) + 1]
        if prefix:
            title = f"the part of the tree below {node_name(t, prefix)}"
            sub = parse(t.render(t.node(prefix)))
            if trace is not None:
                n = len(prefix)
                kept = [k for k, e in enumerate(trace) if e.path[:n] == prefix]
                events = [trace[k]._replace(path=trace[k].path[n:]) for k in kept]
                cut = Trace(sub, sub.initial_state, trace.algorithm, events)
                cut.depth = None if trace.depth is None else trace.depth - n
                if step is not None:
                    step = max([j for j, k in enumerate(kept) if k <= step], default=0)
                trace = cut
            t, focus = sub, focus[len(prefix):]
    deepest = None
    if len(t) > PICTURE_NODES and focus is not None:
        deepest = len(focus) + 1
    if trace is not None and trace.depth is not None:
        deepest = trace.depth if deepest is None else min(deepest, trace.depth)
    shown = [n for n in t.nodes() if deepest is None or len(n.path) <= deepest]
    bottom = [n for n in shown if not n.children or len(n.path) == deepest]
    plies = max(len(n.path) for n in shown)
    size = (min(max(sum(_leaf_inches(n) for n in bottom) + 0.8, 3.0), 9.0), min(max(0.95 * plies + 1.0, 2.0), 4.2))
    fig = Figure(figsize=size, dpi=80)
    ax = fig.add_axes((0, 0, 1, 0.9 if title else 1))
    max_depth = deepest if len(t) > PICTURE_NODES else None
    draw(trace if trace is not None else t, ax=ax, step=step, bounds=bounds, title=title, fontsize=12,
         max_depth=max_depth)
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()
