"""The Connect Four agent that the exercise sheets build, one step a sheet, in the student's file ``my_agent.py``.

- ``loading``: the file read afresh at every check (never a stale import), its errors told, not raised;
- ``steps``: each step's function checked by the checker of its sheet (``check.agent_file``);
- ``tryouts``: what the agent can do after a sheet, on Connect Four positions and games (``check.agent_tryout``).

The contest's own check of the whole file is :func:`advsearch.contest.tryout`, a front end.
"""
