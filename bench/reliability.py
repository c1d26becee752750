"""The reliability counts for BENCHMARKS.md: junk actions per game (0 may be
accepted), damaged saves (all must raise SaveError only), and the size of
the storage/import fault matrix (run by tests/test_startup_faults.py and, a
subset, e2e/test_reliability.py).  The same generators as the tests.

    .venv/bin/python bench/reliability.py [--junk 2000]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import tests.conftest  # noqa: E402,F401  (registers the protocol's toy game, as in the tests)
from engine import GAMES  # noqa: E402
from tests.junk import damaged_round, junk_round  # noqa: E402
from tests.reliability_cases import import_cases, storage_cases  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--junk", type=int, default=2000, help="junk actions per game (at least)")
    args = parser.parse_args()
    print("junk actions (look-alikes of legal actions, odd seats)")
    print(f"{'game':14} {'tried':>7} {'accepted':>9} {'other exc':>10} {'changed':>8} {'positions':>10} {'s':>6}")
    for game_id in sorted(GAMES):
        t0 = time.perf_counter()
        got = junk_round(game_id, args.junk)
        print(f"{game_id:14} {got['tried']:7} {got['accepted']:9} {got['escaped']:10} {got['changed']:8} "
              f"{got['positions']:10} {time.perf_counter() - t0:6.1f}")
    print("\ndamaged saves (engine.load)")
    print(f"{'game':14} {'tried':>7} {'loaded':>7} {'other exc':>10}  SaveError keys")
    total = 0
    for game_id in sorted(GAMES):
        got = damaged_round(game_id)
        total += got["tried"]
        print(f"{game_id:14} {got['tried']:7} {got['loaded']:7} {got['escaped']:10}  {', '.join(sorted(got['keys']))}")
    print(f"{'all':14} {total:7}")
    storage, imports = storage_cases(), import_cases()
    print(f"\nfault matrix: {len(storage)} storage cases + {len(imports)} import files "
          f"(+ full-storage, too-big, refused-storage, odd-backend and two-tab cases in the tests)")


if __name__ == "__main__":
    main()
