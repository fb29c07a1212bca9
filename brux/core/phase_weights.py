"""Evaluation features with a last-phase twin: `<feature>_last` is the feature in a game's last phase (its last round,
its last year) and 0 before, so that a weight vector can weigh the end of a game as the end scores it. A twin's weight
is added to its feature's in that phase; every persona without twin weights plays as before."""

from brux.core.jit import JIT, njit


def last_twins(names: tuple[str, ...]) -> tuple[str, ...]:
    """The twin feature names of `names`, in their order: `<name>_last`."""
    return tuple(f"{name}_last" for name in names)


@njit(**JIT)
def phase_weight(w, f, last, offset):
    """The weight of feature f in weight vector w: in the last phase plus the weight of its twin at f + offset."""
    return w[f] + w[f + offset] if last else w[f]
