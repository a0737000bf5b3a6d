"""The vocabulary every game module shares (STYLE.md 7.2).

A game is a stateless :class:`Game` object with pure functions over an immutable state:

- ``new_state(options, seats, seed, deck=None)`` deals a new game. ``deck`` is an explicit card
  order (top first, in the game's canonical deal order from RULES.md; for two-deck games the
  decks one after the other) used instead of the seeded shuffle.
- ``current_seat(state)``: whose turn it is; ``None`` when the game is over or when every seat
  may act at once (Peanuts).
- ``legal_actions(state, seat)``, ``apply_action(state, seat, action) -> Transition``.
  ``apply_action`` always validates: game over, then turn, then legality; the error it raises
  carries a :class:`Phrase` saying why and the state is never changed.
- ``view_for(state, viewer)``: the only way anything leaves the engine for people; ``viewer``
  is a seat, or ``None`` for the public.
- ``outcome(state)``: ``None`` while the game runs.
- ``parse_action(code)``: action codes round-trip (``parse_action(a.code) == a``) and are short
  enough for a Discord custom id.
- ``to_dict`` / ``from_dict``: JSON-ready snapshots; ``from_dict`` validates.
- ``resign(state, seat)`` and ``claim(state, seat)`` (the end claimed after the other players'
  inactivity; only games that allow it) end a game outside its actions; the action log records
  them as ``RESIGN_CODE`` and ``CLAIM_CODE``, which ``replay`` understands.
"""

import functools
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, TypeAlias, TypeVar

from games.cards import Card
from games.errors import (
    CorruptStateError,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    NotYourTurnError,
)
from games.phrases import Phrase

Seat: TypeAlias = int

SCHEMA = 1
"""Version of the ``to_dict`` layout; stored in every snapshot under ``"schema"``."""


class Action(Protocol):
    """What every game's action dataclasses offer."""

    @property
    def code(self) -> str:
        """Canonical short code, e.g. ``"c3>f"``; what buttons and the action log carry."""
        ...

    @property
    def phrase(self) -> Phrase:
        """What the action is called, for the bot to word (``"5♠ → foundation"``)."""
        ...


class EndReason(Enum):
    """Why a game ended."""

    COMPLETED = "completed"
    RESIGNED = "resigned"
    TIMED_OUT = "timed_out"
    ABANDONED = "abandoned"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: a score per seat, the winning seats (empty for a draw), why it ended, and what
    to tell the players (``summary``; None when the game has nothing to add to the reason)."""

    scores: tuple[int, ...]
    winners: tuple[Seat, ...]
    reason: EndReason
    summary: Phrase | None = None


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, as a phrase for the table (``"5♠ went to the foundation."``).

    ``seats`` is None for an event everyone may read; otherwise only those seats may be told
    (Peanuts tells a player privately that they still have a play, RULES.md §7.1).
    """

    phrase: Phrase
    seats: tuple[Seat, ...] | None = None


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move and why, as a phrase for the player (``"It is on a winning line."``); what the hints
    of :mod:`games.ai.registry` answer."""

    action: Any
    why: Phrase


StateT = TypeVar("StateT")


class Transition(NamedTuple, Generic[StateT]):
    """The result of an action: the new state and what happened."""

    state: StateT
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Option:
    """One documented game option: its key, default, allowed values and a description."""

    key: str
    default: Any
    description: Phrase
    choices: tuple[Any, ...] = field(default=())

    def check(self, value: Any) -> Any:
        if type(value) is not type(self.default):
            raise InvalidOptionError(
                Phrase.of("option.wrong_type", option=self.key, kind=type(self.default).__name__, value=repr(value))
            )
        if self.choices and value not in self.choices:
            allowed = ", ".join(repr(choice) for choice in self.choices)
            raise InvalidOptionError(
                Phrase.of("option.not_a_choice", option=self.key, choices=allowed, value=repr(value))
            )
        return value


def resolve_options(spec: Sequence[Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Fill in defaults and check every value; unknown keys are refused.

    Raises:
        InvalidOptionError: an unknown key or a bad value.
    """
    given = dict(given or {})
    known = {option.key: option for option in spec}
    unknown = sorted(set(given) - set(known))
    if unknown:
        if known:
            raise InvalidOptionError(Phrase.of("option.unknown", option=unknown[0], known=", ".join(known)))
        raise InvalidOptionError(Phrase.of("option.unknown_no_options", option=unknown[0]))
    return {key: option.check(given[key]) if key in given else option.default for key, option in known.items()}


def _answers_once_per_state(method: Callable[..., Any]) -> Callable[..., Any]:
    """Remember ``method``'s answers for the last state object it was asked about.

    One click asks the same question of the same state in several places (validation, the views,
    the table the bot draws); states are immutable, so the answer for an identical object cannot
    change. Only the newest state is kept, as one tuple swapped in a single assignment, so worker
    threads sharing a game object never see half of an update.
    """
    slot = f"_last_{method.__name__}"

    @functools.wraps(method)
    def remembered(self: Any, state: Any, *args: Any) -> Any:
        last = self.__dict__.get(slot)
        if last is None or last[0] is not state:
            last = (state, {})
            self.__dict__[slot] = last
        answers = last[1]
        if args not in answers:
            answers[args] = method(self, state, *args)
        return answers[args]

    return remembered


class Game(ABC, Generic[StateT]):
    """Base class of the five games. Subclasses implement the abstract methods.

    ``apply_action`` is implemented here once: it checks the game is running, the turn and
    the legality, then calls the subclass's ``_apply``. ``outcome`` and ``legal_actions`` are
    answered once per state object (:func:`_answers_once_per_state`).

    What a table around the game must know of its rules, the game declares: whether its seats act at
    once (``simultaneous``) and whether some cards are hidden from some players (``hidden_information``).
    Players, hints and the move made when a turn clock runs out are not rules: the table looks them up
    by the game's key in :mod:`games.ai.registry`.
    """

    key: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    simultaneous: ClassVar[bool] = False
    """Every seat may act at any time; actions carry their own expectations (Peanuts, RULES §7.1)."""
    hidden_information: ClassVar[bool] = False
    """Some cards are face down or in hands: a solver would see what players cannot."""
    rated: ClassVar[bool] = False
    """Games between people are rated (a skill rating per player and server), not only counted."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in ("outcome", "legal_actions"):
            if name in vars(cls):
                setattr(cls, name, _answers_once_per_state(vars(cls)[name]))

    def takes(self, seats: int) -> bool:
        """Whether ``seats`` players can play this game (``min_seats`` to ``max_seats``)."""
        return self.min_seats <= seats <= self.max_seats

    def progress(self, state: StateT) -> int:
        """How far a one-player game has come, on its scoring scale (cards home, points so far): what a
        daily deal's result line draws its row of symbols from. Only for one-player games."""
        raise NotImplementedError(f"{self.title} has no progress measure.")

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """Options with defaults filled in. Raises InvalidOptionError."""
        return resolve_options(self.options, given)

    @abstractmethod
    def new_state(
        self, options: Mapping[str, Any] | None, seats: int, seed: int, deck: Sequence[Card] | None = None
    ) -> StateT:
        """Deal a new game. Raises InvalidOptionError for bad options, seat count or deck."""

    @abstractmethod
    def current_seat(self, state: StateT) -> Seat | None:
        """The seat to act, or None (game over, or simultaneous play)."""

    @abstractmethod
    def legal_actions(self, state: StateT, seat: Seat) -> tuple[Any, ...]:
        """Every action ``seat`` may take now, in a stable order."""

    @abstractmethod
    def _apply(self, state: StateT, seat: Seat, action: Any) -> Transition[StateT]:
        """Apply an action already known to be legal."""

    @abstractmethod
    def view_for(self, state: StateT, viewer: Seat | None) -> Any:
        """What ``viewer`` (a seat, or None for the public) may see."""

    @abstractmethod
    def outcome(self, state: StateT) -> Outcome | None:
        """How the game ended, or None while it runs."""

    @abstractmethod
    def resign(self, state: StateT, seat: Seat) -> Transition[StateT]:
        """End the game by ``seat`` giving up. Raises GameOverError when already over."""

    def claim(self, state: StateT, seat: Seat) -> Transition[StateT]:
        """End the game now because the other players are idle, scored as it stands (``EndReason.TIMED_OUT``).

        Raises:
            InvalidActionError: this game cannot be claimed (the default).
        """
        raise InvalidActionError(Phrase.of("claim.not_allowed"))

    @abstractmethod
    def parse_action(self, code: str) -> Any:
        """Parse an action code. Raises InvalidActionError."""

    @abstractmethod
    def to_dict(self, state: StateT) -> dict[str, Any]:
        """A JSON-ready snapshot with ``"schema"`` and ``"game"`` keys."""

    @abstractmethod
    def from_dict(self, data: Mapping[str, Any]) -> StateT:
        """Load a snapshot. Raises CorruptStateError when it does not validate."""

    def check_header(self, data: Any) -> None:
        """The first check of every ``from_dict``: a mapping of this game, in the current schema.

        Raises:
            CorruptStateError: anything else.
        """
        if not isinstance(data, Mapping) or data.get("schema") != SCHEMA or data.get("game") != self.key:
            raise CorruptStateError(f"Not a {self.title} snapshot of this schema.")

    def allows_undo(self, options: Mapping[str, Any]) -> bool:
        """Whether the bot may offer undo for a game with these (resolved) options."""
        return False

    def sides(self, seats: int) -> tuple[int, ...]:
        """The side each seat plays for (partners share one); by default every seat for itself."""
        return tuple(range(seats))

    def on_scoreboard(self, options: Mapping[str, Any]) -> bool:
        """Whether finished games with these (resolved) options count on the channel scoreboards.

        A game whose options change what a score means (another scale, or undo that lets a
        player farm points) returns False for them, so one board never mixes the two.
        """
        return True

    def may_search(self, action: Any) -> bool:
        """Whether applying ``action`` may run a long search (seconds of CPU, as Peanuts' stall check): a table
        applies such actions away from the work of its other tables. By default no action does."""
        return False

    def explain_illegal(self, state: StateT, seat: Seat, action: Any) -> Phrase:
        """Why ``action`` is refused; games may be more precise."""
        return Phrase.of("action.not_legal", action=action.phrase)

    def apply_action(self, state: StateT, seat: Seat, action: Any) -> Transition[StateT]:
        """Validate and apply ``action`` for ``seat``.

        Raises:
            GameOverError: the game has ended.
            NotYourTurnError: it is another seat's turn.
            IllegalActionError: the rules do not allow the action now.
        """
        if self.outcome(state) is not None:
            raise GameOverError(GAME_OVER)
        turn = self.current_seat(state)
        if turn is not None and turn != seat:
            raise NotYourTurnError(Phrase.of("turn.not_yours"))
        if action not in self.legal_actions(state, seat):
            raise IllegalActionError(self.explain_illegal(state, seat, action))
        return self._apply(state, seat, action)

    def replay(
        self,
        options: Mapping[str, Any] | None,
        seats: int,
        seed: int,
        codes: Sequence[tuple[Seat, str]],
        deck: Sequence[Card] | None = None,
    ) -> StateT:
        """Rebuild a game from its seed and action log (the replay, the undo, the bug report)."""
        state = self.new_state(options, seats, seed, deck)
        for seat, code in codes:
            state = self.replay_step(state, seat, code)
        return state

    def replay_step(self, state: StateT, seat: Seat, code: str) -> StateT:
        """The state after one logged action (a resignation and a claim included)."""
        if code == RESIGN_CODE:
            return self.resign(state, seat).state
        if code == CLAIM_CODE:
            return self.claim(state, seat).state
        return self.apply_action(state, seat, self.parse_action(code)).state


GAME_OVER = Phrase.of("game.over")
"""Why nothing more can be done in a game that has ended."""

RESIGN_CODE = "resign"
"""How the action log records a resignation (it is not a game action)."""
CLAIM_CODE = "claim"
"""How the action log records a claim of the end after the other player's inactivity (not a game action)."""


def check_seats(game: Game[Any], seats: int) -> None:
    """Raise InvalidOptionError (a ValueError) when ``seats`` is outside the game's range."""
    if not game.takes(seats):
        if game.max_seats == game.min_seats:
            raise InvalidOptionError(Phrase.of("seats.exactly", title=game.title, players=game.min_seats, seats=seats))
        raise InvalidOptionError(
            Phrase.of("seats.between", title=game.title, low=game.min_seats, high=game.max_seats, seats=seats)
        )
