"""Exceptions of the brux API."""


class IllegalActionError(ValueError):
    """An action that is not legal in the current state; the state is left unchanged."""


class UnknownGameError(ValueError):
    """A game name brux does not know."""
