"""What a student handed in, read as a contest can trust it: regular files inside the submissions folder.

A submission's folder is read through the folder already opened, one name at
a time, and never through a link, so that what is read is what lies inside
the submissions folder:

- a **symbolic link** is refused, whatever it points at: a classmate's
  agent, code outside the folder, or nothing (``unzip`` leaves such links);
- a **hard link** (a file with more than one name) is refused too: its other
  name may be a classmate's agent, or a file outside the folder that the
  student could not read themselves, and the contest cannot tell which name
  is the original;
- a **named pipe, socket or device** is refused: it is no file to read;
- a name that cannot be printed (a line break, an escape code, bytes that
  are not UTF-8) is refused: the agent's files are named in its record;
- a folder is **capped**: at most :data:`MAX_FOLDER_ENTRIES` entries in all
  (every file and folder counts, hidden ones and those in sub-folders too)
  and :data:`MAX_FOLDER_BYTES` bytes in its files, because the agent's folder
  is copied for every game it plays.

Hidden entries (``.name``) and Python's caches count against the cap but are
neither read nor copied.  A refusal is :class:`Refused`, with the reason;
it leaves out that one submission, never the contest.

Examples
--------
>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> os.makedirs(f"{folder}/alice/data")
>>> _ = open(f"{folder}/alice/agent.py", "w").write("agent = None\\n")
>>> _ = open(f"{folder}/alice/data/book.txt", "w").write("e4")
>>> os.symlink("/etc/passwd", f"{folder}/alice/data/passwd")
>>> with opened(folder) as top, opened("alice", top, "alice") as home:
...     read_folder(home, "alice", Tally("alice"))
Traceback (most recent call last):
...
advsearch.contest.handin.Refused: alice/data/passwd is a symbolic link (to /etc/passwd); ...
>>> os.remove(f"{folder}/alice/data/passwd")
>>> with opened(folder) as top, opened("alice", top, "alice") as home:
...     read_folder(home, "alice", Tally("alice"))
[('agent.py', b'agent = None\\n'), ('data/book.txt', b'e4')]
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat

from .echo import echoed


#: The most bytes a submission's files may hold: its folder travels with every game it plays.
MAX_FOLDER_BYTES = 5 * 1024 * 1024
#: The most files and folders a submission may hold, hidden ones and those in sub-folders included.
MAX_FOLDER_ENTRIES = 100

_HIDDEN = re.compile(r"^(\.|__pycache__$|.*\.pyc$)")
_KINDS = ((stat.S_ISREG, "file"), (stat.S_ISDIR, "folder"), (stat.S_ISLNK, "symbolic link"),
          (stat.S_ISFIFO, "named pipe"), (stat.S_ISSOCK, "socket"), (stat.S_ISCHR, "device"),
          (stat.S_ISBLK, "device"))


class Refused(Exception):
    """A submission that cannot be entered as it is; the message says why, in one line."""

    def __init__(self, message):
        super().__init__(echoed(message))


class Tally:
    """What one submission has used of its caps so far; :class:`Refused` the moment it goes over one."""

    def __init__(self, where: str):
        self.where, self.entries, self.bytes = where, 0, 0

    def entry(self) -> None:
        self.entries += 1
        if self.entries > MAX_FOLDER_ENTRIES:
            raise Refused(f"{self.where} holds more than {MAX_FOLDER_ENTRIES} files and folders (hidden ones "
                          f"count too); an agent's folder is copied for each of its games")

    def spend(self, size: int) -> None:
        self.bytes += size
        if self.bytes > MAX_FOLDER_BYTES:
            raise Refused(f"{self.where} holds more than {MAX_FOLDER_BYTES >> 20} MiB; an agent's folder "
                          f"travels with each of its games")


def hidden(name: str) -> bool:
    """Whether ``name`` is hidden (``.name``) or Python's cache: counted, but never read."""
    return bool(_HIDDEN.match(name))


def kind_of(status) -> str:
    """What an ``lstat`` result is: ``"file"``, ``"folder"``, ``"symbolic link"``, ``"named pipe"``, ..."""
    return next((kind for test, kind in _KINDS if test(status.st_mode)), "special file")


@contextlib.contextmanager
def opened(name, folder=None, shown=None):
    """The folder ``name`` (inside the open ``folder``, never through a link) open as a file descriptor.

    With no ``folder``, ``name`` is the instructor's own path and is opened as it is.
    """
    flags = os.O_RDONLY | os.O_DIRECTORY | (os.O_NOFOLLOW if folder is not None else 0)
    try:
        fd = os.open(name, flags, dir_fd=folder)
    except OSError as error:
        if folder is None:
            raise
        raise Refused(f"{shown} could not be opened as a folder ({error.strerror})") from None
    try:
        yield fd
    finally:
        os.close(fd)


def entries(folder, shown, tally) -> list:
    """``[(name, kind), ...]`` in the open ``folder``, sorted, each one counted; links and the like refused."""
    found = []
    try:
        with os.scandir(folder) as listing:
            for entry in listing:
                tally.entry()
                kind = kind_of(entry.stat(follow_symlinks=False))
                if kind not in ("file", "folder"):
                    raise Refused(not_a_file(folder, entry.name, f"{shown}/{entry.name}", kind))
                found.append((entry.name, kind))
    except OSError as error:
        raise Refused(f"{shown} could not be read ({error.strerror})") from None
    return sorted(found)


def read_file(folder, name, shown, tally) -> bytes:
    """The bytes of the regular file ``name`` in the open ``folder``, counted against ``tally``."""
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=folder)
    except OSError as error:
        if error.errno == errno.ELOOP:                            # O_NOFOLLOW met a symbolic link
            raise Refused(not_a_file(folder, name, shown, "symbolic link")) from None
        raise Refused(f"{shown} could not be opened ({error.strerror})") from None
    try:
        status = os.fstat(fd)
        kind = kind_of(status)
        if kind != "file":
            raise Refused(not_a_file(folder, name, shown, kind))
        if status.st_nlink > 1:
            raise Refused(f"{shown} has {status.st_nlink} names (a hard link, inode {status.st_ino}); a "
                          f"submission's files must be its own: copy them (cp), do not link them (ln)")
        with open(fd, "rb", closefd=False) as f:
            data = f.read(MAX_FOLDER_BYTES - tally.bytes + 1)    # one byte over the cap is enough to refuse
    finally:
        os.close(fd)
    tally.spend(len(data))
    return data


def read_folder(folder, shown, tally, prefix="") -> list:
    """Every file below the open ``folder`` that is not hidden, as ``[(relative path, bytes), ...]``."""
    files = []
    for name, kind in entries(folder, shown, tally):
        if hidden(name):
            continue
        if not name.isprintable():
            raise Refused(f"{shown} holds a name that cannot be printed ({name!r}: a line break, an escape code, "
                          f"or bytes that are not UTF-8)")
        if kind == "folder":
            with opened(name, folder, f"{shown}/{name}") as inner:
                files += read_folder(inner, f"{shown}/{name}", tally, f"{prefix}{name}/")
        else:
            files.append((prefix + name, read_file(folder, name, f"{shown}/{name}", tally)))
    return files


def not_a_file(folder, name, shown, kind) -> str:
    """Why the entry ``name`` of the open ``folder``, shown as ``shown``, is refused: it is a ``kind``."""
    if kind == "symbolic link":
        try:
            target = f" (to {os.readlink(name, dir_fd=folder)})"
        except OSError:
            target = ""
        return (f"{shown} is a symbolic link{target}; a submission's files must lie in it, "
                f"so links are refused (a dangling one too)")
    return f"{shown} is a {kind}, not a file or a folder"
