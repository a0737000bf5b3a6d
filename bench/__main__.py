"""``make bench``: every benchmark, one after the other. Prints figures; never fails on time."""

from bench import action, interaction, load, render

for module in (render, action, interaction, load):
    module.main()
    print()
