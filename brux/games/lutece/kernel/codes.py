"""Numeric codes of the Lutèce kernel: decisions, card kinds, locations, actions, VP sources, openings."""

TOTAL_COINS = 66  # 36 x 1 + 10 x 3 (rules section 2)

# Decisions: PLAY split into sub-decisions (docs section 3)
FIRST_ROUND = 1
PLAY_CARDS = 2  # letter/numeral/income cards in a seat's sealed play of a round
# P_MAJ: majority VP for the most, middle and fewest symbols of a resource (rules 5.2)
MAJ_MOST = 0
MAJ_MIDDLE = 1
MAJ_FEWEST = 2

D_CARDS = 0
D_BRIBE = 1
D_LEGIONS = 2
DECISION_NAMES = ("PLAY_CARDS", "PLAY_BRIBE", "PLAY_LEGIONS")

# Decks / display rows
DK_CHARACTER = 0
DK_LOCATION = 1
DECK_NAMES = ("character", "location")
N_DECKS = len(DECK_NAMES)  # = rows of the display

# Resources, colours, vp_per
RESOURCES = ("beer", "bread", "gladius", "elixir")
N_RESOURCES = len(RESOURCES)
R_BEER = 0
COLOURS = ("yellow", "green", "red", "purple")
PER_COLOUR = 4  # vp_per 4..7: a colour
PER_PILLAR = 8

# Card kinds
KINDS = ("resource", "field", "forest", "mine", "tavern", "mill", "laboratory", "forge", "bakery", "herbalist",
         "armory", "statue", "bazaar", "legion")
K_TAVERN = 4
K_LEGION = 13

# Card location codes (a seat number >= 0: in that seat's tableau)
LOC_DECK = -1
LOC_DISPLAY = -2
LOC_REMOVED = -3
LOC_UNUSED = -4  # not in the game: min_players > players, or no card at that index

# VP sources (rules 5.8), in the order of vp_by_source
VP_SOURCES = ("maj_beer", "maj_bread", "maj_gladius", "maj_elixir", "prestige_resource", "prestige_colour", "statue",
              "legion", "bazaar", "fortune")
VP_MAJ = 0  # + resource
VP_PRESTIGE_RESOURCE = 4
VP_PRESTIGE_COLOUR = 5
VP_STATUE = 6
VP_LEGION = 7
VP_BAZAAR = 8
VP_FORTUNE = 9
# VP source of each card kind (-1: the kind scores nothing itself)
KIND_SOURCE = (-1, -1, -1, -1, -1, VP_PRESTIGE_RESOURCE, VP_PRESTIGE_RESOURCE, VP_PRESTIGE_RESOURCE,
               VP_PRESTIGE_COLOUR, VP_PRESTIGE_COLOUR, VP_PRESTIGE_COLOUR, VP_STATUE, VP_BAZAAR, VP_LEGION)

# Hand cards: letters A..E (0..4) = character slots, numerals I..V (5..9) = location slots, 10 = income ($).
# A hand card < 10 is also the display slot it bids on: row * MAX_SLOTS + slot.
HAND_INCOME = 10
N_HAND = 11
LETTERS = ("A", "B", "C", "D", "E")
NUMERALS = ("I", "II", "III", "IV", "V")
HAND_NAMES = LETTERS + NUMERALS + ("$",)

# Actions (docs section 3)
A_CARDS = 0  # + pair code: pairs (u, v), u <= v, of hand cards 0..10 in lexicographic order (66 codes)
N_PAIRS = 66
A_BRIBE = 66  # + b, b = 0..BRIBE_STEP - 1
BRIBE_STEP = 100
A_BRIBE_MORE = A_BRIBE + BRIBE_STEP  # 166: raise the bribe being fixed by BRIBE_STEP and choose again
A_LEGIONS = A_BRIBE_MORE + 1  # 167 + g, g = 0..MAX_LEGIONS
MAX_LEGIONS = 8
N_ACTIONS = A_LEGIONS + MAX_LEGIONS + 1  # 176

# Continuations (what runs after a decision handler returns)
NX_NONE = 0
NX_REVEAL = 1  # every seat has fixed its play: reveal, resolve, growth, next round

# Opening codes: 0..65 the round-1 card pair; then the round-1 coin bribes (values capped at OPEN_BRIBE_MAX)
OPEN_BRIBE_MAX = 15
OPEN_NO_BID = N_PAIRS  # "bribe -": $ + $
OPEN_ONE = N_PAIRS + 1  # + b: one letter/numeral card
OPEN_TWO = OPEN_ONE + OPEN_BRIBE_MAX + 1  # + b1 * 16 + b2
N_OPENINGS = OPEN_TWO + (OPEN_BRIBE_MAX + 1) ** 2


def pair_table() -> list[tuple[int, int]]:
    """Hand-card pair of every pair code."""
    return [(u, v) for u in range(N_HAND) for v in range(u, N_HAND)]


PAIRS = tuple(pair_table())
PAIR_U = tuple(u for u, _ in PAIRS)
PAIR_V = tuple(v for _, v in PAIRS)
