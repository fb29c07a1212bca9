"""The readable state view of Prestige (docs/prestige.md section 14.2) and scenarios built from it (14.5)."""

from typing import Any

import numpy as np

from .kernel import codes as C
from .kernel import layout as L
from .kernel.base import score_all
from .kernel.flow import AFTER_RESOLVE, AFTER_SWEEP
from .kernel.orders import item_craft, item_product
from .scenario import build

__all__ = ["from_dict", "to_dict"]


def _seat_off(p: int) -> int:
    return L.SEATS + p * L.SEAT_SIZE


def _priority(order: list[int]) -> list[int]:
    out: list[int] = []
    for q in order:
        if q not in out:
            out.append(q)
    return out


def _spaces(t: Any, a: int) -> int:
    n = t[L.P_SPACES + a]
    if a == C.A_B and t[L.G_ROUND] == C.ROUNDS:
        n += t[L.P_EXTRA_B_SPACES]
    return n


def _context(t: Any) -> dict[str, Any] | None:
    d = t[L.G_PENDING]
    sp = t[L.C_SPACE] + 1
    if d == C.D_START:
        return {"area": "S", "space": sp}
    if d == C.D_HIRE:
        return {"area": "C", "space": sp}
    if d == C.D_LAND:
        return {"area": "L", "space": sp}
    if d == C.D_MC:
        return {"area": "L", "space": sp, "field": C.NODES[t[L.C_FIELD]]}
    if d == C.D_MARKET:
        return {"area": "M", "space": sp, "left": t[L.C_LEFT],
                "used_types": [C.MARKET_TYPES[t[L.C_USED + j]] for j in range(t[L.C_NUSED])]}
    if d in (C.D_ITEM, C.D_TARGET, C.D_LEVEL):
        ctx: dict[str, Any] = {"area": "B", "space": sp, "extra_gold": t[L.C_EXTRA]}
        if d != C.D_ITEM:
            item = t[L.C_ITEM]
            ctx["craftsman"] = C.CRAFTS[item_craft(item)]
            ctx["product"] = C.PRODUCTS[item_product(item)]
        if d == C.D_LEVEL:
            tc = t[L.C_TARGET]
            ctx["target"] = f"c{tc // 5 + 1} {C.PRODUCTS[tc % 5]}"
        return ctx
    if d == C.D_PLANT:
        return {"area": "P", "space": sp}
    if d == C.D_RESOLVE:
        return {"space": t[L.C_BSPACE] + 1}
    if d == C.D_YELLOW:
        after = t[L.C_YAFTER]
        space = None
        if after == AFTER_RESOLVE:
            space = t[L.C_BSPACE] + 1
        elif after != AFTER_SWEEP:
            space = t[L.C_SPACE] + 1
        return {"column": t[L.C_YCOL] + 1, "after": ("land", "resolve", "sweep")[after], "space": space}
    return None


def _order_dict(t: Any, k: int) -> dict[str, Any]:
    q = L.ORD + k * L.OF_SIZE
    item = t[q + L.OF_ITEM]
    pd = item_product(item)
    col = t[q + L.OF_COL]
    tt = t[q + L.OF_T]
    target = f"c{col + 1} {C.PRODUCTS[tt]}"
    return {"craftsman": C.CRAFTS[item_craft(item)], "product": C.PRODUCTS[pd], "target": target,
            "level": t[q + L.OF_LEVEL], "wood": t[q + L.OF_RES], "lime": t[q + L.OF_RES + 1],
            "marble": t[q + L.OF_RES + 2], "glass": t[q + L.OF_RES + 3], "workers": t[q + L.OF_WORKERS],
            "exhausted": t[q + L.OF_EXHAUSTED], "extra_gold": t[q + L.OF_EXTRA]}


def _castle(t: Any, o: int) -> list[str]:
    out = []
    for c in range(C.N_COLS):
        for sl in range(C.SLOTS):
            for _ in range(t[o + L.S_CASTLE + c * C.SLOTS + sl]):
                out.append(f"c{c + 1} {C.SLOT_NAMES[sl]}")
    return out


def _holds(t: Any, p: int, m: int) -> bool:
    for k in range(4):
        if t[L.LINK + k] == m:
            node = C.NODES.index(C.LINK_FIELDS[k])
            return bool((t[L.DISCS + node] >> p) & 1)
    return False


def _seat_dict(t: Any, p: int) -> dict[str, Any]:
    o = _seat_off(p)
    f = t[o: o + L.SEAT_SIZE]
    orders = [_order_dict(t, k) for k in range(t[L.ORD_N])
              if t[L.ORD + k * L.OF_SIZE + L.OF_SEAT] == p and not t[L.ORD + k * L.OF_SIZE + L.OF_DONE]]
    return {
        "stock": dict(zip(C.STOCK_NAMES, f[L.S_STOCK: L.S_STOCK + 5])),
        "workers": {"supply": f[L.S_SUPPLY], "plant": f[L.S_PLANTW], "orders": f[L.S_ORDW],
                    "tavern": f[L.S_TAVERN]},
        "craftsmen": {c: C.TIERS[f[L.S_CRAFT + i]] for i, c in enumerate(C.CRAFTS)},
        "experience": f[L.S_EXP],
        "income": dict(zip(("gold", "wood", "lime", "marble"), f[L.S_INC: L.S_INC + 4])),
        "market_tiles": [f"MC{m + 1}" for m in range(C.N_MC) if _holds(t, p, m)],
        "castle": _castle(t, o),
        "orders": orders,
        "outer": f[L.S_OUTER], "inner": f[L.S_INNER],
        "light_tiles": [C.COND_IDS[x] for x in f[L.S_LIGHT: L.S_LIGHT + f[L.S_LIGHT_N]]],
        "yellow": [C.YELLOW_IDS[x] for x in f[L.S_YEL: L.S_YEL + f[L.S_YEL_N]]],
        "firewood_penalty": f[L.S_FIRE],
        "vp": f[L.S_VP],
        "vp_by_source": dict(zip(C.VP_SOURCES, f[L.S_SRC: L.S_SRC + C.N_SOURCES])),
    }


def to_dict(s: np.ndarray) -> dict[str, Any]:
    """The documented readable view of a state array (during play, VP are those if the game ended now)."""
    if not s[L.G_OVER]:
        s = s.copy()
        score_all(s)
    t = s.tolist()
    n = t[L.P_PLAYERS]
    over = bool(t[L.G_OVER])
    rnd = t[L.G_ROUND]
    order = t[L.ORDER: L.ORDER + 5 * n]
    nxt = t[L.NEXT_ORDER: L.NEXT_ORDER + 5 * n] if t[L.NEXT_SET] else None
    track = {a: [q if q >= 0 else None for q in t[L.TRACK + i * L.MAX_SPACES: L.TRACK + i * L.MAX_SPACES
                                                     + _spaces(t, i)]] for i, a in enumerate(C.AREAS)}
    plant = {}
    for r, name in enumerate(C.PLANT_RES):
        slots = []
        for i in range(t[L.P_PLANT_SLOTS + r]):
            b = L.PLANT + (r * L.MAX_PLANT_SLOTS + i) * 3
            slots.append(None if i >= t[L.PLANT_N + r] else
                         {"seat": t[b], "amount": t[b + 1], "workers": t[b + 2]})
        plant[name] = slots
    heads = {}
    for h, name in enumerate(C.HEADS):
        b = L.P_HEADS + h * L.HF_SIZE
        prices = t[b + L.HF_PRICE: b + L.HF_PRICE + t[b + L.HF_N]]
        heads[name] = {"displayed": bool(t[L.HEAD_SHOWN + h]), "prices": prices[t[L.HEAD_TAKEN + h]:]}
    nodes = {}
    for i, name in enumerate(C.NODES):
        bits = t[L.DISCS + i]
        nodes[name] = {"tile": C.TILES[t[L.TILE + i]], "discs": [q for q in range(n) if (bits >> q) & 1]}
    links = {f: (None if t[L.LINK + k] < 0 else f"MC{t[L.LINK + k] + 1}") for k, f in enumerate(C.LINK_FIELDS)}
    columns = []
    for c in range(C.N_COLS):
        columns.append({
            "light": C.COND_IDS[t[L.LB + c]],
            "light_marks": t[L.LMARK + c * C.MAX_PLAYERS: L.LMARK + c * C.MAX_PLAYERS + t[L.LMARK_N + c]],
            "light_taken_by": None if t[L.LTAKEN + c] < 0 else t[L.LTAKEN + c],
            "dark": C.COND_IDS[t[L.DB + c]] if t[L.DREV + c] else None,
            "dark_claims": t[L.DCLAIM + c * C.MAX_PLAYERS: L.DCLAIM + c * C.MAX_PLAYERS + t[L.DCLAIM_N + c]],
        })
    card = t[L.EV_CARD]
    si = (rnd - 1) % 4
    active = t[L.G_ACTIVE]
    nxt_ev = None
    if card >= 0 and t[L.P_EVENTS_ON] and si in (0, 2):
        nxt_ev = C.EVENTS[t[L.P_CARDS + C.CARD_FIELDS * card + C.CARD_EVENT + 1 + si]]
    pending = t[L.G_PENDING]
    return {
        "game": "prestige", "players": n, "round": rnd, "year": (rnd - 1) // 4 + 1, "season": C.SEASONS[si],
        "phase": C.PHASES[t[L.G_PHASE]], "over": over,
        "current_player": None if over else t[L.G_CUR],
        "pending": None if over else C.DECISIONS[pending],
        "context": None if over else _context(t),
        "order": order,
        "sick": [i for i in range(5 * n) if t[L.SICK + i]],
        "turn": t[L.TURN],
        "next_order": nxt,
        "priority": _priority(nxt if nxt is not None else order),
        "track": track,
        "plant": plant,
        "labour_price": {k: (t[L.P_LABOUR_LATER] if t[L.LABOUR_USED + j] else t[L.P_LABOUR_FIRST])
                         for j, k in enumerate(("labour2", "labour_wood", "labour_lime"))},
        "heads": heads,
        "land": {"nodes": nodes, "links": links,
                 "mc_available": [f"MC{m + 1}" for m in range(C.N_MC) if t[L.MC + m] == C.MC_AVAILABLE],
                 "mc_removed": [f"MC{m + 1}" for m in range(C.N_MC) if t[L.MC + m] == C.MC_REMOVED]},
        "bonus": {"columns": columns, "yellow": [C.YELLOW_IDS[y] for y in range(C.N_YELLOW) if t[L.YEL + y] == 0]},
        "events": {"card": None if card < 0 else f"E{card + 1}",
                   "stack": None if t[L.EV_STACK] < 0 else ("SS", "AW")[t[L.EV_STACK]],
                   "active": None if active < 0 else C.EVENTS[active], "next": nxt_ev,
                   "ss_left": t[L.EV_SS_N] - t[L.EV_SS_POS], "aw_left": t[L.EV_AW_N] - t[L.EV_AW_POS],
                   "used": [f"E{x + 1}" for x in t[L.EV_USED: L.EV_USED + t[L.EV_USED_N]]]},
        "seats": [_seat_dict(t, p) for p in range(n)],
    }


def from_dict(d: dict[str, Any], flat: np.ndarray, seed: int) -> np.ndarray:
    """A state from a view (docs/prestige.md section 14.5); see scenario.py."""
    return build(d, flat, seed, to_dict)
