"""tools/lite/build.py's parts that need neither a build nor a network: the lock a CDN build makes, its settings.

The site itself is built and driven in Chromium by tests/browser/test_lite.py; a build with ``--cdn`` cannot be
made here (no CDN), so what it would write is checked on made-up locks.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

pytest.importorskip("packaging")
TOOLS = Path(__file__).parents[1] / "tools"
sys.path.insert(0, str(TOOLS / "pyodide"))             # build.py imports build_dist from there
# loaded under a name of its own: "build" is also PyPI's package builder
_spec = importlib.util.spec_from_file_location("advsearch_lite_build", TOOLS / "lite" / "build.py")
build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build)

URL = "https://cdn.example/pyodide/v1/full/"


def entry(name, depends=()):
    return {"name": name, "version": "1", "file_name": f"{name}-1-py3-none-any.whl", "depends": list(depends)}


CDN = {"info": {"version": "314.0.6"}, "packages": {
    "numpy": entry("numpy"), "matplotlib": entry("matplotlib", ["numpy", "pyparsing", "matplotlib-pyodide"]),
    "pyparsing": entry("pyparsing"), "matplotlib-pyodide": entry("matplotlib-pyodide", ["six"]),
    "six": entry("six"), "scipy": entry("scipy", ["numpy"])}}
SITE = {"info": {"version": "314.0.6"}, "packages": {"six": {**entry("six"), "file_name": "six-local.whl"},
                                                     "advsearch": entry("advsearch")}}


def test_numpy_and_matplotlib_come_with_what_they_need_and_nothing_else():
    merged = build.from_cdn(SITE, CDN, URL.rstrip("/"))
    assert set(merged["packages"]) == {"six", "advsearch", "numpy", "matplotlib", "pyparsing", "matplotlib-pyodide"}
    assert merged["packages"]["six"]["file_name"] == "six-local.whl"            # the site's own stays
    assert merged["packages"]["matplotlib-pyodide"]["file_name"] == URL + "matplotlib-pyodide-1-py3-none-any.whl"
    assert SITE["packages"].keys() == {"six", "advsearch"}                       # the site's lock is not changed


@given(st.permutations(list(CDN["packages"])))
def test_every_dependency_is_in_the_merged_lock(order):
    cdn = {**CDN, "packages": {name: CDN["packages"][name] for name in order}}
    packages = build.from_cdn(SITE, cdn, URL)["packages"]
    for name in build.FROM_CDN:
        assert name in packages
    assert all(d in packages for e in packages.values() for d in e.get("depends", []))


def test_a_cdn_of_another_version_or_without_a_package_is_refused():
    with pytest.raises(SystemExit, match="the CDN at .* has Pyodide 0.27.0, the site 314.0.6"):
        build.from_cdn(SITE, {**CDN, "info": {"version": "0.27.0"}}, URL)
    without = {**CDN, "packages": {k: v for k, v in CDN["packages"].items() if k != "pyparsing"}}
    with pytest.raises(SystemExit, match="pyparsing is not in the pyodide-lock.json of"):
        build.from_cdn(SITE, without, URL)


def test_an_unreachable_cdn_is_said_plainly():
    with pytest.raises(SystemExit, match="cannot read http://127.0.0.1:9/pyodide-lock.json"):
        build.cdn_lock("http://127.0.0.1:9/")


def test_a_cdn_build_loads_numpy_and_matplotlib_at_start_and_an_offline_one_does_not():
    offline = build.settings()["jupyter-config-data"]["litePluginSettings"]
    online = build.settings(URL)["jupyter-config-data"]["litePluginSettings"]
    kernel = "@jupyterlite/pyodide-kernel-extension:kernel"
    assert not set(build.FROM_CDN) & set(offline[kernel]["loadPyodideOptions"]["packages"])
    assert set(build.FROM_CDN) <= set(online[kernel]["loadPyodideOptions"]["packages"])
    assert online[kernel]["pyodideUrl"] == offline[kernel]["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
