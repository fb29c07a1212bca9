"""Generic Numba agents over the game contract: random, one-step lookahead, flat Monte Carlo and open-loop MCTS.

Written once for every game: `build(...)` makes the searches for one game's kernel functions (a small factory; the
functions are bound as closure variables, so Numba calls them directly). The game calls the returned `decide` from
its own `@njit(cache=True)` entry points, which Numba caches with everything compiled in. (Passing the functions as
run-time arguments instead makes Numba embed their addresses, which disables caching.) The kernel functions:

    apply(s, a)                 apply a legal action (then the automatic ones)
    player(s)                   seat to decide, -1 when the game is over
    nlegal(s), legal(s, i)      the legal actions of the pending decision
    nplayers(s)                 number of seats
    shares(s, out)              win share of each seat of a finished game
    values(s, w, out)           evaluation w . features of each seat
    same_turn(s, p)             the pending decision continues seat p's turn (a sub-decision)
    rest_of_stage(s, p)         after seat p's turn, the decisions the other seats take without seeing it (a
                                simultaneous stage), drawn from the state's own chance stream
                                (`brux.core.hidden.no_stage`: none)
    hide(s, p)                  everything seat p does not see put in a canonical form (the decks sorted)
    determinise(s, p, rng, ko, co) resample everything seat p does not see from the stream (p = the decider); the
                                same result from s as from hide(s, p) (brux.core.hidden), so a search that draws
                                many copies hides once and copies from that

Each agent draws only from its own stream (a key and a counter at rng[ko], rng[co]), never from the game's chance
stream. Every lookahead works on a determinised copy of the state, so no decision can depend on hidden information.

An agent is (kind, ip, fp): an int code, int parameters and float parameters (evaluation weights included), so a
whole line-up crosses into Numba as three arrays (see `brux.agents.spec`).
"""

import math

import numpy as np

from brux.core.jit import INTERNAL, JIT, njit, njit_for
from brux.core.rng import randbelow

LOCAL = dict(_nrt=False, **INTERNAL)  # made per game by build(); cached inside the game's entry points

# kind codes (declared with their names and options in brux.agents.kinds)
RANDOM = 0
GREEDY = 1
HEURISTIC = 2
FLATMC = 3
MCTS = 4
VMCTS = 5  # MCTS with the defaults of evaluation-scored leaves (see brux.agents.spec); the same search as MCTS
POLICY = 6  # the one-step lookahead on weights fitted to imitate a search (brux.agents.imitate)

# int parameters
IP_N = 0  # flatmc: playouts per legal action; mcts: iterations; lookahead: determinised copies (samples)
IP_DEPTH = 1  # playout length in decisions (-1: to the end of the game)
IP_FINISH = 2  # finish the turn's own sub-decisions greedily (1): lookahead before evaluating, mcts after each step
IP_PRUNE = 3  # mcts: search only the best `prune` root actions by one-step lookahead (0: all)
IP_ANSWER = 4  # lookahead: score the best `answer` actions again after the next seat's one-step answer (0: never)
N_IP = 5

# float parameters
FP_C = 0  # UCT exploration constant
FP_TEMP = 1  # temperature turning evaluations into win shares at a playout cut-off (VP)
FP_REL = 2  # 1: evaluate own value minus the best opponent's; 0: own value
FP_EPS = 3  # probability of a uniformly random legal action instead of the agent's own (0: never; no draw then)
FP_W = 4  # evaluation weights from here
N_FP_HEAD = 4
MAX_PLAYERS = 8
NEG = -1.0e300
EPS_SCALE = 1 << 30  # resolution of the FP_EPS draw


@njit(cache=True)
def make_scratch(cap, state_size, n_actions, params, params_size):
    """Work arrays of the searches: state copies, the MCTS tree for `cap` nodes, a path, per-seat values. Every state
    copy starts with the run's rule parameters, params[:params_size] (the part of a state no play changes), so that
    `copy_play` copies only what follows them."""
    bufs = np.zeros((5, state_size), np.int64)
    for r in range(bufs.shape[0]):
        for i in range(params_size):
            bufs[r, i] = params[i]
    child = np.full((cap, n_actions), -1, np.int32)
    visits = np.zeros(cap, np.int64)
    wsum = np.zeros((cap, MAX_PLAYERS), np.float64)
    path = np.zeros(cap + 1, np.int64)
    vals = np.zeros(3 * MAX_PLAYERS, np.float64)
    return bufs, child, visits, wsum, path, vals


@njit(**JIT)
def tree_capacity(kind, ip):
    """Tree nodes an agent needs (the root and one node per iteration)."""
    return ip[IP_N] + 1 if kind == MCTS or kind == VMCTS else 1


@njit(**JIT)
def copy_play(dst, src, first):
    """dst = src from offset `first` on: a state copy made without its rule parameters (s[:first]), which every state
    of a run holds alike and `make_scratch` put in each copy."""
    n = dst.shape[0] - first
    to, fro = dst[first:], src[first:]
    for i in range(n):
        to[i] = fro[i]


@njit(**JIT)
def scaled(v):
    """An evaluation as an integer score (micro-units, clipped to +-1e12), for sums and ranks that are exact."""
    return np.int64(round(max(min(v, 1e12), -1e12) * 1e6))


@njit(**JIT)
def _new_node(child, visits, wsum, node):
    for a in range(child.shape[1]):
        child[node, a] = -1
    visits[node] = 0
    for q in range(wsum.shape[1]):
        wsum[node, q] = 0.0


def build(owner, params_size, apply, player, nlegal, legal, nplayers, shares, values, same_turn, hide, determinise,
          rest_of_stage):
    """The searches specialised for one game's kernel functions (see the module docstring); returns `decide` and
    `after_features` (what the lookahead sees of every legal action, for fitting `policy` weights).
    `owner` (the game's hooks module name) names the functions made (`brux.core.jit.njit_for`); `params_size`
    (the game's PARAMS_SIZE) is the length of the rule parameters at the start of a state, which state copies skip.

    The functions made here are not cached on disk themselves: the game's `@njit(cache=True)` entry points that
    call `decide` are, with everything they call compiled in.
    """

    @njit_for(owner, **LOCAL)
    def seat_value(vals, p, n, rel):
        """Seat p's evaluation from the values `vals` of the n seats: its value, or (rel) its value minus the best
        opponent's."""
        v = vals[p]
        if rel == 0.0:
            return v
        best = NEG
        for q in range(n):
            if q != p and vals[q] > best:
                best = vals[q]
        return v - best

    @njit_for(owner, **LOCAL)
    def value_for(s, p, fp, vals):
        """Evaluation of seat p in state s (`seat_value` of the values on the weights of fp)."""
        values(s, fp[FP_W:], vals)
        return seat_value(vals, p, nplayers(s), fp[FP_REL])

    @njit_for(owner, **LOCAL)
    def rewards(s, fp, out, vals):
        """Win share of each seat: exact when the game is over, else a softmax of the evaluations (FP_TEMP)."""
        n = nplayers(s)
        if player(s) < 0:
            shares(s, out)
            return
        values(s, fp[FP_W:], vals)
        top = NEG
        for q in range(n):
            top = max(top, vals[q])
        t = max(fp[FP_TEMP], 1e-9)
        z = 0.0
        for q in range(n):
            out[q] = math.exp((vals[q] - top) / t)
            z += out[q]
        for q in range(n):
            out[q] /= z

    @njit_for(owner, **LOCAL)
    def playout(s, depth, rng, ko, co):
        """Uniformly random decisions (from the agent's stream) until the end, or `depth` decisions (depth >= 0)."""
        k = 0
        while player(s) >= 0 and (depth < 0 or k < depth):
            apply(s, legal(s, randbelow(rng, ko, co, nlegal(s))))
            k += 1

    @njit_for(owner, **LOCAL)
    def random_choice(s, rng, ko, co):
        return legal(s, randbelow(rng, ko, co, nlegal(s)))

    @njit_for(owner, **LOCAL)
    def finish_turn(t, p, u, fp, vals):
        """Take seat p's remaining sub-decisions of this turn, each maximising the evaluation right after it."""
        steps = 0
        while same_turn(t, p) and steps < 32:
            best = NEG
            best_a = legal(t, 0)
            for i in range(nlegal(t)):
                b = legal(t, i)
                copy_play(u, t, params_size)
                apply(u, b)
                v = value_for(u, p, fp, vals)
                if v > best + 1e-9:
                    best = v
                    best_a = b
            apply(t, best_a)
            steps += 1

    @njit_for(owner, **LOCAL)
    def determinised_copy(root, s, rng, ko, co):
        """root = s with what its player cannot see drawn again from rng (the lookahead's one determinisation)."""
        copy_play(root, s, params_size)
        determinise(root, player(root), rng, ko, co)

    @njit_for(owner, **LOCAL)
    def hidden_copy(h, s):
        """h = s as its player sees it (`hide`): the source of a search's many determinised copies, whose decks are
        then sorted once, not at every copy."""
        copy_play(h, s, params_size)
        hide(h, player(h))

    @njit_for(owner, **LOCAL)
    def play_on(t, a, p, finish, u, fp, vals):
        """Seat p's action a in t, the rest of its own turn taken on the weights of fp when `finish`, then the rest of
        a simultaneous stage (drawn from t's chance stream): what p's action leads to before anyone sees it."""
        apply(t, a)
        if finish:
            finish_turn(t, p, u, fp, vals)
        rest_of_stage(t, p)

    @njit_for(owner, **LOCAL)
    def after_action(t, root, a, p, finish, u, fp, vals):
        """t = root after `play_on` of action a (the stage's draws from root's chance stream, as its determinisation
        keyed it: the same draws after every action)."""
        copy_play(t, root, params_size)
        play_on(t, a, p, finish, u, fp, vals)

    @njit_for(owner, **LOCAL)
    def lookahead_choice(s, ip, fp, rng, ko, co, bufs, vals):
        """One-step lookahead on a determinised copy: the action whose result (with the rest of the turn's own
        sub-decisions taken greedily when IP_FINISH) has the best evaluation; ties go to the first legal action.
        With IP_N = k > 1 samples, the action with the best total evaluation over k determinised copies (each
        shared by every action; totals in integer micro-units, ties to the first). With more legal actions than a
        state holds values (never in the shipped games), one copy."""
        p = player(s)
        root, t, u = bufs[0], bufs[1], bufs[2]
        nl = nlegal(s)
        score = bufs[3]
        samples = ip[IP_N] if nl <= score.shape[0] else 1
        if samples > 1:
            for i in range(nl):
                score[i] = 0
            for _ in range(samples):
                determinised_copy(root, s, rng, ko, co)
                for i in range(nl):
                    after_action(t, root, legal(s, i), p, ip[IP_FINISH] != 0, u, fp, vals)
                    score[i] += scaled(value_for(t, p, fp, vals))
            best_i = 0
            for i in range(1, nl):
                if score[i] > score[best_i]:
                    best_i = i
            return legal(s, best_i)
        determinised_copy(root, s, rng, ko, co)
        best = NEG
        best_a = legal(s, 0)
        for i in range(nl):
            a = legal(s, i)
            after_action(t, root, a, p, ip[IP_FINISH] != 0, u, fp, vals)
            v = value_for(t, p, fp, vals)
            if v > best + 1e-9:
                best = v
                best_a = a
        return best_a

    @njit_for(owner, **LOCAL)
    def answered_choice(s, ip, fp, rng, ko, co, bufs, vals):
        """The one-step lookahead with the next seat's answer, for a decision that starts a turn: every legal action
        scored as `lookahead_choice` scores it (one determinised copy), then each of the best IP_ANSWER = k (ties
        to the first legal) scored again after the seat to move next answers it:
        that seat's own one-step lookahead on the same copy and weights (its best action by its own evaluation, ties
        to the first, then the rest of its turn when IP_FINISH, and the rest of a simultaneous stage). The candidate
        whose answered result is best for the mover is chosen, ties to the better first score; scores in integer
        micro-units. After an action that ends the game, its own result. (`decide` takes `lookahead_choice` at a
        sub-decision, with IP_ANSWER < 2, and with more legal actions than bufs[3] holds with the k indices kept
        after the scores.) The answers are played in bufs[4]."""
        p = player(s)
        root, t, u, score, w = bufs[0], bufs[1], bufs[2], bufs[3], bufs[4]
        nl = nlegal(s)
        fin = ip[IP_FINISH] != 0
        k = min(ip[IP_ANSWER], nl)
        determinised_copy(root, s, rng, ko, co)
        for i in range(nl):
            after_action(t, root, legal(s, i), p, fin, u, fp, vals)
            score[i] = scaled(value_for(t, p, fp, vals))
        for j in range(k):  # the index of the j-th best action at score[nl + j]
            b = -1
            for i in range(nl):
                taken = False
                for jj in range(j):
                    if score[nl + jj] == i:
                        taken = True
                if not taken and (b < 0 or score[i] > score[b]):
                    b = i
            score[nl + j] = b
        if k <= 1:
            return legal(s, score[nl])
        n = nplayers(s)
        best_total = 0
        best_i = score[nl]
        for j in range(k):
            i = score[nl + j]
            after_action(t, root, legal(s, i), p, fin, u, fp, vals)
            q = player(t)
            if q < 0:
                total = scaled(value_for(t, p, fp, vals))
            else:
                best_q = NEG
                mine = 0.0
                for bi in range(nlegal(t)):
                    copy_play(w, t, params_size)
                    play_on(w, legal(t, bi), q, fin, u, fp, vals)
                    values(w, fp[FP_W:], vals)
                    vq = seat_value(vals, q, n, fp[FP_REL])
                    if vq > best_q + 1e-9:
                        best_q = vq
                        mine = seat_value(vals, p, n, fp[FP_REL])
                total = scaled(mine)
            if j == 0 or total > best_total:
                best_total = total
                best_i = i
        return legal(s, best_i)

    @njit_for(owner, **LOCAL)
    def prune_root(s, k, fp, rng, ko, co, bufs, child, vals):
        """Mark all but the best k root actions by one-step lookahead (as `lookahead_choice`, on one determinised
        copy) as excluded from the search (child[0, a] = -2). The scores are kept, scaled to integers, in bufs[3]."""
        nl = nlegal(s)
        score = bufs[3]
        if k <= 0 or k >= nl or nl > score.shape[0]:
            return
        p = player(s)
        root, t, u = bufs[0], bufs[1], bufs[2]
        determinised_copy(root, s, rng, ko, co)
        for i in range(nl):
            after_action(t, root, legal(s, i), p, True, u, fp, vals)
            score[i] = scaled(value_for(t, p, fp, vals))
        for i in range(nl):  # rank of action i: better scores, then equal scores earlier in the legal order
            better = 0
            for j in range(nl):
                if score[j] > score[i] or (score[j] == score[i] and j < i):
                    better += 1
            if better >= k:
                child[0, legal(s, i)] = -2

    @njit_for(owner, **LOCAL)
    def after_features(s, ip, fp, rng, ko, co, bufs, vals, unit, out):
        """The features each legal action leads to, as `lookahead_choice` sees them (one determinised copy, the
        rest of the turn's own sub-decisions taken on the weights of fp when IP_FINISH): out[i, q, k] = feature k
        of seat q after legal action i. `unit` is a work vector of the features' length."""
        p = player(s)
        root, t, u = bufs[0], bufs[1], bufs[2]
        determinised_copy(root, s, rng, ko, co)
        n = nplayers(s)
        for i in range(nlegal(s)):
            after_action(t, root, legal(s, i), p, ip[IP_FINISH] != 0, u, fp, vals)
            for k in range(unit.shape[0]):
                for j in range(unit.shape[0]):
                    unit[j] = 0.0
                unit[k] = 1.0
                values(t, unit, vals)
                for q in range(n):
                    out[i, q, k] = vals[q]
        return nlegal(s)

    @njit_for(owner, **LOCAL)
    def flatmc_choice(s, ip, fp, rng, ko, co, bufs, vals):
        """Flat Monte Carlo: IP_N playouts per legal action, each on a fresh determinisation; the best mean share."""
        p = player(s)
        t, h = bufs[0], bufs[1]
        hidden_copy(h, s)
        rew = vals[MAX_PLAYERS:]
        ev = vals[2 * MAX_PLAYERS:]
        best = NEG
        best_a = legal(s, 0)
        for i in range(nlegal(s)):
            a = legal(s, i)
            total = 0.0
            for _ in range(ip[IP_N]):
                determinised_copy(t, h, rng, ko, co)
                apply(t, a)
                playout(t, ip[IP_DEPTH], rng, ko, co)
                rewards(t, fp, rew, ev)
                total += rew[p]
            if total > best + 1e-9:
                best = total
                best_a = a
        return best_a

    @njit_for(owner, **LOCAL)
    def mcts_choice(s, ip, fp, rng, ko, co, bufs, child, visits, wsum, path, vals):
        """Open-loop UCT: a tree over action sequences from the root; every iteration draws a new determinisation of
        the root (from one hidden copy), descends by UCB (the mover's mean win share) among the actions legal in
        that sample, expands one action, plays out (IP_DEPTH decisions, -1: to the end) and backs up the win share of
        every seat.
        After each action in the tree, the rest of its seat's turn is taken greedily when IP_FINISH (a tree of
        turns), then the rest of a simultaneous stage (`rest_of_stage`), so no seat in the tree answers a play it
        could not have seen. With IP_PRUNE = k > 0 only the best k root actions by one-step lookahead are searched.
        The most visited root action is chosen."""
        iters = ip[IP_N]
        depth = ip[IP_DEPTH]
        c = fp[FP_C]
        cap = child.shape[0]
        rew = vals[MAX_PLAYERS:]
        ev = vals[2 * MAX_PLAYERS:]
        t, h = bufs[0], bufs[4]
        _new_node(child, visits, wsum, 0)
        prune_root(s, ip[IP_PRUNE], fp, rng, ko, co, bufs, child, vals)
        hidden_copy(h, s)
        n_nodes = 1
        for _ in range(iters):
            determinised_copy(t, h, rng, ko, co)
            node = 0
            path[0] = 0
            plen = 1
            while player(t) >= 0:
                m = player(t)
                nl = nlegal(t)
                # one pass: the untried actions counted, and the tried ones' best by UCB (used when none is untried)
                log_n = math.log(max(visits[node], 1))
                untried = 0
                best = NEG
                best_a = -1
                best_ch = -1
                for i in range(nl):
                    a = legal(t, i)
                    ch = child[node, a]
                    if ch < 0:
                        if ch == -1:
                            untried += 1
                        continue
                    n_ch = visits[ch]
                    u = wsum[ch, m] / n_ch + c * math.sqrt(log_n / n_ch)
                    if u > best:
                        best = u
                        best_a = a
                        best_ch = ch
                if untried > 0 and n_nodes < cap:
                    j = randbelow(rng, ko, co, untried)
                    a = -1
                    for i in range(nl):
                        if child[node, legal(t, i)] == -1:
                            if j == 0:
                                a = legal(t, i)
                                break
                            j -= 1
                    new = n_nodes
                    n_nodes += 1
                    _new_node(child, visits, wsum, new)
                    child[node, a] = new
                    play_on(t, a, m, ip[IP_FINISH] != 0, bufs[1], fp, vals)
                    path[plen] = new
                    plen += 1
                    break
                if best_ch < 0:  # tree full and nothing tried here: play out from this state
                    break
                play_on(t, best_a, m, ip[IP_FINISH] != 0, bufs[1], fp, vals)
                node = best_ch
                path[plen] = node
                plen += 1
            playout(t, depth, rng, ko, co)
            rewards(t, fp, rew, ev)
            n = nplayers(t)
            for k in range(plen):
                nd = path[k]
                visits[nd] += 1
                for q in range(n):
                    wsum[nd, q] += rew[q]
        best_a = legal(s, 0)
        most = -1
        best_q = NEG
        p = player(s)
        for i in range(nlegal(s)):
            a = legal(s, i)
            ch = child[0, a]
            if ch < 0:
                continue
            q = wsum[ch, p] / visits[ch]
            if visits[ch] > most or (visits[ch] == most and q > best_q):
                most = visits[ch]
                best_q = q
                best_a = a
        return best_a

    @njit_for(owner, **LOCAL)
    def decide(s, kind, ip, fp, rng, ko, co, bufs, child, visits, wsum, path, vals):
        """The action agent (kind, ip, fp) takes in state `s` (not modified); its stream is rng[ko], rng[co].
        With FP_EPS = e > 0, a uniformly random legal action with probability e (both drawn from that stream).
        A lookahead with IP_ANSWER = k > 1 answers its best k actions at a decision that starts a turn (one
        determinised copy there whatever IP_N)."""
        if kind == RANDOM:
            return random_choice(s, rng, ko, co)
        if fp[FP_EPS] > 0.0 and randbelow(rng, ko, co, EPS_SCALE) < fp[FP_EPS] * EPS_SCALE:
            return random_choice(s, rng, ko, co)
        if kind == GREEDY or kind == HEURISTIC or kind == POLICY:
            if ip[IP_ANSWER] > 1 and not same_turn(s, player(s)) and nlegal(s) + ip[IP_ANSWER] <= bufs.shape[1]:
                return answered_choice(s, ip, fp, rng, ko, co, bufs, vals)
            return lookahead_choice(s, ip, fp, rng, ko, co, bufs, vals)
        if kind == FLATMC:
            return flatmc_choice(s, ip, fp, rng, ko, co, bufs, vals)
        if kind == MCTS or kind == VMCTS:
            return mcts_choice(s, ip, fp, rng, ko, co, bufs, child, visits, wsum, path, vals)
        return random_choice(s, rng, ko, co)

    return decide, after_features
