"""Outputs a student's kernel can send, rebuilt so that nbgrader can always validate and store the notebook."""

import json
import subprocess
import sys

import nbformat
import pytest
from hypothesis import given, settings, strategies as st
from nbgrader.preprocessors import LimitOutput

from advsearch import sandbox
from advsearch.autograde.kernel_outputs import KEEP, MAX_FIELD, well_formed

# Anything JSON can carry, which is what a kernel's message can carry.
json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
                           max_leaves=8)
KINDS = ("stream", "display_data", "execute_result", "error", "update_display_data", "nonsense")
FIELDS = ("name", "text", "data", "metadata", "execution_count", "ename", "evalue", "traceback")


@st.composite
def outputs(draw):
    """An output as a forged message could make it: a known kind, and each field of any JSON type."""
    o = {"output_type": draw(st.sampled_from(KINDS))}
    for field in draw(st.lists(st.sampled_from(FIELDS), unique=True)):
        o[field] = draw(json_values | st.sampled_from(["stdout", "stderr"])
                        | st.dictionaries(st.sampled_from([*KEEP, "text/html"]), json_values, max_size=3))
    return o


def a_notebook(cell_outputs, count):
    """A notebook of one code cell holding what a kernel sent, unchecked (as nbclient stores it)."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1")])
    nb.cells[0]["outputs"] = [nbformat.from_dict(o) if isinstance(o, dict) else o for o in cell_outputs]
    nb.cells[0]["execution_count"] = count
    return nb


@settings(max_examples=300, deadline=None)
@given(st.lists(outputs() | json_values, max_size=5), json_values, st.none() | st.integers(0, 400))
def test_whatever_the_kernel_sent_the_notebook_validates_and_limit_output_reads_it(cell_outputs, count, room):
    nb = a_notebook(cell_outputs, count)
    used = well_formed(nb.cells[0], room)
    real = [o for o in nb.cells[0].outputs if not o.get("text", "").startswith("[advsearch:")]
    assert used == sum(len(json.dumps(o)) for o in real) and (room is None or used <= room)
    nbformat.validate(nb)                                    # what nbconvert does after each preprocessor
    LimitOutput(max_lines=2, max_traceback=3).preprocess(nb, {})   # nbgrader's, later in autograde
    nbformat.validate(nb)


@given(st.text(), st.sampled_from(["stdout", "stderr"]), st.text(), st.integers(0, 10 ** 6))
def test_well_formed_outputs_are_kept_as_they_are(text, name, plain, count):
    sent = [nbformat.v4.new_output("stream", name=name, text=text),
            nbformat.v4.new_output("execute_result", data={"text/plain": plain}, execution_count=count),
            nbformat.v4.new_output("error", ename="ValueError", evalue=text, traceback=["a", text])]
    nb = a_notebook([dict(o) for o in sent], count)
    well_formed(nb.cells[0])
    assert nb.cells[0].outputs == sent and nb.cells[0].execution_count == count


def test_the_review_s_forged_messages_are_mended_and_the_unreadable_ones_noted():
    # review 40: a prompt number as text, a stream's text as a list; both once made nbgrader drop the notebook
    nb = a_notebook([{"output_type": "execute_result", "data": {"text/plain": "42"}, "metadata": {},
                      "execution_count": "<b>x</b>"},
                     {"output_type": "stream", "name": "stdout", "text": ["a\n", "b\n"]},
                     {"output_type": "stream", "name": "stdout", "text": {"not": "text"}},
                     {"output_type": "display_data", "data": {"text/html": "<script>x</script>"}, "metadata": {}},
                     "not an output"], "<b>x</b>")
    well_formed(nb.cells[0])                  # drops the dict text and the string; HTML is not shown, so not noted
    cell = nb.cells[0]
    assert cell.execution_count is None and cell.outputs[0].execution_count is None
    assert [o.get("text") for o in cell.outputs[1:]] == [
        "a\nb\n", "[advsearch: 2 outputs the kernel sent could not be read and were dropped]\n"]
    assert len(cell.outputs) == 3


def test_an_error_is_cut_field_by_field_and_a_cell_keeps_what_fits():
    # review 42: the error of the kernel's reply never passes the message caps (nbgrader adds it as it is), so
    # one `raise ValueError("x" * 30_000_000)` once made a 60 MB autograded notebook
    nb = a_notebook([{"output_type": "error", "ename": "ValueError", "evalue": "x" * 30_000_000,
                      "traceback": ["y" * 30_000_000, "short"]}], 1)
    well_formed(nb.cells[0])
    error = nb.cells[0].outputs[0]
    assert error.evalue == "x" * MAX_FIELD + f"…(+{30_000_000 - MAX_FIELD:,} more)"
    assert error.traceback[0].startswith("y" * MAX_FIELD + "…(+") and error.traceback[1] == "short"
    stream = nbformat.v4.new_output("stream", name="stdout", text="z" * 100)
    nb = a_notebook([dict(stream)] * 10, 1)
    fit = 500 // len(json.dumps(stream))
    assert well_formed(nb.cells[0], room=500) == fit * len(json.dumps(stream))
    assert nb.cells[0].outputs[:-1] == [stream] * fit
    assert nb.cells[0].outputs[-1].text == (f"[advsearch: {10 - fit} outputs were dropped: the cell had no room "
                                            f"left for them]\n")


ONE_HUGE_MESSAGE = r'''
import json, os, resource, sys
import nbformat
from advsearch.autograde.nbgrader import SandboxedExecute
send = """
_k = get_ipython().kernel
_k.session.send(_k.iopub_socket, "stream", {"name": "stdout", "text": "y" * 100_000_000},
                parent=_k.get_parent("shell"), ident=_k._topic("stream"))
"""
nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(send)])
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
nb, _ = SandboxedExecute(timeout=30).preprocess(nb, {"metadata": {"path": os.getcwd()}})
grew = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
print(json.dumps({"grew_kib": grew, "kept": len(json.dumps(nb.cells[0].outputs))}))
'''


@pytest.mark.skipif(sandbox.available() is not None, reason=f"no sandbox here: {sandbox.available()}")
def test_one_huge_message_from_the_kernel_is_never_read_whole(tmp_path):
    # review 42 (not tried there): the caps of SandboxedExecute.output apply once a message has been read whole;
    # one iopub message of 200 MB made the grading process grow by 764 MB, and the kernel may hold 4 GB
    done = subprocess.run([sys.executable, "-c", ONE_HUGE_MESSAGE], cwd=tmp_path, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    measured = json.loads(done.stdout.strip().splitlines()[-1])
    assert measured["grew_kib"] < 64 * 1024 and measured["kept"] < 10_000, measured
