"""Setting up the nbgrader course: which files may pass from ``source/`` to students and back.

``nbgrader_config.py`` sets ``CourseDirectory.ignore`` to
:func:`only_notebooks`, so that only notebooks (and nbgrader's
``timestamp.txt``) travel.
"""

from __future__ import annotations


def literal(text: str) -> str:
    """``text`` as a glob that matches only itself."""
    return "".join(f"[{c}]" if c in "*?[" else c for c in text)


def unlike(name: str, start: int = 0) -> list:
    """Globs for the names that end with ``name[start + 1:]`` but not with ``name[start:]``, for each start.

    Together, for start = 0 .. len(name) - 2, they match every name that ends
    with ``name[-1]`` but does not end with ``name``: such a name first differs
    from ``name``, reading from the end, at some letter (``*[!c]rest``), or is
    shorter (``rest``).
    """
    out = []
    for k in range(start, len(name) - 1):
        rest = literal(name[k + 1:])
        out += ["*[!" + name[k] + "]" + rest, rest]
    return out


def only_notebooks(keep=("timestamp.txt",)) -> list:
    """Globs for nbgrader's ``CourseDirectory.ignore`` that match every file except notebooks and ``keep``.

    With these, ``nbgrader generate_assignment`` copies only notebooks from
    ``source/`` to ``release/`` (an instructor's notes, data or scripts next
    to a notebook stay behind), and only notebooks and ``keep`` move through
    the exchange.  ``timestamp.txt`` is kept because ``nbgrader collect``
    reads the submission time from it.  Hidden files (names starting with
    ".") are all ignored.

    Parameters
    ----------
    keep : sequence of str
        Exact file names to let through; no two may end with the same
        letter, and none with "b".

    Notes
    -----
    Globs cannot say "not", so the list spells "does not end with .ipynb" out
    letter by letter: ``*[!b]`` (the last letter is not b), ``*[!n]b``,
    ``*[!y]nb``, ... and the short names ``b``, ``nb``, ...  A kept name
    takes its last letter out of ``*[!b]`` and adds the same spelling-out for
    "ends with that letter but is not the kept name".

    Examples
    --------
    >>> import fnmatch
    >>> globs = only_notebooks()
    >>> def ignored(name):
    ...     return any(fnmatch.fnmatchcase(name, g) for g in globs)
    >>> [ignored(x) for x in ("ps1.ipynb", "timestamp.txt", "notes.md", "solution.py", ".secret", "a.txt")]
    [False, False, True, True, True, True]
    """
    keep = tuple(keep)
    lasts = [k[-1:] for k in keep]
    if any(not isinstance(k, str) or not k or "/" in k for k in keep) or len(set(lasts)) < len(lasts) \
            or "b" in lasts:
        raise ValueError(f"keep must be file names that end with different letters, none with 'b', not {keep!r}")
    globs = [".*", "*[!" + "b" + "".join(lasts) + "]"]
    globs += unlike(".ipynb")
    for name in keep:
        globs += unlike(name) + ["?*" + literal(name)]
    return globs
