"""The kernel batch of uniformly random games: same arrays as Bruxelles 1897, same games as step-by-step play with
the documented agent streams, openings, and Lutèce through `sims` and `analysis` with no game-specific code."""

import numpy as np
import pytest

import brux
from brux.core.rng import GOLDEN, MASK64, derive_py, game_seed, mix_py


class StreamAgent:
    """Uniform choice among the legal actions from stream 1 + seat of the game seed (docs section 1)."""

    def __init__(self, seed, seat):
        self.key = derive_py(seed, 1 + seat)
        self.counter = 0

    def choose(self, legal):
        self.counter += 1
        x = mix_py((self.key + self.counter * GOLDEN) & MASK64) >> 32
        return legal[(x * len(legal)) >> 32]


def replay_batch_game(game, seed):
    """Play the batch's game `seed` step by step; returns the state and each seat's round-1 play."""
    state = game.new_initial_state(seed=seed)
    agents = [StreamAgent(seed, p) for p in range(game.players)]
    opening = {p: {"cards": None, "bribes": []} for p in range(game.players)}
    while not state.is_terminal():
        p = state.current_player()
        round1 = state.to_dict()["round"] == 1
        a = agents[p].choose(state.legal_actions())
        name = state.action_to_string(a)
        state.apply_action(a)
        if round1 and name.startswith("PLAY "):
            opening[p]["cards"] = name[5:]
        elif round1 and name.startswith("BRIBE "):
            opening[p]["bribes"].append(int(name[6:]))
    return state, opening


def opening_label(play):
    bids = [h for h in play["cards"].split("+") if h != "$"]
    bribes = (play["bribes"] + [0, 0])[: len(bids)]  # a bribe with a single option (0) is automatic

    def value(b):
        return "15+" if b >= 15 else str(b)

    return "bribe -" if not bids else "bribe " + "/".join(value(b) for b in bribes)


@pytest.mark.parametrize("players,overrides", [(2, {}), (3, {}), (4, {"pair_rule": "any_two"}), (5, {}),
                                               (3, {"bribe_cap": 1, "start_coins": 0})])
def test_batch_equals_step_by_step_play(players, overrides):
    game = brux.load_game("lutece", players=players, **overrides)
    out = game.play_random(12, master_seed=42, first_index=100)
    labels = game.opening_labels()
    for g in range(12):
        seed = int(out["seed"][g])
        assert seed == game_seed(42, 100 + g)
        state, opening = replay_batch_game(game, seed)
        result = state.result()
        assert [r["vp"] for r in result] == out["vp"][g].tolist()
        assert [r["rank"] for r in result] == out["rank"][g].tolist()
        assert [r["win_share"] for r in result] == out["win_share"][g].tolist()
        assert [list(r["vp_by_source"].values()) for r in result] == out["vp_by_source"][g].tolist()
        assert len(state.history) == out["length"][g]
        for p in range(players):
            assert labels[out["opening"][g, p, 0]] == opening[p]["cards"]
            assert labels[out["opening"][g, p, 1]] == opening_label(opening[p])


def test_batch_arrays_match_bruxelles1897():
    """Same keys, dtypes and shapes (per game, per seat, per source, two openings) as the flagship's batch."""
    flag = brux.load_game("bruxelles1897", players=3).play_random(4, master_seed=1)
    for players in (2, 5):
        game = brux.load_game("lutece", players=players)
        out = game.play_random(4, master_seed=1)
        assert set(out) == set(flag) == {"seed", "vp", "rank", "win_share", "vp_by_source", "opening", "length"}
        for key in out:
            assert out[key].dtype == flag[key].dtype, key
            assert out[key].ndim == flag[key].ndim, key
        assert out["vp"].shape == (4, players) and out["opening"].shape == (4, players, 2)
        assert out["vp_by_source"].shape == (4, players, len(game.vp_sources)) == (4, players, 10)
        assert (out["vp_by_source"].sum(axis=2) == out["vp"]).all()
        assert (out["vp_by_source"] >= 0).all()
        assert np.allclose(out["win_share"].sum(axis=1), 1.0)
        assert (out["opening"] >= 0).all() and (out["opening"] < len(game.opening_labels())).all()


def test_batches_are_reproducible_and_split_freely():
    game = brux.load_game("lutece", players=4)
    whole = game.play_random(30, master_seed=7)
    again = game.play_random(30, master_seed=7)
    parts = [game.play_random(10, master_seed=7, first_index=i) for i in (0, 10, 20)]
    for key in whole:
        assert (whole[key] == again[key]).all()
        assert (np.concatenate([p[key] for p in parts]) == whole[key]).all()
    other = game.play_random(30, master_seed=8)
    assert (other["seed"] != whole["seed"]).all()


def test_opening_labels():
    labels = brux.load_game("lutece", players=3).opening_labels()
    assert labels[0] == "A+A" and labels[10] == "A+$" and labels[65] == "$+$"
    assert labels[66] == "bribe -" and labels[67] == "bribe 0" and labels[82] == "bribe 15+"
    assert labels[83] == "bribe 0/0" and labels[83 + 16 * 2 + 1] == "bribe 2/1" and labels[-1] == "bribe 15+/15+"
    assert len(set(labels)) == len(labels)


def test_sims_and_analysis_run_lutece(tmp_path):
    import analysis
    from sims.run import run
    res = run("lutece", players=4, games=400, seed=3, chunk_size=150, jobs=1, out=tmp_path / "r")
    table = res.table()
    game = brux.load_game("lutece", players=4)
    assert table.height == 1600
    assert [c for c in table.columns if c.startswith("vp_")] == [f"vp_{s}" for s in game.vp_sources]
    direct = game.play_random(400, master_seed=3)
    assert table["vp"].to_numpy().tolist() == direct["vp"].ravel().tolist()
    assert set(table["opening_1"].unique()) <= set(game.opening_labels())
    seats = analysis.seat_balance(table)
    assert seats.height == 4
    sources = analysis.score_sources(table)
    assert sources.height > 0
    openings = analysis.opening_strength(table, depth=2, min_games=5)
    assert openings.height > 0
    assert analysis.game_length(table).height == 1
