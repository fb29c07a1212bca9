"""Numeric codes of the Bruxelles 1897 kernel: decisions, card kinds and subtypes, actions, sources."""

# Decisions (rules section 5)
D_MAIN = 0
D_BR_CARD = 1
D_PARK = 2
D_KEEP_ONE = 3
D_SELL = 4
D_BUILD = 5
D_NOBLE_KEEP = 6
D_FREE_PRISONER = 7
D_CITY_HALL = 8
D_EXHIBIT = 9
D_TO_PRISON = 10
DECISION_NAMES = (
    "MAIN", "BR_CARD", "PARK", "KEEP_ONE", "SELL", "BUILD", "NOBLE_KEEP", "FREE_PRISONER", "CITY_HALL", "EXHIBIT",
    "TO_PRISON",
)

# Action card kinds
K_ARTWORK = 0
K_MONEY = 1
K_MATERIAL = 2
K_HOUSE = 3
K_NOBLE = 4
K_EXHIBITION = 5
KIND_NAMES = ("artwork", "money", "material", "house", "noble", "exhibition")

# Decks with subtypes (deck index) and the card kind of each
DK_ARTWORK = 0
DK_MATERIAL = 1
DK_HOUSE = 2
DK_NOBLE = 3
DECK_NAMES = ("artwork", "material", "house", "noble")
N_DECKS = len(DECK_NAMES)
DECK_KIND = (K_ARTWORK, K_MATERIAL, K_HOUSE, K_NOBLE)
DECK_OF_KIND = (DK_ARTWORK, -1, DK_MATERIAL, DK_HOUSE, DK_NOBLE, -1)

# Artwork colours
COLOURS = ("yellow", "blue", "green", "red")
N_COLOURS = len(COLOURS)
ALL_COLOURS = (1 << N_COLOURS) - 1  # bit mask of every colour

# Material pairs: the symbols steel, brick and wood, two per card
SYMBOLS_PER_CARD = 2  # a material card pays one of its symbols or both
STEEL = 0
BRICK = 1
WOOD = 2
PAIR_SS = 0
PAIR_BB = 1
PAIR_WW = 2
PAIR_SB = 3
PAIR_SW = 4
PAIR_BW = 5
PAIRS = ("SS", "BB", "WW", "SB", "SW", "BW")
N_PAIRS = len(PAIRS)
PAIR_SYMBOLS = ((STEEL, STEEL), (BRICK, BRICK), (WOOD, WOOD), (STEEL, BRICK), (STEEL, WOOD), (BRICK, WOOD))
N_SINGLE_PAIRS = 3  # the pairs SS, BB, WW show one symbol twice; the mixed ones follow

# House types
HOUSES = ("h1", "h2", "h3", "h4")
N_HOUSE_TYPES = len(HOUSES)

# Nobles (noble k of a seat: N_BRUGMANN .. N_VANDERVELDE)
N_BRUGMANN = 0  # every seat keeps one; never in the deck
N_ALBERT = 1
N_BULS = 2
N_HORTA = 3
N_HANKAR = 4
N_VANDERVELDE = 5
NOBLES = ("brugmann", "albert", "buls", "horta", "hankar", "vandervelde")
NOBLE_TYPES = len(NOBLES)
FIRST_DECK_NOBLE = N_BRUGMANN + 1  # the nobles after Brugmann are the ones in the deck (and pay upkeep)
NOBLE_NOT_KEPT = 0  # a seat's noble field
NOBLE_UNTAPPED = 1
NOBLE_TAPPED = 2
assert NOBLE_TAPPED - 1 == NOBLE_UNTAPPED  # rounds.prepare_round untaps by subtracting

SUBTYPE_NAMES = (COLOURS, PAIRS, HOUSES, NOBLES)
DECK_SUBTYPES = tuple(len(names) for names in SUBTYPE_NAMES)
MAX_SUBTYPES = max(DECK_SUBTYPES)

# Architect types and their two faces
ARCH_1_3 = 0
ARCH_2_4 = 1
ARCH_2_5 = 2
ARCH_TYPES = ("1/3", "2/4", "2/5")
N_ARCH_TYPES = len(ARCH_TYPES)
N_FACES = 2

# Tracks
T_ARCHITECTURE = 0
T_NOBLE = 1
T_PRESTIGE = 2
TRACK_NAMES = ("architecture", "noble", "prestige")
N_TRACKS = len(TRACK_NAMES)

# Area space contents
SP_EMPTY = -1
SP_ARCHITECT = 6
SP_NEUTRAL = 7

# Bonus cards and lower halves
BONUS_NOBILITY = 0
BONUS_ARCHITECTURE = 1
BONUS_PRESTIGE = 2
BONUS_PRISON = 3
BONUS_NAMES = ("nobility", "architecture", "prestige", "prison")
N_BONUS = len(BONUS_NAMES)
BONUS_TRACK = (T_NOBLE, T_ARCHITECTURE, T_PRESTIGE)  # raised by the upper half of nobility, architecture, prestige
LOWER_NOBLES = 0
LOWER_HOUSE_TYPES = 1
LOWER_MONEY = 3
LOWER_NAMES = ("nobles", "house_types", "artwork_colours", "money")

# Exhibition modes (rule parameter exhibition_mode)
EXH_ONE_EACH = 1

# Brussels cards
BR_STOCK_EXCHANGE = 0
BR_CITY_HALL = 1
BR_PARK = 2
BRUSSELS_NAMES = ("stock_exchange", "city_hall", "park")
N_BRUSSELS = len(BRUSSELS_NAMES)

# Park options
PARK_SALE = 1
PARK_BUILD = 3
PARK_NAMES = ("create", "sale", "procure", "build", "influence")
N_PARK = len(PARK_NAMES)
PARK_DECK = (DK_ARTWORK, -1, DK_MATERIAL, DK_HOUSE, DK_NOBLE)

# What a noble being resolved came from
SRC_CARD = 0  # area or Park: NOBLE_KEEP follows its effect
SRC_CITY_HALL = 1

# A KEEP_ONE decision keeps one of the cards drawn (KEEP_ONE_DRAW, fewer if the deck runs out); it is for:
KEEP_ONE_DRAW = 2
DRAW_PARK = 0
DRAW_HANKAR = 1

# What a FREE_PRISONER is for
FREE_VANDERVELDE = 0
FREE_PRISON_BONUS = 1

# Majority phase steps (rules 3.6)
MAJ_COLUMNS = 0
MAJ_ARMS = 1
MAJ_BRUSSELS = 2
MAJ_DONE = 3

# Continuations run after a decision handler (keeps the handlers small compile units)
NX_NONE = 0
NX_END_TURN = 1
NX_MAJORITY = 2

# VP sources
VP_BUILD = 0
VP_EXHIBIT = 1
VP_ARMS = 2
VP_HOUSES = 3
VP_MATERIALS = 4
VP_EXHIBITION_CARD = 5
VP_BONUS_NOBILITY = 6
VP_BONUS_ARCHITECTURE = 7
VP_BONUS_PRESTIGE = 8
VP_BONUS_PRISON = 9
VP_NOBLE_PENALTY = 10
VP_SOURCES = (
    "build", "exhibit", "arms", "houses", "materials", "exhibition_card", "bonus_nobility", "bonus_architecture",
    "bonus_prestige", "bonus_prison", "noble_penalty",
)
N_SOURCES = len(VP_SOURCES)
assert VP_SOURCES[VP_NOBLE_PENALTY] == "noble_penalty" and VP_SOURCES[VP_BONUS_NOBILITY] == "bonus_nobility"

# Action numbers (docs/bruxelles1897.md, section 3)
AN_PER_SPACE = N_ARCH_TYPES * N_FACES  # Art Nouveau actions of one space: one per architect type and face
A_AN = 0  # + space * AN_PER_SPACE + type * N_FACES + face
A_BR = 96  # + Brussels card
A_PASS = 99
A_COMMIT = 100  # + architect type
A_PARK = 103  # + Park option
A_KEEP = 108  # + global subtype (artwork 0-3, material 4-9, house 10-13, noble 14-19)
A_SELL = 128  # + colour
A_DECLINE_SALE = 132
A_PAY = 133  # + pair
A_STOP_PAYING = 139
A_DECLINE_BUILD = 140
A_KEEP_NOBLE = 141
A_DISCARD_NOBLE = 142
A_FREE = 143  # + architect type
A_ACTIVATE = 146  # + noble
A_STOP_ACTIVATING = 152
A_EXHIBIT = 153  # + colour
A_PRISON = 157  # + architect type
N_ACTIONS = 160
# Each block of actions follows the previous one.
assert (A_PASS, A_COMMIT, A_PARK, A_KEEP) == (A_BR + N_BRUSSELS, A_PASS + 1, A_COMMIT + N_ARCH_TYPES, A_PARK + N_PARK)
assert (A_SELL, A_DECLINE_SALE, A_PAY, A_STOP_PAYING) == (
    A_KEEP + sum(DECK_SUBTYPES), A_SELL + N_COLOURS, A_DECLINE_SALE + 1, A_PAY + N_PAIRS)
assert (A_FREE, A_ACTIVATE, A_STOP_ACTIVATING, A_EXHIBIT) == (
    A_DISCARD_NOBLE + 1, A_FREE + N_ARCH_TYPES, A_ACTIVATE + NOBLE_TYPES, A_STOP_ACTIVATING + 1)
assert (A_PRISON, N_ACTIONS) == (A_EXHIBIT + N_COLOURS, A_PRISON + N_ARCH_TYPES)
KEEP_BASE = tuple(sum(DECK_SUBTYPES[:d]) for d in range(N_DECKS))  # global subtype base of each deck

# Opening codes: AN by card kind, architect type and face; then BR cards; then PASS; -1 none
OPEN_AN_COUNT = len(KIND_NAMES) * AN_PER_SPACE
OPEN_BR = OPEN_AN_COUNT
OPEN_PASS = OPEN_AN_COUNT + N_BRUSSELS
N_OPENINGS = OPEN_PASS + 1

# Brussels list entries pack the owner and the architect type: entry = owner << ENTRY_TYPE_BITS | type
ENTRY_TYPE_BITS = 2
ENTRY_TYPE_MASK = (1 << ENTRY_TYPE_BITS) - 1
assert N_ARCH_TYPES <= 1 << ENTRY_TYPE_BITS
