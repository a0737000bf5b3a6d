"""The table service: the one API the Discord layer calls (ARCHITECTURE.md "One action, end to end").

It never imports discord and never hands out a raw game state: every call returns a :class:`Table`
built from the engine's views. The only state is in the database; each call loads the game, checks,
applies and saves it in one version-checked transaction. The games it serves are given to it
(``TableService(store, games=GAMES)``); what it must know of a game's rules, the game declares
(``Game.simultaneous``), and its AI players, hints and timeout moves are given beside the games, by game
key (``levels=``, ``hints=``, ``timeouts=``: ``games.ai.registry``), so no game is named here.

One module per concern, each adding its methods to :class:`~bot.core.tables.ServiceCore`:

- ``bot.core.play``: dealing a one-player game, act, undo, resign, claim, hints; which game a typed
  command means (the user's own first). Who acts is answered once (:meth:`seat_of`): a seat holder
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
- ``bot.core.messages``: which message shows each table and at which version (a game is
  ``dealing`` until its table message exists; tables whose message lags are found and redrawn),
  hand messages in DMs, closed DMs.

- Staleness: for turn-based and one-seat games a click carries the table version it was drawn for,
  and an older one is refused (:class:`StaleActionError`). Games whose seats act at once check the
  action code's own expectations instead (a Peanuts move names the top card it expects), so the
  version is ignored and a save that lost the race to another writer is retried once.
- Concurrency: one ``asyncio.Lock`` per game inside this process, as an optimisation; the guarantee,
  across processes too, is the store's ``version = ?`` check. A lost race is retried (simultaneous
  games) or refused, never merged.
- Undo (games whose ``allows_undo`` says so): an ``"undo"`` row is appended to the action log and the
  state is rebuilt by replaying the seed and the effective log (each undo pops the action before it).
- Replay: seed + action log rebuild the snapshot exactly (:meth:`TableService.replay_matches`).
- Errors: :mod:`bot.core.errors` for the service's refusals; engine errors (``games.errors``) pass
  through unchanged and the saved game is untouched.
"""

from bot.core.daily import Daily
from bot.core.deadlines import AI_SECONDS, MISSED_TURNS, Deadlines, Fired
from bot.core.history import History
from bot.core.lobbies import LOBBY_SECONDS, Lobbies
from bot.core.messages import Messages
from bot.core.play import Play
from bot.core.ratings import Ratings
from bot.core.results import Results
from bot.core.server_settings import ServerSettings
from bot.core.tables import UNDO_CODE, CurrentGame, Table, effective_actions

__all__ = [
    "AI_SECONDS",
    "LOBBY_SECONDS",
    "MISSED_TURNS",
    "UNDO_CODE",
    "CurrentGame",
    "Fired",
    "Table",
    "TableService",
    "effective_actions",
]


class TableService(Play, Lobbies, Deadlines, Results, Ratings, History, Daily, ServerSettings, Messages):
    """Creates games, applies actions, undo and resignations, runs lobbies and deadlines, and answers
    scoreboard questions: the parts above, over one store."""
