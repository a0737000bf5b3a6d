"""Pebbles and Nuts (RULES.md §3, §7.2): deal, the §6.3 rule checks, every REC of §3.7, codes, views, snapshots."""

import dataclasses
import json
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from games.base import SCHEMA, EndReason
from games.cards import Card, Rank, Suit, parse_cards, shuffled
from games.errors import CorruptStateError, GameOverError, IllegalActionError, InvalidActionError, InvalidOptionError
from games.pebbles import (
    GAME,
    DealSummary,
    Declare,
    Marriage,
    Pass,
    PebblesState,
    PebblesView,
    Phase,
    Play,
    card_points,
    game_deck,
    marked_card,
    melds,
    sort_key,
    trick_winner,
)
from games.phrases import Phrase

from .helpers import play, refusal


def position(
    hands: Sequence[str],
    trick: str = "",
    leader: int = 0,
    pile: str = "",
    decks: int = 1,
    either: bool = False,
    may_declare: bool = False,
    won: Mapping[int, str] | None = None,
    won_by: int = 0,
    marriages: Mapping[int, Sequence[str]] | None = None,
    meld_points: Sequence[int] | None = None,
    totals: Sequence[int] | None = None,
    dealer: int | None = None,
    seed: int = 0,
) -> PebblesState:
    """A validated position. Cards not placed anywhere else are in ``won_by``'s won tricks."""
    seats = len(hands)
    won_cards = {seat: parse_cards(text) for seat, text in (won or {}).items()}
    placed = [card for text in hands for card in parse_cards(text)] + list(parse_cards(trick + " " + pile))
    placed += [card for cards in won_cards.values() for card in cards]
    rest = tuple(card for card in game_deck(seats, decks) if card not in placed)
    won_cards[won_by] = won_cards.get(won_by, ()) + rest
    piles = tuple(won_cards.get(seat, ()) for seat in range(seats))
    tricks = [len(cards) // seats for cards in piles]
    tricks[won_by] += sum(len(cards) for cards in piles) // seats - sum(tricks)
    state = PebblesState(
        seats=seats,
        decks=decks,
        either_declares=either,
        seed=seed,
        deal_no=0,
        dealer=(leader - 1) % seats if dealer is None else dealer,
        hands=tuple(tuple(sorted(parse_cards(text), key=sort_key)) for text in hands),
        pile=parse_cards(pile),
        leader=leader,
        trick=parse_cards(trick),
        may_declare=may_declare,
        drawn=(None,) * seats,
        won=piles,
        tricks=tuple(tricks),
        marriages=tuple(
            tuple(Marriage(*parse_cards(text)) for text in (marriages or {}).get(seat, ())) for seat in range(seats)
        ),
        meld_points=tuple(meld_points or (0,) * seats),
        totals=tuple(totals or (0,) * (2 if seats == 4 else seats)),
    )
    return GAME.from_dict(json.loads(json.dumps(GAME.to_dict(state))))


def legal_codes(state: PebblesState, seat: int | None = None) -> list[str]:
    seat = GAME.current_seat(state) if seat is None else seat
    assert seat is not None
    return [action.code for action in GAME.legal_actions(state, seat)]


def trick_won_by(*plays: str) -> int:
    """Play one trick (seat 0 leads ``plays[0]``, then clockwise) through the engine; returns the winning seat.
    Each seat also holds one zero-point filler of a suit that does not change what it may play."""
    filler_suit = "C" if plays[0][1] == "D" else "D"
    fillers = [f"{rank}{filler_suit}" for rank in "9JT87QK" if f"{rank}{filler_suit}" not in plays]
    state = position([f"{card} {fillers[seat]}" for seat, card in enumerate(plays)])
    state = play(GAME, state, *(f"p:{card}" for card in plays))
    view = GAME.view_for(state, None)
    assert [card.ident for _, card in view.last_trick] == list(plays)
    assert view.last_winner == state.leader == GAME.current_seat(state)
    return state.leader


# Deal (§3.1, §6.2, A1, A15)


@pytest.mark.parametrize(
    "seats, options, hand, pile, deck",
    [(2, {}, 7, 18, 32), (3, {}, 7, 12, 33), (4, {}, 7, 4, 32), (4, {"decks": 2}, 7, 36, 64)],
)
def test_deal_counts(seats, options, hand, pile, deck):
    """§6.2: 7 cards each; the rest is the draw pile; 3p has two 8♥; two decks make 64 cards."""
    for seed in range(5):
        state = GAME.new_state(options, seats, seed)
        assert [len(cards) for cards in state.hands] == [hand] * seats
        assert len(state.pile) == pile
        cards = [card for cards in state.hands for card in cards] + list(state.pile)
        assert len(cards) == len(set(cards)) == deck
        assert {card.rank for card in cards} == {Rank(r) for r in (1, 7, 8, 9, 10, 11, 12, 13)}
        eights_of_hearts = [card for card in cards if card.code == "8H"]
        assert len(eights_of_hearts) == {2: 1, 3: 2, 4: 1 if deck == 32 else 2}[seats]


def test_deck_and_card_points_per_deal():
    """§3.5: net card points 30 per deck, 40 with the extra 8♥; the seed's example is worth 10."""
    assert card_points(game_deck(2, 1)) == 30
    assert card_points(game_deck(3, 1)) == 40
    assert card_points(game_deck(4, 2)) == 60
    assert card_points(parse_cards("AH KH QH AD KD AS KS QS")) == 10
    assert card_points(parse_cards("TH JH 9H 7H TS 8D 8C")) == 0


def test_explicit_deck_is_dealt_one_at_a_time_from_the_dealers_left():
    """A15: card i goes to seat dealer+1+i (mod n); the 29th card on is the pile, top first. First dealer = seed % n."""
    deck = game_deck(4, 1)
    state = GAME.new_state(None, 4, 6, deck)
    assert state.dealer == 2 and state.leader == 3 and GAME.current_seat(state) == 3
    for index, card in enumerate(deck[:28]):
        assert card in state.hands[(3 + index) % 4]
    assert state.pile == deck[28:]


def test_two_player_non_dealer_leads_and_the_dealer_alternates():
    """A1 / §7.2: 2p non-dealer leads; the deal passes to the left (2p: alternates) deal after deal."""
    state = GAME.new_state(None, 2, 1)
    assert state.dealer == 1 and GAME.current_seat(state) == 0
    state = GAME.new_state(None, 3, 5)
    assert state.dealer == 2 and GAME.current_seat(state) == 0


def test_later_deals_shuffle_from_the_seed_and_rotate_the_dealer():
    """An explicit deck is the first deal only; deal k is shuffled from f"{seed}:{k}"; dealer moves left."""
    state = position(["7C", "9D", "JC"], leader=0, dealer=2, seed=42)
    state = play(GAME, state, "p:7C", "p:9D", "p:JC")
    assert state.deal_no == 1 and state.dealer == 0 and GAME.current_seat(state) == 1
    deck = shuffled(game_deck(3, 1), "42:1")
    assert state.pile == deck[21:]
    assert set(state.hands[1]) == set(deck[0:21:3])


@pytest.mark.parametrize("seats, decks, dealer", [(2, 1, 0), (2, 1, 1), (3, 1, 2), (4, 1, 3), (4, 2, 1)])
def test_next_deal_moves_the_dealer_one_seat_left(seats, decks, dealer):
    """A1 / §7.2: the next deal's dealer is the seat left of the last one (2p: they alternate); the seat left of
    the new dealer (2p: the non-dealer) leads, whoever won the last trick."""
    hands = ["7C", "8C", "9C", "JC"][:seats]
    state = play(GAME, position(hands, leader=0, dealer=dealer, decks=decks), *(f"p:{card}" for card in hands))
    assert state.deal_no == 1 and state.dealer == (dealer + 1) % seats
    assert state.leader == GAME.current_seat(state) == (dealer + 2) % seats
    assert [len(hand) for hand in state.hands] == [7] * seats


def test_same_seed_same_game():
    assert GAME.new_state(None, 3, 9) == GAME.new_state(None, 3, 9)
    assert GAME.new_state(None, 3, 9) != GAME.new_state(None, 3, 10)


@pytest.mark.parametrize(
    "seats, options",
    [
        (1, {}),
        (5, {}),
        (2, {"decks": 2}),
        (3, {"decks": 2}),
        (2, {"either_partner_declares": True}),
        (3, {"either_partner_declares": True}),
        (4, {"decks": 3}),
        (4, {"decks": "2"}),
        (4, {"colour": 1}),
    ],
)
def test_options_and_seats_are_checked(seats, options):
    with pytest.raises(InvalidOptionError):
        GAME.new_state(options, seats, 0)


@pytest.mark.parametrize(
    "seats, options, deck",
    [
        (2, {}, game_deck(2, 1)[:-1]),
        (2, {}, game_deck(3, 1)),
        (3, {}, game_deck(2, 1) + (Card.parse("8H"),)),
        (4, {"decks": 2}, game_deck(4, 1) * 2),
    ],
)
def test_bad_decks_are_refused(seats, options, deck):
    with pytest.raises(InvalidOptionError):
        GAME.new_state(options, seats, 0, deck)


# Trick winners (§3.3, §6.3)


@pytest.mark.parametrize(
    "plays, winner",
    [
        (("9D", "KD"), 1),
        (("TC", "KC"), 0),
        (("7S", "7H"), 1),
        (("AH", "AS"), 1),
        (("8H", "AS"), 1),
        (("AS", "7H"), 1),
        (("KD", "AS"), 0),
        (("QC", "AC"), 1),
        (("KH", "AD"), 0),
        (("JH", "AS", "AH"), 1),
        (("7C", "8H", "8H1"), 1),
        (("7C", "8H1", "8H"), 1),
        (("9H", "8H", "8H1"), 0),
        (("7D", "7C", "TH", "AH"), 3),
        (("7H", "AS", "TH", "AH"), 1),
    ],
)
def test_trick_winner(plays, winner):
    """§6.3: 10 outranks K; hearts trump; A♠ beats hearts only on a heart lead (A6); first of identical cards."""
    assert trick_won_by(*plays) == winner


def test_ace_of_spades_beats_the_eight_of_hearts_for_five_points():
    """§6.3 seed tip: lead 8♥, A♠ wins; the winner's card points are +10 − 5 = +5."""
    assert trick_won_by("8H", "AS") == 1
    assert card_points(parse_cards("8H AS")) == 5


def test_first_of_two_aces_of_spades_wins_in_the_two_deck_game():
    """§3.3 rule 5: two A♠ on a heart lead → the first played (two decks: first of identical cards)."""
    assert trick_winner(parse_cards("7H AS1 AS TH")) == 1
    assert trick_winner(parse_cards("KC KC1 7C 9C")) == 0
    assert trick_winner(parse_cards("KC 7C KH1 KH")) == 2


# Legal plays (§3.3, §6.3, A6, A8)


def test_heart_lead_allows_any_heart_or_the_ace_of_spades_only():
    state = position(["7C 8C 9C JC", "9H KH AS KS 8D"], trick="7H")
    assert legal_codes(state) == ["p:KH", "p:9H", "p:AS"]
    assert refusal(GAME, state, "p:KS") == Phrase.of("pebbles.follow_hearts", card=Card.parse("KS"))
    assert refusal(GAME, state, "p:QD") == Phrase.of("pebbles.not_held", card=Card.parse("QD"))


def test_heart_lead_without_hearts_allows_anything():
    """A6/A8: void in hearts, any card; A♠ still trumps the heart lead."""
    state = position(["7C", "AS KS"], trick="7H")
    assert legal_codes(state) == ["p:AS", "p:KS"]
    assert GAME.view_for(play(GAME, state, "p:KS"), None).last_winner == 0
    assert GAME.view_for(play(GAME, state, "p:AS"), None).last_winner == 1


def test_spade_lead_forces_the_only_spade_even_the_ace():
    """§6.3: spade lead, A♠ the only spade → must play A♠; it has no trumping power then."""
    state = position(["7C", "AS KH"], trick="7S")
    assert legal_codes(state) == ["p:AS"]
    assert refusal(GAME, state, "p:KH") == Phrase.of("pebbles.follow_suit", suit="♠")


def test_follow_suit_or_play_anything_without_obligation_to_trump():
    """§3.3 rule 3, A8: must follow; void → any card, trumping not required."""
    follow = position(["7C 8C", "KD 7H AC"], trick="9D")
    assert legal_codes(follow) == ["p:KD"]
    void = position(["7C", "KS 7H"], trick="9D")
    assert legal_codes(void) == ["p:7H", "p:KS"]


def test_leader_may_lead_anything():
    state = position(["AS KH 7C", "9D 8D JD"])
    assert legal_codes(state) == ["p:7C", "p:KH", "p:AS"]


def test_melded_cards_are_played_and_must_follow_suit():
    """§3.4: melded cards are part of the hand; follow suit can force them."""
    state = position(["9C 8C", "KD QD AC"], trick="7D", marriages={1: ["KD QD"]}, meld_points=(0, 15))
    assert GAME.view_for(state, None).melded == ((), tuple(parse_cards("KD QD")))
    assert legal_codes(state) == ["p:KD", "p:QD"]
    after = play(GAME, state, "p:QD")
    assert GAME.view_for(after, None).melded == ((), tuple(parse_cards("KD")))


def test_not_your_turn_and_game_over_are_refused():
    state = position(["7C 9C", "8C 9D"])
    with pytest.raises(IllegalActionError) as error:
        GAME.apply_action(state, 1, Play(Card.parse("8C")))
    assert error.value.phrase == Phrase.of("turn.not_yours")
    assert GAME.legal_actions(state, 1) == ()


# Draws (§3.3 rule 6, A2)


def test_draw_winner_first_then_clockwise():
    """A2: after the trick every player draws one, the trick winner first, then clockwise; sizes stay equal."""
    state = position(["7C 9S", "8C 9D", "AC JD"], pile="KH QH AD 7D 8D TD", dealer=2)
    state = play(GAME, state, "p:7C", "p:8C", "p:AC")
    assert state.leader == 2 and state.pile == parse_cards("7D 8D TD")
    assert Card.parse("KH") in state.hands[2] and Card.parse("QH") in state.hands[0]
    assert Card.parse("AD") in state.hands[1]
    assert [len(hand) for hand in state.hands] == [2, 2, 2]
    assert GAME.view_for(state, 2).drawn == Card.parse("KH")
    assert GAME.view_for(state, None).drawn is None and GAME.view_for(state, None).pile_size == 3


def test_no_draw_when_the_pile_is_empty():
    state = play(GAME, position(["7C 9S", "8C 9D"]), "p:7C", "p:8C")
    assert [len(hand) for hand in state.hands] == [1, 1]


# Melds (§3.4, A3, A5, A9, A10, A11)


def test_winner_may_declare_after_the_draw_with_the_drawn_card():
    """A3: the meld comes after the draw, so a card just drawn can complete a marriage."""
    state = position(["7C KD", "8C 9S"], pile="QD JS")
    state = play(GAME, state, "p:7C", "p:8C")
    assert GAME.current_seat(state) == 1 and state.may_declare
    state = play(GAME, position(["AC KD", "8C 9S"], pile="QD JS"), "p:AC", "p:8C")
    assert GAME.current_seat(state) == 0
    assert legal_codes(state)[0] == "m:KDQD"
    after = play(GAME, state, "m:KDQD")
    assert after.meld_points == (15, 0) and GAME.view_for(after, None).scores == (15, 0)
    assert legal_codes(after) == ["p:KD", "p:QD"]
    assert refusal(GAME, after, "m:KDQD") == Phrase.of("pebbles.declare_after_trick")


def test_only_the_trick_winner_declares_and_leading_is_the_pass():
    """One optional meld by the winner, before the lead; the loser cannot declare; leading forgoes it."""
    state = play(GAME, position(["AC KD QD", "8C KS QS"]), "p:AC", "p:8C")
    assert legal_codes(state) == ["m:KDQD", "p:KD", "p:QD"]
    assert Pass() not in GAME.legal_actions(state, 0)
    assert refusal(GAME, state, "pass") == Phrase.of("pebbles.nothing_to_pass")
    state = play(GAME, state, "p:KD")
    assert GAME.current_seat(state) == 1 and legal_codes(state) == ["p:KS", "p:QS"]
    assert refusal(GAME, state, "m:KSQS") == Phrase.of("pebbles.declare_after_trick")


def test_marriage_points_and_spade_marriage():
    """§3.4: Marriage 15 (♥ ♦ ♣), Spade Marriage 20."""
    state = play(GAME, position(["AC KS QS KH QH 7D", "8C 9C TC JC 9D 8D"]), "p:AC", "p:8C")
    actions = {action.code: action for action in GAME.legal_actions(state, 0)}
    assert actions["m:KSQS"].points == 20 and actions["m:KHQH"].points == 15
    assert actions["m:KSQS"].phrase == Phrase.of(
        "pebbles.declare",
        name=Phrase.of("pebbles.spade_marriage"),
        king=Card.parse("KS"),
        queen=Card.parse("QS"),
        points=20,
    )
    assert play(GAME, state, "m:KSQS").meld_points == (20, 0)


def test_menage_needs_a_marriage_from_an_earlier_trick():
    """§3.4, §6.3: K-Q-J cannot be declared together; the J is added after a later trick win."""
    state = play(GAME, position(["AC TC KD QD JD", "8C 9C 7S 8S 9S"]), "p:AC", "p:8C")
    assert "m:JDKDQD" not in legal_codes(state)
    state = play(GAME, state, "m:KDQD")
    assert "m:JDKDQD" not in legal_codes(state)
    state = play(GAME, state, "p:TC", "p:9C")
    assert legal_codes(state)[0] == "m:JDKDQD"
    menage = GAME.legal_actions(state, 0)[0]
    assert menage.points == 10 and menage.phrase == Phrase.of(
        "pebbles.declare.menage",
        name=Phrase.of("pebbles.menage"),
        jack=Card.parse("JD"),
        king=Card.parse("KD"),
        queen=Card.parse("QD"),
        points=10,
    )
    state = play(GAME, state, "m:JDKDQD")
    assert state.meld_points == (25, 0)
    assert GAME.view_for(state, 1).melded[0] == tuple(parse_cards("KD QD JD"))


def test_menage_refused_once_the_king_or_queen_is_played():
    """§6.3: the marriage must still have both cards on the table."""
    state = position(
        ["AC 9C KD JD", "8C 7C 7S 8S"], marriages={0: ["KD QD"]}, meld_points=(15, 0), won={1: "QD 7H 8H 9H"}
    )
    state = play(GAME, state, "p:AC", "p:8C")
    assert not any(code.startswith("m:") for code in legal_codes(state))
    refused = refusal(GAME, state, "m:JDKDQD")
    assert refused.key == "pebbles.meld_not_held" and refused.arg("meld") == Declare(parse_cards("JD KD QD")).phrase


def test_menage_on_a_spade_marriage_and_only_once():
    """A5: a ménage on the Spade Marriage scores 10; a marriage takes one ménage only."""
    state = position(["AC 9C KS QS JS", "8C 7C 7D 8D 9D"], marriages={0: ["KS QS"]}, meld_points=(20, 0))
    state = play(GAME, state, "p:AC", "p:8C", "m:JSKSQS")
    assert state.meld_points == (30, 0)
    state = play(GAME, state, "p:9C", "p:7C")
    assert legal_codes(state) == ["p:KS", "p:QS", "p:JS"]


def test_one_deck_marriage_only_once_per_suit():
    """§3.4: a scored pair that is still complete is not scored again; one deck has no second K or Q."""
    state = position(["AC 9C KD QD", "8C 7C 7S 8S"], marriages={0: ["KD QD"]}, meld_points=(15, 0))
    state = play(GAME, state, "p:AC", "p:8C")
    assert legal_codes(state) == ["p:9C", "p:KD", "p:QD"]
    assert refusal(GAME, state, "m:KDQD") == Phrase.of(
        "pebbles.scored_once", king=Card.parse("KD"), queen=Card.parse("QD")
    )


def test_meld_allowed_after_the_pile_is_gone_but_not_after_the_last_trick():
    """§3.4: melds go on without a draw pile; A11: after the last trick the deal is over (no meld)."""
    state = play(GAME, position(["AC KD QD", "8C 9C TC"]), "p:AC", "p:8C")
    assert state.pile == () and "m:KDQD" in legal_codes(state)
    last = play(GAME, position(["KD", "QD"]), "p:KD", "p:QD")
    assert last.deal_no == 1 and not last.may_declare


def test_four_player_melds_belong_to_the_individual():
    """§3.4: partners cannot use each other's marriages; without the option only the winner declares."""
    state = position(
        ["AC KD QD", "7C 8S 9S", "8C JD 9H", "9C 7S TS"],
        marriages={2: ["KH QH"]},
        meld_points=(0, 0, 15, 0),
        won={2: "AH TH 7H 8H"},
    )
    state = play(GAME, state, "p:AC", "p:7C", "p:8C", "p:9C")
    assert legal_codes(state) == ["m:KDQD", "p:KD", "p:QD"]
    assert GAME.legal_actions(state, 2) == ()


def test_either_partner_declares_winner_first_then_partner():
    """A10: the winner chooses first; Pass hands the declaration to the partner, who declares their own meld
    or passes; a J of the partner cannot go onto the winner's marriage; then the winner leads."""
    hands = ["AC KD QD", "7C 8S 9S", "8C KH QH", "9C 7S TS"]
    state = play(GAME, position(hands, either=True), "p:AC", "p:7C", "p:8C", "p:9C")
    assert legal_codes(state) == ["m:KDQD", "pass", "p:KD", "p:QD"]
    handed = play(GAME, state, "pass")
    assert handed.phase == Phase.PARTNER and GAME.current_seat(handed) == 2
    assert legal_codes(handed) == ["m:KHQH", "pass"]
    assert refusal(GAME, handed, "p:KH") == Phrase.of("pebbles.declare_or_pass")
    declared = play(GAME, handed, "m:KHQH")
    assert declared.meld_points == (0, 0, 15, 0) and GAME.view_for(declared, None).scores == (15, 0)
    assert GAME.current_seat(declared) == 0 and legal_codes(declared) == ["p:KD", "p:QD"]
    declined = play(GAME, handed, "pass")
    assert GAME.current_seat(declined) == 0 and legal_codes(declined) == ["p:KD", "p:QD"]
    own = play(GAME, state, "m:KDQD")
    assert legal_codes(own) == ["p:KD", "p:QD"]


def test_partner_cannot_add_a_jack_to_the_winners_marriage():
    hands = ["AC KD QD", "7C 8S 9S", "8C JD 9H", "9C 7S TS"]
    state = position(hands, either=True, marriages={0: ["KD QD"]}, meld_points=(15, 0, 0, 0))
    state = play(GAME, state, "p:AC", "p:7C", "p:8C", "p:9C", "pass")
    assert legal_codes(state) == ["pass"]


def marriage_codes(state: PebblesState) -> list[str]:
    """The marriages (not the ménages) the seat to act may declare."""
    return [code for code in legal_codes(state) if code.startswith("m:K")]


def test_two_deck_no_remarriage_while_the_first_marriage_is_complete():
    """A9: while the scored K♦ Q♦ are both on the table neither marries the other Q♦ or K♦; K♦1 Q♦1 may marry."""
    hands = ["AC TC 9C KD KD1 QD QD1", "8C JC 7C 8C1 JC1 7C1 9C1", "7S 8S 9S JS TS 7S1 8S1", "9D JD 8D 7D 9D1 JD1 8D1"]
    state = position(hands, decks=2, marriages={0: ["KD QD"]}, meld_points=(15, 0, 0, 0))
    state = play(GAME, state, "p:AC", "p:8C", "p:7S", "p:9D")
    assert marriage_codes(state) == ["m:KD1QD1"]
    assert refusal(GAME, state, "m:KDQD").key == "pebbles.scored_once"
    assert refusal(GAME, state, "m:KDQD1") == Phrase.of(
        "pebbles.still_married", card=deck_card("KD", 2), partner=deck_card("QD", 2)
    )
    assert refusal(GAME, state, "m:KD1QD") == Phrase.of(
        "pebbles.still_married", card=deck_card("QD", 2), partner=deck_card("KD", 2)
    )
    state = play(GAME, state, "m:KD1QD1", "p:TC", "p:JC", "p:8S", "p:JD")
    assert state.leader == 0 and state.may_declare and marriage_codes(state) == []
    assert state.meld_points == (30, 0, 0, 0)


def test_two_deck_remarriage_after_the_partner_is_played():
    """A9: K♦ Q♦ scored, Q♦ played to a trick, then K♦ + the second Q♦ score; that marriage, complete, again
    stops K♦1 from marrying the second Q♦."""
    hands = ["AC TC 9C KD KD1 QD QD1", "8C JC 7C 8C1 JC1 7C1 9C1", "7S 8S 9S JS TS 7S1 8S1", "9D JD 8D 7D 9D1 JD1 8D1"]
    state = position(hands, decks=2, marriages={0: ["KD QD"]}, meld_points=(15, 0, 0, 0))
    state = play(GAME, state, "p:AC", "p:8C", "p:7S", "p:9D", "p:QD", "p:JC", "p:8S", "p:7D")
    assert state.leader == 0 and state.may_declare
    assert marriage_codes(state) == ["m:KDQD1", "m:KD1QD1"]
    state = play(GAME, state, "m:KDQD1")
    assert state.meld_points == (30, 0, 0, 0)
    assert GAME.view_for(state, 1).melded[0] == tuple(parse_cards("KD QD1"))
    state = play(GAME, state, "p:TC", "p:7C", "p:9S", "p:8D")
    assert state.leader == 0 and marriage_codes(state) == []
    refused = refusal(GAME, state, "m:KD1QD1")
    assert refused.key == "pebbles.still_married" and refused.arg("card") == deck_card("QD1", 2)
    assert refused.arg("partner") == deck_card("KD", 2)


def test_two_deck_remarriage_with_the_remaining_card():
    """§3.4 / A9: K♦ of the scored K♦ Q♦ was played; K♦1 marries the remaining Q♦ after a later trick (15
    again); once Q♦ is played K♦1 marries Q♦1 too; then Q♦ and K♦1 are in two marriages each and nothing is left."""
    hands = ["AC TC 9D KD1 QD QD1", "8C 9C JC 7C 8C1 9C1", "7S 8S 9S JS TS 7S1", "JD TD 8D 7H 8H 9H"]
    state = position(hands, decks=2, marriages={0: ["KD QD"]}, meld_points=(15, 0, 0, 0), won={0: "KD 8D1 8S1 JD1"})
    state = play(GAME, state, "p:AC", "p:8C", "p:7S", "p:JD")
    assert legal_codes(state)[:2] == ["m:KD1QD", "m:KD1QD1"]
    state = play(GAME, state, "m:KD1QD")
    assert state.meld_points == (30, 0, 0, 0)
    assert GAME.view_for(state, 3).melded[0] == tuple(parse_cards("KD1 QD"))
    state = play(GAME, state, "p:QD", "p:9C", "p:8S", "p:8D")
    assert state.leader == 0 and state.may_declare
    assert marriage_codes(state) == ["m:KD1QD1"]
    state = play(GAME, state, "m:KD1QD1")
    assert state.meld_points == (45, 0, 0, 0) and melds(state, 0) == ()


def test_two_deck_each_jack_one_menage_and_each_marriage_one():
    """A9: two ♦ marriages may each take a ménage, with different jacks."""
    hands = ["AC TC KD QD KD1 QD1 JD", "8C 9C JC 7C 8C1 9C1 JC1", "7S 8S 9S JS TS 7S1 8S1", "9D TD 8D 7H 8H 9H JD1"]
    state = position(hands, decks=2, marriages={0: ["KD QD", "KD1 QD1"]}, meld_points=(30, 0, 0, 0))
    state = play(GAME, state, "p:AC", "p:8C", "p:7S", "p:9D")
    assert [code for code in legal_codes(state) if code.startswith("m:J")] == ["m:JDKDQD", "m:JDKD1QD1"]
    state = play(GAME, state, "m:JDKD1QD1", "p:TC", "p:9C", "p:8S", "p:TD")
    assert not any(code.startswith("m:J") for code in legal_codes(state))


# Deal end and game end (§3.5, §3.6, A4, A12, A14)


def test_worked_example_scores_north_50_south_25():
    """§3.6: North (seat 0) melded ♦ marriage and ménage (25), South (seat 1) the Spade Marriage (20); North's
    tricks hold A♥ K♥ 8♥ A♣ Q♣ K♠ (25 card points), so South's hold 5. Deal: North 50, South 25."""
    state = position(
        ["7C", "7D"],
        won={0: "AH KH 8H AC QC KS 9C 9D TD TS JS 8C 8D 7S", 1: "QH AD KD QD KC AS QS 8S JD JC TC 9S 9H TH 7H JH"},
        marriages={0: ["KD QD JD"], 1: ["KS QS"]},
        meld_points=(25, 20),
        won_by=1,
    )
    assert GAME.view_for(state, None).scores == (25, 20)
    state = play(GAME, state, "p:7C", "p:7D")
    (score,) = state.history
    assert score.melds == (25, 20) and score.cards == (25, 5) and score.tricks == (8, 8)
    assert state.totals == (50, 25) and state.deal_no == 1
    assert GAME.outcome(state) is None and state.meld_points == (0, 0)
    assert set(state.revealed[0]) == set(parse_cards("AH KH 8H AC QC KS 9C 9D TD TS JS 8C 8D 7S 7C 7D"))
    assert GAME.view_for(state, None).revealed == state.revealed


EXAMPLE_DECK = "KD KS QD QS JD 8C KC QC AC 7H 8D JH TS 9S TH 7C KH 8H TC 9D QH AH TD AD JC AS 9C 7S 8S JS 9H 7D"
EXAMPLE_PLAY = (
    "p:TS p:9S p:TH p:JH p:AC p:8C m:KDQD p:8D p:9D m:KSQS p:KS p:KH p:AH p:8H m:JDKDQD p:KD p:AD p:QH p:QD "
    "p:7H p:KC p:QC p:TC p:JD p:7C p:7D p:9H p:QS p:JS p:AS p:7S p:8S p:TD p:9C p:JC"
)


def test_worked_example_played_out():
    """§3.6 as a whole deal (deck and play found by a search): North (seat 0) declares Marriage ♦ after trick 3
    and Ménage ♦ after trick 6, South the Spade Marriage after trick 4; North's tricks hold A♥ K♥ 8♥ A♣ Q♣ K♠."""
    state = GAME.new_state(None, 2, 1, parse_cards(EXAMPLE_DECK))
    declared = []
    for code in EXAMPLE_PLAY.split():
        seat = GAME.current_seat(state)
        if code.startswith("m:"):
            declared.append((sum(state.tricks), seat, code))
        state = play(GAME, state, code)
    assert declared == [(3, 0, "m:KDQD"), (4, 1, "m:KSQS"), (6, 0, "m:JDKDQD")]
    (score,) = state.history
    assert score.melds == (25, 20) and score.cards == (25, 5)
    assert state.totals == (50, 25) and state.deal_no == 1 and GAME.outcome(state) is None
    north_points = {card for card in state.revealed[0] if card_points([card])}
    assert north_points == set(parse_cards("AH KH 8H AC QC KS"))


def test_target_is_checked_at_deal_end_only():
    """A4: meld points may pass the target mid-deal; the game still ends only at the deal's end."""
    state = position(["AC KD QD", "8C 7S 8S"], totals=(60, 0), meld_points=(0, 0))
    state = play(GAME, state, "p:AC", "p:8C", "m:KDQD")
    assert GAME.view_for(state, None).scores == (75, 0) and GAME.outcome(state) is None
    state = play(GAME, state, "p:KD", "p:7S", "p:QD", "p:8S")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.reason == EndReason.COMPLETED
    assert GAME.current_seat(state) is None and GAME.legal_actions(state, 0) == ()
    assert outcome.scores == state.totals and state.totals[0] >= 70
    with pytest.raises(GameOverError):
        GAME.apply_action(state, 0, Play(Card.parse("7C")))
    with pytest.raises(GameOverError):
        GAME.resign(state, 1)


def test_highest_total_wins_and_a_tie_plays_another_deal():
    """A4: several sides over the target → the highest wins; an exact tie at the top → another deal."""
    won = {0: "AH KH QH 8H", 1: "AC KC QC AD"}
    both = play(GAME, position(["7C", "9C"], totals=(60, 60), won=won, won_by=1), "p:7C", "p:9C")
    assert both.over and both.deal_no == 0 and both.totals == (95, 55)
    outcome = GAME.outcome(both)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (95, 55)
    tie = play(GAME, position(["7C", "9C"], totals=(80, 60), won={0: "AC 7D"}, won_by=1), "p:7C", "p:9C")
    assert tie.totals == (85, 85) and GAME.outcome(tie) is None and tie.deal_no == 1


def test_three_player_target_50_and_four_player_targets():
    """§3.5, A12: 50 for 3p, 70 for 4p one deck, 130 for two decks; partners' scores add up."""
    assert GAME.view_for(GAME.new_state(None, 3, 0), None).target == 50
    assert GAME.view_for(GAME.new_state(None, 4, 0), None).target == 70
    assert GAME.view_for(GAME.new_state({"decks": 2}, 4, 0), None).target == 130
    assert GAME.view_for(GAME.new_state(None, 2, 0), None).target == 70
    melded = {0: ["KD QD"], 2: ["KS QS"]}
    hands = ["7C", "8C", "9C", "JC"]
    state = position(hands, totals=(40, 50), marriages=melded, meld_points=(15, 0, 20, 0), won={0: "AH KH"})
    assert GAME.view_for(state, None).scores == (75, 50)
    state = play(GAME, state, "p:7C", "p:8C", "p:9C", "p:JC")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0, 2) and outcome.scores[0] == outcome.scores[2]
    assert outcome.summary is not None and outcome.summary.key == "pebbles.won.partners"
    assert outcome.summary.arg("side") == Phrase.of("pebbles.partners", first=1, second=3)


@pytest.mark.parametrize("seats, decks, target", [(2, 1, 70), (3, 1, 50), (4, 1, 70), (4, 2, 130)])
def test_the_game_ends_when_a_deal_brings_a_side_to_its_target(seats, decks, target):
    """§3.5, A12: 70 for 2p, 50 for 3p (33 cards), 70 for 4p with one deck, 130 with two; one point short plays
    another deal. Seat 0's tricks hold A♣ (5); the rest of the card points go to seat 1, below the target."""
    hands = ["7C", "8C", "9C", "JC"][:seats]
    for before, over in ((target - 5, True), (target - 6, False)):
        totals = (before,) + (0,) * (1 if seats == 4 else seats - 1)
        state = position(hands, decks=decks, totals=totals, won={0: "AC"}, won_by=1)
        state = play(GAME, state, *(f"p:{card}" for card in hands))
        assert state.totals[0] == before + 5 and state.over == over
        assert state.history[0].cards[0] == 5 and max(state.totals[1:]) < target
        outcome = GAME.outcome(state)
        assert (outcome is not None and outcome.winners[0] == 0) if over else outcome is None


def test_negative_totals_are_allowed():
    """A14: spade pebbles can make a total negative."""
    state = play(GAME, position(["7C", "8C"], won={0: "AS KS QS 8S"}, won_by=1), "p:7C", "p:8C")
    assert state.totals[0] < 0 and state.history[0].cards[0] == -35


def test_resign_ends_the_game_for_the_side():
    state = GAME.new_state(None, 4, 3)
    after, events = GAME.resign(state, 1)
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.reason == EndReason.RESIGNED and outcome.winners == (0, 2)
    assert (
        events[0].phrase
        == outcome.summary
        == Phrase.of(
            "pebbles.resigned",
            seat=seat_name(2),
            winners=Phrase.of("list.and", items=(Phrase.of("pebbles.partners", first=1, second=3),)),
            count=2,
        )
    )
    three = GAME.outcome(GAME.resign(GAME.new_state(None, 3, 3), 0).state)
    assert three is not None and three.winners == (1, 2)
    with pytest.raises(GameOverError):
        GAME.resign(after, 0)


def test_no_undo():
    assert GAME.allows_undo({}) is False


# Views (§3.2, §7.2, A13)


def test_views_show_own_hand_only():
    """Each seat sees its own hand; the public sees sizes, melds, trick, pile size, scores and trump."""
    state = play(GAME, GAME.new_state(None, 3, 4), "p:" + GAME.new_state(None, 3, 4).hands[2][0].ident)
    public = GAME.view_for(state, None)
    assert isinstance(public, PebblesView)
    assert public.hand == () and public.legal == () and public.hand_sizes == (7, 7, 6)
    assert public.pile_size == 12 and public.trump == Suit.HEARTS and public.turn == 0
    assert public.trick == ((2, state.trick[0]),) and public.tricks_won == (0, 0, 0)
    for seat in range(3):
        view = GAME.view_for(state, seat)
        assert view.hand == state.hands[seat]
        assert view.legal == GAME.legal_actions(state, seat)
    assert GAME.view_for(state, 1).legal == ()


def test_won_tricks_stay_hidden_and_only_the_last_trick_shows():
    """A13: the current and last completed trick are public; earlier tricks and won cards are not in views."""
    state = play(GAME, position(["AC 9C 7D", "8C TC 8D"], won={1: "KS QS"}), "p:AC", "p:8C", "p:9C", "p:TC")
    view = GAME.view_for(state, 0)
    assert [card.ident for _, card in view.last_trick] == ["9C", "TC"] and view.last_winner == 1
    shown = {card for card in _cards_in(view)}
    assert Card.parse("AC") not in shown and Card.parse("KS") not in shown
    assert view.tricks_won == state.tricks and view.revealed == ()


def _cards_in(value: Any) -> set[Card]:
    if isinstance(value, Card):
        return {value}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return set().union(*(_cards_in(getattr(value, item.name)) for item in dataclasses.fields(value)))
    if isinstance(value, tuple | list):
        return set().union(*(_cards_in(item) for item in value)) if value else set()
    return set()


# Codes


@pytest.mark.parametrize(
    "code, action",
    [
        ("p:QS", Play(Card.parse("QS"))),
        ("p:QS1", Play(Card.parse("QS1"))),
        ("p:8H1", Play(Card.parse("8H1"))),
        ("m:KDQD", Declare(parse_cards("KD QD"))),
        ("m:KD1QD", Declare(parse_cards("KD1 QD"))),
        ("m:JDKDQD1", Declare(parse_cards("JD KD QD1"))),
        ("pass", Pass()),
    ],
)
def test_codes_round_trip(code, action):
    assert GAME.parse_action(code) == action and action.code == code and len(code) <= 30


@pytest.mark.parametrize(
    "code",
    [
        "",
        "p:",
        "p:2S",
        "p:QS2",
        "p:10S",
        "p:qs",
        "m:QDKD",
        "m:KDQH",
        "m:KD",
        "m:JDKD",
        "m:KDQDJD",
        "m:JHKDQD",
        "m:KDQD2",
        "Pass",
        "p:QSx",
        "x",
        None,
        3,
    ],
)
def test_garbage_codes_are_refused(code):
    with pytest.raises(InvalidActionError):
        GAME.parse_action(code)


def test_phrases():
    assert Play(Card.parse("TS")).phrase == Phrase.of("pebbles.play", card=Card.parse("TS"))
    assert Declare(parse_cards("KH QH")).phrase == Phrase.of(
        "pebbles.declare", name=Phrase.of("pebbles.marriage"), king=Card.parse("KH"), queen=Card.parse("QH"), points=15
    )
    assert Pass().phrase == Phrase.of("pebbles.pass")


def seat_name(number: int) -> Phrase:
    """ "Seat 1" (numbered from 1)."""
    return Phrase.of("seat.name", number=number)


def deck_card(ident: str, decks: int) -> Card | Phrase:
    """The card as the two-deck game names it, marked with its deck."""
    return marked_card(Card.parse(ident), decks)


def test_two_deck_phrases_mark_the_deck():
    """Two decks: the two copies of a card never read alike, in actions, events and refusals; one deck (also the
    3-player game's two 8♥) reads as before."""
    hands = ["AC TC 9C KD KD1 QD QD1", "8C JC 7C 8C1 JC1 7C1 9C1", "7S 8S 9S JS TS 7S1 8S1", "9D JD 8D 7D 9D1 JD1 8D1"]
    state = position(hands, decks=2)
    phrases = [action.phrase for action in GAME.legal_actions(state, 0)]
    idents = ("AC", "TC", "9C", "KD", "KD1", "QD", "QD1")
    assert phrases == [Phrase.of("pebbles.play", card=deck_card(ident, 2)) for ident in idents]
    assert deck_card("KD1", 2) == Phrase.of("pebbles.card_of_deck", card=Card.parse("KD1"), deck=2)
    state, events = GAME.apply_action(state, 0, Play(Card.parse("AC")))
    assert events[0].phrase == Phrase.of("pebbles.played", seat=seat_name(1), card=deck_card("AC", 2))
    assert refusal(GAME, state, "p:7S1") == Phrase.of("pebbles.not_held", card=deck_card("7S1", 2))
    state = play(GAME, state, "p:8C", "p:7S", "p:9D")
    offered = {action.code: action.phrase for action in GAME.legal_actions(state, 0) if isinstance(action, Declare)}
    marriage = Phrase.of("pebbles.marriage")
    assert offered["m:KDQD1"] == Phrase.of(
        "pebbles.declare", name=marriage, king=deck_card("KD", 2), queen=deck_card("QD1", 2), points=15
    )
    assert offered["m:KD1QD"] == Phrase.of(
        "pebbles.declare", name=marriage, king=deck_card("KD1", 2), queen=deck_card("QD", 2), points=15
    )
    assert len(set(offered.values())) == len(offered) == 4
    _, events = GAME.apply_action(state, 0, Declare(parse_cards("KD1 QD1")))
    assert events[0].phrase == Phrase.of(
        "pebbles.declared",
        seat=seat_name(1),
        name=marriage,
        king=deck_card("KD1", 2),
        queen=deck_card("QD1", 2),
        points=15,
    )
    assert marked_card(Card.parse("8H1"), 1) == Card.parse("8H1")
    three = GAME.new_state(None, 3, 0)
    plays = [action for action in GAME.legal_actions(three, GAME.current_seat(three)) if isinstance(action, Play)]
    assert plays and all(isinstance(play.phrase.arg("card"), Card) for play in plays)


def test_events_are_public_sentences():
    state = position(["7C 9S", "8C 9D"], pile="KH QH")
    _, events = GAME.apply_action(play(GAME, state, "p:7C"), 1, Play(Card.parse("8C")))
    assert [event.phrase for event in events] == [
        Phrase.of("pebbles.played", seat=seat_name(2), card=Card.parse("8C")),
        Phrase.of("pebbles.won_trick", seat=seat_name(2)),
        Phrase.of("pebbles.drew_last"),
    ]


def test_deal_end_events_show_the_deal_and_the_running_totals():
    """§3.5, §7.2: the deal's winner with each side's meld and card points, the running totals, then who deals
    and leads next."""
    state = play(GAME, position(["7C", "8C"], totals=(10, 20), won={0: "AC"}, won_by=1), "p:7C")
    phrases = [event.phrase for event in GAME.apply_action(state, 1, Play(Card.parse("8C"))).events]
    won = Phrase.of("pebbles.deal_score", points=25, melds=0, cards=25)
    lost = Phrase.of("pebbles.deal_score", points=5, melds=0, cards=5)
    totals = (
        Phrase.of("pebbles.side_total", side=seat_name(1), total=15),
        Phrase.of("pebbles.side_total", side=seat_name(2), total=45),
    )
    assert phrases[-2:] == [
        Phrase.of(
            "pebbles.deal_won",
            number=1,
            winner=seat_name(2),
            score=won,
            others=Phrase.of(
                "list.semicolons", items=(Phrase.of("pebbles.side_score", side=seat_name(1), score=lost),)
            ),
            running=Phrase.of("list.commas", items=totals),
        ),
        Phrase.of("pebbles.dealt", number=2, dealer=seat_name(1), leader=seat_name(2)),
    ]


def test_the_deal_summary_names_the_winning_side_and_is_in_the_public_view():
    """§3.5 "Win a deal by winning the most points": 4 players by side (partners add up); a view shows the last
    finished deal per side."""
    melded = {0: ["KD QD"], 2: ["KS QS"], 1: ["KC QC"]}
    state = position(
        ["7C", "8C", "9C", "JC"], marriages=melded, meld_points=(15, 15, 20, 0), won={0: "AH KH", 3: "AS"}, won_by=1
    )
    assert GAME.view_for(state, None).last_deal is None
    state, events = GAME.apply_action(play(GAME, state, "p:7C", "p:8C", "p:9C"), 3, Play(Card.parse("JC")))
    over = events[-2].phrase
    partners = Phrase.of("pebbles.partners", first=1, second=3), Phrase.of("pebbles.partners", first=2, second=4)
    assert over.key == "pebbles.deal_won.partners" and over.arg("winner") == partners[0]
    assert over.arg("score") == Phrase.of("pebbles.deal_score", points=50, melds=35, cards=15)
    second = Phrase.of(
        "pebbles.side_score", side=partners[1], score=Phrase.of("pebbles.deal_score", points=30, melds=15, cards=15)
    )
    assert over.arg("others") == Phrase.of("list.semicolons", items=(second,))
    summary = GAME.view_for(state, None).last_deal
    assert summary == DealSummary(
        number=1, melds=(35, 15), cards=(15, 15), points=(50, 30), tricks=(0, 8), winners=(0,)
    )
    assert GAME.view_for(state, 2).last_deal == summary


def test_a_deal_can_be_tied():
    tie = play(GAME, position(["7C", "9C"], won={0: "AC AD AH"}, won_by=1), "p:7C")
    events = GAME.apply_action(tie, 1, Play(Card.parse("9C"))).events
    score = Phrase.of("pebbles.deal_score", points=15, melds=0, cards=15)
    sides = seat_name(1), seat_name(2)
    assert events[2].phrase == Phrase.of(
        "pebbles.deal_tied",
        number=1,
        tied=Phrase.of("list.and", items=sides),
        everyone=Phrase.of(
            "list.semicolons", items=tuple(Phrase.of("pebbles.side_score", side=side, score=score) for side in sides)
        ),
        running=Phrase.of(
            "list.commas", items=tuple(Phrase.of("pebbles.side_total", side=side, total=15) for side in sides)
        ),
    )


# Snapshots


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data.update(game="peek"),
        lambda data: data.update(schema=SCHEMA + 1),
        lambda data: data["hands"][0].append(data["pile"].pop()),
        lambda data: data["hands"][0].pop(),
        lambda data: data["hands"].pop(),
        lambda data: data["pile"].pop(),
        lambda data: data["hands"][1].__setitem__(0, "XX"),
        lambda data: data["hands"][1].__setitem__(0, "2C"),
        lambda data: data.update(decks=2),
        lambda data: data.update(seats=5),
        lambda data: data.update(leader=7),
        lambda data: data.update(phase="bid"),
        lambda data: data.update(phase="partner"),
        lambda data: data.update(over="no"),
        lambda data: data.update(deal_no=3),
        lambda data: data.update(totals=[0]),
        lambda data: data.update(tricks=[1, 0]),
        lambda data: data["marriages"][0].append(["KD", "QH"]),
        lambda data: data["marriages"][0].append(["QD", "KD"]),
        lambda data: data.update(either_declares=True),
        lambda data: data.update(resigned=9),
        lambda data: data.pop("won"),
        lambda data: data.update(last_trick=data["hands"][1][:2]),
        lambda data: data.update(revealed=[["AS"], ["AS"]]),
        lambda data: data.update(drawn=["2C", None]),
        lambda data: data["marriages"][0].append(["KD1", "QD1"]),
        lambda data: data["marriages"][0].append(["KD", "QD"]),
        lambda data: data.update(meld_points=[15, 0]),
    ],
)
def test_corrupt_snapshots_are_refused(damage):
    data = json.loads(json.dumps(GAME.to_dict(GAME.new_state(None, 2, 8))))
    damage(data)
    with pytest.raises(CorruptStateError):
        GAME.from_dict(data)


def test_a_jack_in_two_menages_is_a_corrupt_snapshot():
    """A9: each J in at most one ménage, also with two decks."""
    hands = ["AC KD QD KD1 QD1 JD 7D", "8C 9C JC 7C 8C1 9C1 JC1", "7S 8S 9S JS TS 7S1 8S1", "9D TD 8D 7H 8H 9H JD1"]
    position(hands, decks=2, marriages={0: ["KD QD JD", "KD1 QD1"]}, meld_points=(40, 0, 0, 0))
    with pytest.raises(CorruptStateError, match="meld rules"):
        position(hands, decks=2, marriages={0: ["KD QD JD", "KD1 QD1 JD"]}, meld_points=(50, 0, 0, 0))


def test_a_remarriage_beside_its_complete_first_marriage_is_a_corrupt_snapshot():
    """A9: K♦ married again while Q♦ of its first marriage is still in the hand."""
    hands = ["AC KD QD QD1 JD 9D 7D", "8C 9C JC 7C 8C1 9C1 JC1", "7S 8S 9S JS TS 7S1 8S1", "TD 8D 7H 8H 9H JD1 TD1"]
    with pytest.raises(CorruptStateError, match="married again beside its partner"):
        position(hands, decks=2, marriages={0: ["KD QD", "KD QD1"]}, meld_points=(30, 0, 0, 0))
    played = [hand.replace(" QD ", " ") for hand in hands[:1]] + hands[1:]
    played[0] += " 8D1"
    position(played, decks=2, marriages={0: ["KD QD", "KD QD1"]}, meld_points=(30, 0, 0, 0))


def test_snapshot_round_trips_mid_game():
    state = play(GAME, position(["AC KD QD", "8C 9C TC"], pile="", either=False), "p:AC", "p:8C", "m:KDQD")
    assert GAME.from_dict(json.loads(json.dumps(GAME.to_dict(state)))) == state
