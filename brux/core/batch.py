"""The seed of each game of a run, inside the kernels."""

import numpy as np
from numba import uint64

from brux.core.jit import JIT, njit
from brux.core.rng import derive


@njit(**JIT)
def batch_game_seed(master_seed, index):
    """Seed of game `index` of a run (as `rng.game_seed`, inside a kernel)."""
    return np.int64(derive(master_seed, index) & uint64(0x7FFFFFFFFFFFFFFF))
