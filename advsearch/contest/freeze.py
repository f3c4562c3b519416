"""An agent's processes stopped while it is not its turn, so that it cannot spend its opponent's time.

An agent could start processes that keep every core busy while its
opponent thinks: the opponent, slowed down, would lose on time.  So between
its moves every process of an agent's sandbox is stopped (``SIGSTOP``,
which no process can catch or ignore), and continued (``SIGCONT``) when
the referee asks it for its next move.  The processes are found as the
descendants of the sandbox's first process, looked up in ``/proc``; a
process forked while the others are being stopped is found by the next look
and stopped too, until a look finds none left running.

Examples
--------
>>> import subprocess, sys
>>> p = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
>>> stop(p.pid) >= 1
True
>>> state(p.pid)
'T'
>>> resume(p.pid) >= 1
True
>>> p.kill(); p.wait() != 0
True
"""

from __future__ import annotations

import os
import signal
import threading
import time


#: The states of a process that will not run until continued (stopped, traced) or never again (dead, zombie).
_STOPPED = ("T", "t", "Z", "X", None)
#: Whether this kernel lists each task's children (``CONFIG_PROC_CHILDREN``, in every common distribution's kernel).
_CHILDREN_FILES = os.path.exists(f"/proc/self/task/{threading.get_native_id()}/children")


def family(root: int) -> set:
    """``root`` and every process descended from it that is still there."""
    found, todo = set(), [root]
    while todo:
        pid = todo.pop()
        if pid not in found and state(pid) is not None:
            found.add(pid)
            todo += _children(pid)
    return found


def stop(root: int, patience: float = 2.0) -> int:
    """Stop ``root`` and all its descendants, waiting at most ``patience`` seconds for them; how many are stopped."""
    deadline = time.monotonic() + patience
    while True:
        everyone = family(root)
        running = {pid for pid in everyone if state(pid) not in _STOPPED}
        if not running or time.monotonic() > deadline:
            return len(everyone) - len(running)
        for pid in running:
            _signal(pid, signal.SIGSTOP)
        time.sleep(0.0005)                                  # a stop takes effect when the process next runs


def resume(root: int) -> int:
    """Continue ``root`` and all its descendants (stopped ones cannot have forked); how many."""
    everyone = family(root)
    for pid in everyone:
        _signal(pid, signal.SIGCONT)
    return len(everyone)


def state(pid: int) -> str | None:
    """The state letter of process ``pid`` (``R``, ``S``, ``T`` for stopped, ...), None if it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            data = f.read()
    except OSError:
        return None
    return data[data.rfind(b")") + 2:][:1].decode()


def _children(pid: int) -> list:
    """The processes whose parent is ``pid``: from ``/proc/<pid>/task/*/children``, or by looking at every process
    where the kernel has no such files."""
    if not _CHILDREN_FILES:
        return [int(n) for n in os.listdir("/proc") if n.isdigit() and _parent(int(n)) == pid]
    kids = []
    try:
        threads = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return kids
    for tid in threads:
        try:
            with open(f"/proc/{pid}/task/{tid}/children") as f:
                kids += [int(x) for x in f.read().split()]
        except OSError:
            pass
    return kids


def _parent(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            data = f.read()
    except OSError:
        return None
    return int(data[data.rfind(b")") + 2:].split()[1])


def _signal(pid: int, sig) -> None:
    try:
        os.kill(pid, sig)
    except ProcessLookupError:
        pass
