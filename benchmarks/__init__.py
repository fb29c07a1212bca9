"""brux benchmarks: throughput, scaling, compile time, memory, and the kernel against the reference engine.

Run `python -m benchmarks` (see `python -m benchmarks --help`); results go to benchmarks/results/ as Markdown and JSON.
"""
