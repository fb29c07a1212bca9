"""What no seat sees, from the state schema: a game's `hide` and `determinise` hooks built once.

A game declares its hidden ordered runs of cards on its schema (`Field(..., kind="card", vis="nobody",
run=Run(end=..., first=...))`); the kit's chance stream (G_SEED, G_RNG_KEY, G_RNG_CTR) is hidden in every game.

    hide, determinise = hidden_views(__name__, L.SCHEMA, own_hide=withdraw_plays, own_determinise=redraw_plays)

`hide(s, me)` puts every run in canonical order (brux.core.cards.sort_run), then calls the game's own part (what is
hidden in other ways: another seat's sealed choice), then zeroes the stream. `determinise(s, me, rng, ko, co)`
re-deals every run from the agent's stream (resample_run), in declaration order or the `order` given, then the
game's own part, then zeroes the seed and re-keys the copy's chance stream from the agent's stream, so that no future
chance can follow the real game's. A determinised copy depends only on what `me` sees: determinise(hide(s, me), me)
is determinise(s, me) (every game's hooks are checked for it), so a search hides once and determinises copies.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from .cards import resample_run, sort_run
from .jit import JIT, njit, njit_for
from .rng import next_u64
from .schema import Schema


@njit(**JIT)
def no_stage(s, p):
    """A game's `rest_of_stage` hook when it has no simultaneous stage: every decision is taken seeing the ones
    before it, so a lookahead has nothing to draw after its own turn."""


@njit(**JIT)
def nothing_to_hide(s, me):
    """A game's own part of `hide` when the schema's runs and the stream are all it hides."""


@njit(**JIT)
def nothing_to_resample(s, me, rng, ko, co):
    """A game's own part of `determinise` when the schema's runs and the stream are all it re-deals."""


def hidden_views(owner: str, schema: Schema, own_hide: Callable = nothing_to_hide,
                 own_determinise: Callable = nothing_to_resample,
                 order: Sequence[str] | None = None) -> tuple[Callable, Callable]:
    """The game's `hide(s, me)` and `determinise(s, me, rng, ko, co)` hooks from the hidden runs of `schema` and
    the game's own parts; compiled and cached as `owner`'s (a hooks module name). `order` names every run in the
    order `determinise` re-deals them (it fixes which draws of the agent's stream each gets; default: the order
    they are declared in)."""
    names = schema.run_names
    if order is not None and sorted(order) != sorted(names):
        raise ValueError(f"the order of the hidden runs must name each of {', '.join(names)} once, got "
                         f"{', '.join(order)}")
    runs = schema.runs[[names.index(n) for n in order]] if order is not None else schema.runs
    seed, key, ctr = (schema.offsets[n] for n in ("G_SEED", "G_RNG_KEY", "G_RNG_CTR"))

    @njit_for(owner, **JIT)
    def span(s, r, row):
        """(offset, length) of row `row` of hidden run `r`."""
        first = runs[r, 5] if runs[r, 3] < 0 else s[runs[r, 3] + row * runs[r, 4]]
        end = runs[r, 8] if runs[r, 6] < 0 else s[runs[r, 6] + row * runs[r, 7]]
        return runs[r, 0] + row * runs[r, 2] + first, end - first

    @njit_for(owner, **JIT)
    def hide(s, me):
        for r in range(runs.shape[0]):
            for row in range(runs[r, 1]):
                off, n = span(s, r, row)
                sort_run(s, off, n)
        own_hide(s, me)
        s[seed] = 0
        s[key] = 0
        s[ctr] = 0

    @njit_for(owner, **JIT)
    def determinise(s, me, rng, ko, co):
        for r in range(runs.shape[0]):
            for row in range(runs[r, 1]):
                off, n = span(s, r, row)
                resample_run(s, off, n, rng, ko, co)
        own_determinise(s, me, rng, ko, co)
        s[seed] = 0
        s[key] = np.int64(next_u64(rng, ko, co))
        s[ctr] = 0

    return hide, determinise
