"""The reports render in a real browser: every image decodes, nothing overflows at 1280 px, no console errors."""

import pytest

from analysis import write_report
from tests.analysis.synthetic import write_results_folder
from tests.browser.chromium import WIDTH, probe, screenshot

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    # four player counts of one synthetic game would be four runs; one run with long opening labels is the
    # widest page the report makes
    return write_results_folder(tmp_path_factory.mktemp("b") / "run", 8_000, 4, chunk_size=4_000, seed=3,
                                agents=["mcts:iters=500,c=1.4", "heuristic:balanced", "greedy", "random"],
                                openings_1=tuple(f"AN:exhibition:{i}/4@{i} very long opening label" for i in range(6)))


def _check(page):
    r = probe(page)
    assert r["errors"] == []
    assert r["images"] >= 6 and r["broken"] == []
    assert all(0 < w <= WIDTH for w in r["widths"])
    assert r["scrollWidth"] <= WIDTH
    assert r["wideTables"] == 0  # the tables outside <details> fit without scrolling either


def test_results_report_in_chromium(folder, tmp_path):
    page = write_report(folder, tmp_path / "report.html")
    _check(page)
    shot = screenshot(page, tmp_path / "report.png", height=1200)
    assert shot.read_bytes()[:8] == PNG_MAGIC


def test_a_sequential_report_with_its_labels_fits_in_chromium(folder, tmp_path):
    import json
    import shutil

    from analysis.findings import FIXED_SAMPLE

    seq = shutil.copytree(folder, tmp_path / "seq")
    manifest = json.loads((seq / "manifest.json").read_text())
    (seq / "stopping.json").write_text(json.dumps({  # the record of a run stopped by --until-decided
        "rule": "decided", "target": None, "margin": 0.02, "planned_games": 100_000, "games_done": 8_000,
        "looks": [4_000, 8_000], "reason": "decided: not fair (margin ±0.02)", "params_id": manifest["params_id"],
        "master_seed": manifest["master_seed"]}))
    page = write_report(seq, tmp_path / "seq.html")
    assert FIXED_SAMPLE in page.read_text()  # the longer, labelled headers still fit
    _check(page)


def test_the_probe_notices_a_broken_image_an_error_and_overflow(tmp_path):
    page = tmp_path / "bad.html"
    page.write_text('<!DOCTYPE html><html><head></head><body><img alt="x" src="data:image/png;base64,AAAA">'
                    '<div style="width:2000px">wide</div><script>console.error("boom")</script></body></html>',
                    encoding="utf-8")
    r = probe(page)
    assert r["broken"] == ["x"] and r["scrollWidth"] > WIDTH
    assert "boom" in r["errors"] and "error" in r["errors"]  # console.error and the image that failed to load
