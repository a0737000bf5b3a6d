"""Pictures of game views: ``render_table(kind, view)`` returns PNG bytes.

One module per game kind (``render/penguin.py`` …) exposes ``render(view) -> bytes``; this package
only maps kinds to those functions, so adding a game adds a module and one line in
:data:`RENDERERS`. Renderers take views, never states, so a picture cannot show a hidden card.
Rendering is thread-safe (the bot calls it in worker threads): sprites are cached once under a lock.
"""

from collections.abc import Callable
from typing import Any

from render import peek, penguin, triplepeaks

RENDERERS: dict[str, Callable[[Any], bytes]] = {
    "peek": peek.render,
    "penguin": penguin.render,
    "triplepeaks": triplepeaks.render,
}


def render_table(kind: str, view: Any) -> bytes:
    """The picture of ``view`` for a game of ``kind``, as PNG bytes.

    Raises:
        ValueError: no renderer for ``kind``.
    """
    renderer = RENDERERS.get(kind)
    if renderer is None:
        raise ValueError(f"No table picture for game kind {kind!r}.")
    return renderer(view)
