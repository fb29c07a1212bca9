"""OpenSpiel games of brux (optional: `pip install open_spiel`): `register()` registers every game and player
count as `brux_<game>_<n>p` (imperfect information; chance fixed by the parameter `seed`, so deterministic for
OpenSpiel; terminal win-share rewards; `max_game_length` is the game's proven bound `Game.max_game_length`).

    from brux.interop import openspiel
    openspiel.register()
    game = pyspiel.load_game("brux_lutece_3p", {"seed": 7})

Chance is drawn inside the kernel from the game seed (game parameter `seed`), so a state is its seed and its
action history (`serialize`). Information states and observation tensors are the seat's views
(`State.to_dict(player=p)`, `State.observation(p)`); `resample_from_infostate` is `State.resample`, the same
re-draw the Numba agents use, so ISMCTS never sees hidden information.
"""

from __future__ import annotations

import json

import numpy as np
import pyspiel

import brux
from brux.games import game_spec, get_rules


def _short_name(game: str, players: int) -> str:
    return f"brux_{game}_{players}p"


class BruxSpielGame(pyspiel.Game):
    """One brux game at one player count."""

    def __init__(self, params: dict | None = None, *, _name: str = "", _players: int = 0) -> None:
        params = params or {}
        self.brux_game = brux.load_game(_name, players=_players)
        self.seed = int(params.get("seed", 0))
        game_type, info = _types(_name, _players)
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> BruxSpielState:
        return BruxSpielState(self, self.brux_game.new_initial_state(self.seed))

    def __deepcopy__(self, memo: dict) -> BruxSpielGame:
        return self  # immutable

    def make_py_observer(self, iig_obs_type=None, params=None) -> BruxObserver:
        return BruxObserver(self.brux_game, iig_obs_type)


class BruxSpielState(pyspiel.State):
    def __init__(self, game: BruxSpielGame, state: brux.State) -> None:
        super().__init__(game)
        self.s = state

    def current_player(self) -> int:
        return pyspiel.PlayerId.TERMINAL if self.s.is_terminal() else self.s.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self.s.legal_actions()

    def _apply_action(self, action: int) -> None:
        self.s.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.s.action_to_string(action)

    def is_terminal(self) -> bool:
        return self.s.is_terminal()

    def returns(self) -> list[float]:
        if not self.s.is_terminal():
            return [0.0] * self.s.game.players
        return [float(r["win_share"]) for r in self.s.result()]

    def resample_from_infostate(self, player_id: int, probability_sampler) -> BruxSpielState:
        """A copy with what `player_id` cannot see re-drawn (`State.resample`), seeded from the sampler's uniform."""
        other = self.clone()
        other.s = self.s.resample(player_id, int(probability_sampler() * 2**62))
        return other

    def __str__(self) -> str:
        return json.dumps(self.s.to_dict(), sort_keys=True, default=str)

class BruxObserver:
    """Observation tensor = `State.observation(p)`, its `dict` the game's named pieces (`game.observation_layout`:
    views into the tensor); string = the seat's view (`to_dict(player=p)`) as JSON."""

    def __init__(self, game: brux.Game, iig_obs_type=None) -> None:
        self.tensor = np.zeros(game.observation_shape, np.float32)
        self.dict = game.observation_layout.split(self.tensor)

    def set_from(self, state: BruxSpielState, player: int) -> None:
        self.tensor[:] = state.s.observation(player)

    def string_from(self, state: BruxSpielState, player: int) -> str:
        return json.dumps(state.s.to_dict(player=player), sort_keys=True, default=str)


def resampler(rng: np.random.RandomState):
    """A seeded resampler for `ISMCTSBot.set_resampler` (its default draws from an unseeded sampler)."""
    return lambda state, player: state.resample_from_infostate(player, lambda: rng.random_sample())


_INFORMATION = {"perfect": pyspiel.GameType.Information.PERFECT_INFORMATION,
                "imperfect": pyspiel.GameType.Information.IMPERFECT_INFORMATION}
_UTILITY = {"zero-sum": pyspiel.GameType.Utility.ZERO_SUM, "constant-sum": pyspiel.GameType.Utility.CONSTANT_SUM,
            "general-sum": pyspiel.GameType.Utility.GENERAL_SUM}


def _types(name: str, players: int) -> tuple[pyspiel.GameType, pyspiel.GameInfo]:
    game, spec = brux.load_game(name, players=players), game_spec(name)
    game_type = pyspiel.GameType(
        short_name=_short_name(name, players), long_name=f"brux {name} ({players} players)",
        # sealed simultaneous choices are asked in turn and hidden, so every game is sequential here
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,  # chance is fixed by the parameter "seed"
        information=_INFORMATION[spec.information], utility=_UTILITY[spec.utility],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players, min_num_players=players, provides_information_state_string=True,
        provides_information_state_tensor=False, provides_observation_string=True,
        provides_observation_tensor=True, parameter_specification={"seed": 0})
    info = pyspiel.GameInfo(num_distinct_actions=game.num_actions, max_chance_outcomes=0, num_players=players,
                            min_utility=game.min_utility, max_utility=game.max_utility, utility_sum=1.0,
                            max_game_length=game.max_game_length)
    return game_type, info


def register() -> list[str]:
    """Register every brux game and player count with pyspiel; their short names."""
    names = []
    known = set(pyspiel.registered_names())
    for name in brux.list_games():
        rules = get_rules(name)
        for n in range(rules.min_players, rules.max_players + 1):
            short = _short_name(name, n)
            names.append(short)
            if short in known:
                continue
            game_type, _ = _types(name, n)

            def init(self, params=None, _name=name, _n=n):
                BruxSpielGame.__init__(self, params, _name=_name, _players=_n)

            pyspiel.register_game(game_type, type(f"BruxSpielGame_{name}_{n}p", (BruxSpielGame,), {"__init__": init}))
    return names
