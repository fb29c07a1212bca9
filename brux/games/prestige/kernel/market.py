"""Market variants (section 5.4, T5) with the market-condition tiles of the acting seat (T6)."""

from brux.core.jit import JIT, njit

from . import codes as C
from . import layout as L
from .base import event, mc_mask, seat


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
    the variant is available at all (labour needs a tavern worker and a labour market); `held`: mc_mask(s, p)."""
    dg = 0
    dw = 0
    dl = 0
    dm = 0
    dgl = 0
    wk = 0
    ok = True
    if v < 8:
        good = v // 2
        buy = v % 2 == 0
        if good == 0:
            if buy:
                dg = -2 if ((held >> 1) & 1) else -3
                dm = 1
            else:
                dg = 4 if ((held >> 6) & 1) else 3
                dm = -1
        elif good == 1:
            if buy:
                dg = -1 if ((held >> 0) & 1) else -2
                dgl = 1
            else:
                dg = 3 if ((held >> 6) & 1) else 2
                dgl = -1
        elif good == 2:
            if buy:
                dg = -1
                dw = 2 if ((held >> 2) & 1) else 1
            else:
                dg = 2 if ((held >> 6) & 1) else 1
                dw = -1
        else:
            if buy:
                dg = -1
                dl = 2 if ((held >> 3) & 1) else 1
            else:
                dg = 2 if ((held >> 6) & 1) else 1
                dl = -1
    elif v < 20:
        k = (v - 8) % 6
        sign = 1 if k < 3 else -1
        pair = k % 3
        cutter = k < 3 and ((held >> 7) & 1)
        if pair == 0:
            dw = -(1 if cutter else 2) if sign > 0 else 2
        elif pair == 1:
            dl = -(1 if cutter else 2) if sign > 0 else 2
        else:
            dw = -sign
            dl = -sign
        if v < 14:
            dm = sign
        else:
            dgl = sign
    elif v == 20:
        dw = -1
        dl = 1
    elif v == 21:
        dw = 1
        dl = -1
    else:
        k = v - 22
        tav = s[seat(p) + L.S_TAVERN]
        ok = tav >= 1 and not event(s, C.EV_NO_LABOUR)
        dg = -labour_price(s, k, held)
        wk = min(2, tav) if k == 0 else 1
        if k == 1:
            dw = 1
        elif k == 2:
            dl = 1
    return dg, dw, dl, dm, dgl, wk, ok


@njit(**JIT)
def variant_ok(s, p, v, held):
    dg, dw, dl, dm, dgl, wk, ok = deltas(s, p, v, held)
    o = seat(p) + L.S_STOCK
    return (ok and s[o] + dg >= 0 and s[o + 1] + dw >= 0 and s[o + 2] + dl >= 0 and s[o + 3] + dm >= 0
            and s[o + 4] + dgl >= 0)


@njit(**JIT)
def do_variant(s, p, v):
    dg, dw, dl, dm, dgl, wk, ok = deltas(s, p, v, mc_mask(s, p))
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
