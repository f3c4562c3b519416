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

__all__ = ["StreamParser", "USAGE"]

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
