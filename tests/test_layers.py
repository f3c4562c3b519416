"""The layering rules of docs/architecture.md, checked on the source.

- every module has the layer the doc's table gives it, and imports only from its own layer or the
  layers below (imports inside functions count too);
- searches and results never import the drawing package;
- the package's modules import each other without circles;
- ``import advsearch`` loads at most 40 of the package's modules, and neither matplotlib, networkx nor numpy;
- ``advsearch.__all__`` names each name once, and every name resolves;
- no module imports another module's private names;
- only the public faces carry ``__all__``, and nothing in the package uses ``import *``.
"""

from __future__ import annotations

import ast
import re
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


# ------------------------------------------------------------------ the layers


def doc_layers(text: str) -> list:
    """``[(layer, [top-level module or package names]), ...]``, top layer first, from the table of the doc's
    "Layers" section: a layer's row starts with its name, and names the modules as ``name.py`` or ``name/``.
    Only names of modules or packages directly under ``advsearch/`` count (``boards.py`` in the games row
    is said of ``games/``, ``notebooks/`` is not a module)."""
    top = {p.stem for p in PACKAGE.glob("*.py")} | {p.parent.name for p in PACKAGE.glob("*/__init__.py")}
    block = text.split("\n## Layers\n", 1)[1].split("```", 2)[1]
    layers = []
    for line in block.splitlines():
        if not line.strip() or set(line.strip()) <= {"─"}:
            continue
        starts = re.match(r" (\S.*?)\s{2,}", line)
        if starts:                                  # a new layer's row (its continuations start with spaces)
            layers.append((starts.group(1), []))
            line = line[starts.end():]
        for name in re.findall(r"(?<![\w/.])(\w+)(?:\.py\b|/)", line):
            if name in top and name not in layers[-1][1]:
                layers[-1][1].append(name)
    return layers


#: The layers of docs/architecture.md, top first, with the modules and packages directly under advsearch/
#: that each holds (``__init__`` is the package's own module, ``advsearch``).  One table, read from the doc.
LAYERS = doc_layers((ROOT / "docs" / "architecture.md").read_text())

#: Each top-level module's (or package's) layer as ``(rank, name)``: rank 0 is the bottom layer.
RANK = {module: (len(LAYERS) - 1 - i, layer) for i, (layer, modules) in enumerate(LAYERS) for module in modules}


def layer_of(module: str):
    """``(rank, layer name)`` of a module of advsearch: that of its top-level module or package, or None."""
    parts = module.split(".")
    return RANK.get(parts[1] if len(parts) > 1 else "__init__")


def test_the_layers_are_read_from_the_doc():
    assert [layer for layer, _ in LAYERS] == ["front ends", "course", "play", "pictures", "search", "games",
                                              "foundations"]
    # a module named in two rows (``game.py`` in the foundations' prose, say) would have two layers
    rows = [module for _, modules in LAYERS for module in modules]
    assert sorted({m for m in rows if rows.count(m) > 1}) == [], "named in two layers of the doc's table"
    # a few anchors, one a layer, so that a change of the table's layout that the reader misses shows here
    assert layer_of("advsearch") == layer_of("advsearch.cli") == (6, "front ends")
    assert layer_of("advsearch.course.shared.feedback") == layer_of("advsearch.grading") == (5, "course")
    assert layer_of("advsearch.arena") == layer_of("advsearch.learning") == (4, "play")
    assert layer_of("advsearch.drawing.mpl.picture") == (3, "pictures")
    assert layer_of("advsearch.search.mcts.uct") == layer_of("advsearch.recording") == (2, "search")
    assert layer_of("advsearch.games.pig.solver") == layer_of("advsearch.trees") == (1, "games")
    assert layer_of("advsearch.timeout") == layer_of("advsearch.tables") == (0, "foundations")
    assert layer_of("advsearch.search.transposition") == (2, "search")


def test_every_module_has_a_layer():
    unmapped = sorted(name for name in MODULES if layer_of(name) is None)
    assert unmapped == [], (f"modules with no layer in the table of docs/architecture.md (section Layers): "
                            f"{', '.join(unmapped)}")


def test_no_module_imports_from_a_layer_above_its_own():
    # Imports inside functions count: a lazy import still makes the lower module depend on the higher one.
    offenders = []
    for name in sorted(MODULES):
        rank, layer = layer_of(name)
        for target, _, line in imports(name, top_level_only=False):
            above = layer_of(target)
            if above is not None and above[0] > rank:
                offenders.append(f"{name} (line {line}, layer {layer}) imports {target} (layer {above[1]})")
    assert offenders == [], "imports from a higher layer:\n" + "\n".join(offenders)


def test_an_upward_import_is_named():
    rank, layer = layer_of("advsearch.games.virus")
    above = layer_of("advsearch.drawing.scene")
    assert above[0] > rank and (layer, above[1]) == ("games", "pictures")


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


#: The most modules of its own that ``import advsearch`` may load: the layers up to search, not the ones above.
MAX_MODULES_AT_IMPORT = 40


@pytest.mark.parametrize("statement", ["import advsearch", "import advsearch.search, advsearch.result"])
def test_import_advsearch_loads_no_drawing_or_numerics(statement):
    probe = (f"{statement}\nimport sys\n"
             "print(','.join(m for m in ('matplotlib', 'networkx', 'numpy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == ""


def test_import_advsearch_loads_at_most_40_of_its_modules_and_no_layer_above_search():
    probe = ("import sys, advsearch\n"
             "print(' '.join(sorted(m for m in sys.modules if m == 'advsearch' or m.startswith('advsearch.'))))\n"
             "print(' '.join(m for m in ('matplotlib', 'networkx', 'numpy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    loaded, heavy = (out.stdout.split("\n") + [""])[:2]
    loaded = loaded.split()
    assert heavy.strip() == ""
    assert "advsearch.search.alphabeta" in loaded and "advsearch.games.tictactoe" in loaded
    assert len(loaded) <= MAX_MODULES_AT_IMPORT, f"import advsearch loads {len(loaded)} modules: {loaded}"
    above = [m for m in loaded if m != "advsearch" and layer_of(m)[0] > layer_of("advsearch.search")[0]]
    assert above == [], f"import advsearch loads modules above the search layer: {above}"


def test_all_names_each_public_name_once():
    import advsearch

    repeated = sorted({n for n in advsearch.__all__ if advsearch.__all__.count(n) > 1})
    assert repeated == []


def test_every_public_name_resolves_and_is_listed():
    # In a fresh interpreter: ``from advsearch import X`` for every X in __all__ and every lazy name, each the
    # object of the module that defines it, and dir() lists them all.
    probe = """
import importlib, sys, types
import advsearch
lazy = advsearch._LAZY
names = sorted(set(advsearch.__all__) | set(lazy))
missing = [n for n in names if n not in dir(advsearch)]
wrong = []
for n in names:
    exec(f"from advsearch import {n} as value")
    if n in lazy:
        module, attribute = lazy[n]
        expected = importlib.import_module(module)
        expected = expected if attribute is None else getattr(expected, attribute)
        if value is not expected or getattr(advsearch, n) is not expected:
            wrong.append(n)
    elif isinstance(value, types.ModuleType) and value is not sys.modules[f"advsearch.{n}"]:
        wrong.append(n)
print(missing, wrong)
"""
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "[] []"


def test_the_lazy_names_resolve_to_the_drawing_functions():
    import importlib

    import advsearch

    frames_module, mpl, tikz = (importlib.import_module(f"advsearch.drawing.{m}") for m in ("frames", "mpl", "tikz"))

    assert advsearch.draw is mpl.draw and advsearch.draw_frames is mpl.draw_frames
    assert advsearch.frames is frames_module.frames and advsearch.to_tikz is tikz.to_tikz
    assert set(advsearch.__all__) <= set(dir(advsearch))
    with pytest.raises(AttributeError, match="no attribute 'drawx'"):
        advsearch.drawx


def test_the_course_wing_resolves_on_first_use():
    import importlib

    import advsearch

    for name in ("check", "practice", "exam", "practice_cli", "agents", "arena"):
        assert getattr(advsearch, name) is importlib.import_module(f"advsearch.{name}")
    assert advsearch.match is importlib.import_module("advsearch.arena").match
    assert advsearch.check.values is importlib.import_module("advsearch.course.minimax.values").values


#: The public faces of docs/architecture.md ("Public faces carry `__all__`"): the modules users import by name.
PUBLIC_FACES = {
    "advsearch", "advsearch.answers", "advsearch.timeout", "advsearch.game", "advsearch.trees",
    "advsearch.examples", "advsearch.games", "advsearch.result", "advsearch.recording", "advsearch.search",
    "advsearch.drawing", "advsearch.agents", "advsearch.arena", "advsearch.ratings", "advsearch.registry",
    "advsearch.evaluation", "advsearch.learning", "advsearch.check", "advsearch.practice", "advsearch.grading",
    "advsearch.widgets", "advsearch.contest",
    "advsearch.drawing.mpl", "advsearch.games.pig", "advsearch.games.connect4", "advsearch.games.chess",
    "advsearch.search.multiplayer", "advsearch.search.mcts", "advsearch.autograde.nbgrader",
    "advsearch.autograde.report", "advsearch.autograde.exchange", "advsearch.autograde.problemsets",
    "advsearch.sandbox", "advsearch.sandbox.files", "advsearch.sandbox.bubblewrap",
}



def defines_all(name: str) -> bool:
    tree = ast.parse(MODULES[name].read_text())
    return any(isinstance(t, ast.Name) and t.id == "__all__"
               for node in tree.body if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign))
               for t in (node.targets if isinstance(node, ast.Assign) else [node.target]))


def test_only_public_faces_carry_all():
    assert PUBLIC_FACES <= set(MODULES)
    assert sorted(n for n in MODULES if defines_all(n) and n not in PUBLIC_FACES) == []


def test_the_public_faces_are_named_in_the_doc():
    doc = (ROOT / "docs" / "architecture.md").read_text()
    section = doc[doc.index("**Public faces carry `__all__`"):]
    section = section[: section.index("\n\n")]
    named = {"advsearch"} | {"advsearch." + n for n in re.findall(r"`([a-z_0-9.]+)`", section)}
    assert sorted(PUBLIC_FACES - named) == []


def test_nothing_in_the_package_imports_star():
    stars = [(name, node.lineno) for name, path in MODULES.items() for node in ast.walk(ast.parse(path.read_text()))
             if isinstance(node, ast.ImportFrom) and any(alias.name == "*" for alias in node.names)]
    assert stars == []


# ------------------------------------------------------------------ files by job

def code_lines(lines: list) -> int:
    """Lines that are neither blank nor only a comment."""
    return sum(1 for line in lines if line.strip() and not line.strip().startswith("#"))


def test_no_module_over_800_lines_and_no_function_over_80_lines_of_code():
    """Files by job (docs/architecture.md): a module of more than 800 lines, or a function of more than 80
    lines of code (its docstring, blank lines and comments aside), does several jobs."""
    long_modules, long_functions = [], []
    for name, path in MODULES.items():
        lines = path.read_text().splitlines()
        if len(lines) > 800:
            long_modules.append((name, len(lines)))
        for node in ast.walk(ast.parse("\n".join(lines))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                first = node.body[0]
                docstring = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str)
                start = first.end_lineno if docstring else first.lineno - 1
                n = code_lines(lines[start:node.end_lineno])
                if n > 80:
                    long_functions.append((name, node.name, n))
    assert long_modules == [] and long_functions == []


def test_code_lines_counts_what_could_be_miscounted():
    assert code_lines(["x = 1", "", "   # a note", "y = 2  # kept"]) == 2
