"""The controls' typed view of the bot (``bot.ui.client``) matches the bot and the presenter they get."""

import inspect

from bot.app import PeapodBot
from bot.ui.client import Peapod, Presenting
from bot.ui.present.presenter import Presenter


def _parameters(function):
    signature = inspect.signature(function)
    return [p for p in signature.parameters.values() if p.name != "self"], signature.return_annotation


def test_the_presenter_keeps_to_what_the_controls_call():
    """Each call the Protocol names exists on the presenter with the same parameters, types and result."""
    calls = [name for name, call in vars(Presenting).items() if inspect.isfunction(call) and not name.startswith("_")]
    assert len(calls) == 14
    for name in calls:
        assert _parameters(getattr(Presenter, name)) == _parameters(getattr(Presenting, name)), name


def test_the_bot_is_what_the_controls_see(simcord_bot: PeapodBot):
    assert isinstance(simcord_bot, Peapod)
    assert isinstance(simcord_bot.presenter, Presenter)
