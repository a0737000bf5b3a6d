"""Run ``make play``: serve the places page and the Preview until Ctrl-C or SIGTERM."""

import argparse
import asyncio
import logging
import signal
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
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
"""What stops a session cleanly (its servers closed, a temporary database removed), from the start on."""


def stop_on_signals() -> asyncio.Event:
    """An event set by SIGTERM or SIGINT.

    Left to Python, SIGTERM ends the process at once, skipping every ``finally``: the temporary database's
    folder stayed in /tmp, the servers and the Preview were never closed, and the exit status said "killed". And
    a session started in the background of a shell without job control inherits SIGINT ignored, so Python never
    turns it into Ctrl-C's KeyboardInterrupt: ``kill -INT`` did nothing there. Both signals are therefore
    handled here, each as Ctrl-C in the foreground is: the session closes and exits 0."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in STOP_SIGNALS:
        loop.add_signal_handler(number, stop.set)
    return stop


async def serve(database: Path, port: int | None, locale: str | None = None, web_port: int | None = None) -> None:
    """Run the simulated server and its clock, and serve the places page and the Activity until Ctrl-C or
    SIGTERM (one that comes while it starts stops it once it is up)."""
    stop = stop_on_signals()
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
                await stop.wait()
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
        pass  # Ctrl-C before the session's own handling began
    print("peapod play stopped.", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
