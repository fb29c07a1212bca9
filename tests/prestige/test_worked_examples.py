"""The worked examples of docs/prestige.md section 13, built with game.state_from_dict and played by name."""

import pytest

from brux.games.prestige.params import TABLES

from .scenario import legal_names, load, make_view, play, scenario

R, B = 0, 1  # Ex1 / Ex6: Red and Blue


def test_ex1_seed_round_example():
    game = load(2)
    v = make_view(game, order=[R, B] * 5, seats={
        R: {"stock": {"gold": 9, "wood": 3, "lime": 2, "glass": 1}},
        B: {"stock": {"gold": 9, "wood": 6, "lime": 4, "glass": 2}}})
    st = scenario(game, v)
    play(st, "AREA P", "PLANT WOOD 3")  # R first wood taker: max 2 + 1
    assert st.to_dict()["plant"]["wood"][0] == {"seat": R, "amount": 3, "workers": 3}
    play(st, "AREA P", "PLANT WOOD 2")
    play(st, "AREA P", "PLANT LIME 1")
    play(st, "AREA M")
    assert st.to_dict()["context"]["left"] == 3  # B on M1 has 3 market actions
    play(st, "MARKET STOP")
    play(st, "AREA L", "LAND NONE")
    play(st, "AREA B", "ORDER MB BASE", "TARGET c2 BASE")
    play(st, "AREA B", "ORDER PLAST STUCCO")
    play(st, "AREA M", "MARKET STOP")
    play(st, "AREA C", "HIRE NONE")
    play(st, "AREA B", "ORDER CARP PANEL")  # B's MB is at its cap
    v = st.to_dict()
    while v["round"] == 1:
        play(st, legal_names(st)[0])
        v = st.to_dict()
    assert v["order"] == [R, R, B, B, B, R, B, R, B, R]


G, K, Y = 0, 1, 2  # Ex2


def example2():
    game = load(3, yellow_per_player=1)
    stucco = {"craftsman": "PLAST", "product": "STUCCO", "level": 0, "wood": 0, "lime": 2, "marble": 0,
              "glass": 0, "workers": 3, "exhausted": 1, "extra_gold": 0}
    panel = {"craftsman": "CARP", "product": "PANEL", "target": "c3 BASE", "level": 0, "wood": 2, "lime": 0,
             "marble": 0, "glass": 0, "workers": 3, "exhausted": 1, "extra_gold": 0}
    floor2 = {"craftsman": "MB", "product": "FLOOR2", "target": "c3 FLOOR2", "level": 1, "wood": 2, "lime": 2,
              "marble": 0, "glass": 1, "workers": 4, "exhausted": 2, "extra_gold": 0}
    v = make_view(game, order=[G, Y, K] * 5, turn=14, track={
        "S": [G], "C": [K], "L": [Y], "M": [K, G], "B": [Y, G, Y, K], "P": [K, Y, G, Y, G]}, seats={
        G: {"castle": ["c2 BASE", "c3 BASE", "c3 BASE STUCCO", "c4 BASE", "c4 BASE STUCCO"], "outer": 24,
            "inner": 8, "orders": [dict(stucco, target="c2 BASE")], "workers": {"supply": 9, "orders": 3},
            "yellow": ["Y1"]},
        K: {"castle": ["c3 BASE"], "orders": [panel], "workers": {"supply": 9, "orders": 3}},
        Y: {"castle": ["c2 BASE", "c3 BASE", "c3 BASE STUCCO", "c4 BASE", "c4 FLOOR2", "c4 BASE STUCCO"],
            "outer": 30, "inner": 8, "experience": 1, "orders": [dict(stucco, target="c2 BASE"), floor2],
            "workers": {"supply": 5, "orders": 7}, "yellow": ["Y2"]}},
        hidden={"dark": ["DB1", "DB10", "DB3", "DB2", "DB4"]})
    v["bonus"]["yellow"] = ["Y3"]
    cols = v["bonus"]["columns"]
    for c, lb in enumerate(["LB8", "LB6", "LB5", "LB7", "LB10"]):
        cols[c].update(light=lb, light_marks=[], light_taken_by=None, dark=None, dark_claims=[])
    cols[0].update(light_marks=[G, Y], dark="DB1")
    v["hidden"]["dark"][0] = None
    return game, scenario(game, v)


def test_ex2_resolution_order_and_bonus_priority():
    game, st = example2()
    before = st.to_dict()["seats"]
    play(st, "AREA P", "PLANT NONE")
    assert st.to_dict()["pending"] == "RESOLVE" and st.current_player() == Y
    assert legal_names(st) == ["RESOLVE c2 BASE STUCCO", "RESOLVE c3 FLOOR2"]
    play(st, "RESOLVE c2 BASE STUCCO")
    v = st.to_dict()
    assert v["pending"] == "BUYBACK"
    assert v["next_order"] == [G, K, Y, K, G, K, Y, G, Y, K, G, Y, G, Y, K]
    s = v["seats"]
    assert s[Y]["inner"] == before[Y]["inner"] + 4 and s[Y]["yellow"] == ["Y2", "Y3"]
    assert s[Y]["stock"]["marble"] == before[Y]["stock"]["marble"] + 1
    assert s[G]["inner"] == before[G]["inner"] + 4 and s[G]["light_tiles"] == ["LB6"]
    assert s[Y]["outer"] == before[Y]["outer"] + 6 and s[Y]["experience"] == 3 and s[Y]["light_tiles"] == ["LB7"]
    assert s[Y]["workers"]["tavern"] == 2 + 1
    assert s[K]["inner"] == before[K]["inner"] + 4
    c2, c4 = v["bonus"]["columns"][1], v["bonus"]["columns"][3]
    assert c2 == {"light": "LB6", "light_marks": [Y, G], "light_taken_by": G, "dark": "DB10", "dark_claims": []}
    assert c4 == {"light": "LB7", "light_marks": [Y], "light_taken_by": Y, "dark": "DB2", "dark_claims": []}


def test_ex2_other_order_gives_g_the_stucco_tile():
    game, st = example2()
    play(st, "AREA P", "PLANT NONE", "RESOLVE c3 FLOOR2")
    v = st.to_dict()
    assert v["seats"][Y]["light_tiles"] == [] and v["seats"][Y]["yellow"] == ["Y2", "Y3"]  # Y3 for LB7
    assert v["seats"][G]["light_tiles"] == ["LB6"]  # G's stucco came first; Y's third stucco scores nothing
    assert v["bonus"]["columns"][1]["light_marks"] == [G]
    assert v["bonus"]["columns"][3]["light_marks"] == [Y] and v["bonus"]["columns"][3]["light_taken_by"] is None


def example3():
    game = load(2)
    v = make_view(game, round=3, card="E2", used=["E5"], order=[1, 0] * 5, turn=9,
                  track={"S": [1, 0], "C": [1, 0], "L": [1, 0], "M": [1, 0, 1]}, seats={
                      0: {"craftsmen": {"MB": "II", "CARP": "I", "PLAST": "I", "MASON": None, "SCULPT": None},
                          "experience": 4, "castle": ["c3 BASE", "c3 FLOOR2"], "outer": 14,
                          "stock": {"gold": 5, "wood": 2, "lime": 3, "glass": 1, "marble": 1},
                          "workers": {"supply": 6, "tavern": 6}}})
    v["heads"]["MB II"]["prices"] = [6]
    return scenario(game, v)


def test_ex3_order_cost_with_experience():
    st = example3()
    assert st.to_dict()["events"]["active"] == "BAD WEATHER"
    play(st, "AREA B", "ORDER MB TOWER")
    assert legal_names(st) == ["LEVEL 1", "LEVEL 3"]  # TARGET c3 TOWER was the only target
    play(st, "LEVEL 3")
    v = st.to_dict()
    assert v["pending"] == "BUYBACK"  # season end ran up to E5b
    s = v["seats"][0]
    assert s["outer"] == 14 + 12 and s["experience"] == 5 and s["castle"][-1] == "c3 TOWER"
    assert s["stock"] == {"gold": 5 + 3 + 3, "wood": 0, "lime": 0, "marble": 0, "glass": 0}
    assert s["workers"] == {"supply": 1 + 3, "plant": 0, "orders": 0, "tavern": 6 + 2}


def test_ex3_level_one_order_details():
    st = example3()
    play(st, "AREA B", "ORDER MB TOWER", "LEVEL 1")
    # resolved already; the order it placed used 6 workers, 2 exhausted
    assert st.to_dict()["seats"][0]["workers"]["tavern"] == 6 + 2


BLUE, RED, GREEN = 0, 1, 2


def test_ex4_plant():
    game = load(3)
    v = make_view(game, seats={BLUE: {}, RED: {}})
    v["land"]["nodes"]["A1"] = {"tile": "FOREST", "discs": [BLUE]}
    v["land"]["nodes"]["A2"] = {"tile": "FOREST", "discs": [BLUE]}
    v["land"]["nodes"]["A3"] = {"tile": "TAX", "discs": [RED]}
    st = scenario(game, v)
    play(st, "AREA P")
    assert "PLANT WOOD 5" in legal_names(st) and "PLANT WOOD 6" not in legal_names(st)
    play(st, "PLANT WOOD 5")
    play(st, "AREA P")
    assert "PLANT WOOD 2" in legal_names(st) and "PLANT WOOD 3" not in legal_names(st)
    play(st, "PLANT WOOD 2", "AREA P", "PLANT WOOD 1", "AREA P")
    assert not any(x.startswith("PLANT WOOD") for x in legal_names(st))
    play(st, "PLANT NONE", "AREA P", "PLANT GOLD")
    v = st.to_dict()
    assert v["plant"]["wood"] == [{"seat": BLUE, "amount": 5, "workers": 4}, {"seat": RED, "amount": 2, "workers": 2},
                                  {"seat": GREEN, "amount": 1, "workers": 1}]
    assert v["plant"]["gold"][0] == {"seat": RED, "amount": 4, "workers": 0}
    assert v["seats"][RED]["stock"]["gold"] == 5 + 4


def test_ex4_seed_case_step_one():
    game = load(2)
    v = make_view(game)
    v["land"]["nodes"]["A1"] = {"tile": "FOREST", "discs": [0, 1]}
    st = scenario(game, v)
    play(st, "AREA P", "PLANT WOOD 4")  # first taker: max 3 + 1, saving 1
    play(st, "AREA P", "PLANT WOOD 3")
    slots = st.to_dict()["plant"]["wood"]
    assert [x["workers"] for x in slots] == [3, 2]


def test_ex5_land():
    game = load(4)
    YEL = 3
    v = make_view(game, order=[RED, GREEN, YEL, BLUE] * 5, seats={RED: {"stock": {"gold": 9}}})
    v["land"]["nodes"]["A1"] = {"tile": "FOREST", "discs": [BLUE]}
    v["land"]["links"]["A1"] = "MC2"
    v["land"]["mc_available"] = ["MC1", "MC3", "MC5", "MC6", "MC7", "MC8"]
    v["land"]["mc_removed"] = ["MC4"]
    st = scenario(game, v)
    gold = [s["stock"]["gold"] for s in st.to_dict()["seats"]]
    play(st, "AREA L", "LAND A1")
    s = st.to_dict()["seats"]
    assert s[RED]["stock"]["gold"] == gold[RED] - 3 and s[BLUE]["stock"]["gold"] == gold[BLUE] + 1
    assert s[RED]["income"]["wood"] == 1 and s[RED]["market_tiles"] == ["MC2"]
    play(st, "AREA L", "LAND A1")
    s = st.to_dict()["seats"]
    assert s[GREEN]["stock"]["gold"] == gold[GREEN] - 3
    assert s[BLUE]["stock"]["gold"] == gold[BLUE] + 2 and s[RED]["stock"]["gold"] == gold[RED] - 3 + 1
    play(st, "AREA S", "START WOOD", "AREA S")
    play(st, "AREA L", "LAND B1 TAX")
    assert st.to_dict()["context"]["field"] == "B1"
    play(st, "MC PLACE MC6 REMOVE MC1")
    v = st.to_dict()
    s = v["seats"]
    assert s[RED]["stock"]["gold"] == gold[RED] - 3 + 1 - 3 and s[RED]["income"]["gold"] == 1
    assert v["land"]["mc_available"] == ["MC3", "MC5", "MC7", "MC8"] and v["land"]["links"]["B1"] == "MC6"
    assert s[RED]["market_tiles"] == ["MC2", "MC6"]
    play(st, "AREA M", "MARKET STOP", "AREA M", "MARKET STOP", "AREA M", "MARKET STOP", "AREA L")
    assert "LAND M1" in legal_names(st) and "LAND M2" in legal_names(st)


def test_ex6_market():
    game = load(2)
    v = make_view(game, order=[B, R] * 5, seats={
        B: {"stock": {"gold": 4, "marble": 1}, "workers": {"supply": 10, "tavern": 2}},
        R: {"stock": {"gold": 6}, "workers": {"supply": 8, "tavern": 4}}})
    st = scenario(game, v)
    play(st, "AREA M", "MARKET LABOUR+WOOD")
    v = st.to_dict()
    assert v["labour_price"]["labour_wood"] == 3 and v["seats"][B]["stock"]["gold"] == 2
    assert v["seats"][B]["workers"]["tavern"] == 1 and v["seats"][B]["stock"]["wood"] == 1
    play(st, "MARKET SELL MARBLE")
    assert st.to_dict()["seats"][B]["stock"]["gold"] == 5
    play(st, "MARKET BUY GLASS")
    assert st.to_dict()["seats"][B]["stock"]["gold"] == 3 and st.to_dict()["pending"] == "TURN"
    play(st, "AREA M", "MARKET LABOUR+WOOD")
    s = st.to_dict()["seats"][R]
    assert s["stock"]["gold"] == 3 and s["workers"]["tavern"] == 3
    play(st, "MARKET LABOUR2")
    s = st.to_dict()["seats"][R]
    assert s["stock"]["gold"] == 1 and s["workers"]["tavern"] == 1


def example7(card, **overrides):
    game = load(2, **overrides)
    aw = [c for c in ("E2", "E4") if c != card]
    v = make_view(game, round=4, card="E6", used=["E5"], order=[1, 0] * 5, turn=9,
                  track={"S": [1], "C": [1, 0], "L": [1, 0], "M": [1, 0], "P": [0, 1]}, seats={
                      0: {"stock": {"gold": 2, "wood": 1}, "workers": {"supply": 9, "tavern": 3},
                          "castle": ["c3 BASE", "c3 FLOOR2", "c4 BASE", "c4 FLOOR2"], "outer": 28},
                      1: {"stock": {"gold": 0, "wood": 1}}},
                  hidden={"ss": [card, "E7"], "aw": aw[:1] + ["E8"]})
    v["land"]["nodes"]["A1"] = {"tile": "TAX", "discs": [0]}
    v["land"]["nodes"]["A2"] = {"tile": "TAX", "discs": [0]}
    return scenario(game, v)


def test_ex7_year_end():
    st = example7("E1")
    play(st, "AREA S")
    assert st.to_dict()["pending"] == "BUYBACK" and st.to_dict()["seats"][0]["stock"]["gold"] == 6
    play(st, "BUYBACK YES")
    v = st.to_dict()
    s = v["seats"][0]
    assert v["round"] == 5 and v["events"]["active"] == "GOLD DONATION" and v["pending"] == "TURN"
    assert s["stock"]["gold"] == 6 and s["stock"]["wood"] == 0 and s["firewood_penalty"] == 3
    assert s["workers"]["tavern"] == 2
    assert [v["heads"][h]["displayed"] for h in ("MB II", "CARP II", "PLAST II", "MB III")] == [True] * 3 + [False]


def test_ex7_gift_supplies_firewood():
    st = example7("E3")
    play(st, "AREA S", "BUYBACK YES")
    assert st.current_player() == 1  # first in the new order (start-player space 1)
    play(st, "GIFT LIME", "GIFT WOOD")
    assert st.to_dict()["seats"][0]["firewood_penalty"] == 0 and st.to_dict()["seats"][0]["stock"]["wood"] == 0


def test_ex7_firewood_first_penalty_either_way():
    st = example7("E3", year_end_order="FIREWOOD_FIRST")
    play(st, "AREA S", "BUYBACK YES", "GIFT LIME", "GIFT WOOD")
    s = st.to_dict()["seats"][0]
    assert s["firewood_penalty"] == 3 and s["stock"]["wood"] == 1


def ex8_view(game, **seat0):
    v = make_view(game, seats={0: {"outer": 52, "inner": 59, "stock": {"gold": 6, "marble": 2, "glass": 2,
                                                                       "wood": 3, "lime": 2}, **seat0}})
    cols = v["bonus"]["columns"]
    cols[0].update(light_marks=[0], dark="DB1", dark_claims=[0])
    cols[1].update(light_marks=[1], dark="DB2", dark_claims=[1, 0])
    cols[2].update(light_marks=[1], dark="DB3", dark_claims=[1, 0])
    ys = v["bonus"]["yellow"]  # a yellow tile gained for each light mark
    v["seats"][0]["yellow"], v["seats"][1]["yellow"], v["bonus"]["yellow"] = ys[:1], ys[1:3], ys[3:]
    return v


def test_ex8_final_scoring_130():
    game = load(2)
    st = scenario(game, ex8_view(game))
    s = st.to_dict()["seats"][0]
    assert s["vp_by_source"] == {"outer": 52, "inner": 59, "imbalance": -3, "light_tiles": 0, "dark_bonus": 17,
                                 "leftovers": 5, "firewood": 0}
    assert s["vp"] == 130
    scenario(game, ex8_view(game, vp=130))
    with pytest.raises(ValueError, match="vp"):
        game.state_from_dict(ex8_view(game, vp=133))


def start_event(event_card, season_round, gold, wood=0):
    """Seat 0's stock after the start effect of the next season's event (income table zeroed)."""
    game = load(2, income={"gold_base": [0] * 5})
    used = {3: ["E5"]}[season_round]
    sick = TABLES["events"][event_card][season_round] == "ILLNESS"  # this season's event
    track = {"S": [1], "C": [0, 1], "L": [0, 1], "M": [0, 1]}
    if not sick:
        track["P"] = [1, 0]
    v = make_view(game, round=season_round, card=event_card, used=used, order=[1, 0] * 5, turn=7 if sick else 9,
                  track=track, seats={0: {"stock": {"gold": gold, "wood": wood}}})
    v["sick"] = [8, 9] if sick else []
    st = scenario(game, v)
    play(st, "AREA S")
    v = st.to_dict()
    assert v["round"] == season_round + 1
    return v["seats"][0]["stock"]


@pytest.mark.parametrize("gold, rich, surrender", [(0, 2, 0), (1, 3, 0), (4, 6, 3), (5, 5, 4), (6, 4, 4), (9, 7, 7)])
def test_ex9_start_events_gold(gold, rich, surrender):
    assert start_event("E6", 3, gold)["gold"] == rich  # E6 winter: RICH AND POOR
    assert start_event("E8", 3, gold)["gold"] == surrender  # E8 winter: GOLD SURRENDER


@pytest.mark.parametrize("wood, gold, after", [(2, 3, (1, 3)), (0, 3, (0, 1)), (0, 1, (0, 0)), (0, 0, (0, 0))])
def test_ex9_required_wood(wood, gold, after):
    st = start_event("E1", 3, gold, wood)  # E1 winter: REQUIRED WOOD
    assert (st["wood"], st["gold"]) == after


def test_ex10_hiring():
    game = load(3)
    v = make_view(game, seats={p: {"stock": {"gold": 9}} for p in range(3)})
    st = scenario(game, v)
    assert st.to_dict()["heads"]["SCULPT I"]["prices"] == [4, 5, 7]
    for p, price in enumerate([4, 5, 7]):
        play(st, "AREA C", "HIRE SCULPT I")
        assert st.to_dict()["seats"][p]["stock"]["gold"] == 9 - price
        assert st.to_dict()["seats"][p]["craftsmen"]["SCULPT"] == "I"
    assert st.to_dict()["heads"]["SCULPT I"]["prices"] == []
    assert "AREA C" not in legal_names(st)  # 3 craftsman spaces with 3 players


def test_ex10_cannot_afford():
    game = load(3)
    v = make_view(game, seats={0: {"stock": {"gold": 3}}})
    st = scenario(game, v)
    play(st, "AREA C")
    assert "HIRE SCULPT I" not in legal_names(st) and "HIRE MASON I" in legal_names(st)
