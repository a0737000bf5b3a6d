"""``make play``: the real bot in a local Discord-like page, no token needed.

The same bot as ``python -m bot`` (command tree, buttons, pictures, SQLite database) runs against
SimCord's simulated Discord (:mod:`bot.play.room`). The terminal prints one private local link, to the
launcher's places page (:mod:`bot.play.hub`): choose a player and a place (the channel, a race's
thread, the player's DMs with the bot, a group DM, a server that never added peapod) and SimCord's
Preview opens there (:mod:`bot.play.stage`; the last two are where peapod is only installed to the
players, :mod:`bot.play.places`). In
it you type slash commands, click the bot's buttons, and switch players with **Viewing as**. The
bot writes where it writes on Discord; the page follows. The simulated clock follows the real one
(:mod:`bot.play.clock`), so the AI seats play and deadlines fire as they would on Discord.
"""
