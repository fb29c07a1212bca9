"""A vector of N games of one Game stepped in one kernel call, with automatic reset (for learning loops).

    env = brux.VectorEnv(game, n=1024, master_seed=0)
    obs, masks = env.reset()                    # (N, OBS_SIZE) float32 of the seat to move, (N, N_ACTIONS) bool
    obs, masks, rewards, done = env.step(actions)

Game i of the vector plays games of the run `master_seed` in turn (the k-th game started by the vector is game k of
the run: the same deals as `game.play`). `rewards[i, p]` is seat p's win share when game i ended on this step (1/k
to each of the k winners), 0 otherwise; a game that ended is replaced at once by the run's next game, whose
observation and mask are returned. `current_players()` gives the seat each observation is for.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from brux.core.game import nonneg_int64


class VectorEnv:
    """N games of `game` in one int64 array; `step` applies one action per game in a single kernel call."""

    def __init__(self, game: Any, n: int, master_seed: int = 0) -> None:
        entry = game.rules.entry
        if not hasattr(entry, "vec_step"):
            raise TypeError(f"{game.name}: its kernel entry points have no vec_step (docs/adding-a-game.md)")
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
        self.next_index = np.zeros(1, np.int64)
        self._entry = entry

    def reset(self) -> tuple[np.ndarray, np.ndarray]:
        """Start games 0 .. N-1 of the run; their observations and legal masks (arrays reused by `step`)."""
        self.next_index[0] = 0
        self._entry.vec_reset(self.game.flat, self.master_seed, self.next_index, self.states, self.obs, self.masks)
        return self.obs, self.masks

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Apply actions[i] (legal, see the masks) in game i; (obs, masks, rewards, done), arrays reused."""
        actions = np.asarray(actions, np.int64)
        if actions.shape != (self.n,):
            raise ValueError(f"actions must have shape ({self.n},), got {actions.shape}")
        ok = (actions >= 0) & (actions < self.masks.shape[1])
        ok[ok] = self.masks[np.flatnonzero(ok), actions[ok]]
        if not ok.all():
            bad = int(np.flatnonzero(~ok)[0])
            raise ValueError(f"action {int(actions[bad])} is not legal in game {bad} of the vector")
        self._entry.vec_step(self.game.flat, self.master_seed, self.next_index, self.states, actions, self.obs,
                             self.masks, self.rewards, self.done)
        return self.obs, self.masks, self.rewards, self.done

    def current_players(self) -> np.ndarray:
        """The seat to move in each game (the seat its observation is for)."""
        h = self.game.rules.hooks
        return np.array([h.player(s) for s in self.states], np.int64)
