"""Layout of the Bruxelles 1897 state: one flat int64 array.

Every field is a named offset into the array. The array holds, in order: the flattened rule parameters (copied in
at creation so a kernel needs nothing else), the game header and RNG, the turn context (what the pending decision
belongs to), the Art Nouveau area, the bonus cards, the Brussels lists, the decks and discard piles, one block per
seat, and the cached list of legal actions of the pending decision.

Codes used in the fields are listed in `codes.py`.
"""

from brux.core.layout import Offsets
from brux.core.obs import ObsLayout, Piece
from brux.core.schema import Field, header

from . import codes as C

MAX_PLAYERS = 4
MAX_ROWS = 4
COLS = 4
MAX_SPACES = MAX_ROWS * COLS
DECK_CAP = 40  # capacity of each deck (cards of one kind)
BRU_CAP = 40  # capacity of each Brussels card's list of architects
LEGAL_CAP = 112  # capacity of the legal-action cache
FACE_MAX = 20  # largest architect face value the rule parameters allow
MAX_ROUND = 21  # rounds <= 20; the round counter passes it once at the end
MONEY_CARDS_MAX = 99  # components.money_cards <= 99
# Bound of a seat's money and VP (and of the few state values that grow with them): a game at the parameter
# limits has fewer than 20,000 decisions (length.py), none of which moves money or VP by 50,000 or more.
VALUE_MAX = 10**9
N_SOURCES = C.N_SOURCES
OPENINGS_PER_SEAT = 2  # opening codes recorded per seat: its first two round-1 MAIN decisions
NEUTRAL_PLAYERS = 2  # the player count with neutral architects in the bottom corners of the area


def index_mask(n: int) -> int:
    """The smallest all-ones bit mask covering the indices 0 .. n - 1. `i & index_mask(n)` changes no valid index;
    it tells the compiler the index is not negative, which drops the negative-index adjustments of the accesses
    built on it."""
    return (1 << (n - 1).bit_length()) - 1


# Seats: MAX_PLAYERS must be a power of two so that SEAT_MASK (all seats, and every seat-indexed bit mask) is exact.
assert MAX_PLAYERS & (MAX_PLAYERS - 1) == 0, "MAX_PLAYERS must be a power of two"
SEAT_MASK = MAX_PLAYERS - 1
ALL_SEATS = (1 << MAX_PLAYERS) - 1  # bit mask of every seat
SPACE_MASK = index_mask(MAX_SPACES)
# Small indices packed PACK_BITS each into one field: the spaces of the area card list, the offsets of MAIN_OFFS.
PACK_BITS = 4
PACK_MASK = (1 << PACK_BITS) - 1
assert MAX_SPACES <= 1 << PACK_BITS and C.AN_PER_SPACE <= 1 << PACK_BITS and MAX_SPACES * PACK_BITS <= 64
SUB_MASK = index_mask(C.MAX_SUBTYPES)
TYPE_MASK = index_mask(C.N_ARCH_TYPES)
COLOUR_MASK = index_mask(C.N_COLOURS)
DECK_MASK = index_mask(DECK_CAP)
LEGAL_MASK = index_mask(LEGAL_CAP)


_o = Offsets()

# ---- rule parameters (flattened) ----
P_PLAYERS = _o.take()
P_ROUNDS = _o.take()
P_START_MONEY = _o.take(MAX_PLAYERS)
P_FIRST_PASS = _o.take()
P_LATER_PASS = _o.take()
P_SE_MONEY = _o.take()
P_SALE_MONEY = _o.take()
P_BRUGMANN_MONEY = _o.take()
P_TRACK_MAX = _o.take()
P_UPKEEP = _o.take()
P_UNPAID_PENALTY = _o.take()
P_EXHIBIT_VP = _o.take()
P_HOLDER_VP = _o.take()
P_MB_VP = _o.take()
P_MB_PER = _o.take()
P_MB_CAP = _o.take()
P_TYPE_BONUS_VP = _o.take()
P_MATERIAL_END_VP = _o.take()
P_K = _o.take()  # cards per deck in the area for this player count
P_NEUTRAL_VALUE = _o.take()
P_EXH_MODE = _o.take()  # 0 round robin, 1 one each
P_MAY_DECLINE = _o.take()
P_FACES = _o.take(C.N_ARCH_TYPES * C.N_FACES)  # type t: face f at P_FACES + N_FACES * t + f
P_ARCH_COUNTS = _o.take(C.N_ARCH_TYPES)
P_PRISON_START = _o.take(C.N_ARCH_TYPES)  # for this player count
P_BONUS_LOWER = _o.take(C.N_BONUS)  # lower-half effect of each bonus card (codes.LOWER_*)
P_COMPONENTS = _o.take(C.N_DECKS)  # cards per subtype of each deck: artwork, material, house, noble ...
P_MONEY_CARDS = _o.take()  # ... then the money cards
P_ROWS = _o.take()
P_AFFORD = _o.take(FACE_MAX + 1)  # by money 0..FACE_MAX: bit 2t + f set when face f of type t is affordable
PARAMS_SIZE = _o.size

# ---- header: the kit's (brux.core.schema.header) ----
HEADER = _o.schema(*header(MAX_PLAYERS, len(C.DECISION_NAMES), MAX_ROUND, after={
    "G_ROUND": (Field("G_START", kind="seat", high=MAX_PLAYERS - 1, meaning="start seat"),),
    "G_OVER": (Field("G_EXH_HOLDER", kind="seat", low=-1, high=MAX_PLAYERS - 1,
                     meaning="exhibition holder, -1: in the exhibition area"),
               Field("G_NPASSED", high=MAX_PLAYERS, meaning="seats passed")),
    "G_AUTO": (Field("G_MONEY_DECK", high=MONEY_CARDS_MAX, meaning="money cards in the deck"),)}))
globals().update(HEADER.offsets)

# ---- turn context ----
C_ACTOR = _o.take()  # seat whose turn it is
C_NEXT = _o.take()  # codes.NX_*: what runs after the decision handler returns
C_BR_CARD = _o.take()  # Brussels card being committed to
C_BR_LEFT = _o.take()  # architects still to commit
C_CH_LEFT = _o.take()  # City Hall activations left
C_CH_DONE = _o.take()  # City Hall activations done
C_NOBLE = _o.take()  # noble being resolved (-1 none)
C_NOBLE_SRC = _o.take()  # codes.SRC_*
C_HOUSE = _o.take()  # house subtype being built (-1 none)
C_BUILD_N = _o.take()  # symbols owed for the house
C_BUILD_K = _o.take()  # material cards chosen so far
C_PAY = _o.take(C.N_PAIRS)  # chosen material cards by pair
C_DRAW_KIND = _o.take()  # deck of the KEEP_ONE cards
C_DRAW_FOR = _o.take()  # codes.DRAW_*: what the kept card is for
C_DRAWN_N = _o.take()
C_DRAWN = _o.take(C.KEEP_ONE_DRAW)  # drawn subtypes
C_FREE_FOR = _o.take()  # codes.FREE_*: what a FREE_PRISONER belongs to
C_EXH_SEAT = _o.take()  # next seat to consider in the exhibition
C_EXH_SHOWN = _o.take()  # bit mask of colours exhibited
C_EXH_ACTIVE = _o.take()  # bit mask of seats still in the exhibition
C_MAJ_STEP = _o.take()  # majority phase step
C_MAJ_COL = _o.take()  # column (step 0)
C_MAJ_IDX = _o.take()  # position from the start player
C_MAJ_COLS = _o.take()  # winners of each column, a seat mask per column (majority.area_majorities)
C_MAJ_ARMS = _o.take()  # coats of arms won by each seat (a packed tally)
C_MAJ_WIN = _o.take()  # bit mask of the seats with the Brussels majority

# ---- area ----
A_KIND = _o.take(MAX_SPACES)  # codes.SP_*
A_SUB = _o.take(MAX_SPACES)  # card subtype, or architect type
A_OWNER = _o.take(MAX_SPACES)  # architect owner (-1 neutral)
A_VALUE = _o.take(MAX_SPACES)  # architect face value
A_CARDS = _o.take()  # index of the spaces holding an action card: bit mask ...
A_NCARDS = _o.take()  # ... how many ...
A_CARD_LIST = _o.take()  # ... and the spaces in ascending order, PACK_BITS each (area.index_cards, area.take_space)
BONUS = _o.take(COLS)  # bonus card under each column (codes.BONUS_*)

# ---- Brussels ----
BRU_LEN = _o.take(C.N_BRUSSELS)
BRU_USES = _o.take(C.N_BRUSSELS)  # uses of each card this round
BRU_LIST = _o.take(C.N_BRUSSELS * BRU_CAP)  # entries: owner << codes.ENTRY_TYPE_BITS | type

# ---- decks (artwork, material, house, noble) ----
DECK_LEN = _o.take(C.N_DECKS)
DECK = _o.take(C.N_DECKS * DECK_CAP)  # deck d at DECK + d * DECK_CAP; the top card is the last one
DISCARD = _o.take(C.N_DECKS * C.MAX_SUBTYPES)  # discard pile counts: DISCARD + d * MAX_SUBTYPES + subtype

# ---- seats: one block of SEAT_SIZE fields per seat, seat p at SEATS + p * SEAT_SIZE (base.seat) ----
_s = Offsets()
S_MONEY = _s.take()
S_VP = _s.take()
S_PASSED = _s.take()
S_TRACK = _s.take(C.N_TRACKS)  # architecture, noble, prestige
S_HAND = _s.take(C.N_ARCH_TYPES)  # by architect type
S_PRISON = _s.take(C.N_ARCH_TYPES)
S_ART = _s.take(C.N_COLOURS)  # by colour
S_MAT = _s.take(C.N_PAIRS)  # by pair
S_HOUSE = _s.take(C.N_HOUSE_TYPES)  # by house type
S_NOBLE = _s.take(C.NOBLE_TYPES)  # by noble: codes.NOBLE_NOT_KEPT, NOBLE_UNTAPPED, NOBLE_TAPPED
S_SRC = _s.take(N_SOURCES)  # VP by source
S_OPEN = _s.take(OPENINGS_PER_SEAT)  # first two round-1 MAIN decisions (opening codes)
S_NOPEN = _s.take()  # round-1 MAIN decisions so far
S_TURNS = _s.take()  # turns this round
S_HAND0 = _s.take()  # hand size at the start of the round
S_FREED = _s.take()  # architects freed this round
SEAT_SIZE = _s.size
SEATS = _o.take(MAX_PLAYERS * SEAT_SIZE)

# ---- legal actions of the pending decision ----
# A MAIN decision keeps its Art Nouveau actions implicitly: the playable (type, face) offsets packed PACK_BITS each,
# and the card spaces of the area index (A_CARD_LIST); action i < LEGAL_AN is
# A_AN + AN_PER_SPACE * space[i // k] + offset[i % k] with k = MAIN_K. The other actions (all of them for other
# decisions) follow in LEGAL; legal.legal_at(s, i) reads either part.
LEGAL_N = _o.take()  # number of legal actions
LEGAL_AN = _o.take()  # of which implicit Art Nouveau actions
MAIN_K = _o.take()
MAIN_OFFS = _o.take()
LEGAL = _o.take(LEGAL_CAP)

STATE_SIZE = _o.size

# ---- observation of a seat (hooks.observe): float32, what every seat sees ----
# Not in it: the deck orders and the chance stream (hidden), the rule parameters (fixed for a game; `game.flat`),
# the legal-action cache (the mask gives it) and the area's card index (A_KIND gives it).
OBS = ObsLayout(
    Piece("seat", MAX_PLAYERS, "one-hot: the observing seat", low=0, high=1),
    Piece("players_rounds", 2, "players, rounds (P_PLAYERS, P_ROUNDS)", P_PLAYERS, low=(2, 1), high=(MAX_PLAYERS, 20)),
    HEADER.piece("header", "G_ROUND .. G_MONEY_DECK: round, start seat, seat deciding, pending decision "
                 "(codes.D_*), over, exhibition holder, seats passed, decisions, automatic decisions, money cards in "
                 "the deck", "G_ROUND", "G_MONEY_DECK"),
    Piece("context", C_MAJ_COLS - C_ACTOR + 1, "C_ACTOR .. C_MAJ_COLS: the turn context of the pending decision "
          "(C_MAJ_COLS packed as in the state)", C_ACTOR, low=-1, high=2 ** (MAX_PLAYERS * COLS) - 1),
    Piece("majority_arms", MAX_PLAYERS, "coats of arms won by each seat in the majority phase (C_MAJ_ARMS "
          "unpacked)", low=0, high=MAX_SPACES),
    Piece("majority_brussels", 1, "bit mask of the seats with the Brussels majority (C_MAJ_WIN)", C_MAJ_WIN,
          low=0, high=ALL_SEATS),
    Piece("area", 4 * MAX_SPACES, "A_KIND, A_SUB, A_OWNER, A_VALUE of the 16 spaces (codes.SP_*; owner -1 neutral)",
          A_KIND, low=-1, high=FACE_MAX),
    Piece("bonus", COLS, "bonus card under each column (codes.BONUS_*)", BONUS, low=0, high=C.N_BONUS - 1),
    Piece("brussels_len", 2 * C.N_BRUSSELS, "architects on each Brussels card, then its uses this round "
          "(BRU_LEN, BRU_USES)", BRU_LEN, low=0, high=BRU_CAP),
    Piece("brussels", C.N_BRUSSELS * MAX_PLAYERS * C.N_ARCH_TYPES, "architects on Brussels card c of seat q and "
          "type t at c * 12 + q * 3 + t", low=0, high=BRU_CAP),
    Piece("deck_len", C.N_DECKS, "cards left in each deck (artwork, material, house, noble)", DECK_LEN,
          low=0, high=DECK_CAP),
    Piece("discard", C.N_DECKS * C.MAX_SUBTYPES, "discard pile counts: deck d, subtype k at d * MAX_SUBTYPES + k",
          DISCARD, low=0, high=DECK_CAP),
    Piece("seats", MAX_PLAYERS * SEAT_SIZE, "seat q's block (S_* fields, SEAT_SIZE each) at q * SEAT_SIZE", SEATS,
          low=-VALUE_MAX, high=VALUE_MAX),
)
OBS_SEAT = OBS.offset["seat"]
OBS_BRUSSELS = OBS.offset["brussels"]
OBS_ARMS = OBS.offset["majority_arms"]
OBS_COPIES = OBS.copies
