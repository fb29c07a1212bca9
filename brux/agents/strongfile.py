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
FIELDS = ("agent", "against", "games", "win_share", "low", "high", "cpu_us_per_decision", "command")


def load(path: str | Path) -> dict[int, dict[str, Any]]:
    """Each player count's record stored in `path` ({} when there is no file); ValueError naming the file when it is
    not such a table."""
    path = Path(path)
    if not path.exists():
        return {}
    try:
        table = {int(players): dict(record) for players, record in json.loads(path.read_text())["players"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
        raise ValueError(f"{path} is not a table of strong agents by player count ({type(e).__name__}: {e})") from None
    for players, record in table.items():
        missing = [f for f in FIELDS if f not in record]
        if missing:
            raise ValueError(f"{path}: the record of {players} players lacks {', '.join(missing)}")
    return table


def write(path: str | Path, players: int, record: Mapping[str, Any]) -> None:
    """Store (or replace) the record of `players` players in `path`."""
    table = {str(k): v for k, v in load(path).items()}
    table[str(players)] = dict(record)
    doc = {"about": ABOUT, "players": dict(sorted(table.items(), key=lambda kv: int(kv[0])))}
    Path(path).write_text(json.dumps(doc, indent=1) + "\n")
