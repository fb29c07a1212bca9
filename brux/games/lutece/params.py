"""Lutèce rule parameters and card tables: each rule parameter declared once (`PARAMS`: default = the rules,
allowed values, kernel slot, meaning), validation, the kernel's flat array.

The full parameter set is the rule parameters (rules section 9) plus two tables from data/cards.toml: ``cards``
(card id -> its fields, rules 2.1-2.2) and ``bazaar_requirements`` (bazaar id -> symbols needed, rules 2.3).
Overrides of ``cards`` are merged field by field (``cards={"L12": {"cost": 3}}``).
"""

import copy
import zlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from brux.core.params import Param, ParamTable, int_in, int_list, load_defaults, one_of

from .kernel import codes as C
from .kernel import layout as L

CARDS_FILE = Path(__file__).parent / "data" / "cards.toml"

CARD_INTS = {  # field -> (lo, hi)
    "cost": (0, 20), "beer": (0, 9), "bread": (0, 9), "gladius": (0, 9), "elixir": (0, 9), "pillars": (0, 9),
    "vp_base": (0, 50), "vp_mult": (0, 10), "coins": (0, 20), "min_players": (2, 5),
}
CARD_FIELDS = ("deck", "name", "kind", "cost", "beer", "bread", "gladius", "elixir", "colour", "pillars", "vp_base",
               "vp_mult", "vp_per", "coins", "min_players", "effect")
VP_PER = ("-", *C.RESOURCES, *C.COLOURS, "pillar")
# Rule parameters that replace a card-table value for every card of a kind (rules section 9, last line).
KIND_OVERRIDES = (
    (("field", "forest", "mine"), "coins", "land_coins"),
    (("tavern",), "coins", "tavern_base"),
    (("legion",), "vp_base", "legion_vp"),
    (("mill", "laboratory", "forge"), "vp_mult", "prestige_resource_vp"),
    (("bakery", "herbalist", "armory"), "vp_mult", "prestige_colour_vp"),
    (("statue",), "vp_base", "statue_base"),
    (("bazaar",), "vp_base", "bazaar_vp"),
)
SCORING_KINDS = {k for k, src in zip(C.KINDS, C.KIND_SOURCE, strict=True) if src >= 0}


def _load_cards(path: Path) -> dict[str, Any]:
    raw = load_defaults(path)
    columns = raw.get("columns")
    if columns != ["id", *CARD_FIELDS]:
        raise ValueError(f"{path}: columns must be {['id', *CARD_FIELDS]}, got {columns!r}")
    cards: dict[str, dict[str, Any]] = {}
    for i, row in enumerate(raw.get("cards", [])):
        if not isinstance(row, list) or len(row) != len(columns):
            raise ValueError(f"{path}: cards[{i}] must have {len(columns)} values, got {row!r}")
        cid = row[0]
        if not isinstance(cid, str) or cid in cards:
            raise ValueError(f"{path}: cards[{i}] has a missing or repeated id {cid!r}")
        cards[cid] = dict(zip(CARD_FIELDS, row[1:], strict=True))
    return {"cards": cards, "bazaar_requirements": dict(raw.get("bazaar_requirements", {}))}


def _bribe_cap(name: str, v: Any) -> None:
    if v == "none":
        return
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise ValueError(f"rule parameter {name} must be \"none\" or an integer >= 0, got {v!r}")


def _majority(name: str, v: Any) -> None:
    int_list(3, 0, 20)(name, v)
    if not v[0] >= v[1] >= v[2]:
        raise ValueError(f"rule parameter {name} must have first >= middle >= last, got {v}")


# The field checks of a card, built once (validating a full card table is part of every game's set-up).
_CARD_FIELD_SET = frozenset(CARD_FIELDS)
_CARD_CHOICES = {"deck": one_of(*C.DECK_NAMES), "kind": one_of(*C.KINDS), "colour": one_of(*C.COLOURS),
                 "vp_per": one_of(*VP_PER)}
_CARD_INT_CHECKS = {key: int_in(lo, hi) for key, (lo, hi) in CARD_INTS.items()}


def _check_card(cid: str, c: Any) -> None:
    w = f"cards.{cid}"
    if not isinstance(c, Mapping):
        raise ValueError(f"{w} must be a table of {', '.join(CARD_FIELDS)}")
    for key in CARD_FIELDS:
        if key not in c:
            raise ValueError(f"{w} has no field {key!r}")
    for key in c:
        if key not in _CARD_FIELD_SET:
            raise ValueError(f"{w}.{key} is not a card field (fields: {', '.join(CARD_FIELDS)})")
    for key, check in _CARD_CHOICES.items():
        check(f"{w}.{key}", c[key])
    for key, check in _CARD_INT_CHECKS.items():
        check(f"{w}.{key}", c[key])
    for key in ("name", "effect"):
        if not isinstance(c[key], str):
            raise ValueError(f"{w}.{key} must be a string, got {c[key]!r}")
    if c["kind"] not in SCORING_KINDS and (c["vp_base"] or c["vp_mult"]):
        raise ValueError(f"{w}: a {c['kind']} card scores no VP (vp_base and vp_mult must be 0); VP sources are "
                         f"{', '.join(C.VP_SOURCES)}")


def _check_cards(params: dict[str, Any]) -> None:
    cards = params["cards"]
    if not isinstance(cards, Mapping):
        raise ValueError("cards must be a table of card id -> card fields")
    per_deck = {d: 0 for d in C.DECK_NAMES}
    legions = bazaars = 0
    for cid, c in cards.items():
        _check_card(cid, c)
        per_deck[c["deck"]] += 1
        legions += c["kind"] == "legion"
        bazaars += c["kind"] == "bazaar"
    for d, k in per_deck.items():
        if k > L.DECK_CAP:
            raise ValueError(f"cards: the {d} deck has {k} cards, at most {L.DECK_CAP} are supported")
    if legions > C.MAX_LEGIONS:
        raise ValueError(f"cards: {legions} legion cards, at most {C.MAX_LEGIONS} are supported")
    if bazaars > L.MAX_BAZAARS:
        raise ValueError(f"cards: {bazaars} bazaar cards, at most {L.MAX_BAZAARS} are supported")
    reqs = params["bazaar_requirements"]
    if not isinstance(reqs, Mapping):
        raise ValueError("bazaar_requirements must be a table of bazaar id -> [beer, bread, gladius, elixir]")
    for cid, req in reqs.items():
        if cid not in cards or cards[cid]["kind"] != "bazaar":
            raise ValueError(f"bazaar_requirements.{cid}: {cid!r} is not a bazaar card")
        int_list(4, 0, 20)(f"bazaar_requirements.{cid}", req)
    for cid, c in cards.items():
        if c["kind"] == "bazaar" and cid not in reqs:
            raise ValueError(f"bazaar_requirements.{cid}: the bazaar {cid} has no requirement row")


def _merge_cards(default: dict[str, Any], card_over: Any) -> dict[str, Any]:
    """A fresh card table with the overridden fields (merged field by field)."""
    # Its values are strings and integers (checked later), so copying each card is a deep copy.
    cards = {cid: dict(c) for cid, c in default.items()}
    if card_over is None:
        return cards
    if not isinstance(card_over, Mapping):
        raise ValueError("rule parameter 'cards' must be a table of card id -> fields to change")
    for cid, fields in card_over.items():
        if cid not in cards:
            raise ValueError(f"unknown card cards.{cid} (known: {', '.join(cards)})")
        if not isinstance(fields, Mapping):
            raise ValueError(f"cards.{cid} must be a table of fields to change")
        for key, v in fields.items():
            if key not in CARD_FIELDS:
                raise ValueError(f"cards.{cid}.{key} is not a card field (fields: {', '.join(CARD_FIELDS)})")
            cards[cid][key] = copy.deepcopy(v)
    return cards


Ids = tuple[tuple[str, ...], tuple[str, ...]]
# Card ids of the card tables flattened in this process, by the key stored in the parameter block (P_IDS_KEY).
_IDS: dict[int, Ids] = {}


def deck_ids(params: dict[str, Any]) -> Ids:
    """Card ids of each deck (character, location), in table order: position i of deck d is card d * DECK_CAP + i."""
    return tuple(tuple(cid for cid, c in params["cards"].items() if c["deck"] == d) for d in C.DECK_NAMES)


def ids_key(ids: Ids) -> int:
    """A stable key of a card table's ids (stored in the parameter block so that views can name the cards)."""
    return zlib.crc32("\n".join("|".join(d) for d in ids).encode())


def card_ids(flat: np.ndarray) -> Ids:
    """Card ids of each deck of a parameter block or state (C01.., L01.. if its table is unknown to this process)."""
    ids = _IDS.get(int(flat[L.P_IDS_KEY]))
    if ids is not None:
        return ids
    return tuple(tuple(f"{C.DECK_NAMES[d][0].upper()}{i + 1:02d}" for i in range(int(flat[L.P_DECK_N + d])))
                 for d in range(2))


def legal_pairs(params: dict[str, Any], players: int) -> list[int]:
    """Pair codes of the legal card pairs (rules 6.1), ascending."""
    slots = params["slots"][players - 2]
    out = []
    for code, (u, v) in enumerate(C.PAIRS):
        hand = [h for h in (u, v) if h != C.HAND_INCOME]
        if any(h % L.MAX_SLOTS >= slots for h in hand):
            continue
        if 2 - len(hand) > params["income_cards"]:
            continue
        if u == v and u != C.HAND_INCOME:
            continue
        if params["pair_rule"] == "one_each" and sum(h < L.MAX_SLOTS for h in hand) > 1:
            continue
        if params["pair_rule"] == "one_each" and sum(h >= L.MAX_SLOTS for h in hand) > 1:
            continue
        out.append(code)
    return out


def card_values(params: dict[str, Any], cid: str) -> dict[str, Any]:
    """A card's fields as the game uses them: rule parameters replace the matching table values of its kind."""
    c = dict(params["cards"][cid])
    for kinds, field, pname in KIND_OVERRIDES:
        if c["kind"] in kinds:
            c[field] = params[pname]
    return c


def _flatten(params: dict[str, Any], players: int, a: np.ndarray) -> None:
    """The parts of the parameter block not declared with a slot: the bribe cap, the legal pairs and the card table
    (the card-kind parameters replace table values); ValueError if a deck is too small for the player count."""
    slots = params["slots"][players - 2]
    cap = params["bribe_cap"]
    a[L.P_BRIBE_CAP] = L.BRIBE_CAP_NONE if cap == "none" else min(cap, L.BRIBE_CAP_NONE)
    pairs = legal_pairs(params, players)
    if len(pairs) < 1:
        raise ValueError("rule parameters leave no legal card pair")
    a[L.P_NPAIRS] = len(pairs)
    a[L.P_PAIRS: L.P_PAIRS + len(pairs)] = pairs
    reqs = params["bazaar_requirements"]
    all_ids = deck_ids(params)
    a[L.P_IDS_KEY] = ids_key(all_ids)
    _IDS[int(a[L.P_IDS_KEY])] = all_ids
    for d, ids in enumerate(all_ids):
        a[L.P_DECK_N + d] = len(ids)
        used = 0
        for i, cid in enumerate(ids):
            c = card_values(params, cid)
            o = L.P_CARDS + (d * L.DECK_CAP + i) * L.CF_SIZE
            a[o + L.CF_USED] = c["min_players"] <= players
            used += c["min_players"] <= players
            a[o + L.CF_KIND] = C.KINDS.index(c["kind"])
            a[o + L.CF_COST] = c["cost"]
            a[o + L.CF_RES: o + L.CF_RES + 4] = [c[r] for r in C.RESOURCES]
            a[o + L.CF_COLOUR] = C.COLOURS.index(c["colour"])
            a[o + L.CF_PILLARS] = c["pillars"]
            a[o + L.CF_VP_BASE] = c["vp_base"]
            a[o + L.CF_VP_MULT] = c["vp_mult"]
            a[o + L.CF_VP_PER] = VP_PER.index(c["vp_per"]) - 1
            a[o + L.CF_COINS] = c["coins"]
            if c["kind"] == "bazaar":
                a[o + L.CF_REQ: o + L.CF_REQ + 4] = reqs[cid]
        if used < slots:
            raise ValueError(f"cards: the {C.DECK_NAMES[d]} deck has {used} cards for {players} players, fewer "
                             f"than the {slots} slots of its row (rule parameter slots)")


def _majority_strategy(st: Any) -> Any:
    return st.tuples(st.integers(0, 20), st.integers(0, 20), st.integers(0, 20)).map(
        lambda t: sorted(t, reverse=True))


def _cards_strategy(st: Any) -> Any:
    """A card-table edit: one card's cost and symbols."""
    ids = [f"C{i:02d}" for i in range(1, 35)] + ["L14", "L15", "L16", "L23", "L34"]
    return st.fixed_dictionaries({"cost": st.integers(0, 5), "beer": st.integers(0, 3),
                                  "min_players": st.integers(2, 5)}).flatmap(
        lambda fields: st.sampled_from(ids).map(lambda cid: {"cards": {cid: fields}}))


def _int(name: str, default: int, meaning: str, lo: int, hi: int, slot: int | None = None,
         search: tuple[int, int] | None = None) -> Param:
    return Param(name, default, meaning, lo=lo, hi=hi, slot=slot, search=search)


# Rules section 9.
PARAMS = (
    Param("slots", [3, 3, 4, 5], "slots per row (characters A.., locations I..) for 2 / 3 / 4 / 5 players", lo=2,
          hi=L.MAX_SLOTS, shape=(4,), by_players=True, slot=L.P_SLOTS),
    _int("start_coins", 5, "coins per player at setup", 0, 15, L.P_START_COINS),
    _int("income_value", 3, "coins per income card played", 0, 6, L.P_INCOME_VALUE),
    _int("income_cards", 2, "income cards ($) per hand", 0, 2, L.P_INCOME_CARDS),
    _int("consolation", 1, "coins to each bidder of a slot who does not win it", 0, 3, L.P_CONSOLATION),
    _int("growth", 1, "coins added each round to every card left on the display", 0, 3, L.P_GROWTH),
    Param("majority_vp", [10, 4, 0], "majority VP per resource: most / middle / fewest (20 >= most >= middle >= "
          "fewest >= 0)", lo=0, hi=20, shape=(3,), slot=L.P_MAJ, check=_majority, strategy=_majority_strategy),
    _int("land_coins", 3, "coins gained on acquiring a field, forest or mine", 0, 6),
    _int("tavern_base", 5, "coins gained on acquiring a tavern, before +1 per beer held", 0, 10),
    _int("legion_bribe", 2, "effective bribe per legion committed to a card", 0, 5, L.P_LEGION_BRIBE),
    _int("legion_vp", 2, "VP per legion held at the end", 0, 5),
    _int("prestige_resource_vp", 1, "mill / laboratory / forge: VP per bread / elixir / gladius", 0, 3),
    _int("prestige_colour_vp", 2, "bakery / herbalist / armory: VP per yellow / green / red card", 0, 4),
    _int("statue_base", 3, "statue of Augustus: VP before +1 per pillar", 0, 6),
    _int("bazaar_vp", 6, "VP per satisfied bazaar", 0, 12),
    _int("fortune_divisor", 3, "coins per fortune VP", 1, 10, L.P_FORTUNE_DIV),
    Param("pair_rule", "one_each", "\"one_each\" (a letter or $, and a numeral or $) or \"any_two\" (any two hand "
          "cards)", choices=("one_each", "any_two"), slot=L.P_PAIR_RULE),
    Param("bribe_cap", "none", "largest coin bribe per card: \"none\" or an integer >= 0", check=_bribe_cap,
          strategy=lambda st: st.one_of(st.just("none"), st.integers(0, 12))),
    _int("max_rounds", 50, "safety cap on the rounds played (A12)", 10, 200, L.P_MAX_ROUNDS, search=(10, 60)),
)

_CARDS = _load_cards(CARDS_FILE)
TABLE = ParamTable(PARAMS, size=L.PARAMS_SIZE, players_slot=L.P_PLAYERS, min_players=2, extra=_CARDS,
                   merge={"cards": _merge_cards}, check=_check_cards, flatten=_flatten,
                   joint=((("cards",), _cards_strategy),))
DEFAULTS = TABLE.defaults()
resolve = TABLE.resolve
flatten = TABLE.flatten
