"""The words of the live race: the client's labels (worded on the server, in the reader's language, and sent
in the welcome) and the sentences the server answers with."""

from bot.i18n import N_, Words
from games.cards import Rank

LABELS = {
    "title": N_("Peanuts live"),
    "you": N_("You"),
    "opponent": N_("Opponent"),
    "watching": N_("Watching"),
    "peanut": N_("Peanut pile"),
    "stock": N_("Stock"),
    "waste": N_("Waste"),
    "centre": N_("Centre"),
    "score": N_("Score"),
    "stuck": N_("I'm stuck"),
    "unstuck": N_("Not stuck any more"),
    "turn": N_("Turn the stock"),
    "recycle": N_("Turn the waste over"),
    "hint": N_("Hint"),
    "resign": N_("Resign"),
    "connecting": N_("Connecting…"),
    "reconnecting": N_("Reconnecting…"),
    "left_activity": N_("You left the Activity: the race goes on in its messages."),
    "play_in_messages": N_("Play in messages"),
    "won": N_("You won!"),
    "lost": N_("You lost."),
    "draw": N_("A draw."),
    "is_stuck": N_("Stuck"),
    "result_in_channel": N_("The result is in the channel."),
    "pass": N_("Pass"),
}
"""Each key the client asks for (docs/live-protocol.md) and its message id."""

TEMPLATES = {
    "column": (N_("Column {number}"), ("number",)),
    "pile": (N_("Pile {number}"), ("number",)),
    "to_pile": (N_("{card} \u2192 pile {pile}"), ("card", "pile")),
    "to_new_pile": (N_("{card} \u2192 new pile"), ("card",)),
    "to_column": (N_("{card} \u2192 column {column}"), ("card", "column")),
    "to_play": (N_("{player} to play."), ("player",)),
}
"""The client's labels with parts it fills in itself (a place's number, a card), sent with their
``{placeholders}`` kept: its places and moves read as the table's buttons read them."""

AI_NAMES = {"easy": N_("AI (easy)"), "normal": N_("AI (normal)"), "hard": N_("AI (hard)")}
"""How an AI seat is named, by level (the same words as on the table message)."""
PLAYER = N_("Player {number}")

BAD_HELLO = N_("The Activity did not say who you are; open it again.")
BAD_TOKEN = N_("Discord did not accept your sign-in; open the Activity again.")
BAD_CODE = N_("Discord did not accept that sign-in code; open the Activity again.")
NO_INSTANCE = N_("Discord knows no such Activity; open it again from a Play live button.")
NOT_IN_INSTANCE = N_("You are not in this Activity; open it from a Play live button.")
NO_RACE = N_("No race was launched here; press Play live on a Peanuts race first.")
DISCORD_DOWN = N_("Discord did not answer; try again in a moment.")
NOT_A_RACE = N_("The Activity plays Peanuts races only.")
WATCHING = N_("You are watching this race: only its racers move.")
NOT_UNDERSTOOD = N_("The Activity sent something peapod does not understand; reload it.")
STORE_DOWN = N_("The game database is not answering right now; nothing was changed. Try again in a moment.")
APOLOGY = N_("Sorry, something went wrong on our side; the game is unchanged.")
NO_HINT = N_("I found no winning line from here; the game may be lost. *Undo* can take moves back.")
HINT = N_("Try **{move}**. {why}")


def labels(words: Words) -> dict[str, str]:
    """The client's labels in ``words``' language; each rank's name as ``rank.<code>`` (German ``rank.Q``: D)."""
    worded = {key: words(message) for key, message in LABELS.items()}
    for key, (message, parts) in TEMPLATES.items():
        worded[key] = words(message, **{part: "{" + part + "}" for part in parts})
    for rank in Rank:
        worded[f"rank.{rank.char}"] = words.rank(rank)
    return worded


def plain(text: str) -> str:
    """A sentence written for Discord's markdown, as plain text for the page."""
    return text.replace("**", "").replace("*", "")
