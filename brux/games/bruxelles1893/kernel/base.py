"""Small kernel helpers: seats, the chance stream, the continuation stack, draws and shuffles."""

from brux.core.accessors import basics
from brux.core.cards import shuffle_run
from brux.core.jit import JIT, njit

from . import codes as C
from . import layout as L

seat, players, chance, set_pending = basics(__name__, L)  # the kit's kernel helpers (brux.core.accessors)


@njit(**JIT)
def push(s, k, a, b):
    """Push continuation k(a, b) (run after everything pushed later)."""
    i = L.STACK + C.K_FIELDS * s[L.STACK_N]
    s[i + C.KF_CODE] = k
    s[i + C.KF_A] = a
    s[i + C.KF_B] = b
    s[L.STACK_N] += 1


@njit(**JIT)
def shuffle(s, off, n):
    """Shuffle s[off:off+n] from the game's chance stream (`brux.core.cards.shuffle_run`)."""
    shuffle_run(s, off, n, s, L.G_RNG_KEY, L.G_RNG_CTR)


@njit(**JIT)
def bump(s, p, t, k):
    """Track t of seat p up k positions, excess lost (2.8)."""
    o = seat(p) + L.S_TRACK + t
    s[o] = min(C.TRACK_TOP, s[o] + k)


@njit(**JIT)
def track(s, p, t):
    return s[seat(p) + L.S_TRACK + t]


@njit(**JIT)
def gain_vp(s, p, src, v):
    o = seat(p)
    s[o + L.S_VP] += v
    s[o + L.S_SRC + src] += v


@njit(**JIT)
def in_area(s, sp):
    r = sp // C.BOARD_COLS
    c = sp % C.BOARD_COLS
    return (s[L.AREA + C.AR_ROW0] <= r <= s[L.AREA + C.AR_ROW1]
            and s[L.AREA + C.AR_COL0] <= c <= s[L.AREA + C.AR_COL1])


@njit(**JIT)
def nobles_in_supply(s):
    return s[L.SUP + C.WOOD] + s[L.SUP + C.STONE] + s[L.SUP + C.IRON]


@njit(**JIT)
def upright_count(s, p):
    o = seat(p) + L.S_FIG
    n = 0
    for f in range(C.N_FIGURES):
        n += s[o + f] == C.FIG_UPRIGHT
    return n


@njit(**JIT)
def recycle(s):
    """7.2: every shop tile but the two tops back to its stack; both stacks shuffled."""
    for k in range(C.N_PILES):
        n = s[L.PILE_N + k]
        base = L.PILE + k * L.PILE_CAP
        for i in range(n - 1):
            w = s[base + i]
            if w == C.BLACK:
                s[L.KST + s[L.KST_N]] = w
                s[L.KST_N] += 1
            else:
                s[L.CST + s[L.CST_N]] = w
                s[L.CST_N] += 1
        if n > 0:
            s[base] = s[base + n - 1]
            s[L.PILE_N + k] = 1
    shuffle(s, L.CST, s[L.CST_N])
    shuffle(s, L.KST, s[L.KST_N])


@njit(**JIT)
def draw_coloured(s):
    """Top of the coloured stack (7.2 recycling first if empty); -1 if none."""
    if s[L.CST_N] == 0:
        recycle(s)
        if s[L.CST_N] == 0:
            return -1
    s[L.CST_N] -= 1
    return s[L.CST + s[L.CST_N]]


@njit(**JIT)
def draw_black(s):
    if s[L.KST_N] == 0:
        recycle(s)
        if s[L.KST_N] == 0:
            return -1
    s[L.KST_N] -= 1
    return s[L.KST + s[L.KST_N]]


@njit(**JIT)
def theatre_draw(s):
    """Top theatre deck card (discards reshuffled into a new deck when empty); -1 if none."""
    if s[L.TH_DN] == 0:
        n = s[L.TH_DISCN]
        for i in range(n):
            s[L.TH_DECK + i] = s[L.TH_DISC + i]
        s[L.TH_DN] = n
        s[L.TH_DISCN] = 0
        shuffle(s, L.TH_DECK, n)
        if n == 0:
            return -1
    s[L.TH_DN] -= 1
    return s[L.TH_DECK + s[L.TH_DN]]


@njit(**JIT)
def theatre_shift(s):
    """Shift the display toward slot 0 (order kept), then fill the lowest empty slots from the deck (5.4)."""
    k = 0
    for i in range(C.TH_SLOTS):
        f = s[L.TH_DISP + i]
        if f >= 0:
            s[L.TH_DISP + k] = f
            k += 1
    for i in range(k, C.TH_SLOTS):
        s[L.TH_DISP + i] = theatre_draw(s)


@njit(**JIT)
def shop_blocks(s, colour):
    """The colour is the top tile of a shop pile (not sellable, 5.3)."""
    for k in range(C.N_PILES):
        n = s[L.PILE_N + k]
        if n > 0 and s[L.PILE + k * L.PILE_CAP + n - 1] == colour:
            return True
    return False


@njit(**JIT)
def n_colours(s, p):
    o = seat(p) + L.S_WORKS
    k = 0
    for c in range(C.N_COLOURS):
        k += s[o + c] > 0
    return k


@njit(**JIT)
def n_works(s, p):
    o = seat(p) + L.S_WORKS
    k = 0
    for c in range(C.N_COLOURS):
        k += s[o + c]
    return k


@njit(**JIT)
def brussels_cost(s, b):
    return s[L.BR_USES + b] // s[L.P_K] + 1


@njit(**JIT)
def empty_space_exists(s):
    for sp in range(C.N_SPACES):
        if s[L.SP_OCC + sp] == C.EMPTY and s[L.SP_BOWN + sp] < 0:
            return True
    return False
