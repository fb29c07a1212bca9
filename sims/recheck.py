"""Re-checking a sweep's headline on fresh seeds: the variant with the smallest seat gap and its baseline are
played again from another master seed, so the headline's difference is measured free of the selection.

The runs are ordinary results folders ``DIR/recheck/<cell path>``; ``DIR/recheck.json`` lists them and
``analysis.compare`` reads it. The fresh master seed is the sweep's seed plus ``RECHECK_SEED_OFFSET``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .atomic import atomic_write
from .run import run

RECHECK_FILE = "recheck.json"
RECHECK_DIR = "recheck"
RECHECK_SEED_OFFSET = 1_000_003


def recheck_headline(result: Any, cells: Any, *, games: int | None = None, jobs: int = -1,
                     backend: str = "threads",
                     scheduler: str | None = None, force: bool = False, progress: bool = False
                     ) -> list[dict[str, Any]]:
    """Play the headline variant (``analysis.sweep_stats.headline(cells)``) and the baseline of every player count and
    line-up again on fresh seeds; write ``recheck.json`` and return its checks."""
    from analysis.sweep_stats import headline

    spec = result.spec
    seed = spec.seed + RECHECK_SEED_OFFSET
    n = games or spec.games
    checks = []
    for h in headline(cells).iter_rows(named=True):
        group = [c for c in spec.cells if c.players == h["players"] and c.lineup == h["lineup"]]
        variant = next(c for c in group if c.name == h["variant"])
        base = next(c for c in group if c.baseline)
        paths = {}
        for cell in (variant, base):
            out = Path(result.path) / RECHECK_DIR / cell.path
            run(spec.game, cell.players, n, agents=list(cell.agents), seed=seed, overrides=cell.overrides, out=out,
                chunk_size=spec.chunk_size, jobs=jobs, backend=backend, scheduler=scheduler, force=force,
                progress=progress)
            paths[cell.name] = f"{RECHECK_DIR}/{cell.path}"
        checks.append({"players": h["players"], "lineup": h["lineup"], "variant": variant.name,
                       "baseline": base.name, "seed": seed, "games": n, "variant_path": paths[variant.name],
                       "baseline_path": paths[base.name]})
    text = json.dumps({"spec": result.manifest.get("spec"), "checks": checks}, indent=1) + "\n"
    atomic_write(Path(result.path) / RECHECK_FILE, lambda p: p.write_text(text, encoding="utf-8"))
    return checks
