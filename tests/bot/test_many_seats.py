"""A two-seat game added through the two registries alone, played end to end in SimCord.

Tally is a test double, not shipped: two players race to count to four, each pressing **+1** on
their own private panel whenever they like (its seats act at once, like Peanuts). The seat that
reaches three is told privately that one more wins. Nothing in ``bot/`` names it: it is given to
the bot as one more entry in ``games`` and in ``kinds``, and its words as entries of the words' table.
"""

import asyncio
import io
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

import discord
import pytest
from PIL import Image

from bot.app import create_bot
from bot.core.service import Table
from bot.i18n import Words
from bot.ui.controls import SeatButton, button
from bot.ui.kind import KindUI
from bot.ui.kinds import KINDS
from bot.words import TEMPLATES
from games import GAMES
from games.base import SCHEMA, EndReason, Event, Game, Outcome, Seat, Transition
from games.errors import InvalidActionError
from games.phrases import Phrase

from .conftest import Room
from .tables import (
    custom_ids_on,
    labels_of,
    text_of,
)

GOAL = 4


WORDS = {
    "tally.plus": "+1",
    "tally.counted": "Seat {seat} counted {count}.",
    "tally.one_more": "One more and you win.",
    "tally.resigned": "Resigned.",
    "tally.won": "Seat {seat} won.",
    "tally.only_plus_one": "Only +1 counts.",
}


@dataclass(frozen=True, slots=True)
class Plus:
    code = "+1"
    phrase = Phrase.of("tally.plus")


@dataclass(frozen=True, slots=True)
class TallyState:
    counts: tuple[int, int] = (0, 0)
    resigned: Seat | None = None


@dataclass(frozen=True, slots=True)
class TallyView:
    counts: tuple[int, int]


class Tally(Game[TallyState]):
    key = "tally"
    title = "Tally"
    min_seats = 2
    max_seats = 2
    simultaneous = True

    def new_state(self, options: Mapping[str, Any] | None, seats: int, seed: int, deck: Sequence[Any] | None = None):
        return TallyState()

    def current_seat(self, state: TallyState) -> Seat | None:
        return None

    def legal_actions(self, state: TallyState, seat: Seat) -> tuple[Plus, ...]:
        return () if self.outcome(state) else (Plus(),)

    def _apply(self, state: TallyState, seat: Seat, action: Plus) -> Transition[TallyState]:
        counts = list(state.counts)
        counts[seat] += 1
        events = [Event(Phrase.of("tally.counted", seat=seat + 1, count=counts[seat]))]
        if counts[seat] == GOAL - 1:
            events.append(Event(Phrase.of("tally.one_more"), seats=(seat,)))
        return Transition(replace(state, counts=(counts[0], counts[1])), tuple(events))

    def view_for(self, state: TallyState, viewer: Seat | None) -> TallyView:
        return TallyView(state.counts)

    def outcome(self, state: TallyState) -> Outcome | None:
        if state.resigned is not None:
            return Outcome(state.counts, (1 - state.resigned,), EndReason.RESIGNED, Phrase.of("tally.resigned"))
        winners = tuple(seat for seat in (0, 1) if state.counts[seat] >= GOAL)
        won = Phrase.of("tally.won", seat=winners[0] + 1) if winners else None
        return Outcome(state.counts, winners, EndReason.COMPLETED, won) if winners else None

    def resign(self, state: TallyState, seat: Seat) -> Transition[TallyState]:
        return Transition(replace(state, resigned=seat), ())

    def parse_action(self, code: str) -> Plus:
        if code != "+1":
            raise InvalidActionError(Phrase.of("tally.only_plus_one"))
        return Plus()

    def to_dict(self, state: TallyState) -> dict[str, Any]:
        return {"schema": SCHEMA, "game": self.key, "counts": list(state.counts), "resigned": state.resigned}

    def from_dict(self, data: Mapping[str, Any]) -> TallyState:
        self.check_header(data)
        return TallyState(tuple(data["counts"]), data["resigned"])


def _picture(words: Words, table: Table, names: Sequence[str], deck: object = None) -> bytes:
    out = io.BytesIO()
    Image.new("P", (40, 30)).save(out, format="PNG")
    return out.getvalue()


TALLY = KindUI(
    key="tally",
    help="**Tally**: count to four.",
    blurb="Count to four",
    status=lambda words, table: " vs ".join(str(count) for count in table.public.counts),
    controls=lambda words, table, picked: [],
    render=_picture,
    describe=lambda words, table, names: " vs ".join(str(count) for count in table.public.counts),
    panel=lambda words, table, seat: [button(SeatButton, table, "+1", code="+1", style=discord.ButtonStyle.success)],
    panel_status=lambda words, table, seat: f"You have counted {table.public.counts[seat]}.",
)


@pytest.fixture
def simcord_bot(settings, store, seed_box, monkeypatch):
    for key, template in WORDS.items():
        monkeypatch.setitem(TEMPLATES, key, template)
    return create_bot(
        settings,
        store,
        seed_source=lambda: seed_box[0],
        games={**GAMES, "tally": Tally()},
        kinds={**KINDS, "tally": TALLY},
    )


async def deal(room: Room, bot) -> tuple[Table, discord.Message]:
    table = await bot.service.new_game(
        "tally", guild_id=room.channel.guild.id, channel_id=room.channel.id, players=[room.alice.id, room.bob.id]
    )
    with room.env.time_context():
        message = await bot.presenter.publish(table)
    return table, next(m for m in room.channel.history() if m.id == message.id)


def panel_button(message: discord.Message) -> str:
    return next(cid for cid in custom_ids_on(message) if cid.startswith("pm:"))


async def open_panel(actor, room: Room, message_id: int):
    table_message = next(m for m in room.channel.history() if m.id == message_id)
    result = await actor.click(table_message, custom_id=panel_button(table_message))
    assert result.ephemeral
    return result.response


def record_edits(bot, message_id: int) -> list[datetime]:
    """Every edit of the message from now on, at the (simulated) instant Discord stamped it."""
    edits: list[datetime] = []

    async def on_raw_message_edit(payload: discord.RawMessageUpdateEvent) -> None:
        if payload.message_id == message_id:
            edits.append(datetime.fromisoformat(payload.data["edited_timestamp"]))

    bot.add_listener(on_raw_message_edit)
    return edits


async def test_two_seats_play_through_their_own_panels(room, simcord_bot):
    """Each player opens a private panel from the table and plays there; a stranger gets no panel."""
    table, message = await deal(room, simcord_bot)
    stranger = await room.carol.click(message, custom_id=panel_button(message))
    assert stranger.ephemeral and "not playing" in stranger.response.content
    alice_panel = await open_panel(room.alice, room, message.id)
    bob_panel = await open_panel(room.bob, room, message.id)
    assert "You have counted 0." in text_of(alice_panel)
    for _ in range(GOAL - 1):
        result = await room.alice.click(alice_panel.message, custom_id=custom_ids_on(alice_panel.message)[0])
        alice_panel = result.response
    assert "You have counted 3." in text_of(alice_panel)
    assert "One more and you win." in text_of(alice_panel)
    result = await room.bob.click(bob_panel.message, custom_id=custom_ids_on(bob_panel.message)[0])
    assert "One more" not in text_of(result.response.message)
    result = await room.alice.click(alice_panel.message, custom_id=custom_ids_on(alice_panel.message)[0])
    assert "Seat 1 won." in text_of(result.response.message) and not custom_ids_on(result.response.message)
    await simcord_bot.presenter.idle()
    await room.env.advance_time(2)
    final = next(m for m in room.channel.history() if m.id == message.id)
    assert "Seat 1 won." in text_of(final)
    assert labels_of(final) == ["Rematch", "Replay"]
    done = await simcord_bot.service.table(table.game_id)
    assert done.finished and done.shown_version == done.version


async def test_a_private_event_reaches_only_its_seat(room, simcord_bot):
    """ "One more and you win" is on Alice's panel only: not on the table, not on Bob's panel."""
    _, message = await deal(room, simcord_bot)
    alice_panel = await open_panel(room.alice, room, message.id)
    for _ in range(GOAL - 1):
        alice_panel = (
            await room.alice.click(alice_panel.message, custom_id=custom_ids_on(alice_panel.message)[0])
        ).response
    bob_panel = await open_panel(room.bob, room, message.id)
    await room.env.advance_time(2)
    public = next(m for m in room.channel.history() if m.id == message.id)
    assert "One more" in text_of(alice_panel)
    assert "One more" not in text_of(bob_panel)
    assert all("One more" not in text_of(m) for m in room.channel.history())
    assert "3 vs 0" in text_of(public)


async def test_table_redraws_are_coalesced_to_one_a_second(room, simcord_bot):
    """A burst of moves by both seats redraws the public table at most once per second, latest state last."""
    table, message = await deal(room, simcord_bot)
    edits = record_edits(simcord_bot, message.id)
    alice_panel = await open_panel(room.alice, room, message.id)
    bob_panel = await open_panel(room.bob, room, message.id)
    for _ in range(GOAL - 1):
        alice_panel = (
            await room.alice.click(alice_panel.message, custom_id=custom_ids_on(alice_panel.message)[0])
        ).response
        bob_panel = (await room.bob.click(bob_panel.message, custom_id=custom_ids_on(bob_panel.message)[0])).response
    await room.env.advance_time(3)
    gaps = [(later - earlier).total_seconds() for earlier, later in itertools.pairwise(edits)]
    assert 1 <= len(edits) <= 2 * (GOAL - 1) and all(gap >= 1 for gap in gaps), edits
    public = next(m for m in room.channel.history() if m.id == message.id)
    assert "3 vs 3" in text_of(public)
    shown = await simcord_bot.service.table(table.game_id)
    assert shown.shown_version == shown.version == 2 * (GOAL - 1)


async def test_a_table_is_edited_a_second_after_its_last_edit_was_sent_not_begun(room, simcord_bot, monkeypatch):
    """discord.py holds an edit back for a while now and then (Discord's rate limit says so): the next edit
    of that message still waits a full second after it, so Discord never stamps two edits closer."""
    _, message = await deal(room, simcord_bot)
    panels = {actor: await open_panel(actor, room, message.id) for actor in (room.alice, room.bob)}
    await room.env.advance_time(2)
    edits = record_edits(simcord_bot, message.id)
    edit_message, holds = simcord_bot.http.edit_message, itertools.cycle([0.3, 0.0])

    async def held_back(*args, **kwargs):
        await asyncio.sleep(next(holds))
        return await edit_message(*args, **kwargs)

    monkeypatch.setattr(simcord_bot.http, "edit_message", held_back)
    for actor in (room.alice, room.bob, room.alice, room.bob):
        panel = panels[actor].message
        panels[actor] = (await actor.click(panel, custom_id=custom_ids_on(panel)[0])).response
        await room.env.advance_time(0.5)
    await room.env.advance_time(3)
    gaps = [(later - earlier).total_seconds() for earlier, later in itertools.pairwise(edits)]
    assert len(edits) >= 2 and all(gap >= 1 for gap in gaps), edits
    assert "2 vs 2" in text_of(next(m for m in room.channel.history() if m.id == message.id))


async def test_redraws_asked_for_in_one_instant_are_coalesced(room, simcord_bot):
    """Three moves saved in the same instant: the first is drawn at once, the other two as one edit, latest wins."""
    table, message = await deal(room, simcord_bot)
    await room.env.advance_time(2)
    edits = record_edits(simcord_bot, message.id)
    with room.env.time_context():
        for user in (room.alice, room.bob, room.alice):
            table = await simcord_bot.service.act(table.game_id, user.id, "+1")
            simcord_bot.presenter.redraw(table)
        await simcord_bot.presenter.idle()
    await room.env.settle()
    assert len(edits) == 2
    assert "2 vs 1" in text_of(next(m for m in room.channel.history() if m.id == message.id))
