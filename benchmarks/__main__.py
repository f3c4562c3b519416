"""``python -m benchmarks [--quick] [--rounds N]``: print the tic-tac-toe table."""

import sys

from .bench_tictactoe import main

if __name__ == "__main__":
    sys.exit(main())
