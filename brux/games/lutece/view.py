"""The readable state view of Lutèce (rules section 11, docs section 4) and scenarios built from it."""

from typing import Any

import numpy as np

from brux.core.viewread import Draws, int_at, items, need, table

from .kernel import codes as C
from .kernel import layout as L
from .kernel.engine import resume
from .kernel.score import score_all
from .params import card_ids

COUNT_MAX = 10**9  # the bound of a count read from a view (coins and cards)


def card_id(ids: tuple[tuple[str, ...], tuple[str, ...]], c: int) -> str:
    return ids[c // L.DECK_CAP][c % L.DECK_CAP]


def _seat(p: int) -> int:
    return L.SEATS + p * L.SEAT_SIZE


def _seat_dict(t: memoryview, p: int, tableau: list[str]) -> dict[str, Any]:
    o = _seat(p)
    f = t[o: o + L.SEAT_SIZE].tolist()  # the seat's fields as plain ints
    return {
        "coins": f[L.S_COINS] + f[L.S_STAKE],  # the round's sealed stakes are not shown (docs 4)
        "tableau": tableau,
        "legions": f[L.S_LEGIONS],
        "resources": dict(zip(C.RESOURCES, f[L.S_RES: L.S_RES + len(C.RESOURCES)])),
        "pillars": f[L.S_PILLARS],
        "colours": dict(zip(C.COLOURS, f[L.S_COL: L.S_COL + len(C.COLOURS)])),
        "committed": bool(f[L.S_COMMITTED]),
        "vp": f[L.S_VP],
        "vp_by_source": dict(zip(C.VP_SOURCES, f[L.S_SRC: L.S_SRC + len(C.VP_SOURCES)])),
    }


def _tableaux(t: memoryview, n: int, ids: Any) -> list[list[str]]:
    """Each seat's tableau: the cards located at that seat, in card order."""
    out: list[list[str]] = [[] for _ in range(n)]
    for d, names in enumerate(ids):  # card d * DECK_CAP + i is names[i] (card_id)
        base = L.LOC + d * L.DECK_CAP
        for i, where in enumerate(t[base: base + L.DECK_CAP]):
            if 0 <= where < n:
                out[where].append(names[i])
    return out


def _current_play(t: memoryview) -> dict[str, Any] | None:
    """The deciding seat's own play so far (a BRIBE or LEGIONS decision pending), else None."""
    if t[L.G_OVER] or t[L.G_PENDING] == C.D_CARDS:
        return None
    p = t[L.G_CUR]
    o = _seat(p)
    npick = t[o + L.S_NPICK]
    picks = [C.HAND_NAMES[t[o + L.S_PICK + j]] for j in range(npick)]
    step = t[L.C_STEP]
    bribes_done = step if t[L.G_PENDING] == C.D_BRIBE else npick
    return {
        "seat": p,
        "cards": picks + ["$"] * t[o + L.S_INCOME],
        "bribes": [t[o + L.S_BRIBE + j] for j in range(bribes_done)],
        "raised": t[L.C_ACC],
        "legions": [t[o + L.S_LEG + j] for j in range(step)] if t[L.G_PENDING] == C.D_LEGIONS else [],
    }


def to_dict(s: np.ndarray) -> dict[str, Any]:
    """The documented readable view of a state array (during play, VP are those if the game ended now)."""
    if not s[L.G_OVER]:
        scored = s.copy()
        score_all(scored)
        s = scored
    t = memoryview(s)  # reads plain ints, without converting the whole array
    n = t[L.P_PLAYERS]
    slots = t[L.P_SLOTS]
    over = bool(t[L.G_OVER])
    ids = card_ids(s)

    def row(d: int) -> list[dict[str, Any] | None]:
        out: list[dict[str, Any] | None] = []
        for i in range(slots):
            k = d * L.MAX_SLOTS + i
            c = t[L.SLOT_CARD + k]
            out.append(None if c < 0 else {"card": card_id(ids, c), "coins": t[L.SLOT_COINS + k]})
        return out

    tableaux = _tableaux(t, n, ids)
    return {
        "game": "lutece",
        "players": n,
        "round": t[L.G_ROUND],
        "over": over,
        "current_player": None if over else t[L.G_CUR],
        "pending": None if over else C.DECISION_NAMES[t[L.G_PENDING]],
        "bank": t[L.G_BANK],
        "display": {"characters": row(C.DK_CHARACTER), "locations": row(C.DK_LOCATION)},
        "decks": {name: t[L.DECK_END + d] - t[L.DECK_POS + d] for d, name in enumerate(C.DECK_NAMES)},
        "removed": {name: t[L.REMOVED + d] for d, name in enumerate(C.DECK_NAMES)},
        "seats": [_seat_dict(t, p, tableaux[p]) for p in range(n)],
        "current_play": _current_play(t),
    }


def from_dict(d: dict[str, Any], flat: np.ndarray, seed: int) -> np.ndarray:
    """A state array for the position view `d` describes: the start of round `round`, no play fixed yet.

    Empty display slots are allowed from round 2 on: the refill (rules 4.1) runs first, and may end the game. Keys
    derived from the tableaux (legions, resources, pillars, colours, vp, vp_by_source), `bank` and `committed`
    (false) may be left out; when present they must agree. The order of the deck and which unseen cards are in the
    deck rather than removed are drawn from `seed` (docs section 4).
    """
    s = np.zeros(L.STATE_SIZE, np.int64)
    s[: L.PARAMS_SIZE] = flat
    n = int(flat[L.P_PLAYERS])
    slots = int(flat[L.P_SLOTS])
    ids = card_ids(flat)
    index = {cid: d * L.DECK_CAP + i for d in range(2) for i, cid in enumerate(ids[d])}
    used = {c for c in index.values() if flat[L.P_CARDS + c * L.CF_SIZE + L.CF_USED]}
    table(d, "view")
    need(d.get("game") == "lutece", "game", f"expected 'lutece', got {d.get('game')!r}")
    need(d.get("players") == n, "players", f"the game has {n} players, the view {d.get('players')!r}")
    need(not d.get("over", False), "over", "a finished game cannot be a scenario")
    need(d.get("pending", "PLAY_CARDS") in ("PLAY", "PLAY_CARDS"), "pending",
          "scenarios start at the beginning of a round (PLAY_CARDS of seat 0)")
    need(d.get("current_player", 0) == 0, "current_player", "seat 0 fixes its play first")
    need(d.get("current_play") is None, "current_play", "no play may be in progress")
    max_rounds = int(flat[L.P_MAX_ROUNDS])
    rnd = int_at(d, "round", "", 1, max_rounds)
    s[L.G_SEED] = seed
    s[L.G_ROUND] = rnd
    seen: set[int] = set()

    def take(cid: Any, where: str, deck: int | None = None) -> int:
        need(cid in index, where, f"{cid!r} is not a card id")
        c = index[cid]
        need(c in used, where, f"{cid} is not used with {n} players")
        need(deck is None or c // L.DECK_CAP == deck, where, f"{cid} is not a {C.DECK_NAMES[deck or 0]} card")
        need(c not in seen, where, f"{cid} appears twice")
        seen.add(c)
        return c

    for c in range(L.N_CARDS):
        s[L.LOC + c] = C.LOC_UNUSED
    for k in range(2 * L.MAX_SLOTS):
        s[L.SLOT_CARD + k] = -1
    display = table(d.get("display"), "display")
    on_display = 0
    for dk, key in enumerate(("characters", "locations")):
        row = items(display.get(key), f"display.{key}", slots)
        for i, slot in enumerate(row):
            where = f"display.{key}[{i}]"
            if slot is None:
                need(rnd >= 2, where, "in round 1 every slot holds a card")
                continue
            c = take(slot.get("card") if isinstance(slot, dict) else None, where, dk)
            s[L.SLOT_CARD + dk * L.MAX_SLOTS + i] = c
            s[L.SLOT_COINS + dk * L.MAX_SLOTS + i] = int_at(slot, "coins", where, 0, COUNT_MAX)
            s[L.LOC + c] = C.LOC_DISPLAY
            on_display += s[L.SLOT_COINS + dk * L.MAX_SLOTS + i]

    seats = items(d.get("seats"), "seats", n)
    purses = 0
    for p, sd in enumerate(seats):
        o = _seat(p)
        w = f"seats[{p}]"
        for j in range(2):
            s[o + L.S_PICK + j] = -1
            s[o + L.S_OPEN + j] = -1
        s[o + L.S_COINS] = int_at(sd, "coins", w, 0, COUNT_MAX)
        purses += s[o + L.S_COINS]
        need(not sd.get("committed", False), f"{w}.committed", "no play may be fixed yet")
        tableau = items(sd.get("tableau"), f"{w}.tableau")
        for i, cid in enumerate(tableau):
            c = take(cid, f"{w}.tableau[{i}]")
            s[L.LOC + c] = p
            fl = L.P_CARDS + c * L.CF_SIZE
            for x in range(4):
                s[o + L.S_RES + x] += flat[fl + L.CF_RES + x]
            s[o + L.S_COL + flat[fl + L.CF_COLOUR]] += 1
            s[o + L.S_PILLARS] += flat[fl + L.CF_PILLARS]
            s[o + L.S_NCARDS] += 1
            s[o + L.S_LEGIONS] += flat[fl + L.CF_KIND] == C.K_LEGION
        derived = {
            "legions": int(s[o + L.S_LEGIONS]),
            "pillars": int(s[o + L.S_PILLARS]),
            "resources": {name: int(s[o + L.S_RES + i]) for i, name in enumerate(C.RESOURCES)},
            "colours": {name: int(s[o + L.S_COL + i]) for i, name in enumerate(C.COLOURS)},
        }
        for key, value in derived.items():
            need(key not in sd or sd[key] == value, f"{w}.{key}",
                  f"{sd.get(key)!r} disagrees with the tableau ({value!r})")

    bank = C.TOTAL_COINS - purses - on_display
    need("bank" not in d or d["bank"] == bank, "bank",
          f"{d.get('bank')!r}: coins are 66 in all, so the bank holds 66 - purses - display coins = {bank}")
    s[L.G_BANK] = bank

    # Unseen cards: in the deck (shuffled) or removed, from the seed.
    chance = Draws(seed)
    decks, removed = d.get("decks"), d.get("removed")
    for dk, name in enumerate(C.DECK_NAMES):
        unseen = [c for c in sorted(used) if c // L.DECK_CAP == dk and c not in seen]
        in_deck = int_at(decks, name, "decks", 0, COUNT_MAX)
        out = int_at(removed, name, "removed", 0, COUNT_MAX)
        need(in_deck + out == len(unseen), name,
              f"decks.{name} + removed.{name} = {in_deck + out}, but {len(unseen)} {name} cards are neither on the "
              f"display nor in a tableau")
        chance.shuffle(unseen)
        base = L.DECK_ORDER + dk * L.DECK_CAP
        for i, c in enumerate(unseen):
            if i < in_deck:
                s[base + i] = c
                s[L.LOC + c] = C.LOC_DECK
            else:
                s[L.LOC + c] = C.LOC_REMOVED
        s[L.DECK_POS + dk] = 0
        s[L.DECK_END + dk] = in_deck
        s[L.DECK_SIZE + dk] = sum(1 for c in used if c // L.DECK_CAP == dk)
        s[L.REMOVED + dk] = out
    chance.store(s, L.G_RNG_KEY, L.G_RNG_CTR)

    resume(s)
    view = to_dict(s)
    for p, sd in enumerate(seats):
        for key in ("vp", "vp_by_source"):
            need(key not in sd or sd[key] == view["seats"][p][key], f"seats[{p}].{key}",
                  f"{sd.get(key)!r} disagrees with the score of the position ({view['seats'][p][key]!r})")
    return s
