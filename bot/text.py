"""Every text the bot sends: inside Discord's limits, and with suits that read on every theme.

U+2660 ♠, U+2663 ♣, U+2665 ♥ and U+2666 ♦ are emoji (Unicode's emoji list, ``:spade_suit:``,
``:club_suit:``…), so Discord draws them as emoji images: black spades and clubs that vanish on the
dark theme and on blue buttons. The white suits U+2664 ♤ and U+2667 ♧ are not emoji, so Discord
draws them as text, in the theme's own text colour. Hearts and diamonds stay: their red emoji read on
both themes. Pictures keep their own drawn pips.
"""

MAX_CONTENT = 2000
"""Discord's limit for a message's text."""
MAX_QUOTE = 40
"""How much of what a player typed a refusal may quote back."""

_READABLE = str.maketrans({"\u2660": "\u2664", "\u2663": "\u2667"})


def readable(text: str) -> str:
    """``text`` with ♠ and ♣ written as ♤ and ♧."""
    return text.translate(_READABLE)


def shorten(text: str, limit: int = MAX_CONTENT) -> str:
    """``text`` ready to send: readable suits, cut to ``limit`` characters with an ellipsis when cut."""
    text = readable(text)
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def quote(typed: str) -> str:
    """What a player typed, as a refusal may quote it: one line, at most a short prefix."""
    line = " ".join(typed.split())
    return shorten(line, MAX_QUOTE)
