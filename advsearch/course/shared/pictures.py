"""The small picture a Feedback shows: the tree, or the reference search at the step that matters.

It is SVG (:func:`advsearch.drawing.svg_picture.picture`), so feedback looks the same, picture
included, wherever Python runs, a browser's Pyodide without matplotlib too.
"""

from __future__ import annotations

from ...result import Trace
from ...trees import Tree, parse
from .subtrees import below
from .wording import node_name


#: A tree with more nodes than this is cut down to the part around the node the feedback is about.
PICTURE_NODES = 40


#: The font size of a feedback's picture, pt: smaller than a lecture figure's 14, never under 11.
FONT_SIZE = 12


def render(t: Tree, trace, step, focus, bounds):
    """A small :class:`~advsearch.drawing.svg_picture.Picture` of the tree, or of the reference search as it
    stood after event ``step``.

    A big tree is cut down to the subtree around ``focus`` (from its
    grandparent, or lower if that is still big), with the trace's events there.
    """
    from ...drawing.svg_picture import picture

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
    max_depth = deepest if len(t) > PICTURE_NODES else None
    return picture(trace if trace is not None else t, step=step, bounds=bounds, title=title, fontsize=FONT_SIZE,
                   max_depth=max_depth)
