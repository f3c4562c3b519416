"""A grader that the graded notebook cannot patch: a fresh copy of the package, run with its own modules.

A notebook graded inside its own kernel runs in the grader's interpreter, so
it could replace ``advsearch.check.values`` (or any function of the package,
this one's included) by one that says "Correct.".  Two things keep a grader
out of its reach:

- :func:`fresh` loads a second copy of every ``advsearch`` module, without
  touching the modules the notebook sees.  Each module of the copy binds the
  copy's own modules when it loads.
- A module that the package imports lazily, inside a function, is looked up
  in ``sys.modules`` when the function runs, where the notebook's (possibly
  patched) modules sit.  So every grading function is :func:`isolated`: while
  it runs, ``sys.modules`` holds this copy's own modules (:data:`MODULES`),
  and the notebook's are put back after.

:data:`MODULES` is filled by :func:`remember`, which ``advsearch.grading``
calls once every module of the package has loaded, so that it holds every
module of the package and every module they import.

Examples
--------
>>> @isolated
... def which_check():
...     import advsearch.check
...     return advsearch.check
>>> which_check() is MODULES["advsearch.check"]
True
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import sys

from ..trees import Tree, parse, tree

__all__ = ["MODULES", "ours", "remember", "own_modules", "isolated", "fresh", "own_tree", "own_trees"]

#: The advsearch modules this copy of the grader was loaded with (fresh ones when loaded by :func:`fresh`).
MODULES = {}


def ours(name: str) -> bool:
    """Whether ``name`` is a module of the ``advsearch`` package (the package itself included)."""
    return name == "advsearch" or name.startswith("advsearch.")


def remember() -> None:
    """Take the advsearch modules loaded now as this copy's own: ``advsearch.grading`` calls this last."""
    MODULES.update({k: v for k, v in list(sys.modules.items()) if ours(k)})


@contextlib.contextmanager
def own_modules():
    """Run with this copy's own advsearch modules in ``sys.modules``, and put the others back after.

    A module first imported inside the block (a lazy import) joins this
    copy's own modules and is taken out of ``sys.modules`` with the others.
    """
    if _DEPTH[0]:                               # already inside: the outermost block swaps, once
        yield
        return
    saved = {k: v for k, v in list(sys.modules.items()) if ours(k)}
    for k in saved:
        del sys.modules[k]
    sys.modules.update(MODULES)
    _DEPTH[0] += 1
    try:
        yield
    finally:
        _DEPTH[0] -= 1
        for k, v in list(sys.modules.items()):
            if ours(k):
                MODULES.setdefault(k, v)        # first imported during the call: ours from now on
                del sys.modules[k]
        sys.modules.update(saved)


_DEPTH = [0]            # how many own_modules blocks this thread is in (grading runs in one thread)


def isolated(fn):
    """Decorate a grading function to run under :func:`own_modules`."""
    @functools.wraps(fn)
    def run(*args, **kwargs):
        with own_modules():
            return fn(*args, **kwargs)

    return run


def fresh():
    """A freshly loaded copy of ``advsearch.grading``, with fresh copies of every ``advsearch`` module it uses.

    A notebook that replaced functions of ``advsearch``
    (``advsearch.check.values = ...``) or of the grading package does not
    change how the copy grades: it imports its own modules, and runs its
    ``assess_*`` functions with them in ``sys.modules`` (for the package's
    lazy imports).  The modules the notebook sees are left as they were.

    The hidden tests of the assignments write these few lines out rather
    than call this function, which the notebook could have replaced too::

        import importlib, sys
        _kept = {k: sys.modules.pop(k) for k in list(sys.modules) if k.split(".")[0] == "advsearch"}
        try:
            G = importlib.import_module("advsearch.grading")
        finally:
            sys.modules.update(_kept)

    Loading a copy takes about 0.2 s.

    Examples
    --------
    >>> import advsearch.grading as g
    >>> G = fresh()
    >>> G is g, G.student_seed("alice", "ps1") == g.student_seed("alice", "ps1")
    (False, True)
    """
    saved = {k: v for k, v in list(sys.modules.items()) if ours(k)}
    for k in saved:
        del sys.modules[k]
    try:
        module = importlib.import_module("advsearch.grading")
    finally:
        for k in [k for k in list(sys.modules) if ours(k)]:
            del sys.modules[k]
        sys.modules.update(saved)
    return module


def own_tree(t) -> Tree:
    """``t`` as a Tree of this copy of the package (a fresh copy's Tree class differs from the notebook's).

    >>> own_tree("[[3 5] [2 9]]").height
    2
    """
    if isinstance(t, Tree):
        return t
    if isinstance(t, (str, list)) or type(t).__name__ == "Tree":
        return parse(str(t)) if not isinstance(t, list) else tree(t)
    raise TypeError(f"expected a game tree, not {type(t).__name__}")


def own_trees(trees) -> list:
    """The trees a code question is graded on, each as :func:`own_tree`; at least one, or a ValueError.

    >>> [t.height for t in own_trees(["[[3 5] [2 9]]", [1, 2]])]
    [2, 1]
    """
    out = [own_tree(t) for t in trees]
    if not out:
        raise ValueError("trees must hold at least one tree")
    return out
