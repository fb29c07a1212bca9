"""Building Lutèce scenario positions from real views, through the public API only (game.state_from_dict)."""

import copy

import brux
from brux.games.lutece.invariants import check_invariants, filtered_decks


def load(players=3, **overrides):
    return brux.load_game("lutece", players=players, **overrides)


def make_view(game, characters, locations, seats, round=2, removed=None):
    """A view at the start of a round.

    characters / locations: per slot (card id, coins) or None; seats: per seat (coins, [card ids]). The deck
    counts follow from the cards placed (every unseen card is in its deck unless `removed` says otherwise); the
    derived keys and the bank are left out (state_from_dict computes them).
    """
    v = copy.deepcopy(game.new_initial_state(seed=0).to_dict())
    v["round"] = round
    v["display"] = {
        "characters": [None if x is None else {"card": x[0], "coins": x[1]} for x in characters],
        "locations": [None if x is None else {"card": x[0], "coins": x[1]} for x in locations],
    }
    v["seats"] = [{"coins": coins, "tableau": list(tableau)} for coins, tableau in seats]
    del v["bank"]
    removed = dict(removed or {"character": 0, "location": 0})
    placed = {x[0] for x in characters + locations if x is not None}
    placed |= {c for _, tableau in seats for c in tableau}
    for deck, ids in filtered_decks(game.params, game.players).items():
        v["decks"][deck] = len([c for c in ids if c not in placed]) - removed[deck]
    v["removed"] = removed
    return v


def scenario(game, view, seed=11, check=True):
    state = game.state_from_dict(view, seed=seed)
    if check and not state.is_terminal():
        assert check_invariants(state) == []
        assert state.to_dict()["pending"] == "PLAY_CARDS"
    return state


def play(state, *names):
    """Apply named actions; each must be legal."""
    for name in names:
        state.apply_action(name)


def legal_names(state):
    return [state.action_to_string(a) for a in state.legal_actions()]
