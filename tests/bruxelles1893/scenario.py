"""Building Bruxelles 1893 positions from real views, through the public API only (game.state_from_dict)."""

import copy

import brux
from brux.games.bruxelles1893.invariants import available_area, check_invariants

COLOURS = ("yellow", "blue", "red", "green", "black")


def load(players=3, **overrides):
    return brux.load_game("bruxelles1893", players=players, **overrides)


def start_view(game, seed=0):
    """The view of a new game (round 1, SHIELD pending)."""
    return copy.deepcopy(game.new_initial_state(seed=seed).to_dict())


def set_strips(game, v, strips, sides="AAAAA"):
    v["board"]["strips"] = list(strips)
    v["board"]["sides"] = list(sides)
    for r, (sid, side) in enumerate(zip(strips, sides, strict=True)):
        for c, t in enumerate(game.params["strips"][sid][side]):
            v["board"]["spaces"][r][c]["type"] = t


def to_main(v, card, shield, current=0):
    """Round's card and chosen shield; MAIN pending for `current`."""
    v["stock_exchange"]["card"] = card
    rows, cols = available_area(shield)
    v["area"] = {"shield": shield, "rows": list(rows), "cols": list(cols)}
    v["phase"] = "actions"
    v["pending"] = "MAIN"
    v["current_player"] = current
    return v


def space(v, name):
    return v["board"]["spaces"][int(name[1]) - 1][int(name[3]) - 1]


def place(v, name, owner, bid=1):
    space(v, name)["assistant"] = {"owner": owner, "bid": bid}
    v["seats"][owner]["supply"] -= 1


def neutral(v, name, placed_by):
    space(v, name)["assistant"] = {"owner": "neutral", "placed_by": placed_by, "bid": 0}


def build(v, name, owner, tile="bottom"):
    space(v, name)["building"] = {"owner": owner, "tile": tile}
    v["seats"][owner]["tiles"][tile] -= 1


def works(v, p, *colours):
    v["seats"][p]["works"] = {c: colours.count(c) for c in COLOURS}


def fix(game, v):
    """Recompute the counts that follow from the visible items (stacks, decks, multipliers, vp)."""
    rnd = v["round"]
    seen = {c: sum(sd["works"][c] for sd in v["seats"]) for c in COLOURS}
    for pile in v["works"]["shop"]:
        for c in pile:
            seen[c] += 1
    v["works"]["coloured_stack"] = 24 - sum(seen[c] for c in COLOURS[:4])
    v["works"]["black_stack"] = 6 - seen["black"]
    figs = [f for f in v["theatre"]["display"] if f is not None]
    figs += [f for sd in v["seats"] for f, st in sd["figures"].items() if st is not None and f != "PF0"]
    v["theatre"]["deck"] = 21 - len(figs) - v["theatre"]["discard"]
    cards = [c for c in v["bonus"]["strip"] if c is not None]
    cards += [c for sd in v["seats"] for row in sd["rows"] for c in row["cards"]]
    v["bonus"]["deck"] = 25 - 5 * rnd
    v["bonus"]["discard"] = 25 - v["bonus"]["deck"] - len(cards)
    v["stock_exchange"]["deck"] = 12 - rnd
    v["stock_exchange"]["discard"] = rnd - 1
    v["exhibition"]["stack"] = 5 - rnd
    v["exhibition"]["year"] = (1893, 1894, 1897, 1905, 1910)[rnd - 1]
    for sd in v["seats"]:
        for row in sd["rows"]:
            row["multiplier"] = 1 + sum(game.params["bonus"][c]["vp"] for c in row["cards"])
        sd["vp"] = sum(sd["vp_by_source"].values())
    return v


def scenario(game, v, seed=11):
    state = game.state_from_dict(fix(game, v), seed=seed)
    assert check_invariants(state) == []
    return state


def play(state, *names):
    """Apply named actions; each must be legal."""
    for name in names:
        state.apply_action(name)


def legal_names(state):
    return [state.action_to_string(a) for a in state.legal_actions()]


def run_until(state, pending, choose=None):
    """Take decisions (the first legal one, or choose(view, names)) until `pending` (or the end)."""
    while not state.is_terminal():
        v = state.to_dict()
        if v["pending"] == pending:
            return v
        names = legal_names(state)
        state.apply_action(choose(v, names) if choose else names[0])
    return state.to_dict()
