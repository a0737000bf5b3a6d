"""The table service over a real store: acting, races, undo, resign, results, replay and restarts.

A tiny game, Count, stands in for the real ones: seats take turns adding 1 or 2 to a shared total or
drawing the top card of a seeded deck (worth 1); whoever reaches the target wins.
"""

import asyncio
import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pytest

from bot.core.errors import (
    DuplicatePlayerError,
    GameNotFoundError,
    NoHintError,
    NothingToUndoError,
    NotInGameError,
    OpenPlayError,
    ServiceError,
    StaleActionError,
    UndoNotAllowedError,
    UnknownKindError,
)
from bot.core.service import CurrentGame, Table, TableService
from bot.store import ResultRecord, ScoreRow, SqliteStore, Store
from games import GAMES
from games.ai.registry import HINTS
from games.base import GAME_OVER, SCHEMA, EndReason, Event, Game, Option, Outcome, Seat, Transition, check_seats
from games.cards import DECK, Card, parse_cards, shuffled
from games.errors import (
    CorruptStateError,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    NotYourTurnError,
)
from games.phrases import Phrase

ALICE, BOB, CAROL = 101, 202, 303
GUILD, CHANNEL = 1, 2


@dataclass(frozen=True, slots=True)
class Add:
    """Add 1 or 2 to the total."""

    n: int

    @property
    def code(self) -> str:
        return f"+{self.n}"

    @property
    def phrase(self) -> Phrase:
        return Phrase.of("count.add", n=self.n)


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the pile; it counts 1."""

    @property
    def code(self) -> str:
        return "d"

    @property
    def phrase(self) -> Phrase:
        return Phrase.of("count.draw")


@dataclass(frozen=True, slots=True)
class CountState:
    target: int
    total: int
    turn: Seat
    points: tuple[int, ...]
    pile: tuple[Card, ...]
    taken: tuple[tuple[Card, ...], ...]
    resigned: Seat | None = None


@dataclass(frozen=True, slots=True)
class CountView:
    total: int
    turn: Seat
    points: tuple[int, ...]
    pile: int
    hand: tuple[Card, ...]
    legal: tuple[Any, ...]
    outcome: Outcome | None


class CountGame(Game[CountState]):
    """A counting race for one or two seats, with a seeded pile so that the seed matters."""

    key = "count"
    title = "Count"
    min_seats = 1
    max_seats = 2
    options = (
        Option("target", 10, Phrase.of("count.option.target")),
        Option("undo", True, Phrase.of("count.option.undo")),
    )

    def new_state(
        self, options: Mapping[str, Any] | None, seats: int, seed: int, deck: Sequence[Card] | None = None
    ) -> CountState:
        resolved = self.resolve_options(options)
        check_seats(self, seats)
        pile = tuple(deck) if deck is not None else shuffled(DECK, seed)[:6]
        if len(set(pile)) != len(pile) or not set(pile) <= set(DECK):
            raise InvalidOptionError(Phrase.of("count.bad_pile"))
        return CountState(resolved["target"], 0, 0, (0,) * seats, pile, ((),) * seats)

    def current_seat(self, state: CountState) -> Seat | None:
        return None if self.outcome(state) is not None else state.turn

    def legal_actions(self, state: CountState, seat: Seat) -> tuple[Any, ...]:
        if self.outcome(state) is not None or seat != state.turn:
            return ()
        return (Add(1), Add(2)) + ((Draw(),) if state.pile else ())

    def _apply(self, state: CountState, seat: Seat, action: Any) -> Transition[CountState]:
        points = list(state.points)
        taken = list(state.taken)
        pile = state.pile
        if isinstance(action, Draw):
            gain, taken[seat], pile = 1, taken[seat] + (pile[0],), pile[1:]
        else:
            gain = action.n
        points[seat] += gain
        after = replace(
            state,
            total=state.total + gain,
            turn=(seat + 1) % len(points),
            points=tuple(points),
            pile=pile,
            taken=tuple(taken),
        )
        return Transition(after, (Event(Phrase.of("count.did", seat=seat, action=action.phrase)),))

    def view_for(self, state: CountState, viewer: Seat | None) -> CountView:
        hand = state.taken[viewer] if viewer is not None else ()
        legal = self.legal_actions(state, viewer) if viewer is not None else ()
        return CountView(state.total, state.turn, state.points, len(state.pile), hand, legal, self.outcome(state))

    def outcome(self, state: CountState) -> Outcome | None:
        seats = range(len(state.points))
        if state.resigned is not None:
            return Outcome(state.points, tuple(s for s in seats if s != state.resigned), EndReason.RESIGNED)
        if state.total >= state.target:
            return Outcome(state.points, ((state.turn - 1) % len(state.points),), EndReason.COMPLETED)
        return None

    def resign(self, state: CountState, seat: Seat) -> Transition[CountState]:
        if self.outcome(state) is not None:
            raise GameOverError(GAME_OVER)
        return Transition(replace(state, resigned=seat), (Event(Phrase.of("count.resigned", seat=seat)),))

    def allows_undo(self, options: Mapping[str, Any]) -> bool:
        return bool(options["undo"])

    def parse_action(self, code: str) -> Any:
        if code == "d":
            return Draw()
        if code in ("+1", "+2", "+3"):
            return Add(int(code[1]))
        raise InvalidActionError(Phrase.of("count.bad_code", code=code))

    def to_dict(self, state: CountState) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "game": self.key,
            "target": state.target,
            "total": state.total,
            "turn": state.turn,
            "points": list(state.points),
            "pile": [card.ident for card in state.pile],
            "taken": [[card.ident for card in hand] for hand in state.taken],
            "resigned": state.resigned,
        }

    def from_dict(self, data: Mapping[str, Any]) -> CountState:
        if data.get("schema") != SCHEMA or data.get("game") != self.key:
            raise CorruptStateError("Not a Count snapshot.")
        return CountState(
            target=data["target"],
            total=data["total"],
            turn=data["turn"],
            points=tuple(data["points"]),
            pile=parse_cards(data["pile"]),
            taken=tuple(parse_cards(hand) for hand in data["taken"]),
            resigned=data["resigned"],
        )


COUNT = CountGame()


class Clock:
    """A clock the tests move by hand."""

    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


TEST_GAMES = {**GAMES, "count": COUNT}


class ShownService(TableService):
    """The service as the bot uses it: every new game gets its table message at once (game id × 10)."""

    def __init__(self, store: Store, **kwargs: Any) -> None:
        super().__init__(store, games=TEST_GAMES, **kwargs)
        self.new_game = self.new_shown_game

    async def new_shown_game(self, kind: str, **kwargs: Any) -> Table:
        table = await self.parts.play.new_game(kind, **kwargs)
        await self.attach_message(table.game_id, table.game_id * 10, table.version)
        return await self.table(table.game_id)


@pytest.fixture
async def store():
    store = await SqliteStore.open(":memory:")
    yield store
    await store.close()


@pytest.fixture
def service(store) -> ShownService:
    seeds = itertools.count(7)
    return ShownService(store, seed_source=lambda: next(seeds), clock=Clock())


async def duel(service: TableService, **kwargs: Any) -> Table:
    """A two-seat Count game: Alice is seat 0, Bob seat 1."""
    return await service.new_game("count", guild_id=GUILD, channel_id=CHANNEL, players=[ALICE, BOB], **kwargs)


async def solo(service: TableService, user_id: int = ALICE, **kwargs: Any) -> Table:
    """A one-seat Count game."""
    return await service.new_game("count", guild_id=GUILD, channel_id=CHANNEL, players=[user_id], **kwargs)


async def play(service: TableService, table: Table, *moves: tuple[int, str]) -> Table:
    """Apply (user, code) moves in order, each with the version of the table before it."""
    for user_id, code in moves:
        table = await service.act(table.game_id, user_id, code, version=table.version)
    return table


async def test_new_game_starts_at_version_zero_with_views_for_every_seat(service):
    """A new table has version 0, a public view, a view and legal actions per seat, and no events."""
    table = await duel(service)
    assert (table.kind, table.title, table.version, table.finished) == ("count", "Count", 0, False)
    assert table.players == (ALICE, BOB)
    assert set(table.views) == {0, 1} and table.public.total == 0
    assert table.legal == {0: (Add(1), Add(2), Draw()), 1: ()}
    assert (table.events, table.outcome, table.can_undo) == ((), None, False)


async def test_act_saves_and_reports_events(service):
    """An action bumps the version, returns its events, and the next load shows it."""
    table = await duel(service)
    after = await service.act(table.game_id, ALICE, "+2", version=0)
    did = Event(Phrase.of("count.did", seat=0, action=Phrase.of("count.add", n=2)))
    assert (after.version, after.public.total, after.events) == (1, 2, (did,))
    loaded = await service.table(table.game_id)
    assert (loaded.version, loaded.public.total, loaded.events) == (1, 2, ())


async def test_playing_to_the_end_writes_results_and_scoreboard(service, store):
    """Reaching the target finishes the game, writes one result per seat and feeds the scoreboard."""
    table = await duel(service, options={"target": 5})
    table = await play(service, table, (ALICE, "+2"), (BOB, "+1"), (ALICE, "+2"))
    assert table.finished and table.outcome.winners == (0,)
    assert table.legal == {0: (), 1: ()} and not table.can_undo
    assert await store.results(table.game_id) == [ResultRecord(ALICE, 4, True), ResultRecord(BOB, 1, False)]
    assert await service.scoreboard(CHANNEL, "count") == [ScoreRow(ALICE, 1, 1, 4), ScoreRow(BOB, 1, 0, 1)]
    assert await service.active_games(CHANNEL, ALICE, "count") == []


async def test_acting_on_a_finished_game_is_refused(service):
    """After the end every action answers 'This game is over.'"""
    table = await play(service, await solo(service, options={"target": 2}), (ALICE, "+2"))
    with pytest.raises(GameOverError) as error:
        await service.act(table.game_id, ALICE, "+1")
    assert error.value.phrase == GAME_OVER


@pytest.mark.parametrize("call", ["act", "undo", "resign", "legal_for"])
async def test_a_stranger_is_not_in_the_game(service, call):
    """Someone without a seat can neither act, undo, resign nor list moves."""
    table = await duel(service)
    args = (table.game_id, CAROL, "+1") if call == "act" else (table.game_id, CAROL)
    with pytest.raises(NotInGameError, match="You are not playing in this game"):
        await getattr(service, call)(*args)
    assert (await service.table(table.game_id)).version == 0


async def test_not_your_turn_passes_through_unchanged(service):
    """The engine's NotYourTurnError reaches the caller and nothing is saved."""
    table = await duel(service)
    with pytest.raises(NotYourTurnError):
        await service.act(table.game_id, BOB, "+1")
    assert (await service.table(table.game_id)).version == 0


@pytest.mark.parametrize(("code", "error"), [("+3", IllegalActionError), ("zz", InvalidActionError)])
async def test_bad_action_leaves_version_and_state_unchanged(service, store, code, error):
    """An illegal or unparsable action raises the engine's error and changes nothing."""
    table = await play(service, await duel(service), (ALICE, "+1"))
    before = await store.load_game(table.game_id)
    with pytest.raises(error):
        await service.act(table.game_id, BOB, code, version=1)
    assert await store.load_game(table.game_id) == before
    assert len(await store.load_actions(table.game_id)) == 1


async def test_stale_version_is_refused(service):
    """A button drawn for an older version raises StaleActionError and changes nothing."""
    table = await play(service, await solo(service), (ALICE, "+1"))
    with pytest.raises(StaleActionError, match="use the new buttons"):
        await service.act(table.game_id, ALICE, "+1", version=0)
    assert (await service.table(table.game_id)).public.total == 1


async def test_double_click_race_exactly_one_wins(service):
    """Two clicks on the same button at once: one is applied, the other is stale."""
    table = await solo(service)
    results = await asyncio.gather(
        service.act(table.game_id, ALICE, "+1", version=0),
        service.act(table.game_id, ALICE, "+1", version=0),
        return_exceptions=True,
    )
    assert sorted(type(result).__name__ for result in results) == ["StaleActionError", "Table"]
    now = await service.table(table.game_id)
    assert (now.version, now.public.total) == (1, 1)


async def test_typed_moves_without_version_queue_up(service):
    """Concurrent actions without a version are applied one after the other, never merged."""
    table = await solo(service, options={"target": 50})
    await asyncio.gather(*(service.act(table.game_id, ALICE, "+1") for _ in range(5)))
    now = await service.table(table.game_id)
    assert (now.version, now.public.total) == (5, 5)
    assert await service.replay_matches(table.game_id)


async def test_second_process_loses_the_race_by_the_version_check(tmp_path, monkeypatch):
    """Another process saving between our load and our save makes our save fail as stale."""
    path = tmp_path / "peapod.db"
    async with await SqliteStore.open(path) as store_a, await SqliteStore.open(path) as store_b:
        service_a = ShownService(store_a, seed_source=lambda: 3)
        service_b = ShownService(store_b, seed_source=lambda: 3)
        table = await solo(service_a)
        save_b = store_b.save_action

        async def other_process_saves_first(*args: Any, **kwargs: Any) -> int:
            await service_a.act(table.game_id, ALICE, "+2")
            return await save_b(*args, **kwargs)

        monkeypatch.setattr(store_b, "save_action", other_process_saves_first)
        with pytest.raises(StaleActionError):
            await service_b.act(table.game_id, ALICE, "+1")
        now = await service_b.table(table.game_id)
        assert (now.version, now.public.total) == (1, 2)
        assert await service_b.replay_matches(table.game_id)


async def test_a_state_saved_here_is_reused_only_while_the_database_holds_its_version(tmp_path, monkeypatch):
    """The next click on a game starts from the state this process saved, without parsing the snapshot again;
    once another process saved a newer version, the snapshot is parsed, and the game goes on from it."""
    parsed: list[int] = []
    from_dict = CountGame.from_dict

    def counted(self: CountGame, data: Mapping[str, Any]) -> Any:
        parsed.append(data["total"])
        return from_dict(self, data)

    monkeypatch.setattr(CountGame, "from_dict", counted)
    path = tmp_path / "peapod.db"
    async with await SqliteStore.open(path) as store_a, await SqliteStore.open(path) as store_b:
        service_a, service_b = ShownService(store_a, clock=Clock()), ShownService(store_b, clock=Clock())
        table = await solo(service_a)
        await service_a.act(table.game_id, ALICE, "+2")
        parsed.clear()
        await service_a.act(table.game_id, ALICE, "+1")
        assert parsed == []
        await service_b.act(table.game_id, ALICE, "+2")
        assert parsed == [3]
        after = await service_a.act(table.game_id, ALICE, "+1")
        assert parsed == [3, 5] and (after.version, after.public.total) == (4, 6)
        assert await service_a.replay_matches(table.game_id)


async def test_undo_takes_back_the_last_action(service):
    """Undo restores the previous position, bumps the version and says what it took back."""
    table = await play(service, await duel(service), (ALICE, "+1"), (BOB, "d"))
    assert table.can_undo and table.views[1].hand
    undone = await service.undo(table.game_id, ALICE, version=2)
    assert (undone.version, undone.public.total, undone.public.turn) == (3, 1, 1)
    assert undone.views[1].hand == () and undone.public.pile == 6
    assert undone.events == (Event(Phrase.of("table.undid", action=Phrase.of("count.draw"))),)
    assert undone.can_undo


async def test_repeated_undo_reaches_the_deal_then_nothing_to_undo(service):
    """Undo pops one action at a time; with nothing left it raises NothingToUndoError."""
    table = await play(service, await solo(service), (ALICE, "+1"), (ALICE, "+2"))
    table = await service.undo(table.game_id, ALICE)
    table = await service.undo(table.game_id, ALICE)
    assert (table.public.total, table.version, table.can_undo) == (0, 4, False)
    with pytest.raises(NothingToUndoError):
        await service.undo(table.game_id, ALICE)
    assert not (await service.table(table.game_id)).can_undo


async def test_actions_after_an_undo_replay_correctly(service):
    """Acting after an undo continues from the restored position and the log still replays."""
    table = await play(service, await solo(service), (ALICE, "d"), (ALICE, "+2"))
    table = await service.undo(table.game_id, ALICE)
    table = await play(service, table, (ALICE, "d"))
    assert table.public.total == 2 and len(table.views[0].hand) == 2
    assert await service.replay_matches(table.game_id)


async def test_undo_not_allowed_when_the_game_says_so(service):
    """A game whose options forbid undo refuses it and never offers it."""
    table = await play(service, await solo(service, options={"undo": False}), (ALICE, "+1"))
    assert not table.can_undo
    with pytest.raises(UndoNotAllowedError, match="Undo is not allowed in this game"):
        await service.undo(table.game_id, ALICE)


async def test_undo_with_a_stale_version_is_refused(service):
    """An undo button from an older table is stale."""
    table = await play(service, await solo(service), (ALICE, "+1"), (ALICE, "+1"))
    with pytest.raises(StaleActionError):
        await service.undo(table.game_id, ALICE, version=1)


async def test_undo_after_the_end_is_refused(service):
    """A finished game cannot be undone."""
    table = await play(service, await solo(service, options={"target": 2}), (ALICE, "+2"))
    with pytest.raises(GameOverError):
        await service.undo(table.game_id, ALICE)


async def test_resign_finishes_the_game_with_results(service, store):
    """Resigning ends the game for everyone and writes the result rows."""
    table = await play(service, await duel(service), (ALICE, "+2"))
    table = await service.resign(table.game_id, BOB)
    assert table.finished and table.outcome.reason is EndReason.RESIGNED and table.outcome.winners == (0,)
    assert table.events == (Event(Phrase.of("count.resigned", seat=1)),)
    assert await store.results(table.game_id) == [ResultRecord(ALICE, 2, True), ResultRecord(BOB, 0, False)]
    assert (await store.load_actions(table.game_id))[-1].code == "resign"
    with pytest.raises(GameOverError):
        await service.resign(table.game_id, ALICE)


async def test_open_play_lets_anyone_act_as_seat_zero_but_only_the_owner_resign(service):
    """In open play a passer-by may move, but resigning belongs to the owner."""
    table = await solo(service, open_play=True)
    table = await service.act(table.game_id, CAROL, "+1")
    assert table.public.total == 1 and await service.legal_for(table.game_id, BOB)
    assert await service.active_games(CHANNEL, BOB, "count") == [table.game_id]
    with pytest.raises(NotInGameError):
        await service.resign(table.game_id, CAROL)
    assert (await service.resign(table.game_id, ALICE)).finished


async def test_open_play_is_refused_for_two_seats(service, store):
    """A table with more than one seat cannot be open, and nothing is created."""
    with pytest.raises(OpenPlayError, match="one-player"):
        await duel(service, open_play=True)
    assert await store.load_game(1) is None


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"kind": "chess"}, UnknownKindError),
        ({"players": [ALICE, ALICE]}, DuplicatePlayerError),
        ({"players": [ALICE, BOB, CAROL]}, InvalidOptionError),
        ({"options": {"target": "ten"}}, InvalidOptionError),
        ({"options": {"colour": "red"}}, InvalidOptionError),
        ({"deck": parse_cards("AS AS")}, InvalidOptionError),
    ],
)
async def test_new_game_refusals(service, store, kwargs, error):
    """Unknown kinds, duplicate or too many players, bad options and bad decks are refused before saving."""
    arguments = {"kind": "count", "guild_id": GUILD, "channel_id": CHANNEL, "players": [ALICE]} | kwargs
    with pytest.raises(error):
        await service.new_game(**arguments)
    assert await store.load_game(1) is None


async def test_explicit_deck_is_stored_and_used_by_undo(service, store):
    """A game dealt from an explicit deck keeps it, so undo and replay deal the same cards."""
    deck = parse_cards("KH QS 2C")
    table = await play(service, await solo(service, deck=deck), (ALICE, "d"), (ALICE, "d"))
    assert table.views[0].hand == parse_cards("KH QS")
    assert (await store.load_game(table.game_id)).deck == ("KH", "QS", "2C")
    table = await service.undo(table.game_id, ALICE)
    assert table.views[0].hand == parse_cards("KH")
    assert await service.replay_matches(table.game_id)


async def test_seed_source_deals_the_game(service, store):
    """The seed comes from the injected seed source and is stored with the game."""
    first = await solo(service)
    second = await solo(service)
    assert [(await store.load_game(t.game_id)).seed for t in (first, second)] == [7, 8]


async def test_clock_stamps_rows(store):
    """Timestamps come from the injected clock."""
    service = ShownService(store, seed_source=lambda: 1, clock=lambda: 1234.5)
    table = await play(service, await solo(service), (ALICE, "+1"))
    record = await store.load_game(table.game_id)
    assert (record.created_at, record.updated_at, (await store.load_actions(table.game_id))[0].at) == (1234.5,) * 3


async def test_attach_message_is_remembered(service):
    """The table message id is stored and shown on the next table."""
    table = await solo(service)
    await service.attach_message(table.game_id, 999, table.version)
    assert (await service.table(table.game_id)).message_id == 999


@pytest.mark.parametrize("call", ["table", "attach_message", "act", "undo", "resign", "legal_for"])
async def test_unknown_game_id_is_not_found(service, call):
    """Every call on a missing game raises GameNotFoundError."""
    args = {"table": (5,), "attach_message": (5, 1, 0), "act": (5, ALICE, "+1")}.get(call, (5, ALICE))
    with pytest.raises(GameNotFoundError):
        await getattr(service, call)(*args)


async def test_legal_for_gives_the_seat_moves_and_nothing_after_the_end(service):
    """legal_for lists the user's moves, none when it is not their turn or the game is over."""
    table = await duel(service, options={"target": 1})
    assert await service.legal_for(table.game_id, ALICE) == (Add(1), Add(2), Draw())
    assert await service.legal_for(table.game_id, BOB) == ()
    await service.act(table.game_id, ALICE, "+1")
    assert await service.legal_for(table.game_id, ALICE) == ()


async def test_active_games_lists_own_games_first(service):
    """A user's own unfinished games of a kind in a channel come first, newest first; open tables after."""
    older = await duel(service)
    newer = await solo(service, BOB)
    opened = await solo(service, CAROL, open_play=True)
    assert await service.active_games(CHANNEL, BOB, "count") == [newer.game_id, older.game_id, opened.game_id]
    assert await service.active_games(CHANNEL, ALICE, "count") == [older.game_id, opened.game_id]


async def test_current_game_is_the_users_own_before_an_open_table(service):
    """A typed command acts on the user's own game; someone else's open table only when they have none."""
    mine = await solo(service, ALICE)
    opened = await solo(service, BOB, open_play=True)
    assert await service.current_game(CHANNEL, ALICE, "count") == CurrentGame(mine.game_id, own=True)
    assert await service.current_game(CHANNEL, CAROL, "count") == CurrentGame(opened.game_id, own=False)
    await service.resign(mine.game_id, ALICE)
    assert await service.current_game(CHANNEL, ALICE, "count") == CurrentGame(opened.game_id, own=False)
    await service.resign(opened.game_id, BOB)
    assert await service.current_game(CHANNEL, ALICE, "count") is None


async def test_service_errors_speak_to_people(service):
    """Every service error is a ServiceError with a sentence."""
    for error in (NotInGameError(), StaleActionError(), NothingToUndoError(), OpenPlayError()):
        assert isinstance(error, ServiceError) and str(error).endswith(".")


async def test_replay_detects_a_tampered_snapshot(service, store):
    """replay_matches is False when the saved snapshot is not what the log rebuilds."""
    table = await play(service, await solo(service), (ALICE, "+1"))
    record = await store.load_game(table.game_id)
    forged = dict(record.state) | {"total": 5}
    await store.save_action(table.game_id, version=1, seat=0, code="+1", state=forged, finished=False, at=1.0)
    assert not await service.replay_matches(table.game_id)


@pytest.mark.parametrize("seed", range(6))
async def test_random_play_with_undos_always_replays(store, seed):
    """Random moves, undos and resigns: after every step seed + log rebuild the snapshot."""
    rng = random.Random(seed)
    service = ShownService(store, seed_source=lambda: seed)
    players = [ALICE, BOB][: rng.choice((1, 2))]
    table = await service.new_game("count", guild_id=None, channel_id=None, players=players, options={"target": 12})
    while not table.finished:
        roll = rng.random()
        if roll < 0.2 and table.can_undo:
            table = await service.undo(table.game_id, rng.choice(players), version=table.version)
        elif roll < 0.23:
            table = await service.resign(table.game_id, rng.choice(players))
        else:
            seat = table.public.turn
            action = rng.choice(table.legal[seat])
            table = await service.act(table.game_id, players[seat], action.code, version=table.version)
        assert await service.replay_matches(table.game_id)
        assert replace(table, events=(), last=None) == await service.table(table.game_id)


async def test_restart_continues_the_game(tmp_path):
    """Close the store, open a new store and service on the same file: the game goes on."""
    path = tmp_path / "data" / "peapod.db"
    async with await SqliteStore.open(path) as store:
        service = ShownService(store, seed_source=lambda: 11)
        table = await play(service, await duel(service, options={"target": 6}), (ALICE, "d"), (BOB, "+2"))
    async with await SqliteStore.open(path) as store:
        service = ShownService(store, seed_source=lambda: 12)
        table = await service.table(table.game_id)
        assert (table.version, table.public.total, table.can_undo) == (2, 3, True)
        table = await play(service, table, (ALICE, "+2"), (BOB, "+1"))
        assert table.finished and table.outcome.winners == (1,)
        assert await service.replay_matches(table.game_id)
        assert await service.scoreboard(CHANNEL, "count") == [ScoreRow(BOB, 1, 1, 3), ScoreRow(ALICE, 1, 0, 3)]


async def test_penguin_open_table_act_undo_resign_and_scoreboard(store, monkeypatch):
    """A real Penguin table: a passer-by moves, the owner undoes it and resigns; the board shows the score."""
    service = ShownService(store, seed_source=lambda: 2024)
    table = await service.new_game("penguin", guild_id=GUILD, channel_id=CHANNEL, players=[ALICE], open_play=True)
    dealt = table.public
    move = table.legal[0][0]
    table = await service.act(table.game_id, CAROL, move.code, version=table.version)
    assert table.version == 1 and table.can_undo and table.public != dealt
    table = await service.undo(table.game_id, ALICE, version=1)
    assert table.public == dealt and table.events == (Event(Phrase.of("table.undid", action=move.phrase)),)
    table = await service.resign(table.game_id, ALICE)
    assert table.finished and table.outcome.reason is EndReason.RESIGNED
    assert await service.scoreboard(CHANNEL, "penguin") == [ScoreRow(ALICE, 1, 0, dealt.score)]
    assert await service.replay_matches(table.game_id)


async def test_a_deal_that_is_already_over_is_saved_finished(service, store):
    """A game whose deal ends it at once is stored finished, with results, and offers nothing."""
    table = await solo(service, options={"target": 0})
    assert table.finished and table.legal == {0: ()} and not table.can_undo
    assert await store.results(table.game_id) == [ResultRecord(ALICE, 0, True)]
    assert await service.active_games(CHANNEL, ALICE, "count") == []


@pytest.mark.parametrize(
    ("options", "on_board"), [({}, True), ({"practice": True}, False), ({"multiplier": True}, False)]
)
async def test_games_off_the_scoreboard_leave_no_results(store, options, on_board):
    """Triple Peaks practice (undo) and multiplier (another scale) games finish without a scoreboard row."""
    service = ShownService(store, seed_source=lambda: 5)
    table = await service.new_game("triplepeaks", guild_id=GUILD, channel_id=CHANNEL, players=[ALICE], options=options)
    table = await service.resign(table.game_id, ALICE)
    assert table.finished
    assert (await store.results(table.game_id) != []) is on_board
    assert (await service.scoreboard(CHANNEL, "triplepeaks") != []) is on_board


async def test_hints_are_legal_moves_with_reasons_and_change_nothing(store):
    """A hint (Penguin's from the solver, Triple Peaks' from the hard AI's view) is for the player at the
    table, leaves the game as it was, and is refused to strangers, after the end and where a game has none."""
    service = ShownService(store, seed_source=lambda: 0, hints=HINTS)
    table = await service.new_game("penguin", guild_id=GUILD, channel_id=CHANNEL, players=[ALICE])
    hint = await service.hint(table.game_id, ALICE)
    assert hint is not None and hint.action in table.legal[0] and hint.why == Phrase.of("penguin.why.winning_line")
    assert (await service.table(table.game_id)).version == table.version
    with pytest.raises(NotInGameError):
        await service.hint(table.game_id, BOB)
    await service.resign(table.game_id, ALICE)
    with pytest.raises(GameOverError):
        await service.hint(table.game_id, ALICE)
    peaks = await service.new_game("triplepeaks", guild_id=GUILD, channel_id=CHANNEL, players=[ALICE])
    hint = await service.hint(peaks.game_id, ALICE)
    assert hint is not None and hint.action in peaks.legal[0] and hint.why.key.startswith("triplepeaks.why.")
    assert (await service.table(peaks.game_id)).version == peaks.version
    counting = await solo(service, BOB)
    with pytest.raises(NoHintError, match="no hints"):
        await service.hint(counting.game_id, BOB)


@pytest.mark.parametrize(
    ("timeouts", "played"),
    [({"count": lambda state, seat: Draw()}, Phrase.of("count.draw")), ({}, Phrase.of("count.add", n=1))],
    ids=["given", "none"],
)
async def test_a_turn_timer_plays_the_games_timeout_move_or_else_the_first_legal_one(store, timeouts, played):
    """When a seat's turn clock runs out, the move the service was given for the game is played for it (the
    first legal action for a game given none)."""
    clock = Clock()
    service = ShownService(store, seed_source=lambda: 3, clock=clock, timeouts=timeouts)
    table = await duel(service, settings={"turn_seconds": 30})
    table = await play(service, table, (ALICE, "+2"))
    clock.now += 31
    [fired] = await service.fire_due()
    seat = Phrase.of("seat.name", number=2)
    assert fired.table.events[-1].phrase == Phrase.of("table.timed_out", action=played, seat=seat)
    assert fired.table.public.turn == 0 and fired.table.seats[1].missed == 1
