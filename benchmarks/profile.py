"""`python -m benchmarks.profile`: where a game's kernel spends its time, by compiled function.

The game is compiled (or loaded from the cache) and warmed up first; then `perf record` (Debian's linux-perf, a
software clock, so it works without hardware counters) samples this process while it plays. Numba's machine code
has no symbols perf can read, so the process writes perf's map file (`/tmp/perf-<pid>.map`) of every compiled
function it has loaded, each function's size taken as the distance to the next one. Functions LLVM inlined count
in their caller.

    python -m benchmarks.profile prestige --players 3 --games 100000
    python -m benchmarks.profile bruxelles1897 --agents greedy --games 2000 --top 15
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence

import brux

ESCAPES = {"_3c": "<", "_3e": ">", "_40": "@", "_2e": "."}  # the characters Numba's mangled names escape here
FREQUENCY = 4000  # samples per second


def readable(symbol: str) -> str:
    """`module.function` from a Numba mangled name (`_ZN4brux5games...13compute_legalB4v177...`), else the name."""
    if not symbol.startswith("_ZN"):
        return symbol
    parts, i = [], 3
    while i < len(symbol) and symbol[i].isdigit():
        j = i
        while symbol[j].isdigit():
            j += 1
        size = int(symbol[i:j])
        parts.append(symbol[j:j + size])
        i = j + size
    name = ".".join(parts)
    for code, char in ESCAPES.items():
        name = name.replace(code, char)
    return name


def compiled_functions() -> dict[int, str]:
    """Address → mangled name of every function in the compiled libraries this process has loaded."""
    from numba.core.dispatcher import Dispatcher

    found: dict[int, str] = {}
    for obj in gc.get_objects():
        if not isinstance(obj, Dispatcher):
            continue
        for cres in obj.overloads.values():
            lib = cres.library
            engine = lib._codegen._engine._ee
            for module in (lib._final_module, lib._shared_module):  # compiled here, or loaded from the cache
                for fn in module.functions if module is not None else ():
                    address = engine.get_function_address(fn.name)
                    if address:
                        found.setdefault(address, fn.name)
    return found


def write_perf_map(functions: dict[int, str]) -> str:
    """perf's map file of this process: one `start size name` line per function."""
    path = f"/tmp/perf-{os.getpid()}.map"
    addresses = sorted(functions)
    with open(path, "w") as fh:
        for here, after in zip(addresses, [*addresses[1:], addresses[-1] + (1 << 16)], strict=True):
            fh.write(f"{here:x} {min(after - here, 1 << 20):x} {functions[here]}\n")
    return path


def shares(report: str) -> list[tuple[float, str]]:
    """(percent of samples, symbol) rows of `perf report --stdio --sort sym`."""
    rows = []
    for line in report.splitlines():
        m = re.match(r"\s*([\d.]+)%\s+\[[.k]\]\s+(\S+)", line)
        if m:
            rows.append((float(m.group(1)), m.group(2)))
    return rows


def table(rows: Sequence[tuple[float, str]], top: int) -> str:
    """Markdown: the kernel functions' shares of the kernels' samples, then everything else as one row."""
    kernel = [(p, readable(s)) for p, s in rows if s.startswith("_ZN")]
    total = sum(p for p, _ in kernel)
    lines = ["| share of kernel time | function |", "|---|---|"]
    lines += [f"| {100 * p / total:.1f} % | `{name}` |" for p, name in kernel[:top]]
    rest = sum(p for p, _ in kernel[top:])
    lines.append(f"| {100 * rest / total:.1f} % | {len(kernel) - top} other kernel functions |")
    lines.append(f"\nKernels: {total:.1f} % of this process's samples during play (the rest: Python, the runtime).")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.profile", description=__doc__.split("\n\n")[0])
    p.add_argument("game")
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--agents", default="random", help="agent spec of every seat (default: random)")
    p.add_argument("--games", type=int, default=100_000, help="games played while sampled (default: %(default)s)")
    p.add_argument("--top", type=int, default=25, help="functions listed (default: %(default)s)")
    args = p.parse_args(argv)
    if shutil.which("perf") is None:
        print("benchmarks.profile: needs `perf` (Debian package linux-perf)", file=sys.stderr)
        return 2
    game = brux.load_game(args.game, players=args.players)
    play = (lambda n: game.play_random(n, master_seed=11)) if args.agents == "random" else \
        (lambda n: game.play(n, master_seed=11, agents=args.agents))
    play(2)  # compiled, or loaded from the cache
    perf_map = write_perf_map(compiled_functions())
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "perf.data")
        recorder = subprocess.Popen(["perf", "record", "-q", "-e", "cpu-clock", "-F", str(FREQUENCY), "-p",
                                     str(os.getpid()), "-o", data], stderr=subprocess.DEVNULL)
        time.sleep(0.5)  # perf attaches
        t = time.perf_counter()
        play(args.games)
        wall = time.perf_counter() - t
        recorder.send_signal(signal.SIGINT)
        recorder.wait()
        report = subprocess.run(["perf", "report", "--stdio", "--sort", "sym", "-i", data], capture_output=True,
                                text=True, check=True).stdout
    os.remove(perf_map)
    print(f"{args.game}, {args.players} players, {args.agents}: {args.games:,} games in {wall:.2f} s\n")
    print(table(shares(report), args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
