"""Run untrusted code in a bubblewrap sandbox, with limits, and kill all of it afterwards.

Student code (an autograded notebook's kernel, the graded functions, a
contest agent) runs through :func:`command`, which wraps a command line in
`bubblewrap <https://github.com/containers/bubblewrap>`_ (``bwrap``, the
sandbox Flatpak uses; Debian's package ``bubblewrap``):

- **Nothing shared** (``--unshare-all``): no network (a namespace with only
  its own loopback), its own process ids, no System V IPC.
- **Only what it needs, read-only**: ``/usr`` and the few files of ``/etc``
  that programs read, the Python installation, and, where asked, the
  ``advsearch`` package and its environment.  The course folder, the
  gradebook, ``source/``, other students' folders and the instructor's home
  are not there at all.  ``/tmp`` is empty and private.  Only the folders
  named in ``writable`` can be written.
- **Not the instructor**: the code runs as uid 65534 (``nobody``), without
  any capability: started by root, bubblewrap mounts and then ``setpriv``
  drops to the real user ``nobody`` (so the process limit holds); started by
  another user, in a user namespace of its own.  The folders it may write are
  handed to it (:func:`give_to_sandbox`).
- **Limits** (:class:`Limits`, set with ``prlimit`` inside the sandbox):
  address space, CPU seconds, processes, and the size of any file written.
- **Nothing outlives it**: the sandbox has its own process namespace, and
  ``--die-with-parent`` ends it when the process that started it ends; when
  the first process in it ends, the kernel kills every other one.

Where bubblewrap is missing or cannot start, :func:`command` raises
:class:`SandboxUnavailable`, saying why, unless the instructor sets the
environment variable ``ADVSEARCH_UNSAFE_GRADING=1``: then the code runs
unsandboxed, as the instructor, with the same limits, and a warning says so
every time.

Examples
--------
>>> limits = Limits(memory_mb=512, cpu_seconds=5, processes=16, file_mb=1)
>>> cmd = command(["python3", "-c", "print(1)"], limits=limits, check=False)
>>> "--unshare-net" in cmd or "--unshare-all" in cmd or unsafe()
True
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import warnings
from typing import NamedTuple

__all__ = ["Limits", "SandboxUnavailable", "command", "available", "unsafe", "UNSAFE_ENV", "NOBODY",
           "give_to_sandbox"]

#: The environment variable that lets autograding run without a sandbox.
UNSAFE_ENV = "ADVSEARCH_UNSAFE_GRADING"
#: The user the sandbox runs as when started by root.
NOBODY = 65534


class SandboxUnavailable(RuntimeError):
    """Raised when untrusted code would have to run without a sandbox, and nobody said that is fine."""


class Limits(NamedTuple):
    """Resource limits of one sandbox.

    Attributes
    ----------
    memory_mb : int
        Address space of each process, in MiB.
    cpu_seconds : int
        CPU time of each process.
    processes : int
        Processes and threads in the sandbox at once.
    file_mb : int
        The largest file the sandbox may write, in MiB.
    """

    memory_mb: int = 4096
    cpu_seconds: int = 600
    processes: int = 64
    file_mb: int = 64


def unsafe() -> bool:
    """Whether the instructor allowed grading without a sandbox (``ADVSEARCH_UNSAFE_GRADING=1``)."""
    return os.environ.get(UNSAFE_ENV, "") == "1"


def _is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def _prefix() -> list:
    """The start of every sandboxed command: bubblewrap, with namespaces of its own.

    Started by root, bubblewrap makes the mounts as root and the command then
    drops to the real user ``nobody`` (:func:`_drop`), so that the process
    limit holds (the kernel never limits root's processes).  Started by
    anyone else, the sandbox gets a user namespace of its own, in which the
    code is ``nobody``.
    """
    bwrap = shutil.which("bwrap") or "bwrap"
    if _is_root():
        return [bwrap, "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
                "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    return [bwrap, "--unshare-all", "--unshare-user", "--uid", str(NOBODY), "--gid", str(NOBODY)]


def _drop() -> list:
    """Inside a sandbox started by root: become ``nobody``, with no capability left."""
    if not _is_root():
        return []
    return ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", "--inh-caps=-all",
            "--bounding-set=-all"]


def _ancestors(paths) -> list:
    """``--dir`` for the folders above each bound path, open to all (as root, bwrap makes them private)."""
    args, made = [], set()
    for path in paths:
        parts = os.path.normpath(path).split(os.sep)[1:-1]
        for i in range(1, len(parts) + 1):
            d = os.sep + os.path.join(*parts[:i])
            if d not in made and d != "/tmp" and d.split(os.sep)[1] not in ("usr", "etc", "proc", "dev"):
                made.add(d)
                args += ["--perms", "0755", "--dir", d]
    return args


def _system_mounts() -> list:
    """Read-only binds of the system: /usr, the top-level links into it, and a few files of /etc."""
    args = ["--ro-bind", "/usr", "/usr"]
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        if os.path.islink(top):
            args += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            args += ["--ro-bind", top, top]
    for name in ("ld.so.cache", "ld.so.conf", "passwd", "group", "nsswitch.conf", "localtime", "mime.types"):
        path = os.path.join("/etc", name)
        if os.path.exists(path):
            args += ["--ro-bind", path, path]
    if os.path.isdir("/etc/fonts"):
        args += ["--ro-bind", "/etc/fonts", "/etc/fonts"]
    return args


def _python_mounts(package: bool) -> list:
    """The Python installation; with ``package``, also the environment and the advsearch package."""
    paths = {os.path.realpath(sys.base_prefix)}
    if package:
        paths.add(os.path.realpath(sys.prefix))
        paths.add(os.path.abspath(sys.prefix))
        paths.add(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))   # advsearch/
    args = []
    for p in sorted(paths):
        if not p.startswith("/usr/") and os.path.isdir(p):
            args += ["--ro-bind", p, p]
    return args


def _limits(limits: Limits) -> list:
    return ["prlimit", f"--as={limits.memory_mb << 20}", f"--cpu={limits.cpu_seconds}",
            f"--nproc={limits.processes}", f"--fsize={limits.file_mb << 20}", "--"]


def command(argv, *, workdir=None, writable=(), readable=(), env=None, package=False,
            limits: Limits = Limits(), check: bool = True) -> list:
    """``argv`` wrapped to run in the sandbox.

    Parameters
    ----------
    argv : list of str
        The command to run; its first word must be an absolute path or a
        program in ``/usr/bin``.
    workdir : str, optional
        The working directory, bound read-write at the same path.
        Default: an empty private ``/tmp``.
    writable, readable : iterable of str
        More paths bound read-write or read-only at the same path; an item
        of ``readable`` may also be a pair ``(path, path inside)``.
    env : dict, optional
        The environment inside, besides ``HOME``, ``PATH`` and ``LANG``;
        nothing of the caller's environment passes unless named here.
    package : bool
        Whether the Python environment and the ``advsearch`` package are
        visible (read-only).  Without it only the standard library is.
    limits : Limits
    check : bool
        Raise :class:`SandboxUnavailable` if no sandbox can run (and unsafe
        grading was not allowed).

    Returns
    -------
    list of str
    """
    reason = available() if check else None
    inner = _drop() + _limits(limits) + list(argv)
    environment = {"HOME": "/tmp", "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
                   "MPLCONFIGDIR": "/tmp/matplotlib", "PYTHONDONTWRITEBYTECODE": "1", **(env or {})}
    if reason is not None:
        if not unsafe():
            raise SandboxUnavailable(
                f"Student code must run in a sandbox, and none can start here: {reason}. Install bubblewrap "
                f"(Debian and Ubuntu: apt-get install bubblewrap), or, knowing that student code will then run "
                f"as you, with access to everything you can reach, set {UNSAFE_ENV}=1.")
        warnings.warn(f"{UNSAFE_ENV}=1: student code runs WITHOUT a sandbox ({reason})", RuntimeWarning,
                      stacklevel=2)
        return ["env", "-i", *(f"{k}={v}" for k, v in environment.items())] + _limits(limits) + list(argv)
    args = _prefix() + ["--die-with-parent", "--new-session", "--clearenv",
                        "--proc", "/proc", "--dev", "/dev", "--perms", "1777", "--tmpfs", "/tmp"]
    python = _python_mounts(package)
    readable = [(p, p) if isinstance(p, str) else tuple(p) for p in readable]
    binds = python[2::3] + [dst for _, dst in readable] + list(writable) + ([workdir] if workdir else [])
    args += _system_mounts() + _ancestors(binds) + python
    for src, dst in readable:
        args += ["--ro-bind", src, dst]
    for path in list(writable) + ([workdir] if workdir else []):
        give_to_sandbox(path)
        args += ["--bind", path, path]
    for k, v in environment.items():
        args += ["--setenv", k, v]
    args += ["--chdir", workdir or "/tmp", "--"]
    return args + inner


@functools.lru_cache(maxsize=None)
def _probe() -> str | None:
    if not shutil.which("bwrap"):
        return "the program bwrap (bubblewrap) is not installed"
    if not sys.platform.startswith("linux"):
        return f"bubblewrap needs Linux, and this is {sys.platform}"
    try:
        args = command(["/bin/true"], limits=Limits(memory_mb=256, cpu_seconds=5, processes=8, file_mb=1),
                       check=False)
        done = subprocess.run(args, capture_output=True, timeout=20)
    except (OSError, subprocess.SubprocessError) as e:
        return f"bubblewrap could not start ({e})"
    if done.returncode != 0:
        return f"bubblewrap could not start: {done.stderr.decode(errors='replace').strip()[:300]}"
    return None


def available() -> str | None:
    """None if the sandbox works on this machine, else the reason it does not.

    Examples
    --------
    >>> available() is None or isinstance(available(), str)
    True
    """
    return _probe()


def give_to_sandbox(path: str) -> None:
    """Let the sandbox's user write to ``path``, a folder (or file) made for it: needed only when root runs it."""
    if _is_root():
        os.chown(path, NOBODY, NOBODY)
