"""`python -m benchmarks.ladder`: each game's agent ladder as a Plackett–Luce rating table with CPU time per decision.

A ladder lists a game's agents from weakest to strongest (`LADDERS`, one per game and player count). They play
tournaments of every `players` neighbours on the list and of every agent with the agents two to `players` places
above it (all seat orders, the same game seeds for every seat order); the finishing orders of all games give
Plackett–Luce ratings relative to the first agent with 95 % bootstrap intervals over games (`brux.agents.ratings`).
CPU time per decision: self-play of copies of each agent (one core, after compilation), process CPU time over the
decisions the agents took.

    python -m benchmarks.ladder                           # every game's ladder, 10 games per seat order
    python -m benchmarks.ladder --game lutece --players 4 # one ladder
    python -m benchmarks.ladder --write                   # also replace each table in docs/agents.md
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

import brux
from brux.agents import split_lineup, tournament
from brux.agents.ratings import game_rankings, rate
from brux.agents.tournament import cpu_per_decision

LADDERS: dict[tuple[str, int], tuple[str, ...]] = {
    ("bruxelles1897", 3): ("random", "greedy", "heuristic:collector", "heuristic:balanced", "flatmc:n=20",
                           "mcts:iters=200", "mcts:iters=500", "mcts:iters=1000", "vmcts", "policy"),
    ("bruxelles1893", 3): ("random", "heuristic:merchant", "greedy", "heuristic:builder", "heuristic:value",
                           "vmcts", "policy"),
    ("lutece", 3): ("random", "greedy", "heuristic:fortune", "heuristic:prestige", "heuristic:majorities",
                    "heuristic:value", "vmcts", "policy", "heuristic:value,samples=2", "vmcts:finish=1"),
    ("lutece", 4): ("random", "greedy", "heuristic:fortune", "heuristic:prestige", "heuristic:majorities",
                    "heuristic:value", "vmcts", "policy", "heuristic:value,samples=2", "vmcts:finish=1"),
    ("prestige", 3): ("random", "heuristic:decorator", "heuristic:builder", "heuristic:landlord", "greedy",
                      "heuristic:value", "policy", "vmcts"),
}
DOC = Path(__file__).resolve().parent.parent / "docs" / "agents.md"


def markers(game: str, players: int) -> tuple[str, str]:
    """The comments around a ladder's table in docs/agents.md."""
    return f"<!-- ladder {game} {players}p:start -->", f"<!-- ladder {game} {players}p:end -->"


def tables(agents: Sequence[str], players: int = 3) -> list[tuple[str, ...]]:
    """The line-ups: `players` neighbours on the list, and each agent with the agents two to `players` places above."""
    n = len(agents)
    near = {tuple(range(i, i + players)) for i in range(n - players + 1)}
    far = {(i, *range(i + 2, i + players + 1)) for i in range(n - players)}
    return [tuple(agents[j] for j in t) for t in sorted(near | far)]


def command(game_name: str, players: int, games: int, default_agents: bool, cpu_seconds: float = 1.0) -> str:
    """The command that makes one ladder's section."""
    args = f" --game {game_name} --players {players}"
    if not default_agents:
        args += " --agents ..."
    if games != 10:
        args += f" --games {games}"
    if cpu_seconds != 1.0:
        args += f" --cpu-seconds {cpu_seconds:g}"
    return f"python -m benchmarks.ladder{args} --write"


def ladder(game_name: str, players: int, agents: Sequence[str], games: int, cpu_seconds: float, seed: int,
           reps: int, made_by: str) -> str:
    """Play the ladder's tournaments and measure the agents; returns the Markdown section with its markers."""
    game = brux.load_game(game_name, players=players)
    specs = [game.parse_agents(a)[0] for a in agents]
    rankings: list[list[int]] = []
    lines = []
    per_table = math.factorial(players) * games
    for k, lineup in enumerate(tables(specs, players)):
        res = tournament(game, list(lineup), games, master_seed=seed, first_index=k * games)
        rankings += game_rankings(res, specs)
        shares = ", ".join(f"`{a}` {res['agents'][a]['win_share']:.3f}" for a in lineup)
        lines.append(f"| {', '.join(f'`{a}`' for a in lineup)} | {per_table} | {shares} |")
        print(f"{game_name} {players}p table {k + 1}: {lineup} done", file=sys.stderr)
    est, lo, hi = rate(len(specs), rankings, reference=0, reps=reps, seed=seed)
    rows = []
    for i, spec in enumerate(specs):
        per, decisions = cpu_per_decision(game, spec, cpu_seconds)
        rows.append(f"| `{spec}` | {est[i]:+.2f} | [{lo[i]:+.2f}, {hi[i]:+.2f}] | {1e3 * per:.4g} | {decisions:,} |")
        print(f"{spec}: {1e3 * per:.4g} ms per decision", file=sys.stderr)
    order = np.argsort(-est, kind="stable")
    head = (f"{game_name}, {players} players: {len(rankings):,} games ({games} per seat order of each table, master "
            f"seed {seed}); rating = Plackett–Luce log strength relative to `{specs[0]}` with a 95 % bootstrap "
            f"interval ({reps} resamples of the games); CPU = one core, self-play of {players} copies. Made by "
            f"`{made_by}`.")
    start, end = markers(game_name, players)
    return "\n".join([
        start, head, "",
        "| agent | rating | 95 % interval | CPU ms / decision | decisions timed |", "|---|---|---|---|---|",
        *(rows[i] for i in order), "",
        "| table (all seat orders) | games | win share |", "|---|---|---|", *lines, end])


def selected(game: str | None, players: int | None, agents: str | None) -> list[tuple[str, int, list[str]]]:
    """The ladders to play: (game, players, agents); ValueError for a combination without a ladder."""
    if agents is not None:
        if game is None:
            raise ValueError("--agents needs --game (one game's ladder)")
        names = split_lineup(agents)
        n = players or 3
        if len(names) < n:
            raise ValueError(f"the ladder needs at least {n} agents (one per seat), got {len(names)}")
        return [(game, n, names)]
    keys = [k for k in LADDERS if (game is None or k[0] == game) and (players is None or k[1] == players)]
    if not keys:
        known = ", ".join(f"{g} ({p} players)" for g, p in LADDERS)
        raise ValueError(f"no ladder for {game or 'any game'}{f' at {players} players' if players else ''}; "
                         f"ladders: {known} (or give --agents)")
    return [(g, p, list(LADDERS[g, p])) for g, p in keys]


def write(sections: Sequence[tuple[str, int, str]], doc: Path) -> None:
    """Replace each ladder's section between its markers in `doc`; ValueError if a marker is missing."""
    text = doc.read_text()
    for game, players, section in sections:
        start, end = markers(game, players)
        if start not in text or end not in text:
            raise ValueError(f"{doc} has no {start} ... {end} section")
        text = re.sub(re.escape(start) + ".*?" + re.escape(end), lambda _, s=section: s, text, flags=re.S)
    doc.write_text(text)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.ladder", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", help="one game (default: every game with a ladder)")
    p.add_argument("--players", type=int, help="one player count (default: each of the game's ladders)")
    p.add_argument("--agents", metavar="A,B,...", help="weakest first (default: the game's ladder, LADDERS)")
    p.add_argument("--games", type=int, default=10, metavar="N", help="games per seat order (default: %(default)s)")
    p.add_argument("--cpu-seconds", type=float, default=1.0, metavar="S",
                   help="CPU time to measure each agent for, at least (default: %(default)s)")
    p.add_argument("--reps", type=int, default=200, metavar="N", help="bootstrap resamples (default: %(default)s)")
    p.add_argument("--seed", type=int, default=1, metavar="S", help="master seed (default: %(default)s)")
    p.add_argument("--write", action="store_true", help=f"replace each table between its markers in {DOC.name}")
    args = p.parse_args(argv)
    try:
        if args.games < 1:
            raise ValueError(f"--games must be at least 1, got {args.games}")
        if args.players is not None and args.players < 2:
            raise ValueError(f"--players must be at least 2, got {args.players}")
        todo = selected(args.game, args.players, args.agents)
        sections = []
        for game, players, agents in todo:
            made_by = command(game, players, args.games, args.agents is None, args.cpu_seconds)
            section = ladder(game, players, agents, args.games, args.cpu_seconds, args.seed, args.reps, made_by)
            print(section)
            sections.append((game, players, section))
        if args.write:
            write(sections, DOC)
            print(f"written: {DOC}", file=sys.stderr)
    except ValueError as e:
        p.exit(2, f"brux: error: {e}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
