"""The assignments, and one student's exercises for each, made from the student's seed.

:func:`problems` is what a notebook calls to show a student their trees, and
what the trusted grader calls to grade them.
"""

from __future__ import annotations

from types import SimpleNamespace

from .. import practice
from ..games.connect4 import ConnectFour
from .alphabeta.graded_trees import search_trees
from .chance.graded_trees import chance_trees, hand_chance_tree
from .limits.positions import sample_positions
from .shared.identity import student_seed
from .multiplayer.maxn_code import maxn_trees
from .multiplayer.graded_tree import multiplayer_question
from .mcts.graded_trees import mcts_trees
from .mcts.ucb import ucb_question
from .limits.whose_move import whose_move_pairs


#: What :func:`problems` knows, by assignment: a short description of each.
ASSIGNMENTS = {
    "ps1": "minimax and alpha-beta: values and pruned leaves by hand, and both searches in code",
    "ps2": "an evaluation function for Connect Four, graded by a tournament under a node budget",
    "ps3": "expectimax by hand and in code, a UCT step by hand, and MCTS in code: convergence and perspective",
    "ps4": "multiplayer search: max-n and paranoid values by hand on a three-player tree, and max-n in code",
}


def _connect4_positions(seed) -> list:
    return sample_positions(ConnectFour(), f"{seed}:positions", 40)


#: How each exercise of each assignment is made from the student's seed, by name (see :func:`problems`).
EXERCISES = {
    "ps1": {
        "minimax": lambda seed: practice.minimax(seed=f"{seed}:values", depth=3, branching=(2, 3)),
        "alphabeta": lambda seed: practice.alphabeta(seed=f"{seed}:pruned", depth=3, branching=(2, 3), alpha_cuts=1,
                                                     beta_cuts=1, ties=True),
        "trees": search_trees,
    },
    "ps2": {"game": lambda seed: ConnectFour(), "positions": _connect4_positions,
            "whose_move": lambda seed: whose_move_pairs(ConnectFour(), f"{seed}:practice")},
    "ps3": {
        "expectimax": lambda seed: hand_chance_tree(f"{seed}:expectimax"),
        "ucb": lambda seed: ucb_question(f"{seed}:ucb"),
        "chance_trees": chance_trees,
        "convergence_trees": lambda seed: mcts_trees(seed, aspect="convergence"),
        "perspective_trees": lambda seed: mcts_trees(seed, aspect="perspective"),
    },
    "ps4": {"multiplayer": lambda seed: multiplayer_question(f"{seed}:multiplayer"), "trees": maxn_trees},
}


def problems(assignment: str, student: str) -> SimpleNamespace:
    """One student's exercises for an assignment, made from :func:`student_seed`.

    Parameters
    ----------
    assignment : str
        A key of :data:`ASSIGNMENTS`.
    student : str
        The student id (see :func:`student_id`).

    Returns
    -------
    types.SimpleNamespace
        ``ps1``: ``minimax`` (a :func:`advsearch.practice.minimax` exercise:
        values of a 3-ply tree), ``alphabeta`` (a
        :func:`advsearch.practice.alphabeta` exercise of 3 plies with an α-cut
        and a β-cut, where ties make the cut test matter), ``trees`` (the
        battery of :func:`search_trees`).  ``ps2``: ``game`` (Connect Four
        7x6), ``positions`` (40 positions from seeded random play, for
        trying an evaluation out) and ``whose_move`` (30 pairs of
        :func:`~advsearch.course.limits.whose_move.whose_move_pairs` to practise on;
        the graded pairs are others).  ``ps3``: ``expectimax`` (a labelled tree
        of MAX, chance, MIN, chance with probabilities in halves, thirds and
        quarters, to solve by hand), ``ucb`` (a :func:`ucb_question`),
        ``chance_trees`` (:func:`chance_trees`), ``convergence_trees`` and
        ``perspective_trees`` (:func:`mcts_trees`).  ``ps4``: ``multiplayer``
        (a :func:`multiplayer_question`: a three-player tree, with its max-n
        vectors, paranoid values, both moves at A and the spite node) and
        ``trees`` (:func:`maxn_trees`).  All carry ``student``,
        ``assignment`` and ``seed``.

    Examples
    --------
    >>> p = problems("ps1", "alice")
    >>> print(p.alphabeta.question.splitlines()[0])
    Run alpha-beta on this 3-ply tree (MAX at the root), searching children left to right. ...
    >>> problems("ps9", "alice")
    Traceback (most recent call last):
    ...
    ValueError: no assignment 'ps9'; the assignments are ps1, ps2, ps3, ps4
    """
    if assignment not in ASSIGNMENTS:
        raise ValueError(f"no assignment {assignment!r}; the assignments are {', '.join(ASSIGNMENTS)}")
    if not isinstance(student, str) or not student.strip():
        raise ValueError(f"student must be a non-empty string, not {student!r}")
    seed = student_seed(student, assignment)
    made = {name: make(seed) for name, make in EXERCISES[assignment].items()}
    return SimpleNamespace(student=student.strip(), assignment=assignment, seed=seed, **made)


def exercise(assignment: str, name: str, student: str):
    """One exercise of a student's :func:`problems`, made alone (``problems(assignment, student).name``).

    >>> exercise("ps3", "ucb", "alice").question == problems("ps3", "alice").ucb.question
    True
    """
    return EXERCISES[assignment][name](student_seed(student, assignment))
