"""Building Prestige scenario positions (TURN decisions) through the public API only (game.state_from_dict)."""

import copy

import brux
from brux.games.prestige.invariants import check_invariants
from brux.games.prestige.params import TABLES

SEASONS = ("spring", "summer", "autumn", "winter")


def load(players=2, **overrides):
    return brux.load_game("prestige", players=players, **overrides)


def events_for(game, round, card, used=()):
    """The events block of a view in `round` with `card` face up and `used` cards removed (oldest first)."""
    year, si = (round - 1) // 4 + 1, (round - 1) % 4
    row = TABLES["events"][card]
    on = game.params["events_on"]
    return {"card": card, "stack": "SS" if si < 2 else "AW", "active": row[1 + si] if on else None,
            "next": row[2 + si] if on and si in (0, 2) else None, "ss_left": 3 - year,
            "aw_left": 3 - year + (si < 2), "used": list(used)}


def make_view(game, round=1, card="E1", used=(), order=None, turn=0, track=None, seats=None, hidden=None):
    """A TURN view: the set-up position of `game` with the given round, events, order, track and seat changes.

    `seats` maps a seat to the keys of its view to replace (stock / workers entries are merged). Derived keys are
    removed (state_from_dict computes them).
    """
    st = game.new_initial_state(seed=0)
    while st.to_dict()["pending"] == "SETUP_RESOURCE":
        st.apply_action("SETUP WOOD")
    v = copy.deepcopy(st.to_dict())
    n = game.players
    year = (round - 1) // 4 + 1
    v["round"] = round
    for key in ("year", "season", "phase", "pending", "current_player", "context", "over", "next_order",
                "priority"):
        del v[key]
    v["events"] = events_for(game, round, card, used)
    v["order"] = list(order) if order is not None else list(range(n)) * 5
    v["turn"] = turn
    for a in v["track"]:
        v["track"][a] = [None] * len(v["track"][a])
    if round == 12:
        v["track"]["B"] += [None] * game.params["extra_b_spaces"]
    for a, xs in (track or {}).items():
        v["track"][a][: len(xs)] = xs
    for name, h in v["heads"].items():
        h["displayed"] = game.params["heads"][name]["year"] <= year
    for sv in v["seats"]:
        for key in ("income", "market_tiles", "vp", "vp_by_source"):
            del sv[key]
        sv["stock"]["wood"] = 0
    for p, changes in (seats or {}).items():
        sv = v["seats"][p]
        for key, value in changes.items():
            if key in ("stock", "workers"):
                sv[key].update(value)
            else:
                sv[key] = value
    for c, lb in enumerate(("LB1", "LB2", "LB3", "LB9", "LB10")):  # conditions no example meets by accident
        v["bonus"]["columns"][c].update(light=lb, light_marks=[], light_taken_by=None, dark=None, dark_claims=[])
    if hidden is not None:
        v["hidden"] = hidden
    return v


def scenario(game, view, seed=3):
    state = game.state_from_dict(view, seed=seed)
    assert check_invariants(state) == []
    return state


def legal_names(state):
    return [state.action_to_string(a) for a in state.legal_actions()]


def play(state, *names):
    """Apply named actions; each must be legal; invariants hold after each."""
    for name in names:
        assert name in legal_names(state), f"{name} not legal: {legal_names(state)}"
        state.apply_action(name)
        assert check_invariants(state) == [], check_invariants(state)
