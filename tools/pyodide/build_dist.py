"""Build build/pyodide/: a Pyodide distribution that needs no CDN.

It holds the runtime from the npm ``pyodide`` package (``npm ci`` in tools/pyodide/),
the pure-Python wheels pinned in tools/pyodide/wheels.txt (from PyPI), the advsearch
wheel built from this checkout, and a ``pyodide-lock.json`` that lists exactly these
wheels, with their hashes and their dependencies as Pyodide sees them.  Both the Node
tests (tools/pyodide/run.mjs) and the JupyterLite site (tools/lite/build.py) load
packages from it, so ``loadPackage`` never reaches for the network::

    .venv/bin/python tools/pyodide/build_dist.py [--out build/pyodide]

A dependency that a listed wheel declares under Pyodide but that is not listed fails the
build, naming it; numpy and matplotlib, which have no Pyodide wheel on PyPI, are left out
of advsearch's dependencies on purpose (UNAVAILABLE).
"""

from __future__ import annotations

import argparse
import email.parser
import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
RUNTIME = HERE / "node_modules" / "pyodide"
RUNTIME_FILES = ["pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm",
                 "python_stdlib.zip", "package.json"]
PYTHON = "3.14"
#: what Pyodide answers to environment markers
ENVIRONMENT = {"sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
               "platform_machine": "wasm32", "implementation_name": "cpython",
               "platform_python_implementation": "CPython", "python_version": PYTHON,
               "python_full_version": PYTHON + ".2", "extra": ""}
#: dependencies with no Pyodide wheel on PyPI: the package must work without them
UNAVAILABLE = {"numpy", "matplotlib"}


def pinned(path: Path) -> list:
    lines = (line.split("#")[0].strip() for line in path.read_text().splitlines())
    return [line for line in lines if line]


def download(requirements: list, cache: Path) -> None:
    """The pinned wheels into ``cache`` (pip skips those already there)."""
    cache.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                    "--only-binary=:all:", "--python-version", PYTHON, "--implementation", "py",
                    "--abi", "none", "--platform", "any", "--dest", str(cache), *requirements],
                   check=True)


def build_advsearch(into: Path) -> Path:
    """The advsearch wheel of this checkout, built afresh."""
    for old in into.glob("advsearch-*.whl"):
        old.unlink()
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir",
                    str(into), str(REPO)], check=True)
    return next(into.glob("advsearch-*.whl"))


def metadata(wheel: Path):
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        meta = email.parser.Parser().parsestr(archive.read(name).decode())
        tops = sorted({n.split("/")[0].removesuffix(".py") for n in archive.namelist()
                       if not n.split("/")[0].endswith((".dist-info", ".data"))
                       and (n.endswith(".py") or "/" in n)})
    return meta, tops


def depends(meta, available: set) -> list:
    """The names of the wheel's dependencies under Pyodide; fails on one we do not ship."""
    name = canonicalize_name(meta["Name"])
    needed = []
    for text in meta.get_all("Requires-Dist") or []:
        req = Requirement(text)
        if req.marker is not None and not Marker(str(req.marker)).evaluate(ENVIRONMENT):
            continue
        dep = canonicalize_name(req.name)
        if dep in available:
            needed.append(dep)
        elif not (name == "advsearch" and dep in UNAVAILABLE):
            raise SystemExit(f"{name} needs {req} under Pyodide: add it to tools/pyodide/wheels.txt")
    return sorted(set(needed))


def lock_entry(wheel: Path, available: set) -> dict:
    meta, tops = metadata(wheel)
    name, version, _, _ = parse_wheel_filename(wheel.name)
    return {"name": str(name), "version": str(version), "file_name": wheel.name,
            "install_dir": "site", "package_type": "package", "imports": tops,
            "depends": depends(meta, available), "unvendored_tests": False,
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest()}


def build(out: Path, cache: Path) -> dict:
    if not (RUNTIME / "pyodide.mjs").exists():
        raise SystemExit(f"no Pyodide runtime in {RUNTIME}: run `npm ci` in tools/pyodide")
    requirements = pinned(HERE / "wheels.txt")
    download(requirements, cache)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for name in RUNTIME_FILES:
        shutil.copy2(RUNTIME / name, out / name)
    wanted = {canonicalize_name(r.split("==")[0]): r.split("==")[1] for r in requirements}
    wheels = [w for w in cache.glob("*.whl")
              if wanted.get(canonicalize_name(parse_wheel_filename(w.name)[0]))
              == str(parse_wheel_filename(w.name)[1])]
    for wheel in wheels:
        shutil.copy2(wheel, out / wheel.name)
    wheels = [out / w.name for w in wheels] + [build_advsearch(out)]
    available = {canonicalize_name(parse_wheel_filename(w.name)[0]) for w in wheels}
    missing = set(wanted) - available
    if missing:
        raise SystemExit(f"not downloaded: {sorted(missing)}")
    info = json.loads((RUNTIME / "pyodide-lock.json").read_text())["info"]
    packages = {}
    for wheel in sorted(wheels):
        entry = lock_entry(wheel, available)
        packages[entry["name"]] = entry
    lock = {"info": info, "packages": packages}
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return lock


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / "build" / "pyodide")
    parser.add_argument("--cache", type=Path, default=REPO / "build" / "pyodide-wheels",
                        help="where downloaded wheels are kept between builds")
    args = parser.parse_args(argv)
    lock = build(args.out, args.cache)
    size = sum(p.stat().st_size for p in args.out.iterdir())
    print(f"{args.out.relative_to(REPO) if args.out.is_relative_to(REPO) else args.out}: "
          f"Pyodide {lock['info']['python']} runtime and {len(lock['packages'])} wheels, "
          f"{size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
