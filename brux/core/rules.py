"""The game contract: what every game's rules object provides to the generic Game/State API and to `sims`."""

from typing import Any, Protocol

import numpy as np


class Rules(Protocol):
    """A game's rules: parameters, the Numba kernel over one flat state array, views and batches."""

    name: str
    min_players: int
    max_players: int
    vp_sources: tuple[str, ...]  # scoring sources, in the order of `vp_by_source` arrays
    n_actions: int  # actions are integers 0 .. n_actions - 1

    def resolve_params(self, overrides: dict[str, Any]) -> dict[str, Any]:
        """Full validated parameter set; ValueError names a bad field."""

    def flatten(self, params: dict[str, Any], players: int) -> np.ndarray:
        """The numeric parameter block the kernel reads."""

    def new_state(self, flat: np.ndarray, seed: int) -> np.ndarray:
        """A new game's state array (first decision pending)."""

    def apply(self, state: np.ndarray, action: int) -> None:
        """Apply a legal action in place (then any automatic decisions)."""

    def current_player(self, state: np.ndarray) -> int:
        """Seat whose decision is pending; -1 when the game is over."""

    def legal(self, state: np.ndarray) -> np.ndarray:
        """Legal actions of the pending decision, ascending."""

    def action_names(self, flat: np.ndarray) -> tuple[str, ...]:
        """Readable name of every action number."""

    def to_dict(self, state: np.ndarray) -> dict[str, Any]:
        """The documented readable view."""

    def from_dict(self, view: dict[str, Any], flat: np.ndarray, seed: int) -> np.ndarray:
        """A state from a readable view (hidden information drawn from seed)."""

    def result(self, state: np.ndarray) -> list[dict[str, Any]]:
        """Per seat: seat, vp, rank, win_share, vp_by_source (finished games)."""

    def opening_labels(self, flat: np.ndarray) -> tuple[str, ...]:
        """Label of every opening code (code -1 is '-')."""

    def play_random(self, flat: np.ndarray, master_seed: int, first_index: int, n_games: int) -> dict[str, np.ndarray]:
        """Play games first_index .. first_index + n_games - 1 of a run with uniformly random agents.

        Returns arrays: seed (g), length (g), vp, rank, win_share (g, players), vp_by_source (g, players, sources),
        opening (g, players, 2) as opening codes.
        """

    # ---- agents (brux.agents; a game without them offers only `random`, through play_random) ----
    agent_features: tuple[str, ...]  # names of the evaluation features the agents' weights apply to

    def agent_weights(self) -> dict[str, np.ndarray]:
        """Evaluation weight vectors by name: "greedy" and one per heuristic persona."""

    def play_agents(self, flat: np.ndarray, master_seed: int, first_index: int, n_games: int, kinds: np.ndarray,
                    iparams: np.ndarray, fparams: np.ndarray) -> dict[str, np.ndarray]:
        """Like play_random, seat p played by agent (kinds[p], iparams[p], fparams[p]) (brux.agents.spec codes).

        All seats random gives exactly play_random's games. Adds "decisions" (g, players): decisions per seat.
        """

    def agent_decide(self, state: np.ndarray, kind: int, iparams: np.ndarray, fparams: np.ndarray,
                     rng: np.ndarray) -> int:
        """The action one agent takes for the seat to move (state unchanged); rng = [key, counter], advanced."""
