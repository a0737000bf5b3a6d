"""`make play`: the launcher's world, without a browser."""

from bot.play import CHANNEL, PLAYERS, play_room

from .tables import title_of


async def test_play_room_has_channel_players_and_commands(tmp_path):
    """The launcher's server has the channel, four named players and the synced commands."""
    async with play_room(tmp_path / "play.db") as room:
        assert room.channel.name == CHANNEL
        assert [player.name for player in room.players] == list(PLAYERS)
        available = set(room.players[0].available_commands(room.channel))
        assert {"penguin new", "peek new", "triplepeaks new", "penguin move", "scores", "help"} <= available


async def test_a_player_deals_a_table_seen_in_the_preview(tmp_path):
    """/penguin new by a player posts the table, and the Preview page's snapshot shows it."""
    async with play_room(tmp_path / "play.db") as room:
        await room.players[1].slash(room.channel, "penguin new")
        table = room.channel.last_message
        assert title_of(table) == "Penguin" and table.attachments
        async with room.env.preview(room.channel, viewers=room.players, layout="channel") as preview:
            assert preview.url.startswith("http://127.0.0.1:")
            snapshot = await preview.snapshot()
        assert "Penguin" in str(snapshot)
        assert str(table.id) in str(snapshot)


async def test_direct_messages_are_echoed_in_the_terminal(tmp_path, capsys):
    """The page shows one channel, so a DM the bot sends is printed with the recipient's name."""
    async with play_room(tmp_path / "play.db") as room:
        basil = room.bot.get_user(room.players[1].id) or await room.bot.fetch_user(room.players[1].id)
        await basil.send("Your hand: 10♠ J♥")
        await room.env.settle()
    assert "[DM to Basil] Your hand: 10♠ J♥" in capsys.readouterr().out
