"""The words of Peek (``games.peek`` and its hints)."""

from bot.words.templates import Article, Plural, Template

TEMPLATES: dict[str, Template] = {
    "peek.play": "{what} \u2192 foundation",
    "peek.play.home": "{what} \u2192 foundation {foundation}",
    "peek.play.starts": "{what} starts foundation {foundation}",
    "peek.draw": Plural("Turn {count} card", "Turn {count} cards"),
    "peek.draw.ends_game": Plural(
        "Turn {count} card (nothing could go home again: ends the game)",
        "Turn {count} cards (nothing could go home again: ends the game)",
    ),
    "peek.redeal": "Turn the waste over",
    "peek.waste": "the waste",
    "peek.reserve": "reserve {reserve}",
    "peek.went_home": "{card} went to foundation {foundation}.",
    "peek.started": "{card} started foundation {foundation}.",
    "peek.turned": "You turned {cards}.",
    "peek.turned_over": "You turned the waste over.",
    "peek.turned_over.redeals_left": Plural(
        "You turned the waste over: {count} redeal left.", "You turned the waste over: {count} redeals left."
    ),
    "peek.waste_empty": "The waste is empty.",
    "peek.reserve_empty": "Reserve {reserve} is empty.",
    "peek.not_yet": (
        "{card} cannot go to foundation {foundation} yet: foundation {above} has no {rank}, and a card goes home "
        "only where its rank is already in the foundation above."
    ),
    "peek.cannot_start": Article(
        "{card} cannot start a foundation: only a {rank} can, the rank of {base}.",
        "{card} cannot start a foundation: only an {rank} can, the rank of {base}.",
    ),
    "peek.redeal.stock_left": "You can turn the waste over only when the stock is empty.",
    "peek.redeal.waste_empty": "The waste is empty: there is nothing to turn over.",
    "peek.redeal.none_left": "No redeals left: you have already gone through the stock {passes} times.",
    "peek.stock_empty": "The stock is empty.",
    "peek.stock_empty.redeal": "The stock is empty. Turn the waste over.",
    "peek.not_a_move": "That is not a Peek move.",
    "peek.bad_code": "{code!r} is not a Peek move (try 'r2>f', 'w>f', 'draw' or 'redeal').",
    "peek.resigned": Plural(
        "Resigned with {count} card on the foundations.", "Resigned with {count} cards on the foundations."
    ),
    "peek.lost": Plural(
        "No card can reach a foundation any more: lost with {count} card home.",
        "No card can reach a foundation any more: lost with {count} cards home.",
    ),
    "peek.option.three_card": "Turn three cards at a time from the stock, with unlimited redeals (RULES.md §2.7).",
    "peek.that_card": "That card",
    "peek.why.starts": "{card} from {where} starts foundation {foundation}: +1.",
    "peek.why.starts_best": (
        "{card} from {where} starts foundation {foundation}: +1; this suit order left more cards going home "
        "than starting with {others}."
    ),
    "peek.why.home": "{card} from {where} goes home to foundation {foundation}: +1.",
    "peek.why.home_frees": (
        "{card} from {where} goes home to foundation {foundation}: +1 and frees {freed} in {where}."
    ),
    "peek.why.draw": "No card can go home now: turn the stock.",
    "peek.why.redeal": "The stock is empty and nothing can go home: turn the waste over.",
}
