"""The words that say what a picture of a tree shows, for screen readers and alternative text.

One describer serves every picture of a scene: the SVG painter's
``<title>``, ``<desc>`` and each node's ``aria-label`` (:mod:`.svg`, and so
every frame of the HTML player), and the alternative text that
:func:`~advsearch.draw` and :func:`~advsearch.draw_frames` attach to their
matplotlib figures (:mod:`.mpl.alt`).  A picture therefore says the same in
every form: the tree in its text form, what the step shown did, the
principal variation, and every node in words from the root down ("C, MIN
node, value at most 2, on the principal variation").

Nothing here imports matplotlib: texts are measured with the SVG painter's
table of widths, which decides only whether a value sits inside a shape, not
what is said.

>>> from advsearch import alphabeta, examples
>>> from advsearch.drawing.scene import scene
>>> result = alphabeta(examples.two_ply(), trace=True)
>>> graph = scene(result, step=13)
>>> words = Words(graph)
>>> words.name()
'alphabeta search, after step 13'
>>> words.node((1,))
'C, MIN node, value at most 2, the node of this step'
>>> print(step_text(result, graph))
C (MIN): v = 2 ≤ α = 3, so MAX will never let play reach C: its remaining children 1 and 2 are pruned.
"""

from __future__ import annotations

import weakref

from ..game import player_name
from ..result import trace_of
from ..search.mcts import MCTSTrace
from .looks import DEFAULT_STYLE, edge_text, key_entries, node_looks, pair
from .scene import preorder
from .svg_geometry import em

#: Words for a node's kind and status.
KIND_WORDS = {"max": "MAX node", "min": "MIN node", "chance": "chance node", "leaf": "leaf"}
STATUS_WORDS = {"pruned": "pruned", "unvisited": "not visited, below a pruned node", "future": "not reached yet"}

#: The most nodes, and the longest text form, that alternative text (``Words.alt``) spells out.
ALT_NODES, ALT_TEXT_FORM = 60, 600


def spoken(text: str) -> str:
    """Scene text as a screen reader should say it.

    >>> spoken("≤ 2"), spoken("[−∞, 3]"), spoken("(1, −2, ·)")
    ('at most 2', '[minus infinity, 3]', '(1, minus 2, unknown)')
    """
    for sign, words in (("≤ ", "at most "), ("≥ ", "at least "), ("+∞", "plus infinity"), ("∞", "infinity"),
                        ("−", "minus "), ("-", "minus "), ("·", "unknown")):
        text = text.replace(sign, words)
    return text


class Words:
    """The sentences of one scene: each node's, the picture's name and its description.

    ``bounds``, ``intervals``, ``actions`` and ``players`` are the drawing's
    options of those names; ``title`` is the picture's title, which becomes
    its name.  ``looks`` may pass a painter's own node looks (tier "full")
    to save working them out again.
    """

    def __init__(self, graph, *, bounds=False, intervals=False, actions=False, players=None, title=None,
                 looks=None):
        self.graph, self.title = graph, title
        self.order = preorder(graph)
        self.looks = looks if looks is not None else node_looks(graph, "full", bool(bounds), bool(intervals),
                                                                 boards=False, em=em)
        self.texts = {(p, c): edge_text(graph.edges[p, c], True, bool(actions))
                      for p in self.order for c in graph.nodes[p]["children"]}
        key_entries(graph, bool(bounds), players, DEFAULT_STYLE)      # refuses ``players`` that do not fit
        self.names = players_names(graph, players, graph.graph.get("num_players", 2))

    def node(self, node) -> str:
        """What a screen reader says for a node: "C, MIN node, value at most 2, pruned"."""
        data, look = self.graph.nodes[node], self.looks[node]
        if data["more"]:
            return f"{data['more']} more {'child' if data['more'] == 1 else 'children'} not shown"
        parts = [str(data["label"])] if data["label"] is not None else []
        if look.shape == "player":
            parts.append(f"{self.names[data['player']]} node")
        else:
            parts.append(KIND_WORDS[look.shape])
        value = look.inside or next((t for t, _, role in look.lines if role == "value"), "")
        if value:
            parts.append(f"value {spoken(value)}")
        if node:
            p = self.graph.edges[node[:-1], node].get("probability")
            if p is not None:
                parts.append(f"probability {self.texts[node[:-1], node].split(': ')[-1]}")
        if data["tally"]:
            parts.append(f"wins/visits {data['tally']}" if "/" in data["tally"] else f"visits {data['tally']}")
        if data["note"]:
            parts.append(data["note"])
        if any(role == "note" and t.startswith("[") for t, _, role in look.lines):
            parts.append(f"searched with [α, β] = {spoken(pair(data['alpha'], data['beta']))}")
        if data["status"] in STATUS_WORDS:
            parts.append(STATUS_WORDS[data["status"]])
        if data["current"]:
            parts.append("the node of this step")
        if data["pv"] and node:
            parts.append("on the principal variation")
        return ", ".join(parts)

    def name(self) -> str:
        """The picture's name: its title, else what is drawn ("alphabeta search, after step 13")."""
        if self.title is not None:
            return self.title
        algorithm = self.graph.graph.get("algorithm")
        what = "Game tree" if algorithm is None else f"{algorithm} search"
        step = self.graph.graph.get("step")
        if algorithm == "mcts" and step is not None:
            return f"{what}, after {self.graph.graph.get('iteration')} iterations"
        return what + ("" if step is None or algorithm == "mcts" else f", after step {step}")

    def description(self, step_said: str, nodes=None, text_form=None) -> str:
        """The tree in words: its text form, what the step did, the principal variation, then every node.

        ``nodes`` and ``text_form`` (None: no limit) are the most nodes
        listed and the longest text form given; past them the description
        says how many nodes it left out, or that the text form is too long.
        """
        graph = self.graph
        game = graph.graph.get("game")
        out = []
        if game is not None and hasattr(game, "to_networkx") and hasattr(game, "initial_state"):
            form = str(game)
            if text_form is None or len(form) <= text_form:
                out.append(f"The tree in text form: {form}.")
        if step_said:
            out.append(f"This step: {step_said}")
        pv = [n for n in self.order if graph.nodes[n]["pv"] and n]
        if pv:
            names = [self.node(n).split(", on the principal")[0] for n in pv]
            out.append("Principal variation: " + "; then ".join(names) + ".")
        said = self.order if nodes is None else self.order[:nodes]
        rest = len(self.order) - len(said)
        out.append("Nodes from the root down: " + "; ".join(self.node(n) for n in said)
                   + (f"; and {rest} more nodes." if rest else "."))
        return " ".join(out)

    def alt(self, step_said: str) -> str:
        """Alternative text for the picture: its name, then its description, at most :data:`ALT_NODES` nodes."""
        return f"{self.name()}. {self.description(step_said, ALT_NODES, ALT_TEXT_FORM)}"


def step_text(x, graph) -> str:
    """The sentence that narrates the step a scene shows ("" for a finished search or a plain tree).

    It is the text of that step's frame (:func:`~advsearch.drawing.frames.frames`): the trace's
    narration of the event, or its summary of the MCTS iteration.
    """
    if graph.graph.get("algorithm") == "mcts":
        done = graph.graph.get("iteration")
        if graph.graph.get("step") is None or done is None:
            return ""
        if done == 0:
            return "Before the first iteration."
        if getattr(x, "trace", x) is None:      # a result that kept snapshots but no trace: no narration
            return f"The tree after {done} iterations."
        return _sentences(trace_of(x))[done - 1]
    step = graph.graph.get("step")
    return "" if step is None else _sentences(trace_of(x))[step]


#: The sentences of the traces narrated last: [(weak reference to the trace, its length, its sentences)].
_NARRATED: list = []


def _sentences(trace) -> list:
    """A trace's narration (an MCTS trace's iteration summaries), worked out once for the few traces drawn last.

    A Stepper or ``draw_frames`` draws one search at many steps; narrating a
    trace takes time in its length (0.2 s for alpha-beta's 51,797 events of
    tic-tac-toe), so each picture does not narrate it again.
    """
    for ref, length, said in _NARRATED:
        if ref() is trace and length == len(trace):
            return said
    said = trace.summaries() if isinstance(trace, MCTSTrace) else trace.narrate()
    _NARRATED.insert(0, (weakref.ref(trace), len(trace), said))
    del _NARRATED[4:]
    return said


def players_names(graph, players, n) -> list:
    """The players' names as the key gives them: ``players``, else the game's, else P0, P1, ... (MAX, MIN for two)."""
    if n > 2 and players is not None:
        return [str(p) for p in players]
    game_names = getattr(graph.graph.get("game"), "player_names", None)
    if n > 2 and game_names is not None and len(game_names) == n:
        return [str(p) for p in game_names]
    return [player_name(p, n) for p in range(n)]
