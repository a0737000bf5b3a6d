"""The words drawn on each picture kind, in one language: render/'s labels objects filled from a :class:`Words`.

render/ never imports bot/, so a picture takes its words as plain strings (:mod:`render.labels`). Each function
here gives one picture kind's labels in ``words``' language, built once per language. Words with numbers stay
templates (``"Deal {n}"``, the placeholder passed through as itself) that the picture fills when it draws;
counted words (``"3 tricks"``) are the language's plural forms, chosen when drawn. Every message is in the
``picture`` context: it is drawn in a box on a picture, so translators keep it short.
"""

from functools import cache

from bot.i18n import Words
from render.labels import PeanutsLabels, PebblesLabels, PeekLabels, PenguinLabels, ResultLabels, TriplePeaksLabels

PICTURE = "picture"
"""The message context of every word drawn on a picture."""
N = "{n}"
"""A number the picture fills in: the placeholder kept as it is."""


def result_labels(words: Words, lost: str) -> ResultLabels:
    """A solitaire's result badge; ``lost`` is how the game is lost, already in ``words``' language."""
    return ResultLabels(won=words.context(PICTURE, "Won!"), resigned=words.context(PICTURE, "Resigned"), lost=lost)


@cache
def peanuts_labels(words: Words) -> PeanutsLabels:
    """The Peanuts table."""
    say = words.context
    return PeanutsLabels(
        player=say(PICTURE, "Player {n}", n=N),
        score=say(PICTURE, "score {n}", n=N),
        breakdown=say(PICTURE, "{played} played \u2212 {left} left", played="{played}", left="{left}"),
        stuck=say(PICTURE, "stuck"),
        wins=say(PICTURE, "Wins!"),
        draw=say(PICTURE, "Draw"),
        resigned=say(PICTURE, "Resigned"),
        peanut=say(PICTURE, "peanut {n}", n=N),
        stock=say(PICTURE, "stock"),
        waste=say(PICTURE, "waste {n}", n=N),
    )


@cache
def pebbles_labels(words: Words) -> PebblesLabels:
    """The Pebbles and Nuts table and a player's hand."""
    say = words.context
    return PebblesLabels(
        player=say(PICTURE, "Player {n}", n=N),
        deal=say(PICTURE, "Deal {n}", n=N),
        trumps=say(PICTURE, "Hearts trump"),
        draw_pile=say(PICTURE, "Draw pile: {n}", n=N),
        wins_game=say(PICTURE, "wins the game!"),
        win_game=say(PICTURE, "win the game!"),
        wins_resignation=say(PICTURE, "wins: a resignation"),
        win_resignation=say(PICTURE, "win: a resignation"),
        may_declare=say(PICTURE, "may declare a meld"),
        may_meld=say(PICTURE, "may meld, then leads"),
        plays=say(PICTURE, "plays"),
        leads=say(PICTURE, "leads"),
        last_trick=say(PICTURE, "Last trick"),
        won_by=say(PICTURE, "won by {name}", name="{name}"),
        deal_scored=say(PICTURE, "Deal {n} scored", n=N),
        melds_heading=say(PICTURE, "melds"),
        cards_heading=say(PICTURE, "cards"),
        total_heading=say(PICTURE, "total"),
        tricks_heading=say(PICTURE, "tricks"),
        scores=say(PICTURE, "Scores, first to {n}", n=N),
        no_cards=say(PICTURE, "no cards"),
        tricks=lambda n: words.plural("{n} trick", "{n} tricks", n),
        melds=say(PICTURE, "melds {n}", n=N),
        dealer=say("dealer tag", "D"),
        legend=(
            say(PICTURE, "Trick order: A 10 K Q J 9 8 7"),
            say(PICTURE, "A\u2660 beats hearts when a heart is led"),
            say(PICTURE, "Marriage K+Q 15, spades 20; m\u00e9nage J +10"),
        ),
        your_hand=lambda n: words.plural("Your hand \u00b7 {n} card", "Your hand \u00b7 {n} cards", n),
        hand_empty=say(PICTURE, "No cards"),
        melded=say(PICTURE, "melded"),
        new=say(PICTURE, "new"),
    )


@cache
def penguin_labels(words: Words) -> PenguinLabels:
    """The Penguin table."""
    say = words.context
    return PenguinLabels(
        title=say(PICTURE, "Penguin"),
        moves=say(PICTURE, "Moves {n}", n=N),
        score=say(PICTURE, "Score {n}/52", n=N),
        beak=say(PICTURE, "Beak {card}", card="{card}"),
        builds=say(PICTURE, "builds {first} up to {last}", first="{first}", last="{last}"),
        empty_column=say(PICTURE, "empty column: {rank}", rank="{rank}"),
        cell=say(PICTURE, "cell {n}", n=N),
        result=result_labels(words, say(PICTURE, "No moves left")),
    )


@cache
def peek_labels(words: Words) -> PeekLabels:
    """The Peek table."""
    say = words.context
    return PeekLabels(
        title=say(PICTURE, "Peek"),
        reserve=say(PICTURE, "reserve {n}", n=N),
        foundation=say(PICTURE, "F{n}", n=N),
        status=say(PICTURE, "Moves {moves}  \u00b7  Score {score}/52", moves="{moves}", score="{score}"),
        three_cards=say(PICTURE, "3 cards a turn"),
        one_card=say(PICTURE, "1 card a turn"),
        unlimited=say(PICTURE, "unlimited redeals"),
        redeals=lambda n: words.plural("{n} redeal left", "{n} redeals left", n),
        base=say(PICTURE, "Base {card}: foundation F1 takes every {suit},", card="{card}", suit="{suit}"),
        starts=say(PICTURE, "F2\u2013F4 each start with a {rank}", rank="{rank}"),
        starts_vowel=say(PICTURE, "F2\u2013F4 each start with an {rank}", rank="{rank}"),
        rule=(
            say(PICTURE, "A card goes home where the foundation"),
            say(PICTURE, "to its left already holds its rank"),
        ),
        stock=say(PICTURE, "stock: {n}", n=N),
        waste=say(PICTURE, "waste: {n}", n=N),
        result=result_labels(words, say(PICTURE, "Game over")),
    )


@cache
def triplepeaks_labels(words: Words) -> TriplePeaksLabels:
    """The Triple Peaks table."""
    say = words.context
    return TriplePeaksLabels(
        title=say(PICTURE, "Triple Peaks"),
        score=say(PICTURE, "Score {n}", n=N),
        moves=say(PICTURE, "Moves {n}", n=N),
        peaks=say(PICTURE, "Peaks {n}/3", n=N),
        round=say(PICTURE, "Round {n}", n=N),
        multiplier=say(PICTURE, "Multiplier: a run scores 1, 2, 4, 8 \u2026; the stock is free"),
        plain=say(PICTURE, "A run scores 1, 2, 3 \u2026; a stock card costs 5"),
        stock=say(PICTURE, "stock \u00b7 {n}", n=N),
        waste=say(PICTURE, "waste"),
        run=say(PICTURE, "run of {n}", n=N),
        next_card=say(PICTURE, "next card +{n}", n=N),
        set_aside=lambda n: words.plural("{n} older card set aside", "{n} older cards set aside", n),
        result=result_labels(words, say(PICTURE, "No moves left")),
    )
