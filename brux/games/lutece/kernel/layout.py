"""Layout of the Lutèce state: one flat int64 array.

Every field is a named offset into the array. The array holds, in order: the flattened rule parameters and card
table (copied in at creation so the kernel reads no files and needs nothing else), the game header and RNG, the
decision context, the two decks, where every card is, the display, one block per seat (with the seat's sealed play
of the round), and the cached list of legal actions of the pending decision. Capacities are fixed maxima checked
when the parameters are validated. Codes used in the fields are listed in `codes.py`.
"""

from brux.core.layout import Offsets
from brux.core.obs import ObsLayout, Piece

MAX_PLAYERS = 5
MAX_SLOTS = 5  # per row
DECK_CAP = 60  # cards per deck table (card index = deck * DECK_CAP + row of the card in its deck's table)
N_CARDS = 2 * DECK_CAP
MAX_BAZAARS = 8  # bazaar cards in the card table
LEGAL_CAP = 128
N_SOURCES = 10


_o = Offsets()

# ---- rule parameters (flattened) ----
P_PLAYERS = _o.take()
P_SLOTS = _o.take()  # S for this player count
P_START_COINS = _o.take()
P_INCOME_VALUE = _o.take()
P_INCOME_CARDS = _o.take()
P_CONSOLATION = _o.take()
P_GROWTH = _o.take()
P_MAJ = _o.take(3)  # most, middle, fewest
P_LEGION_BRIBE = _o.take()
P_FORTUNE_DIV = _o.take()
P_PAIR_RULE = _o.take()  # 0 one_each, 1 any_two
P_BRIBE_CAP = _o.take()  # BRIBE_CAP_NONE when there is no cap
P_MAX_ROUNDS = _o.take()
P_DECK_N = _o.take(2)  # cards in each deck's table (all player counts)
P_NPAIRS = _o.take()  # legal card pairs
P_PAIRS = _o.take(66)  # their pair codes, ascending
P_IDS_KEY = _o.take()  # key of the card ids (Python side only, see params.card_ids)
# card table: card c's field f at P_CARDS + c * CF_SIZE + f
CF_USED = 0  # 1 when the card is in this game (min_players <= players)
CF_KIND = 1
CF_COST = 2
CF_RES = 3  # 4 resources
CF_COLOUR = 7
CF_PILLARS = 8
CF_VP_BASE = 9
CF_VP_MULT = 10
CF_VP_PER = 11
CF_COINS = 12
CF_REQ = 13  # 4 bazaar requirements
CF_SIZE = 17
P_CARDS = _o.take(N_CARDS * CF_SIZE)
PARAMS_SIZE = _o.size

BRIBE_CAP_NONE = 1 << 40

# ---- header ----
G_SEED = _o.take()
G_RNG_KEY = _o.take()
G_RNG_CTR = _o.take()
G_ROUND = _o.take()  # round being played; rounds played once the game is over
G_CUR = _o.take()  # seat deciding, -1 when over
G_PENDING = _o.take()  # decision code, -1 when over
G_OVER = _o.take()
G_BANK = _o.take()  # may go below 0 (unlimited bank)
G_DECISIONS = _o.take()  # decisions taken by players
G_AUTO = _o.take()  # single-option decisions taken automatically

# ---- decision context ----
C_NEXT = _o.take()  # codes.NX_*
C_STEP = _o.take()  # index (0, 1) of the bid card the BRIBE / LEGIONS decision is about
C_ACC = _o.take()  # bribe raised so far with BRIBE +100 on that card

# ---- decks ----
DECK_ORDER = _o.take(2 * DECK_CAP)  # deck d's shuffled card indices at DECK_ORDER + d * DECK_CAP; top = DECK_POS
DECK_POS = _o.take(2)  # next card to draw
DECK_END = _o.take(2)  # number of cards in the shuffled deck (drawn ones included)
DECK_SIZE = _o.take(2)  # filtered deck size (rules 2.4)
REMOVED = _o.take(2)  # cards removed from the game, per deck

# ---- cards and display ----
LOC = _o.take(N_CARDS)  # codes.LOC_* or the owning seat
SLOT_CARD = _o.take(2 * MAX_SLOTS)  # row * MAX_SLOTS + slot: card index or -1
SLOT_COINS = _o.take(2 * MAX_SLOTS)

# ---- seats ----
S_COINS = 0  # purse (bribes of the round's play already staked out of it)
S_STAKE = 1  # staked bribes of the round
S_RES = 2  # 4 resources held
S_COL = 6  # 4 colours held
S_PILLARS = 10
S_NCARDS = 11  # cards in the tableau
S_LEGIONS = 12  # legion cards in the tableau
S_COMMITTED = 13  # play fixed this round
S_NPICK = 14  # letter/numeral cards played (0..2)
S_INCOME = 15  # income cards played
S_PICK = 16  # 2: hand cards (= slots) bid on, first card first
S_BRIBE = 18  # 2: coin bribe on each
S_LEG = 20  # 2: legions committed to each
S_VP = 22
S_SRC = 23  # N_SOURCES
S_OPEN = 33  # 2 opening codes
SEAT_SIZE = 36
SEATS = _o.take(MAX_PLAYERS * SEAT_SIZE)

# ---- scratch for scoring ----
SCR_HI = _o.take(4)  # most symbols of each resource over the seats
SCR_LO = _o.take(4)  # fewest
SCR_BAZ = _o.take(MAX_BAZAARS)  # a seat's bazaar cards

# ---- legal-action cache of the pending decision ----
LEGAL_N = _o.take()
LEGAL = _o.take(LEGAL_CAP)

STATE_SIZE = _o.size

# ---- observation of a seat (hooks.observe): float32, what the seat sees ----
# Not in it: the deck orders and the chance stream, the rule parameters and card table (fixed for a game;
# `game.flat`), scoring scratch and the legal-action cache (the mask gives it). Other seats' sealed plays of the
# round are withdrawn in their blocks, as `hide` withdraws them: bribes back in the purse, no picks.
OBS = ObsLayout(
    Piece("seat", MAX_PLAYERS, "one-hot: the observing seat"),
    Piece("players", 1, "players (P_PLAYERS)", P_PLAYERS),
    Piece("max_rounds", 1, "rounds at most (P_MAX_ROUNDS)", P_MAX_ROUNDS),
    Piece("header", G_AUTO - G_ROUND + 1, "G_ROUND .. G_AUTO: round, seat deciding, pending decision (codes.D_*), "
          "over, bank, decisions, automatic decisions", G_ROUND),
    Piece("context", C_ACC - C_NEXT + 1, "C_NEXT, C_STEP, C_ACC: the decision context", C_NEXT),
    Piece("decks", REMOVED + 2 - DECK_POS, "DECK_POS, DECK_END, DECK_SIZE, REMOVED of the two decks", DECK_POS),
    Piece("loc", N_CARDS, "where each card is: codes.LOC_* or the owning seat", LOC),
    Piece("display", 4 * MAX_SLOTS, "SLOT_CARD then SLOT_COINS: card (-1 none) and coins of row r, slot k at "
          "r * MAX_SLOTS + k", SLOT_CARD),
    Piece("seats", MAX_PLAYERS * SEAT_SIZE, "seat q's block (S_* fields, SEAT_SIZE each) at q * SEAT_SIZE; another "
          "seat's sealed play of the round withdrawn", SEATS),
)
OBS_SEAT = OBS.offset["seat"]
OBS_SEATS = OBS.offset["seats"]
OBS_COPIES = OBS.copies
