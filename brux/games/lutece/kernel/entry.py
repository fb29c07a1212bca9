"""Lutèce's cached kernel entry points: the game kit's batches built from `hooks.py`."""

from numba import njit

from brux.core import kit

from . import hooks

_core = kit.build(hooks)
_random_batch, _legal_actions = _core.play_random_batch, _core.legal_actions


@njit(cache=True, nogil=True)
def play_random_batch(params, master_seed, first_index, n_games):
    return _random_batch(params, master_seed, first_index, n_games)


@njit(cache=True)
def legal_actions(s):
    return _legal_actions(s)
