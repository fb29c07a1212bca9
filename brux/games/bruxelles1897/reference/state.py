"""Plain classes holding the game state. No rules here, only data (see engine.py for the rules)."""

from typing import NamedTuple

from .cards import (
    BRUGMANN,
    BRUSSELS_CARDS,
    COLOURS,
    COLS,
    HOUSE_TYPES,
    NEUTRAL,
    NOBLES,
    PAIRS,
    PILE_DECKS,
    SUBTYPES,
    TRACKS,
    UNTAPPED,
    VP_SOURCES,
)


class Card(NamedTuple):
    """An action card: kind (artwork, money, material, house, noble, exhibition) and subtype (None for
    money and the exhibition card)."""

    kind: str
    sub: object = None


class Architect(NamedTuple):
    """An architect card on an area space: owner (seat or "neutral"), type index 0..2, face value shown."""

    owner: object
    type: int
    value: int


class Decision:
    """One pending decision: the seat deciding, the decision name (rules section 5) and the legal
    options as an ordered dict action name -> payload (ordered by action number)."""

    def __init__(self, seat, name, choices):
        self.seat = seat
        self.name = name
        self.choices = choices

    def __repr__(self):
        return f"Decision(seat={self.seat}, {self.name}, {list(self.choices)})"


class SeatState:
    """Everything one seat owns."""

    def __init__(self, seat, money, hand, prison):
        self.seat = seat
        self.money = money
        self.vp = 0
        self.passed = False
        self.tracks = {t: 1 for t in TRACKS}
        self.hand = list(hand)  # architects in hand, count per type index
        self.prison = list(prison)  # architects under the prison card, count per type index
        self.artworks = {c: 0 for c in COLOURS}
        self.materials = {p: 0 for p in PAIRS}
        self.houses = {h: 0 for h in HOUSE_TYPES}
        # None = not kept; else "tapped" / "untapped". Every seat starts with its Brugmann untapped.
        self.nobles = {n: None for n in NOBLES}
        self.nobles[BRUGMANN] = UNTAPPED
        self.vp_by_source = {s: 0 for s in VP_SOURCES}

    def gain_vp(self, source, amount):
        self.vp += amount
        self.vp_by_source[source] += amount

    def artwork_count(self):
        return sum(self.artworks.values())

    def material_count(self):
        return sum(self.materials.values())

    def house_count(self):
        return sum(self.houses.values())

    def hand_count(self):
        return sum(self.hand)


class GameState:
    """The whole table."""

    def __init__(self, params):
        players = params.players
        self.players = players
        self.rows = 4 if players == 4 else 3  # rules 3.2
        self.round = 1
        self.over = False
        self.start_player = 0
        self.exhibition_holder = None  # None = the exhibition card is in the exhibition area or the Art Nouveau area
        # area[r][c]: None (empty space), a Card, or an Architect.
        self.area = [[None] * COLS for _ in range(self.rows)]
        self.neutral_spaces = []
        if players == 2:
            # Rules 3.2 / A4: the two bottom corners hold neutral architects for the whole game.
            self.neutral_spaces = [(self.rows - 1, 0), (self.rows - 1, COLS - 1)]
            for r, c in self.neutral_spaces:
                self.area[r][c] = Architect(NEUTRAL, 0, params.neutral_value)
        self.bonus = [None] * COLS  # bonus card name under each column
        self.brussels = {card: [] for card in BRUSSELS_CARDS}  # list of (owner seat, type index)
        self.brussels_uses = {card: 0 for card in BRUSSELS_CARDS}
        self.decks = {kind: [] for kind in PILE_DECKS}  # subtype names; the LAST element is the top card
        self.money_deck = params.money_cards  # the money deck is only a count
        self.discards = {kind: {sub: 0 for sub in SUBTYPES[kind]} for kind in PILE_DECKS}
        self.pending_cards = []  # Cards in play but in no pile or tableau
        self.seats = []
        for seat in range(players):
            prison = params.prison_start
            hand = [params.architect_counts[t] - prison[t] for t in range(3)]
            self.seats.append(SeatState(seat, params.start_money[seat], hand, prison))
        self.openings = [[] for _ in range(players)]  # labels of the first two round-1 MAIN decisions

    def seats_from(self, first):
        """Seat numbers clockwise starting with `first`."""
        return [(first + i) % self.players for i in range(self.players)]
