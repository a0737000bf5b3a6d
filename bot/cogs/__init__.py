"""Thin discord.py adapters: read options or custom ids, make one core call, reply."""
