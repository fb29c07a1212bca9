"""The error `sims` raises for runs that cannot be done as described."""


class SimsError(ValueError):
    """Bad run input or an unusable output folder; the message is one line that says what to change."""


def warn(message: str) -> None:
    """A one-line warning on standard error (``brux: warning: ...``)."""
    import sys

    print(f"brux: warning: {' '.join(message.split())}", file=sys.stderr, flush=True)
