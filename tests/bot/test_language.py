"""/language: a user's own language and a server's, kept in the store; bad input gets one sentence and changes
nothing; the locale a user's client sends is kept for the messages the bot sends them unasked."""

import discord

from bot.i18n import PSEUDO
from bot.store import UserLanguage
from bot.ui.language import public_words, words_of_user


async def test_a_user_chooses_their_language_and_goes_back_to_automatic(room, simcord_bot):
    chosen = await room.alice.slash(room.channel, "language", me="Deutsch")
    assert chosen.ephemeral and chosen.response.content == "peapod spricht Deutsch mit dir.", "said in German"
    assert (await simcord_bot.service.user_language(room.alice.id)).chosen == "de"
    assert (await words_of_user(simcord_bot, room.alice.id)).locale == "de"
    back = await room.alice.slash(room.channel, "language", me="automatic")
    assert back.response.content == "peapod speaks your Discord app's language to you: English."
    assert await simcord_bot.service.user_language(room.alice.id) == UserLanguage(locale="en-US", chosen=None)


async def test_an_unknown_language_gets_a_sentence_and_changes_nothing(room, simcord_bot):
    await room.alice.slash(room.channel, "language", me="pl")
    refused = await room.alice.slash(room.channel, "language", me="klingon")
    assert refused.ephemeral
    assert refused.response.content.startswith("peapod nie mówi w języku „klingon”; wybierz jeden z: English, Deutsch")
    assert (await simcord_bot.service.user_language(room.alice.id)).chosen == "pl"


async def test_only_a_manager_chooses_the_servers_language(room, simcord_bot):
    guild_id = room.channel.guild.id
    refused = await room.bob.slash(room.channel, "language", server="fr")
    assert refused.ephemeral and "manage this server" in refused.response.content
    assert (await public_words(simcord_bot, guild_id)).locale == "en"
    managers = room.channel.guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    manager = room.channel.guild.add_member(room.env.create_user("dora"), roles=[managers])
    chosen = await manager.slash(room.channel, "language", server="Français")
    assert chosen.response.content == "This server's tables and posts are in Français."
    assert (await public_words(simcord_bot, guild_id)).locale == "fr"
    await manager.slash(room.channel, "language", server="automatic")
    assert (await public_words(simcord_bot, guild_id)).locale == "en"


async def test_the_offered_languages_follow_what_is_typed(room):
    offered = await room.alice.autocomplete(room.channel, "language", "me", "p")
    assert [choice["value"] for choice in offered] == ["pt-BR", "pl"]


async def test_a_refusal_speaks_the_users_language(room, simcord_bot):
    """A core refusal is worded in the language the clicking user chose (here the pseudo-locale)."""
    await simcord_bot.service.choose_language(room.alice.id, PSEUDO)
    refused = await room.alice.slash(room.channel, "language", me="klingon")
    assert refused.response.content.startswith("[ƥêêąąƥööđ đööêêš ñööţ šƥêêąąķ “klingon”; çĥööööšêê")


async def test_the_locale_a_client_sends_is_written_only_when_it_changes(room, simcord_bot, store, monkeypatch):
    """Every interaction tells the store the user's locale, cheaply: a write only for a locale not seen before."""
    written = []
    keep = store.set_user_locale

    async def counted(user_id: int, locale: str) -> None:
        written.append((user_id, locale))
        await keep(user_id, locale)

    monkeypatch.setattr(store, "set_user_locale", counted)
    for _ in range(3):
        await room.alice.slash(room.channel, "language")
    await room.bob.slash(room.channel, "help")
    assert written == [(room.alice.id, "en-US"), (room.bob.id, "en-US")]
    assert (await words_of_user(simcord_bot, room.bob.id)).locale == "en"
