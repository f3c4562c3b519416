"""Running untrusted code: one sandbox for the graded notebook's kernel, graded functions and contest agents.

- :mod:`~advsearch.sandbox.bubblewrap`: the bubblewrap command with limits
  (its own uid or user namespace, no network, a memory-backed ``/tmp``, CPU,
  memory, processes and files capped) for every process that runs student
  code; :mod:`~advsearch.sandbox.cgroup` gives each sandbox a memory and task
  budget of its own where it can.
- :mod:`~advsearch.sandbox.runner`: the untrusted half, run inside with the
  standard library only (or the package, for agents and ps2): it runs cells
  and answers calls of their functions over a pipe.
- :mod:`~advsearch.sandbox.remote`: the trusted half: :class:`Runner` drives
  the runner, answers its game calls and keeps the one time limit;
  :class:`RemoteFunction` is a function of the sandbox called like a local
  one.
- :mod:`~advsearch.sandbox.files`: what a handed-in folder may hold (no
  links, pipes or devices; files and bytes capped) and ``cut`` for every
  student string that is repeated.

Autograding (:mod:`advsearch.autograde`) and the class contest
(:mod:`advsearch.contest`) both use it; neither holds a sandbox of its own.
"""

from .bubblewrap import Limits, available, command
from .remote import RemoteError, RemoteFunction, Runner, RunnerDied

__all__ = ["Limits", "available", "command", "Runner", "RemoteFunction", "RemoteError", "RunnerDied"]
