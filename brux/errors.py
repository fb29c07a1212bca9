"""Exceptions of the brux API."""


class IllegalActionError(ValueError):
    """An action that is not legal in the current state; the state is left unchanged."""


class UnknownGameError(ValueError):
    """A game name brux does not know."""


class ScenarioError(ValueError):
    """A state view (``state_from_dict``) that does not describe a consistent position; the message names the field."""


class RecordError(ValueError):
    """A game record that cannot be replayed as written; the message names the field."""
