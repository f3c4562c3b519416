"""A traced search as one self-contained HTML player: its frames as SVG, stepped through with no kernel.

:func:`player` draws every chosen step of a search with
:func:`~advsearch.drawing.svg.to_svg` and puts the pictures, each with the
sentence that narrates it (:func:`~advsearch.drawing.frames.frames`), into one
HTML fragment.  Shown in a notebook, a web page or a saved ``.html`` file it
steps through the search in the browser: Back, Play/Pause and Forward
buttons, a step slider, and "step k of n" read out to screen readers.

The fragment works in two forms:

- **without scripts** (an untrusted notebook, a sanitising viewer, a feed
  reader), it is a numbered list of every frame, each with its narration
  above its picture, readable top to bottom; the controls, which would do
  nothing, stay hidden;
- **with scripts**, its small inline script shows one frame at a time and
  reveals the controls.  Tab reaches every control; Enter and Space press
  the buttons; Left and Right step, Home and End go to the first and last
  frame, on the slider and anywhere in the player; those keys, and Enter
  and Space on its buttons, go to the player alone, not to the page around
  it (JupyterLab's and Notebook 7's shortcuts, a reveal.js deck's slide
  keys).  Nothing plays by itself: Play starts only when pressed and
  stops at the last frame or when another control is used.  Nothing is
  animated, so a reader's ``prefers-reduced-motion`` is respected.

A picture wider than the space for it scrolls sideways inside the player
instead of shrinking below the lectures' 11 pt text (JupyterLab shrinks a wide
SVG to fit unless told not to).

Everything is inline: CSS, script and pictures; there is no ``src`` or
``href`` and nothing is fetched.  The output is deterministic; its ids come
from a hash of its content, so two different players on one page never
share an id (the same player shown twice has the same ids, and both copies
still work, since the script finds each copy by its class, not its id).

Unlike the Stepper widget (:class:`advsearch.widgets.Stepper`), which draws
each frame in the kernel when it is asked for, the player draws them all at
once, so its size grows with the number of frames: about 7 kB a frame for
the lecture's two-ply tree.  By default a player takes at most
:data:`MAX_FRAMES` frames; choose ``steps`` for longer searches.
"""

from __future__ import annotations

import hashlib
import html
import re

from .. import validation
from ..result import trace_of
from ..search.mcts import MCTSTrace
from .frames import frames, pick
from .svg import to_svg

#: The most frames a player draws when ``steps`` is not given (each is one SVG in the page).
MAX_FRAMES = 200

#: What the player looks like; every rule is under ``.advsearch-player``, so nothing else on the page changes.
CSS = """\
.advsearch-player{font-family:'DejaVu Sans',Verdana,Arial,sans-serif;font-size:15px;line-height:1.4;\
max-width:100%;margin:0.5em 0}
.advsearch-player .asp-frames{list-style:none;margin:0;padding:0}
.advsearch-player .asp-frame{margin:0 0 1.2em 0}
.advsearch-player figure{margin:0}
.advsearch-player figcaption{margin:0 0 0.3em 0;max-width:48em;text-align:left;font-size:inherit;color:inherit}
.advsearch-player .asp-view{overflow-x:auto}
.advsearch-player svg{display:block}
.advsearch-player .asp-frame svg{max-width:none;height:auto}
.advsearch-player .asp-controls{display:flex;flex-wrap:wrap;align-items:center;gap:0.5em;margin:0 0 0.5em 0;\
max-width:60em}
.advsearch-player .asp-controls[hidden]{display:none}
.advsearch-player button{font:inherit;min-width:5.5em;padding:0.3em 0.8em;border:1px solid #555;\
border-radius:4px;background:#f4f4f4;color:#111;cursor:pointer}
.advsearch-player button[aria-disabled=true]{color:#666666;border-color:#aaa;cursor:default}
.advsearch-player label{display:flex;align-items:center;gap:0.4em;flex:1 1 12em}
.advsearch-player input[type=range]{flex:1 1 auto;min-width:8em}
.advsearch-player .asp-status{min-width:14em;margin:0;font-weight:bold;font-variant-numeric:tabular-nums}
.advsearch-player :focus-visible{outline:3px solid #1a5fb4;outline-offset:2px}
.advsearch-player .asp-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);\
white-space:nowrap}
.advsearch-player[data-live] .asp-num{position:absolute;width:1px;height:1px;overflow:hidden;\
clip:rect(0 0 0 0);white-space:nowrap}
.advsearch-player[data-live] figcaption{min-height:2.8em}
"""

#: The behaviour, one copy a player: it brings every player on the page that is not live yet to life.
SCRIPT = """\
(function () {
  function live(root) {
    root.setAttribute("data-live", "");
    var q = function (c) { return root.querySelector(".asp-" + c); };
    var frames = Array.prototype.slice.call(root.querySelectorAll(".asp-frame"));
    var n = frames.length, i = 0, timer = null, delay = +root.getAttribute("data-interval") || 1000;
    var back = q("back"), play = q("play"), forward = q("forward"), slider = q("slider");
    var where = q("where"), said = q("said"), view = q("view");
    function stop() {
      if (timer !== null) { clearInterval(timer); timer = null; }
      play.textContent = "Play";
    }
    function show(k) {
      i = Math.max(0, Math.min(n - 1, k));
      frames.forEach(function (f, j) { f.hidden = j !== i; });
      var text = frames[i].getAttribute("data-where");
      slider.value = String(i + 1);
      slider.setAttribute("aria-valuetext", text);
      where.textContent = text;
      said.textContent = ": " + frames[i].getAttribute("data-said");
      back.setAttribute("aria-disabled", String(i === 0));
      forward.setAttribute("aria-disabled", String(i === n - 1));
      if (i === n - 1) { stop(); }
    }
    function go(k) { stop(); show(k); }
    function toggle() {
      if (timer !== null) { stop(); return; }
      if (n < 2) { return; }
      if (i === n - 1) { show(0); }
      play.textContent = "Pause";
      timer = setInterval(function () { show(i + 1); }, delay);
    }
    back.addEventListener("click", function () { go(i - 1); });
    forward.addEventListener("click", function () { go(i + 1); });
    play.addEventListener("click", toggle);
    slider.addEventListener("input", function () { go(+slider.value - 1); });
    // Keys are caught on their way down (window, capture), so that the page around the player never sees
    // them: JupyterLab's and Notebook 7's shortcuts, a reveal.js deck's slide keys.
    function key(e) {
      if (!root.isConnected) { window.removeEventListener("keydown", key, true); return; }
      if (!root.contains(e.target) || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) { return; }
      var onSlider = e.target === slider;
      // On a picture wider than its box, Left and Right scroll it (the page never sees them either).
      var scrolls = e.target === view && view.scrollWidth > view.clientWidth && /^Arrow(Left|Right)$/.test(e.key);
      if (scrolls) { e.stopPropagation(); return; }
      var to = onSlider ? undefined : {ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: n - 1}[e.key];
      var pressed = e.target.tagName === "BUTTON" && (e.key === " " || e.key === "Enter");
      if (to === undefined && !pressed && !(onSlider && /^(Arrow|Page|Home$|End$)/.test(e.key))) { return; }
      e.stopPropagation();
      if (to !== undefined) { e.preventDefault(); go(to); }
    }
    window.addEventListener("keydown", key, true);
    view.tabIndex = 0;
    q("controls").hidden = false;
    show(0);
  }
  function start(tries) {
    var all = document.querySelectorAll(".advsearch-player:not([data-live])");
    Array.prototype.forEach.call(all, live);
    if (!document.getElementById(PLAYER_ID) && tries > 0) {
      setTimeout(function () { start(tries - 1); }, 50);
    }
  }
  start(40);
})();
"""


class Player:
    """A search's frames as one HTML fragment (``html``); a notebook shows it as the player.

    ``str(p)`` and ``p._repr_html_()`` are the fragment; :meth:`page` puts
    it in a complete HTML document, to save as a file.
    """

    def __init__(self, fragment: str, count: int, name: str):
        self.html, self.count, self.name = fragment, count, name

    def _repr_html_(self) -> str:
        return self.html

    def __str__(self) -> str:
        return self.html

    def __len__(self) -> int:
        return self.count

    def __repr__(self) -> str:
        return f"<Player: {self.name}, {self.count} frames, {len(self.html.encode())} bytes of HTML>"

    def page(self, title=None) -> str:
        """A complete HTML document holding the player (``title`` by default its name)."""
        title = html.escape(self.name if title is None else str(title), quote=False)
        return ('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
                '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
                f"<title>{title}</title>\n</head>\n<body>\n{self.html}</body>\n</html>\n")


def player(result, *, steps=None, interval=1000, **options) -> Player:
    """A traced search as a self-contained HTML player: every chosen step's picture and narration.

    Parameters
    ----------
    result : SearchResult, Trace or an MCTS result
        A search run with ``trace=True`` (alpha-beta, expectiminimax with
        Star1 or Star2, max-n, MCTS, ...), or its trace.
    steps : sequence of int, optional
        The steps to show, in the order given, as for
        :class:`~advsearch.widgets.Stepper`: trace events, or for MCTS
        iterations (negative numbers count from the end).  By default every
        step, if there are at most :data:`MAX_FRAMES` of them.
    interval : int
        Milliseconds per frame while playing.
    **options
        Passed on to :func:`~advsearch.drawing.svg.to_svg` for every frame
        (``intervals=True``, ``bounds``, ``max_depth``, ``fontsize``, ...);
        not ``step``.

    Returns
    -------
    Player
        Its ``html`` is the fragment; a notebook shows it by itself.

    Raises
    ------
    ValueError
        When there is no trace or it is empty, when ``steps`` names a step
        the search does not have, or when there are more than
        :data:`MAX_FRAMES` steps and ``steps`` is not given.
    TypeError
        For ``step=`` or an option :func:`to_svg` does not know.

    Examples
    --------
    >>> from advsearch import alphabeta, examples
    >>> p = player(alphabeta(examples.two_ply(), trace=True), intervals=True)
    >>> p
    <Player: alphabeta search, step by step, 26 frames, ... bytes of HTML>
    >>> p.html.count("<svg "), "src=" in p.html or "href=" in p.html
    (26, False)
    >>> player(alphabeta(examples.two_ply(), trace=True), steps=[13, -1]).html.count('class="asp-frame"')
    2
    """
    if "step" in options:
        raise TypeError("player draws many steps: choose them with steps=[...], not step=")
    interval = validation.whole_number("interval", interval, least=1)
    trace = trace_of(result)
    if not len(trace):
        raise ValueError("this trace has no events to step through")
    everything = frames(result)
    if steps is None and len(everything) > MAX_FRAMES:
        raise ValueError(f"this search has {len(everything)} steps, more than the {MAX_FRAMES} a player draws "
                         "by default: choose some with steps=[...]")
    chosen = pick(everything, steps)
    unit = "iteration" if isinstance(trace, MCTSTrace) else "event"
    pictures = [to_svg(result, step=f.step, **options) for f in chosen]
    name = f"{getattr(trace, 'algorithm', None) or 'search'} search, step by step"
    fragment = _fragment(name, [(f.step, f.text) for f in chosen], pictures, unit, interval)
    return Player(fragment, len(chosen), name)


def _fragment(name: str, narrated: list, pictures: list, unit: str, interval: int) -> str:
    """The player's HTML: its frames (step, narration, SVG), the controls, the style and the script."""
    digest = hashlib.sha1()
    for (step, text), svg in zip(narrated, pictures):
        digest.update(f"{step}\n{text}\n{svg}\n".encode())
    digest.update(f"{name}\n{unit}\n{interval}".encode())
    ident = "advsearch-player-" + digest.hexdigest()[:12]
    n = len(narrated)
    items = [_frame(ident, k, n, step, text, svg, unit)
             for k, ((step, text), svg) in enumerate(zip(narrated, pictures), start=1)]
    script = SCRIPT.replace("PLAYER_ID", _js_string(ident))
    return "\n".join([
        # A <div role="region">, not a <section>: reveal.js takes every <section> in a deck for a slide.
        f'<div class="advsearch-player" role="region" id="{ident}" aria-label="{_attr(name)}" '
        f'data-interval="{interval}">',
        f"<style>\n{CSS}</style>",
        _controls(n),
        f'<div class="asp-view" role="group" aria-label="{_attr(_view_label(n))}">',
        '<ol class="asp-frames">', *items, "</ol>", "</div>",
        f"<script>\n{script}</script>",
        "</div>", ""])


def _frame(ident: str, k: int, n: int, step: int, text: str, svg: str, unit: str) -> str:
    """One frame: "Step k of n (event s)." and the narration as its caption, then its picture."""
    where = f"step {k} of {n} ({unit} {step})"
    svg = _no_node_titles(_own_ids(svg, f"{ident}-{k}"))
    return (f'<li class="asp-frame" data-where="{_attr(where)}" data-said="{_attr(text)}">'
            f'<figure>\n<figcaption><strong class="asp-num">{_text(where[0].upper() + where[1:])}.</strong> '
            f"{_text(text)}</figcaption>\n{svg.rstrip()}\n</figure></li>")


def _controls(n: int) -> str:
    """The buttons, the slider and the status, hidden until the script runs (without it they would do nothing)."""
    return "\n".join([
        '<div class="asp-controls" hidden="hidden">',
        '<button type="button" class="asp-back" aria-disabled="true">◀ Back</button>',
        '<button type="button" class="asp-play">Play</button>',
        '<button type="button" class="asp-forward">Forward ▶</button>',
        f'<label>Step <input type="range" class="asp-slider" min="1" max="{n}" step="1" value="1"></label>',
        '<p class="asp-status" role="status" aria-live="polite" aria-atomic="true">'
        f'<span class="asp-where">step 1 of {n}</span><span class="asp-sr asp-said"></span></p>',
        "</div>"])


def _view_label(n: int) -> str:
    return (f"The frames, {n} in all; when the player is live, Left and Right arrows step, "
            "Home and End go to the first and last")


def _own_ids(svg: str, prefix: str) -> str:
    """``svg`` with its ids (``advsearch-`` and a hash) renamed to start with ``prefix``, unique on the page."""
    return re.sub(r"advsearch-[0-9a-f]{10}(?=-)", prefix, svg)


def _no_node_titles(svg: str) -> str:
    """``svg`` without its nodes' ``<title>`` tooltips, which keep their ``aria-label`` (the picture's ``<desc>``
    names every node too): a sanitiser that drops the SVG keeps those titles' text, run into the drawn values
    ("leaf, value 3" then "3" read as "leaf, value 33")."""
    return re.sub(r'(<g class="node[^"]*"[^>]*>)<title>[^<]*</title>', r"\1", svg)


def _attr(text: str) -> str:
    return html.escape(str(text), quote=True)


def _text(text: str) -> str:
    return html.escape(str(text), quote=False)


def _js_string(text: str) -> str:
    """A JavaScript string literal of ``text`` (only letters, digits and hyphens are made here)."""
    if not re.fullmatch(r"[A-Za-z0-9-]+", text):
        raise ValueError(f"not an id: {text!r}")
    return f'"{text}"'
