"""The readable state view of Bruxelles 1897 (rules section 8, docs section 4) and scenarios built from it."""

from typing import Any

import numpy as np

from brux.core.viewread import Draws, choice, int_at, is_int, items, need, shown, table

from .kernel import codes as C
from .kernel import layout as L
from .kernel.area import index_cards
from .kernel.engine import settle

TABLEAU = (
    (C.DK_ARTWORK, "artworks", L.S_ART), (C.DK_MATERIAL, "materials", L.S_MAT), (C.DK_HOUSE, "houses", L.S_HOUSE),
)
NOBLE_STATES = (None, "untapped", "tapped")  # by codes.NOBLE_NOT_KEPT, NOBLE_UNTAPPED, NOBLE_TAPPED
assert [C.NOBLE_NOT_KEPT, C.NOBLE_UNTAPPED, C.NOBLE_TAPPED] == list(range(len(NOBLE_STATES)))
END_SOURCES = tuple(range(C.VP_HOUSES, C.VP_NOBLE_PENALTY + 1))  # sources scored only by the end-game steps


def _seat(p: int) -> int:
    return L.SEATS + p * L.SEAT_SIZE


def _discard(d: int) -> int:
    return L.DISCARD + d * C.MAX_SUBTYPES


def _entry(e: int) -> tuple[int, int]:
    """A Brussels list entry as (owner, architect type)."""
    return e >> C.ENTRY_TYPE_BITS, e & C.ENTRY_TYPE_MASK


def card_dict(kind: int, sub: int) -> dict[str, str]:
    name = C.KIND_NAMES[kind]
    d = {"card": name}
    deck = C.DECK_OF_KIND[kind]
    if deck >= 0:
        d[name] = C.SUBTYPE_NAMES[deck][sub]
    return d


def _space(s: list[int], sp: int) -> dict[str, Any] | None:
    kind = int(s[L.A_KIND + sp])
    if kind == C.SP_EMPTY:
        return None
    if kind == C.SP_NEUTRAL:
        return {"architect": {"owner": "neutral", "type": C.ARCH_TYPES[0], "value": int(s[L.A_VALUE + sp])}}
    if kind == C.SP_ARCHITECT:
        return {"architect": {"owner": int(s[L.A_OWNER + sp]), "type": C.ARCH_TYPES[s[L.A_SUB + sp]],
                              "value": int(s[L.A_VALUE + sp])}}
    return card_dict(kind, int(s[L.A_SUB + sp]))


def _pending_cards(s: list[int]) -> list[dict[str, str]]:
    cards = []  # (global subtype, kind, sub)
    if s[L.C_NOBLE] >= 0:
        cards.append((C.KEEP_BASE[C.DK_NOBLE] + s[L.C_NOBLE], C.K_NOBLE, s[L.C_NOBLE]))
    if s[L.C_HOUSE] >= 0:
        cards.append((C.KEEP_BASE[C.DK_HOUSE] + s[L.C_HOUSE], C.K_HOUSE, s[L.C_HOUSE]))
    for m in range(C.N_PAIRS):
        cards += [(C.KEEP_BASE[C.DK_MATERIAL] + m, C.K_MATERIAL, m)] * int(s[L.C_PAY + m])
    d = s[L.C_DRAW_KIND]
    for i in range(int(s[L.C_DRAWN_N])):
        sub = s[L.C_DRAWN + i]
        cards.append((C.KEEP_BASE[d] + sub, C.DECK_KIND[d], sub))
    return [card_dict(int(kind), int(sub)) for _, kind, sub in sorted(cards)]


def _seat_dict(s: list[int], p: int) -> dict[str, Any]:
    o = _seat(p)

    def counts(off: int, names: tuple[str, ...]) -> dict[str, int]:
        return {name: int(s[off + i]) for i, name in enumerate(names)}

    return {
        "money": int(s[o + L.S_MONEY]),
        "vp": int(s[o + L.S_VP]),
        "passed": bool(s[o + L.S_PASSED]),
        "tracks": counts(o + L.S_TRACK, C.TRACK_NAMES),
        "hand": counts(o + L.S_HAND, C.ARCH_TYPES),
        "prison": counts(o + L.S_PRISON, C.ARCH_TYPES),
        "artworks": counts(o + L.S_ART, C.COLOURS),
        "materials": counts(o + L.S_MAT, C.PAIRS),
        "houses": counts(o + L.S_HOUSE, C.HOUSES),
        "nobles": {name: NOBLE_STATES[s[o + L.S_NOBLE + i]] for i, name in enumerate(C.NOBLES)},
        "vp_by_source": counts(o + L.S_SRC, C.VP_SOURCES),
    }


def to_dict(state: np.ndarray) -> dict[str, Any]:
    """The documented readable view of a state array."""
    s = state.tolist()  # plain ints: far faster to read one by one than numpy scalars
    n = int(s[L.P_PLAYERS])
    rows = int(s[L.P_ROWS])
    over = bool(s[L.G_OVER])
    holder = int(s[L.G_EXH_HOLDER])
    return {
        "game": "bruxelles1897",
        "players": n,
        "round": int(s[L.G_ROUND]),
        "over": over,
        "start_player": int(s[L.G_START]),
        "current_player": None if over else int(s[L.G_CUR]),
        "pending": None if over else C.DECISION_NAMES[s[L.G_PENDING]],
        "exhibition_holder": None if holder < 0 else holder,
        "area": {
            "rows": rows,
            "cols": L.COLS,
            "bonus": [C.BONUS_NAMES[s[L.BONUS + c]] for c in range(L.COLS)],
            "spaces": [[_space(s, r * L.COLS + c) for c in range(L.COLS)] for r in range(rows)],
        },
        "brussels": {
            name: [{"owner": _entry(e)[0], "type": C.ARCH_TYPES[_entry(e)[1]]}
                   for e in s[L.BRU_LIST + b * L.BRU_CAP: L.BRU_LIST + b * L.BRU_CAP + s[L.BRU_LEN + b]]]
            for b, name in enumerate(C.BRUSSELS_NAMES)
        },
        "decks": {
            "artwork": int(s[L.DECK_LEN + C.DK_ARTWORK]),
            "money": int(s[L.G_MONEY_DECK]),
            "material": int(s[L.DECK_LEN + C.DK_MATERIAL]),
            "house": int(s[L.DECK_LEN + C.DK_HOUSE]),
            "noble": int(s[L.DECK_LEN + C.DK_NOBLE]),
        },
        "discards": {
            name: sum(s[_discard(d): _discard(d) + C.MAX_SUBTYPES]) for d, name in enumerate(C.DECK_NAMES)
        },
        "seats": [_seat_dict(s, p) for p in range(n)],
        "pending_cards": _pending_cards(s),
    }


def from_dict(d: dict[str, Any], params_flat: np.ndarray, seed: int) -> np.ndarray:
    """A state array for the position described by view `d` (a MAIN decision pending).

    Deck order and which unseen cards lie in a deck rather than its discard pile are drawn from `seed`.
    """
    s = np.zeros(L.STATE_SIZE, np.int64)
    s[: L.PARAMS_SIZE] = params_flat
    n = int(params_flat[L.P_PLAYERS])
    rows = int(params_flat[L.P_ROWS])
    table(d, "view")
    need(is_int(seed) and 0 <= seed < 2**63, "seed", f"must be an integer in 0..2**63-1, got {seed!r}")
    need(d.get("game") == "bruxelles1897", "game", f"expected 'bruxelles1897', got {d.get('game')!r}")
    need(d.get("players") == n, "players", f"the game has {n} players, the view {d.get('players')!r}")
    need(not d.get("over", False), "over", "a finished game cannot be a scenario")
    need(d.get("pending", "MAIN") == "MAIN", "pending", "scenarios start at a MAIN decision")
    s[L.G_SEED] = seed
    s[L.G_ROUND] = int_at(d, "round", "", 1, int(params_flat[L.P_ROUNDS]))
    s[L.G_START] = int_at(d, "start_player", "", 0, n - 1)
    cur = int_at(d, "current_player", "", 0, n - 1)
    holder = d.get("exhibition_holder")
    need(holder is None or (is_int(holder) and 0 <= holder < n), "exhibition_holder",
          f"must be null or a seat, got {holder!r}")
    s[L.G_EXH_HOLDER] = -1 if holder is None else holder
    s[L.C_NOBLE] = -1
    s[L.C_HOUSE] = -1
    seen = np.zeros((C.N_DECKS, C.MAX_SUBTYPES), np.int64)  # visible cards per deck and subtype
    arch = np.zeros((n, C.N_ARCH_TYPES), np.int64)  # architects per seat and type outside hand and prison
    money_in_area = 0
    exhibition_seen = holder is not None

    area = table(d.get("area", {}), "area")
    need(area.get("rows") == rows and area.get("cols") == L.COLS, "area", f"must be {rows} rows x {L.COLS} cols")
    bonus = items(area.get("bonus", []), "area.bonus")
    need(all(isinstance(b, str) for b in bonus) and sorted(bonus) == sorted(C.BONUS_NAMES), "area.bonus",
          f"must order {', '.join(C.BONUS_NAMES)}")
    for c, name in enumerate(bonus):
        s[L.BONUS + c] = C.BONUS_NAMES.index(name)
    spaces = items(area.get("spaces", []), "area.spaces")
    need(len(spaces) == rows and all(isinstance(r, list) and len(r) == L.COLS for r in spaces), "area.spaces",
          f"must be {rows} lists of {L.COLS} spaces")
    corners = {(rows - 1) * L.COLS, rows * L.COLS - 1} if n == L.NEUTRAL_PLAYERS else set()
    for sp in range(rows * L.COLS):
        where = f"area.spaces[{sp // L.COLS}][{sp % L.COLS}]"
        v = spaces[sp // L.COLS][sp % L.COLS]
        need(v is None or isinstance(v, dict), where, f"must be null or a table, got {shown(v)}")
        s[L.A_KIND + sp] = C.SP_EMPTY
        if sp in corners:
            ok = v is not None and isinstance(v.get("architect"), dict) and v["architect"].get("owner") == "neutral"
            need(ok, where, "a 2-player bottom corner holds the neutral architect")
            s[L.A_KIND + sp] = C.SP_NEUTRAL
            s[L.A_OWNER + sp] = -1
            s[L.A_VALUE + sp] = params_flat[L.P_NEUTRAL_VALUE]
            continue
        if v is None:
            continue
        if "architect" in v:
            a = v["architect"]
            table(a, where + ".architect")
            owner = a.get("owner")
            need(is_int(owner) and 0 <= owner < n, where, f"owner must be a seat, got {owner!r}")
            t = choice(a.get("type"), C.ARCH_TYPES, where + ".type")
            value = a.get("value")
            faces = params_flat[L.P_FACES + C.N_FACES * t: L.P_FACES + C.N_FACES * (t + 1)]
            need(is_int(value) and value in faces.tolist(), where + ".value",
                  f"{value!r} is not a face of {C.ARCH_TYPES[t]}")
            s[L.A_KIND + sp] = C.SP_ARCHITECT
            s[L.A_SUB + sp] = t
            s[L.A_OWNER + sp] = owner
            s[L.A_VALUE + sp] = value
            arch[owner, t] += 1
            continue
        kind = choice(v.get("card"), C.KIND_NAMES, where + ".card")
        s[L.A_KIND + sp] = kind
        deck = C.DECK_OF_KIND[kind]
        if deck >= 0:
            sub = choice(v.get(C.KIND_NAMES[kind]), C.SUBTYPE_NAMES[deck], f"{where}.{C.KIND_NAMES[kind]}")
            need(sub != C.N_BRUGMANN or deck != C.DK_NOBLE, where, "Brugmann is never in the area")
            s[L.A_SUB + sp] = sub
            seen[deck, sub] += 1
        elif kind == C.K_MONEY:
            money_in_area += 1
        else:
            need(not exhibition_seen, where, "the exhibition card is held by a player")
            exhibition_seen = True
    index_cards(s)

    brussels = table(d.get("brussels", {}), "brussels")
    for b, name in enumerate(C.BRUSSELS_NAMES):
        lst = items(brussels.get(name, []), f"brussels.{name}")
        uses = 0
        while uses * (uses + 1) // 2 < len(lst):
            uses += 1
        need(uses * (uses + 1) // 2 == len(lst), f"brussels.{name}", f"{len(lst)} entries is not 1 + 2 + ... + m")
        s[L.BRU_LEN + b] = len(lst)
        s[L.BRU_USES + b] = uses
        for i, e in enumerate(lst):
            table(e, f"brussels.{name}[{i}]")
            owner = e.get("owner")
            need(is_int(owner) and 0 <= owner < n, f"brussels.{name}[{i}]", f"bad owner {owner!r}")
            t = choice(e.get("type"), C.ARCH_TYPES, f"brussels.{name}[{i}].type")
            s[L.BRU_LIST + b * L.BRU_CAP + i] = owner << C.ENTRY_TYPE_BITS | t
            arch[owner, t] += 1

    seats = items(d.get("seats", []), "seats")
    need(len(seats) == n and all(isinstance(sd, dict) for sd in seats), "seats", f"must list {n} seat tables")
    track_max = int(params_flat[L.P_TRACK_MAX])
    npassed = 0
    for p, sd in enumerate(seats):
        o = _seat(p)
        w = f"seats[{p}]"
        s[o + L.S_MONEY] = int_at(sd, "money", w)
        s[o + L.S_VP] = int_at(sd, "vp", w, -10**6)
        need(isinstance(sd.get("passed", False), bool), f"{w}.passed", "must be true or false")
        s[o + L.S_PASSED] = bool(sd.get("passed", False))
        npassed += int(s[o + L.S_PASSED])
        for i, key in enumerate(C.TRACK_NAMES):
            s[o + L.S_TRACK + i] = int_at(sd.get("tracks", {}), key, f"{w}.tracks", 1, track_max)
        for t, key in enumerate(C.ARCH_TYPES):
            s[o + L.S_HAND + t] = int_at(sd.get("hand", {}), key, f"{w}.hand")
            s[o + L.S_PRISON + t] = int_at(sd.get("prison", {}), key, f"{w}.prison")
            total = s[o + L.S_HAND + t] + s[o + L.S_PRISON + t] + arch[p, t]
            want = params_flat[L.P_ARCH_COUNTS + t]
            need(total == want, w, f"{total} architects of type {key} in hand, area, Brussels and prison, not {want}")
        for deck, key, off in TABLEAU:
            for i, name in enumerate(C.SUBTYPE_NAMES[deck]):
                s[o + off + i] = int_at(sd.get(key, {}), name, f"{w}.{key}")
                seen[deck, i] += s[o + off + i]
        nobles = table(sd.get("nobles", {}), f"{w}.nobles")
        for i, name in enumerate(C.NOBLES):
            need(name in nobles and (nobles[name] is None or isinstance(nobles[name], str))
                  and nobles[name] in NOBLE_STATES, f"{w}.nobles.{name}",
                  f"must be null, 'untapped' or 'tapped', got {nobles.get(name)!r}")
            s[o + L.S_NOBLE + i] = NOBLE_STATES.index(nobles[name])
            if i != C.N_BRUGMANN:
                seen[C.DK_NOBLE, i] += s[o + L.S_NOBLE + i] > 0
        need(s[o + L.S_NOBLE + C.N_BRUGMANN] > 0, f"{w}.nobles.brugmann", "every player keeps Georges Brugmann")
        src = table(sd.get("vp_by_source", {}), f"{w}.vp_by_source")
        for i, name in enumerate(C.VP_SOURCES):
            s[o + L.S_SRC + i] = int_at(src, name, f"{w}.vp_by_source", -10**6)
        need(s[o + L.S_SRC: o + L.S_SRC + L.N_SOURCES].sum() == s[o + L.S_VP], w, "vp_by_source must sum to vp")
        for i in END_SOURCES:
            need(s[o + L.S_SRC + i] == 0, f"{w}.vp_by_source.{C.VP_SOURCES[i]}", "only scores at the end of the game")
        s[o + L.S_HAND0] = s[o + L.S_HAND: o + L.S_HAND + C.N_ARCH_TYPES].sum()
        s[o + L.S_OPEN: o + L.S_OPEN + L.OPENINGS_PER_SEAT] = -1
        s[o + L.S_NOPEN] = L.OPENINGS_PER_SEAT if s[L.G_ROUND] > 1 else 0
    need(not s[_seat(cur) + L.S_PASSED], "current_player", "the current player has passed")
    need(npassed < n, "seats", "every seat has passed; a MAIN decision cannot be pending")
    s[L.G_NPASSED] = npassed
    s[L.G_CUR] = cur
    s[L.C_ACTOR] = cur
    s[L.G_PENDING] = C.D_MAIN

    # Unseen cards: split between each deck (shuffled) and its discard pile, from the seed.
    Draws(seed).store(s, L.G_RNG_KEY, L.G_RNG_CTR)  # the chance stream, no draw made yet
    decks, discards = table(d.get("decks", {}), "decks"), table(d.get("discards", {}), "discards")
    per = params_flat[L.P_COMPONENTS: L.P_COMPONENTS + C.N_DECKS]
    rng = np.random.default_rng(seed)
    for deck, name in enumerate(C.DECK_NAMES):
        total = np.full(C.DECK_SUBTYPES[deck], per[deck])
        if deck == C.DK_NOBLE:
            total[C.N_BRUGMANN] = 0
        unseen = total - seen[deck, : C.DECK_SUBTYPES[deck]]
        need(bool((unseen >= 0).all()), name, f"more {name} cards in play than the game has ({seen[deck].tolist()})")
        in_deck = int_at(decks, name, "decks")
        in_pile = int_at(discards, name, "discards")
        need(in_deck + in_pile == unseen.sum(), name,
              f"decks.{name} + discards.{name} = {in_deck + in_pile}, but {unseen.sum()} {name} cards are unseen")
        cards = rng.permutation(np.repeat(np.arange(len(unseen)), unseen))
        s[L.DECK_LEN + deck] = in_deck
        s[L.DECK + deck * L.DECK_CAP: L.DECK + deck * L.DECK_CAP + in_deck] = cards[:in_deck]
        for sub in cards[in_deck:]:
            s[_discard(deck) + sub] += 1
    money = int_at(decks, "money", "decks")
    need(money + money_in_area == params_flat[L.P_MONEY_CARDS], "decks.money",
          f"{money} in the deck + {money_in_area} in the area is not {params_flat[L.P_MONEY_CARDS]}")
    s[L.G_MONEY_DECK] = money
    settle(s)
    return s
