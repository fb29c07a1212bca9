"""Runs of cards in a flat state: an ordered run s[off : off + n] of card codes (a deck, a stack, a hidden row).

Every game shuffles, and its agents put what a seat cannot see in canonical form and resample it, with these three:
- `shuffle_run`: Fisher–Yates from the end, one draw of the stream (rng[key_off], rng[ctr_off]) per swap: for
  i = n - 1 .. 1, j = below(i + 1), swap i and j. A kernel shuffles from the game's own chance stream by passing the
  state itself as `rng` (the run and the counter never overlap).
- `sort_run`: the canonical order of a run, ascending codes; it depends only on the run's multiset.
- `resample_run`: canonical order, then shuffled: the result depends only on the multiset and the stream, never on
  the order the hidden cards were in (an agent's determinisation).
"""

from __future__ import annotations

from .jit import JIT, njit
from .rng import below_at


@njit(**JIT)
def shuffle_run(s, off, n, rng, key_off, ctr_off):
    """Shuffle s[off : off + n] in place from the stream (rng[key_off], rng[ctr_off]), advancing it n - 1 draws."""
    key = rng[key_off]
    c = rng[ctr_off]
    for i in range(n - 1, 0, -1):
        c += 1  # the counter stays in a register: the draws do not wait for each other
        j = below_at(key, c, i + 1)
        t = s[off + i]
        s[off + i] = s[off + j]
        s[off + j] = t
    rng[ctr_off] = c


@njit(**JIT)
def sort_run(s, off, n):
    """Put s[off : off + n] in canonical (ascending) order, in place (insertion sort: runs are short)."""
    for i in range(1, n):
        x = s[off + i]
        j = i - 1
        while j >= 0 and s[off + j] > x:
            s[off + j + 1] = s[off + j]
            j -= 1
        s[off + j + 1] = x


@njit(**JIT)
def resample_run(s, off, n, rng, key_off, ctr_off):
    """Put s[off : off + n] in canonical order, then shuffle it from the stream (rng[key_off], rng[ctr_off])."""
    sort_run(s, off, n)
    shuffle_run(s, off, n, rng, key_off, ctr_off)
