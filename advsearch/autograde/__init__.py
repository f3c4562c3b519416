"""Trusted autograding: student code in a sandbox, verdicts from outside it.

- :mod:`~advsearch.autograde.sandbox`: bubblewrap with limits, for every
  process that runs student code (the notebook's kernel, the graded
  functions, contest agents); :mod:`~advsearch.autograde.cgroup` gives each
  sandbox a memory and task budget of its own where it can.
- :mod:`~advsearch.autograde.files`: what a handed-in folder may hold (no
  links, pipes or devices; files and bytes capped), and ``cut`` for every
  student string that is repeated; :mod:`~advsearch.autograde.exchange`:
  nbgrader's collect, taking only what each student handed in.
- :mod:`~advsearch.autograde.runner`: the untrusted half, run inside the
  sandbox with the standard library only: it runs a submission's cells and
  its functions.
- :mod:`~advsearch.autograde.referee`: the trusted half: drives the runner
  over a pipe, holds the games, and hands the answers to
  :mod:`advsearch.grading`'s ``assess_*`` functions.
- :mod:`~advsearch.autograde.tests`: what each test cell of each problem
  set grades.
- :mod:`~advsearch.autograde.nbgrader`: the preprocessors and kernel manager
  that put all of this into ``nbgrader autograde``.
- :mod:`~advsearch.autograde.report`: ``advsearch grading report``: every
  submission that was not graded, or looks tampered with, and why.
"""
