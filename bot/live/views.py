"""A race's view as the live client draws it (docs/live-protocol.md, "Views"), from the engine's views only.

A racer's view is built from ``table.views[seat]`` (with that seat's legal moves), a spectator's from
``table.public``: both are what ``games.peanuts`` lets out of the state, so the stock and the peanut pile
below its top are counts, never cards, and no one but a racer gets a list of moves.
"""

import datetime
from collections.abc import Sequence
from typing import Any

from bot.core.service import Table
from bot.i18n import Words
from bot.live.words import plain
from games.base import Seat
from games.cards import Card
from games.peanuts.layout import Move, PeanutsAction, Recycle, Stuck, Turn
from games.peanuts.rules import LayoutView, PeanutsView

KIND = "peanuts"
"""The game the Activity plays."""


def card(value: Card) -> str:
    """A card for the client: rank, suit and deck digit (``"5H0"``, ``"AS1"``)."""
    return f"{value.code}{value.deck}"


def cards(values: Sequence[Card]) -> list[str]:
    return [card(value) for value in values]


def legal(action: PeanutsAction) -> dict[str, str]:
    """One move the racer may make, with the game's own code (sent back unchanged)."""
    if isinstance(action, Move):
        return {"code": action.code, "from": action.source, "card": card(action.card), "to": action.dest}
    if isinstance(action, Turn):
        kind = "turn"
    elif isinstance(action, Recycle):
        kind = "recycle"
    elif isinstance(action, Stuck):
        kind = "stuck" if action.on else "unstuck"
    else:
        kind = "pass"
    return {"code": action.code, "kind": kind}


def _player(name: str, layout: LayoutView) -> dict[str, Any]:
    return {
        "name": name,
        "tableau": [cards(column) for column in layout.tableau],
        "peanut": {
            "top": card(layout.peanut_top) if layout.peanut_top is not None else None,
            "count": layout.peanut_count,
        },
        "stock": layout.stock_count,
        "waste": {"count": layout.waste_count, "cards": cards(layout.waste)},
        "stuck": layout.stuck,
        "score": layout.score,
    }


def iso(epoch: float) -> str:
    return datetime.datetime.fromtimestamp(epoch, datetime.UTC).isoformat()


def view_message(table: Table, seat: Seat | None, words: Words, names: Sequence[str], now: float) -> dict[str, Any]:
    """The ``view`` frame of ``table`` for ``seat`` (None: a spectator), its outcome worded in ``words``."""
    view = table.views.get(seat) if seat is not None else table.public
    if not isinstance(view, PeanutsView):
        raise TypeError(f"game {table.game_id} is not a Peanuts race")
    outcome = None
    if table.outcome is not None:
        summary = table.outcome.summary
        outcome = {
            "scores": list(table.outcome.scores),
            "winners": list(table.outcome.winners),
            "text": plain(words.phrase(summary)) if summary is not None else "",
        }
    return {
        "type": "view",
        "game": table.game_id,
        "version": table.version,
        "seat": seat,
        "players": [_player(names[index], layout) for index, layout in enumerate(view.players)],
        "piles": [cards(pile) for pile in view.piles],
        "legal": [legal(action) for action in view.legal] if seat is not None and not table.finished else [],
        "turn": view.turn,
        "over": table.finished,
        "outcome": outcome,
        "started_at": iso(table.started_at),
        "now": iso(now),
    }
