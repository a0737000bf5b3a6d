"""The grammar of every custom id the bot puts on a component (the one place it is written down).

    pp:<game id>:<version>:<action code>    a button that plays a game action
    pp:<game id>:<version>:!<command>       a table command button: !undo, !hint, !resign, !resign?
    ps:<game id>:<version>:<step>           a select menu; <step> names what it chooses (pick, to)

``version`` is the state version the component was drawn for: a click on an older table is refused
as stale rather than applied to a position the player did not see. Nothing else is needed to act,
so every component keeps working after a restart. Custom ids are at most 100 characters.
"""

import re
from dataclasses import dataclass

BUTTON_PREFIX = "pp"
SELECT_PREFIX = "ps"
MAX_LENGTH = 100
COMMAND_MARK = "!"

BUTTON_TEMPLATE = rf"{BUTTON_PREFIX}:(?P<rest>.*)"
SELECT_TEMPLATE = rf"{SELECT_PREFIX}:(?P<rest>.*)"
_BODY = re.compile(r"(?P<game>[0-9]{1,19}):(?P<version>[0-9]{1,9}):(?P<code>[A-Za-z0-9>:.+_!?-]{1,70})")
_OURS = re.compile(rf"(?:{BUTTON_PREFIX}|{SELECT_PREFIX}):.*", re.DOTALL)


UNKNOWN_CONTROL = "That control is not one I recognise; use the buttons on the latest table."


class BadCustomIdError(ValueError):
    """A custom id that is not of our grammar (forged, truncated or from an older bot)."""

    def __init__(self) -> None:
        super().__init__(UNKNOWN_CONTROL)


@dataclass(frozen=True, slots=True)
class ComponentId:
    """A parsed custom id."""

    game_id: int
    version: int
    code: str

    @property
    def is_command(self) -> bool:
        return self.code.startswith(COMMAND_MARK)


def button_id(game_id: int, version: int, code: str) -> str:
    """The custom id of a button that plays ``code`` (an action code or ``!command``)."""
    return _build(BUTTON_PREFIX, game_id, version, code)


def select_id(game_id: int, version: int, step: str) -> str:
    """The custom id of a select menu for ``step``."""
    return _build(SELECT_PREFIX, game_id, version, step)


def _build(prefix: str, game_id: int, version: int, code: str) -> str:
    custom_id = f"{prefix}:{game_id}:{version}:{code}"
    parse_body(custom_id.split(":", 1)[1])
    if len(custom_id) > MAX_LENGTH:
        raise ValueError(f"custom id too long: {custom_id!r}")
    return custom_id


def parse_body(body: str) -> ComponentId:
    """Parse what follows the prefix. Raises BadCustomIdError."""
    match = _BODY.fullmatch(body)
    if match is None:
        raise BadCustomIdError()
    return ComponentId(int(match["game"]), int(match["version"]), match["code"])


def is_ours(custom_id: str) -> bool:
    """Whether one of our dynamic items will pick this custom id up."""
    return _OURS.fullmatch(custom_id) is not None
