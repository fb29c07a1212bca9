import polars as pl
import pytest

import sims
from analysis.forced_report import observational_effects, openings_blocks, sentences, with_observation
from analysis.io import ResultsError


def _table(rows):
    return pl.DataFrame([{"seat": s, "opening": o, "effect": e, "low": lo, "high": hi, "deals": 50,
                          "vp_effect": 0.0, "vp_low": -1.0, "vp_high": 1.0} for s, o, e, lo, hi in rows],
                        schema_overrides={"seat": pl.Int8})


def test_no_claim_when_every_interval_contains_zero():
    t = _table([(0, "A", 4.0, -1.0, 9.0), (0, "PASS", -4.0, -9.0, 1.0)])
    (line,) = sentences(t)
    assert "no opening is distinguishable from the average" in line
    assert "strongest" not in line and "weakest" not in line


def test_strongest_and_weakest_named_with_their_intervals():
    t = _table([(0, "A", 6.0, 1.0, 11.0), (0, "B", 0.5, -3.0, 4.0), (0, "PASS", -10.8, -11.4, -10.2),
                (1, "A", 2.0, 0.5, 3.5), (1, "B", -2.0, -3.0, 0.1)])
    s0, s1 = sentences(t)
    assert s0.startswith("Seat 0") and "strongest forced opening is A, +6.0 points" in s0 and "+1.0 to +11.0" in s0
    assert "weakest is PASS, -10.8 points (-11.4 to -10.2" in s0
    assert "strongest forced opening is A" in s1 and "none is set below it" in s1


def test_disagreement_is_non_overlap_or_a_sign_flip_an_interval_supports():
    t = _table([(0, "A", 6.0, 1.0, 11.0), (0, "B", 1.0, -3.0, 5.0), (0, "C", -1.0, -4.0, 2.0),
                (0, "D", 0.0, -2.0, 2.0)])
    obs = pl.DataFrame({"seat": [0, 0, 0], "opening": ["A", "B", "C"], "obs_effect": [20.0, -1.0, 0.5],
                        "obs_low": [15.0, -2.0, -1.0], "obs_high": [25.0, -0.5, 2.0], "obs_games": [99, 99, 99]})
    got = dict(zip(*with_observation(t, obs).select("opening", "disagree").to_dict(as_series=False).values()))
    assert got == {"A": True, "B": True, "C": False, "D": None}


def test_a_row_seen_on_one_deal_neither_agrees_nor_disagrees():
    nan = float("nan")
    t = _table([(0, "ONCE", 0.0, nan, nan)])
    obs = pl.DataFrame({"seat": [0], "opening": ["ONCE"], "obs_effect": [1.0], "obs_low": [-20.0],
                        "obs_high": [22.0], "obs_games": [53]})
    assert with_observation(t, obs)["disagree"].to_list() == [None]


def test_observational_effects_of_an_ordinary_run(tmp_path):
    sims.run("bruxelles1897", 3, 3000, seed=3, out=tmp_path / "r", jobs=1)
    obs = observational_effects(tmp_path / "r", "bruxelles1897", 3)
    assert set(obs["seat"].to_list()) == {0, 1, 2}
    for (_,), g in obs.group_by("seat"):
        assert g["obs_effect"].sum() == pytest.approx(0.0, abs=1e-9)  # the baseline is the mean over openings
    assert (obs["obs_low"] < obs["obs_effect"]).all() and (obs["obs_effect"] < obs["obs_high"]).all()
    assert obs["obs_games"].min() >= 20
    with pytest.raises(ResultsError, match="not bruxelles1897 with 4"):
        observational_effects(tmp_path / "r", "bruxelles1897", 4)


def test_report_blocks_hold_the_plot_and_the_disagreements():
    t = with_observation(_table([(0, "A", 6.0, 1.0, 11.0)]), pl.DataFrame(
        {"seat": [0], "opening": ["A"], "obs_effect": [-5.0], "obs_low": [-8.0], "obs_high": [-2.0],
         "obs_games": [500]}))
    title, blocks = openings_blocks(t, {"game": "g", "players": 3, "agents": ["random"] * 3, "deals_used": 50,
                                        "master_seed": 1, "until_precision": None})
    kinds = [b.kind for b in blocks]
    assert "image" in kinds and "Experiment against observation" in [b.content for b in blocks if b.kind == "h3"]
    assert any(b.kind == "p" and "1 of 1 compared rows" in b.content for b in blocks)
