"""Submissions written by a dishonest student, for the round trip (roundtrip.py) to autograde.

Each attack is a released notebook (the stub: no honest answer anywhere)
with a few cells of the attacker's, so every one of them deserves 0 of the
automatic points.  The round trip asserts, for each, that it gets 0, that no
other student's grade changed, that no process outlived the autograde, that
the installed package and the course's source are unchanged, and that no
solution text reached the autograded notebook.

The kernel runs in ``<course>/autograded/<student>/<assignment>/``, so
``../../..`` is the course root: the gradebook, ``source/`` and the other
students' folders are there, outside the sandbox.

:data:`HONEST` are submissions of the right answers with an ordinary
JupyterLab edit (a copied cell, a renamed kernel, cells moved): each deserves
full marks.
"""

from __future__ import annotations

import os
import shutil
import stat
import uuid

import nbformat

#: Course root, seen from the kernel's working directory.
ROOT = "../../.."

_FULL_MARKS_CLASS = '''
class _Yes(float):
    def __new__(cls, *a, **k): return float.__new__(cls, 2.0)
    def __eq__(self, other): return True
    def __ne__(self, other): return False
    def __lt__(self, other): return False
    def __le__(self, other): return True
    def __gt__(self, other): return False
    def __ge__(self, other): return True
    def __hash__(self): return 0
    def __contains__(self, x): return True
    def __len__(self): return 1
'''

#: name -> (kind, assignments, {placement: source}).  Placement "first" is a cell before every answer;
#: "answer:<grade_id>" replaces that answer cell's source; "last" is a cell at the end.
ATTACKS = {
    # ---------------------------------------------------------- the verdict in the student's kernel
    "display_off": ("verdict in kernel", ("ps1", "ps3", "ps4"), {"first": '''
import sys
from IPython import get_ipython
get_ipython().display_formatter.active_types = []      # nothing a cell returns is shown
sys.displayhook = lambda value: None
'''}),
    "float_display": ("verdict in kernel", ("ps1",), {"first": '''
from IPython import get_ipython
get_ipython().display_formatter.formatters["text/plain"].for_type(float, lambda x, p, cycle: p.text("4.0"))
get_ipython().display_formatter.formatters["text/plain"].for_type(int, lambda x, p, cycle: p.text("4"))
'''}),
    "import_hook": ("verdict in kernel", ("ps1", "ps3", "ps4"), {"first": '''
import importlib.abc, importlib.util, sys, types
class _Grader(types.ModuleType):
    def __getattr__(self, name):
        class _Full:
            def __init__(self, *a, **k): self.points = 4.0
            def award(self): return 4.0
            def __getattr__(self, n): return self
            def __call__(self, *a, **k): return self
        return _Full
class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, name, path, target=None):
        if name.startswith("advsearch.grading") or name.startswith("advsearch.autograde"):
            return importlib.util.spec_from_loader(name, self)
    def create_module(self, spec): return _Grader(spec.name)
    def exec_module(self, module): pass
sys.meta_path.insert(0, _Finder())
for k in [k for k in sys.modules if k.startswith("advsearch")]:
    del sys.modules[k]
'''}),
    "fake_package_in_cwd": ("verdict in kernel", ("ps1",), {"first": '''
import os, sys
os.makedirs("advsearch", exist_ok=True)
with open("advsearch/__init__.py", "w") as f:
    f.write("MAX, MIN, CHANCE = 0, 1, -1\\n")
with open("advsearch/grading.py", "w") as f:
    f.write("def __getattr__(name):\\n    return lambda *a, **k: type('F', (), {'award': lambda s: 4.0})()\\n")
sys.path.insert(0, os.getcwd())
for k in [k for k in sys.modules if k.startswith("advsearch")]:
    del sys.modules[k]
'''}),
    "patch_grader_functions": ("verdict in kernel", ("ps1", "ps3", "ps4"), {"first": '''
import advsearch.grading as G, advsearch.check as C
for name in dir(G):
    if name.startswith("assess_"):
        setattr(G, name, lambda *a, **k: type("F", (), {"award": lambda s: 4.0, "points": 4.0})())
for name in ("values", "pruned", "implementation"):
    setattr(C, name, lambda *a, **k: type("Y", (), {"ok": True, "text": "Correct."})())
try:
    import advsearch.autograde.problemsets as P
    for ps in P.PROBLEM_SETS.values():
        for gid in list(ps.tests):
            ps.tests[gid] = lambda sub, points: G.Grade(points, points, "Full marks.")
except Exception:
    pass
'''}),
    "patch_math": ("verdict in kernel", ("ps1", "ps3", "ps4"), {"first": '''
import math, operator, builtins
math.isclose = lambda *a, **k: True
math.isfinite = lambda *a, **k: True
builtins.abs = lambda x: 0
operator.eq = lambda a, b: True
''', "answer:q1_answer": "values_answer = {k: -1000 for k in 'ABCDEFGHIJKLMN'}",
        "answer:q1_answer@ps4": "maxn_values = {k: (-1000, -1000, -1000) for k in 'ABCDEFGHIJ'}\nmaxn_move = 'B'"}),
    "always_equal_values": ("scoring hole", ("ps1", "ps3", "ps4"), {
        "answer:q1_answer": _FULL_MARKS_CLASS + "values_answer = {k: _Yes() for k in 'ABCDEFGHIJKLMN'}",
        "answer:q1_answer@ps4": _FULL_MARKS_CLASS + "maxn_values = {k: (_Yes(),) * 3 for k in 'ABCDEFGHIJ'}\n"
                                                    "class _S(str):\n    def __eq__(self, o): return True\n"
                                                    "    __hash__ = str.__hash__\nmaxn_move = _S('B')",
        "answer:q2_answer@ps4": _FULL_MARKS_CLASS + "paranoid_values = {k: _Yes() for k in 'ABCDEFGHIJ'}\n"
                                                    "paranoid_move = spite_node = 'B'"}),
    "always_equal_everything": ("scoring hole", ("ps1",), {
        "answer:q1_answer": _FULL_MARKS_CLASS + '''
class _Dict(dict):
    def __eq__(self, other): return True
    def __getitem__(self, k): return _Yes()
    def __contains__(self, k): return True
    def get(self, k, d=None): return _Yes()
values_answer = _Dict(A=_Yes())''',
        "answer:q2_answer": _FULL_MARKS_CLASS + '''
class _List(list):
    def __eq__(self, other): return True
pruned_answer = _List(["a1"])'''}),
    # ---------------------------------------------------------- scoring holes
    "blank_pruned": ("scoring hole", ("ps1",), {"answer:q2_answer": "pruned_answer = []"}),
    "blank_everything": ("scoring hole", ("ps1", "ps3", "ps4"), {
        "answer:q1_answer": "values_answer = {}", "answer:q2_answer": "pruned_answer = set()",
        "answer:q1_answer@ps4": "maxn_values = {}\nmaxn_move = ''",
        "answer:q2_answer@ps4": "paranoid_values = {}\nparanoid_move = spite_node = ''"}),
    "bool_values": ("scoring hole", ("ps1", "ps3", "ps4"), {
        "answer:q1_answer": "values_answer = {k: True for k in 'ABCDEFGHIJKLMN'}",
        "answer:q1_answer@ps4": "maxn_values = {k: (True, True, True) for k in 'ABCDEFGHIJ'}\nmaxn_move = 'B'",
        "answer:q2_answer@ps4": "paranoid_values = {k: True for k in 'ABCDEFGHIJ'}\nparanoid_move = spite_node = 'B'"}),
    "nan_values": ("scoring hole", ("ps1", "ps3", "ps4"), {
        "answer:q1_answer": "values_answer = {k: float('nan') for k in 'ABCDEFGHIJKLMN'}",
        "answer:q1_answer@ps4": "maxn_values = {k: (float('nan'),) * 3 for k in 'ABCDEFGHIJ'}\nmaxn_move = 'B'",
        "answer:q2_answer@ps4": "paranoid_values = {k: float('nan') for k in 'ABCDEFGHIJ'}"}),
    "guess_labels": ("scoring hole", ("ps4",), {
        "answer:q1_answer": "maxn_move = 'B'",
        "answer:q2_answer": "paranoid_values = {k: 0 for k in 'ABCDEFGHIJ'}\nparanoid_move = 'C'\nspite_node = 'B'"}),
    "int_subclass_values": ("scoring hole", ("ps1",), {
        "answer:q1_answer": "class I(int):\n    def __eq__(self, o): return True\n    __hash__ = int.__hash__\n"
                            "values_answer = {k: I(0) for k in 'ABCDEFGHIJKLMN'}"}),
    "every_leaf_pruned": ("scoring hole", ("ps1",), {
        "answer:q2_answer": "pruned_answer = [f'{c}{i}' for c in 'abcdefghijklmn' for i in range(1, 4)]"}),
    # ---------------------------------------------------------- nothing isolated
    "read_solutions": ("isolation", ("ps1",), {"first": f'''
import glob
for path in glob.glob("{ROOT}/source/**/*.ipynb", recursive=True) + glob.glob("/work/**/source/ps1/*.ipynb",
                                                                              recursive=True):
    print(open(path).read())
'''}),
    "read_classmates": ("isolation", ("ps1",), {"first": f'''
import glob
for path in glob.glob("{ROOT}/submitted/*/ps1/*.ipynb") + glob.glob("{ROOT}/autograded/*/ps1/*.ipynb"):
    print(path, open(path).read()[:2000])
'''}),
    "gradebook_sqlite": ("isolation", ("ps1",), {"first": f'''
import sqlite3, glob
for path in glob.glob("{ROOT}/gradebook.db") + glob.glob("/tmp/*/course/gradebook.db"):
    db = sqlite3.connect(path)
    db.execute("UPDATE grade SET manual_score = 0, auto_score = 0")
    db.execute("UPDATE grade SET manual_score = 99")
    db.commit()
    print("rewrote", path)
'''}),
    "rewrite_package": ("isolation", ("ps1",), {"first": '''
import advsearch, advsearch.grading, os
for module in (advsearch.grading, advsearch):
    with open(module.__file__, "a") as f:
        f.write("\\nraise SystemExit('sabotaged')\\n")
os.system("touch " + os.path.dirname(advsearch.__file__) + "/sabotage.py")
'''}),
    "daemon": ("isolation", ("ps1",), {"first": f'''
import os, subprocess, sys
code = "import time, sqlite3\\nwhile True:\\n    time.sleep(0.5)\\n    try:\\n        db = sqlite3.connect('{ROOT}/gradebook.db'); db.execute('UPDATE grade SET manual_score = 99'); db.commit()\\n    except Exception: pass  # advsearch-daemon"
subprocess.Popen([sys.executable, "-c", code, "advsearch-daemon"], start_new_session=True,
                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
if os.fork() == 0:
    os.setsid()
    import time
    while True:
        time.sleep(1)
'''}),
    "memory_hog": ("isolation", ("ps1",), {"first": '''
hog = []
try:
    for _ in range(64):
        hog.append(bytearray(1 << 30))
except MemoryError:
    print("refused at", len(hog), "GiB")
''', "answer:q3_answer": '''
def minimax(game, state):
    hog = bytearray(8 << 30)
    return 0'''}),
    "output_flood": ("isolation", ("ps1",), {"first": '''
import sys
for _ in range(200):
    sys.stdout.write("x" * 100_000 + "\\n")
for _ in range(20000):
    print("flood")
'''}),
    "fork_bomb": ("isolation", ("ps1",), {"first": '''
import os
children = 0
try:
    for _ in range(500):
        if os.fork() == 0:
            import time
            time.sleep(30)
            os._exit(0)
        children += 1
except OSError as e:
    print("stopped after", children, e)
'''}),
    "network": ("isolation", ("ps1",), {"first": '''
import socket
for host, port in (("127.0.0.1", 8888), ("1.1.1.1", 80), ("localhost", 22)):
    try:
        socket.create_connection((host, port), timeout=1)
        print("connected to", host)
    except OSError as e:
        print("no network:", e)
'''}),
    "impersonate": ("identity", ("ps1",), {"first": '''
import os
os.environ["ADVSEARCH_STUDENT_ID"] = "reference"
os.environ["NBGRADER_EXECUTION"] = ""
try:
    os.chdir("../../reference/ps1")
except OSError:
    pass
STUDENT_ID = "reference"
'''}),
    # ---------------------------------------------------------- borrowing the package's search
    "pass_through_wrapper": ("borrowing", ("ps1",), {
        "answer:q3_answer": '''
import advsearch as ads
class _Through:
    def __init__(self, game): self.g = game; self.initial_state = None
    def __getattr__(self, name): return getattr(self.g, name)
def minimax(game, state):
    return ads.minimax(_Through(game), state).value''',
        "answer:q4_answer": '''
import advsearch as ads
def alphabeta(game, state):
    return ads.alphabeta(game, state).value'''}),
    "unwrap_recording": ("borrowing", ("ps1",), {
        "answer:q4_answer": '''
def alphabeta(game, state):
    inner = getattr(game, "game", None) or getattr(game, "_game", None) or game.__dict__.get("game")
    import advsearch as ads
    return ads.alphabeta(inner, state).value'''}),
    "replay_reference": ("borrowing", ("ps1",), {
        "answer:q4_answer": '''
def alphabeta(game, state):
    from advsearch import grading
    trees = grading.search_trees(grading.student_seed("replay_reference", "ps1"))
    import advsearch as ads
    for t in trees:
        if str(t.initial_state) == str(state):
            for kind, path in grading.reference_visits(t):
                pass
            return ads.alphabeta(t).value
    return 0'''}),
    "private_helpers": ("borrowing", ("ps1", "ps3", "ps4"), {
        "answer:q3_answer": '''
from advsearch.trees import Tree
def minimax(game, state):
    return Tree(state).values()[()]     # the package's own value oracle, no search of game''',
        "answer:q3_answer@ps3": '''
from advsearch.trees import Tree
def expectimax(game, state):
    return Tree(state).values()[()]''',
        "answer:q4_answer@ps3": '''
import advsearch as ads
def mcts(game, state, iterations, rng):
    r = ads.mcts(game, state, iterations=iterations, seed=1)
    return {a: (w, n) for a, (w, n) in r.stats.items()}''',
        "answer:q3_answer@ps4": '''
from advsearch.trees import Tree
def maxn(game, state):
    return Tree(state, game.num_players).values()[()]'''}),
    "borrow_maxn": ("borrowing", ("ps4",), {"answer:q3_answer": '''
import advsearch as ads
def maxn(game, state):
    inner = getattr(game, "game", None) or game
    return ads.maxn(inner, state).value'''}),
    # ---------------------------------------------------------- the runner itself
    "exit_runner": ("runner", ("ps1",), {"answer:q4_answer": '''
import os
def alphabeta(game, state):
    os._exit(0)'''}),
    "forge_protocol": ("runner", ("ps1",), {"answer:q4_answer": '''
import os
def alphabeta(game, state):
    for fd in range(3, 12):
        try:
            os.write(fd, b'{"done": 4.0}\\n{"done": 4.0}\\n')
        except OSError:
            pass
    return 4.0'''}),
    # ---------------------------------------------------------- after the kernel: what nbgrader does next
    "kernel_leaves_links": ("after the kernel", ("ps1",), {"first": f'''
import os
plants = {{"ps1.ipynb": "{ROOT}/gradebook.db", "notes.txt": "{ROOT}/.advsearch-grading-key",
          "ps1_files": "{ROOT}/autograded/reference/ps1/ps1.ipynb", "config.py": "{ROOT}/nbgrader_config.py",
          "outside": "/etc/passwd"}}
for name, target in plants.items():
    try:
        os.remove(name)
    except OSError:
        pass
    try:
        os.symlink(target, name)
    except OSError as e:
        print("no link", name, e)
'''}),
    "kernel_leaves_pipe": ("after the kernel", ("ps1",), {"first": '''
import os
for name in ("ps1.ipynb", "extra.ipynb"):
    try:
        os.remove(name)
    except OSError:
        pass
    os.mkfifo(name)
'''}),
    "kernel_fills_disk": ("after the kernel", ("ps1",), {"first": '''
import os
folders = [".", "/tmp"]
try:
    from ipykernel.connect import get_connection_file
    folders.append(os.path.dirname(get_connection_file()))
except Exception:
    pass
written = 0
for folder in folders:
    for i in range(40):
        try:
            with open(os.path.join(folder, f"fill{i}.bin"), "wb") as f:
                f.write(os.urandom(1 << 20) * 30)
            written += 30
        except OSError:
            break
print("wrote MiB:", written)
'''}),
    "kernel_many_files": ("after the kernel", ("ps1",), {"first": '''
import os
made = 0
try:
    for i in range(200000):
        open(f"f{i}", "w").close()
        made += 1
except OSError:
    pass
print("made", made)
'''}),
    # ---------------------------------------------------------- cost: slow only where it is graded
    "slow_only_when_graded": ("cost", ("ps1",), {
        f"last{i}": "import os\nif 'NBGRADER_EXECUTION' not in os.environ:\n    while True:\n        pass"
        for i in range(40)}),
    "slow_everywhere": ("cost", ("ps1",), {
        f"last{i}": "import os, time\nif 'NBGRADER_EXECUTION' in os.environ:\n    time.sleep(5)\n"
                    "else:\n    while True:\n        pass" for i in range(40)}),
    # ---------------------------------------------------------- echoes: one line, megabytes everywhere
    "echo_student_id": ("echo", ("ps1",), {"answer:q1_answer": "STUDENT_ID = 'x' * 10_000_000\n"
                                                                 "values_answer = {'A' * 1_000_000: 1}"}),
    "echo_labels": ("echo", ("ps1", "ps3", "ps4"), {
        "answer:q1_answer": "values_answer = {str(i) * 5000: i for i in range(2000)}",
        "answer:q1_answer@ps4": "maxn_values = {str(i) * 5000: (1, 2, 3) for i in range(2000)}\n"
                                "maxn_move = 'B' * 10**6",
        "answer:q2_answer@ps4": "paranoid_values = {'Q' * 10**6: 1}\nparanoid_move = spite_node = 'Z' * 10**6"}),
    "echo_exception": ("echo", ("ps1",), {"answer:q3_answer": '''
def minimax(game, state):
    raise ValueError("v" * 5_000_000)'''}),
    # ---------------------------------------------------------- blame: the student's fault, named as such
    "repr_exits": ("blame", ("ps1", "ps4"), {"answer:q1_answer": '''
import os
class Exit:
    def __repr__(self):
        os._exit(0)
values_answer = {"A": Exit()}''', "answer:q1_answer@ps4": '''
import os
class Exit:
    def __repr__(self):
        os._exit(0)
maxn_values = {"A": Exit()}
maxn_move = Exit()'''}),
    "repr_sleeps": ("blame", ("ps1",), {"answer:q1_answer": '''
import time
class Slow:
    def __repr__(self):
        time.sleep(3600)
values_answer = {"A": {Slow(), Slow()}}'''}),
    "eq_hash_raise": ("blame", ("ps1",), {"answer:q2_answer": '''
class Bad:
    def __eq__(self, other):
        raise RuntimeError("eq")
    def __hash__(self):
        raise RuntimeError("hash")
    def __repr__(self):
        raise RuntimeError("repr")
pruned_answer = [Bad(), Bad()]'''}),
    "huge_number": ("blame", ("ps1",), {"answer:q1_answer": "values_answer = {'A': 10 ** 100_000}"}),
    "exit_in_call": ("blame", ("ps1",), {"answer:q3_answer": '''
import os
def minimax(game, state):
    os._exit(3)''', "answer:q4_answer": '''
import os, signal
def alphabeta(game, state):
    os.kill(os.getpid(), signal.SIGKILL)'''}),
    # ---------------------------------------------------------- shared budgets
    "thread_hog": ("shared budget", ("ps1",), {"first": '''
import threading, time
threads = []
try:
    for _ in range(100000):
        t = threading.Thread(target=time.sleep, args=(120,), daemon=True)
        t.start()
        threads.append(t)
except RuntimeError:
    pass
print("threads", len(threads))
'''}),
    "tmp_hog": ("shared budget", ("ps1",), {"first": '''
written = 0
try:
    for i in range(64):
        with open(f"/tmp/hog{i}", "wb") as f:
            f.write(b"x" * (32 << 20))
        written += 32
except OSError:
    pass
print("wrote to /tmp MiB:", written)
'''}),
    "site_packages": ("standard library only", ("ps1",), {"answer:q4_answer": '''
import glob, sys
for pattern in ("/usr/lib/python3*/*-packages", "/usr/local/lib/python3*/*-packages",
                "/root/.pyenv/versions/*/lib/python3*/site-packages", "/opt/*/lib/python3*/site-packages"):
    sys.path.extend(glob.glob(pattern))
try:
    import advsearch
    _search = advsearch.alphabeta
except ImportError:
    _search = None
def alphabeta(game, state):
    return _search(game, state).value'''}),
}


#: A file outside the course (next to it) that a planted link points at.
OUTSIDE = "outside-the-course.txt"


def _link(target):
    def plant(course, folder):
        os.symlink(target(course) if callable(target) else target, os.path.join(folder, "notes.txt"))
    return plant


def _notebook_link(course, folder):
    nb = os.path.join(folder, os.path.basename(folder) + ".ipynb")
    os.remove(nb)
    os.symlink(os.path.join("..", "..", "reference", os.path.basename(folder), os.path.basename(nb)), nb)


def _hard_link(course, folder):
    os.link(os.path.join(course, ".advsearch-grading-key"), os.path.join(folder, "key.txt"))


def _fifo_notebook(course, folder):
    nb = os.path.join(folder, os.path.basename(folder) + ".ipynb")
    os.remove(nb)
    os.mkfifo(nb)


def _device(course, folder):
    if os.geteuid() == 0:
        os.mknod(os.path.join(folder, "zero"), 0o666 | stat.S_IFCHR, os.makedev(1, 5))
    else:
        os.symlink("/dev/zero", os.path.join(folder, "zero"))


def _many_files(course, folder):
    for i in range(3000):
        open(os.path.join(folder, f"f{i}"), "w").close()


def _big_file(course, folder):
    with open(os.path.join(folder, "data.bin"), "wb") as f:
        f.truncate(30 << 20)


def _folder_link(course, folder):
    shutil.rmtree(folder)
    os.symlink(os.path.join("..", "reference", os.path.basename(folder)), folder)


def _nested_link(course, folder):
    os.makedirs(os.path.join(folder, "data", "deep"))
    os.symlink(os.path.join(course, "gradebook.db"), os.path.join(folder, "data", "deep", "db"))


#: Hand-ins that plant something beside, or in place of, their notebook in ``submitted/<student>/<assignment>/``
#: (as an unpacked zip, or a student writing into nbgrader's exchange, can): ``{name: plant(course, folder)}``,
#: called after the notebook is written.  Each must be refused before nbgrader reads it, earn nothing, leave
#: every target as it was (bytes, mode and time), and be named by ``advsearch grading report``.
PLANTS = {
    "plant_link_gradebook": _link(lambda course: os.path.join(course, "gradebook.db")),
    "plant_link_key": _link(lambda course: os.path.join(course, ".advsearch-grading-key")),
    "plant_link_script": _link(lambda course: os.path.join(course, "nbgrader_config.py")),
    "plant_link_outside": _link(lambda course: os.path.join(os.path.dirname(course), OUTSIDE)),
    "plant_link_dangling": _link("/nowhere/at/all"),
    "plant_link_dev_zero": _link("/dev/zero"),
    "plant_notebook_link": _notebook_link,
    "plant_hard_link": _hard_link,
    "plant_fifo_notebook": _fifo_notebook,
    "plant_fifo": lambda course, folder: os.mkfifo(os.path.join(folder, "pipe")),
    "plant_device": _device,
    "plant_many_files": _many_files,
    "plant_big_file": _big_file,
    "plant_folder_link": _folder_link,
    "plant_nested_link": _nested_link,
}


def _first_answer_index(nb) -> int:
    return next(i for i, c in enumerate(nb.cells) if c.metadata.get("nbgrader", {}).get("solution"))


def attack_notebook(release_nb, assignment: str, placements: dict):
    """The released notebook with the attacker's cells put in."""
    nb = nbformat.from_dict(nbformat.reader.reads(nbformat.writes(release_nb)))
    for where, source in placements.items():
        where, _, only = where.partition("@")
        if only and only != assignment:
            continue
        if where.startswith("answer:"):
            if f"{where}@{assignment}" in placements and not only:
                continue
            gid = where.split(":", 1)[1]
            for cell in nb.cells:
                if cell.metadata.get("nbgrader", {}).get("grade_id") == gid:
                    cell.source = source.strip()
    for where, source in placements.items():
        if where == "first":
            nb.cells.insert(_first_answer_index(nb), nbformat.v4.new_code_cell(source.strip()))
        elif where.startswith("last"):                  # "last", "last2", ...: appended in order
            nb.cells.append(nbformat.v4.new_code_cell(source.strip()))
    return nb


def attacks_for(assignment: str, release_nb, attacks: dict | None = None) -> dict:
    """``{name: notebook}`` of every attack on ``assignment`` (of :data:`ATTACKS`, or of ``attacks``)."""
    return {f"attack_{name}": attack_notebook(release_nb, assignment, placements)
            for name, (kind, assignments, placements) in (attacks or ATTACKS).items() if assignment in assignments}


def honest_edits(answered) -> dict:
    """``{name: notebook}``: the right answers, with an ordinary edit each; all deserve full marks.

    ``answered(student)`` is the notebook with the right answers for ``student``.
    """
    def twin(cell):
        copy = nbformat.from_dict(nbformat.reader.reads(nbformat.writes(nbformat.v4.new_notebook(cells=[cell]))))
        twin = copy.cells[0]
        twin["id"] = uuid.uuid4().hex[:12]
        return twin

    out = {}
    nb = answered("honest_copied_answer")
    i = _first_answer_index(nb)
    nb.cells.insert(i + 1, twin(nb.cells[i]))
    out["honest_copied_answer"] = nb

    nb = answered("honest_copied_test")
    j = next(k for k, c in enumerate(nb.cells) if c.metadata.get("nbgrader", {}).get("grade")
             and not c.metadata["nbgrader"].get("solution"))
    nb.cells.insert(j + 1, twin(nb.cells[j]))
    out["honest_copied_test"] = nb

    nb = answered("honest_renamed_kernel")
    nb.metadata["kernelspec"] = {"name": "my-renamed-kernel", "display_name": "My kernel", "language": "python"}
    out["honest_renamed_kernel"] = nb

    nb = answered("honest_moved_cells")
    answers = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("solution") and c.cell_type == "code"]
    rest = [c for c in nb.cells if c not in answers]
    nb.cells = rest + answers                       # every answer moved to the end, below its test
    out["honest_moved_cells"] = nb

    nb = answered("honest_extra_cell")
    nb.cells.append(nbformat.v4.new_code_cell("print('my own notes')\nscratch = [1, 2, 3]"))
    out["honest_extra_cell"] = nb
    for nb in out.values():
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.outputs, cell.execution_count = [], None
    return out
