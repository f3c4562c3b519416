"""nbgrader's autograde, made trustworthy: a sandboxed kernel, and scores written from outside it.

``nbgrader_config.py`` calls :func:`configure`, which changes three things
of ``nbgrader autograde`` and nothing else of nbgrader's workflow:

1. **The kernel runs in the sandbox** (:class:`SandboxedExecute`, with
   :class:`SandboxedKernelManager`): no network (the kernel talks to nbgrader
   over Unix sockets in a private folder), no view of the course, limits,
   and nothing left running afterwards.  The kernel named by the notebook is
   ignored: it is always this environment's Python.  Output past
   :attr:`SandboxedExecute.max_output` characters a cell (or
   ``max_total_output`` a notebook) is dropped, with a note.
2. **The scores come from the trusted grader** (:class:`TrustedGrades`),
   which runs after the kernel has finished: it runs the student's cells once
   more in a fresh sandbox without the package
   (:class:`~advsearch.autograde.referee.Runner`), grades each test cell as
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
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

import nbformat
from jupyter_client.manager import AsyncKernelManager
from nbgrader.preprocessors import DeduplicateIds, Execute, NbGraderPreprocessor
from traitlets import Integer, Unicode

from .. import grading
from . import problemsets, sandbox
from .referee import Runner

__all__ = ["configure", "SandboxedKernelManager", "SandboxedExecute", "TrustedGrades", "KeepFirstIds",
           "KERNEL_LIMITS", "KEY_FILE", "course_key"]

#: Limits of a notebook's kernel while it is autograded.
KERNEL_LIMITS = sandbox.Limits(memory_mb=4096, cpu_seconds=600, processes=64, file_mb=32)
#: The course key's file name, next to the gradebook.
KEY_FILE = ".advsearch-grading-key"


class SandboxedKernelManager(AsyncKernelManager):
    """A kernel manager whose kernel is this environment's ipykernel, in the sandbox, over Unix sockets."""

    def __init__(self, **kwargs):
        kwargs["kernel_name"] = "python3"
        super().__init__(**kwargs)
        self._private = tempfile.mkdtemp(prefix="advsearch-kernel-")
        self.transport = "ipc"
        self.connection_file = os.path.join(self._private, "kernel.json")
        self.ip = os.path.join(self._private, "k")
        self.kernel_spec.interrupt_mode = "message"       # a signal would not reach into the sandbox

    def write_connection_file(self, **kwargs):
        super().write_connection_file(**kwargs)
        sandbox.give_to_sandbox(self.connection_file)         # the kernel reads it as the sandbox's user

    async def _async_pre_start_kernel(self, **kw):
        cmd, kw = await super()._async_pre_start_kernel(**kw)
        workdir = os.path.abspath(kw.get("cwd") or os.getcwd())
        argv = [sys.executable, "-m", "ipykernel_launcher", "-f", self.connection_file,
                "--HistoryManager.hist_file=:memory:"]
        env = {"NBGRADER_EXECUTION": os.environ.get("NBGRADER_EXECUTION", "autograde")}
        cmd = sandbox.command(argv, workdir=workdir, writable=[self._private], package=True,
                              limits=KERNEL_LIMITS, env=env)
        kw["start_new_session"] = True
        kw["stdout"] = kw["stderr"] = subprocess.DEVNULL     # the kernel's own banner is not the notebook's
        return cmd, kw

    async def _async_cleanup_resources(self, restart: bool = False) -> None:
        await super()._async_cleanup_resources(restart=restart)
        if not restart:
            shutil.rmtree(self._private, ignore_errors=True)

    cleanup_resources = _async_cleanup_resources


class SandboxedExecute(Execute):
    """nbgrader's Execute with the kernel in the sandbox and a cap on output."""

    max_output = Integer(100_000, help="Characters of output a cell keeps; the rest is dropped.").tag(config=True)
    max_total_output = Integer(2_000_000, help="Characters of output a notebook keeps.").tag(config=True)

    def __init__(self, *args, **kwargs):
        kwargs["kernel_manager_class"] = SandboxedKernelManager
        super().__init__(*args, **kwargs)
        self._sizes, self._total, self._dropped = {}, 0, set()

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


class KeepFirstIds(DeduplicateIds):
    """Copies of an nbgrader cell become ordinary cells; the first of each grade id stays as it was."""

    def preprocess(self, nb, resources):
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
        started = time.perf_counter()
        cells = [spec.prelude] + [c.source for c in nb.cells if _is_student_code(c)]
        key = course_key(self._root())
        with Runner(cells, package=spec.package) as runner:
            declared = runner.value("STUDENT_ID")
            declared = declared.strip() if isinstance(declared, str) else ""
            note = ""
            if declared and declared != student:
                note = (f"Note: this notebook declares STUDENT_ID = {declared!r}, but it is graded as "
                        f"{student!r}, so it is checked on the questions of {student!r}. ")
                record["flags"].append(f"declares STUDENT_ID {declared!r}")
            sub = problemsets.Submission(student, assignment, runner, grading.problems(assignment, student),
                                         problemsets.secret_seed(key, assignment, student), note=note)
            for cell in nb.cells:
                if not _is_test(cell):
                    continue
                gid = cell.metadata["nbgrader"]["grade_id"]
                points = float(cell.metadata["nbgrader"].get("points", 0))
                test = spec.tests.get(gid)
                if test is None:
                    grade = grading.Grade(0.0, points, f"No trusted test grades the cell {gid!r}.")
                    record["flags"].append(f"{gid}: no trusted test")
                else:
                    try:
                        grade = test(sub, points)
                    except Exception as e:                     # a bug of ours must not pass as a score
                        self.log.error("trusted test %s of %s failed: %s", gid, student, traceback.format_exc())
                        grade = grading.Grade(0.0, points, "The grader failed on this test; your instructor "
                                              "has been told and will grade it by hand.")
                        record["flags"].append(f"{gid}: the grader failed ({type(e).__name__}: {e})")
                cell.outputs = [
                    nbformat.v4.new_output("stream", name="stdout", text=grade.report() + "\n"),
                    nbformat.v4.new_output("execute_result", data={"text/plain": repr(float(grade.points))},
                                           execution_count=cell.get("execution_count")),
                ]
                record["tests"][gid] = {"points": grade.points, "out_of": grade.out_of}
            record["runner_starts"] = runner.starts
            for i, e in sorted(runner.cell_errors.items()):
                if e and e.get("type") in ("TimeLimitExceeded", "Died"):
                    record["flags"].append(f"a cell did not finish when run for grading ({e.get('message')})")
        record["seconds"] = round(time.perf_counter() - started, 2)
        nb.metadata["advsearch"] = record
        return nb, resources


def configure(c) -> None:
    """Make ``nbgrader autograde`` sandboxed and trusted; call it from ``nbgrader_config.py``.

    Autograding refuses to start when no sandbox works here, unless the
    environment variable ``ADVSEARCH_UNSAFE_GRADING=1`` says to run student
    code unsandboxed (see :mod:`advsearch.autograde.sandbox`).
    """
    from nbconvert.preprocessors import ClearMetadataPreprocessor
    from nbgrader.preprocessors import (AssignLatePenalties, CheckCellMetadata, ClearOutput, IgnorePattern,
                                        LimitOutput, OverwriteCells, OverwriteKernelspec, SaveAutoGrades)
    c.Autograde.sanitize_preprocessors = [ClearOutput, KeepFirstIds, OverwriteKernelspec, OverwriteCells,
                                          CheckCellMetadata]
    c.Autograde.autograde_preprocessors = [SandboxedExecute, IgnorePattern, ClearMetadataPreprocessor,
                                           LimitOutput, TrustedGrades, SaveAutoGrades, AssignLatePenalties,
                                           CheckCellMetadata]
    c.Execute.timeout = 60
