"""The words of Peanuts (``games.peanuts``)."""

from bot.words.templates import Plural, Template

TEMPLATES: dict[str, Template] = {
    "peanuts.move.new_pile": "{card} \u2192 new pile",
    "peanuts.move.pile": "{card} \u2192 pile {pile}",
    "peanuts.move.column": "{card} \u2192 column {column}",
    "peanuts.turn": "Turn the stock",
    "peanuts.recycle": "Turn the waste over",
    "peanuts.stuck": "I'm stuck",
    "peanuts.unstuck": "Not stuck any more",
    "peanuts.pass": "Pass",
    "peanuts.player": "Player {number}",
    "peanuts.still_a_play": "You still have a play: the deal goes on.",
    "peanuts.cannot_prove": "The bot could not prove yet that you are stuck: the deal goes on.",
    "peanuts.went_round": "Both players have gone twice round their stock with no play to the middle.",
    "peanuts.not_playing": "You are not playing in this deal.",
    "peanuts.no_such_card": "{code!r} names a card that does not exist.",
    "peanuts.third_deck": "{code!r}: Peanuts has only decks 0 and 1.",
    "peanuts.bad_code": "{code!r} is not a Peanuts move (try codes like 'p.5H>b3.4H', 'w.AS1>b+', 'c2.9H>c5.TS', 't').",
    "peanuts.ace_starts_code": "{code!r}: only an ace starts a new pile.",
    "peanuts.onto_own_column": "{code!r}: a card cannot move onto its own column.",
    "peanuts.no_such_column": "{code!r}: there are only {columns} columns.",
    "peanuts.not_a_move": "{code!r} is not a Peanuts move.",
    "peanuts.not_a_peanuts_move": "That is not a Peanuts move.",
    "peanuts.peanut_shows": "Your peanut pile shows {top}, not {card}.",
    "peanuts.waste_empty": "Your waste is empty.",
    "peanuts.waste_shows": "Your waste shows {top}, not {card}.",
    "peanuts.not_in_column": "{card} is not in column {column}.",
    "peanuts.only_top_to_pile": "Only the top card of column {column} can go to a pile.",
    "peanuts.not_a_run": "The cards from {card} up in column {column} are not a run.",
    "peanuts.yours": "your {card}",
    "peanuts.theirs": "the other player's {card}",
    "peanuts.ace_starts": "Only an ace starts a new pile.",
    "peanuts.all_piles_started": "All 8 piles have been started.",
    "peanuts.no_such_pile": "There is no pile {pile}.",
    "peanuts.pile_moved_on": "Pile {pile} moved on: it shows {shown}, not {expected}.",
    "peanuts.pile_moved_on.fits": "Pile {pile} moved on: it shows {shown}, not {expected}. {card} still fits on it.",
    "peanuts.pile_moved_on.fits_elsewhere": (
        "Pile {pile} moved on: it shows {shown}, not {expected}. {card} fits on pile {other}."
    ),
    "peanuts.does_not_go_on": "{card} does not go on {top}.",
    "peanuts.not_yours": "{card} belongs to the other player: you can only move your own cards.",
    "peanuts.column_moved_on": "Column {column} moved on: it shows {shown}, not {expected}.",
    "peanuts.column_moved_on.empty": "Column {column} moved on: it shows nothing, not {expected}.",
    "peanuts.cannot_put": "You can't put {card} on {top}.",
    "peanuts.stock_empty": "Your stock is empty: turn the waste over.",
    "peanuts.stock_and_waste_empty": "Your stock and waste are empty.",
    "peanuts.stock_left": "Turn the rest of your stock first.",
    "peanuts.already_stuck": "You have already said you are stuck.",
    "peanuts.not_stuck": "You have not said you are stuck.",
    "peanuts.pass_only_in_turns": "Passing is only for the turn-based game.",
    "peanuts.option.nerts_rescue": (
        "When both players are stuck, each puts the waste under the stock and the top stock card at the bottom, "
        "once; a second stall in a row ends the deal."
    ),
    "peanuts.option.turns": (
        "Take turns instead of racing: a turn is any number of your own moves and ends when you turn the stock "
        "or pass. Seat 0 starts."
    ),
    "peanuts.bad_deck": "A Peanuts deck is the 52 cards of deck 0 followed by the 52 cards of deck 1.",
    "peanuts.is_stuck": "{player} is stuck.",
    "peanuts.plays_on": "{player} is playing on.",
    "peanuts.turned": Plural(
        "{player} turned {count} card from the stock.", "{player} turned {count} cards from the stock."
    ),
    "peanuts.passed": "{player} passed.",
    "peanuts.turned_over": "{player} turned the waste over.",
    "peanuts.to_play": "{player} to play.",
    "peanuts.moved": "{player} moved {card} to column {column}.",
    "peanuts.moved_run": "{player} moved {card} and {more} more to column {column}.",
    "peanuts.started_pile": "{player} started pile {pile} with {card}.",
    "peanuts.played": "{player} played {card} to pile {pile}.",
    "peanuts.filled": "{player} filled column {column} with {card} from the peanut pile.",
    "peanuts.rescued": (
        "Both players are stuck: each put the waste under the stock and the top stock card at the bottom."
    ),
    "peanuts.resigned": "{loser} resigned; {winner} wins ({first} to {second}).",
    "peanuts.called": "{player} called Peanuts!",
    "peanuts.claimed": "{player} claimed the end: {idle} was idle.",
    "peanuts.both_stuck": "Both players are stuck.",
    "peanuts.draw": "A draw",
    "peanuts.wins": "{player} wins",
    "peanuts.wins_on_tie": "{player} wins on the tie rule",
    "peanuts.ended": "{how} {result}, {first} to {second}.",
}
