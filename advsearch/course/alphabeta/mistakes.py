"""The typical mistakes in a student's minimax or alpha-beta, as models the checker can compare with.

Two kinds of model:

- :class:`Model` switches one mistake on in the lecture's ALPHA-BETA
  (:func:`model_search`), for mistakes that change *which nodes* the search
  visits.  It is not a copy of the reference search but a model of wrong
  ones: the checker never asks it for a right answer (those come from the
  reference trace), and a model that behaves like the reference on every tree
  explains nothing and is never the diagnosis.
- :func:`perspective_models` give the values a search with the wrong point of
  view backs up, for code whose visits may be right (on chance trees too).
  They ask the one oracle, :meth:`Tree.values <advsearch.trees.Tree.values>`,
  which models a player who chooses with another's preference
  (``decides=``); :func:`perspectives` gives their root values.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...game import MAX, MIN
from ..shared.value_models import ValueModel


inf = math.inf

#: The mistakes the checkers can name, by key, each with a short description.
MISTAKES = {
    "no_pruning": "alpha-beta was asked for, but the search never prunes and visits what minimax visits",
    "bounds_not_passed": "α and β never reach the children, so every node is searched with (−∞, +∞)",
    "swapped_bounds": "α and β swap roles",
    "bounds_updated_wrong_place": "α or β is updated in the wrong place, such as α at MIN nodes or β at MAX nodes",
    "prune_on_equal": "the search cuts on ties although the course cuts only strictly beyond the bound",
    "strict_pruning": "the search cuts only strictly beyond the bound although the course cuts on ties",
    "wrong_perspective": ("the values come from the wrong point of view, such as negated values, values for "
                          "the player to move, or MIN maximising"),
    "depth_off_by_one": "the depth limit searches one ply too deep or too shallow",
    "ignores_depth": "the depth limit is ignored",
    "eval_wrong_view": ("the positions at the depth limit are scored for the player to move there, "
                        "evaluate(state, to_move(state)), instead of for MAX"),
    "expands_twice": "the same node is searched more than once",
    "unexpected_pruning": "minimax was asked for, but the search prunes like alpha-beta",
    "missed_subtree": "the leaves below a pruned node were not counted as pruned",
}


@dataclass(frozen=True)
class Model:
    """One deliberate mistake, as switches on the lecture's ALPHA-BETA (or minimax when prune is False)."""

    key: str
    detail: str
    prune: bool = True
    ties: tuple | None = None      # (cut on ties at MAX, at MIN); None: the course's setting
    window: tuple = (-inf, inf)    # the root's (alpha, beta)
    down: str = "pass"             # children get "pass" (alpha, beta), "swap" (beta, alpha) or "fresh"
    update: str = "own"            # "own", "other" (β at MAX, α at MIN), "other_first" (before the test)
    test: str = "own"              # "own": MAX tests β, MIN tests α; "other": the reverse
    take: str = "right"            # "right", "max" (MIN maximises too), "swapped"
    leaf: str = "max"              # leaves scored for "max" or for the player "to_move"


def model_search(game, state, alpha, beta, m: Model, ties):
    """The lecture's alpha-beta, with the mistake described by ``m`` switched on."""
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state) if m.leaf == "to_move" else MAX)
    is_max = game.to_move(state) == MAX
    take = {"right": max if is_max else min, "max": max, "swapped": min if is_max else max}[m.take]
    v = -inf if take is max else inf
    for a in game.actions(state):
        down = {"pass": (alpha, beta), "swap": (beta, alpha), "fresh": (-inf, inf)}[m.down]
        v = take(v, model_search(game, game.result(state, a), *down, m, ties))
        if m.update == "other_first":
            if is_max:
                beta = min(beta, v)
            else:
                alpha = max(alpha, v)
        if m.prune:
            tie = ties[0] if is_max else ties[1]
            if is_max:
                bound = beta if m.test == "own" else alpha
                if v > bound or (tie and v == bound):
                    return v
            else:
                bound = alpha if m.test == "own" else beta
                if v < bound or (tie and v == bound):
                    return v
        if m.update == "own":
            if is_max:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
        elif m.update == "other":
            if is_max:
                beta = min(beta, v)
            else:
                alpha = max(alpha, v)
    return v


def models(algorithm: str, eq: bool) -> list:
    """The mistake models to compare a failing function with, most specific first.

    A minimax that visits every node but gets values wrong is told apart by
    :func:`perspectives` alone: it has no models here but those that prune.
    """
    if algorithm == "minimax":
        return [
            Model("unexpected_pruning", "it cuts on ties", ties=(True, True)),
            Model("unexpected_pruning", "it cuts strictly", ties=(False, False)),
        ]
    found = []
    for ties in [(not eq, not eq), (eq, not eq), (not eq, eq)]:
        differ = [name for name, tie in zip(("MAX", "MIN"), ties) if tie != eq]
        detail = "at " + " and ".join(differ) + " nodes"
        found.append(Model("strict_pruning" if eq else "prune_on_equal", detail, ties=ties))
    found += [
        Model("no_pruning", "no cut test ever fires", prune=False),
        Model("bounds_not_passed", "children always get α = −∞, β = +∞", down="fresh"),
        Model("swapped_bounds", "the search starts with α = +∞, β = −∞", window=(inf, -inf)),
        Model("swapped_bounds", "each child is called with (β, α) instead of (α, β)", down="swap"),
        Model("swapped_bounds", "MAX nodes test v against α and MIN nodes against β", test="other"),
        Model("bounds_updated_wrong_place", "MAX nodes lower β and MIN nodes raise α", update="other"),
        Model("bounds_updated_wrong_place", "MAX nodes lower β and MIN nodes raise α before the cut test",
              update="other_first"),
        Model("wrong_perspective", "lets MIN nodes take the max of their children", take="max"),
        Model("wrong_perspective", "lets MAX nodes take the min and MIN nodes the max", take="swapped"),
        Model("wrong_perspective", "scores leaves for the player to move, utility(state, to_move(state)), "
                                   "instead of for MAX", leaf="to_move"),
    ]
    return found


def perspective_models() -> list:
    """Values-only mistakes of the point of view, as :class:`~.value_models.ValueModel` s of every node's value.

    Each asks the oracle: with another player's preference at some nodes
    (``decides=``), about the tree with leaves scored for the player to move,
    or for the negated values.  They serve chance trees as well.
    """
    def oracle(decides=None, leaves_for_mover=False):
        def values(t):
            if leaves_for_mover:       # utility(state, to_move(state)): MIN's leaves negated
                t = t.with_values({leaf.path: -leaf.value for leaf in t.leaves() if leaf.player == MIN})
            return t.values(decides=decides)
        return values

    def negated(t):
        return {path: -v for path, v in t.values().items()}

    def for_root_mover(t):
        values = t.values()
        return {**values, (): -values[()]} if t.initial_state.player == MIN else values

    key = "wrong_perspective"
    return [
        ValueModel(key, "returns the value negated, for MIN instead of for MAX", negated),
        ValueModel(key, "returns the value for the player to move at the root (for MIN at a MIN root) instead of "
                        "for MAX", for_root_mover),
        ValueModel(key, "lets MIN nodes take the max of their children", oracle(lambda player: MAX)),
        ValueModel(key, "lets MAX nodes take the min of their children", oracle(lambda player: MIN)),
        ValueModel(key, "lets MAX nodes take the min and MIN nodes the max",
                   oracle(lambda player: MIN if player == MAX else MAX)),
        ValueModel(key, "scores leaves for the player to move, utility(state, to_move(state)), instead of for MAX",
                   oracle(leaves_for_mover=True)),
    ]


def perspectives():
    """Values-only mistakes: ``(detail, value_of_tree)``, for code whose visits may be right.

    >>> from advsearch import examples
    >>> [(detail[:28], value(examples.two_ply())) for detail, value in perspectives()][:3]
    [('returns the value negated, f', -3), ('returns the value for the pl', 3), ('lets MIN nodes take the max ', 14)]
    """
    return [(m.detail, m.root) for m in perspective_models()]


def explanation(key: str, detail: str, eq: bool) -> str:
    """What the mistake ``key`` is and how to mend it, in a few sentences (``detail`` says where)."""
    ge, le = ("≥", "≤") if eq else (">", "<")
    return {
        "no_pruning": (f"Your function never prunes: it visits exactly the nodes minimax visits. After each child "
                       f"a MAX node must stop as soon as v {ge} β, and a MIN node as soon as v {le} α; check the "
                       "cut tests, and that α and β are updated and passed down to the children."),
        "bounds_not_passed": ("α and β never reach the children: every node is searched with "
                              "α = −∞, β = +∞, "
                              "so nothing can ever be cut. Pass the node's current α and β down to each child, "
                              "and narrow them after each child returns: a MAX node raises α = max(α, v), a MIN "
                              "node lowers β = min(β, v)."),
        "swapped_bounds": (f"α and β are swapped ({detail}). α is the value MAX can already force: it is raised "
                           f"at MAX nodes and tested at MIN nodes (v {le} α); β is MIN's: lowered at MIN nodes "
                           f"and tested at MAX nodes (v {ge} β)."),
        "bounds_updated_wrong_place": (f"α and β are updated in the wrong place ({detail}): a MAX node raises "
                                       f"α = max(α, v) after its cut test v {ge} β, and a MIN node lowers "
                                       f"β = min(β, v) after v {le} α; a MAX node never changes β, "
                                       "nor a MIN node α."),
        "prune_on_equal": (f"You cut on ties ({detail}): in this exercise a node is cut only when v is strictly "
                           "beyond the bound (v > β at MAX nodes, v < α at MIN nodes), not when v equals it."),
        "strict_pruning": (f"You cut only when v is strictly beyond the bound ({detail}), but the lecture's test is "
                           "v ≥ β at MAX nodes and v ≤ α at MIN nodes: a tie is cut too."),
        "wrong_perspective": (f"The values are from the wrong point of view: your function {detail}. Values are "
                              "always for MAX: MAX nodes take the max of their children, MIN nodes the min, and "
                              "leaves are scored with game.utility(state, MAX)."),
        "depth_off_by_one": (f"The depth limit is off by one: your search goes one ply too {detail}. The root is "
                             "ply 0; with depth=d, the nodes at ply d are scored with evaluate(state, MAX) "
                             "and not expanded."),
        "ignores_depth": ("Your function ignores the depth limit: with depth=d it still searches down to the "
                          "terminal states. Stop at ply d and score the node with evaluate(state, MAX)."),
        "eval_wrong_view": ("Your function scores the positions at the depth limit for the player to move there, "
                            "evaluate(state, game.to_move(state)), so at MIN's positions it gets MIN's view of the "
                            "position. Eval, like Utility, gives the value for MAX whoever is to move: call "
                            "evaluate(state, MAX)."),
        "expands_twice": (f"Your function searches the same node more than once ({detail}); typically it calls the "
                          "search on a child twice, once to compare and once more to keep the value. Call it once "
                          "per child and store the result in a variable."),
        "unexpected_pruning": ("Your function prunes like alpha-beta, but this exercise asks for plain minimax, "
                               "which searches every child of every node."),
    }[key]
