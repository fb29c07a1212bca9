"""State schemas (brux.core.schema): offsets in declaration order, blocks, the kit's header, bounds, pieces and the
range check; every game's layout built on them."""

import importlib

import pytest

import brux
from brux.core.schema import Block, Field, Mark, Schema, header, legal_cache

KIT_HEADER = ("G_SEED", "G_RNG_KEY", "G_RNG_CTR", "G_ROUND", "G_CUR", "G_PENDING", "G_OVER", "G_DECISIONS", "G_AUTO")


def small() -> Schema:
    return Schema(
        Field("P_N", kind="param", low=2, high=4),
        Mark("PARAMS_SIZE"),
        *header(4, 3, 10, after={"G_OVER": (Field("G_BANK", low=-5, high=66),)}),
        Field("DECK", (2, 3), kind="card", high=9, vis="nobody"),
        Block("SEATS", 4, "SEAT_SIZE", (Field("S_A", high=7), Field("S_B", 2, low=-1, high=1)), size=4),
        *legal_cache(8, 20),
        Mark("STATE_SIZE"),
    )


def test_offsets_follow_the_declarations_with_game_fields_placed_in_the_header():
    s = small()
    o = s.offsets
    assert o["PARAMS_SIZE"] == 1
    names = [*KIT_HEADER[:7], "G_BANK", *KIT_HEADER[7:]]
    assert [o[n] for n in names] == list(range(1, 1 + len(names)))
    assert o["DECK"] == 11 and o["SEATS"] == 17 and (o["S_A"], o["S_B"], o["SEAT_SIZE"]) == (0, 1, 4)
    assert (o["LEGAL_N"], o["LEGAL"], o["STATE_SIZE"]) == (33, 34, 42) and s.size == 42
    assert s.span("G_ROUND", "G_AUTO") == (4, 7) and s.span("SEATS") == (17, 16)


def test_bounds_and_the_range_check_name_the_value_outside():
    s = small()
    state = s.low.copy()
    assert s.violations(state) == [] and s.violations(s.high.copy()) == []
    state[s["SEATS"] + 2 * 4 + s["S_B"] + 1] = 2
    state[s["SEATS"] + 3] = 1  # seat 0's padding
    state[s["G_BANK"]] = -6
    assert s.violations(state) == ["G_BANK = -6 outside -5 .. 66", "SEATS[0].SEATS_PAD = 1 outside 0 .. 0",
                                   "SEATS[2].S_B[1] = 2 outside -1 .. 1"]
    assert "shape" in s.violations(state[:-1])[0]


def test_pieces_copy_fields_with_their_bounds_and_refuse_hidden_ones():
    s = small()
    p = s.piece("header", "round .. auto", "G_ROUND", "G_AUTO")
    assert (p.source, p.size) == (4, 7)
    lo, hi = p.bounds()
    assert list(lo) == [0, -1, -1, 0, -5, 0, 0] and list(hi[:5]) == [10, 3, 2, 1, 66]
    with pytest.raises(ValueError, match="DECK"):
        s.piece("deck", "the deck order", "DECK")


@pytest.mark.parametrize("bad, word", [
    (lambda: Field("X", kind="thing"), "kind"),
    (lambda: Field("X", vis="some"), "visibility"),
    (lambda: Field("X", low=2, high=1), "bounds"),
    (lambda: Schema(Field("X"), Field("X")), "twice"),
    (lambda: Block("B", 2, "B_SIZE", (Field("S_X", 3),), size=2), "below"),
    (lambda: header(4, 3, 10, after={"G_NOPE": ()}), "G_NOPE"),
])
def test_bad_declarations_are_refused(bad, word):
    with pytest.raises(ValueError, match=word):
        bad()


@pytest.mark.parametrize("name", brux.list_games())
def test_every_game_declares_the_kit_header(name):
    L = importlib.import_module(f"brux.games.{name}.kernel.layout")
    schema = L.SCHEMA
    assert all(n in schema.offsets for n in KIT_HEADER)
    assert [schema[n] for n in KIT_HEADER] == sorted(schema[n] for n in KIT_HEADER)
