"""Layout of the Pig auction state: one flat int64 array declared field by field (`brux.core.schema`)."""

from brux.core.obs import ObsLayout, Piece
from brux.core.schema import (
    Block,
    Field,
    Mark,
    Run,
    Schema,
    header,
    legal_cache,
    seat_openings,
    seat_sources,
    seat_vp,
)

MAX_PLAYERS = 4
MAX_DECK = 30
MAX_COINS = 30
N_ACTIONS = 2  # PASS, RAISE
N_OPENINGS = 1 + MAX_COINS  # 0: pass, k: a first bid of k
N_SOURCES = 2  # cards, coins_left
CARDS_VP = MAX_DECK * (MAX_DECK + 1) // 2

SEAT_FIELDS = (
    Field("S_COINS", high=MAX_COINS, meaning="coins left"),
    Field("S_OUT", kind="flag", high=1, meaning="passed this round"),
    Field("S_CARDS", high=MAX_DECK, meaning="cards won"),
    seat_vp(CARDS_VP + MAX_COINS),
    seat_sources(N_SOURCES, CARDS_VP),
    seat_openings(N_OPENINGS, per_seat=1),
)

SCHEMA = Schema(
    Field("P_PLAYERS", kind="param", low=2, high=MAX_PLAYERS),
    Field("P_DECK", kind="param", low=6, high=MAX_DECK, meaning="cards in the deck"),
    Field("P_START_COINS", kind="param", low=1, high=MAX_COINS),
    Field("P_COINS_PER_VP", kind="param", low=1, high=10),
    Mark("PARAMS_SIZE"),
    *header(MAX_PLAYERS, decisions=1, max_rounds=MAX_DECK),
    Field("DECK", MAX_DECK, kind="card", high=MAX_DECK, vis="nobody", run=Run(first="DECK_POS", end="P_DECK"),
          meaning="the shuffled cards; the next to turn up at DECK_POS"),
    Field("DECK_POS", high=MAX_DECK, meaning="cards turned up"),
    Field("CARD", high=MAX_DECK, meaning="the card face up, 0 when none"),
    Field("BID", high=MAX_COINS, meaning="the high bid of the round"),
    Field("BIDDER", kind="seat", low=-1, high=MAX_PLAYERS - 1, meaning="the high bidder, -1 when none"),
    Field("DISCARDED", high=MAX_DECK, meaning="cards nobody bid on"),
    Block("SEATS", MAX_PLAYERS, "SEAT_SIZE", SEAT_FIELDS),
    *legal_cache(N_ACTIONS, N_ACTIONS),
    Mark("STATE_SIZE"),
)
globals().update(SCHEMA.offsets)

OBS = ObsLayout(
    Piece("seat", MAX_PLAYERS, "one-hot: the observing seat", low=0, high=1),
    SCHEMA.piece("params", "players, deck size, start coins, coins per VP", "P_PLAYERS", "P_COINS_PER_VP"),
    SCHEMA.piece("header", "round, seat deciding, pending decision, over, decisions, automatic decisions",
                 "G_ROUND", "G_AUTO"),
    SCHEMA.piece("table", "cards turned up, the card face up, high bid and bidder, discarded", "DECK_POS",
                 "DISCARDED"),
    SCHEMA.piece("seats", "seat q's block (S_* fields, SEAT_SIZE each) at q * SEAT_SIZE", "SEATS"),
)
