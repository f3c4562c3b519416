"""Trusted autograding: nbgrader's steps with student code in :mod:`advsearch.sandbox`, verdicts from outside it.

- :mod:`~advsearch.autograde.exchange`: nbgrader's collect, taking only what
  each student handed in;
- :mod:`~advsearch.autograde.problemsets`: what each test cell of each
  problem set grades;
- :mod:`~advsearch.autograde.nbgrader`: the preprocessors and kernel manager
  that put the sandbox and the graders into ``nbgrader autograde``;
- :mod:`~advsearch.autograde.report`: ``advsearch grading report``: every
  submission that was not graded, or looks tampered with, and why.
"""
