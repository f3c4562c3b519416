"""``draw``: a tree, or a search at one step, as one matplotlib picture."""

from __future__ import annotations

import matplotlib.pyplot as plt

from ...games.boards import board_words
from ..looks import shown
from ..words import ALT_NODES, Words, step_text
from .alt import describe
from .edges import draw_edges
from .fitting import Picture, fit, natural_size, picture, plan
from .keys import draw_key
from .nodes import draw_boards, draw_nodes, draw_texts
from .style import BATCH_ABOVE, FIGURE_DPI, MAX_FIGSIZE, MAX_FONT, MIN_FONT, TITLE_FONT, check_style


def draw(x, ax=None, *, step=None, max_depth=None, max_children=None, unvisited=True, bounds=False,
         intervals=False, actions=False, boards=None, title=None, size=None, values=False, numbers=None,
         key=None, players=None, uct_name="UCTValue", **style):
    """Draw a game tree, or a search as it stood at one step, in the lecture's notation.

    MAX nodes are ▲ and MIN nodes ▼, chance nodes ○ with the probability on
    each edge below them, and leaves are squares holding their values.  Names
    (A, B, ...) stand left of their nodes and values inside the shapes, or to
    the right when too long.  Edges to pruned children are dashed and grey with
    a cut mark; the subtrees below them are faded, and so are the nodes a
    search has not reached yet at ``step``.  The principal variation is thick
    and coloured, and the node of the step shown has a ring round it.  In trees
    of three or more players the nodes are circles coloured by player, with a
    key, and the leaves hold payoff tuples.

    Made to be read from the back of a lecture hall: no text is smaller
    than 11 pt (``MIN_FONT``) and the figure ``draw`` makes is 100 dpi and
    at most 12.8 x 5.5 inches, so that a 1280 x 720 slide shows it unscaled.
    A tree too big for that drops its names and notes first, and only then
    shrinks its text.

    Parameters
    ----------
    x : Tree, SearchResult or Trace
        What to draw; a SearchResult must carry its trace (``trace=True``).
        The result of :func:`~advsearch.mcts` (or one of its trees,
        ``mcts_tree(result, k)``) is drawn as the tree it grew, two plies
        deep unless ``max_depth`` says otherwise: each node with its wins
        over visits (``w/n``, the wins of the player who moved into it),
        each child with its UCB1 value under the lecture's name
        (``UCTValue 1.23``), terminal leaves with their utility (faded
        while not reached yet) and the most visited path as the principal
        variation (see :mod:`advsearch.drawing.mcts_scene`).
    ax : matplotlib.axes.Axes, optional
        Where to draw; the tree is fitted to the axes.  By default a new
        figure sized to the tree: at least 0.6 inch a leaf and 1.25 inches a
        ply, at most 12.8 x 5.5 inches, at 100 dpi.
    step : int, optional
        Show the search after event ``step`` of the trace (negative counts
        from the end).  None shows the finished search.  For MCTS a step is
        an iteration: the tree after ``step`` iterations, which the search
        must have kept (``snapshots=[step]``) or traced (``trace=True``);
        the node whose rollout ended the iteration has the ring.
    max_depth, max_children : int, optional
        Show only this many plies, and this many children a node; the hidden
        children of a node become one "…" node, with their number under it.
    unvisited : bool
        Show, faded, the subtrees below pruned children.
    bounds : bool
        Write beside each searched inner node the [α, β] it last had.
    intervals : bool
        Write inner values as the [min, max] frames of the lecture's
        alpha-beta figures: ``[−∞, 3]`` rather than ``≤ 3``.
    actions : bool
        Write the action on each edge.
    boards : bool, optional
        Draw each node's state as a small board, with the game's
        ``draw_state(state, ax)``.  None: when the game can, the scene has at
        most 40 nodes and the text can stay at least 12.5 pt with boards.
    title : str, optional
        A title above the tree.
    size : (float, float), optional
        The figure size in inches, when ``draw`` makes the figure.
    values : bool
        For a plain tree: write each inner node's backed-up value beside it
        (the payoff vector with three or more players), from the oracle
        ``Tree.values()``.  A search shows its own values anyway.
    numbers : None, "fraction" or int
        How values are written: None as the lecture does (0.444),
        ``"fraction"`` as a fraction when a small one is the number (4/9),
        an int as that many decimals.
    key : bool, optional
        A key above the tree: the players' colours (three or more players),
        what the two intervals beside a node mean (``bounds=True``), what an
        MCTS node's ``w/n`` and score are.  None: when the picture has any
        of these.
    players : sequence of str, optional
        The players' names in the key (three or more players); by default
        the game's ``player_names`` if it has them, else P0, P1, ...
    uct_name : str
        The name of the score written under an MCTS node: the lecture's
        ``"UCTValue"``, or e.g. ``"UCB"``.
    **style
        ``fontsize`` (the largest font size; smaller when the tree needs it;
        below 11 pt only if you ask for it),
        ``pv_color``, ``current_color``, ``note_color``, ``palette`` (the
        players' colours) and ``linewidth`` (of edges, in points).

    Returns
    -------
    matplotlib.axes.Axes
        With ``advsearch_scene`` (the scene drawn), ``advsearch_pos`` (the
        layout, in data coordinates) and ``advsearch_font`` (the font size
        chosen) attached.  Each node's shape has the gid ``"node <path>"``,
        each edge ``"edge <parent> -> <child> <status>"``, each cut mark
        ``"cut <parent> -> <child>"``, the ring ``"current <path>"``, the key
        ``"key"`` and each board ``"board <path>"`` (in scenes of more than 150 nodes, shapes
        and edges of one style are drawn as one artist, with a group gid).
        Its ``advsearch_alt`` is the picture's alternative text: what is
        drawn, the tree's text form, what the step did and every node in
        words, the same sentences as :func:`~advsearch.drawing.svg.to_svg`'s
        (:mod:`advsearch.drawing.words`), and each board's position when
        boards are drawn.

    Raises
    ------
    TypeError
        For anything but a Tree, SearchResult or Trace, an ``ax`` that is not
        an Axes, an unknown style option, a ``key`` that is not a bool or
        None, or a ``uct_name`` that is not a str.
    ValueError
        For a SearchResult without a trace, a step outside the trace (or,
        for MCTS, an iteration the search neither kept nor traced), bad
        limits, ``boards=True`` for a game without ``draw_state``, ``size``
        together with ``ax``, ``players`` not naming each player once, or
        ``numbers`` that is neither None, "fraction" nor 0..6.

    Notes
    -----
    Everything is placed from the font size, which is the largest (up to
    ``fontsize``) at which no two texts or shapes touch; see the module
    docstring.  Time O(n) for n nodes drawn, plus matplotlib's rendering.

    Examples
    --------
    >>> from advsearch import alphabeta, examples
    >>> ax = draw(alphabeta(examples.two_ply(), trace=True), bounds=True)
    >>> sorted(a.get_gid() for a in ax.get_children() if str(a.get_gid()).endswith(" pruned"))
    ['edge (1,) -> (1, 1) pruned', 'edge (1,) -> (1, 2) pruned']
    >>> ax.advsearch_font, ax.figure.dpi
    (14.0, 100)
    >>> ax = draw(examples.three_player(), values=True, players=["Ann", "Bob", "Cy"])
    >>> [t.get_text() for t in ax.get_legend().get_texts()]
    ['Ann to move', 'Bob to move', 'Cy to move']
    >>> [t.get_text() for t in ax.texts if t.get_gid() == "value ()"]
    ['(1, 2, 3)']
    >>> min(t.get_fontsize() for t in ax.texts) >= MIN_FONT
    True
    >>> print(ax.advsearch_alt[:91])
    Game tree. The tree in text form: A[B[D[(1,2,3) (4,2,1)] E[(6,1,2) (7,4,-1)]] C[F[(5,-1,-1)
    >>> "A, Ann node, value (1, 2, 3); B, Bob node" in ax.advsearch_alt
    True
    >>> plt.close("all")
    """
    st = check_style(style)
    if ax is not None and not hasattr(ax, "inset_axes"):
        raise TypeError(f"ax must be a matplotlib Axes, not {type(ax).__name__}")
    if ax is not None and size is not None:
        raise ValueError("size sets the size of a new figure; with ax given, size the figure yourself")
    pic = picture(x, step, max_depth, max_children, unvisited, bounds, intervals, actions, boards, values, numbers,
                  key, players, uct_name, st)
    graph, pos = pic.graph, pic.pos
    limit = st["fontsize"] or MAX_FONT
    if ax is None:
        ax = _new_axes(pic, limit, title, size)
    geo, tier, looks, texts = fit(ax, pic, limit)
    ax.set_xlim(*geo.xlim)
    ax.set_ylim(*geo.ylim)
    ax.set_axis_off()
    batch = graph.number_of_nodes() > BATCH_ABOVE
    draw_edges(ax, graph, pos, looks, geo, st, texts, batch)
    draw_nodes(ax, graph, pos, looks, geo, st, batch)
    draw_texts(ax, graph, pos, looks, geo, st)
    if pic.boards:
        draw_boards(ax, graph, pos, looks, geo, st)
    if shown(pic.key, tier):
        draw_key(ax, shown(pic.key, tier), geo)
    if title is not None:
        ax.set_title(title, fontsize=min(max(geo.font * 1.1, MIN_FONT), TITLE_FONT))
    ax.advsearch_scene, ax.advsearch_pos, ax.advsearch_font = graph, pos, round(float(geo.font), 2)
    describe(ax, _alt(x, graph, bounds, intervals, actions, players, title, pic.boards))
    return ax


def _alt(x, graph, bounds, intervals, actions, players, title, boards) -> str:
    """The picture's alternative text: the SVG painter's words, and the boards' positions when drawn."""
    said = Words(graph, bounds=bounds, intervals=intervals, actions=actions, players=players, title=title)
    out = said.alt(step_text(x, graph))
    if boards:
        game = graph.graph.get("game")
        drawn = [n for n in said.order if graph.nodes[n]["state"] is not None][:ALT_NODES]
        out += " Boards: " + "; ".join(f"{graph.nodes[n]['label'] or 'node ' + str(n)}: "
                                       f"{board_words(game, graph.nodes[n]['state'])}" for n in drawn) + "."
    return out


def _new_axes(pic: Picture, font, title, size):
    """A new figure sized for the tree at ``font``, and axes filling it below the title."""
    title_h = 0 if title is None else 2.2 * TITLE_FONT / 72
    if size is None:
        _, _, needs = plan(pic, "full")
        w, h = natural_size(needs, font)
        size = (min(max(w, 3.0), MAX_FIGSIZE[0]), min(max(h + title_h, 2.0), MAX_FIGSIZE[1]))
    fig = plt.figure(figsize=size, dpi=FIGURE_DPI)
    return fig.add_axes((0, 0, 1, 1 - title_h / size[1]))
