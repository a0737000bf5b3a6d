// The page's words come from the server (the welcome's "words" map, in the reader's language, from the bot's
// catalogs; bot/live/words.py). Until the welcome arrives (the first "Connecting…") the English below stands in.

const ENGLISH = {
  title: "Peanuts live",
  you: "You",
  watching: "Watching",
  peanut: "Peanut pile",
  stock: "Stock",
  waste: "Waste",
  centre: "Centre",
  score: "Score",
  stuck: "I'm stuck",
  unstuck: "Not stuck any more",
  is_stuck: "Stuck",
  turn: "Turn the stock",
  recycle: "Turn the waste over",
  hint: "Hint",
  connecting: "Connecting…",
  reconnecting: "Reconnecting…",
  won: "You won!",
  lost: "You lost.",
  draw: "A draw.",
  result_in_channel: "The result is in the channel.",
  column: "Column {number}",
  pile: "Pile {number}",
  to_pile: "{card} → pile {pile}",
  to_new_pile: "{card} → new pile",
  to_column: "{card} → column {column}",
  pass: "Pass",
  to_play: "{player} to play.",
};

let current = { ...ENGLISH };

/** Takes the server's words (missing keys keep their English). */
export function setWords(words) {
  current = { ...ENGLISH, ...(words || {}) };
}

/** The text of `key`, its `{name}` placeholders filled from `values`. */
export function t(key, values = {}) {
  const template = current[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };

/** A card code ("TS0": rank, suit, deck) as people read it: "10♠". Ranks may be worded by the server
 * ("rank.Q": "D" in German). */
export function cardText(code) {
  const rank = code[0];
  const worded = current[`rank.${rank}`] ?? (rank === "T" ? "10" : rank);
  return worded + SUITS[code[1]];
}

export function suitSymbol(code) {
  return SUITS[code[1]];
}

/** Where a card lies: "p", "w", "c3", "b2". */
export function placeText(place) {
  if (place === "p") return t("peanut");
  if (place === "w") return t("waste");
  if (place[0] === "c") return t("column", { number: place.slice(1) });
  return t("pile", { number: place.slice(1) });
}

/** A move as the table's buttons word it: "5♥ → pile 3", "A♠ → new pile", "9♥ → column 5". */
export function moveText(card, to) {
  const named = cardText(card);
  if (to === "b+") return t("to_new_pile", { card: named });
  if (to[0] === "b") return t("to_pile", { card: named, pile: to.slice(1) });
  return t("to_column", { card: named, column: to.slice(1) });
}
