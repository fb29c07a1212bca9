"""The readable state view `to_dict` (rules section 8 plus docs section 4 "pending_cards")."""

from .cards import (
    ARCHITECT_TYPES,
    BRUSSELS_CARDS,
    COLS,
    GAME_NAME,
    LAYOUT_DECKS,
    MONEY,
    PILE_DECKS,
    SUBTYPE_NUMBER,
)
from .state import Architect, Card


def card_view(card):
    """{"card": kind} plus, for cards with a subtype, {kind: subtype} (e.g. {"card": "noble", "noble": "buls"})."""
    view = {"card": card.kind}
    if card.sub is not None:
        view[card.kind] = card.sub
    return view


def space_view(space):
    if space is None:
        return None
    if isinstance(space, Card):
        return card_view(space)
    assert isinstance(space, Architect)
    return {"architect": {"owner": space.owner, "type": ARCHITECT_TYPES[space.type], "value": space.value}}


def seat_view(s):
    return {
        "money": s.money,
        "vp": s.vp,
        "passed": s.passed,
        "tracks": dict(s.tracks),
        "hand": {ARCHITECT_TYPES[t]: s.hand[t] for t in range(3)},
        "prison": {ARCHITECT_TYPES[t]: s.prison[t] for t in range(3)},
        "artworks": dict(s.artworks),
        "materials": dict(s.materials),
        "houses": dict(s.houses),
        "nobles": dict(s.nobles),
        "vp_by_source": dict(s.vp_by_source),
    }


def to_dict(g, decision):
    """The view of GameState `g` with `decision` pending (None when the game is over)."""
    over = g.over
    return {
        "game": GAME_NAME,
        "players": g.players,
        "round": g.round,
        "over": over,
        "start_player": g.start_player,
        "current_player": None if over else decision.seat,
        "pending": None if over else decision.name,
        "exhibition_holder": g.exhibition_holder,
        "area": {
            "rows": g.rows,
            "cols": COLS,
            "bonus": list(g.bonus),
            "spaces": [[space_view(space) for space in row] for row in g.area],
        },
        "brussels": {
            card: [{"owner": owner, "type": ARCHITECT_TYPES[t]} for owner, t in g.brussels[card]]
            for card in BRUSSELS_CARDS
        },
        "decks": {kind: (g.money_deck if kind == MONEY else len(g.decks[kind])) for kind in LAYOUT_DECKS},
        "discards": {kind: sum(g.discards[kind].values()) for kind in PILE_DECKS},
        "seats": [seat_view(s) for s in g.seats],
        "pending_cards": [card_view(c) for c in sorted(g.pending_cards, key=lambda c: SUBTYPE_NUMBER[c.sub])],
    }
