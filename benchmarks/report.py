"""Write benchmark rows as a Markdown table and a JSON file, and splice the table into a document (the README)."""

import json
import os
import platform
import time
from pathlib import Path

import brux
from sims.atomic import atomic_write

TABLE_START = "<!-- bench-table -->"  # the lines between these two markers are replaced by `splice`
TABLE_END = "<!-- /bench-table -->"
COLUMNS = ("benchmark", "game", "players", "median", "unit", "range")


def _fmt(v: object) -> str:
    if isinstance(v, float):
        return f"{v:,.0f}" if v >= 100 else f"{v:.3g}"
    return str(v)


def machine(load_before: tuple[float, float, float]) -> dict[str, object]:
    """What the figures were measured on: versions, cores, the date, and the load averages before and after."""
    return {"brux_version": brux.__version__, "python": platform.python_version(), "machine": platform.machine(),
            "cpus": os.cpu_count(), "date": time.strftime("%Y-%m-%d %H:%M"),
            "load_before": [round(x, 2) for x in load_before],
            "load_after": [round(x, 2) for x in os.getloadavg()]}


def table_lines(rows: list[dict[str, object]], meta: dict[str, object]) -> list[str]:
    """The Markdown table of `rows`, headed by a sentence on when and where it was measured."""
    before, after = meta["load_before"], meta["load_after"]
    lines = [f"Measured {meta['date']} on {meta['cpus']} cores ({meta['machine']}, Python {meta['python']}), "
             f"medians of repeated runs; load average (1 / 5 / 15 min) {' / '.join(map(str, before))} before, "
             f"{' / '.join(map(str, after))} after.",
             "", "| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    return lines + ["| " + " | ".join(_fmt(r.get(c, "")) for c in COLUMNS) + " |" for r in rows]


def write(rows: list[dict[str, object]], out_dir: Path, meta: dict[str, object]) -> tuple[Path, Path]:
    """`out_dir`/latest.md and latest.json (and a dated JSON copy), each written atomically."""
    out_dir.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"meta": meta, "rows": rows}, indent=1, default=str)
    md, js = out_dir / "latest.md", out_dir / "latest.json"
    lines = table_lines(rows, meta)
    atomic_write(md, lambda p: p.write_text("\n".join(lines) + "\n"))
    for path in (js, out_dir / f"bench-{time.strftime('%Y%m%d-%H%M%S')}.json"):
        atomic_write(path, lambda p: p.write_text(text))
    return md, js


def check_splice(document: Path) -> tuple[str, int, int]:
    """The text of `document` and where its table markers stand (ValueError naming the document when it cannot be
    read or the markers are missing)."""
    try:
        text = document.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(f"--readme: cannot read {document}: {e}") from e
    start, end = text.find(TABLE_START), text.find(TABLE_END)
    if start < 0 or end < start:
        raise ValueError(f"--readme: {document} has no table between {TABLE_START} and {TABLE_END}")
    return text, start, end


def splice(document: Path, lines: list[str]) -> None:
    """Replace the lines between TABLE_START and TABLE_END in `document` with `lines`, atomically."""
    text, start, end = check_splice(document)
    head = text[: start + len(TABLE_START)]
    new = head + "\n" + "\n".join(lines) + "\n" + text[end:]
    atomic_write(document, lambda p: p.write_text(new, encoding="utf-8"))
