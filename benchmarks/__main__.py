"""``python -m benchmarks [--quick] [--rounds N] [--big]``: print the tic-tac-toe, drawing, import-time, chance-pruning,
solving and contest tables."""

import sys

from . import bench_chance, bench_contest, bench_draw, bench_import, bench_mcts, bench_solve, bench_threat_ads
from .bench_tictactoe import main

if __name__ == "__main__":
    status = main()
    bench_draw.main(rounds=1 if "--quick" in sys.argv else 3)
    bench_import.main(rounds=3 if "--quick" in sys.argv else 7)
    bench_chance.main(quick="--quick" in sys.argv)
    bench_threat_ads.main(quick="--quick" in sys.argv)
    bench_mcts.main(quick="--quick" in sys.argv)
    if "--quick" not in sys.argv:
        bench_solve.main(big="--big" in sys.argv)
    bench_contest.main(quick="--quick" in sys.argv)         # 20 agents: about 8 minutes; --quick: 4, half a minute
    sys.exit(status)
