"""The words drawn on each picture kind, in one language: render/'s labels objects filled from a :class:`Words`.

render/ never imports bot/, so a picture takes its words as plain strings (:mod:`render.labels`). Each function
here gives one picture kind's labels in ``words``' language and the deck style of the person it is drawn for,
built once per language and style. Words with numbers stay templates (``"Deal {n}"``, the placeholder passed
through as itself) that the picture fills when it draws;
counted words (``"3 tricks"``) are the language's plural forms, chosen when drawn. Every message but the counted
ones is in the ``picture`` context (written out in each call, for the extractor): it is drawn in a box on a
picture, so translators keep it short.
"""

from functools import cache

from bot.i18n import Words
from render.labels import (
    DeckStyle,
    PeanutsLabels,
    PebblesLabels,
    PeekLabels,
    PenguinLabels,
    ResultLabels,
    TriplePeaksLabels,
)

N = "{n}"
"""A number the picture fills in: the placeholder kept as it is."""


def result_labels(words: Words, lost: str) -> ResultLabels:
    """A solitaire's result badge; ``lost`` is how the game is lost, already in ``words``' language."""
    return ResultLabels(won=words.context("picture", "Won!"), resigned=words.context("picture", "Resigned"), lost=lost)


@cache
def peanuts_labels(words: Words, deck: DeckStyle = DeckStyle.STANDARD) -> PeanutsLabels:
    """The Peanuts table."""
    return PeanutsLabels(
        deck=deck,
        player=words.context("picture", "Player {n}", n=N),
        score=words.context("picture", "score {n}", n=N),
        breakdown=words.context("picture", "{played} played \u2212 {left} left", played="{played}", left="{left}"),
        stuck=words.context("picture", "stuck"),
        wins=words.context("picture", "Wins!"),
        draw=words.context("picture", "Draw"),
        resigned=words.context("picture", "Resigned"),
        peanut=words.context("picture", "peanut {n}", n=N),
        stock=words.context("picture", "stock"),
        waste=words.context("picture", "waste {n}", n=N),
    )


@cache
def pebbles_labels(words: Words, deck: DeckStyle = DeckStyle.STANDARD) -> PebblesLabels:
    """The Pebbles and Nuts table and a player's hand."""
    return PebblesLabels(
        deck=deck,
        player=words.context("picture", "Player {n}", n=N),
        deal=words.context("picture", "Deal {n}", n=N),
        trumps=words.context("picture", "Hearts trump"),
        draw_pile=words.context("picture", "Draw pile: {n}", n=N),
        wins_game=words.context("picture", "wins the game!"),
        win_game=words.context("picture", "win the game!"),
        wins_resignation=words.context("picture", "wins: a resignation"),
        win_resignation=words.context("picture", "win: a resignation"),
        may_declare=words.context("picture", "may declare a meld"),
        may_meld=words.context("picture", "may meld, then leads"),
        plays=words.context("picture", "plays"),
        leads=words.context("picture", "leads"),
        last_trick=words.context("picture", "Last trick"),
        won_by=words.context("picture", "won by {name}", name="{name}"),
        deal_scored=words.context("picture", "Deal {n} scored", n=N),
        melds_heading=words.context("picture", "melds"),
        cards_heading=words.context("picture", "cards"),
        total_heading=words.context("picture", "total"),
        tricks_heading=words.context("picture", "tricks"),
        scores=words.context("picture", "Scores, first to {n}", n=N),
        no_cards=words.context("picture", "no cards"),
        tricks=lambda n: words.plural("{n} trick", "{n} tricks", n),
        melds=words.context("picture", "melds {n}", n=N),
        dealer=words.context("dealer tag", "D"),
        legend=(
            words.context("picture", "Trick order: A 10 K Q J 9 8 7"),
            words.context("picture", "A\u2660 beats hearts when a heart is led"),
            words.context("picture", "Marriage K+Q 15, spades 20; m\u00e9nage J +10"),
        ),
        your_hand=lambda n: words.plural("Your hand \u00b7 {n} card", "Your hand \u00b7 {n} cards", n),
        hand_empty=words.context("picture", "No cards"),
        melded=words.context("picture", "melded"),
        new=words.context("picture", "new"),
    )


@cache
def penguin_labels(words: Words, deck: DeckStyle = DeckStyle.STANDARD) -> PenguinLabels:
    """The Penguin table."""
    return PenguinLabels(
        deck=deck,
        title=words.context("picture", "Penguin"),
        moves=words.context("picture", "Moves {n}", n=N),
        score=words.context("picture", "Score {n}/52", n=N),
        beak=words.context("picture", "Beak {card}", card="{card}"),
        builds=words.context("picture", "builds {first} up to {last}", first="{first}", last="{last}"),
        empty_column=words.context("picture", "empty column: {rank}", rank="{rank}"),
        result=result_labels(words, words.context("picture", "No moves left")),
    )


@cache
def peek_labels(words: Words, deck: DeckStyle = DeckStyle.STANDARD) -> PeekLabels:
    """The Peek table."""
    return PeekLabels(
        deck=deck,
        title=words.context("picture", "Peek"),
        foundation=words.context("picture", "F{n}", n=N),
        status=words.context("picture", "Moves {moves}  \u00b7  Score {score}/52", moves="{moves}", score="{score}"),
        three_cards=words.context("picture", "3 cards a turn"),
        one_card=words.context("picture", "1 card a turn"),
        unlimited=words.context("picture", "unlimited redeals"),
        redeals=lambda n: words.plural("{n} redeal left", "{n} redeals left", n),
        base=words.context("picture", "Base {card}: foundation F1 takes every {suit},", card="{card}", suit="{suit}"),
        starts=words.context("picture", "F2\u2013F4 each start with a {rank}", rank="{rank}"),
        starts_vowel=words.context("picture", "F2\u2013F4 each start with an {rank}", rank="{rank}"),
        rule=(
            words.context("picture", "A card goes home where the foundation"),
            words.context("picture", "to its left already holds its rank"),
        ),
        stock=words.context("picture", "stock: {n}", n=N),
        waste=words.context("picture", "waste: {n}", n=N),
        result=result_labels(words, words.context("picture", "Game over")),
    )


@cache
def triplepeaks_labels(words: Words, deck: DeckStyle = DeckStyle.STANDARD) -> TriplePeaksLabels:
    """The Triple Peaks table."""
    return TriplePeaksLabels(
        deck=deck,
        title=words.context("picture", "Triple Peaks"),
        score=words.context("picture", "Score {n}", n=N),
        moves=words.context("picture", "Moves {n}", n=N),
        peaks=words.context("picture", "Peaks {n}/3", n=N),
        round=words.context("picture", "Round {n}", n=N),
        multiplier=words.context("picture", "Multiplier: a run scores 1, 2, 4, 8 \u2026; the stock is free"),
        plain=words.context("picture", "A run scores 1, 2, 3 \u2026; a stock card costs 5"),
        stock=words.context("picture", "stock \u00b7 {n}", n=N),
        waste=words.context("picture", "waste"),
        run=words.context("picture", "run of {n}", n=N),
        next_card=words.context("picture", "next card +{n}", n=N),
        set_aside=lambda n: words.plural("{n} older card set aside", "{n} older cards set aside", n),
        result=result_labels(words, words.context("picture", "No moves left")),
    )
