// The Muzicando table in the browser: one seat's view, from the server's
// events for that seat (built from its observation only). Without a seat
// link the page offers to create a table. No framework, no build step.
"use strict";

const COLOURS = { R: "red", O: "orange", Y: "yellow", G: "green", B: "blue", P: "purple", V: "violet" };
const SYMBOLS = { sharp: "♯", natural: "♮", flat: "♭", pause: "‖" };
const NOTES = ["Do", "Re", "Mi", "Fa", "Sol", "La", "Si"];
const TYPES = { S: "Sarabanda", G: "Glissando", P: "Parada", M: "Muzicando" };
const COMPASS = ["N", "E", "S", "W"];

const params = new URLSearchParams(location.search);
const tableId = params.get("table");
const token = params.get("seat");

const state = {
  view: null,       // the seat's latest view
  hand: 0,          // the hand being played, from 0
  next: 0,          // the number of the next event
  source: null,     // the event stream, while it is open
  selected: null,   // the card picked from the hand
  summary: null,    // the last finished hand
  replayStep: 0,
  over: false,
  busy: false,
};

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("data-")) node.setAttribute(key, value);
    else if (key === "onclick") node.addEventListener("click", value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Makes `node` a button for the keyboard and screen readers: focusable,
// named `label` (or by its text), pressed by Enter or Space as by a click;
// `action(byKey)`.
function pressable(node, label, action) {
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  if (label) node.setAttribute("aria-label", label);
  node.addEventListener("click", () => action(false));
  node.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    action(true);
  });
  return node;
}

function setStatus(status) {
  document.body.dataset.status = status;
}

// ---- names -------------------------------------------------------------

function seatName(seat, view) {
  const v = view || state.view;
  let name = `Seat ${seat}`;
  if (v && v.team_game) name += ` (${COMPASS[seat % 4]})`;
  if (v && seat === v.seat) name += " — you";
  else if (v && v.team_game && seat % 2 === v.seat % 2) name += " — partner";
  return name;
}

// ---- cards -------------------------------------------------------------

function cardFace(card, extra) {
  const classes = ["card", `c-${card.colour}`];
  if (card.symbol) classes.push("symbol");
  if (card.circled) classes.push("circled");
  if (extra) classes.push(extra);
  const title = `${COLOURS[card.colour]} ${card.note || card.symbol}`;
  const face = card.note
    ? el("span", { class: "note" }, card.note)
    : el("span", { class: "glyph" }, SYMBOLS[card.symbol]);
  // The corner's colour letter is drawn by the style sheet (`data-colour`),
  // so that a card's visible text is its note or symbol, as its name says.
  return el("div", { class: classes.join(" "), "data-card": card.name, "data-colour": card.colour, title, role: "img", "aria-label": title },
    face,
    card.symbol ? el("span", { class: "word" }, card.symbol) : null);
}

function faceOfName(name) {
  const [colour, rest] = name.split("-");
  const symbol = { "#": "sharp", nat: "natural", b: "flat", pause: "pause" }[rest];
  const note = symbol ? null : rest;
  const circled = note !== null && NOTES.indexOf(note) === "ROYGBPV".indexOf(colour);
  return { name, colour, note, symbol: symbol || null, circled };
}

// ---- the table's layouts ---------------------------------------------------

// Draws `table` (a TableView) into `box`; `targets` are the legal cells of
// the selected card, `onTarget(x, y)` plays there.
function drawBoard(box, table, targets, onTarget) {
  box.replaceChildren();
  box.className = `board layout-${table.layout}`;
  box.dataset.layout = table.layout;
  const at = new Map(table.cells.map((c) => [`${c.x},${c.y}`, c]));
  const isTarget = new Set(targets.map((t) => `${t.x},${t.y}`));
  // A place named as a person reads it: a colour's pile and row, or X,Y.
  const coloured = table.layout === "piles" || table.layout === "columns";
  const placeName = (x, y) => (coloured
    ? `${COLOURS["ROYGBPV"[x]]} ${y === 7 ? "symbol" : NOTES[y]}`
    : `x ${x}, y ${y}`);
  const cell = (x, y, label) => {
    const key = `${x},${y}`;
    const here = at.get(key);
    const classes = ["cell"];
    if (isTarget.has(key)) classes.push("target");
    const node = el("div", { class: classes.join(" "), "data-x": x, "data-y": y });
    if (isTarget.has(key)) pressable(node, `Play here: ${placeName(x, y)}`, () => onTarget(x, y));
    if (here) {
      node.append(cardFace(here.card));
      if (here.symbol) node.append(el("div", { class: "riding" }, cardFace(here.symbol, "small")));
    } else if (label) {
      node.append(el("span", { class: "empty-label" }, label));
    }
    return node;
  };
  if (table.layout === "piles" || table.layout === "columns") {
    const grid = el("div", { class: "grid", style: "grid-template-columns: 36px repeat(7, var(--cell)); --cols: 7; --rows: 8" });
    grid.append(el("div", { class: "axis" }, ""));
    for (const letter of "ROYGBPV") grid.append(el("div", { class: `axis c-${letter}-text` }, letter));
    for (let y = 7; y >= 0; y--) {
      grid.append(el("div", { class: "axis" }, y === 7 ? "sym." : NOTES[y]));
      for (let x = 0; x < 7; x++) {
        const opener = table.layout === "columns" && x === y ? "○" : "";
        grid.append(cell(x, y, opener));
      }
    }
    box.append(grid);
    return;
  }
  const points = table.cells.map((c) => [c.x, c.y]).concat(targets.map((t) => [t.x, t.y]));
  if (points.length === 0) points.push([0, 0]);
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const margin = table.cells.length ? 1 : 0;
  const minX = Math.min(...xs) - margin, maxX = Math.max(...xs) + margin;
  const minY = Math.min(...ys) - margin, maxY = Math.max(...ys) + margin;
  const cols = maxX - minX + 1;
  const grid = el("div", { class: "grid", style: `grid-template-columns: 36px repeat(${cols}, var(--cell)); --cols: ${cols}; --rows: ${maxY - minY + 1}` });
  grid.append(el("div", { class: "axis" }, "y\\x"));
  for (let x = minX; x <= maxX; x++) grid.append(el("div", { class: "axis" }, x));
  for (let y = maxY; y >= minY; y--) {
    grid.append(el("div", { class: "axis" }, y));
    for (let x = minX; x <= maxX; x++) grid.append(cell(x, y, ""));
  }
  box.append(grid);
}

function layoutNote(table) {
  return {
    piles: "Muzicando: each colour climbs Do → Si from its Do; a symbol goes on an open pile.",
    columns: "Parada: a colour's circled note (○) opens its column, which grows up or down.",
    rows: "Glissando: rows rise left to right one note a step, Si wrapping to Do; a new row starts above or below with a circled note.",
    grid: "Sarabanda: a note goes next to a note one step away (Si and Do touch); cells are X,Y.",
  }[table.layout];
}

// ---- rendering the seat's view -------------------------------------------

function legal(kind) {
  return (state.view ? state.view.legal : []).filter((l) => kind === undefined || l.kind === kind);
}

async function play(text) {
  if (state.busy) return;
  state.busy = true;
  showError("");
  try {
    await api("POST", `/api/tables/${tableId}/seats/${token}/play`, { action: text });
    state.selected = null;
    // The stream brings what happened; without one, ask.
    if (!state.source) await poll();
  } catch (error) {
    showError(error.message);
  } finally {
    state.busy = false;
  }
}

function renderSeats(view) {
  const box = $("seats");
  box.replaceChildren();
  for (let seat = 0; seat < view.seats; seat++) {
    const classes = ["seat"];
    if (seat === view.to_move) classes.push("to-move");
    if (seat === view.seat) classes.push("me");
    const place = view.finished.indexOf(seat);
    const notes = [];
    if (seat === view.dealer) notes.push("dealer");
    if (place >= 0) notes.push(`finished ${place + 1}.`);
    if (view.out.includes(seat)) notes.push("out");
    box.append(el("div", { class: classes.join(" "), "data-seat": seat },
      el("span", { class: "seat-name" }, seatName(seat, view)),
      el("span", { class: "count", "data-count": view.hand_sizes[seat] }, `${view.hand_sizes[seat]} cards`),
      notes.length ? el("span", { class: "notes" }, notes.join(", ")) : null));
  }
}

function renderAuction(view) {
  const table = $("auction");
  table.replaceChildren();
  if (!view.team_game) {
    table.append(el("tr", {}, el("td", {}, "No auction: the player after the dealer chooses the type.")));
    return;
  }
  table.append(el("tr", {}, [0, 1, 2, 3].map((s) => el("th", {}, COMPASS[s]))));
  let row = el("tr");
  const first = (view.dealer + 1) % 4;
  for (let s = 0; s < first; s++) row.append(el("td"));
  let column = first;
  for (const call of view.auction) {
    row.append(el("td", { "data-call": call.call }, call.call));
    column++;
    if (column === 4) {
      table.append(row);
      row = el("tr");
      column = 0;
    }
  }
  if (row.childNodes.length) table.append(row);
  if (view.auction.length === 0) table.append(el("tr", {}, el("td", { colspan: 4, class: "muted" }, "no calls yet")));
}

function renderControls(view) {
  const bids = legal("bid");
  const bidbox = $("bidbox");
  bidbox.replaceChildren();
  bidbox.hidden = bids.length === 0 && legal("pass").length === 0 || view.phase !== "auction";
  if (!bidbox.hidden) {
    for (const level of [1, 2, 3, 4]) {
      const row = el("div", { class: "bid-row" });
      for (const letter of "SGPM") {
        const call = `${level}${letter}`;
        const ok = bids.find((b) => b.text === call);
        if (ok) {
          row.append(el("button", { type: "button", "data-call": call, title: TYPES[letter],
            "aria-label": `${call} ${TYPES[letter]}`, onclick: () => play(call) }, call));
        }
      }
      if (row.childNodes.length) bidbox.append(row);
    }
  }
  const choices = legal("choose");
  const choosebox = $("choosebox");
  choosebox.replaceChildren();
  choosebox.hidden = choices.length === 0;
  for (const choice of choices) {
    choosebox.append(el("button", { type: "button", "data-choose": choice.text, onclick: () => play(choice.text) }, TYPES[choice.text] || choice.text));
  }
  const pass = legal("pass");
  $("pass").hidden = pass.length === 0;
  $("pass").textContent = view.phase === "auction" ? "Pass" : "Pass (no note fits)";
  const turn = view.legal.length
    ? (view.phase === "play" ? "Your turn: pick a highlighted card, then its place on the table." : "Your call.")
    : (view.to_move === null || view.to_move === undefined ? "" : `Waiting for ${seatName(view.to_move, view)}.`);
  $("turn").textContent = turn;
}

function renderContract(view) {
  const box = $("contract");
  const c = view.contract;
  if (!c) {
    box.textContent = view.team_game ? "The auction is on." : "The type is being chosen.";
    return;
  }
  box.textContent = c.bid
    ? `Contract ${c.bid} — ${c.game_type}, value ${c.value} — declared by ${seatName(c.declarer, view)}`
    : `${c.game_type}, chosen by ${seatName(c.declarer, view)}`;
}

function renderHand(view) {
  const box = $("hand");
  box.replaceChildren();
  const places = legal("place");
  for (const card of view.hand) {
    const playable = places.some((p) => p.card === card.name);
    const classes = [playable ? "playable" : "", state.selected === card.name ? "selected" : ""].join(" ").trim();
    const face = cardFace(card, classes);
    if (playable) {
      face.removeAttribute("role");
      pressable(face, `${face.title}, playable`, (byKey) => {
        state.selected = state.selected === card.name ? null : card.name;
        render();
        // The keyboard goes on to the places the card may go.
        const first = document.querySelector("#board .cell.target");
        if (byKey && state.selected && first) first.focus();
      });
      face.setAttribute("aria-pressed", String(state.selected === card.name));
    }
    box.append(face);
  }
  if (view.hand.length === 0) box.append(el("p", { class: "muted" }, "(no cards)"));
}

// The table talk, newest first: on a laptop the lines that fit the room
// left (the page never scrolls), on a phone the latest twelve; every step
// is in the replay after the hand.
function renderLog(view) {
  const list = $("log");
  list.replaceChildren();
  const laptop = matchMedia("(min-width: 821px)").matches;
  const latest = view.log.slice(laptop ? -40 : -12);
  const first = view.log.length - latest.length + 1;
  latest.forEach((entry, index) => {
    const who = entry.seat === view.seat ? "You" : seatName(entry.seat, view);
    list.prepend(el("li", { "data-seat": entry.seat, value: first + index }, `${who}: ${entry.text}`));
  });
  while (laptop && list.childElementCount > 1 && list.scrollHeight > list.clientHeight + 1) list.lastChild.remove();
  const shown = list.childElementCount;
  $("log-count").textContent = shown < view.log.length ? `(latest ${shown} of ${view.log.length})` : "";
  const last = view.log.slice(-3).map((e) => `${e.seat === view.seat ? "You" : seatName(e.seat, view)}: ${e.text}`);
  $("announce").textContent = last.join(" · ");
}

// What the keyboard's focus is on, as a selector that finds the same
// control again after the page is drawn anew.
function focusKey() {
  const active = document.activeElement;
  const redrawn = ["hand", "board", "bidbox", "choosebox", "pass"].map($);
  if (!active || !redrawn.some((box) => box.contains(active))) return null;
  if (active.dataset.card) return `#hand [data-card="${active.dataset.card}"]`;
  if (active.dataset.x !== undefined) return `#board .cell.target[data-x="${active.dataset.x}"][data-y="${active.dataset.y}"]`;
  if (active.dataset.call) return `#bidbox [data-call="${active.dataset.call}"]`;
  if (active.dataset.choose) return `#choosebox [data-choose="${active.dataset.choose}"]`;
  return active.id ? `#${active.id}` : "#hand";
}

// Puts the focus back where it was after drawing, or, when that control
// is gone, on the first thing the seat can do now (else on the hand),
// without scrolling: a phone's page stays where the person is looking.
function restoreFocus(key) {
  if (key === null) return;
  const usable = (node) => node && !node.closest("[hidden]") && (node.tabIndex >= 0 || node.id === "hand");
  let node = document.querySelector(key);
  if (!usable(node) || node.id === "hand") {
    node = document.querySelector("#hand .card.playable, #bidbox button, #choosebox button") || ($("pass").hidden ? $("hand") : $("pass"));
  }
  node.focus({ preventScroll: true });
}

function render() {
  const view = state.view;
  if (!view) return;
  const focused = focusKey();
  renderSeats(view);
  renderAuction(view);
  renderContract(view);
  renderControls(view);
  renderHand(view);
  const targets = legal("place").filter((p) => p.card === state.selected).map((p) => ({ x: p.x, y: p.y, text: p.text }));
  drawBoard($("board"), view.table, targets, (x, y) => {
    const target = targets.find((t) => t.x === x && t.y === y);
    if (target) play(target.text);
  });
  const columns = $("board").querySelector(".grid").style.getPropertyValue("--cols");
  $("board-fit").style.setProperty("--board-width", columns);
  $("board-box").hidden = !view.contract;
  $("board-note").textContent = layoutNote(view.table);
  $("stock").hidden = view.stock === null || view.stock === undefined;
  $("stock").textContent = `Stock: ${view.stock} cards`;
  $("finishing").textContent = view.finished.length
    ? `Finishing order: ${view.finished.map((s) => seatName(s, view)).join(", ")}`
    : "";
  renderLog(view);
  restoreFocus(focused);
  if (!state.over && $("summary").hidden) setStatus(view.legal.length ? "your-turn" : "waiting");
}

// ---- after a hand --------------------------------------------------------

function showSummary(event) {
  const summary = event.summary;
  const view = state.view;
  state.summary = summary;
  state.replayStep = summary.replay.length;
  $("summary-title").textContent = `Hand ${event.hand + 1} over`;
  const c = summary.contract;
  const result = [];
  if (c && c.bid) result.push(`Contract ${c.bid} by ${seatName(c.declarer, view)}: ${summary.made ? "made" : "failed"}.`);
  else if (c) result.push(`${c.game_type}, chosen by ${seatName(c.declarer, view)}.`);
  result.push(`Ranking: ${summary.ranking.map((s, i) => `${i + 1}. ${seatName(s, view)}`).join(", ")}.`);
  $("summary-result").textContent = result.join(" ");
  const hands = $("summary-hands");
  hands.replaceChildren(el("tr", {}, ["Seat", "Dealt", "Left", "This hand", "Match"].map((h) => el("th", {}, h))));
  summary.dealt.forEach((dealt, seat) => {
    const points = summary.points[seat];
    hands.append(el("tr", { "data-seat": seat },
      el("td", {}, seatName(seat, view)),
      el("td", { class: "cards" }, dealt.map((c) => cardFace(c, "small"))),
      el("td", { class: "cards" }, summary.left[seat].map((c) => cardFace(c, "small"))),
      el("td", { class: "hand-points" }, points > 0 ? `+${points}` : points),
      el("td", { class: "totals" }, event.totals[seat])));
  });
  drawReplay();
  $("summary").hidden = false;
  $("summary-close").focus();
  setStatus("hand-over");
}

function drawReplay() {
  const summary = state.summary;
  const steps = summary.replay;
  const index = state.replayStep;
  $("replay-step").textContent = `${index} / ${steps.length}`;
  const view = state.view;
  let table = { layout: "piles", game_type: "Muzicando", cells: [] };
  let hands = summary.dealt.map((h) => h.map((c) => c.name));
  let text = "The deal.";
  if (index > 0) {
    const step = steps[index - 1];
    table = step.table;
    hands = step.hands;
    text = `${seatName(step.seat, view)}: ${step.text}`;
  }
  $("replay-text").textContent = text;
  // Before the contract the table has no layout yet: the auction is on.
  const laid = summary.contract && table.game_type === summary.contract.game_type;
  $("replay-board").hidden = !laid;
  if (laid) drawBoard($("replay-board"), table, [], () => {});
  const box = $("replay-hands");
  box.replaceChildren();
  hands.forEach((names, seat) => {
    box.append(el("tr", {}, el("td", {}, seatName(seat, view)),
      el("td", { class: "cards" }, names.map((n) => cardFace(faceOfName(n), "small")))));
  });
}

function showMatchOver(event) {
  state.over = true;
  const view = state.view;
  const table = $("match-table");
  const seats = event.totals.length;
  // A row a seat, a column a hand, the total last.
  table.replaceChildren(el("tr", {}, el("th", {}, "Seat"), event.hands.map((_, hand) => el("th", {}, `Hand ${hand + 1}`)), el("th", {}, "Total")));
  for (let seat = 0; seat < seats; seat++) {
    table.append(el("tr", { "data-seat": seat }, el("td", {}, seatName(seat, view)),
      event.hands.map((points) => el("td", {}, points[seat])), el("td", { class: "totals" }, event.totals[seat])));
  }
  const me = view ? view.seat : 0;
  const mine = event.totals[me];
  const others = event.totals.filter((_, s) => (view && view.team_game ? s % 2 !== me % 2 : s !== me));
  const best = Math.max(...others);
  $("match-verdict").textContent = mine > best ? `You win the match, ${mine} to ${best}.`
    : mine < best ? `You lose the match, ${mine} to ${best}.` : `The match is level at ${mine}.`;
  $("match-summary").hidden = false;
  $("summary").hidden = false;
  $("summary-close").focus();
  setStatus("match-over");
}

// ---- the event stream ------------------------------------------------------

function apply(event) {
  if (event.kind === "view") {
    if (event.hand !== state.hand) state.selected = null;
    state.hand = event.hand;
    state.view = event.view;
  } else if (event.kind === "hand_over") {
    showSummary(event);
  } else if (event.kind === "match_over") {
    showMatchOver(event);
  }
}

// Takes the events of `data` (numbered from `data.from`) not yet seen.
function receive(data) {
  const fresh = data.events.slice(Math.max(0, state.next - data.from));
  for (const event of fresh) apply(event);
  state.next = Math.max(state.next, data.next);
  showDecision(data.decision);
  $("match").textContent = `Hand ${Math.min(data.hand + 1, data.hands)} of ${data.hands} · score ${data.totals.join(" / ")}`;
  // Drawn again only when something happened, so a card being clicked
  // stays the element it was.
  if (fresh.length) render();
}

async function poll() {
  receive(await api("GET", `/api/tables/${tableId}/seats/${token}/events?from=${state.next}`));
}

// Follows the seat's events as the server pushes them; if the stream
// cannot be kept, asks every two seconds instead.
function listen() {
  const source = new EventSource(`/api/tables/${tableId}/seats/${token}/stream?from=${state.next}`);
  state.source = source;
  document.body.dataset.stream = "connecting";
  source.addEventListener("open", () => { document.body.dataset.stream = "open"; });
  source.addEventListener("news", (message) => {
    receive(JSON.parse(message.data));
    document.body.dataset.pushed = String(Number(document.body.dataset.pushed || 0) + 1);
    if (state.over) {
      source.close();
      state.source = null;
      document.body.dataset.stream = "closed";
    }
  });
  source.onerror = () => {
    if (source.readyState !== EventSource.CLOSED) return;
    state.source = null;
    document.body.dataset.stream = "polling";
    pollSlowly();
  };
}

async function pollSlowly() {
  while (!state.over && !state.source) {
    try {
      if (!state.busy) await poll();
    } catch (error) {
      showError(error.message);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

// Fills `box` with ranked actions (HintLine rows).
function drawRanking(box, lines) {
  const fmt = (v) => (v === null || v === undefined ? "–" : v.toFixed(2));
  box.replaceChildren(el("tr", {}, el("th", {}, "action"), el("th", {}, "mean"), el("th", {}, "playouts"), el("th", {}, "simulated")));
  for (const line of lines) {
    box.append(el("tr", { "data-action": line.action },
      el("td", {}, line.action), el("td", {}, fmt(line.mean)), el("td", {}, line.samples), el("td", {}, fmt(line.simulated))));
  }
}

async function hint() {
  const box = $("hint-lines");
  box.replaceChildren(el("tr", {}, el("td", {}, "thinking…")));
  try {
    const data = await api("POST", `/api/tables/${tableId}/seats/${token}/hint`, {});
    drawRanking(box, data.lines);
  } catch (error) {
    box.replaceChildren();
    showError(error.message);
  }
}

async function analysePosition(event) {
  event.preventDefault();
  showError("");
  const box = $("analyse-lines");
  box.replaceChildren(el("tr", {}, el("td", {}, "thinking…")));
  const options = $("analyse-options").value.split(",").map((o) => o.trim()).filter((o) => o);
  try {
    const data = await api("POST", "/api/tables/analyse", {
      position: $("analyse-position").value.trim(),
      options,
      playouts: Number($("analyse-playouts").value),
    });
    $("analyse-seat").textContent = `Seat ${data.seat} to move:`;
    drawRanking(box, data.lines);
  } catch (error) {
    box.replaceChildren();
    showError(error.message);
  }
}

// ---- creating a table ------------------------------------------------------

async function setUpCreate() {
  $("create").hidden = false;
  setStatus("create");
  let choices = { profiles: [], levels: [] };
  try {
    choices = await api("GET", "/api/tables/profiles");
  } catch (error) {
    showError(error.message);
  }
  const scale = (choices.levels || []).find((l) => l.name === "muzicando") || { level: [] };
  const levels = scale.level.map((l) => ({
    value: `level-${l.level}`,
    label: `Level ${l.level}`,
    title: `rated ${Math.round(l.rating)} (${scale.scale}) over ${l.games} games`,
  }));
  // The other engines by what they are, not by their internal names (a
  // level's own profile is offered as its level).
  const engines = choices.profiles.filter((p) => !/level-\d/.test(p.name)).map((p) => {
    const words = p.description.replace(/^Muzicando /, "");
    return { value: p.name, label: words.length > 60 ? `${words.slice(0, 57)}…` : words, title: p.description };
  });
  const shown = new Map([...levels, ...engines].map((c) => [c.value, c.label]));
  const option = (c) => el("option", { value: c.value, title: c.title }, c.label);
  const seatList = () => {
    const players = $("players").value;
    const count = players === "team" ? 4 : Number(players);
    const list = $("seat-choices");
    list.replaceChildren();
    for (let seat = 0; seat < count; seat++) {
      const select = el("select", { "data-seat": seat, "aria-label": `Seat ${seat}` },
        el("option", { value: "person" }, "a person"),
        levels.length ? el("optgroup", { label: "An engine at a playing level" }, levels.map(option)) : null,
        engines.length ? el("optgroup", { label: "An engine by its method" }, engines.map(option)) : null);
      if (seat > 0) select.value = levels.length ? `level-${scale.default_level}` : (engines[0] || { value: "person" }).value;
      list.append(el("li", {}, select));
    }
  };
  // What a seat's engine is called on the page: `muzicando-level-4` is Level 4.
  const engineName = (name) => {
    const level = /level-(\d+)$/.exec(name || "");
    return level ? `Level ${level[1]}` : shown.get(name) || name;
  };
  $("players").addEventListener("change", seatList);
  $("analyse-form").addEventListener("submit", analysePosition);
  seatList();
  $("create-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    showError("");
    const seats = [...document.querySelectorAll("#seat-choices select")].map((s) => s.value);
    try {
      const table = await api("POST", "/api/tables", {
        players: $("players").value,
        hands: Number($("hands").value),
        seed: $("seed").value === "" ? undefined : Number($("seed").value),
        options: [`pause=${$("pause").value}`, `dealer=${$("dealer").value}`],
        seats,
        decision_seconds: decisionSeconds(),
      });
      const list = $("link-list");
      list.replaceChildren();
      for (const seat of table.seats) {
        list.append(el("li", { "data-seat": seat.seat },
          seat.link ? el("a", { href: seat.link }, `Seat ${seat.seat}: ${location.origin}${seat.link}`) : `Seat ${seat.seat}: an engine, ${engineName(seat.engine)}`));
      }
      $("links").hidden = false;
      setStatus("created");
    } catch (error) {
      showError(error.message);
    }
  });
}

// ---- start -----------------------------------------------------------------

$("pass").addEventListener("click", () => {
  const pass = legal("pass")[0];
  if (pass) play(pass.text);
});
$("hint").addEventListener("click", hint);
$("summary-close").addEventListener("click", () => {
  $("summary").hidden = true;
  $("hand").focus();
  if (!state.over) render();
});
// The arrow keys move between the hand's playable cards and between the
// places the chosen card may go; Escape puts the chosen card back.
function arrowsWithin(box, selector) {
  box.addEventListener("keydown", (event) => {
    const steps = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
    const nodes = [...box.querySelectorAll(selector)];
    const at = nodes.indexOf(document.activeElement);
    if (event.key === "Escape" && state.selected) {
      event.preventDefault();
      const card = state.selected;
      state.selected = null;
      render();
      const face = document.querySelector(`#hand [data-card="${card}"]`);
      if (face) face.focus();
    } else if (event.key in steps && at >= 0) {
      event.preventDefault();
      nodes[(at + steps[event.key] + nodes.length) % nodes.length].focus();
    }
  });
}
arrowsWithin($("hand"), ".card.playable");
arrowsWithin($("board"), ".cell.target");
$("hint-box").addEventListener("toggle", render);
addEventListener("resize", render);
const stepTo = (index) => {
  if (!state.summary) return;
  state.replayStep = Math.max(0, Math.min(state.summary.replay.length, index));
  drawReplay();
};
$("replay-start").addEventListener("click", () => stepTo(0));
$("replay-back").addEventListener("click", () => stepTo(state.replayStep - 1));
$("replay-next").addEventListener("click", () => stepTo(state.replayStep + 1));
$("replay-end").addEventListener("click", () => stepTo(Infinity));

if (tableId && token) {
  $("table").hidden = false;
  listen();
} else {
  setUpCreate();
}
