"""Triple Peaks, the Aisleriot Tri Peaks patience (RULES.md §5).

One player, one deck. The tableau has 28 *slots* numbered in the canonical deal order (§5.1):
0–2 are the peak tips (row A), 3–8 row B, 9–17 row C and 18–27 the shared base row D. The deal
puts the first 18 cards face down in rows A–C, the next 10 face up in row D, one card on the
waste and the last 23 in the stock (top first). A slot is *covered* while a card lies on one of
the two slots of the row below that overlap it (:data:`COVERED_BY`, from Aisleriot's
``check-for-flips``); a tableau card is face up exactly when it is not covered (§5.4).

Moves (§5.3): play a face-up tableau card one rank above or below the waste top, suit ignored,
K and A connecting both ways (:class:`Play`); or turn the top stock card onto the waste
(:class:`Draw`), allowed whenever the stock is not empty. No redeal.

Scoring (§5.6): the n-th tableau card played since the last stock card was turned (the dealt
waste card starts the first run) scores n; each stock card turned costs 5, never below 0
(§5.8 A2); removing a peak tip adds 15, the last of the three 30 (so one round scores at most
466). The ``multiplier`` option (§5.7) scores 2^(n-1) per card instead, turns the stock for free
and pays 25, 25 and 50. The ``progressive`` option deals a new round (from the seed, see
:func:`round_deck`) as soon as the tableau is cleared, with the score carried over (§5.8 A5);
such a game only ends when no move is left or the player resigns, so it is never "won". The
``practice`` option only allows undo: scored play has none (§5.8 A6).

The waste holds every card turned or played this round, bottom first; the top ``run + 1`` cards
are the current scoring run, the cards below it the older runs that Aisleriot sets aside face
down. Views show the current run and counts only for the older runs and the stock; face-down
tableau cards never leave the engine (§5.2).

Action codes: ``"t12"`` (play the card in slot 12) and ``"draw"``.
"""

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from games.base import GAME_OVER, SCHEMA, EndReason, Event, Game, Option, Outcome, Seat, Transition, check_seats
from games.cards import DECK, Card, shuffled
from games.errors import CorruptStateError, GameOverError, InvalidActionError, InvalidOptionError
from games.phrases import Phrase
from games.snapshot import Reader

SLOTS = 28
STOCK = 52 - SLOTS - 1
"""Stock cards at the deal: 23 (§5.1)."""
TIPS = (0, 1, 2)
DRAW_CODE = "draw"
_PLAY_CODE = re.compile(r"t(0|[1-9][0-9]?)")


def _covered_by() -> tuple[tuple[int, ...], ...]:
    """For each slot, the two slots of the next row that overlap it (RULES.md §5.1 table)."""
    table: list[tuple[int, ...]] = []
    for tip in range(3):
        table.append((3 + 2 * tip, 4 + 2 * tip))
    for j in range(6):
        peak, side = divmod(j, 2)
        table.append((9 + 3 * peak + side, 10 + 3 * peak + side))
    for j in range(9):
        table.append((18 + j, 19 + j))
    table.extend(() for _ in range(10))
    return tuple(table)


COVERED_BY: tuple[tuple[int, ...], ...] = _covered_by()
"""``COVERED_BY[slot]``: the slots whose cards cover ``slot`` (empty for row D)."""

COVERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(other for other in range(SLOTS) if slot in COVERED_BY[other]) for slot in range(SLOTS)
)
"""``COVERS[slot]``: the slots that the card in ``slot`` covers (empty for the tips)."""


@dataclass(frozen=True, slots=True)
class Play:
    """Play the face-up tableau card in ``slot`` onto the waste.

    ``card`` only makes the phrase readable; it is not part of the action's identity.
    """

    slot: int
    card: Card | None = field(default=None, compare=False)

    @property
    def code(self) -> str:
        """``"t0"`` … ``"t27"``."""
        return f"t{self.slot}"

    @property
    def phrase(self) -> Phrase:
        """E.g. "7♥ → waste"."""
        return Phrase.of("triplepeaks.play", what=self.card if self.card else slot_name(self.slot))


@dataclass(frozen=True, slots=True)
class Draw:
    """Turn the top stock card onto the waste, starting a new run."""

    @property
    def code(self) -> str:
        """Always ``"draw"``."""
        return DRAW_CODE

    @property
    def phrase(self) -> Phrase:
        """Always "Turn a stock card"."""
        return Phrase.of("triplepeaks.draw")


TriplePeaksAction = Play | Draw


@dataclass(frozen=True, slots=True)
class TriplePeaksState:
    """A Triple Peaks position.

    ``tableau`` has one entry per slot (None once played); ``waste`` is bottom first with its top
    ``run + 1`` cards the current run; ``stock`` is top first. ``seed`` deals later rounds.
    """

    seed: int
    multiplier: bool
    progressive: bool
    tableau: tuple[Card | None, ...]
    waste: tuple[Card, ...]
    stock: tuple[Card, ...]
    run: int = 0
    score: int = 0
    round: int = 1
    moves: int = 0
    resigned: bool = False


@dataclass(frozen=True, slots=True)
class TriplePeaksView:
    """What anyone may see.

    ``tableau`` holds the face-up cards by slot (None elsewhere) and ``face_down`` is True where a
    face-down card lies; ``waste`` is the current run, bottom first, its last card the waste top;
    ``set_aside`` and ``stock`` are counts. ``run`` is the number of tableau cards played in the
    current run and ``next_points`` what the next one would score (before any peak bonus).
    """

    tableau: tuple[Card | None, ...]
    face_down: tuple[bool, ...]
    waste: tuple[Card, ...]
    set_aside: int
    stock: int
    score: int
    run: int
    next_points: int
    peaks_cleared: int
    round: int
    multiplier: bool
    progressive: bool
    moves: int
    legal: tuple[TriplePeaksAction, ...]
    outcome: Outcome | None


def round_deck(seed: int, round_number: int) -> tuple[Card, ...]:
    """The shuffled deck of a round: round 1 from ``seed`` itself, later rounds from ``"seed:round"``."""
    return shuffled(DECK, seed if round_number == 1 else f"{seed}:{round_number}")


def deal(deck: Sequence[Card], seed: int, *, multiplier: bool = False, progressive: bool = False) -> TriplePeaksState:
    """Lay out ``deck`` (top first) in RULES.md §5.1's canonical order; score 0, round 1."""
    return TriplePeaksState(
        seed=seed,
        multiplier=multiplier,
        progressive=progressive,
        tableau=tuple(deck[:SLOTS]),
        waste=(deck[SLOTS],),
        stock=tuple(deck[SLOTS + 1 :]),
    )


def is_face_up(tableau: Sequence[Card | None], slot: int) -> bool:
    """Whether a card lies in ``slot`` and nothing covers it."""
    return tableau[slot] is not None and all(tableau[other] is None for other in COVERED_BY[slot])


def adjacent(card: Card, target: Card) -> bool:
    """Whether ``card`` is one rank above or below ``target``, K and A connecting (§5.3)."""
    return (card.rank - target.rank) % 13 in (1, 12)


def run_points(position: int, multiplier: bool) -> int:
    """What the ``position``-th tableau card of a run scores: n, or 2^(n-1) with the multiplier."""
    return 1 << (position - 1) if multiplier else position


def peaks_cleared(state: TriplePeaksState) -> int:
    """How many peak tips have been removed this round."""
    return sum(state.tableau[tip] is None for tip in TIPS)


def playable_slots(state: TriplePeaksState) -> tuple[int, ...]:
    """The slots whose card may be played now, in slot order."""
    top = state.waste[-1]
    return tuple(
        slot
        for slot, card in enumerate(state.tableau)
        if card is not None and adjacent(card, top) and is_face_up(state.tableau, slot)
    )


def _stuck(state: TriplePeaksState) -> bool:
    return not state.stock and not playable_slots(state)


def _cleared(state: TriplePeaksState) -> bool:
    return peaks_cleared(state) == len(TIPS)


def slot_name(slot: int) -> Phrase:
    """A tableau slot by number, for a card not known: "Slot 7"."""
    return Phrase.of("triplepeaks.slot", slot=slot)


def _points(count: int) -> Phrase:
    return Phrase.of("count.points", count=count)


def _play(state: TriplePeaksState, slot: int) -> tuple[TriplePeaksState, list[Event]]:
    """Play the card in ``slot`` with its run points and peak bonus; deal the next round if due."""
    card = state.tableau[slot]
    assert card is not None
    tableau = state.tableau[:slot] + (None,) + state.tableau[slot + 1 :]
    run = state.run + 1
    points = run_points(run, state.multiplier)
    events = [Event(Phrase.of("triplepeaks.played", card=card, points=_points(points), run=run))]
    if slot in TIPS:
        last = all(tableau[tip] is None for tip in TIPS)
        bonus = (50 if last else 25) if state.multiplier else (30 if last else 15)
        points += bonus
        key = "triplepeaks.last_peak_cleared" if last else "triplepeaks.peak_cleared"
        events.append(Event(Phrase.of(key, bonus=bonus)))
    after = replace(state, tableau=tableau, waste=state.waste + (card,), run=run, score=state.score + points)
    revealed = [card for other in COVERS[slot] if (card := tableau[other]) and is_face_up(tableau, other)]
    if len(revealed) == 1:
        events.append(Event(Phrase.of("triplepeaks.turned_up", card=revealed[0])))
    elif revealed:
        first, second = revealed
        events.append(Event(Phrase.of("triplepeaks.turned_up_two", first=first, second=second)))
    if _cleared(after) and state.progressive:
        after = _next_round(after)
        events.append(Event(Phrase.of("triplepeaks.next_round", round=after.round, score=after.score)))
    return after, events


def _next_round(state: TriplePeaksState) -> TriplePeaksState:
    """Gather, reshuffle and redeal the 52 cards for the next progressive round (§5.4)."""
    fresh = deal(round_deck(state.seed, state.round + 1), state.seed, multiplier=state.multiplier, progressive=True)
    return replace(fresh, score=state.score, round=state.round + 1, moves=state.moves)


def _draw(state: TriplePeaksState) -> tuple[TriplePeaksState, list[Event]]:
    """Turn the top stock card; the 5-point cost (default scoring) never takes the score below 0."""
    card = state.stock[0]
    score = state.score if state.multiplier else max(state.score - 5, 0)
    after = replace(state, waste=state.waste + (card,), stock=state.stock[1:], run=0, score=score)
    left = Phrase.of("count.cards", count=len(after.stock))
    floored = not state.multiplier and state.score - score < 5
    if score == state.score:
        key = "triplepeaks.turned.floored" if floored else "triplepeaks.turned"
        return after, [Event(Phrase.of(key, card=card, left=left))]
    key = "triplepeaks.turned.cost_floored" if floored else "triplepeaks.turned.cost"
    return after, [Event(Phrase.of(key, card=card, cost=_points(state.score - score), left=left))]


def _parse(code: Any) -> TriplePeaksAction:
    if not isinstance(code, str):
        raise InvalidActionError(Phrase.of("triplepeaks.not_a_move", code=str(code)))
    if code == DRAW_CODE:
        return Draw()
    match = _PLAY_CODE.fullmatch(code)
    if match is None or int(match.group(1)) >= SLOTS:
        raise InvalidActionError(Phrase.of("triplepeaks.bad_code", code=code))
    return Play(int(match.group(1)))


def _check_state(state: TriplePeaksState) -> None:
    """Raise CorruptStateError unless ``state`` obeys RULES.md §6.1 and the layout."""
    cards = [card for card in state.tableau if card is not None] + list(state.waste) + list(state.stock)
    if len(cards) != 52 or set(cards) != set(DECK):
        raise CorruptStateError("Triple Peaks snapshot does not hold each of the 52 cards exactly once.")
    for slot, card in enumerate(state.tableau):
        if card is None and any(state.tableau[other] is not None for other in COVERED_BY[slot]):
            raise CorruptStateError(f"Triple Peaks snapshot: slot {slot} is empty while still covered.")
    played = sum(card is None for card in state.tableau)
    if not state.waste or state.run > played or len(state.stock) > STOCK:
        raise CorruptStateError("Triple Peaks snapshot: the waste, the stock or the run length is wrong.")
    if len(state.stock) == STOCK and state.run != played:
        raise CorruptStateError("Triple Peaks snapshot: with no stock card turned, every card played is in the run.")
    if state.round > 1 and not state.progressive:
        raise CorruptStateError("Triple Peaks snapshot: only progressive games have more than one round.")
    if _cleared(state) and state.progressive:
        raise CorruptStateError("Triple Peaks snapshot: a cleared progressive round was not redealt.")


def _explain_play(state: TriplePeaksState, action: Play) -> Phrase:
    if not 0 <= action.slot < SLOTS:
        return Phrase.of("triplepeaks.not_a_move", code=action.code)
    card = state.tableau[action.slot]
    if card is None:
        return Phrase.of("triplepeaks.already_played")
    if not is_face_up(state.tableau, action.slot):
        return Phrase.of("triplepeaks.face_down")
    return Phrase.of("triplepeaks.does_not_go_on", card=card, top=state.waste[-1])


class TriplePeaks(Game[TriplePeaksState]):
    """Triple Peaks patience for one player (RULES.md §5)."""

    key = "triplepeaks"
    title = "Triple Peaks"
    min_seats = 1
    max_seats = 1
    hidden_information = True
    options = (
        Option("multiplier", False, Phrase.of("triplepeaks.option.multiplier")),
        Option("progressive", False, Phrase.of("triplepeaks.option.progressive")),
        Option("practice", False, Phrase.of("triplepeaks.option.practice")),
    )

    def new_state(
        self, options: Mapping[str, Any] | None, seats: int, seed: int, deck: Sequence[Card] | None = None
    ) -> TriplePeaksState:
        """Deal round 1 from ``seed``, or from ``deck`` (top first) when given. Raises InvalidOptionError."""
        resolved = self.resolve_options(options)
        check_seats(self, seats)
        if deck is None:
            cards = round_deck(seed, 1)
        else:
            cards = tuple(deck)
            if len(cards) != 52 or set(cards) != set(DECK):
                raise InvalidOptionError(Phrase.of("deck.one_deck", title=self.title))
        return deal(cards, seed, multiplier=resolved["multiplier"], progressive=resolved["progressive"])

    def current_seat(self, state: TriplePeaksState) -> Seat | None:
        """Seat 0 while the game runs."""
        return None if self.outcome(state) is not None else 0

    def legal_actions(self, state: TriplePeaksState, seat: Seat) -> tuple[TriplePeaksAction, ...]:
        """Plays in slot order, then Draw while the stock lasts; nothing once the game is over."""
        if seat != 0 or self.outcome(state) is not None:
            return ()
        plays: tuple[TriplePeaksAction, ...] = tuple(Play(slot, state.tableau[slot]) for slot in playable_slots(state))
        return plays + ((Draw(),) if state.stock else ())

    def _apply(self, state: TriplePeaksState, seat: Seat, action: TriplePeaksAction) -> Transition[TriplePeaksState]:
        after, events = _play(state, action.slot) if isinstance(action, Play) else _draw(state)
        after = replace(after, moves=state.moves + 1)
        end = self.outcome(after)
        if end is not None:
            assert end.summary is not None
            events.append(Event(end.summary))
        return Transition(after, tuple(events))

    def explain_illegal(self, state: TriplePeaksState, seat: Seat, action: Any) -> Phrase:
        """Why ``action`` is refused, as precisely as the position allows."""
        if isinstance(action, Draw):
            return Phrase.of("triplepeaks.stock_empty")
        if isinstance(action, Play):
            return _explain_play(state, action)
        return Phrase.of("triplepeaks.not_a_triplepeaks_move")

    def view_for(self, state: TriplePeaksState, viewer: Seat | None) -> TriplePeaksView:
        """The table without face-down or stock cards; legal actions for seat 0 only."""
        up = tuple(is_face_up(state.tableau, slot) for slot in range(SLOTS))
        return TriplePeaksView(
            tableau=tuple(card if shown else None for card, shown in zip(state.tableau, up)),
            face_down=tuple(card is not None and not shown for card, shown in zip(state.tableau, up)),
            waste=state.waste[-state.run - 1 :],
            set_aside=len(state.waste) - state.run - 1,
            stock=len(state.stock),
            score=state.score,
            run=state.run,
            next_points=run_points(state.run + 1, state.multiplier),
            peaks_cleared=peaks_cleared(state),
            round=state.round,
            multiplier=state.multiplier,
            progressive=state.progressive,
            moves=state.moves,
            legal=self.legal_actions(state, viewer) if viewer is not None else (),
            outcome=self.outcome(state),
        )

    def progress(self, state: TriplePeaksState) -> int:
        """The score so far."""
        return state.score

    def outcome(self, state: TriplePeaksState) -> Outcome | None:
        """Won when the three tips are gone (not in progressive play); over when stuck or resigned."""
        points = _points(state.score)
        rounds = Phrase.of("count.cleared_rounds", count=state.round - 1)
        if state.resigned:
            summary = (
                Phrase.of("triplepeaks.resigned.rounds", points=points, rounds=rounds)
                if state.progressive
                else Phrase.of("triplepeaks.resigned", points=points)
            )
            return Outcome((state.score,), (), EndReason.RESIGNED, summary)
        if _cleared(state):
            return Outcome((state.score,), (0,), EndReason.COMPLETED, Phrase.of("triplepeaks.cleared", points=points))
        if _stuck(state):
            summary = (
                Phrase.of("triplepeaks.stuck.rounds", points=points, rounds=rounds)
                if state.progressive
                else Phrase.of("triplepeaks.stuck", points=points)
            )
            return Outcome((state.score,), (), EndReason.COMPLETED, summary)
        return None

    def resign(self, state: TriplePeaksState, seat: Seat) -> Transition[TriplePeaksState]:
        """Give up. Raises GameOverError when the game is already over."""
        if self.outcome(state) is not None:
            raise GameOverError(GAME_OVER)
        after = replace(state, resigned=True)
        outcome = self.outcome(after)
        assert outcome is not None and outcome.summary is not None
        return Transition(after, (Event(outcome.summary),))

    def on_scoreboard(self, options: Mapping[str, Any]) -> bool:
        """Only scored play at the standard scale: practice has undo, multiplier scores run to 268 million."""
        return not options.get("practice", False) and not options.get("multiplier", False)

    def allows_undo(self, options: Mapping[str, Any]) -> bool:
        """Only in practice games: undo would let a player farm the score (§5.8 A6)."""
        return bool(options.get("practice", False))

    def parse_action(self, code: str) -> TriplePeaksAction:
        """Parse ``"draw"`` or ``"t0"`` … ``"t27"``. Raises InvalidActionError."""
        return _parse(code)

    def to_dict(self, state: TriplePeaksState) -> dict[str, Any]:
        """A JSON-ready snapshot; cards as idents, played slots as null."""
        return {
            "schema": SCHEMA,
            "game": self.key,
            "seed": state.seed,
            "multiplier": state.multiplier,
            "progressive": state.progressive,
            "tableau": [card.ident if card else None for card in state.tableau],
            "waste": [card.ident for card in state.waste],
            "stock": [card.ident for card in state.stock],
            "run": state.run,
            "score": state.score,
            "round": state.round,
            "moves": state.moves,
            "resigned": state.resigned,
        }

    def from_dict(self, data: Mapping[str, Any]) -> TriplePeaksState:
        """Load a snapshot. Raises CorruptStateError when it does not validate."""
        self.check_header(data)
        reader = Reader(data, self.title)
        state = TriplePeaksState(
            seed=reader.number("seed"),
            multiplier=reader.flag("multiplier"),
            progressive=reader.flag("progressive"),
            tableau=reader.cards("tableau", SLOTS, holes=True),
            waste=reader.cards("waste"),
            stock=reader.cards("stock"),
            run=reader.number("run", 0),
            score=reader.number("score", 0),
            round=reader.number("round", 1),
            moves=reader.number("moves", 0),
            resigned=reader.flag("resigned"),
        )
        _check_state(state)
        return state


GAME = TriplePeaks()
