"""The HTML player (drawing/player.py): one self-contained fragment, readable with or without its script.

The real-browser checks (buttons, keys, no requests, JavaScript off) are in
tests/browser/test_player_browser.py; these read the HTML as text.
"""

from __future__ import annotations

import html
import importlib
import re
import subprocess
import sys
from fractions import Fraction
from html.parser import HTMLParser

import pytest

from advsearch import alphabeta, chance, examples, expectiminimax, maxn, mcts, minimax, tree
from advsearch.drawing import frames
from advsearch.drawing.player import Player, player

# The package's name `player` is the function (as `frames` is), so the module is reached by its path.
player_module = importlib.import_module("advsearch.drawing.player")

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def chance_tree():
    return tree([chance((Fraction(1, 3), [3, -12]), (Fraction(2, 3), [1, 9])),
                 chance((0.5, [2, 4]), (0.5, [0, 6]))], labels=True)


SEARCHES = {
    "alphabeta": lambda: alphabeta(examples.two_ply(), trace=True),
    "star1": lambda: expectiminimax(chance_tree(), pruning="star1", bounds=(-12, 12), trace=True),
    "maxn": lambda: maxn(examples.three_player(), trace=True),
    "mcts": lambda: mcts(examples.two_ply(), iterations=6, seed=0, trace=True),
}


class Outline(HTMLParser):
    """Every element (tag, attributes, the text inside it), checking that elements close in order."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.elements, self.errors = [], [], []

    def handle_starttag(self, tag, attrs):
        element = {"tag": tag, "attrs": dict(attrs), "text": []}
        self.elements.append(element)
        for open_element in self.stack:
            open_element["inside"] = open_element.get("inside", 0) + 1
        if tag not in VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag, attrs):
        self.elements.append({"tag": tag, "attrs": dict(attrs), "text": []})

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1]["tag"] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1]['tag'] if self.stack else 'nothing'}")
            return
        self.stack.pop()

    def handle_data(self, data):
        for open_element in self.stack:
            open_element["text"].append(data)


def outline(text: str) -> Outline:
    parser = Outline()
    parser.feed(text)
    parser.close()
    assert not parser.errors, parser.errors[:5]
    assert not parser.stack, [e["tag"] for e in parser.stack]
    return parser


def sanitised(text: str) -> str:
    """What a sanitising viewer (an untrusted notebook) keeps: no scripts, no event handler attributes."""
    text = re.sub(r"<script\b.*?</script>", "", text, flags=re.S)
    return re.sub(r"\s on[a-z]+=\"[^\"]*\"", "", text)


#: What JupyterLab's sanitiser keeps of untrusted HTML that the player uses (no svg, no style, no script);
#: other tags are dropped with their text kept, as sanitize-html does.
KEPT = {"section", "div", "ol", "li", "figure", "figcaption", "strong", "span", "p", "button", "label", "input"}


def untrusted(text: str) -> str:
    """The player as an untrusted JupyterLab notebook shows it (its sanitiser, roughly)."""
    text = re.sub(r"<(script|style)\b.*?</\1>", "", sanitised(text), flags=re.S)
    return re.sub(r"</?([a-zA-Z]+)\b[^>]*>", lambda m: m.group(0) if m.group(1).lower() in KEPT else " ", text)


@pytest.fixture(scope="module")
def two_ply_player():
    return player(alphabeta(examples.two_ply(), trace=True), intervals=True)


@pytest.mark.parametrize("kind", sorted(SEARCHES))
def test_one_picture_and_one_narration_per_frame_in_the_static_form(kind):
    result = SEARCHES[kind]()
    chosen = frames(result)
    p = player(result)
    assert isinstance(p, Player) and len(p) == len(chosen) and p.html == str(p) == p._repr_html_()
    doc = outline(sanitised(p.html))
    items = [e for e in doc.elements if e["attrs"].get("class") == "asp-frame"]
    assert len(items) == len(chosen) == p.html.count("<svg ")
    assert not any("hidden" in e["attrs"] for e in items), "every frame shows without the script"
    unit = "iteration" if kind == "mcts" else "event"
    for k, (item, frame) in enumerate(zip(items, chosen), start=1):
        caption = " ".join("".join(item["text"]).split())
        assert caption.startswith(f"Step {k} of {len(chosen)} ({unit} {frame.step}). {' '.join(frame.text.split())}")
        assert item["inside"] >= 3            # figure, figcaption, svg ...
    # The frames come in order, each caption before its picture.
    positions = [p.html.index(html.escape(f.text, quote=False)) for f in chosen]
    assert positions == sorted(positions)


def test_an_untrusted_notebook_still_reads_every_frame_in_order(two_ply_player):
    """With the pictures, style and script gone, each frame's number, narration and description remain."""
    doc = outline(untrusted(two_ply_player.html))
    assert "hidden" in [e for e in doc.elements if e["attrs"].get("class") == "asp-controls"][0]["attrs"]
    items = [" ".join("".join(e["text"]).split()) for e in doc.elements if e["attrs"].get("class") == "asp-frame"]
    chosen = frames(alphabeta(examples.two_ply(), trace=True))
    assert len(items) == len(chosen) == 26
    for k, (item, frame) in enumerate(zip(items, chosen), start=1):
        assert item.startswith(f"Step {k} of 26 (event {k - 1}). {frame.text}")
        assert f"This step: {frame.text}" in item            # the picture's description, in words


def test_the_controls_are_hidden_until_the_script_runs_and_are_real_controls(two_ply_player):
    doc = outline(two_ply_player.html)
    controls = [e for e in doc.elements if e["attrs"].get("class") == "asp-controls"]
    assert len(controls) == 1 and "hidden" in controls[0]["attrs"]
    buttons = [e for e in doc.elements if e["tag"] == "button"]
    assert ["".join(b["text"]) for b in buttons] == ["◀ Back", "Play", "Forward ▶"]
    assert all(b["attrs"]["type"] == "button" for b in buttons)
    slider = [e for e in doc.elements if e["tag"] == "input"]
    assert len(slider) == 1 and slider[0]["attrs"]["type"] == "range"
    assert (slider[0]["attrs"]["min"], slider[0]["attrs"]["max"], slider[0]["attrs"]["value"]) == ("1", "26", "1")
    label = [e for e in doc.elements if e["tag"] == "label"]
    assert "Step" in "".join(label[0]["text"])          # the slider's name: it sits inside its label
    status = [e for e in doc.elements if e["attrs"].get("aria-live")]
    assert len(status) == 1 and status[0]["attrs"]["aria-live"] == "polite"
    assert "".join(status[0]["text"]) == "step 1 of 26"
    assert not re.search(r"\son[a-z]+=", two_ply_player.html), "no event handler attributes (a sanitiser drops them)"
    assert "autoplay" not in two_ply_player.html


def test_nothing_is_fetched(two_ply_player):
    text = two_ply_player.html
    for pattern in (r"\bsrc\s*=", r"\bhref\s*=", r"url\(", r"@import", r"<link\b", r"<img\b", r"<iframe\b",
                    r"\bfetch\(", r"XMLHttpRequest", r"\bimport\("):
        assert not re.search(pattern, text, flags=re.I), pattern
    # The only address is the SVG namespace, which names and is never fetched.
    assert set(re.findall(r"\w+://[^\s\"'<>]*", text)) == {"http://www.w3.org/2000/svg"}
    doc = outline(text)
    assert [e["tag"] for e in doc.elements].count("script") == 1
    assert all(not e["attrs"] for e in doc.elements if e["tag"] == "script")   # inline, no src or type


def ids_of(text: str) -> list:
    return [e["attrs"]["id"] for e in outline(text).elements if "id" in e["attrs"]]


def test_ids_are_unique_in_a_player_and_across_players(two_ply_player):
    other = player(minimax(examples.two_ply(), trace=True))
    third = player(alphabeta(examples.two_ply(), trace=True), steps=[0, 5, -1])
    mine = ids_of(two_ply_player.html)
    assert len(mine) == len(set(mine)) == 1 + 2 * 26          # the player's, and each SVG's title and desc
    every = mine + ids_of(other.html) + ids_of(third.html)
    assert len(every) == len(set(every))
    # Every reference points inside the same player.
    for text in (two_ply_player.html, other.html):
        own = set(ids_of(text))
        for refs in re.findall(r'aria-labelledby="([^"]*)"', text):
            assert set(refs.split()) <= own


def test_deterministic_and_the_same_in_a_fresh_process(two_ply_player):
    again = player(alphabeta(examples.two_ply(), trace=True), intervals=True)
    assert again.html == two_ply_player.html
    code = ("from advsearch import alphabeta, examples\nfrom advsearch.drawing.player import player\n"
            "import hashlib\nprint(hashlib.sha1(player(alphabeta(examples.two_ply(), trace=True), "
            "intervals=True).html.encode()).hexdigest())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    import hashlib
    assert out == hashlib.sha1(two_ply_player.html.encode()).hexdigest()


def test_the_last_frame_shows_the_roots_value(two_ply_player):
    last = re.findall(r'<li class="asp-frame".*?</li>', two_ply_player.html, flags=re.S)[-1]
    assert "A (MAX) returns 3." in last and 'aria-label="A, MAX node, value [3, 3], the node of this step"' in last
    plain = player(alphabeta(examples.two_ply(), trace=True), steps=[-1]).html
    assert 'aria-label="A, MAX node, value 3, the node of this step"' in plain


def test_steps_choose_frames_in_the_order_given():
    result = alphabeta(examples.two_ply(), trace=True)
    p = player(result, steps=[13, 0, -1])
    assert len(p) == 3
    assert re.findall(r'data-where="([^"]*)"', p.html) == ["step 1 of 3 (event 13)", "step 2 of 3 (event 0)",
                                                            "step 3 of 3 (event 25)"]
    assert 'max="3"' in p.html


def test_mistakes_are_refused_plainly(monkeypatch):
    result = alphabeta(examples.two_ply(), trace=True)
    with pytest.raises(TypeError, match="steps="):
        player(result, step=3)
    with pytest.raises(ValueError, match="steps is empty"):
        player(result, steps=[])
    with pytest.raises(ValueError, match="step 99"):
        player(result, steps=[99])
    with pytest.raises(TypeError, match="unknown style option"):
        player(result, colour="red")
    with pytest.raises(ValueError):
        player(result, interval=0)
    with pytest.raises(ValueError):
        player(alphabeta(examples.two_ply()))           # no trace
    monkeypatch.setattr(player_module, "MAX_FRAMES", 10)
    with pytest.raises(ValueError, match="26 steps, more than the 10"):
        player(result)
    assert len(player(result, steps=range(12))) == 12


def test_page_is_a_whole_document(two_ply_player):
    page = two_ply_player.page()
    assert page.startswith("<!DOCTYPE html>") and two_ply_player.html in page
    assert "<title>alphabeta search, step by step</title>" in page
    outline(page)
    assert "<title>Lecture 02</title>" in two_ply_player.page("Lecture 02")


def test_importing_and_using_the_player_loads_no_matplotlib():
    code = ("import sys, importlib\nimport advsearch.drawing.player\n"
            "p = importlib.import_module('advsearch.drawing.player')\n"
            "import advsearch\n"
            "assert advsearch.player is p.player and advsearch.to_svg is advsearch.drawing.svg.to_svg\n"
            "assert 'matplotlib' not in sys.modules, 'import'\n"
            "from advsearch import alphabeta, mcts, examples\n"
            "p.player(alphabeta(examples.two_ply(), trace=True))\n"
            "p.player(mcts(examples.two_ply(), iterations=3, seed=0, trace=True))\n"
            "assert 'matplotlib' not in sys.modules, 'use'\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_size_against_the_steppers_pngs(two_ply_player):
    """The 26 frames as SVG in HTML are far smaller than the PNGs the Stepper would keep of them."""
    size = len(two_ply_player.html.encode())
    assert 150_000 < size < 260_000


def test_what_its_hosts_need(two_ply_player):
    """What the places it is read need (tests/browser/test_player_everywhere.py tries them): keys pressed in
    the player are not also JupyterLab's shortcuts or a reveal.js deck's slide keys (the script stops them on
    the window, on their way down); no <section>, which reveal.js would take for a slide; a sanitiser that
    drops the SVG would run each node's ``<title>`` into its drawn value, so nodes keep only ``aria-label``."""
    assert two_ply_player.html.startswith('<div class="advsearch-player" role="region" ')
    assert "<section" not in two_ply_player.html
    assert 'window.addEventListener("keydown", key, true)' in two_ply_player.html
    assert "e.stopPropagation()" in two_ply_player.html
    assert not re.search(r'<g class="node[^"]*"[^>]*><title>', two_ply_player.html)
    assert two_ply_player.html.count('<g class="node') == 26 * 13
    assert two_ply_player.html.count('<g class="node') == len(re.findall(r'<g class="node[^"]*"[^>]* aria-label="',
                                                                         two_ply_player.html))
    assert '<div class="asp-controls" hidden="hidden">' in two_ply_player.html   # JupyterLab drops a bare "hidden"
