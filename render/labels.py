"""Every word a picture draws, one frozen labels object per picture kind, English by default; and the deck
style its cards are drawn in (:class:`DeckStyle`), the reader's choice carried by the same object.

render/ never chooses a language: the bot fills these objects from its message catalog and hands them
to the render functions (``labels=``), which draw exactly these strings. A string field is drawn as it
is or, when it has named placeholders (``"Deal {n}"``), formatted by the picture with ``str.format``.
A :data:`Counted` field words a count with the right plural form for the language (``3 tricks``); the
English defaults are :class:`Plural` values, the bot gives a function of its catalog's plural rules.

Card indices (``A``, ``10``, ``K``) and suit symbols are not words: the card faces keep them, so the
rank names on empty places and in rule lines stay as the cards print them.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

Counted = Callable[[int], str]
"""A count worded with its plural form, e.g. ``3 -> "3 tricks"``."""


class DeckStyle(Enum):
    """How a picture colours the suits: red and black, or four colours (spades black, hearts red, diamonds
    blue, clubs green) for a reader who finds red and black hard to tell apart. Suits keep their shapes in
    both: colour is never the only difference."""

    STANDARD = "standard"
    FOUR_COLOUR = "four-colour"


@dataclass(frozen=True)
class Plural:
    """English plurals: ``one`` for 1, ``other`` for every other count (each may hold ``{n}``)."""

    one: str
    other: str

    def __call__(self, n: int) -> str:
        return (self.one if n == 1 else self.other).format(n=n)


@dataclass(frozen=True)
class ResultLabels:
    """The badge of a finished solitaire: won, resigned, or how this game is lost."""

    won: str = "Won!"
    resigned: str = "Resigned"
    lost: str = "No moves left"


@dataclass(frozen=True)
class PeanutsLabels:
    """The Peanuts table."""

    deck: DeckStyle = DeckStyle.STANDARD
    """How the cards' suits are coloured."""

    player: str = "Player {n}"
    score: str = "score {n}"
    breakdown: str = "{played} played \u2212 {left} left"
    stuck: str = "stuck"
    wins: str = "Wins!"
    draw: str = "Draw"
    resigned: str = "Resigned"
    peanut: str = "peanut {n}"
    stock: str = "stock"
    waste: str = "waste {n}"


@dataclass(frozen=True)
class PebblesLabels:
    """The Pebbles and Nuts table and a player's hand."""

    deck: DeckStyle = DeckStyle.STANDARD
    """How the cards' suits are coloured."""

    player: str = "Player {n}"
    deal: str = "Deal {n}"
    trumps: str = "Hearts trump"
    draw_pile: str = "Draw pile: {n}"
    wins_game: str = "wins the game!"
    win_game: str = "win the game!"
    wins_resignation: str = "wins: a resignation"
    win_resignation: str = "win: a resignation"
    may_declare: str = "may declare a meld"
    may_meld: str = "may meld, then leads"
    plays: str = "plays"
    leads: str = "leads"
    last_trick: str = "Last trick"
    won_by: str = "won by {name}"
    deal_scored: str = "Deal {n} scored"
    melds_heading: str = "melds"
    cards_heading: str = "cards"
    total_heading: str = "total"
    tricks_heading: str = "tricks"
    scores: str = "Scores, first to {n}"
    no_cards: str = "no cards"
    tricks: Counted = Plural("{n} trick", "{n} tricks")
    melds: str = "melds {n}"
    dealer: str = "D"
    legend: tuple[str, ...] = (
        "Trick order: A 10 K Q J 9 8 7",
        "A\u2660 beats hearts when a heart is led",
        "Marriage K+Q 15, spades 20; m\u00e9nage J +10",
    )
    your_hand: Counted = Plural("Your hand \u00b7 {n} card", "Your hand \u00b7 {n} cards")
    hand_empty: str = "No cards"
    melded: str = "melded"
    new: str = "new"


@dataclass(frozen=True)
class PenguinLabels:
    """The Penguin table."""

    deck: DeckStyle = DeckStyle.STANDARD
    """How the cards' suits are coloured."""

    title: str = "Penguin"
    moves: str = "Moves {n}"
    score: str = "Score {n}/52"
    beak: str = "Beak {card}"
    builds: str = "builds {first} up to {last}"
    empty_column: str = "empty column: {rank}"
    result: ResultLabels = field(default_factory=ResultLabels)


@dataclass(frozen=True)
class PeekLabels:
    """The Peek table."""

    deck: DeckStyle = DeckStyle.STANDARD
    """How the cards' suits are coloured."""

    title: str = "Peek"
    foundation: str = "F{n}"
    status: str = "Moves {moves}  \u00b7  Score {score}/52"
    three_cards: str = "3 cards a turn"
    one_card: str = "1 card a turn"
    unlimited: str = "unlimited redeals"
    redeals: Counted = Plural("{n} redeal left", "{n} redeals left")
    base: str = "Base {card}: foundation F1 takes every {suit},"
    starts: str = "F2\u2013F4 each start with a {rank}"
    starts_vowel: str = "F2\u2013F4 each start with an {rank}"
    """The same line before a rank said with a vowel first (A and 8 in English)."""
    rule: tuple[str, ...] = ("A card goes home where the foundation", "to its left already holds its rank")
    stock: str = "stock: {n}"
    waste: str = "waste: {n}"
    result: ResultLabels = field(default_factory=lambda: ResultLabels(lost="Game over"))


@dataclass(frozen=True)
class TriplePeaksLabels:
    """The Triple Peaks table."""

    deck: DeckStyle = DeckStyle.STANDARD
    """How the cards' suits are coloured."""

    title: str = "Triple Peaks"
    score: str = "Score {n}"
    moves: str = "Moves {n}"
    peaks: str = "Peaks {n}/3"
    round: str = "Round {n}"
    multiplier: str = "Multiplier: a run scores 1, 2, 4, 8 \u2026; the stock is free"
    plain: str = "A run scores 1, 2, 3 \u2026; a stock card costs 5"
    stock: str = "stock \u00b7 {n}"
    waste: str = "waste"
    run: str = "run of {n}"
    next_card: str = "next card +{n}"
    set_aside: Counted = Plural("{n} older card set aside", "{n} older cards set aside")
    result: ResultLabels = field(default_factory=ResultLabels)


ENGLISH_PEANUTS = PeanutsLabels()
ENGLISH_PEBBLES = PebblesLabels()
ENGLISH_PENGUIN = PenguinLabels()
ENGLISH_PEEK = PeekLabels()
ENGLISH_TRIPLEPEAKS = TriplePeaksLabels()
