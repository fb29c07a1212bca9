"""Layout of the Bruxelles 1897 state: one flat int64 array, declared field by field (`brux.core.schema`).

Every field's name is a module-level offset into the array (`SCHEMA.offsets`). The array holds, in order: the
flattened rule parameters (copied in at creation so a kernel needs nothing else), the game header and RNG, the turn
context (what the pending decision belongs to), the Art Nouveau area, the bonus cards, the Brussels lists, the decks
and discard piles, one block per seat, and the cached list of legal actions of the pending decision. Each field's
bounds hold for every valid parameter set (params.py limits); an absent seat's block stays 0. Codes used in the
fields are listed in `codes.py`.
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


# Bounds of counts of architects: BRU_CAP // MAX_PLAYERS is the most a colour has (params.py); the m-th use of a
# Brussels card takes m architects from one hand, so a card's uses stay below it too.
SEAT_FIELDS = (
    Field("S_MONEY", high=VALUE_MAX, meaning="BEF (never below 0: faces and upkeep are paid only when affordable)"),
    seat_vp(VALUE_MAX, low=-(C.NOBLE_TYPES - C.FIRST_DECK_NOBLE) * 100),
    Field("S_PASSED", kind="flag", high=1, meaning="passed this round"),
    Field("S_TRACK", C.N_TRACKS, high=20, meaning="architecture, noble, prestige: 1 .. track_max (<= 20) for a seat "
          "in the game, 0 in an absent seat's block"),
    Field("S_HAND", C.N_ARCH_TYPES, high=BRU_CAP // MAX_PLAYERS, meaning="architects in hand by type"),
    Field("S_PRISON", C.N_ARCH_TYPES, high=BRU_CAP // MAX_PLAYERS, meaning="architects in prison by type"),
    Field("S_ART", C.N_COLOURS, high=9, meaning="artworks by colour (artworks_per_colour <= 9)"),
    Field("S_MAT", C.N_PAIRS, high=6, meaning="material cards by pair (materials_per_pair <= 6)"),
    Field("S_HOUSE", C.N_HOUSE_TYPES, high=10, meaning="houses by type (houses_per_type <= 10)"),
    Field("S_NOBLE", C.NOBLE_TYPES, kind="code", high=C.NOBLE_TAPPED,
          meaning="by noble: codes.NOBLE_NOT_KEPT, NOBLE_UNTAPPED, NOBLE_TAPPED"),
    # one bound for every source: only noble_penalty goes below 0 (at most 5 deck nobles x penalty <= 100)
    seat_sources(N_SOURCES, VALUE_MAX, low=-(C.NOBLE_TYPES - C.FIRST_DECK_NOBLE) * 100),
    # the first two round-1 MAIN decisions: public actions, so public (0 in an absent seat's block)
    seat_openings(C.N_OPENINGS, OPENINGS_PER_SEAT),
    Field("S_NOPEN", high=OPENINGS_PER_SEAT, meaning="round-1 MAIN decisions so far"),
    Field("S_TURNS", high=BRU_CAP // MAX_PLAYERS + 1, meaning="turns this round: one pass and one per architect "
          "placed, from the hand at the start of the round or freed from prison during it"),
    Field("S_HAND0", high=BRU_CAP // MAX_PLAYERS, meaning="hand size at the start of the round"),
    Field("S_FREED", high=BRU_CAP // MAX_PLAYERS, meaning="architects freed this round (prison grows only after the "
          "last one)"),
)

SCHEMA = Schema(
    # ---- rule parameters (flattened; bounds: the limits of params.py) ----
    Field("P_PLAYERS", kind="param", low=2, high=MAX_PLAYERS),
    Field("P_ROUNDS", kind="param", low=1, high=20),
    Field("P_START_MONEY", MAX_PLAYERS, kind="param", high=1000),
    Field("P_FIRST_PASS", kind="param", high=100),
    Field("P_LATER_PASS", kind="param", high=100),
    Field("P_SE_MONEY", kind="param", high=100),
    Field("P_SALE_MONEY", kind="param", high=100),
    Field("P_BRUGMANN_MONEY", kind="param", high=100),
    Field("P_TRACK_MAX", kind="param", low=1, high=20),
    Field("P_UPKEEP", kind="param", high=100),
    Field("P_UNPAID_PENALTY", kind="param", high=100),
    Field("P_EXHIBIT_VP", kind="param", high=100),
    Field("P_HOLDER_VP", kind="param", high=100),
    Field("P_MB_VP", kind="param", high=100),
    Field("P_MB_PER", kind="param", low=1, high=100),
    Field("P_MB_CAP", kind="param", high=100),
    Field("P_TYPE_BONUS_VP", kind="param", high=100),
    Field("P_MATERIAL_END_VP", kind="param", high=100),
    Field("P_K", kind="param", low=1, high=8, meaning="cards per deck in the area for this player count"),
    Field("P_NEUTRAL_VALUE", kind="param", high=FACE_MAX),
    Field("P_EXH_MODE", kind="param", high=C.EXH_ONE_EACH, meaning="0 round robin, 1 one each"),
    Field("P_MAY_DECLINE", kind="param", high=1),
    Field("P_FACES", C.N_ARCH_TYPES * C.N_FACES, kind="param", high=FACE_MAX,
          meaning="type t: face f at P_FACES + N_FACES * t + f"),
    Field("P_ARCH_COUNTS", C.N_ARCH_TYPES, kind="param", high=BRU_CAP // MAX_PLAYERS),
    Field("P_PRISON_START", C.N_ARCH_TYPES, kind="param", high=BRU_CAP // MAX_PLAYERS,
          meaning="for this player count"),
    Field("P_BONUS_LOWER", C.N_BONUS, kind="param", high=len(C.LOWER_NAMES) - 1,
          meaning="lower-half effect of each bonus card (codes.LOWER_*)"),
    Field("P_COMPONENTS", C.N_DECKS, kind="param", high=10, meaning="cards per subtype of each deck: artwork (<= 9), "
          "material (<= 6), house (<= 10), noble (<= 8) ..."),
    Field("P_MONEY_CARDS", kind="param", high=MONEY_CARDS_MAX, meaning="... then the money cards"),
    Field("P_ROWS", kind="param", low=MAX_ROWS - 1, high=MAX_ROWS),
    Field("P_AFFORD", FACE_MAX + 1, kind="param", high=(1 << C.AN_PER_SPACE) - 1,
          meaning="by money 0..FACE_MAX: bit 2t + f set when face f of type t is affordable"),
    Mark("PARAMS_SIZE"),
    # ---- header: the kit's (brux.core.schema.header) ----
    *header(MAX_PLAYERS, len(C.DECISION_NAMES), MAX_ROUND, after={
        "G_ROUND": (Field("G_START", kind="seat", high=MAX_PLAYERS - 1, meaning="start seat"),),
        "G_OVER": (Field("G_EXH_HOLDER", kind="seat", low=-1, high=MAX_PLAYERS - 1,
                         meaning="exhibition holder, -1: in the exhibition area"),
                   Field("G_NPASSED", high=MAX_PLAYERS, meaning="seats passed")),
        "G_AUTO": (Field("G_MONEY_DECK", high=MONEY_CARDS_MAX, meaning="money cards in the deck"),)}),
    # ---- turn context ----
    Field("C_ACTOR", kind="seat", high=MAX_PLAYERS - 1, meaning="seat whose turn it is"),
    Field("C_NEXT", kind="code", high=C.NX_MAJORITY,
          meaning="codes.NX_*: what runs after the decision handler returns"),
    Field("C_BR_CARD", kind="code", high=C.N_BRUSSELS - 1, meaning="Brussels card being committed to"),
    Field("C_BR_LEFT", high=BRU_CAP // MAX_PLAYERS, meaning="architects still to commit (from one hand)"),
    Field("C_CH_LEFT", high=20, meaning="City Hall activations left (the noble track, <= track_max <= 20)"),
    Field("C_CH_DONE", high=C.NOBLE_TYPES, meaning="City Hall activations done (each taps a noble)"),
    Field("C_NOBLE", kind="code", low=-1, high=C.NOBLE_TYPES - 1, meaning="noble being resolved (-1 none)"),
    Field("C_NOBLE_SRC", kind="code", high=C.SRC_CITY_HALL, meaning="codes.SRC_*"),
    Field("C_HOUSE", kind="code", low=-1, high=C.N_HOUSE_TYPES - 1, meaning="house subtype being built (-1 none)"),
    Field("C_BUILD_N", high=C.N_HOUSE_TYPES * 10, meaning="symbols owed for the house: 1 + the houses held, which "
          "are fewer than the house cards (houses_per_type <= 10)"),
    Field("C_BUILD_K", high=C.N_PAIRS * 6, meaning="material cards chosen so far (materials_per_pair <= 6)"),
    Field("C_PAY", C.N_PAIRS, high=6, meaning="chosen material cards by pair"),
    Field("C_DRAW_KIND", kind="code", high=C.N_DECKS - 1, meaning="deck of the KEEP_ONE cards"),
    Field("C_DRAW_FOR", kind="code", high=C.DRAW_HANKAR, meaning="codes.DRAW_*: what the kept card is for"),
    Field("C_DRAWN_N", high=C.KEEP_ONE_DRAW, meaning="cards drawn for KEEP_ONE"),
    Field("C_DRAWN", C.KEEP_ONE_DRAW, kind="card", high=C.MAX_SUBTYPES - 1, meaning="drawn subtypes"),
    Field("C_FREE_FOR", kind="code", high=C.FREE_PRISON_BONUS,
          meaning="codes.FREE_*: what a FREE_PRISONER belongs to"),
    Field("C_EXH_SEAT", kind="seat", high=MAX_PLAYERS - 1, meaning="next seat to consider in the exhibition"),
    Field("C_EXH_SHOWN", high=C.ALL_COLOURS, meaning="bit mask of colours exhibited"),
    Field("C_EXH_ACTIVE", high=ALL_SEATS, meaning="bit mask of seats still in the exhibition"),
    Field("C_MAJ_STEP", kind="code", high=C.MAJ_DONE, meaning="majority phase step (codes.MAJ_*)"),
    Field("C_MAJ_COL", high=COLS, meaning="column (step 0)"),
    Field("C_MAJ_IDX", high=MAX_PLAYERS, meaning="position from the start player"),
    Field("C_MAJ_COLS", high=(1 << (MAX_PLAYERS * COLS)) - 1,
          meaning="winners of each column, a seat mask per column (majority.area_majorities)"),
    Field("C_MAJ_ARMS", high=(1 << (8 * MAX_PLAYERS)) - 1,
          meaning="coats of arms won by each seat (a packed tally, majority.FIELD_BITS = 8 bits a seat)"),
    Field("C_MAJ_WIN", high=ALL_SEATS, meaning="bit mask of the seats with the Brussels majority"),
    # ---- area ----
    Field("A_KIND", MAX_SPACES, kind="code", low=C.SP_EMPTY, high=C.SP_NEUTRAL,
          meaning="codes.SP_* or the card kind (codes.K_*)"),
    Field("A_SUB", MAX_SPACES, kind="code", high=C.MAX_SUBTYPES - 1, meaning="card subtype, or architect type"),
    Field("A_OWNER", MAX_SPACES, kind="seat", low=-1, high=MAX_PLAYERS - 1, meaning="architect owner (-1 neutral)"),
    Field("A_VALUE", MAX_SPACES, high=FACE_MAX, meaning="architect face value"),
    Field("A_CARDS", high=(1 << MAX_SPACES) - 1, meaning="index of the spaces holding an action card: bit mask ..."),
    Field("A_NCARDS", high=MAX_SPACES, meaning="... how many ..."),
    # The list is ascending: below 2 ** 60 unless it holds every space, whose 64-bit packing reads negative.
    Field("A_CARD_LIST", kind="code", low=sum(sp << (PACK_BITS * sp) for sp in range(MAX_SPACES)) - (1 << 64),
          high=(1 << (PACK_BITS * (MAX_SPACES - 1))) - 1, meaning="... and the spaces in ascending order, PACK_BITS "
          "each (area.index_cards, area.take_space)"),
    Field("BONUS", COLS, kind="code", high=C.N_BONUS - 1, meaning="bonus card under each column (codes.BONUS_*)"),
    # ---- Brussels ----
    Field("BRU_LEN", C.N_BRUSSELS, high=BRU_CAP, meaning="architects on each card"),
    Field("BRU_USES", C.N_BRUSSELS, high=BRU_CAP // MAX_PLAYERS, meaning="uses of each card this round"),
    Field("BRU_LIST", C.N_BRUSSELS * BRU_CAP, kind="code",
          high=((MAX_PLAYERS - 1) << C.ENTRY_TYPE_BITS) | (C.N_ARCH_TYPES - 1),
          meaning="entries: owner << codes.ENTRY_TYPE_BITS | type"),
    # ---- decks (artwork, material, house, noble) ----
    Field("DECK_LEN", C.N_DECKS, high=DECK_CAP, meaning="cards left in each deck"),
    Field("DECK", (C.N_DECKS, DECK_CAP), kind="card", high=C.MAX_SUBTYPES - 1, vis="nobody", run=Run(end="DECK_LEN"),
          meaning="deck d's subtypes at DECK + d * DECK_CAP; the top card is the last one"),
    Field("DISCARD", C.N_DECKS * C.MAX_SUBTYPES, high=10, meaning="discard pile counts: DISCARD + d * MAX_SUBTYPES "
          "+ subtype (at most the cards of one subtype: houses_per_type <= 10)"),
    # ---- seats: one block of SEAT_SIZE fields per seat, seat p at SEATS + p * SEAT_SIZE (base.seat) ----
    Block("SEATS", MAX_PLAYERS, "SEAT_SIZE", SEAT_FIELDS),
    # ---- legal actions of the pending decision ----
    # A MAIN decision keeps its Art Nouveau actions implicitly: the playable (type, face) offsets packed PACK_BITS
    # each, and the card spaces of the area index (A_CARD_LIST); action i < LEGAL_AN is
    # A_AN + AN_PER_SPACE * space[i // k] + offset[i % k] with k = MAIN_K. The other actions (all of them for other
    # decisions) follow in LEGAL; legal.legal_at(s, i) reads either part. Laying out the area uses LEGAL as scratch
    # (card codes below 64 and spaces) before the cache is rebuilt.
    *legal_cache(LEGAL_CAP, C.N_ACTIONS, after_n=(
        Field("LEGAL_AN", high=C.AN_PER_SPACE * MAX_SPACES, meaning="of which implicit Art Nouveau actions"),
        Field("MAIN_K", high=C.AN_PER_SPACE, meaning="playable (type, face) offsets"),
        Field("MAIN_OFFS", high=(1 << (PACK_BITS * C.AN_PER_SPACE)) - 1, meaning="the offsets, PACK_BITS each"))),
    Mark("STATE_SIZE"),
)
globals().update(SCHEMA.offsets)

# ---- observation of a seat (hooks.observe): float32, what every seat sees ----
# Not in it: the deck orders and the chance stream (hidden), the rule parameters (fixed for a game; `game.flat`),
# the legal-action cache (the mask gives it) and the area's card index (A_KIND gives it).
OBS = ObsLayout(
    Piece("seat", MAX_PLAYERS, "one-hot: the observing seat", low=0, high=1),
    SCHEMA.piece("players_rounds", "players, rounds (P_PLAYERS, P_ROUNDS)", "P_PLAYERS", "P_ROUNDS"),
    SCHEMA.piece("header", "G_ROUND .. G_MONEY_DECK: round, start seat, seat deciding, pending decision "
                 "(codes.D_*), over, exhibition holder, seats passed, decisions, automatic decisions, money cards in "
                 "the deck", "G_ROUND", "G_MONEY_DECK"),
    SCHEMA.piece("context", "C_ACTOR .. C_MAJ_COLS: the turn context of the pending decision (C_MAJ_COLS packed as "
                 "in the state)", "C_ACTOR", "C_MAJ_COLS"),
    Piece("majority_arms", MAX_PLAYERS, "coats of arms won by each seat in the majority phase (C_MAJ_ARMS "
          "unpacked)", low=0, high=MAX_SPACES),
    SCHEMA.piece("majority_brussels", "bit mask of the seats with the Brussels majority (C_MAJ_WIN)", "C_MAJ_WIN"),
    SCHEMA.piece("area", "A_KIND, A_SUB, A_OWNER, A_VALUE of the 16 spaces (codes.SP_*; owner -1 neutral)",
                 "A_KIND", "A_VALUE"),
    SCHEMA.piece("bonus", "bonus card under each column (codes.BONUS_*)", "BONUS"),
    SCHEMA.piece("brussels_len", "architects on each Brussels card, then its uses this round (BRU_LEN, BRU_USES)",
                 "BRU_LEN", "BRU_USES"),
    Piece("brussels", C.N_BRUSSELS * MAX_PLAYERS * C.N_ARCH_TYPES, "architects on Brussels card c of seat q and "
          "type t at c * 12 + q * 3 + t", low=0, high=BRU_CAP),
    SCHEMA.piece("deck_len", "cards left in each deck (artwork, material, house, noble)", "DECK_LEN"),
    SCHEMA.piece("discard", "discard pile counts: deck d, subtype k at d * MAX_SUBTYPES + k", "DISCARD"),
    SCHEMA.piece("seats", "seat q's block (S_* fields, SEAT_SIZE each) at q * SEAT_SIZE", "SEATS"),
)
OBS_SEAT = OBS.offset["seat"]
OBS_BRUSSELS = OBS.offset["brussels"]
OBS_ARMS = OBS.offset["majority_arms"]
OBS_COPIES = OBS.copies
