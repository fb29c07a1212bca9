"""Unbiasedness on a rule variant: raising the VP of an exhibited artwork moves each opening's forced VP effect by
exactly the change it causes in that opening's exhibit VP, and the artwork openings gain the most."""

from __future__ import annotations

import polars as pl

import brux
from analysis.forced_openings import opening_effects
from sims.openings import forced_openings, play_copy

from .conftest import GAME

DEALS, SEED, BASE_VP, VARIANT_VP = 40, 3, 2, 5


def _shift(base: pl.DataFrame, variant: pl.DataFrame, column: str) -> pl.DataFrame:
    a, b = opening_effects(base), opening_effects(variant)
    return a.join(b, on=["seat", "opening"], suffix="_v").select(
        "opening", (pl.col(f"{column}_v") - pl.col(column)).alias("shift"))


def test_the_vp_effect_moves_by_the_exhibit_vp_the_opening_adds():
    """Random agents never look at VP, so the variant plays every copy as the base does and only the exhibit VP
    changes (by 3/2 of it): the measured VP effect must move by 3/2 of the exhibit-VP effect, to rounding."""
    base, _ = forced_openings(GAME, 3, deals=DEALS, seed=SEED, seats=[0], chunk_size=DEALS)
    variant, _ = forced_openings(GAME, 3, deals=DEALS, seed=SEED, seats=[0], chunk_size=DEALS,
                                 overrides={"exhibit_vp": VARIANT_VP})
    assert variant.select("deal", "action", "opening").equals(base.select("deal", "action", "opening"))
    game = brux.load_game(GAME, 3)
    exhibit = [play_copy(game, ["random"] * 3, r["seed"], 0, r["action"])[1][0]["vp_by_source"]["exhibit"]
               for r in base.iter_rows(named=True)]
    added = base.with_columns(pl.Series("vp", [e * (VARIANT_VP - BASE_VP) // BASE_VP for e in exhibit]))
    other = base["vp"] - pl.Series(exhibit)
    assert (variant["vp"] - pl.Series(exhibit) * VARIANT_VP // BASE_VP).equals(other)  # nothing else moved
    expected = opening_effects(added).select("opening", pl.col("vp_effect").alias("expected"))
    moved = _shift(base, variant, "vp_effect").join(expected, on="opening")
    assert moved.height == opening_effects(base).height > 20
    assert (moved["shift"] - moved["expected"]).abs().max() < 1e-9
    top = moved.sort("shift", descending=True)["opening"].head(4).to_list()
    assert all(o.startswith("AN:artwork:") for o in top), top
    assert moved["shift"].abs().max() > 1.0  # the variant moved the table
    won = _shift(base, variant, "effect").filter(pl.col("opening").str.starts_with("AN:artwork:"))
    assert won["shift"].mean() > 2.0  # in points of win share: the artwork openings win more often
