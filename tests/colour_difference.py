"""CIEDE2000, the CIE's colour difference (ΔE00), for the colour-blind check of the figures' colours.

Written from the formula as G. Sharma, W. Wu and E. N. Dalal set it out in "The CIEDE2000
color-difference formula: implementation notes, supplementary test data, and mathematical
observations", Color Research & Application 30(1), 21-30 (2005); tests/test_colours.py checks it
against their published test pairs.  Colours are CIELab triples (L*, a*, b*).
"""

from __future__ import annotations

import math


def _hue(b, a) -> float:
    """The hue angle in degrees, 0 to 360 (0 for a neutral colour)."""
    return math.degrees(math.atan2(b, a)) % 360 if (a or b) else 0.0


def ciede2000(lab1, lab2) -> float:
    """ΔE00 between two CIELab colours (k_L = k_C = k_H = 1)."""
    (L1, a1, b1), (L2, a2, b2) = lab1, lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1, h2 = _hue(b1, a1), _hue(b2, a2)
    neutral = c1 * c2 == 0
    dh = h2 - h1
    if neutral:
        dh = 0.0
    elif dh > 180:
        dh -= 360
    elif dh < -180:
        dh += 360
    d_hue = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (L1 + L2) / 2, (c1 + c2) / 2
    if neutral:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c, s_h = 1 + 0.045 * c_mean, 1 + 0.015 * c_mean * t
    rotation = -2 * math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)) \
        * math.sin(math.radians(60 * math.exp(-((h_mean - 275) / 25) ** 2)))
    dl, dc, dhh = (L2 - L1) / s_l, (c2 - c1) / s_c, d_hue / s_h
    return math.sqrt(dl ** 2 + dc ** 2 + dhh ** 2 + rotation * dc * dhh)
