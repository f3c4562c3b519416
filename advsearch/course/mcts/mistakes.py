"""The mistakes the UCT checkers name, by key: selection, backup, flat Monte Carlo and an MCTS in code.

>>> sorted(k for k in UCT_MISTAKES if k.startswith("backup_"))[:3]
['backup_draw_not_half', 'backup_fixed_player', 'backup_no_visit']
"""

from __future__ import annotations

from .formula import SELECTION_MISTAKES


#: The mistakes of a backup by hand.
BACKUP_MISTAKES = {
    "backup_wrong_player": "each node's win was credited to the player to move at the node, not to the player "
                           "who moved into it",
    "backup_fixed_player": "every node's win was credited to one player (the root player, or MAX), whoever "
                           "moved into it",
    "backup_no_visit": "the wins were added but the visits not counted up",
    "backup_no_wins": "the visits were counted up but no node's wins changed",
    "backup_draw_not_half": "a draw was counted as a loss or a win instead of half a win",
    "backup_stops_early": "the backup stopped before the root: nodes higher on the path were not updated",
    "backup_off_path": "nodes off the selected path were updated; a backup changes only the nodes on the path",
}

#: The mistakes of flat Monte Carlo by hand.
FLAT_MISTAKES = {
    "flat_wrong_player": "the win rates were counted for the other player, not for the player to move at the root",
    "flat_draw_not_half": "a draw was counted as a loss or a win instead of half a win",
    "flat_mean_utility": "the mean utility (-1..1) was given instead of the win rate (0..1)",
    "flat_not_best": "the win rates are right, but the move chosen is not the one with the best win rate",
    "flat_minimax_move": "the minimax move was chosen; flat Monte Carlo chooses by the playouts' win rates",
}

#: The mistakes of an MCTS written in code (:func:`~advsearch.course.mcts.implementation.check_uct`).
MCTS_MISTAKES = {
    "uct_perspective_root": "every node's wins are counted for the player at the root, as if the opponent helped",
    "uct_perspective_max": "every node's wins are counted for MAX, whoever moves",
    "uct_perspective_to_move": "each node's wins are counted for the player to move at the node, so each player "
                               "seeks its opponent's best move",
    "uct_not_converging": "after many iterations the most visited move is not the minimax move, and no wrong "
                          "perspective explains the move either",
    "uct_untried_first": "UCT must try every unvisited child once before it compares UCT values",
    "uct_bad_statistics": "the returned {action: (wins, visits)} is malformed, or its visits do not add up to "
                          "the iterations",
}

#: Every mistake the UCT checkers name.
UCT_MISTAKES = {**SELECTION_MISTAKES, **BACKUP_MISTAKES, **FLAT_MISTAKES, **MCTS_MISTAKES}
