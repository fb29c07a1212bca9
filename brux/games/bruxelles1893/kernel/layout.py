"""Layout of the Bruxelles 1893 state: one flat int64 array, declared field by field (`brux.core.schema`).

In order: the flattened rule parameters and component tables (copied in at creation), the header and chance
stream, the decision context, the continuation stack of the flow machine, the boards, the decks and stacks, one
block per seat, scratch and the cached legal actions of the pending decision. Every field's name is a module-level
offset (`SCHEMA.offsets`). The bounds hold for every valid parameter set (the limits of params.py); the game is
open but for the chance stream and the orders of the decks and stacks. Codes: codes.py.
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
BR_CAP = 48  # assistants on one Brussels action (5 seats x 9 assistants at most)
STACK_CAP = 24  # continuation entries
PILE_CAP = 30
MAX_ROUND = 6  # num_rounds <= 5; the round counter passes it once at the end
ROUNDS_MAX = 5  # num_rounds <= 5 (params.py)
ASSISTANTS_MAX = 9  # a seat's assistants: start_supply_assistants <= 6 plus start_courthouse <= 3
# Bound of a seat's money and VP (and of the few state values that grow with them): a game at the parameter
# limits has fewer than 20,000 decisions (length.py), none of which moves money or VP by 50,000 or more.
VALUE_MAX = 10**9
# Lowest VP (and VP of a source): every figure held unpaid at the end, pf_unpaid_vp <= 10 each; no other source
# takes VP away.
VP_MIN = -C.N_FIGURES * 10

SEAT_FIELDS = (
    Field("S_MONEY", high=VALUE_MAX, meaning="BF"),
    seat_vp(VALUE_MAX, VP_MIN),
    Field("S_PASSED", kind="flag", high=1, meaning="passed this round"),
    Field("S_SUPPLY", high=ASSISTANTS_MAX, meaning="assistants in the supply"),
    Field("S_COURT", high=ASSISTANTS_MAX, meaning="assistants in the Courthouse"),
    Field("S_TRACK", C.N_TRACKS, high=C.TRACK_TOP, meaning="track positions 1..7 (0 in a seat not in the game)"),
    Field("S_FIG", C.N_FIGURES, kind="code", high=C.FIG_TAPPED, meaning="0 not held, 1 upright, 2 tapped"),
    Field("S_WORKS", C.N_COLOURS, high=max(C.WORKS_PER_COLOUR, C.N_BLACK), meaning="works of art by colour"),
    Field("S_MAT", len(C.MATERIALS), high=max(C.NOBLE_START, C.JOKER_START), meaning="wood, stone, iron, jokers"),
    Field("S_TILES", C.N_TILE_ROWS, high=C.TILES_PER_ROW, meaning="unbuilt tiles per row"),
    Field("S_EXH", high=ROUNDS_MAX, meaning="exhibition tiles (one a round at most)"),
    Field("S_ROWS", (C.PERSONAL_ROWS, C.ROW_CAP), kind="card", high=C.N_BONUS - 1,
          meaning="4 rows x 5 tucked bonus cards"),
    Field("S_ROWN", C.PERSONAL_ROWS, high=C.ROW_CAP, meaning="cards tucked under each row"),
    Field("S_TUCKED", C.PERSONAL_ROWS, kind="flag", high=1, meaning="a card tucked under the row this round"),
    Field("S_BW", C.BOARD_COLS, kind="card", low=-1, high=C.N_BONUS - 1, meaning="bonus cards won this round"),
    Field("S_BWN", high=C.BOARD_COLS, meaning="bonus cards won this round (one per column at most)"),
    seat_sources(C.N_SOURCES, VALUE_MAX, VP_MIN),
    # a seat's openings are turns every seat saw
    seat_openings(len(C.OPENING_LABELS), C.N_OPENINGS),
    Field("S_NTURN", high=C.N_OPENINGS, meaning="turns taken in round 1 (counted up to the openings)"),
    Field("S_PAID", high=(1 << C.N_FIGURES) - 1, meaning="figures paid at the end (bit mask)"),
    Field("S_MPC", high=C.BOARD_COLS * 5, meaning="MP icons of cards taken this round (one per column, mp <= 5)"),
)

SCHEMA = Schema(
    # ---- rule parameters (params.py flattens them; bounds: its limits) ----
    Field("P_PLAYERS", kind="param", low=2, high=MAX_PLAYERS),
    Field("P_ROUNDS", kind="param", low=3, high=ROUNDS_MAX),
    Field("P_MONEY_BASE", kind="param", low=3, high=8),
    Field("P_MONEY_STEP", kind="param", high=2),
    Field("P_START_SUPPLY", kind="param", low=4, high=6),
    Field("P_START_COURT", kind="param", high=3),
    Field("P_TOTAL", kind="param", low=4, high=ASSISTANTS_MAX, meaning="TOTAL_ASSISTANTS"),
    Field("P_MIN_BID", kind="param", low=1, high=3),
    Field("P_BID_CAP", kind="param", low=10, high=C.MAX_BID),
    Field("P_BUILD_COST", C.N_TILE_ROWS, kind="param", low=2, high=C.MAX_COST),
    Field("P_MONEY_UNIT", kind="param", low=1, high=4),
    Field("P_NO_JOKER_VP", kind="param", high=8),
    Field("P_TOP_ROW_VP", kind="param", high=10),
    Field("P_TOP_ROW_BOARD", kind="param", high=1, meaning="1: top-row VP for a tile placed on board row 1"),
    Field("P_MARKET_JOKERS", kind="param", low=1, high=5),
    Field("P_K", kind="param", low=1, high=3, meaning="Brussels uses per cost level for this player count"),
    Field("P_EXH_MP", kind="param", high=4),
    Field("P_FIRST_PASS_BF", kind="param", high=3),
    Field("P_EXH_DRAW", kind="param", high=2),
    Field("P_SLOT_COST", C.TH_SLOTS, kind="param", high=4),
    Field("P_UNPAID_VP", kind="param", high=10),
    Field("P_ROW1_DIV", kind="param", low=2, high=6),
    Field("P_ROW4_FREE", kind="param", high=4),
    Field("P_NOBLE_VP", kind="param", high=2),
    Field("P_MP_VP", kind="param", high=10),
    Field("P_RPV", C.TRACK_TOP, kind="param", high=8),
    Field("P_CHV", C.TRACK_TOP, kind="param", high=20),
    Field("P_ARV", C.TRACK_TOP, kind="param", high=20),
    Field("P_SECONDARY", kind="param", high=1),
    Field("P_STRIP_SIDE", kind="param", high=C.SIDE_RANDOM, meaning="0 A, 1 B, 2 random per strip"),
    Field("P_NEUTRAL", kind="param", high=1, meaning="neutral pawns in this game (2 players and NEUTRAL_2P)"),
    Field("P_NEUTRAL_TIE", kind="param", high=1, meaning="0 players, 1 nobody"),
    # component tables
    Field("P_STRIPS", (C.BOARD_ROWS, C.STRIP_SIDES, C.BOARD_COLS), kind="param", high=C.N_TYPES - 1,
          meaning="strip k, side d, column c: action type"),
    Field("P_PF_COST", C.N_FIGURES, kind="param", high=10),
    Field("P_PF_DECK", C.N_FIGURES, kind="param", high=3, meaning="copies in the theatre deck"),
    Field("P_BON", (C.N_BONUS, C.BONUS_FIELDS), kind="param", low=-1, high=5,
          meaning="power 1, power 2 (-1 none), times (1/2), VP, MP (each 0..5)"),
    Field("P_SE_BF", C.N_SE, kind="param", high=20),
    Field("P_SE_SHIELD", (C.N_SE, C.SHIELD_OPTIONS), kind="param", high=C.N_SHIELDS - 1,
          meaning="the two shields (0..15) of this player count's line"),
    Field("P_WMONEY", (C.WORKSHOP, C.WORKSHOP), kind="param", high=20, meaning="workshop grid (r-1)*7 + (c-1)"),
    Field("P_WVP", C.WORKSHOP, kind="param", high=10),
    Field("P_DOT", (C.N_COLOURS, C.DOT_FIELDS), kind="param", low=-1, high=1, meaning="colour: dr, dc"),
    Mark("PARAMS_SIZE"),
    # ---- header: the kit's; pending D_NONE while the machine runs ----
    *header(MAX_PLAYERS, len(C.DECISIONS), MAX_ROUND, after={
        "G_OVER": (Field("G_PHASE", kind="code", high=C.PH_OVER, meaning="codes.PH_*"),
                   Field("G_FIRST", kind="seat", high=MAX_PLAYERS - 1, meaning="first player (Manneken Pis)")),
        "G_AUTO": (Field("G_EXH_BY", kind="seat", low=-1, high=MAX_PLAYERS - 1,
                         meaning="seat that took this round's exhibition tile, -1"),)}),
    # ---- decision context ----
    Field("C_TURN", kind="seat", high=MAX_PLAYERS - 1, meaning="seat whose turn it is (Action phase)"),
    Field("C_ACTOR", kind="seat", high=MAX_PLAYERS - 1),
    Field("C_SPACE", kind="code", low=-1, high=C.N_SPACES - 1, meaning="space 0..24 of the action, -1 for Park"),
    Field("C_EFFECT", kind="code", high=C.N_TYPES - 1, meaning="action type of PERFORM"),
    Field("C_TILE", kind="code", high=C.N_TILE_ROWS - 1, meaning="building row 0..2"),
    Field("C_J", high=C.PAY_BASE - 1, meaning="jokers of the payment"),
    Field("C_M", high=C.PAY_BASE - 1, meaning="money units of the payment"),
    Field("C_GP_LEFT", high=8, meaning="Grand Plaza activations left (rpv <= 8)"),
    Field("C_SRC", kind="code", high=C.GAIN_SECONDARY, meaning="GAIN_MATERIAL source: 0 PF5, 1 secondary"),
    Field("C_CARD", kind="card", high=C.N_BONUS - 1, meaning="bonus card of POWER / BONUS_USE"),
    Field("C_REASON", kind="code", high=C.N_POWER_REASONS - 1, meaning="POWER: 0 tie, 1 use"),
    Field("C_ORDER", high=MAX_PLAYERS - 1, meaning="position in turn order of a resolution / final loop"),
    Field("C_PRE_SALE", high=C.N_COLOURED + C.N_BLACK, meaning="works held before the sale (CURSOR steps)"),
    Field("IP_WORKS", C.N_COLOURS, high=max(C.WORKS_PER_COLOUR, C.N_BLACK), meaning="works in play by colour"),
    Field("IP_FIG", kind="card", low=-1, high=C.N_FIGURES - 1, meaning="figure in play, -1"),
    # ---- continuation stack: entries (code, a, b); a and b are seats, spaces, columns, cards, loop positions or
    # 2 x seat + reason ----
    Field("STACK", (STACK_CAP, C.K_FIELDS), kind="code", high=max(C.K_FINAL_END, C.N_SPACES - 1, C.N_BONUS - 1)),
    Field("STACK_N", high=STACK_CAP),
    # ---- Stock Exchange and area ----
    Field("SE_CARD", kind="card", high=C.N_SE - 1),
    Field("SE_DECK", C.N_SE, kind="card", high=C.N_SE - 1, vis="nobody", run=Run(first="G_ROUND", end=C.N_SE),
          meaning="shuffled order; card of round r is SE_DECK[r-1]"),
    Field("AREA_SHIELD", kind="code", low=-1, high=C.N_SHIELDS - 1, meaning="0..15 or -1"),
    Field("AREA", 4, high=C.BOARD_ROWS - 1, meaning="row0, row1, col0, col1 (0-based, inclusive)"),
    # ---- Art Nouveau board ----
    Field("STRIP", C.BOARD_ROWS, kind="code", high=C.BOARD_ROWS - 1),
    Field("SIDE", C.BOARD_ROWS, kind="code", high=C.STRIP_SIDES - 1),
    Field("SP_TYPE", C.N_SPACES, kind="code", high=C.N_TYPES - 1),
    Field("SP_OCC", C.N_SPACES, kind="code", low=C.EMPTY, high=C.NEUTRAL + 1,
          meaning="-1, seat, or NEUTRAL + placing seat (neutral pawns only with 2 players)"),
    Field("SP_BID", C.N_SPACES, high=C.MAX_BID),
    Field("SP_BOWN", C.N_SPACES, kind="seat", low=-1, high=MAX_PLAYERS - 1, meaning="building owner or -1"),
    Field("SP_BTILE", C.N_SPACES, kind="code", high=C.N_TILE_ROWS - 1, meaning="building row"),
    # ---- bonus cards ----
    Field("BON_STRIP", C.BOARD_COLS, kind="card", low=-1, high=C.N_BONUS - 1),
    Field("BON_DECK", C.N_BONUS, kind="card", high=C.N_BONUS - 1, vis="nobody", run=Run(first="BON_POS", end=C.N_BONUS),
          meaning="shuffled; next card at BON_POS"),
    Field("BON_POS", high=C.N_BONUS),
    Field("BON_DISC", high=C.N_BONUS),
    # ---- Royal Theatre (cards are figure codes) ----
    Field("TH_DISP", C.TH_SLOTS, kind="card", low=-1, high=C.N_FIGURES - 1),
    Field("TH_DECK", C.N_THEATRE, kind="card", high=C.N_FIGURES - 1, vis="nobody", run=Run(end="TH_DN"),
          meaning="top = last"),
    Field("TH_DN", high=C.N_THEATRE),
    Field("TH_DISC", C.N_THEATRE, kind="card", high=C.N_FIGURES - 1),
    Field("TH_DISCN", high=C.N_THEATRE),
    # ---- works of art ----
    Field("CST", C.N_COLOURED, kind="card", high=C.N_COLOURED_KINDS - 1, vis="nobody", run=Run(end="CST_N"),
          meaning="coloured stack, top = last"),
    Field("CST_N", high=C.N_COLOURED),
    Field("KST", C.N_BLACK, kind="card", high=C.BLACK, vis="nobody",
          meaning="black stack (all BLACK; a position built from a view leaves the entries past KST_N 0)"),
    Field("KST_N", high=C.N_BLACK),
    Field("PILE", (C.N_PILES, PILE_CAP), kind="card", high=C.N_COLOURS - 1, meaning="pile k bottom -> top"),
    Field("PILE_N", C.N_PILES, high=PILE_CAP),
    Field("CURSOR", 2, low=C.CURSOR_MIN, high=C.CURSOR_MAX),
    # ---- compass, supply, Brussels ----
    Field("COMP", C.COMPASS_TILES, kind="code", high=C.COMPASS_TILES - 1),
    Field("NEEDLE", C.N_NEEDLES, high=C.COMPASS_TILES - 1),
    Field("SUP", len(C.MATERIALS), high=max(C.NOBLE_START, C.JOKER_START)),
    Field("BR_USES", C.N_BRUSSELS, high=BR_CAP),
    Field("BR_N", C.N_BRUSSELS, high=BR_CAP),
    Field("BR_LIST", (C.N_BRUSSELS, BR_CAP), kind="seat", high=MAX_PLAYERS - 1),
    # ---- seats ----
    Block("SEATS", MAX_PLAYERS, "SEAT_SIZE", SEAT_FIELDS, size=80),
    # ---- scratch (per-seat counts: a seat's bids in a column at most) ----
    Field("SCR", 8, kind="scratch", high=C.BOARD_ROWS * C.MAX_BID, vis="nobody"),
    # ---- legal-action cache ----
    *legal_cache(C.LEGAL_CAP, C.N_ACTIONS),
    Mark("STATE_SIZE"),
)
globals().update(SCHEMA.offsets)

# ---- observation of a seat (hooks.observe): float32, what every seat sees ----
# Not in it: the order of the coloured stack, the theatre deck, the undealt bonus and Stock Exchange cards and the
# chance stream (hidden); the rule parameters (fixed for a game; `game.flat`); the continuation stack, scratch and
# legal-action cache (the pending decision, its context and the mask give what they hold).
OBS = ObsLayout(
    Piece("seat", MAX_PLAYERS, "one-hot: the observing seat", low=0, high=1),
    SCHEMA.piece("players_rounds", "players, rounds (P_PLAYERS, P_ROUNDS)", "P_PLAYERS", "P_ROUNDS"),
    SCHEMA.piece("header", "G_ROUND .. G_EXH_BY: round, seat deciding, pending decision (codes.D_*), over, phase, "
                 "first player, decisions, automatic decisions, exhibition taker", "G_ROUND", "G_EXH_BY"),
    SCHEMA.piece("context", "C_TURN .. IP_FIG: the decision context, works and figure in play", "C_TURN", "IP_FIG"),
    SCHEMA.piece("stock_exchange", "this round's Stock Exchange card (SE_CARD)", "SE_CARD"),
    SCHEMA.piece("area", "AREA_SHIELD, then the area's row0, row1, col0, col1", "AREA_SHIELD", "AREA"),
    SCHEMA.piece("board", "STRIP, SIDE (5 each), then SP_TYPE, SP_OCC, SP_BID, SP_BOWN, SP_BTILE (25 spaces each)",
                 "STRIP", "SP_BTILE"),
    SCHEMA.piece("bonus_strip", "bonus card on each strip (BON_STRIP)", "BON_STRIP"),
    SCHEMA.piece("bonus_deck", "bonus cards dealt (BON_POS), bonus discard (BON_DISC)", "BON_POS", "BON_DISC"),
    SCHEMA.piece("theatre_display", "Royal Theatre display (figure codes)", "TH_DISP"),
    SCHEMA.piece("theatre_deck", "cards in the theatre deck (TH_DN)", "TH_DN"),
    SCHEMA.piece("theatre_discard", "theatre discard pile (TH_DISC), then its size (TH_DISCN)", "TH_DISC",
                 "TH_DISCN"),
    SCHEMA.piece("stacks", "cards in the coloured stack (CST_N)", "CST_N"),
    SCHEMA.piece("black_stack", "cards in the black stack (KST_N)", "KST_N"),
    SCHEMA.piece("piles", "PILE (2 x PILE_CAP, bottom to top), PILE_N, CURSOR", "PILE", "CURSOR"),
    SCHEMA.piece("compass", "COMP, NEEDLE, SUP, BR_USES, BR_N: compass, supply, Brussels uses and assistants",
                 "COMP", "BR_N"),
    Piece("brussels", C.N_BRUSSELS * MAX_PLAYERS, "assistants of seat q on Brussels action b at b * MAX_PLAYERS + q",
          low=0, high=BR_CAP),
    SCHEMA.piece("seats", "seat q's block (S_* fields, SEAT_SIZE each) at q * SEAT_SIZE", "SEATS"),
)
OBS_SEAT = OBS.offset["seat"]
OBS_BRUSSELS = OBS.offset["brussels"]
OBS_COPIES = OBS.copies
