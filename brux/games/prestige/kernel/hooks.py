"""Prestige's kernel hooks: what the game kit (`brux.core.kit`, `brux.agents.kit`) builds the batches, the ranking
and the searches from (docs/adding-a-game.md)."""

from brux.core.accessors import accessors
from brux.core.hidden import no_stage as rest_of_stage  # every decision sees the ones before it
from brux.core.jit import JIT, njit
from brux.core.obs import copy_pieces, one_hot

from ..agents import FEATURES, WEIGHTS, determinise, hide, same_turn, values
from . import codes as C
from . import layout as L
from .base import better, seat
from .engine import PLAYOUT, PLAYOUT_WORK, apply, init, play_out_random

PARAMS_SIZE = L.PARAMS_SIZE  # the rule parameters at the start of a state (constant in play)
STATE_SIZE = L.STATE_SIZE
N_ACTIONS = C.N_ACTIONS
N_SOURCES = C.N_SOURCES
N_OPENINGS = C.N_OPENINGS
MAX_PLAYERS = C.MAX_PLAYERS
OBS_SIZE = L.OBS.size  # observation: the pieces of layout.OBS (docs/prestige.md, "Observation")
OBS_LAYOUT = L.OBS

player, nlegal, legal, nplayers, vp, source_vp, opening, length = accessors(__name__, L, seat)


@njit(**JIT)
def observe(s, p, out):
    """Seat p's observation into float32 `out` (OBS_SIZE values, the pieces of layout.OBS): public fields only."""
    copy_pieces(s, out, L.OBS_COPIES)
    one_hot(out, L.OBS_SEAT, L.MAX_PLAYERS, p)
    for c in range(C.N_COLS):
        out[L.OBS_DARK + c] = s[L.DB + c] if s[L.DREV + c] else -1.0
    for i in range(C.STACK_CARDS):
        out[L.OBS_SS + i] = s[L.EV_SS + i] if i < s[L.EV_SS_POS] else -1.0
        out[L.OBS_AW + i] = s[L.EV_AW + i] if i < s[L.EV_AW_POS] else -1.0
    for q in range(L.MAX_PLAYERS):  # the target bit masks (up to 2**25) as flags: exact in float32
        for f in L.OBS_SEAT_FLAGS:
            at = L.OBS_SEATS + q * L.SEAT_SIZE + f
            out[at] = 1.0 if out[at] != 0.0 else 0.0


__all__ = ["FEATURES", "MAX_PLAYERS", "N_ACTIONS", "N_OPENINGS", "N_SOURCES", "OBS_LAYOUT", "OBS_SIZE", "PARAMS_SIZE",
           "PLAYOUT",
           "PLAYOUT_WORK", "STATE_SIZE", "WEIGHTS", "apply", "better", "determinise", "hide", "init", "legal", "length",
           "nlegal", "nplayers", "observe", "opening", "play_out_random", "player", "rest_of_stage", "same_turn",
           "source_vp", "values", "vp"]
