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
- **Not the instructor, and not another sandbox**: the code runs without any
  capability under a user id of its own.  Started by root, bubblewrap mounts
  and then ``setpriv`` drops to a fresh unused uid (:func:`fresh_uid`), so
  that the kernel counts this sandbox's processes apart from every other
  sandbox's; started by another user, the sandbox gets a user namespace of
  its own, in which the code is ``nobody`` (the kernel counts processes per
  user namespace there).  The folders it may write are handed to that uid
  (:func:`give_to_sandbox`).
- **Only the standard library** unless ``package=True``: not /usr, but the
  shared libraries, the interpreter's own ``bin`` and ``lib`` (a system
  Python's standard library), and every ``site-packages`` and
  ``dist-packages`` among them covered by an empty read-only folder
  (:func:`_hide_packages`); so code that adds folders to ``sys.path`` finds
  nothing to import but the standard library, whether Python is a venv, a
  system or a conda installation.
- **Limits** (:class:`Limits`, set with ``prlimit`` inside the sandbox):
  address space, CPU seconds, processes, and the size of any file written.
  Its ``/tmp`` (and a ``scratch`` working directory) are memory-backed
  folders of at most ``disk_mb`` each.  Where this process may make control
  groups (root, with cgroup v1 or v2 mounted writable), the whole sandbox is
  also held to ``memory_mb`` of memory, its ``/tmp`` included, and to
  ``processes`` tasks (:mod:`~advsearch.sandbox.cgroup`).
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
import glob
import os
import secrets
import shutil
import subprocess
import sys
import warnings
from typing import NamedTuple

from . import cgroup, view

__all__ = ["Limits", "SandboxUnavailable", "command", "available", "unsafe", "UNSAFE_ENV", "NOBODY",
           "give_to_sandbox", "fresh_uid", "is_root"]

#: The environment variable that lets autograding run without a sandbox.
UNSAFE_ENV = "ADVSEARCH_UNSAFE_GRADING"
#: The user the code runs as inside a sandbox started by an ordinary user (its own user namespace).
NOBODY = 65534
#: Sandboxes started by root run as a fresh uid from this range, one uid per sandbox.
UID_RANGE = (1_500_000_000, 1_900_000_000)


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
    disk_mb : int
        The size of its ``/tmp`` (and of a ``scratch`` working directory), in
        MiB: memory-backed, and gone when the sandbox ends.
    """

    memory_mb: int = 4096
    cpu_seconds: int = 600
    processes: int = 64
    file_mb: int = 64
    disk_mb: int = 64


def unsafe() -> bool:
    """Whether the instructor allowed grading without a sandbox (``ADVSEARCH_UNSAFE_GRADING=1``)."""
    return os.environ.get(UNSAFE_ENV, "") == "1"


def is_root() -> bool:
    """Whether this process is root: its sandboxes then drop to a fresh uid of their own."""
    return hasattr(os, "geteuid") and os.geteuid() == 0


def fresh_uid() -> int:
    """A user id for one sandbox started by root: random in :data:`UID_RANGE`, and no account's.

    Each sandbox gets its own, so that the process limit (which the kernel
    counts per user) is this sandbox's alone.

    >>> a, b = fresh_uid(), fresh_uid()
    >>> UID_RANGE[0] <= a < UID_RANGE[1] and a != b
    True
    """
    import pwd
    while True:
        uid = UID_RANGE[0] + secrets.randbelow(UID_RANGE[1] - UID_RANGE[0])
        try:
            pwd.getpwuid(uid)
        except KeyError:
            return uid


def _prefix() -> list:
    """The start of every sandboxed command: bubblewrap, with namespaces of its own.

    Started by root, bubblewrap makes the mounts as root and the command then
    drops to a fresh uid (:func:`_drop`), so that the process limit holds
    (the kernel never limits root's processes) and counts this sandbox
    alone.  Started by anyone else, the sandbox gets a user namespace of its
    own, in which the code is ``nobody``.
    """
    bwrap = shutil.which("bwrap") or "bwrap"
    if is_root():
        return [bwrap, "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
                "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    return [bwrap, "--unshare-all", "--unshare-user", "--uid", str(NOBODY), "--gid", str(NOBODY)]


def _drop(uid: int) -> list:
    """Inside a sandbox started by root: become ``uid``, with no capability left."""
    if not is_root():
        return []
    return ["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "--inh-caps=-all",
            "--bounding-set=-all"]


def _ancestors(paths, skip=("usr", "etc", "proc", "dev")) -> list:
    """``--dir`` for the folders above each bound path, open to all (as root, bwrap makes them private)."""
    args, made = [], set()
    for path in paths:
        parts = os.path.normpath(path).split(os.sep)[1:-1]
        for i in range(1, len(parts) + 1):
            d = os.sep + os.path.join(*parts[:i])
            if d not in made and d != "/tmp" and d.split(os.sep)[1] not in skip:
                made.add(d)
                args += ["--perms", "0755", "--dir", d]
    return args


def _system_mounts(package: bool = True) -> list:
    """Read-only binds of the system: the top-level links into /usr, a few files of /etc, and /usr itself.

    Without ``package`` (the trusted runner), not /usr but only what the
    interpreter and the limit wrappers load: the shared libraries, ``prlimit``
    and ``setpriv``, and a system Python's own standard library; so no Python
    code installed anywhere else on the machine is there to import.
    """
    args = []
    if package:
        args += ["--ro-bind", "/usr", "/usr"]
    else:
        paths = [p for p in [*sorted(glob.glob("/usr/lib/*-linux-gnu*")), "/usr/lib64", "/usr/bin/prlimit",
                             "/usr/bin/setpriv", *_system_python()] if os.path.exists(p)]
        args += _ancestors(paths, skip=("etc", "proc", "dev"))
        for path in paths:
            args += ["--ro-bind", path, path]
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        if os.path.islink(top):
            args += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            args += ["--ro-bind", top, top]
    for name in ("ld.so.cache", "ld.so.conf", "passwd", "group", "nsswitch.conf", "localtime", "mime.types"):
        path = os.path.join("/etc", name)
        if os.path.exists(path):
            args += ["--ro-bind", path, path]
    if package and os.path.isdir("/etc/fonts"):
        args += ["--ro-bind", "/etc/fonts", "/etc/fonts"]
    return args


def _system_python() -> list:
    """A Python installed under /usr: its executable, its standard library and its shared library."""
    import sysconfig
    if not os.path.realpath(sys.base_prefix).startswith("/usr"):
        return []
    paths = sysconfig.get_paths()
    found = [os.path.realpath(sys.executable), paths["stdlib"], paths["platstdlib"]]
    library = sysconfig.get_config_var("LDLIBRARY")
    if library:
        found.append(os.path.join(sysconfig.get_config_var("LIBDIR") or "", library))
    return found


def _python_mounts(package: bool) -> list:
    """The Python installation; with ``package``, also the environment and the advsearch package.

    Without ``package``, only the interpreter's ``bin`` and ``lib`` folders
    are bound (not a conda installation's other environments and package
    cache, say), and :func:`_hide_packages` empties what is installed there.
    """
    base = os.path.realpath(sys.base_prefix)
    paths = {base} if package else {os.path.join(base, d) for d in ("bin", "lib", "lib64")}
    if package:
        paths.add(os.path.realpath(sys.prefix))
        paths.add(os.path.abspath(sys.prefix))
        paths.add(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))   # advsearch/
    args = []
    for p in sorted(paths):
        if not p.startswith("/usr/") and os.path.isdir(p) and not os.path.islink(p):
            args += ["--ro-bind", p, p]
    return args


def _hide_packages(python_binds) -> list:
    """An empty read-only folder over every ``site-packages`` and ``dist-packages`` in the bound Python folders,
    over ``ensurepip``'s bundled wheels (pip and setuptools, importable from a zip), and over the standard
    library's own test suite (which holds wheels and eggs among its data).

    The standard library stays; whatever is installed beside it (in the
    base interpreter, a system Python, a conda installation) does not, even
    for code that puts those folders on ``sys.path`` itself.
    """
    found = set()
    for root in python_binds:
        for pattern in ("*-packages", "python3*/*-packages", "python3/*-packages", "lib*/python3*/*-packages",
                        "python3*/ensurepip/_bundled", "lib*/python3*/ensurepip/_bundled", "python3*/test",
                        "lib*/python3*/test"):
            found.update(glob.glob(os.path.join(root, pattern)))
    args = []
    for path in sorted(found):
        if os.path.basename(path) in ("site-packages", "dist-packages", "_bundled", "test") and os.path.isdir(path) \
                and not os.path.islink(path):
            args += ["--tmpfs", path, "--remount-ro", path]
    return args


def _limits(limits: Limits) -> list:
    return ["prlimit", f"--as={limits.memory_mb << 20}", f"--cpu={limits.cpu_seconds}",
            f"--nproc={limits.processes}", f"--fsize={limits.file_mb << 20}", "--"]


def _tmpfs(path: str, limits: Limits) -> list:
    return ["--perms", "1777", "--size", str(limits.disk_mb << 20), "--tmpfs", path]


def command(argv, *, workdir=None, writable=(), readable=(), env=None, package=False,
            limits: Limits = Limits(), check: bool = True, workdir_mode: str = "bind", uid: int | None = None) -> list:
    """``argv`` wrapped to run in the sandbox.

    Parameters
    ----------
    argv : list of str
        The command to run; its first word must be an absolute path or a
        program in ``/usr/bin``.
    workdir : str, optional
        The working directory, at the same path inside.  Default: the empty
        private ``/tmp``.
    workdir_mode : {"bind", "read-only", "scratch"}
        How ``workdir`` is there: bound read-write (handed to the sandbox's
        user), bound read-only, or ``"scratch"``: an empty memory-backed
        folder of ``limits.disk_mb`` mounted at its path, so the sandbox
        works there, but nothing it writes reaches the folder on disk, and
        nothing in that folder is seen.
    writable, readable : iterable of str
        More paths bound read-write or read-only at the same path; an item
        of ``readable`` may also be a pair ``(path, path inside)``.
    env : dict, optional
        The environment inside, besides ``HOME``, ``PATH`` and ``LANG``;
        nothing of the caller's environment passes unless named here.
    package : bool or tuple of str
        Whether the Python environment and the ``advsearch`` package are
        visible (read-only).  Without it only the standard library is.  A
        tuple of module names (``("game", "games.connect4")``) shows the
        environment and a package of only those modules
        (:func:`~advsearch.sandbox.view.package_view`).
    limits : Limits
    check : bool
        Raise :class:`SandboxUnavailable` if no sandbox can run (and unsafe
        grading was not allowed).
    uid : int, optional
        Started by root: the user id the code runs as (default: a fresh one,
        :func:`fresh_uid`); ``writable`` and ``workdir`` are handed to it.

    Returns
    -------
    list of str
    """
    if not isinstance(package, (bool, tuple)):
        raise ValueError(f"package must be True, False or a tuple of module names, not {package!r}")
    reason = available() if check else None
    uid = (fresh_uid() if uid is None else uid) if is_root() else NOBODY
    inner = _drop(uid) + _limits(limits) + list(argv)
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
                        "--proc", "/proc", "--dev", "/dev"] + _tmpfs("/tmp", limits)
    python = _python_mounts(package)
    readable = [(p, p) if isinstance(p, str) else tuple(p) for p in readable]
    binds = python[2::3] + [dst for _, dst in readable] + list(writable) + ([workdir] if workdir else [])
    args += _system_mounts(package) + _ancestors(binds) + python
    if isinstance(package, tuple):
        args += ["--ro-bind", os.path.join(view.package_view(package), "advsearch"), view.PACKAGE]
    if not package:
        args += _hide_packages(python[2::3] + _system_python()[1:3])
    for src, dst in readable:
        args += ["--ro-bind", src, dst]
    for path in writable:
        give_to_sandbox(path, uid)
        args += ["--bind", path, path]
    if workdir_mode not in ("bind", "read-only", "scratch"):
        raise ValueError(f"workdir_mode must be 'bind', 'read-only' or 'scratch', not {workdir_mode!r}")
    if workdir and workdir_mode == "scratch":
        args += _tmpfs(workdir, limits)
    elif workdir and workdir_mode == "read-only":
        give_to_sandbox(workdir, uid)                 # its to read; the mount is read-only all the same
        args += ["--ro-bind", workdir, workdir]
    elif workdir:
        give_to_sandbox(workdir, uid)
        args += ["--bind", workdir, workdir]
    for k, v in environment.items():
        args += ["--setenv", k, v]
    args += ["--chdir", workdir or "/tmp", "--"]
    return cgroup.wrap(args + inner, limits)


@functools.lru_cache(maxsize=None)
def _probe() -> str | None:
    if not shutil.which("bwrap"):
        return "the program bwrap (bubblewrap) is not installed"
    if not sys.platform.startswith("linux"):
        return f"bubblewrap needs Linux, and this is {sys.platform}"
    try:
        args = command([os.path.realpath(sys.executable), "-I", "-S", "-c", "pass"],
                       limits=Limits(memory_mb=256, cpu_seconds=5, processes=8, file_mb=1), check=False)
        done = subprocess.run(args, capture_output=True, timeout=20)
    except (OSError, subprocess.SubprocessError) as e:
        return f"bubblewrap could not start ({e})"
    if done.returncode != 0:
        said = done.stderr.decode(errors="replace").strip()[:300]
        return f"bubblewrap could not start: {said}{_userns_hint(said)}"
    return None


def _userns_hint(said: str, root: bool | None = None) -> str:
    """How to let ordinary users make user namespaces, when that is what bubblewrap says it lacks.

    >>> _userns_hint("bwrap: setting up uid map: Permission denied", root=False).startswith(". User namespaces")
    True
    >>> _userns_hint("bwrap: execvp /x: No such file or directory", root=False)
    ''
    """
    signs = ("namespace", "uid map", "Operation not permitted", "Permission denied")
    if (is_root() if root is None else root) or not any(w in said for w in signs):
        return ""
    facts = []
    for path, name, want in (("/proc/sys/kernel/unprivileged_userns_clone", "kernel.unprivileged_userns_clone", "1"),
                             ("/proc/sys/user/max_user_namespaces", "user.max_user_namespaces", "a number above 0"),
                             ("/proc/sys/kernel/apparmor_restrict_unprivileged_userns",
                              "kernel.apparmor_restrict_unprivileged_userns", "0")):
        try:
            with open(path) as f:
                facts.append(f"{name} is {f.read().strip()} (wants {want})")
        except OSError:
            pass
    return (". User namespaces, which bubblewrap needs when run by an ordinary user, are switched off for "
            "ordinary users here" + (f" ({'; '.join(facts)})" if facts else "") + ". As root, enable them: "
            "`sysctl -w kernel.unprivileged_userns_clone=1` (Debian, older Ubuntu), "
            "`sysctl -w user.max_user_namespaces=15000` (RHEL, Fedora), or on Ubuntu 23.10 and later "
            "`sysctl -w kernel.apparmor_restrict_unprivileged_userns=0` (or give bwrap an AppArmor profile "
            "with `userns,`); put the setting in /etc/sysctl.d/ to keep it. If none of these is off, a "
            "container's seccomp profile may forbid them (Docker: --security-opt seccomp=unconfined). Or run "
            "autograde as root")


def available() -> str | None:
    """None if the sandbox works on this machine, else the reason it does not.

    Examples
    --------
    >>> available() is None or isinstance(available(), str)
    True
    """
    return _probe()


def give_to_sandbox(path: str, uid: int = NOBODY) -> None:
    """Let the sandbox's user ``uid`` write to ``path``, a folder (or file) made for it: needed only as root.

    The path itself is changed, never what a link there points to.
    """
    if is_root():
        os.chown(path, uid, uid, follow_symlinks=False)
