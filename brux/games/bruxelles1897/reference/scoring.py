"""Pure scoring and majority rules, free of game state so that the worked examples of rules
section 9 can be checked directly."""

from .cards import NEUTRAL


def min_payment_cards(n):
    """Fewest material cards that can pay n symbols: ceil(n / 2) (each card gives 1 or 2 symbols)."""
    return (n + 1) // 2


def is_valid_payment(n, k):
    """A set of k material cards can pay the n-th house when k <= n <= 2k (rules 3.5 Build)."""
    return k <= n <= 2 * k


def build_vp(n, pairs):
    """Build VP (rules 3.5 Build): the largest number of distinct symbol types over all ways of taking
    1 or 2 of each card's symbols, n in total. `pairs` are material names like "SB". 0 if no way exists.

    Dynamic programme over the cards: the reachable (symbols taken, set of types seen) pairs.
    """
    reachable = {(0, frozenset())}
    for pair in pairs:
        a, b = pair[0], pair[1]
        ways = [(1, {a}), (1, {b}), (2, {a, b})]  # one symbol (either) or both
        reachable = {(taken + k, seen | types) for taken, seen in reachable for k, types in ways}
    best = [len(seen) for taken, seen in reachable if taken == n]
    return max(best) if best else 0


def majority_winners(scores):
    """Seats tied on the highest score when it is > 0 (rules 3.6).

    `scores` maps an owner (seat number, or "neutral" for the 2-player neutral architects, which form their
    own total) to its score. A neutral total that is the sole highest gives nobody anything; a seat tied with
    the neutral total still wins. Returns the winning seats in increasing seat order.
    """
    if not scores:
        return []
    top = max(scores.values())
    if top <= 0:
        return []
    return sorted(owner for owner, score in scores.items() if score == top and owner != NEUTRAL)


def noble_upkeep(money, kept_nobles, upkeep, penalty):
    """End step 1. `kept_nobles` lists the kept nobles other than Brugmann in discard order.

    Payment is compulsory while money lasts; the nobles that cannot be paid are the first ones of the list.
    Returns (money paid, list of nobles discarded, VP lost).
    """
    count = len(kept_nobles)
    paid = count if upkeep == 0 else min(count, money // upkeep)
    unpaid = count - paid
    return paid * upkeep, list(kept_nobles[:unpaid]), unpaid * penalty


def money_bonus(money, vp_each, per, cap):
    """Money lower half: vp_each VP per `per` BEF owned, at most `cap` times."""
    return vp_each * min(money // per, cap)


def ranks_and_shares(keys):
    """Ranking of section 4. `keys[seat]` = (vp, architects in prison, sum of tracks).

    rank = 1 + number of seats strictly better by (more VP, fewer in prison, higher track sum);
    win_share = 1/k for each of the k seats of rank 1, else 0.
    """
    def order(key):
        vp, prison, tracks = key
        return (vp, -prison, tracks)

    ranks = [1 + sum(order(other) > order(mine) for other in keys) for mine in keys]
    firsts = ranks.count(1)
    shares = [1.0 / firsts if r == 1 else 0.0 for r in ranks]
    return ranks, shares
