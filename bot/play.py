"""``make play``: the real bot in a local Discord-like page, no token needed.

The same bot as ``python -m bot`` (command tree, buttons, pictures, SQLite database) runs against
SimCord's simulated Discord, and SimCord's Preview serves one channel of it in the browser. You
type slash commands there, click the bot's buttons, and switch between the players with the
page's "Viewing as" menu.

The page shows one channel, so direct messages the bot sends are also printed here in the
terminal with the recipient's name. The simulated clock only moves when something happens, so
timers (none of today's games need one) do not fire on their own.
"""

import argparse
import asyncio
import logging
import sys
import tempfile
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import discord
import simcord
from simcord.actors import MemberActor
from simcord.builders import ChannelHandle

from bot.app import PeapodBot, create_bot
from bot.config import Settings
from bot.store import SqliteStore
from bot.ui.layout import text_on

log = logging.getLogger("peapod.play")

PLAYERS = ("Ada", "Basil", "Clover", "Dot")
CHANNEL = "card-room"
KEPT_DATABASE = Path("data/play.db")
SETTLE_TIMEOUT = 30.0
"""Seconds SimCord waits for the bot to finish an action; generous, so a slow render never times out."""


@dataclass
class PlayRoom:
    """The simulated server: the running Env, the bot, one channel and the players."""

    env: simcord.Env
    bot: PeapodBot
    channel: ChannelHandle
    players: list[MemberActor]


def _echo_direct_messages(bot: PeapodBot) -> None:
    """Print every DM the bot sends, since the page cannot show DMs."""

    async def on_message(message: discord.Message) -> None:
        if message.guild is None and bot.user is not None and message.author.id == bot.user.id:
            recipient = getattr(message.channel, "recipient", None)
            if recipient is None:
                channel = await bot.fetch_channel(message.channel.id)
                recipient = getattr(channel, "recipient", None)
            text = message.content or " / ".join(text_on(message).splitlines())
            print(f"[DM to {recipient.name if recipient else '?'}] {text}", flush=True)

    bot.add_listener(on_message, "on_message")


@asynccontextmanager
async def play_room(database: Path) -> AsyncIterator[PlayRoom]:
    """Start the real bot on ``database`` inside SimCord, with a server, a channel and four players."""
    store = await SqliteStore.open(database)
    try:
        bot = create_bot(Settings(_env_file=None, database_path=database, shard_count=1), store)
        _echo_direct_messages(bot)
        async with simcord.run(bot, check_errors=False, settle_timeout=SETTLE_TIMEOUT) as env:
            guild = env.create_guild("peapod")
            channel = guild.create_text_channel(CHANNEL)
            players = [guild.add_member(env.create_user(name)) for name in PLAYERS]
            yield PlayRoom(env, bot, channel, players)
            for error in env.errors:
                log.error("the bot raised during play", exc_info=error)
    finally:
        await store.close()


async def serve(database: Path, port: int | None) -> None:
    """Serve the Preview page until the person ends the session or presses Ctrl-C."""
    async with play_room(database) as room:
        preview = room.env.preview(room.channel, viewers=room.players, layout="channel", port=port)
        async with preview:
            names = ", ".join(PLAYERS)
            print(
                f"peapod is ready: open {preview.url} (a private link for this computer only). "
                f"Switch between {names} with 'Viewing as'; Ctrl-C or More > End preview session stops it.",
                flush=True,
            )
            await preview.wait_closed()


def _parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="make play", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--keep",
        nargs="?",
        const=KEPT_DATABASE,
        type=Path,
        metavar="FILE",
        help=f"keep the games in FILE (default {KEPT_DATABASE}) instead of a temporary database",
    )
    parser.add_argument("--port", type=int, help="serve the page on this local port")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        if args.keep is not None:
            asyncio.run(serve(args.keep, args.port))
        else:
            with tempfile.TemporaryDirectory(prefix="peapod-play-") as folder:
                asyncio.run(serve(Path(folder) / "play.db", args.port))
    except KeyboardInterrupt:
        print("peapod play stopped.", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
