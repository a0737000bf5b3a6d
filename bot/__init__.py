"""peapod's Discord bot: the table service (``bot.core``), its database (``bot.store``) and the thin
discord.py layer on top (``bot.cogs``, ``bot.ui``). See ARCHITECTURE.md for the direction of the arrows."""
