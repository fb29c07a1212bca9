"""The shared kernel skeleton: random batches, result recording, ranking and win shares, built once per game.

A game's `kernel/hooks.py` exports the functions and constants of docs/adding-a-game.md (init, apply, player,
nlegal, legal, nplayers, vp, source_vp, opening, length, better; STATE_SIZE, N_SOURCES, N_OPENINGS, MAX_PLAYERS;
PLAYOUT, the game's own random play-out or None). `build(hooks)` makes the batch functions
specialised for them (a small factory, as `brux.agents.search.build` makes the searches): the functions are closure
variables, so Numba calls them directly, and each is named after the game (`brux.core.jit.njit_for`). The game
calls the built functions from the cached entry points `brux.core.entry` makes for it, which Numba caches with
everything compiled in.

Work array of a batch: the game state s[0:STATE_SIZE], then each seat's agent stream (key, counter) at
`agent_rng + 2 p`, `agent_rng + 2 p + 1`, then the work slots of the game's own play-out (`PlayOut.work`).
Seat p of the game with seed g draws from stream 1 + p of g; the game's chance stream is stream 0.
"""

from collections.abc import Callable
from types import SimpleNamespace
from typing import NamedTuple

import numpy as np

from brux.core.batch import batch_game_seed
from brux.core.jit import INTERNAL, njit_for
from brux.core.rng import randbelow, seed_stream

LOCAL = dict(_nrt=False, error_model="numpy", **INTERNAL)  # made per game by build(); cached in its entry points
BATCH_KEYS = ("seed", "vp", "rank", "win_share", "vp_by_source", "opening", "length")


class PlayOut(NamedTuple):
    """A game's own uniformly random play-out (its `PLAYOUT` hook; None: the kit's generic loop), which must give
    the generic loop's games exactly: `play(s, rng_off)` plays to the end, seat p drawing from its stream at
    rng_off + 2 p; it may use `work` slots after the agent streams; `init`, when given, is a lighter set-up it starts
    from (leaving single-option decisions to the play-out, which keeps a second copy of the game's decision
    handlers out of the random batch); `vectorize=False` compiles the random batch without LLVM's loop vectorizer
    (`brux.core.codegen.ScalarEntryLibrary`), for a game whose batch measured faster so."""

    play: Callable
    work: int = 0
    init: Callable | None = None
    vectorize: bool = True


def result_arrays(n_games: int, players: int, n_sources: int, n_openings: int) -> tuple[np.ndarray, ...]:
    """Zeroed results of a batch, in `BATCH_KEYS` order: per game its seed; per seat VP, rank, win share, VP by source
    and opening codes; per game its length (decisions taken by players). Made by the caller and filled by the batch
    kernel, so that no kernel allocates (a cold compile would otherwise compile NumPy's allocation for every one of
    their types)."""
    return (np.zeros(n_games, np.int64), np.zeros((n_games, players), np.int32),
            np.zeros((n_games, players), np.int8), np.zeros((n_games, players), np.float64),
            np.zeros((n_games, players, n_sources), np.int32), np.zeros((n_games, players, n_openings), np.int16),
            np.zeros(n_games, np.int32))


def build(hooks):
    """The batch skeleton for one game's hooks module; returns a namespace of Numba functions and constants:
    `play_random_batch`, `record_result`, `rank`, `shares`, `start_game`, `legal_actions`, `agent_rng`,
    `work_size`."""
    init, apply, player, nlegal, legal = hooks.init, hooks.apply, hooks.player, hooks.nlegal, hooks.legal
    nplayers, vp, source_vp, opening, length, better = (
        hooks.nplayers, hooks.vp, hooks.source_vp, hooks.opening, hooks.length, hooks.better)
    n_sources, n_openings = hooks.N_SOURCES, hooks.N_OPENINGS
    owner = hooks.__name__
    agent_rng = hooks.STATE_SIZE
    own: PlayOut | None = hooks.PLAYOUT
    work_size = agent_rng + 2 * hooks.MAX_PLAYERS + (own.work if own is not None else 0)

    @njit_for(owner, **LOCAL)
    def rank(s, p):
        """1 + the number of seats ranked strictly ahead of seat p (by the game's `better`)."""
        r = 1
        for q in range(nplayers(s)):
            if q != p and better(s, q, p):
                r += 1
        return r

    @njit_for(owner, **LOCAL)
    def shares(s, out):
        """Win share of each seat of a finished game: 1/k for each of the k seats of rank 1."""
        n = nplayers(s)
        k = 0
        for p in range(n):
            first = rank(s, p) == 1
            out[p] = 1.0 if first else 0.0
            k += first
        for p in range(n):
            out[p] /= k

    @njit_for(owner, **LOCAL)
    def record_result(s, g, vps, rk, share, src, opens, lengths):
        """Row g of the result arrays from the finished game in s."""
        n = nplayers(s)
        k = 0
        for p in range(n):
            r = rank(s, p)
            rk[g, p] = r
            k += r == 1
        for p in range(n):
            vps[g, p] = vp(s, p)
            share[g, p] = 1.0 / k if rk[g, p] == 1 else 0.0
            for j in range(n_sources):
                src[g, p, j] = source_vp(s, p, j)
            for j in range(n_openings):
                opens[g, p, j] = opening(s, p, j)
        lengths[g] = length(s)

    def make_start(init):
        @njit_for(f"{owner}:{init.__name__}", **LOCAL, inline="always")
        def start(s, params, master_seed, index):
            """Game `index` of a run in work array s, each seat's agent stream seeded; returns the game seed."""
            seed = batch_game_seed(master_seed, index)
            init(s, params, seed)
            for p in range(nplayers(s)):
                seed_stream(s, agent_rng + 2 * p, agent_rng + 2 * p + 1, seed, 1 + p)
            return seed

        return start

    start_game = make_start(init)
    if own is not None:
        play_out = own.play
        start_random = make_start(own.init) if own.init is not None else start_game
    else:
        start_random = start_game

        @njit_for(owner, **LOCAL)
        def play_out(s, rng_off):
            """Uniformly random decisions to the end, seat p drawing from its stream at rng_off + 2 p."""
            while True:
                p = player(s)
                if p < 0:
                    return
                apply(s, legal(s, randbelow(s, rng_off + 2 * p, rng_off + 2 * p + 1, nlegal(s))))

    @njit_for(owner, nogil=True, inline="always")  # compiled once, into the game's cached entry point
    def play_random_batch(params, master_seed, first_index, s, seeds, vps, rk, share, src, opens, lengths):
        """Games first_index .. first_index + len(seeds) - 1 of a run, every seat uniformly random from its stream,
        played in work array s (`work_size`): fills per game its seed and length, and per seat VP, rank, win share,
        VP by source and opening codes (`result_arrays`)."""
        for g in range(seeds.shape[0]):  # the parameter block copied in once: no game writes it
            seeds[g] = start_random(s, params if g == 0 else params[:0], master_seed, first_index + g)
            play_out(s, agent_rng)
            record_result(s, g, vps, rk, share, src, opens, lengths)

    @njit_for(owner)
    def legal_actions(s):
        """The legal actions of the pending decision, ascending (empty when the game is over)."""
        out = np.empty(nlegal(s) if player(s) >= 0 else 0, np.int64)
        for i in range(out.shape[0]):
            out[i] = legal(s, i)
        return out

    observe, n_actions = hooks.observe, hooks.N_ACTIONS

    @njit_for(owner, inline="always")
    def vec_view(s, i, obs, masks, players):
        """Row i of the observations (the seat to move's), legal-action masks and seats to move of the game in s
        (a game in s never ends: vec_step starts the next one in its place)."""
        p = player(s)
        players[i] = p
        m = masks[i]
        for a in range(n_actions):
            m[a] = False
        for j in range(nlegal(s)):
            m[legal(s, j)] = True
        observe(s, p, obs[i])

    @njit_for(owner, nogil=True, inline="always")  # compiled once, into the game's cached entry point
    def vec_reset(params, master_seed, next_index, states, obs, masks, players):
        """Start game next_index[0] + i of a run in row i of `states` (next_index advanced); rows of obs, masks,
        players."""
        for i in range(states.shape[0]):
            init(states[i], params, batch_game_seed(master_seed, next_index[0]))
            next_index[0] += 1
            vec_view(states[i], i, obs, masks, players)

    @njit_for(owner, nogil=True, inline="always")
    def vec_step(params, master_seed, next_index, states, actions, obs, masks, rewards, done, players):
        """Apply actions[i] in game i; a game that ends gets its seats' win shares as rewards (0 otherwise), done,
        and the next game of the run in its row (the observation and mask are the new game's).

        Returns -1, or the first game whose action is not legal in its mask (then nothing is applied)."""
        for i in range(states.shape[0]):
            a = actions[i]
            if a < 0 or a >= n_actions or not masks[i, a]:
                return i
        for i in range(states.shape[0]):
            s = states[i]
            apply(s, actions[i])
            r = rewards[i]
            for p in range(r.shape[0]):
                r[p] = 0.0
            over = player(s) < 0
            done[i] = over
            if over:
                shares(s, r)
                init(s, params, batch_game_seed(master_seed, next_index[0]))
                next_index[0] += 1
            vec_view(s, i, obs, masks, players)
        return -1

    @njit_for(owner, nogil=True, inline="always")
    def vec_random_actions(states, rng, actions):
        """actions[i]: uniformly one of the legal actions of game i, from the stream (rng[0], rng[1])."""
        for i in range(states.shape[0]):
            s = states[i]
            actions[i] = legal(s, randbelow(rng, 0, 1, nlegal(s)))

    return SimpleNamespace(play_random_batch=play_random_batch, record_result=record_result, rank=rank,
                           shares=shares, start_game=start_game, legal_actions=legal_actions,
                           agent_rng=agent_rng, work_size=work_size, vec_reset=vec_reset, vec_step=vec_step,
                           vec_random_actions=vec_random_actions)
