"""Bruxelles 1897 rule parameters: each declared once (default = the rules, allowed values, kernel slot, meaning).

`TABLE` gives validation (`resolve`), the kernel's flat block (`flatten`), random valid parameters (brux.testing),
the default search space of `brux balance` and the table in docs/bruxelles1897.md.
"""

from typing import Any

import numpy as np

from brux.core.params import Param, ParamTable, int_list

from .kernel import codes as C
from .kernel import layout as L


def _check_faces(name: str, v: Any) -> None:
    if not isinstance(v, (list, tuple)) or len(v) != 3:
        raise ValueError(f"rule parameter {name} must be 3 pairs [low, high] for the types 1/3, 2/4, 2/5")
    for t, pair in enumerate(v):
        int_list(2, 0, L.FACE_MAX)(f"{name}[{t}]", pair)
        if pair[0] >= pair[1]:
            raise ValueError(f"rule parameter {name}[{t}] must have low < high, got {pair}")


def _check_prison(name: str, v: Any) -> None:
    if not isinstance(v, (list, tuple)) or len(v) != 3:
        raise ValueError(f"rule parameter {name} must be 3 lists (2, 3, 4 players) of 3 counts")
    for i, row in enumerate(v):
        int_list(3, 0, 10)(f"{name}[{i}]", row)


def _faces_strategy(st: Any) -> Any:
    pair = st.tuples(st.integers(0, 5), st.integers(1, 4)).map(lambda t: [t[0], t[0] + t[1]])
    return st.lists(pair, min_size=3, max_size=3)


def _money(name: str, default: int, meaning: str, slot: int) -> Param:
    return Param(name, default, meaning, lo=0, hi=100, slot=slot, search=(0, 8))


PARAMS = (
    Param("rounds", 4, "rounds per game", lo=1, hi=20, slot=L.P_ROUNDS, search=(1, 6)),
    Param("start_money", [4, 5, 6, 7], "starting BEF by seat (seat 0 is the start player)", lo=0, hi=1000,
          shape=(L.MAX_PLAYERS,), slot=L.P_START_MONEY, search=(0, 12)),
    _money("first_pass_money", 3, "BEF for the first player to pass in a round", L.P_FIRST_PASS),
    _money("later_pass_money", 1, "BEF for every later pass", L.P_LATER_PASS),
    _money("stock_exchange_money", 5, "BEF from the Stock Exchange", L.P_SE_MONEY),
    _money("sale_money", 3, "BEF from selling an artwork", L.P_SALE_MONEY),
    _money("brugmann_money", 4, "BEF from Georges Brugmann", L.P_BRUGMANN_MONEY),
    Param("track_max", 5, "top of the architecture, noble and prestige tracks", lo=1, hi=20, slot=L.P_TRACK_MAX,
          search=(1, 7)),
    _money("noble_upkeep", 2, "BEF per kept noble (not Brugmann) at the end", L.P_UPKEEP),
    _money("unpaid_noble_penalty", 3, "VP lost per noble that cannot be paid", L.P_UNPAID_PENALTY),
    _money("exhibit_vp", 2, "VP per artwork exhibited", L.P_EXHIBIT_VP),
    _money("exhibition_holder_vp", 2, "VP for the exhibition card holder at the end", L.P_HOLDER_VP),
    _money("money_bonus_vp", 3, "money lower half: VP per `money_bonus_per` BEF ...", L.P_MB_VP),
    Param("money_bonus_per", 2, "... this many BEF ...", lo=1, hi=100, slot=L.P_MB_PER, search=(1, 4)),
    _money("money_bonus_cap", 5, "... at most this many times", L.P_MB_CAP),
    _money("type_bonus_vp", 2, "VP per noble / house type / artwork colour (lower halves)", L.P_TYPE_BONUS_VP),
    _money("material_end_vp", 1, "VP per material card held at the end", L.P_MATERIAL_END_VP),
    Param("cards_per_type", [3, 3, 4], "cards per deck in the area, for 2 / 3 / 4 players", lo=1, hi=8, shape=(3,),
          by_players=True, slot=L.P_K),
    Param("neutral_value", 3, "value of each 2-player neutral architect", lo=0, hi=20, slot=L.P_NEUTRAL_VALUE,
          search=(0, 6)),
    Param("exhibition_mode", "round_robin", "\"round_robin\" (A5) or \"one_each\"",
          choices=("round_robin", "one_each"), slot=L.P_EXH_MODE),
    Param("may_decline", False, "true: Sale and Build may be declined (A6)", choices=(False, True),
          slot=L.P_MAY_DECLINE),
    Param("architect_faces", [[1, 3], [2, 4], [2, 5]], "the two face values of the architect types 1/3, 2/4, 2/5 "
          f"(0..{L.FACE_MAX}, low < high)", shape=(3, 2), slot=L.P_FACES, check=_check_faces,
          strategy=_faces_strategy),
    Param("architect_counts", [4, 2, 1], "architects of each type a colour has", lo=0, hi=10, shape=(3,),
          slot=L.P_ARCH_COUNTS),
    Param("prison_start", [[0, 0, 1], [0, 1, 1], [0, 1, 1]], "architects of each type that start under the prison "
          "card, for 2 / 3 / 4 players (0..10, at most `architect_counts`)", shape=(3, 3), by_players=True,
          slot=L.P_PRISON_START, check=_check_prison),
    *(Param(f"bonus_lower.{b}", low, f"the lower half on the {b} bonus card (A2); each lower half once",
            choices=C.LOWER_NAMES, slot=L.P_BONUS_LOWER + i)
      for i, (b, low) in enumerate(zip(C.BONUS_NAMES, ("nobles", "house_types", "artwork_colours", "money"),
                                       strict=True))),
    Param("components.artworks_per_colour", 3, "artwork cards per colour", lo=0, hi=9, slot=L.P_COMPONENTS,
          search=(0, 5)),
    Param("components.materials_per_pair", 2, "material cards per pair", lo=0, hi=6, slot=L.P_COMPONENTS + 1,
          search=(0, 4)),
    Param("components.houses_per_type", 4, "house cards per type", lo=0, hi=10, slot=L.P_COMPONENTS + 2,
          search=(0, 6)),
    Param("components.nobles_per_type", 3, "noble cards per type", lo=0, hi=8, slot=L.P_COMPONENTS + 3,
          search=(0, 5)),
    Param("components.money_cards", 23, "money cards", lo=0, hi=99, slot=L.P_COMPONENTS + 4, search=(0, 30)),
)


def _check(params: dict[str, Any]) -> None:
    """The checks across parameters."""
    if not 1 <= sum(params["architect_counts"]) <= L.BRU_CAP // L.MAX_PLAYERS:
        raise ValueError(
            f"rule parameter architect_counts must give each colour 1 to {L.BRU_CAP // L.MAX_PLAYERS} architects, "
            f"got {sum(params['architect_counts'])}"
        )
    for i, row in enumerate(params["prison_start"]):
        for t in range(3):
            if row[t] > params["architect_counts"][t]:
                raise ValueError(
                    f"rule parameter prison_start[{i}][{t}] = {row[t]} exceeds architect_counts[{t}] = "
                    f"{params['architect_counts'][t]}"
                )
    lowers = [params["bonus_lower"][b] for b in C.BONUS_NAMES]
    if sorted(lowers) != sorted(C.LOWER_NAMES):
        raise ValueError(f"rule parameter bonus_lower must use each of {', '.join(C.LOWER_NAMES)} once, got {lowers}")


def _flatten(params: dict[str, Any], players: int, a: np.ndarray) -> None:
    """The derived entries of the parameter block: area rows and the affordable faces by money."""
    a[L.P_ROWS] = 4 if players == 4 else 3
    faces = a[L.P_FACES: L.P_FACES + 6]
    for money in range(L.FACE_MAX + 1):
        a[L.P_AFFORD + money] = sum(1 << i for i, f in enumerate(faces) if f <= money)


def _bonus_lower_strategy(st: Any) -> Any:
    return st.permutations(list(C.LOWER_NAMES)).map(lambda p: {"bonus_lower": dict(zip(C.BONUS_NAMES, p))})


def _architects_strategy(st: Any) -> Any:
    @st.composite
    def draw(d: Any) -> dict[str, Any]:
        counts = d(st.lists(st.integers(0, 3), min_size=3, max_size=3).filter(lambda c: sum(c) >= 1))
        return {"architect_counts": counts,
                "prison_start": [[d(st.integers(0, c)) for c in counts] for _ in range(3)]}

    return draw()


TABLE = ParamTable(PARAMS, size=L.PARAMS_SIZE, players_slot=L.P_PLAYERS, min_players=2, check=_check,
                   flatten=_flatten,
                   joint=((tuple(f"bonus_lower.{b}" for b in C.BONUS_NAMES), _bonus_lower_strategy),
                          (("architect_counts", "prison_start"), _architects_strategy)))
DEFAULTS = TABLE.defaults()
resolve = TABLE.resolve
flatten = TABLE.flatten
