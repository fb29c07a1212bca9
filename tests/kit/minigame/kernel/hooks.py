"""Pig auction's kernel hooks: what the game kit builds the batches, the ranking and the searches from."""

from brux.core.accessors import accessors
from brux.core.hidden import no_stage as rest_of_stage  # every decision sees the ones before it
from brux.core.jit import JIT, njit
from brux.core.obs import copy_pieces, one_hot
from brux.core.ranking import Key, tie_break

from ..agents import FEATURES, WEIGHTS, determinise, hide, same_turn, values
from . import layout as L
from .engine import apply, init, seat

PARAMS_SIZE = L.PARAMS_SIZE
STATE_SIZE = L.STATE_SIZE
N_ACTIONS = L.N_ACTIONS
N_SOURCES = L.N_SOURCES
N_OPENINGS = 1
MAX_PLAYERS = L.MAX_PLAYERS
OBS_LAYOUT = L.OBS
OBS_SIZE = L.OBS.size
PLAYOUT = None
OBS_SEAT = L.OBS.offset["seat"]
OBS_COPIES = L.OBS.copies

better = tie_break(__name__, L.SEATS, L.SEAT_SIZE, Key(L.S_VP), Key(L.S_COINS))  # rules 4
player, nlegal, legal, nplayers, vp, source_vp, opening, length = accessors(__name__, L, seat)


@njit(**JIT)
def observe(s, p, out):
    """Seat p's observation: the public fields (nothing of a seat is hidden from the others)."""
    copy_pieces(s, out, OBS_COPIES)
    one_hot(out, OBS_SEAT, L.MAX_PLAYERS, p)


__all__ = ["FEATURES", "MAX_PLAYERS", "N_ACTIONS", "N_OPENINGS", "N_SOURCES", "OBS_LAYOUT", "OBS_SIZE", "PLAYOUT",
           "PARAMS_SIZE", "STATE_SIZE", "WEIGHTS", "apply", "better", "determinise", "hide", "init", "legal", "length",
           "nlegal", "nplayers", "observe", "opening", "player", "rest_of_stage", "same_turn", "source_vp", "values",
           "vp"]
