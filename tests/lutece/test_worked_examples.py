"""The worked examples of rules section 10, built with game.state_from_dict and played through the API."""

from brux.core.rng import GOLDEN, MASK64, derive_py, mix_py
from brux.games.lutece.invariants import check_invariants, filtered_decks

from .scenario import legal_names, load, make_view, play, scenario


def coins(view):
    return [sd["coins"] for sd in view["seats"]]


def tableaux(view):
    return [sd["tableau"] for sd in view["seats"]]


def display(view):
    return {row: [None if x is None else (x["card"], x["coins"]) for x in view["display"][row]]
            for row in ("characters", "locations")}


# ---------------------------------------------------------------------------------------------------------------
# Example 1: ties and consolation (3 players)
# ---------------------------------------------------------------------------------------------------------------

def example1():
    game = load(3)
    v = make_view(game, [("C03", 0), ("C13", 1), ("C17", 2)], [("L16", 0), ("L05", 1), ("L14", 0)],
                  [(5, []), (4, []), (3, [])])
    state = scenario(game, v)
    assert state.to_dict()["bank"] == 50
    return state


def test_example1_ties_and_consolation():
    state = example1()
    play(state, "PLAY A+I", "BRIBE 1", "BRIBE 2")
    play(state, "PLAY A+$", "BRIBE 1")
    play(state, "PLAY B+I", "BRIBE 0", "BRIBE 1")
    v = state.to_dict()
    assert check_invariants(state) == []
    assert (v["round"], v["current_player"], v["pending"]) == (3, 0, "PLAY_CARDS")
    assert coins(v) == [3, 8, 3]
    assert tableaux(v) == [["L16"], [], ["C13"]]
    assert v["bank"] == 46
    assert v["removed"] == {"character": 1, "location": 0}  # C03, tied
    d = display(v)
    # Growth: C17 3, L05 2, L14 1; the slots bid on (A, B, I) were refilled with new cards carrying no coins.
    assert d["characters"][2] == ("C17", 3)
    assert d["locations"][1:] == [("L05", 2), ("L14", 1)]
    for slot in (d["characters"][0], d["characters"][1], d["locations"][0]):
        assert slot[0] not in ("C03", "C13", "L16") and slot[1] == 0


def test_example1_sealed_plays_are_hidden_until_the_reveal():
    """Seat 1 sees the same view whatever seat 0 played; bribes are staked but the view's purse shows them."""
    views = []
    for plays in (["PLAY A+I", "BRIBE 1", "BRIBE 2"], ["PLAY $+$"], ["PLAY C+III", "BRIBE 5"]):
        state = example1()
        play(state, *plays)
        v = state.to_dict()
        assert (v["current_player"], v["pending"], v["current_play"]) == (1, "PLAY_CARDS", None)
        assert [sd["committed"] for sd in v["seats"]] == [True, False, False]
        assert check_invariants(state) == []
        views.append(v)
    assert views[0] == views[1] == views[2]
    assert views[0]["seats"][0]["coins"] == 5  # BRIBE 5 left 0 coins: the second bribe (0) was automatic


def test_example1_current_play_shows_only_the_deciding_seat():
    state = example1()
    play(state, "PLAY A+I")
    assert state.to_dict()["current_play"] == {"seat": 0, "cards": ["A", "I"], "bribes": [], "raised": 0,
                                               "legions": []}
    assert legal_names(state) == [f"BRIBE {b}" for b in range(6)]
    play(state, "BRIBE 4")
    assert state.to_dict()["current_play"]["bribes"] == [4]
    assert legal_names(state) == ["BRIBE 0", "BRIBE 1"]  # sum of bribes <= coins held at bidding


# ---------------------------------------------------------------------------------------------------------------
# Example 2: order and non-payment (2 players)
# ---------------------------------------------------------------------------------------------------------------

def test_example2_order_and_non_payment():
    game = load(2)
    v = make_view(game, [("C09", 3), ("C11", 0), ("C25", 0)], [("L08", 0), ("L04", 1), ("L01", 2)],
                  [(1, []), (2, ["C03"])])
    state = scenario(game, v)
    bank = state.to_dict()["bank"]
    play(state, "PLAY A+I", "BRIBE 0", "BRIBE 1")
    play(state, "PLAY B+II", "BRIBE 0", "BRIBE 1")
    v = state.to_dict()
    assert check_invariants(state) == []
    assert coins(v) == [0, 0]
    assert tableaux(v) == [["C09", "L08"], ["C03", "C11"]]
    assert v["removed"] == {"character": 0, "location": 1}  # L04 unpaid
    d = display(v)
    assert d["characters"][2] == ("C25", 1) and d["locations"][2] == ("L01", 3)
    # Bank: +0 (C09) +1 (C11) +3 +1 (L08 cost, bribe) +1 +1 (L04's coin, P1's bribe) -2 (growth C25, L01).
    assert v["bank"] == bank + 0 + 1 + 4 + 2 - 2


# ---------------------------------------------------------------------------------------------------------------
# Example 3: tavern and field (2 players)
# ---------------------------------------------------------------------------------------------------------------

def test_example3_tavern_and_field():
    game = load(2)
    v = make_view(game, [("C05", 0), ("C17", 1), ("C25", 0)], [("L04", 2), ("L01", 1), ("L15", 0)],
                  [(4, ["C03", "C04", "L19"]), (1, [])])
    state = scenario(game, v)
    assert state.to_dict()["seats"][0]["resources"]["beer"] == 3
    play(state, "PLAY A+I", "BRIBE 0", "BRIBE 0")
    play(state, "PLAY II+$", "BRIBE 0")
    v = state.to_dict()
    assert check_invariants(state) == []
    assert coins(v) == [12, 7]
    assert v["seats"][0]["resources"]["beer"] == 5
    assert v["seats"][1]["resources"]["bread"] == 1
    assert tableaux(v) == [["C03", "C04", "C05", "L04", "L19"], ["L01"]]
    d = display(v)
    assert d["characters"][1:] == [("C17", 2), ("C25", 1)] and d["locations"][2] == ("L15", 1)


# ---------------------------------------------------------------------------------------------------------------
# Example 4: legion (3 players)
# ---------------------------------------------------------------------------------------------------------------

def test_example4_legion():
    game = load(3)
    v = make_view(game, [("C14", 0), ("C22", 0), ("C30", 1)], [("L17", 0), ("L18", 0), ("L02", 0)],
                  [(3, ["C35", "C36"]), (4, []), (2, [])])
    state = scenario(game, v)
    play(state, "PLAY A+$", "BRIBE 1")
    assert legal_names(state) == ["LEGIONS 0", "LEGIONS 1", "LEGIONS 2"]
    play(state, "LEGIONS 1")
    play(state, "PLAY A+II", "BRIBE 2", "BRIBE 0")  # no legion: the LEGIONS decision is skipped
    play(state, "PLAY C+II", "BRIBE 0", "BRIBE 0")
    v = state.to_dict()
    assert check_invariants(state) == []
    assert coins(v) == [3, 6, 2]
    assert tableaux(v) == [["C14", "C36"], [], ["C30"]]
    assert v["seats"][0]["legions"] == 1
    assert v["removed"] == {"character": 1, "location": 1}  # C35 used, L18 tied


def test_example4_legion_is_removed_even_when_the_card_is_lost():
    game = load(3)
    v = make_view(game, [("C14", 0), ("C22", 0), ("C30", 1)], [("L17", 0), ("L18", 0), ("L02", 0)],
                  [(3, ["C35", "C36"]), (4, []), (2, [])])
    state = scenario(game, v)
    play(state, "PLAY A+$", "BRIBE 0", "LEGIONS 1")
    play(state, "PLAY A+$", "BRIBE 4")  # 4 > 0 + 2
    play(state, "PLAY $+$")
    v = state.to_dict()
    assert tableaux(v)[0] == ["C36"] and tableaux(v)[1] == ["C14"]
    assert coins(v) == [3 + 3 + 1, 4 - 4 + 3 - 2, 2 + 6]


# ---------------------------------------------------------------------------------------------------------------
# Example 5: scoring (3 players)
# ---------------------------------------------------------------------------------------------------------------

SEATS5 = [(8, ["C03", "C09", "C19", "L05", "L08"]), (5, ["C04", "C21", "C27", "C35", "L11"]),
          (10, ["C05", "C12", "C26", "L12", "L16"])]


def test_example5_scoring():
    game = load(3)
    v = make_view(game, [("C01", 0), ("C02", 0), ("C10", 0)], [("L01", 0), ("L02", 0), ("L03", 0)], SEATS5)
    state = scenario(game, v)
    seats = state.to_dict()["seats"]
    assert [tuple(sd["resources"].values()) for sd in seats] == [(2, 1, 2, 0), (1, 1, 2, 2), (2, 3, 1, 1)]
    maj = [[sd["vp_by_source"][f"maj_{x}"] for sd in seats] for x in ("beer", "bread", "gladius", "elixir")]
    assert maj == [[10, 0, 10], [0, 0, 10], [10, 10, 0], [0, 10, 4]]
    assert seats[0]["vp_by_source"] == {"maj_beer": 10, "maj_bread": 0, "maj_gladius": 10, "maj_elixir": 0,
                                        "prestige_resource": 1, "prestige_colour": 8, "statue": 0, "legion": 0,
                                        "bazaar": 0, "fortune": 2}
    assert seats[1]["vp_by_source"] == {"maj_beer": 0, "maj_bread": 0, "maj_gladius": 10, "maj_elixir": 10,
                                        "prestige_resource": 0, "prestige_colour": 0, "statue": 5, "legion": 2,
                                        "bazaar": 0, "fortune": 1}
    assert seats[2]["vp_by_source"] == {"maj_beer": 10, "maj_bread": 10, "maj_gladius": 0, "maj_elixir": 4,
                                        "prestige_resource": 0, "prestige_colour": 0, "statue": 0, "legion": 0,
                                        "bazaar": 6, "fortune": 3}
    assert [sd["vp"] for sd in seats] == [31, 28, 33]


def test_example5_final_ranking():
    """The same tableaux at the end of a game (the character deck cannot refill slot A): P2 wins."""
    game = load(3)
    v = make_view(game, [None, ("C02", 0), ("C10", 0)], [("L01", 0), ("L02", 0), ("L03", 0)], SEATS5, round=7)
    v["removed"]["character"], v["decks"]["character"] = v["decks"]["character"], 0
    state = scenario(game, v)
    assert state.is_terminal()
    result = state.result()
    assert [r["vp"] for r in result] == [31, 28, 33]
    assert [r["rank"] for r in result] == [2, 3, 1]
    assert [r["win_share"] for r in result] == [0.0, 0.0, 1.0]


# ---------------------------------------------------------------------------------------------------------------
# Example 6: bazaars (3+ players)
# ---------------------------------------------------------------------------------------------------------------

def test_example6_bazaars():
    game = load(3)
    holder = ["L12", "L13", "L22", "C01", "C03", "C11", "C19", "C25", "C27"]  # symbols (3, 2, 2, 3)
    v = make_view(game, [("C02", 0), ("C04", 0), ("C10", 0)], [("L01", 0), ("L02", 0), ("L03", 0)],
                  [(0, holder), (0, []), (0, [])])
    state = scenario(game, v)
    seat = state.to_dict()["seats"][0]
    assert tuple(seat["resources"].values()) == (3, 2, 2, 3)
    assert seat["vp_by_source"]["bazaar"] == 12


def test_example6_bazaars_with_fewer_symbols():
    game = load(3)
    # (1, 1, 1, 1): only L22 can be satisfied.
    v = make_view(game, [("C02", 0), ("C05", 0), ("C10", 0)], [("L01", 0), ("L02", 0), ("L03", 0)],
                  [(0, ["L12", "L13", "L22", "C04", "C20"]), (0, []), (0, [])])
    seat = scenario(game, v).to_dict()["seats"][0]
    assert tuple(seat["resources"].values()) == (1, 1, 1, 1)
    assert seat["vp_by_source"]["bazaar"] == 6


# ---------------------------------------------------------------------------------------------------------------
# Example 7: end trigger (3 players)
# ---------------------------------------------------------------------------------------------------------------

def example7_view(game, characters_left):
    v = make_view(game, [None, ("C02", 2), None], [("L01", 1), None, ("L03", 4)],
                  [(6, ["C01"]), (7, ["L15"]), (8, [])], round=10)
    ids = filtered_decks(game.params, 3)
    v["removed"] = {"character": v["decks"]["character"] - characters_left,
                    "location": v["decks"]["location"] - 5}
    v["decks"] = {"character": characters_left, "location": 5}
    assert len(ids["character"]) == 28
    return v


def test_example7_end_trigger():
    game = load(3)
    v = example7_view(game, 1)
    state = scenario(game, v)
    out = state.to_dict()
    assert state.is_terminal() and out["over"]
    assert out["round"] == 9  # rounds played
    assert display(out) == {"characters": [None] * 3, "locations": [None] * 3}
    assert out["removed"] == {"character": v["removed"]["character"] + 1, "location": v["removed"]["location"] + 2}
    assert out["bank"] == 66 - (6 + 7 + 8)  # the display's 7 coins went to the bank
    assert check_invariants(state) == []
    assert [r["vp"] for r in state.result()] == [sd["vp"] for sd in out["seats"]]


def test_example7_refill_from_the_top():
    game = load(3)
    v = example7_view(game, 2)
    seed = 5
    state = scenario(game, v, seed=seed)
    out = state.to_dict()
    assert not out["over"] and out["round"] == 10
    assert out["decks"] == {"character": 0, "location": 4}
    # Docs section 4: the unseen cards of each deck, in table order, shuffled with the chance stream; the first
    # `decks` cards are the deck, top first.
    key, counter = derive_py(seed, 0), 0

    def randbelow(n):
        nonlocal counter
        counter += 1
        return ((mix_py((key + counter * GOLDEN) & MASK64) >> 32) * n) >> 32

    placed = {"C01", "C02", "L15", "L01", "L03"}
    top = {}
    for deck, ids in filtered_decks(game.params, 3).items():
        unseen = [c for c in ids if c not in placed]
        for i in range(len(unseen) - 1, 0, -1):
            j = randbelow(i + 1)
            unseen[i], unseen[j] = unseen[j], unseen[i]
        top[deck] = unseen
    d = display(out)
    assert d["characters"] == [(top["character"][0], 0), ("C02", 2), (top["character"][1], 0)]
    assert d["locations"] == [("L01", 1), (top["location"][0], 0), ("L03", 4)]


# ---------------------------------------------------------------------------------------------------------------
# Example 8: two players
# ---------------------------------------------------------------------------------------------------------------

def test_example8_two_players():
    game = load(2)
    p0 = ["C01", "C03", "C11", "C25"]  # (3, 2, 0, 1)
    p1 = ["C02", "L15", "C27", "L18"]  # (3, 0, 0, 4)
    v = make_view(game, [("C09", 0), ("C10", 0), ("C17", 0)], [("L01", 0), ("L02", 0), ("L03", 0)],
                  [(0, p0), (0, p1)])
    seats = scenario(game, v).to_dict()["seats"]
    assert [tuple(sd["resources"].values()) for sd in seats] == [(3, 2, 0, 1), (3, 0, 0, 4)]
    maj = [[sd["vp_by_source"][f"maj_{x}"] for sd in seats] for x in ("beer", "bread", "gladius", "elixir")]
    assert maj == [[10, 10], [10, 0], [0, 0], [0, 10]]
    assert [sum(sd["vp_by_source"][f"maj_{x}"] for x in ("beer", "bread", "gladius", "elixir")) for sd in seats] == [
        20, 20]
