"""The rules of Bruxelles 1897, written as generator coroutines.

Every rule procedure that may need a player's choice is a generator: it asks with

    choice = yield from self.ask(seat, DECISION_NAME, {action name: payload, ...})

which suspends the game at that decision until the driver (ReferenceState in __init__.py) sends back the
payload of the chosen action. Procedures call each other with `yield from`, so the code reads in the
order of the rules text. Section numbers refer to the rules file (rules x.y) and to the engine
conventions (docs x). Chance events all go through `self.rng` (the game's stream 0) in the documented order.
"""

from .cards import (
    ARCHITECT_TYPES,
    ARTWORK,
    BONUS_CARDS,
    BR_CARD,
    BRUGMANN,
    BRUSSELS_CARDS,
    BUILD,
    CITY_HALL,
    CITY_HALL_DECISION,
    COLOURS,
    COLS,
    DECK_NOBLES,
    EXHIBIT,
    EXHIBITION,
    FREE_PRISONER,
    HOUSE,
    HOUSE_TYPES,
    KEEP_ONE,
    LAYOUT_DECKS,
    MAIN,
    MATERIAL,
    MONEY,
    NEUTRAL,
    NOBLE,
    NOBLE_KEEP,
    NOBLE_TRACK,
    NOBLES,
    PAIRS,
    PARK,
    PARK_DECISION,
    PARK_DECK,
    PARK_OPTIONS,
    PILE_DECKS,
    SELL,
    STOCK_EXCHANGE,
    SUBTYPES,
    TAPPED,
    TO_PRISON,
    UNTAPPED,
    UPKEEP_DISCARD_ORDER,
    UPPER_HALF_TRACK,
    action_names,
    an_name,
)
from .rng import Stream, stream_key
from .scoring import (
    build_vp,
    majority_winners,
    min_payment_cards,
    money_bonus,
    noble_upkeep,
)
from .state import Architect, Card, Decision, GameState


class Engine:
    def __init__(self, params, seed):
        self.p = params
        self.g = GameState(params)
        self.rng = Stream(stream_key(seed, 0))  # the game's chance stream (docs 1)
        # action name -> action number; with equal faces two AN numbers share a name: keep the lower one.
        self.number = {}
        for number, name in enumerate(action_names(params.faces)):
            self.number.setdefault(name, number)

    # ------------------------------------------------------------------------------------------
    # Asking for a decision
    # ------------------------------------------------------------------------------------------
    def ask(self, seat, name, choices):
        """Suspend until `seat` picks one of `choices` (name -> payload); return the payload."""
        assert choices, f"{name} for seat {seat} has no option"
        ordered = dict(sorted(choices.items(), key=lambda item: self.number[item[0]]))
        payload = yield Decision(seat, name, ordered)
        return payload

    # ------------------------------------------------------------------------------------------
    # Decks (docs 2.2)
    # ------------------------------------------------------------------------------------------
    def draw(self, kind):
        """Draw one card of `kind`, reshuffling its discard pile into an empty deck; None if none left."""
        g = self.g
        if kind == MONEY:
            if g.money_deck > 0:
                g.money_deck -= 1
                return Card(MONEY)
            return None
        deck = g.decks[kind]
        pile = g.discards[kind]
        if not deck and any(pile.values()):
            canonical = [sub for sub in SUBTYPES[kind] for _ in range(pile[sub])]
            self.rng.shuffle(canonical)
            deck.extend(canonical)
            for sub in pile:
                pile[sub] = 0
        if not deck:
            return None
        return Card(kind, deck.pop())  # the last element is the top card

    def discard(self, card):
        """Put a card on its discard pile (money back to the money deck, the exhibition card back to the
        exhibition area, which needs no bookkeeping)."""
        if card.kind == MONEY:
            self.g.money_deck += 1
        elif card.kind != EXHIBITION:
            self.g.discards[card.kind][card.sub] += 1

    def deck_or_pile_has_cards(self, kind):
        return bool(self.g.decks[kind]) or any(self.g.discards[kind].values())

    # ------------------------------------------------------------------------------------------
    # Setup, layout, bonus deal (rules 2, 3.3, 3.4; docs 2)
    # ------------------------------------------------------------------------------------------
    def setup(self):
        p, g = self.p, self.g
        per_subtype = {
            ARTWORK: p.artworks_per_colour, MATERIAL: p.materials_per_pair,
            HOUSE: p.houses_per_type, NOBLE: p.nobles_per_type,
        }
        for kind in PILE_DECKS:  # artwork, material, house, noble, in that order
            subs = DECK_NOBLES if kind == NOBLE else SUBTYPES[kind]  # no Brugmann in the noble deck
            deck = [sub for sub in subs for _ in range(per_subtype[kind])]  # canonical list
            self.rng.shuffle(deck)
            g.decks[kind] = deck
        self.lay_out_area()
        self.deal_bonus()

    def open_spaces(self):
        """Spaces in row-major order without the 2-player neutral corners."""
        g = self.g
        return [(r, c) for r in range(g.rows) for c in range(COLS) if (r, c) not in g.neutral_spaces]

    def lay_out_area(self):
        g = self.g
        cards = []
        for kind in LAYOUT_DECKS:  # artwork, money, material, house, noble
            for _ in range(self.p.cards_per_type):
                card = self.draw(kind)
                if card is not None:
                    cards.append(card)
        cards.append(Card(EXHIBITION))
        self.rng.shuffle(cards)
        spaces = self.open_spaces()
        if len(cards) >= len(spaces):
            for (r, c), card in zip(spaces, cards):
                g.area[r][c] = card
            for card in cards[len(spaces):]:
                # Reading: an undealt exhibition card goes back to the exhibition area, so nobody can take
                # it this round and the start player passes clockwise at the next preparation.
                self.discard(card)
        else:
            # Fewer cards than spaces: the spaces that get a card are chosen at random (rules 3.3.2).
            self.rng.shuffle(spaces)
            for (r, c), card in zip(spaces, cards):
                g.area[r][c] = card

    def deal_bonus(self):
        bonus = list(BONUS_CARDS)  # nobility, architecture, prestige, prison
        self.rng.shuffle(bonus)
        self.g.bonus = bonus

    # ------------------------------------------------------------------------------------------
    # The game
    # ------------------------------------------------------------------------------------------
    def play(self):
        """The whole game, as one generator."""
        self.setup()
        for rnd in range(1, self.p.rounds + 1):
            if rnd > 1:
                self.prepare_round(rnd)
            yield from self.action_phase()
            yield from self.majority_phase()
        self.end_of_game()
        self.g.over = True

    def prepare_round(self, rnd):
        """Rules 3.1."""
        g = self.g
        g.round = rnd
        # 1. The exhibition card holder becomes start player, the card returns to the exhibition area;
        #    if nobody took it, the start player passes to the next seat clockwise.
        if g.exhibition_holder is not None:
            g.start_player = g.exhibition_holder
            g.exhibition_holder = None
        else:
            g.start_player = (g.start_player + 1) % g.players
        # 2. Architect cards return to their owners' hands (not those in prison; neutral ones stay).
        for r in range(g.rows):
            for c in range(COLS):
                space = g.area[r][c]
                if isinstance(space, Architect) and space.owner != NEUTRAL:
                    g.seats[space.owner].hand[space.type] += 1
                    g.area[r][c] = None
        for card in BRUSSELS_CARDS:
            for owner, arch_type in g.brussels[card]:
                g.seats[owner].hand[arch_type] += 1
            g.brussels[card] = []
            g.brussels_uses[card] = 0
        # 3. Action cards left in the area go to their discard piles (money to the money deck,
        #    the exhibition card to the exhibition area).
        for r in range(g.rows):
            for c in range(COLS):
                space = g.area[r][c]
                if isinstance(space, Card):
                    self.discard(space)
                    g.area[r][c] = None
        # 4. Kept nobles are untapped. Reading: the "passed" marks are cleared here too (so the view shows
        #    every seat passed during the majority phase and at the end of the game).
        for s in g.seats:
            for noble in NOBLES:
                if s.nobles[noble] == TAPPED:
                    s.nobles[noble] = UNTAPPED
            s.passed = False
        # 5. New area, then new bonus cards.
        self.lay_out_area()
        self.deal_bonus()

    # ------------------------------------------------------------------------------------------
    # Action phase (rules 3.5)
    # ------------------------------------------------------------------------------------------
    def action_phase(self):
        g = self.g
        seat = g.start_player
        while True:
            yield from self.turn(seat)
            if all(s.passed for s in g.seats):
                return
            # Next seat clockwise that has not passed.
            seat = next(x for x in g.seats_from((seat + 1) % g.players) if not g.seats[x].passed)

    def main_options(self, seat):
        """MAIN options (rules 5, docs 3 MAIN)."""
        g, p = self.g, self.p
        s = g.seats[seat]
        choices = {}
        # AN(space, type, face): the space holds an action card, a type in hand, money >= face value.
        for r in range(g.rows):
            for c in range(COLS):
                space = g.area[r][c]
                if not isinstance(space, Card):
                    continue
                for t in range(3):
                    if s.hand[t] == 0:
                        continue
                    for value in p.faces[t]:
                        if s.money >= value:
                            choices.setdefault(an_name(r, c, t, value), ("AN", r, c, t, value))
        # BR(card): m = 1 + uses this round; >= m architects in hand; City Hall needs an untapped kept
        # noble; the Park needs an allowed Park option.
        for card in BRUSSELS_CARDS:
            m = 1 + g.brussels_uses[card]
            if s.hand_count() < m:
                continue
            if card == CITY_HALL and not self.untapped_nobles(seat):
                continue
            if card == PARK and not self.park_options(seat):
                continue
            choices[f"BR {card}"] = ("BR", card)
        choices["PASS"] = ("PASS",)  # always legal
        return choices

    def turn(self, seat):
        g = self.g
        choice = yield from self.ask(seat, MAIN, self.main_options(seat))
        if g.round == 1 and len(g.openings[seat]) < 2:
            g.openings[seat].append(self.opening_label(choice))
        if choice[0] == "AN":
            _, r, c, t, value = choice
            yield from self.art_nouveau(seat, r, c, t, value)
        elif choice[0] == "BR":
            yield from self.brussels_action(seat, choice[1])
        else:
            self.pass_turn(seat)

    def opening_label(self, choice):
        """Deal-independent label of a MAIN decision (docs "Openings"); read before the action is applied."""
        if choice[0] == "AN":
            _, r, c, t, value = choice
            return f"AN:{self.g.area[r][c].kind}:{ARCHITECT_TYPES[t]}@{value}"
        if choice[0] == "BR":
            return f"BR:{choice[1]}"
        return "PASS"

    def pass_turn(self, seat):
        """C. Pass: the first to pass this round gains first_pass_money, every later one later_pass_money."""
        g = self.g
        nobody_passed = not any(s.passed for s in g.seats)
        g.seats[seat].money += self.p.first_pass_money if nobody_passed else self.p.later_pass_money
        g.seats[seat].passed = True

    # --- A. Art Nouveau action ----------------------------------------------------------------
    def art_nouveau(self, seat, r, c, t, value):
        g = self.g
        s = g.seats[seat]
        # Pay the face value, put the architect on the space with that face up, take the action card.
        s.money -= value
        s.hand[t] -= 1
        card = g.area[r][c]
        g.area[r][c] = Architect(seat, t, value)
        if card.kind == ARTWORK:  # Create
            s.artworks[card.sub] += 1
        elif card.kind == MONEY:  # Sale: the money card always returns to the money deck first
            self.discard(card)
            if s.artwork_count() > 0:
                yield from self.sell(seat)
        elif card.kind == MATERIAL:  # Procure
            s.materials[card.sub] += 1
        elif card.kind == HOUSE:  # Build (or discard the house if the player cannot pay)
            yield from self.build_house(seat, card)
        elif card.kind == NOBLE:  # Influence
            yield from self.influence(seat, card)
        else:  # the exhibition card
            yield from self.exhibition(seat)

    def sell(self, seat):
        """SELL: discard one artwork of a chosen colour and gain sale_money (decline with may_decline)."""
        s = self.g.seats[seat]
        choices = {f"SELL {colour}": colour for colour in COLOURS if s.artworks[colour] > 0}
        if self.p.may_decline:
            choices["DECLINE_SALE"] = None
        colour = yield from self.ask(seat, SELL, choices)
        if colour is not None:
            s.artworks[colour] -= 1
            self.discard(Card(ARTWORK, colour))
            s.money += self.p.sale_money

    def build_house(self, seat, house):
        """Build the n-th house (n = houses owned + 1). If the player holds fewer than ceil(n/2) material
        cards they cannot pay: the house card is discarded. Otherwise the house card is pending and the
        player pays one material card at a time (BUILD)."""
        g, p = self.g, self.p
        s = g.seats[seat]
        n = s.house_count() + 1
        need = min_payment_cards(n)
        if s.material_count() < need:
            self.discard(house)
            return
        g.pending_cards.append(house)
        chosen = []
        while True:
            k = len(chosen)
            choices = {}
            if k < n:
                for pair in PAIRS:
                    if s.materials[pair] > 0:
                        choices[f"PAY {pair}"] = ("PAY", pair)
            if need <= k <= n:
                choices["STOP_PAYING"] = ("STOP",)
            if p.may_decline and k == 0:
                choices["DECLINE_BUILD"] = ("DECLINE",)
            choice = yield from self.ask(seat, BUILD, choices)
            if choice[0] == "PAY":
                pair = choice[1]
                s.materials[pair] -= 1
                card = Card(MATERIAL, pair)
                g.pending_cards.append(card)
                chosen.append(pair)
            elif choice[0] == "STOP":
                # The chosen cards go to the material discard pile, the house is kept, build VP gained.
                for pair in chosen:
                    card = Card(MATERIAL, pair)
                    g.pending_cards.remove(card)
                    self.discard(card)
                g.pending_cards.remove(house)
                s.houses[house.sub] += 1
                s.gain_vp("build", build_vp(n, chosen))
                return
            else:  # DECLINE_BUILD (only with k == 0): the house card is discarded
                g.pending_cards.remove(house)
                self.discard(house)
                return

    def influence(self, seat, noble):
        """Influence: the noble card is pending, its effect applies, then NOBLE_KEEP."""
        g = self.g
        s = g.seats[seat]
        g.pending_cards.append(noble)
        yield from self.noble_effect(seat, noble.sub)
        choices = {}
        if s.nobles[noble.sub] is None:  # no identical noble kept
            choices["KEEP_NOBLE"] = True
        choices["DISCARD_NOBLE"] = False
        keep = yield from self.ask(seat, NOBLE_KEEP, choices)
        g.pending_cards.remove(noble)
        if keep:
            s.nobles[noble.sub] = TAPPED
        else:
            self.discard(noble)

    def noble_effect(self, seat, noble):
        """The effect table of rules 3.5."""
        s = self.g.seats[seat]
        if noble == BRUGMANN:
            s.money += self.p.brugmann_money
        elif noble in NOBLE_TRACK:  # Albert, Buls, Horta
            self.raise_track(seat, NOBLE_TRACK[noble])
        elif noble == "hankar":
            kept = yield from self.keep_one(seat, MATERIAL)
            if kept is not None:
                s.materials[kept.sub] += 1
        else:  # Vandervelde
            yield from self.free_prisoner(seat)

    def raise_track(self, seat, track):
        """Track + 1; a gain beyond the maximum is lost."""
        tracks = self.g.seats[seat].tracks
        tracks[track] = min(self.p.track_max, tracks[track] + 1)

    def free_prisoner(self, seat):
        """FREE_PRISONER: return one of the seat's own architects from prison to hand (none: nothing)."""
        s = self.g.seats[seat]
        choices = {f"FREE {ARCHITECT_TYPES[t]}": t for t in range(3) if s.prison[t] > 0}
        if not choices:
            return
        t = yield from self.ask(seat, FREE_PRISONER, choices)
        s.prison[t] -= 1
        s.hand[t] += 1

    def keep_one(self, seat, kind):
        """Two single draws from `kind` (docs 2.5), then KEEP_ONE. Returns the kept card (None if nothing
        was drawn); the other card goes to its discard pile as soon as the choice is made."""
        g = self.g
        drawn = []
        for _ in range(2):
            card = self.draw(kind)
            if card is not None:
                drawn.append(card)
        if not drawn:
            return None
        if len(drawn) == 1:  # one card drawn: it is taken (no decision, never shown as pending)
            return drawn[0]
        g.pending_cards.extend(drawn)
        choices = {f"KEEP {card.sub}": card for card in drawn}
        kept = yield from self.ask(seat, KEEP_ONE, choices)
        for card in drawn:
            g.pending_cards.remove(card)
        other = drawn[1] if drawn[0] == kept else drawn[0]
        self.discard(other)
        return kept

    # --- Exhibition -----------------------------------------------------------------------------
    def exhibition(self, seat):
        """The player takes the exhibition card; then, from the player clockwise, each active seat (not
        passed) exhibits one artwork of a colour not yet shown (gaining exhibit_vp) or drops out, until no
        seat is active or all 4 colours are shown. one_each: a seat drops out after exhibiting once."""
        g, p = self.g, self.p
        g.exhibition_holder = seat
        shown = set()
        active = {x for x in range(g.players) if not g.seats[x].passed}
        current = seat
        while active and len(shown) < len(COLOURS):
            if current in active:
                s = g.seats[current]
                colours = [c for c in COLOURS if s.artworks[c] > 0 and c not in shown]
                if not colours:
                    active.discard(current)
                else:
                    choices = {f"EXHIBIT {c}": c for c in colours}
                    colour = yield from self.ask(current, EXHIBIT, choices)
                    shown.add(colour)  # exhibited artworks are kept
                    s.gain_vp("exhibit", p.exhibit_vp)
                    if p.exhibition_mode == "one_each":
                        active.discard(current)
            current = (current + 1) % g.players

    # --- B. Brussels action ---------------------------------------------------------------------
    def untapped_nobles(self, seat):
        s = self.g.seats[seat]
        return [n for n in NOBLES if s.nobles[n] == UNTAPPED]

    def park_options(self, seat):
        """The allowed Park actions (docs 3 Park)."""
        s = self.g.seats[seat]
        options = []
        for option in PARK_OPTIONS:
            if option == "sale":
                allowed = s.artwork_count() > 0
            else:
                allowed = self.deck_or_pile_has_cards(PARK_DECK[option])
                if option == "build":
                    allowed = allowed and s.material_count() >= min_payment_cards(s.house_count() + 1)
            if allowed:
                options.append(option)
        return options

    def brussels_action(self, seat, card):
        g, p = self.g, self.p
        s = g.seats[seat]
        m = 1 + g.brussels_uses[card]
        for _ in range(m):  # m BR_CARD decisions, one architect each
            choices = {f"COMMIT {ARCHITECT_TYPES[t]}": t for t in range(3) if s.hand[t] > 0}
            t = yield from self.ask(seat, BR_CARD, choices)
            s.hand[t] -= 1
            g.brussels[card].append((seat, t))
        g.brussels_uses[card] += 1
        if card == STOCK_EXCHANGE:
            s.money += p.stock_exchange_money
        elif card == CITY_HALL:
            yield from self.city_hall(seat)
        else:
            yield from self.park(seat)

    def city_hall(self, seat):
        """Activate 1 to L kept untapped nobles one at a time (L = noble track now)."""
        s = self.g.seats[seat]
        limit = s.tracks["noble"]
        activated = 0
        while activated < limit:
            untapped = self.untapped_nobles(seat)
            if not untapped:
                return
            choices = {f"ACTIVATE {n}": n for n in untapped}
            if activated >= 1:
                choices["STOP_ACTIVATING"] = None
            noble = yield from self.ask(seat, CITY_HALL_DECISION, choices)
            if noble is None:
                return
            s.nobles[noble] = TAPPED  # tap, then apply the effect
            activated += 1
            yield from self.noble_effect(seat, noble)

    def park(self, seat):
        """Cinquantenaire Park: one Art Nouveau action other than the exhibition, without paying."""
        s = self.g.seats[seat]
        choices = {f"PARK {o}": o for o in self.park_options(seat)}
        option = yield from self.ask(seat, PARK_DECISION, choices)
        if option == "sale":
            yield from self.sell(seat)
            return
        kept = yield from self.keep_one(seat, PARK_DECK[option])
        assert kept is not None  # the option is allowed only when the deck or its pile has a card
        if kept.kind == ARTWORK:
            s.artworks[kept.sub] += 1
        elif kept.kind == MATERIAL:
            s.materials[kept.sub] += 1
        elif kept.kind == HOUSE:
            yield from self.build_house(seat, kept)  # always payable: Park build requires it
        else:
            yield from self.influence(seat, kept)

    # ------------------------------------------------------------------------------------------
    # Majority phase (rules 3.6, docs 3 "Majority phase")
    # ------------------------------------------------------------------------------------------
    def column_scores(self, col):
        """Architect value totals per owner in a column (neutral architects form their own total)."""
        scores = {}
        for r in range(self.g.rows):
            space = self.g.area[r][col]
            if isinstance(space, Architect):
                scores[space.owner] = scores.get(space.owner, 0) + space.value
        return scores

    def in_start_order(self, seats):
        """The given seats ordered from the start player clockwise."""
        return [x for x in self.g.seats_from(self.g.start_player) if x in seats]

    def majority_phase(self):
        g = self.g
        # 1. Columns, left to right: upper halves. Reading: each column is resolved completely (track
        #    raises and the Prison card's FREE_PRISONER decisions) before the next column is looked at.
        for col in range(COLS):
            winners = self.in_start_order(majority_winners(self.column_scores(col)))
            bonus = g.bonus[col]
            for seat in winners:
                if bonus == "prison":
                    yield from self.free_prisoner(seat)
                else:
                    self.raise_track(seat, UPPER_HALF_TRACK[bonus])
        # 2. Coats of arms, row-major: complete intersections score the prestige of the majority holders.
        for i in range(g.rows - 1):
            for j in range(COLS - 1):
                spaces = [g.area[i][j], g.area[i][j + 1], g.area[i + 1][j], g.area[i + 1][j + 1]]
                if not all(isinstance(x, Architect) for x in spaces):
                    continue
                counts = {}
                for x in spaces:
                    counts[x.owner] = counts.get(x.owner, 0) + 1
                for seat in majority_winners(counts):
                    g.seats[seat].gain_vp("arms", g.seats[seat].tracks["prestige"])
        # 3. Brussels: the seat(s) with most architects in front of the three cards together each send one
        #    of them to prison, from the start player clockwise.
        counts = {}
        for card in BRUSSELS_CARDS:
            for owner, _ in g.brussels[card]:
                counts[owner] = counts.get(owner, 0) + 1
        for seat in self.in_start_order(majority_winners(counts)):
            yield from self.to_prison(seat)

    def to_prison(self, seat):
        """TO_PRISON: the removed architect is the last entry of that owner and type in the first of the
        lists stock_exchange, city_hall, park that has one."""
        g = self.g
        types_here = {t for card in BRUSSELS_CARDS for owner, t in g.brussels[card] if owner == seat}
        choices = {f"PRISON {ARCHITECT_TYPES[t]}": t for t in sorted(types_here)}
        t = yield from self.ask(seat, TO_PRISON, choices)
        for card in BRUSSELS_CARDS:
            entries = g.brussels[card]
            for index in range(len(entries) - 1, -1, -1):
                if entries[index] == (seat, t):
                    del entries[index]
                    g.seats[seat].prison[t] += 1
                    return

    # ------------------------------------------------------------------------------------------
    # End of game (rules 4)
    # ------------------------------------------------------------------------------------------
    def end_of_game(self):
        g, p = self.g, self.p
        # 1. Noble upkeep (Brugmann excluded); unpaid nobles discarded, penalty VP.
        for s in g.seats:
            kept = [n for n in UPKEEP_DISCARD_ORDER if s.nobles[n] is not None]
            paid, lost, penalty = noble_upkeep(s.money, kept, p.noble_upkeep, p.unpaid_noble_penalty)
            s.money -= paid
            for noble in lost:
                s.nobles[noble] = None
                self.discard(Card(NOBLE, noble))
            s.gain_vp("noble_penalty", -penalty)
        # 2. Houses x architecture track.
        for s in g.seats:
            s.gain_vp("houses", s.house_count() * s.tracks["architecture"])
        # 3. Material cards still held.
        for s in g.seats:
            s.gain_vp("materials", s.material_count() * p.material_end_vp)
        # 4. The exhibition card holder (only if someone took it in the last round).
        if g.exhibition_holder is not None:
            g.seats[g.exhibition_holder].gain_vp("exhibition_card", p.exhibition_holder_vp)
        # 5. Lower halves of the last round's bonus cards, for each column's majority holder(s).
        for col in range(COLS):
            card = g.bonus[col]
            for seat in majority_winners(self.column_scores(col)):
                g.seats[seat].gain_vp(f"bonus_{card}", self.lower_half_vp(seat, p.bonus_lower[card]))

    def lower_half_vp(self, seat, half):
        p = self.p
        s = self.g.seats[seat]
        if half == "nobles":  # per noble kept, Brugmann included
            return p.type_bonus_vp * sum(1 for n in NOBLES if s.nobles[n] is not None)
        if half == "house_types":
            return p.type_bonus_vp * sum(1 for h in HOUSE_TYPES if s.houses[h] > 0)
        if half == "artwork_colours":
            return p.type_bonus_vp * sum(1 for c in COLOURS if s.artworks[c] > 0)
        return money_bonus(s.money, p.money_bonus_vp, p.money_bonus_per, p.money_bonus_cap)
