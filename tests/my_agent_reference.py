"""A reference solution of exercises/my_agent.py, every step written as its sheet asks (tests/test_my_agent.py).

Only the exercise functions differ from the shipped file; the contest's entry (``Clock``, ``agent``) is the file's
own, read from it and appended below, so that the test plays what a student hands in.
"""

import math
import random
import time

import advsearch as ads
from advsearch import MAX, MIN

C4 = ads.ConnectFour()


def minimax(game, state):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    values = [minimax(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == MAX else min(values)


def _ab(game, state, alpha, beta, plies_left, evaluate):
    """Alpha-beta as the lecture writes it; no depth limit when plies_left is None."""
    if game.is_terminal(state):
        return game.utility(state, MAX)
    if plies_left == 0:
        return evaluate(state, MAX)
    below = None if plies_left is None else plies_left - 1
    if game.to_move(state) == MAX:
        v = -math.inf
        for a in game.actions(state):
            v = max(v, _ab(game, game.result(state, a), alpha, beta, below, evaluate))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v
    v = math.inf
    for a in game.actions(state):
        v = min(v, _ab(game, game.result(state, a), alpha, beta, below, evaluate))
        if v <= alpha:
            return v
        beta = min(beta, v)
    return v


def alphabeta(game, state):
    return _ab(game, state, -math.inf, math.inf, None, None)


def _windows():
    """The masks of every four cells in a line on the 7 x 6 board."""
    masks = []
    for c in range(C4.width):
        for r in range(C4.height):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = [(c + i * dc, r + i * dr) for i in range(4)]
                if all(0 <= x < C4.width and 0 <= y < C4.height for x, y in cells):
                    masks.append(sum(C4.cell(x, y) for x, y in cells))
    return masks


WINDOWS = _windows()
CENTRE = sum(C4.cell(3, r) for r in range(C4.height))
LINES = (0, 0, 1, 4, 0)          # what a window with 0..4 discs of one player and none of the other's is worth


def evaluate(state, player):
    """Centre discs, and windows of four that hold two or three of one player's discs and none of the other's."""
    x, o = state
    score = (x & CENTRE).bit_count() - (o & CENTRE).bit_count()
    for w in WINDOWS:
        if not o & w:
            score += LINES[(x & w).bit_count()]
        elif not x & w:
            score -= LINES[(o & w).bit_count()]
    value = 0.9 * math.tanh(0.05 * score)
    return value if player == MAX else -value


def alphabeta_limited(game, state, depth, evaluate):
    return _ab(game, state, -math.inf, math.inf, depth, evaluate)


def _root(game, state, depth, evaluate):
    """(value, move) of alpha-beta to `depth` from the root, the root searched here for its move."""
    alpha, beta = -math.inf, math.inf
    maximising = game.to_move(state) == MAX
    best_value, best_move = (-math.inf if maximising else math.inf), None
    for a in game.actions(state):
        v = _ab(game, game.result(state, a), alpha, beta, depth - 1, evaluate)
        if (v > best_value) if maximising else (v < best_value):
            best_value, best_move = v, a
        if maximising:
            if best_value >= beta:
                break
            alpha = max(alpha, best_value)
        else:
            if best_value <= alpha:
                break
            beta = min(beta, best_value)
    return best_value, best_move


def deepening(game, state, depth, evaluate):
    best = None
    for d in range(1, depth + 1):
        try:
            best = _root(game, state, d, evaluate)
        except ads.BudgetExceeded:
            break
    return best


class _Node:
    def __init__(self, game, state, parent=None, action=None):
        self.state, self.parent, self.action = state, parent, action
        self.children = []
        self.untried = [] if game.is_terminal(state) else list(game.actions(state))
        self.wins, self.visits = 0.0, 0


def mcts(game, state, iterations, rng):
    root = _Node(game, state)
    for _ in range(iterations):
        node = root
        while not node.untried and node.children:
            node = max(node.children, key=lambda c: c.wins / c.visits
                       + math.sqrt(math.log(node.visits) / c.visits))
        if node.untried:
            action = node.untried.pop(0)
            child = _Node(game, game.result(node.state, action), node, action)
            node.children.append(child)
            node = child
        end = node.state
        while not game.is_terminal(end):
            end = game.result(end, rng.choice(game.actions(end)))
        while node.parent is not None:
            mover = game.to_move(node.parent.state)
            node.visits += 1
            node.wins += (game.utility(end, mover) + 1) / 2
            node = node.parent
        root.visits += 1
    return {c.action: (c.wins, c.visits) for c in root.children}
