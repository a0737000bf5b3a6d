"""A person's own choices for what peapod shows them (``/settings``): the deck their pictures are drawn in, and
whether their private views are pictures or text. Stored per user, the same in every server and in DMs."""

from bot.store import Store, UserSettings

DECKS = ("standard", "four-colour")
"""The decks a person may choose: red and black, or four colours (a colour a suit)."""


class PersonalSettings:
    """The people's ``/settings`` choices, over the store."""

    def __init__(self, *, store: Store) -> None:
        self._store = store

    async def user_settings(self, user_id: int) -> UserSettings:
        """A person's choices (the defaults, a standard deck and pictures on, until they choose)."""
        return await self._store.user_settings(user_id)

    async def choose_deck(self, user_id: int, deck: str) -> None:
        """A person's ``/settings deck:`` choice, one of :data:`DECKS`."""
        if deck not in DECKS:
            raise ValueError(f"no deck called {deck!r}")
        await self._store.set_user_deck(user_id, deck)

    async def choose_pictures(self, user_id: int, pictures: bool) -> None:
        """A person's ``/settings pictures:`` choice (on: pictures; off: their private views as text)."""
        await self._store.set_user_pictures(user_id, pictures)
