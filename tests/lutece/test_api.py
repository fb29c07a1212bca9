"""The Python API of Lutèce beyond the contract every game meets (tests/contract): illegal plays by rule,
parameters and card tables, the action space, records under overrides, the view and scenarios."""

import copy
import json
import random

import pytest

import brux
from brux.games.lutece.invariants import check_invariants, filtered_decks

from .scenario import legal_names, load, make_view, play, scenario

RESOURCES = ("beer", "bread", "gladius", "elixir")


def random_play(state, rnd, max_decisions=None):
    n = 0
    while not state.is_terminal() and (max_decisions is None or n < max_decisions):
        state.apply_action(rnd.choice(state.legal_actions()))
        n += 1
    return state


def assert_rejected(state, action):
    view, legal, history = state.to_dict(), state.legal_actions(), list(state.history)
    array = state.array.copy()
    with pytest.raises(brux.IllegalActionError):
        state.apply_action(action)
    assert state.to_dict() == view
    assert state.legal_actions() == legal
    assert state.history == history
    assert (state.array == array).all()


# ---------------------------------------------------------------------------------------------------------------
# Illegal plays
# ---------------------------------------------------------------------------------------------------------------

def test_illegal_plays_by_rule():
    game = load(3)
    v = make_view(game, [("C14", 0), ("C22", 0), ("C30", 1)], [("L17", 0), ("L18", 0), ("L02", 0)],
                  [(3, ["C35", "C36"]), (4, []), (2, [])])
    state = scenario(game, v)
    # 3 players: slots A-C and I-III only; one_each: not two letters, not two numerals.
    for name in ("PLAY D+I", "PLAY A+IV", "PLAY E+$", "PLAY A+B", "PLAY I+II", "PLAY A+A", "BRIBE 0", "LEGIONS 0"):
        assert_rejected(state, name)
    play(state, "PLAY A+I")
    for name in ("BRIBE 4", "BRIBE +100", "PLAY B+II", "LEGIONS 1"):
        assert_rejected(state, name)  # 3 coins held
    play(state, "BRIBE 2")
    assert_rejected(state, "BRIBE 2")  # the sum of bribes is at most the coins held at bidding
    play(state, "BRIBE 1")
    assert_rejected(state, "LEGIONS 3")  # 2 legions held
    play(state, "LEGIONS 2")
    assert state.to_dict()["current_player"] == 1  # the second card's legions (0 left) were automatic


# ---------------------------------------------------------------------------------------------------------------
# The action space (docs section 3)
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players,one_each,any_two", [(2, 16, 22), (3, 16, 22), (4, 25, 37), (5, 36, 56)])
def test_card_pair_counts(players, one_each, any_two):
    """Rules 6.1: (S+1)^2 pairs with one_each, C(2S, 2) + 2S + 1 with any_two."""
    for rule, count in (("one_each", one_each), ("any_two", any_two)):
        state = load(players, pair_rule=rule).new_initial_state(seed=1)
        names = legal_names(state)
        assert len(names) == count and all(n.startswith("PLAY ") for n in names)
        assert ("PLAY $+$" in names) and ("PLAY A+I" in names)
        assert ("PLAY A+B" in names) == (rule == "any_two")


@pytest.mark.parametrize("rule", ["one_each", "any_two"])
def test_income_cards_variants(rule):
    two = set(legal_names(load(4, pair_rule=rule).new_initial_state(seed=1)))
    one = set(legal_names(load(4, pair_rule=rule, income_cards=1).new_initial_state(seed=1)))
    none = set(legal_names(load(4, pair_rule=rule, income_cards=0).new_initial_state(seed=1)))
    assert two - one == {"PLAY $+$"}
    assert none == {n for n in one if "$" not in n}
    assert len(none) == (16 if rule == "one_each" else 28)


def test_action_names_are_stable():
    game = load(3)
    names = [game.action_to_string(a) for a in range(game.num_actions)]
    assert len(set(names)) == game.num_actions == 176
    assert names[0] == "PLAY A+A" and names[10] == "PLAY A+$" and names[65] == "PLAY $+$"
    assert names[66] == "BRIBE 0" and names[165] == "BRIBE 99" and names[166] == "BRIBE +100"
    assert names[167] == "LEGIONS 0" and names[175] == "LEGIONS 8"
    assert load(5).action_to_string(5) == names[5]


def test_bribe_counts_follow_the_purse():
    """One card: c + 1 options; then the second card's options shrink by the first bribe."""
    game = load(2)
    v = make_view(game, [("C09", 0), ("C11", 0), ("C25", 0)], [("L08", 0), ("L04", 0), ("L01", 0)],
                  [(7, []), (0, [])])
    state = scenario(game, v)
    play(state, "PLAY B+III")
    assert legal_names(state) == [f"BRIBE {b}" for b in range(8)]
    play(state, "BRIBE 3")
    assert legal_names(state) == [f"BRIBE {b}" for b in range(5)]
    play(state, "BRIBE 4")
    # Seat 1 has no coin: its bribes are automatic (0); only the cards are a decision.
    assert state.to_dict()["current_player"] == 1
    play(state, "PLAY A+$")
    assert state.to_dict()["round"] == 3


def test_bribe_cap():
    game = load(2, bribe_cap=2)
    v = make_view(game, [("C09", 0), ("C11", 0), ("C25", 0)], [("L08", 0), ("L04", 0), ("L01", 0)],
                  [(7, []), (1, [])])
    state = scenario(game, v)
    play(state, "PLAY B+III")
    assert legal_names(state) == ["BRIBE 0", "BRIBE 1", "BRIBE 2"]
    play(state, "BRIBE 2")
    assert legal_names(state) == ["BRIBE 0", "BRIBE 1", "BRIBE 2"]
    zero = load(2, bribe_cap=0)
    state = scenario(zero, make_view(zero, [("C09", 0), ("C11", 0), ("C25", 0)],
                                     [("L08", 0), ("L04", 0), ("L01", 0)], [(7, []), (1, [])]))
    play(state, "PLAY B+III")  # bribes are forced to 0
    assert state.to_dict()["current_player"] == 1


def test_large_bribes_in_steps_of_100():
    game = load(2)
    v = make_view(game, [("C09", 0), ("C11", 0), ("C25", 0)], [("L08", 0), ("L04", 0), ("L01", 0)],
                  [(250, []), (3, [])])
    state = scenario(game, v)
    assert state.to_dict()["bank"] == 66 - 253
    play(state, "PLAY A+I")
    assert legal_names(state) == [f"BRIBE {b}" for b in range(100)] + ["BRIBE +100"]
    play(state, "BRIBE +100", "BRIBE +100")
    assert state.to_dict()["current_play"]["raised"] == 200
    assert legal_names(state) == [f"BRIBE {b}" for b in range(51)]
    play(state, "BRIBE 40")  # 240 on A
    assert state.to_dict()["current_play"]["bribes"] == [240]
    assert legal_names(state) == [f"BRIBE {b}" for b in range(11)]
    play(state, "BRIBE 5")
    play(state, "PLAY A+$", "BRIBE 3")
    v = state.to_dict()
    # A: 240 > 3, C09 costs 0; I: L08 costs 3, paid from the 5 coins left. Seat 1: its 3 back + 1, and 3 income.
    assert v["seats"][0]["tableau"] == ["C09", "L08"] and v["seats"][0]["coins"] == 2
    assert v["seats"][1]["coins"] == 7
    assert check_invariants(state) == []


# ---------------------------------------------------------------------------------------------------------------
# Parameters and card tables
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("overrides,field", [
    ({"foo": 1}, "foo"),
    ({"slots": [3, 3, 4]}, "slots"),
    ({"slots": [3, 3, 4, 6]}, r"slots\[3\]"),
    ({"slots": [1, 3, 4, 5]}, r"slots\[0\]"),
    ({"start_coins": 16}, "start_coins"),
    ({"start_coins": "5"}, "start_coins"),
    ({"income_value": 7}, "income_value"),
    ({"income_cards": 3}, "income_cards"),
    ({"consolation": -1}, "consolation"),
    ({"growth": 4}, "growth"),
    ({"growth": 1.0}, "growth"),
    ({"majority_vp": [4, 10, 0]}, "majority_vp"),
    ({"majority_vp": [10, 4]}, "majority_vp"),
    ({"majority_vp": [21, 4, 0]}, r"majority_vp\[0\]"),
    ({"land_coins": 7}, "land_coins"),
    ({"tavern_base": 11}, "tavern_base"),
    ({"legion_bribe": 6}, "legion_bribe"),
    ({"legion_vp": 6}, "legion_vp"),
    ({"prestige_resource_vp": 4}, "prestige_resource_vp"),
    ({"prestige_colour_vp": 5}, "prestige_colour_vp"),
    ({"statue_base": 7}, "statue_base"),
    ({"bazaar_vp": 13}, "bazaar_vp"),
    ({"fortune_divisor": 0}, "fortune_divisor"),
    ({"pair_rule": "three"}, "pair_rule"),
    ({"bribe_cap": -1}, "bribe_cap"),
    ({"bribe_cap": "1"}, "bribe_cap"),
    ({"bribe_cap": None}, "bribe_cap"),
    ({"bribe_cap": True}, "bribe_cap"),
    ({"max_rounds": 9}, "max_rounds"),
    ({"max_rounds": 201}, "max_rounds"),
    ({"cards": {"C99": {"cost": 1}}}, "cards.C99"),
    ({"cards": {"C01": {"costs": 1}}}, "cards.C01.costs"),
    ({"cards": {"C01": {"cost": -1}}}, "cards.C01.cost"),
    ({"cards": {"C01": {"cost": "1"}}}, "cards.C01.cost"),
    ({"cards": {"C01": {"kind": "wizard"}}}, "cards.C01.kind"),
    ({"cards": {"C01": {"colour": "blue"}}}, "cards.C01.colour"),
    ({"cards": {"C01": {"vp_per": "gold"}}}, "cards.C01.vp_per"),
    ({"cards": {"C01": {"min_players": 6}}}, "cards.C01.min_players"),
    ({"cards": {"C01": {"deck": "hand"}}}, "cards.C01.deck"),
    ({"cards": {"C01": {"vp_base": 2}}}, "cards.C01"),  # a resource card scores nothing
    ({"cards": {"C01": 3}}, "cards.C01"),
    ({"cards": {"C01": {"kind": "bazaar"}}}, "bazaar_requirements.C01"),
    ({"bazaar_requirements": {"L12": [2, 2, 0]}}, "bazaar_requirements.L12"),
    ({"bazaar_requirements": {"L01": [1, 1, 1, 1]}}, "L01"),
    ({"cards": {f"C{i:02d}": {"kind": "legion"} for i in range(1, 4)}}, "legion"),  # 9 legions > 8
])
def test_invalid_parameters_name_the_field(overrides, field):
    with pytest.raises(ValueError, match=field):
        load(3, **overrides)


def test_a_deck_too_small_for_its_row_is_an_error():
    few = {f"L{i:02d}": {"min_players": 5} for i in range(1, 18)}  # 2 locations left for 2 players
    with pytest.raises(ValueError, match="location deck has 2 cards"):
        load(2, cards=few)
    assert load(5, cards=few).players == 5


def test_valid_overrides_are_kept():
    game = load(4, bribe_cap=3, pair_rule="any_two", majority_vp=[12, 6, 1])
    assert game.params["bribe_cap"] == 3 and game.params["majority_vp"] == [12, 6, 1]
    assert game.params_id != load(4).params_id
    assert load(4).params_id == load(4).params_id
    edited = load(4, cards={"L12": {"cost": 3}})
    assert edited.params["cards"]["L12"]["cost"] == 3 and edited.params["cards"]["L12"]["kind"] == "bazaar"
    assert edited.params_id != load(4).params_id
    assert load(4).params["cards"]["L12"]["cost"] == 2  # defaults untouched


def test_card_overrides_change_the_game():
    game = load(2, cards={"L01": {"min_players": 5}, "C01": {"cost": 3, "beer": 4}})
    assert len(filtered_decks(game.params, 2)["location"]) == 18
    state = game.new_initial_state(seed=0)
    assert state.to_dict()["decks"]["location"] == 18 - 3
    v = make_view(game, [("C01", 0), ("C02", 0), ("C09", 0)], [("L02", 0), ("L03", 0), ("L04", 0)],
                  [(3, []), (0, [])])
    state = scenario(game, v)
    play(state, "PLAY A+$", "BRIBE 0")
    play(state, "PLAY $+$")
    out = state.to_dict()["seats"][0]
    assert out["tableau"] == ["C01"] and out["resources"]["beer"] == 4 and out["coins"] == 3
    with pytest.raises(ValueError, match="not used with 2 players"):
        game.state_from_dict(make_view(load(2), [("C01", 0), ("C02", 0), ("C09", 0)],
                                       [("L01", 0), ("L03", 0), ("L04", 0)], [(3, []), (0, [])]))


def test_parameters_replace_card_values_of_their_kind():
    game = load(2, land_coins=6, tavern_base=0, statue_base=0, legion_vp=5, bazaar_vp=1, prestige_colour_vp=1,
                prestige_resource_vp=3)
    v = make_view(game, [("C03", 0), ("C09", 0), ("C17", 0)], [("L01", 0), ("L04", 0), ("L05", 0)],
                  [(5, ["L11", "C35", "L12", "L08", "C11", "C01", "C02"]), (9, [])])
    state = scenario(game, v)
    src = state.to_dict()["seats"][0]["vp_by_source"]
    # statue 0 + 2 pillars (L11, L08); legion 5; bazaar L12 (beer 2, bread 2) 1; bakery 1 x 4 yellow
    # (L08, C11, C01, ... C35 is purple, L11 purple, L12 purple, C02 green): L08, C11, C01 -> 3.
    assert (src["statue"], src["legion"], src["bazaar"], src["prestige_colour"]) == (2, 5, 1, 3)
    play(state, "PLAY I+$", "BRIBE 0", "LEGIONS 0")
    play(state, "PLAY II+$", "BRIBE 0")
    seats = state.to_dict()["seats"]
    assert seats[0]["coins"] == 5 + 3 - 1 + 6  # income, pays L01, gains land_coins
    assert seats[1]["coins"] == 9 + 3 - 2 + 0  # income, pays L04, tavern_base 0 + no beer


def test_deck_table_of_section_2_4():
    """Rules 2.4, recomputed from the card tables."""
    want = {2: (3, 22, 19, 11, 9, (12, 12, 12, 5)), 3: (3, 28, 24, 16, 12, (15, 15, 15, 7)),
            4: (4, 34, 29, 21, 12, (18, 18, 18, 9)), 5: (5, 40, 34, 24, 12, (21, 21, 20, 12))}
    for n, (slots, chars, locs, symbols, pillars, colours) in want.items():
        game = load(n)
        p = game.params
        decks = filtered_decks(p, n)
        cards = [p["cards"][c] for ids in decks.values() for c in ids]
        assert p["slots"][n - 2] == slots
        assert (len(decks["character"]), len(decks["location"])) == (chars, locs)
        assert {sum(c[x] for c in cards) for x in RESOURCES} == {symbols}
        assert sum(c["pillars"] for c in cards) == pillars
        assert tuple(sum(c["colour"] == k for c in cards) for k in ("yellow", "green", "red", "purple")) == colours
        view = game.new_initial_state(seed=n).to_dict()
        assert view["decks"] == {"character": chars - slots, "location": locs - slots}
        assert view["bank"] == 66 - 5 * n and [sd["coins"] for sd in view["seats"]] == [5] * n


# ---------------------------------------------------------------------------------------------------------------
# Determinism of the deal, records
# ---------------------------------------------------------------------------------------------------------------

def test_deals_differ_by_seed():
    game = load(4)
    deals = {json.dumps(game.new_initial_state(seed=s).to_dict()["display"]) for s in range(10)}
    assert len(deals) == 10


def test_record_and_replay_under_overrides(tmp_path):
    game = load(5, pair_rule="any_two", bribe_cap=4)
    state = random_play(game.new_initial_state(seed=8), random.Random(8))
    rec = state.record(agents=["random"] * 5)
    assert rec["game"] == "lutece" and rec["overrides"] == {"pair_rule": "any_two", "bribe_cap": 4}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec))
    again = brux.replay(path)
    assert again.game.params == game.params
    assert again.to_dict() == state.to_dict() and again.result() == state.result()


def test_scenario_record_and_replay():
    game = load(3)
    v = make_view(game, [("C03", 0), ("C13", 1), ("C17", 2)], [("L16", 0), ("L05", 1), ("L14", 0)],
                  [(5, []), (4, []), (3, [])])
    state = scenario(game, v, seed=4)
    random_play(state, random.Random(4))
    rec = json.loads(json.dumps(state.record()))
    again = brux.replay(rec)
    assert again.to_dict() == state.to_dict()


# ---------------------------------------------------------------------------------------------------------------
# The view and scenarios
# ---------------------------------------------------------------------------------------------------------------

SEAT_KEYS = ["coins", "tableau", "legions", "resources", "pillars", "colours", "committed", "vp", "vp_by_source"]


def test_view_schema():
    state = load(4).new_initial_state(seed=3)
    v = state.to_dict()
    assert list(v) == ["game", "players", "round", "over", "current_player", "pending", "bank", "display", "decks",
                       "removed", "seats", "current_play"]
    assert (v["game"], v["players"], v["round"], v["over"], v["current_player"], v["pending"]) == (
        "lutece", 4, 1, False, 0, "PLAY_CARDS")
    assert [len(v["display"][r]) for r in ("characters", "locations")] == [4, 4]
    assert list(v["seats"][0]) == SEAT_KEYS
    assert list(v["seats"][0]["resources"]) == list(RESOURCES)
    json.dumps(v)
    random_play(state, random.Random(0))
    v = state.to_dict()
    assert v["over"] and v["current_player"] is None and v["pending"] is None and v["current_play"] is None
    json.dumps(v)


def bad_views():
    game = load(3)
    good = make_view(game, [("C03", 0), ("C13", 1), ("C17", 2)], [("L16", 0), ("L05", 1), ("L14", 0)],
                     [(5, ["C35"]), (4, []), (3, [])])
    yield "good", good

    def edit(where, fn):
        v = copy.deepcopy(good)
        fn(v)
        return where, v

    yield edit("game", lambda v: v.update(game="bruxelles1897"))
    yield edit("players", lambda v: v.update(players=4))
    yield edit("over", lambda v: v.update(over=True))
    yield edit("pending", lambda v: v.update(pending="PLAY_BRIBE"))
    yield edit("current_player", lambda v: v.update(current_player=1))
    yield edit("round", lambda v: v.update(round=0))
    yield edit("round", lambda v: v.update(round=51))
    yield edit("committed", lambda v: v["seats"][1].update(committed=True))
    yield edit(r"display.characters\[0\]", lambda v: v["display"]["characters"][0].update(card="C99"))
    yield edit(r"display.characters\[0\]", lambda v: v["display"]["characters"][0].update(card="L01"))
    yield edit(r"display.characters\[0\]", lambda v: v["display"]["characters"][0].update(card="C40"))
    yield edit(r"display.locations\[2\]", lambda v: v["display"]["locations"][2].update(card="L16"))
    yield edit(r"display.characters\[1\].coins", lambda v: v["display"]["characters"][1].update(coins=-1))
    yield edit("display.characters", lambda v: v["display"]["characters"].pop())
    yield edit(r"seats\[2\].coins", lambda v: v["seats"][2].update(coins=-2))
    yield edit(r"seats\[1\].tableau\[0\]", lambda v: v["seats"][1].update(tableau=["C35"]))
    yield edit(r"seats\[0\].legions", lambda v: v["seats"][0].update(legions=0))
    yield edit(r"seats\[0\].resources", lambda v: v["seats"][0].update(resources={x: 1 for x in RESOURCES}))
    yield edit(r"seats\[0\].vp", lambda v: v["seats"][0].update(vp=99))
    yield edit("seats", lambda v: v["seats"].pop())
    yield edit("bank", lambda v: v.update(bank=3))
    yield edit("character", lambda v: v["decks"].update(character=v["decks"]["character"] + 1))
    yield edit("location", lambda v: v["removed"].update(location=1))
    yield edit("in round 1", lambda v: (v.update(round=1), v["display"]["characters"].__setitem__(0, None)))


def test_state_from_dict_rejects_inconsistent_views():
    game = load(3)
    for where, view in bad_views():
        if where == "good":
            state = game.state_from_dict(view, seed=1)
            assert check_invariants(state) == []
            assert state.to_dict()["seats"][0]["legions"] == 1
            continue
        with pytest.raises(ValueError, match=where):
            game.state_from_dict(view, seed=1)
