"""Class contests: students' agents in a sandboxed round robin, with Elo ratings, on one machine or a Dask cluster.

Every student submits an agent, a Python file (or notebook) that defines
``agent(game, state) -> action``; :func:`run` plays every pair of them, both
colours from seeded openings, each agent in its own sandbox, and returns a
:class:`ContestResult` whose HTML view in a notebook is the leaderboard::

    from advsearch import contest
    result = contest.run("connect4", "submitted/", baselines=["random", "alphabeta:3"],
                         games_per_pair=2, time_per_move=1.0, seed=2026, out="contest-2026")
    result                      # the leaderboard, the ratings plot and the crosstable

The same from a shell: ``advsearch contest --game connect4 --agents submitted/
--games-per-pair 2 --time-per-move 1.0 --seed 2026 --out contest-2026``.

The parts, each in its own module:

- :mod:`~advsearch.contest.entrants`: submissions read from a folder, reference agents;
- :mod:`~advsearch.contest.handin`: a submission's files, regular files only, never through a link, capped;
- :mod:`~advsearch.contest.seat`: one agent's sandboxed process for one game;
- :mod:`~advsearch.contest.freeze`: an agent's processes stopped while it is not its turn;
- :mod:`~advsearch.contest.referee`: one game, every move checked (:func:`play_game`);
- :mod:`~advsearch.contest.schedule`: the round robin's games, openings and seeds;
- :mod:`~advsearch.contest.secret`: the key the agents' seeds are drawn from, kept in the contest's folder;
- :mod:`~advsearch.contest.echo`: student-controlled text, cut to one short line before it is repeated;
- :mod:`~advsearch.contest.pool`: where games run (local processes, Dask, or this process);
- :mod:`~advsearch.contest.record`: the games on disk, as they finish (resume after a crash);
- :mod:`~advsearch.contest.standings` and :mod:`~advsearch.contest.leaderboard`: ratings, tables, files;
- :mod:`~advsearch.contest.play`: :func:`run`; :mod:`~advsearch.contest.archive`: :func:`load`;
- :mod:`~advsearch.contest.command`: ``advsearch contest``;
- :mod:`~advsearch.contest.tryout`: :func:`tryout`, one agent file tried as the contest tries it (the exercises' last step).
"""

from .entrants import Budget, Entrant, baseline, load_entrants
from .archive import load
from .play import check_entrant, run
from .tryout import tryout
from .pool import ContestError
from .record import ContestMismatch
from .referee import GameTask, play_game
from .standings import ContestResult

__all__ = ["run", "load", "ContestResult", "Entrant", "Budget", "baseline", "load_entrants", "check_entrant",
           "play_game", "GameTask", "ContestError", "ContestMismatch", "tryout"]
