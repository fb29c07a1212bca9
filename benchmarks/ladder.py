"""`python -m benchmarks.ladder`: the agent ladder of a game as a Plackett–Luce rating table with CPU time per decision.

The agents, listed from weakest to strongest, play 3-player tournaments of every three neighbours on the list and
of every agent with the agents two and three places above it (all seat orders, the same game seeds for every seat
order); the finishing orders of all games give Plackett–Luce ratings relative to the first agent with 95 %
bootstrap intervals over games (`brux.agents.ratings`). CPU time per decision: self-play of three copies of each
agent (one core, after compilation), process CPU time over the decisions the agents took.

    python -m benchmarks.ladder                     # a few minutes: 10 games per seat order
    python -m benchmarks.ladder --games 100         # a larger run
    python -m benchmarks.ladder --write             # also replace the table in docs/agents.md
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

import brux
from brux.agents import tournament
from brux.agents.ratings import game_rankings, rate

LADDER = ("random", "greedy", "heuristic:collector", "heuristic:balanced", "flatmc:n=20", "mcts:iters=200",
          "mcts:iters=500", "mcts:iters=1000", "vmcts")
DOC = Path(__file__).resolve().parent.parent / "docs" / "agents.md"
START, END = "<!-- ladder:start -->", "<!-- ladder:end -->"


def tables(agents: Sequence[str]) -> list[tuple[str, str, str]]:
    """The line-up triples: neighbours on the list, and each agent with the agents two and three places above."""
    n = len(agents)
    triples = {(i, i + 1, i + 2) for i in range(n - 2)} | {(i, i + 2, i + 3) for i in range(n - 3)}
    return [tuple(agents[j] for j in t) for t in sorted(triples)]


def cpu_per_decision(game: brux.Game, spec: str, min_seconds: float) -> tuple[float, int]:
    """CPU seconds per decision of `spec` in self-play (every seat), over at least `min_seconds` of CPU."""
    game.play(1, master_seed=99, agents=spec)  # compile
    games, cpu, decisions, first = 1, 0.0, 0, 0
    while cpu < min_seconds:
        t = time.process_time()
        res = game.play(games, master_seed=7, first_index=first, agents=spec)
        cpu += time.process_time() - t
        decisions += int(res["decisions"].sum())
        first += games
        games *= 2
    return cpu / decisions, decisions


def ladder(game_name: str, agents: Sequence[str], games: int, cpu_seconds: float, seed: int,
           reps: int) -> str:
    """Play the ladder's tournaments and measure the agents; returns the Markdown section."""
    game = brux.load_game(game_name, players=3)
    specs = [game.parse_agents(a)[0] for a in agents]
    rankings: list[list[int]] = []
    lines = []
    for k, triple in enumerate(tables(specs)):
        res = tournament(game, list(triple), games, master_seed=seed, first_index=k * games)
        rankings += game_rankings(res, specs)
        shares = ", ".join(f"`{a}` {res['agents'][a]['win_share']:.3f}" for a in triple)
        lines.append(f"| {', '.join(f'`{a}`' for a in triple)} | {6 * games} | {shares} |")
        print(f"table {k + 1}: {triple} done", file=sys.stderr)
    est, lo, hi = rate(len(specs), rankings, reference=0, reps=reps, seed=seed)
    rows = []
    for i, spec in enumerate(specs):
        per, decisions = cpu_per_decision(game, spec, cpu_seconds)
        rows.append(f"| `{spec}` | {est[i]:+.2f} | [{lo[i]:+.2f}, {hi[i]:+.2f}] | {1e3 * per:.4g} | {decisions:,} |")
        print(f"{spec}: {1e3 * per:.4g} ms per decision", file=sys.stderr)
    order = np.argsort(-est, kind="stable")
    head = (f"{game_name}, 3 players: {len(rankings):,} games ({games} per seat order of each table, master seed "
            f"{seed}); rating = Plackett–Luce log strength relative to `{specs[0]}` with a 95 % bootstrap interval "
            f"({reps} resamples of the games); CPU = one core, self-play of three copies. Made by "
            f"`python -m benchmarks.ladder{'' if games == 10 else f' --games {games}'} --write`.")
    return "\n".join([
        START, head, "",
        "| agent | rating | 95 % interval | CPU ms / decision | decisions timed |", "|---|---|---|---|---|",
        *(rows[i] for i in order), "",
        "| table (all seat orders) | games | win share |", "|---|---|---|", *lines, END])


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.ladder", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="bruxelles1897")
    p.add_argument("--agents", default=",".join(LADDER), metavar="A,B,...", help="weakest first (default: %(default)s)")
    p.add_argument("--games", type=int, default=10, metavar="N", help="games per seat order (default: %(default)s)")
    p.add_argument("--cpu-seconds", type=float, default=1.0, metavar="S",
                   help="CPU time to measure each agent for, at least (default: %(default)s)")
    p.add_argument("--reps", type=int, default=200, metavar="N", help="bootstrap resamples (default: %(default)s)")
    p.add_argument("--seed", type=int, default=1, metavar="S", help="master seed (default: %(default)s)")
    p.add_argument("--write", action="store_true", help=f"replace the table between the markers in {DOC.name}")
    args = p.parse_args(argv)
    from brux.agents import split_lineup

    agents = split_lineup(args.agents)
    if len(agents) < 3 or args.games < 1:
        p.exit(2, "brux: error: the ladder needs at least 3 agents and --games >= 1\n")
    try:
        section = ladder(args.game, agents, args.games, args.cpu_seconds, args.seed, args.reps)
    except ValueError as e:
        p.exit(2, f"brux: error: {e}\n")
    print(section)
    if args.write:
        text = DOC.read_text()
        if START not in text or END not in text:
            p.exit(2, f"brux: error: {DOC} has no {START} ... {END} section\n")
        DOC.write_text(re.sub(re.escape(START) + ".*?" + re.escape(END), lambda _: section, text, flags=re.S))
        print(f"written: {DOC}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
