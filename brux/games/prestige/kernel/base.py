"""Small kernel helpers shared by the rule modules: seats, tables, land, castle counts, priority, scores."""

from brux.core.accessors import basics
from brux.core.jit import JIT, njit

from . import codes as C
from . import layout as L

seat, players, chance, set_pending = basics(__name__, L)  # the kit's kernel helpers (brux.core.accessors)


@njit(**JIT)
def row(s, r, f):
    """Field f (layout.RF_*) of T7 row r."""
    return s[L.P_ROWS + r * L.RF_SIZE + f]


@njit(**JIT)
def head(s, h, f):
    return s[L.P_HEADS + h * L.HF_SIZE + f]


@njit(**JIT)
def year(s):
    return (s[L.G_ROUND] - 1) // C.N_SEASONS + 1


@njit(**JIT)
def season(s):
    return (s[L.G_ROUND] - 1) % C.N_SEASONS


@njit(**JIT)
def final(s):
    return s[L.G_ROUND] == C.ROUNDS


@njit(**JIT)
def event(s, e):
    """Event e is this season's active event (and events have effects)."""
    return s[L.G_ACTIVE] == e


@njit(**JIT)
def spaces(s, a):
    """Usable spaces of area a this season (T1; the final season adds B spaces)."""
    n = s[L.P_SPACES + a]
    if a == C.A_B and final(s):
        n += s[L.P_EXTRA_B_SPACES]
    return n


@njit(**JIT)
def free_space(s, a):
    """Lowest free usable space of area a, -1 if none (the occupied spaces are the first TRACK_N)."""
    i = s[L.TRACK_N + a]
    return i if i < spaces(s, a) else -1


@njit(**JIT)
def has_disc(s, node, p):
    return (s[L.DISCS + node] >> p) & 1


@njit(**JIT)
def disc_mask(s, p):
    """Bit i set when seat p has a disc on node i."""
    m = 0
    for i in range(C.N_NODES):
        m |= has_disc(s, i, p) << i
    return m


@njit(**JIT)
def reachable(s, p, t, discs):
    """Node t is adjacent to CA or to a node where seat p has a disc (section 5.3.1); `discs`: disc_mask(s, p)."""
    return (s[L.P_ADJ + t] & ((1 << C.CA) | discs)) != 0


@njit(**JIT)
def connected_without(s, p, skip):
    """Seat p's discs other than on node `skip` are all connected to CA through its own discs."""
    discs = disc_mask(s, p)
    if skip >= 0:
        discs &= ~(1 << skip)
    reach = 0
    changed = True
    while changed:
        changed = False
        for i in range(C.N_NODES):
            if (discs >> i) & 1 and not (reach >> i) & 1 and s[L.P_ADJ + i] & ((1 << C.CA) | reach):
                reach |= 1 << i
                changed = True
    return reach == discs


@njit(**JIT)
def update_income(s, p):
    """Income steps of seat p from its discs (T3)."""
    o = seat(p)
    g = 0
    w = 0
    li = 0
    m = 0
    for i in range(C.N_NODES):
        d = has_disc(s, i, p)
        t = s[L.TILE + i]
        g += d & (t == C.T_TAX)
        w += d & (t == C.T_FOREST)
        li += d & (t == C.T_QUARRY)
        m += d & (t == C.T_MARBLE)
    s[o + L.S_INC + C.INC_GOLD] = min(g, C.INC_STEP_MAX)
    s[o + L.S_INC + C.INC_WOOD] = min(w, C.INC_STEP_MAX)
    s[o + L.S_INC + C.INC_LIME] = min(li, C.INC_STEP_MAX)
    s[o + L.S_INC + C.INC_MARBLE] = min(m, C.MARBLE_STEP_MAX)


@njit(**JIT)
def mc_mask(s, p):
    """Bit m set when seat p holds market tile m."""
    m = 0
    for k in range(C.N_LINKS):  # branch-free: an unlinked field (-1) adds nothing
        x = s[L.LINK + k]
        m |= ((x >= 0) & has_disc(s, s[L.P_LINK_NODE + k], p)) << (x & C.MC_TILE_BITS)
    return m


@njit(**JIT)
def castle(s, p, col, slot):
    return s[seat(p) + L.S_CASTLE + col * C.SLOTS + slot]


@njit(**JIT)
def pend(s, p, col, slot):
    return s[seat(p) + L.S_PEND + col * C.SLOTS + slot]


@njit(**JIT)
def castle_metrics(s, p):
    """Seat p's castle metrics of T12 (complete items) into its cache S_METRIC, after its castle changed."""
    cb = seat(p) + L.S_CASTLE
    base = floor2 = tower = facade = statue = stucco = panel = marble = column = full = 0
    for c in range(C.N_COLS):
        b = cb + c * C.SLOTS
        base += s[b + C.PD_BASE]
        floor2 += s[b + C.PD_FLOOR2]
        tower += s[b + C.PD_TOWER]
        facade += s[b + C.PD_FACADE]
        statue += s[b + C.PD_STATUE]
        for lv in range(C.N_TILE_LEVELS):
            x = b + C.N_OUTER + C.N_INTERIOR * lv
            stucco += s[x + C.IN_STUCCO]
            panel += s[x + C.IN_PANEL]
            marble += s[x + C.IN_MARBLE]
            column += s[x + C.IN_COLUMN]
            full += (s[x + C.IN_STUCCO] != 0) & (s[x + C.IN_PANEL] != 0) & (s[x + C.IN_MARBLE] != 0)
    o = seat(p) + L.S_METRIC
    s[o + C.MT_BASE] = base
    s[o + C.MT_FLOOR2] = floor2
    s[o + C.MT_TOWER] = tower
    s[o + C.MT_FACADE] = facade
    s[o + C.MT_STATUE] = statue
    s[o + C.MT_STUCCO] = stucco
    s[o + C.MT_PANEL] = panel
    s[o + C.MT_MARBLE] = marble
    s[o + C.MT_COLUMN] = column
    s[o + C.MT_FULL] = full


@njit(**JIT)
def land_metrics(s, p):
    """Seat p's land metrics of T12 (discs, discs on M1-M2) into its cache S_METRIC, after its discs changed."""
    n = 0
    mfd = 0
    for i in range(C.N_NODES):
        d = has_disc(s, i, p)
        n += d
        mfd += d if i >= C.M1 else 0
    o = seat(p) + L.S_METRIC
    s[o + C.MT_DISCS] = n
    s[o + C.MT_MFD] = mfd


@njit(**JIT)
def update_metrics(s, p):
    """Recompute all of seat p's cached bonus-condition metrics (S_METRIC)."""
    castle_metrics(s, p)
    land_metrics(s, p)


@njit(**JIT)
def satisfied(s, p, cond):
    """Seat p meets bonus condition `cond` (T12), from the cached metrics."""
    f = L.P_COND + C.N_COND_FIELDS * cond
    return s[seat(p) + L.S_METRIC + s[f + C.COND_METRIC]] >= s[f + C.COND_THRESHOLD]


@njit(**JIT)
def building_tiles(s, p):
    n = 0
    for c in range(C.N_COLS):
        n += castle(s, p, c, C.PD_BASE) + castle(s, p, c, C.PD_FLOOR2) + castle(s, p, c, C.PD_TOWER)
    return n


@njit(**JIT)
def set_priority(s, base, out):
    """Write the priority order (section 4.3) of the ORDER list at `base` to `out`: seats by first position."""
    n = players(s)
    k = 0
    seen = 0
    for i in range(C.INSTRUCTORS * n):
        p = s[base + i]
        if not (seen >> p) & 1:
            seen |= 1 << p
            s[out + k] = p
            k += 1


@njit(**JIT)
def priority_seat(s, out, k):
    """The k-th seat of a cached priority order (PRIO or NEXT_PRIO)."""
    return s[out + k]


@njit(**JIT)
def first_position(s, base, p):
    for i in range(C.INSTRUCTORS * players(s)):
        if s[base + i] == p:
            return i
    return C.INSTRUCTORS * players(s)


@njit(**JIT)
def score(s, p):
    """Seat p's score by the final formula (section 8.4) from current values, into S_VP and S_SRC."""
    o = seat(p)
    outer = s[o + L.S_OUTER]
    inner = s[o + L.S_INNER]
    d = s[L.P_DIFF_DIV]
    imb = 0
    if d > 0:
        imb = -(abs(outer - inner) // d)
    light = s[L.P_LB_PP] * s[o + L.S_LIGHT_N]
    st = o + L.S_STOCK
    rv = L.P_RES_VALUES
    value = (s[st + C.GOLD] + s[rv + C.RV_MARBLE] * s[st + C.MARBLE] + s[rv + C.RV_GLASS] * s[st + C.GLASS]
             + s[rv + C.RV_WOOD] * s[st + C.WOOD] + s[rv + C.RV_LIME] * s[st + C.LIME])
    left = value // s[L.P_GOLD_PER_PP]
    src = o + L.S_SRC
    s[src + C.SRC_OUTER] = outer
    s[src + C.SRC_INNER] = inner
    s[src + C.SRC_IMBALANCE] = imb
    s[src + C.SRC_LIGHT] = light
    s[src + C.SRC_DARK] = s[o + L.S_DARK]
    s[src + C.SRC_LEFTOVERS] = left
    s[src + C.SRC_FIREWOOD] = -s[o + L.S_FIRE]
    s[o + L.S_VP] = outer + inner + imb + light + s[o + L.S_DARK] + left - s[o + L.S_FIRE]


@njit(**JIT)
def score_all(s):
    for p in range(players(s)):
        score(s, p)


@njit(**JIT)
def better(s, p, q):
    """Seat p ranks strictly ahead of seat q: more VP, then earlier in the final ORDER' (section 8.5)."""
    vp = s[seat(p) + L.S_VP]
    vq = s[seat(q) + L.S_VP]
    if vp != vq:
        return vp > vq
    return first_position(s, L.NEXT_ORDER, p) < first_position(s, L.NEXT_ORDER, q)
