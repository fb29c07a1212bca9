"""Play random games through the Numba kernel and the pure-Python reference engine side by side."""

import random

import brux
from brux.games.bruxelles1897.reference import ReferenceGame


def _first_diff(a, b, path=""):
    if type(a) is not type(b):
        return f"{path}: {a!r} != {b!r}"
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                return f"{path}.{k}: missing on one side"
            d = _first_diff(a[k], b[k], f"{path}.{k}")
            if d:
                return d
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: length {len(a)} != {len(b)}: {a!r} vs {b!r}"
        for i, (x, y) in enumerate(zip(a, b)):
            d = _first_diff(x, y, f"{path}[{i}]")
            if d:
                return d
        return None
    return None if a == b else f"{path}: {a!r} != {b!r}"


def compare_game(players: int, seed: int, choice_seed: int, overrides: dict | None = None) -> int:
    """Play one game through both engines with the same random decisions; returns decisions compared.

    Raises AssertionError naming the first difference in legal actions, view or result.
    """
    game = brux.load_game("bruxelles1897", players=players, **(overrides or {}))
    ref = ReferenceGame(players, game.params).new_initial_state(seed)
    state = game.new_initial_state(seed=seed)
    rnd = random.Random(choice_seed)
    compared = 0
    history = []
    while True:
        names = [state.action_to_string(a) for a in state.legal_actions()]
        assert names == ref.legal_actions(), f"seed {seed} after {history}: legal {names} != {ref.legal_actions()}"
        diff = _first_diff(state.to_dict(), ref.to_dict())
        assert diff is None, f"seed {seed} after {len(history)} decisions {history[-3:]}: view differs at {diff}"
        compared += 1
        if state.is_terminal():
            break
        name = rnd.choice(names)
        history.append(name)
        state.apply_action(name)
        ref.apply_action(name)
    assert ref.is_terminal()
    assert state.result() == ref.result(), f"seed {seed}: results differ"
    return compared
