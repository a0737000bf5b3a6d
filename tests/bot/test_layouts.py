"""The table messages as pure functions of a table (bot.ui.present.layouts), without Discord: tables are
dealt, seated and ended by the core over a real store, and their layouts read back."""

from typing import Any

import pytest
from discord import ui

from bot.app import create_bot
from bot.core.service import Table, TableService
from bot.i18n import ENGLISH
from bot.ui.kinds import KINDS
from bot.ui.present.layouts import (
    IMAGE_NAME,
    daily_post_layout,
    panel_layout,
    result_line,
    seat_label,
    starter_layout,
    table_controls,
    table_layout,
    table_text,
    thread_name,
)

ALICE, BOB = 101, 202
GUILD, CHANNEL = 1, 2


@pytest.fixture
def service(settings, store) -> TableService:
    return create_bot(settings, store, seed_source=lambda: 7).service


def texts(view: ui.LayoutView) -> str:
    return "\n".join(item.content for item in view.walk_children() if isinstance(item, ui.TextDisplay))


def labels(items: Any) -> list[str]:
    return [getattr(item, "item", item).label for item in items if isinstance(getattr(item, "item", item), ui.Button)]


def pictures(view: ui.LayoutView) -> list[str]:
    return [
        media.media.url for item in view.walk_children() if isinstance(item, ui.MediaGallery) for media in item.items
    ]


async def pebbles_lobby(service: TableService) -> Table:
    return await service.open_table("pebbles", guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, seats=2)


async def test_a_lobby_names_its_seats_and_offers_join_and_add_ai_until_full_then_start(service):
    """A lobby with an empty seat: Join, Add AI, Cancel and no picture; once full, Start instead."""
    lobby = await pebbles_lobby(service)
    kind = KINDS["pebbles"]
    text = table_text(ENGLISH, kind, lobby)
    assert f"Seat 1: <@{ALICE}> (host)" in text and "Seat 2: empty" in text
    assert labels(table_controls(ENGLISH, kind, lobby)) == ["Join", "Add AI", "Cancel"]
    assert pictures(table_layout(ENGLISH, kind, lobby, text=text, names=())) == []
    full = await service.add_ai(lobby.game_id, ALICE)
    assert seat_label(ENGLISH, full, 1) == "Seat 2: AI (normal)"
    assert labels(table_controls(ENGLISH, kind, full)) == ["Start", "Cancel"]


async def test_a_dealt_table_shows_its_picture_its_status_and_ends_with_show_my_hand_and_resign(service):
    lobby = await pebbles_lobby(service)
    await service.join(lobby.game_id, BOB)
    table = await service.start(lobby.game_id, ALICE)
    kind = KINDS["pebbles"]
    text = table_text(ENGLISH, kind, table)
    assert text.splitlines()[:2] == [f"Pebbles and Nuts: <@{ALICE}> <@{BOB}>", kind.status(ENGLISH, table)]
    view = table_layout(ENGLISH, kind, table, text=text, names=())
    assert pictures(view) == [f"attachment://{IMAGE_NAME}"] and f"Game #{table.game_id}" in texts(view)
    assert labels(table_controls(ENGLISH, kind, table))[-2:] == ["Show my hand", "Resign"]
    panel = panel_layout(ENGLISH, kind, table, 0)
    assert f"game #{table.game_id} \u00b7 seat 1" in texts(panel) and pictures(panel) == ["attachment://hand.png"]


async def test_a_finished_table_says_how_it_ended_and_offers_rematch_and_replay(service):
    lobby = await pebbles_lobby(service)
    await service.join(lobby.game_id, BOB)
    await service.start(lobby.game_id, ALICE)
    table = await service.resign(lobby.game_id, BOB)
    kind = KINDS["pebbles"]
    ended = result_line(ENGLISH, table)
    assert ended.startswith("**Resigned.**") and ended in table_text(ENGLISH, kind, table)
    assert labels(table_controls(ENGLISH, kind, table)) == ["Rematch", "Replay"]
    assert labels(panel_layout(ENGLISH, kind, table, 0).walk_children()) == []


async def test_one_player_tables_offer_a_new_game_when_over(service):
    table = await service.new_game("penguin", guild_id=GUILD, channel_id=CHANNEL, players=[ALICE])
    kind = KINDS["penguin"]
    assert table_text(ENGLISH, kind, table).startswith(f"<@{ALICE}>'s game.")
    await service.attach_message(table.game_id, 555, table.version)
    ended = await service.resign(table.game_id, ALICE)
    assert labels(table_controls(ENGLISH, kind, ended)) == ["New game", "Replay"]
    text = table_text(ENGLISH, kind, ended, note="A note.")
    assert "**Resigned.**" in text and text.endswith("\nA note.")


async def test_a_race_thread_is_named_for_its_players_within_discords_limit_and_its_first_message_points_there(
    service,
):
    table = await service.new_game("peanuts", guild_id=GUILD, channel_id=CHANNEL, players=[ALICE, BOB])
    assert thread_name(ENGLISH, table, ["alice", "bob"]) == f"Peanuts #{table.game_id}: alice vs bob"
    assert len(thread_name(ENGLISH, table, ["x" * 80, "y" * 80])) == 100
    kind = KINDS["peanuts"]
    assert "opening now" in texts(starter_layout(ENGLISH, kind, table, None))
    starter = starter_layout(ENGLISH, kind, table, 999)
    assert "<#999>" in texts(starter) and labels(starter.walk_children()) == [] and pictures(starter) == []


def test_the_daily_post_names_every_daily_command():
    text = texts(daily_post_layout(ENGLISH, "2026-01-01", ["penguin", "peek"]))
    assert "Daily deals, Jan 1, 2026" in text and "`/daily penguin` \u00b7 `/daily peek`" in text
