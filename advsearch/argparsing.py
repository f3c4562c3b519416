"""An argument parser for commands that are also called from tests and from other commands.

:class:`StreamParser` writes its help and errors to the streams it is
given, and raises ``SystemExit`` instead of ending the process, so that
``advsearch`` and its subcommands (:mod:`advsearch.cli`,
:mod:`advsearch.autograde.report`) can be run with ``io.StringIO`` streams.

Examples
--------
>>> import io
>>> out, err = io.StringIO(), io.StringIO()
>>> p = StreamParser(prog="demo", out=out, err=err)
>>> _ = p.add_argument("n", type=int)
>>> try:
...     p.parse_args(["x"])
... except SystemExit as e:
...     print(e.code, err.getvalue().splitlines()[-1])
2 demo: error: argument n: invalid int value: 'x'
"""

from __future__ import annotations

import argparse
import re

from . import validation


#: The exit status of a command line that could not be parsed.
USAGE = 2


class StreamParser(argparse.ArgumentParser):
    """An ArgumentParser that writes to given streams and raises SystemExit rather than calling sys.exit."""

    def __init__(self, *args, out=None, err=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.out, self.err = out, err

    def print_help(self, file=None):
        self._print_message(self.format_help(), file or self.out)

    def print_usage(self, file=None):
        self._print_message(self.format_usage(), file or self.out)

    def error(self, message):
        self.print_usage(self.err)
        self.exit(USAGE, f"{self.prog}: error: {message}\n")

    def exit(self, status=0, message=None):
        if message:
            self._print_message(message, self.err)
        raise SystemExit(status)


# --- Types of arguments. ---

def positive_int(text) -> int:
    """An argparse type: a whole number >= 1.

    >>> positive_int("3")
    3
    >>> positive_int("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '0' is not a whole number >= 1
    """
    return _argument(text, validation.count, "a whole number >= 1")


def whole_number(text) -> int:
    """An argparse type: a whole number >= 0.

    >>> whole_number("0")
    0
    >>> whole_number("-2")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '-2' is not a whole number >= 0
    """
    return _argument(text, lambda name, n: validation.whole_number(name, n, least=0), "a whole number >= 0")


def _argument(text, check, kind):
    """``check("n", int(text))``, or an ArgumentTypeError saying that ``text`` is not ``kind``."""
    try:
        return check("n", int(text))
    except (TypeError, ValueError):
        raise argparse.ArgumentTypeError(f"{text!r} is not {kind}") from None


def board_size(text) -> tuple:
    """An argparse type: a Connect Four board, WIDTHxHEIGHT."""
    match = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", str(text))
    if not match or min(int(match[1]), int(match[2])) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a board size such as 7x6 (columns x rows)")
    return int(match[1]), int(match[2])


def seconds_or_none(text):
    """An argparse type: a time per move, a positive number of seconds, or 'none' for no limit.

    >>> seconds_or_none("2.5"), seconds_or_none("none")
    (2.5, None)
    >>> seconds_or_none("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '0' is not a positive number of seconds (or 'none' for no limit)
    """
    if str(text).strip().lower() == "none":
        return None
    try:
        return validation.budget("the time per move", float(text))
    except (TypeError, ValueError):
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number of seconds (or 'none' for no limit)") \
            from None
