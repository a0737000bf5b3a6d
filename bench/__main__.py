"""``make bench``: every benchmark, one after the other. Prints figures; never fails on time."""

from bench import action, history, i18n, interaction, load, pebbles, race, render, store, tournament

for module in (render, action, store, history, interaction, pebbles, race, load, tournament, i18n):
    module.main()
    print()
