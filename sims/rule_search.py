"""Balance search: find the rule variant that minimises the seat gap (or another objective) by successive halving.

    from sims.rule_search import balance
    result = balance("examples/balance_start_money.toml", out="results/balance-start-money")
    result.table        # re-checked finalists and the baseline: objective with interval, difference from baseline

The search (see docs/sweeps.md, "Balance search"):

1. **Candidates**: the baseline (rules as written) and ``budget.candidates`` distinct variants drawn from the
   ``[search]`` space (every variant when the space is that small), from the file's seed.
2. **Successive halving**: round r plays ``games * growth**r`` new games of every surviving candidate from the
   round's master seed (the same game seeds for every candidate: common random numbers), scores each candidate on
   all its games so far and keeps the best ``keep`` fraction (at least ``finalists``); it stops once at most
   ``finalists`` candidates are left.
3. **Re-check**: the finalists and the baseline play ``recheck_games`` games on fresh seeds (another master seed);
   each gets its objective with an interval (`analysis.sweep_stats.objective_interval`) and its difference from the
   baseline with a paired percentile bootstrap interval (`analysis.sweep_stats.bootstrap_objective`).

Every run goes through `sims.run` into ``DIR/search/round-<r>/<params_id>`` and ``DIR/recheck/<params_id>``, so an
interrupted search resumes; ``DIR/balance.json`` and ``DIR/balance.csv`` hold the result.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

import brux
from brux.core.params import plain
from brux.core.rng import derive_py

from .agents import parse_lineup
from .atomic import atomic_write
from .errors import SimsError
from .execute import check_backend
from .lock import folder_lock
from .run import run
from .store import MANIFEST, ResultsFolder
from .sweepfile import (
    check_keys,
    default_value,
    game_key,
    int_key,
    jobs_key,
    lineups_key,
    load_checked,
    nest,
    overrides_label,
    players_key,
    read_toml,
    value_text,
)

BALANCE_KEYS = ("game", "players", "agents", "seed", "objective", "jobs", "chunk_size", "description", "budget",
                "search")
BUDGET_KEYS = ("candidates", "games", "keep", "growth", "finalists", "recheck_games", "recheck_seed", "bootstrap",
               "confidence")
DIM_KEYS = ("low", "high", "length", "sorted", "values")
BUDGET_DEFAULTS: dict[str, Any] = {"candidates": 24, "games": 2000, "keep": 0.5, "growth": 2.0, "finalists": 3,
                                   "recheck_games": 50_000, "bootstrap": 1000, "confidence": 0.95}
DEFAULT_CHUNK_SIZE = 10_000
BALANCE_MANIFEST = "balance.json"
BALANCE_CSV = "balance.csv"
BALANCE_KIND = "brux-balance"
_MASK63 = (1 << 63) - 1
_SEED_TAG = 0xBA1A_5EED  # keys the search's master seeds apart from the game seeds of a run with the same seed
_MAX_ENUMERATE = 100_000


# ---------------------------------------------------------------------------------------------------- the file


@dataclass(frozen=True)
class Dimension:
    """One searched rule parameter: explicit values, an integer range, or an integer vector (a prefix of a list)."""

    name: str  # dotted for a table entry
    values: tuple[Any, ...] | None = None
    low: int | None = None
    high: int | None = None
    length: int | None = None  # integer vector: the first `length` entries vary, the rest keep the defaults
    sorted: bool = False  # integer vector: non-decreasing vectors only
    tail: tuple[Any, ...] = ()  # the list's entries after the first `length` (from the defaults)

    def size(self) -> int:
        if self.values is not None:
            return len(self.values)
        span = self.high - self.low + 1  # type: ignore[operator]
        if self.length is None:
            return span
        return math.comb(span + self.length - 1, self.length) if self.sorted else span ** self.length

    def all(self) -> list[Any]:
        if self.values is not None:
            return list(self.values)
        rng = range(self.low, self.high + 1)  # type: ignore[arg-type, operator]
        if self.length is None:
            return list(rng)
        combos = itertools.combinations_with_replacement(rng, self.length) if self.sorted else \
            itertools.product(rng, repeat=self.length)
        return [[*c, *self.tail] for c in combos]

    def draw(self, rng: np.random.Generator) -> Any:
        if self.values is not None:
            return self.values[int(rng.integers(len(self.values)))]
        if self.length is None:
            return int(rng.integers(self.low, self.high + 1))  # type: ignore[operator]
        v = rng.integers(self.low, self.high + 1, size=self.length)  # type: ignore[operator]
        return [*(int(x) for x in (np.sort(v) if self.sorted else v)), *self.tail]

    def to_json(self) -> dict[str, Any]:
        if self.values is not None:
            return {"values": json.loads(json.dumps(list(self.values)))}
        out: dict[str, Any] = {"low": self.low, "high": self.high}
        if self.length is not None:
            out.update(length=self.length, sorted=self.sorted)
        return out


@dataclass(frozen=True)
class BalanceSpec:
    """A validated balance search."""

    game: str
    players: int
    agents: tuple[str, ...]
    lineup_text: str
    seed: int
    objective: str
    dimensions: tuple[Dimension, ...]
    budget: Mapping[str, Any]
    chunk_size: int = DEFAULT_CHUNK_SIZE
    jobs: int | None = None
    description: str = ""
    source: str | None = None

    def identity(self) -> dict[str, Any]:
        return json.loads(json.dumps({
            "game": self.game, "players": self.players, "agents": list(self.agents), "seed": self.seed,
            "objective": self.objective, "chunk_size": self.chunk_size, "budget": dict(self.budget),
            "search": {d.name: d.to_json() for d in self.dimensions},
        }))

    def round_seed(self, r: int) -> int:
        """The master seed of search round r (derived from the file's seed)."""
        return derive_py(derive_py(self.seed, _SEED_TAG), 1 + r) & _MASK63

    @property
    def recheck_seed(self) -> int:
        """The master seed of the re-check: ``budget.recheck_seed``, else derived from the seed (fresh seeds)."""
        s = self.budget.get("recheck_seed")
        return s if s is not None else derive_py(derive_py(self.seed, _SEED_TAG), 0) & _MASK63


def _where(source: str | None) -> str:
    return f"balance file {source}: " if source else "balance search: "


def _number(data: Mapping[str, Any], key: str, low: float, high: float, where: str, *, open_low: bool = False
            ) -> float:
    v = data[key]
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not (v > low if open_low else v >= low) or v > high:
        raise SimsError(f"{where}key 'budget.{key}' must be a number in {'(' if open_low else '['}{low}, {high}], "
                        f"got {v!r}")
    return float(v)


def _budget(data: Any, where: str) -> dict[str, Any]:
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise SimsError(f"{where}key 'budget' must be a table ([budget] candidates = 24 ...)")
    check_keys(data, BUDGET_KEYS, "budget.", where)
    b = {**BUDGET_DEFAULTS, **data}
    out: dict[str, Any] = {}
    for key, low in (("candidates", 1), ("games", 1), ("finalists", 1), ("recheck_games", 1), ("bootstrap", 10)):
        out[key] = int_key(b, key, None, low, where, prefix="budget.")
    out["keep"] = _number(b, "keep", 0.0, 0.99, where, open_low=True)
    out["growth"] = _number(b, "growth", 1.0, 100.0, where)
    out["confidence"] = _number(b, "confidence", 0.5, 0.999, where)
    if "recheck_seed" in b:
        out["recheck_seed"] = int_key(b, "recheck_seed", None, 0, where, 2**63 - 1, prefix="budget.")
    return out


def _dimension(game: str, players: int, name: str, value: Any, where: str) -> Dimension:
    key = f"search.{name}"
    default = default_value(game, name)
    if default is None:
        load_checked(game, players, nest({name: 0}), f"{where}key {key!r}")  # names the unknown parameter
        raise SimsError(f"{where}key {key!r}: unknown rule parameter")
    if isinstance(value, list):
        value = {"values": value}
    if value == {}:  # the parameter's declared search space (its game's parameter table)
        space = brux.get_rules(game).params.search_space(name)
        if space is None:
            raise SimsError(f"{where}key {key!r}: {name} has no declared search range; give low and high or values")
        value = space
    if not isinstance(value, dict):
        raise SimsError(f"{where}key {key!r} must be a table: {{low = 1, high = 3}}, {{values = [...]}} or "
                        f"{{low = 3, high = 8, length = 3}}, got {value!r}")
    check_keys(value, DIM_KEYS, f"{key}.", where)
    if "values" in value:
        extra = sorted(set(value) - {"values"})
        if extra:
            raise SimsError(f"{where}key {key!r}: 'values' cannot be combined with {', '.join(extra)}")
        values = value["values"]
        if not isinstance(values, list) or not values:
            raise SimsError(f"{where}key '{key}.values' must be a non-empty list, got {values!r}")
        for i, v in enumerate(values):
            load_checked(game, players, nest({name: v}), f"{where}{key}.values[{i}] = {value_text(v)}")
        return Dimension(name, values=tuple(values))
    for k in ("low", "high"):
        if k not in value:
            raise SimsError(f"{where}key {key!r} needs 'low' and 'high' (or 'values')")
        v = value[k]
        if isinstance(v, bool) or not isinstance(v, int):
            raise SimsError(f"{where}key '{key}.{k}' must be an integer, got {v!r}")
    low, high = value["low"], value["high"]
    if low > high:
        raise SimsError(f"{where}key {key!r}: low ({low}) is above high ({high})")
    sorted_ = value.get("sorted", False)
    if not isinstance(sorted_, bool):
        raise SimsError(f"{where}key '{key}.sorted' must be true or false, got {sorted_!r}")
    if "length" in value:
        length = value["length"]
        if not isinstance(default, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in default):
            raise SimsError(f"{where}key '{key}.length': {name} is not a list of integers")
        if isinstance(length, bool) or not isinstance(length, int) or not 1 <= length <= len(default):
            raise SimsError(f"{where}key '{key}.length' must be an integer from 1 to {len(default)} (the length of "
                            f"{name}), got {length!r}")
        dim = Dimension(name, low=low, high=high, length=length, sorted=sorted_, tail=tuple(default[length:]))
        for v in (low, high):
            load_checked(game, players, nest({name: [v] * length + list(dim.tail)}), f"{where}key {key!r} ({v})")
        return dim
    if sorted_:
        raise SimsError(f"{where}key '{key}.sorted' applies to integer vectors (with 'length') only")
    if isinstance(default, list):
        raise SimsError(f"{where}key {key!r}: {name} is a list; give 'length' (vary its first entries) or 'values'")
    for v in (low, high):
        load_checked(game, players, nest({name: v}), f"{where}key {key!r} ({key} = {v})")
    return Dimension(name, low=low, high=high)


def parse_balance(data: Mapping[str, Any], source: str | None = None) -> BalanceSpec:
    """A validated :class:`BalanceSpec` from the parsed balance file; SimsError names the bad key."""
    w = _where(source)
    if not isinstance(data, Mapping):
        raise SimsError(f"{w}expected a table of keys, got {type(data).__name__}")
    check_keys(data, BALANCE_KEYS, "", w)
    game = game_key(data, w)
    players = players_key(data, game, w, many=False)[0]
    lineup_text = lineups_key(data, [players], w, many=False)[0]
    agents = parse_lineup(lineup_text, players)
    seed = int_key(data, "seed", 1, 0, w, 2**63 - 1)
    chunk_size = int_key(data, "chunk_size", DEFAULT_CHUNK_SIZE, 1, w)
    jobs = jobs_key(data, w)
    from analysis.sweep_stats import OBJECTIVES

    objective = data.get("objective", "max_gap")
    if objective not in OBJECTIVES:
        raise SimsError(f"{w}key 'objective' must be one of {', '.join(OBJECTIVES)}, got {objective!r}")
    description = data.get("description", "")
    if not isinstance(description, str):
        raise SimsError(f"{w}key 'description' must be a string, got {description!r}")
    budget = _budget(data.get("budget"), w)
    search = data.get("search")
    if not isinstance(search, dict) or not search:
        raise SimsError(f"{w}missing or empty table 'search' (the rule parameters to tune and their ranges)")
    # a dotted table entry ([search] bonus_lower.prison = {values = [...]}) arrives as a nested table
    flat: dict[str, Any] = {}

    def walk(table: dict[str, Any], prefix: str) -> None:
        for k, v in table.items():
            if isinstance(v, dict) and not (set(v) & set(DIM_KEYS)) and v:
                walk(v, f"{prefix}{k}.")
            else:
                flat[f"{prefix}{k}"] = v

    walk(search, "")
    dims = tuple(_dimension(game, players, name, value, w) for name, value in flat.items())
    assert seed is not None and chunk_size is not None
    return BalanceSpec(game=game, players=players, agents=agents, lineup_text=lineup_text, seed=seed,
                       objective=objective, dimensions=dims, budget=budget, chunk_size=chunk_size, jobs=jobs,
                       description=description, source=source)


def load_balance(source: str | os.PathLike[str] | Mapping[str, Any] | BalanceSpec) -> BalanceSpec:
    """A validated balance search from a TOML file path, a mapping with the file's keys, or a BalanceSpec."""
    if isinstance(source, BalanceSpec):
        return source
    if isinstance(source, Mapping):
        return parse_balance(plain(source))
    return parse_balance(read_toml(source, "balance file"), str(source))


# ---------------------------------------------------------------------------------------------------- candidates


@dataclass(frozen=True)
class Candidate:
    label: str
    overrides: Mapping[str, Any]
    params_id: str
    baseline: bool = False


def candidates(spec: BalanceSpec) -> list[Candidate]:
    """The baseline and up to ``budget.candidates`` distinct valid variants (all of them when the space is small)."""
    base = brux.load_game(spec.game, spec.players)
    out = [Candidate("baseline", {}, base.params_id, True)]
    seen = {base.params_id}
    wanted = spec.budget["candidates"]
    size = math.prod(d.size() for d in spec.dimensions)

    def add(values: tuple[Any, ...]) -> None:
        overrides = nest(dict(zip((d.name for d in spec.dimensions), values)))
        try:
            game = brux.load_game(spec.game, spec.players, **overrides)
        except ValueError:
            return  # a combination the rules reject (e.g. a cross-parameter constraint)
        if game.params_id not in seen:
            seen.add(game.params_id)
            out.append(Candidate(overrides_label(overrides), json.loads(json.dumps(overrides)), game.params_id))

    if size <= max(wanted, 1) * 2 and size <= _MAX_ENUMERATE:
        combos = list(itertools.product(*(d.all() for d in spec.dimensions)))
        if size > wanted:
            rng = np.random.default_rng(spec.seed)
            combos = [combos[i] for i in sorted(rng.choice(len(combos), size=wanted, replace=False))]
        for combo in combos:
            add(combo)
    else:
        rng = np.random.default_rng(spec.seed)
        attempts = 0
        while len(out) - 1 < wanted and attempts < 50 * wanted:
            attempts += 1
            add(tuple(d.draw(rng) for d in spec.dimensions))
    if len(out) == 1:
        raise SimsError(f"{_where(spec.source)}the search space holds no valid variant other than the rules as written")
    return out


# ---------------------------------------------------------------------------------------------------- the search


@dataclass
class BalanceResult:
    """A finished balance search: the re-check table (best first), the rounds of the search and the files."""

    path: Path
    manifest: dict[str, Any]
    table: pl.DataFrame
    rounds: list[dict[str, Any]]
    games_played: int
    seconds: float
    _tmp: tempfile.TemporaryDirectory[str] | None = field(default=None, repr=False)

    @property
    def best(self) -> dict[str, Any]:
        """The re-checked candidate with the smallest objective (possibly the baseline)."""
        return self.table.row(0, named=True)

    @property
    def baseline(self) -> dict[str, Any]:
        return self.table.filter(pl.col("baseline")).row(0, named=True)


def _win_matrix(result: Any, players: int) -> np.ndarray:
    from analysis.sweep_stats import win_matrix

    return win_matrix(result.scan(), players)[2]


def _score(w: np.ndarray, objective: str) -> float:
    from analysis.sweep_stats import seat_objective

    return float(seat_objective(w.mean(axis=0), objective)) if w.shape[0] else float("nan")


def _claim(folder: Path, spec: BalanceSpec, force: bool) -> None:
    where = str(folder)
    if folder.exists() and not folder.is_dir():
        raise SimsError(f"output path {where!r} exists and is not a folder")
    if (folder / MANIFEST).exists():
        raise SimsError(f"output folder {where!r} holds the results of a single run ({MANIFEST}); choose another one")
    if (folder / "sweep.json").exists():
        raise SimsError(f"output folder {where!r} holds a sweep (sweep.json); choose another one")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / BALANCE_MANIFEST
    if not path.exists():
        return
    try:
        old = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        old = None
    if not isinstance(old, dict) or old.get("kind") != BALANCE_KIND:
        raise SimsError(f"output folder {where!r} holds a {BALANCE_MANIFEST} that is not a brux balance manifest; "
                        "brux does not delete files it did not write: move it away or choose another output folder")
    same = old.get("spec") == spec.identity()
    if same:
        return
    if not force:
        raise SimsError(f"output folder {where!r} holds a different balance search; use --force to replace it or "
                        "choose another output folder")
    for rel in old.get("runs", []) if isinstance(old.get("runs"), list) else []:
        if not isinstance(rel, str) or Path(rel).is_absolute() or ".." in Path(rel).parts:
            continue
        p = folder / rel
        if p.is_dir():
            ResultsFolder(p).clear()
    path.unlink(missing_ok=True)


def _write(path: Path, text: str) -> None:
    atomic_write(path, lambda p: p.write_text(text, encoding="utf-8"))


def balance(
    source: str | os.PathLike[str] | Mapping[str, Any] | BalanceSpec,
    out: str | os.PathLike[str] | None = None,
    *,
    jobs: int | None = None,
    backend: str = "threads",
    scheduler: str | None = None,
    force: bool = False,
    progress: bool = False,
    on_round: Callable[[dict[str, Any]], None] | None = None,
) -> BalanceResult:
    """Run a balance search (see the module notes) into `out` (a temporary folder when None).

    `source` is a balance file path (TOML), a mapping with its keys or a :class:`BalanceSpec`; everything is
    validated before a game is played. Re-running the same search into the same folder resumes it; a folder holding
    another search is refused unless `force`. `on_round(summary)` is called after each round and after the re-check.
    """
    spec = load_balance(source)
    jobs = jobs if jobs is not None else (spec.jobs if spec.jobs is not None else -1)
    jobs = check_backend(backend, jobs, scheduler)
    if out is not None and not str(out).strip():
        raise SimsError("the output folder must not be an empty path")
    tmp = tempfile.TemporaryDirectory(prefix="brux-balance-") if out is None else None
    folder = Path(tmp.name if tmp else out)  # type: ignore[arg-type]
    if folder.exists() and not folder.is_dir():
        raise SimsError(f"output path {str(folder)!r} exists and is not a folder")
    with folder_lock(folder):
        return _balance(spec, folder, tmp, jobs, backend, scheduler, force, progress, on_round)


def _balance(spec: BalanceSpec, folder: Path, tmp: tempfile.TemporaryDirectory[str] | None, jobs: int,
             backend: str, scheduler: str | None, force: bool, progress: bool,
             on_round: Callable[[dict[str, Any]], None] | None) -> BalanceResult:
    from analysis.sweep_stats import bootstrap_objective, objective_interval, percentile_interval

    _claim(folder, spec, force)
    budget = spec.budget
    cands = candidates(spec)
    start = time.perf_counter()
    played = 0
    runs: list[str] = []
    manifest: dict[str, Any] = {"format": 1, "kind": BALANCE_KIND, "brux_version": brux.__version__,
                                "source": spec.source, "description": spec.description, "spec": spec.identity(),
                                "lineup": " | ".join(spec.agents), "runs": runs, "rounds": []}
    _write(folder / BALANCE_MANIFEST, json.dumps(manifest, indent=1) + "\n")

    def play(c: Candidate, games: int, seed: int, rel: str) -> np.ndarray:
        nonlocal played
        runs.append(rel)
        result = run(spec.game, spec.players, games, agents=list(spec.agents), seed=seed, overrides=c.overrides,
                     out=folder / rel, chunk_size=spec.chunk_size, jobs=jobs, backend=backend, scheduler=scheduler,
                     force=force, progress=progress)
        played += result.games_played
        return _win_matrix(result, spec.players)

    alive = list(range(len(cands)))
    wins: dict[int, list[np.ndarray]] = {i: [] for i in alive}
    rounds: list[dict[str, Any]] = []
    last_scores: dict[int, float] = {}
    r = 0
    while True:
        games = int(round(budget["games"] * budget["growth"] ** r))
        seed = spec.round_seed(r)
        for i in alive:
            wins[i].append(play(cands[i], games, seed, f"search/round-{r}/{cands[i].params_id}"))
        scores = {i: _score(np.vstack(wins[i]), spec.objective) for i in alive}
        last_scores.update(scores)
        ranked = sorted(alive, key=lambda i: (scores[i], i))
        done = len(alive) <= budget["finalists"]
        kept = ranked if done else ranked[:max(budget["finalists"], math.ceil(len(alive) * budget["keep"]))]
        summary = {
            "round": r, "seed": seed, "games": games, "candidates": len(alive), "kept": len(kept),
            "ranking": [{"variant": cands[i].label, "params_id": cands[i].params_id, "baseline": cands[i].baseline,
                         "games": int(sum(w.shape[0] for w in wins[i])), spec.objective: scores[i]} for i in ranked],
        }
        rounds.append(summary)
        manifest["rounds"] = rounds
        _write(folder / BALANCE_MANIFEST, json.dumps(manifest, indent=1) + "\n")
        if on_round is not None:
            on_round(summary)
        if done:
            break
        alive = kept
        r += 1
    finalists = kept
    search_games = {i: int(sum(w.shape[0] for w in ws)) for i, ws in wins.items()}

    # re-check the finalists and the baseline on fresh seeds
    recheck = list(finalists) + ([0] if 0 not in finalists else [])
    mats = [play(cands[i], budget["recheck_games"], spec.recheck_seed, f"recheck/{cands[i].params_id}")
            for i in recheck]
    n = min(m.shape[0] for m in mats)
    mats = [m[:n] for m in mats]
    reps = bootstrap_objective(mats, spec.objective, budget["bootstrap"], seed=spec.seed)
    bi = recheck.index(0)
    conf = budget["confidence"]
    dlows, dhighs = percentile_interval(reps - reps[:, [bi]], conf)
    base_score = _score(mats[bi], spec.objective)
    rows = []
    for j, i in enumerate(recheck):
        c = cands[i]
        score = _score(mats[j], spec.objective)
        low, high = objective_interval(mats[j], spec.objective, conf)
        is_base = i == 0
        dl, dh = (0.0, 0.0) if is_base else (float(dlows[j]), float(dhighs[j]))
        rows.append({
            "variant": c.label, "baseline": c.baseline, "params_id": c.params_id,
            "overrides": json.dumps(c.overrides, separators=(",", ":")),
            "search_games": search_games.get(i, 0), "search_objective": last_scores[i],
            "games": n, "objective": score, "objective_low": low, "objective_high": high,
            "diff": 0.0 if is_base else score - base_score, "diff_low": dl, "diff_high": dh,
            "significant": (not is_base) and (dl > 0 or dh < 0),
            "win_shares": " / ".join(f"{s:.4f}" for s in mats[j].mean(axis=0)),
        })
    table = pl.DataFrame(rows).sort("objective", "baseline").with_row_index("rank", offset=1)
    table = table.with_columns(pl.col("rank").cast(pl.Int64))
    recheck_summary = {"round": "recheck", "seed": spec.recheck_seed, "games": n, "candidates": len(recheck),
                       "objective": spec.objective, "confidence": conf, "bootstrap": budget["bootstrap"]}
    seconds = time.perf_counter() - start
    manifest.update(rounds=rounds, recheck=recheck_summary, results=table.to_dicts(), complete=True,
                    candidates=len(cands), games_played=played, seconds=round(seconds, 3))
    _write(folder / BALANCE_MANIFEST, json.dumps(manifest, indent=1) + "\n")
    _write(folder / BALANCE_CSV, table.write_csv())
    if on_round is not None:
        on_round(recheck_summary)
    return BalanceResult(folder, manifest, table, rounds, played, seconds, tmp)
