"""The effect of a forced first decision: paired by deal against the deal's mean over its legal first decisions."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import polars as pl

from ._dist import t_ppf
from .sequential import cs_half_width

DIFF_RANGE = 2.0  # a per-deal difference of win shares lies in [-1, 1]
OUTCOMES = "forced_openings.parquet"  # the per-deal outcomes in a `brux openings` folder


def opening_effects(outcomes: pl.DataFrame, confidence: float = 0.95,
                    sequential: Mapping[str, int] | None = None) -> pl.DataFrame:
    """``seat, opening, effect, low, high, deals, vp_effect, vp_low, vp_high`` from per-deal forced outcomes.

    Within a deal and seat, several actions may share one opening label: their outcomes are averaged first. The
    baseline of a deal is the mean over its labels; ``effect`` (points of win share) is the mean over the deals
    where the opening was legal of (its share - the baseline). A deal on which the seat had one opening only (all
    its legal first decisions share one label) compares nothing and is left out of that seat's rows. Intervals are
    simultaneous over all rows (Bonferroni on a t interval of the per-deal differences). With `sequential`
    (``planned_deals``, ``rows``) the win-share interval is instead the always-valid confidence sequence of
    `analysis.sequential` for a variable of range 2, Bonferroni over ``rows`` (a bound on the rows fixed in
    advance): it holds however often one looks. The rows and numbers depend only on the outcomes, not on their order.
    """
    per = (outcomes.sort("deal", "seat", "opening", "win_share", "vp")
           .group_by("deal", "seat", "opening", maintain_order=True)
           .agg(pl.col("win_share").mean(), pl.col("vp").cast(pl.Float64).mean())
           .filter(pl.len().over("deal", "seat") > 1))  # a seat with one opening on a deal chose nothing there
    per = per.with_columns(
        (pl.col("win_share") - pl.col("win_share").mean().over("deal", "seat")).alias("d"),
        (pl.col("vp") - pl.col("vp").mean().over("deal", "seat")).alias("dv"))
    t = per.sort("seat", "opening", "deal").group_by("seat", "opening", maintain_order=True).agg(
        pl.len().alias("deals"), pl.col("d").mean().alias("effect"), pl.col("d").std().alias("sd"),
        pl.col("dv").mean().alias("vp_effect"), pl.col("dv").std().alias("vp_sd"))
    alpha = (1 - confidence) / max(t.height, 1)
    n = t["deals"].to_numpy().astype(float)
    q = np.where(n > 1, t_ppf(1 - alpha / 2, np.maximum(n - 1, 1)), np.nan)
    half = q * t["sd"].fill_null(np.nan).to_numpy() / np.sqrt(n)
    vhalf = q * t["vp_sd"].fill_null(np.nan).to_numpy() / np.sqrt(n)
    if sequential is not None:
        half = sequential_half_width(n, confidence, sequential) / 100
    eff, veff = t["effect"].to_numpy() * 100, t["vp_effect"].to_numpy()
    return t.select("seat", "opening").with_columns(
        pl.Series("effect", eff), pl.Series("low", eff - half * 100), pl.Series("high", eff + half * 100),
        t["deals"], pl.Series("vp_effect", veff), pl.Series("vp_low", veff - vhalf),
        pl.Series("vp_high", veff + vhalf)).sort(["seat", "effect", "opening"], descending=[False, True, False])


def sequential_half_width(deals: np.ndarray, confidence: float, sequential: Mapping[str, int]) -> np.ndarray:
    """The always-valid half-width (points) of a row seen on `deals` deals (see `opening_effects`)."""
    alpha, rows, planned = 1 - confidence, int(sequential["rows"]), int(sequential["planned_deals"])
    k = np.asarray(deals, dtype=float)
    values = {v: 100 * DIFF_RANGE * cs_half_width(v, alpha, rows, planned) for v in np.unique(k).tolist()}
    return np.array([values[v] for v in k.tolist()], dtype=float).reshape(k.shape)


def precision_deals(outcomes: pl.DataFrame, target: float, confidence: float, sequential: Mapping[str, int]
                    ) -> int | None:
    """The fewest first deals (``0 .. D - 1``) on which every row's always-valid half-width is at most `target`
    points, or None when the deals there (up to the first one missing) do not reach it.

    The half-width depends only on how many deals each row was legal on, so this is a stopping time: stopping at
    ``D`` keeps the confidence sequence valid, and ``D`` does not depend on how the deals were split or played.
    """
    present = outcomes.select("deal", "seat", "opening").unique()
    if present.height == 0:
        return None
    deals = np.sort(present["deal"].unique().to_numpy())
    gaps = np.flatnonzero(deals != np.arange(deals.size))
    m = int(gaps[0]) if gaps.size else deals.size  # deals 0 .. m - 1 are all there
    if m == 0:
        return None
    present = present.filter(pl.col("deal") < m).with_columns(
        pl.struct("seat", "opening").rank("dense").cast(pl.Int64).alias("row") - 1)
    seen = np.zeros((m, int(present["row"].max()) + 1), dtype=np.int64)
    seen[present["deal"].to_numpy(), present["row"].to_numpy()] = 1
    counts = np.cumsum(seen, axis=0)
    fewest = np.where(counts > 0, counts, np.iinfo(np.int64).max).min(axis=1)
    half = sequential_half_width(np.minimum(fewest, m), confidence, sequential)
    ok = np.flatnonzero((fewest >= 2) & (half <= target))
    return int(ok[0]) + 1 if ok.size else None
