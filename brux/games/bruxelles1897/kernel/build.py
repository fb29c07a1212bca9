"""Build VP: the most distinct symbol types a material payment can show (rules 3.5 A, Build)."""

from brux.core.jit import INLINE, njit

from . import codes as C
from . import layout as L

_N_MIXED = C.N_PAIRS - C.N_SINGLE_PAIRS
assert (C.PAIR_SB, C.PAIR_SW, C.PAIR_BW) == tuple(range(C.N_SINGLE_PAIRS, C.N_PAIRS))


@njit(**INLINE)
def _mixed_cover(singles, doubled, bit, sym_a, sym_b):
    """Symbol mask from the cards of one mixed pair: doubled cards show both symbols, two or more single cards
    can show both, one single card shows the symbol picked by `bit`."""
    if doubled > 0 or singles >= C.SYMBOLS_PER_CARD:
        return (1 << sym_a) | (1 << sym_b)
    if singles == 1:
        return 1 << (sym_b if bit else sym_a)
    return 0


@njit(**INLINE)
def build_gain(s, n):
    """Largest number of distinct types over ways of taking 1 or 2 symbols from each chosen card, n in total.

    The chosen cards are counted by pair in C_PAY (SS, BB, WW, SB, SW, BW). With T cards, n - T of them give two
    symbols; which cards those are and which symbol each single mixed card shows is enumerated.
    """
    pay = L.C_PAY
    mono = s[pay + C.PAIR_SS] + s[pay + C.PAIR_BB] + s[pay + C.PAIR_WW]
    base = 0
    for t in range(C.N_SINGLE_PAIRS):  # pair t shows symbol t twice
        if s[pay + t] > 0:
            base |= 1 << C.PAIR_SYMBOLS[t][0]
    c_sb = s[pay + C.PAIR_SB]
    c_sw = s[pay + C.PAIR_SW]
    c_bw = s[pay + C.PAIR_BW]
    doubles = n - (mono + c_sb + c_sw + c_bw)
    best = 0
    for d_sb in range(c_sb + 1):
        for d_sw in range(c_sw + 1):
            for d_bw in range(c_bw + 1):
                rest = doubles - d_sb - d_sw - d_bw
                if rest < 0 or rest > mono:
                    continue
                for bits in range(1 << _N_MIXED):  # which symbol each mixed pair's single card shows
                    m = base
                    m |= _mixed_cover(c_sb - d_sb, d_sb, (bits >> (C.PAIR_SB - C.N_SINGLE_PAIRS)) & 1, C.STEEL, C.BRICK)
                    m |= _mixed_cover(c_sw - d_sw, d_sw, (bits >> (C.PAIR_SW - C.N_SINGLE_PAIRS)) & 1, C.STEEL, C.WOOD)
                    m |= _mixed_cover(c_bw - d_bw, d_bw, (bits >> (C.PAIR_BW - C.N_SINGLE_PAIRS)) & 1, C.BRICK, C.WOOD)
                    k = ((m >> C.STEEL) & 1) + ((m >> C.BRICK) & 1) + ((m >> C.WOOD) & 1)
                    if k > best:
                        best = k
    return best
