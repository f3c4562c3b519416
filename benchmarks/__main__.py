"""``python -m benchmarks [--quick] [--rounds N]``: print the tic-tac-toe and drawing tables."""

import sys

from . import bench_draw
from .bench_tictactoe import main

if __name__ == "__main__":
    status = main()
    bench_draw.main(rounds=1 if "--quick" in sys.argv else 3)
    sys.exit(status)
