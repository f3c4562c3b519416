"""The round trip as on a shared JupyterHub server: every person a Unix user, everything through nbgrader's exchange.

``roundtrip.py`` runs every step as one user (root in CI) and puts submissions
straight into ``submitted/``.  Here, run as root, this script:

1. creates an instructor and three students as Unix users of their own
   (``advs-instructor``, ``advs-alice``, ``advs-bob``, ``advs-mallory``;
   removed at the end, also after a failure), each with a private home, and
   an exchange folder open to all (mode 1777, like ``/tmp``);
2. as the instructor, in a course in the instructor's home configured by this
   folder's ``nbgrader_config.py``: ``generate_assignment ps1`` and
   ``release_assignment ps1``;
3. as each student: ``fetch_assignment ps1``, fills the notebook in
   (alice: the right answers; bob: his own by-hand answers right, but plain
   minimax handed in as alpha-beta; mallory: a kernel that reaches outside
   its folder and leaves links and a named pipe behind for what runs after
   it), and ``submit ps1``.  Mallory then works on the exchange directly, as
   any user of the server could: she lists the inbound folder, reads the
   gradebook and alice's home, renames the course's exchange folder, and,
   the inbound folder being writable by all, hands in a notebook in alice's
   name, a link to the instructor's solutions in her own, and a named pipe
   in bob's;
4. as the instructor: ``collect``, ``autograde`` (alice and bob first, then
   mallory: the sandbox runs as an ordinary user here, in a user namespace),
   ``generate_feedback``, ``release_feedback`` and ``export``; as each
   student: ``fetch_feedback``.

It checks that alice gets every automatic point, bob fewer, mallory none; that
each student's collected notebook is the one they submitted; that mallory's
autograde changed nothing of anyone else's (alice's and bob's grades and
autograded files, the course key's bytes and mode, the gradebook's mode);
that none of mallory's reads succeeded; that feedback reaches each student;
and that no process is left running as any of these users.

Other users must be able to run this Python: every folder above the
interpreter, the environment and the repository must be open to them.  Where
one is not (pyenv under ``/root``, say), the script shows the users only what
they need through bind mounts in a private mount namespace of its own;
nothing on the host changes.

Run without root, it says it is skipped and exits 0, unless ``CI`` is set:
then it fails.  It takes about a minute and a half on two cores::

    sudo .venv/bin/python exercises/assignments/multiuser.py [--keep]
"""

from __future__ import annotations

import argparse
import atexit
import csv
import hashlib
import json
import os
import pwd
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

import nbformat

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import attacks  # noqa: E402  (the dishonest submissions, next to this file)
from roundtrip import Failures, by_hand, grade_cells, nbgrader, without_markers  # noqa: E402

ASSIGNMENT = "ps1"
COURSE_ID = "advsearch"                       # as this folder's nbgrader_config.py says
INSTRUCTOR = "advs-instructor"
ALICE, BOB, MALLORY = "advs-alice", "advs-bob", "advs-mallory"
STUDENTS = (ALICE, BOB, MALLORY)
USERS = (INSTRUCTOR,) + STUDENTS

#: Seconds any one command may take; autograding gets more.
STEP_TIMEOUT = 120
AUTOGRADE_TIMEOUT = 300

#: Set in the copy of this script that runs in its own mount namespace.
NAMESPACE_FLAG = "ADVSEARCH_MULTIUSER_NAMESPACE"

#: A submission time no real one comes after: nbgrader collects the latest submission of each student.
LATE = "2999-01-01 00:00:00.000000 UTC"


# ------------------------------------------------------------------ what the students hand in


HOSTILE_KERNEL = '''
# Mallory's kernel: reach outside the folder it is graded in, and leave traps for nbgrader,
# which writes the graded notebook here and sets the modes of every file here after the kernel ends.
import json, os
course = os.path.abspath("../../..")
tried = {}

def attempt(what, action):
    try:
        action()
        tried[what] = "done"
    except Exception as e:
        tried[what] = type(e).__name__

def link(target, name):
    if os.path.lexists(name):
        os.remove(name)
    os.symlink(target, name)

attempt("overwrite the gradebook", lambda: open(course + "/gradebook.db", "r+b").write(b"gone"))
attempt("read the course key", lambda: open(course + "/.advsearch-grading-key").read())
attempt("read the solutions", lambda: open(course + "/source/ps1/ps1.ipynb").read())
attempt("overwrite alice's graded notebook", lambda: open(course + "/autograded/advs-alice/ps1/ps1.ipynb", "w"))
attempt("read the exchange's inbound submissions", lambda: os.listdir(EXCHANGE + "/advsearch/inbound"))
attempt("put a link to the course key where the graded notebook goes",
        lambda: link(course + "/.advsearch-grading-key", "ps1.ipynb"))
attempt("leave a link to the gradebook", lambda: link(course + "/gradebook.db", "notes.txt"))
attempt("leave a named pipe", lambda: os.mkfifo("more.ipynb"))
print("MALLORY'S KERNEL", json.dumps(tried))
'''

#: Mallory at the shell, as herself: argv is the course, the exchange and alice's home; stdin a notebook.
MALLORY_AT_THE_SHELL = r'''
import glob, json, os, sys
course, exchange, alice_home = sys.argv[1:4]
forged = sys.stdin.read()
late = sys.argv[4]
inbound = os.path.join(exchange, "advsearch", "inbound")
tried = {}

def attempt(what, action):
    try:
        action()
        tried[what] = "done"
    except Exception as e:
        tried[what] = type(e).__name__

def overwrite_alices_submission():
    found = glob.glob(os.path.join(inbound, "advs-alice+ps1+*", "ps1.ipynb"))
    if not found:
        raise FileNotFoundError("no submission of alice's in sight")
    for path in found:
        open(path, "w").write(forged)

def hand_in_as_alice():
    folder = os.path.join(inbound, "advs-alice+ps1+" + late + "+forged")
    os.mkdir(folder)
    open(os.path.join(folder, "ps1.ipynb"), "w").write(forged)
    open(os.path.join(folder, "timestamp.txt"), "w").write(late)

attempt("list the inbound submissions", lambda: os.listdir(inbound))
attempt("read the gradebook", lambda: open(os.path.join(course, "gradebook.db"), "rb").read(1))
attempt("read the course's source", lambda: os.listdir(os.path.join(course, "source")))
attempt("read alice's notebook in her home", lambda: open(os.path.join(alice_home, "ps1", "ps1.ipynb")).read())
attempt("change the released notebook",
        lambda: open(os.path.join(exchange, "advsearch", "outbound", "ps1", "ps1.ipynb"), "a").write(" "))
attempt("move the course's exchange folder away",
        lambda: os.rename(os.path.join(exchange, "advsearch"), os.path.join(exchange, "advsearch-old")))
attempt("overwrite alice's submission in the inbound folder", overwrite_alices_submission)
attempt("hand in a notebook in alice's name", hand_in_as_alice)
attempt("hand in a link to the instructor's solutions",
        lambda: os.symlink(os.path.join(course, "source", "ps1"),
                           os.path.join(inbound, "advs-mallory+ps1+" + late + "+link")))
attempt("hand in a named pipe in bob's name",
        lambda: os.mkfifo(os.path.join(inbound, "advs-bob+ps1+" + late + "+pipe")))
print(json.dumps(tried))
'''

#: What mallory must not manage, at the shell or in her kernel ("done" is a failure).
MUST_FAIL = ("list the inbound submissions", "read the gradebook", "read the course's source",
             "read alice's notebook in her home", "change the released notebook",
             "move the course's exchange folder away", "overwrite alice's submission in the inbound folder",
             "overwrite the gradebook", "read the course key", "read the solutions",
             "overwrite alice's graded notebook", "read the exchange's inbound submissions")

PLAIN_MINIMAX_AS_ALPHABETA = '''
def alphabeta(game, state):
    """Plain minimax: the right value, but nothing pruned."""
    if game.is_terminal(state):
        return game.utility(state, MAX)
    values = [alphabeta(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == MAX else min(values)
'''

#: Writes stdin to a file, as whoever runs it.
WRITE_FILE = "import sys; open(sys.argv[1], 'wb').write(sys.stdin.buffer.read())"


def copy_of(nb):
    return nbformat.from_dict(nbformat.reader.reads(nbformat.writes(nb)))


def answered(source_nb, release_nb, student: str):
    """The released notebook with the source's answers, the by-hand ones for ``student``'s own trees."""
    literal = by_hand(source_nb, student)
    solutions = {c.metadata["nbgrader"]["grade_id"]: c.source for c in source_nb.cells
                 if c.metadata.get("nbgrader", {}).get("solution")}
    nb = copy_of(release_nb)
    for cell in nb.cells:
        gid = cell.metadata.get("nbgrader", {}).get("grade_id")
        if cell.metadata.get("nbgrader", {}).get("solution"):
            cell.source = literal.get(gid) or without_markers(solutions[gid])
    return nb


def with_answer(nb, grade_id: str, source: str):
    for cell in nb.cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id") == grade_id:
            cell.source = source.strip()
    return nb


def notebooks(source_nb, release_nb, exchange: str) -> dict:
    """What each student hands in, and the notebook mallory forges in alice's name."""
    hostile = "EXCHANGE = " + repr(exchange) + "\n" + HOSTILE_KERNEL
    out = {
        ALICE: answered(source_nb, release_nb, ALICE),
        BOB: with_answer(answered(source_nb, release_nb, BOB), "q4_answer", PLAIN_MINIMAX_AS_ALPHABETA),
        MALLORY: attacks.attack_notebook(release_nb, ASSIGNMENT, {"first": hostile}),
        "forged": attacks.attack_notebook(release_nb, ASSIGNMENT, {"first": "# mallory's, handed in as alice's"}),
    }
    return {who: nbformat.writes(nb).encode() for who, nb in out.items()}


# ------------------------------------------------------------------ running as someone else


class Done:
    """A finished command: its exit code (None if it was stopped for taking too long) and its output."""

    def __init__(self, code, output: str, seconds: float):
        self.code, self.output, self.seconds = code, output, seconds


def environment(user: str) -> dict:
    """A clean environment for ``user``: nothing of ours leaks into theirs."""
    home = pwd.getpwnam(user).pw_dir
    path = os.pathsep.join([os.path.dirname(sys.executable), "/usr/local/bin", "/usr/bin", "/bin"])
    return {"HOME": home, "USER": user, "LOGNAME": user, "PATH": path, "LANG": "C.UTF-8"}


def run_as(user: str, argv, cwd: str, timeout: float = STEP_TIMEOUT, stdin: bytes | None = None) -> Done:
    """Run ``argv`` as ``user`` (uid, gid and groups), in ``cwd``; stop it and its group after ``timeout``."""
    account = pwd.getpwnam(user)
    cmd = ["setpriv", f"--reuid={account.pw_uid}", f"--regid={account.pw_gid}", "--init-groups", "--", *argv]
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=environment(user), start_new_session=True,
                            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        out, _ = proc.communicate(stdin, timeout=timeout)
        code = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        end_processes({account.pw_uid})          # and what left its group (a sandbox has a session of its own)
        out, _ = proc.communicate(timeout=30)
        out += f"\n[stopped: still running after {timeout} s]".encode()
        code = None
    return Done(code, out.decode(errors="replace"), time.perf_counter() - started)


def check_done(failures: Failures, user: str, what: str, done: Done) -> Done:
    """Check that a command exited 0 in time; print the end of its output if not."""
    if not failures.check(done.code == 0, f"{user}: {what} exits 0 ({done.seconds:.1f} s)"):
        print("    " + done.output[-3000:].replace("\n", "\n    "))
    return done


def step(failures: Failures, user: str, what: str, argv, cwd: str, timeout: float = STEP_TIMEOUT,
         stdin: bytes | None = None) -> Done:
    """Run a command as ``user`` and check that it exits 0 in time."""
    return check_done(failures, user, what, run_as(user, argv, cwd, timeout, stdin))


def students_at_once(failures: Failures, work):
    """Every student does ``work(student)`` at the same time, as on a server; then each of their steps is checked.

    ``work`` returns ``[(what, Done), ...]``, one for each command it ran.
    """
    with ThreadPoolExecutor(max_workers=len(STUDENTS)) as pool:
        results = dict(zip(STUDENTS, pool.map(work, STUDENTS)))
    for student in STUDENTS:
        for what, done in results[student]:
            check_done(failures, student, what, done)


def write_as(user: str, path: str, data: bytes) -> Done:
    return run_as(user, [sys.executable, "-c", WRITE_FILE, path], os.path.dirname(path), stdin=data)


# ------------------------------------------------------------------ users


def exists(user: str) -> bool:
    try:
        pwd.getpwnam(user)
        return True
    except KeyError:
        return False


def processes_of(uids) -> list:
    """``(pid, uid, command line)`` of every process whose real or effective uid is one of ``uids``."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/status") as f:
                uid_line = next(line for line in f if line.startswith("Uid:"))
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmdline = f.read().replace(b"\0", b" ").decode(errors="replace").strip()
        except (OSError, StopIteration):
            continue
        real, effective = (int(x) for x in uid_line.split()[1:3])
        owner = real if real in uids else effective
        if owner in uids:
            found.append((int(entry), owner, cmdline[:150]))
    return found


def end_processes(uids):
    """Kill, one by one by pid, every process left running as one of ``uids`` (all started by this script)."""
    for pid, _, _ in processes_of(uids):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    time.sleep(0.2)


def made_here(user: str) -> bool:
    """Whether ``user`` is one this script made (its home is in one of our temporary folders)."""
    home = pwd.getpwnam(user).pw_dir
    return home.startswith(os.path.join(tempfile.gettempdir(), "advsearch-multiuser-"))


def remove_user(user: str):
    if exists(user) and not made_here(user):
        raise RuntimeError(f"a Unix user {user} exists that this script did not make (home "
                           f"{pwd.getpwnam(user).pw_dir}): remove or rename it, and run this again")
    if exists(user):
        end_processes({pwd.getpwnam(user).pw_uid})
        subprocess.run(["userdel", "--remove", user], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=60)
    if exists(user):
        raise RuntimeError(f"could not remove the Unix user {user}: remove it with `userdel --remove {user}`")


def create_user(user: str, home: str):
    """A fresh Unix user with a private home (an old one of the same name, left by a killed run, goes first)."""
    remove_user(user)
    subprocess.run(["useradd", "--create-home", "--home-dir", home, "--shell", "/usr/sbin/nologin", user],
                   check=True, stdin=subprocess.DEVNULL, timeout=60)
    os.chmod(home, 0o700)


# ------------------------------------------------------------------ can other users run this Python?


def needed_paths() -> list:
    """What another user must reach to run nbgrader and advsearch from here."""
    import advsearch
    package = os.path.dirname(os.path.realpath(advsearch.__file__))
    return sorted({os.path.realpath(sys.executable), os.path.realpath(sys.prefix),
                   os.path.realpath(sys.base_prefix), package, os.path.dirname(HARDENING)})


def folders_above(path: str) -> list:
    parts = path.split(os.sep)[1:-1]
    return [os.sep + os.path.join(*parts[:i]) for i in range(1, len(parts) + 1)]


def closed_folders(paths) -> list:
    """The folders above ``paths`` that other users may not enter (no x bit for others), top first."""
    closed = {d for p in paths for d in folders_above(p) if not os.stat(d).st_mode & stat.S_IXOTH}
    return sorted(closed, key=lambda d: d.count(os.sep))


def unreadable(paths) -> list:
    """The ``paths`` themselves that other users may not read (or enter, for a folder)."""
    want = lambda p: stat.S_IROTH | (stat.S_IXOTH if os.path.isdir(p) else 0)  # noqa: E731
    return [p for p in paths if os.stat(p).st_mode & want(p) != want(p)]


def show_through(closed: list, paths, views: str):
    """Over each closed folder, mount a folder others may enter that holds only what ``paths`` need of it.

    Runs in this script's own mount namespace, so nothing changes for anyone else.
    """
    for i, folder in enumerate(closed):
        view = os.path.join(views, str(i))
        os.mkdir(view, 0o711)
        os.chmod(view, 0o711)
        children = {p[len(folder) + 1:].split(os.sep)[0] for p in paths if p.startswith(folder + os.sep)}
        for child in sorted(children):
            original = os.path.join(folder, child)
            mount_point = os.path.join(view, child)
            if os.path.isdir(original):
                os.mkdir(mount_point)
            else:
                open(mount_point, "w").close()
            mount(["--bind", original, mount_point])
        mount(["--rbind", view, folder])


def mount(args):
    done = subprocess.run(["mount", *args], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=30)
    if done.returncode != 0:
        raise RuntimeError(f"mount {' '.join(args)} failed: {done.stderr.strip()}")


def in_own_namespace(argv) -> None:
    """Run this script again in a private mount namespace (this call does not return)."""
    env = dict(os.environ, **{NAMESPACE_FLAG: "1"})
    os.execvpe("unshare", ["unshare", "--mount", "--propagation", "private", "--",
                           sys.executable, os.path.abspath(__file__), *argv], env)


def reachable_python(argv) -> str | None:
    """Make sure other users can run this Python; None if they can, else why not (a sentence)."""
    paths = needed_paths()
    bad = unreadable(paths)
    if bad:
        return (f"other users cannot read {', '.join(bad)}: the students and the instructor of this check "
                "run this environment's Python and advsearch (chmod o+rX them, or use a clone that is)")
    closed = closed_folders(paths)
    if not closed:
        return None
    if os.environ.get(NAMESPACE_FLAG) != "1":
        trial = subprocess.run(["unshare", "--mount", "--propagation", "private", "true"], capture_output=True,
                               text=True, stdin=subprocess.DEVNULL, timeout=30) if shutil.which("unshare") else None
        if trial is None or trial.returncode != 0:
            why = "unshare (util-linux) is missing" if trial is None else trial.stderr.strip()
            return (f"other users cannot enter {', '.join(closed)} (no x bit for others), which holds this "
                    f"Python or advsearch, and no private mount namespace can show it to them ({why}); run from a "
                    "clone and a Python that other users can reach, or chmod o+x the folders above them")
        print(f"multiuser: other users cannot enter {', '.join(closed)}; running in a private mount namespace "
              "that shows them only this Python and advsearch there (nothing on the host changes)", flush=True)
        in_own_namespace(argv)
    views = tempfile.mkdtemp(prefix="advsearch-views-")
    os.chmod(views, 0o711)
    atexit.register(hide_again, closed, views)
    try:
        show_through(closed, paths + [HERE], views)        # and this folder, for root to copy the course from
    except (OSError, RuntimeError, subprocess.SubprocessError) as e:
        return (f"other users cannot enter {', '.join(closed)} (no x bit for others), which holds this Python or "
                f"advsearch, and a private bind mount could not show it to them ({e}); run from a clone and a "
                "Python that other users can read")
    return None


def mount_points() -> list:
    with open("/proc/self/mountinfo") as f:
        return [line.split()[4] for line in f]


def hide_again(closed: list, views: str):
    """Undo :func:`show_through`, and delete the views once nothing is mounted in them (never before)."""
    def inside_views(m):
        return m == views or m.startswith(views + os.sep)

    for folder in reversed(closed):
        umount(folder)
    for point in sorted(filter(inside_views, mount_points()), reverse=True):
        umount(point)
    still = [m for m in mount_points() if inside_views(m) or m in closed]
    if still:
        print(f"multiuser: left {views} in place: {', '.join(still)} still mounted in this namespace")
    else:
        shutil.rmtree(views, ignore_errors=True)


def umount(point: str):
    """Detach ``point`` and what is mounted below it (lazily: this Python runs from there)."""
    subprocess.run(["umount", "--recursive", "--lazy", point], stdin=subprocess.DEVNULL, capture_output=True,
                   timeout=30)


# ------------------------------------------------------------------ the course, the exchange, the homes


class Server:
    """The paths of the temporary server: homes, the exchange, the instructor's course."""

    def __init__(self, root: str):
        self.root = root
        self.exchange = os.path.join(root, "exchange")
        self.homes = os.path.join(root, "home")
        self.course = os.path.join(self.home(INSTRUCTOR), "course")
        self.key = os.path.join(self.course, ".advsearch-grading-key")
        self.gradebook = os.path.join(self.course, "gradebook.db")

    def home(self, user: str) -> str:
        return os.path.join(self.homes, user)

    def graded(self, student: str) -> str:
        return os.path.join(self.course, "autograded", student, ASSIGNMENT)


def chown_tree(path: str, user: str):
    account = pwd.getpwnam(user)
    for folder, dirs, files in os.walk(path):
        for name in [folder] + [os.path.join(folder, n) for n in dirs + files]:
            os.lchown(name, account.pw_uid, account.pw_gid)


def lay_out(server: Server):
    """Users with private homes, the exchange (open to all, sticky), the course (the instructor's), configs."""
    os.chmod(server.root, 0o755)
    os.mkdir(server.homes, 0o755)
    for user in USERS:
        create_user(user, server.home(user))
    # nbgrader's docs say `chmod ugo+rw` the exchange; the sticky bit also keeps students from renaming or
    # deleting what is not theirs there (the course's folder, its outbound and inbound folders).
    os.mkdir(server.exchange)
    os.chmod(server.exchange, 0o1777)

    os.mkdir(server.course)
    shutil.copytree(os.path.join(HERE, "source", ASSIGNMENT), os.path.join(server.course, "source", ASSIGNMENT),
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    with open(os.path.join(HERE, "nbgrader_config.py")) as f:
        config = f.read()
    with open(os.path.join(server.course, "nbgrader_config.py"), "w") as f:
        f.write(config + f"\n# This server's exchange (multiuser.py).\nc.Exchange.root = {server.exchange!r}\n")
    chown_tree(server.course, INSTRUCTOR)

    for student in STUDENTS:
        path = os.path.join(server.home(student), "nbgrader_config.py")
        with open(path, "w") as f:
            f.write(f"c = get_config()  # noqa: F821\nc.CourseDirectory.course_id = {COURSE_ID!r}\n"
                    f"c.Exchange.root = {server.exchange!r}\n")
        chown_tree(path, student)


# ------------------------------------------------------------------ what is checked


def read_grades(server: Server) -> dict:
    """``{student: {grade id: [auto, manual, max]}}``, read from a copy of the gradebook (root must not
    leave files of its own next to the instructor's)."""
    from nbgrader.api import Gradebook
    copy = os.path.join(server.root, "gradebook-copy.db")
    shutil.copyfile(server.gradebook, copy)
    rows = {}
    try:
        with Gradebook("sqlite:///" + copy, COURSE_ID) as gb:
            for student in gb.students:
                for submission in student.submissions:
                    for notebook in submission.notebooks:
                        for grade in notebook.grades:
                            rows.setdefault(student.id, {})[grade.name] = [grade.auto_score, grade.manual_score,
                                                                          grade.max_score]
    finally:
        os.remove(copy)
    return rows


def fingerprint(path: str) -> str:
    """Bytes and mode of a file, or of every file under a folder, without following links."""
    if not os.path.lexists(path):
        return "missing"
    h = hashlib.sha256()
    items = [path] if not os.path.isdir(path) or os.path.islink(path) else sorted(
        os.path.join(d, n) for d, _, files in os.walk(path) for n in files)
    for item in items:
        st = os.lstat(item)
        h.update(f"{os.path.relpath(item, path)} {stat.filemode(st.st_mode)}\n".encode())
        if stat.S_ISREG(st.st_mode):
            with open(item, "rb") as f:
                h.update(f.read())
        elif stat.S_ISLNK(st.st_mode):
            h.update(os.readlink(item).encode())
    return h.hexdigest()[:16]


def others_things(server: Server, grades: dict) -> dict:
    """What mallory's autograde must leave alone."""
    return {
        "the course key (bytes and mode)": fingerprint(server.key),
        "the gradebook's mode": stat.filemode(os.lstat(server.gradebook).st_mode),
        **{f"{s}'s grades": grades.get(s) for s in (ALICE, BOB)},
        **{f"{s}'s autograded files (bytes and modes)": fingerprint(server.graded(s)) for s in (ALICE, BOB)},
    }


def total(grades: dict, student: str, tests) -> tuple:
    rows = grades.get(student, {})
    got = sum(rows.get(t, [0, 0, 0])[0] or 0 for t in tests)
    out_of = sum(rows.get(t, [0, 0, 0])[2] or 0 for t in tests)
    return got, out_of


def check_scores(grades: dict, tests, failures: Failures):
    alice, out_of = total(grades, ALICE, tests)
    bob, _ = total(grades, BOB, tests)
    mallory, _ = total(grades, MALLORY, tests)
    failures.check(out_of > 0 and alice == out_of, f"alice gets every automatic point ({alice:g} of {out_of:g})")
    failures.check(0 < bob < alice, f"bob gets some, fewer than alice ({bob:g} of {out_of:g})")
    graded = all(grades.get(MALLORY, {}).get(t, [None])[0] is not None for t in tests)
    failures.check(graded and mallory == 0, f"mallory is autograded and gets no point ({mallory:g} of {out_of:g})"
                   + ("" if graded else "; some of her tests have no score: her autograde did not finish"))


def check_collected(server: Server, handed_in: dict, failures: Failures):
    """Each student's collected notebook is the one they submitted."""
    for student in STUDENTS:
        path = os.path.join(server.course, "submitted", student, ASSIGNMENT, ASSIGNMENT + ".ipynb")
        same = os.path.isfile(path) and not os.path.islink(path) and open(path, "rb").read() == handed_in[student]
        failures.check(same, f"collect: {student}'s collected notebook is the one {student} submitted")


def check_refused(tried: dict, who: str, failures: Failures):
    for what, result in tried.items():
        if what in MUST_FAIL:
            failures.check(result != "done", f"{who}: cannot {what} ({result})")
        else:
            print(f"  note  {who}: {what}: {result}")


def kernel_attempts(server: Server) -> dict:
    """What mallory's kernel printed, read from her autograded notebook (if nbgrader wrote one)."""
    path = os.path.join(server.graded(MALLORY), ASSIGNMENT + ".ipynb")
    try:
        if os.path.islink(path) or not os.path.isfile(path):
            return {}
        for cell in nbformat.read(path, as_version=4).cells:
            for out in cell.get("outputs", []):
                text = out.get("text", "")
                if "MALLORY'S KERNEL" in text:
                    return json.loads(text.split("MALLORY'S KERNEL", 1)[1].strip().splitlines()[0])
    except (OSError, ValueError):
        pass
    return {}


def check_feedback(server: Server, grades: dict, tests, failures: Failures):
    """Each student fetched feedback, and it is theirs: it shows their own score."""
    for student in STUDENTS:
        folder = os.path.join(server.home(student), ASSIGNMENT, "feedback")
        found = [os.path.join(d, n) for d, _, files in os.walk(folder) for n in files if n.endswith(".html")]
        score = f"(Score: {round(float(total(grades, student, tests)[0]), 2)} / "
        theirs = bool(found) and all(score in open(p, encoding="utf-8", errors="replace").read() for p in found)
        failures.check(theirs, f"{student} fetched their own feedback ({len(found)} file(s) in ~/{ASSIGNMENT}/feedback"
                       + (f", showing {score[1:-3]})" if theirs else ")"))


def check_export(server: Server, failures: Failures):
    path = os.path.join(server.course, "grades.csv")
    rows = list(csv.DictReader(open(path))) if os.path.isfile(path) else []
    found = {r.get("student_id") for r in rows if r.get("assignment") == ASSIGNMENT}
    failures.check(set(STUDENTS) <= found, f"grades.csv has a {ASSIGNMENT} row for every student "
                   f"(found {sorted(found)})")
    status = {r.get("student_id"): r.get("status") for r in rows}
    failures.check(status.get(ALICE) == status.get(BOB) == "graded",
                   f"grades.csv says alice and bob were graded (found {status.get(ALICE)}, {status.get(BOB)})")


# ------------------------------------------------------------------ the round trip


SANDBOX_PROBE = "from advsearch.sandbox import bubblewrap; print(bubblewrap.available() or 'works')"


def sandbox_starts(failures: Failures) -> bool:
    """Whether the autograding sandbox starts as the instructor, an ordinary user (in a user namespace)."""
    done = run_as(INSTRUCTOR, [sys.executable, "-c", SANDBOX_PROBE], pwd.getpwnam(INSTRUCTOR).pw_dir)
    answer = done.output.strip().splitlines()[-1] if done.output.strip() else f"exit code {done.code}"
    return failures.check(done.code == 0 and answer == "works",
                          f"{INSTRUCTOR}: the autograding sandbox starts as an ordinary user"
                          + ("" if answer == "works" else f": {answer}"))


#: The tests of each sandbox's own budget and of the standard-library-only runner, run here as an ordinary user.
HARDENING = os.path.join(os.path.dirname(os.path.dirname(HERE)), "tests", "test_grading_hardening.py")


def budgets_as_an_ordinary_user(failures: Failures) -> None:
    """As the instructor: two sandboxes side by side, one exhausting all it can while the other works, and the
    trusted runner seeing the standard library only: the same tests as root's, in user namespaces."""
    done = run_as(INSTRUCTOR, [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", HARDENING, "-k",
                               "side_by_side or standard_library or socket_folder"],
                  pwd.getpwnam(INSTRUCTOR).pw_dir, timeout=AUTOGRADE_TIMEOUT)
    last = done.output.strip().splitlines()[-1] if done.output.strip() else f"exit code {done.code}"
    if not failures.check(done.code == 0 and "passed" in last and "skipped" not in last,
                          f"{INSTRUCTOR}: each sandbox has its own budget, and the runner the standard library only, "
                          f"for an ordinary user too ({last})"):
        print(done.output[-3000:])


def round_trip(server: Server, failures: Failures, hostile: bool):
    i, course = INSTRUCTOR, server.course
    if not sandbox_starts(failures):
        return
    budgets_as_an_ordinary_user(failures)
    print(f"\n== {i}: generate and release {ASSIGNMENT}", flush=True)
    step(failures, i, f"nbgrader generate_assignment {ASSIGNMENT}", nbgrader("generate_assignment", ASSIGNMENT),
         course)
    step(failures, i, f"nbgrader release_assignment {ASSIGNMENT}", nbgrader("release_assignment", ASSIGNMENT),
         course)

    print("\n== students: fetch, answer, submit", flush=True)
    source_nb = nbformat.read(os.path.join(course, "source", ASSIGNMENT, ASSIGNMENT + ".ipynb"), as_version=4)
    release_nb = nbformat.read(os.path.join(course, "release", ASSIGNMENT, ASSIGNMENT + ".ipynb"), as_version=4)
    handed_in = notebooks(source_nb, release_nb, server.exchange)
    if not hostile:
        handed_in[MALLORY] = nbformat.writes(release_nb).encode()
    def fetch_answer_submit(student):
        home = server.home(student)
        fetched = run_as(student, nbgrader("fetch_assignment", ASSIGNMENT), home)
        wrote = write_as(student, os.path.join(home, ASSIGNMENT, ASSIGNMENT + ".ipynb"), handed_in[student])
        submitted = run_as(student, nbgrader("submit", ASSIGNMENT), home)
        return [(f"nbgrader fetch_assignment {ASSIGNMENT}", fetched), (f"writes {ASSIGNMENT}.ipynb", wrote),
                (f"nbgrader submit {ASSIGNMENT}", submitted)]

    students_at_once(failures, fetch_answer_submit)

    if hostile:
        print("\n== mallory, at the shell", flush=True)
        done = step(failures, MALLORY, "tries her hand at the exchange",
                    [sys.executable, "-c", MALLORY_AT_THE_SHELL, course, server.exchange, server.home(ALICE), LATE],
                    server.home(MALLORY), stdin=handed_in["forged"])
        check_refused(last_json(done.output), "mallory at the shell", failures)

    print(f"\n== {i}: collect and autograde", flush=True)
    step(failures, i, f"nbgrader collect {ASSIGNMENT}", nbgrader("collect", ASSIGNMENT), course)
    check_collected(server, handed_in, failures)
    step(failures, i, f"nbgrader autograde {ASSIGNMENT} (alice and bob)",
         nbgrader("autograde", ASSIGNMENT, f"--CourseDirectory.student_id_exclude={MALLORY}"), course,
         timeout=AUTOGRADE_TIMEOUT)
    before = others_things(server, read_grades(server))
    step(failures, i, f"nbgrader autograde {ASSIGNMENT} (mallory)",
         nbgrader("autograde", ASSIGNMENT, "--student", MALLORY), course, timeout=AUTOGRADE_TIMEOUT)
    grades = read_grades(server)
    after = others_things(server, grades)
    for what in before:
        failures.check(before[what] == after[what], f"mallory's autograde left {what} as it was"
                       + ("" if before[what] == after[what] else f" (was {before[what]}, now {after[what]})"))
    if hostile:
        check_refused(kernel_attempts(server), "mallory's kernel", failures)
    check_scores(grades, grade_cells(source_nb)[0], failures)

    print(f"\n== feedback and export", flush=True)
    step(failures, i, f"nbgrader generate_feedback {ASSIGNMENT}", nbgrader("generate_feedback", ASSIGNMENT), course)
    step(failures, i, f"nbgrader release_feedback {ASSIGNMENT}", nbgrader("release_feedback", ASSIGNMENT), course)
    students_at_once(failures, lambda student: [(f"nbgrader fetch_feedback {ASSIGNMENT}", run_as(
        student, nbgrader("fetch_feedback", ASSIGNMENT), server.home(student)))])
    check_feedback(server, grades, grade_cells(source_nb)[0], failures)
    step(failures, i, "nbgrader export", nbgrader("export", "--to", "grades.csv"), course)
    check_export(server, failures)


def last_json(output: str) -> dict:
    for line in reversed(output.strip().splitlines()):
        try:
            return json.loads(line)
        except ValueError:
            continue
    return {}


def check_no_process_left(failures: Failures):
    uids = {pwd.getpwnam(u).pw_uid: u for u in USERS if exists(u)}
    time.sleep(0.5)                             # a sandbox's last process may take a moment to be reaped
    left = processes_of(set(uids))
    failures.check(not left, "no process is left running as any of these users"
                   + "".join(f"\n        {pid} ({uids[uid]}): {cmd}" for pid, uid, cmd in left))


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", action="store_true", help="keep the temporary server's files and users")
    parser.add_argument("--honest", action="store_true", help="mallory hands in the stub and attacks nothing")
    args = parser.parse_args(argv)

    if os.geteuid() != 0:
        if os.environ.get("CI"):
            print("multiuser: FAIL: this check creates Unix users, so it must run as root (CI is set)")
            return 1
        print("multiuser: skipped: it creates Unix users, so it needs root "
              "(sudo .venv/bin/python exercises/assignments/multiuser.py)")
        return 0
    why_not = reachable_python(argv)
    if why_not:
        print(f"multiuser: FAIL: {why_not}")
        return 1

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))      # clean up on `kill`, too
    started = time.perf_counter()
    failures = Failures()
    server = Server(tempfile.mkdtemp(prefix="advsearch-multiuser-"))
    try:
        lay_out(server)
        print(f"Multi-user round trip of {ASSIGNMENT} in {server.root}", flush=True)
        round_trip(server, failures, hostile=not args.honest)
        check_no_process_left(failures)
    finally:
        if args.keep:
            print(f"kept {server.root} and the users {', '.join(USERS)}")
        else:
            for user in USERS:
                if exists(user) and made_here(user):
                    remove_user(user)
            shutil.rmtree(server.root, ignore_errors=True)
    print(f"\nThe multi-user round trip took {time.perf_counter() - started:.0f} s.")
    for f in failures:
        print("  FAIL  " + f)
    print(f"multiuser: {failures.passed} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
