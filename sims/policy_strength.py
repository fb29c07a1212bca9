"""How strong a cheaper agent is against the game's search: the fitted `policy` (stored beside its weights), or a
lighter agent given by `--agent` (stored in the game's `strong.json`, `brux.agents.strongfile`).

The agent plays one seat against copies of the search (`vmcts`, else `mcts`) in every seat order on the same game
seeds (a seat-rotated tournament); its win share over all its seats, with a Wilson 95 % interval, and the CPU per
decision of both (self-play on one core, `brux.agents.tournament.cpu_per_decision`) are stored. `brux study` takes
`policy`, else the lighter agent, for its strongest level only where that share is at least the fair share
(1 / players): an agent that wins its fair share against the search plays about as well as it.

    python -m sims.policy_strength --game bruxelles1897 --players 3 --games 300 --write
    python -m sims.policy_strength --game bruxelles1897 --players 3 --agent vmcts:iters=300,prune=5 --write
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import brux
from brux.agents import policyfile, strongfile
from brux.agents.entry import POLICY_FILE
from brux.agents.tournament import cpu_per_decision
from brux.games import get_rules

from .errors import SimsError
from .tournament import tournament

SEARCHES = ("vmcts", "mcts")  # the game's search, the first of these it offers
CHUNK = 25  # games per chunk: searching agents' games are slow, so the workers share each seat order
CPU_SECONDS = 5.0  # CPU seconds of self-play timing each side's CPU per decision


def search_agent(names: Sequence[str]) -> str | None:
    """The game's search among its agent names: `vmcts` when offered, else `mcts`, else None."""
    return next((a for a in SEARCHES if a in names), None)


def measure(game: str, players: int, games: int, *, agent: str = "policy", seed: int = 1, jobs: int = -1,
            cpu_seconds: float = CPU_SECONDS, progress: bool = False) -> dict[str, Any]:
    """`agent` against players - 1 copies of the game's search, `games` games per seat order, and the CPU per
    decision of both (at least `cpu_seconds` of self-play each)."""
    loaded = brux.load_game(game, players)
    spec = loaded.parse_agents(agent)[0]
    if spec == "policy" and players not in (loaded.rules.agents.policy if loaded.rules.agents else {}):
        raise SimsError(f"{game} has no fitted policy for {players} players (python -m brux.agents.imitate)")
    against = search_agent(loaded.agent_names())
    if against is None or spec == against:
        raise SimsError(f"{spec} is measured against the game's search; {game} offers "
                        f"{'none' if against is None else 'it as the agent measured'}")
    result = tournament(game, players, [spec] + [against] * (players - 1), games, seed=seed, jobs=jobs,
                        chunk_size=CHUNK, progress=progress)
    table = result.agents()
    row = table.filter(table["agent"] == spec).row(0, named=True)
    cpu = {a: round(cpu_per_decision(loaded, a, cpu_seconds)[0] * 1e6, 1) for a in (spec, against)}
    named = "" if spec == "policy" else f" --agent {spec}"
    return {"agent": spec, "against": against, "games": games * len(result.runs),
            "seat_games": int(row["seats_played"]), "win_share": round(row["win_share"], 4),
            "low": round(row["low"], 4), "high": round(row["high"], 4), "cpu_us_per_decision": cpu,
            "command": f"python -m sims.policy_strength --game {game} --players {players}{named} --games {games} "
                       f"--seed {seed} --write"}


def at_least_as_strong(record: Mapping[str, Any] | None, players: int) -> bool:
    """The measured `policy` won at least its fair share (1 / players) against the search."""
    return record is not None and record["win_share"] >= 1 / players


def describe(record: Mapping[str, Any], players: int) -> str:
    """One sentence part: what the measurement found."""
    return (f"{record.get('agent', 'policy')} won {record['win_share']:.3f} [{record['low']:.3f}, "
            f"{record['high']:.3f}] of {record['games']:,} seat-rotated games against {players - 1} × "
            f"{record['against']} (fair share {1 / players:.3f})")


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m sims.policy_strength", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", required=True)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--games", type=int, default=300, help="games per seat order (default: %(default)s)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=-1)
    p.add_argument("--agent", default="policy", help="the agent measured (default: %(default)s)")
    p.add_argument("--write", action="store_true",
                   help="store the result: the game's policy.json for policy, else its strong.json")
    args = p.parse_args(argv)
    try:
        if args.game not in brux.list_games():
            raise SimsError(f"unknown game {args.game!r}; known games: {', '.join(brux.list_games())}")
        record = measure(args.game, args.players, args.games, agent=args.agent, seed=args.seed, jobs=args.jobs,
                         progress=True)
    except (SimsError, ValueError) as e:
        p.exit(2, f"brux: error: {e}\n")
    print(describe(record, args.players))
    if args.write:
        folder = Path(get_rules(args.game).hooks.__file__).parents[1]
        if record["agent"] == "policy":
            path = folder / POLICY_FILE
            policyfile.write_strength(path, args.players, record)
        else:
            path = folder / strongfile.STRONG_FILE
            strongfile.write(path, args.players, record)
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
