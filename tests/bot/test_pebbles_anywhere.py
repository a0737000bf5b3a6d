"""Pebbles and Nuts where peapod is not a member (a group DM, a DM between two people), and the Apps menu's
entries on a person: the table is the command's own answer, moved on by each click; every hand is its player's
own **Show my hand** panel; nothing is posted, no thread opened, no DM sent, nothing goes out on a spent token,
and no concealed card reaches anyone else (text, descriptions, buttons)."""

from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from simcord import Env
from simcord.builders import ChannelHandle
from simcord.results import to_discord_message

from bot.app import create_bot
from bot.core.places import Place
from bot.core.service import AI_SECONDS, Table
from bot.i18n import words_for
from bot.store import Store
from bot.text import readable
from bot.ui.places import NOT_IN_CHAT, SERVER_ONLY
from bot.ui.present.requests import EditBudget
from bot.words import word
from games.pebbles import GAME, Play, marked_card

from .conftest import without_real_waits
from .places import bot_calls_to, menu_in, slash_in
from .tables import custom_ids_on, descriptions_of, labels_of, private_text, table_message, text_of
from .test_anywhere import dms_sent
from .test_pebbles_discord import choose

TOKEN_LIFE = 15 * 60.0
PEANUTS_MENU, PEBBLES_MENU = "Challenge to Peanuts", "Play Pebbles and Nuts with"


@pytest.fixture
def simcord_bot(settings, store, seed_box):
    """Whole games make hundreds of edits: here the bot edits as soon as asked (as in test_pebbles_discord)."""
    budget = EditBudget(channel_requests=10_000, channel_window=1.0, message_spacing=0.0)
    return without_real_waits(create_bot(settings, store, seed_source=lambda: seed_box[0], budget=budget))


@dataclass
class Chat:
    """A chat between people where peapod is not a member, and what each of them was shown.

    Cards come back in every deal, so what a person may read is judged deal by deal: a text of the deal before
    may name a card that was on show then, or in their own hand, and is concealed in another hand now."""

    env: Env
    store: Store
    channel: ChannelHandle
    people: dict[str, Any]
    """Each person's user handle, by name."""
    deal: int = 0
    """The deal being played (as last looked at)."""
    seen: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    """Every text each person was answered with (responses and followups, as they were when sent), by deal."""
    held: dict[tuple[int, str], set[str]] = field(default_factory=dict)
    """The names of the cards each person held in each deal (they may see those named)."""
    on_show: dict[int, set[str]] = field(default_factory=dict)
    """The names of the cards on show in each deal (in a trick, the last trick, or melded)."""
    first_message: dict[int, int] = field(default_factory=dict)
    """The newest message id when each deal was first looked at (messages of older deals are older)."""

    async def slash(self, who: str, name: str, **options: Any) -> Any:
        return self.saw(who, await slash_in(self.people[who], self.channel, name, **options))

    async def menu(self, who: str, name: str, target: str) -> Any:
        return self.saw(who, await menu_in(self.people[who], self.channel, name, self.people[target]))

    def message(self, message_id: int) -> discord.Message:
        return to_discord_message(self.env, self.env.backend.get_message(self.channel.id, message_id))

    async def click(self, who: str, message: discord.Message, prefix: str = "", custom_id: str = "") -> Any:
        custom_id = custom_id or next(cid for cid in custom_ids_on(message) if cid.startswith(f"{prefix}:"))
        return self.saw(who, await self.people[who].click(message, custom_id=custom_id))

    def saw(self, who: str, result: Any) -> Any:
        for message in (result.response, *result.followups):
            if message is not None:
                self.seen.setdefault(who, []).append((self.deal, shown(message)))
        return result

    def looked(self, deal: int, on_show: set[str]) -> None:
        """The game is in ``deal`` with ``on_show`` on the table now."""
        if deal not in self.first_message:
            self.first_message[deal] = max((m.id for m in self.channel.history()), default=0)
        self.deal = deal
        self.on_show.setdefault(deal, set()).update(on_show)

    def may_name(self, who: str | None) -> set[str]:
        """The cards ``who`` (None: everyone) may read named now: on show, or theirs, in this deal or the last."""
        deals = (self.deal - 1, self.deal)
        names = set().union(*(self.on_show.get(deal, set()) for deal in deals))
        return names.union(*(self.held.get((deal, who), set()) for deal in deals)) if who else names

    def visible(self, who: str) -> str:
        """Everything ``who`` can read in the chat now (the messages they can see, but those of deals before the
        last), and all they were shown since the last deal began."""
        since = self.first_message.get(self.deal - 1, 0)
        now = [
            shown(message)
            for message in self.channel.history(viewer=self.people[who])
            if not message.flags.ephemeral or message.id > since
        ]
        return "\n".join([*now, *(text for deal, text in self.seen.get(who, []) if deal >= self.deal - 1)])

    def shared(self) -> str:
        """Everything everyone in the chat can read now (its messages that are nobody's alone)."""
        return "\n".join(shown(message) for message in self.channel.history() if not message.flags.ephemeral)


def shown(message: Any) -> str:
    """All a message says: its text, its pictures' descriptions, its buttons' labels."""
    message = message if isinstance(message, discord.Message) else message.message
    return "\n".join((message.content, text_of(message), descriptions_of(message), " ".join(labels_of(message))))


def card_names(cards: Any, decks: int) -> set[str]:
    return {readable(str(word(marked_card(card, decks)))) for card in cards}


@pytest.fixture
def group(simcord_env, store, places, room) -> Chat:
    """A group DM of alice, bob and carol (peapod installed to alice, not a member)."""
    channel = places.group(simcord_env, room.alice, room.bob, room.carol)
    return Chat(simcord_env, store, channel, {name: getattr(room, name).user for name in ("alice", "bob", "carol")})


@pytest.fixture
def server_app(simcord_env, store, places, room) -> Chat:
    """A server that never added peapod, where alice installed it to herself; alice, bob and carol are in it."""
    channel = places.server(simcord_env, "Friends' Server").create_text_channel("general")
    people = {name: channel.guild.add_member(getattr(room, name).user) for name in ("alice", "bob", "carol")}
    return Chat(simcord_env, store, channel, people)


@pytest.fixture(params=["group", "server_app"])
def three(request) -> Chat:
    """Alice, bob and carol where peapod is not a member: a group DM, or a server where it is only installed."""
    return request.getfixturevalue(request.param)


@pytest.fixture
def dm(simcord_env, store, places, room) -> Chat:
    """A DM between alice and bob (not their DMs with peapod)."""
    channel = places.dm(simcord_env, room.alice, room.bob)
    return Chat(simcord_env, store, channel, {"alice": room.alice.user, "bob": room.bob.user})


async def seated(chat: Chat, bot, players: int, humans: list[str], **options: Any) -> tuple[int, int]:
    """Alice opens a table for ``players`` in the chat; the other ``humans`` join, the rest are AI; she starts it.
    Returns the game and its table message (the command's own answer)."""
    opened = await chat.slash("alice", "pebbles new", players=players, **options)
    message_id = opened.response.id
    lobby = chat.message(message_id)
    assert not opened.ephemeral and "Show my hand" in text_of(lobby), "the lobby says where hands are"
    game_id = int(custom_ids_on(lobby)[0].split(":")[1])
    for who in humans[1:]:
        await chat.click(who, chat.message(message_id), "pj")
    for _ in range(players - len(humans)):
        await chat.click("alice", chat.message(message_id), "pi")
    started = await chat.click("alice", chat.message(message_id), "pg")
    assert started.response.id == message_id, "the lobby becomes the table"
    table = await bot.service.table(game_id)
    assert table.status == "active" and table.message_id == message_id and table.thread_id is None
    return game_id, message_id


def name_of(chat: Chat, user_id: int) -> str:
    return next(name for name, user in chat.people.items() if user.id == user_id)


async def play_turn(chat: Chat, bot, game_id: int) -> Table:
    """The seat to play acts: a person opens their hand with Show my hand on the table and plays their choice
    from it; an AI seat is given its pause."""
    table = await bot.service.table(game_id)
    seat = table.turn
    user_id = table.players[seat]
    if user_id is None or table.seats[seat].away:
        await chat.env.advance_time(AI_SECONDS + 0.1)
        return await bot.service.table(game_id)
    who = name_of(chat, user_id)
    opened = await chat.click(who, chat.message(table.message_id), "pm")
    assert opened.response.id == table.message_id and not opened.ephemeral, "the click's token is the table's"
    [panel] = opened.followups
    assert panel.ephemeral
    hand = card_names(table.views[seat].hand, table.public.decks)
    chat.held.setdefault((table.public.deal_no, who), set()).update(hand)
    action = choose(table, seat)
    played = next(cid for cid in custom_ids_on(panel.message) if cid.endswith(f":{action.code}"))
    result = await chat.click(who, panel.message, custom_id=played)
    assert result.acknowledged and result.response.ephemeral
    return await bot.service.table(game_id)


async def check_privacy(chat: Chat, bot, game_id: int, *, everyone: bool) -> None:
    """No concealed card (in a hand, not melded) is named in the chat's shared messages; with ``everyone``, none
    reaches a person other than its holder, in any message they can see or were ever shown (judged deal by deal,
    see :class:`Chat`)."""
    record = await bot.service.parts.tables.load(game_id)
    state = GAME.from_dict(record.state)
    public = GAME.view_for(state, None)
    melded = [card for seat in range(state.seats) for card in public.melded[seat]]
    played = [card for _, card in (*public.trick, *public.last_trick)]
    actions = await chat.store.load_actions(game_id)
    last = GAME.parse_action(actions[-1].code) if actions else None
    if isinstance(last, Play):
        played.append(last.card)  # the trick that ended the deal before is named in what just happened
    chat.looked(public.deal_no, card_names([*played, *melded], state.decks))
    concealed = {
        seat: card_names([card for card in state.hands[seat] if card not in public.melded[seat]], state.decks)
        for seat in range(state.seats)
    }
    shared = chat.shared()
    for seat, names in concealed.items():
        leaked = [name for name in names - chat.may_name(None) if name in shared]
        assert not leaked, f"seat {seat + 1}'s {leaked} in the shared messages"
    if not everyone:
        return
    for who, user in chat.people.items():
        if user.id not in record.players:
            continue
        mine = record.players.index(user.id)
        chat.held.setdefault((public.deal_no, who), set()).update(concealed[mine])
        text, own = chat.visible(who), chat.may_name(who)
        for seat, names in concealed.items():
            if seat != mine:
                leaked = [name for name in names - own if name in text]
                assert not leaked, f"{who} (seat {mine + 1}) can read seat {seat + 1}'s {leaked}"


async def play_to_the_end(chat: Chat, bot, game_id: int, *, check_every: int = 9) -> Table:
    table = await bot.service.table(game_id)
    steps = 0
    while not table.finished:
        table = await play_turn(chat, bot, game_id)
        steps += 1
        await check_privacy(chat, bot, game_id, everyone=steps % check_every == 0)
        assert steps < 2000
    await bot.presenter.idle()
    await check_privacy(chat, bot, game_id, everyone=True)
    return table


def nothing_but_answers(chat: Chat) -> None:
    """The bot sent nothing of its own in the chat (no post, no thread) and no DM to anyone."""
    assert bot_calls_to(chat.env, chat.channel.id) == [] and dms_sent(chat.env) == []


async def test_two_people_and_the_ai_play_a_whole_game_where_peapod_is_not_a_member(three, simcord_bot):
    game_id, message_id = await seated(three, simcord_bot, 3, ["alice", "bob"])
    table = await play_to_the_end(three, simcord_bot, game_id)
    assert table.finished and not table.place.member and max(table.public.scores) >= 50
    final = three.message(message_id)
    assert "Game over." in text_of(final) and labels_of(final) == ["Rematch", "Replay"]
    onlooker = [shown(message) for message in three.channel.history(viewer=three.people["carol"])]
    assert onlooker and not any("\u00b7 seat" in text for text in onlooker), "carol, not playing, sees no hand"
    nothing_but_answers(three)


async def test_three_people_play_a_whole_game_in_a_group_dm(group, simcord_bot):
    game_id, _ = await seated(group, simcord_bot, 3, ["alice", "bob", "carol"])
    table = await play_to_the_end(group, simcord_bot, game_id, check_every=12)
    assert table.finished and len(table.public.scores) == 3
    assert (await simcord_bot.service.table(game_id)).shown_version == table.version, "the last move is shown"
    nothing_but_answers(group)


async def test_two_people_play_a_whole_game_in_their_dm(dm, simcord_bot):
    game_id, message_id = await seated(dm, simcord_bot, 2, ["alice", "bob"])
    table = await play_to_the_end(dm, simcord_bot, game_id)
    assert table.place is Place.DM and table.guild_id is None and max(table.public.scores) >= 70
    assert "Game over." in text_of(dm.message(message_id))
    again = await dm.click("bob", dm.message(message_id), "pn")
    [lobby] = again.followups
    assert not lobby.ephemeral and "(invited)" in text_of(lobby.message), "the rematch is the click's answer"
    await dm.click("alice", dm.message(lobby.id), "pv")
    rematch = await simcord_bot.service.table(game_id + 1)
    assert rematch.status == "active" and rematch.place is Place.DM and rematch.message_id == lobby.id
    await play_turn(dm, simcord_bot, rematch.game_id)
    assert (await simcord_bot.service.table(rematch.game_id)).version == rematch.version + 1
    nothing_but_answers(dm)


async def test_a_turn_that_outlasts_the_tables_token_waits_and_the_next_click_plays_what_fell_due_in_order(
    group, simcord_bot, store, monkeypatch
):
    async def long_turns(guild_id: int | None) -> float:
        return TOKEN_LIFE + 10 * 60  # a turn outlasts the token of the click before it

    monkeypatch.setattr(simcord_bot.service, "turn_seconds", long_turns)
    game_id, message_id = await seated(group, simcord_bot, 3, ["alice", "bob"])
    while (table := await simcord_bot.service.table(game_id)).seats[table.turn].ai:
        await group.env.advance_time(AI_SECONDS + 0.1)
    await simcord_bot.presenter.idle()
    token = (await store.table_token(game_id, message_id)).token
    waiting = await simcord_bot.service.table(game_id)
    absent = waiting.turn
    for _ in range(int((TOKEN_LIFE + 10 * 60) // 60) + 1):  # nobody clicks for 26 minutes
        await group.env.advance_time(60)
    await simcord_bot.presenter.idle()
    assert await store.held_timers(game_id) == 2, "the warning and the turn's end wait for a click"
    assert (await simcord_bot.service.table(game_id)).version == waiting.version, "nothing moved meanwhile"
    on_token = len([entry for entry in group.env.http_requests if token in entry.path])
    who = name_of(group, next(user for seat, user in enumerate(waiting.players) if user and seat != absent))
    opened = await group.click(who, group.message(message_id), "pm")
    [panel] = opened.followups
    assert "This table waited for a click" in text_of(panel.message)
    await group.env.advance_time(1)
    await simcord_bot.presenter.idle()
    later = await simcord_bot.service.table(game_id)
    assert later.seats[absent].missed == 1, "the turn ran out: the lowest card was played for its player"
    assert later.version > waiting.version and later.shown_version == later.version, "caught up, and shown"
    assert len([entry for entry in group.env.http_requests if token in entry.path]) == on_token, "0 on a spent one"
    await check_privacy(group, simcord_bot, game_id, everyone=True)
    nothing_but_answers(group)


async def test_refusals_in_a_group_dm_are_one_private_sentence(group, simcord_bot):
    game_id, message_id = await seated(group, simcord_bot, 2, ["alice", "bob"])
    table = await simcord_bot.service.table(game_id)
    stranger = await group.click("carol", group.message(message_id), "pm")
    assert stranger.ephemeral and "not" in private_text(stranger).lower()
    timer = await group.slash("alice", "pebbles timer", seconds=60)
    assert timer.ephemeral and timer.response.content == SERVER_ONLY
    myself = await group.slash("alice", "pebbles challenge", first=group.people["alice"])
    assert myself.ephemeral and "already" in private_text(myself)
    assert (await simcord_bot.service.table(game_id)).version == table.version
    asked = await group.slash("bob", "pebbles resign")
    await group.click("bob", asked.response.message, custom_id=custom_ids_on(asked.response.message)[0])
    await simcord_bot.presenter.idle()
    assert "Resigned" in text_of(group.message(message_id)), "redrawn through the last click's token"
    assert (await simcord_bot.service.table(game_id)).finished
    nothing_but_answers(group)


async def test_where_use_external_apps_is_off_the_table_is_alices_alone_with_the_ai(
    room, simcord_env, store, places, simcord_bot
):
    guild = places.server(simcord_env, "Strict Server")
    closed = discord.PermissionOverwrite(use_external_apps=False)
    channel = guild.create_text_channel("general", overwrites={guild.default_role: closed})
    alice, bob = guild.add_member(room.alice.user), guild.add_member(room.bob.user)
    strict = Chat(simcord_env, store, channel, {"alice": alice, "bob": bob})
    invite = await strict.slash("alice", "pebbles challenge", first=bob.user)
    assert invite.ephemeral and "nobody you invite here could see the table" in private_text(invite)
    lobby = await strict.slash("alice", "pebbles new")
    assert lobby.ephemeral and "Only you can see this table" in text_of(lobby.response.message)
    message_id = lobby.response.id
    await strict.click("alice", strict.message(message_id), "pi")
    await strict.click("alice", strict.message(message_id), "pg")
    game_id = int(custom_ids_on(strict.message(message_id))[0].split(":")[1])
    for _ in range(6):
        await play_turn(strict, simcord_bot, game_id)
    table = await simcord_bot.service.table(game_id)
    assert table.version >= 6 and "Only you can see this table" in text_of(strict.message(message_id))
    assert not strict.env.backend.get_message(channel.id, message_id).visible_to(bob.id)
    await check_privacy(strict, simcord_bot, game_id, everyone=True)
    nothing_but_answers(strict)


async def test_the_apps_menu_challenges_and_invites_in_a_server_with_peapod(room, simcord_bot):
    await room.alice.context_menu(room.channel, PEANUTS_MENU, room.bob)
    [race] = await simcord_bot.service.open_tables(room.channel.id, room.alice.id, "peanuts")
    assert list((await simcord_bot.service.table(race)).players) == [room.alice.id, room.bob.id]
    await room.alice.context_menu(room.channel, PEBBLES_MENU, room.bob)
    invited = room.channel.last_message
    assert f"<@{room.bob.id}>" in text_of(invited) and "(invited)" in text_of(invited)
    await room.bob.click(invited, custom_id=next(cid for cid in custom_ids_on(invited) if cid.startswith("pv:")))
    accepted = table_message(room, invited.id)
    start = next(cid for cid in custom_ids_on(accepted) if cid.startswith("pg:"))
    await room.alice.click(accepted, custom_id=start)
    game_id = int(start.split(":")[1])
    assert (await simcord_bot.service.table(game_id)).status == "active"
    for menu, why in ((PEANUTS_MENU, "You cannot race yourself"), (PEBBLES_MENU, "You are at the table already")):
        refused = await room.alice.context_menu(room.channel, menu, room.alice)
        assert refused.ephemeral and why in private_text(refused)
    robot = room.channel.guild.add_member(room.env.create_user("robot", bot=True))
    for menu in (PEANUTS_MENU, PEBBLES_MENU):
        refused = await room.alice.context_menu(room.channel, menu, robot)
        assert refused.ephemeral and "Bots cannot" in private_text(refused)


async def test_the_apps_menu_deals_on_its_own_answer_in_a_group_dm(group, simcord_bot):
    invited = await group.menu("alice", PEBBLES_MENU, "bob")
    message_id = invited.response.id
    lobby = group.message(message_id)
    assert not invited.ephemeral and "(invited)" in text_of(lobby)
    await group.click("bob", lobby, "pv")
    await group.click("alice", group.message(message_id), "pg")
    game_id = int(custom_ids_on(group.message(message_id))[0].split(":")[1])
    table = await simcord_bot.service.table(game_id)
    assert table.status == "active" and table.place is Place.GROUP_DM and table.message_id == message_id
    for _ in range(6):
        await play_turn(group, simcord_bot, game_id)
    await check_privacy(group, simcord_bot, game_id, everyone=True)
    challenged = await group.menu("bob", PEANUTS_MENU, "carol")
    [race] = await simcord_bot.service.open_tables(group.channel.id, group.people["bob"].id, "peanuts")
    assert (await simcord_bot.service.table(race)).message_id == challenged.response.id
    refused = await group.menu("carol", PEANUTS_MENU, "carol")
    assert refused.ephemeral and "yourself" in private_text(refused)
    nothing_but_answers(group)


async def test_in_its_own_dm_peapod_is_a_member_and_the_hand_comes_as_a_dm_there(room, simcord_bot):
    alice = room.alice.user
    opened = await alice.slash("pebbles new")
    message_id = opened.response.id
    for prefix in ("pi", "pg"):
        lobby = alice.dm_channel.history()[0]
        assert lobby.id == message_id
        await alice.click(lobby, custom_id=next(cid for cid in custom_ids_on(lobby) if cid.startswith(f"{prefix}:")))
    game_id = int(custom_ids_on(alice.dm_channel.history()[0])[0].split(":")[1])
    table = await simcord_bot.service.table(game_id)
    assert table.place is Place.BOT_DM and table.status == "active"
    assert table.seats[0].dm_message_id is not None, "the hand is a message of its own in the DM"


async def test_an_invitation_to_someone_outside_the_chat_is_refused_in_a_group_dm_a_dm_and_peapods_dm(
    group, dm, simcord_env, simcord_bot
):
    """Discord lists a DM's and a group DM's people with each interaction there (and peapod's own DM has its
    person alone): someone outside the chat could never see an invitation to it, so each way of inviting refuses
    them with one private sentence, and no table is opened."""
    group.people["dave"] = simcord_env.create_user("dave")
    dm.people["carol"] = group.people["carol"]
    for chat, outsider in ((group, "dave"), (dm, "carol")):
        sentence = words_for("en")(NOT_IN_CHAT, who=chat.people[outsider].mention)
        for refused in (
            await chat.slash("alice", "peanuts challenge", friend=chat.people[outsider]),
            await chat.slash("alice", "pebbles challenge", first=chat.people["bob"], second=chat.people[outsider]),
            await chat.menu("alice", PEANUTS_MENU, outsider),
            await chat.menu("alice", PEBBLES_MENU, outsider),
        ):
            assert refused.ephemeral and private_text(refused) == sentence
        for kind in ("peanuts", "pebbles"):
            assert await simcord_bot.service.open_tables(chat.channel.id, chat.people["alice"].id, kind) == []
    alice, bob = group.people["alice"], group.people["bob"]
    for refused in (
        await alice.slash("peanuts challenge", friend=bob),
        await alice.slash("pebbles challenge", first=bob),
    ):
        assert refused.ephemeral and private_text(refused) == words_for("en")(NOT_IN_CHAT, who=bob.mention), "her DM"
    invited = await group.slash("alice", "peanuts challenge", friend=group.people["carol"])
    assert not invited.ephemeral, "someone of the chat is invited as before"
    nothing_but_answers(group)
