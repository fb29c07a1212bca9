"""Readable names of Prestige actions (docs/prestige.md section 14.4), in action-number order."""

from functools import cache

from .kernel import codes as C


@cache
def action_names() -> tuple[str, ...]:
    """Names of all actions 0..N_ACTIONS-1."""
    names = ["SETUP WOOD", "SETUP LIME", "OFFER ACCEPT", "OFFER DECLINE"]
    names += [f"GIFT {g}" for g in ("WOOD", "LIME", "GLASS", "MARBLE")]
    names += ["WOODTRADE SELL", "WOODTRADE STOP", "TRAIN DECLINE"] + [f"TRAIN {h}" for h in C.HEADS]
    names += [f"LOSE {n}" for n in C.NODES]
    names += [f"AREA {a}" for a in C.AREAS]
    names += [f"START {g}" for g in ("WOOD", "LIME", "GOLD")]
    names += ["HIRE NONE"] + [f"HIRE {h}" for h in C.HEADS]
    names += ["LAND NONE"] + [f"LAND {n} {t}" for n in C.NODES[:10] for t in ("FOREST", "QUARRY", "TAX")]
    names += [f"LAND {n}" for n in C.NODES]
    names += ["MC DECLINE"] + [f"MC PLACE MC{x + 1} REMOVE MC{y + 1}" for x in range(8) for y in range(8) if y != x]
    names += ["MARKET STOP"] + [f"MARKET {v}" for v in C.MARKET_VARIANTS]
    names += [f"ORDER {C.CRAFTS[c]} {C.PRODUCTS[p]}" for c, p in C.ORDER_ITEMS]
    names += [f"TARGET c{k + 1} {t}" for k in range(5) for t in C.PRODUCTS[:5]]
    names += [f"LEVEL {lv}" for lv in range(7)]
    names += ["PLANT NONE", "PLANT GOLD"] + [f"PLANT WOOD {n}" for n in range(1, 8)]
    names += [f"PLANT LIME {n}" for n in range(1, 8)] + [f"PLANT MARBLE {n}" for n in range(1, 4)]
    names += [f"RESOLVE c{k + 1} {sl}" for k in range(5) for sl in C.SLOT_NAMES]
    names += [f"YELLOW {y}" for y in C.YELLOW_IDS]
    names += ["BUYBACK NO", "BUYBACK YES"]
    assert len(names) == C.N_ACTIONS
    return tuple(names)
