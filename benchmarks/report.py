"""Write benchmark rows as a Markdown table and a JSON file."""

import json
import platform
import time
from pathlib import Path

import brux
from sims.atomic import atomic_write


def _fmt(v: object) -> str:
    if isinstance(v, float):
        return f"{v:,.0f}" if v >= 100 else f"{v:.3g}"
    return str(v)


def write(rows: list[dict[str, object]], out_dir: Path) -> tuple[Path, Path]:
    """`out_dir`/latest.md and latest.json (and a dated JSON copy), each written atomically."""
    out_dir.mkdir(parents=True, exist_ok=True)
    meta = {"brux_version": brux.__version__, "python": platform.python_version(), "machine": platform.machine(),
            "cpus": __import__("os").cpu_count(), "date": time.strftime("%Y-%m-%d %H:%M")}
    cols = ["benchmark", "game", "players", "median", "unit", "range"]
    lines = [f"Measured {meta['date']} on {meta['cpus']} cores ({meta['machine']}, Python {meta['python']}), "
             "medians of repeated runs.", "", "| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    lines += ["| " + " | ".join(_fmt(r.get(c, "")) for c in cols) + " |" for r in rows]
    text = json.dumps({"meta": meta, "rows": rows}, indent=1, default=str)
    md, js = out_dir / "latest.md", out_dir / "latest.json"
    atomic_write(md, lambda p: p.write_text("\n".join(lines) + "\n"))
    for path in (js, out_dir / f"bench-{time.strftime('%Y%m%d-%H%M%S')}.json"):
        atomic_write(path, lambda p: p.write_text(text))
    return md, js
