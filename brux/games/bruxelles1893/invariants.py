"""Rule invariants of Bruxelles 1893 (docs/bruxelles1893.md section 8), checked from the public view and the
state's declared field bounds.

``check_invariants(state_or_view, params=None)`` lists the invariants a position violates (empty: all hold),
recomputing counts and, once the game is over, the end-of-game scores independently of the kernel; given a
``State``, every state field within its bounds too (``layout.SCHEMA``: no negative money, supply, Courthouse or
count, the cursor in 2..6, every code, seat and card index in range).
``StepChecker`` checks consecutive positions of one game (scores, tracks, buildings and rounds never go back).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .kernel import layout as L

COLOURS = ("yellow", "blue", "red", "green", "black")
NOBLES = ("wood", "stone", "iron")
BRUSSELS = ("market", "stock_exchange", "park", "grand_plaza")
TRACK_KEYS = ("sale", "no_joker", "top_row", "shields")
END_KEYS = ("figures_unpaid", "buildings", "row_money", "row_works", "row_figures", "row_assistants", "nobles",
            "manneken_pis")
YEARS = (1893, 1894, 1897, 1905, 1910)


def _params_of(state_or_view: Any, params: Mapping[str, Any] | None) -> dict[str, Any]:
    game = getattr(state_or_view, "game", None)
    if game is not None and params is None:
        return game.params
    from .params import DEFAULTS, resolve

    if params is not None and all(k in params for k in DEFAULTS):
        return dict(params)
    return resolve(dict(params or {}))


def available_area(shield: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """Rules 2.6: (rows, cols), 1-based inclusive."""
    r, c = int(shield[0]), int(shield[1])
    rows = (r + 1, 5) if r <= 2 else (1, r)
    cols = (c + 1, 5) if c <= 2 else (1, c)
    return rows, cols


def brussels_count(uses: int, k: int) -> int:
    return sum(u // k + 1 for u in range(uses))


def final_sources(seat: Mapping[str, Any], p: int, view: Mapping[str, Any], params: Mapping[str, Any],
                  unpaid: int) -> dict[str, int]:
    """End-of-game sources (7.3 items 1-5) of seat p recomputed from the final view."""
    m = [1 + sum(params["bonus"][c]["vp"] for c in row["cards"]) for row in seat["rows"]]
    built = 6 - sum(seat["tiles"].values())
    figs = sum(v is not None for v in seat["figures"].values())
    total = params["start_supply_assistants"] + params["start_courthouse"]
    return {
        "figures_unpaid": -params["pf_unpaid_vp"] * unpaid,
        "buildings": built * params["arv"][seat["tracks"]["architect"] - 1],
        "row_money": seat["money"] // params["row1_divisor"] * m[0],
        "row_works": sum(seat["works"].values()) * m[1],
        "row_figures": figs * m[2],
        "row_assistants": max(0, total - seat["courthouse"] - params["row4_free"]) * m[3],
        "nobles": sum(seat["materials"][x] for x in NOBLES) * params["noble_vp"],
        "manneken_pis": params["manneken_pis_vp"] if view["first_player"] == p else 0,
    }


def check_invariants(state_or_view: Any, params: Mapping[str, Any] | None = None,
                     view: dict[str, Any] | None = None) -> list[str]:
    """Every invariant of docs section 8 (with the derived fields and phase conditions of section 5) the position
    violates."""
    prm = _params_of(state_or_view, params)
    v = view if view is not None else state_or_view.to_dict() if hasattr(state_or_view, "to_dict") \
        else state_or_view
    bad: list[str] = []
    array = getattr(state_or_view, "array", None)
    if array is not None:
        bad.extend(L.SCHEMA.violations(array))

    def need(cond: bool, text: str) -> None:
        if not cond:
            bad.append(text)

    n = v["players"]
    rnd = v["round"]
    seats = v["seats"]
    total = prm["start_supply_assistants"] + prm["start_courthouse"]
    spaces = [sp for row in v["board"]["spaces"] for sp in row]
    # derived fields
    for i, (sid, side) in enumerate(zip(v["board"]["strips"], v["board"]["sides"], strict=True)):
        types = prm["strips"][sid][side]
        need([sp["type"] for sp in v["board"]["spaces"][i]] == list(types), f"row {i + 1} types differ from {sid}")
    need(sorted(v["board"]["strips"]) == [f"S{k}" for k in range(1, 6)], "strips are not a permutation")
    need(v["stock_exchange"]["deck"] == 12 - rnd and v["stock_exchange"]["discard"] == rnd - 1, "SE counts")
    need(v["exhibition"]["stack"] == 5 - rnd and v["exhibition"]["year"] == YEARS[rnd - 1], "exhibition counts")
    need(v["bonus"]["deck"] == 25 - 5 * rnd, "bonus deck count")
    area = v["area"]
    inside = set()
    if area is not None:
        line = prm["stock_exchange"][v["stock_exchange"]["card"]]["shields"][n - 2]
        need(area["shield"] in line, f"area shield {area['shield']} not on the card")
        rows, cols = available_area(area["shield"])
        need((tuple(area["rows"]), tuple(area["cols"])) == (rows, cols), "area bounds")
        inside = {(r, c) for r in range(rows[0], rows[1] + 1) for c in range(cols[0], cols[1] + 1)}
    # 1-3, 15
    on_board = [0] * n
    neutral = []
    bid_cols = set()
    for i, sp in enumerate(spaces):
        a = sp["assistant"]
        if a is None:
            continue
        rc = (i // 5 + 1, i % 5 + 1)
        need(rc in inside, f"assistant outside the area at r{rc[0]}c{rc[1]}")
        if a["owner"] == "neutral":
            need(a["bid"] == 0, "neutral pawn with a bid")
            need(sp["building"] is None, "neutral pawn on a building")
            neutral.append(a["placed_by"])
        else:
            on_board[a["owner"]] += 1
            need(a["bid"] >= prm["min_bid"], f"bid {a['bid']} below MIN_BID")
            bid_cols.add(rc[1])
    need(len(neutral) <= 2 and len(set(neutral)) == len(neutral), "more than one neutral pawn per seat")
    need(not neutral or (n == 2 and prm["neutral_2p"]), "neutral pawns outside a 2-player game")
    need(len(bid_cols) <= 4, "bids in all five columns")
    on_br = [0] * n
    k_br = prm["brussels_k"] if n >= 4 else 1
    for b in BRUSSELS:
        for q in v["brussels"][b]["assistants"]:
            on_br[q] += 1
        if v["phase"] == "actions":
            need(len(v["brussels"][b]["assistants"]) == brussels_count(v["brussels"][b]["uses"], k_br),
                 f"{b}: assistants do not match {v['brussels'][b]['uses']} uses")
    # 5-7
    sup = v["supply"]
    ip = v["in_play"]["works"]
    per_colour = {c: ip.count(c) for c in COLOURS}
    for pile in v["works"]["shop"]:
        for c in pile:
            per_colour[c] += 1
    fig_count = {f"PF{k}": 0 for k in range(1, 8)}
    for f in v["theatre"]["display"]:
        if f is not None:
            fig_count[f] += 1
    if v["in_play"]["figure"] is not None:
        fig_count[v["in_play"]["figure"]] += 1
    tucked = 0
    for p, sd in enumerate(seats):
        need(sd["supply"] + on_board[p] + on_br[p] + sd["courthouse"] == total,
             f"seat {p}: assistants do not add up to {total}")
        for c in COLOURS:
            per_colour[c] += sd["works"][c]
        for f, st in sd["figures"].items():
            if st is not None and f != "PF0":
                fig_count[f] += 1
        need(v["over"] or sd["figures"]["PF0"] is not None, f"seat {p} lost his Brugmann before the end")
        for t in ("royal_palace", "city_hall", "architect"):
            need(1 <= sd["tracks"][t] <= 7, f"seat {p}: track {t} out of 1..7")
        built = sum(1 for sp in spaces if sp["building"] and sp["building"]["owner"] == p)
        need(built + sum(sd["tiles"].values()) == 6, f"seat {p}: tiles do not add up to 6")
        kinds = [sp["building"]["tile"] for sp in spaces if sp["building"] and sp["building"]["owner"] == p]
        need(sd["tiles"]["bottom"] == 0 or kinds.count("middle") + kinds.count("top") == 0,
             f"seat {p}: middle/top built before both bottom tiles")
        for k, row in enumerate(sd["rows"]):
            tucked += len(row["cards"])
            need(all(prm["bonus"][c]["vp"] >= 1 for c in row["cards"]), f"seat {p}: tucked card without VP")
            need(row["multiplier"] == 1 + sum(prm["bonus"][c]["vp"] for c in row["cards"]), "row multiplier")
            need(len(row["cards"]) <= rnd, f"seat {p}: row {k + 1} holds more cards than rounds")
        tucked += len(sd["bonus_won"])
        need(sum(sd["vp_by_source"].values()) == sd["vp"], f"seat {p}: vp != sum of vp_by_source")
        if not v["over"]:
            for k in END_KEYS:
                need(sd["vp_by_source"][k] == 0, f"seat {p}: end-of-game source {k} is not 0 before the end")
    for x in NOBLES:
        need(sup[x] + sum(sd["materials"][x] for sd in seats) == 10, f"{x} does not add up to 10")
    need(sup["joker"] + sum(sd["materials"]["joker"] for sd in seats) == 15, "jokers do not add up to 15")
    coloured = sum(per_colour[c] for c in COLOURS[:4])
    need(v["works"]["coloured_stack"] + coloured == 24, "coloured works do not add up to 24")
    need(v["works"]["black_stack"] + per_colour["black"] == 6, "black works do not add up to 6")
    need(all(per_colour[c] <= 6 for c in COLOURS), "more than 6 works of a colour")
    deck_total = sum(prm["figures"][f"PF{k}"]["in_deck"] for k in range(1, 8))
    need(v["theatre"]["deck"] + v["theatre"]["discard"] + sum(fig_count.values()) == deck_total,
         "theatre figures do not add up")
    need(all(fig_count[f] <= prm["figures"][f]["in_deck"] for f in fig_count), "too many copies of a figure")
    strip = sum(c is not None for c in v["bonus"]["strip"])
    need(v["bonus"]["deck"] + strip + v["bonus"]["discard"] + tucked == 25, "bonus cards do not add up to 25")
    # 9, 11, 13
    need(v["compass"]["needles"]["A"] != v["compass"]["needles"]["B"], "needles on one space")
    need(sorted(v["compass"]["tiles"]) == sorted(["wood", "stone", "iron", "any", "money", "blank"]), "compass")
    taken = v["exhibition"]["taken_by"]
    need(sum(sd["exhibition_tiles"] for sd in seats) == rnd - 1 + (taken is not None), "exhibition tiles held")
    need(taken is None or seats[taken]["passed"], "exhibition tile taken by a seat that has not passed")
    # phase conditions (docs section 5)
    if v["phase"] == "stock_exchange":
        need(area is None and not any(sp["assistant"] for sp in spaces), "stock_exchange phase with a board")
        need(taken is None and not any(sd["passed"] or sd["bonus_won"] for sd in seats), "stock_exchange phase")
        need(all(v["brussels"][b] == {"uses": 0, "assistants": []} for b in BRUSSELS),
             "stock_exchange phase with Brussels assistants or uses")
    if v["over"]:
        need(all(sd["passed"] for sd in seats), "game over with a seat not passed")
        for p, sd in enumerate(seats):
            unpaid = -sd["vp_by_source"]["figures_unpaid"] // prm["pf_unpaid_vp"] if prm["pf_unpaid_vp"] else 0
            want = final_sources(sd, p, v, prm, unpaid)
            for key, val in want.items():
                need(sd["vp_by_source"][key] == val, f"seat {p}: {key} {sd['vp_by_source'][key]} != {val}")
    if hasattr(state_or_view, "legal_actions") and not v["over"]:
        legal = state_or_view.legal_actions()
        need(len(legal) >= 2, "a pending decision with fewer than two options")
        need(legal == sorted(set(legal)), "legal actions not strictly ascending")
    return bad


class StepChecker:
    """Properties of consecutive positions: rounds, score track, tracks, buildings and exhibition tiles never go
    back; the seat to move has not passed when MAIN is pending."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        self.params = params
        self.prev: dict[str, Any] | None = None

    def observe(self, state_or_view: Any) -> list[str]:
        v = state_or_view.to_dict() if hasattr(state_or_view, "to_dict") else state_or_view
        bad = []
        if v["pending"] == "MAIN" and v["seats"][v["current_player"]]["passed"]:
            bad.append("MAIN pending for a seat that has passed")
        old = self.prev
        if old is not None:
            if v["round"] < old["round"]:
                bad.append("round went back")
            for p, (a, b) in enumerate(zip(old["seats"], v["seats"], strict=True)):
                if sum(b["vp_by_source"][k] for k in TRACK_KEYS) < sum(a["vp_by_source"][k] for k in TRACK_KEYS):
                    bad.append(f"seat {p}: score track went back")
                if any(b["tracks"][t] < a["tracks"][t] for t in a["tracks"]):
                    bad.append(f"seat {p}: a track went back")
                if sum(b["tiles"].values()) > sum(a["tiles"].values()):
                    bad.append(f"seat {p}: a building was removed")
                if b["exhibition_tiles"] < a["exhibition_tiles"]:
                    bad.append(f"seat {p}: lost an exhibition tile")
        self.prev = v
        return bad

    def violations(self, state: Any) -> list[str]:
        view = state.to_dict()  # one view for both checks
        return check_invariants(state, self.params, view) + self.observe(view)
