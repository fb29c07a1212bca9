"""States built from a readable view (docs/bruxelles1893.md section 5): parse and check every field, draw the
hidden orders from the seed, then require that the new state shows exactly the given view and satisfies every
invariant."""

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from brux.core.rng import seed_stream
from brux.errors import ScenarioError

from .invariants import check_invariants
from .kernel import codes as C
from .kernel import layout as L
from .kernel.engine import settle
from .params import BONUS_IDS, FIGURE_IDS, SE_IDS, STRIP_IDS, resolve_cached


class ViewError(ScenarioError):
    """A view that state_from_dict rejects (the message names the field)."""

    def __init__(self, problem: str) -> None:
        super().__init__(f"state_from_dict: {problem}")


def _get(d: Any, key: str, where: str) -> Any:
    if not isinstance(d, Mapping) or key not in d:
        raise ViewError(f"{where}: missing key {key!r}")
    return d[key]


def _int(d: Any, key: str, where: str, lo: int, hi: int) -> int:
    v = _get(d, key, where)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise ViewError(f"{where}.{key} must be an integer in {lo}..{hi}, got {v!r}")
    return v


def _choice(v: Any, choices: tuple, where: str) -> int:
    if v not in choices:
        raise ViewError(f"{where} must be one of {', '.join(map(str, choices))}, got {v!r}")
    return choices.index(v)


def _list(v: Any, n: int | None, where: str) -> list:
    if not isinstance(v, list) or (n is not None and len(v) != n):
        raise ViewError(f"{where} must be a list" + (f" of {n}" if n is not None else "") + f", got {v!r}")
    return v


def _space(text: Any, where: str) -> int:
    if not (isinstance(text, str) and len(text) == 4 and text[0] == "r" and text[2] == "c"
            and text[1] in "12345" and text[3] in "12345"):
        raise ViewError(f"{where} must be a space r1c1..r5c5, got {text!r}")
    return (int(text[1]) - 1) * 5 + int(text[3]) - 1


class _Rng:
    """The seed's hidden-information stream (the kernel's chance stream format)."""

    def __init__(self, s: np.ndarray) -> None:
        self.s = s

    def shuffle(self, items: list[int]) -> None:
        from .kernel.base import chance

        for i in range(len(items) - 1, 0, -1):
            j = int(chance(self.s, i + 1))
            items[i], items[j] = items[j], items[i]


def build(d: dict[str, Any], flat: np.ndarray, seed: int, to_dict: Callable[[np.ndarray], dict]) -> np.ndarray:
    """The state of view d (pending SHIELD or MAIN), hidden orders drawn from seed; ViewError names a problem.
    `to_dict` (the view) checks the rebuilt state."""
    s = np.zeros(L.STATE_SIZE, np.int64)
    s[: L.PARAMS_SIZE] = flat
    n = int(flat[L.P_PLAYERS])
    if _get(d, "game", "view") != "bruxelles1893":
        raise ViewError(f"view.game must be 'bruxelles1893', got {d['game']!r}")
    if _get(d, "players", "view") != n:
        raise ViewError(f"view.players must be {n} (the game's player count), got {d['players']!r}")
    if _get(d, "over", "view") is not False:
        raise ViewError("view.over must be false: a finished game cannot be resumed")
    pending = _get(d, "pending", "view")
    if pending not in ("SHIELD", "MAIN"):
        raise ViewError(f"view.pending must be SHIELD or MAIN, got {pending!r}")
    if _get(d, "context", "view") != {}:
        raise ViewError("view.context must be {} (no decision in progress)")
    ip = _get(d, "in_play", "view")
    if _get(ip, "works", "in_play") != [] or _get(ip, "figure", "in_play") is not None:
        raise ViewError("view.in_play must be empty (no item between two places)")
    rounds = int(flat[L.P_ROUNDS])
    rnd = _int(d, "round", "view", 1, rounds)
    s[L.G_SEED] = seed
    seed_stream(s, L.G_RNG_KEY, L.G_RNG_CTR, seed, 0)
    s[L.G_ROUND] = rnd
    s[L.G_FIRST] = _int(d, "first_player", "view", 0, n - 1)
    cur = _int(d, "current_player", "view", 0, n - 1)
    _choice(_get(d, "phase", "view"), C.PHASES, "view.phase")
    s[L.G_PHASE] = C.PH_SE if pending == "SHIELD" else C.PH_ACTIONS
    # Stock Exchange card and area
    se = _get(d, "stock_exchange", "view")
    card = _choice(_get(se, "card", "stock_exchange"), SE_IDS, "stock_exchange.card")
    s[L.SE_CARD] = card
    area = _get(d, "area", "view")
    s[L.AREA_SHIELD] = -1
    if area is not None:
        sh = _get(area, "shield", "area")
        line = {int(flat[L.P_SE_SHIELD + 2 * card + j]) for j in range(2)}
        code = None
        if isinstance(sh, str) and len(sh) == 2 and sh[0] in "1234" and sh[1] in "1234":
            code = (int(sh[0]) - 1) * 4 + int(sh[1]) - 1
        if code not in line:
            raise ViewError(f"area.shield {sh!r} is not one of the shields of {SE_IDS[card]} for {n} players")
        from .kernel.flow import set_area

        set_area(s, code)
    # board
    board = _get(d, "board", "view")
    strips = _list(_get(board, "strips", "board"), 5, "board.strips")
    sides = _list(_get(board, "sides", "board"), 5, "board.sides")
    for r in range(5):
        s[L.STRIP + r] = _choice(strips[r], STRIP_IDS, f"board.strips[{r}]")
        s[L.SIDE + r] = _choice(sides[r], ("A", "B"), f"board.sides[{r}]")
    if sorted(strips) != list(STRIP_IDS):
        raise ViewError("board.strips must be a permutation of S1..S5")
    from .kernel.rounds import set_strip_types

    set_strip_types(s)
    rows = _list(_get(board, "spaces", "board"), 5, "board.spaces")
    for r in range(5):
        for c, sp in enumerate(_list(rows[r], 5, f"board.spaces[{r}]")):
            w = f"board.spaces[{r}][{c}]"
            i = r * 5 + c
            if _get(sp, "type", w) != C.TYPES[s[L.SP_TYPE + i]]:
                raise ViewError(f"{w}.type {sp['type']!r} does not match strip {strips[r]} side {sides[r]}")
            a = _get(sp, "assistant", w)
            s[L.SP_OCC + i] = C.EMPTY
            if a is not None:
                if _get(a, "owner", w + ".assistant") == "neutral":
                    if not (n == 2 and flat[L.P_NEUTRAL]):
                        raise ViewError(f"{w}: neutral pawns exist only in 2-player games")
                    s[L.SP_OCC + i] = C.NEUTRAL + _int(a, "placed_by", w + ".assistant", 0, n - 1)
                    _int(a, "bid", w + ".assistant", 0, 0)
                else:
                    s[L.SP_OCC + i] = _int(a, "owner", w + ".assistant", 0, n - 1)
                    s[L.SP_BID + i] = _int(a, "bid", w + ".assistant", int(flat[L.P_MIN_BID]), 10**6)
            b = _get(sp, "building", w)
            s[L.SP_BOWN + i] = -1
            if b is not None:
                s[L.SP_BOWN + i] = _int(b, "owner", w + ".building", 0, n - 1)
                s[L.SP_BTILE + i] = _choice(_get(b, "tile", w + ".building"), C.TILE_ROWS, w + ".building.tile")
    # seats
    seats = _list(_get(d, "seats", "view"), n, "view.seats")
    seen_bonus: list[int] = []
    seen_figs = [0] * C.N_FIGURES
    seen_works = [0] * 5
    for p, sd in enumerate(seats):
        w = f"seats[{p}]"
        o = L.SEATS + p * L.SEAT_SIZE
        s[o + L.S_MONEY] = _int(sd, "money", w, 0, 10**6)
        s[o + L.S_VP] = _int(sd, "vp", w, -10**6, 10**6)
        passed = _get(sd, "passed", w)
        if not isinstance(passed, bool):
            raise ViewError(f"{w}.passed must be true or false")
        s[o + L.S_PASSED] = passed
        s[o + L.S_SUPPLY] = _int(sd, "supply", w, 0, 9)
        s[o + L.S_COURT] = _int(sd, "courthouse", w, 0, 9)
        tr = _get(sd, "tracks", w)
        for t, key in enumerate(C.TRACKS):
            s[o + L.S_TRACK + t] = _int(tr, key, w + ".tracks", 1, 7)
        figs = _get(sd, "figures", w)
        for f, fid in enumerate(FIGURE_IDS):
            s[o + L.S_FIG + f] = _choice(_get(figs, fid, w + ".figures"), (None, "upright", "tapped"),
                                         f"{w}.figures.{fid}")
            seen_figs[f] += s[o + L.S_FIG + f] > 0 and f > 0
        works = _get(sd, "works", w)
        for c, col in enumerate(C.COLOURS):
            s[o + L.S_WORKS + c] = _int(works, col, w + ".works", 0, 30)
            seen_works[c] += s[o + L.S_WORKS + c]
        mats = _get(sd, "materials", w)
        for m, key in enumerate(C.MATERIALS):
            s[o + L.S_MAT + m] = _int(mats, key, w + ".materials", 0, 15)
        tiles = _get(sd, "tiles", w)
        for k, key in enumerate(C.TILE_ROWS):
            s[o + L.S_TILES + k] = _int(tiles, key, w + ".tiles", 0, 2)
        s[o + L.S_EXH] = _int(sd, "exhibition_tiles", w, 0, 5)
        for k, row in enumerate(_list(_get(sd, "rows", w), 4, w + ".rows")):
            cards = _list(_get(row, "cards", f"{w}.rows[{k}]"), None, f"{w}.rows[{k}].cards")
            if len(cards) > 5:
                raise ViewError(f"{w}.rows[{k}].cards holds more than 5 cards")
            for i, cid in enumerate(cards):
                b = _choice(cid, BONUS_IDS, f"{w}.rows[{k}].cards[{i}]")
                s[o + L.S_ROWS + k * 5 + i] = b
                seen_bonus.append(b)
            s[o + L.S_ROWN + k] = len(cards)
            tu = _get(row, "tucked_this_round", f"{w}.rows[{k}]")
            if tu is not False:
                raise ViewError(f"{w}.rows[{k}].tucked_this_round must be false before resolution")
            _get(row, "multiplier", f"{w}.rows[{k}]")
        if _get(sd, "bonus_won", w) != []:
            raise ViewError(f"{w}.bonus_won must be empty before resolution")
        src = _get(sd, "vp_by_source", w)
        for j, key in enumerate(C.VP_SOURCES):
            s[o + L.S_SRC + j] = _int(src, key, w + ".vp_by_source", -10**6, 10**6)
        s[o + L.S_OPEN] = -1
        s[o + L.S_OPEN + 1] = -1
        s[o + L.S_NTURN] = C.N_OPENINGS
    # exhibition
    ex = _get(d, "exhibition", "view")
    taken = _get(ex, "taken_by", "exhibition")
    if taken is not None and (isinstance(taken, bool) or not isinstance(taken, int) or not 0 <= taken < n):
        raise ViewError(f"exhibition.taken_by must be null or a seat, got {taken!r}")
    s[L.G_EXH_BY] = -1 if taken is None else taken
    # works of art
    wv = _get(d, "works", "view")
    shop = _list(_get(wv, "shop", "works"), 2, "works.shop")
    for k in range(2):
        pile = _list(shop[k], None, f"works.shop[{k}]")
        if len(pile) > L.PILE_CAP:
            raise ViewError(f"works.shop[{k}] holds too many tiles")
        for i, col in enumerate(pile):
            c = _choice(col, C.COLOURS, f"works.shop[{k}][{i}]")
            s[L.PILE + k * L.PILE_CAP + i] = c
            seen_works[c] += 1
        s[L.PILE_N + k] = len(pile)
    rng = _Rng(s)
    coloured = [c for c in range(4) for _ in range(max(0, 6 - seen_works[c]))]
    rng.shuffle(coloured)
    s[L.CST: L.CST + len(coloured)] = coloured
    s[L.CST_N] = len(coloured)
    black = max(0, 6 - seen_works[C.BLACK])
    s[L.KST: L.KST + black] = C.BLACK
    s[L.KST_N] = black
    cur_pos = _list(_get(d, "cursor", "view"), 2, "view.cursor")
    for k in range(2):
        if isinstance(cur_pos[k], bool) or cur_pos[k] not in range(2, 7):
            raise ViewError(f"view.cursor must be two integers in 2..6, got {cur_pos!r}")
        s[L.CURSOR + k] = cur_pos[k]
    # compass and supply
    comp = _get(d, "compass", "view")
    tiles = _list(_get(comp, "tiles", "compass"), 6, "compass.tiles")
    if sorted(tiles, key=str) != sorted(C.COMPASS):
        raise ViewError(f"compass.tiles must be a permutation of {', '.join(C.COMPASS)}")
    for i, t in enumerate(tiles):
        s[L.COMP + i] = C.COMPASS.index(t)
    nd = _get(comp, "needles", "compass")
    s[L.NEEDLE] = _int(nd, "A", "compass.needles", 0, 5)
    s[L.NEEDLE + 1] = _int(nd, "B", "compass.needles", 0, 5)
    if s[L.NEEDLE] == s[L.NEEDLE + 1]:
        raise ViewError("compass.needles A and B must be on different spaces")
    sup = _get(d, "supply", "view")
    for m, key in enumerate(C.MATERIALS):
        s[L.SUP + m] = _int(sup, key, "supply", 0, 15)
    # Brussels
    br = _get(d, "brussels", "view")
    for b, key in enumerate(C.BRUSSELS):
        e = _get(br, key, "brussels")
        s[L.BR_USES + b] = _int(e, "uses", f"brussels.{key}", 0, L.BR_CAP)
        lst = _list(_get(e, "assistants", f"brussels.{key}"), None, f"brussels.{key}.assistants")
        if len(lst) > L.BR_CAP or any(isinstance(q, bool) or q not in range(n) for q in lst):
            raise ViewError(f"brussels.{key}.assistants must list seats 0..{n - 1}")
        s[L.BR_LIST + b * L.BR_CAP: L.BR_LIST + b * L.BR_CAP + len(lst)] = lst
        s[L.BR_N + b] = len(lst)
    # Theatre (hidden: which unseen cards are in the deck, which in the discards, and the deck order)
    th = _get(d, "theatre", "view")
    disp = _list(_get(th, "display", "theatre"), 4, "theatre.display")
    for i, fid in enumerate(disp):
        f = _choice(fid, (None, *FIGURE_IDS), f"theatre.display[{i}]") - 1
        if f == 0:
            raise ViewError("theatre.display cannot hold PF0 (Brugmann is not in the theatre deck)")
        s[L.TH_DISP + i] = f
        if f > 0:
            seen_figs[f] += 1
    pool = []
    for f in range(1, C.N_FIGURES):
        left = int(flat[L.P_PF_DECK + f]) - seen_figs[f]
        if left < 0:
            raise ViewError(f"{FIGURE_IDS[f]}: more copies in play than the {flat[L.P_PF_DECK + f]} of the deck")
        pool += [f] * left
    tdeck = _int(th, "deck", "theatre", 0, C.N_THEATRE)
    tdisc = _int(th, "discard", "theatre", 0, C.N_THEATRE)
    if tdeck + tdisc != len(pool):
        raise ViewError(f"theatre.deck + theatre.discard must be {len(pool)} (the unseen figures), got "
                        f"{tdeck + tdisc}")
    rng.shuffle(pool)
    s[L.TH_DECK: L.TH_DECK + tdeck] = pool[:tdeck]
    s[L.TH_DN] = tdeck
    s[L.TH_DISC: L.TH_DISC + tdisc] = pool[tdeck:]
    s[L.TH_DISCN] = tdisc
    s[L.IP_FIG] = -1
    # bonus cards
    bon = _get(d, "bonus", "view")
    strip = _list(_get(bon, "strip", "bonus"), 5, "bonus.strip")
    for c, cid in enumerate(strip):
        b = _choice(cid, (None, *BONUS_IDS), f"bonus.strip[{c}]") - 1
        s[L.BON_STRIP + c] = b
        if b >= 0:
            seen_bonus.append(b)
    if len(set(seen_bonus)) != len(seen_bonus):
        raise ViewError("a bonus card is in two places")
    bdeck = _int(bon, "deck", "bonus", 0, C.N_BONUS)
    s[L.BON_DISC] = _int(bon, "discard", "bonus", 0, C.N_BONUS)
    unseen = [b for b in range(C.N_BONUS) if b not in seen_bonus]
    if len(unseen) != bdeck + s[L.BON_DISC]:
        raise ViewError(f"bonus.deck + bonus.discard must be {len(unseen)} (the unseen cards)")
    rng.shuffle(unseen)
    order = seen_bonus + unseen[bdeck:] + unseen[:bdeck]
    s[L.BON_DECK: L.BON_DECK + C.N_BONUS] = order
    s[L.BON_POS] = C.N_BONUS - bdeck
    # Stock Exchange deck: this round's card at position round - 1
    rest = [k for k in range(C.N_SE) if k != card]
    rng.shuffle(rest)
    s[L.SE_DECK: L.SE_DECK + C.N_SE] = rest[: rnd - 1] + [card] + rest[rnd - 1:]
    # the decision
    s[L.G_PENDING] = C.D_SHIELD if pending == "SHIELD" else C.D_MAIN
    s[L.G_CUR] = cur
    if pending == "SHIELD":
        if cur != s[L.G_FIRST]:
            raise ViewError("view.current_player must be the first player while SHIELD is pending")
    else:
        if area is None:
            raise ViewError("view.area must be set while MAIN is pending")
        if s[L.SEATS + cur * L.SEAT_SIZE + L.S_PASSED]:
            raise ViewError("view.current_player has passed: MAIN cannot be pending for him")
        s[L.C_TURN] = cur
        s[L.C_ACTOR] = cur
    _compare(d, to_dict(s))
    problems = check_invariants(to_dict(s), resolve_cached(flat))
    if problems:
        raise ViewError("inconsistent view: " + "; ".join(problems))
    settle(s)
    return s


def _compare(given: Any, built: Any, where: str = "view") -> None:
    """The rebuilt view must equal the given one (derived fields and counts included; Game.state_from_dict refuses
    keys it does not have)."""
    if isinstance(built, dict):
        if not isinstance(given, dict):
            raise ViewError(f"{where} must be a mapping")
        for key in built:
            if key not in given:
                raise ViewError(f"{where}: missing key {key!r}")
            _compare(given[key], built[key], f"{where}.{key}")
    elif isinstance(built, list):
        if not isinstance(given, list) or len(given) != len(built):
            raise ViewError(f"{where} must be a list of {len(built)}, got {given!r}")
        for i, (a, b) in enumerate(zip(given, built, strict=True)):
            _compare(a, b, f"{where}[{i}]")
    elif given != built or type(given) is not type(built) and not (given is None or built is None):
        raise ViewError(f"{where} is {given!r}, inconsistent with the rest of the view (expected {built!r})")
