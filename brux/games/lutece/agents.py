"""Agents for Lutèce: evaluation features, persona weights and determinisation (docs/lutece.md, section 11).

The generic search (random, one-step lookahead, flat Monte Carlo, MCTS) and the batch with agents are built by the
game kit (`brux.agents.kit`) from `kernel/hooks.py`, which exports the game-specific parts made here:

- `values`: each seat's evaluation, a weight vector over `FEATURES` (VP if the game ended now, coins, legions, and
  what the plays fixed so far this round would win if the round were resolved now; rules 4.4 without the coin flows
  between slots).
- `determinise`: what the seat to move cannot see is replaced by a sample from the agent's own stream: the order of
  the cards left in each deck (their set is public), and the sealed plays of the seats that fixed theirs before it
  this round (re-drawn as the uniform random agent plays, from what the mover saw: each purse with its stakes).
"""

import numpy as np

from brux.core.hidden import hidden_views
from brux.core.jit import JIT, njit
from brux.core.rng import randbelow

from .kernel import codes as C
from .kernel import layout as L
from .kernel.base import card, players, seat, withdraw_sealed_play
from .kernel.flow import opening_bribe
from .kernel.score import per_count, score_all

FEATURES = (
    "vp",           # VP if the game ended now (scoring I-IV; coins include the round's stakes)
    "coins",        # purse plus the round's stakes
    "legions",      # legion cards held after this round's committed legions leave
    "symbols",      # resource symbols held
    "win_cards",    # cards the plays fixed so far would win if the round were resolved now
    "win_vp",       # VP those cards score by themselves now (prestige, statue, legion, bazaar base)
    "win_symbols",  # resource symbols and pillars on those cards
    "win_coins",    # coins those cards bring (coins on them, on-acquisition coins) minus their cost and the bribe
)
N_FEATURES = len(FEATURES)
F = {name: i for i, name in enumerate(FEATURES)}


def _weights(**w: float) -> np.ndarray:
    v = np.zeros(N_FEATURES)
    for name, x in w.items():
        v[F[name]] = x
    return v


# `greedy`: VP now plus what the fixed plays would win, valued in VP (a coin is a third of a VP, rules 5.6; a
# symbol about one VP of majorities), and a legion its 2 VP.
_BASE = dict(vp=1, coins=0.33, legions=2, win_vp=1, win_symbols=1, win_coins=0.33, win_cards=0.25)
WEIGHTS = {
    "greedy": _weights(**_BASE),
    "majorities": _weights(**{**_BASE, "symbols": 0.5, "win_symbols": 2.0}),
    "prestige": _weights(**{**_BASE, "win_vp": 1.6, "win_symbols": 0.6}),
    "fortune": _weights(**{**_BASE, "coins": 0.6, "win_coins": 0.6, "win_cards": 0.1}),
    # `value`: a conditional logit of the final win on the features, fitted to 4-player self-play positions of
    # greedy and the three personas (`python -m brux.agents.fit`, docs/agents.md), scaled so that the win chance is
    # a softmax of the values at temperature 6, vmcts's default
    "value": _weights(vp=0.554, coins=0.0852, legions=-1.06, symbols=0.0891, win_cards=0.236,
                      win_vp=0.262, win_symbols=0.703, win_coins=0.117),
}
PERSONAS = ("majorities", "prestige", "fortune")


@njit(**JIT)
def _card_vp(s, o, c):
    """VP card c scores by itself for the seat at offset o with its current tableau."""
    kind = card(s, c, L.CF_KIND)
    if C.KIND_SOURCE[kind] < 0:
        return 0
    return card(s, c, L.CF_VP_BASE) + card(s, c, L.CF_VP_MULT) * per_count(s, o, card(s, c, L.CF_VP_PER))


@njit(**JIT)
def _redraw_play(s, q, rng, ko, co):
    """A new sealed play for seat q (its stake returned first), drawn as the uniform random agent plays (docs
    section 4)."""
    o = seat(q)
    s[o + L.S_COINS] += s[o + L.S_STAKE]
    s[o + L.S_STAKE] = 0
    code = s[L.P_PAIRS + randbelow(rng, ko, co, s[L.P_NPAIRS])]
    n = 0
    inc = 0
    for j in range(C.PLAY_CARDS):
        s[o + L.S_PICK + j] = -1
        s[o + L.S_BRIBE + j] = 0
        s[o + L.S_LEG + j] = 0
    for h in (C.PAIR_U[code], C.PAIR_V[code]):
        if h == C.HAND_INCOME:
            inc += 1
        else:
            s[o + L.S_PICK + n] = h
            n += 1
    s[o + L.S_NPICK] = n
    s[o + L.S_INCOME] = inc
    for j in range(n):  # bribes: BRIBE 0..99 or BRIBE +100 and choose again (section 3)
        acc = 0
        b = 0
        while True:
            m = min(s[o + L.S_COINS], s[L.P_BRIBE_CAP]) - acc
            top = min(m, C.BRIBE_STEP - 1)
            i = randbelow(rng, ko, co, top + 1 + (1 if m >= C.BRIBE_STEP else 0))
            if i <= top:
                b = acc + i
                break
            acc += C.BRIBE_STEP
        s[o + L.S_BRIBE + j] = b
        s[o + L.S_COINS] -= b
        s[o + L.S_STAKE] += b
    left = s[o + L.S_LEGIONS]
    for j in range(n):
        g = randbelow(rng, ko, co, min(left, C.MAX_LEGIONS) + 1)
        s[o + L.S_LEG + j] = g
        left -= g
    if s[L.G_ROUND] == 1:
        s[o + L.S_OPEN] = code
        s[o + L.S_OPEN + 1] = opening_bribe(s, o)


@njit(**JIT)
def first_unplayed(s):
    """The first seat that has not begun its sealed play in a round under way (seats play in order from seat 0), or
    the number of seats when no play of the round has begun yet or the game is over."""
    p = s[L.G_CUR]
    if p < 0:
        return players(s)
    if s[L.G_PENDING] != C.D_CARDS:
        return p + 1
    return p if p > 0 else players(s)


@njit(**JIT)
def values(s, w, out):
    """out[p] = w . features(s, p) for every seat (uses the state's scoring scratch fields)."""
    n = players(s)
    over = s[L.G_OVER] != 0
    if not over:
        score_all(s)
    for p in range(n):
        o = seat(p)
        legions = s[o + L.S_LEGIONS] - s[o + L.S_LEG] - s[o + L.S_LEG + 1]
        symbols = 0
        for x in range(C.N_RESOURCES):
            symbols += s[o + L.S_RES + x]
        out[p] = (w[0] * s[o + L.S_VP] + w[1] * (s[o + L.S_COINS] + s[o + L.S_STAKE]) + w[2] * legions
                  + w[3] * symbols)
    if over:
        return
    # The seats still to play this round get a random sealed play each, as the uniform random agent plays (drawn
    # from the state's chance stream, its counter restored: in a lookahead that is the determinised copy's, keyed
    # from the agent's stream), so every seat is scored against a whole round, whatever its place in the order.
    first = first_unplayed(s)
    ctr = s[L.G_RNG_CTR]
    for q in range(first, n):
        _redraw_play(s, q, s, L.G_RNG_KEY, L.G_RNG_CTR)
    _score_plays(s, w, out, n)
    for q in range(first, n):
        withdraw_sealed_play(s, seat(q), s[L.G_ROUND] == 1)
    s[L.G_RNG_CTR] = ctr


@njit(**JIT)
def _score_plays(s, w, out, n):
    """out[winner] += what the sealed plays in the state would win if the round were resolved now (rules
    4.4.1-4.4.2), each slot on its own."""
    for d in range(C.N_DECKS):
        for i in range(s[L.P_SLOTS]):
            k = d * L.MAX_SLOTS + i
            c = s[L.SLOT_CARD + k]
            if c < 0:
                continue
            best = -1
            n_best = 0
            winner = -1
            wj = 0
            for p in range(n):
                o = seat(p)
                for j in range(s[o + L.S_NPICK]):
                    if s[o + L.S_PICK + j] == k:
                        e = s[o + L.S_BRIBE + j] + s[L.P_LEGION_BRIBE] * s[o + L.S_LEG + j]
                        if e > best:
                            best = e
                            n_best = 1
                            winner = p
                            wj = j
                        elif e == best:
                            n_best += 1
            if winner < 0 or n_best > 1:
                continue
            o = seat(winner)
            sym = card(s, c, L.CF_PILLARS)
            for x in range(C.N_RESOURCES):
                sym += card(s, c, L.CF_RES + x)
            coins = (s[L.SLOT_COINS + k] + card(s, c, L.CF_COINS) - card(s, c, L.CF_COST)
                     - s[o + L.S_BRIBE + wj])
            out[winner] += w[4] + w[5] * _card_vp(s, o, c) + w[6] * sym + w[7] * coins


@njit(**JIT)
def same_turn(s, p):
    """The pending decision continues seat p's play of the round (its bribes or legions)."""
    return s[L.G_OVER] == 0 and s[L.G_CUR] == p and s[L.G_PENDING] != C.D_CARDS


@njit(**JIT)
def _withdraw_plays(s, me):
    """Every other seat's sealed play of the round withdrawn (its bribes back in its purse, no picks)."""
    for q in range(players(s)):
        if q != me and s[seat(q) + L.S_COMMITTED] != 0:
            withdraw_sealed_play(s, seat(q), s[L.G_ROUND] == 1)


@njit(**JIT)
def _redraw_plays(s, me, rng, ko, co):
    """Every other seat that fixed its play this round gets a new play."""
    for q in range(players(s)):
        if q != me and s[seat(q) + L.S_COMMITTED] != 0:
            _redraw_play(s, q, rng, ko, co)


# hide: the cards left in each deck in card-table order (layout.SCHEMA's run), other seats' sealed plays withdrawn,
# the chance stream zeroed; determinise: the decks re-dealt, new sealed plays, the stream re-keyed.
hide, determinise = hidden_views(__name__, L.SCHEMA, own_hide=_withdraw_plays, own_determinise=_redraw_plays)


def features(state: np.ndarray, seat_index: int) -> dict[str, float]:
    """The evaluation features of one seat (for notebooks and tests): feature name -> value."""
    out = {}
    vals = np.zeros(L.MAX_PLAYERS)
    for i, name in enumerate(FEATURES):
        w = np.zeros(N_FEATURES)
        w[i] = 1.0
        values(state.copy(), w, vals)
        out[name] = float(vals[seat_index])
    return out


__all__ = ["FEATURES", "PERSONAS", "WEIGHTS", "determinise", "features", "hide", "same_turn", "values"]
