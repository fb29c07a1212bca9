"""benchmarks.profile: Numba's mangled names read back, perf's report parsed, the share table."""

import pytest

from benchmarks.profile import hottest_instructions, line_report, main, readable, shares, table

MANGLED = ("_ZN4brux5games8prestige6kernel5legal13compute_legalB4v177B62c8tJTIeFIjxB2IKSgI4CrvSCKg1MMbCQQPKkLTj8gMG"
           "IFqNQvZjxD5bQBAA_3dE5ArrayIxLi1E1C7mutable7alignedE")
LOCAL = ("_ZN4brux4core4loop11engine_loop12_3clocals_3e12apply_40brux5games8prestige6kernel6engineB4v471B62c8tJTIeFIj"
         "xB2IKSgI4CrvSCKg1MMbCQQPKkLTj8gMGIFqNQvZjxD5bQBAA_3dE5ArrayIxLi1E1C7mutable7alignedEx")


def test_mangled_names_become_module_and_function():
    assert readable(MANGLED) == "brux.games.prestige.kernel.legal.compute_legal"
    assert readable(LOCAL) == "brux.core.loop.engine_loop.<locals>.apply@brux.games.prestige.kernel.engine"
    assert readable("gc_collect_main") == "gc_collect_main"


def test_report_rows_and_shares_of_kernel_time():
    report = "\n".join(["# comment", f"    60.00%  [.] {MANGLED}", f"    20.00%  [.] {LOCAL}",
                        "    20.00%  [.] _PyEval_EvalFrameDefault", "", "     1.50%  [k] exc_page_fault"])
    rows = shares(report)
    assert [p for p, _ in rows] == [60.0, 20.0, 20.0, 1.5]
    text = table(rows, top=1)
    assert "| 75.0 % | `brux.games.prestige.kernel.legal.compute_legal` |" in text
    assert "| 25.0 % | 1 other kernel functions |" in text
    assert "Kernels: 80.0 %" in text


def test_hottest_instructions_are_counted_and_disassembled():
    code = bytes([0x55, 0x48, 0x89, 0xE5, 0xC3])  # push %rbp; mov %rsp,%rbp; ret
    lines = hottest_instructions(code, [1, 1, 1, 4], top=5).splitlines()
    assert lines == [" 75.0 %       1  mov %rsp,%rbp", " 25.0 %       4  ret"]


def test_line_report_counts_samples_by_innermost_line_and_by_own_call():
    listing = "\n".join([
        "0x0000000000001010", "/src/brux/games/g/legal.py:47", "/src/brux/games/g/legal.py:170",
        "/src/brux/core/loop.py:164",
        "0x0000000000001020", "/src/brux/games/g/legal.py:47 (discriminator 2)", "/src/brux/games/g/legal.py:199",
        "/src/brux/core/loop.py:164",
        "0x0000000000001030", "/src/brux/core/loop.py:157"])
    text = line_report(listing, 0x1000, [0x10, 0x10, 0x20, 0x30], top=5, root="/src/").splitlines()
    assert text[:3] == ["by source line:", " 75.0 %  brux/games/g/legal.py:47", " 25.0 %  brux/core/loop.py:157"]
    assert text[4:] == ["by the function's own call (callee < call site):",
                        " 50.0 %  brux/games/g/legal.py:170 < brux/core/loop.py:164",
                        " 25.0 %  brux/games/g/legal.py:199 < brux/core/loop.py:164",
                        " 25.0 %  brux/core/loop.py:157"]


@pytest.mark.parametrize("argv, message", [
    (["nosuch"], "unknown game 'nosuch'"),
    (["lutece", "--players", "9"], "lutece is for 2 to 5 players"),
    (["lutece", "--agents", "bogus"], "unknown agent 'bogus'"),
])
def test_bad_input_is_one_line_and_exit_2(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("benchmarks.profile: ") and message in err and err.count("\n") == 1
