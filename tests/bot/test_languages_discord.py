"""Every player in their own language, end to end (SimCord): what a server's channel shows speaks the server's
language, and what one player alone sees (a panel, a hand in DMs, an answer, a replay) speaks that player's.

The pseudo-locale words every message id accented and bracketed ("[Ƥïïçķ ąą çąŕđ…]") and leaves nothing in
plain ASCII letters but what fills the placeholders, so a game played through in it shows any text that did not
come from the catalog: after names, mentions, links, commands and game titles are taken out, no English word
may be left. Until the catalogs are translated, English stands for the language a player reads in private.
"""

import gettext
import io

import discord
import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from bot.core.service import AI_SECONDS
from bot.i18n import PSEUDO
from bot.i18n import words as words_module
from bot.ui import custom_ids

from .conftest import Room
from .pseudo import PEOPLE, english_in
from .tables import components_in, custom_ids_on, table_message, text_of

CLUB = "Pseudo Club"


def shown(message) -> list[str]:
    """Every text a person reads on ``message``: its content, its text displays, its buttons' labels, its menus'
    placeholders, options and their descriptions, and its pictures' descriptions (what a screen reader reads)."""
    texts = [getattr(message, "content", None) or ""]
    for component in components_in(message):
        if isinstance(component, discord.TextDisplay):
            texts.append(component.content)
        elif isinstance(component, discord.Button):
            texts.append(component.label or "")
        elif isinstance(component, discord.SelectMenu):
            texts.append(component.placeholder or "")
            texts += [f"{option.label} {option.description or ''}" for option in component.options]
        elif isinstance(component, discord.MediaGalleryComponent):
            texts += [item.description or "" for item in component.items]
    return [text for text in texts if text]


class Reader:
    """Everything the pseudo-locale's readers were shown, and the texts that were not worded from the catalog."""

    def __init__(self) -> None:
        self.read: list[str] = []

    def messages(self, *messages) -> None:
        for message in messages:
            if message is not None:
                self.read += shown(message)

    def result(self, result) -> None:
        """A click's or command's own answers: its response and followups (the private ones above all)."""
        self.messages(result.response, *result.followups)

    def room(self, room: Room) -> None:
        """The channel, its threads (with their names) and everyone's DMs as they are now."""
        for channel in (room.channel, *room.channel.threads):
            self.messages(*channel.history())
        self.read += [thread.name for thread in room.channel.threads]
        for person in (room.alice, room.bob, room.carol):
            if person.user.dm_channel is not None:
                self.messages(*person.user.dm_channel.history())

    def unworded(self) -> list[tuple[str, list[str]]]:
        return [(text, words) for text in self.read if (words := english_in(text))]


@pytest.fixture
def pseudo_room(simcord_env, languages) -> Room:
    """A community server whose language is the pseudo-locale, where everyone's Discord speaks it too."""
    languages.communities.add(CLUB)
    guild = simcord_env.create_guild(CLUB, preferred_locale=PSEUDO)
    channel = guild.create_text_channel("card-room")
    people = [guild.add_member(simcord_env.create_user(name)) for name in PEOPLE]
    for person in people:
        languages.users[person.id] = PSEUDO
    return Room(simcord_env, channel, *people)


def with_prefix(message, prefix: str) -> list[str]:
    return [cid for cid in custom_ids_on(message) if cid.startswith(f"{prefix}:")]


def test_the_checker_finds_english_and_lets_names_numbers_cards_and_pseudo_words_through():
    assert english_in("[Ƥïïçķ ąą çąŕđ ţöö ɱööṽê\u2026] 10\u2665 K\u2664 <@123> Penguin alice https://x.y/z") == []
    assert english_in("[Ţüŕñ] Turn a stock card") == ["Turn", "stock", "card"]
    assert english_in("Played in 12 seconds") == ["Played", "in"]


async def play_patience(room: Room, bot, kind: str, moves: int) -> Reader:
    """Deal a one-player game, pick and play ``moves`` moves, ask for a hint, undo, resign, then replay it."""
    reader = Reader()
    alice = room.alice
    reader.result(await alice.slash(room.channel, f"{kind} new"))
    table_id = room.channel.last_message.id
    for _ in range(moves):
        table = table_message(room, table_id)
        picks = with_prefix(table, custom_ids.PICK)
        if picks:
            menu = next(c for c in components_in(table) if getattr(c, "custom_id", None) == picks[0])
            reader.result(await alice.select(table, [menu.options[0].value], custom_id=picks[0]))
            table = table_message(room, table_id)
            reader.messages(table)
        actions = with_prefix(table, custom_ids.ACTION)
        if not actions:
            break
        reader.result(await alice.click(table, custom_id=actions[0]))
    table = table_message(room, table_id)
    reader.result(await alice.click(table, custom_id=with_prefix(table, custom_ids.HINT)[0]))
    undo = with_prefix(table, custom_ids.UNDO)
    if undo:
        reader.result(await alice.click(table, custom_id=undo[0]))
    table = table_message(room, table_id)
    asked = await alice.click(table, custom_id=with_prefix(table, custom_ids.RESIGN)[0])
    reader.result(asked)
    question = asked.response.message
    reader.result(await alice.click(question, custom_id=custom_ids_on(question)[0]))
    await bot.presenter.idle()
    table = table_message(room, table_id)
    replay = await alice.click(table, custom_id=with_prefix(table, custom_ids.REPLAY)[0])
    reader.result(replay)
    shown_replay = replay.response.message
    step = next(cid for cid in with_prefix(shown_replay, custom_ids.REPLAY_STEP) if cid.endswith(":next"))
    reader.messages((await alice.click(shown_replay, custom_id=step)).response.message)
    reader.room(room)
    return reader


@pytest.mark.parametrize("kind", ["penguin", "peek", "triplepeaks"])
async def test_a_patience_played_in_the_pseudo_locale_shows_no_word_outside_the_catalog(pseudo_room, simcord_bot, kind):
    reader = await play_patience(pseudo_room, simcord_bot, kind, moves=4)
    assert reader.read, "the game was seen"
    assert reader.unworded() == []


async def test_pebbles_in_the_pseudo_locale_lobby_table_hands_and_panels_take_every_word_from_the_catalog(
    pseudo_room, simcord_bot
):
    room, reader = pseudo_room, Reader()
    alice, bob = room.alice, room.bob
    reader.result(await alice.slash(room.channel, "pebbles new", players=3))
    lobby_id = room.channel.last_message.id
    lobby = table_message(room, lobby_id)
    reader.result(await bob.click(lobby, custom_id=with_prefix(lobby, custom_ids.JOIN)[0]))
    lobby = table_message(room, lobby_id)
    reader.result(await alice.click(lobby, custom_id=with_prefix(lobby, custom_ids.ADD_AI)[0]))
    lobby = table_message(room, lobby_id)
    reader.messages(lobby)
    reader.result(await alice.click(lobby, custom_id=with_prefix(lobby, custom_ids.START)[0]))
    for _ in range(6):
        game = await simcord_bot.service.table(int(custom_ids_on(table_message(room, lobby_id))[0].split(":")[1]))
        if game.finished:
            break
        user_id = game.players[game.turn]
        if user_id is None:
            await room.env.advance_time(AI_SECONDS + 0.1)
            continue
        actor = alice if user_id == alice.id else bob
        table = table_message(room, lobby_id)
        panel = await actor.click(table, custom_id=with_prefix(table, custom_ids.PANEL)[0])
        reader.result(panel)
        hand = next(m for m in actor.user.dm_channel.history() if with_prefix(m, custom_ids.SEAT))
        playable = [b.custom_id for b in components_in(hand) if isinstance(b, discord.Button) and not b.disabled]
        played = next(cid for cid in playable if cid.startswith(f"{custom_ids.SEAT}:"))
        reader.result(await actor.user.click(hand, custom_id=played))
    reader.room(room)
    assert reader.unworded() == []


async def test_peanuts_in_the_pseudo_locale_challenge_board_thread_and_panels_take_every_word_from_the_catalog(
    pseudo_room, simcord_bot
):
    room, reader = pseudo_room, Reader()
    alice, bob = room.alice, room.bob
    reader.result(await alice.slash(room.channel, "peanuts challenge", friend=bob.user))
    challenge = room.channel.last_message
    reader.messages(challenge)
    game_id = int(custom_ids_on(challenge)[0].split(":")[1])
    reader.result(await bob.click(challenge, custom_id=with_prefix(challenge, custom_ids.ACCEPT)[0]))
    for actor in (alice, bob):
        board = table_message(room, (await simcord_bot.service.table(game_id)).message_id)
        opened = await actor.click(board, custom_id=with_prefix(board, custom_ids.PANEL)[0])
        reader.result(opened)
        panel = opened.response.message if opened.response is not None else opened.followups[0].message
        moves = with_prefix(panel, custom_ids.SEAT)
        reader.result(await actor.click(panel, custom_id=moves[0]))
    reader.room(room)
    assert reader.unworded() == []


GERMAN = {
    "Show my hand": "Meine Hand zeigen",
    "Game #{game_id}": "Spiel Nr. {game_id}",
    "{game} \u00b7 game #{game_id} \u00b7 seat {seat}": "{game} \u00b7 Spiel Nr. {game_id} \u00b7 Platz {seat}",
}
BRAZILIAN = {
    "Show my hand": "Mostrar minha m\u00e3o",
    "Game #{game_id}": "Jogo n\u00ba {game_id}",
    "{game} \u00b7 game #{game_id} \u00b7 seat {seat}": "{game} \u00b7 jogo n\u00ba {game_id} \u00b7 lugar {seat}",
}


@pytest.fixture
def catalogs(monkeypatch):
    """German and Brazilian Portuguese catalogs holding the few messages these tests read (the shipped ones
    may not be translated yet)."""

    def catalog(locale: str) -> gettext.NullTranslations:
        messages = {"de": GERMAN, "pt-BR": BRAZILIAN}.get(locale)
        if messages is None:
            return gettext.NullTranslations()
        built = Catalog(locale=locale.replace("-", "_"))
        for message, string in messages.items():
            built.add(message, string)
        compiled = io.BytesIO()
        write_mo(compiled, built)
        compiled.seek(0)
        return gettext.GNUTranslations(compiled)

    words_module.words_for.cache_clear()
    words_module._words.cache_clear()
    monkeypatch.setattr(words_module, "translations", catalog)
    yield
    words_module.words_for.cache_clear()
    words_module._words.cache_clear()


async def test_a_german_servers_table_is_german_while_a_brazilian_players_hand_and_panel_are_portuguese(
    simcord_env, simcord_bot, languages, catalogs
):
    languages.communities.add("Kartenklub")
    guild = simcord_env.create_guild("Kartenklub", preferred_locale="de")
    channel = guild.create_text_channel("karten")
    alice, bob = (guild.add_member(simcord_env.create_user(name)) for name in ("alice", "bob"))
    languages.users |= {alice.id: "pt-BR", bob.id: "de"}
    await alice.slash(channel, "pebbles new", players=2)
    lobby = channel.last_message
    await bob.click(lobby, custom_id=with_prefix(lobby, custom_ids.JOIN)[0])
    lobby = next(m for m in channel.history() if m.id == lobby.id)
    await alice.click(lobby, custom_id=with_prefix(lobby, custom_ids.START)[0])
    await simcord_bot.presenter.idle()
    table = next(m for m in channel.history() if m.id == lobby.id)
    game_id = int(custom_ids_on(table)[0].split(":")[1])
    assert "Meine Hand zeigen" in shown(table) and f"-# Spiel Nr. {game_id}" in text_of(table)
    hand = next(m for m in alice.user.dm_channel.history() if with_prefix(m, custom_ids.SEAT))
    assert f"jogo n\u00ba {game_id} \u00b7 lugar 1" in text_of(hand) and "Spiel" not in text_of(hand)
    opened = await alice.click(table, custom_id=with_prefix(table, custom_ids.PANEL)[0])
    assert f"jogo n\u00ba {game_id} \u00b7 lugar 1" in text_of(opened.response.message)
    bobs = next(m for m in bob.user.dm_channel.history() if with_prefix(m, custom_ids.SEAT))
    assert f"Spiel Nr. {game_id} \u00b7 Platz 2" in text_of(bobs)
