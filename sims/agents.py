"""Agent line-ups for runs: validation, batch play and step-by-step play, through `brux.agents`.

An agent is named by a spec string (`random`, `greedy`, `heuristic:builder`, `flatmc:n=20`, `mcts:iters=200,c=1.4`;
docs/agents.md). A line-up is one spec for every seat or one per seat.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

import brux
import brux.agents
import brux.agents.kinds
from brux import Game

from .errors import SimsError

KNOWN_AGENTS = brux.agents.kinds.NAMES


def parse_lineup(agents: str | Sequence[str], players: int, game: str | None = None) -> tuple[str, ...]:
    """One canonical agent spec per seat (checked against the game's agents when `game` is given)."""
    try:
        if game is not None:
            return brux.load_game(game, players=players).parse_agents(agents)
        return tuple(str(s) for s in brux.agents.parse_lineup(agents, players))
    except ValueError as e:
        raise SimsError(str(e)) from None


def play_batch(game: Game, lineup: Sequence[str], master_seed: int, first_index: int, n_games: int
               ) -> dict[str, np.ndarray]:
    """Result arrays (see ``Game.play_random``) of games ``first_index ..`` of a run with this line-up."""
    if all(a == "random" for a in lineup):
        return game.play_random(n_games, master_seed, first_index)
    return game.play(n_games, master_seed, first_index, agents=list(lineup))


def make_agents(game: Game, lineup: Sequence[str], game_seed: int) -> list[brux.agents.Agent]:
    """One agent per seat for step-by-step play of the game with seed `game_seed` (the batch's decisions)."""
    return brux.agents.make_agents(game, list(lineup), game_seed)
