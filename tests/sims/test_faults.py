"""A run killed mid-way and re-run ends with exactly the requested games: no duplicates, no gaps."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import polars as pl

from sims.cli import main

ROOT = Path(__file__).resolve().parents[2]
GAMES = 100_000
CHUNK = 1000


def test_killed_run_resumes_to_exactly_the_requested_games(tmp_path, game_name, game3):
    out = tmp_path / "r"
    cmd = [sys.executable, "-m", "sims.cli", "run", game_name, "--players", "3", "--games", str(GAMES),
           "--seed", "5", "--chunk-size", str(CHUNK), "--jobs", "2", "--out", str(out), "--quiet"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while not list(out.glob("chunk-*.parquet")):
            assert proc.poll() is None, proc.stderr.read().decode()
            assert time.monotonic() < deadline, "no chunk file appeared"
            time.sleep(0.005)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # the run and its worker processes
        proc.wait()
    finished = len(list(out.glob("chunk-*.parquet")))
    assert 1 <= finished < GAMES // CHUNK, "the run was not interrupted"

    assert main(["run", game_name, "--players", "3", "--games", str(GAMES), "--seed", "5", "--chunk-size",
                 str(CHUNK), "--jobs", "2", "--out", str(out), "--quiet"]) == 0
    assert len(list(out.glob("chunk-*.parquet"))) == GAMES // CHUNK
    assert not [p for p in out.iterdir() if p.name.startswith(".")]
    df = pl.scan_parquet(str(out / "chunk-*.parquet")).select("game_id", "seat", "vp").collect()
    assert df.height == 3 * GAMES
    ids = df["game_id"].to_numpy()
    assert np.array_equal(np.sort(ids[::3]), np.arange(GAMES)) and np.array_equal(ids, np.repeat(np.arange(GAMES), 3))
    assert np.array_equal(df["vp"].to_numpy().reshape(GAMES, 3), game3.play_random(GAMES, 5, 0)["vp"])
