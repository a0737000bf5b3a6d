"""The values a tournament is made of: entrants, pairings, results and what each result is worth.

A result is seen from its two seats (:class:`Outcome` reads from the first seat's side); :meth:`Result.mark`
turns it into what it was for one player (:class:`Mark`), which is what scoring and tie-breaks read.
A bye is a result with no second seat. Every type here is a frozen value: the store keeps them, the
pairing and standings functions read them and never change them.
"""

from dataclasses import dataclass
from enum import Enum

PlayerId = int
"""Whoever the caller says an entrant is (the bot uses the Discord user id)."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """One player in a tournament: seeds and first-round pairings come from ``rating``."""

    player: PlayerId
    name: str
    rating: float


class Outcome(Enum):
    """How a pairing ended, read from the first seat's side; :data:`BYE` is a pairing with nobody."""

    FIRST_WON = "1-0"
    SECOND_WON = "0-1"
    DRAW = "½-½"
    FIRST_WON_BY_FORFEIT = "+:-"
    """The second player never showed (or left before playing)."""
    SECOND_WON_BY_FORFEIT = "-:+"
    DOUBLE_FORFEIT = "-:-"
    """Neither player showed: both lose."""
    BYE = "bye"


class Mark(Enum):
    """What one result was for one of its players."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"
    BYE = "bye"

    @property
    def played(self) -> bool:
        """A game was played over the table (not a forfeit, not a bye)."""
        return self in (Mark.WIN, Mark.DRAW, Mark.LOSS)

    @property
    def won(self) -> bool:
        """It counts as a win: a game won, a forfeit win, a bye."""
        return self in (Mark.WIN, Mark.FORFEIT_WIN, Mark.BYE)


_MARKS: dict[Outcome, tuple[Mark, Mark]] = {
    Outcome.FIRST_WON: (Mark.WIN, Mark.LOSS),
    Outcome.SECOND_WON: (Mark.LOSS, Mark.WIN),
    Outcome.DRAW: (Mark.DRAW, Mark.DRAW),
    Outcome.FIRST_WON_BY_FORFEIT: (Mark.FORFEIT_WIN, Mark.FORFEIT_LOSS),
    Outcome.SECOND_WON_BY_FORFEIT: (Mark.FORFEIT_LOSS, Mark.FORFEIT_WIN),
    Outcome.DOUBLE_FORFEIT: (Mark.FORFEIT_LOSS, Mark.FORFEIT_LOSS),
}


@dataclass(frozen=True, slots=True)
class Pairing:
    """Two players to meet, ``first`` in the first seat."""

    first: PlayerId
    second: PlayerId

    def __post_init__(self) -> None:
        if self.first == self.second:
            raise ValueError(f"player {self.first} cannot meet themselves")


@dataclass(frozen=True, slots=True)
class Round:
    """One round to play: its pairings, and the players who have no opponent in it (a bye each)."""

    pairings: tuple[Pairing, ...]
    byes: tuple[PlayerId, ...] = ()

    @property
    def players(self) -> tuple[PlayerId, ...]:
        """Everyone in the round, paired or given the bye."""
        return tuple(p for pairing in self.pairings for p in (pairing.first, pairing.second)) + self.byes


@dataclass(frozen=True, slots=True)
class Result:
    """How one pairing ended (``second`` is None for a bye, and only then)."""

    first: PlayerId
    second: PlayerId | None
    outcome: Outcome

    def __post_init__(self) -> None:
        if (self.second is None) != (self.outcome is Outcome.BYE):
            raise ValueError(f"a bye has no second player, and only a bye: {self}")
        if self.first == self.second:
            raise ValueError(f"player {self.first} cannot meet themselves")

    @classmethod
    def bye(cls, player: PlayerId) -> "Result":
        """The bye ``player`` was given."""
        return cls(player, None, Outcome.BYE)

    @property
    def players(self) -> tuple[PlayerId, ...]:
        """The one or two players of this result, first seat first."""
        return (self.first,) if self.second is None else (self.first, self.second)

    def opponent(self, player: PlayerId) -> PlayerId | None:
        """Who ``player`` was paired with (None for a bye). Raises ValueError if they were not in it."""
        if player == self.first:
            return self.second
        if player == self.second:
            return self.first
        raise ValueError(f"player {player} is not in {self}")

    def mark(self, player: PlayerId) -> Mark:
        """What this result was for ``player``. Raises ValueError if they were not in it."""
        if self.outcome is Outcome.BYE:
            if player != self.first:
                raise ValueError(f"player {player} is not in {self}")
            return Mark.BYE
        first, second = _MARKS[self.outcome]
        if player == self.first:
            return first
        if player == self.second:
            return second
        raise ValueError(f"player {player} is not in {self}")


def unfinished_outcome(first_showed: bool, second_showed: bool, lead: float) -> Outcome:
    """How a game still going when the round ends is decided: a player who never showed loses by forfeit
    (both, if neither did); otherwise the one ahead wins and level is a draw. ``lead`` is how far the first
    seat is ahead by the game's own measure (in Peanuts: the second's cards left minus the first's)."""
    if not first_showed and not second_showed:
        return Outcome.DOUBLE_FORFEIT
    if not second_showed:
        return Outcome.FIRST_WON_BY_FORFEIT
    if not first_showed:
        return Outcome.SECOND_WON_BY_FORFEIT
    if lead > 0:
        return Outcome.FIRST_WON
    if lead < 0:
        return Outcome.SECOND_WON
    return Outcome.DRAW


class Format(Enum):
    """How a tournament pairs its players (see the package docstring)."""

    ARENA = "arena"
    SWISS = "swiss"
    KNOCKOUT = "knockout"
    ROUNDROBIN = "roundrobin"
