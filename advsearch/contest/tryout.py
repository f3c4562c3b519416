"""``contest.tryout("my_agent.py")``: one file tried as the contest tries an entrant, before it is handed in.

The file is read as a submission (:func:`~advsearch.contest.entrants.load_entrants`, with its refusals),
loaded in its sandbox (:func:`~advsearch.contest.play.check_entrant`) and played against the random player,
both colours, by the contest's referee (:func:`~advsearch.contest.referee.play_game`): the code path of
``advsearch contest``.  Where the sandbox cannot run (a browser tab, a machine without bubblewrap) the
feedback says so and gives the command to run where it can.

Examples
--------
>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> print(tryout(folder / "my_agent.py"))             # doctest: +ELLIPSIS
my_agent.py was not found ...
"""

from __future__ import annotations

import os
import shlex
import shutil
import tempfile

from ..course.shared.feedback import Feedback
from ..sandbox import bubblewrap
from .echo import echoed
from .entrants import Budget, baseline, load_entrants, named_like
from .handin import MAX_FOLDER_BYTES
from .play import check_entrant
from .referee import GameTask, play_game

#: The reference agents of :data:`COMMAND`; the tryout's own opponent is the first.
BASELINES = ("random", "alphabeta:2")
#: The command that runs a contest of the file against reference agents, from the file's folder.
COMMAND = ("mkdir -p my-contest && cp {name} my-contest/\n"
           f"advsearch contest --game connect4 --agents my-contest/ --baseline {' '.join(BASELINES)} --workers 1")


def tryout(path="my_agent.py", *, games=2, time_per_move=1.0, memory_mb=1024) -> Feedback:
    """Try the agent file at ``path`` as the contest would: read, loaded in its sandbox, ``games`` games against random.

    ``ok`` when the contest accepts it and it wins every game without a fault.  The text ends with the command
    that runs a whole contest of it.
    """
    path = os.fspath(path)
    name = echoed(os.path.basename(path))           # the file's name, shown: printable, on one line
    command = COMMAND.format(name=shlex.quote(os.path.basename(path)))     # safe to paste into a shell
    if not os.path.isfile(path):
        if os.path.exists(path):
            return Feedback(False, f"{name} is not a file (a folder, a pipe or a device): the contest takes a "
                                   f"file of Python code, or a notebook.")
        return Feedback(False, f"{name} was not found in {os.path.abspath(os.path.dirname(path) or '.')}.")
    why = bubblewrap.available()
    if why is not None:
        return Feedback(False, f"The contest's sandbox cannot run here ({why}), so {name} was not tried as the "
                               f"contest tries it. On Linux with the course installed, run:\n{command}")
    folder = tempfile.mkdtemp(prefix="advsearch-tryout-")
    try:
        with open(path, "rb") as source, open(os.path.join(folder, os.path.basename(path)), "wb") as copy:
            copy.write(source.read(MAX_FOLDER_BYTES + 1))      # enough for the contest's refusal of a bigger file
        entrants, skipped = load_entrants(folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if not entrants:
        why = "; ".join(skipped.values()) or ("a file whose name starts with '.' or does not end in .py or .ipynb "
                                              "is no submission")
        return Feedback(False, f"The contest would not take {name}: {why}.")
    reference = named_like(entrants[0].name, BASELINES)     # the contest would leave it out
    if reference is not None:
        return Feedback(False, f"{name} has the name of the reference agent {reference}, which the contest plays "
                               f"it against; rename the file (a contest names each agent by its file's name).")
    entrant, budget = entrants[0], Budget(time_per_move)
    reason = check_entrant(entrant, "connect4", {}, budget, memory_mb)
    if reason is not None:
        return Feedback(False, f"The contest would leave {name} out: {reason}.")
    results = []
    for g in range(games):
        seats = (entrant, baseline(BASELINES[0])) if g % 2 == 0 else (baseline(BASELINES[0]), entrant)
        results.append(play_game(GameTask(f"tryout #{g + 1}", "connect4", {}, seats, seeds=(g + 1, g + 2),
                                          budget=budget, memory_mb=memory_mb)))
    faults = [r for r in results if r.get("forfeit") == entrant.name]
    won = sum(r.get("winner") == entrant.name for r in results)
    summary = f"won {won} of {games} games against random at {time_per_move:g} s a move"
    if faults:
        return Feedback(False, f"The contest accepts {name}, but it lost a game by fault: {faults[0]['reason']} "
                               f"({summary}).")
    return Feedback(won == games, f"The contest accepts {name}, loaded in its sandbox, and it {summary}. "
                                  f"To play it against reference agents in a whole contest:\n{command}")
