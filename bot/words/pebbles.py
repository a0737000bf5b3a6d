"""The words of Pebbles and Nuts (``games.pebbles``)."""

from bot.words.templates import Plural, Template

TEMPLATES: dict[str, Template] = {
    "pebbles.card_of_deck": "{card} ({deck})",
    "pebbles.play": "Play {card}",
    "pebbles.menage": "Ménage",
    "pebbles.spade_marriage": "Spade Marriage",
    "pebbles.marriage": "Marriage",
    "pebbles.declare": "{name} {king} {queen} (+{points})",
    "pebbles.declare.menage": "{name} {jack} \u2192 {king} {queen} (+{points})",
    "pebbles.pass": "Pass",
    "pebbles.partners": "Seats {first} and {second}",
    "pebbles.deal_score": "{points} ({melds} meld, {cards} card points)",
    "pebbles.side_score": "{side} {score}",
    "pebbles.side_total": "{side} {total}",
    "pebbles.deal_won": (
        "Deal {number} is over: {winner} wins the deal with {score}; {others}. Running totals: {running}."
    ),
    "pebbles.deal_won.partners": (
        "Deal {number} is over: {winner} win the deal with {score}; {others}. Running totals: {running}."
    ),
    "pebbles.deal_tied": "Deal {number} is over: {tied} tie for the deal; {everyone}. Running totals: {running}.",
    "pebbles.played": "{seat} played {card}.",
    "pebbles.won_trick": "{seat} won the trick.",
    "pebbles.drew": "Everyone drew a card; {left} left in the draw pile.",
    "pebbles.drew_last": "Everyone drew the last cards.",
    "pebbles.dealt": "Deal {number}: {dealer} deals, {leader} leads.",
    "pebbles.declared": "{seat} declared {name} {king} {queen} for {points} points.",
    "pebbles.declared.menage": "{seat} declared {name} {jack} {king} {queen} for {points} points.",
    "pebbles.did_not_declare": "{seat} did not declare.",
    "pebbles.passed_declaration": "{seat} passed the declaration to {partner}.",
    "pebbles.not_a_card": "{code!r} does not name a card (try codes like 'p:QS').",
    "pebbles.not_an_action": "{code!r} is not a Pebbles and Nuts action.",
    "pebbles.not_in_deck": "{code!r}: {card} is not in the Pebbles and Nuts deck.",
    "pebbles.bad_code": "{code!r} is not a Pebbles and Nuts action (try 'p:QS', 'm:KDQD', 'm:JDKDQD' or 'pass').",
    "pebbles.bad_meld": "{code!r}: a meld is K then Q of one suit, or J, K, Q of one suit.",
    "pebbles.third_deck": "{code!r}: Pebbles and Nuts uses at most two decks.",
    "pebbles.not_held": "You don't hold {card}.",
    "pebbles.declare_or_pass": "Declare a meld or pass first.",
    "pebbles.follow_hearts": "A heart was led: play a heart (or A\u2660) while you hold one; {card} is not allowed.",
    "pebbles.follow_suit": "You must follow suit with a {suit} card.",
    "pebbles.declare_after_trick": "You may declare only right after winning a trick, before you lead.",
    "pebbles.meld_not_held": "You don't hold every card of {meld}.",
    "pebbles.menage_needs_marriage": (
        "{jack} can only go to one of your marriages declared after an earlier trick, with both its cards still "
        "in your hand, that has no ménage yet."
    ),
    "pebbles.scored_once": "You have already scored {king} {queen} as a marriage; a pair scores only once.",
    "pebbles.still_married": (
        "{card} is still married to {partner} on the table: it can marry again only after {partner} has been "
        "played to a trick."
    ),
    "pebbles.nothing_to_pass": "There is nothing to pass: lead a card (that is the pass).",
    "pebbles.pass_after_trick": "You may pass only the declaration, right after winning a trick.",
    "pebbles.not_a_pebbles_action": "That is not a Pebbles and Nuts action.",
    "pebbles.option.decks": "Decks: 2 is the 4-player partnership game to 130 (first of identical cards wins).",
    "pebbles.option.either_partner_declares": (
        "4 players: after a partnership wins a trick, the winner may let the partner make the one declaration."
    ),
    "pebbles.two_decks_need_four": "Two decks are for 4 players in partnerships.",
    "pebbles.either_needs_four": "Either partner can declare only in the 4-player partnership game.",
    "pebbles.bad_deck": "This deck must hold each of the game's {count} cards exactly once.",
    "pebbles.resigned": Plural("{seat} resigned; {winners} wins.", "{seat} resigned; {winners} win."),
    "pebbles.won": "{side} wins with {best} to {others}.",
    "pebbles.won.partners": "{side} win with {best} to {others}.",
}
