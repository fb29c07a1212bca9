"""Readable names of Bruxelles 1897 actions and opening labels (docs section 3)."""

from functools import cache

from .kernel import codes as C


@cache
def action_names(faces: tuple[int, ...]) -> tuple[str, ...]:
    """Names of all actions 0..N_ACTIONS-1 for the architect faces (low, high per type, flattened)."""
    names = []
    for a in range(C.A_BR):
        sp, t, f = a // 6, (a % 6) // 2, a % 2
        names.append(f"AN r{sp // 4}c{sp % 4} {C.ARCH_TYPES[t]}@{faces[2 * t + f]}")
    names += [f"BR {b}" for b in C.BRUSSELS_NAMES]
    names.append("PASS")
    names += [f"COMMIT {t}" for t in C.ARCH_TYPES]
    names += [f"PARK {o}" for o in C.PARK_NAMES]
    names += [f"KEEP {sub}" for subs in C.SUBTYPE_NAMES for sub in subs]
    names += [f"SELL {c}" for c in C.COLOURS] + ["DECLINE_SALE"]
    names += [f"PAY {m}" for m in C.PAIRS] + ["STOP_PAYING", "DECLINE_BUILD"]
    names += ["KEEP_NOBLE", "DISCARD_NOBLE"]
    names += [f"FREE {t}" for t in C.ARCH_TYPES]
    names += [f"ACTIVATE {n}" for n in C.NOBLES] + ["STOP_ACTIVATING"]
    names += [f"EXHIBIT {c}" for c in C.COLOURS]
    names += [f"PRISON {t}" for t in C.ARCH_TYPES]
    assert len(names) == C.N_ACTIONS
    return tuple(names)


@cache
def opening_labels(faces: tuple[int, ...]) -> tuple[str, ...]:
    """Labels of opening codes 0..N_OPENINGS-1 (code -1 is '-')."""
    labels = []
    for code in range(C.OPEN_AN_COUNT):
        kind, t, f = code // 6, (code % 6) // 2, code % 2
        labels.append(f"AN:{C.KIND_NAMES[kind]}:{C.ARCH_TYPES[t]}@{faces[2 * t + f]}")
    labels += [f"BR:{b}" for b in C.BRUSSELS_NAMES]
    labels.append("PASS")
    return tuple(labels)
