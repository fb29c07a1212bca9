"""Readable names of Bruxelles 1893 actions (docs/bruxelles1893.md section 4) and opening labels (section 6)."""

from functools import cache

from .kernel import codes as C


def space_name(sp: int) -> str:
    return f"r{sp // 5 + 1}c{sp % 5 + 1}"


@cache
def action_names() -> tuple[str, ...]:
    """Names of all actions 0..N_ACTIONS-1, in action-number order."""
    names = [f"SHIELD {sh // 4 + 1}{sh % 4 + 1}" for sh in range(16)]
    names += [f"NEUTRAL {space_name(sp)}" for sp in range(25)]
    names += [f"AN {space_name(sp)}" for sp in range(25)]
    names += [f"BR {b}" for b in C.BRUSSELS]
    names.append("PASS")
    names += [f"BID {b}" for b in range(1, C.MAX_BID + 1)]
    names += ["PERFORM", "SKIP"]
    names += [f"KEEP {c}" for c in C.COLOURS[:4]]
    names += [f"CURSOR r{x // 5 + 2}c{x % 5 + 2}" for x in range(25)]
    names += [f"SELL {c}" for c in C.COLOURS]
    names += ["PILE 1", "PILE 2"]
    names += [f"SLOT {i}" for i in range(4)]
    names += ["KEEP_FIGURE", "DISCARD_FIGURE"]
    names += [f"TAKE {t}" for t in C.TAKE_NAMES]
    names += [f"TILE {r}" for r in C.TILE_ROWS]
    k = C.MAX_COST + 1
    names += [f"PAY j{x // k} m{x % k}" for x in range(k * k)]
    names += [f"PAY w{x // (k * k)} s{(x // k) % k} i{x % k}" for x in range(k ** 3)]
    names += ["NEEDLE A", "NEEDLE B"]
    names += [f"PLACE {space_name(sp)}" for sp in range(25)]
    names += [f"PARK {t}" for t in C.TYPES]
    names += [f"ACTIVATE PF{f}" for f in range(C.N_FIGURES)]
    names.append("STOP")
    names += [f"GAIN {m}" for m in C.MATERIALS[:3]]
    names += [f"POWER {pw}" for pw in C.POWERS]
    names.append("USE")
    names += [f"TUCK {k}" for k in range(1, 5)]
    names += [f"PAY PF{f}" for f in range(C.N_FIGURES)]
    assert len(names) == C.N_ACTIONS and len(set(names)) == C.N_ACTIONS
    return tuple(names)


def opening_labels() -> tuple[str, ...]:
    """Labels of opening codes 0..N_OPENINGS-1 (code -1 is '-'): what a seat's round-1 turn took."""
    return C.OPENING_LABELS
