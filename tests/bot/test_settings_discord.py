"""/settings through real discord.py (SimCord): a person's deck and pictures choices are kept, said back in their
language, and every picture drawn for that person (a table they play alone, their hand) uses their deck, while a
table people share stays in the standard deck."""

import io

from PIL import Image

from bot.store import UserSettings
from render.cards import FOUR_CLUBS, FOUR_DIAMONDS, RED

from .conftest import Room
from .tables import custom_ids_on, private_text, table_message
from .test_pebbles_discord import hand_message, lobby_button

FOUR = "Your cards are drawn in four colours: spades black, hearts red, diamonds blue, clubs green."
STANDARD = "Your cards are drawn in the standard deck: red and black."
PICTURES = "Your hands and private views are shown as pictures."
TEXT = "Your hands and private views are shown as text."


def colours(png: bytes) -> set[tuple[int, int, int]]:
    """Every colour a picture uses."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    return {colour for _, colour in image.getcolors(maxcolors=1 << 16) or ()}


def four_coloured(png: bytes) -> bool:
    """Whether the diamonds' and clubs' indices and pips are inked in the four-colour deck's blue and green (whole
    pixels of those inks, which nothing else is drawn in)."""
    used = colours(png)
    return FOUR_DIAMONDS in used and FOUR_CLUBS in used


def standard(png: bytes) -> bool:
    """Whether the red suits are in the standard red and no suit in a four-colour ink."""
    used = colours(png)
    return RED in used and FOUR_DIAMONDS not in used and FOUR_CLUBS not in used


async def test_settings_are_kept_and_said_back(room: Room, simcord_bot):
    shown = await room.alice.slash(room.channel, "settings")
    assert shown.ephemeral and private_text(shown) == f"{STANDARD}\n{PICTURES}"
    chosen = await room.alice.slash(room.channel, "settings", deck="four-colour")
    assert chosen.ephemeral and private_text(chosen) == f"{FOUR}\n{PICTURES}"
    off = await room.alice.slash(room.channel, "settings", pictures="off")
    assert private_text(off) == f"{FOUR}\n{TEXT}"
    assert await simcord_bot.service.user_settings(room.alice.id) == UserSettings("four-colour", False)
    assert await simcord_bot.service.user_settings(room.bob.id) == UserSettings()


async def test_settings_speak_the_readers_language(room: Room):
    await room.alice.slash(room.channel, "language", me="Deutsch")
    chosen = await room.alice.slash(room.channel, "settings", deck="four-colour")
    assert private_text(chosen).startswith("Deine Karten sind vierfarbig")


async def test_a_table_played_alone_is_drawn_in_the_players_deck(room: Room):
    await room.alice.slash(room.channel, "settings", deck="four-colour")
    await room.alice.slash(room.channel, "penguin new")
    mine = await room.channel.last_message.attachments[0].read()
    assert four_coloured(mine)
    await room.bob.slash(room.channel, "penguin new")
    theirs = await room.channel.last_message.attachments[0].read()
    assert standard(theirs)


async def test_a_shared_table_stays_standard_and_each_hand_follows_its_player(room: Room):
    await room.alice.slash(room.channel, "settings", deck="four-colour")
    await room.alice.slash(room.channel, "pebbles new")
    message = room.channel.last_message
    await room.bob.click(message, custom_id=lobby_button(message, "pj"))
    message = table_message(room, message.id)
    await room.alice.click(message, custom_id=lobby_button(message, "pg"))
    started = table_message(room, message.id)
    assert custom_ids_on(started)
    await room.env.advance_time(2)
    shared = colours(await started.attachments[0].read())
    assert FOUR_DIAMONDS not in shared and FOUR_CLUBS not in shared
    alice_hand = colours(await hand_message(room.alice).attachments[0].read())
    bob_hand = colours(await hand_message(room.bob).attachments[0].read())
    assert FOUR_DIAMONDS in alice_hand or FOUR_CLUBS in alice_hand
    assert FOUR_DIAMONDS not in bob_hand and FOUR_CLUBS not in bob_hand
