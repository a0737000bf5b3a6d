"""The interactions in flight: each task that takes one counts until it ends, none is taken once the process
stops, and the stop waits for them only as long as it is told."""

import asyncio

from bot.ops.stopping import Budget, InFlight


async def test_an_interaction_counts_until_its_task_ends_and_none_is_taken_while_stopping():
    in_flight = InFlight()
    release = asyncio.Event()

    async def handled() -> bool:
        taken = in_flight.take()
        await release.wait()
        return taken

    tasks = [asyncio.create_task(handled()) for _ in range(3)]
    await asyncio.sleep(0)
    assert len(in_flight) == 3
    in_flight.stopping = True
    assert not in_flight.take()
    waiting = asyncio.create_task(in_flight.finished(60.0))
    await asyncio.sleep(0)
    assert not waiting.done(), "the stop waits for them"
    release.set()
    assert await waiting == 0
    assert all(await asyncio.gather(*tasks)) and len(in_flight) == 0


async def test_the_stop_does_not_wait_past_its_time():
    in_flight = InFlight()
    never = asyncio.Event()

    async def stuck() -> None:
        in_flight.take()
        await never.wait()

    task = asyncio.create_task(stuck())
    await asyncio.sleep(0)
    assert await in_flight.finished(0.0) == 1
    task.cancel()


def test_a_budget_keeps_its_closing_seconds():
    assert 0.0 < Budget(10.0, keep=2.0).left() <= 8.0
    assert Budget(1.0, keep=2.0).left() == 0.0
