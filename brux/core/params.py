"""Validation helpers for rule parameters, shared by every game."""

import copy
import hashlib
import json
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

Check = Callable[[str, Any], None]


def load_defaults(path: Path) -> dict[str, Any]:
    """The default parameter set of a game, from its TOML data file."""
    with open(path, "rb") as f:
        return tomllib.load(f)


def merge_overrides(defaults: Mapping[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    """Defaults with overrides applied; a table (dict) override updates the table key by key."""
    out = copy.deepcopy(dict(defaults))
    for key, value in overrides.items():
        if key not in out:
            known = ", ".join(sorted(out))
            raise ValueError(f"unknown rule parameter {key!r} (known: {known})")
        if isinstance(out[key], dict):
            if not isinstance(value, Mapping):
                raise ValueError(f"rule parameter {key!r} must be a table of {sorted(out[key])}")
            for sub in value:
                if sub not in out[key]:
                    raise ValueError(f"unknown rule parameter {key}.{sub} (known: {', '.join(sorted(out[key]))})")
            out[key].update(copy.deepcopy(dict(value)))
        else:
            out[key] = copy.deepcopy(value)
    return out


def params_id(params: Mapping[str, Any]) -> str:
    """Short stable hash of a full parameter set."""
    text = json.dumps(params, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def int_in(lo: int, hi: int) -> Check:
    def check(name: str, v: Any) -> None:
        if isinstance(v, bool) or not isinstance(v, int):
            raise ValueError(f"rule parameter {name} must be an integer, got {v!r}")
        if not lo <= v <= hi:
            raise ValueError(f"rule parameter {name} must be between {lo} and {hi}, got {v}")

    return check


def int_list(length: int, lo: int, hi: int) -> Check:
    item = int_in(lo, hi)

    def check(name: str, v: Any) -> None:
        if not isinstance(v, (list, tuple)) or len(v) != length:
            raise ValueError(f"rule parameter {name} must be a list of {length} integers, got {v!r}")
        for i, x in enumerate(v):
            item(f"{name}[{i}]", x)

    return check


def one_of(*choices: str) -> Check:
    def check(name: str, v: Any) -> None:
        if v not in choices:
            raise ValueError(f"rule parameter {name} must be one of {', '.join(choices)}, got {v!r}")

    return check


def boolean(name: str, v: Any) -> None:
    if not isinstance(v, bool):
        raise ValueError(f"rule parameter {name} must be true or false, got {v!r}")


def check_all(params: Mapping[str, Any], checks: Mapping[str, Check], prefix: str = "") -> None:
    """Run every field's check; a table's checks are a nested mapping."""
    for key, check in checks.items():
        if isinstance(check, Mapping):
            check_all(params[key], check, f"{prefix}{key}.")
        else:
            check(prefix + key, params[key])
