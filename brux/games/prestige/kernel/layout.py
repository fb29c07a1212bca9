"""Layout of the Prestige state: one flat int64 array, declared field by field (`brux.core.schema`; docs/prestige.md
section 1; every "section N" in the kernel refers to that file).

In order: the flattened rule parameters and data tables (copied in at creation, so the kernel reads no files), the
game header and chance stream, the flow machine and decision context, the season's order and action track, the
plant, heads, land, bonus board, event stacks, the orders of the season, one block per seat, each seat's order
costs and bonus-board marks (caches), and the cached list of legal actions of the pending decision. Every field's
name is a module-level offset (`SCHEMA.offsets`). Capacities are fixed maxima checked when the parameters are
validated; the bounds hold for every valid parameter set (params.py limits). Codes used in the fields are in
`codes.py`.
"""

from dataclasses import replace

from brux.core.obs import ObsLayout, Piece
from brux.core.schema import Block, Field, Mark, Schema, header, legal_cache, seat_openings, seat_sources, seat_vp

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
# Limits of the rule parameters and tables (params.py) the bounds below derive from.
INCOME_MAX = 7  # T3 entries (marble plant max: MARBLE_INCOME_MAX)
MARBLE_INCOME_MAX = 3
ROW_MAX = 9  # T7 costs, workers and exhausted workers
SAVING_MAX = 6  # T9 savings
SPACES_MAX = MAX_SPACES - 4  # T1 usable spaces of an area (the final season adds at most 4 B spaces)
MARKET_ACTIONS_MAX = 3 + 2 + 1  # market_k + market_first_extra + the Busy trader's one more
FINAL_EXTRA_MAX = 4  # final_extra_cost
DARK_POINTS_MAX = 20  # dark_points
FIREWOOD_TILES_MIN = 2  # firewood_tiles_per_wood
FIREWOOD_PENALTY_MAX = 5  # firewood_penalty
# Fixed game data (data/tables.toml): the largest value of T10 (PP), of the T11 amounts and of T13.
PP_MAX = 12
BONUS_AMOUNT_MAX = 3
YELLOW_MAX = 3
# A seat's PP of one kind (OUTER or INNER): every castle slot filled (2 statues), each with the largest PP and a
# COVETED event's one more, every printed INNER_PP bonus and all the yellow tiles' PP.
PP_SEAT_MAX = (N_COLS * (C.N_OUTER - 1 + C.MAX_STATUES + C.N_TILE_LEVELS * C.N_INTERIOR) * (PP_MAX + 1)
               + N_COLS * C.N_BONUS_SLOTS * BONUS_AMOUNT_MAX + N_YELLOW * C.YF_SIZE * YELLOW_MAX)
# Firewood PP lost: at the three year ends, every wood missing for at most 15 building tiles.
FIRE_MAX = C.ROUNDS // C.N_SEASONS * -(-N_COLS * C.N_TILE_LEVELS // FIREWOOD_TILES_MIN) * FIREWOOD_PENALTY_MAX
REQ_MAX = C.N_ITEMS * N_LEVELS  # requirement entries per seat: (item, level)
REQW_MAX = C.pack_costs((ROW_MAX,) * C.N_COSTS)  # the largest packed costs (codes.pack_costs)
# T7 rows: craftsman, tier, cap, product, wood, lime, marble, glass, workers, exhausted
RF_CAP, RF_EXHAUSTED, RF_SIZE = 2, 9, 10


def _mask(bits: int) -> int:
    return (1 << bits) - 1


HEAD_FIELDS = (  # T8 head h's field f at P_HEADS + h * HF_SIZE + f (craftsman, tier: codes.HEAD_CRAFT, HEAD_TIER)
    Field("HF_YEAR", kind="param", low=1, high=3, meaning="year displayed"),
    Field("HF_N", kind="param", low=2, high=4, meaning="tiles used with this player count"),
    Field("HF_PRICE", 4, kind="param", high=20, meaning="their prices, cheapest first (0 past HF_N)"),
)

ORDER_FIELDS = (  # order k's field f at ORD + k * OF_SIZE + f
    Field("OF_SEAT", kind="seat", high=MAX_PLAYERS - 1),
    Field("OF_ITEM", kind="code", high=C.N_ITEMS - 1, meaning="codes.ORDER_ITEMS"),
    Field("OF_COL", high=N_COLS - 1, meaning="target column"),
    Field("OF_T", high=C.N_TARGETS - 1, meaning="target: outer slot or building tile"),
    Field("OF_LEVEL", high=N_LEVELS - 1, meaning="experience level"),
    Field("OF_RES", 4, high=ROW_MAX, meaning="wood, lime, marble, glass paid"),
    Field("OF_WORKERS", high=ROW_MAX + 1, meaning="workers on it (T7 less T9, an event's one more)"),
    Field("OF_EXHAUSTED", high=ROW_MAX, meaning="of those, going to the tavern"),
    Field("OF_EXTRA", high=FINAL_EXTRA_MAX, meaning="final-season surcharge paid"),
    Field("OF_DONE", kind="flag", high=1, meaning="resolved"),
)

SEAT_FIELDS = (
    Field("S_STOCK", C.N_STOCK, high=VALUE_MAX, meaning="gold, wood, lime, marble, glass"),
    Field("S_SUPPLY", high=C.WORKERS, meaning="workers in the supply"),
    Field("S_PLANTW", high=C.WORKERS, meaning="workers on plant slots"),
    Field("S_ORDW", high=C.WORKERS, meaning="workers on orders"),
    Field("S_TAVERN", high=C.WORKERS, meaning="workers in the tavern"),
    Field("S_CRAFT", C.N_CRAFTS, kind="code", high=C.N_TIER_CODES - 1, meaning="craftsman tiers (0 none)"),
    Field("S_EXP", high=SAVING_MAX, meaning="master-builder experience"),
    Field("S_INC", 4, high=C.INC_STEP_MAX, meaning="income steps: gold, wood, lime, marble"),
    Field("S_CASTLE", (N_COLS, SLOTS), high=C.MAX_STATUES, meaning="complete items by column and slot (statue "
          "slot: count)"),
    Field("S_PEND", (N_COLS, SLOTS), high=C.MAX_STATUES, meaning="pending orders, same shape"),
    Field("S_OUTER", high=PP_SEAT_MAX, meaning="OUTER PP"),
    Field("S_INNER", high=PP_SEAT_MAX, meaning="INNER PP"),
    Field("S_LIGHT", N_COLS, kind="code", high=C.N_LIGHT_CONDS - 1, meaning="light condition indices taken, in "
          "order"),
    Field("S_LIGHT_N", high=N_COLS),
    Field("S_YEL", N_YELLOW, kind="code", high=N_YELLOW - 1, meaning="yellow ids gained, in order"),
    Field("S_YEL_N", high=N_YELLOW),
    Field("S_FIRE", high=FIRE_MAX, meaning="firewood PP lost"),
    Field("S_DARK", high=N_COLS * DARK_POINTS_MAX, meaning="dark-blue points"),
    seat_vp(VALUE_MAX, low=-FIRE_MAX),
    seat_sources(N_SOURCES, VALUE_MAX, low=-max(PP_SEAT_MAX, FIRE_MAX)),
    seat_openings(len(C.OPENING_LABELS), C.N_OPENINGS),  # placements are public
    Field("S_NPLACED", high=C.N_OPENINGS, meaning="placements in round 1"),
    # the seat's caches, S_PCRAFT to the end of the block (engine.copy_caches copies them as one run)
    Field("S_PCRAFT", C.N_CRAFTS, high=C.INSTRUCTORS, meaning="unresolved orders per craftsman type (cache, see "
          "orders.refresh)"),
    Field("S_TARGETS", C.N_PRODUCTS, high=_mask(N_COLS * C.TARGET_BITS), meaning="per product, bit 5 * column + "
          "t: a legal target now (cache, see orders.refresh)"),
    Field("S_ITEMS", 2, high=_mask(C.N_ITEMS), meaning="order items with a legal target and a craftsman; of "
          "those, under its cap (cache)"),
    Field("S_METRIC", len(C.METRICS), high=max(N_COLS * C.N_TILE_LEVELS, N_NODES, N_COLS * C.MAX_STATUES),
          meaning="the bonus-condition metrics of T12, by codes.MT_* (cache, see base.update_metrics)"),
)

SCHEMA = Schema(
    # ---- rule parameters (flattened; bounds: the limits of params.py) ----
    Field("P_PLAYERS", kind="param", low=2, high=MAX_PLAYERS),
    Field("P_START_GOLD", kind="param", low=3, high=8),
    Field("P_LAND_COST", kind="param", low=2, high=5),
    Field("P_CHEAP_LAND_COST", kind="param", low=1, high=3),
    Field("P_LAND_SHARE_FEE", kind="param", high=2),
    Field("P_PLANT_FIRST_BONUS", kind="param", high=2),
    Field("P_MARKET_K", kind="param", low=1, high=3),
    Field("P_MARKET_FIRST_EXTRA", kind="param", high=2),
    Field("P_LABOUR_FIRST", kind="param", low=1, high=4),
    Field("P_LABOUR_LATER", kind="param", low=1, high=4),
    Field("P_BUYBACK_PRICE", kind="param", high=2),
    Field("P_BUYBACK_MAX", kind="param", high=3),
    Field("P_EXP_MAX", kind="param", low=3, high=SAVING_MAX),
    Field("P_UPGRADE_LOSS", kind="param", high=2),
    Field("P_MIN_ORDER_WORKERS", kind="param", high=2),
    Field("P_FINAL_EXTRA_COST", kind="param", high=FINAL_EXTRA_MAX),
    Field("P_EXTRA_B_SPACES", kind="param", high=MAX_SPACES - SPACES_MAX),
    Field("P_FINAL_EXTRA_MODE", kind="param", high=len(C.FINAL_EXTRA_MODES) - 1, meaning="0 SPACE, 1 CAP"),
    Field("P_FIREWOOD_TILES", kind="param", low=FIREWOOD_TILES_MIN, high=4),
    Field("P_FIREWOOD_PENALTY", kind="param", high=FIREWOOD_PENALTY_MAX),
    Field("P_DARK_POINTS", MAX_PLAYERS, kind="param", high=DARK_POINTS_MAX, meaning="by claim rank 1..4 (later "
          "ranks 0)"),
    Field("P_LB_PP", kind="param", high=5),
    Field("P_GOLD_PER_PP", kind="param", low=2, high=6),
    Field("P_RES_VALUES", 4, kind="param", high=6, meaning="marble, glass, wood, lime"),
    Field("P_DIFF_DIV", kind="param", high=4),
    Field("P_YELLOW_PER_PLAYER", kind="param", low=1, high=6),
    Field("P_START_BONUS_ALL", kind="param", high=1),
    Field("P_BUILD_REVERSED", kind="param", high=1),
    Field("P_SICK_POS", kind="param", high=len(C.SICK_POSITIONS) - 1, meaning="0 KEEP, 1 END, 2 FRONT"),
    Field("P_EVENTS_ON", kind="param", high=1),
    Field("P_FIRST_GAME", kind="param", high=1),
    Field("P_YEAR_END_ORDER", kind="param", high=len(C.YEAR_END_ORDERS) - 1, meaning="0 LITERAL, 1 FIREWOOD_FIRST"),
    Field("P_SPACES", C.N_AREAS, kind="param", low=1, high=SPACES_MAX, meaning="T1 usable spaces per area for this "
          "player count (B: normal seasons)"),
    Field("P_PLANT_SLOTS", C.N_PLANT_RES, kind="param", low=1, high=MAX_PLANT_SLOTS, meaning="T2 take-slots per "
          "plant resource (wood, lime, marble, gold)"),
    Field("P_PLANT_PLUS", C.N_PLANT_RES, kind="param", high=1, meaning="slot 1 gives the first-taker bonus"),
    Field("P_INC_GOLD_BASE", 5, kind="param", high=INCOME_MAX, meaning="T3 by step"),
    Field("P_INC_GOLD_PLANT", 5, kind="param", high=INCOME_MAX),
    Field("P_INC_WOOD_MAX", 5, kind="param", high=INCOME_MAX),
    Field("P_INC_LIME_MAX", 5, kind="param", high=INCOME_MAX),
    Field("P_INC_MARBLE_MAX", 3, kind="param", high=MARBLE_INCOME_MAX),
    Field("P_INC_SAVING", 5, kind="param", high=INCOME_MAX),
    Field("P_ADJ", N_NODES, kind="param", high=_mask(C.CA + 1), meaning="per node i: bit j set when i is adjacent "
          "to node j (bit 12: CA)"),
    Field("P_LINK", N_NODES, kind="param", low=-1, high=C.N_LINKS - 1, meaning="link index of an outer field, -1 "
          "otherwise"),
    Field("P_LINK_NODE", C.N_LINKS, kind="param", high=N_NODES - 1, meaning="the outer field of each link"),
    Field("P_NROWS", kind="param", low=1, high=MAX_ROWS),
    Field("P_ROW_OF", (C.N_CRAFTS, C.N_TIER_CODES, C.N_PRODUCTS), kind="param", low=-1, high=MAX_ROWS - 1,
          meaning="T7 row of (craftsman, tier, product), -1 none"),
    Field("P_COST", (MAX_ROWS, N_LEVELS, C.N_COSTS), kind="param", low=-SAVING_MAX, high=ROW_MAX,
          meaning="per row and level: C.COST_FIELDS (T7 - T9, before events)"),
    Field("P_REQW", (MAX_ROWS, N_LEVELS), kind="param", high=REQW_MAX, meaning="per row and level: P_COST's five "
          "costs packed (codes.pack_costs)"),
    Field("P_LEVEL_SCAN", N_LEVELS, kind="param", high=_mask(N_LEVELS), meaning="per experience: levels <= it "
          "whose T9 saving no other such level dominates (bit mask)"),
    Field("P_ROWS", (MAX_ROWS, RF_SIZE), kind="param", high=ROW_MAX, meaning="T7 rows (RF_SIZE fields each: "
          "craftsman, tier, cap, product codes and the row's numbers)"),
    Block("P_HEADS", N_HEADS, "HF_SIZE", HEAD_FIELDS),
    Field("P_EXP", (N_LEVELS, 4), kind="param", high=SAVING_MAX, meaning="T9 per level: workers, wood, lime, glass "
          "saved"),
    Field("P_PP", (C.N_PRODUCTS, C.N_PP_FIELDS), kind="param", high=PP_MAX, meaning="T10 per product: PP, PP on a "
          "tower tile"),
    Field("P_CASTLE", (N_COLS, C.N_BONUS_SLOTS, C.N_BONUS_FIELDS), kind="param",
          high=max(len(C.BONUS_KINDS) - 1, BONUS_AMOUNT_MAX), meaning="T11 per column and slot BASE .. FACADE: "
          "kind, amount"),
    Field("P_COND", (C.N_LIGHT_CONDS + C.N_DARK_CONDS, C.N_COND_FIELDS), kind="param", high=len(C.METRICS) - 1,
          meaning="T12 per condition: metric, threshold (at most 8)"),
    Field("P_COND_FIRST", C.N_LIGHT_CONDS, kind="param", high=1, meaning="light conditions of the first-game set"),
    Field("P_YELLOW", (N_YELLOW, C.YF_SIZE), kind="param", high=YELLOW_MAX, meaning="T13"),
    Field("P_CARDS", (N_CARDS, C.CARD_FIELDS), kind="param", high=len(C.EVENTS) - 1,
          meaning="T14 per card: symbol, spring, summer, autumn, winter event"),
    Mark("PARAMS_SIZE"),
    # ---- header: the kit's (brux.core.schema.header), season 1..12, pending -1 when none / over ----
    *header(MAX_PLAYERS, len(C.DECISIONS), C.ROUNDS, after={
        "G_ROUND": (Field("G_PHASE", kind="code", high=C.PH_OVER, meaning="codes.PH_*"),),
        "G_AUTO": (Field("G_STAGE", kind="code", high=N_STAGES - 1, meaning="flow machine stage (flow.ST_*)"),
                   Field("G_IDX", high=max(MAX_PLAYERS, MAX_ORDERS), meaning="loop index of the stage: a seat or "
                         "an order"),
                   Field("G_ACTIVE", kind="code", low=C.EV_NONE, high=len(C.EVENTS) - 1,
                         meaning="active event code, -1 none"))}),
    # ---- decision context ----
    Field("C_AREA", kind="code", high=C.N_AREAS - 1),
    Field("C_SPACE", high=MAX_SPACES - 1, meaning="0-based space of the acting instructor"),
    Field("C_LEFT", high=MARKET_ACTIONS_MAX, meaning="market actions left"),
    Field("C_USED", len(C.MARKET_TYPES), kind="code", high=len(C.MARKET_TYPES) - 1,
          meaning="market types done this visit, in order"),
    Field("C_NUSED", high=MARKET_ACTIONS_MAX),
    Field("C_HELD", high=_mask(N_MC), meaning="market tiles of the seat at the market (base.mc_mask, taken once "
          "per visit)"),
    Field("C_FIELD", high=N_NODES - 1, meaning="outer field node just entered (MC_TILE)"),
    Field("C_ITEM", kind="code", low=-1, high=C.N_ITEMS - 1, meaning="order item chosen (ORDER_ITEM), -1 none"),
    Field("C_TARGET", kind="code", low=-1, high=N_COLS * C.N_TARGETS - 1, meaning="target code column * 5 + t, "
          "-1 none"),
    Field("C_EXTRA", high=FINAL_EXTRA_MAX, meaning="surcharge of an order from this space"),
    Field("C_BSPACE", high=MAX_ORDERS - 1, meaning="B space being resolved (0-based)"),
    Field("C_YCOL", high=N_COLS - 1, meaning="bonus column being claimed (0-based)"),
    Field("C_YAFTER", kind="code", high=2, meaning="0 land, 1 resolve, 2 sweep"),
    Field("C_CHK_SEAT", kind="seat", high=MAX_PLAYERS - 1, meaning="CHECK in progress: seat, next light column, "
          "stage to return to"),
    Field("C_CHK_COL", high=N_COLS),
    Field("C_CHK_RET", kind="code", high=N_STAGES - 1),
    Field("C_BOUGHT", high=3, meaning="workers bought back by the seat deciding BUYBACK (at most buyback_max)"),
    Field("C_OPEN", low=-1, high=C.N_OPENINGS - 1, meaning="opening slot the chain's first choice refines, -1 "
          "none"),
    # ---- order and track ----
    Field("ORDER", MAX_ORDER, kind="seat", high=MAX_PLAYERS - 1),
    Field("SICK", MAX_ORDER, kind="flag", high=1, meaning="1 at a sick ORDER position"),
    Field("N_SICK", high=MAX_PLAYERS),
    Field("TURN", high=MAX_ORDER, meaning="instructors placed this season"),
    Field("NEXT_SET", kind="flag", high=1),
    Field("NEXT_ORDER", MAX_ORDER, kind="seat", high=MAX_PLAYERS - 1),
    Field("PRIO", MAX_PLAYERS, kind="seat", high=MAX_PLAYERS - 1, meaning="priority order (section 4.3) of ORDER "
          "(cache, see base.set_priority)"),
    Field("NEXT_PRIO", MAX_PLAYERS, kind="seat", high=MAX_PLAYERS - 1, meaning="the same for NEXT_ORDER"),
    Field("TRACK", (C.N_AREAS, MAX_SPACES), kind="seat", low=-1, high=MAX_PLAYERS - 1,
          meaning="seat on area a's space i at TRACK + a * MAX_SPACES + i, -1 free"),
    Field("TRACK_N", C.N_AREAS, high=MAX_SPACES, meaning="occupied spaces of area a (cache: a track fills from its "
          "first space, see base.free_space)"),
    # ---- plant: per resource and slot (seat, amount, workers) ----
    Field("PLANT", (C.N_PLANT_RES, MAX_PLANT_SLOTS, C.PLANT_FIELDS), low=-1, high=max(INCOME_MAX, *C.PLANT_N_MAX),
          meaning="seat (-1 free), amount taken, workers"),
    Field("PLANT_N", C.N_PLANT_RES, high=MAX_PLANT_SLOTS),
    Field("LABOUR_USED", C.N_LABOUR, kind="flag", high=1),
    # ---- heads ----
    Field("HEAD_TAKEN", N_HEADS, high=4, meaning="tiles taken (at most HF_N)"),
    Field("HEAD_SHOWN", N_HEADS, kind="flag", high=1),
    # ---- land ----
    Field("TILE", N_NODES, kind="code", high=C.T_MARBLE, meaning="codes.T_*"),
    Field("DISCS", N_NODES, high=_mask(MAX_PLAYERS), meaning="bit p: seat p has a disc"),
    Field("LINK", C.N_LINKS, kind="code", low=-1, high=N_MC - 1, meaning="MC index on link, -1 empty"),
    Field("MC", N_MC, kind="code", high=C.MC_REMOVED, meaning="codes.MC_*"),
    # ---- bonus board ----
    Field("LB", N_COLS, kind="code", high=C.N_LIGHT_CONDS - 1, meaning="condition index 0..9"),
    Field("DB", N_COLS, kind="card", low=C.N_LIGHT_CONDS, high=C.N_LIGHT_CONDS + C.N_DARK_CONDS - 1, vis="nobody",
          meaning="condition index 10..19, face down until DREV (the observation shows the revealed ones)"),
    Field("LMARK", (N_COLS, MAX_PLAYERS), kind="seat", high=MAX_PLAYERS - 1, meaning="light marks per column"),
    Field("LMARK_N", N_COLS, high=MAX_PLAYERS),
    Field("LTAKEN", N_COLS, kind="seat", low=-1, high=MAX_PLAYERS - 1, meaning="seat, -1"),
    Field("DREV", N_COLS, kind="flag", high=1),
    Field("DCLAIM", (N_COLS, MAX_PLAYERS), kind="seat", high=MAX_PLAYERS - 1, meaning="dark claims per column"),
    Field("DCLAIM_N", N_COLS, high=MAX_PLAYERS),
    Field("YEL", N_YELLOW, kind="code", low=-1, high=1, meaning="-1 not in the game, 0 available, 1 taken"),
    # ---- events ----
    Field("EV_SS", C.STACK_CARDS, kind="card", high=N_CARDS - 1, vis="nobody",
          meaning="cards top first; EV_SS_POS cards already revealed (the observation shows those)"),
    Field("EV_SS_N", high=C.STACK_CARDS, meaning="cards in the stack at setup"),
    Field("EV_SS_POS", high=C.STACK_CARDS),
    Field("EV_AW", C.STACK_CARDS, kind="card", high=N_CARDS - 1, vis="nobody", meaning="the same for AW"),
    Field("EV_AW_N", high=C.STACK_CARDS),
    Field("EV_AW_POS", high=C.STACK_CARDS),
    Field("EV_OUT", C.N_OUT_CARDS, kind="card", high=N_CARDS - 1, vis="nobody", meaning="cards out of the game"),
    Field("EV_CARD", kind="card", low=-1, high=N_CARDS - 1, meaning="face-up card, -1"),
    Field("EV_STACK", kind="code", low=-1, high=C.N_STACKS - 1, meaning="0 SS, 1 AW, -1"),
    Field("EV_USED", N_CARDS, kind="card", high=N_CARDS - 1),
    Field("EV_USED_N", high=C.N_STACKS * C.STACK_CARDS - 1, meaning="cards used (the face-up one is not)"),
    # ---- orders of the season, in placement order (= B space order) ----
    Field("ORD_N", high=MAX_ORDERS),
    Block("ORD", MAX_ORDERS, "OF_SIZE", ORDER_FIELDS),
    # ---- seats ----
    Block("SEATS", MAX_PLAYERS, "SEAT_SIZE", SEAT_FIELDS),
    # ---- order requirements per seat (cache, see orders.order_requirements) ----
    Field("REQ_N", (MAX_PLAYERS, C.N_REQ_COUNTS), high=REQ_MAX, meaning="per seat: its entries for outer items, "
          "for inner items"),
    Field("REQ", (MAX_PLAYERS, REQ_MAX), high=((C.N_ITEMS - 1) << C.ITEM_SHIFT) | REQW_MAX,
          meaning="per seat: item << ITEM_SHIFT | P_REQW word; the outer items' entries, then the inner ones'"),
    # ---- bonus-board marks per seat (cache, see orders.bonus_marks) ----
    Field("LMARKED", MAX_PLAYERS, high=_mask(N_COLS), meaning="per seat: bit c set when it has a light mark on "
          "column c"),
    Field("DCLAIMED", MAX_PLAYERS, high=_mask(N_COLS), meaning="per seat: bit c set when it has claimed column c's "
          "dark tile"),
    # ---- legal-action cache ----
    *legal_cache(LEGAL_CAP, C.N_ACTIONS),
    Mark("STATE_SIZE"),
)
globals().update(SCHEMA.offsets)

# ---- observation of a seat (hooks.observe): float32, what every seat sees ----
# Not in it: the face-down event cards and dark tiles and the chance stream (hidden: an unrevealed one reads -1),
# the rule parameters and tables (fixed for a game; `game.flat`) and the legal-action cache (the mask gives it).
# Seat fields observed as 0/1 (wide bit masks)
OBS_SEAT_FLAGS = tuple(range(SCHEMA["S_TARGETS"], SCHEMA["S_TARGETS"] + C.N_PRODUCTS))


def _seats_piece() -> Piece:
    """The seat blocks, S_TARGETS observed as 0/1 (hooks.observe)."""
    p = SCHEMA.piece("seats", "seat q's block (S_* fields, SEAT_SIZE each) at q * SEAT_SIZE; S_TARGETS as 0/1: the "
                     "product has a legal target", "SEATS")
    high = list(p.high)
    for q in range(MAX_PLAYERS):
        for f in OBS_SEAT_FLAGS:
            high[q * SCHEMA["SEAT_SIZE"] + f] = 1.0
    return replace(p, high=tuple(high))


OBS = ObsLayout(
    Piece("seat", MAX_PLAYERS, "one-hot: the observing seat", low=0, high=1),
    SCHEMA.piece("players", "players (P_PLAYERS)", "P_PLAYERS"),
    SCHEMA.piece("header", "G_ROUND .. G_ACTIVE: season, phase, seat deciding, pending decision (codes.D_*), over, "
                 "decisions, automatic decisions, flow stage and index, active event", "G_ROUND", "G_ACTIVE"),
    SCHEMA.piece("context", "C_AREA .. C_OPEN: the decision context", "C_AREA", "C_OPEN"),
    SCHEMA.piece("board", "ORDER .. MC: turn order, sick marks, next order, priorities, action tracks, plant "
                 "slots, labour, heads, land tiles, discs, links and markets", "ORDER", "MC"),
    SCHEMA.piece("light_bonus", "light condition of each bonus column (LB)", "LB"),
    Piece("dark_bonus", N_COLS, "dark condition of each bonus column (DB) once revealed, else -1", low=-1,
          high=C.N_LIGHT_CONDS + C.N_DARK_CONDS - 1),
    SCHEMA.piece("bonus_marks", "LMARK .. YEL: light marks, light taken, dark revealed, dark claims, yellow tiles",
                 "LMARK", "YEL"),
    Piece("events_ss", C.STACK_CARDS, "event stack SS, top first: the revealed cards (EV_SS_POS of them), -1 for "
          "the others", low=-1, high=N_CARDS - 1),
    SCHEMA.piece("events_ss_n", "EV_SS_N, EV_SS_POS", "EV_SS_N", "EV_SS_POS"),
    Piece("events_aw", C.STACK_CARDS, "event stack AW, top first: the revealed cards (EV_AW_POS of them), -1 for "
          "the others", low=-1, high=N_CARDS - 1),
    SCHEMA.piece("events_aw_n", "EV_AW_N, EV_AW_POS", "EV_AW_N", "EV_AW_POS"),
    SCHEMA.piece("events", "EV_CARD, EV_STACK, EV_USED, EV_USED_N: the face-up event and those used", "EV_CARD",
                 "EV_USED_N"),
    SCHEMA.piece("orders", "ORD_N, then the season's orders (OF_* fields, OF_SIZE each)", "ORD_N", "ORD"),
    _seats_piece(),
)
OBS_SEAT = OBS.offset["seat"]
OBS_DARK = OBS.offset["dark_bonus"]
OBS_SS = OBS.offset["events_ss"]
OBS_AW = OBS.offset["events_aw"]
OBS_SEATS = OBS.offset["seats"]
OBS_COPIES = OBS.copies
