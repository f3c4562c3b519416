"""Independent reference answers for the tests: small, obviously correct, and slow.

Nothing here uses advsearch's searches, so a test can compare the two.
"""

from __future__ import annotations

from advsearch import MAX, MIN


def minimax_value(node):
    """Minimax value of an explicit-tree node, straight from the definition, by node.player."""
    if not node.children:
        return node.value
    values = [minimax_value(child) for child in node.children]
    return max(values) if node.player == MAX else min(values)


def all_paths(node):
    """The path of every node of an explicit tree."""
    yield node.path
    for child in node.children:
        yield from all_paths(child)


def perfectly_ordered(spec, player=MAX, best_first=True):
    """Reorder a nested-list spec so that every node's best child comes first.

    With ``best_first=False`` every node's best child comes last instead (the
    worst order for alpha-beta).  Returns ``(ordered_spec, value)``; values
    are minimax values for MAX.
    """
    if not isinstance(spec, list):
        return spec, spec
    other = MIN if player == MAX else MAX
    children = [perfectly_ordered(child, other, best_first) for child in spec]
    children.sort(key=lambda cv: cv[1], reverse=(player == MAX) == best_first)
    best = children[0] if best_first else children[-1]
    return [c for c, _ in children], best[1]


def uniform_spec(branching, depth, leaves):
    """A uniform nested-list tree whose leaves are taken in order from ``leaves``."""
    it = iter(leaves)

    def build(d):
        return next(it) if d == 0 else [build(d - 1) for _ in range(branching)]

    return build(depth)


def grundy_values(game_of, n_max):
    """Sprague-Grundy values of single heaps 0..n_max by the mex rule.

    The moves come from the game's own ``actions``: ``game_of(n)`` must be
    Grundy's game on one heap of n, whose actions ``(h, k)`` split h into h-k and k.
    """
    g = [0] * (n_max + 1)
    for n in range(1, n_max + 1):
        game = game_of(n)
        options = {g[h - k] ^ g[k] for h, k in game.actions(game.initial_state)}
        g[n] = min(set(range(len(options) + 1)) - options)
    return g


def negamax_memo(game, state, memo=None):
    """Exact win/loss value for the player to move, memoised on states (for impartial games)."""
    memo = {} if memo is None else memo
    if state in memo:
        return memo[state]
    if game.is_terminal(state):
        value = game.utility(state, game.to_move(state))
    else:
        value = max(-negamax_memo(game, game.result(state, a), memo) for a in game.actions(state))
    memo[state] = value
    return value
