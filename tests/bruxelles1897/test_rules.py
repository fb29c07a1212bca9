"""Rules points beyond the worked examples, in scenario positions (both engines could share a misreading of
these, so they are checked against the rules text, not against the reference engine)."""

import pytest

from brux.games.bruxelles1897.invariants import check_invariants

from .scenario import base_view, clear_area, free_all, pass_round, play, rebalance


def legal_names(state):
    return [state.action_to_string(a) for a in state.legal_actions()]


def position(players=3, edit=None, seed=6):
    game, v = base_view(players, seed=seed)
    clear_area(v)
    v["area"]["bonus"] = ["nobility", "architecture", "prestige", "prison"]
    if edit:
        edit(v)
    rebalance(v, game)
    state = game.state_from_dict(v, seed=3)
    assert check_invariants(state) == []
    return state


def exhibition_position(v):
    v["area"]["spaces"][0][0] = {"card": "exhibition"}
    v["seats"][0]["artworks"].update({"red": 1, "blue": 1})
    v["seats"][1]["artworks"].update({"red": 1, "green": 1})
    v["seats"][2]["artworks"].update({"yellow": 1})
    v["seats"][2]["passed"] = True


@pytest.mark.parametrize("first,second,vp", [
    ("blue", "red", [2, 4, 0]),  # P0 blue, P1 red, P0 (red shown) drops out, P1 green
    ("red", None, [4, 2, 0]),  # P0 red, P1 green (only colour left), P0 blue, P1 drops out
])
def test_exhibition_round_robin(first, second, vp):
    """Rules 3.5 A5: from the taker clockwise, players who have not passed exhibit a colour not yet shown (2 VP
    each) until nobody can; seat 2 has passed and does not take part."""
    state = position(edit=exhibition_position)
    state.apply_action("AN r0c0 1/3@1")
    assert (state.to_dict()["pending"], state.to_dict()["current_player"]) == ("EXHIBIT", 0)
    assert legal_names(state) == ["EXHIBIT blue", "EXHIBIT red"]
    state.apply_action(f"EXHIBIT {first}")
    if second:
        assert (state.to_dict()["pending"], state.to_dict()["current_player"]) == ("EXHIBIT", 1)
        state.apply_action(f"EXHIBIT {second}")
    v = state.to_dict()
    assert v["pending"] == "MAIN" and v["current_player"] == 1
    assert [s["vp_by_source"]["exhibit"] for s in v["seats"]] == vp
    assert v["exhibition_holder"] == 0
    assert v["seats"][0]["artworks"] == {"yellow": 0, "blue": 1, "green": 0, "red": 1}  # exhibited artworks are kept
    # Rules 3.1: the holder becomes the start player of the next round and the card goes back.
    pass_round(state)
    v = state.to_dict()
    assert v["round"] == 2 and v["start_player"] == 0 and v["exhibition_holder"] is None


def test_exhibition_one_each():
    game, v = base_view(3, seed=6, exhibition_mode="one_each")
    clear_area(v)
    v["area"]["bonus"] = ["nobility", "architecture", "prestige", "prison"]
    exhibition_position(v)
    rebalance(v, game)
    state = game.state_from_dict(v, seed=3)
    play(state, "AN r0c0 1/3@1", "EXHIBIT blue")
    assert legal_names(state) == ["EXHIBIT green", "EXHIBIT red"]
    state.apply_action("EXHIBIT green")
    v = state.to_dict()
    assert v["pending"] == "MAIN"
    assert [s["vp_by_source"]["exhibit"] for s in v["seats"]] == [2, 2, 0]


def test_start_player_moves_clockwise_without_exhibition():
    state = position()
    assert state.to_dict()["start_player"] == 0
    pass_round(state)
    v = state.to_dict()
    assert v["round"] == 2 and v["start_player"] == 1 and v["current_player"] == 1
    # The first seat to pass gets 3 BEF, the others 1 BEF.
    start = position().to_dict()
    assert [s["money"] for s in v["seats"]] == [start["seats"][0]["money"] + 3, start["seats"][1]["money"] + 1,
                                                start["seats"][2]["money"] + 1]


def test_city_hall_limit_is_the_noble_track():
    """L = noble track when City Hall is chosen; Prince Albert activated during it does not raise L."""
    def edit(v):
        v["seats"][0]["nobles"].update({"albert": "untapped", "buls": "untapped"})
    state = position(edit=edit)
    play(state, "BR city_hall", "COMMIT 1/3")
    assert legal_names(state) == ["ACTIVATE brugmann", "ACTIVATE albert", "ACTIVATE buls"]  # no STOP before one
    state.apply_action("ACTIVATE albert")
    v = state.to_dict()
    assert (v["pending"], v["current_player"]) == ("MAIN", 1)  # L = 1 reached
    assert v["seats"][0]["tracks"]["noble"] == 2
    assert v["seats"][0]["nobles"] == {"brugmann": "untapped", "albert": "tapped", "buls": "untapped", "horta": None,
                                       "hankar": None, "vandervelde": None}


def test_city_hall_two_activations_and_stop():
    def edit(v):
        v["seats"][0]["nobles"].update({"albert": "untapped", "buls": "untapped"})
        v["seats"][0]["tracks"].update({"noble": 2, "prestige": 5})
    state = position(edit=edit)
    money = state.to_dict()["seats"][0]["money"]
    play(state, "BR city_hall", "COMMIT 1/3", "ACTIVATE buls")
    assert legal_names(state) == ["ACTIVATE brugmann", "ACTIVATE albert", "STOP_ACTIVATING"]
    state.apply_action("ACTIVATE brugmann")
    v = state.to_dict()
    assert v["current_player"] == 1 and v["pending"] == "MAIN"  # L = 2 reached
    seat = v["seats"][0]
    assert seat["money"] == money + 4
    assert seat["tracks"]["prestige"] == 5  # at the maximum: the gain is lost
    assert seat["nobles"]["albert"] == "untapped"


def test_noble_identical_to_a_kept_one_is_discarded():
    def edit(v):
        v["area"]["spaces"][0][0] = {"card": "noble", "noble": "albert"}
        v["seats"][0]["nobles"]["albert"] = "untapped"
    state = position(edit=edit)
    state.apply_action("AN r0c0 1/3@1")
    v = state.to_dict()
    assert (v["pending"], v["current_player"]) == ("MAIN", 1)  # DISCARD_NOBLE was the only option
    assert v["seats"][0]["tracks"]["noble"] == 2
    assert v["discards"]["noble"] == 1


def test_vandervelde_frees_an_architect_playable_this_round():
    """A7: an architect freed by Vandervelde during the action phase can be played in the same round."""
    def edit(v):
        v["area"]["spaces"][0][0] = {"card": "noble", "noble": "vandervelde"}
        v["area"]["spaces"][0][1] = {"card": "artwork", "artwork": "red"}
    state = position(edit=edit)
    assert state.to_dict()["seats"][0]["prison"] == {"1/3": 0, "2/4": 1, "2/5": 1}
    state.apply_action("AN r0c0 1/3@1")
    assert legal_names(state) == ["FREE 2/4", "FREE 2/5"]
    state.apply_action("FREE 2/5")
    assert legal_names(state) == ["KEEP_NOBLE", "DISCARD_NOBLE"]
    state.apply_action("KEEP_NOBLE")
    play(state, "PASS", "PASS")  # seats 1 and 2
    v = state.to_dict()
    assert v["current_player"] == 0 and v["seats"][0]["hand"]["2/5"] == 1
    assert v["seats"][0]["nobles"]["vandervelde"] == "tapped"
    assert "AN r0c1 2/5@2" in legal_names(state)


def test_park_build_needs_a_payable_house():
    def edit(v, materials):
        v["seats"][0]["artworks"]["red"] = 1
        v["seats"][0]["materials"].update(materials)
    for materials, allowed in (({}, False), ({"SB": 1}, True)):
        state = position(edit=lambda v, m=materials: edit(v, m))
        play(state, "BR park", "COMMIT 1/3")
        options = legal_names(state)
        assert ("PARK build" in options) == allowed
        assert {"PARK create", "PARK sale", "PARK procure", "PARK influence"} <= set(options)


def test_a_player_without_architects_must_pass():
    def edit(v):
        seat = v["seats"][0]
        for t in seat["hand"]:
            seat["prison"][t] += seat["hand"][t]
            seat["hand"][t] = 0
    game, v = base_view(3, seed=6)
    edit(v)
    rebalance(v, game)
    start = game.state_from_dict(v, seed=3)
    view = start.to_dict()
    assert view["current_player"] == 1  # seat 0's only option, PASS, was taken
    assert view["seats"][0]["passed"] and view["seats"][0]["money"] == v["seats"][0]["money"] + 3


def end_ranking(edit):
    game, v = base_view(3, seed=7)
    clear_area(v)
    v["round"] = 4
    edit(v)
    rebalance(v, game)
    state = game.state_from_dict(v, seed=1)
    pass_round(state)
    assert state.is_terminal()
    assert all(r["vp"] == 0 for r in state.result())
    return [(r["rank"], r["win_share"]) for r in state.result()]


def test_ranking_tie_breaks():
    """Rules 4: most VP; then fewest architects in prison; then the highest sum of tracks; else shared."""
    assert end_ranking(lambda v: free_all(v, 0)) == [(1, 1.0), (2, 0.0), (2, 0.0)]
    assert end_ranking(lambda v: v["seats"][2]["tracks"].update(noble=2)) == [(2, 0.0), (2, 0.0), (1, 1.0)]
    third = pytest.approx(1 / 3)
    assert end_ranking(lambda v: None) == [(1, third), (1, third), (1, third)]
