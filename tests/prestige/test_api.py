"""Public API of Prestige: action names, illegal actions, parameters, state_from_dict rejections and hidden
stacks, results and records (docs/prestige.md section 14)."""

import copy

import pytest

import brux
from brux.games.prestige.kernel import codes as C

from .scenario import legal_names, load, make_view, play, scenario


def test_action_names():
    game = load(3)
    names = [game.action_to_string(a) for a in range(game.num_actions)]
    assert len(names) == 336 == len(set(names))
    for name in ("SETUP WOOD", "OFFER ACCEPT", "GIFT MARBLE", "WOODTRADE SELL", "TRAIN MASON III", "LOSE M2",
                 "AREA P", "START GOLD", "HIRE MB III", "LAND B5 TAX", "LAND M1", "MC PLACE MC8 REMOVE MC7",
                 "MARKET WL>GLASS", "MARKET LABOUR+LIME", "ORDER SCULPT COLUMN", "TARGET c5 STATUE", "LEVEL 6",
                 "PLANT MARBLE 3", "PLANT LIME 7", "RESOLVE c3 TOWER STUCCO", "RESOLVE c2 BASE", "YELLOW Y12",
                 "BUYBACK YES"):
        assert name in names


def test_setup_decisions_and_illegal_action():
    game = load(4)
    st = game.new_initial_state(seed=5)
    v = st.to_dict()
    assert v["pending"] == "SETUP_RESOURCE" and v["current_player"] == 1 and v["phase"] == "setup"
    assert [s["stock"]["gold"] for s in v["seats"]] == [5, 5, 6, 6]
    with pytest.raises(brux.IllegalActionError):
        st.apply_action("AREA S")
    assert st.to_dict() == v
    play(st, "SETUP WOOD", "SETUP LIME", "SETUP WOOD")
    v = st.to_dict()
    assert [s["stock"]["wood"] + s["stock"]["lime"] for s in v["seats"]] == [0, 1, 1, 1]
    assert v["phase"] in ("start", "turns") and v["events"]["card"] is not None
    assert len(v["bonus"]["yellow"]) == 12 and all(s["castle"] == ["c3 BASE"] for s in v["seats"])
    assert all(s["outer"] == 8 and s["craftsmen"]["MB"] == "I" for s in v["seats"])
    assert [h for h, x in v["heads"].items() if x["displayed"]] == ["SCULPT I", "MASON I"]


@pytest.mark.parametrize("bad, field", [({"start_gold": 9}, "start_gold"), ({"dark_points": [3, 5, 7]}, "dark_points"),
                                        ({"sick_position": "MIDDLE"}, "sick_position"), ({"nope": 1}, "nope"),
                                        ({"action_spaces": {"B": [4, 5]}}, "action_spaces.B"),
                                        ({"yellow_per_player": 4}, "yellow_per_player")])
def test_parameter_validation(bad, field):
    with pytest.raises(ValueError, match=field.split(".")[0]):
        brux.load_game("prestige", players=4, **bad)


def test_parameters_reach_the_kernel():
    st = brux.load_game("prestige", players=2, start_gold=8, action_spaces={"S": [3, 3, 3]}).new_initial_state(1)
    v = st.to_dict()
    assert v["seats"][0]["stock"]["gold"] == 8 and len(v["track"]["S"]) == 3


def test_from_dict_round_trip_and_hidden():
    game = load(3)
    v = make_view(game, round=2, card="E3", hidden={"ss": ["E1", "E2"], "aw": ["E4", "E5", "E6"],
                                                   "dark": ["DB1", "DB2", "DB3", "DB4", "DB5"]})
    st = scenario(game, v)
    out = st.to_dict()
    assert out["events"]["active"] == "COVETED STUCCO" and out["pending"] == "TURN"
    for key in ("order", "track", "land", "heads", "plant"):
        assert out[key] == v[key]
    w = copy.deepcopy(v)
    w["hidden"]["ss"] = ["E1", "E3"]
    with pytest.raises(ValueError, match="hidden"):
        game.state_from_dict(w)


def _reject(game, v, match):
    with pytest.raises(ValueError, match=match):
        game.state_from_dict(v)


def test_from_dict_rejections():
    game = load(2)
    base = make_view(game)
    cases = []

    def case(match, edit):
        w = copy.deepcopy(base)
        edit(w)
        cases.append((match, w))

    case("unknown key", lambda w: w.update(extra=1))
    case("missing key", lambda w: w.pop("bonus"))
    case("game", lambda w: w.update(game="lutece"))
    case("players", lambda w: w.update(players=3))
    case("season", lambda w: w.update(season="autumn"))
    case("order", lambda w: w.update(order=[0] * 10))
    case("sick", lambda w: w.update(sick=[9]))
    case("turn", lambda w: w.update(turn=1))
    case("track.S", lambda w: w["track"].update(S=[None]))
    case("track.C", lambda w: w["track"].update(C=[None, 0]))
    case("workers", lambda w: w["seats"][0]["workers"].update(supply=11))
    case("stock", lambda w: w["seats"][0]["stock"].update(gold=-1))
    case("craftsmen.MASON", lambda w: w["seats"][0]["craftsmen"].update(MASON="II"))
    case("experience", lambda w: w["seats"][0].update(experience=7))
    case("castle", lambda w: w["seats"][0].update(castle=["c3 BASE", "c3 TOWER"]))
    case("castle", lambda w: w["seats"][0].update(castle=["c1 BASE", "c3 BASE"]))
    case("castle", lambda w: w["seats"][0].update(castle=["c3 BASE", "c3 BASE COLUMN"]))
    case("orders", lambda w: w["seats"][0].update(orders=[{"x": 1}]))
    case("land.nodes.A1", lambda w: w["land"]["nodes"].update(A1={"tile": "TAX", "discs": []}))
    case("connected", lambda w: w["land"]["nodes"].update(B3={"tile": "TAX", "discs": [0]}))
    case("land", lambda w: w["land"].update(mc_available=["MC1"]))
    case("heads.SCULPT I.prices", lambda w: w["heads"]["SCULPT I"].update(prices=[5, 4]))
    case("heads.MB II.displayed", lambda w: w["heads"]["MB II"].update(displayed=True))
    case("heads.SCULPT I.prices", lambda w: w["seats"][0]["craftsmen"].update(SCULPT="I"))
    case("bonus.columns", lambda w: w["bonus"]["columns"][0].update(light="LB2"))
    case("dark", lambda w: w["bonus"]["columns"][0].update(dark="DB1"))
    case("bonus.yellow", lambda w: w["bonus"].update(yellow=["Y1"]))
    case("events", lambda w: w["events"].update(active="GIFT"))
    case("labour_price", lambda w: w["labour_price"].update(labour2=4))
    case("firewood_penalty", lambda w: w["seats"][0].update(firewood_penalty=2))
    case("outer", lambda w: w["seats"][0].update(outer=3))
    case("income", lambda w: w["seats"][0].update(income={"gold": 1, "wood": 0, "lime": 0, "marble": 0}))
    case("vp", lambda w: w["seats"][0].update(vp=99))
    case("pending", lambda w: w.update(pending="PLANT"))
    for match, w in cases:
        _reject(game, w, match)


def test_from_dict_rejects_wrong_order_cost():
    game = load(2)
    order = {"craftsman": "PLAST", "product": "STUCCO", "target": "c3 BASE", "level": 0, "wood": 0, "lime": 2,
             "marble": 0, "glass": 0, "workers": 3, "exhausted": 1, "extra_gold": 0}
    v = make_view(game, turn=1, track={"B": [0]}, seats={0: {"orders": [order], "workers": {"supply": 9,
                                                                                           "orders": 3}}})
    st = scenario(game, v)
    assert st.to_dict()["seats"][0]["orders"] == [order]
    for change in ({"workers": 2}, {"lime": 1}, {"target": "c2 BASE"}, {"extra_gold": 2}, {"product": "PANEL"}):
        w = copy.deepcopy(v)
        w["seats"][0]["orders"][0].update(change)
        _reject(game, w, "orders")


def test_result_and_tie_break():
    """Equal VP: the seat earlier in the final ORDER' ranks first (section 8.5)."""
    game = load(2)
    v = make_view(game, round=12, card="E4", used=["E1", "E2", "E3", "E5", "E6"], order=[1, 0] * 5, turn=9,
                  track={"S": [1], "C": [1, 0], "L": [1, 0], "M": [1, 0], "P": [0, 1]})
    st = scenario(game, v)
    play(st, "AREA M", "MARKET STOP")
    assert st.is_terminal()
    v = st.to_dict()
    assert v["seats"][0]["vp"] == v["seats"][1]["vp"]
    assert v["next_order"][0] == 1
    res = st.result()
    assert [r["rank"] for r in res] == [2, 1] and [r["win_share"] for r in res] == [0.0, 1.0]
    assert set(res[0]["vp_by_source"]) == set(C.VP_SOURCES)


def test_legal_names_are_ascending_and_unique():
    game = load(3)
    st = game.new_initial_state(seed=2)
    for _ in range(40):
        if st.is_terminal():
            break
        acts = st.legal_actions()
        assert acts == sorted(set(acts)) and len(acts) >= 2
        st.apply_action(acts[-1])
    assert legal_names(st)
