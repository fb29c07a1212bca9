"""Dark-tile rank points (T12, section 6.3-6.4, 8.4) and the duel variant (section 8.6)."""

import pytest

import brux

from .scenario import load, make_view, play, scenario
from .test_rules import LAST_TURN

FOUR_FLOOR2 = ["c1 BASE", "c1 FLOOR2", "c2 BASE", "c2 FLOOR2", "c3 BASE", "c3 FLOOR2", "c4 BASE", "c4 FLOOR2"]
FOUR_FLOOR2_PP = 4 * 8 + 4 * 6


def reveal_db2(v, marker=0):
    """Column 1: LB1 marked by `marker` (who took a yellow tile for it), so DB2 (4 FLOOR2) is face up."""
    v["bonus"]["columns"][0].update(light_marks=[marker], dark="DB2")
    v["seats"][marker]["yellow"] = ["Y1"]
    v["bonus"]["yellow"].remove("Y1")


def test_6_3_dark_ranks_7_5_3_0_in_sweep_priority():
    """Four seats meet a revealed dark tile at once: the sweep claims in the priority order of ORDER' (here
    2, 0, 3, 1), for 7, 5, 3 and 0 points."""
    game = load(4)
    track = {"S": [2, 0, 3], "C": [1, 2, 0, 3], "L": [1, 2, 0, 3], "M": [1, 2, 0, 1, 3], "P": [0, 1, 2]}
    v = make_view(game, order=[0, 1, 2, 3] * 5, turn=19, track=track, seats={
        p: {"castle": FOUR_FLOOR2, "outer": FOUR_FLOOR2_PP, "stock": {"wood": 2}} for p in range(4)})
    reveal_db2(v)
    st = scenario(game, v)
    assert st.current_player() == 3
    play(st, "AREA P", "PLANT NONE")
    v = st.to_dict()
    assert v["round"] == 2  # no seat could buy back: the next season began
    assert v["bonus"]["columns"][0]["dark_claims"] == [2, 0, 3, 1]
    assert [s["vp_by_source"]["dark_bonus"] for s in v["seats"]] == [5, 0, 7, 3]


def two_seat_sweep(**overrides):
    """2p, both seats meet revealed DB2; seat 1 is first in ORDER' (start-player space 1)."""
    game = load(2, **overrides)
    v = make_view(game, order=[1, 0] * 5, turn=9, track=LAST_TURN, seats={
        p: {"castle": FOUR_FLOOR2, "outer": FOUR_FLOOR2_PP} for p in (0, 1)})
    reveal_db2(v)
    st = scenario(game, v)
    play(st, "AREA S")
    return st.to_dict()


def test_6_4_dark_claims_in_e2_follow_the_b_spaces():
    """Both seats reach 4 FLOOR2 in the same E2: the B1 order's owner claims first (7), the B2 owner second (5),
    although the B2 owner is first in the priority order of ORDER'."""
    game = load(2)
    floor2 = {"craftsman": "MB", "product": "FLOOR2", "target": "c1 FLOOR2", "level": 0, "wood": 2, "lime": 2,
              "marble": 0, "glass": 1, "workers": 5, "exhausted": 2, "extra_gold": 0}
    castle = ["c1 BASE", "c2 BASE", "c2 FLOOR2", "c3 BASE", "c3 FLOOR2", "c4 BASE", "c4 FLOOR2"]
    v = make_view(game, order=[1, 0] * 5, turn=9, track={"S": [0], "C": [1], "L": [1, 0], "M": [1, 0, 1],
                                                          "B": [1, 0]},
                  seats={p: {"castle": castle, "outer": 4 * 8 + 3 * 6, "orders": [floor2],
                             "workers": {"supply": 7, "orders": 5}} for p in (0, 1)})
    reveal_db2(v)
    st = scenario(game, v)
    play(st, "AREA S")
    v = st.to_dict()
    assert v["bonus"]["columns"][0]["dark_claims"] == [1, 0]
    assert v["next_order"][0] == 0  # seat 0 was first in priority: the sweep alone would have put it first
    assert [s["vp_by_source"]["dark_bonus"] for s in v["seats"]] == [5, 7]


@pytest.mark.parametrize("duel, second", [(False, 5), (True, 3)])
def test_8_6_duel_dark_rank_two_gives_3(duel, second):
    v = two_seat_sweep(duel=duel)
    assert v["bonus"]["columns"][0]["dark_claims"] == [1, 0]
    assert [s["vp_by_source"]["dark_bonus"] for s in v["seats"]] == [second, 7]


def test_8_6_duel_scenario_claims_score_7_3():
    game = load(2, duel=True)
    v = make_view(game, seats={p: {"castle": FOUR_FLOOR2, "outer": FOUR_FLOOR2_PP} for p in (0, 1)})
    reveal_db2(v)
    v["bonus"]["columns"][0]["dark_claims"] = [0, 1]
    s = scenario(game, v).to_dict()["seats"]
    assert [x["vp_by_source"]["dark_bonus"] for x in s] == [7, 3]


@pytest.mark.parametrize("players, duel, tiles", [(2, True, [0, 3]), (2, False, [0, 1]), (3, False, [0, 1, 3]),
                                                  (4, False, [0, 1, 2, 3])])
def test_8_6_head_tiles_by_player_count_and_duel(players, duel, tiles):
    """T8 tiles used: 4p t1-t4, 3p t1 t2 t4, 2p t1 t2, duel t1 t4."""
    game = load(players, duel=duel)
    v = game.new_initial_state(seed=1).to_dict()
    for name, h in v["heads"].items():
        assert h["prices"] == [game.params["heads"][name]["prices"][i] for i in tiles]


def test_8_6_duel_hiring_pays_t1_then_t4():
    game = load(2, duel=True)
    v = make_view(game, order=[0, 1] * 5, seats={p: {"stock": {"gold": 9}} for p in (0, 1)})
    st = scenario(game, v)
    play(st, "AREA C", "HIRE SCULPT I", "AREA C", "HIRE SCULPT I")
    v = st.to_dict()
    assert [s["stock"]["gold"] for s in v["seats"]] == [9 - 4, 9 - 7] and v["heads"]["SCULPT I"]["prices"] == []


def test_8_6_duel_needs_two_players():
    with pytest.raises(ValueError, match="duel"):
        brux.load_game("prestige", players=3, duel=True)
