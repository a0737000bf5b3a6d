"""Run ``make play``: serve the places page and the Preview until Ctrl-C."""

import argparse
import asyncio
import logging
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

import bot.play
from bot.i18n import LOCALES, PSEUDO
from bot.play.hub import Hub
from bot.play.live import play_live
from bot.play.room import PLAYERS, play_room
from bot.play.stage import Stage

KEPT_DATABASE = Path("data/play.db")


async def serve(database: Path, port: int | None, locale: str | None = None, web_port: int | None = None) -> None:
    """Run the simulated server and its clock, and serve the places page and the Activity until Ctrl-C."""
    async with play_room(database, locale) as room, play_live(room, web_port) as live:
        stage = Stage(room)
        clock = asyncio.create_task(stage.clock.run(), name="peapod-play-clock")
        try:
            async with Hub(room, stage, port, live) as hub:
                print(
                    f"peapod is ready: open {hub.url} (a private link for this computer only). "
                    f"Pick {', '.join(PLAYERS)} and a place; Ctrl-C stops it.",
                    flush=True,
                )
                print(
                    "Peanuts live: press Play live on a race, then open the Activity as a player, one tab each "
                    f"({', '.join(live.url_for(name) for name in PLAYERS[:3])}).",
                    flush=True,
                )
                await asyncio.Event().wait()
        finally:
            clock.cancel()
            await stage.close()


def _parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="make play", description=(bot.play.__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--keep",
        nargs="?",
        const=KEPT_DATABASE,
        type=Path,
        metavar="FILE",
        help=f"keep the games in FILE (default {KEPT_DATABASE}) instead of a temporary database",
    )
    parser.add_argument("--port", type=int, help="serve the places page on this local port")
    parser.add_argument("--web-port", type=int, help="serve the Activity's page (Peanuts live) on this local port")
    parser.add_argument(
        "--locale",
        choices=[*LOCALES, PSEUDO],
        help="show peapod as players of this language see it (default: English)",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        if args.keep is not None:
            asyncio.run(serve(args.keep, args.port, args.locale, args.web_port))
        else:
            with tempfile.TemporaryDirectory(prefix="peapod-play-") as folder:
                asyncio.run(serve(Path(folder) / "play.db", args.port, args.locale, args.web_port))
    except KeyboardInterrupt:
        print("peapod play stopped.", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
