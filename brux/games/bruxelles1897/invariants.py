"""Rule invariants of Bruxelles 1897 (rules section 6), checked from the public view.

Two entry points, both returning a list of readable problems (an empty list means every invariant holds):

``check_invariants(state_or_view, params=None)``
    Invariants of a single position: (given a ``State``) every state field within the bounds the layout declares
    (``layout.SCHEMA``), architect and card conservation, tracks, VP sources, the shape of the Brussels lists, the
    round, and (given a ``State``) the legal actions. A ``State`` supplies its own rule parameters
    (``state.game.params``); for a bare view (``state.to_dict()``) pass the full parameter set or the rule overrides
    of the game, the defaults are used otherwise.

``StepChecker``
    Properties of consecutive positions of one game: VP only grows before the end-game step (only
    ``noble_penalty`` may fall, and only at the end), the round never goes back, and a seat takes at most
    ``1 + (architects in hand at the start of the round) + (architects freed during the round)`` turns in a round.
    Feed it every position in order with ``observe``.

Example::

    state = brux.load_game("bruxelles1897", players=3).new_initial_state(seed=1)
    steps = StepChecker(state.game.params)
    while not state.is_terminal():
        assert check_invariants(state) == [] and steps.observe(state) == []
        state.apply_action(state.legal_actions()[0])

Besides the state's field bounds, only the documented view is read (rules section 8 and docs section 4,
``pending_cards`` included), so the other checks apply to any engine that produces that view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .kernel import layout as L

__all__ = ["ARCH_TYPES", "DECISIONS", "VP_SOURCES", "StepChecker", "check_invariants"]

ARCH_TYPES = ("1/3", "2/4", "2/5")
COLOURS = ("yellow", "blue", "green", "red")
PAIRS = ("SS", "BB", "WW", "SB", "SW", "BW")
HOUSES = ("h1", "h2", "h3", "h4")
NOBLES = ("brugmann", "albert", "buls", "horta", "hankar", "vandervelde")
TRACKS = ("architecture", "noble", "prestige")
BONUS_CARDS = ("nobility", "architecture", "prestige", "prison")
BRUSSELS = ("stock_exchange", "city_hall", "park")
DECISIONS = (
    "MAIN", "BR_CARD", "PARK", "KEEP_ONE", "SELL", "BUILD", "NOBLE_KEEP", "FREE_PRISONER", "CITY_HALL", "EXHIBIT",
    "TO_PRISON",
)
VP_SOURCES = (
    "build", "exhibit", "arms", "houses", "materials", "exhibition_card", "bonus_nobility", "bonus_architecture",
    "bonus_prestige", "bonus_prison", "noble_penalty",
)
# VP sources scored only by the end of the game (rules section 4).
END_SOURCES = (
    "houses", "materials", "exhibition_card", "bonus_nobility", "bonus_architecture", "bonus_prestige",
    "bonus_prison", "noble_penalty",
)
# Deck name, tableau key in a seat, subtype names, component-table key.
DECKS = (
    ("artwork", "artworks", COLOURS, "artworks_per_colour"),
    ("material", "materials", PAIRS, "materials_per_pair"),
    ("house", "houses", HOUSES, "houses_per_type"),
    ("noble", "nobles", NOBLES, "nobles_per_type"),
)
NOBLE_STATES = (None, "untapped", "tapped")
MIN_PLAYERS, MAX_PLAYERS = 2, 4
COLS = 4
ROWS = {2: 3, 3: 3, 4: 4}  # area rows by player count
NEUTRAL_PLAYERS = 2  # the player count with neutral architects in the bottom corners


def _params_of(state_or_view: Any, params: Mapping[str, Any] | None) -> dict[str, Any]:
    game = getattr(state_or_view, "game", None)
    if game is not None and params is None:
        return game.params
    from .params import resolve

    return resolve(dict(params or {}))


def _view_of(state_or_view: Any) -> dict[str, Any]:
    return state_or_view.to_dict() if hasattr(state_or_view, "to_dict") else state_or_view


def _is_triangular(n: int) -> bool:
    m = 0
    while m * (m + 1) // 2 < n:
        m += 1
    return m * (m + 1) // 2 == n


def check_invariants(state_or_view: Any, params: Mapping[str, Any] | None = None) -> list[str]:
    """Problems with one position of Bruxelles 1897 (rules section 6); an empty list means none.

    `state_or_view` is a ``brux`` ``State`` or its view (``state.to_dict()``). `params` is the game's full rule
    parameter set or its overrides (default: the state's own parameters, else the default rules). Each problem
    names the invariant and the numbers involved, e.g. ``"architects: seat 1 type 1/3: hand 4 + area 1 +
    Brussels 0 + prison 0 = 5, expected 4"``.

    Checked: (given a ``State``) every value of its state within the bounds of ``layout.SCHEMA`` (every count, code,
    seat and card index in range, hidden fields included); the round is within 1..rounds (and equals rounds once the
    game is over); per seat and architect type, hand + area + Brussels + prison = ``architect_counts``; every
    artwork, material, house and noble card is in exactly one place (deck, discard pile, area, a tableau, a kept
    noble, ``pending_cards``) with the counts of the component table, each seat keeps its Georges Brugmann, money
    cards (deck + area) and the exhibition card (area, holder or exhibition area) are all accounted for; no card is
    pending at a MAIN decision; money >= 0; 1 <= track <= ``track_max``; ``vp_by_source`` sums to ``vp``, only
    ``noble_penalty`` is negative and the end-game sources are 0 before the end; in the action phase the Brussels
    lists hold 1 + 2 + ... + m architects (one list may be partial while BR_CARD is pending); the 2-player corners
    hold the neutral architects; for a ``State``, a pending decision has at least 2 legal actions and a finished
    game none.
    """
    v = _view_of(state_or_view)
    p = _params_of(state_or_view, params)
    out: list[str] = []
    n = v.get("players")
    seats = v.get("seats", [])
    if not isinstance(n, int) or not MIN_PLAYERS <= n <= MAX_PLAYERS or len(seats) != n:
        return [f"players: {n!r} players with {len(seats)} seats ({MIN_PLAYERS} to {MAX_PLAYERS} expected)"]
    array = getattr(state_or_view, "array", None)
    if array is not None:
        out.extend(L.SCHEMA.violations(array))
    rounds = p["rounds"]
    over = bool(v.get("over"))

    # ---- round, end of game, pending decision ----
    rnd = v.get("round")
    if not isinstance(rnd, int) or not 1 <= rnd <= rounds:
        out.append(f"round: {rnd!r} is not within 1..{rounds}")
    if over:
        if rnd != rounds:
            out.append(f"end: the game ended in round {rnd}, not after round {rounds}")
        if v.get("current_player") is not None or v.get("pending") is not None:
            out.append(f"end: current_player {v.get('current_player')!r} and pending {v.get('pending')!r} "
                       "must be null in a finished game")
    else:
        cur = v.get("current_player")
        if not isinstance(cur, int) or not 0 <= cur < n:
            out.append(f"pending: current_player {cur!r} is not a seat")
            cur = None
        if v.get("pending") not in DECISIONS:
            out.append(f"pending: {v.get('pending')!r} is not a decision name")
        if v.get("pending") == "MAIN" and cur is not None and seats[cur].get("passed"):
            out.append(f"turns: seat {cur} has passed but has a MAIN decision")
    if not isinstance(v.get("start_player"), int) or not 0 <= v["start_player"] < n:
        out.append(f"start_player: {v.get('start_player')!r} is not a seat")
    holder = v.get("exhibition_holder")
    if holder is not None and (not isinstance(holder, int) or not 0 <= holder < n):
        out.append(f"exhibition: holder {holder!r} is not a seat")

    # ---- the Art Nouveau area ----
    area = v.get("area", {})
    rows = ROWS[n]
    spaces = area.get("spaces", [])
    if (area.get("rows") != rows or area.get("cols") != COLS or len(spaces) != rows
            or any(len(r) != COLS for r in spaces)):
        out.append(f"area: {area.get('rows')!r} x {area.get('cols')!r} with {len(spaces)} rows, "
                   f"expected {rows} x {COLS}")
        spaces = []
    if sorted(area.get("bonus", [])) != sorted(BONUS_CARDS):
        out.append(f"area: bonus cards {area.get('bonus')!r} are not one of each of {', '.join(BONUS_CARDS)}")
    faces = {t: tuple(f) for t, f in zip(ARCH_TYPES, p["architect_faces"])}
    corners = {(rows - 1, 0), (rows - 1, COLS - 1)} if n == NEUTRAL_PLAYERS else set()
    arch_area = [[0] * len(ARCH_TYPES) for _ in range(n)]
    in_area: dict[str, dict[str, int]] = {deck: {} for deck, *_ in DECKS}
    money_in_area = 0
    exhibition_in_area = 0
    for r, row in enumerate(spaces):
        for c, sp in enumerate(row):
            where = f"area r{r}c{c}"
            arch = sp.get("architect") if isinstance(sp, dict) else None
            if (r, c) in corners:
                if arch is None or arch.get("owner") != "neutral" or arch.get("value") != p["neutral_value"]:
                    out.append(f"area: {where} must hold the neutral architect of value {p['neutral_value']}, "
                               f"holds {sp!r}")
                continue
            if sp is None:
                continue
            if arch is not None:
                owner, t, value = arch.get("owner"), arch.get("type"), arch.get("value")
                if not isinstance(owner, int) or not 0 <= owner < n or t not in faces:
                    out.append(f"area: {where} holds an architect of owner {owner!r} and type {t!r}")
                    continue
                if value not in faces[t]:
                    out.append(f"area: {where}: value {value!r} is not a face of {t} {faces[t]}")
                arch_area[owner][ARCH_TYPES.index(t)] += 1
                continue
            kind = sp.get("card")
            if kind == "money":
                money_in_area += 1
            elif kind == "exhibition":
                exhibition_in_area += 1
            elif kind in in_area:
                sub = sp.get(kind)
                in_area[kind][sub] = in_area[kind].get(sub, 0) + 1
            else:
                out.append(f"area: {where} holds {sp!r}")

    # ---- Brussels ----
    arch_bru = [[0] * len(ARCH_TYPES) for _ in range(n)]
    bru = v.get("brussels", {})
    # In the action phase (some seat has not passed) every list holds 1 + 2 + ... + m architects, except, while
    # BR_CARD is pending, the card being committed to (1 + ... + (m - 1) + k). In the majority phase and at the
    # end TO_PRISON has taken architects out of the lists.
    action_phase = not over and not all(sd.get("passed") for sd in seats)
    partial = [card for card in BRUSSELS if not _is_triangular(len(bru.get(card, [])))]
    if action_phase and len(partial) > (1 if v.get("pending") == "BR_CARD" else 0):
        out.append("brussels: " + ", ".join(f"{card} holds {len(bru[card])} architects" for card in partial)
                   + ", not 0, 1, 3, 6, ... (1 + 2 + ... + m)")
    for card in BRUSSELS:
        lst = bru.get(card, [])
        for e in lst:
            owner, t = e.get("owner"), e.get("type")
            if not isinstance(owner, int) or not 0 <= owner < n or t not in ARCH_TYPES:
                out.append(f"brussels: {card} holds an architect of owner {owner!r} and type {t!r}")
                continue
            arch_bru[owner][ARCH_TYPES.index(t)] += 1

    # ---- seats: architects, money, tracks, VP ----
    counts = p["architect_counts"]
    track_max = p["track_max"]
    for s, sd in enumerate(seats):
        for i, t in enumerate(ARCH_TYPES):
            hand, prison = sd["hand"][t], sd["prison"][t]
            total = hand + arch_area[s][i] + arch_bru[s][i] + prison
            if total != counts[i] or hand < 0 or prison < 0:
                out.append(f"architects: seat {s} type {t}: hand {hand} + area {arch_area[s][i]} + Brussels "
                           f"{arch_bru[s][i]} + prison {prison} = {total}, expected {counts[i]}")
        if sd["money"] < 0:
            out.append(f"money: seat {s} has {sd['money']} BEF")
        for track in TRACKS:
            x = sd["tracks"][track]
            if not 1 <= x <= track_max:
                out.append(f"tracks: seat {s} {track} track at {x}, outside 1..{track_max}")
        src = sd.get("vp_by_source", {})
        if set(src) != set(VP_SOURCES):
            out.append(f"vp: seat {s} vp_by_source keys {sorted(src)} are not {sorted(VP_SOURCES)}")
        elif sum(src.values()) != sd["vp"]:
            out.append(f"vp: seat {s} vp_by_source sums to {sum(src.values())}, vp is {sd['vp']}")
        for key, x in src.items():
            if key == "noble_penalty" and x > 0:
                out.append(f"vp: seat {s} noble_penalty is {x} > 0")
            elif key != "noble_penalty" and x < 0:
                out.append(f"vp: seat {s} {key} is {x} < 0")
            if not over and key in END_SOURCES and x != 0:
                out.append(f"vp: seat {s} has {x} VP from the end-game source {key} before the end")
        nobles = sd.get("nobles", {})
        for name in NOBLES:
            if nobles.get(name, "missing") not in NOBLE_STATES:
                out.append(f"nobles: seat {s} {name} is {nobles.get(name, 'missing')!r}")
        if nobles.get("brugmann") is None:
            out.append(f"cards: seat {s} does not keep Georges Brugmann (exactly one per seat)")

    # ---- cards: every action card in exactly one place ----
    pending = v.get("pending_cards", [])
    if (over or v.get("pending") == "MAIN") and pending:
        out.append(f"cards: {len(pending)} pending cards {pending!r} with no sub-decision open")
    pend: dict[str, dict[str, int]] = {deck: {} for deck, *_ in DECKS}
    for card in pending:
        kind = card.get("card")
        if kind not in pend:
            out.append(f"cards: pending card {card!r} is not an artwork, material, house or noble")
            continue
        pend[kind][card.get(kind)] = pend[kind].get(card.get(kind), 0) + 1
    decks, discards = v.get("decks", {}), v.get("discards", {})
    comp = p["components"]
    for deck, key, subs, comp_key in DECKS:
        per = comp[comp_key]
        subs_in_decks = subs[1:] if deck == "noble" else subs  # Brugmann cards are kept or in the box
        visible = {sub: in_area[deck].get(sub, 0) + pend[deck].get(sub, 0) for sub in subs}
        for sd in seats:
            for sub in subs_in_decks:
                held = sd[key][sub]
                visible[sub] += (held is not None) if deck == "noble" else held
        for sub in set(in_area[deck]) | set(pend[deck]):
            if sub not in subs:
                out.append(f"cards: unknown {deck} {sub!r} in the area or pending")
        if deck == "noble" and visible["brugmann"]:
            out.append(f"cards: {visible['brugmann']} Brugmann cards in the area or pending")
        for sub in subs_in_decks:
            if visible[sub] > per:
                out.append(f"cards: {visible[sub]} {deck} {sub} cards in the area, tableaux and pending, "
                           f"the game has {per}")
        in_deck, in_pile = decks.get(deck, 0), discards.get(deck, 0)
        seen = sum(visible[sub] for sub in subs_in_decks)
        total = per * len(subs_in_decks)
        if in_deck < 0 or in_pile < 0 or in_deck + in_pile + seen != total:
            out.append(f"cards: {deck}: deck {in_deck} + discards {in_pile} + area/tableaux/pending {seen} = "
                       f"{in_deck + in_pile + seen}, the game has {total}")
    money_deck = decks.get("money", 0)
    if money_deck < 0 or money_deck + money_in_area != comp["money_cards"]:
        out.append(f"cards: money: deck {money_deck} + area {money_in_area} = {money_deck + money_in_area}, "
                   f"the game has {comp['money_cards']}")
    if exhibition_in_area + (holder is not None) > 1:
        out.append(f"cards: the exhibition card is in {exhibition_in_area} area spaces and held by {holder!r}")

    # ---- legal actions (a State only) ----
    if hasattr(state_or_view, "legal_actions"):
        legal = state_or_view.legal_actions()
        terminal = state_or_view.is_terminal()
        if terminal != over or (state_or_view.current_player() == -1) != over:
            out.append(f"end: is_terminal {terminal}, current_player {state_or_view.current_player()}, "
                       f"view over {over}")
        if over and legal:
            out.append(f"legal: a finished game has legal actions {legal}")
        if not over and len(legal) < 2:
            out.append(f"legal: a pending decision has {len(legal)} legal action(s) {legal}, at least 2 expected")
        if legal != sorted(set(legal)) or any(not 0 <= a < state_or_view.game.num_actions for a in legal):
            out.append(f"legal: {legal} is not an ascending list of distinct action numbers")
    return out


class StepChecker:
    """Properties across the consecutive positions of one game (rules section 6).

    Call ``observe(state_or_view)`` with every position in order (at least every position where a player decides;
    positions skipped by automatic single-option decisions may be missing). Each call returns the problems found
    since the previous position:

    - VP only change as listed: every VP source except ``noble_penalty`` never decreases, and ``noble_penalty``
      changes only in the step that ends the game (so VP never decrease before the end-game step);
    - the round never goes back and the game never continues after its end;
    - a seat has at most ``1 + (architects in hand at the start of the round) + (architects freed during the
      round)`` turns (MAIN decisions) in a round. Turns are counted from the first position seen in a round,
      the hand is the one of that position, and an architect is freed when the seat's prison shrinks (prison only
      grows in the majority phase, after the last turn of the round).
    """

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        self.params = params
        self.prev: dict[str, Any] | None = None
        self.round: int | None = None
        self.hand0: list[int] = []
        self.prison0: list[int] = []
        self.turns: list[int] = []

    def observe(self, state_or_view: Any) -> list[str]:
        v = _view_of(state_or_view)
        out: list[str] = []
        prev = self.prev
        seats = v["seats"]
        if prev is not None:
            if prev.get("over"):
                out.append("end: the game went on after it was over")
            if v["round"] < prev["round"]:
                out.append(f"round: went back from {prev['round']} to {v['round']}")
            for s, (a, b) in enumerate(zip(prev["seats"], seats)):
                for key in VP_SOURCES:
                    x, y = a["vp_by_source"][key], b["vp_by_source"][key]
                    if key == "noble_penalty":
                        if y != x and not (v.get("over") and not prev.get("over")):
                            out.append(f"vp: seat {s} noble_penalty changed {x} -> {y} outside the end-game step")
                    elif y < x:
                        out.append(f"vp: seat {s} {key} decreased {x} -> {y}")
                if b["vp"] < a["vp"] and not v.get("over"):
                    out.append(f"vp: seat {s} VP decreased {a['vp']} -> {b['vp']} before the end of the game")
        if v["round"] != self.round:
            self.round = v["round"]
            self.hand0 = [sum(sd["hand"].values()) for sd in seats]
            self.prison0 = [sum(sd["prison"].values()) for sd in seats]
            self.turns = [0] * len(seats)
        if not v.get("over") and v.get("pending") == "MAIN":
            s = v["current_player"]
            self.turns[s] += 1
            freed = self.prison0[s] - sum(seats[s]["prison"].values())
            bound = 1 + self.hand0[s] + max(freed, 0)
            if self.turns[s] > bound:
                out.append(f"turns: seat {s} takes turn {self.turns[s]} of round {v['round']}, at most 1 + "
                           f"{self.hand0[s]} in hand + {max(freed, 0)} freed = {bound}")
        self.prev = v
        return out
