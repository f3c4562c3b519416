"""Colour is never the only cue, and the categorical colours survive colour blindness (issue 28, item 5, in part).

The players' colours (``games.boards.PLAYER_COLOURS``, the Okabe-Ito palette that n-player trees, payoff
vectors and boards share) must stay apart for readers with each of the three colour-vision deficiencies:
every pair at least 10 apart in CIEDE2000 after simulating deuteranopia, protanopia and tritanopia at full
severity (the model of Machado, Oliveira and Fernandes, 2009, as colorspacious implements it).  The colour
difference itself is checked against Sharma, Wu and Dalal's published test pairs first.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from colorspacious import cspace_convert

from advsearch.games.boards import PLAYER_COLOURS
from colour_difference import ciede2000

#: The least CIEDE2000 difference two categorical colours may have, for every kind of vision.
LEAST = 10

#: Pairs of CIELab colours and their ΔE00 from Sharma, Wu and Dalal (2005), table 1 (pairs 1, 2, 3, 7, 8, 17,
#: 19, 25, 26).
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 3.1571, -77.2803), (50.0, 0.0, -82.7485), 2.8615),
    ((50.0, 2.8361, -74.0200), (50.0, 0.0, -82.7485), 3.4412),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, -1.0, 2.0), (50.0, 0.0, 0.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (50.0, 3.1736, 0.5854), 1.0),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((63.0109, -31.0961, -5.8663), (62.8187, -29.7946, -4.0864), 1.2630),
]

VISIONS = [None, "deuteranomaly", "protanomaly", "tritanomaly"]


@pytest.mark.parametrize("lab1, lab2, expected", SHARMA)
def test_ciede2000_gives_the_published_differences(lab1, lab2, expected):
    assert ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)
    assert ciede2000(lab2, lab1) == pytest.approx(expected, abs=1e-4)


def as_seen(colour: str, vision) -> np.ndarray:
    """The CIELab colour a reader with ``vision`` (None: typical vision) sees for the sRGB ``#rrggbb``."""
    rgb = np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)]) / 255
    if vision is not None:
        rgb = np.clip(cspace_convert(rgb, {"name": "sRGB1+CVD", "cvd_type": vision, "severity": 100}, "sRGB1"),
                      0, 1)
    return cspace_convert(rgb, "sRGB1", "CIELab")


@pytest.mark.parametrize("vision", VISIONS)
def test_every_pair_of_player_colours_stays_apart(vision):
    seen = {c: as_seen(c, vision) for c in PLAYER_COLOURS}
    close = [(a, b, round(ciede2000(seen[a], seen[b]), 1)) for a, b in itertools.combinations(PLAYER_COLOURS, 2)
             if ciede2000(seen[a], seen[b]) < LEAST]
    assert close == []


def test_a_simulated_deficiency_really_brings_colours_together():
    """The simulation is not a no-op: red and green, far apart for typical vision, come close for deuteranopia."""
    typical = ciede2000(as_seen("#D00000", None), as_seen("#00A000", None))
    deutan = ciede2000(as_seen("#D00000", "deuteranomaly"), as_seen("#00A000", "deuteranomaly"))
    assert typical > 50 and deutan < typical / 2
