"""The layering rules of docs/architecture.md, checked on the source.

- searches and results never import the drawing package;
- the package's modules import each other without circles (module-level imports);
- ``import advsearch`` loads neither matplotlib, networkx nor numpy;
- no module imports another module's private names.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "advsearch"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def resolve(name: str, node: ast.ImportFrom) -> str:
    """The absolute module a ``from ... import`` statement in module ``name`` reads from."""
    if node.level == 0:
        return node.module or ""
    base = name.split(".") if is_package(name) else name.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports(name: str, top_level_only: bool):
    """``(target module, imported names, line)`` of each import in module ``name`` that stays inside advsearch."""
    tree = ast.parse(MODULES[name].read_text())
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    if top_level_only:      # imports inside top-level if/try blocks run at import time too
        nodes = [n for stmt in tree.body for n in ([stmt] if isinstance(stmt, (ast.Import, ast.ImportFrom))
                                                    else ast.walk(stmt) if isinstance(stmt, (ast.If, ast.Try))
                                                    else [])]
    for node in nodes:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("advsearch"):
                    yield alias.name, [], node.lineno
        elif isinstance(node, ast.ImportFrom):
            source = resolve(name, node)
            if not source.startswith("advsearch"):
                continue
            for alias in node.names:
                target = f"{source}.{alias.name}"
                if target in MODULES:           # ``from . import check`` imports the module itself
                    yield target, [], node.lineno
                else:
                    yield source, [alias.name], node.lineno


def test_the_module_table_is_read():
    assert "advsearch.search.alphabeta" in MODULES and "advsearch.result" in MODULES
    assert len(MODULES) > 40
    # the resolver: ``from ..game import MAX`` in search/alphabeta means advsearch.game
    node = ast.parse("from ..game import MAX").body[0]
    assert resolve("advsearch.search.alphabeta", node) == "advsearch.game"
    assert resolve("advsearch.search", ast.parse("from .base import Search").body[0]) == "advsearch.search.base"


def test_searches_and_results_never_import_drawing():
    offenders = []
    for name in MODULES:
        if name.startswith("advsearch.search") or name in ("advsearch.result", "advsearch.trees",
                                                            "advsearch.game", "advsearch.recording"):
            for target, _, line in imports(name, top_level_only=False):
                if target.startswith("advsearch.drawing"):
                    offenders.append(f"{name}:{line} imports {target}")
    assert offenders == []


def find_cycle(graph: dict) -> list | None:
    """A cycle of the directed graph, as a list of nodes, or None (depth-first search with colours)."""
    colour, stack = {}, []

    def visit(node):
        colour[node] = "grey"
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if colour.get(nxt) == "grey":
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in colour:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        colour[node] = "black"
        return None

    for node in sorted(graph):
        if node not in colour:
            found = visit(node)
            if found:
                return found
    return None


def test_find_cycle_finds_cycles():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


@pytest.mark.parametrize("top_level_only", [True, False], ids=["at import", "in functions too"])
def test_no_import_circles(top_level_only):
    # Imports inside functions (the lazy ones) count too: a circle through them is still two
    # modules that cannot be understood, or changed, one without the other.
    graph = {name: set() for name in MODULES}
    for name in MODULES:
        for target, _, _ in imports(name, top_level_only=top_level_only):
            if target in MODULES and target != name:
                graph[name].add(target)
    # A package's __init__ importing its own parts is the package; a part importing its
    # package's __init__ back would be a circle, and is caught here.
    assert find_cycle(graph) is None


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def module_aliases(name: str) -> dict:
    """The local names under which module ``name`` binds other advsearch modules (``from . import check as c``)."""
    out = {}
    for node in ast.walk(ast.parse(MODULES[name].read_text())):
        if isinstance(node, ast.ImportFrom) and resolve(name, node).startswith("advsearch"):
            for alias in node.names:
                target = f"{resolve(name, node)}.{alias.name}"
                if target in MODULES:
                    out[alias.asname or alias.name] = target
    return out


def test_no_module_imports_another_modules_private_names():
    offenders = []
    for name in MODULES:
        for target, names, line in imports(name, top_level_only=False):
            for imported in names:
                if private(imported) and target != name:
                    offenders.append(f"{name}:{line} imports {target}.{imported}")
        aliases = module_aliases(name)
        for node in ast.walk(ast.parse(MODULES[name].read_text())):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and node.value.id in aliases and private(node.attr):
                offenders.append(f"{name}:{node.lineno} uses {aliases[node.value.id]}.{node.attr}")
    assert offenders == []


@pytest.mark.parametrize("statement", ["import advsearch", "import advsearch.search, advsearch.result"])
def test_import_advsearch_loads_no_drawing_or_numerics(statement):
    probe = (f"{statement}\nimport sys\n"
             "print(','.join(m for m in ('matplotlib', 'networkx', 'numpy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == ""


def test_the_lazy_names_resolve_to_the_drawing_functions():
    import importlib

    import advsearch

    frames_module, mpl, tikz = (importlib.import_module(f"advsearch.drawing.{m}") for m in ("frames", "mpl", "tikz"))

    assert advsearch.draw is mpl.draw and advsearch.draw_frames is mpl.draw_frames
    assert advsearch.frames is frames_module.frames and advsearch.to_tikz is tikz.to_tikz
    assert set(advsearch.__all__) <= set(dir(advsearch))
    with pytest.raises(AttributeError, match="no attribute 'drawx'"):
        advsearch.drawx
