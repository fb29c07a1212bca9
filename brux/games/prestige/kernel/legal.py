"""Legal actions of the pending decision (docs/prestige.md section 14.3), written ascending to the state's cache."""

import numpy as np

from brux.core.jit import INLINE, JIT, njit

from . import codes as C
from . import layout as L
from .base import (
    connected_without,
    disc_mask,
    event,
    free_space,
    has_disc,
    head,
    reachable,
    seat,
    year,
)
from .market import TYPE_VARIANTS, variant_mask
from .orders import (
    item_product,
    item_row_extra,
    level_any,
    level_mask,
    order_item_code,
    order_items,
    pending_of,
)

# Per head its craftsman type and tier, as constant arrays (a head loop unrolled reads them as constants).
HEAD_CRAFT = np.array(C.HEAD_CRAFT, dtype=np.int64)
HEAD_TIER = np.array(C.HEAD_TIER, dtype=np.int64)


@njit(**JIT)
def push(s, n, a):
    s[L.LEGAL + n] = a
    return n + 1


@njit(**JIT)
def push_if(s, n, a, ok):
    """Write `a` after the n cached actions and keep it when `ok` (a bool): no branch (random play makes these
    branches unpredictable)."""
    s[L.LEGAL + n] = a
    return n + ok


@njit(**JIT)
def hire_ok(s, p, h):
    """Head h can be hired by seat p now (section 5.2)."""
    o = seat(p)
    cr = HEAD_CRAFT[h]
    taken = s[L.HEAD_TAKEN + h]
    n = head(s, h, L.HF_N)
    own = s[o + L.S_CRAFT + cr]
    price = head(s, h, L.HF_PRICE + min(taken, n - 1))  # branch-free: a sold-out head's price is not used
    return ((s[L.HEAD_SHOWN + h] != 0) & (taken < n) & (own < HEAD_TIER[h])
            & ((own == 0) | (pending_of(s, p, cr) == 0)) & (s[o + L.S_STOCK + C.GOLD] >= price))


@njit(**JIT)
def train_ok(s, p, h):
    """FREE TRAINING may upgrade seat p's craftsman to head h (section 7)."""
    own = s[seat(p) + L.S_CRAFT + HEAD_CRAFT[h]]
    if own == 0 or own >= HEAD_TIER[h] or s[L.HEAD_TAKEN + h] >= head(s, h, L.HF_N):
        return False
    y = year(s)
    return head(s, h, L.HF_YEAR) <= y or (y == 1 and (h == C.H_CARP2 or h == C.H_PLAST2))


@njit(**JIT)
def land_cost(s):
    return s[L.P_CHEAP_LAND_COST] if event(s, C.EV_CHEAP_LAND) else s[L.P_LAND_COST]


@njit(**INLINE)
def land_target_ok(s, p, t, discs):
    """Seat p may expand to node t (section 5.3.1-2); `discs`: disc_mask(s, p)."""
    return (((discs >> t) & 1) == 0) & reachable(s, p, t, discs)


@njit(**JIT)
def plant_max(s, p, r):
    """Most goods of plant resource r (0 wood, 1 lime, 2 marble) seat p may take in the next free slot."""
    o = seat(p)
    if r == C.PR_WOOD:
        m = s[L.P_INC_WOOD_MAX + s[o + L.S_INC + C.INC_WOOD]]
    elif r == C.PR_LIME:
        m = s[L.P_INC_LIME_MAX + s[o + L.S_INC + C.INC_LIME]]
    else:
        if s[o + L.S_INC + C.INC_MARBLE] == 0:
            return 0
        m = s[L.P_INC_MARBLE_MAX + s[o + L.S_INC + C.INC_MARBLE]]
    if r < C.PR_MARBLE and event(s, C.EV_LOSS_OF_LAND):
        m = max(0, m - 1)
    if s[L.PLANT_N + r] == 0 and s[L.P_PLANT_PLUS + r]:
        m += s[L.P_PLANT_FIRST_BONUS]
    return min(m, C.PLANT_N_MAX[r])


@njit(**JIT)
def plant_workers(s, p, r, n):
    if r == C.PR_MARBLE:
        return n
    return max(1, n - plant_saving(s, p, r))


@njit(**INLINE)
def plant_saving(s, p, r):
    """Workers seat p saves on a wood (r 0) or lime (r 1) plant: P_INC_SAVING at its income step of r."""
    return s[L.P_INC_SAVING + s[seat(p) + L.S_INC + C.INC_WOOD + r]]


@njit(**INLINE)
def plant_most(s, p, r):
    """Most goods of plant resource r seat p may take in the next free slot with the workers in its supply: the
    amounts 1..most are the allowed ones, as `plant_workers` does not fall as the amount grows (max(1, k - saving)
    <= supply, for a supply of at least 1, is k <= supply + saving; marble needs k workers)."""
    supply = s[seat(p) + L.S_SUPPLY]
    if supply < 1:
        return 0
    if r == C.PR_MARBLE:
        return min(plant_max(s, p, r), supply)
    return min(plant_max(s, p, r), supply + plant_saving(s, p, r))


@njit(**JIT)
def can_offer(s, p):
    o = seat(p)
    t = s[o + L.S_TAVERN]
    g = s[o + L.S_STOCK + C.GOLD]
    return (t >= C.OFFER_WORKERS and g >= C.OFFER_WORKERS) or (t == 1 and g >= 1)


@njit(**JIT)
def any_train(s, p):
    for h in range(C.N_HEADS):
        if train_ok(s, p, h):
            return True
    return False


@njit(**JIT)
def has_discs(s, p):
    for i in range(C.N_NODES):
        if has_disc(s, i, p):
            return True
    return False


@njit(**INLINE)
def area_ok(s, p, a):
    i = free_space(s, a)
    if i < 0:
        return False
    if a == C.A_B:
        return order_items(s, p, i) != 0
    return True


@njit(**INLINE)
def compute_legal(s):
    """Fill the legal-action cache for the pending decision and return how many actions it holds."""
    p = s[L.G_CUR]
    d = s[L.G_PENDING]
    n = 0
    if d < 0:
        s[L.LEGAL_N] = 0
        return 0
    o = seat(p)
    if d == C.D_TURN:
        for a in range(C.N_AREAS):
            n = push_if(s, n, C.A_AREA + a, area_ok(s, p, a))
    elif d == C.D_MARKET:
        n = push(s, n, C.A_MARKET)
        ok = variant_mask(s, p, s[L.C_HELD])
        for j in range(s[L.C_NUSED]):  # the types done this visit
            ok &= ~TYPE_VARIANTS[s[L.C_USED + j]]
        for v in range(C.N_VARIANTS):
            n = push_if(s, n, C.A_MARKET + 1 + v, (ok >> v) & 1 != 0)
    elif d == C.D_PLANT:
        n = push(s, n, C.A_PLANT)
        if s[L.PLANT_N + C.PR_GOLD] < s[L.P_PLANT_SLOTS + C.PR_GOLD] and not event(s, C.EV_BOYCOTT):
            n = push(s, n, C.A_PLANT + C.PLANT_GOLD)
        for r in range(C.PR_GOLD):  # branch-free: every amount named, kept when the slot is open and it is allowed
            most = plant_most(s, p, r) if s[L.PLANT_N + r] < s[L.P_PLANT_SLOTS + r] else 0
            for k in range(1, C.PLANT_N_MAX[r] + 1):
                n = push_if(s, n, C.A_PLANT + C.PLANT_FIRST[r] + k - 1, k <= most)
    elif d == C.D_LAND:
        n = push(s, n, C.A_LAND)
        if s[o + L.S_STOCK + C.GOLD] >= land_cost(s):
            discs = disc_mask(s, p)
            for t in range(C.N_AB_NODES):
                ok = (s[L.TILE + t] == C.T_NONE) & land_target_ok(s, p, t, discs)
                for k in range(C.N_NEW_TILES):
                    n = push_if(s, n, C.A_LAND_NEW + C.N_NEW_TILES * t + k, ok)
            for t in range(C.N_NODES):
                n = push_if(s, n, C.A_LAND_JOIN + t, (s[L.TILE + t] != C.T_NONE) & land_target_ok(s, p, t, discs))
    elif d == C.D_HIRE:
        n = push(s, n, C.A_HIRE)
        for h in range(C.N_HEADS):
            n = push_if(s, n, C.A_HIRE + 1 + h, hire_ok(s, p, h))
    elif d == C.D_BUYBACK:
        n = push(s, n, C.A_BUYBACK)
        n = push(s, n, C.A_BUYBACK + 1)
    elif d == C.D_START:
        for j in range(C.N_START):
            n = push(s, n, C.A_START + j)
    elif d == C.D_ITEM:
        m = order_items(s, p, s[L.C_SPACE])
        for item in range(C.N_ITEMS):
            n = push_if(s, n, C.A_ORDER + item, (m >> item) & 1 != 0)
    elif d == C.D_RESOLVE:
        for k in range(s[L.ORD_N]):  # the item codes of p's unresolved orders, ascending, each once
            q = L.ORD + k * L.OF_SIZE
            if s[q + L.OF_SEAT] != p or s[q + L.OF_DONE] != 0:
                continue
            a = C.A_RESOLVE + order_item_code(s, k)
            j = n
            while j > 0 and s[L.LEGAL + j - 1] > a:
                j -= 1
            if j > 0 and s[L.LEGAL + j - 1] == a:
                continue
            for i in range(n, j, -1):
                s[L.LEGAL + i] = s[L.LEGAL + i - 1]
            s[L.LEGAL + j] = a
            n += 1
    elif d == C.D_TARGET:
        item = s[L.C_ITEM]
        r, extra = item_row_extra(s, p, item, s[L.C_SPACE])
        pd = item_product(item)
        if r >= 0 and level_any(s, p, item, r, extra):
            m = s[o + L.S_TARGETS + pd]
            for tc in range(C.N_TARGETS * C.N_COLS):
                n = push_if(s, n, C.A_TARGET + tc, (m >> tc) & 1 != 0)
    elif d == C.D_LEVEL:
        item = s[L.C_ITEM]
        r, extra = item_row_extra(s, p, item, s[L.C_SPACE])
        pd = item_product(item)
        if r >= 0 and (s[o + L.S_TARGETS + pd] >> s[L.C_TARGET]) & 1:
            m = level_mask(s, p, item, r, extra)
            for lv in range(C.N_LEVELS):
                n = push_if(s, n, C.A_LEVEL + lv, (m >> lv) & 1 != 0)
    elif d == C.D_YELLOW:
        for y in range(C.N_YELLOW):
            if s[L.YEL + y] == 0:
                n = push(s, n, C.A_YELLOW + y)
    elif d == C.D_MC:
        n = push(s, n, C.A_MC)
        for x in range(C.N_MC):
            if s[L.MC + x] != C.MC_AVAILABLE:
                continue
            for y in range(C.N_MC):
                if y != x and s[L.MC + y] == C.MC_AVAILABLE:
                    n = push(s, n, C.A_MC + 1 + x * C.MC_OTHERS + (y if y < x else y - 1))
    elif d == C.D_SETUP:
        n = push(s, n, C.A_SETUP)
        n = push(s, n, C.A_SETUP + 1)
    elif d == C.D_OFFER:
        n = push(s, n, C.A_OFFER)
        n = push(s, n, C.A_OFFER + 1)
    elif d == C.D_GIFT:
        for j in range(C.N_GIFTS):
            n = push(s, n, C.A_GIFT + j)
    elif d == C.D_WOODTRADE:
        if s[o + L.S_STOCK + C.WOOD] >= 1:
            n = push(s, n, C.A_WOODTRADE)
        n = push(s, n, C.A_WOODTRADE + 1)
    elif d == C.D_TRAIN:
        n = push(s, n, C.A_TRAIN)
        for h in range(C.N_HEADS):
            if train_ok(s, p, h):
                n = push(s, n, C.A_TRAIN + 1 + h)
    elif d == C.D_LOSE:
        for i in range(C.N_NODES):
            if has_disc(s, i, p) and connected_without(s, p, i):
                n = push(s, n, C.A_LOSE + i)
    s[L.LEGAL_N] = n
    return n
