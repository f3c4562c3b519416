"""The contest's secret key: every agent's seed is drawn from it, so that no agent can work out another's.

The contest's seed is often public (or left at its default), and a game's id
names its two agents; were the agents' seeds made from those alone, an agent
could compute its opponent's seed, make the same reference agent in its own
sandbox, and know every move it will play.  So each agent's seed also takes
in a random key (:func:`contest_key`), made the first time a contest runs
in its folder and kept there as :data:`KEY` (mode 0600).  The key never
enters a sandbox: only the seeds made from it do, each to its own agent.  A
resumed contest reads the same key, so it plays the same games as before.

Publish the leaderboard files of a contest's folder, not :data:`KEY`.

Examples
--------
>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> key = contest_key(folder)
>>> contest_key(folder) == key, len(key)
(True, 32)
>>> keyed_seed(key, 2026, "alice vs random #1", "random") == keyed_seed(key, 2026, "alice vs random #1", "random")
True
>>> keyed_seed(contest_key(tempfile.mkdtemp()), 2026, "alice vs random #1", "random") == \\
...     keyed_seed(key, 2026, "alice vs random #1", "random")
False
"""

from __future__ import annotations

import hashlib
import hmac
import os
import stat


#: The file in a contest's folder that holds its key.
KEY = "secret.key"
#: The key's length in bytes.
KEY_BYTES = 32


def contest_key(folder) -> bytes:
    """The key of the contest in ``folder``: read from :data:`KEY`, or made (random, mode 0600) if there is none.

    Raises
    ------
    ValueError
        :data:`KEY` is there but is not a key (not a regular file of :data:`KEY_BYTES` bytes).
    """
    path = os.path.join(os.fspath(folder), KEY)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    except FileExistsError:
        return _read_key(path)
    with open(fd, "wb") as f:
        f.write(os.urandom(KEY_BYTES))
        f.flush()
        os.fsync(f.fileno())
    return _read_key(path)


def keyed_seed(key: bytes, *parts) -> int:
    """A 31-bit seed from the key and any printable parts; without the key it cannot be computed."""
    digest = hmac.new(key, repr(parts).encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:4], "big") >> 1


def _read_key(path) -> bytes:
    problem = (f"{path} is not a contest key ({KEY_BYTES} random bytes); delete it to make a new one "
               f"(the games still to play then differ from those the old key would have made)")
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as error:
        raise ValueError(f"{problem}: {error.strerror}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ValueError(problem)
        with open(fd, "rb", closefd=False) as f:
            key = f.read(KEY_BYTES + 1)
    finally:
        os.close(fd)
    if len(key) != KEY_BYTES:
        raise ValueError(problem)
    return key
