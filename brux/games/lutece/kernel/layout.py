"""Layout of the Lutèce state: one flat int64 array, declared field by field (`brux.core.schema`).

The array holds, in order: the flattened rule parameters and card table (copied in at creation so the kernel reads
no files and needs nothing else), the game header and RNG, the decision context, the two decks, where every card
is, the display, one block per seat (with the seat's sealed play of the round), scoring scratch and the cached
list of legal actions of the pending decision. Every field's name is a module-level offset (`SCHEMA.offsets`).
Capacities are fixed maxima checked when the parameters are validated; the bounds hold for every valid parameter
set (params.py limits). Codes used in the fields are listed in `codes.py`.
"""

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

from . import codes as C

MAX_PLAYERS = 5
MAX_SLOTS = 5  # per row
DECK_CAP = 60  # cards per deck table (card index = deck * DECK_CAP + row of the card in its deck's table)
N_CARDS = C.N_DECKS * DECK_CAP
MAX_BAZAARS = 8  # bazaar cards in the card table
LEGAL_CAP = 128
N_SOURCES = 10
BRIBE_CAP_NONE = 1 << 40
MAX_ROUND = 201  # max_rounds <= 200; round max_rounds + 1 begins only to end the game
SYMBOLS_MAX = 9 * N_CARDS  # symbols (or pillars) of one kind in a tableau: <= 9 per card
# Coins: 66 in play, but the bank is unlimited; a round brings at most 5 x (income 2 x 6, consolation 2 x 3,
# 2 acquisitions x (tavern 10 + beer held)) + growth 10 x 3 coins out of it, over at most MAX_ROUND rounds.
COINS_MAX = C.TOTAL_COINS + MAX_ROUND * (MAX_PLAYERS * (12 + 6 + 2 * (10 + SYMBOLS_MAX)) + 30)
# VP: majorities 4 x 20, each card at most 50 + 10 x SYMBOLS_MAX, fortune at most COINS_MAX.
VP_MAX = 4 * 20 + N_CARDS * (50 + 10 * SYMBOLS_MAX) + COINS_MAX

CARD_FIELDS = (  # card c's field f at P_CARDS + c * CF_SIZE + f
    Field("CF_USED", kind="flag", high=1, meaning="1 when the card is in this game (min_players <= players)"),
    Field("CF_KIND", kind="code", high=len(C.KINDS) - 1),
    Field("CF_COST", high=20),
    Field("CF_RES", C.N_RESOURCES, high=9),
    Field("CF_COLOUR", kind="code", high=len(C.COLOURS) - 1),
    Field("CF_PILLARS", high=9),
    Field("CF_VP_BASE", high=50),
    Field("CF_VP_MULT", high=10),
    Field("CF_VP_PER", kind="code", low=-1, high=C.PER_PILLAR),
    Field("CF_COINS", high=20),
    Field("CF_REQ", C.N_RESOURCES, high=20, meaning="bazaar requirements"),
)

SEAT_FIELDS = (
    Field("S_COINS", high=COINS_MAX, meaning="purse (bribes of the round's play already staked out of it)"),
    Field("S_STAKE", high=COINS_MAX, vis="owner", meaning="staked bribes of the round"),
    Field("S_RES", C.N_RESOURCES, high=SYMBOLS_MAX, meaning="resources held"),
    Field("S_COL", len(C.COLOURS), high=N_CARDS, meaning="cards of each colour held"),
    Field("S_PILLARS", high=SYMBOLS_MAX),
    Field("S_NCARDS", high=N_CARDS, meaning="cards in the tableau"),
    Field("S_LEGIONS", high=C.MAX_LEGIONS, meaning="legion cards in the tableau"),
    Field("S_COMMITTED", kind="flag", high=1, meaning="play fixed this round"),
    Field("S_NPICK", high=2, vis="owner", meaning="letter/numeral cards played"),
    Field("S_INCOME", high=2, vis="owner", meaning="income cards played"),
    Field("S_PICK", C.PLAY_CARDS, kind="code", low=-1, high=C.N_DECKS * MAX_SLOTS - 1, vis="owner",
          meaning="hand cards (= slots) bid on, first card first"),
    Field("S_BRIBE", C.PLAY_CARDS, high=COINS_MAX, vis="owner", meaning="coin bribe on each"),
    Field("S_LEG", C.PLAY_CARDS, high=C.MAX_LEGIONS, vis="owner", meaning="legions committed to each"),
    seat_vp(VP_MAX),
    seat_sources(N_SOURCES, VP_MAX),
    seat_openings(C.N_OPENINGS, vis="owner"),  # the round-1 play is sealed
)

SCHEMA = Schema(
    # ---- rule parameters (flattened; bounds: the limits of params.py) ----
    Field("P_PLAYERS", kind="param", low=2, high=MAX_PLAYERS),
    Field("P_SLOTS", kind="param", low=2, high=MAX_SLOTS, meaning="S for this player count"),
    Field("P_START_COINS", kind="param", high=15),
    Field("P_INCOME_VALUE", kind="param", high=6),
    Field("P_INCOME_CARDS", kind="param", high=2),
    Field("P_CONSOLATION", kind="param", high=3),
    Field("P_GROWTH", kind="param", high=3),
    Field("P_MAJ", 3, kind="param", high=20, meaning="most, middle, fewest"),
    Field("P_LEGION_BRIBE", kind="param", high=5),
    Field("P_FORTUNE_DIV", kind="param", low=1, high=10),
    Field("P_PAIR_RULE", kind="param", high=1, meaning="0 one_each, 1 any_two"),
    Field("P_BRIBE_CAP", kind="param", high=BRIBE_CAP_NONE, meaning="BRIBE_CAP_NONE when there is no cap"),
    Field("P_MAX_ROUNDS", kind="param", low=10, high=200),
    Field("P_DECK_N", C.N_DECKS, kind="param", high=DECK_CAP, meaning="cards in each deck's table (all player counts)"),
    Field("P_NPAIRS", kind="param", high=C.N_PAIRS, meaning="legal card pairs"),
    Field("P_PAIRS", C.N_PAIRS, kind="param", high=C.N_PAIRS - 1, meaning="their pair codes, ascending"),
    Field("P_IDS_KEY", kind="param", high=2**32 - 1, meaning="key of the card ids (Python side only, see "
          "params.card_ids)"),
    Block("P_CARDS", N_CARDS, "CF_SIZE", CARD_FIELDS),
    Mark("PARAMS_SIZE"),
    # ---- header ----
    *header(MAX_PLAYERS, len(C.DECISION_NAMES), MAX_ROUND, after={"G_OVER": (
        Field("G_BANK", low=C.TOTAL_COINS - COINS_MAX, high=C.TOTAL_COINS, meaning="may go below 0 (unlimited "
              "bank)"),)}),
    # ---- decision context ----
    Field("C_NEXT", kind="code", high=C.NX_REVEAL, meaning="codes.NX_*"),
    Field("C_STEP", high=1, meaning="index (0, 1) of the bid card the BRIBE / LEGIONS decision is about"),
    Field("C_ACC", high=COINS_MAX, meaning="bribe raised so far with BRIBE +100 on that card"),
    # ---- decks ----
    Field("DECK_ORDER", (C.N_DECKS, DECK_CAP), kind="card", high=N_CARDS - 1, vis="nobody",
          run=Run(first="DECK_POS", end="DECK_END"),
          meaning="deck d's shuffled card indices at DECK_ORDER + d * DECK_CAP; top = DECK_POS"),
    Field("DECK_POS", C.N_DECKS, high=DECK_CAP, meaning="next card to draw"),
    Field("DECK_END", C.N_DECKS, high=DECK_CAP, meaning="number of cards in the shuffled deck (drawn ones included)"),
    Field("DECK_SIZE", C.N_DECKS, high=DECK_CAP, meaning="filtered deck size (rules 2.4)"),
    Field("REMOVED", C.N_DECKS, high=DECK_CAP, meaning="cards removed from the game, per deck"),
    # ---- cards and display ----
    Field("LOC", N_CARDS, kind="code", low=C.LOC_UNUSED, high=MAX_PLAYERS - 1,
          meaning="codes.LOC_* or the owning seat"),
    Field("SLOT_CARD", (C.N_DECKS, MAX_SLOTS), kind="card", low=-1, high=N_CARDS - 1,
          meaning="row * MAX_SLOTS + slot: card index or -1"),
    Field("SLOT_COINS", (C.N_DECKS, MAX_SLOTS), high=COINS_MAX),
    # ---- seats (one slot spare) ----
    Block("SEATS", MAX_PLAYERS, "SEAT_SIZE", SEAT_FIELDS, size=36),
    # ---- scratch for scoring ----
    Field("SCR_HI", C.N_RESOURCES, kind="scratch", high=SYMBOLS_MAX, vis="nobody",
          meaning="most symbols of each resource over the seats"),
    Field("SCR_LO", C.N_RESOURCES, kind="scratch", high=SYMBOLS_MAX, vis="nobody", meaning="fewest"),
    Field("SCR_BAZ", MAX_BAZAARS, kind="scratch", high=N_CARDS - 1, vis="nobody", meaning="a seat's bazaar cards"),
    # ---- legal-action cache of the pending decision ----
    *legal_cache(LEGAL_CAP, C.N_ACTIONS),
    Mark("STATE_SIZE"),
)
globals().update(SCHEMA.offsets)

# ---- observation of a seat (hooks.observe): float32, what the seat sees ----
# Not in it: the deck orders and the chance stream, the rule parameters and card table (fixed for a game;
# `game.flat`), scoring scratch and the legal-action cache (the mask gives it). Other seats' sealed plays of the
# round are withdrawn in their blocks, as `hide` withdraws them: bribes back in the purse, no picks.
OBS = ObsLayout(
    Piece("seat", MAX_PLAYERS, "one-hot: the observing seat", low=0, high=1),
    SCHEMA.piece("players", "players (P_PLAYERS)", "P_PLAYERS"),
    SCHEMA.piece("max_rounds", "rounds at most (P_MAX_ROUNDS)", "P_MAX_ROUNDS"),
    SCHEMA.piece("header", "G_ROUND .. G_AUTO: round, seat deciding, pending decision (codes.D_*), over, bank, "
                 "decisions, automatic decisions", "G_ROUND", "G_AUTO"),
    SCHEMA.piece("context", "C_NEXT, C_STEP, C_ACC: the decision context", "C_NEXT", "C_ACC"),
    SCHEMA.piece("decks", "DECK_POS, DECK_END, DECK_SIZE, REMOVED of the two decks", "DECK_POS", "REMOVED"),
    SCHEMA.piece("loc", "where each card is: codes.LOC_* or the owning seat", "LOC"),
    SCHEMA.piece("display", "SLOT_CARD then SLOT_COINS: card (-1 none) and coins of row r, slot k at "
                 "r * MAX_SLOTS + k", "SLOT_CARD", "SLOT_COINS"),
    SCHEMA.piece("seats", "seat q's block (S_* fields, SEAT_SIZE each) at q * SEAT_SIZE; another seat's sealed "
                 "play of the round withdrawn", "SEATS"),
)
OBS_SEAT = OBS.offset["seat"]
OBS_SEATS = OBS.offset["seats"]
OBS_COPIES = OBS.copies
