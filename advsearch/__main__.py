"""``python -m advsearch``: the ``advsearch`` command (see :mod:`advsearch.cli`)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
