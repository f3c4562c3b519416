"""Sphinx configuration of the course site (``make site``).

The site is built offline: nothing is fetched at build time (no intersphinx, no
link check) and nothing the pages need is loaded from the internet when they are
read. ``tools/build_site.py`` lays out the sources (this folder, the README,
docs/architecture.md, the lecture and exercise notebooks, by symbolic links that
keep the repository's relative paths, so the links between them resolve) and runs
``sphinx-build -W --keep-going``: every warning, a broken link included, fails it.

Notebooks are shown with the outputs stored in them; they are never executed here.
Math is typeset in the reader's browser by a local copy of MathJax 2.7 from the
PyPI package ``jupyter-server-mathjax``, copied into ``_static/mathjax``.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import pathlib
import shutil
import sys

import jupyter_server_mathjax

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]                 # the repository, from docs/site/ and from build/site-src/ alike
sys.path.insert(0, str(ROOT))          # document the working copy, not an installed one

project = "advsearch"
author = "the advsearch authors"
copyright = "the advsearch authors, MIT licence"
root_doc = "index"

extensions = [
    "myst_nb",                 # Markdown (README, architecture) and notebooks with stored outputs
    "sphinx.ext.autodoc",
    "numpydoc",                # the package's docstrings are numpydoc
    "sphinx.ext.mathjax",
]

exclude_patterns = ["_build", "README.md", "**/.ipynb_checkpoints", "notebooks/experiments/**", "conf.py"]
suppress_warnings: list[str] = []  # keep empty: a warning is fixed at its source

# Notebooks: never executed, shown with their stored outputs.
nb_execution_mode = "off"
# Widgets cannot run in a static page; each widget output stores a PNG of its first
# picture, which is shown instead (and no widget JavaScript is loaded from a CDN).
nb_mime_priority_overrides = [
    ("html", "application/vnd.jupyter.widget-view+json", None),
    ("html", "application/javascript", None),
]
nb_ipywidgets_js: dict = {}
myst_enable_extensions = ["dollarmath", "amsmath", "colon_fence"]
myst_heading_anchors = 3            # "file.md#a-heading" links resolve
myst_update_mathjax = False         # MyST would write a MathJax 3/4 configuration; ours is 2.7

# API reference from the numpydoc docstrings.
autodoc_default_options = {"members": True, "member-order": "bysource"}
autodoc_typehints = "none"          # the docstrings say the types
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False
numpydoc_validation_checks: set[str] = set()

# Math: a local MathJax 2.7, never a CDN.
mathjax_path = "mathjax/MathJax.js?config=TeX-AMS-MML_HTMLorMML-full,Safe"
mathjax2_config = {
    "tex2jax": {
        "inlineMath": [["\\(", "\\)"]],
        "displayMath": [["\\[", "\\]"]],
        "processEscapes": True,
        "processEnvironments": True,
        # MyST marks pages "ignore" and their math "math": typeset only the math.
        "ignoreClass": "tex2jax_ignore|mathjax_ignore",
        "processClass": "tex2jax_process|mathjax_process|math|output_area",
    },
    # jupyter-server-mathjax ships the STIX-Web fonts only (as the classic Notebook uses them).
    "HTML-CSS": {"availableFonts": [], "preferredFont": None, "imageFont": None, "webFont": "STIX-Web"},
}

html_theme = "pydata_sphinx_theme"
html_title = "advsearch"
html_static_path = ["_static"]
html_css_files = ["site.css"]
html_js_files = ["scrollable.js"]      # regions that scroll take focus, so the keyboard can scroll them
html_copy_source = False
html_show_sourcelink = False
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "navbar_align": "left",
    "header_links_before_dropdown": 4,
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
    "secondary_sidebar_items": ["page-toc"],
    "article_header_start": ["breadcrumbs"],
}
html_last_updated_fmt = None


def copy_mathjax(app, exception):
    """Copy MathJax (fonts, TeX input, HTML-CSS output) next to the pages."""
    if exception is None and app.builder.format == "html":
        source = pathlib.Path(jupyter_server_mathjax.__file__).parent / "static"
        shutil.copytree(source, pathlib.Path(app.outdir) / "_static" / "mathjax", dirs_exist_ok=True)


def image_alt(app, doctree):
    """Give each figure of a notebook page the alternative text its output carries, as ``<img alt>``.

    MyST-NB takes only an image output's width and height from its metadata; the package puts each
    figure's text in ``metadata["image/png"]["alt"]`` (advsearch/drawing/mpl/alt.py). MyST-NB names the
    image file by the SHA-256 of its bytes, which finds the output it came from.
    """
    from docutils import nodes

    path = pathlib.Path(app.env.doc2path(app.env.docname))
    if path.suffix != ".ipynb":
        return
    alts = {}
    for cell in json.loads(path.read_text(encoding="utf-8")).get("cells", []):
        for output in cell.get("outputs", []):
            for mime, data in output.get("data", {}).items():
                alt = output.get("metadata", {}).get(mime, {}).get("alt") if mime.startswith("image/") else None
                if alt and isinstance(data, (str, list)):
                    text = "".join(data)
                    # As MyST-NB reads the output: an SVG as text, any other image as base64.
                    raw = (os.linesep.join(text.splitlines()).encode() if mime == "image/svg+xml"
                           else base64.b64decode(text))
                    alts[hashlib.sha256(raw).hexdigest()] = alt
    for image in doctree.findall(nodes.image):
        alt = alts.get(pathlib.PurePosixPath(image["uri"]).stem)
        if alt and not image.get("alt"):
            image["alt"] = alt


def setup(app):
    app.connect("build-finished", copy_mathjax)
    app.connect("doctree-read", image_alt)
