"""A contest's record on disk: its settings, and every finished game, written the moment it ends.

The folder holds ``contest.json`` (the settings and a hash of each entrant)
and ``games.jsonl`` (one line per finished game, flushed to disk before the
next is taken).  Run the same contest again into the same folder and it goes
on where it stopped: a crash or Ctrl-C loses only the games being played at
that moment.  A folder that holds a different contest is refused, naming
what differs, so that two contests' games are never mixed.

Examples
--------
>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> record = Record(folder, {"game": "tictactoe", "seed": 1})
>>> record.add({"id": "a vs b #1", "result": "1-0"})
>>> Record(folder, {"game": "tictactoe", "seed": 1}).games
[{'id': 'a vs b #1', 'result': '1-0'}]
>>> Record(folder, {"game": "tictactoe", "seed": 2})
Traceback (most recent call last):
...
advsearch.contest.record.ContestMismatch: ... holds another contest (seed: 1 there, 2 here); ...
"""

from __future__ import annotations

import json
import os


SETTINGS = "contest.json"
GAMES = "games.jsonl"


class ContestMismatch(ValueError):
    """The output folder holds the record of a different contest."""


class Record:
    """The record in ``folder`` of the contest with ``settings`` (a JSON-able dict); made if new.

    Parameters
    ----------
    folder : str
    settings : dict
    restart : bool
        Throw away a record that is there, whatever contest it holds.

    Raises
    ------
    ValueError
        ``folder`` is a file or cannot be made; :class:`ContestMismatch` if it holds another contest.
    """

    def __init__(self, folder, settings, restart=False):
        self.folder = os.fspath(folder)
        self.settings = json.loads(json.dumps(settings))
        _make_folder(self.folder)
        settings_path, self.path = os.path.join(self.folder, SETTINGS), os.path.join(self.folder, GAMES)
        if restart:
            for path in (settings_path, self.path):
                if os.path.exists(path):
                    os.remove(path)
        if os.path.exists(settings_path):
            with open(settings_path, encoding="utf-8") as f:
                _check_same(self.folder, json.load(f), self.settings)
        else:
            with open(settings_path, "w", encoding="utf-8") as f:
                json.dump(self.settings, f, indent=1)
        self.games = self._read()

    def _read(self) -> list:
        """The games written so far; a last line cut short by a crash is dropped (its game is played again)."""
        if not os.path.exists(self.path):
            return []
        games, seen = [], set()
        with open(self.path, "rb") as f:
            data = f.read()
        good = 0
        for line in data.split(b"\n"):
            try:
                game = json.loads(line)
            except ValueError:
                break
            if not isinstance(game, dict) or "id" not in game:
                break
            good += len(line) + 1
            if game["id"] not in seen:
                seen.add(game["id"])
                games.append(game)
        if good < len(data):
            with open(self.path, "r+b") as f:           # cut the torn line, so the next game starts a clean one
                f.truncate(min(good, len(data)))
        return games

    @property
    def done(self) -> set:
        """The ids of the games recorded."""
        return {g["id"] for g in self.games}

    def add(self, game: dict) -> None:
        """Write one finished game, and wait until it is on disk."""
        with open(self.path, "a", encoding="utf-8") as f:
            f.write(json.dumps(game) + "\n")
            f.flush()
            os.fsync(f.fileno())
        self.games.append(game)


def _make_folder(folder):
    """Make the contest's folder if it is not there; ValueError, in one line, if it cannot be."""
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise ValueError(f"the contest's folder {folder} is a file, not a folder; name a new folder or the "
                         f"folder of the contest to go on with")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as error:
        raise ValueError(f"the contest's folder {folder} cannot be made: {error.strerror}") from None


def _check_same(folder, there, here):
    keys = sorted(set(there) | set(here))
    differ = [k for k in keys if there.get(k) != here.get(k)]
    if differ:
        k = differ[0]
        what = (_entrants_differ(there.get(k) or {}, here.get(k) or {}) if k == "entrants"
                else f"{k}: {there.get(k)!r} there, {here.get(k)!r} here")
        raise ContestMismatch(f"{folder} holds another contest ({what}); write to another folder, or start "
                              f"this one afresh with restart=True (--restart), which deletes its games")


def _entrants_differ(there, here) -> str:
    gone, new = sorted(set(there) - set(here)), sorted(set(here) - set(there))
    changed = sorted(n for n in set(there) & set(here) if there[n] != here[n])
    parts = [f"{label} {', '.join(names[:5])}{' ...' if len(names) > 5 else ''}"
             for label, names in (("not entered now:", gone), ("new:", new), ("code changed:", changed)) if names]
    return "entrants differ: " + "; ".join(parts)
