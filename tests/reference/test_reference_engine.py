"""Tests of the pure-Python reference engine of Bruxelles 1897 on its own (no kernel involved)."""

import copy
import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brux.games.bruxelles1897.params import DEFAULTS
from brux.games.bruxelles1897.reference import ReferenceGame
from brux.games.bruxelles1897.reference.cards import (
    ARCHITECT_TYPES,
    COLOURS,
    HOUSE_TYPES,
    NOBLES,
    PAIRS,
    SUBTYPES,
    action_names,
)
from brux.games.bruxelles1897.reference.rng import (
    GOLDEN,
    MASK64,
    Stream,
    batch_game_seed,
    derive,
    mix,
)
from brux.games.bruxelles1897.reference.scoring import (
    build_vp,
    is_valid_payment,
    majority_winners,
    money_bonus,
    noble_upkeep,
    ranks_and_shares,
)

PARAMS = DEFAULTS

VP_SOURCES = ["build", "exhibit", "arms", "houses", "materials", "exhibition_card", "bonus_nobility",
              "bonus_architecture", "bonus_prestige", "bonus_prison", "noble_penalty"]
END_SOURCES = ["houses", "materials", "exhibition_card", "bonus_nobility", "bonus_architecture", "bonus_prestige",
               "bonus_prison", "noble_penalty"]
OPENING = re.compile(
    r"^(AN:(artwork|money|material|house|noble|exhibition):(1/3|2/4|2/5)@\d+|BR:(stock_exchange|city_hall|park)"
    r"|PASS|-)$"
)


def params_with(**overrides):
    p = copy.deepcopy(PARAMS)
    p.update(overrides)
    return p


# ----------------------------------------------------------------------------------------------------
# Invariants (rules section 6), computed from the view
# ----------------------------------------------------------------------------------------------------
def component_totals(params, players):
    comps = params["components"]
    return {
        "artwork": 4 * comps["artworks_per_colour"],
        "money": comps["money_cards"],
        "material": 6 * comps["materials_per_pair"],
        "house": 4 * comps["houses_per_type"],
        "noble": 5 * comps["nobles_per_type"] + 4,  # + 4 Brugmann (one per colour)
    }


def check_view(view, params, players):
    """Every invariant of rules section 6 that the view shows."""
    assert view["players"] == players
    json.dumps(view)  # JSON-serialisable
    totals = {kind: 0 for kind in ("artwork", "money", "material", "house", "noble")}
    exhibition_places = 0
    for kind in totals:
        totals[kind] += view["decks"][kind]
        if kind != "money":
            totals[kind] += view["discards"][kind]
    rows = view["area"]["rows"]
    assert rows == (4 if players == 4 else 3) and view["area"]["cols"] == 4
    assert sorted(view["area"]["bonus"]) == ["architecture", "nobility", "prestige", "prison"]
    area_arch = [[0, 0, 0] for _ in range(players)]
    neutral = 0
    for r, row in enumerate(view["area"]["spaces"]):
        assert len(row) == 4
        for c, space in enumerate(row):
            if space is None:
                continue
            if "card" in space:
                if space["card"] == "exhibition":
                    exhibition_places += 1
                else:
                    totals[space["card"]] += 1
            else:
                arch = space["architect"]
                if arch["owner"] == "neutral":
                    neutral += 1
                    assert players == 2 and r == rows - 1 and c in (0, 3)
                    assert arch == {"owner": "neutral", "type": "1/3", "value": params["neutral_value"]}
                else:
                    t = ARCHITECT_TYPES.index(arch["type"])
                    assert arch["value"] in params["architect_faces"][t]
                    area_arch[arch["owner"]][t] += 1
    assert neutral == (2 if players == 2 else 0)
    if view["exhibition_holder"] is not None:
        exhibition_places += 1
    assert exhibition_places <= 1
    brussels_arch = [[0, 0, 0] for _ in range(players)]
    for card in ("stock_exchange", "city_hall", "park"):
        entries = view["brussels"][card]
        for e in entries:
            brussels_arch[e["owner"]][ARCHITECT_TYPES.index(e["type"])] += 1
    for pc in view["pending_cards"]:
        totals[pc["card"]] += 1
    totals["noble"] += 4 - players  # Brugmann of absent colours: in the box
    vp_sum = 0
    for seat, s in enumerate(view["seats"]):
        assert s["money"] >= 0
        for track, value in s["tracks"].items():
            assert 1 <= value <= params["track_max"], (track, value)
        assert list(s["vp_by_source"]) == VP_SOURCES
        assert sum(s["vp_by_source"].values()) == s["vp"]
        assert s["vp_by_source"]["noble_penalty"] <= 0
        assert all(v >= 0 for k, v in s["vp_by_source"].items() if k != "noble_penalty")
        vp_sum += s["vp"]
        totals["artwork"] += sum(s["artworks"].values())
        totals["material"] += sum(s["materials"].values())
        totals["house"] += sum(s["houses"].values())
        totals["noble"] += sum(v is not None for v in s["nobles"].values())
        assert s["nobles"]["brugmann"] in ("tapped", "untapped")
        assert all(v in (None, "tapped", "untapped") for v in s["nobles"].values())
        for t, name in enumerate(ARCHITECT_TYPES):
            count = s["hand"][name] + area_arch[seat][t] + brussels_arch[seat][t] + s["prison"][name]
            assert count == params["architect_counts"][t], (seat, name, count)
        for values in (s["hand"], s["prison"], s["artworks"], s["materials"], s["houses"]):
            assert all(v >= 0 for v in values.values())
    assert totals == component_totals(params, players)
    # pending_cards sorted by subtype number
    order = [sub for kind in ("artwork", "material", "house", "noble") for sub in SUBTYPES[kind]]
    keys = [order.index(pc[pc["card"]]) for pc in view["pending_cards"]]
    assert keys == sorted(keys)


def check_subtypes(state, params, players):
    """Per-subtype conservation (the view gives decks and discards only as totals: peek at the engine)."""
    g = state._g
    comps = params["components"]
    expected = {}
    for c in COLOURS:
        expected[c] = comps["artworks_per_colour"]
    for p in PAIRS:
        expected[p] = comps["materials_per_pair"]
    for h in HOUSE_TYPES:
        expected[h] = comps["houses_per_type"]
    for n in NOBLES[1:]:
        expected[n] = comps["nobles_per_type"]
    expected["brugmann"] = 4
    counts = dict.fromkeys(expected, 0)
    counts["brugmann"] += 4 - players
    for kind, deck in g.decks.items():
        for sub in deck:
            counts[sub] += 1
        for sub, n in g.discards[kind].items():
            counts[sub] += n
    for row in g.area:
        for space in row:
            if space is not None and hasattr(space, "kind") and space.sub is not None:
                counts[space.sub] += 1
    for card in g.pending_cards:
        counts[card.sub] += 1
    for s in g.seats:
        for table in (s.artworks, s.materials, s.houses):
            for sub, n in table.items():
                counts[sub] += n
        for n, status in s.nobles.items():
            counts[n] += status is not None
    assert counts == expected


def play_random(players, seed, params=PARAMS, agent_seed=None, check=True, deep=False, on_step=None):
    game = ReferenceGame(players, params)
    state = game.new_initial_state(seed)
    rng = random.Random(seed if agent_seed is None else agent_seed)
    view = state.to_dict()
    if check:
        check_view(view, params, players)
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert len(legal) >= 2 and len(set(legal)) == len(legal)
        assert view["current_player"] == state.current_player() and view["pending"] is not None
        name = rng.choice(legal)
        before = view
        state.apply_action(name)
        steps += 1
        view = state.to_dict()
        if check:
            check_view(view, params, players)
            if deep:
                check_subtypes(state, params, players)
            if not view["over"]:
                # VP only decreases at the end (noble penalty); end-of-game sources stay 0 until then.
                for a, b in zip(before["seats"], view["seats"]):
                    assert b["vp"] >= a["vp"]
                    assert all(b["vp_by_source"][k] == 0 for k in END_SOURCES)
                assert view["round"] >= before["round"]
        if on_step is not None:
            on_step(before, name, view, state)
        assert steps < 5000
    assert state.decisions_taken == steps
    return state


def check_final(state, params, players):
    view = state.to_dict()
    assert view["over"] and view["current_player"] is None and view["pending"] is None
    assert view["round"] == params["rounds"]
    assert state.current_player() == -1 and state.legal_actions() == []
    res = state.result()
    assert [r["seat"] for r in res] == list(range(players))
    for r, s in zip(res, view["seats"]):
        assert r["vp"] == s["vp"] == sum(r["vp_by_source"].values())
        assert r["vp_by_source"] == s["vp_by_source"]
        assert 1 <= r["rank"] <= players
    firsts = [r for r in res if r["rank"] == 1]
    assert firsts and abs(sum(r["win_share"] for r in res) - 1.0) < 1e-12
    assert all(abs(r["win_share"] - 1 / len(firsts)) < 1e-12 for r in firsts)
    labels = state.opening_labels()
    assert len(labels) == players
    for seat_labels in labels:
        assert len(seat_labels) == 2 and all(OPENING.match(x) for x in seat_labels)
        assert seat_labels[0] != "-"  # every seat has at least one round-1 MAIN decision (it passes at last)
        if seat_labels[0] == "PASS":
            assert seat_labels[1] == "-"
    return res


# ----------------------------------------------------------------------------------------------------
# Random games
# ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_finish_with_invariants(players):
    for seed in range(40):
        state = play_random(players, seed, deep=seed < 10)
        check_final(state, PARAMS, players)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_random_games_finish(players):
    for seed in range(1000, 1060):
        state = play_random(players, seed, check=False)
        check_final(state, PARAMS, players)


def test_opening_labels_match_observed_main_decisions():
    for players in (2, 3, 4):
        for seed in range(15):
            observed = [[] for _ in range(players)]

            def on_step(before, name, view, state, observed=observed):
                if before["pending"] != "MAIN" or before["round"] != 1:
                    return
                seat = before["current_player"]
                if name.startswith("AN "):
                    m = re.match(r"AN r(\d)c(\d) (\S+)@(\d+)$", name)
                    kind = before["area"]["spaces"][int(m[1])][int(m[2])]["card"]
                    observed[seat].append(f"AN:{kind}:{m[3]}@{m[4]}")
                elif name.startswith("BR "):
                    observed[seat].append("BR:" + name[3:])
                else:
                    observed[seat].append("PASS")

            state = play_random(players, seed, check=False, on_step=on_step)
            # An automatic MAIN decision is always a forced PASS, hence the seat's last of the round:
            # the observed explicit ones are a prefix of the seat's MAIN decisions.
            for seat in range(players):
                k = min(2, len(observed[seat]))
                assert state.opening_labels()[seat][:k] == observed[seat][:k]


def test_turns_per_round_are_bounded(monkeypatch):
    """Rules 6: at most 1 + (cards in hand at the start of the round) + (cards freed during the round) turns."""
    from brux.games.bruxelles1897.reference import engine as eng

    turns = {}
    checked = []
    orig_turn = eng.Engine.turn
    orig_phase = eng.Engine.action_phase

    def turn(self, seat):
        turns[seat] = turns.get(seat, 0) + 1
        return (yield from orig_turn(self, seat))

    def action_phase(self):
        turns.clear()
        hand = [s.hand_count() for s in self.g.seats]
        prison = [sum(s.prison) for s in self.g.seats]
        yield from orig_phase(self)
        for seat, s in enumerate(self.g.seats):
            freed = prison[seat] - sum(s.prison)  # prison only shrinks during the action phase
            assert 1 <= turns.get(seat, 0) <= 1 + hand[seat] + freed
        checked.append(self.g.round)

    monkeypatch.setattr(eng.Engine, "turn", turn)
    monkeypatch.setattr(eng.Engine, "action_phase", action_phase)
    for players in (2, 3, 4):
        for seed in range(10):
            play_random(players, seed, check=False)
    assert len(checked) == 30 * PARAMS["rounds"]


# ----------------------------------------------------------------------------------------------------
# Determinism, clone, illegal actions
# ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_same_decisions_same_views(players):
    for seed in (3, 77):
        views, names = [], []

        def on_step(before, name, view, state, names=names, views=views):
            names.append(name)
            views.append(json.dumps(view))

        state = play_random(players, seed, check=False, on_step=on_step)
        game = ReferenceGame(players, PARAMS)
        replay = game.new_initial_state(seed)
        for name, view in zip(names, views):
            replay.apply_action(name)
            assert json.dumps(replay.to_dict()) == view
        assert replay.result() == state.result()
        assert replay.opening_labels() == state.opening_labels()


def test_clone_is_independent_and_identical():
    game = ReferenceGame(3, PARAMS)
    state = game.new_initial_state(11)
    rng = random.Random(5)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    twin = state.clone()
    assert twin.to_dict() == state.to_dict()
    assert twin.legal_actions() == state.legal_actions()
    assert twin.decisions_taken == state.decisions_taken
    name = state.legal_actions()[0]
    twin.apply_action(name)
    assert twin.to_dict() != state.to_dict() or twin.decisions_taken != state.decisions_taken
    state.apply_action(name)
    assert twin.to_dict() == state.to_dict()


def test_same_seed_same_deal_for_any_agents():
    game = ReferenceGame(4, PARAMS)
    a = game.new_initial_state(123)
    b = game.new_initial_state(123)
    assert a.to_dict() == b.to_dict()
    c = game.new_initial_state(124)
    assert a.to_dict()["area"] != c.to_dict()["area"] or a._g.decks != c._g.decks


def test_illegal_action_raises_and_leaves_state_unchanged():
    state = ReferenceGame(3, PARAMS).new_initial_state(2)
    view = state.to_dict()
    for bad in ("NOPE", "KEEP_NOBLE", "AN r9c9 1/3@1", "COMMIT 1/3"):
        with pytest.raises(ValueError):
            state.apply_action(bad)
    assert state.to_dict() == view and state.decisions_taken == 0
    finished = play_random(2, 4, check=False)
    with pytest.raises(ValueError):
        finished.apply_action("PASS")
    with pytest.raises(ValueError):
        ReferenceGame(3, PARAMS).new_initial_state(0).result()


def test_legal_actions_sorted_by_action_number():
    names = action_names([tuple(f) for f in PARAMS["architect_faces"]])
    number = {}
    for i, n in enumerate(names):
        number.setdefault(n, i)
    assert number["PASS"] == 99 and number["KEEP yellow"] == 108 and number["PRISON 2/5"] == 159
    assert number["AN r0c2 2/5@5"] == 2 * 6 + 2 * 2 + 1
    assert number["DECLINE_BUILD"] == 140 and number["STOP_ACTIVATING"] == 152

    def on_step(before, name, view, state):
        legal = state.legal_actions()
        assert [number[x] for x in legal] == sorted(number[x] for x in legal)

    for players in (2, 3, 4):
        play_random(players, 9, check=False, on_step=on_step)


# ----------------------------------------------------------------------------------------------------
# Chance protocol (docs section 1 and 2)
# ----------------------------------------------------------------------------------------------------
def test_mix_is_splitmix64():
    assert mix(0) == 0xE220A8397B1DCDAF  # first SplitMix64 output from state 0
    assert derive(5, 0) == mix(mix(5))
    s = Stream(derive(7, 0))
    first = s.next()
    assert first == mix((derive(7, 0) + GOLDEN) & MASK64)
    assert 0 <= batch_game_seed(1, 2) < 2 ** 63


def _independent_round1(seed, players, params):
    """The round-1 area and bonus cards recomputed from the protocol text alone."""
    def _mix(z):
        z = (z + 0x9E3779B97F4A7C15) % 2 ** 64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2 ** 64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2 ** 64
        return z ^ (z >> 31)

    key = _mix(_mix(seed) ^ 0)
    counter = [0]

    def randbelow(n):
        counter[0] += 1
        return ((_mix((key + counter[0] * 0x9E3779B97F4A7C15) % 2 ** 64) >> 32) * n) >> 32

    def shuffle(xs):
        for i in range(len(xs) - 1, 0, -1):
            j = randbelow(i + 1)
            xs[i], xs[j] = xs[j], xs[i]

    comps = params["components"]
    per = {"artwork": comps["artworks_per_colour"], "material": comps["materials_per_pair"],
           "house": comps["houses_per_type"], "noble": comps["nobles_per_type"]}
    decks = {}
    for kind in ("artwork", "material", "house", "noble"):
        subs = SUBTYPES[kind][1:] if kind == "noble" else SUBTYPES[kind]
        deck = [s for s in subs for _ in range(per[kind])]
        shuffle(deck)
        decks[kind] = deck
    k = params["cards_per_type"][players - 2]
    cards = []
    for kind in ("artwork", "money", "material", "house", "noble"):
        for _ in range(k):
            cards.append({"card": "money"} if kind == "money" else {"card": kind, kind: decks[kind].pop()})
    cards.append({"card": "exhibition"})
    shuffle(cards)
    rows = 4 if players == 4 else 3
    spaces = [(r, c) for r in range(rows) for c in range(4)
              if not (players == 2 and r == rows - 1 and c in (0, 3))]
    area = [[None] * 4 for _ in range(rows)]
    if len(cards) < len(spaces):
        shuffle(spaces)
    for (r, c), card in zip(spaces, cards):
        area[r][c] = card
    bonus = ["nobility", "architecture", "prestige", "prison"]
    shuffle(bonus)
    return area, bonus


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("cards_per_type", [[3, 3, 4], [1, 1, 1]])
def test_round1_deal_follows_protocol(players, cards_per_type):
    params = params_with(cards_per_type=cards_per_type)
    for seed in (0, 1, 2 ** 63 - 1, 987654321):
        view = ReferenceGame(players, params).new_initial_state(seed).to_dict()
        area, bonus = _independent_round1(seed, players, params)
        assert view["area"]["bonus"] == bonus
        for r, row in enumerate(area):
            for c, card in enumerate(row):
                shown = view["area"]["spaces"][r][c]
                if card is None:
                    assert shown is None or "architect" in shown
                else:
                    assert shown == card


# ----------------------------------------------------------------------------------------------------
# Worked examples (rules section 9)
# ----------------------------------------------------------------------------------------------------
def test_example_1_build_vp():
    assert is_valid_payment(3, 2) and build_vp(3, ["SB", "SS"]) == 2
    assert build_vp(3, ["SB", "WW"]) == 3
    assert not is_valid_payment(3, 1)
    assert build_vp(3, ["SS", "SS", "BW"]) == 2  # brief / rules 3.5 example
    assert build_vp(1, ["SB"]) == 1 and build_vp(2, ["SB"]) == 2


def _brute_build_vp(n, pairs):
    best = 0
    import itertools
    for ways in itertools.product(range(3), repeat=len(pairs)):
        symbols = []
        for pair, w in zip(pairs, ways):
            symbols += [pair[0]] if w == 0 else [pair[1]] if w == 1 else [pair[0], pair[1]]
        if len(symbols) == n:
            best = max(best, len(set(symbols)))
    return best


@settings(max_examples=200, deadline=None, database=None)
@given(st.lists(st.sampled_from(PAIRS), min_size=1, max_size=6), st.integers(1, 12))
def test_build_vp_matches_brute_force(pairs, n):
    assert build_vp(n, pairs) == _brute_build_vp(n, pairs)


def test_example_2_columns():
    # P0 2/5 -> 5; P1 1/3 -> 3 and 1/3 -> 1: P0 5 vs P1 4
    assert majority_winners({0: 5, 1: 3 + 1}) == [0]


def test_example_3_neutral():
    assert majority_winners({"neutral": 3, 1: 3}) == [1]
    assert majority_winners({"neutral": 3, 0: 1}) == []
    assert majority_winners({}) == []


def test_example_4_coat_of_arms():
    counts = {0: 2, 1: 2}
    prestige = {0: 3, 1: 2}
    gains = {seat: prestige[seat] for seat in majority_winners(counts)}
    assert gains == {0: 3, 1: 2}


def test_example_5_brussels_cost_through_engine():
    """P1 uses the Stock Exchange (1 card), then P0 (2 cards), then P1 again (3 cards): P1 4 vs P0 2."""
    assert majority_winners({1: 4, 0: 2}) == [1]
    state = ReferenceGame(3, PARAMS).new_initial_state(21)

    def finish_sub_decisions():
        while state.to_dict()["pending"] in ("BR_CARD", "SELL", "BUILD", "NOBLE_KEEP", "KEEP_ONE", "EXHIBIT",
                                             "FREE_PRISONER", "CITY_HALL", "PARK"):
            state.apply_action(state.legal_actions()[0])

    # P0: an Art Nouveau action on a money or artwork/material space (no Brussels).
    an = [a for a in state.legal_actions() if a.startswith("AN ") and a.endswith("1/3@1")]
    state.apply_action(an[0])
    finish_sub_decisions()
    assert state.current_player() == 1
    state.apply_action("BR stock_exchange")
    finish_sub_decisions()
    assert state.current_player() == 2
    state.apply_action("PASS")
    assert state.current_player() == 0
    money0 = state.to_dict()["seats"][0]["money"]
    state.apply_action("BR stock_exchange")
    finish_sub_decisions()
    assert state.to_dict()["seats"][0]["money"] == money0 + PARAMS["stock_exchange_money"]
    assert state.current_player() == 1
    state.apply_action("BR stock_exchange")
    finish_sub_decisions()
    view = state.to_dict()
    se = view["brussels"]["stock_exchange"]
    assert [e["owner"] for e in se] == [1, 0, 0, 1, 1, 1]
    prison_p1 = sum(view["seats"][1]["prison"].values())
    # everyone passes now
    while state.to_dict()["round"] == 1:
        legal = state.legal_actions()
        state.apply_action("PASS" if "PASS" in legal else legal[0])
    view = state.to_dict()
    # P1 (4 in Brussels) sent one architect to prison; P1 has no area architect, so no Prison bonus for P1
    assert sum(view["seats"][1]["prison"].values()) == prison_p1 + 1
    assert view["brussels"] == {"stock_exchange": [], "city_hall": [], "park": []}


def test_example_6_end_upkeep():
    assert noble_upkeep(7, ["albert", "buls", "horta"], 2, 3) == (6, [], 0)
    paid, lost, penalty = noble_upkeep(3, ["albert", "buls", "horta"], 2, 3)
    assert paid == 2 and lost == ["albert", "buls"] and penalty == 6  # Brugmann + horta remain


def test_example_7_money_bonus():
    assert money_bonus(11, 3, 2, 5) == 15
    assert money_bonus(13, 3, 2, 5) == 15
    assert money_bonus(3, 3, 2, 5) == 3


def test_ranking_chain():
    ranks, shares = ranks_and_shares([(10, 1, 5), (10, 0, 3), (10, 0, 3), (12, 3, 3)])
    assert ranks == [4, 2, 2, 1] and shares == [0.0, 0.0, 0.0, 1.0]
    ranks, shares = ranks_and_shares([(10, 0, 3), (10, 0, 3), (9, 0, 9)])
    assert ranks == [1, 1, 3] and shares == [0.5, 0.5, 0.0]


# ----------------------------------------------------------------------------------------------------
# Set-up and variants
# ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players):
    view = ReferenceGame(players, PARAMS).new_initial_state(5).to_dict()
    assert view["round"] == 1 and view["start_player"] == 0 and view["current_player"] == 0
    assert view["pending"] == "MAIN" and view["exhibition_holder"] is None and view["pending_cards"] == []
    hand = {"1/3": 4, "2/4": 2 if players == 2 else 1, "2/5": 0}
    for seat, s in enumerate(view["seats"]):
        assert s["money"] == PARAMS["start_money"][seat] and s["vp"] == 0 and not s["passed"]
        assert s["hand"] == hand
        assert s["nobles"] == {"brugmann": "untapped", "albert": None, "buls": None, "horta": None,
                               "hankar": None, "vandervelde": None}
    spaces = [x for row in view["area"]["spaces"] for x in row]
    assert sum(1 for x in spaces if x is not None and "card" in x) == (10 if players == 2 else 12 if players == 3
                                                                          else 16)


@pytest.mark.parametrize("overrides", [
    {"exhibition_mode": "one_each"},
    {"may_decline": True},
    {"rounds": 1},
    {"rounds": 2},
    {"rounds": 7},  # decks run out: reshuffles
    {"cards_per_type": [1, 1, 1]},  # fewer cards than spaces: empty spaces
    {"cards_per_type": [6, 6, 6]},
    {"track_max": 2, "start_money": [0, 0, 0, 0]},
    {"architect_faces": [[3, 1], [2, 2], [0, 6]], "architect_counts": [3, 3, 2],
     "prison_start": [[0, 1, 0], [1, 1, 1], [0, 0, 2]]},
    {"bonus_lower": {"nobility": "money", "architecture": "nobles", "prestige": "house_types",
                     "prison": "artwork_colours"}},
])
def test_variants_play_to_the_end(overrides):
    params = params_with(**overrides)
    for players in (2, 3, 4):
        for seed in range(6):
            state = play_random(players, seed, params=params, deep=True)
            check_final(state, params, players)


def test_one_each_exhibits_at_most_once_per_seat():
    params = params_with(exhibition_mode="one_each")

    def on_step(before, name, view, state):
        for a, b in zip(before["seats"], view["seats"]):
            assert b["vp_by_source"]["exhibit"] - a["vp_by_source"]["exhibit"] <= params["exhibit_vp"]

    for players in (2, 3, 4):
        for seed in range(10):
            play_random(players, seed, params=params, check=False, on_step=on_step)


def test_may_decline_offers_declines():
    params = params_with(may_decline=True)
    seen = set()

    def on_step(before, name, view, state):
        seen.update(a for a in state.legal_actions() if a.startswith("DECLINE"))

    for players in (2, 3, 4):
        for seed in range(15):
            play_random(players, seed, params=params, check=False, on_step=on_step)
    assert seen == {"DECLINE_SALE", "DECLINE_BUILD"}
    # Without may_decline no decline is ever offered.
    seen.clear()
    for seed in range(10):
        play_random(3, seed, check=False, on_step=on_step)
    assert not seen


def test_every_decision_kind_occurs():
    seen = set()

    def on_step(before, name, view, state):
        seen.add(before["pending"])

    for players in (2, 3, 4):
        for seed in range(30):
            play_random(players, seed, check=False, on_step=on_step)
    assert seen == {"MAIN", "BR_CARD", "PARK", "KEEP_ONE", "SELL", "BUILD", "NOBLE_KEEP", "FREE_PRISONER",
                    "CITY_HALL", "EXHIBIT", "TO_PRISON"}


def test_invalid_params_are_rejected():
    with pytest.raises(ValueError, match="rounds"):
        ReferenceGame(3, params_with(rounds=0))
    with pytest.raises(ValueError, match="exhibition_mode"):
        ReferenceGame(3, params_with(exhibition_mode="sometimes"))
    with pytest.raises(ValueError, match="bonus_lower"):
        ReferenceGame(3, params_with(bonus_lower={"nobility": "money"}))
    with pytest.raises(ValueError, match="players"):
        ReferenceGame(5, PARAMS)
    bad = params_with()
    del bad["track_max"]
    with pytest.raises(ValueError, match="track_max"):
        ReferenceGame(3, bad)
    with pytest.raises(ValueError):
        ReferenceGame(3, PARAMS).new_initial_state(-1)
