"""`state_from_dict` rejections of section 14.5 not covered by test_api.py: each edit of a valid view (built from a
real state's to_dict) gives a ValueError naming the key and the problem."""

import pytest

from .scenario import load, make_view, scenario

GAME = load(2)
PANEL = {"craftsman": "CARP", "product": "PANEL", "target": "c3 BASE", "level": 0, "wood": 2, "lime": 0,
         "marble": 0, "glass": 0, "workers": 3, "exhausted": 1, "extra_gold": 0}
STUCCO = {"craftsman": "PLAST", "product": "STUCCO", "target": "c3 BASE", "level": 0, "wood": 0, "lime": 2,
          "marble": 0, "glass": 0, "workers": 3, "exhausted": 1, "extra_gold": 0}


def base():
    return make_view(GAME)


def with_orders(*orders, round=1, **kw):
    """Seat 0 placed len(orders) B instructors holding `orders` (first ORDER entries are seat 0's)."""
    k = len(orders)
    order = [0] * k + [1] * k + [0, 1] * (5 - k)
    w = sum(o["workers"] for o in orders)
    extra = {"card": "E4", "used": ["E1", "E2", "E3", "E5", "E6"]} if round == 12 else {}
    return make_view(GAME, round=round, order=order, turn=k, track={"B": [0] * k},
                     seats={0: {"castle": ["c2 BASE", "c3 BASE"], "outer": 16, "orders": list(orders),
                                "workers": {"supply": 12 - w, "orders": w}, **kw}}, **extra)


STUCCO2 = dict(STUCCO, workers=2)  # PLAST II


def plast2(*orders):
    """Seat 0 holds PLAST II (cap 2) and placed `orders`."""
    v = with_orders(*orders, craftsmen={"MB": "I", "CARP": "I", "PLAST": "II", "MASON": None, "SCULPT": None})
    v["heads"]["PLAST II"]["prices"] = [4]
    return v


def overlay_order(extra):
    """Round 12: seat 1's four orders fill the normal B spaces, seat 0's order is on B5 (an overlay space)."""
    orders1 = [PANEL, dict(PANEL, target="c2 BASE"), STUCCO, dict(STUCCO, target="c2 BASE")]
    return make_view(GAME, round=12, card="E4", used=["E1", "E2", "E3", "E5", "E6"], order=[1] * 4 + [0] * 5 + [1],
                     turn=5, track={"B": [1, 1, 1, 1, 0]}, seats={
                         0: {"orders": [dict(PANEL, extra_gold=extra)], "workers": {"supply": 9, "orders": 3}},
                         1: {"castle": ["c2 BASE", "c3 BASE"], "outer": 16, "orders": orders1,
                             "workers": {"supply": 0, "orders": 12}}})


def marked(v, col=0, seat=0, yellow="Y1", dark="DB1"):
    """Seat `seat` marked the light tile of column `col` and gained yellow tile `yellow` for it."""
    v["bonus"]["columns"][col].update(light_marks=[seat], dark=dark)
    if yellow:
        v["seats"][seat]["yellow"].append(yellow)
        v["bonus"]["yellow"].remove(yellow)
    return v


def seat0(**changes):
    def f(v):
        v["seats"][0].update(changes)
    return f


def castle(items, outer=100, inner=100):
    return seat0(castle=items, outer=outer, inner=inner)


def mc_link(v, where="available"):
    v["land"]["nodes"]["A1"] = {"tile": "TAX", "discs": [0]}
    v["land"]["links"]["A1"] = "MC1"
    if where == "removed":
        v["land"]["mc_available"] = [f"MC{i}" for i in range(3, 9)]
        v["land"]["mc_removed"] = ["MC2"]


def taker_view(marks_c4):
    """2p, no yellow tile left: seat 0 gained 4 (marks on columns 1-3 and 4), seat 1 gained 2 (columns 1-2) and
    then took the light tile LB9 of column 4, whose marks are `marks_c4`."""
    v = base()
    ys = v["bonus"]["yellow"]
    for c, marks in enumerate(([0, 1], [0, 1], [0], marks_c4)):
        v["bonus"]["columns"][c].update(light_marks=marks, dark=f"DB{c + 1}")
    v["bonus"]["columns"][3]["light_taken_by"] = 1
    v["seats"][0]["yellow"], v["seats"][1]["yellow"] = ys[:4], ys[4:]
    v["seats"][1]["light_tiles"] = ["LB9"]
    v["bonus"]["yellow"] = []
    return v


CASES = {
    # wrong types, missing and unknown keys below the top level
    "type-round": ("round", lambda v: v.update(round="1")),
    "type-turn-bool": ("turn", lambda v: v.update(turn=True)),
    "type-order": ("order", lambda v: v.update(order="0101010101")),
    "type-stock": (r"seats\[0\]\.stock\.gold", lambda v: v["seats"][0]["stock"].update(gold=1.5)),
    "type-discs": ("land.nodes.A1.discs", lambda v: v["land"]["nodes"].update(A1={"tile": "TAX", "discs": "0"})),
    "missing-seat-key": (r"seats\[0\]: missing key 'castle'", lambda v: v["seats"][0].pop("castle")),
    "unknown-seat-key": (r"seats\[0\]\.colour: unknown key", seat0(colour="red")),
    # not a TURN decision
    "phase": ("phase", lambda v: v.update(phase="end")),
    "context": ("context", lambda v: v.update(context={"area": "S", "space": 1})),
    "over": ("over", lambda v: v.update(over=True)),
    "next-order": ("next_order", lambda v: v.update(next_order=[0, 1] * 5)),
    "current-player": ("current_player", lambda v: v.update(current_player=1)),
    "priority": ("priority", lambda v: v.update(priority=[1, 0])),
    # round, order, turn, track, plant
    "round-range": ("round", lambda v: v.update(round=13)),
    "year": ("year", lambda v: v.update(year=2)),
    "order-length": ("order", lambda v: v.update(order=[0, 1] * 4 + [0])),
    "turn-none-left": ("turn", lambda v: v.update(turn=10)),
    "plant-length": ("plant.wood", lambda v: v["plant"].update(wood=[None])),
    "plant-prefix": ("plant.wood", lambda v: v["plant"].update(wood=[None, {"seat": 0, "amount": 2,
                                                                              "workers": 2}])),
    # workers
    "workers-plant": (r"seats\[0\]\.workers\.plant", lambda v: v["plant"].update(
        wood=[{"seat": 0, "amount": 2, "workers": 2}, None])),
    "workers-negative": (r"seats\[0\]\.workers\.tavern", lambda v: v["seats"][0]["workers"].update(tavern=-1)),
    # craftsmen, experience
    "craftsmen-MB": (r"craftsmen\.MB", lambda v: v["seats"][0]["craftsmen"].update(MB=None)),
    "craftsmen-CARP": (r"craftsmen\.CARP", lambda v: v["seats"][0]["craftsmen"].update(CARP=None)),
    "craftsmen-PLAST": (r"craftsmen\.PLAST", lambda v: v["seats"][0]["craftsmen"].update(PLAST=None)),
    "craftsmen-SCULPT": (r"craftsmen\.SCULPT", lambda v: v["seats"][0]["craftsmen"].update(SCULPT="II")),
    "experience-negative": ("experience", seat0(experience=-1)),
    # castle (section 10.8)
    "castle-no-c3": ("no c3 BASE", castle(["c2 BASE"])),
    "castle-floor2": ("c2 FLOOR2 without a BASE", castle(["c2 FLOOR2", "c3 BASE"])),
    "castle-statues": ("too many statues", castle(["c3 BASE"] + ["c3 STATUE"] * 3)),
    "castle-facades": ("too many statues or facades", castle(["c3 BASE", "c3 FACADE", "c3 FACADE"])),
    "castle-interior": ("on a missing tile", castle(["c3 BASE", "c3 FLOOR2 STUCCO"])),
    "castle-repeated": ("repeated items", castle(["c3 BASE", "c3 BASE"])),
    "castle-order": ("out of order", castle(["c3 BASE", "c2 BASE"])),
    "castle-unknown": ("unknown item", castle(["c3 BASE", "c6 BASE"])),
    # land and market tiles
    "discs-no-tile": ("land.nodes.A1", lambda v: v["land"]["nodes"].update(A1={"tile": None, "discs": [0]})),
    "mc-two-places": ("land.mc_available", mc_link),
    "mc-removed-vs-links": ("land.mc_removed", lambda v: (v["land"]["mc_available"].remove("MC1"),
                                                          v["land"]["mc_removed"].append("MC1"))),
    "market-tiles": (r"seats\[0\]\.market_tiles", lambda v: (mc_link(v, "removed"), seat0(market_tiles=[])(v))),
    # bonus board
    "light-unknown": (r"bonus\.columns\[0\]\.light", lambda v: v["bonus"]["columns"][0].update(light="LB11")),
    "dark-unknown": (r"bonus\.columns\[0\]\.dark", lambda v: marked(v, dark="DB11")),
    "yellow-unknown": ("bonus.yellow", lambda v: v["bonus"].update(yellow=v["bonus"]["yellow"][:-1] + ["Y13"])),
    "seat-yellow-unknown": (r"seats\[0\]\.yellow", lambda v: (marked(v, yellow=None),
                                                               v["seats"][0]["yellow"].append("Y13"))),
    "dark-repeated": (r"bonus\.columns\[1\]\.dark", lambda v: marked(marked(v), col=1, yellow="Y4")),
    "dark-face-down-marked": (r"bonus\.columns\[0\]\.dark", lambda v: marked(v, dark=None)),
    "dark-claims-face-down": (r"bonus\.columns\[0\]\.dark_claims",
                              lambda v: v["bonus"]["columns"][0].update(dark_claims=[0])),
    "light-taken-yellow-left": ("yellow tiles remain", lambda v: (
        marked(v, yellow=None), v["bonus"]["columns"][0].update(light_taken_by=0),
        seat0(light_tiles=["LB1"])(v))),
    "light-tiles-vs-board": (r"seats\[0\]\.light_tiles", seat0(light_tiles=["LB1"])),
    "yellow-without-mark": (r"seats\[0\]\.yellow", lambda v: (v["seats"][0]["yellow"].append("Y1"),
                                                              v["bonus"]["yellow"].remove("Y1"))),
    "mark-without-yellow": (r"seats\[1\]\.yellow", lambda v: (
        marked(v), v["bonus"]["columns"][0].update(light_marks=[0, 1]))),
    "light-taker-not-last": (r"bonus\.columns\[3\]\.light_taken_by", lambda v: v.update(taker_view([1, 0]))),
    # events
    "events-card-used": ("events.card", lambda v: v.update(round=3, events={
        "card": "E1", "stack": "AW", "active": "GOLD DONATION", "next": "REQUIRED WOOD", "ss_left": 2,
        "aw_left": 2, "used": ["E1"]})),
    "events-stack": ("events.stack", lambda v: v["events"].update(stack="AW")),
    "events-next": ("events.next", lambda v: v["events"].update(next="GIFT")),
    "events-counts": ("events", lambda v: v["events"].update(ss_left=1)),
    "events-used-repeated": ("events.used", lambda v: v.update(round=5, events={
        "card": "E3", "stack": "SS", "active": "GIFT", "next": "COVETED STUCCO", "ss_left": 1, "aw_left": 2,
        "used": ["E1", "E1"]})),
    # markers, penalty, score
    "firewood-negative": ("firewood_penalty", seat0(firewood_penalty=-3)),
    "inner-below-items": (r"seats\[0\]\.inner", seat0(castle=["c3 BASE", "c3 BASE STUCCO"], inner=3)),
    "vp-by-source": ("vp_by_source", seat0(vp_by_source={"outer": 8, "inner": 0, "imbalance": -4,
                                                         "light_tiles": 0, "dark_bonus": 0, "leftovers": 2,
                                                         "firewood": 0})),
    # hidden information
    "hidden-unknown-key": ("hidden.out", lambda v: v.update(hidden={"out": ["E7", "E8"]})),
    "hidden-ss-length": ("hidden.ss", lambda v: v.update(hidden={"ss": ["E2"]})),
    "hidden-ss-seen-card": ("hidden.ss", lambda v: v.update(hidden={"ss": ["E1", "E2"]})),
    "hidden-dark-face-up-column": ("hidden.dark", lambda v: (marked(v), v.update(hidden={
        "dark": ["DB2", "DB3", "DB4", "DB5", "DB6"]}))),
    "hidden-dark-face-up-tile": ("hidden.dark", lambda v: (marked(v), v.update(hidden={
        "dark": [None, "DB1", "DB3", "DB4", "DB5"]}))),
}


@pytest.mark.parametrize("name", list(CASES))
def test_14_5_rejects(name):
    match, edit = CASES[name]
    v = base()
    edit(v)
    with pytest.raises(ValueError, match=match):
        GAME.state_from_dict(v, seed=1)


ORDER_CASES = {
    "orders-without-instructor": (r"seats\[0\]\.orders", lambda: make_view(GAME, seats={0: {
        "orders": [PANEL], "workers": {"supply": 9, "orders": 3}}})),
    "orders-workers": (r"seats\[0\]\.workers\.orders", lambda: with_orders(PANEL, workers={"supply": 8,
                                                                                          "orders": 4})),
    "order-craftsman-missing": ("cannot make", lambda: with_orders(dict(STUCCO, craftsman="MASON",
                                                                        product="MARBLE", lime=1, marble=1))),
    "order-over-cap": ("over its cap", lambda: with_orders(PANEL, dict(PANEL, target="c2 BASE"))),
    "order-targeted-twice": ("targeted twice", lambda: plast2(STUCCO2, STUCCO2)),
    "order-exhausted": ("workers/exhausted", lambda: with_orders(dict(PANEL, exhausted=0))),
    "order-level": ("level", lambda: with_orders(dict(PANEL, level=1))),
    "order-final-overlay-space": ("extra_gold", lambda: overlay_order(0)),
    "order-final-normal-space": ("extra_gold", lambda: with_orders(dict(PANEL, extra_gold=2), round=12)),
}


def test_14_5_order_views_are_valid_without_the_edit():
    """The order positions the cases below start from are accepted as built."""
    scenario(GAME, plast2(STUCCO2, dict(STUCCO2, target="c2 BASE")))
    scenario(GAME, overlay_order(2))
    scenario(GAME, with_orders(PANEL))
    scenario(GAME, with_orders(PANEL, dict(PANEL, target="c2 BASE"), round=12))  # caps lifted in round 12


@pytest.mark.parametrize("name", list(ORDER_CASES))
def test_14_5_rejects_orders(name):
    match, build = ORDER_CASES[name]
    with pytest.raises(ValueError, match=match):
        GAME.state_from_dict(build(), seed=1)


def test_14_5_illness_season_needs_the_sick_list():
    v = make_view(GAME, round=2, card="E5")
    with pytest.raises(ValueError, match="sick"):
        GAME.state_from_dict(v)
    v["sick"] = [8, 9]
    assert scenario(GAME, v).to_dict()["sick"] == [8, 9]


def test_14_5_yellow_tiles_agree_with_light_marks():
    """Accepted: per seat, light marks = yellow tiles gained + light tiles taken, the taker last (section 6.3)."""
    assert scenario(GAME, marked(base())).to_dict()["seats"][0]["yellow"] == ["Y1"]
    v = scenario(GAME, taker_view([0, 1])).to_dict()
    assert v["seats"][1]["light_tiles"] == ["LB9"] and v["seats"][1]["vp_by_source"]["light_tiles"] == 3
