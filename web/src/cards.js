// Cards drawn in HTML and CSS: rank and suit symbol in the corners and a big suit in the middle, red or black
// ink by suit (or four inks, one a suit, for a reader who chose the four-colour deck: the welcome's "deck" sets
// the body's data-deck and the style sheet colours each suit-X class), a deck stripe telling the two racers'
// decks apart on the shared piles, and backs for hidden cards. Codes are the server's: rank (A23456789TJQK),
// suit (CDHS), deck digit.

import { cardText, suitSymbol } from "./words.js";

/** Makes an element: h("div", {class: "x", "data-to": "b1"}, child, "text"). */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

const RED = new Set(["H", "D"]);

/** A face-up card; `tag` "button" for a card the player may move. */
export function cardFace(code, attributes = {}, tag = "div") {
  const text = cardText(code);
  const rank = text.slice(0, -1);
  const suit = suitSymbol(code);
  const classes = ["card", RED.has(code[1]) ? "red" : "black", `suit-${code[1]}`, `deck${code[2] ?? "0"}`];
  if (attributes.class) classes.push(attributes.class);
  return h(
    tag,
    { ...attributes, class: classes.join(" "), "data-card": code, "aria-label": attributes["aria-label"] ?? text },
    h("span", { class: "corner", "aria-hidden": "true" }, h("span", { class: "rank" }, rank), h("span", { class: "pip" }, suit)),
    h("span", { class: "middle", "aria-hidden": "true" }, suit),
  );
}

/** A face-down card (the stock), of `deck`'s back. */
export function cardBack(deck, attributes = {}) {
  return h("div", { ...attributes, class: `card back deck${deck} ${attributes.class ?? ""}`.trim() });
}

/** An empty place (a column or a pile with no card). */
export function slot(attributes = {}) {
  return h("div", { ...attributes, class: `card slot ${attributes.class ?? ""}`.trim() });
}
