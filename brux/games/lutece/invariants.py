"""Rule invariants of Lutèce (rules section 7), checked from the public view.

Two entry points, both returning a list of readable problems (an empty list means every invariant holds):

``check_invariants(state_or_view, params=None, players=None)``
    Invariants of a single position: coin conservation (the view shows each purse with the round's sealed stakes
    still in it, so purses + display coins + bank = 66), card conservation per deck (deck + display + tableaux +
    removed = the filtered deck size of rules 2.4), tableau-derived counts, the score recomputed independently
    (majorities, prestige, statue, legion, bazaars by brute force over subsets, fortune), majority VP in
    {first, middle, last, 0}, the round bound, the order of sealed plays, and (given a ``State``) the legal actions.
    A ``State`` supplies its own parameters; for a bare view pass the full parameter set or the rule overrides.

``StepChecker``
    Properties of consecutive positions of one game: rounds never go back; removed counts never fall; a card that
    has left the display or a tableau without joining a tableau never returns (rules 7.5); a card leaves a tableau
    only as a committed legion; a display card that stays on its slot over a round gains exactly ``growth`` coins,
    a newly dealt card has 0 (rules 7.3). Feed it every position in order with ``observe``.

Only the documented view (rules section 11, docs section 4) and the card tables are read.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

__all__ = ["DECISIONS", "RESOURCES", "VP_SOURCES", "StepChecker", "check_invariants", "reference_scores"]

DECISIONS = ("PLAY_CARDS", "PLAY_BRIBE", "PLAY_LEGIONS")
RESOURCES = ("beer", "bread", "gladius", "elixir")
COLOURS = ("yellow", "green", "red", "purple")
VP_SOURCES = ("maj_beer", "maj_bread", "maj_gladius", "maj_elixir", "prestige_resource", "prestige_colour", "statue",
              "legion", "bazaar", "fortune")
TOTAL_COINS = 66
SOURCE_OF_KIND = {"mill": "prestige_resource", "laboratory": "prestige_resource", "forge": "prestige_resource",
                  "bakery": "prestige_colour", "herbalist": "prestige_colour", "armory": "prestige_colour",
                  "statue": "statue", "legion": "legion"}


def _params_of(state_or_view: Any, params: Mapping[str, Any] | None) -> dict[str, Any]:
    game = getattr(state_or_view, "game", None)
    if game is not None and params is None:
        return game.params
    from .params import resolve

    if params is not None and "cards" in params and "slots" in params and "max_rounds" in params:
        return dict(params)
    return resolve(dict(params or {}))


def _view_of(state_or_view: Any) -> dict[str, Any]:
    return state_or_view.to_dict() if hasattr(state_or_view, "to_dict") else state_or_view


def _card(params: Mapping[str, Any], cid: str) -> dict[str, Any]:
    from .params import card_values

    return card_values(dict(params), cid)


def reference_scores(view: dict[str, Any], params: Mapping[str, Any]) -> list[dict[str, int]]:
    """VP by source of every seat computed from the view's tableaux and coins (rules 5.3-5.6), in plain Python."""
    seats = view["seats"]
    first, middle, last = params["majority_vp"]
    res = [{x: sum(_card(params, c)[x] for c in sd["tableau"]) for x in RESOURCES} for sd in seats]
    cols = [{k: sum(_card(params, c)["colour"] == k for c in sd["tableau"]) for k in COLOURS} for sd in seats]
    pillars = [sum(_card(params, c)["pillars"] for c in sd["tableau"]) for sd in seats]
    out = []
    for p, sd in enumerate(seats):
        src = dict.fromkeys(VP_SOURCES, 0)
        for x in RESOURCES:
            r = res[p][x]
            hi = max(q[x] for q in res)
            lo = min(q[x] for q in res)
            src[f"maj_{x}"] = 0 if r == 0 else first if r == hi else last if r == lo else middle
        bazaars = []
        for cid in sd["tableau"]:
            c = _card(params, cid)
            if c["kind"] == "bazaar":
                bazaars.append((params["bazaar_requirements"][cid], c["vp_base"]))
            elif c["kind"] in SOURCE_OF_KIND:
                per = c["vp_per"]
                count = (res[p][per] if per in RESOURCES else cols[p][per] if per in COLOURS
                         else pillars[p] if per == "pillar" else 0)
                src[SOURCE_OF_KIND[c["kind"]]] += c["vp_base"] + c["vp_mult"] * count
        best = 0
        for k in range(1, len(bazaars) + 1):
            for subset in itertools.combinations(bazaars, k):
                if all(sum(req[i] for req, _ in subset) <= res[p][x] for i, x in enumerate(RESOURCES)):
                    best = max(best, sum(v for _, v in subset))
        src["bazaar"] = best
        src["fortune"] = sd["coins"] // params["fortune_divisor"]
        out.append(src)
    return out


def filtered_decks(params: Mapping[str, Any], players: int) -> dict[str, list[str]]:
    """Card ids of each deck used with this many players (rules 3.3), in table order."""
    decks: dict[str, list[str]] = {"character": [], "location": []}
    for cid, c in params["cards"].items():
        if c["min_players"] <= players:
            decks[c["deck"]].append(cid)
    return decks


def check_invariants(state_or_view: Any, params: Mapping[str, Any] | None = None,
                     players: int | None = None) -> list[str]:
    """Problems found in one position (empty when every invariant holds)."""
    view = _view_of(state_or_view)
    p_all = _params_of(state_or_view, params)
    n = players or view["players"]
    problems: list[str] = []

    def need(cond: bool, msg: str) -> None:
        if not cond:
            problems.append(msg)

    slots = p_all["slots"][n - 2]
    over = view["over"]
    seats = view["seats"]
    need(len(seats) == n, f"{len(seats)} seats for {n} players")

    # 1. Coins (stakes are inside the purses of the view).
    disp = [x for row in ("characters", "locations") for x in view["display"][row]]
    total = sum(sd["coins"] for sd in seats) + sum(x["coins"] for x in disp if x) + view["bank"]
    need(total == TOTAL_COINS, f"coins: purses + display + bank = {total}, not {TOTAL_COINS}")
    need(all(sd["coins"] >= 0 for sd in seats), "a purse is negative")
    need(all(x["coins"] >= 0 for x in disp if x), "display coins are negative")

    # 2. Cards.
    decks = filtered_decks(p_all, n)
    seen: dict[str, str] = {}
    for row, deck in (("characters", "character"), ("locations", "location")):
        need(len(view["display"][row]) == slots, f"display.{row} has {len(view['display'][row])} slots, not {slots}")
        for i, x in enumerate(view["display"][row]):
            if x is None:
                need(over, f"display.{row}[{i}] is empty during play (the refill fills every slot)")
                continue
            need(not over, f"display.{row}[{i}] holds {x['card']} after the end")
            need(x["card"] in decks[deck], f"display.{row}[{i}]: {x['card']} is not a {deck} card of this game")
            need(x["card"] not in seen, f"{x['card']} is in two places")
            seen[x["card"]] = row
    for p, sd in enumerate(seats):
        for cid in sd["tableau"]:
            need(cid in decks["character"] or cid in decks["location"], f"seats[{p}]: {cid} is not in this game")
            need(cid not in seen, f"{cid} is in two places")
            seen[cid] = f"seats[{p}]"
    for deck, ids in decks.items():
        on = sum(1 for cid in seen if cid in ids)
        count = view["decks"][deck] + on + view["removed"][deck]
        need(count == len(ids), f"{deck}: deck + display + tableaux + removed = {count}, not {len(ids)}")
        need(view["decks"][deck] >= 0 and view["removed"][deck] >= 0, f"{deck}: negative count")

    # Tableau-derived counts and the score.
    for p, sd in enumerate(seats):
        cards = [_card(p_all, c) for c in sd["tableau"] if c in p_all["cards"]]
        need(sd["legions"] == sum(c["kind"] == "legion" for c in cards), f"seats[{p}].legions disagrees")
        need(sd["pillars"] == sum(c["pillars"] for c in cards), f"seats[{p}].pillars disagrees")
        for x in RESOURCES:
            need(sd["resources"][x] == sum(c[x] for c in cards), f"seats[{p}].resources.{x} disagrees")
        for k in COLOURS:
            need(sd["colours"][k] == sum(c["colour"] == k for c in cards), f"seats[{p}].colours.{k} disagrees")
    if not problems:
        ref = reference_scores(view, p_all)
        majority_values = {0, *p_all["majority_vp"]}
        for p, sd in enumerate(seats):
            src = sd["vp_by_source"]
            need(list(src) == list(VP_SOURCES), f"seats[{p}].vp_by_source keys {list(src)}")
            need(src == ref[p], f"seats[{p}].vp_by_source {src} != recomputed {ref[p]}")
            need(sum(src.values()) == sd["vp"], f"seats[{p}]: sources sum to {sum(src.values())}, vp {sd['vp']}")
            need(all(v >= 0 for v in src.values()), f"seats[{p}]: a negative VP source")
            for x in RESOURCES:
                need(src[f"maj_{x}"] in majority_values, f"seats[{p}]: maj_{x} = {src[f'maj_{x}']}")

    # Rounds and decisions.
    need(1 <= view["round"] <= p_all["max_rounds"], f"round {view['round']} outside 1..{p_all['max_rounds']}")
    if over:
        need(view["current_player"] is None and view["pending"] is None, "a finished game has a pending decision")
        need(not any(sd["committed"] for sd in seats), "a finished game has a committed seat")
        need(view.get("current_play") is None, "a finished game has a play in progress")
    else:
        cur = view["current_player"]
        need(view["pending"] in DECISIONS, f"pending {view['pending']!r}")
        need(isinstance(cur, int) and 0 <= cur < n, f"current_player {cur!r}")
        if isinstance(cur, int):
            need([sd["committed"] for sd in seats] == [q < cur for q in range(n)],
                 "exactly the seats before the current player have fixed their play")
        play = view.get("current_play")
        need((play is None) == (view["pending"] == "PLAY_CARDS"), "current_play is shown only during BRIBE/LEGIONS")
        if play is not None and isinstance(cur, int):
            need(play["seat"] == cur, "current_play belongs to another seat")
            need(len(play["cards"]) == 2, "a play has 2 hand cards")
            need(sum(play["bribes"]) + play["raised"] <= seats[cur]["coins"], "bribes exceed the purse")
            need(sum(play["legions"]) <= seats[cur]["legions"], "more legions committed than held")

    # Legal actions of a State.
    if hasattr(state_or_view, "legal_actions"):
        legal = state_or_view.legal_actions()
        if over:
            need(legal == [], "legal actions after the end")
        else:
            need(len(legal) >= 2, f"{len(legal)} legal actions pending (single options are taken automatically)")
            need(legal == sorted(set(legal)), "legal actions are not ascending and distinct")
    return problems


class StepChecker:
    """Checks properties of consecutive positions of one game (feed every position with ``observe``)."""

    def __init__(self, params: Mapping[str, Any]) -> None:
        self.params = params
        self.prev: dict[str, Any] | None = None
        self.gone: set[str] = set()

    @staticmethod
    def _places(view: dict[str, Any]) -> dict[str, Any]:
        places: dict[str, Any] = {}
        for row in ("characters", "locations"):
            for i, x in enumerate(view["display"][row]):
                if x is not None:
                    places[x["card"]] = (row, i, x["coins"])
        for p, sd in enumerate(view["seats"]):
            for cid in sd["tableau"]:
                places[cid] = p
        return places

    def observe(self, state_or_view: Any) -> list[str]:
        view = _view_of(state_or_view)
        problems: list[str] = []
        now = self._places(view)
        for cid in now:
            if cid in self.gone:
                problems.append(f"{cid} returned after leaving the game")
        prev = self.prev
        if prev is not None:
            if view["round"] < prev["round"] and not view["over"]:
                problems.append(f"round went back from {prev['round']} to {view['round']}")
            for deck in ("character", "location"):
                if view["removed"][deck] < prev["removed"][deck]:
                    problems.append(f"removed.{deck} fell")
            before = self._places(prev)
            for cid, where in before.items():
                if cid in now and isinstance(where, int) and now[cid] != where:
                    problems.append(f"{cid} moved from seat {where} to {now[cid]}")
                if cid not in now:
                    if isinstance(where, int) and self.params["cards"][cid]["kind"] != "legion":
                        problems.append(f"{cid} left seat {where}'s tableau")
                    self.gone.add(cid)
            new_round = view["round"] != prev["round"] and not view["over"]
            for cid, where in now.items():
                if isinstance(where, int):
                    continue
                row, i, coins = where
                old = before.get(cid)
                if old is None:
                    if coins != 0 and prev["round"] != view["round"]:
                        problems.append(f"{cid} was dealt to {row}[{i}] with {coins} coins")
                elif not isinstance(old, int):
                    if (old[0], old[1]) != (row, i):
                        problems.append(f"{cid} moved on the display")
                    want = old[2] + (self.params["growth"] if new_round else 0)
                    if coins != want:
                        problems.append(f"{cid} on {row}[{i}] has {coins} coins, expected {want}")
        self.prev = view
        return problems
