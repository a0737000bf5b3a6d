"""The Discord-free table service: seats, turns, undo, resignations, results and scoreboards.

``bot.core.service.TableService`` is the API the Discord layer calls; it returns
``bot.core.service.Table`` values (views only, never raw game states) and raises the sentences in
``bot.core.errors``. It never imports discord.
"""
