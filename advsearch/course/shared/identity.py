"""Who is graded: the student id, from the notebook or from nbgrader's folders, and each student's seed.

nbgrader passes no student id to the kernel.  It does set the environment
variable ``NBGRADER_EXECUTION`` to ``"autograde"`` (or ``"validate"``) while
it runs a notebook, and it runs the kernel in the directory of the notebook
it grades, ``<course>/autograded/<student_id>/<assignment_id>/`` with the
default ``CourseDirectory.directory_structure``.  So while autograding, the
student id is the name of the directory above the kernel's working directory
(see :func:`id_from_path`).  The id a student types into the notebook only
chooses which trees the notebook shows; the hidden tests always grade the
trees of the id nbgrader grades, and say so when the two differ.

Outside autograding the id comes from, in order: the id the notebook
declares, the environment variable ``ADVSEARCH_STUDENT_ID``, JupyterHub's
``JUPYTERHUB_USER`` (nbgrader on JupyterHub uses the hub user name as the
student id), and last the placeholder ``"anonymous"``.

:func:`student_seed` turns an id into the seed of that student's trees.
"""

from __future__ import annotations

import hashlib
import os


#: The student id used when nothing names the student.
ANONYMOUS = "anonymous"

#: The environment variable an instructor (or a test) may set to name the student.
ENV_STUDENT = "ADVSEARCH_STUDENT_ID"


def autograding() -> bool:
    """Whether nbgrader is autograding this kernel's notebook right now.

    nbgrader sets ``NBGRADER_EXECUTION=autograde`` while it runs a submission
    (and ``validate`` while it validates).

    >>> autograding()          # not under nbgrader here
    False
    """
    return os.environ.get("NBGRADER_EXECUTION") == "autograde"


def id_from_path(path: str, autograded_directory: str = "autograded"):
    """The student id in a path below nbgrader's ``autograded/<student_id>/<assignment_id>``, or None.

    Parameters
    ----------
    path : str
        A directory (the kernel's working directory while autograding) or a
        file in it.
    autograded_directory : str
        The name nbgrader's ``CourseDirectory.autograded_directory`` gives that
        step's folder.

    Examples
    --------
    >>> id_from_path("/course/autograded/alice/ps1")
    'alice'
    >>> id_from_path("/course/autograded/bob/ps1/ps1.ipynb")
    'bob'
    >>> id_from_path("/home/alice/ps1") is None
    True
    """
    parts = os.path.normpath(os.path.abspath(path)).split(os.sep)
    for i in range(len(parts) - 2, 0, -1):
        if parts[i] == autograded_directory and parts[i + 1]:
            return parts[i + 1]
    return None


def cleaned(x) -> str:
    """``x`` without surrounding spaces if it is a string, else "" (no id)."""
    return x.strip() if isinstance(x, str) else ""


def student_id(declared: str = "", *, graded: bool = False) -> str:
    """The student whose trees a notebook shows (or, with ``graded=True``, whose trees are graded).

    Parameters
    ----------
    declared : str
        The id the notebook declares (``STUDENT_ID = "..."``); empty when the
        student left it blank.
    graded : bool
        False, for the student's own cells: the declared id wins, so a student
        sees the trees of the id they typed.  True, for hidden tests: while
        nbgrader autogrades, the id of the submission's directory wins over
        anything the notebook says.

    Returns
    -------
    str
        The first of: (graded only) the autograded directory's student; the
        declared id; (not graded) the autograded directory's student; the
        environment variable ``ADVSEARCH_STUDENT_ID``; ``JUPYTERHUB_USER``;
        and :data:`ANONYMOUS`.

    Examples
    --------
    Outside nbgrader, a declared id wins either way:

    >>> student_id("alice"), student_id("alice", graded=True)
    ('alice', 'alice')
    """
    from_path = id_from_path(os.getcwd()) if autograding() else None
    declared = cleaned(declared)
    order = [from_path, declared] if graded else [declared, from_path]
    order += [cleaned(os.environ.get(ENV_STUDENT)), cleaned(os.environ.get("JUPYTERHUB_USER"))]
    for x in order:
        if x:
            return x
    return ANONYMOUS


def student_seed(student: str, assignment: str, item: str = "") -> int:
    """A 64-bit seed for one student, assignment and item, the same on every machine.

    It is the first 8 bytes of SHA-256 of ``"advsearch/<assignment>/<item>/<student>"``.
    The recipe is public on purpose: a student's trees are no secret (the
    student must see them); what matters is that each student's differ.

    Examples
    --------
    >>> student_seed("alice", "ps1") == student_seed("alice", "ps1")
    True
    >>> len({student_seed(s, "ps1") for s in ("alice", "bob", "carol")})
    3
    >>> student_seed("alice", "ps1") != student_seed("alice", "ps2")
    True
    """
    for name, x in (("student", student), ("assignment", assignment), ("item", item)):
        if not isinstance(x, str):
            raise ValueError(f"{name} must be a string, not {x!r}")
    text = f"advsearch/{assignment}/{item}/{student.strip()}"
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")
