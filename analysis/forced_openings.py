"""The effect of a forced first decision: paired by deal against the deal's mean over its legal first decisions."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import polars as pl
from scipy import stats as _st

from .sequential import cs_half_width

DIFF_RANGE = 2.0  # a per-deal difference of win shares lies in [-1, 1]


def opening_effects(outcomes: pl.DataFrame, confidence: float = 0.95,
                    sequential: Mapping[str, int] | None = None) -> pl.DataFrame:
    """``seat, opening, effect, low, high, deals, vp_effect, vp_low, vp_high`` from per-deal forced outcomes.

    Within a deal and seat, several actions may share one opening label: their outcomes are averaged first. The
    baseline of a deal is the mean over its labels; ``effect`` (points of win share) is the mean over the deals
    where the opening was legal of (its share - the baseline). Intervals are simultaneous over all rows
    (Bonferroni on a t interval of the per-deal differences). With `sequential` (``planned_deals``, ``rows``) the
    win-share interval is instead the always-valid confidence sequence of `analysis.sequential` for a variable of
    range 2, Bonferroni over ``rows`` (a bound on the rows fixed in advance): it holds however often one looks.
    The rows and numbers depend only on the outcomes, not on their order.
    """
    per = (outcomes.sort("deal", "seat", "opening", "win_share", "vp")
           .group_by("deal", "seat", "opening", maintain_order=True)
           .agg(pl.col("win_share").mean(), pl.col("vp").cast(pl.Float64).mean()))
    per = per.with_columns(
        (pl.col("win_share") - pl.col("win_share").mean().over("deal", "seat")).alias("d"),
        (pl.col("vp") - pl.col("vp").mean().over("deal", "seat")).alias("dv"))
    t = per.sort("seat", "opening", "deal").group_by("seat", "opening", maintain_order=True).agg(
        pl.len().alias("deals"), pl.col("d").mean().alias("effect"), pl.col("d").std().alias("sd"),
        pl.col("dv").mean().alias("vp_effect"), pl.col("dv").std().alias("vp_sd"))
    alpha = (1 - confidence) / max(t.height, 1)
    n = t["deals"].to_numpy().astype(float)
    q = np.where(n > 1, _st.t.ppf(1 - alpha / 2, np.maximum(n - 1, 1)), np.nan)
    half = q * t["sd"].fill_null(np.nan).to_numpy() / np.sqrt(n)
    vhalf = q * t["vp_sd"].fill_null(np.nan).to_numpy() / np.sqrt(n)
    if sequential is not None:
        half = DIFF_RANGE * np.array([cs_half_width(k, 1 - confidence, int(sequential["rows"]),
                                                    int(sequential["planned_deals"])) for k in n])
    eff, veff = t["effect"].to_numpy() * 100, t["vp_effect"].to_numpy()
    return t.select("seat", "opening").with_columns(
        pl.Series("effect", eff), pl.Series("low", eff - half * 100), pl.Series("high", eff + half * 100),
        t["deals"], pl.Series("vp_effect", veff), pl.Series("vp_low", veff - vhalf),
        pl.Series("vp_high", veff + vhalf)).sort(["seat", "effect", "opening"], descending=[False, True, False])
