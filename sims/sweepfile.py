"""Sweep files (TOML): reading, validation up front and the cells of a sweep (see docs/sweeps.md).

A sweep file names a game, player counts, agent line-ups, games per cell, a master seed and the rule variants:
a ``[grid]`` of value lists (the cartesian product) and/or ``[[variants]]`` (explicit named override sets). The
baseline (the rules as written) is always a cell. Every error is a one-line :class:`SimsError` naming the file and
the key (``grid.exhibit_vp[2]``, ``variants[1] ("flat")``, ``agents[0]`` ...); nothing is played before the whole
file is valid.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import brux
from brux.core.params import plain
from brux.games import get_rules

from .agents import parse_lineup
from .errors import SimsError
from .spec import DEFAULT_CHUNK_SIZE, RunSpec

SWEEP_KEYS = ("game", "players", "agents", "games", "seed", "jobs", "chunk_size", "description", "grid", "variants")
DEFAULT_GAMES = 10_000
DEFAULT_SEED = 1
BASELINE = "baseline"
LINEUP_SEPARATOR = " | "
MAX_FILE_BYTES = 4 * 2**20  # sweep and balance files are a few lines; anything this large is a mistake
MAX_DEPTH = 16  # nesting of tables and lists in a sweep or balance file
MAX_CELLS = 10_000  # cells of one sweep (each is a results folder); a larger grid is refused before validation


def where(source: str | None) -> str:
    return f"sweep file {source}: " if source else "sweep: "


def read_toml(path: str | os.PathLike[str], what: str = "sweep file") -> dict[str, Any]:
    """The parsed TOML file; SimsError (one line, naming the file) when it is missing or not valid TOML."""
    from brux.core.records import depth

    p = Path(path)
    try:
        if p.stat().st_size > MAX_FILE_BYTES:
            raise SimsError(f"{what} {p}: larger than {MAX_FILE_BYTES // 2**20} MB")
        with open(p, "rb") as f:
            data = tomllib.load(f)
    except RecursionError:
        raise SimsError(f"{what} {p}: nested too deeply") from None
    except FileNotFoundError:
        raise SimsError(f"{what} {str(p)!r} does not exist") from None
    except IsADirectoryError:
        raise SimsError(f"{what} {str(p)!r} is a folder, not a TOML file") from None
    except tomllib.TOMLDecodeError as e:
        raise SimsError(f"{what} {p}: not valid TOML: {' '.join(str(e).split())}") from None
    except UnicodeDecodeError as e:
        raise SimsError(f"{what} {p}: not a UTF-8 text file ({e.reason})") from None
    except OSError as e:
        raise SimsError(f"{what} {str(p)!r} cannot be read: {e.strerror or e}") from None
    if depth(data, MAX_DEPTH) > MAX_DEPTH:
        raise SimsError(f"{what} {p}: tables and lists nested more than {MAX_DEPTH} levels deep")
    return data


def check_keys(data: Mapping[str, Any], known: Sequence[str], prefix: str, where_: str) -> None:
    for key in data:
        if key not in known:
            raise SimsError(f"{where_}unknown key '{prefix}{key}' (known: {', '.join(known)})")


def int_key(data: Mapping[str, Any], key: str, default: int | None, low: int, where_: str,
            high: int | None = None, prefix: str = "") -> int | None:
    value = data.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        bound = f"between {low} and {high}" if high is not None else f"at least {low}"
        raise SimsError(f"{where_}key '{prefix}{key}' must be an integer {bound}, got {value!r}")
    return value


def jobs_key(data: Mapping[str, Any], where_: str) -> int | None:
    jobs = data.get("jobs")
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs == 0):
        raise SimsError(f"{where_}key 'jobs' must be a positive number of workers or -1 (all cores), got {jobs!r}")
    return jobs


def game_key(data: Mapping[str, Any], where_: str) -> str:
    if "game" not in data:
        raise SimsError(f"{where_}missing key 'game' (one of {', '.join(brux.list_games())})")
    game = data["game"]
    if not isinstance(game, str) or game not in brux.list_games():
        raise SimsError(f"{where_}key 'game': unknown game {game!r}; known games: {', '.join(brux.list_games())}")
    return game


def players_key(data: Mapping[str, Any], game: str, where_: str, *, many: bool = True) -> list[int]:
    rules = get_rules(game)
    value = data.get("players", 3)
    items = value if isinstance(value, list) and many else [value]
    if not items:
        raise SimsError(f"{where_}key 'players' must not be empty")
    out: list[int] = []
    for i, p in enumerate(items):
        key = f"players[{i}]" if isinstance(value, list) and many else "players"
        if isinstance(p, bool) or not isinstance(p, int) or not rules.min_players <= p <= rules.max_players:
            kind = "an integer or a list of integers" if many else "an integer"
            raise SimsError(f"{where_}key {key!r} must be {kind} from {rules.min_players} to "
                            f"{rules.max_players} ({game}), got {p!r}")
        if p in out:
            raise SimsError(f"{where_}key {key!r}: player count {p} is given twice")
        out.append(p)
    return out


def lineups_key(data: Mapping[str, Any], players: Sequence[int], where_: str, *, many: bool = True
                ) -> list[str]:
    """The line-up strings (validated for every player count)."""
    value = data.get("agents", ["random"])
    items = value if isinstance(value, list) and many else [value]
    if not items:
        raise SimsError(f"{where_}key 'agents' must not be empty")
    out: list[str] = []
    for i, item in enumerate(items):
        key = f"agents[{i}]" if isinstance(value, list) and many else "agents"
        if isinstance(item, list) and all(isinstance(a, str) for a in item) and item:
            item = ",".join(item)
        if not isinstance(item, str) or not item.strip():
            raise SimsError(f"{where_}key {key!r} must be a line-up string such as \"random\" or "
                            f"\"greedy,random,random\", got {item!r}")
        for p in players:
            try:
                parse_lineup(item, p)
            except ValueError as e:
                raise SimsError(f"{where_}key {key!r} ({p} players): {e}") from None
        if item in out:
            raise SimsError(f"{where_}key {key!r}: line-up {item!r} is given twice")
        out.append(item)
    return out


def nest(flat: Mapping[str, Any]) -> dict[str, Any]:
    """Overrides with dotted keys (``bonus_lower.prison``) turned into nested tables."""
    out: dict[str, Any] = {}
    for key, value in flat.items():
        parts = key.split(".")
        table = out
        for part in parts[:-1]:
            table = table.setdefault(part, {})
        table[parts[-1]] = value
    return out


def flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """A nested TOML table as dotted keys (``{"bonus_lower": {"prison": [...]}}`` -> ``bonus_lower.prison``)."""
    out: dict[str, Any] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(flatten(value, name + "."))
        else:
            out[name] = value
    return out


def value_text(value: Any) -> str:
    """A compact literal of an override value: ``[5,5,6,6]``, ``3``, ``"one_each"``."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def overrides_label(overrides: Mapping[str, Any]) -> str:
    """A cell label from its overrides: ``start_money=[5,5,6,6] exhibit_vp=3`` (dotted keys for tables)."""
    flat = flatten(overrides)
    return " ".join(f"{k}={value_text(v)}" for k, v in flat.items()) if flat else BASELINE


def load_checked(game: str, players: int, overrides: Mapping[str, Any], what: str) -> brux.Game:
    """The game with these overrides; SimsError prefixed with `what` when brux rejects them."""
    try:
        return brux.load_game(game, players, **dict(overrides))
    except (ValueError, TypeError) as e:
        raise SimsError(f"{what}: {' '.join(str(e).split())}") from None


def default_value(game: str, dotted: str) -> Any:
    """The rules-as-written value of a (dotted) rule parameter, or None when there is no such parameter."""
    value: Any = get_rules(game).resolve_params({})
    for part in dotted.split("."):
        if not isinstance(value, dict) or part not in value:
            return None
        value = value[part]
    return value


def lineup_slug(lineup: Sequence[str]) -> str:
    """A folder name for a line-up: ``random`` when every seat has the same agent, else the seats joined by '-'."""
    text = lineup[0] if len(set(lineup)) == 1 else "-".join(lineup)
    return re.sub(r"[^A-Za-z0-9._=-]+", "_", text).strip("_") or "lineup"


@dataclass(frozen=True)
class SweepCell:
    """One run of a sweep: a player count, a line-up and a rule variant (its overrides and params_id)."""

    index: int
    name: str
    players: int
    agents: tuple[str, ...]
    overrides: Mapping[str, Any]
    params_id: str
    path: str  # relative to the sweep folder: <players>p/<lineup slug>/<params_id>
    baseline: bool = False
    aliases: tuple[str, ...] = ()

    @property
    def lineup(self) -> str:
        return LINEUP_SEPARATOR.join(self.agents)

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "name": self.name, "baseline": self.baseline, "players": self.players,
                "lineup": self.lineup, "agents": list(self.agents), "overrides": json.loads(json.dumps(self.overrides)),
                "params_id": self.params_id, "path": self.path, "aliases": list(self.aliases)}


@dataclass(frozen=True)
class SweepSpec:
    """A validated sweep: what `sims.sweep` plays."""

    game: str
    players: tuple[int, ...]
    agents: tuple[str, ...]  # line-up strings
    games: int
    seed: int
    variants: tuple[tuple[str, Mapping[str, Any]], ...]  # (name, overrides) in file order, baseline excluded
    chunk_size: int = DEFAULT_CHUNK_SIZE
    jobs: int | None = None
    description: str = ""
    grid: Mapping[str, list[Any]] | None = None
    source: str | None = None
    origins: tuple[str, ...] = field(default=(), compare=False)  # per variant: the file key it comes from
    cells: tuple[SweepCell, ...] = field(default=(), compare=False)

    def identity(self) -> dict[str, Any]:
        """What makes two sweeps the same (stored in ``sweep.json``; `jobs` and the file name are not part of it)."""
        return json.loads(json.dumps({
            "game": self.game, "players": list(self.players), "agents": list(self.agents), "games": self.games,
            "seed": self.seed, "chunk_size": self.chunk_size,
            "variants": [{"name": n, "overrides": o} for n, o in self.variants],
        }))


def _grid_variants(grid: Any, game: str, players: Sequence[int], where_: str) -> tuple[dict[str, list[Any]],
                                                                                         list[tuple[str, dict]]]:
    if not isinstance(grid, dict):
        raise SimsError(f"{where_}key 'grid' must be a table of value lists, e.g. [grid] exhibit_vp = [1, 2, 3]")
    axes = flatten(grid)
    if not axes:
        raise SimsError(f"{where_}table 'grid' is empty")
    for key, values in axes.items():
        if not isinstance(values, list) or not values:
            raise SimsError(f"{where_}key 'grid.{key}' must be a non-empty list of candidate values, got {values!r}")
    size = math.prod(len(v) for v in axes.values())
    if size * len(players) > MAX_CELLS:
        shape = " x ".join(str(len(v)) for v in axes.values())
        raise SimsError(f"{where_}the grid has {size:,} rule variants ({shape}) for {len(players)} player count(s): "
                        f"more than {MAX_CELLS:,} cells; split the sweep or narrow the grid")
    for key, values in axes.items():
        for i, v in enumerate(values):
            for p in players:
                try:
                    load_checked(game, p, nest({key: v}), f"grid.{key}[{i}] = {value_text(v)}")
                except SimsError as e:
                    hint = ""
                    if isinstance(default_value(game, key), list) and not isinstance(v, list):
                        hint = (f" (grid values are lists of candidate values: {key} = "
                                f"[{value_text(default_value(game, key))}, ...])")
                    raise SimsError(f"{where_}{e}{hint}") from None
    variants = []
    for combo in itertools.product(*axes.values()):
        flat = dict(zip(axes, combo))
        overrides = nest(flat)
        variants.append((overrides_label(overrides), overrides))
    return axes, variants


def _explicit_variants(items: Any, where_: str) -> list[tuple[str, dict]]:
    if not isinstance(items, list) or not all(isinstance(v, dict) for v in items):
        raise SimsError(f"{where_}key 'variants' must be an array of tables ([[variants]] name = ... rule = value)")
    out = []
    names: set[str] = set()
    for i, item in enumerate(items):
        name = item.get("name")
        overrides = {k: v for k, v in item.items() if k != "name"}
        if name is not None and (not isinstance(name, str) or not name.strip()):
            raise SimsError(f"{where_}key 'variants[{i}].name' must be a non-empty string, got {name!r}")
        if not overrides:
            raise SimsError(f"{where_}variants[{i}] sets no rule parameter (the baseline is always a cell)")
        name = name.strip() if name else overrides_label(overrides)
        if name == BASELINE:
            raise SimsError(f"{where_}variants[{i}]: the name {BASELINE!r} is reserved for the rules as written")
        if name in names:
            raise SimsError(f"{where_}variants[{i}]: the name {name!r} is used twice")
        names.add(name)
        out.append((name, overrides))
    return out


def planned_games(data: Mapping[str, Any]) -> tuple[int, int] | None:
    """(cells, games) a parsed sweep file asks for, counted before any validation; None when it cannot tell."""
    try:
        players = data.get("players", 3)
        agents = data.get("agents", ["random"])
        grid = flatten(data.get("grid") or {})
        variants = data.get("variants") or []
        n = (len(players) if isinstance(players, list) else 1) * (len(agents) if isinstance(agents, list) else 1)
        size = math.prod(len(v) for v in grid.values() if isinstance(v, list)) if grid else 0
        games = data.get("games", DEFAULT_GAMES)
        if isinstance(games, bool) or not isinstance(games, int) or not isinstance(variants, list):
            return None
        cells = n * (1 + size + len(variants))
        return cells, cells * games
    except (AttributeError, TypeError, ValueError):
        return None


def parse_sweep(data: Mapping[str, Any], source: str | None = None) -> SweepSpec:
    """A validated :class:`SweepSpec` from the parsed sweep file (a mapping); SimsError names the bad key."""
    w = where(source)
    if not isinstance(data, Mapping):
        raise SimsError(f"{w}expected a table of keys, got {type(data).__name__}")
    check_keys(data, SWEEP_KEYS, "", w)
    game = game_key(data, w)
    players = players_key(data, game, w)
    lineups = lineups_key(data, players, w)
    games = int_key(data, "games", DEFAULT_GAMES, 1, w)
    seed = int_key(data, "seed", DEFAULT_SEED, 0, w, 2**63 - 1)
    chunk_size = int_key(data, "chunk_size", DEFAULT_CHUNK_SIZE, 1, w)
    jobs = jobs_key(data, w)
    description = data.get("description", "")
    if not isinstance(description, str):
        raise SimsError(f"{w}key 'description' must be a string, got {description!r}")
    grid = None
    variants: list[tuple[str, dict]] = []
    origins: list[str] = []
    if "grid" in data:
        grid, variants = _grid_variants(data["grid"], game, players, w)
        origins += [f"grid cell {name!r}" for name, _ in variants]
    if "variants" in data:
        explicit = _explicit_variants(data["variants"], w)
        variants += explicit
        origins += [f"variants[{i}] ({name!r})" for i, (name, _) in enumerate(explicit)]
    assert games is not None and seed is not None and chunk_size is not None
    cells = (len(variants) + 1) * len(players) * len(lineups)
    if cells > MAX_CELLS:
        raise SimsError(f"{w}{cells:,} cells (player counts x line-ups x variants) are more than {MAX_CELLS:,}; "
                        "split the sweep")
    try:
        RunSpec.create(game, players[0], games, "random", seed, None, chunk_size)
    except SimsError as e:
        raise SimsError(f"{w}{e}") from None
    spec = SweepSpec(game=game, players=tuple(players), agents=tuple(lineups), games=games, seed=seed,
                     variants=tuple(variants), chunk_size=chunk_size, jobs=jobs, description=description, grid=grid,
                     source=source, origins=tuple(origins))
    return SweepSpec(**{**spec.__dict__, "cells": tuple(make_cells(spec))})


def make_cells(spec: SweepSpec) -> list[SweepCell]:
    """The cells of a sweep, per player count and line-up: the baseline first, then the variants in file order.

    Variants whose full rule parameters equal another cell's (same params_id) are merged into the first one and
    listed in its ``aliases``; a variant equal to the rules as written is the baseline.
    """
    w = where(spec.source)
    cells: list[SweepCell] = []
    for players in spec.players:
        for lineup_text in spec.agents:
            agents = parse_lineup(lineup_text, players)
            slug = lineup_slug(agents)
            by_id: dict[str, int] = {}
            entries = [(BASELINE, {})] + list(spec.variants)
            origins = [BASELINE, *spec.origins] + [f"cell {n!r}" for n, _ in entries][len(spec.origins) + 1:]
            for (name, overrides), origin in zip(entries, origins):
                what = f"{w}{origin} ({players} players)"
                game = load_checked(spec.game, players, overrides, what)
                pid = game.params_id
                if pid in by_id:
                    i = by_id[pid]
                    old = cells[i]
                    cells[i] = SweepCell(**{**old.__dict__, "aliases": (*old.aliases, name)})
                    continue
                by_id[pid] = len(cells)
                cells.append(SweepCell(index=len(cells), name=name, players=players, agents=agents,
                                       overrides=json.loads(json.dumps(overrides)), params_id=pid,
                                       path=f"{players}p/{slug}/{pid}", baseline=not overrides))
    paths = [c.path for c in cells]
    if len(set(paths)) != len(paths):  # two line-up strings with the same folder name
        raise SimsError(f"{w}two line-ups share the folder name of {paths[0]!r}; give distinct line-ups")
    return cells


def load_sweep(source: str | os.PathLike[str] | Mapping[str, Any] | SweepSpec) -> SweepSpec:
    """A validated sweep from a TOML file path, a mapping with the file's keys (NumPy values read as Python's) or a
    SweepSpec (returned as is)."""
    if isinstance(source, SweepSpec):
        return source
    if isinstance(source, Mapping):
        return parse_sweep(plain(source))
    return parse_sweep(read_toml(source), str(source))
