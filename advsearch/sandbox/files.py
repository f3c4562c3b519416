"""What a handed-in folder may hold before the grader reads it: regular files, a few, small; no links.

A submission's folder comes from the student (nbgrader's exchange, where the
inbound folder is open to every student, or an unpacked zip), and nbgrader
reads and copies what it finds there as the instructor, following links.  A
link to the gradebook or the course key would be copied beside the notebook,
a named pipe or ``/dev/zero`` would stop the copy or fill the disk, a link to
a classmate's notebook would grade that notebook as this student's.  So
before anything reads a folder, :func:`problems` looks at every entry with
``lstat`` (never following a link) and lists what is not allowed:

- anything but a regular file or a folder: a symbolic link (dangling or
  not), a named pipe, a socket, a device;
- a file with more than one hard link (it may be someone else's file);
- more than :data:`MAX_FILES` entries, more than :data:`MAX_BYTES` in all,
  or a notebook over :data:`MAX_NOTEBOOK_BYTES`.

:func:`copy_tree` copies a folder that has no problem, opening every file
with ``O_NOFOLLOW`` (so a file swapped for a link meanwhile is refused too).

Examples
--------
>>> import os, tempfile
>>> d = tempfile.mkdtemp()
>>> with open(os.path.join(d, "ps1.ipynb"), "w") as f:
...     _ = f.write("{}")
>>> problems(d)
[]
>>> os.symlink("/etc/passwd", os.path.join(d, "notes.txt"))
>>> problems(d)
['notes.txt is a symbolic link (to /etc/passwd)']
>>> import shutil; shutil.rmtree(d)
"""

from __future__ import annotations

import os
import re
import stat

__all__ = ["problems", "check", "copy_tree", "copy_file", "spreadsheet_safe", "TamperedFolder", "cut", "MAX_FILES", "MAX_BYTES", "MAX_NOTEBOOK_BYTES",
           "MAX_TEXT"]

#: The most files and folders a submission may hold.
MAX_FILES = 100
#: The most bytes of all its files together.
MAX_BYTES = 20 << 20
#: The most bytes of one notebook.
MAX_NOTEBOOK_BYTES = 5 << 20
#: The most characters of a student's string repeated in a report, a flag or an export.
MAX_TEXT = 200
#: The most cells of one notebook.
MAX_CELLS = 1000
#: The most bytes of a ``timestamp.txt`` (nbgrader reads the submission's time from it).
MAX_STAMP = 100


class TamperedFolder(ValueError):
    """A handed-in folder holds what no honest submission does (the message lists it)."""


def cut(text, limit: int = MAX_TEXT, *, lines: bool = False) -> str:
    r"""``text`` cut to about ``limit`` characters, with how much was cut (a student's string, repeated somewhere).

    Control characters (a terminal's escape codes, a carriage return) become
    ``?``; so do line breaks unless ``lines`` (a report of several lines).

    >>> cut("x" * 1000, 20)
    'xxxxxxxxxx…(+990 more)'
    >>> cut("short")
    'short'
    >>> cut("two\nlines\x1b[2J"), cut("two\nlines", lines=True)
    ('two?lines?[2J', 'two\nlines')
    """
    text = text if isinstance(text, str) else repr(text)
    if len(text) > limit:
        keep = max(limit // 2, limit - 12)
        text = text[:keep] + f"…(+{len(text) - keep} more)"
    return "".join(c if c.isprintable() or (lines and c == "\n") else "?" for c in text)


def spreadsheet_safe(text: str) -> str:
    r"""``text`` as a spreadsheet cell that is never a formula: one that starts like one gets a ``'`` first.

    >>> spreadsheet_safe("=HYPERLINK(1)"), spreadsheet_safe("alice"), spreadsheet_safe("-3")
    ("'=HYPERLINK(1)", 'alice', '-3')
    """
    if text[:1] in ("=", "+", "-", "@", "\t", "\r"):
        try:
            float(text)
            return text                          # a number, not a formula
        except ValueError:
            return "'" + text
    return text


def _kind(mode: int) -> str | None:
    """What an entry is, if it is anything but a regular file or a folder."""
    for test, name in ((stat.S_ISLNK, "a symbolic link"), (stat.S_ISFIFO, "a named pipe"),
                       (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device")):
        if test(mode):
            return name
    return None if stat.S_ISREG(mode) or stat.S_ISDIR(mode) else "not a regular file"


def _entry_problem(path: str, name: str, st) -> str | None:
    kind = _kind(st.st_mode)
    if kind == "a symbolic link":
        try:
            target = cut(os.readlink(path), 80)
        except OSError:
            target = "?"
        return f"{cut(name, 80)} is a symbolic link (to {target})"
    if kind:
        return f"{cut(name, 80)} is {kind}"
    if stat.S_ISREG(st.st_mode) and st.st_nlink > 1:
        return f"{cut(name, 80)} has {st.st_nlink} hard links (it may be another person's file)"
    if stat.S_ISREG(st.st_mode) and os.path.basename(name) == "timestamp.txt" and not _is_stamp(path, st):
        return f"{cut(name, 80)} is not a time stamp as nbgrader writes one"
    if stat.S_ISREG(st.st_mode) and name.endswith(".ipynb"):
        if st.st_size > MAX_NOTEBOOK_BYTES:
            return f"{cut(name, 80)} is {st.st_size:,} bytes, more than a notebook may be ({MAX_NOTEBOOK_BYTES:,})"
        cells = _cells(path)
        if cells > MAX_CELLS:
            return f"{cut(name, 80)} holds {cells:,} cells, more than a notebook may ({MAX_CELLS:,})"
    return None


#: A time stamp as nbgrader's submit writes it, "2026-11-26 13:45:00.123456 UTC" (ISO forms also pass).
STAMP = re.compile(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?( ?(UTC|Z|[+-]\d\d:?\d\d))?\s*")


def _is_stamp(path: str, st) -> bool:
    if st.st_size > MAX_STAMP:
        return False
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        with os.fdopen(fd, "rb") as f:
            return STAMP.fullmatch(f.read(MAX_STAMP + 1).decode("ascii")) is not None
    except (OSError, UnicodeDecodeError):
        return False


def _cells(path: str) -> int:
    """How many cells the notebook at ``path`` holds (0 when it is not a notebook: nbgrader says so itself)."""
    import json
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        with os.fdopen(fd, "rb") as f:
            nb = json.loads(f.read(MAX_NOTEBOOK_BYTES + 1))
        cells = nb.get("cells") if isinstance(nb, dict) else None
        return len(cells) if isinstance(cells, list) else 0
    except (OSError, ValueError, RecursionError):
        return 0


def problems(folder: str) -> list:
    """What in ``folder`` (itself included) is not allowed, one sentence each; empty when all is well."""
    try:
        top = os.lstat(folder)
    except OSError as e:
        return [f"the folder cannot be read ({e.strerror})"]
    if not stat.S_ISDIR(top.st_mode):
        return [f"{cut(os.path.basename(folder), 80)} is {_kind(top.st_mode) or 'not a folder'}, not a folder"]
    found, count, size, todo = [], 0, 0, [folder]
    while todo and len(found) < 10:
        here = todo.pop()
        try:
            entries = list(os.scandir(here))
        except OSError as e:
            found.append(f"{cut(os.path.relpath(here, folder), 80)} cannot be read ({e.strerror})")
            continue
        for entry in entries:
            count += 1
            if count > MAX_FILES:
                return found + [f"it holds more than {MAX_FILES} files and folders"]
            name = os.path.relpath(entry.path, folder)
            st = entry.stat(follow_symlinks=False)
            problem = _entry_problem(entry.path, name, st)
            if problem:
                found.append(problem)
            elif stat.S_ISDIR(st.st_mode):
                todo.append(entry.path)
            else:
                size += st.st_size
    if size > MAX_BYTES:
        found.append(f"its files hold {size:,} bytes, more than a submission may ({MAX_BYTES:,})")
    return found


def check(folder: str, who: str = "") -> None:
    """Raise :class:`TamperedFolder` naming every problem of ``folder``."""
    found = problems(folder)
    if found:
        raise TamperedFolder(f"{who or folder}: refused, " + "; ".join(found))


def copy_tree(src: str, dest: str) -> None:
    """Copy ``src`` to the new folder ``dest``: regular files only, no link followed, within the caps."""
    check(src)
    os.makedirs(dest, exist_ok=False)
    for here, folders, names in os.walk(src):
        target = os.path.join(dest, os.path.relpath(here, src))
        for name in folders:
            os.mkdir(os.path.join(target, name), 0o755)
        for name in names:
            copy_file(os.path.join(here, name), os.path.join(target, name))


def copy_file(src: str, dest: str) -> None:
    """Copy the regular file ``src`` to the new file ``dest``, following no link at either end."""
    fd = os.open(src, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_nlink > 1:
            raise TamperedFolder(f"{src}: refused, it changed into something other than a regular file")
        out = os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
        try:
            left = MAX_BYTES
            while chunk := os.read(fd, 1 << 20):
                left -= len(chunk)
                if left < 0:
                    raise TamperedFolder(f"{src}: refused, it grew past {MAX_BYTES:,} bytes while copied")
                os.write(out, chunk)
        finally:
            os.close(out)
    finally:
        os.close(fd)
