"""The yellow bonus tiles of T13 (gained at once, section 6.3), each chosen after a land expansion meets LB9."""

import pytest

from .scenario import legal_names, load, make_view, play, scenario

YELLOW = [f"Y{i}" for i in range(1, 13)]


def gain(tile, outer=8, inner=0, tavern=3, experience=0):
    """Seat 0 (3 discs) expands to a 4th (LB9: 4 discs) and picks `tile`; returns its seat view before and after."""
    game = load(2, yellow_per_player=6)
    v = make_view(game, seats={0: {"stock": {"gold": 9}, "outer": outer, "inner": inner, "experience": experience,
                                   "workers": {"supply": 12 - tavern, "tavern": tavern}}})
    for node in ("A1", "A2", "A3"):
        v["land"]["nodes"][node] = {"tile": "QUARRY", "discs": [0]}
    st = scenario(game, v)
    play(st, "AREA L", "LAND A4 QUARRY")
    assert legal_names(st) == [f"YELLOW {y}" for y in YELLOW]
    before = st.to_dict()["seats"][0]
    play(st, f"YELLOW {tile}")
    v = st.to_dict()
    assert v["bonus"]["columns"][3]["light_marks"] == [0] and tile not in v["bonus"]["yellow"]
    return before, v["seats"][0]


@pytest.mark.parametrize("tile, stock", [("Y1", {"gold": 3}), ("Y2", {"gold": 3}), ("Y3", {"marble": 1}),
                                         ("Y4", {"marble": 1}), ("Y5", {"gold": 1, "glass": 1}),
                                         ("Y6", {"wood": 2, "lime": 1}), ("Y7", {"wood": 1, "lime": 2})])
def test_t13_goods(tile, stock):
    before, after = gain(tile)
    assert after["yellow"] == [tile]
    assert {k: after["stock"][k] - before["stock"][k] for k in after["stock"]} == {
        k: stock.get(k, 0) for k in after["stock"]}


@pytest.mark.parametrize("tile, outer, inner, want", [("Y8", 8, 0, (8, 2)), ("Y9", 8, 0, (10, 0)),
                                                      ("Y10", 8, 0, (8, 2)), ("Y10", 8, 12, (10, 12)),
                                                      ("Y10", 8, 8, (8, 10))])  # tie: INNER
def test_t13_pp(tile, outer, inner, want):
    _, after = gain(tile, outer=outer, inner=inner)
    assert (after["outer"], after["inner"]) == want


@pytest.mark.parametrize("tavern, back", [(3, 2), (1, 1), (0, 0)])
def test_t13_y11_workers_from_the_tavern(tavern, back):
    _, after = gain("Y11", tavern=tavern)
    assert after["workers"]["tavern"] == tavern - back and after["workers"]["supply"] == 12 - tavern + back


@pytest.mark.parametrize("experience, want", [(0, 1), (6, 6)])
def test_t13_y12_experience(experience, want):
    _, after = gain("Y12", experience=experience)
    assert after["experience"] == want
