"""Test helpers every game's tests share: applying codes, reading a refusal, replaying a line, counting cards."""

from collections.abc import Collection, Iterable, Sequence
from typing import Any, TypeVar

import pytest

from games.base import Game
from games.cards import Card
from games.errors import IllegalActionError
from games.phrases import Phrase

StateT = TypeVar("StateT")


def _seat(game: Game[StateT], state: StateT) -> int:
    """The seat to act; 0 when none is (a finished one-player game, or Peanuts' simultaneous play)."""
    seat = game.current_seat(state)
    return 0 if seat is None else seat


def play(game: Game[StateT], state: StateT, *codes: str) -> StateT:
    """Apply action codes one after the other, each by the seat to act."""
    for code in codes:
        state = game.apply_action(state, _seat(game, state), game.parse_action(code)).state
    return state


def refusal(game: Game[StateT], state: StateT, action: Any) -> Phrase:
    """What the seat to act is told when ``action`` (an action or its code) is refused; the state is
    checked to be unchanged."""
    if isinstance(action, str):
        action = game.parse_action(action)
    before = game.to_dict(state)
    with pytest.raises(IllegalActionError) as error:
        game.apply_action(state, _seat(game, state), action)
    assert game.to_dict(state) == before
    return error.value.phrase


def play_through(game: Game[StateT], state: StateT, actions: Sequence[Any]) -> StateT:
    """Apply ``actions`` (a solver's line) through the validating engine, checking that each is listed among
    the legal actions under the same name."""
    for action in actions:
        seat = _seat(game, state)
        listed = {legal.code: legal.phrase for legal in game.legal_actions(state, seat)}
        assert listed.get(action.code) == action.phrase
        state = game.apply_action(state, seat, action).state
    return state


def check_conservation(cards: Iterable[Card], deck: Collection[Card]) -> None:
    """RULES.md §6.1's common core: the cards found in a state are the game's deck, each exactly once."""
    found = list(cards)
    assert len(found) == len(deck) and set(found) == set(deck)
