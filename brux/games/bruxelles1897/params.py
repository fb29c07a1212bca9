"""Bruxelles 1897 rule parameters: defaults from data/params.toml, validation, the kernel's flat array."""

from pathlib import Path
from typing import Any

import numpy as np

from brux.core.params import boolean, check_all, int_in, int_list, load_defaults, merge_overrides, one_of

from .kernel import codes as C
from .kernel import layout as L

DEFAULTS_FILE = Path(__file__).parent / "data" / "params.toml"
DEFAULTS = load_defaults(DEFAULTS_FILE)

_money = int_in(0, 100)
CHECKS: dict[str, Any] = {
    "rounds": int_in(1, 20),
    "start_money": int_list(L.MAX_PLAYERS, 0, 1000),
    "first_pass_money": _money,
    "later_pass_money": _money,
    "stock_exchange_money": _money,
    "sale_money": _money,
    "brugmann_money": _money,
    "track_max": int_in(1, 20),
    "noble_upkeep": _money,
    "unpaid_noble_penalty": _money,
    "exhibit_vp": _money,
    "exhibition_holder_vp": _money,
    "money_bonus_vp": _money,
    "money_bonus_per": int_in(1, 100),
    "money_bonus_cap": _money,
    "type_bonus_vp": _money,
    "material_end_vp": _money,
    "cards_per_type": int_list(3, 1, 8),
    "neutral_value": int_in(0, 20),
    "exhibition_mode": one_of("round_robin", "one_each"),
    "may_decline": boolean,
    "architect_faces": lambda name, v: _check_faces(name, v),
    "architect_counts": int_list(3, 0, 10),
    "prison_start": lambda name, v: _check_prison(name, v),
    "bonus_lower": {key: one_of(*C.LOWER_NAMES) for key in C.BONUS_NAMES},
    "components": {
        "artworks_per_colour": int_in(0, 9),
        "materials_per_pair": int_in(0, 6),
        "houses_per_type": int_in(0, 10),
        "nobles_per_type": int_in(0, 8),
        "money_cards": int_in(0, 99),
    },
}


def _check_faces(name: str, v: Any) -> None:
    if not isinstance(v, (list, tuple)) or len(v) != 3:
        raise ValueError(f"rule parameter {name} must be 3 pairs [low, high] for the types 1/3, 2/4, 2/5")
    for t, pair in enumerate(v):
        int_list(2, 0, L.FACE_MAX)(f"{name}[{t}]", pair)
        if pair[0] >= pair[1]:
            raise ValueError(f"rule parameter {name}[{t}] must have low < high, got {pair}")


def _check_prison(name: str, v: Any) -> None:
    if not isinstance(v, (list, tuple)) or len(v) != 3:
        raise ValueError(f"rule parameter {name} must be 3 lists (2, 3, 4 players) of 3 counts")
    for i, row in enumerate(v):
        int_list(3, 0, 10)(f"{name}[{i}]", row)


def resolve(overrides: dict[str, Any]) -> dict[str, Any]:
    """The full, validated parameter set: defaults with overrides; ValueError names a bad field."""
    params = merge_overrides(DEFAULTS, overrides)
    check_all(params, CHECKS)
    if not 1 <= sum(params["architect_counts"]) <= L.BRU_CAP // L.MAX_PLAYERS:
        raise ValueError(
            f"rule parameter architect_counts must give each colour 1 to {L.BRU_CAP // L.MAX_PLAYERS} architects, "
            f"got {sum(params['architect_counts'])}"
        )
    for i, row in enumerate(params["prison_start"]):
        for t in range(3):
            if row[t] > params["architect_counts"][t]:
                raise ValueError(
                    f"rule parameter prison_start[{i}][{t}] = {row[t]} exceeds architect_counts[{t}] = "
                    f"{params['architect_counts'][t]}"
                )
    lowers = [params["bonus_lower"][b] for b in C.BONUS_NAMES]
    if sorted(lowers) != sorted(C.LOWER_NAMES):
        raise ValueError(f"rule parameter bonus_lower must use each of {', '.join(C.LOWER_NAMES)} once, got {lowers}")
    return params


def flatten(params: dict[str, Any], players: int) -> np.ndarray:
    """The parameter block of the kernel state for a player count."""
    a = np.zeros(L.PARAMS_SIZE, np.int64)
    a[L.P_PLAYERS] = players
    a[L.P_ROUNDS] = params["rounds"]
    a[L.P_START_MONEY : L.P_START_MONEY + L.MAX_PLAYERS] = params["start_money"]
    scalars = {
        L.P_FIRST_PASS: "first_pass_money", L.P_LATER_PASS: "later_pass_money",
        L.P_SE_MONEY: "stock_exchange_money", L.P_SALE_MONEY: "sale_money", L.P_BRUGMANN_MONEY: "brugmann_money",
        L.P_TRACK_MAX: "track_max", L.P_UPKEEP: "noble_upkeep", L.P_UNPAID_PENALTY: "unpaid_noble_penalty",
        L.P_EXHIBIT_VP: "exhibit_vp", L.P_HOLDER_VP: "exhibition_holder_vp", L.P_MB_VP: "money_bonus_vp",
        L.P_MB_PER: "money_bonus_per", L.P_MB_CAP: "money_bonus_cap", L.P_TYPE_BONUS_VP: "type_bonus_vp",
        L.P_MATERIAL_END_VP: "material_end_vp", L.P_NEUTRAL_VALUE: "neutral_value",
    }
    for off, key in scalars.items():
        a[off] = params[key]
    a[L.P_K] = params["cards_per_type"][players - 2]
    a[L.P_EXH_MODE] = params["exhibition_mode"] == "one_each"
    a[L.P_MAY_DECLINE] = params["may_decline"]
    a[L.P_FACES : L.P_FACES + 6] = [f for pair in params["architect_faces"] for f in pair]
    a[L.P_ARCH_COUNTS : L.P_ARCH_COUNTS + 3] = params["architect_counts"]
    a[L.P_PRISON_START : L.P_PRISON_START + 3] = params["prison_start"][players - 2]
    for b, name in enumerate(C.BONUS_NAMES):
        a[L.P_BONUS_LOWER + b] = C.LOWER_NAMES.index(params["bonus_lower"][name])
    comp = params["components"]
    a[L.P_COMPONENTS : L.P_COMPONENTS + 5] = [
        comp["artworks_per_colour"], comp["materials_per_pair"], comp["houses_per_type"], comp["nobles_per_type"],
        comp["money_cards"],
    ]
    a[L.P_ROWS] = 4 if players == 4 else 3
    faces = a[L.P_FACES : L.P_FACES + 6]
    for money in range(L.FACE_MAX + 1):
        a[L.P_AFFORD + money] = sum(1 << i for i, f in enumerate(faces) if f <= money)
    return a
