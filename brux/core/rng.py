"""Counter-based random numbers (SplitMix64), identical in the kernels and in plain Python.

A stream is a 64-bit key and a counter, both kept in an int64 array at given offsets, so a game's streams travel
with its state. Keys derive from (seed, stream id), never from process or thread identity. See
docs/bruxelles1897.md, section 1.
"""

import numpy as np
from numba import uint64

from brux.core.jit import JIT, njit

STREAM_WORDS = 2  # a stream's words in its array: key, then counter (seat p's agent stream at off + STREAM_WORDS * p)
MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB


def mix_py(z: int) -> int:
    """SplitMix64 finaliser on a Python int."""
    z = (z + GOLDEN) & MASK64
    z = ((z ^ (z >> 30)) * _M1) & MASK64
    z = ((z ^ (z >> 27)) * _M2) & MASK64
    return z ^ (z >> 31)


def derive_py(a: int, b: int) -> int:
    """A 64-bit key from two integers."""
    return mix_py(mix_py(a & MASK64) ^ (b & MASK64))


def game_seed(master_seed: int, index: int) -> int:
    """Seed of game `index` of a run with `master_seed` (non-negative, < 2**63)."""
    return derive_py(master_seed, index) & ((1 << 63) - 1)


def as_int64(u: int) -> int:
    """The int64 holding the bits of an unsigned 64-bit value."""
    return u - (1 << 64) if u >= (1 << 63) else u


@njit(**JIT)
def mix(z):
    z = uint64(z) + uint64(GOLDEN)
    z = (z ^ (z >> uint64(30))) * uint64(_M1)
    z = (z ^ (z >> uint64(27))) * uint64(_M2)
    return z ^ (z >> uint64(31))


@njit(**JIT)
def derive(a, b):
    return mix(mix(uint64(a)) ^ uint64(b))


@njit(**JIT)
def seed_stream(arr, key_off, ctr_off, seed, stream):
    """Start stream `stream` of game `seed` at the given offsets."""
    arr[key_off] = np.int64(derive(seed, stream))
    arr[ctr_off] = 0


@njit(**JIT)
def u64_at(key, c):
    """Value number c (counting from 1) of the stream with this key."""
    return mix(uint64(key) + uint64(c) * uint64(GOLDEN))


@njit(**JIT)
def below(u, n):
    """A 64-bit stream value (any integer type) as a uniform integer in [0, n), 1 <= n < 2**32."""
    return np.int64(((uint64(u) >> uint64(32)) * uint64(n)) >> uint64(32))


@njit(**JIT)
def below_at(key, c, n):
    """Value number c of the stream with this key as a uniform integer in [0, n), 1 <= n < 2**32."""
    return below(np.int64(u64_at(key, c)), n)  # as the kernels' stored stream values: one signature of below


@njit(**JIT)
def next_u64(arr, key_off, ctr_off):
    c = arr[ctr_off] + 1
    arr[ctr_off] = c
    return u64_at(arr[key_off], c)


@njit(**JIT)
def randbelow(arr, key_off, ctr_off, n):
    """Uniform integer in [0, n) for 1 <= n < 2**32."""
    c = arr[ctr_off] + 1
    arr[ctr_off] = c
    return below_at(arr[key_off], c, n)
