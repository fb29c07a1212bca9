"""Rule invariants of Prestige (docs/prestige.md section 10), checked from the public view (and, given a ``State``,
the state's field bounds).

``check_invariants(state_or_view, params=None)`` returns the problems of one position (an empty list: all hold):
(given a ``State``) every state field within the bounds the layout declares (``layout.SCHEMA``: no negative stock,
worker count or firewood penalty, every code, seat and card index in range), worker conservation, the order and
sick lists, land (income steps, tiles, connectivity, market tiles and links), craftsman caps and orders, castle
structure and PP lower bounds, experience, heads, the bonus board, plant and track capacities, the events of the
round, and the score recomputed from the view by the formula of section 8.4, independently of the kernel.
``StepChecker`` adds the properties of consecutive positions (non-decreasing markers, claims and penalties; rounds
never go back).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .kernel import layout as L

__all__ = ["StepChecker", "check_invariants", "reference_vp"]

AREAS = ("S", "C", "L", "M", "B", "P")
ADJ = {"A1": ("CA", "A2", "B1"), "A2": ("CA", "A1", "A3", "B2"), "A3": ("CA", "A2", "A4", "B3"),
       "A4": ("CA", "A3", "A5", "B4"), "A5": ("CA", "A4", "B5"), "B1": ("A1", "B2", "M1", "M2"),
       "B2": ("A2", "B1", "B3", "M1", "M2"), "B3": ("A3", "B2", "B4", "M1", "M2"),
       "B4": ("A4", "B3", "B5", "M1", "M2"), "B5": ("A5", "B4", "M1", "M2"),
       "M1": ("B1", "B2", "B3", "B4", "B5"), "M2": ("B1", "B2", "B3", "B4", "B5")}
PP = {"BASE": 8, "FLOOR2": 6, "TOWER": 12, "FACADE": 7, "STATUE": 5}
INNER_PP = {"STUCCO": (4, 5), "PANEL": (4, 5), "MARBLE": (5, 6), "COLUMN": (6, 6)}
TILE_STEP = {"TAX": "gold", "FOREST": "wood", "QUARRY": "lime"}
MC_LINK = ("A1", "A5", "B1", "B5")


def _params(state_or_view: Any, params: Mapping[str, Any] | None) -> dict[str, Any]:
    game = getattr(state_or_view, "game", None)
    if params is None and game is not None:
        return game.params
    from .params import resolve

    return resolve(dict(params or {}))


def reference_vp(seat: Mapping[str, Any], columns: list[Mapping[str, Any]], seat_no: int,
                 params: Mapping[str, Any], players: int) -> dict[str, int]:
    """The score sources of section 8.4 recomputed from a seat's view."""
    outer, inner = seat["outer"], seat["inner"]
    d = params["diff_divisor"]
    dark_pts = list(params["dark_points"])
    if params["duel"]:
        dark_pts = [dark_pts[0], dark_pts[2], 0]
    dark = 0
    for col in columns:
        if seat_no in col["dark_claims"]:
            r = col["dark_claims"].index(seat_no)
            dark += dark_pts[r] if r < len(dark_pts) else 0
    st = seat["stock"]
    m, g, w, li = params["resource_values"]
    value = st["gold"] + m * st["marble"] + g * st["glass"] + w * st["wood"] + li * st["lime"]
    src = {"outer": outer, "inner": inner, "imbalance": -(abs(outer - inner) // d) if d else 0,
           "light_tiles": params["lb_tile_pp"] * len(seat["light_tiles"]), "dark_bonus": dark,
           "leftovers": value // params["gold_per_pp"], "firewood": -seat["firewood_penalty"]}
    return src


def _connected(nodes: set[str]) -> bool:
    reach: set[str] = set()
    frontier = [n for n in nodes if "CA" in ADJ[n]]
    while frontier:
        x = frontier.pop()
        if x in reach:
            continue
        reach.add(x)
        frontier += [y for y in ADJ[x] if y in nodes and y not in reach]
    return reach == nodes


def _castle_problems(castle: list[str], who: str) -> list[str]:
    out = []
    items = set(castle)
    for it in castle:
        parts = it.split()
        col = parts[0]
        if len(parts) == 2:
            kind = parts[1]
            if kind == "FLOOR2" and f"{col} BASE" not in items:
                out.append(f"{who}: {it} without a BASE")
            if kind == "TOWER" and f"{col} FLOOR2" not in items:
                out.append(f"{who}: {it} without a FLOOR2")
            if kind in ("FACADE", "STATUE") and f"{col} BASE" not in items:
                out.append(f"{who}: {it} without a BASE")
        else:
            level, interior = parts[1], parts[2]
            if f"{col} {level}" not in items:
                out.append(f"{who}: {it} on a missing tile")
            if interior == "COLUMN" and not all(f"{col} {level} {x}" in items for x in ("STUCCO", "PANEL", "MARBLE")):
                out.append(f"{who}: {it} without the three interiors")
    if "c3 BASE" not in items:
        out.append(f"{who}: no c3 BASE")
    bases = sorted(int(it[1]) for it in castle if it.endswith(" BASE") and len(it.split()) == 2)
    if bases and bases != list(range(bases[0], bases[-1] + 1)):
        out.append(f"{who}: BASE columns {bases} not contiguous")
    for c in range(1, 6):
        if castle.count(f"c{c} STATUE") > 2 or castle.count(f"c{c} FACADE") > 1:
            out.append(f"{who}: too many statues or facades in c{c}")
    dup = [it for it in set(castle) if castle.count(it) > 1 and not it.endswith("STATUE")]
    if dup:
        out.append(f"{who}: repeated items {dup}")
    return out


def check_invariants(state_or_view: Any, params: Mapping[str, Any] | None = None,
                     view: dict[str, Any] | None = None) -> list[str]:
    """Every invariant of section 10 the position violates."""
    v = view if view is not None else state_or_view.to_dict() if hasattr(state_or_view, "to_dict") \
        else state_or_view
    prm = _params(state_or_view, params)
    n = v["players"]
    out: list[str] = []
    array = getattr(state_or_view, "array", None)
    if array is not None:
        out += L.SCHEMA.violations(array)
    if v["round"] != 4 * (v["year"] - 1) + ("spring", "summer", "autumn", "winter").index(v["season"]) + 1:
        out.append("round, year and season disagree")
    if not 1 <= v["round"] <= 12:
        out.append(f"round {v['round']} outside 1..12")
    # 2, 3: order, sick, turn
    for key in ("order", "next_order"):
        o = v[key]
        if o is not None and (len(o) != 5 * n or any(o.count(p) != 5 for p in range(n))):
            out.append(f"{key} {o} is not 5 instructors per seat")
    sick = v["sick"]
    if v["events"]["active"] == "ILLNESS" and v["phase"] not in ("over",):
        want = sorted(max(i for i, q in enumerate(v["order"]) if q == p) for p in range(n))
        if sick != want:
            out.append(f"sick {sick}: not each seat's last ORDER position {want}")
    elif sick:
        out.append(f"sick {sick} outside an ILLNESS season")
    placed = sum(1 for a in AREAS for x in v["track"][a] if x is not None)
    if placed != v["turn"] or v["turn"] > 5 * n - len(sick):
        out.append(f"turn {v['turn']} vs {placed} instructors on the track, {len(sick)} sick")
    for a in AREAS:
        tr = v["track"][a]
        k = sum(x is not None for x in tr)
        if any(x is None for x in tr[:k]):
            out.append(f"track {a} is not filled from space 1")
    final = v["round"] == 12
    # 11: plant slots
    for r, slots in v["plant"].items():
        k = sum(x is not None for x in slots)
        if any(x is None for x in slots[:k]):
            out.append(f"plant {r} not filled from slot 1")
    # land
    nodes = v["land"]["nodes"]
    for name, nd in nodes.items():
        if name[0] in "AB" and (nd["tile"] is None) != (not nd["discs"]):
            out.append(f"land {name}: tile {nd['tile']} with discs {nd['discs']}")
        if name[0] == "M" and nd["tile"] != "MARBLE":
            out.append(f"land {name} is not MARBLE")
        if len(set(nd["discs"])) != len(nd["discs"]):
            out.append(f"land {name}: repeated discs")
    links = v["land"]["links"]
    avail = v["land"]["mc_available"]
    removed = v["land"]["mc_removed"]
    linked = [x for x in links.values() if x is not None]
    everything = sorted(avail + removed + linked, key=lambda x: int(x[2:]))
    if everything != [f"MC{i}" for i in range(1, 9)]:
        out.append(f"market tiles not each in one place: {everything}")
    if len(linked) != (8 - len(avail)) // 2 or len(removed) != len(linked):
        out.append(f"filled links {len(linked)} vs available {len(avail)}, removed {len(removed)}")
    # heads
    heads = prm["heads"]
    holders: dict[str, int] = {}
    # seats
    claimed_yellow = 0
    for p, st in enumerate(v["seats"]):
        who = f"seat {p}"
        w = st["workers"]
        if sum(w.values()) != 12:
            out.append(f"{who}: workers {w} do not add up to 12")
        pw = sum(x["workers"] for slots in v["plant"].values() for x in slots if x is not None and x["seat"] == p)
        if pw != w["plant"]:
            out.append(f"{who}: plant workers {w['plant']} vs slots {pw}")
        ow = sum(o["workers"] for o in st["orders"])
        if ow != w["orders"]:
            out.append(f"{who}: order workers {w['orders']} vs orders {ow}")
        if not 0 <= st["experience"] <= prm["exp_max"]:
            out.append(f"{who}: experience {st['experience']}")
        mine = {name for name, nd in nodes.items() if p in nd["discs"]}
        if not _connected(mine):
            out.append(f"{who}: discs {sorted(mine)} not connected to CA")
        inc = {k: 0 for k in ("gold", "wood", "lime", "marble")}
        for name in mine:
            t = nodes[name]["tile"]
            if t in TILE_STEP:
                inc[TILE_STEP[t]] += 1
            elif t == "MARBLE":
                inc["marble"] += 1
        inc = {k: min(x, 4) for k, x in inc.items()}
        if inc != st["income"]:
            out.append(f"{who}: income {st['income']} vs land {inc}")
        mts = sorted((links[f] for f in MC_LINK if links[f] is not None and f in mine), key=lambda x: int(x[2:]))
        if mts != st["market_tiles"]:
            out.append(f"{who}: market tiles {st['market_tiles']} vs land {mts}")
        cr = st["craftsmen"]
        if not cr["MB"] or not cr["CARP"] or not cr["PLAST"]:
            out.append(f"{who}: MB, CARP or PLAST missing")
        for hname in heads:
            c, tier = hname.split()
            if cr[c] == tier:
                holders[hname] = holders.get(hname, 0) + 1
        out += _castle_problems(st["castle"], who)
        if st["castle"] != sorted(st["castle"], key=_castle_key):
            out.append(f"{who}: castle items out of order")
        outer_min = sum(PP[it.split()[1]] for it in st["castle"] if len(it.split()) == 2)
        inner_min = sum(INNER_PP[it.split()[2]][it.split()[1] == "TOWER"] for it in st["castle"]
                        if len(it.split()) == 3)
        if st["outer"] < outer_min or st["inner"] < inner_min:
            out.append(f"{who}: OUTER {st['outer']} / INNER {st['inner']} below the items' PP")
        # 7: orders vs B spaces and caps
        if v["phase"] == "turns":
            nb = sum(1 for x in v["track"]["B"] if x == p)
            if p == v["current_player"] and v["pending"] in ("ORDER_ITEM", "ORDER_TARGET", "ORDER_LEVEL"):
                nb -= 1  # the order of the instructor just placed is being chosen
            if nb != len(st["orders"]):
                out.append(f"{who}: {len(st['orders'])} orders vs {nb} B instructors")
            if not final:
                for c in ("MB", "CARP", "PLAST", "MASON", "SCULPT"):
                    k = sum(1 for o in st["orders"] if o["craftsman"] == c)
                    caps = [r[2] for r in prm["orders"]["rows"] if r[0] == c and r[1] == cr[c]]
                    if k and (not caps or k > max(caps)):
                        out.append(f"{who}: {k} pending {c} orders over its cap")
        claimed_yellow += len(st["yellow"])
        if st["firewood_penalty"] % max(1, prm["firewood_penalty"] or 1):
            out.append(f"{who}: firewood penalty {st['firewood_penalty']}")
        ref = reference_vp(st, v["bonus"]["columns"], p, prm, n)
        if ref != st["vp_by_source"] or sum(ref.values()) != st["vp"]:
            out.append(f"{who}: vp {st['vp']} {st['vp_by_source']} vs recomputed {ref}")
    for hname, info in v["heads"].items():
        full = _head_prices(prm, hname, n)
        if info["prices"] != full[len(full) - len(info["prices"]):]:
            out.append(f"heads {hname}: prices {info['prices']} not a tail of {full}")
        if len(full) - len(info["prices"]) < holders.get(hname, 0):
            out.append(f"heads {hname}: more holders than tiles gone")
    # 10: bonus board
    bonus = v["bonus"]
    if len(bonus["yellow"]) + claimed_yellow != prm["yellow_per_player"] * n:
        out.append(f"yellow tiles {len(bonus['yellow'])} left + {claimed_yellow} claimed != 3P")
    for c, col in enumerate(bonus["columns"], 1):
        if (col["dark"] is not None) != bool(col["light_marks"]):
            out.append(f"bonus c{c}: dark face-up {col['dark']} vs light marks {col['light_marks']}")
        if col["dark"] is None and col["dark_claims"]:
            out.append(f"bonus c{c}: claims on a face-down dark tile")
        if len(set(col["dark_claims"])) != len(col["dark_claims"]) or len(col["dark_claims"]) > n:
            out.append(f"bonus c{c}: dark claims {col['dark_claims']}")
        if col["light_taken_by"] is not None and bonus["yellow"]:
            out.append(f"bonus c{c}: light tile taken while yellow tiles remain")
        if col["light_taken_by"] is not None and col["light_marks"][-1:] != [col["light_taken_by"]]:
            out.append(f"bonus c{c}: light tile taken by {col['light_taken_by']}, not the last mark")
    for p, st in enumerate(v["seats"]):
        marks = sum(p in col["light_marks"] for col in bonus["columns"])
        if len(st["yellow"]) + len(st["light_tiles"]) != marks:
            out.append(f"seat {p}: {len(st['yellow'])} yellow + {len(st['light_tiles'])} light tiles != {marks} marks")
    taken = [col["light"] for col in bonus["columns"] if col["light_taken_by"] is not None]
    if sorted(taken) != sorted(x for st in v["seats"] for x in st["light_tiles"]):
        out.append("light tiles taken disagree with the board")
    # 13: events
    ev = v["events"]
    si = ("spring", "summer", "autumn", "winter").index(v["season"])
    if v["phase"] != "setup":
        yr = v["year"]
        want_stack = "SS" if si < 2 else "AW"
        if ev["stack"] != want_stack or ev["ss_left"] != 3 - yr or ev["aw_left"] != 3 - yr + (si < 2):
            out.append(f"events {ev} disagree with round {v['round']}")
        if len(ev["used"]) != 2 * (yr - 1) + (si >= 2):
            out.append(f"events used {ev['used']} disagree with round {v['round']}")
    return out


def _head_prices(prm: Mapping[str, Any], head: str, n: int) -> list[int]:
    p = prm["heads"][head]["prices"]
    if prm["duel"] and n == 2:
        return [p[0], p[3]]
    return {2: [p[0], p[1]], 3: [p[0], p[1], p[3]], 4: list(p)}[n]


_SLOT_ORDER = ["BASE", "FLOOR2", "TOWER", "FACADE", "STATUE"] + [
    f"{lv} {it}" for lv in ("BASE", "FLOOR2", "TOWER") for it in ("STUCCO", "PANEL", "MARBLE", "COLUMN")]


def _castle_key(item: str) -> tuple[int, int]:
    col, rest = item.split(" ", 1)
    return int(col[1:]), _SLOT_ORDER.index(rest)


class StepChecker:
    """Properties of consecutive positions of one game (section 10.5, 10.13)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        self.params = params
        self.prev: dict[str, Any] | None = None

    def observe(self, state_or_view: Any) -> list[str]:
        v = state_or_view.to_dict() if hasattr(state_or_view, "to_dict") else state_or_view
        out: list[str] = []
        if self.prev is not None:
            if v["round"] < self.prev["round"]:
                out.append("round went back")
            for p, (a, b) in enumerate(zip(self.prev["seats"], v["seats"], strict=True)):
                for key in ("outer", "inner", "firewood_penalty"):
                    if b[key] < a[key]:
                        out.append(f"seat {p}: {key} fell from {a[key]} to {b[key]}")
                if len(b["light_tiles"]) < len(a["light_tiles"]):
                    out.append(f"seat {p}: light tiles fell")
                if b["vp_by_source"]["dark_bonus"] < a["vp_by_source"]["dark_bonus"]:
                    out.append(f"seat {p}: dark bonus fell")
        self.prev = v
        return out

    def violations(self, state: Any) -> list[str]:
        view = state.to_dict()  # one view for both checks
        return check_invariants(state, view=view) + self.observe(view)
