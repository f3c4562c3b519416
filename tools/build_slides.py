"""Export every lecture notebook to a reveal.js slide deck that opens offline (``make slides``).

Each ``notebooks/NN_*.ipynb`` becomes ``build/slides/NN_*.slides.html`` through
nbconvert's SlidesExporter (what ``jupyter nbconvert --to slides`` runs), with the
stored outputs (nothing is executed) and the notebook's RISE settings (theme,
transition, size, scrolling, controls, progress, slide numbers). Everything a deck
loads sits beside it, copied from packages installed from PyPI:

    build/slides/reveal.js/   reveal.js 5 (dist/ and plugin/), shipped by ``sphinx-revealjs``
    build/slides/mathjax/     MathJax 2.7, shipped by ``jupyter-server-mathjax``

``--SlidesExporter.reveal_url_prefix=reveal.js`` points the decks at that copy. The
stock template also loads jQuery, RequireJS, Mermaid and the widget manager from
CDNs; the small template below replaces those blocks (reveal.js is loaded by plain
script tags, and the scrolling of tall slides is done without jQuery). A widget
cannot run in a static deck: its stored PNG (the widget's first picture) is shown.
Speaker notes (cells of slide type "notes") open with the key S.

After the export every deck is checked: no ``http://`` or ``https://`` address in
a ``src=`` or ``href=`` that loads something (a script, a style sheet, a module),
every local file it loads exists, and every ``<img>`` has a non-empty ``alt`` (the
template below takes it from the output's ``metadata["image/png"]["alt"]``, which
every figure the package draws or a notebook shows carries). Usage: ``python tools/build_slides.py [--out DIR]``.
"""

from __future__ import annotations

import argparse
import pathlib
import re
import shutil
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from build_site import has_alt, page_images  # noqa: E402  (the one rule for what counts as an image's alternative text)
REVEAL = "reveal.js"
MATHJAX = "mathjax/MathJax.js?config=TeX-AMS-MML_HTMLorMML-full,Safe"
# What the notebooks' "rise" metadata says (issue 18's conventions); used where a notebook says nothing.
RISE_DEFAULTS = {"theme": "white", "transition": "none", "width": 1280, "height": 720, "scroll": True,
                 "controls": True, "progress": True, "slideNumber": True}

TEMPLATE = r"""
{%- extends 'index.html.j2' -%}
{%- block html_head_js_jquery -%}{%- endblock html_head_js_jquery -%}
{%- block html_head_js_requirejs -%}{%- endblock html_head_js_requirejs -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
{%- block jupyter_widgets -%}{%- endblock jupyter_widgets -%}
{#- lab/base.html.j2's image, with the alternative text the output carries (advsearch/drawing/mpl/alt.py) -#}
{% block data_png scoped %}
<div class="jp-RenderedImage jp-OutputArea-output {{ extra_class }}">
{%- if 'image/png' in output.metadata.get('filenames', {}) %}
<img src="{{ output.metadata.filenames['image/png'] | posix_path | escape_html }}"
{%- else %}
<img src="data:image/png;base64,{{ output.data['image/png'] | escape_html }}"
{%- endif %}
{%- set alttext = output | get_metadata('alt', 'image/png') -%}
{%- if alttext %}
alt="{{ alttext | escape_html }}"
{%- endif %}
{%- set width = output | get_metadata('width', 'image/png') -%}
{%- if width is not none %}
width="{{ width | escape_html }}"
{%- endif %}
{%- set height = output | get_metadata('height', 'image/png') -%}
{%- if height is not none %}
height="{{ height | escape_html }}"
{%- endif %}
class="
{%- if output | get_metadata('unconfined', 'image/png') %}
unconfined
{%- endif %}
{%- if output | get_metadata('needs_background', 'image/png') == 'light' %}
jp-needs-light-background
{%- endif %}
{%- if output | get_metadata('needs_background', 'image/png') == 'dark' %}
jp-needs-dark-background
{%- endif %}
"
>
</div>
{%- endblock data_png %}
{%- block html_head_js_mathjax -%}
<script type="text/x-mathjax-config">
MathJax.Hub.Config({
  tex2jax: {inlineMath: [['$', '$'], ['\\(', '\\)']], displayMath: [['$$', '$$'], ['\\[', '\\]']],
            processEscapes: true, processEnvironments: true},
  "HTML-CSS": {availableFonts: [], preferredFont: null, imageFont: null, webFont: "STIX-Web"},
  displayAlign: "center", messageStyle: "none"
});
</script>
<script src="{{ resources.mathjax_url }}"></script>
{%- endblock html_head_js_mathjax -%}
{% block footer_js %}
<script src="{{ resources.reveal.url_prefix }}/dist/reveal.js"></script>
<script src="{{ resources.reveal.url_prefix }}/plugin/notes/notes.js"></script>
<script>
Reveal.initialize({
  controls: {{ resources.rise.controls | json_dumps }},
  progress: {{ resources.rise.progress | json_dumps }},
  slideNumber: {{ resources.rise.slideNumber | json_dumps }},
  history: true,
  transition: {{ resources.reveal.transition | json_dumps }},
  width: {{ resources.reveal.width }},
  height: {{ resources.reveal.height }},
  plugins: [RevealNotes]
});
Reveal.on('slidechanged', function (event) {
  // Math typeset while its slide was hidden is measured wrong: redo it, after any typesetting under way.
  if (window.MathJax && MathJax.Hub) { MathJax.Hub.Queue(["Rerender", MathJax.Hub, event.currentSlide]); }
});
{% if resources.reveal.scroll %}
// A slide taller than the screen scrolls instead of being cut off (sizes in slide pixels).
function scrollTallSlides() {
  var height = Reveal.getConfig().height;
  document.querySelectorAll('.reveal .slides section').forEach(function (section) {
    if (section.querySelector('section')) { return; }        // a stack of vertical slides
    if (section.scrollHeight > height) {
      section.style.height = height + 'px';
      section.style.top = '0px';
      section.style.overflowY = 'auto';
    }
  });
}
Reveal.on('ready', scrollTallSlides);
Reveal.on('slidechanged', scrollTallSlides);
{% endif %}
SCROLLABLE_JS
function focusSlides() { advsearchFocusScrollable(document.querySelector('.reveal .slides')); }
Reveal.on('ready', focusSlides);
Reveal.on('slidechanged', focusSlides);
</script>
{% endblock footer_js %}
"""

# The script that lets the keyboard reach a region that scrolls: the site's file, put into every deck.
SCROLLABLE = ROOT / "docs" / "site" / "_static" / "scrollable.js"
TEMPLATE = TEMPLATE.replace("SCROLLABLE_JS", SCROLLABLE.read_text(encoding="utf-8"))

# A `src` or `href` that loads something, and what it loads.
LOADED = re.compile(r"<(script|link|img|iframe)\b[^>]*?\b(?:src|href)\s*=\s*[\"']([^\"']+)[\"']", re.I)
IMPORTED = re.compile(r"\bimport\b[^;'\"]*['\"]([^'\"]+)['\"]")


def copy_assets(out: pathlib.Path) -> None:
    """Copy reveal.js and MathJax beside the decks."""
    import jupyter_server_mathjax
    import sphinx_revealjs

    reveal = pathlib.Path(sphinx_revealjs.__file__).parent / "_static" / "revealjs"
    ignore = shutil.ignore_patterns("*.map", "*.esm.js")
    for part in ("dist", "plugin", "LICENSE"):
        source, target = reveal / part, out / REVEAL / part
        if source.is_dir():
            shutil.copytree(source, target, ignore=ignore, dirs_exist_ok=True)
        else:
            shutil.copy2(source, target)
    mathjax = pathlib.Path(jupyter_server_mathjax.__file__).parent / "static"
    shutil.copytree(mathjax, out / "mathjax", dirs_exist_ok=True)


def rise_settings(notebook: dict) -> dict:
    """The notebook's RISE settings over the course's defaults."""
    settings = dict(RISE_DEFAULTS)
    settings.update(notebook.get("metadata", {}).get("rise", {}))
    return settings


def export(path: pathlib.Path, out: pathlib.Path) -> pathlib.Path:
    """Write one deck; return its path."""
    import jinja2
    import nbformat
    from nbconvert import SlidesExporter
    from traitlets.config import Config

    notebook = nbformat.read(path, as_version=4)
    rise = rise_settings(notebook)
    config = Config()
    config.SlidesExporter.reveal_url_prefix = REVEAL
    config.SlidesExporter.reveal_theme = str(rise["theme"])
    config.SlidesExporter.reveal_transition = str(rise["transition"])
    config.SlidesExporter.reveal_scroll = bool(rise["scroll"])
    config.SlidesExporter.reveal_width = str(rise["width"])
    config.SlidesExporter.reveal_height = str(rise["height"])
    config.SlidesExporter.mathjax_url = MATHJAX
    config.SlidesExporter.exclude_input_prompt = True
    config.SlidesExporter.exclude_output_prompt = True
    # A widget's view needs a live kernel: show its stored picture instead.
    config.SlidesExporter.display_data_priority = [
        "text/html", "image/svg+xml", "image/png", "image/jpeg", "text/markdown", "text/latex", "text/plain"]
    exporter = SlidesExporter(config=config, template_file="offline_slides.html.j2",
                              extra_loaders=[jinja2.DictLoader({"offline_slides.html.j2": TEMPLATE})])
    body, _ = exporter.from_notebook_node(notebook, resources={"rise": rise})
    target = out / f"{path.stem}.slides.html"
    target.write_text(body, encoding="utf-8")
    return target


def problems(deck: pathlib.Path) -> list[str]:
    """What in a deck would be fetched from the internet, or is missing beside it."""
    html = deck.read_text(encoding="utf-8")
    found = []
    for _, url in LOADED.findall(html):
        url = url.strip()
        if url.startswith(("data:", "#")):
            continue
        if re.match(r"(https?:)?//", url, re.I):
            found.append(f"{deck.name}: loads {url} from the internet")
        elif not (deck.parent / url.split("?")[0]).exists():
            found.append(f"{deck.name}: loads {url}, which is not there")
    for url in IMPORTED.findall(html):
        if re.match(r"(https?:)?//", url, re.I):
            found.append(f"{deck.name}: imports {url} from the internet")
    for tag in page_images(html):
        if not has_alt(tag):
            found.append(f"{deck.name}: an image without alternative text: {tag[:120]}...")
    if not re.search(rf"<script src=\"{re.escape(REVEAL)}/dist/reveal\.js\">", html):
        found.append(f"{deck.name}: does not load the local reveal.js")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "build" / "slides"), help="output folder")
    parser.add_argument("notebooks", nargs="*", help="notebooks (default: notebooks/*.ipynb)")
    args = parser.parse_args(argv)
    out = pathlib.Path(args.out).resolve()
    paths = [pathlib.Path(p) for p in args.notebooks] or sorted((ROOT / "notebooks").glob("*.ipynb"))
    start = time.perf_counter()
    out.mkdir(parents=True, exist_ok=True)
    copy_assets(out)
    decks = [export(path, out) for path in paths]
    found = [problem for deck in decks for problem in problems(deck)]
    seconds = time.perf_counter() - start
    for problem in found:
        print(problem, file=sys.stderr)
    if found:
        return 1
    for deck in decks:
        print(f"  {deck.relative_to(out.parent)}")
    print(f"{len(decks)} slide decks in {seconds:.0f} s: {out} (open any .slides.html; S shows speaker notes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
