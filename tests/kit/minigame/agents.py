"""Pig auction's agents: evaluation features and weights; its views of a seat from the schema's hidden run."""

from brux.core.hidden import hidden_views
from brux.core.jit import JIT, njit

from .kernel import layout as L
from .kernel.engine import seat

FEATURES = ("vp", "coins")  # VP now (cards won); coins left
WEIGHTS = {"greedy": (1.0, 0.5)}  # a coin is worth a card point when it is spent well, so half of one


@njit(**JIT)
def values(s, w, out):
    """out[p] = w . features(s, p) for every seat."""
    for p in range(s[L.P_PLAYERS]):
        o = seat(p)
        out[p] = w[0] * s[o + L.S_VP] + w[1] * s[o + L.S_COINS]


@njit(**JIT)
def same_turn(s, p):
    """Every decision is a whole turn: never."""
    return False


# hide: the deck's unseen cards in ascending order and the chance stream zeroed; determinise: the unseen cards
# re-dealt from the agent's stream and the stream re-keyed. The deck is all that is hidden.
hide, determinise = hidden_views(__name__, L.SCHEMA)
