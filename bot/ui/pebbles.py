"""Pebbles and Nuts in Discord: a table for 2, 3 or 4, each hand in its player's DMs, cards played by buttons.

The public table shows the trick, the last trick, every melded card, hand sizes, the draw pile,
tricks and scores (``render.pebbles``). Each player's hand is a private panel: the picture of the
hand and a button per card, only the legal ones enabled on their turn, plus the melds they may
declare after winning a trick. The same panel is kept in a DM (edited in place) and opened from the
table with **Show my hand**, which is how a player whose DMs are closed plays.
"""

from collections.abc import Sequence
from typing import Any

import discord
from discord import ui

from bot.core.service import Table
from bot.i18n import N_, Words
from bot.ui.controls import SeatButton, button
from bot.ui.describing import ended, happened, lines, listed
from bot.ui.kind import KindUI, view_as
from bot.ui.picture_words import pebbles_labels
from games.base import Seat
from games.cards import Card
from games.pebbles import Declare, Pass, PebblesView, Phase, Play, marked_card
from render import pebbles as picture
from render.labels import DeckStyle

HELP = N_("""\
**Pebbles and Nuts** (2, 3 or 4 players; 4 play as partners sitting across): a trick-taking game by \
Howard Fosdick with 32 cards (A 10 K Q J 9 8 7; a third player adds an 8♥). Hearts are trumps; follow \
suit if you can; when a heart is led, the A♠ may be played at will and beats every heart. After each \
trick everyone draws a card, then the winner may declare one meld: a marriage (K and Q of a suit, 15; \
of spades, 20) or a ménage (the jack added to a marriage already on the table, 10). At the end of a \
deal the won cards count: A, K, Q and 8♥ score, spades lose. First to 70 (50 for three, 130 for two \
decks) wins; ties play on.
`/pebbles new [players] [decks] [declare] [ai]` open a table here (Join, Add AI at easy, normal or hard, Start) · \
`/pebbles challenge @a [@b] [@c]` invite people · `/pebbles resign` give up · \
`/pebbles timer seconds` (server managers) how long a turn lasts
Your hand comes by DM (or press *Show my hand* on the table): press a card to play it, a *Declare* \
button to meld after winning a trick, *Pass* to lead without melding. A turn lasts two minutes (or what the \
server set); then the bot plays your lowest card, and after three missed turns the AI keeps your seat until you \
press *I'm back*.""")

CARDS_PER_ROW = 5


def _name(words: Words, table: Table, seat: Seat) -> str:
    player = table.seats[seat]
    if player.ai:
        return words("the AI")
    return f"<@{player.user_id}>" if player.user_id else words("seat {number}", number=seat + 1)


def status(words: Words, table: Table) -> str:
    """Deal, scores against the target, and whose turn it is."""
    view = view_as(table.public, PebblesView)
    sides = "/".join(words.number(score) for score in view.scores)
    line = words(
        "Deal {deal} \u00b7 scores {scores} (target {target}) \u00b7 {pile} to draw",
        deal=view.deal_no + 1,
        scores=sides,
        target=words.number(view.target),
        pile=words.number(view.pile_size),
    )
    if table.turn is not None:
        return words("{status} \u00b7 turn: seat {seat}", status=line, seat=table.turn + 1)
    return line


def panel(words: Words, table: Table, seat: Seat) -> list[ui.Item[Any]]:
    """A button per card in the hand (legal ones enabled), then the melds the seat may declare, then Pass."""
    view = view_as(table.views[seat], PebblesView)
    legal = table.legal.get(seat, ())
    playable = {action.card: action for action in legal if isinstance(action, Play)}
    items: list[ui.Item[Any]] = []
    for index, card in enumerate(view.hand):
        action = playable.get(card)
        items.append(
            button(
                SeatButton,
                table,
                words.phrase((action or Play(card, view.decks)).phrase),
                code=Play(card).code,
                style=discord.ButtonStyle.primary if action else discord.ButtonStyle.secondary,
                row=index // CARDS_PER_ROW,
                disabled=action is None,
            )
        )
    extras = [action for action in legal if isinstance(action, Declare | Pass)]
    for extra in extras[:5]:
        style = discord.ButtonStyle.success if isinstance(extra, Declare) else discord.ButtonStyle.secondary
        items.append(button(SeatButton, table, words.phrase(extra.phrase), code=extra.code, style=style, row=3))
    return items


def panel_status(words: Words, table: Table, seat: Seat) -> str:
    view = view_as(table.views[seat], PebblesView)
    if table.turn == seat:
        if any(isinstance(action, Declare) for action in table.legal.get(seat, ())):
            return words("You won the trick: declare a meld, or lead a card.")
        return words("**Your turn**: play a card.")
    if table.turn is None:
        return words.plural("{n} card in your hand.", "{n} cards in your hand.", len(view.hand))
    waiting_for = _name(words, table, table.turn)
    return words.plural(
        "{n} card in your hand. Waiting for {player}.",
        "{n} cards in your hand. Waiting for {player}.",
        len(view.hand),
        player=waiting_for,
    )


def render_table(words: Words, table: Table, names: Sequence[str], deck: DeckStyle) -> bytes:
    return picture.render_table(view_as(table.public, PebblesView), names, pebbles_labels(words, deck))


def render_hand(words: Words, table: Table, seat: Seat, deck: DeckStyle) -> bytes:
    playable = [action.card for action in table.legal.get(seat, ()) if isinstance(action, Play)]
    view = view_as(table.views[seat], PebblesView)
    return picture.render_hand(view, playable=playable, labels=pebbles_labels(words, deck))


def lobby_note(words: Words, table: Table) -> str:
    if len(table.seats) == 4:
        return words("Partners sit across: seats 1 and 3 play against seats 2 and 4.")
    return words("A table for {count}: everyone plays for themselves.", count=len(table.seats))


def _card(words: Words, card: Card, decks: int) -> str:
    """A card as the buttons name it; with two decks, marked by its deck ("K♦ (1)")."""
    marked = marked_card(card, decks)
    return words.card(marked) if isinstance(marked, Card) else words.phrase(marked)


def _cards(words: Words, shown: Sequence[Card], decks: int) -> str:
    return " ".join(_card(words, card, decks) for card in shown) if shown else words("none")


def _seat_name(words: Words, names: Sequence[str], seat: Seat) -> str:
    return names[seat] if seat < len(names) else words("Player {number}", number=seat + 1)


def _played(words: Words, view: PebblesView, names: Sequence[str], trick: Sequence[tuple[Seat, Card]]) -> str:
    return listed(
        words,
        (
            words("{player} {card}", player=_seat_name(words, names, seat), card=_card(words, card, view.decks))
            for seat, card in trick
        ),
    )


def _to_act(words: Words, view: PebblesView, names: Sequence[str]) -> str:
    """Whose turn it is, and what they are to do."""
    if view.turn is None:
        return ""
    player = _seat_name(words, names, view.turn)
    if view.phase is Phase.PARTNER or view.may_declare:
        return words("{player} won the trick: may declare a meld, then leads.", player=player)
    if not view.trick:
        return words("{player} leads.", player=player)
    return words("{player} plays.", player=player)


def describe(words: Words, table: Table, names: Sequence[str]) -> str:
    """The table in words, from the public view alone: whose turn, the scores by side, the deal, the trick on
    the table and the last one, each player's hand size, tricks and melded cards, and what just happened."""
    view = view_as(table.public, PebblesView)
    sides = listed(
        words,
        (
            words(
                "{players} {score}",
                players=" & ".join(
                    _seat_name(words, names, seat) for seat in range(view.seats) if view.sides[seat] == side
                ),
                score=words.number(score),
            )
            for side, score in enumerate(view.scores)
        ),
    )
    players = []
    for seat in range(view.seats):
        player, melded = _seat_name(words, names, seat), _cards(words, view.melded[seat], view.decks)
        players.append(
            words.plural(
                "{player}: {n} card in hand, tricks: {tricks}, melded: {melded}",
                "{player}: {n} cards in hand, tricks: {tricks}, melded: {melded}",
                view.hand_sizes[seat],
                player=player,
                tricks=words.number(view.tricks_won[seat]),
                melded=melded,
            )
        )
    last = ""
    if view.last_trick and view.last_winner is not None:
        last = words(
            "Last trick, won by {player}: {cards}",
            player=_seat_name(words, names, view.last_winner),
            cards=_played(words, view, names, view.last_trick),
        )
    return lines(
        ended(words, view.outcome) or _to_act(words, view, names),
        words("Scores, first to {target}: {sides}", target=words.number(view.target), sides=sides),
        words(
            "Deal {deal}, hearts trump, {pile} cards to draw.",
            deal=view.deal_no + 1,
            pile=words.number(view.pile_size),
        ),
        words("On the table: {cards}", cards=_played(words, view, names, view.trick)) if view.trick else "",
        last,
        *players,
        happened(words, table),
    )


def describe_hand(words: Words, table: Table, seat: Seat) -> str:
    """A player's hand in words, from their own view: the cards (the one just drawn and the melded ones said),
    and which may be played now."""
    view = view_as(table.views[seat], PebblesView)
    legal = table.legal.get(seat, ())
    playable = [action.card for action in legal if isinstance(action, Play)]
    hand = _cards(words, view.hand, view.decks)
    return lines(
        words.plural("Your hand, {n} card: {cards}", "Your hand, {n} cards: {cards}", len(view.hand), cards=hand),
        words("You may play: {cards}", cards=_cards(words, playable, view.decks)) if playable else "",
        words("Just drawn: {card}", card=_card(words, view.drawn, view.decks)) if view.drawn is not None else "",
        words("Melded, on show: {cards}", cards=_cards(words, view.melded[seat], view.decks))
        if view.melded[seat]
        else "",
    )


KIND = KindUI(
    colour=discord.Colour.from_rgb(121, 96, 74),
    key="pebbles",
    help=HELP,
    blurb=N_("Pebbles and Nuts, a trick-taking game for 2, 3 or 4"),
    status=status,
    controls=lambda words, table, picked: [],
    render=render_table,
    describe=describe,
    panel=panel,
    panel_status=panel_status,
    render_private=render_hand,
    describe_private=describe_hand,
    hand_in_dm=True,
    panel_label=N_("Show my hand"),
    lobby_note=lobby_note,
)
