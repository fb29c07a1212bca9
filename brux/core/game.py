"""The Python API of a game (DESIGN.md): Game and State over a game's Numba kernel."""

from __future__ import annotations

from typing import Any

import numpy as np

from brux.core.params import params_id as _params_id
from brux.core.rules import Rules
from brux.errors import IllegalActionError

RECORD_FORMAT = 1
INT64_MAX = 2**63 - 1  # seeds, run indices and game counts fit the kernels' int64


def _whole(name: str, value: Any) -> int:
    """A non-negative integer argument (bools excluded) that fits an int64; ValueError names it otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 0 <= value <= INT64_MAX:
        raise ValueError(f"{name} must be an integer from 0 to {INT64_MAX}, got {value!r}")
    return int(value)


class Game:
    """A game with a player count and a validated rule-parameter set."""

    def __init__(self, rules: Rules, players: int, overrides: dict[str, Any] | None = None) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not (
            rules.min_players <= players <= rules.max_players
        ):
            raise ValueError(
                f"{rules.name} is for {rules.min_players} to {rules.max_players} players, got players={players!r}"
            )
        self.rules = rules
        self.name = rules.name
        self.players = players
        self.overrides = dict(overrides or {})
        self.params = rules.resolve_params(self.overrides)
        self.params_id = _params_id(self.params)
        self.flat = rules.flatten(self.params, players)
        self._names = rules.action_names(self.flat)
        self._by_name = {name: a for a, name in enumerate(self._names)}

    @property
    def vp_sources(self) -> tuple[str, ...]:
        return self.rules.vp_sources

    @property
    def num_actions(self) -> int:
        return self.rules.n_actions

    def action_to_string(self, action: int) -> str:
        return self._names[action]

    def string_to_action(self, name: str) -> int:
        if name not in self._by_name:
            raise IllegalActionError(f"{name!r} is not an action of {self.name}")
        return self._by_name[name]

    def opening_labels(self) -> tuple[str, ...]:
        return self.rules.opening_labels(self.flat)

    def new_initial_state(self, seed: int = 0) -> State:
        """A new game; `seed` (a non-negative integer) fixes every chance event."""
        seed = _whole("seed", seed)
        return State(self, self.rules.new_state(self.flat, seed), seed, None)

    def state_from_dict(self, view: dict[str, Any], seed: int = 0) -> State:
        """A state from the readable view (a MAIN decision pending); hidden deck order drawn from seed."""
        return State(self, self.rules.from_dict(view, self.flat, int(seed)), int(seed), view)

    def play_random(self, n_games: int, master_seed: int = 0, first_index: int = 0) -> dict[str, np.ndarray]:
        """Per-seat result arrays of uniformly random games (see brux.core.rules.Rules.play_random)."""
        n_games, master_seed, first_index = _run_args(n_games, master_seed, first_index)
        return self.rules.play_random(self.flat, master_seed, first_index, n_games)

    def agent_names(self) -> list[str]:
        """Agents this game can be played with (see docs/agents.md for options)."""
        from brux.agents import agent_names

        return agent_names(self)

    def parse_agents(self, agents: str | list[str] | tuple[str, ...] = "random") -> tuple[str, ...]:
        """The canonical spec of each seat's agent; a single spec plays every seat. ValueError names a bad one."""
        from brux.agents import parse_for_game

        return tuple(str(s) for s in parse_for_game(self, agents))

    def play(self, n_games: int, master_seed: int = 0, first_index: int = 0,
             agents: str | list[str] | tuple[str, ...] = "random") -> dict[str, np.ndarray]:
        """Per-seat result arrays (as play_random) of games first_index.. of a run, one agent spec per seat.

        Same seeds give the same deals to every line-up; all seats "random" gives play_random's games exactly.
        """
        from brux.agents import encode_lineup, parse_for_game

        n_games, master_seed, first_index = _run_args(n_games, master_seed, first_index)
        specs = parse_for_game(self, agents)
        if not hasattr(self.rules, "play_agents"):
            return self.play_random(n_games, master_seed, first_index)
        kinds, ip, fp = encode_lineup(specs, self.rules.agent_features, self.rules.agent_weights())
        return self.rules.play_agents(self.flat, master_seed, first_index, n_games, kinds, ip, fp)

    def __repr__(self) -> str:
        over = f", overrides={self.overrides}" if self.overrides else ""
        return f"Game({self.name!r}, players={self.players}{over}, params_id={self.params_id!r})"


def _run_args(n_games: Any, master_seed: Any, first_index: Any) -> tuple[int, int, int]:
    """Validated batch arguments; the last game's index must fit an int64 too."""
    n_games, master_seed = _whole("n_games", n_games), _whole("master_seed", master_seed)
    first_index = _whole("first_index", first_index)
    if first_index + n_games > INT64_MAX:
        raise ValueError(f"first_index + n_games must be at most {INT64_MAX}, got {first_index + n_games}")
    return n_games, master_seed, first_index


class State:
    """One game in progress: a thin wrapper around the kernel's flat state array."""

    __slots__ = ("game", "array", "seed", "scenario", "history")

    def __init__(self, game: Game, array: np.ndarray, seed: int, scenario: dict[str, Any] | None) -> None:
        self.game = game
        self.array = array
        self.seed = seed
        self.scenario = scenario
        self.history: list[int] = []

    def current_player(self) -> int:
        """Seat whose decision is pending; -1 when the game is over."""
        return self.game.rules.current_player(self.array)

    def legal_actions(self) -> list[int]:
        return [int(a) for a in self.game.rules.legal(self.array)]

    def legal_mask(self) -> np.ndarray:
        mask = np.zeros(self.game.num_actions, bool)
        mask[self.game.rules.legal(self.array)] = True
        return mask

    def action_to_string(self, action: int) -> str:
        return self.game.action_to_string(action)

    def apply_action(self, action: int | str) -> None:
        """Apply an action given by number or name; IllegalActionError leaves the state unchanged."""
        a = self.game.string_to_action(action) if isinstance(action, str) else action
        if self.is_terminal():
            raise IllegalActionError(f"the game is over; {action!r} cannot be played")
        legal = self.game.rules.legal(self.array)
        if isinstance(a, bool) or not isinstance(a, (int, np.integer)) or int(a) not in legal:
            names = ", ".join(self.game.action_to_string(int(x)) for x in legal)
            raise IllegalActionError(f"{action!r} is not legal now ({self.to_dict()['pending']}); legal: {names}")
        self.game.rules.apply(self.array, int(a))
        self.history.append(int(a))

    def is_terminal(self) -> bool:
        return self.current_player() < 0

    def clone(self) -> State:
        other = State(self.game, self.array.copy(), self.seed, self.scenario)
        other.history = list(self.history)
        return other

    def to_dict(self) -> dict[str, Any]:
        return self.game.rules.to_dict(self.array)

    def result(self) -> list[dict[str, Any]]:
        """Per seat: seat, vp, rank, win_share, vp_by_source; only for a finished game."""
        if not self.is_terminal():
            raise ValueError("result() is only defined for a finished game")
        return self.game.rules.result(self.array)

    def record(self, agents: list[str] | None = None) -> dict[str, Any]:
        """A JSON-able game record; brux.replay(record) rebuilds this state."""
        from brux import __version__

        rec: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "brux_version": __version__,
            "game": self.game.name,
            "players": self.game.players,
            "overrides": self.game.overrides,
            "seed": self.seed,
            "agents": agents,
            "actions": [self.game.action_to_string(a) for a in self.history],
        }
        if self.scenario is not None:
            rec["scenario"] = self.scenario
        return rec

    def __str__(self) -> str:
        d = self.to_dict()
        if d.get("over"):
            return f"{self.game.name}: game over, VP {[r['vp'] for r in self.result()]}"
        return f"{self.game.name}: round {d.get('round')}, seat {d['current_player']} to decide {d['pending']}"

    __repr__ = __str__
