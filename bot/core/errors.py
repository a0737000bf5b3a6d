"""Errors the table service raises on purpose; each message is a sentence for people.

A message is an English message id with named placeholders, filled from the error's parts
(``SeatingError(N_("{title} is played by {low} to {high} players."), title=..., low=2, high=4)``): the
Discord layer words it in the reader's language (``words(error.message_id, **error.parts)``), and
``str(error)`` is the English, for logs and tests.

Engine errors (``games.errors.*``: illegal move, not your turn, game over, bad code) are NOT wrapped:
the Discord layer catches ``(EngineError, ServiceError)`` and answers with the words of an engine error's
phrase, or ``str(error)`` as it is, and so :class:`StoreUnavailableError` (the database did not answer;
nothing was half-saved), passed on from the store.
"""

from bot.i18n import N_
from bot.store import StoreUnavailableError as StoreUnavailableError


class ServiceError(Exception):
    """Base class of the table service's errors; ``str(error)`` is written for players (in English)."""

    message = N_("That cannot be done.")

    def __init__(self, message: str | None = None, *, game_id: int | None = None, **parts: object) -> None:
        self.message_id = message or self.message
        """The English message id (a class's own message unless one was given)."""
        self.parts = parts
        """The values of the message's placeholders."""
        super().__init__(self.message_id.format(**parts))
        self.game_id = game_id


class GameNotFoundError(ServiceError):
    """No game has this id."""

    message = N_("There is no such game.")


class UnknownKindError(ServiceError):
    """No game of this kind is installed."""

    message = N_("There is no game by that name.")


class NotInGameError(ServiceError):
    """The user has no seat in the game (and the game is not open to everyone)."""

    message = N_("You are not playing in this game.")


class StaleActionError(ServiceError):
    """The table moved on since the caller saw it (an old button, or another process won the race)."""

    message = N_("The table has changed since that button was drawn; use the new buttons.")


class UndoNotAllowedError(ServiceError):
    """The game does not offer undo."""

    message = N_("Undo is not allowed in this game.")


class NothingToUndoError(ServiceError):
    """There is no action left to take back."""

    message = N_("There is nothing to undo.")


class OpenPlayError(ServiceError):
    """Open play was asked for a table with more than one seat."""

    message = N_("Open play is only for one-player games: anyone may then play the single seat.")


class DuplicatePlayerError(ServiceError):
    """The same person was given two seats at one table."""

    message = N_("Each player may take only one seat at a table.")


class NoHintError(ServiceError):
    """The game offers no hints (a solver would see cards the player cannot)."""

    message = N_("This game has no hints.")


class WrongTableError(ServiceError):
    """A control names a game other than the one whose table message it sits on."""

    message = N_("That control does not belong to this table.")


class SeatingError(ServiceError):
    """A lobby refused a join, a leave, a start or an answer to an invitation; the message says why."""

    message = N_("That cannot be done at this table.")


class ReplayHiddenError(ServiceError):
    """A replay of a running game was asked for by someone not playing in it."""

    message = N_("That game is still running: only its players can replay it until it ends.")


class ReplayPrivateError(ServiceError):
    """A replay of a game played outside a server that added peapod (a DM, a group DM, a server where peapod is
    only installed to someone) was asked for by someone not playing in it."""

    message = N_("Only this game's players can replay it.")


class NotPlayedError(ServiceError):
    """A replay of a game that was never dealt or played (a lobby, a cancelled table)."""

    message = N_("That game was never played, so there is nothing to replay.")
