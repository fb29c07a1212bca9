"""The shared kernel skeleton: a game's optional fast random play-out gives exactly the generic loop's games."""

from types import SimpleNamespace

import numpy as np
import pytest
from numba import njit

import brux
from brux.core import kit
from brux.games.bruxelles1897.kernel import hooks

_generic = kit.build(SimpleNamespace(__name__=f"{__name__}.generic",
                                     **{k: getattr(hooks, k) for k in hooks.__all__ if k != "PLAYOUT"}, PLAYOUT=None))
_generic_batch = _generic.play_random_batch


@njit(cache=False)
def generic_batch(params, master_seed, first_index, s, seeds, vps, rk, share, src, opens, lengths):
    _generic_batch(params, master_seed, first_index, s, seeds, vps, rk, share, src, opens, lengths)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_play_out_equals_the_generic_loop(players):
    game = brux.load_game("bruxelles1897", players=players)
    fast = game.play_random(300, master_seed=11, first_index=7)
    made = kit.result_arrays(300, players, hooks.N_SOURCES, hooks.N_OPENINGS)
    generic_batch(game.flat, 11, 7, np.zeros(_generic.work_size, np.int64), *made)
    arrays = dict(zip(kit.BATCH_KEYS, made, strict=True))
    for key in kit.BATCH_KEYS:
        assert np.array_equal(fast[key], arrays[key]), key
    assert _generic.work_size == hooks.STATE_SIZE + 2 * hooks.MAX_PLAYERS


def test_work_array_holds_the_play_out_scratch():
    from brux.core.entry import entry_points

    assert entry_points(hooks).core.work_size == hooks.STATE_SIZE + 2 * hooks.MAX_PLAYERS + hooks.PLAYOUT.work
