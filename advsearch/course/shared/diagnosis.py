"""Which typical mistake explains a failing implementation: the models of :mod:`.mistakes` run on the
same trees, the values of the wrong points of view, and the α and β the code held."""

from __future__ import annotations

import math

from ...result import format_number as _f
from ..alphabeta.battery import Trial, reference, windows_agree
from ..alphabeta.mistakes import model_search, models, perspective_models
from .reading import same
from .runs import Run, heuristic_for_mover, repeat, run
from .value_models import fitting
from .wording import node_name


inf = math.inf


def diagnose(algorithm, eq, mains, main_runs, limited, limited_runs):
    """``(mistake key, detail, another key that fits as well)`` for the failing runs; the key may be None."""
    if any(repeat(r.seq) is not None for r in main_runs + limited_runs):
        return "expands_twice", "", None
    main_ok = all(r.seq == t.seq and same(r.value, t.value) for t, r in zip(mains, main_runs))
    if not main_ok:
        found = _match_models(algorithm, eq, mains, main_runs)
        if found:
            return found
        model = fitting(perspective_models(), mains, main_runs)
        if model is not None:
            return model.key, model.detail, None
        return _window_clue(mains, main_runs) + (None,)
    if _fits_wrong_view(algorithm, eq, limited, limited_runs):
        return "eval_wrong_view", "", None
    for depth_change, key, detail in ((+1, "depth_off_by_one", "deep"), (-1, "depth_off_by_one", "shallow"),
                                      (None, "ignores_depth", "")):
        same_visits = True
        for t, r in zip(limited, limited_runs):
            d = None if depth_change is None else t.depth + depth_change
            if r.seq != reference(t.tree, algorithm, eq, depth=d).seq:
                same_visits = False
                break
        if same_visits:
            return key, detail, None
    return None, "", None


def _fits_wrong_view(algorithm, eq, limited, limited_runs) -> bool:
    """Whether every depth-limited run is the reference search with Eval for the player to move."""
    differs = False
    for t, r in zip(limited, limited_runs):
        wrong = reference(t.tree, algorithm, eq, depth=t.depth, evaluate=heuristic_for_mover)
        if r.seq != wrong.seq or not same(r.value, wrong.value):
            return False
        differs = differs or wrong.seq != t.seq or not same(wrong.value, t.value)
    return differs


def _match_models(algorithm, eq, mains, main_runs):
    matches = []
    for m in models(algorithm, eq):
        ties = m.ties if m.ties is not None else (eq, eq)
        ok, agree, differs = True, True, False
        for t, r in zip(mains, main_runs):
            mr = run(lambda game, state, m=m, ties=ties: model_search(game, state, *m.window, m, ties), t.tree)
            if mr.seq != r.seq or (m.key == "wrong_perspective" and not same(mr.value, r.value)):
                ok = False
                break
            # A model that behaves like the reference on every tree explains nothing.
            differs = differs or mr.seq != t.seq or not same(mr.value, t.value)
            if agree and not windows_agree(r.windows, {p: w for p, w in mr.windows.items() if w}, t.tree):
                agree = False
        if ok and differs:
            matches.append((not agree, len(matches), m))
    if not matches:
        return None
    matches.sort(key=lambda x: x[:2])
    best = matches[0]
    others = [m.key for tier, _, m in matches if tier == best[0] and m.key != best[2].key
              and {m.key, best[2].key} != {"no_pruning", "bounds_not_passed"}]
    return best[2].key, best[2].detail, (others[0] if others else None)


def _window_clue(mains, main_runs):
    """A diagnosis from the α and β the code held, at the first node where they differ from the reference."""
    for t, r in zip(mains, main_runs):
        k = first_window_difference(t, r)
        if k is None:
            continue
        path, (a, b) = k
        ra, rb = t.windows[path]
        if same(a, -inf) and same(b, inf):
            return "bounds_not_passed", ""
        if same(a, rb) and same(b, ra):
            return "swapped_bounds", f"{node_name(t.tree, path)} got α = {_f(a)}, β = {_f(b)}"
        return None, ""
    return None, ""


def first_window_difference(trial: Trial, r: Run):
    """``(path, window)``: the first expansion, before the visits part, where the code's α, β differ."""
    for mine, ref in zip(r.seq, trial.seq):
        if mine != ref:
            return None
        kind, path = mine
        if kind != "expand":
            continue
        w = r.windows.get(path)
        if w is None or path not in trial.windows:
            continue
        if not windows_agree({path: w}, trial.windows, trial.tree):
            return path, w
    return None
