"""Declared state schemas: every field of a game's flat int64 state named once, with its bounds and visibility.

A game's `kernel/layout.py` lists its fields in order; the schema hands out consecutive offsets in that order and
the layout exports them as module-level names (kernels read `L.G_ROUND`; Numba freezes them as constants):

    SCHEMA = Schema(
        Field("P_PLAYERS", kind="param", low=2, high=MAX_PLAYERS),
        Mark("PARAMS_SIZE"),
        *header(max_players=MAX_PLAYERS, decisions=3, max_rounds=200, after={"G_OVER": (Field("G_BANK", ...),)}),
        Block("SEATS", MAX_PLAYERS, "SEAT_SIZE", (Field("S_COINS", high=66), seat_vp(500), ...)),
        *legal_cache(LEGAL_CAP, N_ACTIONS),
        Mark("STATE_SIZE"),
    )
    globals().update(SCHEMA.offsets)

A field has a size (or a shape), a kind (KINDS), inclusive bounds `low .. high` that hold in every reachable
state of every valid parameter set (derive them from the parameter limits and capacities), and a visibility:
"public" (every seat sees it), "owner" (its seat sees it; others see it withdrawn) or "nobody" (the chance
stream, deck orders). A `Block` is `count` copies of the same fields (a seat's block, a card-table row): its fields'
names are offsets relative to the block, `size_name` its size. `Mark` names the offset reached (PARAMS_SIZE).

From the declarations the schema builds the bounds of every state value (`low`, `high`), observation pieces that
copy public fields (`piece`: the bounds come along) and the generic range check (`violations`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from math import prod

import numpy as np

from brux.core.obs import Piece

KINDS = ("param", "count", "code", "seat", "card", "flag", "scratch", "rng")
VISIBILITY = ("public", "owner", "nobody")
INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1


@dataclass(frozen=True)
class Run:
    """A hidden ordered run of cards (a deck, a stack): in each row of its field (the first axis of a 2-D shape;
    the whole field otherwise) the cards at positions `first` .. `end` - 1 are in an order no seat sees. `first` and
    `end` are each a fixed number or the name of a state field holding it (one value, or one per row)."""

    end: str | int
    first: str | int = 0


@dataclass(frozen=True)
class Field:
    """`size` (or `shape`) consecutive state values named `name`, each within `low .. high` (inclusive)."""

    name: str
    size: int | tuple[int, ...] = 1
    kind: str = "count"
    low: int = 0
    high: int = 0
    vis: str = "public"
    meaning: str = ""
    run: Run | None = None

    def __post_init__(self) -> None:
        if self.run is not None and (self.kind != "card" or self.vis != "nobody"):
            raise ValueError(f"field {self.name}: a hidden run is a field of kind 'card' that nobody sees")
        if self.kind not in KINDS:
            raise ValueError(f"field {self.name}: kind {self.kind!r} is not one of {', '.join(KINDS)}")
        if self.vis not in VISIBILITY:
            raise ValueError(f"field {self.name}: visibility {self.vis!r} is not one of {', '.join(VISIBILITY)}")
        if self.n < 0:
            raise ValueError(f"field {self.name}: size must be >= 0, got {self.size}")
        if not INT64_MIN <= self.low <= self.high <= INT64_MAX:
            raise ValueError(f"field {self.name}: bounds {self.low} .. {self.high} are not int64 with low <= high")

    @property
    def n(self) -> int:
        """Values the field takes in the state."""
        return prod(self.size) if isinstance(self.size, tuple) else self.size

    @property
    def rows(self) -> tuple[int, int]:
        """(rows, values per row): the first axis of a 2-D shape, else one row of the whole field."""
        if isinstance(self.size, tuple) and len(self.size) == 2:
            return self.size
        return 1, self.n


@dataclass(frozen=True)
class Block:
    """`count` consecutive blocks of `fields` (offsets relative to a block), `size` values each (default: the
    fields' total; more pads the block); `name` is the offset of the first block, `size_name` names the size."""

    name: str
    count: int
    size_name: str
    fields: tuple[Field, ...]
    size: int | None = None

    @property
    def used(self) -> int:
        return sum(f.n for f in self.fields)

    @property
    def stride(self) -> int:
        """Values per block."""
        return self.used if self.size is None else self.size

    def __post_init__(self) -> None:
        if self.size is not None and self.size < self.used:
            raise ValueError(f"block {self.name}: size {self.size} is below its fields' {self.used}")


@dataclass(frozen=True)
class Mark:
    """A name for the offset reached at this point of the declarations (e.g. PARAMS_SIZE)."""

    name: str


Item = Field | Block | Mark


class Schema:
    """The fields of a state, in declaration order: `offsets` (name -> offset; relative inside a block, the
    block's size under its `size_name`), per-value bounds `low` / `high` (int64 arrays) of the `size` values."""

    def __init__(self, *items: Item) -> None:
        self.offsets: dict[str, int] = {}
        self.fields: dict[str, Field] = {}  # top-level fields by name
        self.blocks: dict[str, Block] = {}
        low: list[int] = []
        high: list[int] = []
        self._cells: list[tuple[str, Field]] = []  # (label, field) of every value, for messages and pieces
        for item in items:
            if isinstance(item, Mark):
                self._name(item.name, len(low))
            elif isinstance(item, Field):
                self._name(item.name, len(low))
                self.fields[item.name] = item
                for j in range(item.n):
                    low.append(item.low)
                    high.append(item.high)
                    self._cells.append((item.name if item.n == 1 else f"{item.name}[{j}]", item))
            else:
                self._block(item, low, high)
        self.size = len(low)
        self.low = np.array(low, np.int64)
        self.high = np.array(high, np.int64)
        self.runs = self._runs()

    def _name(self, name: str, offset: int) -> None:
        if name in self.offsets:
            raise ValueError(f"state schema: {name} is declared twice")
        self.offsets[name] = offset

    def _block(self, b: Block, low: list[int], high: list[int]) -> None:
        self._name(b.name, len(low))
        self._name(b.size_name, b.stride)
        self.blocks[b.name] = b
        at = 0
        rel: list[tuple[str, Field]] = []
        for f in b.fields:
            self._name(f.name, at)
            at += f.n
            rel += [(f.name if f.n == 1 else f"{f.name}[{j}]", f) for j in range(f.n)]
        pad = Field(f"{b.name}_PAD", b.stride - b.used, "scratch")
        rel += [(pad.name, pad)] * pad.n
        for k in range(b.count):
            for label, f in rel:
                low.append(f.low)
                high.append(f.high)
                self._cells.append((f"{b.name}[{k}].{label}", f))

    def _runs(self) -> np.ndarray:
        """The hidden runs as rows (offset, rows, row size, first offset, first step, first, end offset, end step,
        end): an end (or first) offset of -1 means the fixed number beside it; the step moves it to the next row."""
        out = []
        self.run_names: tuple[str, ...] = tuple(f.name for f in self.fields.values() if f.run is not None)
        for name in self.run_names:
            f = self.fields[name]
            rows, per = f.rows
            out.append((self.offsets[f.name], rows, per, *self._bound(f, f.run.first, rows),
                        *self._bound(f, f.run.end, rows)))
        return np.array(out, np.int64).reshape(len(out), 9)

    def _bound(self, f: Field, at: str | int, rows: int) -> tuple[int, int, int]:
        if isinstance(at, int):
            if not 0 <= at <= f.rows[1]:
                raise ValueError(f"hidden run {f.name}: position {at} is outside its rows of {f.rows[1]}")
            return -1, 0, at
        g = self.fields.get(at)
        if g is None:
            raise ValueError(f"hidden run {f.name}: no top-level field {at!r} holds its bounds")
        if g.n not in (1, rows):
            raise ValueError(f"hidden run {f.name}: {at} has {g.n} values, not 1 or one per row ({rows})")
        if g.low < 0 or g.high > f.rows[1]:
            raise ValueError(f"hidden run {f.name}: {at} may be {g.low} .. {g.high}, outside its rows of "
                             f"{f.rows[1]}")
        return self.offsets[at], int(g.n == rows and rows > 1), 0

    def __getitem__(self, name: str) -> int:
        return self.offsets[name]

    def span(self, first: str, last: str | None = None) -> tuple[int, int]:
        """(offset, size) of the top-level fields or blocks `first` through `last` (consecutive declarations)."""
        def end(name: str) -> int:
            if name in self.blocks:
                b = self.blocks[name]
                return self.offsets[name] + b.count * b.stride
            if name not in self.fields:
                raise KeyError(f"state schema has no field or block {name!r}")
            return self.offsets[name] + self.fields[name].n
        start = self.offsets[first]
        stop = end(last or first)
        if stop <= start:
            raise ValueError(f"state schema: {last} is declared before {first}")
        return start, stop - start

    def piece(self, name: str, meaning: str, first: str, last: str | None = None) -> Piece:
        """The observation piece copying fields `first` .. `last` of the state, with their bounds; ValueError if
        one of them is hidden from every seat."""
        o, n = self.span(first, last)
        hidden = sorted({label for label, f in self._cells[o:o + n] if f.vis == "nobody"})
        if hidden:
            raise ValueError(f"observation piece {name!r} would show fields no seat sees: {', '.join(hidden)}")
        return Piece(name, n, meaning, o, low=tuple(float(x) for x in self.low[o:o + n]),
                     high=tuple(float(x) for x in self.high[o:o + n]))

    def violations(self, s: np.ndarray) -> list[str]:
        """Every value of state `s` this schema declares that lies outside its bounds, as readable problems (empty:
        all within)."""
        if s.shape != (self.size,):
            return [f"state has shape {s.shape}, the schema declares {self.size} values"]
        v = s
        bad = np.flatnonzero((v < self.low) | (v > self.high))
        return [f"{self._cells[i][0]} = {int(v[i])} outside {int(self.low[i])} .. {int(self.high[i])}" for i in bad]


def _insert(fields: Sequence[Field], after: Mapping[str, Iterable[Field]]) -> tuple[Field, ...]:
    names = {f.name for f in fields}
    unknown = sorted(set(after) - names)
    if unknown:
        raise ValueError(f"no kit field {', '.join(unknown)} to place game fields after (kit fields: "
                         f"{', '.join(sorted(names))})")
    out: list[Field] = []
    for f in fields:
        out.append(f)
        out.extend(after.get(f.name, ()))
    return tuple(out)


# Bound of the decision counters: every game's length bound (length.py) at its parameter limits is below 400,000
# decisions, a small fraction of this; exact in float32.
COUNT_MAX = 2**24 - 1


def header(max_players: int, decisions: int, max_rounds: int, *,
           after: Mapping[str, Iterable[Field]] | None = None) -> tuple[Field, ...]:
    """The header every game starts its state with (seed, chance stream, round, seat deciding, pending decision,
    over, decision counters), with the game's own header fields placed after the kit field naming them in
    `after`. `decisions`: the game's decision codes 0 .. decisions - 1 (-1: none); `max_rounds`: the largest round
    number a state holds."""
    kit = (
        Field("G_SEED", kind="rng", high=INT64_MAX, vis="nobody", meaning="game seed"),
        Field("G_RNG_KEY", kind="rng", low=INT64_MIN, high=INT64_MAX, vis="nobody", meaning="chance stream key"),
        Field("G_RNG_CTR", kind="rng", low=INT64_MIN, high=INT64_MAX, vis="nobody",
              meaning="chance stream counter"),
        Field("G_ROUND", high=max_rounds, meaning="round"),
        Field("G_CUR", kind="seat", low=-1, high=max_players - 1, meaning="seat deciding, -1 when none"),
        Field("G_PENDING", kind="code", low=-1, high=decisions - 1, meaning="decision code, -1 when none"),
        Field("G_OVER", kind="flag", high=1, meaning="1 once the game is over"),
        Field("G_DECISIONS", high=COUNT_MAX, meaning="decisions taken by players"),
        Field("G_AUTO", high=COUNT_MAX, meaning="single-option decisions taken automatically"),
    )
    return _insert(kit, after or {})


def legal_cache(cap: int, n_actions: int, *, after_n: Iterable[Field] = ()) -> tuple[Field, ...]:
    """The cached legal actions of the pending decision: LEGAL_N, the game's `after_n` fields, LEGAL (cap)."""
    return (Field("LEGAL_N", high=cap, meaning="legal actions cached"), *after_n,
            Field("LEGAL", cap, kind="code", high=n_actions - 1, meaning="the legal actions"))


def seat_vp(high: int, low: int = 0) -> Field:
    """S_VP: a seat's victory points so far."""
    return Field("S_VP", low=low, high=high, meaning="victory points")


def seat_sources(n_sources: int, high: int, low: int = 0) -> Field:
    """S_SRC: a seat's victory points by source (the game's vp_sources)."""
    return Field("S_SRC", n_sources, low=low, high=high, meaning="victory points by source")


def seat_openings(n_openings: int, per_seat: int = 2, vis: str = "public") -> Field:
    """S_OPEN: a seat's opening codes (-1: not yet); `vis` "owner" when an opening is a sealed choice."""
    return Field("S_OPEN", per_seat, kind="code", low=-1, high=n_openings - 1, vis=vis,
                 meaning="opening codes, -1 not yet")
