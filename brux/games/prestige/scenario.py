"""Scenario positions from the readable view (docs/prestige.md section 14.5): `build(view, flat, seed)`.

The view must describe a TURN decision. Hidden information (event stack order and the cards out of the game, the
face-down dark tiles) is drawn from `seed` unless the optional key "hidden" fixes it. Problems raise a ValueError
that names the key.
"""

from collections.abc import Callable
from typing import Any

import numpy as np

from brux.core.viewread import Draws, integer, items, need, only_keys

from .invariants import INNER_PP, PP, _castle_key, _castle_problems
from .kernel import codes as C
from .kernel import layout as L
from .kernel.base import connected_without, set_priority, update_income
from .kernel.engine import clear_board, resume
from .kernel.flow import ST_TURNS
from .kernel.orders import craft_row, order_res, order_workers, refresh, target_ok

REQUIRED = ("game", "players", "round", "order", "sick", "turn", "track", "plant", "labour_price", "heads", "land",
            "bonus", "events", "seats")
DERIVED = ("priority", "phase", "pending", "current_player", "context", "over", "next_order", "year", "season")
SEAT_REQUIRED = ("stock", "workers", "craftsmen", "experience", "castle", "orders", "outer", "inner",
                 "light_tiles", "yellow", "firewood_penalty")
SEAT_DERIVED = ("income", "market_tiles", "vp", "vp_by_source")
ORDER_KEYS = ("craftsman", "product", "target", "level", "wood", "lime", "marble", "glass", "workers", "exhausted",
              "extra_gold")


def _seat_off(p: int) -> int:
    return L.SEATS + p * L.SEAT_SIZE


def _prefix(lst: list, where: str, n: int) -> int:
    k = sum(x is not None for x in lst)
    need(all(x is not None for x in lst[:k]), where, "must be filled from the first space/slot")
    for x in lst[:k]:
        if not isinstance(x, dict):
            integer(x, where, 0, n - 1)
    return k


def build(d: dict[str, Any], flat: np.ndarray, seed: int, to_dict: Callable[[np.ndarray], dict]) -> np.ndarray:
    """The state of view d, hidden information drawn from seed; `to_dict` (the view) checks the rebuilt state."""
    n = int(flat[L.P_PLAYERS])
    only_keys(d, "", REQUIRED, DERIVED + ("hidden",))
    need(d["game"] == "prestige", "game", f"must be 'prestige', got {d['game']!r}")
    need(d["players"] == n, "players", f"must be {n} (the game's player count), got {d['players']!r}")
    s = np.zeros(L.STATE_SIZE, np.int64)
    s[: L.PARAMS_SIZE] = flat
    clear_board(s)
    rnd = integer(d["round"], "round", 1, 12)
    s[L.G_ROUND] = rnd
    yr, si = (rnd - 1) // 4 + 1, (rnd - 1) % 4
    if "year" in d:
        need(d["year"] == yr, "year", f"must be {yr} in round {rnd}")
    if "season" in d:
        need(d["season"] == C.SEASONS[si], "season", f"must be {C.SEASONS[si]!r} in round {rnd}")
    for k, want in (("phase", "turns"), ("pending", "TURN"), ("over", False), ("next_order", None),
                    ("context", None)):
        if k in d:
            need(d[k] == want, k, f"a scenario is a TURN decision: must be {want!r}")
    # events (first: the active event matters for the sick list and the orders)
    ev = d["events"]
    only_keys(ev, "events", ("card", "stack", "active", "next", "ss_left", "aw_left", "used"))
    cards = [f"E{i}" for i in range(1, 9)]
    used = items(ev["used"], "events.used", 2 * (yr - 1) + (si >= 2))
    need(all(c in cards for c in used) and len(set(used)) == len(used), "events.used", "unknown or repeated cards")
    need(ev["card"] in cards and ev["card"] not in used, "events.card", f"must be an unused card, got {ev['card']!r}")
    need(ev["stack"] == ("SS" if si < 2 else "AW"), "events.stack", "disagrees with the season")
    need(ev["ss_left"] == 3 - yr and ev["aw_left"] == 3 - yr + (si < 2), "events", "ss_left/aw_left disagree "
          "with the round")
    card = cards.index(ev["card"])
    active = int(flat[L.P_CARDS + C.CARD_FIELDS * card + C.CARD_EVENT + si]) if flat[L.P_EVENTS_ON] else -1
    need(ev["active"] == (None if active < 0 else C.EVENTS[active]), "events.active", "disagrees with the card")
    following = L.P_CARDS + C.CARD_FIELDS * card + C.CARD_EVENT + 1 + si  # the next season's event
    nxt = int(flat[following]) if flat[L.P_EVENTS_ON] and si in (0, 2) else -1
    need(ev["next"] == (None if nxt < 0 else C.EVENTS[nxt]), "events.next", "disagrees with the card")
    s[L.G_ACTIVE] = active
    seen_ss = [cards.index(c) for c in used[0::2]] + ([card] if si < 2 else [])
    seen_aw = [cards.index(c) for c in used[1::2]] + ([card] if si >= 2 else [])
    unseen = [i for i in range(8) if i not in seen_ss and i not in seen_aw]
    draws = Draws(seed)
    hidden = d.get("hidden")
    if hidden is not None:
        only_keys(hidden, "hidden", (), ("ss", "aw", "dark"))
    fixed = {}
    for key, left in (("ss", ev["ss_left"]), ("aw", ev["aw_left"])):
        if hidden is not None and key in hidden:
            names = items(hidden[key], f"hidden.{key}", left)
            fixed[key] = [cards.index(c) if c in cards else -1 for c in names]
            need(all(c in unseen for c in fixed[key]), f"hidden.{key}", "must name unseen cards")
    given = fixed.get("ss", []) + fixed.get("aw", [])
    need(len(set(given)) == len(given), "hidden", "ss/aw must name distinct cards")
    pool = [c for c in unseen if c not in given]
    draws.shuffle(pool)
    ss = fixed.get("ss") or pool[: ev["ss_left"]]
    pool = [c for c in pool if c not in ss]
    aw = fixed.get("aw") or pool[: ev["aw_left"]]
    rest = [c for c in unseen if c not in ss + aw]
    need(len(rest) == 2, "events", "the cards out of the game must be 2")
    for i, c in enumerate(seen_ss + ss):
        s[L.EV_SS + i] = c
    for i, c in enumerate(seen_aw + aw):
        s[L.EV_AW + i] = c
    s[L.EV_OUT: L.EV_OUT + 2] = rest
    s[L.EV_SS_N] = s[L.EV_AW_N] = 3
    s[L.EV_SS_POS] = len(seen_ss)
    s[L.EV_AW_POS] = len(seen_aw)
    s[L.EV_CARD] = card
    s[L.EV_STACK] = 0 if si < 2 else 1
    for i, c in enumerate(used):
        s[L.EV_USED + i] = cards.index(c)
    s[L.EV_USED_N] = len(used)
    # order, sick, turn, track
    order = items(d["order"], "order", 5 * n)
    for i, q in enumerate(order):
        integer(q, f"order[{i}]", 0, n - 1)
    need(all(order.count(p) == 5 for p in range(n)), "order", "must hold 5 instructors per seat")
    s[L.ORDER: L.ORDER + 5 * n] = order
    set_priority(s, L.ORDER, L.PRIO)
    sick = items(d["sick"], "sick")
    want = sorted(max(i for i, q in enumerate(order) if q == p) for p in range(n)) if active == C.EV_ILLNESS else []
    need(sick == want, "sick", f"must be {want} (each seat's last ORDER position in an ILLNESS season)")
    for i in sick:
        s[L.SICK + i] = 1
    s[L.N_SICK] = len(sick)
    turn = integer(d["turn"], "turn", 0, 5 * n - len(sick) - 1)
    s[L.TURN] = turn
    only_keys(d["track"], "track", C.AREAS)
    for a, area in enumerate(C.AREAS):
        sp = int(flat[L.P_SPACES + a]) + (int(flat[L.P_EXTRA_B_SPACES]) if a == C.A_B and rnd == 12 else 0)
        tr = items(d["track"][area], f"track.{area}", sp)
        k = _prefix(tr, f"track.{area}", n)
        for i in range(k):
            s[L.TRACK + a * L.MAX_SPACES + i] = tr[i]
        s[L.TRACK_N + a] = k
    placed = [i for i in range(5 * n) if not s[L.SICK + i]][:turn]
    for p in range(n):
        on_track = sum(1 for a in C.AREAS for q in d["track"][a] if q == p)
        need(on_track == sum(1 for i in placed if order[i] == p), "turn",
              f"seat {p}'s instructors on the track disagree with the first {turn} ORDER entries")
    # plant
    only_keys(d["plant"], "plant", C.PLANT_RES)
    plant_w = [0] * n
    for r, res in enumerate(C.PLANT_RES):
        slots = items(d["plant"][res], f"plant.{res}", int(flat[L.P_PLANT_SLOTS + r]))
        k = _prefix(slots, f"plant.{res}", n)
        s[L.PLANT_N + r] = k
        for i in range(k):
            x = slots[i]
            only_keys(x, f"plant.{res}[{i}]", ("seat", "amount", "workers"))
            b = L.PLANT + (r * L.MAX_PLANT_SLOTS + i) * 3
            s[b] = integer(x["seat"], f"plant.{res}[{i}].seat", 0, n - 1)
            s[b + 1] = integer(x["amount"], f"plant.{res}[{i}].amount", 0, 20)
            s[b + 2] = integer(x["workers"], f"plant.{res}[{i}].workers", 0, 12)
            plant_w[x["seat"]] += x["workers"]
    # labour price
    only_keys(d["labour_price"], "labour_price", ("labour2", "labour_wood", "labour_lime"))
    for j, k in enumerate(("labour2", "labour_wood", "labour_lime")):
        v = d["labour_price"][k]
        need(v in (int(flat[L.P_LABOUR_FIRST]), int(flat[L.P_LABOUR_LATER])), f"labour_price.{k}",
              f"must be {int(flat[L.P_LABOUR_FIRST])} or {int(flat[L.P_LABOUR_LATER])}, got {v!r}")
        s[L.LABOUR_USED + j] = int(v == flat[L.P_LABOUR_LATER] and v != flat[L.P_LABOUR_FIRST])
    # heads
    only_keys(d["heads"], "heads", C.HEADS)
    for h, name in enumerate(C.HEADS):
        x = d["heads"][name]
        only_keys(x, f"heads.{name}", ("displayed", "prices"))
        b = L.P_HEADS + h * L.HF_SIZE
        full = [int(v) for v in flat[b + L.HF_PRICE: b + L.HF_PRICE + flat[b + L.HF_N]]]
        pr = items(x["prices"], f"heads.{name}.prices")
        need(len(pr) <= len(full) and pr == full[len(full) - len(pr):], f"heads.{name}.prices",
              f"must be a tail of {full}")
        s[L.HEAD_TAKEN + h] = len(full) - len(pr)
        need(isinstance(x["displayed"], bool), f"heads.{name}.displayed", "must be true or false")
        hy = int(flat[b + L.HF_YEAR])
        shown_by = hy <= yr  # at a TURN decision E8 of the ended year has happened (both year-end orders)
        need(x["displayed"] == shown_by, f"heads.{name}.displayed", f"must be {shown_by} in round {rnd}")
        s[L.HEAD_SHOWN + h] = int(x["displayed"])
    # land
    land = d["land"]
    only_keys(land, "land", ("nodes", "links", "mc_available", "mc_removed"))
    only_keys(land["nodes"], "land.nodes", C.NODES)
    for i, name in enumerate(C.NODES):
        nd = land["nodes"][name]
        only_keys(nd, f"land.nodes.{name}", ("tile", "discs"))
        discs = items(nd["discs"], f"land.nodes.{name}.discs")
        need(discs == sorted(set(discs)) and all(isinstance(q, int) and 0 <= q < n for q in discs),
              f"land.nodes.{name}.discs", "must be distinct seats, ascending")
        if i < C.M1:
            need(nd["tile"] in (None, "FOREST", "QUARRY", "TAX"), f"land.nodes.{name}.tile", "unknown tile")
            need((nd["tile"] is None) == (not discs), f"land.nodes.{name}", "a tile needs discs and discs a tile")
            s[L.TILE + i] = C.TILES.index(nd["tile"])
        else:
            need(nd["tile"] == "MARBLE", f"land.nodes.{name}.tile", "must be 'MARBLE'")
        s[L.DISCS + i] = sum(1 << q for q in discs)
    only_keys(land["links"], "land.links", C.LINK_FIELDS)
    mcs = [f"MC{i}" for i in range(1, 9)]
    place: dict[str, str] = {}
    for k, f in enumerate(C.LINK_FIELDS):
        x = land["links"][f]
        if x is not None:
            need(x in mcs and x not in place, f"land.links.{f}", f"unknown or repeated tile {x!r}")
            place[x] = "link"
            s[L.LINK + k] = mcs.index(x)
            s[L.MC + mcs.index(x)] = C.MC_LINKED
    for key, code in (("mc_available", C.MC_AVAILABLE), ("mc_removed", C.MC_REMOVED)):
        for x in items(land[key], f"land.{key}"):
            need(x in mcs and x not in place, f"land.{key}", f"unknown or repeated tile {x!r}")
            place[x] = key
            s[L.MC + mcs.index(x)] = code
    need(len(place) == 8, "land", "every MC tile must be in exactly one of links, mc_available, mc_removed")
    need(len(land["mc_removed"]) == sum(x is not None for x in land["links"].values()), "land.mc_removed",
          "must hold as many tiles as filled links")
    # bonus board
    bonus = d["bonus"]
    only_keys(bonus, "bonus", ("columns", "yellow"))
    cols = items(bonus["columns"], "bonus.columns", C.N_COLS)
    lights = [f"LB{i}" for i in range(1, 11)]
    darks = [f"DB{i}" for i in range(1, 11)]
    seen_lb: list[str] = []
    face_up: list[str] = []
    for c, col in enumerate(cols):
        w = f"bonus.columns[{c}]"
        only_keys(col, w, ("light", "light_marks", "light_taken_by", "dark", "dark_claims"))
        need(col["light"] in lights and col["light"] not in seen_lb, f"{w}.light", "unknown or repeated tile")
        seen_lb.append(col["light"])
        s[L.LB + c] = lights.index(col["light"])
        marks = items(col["light_marks"], f"{w}.light_marks")
        need(len(set(marks)) == len(marks) and all(isinstance(q, int) and 0 <= q < n for q in marks),
              f"{w}.light_marks", "must be distinct seats")
        for i, q in enumerate(marks):
            s[L.LMARK + c * C.MAX_PLAYERS + i] = q
        s[L.LMARK_N + c] = len(marks)
        tb = col["light_taken_by"]
        need(tb is None or tb == marks[-1], f"{w}.light_taken_by", "must be null or the last marked seat (a "
              "taken light tile leaves the board)")
        s[L.LTAKEN + c] = -1 if tb is None else tb
        claims = items(col["dark_claims"], f"{w}.dark_claims")
        need((col["dark"] is not None) == bool(marks), f"{w}.dark", "is face up exactly when the light tile has "
              "a mark")
        need(col["dark"] is not None or not claims, f"{w}.dark_claims", "claims on a face-down tile")
        if col["dark"] is not None:
            need(col["dark"] in darks and col["dark"] not in face_up, f"{w}.dark", "unknown or repeated tile")
            face_up.append(col["dark"])
            s[L.DB + c] = 10 + darks.index(col["dark"])
            s[L.DREV + c] = 1
        need(len(set(claims)) == len(claims) and all(isinstance(q, int) and 0 <= q < n for q in claims),
              f"{w}.dark_claims", "must be distinct seats")
        for i, q in enumerate(claims):
            s[L.DCLAIM + c * C.MAX_PLAYERS + i] = q
            s[_seat_off(q) + L.S_DARK] += flat[L.P_DARK_POINTS + i]
        s[L.DCLAIM_N + c] = len(claims)
    down = [c for c in range(C.N_COLS) if cols[c]["dark"] is None]
    if hidden is not None and "dark" in hidden:
        hd = items(hidden["dark"], "hidden.dark", C.N_COLS)
        names = [hd[c] for c in down]
        need(all(hd[c] is None for c in range(C.N_COLS) if c not in down), "hidden.dark",
              "names tiles only for face-down columns")
        need(all(x in darks and x not in face_up for x in names) and len(set(names)) == len(names), "hidden.dark",
              "must name distinct dark tiles that are not face up")
        for c in down:
            s[L.DB + c] = 10 + darks.index(hd[c])
    else:
        pool = [i for i in range(10) if darks[i] not in face_up]
        draws.shuffle(pool)
        for j, c in enumerate(down):
            s[L.DB + c] = 10 + pool[j]
    yellow = items(bonus["yellow"], "bonus.yellow")
    ys = list(C.YELLOW_IDS)
    need(all(y in ys for y in yellow) and yellow == sorted(set(yellow), key=ys.index), "bonus.yellow",
          "unknown, repeated or unsorted tiles")
    for y in range(C.N_YELLOW):
        s[L.YEL + y] = 0 if ys[y] in yellow else -1
    # seats
    seats = items(d["seats"], "seats", n)
    ords: list[tuple[int, dict]] = []
    b_owner = [q for q in d["track"]["B"] if q is not None]
    for p, st in enumerate(seats):
        w = f"seats[{p}]"
        only_keys(st, w, SEAT_REQUIRED, SEAT_DERIVED)
        o = _seat_off(p)
        only_keys(st["stock"], f"{w}.stock", C.STOCK_NAMES)
        for j, k in enumerate(C.STOCK_NAMES):
            s[o + L.S_STOCK + j] = integer(st["stock"][k], f"{w}.stock.{k}", 0)
        only_keys(st["workers"], f"{w}.workers", ("supply", "plant", "orders", "tavern"))
        wk = {k: integer(v, f"{w}.workers.{k}", 0, 12) for k, v in st["workers"].items()}
        need(sum(wk.values()) == 12, f"{w}.workers", f"must add up to 12, got {wk}")
        need(wk["plant"] == plant_w[p], f"{w}.workers.plant", f"must be {plant_w[p]} (its plant slots)")
        s[o + L.S_SUPPLY], s[o + L.S_PLANTW], s[o + L.S_ORDW], s[o + L.S_TAVERN] = (
            wk["supply"], wk["plant"], wk["orders"], wk["tavern"])
        only_keys(st["craftsmen"], f"{w}.craftsmen", C.CRAFTS)
        for i, c in enumerate(C.CRAFTS):
            t = st["craftsmen"][c]
            ok = {"MB": ("I", "II", "III"), "CARP": ("I", "II", "III"), "PLAST": ("I", "II", "III"),
                  "MASON": (None, "I", "III"), "SCULPT": (None, "I")}[c]
            need(t in ok, f"{w}.craftsmen.{c}", f"must be one of {ok}, got {t!r}")
            s[o + L.S_CRAFT + i] = C.TIERS.index(t)
        s[o + L.S_EXP] = integer(st["experience"], f"{w}.experience", 0, int(flat[L.P_EXP_MAX]))
        castle = items(st["castle"], f"{w}.castle")
        names = {f"c{c + 1} {sl}": (c, j) for c in range(C.N_COLS) for j, sl in enumerate(C.SLOT_NAMES)}
        for it in castle:
            need(it in names, f"{w}.castle", f"unknown item {it!r}")
        probs = _castle_problems(castle, f"{w}.castle")
        need(not probs, f"{w}.castle", "; ".join(probs))
        need(castle == sorted(castle, key=_castle_key), f"{w}.castle", "items out of order")
        for it in castle:
            c, j = names[it]
            s[o + L.S_CASTLE + c * C.SLOTS + j] += 1
        s[o + L.S_OUTER] = integer(st["outer"], f"{w}.outer", 0)
        s[o + L.S_INNER] = integer(st["inner"], f"{w}.inner", 0)
        lt = items(st["light_tiles"], f"{w}.light_tiles")
        need(all(x in lights for x in lt), f"{w}.light_tiles", "unknown tiles")
        need(sorted(lt) == sorted(col["light"] for col in cols if col["light_taken_by"] == p), f"{w}.light_tiles",
              "disagree with the board")
        for i, x in enumerate(lt):
            s[o + L.S_LIGHT + i] = lights.index(x)
        s[o + L.S_LIGHT_N] = len(lt)
        yl = items(st["yellow"], f"{w}.yellow")
        need(all(y in ys and y not in yellow for y in yl), f"{w}.yellow", "unknown tiles or still on the board")
        for i, y in enumerate(yl):
            s[o + L.S_YEL + i] = ys.index(y)
            s[L.YEL + ys.index(y)] = 1
        s[o + L.S_YEL_N] = len(yl)
        fw = integer(st["firewood_penalty"], f"{w}.firewood_penalty", 0)
        need(fw % max(1, int(flat[L.P_FIREWOOD_PENALTY])) == 0 if flat[L.P_FIREWOOD_PENALTY] else fw == 0,
              f"{w}.firewood_penalty", "must be a multiple of the firewood penalty")
        s[o + L.S_FIRE] = fw
        s[o + L.S_NPLACED] = C.N_OPENINGS
        orders = items(st["orders"], f"{w}.orders")
        need(len(orders) == b_owner.count(p), f"{w}.orders", f"must be {b_owner.count(p)} (its B instructors)")
        for i, x in enumerate(orders):
            only_keys(x, f"{w}.orders[{i}]", ORDER_KEYS)
        ords += [(p, x) for x in orders]
    for p, st in enumerate(seats):
        marks = sum(p in col["light_marks"] for col in cols)
        need(len(st["yellow"]) == marks - len(st["light_tiles"]), f"seats[{p}].yellow",
              f"{len(st['yellow'])} tiles disagree with the light marks: {marks} marks, {len(st['light_tiles'])} light "
              "tiles taken (each mark gains a yellow tile or takes the light tile)")
    for h, name in enumerate(C.HEADS):
        craft, tier = name.split()
        holders = sum(1 for st in seats if st["craftsmen"][craft] == tier)
        need(s[L.HEAD_TAKEN + h] >= holders, f"heads.{name}.prices",
              f"{holders} seats hold {name} but only {s[L.HEAD_TAKEN + h]} tiles are gone")
    need(sum(1 for y in range(C.N_YELLOW) if s[L.YEL + y] >= 0) == int(flat[L.P_YELLOW_PER_PLAYER]) * n,
          "bonus.yellow", "yellow tiles left + gained must be 3P")
    # orders in B-space order
    per_seat = {p: [x for q, x in ords if q == p] for p in range(n)}
    for k, p in enumerate(b_owner):
        x = per_seat[p].pop(0)
        _place_order(s, k, p, x, f"seats[{p}].orders", rnd)
    s[L.ORD_N] = len(b_owner)
    for p in range(n):
        used_w = sum(x["workers"] for q, x in ords if q == p)
        need(used_w == s[_seat_off(p) + L.S_ORDW], f"seats[{p}].workers.orders", "must match its orders")
    # flow: the TURN decision
    s[L.G_PHASE] = C.PH_TURNS
    s[L.G_STAGE] = ST_TURNS
    for p in range(n):
        update_income(s, p)
        refresh(s, p)
        need(bool(connected_without(s, p, -1)), f"seats[{p}]", "its land discs are not connected to CA")
        o = _seat_off(p)
        castle = seats[p]["castle"]
        outer_min = sum(PP[it.split()[1]] for it in castle if len(it.split()) == 2)
        inner_min = sum(INNER_PP[it.split()[2]][it.split()[1] == "TOWER"] for it in castle if len(it.split()) == 3)
        need(s[o + L.S_OUTER] >= outer_min, f"seats[{p}].outer", f"below {outer_min}, the PP of the castle's "
              "outer items")
        need(s[o + L.S_INNER] >= inner_min, f"seats[{p}].inner", f"below {inner_min}, the PP of the castle's "
              "interiors")
    if any(cols[c]["light_taken_by"] is not None for c in range(C.N_COLS)):
        need(not yellow, "bonus.columns", "a light tile is taken while yellow tiles remain")
    resume(s)
    v = to_dict(s)
    need(v["pending"] == "TURN" and v["turn"] == turn, "turn", "the position is not a TURN decision")
    for k in DERIVED:
        if k in d:
            need(d[k] == v[k], k, f"disagrees with the position ({v[k]!r})")
    for p, st in enumerate(seats):
        for k in SEAT_DERIVED:
            if k in st:
                got = v["seats"][p][k]
                need(st[k] == got, f"seats[{p}].{k}", f"disagrees with the position ({got!r})")
    return s


def _place_order(s: np.ndarray, k: int, p: int, x: dict, w: str, rnd: int) -> None:
    crafts = list(C.CRAFTS)
    need(x["craftsman"] in crafts and x["product"] in C.PRODUCTS, w, f"unknown craftsman/product in {x}")
    pair = (crafts.index(x["craftsman"]), C.PRODUCTS.index(x["product"]))
    need(pair in C.ORDER_ITEMS, w, f"{x['craftsman']} cannot make {x['product']}")
    item = C.ORDER_ITEMS.index(pair)
    r = craft_row(s, p, item)
    need(r >= 0, w, f"the seat's {x['craftsman']} cannot make {x['product']}")
    tgt = str(x["target"]).split()
    need(len(tgt) == 2 and tgt[0] in [f"c{i}" for i in range(1, 6)] and tgt[1] in C.PRODUCTS[:5], w,
          f"bad target {x['target']!r}")
    col = int(tgt[0][1]) - 1
    t = C.PRODUCTS.index(tgt[1])
    pd = pair[1]
    need(bool(target_ok(s, p, pd, col, t)), w, f"target {x['target']} is not legal for the castle or targeted twice")
    lv = integer(x["level"], f"{w}.level", 0, 6)
    need(lv == 0 or (pair[0] == C.CR_MB and lv <= s[_seat_off(p) + L.S_EXP]), f"{w}.level", "not a legal level")
    want = [order_res(s, r, lv, j) for j in range(4)]
    got = [x["wood"], x["lime"], x["marble"], x["glass"]]
    need(got == want, w, f"resources {got} differ from T7 - T9 {want}")
    wk = order_workers(s, r, pd, lv)
    need(x["workers"] == wk and x["exhausted"] == min(s[L.P_ROWS + r * L.RF_SIZE + L.RF_EXHAUSTED], wk), w,
          "workers/exhausted differ from T7, T9 and the event")
    normal_b = s[L.P_SPACES + C.A_B]
    extra = int(s[L.P_FINAL_EXTRA_COST]) if rnd == 12 and k >= normal_b and s[L.P_FINAL_EXTRA_MODE] == 0 else 0
    need(x["extra_gold"] == extra or (rnd == 12 and s[L.P_FINAL_EXTRA_MODE] == 1 and x["extra_gold"] in
                                       (0, int(s[L.P_FINAL_EXTRA_COST]))), f"{w}.extra_gold", f"must be {extra}")
    if rnd != 12:
        cnt = sum(1 for i in range(k) if s[L.ORD + i * L.OF_SIZE + L.OF_SEAT] == p
                  and C.ITEM_CRAFT[s[L.ORD + i * L.OF_SIZE + L.OF_ITEM]] == pair[0])
        need(cnt < s[L.P_ROWS + r * L.RF_SIZE + L.RF_CAP], w, f"{x['craftsman']} over its cap")
    q = L.ORD + k * L.OF_SIZE
    s[q + L.OF_SEAT] = p
    s[q + L.OF_ITEM] = item
    s[q + L.OF_COL] = col
    s[q + L.OF_T] = t
    s[q + L.OF_LEVEL] = lv
    s[q + L.OF_RES: q + L.OF_RES + 4] = got
    s[q + L.OF_WORKERS] = x["workers"]
    s[q + L.OF_EXHAUSTED] = x["exhausted"]
    s[q + L.OF_EXTRA] = x["extra_gold"]
    s[_seat_off(p) + L.S_PEND + col * C.SLOTS + (pd if pd < 5 else 5 + 4 * t + pd - 5)] += 1
