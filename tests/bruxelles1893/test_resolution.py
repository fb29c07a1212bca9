"""Resolution (rules 6.1, 6.2, 6.4, 6.5) on random boards, against a direct count written from the rules text."""

import random

from brux.games.bruxelles1893.invariants import available_area

from .scenario import load, neutral, place, play, run_until, scenario, start_view, to_main

NO_CITY_HALL = ("B01", "B02", "B03", "B07", "B08", "B09", "B17", "B18", "B21", "B23")  # RP / AR powers only: step 3
# cannot change City Hall positions (step 4) or Courthouses (step 5)
BRUSSELS = ("market", "stock_exchange", "park", "grand_plaza")
CHV = (2, 3, 4, 5, 6, 7, 8)


def random_view(rnd, game):
    n = game.players
    v = start_view(game, seed=rnd.randrange(1000))
    card = rnd.choice(list(game.params["stock_exchange"]))
    shield = rnd.choice(game.params["stock_exchange"][card]["shields"][n - 2])
    first = rnd.randrange(n)
    to_main(v, card, shield, current=first)
    v["first_player"] = first
    v["bonus"]["strip"] = rnd.sample(NO_CITY_HALL, 5)
    rows, cols = available_area(shield)
    cells = [f"r{r}c{c}" for r in range(rows[0], rows[1] + 1) for c in range(cols[0], cols[1] + 1)]
    rnd.shuffle(cells)
    if n == 2:
        for k in range(rnd.randrange(3)):
            neutral(v, cells.pop(), k)
    k_br = 2 if n >= 4 else 1
    for b in BRUSSELS:
        uses = rnd.randrange(3)
        owners = [rnd.randrange(n) for _ in range(uses)]
        entries = [q for u, q in enumerate(owners) for _ in range(u // k_br + 1)]
        if all(entries.count(q) <= v["seats"][q]["supply"] for q in range(n)):
            v["brussels"][b] = {"uses": uses, "assistants": entries}
            for q in entries:
                v["seats"][q]["supply"] -= 1
    for name in cells:
        q = rnd.randrange(n)
        if rnd.random() < 0.75 and v["seats"][q]["supply"] > 0:
            place(v, name, q, rnd.randint(1, 3))
    for sd in v["seats"]:
        sd["tracks"]["city_hall"] = rnd.randint(1, 7)
    return v


def expected(v):
    n = v["players"]
    sp = v["board"]["spaces"]
    shields = [0] * n
    for r in range(4):
        for c in range(4):
            occ = [sp[r + dr][c + dc]["assistant"] for dr in (0, 1) for dc in (0, 1)]
            if None in occ:
                continue
            owners = [a["owner"] for a in occ]
            counts = [owners.count(p) for p in range(n)]
            top = max(counts)
            if owners.count("neutral") > top:
                continue
            for p in range(n):
                if counts[p] == top:
                    shields[p] += CHV[v["seats"][p]["tracks"]["city_hall"] - 1]
    on_br = [sum(v["brussels"][b]["assistants"].count(p) for b in BRUSSELS) for p in range(n)]
    court = [v["seats"][p]["courthouse"] + (max(on_br) >= 1 and on_br[p] == max(on_br)) for p in range(n)]
    mp = [0] * n
    for c in range(5):
        totals = [sum(sp[r][c]["assistant"]["bid"] for r in range(5)
                      if sp[r][c]["assistant"] and sp[r][c]["assistant"]["owner"] == p) for p in range(n)]
        if max(totals) > 0 and totals.count(max(totals)) == 1:
            mp[totals.index(max(totals))] += load(n).params["bonus"][v["bonus"]["strip"][c]]["mp"]
    first = v["first_player"]
    mp[first] += 2  # the first player passes first and takes the exhibition tile
    order = [(first + k) % n for k in range(1, n + 1)]
    new_first = next(p for p in order if mp[p] == max(mp))
    return shields, court, new_first


def test_resolution_on_random_boards():
    rnd = random.Random(5)
    for i in range(60):
        game = load(2 + i % 4)
        v = random_view(rnd, game)
        state = scenario(game, v)
        want = expected(v)  # the view as accepted (fixed in place by scenario)
        while state.to_dict()["pending"] == "MAIN":
            play(state, "PASS")
        after = run_until(state, "SHIELD", lambda v, names: "USE" if "USE" in names else names[0])
        assert [sd["vp_by_source"]["shields"] for sd in after["seats"]] == want[0], i
        assert [sd["courthouse"] for sd in after["seats"]] == want[1], i
        assert after["first_player"] == want[2], i
