"""Building a kernel state layout: consecutive named offsets into one flat int64 array.

A layout is best declared whole as a `brux.core.schema.Schema`; `Offsets` hands out offsets by hand, and
`Offsets.schema` places a run of declared fields (the kit's header) among them.
"""

from __future__ import annotations

from brux.core.schema import Item, Schema


class Offsets:
    """Hands out consecutive offsets; `size` is the total taken so far."""

    def __init__(self) -> None:
        self.size = 0

    def take(self, n: int = 1) -> int:
        start = self.size
        self.size += n
        return start

    def schema(self, *items: Item) -> Schema:
        """The declared fields `items` placed at the next offsets (their names: `Schema.offsets`)."""
        s = Schema(*items, start=self.size)
        self.size = s.size
        return s
