"""Quiescence search: at the cut-off, keep searching the "noisy" moves before trusting Eval.

A position in the middle of an exchange (a queen just taken, about to be
retaken) is scored badly by a static Eval: the *horizon effect*.  So at the
depth limit, alpha-beta hands the state to this search, which looks only at
the moves the game declares noisy (``game.noisy_actions(state)``, captures in
chess) until the position is quiet.  The side to move may also "stand pat",
i.e. stop capturing and take Eval as it is, so the search never makes a side
worse by forcing it to capture.  It ends because every line is cut after
``max_extra`` extra plies (and, in chess, because captures run out).
"""

from __future__ import annotations

from ..game import MAX, MIN, GameError


def quiescence(game, utility, evaluate, *, max_extra=12):
    """Return ``(quiesce, counts)``: the search function and a reader of (nodes, evaluations).

    ``utility`` and ``evaluate`` score states for MAX, ``f(state, player) -> number``;
    the calling search passes them already checked (:func:`~advsearch.search.base.scorers`).

    ``quiesce(state, alpha, beta)`` returns ``(value, pv_cells)`` for MAX, like
    alpha-beta's nodes; ``counts()`` gives the states it visited below the
    horizon and how many it evaluated.
    """
    noisy = getattr(game, "noisy_actions", None)
    if noisy is None:
        raise GameError(f"quiescence search needs {game!r} to declare noisy_actions(state) (e.g. captures)")
    if max_extra < 0:
        raise ValueError(f"max_extra must be >= 0 plies, not {max_extra}")
    is_terminal, to_move, result = game.is_terminal, game.to_move, game.result
    visited = evaluated = 0

    def quiesce(state, alpha, beta, extra=0):
        nonlocal visited, evaluated
        if is_terminal(state):
            evaluated += 1
            return utility(state, MAX), None
        evaluated += 1
        stand_pat = evaluate(state, MAX)      # the value of stopping here
        player = to_move(state)
        if extra >= max_extra or player not in (MAX, MIN):
            return stand_pat, None
        v, pv = stand_pat, None
        for a in noisy(state):
            if (player == MAX and v >= beta) or (player == MIN and v <= alpha):
                break                          # the window is closed: cut
            if player == MAX:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
            visited += 1
            v2, pv2 = quiesce(result(state, a), alpha, beta, extra + 1)
            if (player == MAX and v2 > v) or (player == MIN and v2 < v):
                v, pv = v2, (a, pv2)
        return v, pv

    def counts():
        return visited, evaluated

    return quiesce, counts
