"""Benchmarks: each module prints its figures and never fails on time (``python -m bench``).

Every module sizes its work with :func:`sized`; with ``BENCH_TINY=1`` in the environment each runs one
tiny round instead, which is how tests/bench runs every module in CI, so none can rot unnoticed.
"""

import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from pydantic_settings import SettingsConfigDict

from bot.config import Settings
from bot.store import Store
from games.base import Game

StateT = TypeVar("StateT")


def sized(full: int, tiny: int = 1) -> int:
    """``full``, or ``tiny`` when ``BENCH_TINY`` is set (a smoke run of the benchmark's whole path)."""
    return tiny if os.environ.get("BENCH_TINY") else full


class _NoEnvFile(Settings):
    """The bot's settings with no ``.env`` read, so a developer's own file changes nothing a benchmark measures."""

    model_config = SettingsConfigDict(env_file=None)


def bot_settings(database: Path) -> Settings:
    """The settings of a benchmark's bot: one shard on ``database``, from the environment but no ``.env``."""
    return _NoEnvFile(database_path=database, shard_count=1)


def wrap_method(owner: type, name: str, wrap: Callable[[Any], Any]) -> None:
    """Put ``wrap(owner.name)`` in the method's place: how a benchmark times the calls the bot makes to discord.py."""
    setattr(owner, name, wrap(getattr(owner, name)))


async def stored_state(store: Store, game: Game[StateT], game_id: int) -> StateT:
    """The state of game ``game_id`` as ``store`` holds it (what a benchmark's AI player chooses from)."""
    record = await store.load_game(game_id)
    if record is None:
        raise LookupError(f"Game #{game_id} is not in the store.")
    return game.from_dict(record.state)


def components_in(components: Iterable[Any]) -> Iterator[Any]:
    """Every component of a message, nested ones first-to-last: a layout's container, its rows, their
    buttons. Takes discord.py's components or SimCord's stored dictionaries."""
    for component in components:
        yield component
        if isinstance(component, dict):
            nested = list(component.get("components", ()))
            nested += [component["accessory"]] if component.get("accessory") else []
        else:
            nested = list(getattr(component, "children", None) or ())
            nested += [component.accessory] if getattr(component, "accessory", None) is not None else []
        yield from components_in(nested)


def _field(component: Any, name: str) -> Any:
    return component.get(name) if isinstance(component, dict) else getattr(component, name, None)


def custom_ids(components: Iterable[Any]) -> list[str]:
    """The custom ids of every button and menu among ``components``."""
    return [cid for component in components_in(components) if (cid := _field(component, "custom_id"))]


def _kind(component: Any) -> int:
    """The component type's number (2 a button, 10 a text display), from either form."""
    kind = _field(component, "type")
    return int(getattr(kind, "value", kind))


def buttons(components: Iterable[Any]) -> list[Any]:
    """Every button among ``components``."""
    return [component for component in components_in(components) if _kind(component) == 2]


def text(components: Iterable[Any]) -> str:
    """The text a layout message shows, one text display a line."""
    return "\n".join(
        content
        for component in components_in(components)
        if _kind(component) == 10 and isinstance(content := _field(component, "content"), str)
    )
