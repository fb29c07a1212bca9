"""Fixed names and constants of Bruxelles 1897 (docs sections 2 and 3, rules sections 1 and 8).

Nothing here depends on the rule parameters except `action_names`, which needs the architect face
values to spell the AN actions.
"""

GAME_NAME = "bruxelles1897"

# --- card kinds -------------------------------------------------------------------------------
ARTWORK = "artwork"
MONEY = "money"
MATERIAL = "material"
HOUSE = "house"
NOBLE = "noble"
EXHIBITION = "exhibition"

# Order in which the area layout draws from the five decks (docs 2.3); also the order of "decks" in the view.
LAYOUT_DECKS = (ARTWORK, MONEY, MATERIAL, HOUSE, NOBLE)
# Decks that are real ordered lists with a discard pile, in the setup shuffle order (docs 2.1).
PILE_DECKS = (ARTWORK, MATERIAL, HOUSE, NOBLE)

# --- subtypes, in their fixed numbering order (docs section 2) ----------------------------------
COLOURS = ("yellow", "blue", "green", "red")
PAIRS = ("SS", "BB", "WW", "SB", "SW", "BW")
HOUSE_TYPES = ("h1", "h2", "h3", "h4")
NOBLES = ("brugmann", "albert", "buls", "horta", "hankar", "vandervelde")
BRUGMANN = "brugmann"
# Nobles that can be in the noble deck (Brugmann never is, rules section 1).
DECK_NOBLES = NOBLES[1:]
# End step 1: unpaid nobles are discarded in this order (docs "End of game").
UPKEEP_DISCARD_ORDER = ("albert", "buls", "horta", "hankar", "vandervelde")

SUBTYPES = {ARTWORK: COLOURS, MATERIAL: PAIRS, HOUSE: HOUSE_TYPES, NOBLE: NOBLES}

# Global subtype number 0..19 (artwork 0-3, material 4-9, house 10-13, noble 14-19): it orders the
# KEEP actions (108-127) and the "pending_cards" list of the view.
SUBTYPE_NUMBER = {}
for _kind in PILE_DECKS:
    for _sub in SUBTYPES[_kind]:
        SUBTYPE_NUMBER[_sub] = len(SUBTYPE_NUMBER)
ALL_SUBTYPES = tuple(SUBTYPE_NUMBER)  # in number order

# The symbols of a material pair: "SB" -> ("S", "B").
SYMBOLS = ("S", "B", "W")

# --- architects ---------------------------------------------------------------------------------
ARCHITECT_TYPES = ("1/3", "2/4", "2/5")  # names are fixed; face values come from the parameters
NEUTRAL = "neutral"  # owner of the 2-player neutral corner architects

# --- Brussels, Park, bonus cards, tracks --------------------------------------------------------
BRUSSELS_CARDS = ("stock_exchange", "city_hall", "park")
STOCK_EXCHANGE, CITY_HALL, PARK = BRUSSELS_CARDS
PARK_OPTIONS = ("create", "sale", "procure", "build", "influence")
PARK_DECK = {"create": ARTWORK, "procure": MATERIAL, "build": HOUSE, "influence": NOBLE}

BONUS_CARDS = ("nobility", "architecture", "prestige", "prison")
LOWER_HALVES = ("nobles", "house_types", "artwork_colours", "money")
TRACKS = ("architecture", "noble", "prestige")
# Upper halves of the bonus cards that raise a track (the Prison card frees a prisoner instead).
UPPER_HALF_TRACK = {"nobility": "noble", "architecture": "architecture", "prestige": "prestige"}
# Nobles whose effect raises a track.
NOBLE_TRACK = {"albert": "noble", "buls": "prestige", "horta": "architecture"}

COLS = 4

# Keys of vp_by_source, in the order of rules section 8.
VP_SOURCES = (
    "build", "exhibit", "arms", "houses", "materials", "exhibition_card",
    "bonus_nobility", "bonus_architecture", "bonus_prestige", "bonus_prison", "noble_penalty",
)

# Tapped / untapped markers of kept nobles in the view (None = not kept).
TAPPED = "tapped"
UNTAPPED = "untapped"

# Decision names (rules section 5).
MAIN = "MAIN"
BR_CARD = "BR_CARD"
PARK_DECISION = "PARK"
KEEP_ONE = "KEEP_ONE"
SELL = "SELL"
BUILD = "BUILD"
NOBLE_KEEP = "NOBLE_KEEP"
FREE_PRISONER = "FREE_PRISONER"
CITY_HALL_DECISION = "CITY_HALL"
EXHIBIT = "EXHIBIT"
TO_PRISON = "TO_PRISON"

NUM_ACTIONS = 160


def an_name(row, col, arch_type, value):
    """Name of an Art Nouveau action, e.g. 'AN r0c2 2/5@5'."""
    return f"AN r{row}c{col} {ARCHITECT_TYPES[arch_type]}@{value}"


def action_names(faces):
    """All 160 action names by action number (docs section 3 table).

    `faces[t]` = (low value, high value) of architect type t; face 0 is the low value.
    """
    names = []
    for space in range(16):  # 0-95: AN, number = space * 6 + type * 2 + face
        row, col = divmod(space, COLS)
        for t in range(3):
            for face in range(2):
                names.append(an_name(row, col, t, faces[t][face]))
    names += [f"BR {card}" for card in BRUSSELS_CARDS]  # 96-98
    names.append("PASS")  # 99
    names += [f"COMMIT {t}" for t in ARCHITECT_TYPES]  # 100-102
    names += [f"PARK {o}" for o in PARK_OPTIONS]  # 103-107
    names += [f"KEEP {s}" for s in ALL_SUBTYPES]  # 108-127
    names += [f"SELL {c}" for c in COLOURS] + ["DECLINE_SALE"]  # 128-132
    names += [f"PAY {p}" for p in PAIRS] + ["STOP_PAYING", "DECLINE_BUILD"]  # 133-140
    names += ["KEEP_NOBLE", "DISCARD_NOBLE"]  # 141-142
    names += [f"FREE {t}" for t in ARCHITECT_TYPES]  # 143-145
    names += [f"ACTIVATE {n}" for n in NOBLES] + ["STOP_ACTIVATING"]  # 146-152
    names += [f"EXHIBIT {c}" for c in COLOURS]  # 153-156
    names += [f"PRISON {t}" for t in ARCHITECT_TYPES]  # 157-159
    assert len(names) == NUM_ACTIONS
    return names
