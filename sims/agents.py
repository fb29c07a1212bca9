"""Agent spec strings: validation, line-ups per seat, batch play and step-by-step play.

An agent is named by a short spec string (``random``). This module is the one place that knows which agents
exist: a line-up is validated here, batches of games are played here and single games are stepped here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

from brux import Game, State
from brux.core.rng import GOLDEN, MASK64, derive_py, mix_py

from .errors import SimsError

KNOWN_AGENTS = ("random",)


class Agent(Protocol):
    """A policy for one seat of one game."""

    def choose(self, state: State) -> int:
        """The action to take in `state` (the agent's seat is to move)."""


def parse_agent(spec: str) -> str:
    """The normalised spec string of one agent; SimsError names an unknown agent."""
    text = spec.strip()
    name, sep, options = text.partition(":")
    if name not in KNOWN_AGENTS:
        raise SimsError(f"unknown agent {text!r}; known agents: {', '.join(KNOWN_AGENTS)}")
    if sep:
        raise SimsError(f"agent {name!r} takes no options, got {text!r}")
    return name


def parse_lineup(agents: str | Sequence[str], players: int) -> tuple[str, ...]:
    """One agent spec per seat from ``"random"`` (every seat) or ``"a,b,c"`` / a list (one per seat)."""
    items = agents.split(",") if isinstance(agents, str) else list(agents)
    specs = [parse_agent(a) for a in items]
    if len(specs) == 1:
        return tuple(specs) * players
    if len(specs) != players:
        raise SimsError(f"{len(specs)} agents given for {players} players; give one for all seats or one per seat")
    return tuple(specs)


def play_batch(game: Game, lineup: Sequence[str], master_seed: int, first_index: int, n_games: int
               ) -> dict[str, np.ndarray]:
    """Result arrays (see ``Game.play_random``) of games ``first_index ..`` of a run with this line-up."""
    unknown = sorted(set(lineup) - {"random"})
    if unknown:
        raise SimsError(f"unknown agent {unknown[0]!r}; known agents: {', '.join(KNOWN_AGENTS)}")
    return game.play_random(n_games, master_seed, first_index)


class RandomAgent:
    """Uniformly random play from the seat's agent stream (stream ``1 + seat`` of the game seed).

    It makes the same choices as the kernels' batch play, so a game of a run can be re-played step by step from
    its ``seed`` column.
    """

    def __init__(self, game_seed: int, seat: int) -> None:
        self.key = derive_py(game_seed, 1 + seat)
        self.counter = 0

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        self.counter += 1
        x = mix_py((self.key + self.counter * GOLDEN) & MASK64) >> 32
        return legal[(x * len(legal)) >> 32]


def make_agents(lineup: Sequence[str], game_seed: int) -> list[Agent]:
    """One agent object per seat for step-by-step play of the game with seed `game_seed`."""
    return [RandomAgent(game_seed, seat) for seat, _ in enumerate(parse_lineup(list(lineup), len(lineup)))]
