"""Building scenario positions from real views, through the public API only (game.state_from_dict)."""

import copy

import brux

ARCH_TYPES = ("1/3", "2/4", "2/5")
TABLEAU = (("artwork", "artworks"), ("material", "materials"), ("house", "houses"), ("noble", "nobles"))
PER_SUBTYPE = {"artwork": "artworks_per_colour", "material": "materials_per_pair", "house": "houses_per_type",
               "noble": "nobles_per_type"}
N_SUBTYPES = {"artwork": 4, "material": 6, "house": 4, "noble": 5}  # nobles in the deck: Brugmann excluded


def base_view(players: int, seed: int = 0, **overrides) -> tuple[brux.Game, dict]:
    """A game and a deep copy of the view of a real initial state."""
    game = brux.load_game("bruxelles1897", players=players, **overrides)
    return game, copy.deepcopy(game.new_initial_state(seed=seed).to_dict())


def clear_area(view: dict) -> None:
    """Remove every action card from the area (2-player neutral corners stay); call rebalance() afterwards."""
    for row in view["area"]["spaces"]:
        for c, space in enumerate(row):
            if space is not None and "architect" not in space:
                row[c] = None


def place(view: dict, row: int, col: int, owner: int, arch_type: str, value: int) -> None:
    """Put one of `owner`'s architects on a space, taken from the hand (else from prison)."""
    seat = view["seats"][owner]
    if seat["hand"][arch_type] > 0:
        seat["hand"][arch_type] -= 1
    else:
        assert seat["prison"][arch_type] > 0, f"seat {owner} has no {arch_type} architect left"
        seat["prison"][arch_type] -= 1
    view["area"]["spaces"][row][col] = {"architect": {"owner": owner, "type": arch_type, "value": value}}


def free_all(view: dict, seat: int) -> None:
    """Move all of a seat's prisoners to its hand."""
    s = view["seats"][seat]
    for t in ARCH_TYPES:
        s["hand"][t] += s["prison"][t]
        s["prison"][t] = 0


def rebalance(view: dict, game: brux.Game) -> None:
    """Make the card counts add up: every artwork, material, house and noble card not in the area, a tableau or
    pending goes to its deck (discard piles emptied); the money deck holds the money cards not in the area."""
    comp = game.params["components"]
    seen = {kind: 0 for kind in PER_SUBTYPE}
    money_in_area = 0
    for row in view["area"]["spaces"]:
        for space in row:
            if space is None or "architect" in space:
                continue
            if space["card"] == "money":
                money_in_area += 1
            elif space["card"] in seen:
                seen[space["card"]] += 1
    for card in view.get("pending_cards", []):
        seen[card["card"]] += 1
    for seat in view["seats"]:
        for kind, key in TABLEAU:
            for sub, x in seat[key].items():
                if kind == "noble":
                    seen[kind] += sub != "brugmann" and x is not None
                else:
                    seen[kind] += x
    for kind, key in PER_SUBTYPE.items():
        view["decks"][kind] = comp[key] * N_SUBTYPES[kind] - seen[kind]
        view["discards"][kind] = 0
    view["decks"]["money"] = comp["money_cards"] - money_in_area


def play(state: brux.State, *names: str) -> None:
    for name in names:
        state.apply_action(name)


def pass_round(state: brux.State) -> list[int]:
    """Every seat still in the round passes (seats order of play); returns the seats that passed explicitly.

    Stops when the pending decision is no longer MAIN of the same round (majority phase decision, next round or
    the end of the game).
    """
    rnd = state.to_dict()["round"]
    seats = []
    while not state.is_terminal():
        view = state.to_dict()
        if view["round"] != rnd or view["pending"] != "MAIN":
            break
        seats.append(view["current_player"])
        state.apply_action("PASS")
    return seats
