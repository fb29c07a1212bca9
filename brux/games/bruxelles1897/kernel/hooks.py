"""Bruxelles 1897's kernel hooks: what the game kit (`brux.core.kit`, `brux.agents.kit`) builds the batches, the
ranking and the searches from (docs/adding-a-game.md)."""

from brux.core.accessors import accessors
from brux.core.hidden import no_stage as rest_of_stage  # every decision sees the ones before it
from brux.core.jit import INLINE, JIT, njit
from brux.core.kit import PlayOut
from brux.core.obs import copy_pieces, one_hot
from brux.core.ranking import Key, tie_break

from ..agents import FEATURES, WEIGHTS, determinise, hide
from ..agents import g_same_turn as same_turn
from ..agents import g_values as values
from . import codes as C
from . import layout as L
from .base import entry_owner, entry_type, seat
from .engine import PLAYOUT_WORK, apply, init, play_out_random
from .engine import start as init_for_play_out
from .legal import legal_at
from .majority import field

PARAMS_SIZE = L.PARAMS_SIZE  # the rule parameters at the start of a state (constant in play)
STATE_SIZE = L.STATE_SIZE
N_ACTIONS = C.N_ACTIONS
N_SOURCES = L.N_SOURCES
N_OPENINGS = 2
MAX_PLAYERS = L.MAX_PLAYERS
OBS_SIZE = L.OBS.size  # observation: the pieces of layout.OBS (docs/bruxelles1897.md, "Observation")
OBS_LAYOUT = L.OBS
# the random batch compiled without the loop vectorizer: 6 % faster so (brux.core.codegen)
PLAYOUT = PlayOut(play_out_random, PLAYOUT_WORK, init_for_play_out, vectorize=False)
# the final ranking (docs/bruxelles1897.md, end of game): VP, then fewer architects in prison, then the track sum
better = tie_break(__name__, L.SEATS, L.SEAT_SIZE, Key(L.S_VP), Key(L.S_PRISON, C.N_ARCH_TYPES, more=False),
                   Key(L.S_TRACK, C.N_TRACKS))
player, nlegal, legal, nplayers, vp, source_vp, opening, length = accessors(__name__, L, seat)


@njit(**INLINE)
def legal(s, i):  # noqa: F811 (the game's own: the MAIN decision's legal actions are in closed form, not cached)
    return legal_at(s, i)


@njit(**JIT)
def observe(s, p, out):
    """Seat p's observation into float32 `out` (OBS_SIZE values, the pieces of layout.OBS): public fields only."""
    copy_pieces(s, out, L.OBS_COPIES)
    one_hot(out, L.OBS_SEAT, L.MAX_PLAYERS, p)
    for q in range(L.MAX_PLAYERS):
        out[L.OBS_ARMS + q] = field(s[L.C_MAJ_ARMS], q)
    o = L.OBS_BRUSSELS
    for j in range(C.N_BRUSSELS * L.MAX_PLAYERS * C.N_ARCH_TYPES):
        out[o + j] = 0.0
    for card in range(C.N_BRUSSELS):
        base = L.BRU_LIST + card * L.BRU_CAP
        row = o + card * L.MAX_PLAYERS * C.N_ARCH_TYPES
        for i in range(s[L.BRU_LEN + card]):
            e = s[base + i]
            out[row + entry_owner(e) * C.N_ARCH_TYPES + entry_type(e)] += 1.0


__all__ = ["FEATURES", "MAX_PLAYERS", "N_ACTIONS", "N_OPENINGS", "N_SOURCES", "OBS_LAYOUT", "OBS_SIZE", "PARAMS_SIZE",
           "PLAYOUT",
           "PLAYOUT_WORK", "STATE_SIZE", "WEIGHTS", "apply", "better", "determinise", "hide", "init",
           "init_for_play_out", "legal", "length", "nlegal", "nplayers", "observe", "opening", "play_out_random",
           "player", "rest_of_stage", "same_turn", "source_vp", "values", "vp"]
