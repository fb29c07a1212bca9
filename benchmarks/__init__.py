"""brux benchmarks: throughput, scaling, compile time, memory, and the kernel against the reference engine.

Run `python -m benchmarks` (see `python -m benchmarks --help`); results go to bench-results/ (in the current
folder) as Markdown and JSON.
"""
