"""What the board games share: the card a game draws its state on (see ``draw_state``), and the check of n-player bitboard states."""

from __future__ import annotations

__all__ = ["board_card", "check_player_boards"]


def board_card(ax, face="#fbfaf5", edge="#9a9a9a"):
    """Make ``ax`` a blank [0, 1] square, axes off, with a light rounded card to draw a board on.

    Boards add their shapes with ``add_artist`` rather than ``add_patch``: the
    limits are fixed, so the data-limit bookkeeping of ``add_patch`` would only
    cost time, several times the drawing itself when a tree shows many boards.
    """
    from matplotlib.patches import FancyBboxPatch

    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.add_artist(FancyBboxPatch((0.015, 0.015), 0.97, 0.97, boxstyle="round,pad=0,rounding_size=0.07",
                                 facecolor=face, edgecolor=edge, linewidth=0.8, zorder=0))
    return ax


def check_player_boards(state, *, game, players, full, max_moves, cell="cell"):
    """Check a state ``(boards, to_move, plies)`` with one bitboard per player; return it unpacked.

    The shared check of the n-player board games (Virus, Chinese Checkers):
    the shape, every board inside ``full``, no ``cell`` held twice, the move
    count within ``0..max_moves`` and a player to move in ``0..players-1``.
    Raises GameError naming what is wrong; returns ``(boards, to_move, plies, where)``
    where ``where`` starts the game's own further messages.

    >>> check_player_boards(((1, 2), 0, 0), game="Demo", players=2, full=3, max_moves=5)[:3]
    ((1, 2), 0, 0)
    >>> check_player_boards(((1, 1), 0, 0), game="Demo", players=2, full=3, max_moves=5)
    Traceback (most recent call last):
    advsearch.game.GameError: ((1, 1), 0, 0) is not a legal Demo position: two players hold the same cell
    """
    from ..game import GameError

    try:
        boards, player, plies = state
        ok = isinstance(boards, tuple) and len(boards) == players and all(b.__class__ is int and 0 <= b
                                                                          for b in boards)
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise GameError(f"{state!r} is not a {game} state: a state is (boards, to_move, plies), "
                        f"with one bitboard per player ({players})")
    where = f"{state!r} is not a legal {game} position"
    taken = 0
    for p, b in enumerate(boards):
        if b & ~full:
            raise GameError(f"{where}: P{p} holds a {cell} off the board")
        if b & taken:
            raise GameError(f"{where}: two players hold the same {cell}")
        taken |= b
    if isinstance(plies, bool) or not isinstance(plies, int) or not 0 <= plies <= max_moves:
        raise GameError(f"{where}: the move count must be 0..{max_moves}, not {plies!r}")
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
        raise GameError(f"{where}: the player to move must be 0..{players - 1}, not {player!r}")
    return boards, player, plies, where
