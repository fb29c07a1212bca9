"""Building a kernel state layout: consecutive named offsets into one flat int64 array."""


class Offsets:
    """Hands out consecutive offsets; `size` is the total taken so far."""

    def __init__(self) -> None:
        self.size = 0

    def take(self, n: int = 1) -> int:
        start = self.size
        self.size += n
        return start
