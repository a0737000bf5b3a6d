"""Two racers in a browser, driving the Peanuts live page as people do: one with the keyboard only, one with
the mouse (dragging cards to the piles, tapping a card and then its column). Each reads the moves the page
offers (its cards' ``data-moves``, from the view's legal list) and the controls it shows, and plays a simple
line: a card to the centre first, then the peanut top or a whole column onto a column (the emptied column is
refilled from the peanut pile), else the stock (saying "stuck" once at the end of a round of it with nothing
to build). The line always ends the race."""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from playwright.async_api import Page

READ = """() => {
  const body = document.body.dataset;
  const own = document.querySelector('#board .side.own');
  return {
    version: body.version || '', sent: body.sent || '0', over: body.over === 'true', refusals: body.refusals || '0',
    sources: [...document.querySelectorAll('#board [data-from]')].map(e => ({
      from: e.dataset.from, card: e.dataset.card, depth: Number(e.dataset.depth), moves: e.dataset.moves.split(' ')})),
    controls: Object.fromEntries([...document.querySelectorAll('#controls button')].map(
      b => [b.dataset.control, !b.disabled])),
    stock: own ? Number(own.querySelector('.stock').dataset.count) : 0,
    stuck: own ? !!own.querySelector('.flag') : false,
  };
}"""
"""What a racer reads off the page."""

BOXES = """selectors => {
  const boxes = selectors.map(s => document.querySelector(s)?.getBoundingClientRect());
  return boxes.every(Boolean) ? boxes.map(b => ({x: b.x + b.width / 2, y: b.y, height: b.height})) : null;
}"""
"""Where elements are (the middle of their top edge, and their height), or null when one is gone."""

SETTLED = """([version, refusals]) => document.body.dataset.waiting === '0'
  && (document.body.dataset.version !== version || (document.body.dataset.refusals || '0') !== refusals)"""
"""The move was answered: saved (a new view) or refused."""

LETTERS = {"turn": "t", "recycle": "r", "stuck": "s"}

Action = tuple[str, ...]


def choose(seen: dict, said_stuck: bool) -> Action | None:
    """The next move: ``("move", from, card, to)`` or ``("control", kind)``; None when there is nothing to do.
    ``said_stuck``: whether the racer said "stuck" in this round of the stock already (once is enough: told
    there is a play left, the racer plays on and says it again at the end of the next round)."""
    for source in seen["sources"]:
        for to in source["moves"]:
            if to.startswith("b"):
                return ("move", source["from"], source["card"], to)
    for source in seen["sources"]:
        if source["from"] == "p" or (source["from"].startswith("c") and source["depth"] == 0):
            return ("move", source["from"], source["card"], source["moves"][0])
    controls = seen["controls"]
    if seen["stock"] == 0 and controls.get("stuck") and not seen["stuck"] and not said_stuck:
        return ("control", "stuck")
    for kind in ("turn", "recycle"):
        if controls.get(kind):
            return ("control", kind)
    return None


STEPS = """([selector, wanted]) => {
  const all = [...document.querySelectorAll(selector)].filter(e => !e.disabled && e.tabIndex >= 0);
  const at = all.indexOf(document.activeElement);
  const to = all.findIndex(e => e.matches(wanted));
  return to < 0 ? null : [at, to, all.length];
}"""
"""How far the focus is from the element matching ``wanted``, among the focusable ``selector`` elements."""
FOCUSABLE = "button, [tabindex]"


async def step_to(page: Page, selector: str, wanted: str, forward: str, back: str) -> bool:
    """Move the focus to ``wanted`` with the ``forward`` and ``back`` keys, as few presses as it takes."""
    for _ in range(3):
        steps = await page.evaluate(STEPS, [selector, wanted])
        if steps is None:
            return False
        at, to, count = steps
        if at == to:
            return True
        ahead = (to - at) % count if at >= 0 else to + 1
        key, presses = (forward, ahead) if ahead <= count - ahead or at < 0 else (back, count - ahead)
        for _ in range(presses):
            await page.keyboard.press(key)
    return False


async def by_keyboard(page: Page, action: Action) -> bool:
    """Tab to the card, Enter, arrows to the place, Enter; a letter for a control. False if the page moved on."""
    if action[0] == "control":
        await page.keyboard.press(LETTERS[action[1]])
        return True
    _, source, card, to = action
    if not await step_to(page, FOCUSABLE, f'[data-key="src:{source}:{card}"]', "Tab", "Shift+Tab"):
        return False
    await page.keyboard.press("Enter")
    if not await step_to(page, "[data-to].target", f'[data-to="{to}"]', "ArrowRight", "ArrowLeft"):
        await page.keyboard.press("Escape")
        return False
    await page.keyboard.press("Enter")
    return True


async def by_mouse(page: Page, action: Action) -> bool:
    """Drag the card onto a pile, or tap it and then tap the column it goes to; click a control's button.
    False if the page moved on."""
    if action[0] == "control":
        boxes = await page.evaluate(BOXES, [f'#controls button[data-control="{action[1]}"]'])
        if boxes is None:
            return False
        await page.mouse.click(boxes[0]["x"], boxes[0]["y"] + boxes[0]["height"] / 2)
        return True
    _, source, card, to = action
    boxes = await page.evaluate(BOXES, [f'[data-key="src:{source}:{card}"]', f'[data-to="{to}"]'])
    if boxes is None:
        return False
    start, end = boxes
    if to.startswith("c"):
        await page.mouse.click(start["x"], start["y"] + 8)
        await page.mouse.click(end["x"], end["y"] + end["height"] - 8)
        return True
    await page.mouse.move(start["x"], start["y"] + 8)
    await page.mouse.down()
    await page.mouse.move(end["x"], end["y"] + end["height"] - 8, steps=4)
    await page.mouse.up()
    return True


@dataclass
class Racer:
    page: Page
    way: Callable[[Page, Action], Awaitable[bool]]
    played: list[Action] = field(default_factory=list)
    unsent: int = 0
    said_stuck: bool = False

    async def race(self) -> None:
        """Play until the page says the race is over."""
        while True:
            seen = await self.page.evaluate(READ)
            if seen["over"]:
                return
            action = choose(seen, self.said_stuck)
            if action is None or not await self.way(self.page, action):
                await self.page.wait_for_function(
                    "v => document.body.dataset.version !== v", arg=seen["version"], timeout=30_000
                )
                continue
            if await self.page.evaluate("() => document.body.dataset.sent || '0'") == seen["sent"]:
                self.unsent += 1  # the page did not send it (the other racer's move made it stale): read it again
                assert self.unsent < 200, f"the page keeps refusing to send {action}"
                continue
            self.played.append(action)
            if action[0] == "control" and action[1] in ("stuck", "recycle"):
                self.said_stuck = action[1] == "stuck"
            await self.page.wait_for_function(SETTLED, arg=[seen["version"], seen["refusals"]], timeout=10_000)
