"""Ratings end to end: a race between people is rated once it ends; /rating and /leaderboard show it;
practice races and games given up at once are not rated; a rating reads the same wherever it is shown."""

from bot.core.skill import new_rating
from bot.store import NewGame, RatingChange
from bot.ui import custom_ids
from games.penguin import GAME as PENGUIN

from .tables import custom_ids_on, descriptions_of, picture_of, table_message, text_of
from .test_peanuts_discord import accepted, open_panel, play


async def race_until(room, bot, turns: int) -> int:
    """Alice and Bob race; Alice turns her stock ``turns`` times, then Bob resigns in the race's thread."""
    game_id, board = await accepted(room, bot)
    panel = await open_panel(room.alice, room, board.id)
    for _ in range(turns):
        panel = (await play(room.alice, panel, "t")).response.message
    [thread] = [thread for thread in room.channel.threads if thread.id == (await bot.service.table(game_id)).thread_id]
    asked = await room.bob.slash(thread, "peanuts resign")
    await room.bob.click(asked.response.message, custom_id=custom_ids_on(asked.response.message)[0])
    assert (await bot.service.table(game_id)).finished
    return game_id


async def test_a_finished_race_rates_both_players_and_the_server_sees_it(room, simcord_bot):
    await race_until(room, simcord_bot, turns=8)
    mine = await room.alice.slash(room.channel, "rating", game="peanuts")
    assert "Peanuts" in text_of(mine.response) and "provisional" in text_of(mine.response)
    assert "1 rated game" in text_of(mine.response) and picture_of(mine.response.message).endswith("/rating.png")
    assert "Rating " in descriptions_of(mine.response.message) and "after the first game" in descriptions_of(
        mine.response.message
    )
    guild = simcord_bot.get_channel(room.channel.id).guild.id
    alice = await simcord_bot.service.rating(guild, "peanuts", room.alice.id)
    bob = await simcord_bot.service.rating(guild, "peanuts", room.bob.id)
    assert alice.ordinal > 0 > bob.ordinal and alice.games == bob.games == 1
    board = await room.carol.slash(room.channel, "leaderboard", game="peanuts")
    lines = text_of(board.response).splitlines()
    assert f"<@{room.alice.id}>" in lines[1] and f"<@{room.bob.id}>" in lines[2]
    nobody = await room.carol.slash(room.channel, "rating", game="peanuts")
    assert "no rated games in this server yet" in text_of(nobody.response)
    assert "has not finished a rated game" in text_of(nobody.response)


async def test_a_race_given_up_at_once_is_not_rated(room, simcord_bot):
    await race_until(room, simcord_bot, turns=1)
    board = await room.alice.slash(room.channel, "leaderboard", game="peanuts", period="week")
    assert "No rated Peanuts games here in the last week yet." in text_of(board.response)


async def test_practice_is_not_rated(room, simcord_bot):
    await room.alice.slash(room.channel, "peanuts practice")
    [game_id] = await simcord_bot.service.open_tables(room.channel.id, room.alice.id, "peanuts")
    table = await simcord_bot.service.resign(game_id, room.alice.id)
    assert table.finished
    board = await room.alice.slash(room.channel, "leaderboard", game="peanuts")
    assert "No rated Peanuts games here yet." in text_of(board.response)


async def test_a_challenge_shows_both_ratings(room, simcord_bot):
    await race_until(room, simcord_bot, turns=8)
    await room.bob.slash(room.channel, "peanuts challenge", friend=room.carol.user)
    shown = text_of(room.channel.last_message)
    guild = simcord_bot.get_channel(room.channel.id).guild.id
    bob = await simcord_bot.service.rating(guild, "peanuts", room.bob.id)
    assert f"Ratings here: <@{room.bob.id}> {bob.ordinal:.1f} \u00b7 <@{room.carol.id}> unrated." in shown


async def test_a_rating_reads_the_same_on_rating_leaderboard_a_challenge_and_a_tournament_sign_up(
    room, simcord_bot, store
):
    """A whole-number rating (5.0) is written one way everywhere it is shown: /rating, /leaderboard, the ratings
    line of a challenge and a tournament's sign-up all say "5.0" (the leaderboard once said "5")."""
    guild = room.channel.guild.id
    options = PENGUIN.resolve_options(None)
    state = PENGUIN.to_dict(PENGUIN.new_state(options, 1, 3))
    new = NewGame("penguin", options, guild, room.channel.id, (room.alice.id,), False, 3, None, state, at=1.0)
    game = await store.create_game(new)
    await store.rate_game(game.id, guild, "peanuts", [RatingChange(new_rating(room.alice.id), 11.0, 2.0)], at=2.0)
    assert (await simcord_bot.service.rating(guild, "peanuts", room.alice.id)).ordinal == 5.0
    alice = f"<@{room.alice.id}>"
    mine = await room.alice.slash(room.channel, "rating", game="peanuts")
    assert "**5.0**" in text_of(mine.response)
    board = await room.carol.slash(room.channel, "leaderboard", game="peanuts")
    assert f"{alice} **5.0**" in text_of(board.response)
    await room.bob.slash(room.channel, "peanuts challenge", friend=room.alice.user)
    assert f"{alice} 5.0." in text_of(room.channel.last_message)
    opened = await room.alice.slash(room.channel, "tournament new", game="peanuts", format="swiss")
    assert not opened.ephemeral
    signup = room.channel.last_message
    join = next(cid for cid in custom_ids_on(signup) if cid.startswith(f"{custom_ids.TOURNAMENT_JOIN}:"))
    await room.alice.click(signup, custom_id=join)
    assert f"{alice} (5.0)" in text_of(table_message(room, signup.id))
