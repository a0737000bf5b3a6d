"""The text table: for a reader who turned pictures off (``/settings pictures:off``), a private view (a
one-player table, a hand, a replay) shows its picture's description as text in the picture's place, attaches
nothing, and keeps every control."""

import discord
import pytest
from discord import ui

from bot.app import create_bot
from bot.core.service import Table, TableService
from bot.i18n import Words
from bot.ui.kinds import KINDS
from bot.ui.layout import DESCRIPTION_LIMIT, MAX_TEXT
from bot.ui.present.drawing import Drawer, Names, Parts
from bot.ui.replay import replay_layout, replay_pictures

ALICE, BOB, CAROL = 101, 202, 303
GUILD, CHANNEL = 1, 2
GERMAN = Words("de")


@pytest.fixture
def service(settings, store) -> TableService:
    return create_bot(settings, store, seed_source=lambda: 7).service


@pytest.fixture
def drawer(service) -> Drawer:
    return Drawer(service, KINDS, Names())


def texts(view: ui.LayoutView) -> str:
    return "\n".join(item.content for item in view.walk_children() if isinstance(item, ui.TextDisplay))


def galleries(view: ui.LayoutView) -> list[ui.MediaGallery]:
    return [item for item in view.walk_children() if isinstance(item, ui.MediaGallery)]


def controls(view: ui.LayoutView) -> list[tuple[str, str | None]]:
    """Every control as (custom id, label)."""
    found = []
    for item in view.walk_children():
        inner = getattr(item, "item", item)
        if isinstance(inner, ui.Button | ui.Select):
            found.append((inner.custom_id or "", getattr(inner, "label", None)))
    return found


def check_text_table(pictured: Parts, text: Parts) -> None:
    """The text table has the picture's description as text, no gallery, no file, and the same controls."""
    (gallery,) = galleries(pictured.view)
    description = gallery.items[0].description
    assert description and len(description) <= DESCRIPTION_LIMIT
    assert pictured.files
    assert galleries(text.view) == [] and text.files == []
    assert all(line in texts(text.view) for line in description.splitlines())
    assert sum(len(item.content) for item in text.view.walk_children() if isinstance(item, ui.TextDisplay)) <= MAX_TEXT
    assert controls(text.view) == controls(pictured.view)


async def one_player_table(service: TableService, kind: str) -> Table:
    return await service.new_game(kind, guild_id=GUILD, channel_id=CHANNEL, players=[ALICE])


@pytest.mark.parametrize("kind", ["penguin", "peek", "triplepeaks"])
async def test_a_patience_shows_as_text_with_the_same_controls(service, drawer, kind):
    table = await one_player_table(service, kind)
    pictured = await drawer.table(table, GERMAN)
    await service.choose_pictures(ALICE, False)
    check_text_table(pictured, await drawer.table(table, GERMAN))


async def test_a_penguin_pick_shows_as_text_with_where_the_card_may_go(service, drawer):
    table = await one_player_table(service, "penguin")
    picked = KINDS["penguin"].pickable(table)[0]
    pictured = await drawer.picked(table, GERMAN, picked, "")
    await service.choose_pictures(ALICE, False)
    text = await drawer.picked(table, GERMAN, picked, "")
    assert "Gewählt:" in texts(text.view) and galleries(text.view) == [] and text.files == []
    check_text_table(pictured, text)


async def dealt(service: TableService, kind: str, seats: int) -> Table:
    lobby = await service.open_table(kind, guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, seats=seats)
    for person in (BOB, CAROL)[: seats - 1]:
        await service.join(lobby.game_id, person)
    return await service.start(lobby.game_id, ALICE)


async def test_a_pebbles_hand_shows_as_text_with_its_card_buttons(service, drawer):
    table = await dealt(service, "pebbles", 3)
    pictured = [await drawer.panel(table, seat, GERMAN) for seat in range(3)]
    await service.choose_pictures(BOB, False)
    check_text_table(pictured[1], text := await drawer.panel(table, 1, GERMAN))
    assert "Deine Hand" in texts(text.view)
    assert galleries((await drawer.panel(table, 0, GERMAN)).view), "only Bob turned pictures off"
    shared = await drawer.table(table, GERMAN)
    assert galleries(shared.view) and shared.files, "a shared table stays a picture"


async def test_a_peanuts_panel_has_no_picture_either_way(service, drawer):
    """A racer's panel is text and buttons already: the board it plays on is shared, so it stays a picture."""
    table = await service.new_game("peanuts", guild_id=GUILD, channel_id=CHANNEL, players=[ALICE, BOB])
    for pictures in (True, False):
        await service.choose_pictures(ALICE, pictures)
        parts = await drawer.panel(table, 0, GERMAN)
        assert galleries(parts.view) == [] and not parts.files


async def test_a_replay_step_shows_every_picture_as_text(service):
    """A finished game's replay: the table and each hand, described in words in the pictures' place."""
    table = await dealt(service, "pebbles", 2)
    await service.resign(table.game_id, ALICE)
    step = await service.replay(table.game_id, ALICE, 3, guild_id=GUILD)
    kind = KINDS["pebbles"]
    described = replay_pictures(GERMAN, kind, step, ["alice", "bob"])
    assert len(described) == 3
    pictured = replay_layout(GERMAN, kind, step, "", described)
    text = replay_layout(GERMAN, kind, step, "", described, as_text=True)
    assert [item.description for item in galleries(pictured)[0].items] == [shown.alt for shown in described]
    assert galleries(text) == []
    for shown in described:
        assert shown.alt in texts(text)
    assert controls(text) == controls(pictured)
    assert isinstance(galleries(pictured)[0].items[0], discord.MediaGalleryItem)
