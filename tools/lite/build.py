"""Build build/lite: the exercises and lectures as a JupyterLite site that needs no server and no CDN.

    .venv/bin/python tools/lite/build.py        (make lite; needs build/pyodide from make pyodide)

The site is JupyterLite (jupyterlite-core) with the Pyodide kernel (jupyterlite-pyodide-kernel).
Everything the kernel loads is served from the site itself, under static/pyodide/: the Pyodide
runtime and the wheels of build/pyodide (tools/pyodide/build_dist.py, with its pyodide-lock.json),
and the kernel's own wheels (pyodide-kernel, piplite, the ipykernel stand-in) added to that lock.
The kernel starts by loading all of them with ``loadPyodide({packages})``, advsearch included, so
it asks micropip and piplite for nothing, and piplite may not fall back to PyPI.  Only the
pyodide-kernel and jupyter-widgets lab extensions are built in, not the ones the course's
JupyterLab has (nbgrader, RISE, the deck), which need a server.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
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
#: what the site's file browser holds, in the repository's folders (so the notebooks' links work)
CONTENTS = {"exercises": "0*.ipynb", "notebooks": "**/*"}
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


def pyodide_folder(into: Path) -> None:
    """build/pyodide without the test wheels, with the kernel's wheels and a lock naming them all."""
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
    missing = [name for name in PRELOAD if canonicalize_name(name) not in lock["packages"]]
    if missing:
        raise SystemExit(f"not in the site's lock: {missing}")
    (into / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")


def contents(into: Path) -> None:
    """The exercise notebooks and the lectures (with their stored experiments) under ``into``."""
    for folder, pattern in CONTENTS.items():
        for path in sorted((REPO / folder).glob(pattern)):
            if path.is_file() and "__pycache__" not in path.parts and ".ipynb_checkpoints" not in path.parts:
                target = into / path.relative_to(REPO)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, target)


def settings() -> dict:
    """jupyter-lite.json: the kernel takes Pyodide from the site and never falls back to PyPI."""
    kernel = {"pyodideUrl": "./static/pyodide/pyodide.mjs", "disablePyPIFallback": True,
              "loadPyodideOptions": {"packages": PRELOAD}}
    return {"jupyter-lite-schema-version": 0,
            "jupyter-config-data": {"appName": "advsearch exercises",
                                    "litePluginSettings": {
                                        "@jupyterlite/pyodide-kernel-extension:kernel": kernel}}}


def main() -> None:
    if not (DIST / "pyodide-lock.json").exists():
        raise SystemExit("no build/pyodide: run `make pyodide` (tools/pyodide/build_dist.py) first")
    for folder in (SOURCE, OUTPUT):
        shutil.rmtree(folder, ignore_errors=True)
    pyodide_folder(SOURCE / "static" / "pyodide")
    contents(SOURCE / "files")
    (SOURCE / "jupyter-lite.json").write_text(json.dumps(settings(), indent=1) + "\n")
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
