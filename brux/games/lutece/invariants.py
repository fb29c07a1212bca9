"""Rule invariants of Lutèce (rules section 7), checked from the public view.

Two entry points, both returning a list of readable problems (an empty list means every invariant holds):

``check_invariants(state_or_view, params=None, players=None)``
    Invariants of a single position: (given a ``State``) every state field within the bounds the layout declares
    (``layout.SCHEMA``: no negative purse, stake, display coins, count or VP source, every code and card index in
    range), coin conservation (the view shows each purse with the round's sealed stakes
    still in it, so purses + display coins + bank = 66), card conservation per deck (deck + display + tableaux +
    removed = the filtered deck size of rules 2.4), tableau-derived counts, the score recomputed independently
    (majorities, prestige, statue, legion, bazaars by brute force over subsets, fortune), majority VP in
    {first, middle, last, 0}, the round bound, the order of sealed plays, and (given a ``State``) the legal actions.
    A ``State`` supplies its own parameters; for a bare view pass the full parameter set or the rule overrides.

``StepChecker``
    Properties of consecutive positions of one game: rounds never go back; removed counts never fall; a card that
    has left the display or a tableau without joining a tableau never returns (rules 7.5); a card leaves a tableau
    only as a committed legion; a display card that stays on its slot over a round gains exactly ``growth`` coins,
    a newly dealt card has 0 (rules 7.3). Feed it every position in order with ``observe``, or a ``State`` with
    ``violations``, which runs both checkers on one view (what the fuzzer does after every decision).

What the checks derive from a parameter set (each card's values, the filtered decks) is a ``CardTables``, built
once per ``StepChecker`` and once per bare ``check_invariants`` call.

Besides the state's field bounds, only the documented view (rules section 11, docs section 4) and the card tables
are read.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from .kernel import codes as C
from .kernel import layout as L

__all__ = ["DECISIONS", "RESOURCES", "VP_SOURCES", "CardTables", "StepChecker", "check_invariants",
           "reference_scores"]

DECISIONS = ("PLAY_CARDS", "PLAY_BRIBE", "PLAY_LEGIONS")
RESOURCES = ("beer", "bread", "gladius", "elixir")
COLOURS = ("yellow", "green", "red", "purple")
VP_SOURCES = ("maj_beer", "maj_bread", "maj_gladius", "maj_elixir", "prestige_resource", "prestige_colour", "statue",
              "legion", "bazaar", "fortune")
MAJ_KEYS = tuple(f"maj_{x}" for x in RESOURCES)
TOTAL_COINS = 66
SOURCE_OF_KIND = {"mill": "prestige_resource", "laboratory": "prestige_resource", "forge": "prestige_resource",
                  "bakery": "prestige_colour", "herbalist": "prestige_colour", "armory": "prestige_colour",
                  "statue": "statue", "legion": "legion"}


def _is_full(params: Mapping[str, Any]) -> bool:
    """A full parameter set (every field of the defaults), as opposed to overrides of some fields."""
    from .params import DEFAULTS

    return all(key in params for key in DEFAULTS)


def _params_of(state_or_view: Any, params: Mapping[str, Any] | None) -> dict[str, Any]:
    game = getattr(state_or_view, "game", None)
    if game is not None and params is None:
        return game.params
    from .params import resolve

    if params is not None and _is_full(params):
        return dict(params)
    return resolve(dict(params or {}))


def _view_of(state_or_view: Any) -> dict[str, Any]:
    return state_or_view.to_dict() if hasattr(state_or_view, "to_dict") else state_or_view


def filtered_decks(params: Mapping[str, Any], players: int) -> dict[str, list[str]]:
    """Card ids of each deck used with this many players (rules 3.3), in table order."""
    decks: dict[str, list[str]] = {"character": [], "location": []}
    for cid, c in params["cards"].items():
        if c["min_players"] <= players:
            decks[c["deck"]].append(cid)
    return decks


class Totals(NamedTuple):
    """What the cards of a tableau add up to."""

    resources: dict[str, int]
    colours: dict[str, int]
    pillars: int
    legions: int


def _totals(held: list[dict[str, Any]]) -> Totals:
    """Resource symbols, cards of each colour, pillars and legion cards of a tableau's card values."""
    res = dict.fromkeys(RESOURCES, 0)
    cols = dict.fromkeys(COLOURS, 0)
    pillars = legions = 0
    for c in held:
        for x in RESOURCES:
            res[x] += c[x]
        if c["colour"] in cols:
            cols[c["colour"]] += 1
        pillars += c["pillars"]
        legions += c["kind"] == "legion"
    return Totals(res, cols, pillars, legions)


def _card_vp(tableau: tuple[str, ...], held: list[dict[str, Any]], t: Totals,
             bazaar_requirements: Mapping[str, Any]) -> dict[str, int]:
    """VP of a tableau's own cards (rules 5.4-5.5): prestige, statue and legion sources, and the best bazaar subset
    its symbols pay for, by brute force."""
    src = dict.fromkeys(("prestige_resource", "prestige_colour", "statue", "legion", "bazaar"), 0)
    bazaars = []
    for cid, c in zip(tableau, held):
        if c["kind"] == "bazaar":
            bazaars.append((bazaar_requirements[cid], c["vp_base"]))
        elif c["kind"] in SOURCE_OF_KIND:
            per = c["vp_per"]
            count = (t.resources[per] if per in RESOURCES else t.colours[per] if per in COLOURS
                     else t.pillars if per == "pillar" else 0)
            src[SOURCE_OF_KIND[c["kind"]]] += c["vp_base"] + c["vp_mult"] * count
    best = 0
    for k in range(1, len(bazaars) + 1):
        for subset in itertools.combinations(bazaars, k):
            if all(sum(req[i] for req, _ in subset) <= t.resources[x] for i, x in enumerate(RESOURCES)):
                best = max(best, sum(v for _, v in subset))
    src["bazaar"] = best
    return src


class CardTables:
    """What the checks derive from one full parameter set, computed once instead of per card look-up.

    ``cards`` maps each card id to its values as the game uses them (``params.card_values``: rule parameters
    replace the table values of their kinds); ``decks(n)`` and ``deck_sets(n)`` are the filtered decks of n players.
    ``totals``, ``card_vp`` and ``scores`` are pure functions of the tableaux (and purses), remembered (they change
    about once a round, positions are checked after every decision). The tables are a snapshot of the parameter set:
    build new ones if it changes. Returned values are shared: read them, do not change them.
    """

    MEMO_SIZE = 4096  # tableaux remembered; the memo starts over when full

    def __init__(self, params: Mapping[str, Any]) -> None:
        from .params import card_values

        self.params = params
        full = dict(params)
        self.cards: dict[str, dict[str, Any]] = {cid: card_values(full, cid) for cid in params["cards"]}
        self._decks: dict[int, dict[str, list[str]]] = {}
        self._sets: dict[int, dict[str, frozenset[str]]] = {}
        self._totals: dict[tuple[str, ...], Totals] = {}
        self._card_vp: dict[tuple[str, ...], dict[str, int]] = {}
        self._scores: dict[tuple[tuple[tuple[str, ...], int], ...], list[dict[str, int]]] = {}

    def decks(self, players: int) -> dict[str, list[str]]:
        """``filtered_decks(params, players)``, computed once per player count."""
        if players not in self._decks:
            self._decks[players] = filtered_decks(self.params, players)
        return self._decks[players]

    def deck_sets(self, players: int) -> dict[str, frozenset[str]]:
        """The filtered decks as sets (membership tests)."""
        if players not in self._sets:
            self._sets[players] = {deck: frozenset(ids) for deck, ids in self.decks(players).items()}
        return self._sets[players]

    def totals(self, tableau: Sequence[str]) -> Totals:
        """Totals of the tableau's cards that are in the table (other ids are skipped)."""
        key = tuple(tableau)
        got = self._totals.get(key)
        if got is None:
            if len(self._totals) >= self.MEMO_SIZE:
                self._totals.clear()
            got = self._totals[key] = _totals([self.cards[c] for c in key if c in self.cards])
        return got

    def scores(self, seats: list[dict[str, Any]]) -> list[dict[str, int]]:
        """``reference_scores`` of these seats of a view, remembered per tableaux and purses (all it reads)."""
        key = tuple((tuple(sd["tableau"]), sd["coins"]) for sd in seats)
        got = self._scores.get(key)
        if got is None:
            if len(self._scores) >= self.MEMO_SIZE:
                self._scores.clear()
            got = self._scores[key] = _reference_scores(seats, self.params, self)
        return got

    def card_vp(self, tableau: Sequence[str]) -> dict[str, int]:
        """VP of the tableau's own cards (``_card_vp``); KeyError for an id that is not in the table."""
        key = tuple(tableau)
        got = self._card_vp.get(key)
        if got is None:
            held = [self.cards[c] for c in key]
            if len(self._card_vp) >= self.MEMO_SIZE:
                self._card_vp.clear()
            got = self._card_vp[key] = _card_vp(key, held, self.totals(key), self.params["bazaar_requirements"])
        return got


def reference_scores(view: dict[str, Any], params: Mapping[str, Any],
                     tables: CardTables | None = None) -> list[dict[str, int]]:
    """VP by source of every seat computed from the view's tableaux and coins (rules 5.3-5.6), in plain Python.

    ``tables`` are those of ``params`` (built here when not given).
    """
    return _reference_scores(view["seats"], params, tables if tables is not None else CardTables(params))


def _reference_scores(seats: list[dict[str, Any]], params: Mapping[str, Any],
                      tables: CardTables) -> list[dict[str, int]]:
    first, middle, last = params["majority_vp"]
    own = [tables.card_vp(sd["tableau"]) for sd in seats]  # first: KeyError for a card not in the table
    res = [tables.totals(sd["tableau"]).resources for sd in seats]
    hi = {x: max((r[x] for r in res), default=0) for x in RESOURCES}
    lo = {x: min((r[x] for r in res), default=0) for x in RESOURCES}
    out = []
    for p, sd in enumerate(seats):
        src = dict.fromkeys(VP_SOURCES, 0)
        for x, key in zip(RESOURCES, MAJ_KEYS):
            r = res[p][x]
            src[key] = 0 if r == 0 else first if r == hi[x] else last if r == lo[x] else middle
        src.update(own[p])
        src["fortune"] = sd["coins"] // params["fortune_divisor"]
        out.append(src)
    return out


def check_invariants(state_or_view: Any, params: Mapping[str, Any] | None = None,
                     players: int | None = None) -> list[str]:
    """Problems found in one position (empty when every invariant holds)."""
    view = _view_of(state_or_view)
    tables = CardTables(_params_of(state_or_view, params))
    return _position_problems(state_or_view, view, tables, players)


def _position_problems(state_or_view: Any, view: dict[str, Any], tables: CardTables,
                       players: int | None) -> list[str]:
    """``check_invariants`` given the position's view and the tables of its parameters.

    It runs after every decision of a fuzzed game, so a message is formatted only when its check fails.
    """
    p_all = tables.params
    n = players or view["players"]
    problems: list[str] = []
    add = problems.append

    slots = p_all["slots"][n - 2]
    over = view["over"]
    seats = view["seats"]
    display = view["display"]
    if len(seats) != n:
        add(f"{len(seats)} seats for {n} players")
    array = getattr(state_or_view, "array", None)
    if array is not None:
        problems.extend(L.SCHEMA.violations(array))
        for p in range(n):  # the kernel resolves bids over every play slot: an unused one names no card
            o = L.SEATS + p * L.SEAT_SIZE
            unused = [j for j in range(int(array[o + L.S_NPICK]), C.PLAY_CARDS)
                      if array[o + L.S_PICK + j] != -1]
            if unused:
                add(f"SEATS[{p}].S_PICK[{unused[0]}] = {array[o + L.S_PICK + unused[0]]} after its "
                    f"{array[o + L.S_NPICK]} plays (an unused play is -1)")

    # 1. Coins (stakes are inside the purses of the view).
    disp = [x for row in ("characters", "locations") for x in display[row]]
    total = sum(sd["coins"] for sd in seats) + sum(x["coins"] for x in disp if x) + view["bank"]
    if total != TOTAL_COINS:
        add(f"coins: purses + display + bank = {total}, not {TOTAL_COINS}")

    # 2. Cards.
    decks = tables.decks(n)
    in_deck = tables.deck_sets(n)
    seen: dict[str, str] = {}
    for row, deck in (("characters", "character"), ("locations", "location")):
        cells = display[row]
        if len(cells) != slots:
            add(f"display.{row} has {len(cells)} slots, not {slots}")
        for i, x in enumerate(cells):
            if x is None:
                if not over:
                    add(f"display.{row}[{i}] is empty during play (the refill fills every slot)")
                continue
            cid = x["card"]
            if over:
                add(f"display.{row}[{i}] holds {cid} after the end")
            if cid not in in_deck[deck]:
                add(f"display.{row}[{i}]: {cid} is not a {deck} card of this game")
            if cid in seen:
                add(f"{cid} is in two places")
            seen[cid] = row
    characters, locations = in_deck["character"], in_deck["location"]
    for p, sd in enumerate(seats):
        seat = f"seats[{p}]"
        for cid in sd["tableau"]:
            if cid not in characters and cid not in locations:
                add(f"{seat}: {cid} is not in this game")
            if cid in seen:
                add(f"{cid} is in two places")
            seen[cid] = seat
    for deck, ids in decks.items():
        on = len(in_deck[deck].intersection(seen))  # cards of this deck on the display or in a tableau
        count = view["decks"][deck] + on + view["removed"][deck]
        if count != len(ids):
            add(f"{deck}: deck + display + tableaux + removed = {count}, not {len(ids)}")
        if view["decks"][deck] < 0:
            add(f"{deck}: negative count")

    # Tableau-derived counts and the score.
    for p, sd in enumerate(seats):
        t = tables.totals(sd["tableau"])
        if sd["legions"] != t.legions:
            add(f"seats[{p}].legions disagrees")
        if sd["pillars"] != t.pillars:
            add(f"seats[{p}].pillars disagrees")
        for x in RESOURCES:
            if sd["resources"][x] != t.resources[x]:
                add(f"seats[{p}].resources.{x} disagrees")
        for k in COLOURS:
            if sd["colours"][k] != t.colours[k]:
                add(f"seats[{p}].colours.{k} disagrees")
    if not problems:
        ref = tables.scores(seats)
        majority_values = {0, *p_all["majority_vp"]}
        for p, sd in enumerate(seats):
            src = sd["vp_by_source"]
            if tuple(src) != VP_SOURCES:
                add(f"seats[{p}].vp_by_source keys {list(src)}")
            if src != ref[p]:
                add(f"seats[{p}].vp_by_source {src} != recomputed {ref[p]}")
            vp = sum(src.values())
            if vp != sd["vp"]:
                add(f"seats[{p}]: sources sum to {vp}, vp {sd['vp']}")
            for key in MAJ_KEYS:
                if src[key] not in majority_values:
                    add(f"seats[{p}]: {key} = {src[key]}")

    # Rounds and decisions.
    if not 1 <= view["round"] <= p_all["max_rounds"]:
        add(f"round {view['round']} outside 1..{p_all['max_rounds']}")
    if over:
        if not (view["current_player"] is None and view["pending"] is None):
            add("a finished game has a pending decision")
        if any(sd["committed"] for sd in seats):
            add("a finished game has a committed seat")
        if view.get("current_play") is not None:
            add("a finished game has a play in progress")
    else:
        cur = view["current_player"]
        if view["pending"] not in DECISIONS:
            add(f"pending {view['pending']!r}")
        if not (isinstance(cur, int) and 0 <= cur < n):
            add(f"current_player {cur!r}")
        if isinstance(cur, int) and [sd["committed"] for sd in seats] != [q < cur for q in range(n)]:
            add("exactly the seats before the current player have fixed their play")
        play = view.get("current_play")
        if (play is None) != (view["pending"] == "PLAY_CARDS"):
            add("current_play is shown only during BRIBE/LEGIONS")
        if play is not None and isinstance(cur, int):
            if play["seat"] != cur:
                add("current_play belongs to another seat")
            if len(play["cards"]) != 2:
                add("a play has 2 hand cards")
            if not sum(play["bribes"]) + play["raised"] <= seats[cur]["coins"]:
                add("bribes exceed the purse")
            if not sum(play["legions"]) <= seats[cur]["legions"]:
                add("more legions committed than held")

    # Legal actions of a State.
    if hasattr(state_or_view, "legal_actions"):
        legal = state_or_view.legal_actions()
        if over:
            if legal != []:
                add("legal actions after the end")
        else:
            if len(legal) < 2:
                add(f"{len(legal)} legal actions pending (single options are taken automatically)")
            if legal != sorted(set(legal)):
                add("legal actions are not ascending and distinct")
    return problems


class StepChecker:
    """Checks properties of consecutive positions of one game (feed every position with ``observe``, or every
    ``State`` with ``violations`` to check the position's invariants too)."""

    def __init__(self, params: Mapping[str, Any]) -> None:
        """`params`: the game's full parameter set, or overrides of the defaults."""
        self.params = params if _is_full(params) else _params_of(None, params)
        self.prev: dict[str, Any] | None = None
        self.gone: set[str] = set()
        self._prev_places: dict[str, Any] = {}  # _places(prev), as observed
        self._tables: CardTables | None = None

    def violations(self, state: Any) -> list[str]:
        """``check_invariants(state) + observe(state)`` from one view, with the card tables of this checker's
        parameters (built once; a ``State`` of another parameter set is checked with tables of its own)."""
        view = _view_of(state)
        game = getattr(state, "game", None)
        if game is not None and game.params is not self.params:
            tables = CardTables(game.params)
        else:
            if self._tables is None:
                self._tables = CardTables(_params_of(None, self.params))
            tables = self._tables
        return _position_problems(state, view, tables, None) + self.observe(view)

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
        """Problems of the step from the previously observed position to this one."""
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
            before = self._prev_places
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
        self._prev_places = now
        return problems
