"""The worked examples of docs/bruxelles1893.md section 9 (rules section 13), through the public API."""

from brux.games.bruxelles1893.invariants import check_invariants

from .scenario import (
    build,
    legal_names,
    load,
    neutral,
    place,
    play,
    run_until,
    scenario,
    set_strips,
    space,
    start_view,
    to_main,
    works,
)

ORDER = ("S1", "S2", "S3", "S4", "S5")


def use_cards(v, names):
    """Resolution choices: USE bonus cards, first power."""
    return "USE" if "USE" in names else names[0]


# E1 ------------------------------------------------------------------------------------------------------------

def test_e1_area():
    for players, shield, rows, cols in ((2, "22", [3, 5], [3, 5]), (3, "31", [1, 3], [2, 5]),
                                        (5, "44", [1, 4], [1, 4])):
        game = load(players)
        v = start_view(game)
        v["stock_exchange"]["card"] = "SE01"
        state = scenario(game, v)
        assert state.to_dict()["pending"] == "SHIELD"
        play(state, f"SHIELD {shield}")
        area = state.to_dict()["area"]
        assert (area["rows"], area["cols"]) == (rows, cols)
    # the 2-player area of E1 holds exactly the four shields (3,3),(3,4),(4,3),(4,4)
    inside = [(r, c) for r in range(1, 5) for c in range(1, 5) if r >= 3 and c >= 3]
    assert inside == [(3, 3), (3, 4), (4, 3), (4, 4)]


# E2 ------------------------------------------------------------------------------------------------------------

def test_e2_brussels_costs_and_majority():
    game = load(3)
    v = to_main(start_view(game), "SE05", "33")
    state = scenario(game, v)
    money_c = state.to_dict()["seats"][2]["money"]
    play(state, "BR market")
    assert state.to_dict()["seats"][0]["supply"] == 4
    play(state, "BR market")
    assert state.to_dict()["seats"][1]["supply"] == 3
    play(state, "BR stock_exchange")
    v = state.to_dict()
    assert v["seats"][2]["supply"] == 4 and v["seats"][2]["money"] == money_c + 5
    play(state, "BR market")
    v = state.to_dict()
    assert v["seats"][0]["supply"] == 1
    assert v["brussels"]["market"] == {"uses": 3, "assistants": [0, 1, 1, 0, 0, 0]}
    assert check_invariants(state) == []
    play(state, "PASS", "PASS", "PASS")
    v = run_until(state, "SHIELD")
    assert [sd["courthouse"] for sd in v["seats"]] == [3, 2, 2]
    assert [sd["supply"] for sd in v["seats"]] == [4, 5, 5]


def test_e2_five_players_k2():
    game = load(5)
    state = scenario(game, to_main(start_view(game), "SE05", "44"))
    play(state, *["BR stock_exchange"] * 5)
    v = state.to_dict()
    assert [5 - sd["supply"] for sd in v["seats"]] == [1, 1, 2, 2, 3]
    assert len(v["brussels"]["stock_exchange"]["assistants"]) == 9


# E3 ------------------------------------------------------------------------------------------------------------

def e3_state():
    game = load(4)
    v = to_main(start_view(game), "SE08", "44", current=3)
    set_strips(game, v, ORDER)
    v["bonus"]["strip"] = ["B05", "B14", "B09", "B12", "B21"]
    for name, p, bid in (("r1c1", 0, 2), ("r2c1", 1, 1), ("r3c1", 1, 1), ("r1c2", 2, 3), ("r2c2", 3, 1),
                         ("r1c3", 3, 4), ("r1c4", 0, 1), ("r2c4", 1, 3)):
        place(v, name, p, bid)
    works(v, 3, "yellow", "red", "black")
    works(v, 0, "yellow", "yellow")
    works(v, 1, "blue")
    works(v, 2, "green")
    return game, scenario(game, v)


def test_e3_pass_columns_first_player():
    game, state = e3_state()
    before = [sd["money"] for sd in state.to_dict()["seats"]]
    play(state, "PASS")  # D first: exhibition tile + 1 + 3
    v = state.to_dict()
    assert v["seats"][3]["money"] == before[3] + 4 and v["exhibition"]["taken_by"] == 3
    assert v["current_player"] == 0
    play(state, "PASS")  # A: 1 colour
    assert state.to_dict()["seats"][0]["money"] == before[0] + 1
    play(state, "PASS", "PASS")
    v = state.to_dict()
    # column 1 tie: A and B City Hall +1 (B05 discarded); C first player; C must use B14 (0 VP): RP or CH
    assert [sd["tracks"]["city_hall"] for sd in v["seats"]] == [2, 2, 1, 1]
    assert v["first_player"] == 2
    assert v["bonus"]["strip"] == [None, None, None, None, "B21"]
    assert [sd["bonus_won"] for sd in v["seats"]] == [[], ["B12"], ["B14"], ["B09"]]  # B14 stays while in use
    assert (v["pending"], v["current_player"], v["context"]) == ("POWER", 2, {"card": "B14", "reason": "use"})
    assert legal_names(state) == ["POWER RP", "POWER CH"]
    play(state, "POWER RP")
    v = state.to_dict()
    assert (v["pending"], v["current_player"], v["context"]) == ("BONUS_USE", 3, {"card": "B09"})
    assert legal_names(state) == ["USE", "TUCK 1", "TUCK 2", "TUCK 3", "TUCK 4"]
    play(state, "TUCK 1")
    v = state.to_dict()
    assert v["seats"][3]["rows"][0] == {"cards": ["B09"], "multiplier": 3, "tucked_this_round": True}
    assert (v["pending"], v["current_player"], v["context"]) == ("BONUS_USE", 1, {"card": "B12"})
    play(state, "USE")
    v = state.to_dict()
    assert v["seats"][1]["courthouse"] == 1 and v["pending"] == "SHIELD" and v["round"] == 2
    assert check_invariants(state) == []


# E4 ------------------------------------------------------------------------------------------------------------

def test_e4_royal_theatre():
    game = load(3)
    v = to_main(start_view(game), "SE01", "31")
    set_strips(game, v, ORDER)  # r1c3 and r2c2 are Theatre spaces
    v["theatre"]["display"] = ["PF7", "PF1", "PF2", "PF3"]
    v["seats"][0]["money"] = 8
    v["seats"][0]["tracks"]["city_hall"] = 2
    v["seats"][1]["figures"]["PF1"] = "upright"
    state = scenario(game, v)
    play(state, "AN r1c3", "BID 2")
    assert state.to_dict()["seats"][0]["money"] == 6
    play(state, "PERFORM", "SLOT 2")
    v = state.to_dict()
    assert v["pending"] == "THEATRE_KEEP" and v["in_play"]["figure"] == "PF2"
    assert v["seats"][0]["money"] == 4 and v["seats"][0]["tracks"]["city_hall"] == 3
    play(state, "KEEP_FIGURE")
    v = state.to_dict()
    assert v["seats"][0]["figures"]["PF2"] == "tapped"
    assert v["theatre"]["display"][:3] == ["PF7", "PF1", "PF3"] and v["theatre"]["display"][3] is not None
    third = v["theatre"]["display"][3]
    arch = v["seats"][1]["tracks"]["architect"]
    play(state, "AN r2c2", "BID 1", "PERFORM", "SLOT 1")  # B holds Horta: the new card is discarded (automatic)
    v = state.to_dict()
    assert v["seats"][1]["tracks"]["architect"] == arch + 1
    assert v["seats"][1]["figures"]["PF1"] == "upright"
    assert v["theatre"]["discard"] == 1
    assert v["theatre"]["display"][:3] == ["PF7", "PF3", third]
    display = v["theatre"]["display"]
    play(state, "PASS", "PASS", "PASS")
    v = run_until(state, "SHIELD", use_cards)
    assert v["theatre"]["display"][:3] == display[1:]  # Solvay discarded at end of turn, the rest shifted
    assert v["theatre"]["discard"] == 2


# E5 ------------------------------------------------------------------------------------------------------------

def e5_state():
    game = load(3)
    v = to_main(start_view(game), "SE01", "31")
    set_strips(game, v, ORDER)  # r1c2 is a Sale space
    v["works"]["shop"] = [["yellow"], ["red"]]
    works(v, 0, "blue", "blue", "yellow")
    return scenario(game, v)


def test_e5_sale():
    outcomes = {}
    for centre in ("r2c3", "r4c6", "r4c4"):
        state = e5_state()
        play(state, "AN r1c2", "BID 1", "PERFORM")
        v = state.to_dict()
        assert (v["pending"], v["context"]) == ("CURSOR", {"steps": 3})
        assert {"CURSOR r2c3", "CURSOR r4c6", "CURSOR r4c4"} <= set(legal_names(state))
        assert "CURSOR r2c2" not in legal_names(state)  # 4 steps
        money, vp = v["seats"][0]["money"], v["seats"][0]["vp"]
        play(state, f"CURSOR {centre}")  # SELL: only blue is sellable (automatic)
        v = state.to_dict()
        outcomes[centre] = (v["seats"][0]["money"] - money, v["seats"][0]["vp"] - vp)
        if centre == "r2c3":
            assert (v["pending"], v["in_play"]["works"]) == ("PILE", ["blue"])
            play(state, "PILE 1")
            v = state.to_dict()
            assert v["works"]["shop"] == [["yellow", "blue"], ["red"]] and v["cursor"] == [2, 3]
            assert v["seats"][0]["works"]["blue"] == 1
    assert outcomes == {"r2c3": (4, 2), "r4c6": (1, 4), "r4c4": (3, 2)}


# E6 ------------------------------------------------------------------------------------------------------------

def e6_state(needles=(0, 3), money=5, **mats):
    game = load(3)
    v = to_main(start_view(game), "SE01", "31")
    set_strips(game, v, ("S5", "S1", "S2", "S3", "S4"))  # r2c5 Construction, r1c5 Materials
    v["compass"] = {"tiles": ["wood", "money", "stone", "any", "iron", "blank"],
                    "needles": {"A": needles[0], "B": needles[1]}}
    build(v, "r5c1", 0)
    build(v, "r5c2", 0)
    v["seats"][0]["money"] = money
    for k, x in mats.items():
        v["seats"][0]["materials"][k] = x
        v["supply"][k] -= x
    return scenario(game, v)


def test_e6_construction_middle_tile():
    state = e6_state(wood=1, stone=2, joker=1)
    play(state, "AN r2c5", "BID 1", "PERFORM")
    assert legal_names(state) == ["TILE middle", "TILE top"]
    play(state, "TILE middle")
    assert state.to_dict()["context"] == {"tile": "middle", "cost": 3}
    assert legal_names(state) == ["PAY j0 m0", "PAY j1 m0"]
    alt = state.clone()
    play(alt, "PAY j1 m0")
    assert "PAY w1 s1 i0" in legal_names(alt)
    play(state, "PAY j0 m0")  # 1 wood (WOOD) + 2 stone (ANY): the only completion, automatic
    v = state.to_dict()
    assert v["pending"] == "NEEDLE" and v["seats"][0]["vp_by_source"]["no_joker"] == 5
    assert v["seats"][0]["materials"] == {"wood": 0, "stone": 0, "iron": 0, "joker": 1}
    assert legal_names(state) == ["NEEDLE A", "NEEDLE B"]
    play(state, "NEEDLE B", "PLACE r1c5")
    v = state.to_dict()
    assert v["compass"]["needles"] == {"A": 0, "B": 4}
    assert space(v, "r1c5")["building"] == {"owner": 0, "tile": "middle"}
    # an opponent on the Materials space r1c5: after his action the owner gains a noble material of his choice
    play(state, "AN r1c5", "BID 1", "SKIP")
    v = state.to_dict()
    assert (v["pending"], v["current_player"], v["context"]) == ("GAIN_MATERIAL", 0, {"source": "secondary"})
    play(state, "GAIN iron")
    assert state.to_dict()["seats"][0]["materials"]["iron"] == 1


def test_e6_construction_top_tile():
    state = e6_state(wood=1, stone=2, joker=1)
    play(state, "AN r2c5", "BID 1", "PERFORM", "TILE top")
    v = state.to_dict()  # the only payment, 1 wood + 2 stone + 1 joker, is automatic
    assert v["pending"] == "NEEDLE" and v["seats"][0]["materials"] == {"wood": 0, "stone": 0, "iron": 0, "joker": 0}
    assert v["seats"][0]["vp_by_source"]["top_row"] == 5 and v["seats"][0]["vp_by_source"]["no_joker"] == 0


def test_e6_money_and_blank_needles():
    state = e6_state(needles=(1, 5), money=13, joker=2)
    play(state, "AN r2c5", "BID 1", "PERFORM", "TILE top")
    assert legal_names(state) == ["PAY j0 m4", "PAY j1 m3", "PAY j2 m2"]
    alt = state.clone()
    play(state, "PAY j0 m4")
    v = state.to_dict()
    assert v["seats"][0]["money"] == 0
    assert v["seats"][0]["vp_by_source"]["no_joker"] + v["seats"][0]["vp_by_source"]["top_row"] == 10
    play(alt, "PAY j2 m2")
    v = alt.to_dict()
    assert v["seats"][0]["money"] == 6
    assert v["seats"][0]["vp_by_source"]["no_joker"] == 0 and v["seats"][0]["vp_by_source"]["top_row"] == 5


# E7 ------------------------------------------------------------------------------------------------------------

def test_e7_shields():
    game = load(3)
    v = to_main(start_view(game), "SE02", "22")
    v["bonus"]["strip"] = ["B02", "B04", "B01", "B07", "B10"]
    for name, p in (("r3c3", 0), ("r3c4", 0), ("r3c5", 1), ("r4c3", 2), ("r4c4", 0), ("r4c5", 1), ("r5c3", 2),
                    ("r5c5", 1)):
        place(v, name, p)
    v["seats"][1]["tracks"]["city_hall"] = 3
    state = scenario(game, v)
    play(state, "PASS", "PASS", "PASS")
    v = run_until(state, "SHIELD", use_cards)
    assert [sd["vp_by_source"]["shields"] for sd in v["seats"]] == [4, 4, 0]


# E8 ------------------------------------------------------------------------------------------------------------

def e8_state():
    game = load(3)
    v = to_main(start_view(game), "SE03", "33")
    v["round"] = 5
    v["bonus"]["strip"] = ["B01", "B02", "B04", "B07", "B08"]
    sd = v["seats"][0]
    sd["vp_by_source"]["sale"] = 40
    sd["money"] = 10  # + 1 + 1 colour when passing first = 12
    works(v, 0, "red", "red", "red")
    sd["figures"].update({"PF1": "upright", "PF5": "tapped", "PF4": "upright", "PF6": "upright"})
    for name, tile in (("r4c4", "bottom"), ("r4c5", "bottom"), ("r5c4", "middle"), ("r5c5", "middle"),
                       ("r1c5", "top")):
        build(v, name, 0, tile)
    sd["tracks"]["architect"] = 4
    sd["rows"][1]["cards"] = ["B03"]
    sd["rows"][2]["cards"] = ["B05"]
    sd["courthouse"], sd["supply"] = 1, 6
    sd["materials"] = {"wood": 1, "stone": 0, "iron": 2, "joker": 0}
    v["supply"].update({"wood": 9, "iron": 8})
    v["seats"][1]["exhibition_tiles"] = 4
    return game, scenario(game, v)


def test_e8_final_scoring():
    game, state = e8_state()
    play(state, "PASS", "PASS", "PASS")
    v = state.to_dict()
    assert (v["phase"], v["pending"], v["current_player"]) == ("final", "PAY_FIGURE", 0)
    assert v["seats"][0]["money"] == 12
    assert legal_names(state) == ["PAY PF0", "PAY PF1", "PAY PF4", "PAY PF5", "PAY PF6"]
    play(state, "PAY PF0", "PAY PF4", "PAY PF5")
    assert state.to_dict()["context"] == {"paid": ["PF0", "PF4", "PF5"]}
    assert legal_names(state) == ["PAY PF1", "PAY PF6"]
    play(state, "PAY PF6")  # 1 BF left: Horta (4) cannot be paid, the payment ends
    assert state.is_terminal()
    v = state.to_dict()
    sd = v["seats"][0]
    assert sd["money"] == 1 and sd["figures"]["PF1"] is None and v["first_player"] == 0
    assert sd["vp_by_source"] == {"sale": 40, "no_joker": 0, "top_row": 0, "shields": 0, "figures_unpaid": -5,
                                  "buildings": 20, "row_money": 0, "row_works": 9, "row_figures": 8,
                                  "row_assistants": 4, "nobles": 3, "manneken_pis": 5}
    assert sd["vp"] == 84
    assert check_invariants(state) == []
    result = state.result()
    assert result[0]["vp"] == 84 and result[0]["vp_by_source"] == sd["vp_by_source"]


def test_e8_dropping_vandervelde_also_gives_84():
    game, state = e8_state()
    play(state, "PASS", "PASS", "PASS", "PAY PF0", "PAY PF1", "PAY PF5", "PAY PF6")
    assert state.is_terminal()
    sd = state.to_dict()["seats"][0]
    assert sd["money"] == 0 and sd["figures"]["PF4"] is None and sd["vp"] == 84


# E9 ------------------------------------------------------------------------------------------------------------

def e9_state(rows, **overrides):
    game = load(2, **overrides)
    v = to_main(start_view(game), "SE01", "33")
    v["bonus"]["strip"] = ["B01", "B07", "B10", "B02", "B04"]
    for r, row in enumerate(rows):
        for c, who in enumerate(row):
            name = f"r{r + 1}c{c + 1}"
            if who == "N":
                neutral(v, name, sum(1 for x in rows[:r] for y in x if y == "N"))
            elif who != ".":
                place(v, name, "AB".index(who))
    v["seats"][1]["tracks"]["city_hall"] = 2
    return scenario(game, v)


def test_e9_two_players_neutral_pawns():
    state = e9_state(["NAB", "NAB", "BBA"])
    play(state, "PASS", "PASS")
    v = run_until(state, "SHIELD", use_cards)
    assert [sd["vp_by_source"]["shields"] for sd in v["seats"]] == [6, 9]


def test_e9_neutral_alone_at_the_maximum_scores_nobody():
    state = e9_state(["NA.", "NB."])
    play(state, "PASS", "PASS")
    v = run_until(state, "SHIELD", use_cards)
    assert [sd["vp_by_source"]["shields"] for sd in v["seats"]] == [0, 0]


def test_e9_neutral_tie_nobody_variant():
    state = e9_state(["NAB", "NAB", "BBA"], neutral_tie="nobody")
    play(state, "PASS", "PASS")
    v = run_until(state, "SHIELD", use_cards)
    assert [sd["vp_by_source"]["shields"] for sd in v["seats"]] == [4, 9]  # shield (1,1) N 2 = A 2 scores nobody
