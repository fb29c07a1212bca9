"""Mixed levels of a study: one strong agent against weaker ones, the strong agent taking every seat in turn.

A mixed level ``STRONG/WEAK`` plays one run per seat (``seat-<s>`` in the level's folder, listed as ``runs``), the
strong agent in seat ``s`` and the weak agent in every other seat, all from the study's seed: the strong agent meets
the same deals in every seat (common random numbers). The runs are played in rounds of one batch of chunks each, so
every seat has the same number of games whenever a round ends; the level stops once every seat's run reaches its
games (the study's target, fixed in advance, or the level's cap), or when the next round would pass the level's CPU
limit. A run interrupted mid-round is levelled by the next round.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from joblib import effective_n_jobs
from tqdm import tqdm

import brux

from .agents import parse_lineup
from .errors import SimsError
from .run import run
from .warmup import warm_up

EXAMPLE = "greedy/random"


def _agent(spec: str, players: int, game: str, text: str) -> str:
    spec = spec.strip()
    if not spec:
        raise SimsError(f"mixed line-up {text!r} has an empty agent; write STRONG/WEAK, e.g. {EXAMPLE}")
    try:
        return parse_lineup([spec] * players, players, game)[0]
    except SimsError as e:
        raise SimsError(f"mixed line-up {text!r}: {e}") from None


def parse_mixed(items: Sequence[str | tuple[str, str]], game: str, players: int) -> list[str]:
    """Canonical ``STRONG/WEAK`` specs of mixed levels, checked against the game's agents (SimsError names a bad
    one); repeats are dropped."""
    out = []
    for item in items:
        parts = item.split("/") if isinstance(item, str) else list(item)
        text = item if isinstance(item, str) else "/".join(map(str, item))
        if len(parts) != 2:
            raise SimsError(f"a mixed line-up is STRONG/WEAK (e.g. {EXAMPLE}), got {text!r}")
        strong, weak = (_agent(str(p), players, game, text) for p in parts)
        if strong == weak:
            raise SimsError(f"mixed line-up {text!r} plays {strong} in every seat; give two different agents")
        out.append(f"{strong}/{weak}")
    return list(dict.fromkeys(out))


def default_mixed(agents: Sequence[str]) -> list[str]:
    """Each level's agent against the level just below it (``agents`` weakest first)."""
    return [f"{strong}/{weak}" for weak, strong in zip(agents, agents[1:])]


def level_name(strong: str, weak: str, players: int) -> str:
    """``greedy vs 2x random`` (``greedy vs random`` for two players)."""
    return f"{strong} vs {weak}" if players == 2 else f"{strong} vs {players - 1}x {weak}"


def lineups(strong: str, weak: str, players: int) -> list[list[str]]:
    """One line-up per seat of the strong agent."""
    return [[strong if s == seat else weak for s in range(players)] for seat in range(players)]


def play_mixed(folder: Path, record: dict[str, Any], lv: dict[str, Any], *, jobs: int, progress: bool,
               save: Callable[[], None], clock: Callable[[], float] = time.process_time) -> int:
    """Play (or resume) a mixed level in rounds until every seat's run reaches the level's cap (``games_cap`` over
    all seats: the study's target or what its share buys) or its CPU limit; updates ``lv`` (``save`` writes it
    after every round) and returns the games played. ``clock`` reads the seconds the limit is in."""
    game, players, seed = record["game"], record["players"], record["seed"]
    cap = lv["games_cap"] // players  # games per seat
    chunk = max(1, math.ceil(cap / 16))
    step = chunk * effective_n_jobs(jobs)  # a run with `until` plays one chunk per worker a batch
    done = [0] * players  # each seat's run counts its finished chunks in the first round
    played, rounds, used, left = 0, 0, lv["cpu_used"], lv["cpu_limit"] - lv["cpu_used"]
    if left > 0:
        warm_up(brux.load_game(game, players), lv["lineups"][0])
    start = clock()
    with tqdm(total=cap * players, initial=lv["games"], unit=" games", unit_scale=True, disable=not progress,
              desc=f"level {lv['name']}",
              dynamic_ncols=True) as bar:
        while min(done) < cap:  # a level left mid-round is levelled by the next round
            spent = clock() - start
            if left <= 0 or (rounds and spent + spent / rounds > left):  # the next round would pass the limit
                break
            target = min(cap, (min(done) // step + 1) * step)
            for seat, agents in enumerate(lv["lineups"]):
                def until(path: Path, manifest: dict[str, Any], target: int = target) -> bool:
                    return manifest["games_done"] >= target

                r = run(game, players, cap, agents=agents, seed=seed, out=folder / lv["folder"] / lv["runs"][seat],
                        chunk_size=chunk, jobs=jobs, until=until)
                done[seat] = int(r.manifest["games_done"])
                played += r.games_played
                bar.update(r.games_played)
            rounds += 1
            lv["games_per_seat"], lv["games"] = done, sum(done)
            lv["cpu_used"] = used + clock() - start
            save()
    lv["finished"] = True
    return played
