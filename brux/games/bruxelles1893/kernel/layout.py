"""Layout of the Bruxelles 1893 state: one flat int64 array of named offsets.

In order: the flattened rule parameters and component tables (copied in at creation), the header and chance
stream, the decision context, the continuation stack of the flow machine, the boards, the decks and stacks, one
block per seat, and the cached legal actions of the pending decision. Codes: codes.py.
"""

from brux.core.layout import Offsets
from brux.core.obs import ObsLayout, Piece
from brux.core.schema import Field, header

from . import codes as C

MAX_PLAYERS = 5
BR_CAP = 48  # assistants on one Brussels action (5 seats x 9 assistants at most)
STACK_CAP = 24  # continuation entries
PILE_CAP = 30
MAX_ROUND = 6  # num_rounds <= 5; the round counter passes it once at the end
# Bound of a seat's money and VP (and of the few state values that grow with them): a game at the parameter
# limits has fewer than 20,000 decisions (length.py), none of which moves money or VP by 50,000 or more.
VALUE_MAX = 10**9

_o = Offsets()

# ---- rule parameters (params.py flattens them) ----
P_PLAYERS = _o.take()
P_ROUNDS = _o.take()
P_MONEY_BASE = _o.take()
P_MONEY_STEP = _o.take()
P_START_SUPPLY = _o.take()
P_START_COURT = _o.take()
P_TOTAL = _o.take()  # TOTAL_ASSISTANTS
P_MIN_BID = _o.take()
P_BID_CAP = _o.take()
P_BUILD_COST = _o.take(3)
P_MONEY_UNIT = _o.take()
P_NO_JOKER_VP = _o.take()
P_TOP_ROW_VP = _o.take()
P_TOP_ROW_BOARD = _o.take()  # 1: top-row VP for a tile placed on board row 1
P_MARKET_JOKERS = _o.take()
P_K = _o.take()  # Brussels uses per cost level for this player count
P_EXH_MP = _o.take()
P_FIRST_PASS_BF = _o.take()
P_EXH_DRAW = _o.take()
P_SLOT_COST = _o.take(4)
P_UNPAID_VP = _o.take()
P_ROW1_DIV = _o.take()
P_ROW4_FREE = _o.take()
P_NOBLE_VP = _o.take()
P_MP_VP = _o.take()
P_RPV = _o.take(7)
P_CHV = _o.take(7)
P_ARV = _o.take(7)
P_SECONDARY = _o.take()
P_STRIP_SIDE = _o.take()  # 0 A, 1 B, 2 random per strip
P_NEUTRAL = _o.take()  # neutral pawns in this game (2 players and NEUTRAL_2P)
P_NEUTRAL_TIE = _o.take()  # 0 players, 1 nobody
# component tables
P_STRIPS = _o.take(C.BOARD_ROWS * C.STRIP_SIDES * C.BOARD_COLS)  # strip k, side d, column c: action type
P_PF_COST = _o.take(C.N_FIGURES)
P_PF_DECK = _o.take(C.N_FIGURES)  # copies in the theatre deck
P_BON = _o.take(C.N_BONUS * C.BONUS_FIELDS)  # power 1, power 2 (-1 none), times (1/2), VP, MP
P_SE_BF = _o.take(C.N_SE)
P_SE_SHIELD = _o.take(C.N_SE * 2)  # the two shields (0..15) of this player count's line
P_WMONEY = _o.take(49)  # workshop grid (r-1)*7 + (c-1)
P_WVP = _o.take(7)
P_DOT = _o.take(10)  # colour: dr, dc
PARAMS_SIZE = _o.size

# ---- header: the kit's (brux.core.schema.header); pending D_NONE while the machine runs ----
HEADER = _o.schema(*header(MAX_PLAYERS, len(C.DECISIONS), MAX_ROUND, after={
    "G_OVER": (Field("G_PHASE", kind="code", high=C.PH_OVER, meaning="codes.PH_*"),
               Field("G_FIRST", kind="seat", high=MAX_PLAYERS - 1, meaning="first player (Manneken Pis)")),
    "G_AUTO": (Field("G_EXH_BY", kind="seat", low=-1, high=MAX_PLAYERS - 1,
                     meaning="seat that took this round's exhibition tile, -1"),)}))
globals().update(HEADER.offsets)

# ---- decision context ----
C_TURN = _o.take()  # seat whose turn it is (Action phase)
C_ACTOR = _o.take()
C_SPACE = _o.take()  # space 0..24 of the action, -1 for Park
C_EFFECT = _o.take()  # action type of PERFORM
C_TILE = _o.take()  # building row 0..2
C_J = _o.take()
C_M = _o.take()
C_GP_LEFT = _o.take()
C_SRC = _o.take()  # GAIN_MATERIAL source: 0 PF5, 1 secondary
C_CARD = _o.take()  # bonus card of POWER / BONUS_USE
C_REASON = _o.take()  # POWER: 0 tie, 1 use
C_ORDER = _o.take()  # position in turn order of a resolution / final loop
C_PRE_SALE = _o.take()  # works held before the sale (CURSOR steps)
IP_WORKS = _o.take(5)  # works in play by colour
IP_FIG = _o.take()  # figure in play, -1

# ---- continuation stack ----
STACK = _o.take(3 * STACK_CAP)
STACK_N = _o.take()

# ---- Stock Exchange and area ----
SE_CARD = _o.take()
SE_DECK = _o.take(C.N_SE)  # shuffled order; card of round r is SE_DECK[r-1]
AREA_SHIELD = _o.take()  # 0..15 or -1
AREA = _o.take(4)  # row0, row1, col0, col1 (0-based, inclusive)

# ---- Art Nouveau board ----
STRIP = _o.take(C.BOARD_ROWS)
SIDE = _o.take(C.BOARD_ROWS)
SP_TYPE = _o.take(C.N_SPACES)
SP_OCC = _o.take(C.N_SPACES)  # -1, seat, or NEUTRAL + placing seat
SP_BID = _o.take(C.N_SPACES)
SP_BOWN = _o.take(C.N_SPACES)  # building owner or -1
SP_BTILE = _o.take(C.N_SPACES)  # building row

# ---- bonus cards ----
BON_STRIP = _o.take(C.BOARD_COLS)
BON_DECK = _o.take(C.N_BONUS)  # shuffled; next card at BON_POS
BON_POS = _o.take()
BON_DISC = _o.take()

# ---- Royal Theatre (cards are figure codes) ----
TH_DISP = _o.take(4)
TH_DECK = _o.take(C.N_THEATRE)  # top = last
TH_DN = _o.take()
TH_DISC = _o.take(C.N_THEATRE)
TH_DISCN = _o.take()

# ---- works of art ----
CST = _o.take(C.N_COLOURED)  # coloured stack, top = last
CST_N = _o.take()
KST = _o.take(C.N_BLACK)
KST_N = _o.take()
PILE = _o.take(2 * PILE_CAP)  # pile k bottom -> top
PILE_N = _o.take(2)
CURSOR = _o.take(2)

# ---- compass, supply, Brussels ----
COMP = _o.take(C.COMPASS_TILES)
NEEDLE = _o.take(2)
SUP = _o.take(4)
BR_USES = _o.take(4)
BR_N = _o.take(4)
BR_LIST = _o.take(4 * BR_CAP)

# ---- seats ----
S_MONEY = 0
S_VP = 1
S_PASSED = 2
S_SUPPLY = 3
S_COURT = 4
S_TRACK = 5  # 3
S_FIG = 8  # 8: 0 not held, 1 upright, 2 tapped
S_WORKS = 16  # 5
S_MAT = 21  # 4
S_TILES = 25  # 3 unbuilt per row
S_EXH = 28
S_ROWS = 29  # 4 rows x 5 cards
S_ROWN = 49  # 4
S_TUCKED = 53  # 4
S_BW = 57  # 5 bonus cards won this round
S_BWN = 62
S_SRC = 63  # N_SOURCES
S_OPEN = 75  # 2
S_NTURN = 77  # turns taken in round 1
S_PAID = 78  # figures paid at the end (bit mask)
S_MPC = 79  # MP icons of cards taken this round
SEAT_SIZE = 80
SEATS = _o.take(MAX_PLAYERS * SEAT_SIZE)

# ---- scratch (per-seat counts) ----
SCR = _o.take(8)

# ---- legal-action cache ----
LEGAL_N = _o.take()
LEGAL = _o.take(C.LEGAL_CAP)

STATE_SIZE = _o.size

# ---- observation of a seat (hooks.observe): float32, what every seat sees ----
# Not in it: the order of the coloured stack, the theatre deck, the undealt bonus and Stock Exchange cards and the
# chance stream (hidden); the rule parameters (fixed for a game; `game.flat`); the continuation stack, scratch and
# legal-action cache (the pending decision, its context and the mask give what they hold).
OBS = ObsLayout(
    Piece("seat", MAX_PLAYERS, "one-hot: the observing seat", low=0, high=1),
    Piece("players_rounds", 2, "players, rounds (P_PLAYERS, P_ROUNDS)", P_PLAYERS, low=(2, 3), high=(MAX_PLAYERS, 5)),
    HEADER.piece("header", "G_ROUND .. G_EXH_BY: round, seat deciding, pending decision (codes.D_*), over, phase, "
                 "first player, decisions, automatic decisions, exhibition taker", "G_ROUND", "G_EXH_BY"),
    Piece("context", IP_FIG - C_TURN + 1, "C_TURN .. IP_FIG: the decision context, works and figure in play",
          C_TURN, low=-1, high=C.N_COLOURED + C.N_BLACK),
    Piece("stock_exchange", 1, "this round's Stock Exchange card (SE_CARD)", SE_CARD, low=0, high=C.N_SE - 1),
    Piece("area", 5, "AREA_SHIELD, then the area's row0, row1, col0, col1", AREA_SHIELD, low=-1, high=15),
    Piece("board", SP_BTILE + 25 - STRIP, "STRIP, SIDE (5 each), then SP_TYPE, SP_OCC, SP_BID, SP_BOWN, SP_BTILE "
          "(25 spaces each)", STRIP, low=-1, high=VALUE_MAX),
    Piece("bonus_strip", 5, "bonus card on each strip (BON_STRIP)", BON_STRIP, low=-1, high=C.N_BONUS - 1),
    Piece("bonus_deck", 2, "bonus cards dealt (BON_POS), bonus discard (BON_DISC)", BON_POS, low=0, high=C.N_BONUS),
    Piece("theatre_display", 4, "Royal Theatre display (figure codes)", TH_DISP, low=-1, high=C.N_FIGURES - 1),
    Piece("theatre_deck", 1, "cards in the theatre deck (TH_DN)", TH_DN, low=0, high=C.N_THEATRE),
    Piece("theatre_discard", C.N_THEATRE + 1, "theatre discard pile (TH_DISC), then its size (TH_DISCN)", TH_DISC,
          low=-1, high=C.N_THEATRE),
    Piece("stacks", 1, "cards in the coloured stack (CST_N)", CST_N, low=0, high=C.N_COLOURED),
    Piece("black_stack", 1, "cards in the black stack (KST_N)", KST_N, low=0, high=C.N_BLACK),
    Piece("piles", CURSOR + 2 - PILE, "PILE (2 x PILE_CAP, bottom to top), PILE_N, CURSOR", PILE,
          low=-1, high=PILE_CAP),
    Piece("compass", BR_N + 4 - COMP, "COMP, NEEDLE, SUP, BR_USES, BR_N: compass, supply, Brussels uses and "
          "assistants", COMP, low=0, high=BR_CAP),
    Piece("brussels", 4 * MAX_PLAYERS, "assistants of seat q on Brussels action b at b * MAX_PLAYERS + q",
          low=0, high=BR_CAP),
    Piece("seats", MAX_PLAYERS * SEAT_SIZE, "seat q's block (S_* fields, SEAT_SIZE each) at q * SEAT_SIZE", SEATS,
          low=-VALUE_MAX, high=VALUE_MAX),
)
OBS_SEAT = OBS.offset["seat"]
OBS_BRUSSELS = OBS.offset["brussels"]
OBS_COPIES = OBS.copies
