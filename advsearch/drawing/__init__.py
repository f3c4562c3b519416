"""Drawing game trees and searches: scenes, a tidy layout, matplotlib and TikZ.

Every picture is drawn from a scene (:func:`scene`), which is worked out from a
tree or from the trace of a search; nothing here searches again.
"""

from .frames import Frame, frames
from .layout import tidy_layout
from .player import Player, player
from .scene import MORE, scene, value_text
from .svg import to_svg
from .svg_picture import Picture, picture

__all__ = ["MORE", "Frame", "Picture", "Player", "frames", "picture", "player", "scene", "tidy_layout", "to_svg",
           "value_text"]
