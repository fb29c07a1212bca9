"""Bruxelles 1897's cached kernel entry points: the game kit's batches and decisions built from `hooks.py`."""

from brux.agents import kit as agent_kit
from brux.core import kit
from brux.core.jit import njit

from . import hooks

_core = kit.build(hooks)
_agents = agent_kit.build(hooks, _core)
_random_batch, _legal_actions = _core.play_random_batch, _core.legal_actions
_vec_reset, _vec_step, _vec_random = _core.vec_reset, _core.vec_step, _core.vec_random_actions
_play_batch, _decide_one, _after_features = _agents.play_batch, _agents.decide_one, _agents.after_features


@njit(cache=True, nogil=True)
def play_random_batch(params, master_seed, first_index, n_games):
    return _random_batch(params, master_seed, first_index, n_games)


@njit(cache=True)
def legal_actions(s):
    return _legal_actions(s)


@njit(cache=True, nogil=True)
def play_batch(params, master_seed, first_index, n_games, kinds, iparams, fparams):
    return _play_batch(params, master_seed, first_index, n_games, kinds, iparams, fparams)


@njit(cache=True)
def decide_one(state, kind, ip, fp, rng):
    return _decide_one(state, kind, ip, fp, rng)


@njit(cache=True)
def after_features(state, ip, fp, rng):
    return _after_features(state, ip, fp, rng)


@njit(cache=True, nogil=True)
def vec_reset(params, master_seed, next_index, states, obs, masks, players):
    _vec_reset(params, master_seed, next_index, states, obs, masks, players)


@njit(cache=True, nogil=True)
def vec_step(params, master_seed, next_index, states, actions, obs, masks, rewards, done, players):
    return _vec_step(params, master_seed, next_index, states, actions, obs, masks, rewards, done, players)


@njit(cache=True, nogil=True)
def vec_random_actions(states, rng, actions):
    _vec_random(states, rng, actions)
