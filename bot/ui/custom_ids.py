"""The grammar of every custom id the bot puts on a component (the one place it is written down).

One template per control (:mod:`bot.ui.controls` has the class of each)::

    pa:<game>:<version>:<code>    ActionButton     play the action ``code``
    pk:<game>:<version>           PickSelect       choose a card to move; the value is its place
    pt:<game>:<version>           TargetSelect     choose among many moves; the value is an action code
    pu:<game>:<version>           UndoButton
    ph:<game>:<version>           HintButton
    pr:<game>:<version>           ResignButton     asks first
    px:<game>:<version>           ConfirmResignButton
    pm:<game>:<version>           PanelButton      open my own controls (privately)
    po:<game>:<version>:<code>    SeatButton       play ``code`` for the clicker's own seat, from a panel
    pj / pl / pi / pg / pc        Join, Leave, Add AI, Start, Cancel a table that is taking seats
    pv / pd                       Accept, Decline an invitation to a table
    pb:<game>:<version>           BackButton       take one's seat back from the AI
    pz:<game>:<version>           NewGameButton    deal the same one-player game again
    pn:<game>:<version>           RematchButton    open the same table again, the others invited
    pw:<game>:<version>           ClaimButton      end the game as it stands when the others are idle
    py:<game>:<version>           ReplayButton     open a private replay of the game (from a table or a history)
    pq:<game>:<step>:<code>       ReplayStepButton show step ``step`` of a replay (``code``: first, back, next, last)
    tj / tl / tg / tc:<tournament>:0   Join, Leave, Start now, Cancel a tournament's sign-up
    tp / tr:<tournament>:0        Pause, Return: an arena player stops being paired, or comes back

``version`` is the table version the control was drawn for: a click on an older table is refused
(and the table redrawn) rather than applied to a position the player did not see. Nothing else is
needed to act, so every control keeps working after a restart. Templates are exact: a game id has
1 to 12 digits and no leading zero, a version 1 to 9 digits, an action code 1 to 60 characters of
a small alphabet, and nothing may follow (not even a newline). Custom ids are at most 100 characters.

Before this grammar, table buttons were ``pp:<game>:<version>:<code>`` and selects
``ps:<game>:<version>:<step>`` (:data:`LEGACY_TEMPLATE`). Those ids are answered with "this table was
redrawn" and a redraw of their table, rather than mapped onto the new controls: a click on a
table drawn by an older bot then always ends on a table whose every control is current.
"""

GAME = r"(?P<game>[1-9][0-9]{0,11})"
VERSION = r"(?P<version>0|[1-9][0-9]{0,8})"
CODE = r"(?P<code>[A-Za-z0-9>:.+_-]{1,60})"
TABLE = rf"{GAME}:{VERSION}"

ACTION = "pa"
PICK = "pk"
TARGET = "pt"
UNDO = "pu"
HINT = "ph"
RESIGN = "pr"
CONFIRM_RESIGN = "px"
PANEL = "pm"
SEAT = "po"
JOIN = "pj"
LEAVE = "pl"
ADD_AI = "pi"
START = "pg"
CANCEL = "pc"
ACCEPT = "pv"
DECLINE = "pd"
BACK = "pb"
NEW_GAME = "pz"
REMATCH = "pn"
CLAIM = "pw"
REPLAY = "py"
REPLAY_STEP = "pq"
LIVE = "pf"
TOURNAMENT_JOIN = "tj"
TOURNAMENT_LEAVE = "tl"
TOURNAMENT_START = "tg"
TOURNAMENT_CANCEL = "tc"
TOURNAMENT_PAUSE = "tp"
TOURNAMENT_RETURN = "tr"

LEGACY_TEMPLATE = r"p[ps]:(?P<game>[1-9][0-9]{0,11}):(?:0|[1-9][0-9]{0,8}):[A-Za-z0-9>:.+_!?-]{1,70}"
"""The custom ids of the bot before one class per control (see the module docstring)."""

MAX_LENGTH = 100


def template(prefix: str, *, code: bool = False) -> str:
    """The template of a control: its prefix, the table it belongs to, and an action code if it carries one."""
    return rf"{prefix}:{TABLE}" + (rf":{CODE}" if code else "")


def table_id(prefix: str, game_id: int, version: int, code: str | None = None) -> str:
    """A control's custom id. Raises ValueError if it would exceed Discord's 100 characters."""
    custom_id = f"{prefix}:{game_id}:{version}" + (f":{code}" if code is not None else "")
    if len(custom_id) > MAX_LENGTH:
        raise ValueError(f"custom id too long: {custom_id!r}")
    return custom_id
