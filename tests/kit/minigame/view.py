"""Pig auction's readable view, and positions (scenarios) built from it: the start of a round."""

from typing import Any

import numpy as np

from brux.core.cards import shuffle_run
from brux.core.rng import seed_stream
from brux.errors import ScenarioError

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


def _need(cond: bool, where: str, problem: str) -> None:
    if not cond:
        raise ScenarioError(f"state_from_dict: {where}: {problem}")


def _int(d: Any, key: str, where: str, lo: int, hi: int) -> int:
    _need(isinstance(d, dict) and key in d, where or "view", f"missing key {key!r}")
    v = d[key]
    _need(isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi, f"{where}.{key}".lstrip("."),
          f"must be an integer in {lo}..{hi}, got {v!r}")
    return v


def from_dict(d: dict[str, Any], flat: np.ndarray, seed: int) -> np.ndarray:
    """The state of a view at the start of a round (no bid yet, the start seat to bid); the unseen cards' order is
    drawn from `seed`."""
    n, size, coins = int(flat[L.P_PLAYERS]), int(flat[L.P_DECK]), int(flat[L.P_START_COINS])
    _need(d.get("game") == "pig", "game", f"expected 'pig', got {d.get('game')!r}")
    _need(d.get("players") == n, "players", f"the game has {n} players, the view {d.get('players')!r}")
    _need(not d.get("over", False), "over", "a finished game cannot be a scenario")
    rnd = _int(d, "round", "", 1, size)
    _need(d.get("current_player", (rnd - 1) % n) == (rnd - 1) % n, "current_player", "the start seat bids first")
    table = d.get("table")
    _need(isinstance(table, dict), "table", "missing")
    _need(_int(table, "bid", "table", 0, 0) == 0 and table.get("high_bidder") is None, "table", "no bid yet")
    up = table.get("turned_up")
    _need(isinstance(up, list) and len(up) == rnd and sorted(set(up)) == sorted(up)
          and all(isinstance(c, int) and 1 <= c <= size for c in up), "table.turned_up",
          f"must list {rnd} different cards of 1..{size}")
    _need(table.get("card", up[-1]) == up[-1], "table.card", "the card face up is the last one turned up")
    s = np.zeros(L.STATE_SIZE, np.int64)
    s[: L.PARAMS_SIZE] = flat
    seats = d.get("seats")
    _need(isinstance(seats, list) and len(seats) == n, "seats", f"must list {n} seats")
    won = 0
    for p, sd in enumerate(seats):
        o, w = seat(p), f"seats[{p}]"
        _need(not sd.get("passed", False), f"{w}.passed", "no seat has passed yet")
        s[o + L.S_COINS] = _int(sd, "coins", w, 0, coins)
        s[o + L.S_CARDS] = _int(sd, "cards", w, 0, rnd - 1)
        s[o + L.S_SRC] = s[o + L.S_VP] = _int(sd.get("vp_by_source"), "cards", f"{w}.vp_by_source", 0, L.CARDS_VP)
        _need(sd.get("vp", s[o + L.S_VP]) == s[o + L.S_VP], f"{w}.vp", "during play VP are the cards' VP")
        won += s[o + L.S_CARDS]
    for p in range(L.MAX_PLAYERS):
        s[seat(p) + L.S_OPEN] = -1
    s[L.DISCARDED] = _int(table, "discarded", "table", 0, rnd - 1)
    _need(won + s[L.DISCARDED] == rnd - 1, "table.discarded", "cards won + discarded = the earlier rounds")
    s[L.G_SEED] = seed
    seed_stream(s, L.G_RNG_KEY, L.G_RNG_CTR, seed, 0)
    s[L.DECK: L.DECK + size] = up + sorted(set(range(1, size + 1)) - set(up))
    shuffle_run(s, L.DECK + rnd, size - rnd, s, L.G_RNG_KEY, L.G_RNG_CTR)
    s[L.DECK_POS], s[L.CARD], s[L.G_ROUND], s[L.G_CUR], s[L.BIDDER] = rnd, up[-1], rnd, (rnd - 1) % n, -1
    settle(s)
    return s
