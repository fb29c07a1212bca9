"""Game records: JSON files that replay a game exactly."""

import json
from pathlib import Path
from typing import Any

from brux.core.game import RECORD_FORMAT, SEED_LIMIT, State, is_int, load_game
from brux.errors import RecordError

MAX_RECORD_BYTES = 64 * 2**20  # a record file larger than this is refused unread
MAX_DEPTH = 64  # nesting of lists and tables in a record (a scenario view is about 6 deep)


def depth(value: Any, limit: int = MAX_DEPTH) -> int:
    """Nesting depth of lists and dicts in `value` (without recursion), counted up to `limit` + 1."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, (list, tuple, dict)):
            deepest = max(deepest, d)
            if deepest > limit:
                return deepest
            stack.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return deepest


def read_record(path: str | Path) -> dict[str, Any]:
    """A record from a JSON file; RecordError when it cannot be read or is not a JSON object."""
    p = Path(path)
    try:
        if p.stat().st_size > MAX_RECORD_BYTES:
            raise RecordError(f"game record {str(p)!r} is larger than {MAX_RECORD_BYTES // 2**20} MB")
        record = json.loads(p.read_text(encoding="utf-8"))
    except RecursionError:
        raise RecordError(f"game record {str(p)!r} is nested too deeply") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise RecordError(f"cannot read game record {str(p)!r}: {' '.join(str(e).split())}") from e
    if not isinstance(record, dict):
        raise RecordError(f"{str(p)!r} is not a brux game record (not a JSON object)")
    return record


def check_record(record: Any) -> None:
    """RecordError naming the field unless `record` has the shape of a game record (see docs/results.md)."""
    if not isinstance(record, dict):
        raise RecordError(f"a game record must be a dict, got {type(record).__name__}")
    if depth(record) > MAX_DEPTH:
        raise RecordError(f"game record is nested more than {MAX_DEPTH} levels deep")
    if record.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a brux game record of format {RECORD_FORMAT} (format {record.get('format')!r})")
    for key in ("game", "players", "seed", "actions"):
        if key not in record:
            raise RecordError(f"game record has no {key!r}")
    checks = [
        ("game", isinstance(record["game"], str), "a game name"),
        ("players", is_int(record["players"]), "an integer"),
        ("seed", is_int(record["seed"]) and 0 <= record["seed"] < SEED_LIMIT, "an integer from 0 to 2**63 - 1"),
        ("actions", isinstance(record["actions"], list)
         and all(isinstance(a, str) or is_int(a) for a in record["actions"]), "a list of action names"),
        ("overrides", record.get("overrides") is None or (isinstance(record["overrides"], dict)
                                                          and all(isinstance(k, str) for k in record["overrides"])),
         "null or a table of rule parameters"),
        ("agents", record.get("agents") is None or (isinstance(record["agents"], list)
                                                    and all(isinstance(a, str) for a in record["agents"])),
         "null or a list of agent specs"),
        ("scenario", record.get("scenario") is None or isinstance(record["scenario"], dict),
         "null or a state view (a table)"),
    ]
    for key, ok, what in checks:
        if not ok:
            raise RecordError(f"game record field {key!r} must be {what}, got {record.get(key)!r}"[:300])


def replay(record: dict[str, Any] | str | Path) -> State:
    """Rebuild the state a record describes (a dict, or the path of a record JSON file).

    A record that cannot be replayed raises a ValueError naming the problem: RecordError for a malformed field,
    the game's errors for bad rule parameters or a bad scenario, and an illegal action names its position.
    """
    if isinstance(record, (str, Path)):
        record = read_record(record)
    check_record(record)
    try:
        game = load_game(record["game"], players=record["players"], **(record.get("overrides") or {}))
    except RecursionError:
        raise RecordError("game record field 'overrides' is nested too deeply") from None
    except TypeError as e:
        raise RecordError(f"game record field 'overrides' is not valid: {e}") from e
    if record.get("scenario") is not None:
        state = game.state_from_dict(record["scenario"], seed=record["seed"])
    else:
        state = game.new_initial_state(seed=record["seed"])
    for i, name in enumerate(record["actions"]):
        try:
            state.apply_action(name)
        except ValueError as e:
            raise RecordError(f"game record action {i} ({name!r}) cannot be replayed: {e}") from e
    return state
