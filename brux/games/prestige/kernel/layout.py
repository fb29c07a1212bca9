"""Layout of the Prestige state: one flat int64 array of named offsets (docs/prestige.md section 1; every
"section N" in the kernel refers to that file).

In order: the flattened rule parameters and data tables (copied in at creation, so the kernel reads no files), the
game header and chance stream, the flow machine and decision context, the season's order and action track, the
plant, heads, land, bonus board, event stacks, the orders of the season, one block per seat, and the cached list
of legal actions of the pending decision. Codes used in the fields are in `codes.py`.
"""

from brux.core.layout import Offsets
from brux.core.obs import ObsLayout, Piece
from brux.core.schema import Field, header

from . import codes as C
from .codes import MAX_PLAYERS, N_CARDS, N_COLS, N_HEADS, N_LEVELS, N_MC, N_NODES, N_SOURCES, N_YELLOW, SLOTS

MAX_SPACES = 16  # per area (T1 counts plus the final-season B spaces are validated against it)
MAX_ORDER = C.INSTRUCTORS * MAX_PLAYERS
MAX_ROWS = 24  # T7 rows
MAX_ORDERS = MAX_SPACES  # orders of a season = occupied B spaces
MAX_PLANT_SLOTS = 8
LEGAL_CAP = 128
N_STAGES = 12  # flow.ST_*
# Bound of a seat's money and VP (and of the few state values that grow with them): a game at the parameter
# limits has fewer than 20,000 decisions (length.py), none of which moves money or VP by 50,000 or more.
VALUE_MAX = 10**9

_o = Offsets()

# ---- rule parameters (flattened) ----
P_PLAYERS = _o.take()
P_START_GOLD = _o.take()
P_LAND_COST = _o.take()
P_CHEAP_LAND_COST = _o.take()
P_LAND_SHARE_FEE = _o.take()
P_PLANT_FIRST_BONUS = _o.take()
P_MARKET_K = _o.take()
P_MARKET_FIRST_EXTRA = _o.take()
P_LABOUR_FIRST = _o.take()
P_LABOUR_LATER = _o.take()
P_BUYBACK_PRICE = _o.take()
P_BUYBACK_MAX = _o.take()
P_EXP_MAX = _o.take()
P_UPGRADE_LOSS = _o.take()
P_MIN_ORDER_WORKERS = _o.take()
P_FINAL_EXTRA_COST = _o.take()
P_EXTRA_B_SPACES = _o.take()
P_FINAL_EXTRA_MODE = _o.take()  # 0 SPACE, 1 CAP
P_FIREWOOD_TILES = _o.take()
P_FIREWOOD_PENALTY = _o.take()
P_DARK_POINTS = _o.take(MAX_PLAYERS)  # by claim rank 1..4 (later ranks 0)
P_LB_PP = _o.take()
P_GOLD_PER_PP = _o.take()
P_RES_VALUES = _o.take(4)  # marble, glass, wood, lime
P_DIFF_DIV = _o.take()
P_YELLOW_PER_PLAYER = _o.take()
P_START_BONUS_ALL = _o.take()
P_BUILD_REVERSED = _o.take()
P_SICK_POS = _o.take()  # 0 KEEP, 1 END, 2 FRONT
P_EVENTS_ON = _o.take()
P_FIRST_GAME = _o.take()
P_YEAR_END_ORDER = _o.take()  # 0 LITERAL, 1 FIREWOOD_FIRST
P_SPACES = _o.take(6)  # T1 usable spaces per area for this player count (B: normal seasons)
P_PLANT_SLOTS = _o.take(4)  # T2 take-slots per plant resource (wood, lime, marble, gold)
P_PLANT_PLUS = _o.take(4)  # slot 1 gives the first-taker bonus
P_INC_GOLD_BASE = _o.take(5)  # T3 by step
P_INC_GOLD_PLANT = _o.take(5)
P_INC_WOOD_MAX = _o.take(5)
P_INC_LIME_MAX = _o.take(5)
P_INC_MARBLE_MAX = _o.take(3)
P_INC_SAVING = _o.take(5)
P_ADJ = _o.take(N_NODES)  # per node i: bit j set when i is adjacent to node j (bit 12: CA)
P_LINK = _o.take(N_NODES)  # link index of an outer field, -1 otherwise
P_LINK_NODE = _o.take(4)  # the outer field of each link
# T7 rows: craftsman, tier, cap, product, wood, lime, marble, glass, workers, exhausted
RF_CAP, RF_EXHAUSTED, RF_SIZE = 2, 9, 10
P_NROWS = _o.take()
P_ROW_OF = _o.take(C.N_CRAFTS * C.N_TIER_CODES * C.N_PRODUCTS)  # T7 row of (craftsman, tier, product), -1 none
P_COST = _o.take(MAX_ROWS * C.N_LEVELS * C.N_COSTS)  # per row and level: C.COST_FIELDS (T7 - T9, before events)
P_REQW = _o.take(MAX_ROWS * C.N_LEVELS)  # per row and level: P_COST's five costs packed (codes.pack_costs)
P_LEVEL_SCAN = _o.take(7)  # per experience: levels <= it whose T9 saving no other such level dominates (bit mask)
P_ROWS = _o.take(MAX_ROWS * RF_SIZE)
# T8 heads: craftsman, tier, year, tiles used with this player count, their prices (cheapest first)
HF_CRAFT, HF_TIER, HF_YEAR, HF_N, HF_PRICE, HF_SIZE = 0, 1, 2, 3, 4, 8
P_HEADS = _o.take(N_HEADS * HF_SIZE)
P_EXP = _o.take(7 * 4)  # T9 per level: workers, wood, lime, glass saved
P_PP = _o.take(C.N_PRODUCTS * C.N_PP_FIELDS)  # T10 per product: PP, PP on a tower tile
P_CASTLE = _o.take(N_COLS * C.N_BONUS_SLOTS * C.N_BONUS_FIELDS)  # T11 per column and slot BASE .. FACADE: kind, amount
P_COND = _o.take(20 * 2)  # T12 per condition: metric, threshold
P_COND_FIRST = _o.take(10)  # light conditions of the first-game set
P_YELLOW = _o.take(N_YELLOW * C.YF_SIZE)  # T13
P_CARDS = _o.take(N_CARDS * C.CARD_FIELDS)  # T14 per card: symbol, spring, summer, autumn, winter event
PARAMS_SIZE = _o.size

# ---- header: the kit's (brux.core.schema.header), season 1..12, pending -1 when none / over ----
HEADER = _o.schema(*header(MAX_PLAYERS, len(C.DECISIONS), C.ROUNDS, after={
    "G_ROUND": (Field("G_PHASE", kind="code", high=C.PH_OVER, meaning="codes.PH_*"),),
    "G_AUTO": (Field("G_STAGE", kind="code", high=N_STAGES - 1, meaning="flow machine stage (flow.ST_*)"),
               Field("G_IDX", high=max(MAX_PLAYERS, MAX_ORDERS), meaning="loop index of the stage: a seat or "
                     "an order"),
               Field("G_ACTIVE", kind="code", low=C.EV_NONE, high=len(C.EVENTS) - 1,
                     meaning="active event code, -1 none"))}))
globals().update(HEADER.offsets)

# ---- decision context ----
C_AREA = _o.take()
C_SPACE = _o.take()  # 0-based space of the acting instructor
C_LEFT = _o.take()  # market actions left
C_USED = _o.take(9)  # market types done this visit, in order
C_NUSED = _o.take()
C_HELD = _o.take()  # market tiles of the seat at the market (base.mc_mask, taken once per visit)
C_FIELD = _o.take()  # outer field node just entered (MC_TILE)
C_ITEM = _o.take()  # order item chosen (ORDER_ITEM), -1 none
C_TARGET = _o.take()  # target code column * 5 + t, -1 none
C_EXTRA = _o.take()  # surcharge of an order from this space
C_BSPACE = _o.take()  # B space being resolved (0-based)
C_YCOL = _o.take()  # bonus column being claimed (0-based)
C_YAFTER = _o.take()  # 0 land, 1 resolve, 2 sweep
C_CHK_SEAT = _o.take()  # CHECK in progress: seat, next light column, stage to return to
C_CHK_COL = _o.take()
C_CHK_RET = _o.take()
C_BOUGHT = _o.take()  # workers bought back by the seat deciding BUYBACK
C_OPEN = _o.take()  # opening slot the chain's first choice refines, -1 none

# ---- order and track ----
ORDER = _o.take(MAX_ORDER)
SICK = _o.take(MAX_ORDER)  # 1 at a sick ORDER position
N_SICK = _o.take()
TURN = _o.take()  # instructors placed this season
NEXT_SET = _o.take()
NEXT_ORDER = _o.take(MAX_ORDER)
PRIO = _o.take(MAX_PLAYERS)  # priority order (section 4.3) of ORDER (cache, see base.set_priority)
NEXT_PRIO = _o.take(MAX_PLAYERS)  # the same for NEXT_ORDER
TRACK = _o.take(6 * MAX_SPACES)  # seat on area a's space i at TRACK + a * MAX_SPACES + i, -1 free
TRACK_N = _o.take(6)  # occupied spaces of area a (cache: a track fills from its first space, see base.free_space)
# ---- plant: per resource and slot (seat, amount, workers) ----
PLANT = _o.take(4 * MAX_PLANT_SLOTS * 3)
PLANT_N = _o.take(4)
LABOUR_USED = _o.take(3)
# ---- heads ----
HEAD_TAKEN = _o.take(N_HEADS)
HEAD_SHOWN = _o.take(N_HEADS)
# ---- land ----
TILE = _o.take(N_NODES)
DISCS = _o.take(N_NODES)  # bit p: seat p has a disc
LINK = _o.take(4)  # MC index on link, -1 empty
MC = _o.take(N_MC)  # codes.MC_*
# ---- bonus board ----
LB = _o.take(N_COLS)  # condition index 0..9
DB = _o.take(N_COLS)  # condition index 10..19
LMARK = _o.take(N_COLS * MAX_PLAYERS)
LMARK_N = _o.take(N_COLS)
LTAKEN = _o.take(N_COLS)  # seat, -1
DREV = _o.take(N_COLS)
DCLAIM = _o.take(N_COLS * MAX_PLAYERS)
DCLAIM_N = _o.take(N_COLS)
YEL = _o.take(N_YELLOW)  # -1 not in the game, 0 available, 1 taken
# ---- events ----
EV_SS = _o.take(3)  # cards top first; EV_SS_POS cards already revealed
EV_SS_N = _o.take()  # cards in the stack at setup
EV_SS_POS = _o.take()
EV_AW = _o.take(3)
EV_AW_N = _o.take()
EV_AW_POS = _o.take()
EV_OUT = _o.take(2)
EV_CARD = _o.take()  # face-up card, -1
EV_STACK = _o.take()  # 0 SS, 1 AW, -1
EV_USED = _o.take(N_CARDS)
EV_USED_N = _o.take()
# ---- orders of the season, in placement order (= B space order) ----
OF_SEAT, OF_ITEM, OF_COL, OF_T, OF_LEVEL, OF_RES, OF_WORKERS, OF_EXHAUSTED, OF_EXTRA, OF_DONE, OF_SIZE = (
    0, 1, 2, 3, 4, 5, 9, 10, 11, 12, 13)
ORD_N = _o.take()
ORD = _o.take(MAX_ORDERS * OF_SIZE)

# ---- seats ----
S_STOCK = 0  # 5: gold, wood, lime, marble, glass
S_SUPPLY = 5
S_PLANTW = 6
S_ORDW = 7
S_TAVERN = 8
S_CRAFT = 9  # 5 tiers (0 none)
S_EXP = 14
S_INC = 15  # 4 income steps: gold, wood, lime, marble
S_CASTLE = 19  # 5 columns x 17 slots: complete items (statue slot: count)
S_PEND = S_CASTLE + N_COLS * SLOTS  # same shape: pending orders
S_OUTER = S_PEND + N_COLS * SLOTS
S_INNER = S_OUTER + 1
S_LIGHT = S_INNER + 1  # 5 condition indices taken, in order
S_LIGHT_N = S_LIGHT + N_COLS
S_YEL = S_LIGHT_N + 1  # yellow ids gained, in order
S_YEL_N = S_YEL + N_YELLOW
S_FIRE = S_YEL_N + 1
S_DARK = S_FIRE + 1
S_VP = S_DARK + 1
S_SRC = S_VP + 1
S_OPEN = S_SRC + N_SOURCES
S_NPLACED = S_OPEN + 2  # placements in round 1
S_PCRAFT = S_NPLACED + 1  # 5: unresolved orders per craftsman type (cache, see orders.refresh)
S_TARGETS = S_PCRAFT + 5  # 9: per product, bit 5 * column + t: a legal target now (cache, see orders.refresh)
S_ITEMS = S_TARGETS + 9  # 2: order items with a legal target and a craftsman; of those, under its cap (cache)
S_METRIC = S_ITEMS + 2  # 12: the bonus-condition metrics of T12, by codes.MT_* (cache, see base.update_metrics)
SEAT_SIZE = S_METRIC + 12
SEATS = _o.take(MAX_PLAYERS * SEAT_SIZE)

# ---- order requirements per seat (cache, see orders.order_requirements) ----
REQ_MAX = C.N_ITEMS * N_LEVELS  # entries per seat: (item, level)
REQ_N = _o.take(MAX_PLAYERS * C.N_REQ_COUNTS)  # per seat: its entries for outer items, for inner items
REQ = _o.take(MAX_PLAYERS * REQ_MAX)  # per seat: item << ITEM_SHIFT | P_REQW word; outer first, inner from the end

# ---- legal-action cache ----
LEGAL_N = _o.take()
LEGAL = _o.take(LEGAL_CAP)

STATE_SIZE = _o.size

# ---- observation of a seat (hooks.observe): float32, what every seat sees ----
# Not in it: the face-down event cards and dark tiles and the chance stream (hidden: an unrevealed one reads -1),
# the rule parameters and tables (fixed for a game; `game.flat`) and the legal-action cache (the mask gives it).
OBS = ObsLayout(
    Piece("seat", MAX_PLAYERS, "one-hot: the observing seat", low=0, high=1),
    Piece("players", 1, "players (P_PLAYERS)", P_PLAYERS, low=2, high=MAX_PLAYERS),
    HEADER.piece("header", "G_ROUND .. G_ACTIVE: season, phase, seat deciding, pending decision (codes.D_*), over, "
                 "decisions, automatic decisions, flow stage and index, active event", "G_ROUND", "G_ACTIVE"),
    Piece("context", C_OPEN - C_AREA + 1, "C_AREA .. C_OPEN: the decision context", C_AREA,
          low=-1, high=max(2**N_MC - 1, N_COLS * 5, MAX_SPACES)),
    Piece("board", LB - ORDER, "ORDER .. MC: turn order, sick marks, next order, priorities, action tracks, plant "
          "slots, labour, heads, land tiles, discs, links and markets", ORDER, low=-1, high=VALUE_MAX),
    Piece("light_bonus", N_COLS, "light condition of each bonus column (LB)", LB, low=0, high=9),
    Piece("dark_bonus", N_COLS, "dark condition of each bonus column (DB) once revealed, else -1", low=-1, high=19),
    Piece("bonus_marks", EV_SS - LMARK, "LMARK .. YEL: light marks, light taken, dark revealed, dark claims, yellow "
          "tiles", LMARK, low=-1, high=MAX_PLAYERS),
    Piece("events_ss", 3, "event stack SS, top first: the revealed cards (EV_SS_POS of them), -1 for the others",
          low=-1, high=N_CARDS - 1),
    Piece("events_ss_n", 2, "EV_SS_N, EV_SS_POS", EV_SS_N, low=0, high=3),
    Piece("events_aw", 3, "event stack AW, top first: the revealed cards (EV_AW_POS of them), -1 for the others",
          low=-1, high=N_CARDS - 1),
    Piece("events_aw_n", 2, "EV_AW_N, EV_AW_POS", EV_AW_N, low=0, high=3),
    Piece("events", ORD_N - EV_CARD, "EV_CARD, EV_STACK, EV_USED, EV_USED_N: the face-up event and those used",
          EV_CARD, low=-1, high=N_CARDS),
    Piece("orders", 1 + MAX_ORDERS * OF_SIZE, "ORD_N, then the season's orders (OF_* fields, OF_SIZE each)", ORD_N,
          low=-1, high=VALUE_MAX),
    Piece("seats", MAX_PLAYERS * SEAT_SIZE, "seat q's block (S_* fields, SEAT_SIZE each) at q * SEAT_SIZE; "
          "S_TARGETS as 0/1: the product has a legal target", SEATS, low=-VALUE_MAX, high=VALUE_MAX),
)
OBS_SEAT = OBS.offset["seat"]
OBS_DARK = OBS.offset["dark_bonus"]
OBS_SS = OBS.offset["events_ss"]
OBS_AW = OBS.offset["events_aw"]
OBS_SEATS = OBS.offset["seats"]
OBS_SEAT_FLAGS = tuple(range(S_TARGETS, S_TARGETS + 9))  # seat fields observed as 0/1 (wide bit masks)
OBS_COPIES = OBS.copies
