"""The `policy` agent's stored weights: one JSON file per game (`brux/games/<game>/policy.json`), one weight vector
per player count, with the command that made them (`python -m brux.agents.imitate ... --write`), the options they
were tuned with where any (`python -m brux.agents.tune ... --options`), and where it was measured, its strength
against the game's search (`python -m sims.policy_strength ... --write`)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np


def _document(path: Path) -> dict[str, Any]:
    """The file's JSON document ({} when there is no file)."""
    return json.loads(path.read_text()) if path.exists() else {}


def _entries(path: str | Path) -> dict[int, dict[str, Any]]:
    """Each player count's entry of the file at `path` ({} when there is no file)."""
    return {int(players): entry for players, entry in _document(Path(path)).get("players", {}).items()}


def _stored(path: str | Path, key: str) -> dict[int, dict[str, Any]]:
    """Each player count's `key` record, where its entry has one."""
    return {players: dict(entry[key]) for players, entry in _entries(path).items() if entry.get(key)}


def load(path: str | Path, features: Sequence[str]) -> dict[int, np.ndarray]:
    """The weight vector of each player count stored in `path` ({} when there is no file); ValueError when the file's
    features are not `features`."""
    out = {}
    for players, entry in _entries(path).items():
        weights = entry["weights"]
        if list(weights) != list(features):
            raise ValueError(f"{path}: the weights of {players} players are over {list(weights)}, not the game's "
                             f"features {list(features)}")
        out[players] = np.array([weights[f] for f in features], np.float64)
    return out


def load_about(path: str | Path, players: int) -> dict[str, Any]:
    """What `path` stores beside the weights of `players` players (command, data, measurements; {} when none)."""
    return {k: v for k, v in _entries(path).get(players, {}).items() if k != "weights"}


def load_options(path: str | Path) -> dict[int, dict[str, Any]]:
    """The `policy` options stored with each player count's weights ({} where none): those the weights were tuned
    with (`python -m brux.agents.tune ... --options`), played wherever a `policy` spec does not give them."""
    return _stored(path, "options")


def load_strength(path: str | Path) -> dict[int, dict[str, Any]]:
    """The measured strength of each player count's weights stored in `path` ({} where none was measured)."""
    return _stored(path, "strength")


def write_strength(path: str | Path, players: int, strength: Mapping[str, Any]) -> None:
    """Store the measured strength of the weights of `players` players in `path` (weights fitted before)."""
    path = Path(path)
    doc = _document(path)
    entry = doc.get("players", {}).get(str(players))
    if entry is None:
        raise ValueError(f"{path}: no policy weights for {players} players to measure")
    entry["strength"] = dict(strength)
    path.write_text(json.dumps(doc, indent=1) + "\n")


def write(path: str | Path, players: int, features: Sequence[str], weights: np.ndarray,
          about: Mapping[str, Any]) -> None:
    """Store (or replace) the weights of `players` players in `path`, with `about` (command, data, fit figures)."""
    path = Path(path)
    doc = _document(path)
    doc["about"] = ("weights of the `policy` agent (brux.agents.imitate): a conditional logit over the legal "
                    "actions of a seat's features after the action minus the best opponent's")
    table = doc.setdefault("players", {})
    table[str(players)] = {"weights": {f: float(f"{w:.4g}") for f, w in zip(features, weights, strict=True)},
                           **about}
    doc["players"] = dict(sorted(table.items(), key=lambda kv: int(kv[0])))
    path.write_text(json.dumps(doc, indent=1) + "\n")
