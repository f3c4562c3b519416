"""nbgrader's collect step, taking from the exchange only what each student handed in themselves.

The exchange's ``inbound`` folder is writable by every student, and nbgrader's
own collect copies each ``<student>+<assignment>+<time>`` entry there as the
instructor: it follows links (copying the gradebook or the course key into a
submission), reads a named pipe or a device forever, and only warns when
the entry belongs to another user than the student it names (so one student
can hand in for another).  :class:`SafeCollect` keeps nbgrader's collect and
changes two things:

- an entry is collected only if it is a real folder (not a link) owned by
  the student it names (where users have Unix accounts, as on JupyterHub);
  the others are left out with an error in the log;
- the copy (:func:`advsearch.sandbox.files.copy_tree`) takes regular files
  only, follows no link, and refuses a folder with too many files or bytes;
  and its ``timestamp.txt``, from which nbgrader decides lateness, is
  written anew from when the entry was last changed (:func:`handed_in`), not
  taken from the student.

``configure(c)`` of :mod:`advsearch.autograde.nbgrader` sets
``c.ExchangeFactory.collect`` to it.
"""

from __future__ import annotations

import datetime
import os
import shutil
import stat

from nbgrader.exchange.default.collect import ExchangeCollect

from ..sandbox import files

__all__ = ["SafeCollect", "owner_problem", "handed_in"]


def owner_problem(path: str, student: str) -> str | None:
    """Why the inbound entry ``path`` cannot be ``student``'s hand-in, or None.

    >>> import tempfile, getpass
    >>> owner_problem(tempfile.gettempdir(), getpass.getuser()) is None
    True
    """
    try:
        st = os.lstat(path)
    except OSError as e:
        return f"it cannot be read ({e.strerror})"
    if not stat.S_ISDIR(st.st_mode):
        return "it is not a folder" if not stat.S_ISLNK(st.st_mode) else "it is a symbolic link"
    try:
        import pwd                      # Unix only
        owner = pwd.getpwuid(st.st_uid).pw_name
    except (ImportError, KeyError):
        return None                     # no Unix accounts to compare with
    try:
        pwd.getpwnam(student)
    except KeyError:
        return None                     # students without accounts of their own: nothing to compare
    return None if owner == student else f"it belongs to {files.cut(owner, 40)}, not to {files.cut(student, 40)}"


def handed_in(folder: str) -> float:
    """When ``folder`` was last changed, by the clock of the file system, which no user can set.

    The ``timestamp.txt`` a student hands in is the student's own word; the
    change times (``ctime``) of the folder and of everything in it are the
    kernel's.  The latest of them is when the hand-in was last touched.
    """
    latest = os.lstat(folder).st_ctime
    for here, _, names in os.walk(folder):
        for name in names + [""]:
            try:
                latest = max(latest, os.lstat(os.path.join(here, name)).st_ctime)
            except OSError:
                pass
    return latest


def _stamp(dest: str, when: float) -> None:
    """Write ``when`` as the collected submission's ``timestamp.txt``, in nbgrader's format."""
    text = datetime.datetime.fromtimestamp(when, datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S.%f %Z")
    path = os.path.join(dest, "timestamp.txt")
    if os.path.lexists(path):
        os.unlink(path)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    with os.fdopen(fd, "w") as f:
        f.write(text)


class SafeCollect(ExchangeCollect):
    """nbgrader's collect, taking only folders each student owns, copied without following links."""

    def init_src(self):
        super().init_src()
        chosen = []
        for rec in self.src_records:
            legit = [r for r in self._entries(rec["username"]) if self._legit(r)]
            if legit:
                chosen.append(self._pick(legit))
        self.src_records = chosen

    def _entries(self, student: str) -> list:
        """Every inbound entry that names ``student`` for this assignment."""
        prefix = f"{student}+{self.coursedir.assignment_id}+"
        return [self._path_to_record(os.path.join(self.inbound_path, name))
                for name in os.listdir(self.inbound_path) if name.startswith(prefix)]

    def _legit(self, rec) -> bool:
        problem = owner_problem(os.path.join(self.inbound_path, rec["filename"]), rec["username"])
        if problem:
            self.log.error("Not collected: %s, because %s", files.cut(rec["filename"], 120), problem)
        return problem is None

    def _pick(self, records):
        """The newest entry, or as nbgrader does, the newest before the due date when asked."""
        records = self._sort_by_timestamp(records)
        if self.duedate is not None and self.before_duedate:
            early = [r for r in records if r["timestamp"] <= self.duedate]
            return early[0] if early else records[0]
        return records[0]

    def do_copy(self, src, dest, log=None):
        try:
            files.copy_tree(src, dest)
            _stamp(dest, handed_in(src))
        except files.TamperedFolder as e:
            self.log.error("Not collected: %s", files.cut(str(e), 400))
            if os.path.isdir(dest):
                shutil.rmtree(dest)
