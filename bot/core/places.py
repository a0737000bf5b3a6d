"""Where a game is played (:class:`Place`): a fact of the table, like its channel.

peapod can be installed to a server (it is then a member there: it posts, opens threads, sends DMs) or to a
person (it then answers that person wherever they are, but only through the interactions they start). Which
of the two made an interaction possible, and what kind of chat it came from, decide how a table is shown
(the presenter's delivery), which chat its ratings and boards belong to, and which commands work there.
"""

from enum import StrEnum

TOKEN_MARGIN = 60.0
"""Seconds before Discord's 15 minutes at which a kept interaction token is no longer used (a redraw queued
just before the end, or a slow render, must never land on an expired token)."""
UNSHARED_SETTING = "unshared"
"""A table's setting: Discord showed it to its player alone where it was dealt (a server that turned **Use
External Apps** off, where peapod is only installed to people), so nobody else there can see or join it."""


class Place(StrEnum):
    """The kinds of chat a command can come from, with whether peapod is a member there."""

    SERVER = "server"
    """A server peapod was added to."""
    SERVER_APP = "server_app"
    """A server peapod was not added to, where someone who installed it to themselves uses it."""
    BOT_DM = "bot_dm"
    """A person's DM with peapod itself."""
    DM = "dm"
    """A DM between two people, one of whom installed peapod to themselves."""
    GROUP_DM = "group_dm"
    """A group DM, where someone who installed peapod to themselves uses it."""

    @property
    def member(self) -> bool:
        """Whether peapod is a member of the chat: it may post, open threads and DM the people there."""
        return self in (Place.SERVER, Place.BOT_DM)

    @property
    def in_server(self) -> bool:
        return self in (Place.SERVER, Place.SERVER_APP)

    def scope(self, guild_id: int | None, channel_id: int | None) -> int | None:
        """The id ratings and the leaderboard are kept under: the server where peapod is a member, and
        everywhere else the chat itself (ids of servers and channels never collide: both are snowflakes).

        A server where peapod is only installed to people is scoped to its channel, as a group DM is, not to
        the server: the server never added peapod, so no board speaks for all of it (the server's leaderboard
        is one of the per-server things that stay where peapod is a member), while the people who play each
        other in that channel still see who is best among them with ``/leaderboard`` there. Should the server
        add peapod later, its board starts from the games played since, which its admins chose to have.
        """
        if self is Place.SERVER:
            return guild_id
        return channel_id
