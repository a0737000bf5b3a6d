// Draws one view (docs/live-protocol.md) as the table: the opponent's public layout at the top, the shared
// building piles in the middle, the reader's own layout at the bottom (a spectator sees seat 0 at the
// bottom). Nothing here decides what is legal: a card is a source, and a place a target, only when the
// view's "legal" list names it.

import { cardBack, cardFace, h, slot } from "./cards.js";
import { cardText, moveText, placeText, t } from "./words.js";

/** The view's card moves by source: "c2|9H0" -> [{code, from, card, to}, ...]. */
export function movesBySource(view) {
  const sources = new Map();
  for (const entry of view.legal || []) {
    if (!entry.from) continue;
    const key = `${entry.from}|${entry.card}`;
    if (!sources.has(key)) sources.set(key, []);
    sources.get(key).push(entry);
  }
  return sources;
}

/** The legal entry moving `card` from `from` to `to`, or undefined. */
export function findMove(view, from, card, to) {
  return (view.legal || []).find((entry) => entry.from === from && entry.card === card && entry.to === to);
}

/** The first legal entry of a kind ("turn", "recycle", "stuck", "unstuck"), matched by kind or code. */
export function findControl(view, kind) {
  return (view.legal || []).find((entry) => !entry.from && (entry.kind === kind || entry.code === kind));
}

/**
 * The board for `view`. `pick` is the picked source ({from, card}) or null; `hint` a legal entry to show.
 */
export function drawBoard(view, pick, hint) {
  const seat = view.seat;
  const bottom = seat ?? 0;
  const top = 1 - bottom;
  const sources = movesBySource(view);
  const targets = new Set(pick ? (sources.get(`${pick.from}|${pick.card}`) || []).map((entry) => entry.to) : []);
  const context = { view, sources, pick, targets, hint };
  return [
    drawSide(context, top, "far", false),
    drawCentre(context),
    drawSide(context, bottom, "near", seat !== null && seat !== undefined),
  ];
}

function drawSide(context, seat, where, own) {
  const player = context.view.players[seat];
  const label = own ? t("you") : player.name;
  const flags = [];
  if (player.stuck) flags.push(h("span", { class: "flag" }, t("is_stuck")));
  return h(
    "section",
    { class: `side ${where}${own ? " own" : ""}`, "data-seat": seat, "aria-label": player.name },
    h(
      "div",
      { class: "who" },
      h("span", { class: `name deck${seat}` }, label),
      h("span", { class: "score", "data-score": player.score }, `${t("score")} ${player.score}`),
      flags,
    ),
    h(
      "div",
      { class: "layout" },
      h("div", { class: "heaps" }, drawPeanut(context, player, seat, own), drawStock(player, seat, own), drawWaste(context, player, seat, own)),
      drawTableau(context, player, seat, own),
    ),
  );
}

function drawPeanut(context, player, seat, own) {
  const top = player.peanut.top;
  const card = top ? source(context, own, "p", top, 0) : slot();
  return h(
    "div",
    { class: "heap peanut", "data-count": player.peanut.count },
    h("span", { class: "heap-name" }, t("peanut")),
    card,
    h("span", { class: "count", "aria-label": `${t("peanut")}: ${player.peanut.count}` }, player.peanut.count),
  );
}

function drawStock(player, seat, own) {
  const card = player.stock ? cardBack(seat, { "data-stock": own ? "own" : "far" }) : slot({ "data-stock": own ? "own" : "far" });
  return h(
    "div",
    { class: "heap stock", "data-count": player.stock },
    h("span", { class: "heap-name" }, t("stock")),
    card,
    h("span", { class: "count", "aria-label": `${t("stock")}: ${player.stock}` }, player.stock),
  );
}

function drawWaste(context, player, seat, own) {
  const cards = player.waste.cards;
  const fan = cards.length
    ? cards.map((code, index) => (index === cards.length - 1 ? source(context, own, "w", code, 0) : cardFace(code, { class: "under" })))
    : [slot()];
  return h(
    "div",
    { class: "heap waste", "data-count": player.waste.count },
    h("span", { class: "heap-name" }, t("waste")),
    h("div", { class: "fan" }, fan),
    h("span", { class: "count", "aria-label": `${t("waste")}: ${player.waste.count}` }, player.waste.count),
  );
}

function drawTableau(context, player, seat, own) {
  return h(
    "div",
    { class: "tableau" },
    player.tableau.map((column, index) => {
      const place = `c${index + 1}`;
      const cards = column.length ? column.map((code, depth) => source(context, own, place, code, depth)) : [slot()];
      return h("div", target(context, own, place, { class: "column", "data-column": index + 1 }, column.at(-1)), cards);
    }),
  );
}

function drawCentre(context) {
  const piles = context.view.piles.map((pile, index) => {
    const place = `b${index + 1}`;
    const topCard = pile.at(-1);
    return h(
      "div",
      target(context, true, place, { class: "pile", "data-pile": index + 1, "data-count": pile.length }, topCard),
      topCard ? cardFace(topCard) : slot(),
    );
  });
  if (context.view.piles.length < 8) {
    piles.push(h("div", target(context, true, "b+", { class: "pile new" }, null), slot({ class: "new-slot" })));
  }
  return h("section", { class: "centre", "aria-label": t("centre") }, piles);
}

/** A card of a layout: a button the player can pick when the legal list moves it, else a plain face. */
function source(context, own, place, code, depth) {
  const moves = own ? context.sources.get(`${place}|${code}`) : undefined;
  const label = `${cardText(code)}, ${placeText(place)}`;
  if (!moves) return cardFace(code, { "aria-label": label, style: `--depth: ${depth}` });
  const picked = context.pick && context.pick.from === place && context.pick.card === code;
  const hinted = context.hint && context.hint.from === place && context.hint.card === code;
  const classes = ["source"];
  if (picked) classes.push("picked");
  if (hinted) classes.push("hinted");
  return cardFace(
    code,
    {
      class: classes.join(" "),
      "aria-label": label,
      "aria-pressed": picked ? "true" : "false",
      "data-from": place,
      "data-moves": moves.map((entry) => entry.to).join(" "),
      "data-depth": depth,
      "data-key": `src:${place}:${code}`,
      tabindex: context.pick && !picked ? "-1" : "0",
      type: "button",
      style: `--depth: ${depth}`,
    },
    "button",
  );
}

/** A place's attributes, with what makes it a target when the picked card may go there (then it reads as
 * the move: "5♥ → pile 3"). */
function target(context, own, place, attributes, topCard) {
  const named = place === "b+" ? "" : placeText(place);
  const label = topCard ? `${named}, ${cardText(topCard)}` : named;
  const result = { ...attributes, "aria-label": label || null };
  if (!own) return result;
  result["data-to"] = place;
  const hinted = context.hint && context.hint.to === place;
  if (context.targets.has(place)) {
    result.class += " target";
    result.role = "button";
    result.tabindex = "0";
    result["data-key"] = `to:${place}`;
    result["aria-label"] = moveText(context.pick.card, place);
  }
  if (hinted) result.class += " hinted";
  return result;
}
