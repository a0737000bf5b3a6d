"""Every interactive component of the bot: one stateless ``DynamicItem`` class per control.

A control's custom id (grammar in :mod:`bot.ui.custom_ids`) carries everything needed to act, so
it works after a restart. Its callback is the handler: one service call, then one presenter call
(the service is ``peapod(interaction).service``, the presenter ``peapod(interaction).presenter``).

Every callback runs through :func:`run`, which makes sure an interaction is always answered:

- while the process stops, a click is told "peapod is restarting" and nothing else is done;
- under overload a click is shed as it enters, before it waits for anything: one that waited in the queue past
  :data:`BUSY_AFTER` seconds, or that does not fit among the clicks in progress (:class:`bot.ops.intake.Intake`:
  no more than the bot answers in time at its present pace), is answered at once, privately, "the bot is busy",
  counted (``peapod_interactions_shed``), and nothing of it is done, so its table stays as it was;
- one that waited past :data:`ACK_FIRST_AFTER`, or arrives while others are still being handled, is
  *hurried*: acknowledged as soon as it may be, so Discord's 3 seconds are kept even when the renderer
  is queued up (when the bot is idle, a refusal is the interaction's one response, which is cheaper).
  Acknowledged means saved: a control whose click saves a change it knows at the click (a move, a
  seat; :attr:`Control.saves`) is acknowledged only once that change is committed (a commit takes
  about a millisecond), so a process killed in between never drops a move its player saw accepted;
  any other control is acknowledged before its work;
- one whose work is slow (a commit waiting on a lock, a database that answers late) is *deferred*: if it is
  not answered :data:`bot.ui.deferral.DEFER_AFTER` seconds after Discord created it, it is acknowledged with a
  deferral (an update of its message, or a private "thinking…"; slash commands alike), counted
  (``peapod_interactions_deferred``), and answered once saved or refused, by the original response edited or a
  followup. A deferral says nothing is done: a move is still shown only once committed;
- an answer that did not reach Discord leaves its table to the owed redraws (:mod:`bot.ui.present.edits`), so
  the table still ends on its latest state, and the log says so once per cause (:mod:`bot.ui.answers`);
- a refusal is one private sentence; a click on an outdated table answers by redrawing that table
  with a short note, so a table always has a way on;
- any other error is logged and answered with an apology.

Each click is counted by its control and outcome, with its times to acknowledge and to answer
(:mod:`bot.ops.interactions`), and every line logged while handling it names its shard, guild and game.

``from_custom_id`` never fails: a control builds itself from its custom id alone. A control whose
custom id sits on a component of the other kind (a select id on a button) is marked ``misplaced``
and stays silent; :func:`unanswered` tells the bot's fallback listener to answer it instead.
"""

import contextlib
import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, ClassVar, Self

import discord
from discord import ui

from bot.core.errors import StaleActionError, StoreUnavailableError
from bot.core.places import UNSHARED_SETTING
from bot.core.service import Table, TableService
from bot.core.tournaments import Progress
from bot.errors import BUSY, UnknownControlError, reply_ephemeral, reply_error, text_for
from bot.i18n import N_, Words, words_for
from bot.ops import metrics
from bot.ops.interactions import Timing, outcome_of
from bot.ops.stopping import RESTARTING
from bot.text import readable
from bot.ui import custom_ids
from bot.ui.answers import answer_failed, answer_landed
from bot.ui.client import peapod
from bot.ui.deferral import Deferral, answering
from bot.ui.language import private_words
from games.errors import IllegalActionError, NotYourTurnError

log = logging.getLogger(__name__)

ACK_FIRST_AFTER = 0.5
"""Seconds an interaction may have waited before it is acknowledged ahead of any work."""
BUSY_AFTER = 2.0
"""Seconds after which there is no time left to do the work inside Discord's 3 seconds."""

REDRAWN = N_("That button was on an older table; here is the table as it is now.")
LEGACY = N_("This table was redrawn with new buttons; use them.")
NOT_THIS_TABLE = N_("That control does not belong to this table.")
NOT_A_PANEL = N_("That control belongs on a player's own panel or hand, not here.")
NOT_THE_QUESTION = N_("That control belongs to its own question; ask again.")
NOT_A_REPLAY = N_("That control belongs on a replay; open one with Replay or /replay.")
PICK_VALUE = re.compile(r"[a-z][0-9]{0,2}")
CODE_VALUE = re.compile(custom_ids.CODE)
UNPICKABLE = N_("That card cannot move right now; pick one from the menu.")
PLAY_LIVE = N_("Play live")
LAUNCH_LATE = N_("Discord took too long to open the race live; press Play live again.")


def client_words(interaction: discord.Interaction) -> Words:
    """The words of the clicker's Discord client, asked of no database: for the answers given without doing
    the work (busy, restarting)."""
    return words_for(interaction.locale.value)


def lateness(interaction: discord.Interaction) -> float:
    """Seconds since Discord created the interaction (how far behind the bot is)."""
    return (discord.utils.utcnow() - interaction.created_at).total_seconds()


class Control(ui.DynamicItem[Any], template=r"(?!)"):
    """What every control shares: the table it belongs to, how it is acknowledged, and :func:`run`."""

    prefix: ClassVar[str]
    component: ClassVar[type[ui.Button[Any]] | type[ui.Select[Any]]] = ui.Button
    private: ClassVar[bool] = False
    """Acknowledged with a private "thinking…" reply instead of a silent update of the message."""
    home: ClassVar[str] = "table"
    """The message the control is drawn on, checked before it acts (see :func:`check_home`)."""
    saves: ClassVar[bool] = False
    """Its click saves a change it knows at the click: when hurried, it is acknowledged only once the change
    is committed (:meth:`acknowledge_if_hurried`, right after the service call), never before."""

    def __init__(self, item: ui.Item[Any], *, row: int | None = None) -> None:
        super().__init__(item, row=row)
        match = self.template.fullmatch(self.custom_id)
        if match is None:
            raise ValueError(f"{self.custom_id!r} is not a {type(self).__name__} id")
        self.game_id = int(match["game"])
        self.version = int(match["version"]) if "version" in match.groupdict() else 0
        self.code: str | None = match.groupdict().get("code")
        self.misplaced = False
        self.hurried = False
        self.timing: Timing | None = None

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]) -> Self:
        custom_id = getattr(item, "custom_id", None) or ""
        control = cls(cls.component(custom_id=custom_id))
        control.misplaced = not isinstance(item, cls.component)
        return control

    async def acknowledge(self, interaction: discord.Interaction) -> None:
        await answering(interaction)
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=self.private, thinking=self.private)
            self._acknowledged()

    def _acknowledged(self) -> None:
        if self.timing is not None:
            self.timing.acknowledge()

    async def acknowledge_if_hurried(self, interaction: discord.Interaction) -> None:
        """A control that :attr:`saves` calls this once its change is committed (it is answered from here on, so
        a slow click's deferral is no longer needed)."""
        await answering(interaction)
        if self.hurried:
            await self.acknowledge(interaction)

    def arm(self, interaction: discord.Interaction, late: float) -> None:
        """Defer the click if it is still unanswered :data:`~bot.ui.deferral.DEFER_AFTER` seconds after Discord
        created it (:class:`~bot.ui.deferral.Deferral`)."""
        deferral = Deferral(
            interaction,
            type(self).__name__,
            ephemeral=self.private,
            thinking=self.private,
            acknowledged=self._acknowledged,
        )
        deferral.arm(late)

    async def callback(self, interaction: discord.Interaction) -> None:
        await run(self, interaction)

    async def handle(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError

    def message_id(self, interaction: discord.Interaction) -> int | None:
        return interaction.message.id if interaction.message is not None else None


async def run(control: Control, interaction: discord.Interaction) -> None:
    """Answer one click: refused while stopping, shed when busy, hurried when late, handled, every error answered;
    then counted, with its times, by its control and outcome."""
    if control.misplaced:
        return
    bot = peapod(interaction)
    late = lateness(interaction)
    control.timing = timing = Timing(late)
    with bot.about(interaction.guild_id, game_id=control.game_id):
        if not bot.in_flight.take():
            outcome = await _turn_away(interaction, RESTARTING, "refused")
        elif late > BUSY_AFTER or not bot.intake.take():
            metrics.interaction_shed(type(control).__name__)
            outcome = await _turn_away(interaction, BUSY, "failed")
        else:
            try:
                outcome = await _answer(control, interaction, late)
            finally:
                bot.intake.done()
            if outcome == "answered":
                answer_landed(interaction)
    answered = timing.since()
    acknowledged = timing.acknowledged if timing.acknowledged is not None else answered
    metrics.interaction_done(type(control).__name__, outcome, acknowledged, answered)


async def _answer(control: Control, interaction: discord.Interaction, late: float) -> str:
    """Handle the click as :func:`run` says; return how it ended (:data:`bot.ops.metrics.OUTCOMES`)."""
    bot = peapod(interaction)
    try:
        control.hurried = late > ACK_FIRST_AFTER or bot.intake.in_progress > 1
        if control.hurried and not control.saves:
            await control.acknowledge(interaction)
        control.arm(interaction, late)
        try:
            bot.presenter.remember(interaction.user)
            await check_home(control, interaction)
            if control.home == "table":
                await bot.presenter.clicked(interaction, control.game_id)
            await control.handle(interaction)
            if control.home == "table":
                await bot.presenter.answered(interaction, control.game_id)
        finally:
            await answering(interaction)
        return "answered"
    except StaleActionError:
        await _show_current(control, interaction, REDRAWN)
        return "refused"
    except discord.HTTPException as error:
        await _answer_lost(control, interaction, error)
        return "failed"
    except Exception as error:  # noqa: BLE001 - the single translation point decides what to show
        if isinstance(getattr(error, "original", error), StoreUnavailableError):
            bot.service.recovery.failed()
        await reply_error(interaction, error)
        return outcome_of(error)


async def _turn_away(interaction: discord.Interaction, sentence: str, outcome: str) -> str:
    """Answer a click that is not taken on (busy, restarting) at once with a private sentence in its client's words;
    nothing of it was done, so nothing is owed when even that answer fails."""
    try:
        await reply_ephemeral(interaction, client_words(interaction)(sentence))
    except discord.HTTPException as error:
        answer_failed(interaction, error)
    return outcome


async def _answer_lost(control: Control, interaction: discord.Interaction, error: discord.HTTPException) -> None:
    """The answer did not reach Discord (a token gone stale, a 5xx): the click is acknowledged if it still can
    be, and whatever it saved is drawn by its table's owed redraw instead (no sentence: the move may be saved)."""
    bot = peapod(interaction)
    answer_failed(interaction, error)
    with contextlib.suppress(discord.HTTPException):
        await control.acknowledge(interaction)
    try:
        bot.presenter.redraw(await bot.service.table(control.game_id))
    except Exception:
        log.debug("no table to redraw for interaction %s", interaction.id, exc_info=True)


async def check_home(control: Control, interaction: discord.Interaction) -> None:
    """Refuse a control that arrived on a message it is never drawn on (an id a client forged or moved).

    - ``"table"``: the game's table message (a lobby is its table message too);
    - ``"panel"``: the clicker's own private panel of that game, or their hand message in DMs;
    - ``"question"``: a private question about that game (the confirmation of a resignation);
    - ``"private"``: a private message of that game (a replay);
    - ``"anywhere"``: any message (the service checks who may see what it opens).

    A private (ephemeral) message is only ever seen by the one it answered, and its controls were all
    drawn for one game, so a private message whose every control names this game is its panel or question.
    """
    bot = peapod(interaction)
    message = interaction.message
    if control.home == "anywhere":
        return
    if control.home == "table":
        await bot.service.check_table_message(control.game_id, control.message_id(interaction))
        return
    if message is not None and message.flags.ephemeral and _all_of_game(message, control.game_id):
        return
    if control.home == "panel":
        if message is not None and await bot.service.is_hand_message(control.game_id, interaction.user.id, message.id):
            return
        raise UnknownControlError(NOT_A_PANEL)
    raise UnknownControlError(NOT_A_REPLAY if control.home == "private" else NOT_THE_QUESTION)


def custom_ids_of(message: discord.Message) -> list[str]:
    """The custom ids of every button and menu on a message (in action rows, or nested in a layout)."""
    found: list[str] = []
    pending: list[Any] = list(message.components)
    while pending:
        component = pending.pop(0)
        custom_id = getattr(component, "custom_id", None)
        if isinstance(custom_id, str) and custom_id:
            found.append(custom_id)
        pending.extend(getattr(component, "children", ()) or ())
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            pending.append(accessory)
    return found


def _all_of_game(message: discord.Message, game_id: int) -> bool:
    """Whether every control on ``message`` names ``game_id`` (the second field of our custom ids)."""
    ids = custom_ids_of(message)
    return bool(ids) and all(custom_id.split(":")[1:2] == [str(game_id)] for custom_id in ids)


async def _show_current(control: Control, interaction: discord.Interaction, note: str) -> None:
    """Redraw the table the outdated control sits on, as the answer to the click; ``note`` (why) goes
    privately to the one who clicked, not into the table everyone watches (a message id, worded for them)."""
    bot = peapod(interaction)
    try:
        table = await bot.service.table(control.game_id)
        if table.message_id != control.message_id(interaction):
            raise UnknownControlError(NOT_THIS_TABLE)
        await bot.presenter.show_here(interaction, table)
        await reply_ephemeral(interaction, (await private_words(interaction))(note))
    except Exception as error:  # noqa: BLE001
        await reply_error(interaction, error)


def button(
    cls: type[Control],
    table: Table,
    label: str,
    *,
    code: str | None = None,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    row: int | None = None,
    emoji: str | None = None,
    disabled: bool = False,
) -> Control:
    """A button of control ``cls`` for ``table`` (``code``: the action it plays, for Action- and SeatButton);
    ``label`` is already worded, and cut to Discord's 80 characters here."""
    custom_id = custom_ids.table_id(cls.prefix, table.game_id, table.version, code)
    item: ui.Button[ui.View | ui.LayoutView] = ui.Button(
        custom_id=custom_id, label=readable(label)[:80], style=style, emoji=emoji, disabled=disabled
    )
    return cls(item, row=row)


def select(
    cls: type[Control],
    table: Table,
    options: list[discord.SelectOption],
    *,
    placeholder: str,
    row: int | None = None,
) -> Control:
    """A select menu of control ``cls`` for ``table`` (at most 25 options, as Discord allows)."""
    custom_id = custom_ids.table_id(cls.prefix, table.game_id, table.version)
    for option in options:
        option.label = readable(option.label)[:100]
        option.description = readable(option.description)[:100] if option.description else None
    return cls(ui.Select(custom_id=custom_id, options=options[:25], placeholder=placeholder[:150]), row=row)


def _selected(interaction: discord.Interaction, pattern: re.Pattern[str]) -> str:
    """The one value chosen in a select, checked against ``pattern``. Raises UnknownControlError."""
    data: Mapping[str, object] = interaction.data or {}
    values = data.get("values")
    if not isinstance(values, list) or len(values) != 1 or not isinstance(values[0], str):
        raise UnknownControlError()
    if pattern.fullmatch(values[0]) is None:
        raise UnknownControlError()
    return values[0]


class ActionButton(Control, template=custom_ids.template(custom_ids.ACTION, code=True)):
    """Plays one action of the game on the table it sits on."""

    prefix = custom_ids.ACTION
    saves = True

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = peapod(interaction)
        table = await bot.service.act(
            self.game_id,
            interaction.user.id,
            self.code or "",
            version=self.version,
            message_id=self.message_id(interaction),
        )
        await self.acknowledge_if_hurried(interaction)
        await bot.presenter.show_here(interaction, table)


class PickSelect(Control, template=custom_ids.template(custom_ids.PICK)):
    """Chooses the card to move; the table's controls are redrawn with its destinations."""

    prefix = custom_ids.PICK
    component = ui.Select

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = peapod(interaction)
        picked = _selected(interaction, PICK_VALUE)
        table = await bot.service.table(
            self.game_id, version=self.version, user_id=interaction.user.id, message_id=self.message_id(interaction)
        )
        if picked not in bot.presenter.pickable(table):
            raise UnknownControlError(UNPICKABLE)
        await bot.presenter.show_pick(interaction, table, picked)


class TargetSelect(Control, template=custom_ids.template(custom_ids.TARGET)):
    """Plays the move chosen in a menu (when there are too many destinations for buttons)."""

    prefix = custom_ids.TARGET
    component = ui.Select
    saves = True

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = peapod(interaction)
        code = _selected(interaction, CODE_VALUE)
        table = await bot.service.act(
            self.game_id, interaction.user.id, code, version=self.version, message_id=self.message_id(interaction)
        )
        await self.acknowledge_if_hurried(interaction)
        await bot.presenter.show_here(interaction, table)


class UndoButton(Control, template=custom_ids.template(custom_ids.UNDO)):
    """Takes back the last move."""

    prefix = custom_ids.UNDO
    saves = True

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = peapod(interaction)
        table = await bot.service.undo(
            self.game_id, interaction.user.id, version=self.version, message_id=self.message_id(interaction)
        )
        await self.acknowledge_if_hurried(interaction)
        await bot.presenter.show_here(interaction, table)


class HintButton(Control, template=custom_ids.template(custom_ids.HINT)):
    """A private hint: checked first, then acknowledged, because the search can take a second."""

    prefix = custom_ids.HINT
    private = True

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = peapod(interaction)
        await bot.service.seat_of(self.game_id, interaction.user.id)
        await self.acknowledge(interaction)
        action = await bot.service.hint(self.game_id, interaction.user.id)
        await bot.presenter.tell(interaction, bot.presenter.hint_text(await private_words(interaction), action))


class ResignButton(Control, template=custom_ids.template(custom_ids.RESIGN)):
    """Asks the player to confirm, privately; a finished game or a guest is refused instead."""

    prefix = custom_ids.RESIGN
    private = True

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = peapod(interaction)
        await bot.service.check_resign(self.game_id, interaction.user.id)
        table = await bot.service.table(self.game_id)
        words = await private_words(interaction)
        view = ui.View(timeout=None)
        view.add_item(button(ConfirmResignButton, table, words("Yes, resign"), style=discord.ButtonStyle.danger))
        text = words("Resign this game? It counts as a loss.")
        if interaction.response.is_done():
            await interaction.followup.send(text, view=view, ephemeral=True)
        else:
            await interaction.response.send_message(text, view=view, ephemeral=True)


class ConfirmResignButton(Control, template=custom_ids.template(custom_ids.CONFIRM_RESIGN)):
    """Resigns; it sits on the private question, so the table is redrawn from outside the click."""

    prefix = custom_ids.CONFIRM_RESIGN
    home = "question"
    saves = True

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = peapod(interaction)
        table = await bot.service.resign(self.game_id, interaction.user.id)
        await self.acknowledge_if_hurried(interaction)
        resigned = (await private_words(interaction))("You resigned.")
        if interaction.response.is_done():
            await interaction.edit_original_response(content=resigned, view=None)
        else:
            await interaction.response.edit_message(content=resigned, view=None)
        bot.presenter.redraw(table)


class PanelButton(Control, template=custom_ids.template(custom_ids.PANEL)):
    """Opens the clicker's own controls as a private panel (always a fresh one, so panels never expire)."""

    prefix = custom_ids.PANEL

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = peapod(interaction)
        seat = await bot.service.seat_of(self.game_id, interaction.user.id)
        table = await bot.service.table(self.game_id, message_id=self.message_id(interaction))
        await bot.presenter.open_panel(interaction, table, seat)


class SeatButton(Control, template=custom_ids.template(custom_ids.SEAT, code=True)):
    """Plays an action for the clicker's own seat from their panel; the panel answers, the table follows.

    When the table moved on under the panel (another seat played first), the panel is redrawn
    with the refusal as a note, so the player sees the table as it is now before trying again.
    """

    prefix = custom_ids.SEAT
    home = "panel"
    saves = True

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = peapod(interaction)
        seat = await bot.service.seat_of(self.game_id, interaction.user.id)
        try:
            table = await bot.service.act(self.game_id, interaction.user.id, self.code or "", version=self.version)
        except (StaleActionError, IllegalActionError, NotYourTurnError) as refusal:
            await self.acknowledge_if_hurried(interaction)
            table = await bot.service.table(self.game_id)
            note = text_for(refusal, interaction, await private_words(interaction))
            await bot.presenter.show_panel(interaction, table, seat, note=note)
            return
        await self.acknowledge_if_hurried(interaction)
        await bot.presenter.show_panel(interaction, table, seat)
        bot.presenter.redraw(table)


class SeatingControl(Control, template=r"(?!)"):
    """A lobby button: one service verb for the clicker, then the lobby (or the dealt table) is redrawn here."""

    verb: ClassVar[str]
    saves = True

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = peapod(interaction)
        verb: Callable[[int, int], Awaitable[Table]] = getattr(bot.service, self.verb)
        table = await verb(self.game_id, interaction.user.id)
        await self.acknowledge_if_hurried(interaction)
        await bot.presenter.show_here(interaction, table)
        await bot.presenter.seated(interaction, table)


class JoinButton(SeatingControl, template=custom_ids.template(custom_ids.JOIN)):
    prefix = custom_ids.JOIN
    verb = "join"


class LeaveButton(SeatingControl, template=custom_ids.template(custom_ids.LEAVE)):
    prefix = custom_ids.LEAVE
    verb = "leave"


class AddAIButton(SeatingControl, template=custom_ids.template(custom_ids.ADD_AI)):
    prefix = custom_ids.ADD_AI
    verb = "add_ai"


class StartButton(SeatingControl, template=custom_ids.template(custom_ids.START)):
    prefix = custom_ids.START
    verb = "start"


class CancelButton(SeatingControl, template=custom_ids.template(custom_ids.CANCEL)):
    prefix = custom_ids.CANCEL
    verb = "cancel"


class AcceptButton(SeatingControl, template=custom_ids.template(custom_ids.ACCEPT)):
    prefix = custom_ids.ACCEPT
    verb = "accept"


class DeclineButton(SeatingControl, template=custom_ids.template(custom_ids.DECLINE)):
    prefix = custom_ids.DECLINE
    verb = "decline"


class BackButton(SeatingControl, template=custom_ids.template(custom_ids.BACK)):
    """A player whose seat the AI took over after missed turns takes it back."""

    prefix = custom_ids.BACK
    verb = "come_back"


class NewGameButton(Control, template=custom_ids.template(custom_ids.NEW_GAME)):
    """On a finished one-player table: deal the same game again, for the clicker, in a new message."""

    prefix = custom_ids.NEW_GAME

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = peapod(interaction)
        finished = await bot.service.table(self.game_id)
        for game_id in await bot.service.active_games(finished.channel_id or 0, interaction.user.id, finished.kind):
            if (await bot.service.table(game_id)).owner == interaction.user.id:
                already = N_("You already have a {game} game here (game #{game_id}).")
                raise UnknownControlError(already, game=finished.title, game_id=game_id)
        await self.acknowledge(interaction)
        table = await bot.service.new_game(
            finished.kind,
            guild_id=finished.guild_id,
            channel_id=finished.channel_id,
            players=[interaction.user.id],
            options=finished.options,
            open_play=finished.open_play,
            settings={key: finished.settings[key] for key in (UNSHARED_SETTING,) if key in finished.settings},
            place=finished.place,
        )
        await bot.presenter.post(interaction, table)


class RematchButton(Control, template=custom_ids.template(custom_ids.REMATCH)):
    """On a finished table of several players: the same table again, in a new message; the others are
    invited and it starts once they have all accepted."""

    prefix = custom_ids.REMATCH
    saves = True

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = peapod(interaction)
        table = await bot.service.rematch(self.game_id, interaction.user.id)
        await self.acknowledge(interaction)
        await bot.presenter.post(interaction, table)
        await bot.presenter.seated(interaction, await bot.service.table(table.game_id))


class ClaimButton(Control, template=custom_ids.template(custom_ids.CLAIM)):
    """Ends the game as it stands, once the other players have been idle long enough (RULES §7.1)."""

    prefix = custom_ids.CLAIM
    home = "panel"
    saves = True

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = peapod(interaction)
        seat = await bot.service.seat_of(self.game_id, interaction.user.id)
        table = await bot.service.claim(self.game_id, interaction.user.id)
        await self.acknowledge_if_hurried(interaction)
        await bot.presenter.show_panel(interaction, table, seat)
        bot.presenter.redraw(table)


class LiveButton(Control, template=custom_ids.template(custom_ids.LIVE)):
    """Play live: the race opens in peapod's Activity (``bot.live``) for whoever pressed it, racer or watcher.

    The launch is recorded first (the Activity that opens in this channel shows this race), then the click is
    answered by launching the Activity, its one possible answer: a click acknowledged by a deferral before
    that (a slow database) is told to press again.
    """

    prefix = custom_ids.LIVE
    saves = True

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = peapod(interaction)
        await bot.service.launch_live(self.game_id, interaction.channel_id or 0, interaction.user.id)
        await answering(interaction)
        if interaction.response.is_done():
            await bot.presenter.tell(interaction, (await private_words(interaction))(LAUNCH_LATE))
            return
        await interaction.response.launch_activity()
        self._acknowledged()


class LegacyControl(Control, template=custom_ids.LEGACY_TEMPLATE):
    """A button or menu drawn by the bot before one class per control: its table is redrawn."""

    prefix = "pp"

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]) -> Self:
        custom_id = getattr(item, "custom_id", None) or ""
        inner: ui.Item[Any] = (
            ui.Select(custom_id=custom_id) if isinstance(item, ui.Select) else ui.Button(custom_id=custom_id)
        )
        return cls(inner)

    async def handle(self, interaction: discord.Interaction) -> None:
        await _show_current(self, interaction, LEGACY)


class ReplayButton(Control, template=custom_ids.template(custom_ids.REPLAY)):
    """A private replay of the game from its first step, on a finished table or a history; the service
    decides what the clicker may see."""

    prefix = custom_ids.REPLAY
    private = True
    home = "anywhere"

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = peapod(interaction)
        step = await bot.service.replay(self.game_id, interaction.user.id, 0, guild_id=interaction.guild_id)
        await self.acknowledge(interaction)
        await bot.presenter.show_replay(interaction, step)


class ReplayStepButton(Control, template=custom_ids.template(custom_ids.REPLAY_STEP, code=True)):
    """One of a replay's ◀ ▶ buttons: shows the step its id names (the id's version), in the same message."""

    prefix = custom_ids.REPLAY_STEP
    home = "private"

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = peapod(interaction)
        step = await bot.service.replay(self.game_id, interaction.user.id, self.version, guild_id=interaction.guild_id)
        await self.acknowledge(interaction)
        await bot.presenter.show_replay(interaction, step, edit=True)


class TournamentControl(Control, template=r"(?!)"):
    """What the tournament message's buttons share: the id names the tournament (in the game's place, with
    version 0), which must be of the server clicked in; the message's answer is the tournament redrawn."""

    home = "anywhere"
    saves = True

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = peapod(interaction)
        await bot.service.tournament(self.game_id, interaction.guild_id)
        progress = await self.change(bot.service, interaction)
        await self.acknowledge_if_hurried(interaction)
        await bot.presenter.tournaments.show_here(interaction, progress)

    async def change(self, service: TableService, interaction: discord.Interaction) -> Progress:
        raise NotImplementedError


class TournamentJoinButton(TournamentControl, template=custom_ids.template(custom_ids.TOURNAMENT_JOIN)):
    """Signs the clicker up."""

    prefix = custom_ids.TOURNAMENT_JOIN

    async def change(self, service: TableService, interaction: discord.Interaction) -> Progress:
        return await service.join_tournament(self.game_id, interaction.user.id, interaction.user.display_name)


class TournamentLeaveButton(TournamentControl, template=custom_ids.template(custom_ids.TOURNAMENT_LEAVE)):
    """Takes the clicker off the sign-up."""

    prefix = custom_ids.TOURNAMENT_LEAVE

    async def change(self, service: TableService, interaction: discord.Interaction) -> Progress:
        return await service.leave_tournament(self.game_id, interaction.user.id)


class TournamentStartButton(TournamentControl, template=custom_ids.template(custom_ids.TOURNAMENT_START)):
    """The host starts the tournament now: round 1 is paired and dealt."""

    prefix = custom_ids.TOURNAMENT_START

    async def change(self, service: TableService, interaction: discord.Interaction) -> Progress:
        return await service.start_tournament(self.game_id, interaction.user.id)


class TournamentCancelButton(TournamentControl, template=custom_ids.template(custom_ids.TOURNAMENT_CANCEL)):
    """The host calls the sign-up off."""

    prefix = custom_ids.TOURNAMENT_CANCEL

    async def change(self, service: TableService, interaction: discord.Interaction) -> Progress:
        return await service.cancel_tournament(self.game_id, interaction.user.id)


class TournamentPauseButton(TournamentControl, template=custom_ids.template(custom_ids.TOURNAMENT_PAUSE)):
    """An arena player is not paired again until they press Return."""

    prefix = custom_ids.TOURNAMENT_PAUSE

    async def change(self, service: TableService, interaction: discord.Interaction) -> Progress:
        return await service.pause_tournament(self.game_id, interaction.user.id, True)


class TournamentReturnButton(TournamentControl, template=custom_ids.template(custom_ids.TOURNAMENT_RETURN)):
    """A paused arena player comes back, and is paired at once if someone is free."""

    prefix = custom_ids.TOURNAMENT_RETURN

    async def change(self, service: TableService, interaction: discord.Interaction) -> Progress:
        return await service.pause_tournament(self.game_id, interaction.user.id, False)


CONTROLS: tuple[type[Control], ...] = (
    ActionButton,
    PickSelect,
    TargetSelect,
    UndoButton,
    HintButton,
    ResignButton,
    ConfirmResignButton,
    PanelButton,
    SeatButton,
    JoinButton,
    LeaveButton,
    AddAIButton,
    StartButton,
    CancelButton,
    AcceptButton,
    DeclineButton,
    BackButton,
    NewGameButton,
    RematchButton,
    ClaimButton,
    LiveButton,
    ReplayButton,
    ReplayStepButton,
    LegacyControl,
    TournamentJoinButton,
    TournamentLeaveButton,
    TournamentStartButton,
    TournamentCancelButton,
    TournamentPauseButton,
    TournamentReturnButton,
)
"""Every control class, registered with the bot as dynamic items."""

_KINDS = {discord.ComponentType.button.value: ui.Button, discord.ComponentType.string_select.value: ui.Select}


def unanswered(interaction: discord.Interaction) -> bool:
    """Whether no control will answer this component interaction (so the fallback must).

    That is the case when no template matches the custom id exactly, when the matching control is
    of the other component kind, or when the custom id is not on the message (discord.py then
    drops the interaction silently).
    """
    data: Mapping[str, object] = interaction.data or {}
    custom_id = data.get("custom_id")
    component_type = data.get("component_type")
    kind = _KINDS.get(component_type) if isinstance(component_type, int) else None
    if not isinstance(custom_id, str) or kind is None:
        return True
    control = next((cls for cls in CONTROLS if cls.__discord_ui_compiled_template__.fullmatch(custom_id)), None)
    if control is None:
        return True
    if control is not LegacyControl and control.component is not kind:
        return True
    message = interaction.message
    return message is None or custom_id not in custom_ids_of(message)
