"""Agents in play: legal actions only, state untouched, determinism, batch = step-by-step, random = play_random,
agent streams independent of the game's chance stream, no peeking at hidden information."""

import random

import numpy as np
import pytest

import brux
from brux.agents import Agent, choose, make_agents
from brux.games.bruxelles1897 import agents as GA
from brux.games.bruxelles1897.kernel import layout as L
from brux.games.bruxelles1897.testing import redraw_hidden

from . import stepwise

SPECS = ["random", "greedy", "greedy:finish=0,rel=0", "heuristic:builder", "heuristic:collector", "heuristic:noble",
         "heuristic:balanced", "flatmc:n=2", "flatmc:n=2,depth=5", "mcts:iters=40", "mcts:iters=30,depth=6,eval=noble",
         "vmcts:iters=40", "vmcts:iters=30,prune=3", "mcts:iters=20,prune=2", "greedy:eps=0.5",
         "vmcts:iters=20,eps=0.3"]


def load(players=3):
    return brux.load_game("bruxelles1897", players=players)


def random_states(players, seed, every=7):
    """States of a random game, one every `every` decisions."""
    return stepwise.random_states(load(players), seed, every)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_only_legal_actions_and_state_untouched(players):
    for state in random_states(players, seed=players, every=9):
        before = state.array.copy()
        legal = state.legal_actions()
        for spec in SPECS:
            a = choose(state, spec, seed=11)
            assert a in legal, (spec, state.to_dict()["pending"])
            assert np.array_equal(state.array, before), spec


@pytest.mark.parametrize("players", [2, 3, 4])
def test_batch_games_finish_with_valid_results(players):
    game = load(players)
    lineup = (["mcts:iters=20", "greedy", "heuristic:noble", "flatmc:n=1"])[:players]
    res = game.play(3, master_seed=5, agents=lineup)
    assert res["vp"].shape == (3, players)
    assert np.allclose(res["win_share"].sum(axis=1), 1.0)
    assert (res["rank"].min(axis=1) == 1).all()
    assert (res["decisions"].sum(axis=1) == res["length"]).all()


def test_all_random_play_is_play_random():
    for players in (2, 3, 4):
        game = load(players)
        a = game.play_random(300, master_seed=9, first_index=17)
        b = game.play(300, master_seed=9, first_index=17, agents="random")
        for key in a:
            assert np.array_equal(a[key], b[key]), key
            assert a[key].dtype == b[key].dtype, key


def test_deterministic_and_chunk_independent():
    game = load(3)
    lineup = ["mcts:iters=25", "heuristic:collector", "vmcts:iters=30"]
    a = game.play(6, master_seed=3, agents=lineup)
    b = game.play(6, master_seed=3, agents=lineup)
    c1 = game.play(2, master_seed=3, first_index=0, agents=lineup)
    c2 = game.play(4, master_seed=3, first_index=2, agents=lineup)
    for key in a:
        assert np.array_equal(a[key], b[key]), key
        assert np.array_equal(a[key], np.concatenate([c1[key], c2[key]])), key


def test_step_by_step_agents_replay_the_batch():
    game = load(3)
    lineup = ["mcts:iters=15", "vmcts:iters=20,prune=5,eps=0.2", "heuristic:builder,eps=0.3"]
    stepwise.assert_step_by_step_is_the_batch(game, lineup, game.play(2, master_seed=21, agents=lineup))


def test_agent_streams_are_not_the_chance_stream():
    """Same game seed, different line-ups: the same deals; a decision never touches the chance stream."""
    game = load(3)
    lineups = [["random"] * 3, ["greedy", "mcts:iters=20", "heuristic:noble"], ["flatmc:n=1"] * 3]
    views = []
    for lineup in lineups:
        state = game.new_initial_state(seed=77)
        agents = make_agents(game, lineup, 77)
        d = state.to_dict()
        views.append((d["area"], d["decks"]))
        for _ in range(6):  # deciding does not advance the game's chance stream
            key, ctr = state.array[L.G_RNG_KEY], state.array[L.G_RNG_CTR]
            agents[state.current_player()].choose(state)
            assert (state.array[L.G_RNG_KEY], state.array[L.G_RNG_CTR]) == (key, ctr)
            state.apply_action(state.legal_actions()[0])
    assert all(v == views[0] for v in views)
    res = [game.play(20, master_seed=4, agents=lu) for lu in lineups]
    assert all(np.array_equal(r["seed"], res[0]["seed"]) for r in res)


def test_choose_uses_the_given_seed():
    state = load(3).new_initial_state(seed=5)
    picks = {choose(state, "random", seed=s) for s in range(30)}
    assert len(picks) > 1
    assert choose(state, "mcts:iters=50", seed=8) == choose(state, "mcts:iters=50", seed=8)
    with pytest.raises(ValueError):
        Agent(state.game, "greedy", 1, 5).choose(state)  # seat 0 is to move


@pytest.mark.parametrize("spec, every", [("mcts:iters=150", 11), ("greedy", 2), ("heuristic:collector", 2),
                                         ("flatmc:n=3", 11), ("mcts:iters=60,depth=8,eval=builder", 11),
                                         ("vmcts:iters=150,prune=4", 5), ("policy", 2)])
def test_no_peeking(spec, every):
    """A decision with a fixed agent seed does not change when the hidden deck order (and future chance) changes."""
    rnd = random.Random(1)
    checked = 0
    for players in (2, 3, 4):
        for state in random_states(players, seed=40 + players, every=every):
            for _ in range(2):
                other = redraw_hidden(state, rnd)
                if other is None:
                    continue
                assert other.to_dict() == state.to_dict()  # same public view
                assert choose(other, spec, seed=123) == choose(state, spec, seed=123)
                checked += 1
    assert checked >= 10


def test_eps_is_noise_on_the_agents_own_stream():
    """eps=0 is the plain agent; eps > 0 plays some random moves, reproducibly, chunk-independently, with the same
    deals; eps=1 ignores the evaluation (any weights give the same game)."""
    game = load(3)
    plain = game.play(12, master_seed=4, agents="heuristic:builder")
    assert np.array_equal(plain["vp"], game.play(12, master_seed=4, agents="heuristic:builder,eps=0")["vp"])
    noisy = game.play(12, master_seed=4, agents="heuristic:builder,eps=0.3")
    assert not np.array_equal(plain["vp"], noisy["vp"]) and np.array_equal(plain["seed"], noisy["seed"])
    parts = [game.play(n, master_seed=4, first_index=i, agents="heuristic:builder,eps=0.3") for i, n in ((0, 5),
                                                                                                          (5, 7))]
    assert np.array_equal(noisy["vp"], np.concatenate([p["vp"] for p in parts]))
    a = game.play(6, master_seed=4, agents="greedy:eps=1")
    b = game.play(6, master_seed=4, agents="heuristic:noble,eps=1")
    assert np.array_equal(a["vp"], b["vp"])


def test_prune_one_is_the_lookahead():
    """With prune=1 only the best root action by one-step lookahead (the heuristic's choice) is left to search."""
    checked = 0
    for players in (2, 3):
        for state in random_states(players, seed=60 + players, every=3):
            for persona in ("balanced", "builder"):
                assert (choose(state, f"vmcts:iters=20,prune=1,eval={persona}", seed=9)
                        == choose(state, f"heuristic:{persona}", seed=9))
                checked += 1
    assert checked > 50


def test_prune_keeps_the_search_among_the_best():
    """prune=k: whatever the budget, the choice is one of the same k root actions (the seed fixes the pruning)."""
    wide = 0
    for state in random_states(3, seed=8, every=4)[:15]:
        if len(state.legal_actions()) < 8:
            continue
        picks = {choose(state, f"vmcts:iters={n},prune=3", seed=4) for n in (1, 2, 3, 4, 30, 200)}
        assert len(picks) <= 3
        wide += len({choose(state, "vmcts:iters=1", seed=k) for k in range(12)}) > 3
    assert wide > 0  # without pruning a one-iteration search picks among more actions


def test_features_view():
    state = load(3).new_initial_state(seed=2)
    f = GA.features(state.array, 1)
    assert set(f) == set(GA.FEATURES)
    assert f["vp"] == 0 and f["money"] == 5 and f["hand"] == 5 and f["nobles"] == 1


def test_last_round_features_count_only_in_the_last_round():
    """Every `<feature>_last` is 0 before the last round and the feature itself in it, for every feature the last
    round can hold; the others (Brussels, the track futures) are 0 in it."""
    assert set(GA.FEATURES) == set(GA.BASE_FEATURES) | {f"{f}_last" for f in GA.LAST_ROUND_FEATURES}
    rounds = set()
    for state in random_states(3, seed=11, every=3):
        s = state.array
        if s[L.G_OVER]:
            continue
        last = s[L.G_ROUND] >= s[L.P_ROUNDS]
        rounds.add(bool(last))
        for p in range(3):
            f = GA.features(s, p)
            for plain in GA.LAST_ROUND_FEATURES:
                assert f[f"{plain}_last"] == (f[plain] if last else 0.0), (plain, int(s[L.G_ROUND]), p)
            if last:
                assert all(f[name] == 0.0 for name in GA.BASE_FEATURES if name not in GA.LAST_ROUND_FEATURES)
    assert rounds == {False, True}


def test_last_round_weights_add_to_the_features_weights():
    """In the last round a weight vector with `_last` weights evaluates as the vector of the summed weights."""
    w = np.asarray(GA.WEIGHTS["balanced"], np.float64)
    late = w.copy()
    for i, name in enumerate(GA.LAST_ROUND_FEATURES):
        late[GA.F[f"{name}_last"]] = 0.25 * (i % 5) - 0.5
    summed = w.copy()
    for name in GA.LAST_ROUND_FEATURES:
        summed[GA.F[name]] += late[GA.F[f"{name}_last"]]
    checked = {False: 0, True: 0}
    for state in random_states(3, seed=12, every=2):
        s = state.array
        last = bool(s[L.G_ROUND] >= s[L.P_ROUNDS])
        for p in range(3):
            value = GA.seat_value(s, p, late, *GA.shared_terms(s, late))
            expected = GA.seat_value(s, p, summed if last else w, *GA.shared_terms(s, summed if last else w))
            assert value == pytest.approx(expected, rel=1e-12, abs=1e-9)
        checked[last] += 1
    assert min(checked.values()) > 0


def contested_from_view(view, faces):
    """The columns whose lead another seat could still take (the `contested` feature), read from the state view."""
    area = view["area"]
    out = set()
    for col in range(area["cols"]):
        column = [row[col] for row in area["spaces"]]
        totals = {owner: 0 for owner in [*range(len(view["seats"])), "neutral"]}
        for space in column:
            if "architect" in space:
                totals[space["architect"]["owner"]] += space["architect"]["value"]
        top = max(totals.values())
        if not any("card" in space for space in column):
            continue
        for seat, info in enumerate(view["seats"]):
            playable = [f for kind, n in info["hand"].items() if n for f in faces[kind] if f <= info["money"]]
            if totals[seat] < top and not info["passed"] and totals[seat] + max(playable, default=0) > top:
                out.add(col)
    return out


@pytest.mark.parametrize("players", [2, 3])
def test_contested_columns_read_as_the_view_tells(players):
    """`contested_columns` marks exactly the columns with a space still holding a card where a seat not among the
    leaders that has not passed could overtake them (neutral architects included) with one architect it can pay;
    the feature is the led part of `columns`."""
    game = load(players)
    faces = dict(zip(("1/3", "2/4", "2/5"), game.params["architect_faces"], strict=True))
    seen = set()
    for state in random_states(players, seed=13, every=2):
        s = state.array
        if s[L.G_OVER]:
            continue
        view = state.to_dict()
        mask = GA.contested_columns(s)
        got = {col for col in range(L.COLS) if (mask >> col) & 1}
        assert got == contested_from_view(view, faces)
        seen.add(len(got))
        for p in range(players):
            f = GA.features(s, p)
            assert 0.0 <= f["contested"] <= f["columns"]
    assert len(seen) >= 3  # states with none, one and more contested columns


@pytest.mark.parametrize("name", brux.list_games())
def test_step_by_step_random_seats_draw_as_the_batch(name):
    """A random seat played step by step draws in Python what the kernel's random agent draws (no search kernel)."""
    game = brux.load_game(name, players=3)
    lineup = ["random", "greedy", "random"]
    stepwise.assert_step_by_step_is_the_batch(game, lineup, game.play(2, master_seed=5, agents=lineup))
