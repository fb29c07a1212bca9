"""The kernel hooks of kernel/hooks.py (the game-kit contract): required functions against the Python API,
determinise (changes only what no seat sees), same_turn, values."""

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as hs

import brux
from brux.core.rng import seed_stream
from brux.games.prestige import agents as PA
from brux.games.prestige.kernel import codes as PC
from brux.games.prestige.kernel import hooks as H
from brux.games.prestige.kernel import layout as PL
from brux.games.prestige.kernel.legal import plant_max, plant_most, plant_workers
from brux.games.prestige.view import to_dict


def test_required_hooks_follow_the_api():
    game = brux.load_game("prestige", players=3)
    st = game.new_initial_state(seed=4)
    s = np.zeros(H.STATE_SIZE, np.int64)
    H.init(s, game.flat, 4)
    rnd = random.Random(4)
    while not st.is_terminal():
        legal = [H.legal(s, i) for i in range(H.nlegal(s))]
        assert legal == st.legal_actions() and H.player(s) == st.current_player()
        a = rnd.choice(legal)
        H.apply(s, a)
        st.apply_action(a)
    assert H.player(s) == -1 and H.nplayers(s) == 3 and H.length(s) == len(st.record()["actions"])
    res = st.result()
    for p in range(3):
        assert H.vp(s, p) == res[p]["vp"] == sum(H.source_vp(s, p, j) for j in range(H.N_SOURCES))
        assert 1 + sum(H.better(s, q, p) for q in range(3)) == res[p]["rank"]
        assert all(-1 <= H.opening(s, p, k) < 44 for k in range(H.N_OPENINGS))


def test_determinise_changes_only_hidden_information():
    game = brux.load_game("prestige", players=4)
    s = np.zeros(H.STATE_SIZE, np.int64)
    H.init(s, game.flat, 9)
    rng = np.zeros(2, np.int64)
    seed_stream(rng, 0, 1, 9, 3)
    rnd = random.Random(9)
    changed = 0
    for step in range(300):
        if H.player(s) < 0:
            break
        if step % 25 == 0:
            c = s.copy()
            H.determinise(c, H.player(c), rng, 0, 1)
            assert to_dict(c) == to_dict(s)
            changed += not np.array_equal(c, s)
            H.apply(c, H.legal(c, 0))  # the copy plays on
        H.apply(s, H.legal(s, rnd.randrange(H.nlegal(s))))
    assert changed > 0


def test_same_turn_and_values():
    game = brux.load_game("prestige", players=2)
    s = np.zeros(H.STATE_SIZE, np.int64)
    H.init(s, game.flat, 1)
    while to_dict(s)["pending"] != "TURN":
        H.apply(s, H.legal(s, 0))
    p = H.player(s)
    assert not H.same_turn(s, p)
    H.apply(s, 32 + 5)  # AREA P
    assert to_dict(s)["pending"] == "PLANT" and H.same_turn(s, p) and not H.same_turn(s, 1 - p)
    out = np.zeros(2)
    w = np.zeros(len(H.FEATURES))
    w[H.FEATURES.index("vp")] = 1.0
    H.values(s, w, out)
    assert list(out) == [v["vp"] for v in to_dict(s)["seats"]]
    assert set(H.WEIGHTS) >= {"greedy"} and all(len(w) == len(H.FEATURES) for w in H.WEIGHTS.values())


def _states(seed, k):
    """Every k-th state of a random 3-player game."""
    st = brux.load_game("prestige", players=3).new_initial_state(seed=seed)
    rnd = random.Random(seed)
    out = []
    while not st.is_terminal():
        if len(st.record()["actions"]) % k == 0:
            out.append(st.clone())
        st.apply_action(rnd.choice(st.legal_actions()))
    return out


def test_features_are_what_values_weighs():
    w = PA.WEIGHTS["greedy"]
    for st in _states(5, 60):
        before = st.array.copy()
        out = np.zeros(3)
        H.values(st.array.copy(), w, out)
        for p in range(3):
            f = PA.features(st.array, p)
            assert list(f) == list(PA.FEATURES)
            assert sum(w[i] * f[n] for i, n in enumerate(PA.FEATURES)) == pytest.approx(out[p])
        assert (st.array == before).all()



def test_last_year_twins_count_only_in_the_last_year():
    """Every `<feature>_last` is 0 before the last year and the feature itself in it; a weight vector with `_last`
    weights evaluates there as the vector of the summed weights."""
    late = np.array(PA.WEIGHTS["landlord"], np.float64)
    late[PA.LAST:] = [0.5, -0.25, 0.75, -1.0, -2.0, 0.3, -0.6, 0.1]
    summed = late[:PA.LAST] + late[PA.LAST:]
    years = set()
    for st in _states(7, 25):
        s = st.array
        last = bool(s[PL.G_ROUND] > PC.ROUNDS - PC.N_SEASONS)
        years.add(last)
        out, expected = np.zeros(3), np.zeros(3)
        H.values(s.copy(), late, out)
        H.values(s.copy(), np.concatenate([summed if last else late[:PA.LAST], np.zeros(PA.LAST)]), expected)
        assert out == pytest.approx(expected, rel=1e-12, abs=1e-9)
        for p in range(3):
            f = PA.features(s, p)
            for name in PA.BASE_FEATURES:
                assert f[f"{name}_last"] == (f[name] if last else 0.0), (name, int(s[PL.G_ROUND]), p)
    assert years == {False, True}


@given(supply=hs.integers(0, 12), steps=hs.tuples(*[hs.integers(0, PC.INC_STEP_MAX)] * 3),
       taken=hs.tuples(*[hs.integers(0, 1)] * 3), players=hs.integers(2, 4))
def test_plant_most_is_the_largest_amount_the_supply_pays(supply, steps, taken, players):
    """PLANT's legal amounts are 1..plant_most: the largest amount under the slot's maximum whose workers
    (`plant_workers`, one amount at a time) the seat's supply covers."""
    game = brux.load_game("prestige", players=players)
    s = np.zeros(H.STATE_SIZE, np.int64)
    H.init(s, game.flat, 3)
    o = PL.SEATS
    s[o + PL.S_SUPPLY] = supply
    for r in range(3):
        s[o + PL.S_INC + PC.INC_WOOD + r] = steps[r]
        s[PL.PLANT_N + r] = taken[r]
    for r in range(3):
        most = plant_max(s, 0, r)
        want = max([0] + [k for k in range(1, PC.PLANT_N_MAX[r] + 1)
                          if k <= most and plant_workers(s, 0, r, k) <= supply])
        assert plant_most(s, 0, r) == want
