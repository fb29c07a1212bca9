"""Bruxelles 1893 rule parameters and component tables: one declaration table, validation, the kernel's block.

`PARAMS` declares every rule parameter (docs/bruxelles1893.md section 7) once: name, default (the rules), kind
with its range or choices, and meaning; the checks and the test strategies derive from it. data/params.toml holds
the defaults users may edit; data/tables.toml the component tables (strips, figures, bonus and Stock Exchange
cards, workshop grid), validated here too.
"""

import copy
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from brux.core.params import Check, boolean, check_all, int_in, int_list, load_defaults, merge_overrides, one_of

from .kernel import codes as C
from .kernel import layout as L

DATA = Path(__file__).parent / "data"


# Kinds of parameter values: ("int", lo, hi), ("ints", n, lo, hi), ("rising", lo, hi) (7 non-decreasing values),
# ("choice", choices), ("bool",). Checks and the test strategies (testing.py) are derived from them.
Spec = tuple[Any, ...]


def check_of(spec: Spec) -> Check:
    """The validation of a parameter of this kind."""
    kind = spec[0]
    if kind == "int":
        return int_in(spec[1], spec[2])
    if kind == "ints":
        return int_list(spec[1], spec[2], spec[3])
    if kind == "choice":
        return one_of(*spec[1])
    if kind == "bool":
        return boolean
    items = int_list(7, spec[1], spec[2])

    def rising(name: str, v: Any) -> None:
        items(name, v)
        if any(a > b for a, b in zip(v, v[1:])):
            raise ValueError(f"rule parameter {name} must be non-decreasing, got {v}")

    return rising


# name, default (the rules), kind and range or choices, meaning (docs section 7)
PARAMS: tuple[tuple[str, Any, Spec, str], ...] = (
    ("num_rounds", 5, ("int", 3, 5), "rounds played"),
    ("start_money_base", 5, ("int", 3, 8), "BF of seat 0 at set-up"),
    ("start_money_step", 1, ("int", 0, 2), "extra BF per later seat"),
    ("start_supply_assistants", 5, ("int", 4, 6), "assistants in each supply at set-up"),
    ("start_courthouse", 2, ("int", 0, 3), "assistants in each Courthouse at set-up"),
    ("min_bid", 1, ("int", 1, 3), "smallest Art Nouveau bid"),
    ("bid_cap", 30, ("int", 10, C.MAX_BID), "largest bid offered"),
    ("build_costs", [2, 3, 4], ("ints", 3, 2, C.MAX_COST), "units of a bottom / middle / top tile"),
    ("money_unit_bf", 3, ("int", 1, 4), "BF per MONEY compass unit"),
    ("no_joker_vp", 5, ("int", 0, 8), "VP for a construction without jokers"),
    ("top_row_vp", 5, ("int", 0, 10), "VP for a top-row building"),
    ("top_row_mode", "personal", ("choice", ("personal", "board")), "what the top row is (A3)"),
    ("market_jokers", 3, ("int", 1, 5), "jokers taken by the Market"),
    ("brussels_k", 2, ("int", 1, 3), "Brussels uses per cost level with 4-5 players"),
    ("exhibition_mp", 2, ("int", 0, 4), "Manneken Pis icons of the round's exhibition tile"),
    ("first_pass_bonus_bf", 1, ("int", 0, 3), "extra BF of the first passer"),
    ("exhibition_extra_draw", 1, ("int", 0, 2), "extra Workshop draws per exhibition tile"),
    ("theatre_slot_costs", [0, 1, 2, 3], ("ints", 4, 0, 4), "BF of theatre slots 0..3"),
    ("pf_unpaid_vp", 5, ("int", 0, 10), "VP lost per unpaid Public Figure"),
    ("row1_divisor", 4, ("int", 2, 6), "BF per row-1 point"),
    ("row4_free", 2, ("int", 0, 4), "assistants row 4 does not count"),
    ("noble_vp", 1, ("int", 0, 2), "VP per noble material at the end"),
    ("manneken_pis_vp", 5, ("int", 0, 10), "VP of the Manneken Pis holder"),
    ("rpv", [1, 2, 2, 3, 3, 4, 5], ("rising", 0, 8), "Royal Palace activations per position"),
    ("chv", [2, 3, 4, 5, 6, 7, 8], ("rising", 0, 20), "City Hall VP per shield per position"),
    ("arv", [1, 2, 3, 4, 5, 6, 7], ("rising", 0, 20), "Architect VP per building per position"),
    ("secondary_enabled", True, ("bool",), "building owners perform secondary actions"),
    ("strip_side", "A", ("choice", ("A", "B", "random")), "side of the action strips"),
    ("neutral_2p", True, ("bool",), "two-player neutral pawns"),
    ("neutral_tie", "players", ("choice", ("players", "nobody")), "who scores a shield tied with the neutral pawns"),
)
CHECKS: dict[str, Any] = {name: check_of(spec) for name, _, spec, _ in PARAMS}
TABLES = ("strips", "figures", "bonus", "stock_exchange", "workshop")
DEFAULTS = {**load_defaults(DATA / "params.toml"), **load_defaults(DATA / "tables.toml")}
STRIP_IDS = tuple(f"S{k}" for k in range(1, 6))
FIGURE_IDS = tuple(f"PF{k}" for k in range(C.N_FIGURES))
BONUS_IDS = tuple(f"B{k:02d}" for k in range(1, C.N_BONUS + 1))
SE_IDS = tuple(f"SE{k:02d}" for k in range(1, C.N_SE + 1))


def parse_power(text: str) -> tuple[int, int, int]:
    """A bonus power "X", "X/Y" or "Xx2" as (power 1, power 2 or -1, times)."""
    if text.endswith("x2") and text[:-2] in C.POWERS:
        return C.POWERS.index(text[:-2]), -1, 2
    parts = text.split("/")
    if len(parts) == 2 and parts[0] in C.POWERS and parts[1] in C.POWERS and parts[0] != parts[1]:
        return C.POWERS.index(parts[0]), C.POWERS.index(parts[1]), 1
    if text in C.POWERS:
        return C.POWERS.index(text), -1, 1
    raise ValueError(f"bonus power {text!r} must be X, X/Y or Xx2 with X, Y among {', '.join(C.POWERS)}")


def shield_code(text: Any, where: str) -> int:
    """Shield "rc" (r, c in 1..4) as 0..15."""
    if not (isinstance(text, str) and len(text) == 2 and text[0] in "1234" and text[1] in "1234"):
        raise ValueError(f"{where} must be a shield \"rc\" with r and c in 1..4, got {text!r}")
    return (int(text[0]) - 1) * 4 + int(text[1]) - 1


def _table(params: Mapping[str, Any], name: str, ids: tuple[str, ...]) -> Mapping[str, Any]:
    t = params[name]
    if not isinstance(t, Mapping) or set(t) != set(ids):
        raise ValueError(f"{name} must be a table with exactly the entries {', '.join(ids)}")
    return t


def _check_tables(params: Mapping[str, Any]) -> None:
    for sid, row in _table(params, "strips", STRIP_IDS).items():
        for side in "AB":
            v = row.get(side) if isinstance(row, Mapping) else None
            if not isinstance(v, str) or len(v) != 5 or any(ch not in C.TYPES for ch in v):
                raise ValueError(f"strips.{sid}.{side} must be 5 action types among WSTMC, got {v!r}")
    deck = 0
    for fid, row in _table(params, "figures", FIGURE_IDS).items():
        if not isinstance(row, Mapping):
            raise ValueError(f"figures.{fid} must be a table of name, in_deck, keep_cost")
        int_in(0, 0 if fid == "PF0" else 3)(f"figures.{fid}.in_deck", row.get("in_deck"))
        int_in(0, 10)(f"figures.{fid}.keep_cost", row.get("keep_cost"))
        deck += row["in_deck"]
    if deck > C.N_THEATRE:
        raise ValueError(f"figures: {deck} theatre cards, at most {C.N_THEATRE}")
    for bid, row in _table(params, "bonus", BONUS_IDS).items():
        if not isinstance(row, Mapping) or not isinstance(row.get("power"), str):
            raise ValueError(f"bonus.{bid} must be a table of power, vp, mp")
        try:
            parse_power(row["power"])
        except ValueError as e:
            raise ValueError(f"bonus.{bid}.power: {e}") from None
        int_in(0, 5)(f"bonus.{bid}.vp", row.get("vp"))
        int_in(0, 5)(f"bonus.{bid}.mp", row.get("mp"))
    for cid, row in _table(params, "stock_exchange", SE_IDS).items():
        if not isinstance(row, Mapping):
            raise ValueError(f"stock_exchange.{cid} must be a table of bf, shields")
        int_in(0, 20)(f"stock_exchange.{cid}.bf", row.get("bf"))
        sh = row.get("shields")
        if not isinstance(sh, list) or len(sh) != 4 or any(not isinstance(x, list) or len(x) != 2 for x in sh):
            raise ValueError(f"stock_exchange.{cid}.shields must be 4 pairs of shields (2..5 players)")
        for k, pair in enumerate(sh):
            for x in pair:
                shield_code(x, f"stock_exchange.{cid}.shields[{k}]")
    w = params["workshop"]
    if not isinstance(w, Mapping) or set(w) != {"money", "vp", "dots"}:
        raise ValueError("workshop must be a table of money, vp, dots")
    if not isinstance(w["money"], list) or len(w["money"]) != 7:
        raise ValueError("workshop.money must be 7 rows of 7 integers")
    for r, row in enumerate(w["money"]):
        int_list(7, 0, 20)(f"workshop.money[{r}]", row)
    int_list(7, 0, 10)("workshop.vp", w["vp"])
    dots = w["dots"]
    if not isinstance(dots, Mapping) or set(dots) != set(C.COLOURS):
        raise ValueError(f"workshop.dots must give an offset for each of {', '.join(C.COLOURS)}")
    for col in C.COLOURS:
        int_list(2, -1, 1)(f"workshop.dots.{col}", dots[col])


def resolve(overrides: dict[str, Any]) -> dict[str, Any]:
    """The full, validated parameter set: defaults with overrides; ValueError names a bad field.

    A table override changes the named entries field by field (``figures={"PF7": {"keep_cost": 3}}``)."""
    overrides = dict(overrides)
    tables = {name: overrides.pop(name) for name in TABLES if name in overrides}
    params = merge_overrides(DEFAULTS, overrides)
    for name, over in tables.items():
        if not isinstance(over, Mapping):
            raise ValueError(f"rule parameter {name!r} must be a table of entries to change")
        for key, value in over.items():
            if key not in params[name]:
                raise ValueError(f"unknown entry {name}.{key} (known: {', '.join(params[name])})")
            if isinstance(params[name][key], dict) and isinstance(value, Mapping):
                params[name][key] = {**params[name][key], **copy.deepcopy(dict(value))}
            else:
                params[name][key] = copy.deepcopy(value)
    check_all(params, CHECKS)
    _check_tables(params)
    return params


def flatten(params: dict[str, Any], players: int) -> np.ndarray:
    """The parameter block of the kernel state for a player count."""
    a = np.zeros(L.PARAMS_SIZE, np.int64)
    a[L.P_PLAYERS] = players
    scalars = {
        L.P_ROUNDS: "num_rounds", L.P_MONEY_BASE: "start_money_base", L.P_MONEY_STEP: "start_money_step",
        L.P_START_SUPPLY: "start_supply_assistants", L.P_START_COURT: "start_courthouse", L.P_MIN_BID: "min_bid",
        L.P_BID_CAP: "bid_cap", L.P_MONEY_UNIT: "money_unit_bf", L.P_NO_JOKER_VP: "no_joker_vp",
        L.P_TOP_ROW_VP: "top_row_vp", L.P_MARKET_JOKERS: "market_jokers", L.P_EXH_MP: "exhibition_mp",
        L.P_FIRST_PASS_BF: "first_pass_bonus_bf", L.P_EXH_DRAW: "exhibition_extra_draw",
        L.P_UNPAID_VP: "pf_unpaid_vp", L.P_ROW1_DIV: "row1_divisor", L.P_ROW4_FREE: "row4_free",
        L.P_NOBLE_VP: "noble_vp", L.P_MP_VP: "manneken_pis_vp",
    }
    for off, key in scalars.items():
        a[off] = params[key]
    a[L.P_TOTAL] = params["start_supply_assistants"] + params["start_courthouse"]
    a[L.P_BUILD_COST: L.P_BUILD_COST + 3] = params["build_costs"]
    a[L.P_TOP_ROW_BOARD] = params["top_row_mode"] == "board"
    a[L.P_K] = params["brussels_k"] if players >= 4 else 1
    a[L.P_SLOT_COST: L.P_SLOT_COST + 4] = params["theatre_slot_costs"]
    a[L.P_RPV: L.P_RPV + 7] = params["rpv"]
    a[L.P_CHV: L.P_CHV + 7] = params["chv"]
    a[L.P_ARV: L.P_ARV + 7] = params["arv"]
    a[L.P_SECONDARY] = params["secondary_enabled"]
    a[L.P_STRIP_SIDE] = ("A", "B", "random").index(params["strip_side"])
    a[L.P_NEUTRAL] = players == 2 and params["neutral_2p"]
    a[L.P_NEUTRAL_TIE] = params["neutral_tie"] == "nobody"
    for k, sid in enumerate(STRIP_IDS):
        for d, side in enumerate("AB"):
            for c, ch in enumerate(params["strips"][sid][side]):
                a[L.P_STRIPS + (k * 2 + d) * 5 + c] = C.TYPES.index(ch)
    for f, fid in enumerate(FIGURE_IDS):
        a[L.P_PF_COST + f] = params["figures"][fid]["keep_cost"]
        a[L.P_PF_DECK + f] = params["figures"][fid]["in_deck"]
    for b, bid in enumerate(BONUS_IDS):
        row = params["bonus"][bid]
        p1, p2, times = parse_power(row["power"])
        a[L.P_BON + b * 5: L.P_BON + b * 5 + 5] = (p1, p2, times, row["vp"], row["mp"])
    for k, cid in enumerate(SE_IDS):
        row = params["stock_exchange"][cid]
        a[L.P_SE_BF + k] = row["bf"]
        for j in range(2):
            a[L.P_SE_SHIELD + 2 * k + j] = shield_code(row["shields"][players - 2][j], cid)
    w = params["workshop"]
    a[L.P_WMONEY: L.P_WMONEY + 49] = [x for row in w["money"] for x in row]
    a[L.P_WVP: L.P_WVP + 7] = w["vp"]
    for c, col in enumerate(C.COLOURS):
        a[L.P_DOT + 2 * c: L.P_DOT + 2 * c + 2] = w["dots"][col]
    remember(params, a)
    return a


_BY_BLOCK: dict[bytes, dict[str, Any]] = {}


def remember(params: dict[str, Any], flat: np.ndarray) -> None:
    """Remember the parameter set a block was flattened from (views and checks read the tables)."""
    _BY_BLOCK[flat.tobytes()] = params


def resolve_cached(flat: np.ndarray) -> dict[str, Any]:
    """The parameter set of a block flattened in this process (the defaults for an unknown block)."""
    return _BY_BLOCK.get(np.asarray(flat[: L.PARAMS_SIZE]).tobytes(), DEFAULTS)
