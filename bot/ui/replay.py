"""A replay as a private message: the table picture at one step, the private views the viewer may see
(every hand once the game is over), the move that led there, and ⏮ ◀ ▶ ⏭ to walk the game.

Each step button's id names the step it shows, so a replay keeps working after a restart and never
remembers anything: the service rebuilds the step from the game's log at every click.
"""

import asyncio
import io
from typing import Any

import discord
from discord import ui

from bot.core.history import ReplayStep
from bot.i18n import N_, Words
from bot.text import readable
from bot.ui import custom_ids
from bot.ui.controls import ReplayStepButton
from bot.ui.kind import KindUI
from bot.ui.layout import layout
from bot.ui.present.layouts import result_line
from render.labels import DeckStyle

STEPS = (
    ("first", "\u23ee", N_("Start")),
    ("back", "\u25c0", N_("Back")),
    ("next", "\u25b6", N_("Next")),
    ("last", "\u23ed", N_("End")),
)
"""The step buttons: (id code, emoji, label id)."""
TABLE_NAME = "replay.png"


def hand_name(seat: int) -> str:
    return f"replay-seat-{seat + 1}.png"


def step_controls(words: Words, step: ReplayStep) -> list[ui.Item[Any]]:
    """⏮ ◀ ▶ ⏭, each naming the step it shows; disabled where it would not move."""
    targets = {"first": 0, "back": step.step - 1, "next": step.step + 1, "last": step.steps}
    items: list[ui.Item[Any]] = []
    for code, emoji, label in STEPS:
        target = min(max(targets[code], 0), step.steps)
        custom_id = custom_ids.table_id(custom_ids.REPLAY_STEP, step.table.game_id, target, code)
        item: ui.Button[ui.View | ui.LayoutView] = ui.Button(
            custom_id=custom_id, label=words(label)[:80], emoji=emoji, disabled=target == step.step
        )
        items.append(ReplayStepButton(item, row=0))
    return items


def replay_text(words: Words, step: ReplayStep, names: list[str], end: str) -> str:
    """The step in words: where the replay is, the move, and at the last step how the game ended."""
    lines = [words("Step {step} of {steps}: {move}", step=step.step, steps=step.steps, move=words.phrase(step.move))]
    if step.step == step.steps and end:
        lines.append(end)
    if step.shown and step.table.views and len(step.table.seats) > 1:
        separator = words.context("list separator", ", ")
        seats = separator.join(words("Seat {seat} ({name})", seat=seat + 1, name=names[seat]) for seat in step.shown)
        lines.append(words("Private views shown: {seats}", seats=seats))
    return readable("\n".join(lines))


def replay_layout(words: Words, kind: KindUI, step: ReplayStep, text: str, hands: list[str]) -> ui.LayoutView:
    return layout(
        kind.colour,
        words("Replay: {game} #{game_id}", game=step.table.title, game_id=step.table.game_id),
        text,
        picture=TABLE_NAME,
        more_pictures=hands,
        controls=step_controls(words, step),
        footer=words("Only you see this replay."),
    )


def shows_hands(kind: KindUI, step: ReplayStep) -> bool:
    """Whether the replay adds the seats' private pictures (games whose hands are hidden from the table)."""
    return kind.hand_in_dm and kind.render_private is not None and bool(step.shown)


def files_of(pictures: dict[str, bytes]) -> list[discord.File]:
    return [discord.File(io.BytesIO(png), filename=name) for name, png in pictures.items()]


async def show_replay(
    interaction: discord.Interaction,
    words: Words,
    deck: DeckStyle,
    kind: KindUI,
    names: list[str],
    step: ReplayStep,
    *,
    edit: bool = False,
) -> None:
    """A replay's step as the clicker's private message: a new one, or (``edit``) the replay clicked.
    Its pictures are rendered in a worker thread; ``words`` and ``deck`` are the clicker's."""
    seats = step.shown if shows_hands(kind, step) else ()
    render_private = kind.render_private

    def draw() -> dict[str, bytes]:
        pictures = {TABLE_NAME: kind.render(words, step.table, names, deck)}
        if render_private is not None:
            pictures |= {hand_name(seat): render_private(words, step.table, seat, deck) for seat in seats}
        return pictures

    files = files_of(await asyncio.to_thread(draw))
    text = replay_text(words, step, names, result_line(words, step.table))
    view = replay_layout(words, kind, step, text, [hand_name(seat) for seat in seats])
    if edit:
        await interaction.edit_original_response(view=view, attachments=files)
    else:
        await interaction.followup.send(view=view, files=files, ephemeral=True)
