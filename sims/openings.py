"""Forced openings: every legal first decision of a seat forced on copies of the same deal, played out by the
line-up with common random numbers (the same chance stream and the same agent streams on every copy).

A forced-openings run is a run (`sims.run.run_spec`) whose chunks hold deals instead of games: deal `d` is game `d`
of an ordinary run with the same master seed, so its rows depend neither on the chunk size nor on the workers, and an
interrupted run resumes from its finished chunks. The chunk files go to ``DIR/deals/``; the finished run writes
``DIR/forced_openings.parquet`` (every row, in deal order).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

import brux
from analysis.forced_openings import OUTCOMES
from brux.agents.python import make_seat_agents
from brux.core.rng import game_seed

from .atomic import atomic_write
from .chunks import Chunk
from .errors import SimsError
from .run import RunResult, run_spec
from .spec import RunSpec

DEALS_PER_CHUNK = 10
DEALS_FOLDER = "deals"
SCHEMA = {"deal": pl.Int64, "seed": pl.Int64, "seat": pl.Int8, "action": pl.Int32, "opening": pl.String,
          "win_share": pl.Float64, "vp": pl.Int32}


def play_copy(game: brux.Game, entries: Sequence[str], seed: int, seat: int, forced: int | None) -> tuple:
    """Play deal `seed` from scratch with fresh agents; at `seat`'s first decision play `forced` (None: probe).

    Returns (legal first decisions of `seat` or None, the final `State.result()` rows, opening label of `seat`).
    Every copy rebuilds the same agents and deal, so all copies share the chance and agent streams. The forced
    seat's agent still chooses (its choice is set aside), so its stream advances as in the unforced game: the copy
    that forces the agent's own choice is the ordinary game of that deal.
    """
    state = game.new_initial_state(seed)
    agents = make_seat_agents(game, entries, seed)
    done = False
    while not state.is_terminal():
        p = state.current_player()
        if p == seat and not done:
            done = True
            if forced is None:
                return state.legal_actions(), None, None
            agents[p].choose(state)
            game.rules.apply(state.array, forced)
            continue
        game.rules.apply(state.array, agents[p].choose(state))
    if forced is None:
        return None, None, None
    labels = ("-", *game.opening_labels())
    code = int(game.rules.hooks.opening(state.array, seat, 0))
    return None, state.result(), labels[code + 1]


@dataclass(frozen=True)
class ForcedSpec(RunSpec):
    """A forced-openings run: `games` deals, each seat of `seats` forced through its legal first decisions."""

    seats: tuple[int, ...] = ()

    def columns(self) -> list[str]:
        return list(SCHEMA)

    def play_chunk(self, chunk: Chunk) -> pl.DataFrame:
        """One row per deal x seat x legal first decision of the chunk's deals (win share and VP of that seat)."""
        game = self.load_game()
        rows: list[dict[str, Any]] = []
        for d in range(chunk.first, chunk.first + chunk.count):
            s = game_seed(self.master_seed, d)
            for seat in self.seats:
                legal, _, _ = play_copy(game, self.agents, s, seat, None)
                for a in legal or []:
                    _, res, label = play_copy(game, self.agents, s, seat, a)
                    rows.append({"deal": d, "seed": s, "seat": seat, "action": a, "opening": label,
                                 "win_share": res[seat]["win_share"], "vp": res[seat]["vp"]})
        return pl.DataFrame(rows, schema=SCHEMA)

    def warm_up(self) -> None:
        """Compile (or load) the step-by-step kernels with one forced copy of the first deal."""
        game, s = self.load_game(), game_seed(self.master_seed, 0)
        legal, _, _ = play_copy(game, self.agents, s, self.seats[0], None)
        if legal:
            play_copy(game, self.agents, s, self.seats[0], legal[0])

    def manifest(self, games_done: int = 0) -> dict[str, Any]:
        return {**super().manifest(games_done), "kind": "forced_openings", "seats": list(self.seats),
                "rows_per_game": None}

    def row_bound(self) -> int:
        """The most rows the effect table can have: every opening label (and ``-``) of every forced seat."""
        return len(self.seats) * (len(self.load_game().opening_labels()) + 1)


def forced_spec(game: str, players: int, agents: str | Sequence[str] = "random", deals: int = 20, seed: int = 1,
                seats: Sequence[int] | None = None, overrides: Mapping[str, Any] | None = None,
                chunk_size: int = DEALS_PER_CHUNK) -> ForcedSpec:
    """A validated forced-openings run; SimsError says what is wrong."""
    base = RunSpec.create(game, players, deals, agents, seed, overrides, chunk_size)
    chosen = tuple(range(base.players)) if seats is None else tuple(dict.fromkeys(int(s) for s in seats))
    bad = [s for s in chosen if not 0 <= s < base.players]
    if bad or not chosen:
        raise SimsError(f"seat {bad[0] if bad else None} is not a seat of a {base.players}-player game "
                        f"(0 to {base.players - 1})")
    fields = {f.name: getattr(base, f.name) for f in dataclasses.fields(RunSpec)}
    return ForcedSpec(**fields, seats=chosen)


class PrecisionStop:
    """The ``until`` callback of a forced-openings run: stop once every row's always-valid interval (confidence
    sequence, Bonferroni over `spec.row_bound()` rows) has half-width at most `target` points. `deals` is then the
    first deals that reached it (`analysis.forced_openings.precision_deals`): the table uses those deals only, so
    it does not depend on how many chunks were played past them."""

    def __init__(self, spec: ForcedSpec, target: float, confidence: float = 0.95) -> None:
        if not 0 < target < 100:
            raise SimsError(f"--until-precision must be between 0 and 100 (points of win share), got {target}")
        self.spec, self.target, self.confidence = spec, target, confidence
        self.deals: int | None = None

    def sequential(self) -> dict[str, int]:
        """The `sequential` argument of `analysis.forced_openings.opening_effects` for this run."""
        return {"planned_deals": self.spec.games, "rows": self.spec.row_bound()}

    def __call__(self, folder: Path, manifest: dict[str, Any]) -> bool:
        from analysis.forced_openings import precision_deals

        self.deals = precision_deals(read_outcomes(folder), self.target, self.confidence, self.sequential())
        return self.deals is not None


def read_outcomes(folder: str | Path) -> pl.DataFrame:
    """The rows of every finished chunk file of a forced-openings chunk folder, in deal order."""
    from .store import ResultsFolder

    files = ResultsFolder(folder).chunk_files()
    if not files:
        return pl.DataFrame(schema=SCHEMA)
    return pl.concat([pl.read_parquet(p) for p in files.values()]).sort("deal", "seat", "action")


def forced_openings(game: str, players: int, agents: str | Sequence[str] = "random", deals: int = 20,
                    seed: int = 1, seats: Sequence[int] | None = None, out: str | Path | None = None, *,
                    overrides: Mapping[str, Any] | None = None, chunk_size: int = DEALS_PER_CHUNK,
                    jobs: int = 1, backend: str = "processes", force: bool = False, progress: bool = False,
                    until: PrecisionStop | None = None, spec: ForcedSpec | None = None
                    ) -> tuple[pl.DataFrame, RunResult]:
    """Per-deal outcomes (one row per deal x seat x forced first decision) and the run that played them.

    Chunks of `chunk_size` deals are played by `jobs` workers into ``out/deals/`` (a temporary folder when `out` is
    None) and resumed from there; the rows are the same for any `jobs` and `chunk_size`. `until` (a
    `PrecisionStop`) stops before `deals` once its precision is reached. With `out`, the rows are also written to
    ``out/forced_openings.parquet``.
    """
    spec = spec or forced_spec(game, players, agents, deals, seed, seats, overrides, chunk_size)
    result = run_spec(spec, None if out is None else Path(out) / DEALS_FOLDER, jobs=jobs, backend=backend,
                      force=force, progress=progress, until=until)
    outcomes = read_outcomes(result.path)
    if until is not None and until.deals is not None:
        outcomes = outcomes.filter(pl.col("deal") < until.deals)
    if out is not None:
        atomic_write(Path(out) / OUTCOMES, lambda p: outcomes.write_parquet(p))
        summary = {k: result.manifest[k] for k in ("game", "players", "agents", "master_seed", "seats", "games",
                                                    "games_done", "params_id")}
        summary["deals_used"] = outcomes["deal"].n_unique()
        summary["interval"] = "t, Bonferroni" if until is None else "confidence sequence, Bonferroni"
        summary["until_precision"] = None if until is None else until.target
        text = json.dumps(summary, indent=1) + "\n"
        atomic_write(Path(out) / "openings.json", lambda p: p.write_text(text, encoding="utf-8"))
    return outcomes, result
