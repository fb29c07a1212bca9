"""Lutèce's kernel hooks: what the game kit (`brux.core.kit`, `brux.agents.kit`) builds the batches, the ranking
and the searches from (docs/adding-a-game.md)."""

from brux.core.accessors import accessors
from brux.core.jit import JIT, njit
from brux.core.obs import copy_pieces, one_hot
from brux.core.ranking import Key, tie_break
from brux.core.rng import randbelow

from ..agents import FEATURES, WEIGHTS, determinise, hide, same_turn, values
from . import codes as C
from . import layout as L
from .base import seat, withdraw_sealed_play
from .engine import apply, init

PARAMS_SIZE = L.PARAMS_SIZE  # the rule parameters at the start of a state (constant in play)
STATE_SIZE = L.STATE_SIZE
N_ACTIONS = C.N_ACTIONS
N_SOURCES = L.N_SOURCES
N_OPENINGS = 2
MAX_PLAYERS = L.MAX_PLAYERS
OBS_SIZE = L.OBS.size  # observation: the pieces of layout.OBS (docs/lutece.md, "Observation")
OBS_LAYOUT = L.OBS
PLAYOUT = None  # the kit's generic random play-out
# the final ranking (rules 5.7): more VP, then more coins, then more cards held
better = tie_break(__name__, L.SEATS, L.SEAT_SIZE, Key(L.S_VP), Key(L.S_COINS), Key(L.S_NCARDS))
player, nlegal, legal, nplayers, vp, source_vp, opening, length = accessors(__name__, L, seat)


@njit(**JIT)
def rest_of_stage(s, p):
    """After seat p's sealed play, the seats after it in the round's order play theirs uniformly at random (from the
    state's chance stream), and the round is resolved: a lookahead from any seat scores the whole round, as the last
    seat's does (the earlier seats' plays are drawn the same way by `determinise`)."""
    r = s[L.G_ROUND]
    while s[L.G_OVER] == 0 and s[L.G_ROUND] == r and s[L.G_CUR] > p:
        apply(s, legal(s, randbelow(s, L.G_RNG_KEY, L.G_RNG_CTR, nlegal(s))))


@njit(**JIT)
def observe(s, p, out):
    """Seat p's observation into float32 `out` (OBS_SIZE values, the pieces of layout.OBS): what p sees only."""
    copy_pieces(s, out, L.OBS_COPIES)
    one_hot(out, L.OBS_SEAT, L.MAX_PLAYERS, p)
    for q in range(nplayers(s)):
        if q != p and s[seat(q) + L.S_COMMITTED] != 0:  # q's sealed play withdrawn, as hide does
            withdraw_sealed_play(out, L.OBS_SEATS + q * L.SEAT_SIZE, s[L.G_ROUND] == 1)


__all__ = ["FEATURES", "MAX_PLAYERS", "N_ACTIONS", "N_OPENINGS", "N_SOURCES", "OBS_LAYOUT", "OBS_SIZE", "PARAMS_SIZE",
           "PLAYOUT",
           "STATE_SIZE", "WEIGHTS", "apply", "better", "determinise", "hide", "init", "legal", "length", "nlegal",
           "nplayers", "observe", "opening", "player", "rest_of_stage", "same_turn", "source_vp", "values", "vp"]
