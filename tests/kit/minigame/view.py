"""Pig auction's readable view, and positions (scenarios) built from it: the start of a round."""

from typing import Any

import numpy as np

from brux.core.cards import shuffle_run
from brux.core.rng import seed_stream
from brux.core.viewread import int_at, need

from .actions import SOURCES
from .kernel import layout as L
from .kernel.engine import seat, settle


def to_dict(s: np.ndarray) -> dict[str, Any]:
    """The view of a state: the cards turned up so far (the last one face up during a round), the bid, the seats."""
    t = s.tolist()
    n, over = t[L.P_PLAYERS], bool(t[L.G_OVER])
    return {
        "game": "pig",
        "players": n,
        "round": t[L.G_ROUND],
        "over": over,
        "current_player": None if over else t[L.G_CUR],
        "pending": None if over else "BID",
        "table": {"turned_up": t[L.DECK: L.DECK + t[L.DECK_POS]], "deck": t[L.P_DECK] - t[L.DECK_POS],
                  "card": t[L.CARD] or None, "bid": t[L.BID], "high_bidder": None if t[L.BIDDER] < 0 else t[L.BIDDER],
                  "discarded": t[L.DISCARDED]},
        "seats": [_seat(t, seat(p)) for p in range(n)],
    }


def _seat(t: list[int], o: int) -> dict[str, Any]:
    return {"coins": t[o + L.S_COINS], "cards": t[o + L.S_CARDS], "passed": bool(t[o + L.S_OUT]),
            "vp": t[o + L.S_VP], "vp_by_source": dict(zip(SOURCES, t[o + L.S_SRC: o + L.S_SRC + L.N_SOURCES]))}


def from_dict(d: dict[str, Any], flat: np.ndarray, seed: int) -> np.ndarray:
    """The state of a view at the start of a round (no bid yet, the start seat to bid); the unseen cards' order is
    drawn from `seed`."""
    n, size, coins = int(flat[L.P_PLAYERS]), int(flat[L.P_DECK]), int(flat[L.P_START_COINS])
    need(d.get("game") == "pig", "game", f"expected 'pig', got {d.get('game')!r}")
    need(d.get("players") == n, "players", f"the game has {n} players, the view {d.get('players')!r}")
    need(not d.get("over", False), "over", "a finished game cannot be a scenario")
    rnd = int_at(d, "round", "", 1, size)
    need(d.get("current_player", (rnd - 1) % n) == (rnd - 1) % n, "current_player", "the start seat bids first")
    table = d.get("table")
    need(isinstance(table, dict), "table", "missing")
    need(int_at(table, "bid", "table", 0, 0) == 0 and table.get("high_bidder") is None, "table", "no bid yet")
    up = table.get("turned_up")
    need(isinstance(up, list) and len(up) == rnd and sorted(set(up)) == sorted(up)
          and all(isinstance(c, int) and 1 <= c <= size for c in up), "table.turned_up",
          f"must list {rnd} different cards of 1..{size}")
    need(table.get("card", up[-1]) == up[-1], "table.card", "the card face up is the last one turned up")
    s = np.zeros(L.STATE_SIZE, np.int64)
    s[: L.PARAMS_SIZE] = flat
    seats = d.get("seats")
    need(isinstance(seats, list) and len(seats) == n, "seats", f"must list {n} seats")
    won = 0
    for p, sd in enumerate(seats):
        o, w = seat(p), f"seats[{p}]"
        need(not sd.get("passed", False), f"{w}.passed", "no seat has passed yet")
        s[o + L.S_COINS] = int_at(sd, "coins", w, 0, coins)
        s[o + L.S_CARDS] = int_at(sd, "cards", w, 0, rnd - 1)
        s[o + L.S_SRC] = s[o + L.S_VP] = int_at(sd.get("vp_by_source"), "cards", f"{w}.vp_by_source", 0, L.CARDS_VP)
        need(sd.get("vp", s[o + L.S_VP]) == s[o + L.S_VP], f"{w}.vp", "during play VP are the cards' VP")
        won += s[o + L.S_CARDS]
    for p in range(L.MAX_PLAYERS):
        s[seat(p) + L.S_OPEN] = -1
    s[L.DISCARDED] = int_at(table, "discarded", "table", 0, rnd - 1)
    need(won + s[L.DISCARDED] == rnd - 1, "table.discarded", "cards won + discarded = the earlier rounds")
    s[L.G_SEED] = seed
    seed_stream(s, L.G_RNG_KEY, L.G_RNG_CTR, seed, 0)
    s[L.DECK: L.DECK + size] = up + sorted(set(range(1, size + 1)) - set(up))
    shuffle_run(s, L.DECK + rnd, size - rnd, s, L.G_RNG_KEY, L.G_RNG_CTR)
    s[L.DECK_POS], s[L.CARD], s[L.G_ROUND], s[L.G_CUR], s[L.BIDDER] = rnd, up[-1], rnd, (rnd - 1) % n, -1
    settle(s)
    return s
