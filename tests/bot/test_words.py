"""bot/words: every phrase the engines and the table say has its English template, and reads as it always did."""

import ast
import random
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot import words
from bot.errors import text_for
from bot.words import TEMPLATES, card_text, say
from bot.words.templates import Join
from games import GAMES
from games.ai.registry import HINTS
from games.base import Game
from games.cards import Card, Rank, parse_cards
from games.errors import EngineError, IllegalActionError, PlayerError
from games.pebbles import marked_card
from games.phrases import Phrase

ROOT = Path(__file__).resolve().parent.parent.parent
KEY = re.compile(r"[a-z][a-z_]*(\.[a-z_]+)+")
GARBAGE = ["", "x", "c9>f", "r5>f", "p:ZZ", "p:2C", "m:KDQS", "t99", "p.5H>b3.4H2", "c1.AS>c1.2S", "c3:9>c5"]
GARBAGE += ["k1>k", "w.2S>b+", "c2.9H>c8.TS", "c2.XX>b+", "m:JDKDQD5", "p:QS7"]
VARIANTS: dict[str, list[tuple[dict[str, Any], int]]] = {
    "peanuts": [({}, 2), ({"nerts_rescue": True}, 2), ({"turns": True}, 2)],
    "pebbles": [({}, 2), ({}, 3), ({}, 4), ({"decks": 2}, 4), ({"either_partner_declares": True}, 4)],
    "peek": [({}, 1), ({"three_card": True}, 1)],
    "penguin": [({}, 1)],
    "triplepeaks": [({}, 1), ({"multiplier": True}, 1), ({"progressive": True}, 1)],
}


def refused(call: Any, *args: Any) -> Iterator[Phrase]:
    """The phrase of the error a player would be told, when ``call`` refuses."""
    try:
        call(*args)
    except PlayerError as error:
        yield error.phrase


def refusals_at_the_edge(key: str, game: Game[Any]) -> Iterator[Phrase]:
    """Bad options, seat counts, decks, codes and claims, and the option descriptions."""
    for option in game.options:
        yield option.description
        yield from refused(game.resolve_options, {option.key: "x"})
        yield from refused(game.resolve_options, {option.key: 3})
    yield from refused(game.resolve_options, {"no_such_option": True})
    for seats in (0, 5):
        yield from refused(game.new_state, None, seats, 1)
    yield from refused(game.new_state, None, game.min_seats, 1, ())
    yield from refused(game.claim, game.new_state(None, game.min_seats, 1), 0)
    for code in GARBAGE:
        yield from refused(game.parse_action, code)
    if key == "pebbles":
        yield from refused(game.new_state, {"decks": 2}, 2, 1)
        yield from refused(game.new_state, {"either_partner_declares": True}, 2, 1)


def phrases_along_games(key: str, game: Game[Any], seeds: int) -> Iterator[Phrase]:
    """Random games of each variant: every listed action, event, refusal of a stale action and of the wrong
    seat, outcome and end-of-game refusal."""
    for options, seats in VARIANTS[key]:
        for seed in range(seeds):
            rng, state = random.Random(seed), game.new_state(options, seats, seed)
            seen: list[Any] = []
            for _ in range(250):
                turn = game.current_seat(state)
                if game.outcome(state) is not None:
                    break
                movers = [
                    seat for seat in ([turn] if turn is not None else range(seats)) if game.legal_actions(state, seat)
                ]
                if not movers:
                    break
                seat = rng.choice(movers)
                legal = game.legal_actions(state, seat)
                yield from (action.phrase for action in legal)
                for stale in seen[-20:]:
                    if stale not in legal:
                        yield from refused(game.apply_action, state, seat, stale)
                if turn is not None:
                    yield from refused(game.apply_action, state, (seat + 1) % seats, legal[0])
                seen += legal
                state, events = game.apply_action(state, seat, rng.choice(legal))
                yield from (event.phrase for event in events)
            if game.outcome(state) is None:
                yield from (event.phrase for event in game.resign(state, 0).events)
                state = game.resign(state, 0).state
            outcome = game.outcome(state)
            assert outcome is not None and outcome.summary is not None
            yield outcome.summary
            yield from refused(game.resign, state, 0)


def hints_along_games(key: str, seeds: int) -> Iterator[Phrase]:
    """The hints of a few positions along random games."""
    game = GAMES[key]
    for seed in range(seeds):
        rng, state = random.Random(seed), game.new_state(None, 1, seed)
        for step in range(60):
            if game.outcome(state) is not None:
                break
            if step % 12 == 0 and (hint := HINTS[key](state)) is not None:
                yield hint.action.phrase
                yield hint.why
            state = game.apply_action(state, 0, rng.choice(game.legal_actions(state, 0))).state


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_phrase_a_game_says_has_its_words(key):
    """Everything a game can say, along random games and at its edges, is worded: a template for every key,
    every placeholder filled, the parts worded (no phrase, card or rank left as a value)."""
    game = GAMES[key]
    said = list(refusals_at_the_edge(key, game)) + list(phrases_along_games(key, game, 3))
    if key in HINTS:
        said += hints_along_games(key, 2)
    keys = set()
    for phrase in said:
        text = say(phrase)
        assert text and "{" not in text and "Phrase(" not in text and "Card.parse" not in text, (phrase, text)
        keys.add(phrase.key)
    assert len(keys) > 20


def _keys_in(path: Path) -> Iterator[str | re.Pattern[str]]:
    """The phrase keys a module names: the first argument of ``Phrase.of`` and what a ``key`` variable is given,
    as literals, or as patterns for f-strings."""
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "of" and node.args:
            given: ast.AST = node.args[0]
        elif isinstance(node, ast.Assign) and [getattr(target, "id", "") for target in node.targets] == ["key"]:
            given = node.value
        else:
            continue
        for inner in ast.walk(given):
            if isinstance(inner, ast.JoinedStr):
                parts = [
                    re.escape(part.value) if isinstance(part, ast.Constant) else "[a-z_]+" for part in inner.values
                ]
                yield re.compile("".join(parts))
            elif isinstance(inner, ast.Constant) and isinstance(inner.value, str) and KEY.fullmatch(inner.value):
                yield inner.value


def test_every_key_named_in_the_code_has_a_template_and_every_template_a_key():
    """Statically, over games/ and bot/: each key the code names is worded, and no template waits for a key
    that nothing says (keys built in f-strings count by their pattern)."""
    paths = [
        *(ROOT / "games").rglob("*.py"),
        *(path for path in (ROOT / "bot").rglob("*.py") if "words" not in path.parts),
    ]
    named = [key for path in paths for key in _keys_in(path)]
    literals = {key for key in named if isinstance(key, str)}
    patterns = [key for key in named if isinstance(key, re.Pattern)]
    assert literals - TEMPLATES.keys() == set()
    assert all(any(key for key in TEMPLATES if pattern.fullmatch(key)) for pattern in patterns)
    unsaid = {key for key in TEMPLATES if key not in literals and not any(p.fullmatch(key) for p in patterns)}
    assert unsaid == set()


def _fields(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def test_templates_are_whole_and_their_variants_agree():
    """Placeholders are names, and a plural's or an article's two forms take the same parts (lists have none)."""
    for key, template in TEMPLATES.items():
        if isinstance(template, Join):
            continue
        forms = [template] if isinstance(template, str) else [template[0], template[1]]
        fields = [_fields(form) for form in forms]
        assert all(name.isidentifier() for name in fields[0]), key
        assert all(other == fields[0] for other in fields), key


def test_each_module_words_its_own_keys_once():
    """Game modules word only their game's keys; no key is worded by two modules."""
    modules = (
        words.common,
        words.table,
        words.tournament,
        words.peek,
        words.penguin,
        words.triplepeaks,
        words.pebbles,
        words.peanuts,
    )
    assert sum(len(module.TEMPLATES) for module in modules) == len(TEMPLATES)
    for module in modules[2:]:
        game = module.__name__.rpartition(".")[2]
        assert all(key.startswith(game + ".") for key in module.TEMPLATES), game


def test_the_english_reads_as_it_always_did():
    """Known sentences, word for word: cards with their ten, plurals, articles, lists and nested phrases."""
    ten, seven = Card.parse("TS"), Card.parse("7H")
    assert card_text(ten) == "10\u2660" and words.rank_text(Rank.TEN) == "10"
    assert say(Phrase.of("peek.cannot_start", card=Card.parse("9S"), rank=seven.rank, base=seven)) == (
        "9♠ cannot start a foundation: only a 7 can, the rank of 7♥."
    )
    assert say(Phrase.of("penguin.empty_column_rank", rank=Rank.EIGHT)) == "Only an 8 can start an empty column."
    assert say(Phrase.of("penguin.empty_column_rank", rank=Rank.ACE)) == "Only an A can start an empty column."
    assert [say(Phrase.of("peek.draw", count=count)) for count in (1, 3)] == ["Turn 1 card", "Turn 3 cards"]
    assert say(Phrase.of("peek.turned", cards=parse_cards("2D 2S 2C"))) == "You turned 2♦, 2♠, 2♣."
    points, left = Phrase.of("count.points", count=3), Phrase.of("count.cards", count=1)
    assert say(Phrase.of("triplepeaks.turned.cost_floored", card=Card.parse("JD"), cost=points, left=left)) == (
        "Turned J♦ from the stock: \u22123 points (a stock card costs 5, but the score never goes below 0); "
        "1 card left."
    )
    seats = Phrase.of("seat.name", number=1), Phrase.of("seat.name", number=2)
    score = Phrase.of("pebbles.deal_score", points=15, melds=0, cards=15)
    tied = Phrase.of(
        "pebbles.deal_tied",
        number=1,
        tied=Phrase.of("list.and", items=seats),
        everyone=Phrase.of(
            "list.semicolons", items=tuple(Phrase.of("pebbles.side_score", side=s, score=score) for s in seats)
        ),
        running=Phrase.of("list.commas", items=tuple(Phrase.of("pebbles.side_total", side=s, total=15) for s in seats)),
    )
    assert say(tied) == (
        "Deal 1 is over: Seat 1 and Seat 2 tie for the deal; Seat 1 15 (0 meld, 15 card points); "
        "Seat 2 15 (0 meld, 15 card points). Running totals: Seat 1 15, Seat 2 15."
    )
    marriage = Phrase.of(
        "pebbles.declare",
        name=Phrase.of("pebbles.marriage"),
        king=marked_card(Card.parse("KD1"), 2),
        queen=marked_card(Card.parse("QD"), 2),
        points=15,
    )
    assert say(marriage) == "Marriage K\u2666 (2) Q\u2666 (1) (+15)"
    assert say(Phrase.of("pebbles.won", side=seats[0], best=71, others=(40,))) == "Seat 1 wins with 71 to 40."
    names = ("<@1>", None)  # who sits where, as a shared message names them; an empty seat keeps its number
    assert say(tied, names=names).startswith("Deal 1 is over: <@1> and Seat 2 tie for the deal; <@1> 15 (0 meld")
    assert say(Phrase.of("pebbles.won", side=seats[0], best=71, others=(40,)), names=names) == (
        "<@1> wins with 71 to 40."
    )
    moved = Phrase.of("peanuts.turned", player=Phrase.of("peanuts.player", number=2), count=3)
    assert say(moved, names=("<@1>", "AI (hard)")).startswith("AI (hard) ")
    theirs = Phrase.of("peanuts.theirs", card=Card.parse("2H1"))
    assert say(Phrase.of("peanuts.pile_moved_on", pile=1, shown=theirs, expected=Card.parse("2H"))) == (
        "Pile 1 moved on: it shows the other player's 2♥, not 2♥."
    )
    assert say(GAMES["penguin"].parse_action("c3:2>c5").phrase) == "column 3 + 1 \u2192 column 5"
    assert (
        say(Phrase.of("peek.bad_code", code="x")) == "'x' is not a Peek move (try 'r2>f', 'w>f', 'draw' or 'redeal')."
    )


def test_a_key_without_words_is_a_bug_not_a_sentence():
    with pytest.raises(KeyError):
        say(Phrase.of("peek.no_such_thing"))


def test_errors_are_told_in_words():
    """A refusal a player caused is worded; a developer's diagnostic is shown as it is."""
    assert text_for(IllegalActionError(Phrase.of("turn.not_yours"))) == "It is not your turn."
    assert text_for(EngineError("A text for developers.")) == "A text for developers."
    assert str(IllegalActionError(Phrase.of("peek.reserve_empty", reserve=3))) == "peek.reserve_empty(reserve=3)"
