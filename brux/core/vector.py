"""A vector of N games of one Game stepped in one kernel call, with automatic reset (for learning loops).

    env = brux.VectorEnv(game, n=1024, master_seed=0)
    obs, masks = env.reset()                    # (N, OBS_SIZE) float32 of the seat to move, (N, N_ACTIONS) bool
    obs, masks, rewards, done = env.step(env.random_actions())

Game i of the vector plays games of the run `master_seed` in turn (the k-th game started by the vector is game k of
the run: the same deals as `game.play`). `rewards[i, p]` is seat p's win share when game i ended on this step (1/k
to each of the k winners), 0 otherwise; a game that ended is replaced at once by the run's next game, whose
observation and mask are returned. `current_players()` gives the seat each observation is for. The observation
layout is the game's (`game.observation_layout`, docs/<game>.md "Observation").
"""

from __future__ import annotations

from typing import Any

import numpy as np

from brux.core.game import Game, load_game, nonneg_int64
from brux.core.rng import seed_stream

ACTION_STREAM = 2**32  # stream id of random_actions' draws (game streams are 0 .. players)


class VectorEnv:
    """N games of `game` in one int64 array; `step` applies one action per game in a single kernel call."""

    def __init__(self, game: Any, n: int, master_seed: int = 0) -> None:
        """`game` is a Game or a game name (played with its default player count and rules)."""
        if isinstance(game, str):
            game = load_game(game)
        elif not isinstance(game, Game):
            raise TypeError(f"VectorEnv: game must be a Game or a game name, got {type(game).__name__}")
        entry = game.rules.entry
        self.game, self.n = game, nonneg_int64(n, "n")
        if self.n == 0:
            raise ValueError("n must be at least 1")
        self.master_seed = nonneg_int64(master_seed, "master_seed")
        h = game.rules.hooks
        self.states = np.zeros((self.n, int(h.STATE_SIZE)), np.int64)
        self.obs = np.zeros((self.n, game.rules.obs_size), np.float32)
        self.masks = np.zeros((self.n, game.num_actions), np.bool_)
        self.rewards = np.zeros((self.n, game.players), np.float64)
        self.done = np.zeros(self.n, np.bool_)
        self.players = np.zeros(self.n, np.int64)
        self.next_index = np.zeros(1, np.int64)
        self.actions = np.zeros(self.n, np.int64)
        self.rng = np.zeros(2, np.int64)
        self._entry = entry

    def reset(self) -> tuple[np.ndarray, np.ndarray]:
        """Start games 0 .. N-1 of the run; their observations and legal masks (arrays reused by `step`). Also
        restarts the stream of `random_actions`."""
        self.next_index[0] = 0
        seed_stream(self.rng, 0, 1, self.master_seed, ACTION_STREAM)
        self._entry.vec_reset(self.game.flat, self.master_seed, self.next_index, self.states, self.obs, self.masks,
                              self.players)
        return self.obs, self.masks

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Apply actions[i] (legal, see the masks) in game i; (obs, masks, rewards, done), arrays reused.

        ValueError, with nothing applied, when an action is not legal in its game."""
        if not (isinstance(actions, np.ndarray) and actions.dtype == np.int64):
            actions = np.asarray(actions, np.int64)
        if actions.shape != (self.n,):
            raise ValueError(f"actions must have shape ({self.n},), got {actions.shape}")
        bad = self._entry.vec_step(self.game.flat, self.master_seed, self.next_index, self.states, actions, self.obs,
                                   self.masks, self.rewards, self.done, self.players)
        if bad >= 0:
            raise ValueError(f"action {int(actions[bad])} is not legal in game {bad} of the vector")
        return self.obs, self.masks, self.rewards, self.done

    def random_actions(self) -> np.ndarray:
        """A uniformly random legal action per game (one kernel call; the array is reused). The draws come from a
        stream of `master_seed` restarted by `reset`, so a seeded vector plays the same games every time."""
        self._entry.vec_random_actions(self.states, self.rng, self.actions)
        return self.actions

    def current_players(self) -> np.ndarray:
        """The seat to move in each game (the seat its observation is for; the array is reused)."""
        return self.players
