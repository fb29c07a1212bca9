"""The example notebook runs headless from top to bottom and shows what it promises."""

from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "examples" / "balance_study.ipynb"


def test_balance_study_notebook_runs(tmp_path, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", str(ROOT))  # the kernel imports this checkout, installed or not
    nb = nbformat.read(NOTEBOOK, as_version=4)
    for cell in nb.cells:  # a small run keeps the test quick
        if cell.cell_type == "code":
            cell.source = cell.source.replace("GAMES = 20_000", "GAMES = 2_000")
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    text = "\n".join(str(o.get("data", {}).get("text/plain", "")) for o in outputs)
    printed = "\n".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert "bruxelles1897" in text
    assert "win_share" in text  # the seat balance table
    assert "points of win share" in printed and "line-up played" in printed  # the findings API
    assert "(best) minus seat" in printed and "every pair of seats" in printed  # the verdict on seat gaps
    assert "seat 0 - seat 1:" in printed and "largest gap: seat" in printed
    assert any("image/png" in o.get("data", {}) for o in outputs)  # the plot shows inline
