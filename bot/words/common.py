"""The words every game shares: refusals of the rules' vocabulary, options, seats, decks."""

from bot.words.templates import Join, Plural, Template

TEMPLATES: dict[str, Template] = {
    "game.over": "This game is over.",
    "turn.not_yours": "It is not your turn.",
    "action.not_legal": "{action} is not a legal move right now.",
    "claim.not_allowed": "This game cannot be claimed.",
    "option.wrong_type": "Option {option!r} takes a {kind}, not {value}.",
    "option.not_a_choice": "Option {option!r} must be one of {choices}, not {value}.",
    "option.unknown": "Unknown option {option!r}; known options: {known}.",
    "option.unknown_no_options": "Unknown option {option!r}; known options: none.",
    "seats.exactly": "{title} is played by {players} players, not {seats}.",
    "seats.between": "{title} is played by {low} to {high} players, not {seats}.",
    "deck.one_deck": "A {title} deck must hold each of the 52 cards of one deck exactly once.",
    "patience.solved": "All 52 cards are on the foundations: solved!",
    "count.points": Plural("{count} point", "{count} points"),
    "count.cards": Plural("{count} card", "{count} cards"),
    "count.cleared_rounds": Plural("{count} cleared round", "{count} cleared rounds"),
    "seat.name": "Seat {number}",
    "list.and": Join(" and "),
    "list.commas": Join(", "),
    "list.semicolons": Join("; "),
}
