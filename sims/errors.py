"""The error `sims` raises for runs that cannot be done as described."""


class SimsError(ValueError):
    """Bad run input or an unusable output folder; the message is one line that says what to change."""
