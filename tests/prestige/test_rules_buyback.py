"""Buying back workers at E5b (section 8.3.5, P9 BUYBACK_PRICE / BUYBACK_MAX): with BUYBACK_MAX > 1 the seat is
asked again after each YES while it can pay, has a tavern worker and is below the maximum (B5)."""

import pytest

from .scenario import load, play
from .test_rules import last_turn


def buyback_position(tavern=3, gold=5, **overrides):
    """2p season end: seat 0 (tavern `tavern`, `gold` + 3 income) is asked to buy back; seat 1 has no tavern."""
    st = last_turn(game=load(2, **overrides), seats={0: {"workers": {"supply": 12 - tavern, "tavern": tavern},
                                                         "stock": {"gold": gold}}})
    play(st, "AREA S")
    v = st.to_dict()
    assert v["pending"] == "BUYBACK" and v["current_player"] == 0
    return st


def seat0(st):
    v = st.to_dict()
    return v["pending"], v["round"], v["seats"][0]["workers"]["tavern"], v["seats"][0]["stock"]["gold"]


@pytest.mark.parametrize("maximum", [2, 3])
def test_8_3_buyback_several_workers(maximum):
    st = buyback_position(buyback_max=maximum)
    play(st, "BUYBACK YES", "BUYBACK YES")
    if maximum == 2:  # the maximum is reached: not asked again, the next season begins
        assert seat0(st) == ("TURN", 2, 3 - 2, 8 - 2)
    else:
        assert seat0(st) == ("BUYBACK", 1, 3 - 2, 8 - 2)
        play(st, "BUYBACK YES")
        assert seat0(st) == ("TURN", 2, 0, 8 - 3)  # no tavern worker left


def test_8_3_buyback_no_ends_the_seats_turn():
    st = buyback_position(buyback_max=3)
    play(st, "BUYBACK YES", "BUYBACK NO")
    assert seat0(st) == ("TURN", 2, 3 - 1, 8 - 1)


def test_8_3_buyback_price_and_gold_limit():
    """Price 2, max 3: gold 0 + 3 income pays for one worker only."""
    st = buyback_position(gold=0, buyback_max=3, buyback_price=2)
    play(st, "BUYBACK YES")
    assert seat0(st) == ("TURN", 2, 3 - 1, 3 - 2)
