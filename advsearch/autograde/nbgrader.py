"""nbgrader's autograde, made trustworthy: a sandboxed kernel, and scores written from outside it.

``nbgrader_config.py`` calls :func:`configure`, which changes three things
of ``nbgrader autograde`` and nothing else of nbgrader's workflow:

1. **The kernel runs in the sandbox** (:class:`SandboxedExecute`, with
   :class:`SandboxedKernelManager`): no network (the kernel talks to nbgrader
   over Unix sockets in a private folder), no view of the course, limits,
   and nothing left running afterwards.  The kernel named by the notebook is
   ignored: it is always this environment's Python.  Output past
   :attr:`SandboxedExecute.max_output` characters a cell (or
   ``max_total_output`` a notebook) is dropped, with a note, and every output
   is rebuilt as the notebook format allows (:mod:`.kernel_outputs`): the
   student's code can send the kernel's messages itself.
2. **The scores come from the trusted grader** (:class:`TrustedGrades`),
   which runs after the kernel has finished: it runs the student's cells once
   more in a fresh sandbox without the package
   (:class:`~advsearch.sandbox.remote.Runner`), grades each test cell as
   :mod:`~advsearch.autograde.problemsets` says, for the student nbgrader is
   grading, and writes the report and the points as the test cell's output,
   where nbgrader's ``SaveAutoGrades`` reads them.  Whatever the kernel
   printed in a test cell is replaced.
3. **Honest edits do not break grading** (:class:`KeepFirstIds`): a cell
   copied in JupyterLab keeps its nbgrader metadata; the first cell with a
   grade id keeps it and the copies become ordinary cells.

Every autograded notebook records what the trusted grader did in its
metadata (``advsearch``): the student it graded, each test's points, and
anything suspicious; ``advsearch grading report`` lists them.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import time
import traceback

import nbformat
import zmq
from jupyter_client.manager import AsyncKernelManager
from nbgrader.preprocessors import DeduplicateIds, Execute, NbGraderPreprocessor
from traitlets import Integer, Unicode

from .. import grading
from ..grading import TimeLimitExceeded
from ..sandbox import bubblewrap, files
from ..sandbox.files import cut
from ..sandbox.remote import ProtocolError, RemoteError, Runner, RunnerDied
from . import problemsets
from .kernel_outputs import KEEP, well_formed

__all__ = ["configure", "SandboxedKernelManager", "SandboxedExecute", "TrustedGrades", "KeepFirstIds", "Budget",
           "SafeOutputs",
           "KERNEL_LIMITS", "KEY_FILE", "MAX_MESSAGE", "course_key"]

#: Limits of a notebook's kernel while it is autograded.
KERNEL_LIMITS = bubblewrap.Limits(memory_mb=4096, cpu_seconds=600, processes=64, file_mb=32)
#: The largest message the kernel may send, in bytes.  Its outputs are capped far below this, but only after
#: the grading process has read the message whole: one of 200 MB made it grow by 760 MB.
MAX_MESSAGE = 32 << 20
#: The course key's file name, next to the gradebook.
KEY_FILE = ".advsearch-grading-key"


class SandboxedKernelManager(AsyncKernelManager):
    """A kernel manager whose kernel is this environment's ipykernel, in the sandbox, over Unix sockets.

    The kernel works at the path of the notebook's folder, but in an empty
    memory-backed folder mounted there (``scratch``): nothing it writes
    reaches the autograded folder that nbgrader writes into after it.  Its
    sockets live in a private folder of this process's (a small memory-backed
    mount where this process is root), removed when the kernel ends.
    """

    def __init__(self, **kwargs):
        kwargs["kernel_name"] = "python3"
        super().__init__(**kwargs)
        self._private = tempfile.mkdtemp(prefix="advsearch-kernel-")
        self._mounted = _small_mount(self._private)
        self._uid = bubblewrap.fresh_uid() if bubblewrap.is_root() else bubblewrap.NOBODY
        self.transport = "ipc"
        self.connection_file = os.path.join(self._private, "kernel.json")
        self.ip = os.path.join(self._private, "k")
        self.kernel_spec.interrupt_mode = "message"       # a signal would not reach into the sandbox

    def client(self, **kwargs):
        """A client whose sockets refuse any message over :data:`MAX_MESSAGE` bytes from the kernel (it drops that
        connection, and the kernel's next messages come on a new one)."""
        client = super().client(**kwargs)
        client.context.setsockopt(zmq.MAXMSGSIZE, MAX_MESSAGE)     # its own context, ended with the client
        return client

    def write_connection_file(self, **kwargs):
        super().write_connection_file(**kwargs)
        bubblewrap.give_to_sandbox(self.connection_file, self._uid)   # the kernel reads it as the sandbox's user

    async def _async_pre_start_kernel(self, **kw):
        cmd, kw = await super()._async_pre_start_kernel(**kw)
        workdir = os.path.abspath(kw.get("cwd") or os.getcwd())
        argv = [sys.executable, "-m", "ipykernel_launcher", "-f", self.connection_file,
                "--HistoryManager.hist_file=:memory:"]
        env = {"NBGRADER_EXECUTION": os.environ.get("NBGRADER_EXECUTION", "autograde")}
        cmd = bubblewrap.command(argv, workdir=workdir, workdir_mode="scratch", writable=[self._private], package=True,
                              limits=KERNEL_LIMITS, env=env, uid=self._uid)
        kw["start_new_session"] = True
        kw["stdout"] = kw["stderr"] = subprocess.DEVNULL     # the kernel's own banner is not the notebook's
        return cmd, kw

    async def _async_launch_kernel(self, kernel_cmd, **kw):
        await super()._async_launch_kernel(kernel_cmd, **kw)
        if not self._mounted:                      # a folder on disk: watch what the kernel puts there
            process = getattr(self.provisioner, "process", None)
            self._watch = threading.Event()
            threading.Thread(target=_watch_private, args=(self._private, process, self._watch),
                             daemon=True).start()

    async def _async_cleanup_resources(self, restart: bool = False) -> None:
        if getattr(self, "_watch", None) is not None:
            self._watch.set()
        await super()._async_cleanup_resources(restart=restart)
        if not restart:
            if self._mounted:
                subprocess.run(["umount", "-l", self._private], capture_output=True, timeout=30)
            shutil.rmtree(self._private, ignore_errors=True)

    cleanup_resources = _async_cleanup_resources


#: What the kernel's socket folder may hold where it is on disk: entries, and bytes.
PRIVATE_CAP = (32, 1 << 20)


def _watch_private(folder: str, process, stop: threading.Event) -> None:
    """End the kernel if its socket folder (on disk, not capped by a mount) holds more than :data:`PRIVATE_CAP`."""
    while not stop.wait(0.25):
        count = size = 0
        try:
            for entry in os.scandir(folder):
                count += 1
                size += entry.stat(follow_symlinks=False).st_size
        except OSError:
            continue
        if (count > PRIVATE_CAP[0] or size > PRIVATE_CAP[1]) and process is not None:
            try:
                os.killpg(process.pid, 9)
            except OSError:
                pass
            for entry in os.scandir(folder):
                if entry.name != "kernel.json" and not entry.name.startswith("k-"):
                    try:
                        os.unlink(entry.path)
                    except OSError:
                        pass
            return


def _small_mount(folder: str) -> bool:
    """Where this process is root, a memory-backed folder of 1 MiB at ``folder``: the kernel's sockets fit."""
    if not bubblewrap.is_root() or not shutil.which("mount"):
        return False
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m,mode=0700,nosuid,nodev", "advsearch-kernel",
                           folder], capture_output=True, timeout=30)
    return done.returncode == 0


class SandboxedExecute(Execute):
    """nbgrader's Execute with the kernel in the sandbox, a cap on output, and the submission's time budget.

    The budget (:attr:`TrustedGrades.budget_seconds`, shared with the trusted
    grader) starts when the kernel starts: each cell may run for the cell
    timeout or what is left of the budget, whichever is less, and once it is
    used up the remaining cells are not run (each says so).
    """

    max_output = Integer(100_000, help="Characters of output a cell keeps; the rest is dropped.").tag(config=True)
    max_total_output = Integer(1_000_000, help="Characters of output a notebook keeps.").tag(config=True)

    def __init__(self, *args, **kwargs):
        kwargs["kernel_manager_class"] = SandboxedKernelManager
        super().__init__(*args, **kwargs)
        self._sizes, self._total, self._dropped = {}, 0, set()
        self._budget = None
        self.timeout_func = self._cell_timeout
        self.store_widget_state = False             # widget messages would be kept whole, past every cap

    def _update_display_id(self, display_id, msg):
        """Ignore ``update_display``: it rewrites earlier outputs without passing :meth:`output`'s caps."""

    def preprocess(self, nb, resources=None, km=None):
        """Run the notebook; a kernel the student's code broke ends the run, and grading goes on without it.

        The scores never come from the kernel, so a kernel that dies, floods
        or garbles its messages (out of threads, out of memory) costs that
        student's notebook its remaining outputs, not its grade.
        """
        self._budget = Budget.of(resources, TrustedGrades(config=self.config).budget_seconds)
        self._cells_run = 0
        try:
            nb, resources = super().preprocess(nb, resources, km)
        except Exception as e:                      # the kernel's trouble, made by the code it ran
            if not self._cells_run:
                raise                               # no cell ran: the kernel never started, which is ours
            self.log.warning("The kernel stopped early: %s", cut(f"{type(e).__name__}: {e}", 300))
            if resources is not None:
                resources.setdefault("advsearch", {})["kernel"] = cut(f"{type(e).__name__}: {e}", 200)
            nb.cells.append(nbformat.v4.new_markdown_cell(
                "*[advsearch: the kernel stopped early, so the cells without output from there on were not run "
                "in it. The grades do not depend on the kernel.]*"))
        left = self.max_total_output                # every output again, also those output() never saw
        for cell in nb.cells:
            if cell.cell_type == "code":
                left -= well_formed(cell, max(0, min(self.max_output, left)))
        return nb, resources

    def _cell_timeout(self, cell) -> int:
        left = self._budget.left() if self._budget else float("inf")
        return max(1, int(min(self.timeout or 60, left + 1)))

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type == "code" and self._budget.left() <= 0:
            first = "running the notebook's cells" not in self._budget.spent
            self._budget.used_up("running the notebook's cells")
            cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=(
                "[advsearch: from here on, cells were not run: the submission's time budget was used up]\n"))
            ] if first else []
            return cell, resources
        self._cells_run += cell.cell_type == "code"
        return super().preprocess_cell(cell, resources, index)

    def output(self, outs, msg, display_id, cell_index):
        size = len(json.dumps(msg.get("content", {}), default=str))
        used = self._sizes.get(cell_index, 0)
        if used + size > self.max_output or self._total + size > self.max_total_output:
            if cell_index not in self._dropped:
                self._dropped.add(cell_index)
                outs.append(nbformat.v4.new_output(
                    "stream", name="stdout",
                    text=f"\n[advsearch: more output of this cell was dropped: a cell keeps at most "
                         f"{self.max_output:,} characters, a notebook {self.max_total_output:,}]\n"))
            return None
        self._sizes[cell_index] = used + size
        self._total += size
        return super().output(outs, msg, display_id, cell_index)


class Budget:
    """The time one submission may take, kernel and trusted grading together, kept in nbgrader's resources.

    >>> b = Budget(0.0)
    >>> b.left() <= 0
    True
    >>> b.used_up("grading q1"); b.used_up("grading q2"); b.spent
    ['grading q1', 'grading q2']
    """

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.deadline = time.monotonic() + seconds
        self.spent = []

    @classmethod
    def of(cls, resources, seconds: float) -> "Budget":
        """The submission's budget, started now if this is the first step that asks for it."""
        if resources is None:
            return cls(seconds)
        mine = resources.setdefault("advsearch", {})
        if not isinstance(mine.get("budget"), Budget):
            mine["budget"] = cls(seconds)
        return mine["budget"]

    def left(self) -> float:
        return self.deadline - time.monotonic()

    def used_up(self, during: str) -> None:
        """Note that the budget ran out ``during`` a step (once per step)."""
        if during not in self.spent:
            self.spent.append(during)


class SafeOutputs(NbGraderPreprocessor):
    """What the student wrote or printed, made safe to show as HTML (feedback, the formgrader).

    nbconvert renders a notebook's HTML outputs, raw HTML in Markdown and
    raw cells as they are: a script there would run in the instructor's
    browser, in the formgrader's session.  So:

    - outputs keep only plain text and PNG or JPEG images, and of their
      metadata only what an image needs, checked: its alternative text
      (a string), its width and height (numbers: the templates write them
      unquoted, so a string could add an attribute such as ``onload``) and
      its background (``light`` or ``dark``);
    - Markdown and raw cells the student could edit (not locked) are shown
      as their text, in a code block: no link, image, HTML, entity or
      formula in them is read (Markdown decodes ``javascript&#58;`` in a
      link's address; a raw cell without a format is HTML to nbconvert),
      followed by the cell's image attachments, each shown once;
    - every cell keeps only its nbgrader metadata: the templates read
      others (tags become classes of the cell's ``<div>``, enough to cover
      the page; a ``transient`` or ``magics_language`` of the wrong type
      stops the page being made);
    - the notebook's stored widget state is dropped.
    """

    KEEP = KEEP
    IMAGES = ("image/png", "image/jpeg")
    #: The most characters of an image's alternative text kept (the package's own say at most 10,000).
    MAX_ALT = 10_000

    def preprocess(self, nb, resources):
        nb.metadata.pop("widgets", None)
        for cell in nb.cells:
            cell.metadata = nbformat.NotebookNode(
                {"nbgrader": cell.metadata["nbgrader"]} if "nbgrader" in cell.metadata else {})
            if cell.cell_type == "code":
                cell.outputs = [o for o in map(self._output, cell.get("outputs", [])) if o is not None]
            elif not (cell.metadata.get("nbgrader") or {}).get("locked"):
                self._student_text(cell)
        return nb, resources

    def _output(self, output):
        if "data" not in output:
            return output                               # streams and errors: nbconvert escapes their text
        output.data = {k: v for k, v in output.data.items() if k in self.KEEP}
        if "metadata" in output:
            output.metadata = self._image_metadata(output.metadata, [k for k in output.data if k in self.IMAGES])
        return output if output.data else None

    @classmethod
    def _image_metadata(cls, metadata, images) -> dict:
        """Of an output's metadata, for each of its ``images``: alt (cut), width and height (positive numbers),
        needs_background (light or dark).  Nothing else: no ``filenames`` (an address the page would fetch)."""
        kept = {}
        for kind in images:
            given = metadata.get(kind) if isinstance(metadata, dict) else None
            if not isinstance(given, dict):
                continue
            mine = {}
            if isinstance(given.get("alt"), str):
                mine["alt"] = cut(given["alt"], cls.MAX_ALT)
            for size in ("width", "height"):
                value = given.get(size)
                if type(value) in (int, float) and 0 < value < 100_000:
                    mine[size] = value
            if given.get("needs_background") in ("light", "dark"):
                mine["needs_background"] = given["needs_background"]
            if mine:
                kept[kind] = mine
        return kept

    def _student_text(self, cell) -> None:
        if cell.cell_type in ("markdown", "raw"):
            cell.cell_type = "markdown"
            images = {}
            for name, bundle in (cell.get("attachments") or {}).items():
                kept = {k: v for k, v in bundle.items() if k in self.IMAGES and isinstance(v, str)} \
                    if isinstance(bundle, dict) else {}
                if kept:        # renamed: the name goes into the Markdown
                    images[f"image{len(images) + 1}"] = kept
            cell.source = as_text_block(cell.source) + "".join(
                f"\n\n![attached image {k}](attachment:{name})" for k, name in enumerate(images, start=1))
            if images:
                cell.attachments = images
            else:
                cell.pop("attachments", None)


def as_text_block(text: str) -> str:
    """Markdown that shows ``text`` as it is: a fenced code block, its fence longer than any run of ``~`` in it.

    Nothing in a code block is read as Markdown, HTML, an entity or a link:

    >>> as_text_block("[x](javascript&#58;alert(1)) ~~~")
    '~~~~\\n[x](javascript&#58;alert(1)) ~~~\\n~~~~'
    """
    text = text if isinstance(text, str) else "".join(text)
    fence = "~" * max(3, 1 + max((len(run) for run in re.findall("~+", text)), default=0))
    return f"{fence}\n{text}\n{fence}"


class KeepFirstIds(DeduplicateIds):
    """Copies of an nbgrader cell become ordinary cells; the first of each grade id stays as it was.

    Every cell's nbgrader metadata is also put at the schema version this
    nbgrader reads: a student's notebook that claims another makes nbgrader
    stop the whole autograde run, not only this notebook.
    """

    def preprocess(self, nb, resources):
        from nbgrader.nbgraderformat import SCHEMA_VERSION
        for cell in nb.cells:
            meta = cell.metadata.get("nbgrader")
            if isinstance(meta, dict) and meta.get("schema_version") != SCHEMA_VERSION:
                meta["schema_version"] = SCHEMA_VERSION
        seen = set()
        for cell in nb.cells:
            meta = cell.metadata.get("nbgrader")
            if not isinstance(meta, dict) or "grade_id" not in meta:
                if "nbgrader" in cell.metadata and not (isinstance(meta, dict) and meta.get("grade_id")):
                    del cell.metadata["nbgrader"]
                continue
            if meta["grade_id"] in seen:
                self.log.info("A copy of cell %r becomes an ordinary cell", meta["grade_id"])
                del cell.metadata["nbgrader"]
            else:
                seen.add(meta["grade_id"])
        return nb, resources


def course_key(root: str) -> bytes:
    """The course's secret key (made on first use): it seeds the trees code is graded on."""
    path = os.path.join(root, KEY_FILE)
    if not os.path.exists(path):
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(os.urandom(32).hex() + "\n")
    with open(path) as f:
        return bytes.fromhex(f.read().strip())


def _is_test(cell) -> bool:
    meta = cell.metadata.get("nbgrader", {})
    return cell.cell_type == "code" and bool(meta.get("grade")) and not meta.get("solution")


def _is_student_code(cell) -> bool:
    """The cells the trusted grader runs: code the student wrote or may have changed."""
    if cell.cell_type != "code":
        return False
    meta = cell.metadata.get("nbgrader", {})
    return not meta.get("locked") or meta.get("solution")


class TrustedGrades(NbGraderPreprocessor):
    """Grade every test cell from outside the student's kernel, and write report and points as its output."""

    course_root = Unicode("", help="The course folder (for the key); default: CourseDirectory.root").tag(
        config=True)
    budget_seconds = Integer(600, help="Seconds one submission may take, its kernel and the trusted grading "
                                       "together; past it, what is left earns 0 and the report says why."
                             ).tag(config=True)

    def _root(self) -> str:
        if self.course_root:
            return self.course_root
        from nbgrader.coursedir import CourseDirectory
        return CourseDirectory(config=self.config).root

    def preprocess(self, nb, resources):
        info = resources["nbgrader"]
        student, assignment = info["student"], info["assignment"]
        spec = problemsets.PROBLEM_SETS.get(assignment)
        record = {"graded_as": student, "tests": {}, "flags": [], "grader": "advsearch.autograde"}
        if spec is None:
            raise ValueError(f"advsearch has no trusted tests for the assignment {assignment!r}: add it to "
                             "advsearch.autograde.problemsets.PROBLEM_SETS")
        budget = Budget.of(resources, self.budget_seconds)
        started = time.perf_counter()
        cells = [spec.prelude] + [c.source for c in nb.cells if _is_student_code(c)]
        key = course_key(self._root())
        with Runner(cells, package=spec.package, deadline=budget.deadline) as runner:
            note = self._declared(runner, student, record)
            sub = problemsets.Submission(student, assignment, runner, grading.problems(assignment, student),
                                         problemsets.secret_seed(key, assignment, student), note=note)
            for cell in nb.cells:
                if _is_test(cell):
                    self._grade_cell(cell, spec, sub, budget, record)
            record["runner_starts"] = runner.starts
            for i, e in sorted(runner.cell_errors.items()):
                if e and e.get("type") in ("TimeLimitExceeded", "Died"):
                    record["flags"].append(cut(f"a cell did not finish when run for grading ({e.get('message')})"))
        if resources.get("advsearch", {}).get("kernel"):
            record["flags"].append(f"the kernel stopped early ({resources['advsearch']['kernel']})")
        if budget.spent:
            record["flags"].append(f"used up its time budget of {budget.seconds:g} s while "
                                   + " and ".join(budget.spent))
        record["seconds"] = round(time.perf_counter() - started, 2)
        nb.metadata["advsearch"] = record
        return nb, resources

    def _declared(self, runner, student, record) -> str:
        """The sentence about a notebook that declares another student's id (empty if it does not)."""
        try:
            declared = runner.value("STUDENT_ID")
        except Exception:                           # whatever the student's process sent: no declaration
            declared = None
        declared = declared.strip() if isinstance(declared, str) else ""
        if not declared or declared == student:
            return ""
        record["flags"].append(f"declares STUDENT_ID {cut(declared, 60)!r}")
        return (f"Note: this notebook declares STUDENT_ID = {cut(declared, 60)!r}, but it is graded as "
                f"{student!r}, so it is checked on the questions of {student!r}. ")

    def _grade_cell(self, cell, spec, sub, budget, record) -> None:
        """Grade one test cell and write its report and points as the cell's output."""
        gid = cell.metadata["nbgrader"]["grade_id"]
        points = float(cell.metadata["nbgrader"].get("points", 0))
        test = spec.tests.get(gid)
        if test is None:
            grade = grading.Grade(0.0, points, f"No trusted test grades the cell {gid!r}.")
            record["flags"].append(f"{gid}: no trusted test")
        elif budget.left() <= 0:
            budget.used_up(f"grading {gid}")
            grade = grading.Grade(0.0, points, f"Not graded: this submission used up its time budget of "
                                               f"{budget.seconds:g} s (its kernel and grading together) "
                                               "before this question.")
        else:
            grade = self._run_test(test, gid, sub, points, record)
        cell.outputs = [
            nbformat.v4.new_output("stream", name="stdout", text=cut(grade.report(), MAX_REPORT, lines=True) + "\n"),
            nbformat.v4.new_output("execute_result", data={"text/plain": repr(float(grade.points))},
                                   execution_count=cell.get("execution_count")),
        ]
        record["tests"][gid] = {"points": grade.points, "out_of": grade.out_of}

    def _run_test(self, test, gid, sub, points, record):
        """The grade of one test; what the student's code did wrong is its 0, a fault of ours is flagged."""
        try:
            return test(sub, points)
        except (RunnerDied, ProtocolError, RemoteError, TimeLimitExceeded) as e:
            why = _student_fault(e)
            record["flags"].append(cut(f"{gid}: {why}"))
            return grading.Grade(0.0, points, f"0 points: {why}.")
        except Exception as e:                     # a bug of ours must not pass as a score
            self.log.error("trusted test %s of %s failed: %s", gid, sub.student, traceback.format_exc())
            record["flags"].append(cut(f"{gid}: the grader failed ({type(e).__name__}: {e})"))
            return grading.Grade(0.0, points, "The grader failed on this test; your instructor has been told "
                                              "and will grade it by hand.")


def _student_fault(e: BaseException) -> str:
    """What the student's code did, for an error that came from it (a sentence without its full stop)."""
    if isinstance(e, RunnerDied) and not e.timed_out:
        return "your code ended the process it ran in (os._exit, a crash, or too much memory)"
    if isinstance(e, (RunnerDied, TimeLimitExceeded)):
        return f"your code did not finish in time ({cut(str(e), 120)})"
    if isinstance(e, ProtocolError):
        return f"your answer could not be read back from the process it ran in ({cut(str(e), 120)})"
    return f"your code raised {cut(str(e), 160)}"


#: The most characters of one test's report in the autograded notebook.
MAX_REPORT = 4000


def _guard_submissions() -> None:
    """Before nbgrader reads a submission's folder, refuse one that holds links, pipes or too much.

    nbgrader's ``Autograde`` reads the folder's time stamp
    (``init_destination``) and copies what it holds (``init_assignment``) as
    the instructor, following links.  A refused folder is not graded
    (nbgrader logs the reason and goes on with the next student), and
    ``advsearch grading report`` names it.
    """
    from nbgrader.converters.autograde import Autograde
    for step in ("init_destination", "init_assignment"):
        plain = getattr(Autograde, step)
        if not getattr(plain, "advsearch_guarded", False):
            setattr(Autograde, step, _checked_first(plain))


def _checked_first(step):
    def checked(self, assignment_id, student_id):
        folder = self._format_source(assignment_id, student_id)
        for path in (os.path.dirname(folder), folder):
            if os.path.islink(path):
                raise files.TamperedFolder(f"{cut(student_id, 80)}/{assignment_id}: refused, "
                                           f"{cut(path, 200)} is a symbolic link")
        files.check(folder, f"{cut(student_id, 80)}/{assignment_id}")
        return step(self, assignment_id, student_id)

    checked.advsearch_guarded = True
    return checked


#: The small files of a submission that nbgrader's feedback needs beside the notebook, and their largest size.
RECEIPTS, MAX_RECEIPT = ("timestamp.txt", "submission_secret.txt"), 1024


def _keep_receipts() -> None:
    """Give each feedback folder the submission's time stamp and secret, which ``release_feedback`` reads.

    nbgrader copies them along with the other files of the folder, but the
    course's ignore globs (:func:`advsearch.grading.only_notebooks`) match
    the folder's own name, so nothing but the notebooks would reach
    ``feedback/``.  They are copied from ``submitted/`` as regular files of
    at most :data:`MAX_RECEIPT` bytes, never through a link.
    """
    from nbgrader.converters.generate_feedback import GenerateFeedback
    plain = GenerateFeedback.init_assignment
    if getattr(plain, "advsearch_guarded", False):
        return

    def init_assignment(self, assignment_id, student_id):
        plain(self, assignment_id, student_id)
        submitted = self.coursedir.format_path(self.coursedir.submitted_directory, student_id, assignment_id)
        dest = self._format_dest(assignment_id, student_id)
        for name in RECEIPTS:
            src, out = os.path.join(submitted, name), os.path.join(dest, name)
            try:
                st = os.lstat(src)
            except OSError:
                continue
            if stat.S_ISREG(st.st_mode) and st.st_size <= MAX_RECEIPT and not os.path.lexists(out):
                os.makedirs(dest, exist_ok=True)
                files.copy_file(src, out)

    init_assignment.advsearch_guarded = True
    GenerateFeedback.init_assignment = init_assignment


def configure(c) -> None:
    """Make ``nbgrader autograde`` sandboxed and trusted; call it from ``nbgrader_config.py``.

    Autograding refuses to start when no sandbox works here, unless the
    environment variable ``ADVSEARCH_UNSAFE_GRADING=1`` says to run student
    code unsandboxed (see :mod:`advsearch.sandbox.bubblewrap`).
    """
    from nbconvert.preprocessors import ClearMetadataPreprocessor
    from nbgrader.preprocessors import (AssignLatePenalties, CheckCellMetadata, ClearOutput, IgnorePattern,
                                        LimitOutput, OverwriteCells, OverwriteKernelspec, SaveAutoGrades)
    c.Autograde.sanitize_preprocessors = [ClearOutput, KeepFirstIds, OverwriteKernelspec, OverwriteCells,
                                          CheckCellMetadata]
    c.Autograde.autograde_preprocessors = [SandboxedExecute, SafeOutputs, IgnorePattern,
                                           ClearMetadataPreprocessor, LimitOutput, TrustedGrades, SaveAutoGrades,
                                           AssignLatePenalties, CheckCellMetadata]
    c.Execute.timeout = 60
    c.ExchangeFactory.collect = "advsearch.autograde.exchange.SafeCollect"
    _guard_submissions()
    _keep_receipts()
