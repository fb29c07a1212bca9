import numpy as np
import polars as pl
import pytest

from analysis.forced_openings import opening_effects


def _outcomes(bonus: float, deals: int = 400) -> pl.DataFrame:
    rng = np.random.default_rng(5)
    rows = []
    for d in range(deals):
        base = rng.uniform(0.1, 0.6)  # the deal's own strength: the confounder pairing removes
        for op, shift in (("A", bonus), ("B", 0.0), ("C", 0.0)):
            rows.append({"deal": d, "seat": 0, "opening": op, "win_share": base + shift + rng.normal(0, 0.05),
                         "vp": int(10 * d % 7)})
    return pl.DataFrame(rows)


def test_effect_moves_by_the_planted_bonus():
    lo, hi = opening_effects(_outcomes(0.0)), opening_effects(_outcomes(0.3))
    a_lo = lo.filter(pl.col("opening") == "A")["effect"][0]
    a_hi = hi.filter(pl.col("opening") == "A")["effect"][0]
    # forcing A among 3 equally weighted labels: its effect is 2/3 of the bonus, in points
    assert abs((a_hi - a_lo) - 20.0) < 1.0
    row = hi.filter(pl.col("opening") == "A")
    assert row["low"][0] < 20.0 < row["high"][0]
    assert hi["effect"].sum() == pytest.approx(0.0, abs=1e-9)
    assert set(hi["deals"].to_list()) == {400}


def test_a_deal_with_one_opening_only_compares_nothing():
    two = _outcomes(0.3, deals=50)
    lone = pl.DataFrame([{"deal": d, "seat": 0, "opening": "ONLY", "win_share": 0.5, "vp": 3}
                         for d in range(50, 80)])
    t = opening_effects(pl.concat([two, lone]))
    assert "ONLY" not in t["opening"].to_list()  # no zero-width row of a decision nobody could vary
    assert set(t["deals"].to_list()) == {50} and t.equals(opening_effects(two))


def test_precision_is_reached_at_the_first_deal_where_every_row_is_narrow_enough():
    from analysis.forced_openings import precision_deals, sequential_half_width

    seq = {"rows": 3, "planned_deals": 1000}
    out = _outcomes(0.0, deals=400)
    late = out.filter(pl.col("deal") >= 100).with_columns(pl.lit("D").alias("opening"))  # legal from deal 100 on
    out = pl.concat([out, late])
    target = float(sequential_half_width(np.array([150]), 0.95, seq)[0])
    # rows A, B, C reach 150 deals at deal 149, but D (legal from deal 100) only at deal 249
    assert precision_deals(out, target, 0.95, seq) == 250
    assert precision_deals(out.filter(pl.col("deal") < 249), target, 0.95, seq) is None
    assert precision_deals(out.filter(pl.col("deal") != 7), target, 0.95, seq) is None  # deals 0..6 only
    t = opening_effects(out.filter(pl.col("deal") < 250), sequential=seq)
    assert ((t["high"] - t["low"]) / 2 <= target + 1e-9).all()
