"""Prestige rule parameters (docs/prestige.md section 12): one declaration table, validation, the kernel block.

Defaults come from data/params.toml (scalars) and the [params] tables of data/tables.toml (T1, T3, T7, T8, T9);
the other tables of data/tables.toml are fixed game data flattened into the same block. Table overrides replace a
table's entries key by key (``action_spaces={"B": [4, 6, 8]}``); ``orders`` and ``experience`` take whole rows.
"""

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from brux.core.params import Check, boolean, check_all, int_in, load_defaults, merge_overrides, one_of

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


# The declaration: name, check (range or choices), meaning. Defaults: data/params.toml and data/tables.toml.
PARAMS: tuple[tuple[str, Check, str], ...] = (
    ("start_gold", int_in(3, 8), "P3 gold per seat at setup"),
    ("land_cost", int_in(2, 5), "P4 land disc cost"),
    ("cheap_land_cost", int_in(1, 3), "P4 land disc cost under CHEAP LAND"),
    ("land_share_fee", int_in(0, 2), "P5 gold to each seat already on the tile"),
    ("plant_first_bonus", int_in(0, 2), "P6 first-taker plant bonus"),
    ("market_k", int_in(1, 3), "P7 market actions per visit"),
    ("market_first_extra", int_in(0, 2), "P7 extra market actions on space 1"),
    ("labour_price_first", int_in(1, 4), "P8 labour price, first use in a season"),
    ("labour_price_later", int_in(1, 4), "P8 labour price afterwards"),
    ("buyback_price", int_in(0, 2), "P9 gold per worker bought back"),
    ("buyback_max", int_in(0, 3), "P9 workers bought back per season end"),
    ("exp_max", int_in(3, 6), "P10 highest experience"),
    ("upgrade_loss_per_tier", int_in(0, 2), "P10 experience lost per MB tier gained"),
    ("min_order_workers", int_in(0, 2), "P11 fewest workers per order"),
    ("final_extra_cost", int_in(0, 4), "P12 final-season surcharge"),
    ("extra_b_spaces", int_in(0, 4), "P12 B spaces added in the final season"),
    ("final_extra_mode", one_of(*C.FINAL_EXTRA_MODES), "P12 which final orders pay the surcharge"),
    ("firewood_tiles_per_wood", int_in(2, 4), "P13 building tiles per firewood"),
    ("firewood_penalty", int_in(0, 5), "P13 PP per missing wood"),
    ("dark_points", _dark, "P14 dark-blue points by rank"),
    ("lb_tile_pp", int_in(0, 5), "P15 PP per light-blue tile"),
    ("gold_per_pp", int_in(2, 6), "P16 leftover value per PP"),
    ("resource_values", _res_values, "P16 leftover values of marble, glass, wood, lime"),
    ("diff_divisor", int_in(0, 4), "P17 imbalance divisor (0 = off)"),
    ("yellow_per_player", int_in(1, 6), "P18 yellow tiles per seat (at most 12 in all)"),
    ("start_bonus_all_spaces", boolean, "P19 every S space gives the start bonus"),
    ("build_group_reversed", boolean, "P20 builders enter ORDER' in reverse resolution order"),
    ("sick_position", one_of(*C.SICK_POSITIONS), "P21 sick instructors in ORDER'"),
    ("events_on", boolean, "P22 events have effects"),
    ("first_game", boolean, "P22 first-game set-up"),
    ("year_end_order", one_of(*C.YEAR_END_ORDERS), "P24 E6 before or after E7/E8"),
    ("duel", boolean, "8.6 duel variant (2 players)"),
    ("action_spaces", _spaces, "P23 T1 spaces per area"),
    ("income", _income, "P23 T3 income track"),
    ("orders", _orders, "P23 T7 craftsman order tiles"),
    ("heads", _heads, "P23 T8 head tiles"),
    ("experience", _experience, "P23 T9 experience benefits"),
)
CHECKS = {name: check for name, check, _ in PARAMS}
DEFAULTS: dict[str, Any] = {**load_defaults(DATA / "params.toml"), **TABLES["params"]}
assert list(DEFAULTS) == list(CHECKS) or sorted(DEFAULTS) == sorted(CHECKS)
_WHOLE = ("orders", "experience")


def resolve(overrides: dict[str, Any]) -> dict[str, Any]:
    """The full, validated parameter set: defaults with overrides; ValueError names a bad field."""
    overrides = dict(overrides)
    whole = {k: overrides.pop(k) for k in _WHOLE if k in overrides}
    params = merge_overrides(DEFAULTS, overrides)
    for k, v in whole.items():
        if not isinstance(v, Mapping):
            raise ValueError(f"rule parameter {k!r} must be a table with columns and rows")
        params[k] = {**params[k], **v}
    check_all(params, CHECKS)
    return params


def _tier(t: str) -> int:
    return C.TIERS.index(t)


def head_prices(params: dict[str, Any], head: str, players: int) -> list[int]:
    """The price tiles of a head stack used with this player count (T8), cheapest first."""
    p = params["heads"][head]["prices"]
    if params["duel"] and players == 2:
        return [p[0], p[3]]
    return {2: [p[0], p[1]], 3: [p[0], p[1], p[3]], 4: list(p)}[players]


def flatten(params: dict[str, Any], players: int) -> np.ndarray:
    """The parameter block of the kernel state for a player count."""
    if params["yellow_per_player"] * players > C.N_YELLOW:
        raise ValueError(f"rule parameter yellow_per_player must be at most {C.N_YELLOW // players} for {players} "
                         f"players (T13 has {C.N_YELLOW} tiles), got {params['yellow_per_player']}")
    if params["duel"] and players != 2:
        raise ValueError(f"rule parameter duel is the 2-player variant, got players={players}")
    a = np.zeros(L.PARAMS_SIZE, np.int64)
    a[L.P_PLAYERS] = players
    scalars = {
        L.P_START_GOLD: "start_gold", L.P_LAND_COST: "land_cost", L.P_CHEAP_LAND_COST: "cheap_land_cost",
        L.P_LAND_SHARE_FEE: "land_share_fee", L.P_PLANT_FIRST_BONUS: "plant_first_bonus",
        L.P_MARKET_K: "market_k", L.P_MARKET_FIRST_EXTRA: "market_first_extra",
        L.P_LABOUR_FIRST: "labour_price_first", L.P_LABOUR_LATER: "labour_price_later",
        L.P_BUYBACK_PRICE: "buyback_price", L.P_BUYBACK_MAX: "buyback_max", L.P_EXP_MAX: "exp_max",
        L.P_UPGRADE_LOSS: "upgrade_loss_per_tier", L.P_MIN_ORDER_WORKERS: "min_order_workers",
        L.P_FINAL_EXTRA_COST: "final_extra_cost", L.P_EXTRA_B_SPACES: "extra_b_spaces",
        L.P_FIREWOOD_TILES: "firewood_tiles_per_wood", L.P_FIREWOOD_PENALTY: "firewood_penalty",
        L.P_LB_PP: "lb_tile_pp", L.P_GOLD_PER_PP: "gold_per_pp", L.P_DIFF_DIV: "diff_divisor",
        L.P_YELLOW_PER_PLAYER: "yellow_per_player", L.P_START_BONUS_ALL: "start_bonus_all_spaces",
        L.P_BUILD_REVERSED: "build_group_reversed", L.P_EVENTS_ON: "events_on", L.P_FIRST_GAME: "first_game",
    }
    for off, key in scalars.items():
        a[off] = int(params[key])
    a[L.P_FINAL_EXTRA_MODE] = C.FINAL_EXTRA_MODES.index(params["final_extra_mode"])
    a[L.P_SICK_POS] = C.SICK_POSITIONS.index(params["sick_position"])
    a[L.P_YEAR_END_ORDER] = C.YEAR_END_ORDERS.index(params["year_end_order"])
    dark = list(params["dark_points"])
    if params["duel"]:
        dark = [dark[0], dark[2], 0]
    a[L.P_DARK_POINTS: L.P_DARK_POINTS + 3] = dark
    a[L.P_RES_VALUES: L.P_RES_VALUES + 4] = params["resource_values"]
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
                a[L.P_ADJ + i * 13 + C.CA] = 1
            elif nb == "MF":
                for m in (C.M1, C.M2):
                    a[L.P_ADJ + i * 13 + m] = 1
                    a[L.P_ADJ + m * 13 + i] = 1
            else:
                a[L.P_ADJ + i * 13 + C.NODES.index(nb)] = 1
    a[L.P_LINK: L.P_LINK + C.N_NODES] = -1
    for k, node in enumerate(land["links"]):
        a[L.P_LINK + C.NODES.index(node)] = k
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
        for j in range(4):
            a[L.P_MINRES + 4 * i + j] = min(a[L.P_COST + (i * 7 + lv) * 5 + j] for lv in range(7))
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
        craft, tier = head.split()
        prices = head_prices(params, head, players)
        a[o + L.HF_CRAFT] = C.CRAFTS.index(craft)
        a[o + L.HF_TIER] = _tier(tier)
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
        a[L.P_CARDS + 5 * i] = C.SYMBOLS.index(sym)
        a[L.P_CARDS + 5 * i + 1: L.P_CARDS + 5 * i + 5] = [C.EVENTS.index(e) for e in evs]
    return a
