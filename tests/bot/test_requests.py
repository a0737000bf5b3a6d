"""The presenter's request budget (bot.ui.present.requests) on its own: a channel's bucket per kind of request,
the global budget, and the buckets of idle channels forgotten. Nothing here waits: each request fits."""

import asyncio

import pytest

from bot.ui.present import requests as budget_module
from bot.ui.present.requests import EditBudget, Requests, Route

BUDGET = EditBudget(global_requests=3, global_window=1.0, channel_requests=2, channel_window=5.0)


async def test_each_kind_of_request_in_a_channel_has_its_own_bucket_and_all_share_the_global_one():
    requests = Requests(BUDGET)
    for _ in range(2):
        async with requests.slot(5, Route.POST):
            pass
    assert requests.wait(5, Route.POST) == pytest.approx(5.0, abs=0.1), "the channel's posts wait for the window"
    assert requests.wait(5, Route.EDIT) == 0 and requests.wait(6, Route.POST) == 0
    async with requests.slot(6, Route.POST, first=True):
        waiter = budget_module._Waiter(first=True, scopes=requests._scopes(7, Route.POST))
        assert requests._delay(waiter, asyncio.get_running_loop().time()) > 0, "3 within a second fill the budget"


async def test_the_buckets_of_idle_channels_are_forgotten(monkeypatch):
    monkeypatch.setattr(budget_module, "SWEEP", 4)
    requests = Requests(EditBudget(channel_window=0.0))
    for channel_id in range(10):
        async with requests.slot(channel_id, Route.EDIT):
            pass
    assert len(requests._channels) <= 4
