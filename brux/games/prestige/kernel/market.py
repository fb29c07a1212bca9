"""Market variants (section 5.4, T5) with the market-condition tiles of the acting seat (T6)."""

from brux.core.jit import JIT, njit

from . import codes as C
from . import layout as L
from .base import event, seat


@njit(**JIT)
def labour_price(s, k, held):
    """Price of labour type k (0 LABOUR2, 1 +WOOD, 2 +LIME) for a seat holding market tiles `held` (P8, MC5)."""
    price = s[L.P_LABOUR_LATER] if s[L.LABOUR_USED + k] else s[L.P_LABOUR_FIRST]
    if (held >> 4) & 1:
        price -= 1
    return max(0, price)


@njit(**JIT)
def deltas(s, p, v, held):
    """Stock changes (gold, wood, lime, marble, glass) and workers back from the tavern of variant v, and whether
    the variant is available at all (labour needs a tavern worker and a labour market); `held`: mc_mask(s, p).
    Table-driven (codes.VARIANT_*), without branches on v but for labour."""
    b = 5 * v
    tile = C.VARIANT_TILE[v]
    f = C.VARIANT_TILE_FIELD[v]
    plus = (tile >= 0) & ((held >> (tile & 7)) & 1)
    dg = C.VARIANT_DELTAS[b] + plus * (f == 0)
    dw = C.VARIANT_DELTAS[b + 1] + plus * (f == 1)
    dl = C.VARIANT_DELTAS[b + 2] + plus * (f == 2)
    dm = C.VARIANT_DELTAS[b + 3]
    dgl = C.VARIANT_DELTAS[b + 4]
    wk = 0
    ok = True
    if v >= 22:
        k = v - 22
        tav = s[seat(p) + L.S_TAVERN]
        ok = tav >= 1 and not event(s, C.EV_NO_LABOUR)
        dg = -labour_price(s, k, held)
        wk = min(2, tav) if k == 0 else 1
    return dg, dw, dl, dm, dgl, wk, ok


@njit(**JIT)
def variant_mask(s, p, held):
    """Bit v set when seat p can do variant v now: it is available and leaves no stock negative (as `deltas`
    says, in closed form); `held`: mc_mask(s, p)."""
    o = seat(p) + L.S_STOCK
    g = s[o + C.GOLD]
    w = s[o + C.WOOD]
    li = s[o + C.LIME]
    m = s[o + C.MARBLE]
    gl = s[o + C.GLASS]
    two = 1 if (held >> 7) & 1 else 2  # wood or lime paid for a pair exchange (the stone cutter's tile: 1)
    mask = 0
    if g >= (2 if (held >> 1) & 1 else 3):
        mask |= 1 << 0  # BUY MARBLE
    if m >= 1:
        mask |= (1 << 1) | (7 << 11)  # SELL MARBLE, MARBLE>WW/LL/WL
    if g >= (1 if held & 1 else 2):
        mask |= 1 << 2  # BUY GLASS
    if gl >= 1:
        mask |= (1 << 3) | (7 << 17)  # SELL GLASS, GLASS>WW/LL/WL
    if g >= 1:
        mask |= (1 << 4) | (1 << 6)  # BUY WOOD, BUY LIME
    if w >= 1:
        mask |= (1 << 5) | (1 << 20)  # SELL WOOD, WOOD>LIME
    if li >= 1:
        mask |= (1 << 7) | (1 << 21)  # SELL LIME, LIME>WOOD
    if w >= two:
        mask |= (1 << 8) | (1 << 14)  # WW>MARBLE, WW>GLASS
    if li >= two:
        mask |= (1 << 9) | (1 << 15)  # LL>MARBLE, LL>GLASS
    if w >= 1 and li >= 1:
        mask |= (1 << 10) | (1 << 16)  # WL>MARBLE, WL>GLASS
    if s[seat(p) + L.S_TAVERN] >= 1 and not event(s, C.EV_NO_LABOUR):
        for k in range(3):
            if g >= labour_price(s, k, held):
                mask |= 1 << (22 + k)  # LABOUR2, LABOUR+WOOD, LABOUR+LIME
    return mask


@njit(**JIT)
def do_variant(s, p, v):
    dg, dw, dl, dm, dgl, wk, ok = deltas(s, p, v, s[L.C_HELD])
    o = seat(p)
    s[o + L.S_STOCK] += dg
    s[o + L.S_STOCK + 1] += dw
    s[o + L.S_STOCK + 2] += dl
    s[o + L.S_STOCK + 3] += dm
    s[o + L.S_STOCK + 4] += dgl
    if v >= 22:
        s[o + L.S_TAVERN] -= wk
        s[o + L.S_SUPPLY] += wk
        s[L.LABOUR_USED + v - 22] = 1


@njit(**JIT)
def market_k(s, space):
    """Market actions allowed to the instructor on market space `space` (0-based) of seat p (section 5.4)."""
    k = 1 if event(s, C.EV_RESTRICTED) else s[L.P_MARKET_K]
    if space == 0:
        k += s[L.P_MARKET_FIRST_EXTRA]
    return k
