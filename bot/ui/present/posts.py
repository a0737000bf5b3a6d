"""Messages the bot posts in a channel of its own accord, not as anyone's answer: the daily post."""

import logging

import discord

from bot.core.service import TableService
from bot.ui.language import public_words
from bot.ui.mentions import Mentions
from bot.ui.present.layouts import daily_post_layout
from bot.ui.present.redraws import Owns

log = logging.getLogger(__name__)


async def daily_posts(client: discord.Client, service: TableService, owns: Owns, mentions: Mentions) -> None:
    """Send every daily post due in the servers this process runs: the new day's deals are here."""
    for guild_id, channel_id, day in await service.daily_posts_due():
        if not owns(guild_id):
            continue
        view = daily_post_layout(await public_words(client, guild_id), day, service.daily_kinds(), mentions)
        try:
            await client.get_partial_messageable(channel_id).send(view=view)
        except discord.HTTPException:
            log.warning("could not send the daily post to channel %s", channel_id, exc_info=True)
        await service.daily_posted(guild_id, day)
