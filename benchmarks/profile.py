"""`python -m benchmarks.profile`: where a game's kernel spends its time, by compiled function.

The game is compiled (or loaded from the cache) and warmed up first; then `perf record` (Debian's linux-perf, a
software clock, so it works without hardware counters) samples this process while it plays. Numba's machine code
has no symbols perf can read, so the process writes perf's map file (`/tmp/perf-<pid>.map`) of every compiled
function it has loaded, each function's size taken as the distance to the next one. Functions LLVM inlined count
in their caller.

    python -m benchmarks.profile prestige --players 3 --games 100000
    python -m benchmarks.profile bruxelles1897 --agents greedy --games 2000 --top 15
    python -m benchmarks.profile prestige --annotate legal.compute_legal   # its hottest machine instructions
    python -m benchmarks.profile prestige --lines play_out_random   # its samples by source line

`--lines` re-runs the command with a fresh Numba cache, every kernel compiled with DWARF line tables and nothing
else changed in its code (clang's -gline-tables-only: Numba's directives-only debug info made a line table, no
variables, no bounds checks), and maps each sample through the function's object code with addr2line: by the
source line it was in (the innermost inlined frame) and by the function's own call it was under.
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
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


def hottest_instructions(code: bytes, offsets: Sequence[int], top: int) -> str:
    """The `top` instructions of a function's machine code (`code`) with the most samples (`offsets` into it), each
    with its share of the function's samples, disassembled by objdump."""
    with tempfile.NamedTemporaryFile(suffix=".bin") as fh:
        fh.write(code)
        fh.flush()
        listing = subprocess.run(["objdump", "-D", "-b", "binary", "-m", "i386:x86-64", fh.name], capture_output=True,
                                 text=True, check=True).stdout
    counts = Counter(offsets)
    rows = []
    for line in listing.splitlines():
        fields = line.split("\t")  # "  offset:", the bytes, the instruction
        if len(fields) == 3 and re.fullmatch(r"\s*[0-9a-f]+:", fields[0]) and counts.get(int(fields[0][:-1], 16)):
            at = int(fields[0][:-1], 16)
            rows.append((counts[at], f"{at:6x}  {' '.join(fields[2].split())}"))
    rows.sort(key=lambda r: -r[0])
    return "\n".join(f"{100 * c / len(offsets):5.1f} %  {text}" for c, text in rows[:top])


LINES_ENV = "BRUX_PROFILE_LINES"  # set in the re-run that compiles with line tables


def line_tables() -> None:
    """Compile every kernel from here on with DWARF line tables only."""
    from numba.core import cpu, debuginfo

    finalize, initialize = cpu.CPUTargetOptions.finalize, debuginfo.DIBuilder.initialize

    def with_lines(self, flags, options):
        finalize(self, flags, options)
        flags.debuginfo, flags.dbg_directives_only, flags.boundscheck = True, True, False

    def line_table_only(self):
        self.emission_kind = "LineTablesOnly"
        initialize(self)

    cpu.CPUTargetOptions.finalize = with_lines
    debuginfo.DIBuilder.initialize = line_table_only
    debuginfo.DIBuilder.mark_variable = lambda self, *args, **kwargs: None


def object_code(symbol: str) -> tuple[bytes, str, int]:
    """(object file, section, offset) of the compiled library that defines `symbol` (compiled in this process)."""
    from numba.core.dispatcher import Dispatcher

    for obj in gc.get_objects():
        if not isinstance(obj, Dispatcher):
            continue
        for cres in obj.overloads.values():
            try:
                code = cres.library._get_compiled_object()
            except RuntimeError:  # loaded from the cache, or only linked into callers
                continue
            with tempfile.NamedTemporaryFile(suffix=".o") as fh:
                fh.write(code)
                fh.flush()
                table = subprocess.run(["objdump", "-t", fh.name], capture_output=True, text=True).stdout
            for line in table.splitlines():
                fields = line.split()
                if fields and fields[-1] == symbol and "F" in fields[1:-3]:
                    return code, fields[-3], int(fields[0], 16)
    raise LookupError(symbol)


def source_lines(code: bytes, section: str, start: int, offsets: Sequence[int], top: int, root: str) -> str:
    """Samples (`offsets` into the function at `start` of `section` of the object file `code`) by source line, from
    the object's line table (addr2line, inlined frames included): `line_report`."""
    with tempfile.NamedTemporaryFile(suffix=".o") as fh:
        fh.write(code)
        fh.flush()
        listing = subprocess.run(["addr2line", "-e", fh.name, "-j", section, "-i", "-a",
                                  *(hex(start + o) for o in sorted(set(offsets)))],
                                 capture_output=True, text=True, check=True).stdout
    return line_report(listing, start, offsets, top, root)


def line_report(listing: str, start: int, offsets: Sequence[int], top: int, root: str) -> str:
    """The samples by innermost source line, and by the call of the function's own code they were under (its two
    outermost frames, callee < call site), from `addr2line -i -a` output (`listing`: an address line, then its
    frames innermost first); paths shown relative to `root`."""
    counts = Counter(offsets)
    frames: dict[int, list[str]] = {}
    at = None
    for line in listing.splitlines():
        if line.startswith("0x"):
            at = int(line, 16) - start
            frames[at] = []
        elif at is not None:
            frames[at].append(line.split(" (discriminator")[0].replace(root, ""))
    inner, calls = Counter(), Counter()
    for o, chain in frames.items():
        inner[chain[0]] += counts[o]
        calls[" < ".join(chain[-2:])] += counts[o]
    n = len(offsets)
    rows = ["by source line:"] + [f"{100 * c / n:5.1f} %  {k}" for k, c in inner.most_common(top)]
    rows += ["", "by the function's own call (callee < call site):"]
    rows += [f"{100 * c / n:5.1f} %  {k}" for k, c in calls.most_common(top)]
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.profile", description=__doc__.split("\n\n")[0])
    p.add_argument("game")
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--agents", default="random", help="agent spec of every seat (default: random)")
    p.add_argument("--games", type=int, default=100_000, help="games played while sampled (default: %(default)s)")
    p.add_argument("--top", type=int, default=25, help="functions (or instructions) listed (default: %(default)s)")
    p.add_argument("--annotate", metavar="FUNCTION", help="list the hottest machine instructions of the function "
                   "whose name (or its part before @) ends so (e.g. legal.compute_legal) instead (needs objdump, "
                   "Debian's binutils)")
    p.add_argument("--lines", metavar="FUNCTION", help="the samples of the function whose name ends so by source "
                   "line instead (a fresh compile with line tables; needs objdump and addr2line, Debian's binutils)")
    args = p.parse_args(argv)
    if args.lines and LINES_ENV not in os.environ:
        with tempfile.TemporaryDirectory() as cache:
            env = {**os.environ, LINES_ENV: "1", "NUMBA_CACHE_DIR": cache}
            return subprocess.run([sys.executable, "-m", "benchmarks.profile", *(sys.argv[1:] if argv is None
                                                                                 else argv)], env=env).returncode
    if args.lines:
        line_tables()
    try:
        game = brux.load_game(args.game, players=args.players)
        play = (lambda n: game.play_random(n, master_seed=11)) if args.agents == "random" else \
            (lambda n: game.play(n, master_seed=11, agents=args.agents))
        play(2)  # compiled, or loaded from the cache
    except ValueError as e:  # an unknown game, player count or agent
        print(f"benchmarks.profile: {e}", file=sys.stderr)
        return 2
    needs = {"objdump": "binutils", **({"addr2line": "binutils"} if args.lines else {})}
    tools = {"perf": "linux-perf", **(needs if args.annotate or args.lines else {})}  # tool: Debian package
    for tool, package in tools.items():
        if shutil.which(tool) is None:
            print(f"benchmarks.profile: needs {tool} (Debian package {package})", file=sys.stderr)
            return 2
    functions = compiled_functions()
    span = None
    wanted = args.annotate or args.lines
    if wanted:
        addresses = sorted(functions)
        span = next(((a, b) for a, b in zip(addresses, addresses[1:])
                     if readable(functions[a]).endswith(wanted)
                     or readable(functions[a]).split("@")[0].endswith(wanted)), None)
        if span is None:
            print(f"benchmarks.profile: no compiled function ends with {wanted!r}", file=sys.stderr)
            return 2
    perf_map = write_perf_map(functions)
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
        command = ["perf", "script", "-F", "ip"] if span else ["perf", "report", "--stdio", "--sort", "sym"]
        report = subprocess.run([*command, "-i", data], capture_output=True, text=True, check=True).stdout
    os.remove(perf_map)
    print(f"{args.game}, {args.players} players, {args.agents}: {args.games:,} games in {wall:.2f} s\n")
    if span:
        start, end = span
        offsets = [ip - start for ip in (int(x, 16) for x in report.split()) if start <= ip < end]
        print(f"{readable(functions[start])}: {len(offsets):,} samples\n")
        if args.lines:
            try:
                code, section, at = object_code(functions[start])
            except LookupError:
                print(f"benchmarks.profile: no object code of {wanted!r} compiled here", file=sys.stderr)
                return 2
            root = os.path.dirname(os.path.dirname(os.path.abspath(brux.__file__))) + os.sep
            print(source_lines(code, section, at, offsets, args.top, root))
        else:
            print(hottest_instructions(ctypes.string_at(start, end - start), offsets, args.top))
    else:
        print(table(shares(report), args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
