"""The output-folder lock: a live holder is named and refused, stale locks are taken over, others' locks are kept;
and the compile notice of a first compile."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections import defaultdict
from types import SimpleNamespace

import numba
import pytest
from numba.core import event

import sims
from brux.games import GAMES, GameEntry
from sims import lock, warmup
from sims.lock import LOCK, folder_lock

from .conftest import GAME


def _write_lock(folder, **fields):
    folder.mkdir(exist_ok=True)
    holder = {"pid": os.getpid(), "host": socket.gethostname(), "command": "brux run x", "started": time.time(),
              "ticks": None, "token": "t"}
    holder.update(fields)
    (folder / LOCK).write_text(json.dumps(holder))
    return folder / LOCK


def _dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def test_live_holder_is_refused_and_named(tmp_path):
    path = _write_lock(tmp_path / "r", pid=os.getppid(), command="brux run bruxelles1897 --seed 2")
    with pytest.raises(sims.SimsError, match=r"in use by another brux run \(pid \d+ on .*brux run bruxelles1897 "
                                             r"--seed 2\); wait for it"):
        sims.run(GAME, 3, 10, out=tmp_path / "r", force=True)
    assert path.exists() and not (tmp_path / "r" / "manifest.json").exists()


def test_dead_holder_on_this_host_is_taken_over(tmp_path):
    _write_lock(tmp_path / "r", pid=_dead_pid())
    assert sims.run(GAME, 3, 10, out=tmp_path / "r", jobs=1).games_played == 10
    assert not (tmp_path / "r" / LOCK).exists()


def test_recycled_pid_is_not_the_holder(tmp_path):
    _write_lock(tmp_path / "r", pid=os.getppid(), ticks="1")  # alive, but started at another time
    assert sims.run(GAME, 3, 10, out=tmp_path / "r", jobs=1).games_played == 10


def test_other_host_fresh_heartbeat_is_refused_old_one_taken_over(tmp_path):
    path = _write_lock(tmp_path / "r", host="elsewhere", pid=1)
    with pytest.raises(sims.SimsError, match="on elsewhere"):
        sims.run(GAME, 3, 10, out=tmp_path / "r", jobs=1)
    old = time.time() - lock.STALE_AFTER - 5
    os.utime(path, (old, old))
    assert sims.run(GAME, 3, 10, out=tmp_path / "r", jobs=1).games_played == 10


def test_unreadable_lock_young_refused_old_taken_over(tmp_path):
    (tmp_path / "r").mkdir()
    path = tmp_path / "r" / LOCK
    path.write_text("")
    with pytest.raises(sims.SimsError, match="in use"):
        sims.run(GAME, 3, 10, out=tmp_path / "r", jobs=1)
    old = time.time() - 60
    os.utime(path, (old, old))
    assert sims.run(GAME, 3, 10, out=tmp_path / "r", jobs=1).games_played == 10


def test_another_thread_is_refused_the_same_thread_reenters(tmp_path):
    errors = []
    with folder_lock(tmp_path / "r"):
        with folder_lock(tmp_path / "r"):
            pass
        assert (tmp_path / "r" / LOCK).exists()

        def other():
            try:
                with folder_lock(tmp_path / "r"):
                    pass
            except sims.SimsError as e:
                errors.append(str(e))

        t = threading.Thread(target=other)
        t.start()
        t.join()
    assert errors and "in use by another brux run" in errors[0]
    assert not (tmp_path / "r" / LOCK).exists()


def test_a_lock_replaced_meanwhile_is_not_removed(tmp_path):
    with folder_lock(tmp_path / "r"):
        (tmp_path / "r" / LOCK).write_text('{"pid": 1, "host": "elsewhere"}')
    assert (tmp_path / "r" / LOCK).read_text() == '{"pid": 1, "host": "elsewhere"}'


def test_many_takeovers_at_once_one_winner(tmp_path):
    _write_lock(tmp_path / "r", pid=_dead_pid())
    results = []
    barrier = threading.Barrier(8)

    def grab():
        barrier.wait()
        try:
            lock._acquire(tmp_path / "r" / LOCK)
            results.append("won")
        except sims.SimsError:
            results.append("refused")

    threads = [threading.Thread(target=grab) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count("won") == 1


class _CountingGame:
    name = "countinggame"
    players = 3

    def __init__(self):
        self.calls = 0

    def play_random(self, *a):
        self.calls += 1


def test_compile_notice(monkeypatch, capsys):
    """A kernel of a game compiled for the first time is announced once, with the game's estimate; a kernel already
    compiled, or a second one of the same game, is not."""
    monkeypatch.setitem(GAMES, "slowgame", GameEntry(__name__, rules_version=1, title="Slow", players=(2, 2),
                                                                compile_seconds=60))
    monkeypatch.setattr(event, "_registered", defaultdict(list))  # this notice only, not the process's own
    kernel = numba.njit(lambda x: x + 1)  # a new dispatcher: its first call compiles
    notice = warmup.CompileNotice()
    with event.install_listener("numba:compile", notice):
        capsys.readouterr()
        assert kernel(1) == 2
        err = capsys.readouterr().err
        assert "Compiling the slowgame kernels (about 60 s of CPU, once" in err
        assert err.count("\n") == 1
        assert kernel(2) == 3 and kernel(1.5) == 2.5  # loaded; then a new signature, compiled but already announced
        assert capsys.readouterr().err == ""
    assert notice.announced == {"slowgame"}


def test_warm_up_once_per_process(monkeypatch):
    monkeypatch.setattr(warmup, "_warm", set())
    game = _CountingGame()
    warmup.warm_up(game, ["random"] * 3)
    assert warmup.warm_up(game, ["random"] * 3) == 0.0 and game.calls == 1


def test_run_rate_excludes_the_warm_up(monkeypatch, tmp_path):
    """The run's clock is read after the warm-up: a warm-up that takes 1,000 s of a fake clock adds nothing."""
    now = [0.0]
    run_module = sys.modules["sims.run"]
    monkeypatch.setattr(run_module, "time", SimpleNamespace(perf_counter=lambda: now[0]))
    monkeypatch.setattr(warmup, "warm_up", lambda game, lineup: now.__setitem__(0, now[0] + 1000.0))
    result = sims.run(GAME, 3, 100, out=tmp_path / "r", jobs=1)
    assert now[0] == 1000.0 and result.seconds == 0.0 and result.games_played == 100
