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
DECK_SUBTYPES = (4, 6, 4, 6)
DECK_KIND = (K_ARTWORK, K_MATERIAL, K_HOUSE, K_NOBLE)
DECK_OF_KIND = (DK_ARTWORK, -1, DK_MATERIAL, DK_HOUSE, DK_NOBLE, -1)

COLOURS = ("yellow", "blue", "green", "red")
PAIRS = ("SS", "BB", "WW", "SB", "SW", "BW")
PAIR_SYMBOLS = ((0, 0), (1, 1), (2, 2), (0, 1), (0, 2), (1, 2))  # steel 0, brick 1, wood 2
HOUSES = ("h1", "h2", "h3", "h4")
NOBLES = ("brugmann", "albert", "buls", "horta", "hankar", "vandervelde")
SUBTYPE_NAMES = (COLOURS, PAIRS, HOUSES, NOBLES)
N_BRUGMANN = 0
N_ALBERT = 1
N_BULS = 2
N_HORTA = 3
N_HANKAR = 4
N_VANDERVELDE = 5

ARCH_TYPES = ("1/3", "2/4", "2/5")

# Tracks
T_ARCHITECTURE = 0
T_NOBLE = 1
T_PRESTIGE = 2
TRACK_NAMES = ("architecture", "noble", "prestige")

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
BONUS_TRACK = (1, 0, 2)  # track raised by the upper half of nobility, architecture, prestige
LOWER_NOBLES = 0
LOWER_HOUSE_TYPES = 1
LOWER_ARTWORK_COLOURS = 2
LOWER_MONEY = 3
LOWER_NAMES = ("nobles", "house_types", "artwork_colours", "money")

# Brussels cards
BR_STOCK_EXCHANGE = 0
BR_CITY_HALL = 1
BR_PARK = 2
BRUSSELS_NAMES = ("stock_exchange", "city_hall", "park")

# Park options
PARK_CREATE = 0
PARK_SALE = 1
PARK_PROCURE = 2
PARK_BUILD = 3
PARK_INFLUENCE = 4
PARK_NAMES = ("create", "sale", "procure", "build", "influence")
PARK_DECK = (DK_ARTWORK, -1, DK_MATERIAL, DK_HOUSE, DK_NOBLE)

# What a noble being resolved came from
SRC_CARD = 0  # area or Park: NOBLE_KEEP follows its effect
SRC_CITY_HALL = 1

# What a KEEP_ONE is for
DRAW_PARK = 0
DRAW_HANKAR = 1

# What a FREE_PRISONER is for
FREE_VANDERVELDE = 0
FREE_PRISON_BONUS = 1

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

# Action numbers (docs/bruxelles1897.md, section 3)
A_AN = 0  # + space * 6 + type * 2 + face
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
KEEP_BASE = (0, 4, 10, 14)  # global subtype base of each deck

# Opening codes: AN by card kind, architect type and face; then BR cards; then PASS; -1 none
OPEN_AN_COUNT = 6 * 3 * 2
OPEN_BR = OPEN_AN_COUNT
OPEN_PASS = OPEN_AN_COUNT + 3
N_OPENINGS = OPEN_PASS + 1
