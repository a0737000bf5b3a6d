"""Where each command works: installed to a server or to a person, in a server, peapod's DM or a group DM."""

import pytest

from bot.core.places import Place
from bot.play.places import simcord_hooks
from bot.ui.places import SERVER_ONLY, server_only

from .places import BOT_DM, GUILD, PRIVATE_CHANNEL
from .tables import text_of

SERVER_COMMANDS = {"tournament"}
"""Commands that need a server that added peapod (the channel, DMs to the others)."""
INTEGRATION_TYPES = {0, 1}
CONTEXTS = {GUILD, BOT_DM, PRIVATE_CHANNEL}
GLOBAL_LIMITS = {1: 100, 2: 5, 3: 5}
"""Discord's most global commands of each type: slash commands, user and message context menus."""
USER_MENU = 2
MENU_NAME_LIMIT = 32
"""The most characters of a context menu's name, in every language."""
MENUS = {"Challenge to Peanuts", "Play Pebbles and Nuts with"}
"""The Apps menu's entries on a person."""


@pytest.fixture
def elsewhere(simcord_env, places, room):
    """A server that never added peapod, where alice installed it to herself; and a group DM of the three."""
    guild = places.server(simcord_env, "Friends' Server")
    channel = guild.create_text_channel("general")
    alice = guild.add_member(room.alice.user)
    return channel, alice, places.group(simcord_env, room.alice, room.bob, room.carol)


async def test_synced_commands_say_where_they_work_within_discords_limits(room, simcord_env):
    """Every synced command carries integration_types and contexts as declared; subcommands carry none."""
    synced = list(simcord_env.backend.commands[None].values())
    for kind, limit in GLOBAL_LIMITS.items():
        assert sum(1 for command in synced if command.get("type", 1) == kind) <= limit
    for command in synced:
        installs, contexts = set(command["integration_types"]), set(command["contexts"])
        assert installs and installs <= INTEGRATION_TYPES and contexts and contexts <= CONTEXTS, command["name"]
        if command["name"] in SERVER_COMMANDS:
            assert (installs, contexts) == ({0}, {GUILD}), command["name"]
        else:
            assert (installs, contexts) == (INTEGRATION_TYPES, CONTEXTS), command["name"]
        for option in command.get("options", ()):
            assert "contexts" not in option and "integration_types" not in option
    menus = {command["name"]: command for command in synced if command.get("type") == USER_MENU}
    assert set(menus) == MENUS
    for name, menu in menus.items():
        localized = menu.get("name_localizations") or {}
        assert set(localized) >= {"de", "fr", "es-ES", "pt-BR", "pl", "ru"}, name
        for text in (name, *localized.values()):
            assert 0 < len(text) <= MENU_NAME_LIMIT and text == text.strip(), text
        assert not menu.get("options") and not menu.get("description"), name


async def test_each_place_offers_its_commands(room, elsewhere):
    channel, alice, _group = elsewhere
    everywhere = {"penguin new", "peek new", "triplepeaks new", "daily penguin", "help", "stats", "history"}
    in_server = set(room.alice.available_commands(room.channel))
    assert everywhere <= in_server and {"peanuts challenge", "pebbles new", "tournament new"} <= in_server
    everywhere |= {"peanuts challenge", "peanuts practice", "pebbles new", "pebbles challenge", "pebbles resign"}
    for offered in (set(alice.available_commands(channel)), set(room.alice.user.available_commands())):
        assert everywhere <= offered
    assert not {"tournament new"} & set(room.alice.user.available_commands())
    assert not {name for name in alice.available_commands(channel) if name.split()[0] in SERVER_COMMANDS}


async def test_a_server_command_is_known_by_its_root(room, simcord_bot):
    tree = simcord_bot.tree
    assert server_only(tree.get_command("tournament").get_command("new"))
    assert not server_only(tree.get_command("penguin").get_command("new")) and not server_only(None)


def test_places_know_whether_peapod_is_a_member_and_whose_board_it_is():
    assert [place.member for place in Place] == [True, False, True, False, False]
    assert Place.SERVER.scope(1, 2) == 1 and Place.SERVER_APP.scope(1, 2) == 2
    assert Place.GROUP_DM.scope(None, 2) == 2 and Place.DM.scope(None, 3) == 3


async def test_per_server_settings_answer_one_sentence_elsewhere(room, elsewhere):
    channel, alice, _group = elsewhere
    for answer in (
        await alice.slash(channel, "language", server="de"),
        await room.alice.user.slash("language", server="de"),
        await alice.slash(channel, "daily channel"),
    ):
        assert answer.response.content == SERVER_ONLY and answer.response.ephemeral


async def test_text_names_commands_as_mentions_of_the_synced_commands(room, simcord_env):
    """/help and the daily board name commands as mentions (Discord shows them in the reader's language)."""
    ids = {command["name"]: command["id"] for command in simcord_env.backend.commands[None].values()}
    overview = await room.alice.slash(room.channel, "help")
    assert f"</penguin new:{ids['penguin']}>" in text_of(overview.response)
    board = await room.alice.slash(room.channel, "daily board", game="peek")
    assert f"Nobody here has played it yet: </daily peek:{ids['daily']}>." in text_of(board.response)


def test_the_tests_tell_simcord_what_make_play_tells_it(places):
    """One place says what SimCord is told (:mod:`bot.play.places`): the tests' fixture puts in exactly the hooks
    ``make play`` puts in, no copy of its own."""
    for owner, name, _ in simcord_hooks(places):
        assert getattr(owner, name).__qualname__.startswith(f"{simcord_hooks.__name__}.<locals>."), name
