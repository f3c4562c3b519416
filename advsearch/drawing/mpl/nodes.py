"""Painting the nodes of a scene: shapes, the ring of the current node, texts, boards and the players' key."""

from __future__ import annotations

from matplotlib.colors import to_hex, to_rgb
from matplotlib.lines import Line2D
from matplotlib.markers import MarkerStyle
from matplotlib.patches import Rectangle

from ...game import CHANCE
from ..looks import Look, key_entries, mark_ink, text_ink
from ..scene import preorder
from .edges import line_width
from .keys import draw_key
from .markers import SHAPES, box_path
from .style import BOARD, CAP, CURRENT_FACE, DOTS, GAP, INK, INSIDE_SIZE, LINE, RING, SMALL, TRIANGLE_TEXT_AT
from .style import COUNT_INK, DOTS_INK


def _mix(colour, white: float):
    """``colour`` mixed with ``white`` parts of white (0: unchanged, 1: white)."""
    r, g, b = to_rgb(colour)
    return (r + (1 - r) * white, g + (1 - g) * white, b + (1 - b) * white)


def _ink(graph, data, st):
    """A node's (edge colour, face colour, text colour)."""
    edge, face = INK.get(data["status"], INK["plain"])
    player = data["player"]
    if graph.graph.get("num_players", 2) > 2 and player is not None and player != CHANCE and not data["more"]:
        colour = st["palette"][player % len(st["palette"])]
        faded = data["status"] in ("pruned", "unvisited", "future")
        face = _mix(colour, 0.75 if faded else 0.0)
    if data["current"]:
        face = CURRENT_FACE
    text = text_ink(data["status"])
    return edge, face, "black" if text == "#000000" else text     # matplotlib's name, as for the shapes


def _marker(look: Look) -> MarkerStyle:
    if look.shape in ("max", "min"):
        return MarkerStyle(SHAPES[look.shape])
    if look.shape in ("chance", "player"):
        return MarkerStyle(SHAPES["circle"])
    return MarkerStyle(box_path(look.w, look.h))


def draw_nodes(ax, graph, pos, looks, geo, st, batch):
    width = line_width(geo)
    groups = {}
    for node in preorder(graph):
        look, data = looks[node], graph.nodes[node]
        if data["current"]:
            _ring(ax, node, look, pos, geo, st)
        if look.shape == "more":
            continue  # a placeholder is its text
        edge, face, _ = _ink(graph, data, st)
        x, y = shape_centre(*pos[node], look, geo)
        style = dict(markersize=max(look.w, look.h) * geo.font, markerfacecolor=face, markeredgecolor=edge,
                     markeredgewidth=width, linestyle="none", zorder=6 if look.board else 3)
        if batch:
            key = (look.shape, look.w, look.h, str(face), str(edge), look.board)
            groups.setdefault(key, (look, style, []))[2].append((x, y))
        else:
            ax.add_line(Line2D([x], [y], marker=_marker(look), gid=f"node {node!r}", **style))
    for (shape, *_), (look, style, points) in groups.items():
        xs, ys = zip(*points)
        ax.add_line(Line2D(xs, ys, marker=_marker(look), gid=f"nodes {shape}", **style))


def shape_centre(x, y, look, geo) -> tuple:
    """Where the shape of a node at (x, y) goes: at the node, or under its board."""
    dx, dy = look.shape_at
    return x + geo.dx(dx), y + geo.dy(dy)


def _ring(ax, node, look, pos, geo, st):
    """The current node's ring: its own shape, RING em larger all round, clear of the texts beside it."""
    x, y = shape_centre(*pos[node], look, geo)
    marker = MarkerStyle(SHAPES["circle"]) if look.shape == "more" else _marker(look)
    ax.add_line(Line2D([x], [y], marker=marker, markersize=(max(look.w, look.h) + 2 * RING) * geo.font,
                       markerfacecolor="none", markeredgecolor=st["current_color"],
                       markeredgewidth=max(2.0, geo.font / 6), linestyle="none", zorder=5.5 if look.board else 2.5,
                       gid=f"current {node!r}"))


def draw_texts(ax, graph, pos, looks, geo, st):
    for node in preorder(graph):
        look, data = looks[node], graph.nodes[node]
        _, face, ink = _ink(graph, data, st)
        x, y = pos[node]
        if look.shape == "more":
            _placeholder(ax, node, look, x, y, geo)
            continue
        if look.inside:
            _inside_text(ax, node, look, x, y, geo, ink)
        if look.mark:          # the player's number in its circle: colour is not the only cue
            sx, sy = shape_centre(x, y, look, geo)
            ax.text(sx, sy, look.mark, ha="center", va="center_baseline", fontsize=geo.font * SMALL,
                    color=mark_ink(to_hex(face)), zorder=6.5 if look.board else 4, gid=f"mark {node!r}")
        if look.under:
            ax.text(x, y - geo.dy(look.label_at), look.label, ha="center", va="top", fontsize=geo.font,
                    fontweight="bold", color=ink, zorder=4, gid=f"label {node!r}")
        elif look.label:
            ax.text(x - geo.dx(look.label_at), y, look.label, ha="right", va="center", fontsize=geo.font,
                    fontweight="bold", color=ink, zorder=4, gid=f"label {node!r}")
        _column(ax, node, look, x, y, geo, st, ink, data["status"])


def _column(ax, node, look, x, y, geo, st, ink, status):
    """The value, tally and note lines: right of the shape, or under a board or a leaf."""
    if look.board:
        sx, sy = shape_centre(x, y, look, geo)
        if look.value:
            ax.text(sx + geo.dx(look.w / 2 + GAP), sy, look.value, ha="left", va="center", fontsize=geo.font,
                    color=ink, zorder=4, gid=f"{look.lines[look.beside][2]} {node!r}")
        at, ha, top = x, "center", -(BOARD / 2 + GAP + LINE)
    elif look.stacked:
        at, ha, top = x, "center", -look.column_at
    else:
        at, ha, top = x + geo.dx(look.w / 2 + look.column_gap), "left", look.column_top
    for text, size, role in look.column:
        height = LINE * size
        colour = st["note_color"] if role == "note" and status == "visited" else ink
        ax.text(at, y + geo.dy(top - height / 2), text, ha=ha, va="center", fontsize=geo.font * size,
                color=colour, zorder=4, gid=f"{role} {node!r}")
        top -= height


def _inside_text(ax, node, look, x, y, geo, ink):
    """A value inside its shape: on the baseline near a triangle's wide side, else centred."""
    gid = f"value {node!r}"
    if look.shape in ("max", "min"):
        size = INSIDE_SIZE
        near = look.h / 2 - TRIANGLE_TEXT_AT
        baseline = -near if look.shape == "max" else near - CAP * size
        ax.text(x, y + geo.dy(baseline), look.inside, ha="center", va="baseline", fontsize=geo.font * size,
                color=ink, zorder=4, gid=gid)
    else:
        ax.text(x, y, look.inside, ha="center", va="center_baseline", fontsize=geo.font, color=ink, zorder=4,
                gid=gid)


def _placeholder(ax, node, look, x, y, geo):
    """A "…" node, with the number of children it stands for under it.

    The dots sit on the baseline, so the baseline goes just under the top of
    the placeholder, where its edge arrives.
    """
    ax.text(x, y + geo.dy(look.h / 2 - DOTS + 0.25), look.inside, ha="center", va="baseline",
            fontsize=geo.font, color=DOTS_INK, zorder=4, gid=f"node {node!r}")
    if look.count:
        ax.text(x, y - geo.dy(look.h / 2 - LINE * SMALL / 2), look.count, ha="center", va="center",
                fontsize=geo.font * SMALL, color=COUNT_INK, zorder=4, gid=f"count {node!r}")


def draw_boards(ax, graph, pos, looks, geo, st):
    """Each node's state drawn by the game, on a square inset axes centred on the node."""
    game = graph.graph["game"]
    w, h = geo.dx(BOARD), geo.dy(BOARD)
    for node in preorder(graph):
        data = graph.nodes[node]
        if looks[node].shape == "more" or data["state"] is None:
            continue
        x, y = pos[node]
        inset = ax.inset_axes((x - w / 2, y - h / 2, w, h), transform=ax.transData, zorder=5)
        inset.set_gid(f"board {node!r}")
        game.draw_state(data["state"], inset)
        inset.set_xlim(0, 1)
        inset.set_ylim(0, 1)
        inset.set_xticks([])
        inset.set_yticks([])
        if data["status"] in ("pruned", "unvisited", "future"):
            for artist in inset.get_children():
                if hasattr(artist, "set_alpha") and artist is not inset.patch:
                    artist.set_alpha(0.3)
        if data["current"]:
            pad_x, pad_y = geo.dx(0.25), geo.dy(0.25)
            ax.add_patch(Rectangle((x - w / 2 - pad_x, y - h / 2 - pad_y), w + 2 * pad_x, h + 2 * pad_y,
                                   facecolor="none", edgecolor=st["current_color"],
                                   linewidth=max(2.0, geo.font / 6), zorder=4, gid=f"highlight {node!r}"))


def draw_legend(ax, graph, geo, st):
    """A key to the players' colours, above the tree (see :func:`.keys.draw_key` for the whole key)."""
    n = graph.graph["num_players"]
    return draw_key(ax, [e for e in key_entries(graph, False, None, st) if e.swatch][:n], geo)
