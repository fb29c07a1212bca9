"""Create a game, apply a decision (then the automatic ones), finish a game at random."""

from brux.core.jit import JIT, njit
from brux.core.loop import engine_loop
from brux.core.rng import STREAM_WORDS, randbelow

from . import codes as C
from . import layout as L
from .base import push
from .flow import run, step
from .legal import compute_legal
from .rounds import setup


@njit(**JIT)
def set_up(s):
    """A new game (rule 3), the state zeroed past the parameters and seeded: the set-up, then the first round's
    flow on the machine's stack."""
    setup(s)
    s[L.G_PENDING] = C.D_NONE
    push(s, C.K_ROUND, 0, 0)


# The machine runs before settling and after every step; single-option decisions are taken automatically (9.1).
start, init, settle, apply = engine_loop(__name__, L, setup=set_up, step=step, compute_legal=compute_legal,
                                         after=run, before_settle=run)


@njit(**JIT)
def play_out_random(s, rng_off):
    """Finish the game in s (as `init` or `start` left it) with every seat playing uniformly at random from its
    agent stream at rng_off + 2p. Player and automatic decisions are taken in this one loop, which compiles the
    decision handlers into it (random play-outs never go through `apply`): the games of the generic loop."""
    run(s)  # as settling does (nothing to run while a decision is pending)
    if s[L.G_OVER] != 0:
        s[L.LEGAL_N] = 0
        return
    n = compute_legal(s)
    while True:
        player = n > 1
        i = 0
        if player:
            p = s[L.G_CUR]
            i = randbelow(s, rng_off + STREAM_WORDS * p, rng_off + STREAM_WORDS * p + 1, n)
        step(s, s[L.LEGAL + i])
        run(s)
        s[L.G_DECISIONS] += player
        s[L.G_AUTO] += 1 - player
        if s[L.G_OVER] != 0:
            s[L.LEGAL_N] = 0
            return
        n = compute_legal(s)
