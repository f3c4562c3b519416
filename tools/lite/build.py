"""Build build/lite: the exercises and lectures as a JupyterLite site that needs no server and no CDN.

    .venv/bin/python tools/lite/build.py        (make lite; needs build/pyodide from make pyodide)
    .venv/bin/python tools/lite/build.py --cdn https://cdn.jsdelivr.net/pyodide/v314.0.6/full/
                                                (make lite PYODIDE_CDN=...: numpy and matplotlib too)

The site is JupyterLite (jupyterlite-core) with the Pyodide kernel (jupyterlite-pyodide-kernel).
Everything the kernel loads is served from the site itself, under static/pyodide/: the Pyodide
runtime and the wheels of build/pyodide (tools/pyodide/build_dist.py, with its pyodide-lock.json),
and the kernel's own wheels (pyodide-kernel, piplite, the ipykernel stand-in) added to that lock.
The kernel starts by loading all of them with ``loadPyodide({packages})``, advsearch included, so
it asks micropip and piplite for nothing, and piplite may not fall back to PyPI.  Only the
pyodide-kernel and jupyter-widgets lab extensions are built in, not the ones the course's
JupyterLab has (nbgrader, RISE, the deck), which need a server.

numpy and matplotlib are built for WebAssembly by Pyodide and published only on its CDN, not on
PyPI, so this machine cannot put them in the site.  A course that can reach the CDN builds with
``--cdn URL`` (URL: the CDN folder of the same Pyodide version as tools/pyodide/package.json): the
site's lock then also names numpy, matplotlib and what they depend on, by their address on the CDN
(:func:`from_cdn`), and the kernel loads them at start, so the Stepper, the boards drawn with
matplotlib and the lectures' figures work there; the student's browser fetches them from the CDN.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO / "tools" / "pyodide"))

from build_dist import lock_entry  # noqa: E402
from packaging.utils import canonicalize_name, parse_wheel_filename  # noqa: E402

DIST = REPO / "build" / "pyodide"
SOURCE = REPO / "build" / "lite-src"
OUTPUT = REPO / "build" / "lite"
EXTENSIONS = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
KERNEL_EXTENSION = EXTENSIONS / "@jupyterlite" / "pyodide-kernel-extension"
WIDGETS_EXTENSION = EXTENSIONS / "@jupyter-widgets" / "jupyterlab-manager"
#: what the site's file browser holds, in the repository's folders (so the notebooks' links work): the exercise
#: notebooks with the agent file they build (my_agent.py, loaded from the notebook's folder) and the contest's
#: template and README they link to, and the lectures
CONTENTS = {"exercises": ("0*.ipynb", "my_agent.py", "contest/agent_template.py", "contest/README.md"),
            "notebooks": ("**/*",)}
#: what the kernel loads before its first cell (the kernel's own packages, then ours)
# (ipywidgets too, so that advsearch.widgets.play works without a cell importing ipywidgets first:
# the kernel loads a package by itself only when a cell imports it by name)
PRELOAD = ["micropip", "piplite", "pyodide-kernel", "ipykernel", "comm", "jedi", "ipython", "ipywidgets",
           "advsearch"]
#: wheels of build/pyodide the site does without: the tests', and widgetsnbextension, whose
#: stand-in (4.0.999, no files) comes with the kernel, as the front end's widget manager is built in
LEFT_OUT = {"pytest", "pluggy", "iniconfig", "hypothesis", "sortedcontainers", "widgetsnbextension"}


def kernel_wheels() -> list:
    """The kernel's own wheels as jupyterlite-pyodide-kernel ships them (of widgetsnbextension, the newer stand-in)."""
    wheels = {}
    for wheel in sorted((KERNEL_EXTENSION / "static" / "pypi").glob("*.whl")):
        name, version, _, _ = parse_wheel_filename(wheel.name)
        if name not in wheels or version > parse_wheel_filename(wheels[name].name)[1]:
            wheels[name] = wheel
    return list(wheels.values())


#: What ``--cdn`` adds to the site: Pyodide's WebAssembly builds, which only its CDN has.
FROM_CDN = ["numpy", "matplotlib"]


def from_cdn(lock: dict, cdn_lock: dict, url: str, wanted=tuple(FROM_CDN)) -> dict:
    """``lock`` with ``wanted`` and all they depend on added from ``cdn_lock`` (the CDN's pyodide-lock.json), each
    by its address under ``url``.  What ``lock`` has already stays as it is (the site's wheels are pinned).

    >>> cdn = {"info": {"version": "1"}, "packages": {
    ...     "numpy": {"name": "numpy", "file_name": "numpy.whl", "depends": []},
    ...     "matplotlib": {"name": "matplotlib", "file_name": "mpl.whl", "depends": ["numpy", "six"]},
    ...     "six": {"name": "six", "file_name": "six-cdn.whl", "depends": []}}}
    >>> site = {"info": {"version": "1"}, "packages": {"six": {"name": "six", "file_name": "six.whl"}}}
    >>> merged = from_cdn(site, cdn, "https://cdn.example/full")
    >>> {name: entry["file_name"] for name, entry in merged["packages"].items()}
    {'six': 'six.whl', 'numpy': 'https://cdn.example/full/numpy.whl', 'matplotlib': 'https://cdn.example/full/mpl.whl'}
    """
    if cdn_lock.get("info", {}).get("version") != lock.get("info", {}).get("version"):
        raise SystemExit(f"the CDN at {url} has Pyodide {cdn_lock.get('info', {}).get('version')}, the site "
                         f"{lock.get('info', {}).get('version')}: name the CDN folder of the site's version")
    url, todo, added = url.rstrip("/") + "/", list(wanted), {}
    while todo:
        name = canonicalize_name(todo.pop(0))
        if name in lock["packages"] or name in added:
            continue
        entry = cdn_lock["packages"].get(name)
        if entry is None:
            raise SystemExit(f"{name} is not in the pyodide-lock.json of {url}")
        added[name] = {**entry, "file_name": url + entry["file_name"]}
        todo += entry.get("depends", [])
    return {**lock, "packages": {**lock["packages"], **added}}


def cdn_lock(url: str) -> dict:
    """The pyodide-lock.json of the CDN folder ``url``, fetched now."""
    address = url.rstrip("/") + "/pyodide-lock.json"
    try:
        with urllib.request.urlopen(address, timeout=60) as answer:
            return json.loads(answer.read())
    except (OSError, ValueError) as e:
        raise SystemExit(f"cannot read {address} ({e}); without --cdn the site is built from local files only")


def pyodide_folder(into: Path, cdn=None) -> None:
    """build/pyodide without the test wheels, with the kernel's wheels and a lock naming them all (and, with
    ``cdn``, numpy and matplotlib on the CDN)."""
    lock = json.loads((DIST / "pyodide-lock.json").read_text())
    shutil.copytree(DIST, into, ignore=lambda folder, names: [
        n for n in names if n.endswith(".whl") and canonicalize_name(n.split("-")[0]) in LEFT_OUT]
        + [n for n in names if n.endswith(".json") and n != "pyodide-lock.json" and n != "package.json"])
    lock["packages"] = {k: v for k, v in lock["packages"].items() if k not in LEFT_OUT}
    for wheel in kernel_wheels():
        shutil.copy2(wheel, into / wheel.name)
    available = set(lock["packages"]) | {canonicalize_name(parse_wheel_filename(w.name)[0])
                                         for w in kernel_wheels()}
    for wheel in kernel_wheels():
        entry = lock_entry(into / wheel.name, available)
        lock["packages"][entry["name"]] = entry
    if cdn:
        lock = from_cdn(lock, cdn_lock(cdn), cdn)
    missing = [name for name in preload(cdn) if canonicalize_name(name) not in lock["packages"]]
    if missing:
        raise SystemExit(f"not in the site's lock: {missing}")
    (into / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")


def contents(into: Path) -> None:
    """The exercise notebooks, the agent file and the contest's template, and the lectures (with their stored
    experiments) under ``into``."""
    for folder, patterns in CONTENTS.items():
        for path in sorted(p for pattern in patterns for p in (REPO / folder).glob(pattern)):
            if path.is_file() and "__pycache__" not in path.parts and ".ipynb_checkpoints" not in path.parts:
                target = into / path.relative_to(REPO)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, target)


def preload(cdn=None) -> list:
    """What the kernel loads before its first cell: :data:`PRELOAD`, and with a CDN, :data:`FROM_CDN` (the
    package imports matplotlib inside functions, where the kernel's look at a cell's imports cannot see it)."""
    return PRELOAD + (FROM_CDN if cdn else [])


def settings(cdn=None) -> dict:
    """jupyter-lite.json: the kernel takes Pyodide from the site and never falls back to PyPI."""
    kernel = {"pyodideUrl": "./static/pyodide/pyodide.mjs", "disablePyPIFallback": True,
              "loadPyodideOptions": {"packages": preload(cdn)}}
    return {"jupyter-lite-schema-version": 0,
            "jupyter-config-data": {"appName": "advsearch exercises",
                                    "litePluginSettings": {
                                        "@jupyterlite/pyodide-kernel-extension:kernel": kernel}}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cdn", metavar="URL", help="also numpy and matplotlib, from this Pyodide CDN folder "
                        "(the site's Pyodide version), e.g. https://cdn.jsdelivr.net/pyodide/v314.0.6/full/")
    cdn = parser.parse_args().cdn
    if not (DIST / "pyodide-lock.json").exists():
        raise SystemExit("no build/pyodide: run `make pyodide` (tools/pyodide/build_dist.py) first")
    for folder in (SOURCE, OUTPUT):
        shutil.rmtree(folder, ignore_errors=True)
    pyodide_folder(SOURCE / "static" / "pyodide", cdn)
    contents(SOURCE / "files")
    (SOURCE / "jupyter-lite.json").write_text(json.dumps(settings(cdn), indent=1) + "\n")
    config = {"LiteBuildConfig": {"ignore_sys_prefix": True, "no_sourcemaps": True,
                                  "federated_extensions": [str(KERNEL_EXTENSION), str(WIDGETS_EXTENSION)],
                                  "contents": [str(SOURCE / "files")],
                                  "output_dir": str(OUTPUT)}}
    (SOURCE / "jupyter_lite_config.json").write_text(json.dumps(config, indent=1) + "\n")
    subprocess.run([str(Path(sys.executable).parent / "jupyter"), "lite", "build", "--lite-dir",
                    str(SOURCE)], check=True, cwd=SOURCE)
    size = sum(p.stat().st_size for p in OUTPUT.rglob("*") if p.is_file())
    print(f"build/lite: {size / 1e6:.1f} MB in {sum(1 for p in OUTPUT.rglob('*') if p.is_file())} files")


if __name__ == "__main__":
    main()
