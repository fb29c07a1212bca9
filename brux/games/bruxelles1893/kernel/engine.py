"""Create a game, apply a decision (then the automatic ones), finish a game at random."""

from brux.core.jit import JIT, njit
from brux.core.loop import engine_loop, random_play_out

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


# (before=run: settling runs the machine first; drawn on demand, so that the searches' play-outs take from their
# streams exactly the values they use)
PLAYOUT = random_play_out(__name__, L, start=start, step=step, compute_legal=compute_legal, after=run, before=run,
                          draw_ahead=False)
play_out_random = PLAYOUT.play
