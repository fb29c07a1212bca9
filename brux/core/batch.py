"""What every game's batch kernels share: the result arrays they fill and the seed of each game of a run."""

import numpy as np
from numba import njit, uint64

from brux.core.rng import derive


@njit(cache=True)
def result_arrays(n_games, players, n_sources):
    """Zeroed results of a batch: per game its seed; per seat VP, rank, win share, VP by source and two openings;
    per game its length (decisions taken by players)."""
    return (np.zeros(n_games, np.int64), np.zeros((n_games, players), np.int32),
            np.zeros((n_games, players), np.int8), np.zeros((n_games, players), np.float64),
            np.zeros((n_games, players, n_sources), np.int32), np.zeros((n_games, players, 2), np.int16),
            np.zeros(n_games, np.int32))


@njit(cache=True)
def batch_game_seed(master_seed, index):
    """Seed of game `index` of a run (as `rng.game_seed`, inside a kernel)."""
    return np.int64(derive(master_seed, index) & uint64(0x7FFFFFFFFFFFFFFF))
