"""Tournaments: every seat permutation of a set of agents on the same game seeds, with win shares and ratings."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl
from statsmodels.stats.proportion import proportion_confint

import brux
import brux.agents
from brux.agents.ratings import log_strengths, seat_ranking

from .errors import SimsError
from .lock import folder_lock
from .run import RunResult, run
from .spec import DEFAULT_CHUNK_SIZE, RunSpec


@dataclass
class TournamentResult:
    """The runs of a tournament (one per line-up) and its summary tables."""

    runs: list[RunResult]

    def table(self) -> pl.DataFrame:
        """Every seat of every game, with a `lineup` column (index of the line-up)."""
        return pl.concat([r.table().with_columns(pl.lit(i).alias("lineup")) for i, r in enumerate(self.runs)])

    def agents(self, confidence: float = 0.95) -> pl.DataFrame:
        """Each agent's win share (ties 1/k) over all its seats, with a Wilson interval."""
        t = self.table().group_by("agent").agg(pl.len().alias("seats_played"), pl.col("win_share").sum().alias("wins"))
        lo, hi = proportion_confint(t["wins"].to_numpy(), t["seats_played"].to_numpy(), 1 - confidence, "wilson")
        return t.with_columns(
            (pl.col("wins") / pl.col("seats_played")).alias("win_share"), pl.Series("low", lo), pl.Series("high", hi),
        ).sort("win_share", descending=True)

    def per_seat(self) -> pl.DataFrame:
        """Each agent's win share in each seat."""
        return (self.table().group_by("agent", "seat").agg(pl.col("win_share").mean(), pl.len().alias("games"))
                .sort("agent", "seat"))

    def ratings(self) -> pl.DataFrame:
        """Plackett–Luce strengths from each game's finishing order of its seats (`brux.agents.ratings`: an agent
        on several seats shares one strength over them; tied seats keep seat order)."""
        t = self.table().sort("lineup", "game_id", "seat")
        names = sorted(t["agent"].unique().to_list())
        index = {a: i for i, a in enumerate(names)}
        rankings = []
        for (_, _), g in t.group_by("lineup", "game_id", maintain_order=True):
            r = seat_ranking([index[a] for a in g["agent"]], g["rank"].to_list())
            if r is not None:
                rankings.append(r)
        strength = log_strengths(len(names), rankings) if rankings else np.zeros(len(names))
        return pl.DataFrame({"agent": names, "strength": strength}).with_columns(
            (pl.col("strength") - pl.col("strength").max()).alias("log_strength_vs_best")
        ).sort("strength", descending=True)


SLUG_MAX = 120  # characters of a line-up's folder name (file systems allow 255 bytes)


def lineup_folder(lineup: tuple[str, ...]) -> str:
    """The folder name of a line-up's run: its specs with unsafe characters replaced; a name longer than SLUG_MAX
    keeps its start and ends in a digest of the whole line-up, so that distinct line-ups keep distinct folders."""
    joined = "+".join(lineup)
    slug = re.sub(r"[^A-Za-z0-9._=-]+", "_", joined)
    if len(slug) <= SLUG_MAX:
        return slug
    digest = hashlib.sha256(joined.encode()).hexdigest()[:16]
    return f"{slug[:SLUG_MAX - len(digest) - 1]}-{digest}"


def tournament(game: str, players: int, agents: list[str], games: int, *, seed: int = 1,
               out: str | Path | None = None, **run_options: Any) -> TournamentResult:
    """Play `games` games for every seat permutation of `agents` on the same game seeds (common random numbers)."""
    if game not in brux.list_games():
        raise SimsError(f"unknown game {game!r}; known games: {', '.join(brux.list_games())}")
    if out is not None and not str(out).strip():
        raise SimsError("the output folder must not be an empty path")
    lineups = brux.agents.tournament_lineups(agents, players)
    RunSpec.create(game, players, games, list(lineups[0]), seed, None,
                   run_options.get("chunk_size", DEFAULT_CHUNK_SIZE))  # everything checked before the first game
    if out is None:
        return TournamentResult([run(game, players, games, agents=list(lu), seed=seed, **run_options)
                                 for lu in lineups])
    with folder_lock(out):
        return TournamentResult([run(game, players, games, agents=list(lu), seed=seed,
                                     out=Path(out) / lineup_folder(lu), **run_options) for lu in lineups])


def summary(result: TournamentResult) -> str:
    """A short printed summary: agents, per-seat shares and ratings."""
    lines = ["agent                                   win share  95% interval      seats played"]
    for r in result.agents().iter_rows(named=True):
        interval = f"[{r['low']:.4f}, {r['high']:.4f}]"
        lines.append(f"{r['agent']:40s} {r['win_share']:.4f}   {interval}  {r['seats_played']:>9,}")
    lines.append("")
    lines.append("win share by seat: " + "; ".join(
        f"{r['agent']} seat {r['seat']}: {r['win_share']:.3f}" for r in result.per_seat().iter_rows(named=True)))
    lines.append("")
    lines.append("Plackett-Luce rating (log strength, best = 0): " + ", ".join(
        f"{r['agent']} {r['log_strength_vs_best']:+.2f}" for r in result.ratings().iter_rows(named=True)))
    return "\n".join(lines) + "\n" + f"lineups: {len(result.runs)}, games each: {result.runs[0].games_played:,}"
