"""Peanuts, two-player racing double solitaire (RULES.md §1, real-time play §7.1).

Each player has a deck of their own (seat 0 plays deck 0, seat 1 deck 1, so every card carries
its owner) and lays out 7 face-up tableau columns, a 21-card *peanut pile* whose top card is face
up, and a 24-card stock (§1.1). Both players act whenever they like: ``current_seat`` is always
``None``. The shared middle holds up to 8 *building piles*, one per ace, built up in suit.

Legal moves of a player (§1.3): the top card of the peanut pile, the waste or a column to a
building pile whose top is the same suit and one rank lower, or an ace to a new pile; the peanut
top or waste top onto one of the player's own columns (one rank lower, opposite colour, §1.8
A4/A5); any alternating descending tail onto another own column (A2); turning up to three stock
cards; turning the waste over when the stock is empty (unlimited, A7); saying "stuck". An emptied
column is refilled at once by the peanut top and by nothing else (§1.4, A3). The deal ends the
moment a peanut pile is empty ("Peanuts!", A8), or when both players are *blocked* (§1.5, A9):
with the building piles frozen, no sequence of the player's own moves reaches a building play or
an empty peanut pile. That exact check (:func:`search`, over every reachable position, with a
state cap, §7.1) runs after every recycle and when both players have said "stuck"; a player who
still has a play is told so privately and gets the flag back. A search that hits its cap proves
nothing: that player hears only that the stall is not proven yet. With the ``nerts_rescue``
option the first stall is broken instead (A9 (c)): every player turns the waste under the stock
and moves the top stock card to the bottom. A second stall in a row, with no building play in
between, ends the deal. Every deal ends (A9, rule (d)'s "right around the deck twice"): once both
players have been stuck at the same time, the deal ends as a stalemate when each has since turned
the waste over twice (or has no stock and waste left) with no building play by either player,
whatever the search says; a player who is told of a play left keeps counting laps.

Score (§1.6): own cards in the building piles minus cards left in the own peanut pile. High score
wins; a tie goes to the player who emptied the peanut pile, else it is a draw (A10). A player may
also claim the end when the other is idle (``GAME.claim``, §7.1 AFK; the bot keeps the clock):
the deal ends scored as it stands, with ``EndReason.TIMED_OUT``.

Actions name the card they move and the top card they expect at the target (§7.1), so a click
made on a stale view is refused ("pile moved on") rather than landing elsewhere. Codes:
``"p.5H>b3.4H1"`` (peanut top 5♥ onto pile 3, which shows 4♥ of deck 1), ``"w.AS1>b+"`` (an
ace to a new pile), ``"c2.9H>c5.TS"`` (the tail of column 2 from 9♥ onto column 5 showing 10♠),
``"t"`` (turn the stock), ``"r"`` (turn the waste over), ``"stuck"``, ``"unstuck"``, ``"pass"``.

Turn-based mode (option ``turns``, §7.1 "Fairness/latency"): ``current_seat`` is the seat to act
(seat 0 starts) and only that seat has legal actions. A turn is any number of own moves; turning
the stock ends it (once the cards are turned), and so does ``"pass"``, which is legal only in this
mode. Turning the waste over does not end the turn. A pass also says "stuck" for the player
(passing is "I have nothing more to do"): when both players are stuck, the stall check runs as in
real-time play, and while the stall watch runs a pass counts like going round the stock, so two
players who only pass end the deal too (after two passes each once both were stuck).

Piles are stored bottom first: the last card of a column, the peanut pile, the stock or the
waste is its top. Building piles are numbered from 1 in order of creation.

The package has three levels, each importing only the ones before it: :mod:`.layout` (one
player's cards and own moves), :mod:`.blocked` (the blocked check) and :mod:`.rules` (the deal,
building plays, the stall check, views, snapshots and the game object).
"""

from games.peanuts.blocked import SEARCH_CAP, BlockedCheck, Search, search
from games.peanuts.layout import (
    COLUMNS,
    NEW_PILE,
    PASS,
    PASS_CODE,
    PEANUT,
    RECYCLE,
    RECYCLE_CODE,
    STUCK_CODE,
    TURN,
    TURN_CODE,
    TURN_SIZE,
    UNSTUCK_CODE,
    WASTE,
    Layout,
    Move,
    Pass,
    PeanutsAction,
    Recycle,
    Stuck,
    Turn,
    own_moves,
    recycle,
    rescue,
    run_length,
    step,
    turn_stock,
)
from games.peanuts.rules import (
    CANNOT_PROVE,
    DECK_SIZE,
    GAME,
    LAPS,
    MAX_PILES,
    PEANUT_SIZE,
    SEATS,
    STILL_A_PLAY,
    STOCK_SIZE,
    WENT_ROUND,
    LayoutView,
    Peanuts,
    PeanutsState,
    PeanutsView,
    check_state,
    deal,
    is_over,
    legal_moves,
    public_cards,
    score,
    went_round,
)

__all__ = [
    "CANNOT_PROVE",
    "COLUMNS",
    "DECK_SIZE",
    "GAME",
    "LAPS",
    "MAX_PILES",
    "NEW_PILE",
    "PASS",
    "PASS_CODE",
    "PEANUT",
    "PEANUT_SIZE",
    "RECYCLE",
    "RECYCLE_CODE",
    "SEARCH_CAP",
    "SEATS",
    "STILL_A_PLAY",
    "STOCK_SIZE",
    "STUCK_CODE",
    "TURN",
    "TURN_CODE",
    "TURN_SIZE",
    "UNSTUCK_CODE",
    "WASTE",
    "WENT_ROUND",
    "BlockedCheck",
    "Layout",
    "LayoutView",
    "Move",
    "Pass",
    "Peanuts",
    "PeanutsAction",
    "PeanutsState",
    "PeanutsView",
    "Recycle",
    "Search",
    "Stuck",
    "Turn",
    "check_state",
    "deal",
    "is_over",
    "legal_moves",
    "own_moves",
    "public_cards",
    "recycle",
    "rescue",
    "run_length",
    "score",
    "search",
    "step",
    "turn_stock",
    "went_round",
]
