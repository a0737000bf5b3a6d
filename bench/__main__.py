"""``make bench``: every benchmark, one after the other. Prints figures; never fails on time."""

from bench import (
    action,
    history,
    i18n,
    i18n_render,
    interaction,
    load,
    pebbles,
    race,
    render,
    resilience,
    store,
    tournament,
)

for module in (
    render,
    i18n_render,
    action,
    store,
    history,
    interaction,
    pebbles,
    race,
    load,
    tournament,
    i18n,
    resilience,
):
    module.main()
    print()
