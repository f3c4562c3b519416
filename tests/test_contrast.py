"""Text is readable on its ground: WCAG 2.1 AA contrast (1.4.3) for every text colour the package draws.

The pairs come from where the painters take them, not from a copy:
``drawing.looks.text_colours()`` (the tree pictures of both painters, matplotlib
and SVG: node texts by status, on white and on the face of the step's node,
notes, the key, placeholders, edge labels), the TikZ export's colours, the
player's CSS, and the colours of ``check`` feedback.  AA asks 4.5:1 for
normal text and 3:1 for large text (at least 24 px, or 18.66 px bold); every
text here is held to 4.5:1.

Relative luminance and contrast ratio are computed here from WCAG 2.1's
definitions and checked against published values.
"""

from __future__ import annotations

import importlib
import re

import pytest

from advsearch.drawing import looks, tikz
player_module = importlib.import_module("advsearch.drawing.player")   # the module (drawing.player is the function)

AA, AA_LARGE = 4.5, 3.0


def _channel(c: float) -> float:
    # WCAG 2.1's sRGB linearisation (its 0.03928 and 0.04045 thresholds agree on every 8-bit value).
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def hex_rgb(colour: str) -> tuple:
    named = {"black": "#000000", "white": "#ffffff"}
    colour = named.get(colour, colour).lstrip("#")
    if len(colour) == 3:
        colour = "".join(c * 2 for c in colour)
    assert re.fullmatch(r"[0-9a-fA-F]{6}", colour), colour
    return tuple(int(colour[i:i + 2], 16) / 255 for i in (0, 2, 4))


def luminance(colour: str) -> float:
    """WCAG 2.1 relative luminance of an sRGB colour."""
    r, g, b = (_channel(c) for c in hex_rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2.1 contrast ratio (L1 + 0.05) / (L2 + 0.05), L1 the lighter."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("a, b, ratio", [
    ("#000000", "#FFFFFF", 21.0),          # the largest ratio there is
    ("#FFFFFF", "#FFFFFF", 1.0),
    ("#767676", "#FFFFFF", 4.54),          # the lightest grey that passes AA on white (WebAIM)
    ("#777777", "#FFFFFF", 4.48),          # ... and one step lighter fails it
    ("#949494", "#FFFFFF", 3.03),          # the lightest grey for large text on white
    ("#0000FF", "#FFFFFF", 8.59),          # WebAIM's contrast checker, pure blue
    ("#FF0000", "#FFFFFF", 4.0),           # pure red fails AA for normal text
])
def test_contrast_agrees_with_published_values(a, b, ratio):
    assert contrast(a, b) == pytest.approx(ratio, abs=0.01)
    assert contrast(a, b) == contrast(b, a)


def tikz_pairs() -> list:
    """The TikZ export's text colours, as xcolor mixes with black, on white."""
    out = []
    for name, spec in [("faded text", tikz.FADED_TEXT), ("note", "blue!60!black")]:
        out.append((f"TikZ {name}", _xcolor(spec), "#FFFFFF"))
    return out


def _xcolor(spec: str) -> str:
    """An xcolor expression of the forms ``black!p`` and ``blue!p!black`` as sRGB hex."""
    base = {"black": (0, 0, 0), "blue": (0, 0, 1), "white": (1, 1, 1)}
    parts = spec.split("!")
    rgb = base[parts[0]]
    if len(parts) >= 2:
        p = float(parts[1]) / 100
        other = base[parts[2]] if len(parts) == 3 else (1, 1, 1)
        rgb = tuple(p * a + (1 - p) * b for a, b in zip(rgb, other))
    return "#" + "".join(f"{round(c * 255):02x}" for c in rgb)


def player_pairs() -> list:
    """The player's CSS: its buttons, enabled and disabled, on their face."""
    css = player_module.CSS
    face = re.search(r"button\{[^}]*background:(#[0-9a-f]+)", css).group(1)
    ink = re.search(r"button\{[^}]*;color:(#[0-9a-f]+)", css).group(1)
    off = re.search(r"button\[aria-disabled=true\]\{color:(#[0-9a-f]+)", css).group(1)
    return [("player button", ink, face), ("player button, disabled", off, face)]


def feedback_pairs() -> list:
    """The heads of check feedback (✓, ✗, …) in their colours, on a notebook's white."""
    from advsearch.course.shared.feedback import Feedback, not_answered

    out = []
    for what, feedback in [("right", Feedback(True, "Correct")), ("wrong", Feedback(False, "Not quite")),
                           ("not answered", not_answered("the values"))]:
        colour = re.search(r'<b style="color:(#[0-9a-fA-F]+)"', feedback._repr_html_()).group(1)
        out.append((f"feedback, {what}", colour, "#FFFFFF"))
    return out


PAIRS = looks.text_colours() + tikz_pairs() + player_pairs() + feedback_pairs()


@pytest.mark.parametrize("what, ink, ground", PAIRS, ids=[p[0] for p in PAIRS])
def test_every_text_colour_meets_wcag_aa(what, ink, ground):
    ratio = contrast(ink, ground)
    assert ratio >= AA, f"{what}: {ink} on {ground} is {ratio:.2f}:1, under AA's {AA}:1"


def test_the_painters_write_text_in_the_listed_colours():
    """The SVG of a search with pruned, faded and current nodes uses only listed text colours."""
    from advsearch import alphabeta, examples
    from advsearch.drawing import to_svg

    listed = {ink.lower() for _, ink, _ in looks.text_colours()}
    result = alphabeta(examples.two_ply(), trace=True)
    for step in (3, 12, None):
        svg = to_svg(result, step=step, bounds=True)
        used = {c.lower() for c in re.findall(r'<text [^>]*fill="(#[0-9a-fA-F]{6})"', svg)}
        assert used <= listed, used - listed
    assert any(s == "pruned" for s in looks.TEXT_INK)


def test_the_player_colours_are_never_text():
    """Okabe-Ito orange, yellow and sky blue fail AA as text on white: they colour shapes, never text."""
    from advsearch import examples, maxn
    from advsearch.drawing import to_svg
    from advsearch.drawing.tikz import to_tikz

    fails = [c for c in looks.DEFAULT_STYLE["palette"] if contrast(c, "#FFFFFF") < AA]
    assert fails, "the palette has colours too light for text (so this test means something)"
    result = maxn(examples.three_player(), trace=True)
    svg = to_svg(result)
    for colour in fails:
        assert not re.search(rf'<text [^>]*fill="{colour}"', svg, re.I)
    tex = to_tikz(result)
    assert not re.search(r"text=player\d", tex), "TikZ writes a player's name or value in the player's colour"
    assert not re.search(r"\\textcolor\{player\d\}\{[^$]", tex), "TikZ's key writes a name in a player's colour"
