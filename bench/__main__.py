"""``make bench``: every benchmark, one after the other. Prints figures; never fails on time."""

from bench import (
    action,
    changeover,
    history,
    i18n,
    i18n_render,
    interaction,
    live,
    load,
    pebbles,
    race,
    render,
    resilience,
    store,
    tournament,
)

MODULES = (
    render,
    i18n_render,
    action,
    store,
    history,
    interaction,
    pebbles,
    race,
    live,
    load,
    tournament,
    changeover,
    i18n,
    resilience,
)
for module in MODULES:
    module.main()
    print()
