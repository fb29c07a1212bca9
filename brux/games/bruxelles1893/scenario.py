"""States built from a readable view (docs/bruxelles1893.md section 5): parse and check every field, draw the
hidden orders from the seed, then require that the new state shows exactly the given view and satisfies every
invariant."""

from collections.abc import Callable
from typing import Any

import numpy as np

from brux.core.viewread import Draws, choice, entry, int_at, is_int, items, need, shown

from .invariants import check_invariants
from .kernel import codes as C
from .kernel import layout as L
from .kernel.engine import settle
from .params import BONUS_IDS, FIGURE_IDS, SE_IDS, STRIP_IDS, resolve_cached


def build(d: dict[str, Any], flat: np.ndarray, seed: int, to_dict: Callable[[np.ndarray], dict]) -> np.ndarray:
    """The state of view d (pending SHIELD or MAIN), hidden orders drawn from seed; ScenarioError names a problem.
    `to_dict` (the view) checks the rebuilt state."""
    s = np.zeros(L.STATE_SIZE, np.int64)
    s[: L.PARAMS_SIZE] = flat
    n = int(flat[L.P_PLAYERS])
    game = entry(d, "game", "view")
    need(game == "bruxelles1893", "view.game", f"must be 'bruxelles1893', got {game!r}")
    players = entry(d, "players", "view")
    need(players == n, "view.players", f"must be {n} (the game's player count), got {players!r}")
    need(entry(d, "over", "view") is False, "view.over", "must be false: a finished game cannot be resumed")
    pending = entry(d, "pending", "view")
    need(pending in ("SHIELD", "MAIN"), "view.pending", f"must be SHIELD or MAIN, got {shown(pending)}")
    need(entry(d, "context", "view") == {}, "view.context", "must be {} (no decision in progress)")
    ip = entry(d, "in_play", "view")
    need(entry(ip, "works", "in_play") == [] and entry(ip, "figure", "in_play") is None, "view.in_play",
         "must be empty (no item between two places)")
    rounds = int(flat[L.P_ROUNDS])
    rnd = int_at(d, "round", "view", 1, rounds)
    s[L.G_SEED] = seed
    s[L.G_ROUND] = rnd
    s[L.G_FIRST] = int_at(d, "first_player", "view", 0, n - 1)
    cur = int_at(d, "current_player", "view", 0, n - 1)
    choice(entry(d, "phase", "view"), C.PHASES, "view.phase")
    s[L.G_PHASE] = C.PH_SE if pending == "SHIELD" else C.PH_ACTIONS
    # Stock Exchange card and area
    se = entry(d, "stock_exchange", "view")
    card = choice(entry(se, "card", "stock_exchange"), SE_IDS, "stock_exchange.card")
    s[L.SE_CARD] = card
    area = entry(d, "area", "view")
    s[L.AREA_SHIELD] = -1
    if area is not None:
        sh = entry(area, "shield", "area")
        line = {int(flat[L.P_SE_SHIELD + 2 * card + j]) for j in range(2)}
        code = None
        if isinstance(sh, str) and len(sh) == 2 and sh[0] in "1234" and sh[1] in "1234":
            code = (int(sh[0]) - 1) * 4 + int(sh[1]) - 1
        need(code in line, "area.shield", f"{sh!r} is not one of the shields of {SE_IDS[card]} for {n} players")
        from .kernel.flow import set_area

        set_area(s, code)
    # board
    board = entry(d, "board", "view")
    strips = items(entry(board, "strips", "board"), "board.strips", 5)
    sides = items(entry(board, "sides", "board"), "board.sides", 5)
    for r in range(5):
        s[L.STRIP + r] = choice(strips[r], STRIP_IDS, f"board.strips[{r}]")
        s[L.SIDE + r] = choice(sides[r], ("A", "B"), f"board.sides[{r}]")
    need(sorted(strips) == list(STRIP_IDS), "board.strips", "must be a permutation of S1..S5")
    from .kernel.rounds import set_strip_types

    set_strip_types(s)
    rows = items(entry(board, "spaces", "board"), "board.spaces", 5)
    for r in range(5):
        for c, sp in enumerate(items(rows[r], f"board.spaces[{r}]", 5)):
            w = f"board.spaces[{r}][{c}]"
            i = r * 5 + c
            kind = entry(sp, "type", w)
            need(kind == C.TYPES[s[L.SP_TYPE + i]], f"{w}.type",
                 f"{kind!r} does not match strip {strips[r]} side {sides[r]}")
            a = entry(sp, "assistant", w)
            s[L.SP_OCC + i] = C.EMPTY
            if a is not None:
                if entry(a, "owner", w + ".assistant") == "neutral":
                    need(n == 2 and flat[L.P_NEUTRAL], w, "neutral pawns exist only in 2-player games")
                    s[L.SP_OCC + i] = C.NEUTRAL + int_at(a, "placed_by", w + ".assistant", 0, n - 1)
                    int_at(a, "bid", w + ".assistant", 0, 0)
                else:
                    s[L.SP_OCC + i] = int_at(a, "owner", w + ".assistant", 0, n - 1)
                    s[L.SP_BID + i] = int_at(a, "bid", w + ".assistant", int(flat[L.P_MIN_BID]), 10**6)
            b = entry(sp, "building", w)
            s[L.SP_BOWN + i] = -1
            if b is not None:
                s[L.SP_BOWN + i] = int_at(b, "owner", w + ".building", 0, n - 1)
                s[L.SP_BTILE + i] = choice(entry(b, "tile", w + ".building"), C.TILE_ROWS, w + ".building.tile")
    # seats
    seats = items(entry(d, "seats", "view"), "view.seats", n)
    seen_bonus: list[int] = []
    seen_figs = [0] * C.N_FIGURES
    seen_works = [0] * 5
    for p, sd in enumerate(seats):
        w = f"seats[{p}]"
        o = L.SEATS + p * L.SEAT_SIZE
        s[o + L.S_MONEY] = int_at(sd, "money", w, 0, 10**6)
        s[o + L.S_VP] = int_at(sd, "vp", w, -10**6, 10**6)
        passed = entry(sd, "passed", w)
        need(isinstance(passed, bool), f"{w}.passed", "must be true or false")
        s[o + L.S_PASSED] = passed
        s[o + L.S_SUPPLY] = int_at(sd, "supply", w, 0, 9)
        s[o + L.S_COURT] = int_at(sd, "courthouse", w, 0, 9)
        tr = entry(sd, "tracks", w)
        for t, key in enumerate(C.TRACKS):
            s[o + L.S_TRACK + t] = int_at(tr, key, w + ".tracks", 1, 7)
        figs = entry(sd, "figures", w)
        for f, fid in enumerate(FIGURE_IDS):
            s[o + L.S_FIG + f] = choice(entry(figs, fid, w + ".figures"), (None, "upright", "tapped"),
                                         f"{w}.figures.{fid}")
            seen_figs[f] += s[o + L.S_FIG + f] > 0 and f > 0
        works = entry(sd, "works", w)
        for c, col in enumerate(C.COLOURS):
            s[o + L.S_WORKS + c] = int_at(works, col, w + ".works", 0, 30)
            seen_works[c] += s[o + L.S_WORKS + c]
        mats = entry(sd, "materials", w)
        for m, key in enumerate(C.MATERIALS):
            s[o + L.S_MAT + m] = int_at(mats, key, w + ".materials", 0, 15)
        tiles = entry(sd, "tiles", w)
        for k, key in enumerate(C.TILE_ROWS):
            s[o + L.S_TILES + k] = int_at(tiles, key, w + ".tiles", 0, 2)
        s[o + L.S_EXH] = int_at(sd, "exhibition_tiles", w, 0, 5)
        for k, row in enumerate(items(entry(sd, "rows", w), w + ".rows", 4)):
            cards = items(entry(row, "cards", f"{w}.rows[{k}]"), f"{w}.rows[{k}].cards")
            need(len(cards) <= 5, f"{w}.rows[{k}].cards", "holds more than 5 cards")
            for i, cid in enumerate(cards):
                b = choice(cid, BONUS_IDS, f"{w}.rows[{k}].cards[{i}]")
                s[o + L.S_ROWS + k * 5 + i] = b
                seen_bonus.append(b)
            s[o + L.S_ROWN + k] = len(cards)
            need(entry(row, "tucked_this_round", f"{w}.rows[{k}]") is False, f"{w}.rows[{k}].tucked_this_round",
                 "must be false before resolution")
            entry(row, "multiplier", f"{w}.rows[{k}]")
        need(entry(sd, "bonus_won", w) == [], f"{w}.bonus_won", "must be empty before resolution")
        src = entry(sd, "vp_by_source", w)
        for j, key in enumerate(C.VP_SOURCES):
            s[o + L.S_SRC + j] = int_at(src, key, w + ".vp_by_source", -10**6, 10**6)
        s[o + L.S_OPEN] = -1
        s[o + L.S_OPEN + 1] = -1
        s[o + L.S_NTURN] = C.N_OPENINGS
    # exhibition
    ex = entry(d, "exhibition", "view")
    taken = entry(ex, "taken_by", "exhibition")
    need(taken is None or (is_int(taken) and 0 <= taken < n), "exhibition.taken_by",
         f"must be null or a seat, got {taken!r}")
    s[L.G_EXH_BY] = -1 if taken is None else taken
    # works of art
    wv = entry(d, "works", "view")
    shop = items(entry(wv, "shop", "works"), "works.shop", 2)
    for k in range(2):
        pile = items(shop[k], f"works.shop[{k}]")
        need(len(pile) <= L.PILE_CAP, f"works.shop[{k}]", "holds too many tiles")
        for i, col in enumerate(pile):
            c = choice(col, C.COLOURS, f"works.shop[{k}][{i}]")
            s[L.PILE + k * L.PILE_CAP + i] = c
            seen_works[c] += 1
        s[L.PILE_N + k] = len(pile)
    rng = Draws(seed)
    coloured = [c for c in range(4) for _ in range(max(0, 6 - seen_works[c]))]
    rng.shuffle(coloured)
    s[L.CST: L.CST + len(coloured)] = coloured
    s[L.CST_N] = len(coloured)
    black = max(0, 6 - seen_works[C.BLACK])
    s[L.KST: L.KST + black] = C.BLACK
    s[L.KST_N] = black
    cur_pos = items(entry(d, "cursor", "view"), "view.cursor", 2)
    for k in range(2):
        need(is_int(cur_pos[k]) and 2 <= cur_pos[k] <= 6, "view.cursor",
             f"must be two integers in 2..6, got {cur_pos!r}")
        s[L.CURSOR + k] = cur_pos[k]
    # compass and supply
    comp = entry(d, "compass", "view")
    tiles = items(entry(comp, "tiles", "compass"), "compass.tiles", 6)
    need(sorted(tiles, key=str) == sorted(C.COMPASS), "compass.tiles",
         f"must be a permutation of {', '.join(C.COMPASS)}")
    for i, t in enumerate(tiles):
        s[L.COMP + i] = C.COMPASS.index(t)
    nd = entry(comp, "needles", "compass")
    s[L.NEEDLE] = int_at(nd, "A", "compass.needles", 0, 5)
    s[L.NEEDLE + 1] = int_at(nd, "B", "compass.needles", 0, 5)
    need(s[L.NEEDLE] != s[L.NEEDLE + 1], "compass.needles", "A and B must be on different spaces")
    sup = entry(d, "supply", "view")
    for m, key in enumerate(C.MATERIALS):
        s[L.SUP + m] = int_at(sup, key, "supply", 0, 15)
    # Brussels
    br = entry(d, "brussels", "view")
    for b, key in enumerate(C.BRUSSELS):
        e = entry(br, key, "brussels")
        s[L.BR_USES + b] = int_at(e, "uses", f"brussels.{key}", 0, L.BR_CAP)
        lst = items(entry(e, "assistants", f"brussels.{key}"), f"brussels.{key}.assistants")
        need(len(lst) <= L.BR_CAP and all(is_int(q) and 0 <= q < n for q in lst), f"brussels.{key}.assistants",
             f"must list seats 0..{n - 1}")
        s[L.BR_LIST + b * L.BR_CAP: L.BR_LIST + b * L.BR_CAP + len(lst)] = lst
        s[L.BR_N + b] = len(lst)
    # Theatre (hidden: which unseen cards are in the deck, which in the discards, and the deck order)
    th = entry(d, "theatre", "view")
    disp = items(entry(th, "display", "theatre"), "theatre.display", 4)
    for i, fid in enumerate(disp):
        f = choice(fid, (None, *FIGURE_IDS), f"theatre.display[{i}]") - 1
        need(f != 0, "theatre.display", "cannot hold PF0 (Brugmann is not in the theatre deck)")
        s[L.TH_DISP + i] = f
        if f > 0:
            seen_figs[f] += 1
    pool = []
    for f in range(1, C.N_FIGURES):
        left = int(flat[L.P_PF_DECK + f]) - seen_figs[f]
        need(left >= 0, FIGURE_IDS[f], f"more copies in play than the {flat[L.P_PF_DECK + f]} of the deck")
        pool += [f] * left
    tdeck = int_at(th, "deck", "theatre", 0, C.N_THEATRE)
    tdisc = int_at(th, "discard", "theatre", 0, C.N_THEATRE)
    need(tdeck + tdisc == len(pool), "theatre", f"deck + discard must be {len(pool)} (the unseen figures), got "
         f"{tdeck + tdisc}")
    rng.shuffle(pool)
    s[L.TH_DECK: L.TH_DECK + tdeck] = pool[:tdeck]
    s[L.TH_DN] = tdeck
    s[L.TH_DISC: L.TH_DISC + tdisc] = pool[tdeck:]
    s[L.TH_DISCN] = tdisc
    s[L.IP_FIG] = -1
    # bonus cards
    bon = entry(d, "bonus", "view")
    strip = items(entry(bon, "strip", "bonus"), "bonus.strip", 5)
    for c, cid in enumerate(strip):
        b = choice(cid, (None, *BONUS_IDS), f"bonus.strip[{c}]") - 1
        s[L.BON_STRIP + c] = b
        if b >= 0:
            seen_bonus.append(b)
    need(len(set(seen_bonus)) == len(seen_bonus), "bonus", "a bonus card is in two places")
    bdeck = int_at(bon, "deck", "bonus", 0, C.N_BONUS)
    s[L.BON_DISC] = int_at(bon, "discard", "bonus", 0, C.N_BONUS)
    unseen = [b for b in range(C.N_BONUS) if b not in seen_bonus]
    need(len(unseen) == bdeck + s[L.BON_DISC], "bonus", f"deck + discard must be {len(unseen)} (the unseen cards)")
    rng.shuffle(unseen)
    order = seen_bonus + unseen[bdeck:] + unseen[:bdeck]
    s[L.BON_DECK: L.BON_DECK + C.N_BONUS] = order
    s[L.BON_POS] = C.N_BONUS - bdeck
    # Stock Exchange deck: this round's card at position round - 1
    rest = [k for k in range(C.N_SE) if k != card]
    rng.shuffle(rest)
    s[L.SE_DECK: L.SE_DECK + C.N_SE] = rest[: rnd - 1] + [card] + rest[rnd - 1:]
    rng.store(s, L.G_RNG_KEY, L.G_RNG_CTR)
    # the decision
    s[L.G_PENDING] = C.D_SHIELD if pending == "SHIELD" else C.D_MAIN
    s[L.G_CUR] = cur
    if pending == "SHIELD":
        need(cur == s[L.G_FIRST], "view.current_player", "must be the first player while SHIELD is pending")
    else:
        need(area is not None, "view.area", "must be set while MAIN is pending")
        need(not s[L.SEATS + cur * L.SEAT_SIZE + L.S_PASSED], "view.current_player",
             "has passed: MAIN cannot be pending for him")
        s[L.C_TURN] = cur
        s[L.C_ACTOR] = cur
    _compare(d, to_dict(s))
    problems = check_invariants(to_dict(s), resolve_cached(flat))
    need(not problems, "view", "inconsistent: " + "; ".join(problems))
    settle(s)
    return s


def _compare(given: Any, built: Any, where: str = "view") -> None:
    """The rebuilt view must equal the given one (derived fields and counts included; Game.state_from_dict refuses
    keys it does not have)."""
    if isinstance(built, dict):
        for key in built:
            _compare(entry(given, key, where), built[key], f"{where}.{key}")
    elif isinstance(built, list):
        for i, (a, b) in enumerate(zip(items(given, where, len(built)), built, strict=True)):
            _compare(a, b, f"{where}[{i}]")
    else:
        need(given == built and (type(given) is type(built) or given is None or built is None), where,
             f"{shown(given)} is inconsistent with the rest of the view (expected {shown(built)})")
