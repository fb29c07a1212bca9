"""The market-condition tiles of T6 (section 5.3.7, 5.4): each changes its holder's market actions only."""

import pytest

from .scenario import legal_names, load, make_view, play, scenario

ALL_MC = [f"MC{i}" for i in range(1, 9)]


def holder_view(game, tile, stock, order=None, tavern=0):
    """Seat 0 holds `tile` (a disc on A1, whose link holds it); seat 1 holds nothing; both have `stock`."""
    v = make_view(game, order=order, seats={p: {"stock": dict(stock), "workers": {"supply": 12 - tavern,
                                                                                   "tavern": tavern}}
                                            for p in (0, 1)})
    if tile is not None:
        other = next(x for x in ALL_MC if x != tile)
        v["land"]["nodes"]["A1"] = {"tile": "FOREST", "discs": [0]}
        v["land"]["links"]["A1"] = tile
        v["land"]["mc_available"] = [x for x in ALL_MC if x not in (tile, other)]
        v["land"]["mc_removed"] = [other]
    return v


def market(tile, variants, stock, seat=0):
    """Stock of `seat` after one market visit (seat 0 on M1, or seat 1 on M2 after seat 0 stops) doing
    `variants`."""
    game = load(2)
    st = scenario(game, holder_view(game, tile, stock))
    if seat == 1:
        play(st, "AREA M", "MARKET STOP")
    play(st, "AREA M", *variants)
    v = st.to_dict()
    assert v["seats"][seat]["market_tiles"] == ([tile] if tile and seat == 0 else [])
    return v["seats"][seat]["stock"]


@pytest.mark.parametrize("tile, variant, gold, good, amount", [
    ("MC1", "MARKET BUY GLASS", 1, "glass", 1),     # Glassworks: glass costs 1
    (None, "MARKET BUY GLASS", 2, "glass", 1),
    ("MC2", "MARKET BUY MARBLE", 2, "marble", 1),   # Marble merchant: marble costs 2
    (None, "MARKET BUY MARBLE", 3, "marble", 1),
    ("MC3", "MARKET BUY WOOD", 1, "wood", 2),       # Timber town: 2 wood for 1 gold
    (None, "MARKET BUY WOOD", 1, "wood", 1),
    ("MC4", "MARKET BUY LIME", 1, "lime", 2),       # Lime town: 2 lime for 1 gold
    (None, "MARKET BUY LIME", 1, "lime", 1),
])
def test_t6_mc1_to_mc4_buy_prices(tile, variant, gold, good, amount):
    s = market(tile, [variant], {"gold": 5})
    assert s["gold"] == 5 - gold and s[good] == amount
    if tile:  # the other seat pays the printed price
        other = market(tile, [variant], {"gold": 5}, seat=1)
        assert (5 - other["gold"], other[good]) == {"glass": (2, 1), "marble": (3, 1), "wood": (1, 1),
                                                    "lime": (1, 1)}[good]


def test_t6_mc1_makes_glass_affordable_with_one_gold():
    game = load(2)
    st = scenario(game, holder_view(game, "MC1", {"gold": 1}))
    play(st, "AREA M")
    assert "MARKET BUY GLASS" in legal_names(st) and "MARKET BUY MARBLE" not in legal_names(st)
    play(st, "MARKET STOP", "AREA M")
    assert "MARKET BUY GLASS" not in legal_names(st)  # seat 1 (no tile) needs 2 gold


@pytest.mark.parametrize("tile, first, later", [("MC5", 1, 2), (None, 2, 3)])
def test_t6_mc5_labour_exchange(tile, first, later):
    """Labour types 7-9 cost 1 less for the holder: 1 on a type's first use in the season, 2 afterwards."""
    game = load(2)
    v = holder_view(game, tile, {"gold": 10}, order=[0, 0, 1, 1] + [0, 1] * 3, tavern=6)
    st = scenario(game, v)
    play(st, "AREA M", "MARKET LABOUR2", "MARKET LABOUR+WOOD", "MARKET STOP")
    s = st.to_dict()["seats"][0]
    assert s["stock"]["gold"] == 10 - 2 * first and s["workers"]["tavern"] == 6 - 3 and s["stock"]["wood"] == 1
    assert st.to_dict()["labour_price"] == {"labour2": 3, "labour_wood": 3, "labour_lime": 2}  # the discs
    play(st, "AREA M", "MARKET LABOUR2", "MARKET LABOUR+LIME")
    s = st.to_dict()["seats"][0]
    assert s["stock"]["gold"] == 10 - 2 * first - later - first and s["workers"]["tavern"] == 6 - 3 - 3


def test_t6_mc6_busy_trader():
    game = load(2)
    st = scenario(game, holder_view(game, "MC6", {"gold": 5}))
    play(st, "AREA M")
    assert st.to_dict()["context"]["left"] == 3 + 1  # M1: 3, +1
    play(st, "MARKET STOP", "AREA M")
    assert st.to_dict()["context"]["left"] == 2  # seat 1 on M2, no tile


@pytest.mark.parametrize("tile, prices", [("MC7", (2, 2, 3, 4)), (None, (1, 1, 2, 3))])
def test_t6_mc7_export_house(tile, prices):
    """SELL: wood 2, lime 2, glass 3, marble 4 gold for the holder (printed 1, 1, 2, 3)."""
    game = load(2)
    stock = {"gold": 0, "wood": 1, "lime": 1, "glass": 1, "marble": 1}
    st = scenario(game, holder_view(game, tile, stock, order=[0, 0, 1, 1] + [0, 1] * 3))
    play(st, "AREA M", "MARKET SELL WOOD", "MARKET SELL LIME", "MARKET SELL GLASS")
    assert st.to_dict()["seats"][0]["stock"]["gold"] == sum(prices[:3])
    play(st, "AREA M", "MARKET SELL MARBLE")
    s = st.to_dict()["seats"][0]["stock"]
    assert s == {"gold": sum(prices), "wood": 0, "lime": 0, "marble": 0, "glass": 0}


@pytest.mark.parametrize("tile, variant, after", [
    ("MC8", "MARKET WW>MARBLE", {"wood": 1, "lime": 2, "marble": 1}),   # Stone cutters: WW -> X costs 1W
    ("MC8", "MARKET LL>GLASS", {"wood": 2, "lime": 1, "glass": 1}),     # LL -> X costs 1L
    ("MC8", "MARKET WL>MARBLE", {"wood": 1, "lime": 1, "marble": 1}),   # WL -> X unchanged
    ("MC8", "MARKET MARBLE>WW", {"wood": 4, "lime": 2, "marble": 0}),   # X -> WW unchanged
    (None, "MARKET WW>MARBLE", {"wood": 0, "lime": 2, "marble": 1}),
    (None, "MARKET LL>GLASS", {"wood": 2, "lime": 0, "glass": 1}),
])
def test_t6_mc8_stone_cutters(tile, variant, after):
    s = market(tile, [variant], {"gold": 0, "wood": 2, "lime": 2, "marble": 1 if "MARBLE>" in variant else 0})
    assert {k: s[k] for k in after} == after


def test_t6_mc8_exchange_with_one_wood():
    game = load(2)
    st = scenario(game, holder_view(game, "MC8", {"gold": 0, "wood": 1, "lime": 1}))
    play(st, "AREA M")
    assert {"MARKET WW>MARBLE", "MARKET LL>GLASS", "MARKET WL>GLASS"} <= set(legal_names(st))
    play(st, "MARKET STOP", "AREA M")
    names = legal_names(st)  # seat 1, no tile
    assert "MARKET WW>MARBLE" not in names and "MARKET LL>GLASS" not in names and "MARKET WL>GLASS" in names


@pytest.mark.parametrize("first, excluded", [("MARKET BUY WOOD", ["MARKET SELL WOOD", "MARKET BUY WOOD"]),
                                             ("MARKET WW>MARBLE", ["MARKET LL>GLASS", "MARKET MARBLE>WL"]),
                                             ("MARKET LABOUR2", ["MARKET LABOUR2"])])
def test_5_4_each_type_once_per_visit(first, excluded):
    game = load(2)
    v = make_view(game, seats={0: {"stock": {"gold": 5, "wood": 2, "lime": 2, "marble": 1},
                                   "workers": {"supply": 8, "tavern": 4}}})
    st = scenario(game, v)
    play(st, "AREA M", first)
    names = legal_names(st)
    assert st.to_dict()["context"]["left"] == 2 and "MARKET BUY GLASS" in names
    assert not set(excluded) & set(names)
