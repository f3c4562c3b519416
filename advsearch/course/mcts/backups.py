"""Checker of one backup worked by hand: the new wins/visits of the nodes on the selected path.

A wrong answer is compared with models of the usual mistakes (the win
credited to the wrong player, visits not counted, a draw not counted half,
a backup that stops early or strays off the path), and the feedback draws
the tree after the right backup with the path in bold.
"""

from __future__ import annotations

from ...answers import number_problem
from ...game import player_name
from ...result import format_number as f
from ..shared.feedback import Feedback, not_answered
from ..shared.reading import blank
from .questions import BackupQuestion, credit
from .steps import StatsFeedback, said
from .uct_trees import StatsTree, players, uct_tree
from ..shared.wording import and_list, article


_BACKUP_MODELS = (
    ("backup_wrong_player", lambda result, mover, root: credit(result, 1 - mover)),
    ("backup_fixed_player", lambda result, mover, root: credit(result, root)),
    ("backup_fixed_player", lambda result, mover, root: credit(result, 0)),
    ("backup_draw_not_half", lambda result, mover, root: 0 if result == "draw" else credit(result, mover)),
    ("backup_draw_not_half", lambda result, mover, root: 1 if result == "draw" else credit(result, mover)),
    ("backup_no_wins", lambda result, mover, root: 0),
)


def _pair(x):
    """``(wins, visits)`` from an answer's entry, or None."""
    if isinstance(x, (tuple, list)) and len(x) == 2 and all(number_problem(v) is None for v in x):
        return tuple(x)
    return None


def _same(a, b) -> bool:
    """Whether the answer's ``(wins, visits)`` ``a`` is ``b``: a pair, or the root's visits (wins not counted)."""
    if a is None:
        return False
    if not isinstance(b, tuple) or b[0] is None:
        return abs(a[1] - (b[1] if isinstance(b, tuple) else b)) < 1e-9
    return a[0] is not None and all(abs(x - y) < 1e-9 for x, y in zip(a, b))


def uct_backup(question: BackupQuestion, answer) -> Feedback:
    """Check one backup by hand: ``answer`` maps each node on the path to its new ``(wins, visits)``.

    The root, whose wins no player counts, may be given as its visits alone
    (or as a pair, whose wins are not checked).  Nodes off the path may be
    given too, unchanged.

    >>> from advsearch import check
    >>> t = check.uct_tree(("A", 3, [("B", 1, 2, [("D", 0, 0)]), ("C", 0, 1)]))
    >>> q = check.BackupQuestion(t, ["A", "B", "D"], "MIN")
    >>> check.uct_backup(q, {"A": 4, "B": (1, 3), "D": (1, 1)}).ok
    True
    >>> check.uct_backup(q, {"A": 4, "B": (2, 3), "D": (0, 1)}).mistake
    'backup_wrong_player'
    """
    if not isinstance(question, BackupQuestion):
        raise TypeError(f"question must be a check.BackupQuestion, not {question!r:.60}")
    q, tree = question, question.tree
    known = players(tree)
    right = q.answer()
    after = _after(tree, right)
    highlight = known[q.path[-1]][0]
    if blank(answer):
        return not_answered(f"give the new (wins, visits) of every node on the path, like "
                            f"answer = {{\"{q.path[0]}\": 5, \"{q.path[1]}\": (2, 3), ...}}.")
    if not isinstance(answer, dict):
        return Feedback(False, f"The answer should be a dict {{label: (wins, visits)}}, not {article(answer)}.")
    got = {}
    for lab, x in answer.items():
        if lab not in known:
            return Feedback(False, f"There is no node {lab!r} in this tree (its labels are {and_list(known)}).")
        pair = (None, x) if number_problem(x) is None and known[lab][1] is None else _pair(x)
        if pair is None:
            return Feedback(False, f"For {lab} give a pair (wins, visits) of numbers, not {x!r:.40}.")
        got[lab] = pair
    missing = [lab for lab in q.path if lab not in got]
    if missing:
        return Feedback(False, f"Give the new counts of every node on the path {' → '.join(q.path)}; "
                               f"{and_list(missing)} {'is' if len(missing) == 1 else 'are'} missing.")
    off = [lab for lab in got if lab not in right and not _same(got[lab], _before(tree, known, lab))]
    path_ok = all(_same(got[lab], right[lab]) for lab in q.path)
    if path_ok and not off:
        return StatsFeedback(True, "Correct: " + _backup_story(q), None, after, highlight)
    mistake = None
    if path_ok:
        mistake = "backup_off_path"
        text = (f"The nodes on the path are right, but you changed {and_list(off)}, off the path. ")
    else:
        wrong = next(lab for lab in reversed(q.path) if not _same(got[lab], right[lab]))
        for key, model in _BACKUP_MODELS:
            if all(_same(got[lab], v) for lab, v in q.answer(model).items()):
                mistake = key
                break
        if mistake is None and all(_same(got[lab], (right[lab][0], right[lab][1] - 1)) for lab in q.path
                                   if isinstance(right[lab], tuple)):
            mistake = "backup_no_visit"
        if mistake is None:
            k = len(q.path)
            for j in range(1, k):
                top, bottom = q.path[:k - j], q.path[k - j:]
                if all(_same(got[lab], right[lab]) for lab in bottom) and all(
                        _same(got[lab], _before(tree, known, lab)) for lab in top):
                    mistake = "backup_stops_early"
                    break
        want = right[wrong]
        shown = format_pair(got[wrong]) if isinstance(want, tuple) else f"{f(got[wrong][1])} visits"
        text = f"At {wrong}: {_node_story(q, wrong)}; you wrote {shown}. "
    return StatsFeedback(False, text + said(mistake) + _backup_story(q), mistake, after, highlight)


def format_pair(pair) -> str:
    return f"{f(float(pair[0]))}/{f(float(pair[1]))}"


def _before(tree, known, lab):
    e = tree.nodes[known[lab][0]]
    return (None, e.N) if e.mover is None else (e.wins, e.N)


def _after(tree: StatsTree, right: dict) -> StatsTree:
    """The statistics tree after the backup, to draw."""
    def spec(path):
        e = tree.nodes[path]
        kids = [spec(p) for p in tree.children(path)]
        if e.label in right:
            new = right[e.label]
            return (e.label, new, kids) if not path else (e.label, *new, kids)
        return (e.label, e.N, kids) if not path else (e.label, e.wins, e.N, kids)

    return uct_tree(spec(()), tree.nodes[()].player)


def _node_story(q: BackupQuestion, lab) -> str:
    known = players(q.tree)
    path, mover, _ = known[lab]
    e, new = q.tree.nodes[path], q.answer()[lab]
    if mover is None:
        return f"the root counts one more visit, {e.N} → {new}"
    won = credit(q.result, mover)
    why = {1: f"a win for {player_name(mover)}, who moved into it", 0: f"a loss for {player_name(mover)}, who "
           "moved into it", 0.5: "a draw, half a win"}[won]
    return f"the playout is {why}, so {lab} goes from {format_pair((e.wins, e.N))} to {format_pair(new)}"


def _backup_story(q: BackupQuestion) -> str:
    return "Going up the path: " + "; ".join(_node_story(q, lab) for lab in reversed(q.path)) + "."

