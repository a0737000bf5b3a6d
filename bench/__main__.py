"""``make bench``: every benchmark, one after the other. Prints figures; never fails on time."""

from bench import action, interaction, load, pebbles, render

for module in (render, action, interaction, pebbles, load):
    module.main()
    print()
