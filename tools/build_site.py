"""Build the course site into build/site/ (``make site``), offline.

The Sphinx sources are copied into build/site-src/ (modification times kept, so an
unchanged page is not read again) with the repository's relative paths, so that the
links between the README, the lectures and the exercises resolve exactly as they do
in JupyterLab. (Copies, not symbolic links: MyST resolves a link's target through
symbolic links, and would then look for it outside the source folder.)

    build/site-src/
        index.md, conf.py, api/, _static/   <- docs/site/*
        README.md                           <- README.md (included by index.md)
        docs/architecture.md                <- docs/architecture.md
        notebooks/                          <- notebooks/ (lectures; experiments/ for download links)
        exercises/NN_*.ipynb                <- exercises/*.ipynb (not exercises/assignments/)

Then ``sphinx-build -E -W --keep-going`` runs, always from scratch (a page not read
again would not repeat its warnings): any warning (a broken link, a docstring
that does not parse) fails the build after all warnings are listed. Notebooks are
not executed. Then every page is checked to load nothing from the internet, and every
image on it to have alternative text (a notebook's figures take theirs from their outputs).
Usage: ``python tools/build_site.py [--out build/site]``.
"""

from __future__ import annotations

import argparse
import pathlib
import re
import shutil
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
SITE = ROOT / "docs" / "site"


IGNORE = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__", "*.pyc")


def copy(source: pathlib.Path, name: pathlib.Path) -> None:
    """Copy a file or a folder to ``name``, keeping modification times."""
    name.parent.mkdir(parents=True, exist_ok=True)
    if source.is_dir():
        shutil.copytree(source, name, ignore=IGNORE)
    else:
        shutil.copy2(source, name)


def lay_out(src: pathlib.Path) -> None:
    """Fill ``src`` (emptied first) with copies of the site's sources."""
    if src.exists():
        shutil.rmtree(src)
    src.mkdir(parents=True)
    for entry in SITE.iterdir():
        if entry.name != "__pycache__":
            copy(entry, src / entry.name)
    copy(ROOT / "README.md", src / "README.md")
    copy(ROOT / "docs" / "architecture.md", src / "docs" / "architecture.md")
    copy(ROOT / "notebooks", src / "notebooks")
    for notebook in sorted((ROOT / "exercises").glob("*.ipynb")):
        copy(notebook, src / "exercises" / notebook.name)


# A `src` or `href` that makes the browser load something (not a plain link to follow).
LOADED = re.compile(r"<(script|link|img|iframe|source)\b[^>]*?\b(?:src|href)\s*=\s*[\"']([^\"']+)[\"']", re.I)


def external_loads(out: pathlib.Path) -> list[str]:
    """Every page's script, style sheet, image or frame that would come from the internet."""
    found = []
    for page in sorted(out.rglob("*.html")):
        for tag, url in LOADED.findall(page.read_text(encoding="utf-8")):
            if re.match(r"(https?:)?//", url.strip(), re.I):
                found.append(f"{page.relative_to(out)}: <{tag}> loads {url} from the internet")
    return found


# An <img> tag, and its alt. An alt that is empty, only a file's name (what docutils writes for an image
# without one) or nbconvert's stand-in (what its HTML exporter writes) is no alternative text.
IMAGE = re.compile(r"<img\b[^>]*>", re.I)
ALT = re.compile(r"\salt\s*=\s*(?:\"([^\"]*)\"|'([^']*)')", re.I)
NO_ALT = "No description has been provided for this image"
FILE_NAME = re.compile(r"\S*\.(png|jpe?g|gif|svg|webp)", re.I)


def page_images(page: str) -> list[str]:
    """The ``<img>`` tags of an HTML page, not counting text inside scripts (a saved widget's state is JSON that
    may hold an image's HTML; it is data, not an image of the page).

    >>> page_images('<img alt="a" src="x.png"><script type="x">{"html": "<img src=\\\\"y.png\\\\">"}</script>')
    ['<img alt="a" src="x.png">']
    """
    return IMAGE.findall(re.sub(r"<script\b.*?</script\s*>", "", page, flags=re.S | re.I))


def has_alt(tag: str) -> bool:
    """Whether an ``<img>`` tag has alternative text: a non-empty ``alt`` that is not a file's name."""
    alt = ALT.search(tag)
    text = "".join(alt.groups(default="")).strip() if alt else ""
    return bool(text) and not FILE_NAME.fullmatch(text) and not text.startswith("data:") and text != NO_ALT


def images_without_alt(out: pathlib.Path) -> list[str]:
    """Every image on a page without alternative text (docs/site/conf.py's image_alt gives the figures theirs)."""
    found = []
    for page in sorted(out.rglob("*.html")):
        for tag in page_images(page.read_text(encoding="utf-8")):
            if not has_alt(tag):
                found.append(f"{page.relative_to(out)}: an image without alternative text: {tag[:100]}...")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "build" / "site"), help="output folder")
    args = parser.parse_args(argv)
    out = pathlib.Path(args.out).resolve()
    src = ROOT / "build" / "site-src"
    lay_out(src)
    start = time.perf_counter()
    command = [sys.executable, "-m", "sphinx", "-E", "-W", "--keep-going", "-b", "html", "-q",
               "-d", str(ROOT / "build" / "site-doctrees"), str(src), str(out)]
    code = subprocess.call(command, cwd=ROOT)
    if code == 0:
        found = external_loads(out) + images_without_alt(out)
        for problem in found:
            print(problem, file=sys.stderr)
        code = 1 if found else 0
    seconds = time.perf_counter() - start
    if code == 0:
        print(f"site built in {seconds:.0f} s: {out / 'index.html'}")
    else:
        print(f"site build FAILED after {seconds:.0f} s (warnings are errors; see above)", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
