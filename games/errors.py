"""Errors raised by the rules engines.

Every message is a short sentence written for players: the bot shows ``str(error)`` as it is.
"""


class EngineError(Exception):
    """Base class of every error the rules engines raise on purpose."""


class InvalidCardError(EngineError, ValueError):
    """A text is not a card code."""


class InvalidActionError(EngineError, ValueError):
    """A text is not an action code of this game."""


class InvalidOptionError(EngineError, ValueError):
    """A game option is unknown or has a bad value."""


class IllegalActionError(EngineError):
    """A well-formed action that the rules do not allow now."""


class NotYourTurnError(IllegalActionError):
    """A seat tried to act while it is another seat's turn."""


class GameOverError(IllegalActionError):
    """An action on a game that has already ended."""


class CorruptStateError(EngineError, ValueError):
    """A stored state failed validation on load."""
