"""A game's lighter strong agent: one JSON file per game (`brux/games/<game>/strong.json`), one record per player
count: an agent spec cheaper than the game's search (e.g. a search with fewer iterations on pruned root actions),
its strength measured against the search (seat-rotated win share with a Wilson 95 % interval), the CPU per decision
of both and the command that measured them (`python -m sims.policy_strength --agent SPEC ... --write`)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

STRONG_FILE = "strong.json"  # beside the game's code
ABOUT = ("a lighter agent measured against the game's search (python -m sims.policy_strength --agent ...): "
         "`brux study` plays it for its strongest level where it won at least the fair share")


def load(path: str | Path) -> dict[int, dict[str, Any]]:
    """Each player count's record stored in `path` ({} when there is no file)."""
    path = Path(path)
    if not path.exists():
        return {}
    return {int(players): dict(record) for players, record in json.loads(path.read_text())["players"].items()}


def write(path: str | Path, players: int, record: Mapping[str, Any]) -> None:
    """Store (or replace) the record of `players` players in `path`."""
    table = {str(k): v for k, v in load(path).items()}
    table[str(players)] = dict(record)
    doc = {"about": ABOUT, "players": dict(sorted(table.items(), key=lambda kv: int(kv[0])))}
    Path(path).write_text(json.dumps(doc, indent=1) + "\n")
