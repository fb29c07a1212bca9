"""Game records: JSON files that replay a game exactly."""

import json
from pathlib import Path
from typing import Any

from brux.core.game import RECORD_FORMAT, State


def replay(record: dict[str, Any] | str | Path) -> State:
    """Rebuild the state a record describes (a dict, or the path of a record JSON file)."""
    from brux import load_game

    if isinstance(record, (str, Path)):
        try:
            record = json.loads(Path(record).read_text())
        except (OSError, json.JSONDecodeError) as e:
            raise ValueError(f"cannot read game record {str(record)!r}: {e}") from e
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise ValueError(f"not a brux game record of format {RECORD_FORMAT}")
    for key in ("game", "players", "seed", "actions"):
        if key not in record:
            raise ValueError(f"game record has no {key!r}")
    game = load_game(record["game"], players=record["players"], **(record.get("overrides") or {}))
    if record.get("scenario") is not None:
        state = game.state_from_dict(record["scenario"], seed=record["seed"])
    else:
        state = game.new_initial_state(seed=record["seed"])
    for i, name in enumerate(record["actions"]):
        try:
            state.apply_action(name)
        except ValueError as e:
            raise ValueError(f"game record action {i} ({name!r}) cannot be replayed: {e}") from e
    return state
