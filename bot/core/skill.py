"""How a finished game changes its players' skill ratings (OpenSkill's Plackett-Luce model).

A game is rated when its kind says so (``Game.rated``: Peanuts, Pebbles and Nuts), it counts on the
scoreboards (not practice), every seat is a different person (no AI seat) and it was not given up at
once (resigned or abandoned within :data:`MIN_MOVES` moves). One model covers every table: two
players, three each for themselves, and two teams of partners (``Game.sides``); the sides are ranked
by the outcome, winners first, the others by their score. Ratings are per scope and game
(:func:`scope_of`: the server that added peapod, anywhere else the chat itself); the change is
written once per game, together for all players, and only over the ratings as they were read (a
game ending at the same moment is retried on top).
"""

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from openskill.models import PlackettLuce

from bot.core.places import Place
from bot.store import GameRecord, Rating, RatingChange, StaleGameError, Store
from games.base import EndReason, Game, Outcome

log = logging.getLogger(__name__)

MODEL = PlackettLuce()
"""Mean 25, uncertainty 25/3 for a new player; ordinal (mean - 3 uncertainties) starts at 0."""
MIN_MOVES = 6
"""A game resigned or abandoned within this many moves is not rated (nobody really played it)."""
PROVISIONAL_GAMES = 5
"""Fewer rated games than this and a rating is provisional (still very uncertain)."""
RETRIES = 3


def scope_of(record: GameRecord) -> int | None:
    """The server or chat a game's ratings are kept in (:meth:`bot.core.places.Place.scope`)."""
    return Place(record.place).scope(record.guild_id, record.channel_id)


def new_rating(user_id: int) -> Rating:
    return Rating(user_id, MODEL.mu, MODEL.sigma, 0)


def is_rated(game: Game[Any], record: GameRecord, outcome: Outcome, moves: int, *, counted: bool) -> bool:
    """Whether this finished game changes ratings (see the module docstring)."""
    people = [seat.user_id for seat in record.seats if seat.user_id is not None and not seat.ai]
    given_up = outcome.reason in (EndReason.RESIGNED, EndReason.ABANDONED) and moves < MIN_MOVES
    return (
        game.rated
        and counted
        and scope_of(record) is not None
        and len(people) == len(record.seats) == len(set(people))
        and not given_up
    )


def ranks(game: Game[Any], seats: int, outcome: Outcome) -> dict[int, int]:
    """Each side's place (0 best; equal places tie): the winners, then the others by score."""
    sides = game.sides(seats)
    keys = {
        side: (seat not in outcome.winners, -outcome.scores[seat]) for seat, side in reversed(list(enumerate(sides)))
    }
    order = sorted(set(keys.values()))
    return {side: order.index(key) for side, key in keys.items()}


def changes(game: Game[Any], record: GameRecord, outcome: Outcome, now: Mapping[int, Rating]) -> list[RatingChange]:
    """The new rating of every player of a rated game (every seat a person), from their ``now`` ratings."""
    sides = game.sides(len(record.seats))
    places = ranks(game, len(record.seats), outcome)
    order = sorted(places)
    members = {side: [seat.user_id or 0 for seat in record.seats if sides[seat.seat] == side] for side in order}
    before = {user_id: now.get(user_id) or new_rating(user_id) for team in members.values() for user_id in team}
    teams = [[MODEL.rating(mu=before[user].mu, sigma=before[user].sigma) for user in members[side]] for side in order]
    rated = MODEL.rate(teams, ranks=[places[side] for side in order])
    return [
        RatingChange(before[user_id], after.mu, after.sigma)
        for side, team in zip(order, rated, strict=True)
        for user_id, after in zip(members[side], team, strict=True)
    ]


async def rate(
    store: Store, game: Game[Any], record: GameRecord, outcome: Outcome, *, counted: bool, at: float
) -> bool:
    """Rate a game that has just ended, once (nothing when it is not rated); True when this call rated it."""
    scope = scope_of(record)
    if not game.rated or not counted or scope is None:
        return False
    total, _ = await store.count_actions(record.id, "")
    if not is_rated(game, record, outcome, total, counted=counted):
        return False
    users: Sequence[int] = [seat.user_id for seat in record.seats if seat.user_id is not None]
    for _ in range(RETRIES):
        now = await store.ratings(scope, record.kind, users)
        try:
            return await store.rate_game(record.id, scope, record.kind, changes(game, record, outcome, now), at=at)
        except StaleGameError:
            continue
    log.warning("game %s was not rated: its players' ratings kept changing", record.id)
    return False
