"""Studies: one game played at several levels of play, each run sized to a precision target within a CPU budget.

    import sims
    s = sims.study("bruxelles1897", players=3, budget=600, out="results/bruxelles1897-3p-study")
    s.table()        # one row per level: games, CPU, precision reached, verdict, seat win shares
    s.findings()     # analysis.study_report.StudyFindings: per-level findings and the sentences of the report

The levels come from the game's agents: all ``random``, all ``greedy``, all of the best persona (a documented
per-game default, otherwise a short measured mini-tournament against ``greedy``), all of the strongest agent
(``policy`` where its stored strength says it wins its fair share against the game's search,
``sims.policy_strength``; else the game's lighter strong agent where its record in ``strong.json`` says the same,
e.g. a search with fewer iterations on pruned root actions; else the search: ``vmcts`` when offered, else
``mcts``). Mixed levels (``sims.mixed``) put
one strong agent against weaker ones, the strong agent taking every seat in turn with equal games per seat: by
default each level's agent against the level just below it (``greedy vs 2x random``, ...), or the
``mixed=["STRONG/WEAK", ...]`` given. Every seat but a
random one plays with the agent option ``eps`` (a random legal action now and then, from its own stream), so a
level is a population of players rather than copies of one policy; each level but ``random`` has a check, the
same level replayed on the same deals with more noise (``analysis.artifact`` flags a seat effect that does not
hold). A timed pilot
measures the CPU per game of each level; the budget (CPU seconds of this process, kernel loading excluded) is split
so the cheap levels reach their precision target and the expensive ones get what is left. A level's games are fixed
before it plays: the games at which every seat's fixed-sample interval is narrow enough whatever the win shares
(``analysis.power.games_for_seat_precision``), or fewer when its CPU limit stops it; nothing a level's games show
decides when it stops, so its intervals are the fixed-sample ones of a normal run. Each all-same level is a normal
run in its own subfolder, each mixed level one such run per seat of the strong agent; the study folder holds
``study.json`` and is locked while a study writes it. Running the same study again resumes it: levels already at
their target or out of budget play nothing.

With ``openings_deals=N`` each all-same level also forces every legal first decision of seat 0 (the start player,
whose first decision depends on the deal alone) on N deals (`sims.openings`), into ``openings-<level>``. Their
estimated CPU (N x (legal first decisions + 1) copies at the level's CPU per game) comes off the budget before the
games are shared out; when it would take more than half the budget, every level's deals are scaled down to fit it
(a level left with fewer than 2 deals gets none).
"""

from __future__ import annotations

import json
import math
import numbers
import re
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

import brux
from brux.core.game import is_int
from brux.core.rng import game_seed
from brux.games import game_spec, get_rules

from . import mixed as mx
from .atomic import atomic_write
from .errors import SimsError
from .execute import check_backend
from .levels import CHECK_STEP, LEVEL_EPS
from .lock import folder_lock
from .openings import forced_openings, play_copy
from .run import run
from .spec import RunSpec
from .warmup import warm_up

STUDY_FILE = "study.json"
PILOT_SECONDS = 0.5  # a pilot doubles its games until it used this much CPU (or its cap)
PILOT_MAX_GAMES = 4096
PERSONA_GAMES = 16  # games per persona and seat in the persona mini-tournament
CONFIDENCE = 0.95
OPENINGS_SEAT = 0  # the seat whose first decisions a study forces
CHECK_SHARE = 0.25  # ... for this share of the level's games (the same deals)


@dataclass
class StudyResult:
    """A study folder and its record (``study.json``); the level runs are subfolders ``level-<name>``."""

    path: Path
    record: dict[str, Any]
    games_played: int  # by this call

    @property
    def levels(self) -> list[dict[str, Any]]:
        return self.record["levels"]

    def findings(self, margin: float | None = None) -> Any:
        """The per-level findings and the study's sentences (analysis.study_report.StudyFindings)."""
        from analysis.study_report import study_findings

        return study_findings(self.path, margin=margin)

    def table(self) -> pl.DataFrame:
        """One row per level: games, CPU, precision reached, fairness verdict, seat win shares with intervals."""
        return self.findings().table


def noisy(agent: str, eps: float) -> str:
    """The spec of ``agent`` with ``eps`` (unchanged for random, for eps 0 and when the spec sets eps itself)."""
    spec = brux.agents.parse_spec(agent)
    if spec.name == "random" or eps == 0 or "eps" in spec.opts:
        return agent
    return str(brux.agents.parse_spec(f"{agent}{',' if ':' in agent else ':'}eps={eps!r}"))


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._=-]+", "_", name)


Clock = Callable[[], float]  # seconds read by a study to measure and limit what it spends


def _timed_run(game: str, players: int, games: int, agents: list[str], seed: int, jobs: int, clock: Clock) -> float:
    """CPU seconds of a throw-away run (kernels loaded first, outside the clock)."""
    spec = RunSpec.create(game, players, games, agents, seed, None, games)
    warm_up(spec.load_game(), spec.agents)
    start = clock()
    run(game, players, games, agents=agents, seed=seed, chunk_size=games, jobs=jobs)
    return clock() - start


def _pilot(game: str, players: int, agents: list[str], seed: int, jobs: int, clock: Clock) -> tuple[int, float]:
    """(games, CPU seconds) of the pilot: games doubled from 2 until it takes PILOT_SECONDS of CPU."""
    games, cpu, total_games, total_cpu = 2, 0.0, 0, 0.0
    while True:
        cpu = _timed_run(game, players, games, agents, seed + 7919, jobs, clock)
        total_games, total_cpu = total_games + games, total_cpu + cpu
        if cpu >= PILOT_SECONDS or games >= PILOT_MAX_GAMES:
            return games, cpu if cpu > 0 else 1e-6  # the last (largest) pilot gives the rate
        games *= 4


def pick_persona(game: str, players: int, seed: int, jobs: int,
                 clock: Clock = time.process_time) -> tuple[str | None, dict[str, Any]]:
    """The best persona of a game: the documented default, else the best of a short mini-tournament in which each
    persona plays every seat against ``greedy`` (returns the name and a record of how it was chosen)."""
    names = brux.load_game(game, players).agent_names()
    personas = [n for n in names if n.startswith("heuristic:")]
    if not personas:
        return None, {"method": "none offered"}
    default = game_spec(game).default_persona  # measured in tournaments; other games measure it here
    if default in personas:
        return default, {"method": "documented default (measured tournaments, docs/agents.md)"}
    other = "greedy" if "greedy" in names else "random"
    shares: dict[str, float] = {}
    cpu = 0.0
    for p in personas:
        total = 0.0
        for seat in range(players):
            lineup = [other] * players
            lineup[seat] = p
            warm_up(brux.load_game(game, players), lineup)
            start = clock()
            r = run(game, players, PERSONA_GAMES, agents=lineup, seed=seed + 104729, chunk_size=PERSONA_GAMES,
                    jobs=jobs)
            cpu += clock() - start
            t = r.table().filter(pl.col("seat") == seat)
            total += float(t["win_share"].sum())
        shares[p] = total / (players * PERSONA_GAMES)
    best = max(shares, key=lambda k: shares[k])
    return best, {"method": f"mini-tournament: each persona in every seat against {other}, {PERSONA_GAMES} games "
                            "per seat", "win_shares": shares, "cpu_seconds": cpu}


def strongest_agent(names: list[str], players: int, strength: Mapping[str, Any] | None,
                    strong: Mapping[str, Any] | None = None) -> tuple[str | None, str]:
    """The strongest level's agent and why: `policy` where its measured `strength` (``sims.policy_strength``) says
    it wins at least its fair share against the search, else the game's lighter `strong` agent where its record
    says so, else the search (``vmcts``, else ``mcts``), else None."""
    from .policy_strength import at_least_as_strong, describe, search_agent  # not at import: `python -m` runs it

    search = search_agent(names)
    if search is None:
        return None, "the game offers no search"
    if "policy" in names and at_least_as_strong(strength, players):
        return "policy", f"{describe(strength, players)}, at least the fair share"
    policy = ("no measured policy as strong" if strength is None
              else f"{describe(strength, players)}, below the fair share")
    if strong is not None and strong["against"] == search and at_least_as_strong(strong, players):
        cpu = strong["cpu_us_per_decision"]
        return strong["agent"], (f"at least its fair share against the game's search, for less CPU: "
                                 f"{describe(strong, players)}, at {cpu[strong['agent']]:.0f} µs of CPU a decision "
                                 f"against {cpu[search]:.0f}; {policy}")
    return search, f"the game's search; {policy}"


def choose_levels(game: str, players: int, persona: str | None) -> tuple[list[str], str]:
    """The agents of the levels (each played in every seat), weakest first, without repeats, and why the strongest
    level is the agent it is."""
    loaded = brux.load_game(game, players)
    names = loaded.agent_names()
    agents = loaded.rules.agents
    strength, strong = (agents.policy_strength.get(players), agents.strong.get(players)) if agents else (None, None)
    strongest, why = strongest_agent(names, players, strength, strong)
    levels = ["random"] + [a for a in ("greedy", persona) if a and a in names] + [strongest] * (strongest is not None)
    return list(dict.fromkeys(levels)), why


def games_for_target(precision: float, players: int) -> int:
    """Games for a fixed-sample half-width of ``precision`` on every seat, whatever the win shares."""
    from analysis.power import games_for_seat_precision

    return games_for_seat_precision(precision, players, confidence=CONFIDENCE)


def allocate(levels: list[dict[str, Any]], budget: float, need: int) -> None:
    """Split ``budget`` CPU seconds: cheapest level first, each gets what reaching its target costs (``need``
    games, or the level's own ``games_for_target``), at most its share of what is left (shares in proportion to
    the levels' ``weight``, 1 unless set; an agent check weighs ``CHECK_SHARE``); sets
    ``cpu_allocated`` and ``games_cap`` on each level. A mixed level's cap is whole rounds of one game per seat
    (``rotation``), none when the share does not cover one round."""
    left = budget
    order = sorted(range(len(levels)), key=lambda i: levels[i]["cpu_per_game"])
    for k, i in enumerate(order):
        lv = levels[i]
        share = left * lv.get("weight", 1.0) / sum(levels[j].get("weight", 1.0) for j in order[k:])
        target = lv.get("games_for_target", need)
        games = min(target, int(share / lv["cpu_per_game"]))
        games -= games % lv.get("rotation", 1)
        lv["games_cap"] = max(games, 0)
        lv["cpu_allocated"] = lv["games_cap"] * lv["cpu_per_game"]
        lv["reaches_target"] = games >= target
        left -= lv["cpu_allocated"]


def _play_level(folder: Path, record: dict[str, Any], lv: dict[str, Any], jobs: int, progress: bool,
                clock: Clock) -> int:
    """Play (or resume) one level's run to its target games or its CPU limit; games played. A budget-limited level
    plays on past the games its share bought at the pilot's rate (``games_cap``, which sizes the chunks) while its
    CPU limit allows: a pilot of a few games overstates the CPU a game takes. Only the clock stops it early."""
    game, players, seed = record["game"], record["players"], record["seed"]
    chunk = max(1, math.ceil(lv["games_cap"] / 16))
    games = lv.get("games_for_target", record["games_for_target"])
    spec = RunSpec.create(game, players, games, lv["agents"], seed, None, chunk)
    left = lv["cpu_limit"] - lv["cpu_used"]
    if left > 0:
        warm_up(spec.load_game(), spec.agents)
    start, batches = clock(), [0]

    def until(path: Path, manifest: dict[str, Any]) -> bool:
        spent = clock() - start
        per_batch = spent / batches[0] if batches[0] else 0.0
        batches[0] += 1
        return spent + per_batch > left  # the next batch would go over the level's CPU limit

    r = run(game, players, games, agents=lv["agents"], seed=seed, out=folder / lv["folder"],
            chunk_size=chunk, jobs=jobs, progress=progress and f"level {lv['name']}", until=until)
    if r.games_played:
        lv["cpu_used"] += clock() - start
    lv["games"] = int(r.manifest["games_done"])
    lv["finished"] = True
    return r.games_played


def _write(folder: Path, record: dict[str, Any]) -> None:
    text = json.dumps(record, indent=1) + "\n"
    atomic_write(folder / STUDY_FILE, lambda p: p.write_text(text, encoding="utf-8"))


def _identity(record: dict[str, Any]) -> dict[str, Any]:
    return {**{k: record.get(k) for k in ("game", "players", "seed", "budget", "precision", "margin", "mixed",
                                          "eps")},
            "openings_deals": record.get("openings_deals", 0)}


def plan_openings(levels: list[dict[str, Any]], game: str, players: int, seed: int, deals: int,
                  budget: float) -> float:
    """Set ``openings`` (deals, folder, estimated CPU) on each all-same level and return the CPU reserved: `deals`
    per level, scaled down alike when the total would exceed half of `budget` (see the module docstring)."""
    if deals < 1:
        return 0.0
    g = brux.load_game(game, players)
    cost = []
    for lv in levels:
        if lv.get("kind") in ("mixed", "check"):
            continue
        legal, _, _ = play_copy(g, lv["agents"], game_seed(seed, 0), OPENINGS_SEAT, None)
        cost.append((lv, (len(legal or []) + 1) * lv["cpu_per_game"]))
    want = sum(c for _, c in cost) * deals
    scale = min(1.0, budget / 2 / want) if want > 0 else 1.0
    for lv, c in cost:
        n = int(deals * scale)
        n = n if n >= 2 else 0
        lv["openings"] = {"deals": n, "folder": f"openings-{_slug(lv['name'])}", "cpu_estimate": n * c}
    return sum(lv["openings"]["cpu_estimate"] for lv, _ in cost)


def _play_openings(folder: Path, record: dict[str, Any], lv: dict[str, Any], jobs: int, progress: bool,
                   clock: Clock) -> None:
    """Play (or resume) the level's forced openings of seat 0 and record their CPU."""
    op = lv["openings"]
    start = clock()
    forced_openings(record["game"], record["players"], lv["agents"], deals=op["deals"], seed=record["seed"],
                    seats=[OPENINGS_SEAT], out=folder / op["folder"], jobs=jobs, progress=bool(progress))
    op["cpu_used"] = op.get("cpu_used", 0.0) + clock() - start
    op["finished"] = True


def study(game: str, players: int = 3, *, budget: float = 600.0, precision: float = 0.01, margin: float = 0.02,
          seed: int = 1, out: str | Path | None = None, jobs: int = -1, progress: bool = False,
          mixed: Sequence[str | tuple[str, str]] | None = None, openings_deals: int = 0, eps: float = LEVEL_EPS,
          clock: Clock = time.process_time) -> StudyResult:
    """Play ``game`` at every level of play, each level sized in advance for a half-width of ``precision`` (win
    share) on every seat, within the CPU ``budget`` (seconds) split across levels; resumes a study already in
    ``out``.

    ``mixed``: the mixed levels as ``"STRONG/WEAK"`` specs (or pairs); None for each level's agent against the
    level just below it, ``[]`` for none. ``openings_deals``: deals of forced first decisions of seat 0 per
    all-same level (0: none; see the module docstring). ``eps``: every seat but a random one plays a uniformly
    random legal action with this probability, from its own stream (agent option ``eps``), so that a level is a
    population of players rather than identical copies of one policy; 0 for plain copies. Every level but
    ``random`` is checked for agent artifacts: replayed on the same deals for ``CHECK_SHARE`` of its games with eps
    raised by ``CHECK_STEP`` (analysis.study_report flags a level whose seat effect does not hold). ``clock``: the
    seconds the budget is measured in, the CPU time of this process by default (a deterministic stand-in makes a
    study's sizing independent of the machine's speed)."""
    if game not in brux.list_games():
        raise SimsError(f"unknown game {game!r}; known games: {', '.join(brux.list_games())}")
    rules = get_rules(game)
    if not is_int(players) or not rules.min_players <= players <= rules.max_players:
        raise SimsError(f"{game} is played by {rules.min_players} to {rules.max_players} players, got {players}")
    if not (isinstance(budget, numbers.Real) and not isinstance(budget, (bool, np.bool_)) and math.isfinite(budget)
            and budget > 0):
        raise SimsError(f"the budget must be a positive number of CPU seconds, got {budget}")
    if not 0 < precision < 0.5:
        raise SimsError(f"the precision must be between 0 and 0.5 (a win share), got {precision}")
    if not 0 < margin < 1:
        raise SimsError(f"the margin must be between 0 and 1 (a win share), got {margin}")
    if not (isinstance(eps, numbers.Real) and 0 <= eps <= 1 - CHECK_STEP):
        raise SimsError(f"eps must be between 0 and {1 - CHECK_STEP:g} (a probability), got {eps}")
    if out is not None and not str(out).strip():
        raise SimsError("the output folder must not be an empty path")
    if not is_int(openings_deals) or openings_deals < 0:
        raise SimsError(f"openings_deals must be a whole number of deals, 0 for none, got {openings_deals}")
    jobs = check_backend("threads", jobs, None)
    if isinstance(mixed, str):
        raise SimsError(f"mixed must be a list of STRONG/WEAK specs, got the string {mixed!r}")
    wanted = None if mixed is None else mx.parse_mixed(mixed, game, players)
    tmp = tempfile.mkdtemp(prefix="brux-study-") if out is None else None
    folder = Path(tmp or out)  # type: ignore[arg-type]
    folder.mkdir(parents=True, exist_ok=True)
    with folder_lock(folder):
        return _study(folder, game, int(players), float(budget), precision, margin, seed, jobs, progress, wanted,
                      int(openings_deals), float(eps), clock)


def _mixed_level(spec: str, players: int, eps: float, pilot: tuple[int, float], need: int) -> dict[str, Any]:
    strong, weak = spec.split("/")
    games, cpu = pilot
    return {"name": mx.level_name(strong, weak, players), "kind": "mixed", "strong": strong, "weak": weak,
            "lineups": mx.lineups(noisy(strong, eps), noisy(weak, eps), players),
            "folder": f"mixed-{_slug(strong)}-vs-{_slug(weak)}",
            "runs": [f"seat-{s}" for s in range(players)],
            "rotation": players, "games_for_target": need * players, "pilot_games": games, "pilot_cpu": cpu,
            "cpu_per_game": cpu / games, "cpu_used": 0.0, "games": 0}


def _check_level(lv: dict[str, Any], eps: float, players: int, need: int) -> dict[str, Any]:
    """The agent check of an all-same level: its agent at ``eps``, the level's first deals, its pilot's rate."""
    return {"name": f"{lv['name']} (check, eps={eps:g})", "kind": "check", "of": lv["name"], "eps": eps,
            "agents": [noisy(lv["name"], eps)] * players, "folder": f"check-{_slug(lv['name'])}",
            "games_for_target": max(math.ceil(CHECK_SHARE * need), 2), "weight": CHECK_SHARE,
            "pilot_games": 0, "pilot_cpu": 0.0,
            "cpu_per_game": lv["cpu_per_game"], "cpu_used": 0.0, "games": 0}


def _study(folder: Path, game: str, players: int, budget: float, precision: float, margin: float, seed: int,
           jobs: int, progress: bool, mixed: list[str] | None, openings_deals: int, eps: float,
           clock: Clock) -> StudyResult:
    if (folder / "manifest.json").exists() or (folder / "sweep.json").exists():
        raise SimsError(f"{folder} holds a run or a sweep, not a study; use another folder")
    record: dict[str, Any] = {"kind": "brux study", "game": game, "players": players, "seed": seed,
                              "budget": budget, "precision": precision, "margin": margin, "mixed": mixed,
                              "openings_deals": openings_deals, "eps": eps,
                              "check_eps": round(eps + CHECK_STEP, 12)}
    file = folder / STUDY_FILE
    if file.exists():
        try:
            old = json.loads(file.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise SimsError(f"{file} cannot be read ({e}); brux does not replace files it cannot read") from None
        if not isinstance(old, dict) or _identity(old) != _identity(record):
            held = json.dumps(_identity(old) if isinstance(old, dict) else old)
            raise SimsError(f"{folder} holds another study ({held}); use another folder or the same options")
        record = old
    else:
        persona, how = pick_persona(game, players, seed, jobs, clock)
        record["persona"] = {"agent": persona, **how}
        need = games_for_target(precision, players)
        levels = []
        agents, why = choose_levels(game, players, persona)
        record["strongest"] = {"agent": agents[-1], "why": why}
        for agent in agents:
            lineup = [noisy(agent, eps)] * players
            games, cpu = _pilot(game, players, lineup, seed, jobs, clock)  # kernels loaded off the clock
            levels.append({"name": agent, "agents": lineup, "folder": f"level-{_slug(agent)}",
                           "pilot_games": games, "pilot_cpu": cpu, "cpu_per_game": cpu / games,
                           "cpu_used": 0.0, "games": 0})
            if agent != "random":
                levels.append(_check_level(levels[-1], record["check_eps"], players, need))
        for spec in mx.default_mixed(agents) if mixed is None else mixed:
            strong, weak = spec.split("/")
            lineup = mx.lineups(noisy(strong, eps), noisy(weak, eps), players)[0]
            levels.append(_mixed_level(spec, players, eps, _pilot(game, players, lineup, seed, jobs, clock), need))
        record["setup_cpu"] = how.get("cpu_seconds", 0.0) + sum(lv["pilot_cpu"] for lv in levels)
        record["games_for_target"] = need
        left = max(budget - record["setup_cpu"], 0.0)
        record["openings_cpu"] = plan_openings(levels, game, players, seed, openings_deals, left)
        allocate(levels, left - record["openings_cpu"], need)
        record["levels"] = levels
        _write(folder, record)
    played = 0
    levels = record["levels"]
    for lv in sorted(levels, key=lambda lv: lv["cpu_per_game"]):  # cheapest first: what it saves goes on
        if lv["games_cap"] < 1 or lv.get("finished"):  # a finished level stopped at its target, cap or limit
            continue
        if "cpu_limit" not in lv:  # fixed when the level is first played, so a resumed study plays the same
            others = sum(o["cpu_used"] if "cpu_limit" in o else o["cpu_allocated"] for o in levels if o is not lv)
            lv["cpu_limit"] = max(budget - record["setup_cpu"] - record.get("openings_cpu", 0.0) - others, 0.0)
            if lv["reaches_target"]:  # the pilot's rate is rough: a cheap level may borrow from the later ones
                lv["cpu_limit"] = max(lv["cpu_limit"], 2 * lv["cpu_allocated"] + 0.5)
        if lv.get("kind") == "mixed":
            played += mx.play_mixed(folder, record, lv, jobs=jobs, progress=progress,
                                    save=lambda: _write(folder, record), clock=clock)
        else:
            played += _play_level(folder, record, lv, jobs, progress, clock)
        _write(folder, record)
    for lv in levels:
        if lv.get("openings", {}).get("deals", 0) >= 2 and not lv["openings"].get("finished"):
            _play_openings(folder, record, lv, jobs, progress, clock)
            _write(folder, record)
    return StudyResult(folder, record, played)
