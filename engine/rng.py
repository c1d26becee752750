"""A small seeded random-number generator whose whole state is one integer.

Why not `random.Random`: the state must be JSON-able (saves, bots that
sample hidden information), cheap to copy (search clones states thousands of
times) and give the same numbers under CPython and Pyodide.  SplitMix64 does
all three in a few lines.
"""

MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state", "draws")

    def __init__(self, seed: int = 0, draws: int = 0):
        self.state = (int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK
        self.draws = draws

    def copy(self) -> "Rng":
        other = Rng.__new__(Rng)
        other.state = self.state
        other.draws = self.draws
        return other

    def next_u64(self) -> int:
        self.draws += 1
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = MASK - (MASK + 1) % n
        while True:
            x = self.next_u64()
            if x <= limit:
                return x % n

    def random(self) -> float:
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> "Rng":
        """An independent generator seeded from this one (counts as a draw)."""
        return Rng(self.next_u64())
