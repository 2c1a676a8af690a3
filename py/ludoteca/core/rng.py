"""A tiny seeded RNG whose whole state is one integer.

`random.Random` would work, but its state is 625 words; ours fits in a JSON
number, so it lives inside every game state and a record replays exactly on
CPython and Pyodide alike.
"""

MASK64 = (1 << 64) - 1
SEED_MASK = (1 << 53) - 1  # seeds stay exact even if a record passes through JavaScript


class SeededRng:
    """SplitMix64: fast, well mixed, and trivially serialisable."""

    __slots__ = ("state",)

    def __init__(self, seed: int):
        self.state = seed & MASK64

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def choice(self, items):
        return items[self.randbelow(len(items))]

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        return (self.next_u64() >> 11) / float(1 << 53)

    def fork(self) -> "SeededRng":
        """An independent stream, e.g. for an AI that must not disturb the game's RNG."""
        return SeededRng(self.next_u64())

    def copy(self) -> "SeededRng":
        return SeededRng(self.state)


def seed_from_text(text: str) -> int:
    """Turns a user-typed seed (any text) into a 64-bit seed, stably across runs."""
    text = text.strip()
    if text.isdigit():
        return int(text) & SEED_MASK
    value = 0xCBF29CE484222325  # FNV-1a, because hash() is salted per process
    for byte in text.encode("utf-8"):
        value = ((value ^ byte) * 0x100000001B3) & MASK64
    return value & SEED_MASK
