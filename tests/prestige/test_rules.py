"""One test per rule of docs/prestige.md sections 3-8, on scenario positions played by name."""

import pytest

from .scenario import legal_names, load, make_view, play, scenario

LAST_TURN = {"S": [1], "C": [1, 0], "L": [1, 0], "M": [1, 0], "P": [0, 1]}  # 2p: seat 0 places the 10th


def last_turn(game=None, round=1, card="E1", used=(), seats=None, hidden=None, land=None):
    """2p view at the season's last TURN (seat 0 to place; AREA S then lands on space 2, no effect)."""
    game = game or load(2)
    v = make_view(game, round=round, card=card, used=used, order=[1, 0] * 5, turn=9, track=LAST_TURN,
                  seats=seats, hidden=hidden)
    for node, x in (land or {}).items():
        v["land"]["nodes"][node] = x
    return scenario(game, v)


def finish_season(st):
    play(st, "AREA S")
    while st.to_dict()["pending"] == "BUYBACK":
        play(st, "BUYBACK NO")
    return st.to_dict()


# ---- 4 turns and ORDER' ----

@pytest.mark.parametrize("mode, want", [("KEEP", [1, 1, 0, 0, 0, 1, 0, 1, 0, 1]),
                                        ("END", [1, 1, 0, 0, 1, 0, 1, 0, 0, 1]),
                                        ("FRONT", [0, 1, 1, 1, 0, 0, 1, 0, 1, 0])])
def test_4_5_next_order_with_illness(mode, want):
    game = load(2, sick_position=mode)
    v = make_view(game, round=2, card="E5", order=[0] * 5 + [1] * 5, turn=7,
                  track={"S": [1], "C": [1, 0], "L": [0, 1], "M": [0], "P": [0]})
    v["sick"] = [4, 9]
    st = scenario(game, v)
    assert st.current_player() == 1
    play(st, "AREA M", "MARKET STOP")
    assert st.to_dict()["order"] == want and st.to_dict()["round"] == 3


def test_4_5_builders_reversed_and_plant_descending():
    game = load(2, build_group_reversed=False)
    stucco = {"craftsman": "PLAST", "product": "STUCCO", "target": "c3 BASE", "level": 0, "wood": 0, "lime": 2,
              "marble": 0, "glass": 0, "workers": 3, "exhausted": 1, "extra_gold": 0}
    v = make_view(game, order=[1, 0] * 5, turn=9, track={"B": [1, 0], "P": [0, 1, 0, 1, 0], "M": [1], "S": [1]},
                  seats={p: {"orders": [stucco], "workers": {"supply": 9, "orders": 3}} for p in (0, 1)})
    st = scenario(game, v)
    play(st, "AREA C", "HIRE NONE")
    while st.to_dict()["pending"] == "BUYBACK":
        play(st, "BUYBACK NO")
    # front S1 C1 M1 | builders in resolution order B1 B2 (P20 = 0) | plant P5..P1
    assert st.to_dict()["order"] == [1, 0, 1, 1, 0, 0, 1, 0, 1, 0]


# ---- 5 actions ----

@pytest.mark.parametrize("all_spaces", [False, True])
def test_5_1_start_bonus_space_one(all_spaces):
    game = load(2, start_bonus_all_spaces=all_spaces)
    st = scenario(game, make_view(game))
    play(st, "AREA S", "START GOLD")
    assert st.to_dict()["seats"][0]["stock"]["gold"] == 6
    play(st, "AREA S")
    assert st.to_dict()["pending"] == ("START_BONUS" if all_spaces else "TURN")


def test_5_2_hire_skips_tiers_and_costs_experience():
    game = load(2)
    v = make_view(game, round=9, card="E4", used=["E1", "E2", "E3", "E5"],
                  seats={0: {"stock": {"gold": 20}, "experience": 3}})
    st = scenario(game, v)
    play(st, "AREA C", "HIRE MB III")
    s = st.to_dict()["seats"][0]
    assert s["craftsmen"]["MB"] == "III" and s["experience"] == 1 and s["stock"]["gold"] == 14
    assert st.to_dict()["heads"]["MB III"]["prices"] == [7]


def test_5_2_no_upgrade_with_a_pending_order():
    game = load(2)
    stucco = {"craftsman": "PLAST", "product": "STUCCO", "target": "c3 BASE", "level": 0, "wood": 0, "lime": 2,
              "marble": 0, "glass": 0, "workers": 3, "exhausted": 1, "extra_gold": 0}
    v = make_view(game, round=5, card="E4", used=["E1", "E2"], turn=1, track={"B": [0]},
                  order=[0, 0, 1, 1] + [0, 1] * 3, seats={0: {"stock": {"gold": 20}, "orders": [stucco],
                                                        "workers": {"supply": 9, "orders": 3}}})
    st = scenario(game, v)
    play(st, "AREA C")
    assert "HIRE PLAST II" not in legal_names(st) and "HIRE CARP II" in legal_names(st)


def test_5_3_land_reach_and_second_row():
    game = load(2)
    st = scenario(game, make_view(game, order=[0, 0, 1, 1] + [0, 1] * 3, seats={0: {"stock": {"gold": 9}}}))
    play(st, "AREA L")
    nodes = {x.split()[1] for x in legal_names(st) if x != "LAND NONE"}
    assert nodes == {"A1", "A2", "A3", "A4", "A5"}
    play(st, "LAND A2 QUARRY", "AREA L")
    nodes = {x.split()[1] for x in legal_names(st) if x != "LAND NONE"}
    assert nodes == {"A1", "A3", "A4", "A5", "B2"}
    assert st.to_dict()["seats"][0]["income"]["lime"] == 1


def test_5_3_mc_decline_keeps_the_choice_for_the_next():
    game = load(2)
    st = scenario(game, make_view(game))
    play(st, "AREA L", "LAND A1 TAX")
    assert st.to_dict()["pending"] == "MC_TILE" and len(legal_names(st)) == 1 + 8 * 7
    play(st, "MC DECLINE")
    v = st.to_dict()
    assert v["land"]["links"]["A1"] is None and len(v["land"]["mc_available"]) == 8
    play(st, "AREA L", "LAND A1")
    assert st.to_dict()["pending"] == "MC_TILE"
    play(st, "MC PLACE MC3 REMOVE MC5")
    v = st.to_dict()
    assert v["seats"][1]["market_tiles"] == ["MC3"] and v["seats"][0]["market_tiles"] == ["MC3"]
    assert v["seats"][0]["stock"]["gold"] == 5 - 3 + 1


def test_5_3_cheap_land():
    game = load(2)
    st = scenario(game, make_view(game, card="E6"))
    assert st.to_dict()["events"]["active"] == "CHEAP LAND"
    play(st, "AREA L", "LAND A3 FOREST")
    assert st.to_dict()["seats"][0]["stock"]["gold"] == 3


def test_5_4_restricted_market_and_busy_trader():
    game = load(2)
    v = make_view(game, card="E7")
    v["land"]["nodes"]["A5"] = {"tile": "TAX", "discs": [1]}
    v["land"]["links"]["A5"] = "MC6"
    v["land"]["mc_available"] = ["MC1", "MC2", "MC3", "MC4", "MC5", "MC7"]
    v["land"]["mc_removed"] = ["MC8"]
    st = scenario(game, v)
    play(st, "AREA M")
    assert st.to_dict()["context"]["left"] == 2  # RESTRICTED MARKET: space 1 gets 2
    play(st, "MARKET STOP", "AREA M")
    assert st.to_dict()["context"]["left"] == 2  # space 2: 1, +1 for MC6


def test_5_4_no_labour_market_and_lone_worker():
    game = load(2)
    v = make_view(game, round=2, card="E8", seats={0: {"workers": {"supply": 11, "tavern": 1}}})
    st = scenario(game, v)
    play(st, "AREA M")
    assert not any("LABOUR" in x for x in legal_names(st))
    v = make_view(game, seats={0: {"workers": {"supply": 11, "tavern": 1}}})
    st = scenario(game, v)
    play(st, "AREA M", "MARKET LABOUR2")
    s = st.to_dict()["seats"][0]
    assert s["workers"]["tavern"] == 0 and s["stock"]["gold"] == 3
    assert "MARKET LABOUR+WOOD" not in legal_names(st)  # no tavern worker left


def test_5_4_market_tiles_change_prices():
    game = load(2)
    v = make_view(game, seats={0: {"stock": {"gold": 5, "marble": 1}}})
    v["land"]["nodes"]["A1"] = {"tile": "FOREST", "discs": [0]}
    v["land"]["links"]["A1"] = "MC3"
    v["land"]["nodes"]["A5"] = {"tile": "FOREST", "discs": [0]}
    v["land"]["links"]["A5"] = "MC7"
    v["land"]["mc_available"] = ["MC1", "MC2", "MC4", "MC5"]
    v["land"]["mc_removed"] = ["MC6", "MC8"]
    st = scenario(game, v)
    play(st, "AREA M", "MARKET BUY WOOD", "MARKET SELL MARBLE")
    s = st.to_dict()["seats"][0]["stock"]
    assert s["wood"] == 2 and s["gold"] == 5 - 1 + 4


def test_5_5_final_season_caps_lifted_and_overlay_surcharge():
    game = load(2)
    stucco = {"craftsman": "PLAST", "product": "STUCCO", "target": "c3 BASE", "level": 0, "wood": 0, "lime": 2,
              "marble": 0, "glass": 0, "workers": 3, "exhausted": 1, "extra_gold": 0}
    panel = {"craftsman": "CARP", "product": "PANEL", "target": "c3 BASE", "level": 0, "wood": 2, "lime": 0,
             "marble": 0, "glass": 0, "workers": 3, "exhausted": 1, "extra_gold": 0}
    base = {"craftsman": "MB", "product": "BASE", "target": "c2 BASE", "level": 0, "wood": 3, "lime": 2,
            "marble": 0, "glass": 1, "workers": 6, "exhausted": 2, "extra_gold": 0}
    v = make_view(game, round=12, card="E4", used=["E1", "E2", "E3", "E5", "E6"],
                  order=[0, 1, 1, 1, 0, 0, 0, 1, 1, 0], turn=4, track={"B": [0, 1, 1, 1]}, seats={
                      0: {"stock": {"gold": 10, "wood": 6, "lime": 6, "glass": 2}, "experience": 3,
                          "orders": [stucco], "workers": {"supply": 9, "orders": 3}},
                      1: {"orders": [stucco, panel, base], "workers": {"supply": 0, "orders": 12}}})
    st = scenario(game, v)
    play(st, "AREA B")
    assert st.to_dict()["context"] == {"area": "B", "space": 5, "extra_gold": 2}
    play(st, "ORDER MB BASE", "TARGET c2 BASE", "LEVEL 3", "AREA B", "ORDER MB BASE", "LEVEL 3")
    s = st.to_dict()["seats"][0]
    assert [o["extra_gold"] for o in s["orders"]] == [0, 2, 2] and s["stock"]["gold"] == 6
    assert [o["workers"] for o in s["orders"]] == [3, 4, 4] and s["orders"][2]["target"] == "c4 BASE"


@pytest.mark.parametrize("card, rnd, workers", [("E6", 2, 2), ("E1", 2, 4), ("E1", 1, 3)])
def test_5_5_event_worker_changes(card, rnd, workers):
    game = load(2)
    st = scenario(game, make_view(game, round=rnd, card=card, seats={0: {"stock": {"wood": 2, "lime": 2}}}))
    play(st, "AREA B", "ORDER CARP PANEL")
    assert st.to_dict()["seats"][0]["orders"][0]["workers"] == workers


def test_5_6_gold_boycott_and_marble_step():
    game = load(2)
    st = scenario(game, make_view(game, round=2, card="E7"))
    play(st, "AREA P")
    assert "PLANT GOLD" not in legal_names(st) and not any("MARBLE" in x for x in legal_names(st))
    v = make_view(game)
    for node in ("A1", "B1"):
        v["land"]["nodes"][node] = {"tile": "TAX", "discs": [0]}
    v["land"]["nodes"]["M1"] = {"tile": "MARBLE", "discs": [0]}
    st = scenario(game, v)
    play(st, "AREA P")
    assert "PLANT MARBLE 2" in legal_names(st) and "PLANT MARBLE 3" not in legal_names(st)
    play(st, "PLANT MARBLE 2")
    assert st.to_dict()["seats"][0]["workers"]["plant"] == 2


# ---- 6 resolution and bonuses ----

@pytest.mark.parametrize("tavern, back", [(0, 0), (1, 1)])
def test_6_1_worker_bonus_only_from_the_tavern(tavern, back):
    game = load(2)
    floor2 = {"craftsman": "MB", "product": "FLOOR2", "target": "c5 FLOOR2", "level": 0, "wood": 2, "lime": 2,
              "marble": 0, "glass": 1, "workers": 5, "exhausted": 2, "extra_gold": 0}
    v = make_view(game, order=[1, 0] * 5, turn=9, track={"B": [0], "S": [1], "C": [1, 0], "L": [1, 0],
                                                          "M": [1, 0, 1]},
                  seats={0: {"castle": ["c3 BASE", "c4 BASE", "c5 BASE"], "outer": 24, "orders": [floor2],
                             "workers": {"supply": 7 - tavern, "orders": 5, "tavern": tavern},
                             "stock": {"gold": 0}}})
    st = scenario(game, v)
    play(st, "AREA P", "PLANT NONE")
    s = st.to_dict()["seats"][0]
    assert s["workers"]["tavern"] == tavern - back + 2 and s["outer"] == 30


def test_6_1_coveted_stucco_on_a_tower():
    game = load(2)
    stucco = {"craftsman": "PLAST", "product": "STUCCO", "target": "c3 TOWER", "level": 0, "wood": 0, "lime": 2,
              "marble": 0, "glass": 0, "workers": 3, "exhausted": 1, "extra_gold": 0}
    v = make_view(game, round=2, card="E3", order=[1, 0] * 5, turn=9,
                  track={"B": [0], "S": [1], "C": [1, 0], "L": [1, 0], "M": [1, 0, 1]},
                  seats={0: {"castle": ["c3 BASE", "c3 FLOOR2", "c3 TOWER"], "outer": 26, "orders": [stucco],
                             "craftsmen": {"MB": "II", "CARP": "I", "PLAST": "I", "MASON": None, "SCULPT": None},
                             "workers": {"supply": 9, "orders": 3}, "stock": {"gold": 0}}})
    v["heads"]["MB II"]["prices"] = [6]
    st = scenario(game, v)
    play(st, "AREA P", "PLANT NONE")
    assert st.to_dict()["seats"][0]["inner"] == 6


# ---- 7 events ----

def test_7_worker_offer():
    st = last_turn(round=3, card="E2", used=["E5"], seats={0: {"workers": {"supply": 10, "tavern": 2}}})
    v = finish_season(st)
    # winter: WORKER OFFER asked of seat 0 (tavern 2, gold >= 2)
    assert v["pending"] == "WORKER_OFFER" and v["current_player"] == 0
    play(st, "OFFER ACCEPT")
    s = st.to_dict()["seats"][0]
    assert s["workers"]["tavern"] == 0 and s["stock"]["gold"] == 5 + 3 - 2


@pytest.mark.parametrize("card, exp", [("E3", 1), ("E4", 3)])
def test_7_poor_work_and_training(card, exp):
    if card == "E3":  # winter POOR WORK
        st = last_turn(round=3, card="E3", used=["E5"], seats={0: {"experience": 2}})
    else:  # spring of year 2: TRAINING
        st = last_turn(round=4, card="E6", used=["E5"], seats={0: {"experience": 2, "stock": {"wood": 1}},
                                                                1: {"stock": {"wood": 1}}},
                       hidden={"ss": ["E4", "E7"], "aw": ["E2", "E8"]})
    finish_season(st)
    assert st.to_dict()["seats"][0]["experience"] == exp


def test_7_support():
    st = last_turn(round=3, card="E5", used=["E1"], seats={0: {"workers": {"supply": 9, "tavern": 3},
                                                               "stock": {"gold": 0}}},
                   game=load(2, income={"gold_base": [0] * 5}))
    finish_season(st)
    assert st.to_dict()["seats"][0]["workers"]["tavern"] == 1


def test_7_wood_trade():
    st = last_turn(round=2, card="E1", seats={0: {"stock": {"wood": 2}}}, hidden={"aw": ["E5", "E2", "E4"]})
    v = finish_season(st)
    assert v["pending"] == "WOOD_TRADE" and v["current_player"] == 0
    play(st, "WOODTRADE SELL", "WOODTRADE SELL")
    s = st.to_dict()["seats"][0]["stock"]
    assert s["wood"] == 0 and s["gold"] == 5 + 3 + 4


def test_7_free_training_year_two():
    st = last_turn(round=4, card="E6", used=["E5"], seats={0: {"stock": {"wood": 1}}, 1: {"stock": {"wood": 1}}},
                   hidden={"ss": ["E8", "E7"], "aw": ["E2", "E4"]})
    finish_season(st)
    assert legal_names(st) == ["TRAIN DECLINE", "TRAIN MB II", "TRAIN CARP II", "TRAIN PLAST II"]
    p = st.current_player()
    play(st, "TRAIN CARP II")
    v = st.to_dict()
    assert v["seats"][p]["craftsmen"]["CARP"] == "II" and v["seats"][p]["stock"]["gold"] == 5 + 3
    assert v["heads"]["CARP II"]["prices"] == [4]


def test_7_loss_of_land():
    land = {"A1": {"tile": "TAX", "discs": [0]}, "A2": {"tile": "FOREST", "discs": [0]},
            "B1": {"tile": "FOREST", "discs": [0]}}
    st = last_turn(round=2, card="E1", land=land, hidden={"aw": ["E7", "E2", "E4"]})
    finish_season(st)
    assert legal_names(st) == ["LOSE A2", "LOSE B1"]
    play(st, "LOSE A2")
    v = st.to_dict()
    assert v["land"]["nodes"]["A2"] == {"tile": None, "discs": []} and v["seats"][0]["income"]["wood"] == 1


# ---- 8 year and game end ----

def test_8_final_season_firewood_and_no_income():
    game = load(2)
    v = make_view(game, round=12, card="E4", used=["E1", "E2", "E3", "E5", "E6"], order=[1, 0] * 5, turn=9,
                  track=LAST_TURN, seats={0: {"castle": ["c2 BASE", "c3 BASE", "c4 BASE", "c4 FLOOR2"],
                                              "outer": 30, "stock": {"gold": 4, "wood": 1}}})
    st = scenario(game, v)
    play(st, "AREA S")
    v = st.to_dict()
    assert v["over"] and v["seats"][0]["stock"]["gold"] == 4 and v["seats"][0]["stock"]["wood"] == 0
    assert v["seats"][0]["firewood_penalty"] == 3 and v["seats"][0]["vp_by_source"]["firewood"] == -3
    assert v["seats"][1]["firewood_penalty"] == 3
