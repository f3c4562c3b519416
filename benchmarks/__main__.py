"""``python -m benchmarks [--quick] [--rounds N] [--big]``: print the tic-tac-toe and drawing tables."""

import sys

from . import bench_draw, bench_solve
from .bench_tictactoe import main

if __name__ == "__main__":
    status = main()
    bench_draw.main(rounds=1 if "--quick" in sys.argv else 3)
    if "--quick" not in sys.argv:
        bench_solve.main(big="--big" in sys.argv)
    sys.exit(status)
