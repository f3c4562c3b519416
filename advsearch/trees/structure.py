"""Node and Tree: an explicit game tree, as a game any search runs on, and the one oracle of backed-up values.

A :class:`Tree` holds its root :class:`Node` and answers the game protocol
(Player, Actions, Result, TerminalTest, Utility, the chance outcomes) by
reading the nodes; :meth:`Tree.values` backs the leaves' values up to every
node, by the rules of :data:`CHANCE_RULES` at chance nodes.  Trees are made by
the front doors of :mod:`advsearch.trees` (``tree``, ``parse``,
``random_tree``), and written in the text form by ``str``.
"""

from __future__ import annotations

from typing import Iterator

from ..game import CHANCE, MAX, Game, GameError, IllegalMoveError, player_name
from .text_form import format_value, path_text, text_of, where


#: How :meth:`Tree.values` combines a chance node's children, the lecture's rule first.
CHANCE_RULES = {
    "expectation": lambda probs, values: sum(p * v for p, v in zip(probs, values)),
    "mean": lambda probs, values: sum(values) / len(values),
    "min": lambda probs, values: min(values),
    "max": lambda probs, values: max(values),
}


# ------------------------------------------------------------------------ Node


class Node:
    """One node of an explicit game tree; also the game's state.

    Nodes are made by :func:`tree`, :func:`parse` and :func:`random_tree`, and
    never change.  Two nodes are equal only if they are the same object, so
    every position in a tree is a distinct, cheaply hashed state.

    Attributes
    ----------
    label : str or None
        The node's name (``"B"``), if it has one.
    player : int
        Who moves here: MAX, MIN, CHANCE or 0..n-1.  A leaf holds the player
        whose turn it would be at its level.
    children : tuple of Node
        Empty for a leaf.
    probs : tuple or None
        The probability of each child at a chance node, else None.
    value : number, tuple or None
        A leaf's payoff: MAX's utility, or one payoff per player.  None for
        inner nodes.
    path : tuple of int
        The child indices that lead here from the root.
    actions : tuple of int
        ``tuple(range(len(children)))``: the legal actions, or chance outcomes.

    Examples
    --------
    >>> from advsearch.trees import tree
    >>> t = tree([("B", [3, 12, 8]), [2, 4, 6]])
    >>> b = t.initial_state.children[0]
    >>> b, b.actions, b.children[2]
    (<Node B MIN (0,)>, (0, 1, 2), <leaf 8 (0, 2)>)
    """

    __slots__ = ("label", "player", "children", "probs", "value", "path", "actions")

    def __init__(self, label, player, children=(), probs=None, value=None, path=()):
        init = object.__setattr__
        init(self, "label", label)
        init(self, "player", player)
        init(self, "children", tuple(children))
        init(self, "probs", probs)
        init(self, "value", value)
        init(self, "path", path)
        init(self, "actions", tuple(range(len(self.children))))

    def __setattr__(self, name, value):
        raise AttributeError(f"Node is immutable; cannot set {name!r}")

    def __delattr__(self, name):
        raise AttributeError(f"Node is immutable; cannot delete {name!r}")

    def __reduce__(self):
        return Node, (self.label, self.player, self.children, self.probs, self.value, self.path)

    def __repr__(self) -> str:
        if not self.children:
            name = f"{self.label}={format_value(self.value)}" if self.label else format_value(self.value)
            return f"<leaf {name} {self.path}>"
        who = player_name(self.player, self._num_players())
        return f"<Node {self.label + ' ' if self.label else ''}{who} {self.path}>"

    def _num_players(self) -> int:
        """The number of players, read off the first leaf below (for repr only)."""
        node = self
        while node.children:
            node = node.children[0]
        return len(node.value) if isinstance(node.value, tuple) else 2


def _describe(node: Node) -> str:
    """``node B at [0]`` or ``the leaf at [0][1]``, for messages."""
    kind = "node" if node.children else "leaf"
    name = f"{kind} {node.label}" if node.label else f"the {kind}"
    return f"{name} {where(node.path)}"


# ----------------------------------------------------------------------- Tree


class Tree(Game):
    """An explicit game tree as a game: states are :class:`Node` objects.

    Make one with :func:`tree`, :func:`parse` or :func:`random_tree`.

    Actions are child indices 0..k-1 in left-to-right order; at a chance node
    they are the outcomes.  Two trees are equal when their text forms are.

    Examples
    --------
    >>> from advsearch.trees import tree
    >>> t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]], labels=True)
    >>> s = t.initial_state
    >>> t.to_move(s), t.actions(s), t.label(t.result(s, 1))
    (0, (0, 1, 2), 'C')
    >>> leaf = t.node((1, 2))
    >>> t.is_terminal(leaf), t.utility(leaf, MAX), t.utility(leaf, 1)
    (True, 6, -6)
    >>> len(t), t.height, [x.value for x in t.leaves()][:4]
    (13, 2, [3, 12, 8, 2])
    """

    def __init__(self, root: Node, num_players: int = 2):
        self.initial_state = root
        self.num_players = num_players
        self._labels = {}
        size = height = 0
        for node in self.nodes():
            size += 1
            height = max(height, len(node.path))
            if node.label is not None:
                self._labels[node.label] = node
        self._size = size
        self.height = height
        self._text = None

    # --- the game protocol; kept lean, as searches call these millions of times

    def to_move(self, node: Node) -> int:
        """Player(s): MAX, MIN, CHANCE or 0..n-1."""
        return node.player

    def actions(self, node: Node) -> tuple:
        """Actions(s): the child indices, ``()`` at a leaf."""
        return node.actions

    def result(self, node: Node, action: int) -> Node:
        """Result(s, a): the child with index ``action``; IllegalMoveError for anything else."""
        if type(action) is int and 0 <= action < len(node.children):
            return node.children[action]
        legal = f"its legal actions are {list(node.actions)}" if node.children else "it has none"
        raise IllegalMoveError(f"{action!r} is not a legal action at {_describe(node)}; {legal}")

    def is_terminal(self, node: Node) -> bool:
        """TerminalTest(s): a leaf has no children."""
        return not node.children

    def utility(self, node: Node, player: int):
        """Utility(s, p): MAX's number (negated for MIN), or ``value[player]`` for tuples."""
        if node.children:
            raise GameError(f"utility is defined at leaves only, not at {_describe(node)}")
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.num_players:
            raise GameError(f"player {player!r} is not one of the {self.num_players} players "
                            f"0..{self.num_players - 1}")
        value = node.value
        if isinstance(value, tuple):
            return value[player]
        return value if player == MAX else -value

    def chance_outcomes(self, node: Node) -> list:
        """``[(action, probability), ...]`` at a chance node."""
        if node.probs is None:
            raise GameError(f"{_describe(node)} is not a chance node")
        return list(zip(node.actions, node.probs))

    def label(self, node: Node):
        """The node's label, or None if it has none."""
        return node.label

    def render(self, node: Node) -> str:
        """The text form of the subtree below ``node``."""
        return text_of(node, MAX, self.num_players)

    # --- the tree as a whole

    def node(self, key) -> Node:
        """The node at a path (a tuple of child indices), or with a label.

        Raises IllegalMoveError for a path that leaves the tree, KeyError for
        an unknown label.

        Examples
        --------
        >>> from advsearch.trees import tree
        >>> t = tree([("B", [3, 12, 8]), [2, 4, 6]])
        >>> t.node("B") is t.node((0,)), t.node([1, 0]).value
        (True, 2)
        """
        if isinstance(key, str):
            if key not in self._labels:
                raise KeyError(f"no node is labelled {key!r}; labels: {sorted(self._labels)}")
            return self._labels[key]
        node = self.initial_state
        for action in key:
            try:
                node = self.result(node, action)
            except IllegalMoveError as e:
                raise IllegalMoveError(f"no node at path {path_text(key)}: {e}") from None
        return node

    def nodes(self) -> Iterator[Node]:
        """All nodes, in depth-first preorder (the root first, children left to right)."""
        stack = [self.initial_state]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def leaves(self) -> list:
        """The leaves, left to right."""
        return [node for node in self.nodes() if not node.children]

    def with_values(self, values: dict, at=()) -> "Tree":
        """The subtree at ``at``, with each node whose path is a key of ``values`` made a leaf of that value.

        Players, labels and probabilities are kept; paths start again at the
        new root.  ``t.with_values(answers, at=p).values()[()]`` is the value
        that the answers below ``p`` imply for ``p``: how a checker asks the
        oracle about a tree as a student filled it in.

        >>> from advsearch.trees import tree
        >>> t = tree([("B", [3, 12, 8]), ("C", [2, 4, 6])], labels=True)
        >>> str(t.with_values({(1,): 7}))
        'A[B[3 12 8] C=7]'
        >>> t.with_values({(1,): 7}).values()[()], t.with_values({}, at=(0,)).values()[()]
        (7, 3)
        """
        def copy(node, path):
            if node.path in values:
                return Node(node.label, node.player, (), None, values[node.path], path)
            children = [copy(child, path + (i,)) for i, child in enumerate(node.children)]
            return Node(node.label, node.player, children, node.probs, node.value, path)

        return Tree(copy(self.node(at), ()), self.num_players)

    # --- the value oracle

    def values(self, chance: str = "expectation", *, decides=None) -> dict:
        """The backed-up value of every node, keyed by path: the one oracle the checkers use.

        A decision node takes the best child for the player who moves there
        (MAX the greatest, MIN the least; with n > 2 players, the child whose
        payoff vector is best in the mover's own component, the first among
        equals: max-n).  A chance node combines its children by ``chance``,
        one of :data:`CHANCE_RULES`: ``"expectation"`` (the lecture's rule),
        or the ways students get it wrong, ``"mean"`` (probabilities ignored),
        ``"min"`` and ``"max"`` (chance played as MIN or MAX).

        ``decides(player)``, for two-player trees, names the player whose
        preference chooses at the nodes where ``player`` moves (by default the
        mover itself); checkers use it to model searches that credit the
        wrong player.

        Examples
        --------
        >>> from fractions import Fraction
        >>> from advsearch.trees import chance, tree
        >>> t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
        >>> v = t.values()
        >>> v[()], v[(1,)], v[(1, 2)]
        (3, 2, 6)
        >>> t.values(decides=lambda player: MAX)[()]
        14
        >>> c = tree([chance((Fraction(1, 4), 8), (Fraction(3, 4), 0)), 1])
        >>> c.values()[()], c.values("mean")[()], c.values("min")[()]
        (Fraction(2, 1), 4.0, 1)
        """
        if chance not in CHANCE_RULES:
            raise ValueError(f"chance must be one of {', '.join(map(repr, CHANCE_RULES))}, not {chance!r}")
        combine = CHANCE_RULES[chance]
        two = self.num_players == 2
        if decides is not None and not two:
            raise ValueError(f"decides= is for two-player trees; this tree has {self.num_players} players")
        decides = decides or (lambda player: player)
        out = {}
        for node in reversed(list(self.nodes())):      # children before their parents
            if not node.children:
                out[node.path] = node.value
                continue
            kids = [out[c.path] for c in node.children]
            if node.player == CHANCE:
                out[node.path] = combine(node.probs, kids)
            elif two:
                out[node.path] = max(kids) if decides(node.player) == MAX else min(kids)
            else:
                out[node.path] = max(kids, key=lambda vector: vector[node.player])
        return out

    def __len__(self) -> int:
        return self._size

    def __str__(self) -> str:
        if self._text is None:
            self._text = text_of(self.initial_state, MAX, self.num_players)
        return self._text

    def __repr__(self) -> str:
        text = str(self)
        return f"parse({text if len(text) <= 60 else text[:56] + ' ...'!r})"

    def __eq__(self, other) -> bool:
        if not isinstance(other, Tree):
            return NotImplemented
        return str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))

    def to_networkx(self):
        """The tree as a ``networkx.DiGraph`` whose nodes are keyed by path.

        Node attributes: ``player``, ``value`` (None at inner nodes),
        ``label`` (None when unlabelled), ``terminal`` and ``state`` (the
        Node).  Edges carry the ``action`` and, below a chance node, the
        ``probability``.  The graph attribute ``num_players`` is set.

        Examples
        --------
        >>> from advsearch.trees import chance, tree
        >>> g = tree([chance((0.25, 1), (0.75, 5))]).to_networkx()
        >>> g.number_of_nodes(), g.edges[(0,), (0, 1)]["probability"]
        (4, 0.75)
        """
        import networkx as nx

        graph = nx.DiGraph(num_players=self.num_players)
        for node in self.nodes():
            graph.add_node(node.path, player=node.player, value=node.value, label=node.label,
                           terminal=not node.children, state=node)
            for action, child in zip(node.actions, node.children):
                graph.add_edge(node.path, child.path, action=action)
                if node.probs is not None:
                    graph.edges[node.path, child.path]["probability"] = node.probs[action]
        return graph

