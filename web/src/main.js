// Peanuts live, the page: signs the player in (./discord.js), opens the race's socket (./socket.js), draws every
// view the server pushes (./board.js) and sends the moves the player makes (./input.js). The rules stay in
// the bot: a move is sent only when it is one of the view's legal entries, and the server still checks it.

import { drawBoard, findControl } from "./board.js";
import { h } from "./cards.js";
import { makeSdk, signIn } from "./discord.js";
import { Input } from "./input.js";
import { LiveSocket } from "./socket.js";
import { moveText, setWords, t } from "./words.js";

const $ = (id) => document.getElementById(id);

class Race {
  constructor() {
    this.view = null;
    this.welcome = null;
    this.pick = null;
    this.hint = null;
    this.sent = new Map();
    this.clockOffset = 0;
    this.input = new Input(this);
    this.socket = null;
    setInterval(() => this.tick(), 1000);
  }

  async start() {
    const query = new URLSearchParams(location.search);
    this.say($("status"), t("connecting"));
    const config = await (await fetch(new URL("api/config", document.baseURI))).json();
    const sdk = makeSdk(config, query);
    const token = await signIn(sdk, config);
    this.socket = new LiveSocket(() => ({ type: "hello", access_token: token, instance_id: sdk.instanceId }), {
      onFrame: (frame) => this.onFrame(frame),
      onState: (state) => this.onState(state),
    });
    this.socket.open();
  }

  onState(state) {
    document.body.dataset.connection = state;
    if (state === "connecting") this.say($("status"), t("connecting"));
    if (state === "reconnecting") this.say($("status"), t("reconnecting"));
    if (state === "open") this.showWho();
  }

  onFrame(frame) {
    if (frame.type === "welcome") {
      this.welcome = frame;
      this.sent.clear();
      document.body.dataset.waiting = 0;
      setWords(frame.words);
      document.body.dataset.deck = frame.deck === "four-colour" ? "four-colour" : "standard";
      document.documentElement.lang = frame.lang || "en";
      document.title = t("title");
      $("title").textContent = t("title");
      this.showWho();
    } else if (frame.type === "view") {
      this.onView(frame);
    } else if (frame.type === "ack") {
      const entry = this.sent.get(frame.id);
      this.answered(frame.id);
      if (entry && entry.from && !entry.to.startsWith("b")) this.announce(describe(entry));
    } else if (frame.type === "refused") {
      if (frame.id !== undefined) {
        this.answered(frame.id);
        document.body.dataset.refusals = Number(document.body.dataset.refusals || 0) + 1;
      }
      this.message(frame.reason);
    } else if (frame.type === "hint") {
      this.hint = (this.view?.legal || []).find((entry) => entry.code === frame.code) || null;
      this.message(frame.text);
      this.redraw();
    }
  }

  /** A move was saved or refused: it no longer waits. The body's data-sent, data-waiting and data-refusals
   * count the moves sent, those not answered yet and those refused (what a test reads). */
  answered(id) {
    this.sent.delete(id);
    document.body.dataset.waiting = this.sent.size;
  }

  onView(view) {
    const before = this.view;
    this.view = view;
    this.clockOffset = Date.parse(view.now) - Date.now();
    if (this.pick && !(view.legal || []).some((e) => e.from === this.pick.from && e.card === this.pick.card)) {
      this.pick = null;
    }
    if (this.hint && !(view.legal || []).some((e) => e.code === this.hint.code)) this.hint = null;
    this.announceChanges(before, view);
    this.drawTurn(view, before);
    $("app").removeAttribute("aria-busy");
    document.body.dataset.version = view.version;
    document.body.dataset.over = view.over ? "true" : "false";
    this.redraw();
  }

  /** Draws the current view again (after a view, a pick or a hint); keeps the focus where it was. */
  redraw() {
    const view = this.view;
    if (!view) return;
    if (this.input.dragging) {
      this.input.redrawAfterDrop = true;
      return;
    }
    const focused = document.activeElement?.dataset?.key;
    const wasOnBoard = $("board").contains(document.activeElement);
    $("board").replaceChildren(...drawBoard(view, this.pick, this.hint));
    this.drawControls(view);
    this.drawOver(view);
    this.tick();
    this.input.restoreFocus(focused, wasOnBoard);
  }

  drawControls(view) {
    const seat = view.seat;
    const controls = $("controls");
    controls.hidden = seat === null || seat === undefined || view.over;
    if (controls.hidden) return;
    const button = (kind, label, key, enabled) =>
      h("button", { type: "button", "data-control": kind, "data-key": `ctl:${kind}`, "aria-keyshortcuts": key, disabled: !enabled }, label, h("kbd", {}, key));
    const stuck = findControl(view, "unstuck") ? "unstuck" : "stuck";
    const buttons = [
      button("turn", t("turn"), "t", !!findControl(view, "turn")),
      button("recycle", t("recycle"), "r", !!findControl(view, "recycle")),
      button(stuck, stuck === "stuck" ? t("stuck") : t("unstuck"), "s", !!findControl(view, stuck)),
    ];
    if (view.turn !== null && view.turn !== undefined) buttons.push(button("pass", t("pass"), "p", !!findControl(view, "pass")));
    if (this.hasHints()) buttons.push(button("hint", t("hint"), "h", true));
    controls.replaceChildren(...buttons);
  }

  /** In the turn-based race, whose turn it is (on top of the board, and said when it changes). */
  drawTurn(view, before) {
    const turn = $("turn-of");
    const seat = view.over ? null : view.turn;
    turn.hidden = seat === null || seat === undefined;
    if (turn.hidden) return;
    const text = t("to_play", { player: view.players[seat].name });
    turn.textContent = text;
    if (before && before.turn !== seat) this.announce(text);
  }

  drawOver(view) {
    const over = $("over");
    over.hidden = !view.over;
    if (!view.over || !view.outcome) return;
    const seat = view.seat;
    const verdict = [];
    if (seat !== null && seat !== undefined) {
      const winners = view.outcome.winners || [];
      verdict.push(h("strong", { class: "verdict" }, winners.length !== 1 ? t("draw") : winners[0] === seat ? t("won") : t("lost")));
    }
    over.replaceChildren(
      ...verdict,
      h("p", { class: "outcome" }, view.outcome.text),
      h("p", { class: "note" }, t("result_in_channel")),
    );
  }

  /** Sends a legal entry's code (a move or a control). */
  play(entry) {
    this.pick = null;
    this.hint = null;
    $("message").textContent = "";
    const id = this.socket.request({ type: "move", code: entry.code });
    if (id === null) {
      this.message(t("reconnecting"));
    } else {
      this.sent.set(id, entry);
      document.body.dataset.waiting = this.sent.size;
      document.body.dataset.sent = Number(document.body.dataset.sent || 0) + 1;
    }
    this.redraw();
  }

  /** Whether the race gives hints (the welcome says; Peanuts has no hinter, so no Hint button and no h key). */
  hasHints() {
    return this.welcome?.hints === true;
  }

  askHint() {
    if (this.hasHints() && this.view && !this.view.over && this.view.seat !== null) this.socket.request({ type: "hint" });
  }

  showWho() {
    const welcome = this.welcome;
    if (!welcome) return;
    const watching = welcome.seat === null || welcome.seat === undefined;
    document.body.dataset.seat = watching ? "watching" : String(welcome.seat);
    $("status").textContent = watching ? t("watching") : welcome.user?.name ?? "";
  }

  tick() {
    const view = this.view;
    if (!view || !view.started_at) return;
    const now = view.over ? Date.parse(view.now) : Date.now() + this.clockOffset;
    const seconds = Math.max(0, Math.floor((now - Date.parse(view.started_at)) / 1000));
    $("clock").textContent = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  }

  /** What changed between two views, for the screen reader: plays to the centre, stuck flags, the end. */
  announceChanges(before, view) {
    if (!before) return;
    const said = [];
    view.piles.forEach((pile, index) => {
      const old = before.piles[index] || [];
      if (pile.length > old.length) {
        const card = pile.at(-1);
        const who = view.players[Number(card[2])]?.name ?? "";
        said.push(`${who}: ${describe({ card, to: `b${index + 1}` })}`);
      }
    });
    view.players.forEach((player, seat) => {
      if (player.stuck && !before.players[seat].stuck) said.push(`${player.name}: ${t("is_stuck")}`);
    });
    if (view.over && !before.over && view.outcome) said.push(view.outcome.text);
    if (said.length) this.announce(said.join(". "));
  }

  announce(text) {
    $("announce").textContent = text;
  }

  message(text) {
    $("message").textContent = text || "";
    if (text) this.announce(text);
  }

  say(element, text) {
    element.textContent = text;
  }
}

function describe(entry) {
  return moveText(entry.card, entry.to);
}

const race = new Race();
window.peapodLive = race;
race.start().catch((error) => {
  document.body.dataset.connection = "failed";
  race.message(String(error.message || error));
});
