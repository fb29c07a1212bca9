"""The measurements of the benchmark suite; each returns rows of a results table."""

import random
import sys
import tempfile
import time

import numpy as np

import brux
from benchmarks.timing import Sample, cpu_rate, python, repeat, run_process

Row = dict[str, object]


def random_throughput(cases: list[tuple[str, int]], games: int, repeats: int) -> list[Row]:
    """Uniformly random games and decisions (taken by players) per CPU second on one core (after compilation), for
    every (game, players) case, measured side by side: each of the `repeats` rounds times every case once, so a
    change of the machine's load falls on all of them alike."""
    loaded = {case: brux.load_game(case[0], players=case[1]) for case in cases}
    for game in loaded.values():
        game.play_random(10)
    per_game: dict[tuple[str, int], list[float]] = {case: [] for case in cases}
    decisions: dict[tuple[str, int], int] = {}

    for round_ in range(repeats):
        for case, game in loaded.items():
            def run(game=game, case=case) -> int:
                decisions[case] = int(game.play_random(games, master_seed=1)["length"].sum())
                return games

            per_game[case].append(cpu_rate(run))
        print(f"random play: round {round_ + 1} of {repeats} measured ({len(cases)} cases)", file=sys.stderr,
              flush=True)
    rows: list[Row] = []
    for (name, players), rates in per_game.items():
        games_s = Sample(rates)
        decisions_s = Sample([rate * decisions[(name, players)] / games for rate in rates])
        rows += [{"benchmark": "random games/s (1 core)", "game": name, "players": players,
                  "median": games_s.median, "range": games_s.spread(), "unit": "games/s"},
                 {"benchmark": "random decisions/s (1 core)", "game": name, "players": players,
                  "median": decisions_s.median, "range": decisions_s.spread(), "unit": "decisions/s"}]
    return rows


def random_ratio(rows: list[Row], game_name: str, base_name: str) -> list[Row]:
    """Random decisions/s of one game as a fraction of another's at each player count both were measured at."""
    rates = {(r["game"], r["players"]): float(r["median"]) for r in rows  # type: ignore[arg-type]
             if r["benchmark"] == "random decisions/s (1 core)"}
    return [{"benchmark": f"random decisions/s ÷ {base_name}", "game": game_name, "players": p,
             "median": rates[(game_name, p)] / rates[(base_name, p)], "range": "", "unit": "×"}
            for (g, p) in sorted(rates) if g == game_name and (base_name, p) in rates]


def compile_times(game_name: str, players: int, repeats: int) -> list[Row]:
    """Cold compile (empty Numba cache) and warm start (cache present) of a fresh process running 10 games."""
    code = f"import brux; brux.load_game({game_name!r}, players={players}).play_random(10)"
    cold, warm = [], []
    for _ in range(repeats):
        with tempfile.TemporaryDirectory() as cache:
            env = {"NUMBA_CACHE_DIR": cache}
            cold.append(run_process(python(code), env).wall)
            warm.append(run_process(python(code), env).wall)
    rows = []
    for name, values in (("cold compile + 10 games", cold), ("warm start + 10 games", warm)):
        s = sorted(values)
        rows.append({"benchmark": name, "game": game_name, "players": players, "median": s[len(s) // 2],
                     "range": f"{s[0]:.3g}–{s[-1]:.3g}", "unit": "s (whole process)"})
    return rows


def reference_ratio(players: int, games: int, repeats: int) -> Row:
    """Kernel vs pure-Python reference engine replaying the same random games (decisions per second ratio)."""
    from brux.games.bruxelles1897.kernel.engine import replay_batch
    from brux.games.bruxelles1897.reference import ReferenceGame

    game = brux.load_game("bruxelles1897", players=players)
    rnd = random.Random(5)
    seeds, names, ids, starts = [], [], [], [0]
    for seed in range(games):
        state = game.new_initial_state(seed=seed)
        game_names = []
        while not state.is_terminal():
            a = rnd.choice(state.legal_actions())
            game_names.append(state.action_to_string(a))
            ids.append(a)
            state.apply_action(a)
        seeds.append(seed)
        names.append(game_names)
        starts.append(len(ids))
    seeds_a, ids_a, starts_a = np.array(seeds, np.int64), np.array(ids, np.int64), np.array(starts, np.int64)
    replay_batch(game.flat, seeds_a[:1], ids_a, starts_a[:2])
    ref_game = ReferenceGame(players, game.params)

    def reference() -> float:
        t = time.process_time()
        for seed, game_names in zip(seeds, names):
            state = ref_game.new_initial_state(seed)
            for name in game_names:
                state.apply_action(name)
        return len(ids) / (time.process_time() - t)

    def kernel() -> float:
        t = time.process_time()
        replay_batch(game.flat, seeds_a, ids_a, starts_a)
        return len(ids) / (time.process_time() - t)

    ref = repeat(reference, repeats)
    ker = repeat(kernel, repeats)
    return {"benchmark": "kernel / reference speed (same games)", "game": "bruxelles1897", "players": players,
            "median": ker.median / ref.median, "range": f"kernel {ker.median:,.0f} vs reference {ref.median:,.0f}",
            "unit": "× (decisions/s ratio)"}


def run_scaling(game_name: str, players: int, games: int, repeats: int) -> list[Row]:
    """Wall time of `brux run` with 1 and 2 jobs (fresh processes, compiled cache present), and the speed-up.

    Each run includes its process start-up (about 0.8 s: imports and loading the compiled kernels), which only the
    playing part shares between jobs; 3 M games (about 30 s on one core) keep it a small part of the figure.
    """
    import sys

    def wall(jobs: int) -> float:
        with tempfile.TemporaryDirectory() as out:
            args = [sys.executable, "-m", "sims.cli", "run", game_name, "--players", str(players), "--games",
                    str(games), "--jobs", str(jobs), "--seed", "1", "--out", out, "--quiet"]
            return run_process(args).wall

    wall(1)  # the compiled cache is present from here on
    one = repeat(lambda: wall(1), repeats)
    two = repeat(lambda: wall(2), repeats)
    return [
        {"benchmark": f"brux run {games:,} games, 1 job", "game": game_name, "players": players,
         "median": one.median, "range": one.spread(), "unit": "s wall"},
        {"benchmark": f"brux run {games:,} games, 2 jobs", "game": game_name, "players": players,
         "median": two.median, "range": two.spread(), "unit": "s wall"},
        {"benchmark": "1 → 2 jobs speed-up", "game": game_name, "players": players,
         "median": one.median / two.median, "range": "", "unit": "×"},
    ]


def run_memory(game_name: str, players: int, games: int) -> Row:
    """Peak resident memory of the largest process of a `brux run` (results streamed chunk by chunk)."""
    import sys

    with tempfile.TemporaryDirectory() as out:
        args = [sys.executable, "-m", "sims.cli", "run", game_name, "--players", str(players), "--games", str(games),
                "--jobs", "2", "--seed", "1", "--out", out, "--quiet"]
        proc = run_process(args)
    return {"benchmark": f"peak RSS, brux run {games:,} games, 2 jobs", "game": game_name, "players": players,
            "median": proc.max_rss_mb, "range": f"{proc.wall:.0f} s wall", "unit": "MB (largest process)"}


def agent_throughput(game_name: str, players: int, spec: str, games: int, repeats: int) -> list[Row]:
    """Games and decisions per CPU second on one core with every seat played by agent `spec`."""
    game = brux.load_game(game_name, players=players)
    game.play(1, agents=spec)
    rates = []
    for r in range(repeats):
        t = time.process_time()
        out = game.play(games, master_seed=100 + r, agents=spec)
        dt = time.process_time() - t
        rates.append((games / dt, float(out["decisions"].sum()) / dt))
    g = sorted(x[0] for x in rates)
    d = sorted(x[1] for x in rates)
    return [
        {"benchmark": f"{spec} games/s (1 core)", "game": game_name, "players": players, "median": g[len(g) // 2],
         "range": f"{g[0]:.3g}–{g[-1]:.3g}", "unit": "games/s"},
        {"benchmark": f"{spec} decisions/s (1 core)", "game": game_name, "players": players,
         "median": d[len(d) // 2], "range": f"{d[0]:.3g}–{d[-1]:.3g}", "unit": "decisions/s"},
    ]


def agent_rows(names: list[str], specs: list[str], repeats: int, seconds: float = 2.0) -> list[Row]:
    """`agent_throughput` of each agent spec in each game at 3 players, each repeat about `seconds` of CPU (the
    games per repeat set from one timed game after the compiling one)."""
    rows: list[Row] = []
    for name in names:
        game = brux.load_game(name, players=3)
        for spec in specs:
            game.play(1, agents=spec)
            t = time.process_time()
            game.play(1, master_seed=99, agents=spec)
            games = max(1, round(seconds / max(time.process_time() - t, 1e-6)))
            rows += agent_throughput(name, 3, spec, games, repeats)
    return rows


def vector_env_throughput(game_name: str, players: int, n: int, calls: int, repeats: int) -> list[Row]:
    """Steps per CPU second of `brux.VectorEnv` on one core, and of the State API for comparison.

    Vector env: `env.step(env.random_actions())` with n games per call, `calls` calls: each step applies one action
    per game and computes the new observations (float32), legal masks, rewards and automatic resets; the random
    legal actions are drawn in one kernel call too. State API: `state.apply_action` with a uniformly random legal
    action (`random.choice(state.legal_actions())`), a new game at each end, no observation.
    """
    game = brux.load_game(game_name, players=players)
    env = brux.VectorEnv(game, n, master_seed=1)
    env.reset()
    env.step(env.random_actions())  # compiled

    def vector() -> float:
        t = time.process_time()
        for _ in range(calls):
            env.step(env.random_actions())
        return calls * n / (time.process_time() - t)

    def state_api() -> float:
        rnd, state, steps = random.Random(1), game.new_initial_state(seed=1), 0
        t = time.process_time()
        while steps < 20_000:
            state.apply_action(rnd.choice(state.legal_actions()))
            steps += 1
            if state.is_terminal():
                state = game.new_initial_state(seed=steps)
        return steps / (time.process_time() - t)

    vec, api = repeat(vector, repeats), repeat(state_api, repeats)
    return [
        {"benchmark": f"vector env steps/s, N={n}, with observations (1 core)", "game": game_name,
         "players": players, "median": vec.median, "range": vec.spread(), "unit": "steps/s"},
        {"benchmark": "State API steps/s, apply_action (1 core)", "game": game_name, "players": players,
         "median": api.median, "range": api.spread(), "unit": "steps/s"},
    ]


def forced_throughput(game_name: str, players: int, deals: int, repeats: int) -> list[Row]:
    """Forced-opening playouts (`brux openings`, random line-up, every seat) per CPU second on one core, against
    plain random games of the same game (`Game.play_random`), and the ratio."""
    from sims.chunks import Chunk
    from sims.openings import forced_spec

    spec = forced_spec(game_name, players, "random", deals, seed=1)
    spec.warm_up()
    game = brux.load_game(game_name, players=players)
    game.play_random(10)
    forced = repeat(lambda: cpu_rate(lambda: spec.play_chunk(Chunk(0, 0, deals)).height), repeats)
    plain = repeat(lambda: cpu_rate(lambda: game.play_random(20_000, master_seed=1)["length"].size), repeats)
    return [{"benchmark": "forced-opening playouts/s, random (1 core)", "game": game_name, "players": players,
             "median": forced.median, "range": forced.spread(), "unit": "playouts/s"},
            {"benchmark": "random games/s ÷ forced-opening playouts/s", "game": game_name, "players": players,
             "median": plain.median / forced.median, "range": f"random {plain.median:,.0f} games/s", "unit": "×"}]


def report_times(game_name: str, players: int, games_list: list[int], repeats: int) -> list[Row]:
    """Wall time (median of fresh `brux report` processes) and peak resident memory of the report of a results
    folder, per folder size; each folder is played first by `brux run` (not timed)."""
    import os
    import sys

    rows = []
    for games in games_list:
        with tempfile.TemporaryDirectory() as tmp:
            folder = os.path.join(tmp, "results")
            run_process([sys.executable, "-m", "sims.cli", "run", game_name, "--players", str(players), "--games",
                         str(games), "--seed", "1", "--out", folder, "--quiet", "--yes"])
            runs = [run_process([sys.executable, "-m", "sims.cli", "report", folder, "--out",
                                 os.path.join(tmp, "report.html")]) for _ in range(repeats)]
        wall, peak = Sample([r.wall for r in runs]), max(r.max_rss_mb for r in runs)
        rows.append({"benchmark": f"brux report, {games:,} games", "game": game_name, "players": players,
                     "median": wall.median, "range": wall.spread(), "unit": "s wall"})
        rows.append({"benchmark": f"peak RSS, brux report {games:,} games", "game": game_name, "players": players,
                     "median": peak, "range": f"largest of {repeats} runs", "unit": "MB"})
    return rows
