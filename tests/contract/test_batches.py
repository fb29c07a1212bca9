"""Batches of every game: result arrays, determinism, chunking, all-random play and step-by-step play."""

import numpy as np
import pytest

from brux.agents import make_agents
from brux.core.rng import GOLDEN, MASK64, derive_py, game_seed, mix_py

DTYPES = {"seed": np.int64, "vp": np.int32, "rank": np.int8, "win_share": np.float64, "vp_by_source": np.int32,
          "opening": np.int16, "length": np.int32}
N, FIRST, MASTER = 24, 5, 4321


@pytest.fixture(scope="module")
def batches(case):
    """play_random and play (all random; and every other agent, if any) of the same games."""
    game = case.game
    out = {"play_random": game.play_random(N, master_seed=MASTER, first_index=FIRST),
           "play random": game.play(N, master_seed=MASTER, first_index=FIRST, agents="random")}
    if case.agents:
        lineup = [case.agents[p % len(case.agents)] for p in range(game.players)]
        out["play agents"] = game.play(N, master_seed=MASTER, first_index=FIRST, agents=lineup)
    return out


def test_batch_arrays(case, batches):
    game = case.game
    n, s = game.players, len(game.vp_sources)
    shapes = {"seed": (N,), "vp": (N, n), "rank": (N, n), "win_share": (N, n), "vp_by_source": (N, n, s),
              "length": (N,)}
    labels = game.opening_labels()
    for how, out in batches.items():
        assert set(DTYPES) <= set(out), how
        for key, dtype in DTYPES.items():
            assert out[key].dtype == dtype, (how, key)
            if key in shapes:
                assert out[key].shape == shapes[key], (how, key)
        assert out["opening"].ndim == 3 and out["opening"].shape[:2] == (N, n)
        assert ((out["opening"] >= -1) & (out["opening"] < len(labels))).all()
        assert out["seed"].tolist() == [game_seed(MASTER, FIRST + i) for i in range(N)]
        assert (out["vp_by_source"].sum(axis=2) == out["vp"]).all()
        assert (out["length"] > 0).all()
        assert ((out["rank"] >= 1) & (out["rank"] <= n)).all()
        assert np.allclose(out["win_share"].sum(axis=1), 1.0)
        for g in range(N):
            vp, rank = out["vp"][g], out["rank"][g]
            firsts = int((rank == 1).sum())
            assert firsts >= 1
            assert out["win_share"][g].tolist() == [1.0 / firsts if r == 1 else 0.0 for r in rank]
            for a in range(n):
                assert rank[a] == 1 + int((rank < rank[a]).sum())
                assert all(rank[a] < rank[b] for b in range(n) if vp[a] > vp[b])
        if "decisions" in out:
            assert out["decisions"].shape == (N, n)
            assert (out["decisions"].sum(axis=1) == out["length"]).all()


def test_all_random_play_is_play_random(batches):
    a, b = batches["play_random"], batches["play random"]
    for key in a:
        assert np.array_equal(a[key], b[key]) and a[key].dtype == b[key].dtype, key


def test_determinism_and_chunking(case, batches):
    game = case.game
    k = 7
    for how, out in batches.items():
        if how == "play_random":
            def run(count, first):
                return game.play_random(count, master_seed=MASTER, first_index=first)
        else:
            lineup = "random" if how == "play random" else [case.agents[p % len(case.agents)]
                                                            for p in range(game.players)]

            def run(count, first, lineup=lineup):
                return game.play(count, master_seed=MASTER, first_index=first, agents=lineup)
        again, head, tail = run(N, FIRST), run(k, FIRST), run(N - k, FIRST + k)
        for key in out:
            assert np.array_equal(again[key], out[key]), (how, key)
            assert np.array_equal(np.concatenate([head[key], tail[key]]), out[key]), (how, key)
    other = game.play_random(N, master_seed=MASTER + 1, first_index=FIRST)
    assert not np.array_equal(other["seed"], batches["play_random"]["seed"])


class RandomAgent:
    """The random agent as documented (docs/design.md "Randomness"): seat p of the game with seed g draws from the
    stream with key derive(g, 1 + p) and counter 1, 2, ...; it plays legal[randbelow(len(legal))]."""

    def __init__(self, seed: int, seat: int) -> None:
        self.key = derive_py(seed, 1 + seat)
        self.counter = 0

    def choose(self, state) -> int:
        legal = state.legal_actions()
        self.counter += 1
        x = mix_py((self.key + self.counter * GOLDEN) & MASK64)
        return legal[((x >> 32) * len(legal)) >> 32]


def test_step_by_step_play_is_the_batch(case, batches):
    """Agents playing through the State API, seat p from its stream of the game seed, make the batch's games."""
    game = case.game
    lineups = {"play random": None}
    if case.agents:
        lineups["play agents"] = [case.agents[p % len(case.agents)] for p in range(game.players)]
    for how, lineup in lineups.items():
        out = batches[how]
        for g in (0, N // 2, N - 1):
            seed = int(out["seed"][g])
            state = game.new_initial_state(seed=seed)
            if lineup is None:  # the documented stream by hand, then the library's random agent
                agents = [RandomAgent(seed, p) for p in range(game.players)]
                library = make_agents(game, ["random"] * game.players, seed)
            else:
                agents = library = make_agents(game, lineup, seed)
            while not state.is_terminal():
                chosen = agents[state.current_player()].choose(state)
                if library is not agents:
                    assert library[state.current_player()].choose(state) == chosen
                state.apply_action(chosen)
            result = state.result()
            assert out["vp"][g].tolist() == [r["vp"] for r in result], how
            assert out["rank"][g].tolist() == [r["rank"] for r in result], how
            assert out["win_share"][g].tolist() == [r["win_share"] for r in result], how
            assert out["vp_by_source"][g].tolist() == [list(r["vp_by_source"].values()) for r in result], how
            assert int(out["length"][g]) == len(state.history), how
