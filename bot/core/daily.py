"""The daily deal: every one-player game deals the same cards to everyone on one UTC day (the seed comes
from the game and the date alone, so every server gets the same deal), one attempt per player and game
a day, a result line that says how it went without naming a card, the day's board with each player's
streak of days played, and a server's daily post.

An attempt is an ordinary game (the player's table, its result and its replay) plus a ``daily_attempts``
row, which the store writes at most once per player, game and day: a second ``/daily`` (a double
click, another process) is refused however close behind it comes.
"""

import asyncio
import datetime
import hashlib
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.core.errors import ServiceError
from bot.core.places import Place
from bot.core.play import Play
from bot.core.tables import Table, Tables, effective_actions, rebuild
from bot.i18n import ENGLISH, N_, Words
from bot.store import ActionRecord, DailyAttempt, GameRecord, Store
from games.base import CLAIM_CODE, RESIGN_CODE, Game

DAILY_SETTING = "daily"
"""The table setting of an attempt: its day (``YYYY-MM-DD``)."""
CHANNEL_SETTING = "daily_channel"
"""The server setting: the channel that gets the daily post."""
POSTED_SETTING = "daily_posted"
"""The server setting: the last day whose daily post was sent."""
BOARD_LENGTH = 25
STREAK_DAYS = 1000
"""How far back a streak is counted."""
SYMBOLS = 10
"""The result line's row: the game cut into up to this many stretches, one symbol each."""
DAY = 86_400


def day_of(now: float) -> str:
    """The UTC date of an instant, ``YYYY-MM-DD``."""
    return datetime.datetime.fromtimestamp(now, datetime.UTC).date().isoformat()


def next_day_at(now: float) -> float:
    """The instant the next UTC day begins."""
    return (now // DAY + 1) * DAY


def daily_seed(kind: str, day: str) -> int:
    """The deal of a game on a day: the same for everyone, everywhere (it depends on nothing else)."""
    digest = hashlib.sha256(f"peapod daily {kind} {day}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def streak(days: list[str], today: str) -> int:
    """Days in a row up to ``today`` (or up to yesterday, when today is not played yet) in ``days``
    (newest first)."""
    played = set(days)
    day = datetime.date.fromisoformat(today)
    if today not in played:
        day -= datetime.timedelta(days=1)
    count = 0
    while day.isoformat() in played:
        count += 1
        day -= datetime.timedelta(days=1)
    return count


def symbols(progress: list[int]) -> str:
    """A row of symbols for how a game went: the moves cut into stretches; a stretch that gained much
    is 🟩, a little 🟨, nothing ⬜, and one that lost points 🟥."""
    moves = len(progress) - 1
    if moves <= 0:
        return "\u2b1c"
    stretches = min(SYMBOLS, moves)
    bounds = [round(index * moves / stretches) for index in range(stretches + 1)]
    gains = [progress[end] - progress[start] for start, end in itertools.pairwise(bounds)]
    best = max(gains)
    row = []
    for gain in gains:
        if gain < 0:
            row.append("\U0001f7e5")
        elif gain == 0:
            row.append("\u2b1c")
        elif 2 * gain >= best:
            row.append("\U0001f7e9")
        else:
            row.append("\U0001f7e8")
    return "".join(row)


def progress_of(game: Game[Any], record: GameRecord, actions: Sequence[ActionRecord]) -> tuple[Any, list[int]]:
    """The state after ``actions`` from the deal, and the game's progress after the deal and each move
    (a resignation or a claim is no move); for a worker thread."""
    state = rebuild(game, record, ())
    progress = [game.progress(state)]
    for action in actions:
        state = game.replay_step(state, action.seat, action.code)
        if action.code not in (RESIGN_CODE, CLAIM_CODE):
            progress.append(game.progress(state))
    return state, progress


class DailyPlayedError(ServiceError):
    """The player already has an attempt at today's deal of that game."""

    message = N_("You have already played today's deal.")


@dataclass(frozen=True, slots=True)
class DailyRow:
    """One line of a day's board: the attempt, its table as it stands, the player's streak of days."""

    attempt: DailyAttempt
    table: Table
    streak: int


class Daily:
    """Today's deals, attempts, the board and the daily post: given the store, the clock (which day it is),
    the tables, and the play path that deals an attempt."""

    def __init__(self, *, store: Store, clock: Callable[[], float], tables: Tables, play: Play) -> None:
        self._store = store
        self._clock = clock
        self._tables = tables
        self._play = play

    def daily_kinds(self) -> list[str]:
        """The games with a daily deal: the one-player games."""
        return [key for key, game in self._tables.games.items() if game.max_seats == 1]

    def today(self) -> str:
        return day_of(self._clock())

    def next_day_at(self) -> float:
        return next_day_at(self._clock())

    async def start_daily(
        self,
        kind: str,
        user_id: int,
        *,
        guild_id: int | None,
        channel_id: int | None,
        table_channel_id: int,
        place: Place = Place.BOT_DM,
    ) -> tuple[Table, DailyAttempt]:
        """Deal today's ``kind`` deal for the player, its table in ``table_channel_id`` (their DMs, or where peapod
        is not a member the chat it was asked in, ``place``, shown to them alone), and record the attempt for the
        board of ``guild_id``/``channel_id``. Raises DailyPlayedError."""
        if kind not in self.daily_kinds():
            raise ServiceError(N_("That game has no daily deal."))
        day = self.today()
        if await self._store.daily_attempt(day, kind, user_id) is not None:
            raise await self._played(kind, user_id)
        table = await self._play.new_game(
            kind,
            guild_id=None,
            channel_id=table_channel_id,
            players=[user_id],
            seed=daily_seed(kind, day),
            settings={DAILY_SETTING: day},
            place=place,
        )
        attempt = DailyAttempt(day, kind, user_id, table.game_id, guild_id, channel_id, self._clock())
        if not await self._store.add_daily(attempt):
            raise await self._played(kind, user_id)  # the dealt game is never shown
        return table, attempt

    async def forget_daily(self, attempt: DailyAttempt) -> None:
        """Drop an attempt whose table could not be shown (closed DMs): the player may ask again."""
        await self._store.drop_daily(attempt)

    async def _played(self, kind: str, user_id: int) -> DailyPlayedError:
        attempt = await self._store.daily_attempt(self.today(), kind, user_id)
        title = self._tables.game(kind).title
        hours, rest = divmod(int(self.next_day_at() - self._clock()), 3600)
        wait = {"hours": hours, "minutes": rest // 60}
        if attempt is None:
            return DailyPlayedError(
                N_(
                    "You have already played today's {title} deal. The next deal comes at midnight UTC, in {hours} h "
                    "{minutes} min."
                ),
                title=title,
                **wait,
            )
        record = await self._tables.load(attempt.game_id)
        if record.status in ("active", "dealing"):
            return DailyPlayedError(
                N_("Your attempt at today's {title} deal (game #{game}) is in your DMs: finish it there."),
                title=title,
                game=attempt.game_id,
            )
        return DailyPlayedError(
            N_(
                "You have played today's {title} deal (game #{game}; /replay shows it). The next deal comes at "
                "midnight UTC, in {hours} h {minutes} min."
            ),
            title=title,
            game=attempt.game_id,
            **wait,
        )

    async def daily_board(self, scope: int, kind: str, day: str | None = None) -> list[DailyRow]:
        """A day's attempts at a game asked for in a scope (the server that added peapod, anywhere else the chat:
        :meth:`bot.core.places.Place.scope`), earliest first, with each player's streak."""
        day = day or self.today()
        rows = []
        for attempt in await self._store.daily_attempts(scope, day, kind, limit=BOARD_LENGTH):
            days = await self._store.daily_days(attempt.user_id, kind, until=day, limit=STREAK_DAYS)
            rows.append(DailyRow(attempt, await self._tables.table(attempt.game_id), streak(days, day)))
        return rows

    async def daily_line(self, game_id: int, words: Words = ENGLISH) -> str:
        """A finished attempt's result for sharing, in the language of ``words``: game, day, result, moves, time,
        and the row of symbols; it names no card, so it spoils nothing."""
        record = await self._tables.load(game_id)
        game = self._tables.game(record.kind)
        actions = effective_actions(await self._store.load_actions(game_id))
        state, progress = await asyncio.to_thread(progress_of, game, record, actions)
        outcome = game.outcome(state)
        won = outcome is not None and bool(outcome.winners)
        score = outcome.scores[0] if outcome is not None else game.progress(state)
        minutes, seconds = divmod(round(record.updated_at - record.created_at), 60)
        moves = len(progress) - 1
        day = record.settings.get(DAILY_SETTING, "")
        result = {"title": game.title, "day": day, "score": score, "moves": moves, "time": f"{minutes}:{seconds:02d}"}
        if won:
            line = words.plural(
                "peapod daily {title} {day}: won, score {score}, {moves} move, {time}",
                "peapod daily {title} {day}: won, score {score}, {moves} moves, {time}",
                moves,
                **result,
            )
        else:
            line = words.plural(
                "peapod daily {title} {day}: not won, score {score}, {moves} move, {time}",
                "peapod daily {title} {day}: not won, score {score}, {moves} moves, {time}",
                moves,
                **result,
            )
        return f"{line}\n{symbols(progress)}"

    async def daily_channel(self, guild_id: int) -> int | None:
        value = await self._store.guild_setting(guild_id, CHANNEL_SETTING)
        return int(value) if value else None

    async def set_daily_channel(self, guild_id: int, channel_id: int | None) -> None:
        """Choose the channel for the server's daily post (None: no post)."""
        await self._store.set_guild_setting(guild_id, CHANNEL_SETTING, str(channel_id) if channel_id else "")
        if channel_id:
            await self._store.set_guild_setting(guild_id, POSTED_SETTING, self.today())

    async def daily_posts_due(self) -> list[tuple[int, int, str]]:
        """(server, channel, day) of every daily post not yet sent today."""
        today = self.today()
        due = []
        for guild_id, value in await self._store.guilds_with_setting(CHANNEL_SETTING):
            if value and await self._store.guild_setting(guild_id, POSTED_SETTING) != today:
                due.append((guild_id, int(value), today))
        return due

    async def daily_posted(self, guild_id: int, day: str) -> None:
        await self._store.set_guild_setting(guild_id, POSTED_SETTING, day)
