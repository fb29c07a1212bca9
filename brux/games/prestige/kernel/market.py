"""Market variants (section 5.4, T5) with the market-condition tiles of the acting seat (T6)."""

import numpy as np

from brux.core.jit import INLINE, JIT, njit

from . import codes as C
from . import layout as L
from .base import event, seat

# The variant tables as constant arrays: a kernel indexes them with a load (a tuple indexed by a run-time value
# compiles to jumps, which random play mispredicts).
VARIANT_DELTAS = np.array(C.VARIANT_DELTAS, dtype=np.int64)
VARIANT_TILE = np.array(C.VARIANT_TILE, dtype=np.int64)
VARIANT_TILE_FIELD = np.array(C.VARIANT_TILE_FIELD, dtype=np.int64)
VARIANT_TYPE = np.array(C.VARIANT_TYPE, dtype=np.int64)
TYPE_VARIANTS = np.array(C.TYPE_VARIANTS, dtype=np.int64)


@njit(**JIT)
def labour_price(s, k, held):
    """Price of labour type k (0 LABOUR2, 1 +WOOD, 2 +LIME) for a seat holding market tiles `held` (P8, MC5)."""
    price = s[L.P_LABOUR_LATER] if s[L.LABOUR_USED + k] else s[L.P_LABOUR_FIRST]
    if (held >> C.MC_LABOUR_EXCHANGE) & 1:
        price -= 1
    return max(0, price)


@njit(**JIT)
def deltas(s, p, v, held):
    """Stock changes (gold, wood, lime, marble, glass) and workers back from the tavern of variant v, and whether
    the variant is available at all (labour needs a tavern worker and a labour market); `held`: mc_mask(s, p).
    Table-driven (codes.VARIANT_*), without branches on v but for labour."""
    b = C.N_STOCK * v
    tile = VARIANT_TILE[v]
    f = VARIANT_TILE_FIELD[v]
    plus = (tile >= 0) & ((held >> (tile & C.MC_TILE_BITS)) & 1)
    dg = VARIANT_DELTAS[b + C.GOLD] + plus * (f == C.GOLD)
    dw = VARIANT_DELTAS[b + C.WOOD] + plus * (f == C.WOOD)
    dl = VARIANT_DELTAS[b + C.LIME] + plus * (f == C.LIME)
    dm = VARIANT_DELTAS[b + C.MARBLE]
    dgl = VARIANT_DELTAS[b + C.GLASS]
    wk = 0
    ok = True
    if v >= C.V_LABOUR2:
        k = v - C.V_LABOUR2
        tav = s[seat(p) + L.S_TAVERN]
        ok = tav >= 1 and not event(s, C.EV_NO_LABOUR)
        dg = -labour_price(s, k, held)
        wk = min(C.LABOUR2_WORKERS, tav) if k == 0 else 1
    return dg, dw, dl, dm, dgl, wk, ok


@njit(**INLINE)
def variant_mask(s, p, held):
    """Bit v set when seat p can do variant v now: it is available and leaves no stock negative (as `deltas`
    says, in closed form); `held`: mc_mask(s, p)."""
    o = seat(p) + L.S_STOCK
    g = s[o + C.GOLD]
    w = s[o + C.WOOD]
    li = s[o + C.LIME]
    m = s[o + C.MARBLE]
    gl = s[o + C.GLASS]
    two = C.PAIR_COST_MC8 if (held >> C.MC_STONE_CUTTERS) & 1 else C.PAIR_COST  # wood or lime for a pair exchange
    mask = 0
    if g >= (C.PRICE_MARBLE_MC2 if (held >> C.MC_MARBLE_MERCHANT) & 1 else C.PRICE_MARBLE):
        mask |= 1 << C.V_BUY_MARBLE
    if m >= 1:
        mask |= (1 << C.V_SELL_MARBLE) | (1 << C.V_MARBLE_WW) | (1 << C.V_MARBLE_LL) | (1 << C.V_MARBLE_WL)
    if g >= (C.PRICE_GLASS_MC1 if (held >> C.MC_GLASSWORKS) & 1 else C.PRICE_GLASS):
        mask |= 1 << C.V_BUY_GLASS
    if gl >= 1:
        mask |= (1 << C.V_SELL_GLASS) | (1 << C.V_GLASS_WW) | (1 << C.V_GLASS_LL) | (1 << C.V_GLASS_WL)
    if g >= 1:
        mask |= (1 << C.V_BUY_WOOD) | (1 << C.V_BUY_LIME)
    if w >= 1:
        mask |= (1 << C.V_SELL_WOOD) | (1 << C.V_WOOD_LIME)
    if li >= 1:
        mask |= (1 << C.V_SELL_LIME) | (1 << C.V_LIME_WOOD)
    if w >= two:
        mask |= (1 << C.V_WW_MARBLE) | (1 << C.V_WW_GLASS)
    if li >= two:
        mask |= (1 << C.V_LL_MARBLE) | (1 << C.V_LL_GLASS)
    if w >= 1 and li >= 1:
        mask |= (1 << C.V_WL_MARBLE) | (1 << C.V_WL_GLASS)
    if s[seat(p) + L.S_TAVERN] >= 1 and not event(s, C.EV_NO_LABOUR):
        for k in range(C.N_LABOUR):
            if g >= labour_price(s, k, held):
                mask |= 1 << (C.V_LABOUR2 + k)
    return mask


@njit(**JIT)
def do_variant(s, p, v):
    dg, dw, dl, dm, dgl, wk, ok = deltas(s, p, v, s[L.C_HELD])
    o = seat(p)
    s[o + L.S_STOCK + C.GOLD] += dg
    s[o + L.S_STOCK + C.WOOD] += dw
    s[o + L.S_STOCK + C.LIME] += dl
    s[o + L.S_STOCK + C.MARBLE] += dm
    s[o + L.S_STOCK + C.GLASS] += dgl
    if v >= C.V_LABOUR2:
        s[o + L.S_TAVERN] -= wk
        s[o + L.S_SUPPLY] += wk
        s[L.LABOUR_USED + v - C.V_LABOUR2] = 1


@njit(**JIT)
def market_k(s, space):
    """Market actions allowed to the instructor on market space `space` (0-based) of seat p (section 5.4)."""
    k = 1 if event(s, C.EV_RESTRICTED) else s[L.P_MARKET_K]
    if space == 0:
        k += s[L.P_MARKET_FIRST_EXTRA]
    return k
