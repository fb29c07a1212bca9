"""Prestige rule parameters (docs/prestige.md section 12): one declaration table, validation, the kernel block.

Defaults come from data/params.toml (scalars) and the [params] tables of data/tables.toml (T1, T3, T7, T8, T9);
the other tables of data/tables.toml are fixed game data flattened into the same block. Table overrides replace a
table's entries key by key (``action_spaces={"B": [4, 6, 8]}``); ``orders`` and ``experience`` take whole rows.
"""

import copy
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from brux.core.params import Check, Param, ParamTable, int_in, load_defaults, merge_overrides, one_of

from .kernel import codes as C
from .kernel import layout as L

DATA = Path(__file__).parent / "data"
TABLES = load_defaults(DATA / "tables.toml")


def _dark(name: str, v: Any) -> None:
    if not isinstance(v, list) or len(v) != 3:
        raise ValueError(f"rule parameter {name} must be a list of 3 integers, got {v!r}")
    for i, x in enumerate(v):
        int_in(0, 20)(f"{name}[{i}]", x)
    if not v[0] >= v[1] >= v[2]:
        raise ValueError(f"rule parameter {name} must be non-increasing, got {v}")


def _res_values(name: str, v: Any) -> None:
    if not isinstance(v, list) or len(v) != 4:
        raise ValueError(f"rule parameter {name} must be a list of 4 integers (marble, glass, wood, lime), got {v!r}")
    for i, x in enumerate(v):
        int_in(0, 6)(f"{name}[{i}]", x)


def _spaces(name: str, v: Any) -> None:
    if not isinstance(v, Mapping) or sorted(v) != sorted(C.AREAS):
        raise ValueError(f"rule parameter {name} must be a table of {', '.join(C.AREAS)}")
    for a in C.AREAS:
        x = v[a]
        if not isinstance(x, list) or len(x) != 3:
            raise ValueError(f"rule parameter {name}.{a} must be 3 space counts (2, 3, 4 players), got {x!r}")
        for i, k in enumerate(x):
            int_in(1, L.MAX_SPACES - 4)(f"{name}.{a}[{i}]", k)
    for i in range(3):
        if sum(v[a][i] for a in C.AREAS if a != "B") < 5 * (i + 2):
            raise ValueError(f"rule parameter {name}: the non-B areas need at least 5P spaces ({i + 2} players)")


_STEP_LEN = {"gold_base": 5, "gold_plant": 5, "wood_max": 5, "lime_max": 5, "marble_max": 3, "worker_saving": 5}


def _income(name: str, v: Any) -> None:
    if not isinstance(v, Mapping) or sorted(v) != sorted(_STEP_LEN):
        raise ValueError(f"rule parameter {name} must be a table of {', '.join(_STEP_LEN)}")
    for key, n in _STEP_LEN.items():
        x = v[key]
        if not isinstance(x, list) or len(x) != n:
            raise ValueError(f"rule parameter {name}.{key} must be a list of {n} integers, got {x!r}")
        for i, k in enumerate(x):
            int_in(0, 7 if key != "marble_max" else 3)(f"{name}.{key}[{i}]", k)


_ROW_COLS = ["craftsman", "tier", "cap", "product", "wood", "lime", "marble", "glass", "workers", "exhausted"]


def _orders(name: str, v: Any) -> None:
    if not isinstance(v, Mapping) or v.get("columns") != _ROW_COLS or not isinstance(v.get("rows"), list):
        raise ValueError(f"rule parameter {name} must be a table with columns = {_ROW_COLS} and rows")
    rows = v["rows"]
    if not 1 <= len(rows) <= L.MAX_ROWS:
        raise ValueError(f"rule parameter {name}.rows must have 1 to {L.MAX_ROWS} rows")
    seen = set()
    for i, r in enumerate(rows):
        w = f"{name}.rows[{i}]"
        if not isinstance(r, list) or len(r) != len(_ROW_COLS):
            raise ValueError(f"{w} must have {len(_ROW_COLS)} values, got {r!r}")
        one_of(*C.CRAFTS)(f"{w}.craftsman", r[0])
        one_of("I", "II", "III")(f"{w}.tier", r[1])
        int_in(1, 4)(f"{w}.cap", r[2])
        one_of(*C.PRODUCTS)(f"{w}.product", r[3])
        for j in range(4, 9):
            int_in(0, 9)(f"{w}.{_ROW_COLS[j]}", r[j])
        int_in(0, 9)(f"{w}.exhausted", r[9])
        if (r[0], r[1], r[3]) in seen:
            raise ValueError(f"{w}: {r[0]} {r[1]} {r[3]} appears twice")
        seen.add((r[0], r[1], r[3]))
        if C.ITEM_PRODUCT.count(C.PRODUCTS.index(r[3])) and (C.CRAFTS.index(r[0]), C.PRODUCTS.index(r[3])) \
                not in C.ORDER_ITEMS:
            raise ValueError(f"{w}: {r[0]} cannot make {r[3]} (items: ORDER <craftsman> <product> of section 14.4)")
    for c in ("MB", "CARP", "PLAST"):
        if not any(r[0] == c and r[1] == "I" for r in rows):
            raise ValueError(f"rule parameter {name}: {c} I (held at setup) needs a row")


def _heads(name: str, v: Any) -> None:
    if not isinstance(v, Mapping) or list(v) != list(C.HEADS):
        raise ValueError(f"rule parameter {name} must be a table of {', '.join(C.HEADS)} (in that order)")
    for h in C.HEADS:
        x = v[h]
        if not isinstance(x, Mapping) or sorted(x) != ["prices", "year"]:
            raise ValueError(f"rule parameter {name}.{h} must be a table of year and prices")
        int_in(1, 3)(f"{name}.{h}.year", x["year"])
        p = x["prices"]
        if not isinstance(p, list) or len(p) != 4:
            raise ValueError(f"rule parameter {name}.{h}.prices must be 4 integers, got {p!r}")
        for i, k in enumerate(p):
            int_in(0, 20)(f"{name}.{h}.prices[{i}]", k)
        if sorted(p) != p:
            raise ValueError(f"rule parameter {name}.{h}.prices must be ascending, got {p}")


def _experience(name: str, v: Any) -> None:
    if not isinstance(v, Mapping) or v.get("columns") != ["workers", "wood", "lime", "glass"]:
        raise ValueError(f"rule parameter {name} must be a table with columns = [workers, wood, lime, glass] and rows")
    rows = v.get("rows")
    if not isinstance(rows, list) or len(rows) != 7:
        raise ValueError(f"rule parameter {name}.rows must have 7 rows (levels 0..6)")
    for i, r in enumerate(rows):
        if not isinstance(r, list) or len(r) != 4:
            raise ValueError(f"rule parameter {name}.rows[{i}] must have 4 values, got {r!r}")
        for j, k in enumerate(r):
            int_in(0, 6)(f"{name}.rows[{i}][{j}]", k)


def _merge_keys(key: str) -> Callable[[Any, Any], Any]:
    """Key-by-key merge of a table override (``action_spaces={"B": [4, 6, 8]}``)."""
    def merge(default: Any, over: Any) -> Any:
        if over is None:
            return copy.deepcopy(default)
        return merge_overrides({key: default}, {key: over})[key]

    return merge


def _merge_whole(key: str) -> Callable[[Any, Any], Any]:
    """An override of ``orders`` / ``experience`` replaces whole entries (``columns``, ``rows``)."""
    def merge(default: Any, over: Any) -> Any:
        if over is None:
            return copy.deepcopy(default)
        if not isinstance(over, Mapping):
            raise ValueError(f"rule parameter {key!r} must be a table with columns and rows")
        return {**copy.deepcopy(default), **copy.deepcopy(dict(over))}

    return merge


# The overridable component tables (P23), checked by `_check_tables` after the declared parameters.
TABLE_CHECKS: dict[str, tuple[Check, Callable[[Any, Any], Any]]] = {
    "action_spaces": (_spaces, _merge_keys("action_spaces")),
    "income": (_income, _merge_keys("income")),
    "orders": (_orders, _merge_whole("orders")),
    "heads": (_heads, _merge_keys("heads")),
    "experience": (_experience, _merge_whole("experience")),
}


def _check_tables(params: dict[str, Any]) -> None:
    for key, (check, _) in TABLE_CHECKS.items():
        check(key, params[key])


def _dark_strategy(st: Any) -> Any:
    return st.tuples(*[st.integers(0, 20)] * 3).map(lambda t: sorted(t, reverse=True))


_D = load_defaults(DATA / "params.toml")  # the scalar defaults (the rules)


def _int(name: str, meaning: str, lo: int, hi: int, slot: int, search: tuple[int, int] | None = None) -> Param:
    return Param(name, _D[name], meaning, lo=lo, hi=hi, slot=slot, search=search)


def _flag(name: str, meaning: str, slot: int | None, strategy: Callable[[Any], Any] | None = None) -> Param:
    return Param(name, _D[name], meaning, choices=(False, True), slot=slot, strategy=strategy)


# Section 12: name, default (data/params.toml), allowed values, kernel slot, meaning.
PARAMS = (
    _int("start_gold", "P3 gold per seat at setup", 3, 8, L.P_START_GOLD),
    _int("land_cost", "P4 land disc cost", 2, 5, L.P_LAND_COST),
    _int("cheap_land_cost", "P4 land disc cost under CHEAP LAND", 1, 3, L.P_CHEAP_LAND_COST),
    _int("land_share_fee", "P5 gold to each seat already on the tile", 0, 2, L.P_LAND_SHARE_FEE),
    _int("plant_first_bonus", "P6 first-taker plant bonus", 0, 2, L.P_PLANT_FIRST_BONUS),
    _int("market_k", "P7 market actions per visit", 1, 3, L.P_MARKET_K),
    _int("market_first_extra", "P7 extra market actions on space 1", 0, 2, L.P_MARKET_FIRST_EXTRA),
    _int("labour_price_first", "P8 labour price, first use in a season", 1, 4, L.P_LABOUR_FIRST),
    _int("labour_price_later", "P8 labour price afterwards", 1, 4, L.P_LABOUR_LATER),
    _int("buyback_price", "P9 gold per worker bought back", 0, 2, L.P_BUYBACK_PRICE),
    _int("buyback_max", "P9 workers bought back per season end", 0, 3, L.P_BUYBACK_MAX),
    _int("exp_max", "P10 highest experience", 3, 6, L.P_EXP_MAX),
    _int("upgrade_loss_per_tier", "P10 experience lost per MB tier gained", 0, 2, L.P_UPGRADE_LOSS),
    _int("min_order_workers", "P11 fewest workers per order", 0, 2, L.P_MIN_ORDER_WORKERS),
    _int("final_extra_cost", "P12 final-season surcharge", 0, 4, L.P_FINAL_EXTRA_COST),
    _int("extra_b_spaces", "P12 B spaces added in the final season", 0, 4, L.P_EXTRA_B_SPACES),
    Param("final_extra_mode", _D["final_extra_mode"], "P12 which final orders pay the surcharge",
          choices=C.FINAL_EXTRA_MODES, slot=L.P_FINAL_EXTRA_MODE),
    _int("firewood_tiles_per_wood", "P13 building tiles per firewood", 2, 4, L.P_FIREWOOD_TILES),
    _int("firewood_penalty", "P13 PP per missing wood", 0, 5, L.P_FIREWOOD_PENALTY),
    Param("dark_points", _D["dark_points"], "P14 dark-blue points by rank (non-increasing)", lo=0, hi=20, shape=(3,),
          check=_dark, strategy=_dark_strategy),
    _int("lb_tile_pp", "P15 PP per light-blue tile", 0, 5, L.P_LB_PP),
    _int("gold_per_pp", "P16 leftover value per PP", 2, 6, L.P_GOLD_PER_PP),
    Param("resource_values", _D["resource_values"], "P16 leftover values of marble, glass, wood, lime", lo=0, hi=6,
          shape=(4,), check=_res_values, slot=L.P_RES_VALUES),
    _int("diff_divisor", "P17 imbalance divisor (0 = off)", 0, 4, L.P_DIFF_DIV),
    _int("yellow_per_player", "P18 yellow tiles per seat (at most 12 in all; searched 1..3, valid for 4 players)", 1, 6,
         L.P_YELLOW_PER_PLAYER, search=(1, 3)),
    _flag("start_bonus_all_spaces", "P19 every S space gives the start bonus", L.P_START_BONUS_ALL),
    _flag("build_group_reversed", "P20 builders enter ORDER' in reverse resolution order", L.P_BUILD_REVERSED),
    Param("sick_position", _D["sick_position"], "P21 sick instructors in ORDER'", choices=C.SICK_POSITIONS,
          slot=L.P_SICK_POS),
    _flag("events_on", "P22 events have effects", L.P_EVENTS_ON),
    _flag("first_game", "P22 first-game set-up", L.P_FIRST_GAME),
    Param("year_end_order", _D["year_end_order"], "P24 E6 before or after E7/E8", choices=C.YEAR_END_ORDERS,
          slot=L.P_YEAR_END_ORDER),
    _flag("duel", "8.6 duel variant (2 players only; random parameters leave it false)", None,
          strategy=lambda st: st.just(False)),
)
def _tier(t: str) -> int:
    return C.TIERS.index(t)


def head_prices(params: dict[str, Any], head: str, players: int) -> list[int]:
    """The price tiles of a head stack used with this player count (T8), cheapest first."""
    p = params["heads"][head]["prices"]
    if params["duel"] and players == 2:
        return [p[0], p[3]]
    return {2: [p[0], p[1]], 3: [p[0], p[1], p[3]], 4: list(p)}[players]


def _flatten(params: dict[str, Any], players: int, a: np.ndarray) -> None:
    """The parts of the parameter block not declared with a slot: the dark points (duel), the component tables,
    the derived cost and row tables; ValueError for a parameter set the player count does not allow."""
    if params["yellow_per_player"] * players > C.N_YELLOW:
        raise ValueError(f"rule parameter yellow_per_player must be at most {C.N_YELLOW // players} for {players} "
                         f"players (T13 has {C.N_YELLOW} tiles), got {params['yellow_per_player']}")
    if params["duel"] and players != 2:
        raise ValueError(f"rule parameter duel is the 2-player variant, got players={players}")
    dark = list(params["dark_points"])
    if params["duel"]:
        dark = [dark[0], dark[2], 0]
    a[L.P_DARK_POINTS: L.P_DARK_POINTS + 3] = dark
    for i, area in enumerate(C.AREAS):
        a[L.P_SPACES + i] = params["action_spaces"][area][players - 2]
    for i, r in enumerate(C.PLANT_RES):
        a[L.P_PLANT_SLOTS + i] = TABLES["plant"][r]["slots"][players - 2]
        a[L.P_PLANT_PLUS + i] = int(TABLES["plant"][r]["first_bonus"])
    inc = params["income"]
    for off, key in ((L.P_INC_GOLD_BASE, "gold_base"), (L.P_INC_GOLD_PLANT, "gold_plant"),
                     (L.P_INC_WOOD_MAX, "wood_max"), (L.P_INC_LIME_MAX, "lime_max"),
                     (L.P_INC_MARBLE_MAX, "marble_max"), (L.P_INC_SAVING, "worker_saving")):
        a[off: off + len(inc[key])] = inc[key]
    land = TABLES["land"]
    for i, node in enumerate(C.NODES[:10]):
        for nb in land["adjacent"][node]:
            if nb == "CA":
                a[L.P_ADJ + i] |= 1 << C.CA
            elif nb == "MF":
                for m in (C.M1, C.M2):
                    a[L.P_ADJ + i] |= 1 << m
                    a[L.P_ADJ + m] |= 1 << i
            else:
                a[L.P_ADJ + i] |= 1 << C.NODES.index(nb)
    a[L.P_LINK: L.P_LINK + C.N_NODES] = -1
    for k, node in enumerate(land["links"]):
        a[L.P_LINK + C.NODES.index(node)] = k
        a[L.P_LINK_NODE + k] = C.NODES.index(node)
    rows = params["orders"]["rows"]
    a[L.P_NROWS] = len(rows)
    a[L.P_ROW_OF: L.P_ROW_OF + 180] = -1
    for i, r in enumerate(rows):
        a[L.P_ROW_OF + (C.CRAFTS.index(r[0]) * 4 + _tier(r[1])) * 9 + C.PRODUCTS.index(r[3])] = i
    for i, r in enumerate(rows):
        o = L.P_ROWS + i * L.RF_SIZE
        a[o: o + L.RF_SIZE] = [C.CRAFTS.index(r[0]), _tier(r[1]), r[2], C.PRODUCTS.index(r[3]), *r[4:]]
    exp = params["experience"]["rows"]
    for i, r in enumerate(rows):
        for lv in range(7):
            w, wood, lime, glass = exp[lv]
            cost = [max(0, r[4] - wood), max(0, r[5] - lime), r[6], max(0, r[7] - glass), r[8] - w]
            a[L.P_COST + (i * 7 + lv) * 5: L.P_COST + (i * 7 + lv) * 5 + 5] = cost
            a[L.P_REQW + i * 7 + lv] = C.pack_costs(cost)
    for top in range(7):
        mask = 0
        for lv in range(top + 1):
            dominated = any(all(a >= b for a, b in zip(exp[x], exp[lv], strict=True)) and (exp[x] != exp[lv] or x < lv)
                            for x in range(top + 1) if x != lv)
            if not dominated:
                mask |= 1 << lv
        a[L.P_LEVEL_SCAN + top] = mask
    for h, head in enumerate(C.HEADS):
        o = L.P_HEADS + h * L.HF_SIZE
        prices = head_prices(params, head, players)
        a[o + L.HF_YEAR] = params["heads"][head]["year"]
        a[o + L.HF_N] = len(prices)
        a[o + L.HF_PRICE: o + L.HF_PRICE + len(prices)] = prices
    a[L.P_EXP: L.P_EXP + 28] = [x for r in params["experience"]["rows"] for x in r]
    for i, pd in enumerate(C.PRODUCTS):
        a[L.P_PP + 2 * i] = TABLES["products"][pd]["pp"]
        a[L.P_PP + 2 * i + 1] = TABLES["products"][pd]["tower_pp"]
    for j, slot in enumerate(("BASE", "FLOOR2", "TOWER", "FACADE")):
        for c, (kind, amount) in enumerate(TABLES["castle"][slot]):
            o = L.P_CASTLE + (c * 4 + j) * 2
            a[o] = C.BONUS_KINDS.index(kind)
            a[o + 1] = amount
    for i, cid in enumerate(C.COND_IDS):
        metric, threshold, first = TABLES["conditions"][cid]
        a[L.P_COND + 2 * i] = C.METRICS.index(metric)
        a[L.P_COND + 2 * i + 1] = threshold
        if i < 10:
            a[L.P_COND_FIRST + i] = int(first)
    for i, yid in enumerate(C.YELLOW_IDS):
        a[L.P_YELLOW + 10 * i: L.P_YELLOW + 10 * i + 10] = TABLES["yellow"][yid]
    for i in range(C.N_CARDS):
        sym, *evs = TABLES["events"][f"E{i + 1}"]
        a[L.P_CARDS + C.CARD_FIELDS * i + C.CARD_SYMBOL] = C.SYMBOLS.index(sym)
        first = L.P_CARDS + C.CARD_FIELDS * i + C.CARD_EVENT
        a[first: first + C.N_SEASONS] = [C.EVENTS.index(e) for e in evs]


# The overridable component tables T1, T3, T7, T8, T9 (P23; data/tables.toml [params]) are the table's extra data.
TABLE = ParamTable(PARAMS, size=L.PARAMS_SIZE, players_slot=L.P_PLAYERS, min_players=2,
                   extra={key: TABLES["params"][key] for key in TABLE_CHECKS},
                   merge={key: merge for key, (_, merge) in TABLE_CHECKS.items()}, check=_check_tables,
                   flatten=_flatten)
DEFAULTS = TABLE.defaults()
resolve = TABLE.resolve
flatten = TABLE.flatten
