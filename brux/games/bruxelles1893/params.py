"""Bruxelles 1893 rule parameters and component tables: each rule parameter declared once (`PARAMS`: default = the
rules, allowed values, kernel slot, meaning), validation, the kernel's parameter block.

The full parameter set is the rule parameters (docs/bruxelles1893.md section 7) plus the component tables of
data/tables.toml (strips, figures, bonus and Stock Exchange cards, workshop grid), validated here too. A table
override changes the named entries field by field (``figures={"PF7": {"keep_cost": 3}}``).
"""

import copy
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from brux.core.params import Param, ParamTable, int_in, int_list, load_defaults

from .kernel import codes as C
from .kernel import layout as L

DATA = Path(__file__).parent / "data"


def _rising(name: str, v: Any) -> None:
    if any(a > b for a, b in zip(v, v[1:])):
        raise ValueError(f"rule parameter {name} must be non-decreasing, got {v}")


def _int(name: str, default: int, meaning: str, lo: int, hi: int, slot: int | None = None) -> Param:
    return Param(name, default, meaning, lo=lo, hi=hi, slot=slot)


def _ints(name: str, default: list[int], meaning: str, lo: int, hi: int, slot: int) -> Param:
    return Param(name, default, meaning, lo=lo, hi=hi, shape=(len(default),), slot=slot)


def _track(name: str, default: list[int], meaning: str, hi: int, slot: int) -> Param:
    """7 non-decreasing values in 0..hi (one per track position)."""
    def check(pname: str, v: Any) -> None:
        int_list(7, 0, hi)(pname, v)
        _rising(pname, v)

    return Param(name, default, meaning, lo=0, hi=hi, shape=(7,), slot=slot, check=check,
                 strategy=lambda st: st.lists(st.integers(0, hi), min_size=7, max_size=7).map(sorted))


# Rules section 12 (docs section 7). Parameters without a slot are written by `_flatten`.
PARAMS = (
    _int("num_rounds", 5, "rounds played", 3, 5, L.P_ROUNDS),
    _int("start_money_base", 5, "BF of seat 0 at set-up", 3, 8, L.P_MONEY_BASE),
    _int("start_money_step", 1, "extra BF per later seat", 0, 2, L.P_MONEY_STEP),
    _int("start_supply_assistants", 5, "assistants in each supply at set-up", 4, 6, L.P_START_SUPPLY),
    _int("start_courthouse", 2, "assistants in each Courthouse at set-up", 0, 3, L.P_START_COURT),
    _int("min_bid", 1, "smallest Art Nouveau bid", 1, 3, L.P_MIN_BID),
    _int("bid_cap", 30, "largest bid offered", 10, C.MAX_BID, L.P_BID_CAP),
    _ints("build_costs", [2, 3, 4], "units of a bottom / middle / top tile", 2, C.MAX_COST, L.P_BUILD_COST),
    _int("money_unit_bf", 3, "BF per MONEY compass unit", 1, 4, L.P_MONEY_UNIT),
    _int("no_joker_vp", 5, "VP for a construction without jokers", 0, 8, L.P_NO_JOKER_VP),
    _int("top_row_vp", 5, "VP for a top-row building", 0, 10, L.P_TOP_ROW_VP),
    Param("top_row_mode", "personal", "what the top row is (A3): \"personal\" board or \"board\" row 1",
          choices=("personal", "board"), slot=L.P_TOP_ROW_BOARD),
    _int("market_jokers", 3, "jokers taken by the Market", 1, 5, L.P_MARKET_JOKERS),
    _int("brussels_k", 2, "Brussels uses per cost level with 4-5 players", 1, 3),
    _int("exhibition_mp", 2, "Manneken Pis icons of the round's exhibition tile", 0, 4, L.P_EXH_MP),
    _int("first_pass_bonus_bf", 1, "extra BF of the first passer", 0, 3, L.P_FIRST_PASS_BF),
    _int("exhibition_extra_draw", 1, "extra Workshop draws per exhibition tile", 0, 2, L.P_EXH_DRAW),
    _ints("theatre_slot_costs", [0, 1, 2, 3], "BF of theatre slots 0..3", 0, 4, L.P_SLOT_COST),
    _int("pf_unpaid_vp", 5, "VP lost per unpaid Public Figure", 0, 10, L.P_UNPAID_VP),
    _int("row1_divisor", 4, "BF per row-1 point", 2, 6, L.P_ROW1_DIV),
    _int("row4_free", 2, "assistants row 4 does not count", 0, 4, L.P_ROW4_FREE),
    _int("noble_vp", 1, "VP per noble material at the end", 0, 2, L.P_NOBLE_VP),
    _int("manneken_pis_vp", 5, "VP of the Manneken Pis holder", 0, 10, L.P_MP_VP),
    _track("rpv", [1, 2, 2, 3, 3, 4, 5], "Royal Palace activations per position (non-decreasing)", 8, L.P_RPV),
    _track("chv", [2, 3, 4, 5, 6, 7, 8], "City Hall VP per shield per position (non-decreasing)", 20, L.P_CHV),
    _track("arv", [1, 2, 3, 4, 5, 6, 7], "Architect VP per building per position (non-decreasing)", 20, L.P_ARV),
    Param("secondary_enabled", True, "building owners perform secondary actions", choices=(False, True),
          slot=L.P_SECONDARY),
    Param("strip_side", "A", "side of the action strips: \"A\", \"B\" or \"random\" (per strip)",
          choices=("A", "B", "random"), slot=L.P_STRIP_SIDE),
    Param("neutral_2p", True, "two-player neutral pawns", choices=(False, True)),
    Param("neutral_tie", "players", "who scores a shield tied with the neutral pawns: \"players\" or \"nobody\"",
          choices=("players", "nobody"), slot=L.P_NEUTRAL_TIE),
)
TABLES = ("strips", "figures", "bonus", "stock_exchange", "workshop")
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


def _merge_table(name: str) -> Callable[[Any, Any], Any]:
    """The merge of a component table: the named entries changed field by field (a whole value otherwise)."""
    def merge(default: Mapping[str, Any], over: Any) -> dict[str, Any]:
        table = copy.deepcopy(dict(default))
        if over is None:
            return table
        if not isinstance(over, Mapping):
            raise ValueError(f"rule parameter {name!r} must be a table of entries to change")
        for key, value in over.items():
            if key not in table:
                raise ValueError(f"unknown entry {name}.{key} (known: {', '.join(table)})")
            if isinstance(table[key], dict) and isinstance(value, Mapping):
                table[key] = {**table[key], **copy.deepcopy(dict(value))}
            else:
                table[key] = copy.deepcopy(value)
        return table

    return merge


def _flatten(params: dict[str, Any], players: int, a: np.ndarray) -> None:
    """The parts of the parameter block not declared with a slot: derived entries and the component tables."""
    a[L.P_TOTAL] = params["start_supply_assistants"] + params["start_courthouse"]
    a[L.P_K] = params["brussels_k"] if players >= 4 else 1
    a[L.P_NEUTRAL] = players == 2 and params["neutral_2p"]
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


TABLE = ParamTable(PARAMS, size=L.PARAMS_SIZE, players_slot=L.P_PLAYERS, min_players=2,
                   extra=load_defaults(DATA / "tables.toml"), merge={name: _merge_table(name) for name in TABLES},
                   check=_check_tables, flatten=_flatten)
DEFAULTS = TABLE.defaults()
resolve = TABLE.resolve
flatten = TABLE.flatten


_BY_BLOCK: dict[bytes, dict[str, Any]] = {}


def remember(params: dict[str, Any], flat: np.ndarray) -> None:
    """Remember the parameter set a block was flattened from (views and checks read the tables)."""
    _BY_BLOCK[flat.tobytes()] = params


def resolve_cached(flat: np.ndarray) -> dict[str, Any]:
    """The parameter set of a block flattened in this process (the defaults for an unknown block)."""
    return _BY_BLOCK.get(np.asarray(flat[: L.PARAMS_SIZE]).tobytes(), DEFAULTS)
