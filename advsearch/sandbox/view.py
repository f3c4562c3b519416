"""A view of the ``advsearch`` package that holds only some of its modules: what graded code may import.

ps2's graded evaluation may use Connect Four and the evaluation module, but
not the package's searches: an evaluation that ran ``alphabeta`` inside would
search deeper than the node budget of its matches, and would see, with the
package's code, what the problem set asks the student to see.  Hiding a
search at the Python level does not hold (code can read a module's source
and run it), so the sandbox is given a folder in place of the package that
holds nothing else: copies of the chosen modules, and for each package
folder an ``__init__.py`` whose names come from those modules on first use.

:func:`package_view` makes the folder once per process and set of modules;
:func:`advsearch.sandbox.bubblewrap.command` binds it over the package.

Examples
--------
>>> import os, subprocess, sys
>>> root = package_view(("game",))            # and errors, which game imports
>>> sorted(os.listdir(os.path.join(root, "advsearch")))
['__init__.py', 'errors.py', 'game.py']
>>> code = "import advsearch; print(advsearch.MAX); import advsearch.search"
>>> done = subprocess.run([sys.executable, "-I", "-S", "-c", f"import sys; sys.path.insert(0, {root!r}); {code}"],
...                       capture_output=True, text=True)
>>> done.stdout, done.stderr.strip().splitlines()[-1]
('0\\n', "ModuleNotFoundError: No module named 'advsearch.search'")
"""

from __future__ import annotations

import ast
import atexit
import functools
import os
import shutil
import tempfile

#: The folder of the ``advsearch`` package.
PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

_INIT = '''"""advsearch as graded code sees it: only the modules {modules}."""

import importlib

_MODULES = {names!r}


def __getattr__(name):
    for module in _MODULES:
        found = importlib.import_module(__name__ + "." + module)
        if hasattr(found, name):
            return getattr(found, name)
    raise AttributeError(f"{{__name__}}.{{name}} is not there for graded code, which sees only the modules {modules}")
'''


def _source(module: str) -> str:
    source = os.path.join(PACKAGE, *module.split(".")) + ".py"
    if not os.path.isfile(source):
        raise ValueError(f"advsearch has no module {module!r} (no file {source})")
    return source


def with_imports(modules) -> tuple:
    """``modules`` and every module of the package they import (relative imports, followed), in a stable order.

    >>> with_imports(("game",))
    ('errors', 'game')
    """
    found, todo = set(), list(modules)
    while todo:
        module = todo.pop()
        if module in found:
            continue
        found.add(module)
        package = module.split(".")[:-1]
        for node in ast.walk(ast.parse(open(_source(module)).read())):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package[:len(package) - node.level + 1]
                named = [*base, *node.module.split(".")] if node.module else base
                for alias in node.names:          # ``from . import x`` names a module; ``from .m import x`` m
                    below = ".".join([*named, alias.name])
                    if os.path.isfile(os.path.join(PACKAGE, *below.split(".")) + ".py"):
                        todo.append(below)
                    elif named and os.path.isfile(os.path.join(PACKAGE, *named) + ".py"):
                        todo.append(".".join(named))
    return tuple(sorted(found))


@functools.lru_cache(maxsize=None)
def package_view(modules: tuple) -> str:
    """A folder holding an ``advsearch`` package of only ``modules`` (dotted names below ``advsearch``) and
    what they import from the package (:func:`with_imports`).

    Returns the folder that holds ``advsearch/``, read-only, removed when
    this process ends.  A module that does not exist is a ValueError.
    """
    if not isinstance(modules, tuple) or not modules or any(not isinstance(m, str) or not m for m in modules):
        raise ValueError(f"modules must be a non-empty tuple of module names, not {modules!r}")
    modules = with_imports(modules)
    root = tempfile.mkdtemp(prefix="advsearch-view-")
    atexit.register(shutil.rmtree, root, True)
    listed = ", ".join(f"advsearch.{m}" for m in modules)
    folders = {(): []}
    for module in modules:
        parts = tuple(module.split("."))
        source = _source(module)
        for depth in range(1, len(parts)):
            folders.setdefault(parts[:depth], [])
        folders[parts[:-1]].append(parts[-1])
        target = os.path.join(root, "advsearch", *parts) + ".py"
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(source, target)
    for folder, names in folders.items():
        below = [*names, *(f[-1] for f in folders if len(f) == len(folder) + 1 and f[:-1] == folder)]
        with open(os.path.join(root, "advsearch", *folder, "__init__.py"), "w") as f:
            f.write(_INIT.format(modules=listed, names=tuple(below)))
    for path, dirs, files in os.walk(root):
        os.chmod(path, 0o755)
        for name in files:
            os.chmod(os.path.join(path, name), 0o444)
    return root
