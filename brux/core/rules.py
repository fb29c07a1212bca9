"""The game contract: one generic rules object over a game's kernel hooks, its parameter table and its view.

A game's `rules.py` is a single `Rules(...)` with the game's data (docs/adding-a-game.md); the generic Game/State
API and `sims` read only this object.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import numpy as np

from brux.core.kit import BATCH_KEYS
from brux.core.obs import ObsLayout
from brux.core.params import ParamTable
from brux.core.rng import seed_stream

# Kernel hooks every game provides (docs/adding-a-game.md); a game missing one does not load.
HOOKS = ("init", "apply", "player", "nlegal", "legal", "nplayers", "vp", "source_vp", "opening", "length", "better",
         "hide", "determinise", "observe", "PARAMS_SIZE", "STATE_SIZE", "N_ACTIONS", "N_SOURCES", "N_OPENINGS",
         "MAX_PLAYERS", "OBS_SIZE", "OBS_LAYOUT", "PLAYOUT")


@dataclass(eq=False)
class Rules:
    """A game's rules: its kernel (`hooks`, cached `entry` points), parameters, view, names and capabilities.

    `entry` provides `play_random_batch`, `legal_actions` and the `vec_*` batches (`brux.core.entry.entry_points`);
    `view` provides `to_dict(state)` and `from_dict(view, flat, seed)`; `agents` is None for a game that offers only
    `random`.
    `rules_version` is the game's registry entry's (brux.games), stamped on by `get_rules`. `max_length(flat)` is a
    true upper bound on the decisions of a game with those parameters (derived per game in its `length.py`).
    """

    name: str
    min_players: int
    max_players: int
    vp_sources: tuple[str, ...]  # scoring sources, in the order of `vp_by_source` arrays
    hooks: ModuleType
    entry: ModuleType
    params: ParamTable
    view: ModuleType
    action_names: Callable[[np.ndarray], tuple[str, ...]]  # readable name of every action number
    opening_labels: Callable[[np.ndarray], tuple[str, ...]]  # label of every opening code (code -1 is '-')
    opening_key: str = ""  # how an opening label reads, and how it relates to the action names of a trace
    agents: Any = None  # brux.agents.kit.GameAgents or None
    rules_version: int = 0
    # an upper bound on the decisions of one game from the flattened parameters (the game's length.py)
    max_length: Callable[[np.ndarray], int] | None = None
    # top-level keys a scenario view may carry beyond those of `to_dict` (e.g. hidden information it fixes)
    scenario_keys: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        missing = [name for name in HOOKS if not hasattr(self.hooks, name)]
        if missing:
            raise TypeError(f"{self.name}: kernel hooks missing {', '.join(missing)} (docs/adding-a-game.md)")
        if self.hooks.OBS_LAYOUT.size != self.hooks.OBS_SIZE:
            raise TypeError(f"{self.name}: OBS_SIZE {self.hooks.OBS_SIZE} is not the size of OBS_LAYOUT "
                            f"({self.hooks.OBS_LAYOUT.size})")

    @property
    def obs_size(self) -> int:
        """Length of an observation vector (the game's OBS_SIZE)."""
        return int(self.hooks.OBS_SIZE)

    @property
    def obs_layout(self) -> ObsLayout:
        """The named pieces of an observation vector (the game's OBS_LAYOUT)."""
        return self.hooks.OBS_LAYOUT

    def observation(self, state: np.ndarray, player: int) -> np.ndarray:
        """Seat `player`'s float32 observation (the game's `observe` hook; layout in its docs)."""
        out = np.zeros(self.obs_size, np.float32)
        self.hooks.observe(state, player, out)
        return out

    def hidden_view(self, state: np.ndarray, player: int) -> np.ndarray:
        """A copy of the state with what `player` cannot see in canonical form (the game's `hide` hook)."""
        t = state.copy()
        self.hooks.hide(t, player)
        return t

    def resample(self, state: np.ndarray, player: int, seed: int) -> np.ndarray:
        """A copy with what `player` cannot see re-drawn from `seed` by the game's `determinise` (as the agents)."""
        t = state.copy()
        rng = np.zeros(2, np.int64)
        seed_stream(rng, 0, 1, seed, 0)
        self.hooks.determinise(t, player, rng, 0, 1)
        return t

    def rewards(self, state: np.ndarray) -> np.ndarray:
        """Running reward of every seat: its victory points so far (float64)."""
        h = self.hooks
        return np.array([h.vp(state, p) for p in range(int(h.nplayers(state)))], np.float64)

    @property
    def n_actions(self) -> int:
        """Actions are integers 0 .. n_actions - 1."""
        return int(self.hooks.N_ACTIONS)

    def resolve_params(self, overrides: dict[str, Any]) -> dict[str, Any]:
        """Full validated parameter set; ValueError names a bad field."""
        return self.params.resolve(overrides)

    def flatten(self, p: dict[str, Any], players: int) -> np.ndarray:
        """The numeric parameter block the kernel reads."""
        return self.params.flatten(p, players)

    def new_state(self, flat: np.ndarray, seed: int) -> np.ndarray:
        """A new game's state array (first decision with a choice pending)."""
        s = np.zeros(self.hooks.STATE_SIZE, np.int64)
        self.entry.state_step(s, flat, seed, -1)
        return s

    def apply(self, state: np.ndarray, action: int) -> None:
        """Apply a legal action in place (then any automatic decisions)."""
        self.entry.state_step(state, state, 0, action)  # (the parameters are not read)

    def current_player(self, state: np.ndarray) -> int:
        """Seat whose decision is pending; -1 when the game is over."""
        return int(self.hooks.player(state))

    def legal(self, state: np.ndarray) -> np.ndarray:
        """Legal actions of the pending decision, ascending."""
        return self.entry.legal_actions(state)

    def to_dict(self, state: np.ndarray) -> dict[str, Any]:
        """The documented readable view."""
        return self.view.to_dict(state)

    def from_dict(self, d: dict[str, Any], flat: np.ndarray, seed: int) -> np.ndarray:
        """A state from a readable view (hidden information drawn from seed)."""
        return self.view.from_dict(d, flat, seed)

    def result(self, state: np.ndarray) -> list[dict[str, Any]]:
        """Per seat: seat, vp, rank, win_share, vp_by_source (finished games)."""
        h = self.hooks
        n = int(h.nplayers(state))
        ranks = [1 + sum(bool(h.better(state, q, p)) for q in range(n) if q != p) for p in range(n)]
        first = ranks.count(1)
        return [
            {"seat": p, "vp": int(h.vp(state, p)), "rank": ranks[p], "win_share": 1.0 / first if ranks[p] == 1 else 0.0,
             "vp_by_source": {name: int(h.source_vp(state, p, j)) for j, name in enumerate(self.vp_sources)}}
            for p in range(n)
        ]

    def play_random(self, flat: np.ndarray, players: int, master_seed: int, first_index: int,
                    n_games: int) -> dict[str, np.ndarray]:
        """Play games first_index .. first_index + n_games - 1 of a run with uniformly random agents (`flat`: the
        parameters of a `players`-seat game).

        Returns arrays: seed (g), length (g), vp, rank, win_share (g, players), vp_by_source (g, players, sources),
        opening (g, players, openings) as opening codes.
        """
        arrays = self.entry.random_batch(flat, players, master_seed, first_index, n_games)
        return dict(zip(BATCH_KEYS, arrays, strict=True))
