"""Section 10 invariants after every decision of random games with 2-4 players (default and varied rules), and
the batch kernel against the Python API."""

import random

import numpy as np
import pytest

import brux
from brux.games.prestige.invariants import StepChecker, check_invariants
from tests.contract.test_schema_bounds import problems_with

PARAMETER_SETS = {
    "default": {},
    "first_game": {"first_game": True, "sick_position": "END", "year_end_order": "FIREWOOD_FIRST"},
    "variants": {"final_extra_mode": "CAP", "sick_position": "FRONT", "start_bonus_all_spaces": True,
                 "build_group_reversed": False, "buyback_max": 3, "buyback_price": 0, "exp_max": 3,
                 "min_order_workers": 0, "diff_divisor": 0, "plant_first_bonus": 2, "market_k": 3},
    "no_events": {"events_on": False, "yellow_per_player": 1, "dark_points": [9, 9, 1]},
}
GAMES = {"default": 4, "first_game": 2, "variants": 2, "no_events": 1}


def play_checked(game, seed):
    st = game.new_initial_state(seed=seed)
    steps = StepChecker(game.params)
    rnd = random.Random(seed)
    decisions = 0
    pendings = set()
    while True:
        problems = check_invariants(st) + steps.observe(st)
        assert problems == [], (seed, st.to_dict()["round"], problems)
        if st.is_terminal():
            break
        pendings.add(st.to_dict()["pending"])
        st.apply_action(rnd.choice(st.legal_actions()))
        decisions += 1
    return st, decisions, pendings


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("pset", sorted(PARAMETER_SETS))
def test_invariants_after_every_decision(players, pset):
    game = brux.load_game("prestige", players=players, **PARAMETER_SETS[pset])
    for seed in range(GAMES[pset]):
        st, decisions, _ = play_checked(game, 100 * players + seed)
        v = st.to_dict()
        assert v["round"] == 12 and v["over"] and v["phase"] == "over"
        res = st.result()
        assert sorted(r["rank"] for r in res) == list(range(1, players + 1))
        assert [r["vp"] for r in res] == [s["vp"] for s in v["seats"]]
        assert sum(r["win_share"] for r in res) == 1.0
        assert len(st.record()["actions"]) == decisions
        again = brux.replay(st.record())
        assert again.to_dict() == v


@pytest.mark.parametrize("field, value, word", [
    ("S_STOCK", -1, "SEATS[1].S_STOCK[0] = -1 outside 0 .. "),
    ("S_FIRE", -3, "SEATS[1].S_FIRE = -3 outside 0 .. 120"),
    ("G_IDX", 17, "G_IDX = 17 outside 0 .. 16"),
    ("C_BOUGHT", 4, "C_BOUGHT = 4 outside 0 .. 3"),
])
def test_a_field_outside_its_declared_bounds_is_caught(field, value, word):
    """The layout's schema bounds every field: a corrupted value is reported by name."""
    problems = problems_with(brux.load_game("prestige", players=3).new_initial_state(seed=2), field, value)
    assert any(p.startswith(word) for p in problems), problems


def test_every_decision_kind_occurs():
    seen = set()
    for players in (2, 3, 4):
        game = brux.load_game("prestige", players=players)
        for seed in range(3):
            seen |= play_checked(game, seed)[2]
    assert seen >= {"SETUP_RESOURCE", "TURN", "START_BONUS", "HIRE", "LAND", "MC_TILE", "MARKET", "ORDER_ITEM",
                    "ORDER_TARGET", "PLANT", "RESOLVE", "BUYBACK"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_batch_matches_api(players):
    """play_random's games are the API's games with seat p choosing by its agent stream."""
    from brux.core.rng import game_seed
    from brux.games.prestige.kernel import hooks as H

    game = brux.load_game("prestige", players=players)
    out = game.play_random(5, master_seed=3)
    for g in range(5):
        seed = game_seed(3, g)
        assert out["seed"][g] == seed
        s = np.zeros(H.STATE_SIZE + 8 + H.PLAYOUT_WORK, np.int64)
        H.init(s, game.flat, seed)
        from brux.core.rng import seed_stream

        for p in range(players):
            seed_stream(s, H.STATE_SIZE + 2 * p, H.STATE_SIZE + 2 * p + 1, seed, 1 + p)
        H.play_out_random(s, H.STATE_SIZE)
        assert [H.vp(s, p) for p in range(players)] == list(out["vp"][g])
        assert H.length(s) == out["length"][g]
        for p in range(players):
            assert sum(out["vp_by_source"][g, p]) == out["vp"][g, p]
            ranks = 1 + sum(H.better(s, q, p) for q in range(players))
            assert ranks == out["rank"][g, p]
            assert 0 <= out["opening"][g, p, 0] < len(game.opening_labels())


def test_caches_match_a_fresh_computation():
    """The caches (per seat: unresolved orders per craftsman, the legal targets of each product; per area: the
    occupied spaces) equal a recomputation, and the target masks are `target_ok` bit by bit."""
    from brux.games.prestige.kernel import codes as C
    from brux.games.prestige.kernel import layout as L
    from brux.games.prestige.kernel.base import seat
    from brux.games.prestige.kernel.orders import refresh, target_ok

    game = brux.load_game("prestige", players=4)
    for seed in range(2):
        st = game.new_initial_state(seed=seed)
        rnd = random.Random(seed)
        while not st.is_terminal():
            s = st.array
            fresh = s.copy()
            for p in range(4):
                refresh(fresh, p)
            assert np.array_equal(fresh, s)
            for a in range(6):
                on = [q for q in s[L.TRACK + a * L.MAX_SPACES: L.TRACK + (a + 1) * L.MAX_SPACES] if q >= 0]
                assert s[L.TRACK_N + a] == len(on)
            p = rnd.randrange(4)
            for pd in range(9):
                mask = s[seat(p) + L.S_TARGETS + pd]
                for col in range(C.N_COLS):
                    for t in range(5):
                        assert (mask >> (5 * col + t)) & 1 == target_ok(s, p, pd, col, t), (pd, col, t)
            st.apply_action(rnd.choice(st.legal_actions()))


def test_market_variant_mask_is_the_stock_check():
    """A market variant is offered exactly when it is available and its stock changes leave nothing negative."""
    from brux.games.prestige.kernel import codes as C
    from brux.games.prestige.kernel import layout as L
    from brux.games.prestige.kernel.base import seat
    from brux.games.prestige.kernel.market import deltas, variant_mask

    rnd = random.Random(7)
    s = brux.load_game("prestige", players=4).new_initial_state(seed=0).array.copy()
    for _ in range(3000):
        p = rnd.randrange(4)
        o = seat(p)
        for j in range(5):
            s[o + L.S_STOCK + j] = rnd.randrange(4)
        s[o + L.S_TAVERN] = rnd.randrange(3)
        s[L.G_ACTIVE] = rnd.choice([C.EV_NONE, C.EV_NO_LABOUR, C.EV_RESTRICTED])
        s[L.P_LABOUR_FIRST] = rnd.randrange(4)
        s[L.P_LABOUR_LATER] = rnd.randrange(4)
        for k in range(3):
            s[L.LABOUR_USED + k] = rnd.randrange(2)
        held = rnd.randrange(256)
        mask = variant_mask(s, p, held)
        for v in range(25):
            *d, _, ok = deltas(s, p, v, held)
            want = ok and all(s[o + L.S_STOCK + j] + d[j] >= 0 for j in range(5))
            assert bool((mask >> v) & 1) == want, (v, held)


def test_order_items_is_the_cost_check():
    """The items offered for an order (packed-cost check) are those with a target, a craftsman under its cap, and a
    level the seat can pay: T7 costs less the T9 saving, workers under the season's event (section 5.5)."""
    from brux.games.prestige.kernel import codes as C
    from brux.games.prestige.kernel import layout as L
    from brux.games.prestige.kernel.base import seat
    from brux.games.prestige.kernel.orders import order_extra, order_items

    outer_events = {C.EV_COOPERATION: -1, C.EV_GOOD_WEATHER: -1, C.EV_BAD_WEATHER: 1}
    inner_events = {C.EV_COOPERATION: -1, C.EV_HOT_SUMMER: 1}
    events = [C.EV_NONE, *outer_events, C.EV_HOT_SUMMER]
    rnd = random.Random(11)
    checked = offered = 0
    for players in (2, 3, 4):
        game = brux.load_game("prestige", players=players)
        for seed in range(4):
            st = game.new_initial_state(seed=seed)
            while not st.is_terminal():
                st.apply_action(rnd.choice(st.legal_actions()))
                if rnd.random() > 0.2:
                    continue
                s = st.array.copy()
                p = rnd.randrange(players)
                o = seat(p)
                for j in range(5):
                    s[o + L.S_STOCK + j] = rnd.choice([0, 1, 2, 3, 5, 9, 2000])
                s[o + L.S_SUPPLY] = rnd.randrange(8)
                s[L.G_ACTIVE] = rnd.choice(events)
                if rnd.random() < 0.2:
                    s[L.G_ROUND] = C.ROUNDS
                final = s[L.G_ROUND] == C.ROUNDS
                space = rnd.randrange(int(s[L.P_SPACES + C.A_B]) + 2)
                want = 0
                for item in range(9):
                    pd = C.ITEM_PRODUCT[item]
                    cr = C.ORDER_ITEMS[item][0]
                    row = s[L.P_ROW_OF + (cr * 4 + s[o + L.S_CRAFT + cr]) * 9 + pd]
                    if row < 0 or s[o + L.S_TARGETS + pd] == 0:
                        continue
                    if not final and s[o + L.S_PCRAFT + cr] >= s[L.P_ROWS + row * L.RF_SIZE + L.RF_CAP]:
                        continue
                    extra = order_extra(s, p, item, space)
                    ew = (outer_events if pd < C.PD_STUCCO else inner_events).get(int(s[L.G_ACTIVE]), 0)
                    top = s[o + L.S_EXP] if cr == C.CR_MB else 0
                    for lv in range(top + 1):
                        c = [int(s[L.P_COST + (row * 7 + lv) * 5 + j]) for j in range(5)]
                        stock = [s[o + L.S_STOCK + k] for k in (C.WOOD, C.LIME, C.MARBLE, C.GLASS)]
                        if (all(x >= y for x, y in zip(stock, c[:4], strict=True))
                                and s[o + L.S_STOCK + C.GOLD] >= extra
                                and s[o + L.S_SUPPLY] >= max(s[L.P_MIN_ORDER_WORKERS], c[4] + ew)):
                            want |= 1 << item
                            break
                assert order_items(s, p, space) == want, (players, seed, p, item)
                checked += 1
                offered += want != 0
    assert checked > 200 and 0 < offered < checked
