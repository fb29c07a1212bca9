"""Building orders (section 5.5, T7, T9, T10) and their resolution (section 6.1), and the bonus board (section 6.3)."""

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from brux.core.jit import INLINE, JIT, njit

from . import codes as C
from . import layout as L
from .base import castle, event, final, pend, row, satisfied, seat, update_metrics

# Tables indexed by a run-time value, as constant arrays (a tuple so indexed compiles to jumps): the craftsman
# and product of each order item, the castle metric (T12) of each outer slot and interior.
ITEM_CRAFT = np.array(C.ITEM_CRAFT, dtype=np.int64)
ITEM_PRODUCT = np.array(C.ITEM_PRODUCT, dtype=np.int64)
OUTER_METRIC = np.array((C.MT_BASE, C.MT_FLOOR2, C.MT_TOWER, C.MT_FACADE, C.MT_STATUE), dtype=np.int64)
INTERIOR_METRIC = np.array((C.MT_STUCCO, C.MT_PANEL, C.MT_MARBLE, C.MT_COLUMN), dtype=np.int64)


@njit(**INLINE)
def slot_of(product, t):
    """Castle slot an order of `product` on target t fills (t: outer slot, or the building tile's level)."""
    if product < C.PD_STUCCO:
        return product
    return C.N_OUTER + C.N_INTERIOR * t + product - C.PD_STUCCO


@njit(**INLINE)
def craft_row(s, p, item):
    """T7 row of order item `item` for seat p's tier of that craftsman, -1 if it cannot make it."""
    cr = item_craft(item)
    tier = s[seat(p) + L.S_CRAFT + cr]
    if tier == 0:
        return -1
    return s[L.P_ROW_OF + (cr * C.N_TIER_CODES + tier) * C.N_PRODUCTS + item_product(item)]


@njit(**INLINE)
def item_craft(item):
    """Craftsman type of order item `item` (codes.ORDER_ITEMS)."""
    return ITEM_CRAFT[item]


@njit(**INLINE)
def item_product(item):
    """Product of order item `item` (codes.ORDER_ITEMS)."""
    return ITEM_PRODUCT[item]


@njit(**INLINE)
def pending_of(s, p, cr):
    """Seat p's unresolved orders made by its craftsman type cr (cached by `refresh`)."""
    return s[seat(p) + L.S_PCRAFT + cr]


@njit(**JIT)
def target_ok(s, p, product, col, t):
    """Target (col, t) meets T10 for product and is not targeted by a pending order (section 5.5.2)."""
    if product < C.PD_STUCCO:
        if t != product:
            return False
        if product == C.PD_BASE:
            if castle(s, p, col, C.PD_BASE) or pend(s, p, col, C.PD_BASE):
                return False
            return ((col > 0 and castle(s, p, col - 1, C.PD_BASE) == 1)
                    or (col < C.N_COLS - 1 and castle(s, p, col + 1, C.PD_BASE) == 1))
        if castle(s, p, col, C.PD_BASE) == 0:
            return False
        if product == C.PD_FLOOR2:
            return castle(s, p, col, C.PD_FLOOR2) == 0 and pend(s, p, col, C.PD_FLOOR2) == 0
        if product == C.PD_TOWER:
            return (castle(s, p, col, C.PD_FLOOR2) == 1 and castle(s, p, col, C.PD_TOWER) == 0
                    and pend(s, p, col, C.PD_TOWER) == 0)
        if product == C.PD_FACADE:
            return castle(s, p, col, C.PD_FACADE) == 0 and pend(s, p, col, C.PD_FACADE) == 0
        return castle(s, p, col, C.PD_STATUE) + pend(s, p, col, C.PD_STATUE) < C.MAX_STATUES
    if t >= C.N_TILE_LEVELS or castle(s, p, col, t) == 0:
        return False
    sl = slot_of(product, t)
    if castle(s, p, col, sl) or pend(s, p, col, sl):
        return False
    if product == C.PD_COLUMN:
        b = slot_of(C.PD_STUCCO, t)
        return (castle(s, p, col, b) == 1 and castle(s, p, col, b + C.IN_PANEL) == 1
                and castle(s, p, col, b + C.IN_MARBLE) == 1)
    return True


@njit(**JIT)
def product_targets(s, p, col, pd):
    """Set the bits of column `col` in seat p's target mask of product pd (S_TARGETS + pd): `target_ok` for each
    target of the column, from the column's castle and pending counts (and the BASE slots of its neighbours).
    Branch-free within a product: `&` on the conditions (a neighbour's slot read past the board's edge is masked
    off)."""
    o = seat(p)
    cb = o + L.S_CASTLE + col * C.SLOTS
    pb = o + L.S_PEND + col * C.SLOTS
    if pd >= C.PD_STUCCO:
        m = 0
        for t in range(C.N_TILE_LEVELS):
            sl = slot_of(pd, t)
            b = cb + sl - (pd - C.PD_STUCCO)  # the tile's STUCCO slot
            ok = (s[cb + t] != 0) & (s[cb + sl] == 0) & (s[pb + sl] == 0)
            if pd == C.PD_COLUMN:  # on a tile with its three other interiors
                ok &= (s[b] == 1) & (s[b + C.IN_PANEL] == 1) & (s[b + C.IN_MARBLE] == 1)
            m |= np.int64(ok) << t
    else:
        built = s[cb] != 0
        if pd == C.PD_BASE:
            ok = ((~built) & (s[pb] == 0)
                  & (((col > 0) & (s[cb - C.SLOTS] == 1)) | ((col < C.N_COLS - 1) & (s[cb + C.SLOTS] == 1))))
        elif pd == C.PD_TOWER:
            ok = built & (s[cb + C.PD_FLOOR2] == 1) & (s[cb + C.PD_TOWER] == 0) & (s[pb + C.PD_TOWER] == 0)
        elif pd == C.PD_STATUE:
            ok = built & (s[cb + C.PD_STATUE] + s[pb + C.PD_STATUE] < C.MAX_STATUES)
        else:  # FLOOR2, FACADE: one of each
            ok = built & (s[cb + pd] == 0) & (s[pb + pd] == 0)
        m = np.int64(ok) << pd
    tg = o + L.S_TARGETS + pd
    sh = C.TARGET_BITS * col
    s[tg] = (s[tg] & ~(C.TARGET_FIELD << sh)) | (m << sh)


INTERIOR_PRODUCTS = (1 << C.N_PRODUCTS) - (1 << C.PD_STUCCO)
# Per castle slot: bit pd set when the targets of product pd in the slot's column depend on the slot (product_targets:
# every product stands on the BASE tile, TOWER on FLOOR2, the interiors on their tile, COLUMN on the other three).
SLOT_PRODUCTS = np.array(((1 << C.N_PRODUCTS) - 1,
                          (1 << C.PD_FLOOR2) | (1 << C.PD_TOWER) | INTERIOR_PRODUCTS,
                          (1 << C.PD_TOWER) | INTERIOR_PRODUCTS,
                          1 << C.PD_FACADE,
                          1 << C.PD_STATUE) + tuple(
    (1 << (C.PD_STUCCO + k)) | (1 << C.PD_COLUMN) for _ in range(C.N_TILE_LEVELS) for k in range(C.N_INTERIOR)),
    dtype=np.int64)


@njit(**JIT)
def count_pending(s, p):
    """Seat p's unresolved orders per craftsman type into S_PCRAFT."""
    o = seat(p)
    for cr in range(C.N_CRAFTS):
        s[o + L.S_PCRAFT + cr] = 0
    for i in range(s[L.ORD_N]):
        q = L.ORD + i * L.OF_SIZE
        if s[q + L.OF_SEAT] == p and s[q + L.OF_DONE] == 0:
            s[o + L.S_PCRAFT + item_craft(s[q + L.OF_ITEM])] += 1


@njit(**JIT)
def item_masks(s, p):
    """Seat p's order items (bit per item) that have a legal target and a craftsman to make them, into S_ITEMS;
    of those, the ones whose craftsman is under its cap of unresolved orders, into S_ITEMS + 1 (section 5.5.1-2)."""
    o = seat(p)
    made = 0
    under_cap = 0
    for item in range(C.N_ITEMS):  # branch-free: a missing row (-1) reads row 0's cap, masked off
        r = craft_row(s, p, item)
        ok = (r >= 0) & (s[o + L.S_TARGETS + item_product(item)] != 0)
        made |= np.int64(ok) << item
        under_cap |= np.int64(ok & (pending_of(s, p, item_craft(item)) < row(s, max(r, 0), L.RF_CAP))) << item
    s[o + L.S_ITEMS] = made
    s[o + L.S_ITEMS + 1] = under_cap


@njit(**JIT)
def refresh(s, p):
    """Recompute seat p's caches after its castle, orders or craftsmen changed: unresolved orders per craftsman
    type, per product the mask of its legal targets (bit 5 * column + t: section 5.5.2, `target_ok`), the items
    it could order (`item_masks`) with their costs (`order_requirements`), its bonus-condition metrics
    (`update_metrics`) and its marks on the bonus board (`bonus_marks`)."""
    count_pending(s, p)
    for col in range(C.N_COLS):
        for pd in range(C.N_PRODUCTS):
            product_targets(s, p, col, pd)
    item_masks(s, p)
    order_requirements(s, p)
    update_metrics(s, p)
    bonus_marks(s, p)


@njit(**JIT)
def refresh_column(s, p, col, slot):
    """`refresh` after a change of seat p's castle or orders in slot `slot` of column `col` only: the targets of
    the products that depend on the slot (SLOT_PRODUCTS), and for a BASE slot those of its neighbours' BASE tiles.
    The caller keeps the pending counts (S_PCRAFT) and the metrics up to date."""
    m = SLOT_PRODUCTS[slot]
    while m:
        product_targets(s, p, col, trailing_zeros(m))
        m &= m - 1
    if slot == C.PD_BASE:
        if col > 0:
            product_targets(s, p, col - 1, C.PD_BASE)
        if col < C.N_COLS - 1:
            product_targets(s, p, col + 1, C.PD_BASE)
    item_masks(s, p)


@njit(**INLINE)
def order_extra(s, p, item, space):
    """Final-season surcharge of an order of `item` from B space `space` (section 5.5.1, P12)."""
    if not final(s):
        return 0
    if s[L.P_FINAL_EXTRA_MODE] == 0:
        return s[L.P_FINAL_EXTRA_COST] if space >= s[L.P_SPACES + C.A_B] else 0
    r = craft_row(s, p, item)
    if r >= 0 and pending_of(s, p, item_craft(item)) >= row(s, r, L.RF_CAP):
        return s[L.P_FINAL_EXTRA_COST]
    return 0


@njit(**INLINE)
def cost(s, r, lv, j):
    """Field j (0 wood, 1 lime, 2 marble, 3 glass, 4 workers before events) of T7 row r less T9 level lv."""
    return s[L.P_COST + (r * C.N_LEVELS + lv) * C.N_COSTS + j]


@njit(**INLINE)
def event_workers(s, product):
    """Workers the season's event adds to an order of `product` (section 5.5.5)."""
    outer = product < C.PD_STUCCO
    w = 0
    if event(s, C.EV_COOPERATION):
        w -= 1
    if outer and event(s, C.EV_GOOD_WEATHER):
        w -= 1
    if not outer and event(s, C.EV_HOT_SUMMER):
        w += 1
    if outer and event(s, C.EV_BAD_WEATHER):
        w += 1
    return w


@njit(**JIT)
def order_workers(s, r, product, lv):
    """Workers an order needs at level lv under the season's event (section 5.5.5)."""
    return max(s[L.P_MIN_ORDER_WORKERS], cost(s, r, lv, C.CO_WORKERS) + event_workers(s, product))


@njit(**JIT)
def order_res(s, r, lv, j):
    """Resource j (0 wood, 1 lime, 2 marble, 3 glass) on an order of row r at level lv (section 5.5.4)."""
    return cost(s, r, lv, j)


@njit(**INLINE)
def affordable(s, p, r, product, lv, extra):
    """Seat p can pay an order of row r at level lv with surcharge `extra` (branch-free: `&`, not `and`)."""
    o = seat(p) + L.S_STOCK
    b = L.P_COST + (r * C.N_LEVELS + lv) * C.N_COSTS
    return ((s[o + C.WOOD] >= s[b + C.CO_WOOD]) & (s[o + C.LIME] >= s[b + C.CO_LIME])
            & (s[o + C.MARBLE] >= s[b + C.CO_MARBLE]) & (s[o + C.GLASS] >= s[b + C.CO_GLASS])
            & (s[o + C.GOLD] >= extra)
            & (s[seat(p) + L.S_SUPPLY]
               >= max(s[L.P_MIN_ORDER_WORKERS], s[b + C.CO_WORKERS] + event_workers(s, product))))


@njit(**INLINE)
def max_level(s, p, item):
    if item_craft(item) == C.CR_MB:
        return s[seat(p) + L.S_EXP]
    return 0


@njit(**JIT)
def level_mask(s, p, item, r, extra):
    """Bit lv set when seat p can pay an order of `item` (row r) at level lv with surcharge `extra` (the cost does
    not depend on the target)."""
    pd = item_product(item)
    m = 0
    for lv in range(max_level(s, p, item) + 1):
        if affordable(s, p, r, pd, lv, extra):
            m |= 1 << lv
    return m


@njit(**INLINE)
def level_any(s, p, item, r, extra):
    """Some level is affordable: only the levels whose saving no other available level dominates are tried."""
    pd = item_product(item)
    m = s[L.P_LEVEL_SCAN + max_level(s, p, item)]
    ok = False
    while m:
        ok |= affordable(s, p, r, pd, trailing_zeros(m), extra)
        m &= m - 1
    return ok


@njit(**INLINE)
def item_row_extra(s, p, item, space):
    """(row, surcharge) of an order of `item` from B space `space`, row -1 when the craftsman cannot take it."""
    r = craft_row(s, p, item)
    if r < 0:
        return -1, 0
    if not final(s) and pending_of(s, p, item_craft(item)) >= row(s, r, L.RF_CAP):
        return -1, 0
    return r, order_extra(s, p, item, space)


@njit(**INLINE)
def orderable_items(s, p):
    """Bit mask of the items seat p has a target, a craftsman and (outside the final season) room under the
    craftsman's cap for (the `item_masks` cache)."""
    return s[seat(p) + L.S_ITEMS + (0 if final(s) else 1)]


@njit(**INLINE)
def pack_field(x, j):
    """Stock x as field j of a packed word (codes.LANE)."""
    return (min(x, C.STOCK_TOP) + C.COST_BIAS) << (C.LANE * j)


@njit(**JIT)
def order_requirements(s, p):
    """Seat p's (item, level) costs to try for an order (REQ, REQ_N): for every item its craftsman can make, the
    levels `level_any` tries, as P_REQW words tagged with the item; the outer items' entries first, then the inner
    ones'. Recomputed when the seat's craftsmen or experience change."""
    b = L.REQ + p * L.REQ_MAX
    counts = L.REQ_N + C.N_REQ_COUNTS * p
    k = 0
    for inner in range(2):
        first = k
        for item in range(C.N_ITEMS):
            r = craft_row(s, p, item)
            if r < 0 or (item_product(item) >= C.PD_STUCCO) != inner:
                continue
            m = s[L.P_LEVEL_SCAN + max_level(s, p, item)]
            while m:
                s[b + k] = (item << C.ITEM_SHIFT) | s[L.P_REQW + r * C.N_LEVELS + trailing_zeros(m)]
                k += 1
                m &= m - 1
        s[counts + (C.REQ_INNER if inner else C.REQ_OUTER)] = k - first


@njit(**JIT)
def order_items(s, p, space):
    """Bit mask of the items seat p can order from B space `space` (section 5.5.1-6): a target, a craftsman (under
    its cap outside the final season) and an affordable level, the levels checked all at once on packed costs
    (`order_requirements`). In the final season an item with a surcharge also needs the gold for it."""
    o = seat(p)
    st = o + L.S_STOCK
    supply = s[o + L.S_SUPPLY]
    if supply < s[L.P_MIN_ORDER_WORKERS]:
        return 0
    stock = (pack_field(s[st + C.WOOD], C.CO_WOOD) | pack_field(s[st + C.LIME], C.CO_LIME)
             | pack_field(s[st + C.MARBLE], C.CO_MARBLE) | pack_field(s[st + C.GLASS], C.CO_GLASS))
    outer = stock | pack_field(supply - event_workers(s, C.PD_BASE), C.CO_WORKERS)
    inner = stock | pack_field(supply - event_workers(s, C.PD_STUCCO), C.CO_WORKERS)
    b = L.REQ + p * L.REQ_MAX
    n = L.REQ_N + C.N_REQ_COUNTS * p
    split = b + s[n + C.REQ_OUTER]
    fit = 0
    for k in range(b, split + s[n + C.REQ_INNER]):  # one loop: the entry's stock word picked without a branch
        w = s[k]
        have = outer if k < split else inner
        fit |= ((((have | C.GUARD) - (w & C.COSTS)) & C.GUARD) == C.GUARD) << (w >> C.ITEM_SHIFT)
    out = fit & orderable_items(s, p)
    gold = s[st + C.GOLD]
    if final(s) and gold < s[L.P_FINAL_EXTRA_COST]:
        for item in range(C.N_ITEMS):
            if (out >> item) & 1 and order_extra(s, p, item, space) > gold:
                out &= ~(1 << item)
    return out


@njit(**JIT)
def place_order(s, p, item, col, t, lv, extra):
    """Pay and record an order (section 5.5.6)."""
    o = seat(p)
    r = craft_row(s, p, item)
    pd = item_product(item)
    k = s[L.ORD_N]
    q = L.ORD + k * L.OF_SIZE
    s[q + L.OF_SEAT] = p
    s[q + L.OF_ITEM] = item
    s[q + L.OF_COL] = col
    s[q + L.OF_T] = t
    s[q + L.OF_LEVEL] = lv
    stock = (C.WOOD, C.LIME, C.MARBLE, C.GLASS)
    for j in range(len(stock)):
        x = order_res(s, r, lv, j)
        s[q + L.OF_RES + j] = x
        s[o + L.S_STOCK + stock[j]] -= x
    w = order_workers(s, r, pd, lv)
    s[q + L.OF_WORKERS] = w
    s[q + L.OF_EXHAUSTED] = min(row(s, r, L.RF_EXHAUSTED), w)
    s[q + L.OF_EXTRA] = extra
    s[q + L.OF_DONE] = 0
    s[o + L.S_STOCK + C.GOLD] -= extra
    s[o + L.S_SUPPLY] -= w
    s[o + L.S_ORDW] += w
    sl = slot_of(pd, t)
    s[o + L.S_PEND + col * C.SLOTS + sl] += 1
    s[o + L.S_PCRAFT + item_craft(item)] += 1
    s[L.ORD_N] = k + 1
    refresh_column(s, p, col, sl)


@njit(**JIT)
def gain_exp(s, p, n):
    o = seat(p)
    old = s[o + L.S_EXP]
    s[o + L.S_EXP] = max(0, min(s[L.P_EXP_MAX], old + n))
    if s[o + L.S_EXP] != old:
        order_requirements(s, p)


@njit(**JIT)
def tavern_to_supply(s, p, n):
    o = seat(p)
    k = min(n, s[o + L.S_TAVERN])
    s[o + L.S_TAVERN] -= k
    s[o + L.S_SUPPLY] += k


@njit(**JIT)
def resolve_order(s, k):
    """Resolve order k (section 6.1): tile, experience, printed bonus, workers, PP."""
    q = L.ORD + k * L.OF_SIZE
    p = s[q + L.OF_SEAT]
    o = seat(p)
    item = s[q + L.OF_ITEM]
    pd = item_product(item)
    col = s[q + L.OF_COL]
    t = s[q + L.OF_T]
    sl = slot_of(pd, t)
    s[q + L.OF_DONE] = 1
    s[o + L.S_PEND + col * C.SLOTS + sl] -= 1
    s[o + L.S_PCRAFT + item_craft(item)] -= 1
    s[o + L.S_CASTLE + col * C.SLOTS + sl] += 1
    if item_craft(item) == C.CR_MB:
        gain_exp(s, p, 1)
    if pd <= C.PD_FACADE:
        b = L.P_CASTLE + (col * C.N_BONUS_SLOTS + pd) * C.N_BONUS_FIELDS
        kind = s[b + C.BONUS_KIND]
        amount = s[b + C.BONUS_AMOUNT]
        if kind == C.BK_MARBLE:
            s[o + L.S_STOCK + C.MARBLE] += amount
        elif kind == C.BK_WORKER:
            tavern_to_supply(s, p, amount)
        elif kind == C.BK_INNER:
            s[o + L.S_INNER] += amount
        elif kind == C.BK_GOLD:
            s[o + L.S_STOCK + C.GOLD] += amount
        elif kind == C.BK_GLASS:
            s[o + L.S_STOCK + C.GLASS] += amount
        elif kind == C.BK_EXP:
            gain_exp(s, p, amount)
    w = s[q + L.OF_WORKERS]
    ex = s[q + L.OF_EXHAUSTED]
    s[o + L.S_ORDW] -= w
    s[o + L.S_TAVERN] += ex
    s[o + L.S_SUPPLY] += w - ex
    pp = s[L.P_PP + C.N_PP_FIELDS * pd + (C.PP_ON_TOWER if (pd >= C.PD_STUCCO and t == C.TOWER_TILE) else C.PP_PLAIN)]
    if (pd == C.PD_STUCCO and event(s, C.EV_COVETED_STUCCO)) or (pd == C.PD_PANEL and event(s, C.EV_COVETED_PANEL)):
        pp += 1
    if pd < C.PD_STUCCO:
        s[o + L.S_OUTER] += pp
    else:
        s[o + L.S_INNER] += pp
    refresh_column(s, p, col, sl)
    add_castle_metrics(s, p, col, sl)


@njit(**JIT)
def add_castle_metrics(s, p, col, sl):
    """Seat p's cached castle metrics (S_METRIC) after one more complete item in slot `sl` of column `col`:
    `castle_metrics`, incrementally."""
    o = seat(p) + L.S_METRIC
    if sl < C.N_OUTER:
        s[o + OUTER_METRIC[sl]] += 1
        return
    k = (sl - C.N_OUTER) % C.N_INTERIOR
    s[o + INTERIOR_METRIC[k]] += 1
    b = seat(p) + L.S_CASTLE + col * C.SLOTS + sl - k  # the level's STUCCO slot
    if k < C.IN_COLUMN and s[b] != 0 and s[b + C.IN_PANEL] != 0 and s[b + C.IN_MARBLE] != 0 and s[b + k] == 1:
        s[o + C.MT_FULL] += 1


@njit(**JIT)
def order_item_code(s, k):
    """RESOLVE item code (column * 17 + slot) of order k."""
    q = L.ORD + k * L.OF_SIZE
    return s[q + L.OF_COL] * C.SLOTS + slot_of(item_product(s[q + L.OF_ITEM]), s[q + L.OF_T])


# ---- bonus board (section 6.3) ----

@njit(**JIT)
def seat_marks(s, p, base, count):
    """Bit c set when seat p is among the s[count + c] entries of column c's list at `base` (the light marks or the
    dark claims)."""
    m = 0
    for c in range(C.N_COLS):
        n = s[count + c]
        for i in range(C.MAX_PLAYERS):
            m |= np.int64((i < n) & (s[base + c * C.MAX_PLAYERS + i] == p)) << c
    return m


@njit(**JIT)
def bonus_marks(s, p):
    """Seat p's light marks and dark claims as bit masks by column (LMARKED, DCLAIMED), from the lists."""
    s[L.LMARKED + p] = seat_marks(s, p, L.LMARK, L.LMARK_N)
    s[L.DCLAIMED + p] = seat_marks(s, p, L.DCLAIM, L.DCLAIM_N)


@njit(**JIT)
def yellow_left(s):
    n = 0
    for y in range(C.N_YELLOW):
        if s[L.YEL + y] == 0:
            n += 1
    return n


@njit(**INLINE)
def light_due(s, p):
    """Bit c set when seat p meets LB_c, has no mark on it, and the tile is still on the board."""
    marked = s[L.LMARKED + p]
    m = 0
    for c in range(C.N_COLS):
        m |= np.int64((s[L.LTAKEN + c] < 0) & (((marked >> c) & 1) == 0) & satisfied(s, p, s[L.LB + c])) << c
    return m


@njit(**JIT)
def mark_light(s, p, c):
    s[L.LMARK + c * C.MAX_PLAYERS + s[L.LMARK_N + c]] = p
    s[L.LMARK_N + c] += 1
    s[L.LMARKED + p] |= 1 << c
    s[L.DREV + c] = 1


@njit(**JIT)
def take_light(s, p, c):
    o = seat(p)
    s[L.LTAKEN + c] = p
    s[o + L.S_LIGHT + s[o + L.S_LIGHT_N]] = s[L.LB + c]
    s[o + L.S_LIGHT_N] += 1
    mark_light(s, p, c)


@njit(**INLINE)
def claim_darks(s, p):
    o = seat(p)
    claimed = s[L.DCLAIMED + p]
    due = 0
    for c in range(C.N_COLS):
        due |= np.int64((s[L.DREV + c] != 0) & (((claimed >> c) & 1) == 0) & satisfied(s, p, s[L.DB + c])) << c
    s[L.DCLAIMED + p] = claimed | due
    while due:
        c = trailing_zeros(due)
        due &= due - 1
        k = s[L.DCLAIM_N + c]
        s[L.DCLAIM + c * C.MAX_PLAYERS + k] = p
        s[L.DCLAIM_N + c] = k + 1
        if k < C.MAX_PLAYERS:
            s[o + L.S_DARK] += s[L.P_DARK_POINTS + k]


@njit(**JIT)
def gain_yellow(s, p, y):
    """Seat p gains yellow tile y (T13)."""
    o = seat(p)
    b = L.P_YELLOW + C.YF_SIZE * y
    s[L.YEL + y] = 1
    s[o + L.S_YEL + s[o + L.S_YEL_N]] = y
    s[o + L.S_YEL_N] += 1
    for j in range(C.N_STOCK):
        s[o + L.S_STOCK + j] += s[b + C.YF_STOCK + j]
    s[o + L.S_INNER] += s[b + C.YF_INNER]
    s[o + L.S_OUTER] += s[b + C.YF_OUTER]
    if s[o + L.S_OUTER] < s[o + L.S_INNER]:
        s[o + L.S_OUTER] += s[b + C.YF_TO_LOWER]
    else:
        s[o + L.S_INNER] += s[b + C.YF_TO_LOWER]
    tavern_to_supply(s, p, s[b + C.YF_WORKERS])
    gain_exp(s, p, s[b + C.YF_EXP])

