"""Golden checksums: a sha256 per game and player count over seeded games, to freeze every game's behaviour.

Per case: the result arrays of `GAMES` seeded random games (the kernel batch), of `AGENT_GAMES` seeded greedy games
(the agents' batch; at the smallest player count only, to keep it cheap), and a State-API game (seeded random
decisions): its record, its views (full and each seat's), its observations and its replay's view.

Regenerate the stored checksums (only when a change of the rules is meant to change results) with
`python -m tests.kit.golden --write`; `python -m tests.kit.golden` prints the differences.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np

import brux
from brux.games import get_rules

STORE = Path(__file__).with_name("golden.json")
GAMES = 40
AGENT_GAMES = 4
MASTER_SEED = 20240
STATE_SEED = 77


def cases() -> list[tuple[str, int]]:
    """Every registered game at every player count it supports."""
    return [
        (name, n)
        for name in brux.list_games()
        for n in range(get_rules(name).min_players, get_rules(name).max_players + 1)
    ]


def arrays_digest(results: dict[str, np.ndarray]) -> str:
    """sha256 over the names, dtypes, shapes and bytes of a batch's result arrays."""
    digest = hashlib.sha256()
    for key in sorted(results):
        a = np.ascontiguousarray(results[key])
        digest.update(f"{key}:{a.dtype.str}:{a.shape}\0".encode())
        digest.update(a.tobytes())
    return digest.hexdigest()


def json_digest(value: Any) -> str:
    """sha256 over the canonical JSON of a record or view."""
    return hashlib.sha256(json.dumps(value, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def state_digest(game: brux.Game, seed: int) -> str:
    """sha256 over a seeded random State-API game: the record, every view and observation at the end and at a
    quarter of the way, and the view of its replay."""
    rnd = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    middle = None
    while not state.is_terminal():
        state.apply_action(rnd.choice(state.legal_actions()))
        if middle is None and len(state.history) == 8:
            middle = state.clone()
    parts: list[Any] = [state.record(), state.result()]
    for s in (middle, state):
        if s is None:
            continue
        parts.append(s.to_dict())
        for p in range(game.players):
            parts.append(s.to_dict(p))
            parts.append(hashlib.sha256(s.observation(p).tobytes()).hexdigest())
    parts.append(brux.replay(state.record()).to_dict())
    return json_digest(parts)


def checksums(name: str, players: int) -> dict[str, str]:
    """The checksums of one game at one player count."""
    game = brux.load_game(name, players=players)
    out = {"random": arrays_digest(game.play_random(GAMES, master_seed=MASTER_SEED))}
    if players == get_rules(name).min_players and "greedy" in game.agent_names():
        out["greedy"] = arrays_digest(game.play(AGENT_GAMES, master_seed=MASTER_SEED, agents="greedy"))
    out["state"] = state_digest(game, STATE_SEED + players)
    return out


def key(name: str, players: int) -> str:
    return f"{name}-{players}p"


def load() -> dict[str, dict[str, str]]:
    """The stored checksums."""
    return json.loads(STORE.read_text())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"store the checksums in {STORE.name}")
    args = parser.parse_args(argv)
    for name in brux.list_games():  # every game's modules loaded before any compiles
        get_rules(name)
    now = {key(g, n): checksums(g, n) for g, n in cases()}
    if args.write:
        STORE.write_text(json.dumps(now, indent=1, sort_keys=True) + "\n")
        return 0
    stored = load()
    bad = [k for k in sorted(set(now) | set(stored)) if now.get(k) != stored.get(k)]
    for k in bad:
        print(f"{k}: stored {stored.get(k)}, now {now.get(k)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
