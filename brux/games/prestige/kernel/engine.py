"""Kernel entry points: create a game (section 3), apply a decision (then the automatic ones), random play-out."""

from brux.core.jit import INLINE, JIT, njit
from brux.core.loop import engine_loop, random_play_out

from . import codes as C
from . import layout as L
from .base import chance, players, seat
from .flow import ST_SETUP, ST_TURNS, next_turn, run, step
from .legal import compute_legal
from .orders import refresh

SCRATCH = L.LEGAL  # the legal-action cache doubles as scratch space while a game is set up


@njit(**JIT)
def pick(s, start, n, k):
    """Partial Fisher-Yates: the first k of the n scratch entries from `start` become a uniform ordered sample."""
    b = SCRATCH + start
    for i in range(k):
        j = i + chance(s, n - i)
        x = s[b + i]
        s[b + i] = s[b + j]
        s[b + j] = x


@njit(**JIT)
def deal_chance(s):
    """The chance draws of the set-up, in this order: event stacks, light-blue columns, dark-blue columns, the
    yellow tiles in play (docs/prestige.md section 1)."""
    n = players(s)
    for i in range(C.N_CARDS):
        s[SCRATCH + i] = i
    if s[L.P_FIRST_GAME]:
        pick(s, 0, C.STACK_CARDS, C.STACK_CARDS)
        pick(s, C.STACK_CARDS, C.STACK_CARDS, C.STACK_CARDS)
    else:
        pick(s, 0, C.N_CARDS, C.N_CARDS)
    for i in range(C.STACK_CARDS):
        s[L.EV_SS + i] = s[SCRATCH + i]
        s[L.EV_AW + i] = s[SCRATCH + C.STACK_CARDS + i]
    for i in range(C.N_OUT_CARDS):
        s[L.EV_OUT + i] = s[SCRATCH + C.N_STACKS * C.STACK_CARDS + i]
    s[L.EV_SS_N] = C.STACK_CARDS
    s[L.EV_AW_N] = C.STACK_CARDS
    k = 0
    for i in range(C.N_LIGHT_CONDS):
        if not s[L.P_FIRST_GAME] or s[L.P_COND_FIRST + i]:
            s[SCRATCH + k] = i
            k += 1
    pick(s, 0, k, C.N_COLS)
    for c in range(C.N_COLS):
        s[L.LB + c] = s[SCRATCH + c]
    for i in range(C.N_DARK_CONDS):
        s[SCRATCH + i] = C.N_LIGHT_CONDS + i
    pick(s, 0, C.N_DARK_CONDS, C.N_COLS)
    for c in range(C.N_COLS):
        s[L.DB + c] = s[SCRATCH + c]
    for i in range(C.N_YELLOW):
        s[SCRATCH + i] = i
        s[L.YEL + i] = -1
    m = s[L.P_YELLOW_PER_PLAYER] * n
    pick(s, 0, C.N_YELLOW, m)
    for i in range(m):
        s[L.YEL + s[SCRATCH + i]] = 0
    for i in range(L.LEGAL_CAP):
        s[SCRATCH + i] = 0


@njit(**JIT)
def clear_board(s):
    """Everything after the parameter block in its empty form (no chance, no seat choices)."""
    for i in range(L.PARAMS_SIZE, L.STATE_SIZE):
        s[i] = 0
    empty_board(s)


@njit(**JIT)
def empty_board(s):
    """The empty form's values that are not 0 (the state past the parameter block zeroed)."""
    n = players(s)
    for i in range(C.N_AREAS * L.MAX_SPACES):
        s[L.TRACK + i] = -1
    for i in range(C.N_PLANT_RES * L.MAX_PLANT_SLOTS):
        s[L.PLANT + C.PLANT_FIELDS * i + C.PL_SEAT] = -1
    s[L.TILE + C.M1] = C.T_MARBLE
    s[L.TILE + C.M2] = C.T_MARBLE
    for k in range(C.N_LINKS):
        s[L.LINK + k] = -1
    for c in range(C.N_COLS):
        s[L.LTAKEN + c] = -1
    s[L.EV_CARD] = -1
    s[L.EV_STACK] = -1
    s[L.G_ACTIVE] = C.EV_NONE
    s[L.G_PENDING] = -1
    s[L.G_CUR] = -1
    s[L.C_ITEM] = -1
    s[L.C_TARGET] = -1
    s[L.C_OPEN] = -1
    for p in range(C.MAX_PLAYERS):
        o = seat(p)
        s[o + L.S_OPEN] = -1
        s[o + L.S_OPEN + 1] = -1
    for i in range(C.INSTRUCTORS * n):
        s[L.ORDER + i] = i % n


@njit(**JIT)
def copy_caches(s, q, p):
    """Seat p's caches (`refresh`) from seat q's, the two seats' castles, orders, craftsmen and marks alike."""
    for i in range(L.S_PCRAFT, L.SEAT_SIZE):  # the seat block's caches, last in it
        s[seat(p) + i] = s[seat(q) + i]
    for i in range(C.N_REQ_COUNTS):
        s[L.REQ_N + C.N_REQ_COUNTS * p + i] = s[L.REQ_N + C.N_REQ_COUNTS * q + i]
    for i in range(L.REQ_MAX):
        s[L.REQ + p * L.REQ_MAX + i] = s[L.REQ + q * L.REQ_MAX + i]
    s[L.LMARKED + p] = s[L.LMARKED + q]
    s[L.DCLAIMED + p] = s[L.DCLAIMED + q]


@njit(**JIT)
def set_up(s):
    """A new game's set-up (section 3), the state zeroed past the parameters and seeded; the flow run to the first
    decision."""
    empty_board(s)
    n = players(s)
    s[L.G_ROUND] = 1
    for p in range(n):
        o = seat(p)
        s[o + L.S_STOCK + C.GOLD] = s[L.P_START_GOLD] + (1 if p >= C.START_GOLD_SEAT else 0)
        s[o + L.S_SUPPLY] = C.WORKERS
        s[o + L.S_CRAFT + C.CR_MB] = 1
        s[o + L.S_CRAFT + C.CR_CARP] = 1
        s[o + L.S_CRAFT + C.CR_PLAST] = 1
        s[o + L.S_CASTLE + C.START_COLUMN * C.SLOTS + C.PD_BASE] = 1
        s[o + L.S_OUTER] = s[L.P_PP + C.N_PP_FIELDS * C.PD_BASE + C.PP_PLAIN]
    refresh(s, 0)
    for p in range(1, n):
        copy_caches(s, 0, p)
    for h in range(C.N_HEADS):
        s[L.HEAD_SHOWN + h] = s[L.P_HEADS + h * L.HF_SIZE + L.HF_YEAR] == 1
    deal_chance(s)
    s[L.G_PHASE] = C.PH_SETUP
    s[L.G_STAGE] = ST_SETUP
    s[L.G_IDX] = 1
    run(s)


@njit(**INLINE)
def advance(s):
    """`run` after a step, called only when the step left no decision pending (most steps pose the next one); the
    next turn, the commonest way on, is posed here without the call."""
    if s[L.G_PENDING] < 0:
        if s[L.G_STAGE] == ST_TURNS:
            next_turn(s)
        if s[L.G_PENDING] < 0:
            run(s)


# The flow runs after every step; single-option decisions are taken automatically (section 14.1.2).
start, init, settle, apply = engine_loop(__name__, L, setup=set_up, step=step, compute_legal=compute_legal,
                                         after=advance)


@njit(**JIT)
def resume(s):
    """A position built from a view (its flow stage set): run to the next decision, then settle."""
    run(s)
    settle(s)


PLAYOUT = random_play_out(__name__, L, start=start, step=step, compute_legal=compute_legal, after=advance)
play_out_random, PLAYOUT_WORK = PLAYOUT.play, PLAYOUT.work
