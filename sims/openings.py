"""Forced openings: every legal first decision of a seat forced on copies of the same deal, played out by the
line-up with common random numbers (the same chance stream and the same agent streams on every copy)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import polars as pl

import brux
from brux.agents.python import make_seat_agents
from brux.core.rng import game_seed


def _play_copy(game: brux.Game, entries: Sequence[str], seed: int, seat: int, forced: int | None) -> tuple:
    """Play deal `seed` from scratch with fresh agents; at `seat`'s first decision play `forced` (None: probe).

    Returns (legal first decisions of `seat` or None, win shares, vps, opening label of `seat`).
    Every copy rebuilds the same agents and deal, so all copies share the chance and agent streams.
    """
    state = game.new_initial_state(seed)
    agents = make_seat_agents(game, entries, seed)
    done = False
    while not state.is_terminal():
        p = state.current_player()
        if p == seat and not done:
            done = True
            if forced is None:
                return state.legal_actions(), None, None, None
            game.rules.apply(state.array, forced)
            continue
        game.rules.apply(state.array, agents[p].choose(state))
    if forced is None:
        return None, None, None, None
    res = state.result()
    labels = ("-", *game.opening_labels())
    code = int(game.rules.hooks.opening(state.array, seat, 0))
    return None, [r["win_share"] for r in res], [r["vp"] for r in res], labels[code + 1]


def forced_openings(game_name: str, players: int, agents: str = "random", deals: int = 20, seed: int = 1,
                    seats: Sequence[int] | None = None, out: str | Path | None = None) -> pl.DataFrame:
    """Per-deal outcomes: one row per deal x seat x forced first decision (win share and VP of that seat).

    Deal `d` is game `d` of a run with master seed `seed`, so the rows do not depend on how deals are split.
    """
    game = brux.load_game(game_name, players)
    entries = list(game.parse_agents(agents))
    entries = entries * (players // len(entries))
    seats = list(range(players)) if seats is None else list(seats)
    bad = [s for s in seats if not 0 <= s < players]
    if bad:
        raise ValueError(f"seat {bad[0]} is not a seat of a {players}-player game (0 to {players - 1})")
    rows: list[dict] = []
    for d in range(deals):
        s = game_seed(seed, d)
        for seat in seats:
            legal, _, _, _ = _play_copy(game, entries, s, seat, None)
            for a in legal or []:
                _, ws, vp, label = _play_copy(game, entries, s, seat, a)
                rows.append({"deal": d, "seed": s, "seat": seat, "action": a, "opening": label,
                             "win_share": ws[seat], "vp": vp[seat]})
    df = pl.DataFrame(rows, schema={"deal": pl.Int64, "seed": pl.Int64, "seat": pl.Int8, "action": pl.Int32,
                                    "opening": pl.String, "win_share": pl.Float64, "vp": pl.Int32})
    if out is not None:
        Path(out).mkdir(parents=True, exist_ok=True)
        df.write_parquet(Path(out) / "forced_openings.parquet")
    return df
