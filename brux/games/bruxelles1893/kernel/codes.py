"""Numeric codes of the Bruxelles 1893 kernel: decisions, continuations, component codes, actions, sources.

Rules as implemented: docs/bruxelles1893.md (section numbers below refer to it).
"""

# Action types of the Art Nouveau spaces (2.1)
TYPES = ("W", "S", "T", "M", "C")
T_W, T_S, T_T, T_M = 0, 1, 2, 3
N_TYPES = len(TYPES)
SALE_SECONDARY_MONEY = 2  # the S secondary action: BF gained (2.3)
# Works of art (2.11): colours in view order
COLOURS = ("yellow", "blue", "red", "green", "black")
BLACK = 4
N_COLOURED_KINDS = BLACK  # yellow, blue, red, green: the colours of the coloured stack
# Materials: three noble materials then the white joker
MATERIALS = ("wood", "stone", "iron", "joker")
WOOD, STONE, IRON, JOKER = range(4)
N_NOBLE = JOKER  # noble materials: wood, stone, iron
NOBLE_START, JOKER_START = 10, 15  # general supply of each noble material and of jokers (3.11)
PAY_MONEY = N_NOBLE  # kinds of a payment unit (build.covers): wood, stone, iron, then money
N_PAY_KINDS = PAY_MONEY + 1
MATERIALS_TAKE = 2  # noble cubes taken by the Materials action (5.5)
# Compass tiles (2.9)
COMPASS = ("wood", "stone", "iron", "any", "money", "blank")
CT_WOOD, CT_STONE, CT_IRON, CT_ANY, CT_MONEY, CT_BLANK = range(6)
N_NEEDLES = 2  # needles A, B (NEEDLE + k: the compass space of needle k)
NEEDLE_B_START = 3  # needle A starts on compass space 0, B on 3 (3.8)
# Bonus powers (2.5)
POWERS = ("RP", "CH", "AR", "CT")
PW_RP, PW_CH, PW_AR = 0, 1, 2
POWER_TIE, POWER_USE = 0, 1  # why a POWER is pending (C_REASON); K_POWER carries N_POWER_REASONS * seat + reason
N_POWER_REASONS = 2
# Tracks (2.8): royal palace, city hall, architect
TRACKS = ("royal_palace", "city_hall", "architect")
TR_RP, TR_CH, TR_AR = 0, 1, 2
N_TRACKS = len(TRACKS)
TRACK_TOP = 7  # track positions 1..7, advances beyond lost (2.8)
# Brussels actions (5.8)
BRUSSELS = ("market", "stock_exchange", "park", "grand_plaza")
BR_MARKET, BR_SE, BR_PARK = 0, 1, 2
N_BRUSSELS = len(BRUSSELS)
TILE_ROWS = ("bottom", "middle", "top")
ROW_BOTTOM, ROW_MIDDLE, ROW_TOP = range(3)
N_TILE_ROWS = len(TILE_ROWS)
TILES_PER_ROW = 2  # building tiles of each row on a personal board at the start (3.2)
START_TILES = N_TILE_ROWS * TILES_PER_ROW
# The Art Nouveau board (3.1): the strips S1..S5 laid as rows, five columns; space sp = BOARD_COLS * row + column
BOARD_ROWS = 5
BOARD_COLS = 5
N_SPACES = BOARD_ROWS * BOARD_COLS
STRIP_SIDES = 2  # A, B
# Shields (2.1): shield (r, c), r, c in 1..SHIELD_SIDE, is number SHIELD_SIDE * (r - 1) + c - 1
SHIELD_SIDE = BOARD_ROWS - 1
N_SHIELDS = SHIELD_SIDE * SHIELD_SIDE
SHIELD_OPTIONS = 2  # shields on a Stock Exchange card's line (P_SE_SHIELD + SHIELD_OPTIONS * card)
AREA_LOW = 2  # 2.6: a shield in rows (columns) 1..AREA_LOW has its area after it, otherwise up to it
AR_ROW0, AR_ROW1, AR_COL0, AR_COL1 = range(4)  # the available area (AREA + field), 0-based, inclusive
SIDE_RANDOM = 2  # rule parameter strip_side "random" (its choices A, B, random): each strip's side drawn
N_COLOURS = len(COLOURS)
COMPASS_TILES = len(COMPASS)  # the needles move round them
# The workshop (2.7): a WORKSHOP x WORKSHOP grid (P_WMONEY + WORKSHOP * (r - 1) + c - 1) and a 3 x 3 cursor whose
# centre (CURSOR + CUR_ROW, CURSOR + CUR_COL) stays in CURSOR_MIN..CURSOR_MAX; dot offsets P_DOT + DOT_FIELDS * colour
WORKSHOP = 7
CURSOR_MIN, CURSOR_MAX, CURSOR_START = 2, 6, 4
CURSOR_SPAN = CURSOR_MAX - CURSOR_MIN + 1
CUR_ROW, CUR_COL = 0, 1
DOT_DR, DOT_DC = 0, 1
DOT_FIELDS = 2
N_PILES = 2  # shop piles
TH_SLOTS = 4  # Royal Theatre display slots 0..3
# A bonus card's fields (P_BON + BONUS_FIELDS * card, 2.5): power 1, power 2 (-1 none), times (1/2), VP symbols, MP
BF_POWER1, BF_POWER2, BF_TIMES, BF_VP, BF_MP = range(5)
BONUS_FIELDS = 5
PERSONAL_ROWS = 4  # rows of the personal board (6.3), each tucking up to ROW_CAP bonus cards (S_ROWS)
ROW_CAP = 5
N_FIGURES = 8  # PF0..PF7
(PF_BRUGMANN, PF_HORTA, PF_BULS, PF_LEOPOLD, PF_VANDERVELDE, PF_HANKAR, PF_VAN_DE_VELDE,
 PF_SOLVAY) = range(N_FIGURES)
BRUGMANN_MONEY, SOLVAY_MONEY = 5, 3  # BF gained by PF0 and PF7 (2.4)
FIG_NONE, FIG_UPRIGHT, FIG_TAPPED = 0, 1, 2  # a seat's figure (S_FIG + figure)
GAIN_PF5, GAIN_SECONDARY = 0, 1  # what a GAIN_MATERIAL comes from (C_SRC)
N_BONUS = 25
N_SE = 12
N_THEATRE = 21
N_COLOURED = 24
WORKS_PER_COLOUR = N_COLOURED // N_COLOURED_KINDS
N_BLACK = 6
MAX_COST = 6  # largest build cost (parameter range)
PAY_BASE = MAX_COST + 1  # payments are numbered in base PAY_BASE: jokers, money units; wood, stone, iron
MAX_BID = 50  # largest BID_CAP

# Pending decisions (docs/bruxelles1893.md sections 2 and 5)
DECISIONS = ("SHIELD", "NEUTRAL", "MAIN", "BID", "PERFORM", "WORKSHOP_KEEP", "CURSOR", "SELL", "PILE",
             "THEATRE_SLOT", "THEATRE_KEEP", "MATERIALS", "BUILD_TILE", "BUILD_JOKERS", "BUILD_NOBLES", "NEEDLE",
             "PLACE", "PARK", "GRAND_PLAZA", "GAIN_MATERIAL", "SECONDARY_FIGURE", "POWER", "BONUS_USE",
             "PAY_FIGURE")
(D_SHIELD, D_NEUTRAL, D_MAIN, D_BID, D_PERFORM, D_WKEEP, D_CURSOR, D_SELL, D_PILE, D_TSLOT, D_TKEEP, D_MATERIALS,
 D_BTILE, D_BJOKERS, D_BNOBLES, D_NEEDLE, D_PLACE, D_PARK, D_GPLAZA, D_GAIN, D_SECFIG, D_POWER, D_BONUS,
 D_PAYFIG) = range(len(DECISIONS))
D_NONE = -1

PHASES = ("stock_exchange", "neutral", "actions", "resolution", "final", "over")
PH_SE, PH_NEUTRAL, PH_ACTIONS, PH_RES, PH_FINAL, PH_OVER = range(6)

# Continuations of the flow machine (flow.py): (code, a, b) entries on the state's stack
(K_ROUND, K_NEUTRAL, K_ACTIONS, K_TURN, K_NEXT, K_SECONDARY, K_GP, K_JOKER, K_TKEEP, K_TSHIFT, K_COL, K_DISCARD_COL,
 K_POWER, K_FIRST, K_BONUS, K_POPBW, K_SHIELDS, K_FINAL, K_PAYFIG, K_FINAL_END) = range(20)
KF_CODE, KF_A, KF_B = range(3)  # an entry's fields, STACK + K_FIELDS * entry
K_FIELDS = 3

# Board occupant codes: a seat number, or NEUTRAL + placing seat
EMPTY = -1
NEUTRAL = 10

# Materials options (D8): wood/stone/iron pairs then single cubes
TAKE_NAMES = ("WW", "SS", "II", "WS", "WI", "SI", "W", "S", "I")
TAKE_A = (0, 1, 2, 0, 0, 1, 0, 1, 2)
TAKE_B = (0, 1, 2, 1, 2, 2, -1, -1, -1)
N_TAKES = len(TAKE_NAMES)

# ---- action numbers (docs/bruxelles1893.md section 4) ----
_n = 0


def _take(k: int) -> int:
    global _n
    start = _n
    _n += k
    return start


A_SHIELD = _take(N_SHIELDS)  # shield (r, c): A_SHIELD + (r-1)*4 + (c-1)
A_NEUTRAL = _take(25)  # space (r, c): + (r-1)*5 + (c-1)
A_AN = _take(25)
A_BR = _take(4)
A_PASS = _take(1)
A_BID = _take(MAX_BID)  # BID b: A_BID + b - 1
A_PERFORM = _take(1)
A_SKIP = _take(1)
A_KEEP = _take(4)  # colour
A_CURSOR = _take(CURSOR_SPAN * CURSOR_SPAN)  # centre (cr, cc): + (cr-2)*5 + (cc-2)
A_SELL = _take(5)
A_PILE = _take(2)
A_SLOT = _take(4)
A_KEEPFIG = _take(1)
A_DISCFIG = _take(1)
A_TAKE = _take(9)
A_TILE = _take(3)
A_PAYJM = _take(PAY_BASE ** 2)  # J*7 + m
A_PAYWSI = _take(PAY_BASE ** 3)  # w*49 + s*7 + i
A_NEEDLE = _take(2)
A_PLACE = _take(25)
A_PARK = _take(5)
A_ACTIVATE = _take(N_FIGURES)
A_STOP = _take(1)
A_GAIN = _take(3)
A_POWER = _take(4)
A_USE = _take(1)
A_TUCK = _take(4)
A_PAYFIG = _take(N_FIGURES)
N_ACTIONS = _n
LEGAL_CAP = 64

# VP sources (docs/bruxelles1893.md section 6), in the order of vp_by_source
VP_SOURCES = ("sale", "no_joker", "top_row", "shields", "figures_unpaid", "buildings", "row_money", "row_works",
              "row_figures", "row_assistants", "nobles", "manneken_pis")
(V_SALE, V_NOJOKER, V_TOPROW, V_SHIELDS, V_UNPAID, V_BUILDINGS, V_ROW_MONEY, V_ROW_WORKS, V_ROW_FIGURES,
 V_ROW_ASSIST, V_NOBLES, V_MP) = range(12)
N_SOURCES = len(VP_SOURCES)

# Opening codes (docs section 6): each of a seat's first two turns of round 1
OPENING_LABELS = ("AN W", "AN S", "AN T", "AN M", "AN C", "BR market", "BR stock_exchange", "BR park",
                  "BR grand_plaza", "PASS")
OP_BR = 5
OP_PASS = 9
N_OPENINGS = 2
