"""One sandbox, one budget: a control group of its own for its memory and its tasks, where one can be made.

Limits set with ``prlimit`` hold per process (address space) or per user
(processes).  A sandbox's memory-backed ``/tmp`` is in neither, and many
processes each under the address-space limit add up.  A control group
counts everything a sandbox holds, its ``/tmp`` included, so where this
process may make one (root, with the cgroup v1 ``memory`` and ``pids``
controllers mounted writable, or a cgroup v2 group it may divide), every
sandbox gets its own, under the group this process is in:

- ``memory``: :func:`total_mb` for all its processes and its memory-backed
  folders together: one process's address-space limit, room for ``/tmp``
  and a scratch folder, and 256 MiB to spare, so that one process runs into
  its own limit (a ``MemoryError``) first, and many processes, or files in
  ``/tmp``, run into this one (the kernel's out-of-memory killer then ends a
  process of this sandbox, never of another);
- ``pids``: ``Limits.processes`` tasks.

:func:`wrap` puts a command into a new group (a shell moves itself in, then
becomes the command); groups left empty by earlier sandboxes are removed
each time.  Where no group can be made, the command is returned unchanged
and the ``prlimit`` limits are all there is; :func:`available` says which.

>>> wrap(["true"], None) == ["true"]
True
"""

from __future__ import annotations

import os
import secrets
import time
from types import SimpleNamespace


#: Names of the groups this module makes.
PREFIX = "advsearch-"
_V1 = "/sys/fs/cgroup"
#: Moves the shell into each group named, then runs the command.
_ENTER = 'n=$1; shift; while [ "$n" -gt 0 ]; do echo $$ > "$1" || exit 97; shift; n=$((n-1)); done; exec "$@"'


def _own_group(controller: str) -> str | None:
    """The folder of this process's group for a cgroup v1 ``controller`` (``""`` for the v2 hierarchy)."""
    try:
        with open("/proc/self/cgroup") as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    for line in lines:
        _, names, path = line.split(":", 2)
        if controller in names.split(",") if controller else names == "":
            mount = os.path.join(_V1, controller) if controller else _unified()
            return os.path.join(mount, path.lstrip("/")) if mount else None
    return None


def _unified() -> str | None:
    for mount in (_V1, os.path.join(_V1, "unified")):
        if os.path.exists(os.path.join(mount, "cgroup.controllers")):
            return mount
    return None


def _sweep(parent: str) -> None:
    """Remove the empty groups earlier sandboxes left (a busy one refuses, and stays).

    Only groups made a minute ago or more: a newer one may be about to take
    in the sandbox that another process is starting.
    """
    try:
        names = [n for n in os.listdir(parent) if n.startswith(PREFIX)]
    except OSError:
        return
    for name in names:
        path = os.path.join(parent, name)
        try:
            if time.time() - os.stat(path).st_mtime > 60:
                os.rmdir(path)
        except OSError:
            pass


def _make(parent: str | None, settings: dict) -> str | None:
    """A new group under ``parent`` with ``settings`` written, or None where that cannot be done."""
    if parent is None or not os.access(parent, os.W_OK):
        return None
    _sweep(parent)
    folder = os.path.join(parent, PREFIX + secrets.token_hex(8))
    try:
        os.mkdir(folder)
        for name, value in settings.items():
            path = os.path.join(folder, name)
            if os.path.exists(path):
                with open(path, "w") as f:
                    f.write(str(value))
            elif not name.startswith("memory.memsw"):
                raise OSError(f"no {name}")
        return os.path.join(folder, "cgroup.procs")
    except OSError:
        try:
            os.rmdir(folder)
        except OSError:
            pass
        return None


def total_mb(limits) -> int:
    """The memory of a whole sandbox, its memory-backed folders included, in MiB.

    >>> total_mb(SimpleNamespace(memory_mb=1024, disk_mb=64))
    1408
    """
    return limits.memory_mb + 2 * limits.disk_mb + 256


def _groups(limits) -> list:
    """The ``cgroup.procs`` files of new groups holding ``limits``; empty where none can be made."""
    memory = total_mb(limits) << 20
    v1 = [_make(_own_group("memory"), {"memory.limit_in_bytes": memory, "memory.memsw.limit_in_bytes": memory}),
          _make(_own_group("pids"), {"pids.max": limits.processes})]
    if all(v1):
        return v1
    for procs in filter(None, v1):
        os.rmdir(os.path.dirname(procs))
    v2 = _make(_own_group(""), {"memory.max": memory, "memory.swap.max": 0, "pids.max": limits.processes})
    return [v2] if v2 else []


def wrap(argv: list, limits) -> list:
    """``argv``, started inside new groups that hold ``limits`` (``argv`` itself where none can be made)."""
    if limits is None or not hasattr(os, "geteuid") or os.geteuid() != 0:
        return list(argv)
    procs = _groups(limits)
    if not procs:
        return list(argv)
    return ["/bin/sh", "-c", _ENTER, "sh", str(len(procs)), *procs, *argv]


def available() -> bool:
    """Whether sandboxes started by this process get a control group of their own."""
    probe = SimpleNamespace(memory_mb=64, processes=4, disk_mb=1)
    made = wrap(["true"], probe)
    for path in made[5:-1]:
        try:
            os.rmdir(os.path.dirname(path))
        except OSError:
            pass
    return made != ["true"]
