"""The table service: the one API the Discord layer calls (ARCHITECTURE.md "One action, end to end").

It never imports discord and never hands out a raw game state: every call returns a :class:`Table`
built from the engine's views. The only state is in the database; each call loads the game, checks,
applies and saves it in one version-checked transaction. The games it serves are given to it
(``TableService(store, games=GAMES)``); what it must know of a game's rules, the game declares
(``Game.simultaneous``), and its AI players, hints and timeout moves are given beside the games, by game
key (``levels=``, ``hints=``, ``timeouts=``: ``games.ai.registry``), so no game is named here.

One object per concern, each given what it uses (the store, the clock, the games, the other concerns it
calls) and built in one place, :class:`TableService`, in the order they depend on each other:

- ``bot.core.tables``: :class:`~bot.core.tables.Tables`, the steps every concern shares (the rules of a
  kind, one lock per game, loading a game and the table it shows, changing a seat, saving an action).
- ``bot.core.timers``: setting a game's deadlines for the position it is in.
- ``bot.core.play``: dealing a one-player game, act, undo, resign, claim, hints; which game a typed
  command means (the user's own first). Who acts is answered once (``seat_of``): a seat holder
  for their seat; at an ``open_play`` table (one seat) anyone in the channel, as seat 0.
- ``bot.core.lobbies``: opening a table, joining, inviting, the AI in a seat, start, cancel, rematch.
- ``bot.core.deadlines``: lobby expiry, turn timers and warnings, AI seats' moves: rows in the
  database fired once each.
- ``bot.core.results``: scoreboards, a player's record, who helped at an open table.
- ``bot.core.ratings``: skill ratings per server and game, leaderboards, a rating's history (the
  ratings themselves are computed once when a rated game ends: ``bot.core.skill``).
- ``bot.core.history``: a player's finished games, and replays of any game from its log (who may
  see which private views follows the table's rule).
- ``bot.core.daily``: the daily deal (one seed per game and UTC day), attempts, the day's board with
  streaks, the result line, and servers' daily posts.
- ``bot.core.server_settings``: a server's own settings (the turn timer).
- ``bot.core.languages``: the language each user and server chose, and the locale each user last used.
- ``bot.core.user_settings``: a person's own ``/settings`` (the deck their pictures are drawn in, pictures or text).
- ``bot.core.tournaments``: tournaments for a server, one concern a module (the sign-up, the rounds and their
  deadlines, the arena, deciding an unfinished match, dealing the matches, the records and views); the
  rounds hear of every game's end from the tables (``Tables.when_ended``).
- ``bot.core.live``: races played live in the Activity (#34): launches, and the race an Activity's channel shows.
- ``bot.core.messages``: which message shows each table and at which version (a game is
  ``dealing`` until its table message exists; tables whose message lags are found and redrawn),
  hand messages in DMs, closed DMs.

The Discord layer calls one object: ``service.act(...)`` is ``service.parts.play.act(...)``, and so on
for every call a concern offers (the list in :class:`TableService` says which concern answers which).

- Staleness: for turn-based and one-seat games a click carries the table version it was drawn for,
  and an older one is refused (:class:`StaleActionError`). Games whose seats act at once check the
  action code's own expectations instead (a Peanuts move names the top card it expects), so the
  version is ignored and a save that lost the race to another writer is retried once.
- Concurrency: one ``asyncio.Lock`` per game inside this process, as an optimisation; the guarantee,
  across processes too, is the store's ``version = ?`` check. A lost race is retried (simultaneous
  games) or refused, never merged.
- Undo (games whose ``allows_undo`` says so): an ``"undo"`` row is appended to the action log and the
  state is rebuilt by replaying the seed and the effective log (each undo pops the action before it).
- Replay: seed + action log rebuild the snapshot exactly (``replay_matches``).
- Errors: :mod:`bot.core.errors` for the service's refusals; engine errors (``games.errors``) pass
  through unchanged and the saved game is untouched.
"""

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.core.daily import Daily
from bot.core.deadlines import MISSED_TURNS, Deadlines, Fired, Levels, Timeouts
from bot.core.history import History
from bot.core.languages import Languages
from bot.core.live import Live
from bot.core.lobbies import LOBBY_SECONDS, Lobbies
from bot.core.messages import Messages
from bot.core.play import Hints, Play
from bot.core.ratings import Ratings
from bot.core.recovery import Recovery
from bot.core.results import Results
from bot.core.server_settings import ServerSettings
from bot.core.tables import UNDO_CODE, CurrentGame, Table, Tables, effective_actions
from bot.core.timers import AI_SECONDS, Timers
from bot.core.tournaments import Arena, Leads, Matches, Records, Referee, Rounds, SignUp, Tournaments
from bot.core.user_settings import PersonalSettings
from bot.store import Store
from games.base import Game

__all__ = [
    "AI_SECONDS",
    "LOBBY_SECONDS",
    "MISSED_TURNS",
    "UNDO_CODE",
    "CurrentGame",
    "Fired",
    "Parts",
    "Table",
    "TableService",
    "effective_actions",
]


def default_seed() -> int:
    """A new deal's seed, from the system's randomness."""
    return random.SystemRandom().randrange(2**31)


@dataclass(frozen=True, slots=True)
class Parts:
    """The concerns of one table service."""

    tables: Tables
    timers: Timers
    play: Play
    lobbies: Lobbies
    deadlines: Deadlines
    results: Results
    ratings: Ratings
    history: History
    daily: Daily
    server_settings: ServerSettings
    languages: Languages
    personal: PersonalSettings
    messages: Messages
    tournaments: Tournaments
    live: Live


def compose(
    store: Store,
    *,
    games: Mapping[str, Game[Any]],
    levels: Levels,
    hints: Hints,
    timeouts: Timeouts,
    seeds: Callable[[], int],
    clock: Callable[[], float],
    on_deadline: Callable[[float], None] | None,
    leads: Leads,
) -> Parts:
    """Build every concern over one store, each from what it uses, those it calls first."""
    tables = Tables(store=store, games=games, clock=clock)
    timers = Timers(store=store, clock=clock, on_deadline=on_deadline)
    play = Play(store=store, clock=clock, seeds=seeds, tables=tables, timers=timers, hints=hints)
    lobbies = Lobbies(store=store, clock=clock, seeds=seeds, tables=tables, timers=timers)
    ratings = Ratings(store=store, games=games, clock=clock)
    server_settings = ServerSettings(store=store)
    messages = Messages(store=store, clock=clock, tables=tables)
    records = Records(store=store, clock=clock, tables=tables, on_deadline=on_deadline)
    matches = Matches(store=store, clock=clock, tables=tables, play=play, server_settings=server_settings)
    referee = Referee(store=store, clock=clock, tables=tables, leads=leads)
    arena = Arena(store=store, clock=clock, records=records, matches=matches)
    rounds = Rounds(store=store, clock=clock, records=records, matches=matches, referee=referee, arena=arena)
    signup = SignUp(
        store=store, clock=clock, tables=tables, ratings=ratings, records=records, referee=referee, rounds=rounds
    )
    tables.when_ended(rounds.game_ended)
    return Parts(
        tables=tables,
        timers=timers,
        play=play,
        lobbies=lobbies,
        deadlines=Deadlines(
            store=store,
            clock=clock,
            tables=tables,
            timers=timers,
            play=play,
            lobbies=lobbies,
            levels=levels,
            timeouts=timeouts,
            messages=messages,
        ),
        results=Results(store=store, tables=tables),
        ratings=ratings,
        history=History(store=store, tables=tables),
        daily=Daily(store=store, clock=clock, tables=tables, play=play),
        server_settings=server_settings,
        languages=Languages(store=store),
        personal=PersonalSettings(store=store),
        messages=messages,
        tournaments=Tournaments(
            records=records, signup=signup, rounds=rounds, arena=arena, referee=referee, matches=matches
        ),
        live=Live(store=store, clock=clock, tables=tables),
    )


class TableService:
    """Creates games, applies actions, undo and resignations, runs lobbies and deadlines, and answers
    scoreboard questions: the concerns above over one store, and each of their calls under its own name."""

    def __init__(
        self,
        store: Store,
        *,
        games: Mapping[str, Game[Any]],
        levels: Levels | None = None,
        hints: Hints | None = None,
        timeouts: Timeouts | None = None,
        seed_source: Callable[[], int] | None = None,
        clock: Callable[[], float] = time.time,
        on_deadline: Callable[[float], None] | None = None,
        leads: Leads | None = None,
    ) -> None:
        self.parts = parts = compose(
            store,
            games=games,
            levels=levels or {},
            hints=hints or {},
            timeouts=timeouts or {},
            seeds=seed_source or default_seed,
            clock=clock,
            on_deadline=on_deadline,
            leads=leads or {},
        )
        self.games = games
        """The games this service deals, by key."""
        self.now = clock
        """The service's clock (epoch seconds); tests move it."""
        self.shared_store = store.SHARED
        """Whether other processes write to the same database (and set deadlines this one must find)."""
        self.recovery = Recovery(store.schema_version)
        """Told when a call failed because the database did not answer; tells its listeners when it answers again."""
        """Whether other processes write to the same database (and set deadlines this one must find)."""
        # The calls the Discord layer makes, each answered by one concern.
        self.table = parts.tables.table

        self.new_game = parts.play.new_game
        self.seat_of = parts.play.seat_of
        self.act = parts.play.act
        self.undo = parts.play.undo
        self.check_resign = parts.play.check_resign
        self.resign = parts.play.resign
        self.claim = parts.play.claim
        self.legal_for = parts.play.legal_for
        self.hint = parts.play.hint
        self.offers_hints = parts.play.offers_hints
        self.active_games = parts.play.active_games
        self.current_game = parts.play.current_game
        self.replay_matches = parts.play.replay_matches

        self.open_table = parts.lobbies.open_table
        self.join = parts.lobbies.join
        self.leave = parts.lobbies.leave
        self.add_ai = parts.lobbies.add_ai
        self.accept = parts.lobbies.accept
        self.decline = parts.lobbies.decline
        self.cancel = parts.lobbies.cancel
        self.start = parts.lobbies.start
        self.rematch = parts.lobbies.rematch

        self.next_deadline = parts.deadlines.next_deadline
        self.fire_due = parts.deadlines.fire_due
        self.come_back = parts.deadlines.come_back

        self.scoreboard = parts.results.scoreboard
        self.stats = parts.results.stats
        self.helpers = parts.results.helpers
        self.name_results = parts.results.name_results
        self.record_of = parts.results.record_of

        self.rating = parts.ratings.rating
        self.ratings = parts.ratings.ratings
        self.is_rated_kind = parts.ratings.is_rated_kind
        self.leaderboard = parts.ratings.leaderboard
        self.rating_history = parts.ratings.rating_history

        self.history = parts.history.history
        self.replay = parts.history.replay

        self.daily_kinds = parts.daily.daily_kinds
        self.today = parts.daily.today
        self.next_day_at = parts.daily.next_day_at
        self.start_daily = parts.daily.start_daily
        self.forget_daily = parts.daily.forget_daily
        self.daily_board = parts.daily.daily_board
        self.daily_line = parts.daily.daily_line
        self.daily_channel = parts.daily.daily_channel
        self.set_daily_channel = parts.daily.set_daily_channel
        self.daily_posts_due = parts.daily.daily_posts_due
        self.daily_posted = parts.daily.daily_posted

        self.turn_seconds = parts.server_settings.turn_seconds
        self.set_turn_seconds = parts.server_settings.set_turn_seconds

        self.user_language = parts.languages.user_language
        self.remember_locale = parts.languages.remember_locale
        self.choose_language = parts.languages.choose_language
        self.server_language = parts.languages.server_language
        self.choose_server_language = parts.languages.choose_server_language

        self.user_settings = parts.personal.user_settings
        self.choose_deck = parts.personal.choose_deck
        self.choose_pictures = parts.personal.choose_pictures

        self.attach_message = parts.messages.attach_message
        self.move_to_thread = parts.messages.move_to_thread
        self.leave_thread = parts.messages.leave_thread
        self.mark_shown = parts.messages.mark_shown
        self.keep_token = parts.messages.keep_token
        self.wake = parts.deadlines.wake
        self.waiting = parts.deadlines.waiting
        self.fresh_token = parts.messages.fresh_token
        self.mark_hand_shown = parts.messages.mark_hand_shown
        self.lagging_tables = parts.messages.lagging_tables
        self.drop_unshown_deals = parts.messages.drop_unshown_deals
        self.check_table_message = parts.messages.check_table_message
        self.is_hand_message = parts.messages.is_hand_message
        self.set_seat_message = parts.messages.set_seat_message
        self.set_dm_closed = parts.messages.set_dm_closed
        self.dm_closed = parts.messages.dm_closed
        self.set_dm_channel = parts.messages.set_dm_channel
        self.dm_channel = parts.messages.dm_channel
        self.open_tables = parts.messages.open_tables
        self.hand_over = parts.messages.hand_over
        self.hand_over_tournament = parts.messages.hand_over_tournament

        self.launch_live = parts.live.launch
        self.live_race = parts.live.race_in
        self.live_joined = parts.live.joined

        self.tournament_kinds = parts.tournaments.signup.kinds
        self.open_tournament = parts.tournaments.signup.open_tournament
        self.join_tournament = parts.tournaments.signup.join
        self.leave_tournament = parts.tournaments.signup.leave
        self.start_tournament = parts.tournaments.signup.start
        self.cancel_tournament = parts.tournaments.signup.cancel
        self.tournament = parts.tournaments.records.tournament
        self.tournament_here = parts.tournaments.records.tournament_here
        self.set_tournament_message = parts.tournaments.records.set_message
        self.tournaments = parts.tournaments.records.tournaments
        self.my_tournament = parts.tournaments.records.mine
        self.pause_tournament = parts.tournaments.arena.pause
        self.fire_tournaments = parts.tournaments.rounds.fire_due
        self.resume_tournaments = parts.tournaments.rounds.resume
        self.listen_tournaments = parts.tournaments.rounds.listen
