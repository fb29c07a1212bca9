"""The per-game kernel hooks the shared game kit builds on (constants and @njit functions over the state).

Required: PARAMS_SIZE, STATE_SIZE, N_ACTIONS, N_SOURCES, N_OPENINGS, MAX_PLAYERS, OBS_SIZE; init, apply, player,
nlegal, legal, nplayers, vp, source_vp, opening, length, better, observe. Agents (from ..agents): determinise,
hide, values, same_turn, FEATURES, WEIGHTS.
PLAYOUT: the game's own random play-out (brux.core.kit.PlayOut).
"""

from brux.core.accessors import accessors
from brux.core.hidden import no_stage as rest_of_stage  # every decision sees the ones before it
from brux.core.jit import JIT, njit
from brux.core.obs import copy_pieces, one_hot
from brux.core.ranking import Key, tie_break

from ..agents import FEATURES, WEIGHTS, determinise, hide, same_turn, values
from . import codes as C
from . import layout as L
from .base import seat
from .engine import PLAYOUT, apply, init, play_out_random

PARAMS_SIZE = L.PARAMS_SIZE  # the rule parameters at the start of a state (constant in play)
STATE_SIZE = L.STATE_SIZE
N_ACTIONS = C.N_ACTIONS
N_SOURCES = C.N_SOURCES
N_OPENINGS = C.N_OPENINGS
MAX_PLAYERS = L.MAX_PLAYERS
OBS_SIZE = L.OBS.size  # observation: the pieces of layout.OBS (docs/bruxelles1893.md, "Observation")
OBS_LAYOUT = L.OBS
# the final ranking (7.4): VP, then fewer Courthouse assistants, then the track sum, then money
better = tie_break(__name__, L.SEATS, L.SEAT_SIZE, Key(L.S_VP), Key(L.S_COURT, more=False),
                   Key(L.S_TRACK, len(C.TRACKS)), Key(L.S_MONEY))
player, nlegal, legal, nplayers, vp, source_vp, opening, length = accessors(__name__, L, seat)

__all__ = ["FEATURES", "MAX_PLAYERS", "N_ACTIONS", "N_OPENINGS", "N_SOURCES", "OBS_LAYOUT", "OBS_SIZE", "PARAMS_SIZE",
           "PLAYOUT",
           "STATE_SIZE", "WEIGHTS", "apply", "better", "determinise", "hide", "init", "legal", "length", "nlegal",
           "nplayers", "observe", "opening", "play_out_random", "player", "rest_of_stage", "same_turn", "source_vp",
           "values", "vp"]


@njit(**JIT)
def observe(s, p, out):
    """Seat p's observation into float32 `out` (OBS_SIZE values, the pieces of layout.OBS): public fields only."""
    copy_pieces(s, out, L.OBS_COPIES)
    one_hot(out, L.OBS_SEAT, L.MAX_PLAYERS, p)
    o = L.OBS_BRUSSELS
    for j in range(C.N_BRUSSELS * L.MAX_PLAYERS):
        out[o + j] = 0.0
    for b in range(C.N_BRUSSELS):
        base = L.BR_LIST + b * L.BR_CAP
        for i in range(s[L.BR_N + b]):
            out[o + b * L.MAX_PLAYERS + s[base + i]] += 1.0
