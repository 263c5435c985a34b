"""A small seeded random number generator that gives the same sequence on CPython and MicroPython.

MicroPython's `random` differs between ports and has no `shuffle`, so games that must replay
from a seed (the `tet` command, saved games, tests) draw from this generator instead.
"""

_MASK = 0xFFFFFFFF


class Rng:
    """xorshift32 generator; `state` is a plain int so it can be saved and restored."""

    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        """Restart the sequence from `seed` (any int; 0 is mapped to a fixed non-zero state)."""
        s = (seed * 2654435761 + 0x9E3779B9) & _MASK
        self.state = s or 0x6D2B79F5

    def next32(self):
        """Return the next 32-bit unsigned value."""
        x = self.state
        x ^= (x << 13) & _MASK
        x ^= x >> 17
        x ^= (x << 5) & _MASK
        self.state = x
        return x

    def below(self, n):
        """Return a uniform int in 0..n-1 (rejection sampling, so no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (0x100000000 // n) * n
        while True:
            x = self.next32()
            if x < limit:
                return x % n

    def randint(self, lo, hi):
        """Return a uniform int in lo..hi inclusive."""
        return lo + self.below(hi - lo + 1)

    def choice(self, seq):
        """Return a uniformly chosen element of a non-empty sequence."""
        return seq[self.below(len(seq))]

    def shuffle(self, items):
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
