"""A replay as a private message: the table picture at one step, the private views the viewer may see
(every hand once the game is over), the move that led there, and ⏮ ◀ ▶ ⏭ to walk the game.

Each step button's id names the step it shows, so a replay keeps working after a restart and never
remembers anything: the service rebuilds the step from the game's log at every click.
"""

import asyncio
from typing import Any

import discord
from discord import ui

from bot.core.history import ReplayStep
from bot.i18n import N_, Words
from bot.text import readable
from bot.ui import custom_ids
from bot.ui.controls import ReplayStepButton
from bot.ui.kind import KindUI
from bot.ui.layout import Picture, layout
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


def replay_pictures(words: Words, kind: KindUI, step: ReplayStep, names: list[str]) -> list[Picture]:
    """The step's pictures with their descriptions: the table (from its public view), then the private view
    of each seat the replay shows (its hand, from that seat's view)."""
    pictures = [Picture(TABLE_NAME, kind.describe(words, step.table, names))]
    if shows_hands(kind, step) and kind.describe_private is not None:
        for seat in step.shown:
            described = kind.describe_private(words, step.table, seat)
            name = names[seat] if seat < len(names) else str(seat + 1)
            pictures.append(Picture(hand_name(seat), words("{player}: {hand}", player=name, hand=described)))
    return pictures


def replay_layout(
    words: Words, kind: KindUI, step: ReplayStep, text: str, pictures: list[Picture], *, as_text: bool = False
) -> ui.LayoutView:
    return layout(
        kind.colour,
        words("Replay: {game} #{game_id}", game=step.table.title, game_id=step.table.game_id),
        text,
        picture=pictures[0],
        more_pictures=pictures[1:],
        controls=step_controls(words, step),
        footer=words("Only you see this replay."),
        as_text=as_text,
    )


def shows_hands(kind: KindUI, step: ReplayStep) -> bool:
    """Whether the replay adds the seats' private pictures (games whose hands are hidden from the table)."""
    return kind.hand_in_dm and kind.render_private is not None and bool(step.shown)


async def show_replay(
    interaction: discord.Interaction,
    words: Words,
    deck: DeckStyle,
    kind: KindUI,
    names: list[str],
    step: ReplayStep,
    *,
    edit: bool = False,
    pictures: bool = True,
) -> None:
    """A replay's step as the clicker's private message: a new one, or (``edit``) the replay clicked.
    Its pictures are rendered in a worker thread; ``words`` and ``deck`` are the clicker's. Without ``pictures``
    (the clicker turned them off), the text table: each picture's description in its place, nothing rendered."""
    seats = step.shown if shows_hands(kind, step) else ()
    render_private = kind.render_private

    def draw() -> dict[str, bytes]:
        drawn = {TABLE_NAME: kind.render(words, step.table, names, deck)}
        if render_private is not None:
            drawn |= {hand_name(seat): render_private(words, step.table, seat, deck) for seat in seats}
        return drawn

    described = replay_pictures(words, kind, step, names)
    drawn = await asyncio.to_thread(draw) if pictures else {}
    files = [shown.file(drawn[shown.name]) for shown in described] if pictures else []
    text = replay_text(words, step, names, result_line(words, step.table))
    view = replay_layout(words, kind, step, text, described, as_text=not pictures)
    if edit:
        await interaction.edit_original_response(view=view, attachments=files)
    else:
        await interaction.followup.send(view=view, files=files, ephemeral=True)
