"""Summarise `python -m engine.simulate carcassonne ...` JSON lines.

    python bench/carcassonne_summary.py LEVEL_A LEVEL_B file.jsonl [...]

Prints games, wins of A (ties counted apart), mean scores per level and the
slowest decision seen per level.
"""

import json
import statistics
import sys


def main(a, b, files):
    games = wins = ties = 0
    scores = {a: [], b: []}
    slowest = {a: 0.0, b: 0.0}
    for path in files:
        for line in open(path):
            if not line.startswith("{"):
                continue
            d = json.loads(line)
            games += 1
            sa = d["bots"].index(a)
            winners = d["winners"]
            if sa in winners and len(winners) == 1:
                wins += 1
            elif sa in winners:
                ties += 1
            for s, lvl in enumerate(d["bots"]):
                scores[lvl].append(d["scores"][s])
                slowest[lvl] = max(slowest[lvl], d["slowest_ms"][s])
    print(f"{a} vs {b}: {games} games, {a} wins {wins} ({100.0 * wins / max(1, games):.1f}%),"
          f" ties {ties}; mean score {a} {statistics.mean(scores[a]):.1f},"
          f" {b} {statistics.mean(scores[b]):.1f}; slowest decision {a} {slowest[a]:.0f} ms,"
          f" {b} {slowest[b]:.0f} ms")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
