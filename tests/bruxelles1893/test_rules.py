"""One test per rule of sections 2-8 (docs/bruxelles1893.md section 3), through the public API."""

from brux.games.bruxelles1893.invariants import check_invariants

from .scenario import build, legal_names, load, place, play, run_until, scenario, set_strips, start_view, to_main, works

ORDER = ("S1", "S2", "S3", "S4", "S5")  # rows 1..5; side A row r = strip r


def main_state(players=3, card="SE01", shield="31", edit=None, current=0, **overrides):
    game = load(players, **overrides)
    v = to_main(start_view(game), card, shield, current)
    set_strips(game, v, ORDER)
    if edit:
        edit(v)
    return scenario(game, v)


def test_2_2_strip_sides():
    params = load(3).params["strips"]
    for col in range(5):
        assert sorted(params[s]["A"][col] for s in ORDER) == sorted("WSTMC")  # Latin square
    col1 = [params[s]["B"][0] for s in ORDER]
    col3 = [params[s]["B"][2] for s in ORDER]
    assert col1.count("C") == 2 and "M" not in col1 and col3.count("M") == 2 and "C" not in col3
    v = load(3, strip_side="B").new_initial_state(seed=3).to_dict()
    assert v["board"]["sides"] == ["B"] * 5 and check_invariants(v, load(3, strip_side="B").params) == []


def test_3_setup():
    for n in (2, 3, 4, 5):
        v = load(n).new_initial_state(seed=n).to_dict()
        assert [sd["money"] for sd in v["seats"]] == [5, 6, 7, 8, 9][:n]
        assert all(sd["supply"] == 5 and sd["courthouse"] == 2 and sd["figures"]["PF0"] == "upright"
                   and sum(sd["works"].values()) == 1 and sd["works"]["black"] == 0 for sd in v["seats"])
        assert v["works"]["coloured_stack"] == 24 - n and v["works"]["black_stack"] == 6
        assert None not in v["theatre"]["display"] and v["theatre"]["deck"] == 17
        assert v["bonus"]["deck"] == 20 and None not in v["bonus"]["strip"]
        assert v["cursor"] == [4, 4] and v["compass"]["needles"] == {"A": 0, "B": 3}
        assert v["supply"] == {"wood": 10, "stone": 10, "iron": 10, "joker": 15}
        assert (v["first_player"], v["pending"], v["phase"], v["round"]) == (0, "SHIELD", "stock_exchange", 1)


def test_4_1_shield_options_are_the_card_line():
    game = load(4)
    state = game.new_initial_state(seed=2)
    v = state.to_dict()
    line = game.params["stock_exchange"][v["stock_exchange"]["card"]]["shields"][2]
    assert sorted(legal_names(state)) == sorted(f"SHIELD {x}" for x in line)


def test_4_2_turn_order_skips_passed_players():
    state = main_state(4, "SE08", "44")
    play(state, "PASS")
    assert state.to_dict()["current_player"] == 1
    play(state, "BR market", "PASS", "BR market")
    assert state.to_dict()["current_player"] == 1  # seats 0 and 2 passed
    play(state, "PASS")
    assert state.to_dict()["current_player"] == 3


def test_5_1_art_nouveau_preconditions_and_perform():
    def poor(v):
        v["seats"][0]["money"] = 0

    state = main_state(edit=poor)
    assert not any(n.startswith("AN") for n in legal_names(state))
    state = main_state()
    play(state, "AN r1c2")  # a Sale space
    assert legal_names(state) == [f"BID {b}" for b in range(1, 6)]
    play(state, "BID 5")
    v = state.to_dict()
    assert v["pending"] == "PERFORM" and v["context"] == {"effect": "S", "space": "r1c2"}

    def no_works(v):
        works(v, 0)

    state = main_state(edit=no_works)
    play(state, "AN r1c2", "BID 1")  # nothing to sell: SKIP is automatic
    v = state.to_dict()
    assert v["current_player"] == 1 and v["board"]["spaces"][0][1]["assistant"] == {"owner": 0, "bid": 1}


def test_5_2_workshop_draws_one_plus_exhibition_tiles():
    def tiles(v):
        v["seats"][0]["exhibition_tiles"] = 1
        v["seats"][1]["exhibition_tiles"] = 1
        v["round"] = 3

    state = main_state(edit=tiles)
    stack = state.to_dict()["works"]["coloured_stack"]
    play(state, "AN r2c5", "BID 1", "PERFORM")  # r2c5 = W
    v = state.to_dict()
    if v["pending"] == "WORKSHOP_KEEP":
        assert len(v["in_play"]["works"]) == 2 and v["works"]["coloured_stack"] == stack - 2
        play(state, legal_names(state)[0])
    v = state.to_dict()
    assert v["works"]["coloured_stack"] == stack - 1 and sum(v["seats"][0]["works"].values()) == 2


def test_5_3_first_sales_fill_the_empty_piles():
    def hold(v):
        works(v, 0, "red", "blue")

    state = main_state(edit=hold)
    play(state, "AN r1c2", "BID 1", "PERFORM", "CURSOR r4c4", "SELL red")
    assert state.to_dict()["works"]["shop"] == [["red"], []]


def test_5_4_theatre_slots_within_money():
    def money(v):
        v["seats"][0]["money"] = 2

    state = main_state(edit=money)
    play(state, "AN r1c3", "BID 1", "PERFORM")  # 1 BF left
    assert legal_names(state) == ["SLOT 0", "SLOT 1"]


def test_5_5_materials_options():
    state = main_state()
    play(state, "AN r1c4", "BID 1", "PERFORM")
    assert legal_names(state) == ["TAKE WW", "TAKE SS", "TAKE II", "TAKE WS", "TAKE WI", "TAKE SI"]

    def one_cube(v):
        v["supply"].update({"wood": 0, "stone": 1, "iron": 0})
        v["seats"][1]["materials"].update({"wood": 10, "stone": 9, "iron": 10})

    state = main_state(edit=one_cube)
    play(state, "AN r1c4", "BID 1", "PERFORM")  # the single cube is taken at once
    assert state.to_dict()["seats"][0]["materials"]["stone"] == 1


def test_5_6_bottom_tiles_first():
    def mats(v):
        v["seats"][0]["materials"].update({"joker": 4})
        v["supply"]["joker"] = 11

    state = main_state(edit=mats)
    play(state, "AN r1c5", "BID 1", "PERFORM")  # r1c5 = C; bottom tile only (automatic)
    v = state.to_dict()
    assert v["pending"] == "BUILD_JOKERS" and v["context"] == {"tile": "bottom", "cost": 2}


def test_5_7_hankar_material_then_joker():
    def disp(v):
        v["theatre"]["display"] = ["PF5", "PF1", "PF2", "PF3"]

    state = main_state(edit=disp)
    play(state, "AN r1c3", "BID 1", "PERFORM", "SLOT 0")
    v = state.to_dict()
    assert (v["pending"], v["context"], v["in_play"]["figure"]) == ("GAIN_MATERIAL", {"source": "PF5"}, "PF5")
    play(state, "GAIN wood")
    v = state.to_dict()
    assert v["pending"] == "THEATRE_KEEP"
    assert v["seats"][0]["materials"]["wood"] == 1 and v["seats"][0]["materials"]["joker"] == 1


def test_5_8_park_and_grand_plaza():
    state = main_state()
    play(state, "BR park")
    assert legal_names(state) == [f"PARK {t}" for t in "WSTMC"]
    play(state, "PARK M")
    assert state.to_dict()["context"] == {"effect": "M", "space": None}

    def figures(v):
        v["seats"][0]["figures"].update({"PF7": "upright", "PF3": "upright"})
        v["seats"][0]["tracks"]["royal_palace"] = 2  # RPV 2

    state = main_state(edit=figures)
    money = state.to_dict()["seats"][0]["money"]
    play(state, "BR grand_plaza")
    assert state.to_dict()["context"] == {"left": 2}
    play(state, "ACTIVATE PF3")  # Leopold II: RP 2 -> 3, the limit stays 2
    assert state.to_dict()["context"] == {"left": 1}
    play(state, "ACTIVATE PF7")
    v = state.to_dict()
    assert v["current_player"] == 1 and v["seats"][0]["money"] == money + 3
    assert v["seats"][0]["figures"]["PF0"] == "upright" and v["seats"][0]["figures"]["PF3"] == "tapped"
    state = main_state(edit=figures)
    play(state, "BR grand_plaza", "STOP")
    assert state.to_dict()["current_player"] == 1


def test_5_9_secondary_actions():
    def buildings(v):
        build(v, "r2c5", 1)  # W
        build(v, "r1c2", 1)  # S

    state = main_state(edit=buildings)
    play(state, "AN r2c5", "BID 1", "SKIP")
    v = state.to_dict()
    assert v["seats"][1]["works"]["black"] == 1 and v["works"]["black_stack"] == 5
    play(state, "PASS")
    money = state.to_dict()["seats"][1]["money"]
    play(state, "AN r1c2", "BID 1")  # seat 2 on seat 1's Sale building (seat 1 has passed)
    if state.to_dict()["pending"] == "PERFORM":
        play(state, "SKIP")
    assert state.to_dict()["seats"][1]["money"] == money + 2

    def theatre(v):
        build(v, "r1c3", 1)  # T
        build(v, "r2c4", 1)  # C
        v["seats"][1]["figures"]["PF7"] = "upright"

    state = main_state(edit=theatre)
    play(state, "AN r1c3", "BID 1", "SKIP")
    v = state.to_dict()
    assert (v["pending"], v["current_player"], v["context"]) == ("SECONDARY_FIGURE", 1, {"space": "r1c3"})
    assert legal_names(state) == ["ACTIVATE PF0", "ACTIVATE PF7", "STOP"]
    play(state, "STOP", "AN r2c4", "BID 1")  # seat 1 on his own C building (cannot build: SKIP automatic)
    v = state.to_dict()
    assert v["current_player"] == 2 and v["seats"][1]["materials"]["joker"] == 0
    state2 = main_state(edit=theatre)
    play(state2, "AN r2c4", "BID 1")  # cannot build: SKIP automatic
    assert state2.to_dict()["seats"][1]["materials"]["joker"] == 1
    state3 = main_state(edit=theatre, secondary_enabled=False)
    play(state3, "AN r2c4", "BID 1")
    assert state3.to_dict()["seats"][1]["materials"]["joker"] == 0


def test_5_10_pass_income():
    def hold(v):
        works(v, 0, "red", "red", "blue")
        works(v, 1, "yellow", "blue", "red", "green", "black")

    state = main_state(edit=hold)
    m = [sd["money"] for sd in state.to_dict()["seats"]]
    play(state, "PASS", "PASS")
    v = state.to_dict()
    assert v["seats"][0]["money"] == m[0] + 1 + 2 and v["seats"][0]["exhibition_tiles"] == 1
    assert v["seats"][1]["money"] == m[1] + 5 and v["seats"][1]["exhibition_tiles"] == 0


def test_6_1_and_6_3_choice_power_on_a_tie():
    def bids(v):
        v["bonus"]["strip"][1] = "B13"  # RP/CH under column 2
        place(v, "r1c2", 0, 2)
        place(v, "r2c2", 1, 2)

    state = main_state(edit=bids)
    play(state, "PASS", "PASS", "PASS")
    v = state.to_dict()
    assert (v["pending"], v["current_player"], v["context"]) == ("POWER", 0, {"card": "B13", "reason": "tie"})
    play(state, "POWER CH")
    assert state.to_dict()["current_player"] == 1
    play(state, "POWER RP")
    v = run_until(state, "SHIELD", lambda v, names: "USE" if "USE" in names else names[0])
    assert v["seats"][0]["tracks"]["city_hall"] == 2 and v["seats"][1]["tracks"]["royal_palace"] == 2


def test_6_2_first_player_ties_scan_from_the_left():
    state = main_state(3)
    play(state, "PASS", "PASS", "PASS")  # seat 0 took the exhibition tile (2 MP): stays first player
    assert run_until(state, "SHIELD")["first_player"] == 0
    state = main_state(3, exhibition_mp=0)
    play(state, "PASS", "PASS", "PASS")  # all 0: the player left of the first player
    assert run_until(state, "SHIELD")["first_player"] == 1


def test_6_5_brussels_majority_ties_all_move():
    state = main_state(3)
    play(state, "BR market", "BR stock_exchange", "PASS", "PASS", "PASS")
    v = run_until(state, "SHIELD")
    assert [sd["courthouse"] for sd in v["seats"]] == [3, 3, 2]
    state = main_state(3)
    play(state, "PASS", "PASS", "PASS")
    assert [sd["courthouse"] for sd in run_until(state, "SHIELD")["seats"]] == [2, 2, 2]


def test_7_1_end_of_turn():
    def setup(v):
        v["seats"][0]["figures"]["PF7"] = "tapped"

    state = main_state(edit=setup)
    play(state, "AN r1c2", "BID 1", "SKIP", "BR market", "PASS", "PASS", "PASS")
    v = run_until(state, "SHIELD", lambda v, names: "USE" if "USE" in names else names[0])
    assert v["round"] == 2 and v["seats"][0]["figures"]["PF7"] == "upright"
    assert all(sp["assistant"] is None for row in v["board"]["spaces"] for sp in row)
    assert all(b["uses"] == 0 and b["assistants"] == [] for b in v["brussels"].values())
    assert None not in v["bonus"]["strip"] and v["exhibition"]["year"] == 1894 and v["area"] is None


def test_7_2_recycling():
    def empty(v):
        works(v, 0, *(["yellow"] * 6 + ["blue"] * 6))
        works(v, 1, *(["red"] * 6 + ["green"] * 3))
        works(v, 2)
        v["works"]["shop"] = [["green", "green", "black"], ["green"]]

    state = main_state(edit=empty)
    assert state.to_dict()["works"]["coloured_stack"] == 0
    play(state, "AN r2c5", "BID 1", "PERFORM")
    v = state.to_dict()
    assert v["works"]["shop"] == [["black"], ["green"]] and v["works"]["black_stack"] == 5
    assert v["seats"][0]["works"]["green"] == 1 and v["works"]["coloured_stack"] == 1


def test_7_3_everyone_who_can_pays_at_once():
    def last(v):
        v["round"] = 5
        v["seats"][1]["exhibition_tiles"] = 4

    state = main_state(edit=last)
    play(state, "PASS", "PASS", "PASS")
    assert state.is_terminal()
    v = state.to_dict()
    assert all(sd["figures"]["PF0"] == "upright" and sd["vp_by_source"]["figures_unpaid"] == 0
               for sd in v["seats"])
    assert check_invariants(state) == []


def test_8_two_player_neutral_placement():
    game = load(2)
    state = game.new_initial_state(seed=4)
    play(state, legal_names(state)[0])
    v = state.to_dict()
    assert (v["phase"], v["pending"], v["current_player"]) == ("neutral", "NEUTRAL", 0)
    assert len(legal_names(state)) == 9
    play(state, legal_names(state)[0])
    assert state.to_dict()["current_player"] == 1 and len(legal_names(state)) == 8
    play(state, legal_names(state)[-1])
    v = state.to_dict()
    assert (v["phase"], v["pending"], v["current_player"]) == ("actions", "MAIN", 0)
    pawns = [sp["assistant"] for row in v["board"]["spaces"] for sp in row if sp["assistant"]]
    assert sorted(a["placed_by"] for a in pawns) == [0, 1] and all(a["owner"] == "neutral" for a in pawns)
    v = load(2, neutral_2p=False).new_initial_state(seed=4)
    play(v, legal_names(v)[0])
    assert v.to_dict()["pending"] == "MAIN"


def test_5_4_empty_deck_reshuffles_the_discards():
    def deck(v):
        v["theatre"]["display"] = ["PF7", "PF1", "PF2", "PF3"]
        v["theatre"]["discard"] = 17  # every unseen figure is in the discard pile: the deck is empty

    state = main_state(edit=deck)
    assert state.to_dict()["theatre"]["deck"] == 0
    play(state, "AN r1c3", "BID 1", "PERFORM", "SLOT 0", "DISCARD_FIGURE")
    v = state.to_dict()
    assert v["theatre"]["display"][:3] == ["PF1", "PF2", "PF3"] and v["theatre"]["display"][3] is not None
    assert (v["theatre"]["deck"], v["theatre"]["discard"]) == (17, 0)  # 18 reshuffled, one drawn


def test_5_7_figure_effects_on_the_grand_plaza():
    def figures(v):
        sd = v["seats"][0]
        sd["figures"].update({"PF4": "upright", "PF5": "upright", "PF6": "upright", "PF1": "upright"})
        sd["tracks"]["royal_palace"] = 7  # 5 activations
        v["seats"][1]["materials"].update({"wood": 10, "stone": 10, "iron": 10})
        v["supply"].update({"wood": 0, "stone": 0, "iron": 0})

    state = main_state(edit=figures)
    before = state.to_dict()["seats"][0]
    play(state, "BR grand_plaza", "ACTIVATE PF4", "ACTIVATE PF5", "ACTIVATE PF6", "ACTIVATE PF1")
    v = state.to_dict()
    sd = v["seats"][0]
    assert sd["courthouse"] == before["courthouse"] - 1 and sd["supply"] == before["supply"]  # -1 BR, +1 PF4
    assert sd["materials"] == {"wood": 0, "stone": 0, "iron": 0, "joker": 1}  # Hankar: no cube left, a joker
    assert sum(sd["works"].values()) == sum(before["works"].values()) + 1  # van de Velde
    assert sd["tracks"]["architect"] == 2
    assert v["context"] == {"left": 1} and legal_names(state) == ["ACTIVATE PF0", "STOP"]
    play(state, "ACTIVATE PF0")  # the last upright card: the action ends
    assert state.to_dict()["current_player"] == 1


def test_6_3_one_tuck_per_row_per_round():
    def bids(v):
        v["bonus"]["strip"] = ["B01", "B03", "B04", "B06", "B07"]
        place(v, "r1c2", 0, 1)
        place(v, "r1c3", 0, 1)

    state = main_state(edit=bids)
    play(state, "PASS", "PASS", "PASS")
    v = state.to_dict()
    assert (v["pending"], v["context"]) == ("BONUS_USE", {"card": "B03"})
    play(state, "TUCK 2")
    assert state.to_dict()["context"] == {"card": "B04"}
    assert legal_names(state) == ["USE", "TUCK 1", "TUCK 3", "TUCK 4"]


def test_5_6_top_row_board_mode():
    def ready(v):
        build(v, "r5c1", 0)
        build(v, "r5c2", 0)
        v["seats"][0]["materials"]["joker"] = 4
        v["supply"]["joker"] = 11

    state = main_state(edit=ready, top_row_mode="board")
    play(state, "AN r1c5", "BID 1", "PERFORM", "TILE top", "PAY j4 m0", "NEEDLE A")
    assert state.to_dict()["seats"][0]["vp_by_source"]["top_row"] == 0  # scored at placement on board row 1
    alt = state.clone()
    play(state, "PLACE r1c1")
    assert state.to_dict()["seats"][0]["vp_by_source"]["top_row"] == 5
    play(alt, "PLACE r4c1")
    assert alt.to_dict()["seats"][0]["vp_by_source"]["top_row"] == 0


def test_5_6_1_payment_checks_agree():
    """The split test of row_payable agrees with the enumeration of payment vectors behind BUILD_JOKERS."""
    import itertools
    import random

    import numpy as np

    from brux.games.bruxelles1893.kernel import build as B
    from brux.games.bruxelles1893.kernel import layout as L

    state = main_state()
    s = state.array.copy()
    o = L.SEATS
    rnd = random.Random(1)
    for ta, tb in itertools.permutations(range(6), 2):
        for _ in range(12):
            s[L.COMP: L.COMP + 6] = [ta, tb, 0, 0, 0, 0]
            s[L.NEEDLE], s[L.NEEDLE + 1] = 0, 1
            s[o + L.S_MAT: o + L.S_MAT + 4] = [rnd.randint(0, 3) for _ in range(4)]
            s[o + L.S_MONEY] = rnd.randint(0, 12)
            for row in range(3):
                cost = int(s[L.P_BUILD_COST + row])
                slow = any(B.payable_jm(s, 0, cost, j, m) for j in range(cost + 1) for m in range(cost - j + 1))
                assert B.row_payable(s, 0, row) == slow, (ta, tb, row, list(s[o + L.S_MAT: o + L.S_MAT + 4]))
    assert np.any(s)


def test_2_8_tracks_stop_at_7_and_5_8_market_takes_what_is_left():
    def top(v):
        v["seats"][0]["figures"]["PF3"] = "upright"
        v["seats"][0]["tracks"]["royal_palace"] = 7
        v["seats"][1]["materials"]["joker"] = 13
        v["supply"]["joker"] = 2

    state = main_state(edit=top)
    money = state.to_dict()["seats"][0]["money"]
    play(state, "BR grand_plaza", "ACTIVATE PF3", "ACTIVATE PF0")
    v = state.to_dict()
    assert v["seats"][0]["tracks"]["royal_palace"] == 7 and v["seats"][0]["money"] == money + 5
    play(state, "BR market")  # seat 1: 3 jokers wanted, 2 left
    v = state.to_dict()
    assert v["seats"][1]["materials"]["joker"] == 15 and v["supply"]["joker"] == 0
