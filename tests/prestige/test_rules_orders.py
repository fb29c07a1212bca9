"""The final-season surcharge of section 5.5.1 in both P12 modes: SPACE (an order on an overlay B space pays +2)
and CAP (an order beyond its craftsman's cap pays +2, wherever it is placed)."""

import pytest

from .scenario import load, make_view, play, scenario

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
