"""Pure-Python reference engine of Bruxelles 1897 (stdlib only, independent of the Numba kernel).

    game = ReferenceGame(players=3, params=brux.games.bruxelles1897.params.DEFAULTS)
    state = game.new_initial_state(seed=7)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    state.result()

The rules live in engine.py as generator coroutines; this module drives them: it applies the chosen action,
then runs every decision that has a single legal option automatically, so that a visible state is either over
or has at least two legal actions. A state cannot copy its suspended generator, so `clone()` replays the
decisions taken so far from the seed (the engine is deterministic).
"""

from .cards import action_names
from .engine import Engine
from .params import Params
from .scoring import ranks_and_shares
from .view import to_dict

__all__ = ["ReferenceGame", "ReferenceState"]


class ReferenceGame:
    def __init__(self, players: int, params: dict):
        self.players = players
        self.params = Params(params, players)  # validated; ValueError names a bad field
        self.action_names = action_names(self.params.faces)  # by action number

    def new_initial_state(self, seed: int) -> "ReferenceState":
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
        return ReferenceState(self, seed)


class ReferenceState:
    def __init__(self, game: ReferenceGame, seed: int):
        self.game = game
        self.seed = seed
        self._engine = Engine(game.params, seed)
        self._g = self._engine.g
        self._flow = self._engine.play()
        self._decision = None
        self._history = []  # names applied through apply_action
        self.decisions_taken = 0
        self._advance(None, start=True)

    # --- driving the generator ---------------------------------------------------------------------
    def _advance(self, payload, start=False):
        """Send `payload` to the suspended rules, then take every single-option decision automatically."""
        try:
            decision = next(self._flow) if start else self._flow.send(payload)
            while len(decision.choices) == 1:
                decision = self._flow.send(next(iter(decision.choices.values())))
        except StopIteration:
            decision = None
        self._decision = decision

    # --- public API ------------------------------------------------------------------------------------
    def current_player(self) -> int:
        return -1 if self._decision is None else self._decision.seat

    def legal_actions(self) -> list:
        """Action names of the pending decision, sorted by action number; [] when the game is over."""
        return [] if self._decision is None else list(self._decision.choices)

    def apply_action(self, name: str) -> None:
        if self._decision is None:
            raise ValueError(f"the game is over; {name!r} cannot be applied")
        if name not in self._decision.choices:
            raise ValueError(f"illegal action {name!r} for {self._decision.name}; legal: {self.legal_actions()}")
        self._history.append(name)
        self.decisions_taken += 1
        self._advance(self._decision.choices[name])

    def is_terminal(self) -> bool:
        return self._decision is None

    def to_dict(self) -> dict:
        return to_dict(self._g, self._decision)

    def result(self) -> list:
        if not self.is_terminal():
            raise ValueError("result() is only defined for a finished game")
        seats = self._g.seats
        keys = [(s.vp, sum(s.prison), sum(s.tracks.values())) for s in seats]
        ranks, shares = ranks_and_shares(keys)
        return [
            {"seat": s.seat, "vp": s.vp, "rank": ranks[s.seat], "win_share": shares[s.seat],
             "vp_by_source": dict(s.vp_by_source)}
            for s in seats
        ]

    def clone(self) -> "ReferenceState":
        copy = ReferenceState(self.game, self.seed)
        for name in self._history:
            copy.apply_action(name)
        return copy

    def history(self) -> list:
        """The action names applied through apply_action, in order (a game record)."""
        return list(self._history)

    def opening_labels(self) -> list:
        """Per seat, the labels of its first two round-1 MAIN decisions (automatic ones included), "-" if none."""
        return [(labels + ["-", "-"])[:2] for labels in self._g.openings]
