"""The words of Triple Peaks (``games.triplepeaks`` and its hints)."""

from bot.words.templates import Plural, Template

TEMPLATES: dict[str, Template] = {
    "triplepeaks.play": "{what} \u2192 waste",
    "triplepeaks.slot": "Slot {slot}",
    "triplepeaks.draw": "Turn a stock card",
    "triplepeaks.played": "{card} played: +{points} (card {run} of the run).",
    "triplepeaks.peak_cleared": "A peak is cleared: +{bonus} bonus.",
    "triplepeaks.last_peak_cleared": "The last peak is cleared: +{bonus} bonus.",
    "triplepeaks.turned_up": "Turned up {card}.",
    "triplepeaks.turned_up_two": "Turned up {first} and {second}.",
    "triplepeaks.next_round": "Round {round} is dealt; your score of {score} carries over.",
    "triplepeaks.turned": "Turned {card} from the stock; {left} left.",
    "triplepeaks.turned.floored": (
        "Turned {card} from the stock (a stock card costs 5, but the score never goes below 0); {left} left."
    ),
    "triplepeaks.turned.cost": "Turned {card} from the stock: \u2212{cost}; {left} left.",
    "triplepeaks.turned.cost_floored": (
        "Turned {card} from the stock: \u2212{cost} (a stock card costs 5, but the score never goes below 0); "
        "{left} left."
    ),
    "triplepeaks.not_a_move": "{code!r} is not a Triple Peaks move.",
    "triplepeaks.bad_code": "{code!r} is not a Triple Peaks move (try 't0' to 't27' or 'draw').",
    "triplepeaks.already_played": "That card has already been played.",
    "triplepeaks.face_down": "That card is still face down: clear the cards that cover it first.",
    "triplepeaks.does_not_go_on": (
        "{card} does not go on {top}: play a card one rank above or below it (K and A connect)."
    ),
    "triplepeaks.stock_empty": "The stock is empty.",
    "triplepeaks.not_a_triplepeaks_move": "That is not a Triple Peaks move.",
    "triplepeaks.resigned": "Resigned with {points}.",
    "triplepeaks.resigned.rounds": "Resigned with {points} after {rounds}.",
    "triplepeaks.cleared": "All three peaks are cleared: {points}!",
    "triplepeaks.stuck": "No moves left: {points}.",
    "triplepeaks.stuck.rounds": "No moves left: {points} after {rounds}.",
    "triplepeaks.option.multiplier": "Multiplier scoring: a run scores 1, 2, 4, 8 …; bonuses 25/25/50; free stock.",
    "triplepeaks.option.progressive": (
        "Progressive rounds: each cleared tableau deals a new round; the score carries over."
    ),
    "triplepeaks.option.practice": "Practice: undo is allowed (scored play has no undo).",
    "triplepeaks.why.no_fit": "No card fits the waste: turn a stock card.",
    "triplepeaks.why.draw": "Turning a stock card now leaves better plays later than any card that fits.",
    "triplepeaks.why.last_tip": "{card} clears the last peak's tip: +{points}.",
    "triplepeaks.why.left_tip": "{card} clears the left peak's tip: +{points}.",
    "triplepeaks.why.middle_tip": "{card} clears the middle peak's tip: +{points}.",
    "triplepeaks.why.right_tip": "{card} clears the right peak's tip: +{points}.",
    "triplepeaks.why.fits": "{card} fits the waste: +{points}.",
    "triplepeaks.why.fits_run": "{card} fits the waste: +{points}; it starts a run of {run} cards already face up.",
    "triplepeaks.why.fits_turns": Plural(
        "{card} fits the waste: +{points}; it turns up {count} face-down card.",
        "{card} fits the waste: +{points}; it turns up {count} face-down cards.",
    ),
    "triplepeaks.why.fits_run_turns": Plural(
        "{card} fits the waste: +{points}; it starts a run of {run} cards already face up; "
        "it turns up {count} face-down card.",
        "{card} fits the waste: +{points}; it starts a run of {run} cards already face up; "
        "it turns up {count} face-down cards.",
    ),
}
