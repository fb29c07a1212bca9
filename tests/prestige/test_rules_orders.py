"""The final-season surcharge of section 5.5.1 in both P12 modes: SPACE (an order on an overlay B space pays +2)
and CAP (an order beyond its craftsman's cap pays +2, wherever it is placed)."""

import pytest

from .scenario import legal_names, load, make_view, play, scenario

PANEL = {"craftsman": "CARP", "product": "PANEL", "target": "c3 BASE", "level": 0, "wood": 2, "lime": 0,
         "marble": 0, "glass": 0, "workers": 3, "exhausted": 1, "extra_gold": 0}
STUCCO = {"craftsman": "PLAST", "product": "STUCCO", "target": "c3 BASE", "level": 0, "wood": 0, "lime": 2,
          "marble": 0, "glass": 0, "workers": 3, "exhausted": 1, "extra_gold": 0}


@pytest.mark.parametrize("mode, extras", [("SPACE", [0, 0, 2]), ("CAP", [0, 2, 0])])
def test_5_5_1_final_surcharge_modes(mode, extras):
    """Seat 0 holds a CARP I order (cap 1) from B1; it adds a second CARP order on B4 (a normal space, over the
    cap) and a PLAST order on B5 (an overlay space, within the cap)."""
    game = load(2, final_extra_mode=mode)
    v = make_view(game, round=12, card="E4", used=["E1", "E2", "E3", "E5", "E6"],
                  order=[0, 1, 1, 0, 0, 1, 1, 1, 0, 0], turn=3, track={"B": [0, 1, 1]}, seats={
                      0: {"castle": ["c2 BASE", "c3 BASE"], "outer": 16, "orders": [PANEL],
                          "stock": {"gold": 9, "wood": 2, "lime": 2}, "workers": {"supply": 9, "orders": 3}},
                      1: {"orders": [STUCCO, PANEL], "workers": {"supply": 6, "orders": 6}}})
    st = scenario(game, v)
    play(st, "AREA B")
    assert st.to_dict()["context"] == {"area": "B", "space": 4, "extra_gold": 0}  # CAP: shown as 0 (B6)
    play(st, "ORDER CARP PANEL", "AREA B")
    assert st.to_dict()["context"]["extra_gold"] == (2 if mode == "SPACE" else 0)
    play(st, "TARGET c2 BASE")  # ORDER PLAST STUCCO was its only order left
    s = st.to_dict()["seats"][0]
    assert [o["extra_gold"] for o in s["orders"]] == extras
    assert [o["craftsman"] for o in s["orders"]] == ["CARP", "CARP", "PLAST"]
    assert s["stock"]["gold"] == 9 - sum(extras)


@pytest.mark.parametrize("marble, offered", [(1, True), (0, False)])
def test_5_5_sculptor_orders_a_column_on_a_tile_with_its_three_interiors(marble, offered):
    """T7/T10: a SCULPT I orders a COLUMN (marble 1, glass 1, 3 workers) on a building tile whose STUCCO, PANEL and
    MARBLE are complete; it resolves into the tile's COLUMN slot for 6 INNER PP (T10). Without the marble the order
    is not offered (other orders are)."""
    game = load(2)
    v = make_view(game, seats={0: {"craftsmen": {"MB": "I", "CARP": "I", "PLAST": "I", "MASON": None,
                                                 "SCULPT": "I"},
                                   "castle": ["c3 BASE", "c3 BASE STUCCO", "c3 BASE PANEL", "c3 BASE MARBLE"],
                                   "inner": 13, "stock": {"marble": marble, "glass": 1, "wood": 5, "lime": 5}}})
    v["heads"]["SCULPT I"]["prices"] = [5]
    st = scenario(game, v)
    play(st, "AREA B")
    assert ("ORDER SCULPT COLUMN" in legal_names(st)) == offered
    assert "ORDER MB FLOOR2" in legal_names(st)
    if not offered:
        return
    play(st, "ORDER SCULPT COLUMN")
    order = st.to_dict()["seats"][0]["orders"][0]
    assert (order["product"], order["target"], order["marble"], order["glass"], order["workers"]) == (
        "COLUMN", "c3 BASE", 1, 1, 3)
    while not st.is_terminal() and st.to_dict()["round"] == 1:
        play(st, legal_names(st)[0])
    s = st.to_dict()["seats"][0]
    assert "c3 BASE COLUMN" in s["castle"] and s["inner"] == 13 + 6
