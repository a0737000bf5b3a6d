// How a player moves a card: drag it onto a place (pointer events, so a finger works as a mouse does), tap it
// and tap the place, or with the keyboard (Tab to a card, Enter to pick it, Tab or the arrows to a place,
// Enter to play, Esc to cancel). Letters for the rest: t turns the stock, r turns the waste over, s says
// stuck (or takes it back), p passes (the turn-based race), h asks for a hint where the race gives hints (the
// welcome says; a Peanuts race has none, so there h does nothing). Whatever the way, a move is sent only when it
// matches one of the view's legal entries (source, card and place).

import { findControl, findMove } from "./board.js";

const DRAG_START_PX = 6;

export class Input {
  constructor(race) {
    this.race = race;
    this.dragging = null;
    this.press = null;
    this.redrawAfterDrop = false;
    this.skipClick = false;
    const board = document.getElementById("board");
    board.addEventListener("click", (event) => this.onClick(event));
    board.addEventListener("pointerdown", (event) => this.onPointerDown(event));
    document.addEventListener("pointermove", (event) => this.onPointerMove(event));
    document.addEventListener("pointerup", (event) => this.onPointerUp(event));
    document.addEventListener("pointercancel", () => this.endDrag());
    document.addEventListener("keydown", (event) => this.onKey(event));
    document.getElementById("controls").addEventListener("click", (event) => {
      const button = event.target.closest("button[data-control]");
      if (button) this.control(button.dataset.control);
    });
  }

  get view() {
    return this.race.view;
  }

  /** Picks the card of a source element (or drops the pick when it is the picked card). */
  pickSource(element) {
    const from = element.dataset.from;
    const card = element.dataset.card;
    const pick = this.race.pick;
    this.race.pick = pick && pick.from === from && pick.card === card ? null : { from, card };
    this.race.redraw();
    if (this.race.pick) this.focusTarget(0);
  }

  /** Plays the picked card to `to` if the view's legal list has that move; otherwise nothing is sent. */
  playTo(to) {
    const pick = this.race.pick;
    const entry = pick && findMove(this.view, pick.from, pick.card, to);
    if (!entry) return false;
    this.race.play(entry);
    return true;
  }

  cancel() {
    if (!this.race.pick) return;
    const { from, card } = this.race.pick;
    this.race.pick = null;
    this.race.redraw();
    document.querySelector(`[data-key="src:${from}:${card}"]`)?.focus();
  }

  control(kind) {
    if (kind === "hint") {
      this.race.askHint();
      return;
    }
    const entry = this.view && findControl(this.view, kind);
    if (entry) this.race.play(entry);
  }

  onClick(event) {
    if (this.skipClick) {
      this.skipClick = false;
      return;
    }
    if (!this.view) return;
    const place = event.target.closest("[data-to]");
    if (this.race.pick && place && this.playTo(place.dataset.to)) return;
    const source = event.target.closest("[data-from]");
    if (source) {
      this.pickSource(source);
      return;
    }
    const stock = event.target.closest("[data-stock='own']");
    if (stock) {
      this.control(findControl(this.view, "turn") ? "turn" : "recycle");
      return;
    }
    if (this.race.pick) this.cancel();
  }

  onKey(event) {
    if (!this.view || event.ctrlKey || event.metaKey || event.altKey) return;
    const active = document.activeElement;
    if (event.key === "Escape") {
      this.cancel();
      return;
    }
    if (event.key === "Enter" || event.key === " ") {
      const place = active?.closest?.("[data-to].target");
      if (this.race.pick && place) {
        event.preventDefault();
        this.playTo(place.dataset.to);
        return;
      }
      const source = active?.closest?.("[data-from]");
      if (source) {
        event.preventDefault();
        this.pickSource(source);
      }
      return;
    }
    if (this.race.pick && ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"].includes(event.key)) {
      event.preventDefault();
      const step = event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : -1;
      const targets = [...document.querySelectorAll("[data-to].target")];
      this.focusTarget(targets.indexOf(active) + step);
      return;
    }
    const letters = { t: "turn", r: "recycle", p: "pass" };
    if (this.race.hasHints()) letters.h = "hint";
    const key = event.key.toLowerCase();
    if (key in letters) this.control(letters[key]);
    if (key === "s") this.control(findControl(this.view, "unstuck") ? "unstuck" : "stuck");
  }

  /** Focuses the picked card's `index`-th target (wrapping round). */
  focusTarget(index) {
    const targets = [...document.querySelectorAll("[data-to].target")];
    if (!targets.length) return;
    targets[((index % targets.length) + targets.length) % targets.length].focus();
  }

  /** After a redraw: the element with the same key as before, else (when the focus was on the board) the
   * picked card's first target, or the first card that can move. */
  restoreFocus(key, wasOnBoard) {
    const again = key && document.querySelector(`[data-key="${key}"]`);
    if (again) {
      again.focus();
      return;
    }
    if (!wasOnBoard) return;
    if (this.race.pick) {
      this.focusTarget(0);
      return;
    }
    document.querySelector("#board [data-from]")?.focus();
  }

  onPointerDown(event) {
    if (event.button !== 0) return;
    const source = event.target.closest("[data-from]");
    if (!source || !this.view) return;
    this.endDrag();
    this.press = { source, x: event.clientX, y: event.clientY, pointer: event.pointerId };
  }

  onPointerMove(event) {
    const press = this.press;
    if (!press || press.pointer !== event.pointerId) return;
    if (!this.dragging) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_START_PX) return;
      if (!this.startDrag(press)) return;
    }
    const ghost = this.dragging.ghost;
    ghost.style.transform = `translate(${event.clientX - press.x}px, ${event.clientY - press.y}px)`;
    const under = this.placeAt(event.clientX, event.clientY);
    for (const element of document.querySelectorAll(".drop")) element.classList.remove("drop");
    if (under?.classList.contains("target")) under.classList.add("drop");
  }

  /** Lifts the pressed card (and the cards on it); false when a new view took it away meanwhile. */
  startDrag(press) {
    const { source } = press;
    this.race.pick = { from: source.dataset.from, card: source.dataset.card };
    this.race.redraw();
    const picked = document.querySelector(`[data-key="src:${this.race.pick.from}:${this.race.pick.card}"]`);
    if (!picked) {
      this.press = null;
      this.race.pick = null;
      this.race.redraw();
      return false;
    }
    const rect = picked.getBoundingClientRect();
    const ghost = document.createElement("div");
    ghost.className = "ghost";
    ghost.style.left = `${rect.left}px`;
    ghost.style.top = `${rect.top}px`;
    for (let card = picked; card; card = card.nextElementSibling) ghost.append(card.cloneNode(true));
    document.body.append(ghost);
    this.dragging = { ghost };
    document.body.classList.add("dragging");
    return true;
  }

  placeAt(x, y) {
    return document.elementFromPoint(x, y)?.closest("[data-to]") ?? null;
  }

  onPointerUp(event) {
    const press = this.press;
    this.press = null;
    if (!press || !this.dragging) return;
    const place = this.placeAt(event.clientX, event.clientY);
    this.skipClick = true;
    setTimeout(() => (this.skipClick = false), 0);
    this.endDrag();
    if (!(place && this.playTo(place.dataset.to))) {
      this.race.pick = null;
      this.race.redraw();
    }
  }

  endDrag() {
    if (!this.dragging) return;
    this.dragging.ghost.remove();
    this.dragging = null;
    document.body.classList.remove("dragging");
    for (const element of document.querySelectorAll(".drop")) element.classList.remove("drop");
    if (this.redrawAfterDrop) {
      this.redrawAfterDrop = false;
      this.race.redraw();
    }
  }
}
