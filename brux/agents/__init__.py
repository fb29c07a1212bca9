"""Agents: Numba policies over the game contract, named by spec strings (see `brux.agents.spec` and docs/agents.md).

    brux.agents.choose(state, "mcts:iters=200", seed=7)      # one decision for the seat to move
    agents = brux.agents.make_agents(game, ["greedy", "random", "random"], game_seed=7)   # step-by-step play
    game.play(1000, master_seed=0, agents=["mcts:iters=200", "greedy", "random"])        # batches (Game API)
    brux.agents.tournament_lineups(["greedy", "random", "heuristic:builder"], players=3)

Every agent draws from its own stream: seat p of the game with seed g uses stream `derive(g, 1 + p)`, never the
game's chance stream, so a game seed gives the same deals to any line-up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from brux.core.rng import GOLDEN, MASK64, as_int64, derive_py, mix_py

from .search import RANDOM
from .spec import AgentSpec, encode, encode_lineup, parse_lineup, parse_spec, split_lineup
from .tournament import tournament, tournament_lineups, wilson

__all__ = [
    "Agent", "AgentSpec", "agent_names", "choose", "encode", "encode_lineup", "make_agent", "make_agents",
    "parse_lineup", "parse_spec", "split_lineup", "tournament", "tournament_lineups", "wilson",
]


def _capability(game: Any) -> Any:
    """The game's agents capability (rules.agents); None for a game that offers only `random`."""
    return game.rules.agents


def agent_names(game: Any) -> list[str]:
    """The agents a game can be played with (base names; options go after a colon)."""
    return game.agent_names()


def parse_for_game(game: Any, agents: str | Sequence[str]) -> tuple[AgentSpec, ...]:
    """A validated line-up (one spec per seat) for a game; ValueError names a bad agent, persona or option."""
    cap = _capability(game)
    if cap is None:
        return tuple(parse_spec(s) for s in game.parse_agents(agents))
    return cap.parse(game, agents)


class Agent:
    """One agent playing one seat of one game: its spec and its stream (key, counter), advanced by every decision.

    Playing a game step by step with `make_agents(game, lineup, seed)` makes the same decisions as the kernel batch
    (`game.play`) for the game with that seed.
    """

    def __init__(self, game: Any, spec: str | AgentSpec, seat: int, game_seed: int) -> None:
        self.game = game
        self.spec = spec if isinstance(spec, AgentSpec) else parse_for_game(game, [spec] * game.players)[seat]
        self.seat = seat
        self.rng = np.array([as_int64(derive_py(int(game_seed), 1 + seat)), 0], np.int64)
        cap = _capability(game)
        if cap is None:
            self.kind, self.ip, self.fp = encode(self.spec, (), {})
        else:
            self.kind, self.ip, self.fp = encode(self.spec, cap.features, cap.weight_table(game.players),
                                                 cap.policy_options.get(game.players))

    def choose(self, state: Any) -> int:
        """The action for `state` (this agent's seat is to move); advances the agent's stream."""
        if state.is_terminal():
            raise ValueError("the game is over; there is nothing to choose")
        if state.current_player() != self.seat:
            raise ValueError(f"seat {state.current_player()} is to move, not this agent's seat {self.seat}")
        cap = _capability(self.game)
        if cap is None or self.kind == RANDOM:  # the kernels' randbelow on this agent's stream, no search compiled
            legal = state.legal_actions()
            self.rng[1] += 1
            key = int(self.rng[0]) & MASK64
            x = mix_py((key + int(self.rng[1]) * GOLDEN) & MASK64) >> 32
            return legal[(x * len(legal)) >> 32]
        return cap.decide(state.array, self.kind, self.ip, self.fp, self.rng)

    def __repr__(self) -> str:
        return f"Agent({str(self.spec)!r}, seat={self.seat})"


def make_agent(game: Any, spec: str | AgentSpec, seat: int, game_seed: int) -> Agent:
    return Agent(game, spec, seat, game_seed)


def make_agents(game: Any, agents: str | Sequence[str], game_seed: int) -> list[Agent]:
    """One Agent per seat for step-by-step play of the game with seed `game_seed`."""
    return [Agent(game, s, p, game_seed) for p, s in enumerate(parse_for_game(game, agents))]


def choose(state: Any, spec: str, seed: int | None = None) -> int:
    """The action agent `spec` takes in `state` for the seat to move.

    Its stream is that seat's stream of the game with seed `seed` (default: the state's own game seed), at its
    start: `choose(state, "mcts", seed=s)` is reproducible and reads nothing hidden in `state`.
    """
    seat = state.current_player()
    if seat < 0:
        raise ValueError("the game is over; there is nothing to choose")
    return Agent(state.game, spec, seat, state.seed if seed is None else seed).choose(state)
