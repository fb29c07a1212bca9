"""Write benchmark rows as a Markdown table and a JSON file."""

import json
import platform
import time
from pathlib import Path

import brux


def _fmt(v: object) -> str:
    if isinstance(v, float):
        return f"{v:,.0f}" if v >= 100 else f"{v:.3g}"
    return str(v)


def write(rows: list[dict[str, object]], out_dir: Path) -> tuple[Path, Path]:
    """benchmarks/results/latest.md and latest.json (and a dated JSON copy)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    meta = {"brux_version": brux.__version__, "python": platform.python_version(), "machine": platform.machine(),
            "cpus": __import__("os").cpu_count(), "date": time.strftime("%Y-%m-%d %H:%M")}
    cols = ["benchmark", "game", "players", "median", "unit", "range"]
    lines = [f"Measured {meta['date']} on {meta['cpus']} cores ({meta['machine']}, Python {meta['python']}), "
             "medians of repeated runs.", "", "| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    lines += ["| " + " | ".join(_fmt(r.get(c, "")) for c in cols) + " |" for r in rows]
    md = out_dir / "latest.md"
    md.write_text("\n".join(lines) + "\n")
    js = out_dir / "latest.json"
    js.write_text(json.dumps({"meta": meta, "rows": rows}, indent=1, default=str))
    (out_dir / f"bench-{time.strftime('%Y%m%d-%H%M%S')}.json").write_text(js.read_text())
    return md, js
