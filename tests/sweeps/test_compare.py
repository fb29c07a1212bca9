"""analysis.compare: per-cell balance, paired differences from the baseline, the sweep report."""

from __future__ import annotations

import base64
import re
from html.parser import HTMLParser

import numpy as np
import polars as pl
import pytest

import analysis
from analysis.sweep_report import SECTION_TITLES
from analysis.sweep_stats import bootstrap_objective, objective_interval, paired_difference, seat_objective
from sims.cli import main
from tests.sweeps.conftest import GAMES

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
DATA_URI = re.compile(r"data:image/png;base64,([A-Za-z0-9+/=]+)")


@pytest.fixture(scope="module")
def comparison(played_sweep):
    return analysis.compare(played_sweep, n_boot=400, seed=1)


def test_baseline_difference_is_exactly_zero(comparison):
    base = comparison.cells.filter(pl.col("baseline"))
    assert base.height == 1 and base["variant"][0] == "baseline"
    assert base.select("gap_diff", "gap_diff_low", "gap_diff_high").row(0) == (0.0, 0.0, 0.0)
    assert not base["significant"][0]
    seats = comparison.seats.filter(pl.col("baseline"))
    assert seats.height == 3
    assert (seats["diff"] == 0).all() and (seats["diff_low"] == 0).all() and (seats["diff_high"] == 0).all()
    assert (seats["win_share"] == seats["baseline_share"]).all()


def test_planted_variant_has_a_significantly_larger_gap(comparison):
    cells = comparison.cells
    assert cells["paired_games"].to_list() == [GAMES] * 4
    planted = cells.filter(pl.col("variant") == "start_money=[0,0,40,7]").row(0, named=True)
    base = cells.filter(pl.col("baseline")).row(0, named=True)
    assert planted["best_seat"] == 2 and planted["max_gap"] > 0.5
    assert planted["significant"] and planted["gap_diff_low"] > 0 and planted["gap_diff_low"] <= planted["gap_diff"]
    assert planted["max_gap_low"] > base["max_gap_high"]
    last_seat = comparison.seats.filter((pl.col("variant") == "start_money=[0,0,40,7]") & (pl.col("seat") == 2))
    assert last_seat["significant"][0] and last_seat["diff_low"][0] > 0.3 and last_seat["p_adjusted"][0] < 1e-6
    # intervals contain their estimates
    for row in cells.iter_rows(named=True):
        assert row["max_gap_low"] <= row["max_gap"] <= row["max_gap_high"]
        assert row["gap_diff_low"] <= row["gap_diff_high"]


def test_gap_difference_matches_the_cells(comparison):
    cells = comparison.cells
    base_gap = cells.filter(pl.col("baseline"))["max_gap"][0]
    for row in cells.iter_rows(named=True):
        assert row["gap_diff"] == pytest.approx(row["max_gap"] - base_gap, abs=1e-12)  # all games paired


def test_sources_per_cell(comparison):
    src = comparison.sources
    assert set(src["variant"].unique()) == set(comparison.cells["variant"])
    totals = src.filter(pl.col("seat").is_null()).group_by("cell").agg(pl.col("share").sum())
    assert np.allclose(totals["share"].to_numpy(), 1.0)
    exhibit = src.filter(pl.col("seat").is_null() & (pl.col("source") == "exhibit"))
    by_variant = dict(zip(exhibit["variant"], exhibit["mean_vp"]))
    assert by_variant["exhibit 1"] < by_variant["baseline"]  # exhibit_vp = 1 halves the exhibit VP


def test_compare_is_deterministic_and_other_baseline(played_sweep, comparison):
    again = analysis.compare(played_sweep.path, n_boot=400, seed=1)
    assert again.cells.equals(comparison.cells)
    other = analysis.compare(played_sweep.path, n_boot=200, baseline="exhibit 1")
    ref = other.cells.filter(pl.col("variant") == "exhibit 1").row(0, named=True)
    assert ref["baseline"] and ref["gap_diff"] == 0.0


def test_statistics_helpers():
    rng = np.random.default_rng(0)
    winner = rng.integers(0, 3, size=3000)
    w = np.eye(3)[winner]
    assert seat_objective(np.array([0.2, 0.3, 0.5])) == pytest.approx(0.3)
    assert seat_objective(np.array([0.2, 0.3, 0.5]), "max_dev") == pytest.approx(0.5 - 1 / 3)
    reps = bootstrap_objective([w, w.copy()], n_boot=300, seed=5)
    assert reps.shape == (300, 2) and np.array_equal(reps[:, 0], reps[:, 1])  # paired: the same resamples
    assert np.array_equal(reps, bootstrap_objective([w, w.copy()], n_boot=300, seed=5))
    assert not np.array_equal(reps, bootstrap_objective([w, w.copy()], n_boot=300, seed=6))
    lo, hi = objective_interval(w, "max_gap")
    est = seat_objective(w.mean(axis=0))
    assert 0 <= lo <= est <= hi < 0.1
    mean, dl, dh, p = paired_difference(w, w)
    assert (mean == 0).all() and (dl == 0).all() and (dh == 0).all() and (p == 1).all()


class _Collector(HTMLParser):
    def __init__(self):
        super().__init__()
        self.headings, self._tag = [], None

    def handle_starttag(self, tag, attrs):
        self._tag = tag

    def handle_data(self, data):
        if self._tag in ("h1", "h2", "h3") and data.strip():
            self.headings.append(data.strip())

    def handle_endtag(self, tag):
        self._tag = None


def test_brux_report_recognises_a_sweep(played_sweep, tmp_path, capsys):
    out = tmp_path / "sweep.html"
    assert main(["report", str(played_sweep.path), "--out", str(out)]) == 0
    assert f"report: {out}" in capsys.readouterr().out
    text = out.read_text(encoding="utf-8")
    parser = _Collector()
    parser.feed(text)
    assert parser.headings[0] == "brux sweep report: bruxelles1897"
    for title in SECTION_TITLES:
        assert title in parser.headings
    images = DATA_URI.findall(text)
    assert images and all(base64.b64decode(b)[:8] == PNG_MAGIC for b in images)
    assert 'alt="Seat gap per cell and difference from the baseline"' in text
    assert parser.headings[1] == "Findings"
    findings_html = text.split('<ul class="findings">')[1].split("</ul>")[0]
    for fact in ("smallest gap", "Bonferroni over 3 variants", "Monte Carlo error", "not been re-checked"):
        assert fact in findings_html
    for fact in ("start_money=[0,0,40,7]", "exhibit 1", "gap_diff", "<details>"):
        assert fact in text
    assert (tmp_path / "sweep_tables" / "cells.csv").is_file()
    md = tmp_path / "sweep.md"
    assert main(["report", str(played_sweep.path), "--out", str(md)]) == 0
    assert "## Difference from the baseline" in md.read_text(encoding="utf-8")


def test_partial_sweep_lists_missing_cells(tmp_path):
    from sims.sweep import sweep

    result = sweep({"game": "bruxelles1897", "games": 200, "seed": 2, "chunk_size": 100,
                    "variants": [{"name": "r3", "rounds": 3}]}, tmp_path / "s", jobs=1)
    cell = result.cell_path(1)
    for p in cell.iterdir():
        p.unlink()
    cmp = analysis.compare(tmp_path / "s", n_boot=50)
    assert cmp.cells["variant"].to_list() == ["baseline"] and cmp.missing == ["r3 (3p, random | random | random)"]
    with pytest.raises(analysis.ResultsError, match="not a sweep folder"):
        analysis.compare(tmp_path)


def test_headline_rechecked_on_fresh_seeds(played_sweep, tmp_path):
    import dataclasses
    import shutil

    from sims.recheck import RECHECK_SEED_OFFSET, recheck_headline

    folder = tmp_path / "copy"
    shutil.copytree(played_sweep.path, folder)
    result = dataclasses.replace(played_sweep, path=folder)
    before = analysis.compare(folder, n_boot=400, seed=1)
    (check,) = recheck_headline(result, before.cells, games=1000, jobs=1)
    assert check["seed"] == played_sweep.spec.seed + RECHECK_SEED_OFFSET and check["games"] == 1000
    head = before.cells.filter(~pl.col("baseline")).sort("max_gap").row(0, named=True)
    assert check["variant"] == head["variant"]
    after = analysis.compare(folder, n_boot=400, seed=1)
    row = after.cells.filter(pl.col("variant") == head["variant"]).row(0, named=True)
    assert row["recheck_games"] == 1000 and row["recheck_seed"] == check["seed"]
    assert row["recheck_low"] <= row["recheck_diff"] <= row["recheck_high"]
    assert any("re-checked on 1,000 fresh games" in s for s in after.findings())
    # the fresh games are other games: the baseline's seeds differ from the sweep's
    fresh, _ = analysis.read_results(folder / check["baseline_path"])
    old, _ = analysis.read_results(folder / after.manifest["cells"][0]["path"])
    assert fresh.select("seed").head(3).collect()["seed"].to_list() != old.select("seed").head(3).collect()[
        "seed"].to_list()


def test_bootstrap_replicates_grow_until_the_monte_carlo_error_is_small():
    from analysis.sweep_stats import paired_gap_bootstrap

    rng = np.random.default_rng(0)
    n = 20_000
    base = np.eye(3)[rng.choice(3, size=n, p=[0.30, 0.33, 0.37])]
    variant = np.eye(3)[rng.choice(3, size=n, p=[0.32, 0.33, 0.35])]
    b = paired_gap_bootstrap(variant, base, tests=3, n_boot=2_000, max_boot=256_000, seed=1)
    assert b["level"] == pytest.approx(0.05 / 3)
    assert b["high"] < 0 and b["n_boot"] >= 2_000
    assert b["mc_error"] <= 0.1 * min(abs(b["low"]), abs(b["high"])) or b["n_boot"] == 256_000
    again = paired_gap_bootstrap(variant, base, tests=3, n_boot=2_000, max_boot=256_000, seed=2)
    # another seed moves the ends by about the Monte Carlo error, not enough to flip the decision
    assert abs(again["high"] - b["high"]) < 5 * max(b["mc_error"], again["mc_error"])
    assert (again["high"] < 0) == (b["high"] < 0)
