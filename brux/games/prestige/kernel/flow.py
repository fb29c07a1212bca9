"""The game flow (docs/prestige.md sections 3-8): a stage machine that runs until a decision is pending, and the
handlers that apply one decision. `run` never takes a decision; `step` applies one and leaves the rest to `run`."""

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from brux.core.jit import INLINE, JIT, njit

from . import codes as C
from . import layout as L
from .base import (
    building_tiles,
    event,
    final,
    free_space,
    head,
    land_metrics,
    mc_mask,
    players,
    priority_seat,
    score_all,
    season,
    seat,
    set_pending,
    set_priority,
    update_income,
    year,
)
from .legal import HEAD_CRAFT, HEAD_TIER, any_train, can_offer, has_discs, land_cost, plant_workers
from .market import VARIANT_TYPE, do_variant, market_k
from .orders import (
    claim_darks,
    gain_exp,
    gain_yellow,
    item_masks,
    light_due,
    mark_light,
    order_extra,
    order_item_code,
    order_requirements,
    place_order,
    resolve_order,
    take_light,
    tavern_to_supply,
    yellow_left,
)

# Tables indexed by a run-time value, as constant arrays (a tuple so indexed compiles to jumps): per plant
# resource its first PLANT action, its stock and its opening code; the stock of each START_BONUS choice.
PLANT_FIRST = np.array(C.PLANT_FIRST, dtype=np.int64)
PLANT_STOCK = np.array((C.WOOD, C.LIME, C.MARBLE), dtype=np.int64)
PLANT_OPENING = np.array(C.PLANT_OPENING, dtype=np.int64)
START_STOCK = np.array(C.START_STOCK, dtype=np.int64)

ST_SETUP, ST_SEASON, ST_START, ST_TURNS, ST_CHECK, ST_END, ST_RESOLVE, ST_E3, ST_SWEEP, ST_E45, ST_BUYBACK, \
    ST_E6 = range(12)
AFTER_LAND, AFTER_RESOLVE, AFTER_SWEEP = 0, 1, 2


# ---- season start (section 8.1, 7) ----

@njit(**JIT)
def begin_season(s):
    n = players(s)
    set_priority(s, L.ORDER, L.PRIO)
    si = season(s)
    if si == C.SPRING:
        if s[L.EV_CARD] >= 0:
            s[L.EV_USED + s[L.EV_USED_N]] = s[L.EV_CARD]
            s[L.EV_USED_N] += 1
        s[L.EV_CARD] = s[L.EV_SS + s[L.EV_SS_POS]]
        s[L.EV_SS_POS] += 1
        s[L.EV_STACK] = C.STACK_SS
    elif si == C.AUTUMN:
        s[L.EV_USED + s[L.EV_USED_N]] = s[L.EV_CARD]
        s[L.EV_USED_N] += 1
        s[L.EV_CARD] = s[L.EV_AW + s[L.EV_AW_POS]]
        s[L.EV_AW_POS] += 1
        s[L.EV_STACK] = C.STACK_AW
    s[L.G_ACTIVE] = s[L.P_CARDS + C.CARD_FIELDS * s[L.EV_CARD] + C.CARD_EVENT + si] if s[L.P_EVENTS_ON] else C.EV_NONE
    for i in range(C.INSTRUCTORS * n):
        s[L.SICK + i] = 0
    s[L.N_SICK] = 0
    if event(s, C.EV_ILLNESS):
        for p in range(n):
            last = -1
            for i in range(C.INSTRUCTORS * n):
                if s[L.ORDER + i] == p:
                    last = i
            s[L.SICK + last] = 1
        s[L.N_SICK] = n
    s[L.G_PHASE] = C.PH_START
    s[L.G_IDX] = 0
    s[L.G_STAGE] = ST_START


@njit(**JIT)
def start_effect(s, p):
    """The active event's start effect for seat p (section 7); returns a decision to ask, or -1 when done."""
    o = seat(p)
    g = o + L.S_STOCK + C.GOLD
    e = s[L.G_ACTIVE]
    if e == C.EV_WORKER_OFFER:
        return C.D_OFFER if can_offer(s, p) else -1
    if e == C.EV_GIFT:
        return C.D_GIFT
    if e == C.EV_WOOD_TRADE:
        return C.D_WOODTRADE if s[o + L.S_STOCK + C.WOOD] >= 1 else -1
    if e == C.EV_FREE_TRAINING:
        return C.D_TRAIN if any_train(s, p) else -1
    if e == C.EV_LOSS_OF_LAND:
        return C.D_LOSE if has_discs(s, p) else -1
    if e == C.EV_RICH_POOR:
        if s[g] > C.RICH_POOR_PIVOT:
            s[g] -= C.RICH_POOR_SHIFT
        elif s[g] < C.RICH_POOR_PIVOT:
            s[g] += C.RICH_POOR_SHIFT
    elif e == C.EV_REQUIRED_WOOD:
        if s[o + L.S_STOCK + C.WOOD] >= 1:
            s[o + L.S_STOCK + C.WOOD] -= 1
        else:
            s[g] -= min(C.REQUIRED_WOOD_FINE, s[g])
    elif e == C.EV_TRAINING:
        gain_exp(s, p, 1)
    elif e == C.EV_POOR_WORK:
        gain_exp(s, p, -1)
    elif e == C.EV_SURRENDER:
        if s[g] >= C.SURRENDER_RICH:
            s[g] -= C.SURRENDER_RICH_LOSS
        elif s[g] >= 1:
            s[g] -= 1
    elif e == C.EV_DONATION:
        s[g] += 1
    elif e == C.EV_SUPPORT:
        tavern_to_supply(s, p, C.SUPPORT_WORKERS)
    return -1


@njit(**JIT)
def has_start_effect(e):
    return e in (C.EV_WORKER_OFFER, C.EV_GIFT, C.EV_WOOD_TRADE, C.EV_FREE_TRAINING, C.EV_LOSS_OF_LAND,
                 C.EV_RICH_POOR, C.EV_REQUIRED_WOOD, C.EV_TRAINING, C.EV_POOR_WORK, C.EV_SURRENDER,
                 C.EV_DONATION, C.EV_SUPPORT)


@njit(**JIT)
def firewood(s):
    """E7 (section 8.3.7): each seat discards ceil(T / tiles_per_wood) wood; each missing wood costs PP."""
    per = s[L.P_FIREWOOD_TILES]
    for p in range(players(s)):
        o = seat(p)
        need = (building_tiles(s, p) + per - 1) // per
        paid = min(need, s[o + L.S_STOCK + C.WOOD])
        s[o + L.S_STOCK + C.WOOD] -= paid
        s[o + L.S_FIRE] += (need - paid) * s[L.P_FIREWOOD_PENALTY]


@njit(**JIT)
def show_heads(s, y):
    """E8: display the heads of year y."""
    for h in range(C.N_HEADS):
        if head(s, h, L.HF_YEAR) == y:
            s[L.HEAD_SHOWN + h] = 1


# ---- turns (section 4) ----

@njit(**JIT)
def next_instructor(s):
    """ORDER position of the next instructor to place."""
    if s[L.N_SICK] == 0:
        return s[L.TURN]
    k = 0
    for i in range(C.INSTRUCTORS * players(s)):
        if s[L.SICK + i]:
            continue
        if k == s[L.TURN]:
            return i
        k += 1
    return -1


@njit(**JIT)
def set_open(s, p, code):
    """Refine the opening code of the chain being played (its first choice), if it is an opening placement."""
    k = s[L.C_OPEN]
    if k >= 0:
        s[seat(p) + L.S_OPEN + k] = code
        s[L.C_OPEN] = -1


@njit(**JIT)
def start_check(s, p, after, ret):
    s[L.C_CHK_SEAT] = p
    s[L.C_CHK_COL] = 0
    s[L.C_CHK_RET] = ret
    s[L.C_YAFTER] = after
    s[L.G_STAGE] = ST_CHECK


@njit(**INLINE)
def run_check(s):
    """CHECK(p) (section 6.3) from column C_CHK_COL on; returns True when a YELLOW decision is pending."""
    p = s[L.C_CHK_SEAT]
    due = (light_due(s, p) >> s[L.C_CHK_COL]) << s[L.C_CHK_COL]
    while due:
        c = trailing_zeros(due)
        if yellow_left(s) > 0:
            s[L.C_CHK_COL] = c
            s[L.C_YCOL] = c
            set_pending(s, p, C.D_YELLOW)
            return True
        take_light(s, p, c)
        due &= due - 1
    s[L.C_CHK_COL] = C.N_COLS
    claim_darks(s, p)
    s[L.G_STAGE] = s[L.C_CHK_RET]
    return False


# ---- season end (section 8.3) ----

@njit(**INLINE)
def compute_next_order(s):
    """E3: ORDER' (section 4.5) into NEXT_ORDER."""
    n = players(s)
    k = 0
    for a in range(C.A_B):  # S, C, L, M in space order, then B and P
        for i in range(s[L.TRACK_N + a]):
            s[L.NEXT_ORDER + k] = s[L.TRACK + a * L.MAX_SPACES + i]
            k += 1
    nb = s[L.TRACK_N + C.A_B]
    for j in range(nb):
        i = nb - 1 - j if s[L.P_BUILD_REVERSED] else j
        s[L.NEXT_ORDER + k] = s[L.TRACK + C.A_B * L.MAX_SPACES + i]
        k += 1
    for i in range(s[L.TRACK_N + C.A_P] - 1, -1, -1):
        s[L.NEXT_ORDER + k] = s[L.TRACK + C.A_P * L.MAX_SPACES + i]
        k += 1
    mode = s[L.P_SICK_POS]
    if s[L.N_SICK] > 0:
        if mode == 0:
            for j in range(C.INSTRUCTORS * n):
                if s[L.SICK + j]:
                    for i in range(k, j, -1):
                        s[L.NEXT_ORDER + i] = s[L.NEXT_ORDER + i - 1]
                    s[L.NEXT_ORDER + j] = s[L.ORDER + j]
                    k += 1
        elif mode == 1:
            for j in range(C.INSTRUCTORS * n):
                if s[L.SICK + j]:
                    s[L.NEXT_ORDER + k] = s[L.ORDER + j]
                    k += 1
        else:
            m = s[L.N_SICK]
            for i in range(k - 1, -1, -1):
                s[L.NEXT_ORDER + i + m] = s[L.NEXT_ORDER + i]
            f = 0
            for j in range(C.INSTRUCTORS * n):
                if s[L.SICK + j]:
                    s[L.NEXT_ORDER + f] = s[L.ORDER + j]
                    f += 1
    s[L.NEXT_SET] = 1
    set_priority(s, L.NEXT_ORDER, L.NEXT_PRIO)


@njit(**JIT)
def clear_plant(s):
    """E1: plant workers back to the supply, take-slots cleared."""
    for r in range(C.N_PLANT_RES):
        for i in range(s[L.PLANT_N + r]):
            b = L.PLANT + (r * L.MAX_PLANT_SLOTS + i) * C.PLANT_FIELDS
            o = seat(s[b + C.PL_SEAT])
            s[o + L.S_PLANTW] -= s[b + C.PL_WORKERS]
            s[o + L.S_SUPPLY] += s[b + C.PL_WORKERS]
            s[b + C.PL_SEAT] = -1
            s[b + C.PL_AMOUNT] = 0
            s[b + C.PL_WORKERS] = 0
        s[L.PLANT_N + r] = 0


@njit(**JIT)
def end_game(s):
    s[L.G_OVER] = 1
    s[L.G_PHASE] = C.PH_OVER
    set_pending(s, -1, -1)
    score_all(s)


@njit(**JIT)
def next_season(s):
    """E6 (and E7/E8 first under FIREWOOD_FIRST): the next season begins."""
    n = players(s)
    if season(s) == C.WINTER and s[L.P_YEAR_END_ORDER] == 1:
        firewood(s)
        show_heads(s, year(s) + 1)
    s[L.G_ROUND] += 1
    for i in range(C.INSTRUCTORS * n):
        s[L.ORDER + i] = s[L.NEXT_ORDER + i]
        s[L.NEXT_ORDER + i] = 0
    s[L.NEXT_SET] = 0
    for a in range(C.N_AREAS):
        for i in range(s[L.TRACK_N + a]):  # the occupied spaces are the first TRACK_N
            s[L.TRACK + a * L.MAX_SPACES + i] = -1
        s[L.TRACK_N + a] = 0
    s[L.TURN] = 0
    s[L.ORD_N] = 0
    begin_season(s)


@njit(**INLINE)
def next_turn(s):
    """Stage TURNS: pose the next instructor's turn, or go on to the season end once every instructor placed."""
    s[L.G_PHASE] = C.PH_TURNS
    if s[L.TURN] >= C.INSTRUCTORS * players(s) - s[L.N_SICK]:
        s[L.G_STAGE] = ST_END
    else:
        set_pending(s, s[L.ORDER + next_instructor(s)], C.D_TURN)


@njit(**JIT)
def run(s):
    """Advance until a decision is pending or the game is over."""
    n = players(s)
    while s[L.G_PENDING] < 0 and s[L.G_OVER] == 0:
        st = s[L.G_STAGE]
        if st == ST_TURNS:
            next_turn(s)
        elif st == ST_CHECK:
            run_check(s)
        elif st == ST_RESOLVE:
            k = s[L.G_IDX]
            if k < s[L.ORD_N]:
                s[L.C_BSPACE] = k
                set_pending(s, s[L.ORD + k * L.OF_SIZE + L.OF_SEAT], C.D_RESOLVE)
            else:
                s[L.G_STAGE] = ST_E3
        elif st == ST_BUYBACK:
            k = s[L.G_IDX]
            if k < n:
                p = priority_seat(s, L.NEXT_PRIO, k)
                o = seat(p)
                if (s[L.C_BOUGHT] < s[L.P_BUYBACK_MAX] and s[o + L.S_TAVERN] >= 1
                        and s[o + L.S_STOCK + C.GOLD] >= s[L.P_BUYBACK_PRICE]):
                    set_pending(s, p, C.D_BUYBACK)
                else:
                    s[L.G_IDX] = k + 1
                    s[L.C_BOUGHT] = 0
            else:
                s[L.G_STAGE] = ST_E6
        elif st == ST_START:
            if s[L.G_IDX] < n and has_start_effect(s[L.G_ACTIVE]):
                p = priority_seat(s, L.PRIO, s[L.G_IDX])
                d = start_effect(s, p)
                if d >= 0:
                    set_pending(s, p, d)
                else:
                    s[L.G_IDX] += 1
            else:
                if season(s) == C.SPRING and year(s) > 1 and s[L.P_YEAR_END_ORDER] == 0:
                    firewood(s)
                    show_heads(s, year(s))
                s[L.G_STAGE] = ST_TURNS
        elif st == ST_SETUP:
            if s[L.G_IDX] < n:
                set_pending(s, s[L.G_IDX], C.D_SETUP)
            else:
                begin_season(s)
        elif st == ST_SEASON:
            begin_season(s)
        elif st == ST_END:
            s[L.G_PHASE] = C.PH_END
            if not final(s):
                clear_plant(s)
            s[L.G_IDX] = 0
            s[L.G_STAGE] = ST_RESOLVE
        elif st == ST_E3:
            compute_next_order(s)
            s[L.G_IDX] = 0
            s[L.G_STAGE] = ST_SWEEP
        elif st == ST_SWEEP:
            k = s[L.G_IDX]
            if k < n:
                s[L.G_IDX] = k + 1
                start_check(s, priority_seat(s, L.NEXT_PRIO, k), AFTER_SWEEP, ST_SWEEP)
            elif final(s):
                firewood(s)
                end_game(s)
            else:
                s[L.G_STAGE] = ST_E45
        elif st == ST_E45:
            for j in range(C.N_LABOUR):
                s[L.LABOUR_USED + j] = 0
            for p in range(n):
                o = seat(p)
                s[o + L.S_STOCK + C.GOLD] += s[L.P_INC_GOLD_BASE + s[o + L.S_INC]]
            s[L.G_IDX] = 0
            s[L.C_BOUGHT] = 0
            s[L.G_STAGE] = ST_BUYBACK
        elif st == ST_E6:
            next_season(s)


# ---- decision handlers ----

@njit(**JIT)
def end_turn(s):
    s[L.G_STAGE] = ST_TURNS


@njit(**INLINE)
def do_turn(s, p, a):
    i = free_space(s, a)
    s[L.TRACK + a * L.MAX_SPACES + i] = p
    s[L.TRACK_N + a] = i + 1
    s[L.TURN] += 1
    s[L.C_AREA] = a
    s[L.C_SPACE] = i
    s[L.C_OPEN] = -1
    o = seat(p)
    if s[L.G_ROUND] == 1 and s[o + L.S_NPLACED] < C.N_OPENINGS:
        s[L.C_OPEN] = s[o + L.S_NPLACED]
        s[o + L.S_OPEN + s[o + L.S_NPLACED]] = C.OPEN_AREA[a]
        s[o + L.S_NPLACED] += 1
    s[L.G_STAGE] = ST_TURNS
    if a == C.A_S:
        if i == 0 or s[L.P_START_BONUS_ALL]:
            set_pending(s, p, C.D_START)
        else:
            s[L.C_OPEN] = -1
    elif a == C.A_C:
        set_pending(s, p, C.D_HIRE)
    elif a == C.A_L:
        set_pending(s, p, C.D_LAND)
    elif a == C.A_M:
        k = market_k(s, i)
        s[L.C_HELD] = mc_mask(s, p)
        if (s[L.C_HELD] >> C.MC_BUSY_TRADER) & 1:
            k += 1
        s[L.C_LEFT] = k
        s[L.C_NUSED] = 0
        set_pending(s, p, C.D_MARKET)
    elif a == C.A_B:
        s[L.C_ITEM] = -1
        s[L.C_TARGET] = -1
        s[L.C_EXTRA] = order_extra(s, p, 0, i) if s[L.P_FINAL_EXTRA_MODE] == 0 else 0
        set_pending(s, p, C.D_ITEM)
    else:
        set_pending(s, p, C.D_PLANT)


@njit(**JIT)
def do_hire(s, p, h):
    o = seat(p)
    cr = HEAD_CRAFT[h]
    tier = HEAD_TIER[h]
    old = s[o + L.S_CRAFT + cr]
    s[o + L.S_CRAFT + cr] = tier
    if cr == C.CR_MB:
        gain_exp(s, p, -s[L.P_UPGRADE_LOSS] * (tier - old))
    s[L.HEAD_TAKEN + h] += 1
    item_masks(s, p)
    order_requirements(s, p)


@njit(**JIT)
def do_land(s, p, a):
    """LAND on a node (section 5.3.3-6); returns True when an MC_TILE decision follows."""
    o = seat(p)
    if a < C.A_LAND_JOIN:
        t = (a - C.A_LAND_NEW) // C.N_NEW_TILES
        tile = C.T_FOREST + (a - C.A_LAND_NEW) % C.N_NEW_TILES
        s[L.TILE + t] = tile
        set_open(s, p, C.OP_L + tile)
    else:
        t = a - C.A_LAND_JOIN
        set_open(s, p, C.OP_L_MARBLE if t >= C.M1 else C.OP_L_JOIN)
    cost = land_cost(s)
    s[o + L.S_STOCK + C.GOLD] -= cost
    left = cost
    for k in range(players(s)):
        q = priority_seat(s, L.PRIO, k)
        if q != p and (s[L.DISCS + t] >> q) & 1 and left > 0:
            fee = min(s[L.P_LAND_SHARE_FEE], left)
            s[seat(q) + L.S_STOCK + C.GOLD] += fee
            left -= fee
    s[L.DISCS + t] |= 1 << p
    update_income(s, p)
    land_metrics(s, p)
    lk = s[L.P_LINK + t]
    if lk >= 0 and s[L.LINK + lk] < 0:
        avail = 0
        for m in range(C.N_MC):
            if s[L.MC + m] == C.MC_AVAILABLE:
                avail += 1
        if avail >= C.MC_PICK:
            s[L.C_FIELD] = t
            return True
    return False


@njit(**JIT)
def do_plant(s, p, a):
    o = seat(p)
    k = a - C.A_PLANT
    if k == C.PLANT_NONE:
        set_open(s, p, C.OP_P)
        return
    if k == C.PLANT_GOLD:
        r = C.PR_GOLD
        amount = s[L.P_INC_GOLD_PLANT + s[o + L.S_INC]]
        w = 0
        s[o + L.S_STOCK + C.GOLD] += amount
    else:
        r = C.PR_WOOD if k < C.PLANT_FIRST[C.PR_LIME] else (
            C.PR_LIME if k < C.PLANT_FIRST[C.PR_MARBLE] else C.PR_MARBLE)
        amount = k - PLANT_FIRST[r] + 1
        w = plant_workers(s, p, r, amount)
        s[o + L.S_STOCK + PLANT_STOCK[r]] += amount
        s[o + L.S_SUPPLY] -= w
        s[o + L.S_PLANTW] += w
    set_open(s, p, PLANT_OPENING[r])
    b = L.PLANT + (r * L.MAX_PLANT_SLOTS + s[L.PLANT_N + r]) * C.PLANT_FIELDS
    s[b + C.PL_SEAT] = p
    s[b + C.PL_AMOUNT] = amount
    s[b + C.PL_WORKERS] = w
    s[L.PLANT_N + r] += 1


@njit(**JIT)
def do_train(s, p, h):
    do_hire(s, p, h)


@njit(**JIT)
def do_lose(s, p, t):
    s[L.DISCS + t] &= ~(1 << p)
    if s[L.DISCS + t] == 0 and t < C.M1:
        s[L.TILE + t] = C.T_NONE
    update_income(s, p)
    land_metrics(s, p)


@njit(**INLINE)
def step(s, a):
    """Apply legal action `a` of the pending decision (the flow continues in `run`)."""
    p = s[L.G_CUR]
    d = s[L.G_PENDING]
    o = seat(p)
    set_pending(s, -1, -1)
    if d == C.D_TURN:
        do_turn(s, p, a - C.A_AREA)
    elif d == C.D_MARKET:
        if a == C.A_MARKET:
            set_open(s, p, C.OP_M)
        else:
            v = a - C.A_MARKET - 1
            set_open(s, p, C.OP_M + 1 + VARIANT_TYPE[v])
            do_variant(s, p, v)
            s[L.C_USED + s[L.C_NUSED]] = VARIANT_TYPE[v]
            s[L.C_NUSED] += 1
            s[L.C_LEFT] -= 1
            if s[L.C_LEFT] > 0:
                set_pending(s, p, C.D_MARKET)
    elif d == C.D_PLANT:
        do_plant(s, p, a)
    elif d == C.D_LAND:
        if a == C.A_LAND:
            set_open(s, p, C.OP_L)
        elif do_land(s, p, a):
            set_pending(s, p, C.D_MC)
        else:
            start_check(s, p, AFTER_LAND, ST_TURNS)
    elif d == C.D_HIRE:
        if a > C.A_HIRE:
            h = a - C.A_HIRE - 1
            s[o + L.S_STOCK + C.GOLD] -= head(s, h, L.HF_PRICE + s[L.HEAD_TAKEN + h])
            do_hire(s, p, h)
        set_open(s, p, C.OP_C + a - C.A_HIRE)
    elif d == C.D_BUYBACK:
        if a == C.A_BUYBACK + 1:
            s[o + L.S_STOCK + C.GOLD] -= s[L.P_BUYBACK_PRICE]
            tavern_to_supply(s, p, 1)
            s[L.C_BOUGHT] += 1
        else:
            s[L.G_IDX] += 1
            s[L.C_BOUGHT] = 0
    elif d == C.D_START:
        s[o + L.S_STOCK + START_STOCK[a - C.A_START]] += 1
        set_open(s, p, C.OP_S + 1 + a - C.A_START)
    elif d == C.D_ITEM:
        s[L.C_ITEM] = a - C.A_ORDER
        set_open(s, p, C.OP_B + a - C.A_ORDER)
        set_pending(s, p, C.D_TARGET)
    elif d == C.D_RESOLVE:
        code = a - C.A_RESOLVE
        for k in range(s[L.ORD_N]):
            q = L.ORD + k * L.OF_SIZE
            if s[q + L.OF_SEAT] == p and s[q + L.OF_DONE] == 0 and order_item_code(s, k) == code:
                resolve_order(s, k)
                break
        s[L.G_IDX] += 1
        start_check(s, p, AFTER_RESOLVE, ST_RESOLVE)
    elif d == C.D_TARGET:
        s[L.C_TARGET] = a - C.A_TARGET
        set_pending(s, p, C.D_LEVEL)
    elif d == C.D_LEVEL:
        item = s[L.C_ITEM]
        tc = s[L.C_TARGET]
        place_order(s, p, item, tc // C.N_TARGETS, tc % C.N_TARGETS, a - C.A_LEVEL,
                    order_extra(s, p, item, s[L.C_SPACE]))
        s[L.C_ITEM] = -1
        s[L.C_TARGET] = -1
    elif d == C.D_YELLOW:
        c = s[L.C_CHK_COL]
        gain_yellow(s, p, a - C.A_YELLOW)
        mark_light(s, p, c)
        s[L.C_CHK_COL] = c + 1
    elif d == C.D_MC:
        if a > C.A_MC:
            k = a - C.A_MC - 1
            x = k // C.MC_OTHERS
            y = k % C.MC_OTHERS
            if y >= x:
                y += 1
            lk = s[L.P_LINK + s[L.C_FIELD]]
            s[L.LINK + lk] = x
            s[L.MC + x] = C.MC_LINKED
            s[L.MC + y] = C.MC_REMOVED
        start_check(s, p, AFTER_LAND, ST_TURNS)
    elif d == C.D_SETUP:
        s[o + L.S_STOCK + (C.WOOD if a == C.A_SETUP else C.LIME)] += 1
        s[L.G_IDX] += 1
    elif d == C.D_OFFER:
        if a == C.A_OFFER:
            k = C.OFFER_WORKERS if s[o + L.S_TAVERN] >= C.OFFER_WORKERS else 1
            s[o + L.S_STOCK + C.GOLD] -= k
            tavern_to_supply(s, p, k)
        s[L.G_IDX] += 1
    elif d == C.D_GIFT:
        s[o + L.S_STOCK + C.GIFT_STOCK[a - C.A_GIFT]] += 1
        s[L.G_IDX] += 1
    elif d == C.D_WOODTRADE:
        if a == C.A_WOODTRADE:
            s[o + L.S_STOCK + C.WOOD] -= 1
            s[o + L.S_STOCK + C.GOLD] += C.WOOD_TRADE_PRICE
        else:
            s[L.G_IDX] += 1
    elif d == C.D_TRAIN:
        if a > C.A_TRAIN:
            do_train(s, p, a - C.A_TRAIN - 1)
        s[L.G_IDX] += 1
    elif d == C.D_LOSE:
        do_lose(s, p, a - C.A_LOSE)
        s[L.G_IDX] += 1
