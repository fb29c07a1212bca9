"""The benchmark report writer: a Markdown table and a JSON file with every row."""

import json

from benchmarks import report


def test_report_writes_markdown_and_json(tmp_path):
    rows = [{"benchmark": "random games/s (1 core)", "game": "g", "players": 3, "median": 123456.7,
             "range": "1–2", "unit": "games/s"}]
    md, js = report.write(rows, tmp_path)
    text = md.read_text()
    assert "| random games/s (1 core) | g | 3 | 123,457 | games/s | 1–2 |" in text
    data = json.loads(js.read_text())
    assert data["rows"] == rows and data["meta"]["cpus"] >= 1
    assert len(list(tmp_path.glob("bench-*.json"))) == 1


def test_vector_env_rows():
    from benchmarks import suites

    rows = suites.vector_env_throughput("lutece", 3, 8, 3, 1)
    assert [r["benchmark"] for r in rows] == ["vector env steps/s, N=8, with observations (1 core)",
                                              "State API steps/s, apply_action (1 core)"]
    assert all(r["median"] > 0 and r["unit"] == "steps/s" for r in rows)
