"""Text a student controls, as a contest repeats it: cut short, on one line, nothing but printable characters.

A submission's name, the move an agent returned, its exception's message or
its object's ``repr`` all reach the record (``games.jsonl``), the left-out
list, the CSV files, the leaderboard page and the terminal.  Every such
string passes through :func:`echoed` first, so that one line of a student's
code cannot write megabytes into them, break a line in two, or send escape
codes to the terminal that shows the leaderboard.  It is autograding's
:func:`advsearch.sandbox.files.cut`, so that reports, flags and contest
records cut a student's text alike.

Examples
--------
>>> echoed("raised ValueError: no idea")
'raised ValueError: no idea'
>>> echoed("x" * 10**6)[185:]
'xxx…(+999812 more)'
>>> echoed("two\\nlines, a bell\\a and an escape \\x1b[2J")
'two?lines, a bell? and an escape ?[2J'
"""

from __future__ import annotations

from ..sandbox.files import MAX_TEXT, cut


#: About the most characters of student-controlled text the contest repeats anywhere.
MAX_ECHO = MAX_TEXT


def echoed(text, limit: int = MAX_ECHO) -> str:
    """``text`` cut to about ``limit`` characters, every character that cannot be printed (a line break, an
    escape code) shown as ``?``."""
    return cut(str(text), limit)
