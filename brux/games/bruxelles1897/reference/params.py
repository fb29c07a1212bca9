"""Validation of the rule parameters (rules section 11, data/params.toml).

`Params` turns the dict loaded by `tomllib` (nested tables included) into plain attributes.
An invalid parameter set raises ValueError naming the field.
"""

from .cards import BONUS_CARDS, LOWER_HALVES

# Non-negative integer parameters.
_COUNTS = (
    "first_pass_money", "later_pass_money", "stock_exchange_money", "sale_money", "brugmann_money",
    "noble_upkeep", "unpaid_noble_penalty", "exhibit_vp", "exhibition_holder_vp", "money_bonus_vp",
    "money_bonus_cap", "type_bonus_vp", "material_end_vp", "neutral_value",
)
_COMPONENTS = ("artworks_per_colour", "materials_per_pair", "houses_per_type", "nobles_per_type", "money_cards")
_KNOWN = set(_COUNTS) | {
    "rounds", "start_money", "track_max", "money_bonus_per", "cards_per_type", "exhibition_mode",
    "may_decline", "architect_faces", "architect_counts", "prison_start", "bonus_lower", "components",
}
EXHIBITION_MODES = ("round_robin", "one_each")


def _int(value, field, minimum=0):
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ValueError(f"parameter {field!r} must be an integer >= {minimum}, got {value!r}")
    return value


def _int_list(value, field, length=None, min_length=None, minimum=0):
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"parameter {field!r} must be a list, got {value!r}")  # noqa: TRY004 (contract: ValueError)
    if length is not None and len(value) != length:
        raise ValueError(f"parameter {field!r} must have {length} entries, got {len(value)}")
    if min_length is not None and len(value) < min_length:
        raise ValueError(f"parameter {field!r} must have at least {min_length} entries, got {len(value)}")
    return [_int(v, f"{field}[{i}]", minimum) for i, v in enumerate(value)]


class Params:
    """The validated rule parameters of one game, for a given player count."""

    def __init__(self, raw, players):
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
            raise ValueError(f"players must be 2, 3 or 4, got {players!r}")
        if not isinstance(raw, dict):
            raise ValueError("params must be a dict as loaded from params.toml")  # noqa: TRY004
        missing = sorted(_KNOWN - set(raw))
        if missing:
            raise ValueError(f"parameter {missing[0]!r} is missing")
        # Reading: an unknown key is rejected (most likely a misspelt override) rather than ignored.
        unknown = sorted(set(raw) - _KNOWN)
        if unknown:
            raise ValueError(f"unknown parameter {unknown[0]!r}")
        self.players = players
        for field in _COUNTS:
            setattr(self, field, _int(raw[field], field))
        self.rounds = _int(raw["rounds"], "rounds", 1)
        self.track_max = _int(raw["track_max"], "track_max", 1)  # tracks start at 1
        self.money_bonus_per = _int(raw["money_bonus_per"], "money_bonus_per", 1)
        self.start_money = _int_list(raw["start_money"], "start_money", min_length=players)[:players]
        cards_per_type = _int_list(raw["cards_per_type"], "cards_per_type", length=3)
        # k cards per deck in the area; cards_per_type is indexed by player count 2 / 3 / 4.
        self.cards_per_type = cards_per_type[players - 2]
        mode = raw["exhibition_mode"]
        if mode not in EXHIBITION_MODES:
            raise ValueError(f"parameter 'exhibition_mode' must be one of {EXHIBITION_MODES}, got {mode!r}")
        self.exhibition_mode = mode
        if not isinstance(raw["may_decline"], bool):
            raise ValueError(f"parameter 'may_decline' must be true or false, got {raw['may_decline']!r}")  # noqa: TRY004
        self.may_decline = raw["may_decline"]

        faces = raw["architect_faces"]
        if not isinstance(faces, (list, tuple)) or len(faces) != 3:
            raise ValueError("parameter 'architect_faces' must list the two faces of the 3 architect types")
        # Face 0 is the low value (docs section 3), whatever order the parameter lists them in.
        self.faces = [tuple(sorted(_int_list(f, f"architect_faces[{t}]", length=2))) for t, f in enumerate(faces)]
        self.architect_counts = _int_list(raw["architect_counts"], "architect_counts", length=3)
        prison = raw["prison_start"]
        if not isinstance(prison, (list, tuple)) or len(prison) != 3:
            raise ValueError("parameter 'prison_start' must have 3 entries (2 / 3 / 4 players)")
        for i, row in enumerate(prison):
            row = _int_list(row, f"prison_start[{i}]", length=3)
            for t in range(3):
                if row[t] > self.architect_counts[t]:
                    raise ValueError(f"parameter 'prison_start[{i}][{t}]' exceeds architect_counts[{t}]")
        self.prison_start = list(prison[players - 2])

        lower = raw["bonus_lower"]
        if not isinstance(lower, dict) or sorted(lower) != sorted(BONUS_CARDS):
            raise ValueError(f"parameter 'bonus_lower' must map each of {BONUS_CARDS} to a lower half")
        if sorted(lower.values()) != sorted(LOWER_HALVES):
            raise ValueError(f"parameter 'bonus_lower' must use each of {LOWER_HALVES} once")
        self.bonus_lower = dict(lower)

        comps = raw["components"]
        if not isinstance(comps, dict) or sorted(comps) != sorted(_COMPONENTS):
            raise ValueError(f"parameter 'components' must give exactly {_COMPONENTS}")
        for field in _COMPONENTS:
            setattr(self, field, _int(comps[field], f"components.{field}"))
