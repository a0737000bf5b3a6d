"""Errors raised by the rules engines.

The errors a player causes (a bad code, an illegal move, a bad option) carry a :class:`Phrase`
saying why, which the bot words for the player; ``str(error)`` is that phrase's key and parts, for
logs. A bad card code and a corrupt snapshot are faults of the data or the code, not of a player:
their message is a diagnostic for developers.
"""

from games.phrases import Phrase


class EngineError(Exception):
    """Base class of every error the rules engines raise on purpose."""


class PlayerError(EngineError):
    """An error a player caused; ``phrase`` says why."""

    def __init__(self, phrase: Phrase) -> None:
        super().__init__(str(phrase))
        self.phrase = phrase


class InvalidCardError(EngineError, ValueError):
    """A text is not a card code."""


class InvalidActionError(PlayerError, ValueError):
    """A text is not an action code of this game."""


class InvalidOptionError(PlayerError, ValueError):
    """A game option is unknown or has a bad value."""


class IllegalActionError(PlayerError):
    """A well-formed action that the rules do not allow now."""


class NotYourTurnError(IllegalActionError):
    """A seat tried to act while it is another seat's turn."""


class GameOverError(IllegalActionError):
    """An action on a game that has already ended."""


class CorruptStateError(EngineError, ValueError):
    """A stored state failed validation on load."""
