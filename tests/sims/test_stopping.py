"""Sequential runs (--until-precision, --until-decided), `brux plan`, and the sweep's re-check on fresh seeds."""

import json
import re

import pytest

import sims
from analysis import write_report
from analysis.findings import FIXED_SAMPLE
from analysis.sequential import games_for_precision
from sims.cli import main
from sims.stopping import Stopper


def _err_line(capsys) -> str:
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("brux: error: ")
    return lines[0]


def test_until_precision_stops_early_and_resumes(tmp_path, capsys, game_name):
    out = tmp_path / "seq"
    args = ["run", game_name, "--players", "3", "--games", "40000", "--chunk-size", "2000", "--jobs", "1",
            "--until-precision", "0.05", "--out", str(out), "--quiet"]
    assert main(args) == 0
    text = capsys.readouterr().out
    needed = games_for_precision(0.05, 0.05, 3)
    played = -(-needed // 2000) * 2000  # whole chunks, one look per chunk with one worker
    assert "precision reached" in text and f"after {played:,} of 40,000 games" in text
    record = json.loads((out / "stopping.json").read_text())
    assert record["stopped_early"] and record["games_done"] == played and record["looks"][-1] == played
    assert len(list(out.glob("chunk-*.parquet"))) == played // 2000
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["games"] == 40_000 and manifest["games_done"] == played
    # the same command resumes: the answer is already known, nothing is played
    assert main(args) == 0
    assert "0 played" in capsys.readouterr().out
    # the report says how the run stopped, with the always-valid interval
    assert main(["report", str(out), "--out", str(tmp_path / "r.md")]) == 0
    md = (tmp_path / "r.md").read_text()
    assert f"The run stopped after {played:,} of 40,000 planned games: precision reached" in md
    assert "always-valid confidence sequence" in md
    assert "95% interval (always valid)" in md and "interval (Wilson)" not in md.split("## Score sources")[0]


def test_until_decided_plays_on_to_the_cap_when_undecided(tmp_path, capsys, game_name):
    out = tmp_path / "dec"
    assert main(["run", game_name, "--games", "3000", "--chunk-size", "1000", "--jobs", "1", "--until-decided",
                 "--margin", "0.01", "--out", str(out), "--quiet"]) == 0
    text = capsys.readouterr().out
    assert "all 3,000 planned games played before the rule was met" in text and "; 3 looks;" in text
    record = json.loads((out / "stopping.json").read_text())
    assert record["looks"] == [1000, 2000, 3000]
    # the verdict is on the seat differences, whose sequence is recomputed from the recorded chunk counts
    assert len(record["chunk_counts"]) == 3 and sum(map(sum, record["chunk_counts"])) == 3000
    assert f"{record['gap_half_width']:.4f} per seat difference" in text


@pytest.mark.parametrize(("args", "message"), [
    (["--until-precision", "0.7"], "--until-precision must be between 0 and 0.5"),
    (["--until-decided", "--margin", "1.5"], "--margin must be between 0 and 1"),
    (["--until-decided", "--until-precision", "0.01"], "not allowed with argument"),
])
def test_bad_stopping_options(args, message, tmp_path, capsys, game_name):
    assert main(["run", game_name, "--games", "10", "--out", str(tmp_path / "x"), *args]) == 2
    assert message in _err_line(capsys)


def test_plan(tmp_path, capsys, game_name):
    assert main(["plan", "--players", "3", "--gap", "0.02", "--until-precision", "0.005"]) == 0
    out = capsys.readouterr().out
    assert "seat gap of 2 points between two seats: 17,449 games" in out
    assert f"half-width of 0.5 points (always valid, cap 1,000,000): " \
           f"{games_for_precision(0.005, 0.05, 3):,} games" in out
    assert "more than the cap" not in out
    assert main(["plan", "--until-precision", "0.005", "--games", "10000"]) == 0
    assert "more than the cap --games 10,000: such a run stops at the cap" in capsys.readouterr().out
    folder = tmp_path / "r"
    assert main(["run", game_name, "--games", "3000", "--jobs", "1", "--out", str(folder), "--quiet"]) == 0
    capsys.readouterr()
    assert main(["plan", str(folder), "--opening-frequency", "0.1"]) == 0
    out = capsys.readouterr().out
    assert "spread: measured in the folder" in out and "3,000 games detect a seat gap of" in out
    assert main(["plan", "--gap", "3"]) == 2
    assert "--gap must be between 0 and 1" in _err_line(capsys)


_INTERVAL = re.compile(r"\d%? to [+−-]?\d|\d–\d")  # "1.2 to 3.4", "-0.5% to +1.0%", "1.10–1.30"
_LABELS = ("always valid", FIXED_SAMPLE)


def _unlabelled(md: str) -> list[str]:
    """Every findings line, paragraph or table column of a Markdown report that shows an interval without saying
    whether it is always valid or fixed-sample (the game-length table shows quantiles of the games, not intervals)."""
    bad = []
    for section in md.split("\n## ")[1:]:
        if section.startswith(("Game length", "Full tables")):
            continue
        for block in section.split("\n\n"):
            lines = block.splitlines()
            if lines and lines[0].startswith("|"):
                header = [c.strip() for c in lines[0].strip("|").split("|")]
                cells = [[c.strip() for c in ln.strip("|").split("|")] for ln in lines[2:]]
                bad += [h for i, h in enumerate(header) if any(_INTERVAL.search(r[i]) for r in cells)
                        and not any(label in h for label in _LABELS)]
            elif not block.startswith("!["):
                bad += [ln for ln in lines if _INTERVAL.search(ln) and not any(label in ln for label in _LABELS)]
    return bad


def test_after_a_sequential_stop_every_interval_of_the_report_is_labelled(tmp_path, game_name):
    out = tmp_path / "seq"
    stopper = Stopper("decided", None, margin=0.01)
    sims.run(game_name, 3, 3000, seed=4, out=out, chunk_size=1000, jobs=1, until=stopper)
    assert (out / "stopping.json").is_file() and stopper.record["looks"] == [1000, 2000, 3000]
    md = write_report(out, tmp_path / "r.md", "md", min_games=20).read_text()
    page = write_report(out, tmp_path / "r.html", "html", min_games=20).read_text()
    assert _unlabelled(md) == []
    for section in ("## Score sources", "## Opening strength"):  # the sections with intervals are all there
        assert FIXED_SAMPLE in md.split(section)[1].split("\n## ")[0]
    assert "| 95% interval (always valid) |" in md and "simultaneous interval (always valid)" in md
    assert f"95% Wilson, {FIXED_SAMPLE})" in md and f"Corrected interval, {FIXED_SAMPLE}" in md
    assert page.count(FIXED_SAMPLE) == md.count(FIXED_SAMPLE) > 5
    assert page.count("always valid") == md.count("always valid")
    # the same folder without its stopping record is an ordinary run: no label at all
    (out / "stopping.json").unlink()
    plain = write_report(out, tmp_path / "p.md", "md", min_games=20).read_text()
    assert FIXED_SAMPLE not in plain and "always valid" not in plain
