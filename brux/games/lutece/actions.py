"""Readable names of Lutèce actions and opening labels (docs section 3)."""

from functools import cache

from .kernel import codes as C


def pair_name(code: int) -> str:
    """Hand cards of a pair code, e.g. "A+I", "B+$", "$+$", "A+C" (lower hand card first)."""
    u, v = C.PAIRS[code]
    return f"{C.HAND_NAMES[u]}+{C.HAND_NAMES[v]}"


@cache
def action_names() -> tuple[str, ...]:
    """Names of all actions 0..N_ACTIONS-1."""
    names = [f"PLAY {pair_name(code)}" for code in range(C.N_PAIRS)]
    names += [f"BRIBE {b}" for b in range(C.BRIBE_STEP)]
    names.append(f"BRIBE +{C.BRIBE_STEP}")
    names += [f"LEGIONS {g}" for g in range(C.MAX_LEGIONS + 1)]
    assert len(names) == C.N_ACTIONS
    return tuple(names)


@cache
def opening_labels() -> tuple[str, ...]:
    """Labels of opening codes 0..N_OPENINGS-1 (code -1 is '-'): the round-1 card pair, then its coin bribes."""
    top = C.OPEN_BRIBE_MAX
    labels = [pair_name(code) for code in range(C.N_PAIRS)]
    labels.append("bribe -")

    def value(b: int) -> str:
        return f"{b}+" if b == top else str(b)

    labels += [f"bribe {value(b)}" for b in range(top + 1)]
    labels += [f"bribe {value(b1)}/{value(b2)}" for b1 in range(top + 1) for b2 in range(top + 1)]
    assert len(labels) == C.N_OPENINGS
    return tuple(labels)
