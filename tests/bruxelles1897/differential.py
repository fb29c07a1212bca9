"""Play random games through the Numba kernel and the pure-Python reference engine side by side."""

import random
from collections.abc import Callable

import brux
from brux.games.bruxelles1897.params import resolve
from brux.games.bruxelles1897.reference import ReferenceGame

# A policy picks the next decision from the kernel's view and the legal action names (default: random choice).
Policy = Callable[[dict, list, random.Random], str]


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


def compare_game(players: int, seed: int, choice_seed: int, overrides: dict | None = None,
                 policy: Policy | None = None) -> int:
    """Play one game through both engines with the same decisions; returns decisions compared.

    The decisions are random (from `choice_seed`) unless a `policy` chooses them. Raises AssertionError naming the
    first difference in legal actions, view or result.
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
        view = state.to_dict()
        diff = _first_diff(view, ref.to_dict())
        assert diff is None, f"seed {seed} after {len(history)} decisions {history[-3:]}: view differs at {diff}"
        compared += 1
        if state.is_terminal():
            break
        name = rnd.choice(names) if policy is None else policy(view, names, rnd)
        history.append(name)
        state.apply_action(name)
        ref.apply_action(name)
    assert ref.is_terminal()
    assert state.result() == ref.result(), f"seed {seed}: results differ"
    return compared


def compare_many(players: int, seeds: range, overrides: dict | None = None) -> tuple[int, int, list[str]]:
    """compare_game for every seed (choice seed = seed + 1_000_003); returns (games, decisions, mismatches).

    A mismatch is recorded as "seed: message" and does not stop the run.
    """
    games = decisions = 0
    mismatches = []
    for seed in seeds:
        games += 1
        try:
            decisions += compare_game(players, seed, seed + 1_000_003, overrides)
        except Exception as e:  # a crash of either engine counts as a mismatch too
            mismatches.append(f"players {players} seed {seed} overrides {overrides}: {type(e).__name__}: {e}")
    return games, decisions, mismatches


def random_overrides(r: random.Random) -> dict:
    """A random valid parameter set (validated here, so an invalid draw fails loudly)."""
    o: dict = {}
    if r.random() < 0.5:
        o["rounds"] = r.randint(1, 6)
    if r.random() < 0.3:
        o["start_money"] = [r.randint(0, 12) for _ in range(4)]
    for key in ("first_pass_money", "later_pass_money", "stock_exchange_money", "sale_money", "brugmann_money",
                "noble_upkeep", "unpaid_noble_penalty", "exhibit_vp", "exhibition_holder_vp", "money_bonus_vp",
                "money_bonus_cap", "type_bonus_vp", "material_end_vp"):
        if r.random() < 0.15:
            o[key] = r.randint(0, 8)
    if r.random() < 0.2:
        o["money_bonus_per"] = r.randint(1, 4)
    if r.random() < 0.3:
        o["track_max"] = r.randint(1, 7)
    if r.random() < 0.3:
        o["cards_per_type"] = [r.randint(1, 8) for _ in range(3)]
    if r.random() < 0.2:
        o["neutral_value"] = r.randint(0, 6)
    if r.random() < 0.3:
        o["exhibition_mode"] = "one_each"
    if r.random() < 0.3:
        o["may_decline"] = True
    if r.random() < 0.3:
        lows = [r.randint(0, 5) for _ in range(3)]
        o["architect_faces"] = [[lo, lo + r.randint(1, 4)] for lo in lows]
    if r.random() < 0.3:
        counts = [r.randint(0, 3) for _ in range(3)]
        counts[r.randrange(3)] += 1
        o["architect_counts"] = counts
        o["prison_start"] = [[r.randint(0, c) for c in counts] for _ in range(3)]
    if r.random() < 0.3:
        lowers = ["nobles", "house_types", "artwork_colours", "money"]
        r.shuffle(lowers)
        o["bonus_lower"] = dict(zip(["nobility", "architecture", "prestige", "prison"], lowers))
    if r.random() < 0.3:
        o["components"] = {"artworks_per_colour": r.randint(0, 4), "materials_per_pair": r.randint(0, 3),
                           "houses_per_type": r.randint(0, 5), "nobles_per_type": r.randint(0, 4),
                           "money_cards": r.randint(0, 25)}
    resolve(o)
    return o
