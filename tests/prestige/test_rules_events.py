"""The events of section 7 not covered by test_rules.py / the worked examples: COVETED PANELING, GOOD WEATHER,
the ILLNESS start effect, the LOSS OF LAND plant maximum and WORKER OFFER with one tavern worker."""

import copy

import pytest

from .scenario import legal_names, load, make_view, play, scenario
from .test_rules import LAST_TURN, finish_season, last_turn

TOWER_CASTLE = ["c3 BASE", "c3 FLOOR2", "c3 TOWER"]


@pytest.mark.parametrize("card, rnd, item, target, inner", [
    ("E4", 2, "CARP PANEL", None, 5),                # COVETED PANELING (summer): PANEL on a BASE 4 + 1
    ("E4", 3, "CARP PANEL", None, 5),                # ... and its autumn half
    ("E4", 2, "CARP PANEL", "TARGET c3 TOWER", 6),   # PANEL on a tower 5 + 1
    ("E4", 2, "PLAST STUCCO", None, 4),              # STUCCO is not coveted then
    ("E3", 2, "CARP PANEL", None, 4),                # COVETED STUCCO season: PANEL unchanged
])
def test_7_coveted_paneling(card, rnd, item, target, inner):
    game = load(2)
    castle = TOWER_CASTLE if target else ["c3 BASE"]
    v = make_view(game, round=rnd, card=card, used=["E1"] if rnd == 3 else [], order=[1, 0] * 5, turn=9,
                  track=LAST_TURN, seats={0: {"castle": castle, "outer": 26 if target else 8,
                                              "stock": {"wood": 2, "lime": 2}}})
    st = scenario(game, v)
    play(st, "AREA B", "ORDER " + item, *([target] if target else []))
    v = st.to_dict()  # the season ended: the order was resolved (E2)
    assert v["round"] == rnd and v["phase"] == "end" and v["seats"][0]["orders"] == []
    assert v["seats"][0]["inner"] == inner


@pytest.mark.parametrize("card, base, panel, statue", [("E2", 5, 3, 1),    # GOOD WEATHER: outer orders -1
                                                       ("E4", 6, 3, 2)])   # no worker change that summer
def test_7_good_weather(card, base, panel, statue):
    game = load(2)
    v = make_view(game, round=2, card=card, seats={
        0: {"stock": {"wood": 3, "lime": 2, "glass": 1, "marble": 1},
            "craftsmen": {"MB": "I", "CARP": "I", "PLAST": "I", "MASON": None, "SCULPT": "I"}},
        1: {"stock": {"wood": 2}}})
    v["heads"]["SCULPT I"]["prices"] = [5]
    st = scenario(game, v)
    play(st, "AREA B", "ORDER MB BASE", "TARGET c2 BASE")
    play(st, "AREA B")  # seat 1: CARP PANEL on c3 BASE is its only order
    play(st, "AREA B")  # seat 0: SCULPT STATUE on c3 is its only order left
    s = st.to_dict()["seats"]
    assert [(o["product"], o["workers"], o["exhausted"]) for o in s[0]["orders"]] == [
        ("BASE", base, 2), ("STATUE", statue, 1)]
    assert s[1]["orders"][0]["workers"] == panel  # inner order: unchanged


def test_7_good_weather_keeps_one_worker():
    """An outer order of 1 worker (edited T7 row) still needs 1 worker under GOOD WEATHER (min 1)."""
    rows = copy.deepcopy(load(2).params["orders"]["rows"])
    for r in rows:
        if r[0] == "SCULPT" and r[3] == "STATUE":
            r[8] = 1
    game = load(2, orders={"columns": load(2).params["orders"]["columns"], "rows": rows})
    v = make_view(game, round=2, card="E2", seats={
        0: {"stock": {"marble": 1}, "craftsmen": {"MB": "I", "CARP": "I", "PLAST": "I", "MASON": None,
                                                  "SCULPT": "I"}}})
    v["heads"]["SCULPT I"]["prices"] = [5]
    st = scenario(game, v)
    play(st, "AREA B")
    assert st.to_dict()["seats"][0]["orders"][0]["workers"] == 1  # ORDER SCULPT STATUE was the only order


def test_7_illness_start_effect():
    """Summer ILLNESS (card E5): each seat's last instructor of the new ORDER is sick; 5P - P turns."""
    st = last_turn(round=1, card="E5", seats={0: {"workers": {"supply": 11, "tavern": 1}}})
    v = finish_season(st)
    assert v["round"] == 2 and v["events"]["active"] == "ILLNESS"
    order = v["order"]
    assert v["sick"] == sorted(max(i for i, q in enumerate(order) if q == p) for p in (0, 1))
    while v["pending"] != "BUYBACK":  # seat 0 still has a tavern worker: asked at the season end
        play(st, legal_names(st)[0])
        v = st.to_dict()
    assert v["round"] == 2 and v["turn"] == 8
    assert sum(q is not None for xs in v["track"].values() for q in xs) == 8


@pytest.mark.parametrize("card, wood_max", [("E7", 2), ("E1", 3)])
def test_7_loss_of_land_lowers_the_plant(card, wood_max):
    """LOSS OF LAND season (E7 autumn): wood and lime plant max -1 (first taker: 2 + 1 - 1); marble unchanged."""
    game = load(2)
    v = make_view(game, round=3, card=card, used=["E2"])
    for node in ("B1", "A1"):
        v["land"]["nodes"][node] = {"tile": "TAX", "discs": [0]}
    v["land"]["nodes"]["M1"] = {"tile": "MARBLE", "discs": [0]}
    st = scenario(game, v)
    play(st, "AREA P")
    names = legal_names(st)
    for res in ("WOOD", "LIME"):
        assert f"PLANT {res} {wood_max}" in names and f"PLANT {res} {wood_max + 1}" not in names
    assert "PLANT MARBLE 2" in names and "PLANT MARBLE 3" not in names  # step 1: 1, +1 first taker


def test_7_worker_offer_one_tavern_worker():
    st = last_turn(round=3, card="E2", used=["E5"], seats={0: {"workers": {"supply": 11, "tavern": 1}}})
    v = finish_season(st)
    assert v["pending"] == "WORKER_OFFER" and v["current_player"] == 0
    play(st, "OFFER ACCEPT")
    s = st.to_dict()["seats"][0]
    assert s["workers"]["tavern"] == 0 and s["workers"]["supply"] == 12 and s["stock"]["gold"] == 5 + 3 - 1


def test_7_cheap_land_shares_in_priority_order():
    """CHEAP LAND (cost 2) on a tile held by three others: 1 gold to each in priority order until the cost is used
    (A8), so the third gets nothing."""
    game = load(4)
    v = make_view(game, card="E6", order=[0, 3, 1, 2] * 5)
    v["land"]["nodes"]["A2"] = {"tile": "TAX", "discs": [1, 2, 3]}
    st = scenario(game, v)
    gold = [s["stock"]["gold"] for s in st.to_dict()["seats"]]
    play(st, "AREA L", "LAND A2")
    after = [s["stock"]["gold"] for s in st.to_dict()["seats"]]
    assert [a - b for a, b in zip(after, gold)] == [-2, 1, 0, 1]


def test_7_loss_of_land_loses_the_market_tile():
    """A seat holds an MC tile only while it has a disc on that outer field (5.3.7); the link keeps the tile."""
    game = load(2)
    v = make_view(game, round=2, card="E1", order=[1, 0] * 5, turn=9, track=LAST_TURN,
                  hidden={"aw": ["E7", "E2", "E4"]})  # autumn: LOSS OF LAND
    v["land"]["nodes"]["A1"] = {"tile": "TAX", "discs": [0]}
    v["land"]["nodes"]["A2"] = {"tile": "FOREST", "discs": [0]}
    v["land"]["links"]["A1"] = "MC3"
    v["land"]["mc_available"] = ["MC1", "MC2", "MC5", "MC6", "MC7", "MC8"]
    v["land"]["mc_removed"] = ["MC4"]
    st = scenario(game, v)
    assert st.to_dict()["seats"][0]["market_tiles"] == ["MC3"]
    finish_season(st)
    play(st, "LOSE A1")
    v = st.to_dict()
    assert v["seats"][0]["market_tiles"] == [] and v["land"]["links"]["A1"] == "MC3"
    assert v["land"]["nodes"]["A1"] == {"tile": None, "discs": []}
