"""The worked examples of rules section 9, reached through the public API.

Each position is a real initial view edited into the example (game.state_from_dict), then played with named
decisions (apply_action) until the rule of the example has been applied.
"""

import pytest

import brux
from brux.games.bruxelles1897.invariants import check_invariants

from .scenario import base_view, clear_area, free_all, pass_round, place, play, rebalance

BONUS = ["nobility", "architecture", "prestige", "prison"]  # bonus card under columns 0..3


def legal_names(state):
    return [state.action_to_string(a) for a in state.legal_actions()]


def scenario(game, view, seed=11):
    state = game.state_from_dict(view, seed=seed)
    assert check_invariants(state) == []
    assert state.to_dict()["pending"] == "MAIN"
    return state


# ---------------------------------------------------------------------------------------------------------------
# Example 1: Build VP. Seat 0 owns 2 houses and takes a house card (the third house: n = 3 symbols).
# ---------------------------------------------------------------------------------------------------------------

def build_position(materials):
    game, v = base_view(3, seed=0)
    clear_area(v)
    v["area"]["spaces"][0][0] = {"card": "house", "house": "h3"}
    seat = v["seats"][0]
    seat["houses"]["h1"] = seat["houses"]["h2"] = 1
    seat["materials"].update(materials)
    rebalance(v, game)
    return scenario(game, v)


@pytest.mark.parametrize("second,vp", [("SS", 2), ("WW", 3)])
def test_example1_build_vp(second, vp):
    """SB + SS: 2 <= 3 <= 4, types {S, B}: 2 VP. SB + WW: 3 VP."""
    state = build_position({"SB": 1, second: 1})
    before = state.to_dict()
    state.apply_action("AN r0c0 1/3@1")
    v = state.to_dict()
    assert (v["pending"], v["current_player"]) == ("BUILD", 0)
    assert v["pending_cards"] == [{"card": "house", "house": "h3"}]
    # Nothing paid yet: only material cards can be added (one card is not a valid payment of 3 symbols).
    assert sorted(legal_names(state)) == sorted(["PAY SB", f"PAY {second}"])
    state.apply_action("PAY SB")
    # The rest is forced (one card left to add, then STOP_PAYING) and taken automatically.
    v = state.to_dict()
    assert (v["pending"], v["current_player"]) == ("MAIN", 1)
    seat = v["seats"][0]
    assert seat["vp_by_source"]["build"] == vp
    assert seat["vp"] == vp
    assert seat["houses"] == {"h1": 1, "h2": 1, "h3": 1, "h4": 0}
    assert sum(seat["materials"].values()) == 0
    assert v["discards"]["material"] == before["discards"]["material"] + 2
    assert v["pending_cards"] == []
    assert seat["money"] == before["seats"][0]["money"] - 1
    assert check_invariants(state) == []


def test_example1_single_card_cannot_pay():
    """SB alone gives at most 2 symbols < 3: the house cannot be paid, it is discarded without a BUILD decision."""
    state = build_position({"SB": 1})
    before = state.to_dict()
    state.apply_action("AN r0c0 1/3@1")
    v = state.to_dict()
    assert (v["pending"], v["current_player"]) == ("MAIN", 1)
    seat = v["seats"][0]
    assert seat["houses"] == before["seats"][0]["houses"]
    assert seat["materials"]["SB"] == 1
    assert seat["vp"] == 0
    assert v["discards"]["house"] == before["discards"]["house"] + 1
    # The architect stays on the space.
    assert v["area"]["spaces"][0][0] == {"architect": {"owner": 0, "type": "1/3", "value": 1}}
    assert check_invariants(state) == []


@pytest.mark.parametrize("second,vp", [("SS", 2), ("WW", 3)])
def test_example1_stop_only_when_payment_valid(second, vp):
    """With SB, SS, WW in hand: after SB alone STOP_PAYING is illegal; after a second card it is legal."""
    state = build_position({"SB": 1, "SS": 1, "WW": 1})
    state.apply_action("AN r0c0 1/3@1")
    state.apply_action("PAY SB")
    assert "STOP_PAYING" not in legal_names(state)
    before = state.to_dict()
    with pytest.raises(brux.IllegalActionError):
        state.apply_action("STOP_PAYING")
    assert state.to_dict() == before
    state.apply_action(f"PAY {second}")
    assert "STOP_PAYING" in legal_names(state)
    state.apply_action("STOP_PAYING")
    seat = state.to_dict()["seats"][0]
    assert seat["vp_by_source"]["build"] == vp
    assert sum(seat["materials"].values()) == 1  # the third card is kept
    assert seat["houses"]["h3"] == 1


def test_rules_build_example_each_card_gives_one_symbol():
    """Rules 3.5: n = 3, S = {SS, SS, BW}: each card gives one symbol, so 2 VP, not 3."""
    state = build_position({"SS": 2, "BW": 1})
    state.apply_action("AN r0c0 1/3@1")
    play(state, "PAY SS", "PAY SS", "PAY BW")  # three cards for three symbols: STOP_PAYING is then forced
    v = state.to_dict()
    assert v["pending"] == "MAIN"
    assert v["seats"][0]["vp_by_source"]["build"] == 2


# ---------------------------------------------------------------------------------------------------------------
# Majority phase positions: architects placed on a cleared area, everyone passes.
# ---------------------------------------------------------------------------------------------------------------

def majority_position(players, placements, bonus, tracks=None, free=()):
    game, v = base_view(players, seed=3)
    clear_area(v)
    v["area"]["bonus"] = list(bonus)
    for row, col, owner, arch_type, value in placements:
        place(v, row, col, owner, arch_type, value)
    for seat, values in (tracks or {}).items():
        v["seats"][seat]["tracks"].update(values)
    for seat in free:
        free_all(v, seat)
    rebalance(v, game)
    return scenario(game, v)


def run_round(state):
    """Everyone passes; the majority phase must need no decision; returns the view of the next round."""
    before = state.to_dict()
    passed = pass_round(state)
    assert sorted(passed) == list(range(before["players"]))
    v = state.to_dict()
    assert v["round"] == before["round"] + 1 and v["pending"] == "MAIN", v["pending"]
    return v


@pytest.mark.parametrize("p1,winners", [
    ([("1/3", 3), ("1/3", 1)], {0}),  # the example: P0 5 vs P1 3 + 1 = 4
    ([("1/3", 3), ("2/4", 4)], {1}),  # P1 7 > 5
    ([("1/3", 3), ("2/4", 2)], {0, 1}),  # tie 5 - 5: both
])
def test_example2_column_majority(p1, winners):
    """3 players, column 2 (prestige bonus) holds P0 2/5@5 and P1's architects, P2 nothing."""
    placements = [(0, 2, 0, "2/5", 5)] + [(1 + i, 2, 1, t, value) for i, (t, value) in enumerate(p1)]
    state = majority_position(3, placements, BONUS)
    v = run_round(state)
    for p, seat in enumerate(v["seats"]):
        assert seat["tracks"]["prestige"] == (2 if p in winners else 1)
        assert seat["tracks"]["noble"] == seat["tracks"]["architecture"] == 1  # other columns are empty
        assert seat["vp"] == 0


@pytest.mark.parametrize("col0,col3,arch,noble", [
    (("1/3", 3), ("1/3", 1), {1}, set()),  # the example: P1 ties the neutral 3 -> P1; neutral 3 > P0 1 -> nobody
    (("2/4", 4), ("1/3", 3), {1}, {0}),  # P1 4 > 3; P0 ties the neutral in column 3 -> P0
    (("2/4", 2), ("2/5", 5), set(), {0}),  # neutral 3 > P1 2 -> nobody; P0 5 > 3
])
def test_example3_neutral_architects(col0, col3, arch, noble):
    """2 players: neutral architects of value 3 on the bottom corners (columns 0 and 3). Column 0 carries the
    Architecture bonus and holds a P1 architect, column 3 carries the Nobility bonus and holds a P0 architect."""
    bonus = ["architecture", "prestige", "prison", "nobility"]
    state = majority_position(2, [(0, 0, 1, *col0), (0, 3, 0, *col3)], bonus)
    spaces = state.to_dict()["area"]["spaces"]
    assert spaces[2][0] == spaces[2][3] == {"architect": {"owner": "neutral", "type": "1/3", "value": 3}}
    v = run_round(state)
    for p, seat in enumerate(v["seats"]):
        assert seat["tracks"]["architecture"] == (2 if p in arch else 1)
        assert seat["tracks"]["noble"] == (2 if p in noble else 1)
        assert seat["tracks"]["prestige"] == 1


@pytest.mark.parametrize("owners,arms", [
    ({(0, 0): 0, (0, 1): 0, (1, 0): 1, (1, 1): 1}, [3, 2, 0]),  # the example: tied 2 - 2 -> P0 +3, P1 +2
    ({(0, 0): 0, (0, 1): 0, (1, 0): 0, (1, 1): 1}, [3, 0, 0]),  # P0 3 cards
    ({(0, 0): 0, (0, 1): 1, (1, 0): 2, (1, 1): 2}, [0, 0, 1]),  # P2 2 cards, prestige 1
    ({(0, 0): 0, (0, 1): 0, (1, 0): 1}, [0, 0, 0]),  # (1, 1) empty: the coat of arms is not complete
    ({(0, 0): 0, (0, 1): 0, (0, 2): 0, (1, 0): 1, (1, 1): 1, (1, 2): 1}, [6, 4, 0]),  # two complete, both tied
])
def test_example4_coat_of_arms(owners, arms):
    """Prestige P0 = 3, P1 = 2, P2 = 1. Values do not matter, only the number of cards. The Prestige bonus is
    under the empty column 3 so that no track moves before the coats of arms are scored."""
    bonus = ["nobility", "architecture", "prison", "prestige"]
    placements = [(r, c, owner, "1/3", 1) for (r, c), owner in owners.items()]
    tracks = {0: {"prestige": 3}, 1: {"prestige": 2}}
    state = majority_position(3, placements, bonus, tracks=tracks, free=(0, 1, 2))
    v = run_round(state)
    assert [seat["vp_by_source"]["arms"] for seat in v["seats"]] == arms
    assert [seat["vp"] for seat in v["seats"]] == arms


# ---------------------------------------------------------------------------------------------------------------
# Example 5: Brussels cost and the Brussels majority.
# ---------------------------------------------------------------------------------------------------------------

def test_example5_brussels_cost_and_prison():
    """Stock Exchange used by P1 (1 card), then P0 (2 cards), then P1 again (3 cards): Brussels counts P1 4,
    P0 2, so P1 sends one of its 4 to prison."""
    game, v = base_view(3, seed=4)
    v["current_player"] = v["start_player"] = 1
    state = scenario(game, v)
    start = state.to_dict()
    play(state, "BR stock_exchange")
    assert state.to_dict()["pending"] == "BR_CARD"
    play(state, "COMMIT 1/3")
    assert state.to_dict()["current_player"] == 2
    play(state, "PASS")
    assert state.to_dict()["current_player"] == 0
    play(state, "BR stock_exchange", "COMMIT 1/3")
    assert (state.to_dict()["pending"], state.to_dict()["current_player"]) == ("BR_CARD", 0)  # m = 2
    play(state, "COMMIT 1/3")
    assert (state.to_dict()["pending"], state.to_dict()["current_player"]) == ("MAIN", 1)
    play(state, "BR stock_exchange", "COMMIT 1/3", "COMMIT 1/3")
    assert state.to_dict()["pending"] == "BR_CARD"  # m = 3
    play(state, "COMMIT 2/4")
    v = state.to_dict()
    assert [e["owner"] for e in v["brussels"]["stock_exchange"]] == [1, 0, 0, 1, 1, 1]
    assert v["current_player"] == 0
    assert "BR stock_exchange" not in legal_names(state)  # m = 4: P0 holds 3 architects
    play(state, "PASS", "PASS")  # P0, then P1
    v = state.to_dict()
    assert (v["pending"], v["current_player"]) == ("TO_PRISON", 1)
    assert legal_names(state) == ["PRISON 1/3", "PRISON 2/4"]
    play(state, "PRISON 2/4")
    v = state.to_dict()
    assert v["round"] == 2 and v["pending"] == "MAIN"
    s0, s1, s2 = v["seats"]
    assert s1["prison"] == {"1/3": 0, "2/4": start["seats"][1]["prison"]["2/4"] + 1, "2/5": 1}
    assert sum(s1["hand"].values()) == 5 - 1  # everything else came back
    assert s0["prison"] == start["seats"][0]["prison"]
    assert s2["prison"] == start["seats"][2]["prison"]
    # Money: 3 Stock Exchange uses of 5 BEF; P2 passed first (+3), then P0 and P1 (+1 each).
    assert [s["money"] for s in v["seats"]] == [
        start["seats"][0]["money"] + 5 + 1, start["seats"][1]["money"] + 10 + 1, start["seats"][2]["money"] + 3]
    assert all(len(lst) == 0 for lst in v["brussels"].values())


def test_brussels_majority_tie_both_go_to_prison():
    """P0 uses the Stock Exchange (1 card), P1 City Hall (1 card, activating Brugmann): tied 1 - 1, both send one."""
    game = brux.load_game("bruxelles1897", players=3)
    state = game.new_initial_state(seed=8)
    start = state.to_dict()
    play(state, "BR stock_exchange", "COMMIT 1/3", "BR city_hall", "COMMIT 1/3")
    v = state.to_dict()
    assert v["seats"][1]["money"] == start["seats"][1]["money"] + 4  # Brugmann activated (only choice)
    assert v["seats"][1]["nobles"]["brugmann"] == "tapped"
    pass_round(state)
    v = state.to_dict()
    assert v["round"] == 2 and v["pending"] == "MAIN"
    for p, extra in enumerate([1, 1, 0]):
        assert v["seats"][p]["prison"]["1/3"] == start["seats"][p]["prison"]["1/3"] + extra
    assert v["seats"][1]["nobles"]["brugmann"] == "untapped"  # untapped at the preparation of round 2


# ---------------------------------------------------------------------------------------------------------------
# Examples 6 and 7: the end of the game. Round 4, seats 1 and 2 have passed, seat 0 passes (+1 BEF) and the
# game ends. Seat 0 holds the column with the bonus card that matters.
# ---------------------------------------------------------------------------------------------------------------

def end_position(money_after_pass, nobles=(), column=0, p1_money=None):
    game, v = base_view(3, seed=5)
    assert game.params["rounds"] == 4
    clear_area(v)
    v["round"] = 4
    v["area"]["bonus"] = list(BONUS)
    place(v, 0, column, 0, "1/3", 1)
    free_all(v, 0)
    v["current_player"] = v["start_player"] = 0
    v["seats"][1]["passed"] = v["seats"][2]["passed"] = True
    v["seats"][0]["money"] = money_after_pass - game.params["later_pass_money"]
    for noble in nobles:
        v["seats"][0]["nobles"][noble] = "tapped"
    if p1_money is not None:
        v["seats"][1]["money"] = p1_money
    rebalance(v, game)
    return scenario(game, v)


def finish(state):
    pass_round(state)
    assert state.is_terminal()
    assert state.current_player() == -1 and state.legal_actions() == []
    assert check_invariants(state) == []
    return state.to_dict()


def test_example6_all_nobles_paid():
    """7 BEF, keeping Brugmann, Albert, Buls, Horta: pays 6 BEF for three nobles (1 BEF left), loses nothing; the
    Nobility lower half (column 0) counts all four kept nobles."""
    state = end_position(7, nobles=("albert", "buls", "horta"), column=0)
    v = finish(state)
    seat = v["seats"][0]
    assert seat["money"] == 1
    assert seat["vp_by_source"]["noble_penalty"] == 0
    assert all(seat["nobles"][n] is not None for n in ("brugmann", "albert", "buls", "horta"))
    assert seat["vp_by_source"]["bonus_nobility"] == 2 * 4
    assert v["discards"]["noble"] == 0
    assert [s["vp_by_source"]["bonus_nobility"] for s in v["seats"][1:]] == [0, 0]


def test_example6_unpaid_nobles():
    """3 BEF: pays for one noble (1 BEF left), discards two and loses 6 VP; keeps Brugmann + one noble for the
    Nobility lower half (unpaid nobles are discarded in the order Albert, Buls, Horta)."""
    state = end_position(3, nobles=("albert", "buls", "horta"), column=0)
    v = finish(state)
    seat = v["seats"][0]
    assert seat["money"] == 1
    assert seat["vp_by_source"]["noble_penalty"] == -6
    assert seat["nobles"]["albert"] is None and seat["nobles"]["buls"] is None
    assert seat["nobles"]["horta"] is not None and seat["nobles"]["brugmann"] is not None
    assert seat["vp_by_source"]["bonus_nobility"] == 2 * 2
    assert seat["vp"] == -6 + 4  # VP may go below 0
    assert v["discards"]["noble"] == 2
    assert [r["rank"] for r in state.result()] == [3, 1, 1]


@pytest.mark.parametrize("money,nobles,vp,money_end", [
    (11, (), 15, 11),  # floor(11 / 2) = 5 -> 15 VP
    (13, (), 15, 13),  # 6 times, capped at 5 -> 15 VP
    (10, (), 15, 10),
    (9, (), 12, 9),
    (11, ("albert",), 12, 9),  # the upkeep (step 1) is paid before the lower halves (step 5)
])
def test_example7_money_bonus(money, nobles, vp, money_end):
    """The Prison card (column 3) lower half: 3 VP per 2 BEF, at most 5 times, for its column majority holder only
    (seat 1 has 20 BEF but no architect in column 3)."""
    state = end_position(money, nobles=nobles, column=3, p1_money=20)
    v = finish(state)
    assert v["seats"][0]["money"] == money_end
    assert v["seats"][0]["vp_by_source"]["bonus_prison"] == vp
    assert [s["vp_by_source"]["bonus_prison"] for s in v["seats"][1:]] == [0, 0]
    assert v["seats"][0]["vp"] == vp
