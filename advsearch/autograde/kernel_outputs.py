"""A cell's outputs as the student's kernel sent them, rebuilt into a notebook that nbgrader can always read.

nbclient copies what the kernel's messages say into the cell as it is: a
stream's ``text``, an error's ``traceback``, a prompt number
(``execution_count``) from any message that carries one.  The kernel runs the
student's code, and that code can send messages of its own: a prompt number
that is text, a stream whose text is a list, a traceback that is a string.
nbconvert then finds the autograded notebook invalid, or nbgrader's
``LimitOutput`` fails on it, and nbgrader drops the whole submission as
failed, which reads as the grader's fault.  And not every output passes
through the kernel's message caps: nbgrader adds the error of the kernel's
reply as it is.  So after the kernel, every output is rebuilt from what the
notebook format allows, each field of an error is cut to :data:`MAX_FIELD`
characters, the cell keeps no more than the room it is given, and what cannot
be read or kept is dropped with a note.

>>> import json

import nbformat
>>> cell = nbformat.v4.new_code_cell("1")
>>> cell.execution_count = "<b>x</b>"
>>> cell.outputs = [nbformat.from_dict({"output_type": "stream", "name": "stdout", "text": ["a\\n", "b\\n"]}),
...                 nbformat.from_dict({"output_type": "error", "ename": 1, "evalue": "v", "traceback": "tb"})]
>>> well_formed(cell)                  # the characters kept
139
>>> cell.execution_count, [o.get("text") for o in cell.outputs]
(None, ['a\\nb\\n', None])
>>> cell.outputs[1].traceback
['tb']
>>> well_formed(cell, room=100)
61
>>> [o.get("text") for o in cell.outputs]
['a\\nb\\n', '[advsearch: 1 output was dropped: the cell had no room left for it]\\n']
"""

from __future__ import annotations

import json

import nbformat

#: The kinds of data an output keeps: the only ones the feedback and the formgrader show (see ``SafeOutputs``).
KEEP = ("text/plain", "image/png", "image/jpeg")
#: The most characters kept of one field of an error (its value, a line of its traceback).
MAX_FIELD = 2_000
#: The notes left where outputs were dropped.
UNREADABLE = "[advsearch: {n} output{s} the kernel sent could not be read and {were} dropped]\n"
TOO_MUCH = "[advsearch: {n} output{s} {were} dropped: the cell had no room left for {them}]\n"


def well_formed(cell, room=None) -> int:
    """Rebuild ``cell``'s outputs and prompt number in place, as the notebook format allows, keeping outputs
    while they fit in ``room`` characters (their JSON; None: no limit); return the characters kept.  A note
    in the cell says how many outputs were dropped, and why."""
    cell.execution_count = _count(cell.get("execution_count"))
    outputs = cell.get("outputs")
    rebuilt = [_output(o) for o in (outputs if isinstance(outputs, list) else [outputs] if outputs else [])]
    kept, used, too_much = [], 0, 0
    for out in (o for each in rebuilt if each is not None for o in each):
        size = len(json.dumps(out))
        if room is not None and used + size > room:
            too_much += 1
            continue
        kept.append(out)
        used += size
    for n, note in ((rebuilt.count(None), UNREADABLE), (too_much, TOO_MUCH)):
        if n:
            kept.append(nbformat.v4.new_output("stream", name="stdout", text=note.format(
                n=n, s="" if n == 1 else "s", were="was" if n == 1 else "were", them="it" if n == 1 else "them")))
    cell.outputs = kept
    return used


def _count(x):
    """A prompt number: a non-negative int, else None."""
    return x if type(x) is int and 0 <= x < 2 ** 31 else None


def _text(x):
    """A text of the format (a str, or a list of str joined), else None."""
    if isinstance(x, str):
        return str(x)
    if isinstance(x, list) and all(isinstance(part, str) for part in x):
        return "".join(map(str, x))
    return None


def _field(x, default: str) -> str:
    """One field of an error, as text, at most :data:`MAX_FIELD` characters."""
    text = _text(x) or default
    return text if len(text) <= MAX_FIELD else f"{text[:MAX_FIELD]}…(+{len(text) - MAX_FIELD:,} more)"


def _output(o):
    """One output rebuilt from its readable parts, as a list: empty when it holds no kind of data the feedback
    shows (HTML alone, say), None when it cannot be read at all."""
    if not isinstance(o, dict):
        return None
    kind = o.get("output_type")
    if kind == "stream":
        text = _text(o.get("text"))
        name = o.get("name") if o.get("name") in ("stdout", "stderr") else "stdout"
        return None if text is None else [nbformat.v4.new_output("stream", name=name, text=text)]
    if kind == "error":
        traceback = o.get("traceback")
        lines = [traceback] if isinstance(traceback, str) else traceback if isinstance(traceback, list) else []
        return [nbformat.v4.new_output("error", ename=_field(o.get("ename"), "Error"),
                                       evalue=_field(o.get("evalue"), ""),
                                       traceback=[_field(line, "") for line in lines if isinstance(line, str)])]
    if kind in ("display_data", "execute_result"):
        data = o.get("data")
        if not isinstance(data, dict):
            return None
        data = {k: _text(data[k]) for k in KEEP if _text(data.get(k)) is not None}
        if not data:
            return []
        metadata = o.get("metadata")
        out = nbformat.v4.new_output(kind, data=data, metadata=dict(metadata) if isinstance(metadata, dict) else {})
        if kind == "execute_result":
            out.execution_count = _count(o.get("execution_count"))
        return [out]
    return None
