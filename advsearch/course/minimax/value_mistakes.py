"""The mistakes :func:`check.values <advsearch.check.values>` names on chance trees and payoff vectors.

Each is recognised by asking the one oracle, :meth:`Tree.values
<advsearch.trees.Tree.values>`, how the tree would be valued with the
mistake made (``chance="mean"``, ``"min"``, ``"max"``), or by picking the
child that is best in another player's component.

>>> sorted(VALUE_MISTAKES)
['chance_as_max', 'chance_as_min', 'chance_mean', 'scalar_for_vector', 'wrong_component']
"""

from __future__ import annotations

from ...answers import close
from ...game import CHANCE, player_name
from ...result import format_number as _f
from ...trees import Tree
from ..shared.subtrees import below
from ..shared.wording import and_list


#: Chance rules of :data:`advsearch.trees.CHANCE_RULES` that model a mistake, by the mistake's key.
CHANCE_MISTAKES = {"chance_mean": "mean", "chance_as_min": "min", "chance_as_max": "max"}

#: The mistakes in hand-computed values of chance trees and payoff vectors, by key.
VALUE_MISTAKES = {
    "chance_mean": "a chance node takes the plain average of its children: the probabilities are ignored",
    "chance_as_min": "a chance node is treated as a MIN node: it takes the least of its children",
    "chance_as_max": "a chance node is treated as a MAX node: it takes the greatest of its children",
    "wrong_component": ("a max-n node takes the child best in another player's component, not in the "
                        "component of the player who moves there"),
    "scalar_for_vector": "a single number is given where a payoff vector (one entry per player) is expected",
}

_CHANCE_WORDS = {
    "chance_mean": ("the plain average of its children{}: the probabilities were ignored. A chance node "
                    "weighs each outcome by its probability"),
    "chance_as_min": ("what the tree gives if chance nodes take the min of their children, as if CHANCE were "
                      "MIN{}. Chance does not choose: it weighs each outcome by its probability"),
    "chance_as_max": ("what the tree gives if chance nodes take the max of their children, as if CHANCE were "
                      "MAX{}. Chance does not choose: it weighs each outcome by its probability"),
}


def same_value(a, b) -> bool:
    """Numbers, or payoff vectors entry by entry, equal within :func:`advsearch.answers.close`.

    >>> same_value((1, 0.1 + 0.2), (1, 0.3)), same_value(3, (3,)), same_value((1, 2), (1, 2, 3))
    (True, False, False)
    """
    if isinstance(a, tuple) or isinstance(b, tuple):
        return (isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b)
                and all(close(x, y) for x, y in zip(a, b)))
    return close(a, b)


def chance_mistake(t: Tree, node, yours):
    """``(key, sentence)`` when ``yours`` at ``node`` is what a chance mistake gives, else None.

    The value is compared with the node's value when every chance node of the
    tree uses the wrong rule (:meth:`Tree.values` with ``chance=``), and,
    at a chance node, with the wrong rule applied to its children's right values.

    >>> from fractions import Fraction
    >>> from advsearch import tree, chance
    >>> t = tree([chance((Fraction(1, 4), 8), (Fraction(3, 4), 0)), 1])
    >>> chance_mistake(t, t.node((0,)), 4)[0], chance_mistake(t, t.node(()), 8)[0]
    ('chance_mean', 'chance_as_max')
    """
    if not any(n.player == CHANCE for n in below(t, node.path)):
        return None
    true = t.values()
    if same_value(yours, true[node.path]):
        return None
    if node.player == CHANCE:         # the wrong rule at this node, applied to its children's right values
        kids = [true[c.path] for c in node.children]
        right_below = t.with_values({c.path: true[c.path] for c in node.children}, at=node.path)
        for key, rule in CHANCE_MISTAKES.items():
            direct = right_below.values(rule)[()]
            if same_value(yours, direct):
                if key == "chance_mean":
                    how = f", ({' + '.join(_f(k) for k in kids)})/{len(kids)} = {_f(direct)}"
                else:
                    how = f" ({rule} of {and_list(_f(k) for k in kids)})"
                return key, "That is " + _CHANCE_WORDS[key].format(how) + "."
    for key, rule in CHANCE_MISTAKES.items():    # the wrong rule at every chance node below
        if same_value(yours, t.values(rule)[node.path]):
            return key, "That is " + _CHANCE_WORDS[key].format("") + "."
    return None


def vector_sentence(t: Tree, node, true, yours, name, wrote="you wrote"):
    """``(sentence, mistake)`` for a wrong payoff vector at a decision ``node`` of a multiplayer tree.

    ``wrote`` introduces the wrong vector ("you wrote", or how a mistaken search got it).
    """
    p = node.player
    kids = [true[c.path] for c in node.children]
    value = true[node.path]
    listing = and_list(f"child {i} = {_f(k)}" for i, k in enumerate(kids))
    best = next(i for i, k in enumerate(kids) if same_value(k, value))
    mover = player_name(p, t.num_players)
    text = (f"At {name} ({mover} moves): its children are {listing}. {mover} picks the "
            f"child best in its own component, entry {p}: child {best}, where it gets {_f(value[p])}; so "
            f"{name} = {_f(value)}; {wrote} {_f(yours)}.")
    if isinstance(yours, tuple) and len(yours) == len(value):
        for q in range(len(value)):
            if q == p:
                continue
            top = max(k[q] for k in kids)
            for i, k in enumerate(kids):
                if k[q] == top and same_value(yours, k):
                    text += (f" That is child {i}, the best for {player_name(q, t.num_players)} (entry {q}), but "
                             f"{mover} moves at {name} and chooses by its own entry {p}.")
                    return text, "wrong_component"
    return text, None


def scalar_sentence(t: Tree, name, yours, value) -> str:
    """The sentence for a single number given where a payoff vector is expected."""
    return (f"You wrote a single number, {_f(yours)}, for {name}; in a {t.num_players}-player tree every value "
            f"is a payoff vector, one entry per player (P0 to P{t.num_players - 1}): here {_f(value)}.")
