"""Positions sampled by random play from a student's seed, on which ps2 measures an evaluation."""

from __future__ import annotations

import random


def sample_positions(game, seed, n: int) -> list:
    """``n`` distinct non-terminal positions from seeded random play, 2 to 30 plies deep."""
    rng = random.Random(seed)
    out, seen = [], set()
    while len(out) < n:
        state, plies = game.initial_state, rng.randint(2, 30)
        for _ in range(plies):
            if game.is_terminal(state):
                break
            state = game.result(state, rng.choice(list(game.actions(state))))
        if not game.is_terminal(state) and state not in seen:
            seen.add(state)
            out.append(state)
    return out
