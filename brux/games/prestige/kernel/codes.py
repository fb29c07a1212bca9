"""Numeric codes of the Prestige kernel: resources, areas, nodes, products, events, decisions, actions, sources.

Names are those of docs/prestige.md section 14; the action numbering is fixed here (section 14.4 order).
"""

MAX_PLAYERS = 4
WORKERS = 12
ROUNDS = 12
SEASONS = ("spring", "summer", "autumn", "winter")
SPRING, SUMMER, AUTUMN, WINTER = range(4)
N_SEASONS = len(SEASONS)  # rounds per year
START_GOLD_SEAT = 2  # seats from this one on (seats 2 and 3) start with 1 gold more (section 1)
START_COLUMN = 2  # every castle starts with a BASE in column c3 (section 1)
INSTRUCTORS = 5  # per seat: the ORDER list holds INSTRUCTORS * players entries

# Stock (gold and goods)
GOLD, WOOD, LIME, MARBLE, GLASS = 0, 1, 2, 3, 4
STOCK_NAMES = ("gold", "wood", "lime", "marble", "glass")
N_STOCK = len(STOCK_NAMES)

# Action-track areas
AREAS = ("S", "C", "L", "M", "B", "P")
A_S, A_C, A_L, A_M, A_B, A_P = 0, 1, 2, 3, 4, 5
N_AREAS = len(AREAS)

# Plant resources (view order)
PLANT_RES = ("wood", "lime", "marble", "gold")
PR_WOOD, PR_LIME, PR_MARBLE, PR_GOLD = range(4)
N_PLANT_RES = len(PLANT_RES)
PL_SEAT, PL_AMOUNT, PL_WORKERS = range(3)  # a plant take-slot, PLANT + PLANT_FIELDS * (MAX_PLANT_SLOTS * r + i)
PLANT_FIELDS = 3
# A seat's income steps (T3), S_INC + field: gold, wood, lime, marble
INC_GOLD, INC_WOOD, INC_LIME, INC_MARBLE = range(4)
INC_STEP_MAX = 4  # gold, wood and lime steps: min(own discs on TAX, FOREST, QUARRY tiles, 4)

# Land nodes: A1..A5, B1..B5, M1, M2; CA is node 12 (never holds discs)
NODES = ("A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5", "M1", "M2")
N_NODES = 12
CA = 12
M1, M2 = 10, 11
N_AB_NODES = M1  # A1..B5, the nodes that take a tile
MARBLE_STEP_MAX = M2 - M1 + 1  # the marble income step: own MF slots
TILES = (None, "FOREST", "QUARRY", "TAX", "MARBLE")
T_NONE, T_FOREST, T_QUARRY, T_TAX, T_MARBLE = 0, 1, 2, 3, 4
N_NEW_TILES = T_TAX  # tiles a LAND on an empty node may lay: FOREST, QUARRY, TAX
LINK_FIELDS = ("A1", "A5", "B1", "B5")
N_LINKS = len(LINK_FIELDS)
N_MC = 8
MC_OTHERS = N_MC - 1  # an MC_TILE choice: the tile placed x, then the tile removed among the other MC_OTHERS
MC_PICK = 2  # available tiles a new outer field needs: one to link, one to remove (section 5.3.7)
MC_AVAILABLE, MC_LINKED, MC_REMOVED = 0, 1, 2

# Craftsman types and tiers
CRAFTS = ("MB", "CARP", "PLAST", "MASON", "SCULPT")
CR_MB, CR_CARP, CR_PLAST, CR_MASON, CR_SCULPT = 0, 1, 2, 3, 4
TIERS = (None, "I", "II", "III")
HEADS = ("SCULPT I", "MASON I", "MB II", "CARP II", "PLAST II", "MB III", "CARP III", "PLAST III", "MASON III")
N_HEADS = 9
HEAD_CRAFT = tuple(CRAFTS.index(h.split()[0]) for h in HEADS)  # head h's craftsman type
HEAD_TIER = tuple(TIERS.index(h.split()[1]) for h in HEADS)  # and the tier it brings
H_CARP2, H_PLAST2 = HEADS.index("CARP II"), HEADS.index("PLAST II")  # FREE TRAINING may take them in year 1

# Products; castle slots per column: 0..4 the outer slots (4 = statues, a count), 5 + 4*level + interior
PRODUCTS = ("BASE", "FLOOR2", "TOWER", "FACADE", "STATUE", "STUCCO", "PANEL", "MARBLE", "COLUMN")
PD_BASE, PD_FLOOR2, PD_TOWER, PD_FACADE, PD_STATUE, PD_STUCCO, PD_PANEL, PD_MARBLE, PD_COLUMN = range(9)
N_COLS = 5
SLOTS = 17
SLOT_NAMES = ("BASE", "FLOOR2", "TOWER", "FACADE", "STATUE") + tuple(
    f"{lv} {it}" for lv in ("BASE", "FLOOR2", "TOWER") for it in ("STUCCO", "PANEL", "MARBLE", "COLUMN"))

# Castle printed bonus kinds (T11)
BONUS_KINDS = ("-", "MARBLE", "WORKER", "INNER_PP", "GOLD", "GLASS", "EXP")
BK_MARBLE, BK_WORKER, BK_INNER, BK_GOLD, BK_GLASS, BK_EXP = range(1, 7)

# Bonus conditions (T12): ids LB1..LB10 = 0..9, DB1..DB10 = 10..19
N_LIGHT_CONDS = N_DARK_CONDS = 10
COND_IDS = (tuple(f"LB{i}" for i in range(1, N_LIGHT_CONDS + 1))
            + tuple(f"DB{i}" for i in range(1, N_DARK_CONDS + 1)))
COND_METRIC, COND_THRESHOLD = 0, 1  # a condition's fields, P_COND + N_COND_FIELDS * condition
N_COND_FIELDS = 2
METRICS = ("FULL", "PANEL", "MFD", "STATUE", "TOWER", "STUCCO", "FLOOR2", "BASE", "DISCS", "FACADE", "MARBLE",
           "COLUMN")
MT_FULL, MT_PANEL, MT_MFD, MT_STATUE, MT_TOWER, MT_STUCCO, MT_FLOOR2, MT_BASE, MT_DISCS, MT_FACADE, MT_MARBLE, \
    MT_COLUMN = range(12)
N_YELLOW = 12
CARD_SYMBOL, CARD_EVENT = 0, 1  # an event card (T14): its symbol, then one event per season from CARD_EVENT
CARD_FIELDS = CARD_EVENT + N_SEASONS
STACK_SS, STACK_AW = 0, 1  # EV_STACK: the spring/summer and autumn/winter stacks
N_STACKS = 2
STACK_CARDS = 3  # cards dealt to each stack; the other N_OUT_CARDS are out of the game (section 1)
# A yellow tile's fields (T13), P_YELLOW + YF_SIZE * tile: gold, W, L, M, G (stock order), inner PP, outer PP, PP to
# the lower marker (tie: inner), workers tavern -> supply, MB experience
YF_STOCK, YF_INNER, YF_OUTER, YF_TO_LOWER, YF_WORKERS, YF_EXP = 0, 5, 6, 7, 8, 9
YF_SIZE = 10
YELLOW_IDS = tuple(f"Y{i}" for i in range(1, 13))

# Events (T14)
EVENTS = ("WORKER OFFER", "RICH AND POOR", "REQUIRED WOOD", "COVETED STUCCO", "COVETED PANELING",
          "RESTRICTED MARKET", "TRAINING", "GIFT", "GOLD BOYCOTT", "GOLD SURRENDER", "GOLD DONATION",
          "GOOD COOPERATION", "GOOD WEATHER", "CHEAP LAND", "WOOD TRADE", "HOT SUMMER", "NO LABOR MARKET",
          "FREE TRAINING", "ILLNESS", "LOSS OF LAND", "POOR WORK", "BAD WEATHER", "SUPPORT")
(EV_WORKER_OFFER, EV_RICH_POOR, EV_REQUIRED_WOOD, EV_COVETED_STUCCO, EV_COVETED_PANEL, EV_RESTRICTED,
 EV_TRAINING, EV_GIFT, EV_BOYCOTT, EV_SURRENDER, EV_DONATION, EV_COOPERATION, EV_GOOD_WEATHER, EV_CHEAP_LAND,
 EV_WOOD_TRADE, EV_HOT_SUMMER, EV_NO_LABOUR, EV_FREE_TRAINING, EV_ILLNESS, EV_LOSS_OF_LAND, EV_POOR_WORK,
 EV_BAD_WEATHER, EV_SUPPORT) = range(23)
EV_NONE = -1
N_CARDS = 8
N_OUT_CARDS = N_CARDS - N_STACKS * STACK_CARDS
# Start effects of the events (section 7)
RICH_POOR_PIVOT = 5  # RICH AND POOR: gold above it -RICH_POOR_SHIFT, below it +RICH_POOR_SHIFT
RICH_POOR_SHIFT = 2
REQUIRED_WOOD_FINE = 2  # REQUIRED WOOD without wood: gold lost (as much as there is)
SURRENDER_RICH = 6  # GOLD SURRENDER: gold from here on -SURRENDER_RICH_LOSS, else -1
SURRENDER_RICH_LOSS = 2
SUPPORT_WORKERS = 2  # SUPPORT: workers tavern -> supply, free
OFFER_WORKERS = 2  # WORKER OFFER: up to two workers tavern -> supply, 1 gold each
WOOD_TRADE_PRICE = 2  # WOOD TRADE: gold per wood sold
SYMBOLS = ("-", "sun", "snow")

# Market variants (T5): type 1..9 and the 25 variants
MARKET_TYPES = ("marble", "glass", "wood", "lime", "exchange", "swap", "labour2", "labour_wood", "labour_lime")
MARKET_VARIANTS = ("BUY MARBLE", "SELL MARBLE", "BUY GLASS", "SELL GLASS", "BUY WOOD", "SELL WOOD", "BUY LIME",
                   "SELL LIME", "WW>MARBLE", "LL>MARBLE", "WL>MARBLE", "MARBLE>WW", "MARBLE>LL", "MARBLE>WL",
                   "WW>GLASS", "LL>GLASS", "WL>GLASS", "GLASS>WW", "GLASS>LL", "GLASS>WL", "WOOD>LIME",
                   "LIME>WOOD", "LABOUR2", "LABOUR+WOOD", "LABOUR+LIME")
N_VARIANTS = len(MARKET_VARIANTS)
(V_BUY_MARBLE, V_SELL_MARBLE, V_BUY_GLASS, V_SELL_GLASS, V_BUY_WOOD, V_SELL_WOOD, V_BUY_LIME, V_SELL_LIME,
 V_WW_MARBLE, V_LL_MARBLE, V_WL_MARBLE, V_MARBLE_WW, V_MARBLE_LL, V_MARBLE_WL, V_WW_GLASS, V_LL_GLASS, V_WL_GLASS,
 V_GLASS_WW, V_GLASS_LL, V_GLASS_WL, V_WOOD_LIME, V_LIME_WOOD, V_LABOUR2, V_LABOUR_WOOD, V_LABOUR_LIME) = range(25)
N_LABOUR = 3  # labour variants, from V_LABOUR2 on (labour type k = v - V_LABOUR2)
LABOUR2_WORKERS = 2  # LABOUR2 brings back up to two tavern workers; the other labour variants one
# Market-condition tiles (T6) as bits of a seat's held mask (base.mc_mask): MC1 .. MC8 = bit 0 .. 7
(MC_GLASSWORKS, MC_MARBLE_MERCHANT, MC_TIMBER_TOWN, MC_LIME_TOWN, MC_LABOUR_EXCHANGE, MC_BUSY_TRADER, MC_EXPORT_HOUSE,
 MC_STONE_CUTTERS) = range(N_MC)
MC_TILE_BITS = N_MC - 1  # VARIANT_TILE values are tile bits 0 .. 7 (-1: none; masked before the shift)
PRICE_MARBLE, PRICE_MARBLE_MC2 = 3, 2  # gold for BUY MARBLE, without and with the Marble merchant (T5, T6)
PRICE_GLASS, PRICE_GLASS_MC1 = 2, 1  # gold for BUY GLASS, without and with the Glassworks
PAIR_COST, PAIR_COST_MC8 = 2, 1  # wood (or lime) for WW>X (LL>X), without and with the Stone cutters
VARIANT_TYPE = (0, 0, 1, 1, 2, 2, 3, 3) + (4,) * 12 + (5, 5, 6, 7, 8)
TYPE_VARIANTS = tuple(sum(1 << v for v, t in enumerate(VARIANT_TYPE) if t == k) for k in range(9))  # bit masks
# Stock changes of each variant without market tiles, 5 per variant: gold, wood, lime, marble, glass (T5; a labour
# variant's price is paid apart). VARIANT_TILE[v]: the market tile (bit of the held mask, T6) that adds 1 to field
# VARIANT_TILE_FIELD[v] of them, -1 none.
VARIANT_DELTAS = (
    -3, 0, 0, 1, 0, 3, 0, 0, -1, 0, -2, 0, 0, 0, 1, 2, 0, 0, 0, -1,  # BUY/SELL MARBLE, BUY/SELL GLASS
    -1, 1, 0, 0, 0, 1, -1, 0, 0, 0, -1, 0, 1, 0, 0, 1, 0, -1, 0, 0,  # BUY/SELL WOOD, BUY/SELL LIME
    0, -2, 0, 1, 0, 0, 0, -2, 1, 0, 0, -1, -1, 1, 0,  # WW/LL/WL>MARBLE
    0, 2, 0, -1, 0, 0, 0, 2, -1, 0, 0, 1, 1, -1, 0,  # MARBLE>WW/LL/WL
    0, -2, 0, 0, 1, 0, 0, -2, 0, 1, 0, -1, -1, 0, 1,  # WW/LL/WL>GLASS
    0, 2, 0, 0, -1, 0, 0, 2, 0, -1, 0, 1, 1, 0, -1,  # GLASS>WW/LL/WL
    0, -1, 1, 0, 0, 0, 1, -1, 0, 0,  # WOOD>LIME, LIME>WOOD
    0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0,  # LABOUR2, LABOUR+WOOD, LABOUR+LIME
)
VARIANT_TILE = (1, 6, 0, 6, 2, 6, 3, 6, 7, 7, -1, -1, -1, -1, 7, 7, -1, -1, -1, -1, -1, -1, -1, -1, -1)
VARIANT_TILE_FIELD = (0, 0, 0, 0, 1, 0, 2, 0, 1, 2, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0)

# Decisions (section 14.3)
DECISIONS = ("SETUP_RESOURCE", "WORKER_OFFER", "GIFT", "WOOD_TRADE", "FREE_TRAINING", "LOSS_OF_LAND", "TURN",
             "START_BONUS", "HIRE", "LAND", "MC_TILE", "MARKET", "ORDER_ITEM", "ORDER_TARGET", "ORDER_LEVEL",
             "PLANT", "RESOLVE", "YELLOW", "BUYBACK")
(D_SETUP, D_OFFER, D_GIFT, D_WOODTRADE, D_TRAIN, D_LOSE, D_TURN, D_START, D_HIRE, D_LAND, D_MC, D_MARKET,
 D_ITEM, D_TARGET, D_LEVEL, D_PLANT, D_RESOLVE, D_YELLOW, D_BUYBACK) = range(19)
PHASES = ("setup", "start", "turns", "end", "over")
PH_SETUP, PH_START, PH_TURNS, PH_END, PH_OVER = range(5)

# Order items of ORDER <type> <product> (craftsman type, product)
ORDER_ITEMS = ((CR_MB, PD_BASE), (CR_MB, PD_FLOOR2), (CR_MB, PD_TOWER), (CR_CARP, PD_PANEL),
               (CR_PLAST, PD_STUCCO), (CR_MASON, PD_MARBLE), (CR_SCULPT, PD_FACADE), (CR_SCULPT, PD_STATUE),
               (CR_SCULPT, PD_COLUMN))
ITEM_CRAFT = tuple(c for c, _ in ORDER_ITEMS)
ITEM_PRODUCT = tuple(p for _, p in ORDER_ITEMS)
N_ITEMS = len(ORDER_ITEMS)
N_CRAFTS = len(CRAFTS)
N_TIER_CODES = len(TIERS)  # a craftsman's tier: 0 (none) .. 3
N_PRODUCTS = len(PRODUCTS)
N_OUTER = PD_STUCCO  # outer castle slots 0 .. 4: BASE, FLOOR2, TOWER, FACADE, STATUE (a count)
N_INTERIOR = N_PRODUCTS - PD_STUCCO  # interior slots of a building tile: STUCCO, PANEL, MARBLE, COLUMN
N_TILE_LEVELS = 3  # building tiles with interiors: BASE, FLOOR2, TOWER (their interiors at N_OUTER + N_INTERIOR * t)
IN_STUCCO, IN_PANEL, IN_MARBLE, IN_COLUMN = range(4)  # interior slots from the tile's first, N_OUTER + N_INTERIOR * t
TOWER_TILE = 2  # building tile t of the TOWER (its interiors score the tower PP, T10)
PP_PLAIN, PP_ON_TOWER = 0, 1  # a product's two PP values (T10), P_PP + N_PP_FIELDS * product
N_PP_FIELDS = 2
N_BONUS_SLOTS = PD_FACADE + 1  # printed castle bonuses (T11) per column: BASE, FLOOR2, TOWER, FACADE
BONUS_KIND, BONUS_AMOUNT = 0, 1  # a printed bonus, P_CASTLE + N_BONUS_FIELDS * (N_BONUS_SLOTS * column + slot)
N_BONUS_FIELDS = 2
REQ_OUTER, REQ_INNER = 0, 1  # a seat's two requirement-entry counts, REQ_N + N_REQ_COUNTS * seat
N_REQ_COUNTS = 2
MAX_STATUES = 2  # statues, complete and pending, per column (T10)
N_TARGETS = 5  # target codes of a column (A_TARGET + N_TARGETS * column + target)
TARGET_BITS = N_TARGETS  # a product's target mask (S_TARGETS): bit TARGET_BITS * column + target
TARGET_FIELD = (1 << TARGET_BITS) - 1
N_LEVELS = 7
COST_FIELDS = ("wood", "lime", "marble", "glass", "workers")  # an order's costs per row and level (T7 - T9)
CO_WOOD, CO_LIME, CO_MARBLE, CO_GLASS, CO_WORKERS = range(5)
N_COSTS = len(COST_FIELDS)
# An order's costs packed in one word (orders.order_items): LANE bits per field (wood, lime, marble, glass, workers),
# each field + COST_BIAS. A stock packed the same way with the GUARD bit of every lane set covers the costs when no
# lane borrows in one subtraction. Costs are -6..9 (T7 0..9 less T9 savings 0..6), so biased fields fit 10 bits.
LANE = 11
COST_BIAS = 64
STOCK_TOP = (1 << (LANE - 1)) - 1 - COST_BIAS  # a stock above this covers any cost: it is packed as STOCK_TOP
GUARD = sum(1 << (LANE * j + LANE - 1) for j in range(5))
COSTS = (1 << (5 * LANE)) - 1
ITEM_SHIFT = 5 * LANE  # a requirement entry's order item, above its costs


def pack_costs(costs) -> int:
    """The packed word of five costs (wood, lime, marble, glass, workers)."""
    return sum((int(c) + COST_BIAS) << (LANE * j) for j, c in enumerate(costs))
PLANT_N_MAX = (7, 7, 3)  # largest n named per resource (wood, lime, marble)
PLANT_NONE, PLANT_GOLD = 0, 1  # PLANT actions from A_PLANT: NONE, GOLD, then n = 1.. of each resource
PLANT_FIRST = tuple(PLANT_GOLD + 1 + sum(PLANT_N_MAX[:r]) for r in range(len(PLANT_N_MAX)))  # offset of n = 1

# Action numbering (section 14.4 order)
A_SETUP = 0  # + WOOD 0 / LIME 1
A_OFFER = 2  # ACCEPT, DECLINE
A_GIFT = 4  # WOOD, LIME, GLASS, MARBLE
A_WOODTRADE = 8  # SELL, STOP
A_TRAIN = 10  # DECLINE, then the 9 heads
A_LOSE = 20  # 12 nodes
A_AREA = 32  # 6 areas
A_START = 38  # WOOD, LIME, GOLD
A_HIRE = 41  # NONE, then the 9 heads
A_LAND = 51  # NONE; 10 A/B nodes x 3 tiles; 12 nodes (join)
A_LAND_NEW = 52
A_LAND_JOIN = 82
A_MC = 94  # DECLINE; PLACE x REMOVE y for x != y (8 x 7)
A_MARKET = 151  # STOP, then the 25 variants
A_ORDER = 177  # 9 items
A_TARGET = 186  # column x 5 targets
A_LEVEL = 211  # 0..6
A_PLANT = 218  # NONE, GOLD, WOOD 1..7, LIME 1..7, MARBLE 1..3
A_RESOLVE = 237  # column x 17 items
A_YELLOW = 322  # Y1..Y12
A_BUYBACK = 334  # NO, YES
N_ACTIONS = 336
GIFT_STOCK = (WOOD, LIME, GLASS, MARBLE)
START_STOCK = (WOOD, LIME, GOLD)
N_GIFTS = len(GIFT_STOCK)
N_START = len(START_STOCK)

# VP sources (section 14.2 vp_by_source)
VP_SOURCES = ("outer", "inner", "imbalance", "light_tiles", "dark_bonus", "leftovers", "firewood")
N_SOURCES = 7
SRC_OUTER, SRC_INNER, SRC_IMBALANCE, SRC_LIGHT, SRC_DARK, SRC_LEFTOVERS, SRC_FIREWOOD = range(N_SOURCES)
RV_MARBLE, RV_GLASS, RV_WOOD, RV_LIME = range(4)  # leftover values, P_RES_VALUES + field

# Opening codes: a seat's first two placements of round 1, by area and first choice (docs section 15)
OPENING_LABELS = (("S", "S WOOD", "S LIME", "S GOLD", "C NONE") + tuple(f"C {h}" for h in HEADS)
                  + ("L NONE", "L FOREST", "L QUARRY", "L TAX", "L JOIN", "L MARBLE", "M STOP")
                  + tuple(f"M {t}" for t in MARKET_TYPES)
                  + tuple(f"B {CRAFTS[c]} {PRODUCTS[p]}" for c, p in ORDER_ITEMS)
                  + ("P NONE", "P GOLD", "P WOOD", "P LIME", "P MARBLE"))
N_OPENINGS = 2
OP_S = 0
OP_C = 4
OP_L = 14
OP_M = 20
OP_B = 30
OP_P = 39
OPEN_AREA = (OP_S, OP_C, OP_L, OP_M, OP_B, OP_P)  # code of an area before its first choice
OP_L_JOIN, OP_L_MARBLE = OPENING_LABELS.index("L JOIN"), OPENING_LABELS.index("L MARBLE")
PLANT_OPENING = tuple(OPENING_LABELS.index(f"P {r.upper()}") for r in PLANT_RES)  # by plant resource

# Enumerated parameter choices
FINAL_EXTRA_MODES = ("SPACE", "CAP")
SICK_POSITIONS = ("KEEP", "END", "FRONT")
YEAR_END_ORDERS = ("LITERAL", "FIREWOOD_FIRST")
