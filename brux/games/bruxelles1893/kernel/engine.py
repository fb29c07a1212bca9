"""Create a game, apply a decision (then the automatic ones), finish a game at random."""

from brux.core.jit import JIT, njit
from brux.core.rng import STREAM_WORDS, randbelow, seed_stream

from . import codes as C
from . import layout as L
from .base import push
from .flow import run, step
from .legal import compute_legal
from .rounds import setup


@njit(**JIT)
def settle(s):
    """Run the machine; take every single-option decision automatically (9.1); leave the legal cache filled."""
    run(s)
    while s[L.G_OVER] == 0:
        if compute_legal(s) != 1:
            return
        step(s, s[L.LEGAL])
        s[L.G_AUTO] += 1
        run(s)
    s[L.LEGAL_N] = 0


@njit(**JIT)
def init(s, params, seed):
    """A new game in `s` from flattened parameters and a game seed (rule 3)."""
    for i in range(L.PARAMS_SIZE):
        s[i] = params[i]
    reset(s, seed)


@njit(**JIT)
def reset(s, seed):
    """A new game in `s` whose parameter block is already in place."""
    for i in range(L.PARAMS_SIZE, L.STATE_SIZE):
        s[i] = 0
    s[L.G_SEED] = seed
    seed_stream(s, L.G_RNG_KEY, L.G_RNG_CTR, seed, 0)
    setup(s)
    s[L.G_PENDING] = C.D_NONE
    push(s, C.K_ROUND, 0, 0)
    settle(s)


@njit(**JIT)
def apply(s, a):
    """Apply a legal action, then the automatic decisions that follow."""
    step(s, a)
    s[L.G_DECISIONS] += 1
    settle(s)


@njit(**JIT)
def play_out_random(s, rng_off):
    """Finish the game with every seat playing uniformly at random from its agent stream at rng_off + 2p."""
    while s[L.G_OVER] == 0:
        p = s[L.G_CUR]
        i = randbelow(s, rng_off + STREAM_WORDS * p, rng_off + STREAM_WORDS * p + 1, s[L.LEGAL_N])
        apply(s, s[L.LEGAL + i])
