"""The queue of redraws (bot.ui.present.edits) on its own, with a recording sender in place of Discord."""

import pytest

from bot.app import create_bot
from bot.core.service import TableService
from bot.ui.present.edits import EditQueue, Redraw
from bot.ui.present.requests import EditBudget

CHANNEL, TABLE_MESSAGE, OTHER_MESSAGE = 2, 10, 11


@pytest.fixture
def service(settings, store) -> TableService:
    return create_bot(settings, store, seed_source=lambda: 7).service


async def test_the_latest_table_asked_for_is_sent_once_and_drain_waits_for_every_message(service):
    """Two asks for one message before its edit: one edit, of the newer table; drain returns once all are sent;
    a table the message already shows is not sent again."""
    sent: list[tuple[int, int]] = []

    async def send(channel_id: int, message_id: int, redraw: Redraw) -> None:
        sent.append((message_id, redraw.table.version))

    dealt = await service.new_game("penguin", guild_id=1, channel_id=CHANNEL, players=[101])
    await service.attach_message(dealt.game_id, TABLE_MESSAGE, dealt.version)
    first = await service.table(dealt.game_id)
    moved = await service.act(first.game_id, 101, first.legal[0][0].code)
    queue = EditQueue(send, EditBudget(message_spacing=0.0))
    queue.put(CHANNEL, TABLE_MESSAGE, Redraw(first))
    queue.put(CHANNEL, TABLE_MESSAGE, Redraw(moved))
    queue.put(CHANNEL, OTHER_MESSAGE, Redraw(first))
    assert queue.waiting == 2
    await queue.drain()
    assert sent == [(TABLE_MESSAGE, moved.version), (OTHER_MESSAGE, first.version)] and queue.waiting == 0
    queue.shows(TABLE_MESSAGE, moved.version)
    queue.put(CHANNEL, TABLE_MESSAGE, Redraw(moved))
    queue.put(CHANNEL, OTHER_MESSAGE, Redraw(first, note="A note always shows."))
    await queue.drain()
    assert sent[2:] == [(OTHER_MESSAGE, first.version)]
