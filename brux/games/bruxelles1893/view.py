"""The readable state view of Bruxelles 1893 (docs/bruxelles1893.md section 5) and states built from it."""

from typing import Any

import numpy as np

from .kernel import codes as C
from .kernel import layout as L
from .params import BONUS_IDS, FIGURE_IDS, SE_IDS, STRIP_IDS
from .scenario import build

YEARS = (1893, 1894, 1897, 1905, 1910)


def _seat(p: int) -> int:
    return L.SEATS + p * L.SEAT_SIZE


def space_name(sp: int) -> str:
    return f"r{sp // 5 + 1}c{sp % 5 + 1}"


def shield_name(sh: int) -> str:
    return f"{sh // 4 + 1}{sh % 4 + 1}"


def _context(t: list[int], d: int) -> dict[str, Any]:
    if d == C.D_BID:
        return {"space": space_name(t[L.C_SPACE])}
    if d == C.D_PERFORM:
        sp = t[L.C_SPACE]
        return {"effect": C.TYPES[t[L.C_EFFECT]], "space": None if sp < 0 else space_name(sp)}
    if d == C.D_CURSOR:
        return {"steps": t[L.C_PRE_SALE]}
    tile = C.TILE_ROWS[t[L.C_TILE]]
    cost = t[L.P_BUILD_COST + t[L.C_TILE]]
    if d == C.D_BJOKERS:
        return {"tile": tile, "cost": cost}
    if d == C.D_BNOBLES:
        return {"tile": tile, "cost": cost, "jokers": t[L.C_J], "money_units": t[L.C_M]}
    if d in (C.D_NEEDLE, C.D_PLACE):
        return {"tile": tile}
    if d == C.D_GPLAZA:
        return {"left": t[L.C_GP_LEFT]}
    if d == C.D_GAIN:
        return {"source": "PF5" if t[L.C_SRC] == 0 else "secondary"}
    if d == C.D_SECFIG:
        return {"space": space_name(t[L.C_SPACE])}
    if d == C.D_POWER:
        return {"card": BONUS_IDS[t[L.C_CARD]], "reason": "tie" if t[L.C_REASON] == 0 else "use"}
    if d == C.D_BONUS:
        return {"card": BONUS_IDS[t[L.C_CARD]]}
    if d == C.D_PAYFIG:
        o = _seat(t[L.G_CUR])
        return {"paid": [FIGURE_IDS[f] for f in range(C.N_FIGURES) if (t[o + L.S_PAID] >> f) & 1]}
    return {}


def _space(t: list[int], sp: int) -> dict[str, Any]:
    q = t[L.SP_OCC + sp]
    if q == C.EMPTY:
        a = None
    elif q >= C.NEUTRAL:
        a = {"owner": "neutral", "placed_by": q - C.NEUTRAL, "bid": 0}
    else:
        a = {"owner": q, "bid": t[L.SP_BID + sp]}
    b = t[L.SP_BOWN + sp]
    return {"type": C.TYPES[t[L.SP_TYPE + sp]], "assistant": a,
            "building": None if b < 0 else {"owner": b, "tile": C.TILE_ROWS[t[L.SP_BTILE + sp]]}}


def _seat_dict(t: list[int], p: int) -> dict[str, Any]:
    o = _seat(p)
    f = t[o: o + L.SEAT_SIZE]
    rows = []
    for k in range(4):
        cards = [BONUS_IDS[f[L.S_ROWS + k * 5 + i]] for i in range(f[L.S_ROWN + k])]
        mult = 1 + sum(t[L.P_BON + f[L.S_ROWS + k * 5 + i] * 5 + 3] for i in range(f[L.S_ROWN + k]))
        rows.append({"cards": cards, "multiplier": mult, "tucked_this_round": bool(f[L.S_TUCKED + k])})
    return {
        "money": f[L.S_MONEY], "vp": f[L.S_VP], "passed": bool(f[L.S_PASSED]),
        "supply": f[L.S_SUPPLY], "courthouse": f[L.S_COURT],
        "tracks": dict(zip(C.TRACKS, f[L.S_TRACK: L.S_TRACK + 3])),
        "figures": {FIGURE_IDS[i]: (None, "upright", "tapped")[f[L.S_FIG + i]] for i in range(C.N_FIGURES)},
        "works": dict(zip(C.COLOURS, f[L.S_WORKS: L.S_WORKS + 5])),
        "materials": dict(zip(C.MATERIALS, f[L.S_MAT: L.S_MAT + 4])),
        "tiles": dict(zip(C.TILE_ROWS, f[L.S_TILES: L.S_TILES + 3])),
        "exhibition_tiles": f[L.S_EXH],
        "rows": rows,
        "bonus_won": [BONUS_IDS[f[L.S_BW + i]] for i in range(f[L.S_BWN])],
        "vp_by_source": dict(zip(C.VP_SOURCES, f[L.S_SRC: L.S_SRC + C.N_SOURCES])),
    }


def to_dict(s: np.ndarray) -> dict[str, Any]:
    """The documented readable view (docs/bruxelles1893.md section 5)."""
    t = s.tolist()
    n = t[L.P_PLAYERS]
    over = bool(t[L.G_OVER])
    d = t[L.G_PENDING]
    rnd = t[L.G_ROUND]
    sh = t[L.AREA_SHIELD]
    area = None if sh < 0 else {"shield": shield_name(sh), "rows": [t[L.AREA] + 1, t[L.AREA + 1] + 1],
                                "cols": [t[L.AREA + 2] + 1, t[L.AREA + 3] + 1]}

    def pile(k: int) -> list[str]:
        return [C.COLOURS[t[L.PILE + k * L.PILE_CAP + i]] for i in range(t[L.PILE_N + k])]

    brussels = {}
    for b, name in enumerate(C.BRUSSELS):
        base = L.BR_LIST + b * L.BR_CAP
        brussels[name] = {"uses": t[L.BR_USES + b], "assistants": t[base: base + t[L.BR_N + b]]}
    in_play = [C.COLOURS[c] for c in range(5) for _ in range(t[L.IP_WORKS + c])]
    return {
        "game": "bruxelles1893", "players": n, "round": rnd, "phase": C.PHASES[t[L.G_PHASE]], "over": over,
        "first_player": t[L.G_FIRST],
        "current_player": None if over else t[L.G_CUR],
        "pending": None if over else C.DECISIONS[d],
        "context": {} if over else _context(t, d),
        "stock_exchange": {"card": SE_IDS[t[L.SE_CARD]], "deck": C.N_SE - rnd, "discard": rnd - 1},
        "area": area,
        "board": {"strips": [STRIP_IDS[t[L.STRIP + r]] for r in range(5)],
                  "sides": ["AB"[t[L.SIDE + r]] for r in range(5)],
                  "spaces": [[_space(t, r * 5 + c) for c in range(5)] for r in range(5)]},
        "bonus": {"strip": [None if t[L.BON_STRIP + c] < 0 else BONUS_IDS[t[L.BON_STRIP + c]] for c in range(5)],
                  "deck": C.N_BONUS - t[L.BON_POS], "discard": t[L.BON_DISC]},
        "theatre": {"display": [None if t[L.TH_DISP + i] < 0 else FIGURE_IDS[t[L.TH_DISP + i]] for i in range(4)],
                    "deck": t[L.TH_DN], "discard": t[L.TH_DISCN]},
        "works": {"coloured_stack": t[L.CST_N], "black_stack": t[L.KST_N], "shop": [pile(0), pile(1)]},
        "cursor": [t[L.CURSOR], t[L.CURSOR + 1]],
        "compass": {"tiles": [C.COMPASS[t[L.COMP + i]] for i in range(6)],
                    "needles": {"A": t[L.NEEDLE], "B": t[L.NEEDLE + 1]}},
        "supply": dict(zip(C.MATERIALS, t[L.SUP: L.SUP + 4])),
        "brussels": brussels,
        "exhibition": {"year": YEARS[rnd - 1], "taken_by": None if t[L.G_EXH_BY] < 0 else t[L.G_EXH_BY],
                       "stack": 5 - rnd},
        "in_play": {"works": in_play, "figure": None if t[L.IP_FIG] < 0 else FIGURE_IDS[t[L.IP_FIG]]},
        "seats": [_seat_dict(t, p) for p in range(n)],
    }


def from_dict(d: dict[str, Any], flat: np.ndarray, seed: int) -> np.ndarray:
    """A state from a view (docs/bruxelles1893.md section 5); see scenario.py."""
    return build(d, flat, seed, to_dict)
