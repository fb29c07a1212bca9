"""The description of a run (game, players, rule overrides, agents, games, master seed, chunk size) and its checks."""

from __future__ import annotations

import functools
import json
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

import brux
from brux import Game
from brux.core.params import plain
from brux.games import get_rules

from .agents import parse_lineup
from .errors import SimsError

if TYPE_CHECKING:
    import polars as pl

    from .chunks import Chunk

DEFAULT_CHUNK_SIZE = 50_000
MAX_CHUNKS = 999_999  # chunk files are numbered with six digits
YES_GAMES = 10_000_000  # a command playing more games than this needs --yes
MAX_CHUNK_SIZE = 1_000_000  # games per chunk: a chunk is built in memory before it is written
BYTES_PER_SEAT = 600  # peak memory per game and seat while a chunk is played and written (arrays, table, Parquet)
MANIFEST_FORMAT = 1
MAX_OVERRIDE_DEPTH = 16  # nesting of lists and tables in one rule value


def _literal(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        pass
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


def parse_value(text: str) -> Any:
    """A rule value from the command line: a JSON or TOML literal, else the text itself."""
    from brux.core.records import depth

    try:
        value = _literal(text)
    except RecursionError:
        deep = True
    else:
        deep = depth(value, MAX_OVERRIDE_DEPTH) > MAX_OVERRIDE_DEPTH
    if deep:
        raise SimsError(f"rule value {text[:30]!r}... is nested more than {MAX_OVERRIDE_DEPTH} levels deep")
    return value


def parse_overrides(items: Iterable[str]) -> dict[str, Any]:
    """Rule overrides from ``KEY=VALUE`` strings; a dotted key (``bonus_lower.prison=nobles``) sets one table entry."""
    out: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        parts = key.strip().split(".")
        if not sep or not all(p.strip() for p in parts):
            raise SimsError(f"bad rule override {item!r}; expected KEY=VALUE, e.g. rounds=5")
        table = out
        for part in parts[:-1]:
            table = table.setdefault(part.strip(), {})
            if not isinstance(table, dict):
                raise SimsError(f"bad rule override {item!r}: {part!r} is set to a value and also used as a table")
        table[parts[-1].strip()] = parse_value(text.strip())
    return out


def _int(name: str, value: Any, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < low or (
        high is not None and value > high
    ):
        bound = f"between {low} and {high}" if high is not None else f"at least {low}"
        raise SimsError(f"{name} must be an integer {bound}, got {value!r}")
    return int(value)


def _available_memory() -> int | None:
    """Bytes of memory available to new allocations (Linux ``MemAvailable``), None when unknown."""
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def check_memory(spec: RunSpec, jobs: int) -> None:
    """SimsError when the chunks played at the same time would not fit in the available memory."""
    from joblib import effective_n_jobs

    per_chunk = min(spec.chunk_size, spec.games) * spec.players * BYTES_PER_SEAT
    workers = min(effective_n_jobs(jobs), -(-spec.games // spec.chunk_size))
    available = _available_memory()
    if available is not None and per_chunk * workers > available:
        raise SimsError(f"{workers} chunk(s) of {min(spec.chunk_size, spec.games):,} games at a time need about "
                        f"{per_chunk * workers / 2**30:.1f} GiB of memory, {available / 2**30:.1f} GiB are available; "
                        "use a smaller chunk size or fewer jobs")


@functools.lru_cache(maxsize=16)
def _load_game(name: str, players: int, overrides_json: str) -> Game:
    return brux.load_game(name, players, **json.loads(overrides_json))


@dataclass(frozen=True)
class RunSpec:
    """What a run plays: `games` games of `game` with `players` seats, one agent spec per seat, from `master_seed`."""

    game: str
    players: int
    agents: tuple[str, ...]
    games: int
    master_seed: int
    chunk_size: int = DEFAULT_CHUNK_SIZE
    overrides: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def create(
        cls,
        game: str,
        players: int = 3,
        games: int = 10_000,
        agents: str | Sequence[str] = "random",
        seed: int = 0,
        overrides: Mapping[str, Any] | None = None,
        chunk_size: int = DEFAULT_CHUNK_SIZE,
    ) -> RunSpec:
        """A validated run description; SimsError says what is wrong (game, players, overrides, agents, numbers)."""
        if game not in brux.list_games():
            raise SimsError(f"unknown game {game!r}; known games: {', '.join(brux.list_games())}")
        rules = get_rules(game)
        if isinstance(players, bool) or not isinstance(players, (int, np.integer)) or not (
            rules.min_players <= players <= rules.max_players
        ):
            raise SimsError(f"{game} is for {rules.min_players} to {rules.max_players} players, got {players!r}")
        try:
            over = json.loads(json.dumps(plain(dict(overrides or {}))))
        except (TypeError, ValueError) as e:
            raise SimsError(f"rule overrides must be numbers, strings, booleans, lists or tables: {e}") from e
        spec = cls(
            game=game,
            players=int(players),
            agents=parse_lineup(agents, players, game),
            games=_int("games", games, 1),
            master_seed=_int("seed", seed, 0, 2**63 - 1),
            chunk_size=_int("chunk size", chunk_size, 1, MAX_CHUNK_SIZE),
            overrides=over,
        )
        if -(-spec.games // spec.chunk_size) > MAX_CHUNKS:
            raise SimsError(f"{spec.games:,} games in chunks of {spec.chunk_size:,} make more than {MAX_CHUNKS:,} "
                            f"chunk files; use --chunk-size {-(-spec.games // MAX_CHUNKS):,} or more")
        spec.load_game()
        return spec

    def load_game(self) -> Game:
        """The game with these players and overrides (built once per process); SimsError for a bad override."""
        try:
            return _load_game(self.game, self.players, json.dumps(self.overrides, sort_keys=True))
        except ValueError as e:
            raise SimsError(str(e)) from e

    def columns(self) -> list[str]:
        """The columns of this run's chunk files."""
        from .table import result_columns

        return result_columns(self.load_game().vp_sources)

    def play_chunk(self, chunk: Chunk) -> pl.DataFrame:
        """The rows of one chunk: its games played by the line-up."""
        from .agents import play_batch
        from .table import result_table

        game = self.load_game()
        arrays = play_batch(game, self.agents, self.master_seed, chunk.first, chunk.count)
        return result_table(arrays, first_index=chunk.first, game=game.name, params_id=game.params_id,
                            agents=self.agents, vp_sources=game.vp_sources, opening_labels=game.opening_labels())

    def warm_up(self) -> None:
        """Load (or compile) the kernels this run plays with, in the calling process."""
        from .warmup import warm_up

        warm_up(self.load_game(), self.agents)

    def manifest(self, games_done: int = 0) -> dict[str, Any]:
        """The ``manifest.json`` content of this run (docs/results.md)."""
        game = self.load_game()
        return {
            "format": MANIFEST_FORMAT,
            "brux_version": brux.__version__,
            "game": self.game,
            "rules_version": game.rules_version,
            "players": self.players,
            "overrides": json.loads(json.dumps(self.overrides)),
            "params": json.loads(json.dumps(game.params)),
            "params_id": game.params_id,
            "agents": list(self.agents),
            "master_seed": self.master_seed,
            "games": self.games,
            "chunk_size": self.chunk_size,
            "vp_sources": list(game.vp_sources),
            "games_done": games_done,
        }
