"""A recorded contest read back: :func:`load` shows a contest's folder as :func:`~advsearch.contest.run` returned it.

:func:`result_of` turns a record into a :class:`~advsearch.contest.standings.ContestResult`, for
:func:`~advsearch.contest.run` as for :func:`load`.
"""

from __future__ import annotations

import json
import math
import os

from .record import SETTINGS, Record
from .standings import ContestResult


#: The file in a contest's folder that lists the submissions left out, and why.
EXCLUDED = "excluded.json"


def load(folder, prior=1.0) -> ContestResult:
    """The contest recorded in ``folder`` (finished or not), as :func:`~advsearch.contest.run` returned it.

    Raises ValueError if ``folder`` holds no contest.
    """
    folder = os.fspath(folder)
    try:
        with open(os.path.join(folder, SETTINGS), encoding="utf-8") as f:
            settings = json.load(f)
    except (OSError, ValueError) as error:
        raise ValueError(f"{folder} holds no contest ({SETTINGS}: {error})") from None
    record = Record(folder, settings)
    try:
        with open(os.path.join(folder, EXCLUDED), encoding="utf-8") as f:
            excluded = json.load(f)
    except (OSError, ValueError):
        excluded = {}
    names = [n for n in settings["entrants"] if n not in excluded]
    n, per_pair = len(names), settings["games_per_pair"]
    if settings.get("format") == "swiss":
        rounds = settings.get("rounds") or math.ceil(math.log2(n)) + 2
        played = {}
        for g in record.games:
            played.setdefault(round_of(g), set()).update(g["pair"])
        byes = [(r, b) for r in sorted(played) for b in names if b not in played[r]] if n % 2 else []
        return result_of(record, names, None, excluded, prior, per_pair * rounds * (n // 2), byes)
    return result_of(record, names, None, excluded, prior, per_pair * n * (n - 1) // 2)


def result_of(record, names, planned_ids, excluded, prior, planned=None, byes=()) -> ContestResult:
    """The :class:`ContestResult` of the games in ``record`` between ``names`` (those of ``planned_ids``, if given)."""
    playing = set(names)
    games = tuple(g for g in record.games if (planned_ids is None or g["id"] in planned_ids)
                  and playing.issuperset(g["seats"]))
    s = record.settings
    return ContestResult(s["game"], tuple(names), games, planned if planned is not None else len(planned_ids),
                         dict(excluded), s, prior, record.folder, tuple(byes))


def round_of(game) -> int:
    """The Swiss round of a game, from its id (``"round 3: a vs b #1"``)."""
    return int(game["id"].split(":", 1)[0].split()[1])
