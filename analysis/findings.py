"""The findings of a results table in plain sentences, each with its number and interval.

    from analysis import findings
    f = findings("results/bruxelles1897-3p")        # a results folder, or a per-seat table
    f.sentences                                      # what the report's Findings section says
    f.fairness[0].verdict                            # "fair", "not fair" or "not decided"
    f.to_dict()                                      # JSON-able

Questions answered: is the game fair between seats (an equivalence verdict at ``margin``), how large is the
largest seat gap, which sources are associated with winning (within-game conditional logit), which openings are
strongest and weakest (only those that survive the correction), how small an effect the games can detect, and for
the line-up played only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from ._frame import SOURCE_PREFIX, Table, columns, opening_columns, require, source_columns, to_lazy
from .fairness import (
    DEFAULT_MARGIN,
    FairnessVerdict,
    bootstrap_gap,
    check_fraction,
    fairness_verdict,
    moments,
    pattern_counts_lazy,
    per_game_lazy,
    seat_differences,
)
from .openings import DEFAULT_CORRECTION, SIMULTANEOUS, opening_strength
from .power import detectable_gap, detectable_opening
from .sources import DEFAULT_EFFECT_GAMES, effects_from_arrays, effects_table
from .stats import pct, plural

STOPPING_FILE = "stopping.json"
CORRECTION_NAMES = {"holm": "Holm", "fdr_bh": "Benjamini-Hochberg", "bonferroni": "Bonferroni", "none": "no"}
GAP_BOOT = 20_000
#: the label of every interval that a sequential run's stop does not keep valid
FIXED_SAMPLE = "fixed-sample, not adjusted for the stopping"


def fixed_label(stopping: dict[str, Any] | None, sep: str = ", ") -> str:
    """``sep`` + :data:`FIXED_SAMPLE` after a sequential stop (``stopping`` given), else an empty string."""
    return sep + FIXED_SAMPLE if stopping else ""


def interval_note(correction: str, rows: int, confidence: float) -> str:
    """What the opening intervals of a table of ``rows`` rows corrected by ``correction`` mean."""
    if correction in SIMULTANEOUS:
        return (f"The intervals are simultaneous {confidence:.0%} intervals over the table's {plural(rows, 'row')} "
                f"(all hold together); a row is significant exactly when its interval excludes 0.")
    return (f"Each interval is drawn at the level the {CORRECTION_NAMES.get(correction, correction)} correction "
            f"used for its row, so it excludes 0 exactly for the significant rows; the intervals are not "
            f"simultaneous (together they hold less often than {confidence:.0%}).")


def read_stopping(folder: str | Path, manifest: dict[str, Any]) -> dict[str, Any] | None:
    """The stopping record of a sequential run in ``folder``, if it belongs to the run in the manifest."""
    file = Path(folder) / STOPPING_FILE
    if not file.is_file():
        return None
    try:
        rec = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    same = (isinstance(rec, dict) and rec.get("params_id") == manifest.get("params_id")
            and rec.get("master_seed") == manifest.get("master_seed")
            and rec.get("games_done") == manifest.get("games_done"))
    return rec if same else None


@dataclass
class Findings:
    """What a results table says (see the module notes); ``sentences`` is the report's Findings section."""

    games: int
    margin: float
    confidence: float
    lineups: list[str]
    fairness: list[FairnessVerdict]
    gaps: list[dict[str, Any]]
    seat_differences: dict[int, pl.DataFrame]
    source_effects: pl.DataFrame | None
    source_shares: pl.DataFrame | None
    openings: dict[str, pl.DataFrame]
    detectable: list[dict[str, Any]]
    stopping: dict[str, Any] | None
    sentences: list[str] = field(default_factory=list)
    source_means: pl.DataFrame | None = None  # mean VP and share of VP per source, per seat (seat null: all)

    def to_dict(self) -> dict[str, Any]:
        """The findings as plain Python data (JSON-able)."""
        def verdict(v: FairnessVerdict) -> dict[str, Any]:
            return {"players": v.players, "games": v.games, "verdict": v.verdict, "margin": v.margin,
                    "win_share": v.win_share.tolist(), "deviation": v.deviation.tolist(), "low": v.low.tolist(),
                    "high": v.high.tolist(), "max_deviation": v.max_deviation,
                    "max_deviation_interval": [v.max_deviation_low, v.max_deviation_high],
                    "best_seat": v.best_seat, "worst_seat": v.worst_seat, "gap": v.gap,
                    "gap_interval": [v.gap_low, v.gap_high],
                    "pairs": [{"seat_a": a, "seat_b": b, "diff": float(d), "low": float(lo), "high": float(hi)}
                              for (a, b), d, lo, hi in zip(v.pairs, v.pair_diff, v.pair_low, v.pair_high)],
                    "more_games": v.more_games, "method": v.method}

        return {
            "games": self.games, "margin": self.margin, "confidence": self.confidence, "lineups": self.lineups,
            "fairness": [verdict(v) for v in self.fairness], "gaps": self.gaps,
            "sources": self.source_effects.to_dicts() if self.source_effects is not None else [],
            "openings": {k: v.filter(pl.col("significant")).to_dicts() for k, v in self.openings.items()},
            "detectable": self.detectable, "stopping": self.stopping, "sentences": self.sentences,
        }


def _lineups(lf: pl.LazyFrame) -> list[str]:
    if "agent" not in columns(lf):
        return []
    distinct = lf.select("players", "seat", pl.col("agent").cast(pl.String)).unique().collect()  # few rows
    per_seat = (distinct.group_by("players", "seat").agg(pl.col("agent").unique().sort().alias("a"))
                .sort("players", "seat"))
    out: dict[int, list[str]] = {}
    for players, _, agents in per_seat.iter_rows():
        out.setdefault(players, []).append(agents[0] if len(agents) == 1 else "/".join(agents))
    return [" | ".join(v) for v in out.values()]


def source_means(lf: pl.LazyFrame, sources: list[str]) -> pl.DataFrame:
    """Mean VP and share of all VP per source, per player count and seat (seat null: all seats), in one pass."""
    per_seat = lf.group_by("players", "seat").agg(pl.len().alias("_n"), *[pl.col(s).mean() for s in sources]) \
        .collect().sort("players", "seat")
    rows = []
    for players, g in per_seat.partition_by("players", as_dict=True, maintain_order=True).items():
        weights = g["_n"].to_numpy() / g["_n"].sum()
        means = {s: g[s].to_numpy().astype(float) for s in sources}
        overall = {s: float(weights @ m) for s, m in means.items()}
        total, seat_total = sum(overall.values()), sum(means.values())
        for s in sources:
            name = s[len(SOURCE_PREFIX):]
            rows.append({"players": int(players[0]), "seat": None, "source": name, "mean_vp": overall[s],
                         "share": overall[s] / total if total else float("nan")})
            rows += [{"players": int(players[0]), "seat": int(k), "source": name, "mean_vp": float(means[s][i]),
                      "share": float(means[s][i] / seat_total[i]) if seat_total[i] else float("nan")}
                     for i, k in enumerate(g["seat"].to_list())]
    return pl.DataFrame(rows, schema={"players": pl.Int64, "seat": pl.Int64, "source": pl.String,
                                      "mean_vp": pl.Float64, "share": pl.Float64})


def findings(data: Table | str | Path, *, margin: float = DEFAULT_MARGIN, confidence: float = 0.95,
             correction: str = DEFAULT_CORRECTION, min_games: int = 100, stopping: dict[str, Any] | None = None,
             seed: int = 0) -> Findings:
    """Compute the findings of a results folder (path) or a per-seat results table.

    Raises ``TypeError``/``ValueError`` for a margin or confidence that is not a number in (0, 1), a table without
    rows or without the needed columns, and missing or NaN win shares.
    """
    margin, confidence = check_fraction("margin", margin), check_fraction("confidence", confidence)
    if isinstance(data, (str, Path)):
        from .io import read_results

        lf, manifest = read_results(data)
        stopping = stopping if stopping is not None else read_stopping(data, manifest)
    else:
        lf = to_lazy(data)
    require(lf, ("players", "seat", "win_share", "game_id"), "findings")
    if not lf.select(pl.len()).collect().item():
        raise ValueError("findings need at least one game; the results table has no rows")
    cols = columns(lf)
    sources = source_columns(cols)
    player_counts = [int(p) for p in lf.select(pl.col("players").unique()).collect()["players"].sort().to_list()]
    counts = {p: pattern_counts_lazy(lf, p) for p in player_counts}
    seq = stopping if stopping and stopping.get("rule") else None
    verdicts = [fairness_verdict(c, margin, confidence, sequential=seq) for c in counts.values()]
    gaps, diffs, detect = [], {}, []
    for v, (players, c) in zip(verdicts, counts.items()):
        diffs[players] = seat_differences(c, confidence)
        if seq:  # the verdict's always-valid intervals replace the fixed-sample ones
            diffs[players] = diffs[players].with_columns(low=v.pair_low, high=v.pair_high)
        if v.games < 2:
            continue
        gap, lo, hi, mc = bootstrap_gap(c, confidence, GAP_BOOT, seed)
        mo = moments(c)
        best, worst = int(np.argmax(mo.mean)), int(np.argmin(mo.mean))
        gaps.append({"players": players, "gap": gap, "low": lo, "high": hi, "mc_error": mc, "n_boot": GAP_BOOT,
                     "best_seat": best, "worst_seat": worst})
        sd = float(np.sqrt(mo.difference_se().max() ** 2 * mo.games))
        detect.append({"players": players, "games": mo.games, "gap": detectable_gap(mo.games, players, sd=sd)})
    effects = shares = by_seat = None
    if sources:
        rows = []
        for players in player_counts:
            a = per_game_lazy(lf, players, ["win_share", *sources], games=int(1.2 * DEFAULT_EFFECT_GAMES))
            part = effects_from_arrays(players, a["win_share"], {s: a[s] for s in sources}, confidence)
            ties = int(counts[players][[i for i in range(len(counts[players])) if i.bit_count() > 1]].sum())
            for r in part:  # the arrays hold the first games only: count the folder's ties and outright games
                r.update(tie_games=ties, outright_games=int(counts[players].sum()) - ties)
            rows += part
        effects = effects_table(rows)
        by_seat = source_means(lf, sources)
        shares = by_seat.filter(pl.col("seat").is_null()).drop("seat")
    openings = {col: opening_strength(lf, col, min_games=min_games, correction=correction, confidence=confidence)
                for col in opening_columns(cols)}
    for d in detect:
        first = openings.get("opening_1")
        if first is not None and first.height:
            sub = first.filter(pl.col("players") == d["players"])
            if sub.height:
                freq = float(sub["frequency"].median())
                seat_games = d["games"]
                d["opening_frequency"] = freq
                d["opening_tests"] = first.height
                d["opening"] = detectable_opening(seat_games, freq, d["players"], tests=first.height)
    f = Findings(int(sum(v.games for v in verdicts)), margin, confidence, _lineups(lf), verdicts, gaps, diffs,
                 effects, shares, openings, detect, stopping)
    f.source_means = by_seat
    f.sentences = _sentences(f, correction, min_games)
    return f


def _sentences(f: Findings, correction: str, min_games: int) -> list[str]:
    conf = f"{f.confidence:.0%}"
    out: list[str] = []
    many = len(f.fairness) > 1
    gaps = {g["players"]: g for g in f.gaps}
    fixed = fixed_label(f.stopping)
    for v in f.fairness:
        lead = f"{v.players} players: " if many else ""
        out += [lead + v.sentence(), lead + v.seat_sentence()]
        g = gaps.get(v.players)
        if g is not None:
            out.append(f"{lead}Largest gap, resampled: best seat (seat {g['best_seat']}) minus worst seat (seat "
                       f"{g['worst_seat']}): {pct(g['gap'])} points of win share ({pct(g['low'])} to "
                       f"{pct(g['high'])}, {conf} bootstrap over games{fixed}, {g['n_boot']:,} replicates, Monte "
                       f"Carlo error of the ends {pct(g['mc_error'], digits=3)} points).")
    if f.source_effects is not None and f.source_effects.height:
        for players, eff in f.source_effects.partition_by("players", as_dict=True).items():
            eff = eff.filter((pl.col("model") == "alone") & pl.col("or_per_sd").is_not_nan()).sort(
                "or_per_sd", descending=True)
            if not eff.height:
                continue
            lead = f"{players[0]} players: " if many else ""
            top = [f"{r['source']} ×{r['or_per_sd']:.2f} ({r['or_sd_low']:.2f}–{r['or_sd_high']:.2f})"
                   for r in eff.head(3).iter_rows(named=True)]
            text = (f"{lead}Sources associated with winning (within-game conditional logit, one source at a "
                    f"time, outright wins only, {conf} intervals{fixed}; associations, not causes): a one-SD "
                    "edge over the other seats of the game goes with an odds ratio of winning of "
                    + ", ".join(top) + ".")
            neg = eff.filter(pl.col("or_sd_high") < 1)
            if neg.height:
                text += " An edge in " + ", ".join(
                    f"{r['source']} (×{r['or_per_sd']:.2f}, {r['or_sd_low']:.2f}–{r['or_sd_high']:.2f})"
                    for r in neg.iter_rows(named=True)) + " goes with lower odds."
            if f.source_shares is not None:
                sh = f.source_shares.filter(pl.col("players") == players[0]).sort("share", descending=True)
                if sh.height:
                    r = sh.row(0, named=True)
                    text += f" The largest source of VP is {r['source']} ({100 * r['share']:.0f}% of all VP)."
            out.append(text)
    for col, t in f.openings.items():
        sig = t.filter(pl.col("significant"))
        simultaneous = ", simultaneous intervals" if correction in SIMULTANEOUS else ", intervals not simultaneous"
        fam = (f"{CORRECTION_NAMES.get(correction, correction)} correction over the {t.height} seat × opening rows "
               f"of {col} with at least {min_games} games, each against the rest of its seat's games{simultaneous}"
               f"{fixed}")
        if not t.height:
            continue
        if not sig.height:
            out.append(f"Openings ({col}): none differs from the rest of its seat after the {fam}.")
            continue

        def row(r: dict[str, Any]) -> str:
            label = "no decision" if r["opening"] == "-" else r["opening"]
            return (f"seat {r['seat']} {label} {pct(r['delta'], True)} points ({pct(r['delta_low'], True)} to "
                    f"{pct(r['delta_high'], True)}, {r['games']:,} games)")

        best = sig.filter(pl.col("delta") > 0).sort("shrunk", descending=True).head(2)
        worst = sig.filter(pl.col("delta") < 0).sort("shrunk").head(2)
        parts = []
        if best.height:
            parts.append("strongest " + "; ".join(row(r) for r in best.iter_rows(named=True)))
        if worst.height:
            parts.append("weakest " + "; ".join(row(r) for r in worst.iter_rows(named=True)))
        out.append(f"Openings ({col}): " + "; ".join(parts) + f" ({sig.height} of {t.height} significant after "
                   f"the {fam}).")
    for d in f.detectable:
        text = (f"With {d['games']:,} games this folder detects a seat gap of {pct(d['gap'], digits=2)} points "
                "with 80% power")
        if "opening" in d:
            text += (f", and an opening effect of {pct(d['opening'], digits=1)} points for an opening played "
                     f"{100 * d['opening_frequency']:.0f}% of the time ({d['opening_tests']} tests)")
        out.append(text + "; `brux plan` gives the games needed for other effects.")
    if f.stopping:
        s = f.stopping
        looks = len(s.get("looks", []))
        out.append(f"The run stopped after {s['games_done']:,} of {s['planned_games']:,} planned games: "
                   f"{s['reason']} (looked {'once' if looks == 1 else plural(looks, 'time')}). The fairness verdict, "
                   "the seat differences and the seat table use always-valid confidence sequences, so the looks do "
                   f"not inflate their error rate; every other interval is labelled {FIXED_SAMPLE}.")
    who = "; ".join(f.lineups) if f.lineups else "the agents played"
    out.append(f"These verdicts hold for the line-up played ({who}); seat balance changes with playing strength.")
    return out
