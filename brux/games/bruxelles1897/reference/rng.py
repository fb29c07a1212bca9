"""The chance protocol of docs section 1, reproduced bit for bit.

All arithmetic is on unsigned 64-bit integers; Python integers are masked after every step.
"""

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def mix(z):
    """SplitMix64 finaliser (including the GOLDEN increment)."""
    z = (z + GOLDEN) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def derive(a, b):
    """derive(a, b) = mix(mix(a) ^ b)."""
    return mix((mix(a) ^ b) & MASK64)


def stream_key(game_seed, stream):
    """Key of stream `stream` of a game: 0 = chance, 1 + seat = agent of that seat."""
    return derive(game_seed, stream)


def batch_game_seed(master_seed, index):
    """Seed of game `index` of a batch with master seed `master_seed`."""
    return derive(master_seed, index) & ((1 << 63) - 1)


class Stream:
    """A stream is a key and a counter starting at 0."""

    def __init__(self, key):
        self.key = key & MASK64
        self.counter = 0

    def next(self):
        """Increment the counter to c and return mix(key + c * GOLDEN)."""
        self.counter += 1
        return mix((self.key + self.counter * GOLDEN) & MASK64)

    def randbelow(self, n):
        """A number in 0..n-1: ((next() >> 32) * n) >> 32, for 1 <= n < 2**32."""
        if not 1 <= n < (1 << 32):
            raise ValueError(f"randbelow({n}) out of range")
        return ((self.next() >> 32) * n) >> 32

    def shuffle(self, items):
        """Fisher-Yates from the end, in place: for i in n-1 .. 1: j = randbelow(i + 1); swap."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]
