// Card chess's cards drawn as cards (the picture's `cards`, see
// src/web/picture.rs): a face per card with its name, an icon and its rule;
// the card being carried out large; each side's hand; the pile and the
// discard as stacks with their counts. A card that leaves play flies to
// the discard or to the hand that keeps it.
"use strict";

// The icons, in a 24×24 box: strokes.
const CARD_ICONS = {
  move: "M4 12 H18 M13 7 L18 12 L13 17",
  choose: "M4 4 H20 V20 H4 Z M8 12 L11 15 L16 9",
  swap: "M4 8 H18 M14 4 L18 8 L14 12 M20 16 H6 M10 12 L6 16 L10 20",
  lose: "M6 3 H18 M6 21 H18 M7 3 Q7 10 12 12 Q17 10 17 3 M7 21 Q7 14 12 12 Q17 14 17 21",
  remove: "M5 5 L19 19 M19 5 L5 19",
  bomb: "M10 21 A7 7 0 1 1 10.01 21 M14 8 L17 5 M17 5 Q19 3 21 4",
  recover: "M5 12 A7 7 0 1 0 8 6 M8 2 V6 H4",
  veto: "M12 3 A9 9 0 1 1 11.99 3 M5.6 5.6 L18.4 18.4",
  objective: "M12 3 A9 9 0 1 1 11.99 3 M12 7 A5 5 0 1 1 11.99 7 M12 11 A1 1 0 1 1 11.99 11",
  effect: "M12 2 L14.6 9 L22 9 L16 13.5 L18.5 21 L12 16.5 L5.5 21 L8 13.5 L2 9 L9.4 9 Z",
  wildcard: "M8 8 Q8 4 12 4 Q16 4 16 8 Q16 11 12 12 V15 M12 19 V20",
};

// One card's face: `size` is `big` (in play) or `small`.
function cardFace(face, size) {
  const card = document.createElement("div");
  card.className = `card-face ${size} icon-${face.icon}`;
  card.dataset.card = face.name;
  const name = document.createElement("strong");
  name.textContent = face.name;
  const picture = svgElement("svg", { viewBox: `0 0 ${24 + 20 * face.figures.length} 24`, "aria-hidden": "true" });
  picture.appendChild(svgElement("path", { d: CARD_ICONS[face.icon] || CARD_ICONS.wildcard, class: "card-icon" }));
  face.figures.forEach((figure, index) => {
    const drawn = drawFigure(figure, 0, 34 + 20 * index, 12, 22);
    if (drawn) picture.appendChild(drawn);
  });
  const rule = document.createElement("span");
  rule.className = "rule";
  rule.textContent = face.rule;
  card.title = `${face.name}: ${face.rule}`;
  card.append(name, picture, rule);
  return card;
}

// A stack of face-down cards with its count.
function cardStack(kind, label, count) {
  const stack = document.createElement("div");
  stack.className = `card-stack ${kind}`;
  stack.setAttribute("role", "img");
  stack.setAttribute("aria-label", `${label}: ${count} cards`);
  const layers = Math.min(3, count);
  for (let i = 0; i < Math.max(1, layers); i++) {
    const back = document.createElement("div");
    back.className = count ? "card-back" : "card-back empty";
    back.style.transform = `translate(${i * 2}px, ${-i * 2}px)`;
    stack.appendChild(back);
  }
  const words = document.createElement("span");
  words.className = "count";
  words.textContent = `${label} ${count}`;
  stack.appendChild(words);
  return stack;
}

// The card that was in play at the last drawing, and where it stood.
const cardTable = { inPlay: null };

// Draws `cards` (or nothing) into `box`; `you` is the person's seat.
function renderCards(box, cards, you) {
  const leaving = cardTable.inPlay;
  const before = leaving && box.querySelector(".in-play .card-face");
  const from = before ? before.getBoundingClientRect() : null;
  box.replaceChildren();
  box.hidden = !cards;
  cardTable.inPlay = cards && cards.in_play ? cards.in_play.name : null;
  if (!cards) return;
  const row = document.createElement("div");
  row.className = "card-row";
  row.append(cardStack("pile", "Pile", cards.pile), cardStack("discard", "Discard", cards.discard));
  const play = document.createElement("div");
  play.className = "in-play";
  if (cards.in_play) {
    const label = document.createElement("span");
    label.className = "muted";
    label.textContent = "Being carried out";
    play.append(label, cardFace(cards.in_play, "big"));
  }
  row.appendChild(play);
  box.appendChild(row);
  // The effect in force beside the card in play, the hands under them.
  if (cards.effect) {
    const [face, side] = cards.effect;
    const effect = document.createElement("div");
    effect.className = "card-effect";
    const label = document.createElement("span");
    label.textContent = `In force for ${side}:`;
    effect.append(label, cardFace(face, "small"));
    row.appendChild(effect);
  }
  const hands = document.createElement("div");
  hands.className = "card-hands";
  box.appendChild(hands);
  const ordered = [...cards.held].sort((a, b) => (a.seat === you ? -1 : b.seat === you ? 1 : 0));
  for (const hand of ordered) {
    const holder = document.createElement("div");
    holder.className = `card-hand seat-${hand.seat}`;
    const label = document.createElement("span");
    label.textContent = hand.seat === you ? `Your cards (${hand.side}):` : `${hand.side} holds:`;
    if (!hand.cards.length) label.textContent += " none";
    const held = document.createElement("div");
    held.className = "held";
    for (const face of hand.cards) held.appendChild(cardFace(face, "small"));
    holder.append(label, held);
    hands.appendChild(holder);
  }
  if (from && !cardTable.inPlay) flyAway(box, leaving, from);
}

// The card `name` that left play flies from `from` to the hand that now
// holds it, or to the discard.
function flyAway(box, name, from) {
  const kept = [...box.querySelectorAll(".card-hand .card-face")].filter((c) => c.dataset.card === name).pop();
  const target = kept || box.querySelector(".card-stack.discard");
  if (!target || !target.animate) return;
  const to = target.getBoundingClientRect();
  const ghost = document.createElement("div");
  ghost.className = "card-back flying";
  ghost.setAttribute("aria-hidden", "true");
  Object.assign(ghost.style, { left: `${from.left}px`, top: `${from.top}px`, width: `${from.width}px`, height: `${from.height}px` });
  document.body.appendChild(ghost);
  const scale = Math.max(0.2, to.width / from.width);
  ghost.animate(
    [{ transform: "none" }, { transform: `translate(${to.left - from.left}px, ${to.top - from.top}px) scale(${scale})` }],
    { duration: 450, easing: "ease-in-out" },
  ).onfinish = () => ghost.remove();
}
