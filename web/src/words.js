// The page's words come from the server (the welcome's "words" map, in the reader's language, from the bot's
// catalogs). Before the welcome arrives, and for a key an older server does not send, the English below stands in.

const ENGLISH = {
  title: "Peanuts live",
  you: "You",
  opponent: "Opponent",
  watching: "Watching",
  peanut: "Peanut pile",
  stock: "Stock",
  waste: "Waste",
  centre: "Centre",
  score: "Score",
  stuck: "Stuck",
  unstuck: "Not stuck",
  turn: "Turn the stock",
  recycle: "Turn the waste over",
  hint: "Hint",
  resign: "Resign",
  connecting: "Connecting…",
  reconnecting: "Reconnecting…",
  left_activity: "You left the race here; it goes on in the channel.",
  play_in_messages: "You can go on with the buttons in the channel.",
  won: "You won!",
  lost: "You lost.",
  draw: "A draw.",
  result_in_channel: "The result is in the channel.",
  column: "Column {n}",
  pile: "Pile {n}",
  new_pile: "New pile",
  cancel: "Cancel",
  moved: "{card} → {target}",
  empty: "empty",
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

/** Where a card lies or goes: "p", "w", "c3", "b2", "b+". */
export function placeText(place) {
  if (place === "p") return t("peanut");
  if (place === "w") return t("waste");
  if (place === "b+") return t("new_pile");
  if (place[0] === "c") return t("column", { n: place.slice(1) });
  if (place[0] === "b") return t("pile", { n: place.slice(1) });
  return place;
}
